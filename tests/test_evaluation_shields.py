"""The evaluation respects players who can't lose the game (CR 104.3, 704.5a, 704.5c;
Phyrexian Unlife: "You don't lose the game for having 0 or less life"; Platinum Angel:
"You can't lose the game"): such a player at 0 or less life is still in the game, so the
position is not worth ``-win`` to them (:func:`redzone.models.outcome.loss_shields`)."""

from __future__ import annotations

from typing import Any

from redzone.models.board import build_board
from redzone.models.evaluation import Evaluator
from redzone.models.outcome import GameState
from redzone.models.scenario import parse_scenario
from redzone.solver.ai.decisions import choose_blocks


def board_of(shield: str, life: int, poison: int = 0, combat: bool = False) -> Any:
    data: dict[str, Any] = {
        "players": [{"name": "Alice"}, {"name": "Bob", "life": life, "poison": poison}],
        "active_player": "Alice",
        "permanents": [{"id": "shield", "card": shield, "controller": "Bob"},
                       {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"}]}
    if combat:
        data["combat"] = {"attackers": {"bear": "Bob"}}
    return build_board(parse_scenario(data))


def test_phyrexian_unlife_at_minus_two_is_not_a_lost_game() -> None:
    board = board_of("Phyrexian Unlife", -2)
    ev = Evaluator(board, "Bob")
    state = GameState.from_board(board)
    assert ev.score(state) > -ev.win  # 704.5a does not apply to Bob (104.3)
    # Ten poison counters still lose (704.5c: Unlife covers life only).
    poisoned = state.copy()
    poisoned.poison["Bob"] = 10
    assert ev.score(poisoned) == -ev.win
    # Platinum Angel covers poison too.
    angel = board_of("Platinum Angel", -2)
    s = GameState.from_board(angel)
    s.poison["Bob"] = 10
    assert Evaluator(angel, "Bob").score(s) > -Evaluator(angel, "Bob").win


def test_choose_blocks_with_unlife_at_minus_two() -> None:
    # Bob at -2 with Phyrexian Unlife, a 2/2 attacking him and nothing to block with: he
    # takes 2 (-4 life) and stays in the game, so the value is no lost game (-1,000,000).
    r = choose_blocks(board_of("Phyrexian Unlife", -2, combat=True), lookahead=0)
    assert r.blockers == {}
    assert r.value != -1_000_000 and r.value > -Evaluator(board_of("Phyrexian Unlife", -2), "Bob").win
