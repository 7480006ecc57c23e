""":meth:`redzone.solver.ai.triggered.TriggerGame.refutes` (issue 21 §4, h33) judges only the
refuting block's own pairs (``only_pairs``); its answer must be the one the whole block
problem gives — legal (509.1a-b), no requirement or cost (509.1c-d) — on every board,
Lure-type attackers included ("all creatures able to block this creature do so", 509.1c:
the one requirement a problem of some pairs lists only for the creatures it judges)."""

from __future__ import annotations

import random
from typing import Any

from redzone.models import block_problem as bp_mod
from redzone.models.block_rules import block_problems
from redzone.models.board import build_board
from redzone.models.game_state import GameState
from redzone.models.scenario import parse_scenario
from redzone.models.triggers.resolve import Outcome
from redzone.solver.ai.position import with_combat
from redzone.solver.ai.triggered import TriggerGame, _free, _restricted_only  # pyright: ignore[reportPrivateUsage]

LURE = "All creatures able to block this creature do so."
TEXTS = ["", "", "Flying", "Reach", "Menace", LURE, "This creature can't block.", "Defender"]


def _whole(board: Any, attack: dict[str, str], blocks: dict[str, list[str]]) -> bool:
    """The answer from the whole problem (the code before h33)."""
    problems = block_problems(board, attack)
    if len(problems) != 1:
        return False
    p = problems[0]
    if not (_free(p) or _restricted_only(p)):
        return False
    if any(a not in p.allowed.get(b, ()) for b, lst in blocks.items() for a in lst):
        return False
    return _free(p) or not bp_mod.restriction_violations(p, blocks)


def _board(rng: random.Random) -> Any:
    perms: list[dict[str, Any]] = []
    for side, n in (("Alice", rng.randint(1, 3)), ("Bob", rng.randint(1, 4))):
        for i in range(n):
            pid = f"{side[0].lower()}{i}"
            perms.append({"id": pid, "name": pid, "controller": side, "types": ["Creature"],
                          "power": rng.randint(1, 3), "toughness": rng.randint(1, 3),
                          "text": rng.choice(TEXTS)})
    return build_board(parse_scenario({"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                                       "permanents": perms}))


def test_refutes_matches_the_whole_problem() -> None:
    rng = random.Random(21)
    game = object.__new__(TriggerGame)  # refutes reads nothing of the game itself
    checked = lure_only = 0
    for _ in range(300):
        board = _board(rng)
        alice = [p.id for p in board.permanents.values() if p.controller == "Alice"]
        bob = [p.id for p in board.permanents.values() if p.controller == "Bob"]
        attack = {a: "Bob" for a in alice if not board.has_keyword(board.permanents[a], "defender")}
        if not attack:
            continue
        combat = with_combat(board, attack, {})
        out = Outcome(combat, GameState.from_board(combat), dict(attack), [])
        for _ in range(4):
            blocks = {b: [rng.choice(list(attack))] for b in bob if rng.random() < 0.5}
            got = game.refutes(combat, attack, out, blocks)
            assert got == _whole(combat, attack, blocks), (board.permanents, attack, blocks)
            checked += 1
            some = block_problems(combat, attack, only_pairs=blocks)[0]
            whole = block_problems(combat, attack)[0]
            if whole.requirements and not some.requirements:
                lure_only += 1  # 509.1c: only the whole problem shows the Lure requirement
                assert got is False
    assert checked > 500
    assert lure_only > 0  # the fallback to the whole problem is exercised
