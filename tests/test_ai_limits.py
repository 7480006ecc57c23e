"""The AI under a time limit: a choice is always legal, whatever the limit (issue 9), also
when the command's own time budget (redzone.models.limits) runs out inside the search."""
from __future__ import annotations

from typing import Any

from redzone.models.attack_rules import attack_problem
from redzone.models.block_rules import block_problems
from redzone.models.board import build_board
from redzone.models.scenario import parse_scenario
from redzone.solver.attack.solve import check_attack
from redzone.solver.block.solve import check_blocks
from redzone.solver.frontends.commands import run_command

ALICE = ["Serra Angel", "Typhoid Rats", "Colossal Dreadmaw", "Boggart Brute", "Grizzly Bears",
         "Hill Giant", "Vampire Nighthawk", "Wind Drake"]
BOB = ["Giant Spider", "Grizzly Bears", "Hill Giant", "Llanowar Elves", "Wall of Stone",
       "Typhoid Rats", "Craw Wurm", "Serra Angel"]


def _board(attackers: dict[str, str] | None = None) -> dict[str, Any]:
    perms = ([{"id": f"a{i}", "card": c, "controller": "Alice"} for i, c in enumerate(ALICE)]
             + [{"id": f"b{i}", "card": c, "controller": "Bob"} for i, c in enumerate(BOB)])
    data: dict[str, Any] = {"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": perms}
    if attackers:
        data["combat"] = {"attackers": attackers}
    return data


def test_choose_attack_under_a_tiny_command_budget_is_still_a_legal_declaration() -> None:
    """8 v 8 at lookahead 1 can't be searched in 0.2 s: the answer is `feasible` (never
    `optimal`, never unknown) and its declaration is legal (CR 508.1, checked by the attack
    solver)."""
    data = run_command("choose-attack", _board(), {"time_limit": 0.2}).to_json()
    assert data["status"] in ("feasible", "optimal")
    assert data["status"] == "feasible" or data["bound"] == data["value"]
    board = build_board(parse_scenario(_board()))
    verdict = check_attack(attack_problem(board), data["attackers"])
    assert verdict.legal is True, verdict.violations


def test_choose_block_under_a_tiny_command_budget_is_still_a_legal_block() -> None:
    """Eight attackers into eight potential blockers, 0.2 s: a legal block (CR 509.1)."""
    attackers = {f"a{i}": "Bob" for i in range(len(ALICE))}
    data = run_command("choose-block", _board(attackers), {"time_limit": 0.2}).to_json()
    assert data["status"] in ("feasible", "optimal")
    board = build_board(parse_scenario(_board(attackers)))
    verdict = check_blocks(block_problems(board), data["blockers"])
    assert verdict.legal is True, verdict.violations


def test_choose_attack_reports_the_mana_its_attack_costs_take() -> None:
    """Propaganda: attacking Bob costs {2} per creature (508.1h); Alice has 2 mana, and
    Juggernaut attacking pays it — the answer says so."""
    scenario = {"players": [{"name": "Alice", "mana": 2}, {"name": "Bob"}],
                "permanents": [{"id": "jugg", "card": "Juggernaut", "controller": "Alice"},
                               {"card": "Propaganda", "controller": "Bob"}]}
    data = run_command("choose-attack", scenario, {}).to_json()
    assert data["attackers"] == {"jugg": "Bob"}
    assert data["mana_paid"] == 2


def test_lethal_is_claimed_only_when_proved(monkeypatch: Any) -> None:
    # 20 creatures a side (benchmark board, seed 0): with the block list cut short (here at
    # 300 blocks, as BLOCK_BOUND cuts it on a large board) every block listed against the
    # alpha strike loses Bob the game, but one left out keeps him alive (each flier met by
    # a flier or a reach creature, each menace creature by two: Bob at -17.3 points, not a
    # lost game). "lethal" means every legal answer loses (704.5a): unproved, it is false.
    from benchmarks.ai_boards import ai_scenario
    from redzone.solver.ai import declarations as ai_declarations
    from redzone.solver.ai import search as ai_game
    from redzone.solver.ai.decisions import choose_attack

    monkeypatch.setattr(ai_declarations, "BLOCK_BOUND", 300)
    real = ai_game.Clock.tick

    def tick(self: ai_game.Clock) -> None:  # the time limit runs out after 3,000 positions
        real(self)
        if self.nodes > 3000 and self.deadline is not None:
            raise ai_game.Timeout

    monkeypatch.setattr(ai_game.Clock, "tick", tick)
    board = build_board(parse_scenario(ai_scenario(20, 0)))
    # The local search from the best block listed climbs off the plateau of lost blocks
    # (ai_blocks.shortfall) and finds one that keeps Bob alive: the alpha strike is refuted.
    r = choose_attack(board, lookahead=0, time_limit=3600)
    assert r.status == "feasible" and r.lethal is False and r.value < 1_000_000
    # Without that tie-break every block the search looks at loses: the alpha strike is
    # the answer, and still not claimed lethal.
    from redzone.solver.ai import block_search as ai_blocks

    monkeypatch.setattr(ai_blocks, "shortfall", lambda game, attack, blocks: 0.0)
    r = choose_attack(board, lookahead=0, time_limit=3600)
    assert r.status == "feasible" and len(r.attackers) == 20
    assert r.lethal is False
