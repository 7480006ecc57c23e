"""What a triggered ability leaves on a creature for the next turn, as the AI's next-turn
board (crack-back, lookahead 1) sees it: "it doesn't untap during its controller's next
untap step" (CR 502.3; Orochi Ranger, Wall of Frost) keeps it tapped through that untap
step, and goad (701.15a-b) lasts until the goading player's next turn, so the goaded
creature must attack on its controller's turn. Both were dropped before (docs/ai.md,
"Limits"): the crack-back untapped the creature and let the goaded one stay home."""

from __future__ import annotations

from typing import Any

from redzone.models.attack_rules import attack_problem
from redzone.models.board import build_board
from redzone.models.outcome import GameState
from redzone.models.scenario import parse_scenario
from redzone.solver.ai.position import next_turn_board
from redzone.solver.frontends.commands import run_command


def board(perms: list[dict[str, Any]], *, alice: int = 20, effects: list[dict[str, Any]] | None = None) -> Any:
    sc: dict[str, Any] = {"active_player": "Alice",
                          "players": [{"name": "Alice", "life": alice}, {"name": "Bob"}],
                          "permanents": perms}
    if effects:
        sc["effects"] = effects
    return sc


def test_a_creature_that_doesnt_untap_stays_tapped_through_its_controllers_untap_step() -> None:
    # 502.3: Bob's untap step untaps his permanents, but not the Giant the mark names; the
    # mark is spent there (it is gone from the next-turn board).
    b = build_board(parse_scenario(board([
        {"id": "giant", "card": "Hill Giant", "controller": "Bob", "tapped": True,
         "conditions": {"doesn't untap": True}},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob", "tapped": True}])))
    nxt = next_turn_board(b, GameState.from_board(b), {}, "Bob")
    assert nxt.permanents["giant"].tapped is True and nxt.permanents["bears"].tapped is False
    assert "doesn't untap" not in nxt.permanents["giant"].conditions
    problem = attack_problem(nxt, "Bob")
    assert {c for c in problem.creatures if problem.allowed.get(c)} == {"bears"}  # 508.1a


def test_the_ai_attacks_when_the_crack_back_stays_tapped() -> None:
    # Alice at 2 life, Grizzly Bears; Bob's only creature, Hill Giant, is tapped and doesn't
    # untap during his next untap step. Attacking taps the Bears (508.1f) but Bob can't
    # crack back: the lookahead-1 search attacks (it stayed home when the Giant untapped
    # in its next-turn board, fearing 3 damage).
    sc = board([{"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
                {"id": "giant", "card": "Hill Giant", "controller": "Bob", "tapped": True,
                 "conditions": {"doesn't untap": True}}], alice=2)
    got = run_command("choose-attack", sc, {"lookahead": 1}).to_json()
    assert got["status"] == "optimal" and got["attackers"] == {"bears": "Bob"}


def test_goad_lasts_until_the_goading_players_next_turn() -> None:
    # 701.15a-b: goaded by Alice (a triggered ability's mark, or the scenario's effect), Bob's
    # creatures must attack on Bob's turn; on Alice's next turn the goad has ended.
    b = build_board(parse_scenario(board(
        [{"id": "bears", "card": "Grizzly Bears", "controller": "Bob",
          "conditions": {"goaded by Alice": True}},
         {"id": "giant", "card": "Hill Giant", "controller": "Bob"},
         {"id": "ox", "card": "Pillarfield Ox", "controller": "Bob"}],
        effects=[{"goad": "giant", "by": "Alice"}])))
    nxt = next_turn_board(b, GameState.from_board(b), {}, "Bob")
    assert nxt.permanents["bears"].conditions == {"goaded by Alice": True}
    assert nxt.permanents["giant"].conditions == {"goaded by Alice": True}
    musts = {r.creature for r in attack_problem(nxt, "Bob").requirements if r.targets is None}
    assert musts == {"bears", "giant"}  # "attacks each combat if able"; the Ox is free
    back = next_turn_board(nxt, GameState.from_board(nxt), {}, "Alice")
    assert back.permanents["bears"].conditions == {} and back.permanents["giant"].conditions == {}
