"""Rules-derived tests of the AI's combat decisions (issue 9), on real cards.

Each board is restated in our own words from the issue's list; each expectation follows from
the rules cited (what is legal, what the damage does) and the default evaluation
(``docs/ai.md``), whose won game dominates everything (CR 104.2a, 704.5a).
"""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.board import build_board
from redzone.models.errors import ScenarioError
from redzone.models.evaluation import Evaluator, Weights, load_weights
from redzone.models.scenario import parse_scenario
from redzone.solver.ai import choose_attack, choose_blocks


def board(permanents: list[dict[str, Any]], *, a_life: int = 20, b_life: int = 20,
          attackers: dict[str, str] | None = None, **extra: Any):
    data: dict[str, Any] = {"players": [{"name": "Alice", "life": a_life}, {"name": "Bob", "life": b_life}],
                            "permanents": permanents, **extra}
    if attackers is not None:
        data["combat"] = {"attackers": attackers}
    return build_board(parse_scenario(data))


def card(cid: str, name: str, controller: str, **kw: Any) -> dict[str, Any]:
    return {"id": cid, "card": name, "controller": controller, **kw}


# ------------------------------------------------------------------ attacking


def test_five_bears_alpha_strike_is_lethal() -> None:
    # Five 2-power creatures against no blockers and 10 life: 10 damage, Bob reaches 0 and
    # loses (CR 510.2, 704.5a). Every creature must attack for it.
    b = board([card(f"g{i}", "Grizzly Bears", "Alice") for i in range(5)], b_life=10)
    for lookahead in (0, 1):
        r = choose_attack(b, lookahead=lookahead)
        assert r.attackers == {f"g{i}": "Bob" for i in range(5)}
        assert r.lethal and r.status == "optimal"
        assert r.outcome["life"]["Bob"] == 0 and r.outcome["lost"] == ["Bob"]


def test_two_bears_against_one_both_attack() -> None:
    # Bob's one Bears can block one attacker (CR 509.1a): trading is his best answer and the
    # other Bears connects; keeping one home gains nothing, Bob has nothing left to attack with.
    b = board([card("a1", "Grizzly Bears", "Alice"), card("a2", "Grizzly Bears", "Alice"),
               card("b1", "Grizzly Bears", "Bob")])
    for lookahead in (0, 1):
        r = choose_attack(b, lookahead=lookahead)
        assert set(r.attackers) == {"a1", "a2"}
        assert r.status == "optimal" and not r.lethal
        assert sum(len(x) for x in r.response.values()) == 1
        assert r.outcome["life"]["Bob"] == 18


def test_two_lions_against_one_bears_at_two_life_is_lethal() -> None:
    # Bob at 2 life can block only one of two 2-power attackers (509.1a); the other deals 2
    # (510.2): 0 life, Bob loses (704.5a) whatever he blocks.
    b = board([card("l1", "Savannah Lions", "Alice"), card("l2", "Savannah Lions", "Alice"),
               card("b1", "Grizzly Bears", "Bob")], b_life=2)
    r = choose_attack(b)
    assert r.lethal and set(r.attackers) == {"l1", "l2"}
    assert "Bob" in r.outcome["lost"]


def test_menace_and_flier_beat_two_chump_blockers() -> None:
    # Two Boggart Brutes (menace, 702.111b) and a Wind Drake (flying, 702.9b) against two
    # ground creatures at 5 life. A naive count (two blockers stop the two biggest
    # attackers) lets only the Drake's 2 through; but a menace creature needs two blockers,
    # so Bob's two creatures stop at most one Brute: 3 + 2 = 5 always connects (704.5a).
    b = board([card("m1", "Boggart Brute", "Alice"), card("m2", "Boggart Brute", "Alice"),
               card("dr", "Wind Drake", "Alice"),
               card("b1", "Grizzly Bears", "Bob"), card("b2", "Grizzly Bears", "Bob")], b_life=5)
    r = choose_attack(b)
    assert r.lethal and r.status == "optimal"
    assert set(r.attackers) == {"m1", "m2", "dr"}


def test_planeswalker_worth_more_than_two_life() -> None:
    # Two Bears, no blockers, Bob at 20 with a 2-loyalty planeswalker: one Bears removes the
    # planeswalker (120.3c, 704.5i), the other hits Bob, rather than 4 to Bob.
    b = board([card("g1", "Grizzly Bears", "Alice"), card("g2", "Grizzly Bears", "Alice"),
               card("pw", "Jace Beleren", "Bob", loyalty=2)])
    r = choose_attack(b, lookahead=0)
    assert sorted(r.attackers.values()) == ["Bob", "pw"]
    assert "pw" in r.outcome["destroyed"]


def test_creature_that_must_attack_still_attacks() -> None:
    # Juggernaut attacks each combat if able (508.1d): the only legal declarations include it,
    # even into Bob's Wall of Stone... which can't block it (Juggernaut can't be blocked by
    # Walls); against Serra Angel (4/4) attacking costs Alice the Juggernaut, still it attacks.
    b = board([card("j", "Juggernaut", "Alice"), card("s", "Serra Angel", "Bob"),
               card("s2", "Serra Angel", "Bob")])
    r = choose_attack(b)
    assert r.attackers == {"j": "Bob"}
    assert r.status == "optimal"


def test_holding_back_for_the_crack_back() -> None:
    # Alice at 3 life with a Hill Giant; Bob has a Hill Giant and a Grizzly Bears. If Alice
    # attacks, her Giant stays tapped (508.1f) and Bob's two creatures hit her for 5 next
    # turn: she loses. With lookahead 1 she stays home; with lookahead 0 the horizon hides it.
    b = board([card("g", "Hill Giant", "Alice"), card("h", "Hill Giant", "Bob"),
               card("c", "Grizzly Bears", "Bob")], a_life=3, b_life=3)
    far = choose_attack(b, lookahead=1)
    assert far.attackers == {}
    assert "next turn" in far.reasons["g"]
    near = choose_attack(b, lookahead=0)
    assert near.value >= far.value


# ------------------------------------------------------------------ blocking


def test_take_nine_at_twenty_rather_than_chump() -> None:
    # An Ancient Brontodon (9/9) attacks Bob at 20 with a Grizzly Bears: chump blocking loses
    # the Bears (704.5g) to save 9 life that are worth little at 20 (docs/ai.md, life curve).
    b = board([card("t", "Ancient Brontodon", "Alice"), card("c", "Grizzly Bears", "Bob")],
              attackers={"t": "Bob"})
    r = choose_blocks(b)
    assert r.blockers == {} and r.survives and r.status == "optimal"
    assert r.outcome["life"]["Bob"] == 11


def test_chump_at_nine_with_exactly_one_creature() -> None:
    # At 9 life the 9 damage is lethal (704.5a): one creature blocks it (509.1a) and dies;
    # a second blocker would die too for nothing (the Brontodon assigns 2 + 2 of its 9).
    b = board([card("t", "Ancient Brontodon", "Alice"), card("c1", "Grizzly Bears", "Bob"),
               card("c2", "Grizzly Bears", "Bob")], b_life=9, attackers={"t": "Bob"})
    r = choose_blocks(b)
    assert r.survives and r.status == "optimal"
    assert sum(len(v) for v in r.blockers.values()) == 1
    assert len(r.outcome["destroyed"]) == 1


def test_two_walls_double_block_menace() -> None:
    # A 6/4 with menace can only be blocked by two or more creatures (702.111b); two 0/8
    # Walls of Stone together take 6 without dying (6 < 8, 704.5g) and save Bob 6 life.
    b = board([card("m", "Boggart Brute", "Alice", power=6, toughness=4),
               card("w1", "Wall of Stone", "Bob"), card("w2", "Wall of Stone", "Bob")],
              attackers={"m": "Bob"})
    r = choose_blocks(b)
    assert r.blockers == {"w1": ["m"], "w2": ["m"]}
    assert r.outcome["life"]["Bob"] == 20 and r.outcome["destroyed"] == []


def test_big_creature_does_not_block_deathtouch() -> None:
    # Blocking Typhoid Rats (deathtouch) with an Ancient Brontodon kills the Brontodon
    # (702.2b, 704.5h) to save 1 life: the 9/9 stays out of the way.
    b = board([card("r", "Typhoid Rats", "Alice"), card("t", "Ancient Brontodon", "Bob")],
              attackers={"r": "Bob"})
    r = choose_blocks(b)
    assert r.blockers == {}
    assert r.outcome["life"]["Bob"] == 19


def test_trample_absorbed_by_a_wall() -> None:
    # Colossal Dreadmaw (6/6 trample) blocked by Wall of Stone (0/8): lethal damage to the
    # Wall is 8 > 6, so nothing tramples over (702.19b) and the Wall survives.
    b = board([card("d", "Colossal Dreadmaw", "Alice"), card("w", "Wall of Stone", "Bob")],
              attackers={"d": "Bob"})
    r = choose_blocks(b)
    assert r.blockers == {"w": ["d"]}
    assert r.outcome["life"]["Bob"] == 20


# ------------------------------------------------------------------ evaluation and API


def test_won_game_dominates_and_life_curve() -> None:
    b = board([card("g", "Grizzly Bears", "Alice")])
    ev = Evaluator(b, "Alice")
    # A life point near 0 is worth more than near 20 (concave curve).
    assert ev.life_value(4) - ev.life_value(3) > 5 * (ev.life_value(21) - ev.life_value(20))
    assert ev.score() < ev.win
    w = Weights()
    assert w.win > 100 * (w.planeswalker_base + w.creature_base)


def test_weights_file(tmp_path) -> None:
    f = tmp_path / "w.yaml"
    f.write_text("creature_base: 2\nmana: 0.5\n")
    w = load_weights(f)
    assert w.creature_base == 2 and w.mana == 0.5 and w.creature_power == 1.0
    bad = tmp_path / "bad.json"
    bad.write_text('{"nonsense": 1}')
    with pytest.raises(ScenarioError, match="nonsense"):
        load_weights(bad)
    with pytest.raises(ScenarioError, match="lookahead"):
        choose_attack(board([]), lookahead=2)


def test_result_json_keys() -> None:
    b = board([card("g", "Grizzly Bears", "Alice"), card("c", "Grizzly Bears", "Bob")],
              attackers={"g": "Bob"})
    a = choose_attack(b).to_json()
    assert {"attackers", "status", "lethal", "value", "response", "damage", "outcome"} <= set(a)
    k = choose_blocks(b).to_json()
    assert {"blockers", "status", "value", "survives", "outcome"} <= set(k)


def test_time_limit_answers_feasible_and_legal() -> None:
    # A tiny time limit on a big board: the answer is legal and honest (feasible, bound).
    perms = [card(f"a{i}", "Grizzly Bears", "Alice") for i in range(3)]
    perms += [card(f"h{i}", "Hill Giant", "Alice") for i in range(3)]
    perms += [card(f"b{i}", "Wind Drake", "Bob") for i in range(3)]
    perms += [card(f"c{i}", "Typhoid Rats", "Bob") for i in range(3)]
    b = board(perms)
    r = choose_attack(b, time_limit=0.001)
    assert r.status in ("feasible", "optimal")
    if r.status == "feasible":
        assert r.bound >= r.value


def test_counters_put_instead_of_damage_last_into_the_crack_back() -> None:
    # Alice's Grizzly Bears (2/2) attacks Bob; Alice is at 3 life. If Bob's Phytohydra (1/1,
    # damage to it becomes +1/+1 counters, 614.1a) blocks, the Bears' 2 damage becomes two
    # +1/+1 counters: a 3/3 (122.1a, 613.4c) that keeps them into Bob's turn. The Bears
    # attacked without vigilance and stays tapped (302.6), so Alice can't block: the 3/3
    # deals 3, she loses (704.5a). Not blocking takes 2 and leaves a 1/1 that deals 1.
    from redzone.models.outcome import DamageEvent, GameState, deal_damage
    from redzone.solver.ai_board import next_turn_board

    b = board([card("g", "Grizzly Bears", "Alice"), card("h", "Phytohydra", "Bob")],
              a_life=3, attackers={"g": "Bob"})
    state = GameState.from_board(b)
    deal_damage(b, state, [DamageEvent("g", "h", 2)], combat=True)
    nxt = next_turn_board(b, state, {"g": "Bob"}, "Bob").permanents["h"]
    assert (nxt.power, nxt.toughness, nxt.counters) == (3, 3, {"+1/+1": 2})
    r = choose_blocks(b, lookahead=1)
    assert r.status == "optimal" and r.blockers == {"h": ["g"]}
    assert r.value == Weights().win  # Bob's crack-back wins
    assert choose_blocks(b, lookahead=0).blockers == {"h": ["g"]}
