"""The search with triggered abilities of combat (issue 21 §4) shares a refutation between
the targets of a "target creature can't block this turn" ability (509.1b; Goblin
Heelcutter's): :meth:`redzone.solver.ai.triggered.TriggerGame.window_tree`. A block that
refuted one target's outcome, in which another target does not block and that is legal
there, is the same combat in that outcome (the effect ends with the turn, 514.2, and only
the legality of blocks reads it), so that target fails low too without its blocks being
searched. Checked here against the exact values (no window: nothing is shared) and against
the exhaustive reference, with a planted bug that the checks must catch.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from redzone.models.board import build_board
from redzone.models.evaluation import Weights
from redzone.models.scenario import parse_scenario
from redzone.solver.ai import triggered
from redzone.solver.ai.clock import Clock
from redzone.solver.ai.triggered import INF, TriggerGame
from test_ai_differential import attack_mismatch

HEEL = "Whenever this creature attacks, target creature can't block this turn."
OTHER = ["", "", "Flying", "Reach", "Menace", "First strike", "Deathtouch", "Trample", "Bushido 1",
         "Rampage 1", "Flanking", "Battle cry", "Afflict 1", "Lifelink"]


def heel_board(seed: int, most: int = 3) -> dict[str, Any]:
    """A random two-player board where Alice has one or two creatures with Goblin
    Heelcutter's ability among 1 to ``most``, and Bob 2 to ``most`` + 1 creatures (some
    keywords, some triggered)."""
    rng = random.Random(seed)
    perms: list[dict[str, Any]] = []
    n_a, n_b = rng.randint(1, most), rng.randint(2, most + 1)
    heels = rng.randint(1, min(2, n_a))
    for i in range(n_a):
        text = HEEL if i < heels else rng.choice(OTHER)
        perms.append({"id": f"a{i}", "name": f"a{i}", "controller": "Alice", "types": ["Creature"],
                      "power": rng.randint(1, 4), "toughness": rng.randint(1, 4), "text": text})
    for i in range(n_b):
        perms.append({"id": f"b{i}", "name": f"b{i}", "controller": "Bob", "types": ["Creature"],
                      "power": rng.randint(0, 4), "toughness": rng.randint(1, 4), "text": rng.choice(OTHER)})
    return {"rules": rng.choice(["current", "2023"]),
            "players": [{"name": "Alice", "life": rng.randint(1, 20)}, {"name": "Bob", "life": rng.randint(1, 12)}],
            "permanents": perms}


def _count(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the refutations shared (``[n]``, updated as the search runs)."""
    real = TriggerGame.shared_refutation
    n = [0]

    def counted(self: TriggerGame, *args: Any) -> Any:
        got = real(self, *args)
        n[0] += got is not None
        return got

    monkeypatch.setattr(TriggerGame, "shared_refutation", counted)
    return n


def _windowed_bad(seeds: range) -> list[int]:
    """The seeds where some declaration searched in a window (``alpha`` each other
    declaration's exact value and one either side of it, ``beta`` infinite) breaks
    fail-soft alpha-beta: at most ``alpha`` must bound the exact value from above, more
    than ``alpha`` must be the exact value. Each search is a fresh game (nothing carried
    over); the exact values are searched with no window, where nothing is shared."""
    bad = []
    for seed in seeds:
        board = build_board(parse_scenario(heel_board(seed)))
        decls = TriggerGame(board, "Alice", Weights(), 0, Clock()).attacks()
        exact = [TriggerGame(board, "Alice", Weights(), 0, Clock()).attack_value(d, c, life, -INF, INF)[0]
                 for d, c, life in decls]
        alphas = sorted({x + k for x in exact for k in (-1, 0, 1)})
        for (d, c, life), value in zip(decls, exact):
            for alpha in alphas:
                got = TriggerGame(board, "Alice", Weights(), 0, Clock()).attack_value(d, c, life, alpha, INF)[0]
                if (got <= alpha and value > got) or (got > alpha and got != value):
                    bad.append(seed)
                    break
            else:
                continue
            break
    return bad


def test_shared_refutations_keep_fail_soft_values(monkeypatch: pytest.MonkeyPatch) -> None:
    # 16 boards with Goblin Heelcutter's ability: every windowed value is a true fail-soft
    # bound (or the exact value), and refutations were shared often (1,734 times).
    n = _count(monkeypatch)
    assert _windowed_bad(range(16)) == []
    assert n[0] >= 500


def test_shared_refutations_match_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    # The answers at lookahead 0 and 1 are the exhaustive reference's (at lookahead 1 the
    # next player's games are searched at lookahead 0, where the refutations are shared).
    n = _count(monkeypatch)
    bad = [s for s in range(30) if attack_mismatch(heel_board(s, 2), 0) is not None]
    bad += [s for s in range(30, 38) if attack_mismatch(heel_board(s, 2), 1) is not None]
    assert bad == [] and n[0] >= 30


def test_planted_sharing_bug_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Plant a bug: a refutation shared even when the other option's target blocks in it (the
    # block is then illegal there, 509.1b). The windowed values must go wrong on some boards.
    monkeypatch.setattr(TriggerGame, "refutes", lambda self, board, attack, out, blocks: True)
    real = triggered.TriggerGame.shared_refutation

    def careless(self: TriggerGame, board: Any, attack: Any, target: Any, out: Any, refuted: Any) -> Any:
        return real(self, board, attack, None, out, refuted)

    monkeypatch.setattr(TriggerGame, "shared_refutation", careless)
    assert len(_windowed_bad(range(16))) >= 2


@pytest.mark.slow
def test_shared_refutations_slow(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """100 more boards of windowed values, 200 against the reference; runs only under
    ``pytest -m slow``."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("long property run: select it with -m slow")
    n = _count(monkeypatch)
    assert _windowed_bad(range(1000, 1100)) == []
    assert [s for s in range(2000, 2200) if attack_mismatch(heel_board(s), 0) is not None] == []
    assert n[0] >= 200
