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
from redzone.solver.ai.decisions import choose_attack, choose_blocks


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
    from redzone.solver.ai.position import next_turn_board

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


# ------------------------------------------------------------------ a lord leaving in combat


def _lord_board(wall_power: int = 4):
    # Alice's Benalish Marshal (3/3, "other creatures you control get +1/+1") attacks Bob;
    # her Grizzly Bears (printed 2/2) stays home as a 3/3 under the Marshal (613.4c). Bob's
    # Spiked Wall (inline: a wall with defender, wall_power/3) can block; his Colossal
    # Dreadmaw (6/6 trample) is tapped now and untaps for his turn (502.3). Alice is at 4.
    wall = {"id": "k", "name": "Spiked Wall", "controller": "Bob", "types": ["Creature"],
            "subtypes": ["Wall"], "power": wall_power, "toughness": 3, "text": "Defender"}
    return board([card("m", "Benalish Marshal", "Alice"), card("c", "Grizzly Bears", "Alice"),
                  wall, card("d", "Colossal Dreadmaw", "Bob", tapped=True)],
                 a_life=4, attackers={"m": "Bob"})


def _marshal_destroyed(b):
    from redzone.models.outcome import DamageEvent, GameState, deal_damage, state_based_actions

    # The wall blocks: the Marshal deals 3 to it, it deals 4 to the Marshal (510.2); both
    # have lethal damage and are destroyed (704.5g).
    state = GameState.from_board(b)
    deal_damage(b, state, [DamageEvent("m", "k", 3), DamageEvent("k", "m", 4)], combat=True)
    state_based_actions(b, state)
    assert not state.on_battlefield("m") and not state.on_battlefield("k")
    return state


def test_lord_destroyed_in_combat_no_longer_pumps_on_the_crack_back() -> None:
    # CR 611.3a: a static ability's effect applies only while its source is on the
    # battlefield; 613.4c: the +1/+1 was a layer 7c effect. With the Marshal gone, the Bears
    # is its printed 2/2 on Bob's turn (it was left a 3/3).
    from redzone.solver.ai.position import next_turn_board

    b = _lord_board()
    assert (b.permanents["c"].power, b.permanents["c"].toughness) == (3, 3)
    nxt = next_turn_board(b, _marshal_destroyed(b), {"m": "Bob"}, "Bob")
    assert "m" not in nxt.permanents
    assert (nxt.permanents["c"].power, nxt.permanents["c"].toughness) == (2, 2)
    assert (nxt.permanents["d"].power, nxt.permanents["d"].tapped) == (6, False)


def test_lord_destroyed_in_combat_survivors_valued_as_they_now_are() -> None:
    # Right after combat the Bears is a 2/2 (611.3a): the evaluation values the position as
    # the same board without the Marshal and the wall, where the Bears is printed 2/2.
    # Default weights (docs/ai.md): a 2/2 is worth 1 + 2 + 0.5*2 = 4 points, a 3/3 5.5.
    b = _lord_board()
    state = _marshal_destroyed(b)
    after = board([card("c", "Grizzly Bears", "Alice"),
                   card("d", "Colossal Dreadmaw", "Bob", tapped=True)], a_life=4)
    for who in ("Alice", "Bob"):
        assert Evaluator(b, who).score(state) == Evaluator(after, who).score()
    assert Evaluator(after, "Alice").creature_value("c", 2, 2) == 4000


def test_lord_destroyed_in_combat_keyword_grant_ends() -> None:
    # Goblin King: other Goblins get +1/+1 and have mountainwalk (layers 6 and 7c). Bob's
    # Hill Giant blocks and kills it; on Bob's next turn Alice's Raging Goblin is a 1/1
    # without mountainwalk (611.3a).
    from redzone.models.outcome import DamageEvent, GameState, deal_damage, state_based_actions
    from redzone.solver.ai.position import next_turn_board

    b = board([card("gk", "Goblin King", "Alice"), card("rg", "Raging Goblin", "Alice"),
               card("h", "Hill Giant", "Bob")], attackers={"gk": "Bob"})
    from redzone.models.abilities import Landwalk

    def walks(bd, cid: str) -> bool:
        return any(isinstance(a, Landwalk) for a, _ in bd.granted(bd.permanents[cid]))

    assert (b.permanents["rg"].power, walks(b, "rg")) == (2, True)
    state = GameState.from_board(b)
    deal_damage(b, state, [DamageEvent("gk", "h", 2), DamageEvent("h", "gk", 3)], combat=True)
    state_based_actions(b, state)
    nxt = next_turn_board(b, state, {"gk": "Bob"}, "Bob")
    rg = nxt.permanents["rg"]
    assert (rg.power, rg.toughness) == (1, 1)
    assert not walks(nxt, "rg")


def test_killing_the_lord_shrinks_the_blockers_for_the_crack_back() -> None:
    # The wall (4/3) blocking the Marshal trades with it (510.2, 704.5g). Then on Bob's turn
    # the untapped Dreadmaw attacks; the Marshal is gone, so Alice's Bears, her only
    # creature left, is a 2/2 (611.3a). Blocked by the 2/2, the Dreadmaw
    # assigns 2 (lethal damage) to it and tramples 4 over to Alice at 4 (702.19c); unblocked
    # it deals 6: either way Alice loses (704.5a). Not blocking leaves the Marshal alive and
    # the Bears a 3/3, which takes 3 of the 6 and leaves Alice at 1. So the block wins. Read
    # with the Bears still a 3/3 the block looked like trading a 4/3 for a 3/3 and Bob kept
    # the wall home.
    b = _lord_board()
    r = choose_blocks(b, lookahead=1)
    assert r.status == "optimal" and r.blockers == {"k": ["m"]}
    assert r.value == Weights().win


def test_lord_board_search_agrees_with_the_reference() -> None:
    # The search adds up the units' values; the exhaustive reference scores each whole
    # position. Both read the Bears as a 2/2 once the Marshal is gone (611.3a), at lookahead
    # 0 and 1, for every block (wall_power 3: the block is a plain trade of 3/3s).
    from redzone.solver.ai.reference import reference_block_value

    for wall_power in (3, 4):
        b = _lord_board(wall_power)
        for lookahead in (0, 1):
            values = {tuple(sorted((k, tuple(v)) for k, v in d.items() if v)): v2
                      for d, v2 in reference_block_value(b, lookahead=lookahead)}
            r = choose_blocks(b, lookahead=lookahead)
            assert r.status == "optimal"
            assert round(-r.value * 1000) == min(values.values())
            assert values[tuple(sorted((k, tuple(v)) for k, v in r.blockers.items() if v))] == min(values.values())


def test_lord_killed_by_first_strike_damage_pumps_no_more_in_the_regular_step() -> None:
    # Alice's Benalish Marshal and Grizzly Bears (3/3 under it) attack; Bob's Wall of Razors
    # (4/1 first strike, defender) blocks the Marshal and kills it in the first-strike step
    # (510.4, 704.5g). Its +1/+1 ends with it (611.3a); the unblocked Bears deals damage equal
    # to its power as the regular step's damage is dealt (510.1a, 510.2): 2, Bob at 18.
    from redzone.solver.frontends.commands import run_command

    data = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
            "permanents": [card("m", "Benalish Marshal", "Alice"), card("c", "Grizzly Bears", "Alice"),
                           card("w", "Wall of Razors", "Bob")],
            "combat": {"attackers": {"m": "Bob", "c": "Bob"}, "blockers": {"w": ["m"]}}}
    out = run_command("damage", data, {}).to_json()
    assert out["outcome"]["destroyed"] == ["m"]
    assert out["outcome"]["life"]["Bob"] == 18


def test_given_power_loses_the_departed_lords_bonus() -> None:
    # Power and toughness given in the scenario are current values with the Marshal's +1/+1
    # in them (docs/scenario-format.md): an inline 3/3 bear under the Marshal. When the
    # Marshal leaves, its +1/+1 ends (611.3a): a 2/2 on the crack-back, and a 2/2 with a
    # -1/-1 counter put this combat is a 1/1 (613.4c).
    from redzone.models.outcome import GameState
    from redzone.solver.ai.position import next_turn_board

    bear = {"id": "c", "name": "Bear", "controller": "Alice", "types": ["Creature"],
            "subtypes": ["Bear"], "power": 3, "toughness": 3}
    b = board([card("m", "Benalish Marshal", "Alice"), bear, card("h", "Hill Giant", "Bob")],
              attackers={"m": "Bob"})
    assert (b.permanents["c"].power, b.permanents["c"].toughness) == (3, 3)
    state = GameState.from_board(b)
    state.destroyed.append("m")
    state.reasons["m"] = "destroyed"
    nxt = next_turn_board(b, state, {"m": "Bob"}, "Bob").permanents["c"]
    assert (nxt.power, nxt.toughness) == (2, 2)
    state.counters["c"] = {"-1/-1": 1}
    nxt = next_turn_board(b, state, {"m": "Bob"}, "Bob").permanents["c"]
    assert (nxt.power, nxt.toughness) == (1, 1)


def test_combined_states_keep_plus_one_counters_put_on_in_combat() -> None:
    # Phytohydra blocks the Grizzly Bears: the 2 damage become two +1/+1 counters (614.1a),
    # so after combat it is a 3/3 (122.1a, 613.4c). The AI's combined state (used to value a
    # position when the per-unit sum can't, e.g. with more than two players) must see the
    # 3/3, not the printed 1/1.
    from redzone.models.evaluation import Weights
    from redzone.models.outcome import DamageEvent, GameState, deal_damage
    from redzone.solver.ai.search import Game

    b = board([card("g", "Grizzly Bears", "Alice"), card("h", "Phytohydra", "Bob")],
              attackers={"g": "Bob"})
    state = GameState.from_board(b)
    deal_damage(b, state, [DamageEvent("g", "h", 2)], combat=True)
    assert (state.power(b, "h"), state.toughness(b, "h")) == (3, 3)
    game = Game(b, "Bob", Weights(), 0, None)
    combined = game.units._apply([game.units.delta(state)])
    assert (combined.power(b, "h"), combined.toughness(b, "h")) == (3, 3)
    assert game.ev.score(combined) == game.ev.score(state)
