"""Combat damage assignment on real cards: scenario -> board -> DamageProblem -> CP-SAT,
and the play-out of both damage steps through the outcome code (CR 510, 702.19, 702.2,
702.4, 702.7, 702.22).

The cases are the rules digest's section 3 and its damage edge cases 8-16, plus the trample
seed's Furnace of Rath examples. Each test cites its rule.
"""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.board import build_board
from redzone.models.damage_problem import active_terms, damage_violations
from redzone.models.damage_rules import damage_problem, default_step, remaining_steps
from redzone.models.errors import ScenarioError
from redzone.models.scenario import parse_scenario
from redzone.solver.damage.solve import (
    check_damage,
    enumerate_damage_assignments,
    plan_damage_step,
    play_out,
)


def board_of(permanents: list[dict[str, Any]], combat: dict[str, Any], *,
             players: list[dict[str, Any]] | None = None, **extra: Any):
    data = {"players": players or [{"name": "Alice"}, {"name": "Bob"}],
            "permanents": permanents, "combat": combat, **extra}
    return build_board(parse_scenario(data))


def card(pid: str, name: str, controller: str, **more: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, "controller": controller, **more}


def legal_splits(problem, source: str) -> set[tuple[tuple[str, int], ...]]:
    """The legal splits of one source's damage, over every legal assignment of the step."""
    found, complete = enumerate_damage_assignments(problem, limit=10_000)
    assert complete
    return {tuple(sorted(a.get(source, {}).items())) for a in found}


def messages(problem, assignment) -> list[str]:
    return [v.message for v in damage_violations(problem, assignment)]


# --------------------------------------------------------------- 3.2 free split, 2023 order


def _split_board(rules: str):
    # Rhox Brute (4/4) blocked by Elvish Warrior (2/3) and Llanowar Elves (1/1).
    return board_of(
        [card("brute", "Rhox Brute", "Alice"), card("warrior", "Elvish Warrior", "Bob"),
         card("elves", "Llanowar Elves", "Bob")],
        {"attackers": {"brute": "Bob"}, "blockers": {"warrior": ["brute"], "elves": ["brute"]},
         "damage_order": {"brute": ["warrior", "elves"]}},
        rules=rules)


def test_current_rules_split_damage_freely_among_blockers() -> None:
    # CR 510.1c (since the 2024 update): 4 damage against a 2/3 and a 1/1 may be split
    # 4-0, 3-1, 2-2, 1-3 or 0-4.
    problem = damage_problem(_split_board("current"))
    assert legal_splits(problem, "brute") == {
        (("warrior", 4),), (("elves", 1), ("warrior", 3)), (("elves", 2), ("warrior", 2)),
        (("elves", 3), ("warrior", 1)), (("elves", 4),)}


def test_2023_damage_assignment_order_allows_only_4_0_and_3_1() -> None:
    # Old CR 510.1c: with the order (2/3, 1/1), the 1/1 may be assigned damage only once the
    # 2/3 has lethal damage (3): only 4-0 and 3-1.
    problem = damage_problem(_split_board("2023"))
    assert problem.sources[0].order == ("warrior", "elves")
    assert legal_splits(problem, "brute") == {(("warrior", 4),), (("elves", 1), ("warrior", 3))}


def test_same_split_legal_now_illegal_under_2023_order() -> None:
    # The same 2-2 split: legal under the current rules, illegal with the 2023 order.
    split = {"brute": {"warrior": 2, "elves": 2}, "warrior": {"brute": 2}, "elves": {"brute": 1}}
    assert check_damage(damage_problem(_split_board("current")), split).legal
    check = check_damage(damage_problem(_split_board("2023")), split)
    assert not check.legal
    assert [v.message for v in check.violations] == [
        "Rhox Brute (brute) assigns 2 to Llanowar Elves (elves) but Elvish Warrior (warrior), "
        "earlier in its damage assignment order, has not been assigned lethal damage (needs 1 "
        "more; CR 510.1c, 2023 rules)"]


def test_2023_order_defaults_to_blocker_order_and_drops_creatures_that_left() -> None:
    # Old 509.2 / 506.4: a creature that left combat drops out of the order; a missing order
    # defaults to the blockers' listing order.
    board = board_of(
        [card("brute", "Rhox Brute", "Alice"), card("warrior", "Elvish Warrior", "Bob"),
         card("elves", "Llanowar Elves", "Bob"), card("ox", "Pillarfield Ox", "Bob")],
        {"attackers": {"brute": "Bob"},
         "blockers": {"elves": ["brute"], "ox": ["brute"]},
         "damage_order": {"brute": ["warrior", "ox"]}},
        rules="2023")
    assert damage_problem(board).sources[0].order == ("ox", "elves")


# --------------------------------------------------------------- edge cases 8-11


def test_marked_damage_counts_toward_lethal_for_trample() -> None:
    # Edge case 8 / CR 702.19b: damage already marked counts. Colossal Dreadmaw (6/6
    # trample) blocked by Hill Giant (3/3) with 2 damage marked: 1 to it, 5 to Bob.
    board = board_of(
        [card("maw", "Colossal Dreadmaw", "Alice"), card("giant", "Hill Giant", "Bob", damage=2)],
        {"attackers": {"maw": "Bob"}, "blockers": {"giant": ["maw"]}})
    problem = damage_problem(board)
    plan = plan_damage_step(problem)
    assert plan.assignment["maw"] == {"giant": 1, "Bob": 5}
    assert plan.status == "optimal"
    assert messages(problem, {"maw": {"Bob": 6}, "giant": {"maw": 3}}) == [
        "Colossal Dreadmaw (maw) assigns 6 to Bob but Hill Giant (giant) has not been assigned "
        "lethal damage (needs 1 more; CR 702.19b)"]


def test_deathtouch_trampler_against_two_blockers() -> None:
    # Edge case 9 / CR 702.2c, 702.19b: with deathtouch, 1 damage to each blocker is lethal.
    # Colossal Dreadmaw equipped with Basilisk Collar (deathtouch, lifelink) blocked by two
    # Rhox Brutes (4/4): 1 + 1, 4 to Bob; lifelink gains Alice 6.
    board = board_of(
        [card("maw", "Colossal Dreadmaw", "Alice"),
         card("collar", "Basilisk Collar", "Alice", attached_to="maw"),
         card("r1", "Rhox Brute", "Bob"), card("r2", "Rhox Brute", "Bob")],
        {"attackers": {"maw": "Bob"}, "blockers": {"r1": ["maw"], "r2": ["maw"]}})
    problem = damage_problem(board)
    assert problem.sources[0].deathtouch
    assert plan_damage_step(problem).assignment["maw"] == {"r1": 1, "r2": 1, "Bob": 4}
    assert messages(problem, {"maw": {"r1": 1, "Bob": 5}, "r1": {"maw": 4}, "r2": {"maw": 4}}) == [
        "Colossal Dreadmaw (maw) assigns 5 to Bob but Rhox Brute (r2) has not been assigned "
        "lethal damage (needs 1 more; CR 702.19b)"]
    result = play_out(board)
    assert result.outcome["life"] == {"Alice": 26, "Bob": 16}
    assert set(result.outcome["destroyed"]) == {"r1", "r2", "maw"}  # 8 damage on a 6/6


def test_deathtouch_blocker_kills_two_attackers_with_one_damage_each() -> None:
    # CR 702.2c, 510.1d: Vampire Nighthawk (2/3 deathtouch) blocking two Grizzly Bears
    # (Palace Guard-like multi-block given by the scenario) splits 1 + 1, killing both.
    board = board_of(
        [card("g1", "Grizzly Bears", "Alice"), card("g2", "Grizzly Bears", "Alice"),
         card("hawk", "Vampire Nighthawk", "Bob",
              abilities=["This creature can block any number of creatures."])],
        {"attackers": {"g1": "Bob", "g2": "Bob"}, "blockers": {"hawk": ["g1", "g2"]}})
    plan = plan_damage_step(damage_problem(board))
    assert plan.assignment["hawk"] == {"g1": 1, "g2": 1}
    assert play_out(board).outcome["destroyed"][:2] == ["g1", "g2"]


def test_protection_does_not_change_what_counts_as_lethal() -> None:
    # Edge case 10 / CR 702.19b: protection is ignored when assigning. Colossal Dreadmaw
    # (green, 6/6 trample) blocked by Grizzly Bears with protection from green: at least 2
    # to the Bears (then prevented, 702.16e), at most 4 to Bob.
    board = board_of(
        [card("maw", "Colossal Dreadmaw", "Alice"),
         card("bears", "Grizzly Bears", "Bob", abilities=["Protection from green"])],
        {"attackers": {"maw": "Bob"}, "blockers": {"bears": ["maw"]}})
    problem = damage_problem(board)
    assert plan_damage_step(problem).assignment["maw"] == {"bears": 2, "Bob": 4}
    assert not check_damage(problem, {"maw": {"bears": 1, "Bob": 5}, "bears": {"maw": 2}}).legal
    outcome = play_out(board).outcome
    assert outcome["life"]["Bob"] == 16 and "bears" not in outcome["destroyed"]


def test_indestructible_blocker_already_carrying_lethal_damage_needs_nothing() -> None:
    # Edge case 11 / CR 702.19b: a blocker with lethal damage already marked needs 0 more
    # (indestructible doesn't matter). Darksteel Myr (0/1) with 1 damage blocks Ghor-Clan
    # Rampager (4/4 trample): all 4 may go to Bob.
    board = board_of(
        [card("ram", "Ghor-Clan Rampager", "Alice"), card("myr", "Darksteel Myr", "Bob", damage=1)],
        {"attackers": {"ram": "Bob"}, "blockers": {"myr": ["ram"]}})
    problem = damage_problem(board)
    assert problem.recipients["myr"].need == 0
    assert plan_damage_step(problem).assignment == {"ram": {"Bob": 4}}
    assert check_damage(problem, {"ram": {"Bob": 4}}).legal


# --------------------------------------------------------------- first and double strike


def test_double_strike_trampler_against_a_2_2() -> None:
    # Edge case 12 / CR 510.4, 702.4b, 702.19d: Bolrac-Clan Basher (3/2 double strike,
    # trample) blocked by Grizzly Bears: first strike 2 + 1; the Bears die, so in the
    # regular step the Basher is blocked with no blocker and assigns all 3 to Bob.
    board = board_of(
        [card("basher", "Bolrac-Clan Basher", "Alice"), card("bears", "Grizzly Bears", "Bob")],
        {"attackers": {"basher": "Bob"}, "blockers": {"bears": ["basher"]}})
    assert default_step(board) == "first-strike"
    assert remaining_steps(board) == ["first-strike", "regular"]
    result = play_out(board)
    assert [(s.plan.step, s.plan.assignment) for s in result.steps] == [
        ("first-strike", {"basher": {"bears": 2, "Bob": 1}}),
        ("regular", {"basher": {"Bob": 3}})]
    assert result.outcome["life"]["Bob"] == 16
    assert result.outcome["destroyed"] == ["bears"]  # it never dealt damage back (702.7b)


def test_double_strike_trampler_against_a_0_5_uses_first_step_damage() -> None:
    # Edge case 13 / CR 510.4, 702.19b: Bolrac-Clan Basher (3 power) blocked by Wall of
    # Roots (0/5): step 1 all 3 to the Wall; step 2 its marked 3 counts, so 2 to it, 1 to Bob.
    board = board_of(
        [card("basher", "Bolrac-Clan Basher", "Alice"), card("wall", "Wall of Roots", "Bob")],
        {"attackers": {"basher": "Bob"}, "blockers": {"wall": ["basher"]}})
    result = play_out(board)
    assert [s.plan.assignment for s in result.steps] == [
        {"basher": {"wall": 3}}, {"basher": {"wall": 2, "Bob": 1}}]
    assert result.outcome["life"]["Bob"] == 19 and result.outcome["destroyed"] == ["wall"]


def test_double_strike_trample_against_indestructible_blocker() -> None:
    # CR 702.4b, 702.19b, 702.12b: Bolrac-Clan Basher blocked by Darksteel Myr (0/1
    # indestructible): step 1, 1 to the Myr and 2 to Bob; the Myr survives with lethal
    # damage marked, so in step 2 it needs nothing more and all 3 go to Bob: Bob loses 5.
    board = board_of(
        [card("basher", "Bolrac-Clan Basher", "Alice"), card("myr", "Darksteel Myr", "Bob")],
        {"attackers": {"basher": "Bob"}, "blockers": {"myr": ["basher"]}})
    result = play_out(board)
    assert [s.plan.assignment for s in result.steps] == [
        {"basher": {"myr": 1, "Bob": 2}}, {"basher": {"Bob": 3}}]
    assert result.outcome["life"]["Bob"] == 15 and result.outcome["destroyed"] == []


def test_first_strike_step_sources_and_regular_step_sources() -> None:
    # CR 510.4, 702.7b-c: Silver Knight (first strike) deals damage only in the first
    # step; Grizzly Bears only in the regular one; --step regular with first_strike_dealt
    # leaves the Knight silent.
    perms = [card("knight", "Silver Knight", "Alice"), card("bears", "Grizzly Bears", "Alice"),
             card("armodon", "Trained Armodon", "Bob")]
    combat = {"attackers": {"knight": "Bob", "bears": "Bob"}, "blockers": {"armodon": ["knight"]}}
    first = damage_problem(board_of(perms, combat), "first-strike")
    assert [s.id for s in first.sources] == ["knight"]
    assert first.later == {"bears", "armodon"}
    regular = damage_problem(board_of(perms, {**combat, "first_strike_dealt": ["knight"]}))
    assert regular.step == "regular"
    assert [s.id for s in regular.sources] == ["bears", "armodon"]
    assert "702.7c" in regular.silent["knight"]
    # Silver Knight (2/2 first strike) doesn't kill Trained Armodon (3/3), which strikes
    # back in the regular step.
    result = play_out(board_of(perms, combat))
    assert result.outcome["life"]["Bob"] == 18 and result.outcome["destroyed"] == ["knight"]
    assert result.outcome["damage"] == {"armodon": 2}


def test_protection_from_red_prevents_a_red_blockers_damage() -> None:
    # CR 702.16e: the same combat with Hill Giant (red) blocking: its damage to Silver Knight
    # (protection from red) is prevented, so the Knight survives.
    board = board_of(
        [card("knight", "Silver Knight", "Alice"), card("giant", "Hill Giant", "Bob")],
        {"attackers": {"knight": "Bob"}, "blockers": {"giant": ["knight"]}})
    result = play_out(board)
    assert [s.plan.assignment for s in result.steps] == [{"knight": {"giant": 2}}, {"giant": {"knight": 3}}]
    assert result.outcome["destroyed"] == []


def test_first_strike_gained_after_the_first_step_still_deals_regular_damage() -> None:
    # CR 702.7c: a creature that didn't deal first-strike damage deals regular damage even
    # if it has first strike now; CR 702.4d: one that did, and now has double strike,
    # deals damage again.
    perms = [card("knight", "Silver Knight", "Alice"),
             card("bears", "Grizzly Bears", "Alice", abilities=["Double strike"])]
    combat = {"attackers": {"knight": "Bob", "bears": "Bob"}, "step": "regular",
              "first_strike_dealt": ["bears"]}
    problem = damage_problem(board_of(perms, combat))
    assert [s.id for s in problem.sources] == ["knight", "bears"]


# --------------------------------------------------------------- trample over planeswalkers


def test_trample_over_planeswalkers_with_a_second_attacker_on_the_planeswalker() -> None:
    # Edge case 14 / CR 702.19c: Thrasta (7/7 trample over planeswalkers) and Llanowar
    # Elves attack Jace Beleren (loyalty 3): the Elves' 1 counts toward its loyalty, so
    # Thrasta assigns 2 to Jace and 5 to Bob.
    board = board_of(
        [card("thrasta", "Thrasta, Tempest's Roar", "Alice"), card("elves", "Llanowar Elves", "Alice"),
         card("jace", "Jace Beleren", "Bob")],
        {"attackers": {"thrasta": "jace", "elves": "jace"}})
    problem = damage_problem(board)
    plan = plan_damage_step(problem)
    assert plan.assignment == {"thrasta": {"jace": 2, "Bob": 5}, "elves": {"jace": 1}}
    assert messages(problem, {"thrasta": {"jace": 1, "Bob": 6}, "elves": {"jace": 1}}) == [
        "Thrasta, Tempest's Roar (thrasta) assigns 6 to Bob but Jace Beleren (jace) has been "
        "assigned 2 of its loyalty 3 (needs 1 more; CR 702.19c)"]
    outcome = play_out(board).outcome
    assert outcome["life"]["Bob"] == 15 and outcome["loyalty"]["jace"] == 0
    assert "jace" in outcome["destroyed"]


def test_plain_trample_never_reaches_a_planeswalkers_controller() -> None:
    # CR 702.19f: Colossal Dreadmaw (plain trample) attacking Jace Beleren assigns all 6 to
    # Jace; Bob is not a legal recipient.
    board = board_of(
        [card("maw", "Colossal Dreadmaw", "Alice"), card("jace", "Jace Beleren", "Bob")],
        {"attackers": {"maw": "jace"}})
    problem = damage_problem(board)
    assert problem.sources[0].recipients == ("jace",)
    assert plan_damage_step(problem).assignment == {"maw": {"jace": 6}}
    assert [v.kind for v in damage_violations(problem, {"maw": {"jace": 3, "Bob": 3}})] == [
        "recipient"]


def test_blocked_over_planeswalker_trampler_needs_lethal_and_loyalty() -> None:
    # CR 702.19c: blocked by Grizzly Bears and attacking Gideon (loyalty 4): 2 to the
    # Bears, 4 to Gideon, 1 to Bob.
    board = board_of(
        [card("thrasta", "Thrasta, Tempest's Roar", "Alice"), card("bears", "Grizzly Bears", "Bob"),
         card("gideon", "Gideon, Ally of Zendikar", "Bob")],
        {"attackers": {"thrasta": "gideon"}, "blockers": {"bears": ["thrasta"]}})
    plan = plan_damage_step(damage_problem(board))
    assert plan.assignment["thrasta"] == {"bears": 2, "gideon": 4, "Bob": 1}


def test_over_planeswalkers_when_the_planeswalker_left_combat() -> None:
    # CR 702.19e: Jace has left combat (0 loyalty): Thrasta, blocked by Grizzly Bears,
    # may assign the excess to the defending player; a plain trampler assigns nothing
    # beyond its blockers (506.4c, 702.19f).
    perms = [card("thrasta", "Thrasta, Tempest's Roar", "Alice"),
             card("maw", "Colossal Dreadmaw", "Alice"),
             card("bears", "Grizzly Bears", "Bob"), card("b2", "Grizzly Bears", "Bob"),
             card("jace", "Jace Beleren", "Bob", loyalty=0)]
    board = board_of(perms, {"attackers": {"thrasta": "jace", "maw": "jace"},
                             "blockers": {"bears": ["thrasta"], "b2": ["maw"]}})
    problem = damage_problem(board)
    assert problem.source("thrasta").recipients == ("bears", "Bob")
    assert problem.source("maw").recipients == ("b2",)
    assert plan_damage_step(problem).assignment["thrasta"] == {"bears": 2, "Bob": 5}


# --------------------------------------------------------------- shared blockers, battles


def test_attackers_sharing_a_blocker_count_each_others_damage() -> None:
    # CR 702.19b, 510.1c: Palace Guard (1/4, can block any number) blocks Colossal Dreadmaw
    # and Grizzly Bears. The Bears' 2 counts toward its lethal damage, so the Dreadmaw
    # needs only 2 more: 2 to the Guard, 4 to Bob (attacker by attacker it would be 4 + 2).
    board = board_of(
        [card("maw", "Colossal Dreadmaw", "Alice"), card("bears", "Grizzly Bears", "Alice"),
         card("guard", "Palace Guard", "Bob")],
        {"attackers": {"maw": "Bob", "bears": "Bob"}, "blockers": {"guard": ["maw", "bears"]}})
    problem = damage_problem(board)
    plan = plan_damage_step(problem)
    assert plan.assignment["maw"] == {"guard": 2, "Bob": 4}
    assert plan.assignment["bears"] == {"guard": 2}
    assert messages(problem, {"maw": {"guard": 1, "Bob": 5}, "bears": {"guard": 2},
                              "guard": {"bears": 1}}) == [
        "Colossal Dreadmaw (maw) assigns 5 to Bob but Palace Guard (guard) has not been assigned "
        "lethal damage (needs 1 more; CR 702.19b)"]
    # The Guard's controller divides its 1 damage; it can't kill the Dreadmaw, it can't
    # kill the Bears either (2/2): any split is fine, and the plan is legal.
    assert sum(plan.assignment["guard"].values()) == 1


def test_trample_into_a_battle() -> None:
    # CR 702.19b (battles treated like planeswalkers), 310.9, 704.5v: Colossal Dreadmaw
    # attacks Alice's own Siege, Invasion of Zendikar (defense 3, protected by Bob),
    # blocked by Grizzly Bears: 2 to the Bears, 4 to the battle, which is defeated.
    board = board_of(
        [card("maw", "Colossal Dreadmaw", "Alice"), card("bears", "Grizzly Bears", "Bob"),
         card("siege", "Invasion of Zendikar", "Alice", protector="Bob")],
        {"attackers": {"maw": "siege"}, "blockers": {"bears": ["maw"]}})
    problem = damage_problem(board)
    assert problem.recipients["siege"].kind == "battle"
    plan = plan_damage_step(problem)
    assert plan.assignment["maw"] == {"bears": 2, "siege": 4}
    outcome = play_out(board).outcome
    assert outcome["defense"]["siege"] == 0 and "siege" in outcome["destroyed"]


# --------------------------------------------------------------- blockers that left


def test_blocked_creature_whose_blocker_left() -> None:
    # Edge case 15 / CR 509.1h, 510.1c, 702.19d: both attackers stay blocked after their
    # only blocker left; Hill Giant deals no damage, Colossal Dreadmaw assigns all 6 to Bob.
    board = board_of(
        [card("giant", "Hill Giant", "Alice"), card("maw", "Colossal Dreadmaw", "Alice")],
        {"attackers": {"giant": "Bob", "maw": "Bob"}, "blocked": ["giant", "maw"]})
    problem = damage_problem(board)
    assert problem.source("giant").amount == 0
    assert "no creature blocks it" in problem.source("giant").why
    assert plan_damage_step(problem).assignment == {"maw": {"Bob": 6}}
    assert messages(problem, {"giant": {"Bob": 3}, "maw": {"Bob": 6}}) == [
        "Hill Giant (giant) can't assign combat damage to Bob: it is blocked but no creature "
        "blocks it any more, so it deals no damage (CR 510.1c)",
        "Hill Giant (giant) assigns 3 but has no combat damage to assign: it is blocked but no "
        "creature blocks it any more, so it deals no damage (CR 510.1c)"]
    assert play_out(board).outcome["life"]["Bob"] == 14


def test_unblocked_infect_lifelink_gives_poison_not_life_loss() -> None:
    # Edge case 16 / CR 120.3b, 120.3f: Glistener Elf (infect) given lifelink, unblocked.
    board = board_of([card("elf", "Glistener Elf", "Alice", power=3, toughness=3,
                           abilities=["Lifelink"])],
                     {"attackers": {"elf": "Bob"}})
    outcome = play_out(board).outcome
    assert outcome["poison"]["Bob"] == 3 and outcome["life"] == {"Alice": 23, "Bob": 20}


# --------------------------------------------------------------- the trample seed


def test_furnace_of_rath_four_power_trampler_against_toughness_five() -> None:
    # Trample seed, CR 702.19b, 120.4b: doubling applies after assignment. Ghor-Clan
    # Rampager (4/4 trample) blocked by Wall of Roots (0/5): all 4 must go to the Wall (not
    # "8, so 5 + 3"); dealt as 8.
    board = board_of(
        [card("ram", "Ghor-Clan Rampager", "Alice"), card("wall", "Wall of Roots", "Bob"),
         card("furnace", "Furnace of Rath", "Bob")],
        {"attackers": {"ram": "Bob"}, "blockers": {"wall": ["ram"]}})
    problem = damage_problem(board)
    assert legal_splits(problem, "ram") == {(("wall", 4),)}
    assert messages(problem, {"ram": {"wall": 1, "Bob": 3}}) == [
        "Ghor-Clan Rampager (ram) assigns 3 to Bob but Wall of Roots (wall) has not been assigned "
        "lethal damage (needs 4 more; CR 702.19b)"]
    result = play_out(board)
    assert result.steps[0].plan.assignment == {"ram": {"wall": 4}}
    assert [d.amount for d in result.steps[0].dealt] == [8]
    assert result.outcome["life"]["Bob"] == 20 and result.outcome["destroyed"] == ["wall"]


def test_furnace_of_rath_four_power_trampler_against_toughness_one() -> None:
    # Trample seed: against a 1/1, assign 1 + 3 (not 1 + 7); dealt as 2 and 6.
    board = board_of(
        [card("ram", "Ghor-Clan Rampager", "Alice"), card("elves", "Llanowar Elves", "Bob"),
         card("furnace", "Furnace of Rath", "Bob")],
        {"attackers": {"ram": "Bob"}, "blockers": {"elves": ["ram"]}})
    result = play_out(board)
    assert result.steps[0].plan.assignment == {"ram": {"elves": 1, "Bob": 3},
                                               "elves": {"ram": 1}}
    dealt = {(d.source, d.recipient): d.amount for d in result.steps[0].dealt}
    assert dealt == {("ram", "elves"): 2, ("ram", "Bob"): 6, ("elves", "ram"): 2}
    assert result.outcome["life"]["Bob"] == 14


# --------------------------------------------------------------- banding


def test_banding_blocker_lets_the_defending_player_divide() -> None:
    # CR 702.22j: Colossal Dreadmaw blocked by Benalish Hero (banding) and Grizzly Bears:
    # Bob divides its 6 among the blockers (no trample excess), losing as few creatures as
    # he can: all 6 on one of them.
    board = board_of(
        [card("maw", "Colossal Dreadmaw", "Alice"), card("hero", "Benalish Hero", "Bob"),
         card("bears", "Grizzly Bears", "Bob")],
        {"attackers": {"maw": "Bob"}, "blockers": {"hero": ["maw"], "bears": ["maw"]}})
    problem = damage_problem(board)
    maw = problem.source("maw")
    assert maw.decider == "Bob" and maw.recipients == ("hero", "bears") and not maw.excess
    plan = plan_damage_step(problem)
    assert sorted(plan.assignment["maw"].values()) == [6]
    assert plan.defender[0] == -1  # one creature of Bob's assigned lethal damage
    assert plan.status == "optimal"


def test_blocking_a_banding_creature_lets_the_active_player_divide() -> None:
    # CR 702.22k: Palace Guard blocks Benalish Hero (banding) and Grizzly Bears; Alice
    # divides the Guard's 1 damage and keeps her creatures alive: it goes to the Bears.
    board = board_of(
        [card("hero", "Benalish Hero", "Alice"), card("bears", "Grizzly Bears", "Alice"),
         card("guard", "Palace Guard", "Bob")],
        {"attackers": {"hero": "Bob", "bears": "Bob"}, "blockers": {"guard": ["hero", "bears"]}})
    problem = damage_problem(board)
    assert problem.source("guard").decider == "Alice"
    for objective in ("max-player-damage", "max-kills", "min-losses"):
        plan = plan_damage_step(problem, objective)
        assert plan.assignment["guard"] == {"bears": 1}
        assert active_terms(problem, plan.assignment)["losses"] == 0


# --------------------------------------------------------------- objectives


def test_objectives_choose_among_the_same_legal_assignments() -> None:
    # Colossal Dreadmaw (6/6 trample) blocked by Elvish Warrior (2/3) and Llanowar Elves:
    # max-player-damage kills both and sends 2 to Bob (lethal first, 702.19b); max-kills
    # does the same (both kills are possible); the legal set is the same for every objective.
    board = board_of(
        [card("maw", "Colossal Dreadmaw", "Alice"), card("warrior", "Elvish Warrior", "Bob"),
         card("elves", "Llanowar Elves", "Bob")],
        {"attackers": {"maw": "Bob"}, "blockers": {"warrior": ["maw"], "elves": ["maw"]}})
    problem = damage_problem(board)
    best = plan_damage_step(problem, "max-player-damage")
    assert best.assignment["maw"] == {"warrior": 3, "elves": 1, "Bob": 2}
    assert best.value[:3] == (2, 0, 2)
    kills = plan_damage_step(problem, "max-kills")
    assert kills.value[0] == 2 and kills.value[1] == 2


def test_min_losses_kills_the_blocker_that_would_strike_back() -> None:
    # CR 510.4: in the first-strike step, Silver Knight (2/2 first strike) is blocked by
    # Benalish Knight (2/2 first strike: it deals its damage now, never later) and Grizzly
    # Bears (deals damage in the regular step). min-losses kills the Bears, which would
    # otherwise strike back later; max-kills kills one of them too but, all else equal,
    # prefers the first blocker listed (the documented tie-break).
    board = board_of(
        [card("knight", "Silver Knight", "Alice"), card("bk", "Benalish Knight", "Bob"),
         card("bears", "Grizzly Bears", "Bob")],
        {"attackers": {"knight": "Bob"}, "blockers": {"bk": ["knight"], "bears": ["knight"]}})
    problem = damage_problem(board)
    assert problem.step == "first-strike" and problem.later == {"bears"}
    assert plan_damage_step(problem, "min-losses").assignment["knight"] == {"bears": 2}
    assert plan_damage_step(problem, "max-kills").assignment["knight"] == {"bk": 2}


def test_unknown_objective_is_a_one_line_error() -> None:
    board = board_of([card("bears", "Grizzly Bears", "Alice")], {"attackers": {"bears": "Bob"}})
    with pytest.raises(ScenarioError, match="objective: expected one of"):
        plan_damage_step(damage_problem(board), "most-fun")


# --------------------------------------------------------------- bad input


def test_damage_needs_a_combat() -> None:
    board = build_board(parse_scenario({"players": [{"name": "Alice"}, {"name": "Bob"}]}))
    with pytest.raises(ScenarioError, match="^combat: "):
        damage_problem(board)


def test_blocking_a_creature_that_is_not_attacking_is_an_error() -> None:
    # CR 509.1a: a creature blocks attacking creatures only.
    with pytest.raises(ScenarioError, match=r"combat\.blockers\.giant\[0\]"):
        damage_problem(board_of(
            [card("bears", "Grizzly Bears", "Alice"), card("giant", "Hill Giant", "Bob")],
            {"attackers": {}, "blockers": {"giant": ["bears"]}}))


def test_attacking_a_creature_is_an_error() -> None:
    # CR 506.3: only players, planeswalkers and battles can be attacked.
    with pytest.raises(ScenarioError, match="can't be attacked"):
        damage_problem(board_of(
            [card("bears", "Grizzly Bears", "Alice"), card("giant", "Hill Giant", "Bob")],
            {"attackers": {"bears": "giant"}}))


def test_check_reports_unknown_sources_and_missing_power() -> None:
    # CR 510.1a: every point of power is assigned; a creature not in combat assigns nothing.
    board = board_of(
        [card("bears", "Grizzly Bears", "Alice"), card("elves", "Llanowar Elves", "Alice")],
        {"attackers": {"bears": "Bob"}})
    check = check_damage(damage_problem(board), {"bears": {"Bob": 1}, "elves": {"Bob": 1}},
                         witness=True)
    assert [v.kind for v in check.violations] == ["unknown", "amount"]
    assert "assigns 1 of its 2 combat damage" in check.violations[1].message
    assert check.witness == {"bears": {"Bob": 2}}
    with pytest.raises(ScenarioError, match=r"combat\.assignment\.bears\.Bob"):
        check_damage(damage_problem(board), {"bears": {"Bob": "two"}})  # type: ignore[dict-item]


def test_huge_tramplers_split_exactly_when_the_tie_break_needs_a_second_solve() -> None:
    # CR 702.19b: a trampler assigns lethal damage to each blocker and may assign the rest
    # to the player. Twelve 10^6-power tramplers (one part: they share Bob), each blocked by
    # two creatures of toughness 10^5: the objective with its rank tie-break no longer fits
    # in one exactly weighted sum, so the rank is settled by a second solve
    # (solver/damage/model.py _Model.solve). Most damage to Bob: each assigns exactly lethal
    # damage to its blockers and 8 x 10^5 to Bob.
    perms = []
    attackers: dict[str, str] = {}
    blockers: dict[str, list[str]] = {}
    for i in range(12):
        perms.append(card(f"maw{i}", "Colossal Dreadmaw", "Alice", power=10**6))
        attackers[f"maw{i}"] = "Bob"
        for j in range(2):
            perms.append(card(f"g{i}{j}", "Hill Giant", "Bob", toughness=10**5))
            blockers[f"g{i}{j}"] = [f"maw{i}"]
    problem = damage_problem(board_of(perms, {"attackers": attackers, "blockers": blockers}))
    plan = plan_damage_step(problem)
    assert plan.status == "optimal"
    for i in range(12):
        assert plan.assignment[f"maw{i}"] == {f"g{i}0": 10**5, f"g{i}1": 10**5, "Bob": 8 * 10**5}
