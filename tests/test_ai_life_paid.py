"""Life paid for attack and block costs is part of the position the AI values (issue 9).

Phyrexian mana in an attack or block tax may be paid with 2 life per symbol (CR 107.4f,
119.4, 508.1h, 509.1d); the life is paid while the creatures are declared, before any combat
damage, so a player who pays down to 0 life loses at the next check of state-based actions
(704.5a, 117.5), before damage is dealt: nothing dealt later (lifelink, 702.15b) saves them.
The expected values below are worked out by hand from the default evaluation
(``docs/ai.md``: ``life_value(L) = 10 * (1 - exp(-L / 10))`` points, a won or lost game
``±1,000,000``); both the search and the exhaustive reference must agree.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from redzone.models.board import build_board
from redzone.models.scenario import parse_scenario
from redzone.solver.ai.decisions import choose_attack, choose_blocks
from redzone.solver.ai.reference import reference_attack_values, reference_block_value

BLOCK_TOLL = ("Creatures can't block unless their controller pays {W/P} for each blocking "
              "creature they control.")


def life(points: int) -> float:
    """The default life curve (docs/ai.md), in points."""
    return 10 * (1 - math.exp(-points / 10))


def _annex_board(a_life: int) -> Any:
    # Alice: two Grizzly Bears (2/2) and no mana; Bob at 20 with Norn's Annex ({W/P} for
    # each creature attacking him: 2 life each, CR 107.4f) and no creature.
    return build_board(parse_scenario({
        "players": [{"name": "Alice", "life": a_life}, {"name": "Bob", "life": 20}],
        "permanents": [
            {"id": "a", "card": "Grizzly Bears", "controller": "Alice"},
            {"id": "b", "card": "Grizzly Bears", "controller": "Alice"},
            {"id": "annex", "card": "Norn's Annex", "controller": "Bob"}]}))


def _ref(board: Any, lookahead: int) -> dict[frozenset[str], int]:
    return {frozenset(d): v for d, v in reference_attack_values(board, lookahead=lookahead)}


def test_attacking_player_does_not_pay_down_to_zero_life() -> None:
    # Alice at 4: both Bears attacking cost 4 life (119.4 lets her pay her whole life); she
    # is at 0 before any damage and loses (704.5a): -1,000,000. One Bear costs 2 life: Alice
    # 4 -> 2, Bob 20 -> 18 (nothing blocks): life(2) - life(4) + life(20) - life(18)
    # = 1.8127 - 3.2968 + 8.6466 - 8.3470 = -1.1845 points against not attacking (0). So
    # Alice does not attack (with life paid for free, both Bears would attack: +0.6656).
    b = _annex_board(4)
    ref = _ref(b, 0)
    none = ref[frozenset()]
    assert ref[frozenset({"a", "b"})] == -1_000_000_000
    one = life(2) - life(4) + life(20) - life(18)
    assert ref[frozenset({"a"})] - none == pytest.approx(one * 1000, abs=2)
    r = choose_attack(b, lookahead=0)
    assert r.status == "optimal" and r.attackers == {}
    assert round(r.value * 1000) == none
    # At 20 life the same 2 life per Bear is cheap (life(20) - life(16) = 0.6656 for 4 life,
    # dealing 4: the same amount on Bob's side): paying is then a wash, never a loss.
    rich = _ref(_annex_board(20), 0)
    assert rich[frozenset({"a", "b"})] - rich[frozenset()] == pytest.approx(0, abs=2)


@pytest.mark.parametrize("lookahead", [0, 1])
def test_attack_paid_to_zero_is_a_lost_game_in_the_search(lookahead: int) -> None:
    # The same board at lookahead 1: the search's choice has the reference optimum, and the
    # attack with both Bears is never chosen (it loses, 704.5a).
    b = _annex_board(4)
    ref = _ref(b, lookahead)
    r = choose_attack(b, lookahead=lookahead)
    assert r.status == "optimal" and len(r.attackers) < 2
    assert round(r.value * 1000) == max(ref.values()) == ref[frozenset(r.attackers)]
    assert r.outcome["life"]["Alice"] == 4 - 2 * len(r.attackers)


def _toll_board(b_life: int) -> Any:
    # Alice's 1/1 attacks Bob; Bob has a 0/4 wall; Alice's enchantment taxes each blocking
    # creature {W/P}: Bob (no mana) pays 2 life to block (107.4f, 509.1d).
    return build_board(parse_scenario({
        "players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": b_life}],
        "permanents": [
            {"id": "x", "name": "Scout", "controller": "Alice", "types": ["Creature"],
             "power": 1, "toughness": 1},
            {"id": "w", "name": "Wall", "controller": "Bob", "types": ["Creature"],
             "power": 0, "toughness": 4},
            {"id": "toll", "name": "Toll", "controller": "Alice", "types": ["Enchantment"],
             "text": BLOCK_TOLL}],
        "combat": {"attackers": {"x": "Bob"}}}))


def test_defending_player_does_not_pay_more_life_than_the_damage_prevented() -> None:
    # Bob at 3: not blocking, he takes 1 (3 -> 2); blocking, he pays 2 (3 -> 1) and takes
    # nothing; both creatures live either way (0 power; 1 < 4 toughness). Bob's side:
    # no block life(2) - life(3) = -0.7791, block life(1) - life(3) = -1.6402 points: he
    # does not block (free, the block would save him the point).
    b = _toll_board(3)
    ref = {frozenset(d): v for d, v in reference_block_value(b, lookahead=0)}
    diff = ref[frozenset({"w"})] - ref[frozenset()]  # Alice's view: what the block gives her
    assert diff == pytest.approx(((life(2) - life(3)) - (life(1) - life(3))) * 1000, abs=2)
    r = choose_blocks(b, lookahead=0)
    assert r.status == "optimal" and r.blockers == {}
    assert round(-r.value * 1000) == ref[frozenset()]


@pytest.mark.parametrize("lookahead", [0, 1])
def test_defending_player_paying_to_zero_loses_before_damage(lookahead: int) -> None:
    # Bob at 2: blocking costs his last 2 life; at 0 he loses (704.5a) before damage, though
    # the wall would stop all of it. Not blocking leaves him at 1. He does not block; the
    # block's value is a won game for Alice.
    b = _toll_board(2)
    ref = {frozenset(d): v for d, v in reference_block_value(b, lookahead=lookahead)}
    assert ref[frozenset({"w"})] == 1_000_000_000
    r = choose_blocks(b, lookahead=lookahead)
    assert r.status == "optimal" and r.blockers == {} and r.survives
    assert round(-r.value * 1000) == ref[frozenset()]
    assert r.outcome["life"]["Bob"] == 1
