"""Characteristics changed by other permanents (CR 613 layers; issue 10 §1).

Each board is one of issue 10 §1 on real cards; the expected answers come from the rules
cited. Alice is the active (attacking) player; Bob defends.
"""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.block_rules import block_problems
from redzone.models.board import build_board
from redzone.models.damage_rules import damage_problem
from redzone.models.scenario import parse_scenario
from redzone.solver.block.solve import check_blocks, enumerate_all_blocks
from redzone.solver.damage.solve import plan_damage_step


def board_of(permanents: list[dict[str, Any]], combat: dict[str, Any] | None = None, **extra: Any):
    data: dict[str, Any] = {"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": permanents,
                            **extra}
    if combat is not None:
        data["combat"] = combat
    return build_board(parse_scenario(data))


def alice(card: str, id: str, **kw: Any) -> dict[str, Any]:
    return {"id": id, "card": card, "controller": "Alice", **kw}


def bob(card: str, id: str, **kw: Any) -> dict[str, Any]:
    return {"id": id, "card": card, "controller": "Bob", **kw}


def allowed(board) -> dict[str, tuple[str, ...]]:
    (problem,) = block_problems(board)
    return dict(problem.allowed)


def plains(n: int) -> list[dict[str, Any]]:
    return [bob("Plains", f"plains{i}") for i in range(n)]


# ------------------------------------------------------------------ layer 4: types


def test_yavimaya_makes_plains_forests_so_elvish_champion_elves_have_forestwalk() -> None:
    # CR 305.7 / 613.1d: Yavimaya makes each land a Forest in addition to its other types, so
    # Bob's Plains are Forests; Elvish Champion gives other Elves +1/+1 and forestwalk
    # (613.1f, 613.4c); a creature with forestwalk can't be blocked while the defending player
    # controls a Forest (702.14c). Grizzly Bears may block the Champion, never the Elves.
    board = board_of(
        [alice("Yavimaya, Cradle of Growth", "yavimaya"), alice("Elvish Champion", "champion"),
         alice("Llanowar Elves", "elves"), *plains(5), bob("Grizzly Bears", "bears")],
        {"attackers": {"champion": "Bob", "elves": "Bob"}})
    assert "Forest" in board.permanents["plains0"].subtypes
    assert "Plains" in board.permanents["plains0"].subtypes
    assert (board.permanents["elves"].power, board.permanents["elves"].toughness) == (2, 2)
    assert allowed(board)["bears"] == ("champion",)
    (problem,) = block_problems(board)
    found = check_blocks([problem], {"bears": ["elves"]})
    assert not found.legal
    assert "forestwalk" in found.violations[0].message


def test_without_yavimaya_the_bears_may_block_the_elves() -> None:
    # The same board without Yavimaya: Bob controls no Forest, forestwalk does nothing
    # (702.14c), so Bears may block either attacker.
    board = board_of(
        [alice("Elvish Champion", "champion"), alice("Llanowar Elves", "elves"), *plains(5),
         bob("Grizzly Bears", "bears")],
        {"attackers": {"champion": "Bob", "elves": "Bob"}})
    assert allowed(board)["bears"] == ("champion", "elves")


def test_blood_moon_turns_urborg_into_a_mountain_and_stops_its_effect() -> None:
    # CR 305.7, 613.8: "Nonbasic lands are Mountains" makes Urborg a Mountain without its
    # ability, so Bob's Plains are not Swamps and swampwalk (Bog Raiders) does nothing.
    board = board_of(
        [alice("Bog Raiders", "raiders"), bob("Urborg, Tomb of Yawgmoth", "urborg"),
         bob("Blood Moon", "moon"), bob("Plains", "plains"), bob("Grizzly Bears", "bears")],
        {"attackers": {"raiders": "Bob"}})
    assert board.permanents["urborg"].subtypes == ("Mountain",)
    assert "Swamp" not in board.permanents["plains"].subtypes
    assert allowed(board)["bears"] == ("raiders",)


def test_urborg_alone_makes_plains_swamps_for_swampwalk() -> None:
    # CR 305.7, 702.14c: with Urborg, Bob's Plains is a Swamp: Bog Raiders can't be blocked.
    board = board_of(
        [alice("Bog Raiders", "raiders"), bob("Urborg, Tomb of Yawgmoth", "urborg"),
         bob("Plains", "plains"), bob("Grizzly Bears", "bears")],
        {"attackers": {"raiders": "Bob"}})
    assert allowed(board)["bears"] == ()


def test_spreading_seas_makes_a_land_an_island_and_nothing_else() -> None:
    # CR 305.7: "Enchanted land is an Island": the Forest loses its land type, so Bob no longer
    # controls a Forest and forestwalk (Elvish Champion's) no longer applies; but the land is an
    # Island, so islandwalk (Lord of Atlantis's Merfolk) does.
    board = board_of(
        [alice("Elvish Champion", "champion"), alice("Llanowar Elves", "elves"),
         bob("Forest", "forest"), bob("Spreading Seas", "seas", attached_to="forest"),
         bob("Grizzly Bears", "bears")],
        {"attackers": {"elves": "Bob"}})
    assert board.permanents["forest"].subtypes == ("Island",)
    assert allowed(board)["bears"] == ("elves",)


def test_changeling_is_every_creature_type_so_it_is_a_wall() -> None:
    # CR 702.73a: changeling makes the object every creature type, a Wall included, so it may
    # block a creature that "can't be blocked except by Walls" (Invisibility) — and Elvish
    # Champion's "other Elf creatures" reach it (+1/+1).
    board = board_of(
        [alice("Grizzly Bears", "bears"), alice("Invisibility", "inv", attached_to="bears"),
         bob("Woodland Changeling", "outcast"), bob("Elvish Champion", "champ"),
         bob("Llanowar Elves", "elves", tapped=True)],
        {"attackers": {"bears": "Bob"}})
    outcast = board.permanents["outcast"]
    assert "Wall" in outcast.subtypes and "Elf" in outcast.subtypes
    assert (outcast.power, outcast.toughness) == (3, 3)  # 2/2 printed, +1/+1 as an Elf
    assert allowed(board)["outcast"] == ("bears",)
    assert allowed(board)["champ"] == ()


def test_equipment_granting_a_creature_type_matters_to_walls_only_blocks() -> None:
    # CR 613.1d: an Aura that makes the enchanted creature a type "in addition to its other
    # types" — here given inline — makes Bears a Wall, so it may block the Invisibility creature.
    board = board_of(
        [alice("Grizzly Bears", "atk"), alice("Invisibility", "inv", attached_to="atk"),
         bob("Grizzly Bears", "bears"),
         {"id": "mask", "name": "Wall Mask", "controller": "Bob", "types": ["Enchantment"],
          "subtypes": ["Aura"], "attached_to": "bears",
          "text": "Enchanted creature is a Wall in addition to its other types."}],
        {"attackers": {"atk": "Bob"}})
    assert board.permanents["bears"].subtypes == ("Bear", "Wall")
    assert allowed(board)["bears"] == ("atk",)


def test_runed_stalactite_makes_the_equipped_creature_every_type() -> None:
    # CR 613.1d, 613.4c: Runed Stalactite — equipped creature gets +1/+1 and is every creature
    # type: Bob's Bears become a 3/3 Wall too, so they may block the Invisibility creature.
    board = board_of(
        [alice("Grizzly Bears", "atk"), alice("Invisibility", "inv", attached_to="atk"),
         bob("Grizzly Bears", "bears"), bob("Runed Stalactite", "stalactite", attached_to="bears"),
         bob("Savannah Lions", "lions")],
        {"attackers": {"atk": "Bob"}})
    bears = board.permanents["bears"]
    assert "Wall" in bears.subtypes and (bears.power, bears.toughness) == (3, 3)
    assert allowed(board) == {"bears": ("atk",), "lions": ()}


def test_becoming_an_artifact_lets_a_creature_block_fear() -> None:
    # CR 702.36b: a creature with fear can be blocked only by artifact creatures and black
    # creatures. Mycosynth Lattice makes every permanent an artifact (613.1d), so white
    # Savannah Lions may block Dauthi-less fear (Severed Legion).
    without = board_of([alice("Severed Legion", "legion"), bob("Savannah Lions", "lions")],
                       {"attackers": {"legion": "Bob"}})
    assert allowed(without)["lions"] == ()
    board = board_of([alice("Severed Legion", "legion"), bob("Savannah Lions", "lions"),
                      bob("Mycosynth Lattice", "lattice")], {"attackers": {"legion": "Bob"}})
    assert "Artifact" in board.permanents["lions"].types
    assert allowed(board)["lions"] == ("legion",)


# ------------------------------------------------------------------ layer 5: colours


def test_a_colour_change_decides_protection_and_intimidate() -> None:
    # CR 613.1e: "All creatures are black" (Darkest Hour) makes the white Lions black, so they
    # may block a black creature with fear (702.36b) but not one with protection from black
    # (702.16f: Black Knight's protection is from white, so the Lions, now black, can block it).
    board = board_of([alice("Severed Legion", "legion"), alice("White Knight", "wk"),
                      bob("Savannah Lions", "lions"), bob("Darkest Hour", "hour")],
                     {"attackers": {"legion": "Bob", "wk": "Bob"}})
    assert board.permanents["lions"].colors == ("B",)
    # White Knight has protection from black: the black Lions can't block it any more.
    assert allowed(board)["lions"] == ("legion",)


# ------------------------------------------------------------------ layer 6: abilities


def test_humility_removes_flying_and_sets_every_creature_to_1_1() -> None:
    # CR 613.1f, 613.4b: Humility — all creatures lose all abilities and have base power and
    # toughness 1/1. Serra Angel loses flying, so Grizzly Bears may block it; damage is 1 each.
    board = board_of([alice("Serra Angel", "angel"), bob("Grizzly Bears", "bears"),
                      bob("Humility", "humility")],
                     {"attackers": {"angel": "Bob"}, "blockers": {"bears": ["angel"]}})
    angel = board.permanents["angel"]
    assert (angel.power, angel.toughness) == (1, 1)
    assert not board.has_keyword(angel, "flying")
    assert allowed(board)["bears"] == ("angel",)
    plan = plan_damage_step(damage_problem(board))
    assert plan.assignment == {"angel": {"bears": 1}, "bears": {"angel": 1}}


def test_loses_all_abilities_takes_away_earlier_grants_only() -> None:
    # CR 613.7: "loses all abilities" removes abilities granted by effects with an earlier
    # timestamp, not later ones. Llanowar Elves enchanted by Frogify loses the forestwalk from
    # an earlier Elvish Champion — and isn't an Elf any more (a blue Frog, 205.1b), so the
    # Champion doesn't reach it at all.
    board = board_of(
        [alice("Elvish Champion", "champion"), alice("Llanowar Elves", "elves"),
         bob("Frogify", "frog", attached_to="elves"), bob("Forest", "forest"),
         bob("Grizzly Bears", "bears")],
        {"attackers": {"elves": "Bob"}})
    elves = board.permanents["elves"]
    assert elves.subtypes == ("Frog",) and elves.colors == ("U",)
    assert (elves.power, elves.toughness) == (1, 1)
    assert allowed(board)["bears"] == ("elves",)


def test_grant_with_a_later_timestamp_survives_loses_all_abilities() -> None:
    # CR 613.7: Bears lose all abilities (Aura listed first), then an Aura listed later gives
    # flying: the later grant stays, so Bob's ground creature can't block it (702.9b).
    board = board_of(
        [alice("Grizzly Bears", "bears"),
         {"id": "blank", "name": "Blank", "controller": "Bob", "types": ["Enchantment"],
          "subtypes": ["Aura"], "attached_to": "bears", "text": "Enchanted creature loses all abilities."},
         alice("Flight", "flight", attached_to="bears"), bob("Grizzly Bears", "blocker")],
        {"attackers": {"bears": "Bob"}})
    assert board.has_keyword(board.permanents["bears"], "flying")
    assert allowed(board)["blocker"] == ()


def test_grant_with_an_earlier_timestamp_is_lost() -> None:
    # CR 613.7: the same Auras in the other order: flying is granted first and then removed.
    board = board_of(
        [alice("Grizzly Bears", "bears"), alice("Flight", "flight", attached_to="bears"),
         {"id": "blank", "name": "Blank", "controller": "Bob", "types": ["Enchantment"],
          "subtypes": ["Aura"], "attached_to": "bears", "text": "Enchanted creature loses all abilities."},
         bob("Grizzly Bears", "blocker")],
        {"attackers": {"bears": "Bob"}})
    assert not board.has_keyword(board.permanents["bears"], "flying")
    assert allowed(board)["blocker"] == ("bears",)


# ------------------------------------------------------------------ layer 7: power and toughness


def test_watchdog_gives_attackers_minus_one_power_in_planned_damage() -> None:
    # CR 613.4c, 611.3a, 506.4: Watchdog (untapped): creatures attacking Bob get -1/-0 from the
    # declaration on. Unblocked Grizzly Bears deal 1 damage to Bob, not 2.
    board = board_of([alice("Grizzly Bears", "bears"), bob("Watchdog", "dog", tapped=True),
                      bob("Watchdog", "dog2")],
                     {"attackers": {"bears": "Bob"}})
    assert board.permanents["bears"].power == 1
    assert board.permanents["bears"].power_outside_combat == 2
    plan = plan_damage_step(damage_problem(board))
    assert plan.assignment == {"bears": {"Bob": 1}}


def test_a_tapped_watchdog_does_nothing() -> None:
    # Watchdog's effect lasts "as long as [it] is untapped" (611.3a).
    board = board_of([alice("Grizzly Bears", "bears"), bob("Watchdog", "dog", tapped=True)],
                     {"attackers": {"bears": "Bob"}})
    assert board.permanents["bears"].power == 2


def test_war_horn_and_orcish_oriflamme_pump_attackers_only() -> None:
    # CR 613.4c, 611.3a: "Attacking creatures you control get +1/+0" (War Horn, Orcish
    # Oriflamme): the attacking Bears deal 4, the one that stayed home still has power 2.
    board = board_of([alice("Grizzly Bears", "bears"), alice("Grizzly Bears", "home"),
                      alice("War Horn", "horn"), alice("Orcish Oriflamme", "flame")],
                     {"attackers": {"bears": "Bob"}})
    assert board.permanents["bears"].power == 4
    assert board.permanents["home"].power == 2
    assert plan_damage_step(damage_problem(board)).assignment == {"bears": {"Bob": 4}}


def test_gets_plus_n_as_long_as_its_attacking() -> None:
    # CR 611.3a: "As long as this creature is attacking, it gets +2/+0": 4 damage when it
    # attacks, power 2 when it blocks.
    spec = {"id": "raider", "name": "Raider", "controller": "Alice", "types": ["Creature"],
            "power": 2, "toughness": 2, "text": "As long as this creature is attacking, it gets +2/+0."}
    board = board_of([spec], {"attackers": {"raider": "Bob"}})
    assert plan_damage_step(damage_problem(board)).assignment == {"raider": {"Bob": 4}}
    assert board_of([spec]).permanents["raider"].power == 2


def test_given_power_is_current_so_anthems_are_not_added_again() -> None:
    # The scenario's power/toughness are current values (scenario format): Glorious Anthem is
    # already in them. Without them, the Anthem's +1/+1 applies (613.4c).
    given = board_of([alice("Grizzly Bears", "bears", power=3, toughness=3),
                      alice("Glorious Anthem", "anthem")])
    assert (given.permanents["bears"].power, given.permanents["bears"].toughness) == (3, 3)
    printed = board_of([alice("Grizzly Bears", "bears"), alice("Glorious Anthem", "anthem")])
    assert (printed.permanents["bears"].power, printed.permanents["bears"].toughness) == (3, 3)


def test_counters_apply_after_base_power_is_set() -> None:
    # CR 613.4b-c: Humility sets base 1/1; a +1/+1 counter still applies on top: 2/2.
    board = board_of([alice("Grizzly Bears", "bears", counters={"+1/+1": 1}), bob("Humility", "h")])
    assert (board.permanents["bears"].power, board.permanents["bears"].toughness) == (2, 2)


def test_an_effect_the_layers_cant_compute_is_reported() -> None:
    # Never silently wrong: "gets +1/+1 for each ..." can't be computed here; the board reports
    # it (it is listed with the unparsed sentences), and --strict refuses the board.
    board = board_of([alice("Grizzly Bears", "bears"),
                      {"id": "aura", "name": "Growth", "controller": "Alice", "types": ["Enchantment"],
                       "subtypes": ["Aura"], "attached_to": "bears",
                       "text": "Enchanted creature gets +1/+1 for each Forest you control."}])
    notes = [s for _, s in board.unparsed()]
    assert len(notes) == 1 and "not applied" in notes[0]
    given = board_of([alice("Grizzly Bears", "bears", power=2, toughness=2),
                      {"id": "aura", "name": "Growth", "controller": "Alice", "types": ["Enchantment"],
                       "subtypes": ["Aura"], "attached_to": "bears",
                       "text": "Enchanted creature gets +1/+1 for each Forest you control."}])
    assert given.unparsed() == []  # given values are current: nothing is missing


def test_block_problem_for_another_attack_recomputes_combat_bonuses() -> None:
    # CR 506.4, 702.118b: skulk compares powers at the block, after War Horn's +1/+0 for
    # attacking creatures: a 2/2 skulk attacker with War Horn has power 3, so a 3-power blocker
    # may block it. block_problems(board, attackers) recomputes for the attack it is given.
    board = board_of([{"id": "sk", "name": "Sneak", "controller": "Alice", "types": ["Creature"],
                       "power": 2, "toughness": 2, "text": "Skulk"},
                      alice("War Horn", "horn"), bob("Hill Giant", "giant")])
    (problem,) = block_problems(board, {"sk": "Bob"})
    assert problem.allowed["giant"] == ("sk",)
    found = enumerate_all_blocks(block_problems(board, {"sk": "Bob"}))
    assert len(found.declarations) == 2


def test_ai_counts_war_horn_when_it_plans_an_attack() -> None:
    # CR 611.3a, 506.4: War Horn's +1/+0 applies once the Bears attack, so attacking Bob at 3
    # life with no creatures is lethal (2 + 1 = 3); the AI's damage must see it.
    from redzone.solver.ai.decisions import choose_attack

    board = build_board(parse_scenario({
        "players": [{"name": "Alice"}, {"name": "Bob", "life": 3}],
        "permanents": [alice("Grizzly Bears", "bears"), alice("War Horn", "horn")]}))
    decision = choose_attack(board, lookahead=0)
    assert decision.attackers == {"bears": "Bob"}
    assert decision.lethal


def test_intimidate_reads_colours_after_layer_5() -> None:
    # CR 702.13b, 613.1e: Bladetusk Boar (red, intimidate) can be blocked only by artifact
    # creatures and creatures sharing a colour with it. White Savannah Lions can't — until
    # Darkest Hour makes every creature black: then they share black and the Lions may block.
    perms = [alice("Bladetusk Boar", "boar"), bob("Savannah Lions", "lions")]
    assert allowed(board_of(perms, {"attackers": {"boar": "Bob"}}))["lions"] == ()
    board = board_of(perms + [bob("Darkest Hour", "hour")], {"attackers": {"boar": "Bob"}})
    assert board.permanents["boar"].colors == ("B",)
    assert allowed(board)["lions"] == ("boar",)


@pytest.mark.slow
def test_no_characteristic_changing_static_is_silently_ignored() -> None:
    # Never silently wrong (issue 10 §1): on every permanent card of the data, a static
    # sentence that changes types, abilities or power/toughness is read (an effect, or an
    # UnappliedEffect the board reports) or reported unparsed — never "ignored" as not
    # combat-relevant. One-shots (targets, "when ..."), quoted granted abilities and copy
    # effects as a permanent enters are outside this rule.
    import re

    from redzone.models.cards import all_cards
    from redzone.models.parser import analyse_text

    shapes = re.compile(r"in addition to (?:its|their) other (?:creature |card |land )?types|"
                        r"base power and toughness|los(?:e|es) all abilities|every creature type|"
                        r"\bgets? [+\-−][\dX]+/[+\-−][\dX]+")
    silent = []
    for c in all_cards():
        for f in c.faces:
            if "Instant" in f.types or "Sorcery" in f.types:
                continue
            for s in analyse_text(f.text or "", names=(f.name, c.name)):
                bare = re.sub(r'"[^"]*"', '""', s.text)
                if (s.status == "ignored" and s.reason in ("not combat-relevant", "power/toughness")
                        and shapes.search(bare)
                        and not re.search(r"\btargets?\b|^(?:When|Whenever|If|It)\b|\benter\b", bare)):
                    silent.append((c.name, s.text))
    assert silent == []
