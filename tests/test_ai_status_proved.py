"""Status honesty the other way (a new user's trial, s4 findings F2 and F8): an answer whose
value is proved (exact) and equal to a proved bound of the game is the optimum, and says
``optimal`` — but only then. No wall clock: the search is cut after a fixed number of
positions (:meth:`Clock.tick` raising the time limit's exception), as in
``tests/test_ai_limits.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.board import build_board
from redzone.models.evaluation import Weights, points
from redzone.models.scenario import parse_scenario
from redzone.solver.ai import block_search as ai_blocks
from redzone.solver.ai import search as ai_game
from redzone.solver.ai.decisions import choose_attack, choose_blocks
from redzone.solver.ai.position import next_turn_board
from redzone.solver.ai.bounds.ceiling import attack_ceiling


def _creature(pid: str, power: int, toughness: int, controller: str, *abilities: str) -> dict[str, Any]:
    return {"id": pid, "name": pid.upper(), "types": ["Creature"], "power": power,
            "toughness": toughness, "controller": controller, "abilities": list(abilities)}


# The trial's b1.yaml (8 vanilla creatures a side, Bob at 12).
B1 = build_board(parse_scenario({
    "players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 12}],
    "permanents": [_creature(f"a{i + 1}", p, t, "Alice") for i, (p, t) in enumerate(
        [(5, 5), (4, 2), (3, 3), (2, 4), (2, 1), (1, 1), (6, 3), (3, 1)])]
    + [_creature(f"b{i + 1}", p, t, "Bob") for i, (p, t) in enumerate(
        [(4, 4), (1, 5), (3, 2), (2, 2), (1, 1), (5, 3), (2, 3), (0, 6)])]}))


def _cut_after(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    """The time limit runs out after ``n`` positions of a game (deterministic)."""
    real = ai_game.Clock.tick

    def tick(self: ai_game.Clock) -> None:
        real(self)
        if self.nodes > n and self.deadline is not None:
            raise ai_game.Timeout

    monkeypatch.setattr(ai_game.Clock, "tick", tick)


def test_cut_short_attack_with_a_proved_value_at_its_bound_is_optimal(monkeypatch: pytest.MonkeyPatch) -> None:
    # F8. Lookahead 0: no attack is searched first and valued exactly (nothing happens: the
    # position as it is); the search is then cut. The bound of every declaration
    # (ai_ceiling) is that same value — each of Alice's creatures, alone against its best
    # blocker, does her no good — so no attack is proved optimal.
    full = choose_attack(B1, lookahead=0)
    assert full.status == "optimal" and full.attackers == {}
    _cut_after(monkeypatch, 10)
    r = choose_attack(B1, lookahead=0, time_limit=3600)
    assert r.nodes < full.nodes  # it was cut short
    assert (r.status, r.attackers, r.value, r.bound) == ("optimal", {}, full.value, full.value)
    assert not any("not proved" in t for t in r.reasons.values())


def test_cut_short_fallback_is_not_claimed_optimal(monkeypatch: pytest.MonkeyPatch) -> None:
    # ... but only then. Lookahead 1, cut before even no attack was valued with Bob's
    # crack-back (an 8 v 8 attack of his): the answer is the fallback (no attack). Its
    # value claims what is proved of it: Bob's best attack on his turn is worth at most
    # the ceiling of every declaration of his (ai_ceiling.attack_ceiling, from his side), so
    # Alice's value is at least minus that: 6.516, below no attack's exact value 6.659 (Bob
    # doesn't attack), which is also the bound here. Feasible (it said 6.659 = bound, a
    # value it had not proved).
    _cut_after(monkeypatch, 10)
    r = choose_attack(B1, lookahead=1, time_limit=3600)
    assert r.attackers == {} and r.status == "feasible" and r.bound == 6.659
    game = ai_game.Game(B1, "Alice", Weights(), 1, None)
    assert game.block_value({}, 0, -ai_game.INF, ai_game.INF)[0] == 6659  # the exact value
    bob = ai_game.Game(next_turn_board(B1, game.facts.base.copy(), {}, "Bob"), "Bob", Weights(), 0, None)
    assert r.value == points(-attack_ceiling(bob)) == 6.516 < 6.659
    assert not r.response_proved


# Alice at 3 life attacks with two 1/1 deathtouch creatures (no vigilance: they stay tapped
# through Bob's turn, 302.6, 502.3); Bob at 20 has a 3/3. Not blocking, Bob takes 2 and his
# 3/3 attacks back into an Alice with no untapped creature: 3 damage, she loses (704.5a). A
# won game for Bob: nothing beats it.
CRACK = build_board(parse_scenario({
    "players": [{"name": "Alice", "life": 3}, {"name": "Bob", "life": 20}],
    "permanents": [_creature("x", 1, 1, "Alice", "Deathtouch"), _creature("y", 1, 1, "Alice", "Deathtouch"),
                   _creature("k", 3, 3, "Bob")],
    "combat": {"attackers": {"x": "Bob", "y": "Bob"}}}))


def test_won_crack_back_found_by_the_seed_is_optimal(forced: dict[str, int],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # F2. The many-blocks search at lookahead 1 (forced on this small board) whose greedy
    # start misses the win (made to answer the chump-trade k on x: k dies to deathtouch,
    # 702.2b, and Bob has nothing to attack with). No block is a won game for Bob (his 3/3
    # attacks back for 3). Found later in the search, that is proved (nothing is worth
    # more to Bob): optimal, value == bound == win, and the search stops there.
    def poor_greedy(game: Any, attack: Any, cost: int, problem: Any, floor: int = 0) -> Any:
        v, b, lv, _ = ai_blocks.improve_blocks(game, attack, cost, problem, {"k": ["x"]}, limit=0)
        return v, b, lv, True

    monkeypatch.setattr(ai_blocks, "_greedy", poor_greedy)
    # Found by the branch and bound at lookahead 1 ...
    r = choose_blocks(CRACK, lookahead=1)
    assert r.blockers == {} and r.survives
    assert (r.status, r.value, r.bound) == ("optimal", 1_000_000.0, 1_000_000.0)
    # ... and, where that does not apply, by the seed proved at lookahead 0.
    real = ai_blocks.bb_applies
    monkeypatch.setattr(ai_blocks, "bb_applies",
                        lambda game, attack, problem: game.status.lookahead == 0 and real(game, attack, problem))
    r = choose_blocks(CRACK, lookahead=1)
    assert r.blockers == {} and r.survives
    assert (r.status, r.value, r.bound) == ("optimal", 1_000_000.0, 1_000_000.0)
