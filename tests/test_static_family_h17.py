"""Static abilities of creature cards the parser used to leave unparsed (h17, issue 21: the
static side of "every combat-relevant ability is played"). Each reading is played by the
engine: a real card, the outcome the rules give, the rule cited."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.errors import ScenarioError
from redzone.models.parser import analyse_text
from redzone.solver.frontends.commands import run_command
from tests.trigger_play import damage, perm, scenario


def turn_of(active: str, perms: list[dict[str, Any]], attackers: dict[str, str],
            blockers: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """The ``damage`` answer with ``active`` the active player (CR 102.1)."""
    sc = scenario(perms, attackers, blockers)
    sc["active_player"] = active
    return run_command("damage", sc, {}).to_json()


def statuses(text: str, name: str) -> list[str]:
    return [s.status for s in analyse_text(text, names=(name,)) if s.status != "ignored"]


def dealt(answer: dict[str, Any]) -> dict[tuple[str, str], int]:
    """(source, recipient) -> damage dealt, over the answer's damage steps."""
    out: dict[tuple[str, str], int] = {}
    for step in answer["steps"]:
        for d in step["dealt"]:
            out[(d["source"], d["recipient"])] = out.get((d["source"], d["recipient"]), 0) + d["amount"]
    return out


# ------------------------------------------------------- prevention with a card rider (615.1)


def test_angel_of_suffering_prevents_damage_to_its_controller() -> None:
    # "If damage would be dealt to you, prevent that damage and mill twice that many cards":
    # Bob's Angel prevents the 2 of Alice's unblocked Grizzly Bears (615.1); the mill moves
    # library cards only. Bob stays at 20.
    got = damage([perm("a", "Grizzly Bears", "Alice"), perm("s", "Angel of Suffering", "Bob")],
                 {"a": "Bob"})
    assert got["unparsed"] == []
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 20}
    assert dealt(got)[("a", "Bob")] == 0


def test_gloom_surgeon_prevents_combat_damage_to_itself() -> None:
    # "If combat damage would be dealt to this creature, prevent that damage and exile that
    # many cards ...": Gloom Surgeon (2/1) blocks Grizzly Bears and survives; the Bears die.
    got = damage([perm("a", "Grizzly Bears", "Alice"), perm("g", "Gloom Surgeon", "Bob")],
                 {"a": "Bob"}, {"g": ["a"]})
    assert got["unparsed"] == []
    assert got["outcome"]["destroyed"] == ["a"]
    assert dealt(got)[("a", "g")] == 0


def test_the_mindskinner_prevents_damage_to_opponents_from_your_sources() -> None:
    # "If a source you control would deal damage to an opponent, prevent that damage and each
    # opponent mills that many cards": neither the Mindskinner's 10 nor the Bears' 2 reach
    # Bob (615.1); Bob's own creature still deals damage to Alice's.
    got = damage([perm("a", "Grizzly Bears", "Alice"), perm("m", "The Mindskinner", "Alice"),
                  perm("b", "Grizzly Bears", "Bob")], {"a": "Bob", "m": "Bob"})
    assert got["unparsed"] == []
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 20}


def test_guardian_naga_prevents_damage_during_its_controllers_turn_only() -> None:
    # "During your turn, prevent all damage that would be dealt to this creature" (611.3a,
    # 615.1): on Bob's turn the Naga (5/6) attacks and a blocking Krosan Colossus (9/9) deals
    # it no damage; on Alice's turn the Naga blocks the Colossus and dies (704.5g).
    big = perm("x", "Krosan Colossus", "Alice")
    naga = perm("n", "Guardian Naga // Banishing Coils", "Bob")
    on_bob = turn_of("Bob", [big, naga], {"n": "Alice"}, {"x": ["n"]})
    assert on_bob["unparsed"] == []
    assert dealt(on_bob)[("x", "n")] == 0 and on_bob["outcome"]["destroyed"] == []
    on_alice = turn_of("Alice", [big, naga], {"x": "Bob"}, {"n": ["x"]})
    assert dealt(on_alice)[("x", "n")] == 9 and on_alice["outcome"]["destroyed"] == ["n"]


def test_rider_that_changes_the_board_stays_unparsed() -> None:
    # Khârn's change of control is no card rider: reported. (Anti-Venom's counters are read
    # since h38: the prevention with its counters, tests/test_static_family_h38.py.)
    assert statuses("If damage would be dealt to Khârn the Betrayer, prevent that damage and an "
                    "opponent of your choice gains control of it.",
                    "Khârn the Betrayer") == ["unparsed"]


# --------------------------------------------------------- creatures named ... (CR 201.2)


def test_rock_lobster_and_paper_tiger_name_the_creatures_they_stop() -> None:
    # Paper Tiger: "Creatures named Rock Lobster can't attack or block"; Rock Lobster:
    # "Creatures named Scissors Lizard can't attack or block" (508.1c, 509.1b). Alice's
    # Scissors Lizard can't attack, Bob's Rock Lobster can't block it.
    got = damage([perm("t", "Paper Tiger", "Alice"), perm("l", "Rock Lobster", "Bob"),
                  perm("s", "Scissors Lizard", "Alice")], {"s": "Bob"}, {"l": ["s"]})
    assert got["unparsed"] == []
    assert [x["source"] for x in got["illegal_attackers"]] == ["Scissors Lizard (s)"]
    assert [x["source"] for x in got["illegal_blocks"]] == ["Rock Lobster (l)"]


def test_akron_legionnaire_stops_all_but_its_namesakes_and_artifact_creatures() -> None:
    # "Except for creatures named Akron Legionnaire and artifact creatures, creatures you
    # control can't attack" (508.1c): the Bears can't; the Legionnaire and Ornithopter can.
    got = damage([perm("a", "Akron Legionnaire", "Alice"), perm("b", "Grizzly Bears", "Alice"),
                  perm("o", "Ornithopter", "Alice"), perm("x", "Grizzly Bears", "Bob")],
                 {"a": "Bob", "b": "Bob", "o": "Bob"})
    assert got["unparsed"] == []
    assert [x["source"] for x in got["illegal_attackers"]] == ["Grizzly Bears (b)"]


def test_brothers_yamazaki_pump_each_other() -> None:
    # "Each other creature named Brothers Yamazaki gets +2/+2 and has haste" (613.4c,
    # 613.1f): two of them (2/1 each) are 4/3 with haste: 8 damage on the turn they enter.
    got = damage([perm("a", "Brothers Yamazaki", "Alice", summoning_sick=True),
                  perm("b", "Brothers Yamazaki", "Alice", summoning_sick=True)],
                 {"a": "Bob", "b": "Bob"})
    assert got["unparsed"] == [] and got["illegal_attackers"] == []
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 12}
    alone = damage([perm("a", "Brothers Yamazaki", "Alice", summoning_sick=True)], {"a": "Bob"})
    assert [x["kind"] for x in alone["illegal_attackers"]] == ["unable"]  # no haste alone (302.6)


# ------------------------------------------ values chosen as the permanent entered (614.12)


def test_voice_of_all_protection_from_the_stated_color() -> None:
    # "As this creature enters, choose a color. This creature has protection from the chosen
    # color" with {"color": "green"}: Grizzly Bears' damage to it is prevented (702.16e) and
    # it kills the Bears; a red attacker would not be stopped.
    got = damage([perm("a", "Grizzly Bears", "Alice"),
                  perm("v", "Voice of All", "Bob", choices={"color": "green"})],
                 {"a": "Bob"}, {"v": ["a"]})
    assert got["unparsed"] == []
    assert dealt(got)[("a", "v")] == 0 and got["outcome"]["destroyed"] == ["a"]


def test_voice_of_all_without_its_choice_is_reported_not_guessed() -> None:
    got = damage([perm("a", "Grizzly Bears", "Alice"), perm("v", "Voice of All", "Bob")],
                 {"a": "Bob"}, {"v": ["a"]})
    assert [u["id"] for u in got["unparsed"]] == ["v"]
    assert '"color"' in got["unparsed"][0]["sentence"]
    assert sorted(got["outcome"]["destroyed"]) == ["a", "v"]  # no protection in force


def test_ward_sliver_grants_the_chosen_protection_to_slivers() -> None:
    # "All Slivers have protection from the chosen color" (613.1f): Ward Sliver itself, with
    # green chosen, takes no damage from the Bears.
    got = damage([perm("a", "Grizzly Bears", "Alice"),
                  perm("s", "Ward Sliver", "Bob", choices={"color": "green"})],
                 {"a": "Bob"}, {"s": ["a"]})
    assert got["unparsed"] == [] and dealt(got)[("a", "s")] == 0


def test_riders_of_gavony_protection_from_creatures_of_the_chosen_type() -> None:
    # "Human creatures you control have protection from creatures of the chosen type":
    # Goblin chosen; Bob's Elite Vanguard (a Human) blocks Goblin Piker and takes no damage.
    got = damage([perm("a", "Goblin Piker", "Alice"),
                  perm("r", "Riders of Gavony", "Bob", choices={"creature type": "Goblin"}),
                  perm("t", "Elite Vanguard", "Bob")], {"a": "Bob"}, {"t": ["a"]})
    assert got["unparsed"] == []
    assert dealt(got)[("a", "t")] == 0 and got["outcome"]["destroyed"] == ["a"]


def test_camato_scout_landwalk_of_the_chosen_type() -> None:
    # "Camato Scout has landwalk of the chosen type" (702.14c): Island chosen, Bob controls an
    # Island: Bob's creature can't block it.
    got = damage([perm("c", "Camato Scout", "Alice", choices={"land type": "Island"}),
                  perm("i", "Island", "Bob"), perm("b", "Grizzly Bears", "Bob")],
                 {"c": "Bob"}, {"b": ["c"]})
    assert got["unparsed"] == []
    assert [x["source"] for x in got["illegal_blocks"]] == ["Grizzly Bears (b)"]


def test_a_chosen_value_that_is_no_color_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError, match=r"permanents\[1\]\.choices\.color"):
        damage([perm("a", "Grizzly Bears", "Alice"),
                perm("v", "Voice of All", "Bob", choices={"color": "greenish"})], {"a": "Bob"})


# ------------------------------------- facts about the defending player (508.1c, 509.1b, 508.5)


def players(**poison_graveyard: Any) -> list[dict[str, Any]]:
    return [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20, **poison_graveyard}]


def run(perms: list[dict[str, Any]], attackers: dict[str, str],
        blockers: dict[str, list[str]] | None = None, **bob: Any) -> dict[str, Any]:
    sc = scenario(perms, attackers, blockers)
    sc["players"] = players(**bob)
    return run_command("damage", sc, {}).to_json()


def test_chained_throatseeker_attacks_only_a_poisoned_player() -> None:
    # "can't attack unless defending player is poisoned": Bob with no poison counter can't
    # be attacked by it; with one he can.
    t = [perm("t", "Chained Throatseeker", "Alice")]
    assert [x["kind"] for x in run(t, {"t": "Bob"})["illegal_attackers"]] == ["unable"]
    got = run(t, {"t": "Bob"}, poison=1)
    assert got["illegal_attackers"] == [] and got["outcome"]["poison"]["Bob"] == 6  # infect


def test_vantress_gargoyle_needs_seven_cards_in_the_defenders_graveyard() -> None:
    g = [perm("g", "Vantress Gargoyle", "Alice")]
    six = ["Grizzly Bears"] * 6
    assert run(g, {"g": "Bob"}, graveyard=six)["illegal_attackers"] != []
    assert run(g, {"g": "Bob"}, graveyard=six + ["Island"])["illegal_attackers"] == []


def test_hooded_horror_unblockable_while_the_defender_has_the_most_creatures() -> None:
    # "can't be blocked as long as defending player controls the most creatures or is tied
    # for the most" (509.1b): Bob with 1 creature against Alice's 1 (tied): unblockable;
    # with Alice at 2 creatures, Bob's Bears may block.
    h = perm("h", "Hooded Horror", "Alice")
    bears = perm("b", "Grizzly Bears", "Bob")
    tied = run([h, bears], {"h": "Bob"}, {"b": ["h"]})
    assert [x["source"] for x in tied["illegal_blocks"]] == ["Grizzly Bears (b)"]
    fewer = run([h, perm("x", "Grizzly Bears", "Alice"), bears], {"h": "Bob"}, {"b": ["h"]})
    assert fewer["illegal_blocks"] == []


def test_graxiplon_blockable_only_by_a_defender_with_three_of_a_type() -> None:
    # "can't be blocked unless defending player controls three or more creatures that share
    # a creature type": two Bears can't block it, three can.
    g = perm("g", "Graxiplon", "Alice")
    two = [perm(f"b{i}", "Grizzly Bears", "Bob") for i in range(2)]
    got = run([g, *two], {"g": "Bob"}, {"b0": ["g"]})
    assert [x["source"] for x in got["illegal_blocks"]] == ["Grizzly Bears (b0)"]
    three = two + [perm("b2", "Grizzly Bears", "Bob")]
    assert run([g, *three], {"g": "Bob"}, {"b0": ["g"]})["illegal_blocks"] == []


def test_godhunter_octopus_needs_an_enchantment_or_an_enchanted_permanent() -> None:
    o = perm("o", "Godhunter Octopus", "Alice")
    assert run([o, perm("b", "Grizzly Bears", "Bob")], {"o": "Bob"})["illegal_attackers"] != []
    aura = perm("p", "Pacifism", "Alice", attached_to="b")  # Alice's Aura on Bob's creature
    assert run([o, perm("b", "Grizzly Bears", "Bob"), aura], {"o": "Bob"})["illegal_attackers"] == []
    ench = perm("e", "Glorious Anthem", "Bob")
    assert run([o, ench], {"o": "Bob"})["illegal_attackers"] == []


# -------------------------------------------------- a cost per counter (508.1d, 508.1h, 509.1d)


def test_phyrexian_marauder_pays_one_per_plus_one_counter_to_attack() -> None:
    # "can't attack unless you pay {1} for each +1/+1 counter on it": with three counters it
    # costs {3}: illegal with 2 mana, legal with 3 (508.1h-j).
    for mana, legal in ((2, False), (3, True)):
        sc = {"players": [{"name": "Alice", "mana": mana}, {"name": "Bob"}],
              "permanents": [perm("m", "Phyrexian Marauder", "Alice", counters={"+1/+1": 3})]}
        got = run_command("check-attack", sc, {"declaration": {"m": "Bob"}}).to_json()
        assert (got["legal"], got["mana_paid"], got["unparsed"]) == (legal, 3, [])


def test_myr_prototype_pays_to_block_too() -> None:
    # "... can't attack or block unless you pay {1} for each +1/+1 counter on it" (509.1d):
    # blocking with two counters and 1 mana is illegal; with 2 mana it is legal.
    for mana, legal in ((1, False), (2, True)):
        sc = {"players": [{"name": "Alice"}, {"name": "Bob", "mana": mana}],
              "permanents": [perm("a", "Grizzly Bears", "Alice"),
                             perm("m", "Myr Prototype", "Bob", counters={"+1/+1": 2})],
              "combat": {"attackers": {"a": "Bob"}}}
        got = run_command("check-block", sc, {"blockers": {"m": ["a"]}}).to_json()
        assert got["legal"] is legal and got["unparsed"] == []


def test_seeker_of_slaanesh_makes_each_opponent_attack_with_a_creature() -> None:
    # "Each opponent must attack with at least one creature each combat if able" (508.1d):
    # Alice attacking no one disobeys it; attacking Carol (not Bob) obeys it.
    sc = {"players": [{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}],
          "permanents": [perm("s", "Seeker of Slaanesh", "Bob"), perm("a", "Grizzly Bears", "Alice")]}
    none = run_command("check-attack", sc, {"declaration": {}}).to_json()
    assert none["legal"] is False and none["requirements"]["maximum"] == 1
    carol = run_command("check-attack", sc, {"declaration": {"a": "Carol"}}).to_json()
    assert carol["legal"] is True and carol["unparsed"] == []


# ------------------------------------------------------ tapped creatures that block (509.1a)


def test_masako_lets_its_controllers_tapped_creatures_block() -> None:
    # "Tapped creatures you control can block as though they were untapped": Bob's tapped
    # Hill Giant blocks and kills the Bears (510.1); under Alice's Masako it can't (509.1a).
    giant = perm("b", "Hill Giant", "Bob", tapped=True)
    bears = perm("a", "Grizzly Bears", "Alice")
    mine = damage([bears, perm("m", "Masako the Humorless", "Bob"), giant], {"a": "Bob"}, {"b": ["a"]})
    assert mine["illegal_blocks"] == [] and mine["outcome"]["destroyed"] == ["a"]
    theirs = damage([bears, perm("m", "Masako the Humorless", "Alice"), giant], {"a": "Bob"},
                    {"b": ["a"]})
    assert [x["source"] for x in theirs["illegal_blocks"]] == ["Hill Giant (b)"]


def test_siege_elemental_the_block_ai_uses_a_tapped_blocker() -> None:
    # "Tapped creatures can block" (any player's): Bob's only creature is tapped, yet the
    # block AI blocks the Bears with it (a 3/3 kills a 2/2 and survives).
    sc = {"players": [{"name": "Alice"}, {"name": "Bob"}],
          "permanents": [perm("a", "Grizzly Bears", "Alice"),
                         perm("s", "Siege Elemental", "Alice", tapped=True),
                         perm("b", "Hill Giant", "Bob", tapped=True)],
          "combat": {"attackers": {"a": "Bob"}}}
    assert run_command("choose-block", sc, {}).to_json()["blockers"] == {"b": ["a"]}


def test_hipparion_pays_to_block_a_big_creature_only() -> None:
    # "can't block creatures with power 3 or greater unless you pay {1}" (509.1d): blocking
    # Hill Giant (3/3) with no mana is illegal, with 1 mana legal; blocking Bears is free.
    def legal(mana: int, attacker: str) -> bool:
        sc = {"players": [{"name": "Alice"}, {"name": "Bob", "mana": mana}],
              "permanents": [perm("a", "Hill Giant", "Alice"), perm("g", "Grizzly Bears", "Alice"),
                             perm("h", "Hipparion", "Bob")],
              "combat": {"attackers": {"a": "Bob", "g": "Bob"}}}
        return run_command("check-block", sc, {"blockers": {"h": [attacker]}}).to_json()["legal"]
    assert (legal(0, "a"), legal(1, "a"), legal(0, "g")) == (False, True, True)


def test_stone_tongue_basilisk_lure_under_its_stated_threshold() -> None:
    # "As long as there are seven or more cards in your graveyard, all creatures able to
    # block this creature do so" (611.3a, 509.1c; threshold stated in "conditions"): Bob's
    # untapped Bears not blocking it disobeys the requirement.
    cond = {"there are seven or more cards in your graveyard": True}
    sc = {"players": [{"name": "Alice"}, {"name": "Bob"}],
          "permanents": [perm("s", "Stone-Tongue Basilisk", "Alice", conditions=cond),
                         perm("b", "Grizzly Bears", "Bob")],
          "combat": {"attackers": {"s": "Bob"}}}
    got = run_command("check-block", sc, {"blockers": {}}).to_json()
    assert got["legal"] is False and got["unparsed"] == []
    sc["permanents"][0]["conditions"] = {"there are seven or more cards in your graveyard": False}
    assert run_command("check-block", sc, {"blockers": {}}).to_json()["legal"] is True


def test_pristine_angel_protection_from_artifacts_and_each_color_while_untapped() -> None:
    # "As long as this creature is untapped, it has protection from artifacts and from each
    # color" (702.16e): the untapped Angel blocks a green Bears and its damage is prevented.
    got = damage([perm("a", "Grizzly Bears", "Alice"), perm("p", "Pristine Angel", "Bob")],
                 {"a": "Bob"}, {"p": ["a"]})
    assert got["unparsed"] == [] and dealt(got)[("a", "p")] == 0


def test_wardscale_dragon_spell_rule_is_set_aside() -> None:
    # "As long as this creature is attacking, defending player can't cast spells": redzone
    # plays no spell during combat, so the sentence is ignored (about spells), not unparsed.
    assert statuses("As long as this creature is attacking, defending player can't cast spells.",
                    "Wardscale Dragon") == []


def test_scarred_puma_needs_a_black_or_green_companion() -> None:
    # "can't attack unless a black or green creature also attacks" (508.1c): with a white
    # Savannah Lions it can't; with a green Grizzly Bears it can; the attack solver, asked to
    # obey "attacks each combat if able", sends the Bears along.
    sc = {"players": [{"name": "Alice"}, {"name": "Bob"}],
          "permanents": [perm("p", "Scarred Puma", "Alice"), perm("g", "Grizzly Bears", "Alice"),
                         perm("w", "Savannah Lions", "Alice")]}

    def legal(declaration: dict[str, str]) -> bool:
        return run_command("check-attack", sc, {"declaration": declaration}).to_json()["legal"]
    assert (legal({"p": "Bob", "w": "Bob"}), legal({"p": "Bob", "g": "Bob"})) == (False, True)
    sc["permanents"][0]["abilities"] = ["This creature attacks each combat if able."]
    assert run_command("attack", sc, {}).to_json()["attackers"] == {"p": "Bob", "g": "Bob"}


# ------------------------------------ attack rules under "unless" / an earlier turn (611.3a)


def attack_check(perms: list[dict[str, Any]], declaration: dict[str, str]) -> dict[str, Any]:
    sc = {"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": perms}
    return run_command("check-attack", sc, {"declaration": declaration}).to_json()


def test_reckless_cohort_must_attack_unless_another_ally_is_there() -> None:
    # "attacks each combat if able unless you control another Ally" (508.1d): alone, not
    # attacking disobeys the requirement; with Ondu Cleric (an Ally) there is none.
    alone = attack_check([perm("r", "Reckless Cohort", "Alice")], {})
    assert (alone["legal"], alone["requirements"]["maximum"]) == (False, 1)
    ally = attack_check([perm("r", "Reckless Cohort", "Alice"), perm("o", "Ondu Cleric", "Alice")], {})
    assert (ally["legal"], ally["requirements"]["maximum"]) == (True, 0)


def test_marauding_maulhorn_named_advocate_lifts_the_requirement() -> None:
    with_advocate = attack_check([perm("m", "Marauding Maulhorn", "Alice"),
                                  perm("a", "Advocate of the Beast", "Alice")], {})
    assert with_advocate["legal"] is True
    assert attack_check([perm("m", "Marauding Maulhorn", "Alice")], {})["legal"] is False


def test_pipsqueak_can_attack_alone_only_with_a_counter() -> None:
    # "can't attack alone unless he has a +1/+1 counter on him" (508.1c).
    assert attack_check([perm("p", "Pipsqueak, Rebel Strongarm", "Alice")], {"p": "Bob"})["legal"] is False
    assert attack_check([perm("p", "Pipsqueak, Rebel Strongarm", "Alice", counters={"+1/+1": 1})],
                        {"p": "Bob"})["legal"] is True


def test_giant_turtle_last_turn_is_stated_never_guessed() -> None:
    # "can't attack if it attacked during your last turn": an earlier turn is no board fact,
    # so the scenario states it; unstated, the sentence is reported.
    said = {"Giant Turtle attacked during your last turn": True}
    assert attack_check([perm("t", "Giant Turtle", "Alice", conditions=said)], {"t": "Bob"})["legal"] is False
    unsaid = attack_check([perm("t", "Giant Turtle", "Alice")], {"t": "Bob"})
    assert [u["id"] for u in unsaid["unparsed"]] == ["t"]


def test_agent_frank_horrigan_indestructible_while_it_attacks() -> None:
    # "has indestructible as long as it attacked this turn": a scenario is one combat, the
    # turn's first, so attacking now is attacking this turn. Blocked by Krosan Colossus (9/9)
    # it survives the damage (702.12b); blocking the Colossus on Bob's turn it dies.
    frank = perm("f", "Agent Frank Horrigan", "Alice")
    big = perm("x", "Krosan Colossus", "Bob")
    attacking = damage([frank, big], {"f": "Bob"}, {"x": ["f"]})
    assert attacking["unparsed"] == [] and "f" not in attacking["outcome"]["destroyed"]
    blocking = turn_of("Bob", [frank, big], {"x": "Alice"}, {"f": ["x"]})
    assert "f" in blocking["outcome"]["destroyed"]


def test_void_winnower_opponents_block_only_with_odd_mana_values() -> None:
    # "Your opponents can't block with creatures with even mana values" (509.1b, 202.3):
    # Grizzly Bears (mana value 2) can't block; Savannah Lions (1) can.
    got = damage([perm("v", "Void Winnower", "Alice"), perm("a", "Grizzly Bears", "Alice"),
                  perm("b", "Grizzly Bears", "Bob"), perm("l", "Savannah Lions", "Bob")],
                 {"a": "Bob", "v": "Bob"}, {"b": ["a"], "l": ["v"]})
    assert got["unparsed"] == []
    assert [x["source"] for x in got["illegal_blocks"]] == ["Grizzly Bears (b)"]


def test_mistmeadow_skulk_protection_from_mana_value_3_or_greater() -> None:
    # 702.16f: Hill Giant (mana value 4) can't block it; Grizzly Bears (2) can.
    got = damage([perm("s", "Mistmeadow Skulk", "Alice"), perm("g", "Hill Giant", "Bob")],
                 {"s": "Bob"}, {"g": ["s"]})
    assert [x["source"] for x in got["illegal_blocks"]] == ["Hill Giant (g)"]
    ok = damage([perm("s", "Mistmeadow Skulk", "Alice"), perm("b", "Grizzly Bears", "Bob")],
                {"s": "Bob"}, {"b": ["s"]})
    assert ok["illegal_blocks"] == [] and ok["unparsed"] == []


def test_callous_giant_prevents_only_small_damage() -> None:
    # "If a source would deal 3 or less damage to this creature, prevent that damage"
    # (615.1): Hill Giant's 3 is prevented; Krosan Colossus's 9 is dealt and kills it.
    small = damage([perm("c", "Callous Giant", "Bob"), perm("a", "Hill Giant", "Alice")],
                   {"a": "Bob"}, {"c": ["a"]})
    assert dealt(small)[("a", "c")] == 0 and small["outcome"]["destroyed"] == ["a"]
    big = damage([perm("c", "Callous Giant", "Bob"), perm("k", "Krosan Colossus", "Alice")],
                 {"k": "Bob"}, {"c": ["k"]})
    assert dealt(big)[("k", "c")] == 9 and big["outcome"]["destroyed"] == ["c"]


def test_gisela_halves_damage_to_her_side_rounding_the_prevention_up() -> None:
    # "... prevent half that damage, rounded up": the Colossus's 9 to Bob becomes 4 (5
    # prevented); her first-strike 5 to Alice's Hill Giant is doubled to 10 (614.1a).
    got = damage([perm("g", "Gisela, Blade of Goldnight", "Bob"), perm("k", "Krosan Colossus", "Alice"),
                  perm("h", "Hill Giant", "Alice")], {"k": "Bob", "h": "Bob"}, {"g": ["h"]})
    assert got["unparsed"] == []
    assert (dealt(got)[("k", "Bob")], dealt(got)[("g", "h")]) == (4, 10)
    assert got["outcome"]["life"]["Bob"] == 16


# -------------------------------------------------------------- more subjects (613.1f)


def test_masked_gorgon_green_and_white_creatures_get_protection_from_gorgons() -> None:
    # "Green creatures and white creatures have protection from Gorgons" (702.16e): Bob's
    # green Bears blocks Alice's Masked Gorgon (5/5) and takes no damage.
    no = {"there are seven or more cards in your graveyard": False}
    got = damage([perm("m", "Masked Gorgon", "Bob", conditions=no), perm("b", "Grizzly Bears", "Bob"),
                  perm("g", "Masked Gorgon", "Alice", conditions=no)], {"g": "Bob"}, {"b": ["g"]})
    assert got["unparsed"] == [] and dealt(got)[("g", "b")] == 0


def test_timber_protector_other_treefolk_are_indestructible() -> None:
    # "Other Treefolk and Forests you control have indestructible" (702.12b): Ironroot
    # Treefolk (3/5) blocks Krosan Colossus (9/9) and stays.
    got = damage([perm("t", "Timber Protector", "Bob"), perm("w", "Ironroot Treefolk", "Bob"),
                  perm("k", "Krosan Colossus", "Alice")], {"k": "Bob"}, {"w": ["k"]})
    assert got["unparsed"] == [] and got["outcome"]["destroyed"] == []
    alone = damage([perm("w", "Ironroot Treefolk", "Bob"), perm("k", "Krosan Colossus", "Alice")],
                   {"k": "Bob"}, {"w": ["k"]})
    assert alone["outcome"]["destroyed"] == ["w"]


def test_avatar_kyoshi_land_creatures_have_trample() -> None:
    # "Lands you control have trample": Dryad Arbor (a land creature, here 4/1) blocked by
    # Wall of Wood (0/3) assigns 3 to the Wall and tramples 1 over (702.19b).
    got = damage([perm("t", "Avatar Kyoshi", "Alice"),  # the back face
                  perm("l", "Dryad Arbor", "Alice", power=4), perm("b", "Wall of Wood", "Bob")],
                 {"l": "Bob"}, {"b": ["l"]})
    assert got["unparsed"] == [] and got["outcome"]["life"]["Bob"] == 19


def test_kembas_legion_blocks_one_more_per_equipment() -> None:
    # "... can block an additional creature each combat for each Equipment attached to this
    # creature" (509.1a): with one Bonesplitter it blocks two Bears, not three; bare, one.
    kemba = perm("k", "Kemba's Legion", "Bob")
    eq = perm("e", "Bonesplitter", "Bob", attached_to="k")
    bears = [perm(x, "Grizzly Bears", "Alice") for x in "abc"]
    attack = {"a": "Bob", "b": "Bob", "c": "Bob"}
    assert damage([kemba, eq, *bears], attack, {"k": ["a", "b"]})["illegal_blocks"] == []
    assert damage([kemba, eq, *bears], attack, {"k": ["a", "b", "c"]})["illegal_blocks"] != []
    assert damage([kemba, *bears], attack, {"k": ["a", "b"]})["illegal_blocks"] != []


def test_cloud_two_conditions_your_turn_and_equipped() -> None:
    # "During your turn, as long as Cloud is equipped, it has double strike and
    # indestructible" (611.3a: both must hold). Equipped with Bonesplitter (6/4) on Alice's
    # turn it deals 6 twice to Krosan Colossus (9/9) and survives its 9; on Bob's turn, or
    # unequipped, it dies.
    cloud = perm("c", "Cloud, Planet's Champion", "Alice")
    eq = perm("e", "Bonesplitter", "Alice", attached_to="c")
    big = perm("k", "Krosan Colossus", "Bob")
    mine = turn_of("Alice", [cloud, eq, big], {"c": "Bob"}, {"k": ["c"]})
    assert mine["unparsed"] == [] and mine["outcome"]["destroyed"] == ["k"]
    assert dealt(mine)[("c", "k")] == 12
    assert turn_of("Bob", [cloud, eq, big], {"k": "Alice"}, {"c": ["k"]})["outcome"]["destroyed"] == ["c"]
    assert turn_of("Alice", [cloud, big], {"c": "Bob"}, {"k": ["c"]})["outcome"]["destroyed"] == ["c"]


def test_stormtide_leviathan_only_fliers_and_islandwalkers_attack() -> None:
    # "Creatures without flying or islandwalk can't attack" (508.1c): Grizzly Bears can't;
    # Suntail Hawk (flying) and a creature with islandwalk can.
    sc = {"players": [{"name": "Alice"}, {"name": "Bob"}],
          "permanents": [perm("s", "Stormtide Leviathan", "Bob"), perm("g", "Grizzly Bears", "Alice"),
                         perm("f", "Suntail Hawk", "Alice"),
                         perm("i", "Fugitive Wizard", "Alice", abilities=["Islandwalk"])]}
    got = run_command("check-attack", sc, {"declaration": {"g": "Bob", "f": "Bob", "i": "Bob"}}).to_json()
    assert got["unparsed"] == []
    assert [v["source"] for v in got["violations"]] == ["Grizzly Bears (g)"]


def test_tribal_golem_one_keyword_per_condition() -> None:
    # "... trample as long as you control a Beast, haste as long as you control a Goblin, ...
    # flying as long as you control a Wizard, ..." (611.3a): with a Goblin and a Wizard
    # (Prodigal Sorcerer) it has haste and flying, not trample nor first strike.
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario

    board = build_board(parse_scenario({
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "permanents": [perm("t", "Tribal Golem", "Alice"), perm("g", "Raging Goblin", "Alice"),
                       perm("w", "Prodigal Sorcerer", "Alice")]}))
    golem = board.permanents["t"]
    has = [k for k in ("trample", "haste", "first strike", "flying") if board.has_keyword(golem, k)]
    assert has == ["haste", "flying"] and golem.parsed.unparsed == ()


def test_death_baron_reaches_a_skeleton_zombie_once() -> None:
    # "Skeletons you control and other Zombies you control get +1/+1 and have deathtouch"
    # (613.4c; the ruling: a creature that is both gets +1/+1 once): Drudge Skeletons 2/2,
    # Walking Corpse 3/3, Changeling Outcast (every type, 702.73a) 1/1 becomes 2/2; Death
    # Baron itself stays 2/2.
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario

    board = build_board(parse_scenario({
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "permanents": [perm("d", "Death Baron", "Alice"), perm("s", "Drudge Skeletons", "Alice"),
                       perm("z", "Walking Corpse", "Alice"), perm("both", "Changeling Outcast", "Alice")]}))
    got = {k: (p.power, p.toughness, board.has_keyword(p, "deathtouch"))
           for k, p in board.permanents.items()}
    assert got == {"d": (2, 2, False), "s": (2, 2, True), "z": (3, 3, True), "both": (2, 2, True)}


def test_a_conditional_enters_trigger_is_set_aside_an_attack_trigger_is_not() -> None:
    # Centaur Chieftain's threshold grants a "When this creature enters" trigger: it is on
    # the battlefield already and never enters in the combat: ignored. A granted attack
    # trigger under the same condition stays reported (it would fire in combat).
    enters = ('As long as there are seven or more cards in your graveyard, this creature has '
              '"When this creature enters, creatures you control get +1/+1 and gain trample until '
              'end of turn."')
    assert statuses(enters, "Centaur Chieftain") == []
    attacks = ('As long as there are seven or more cards in your graveyard, this creature has '
               '"Whenever this creature attacks, it gets +1/+1 until end of turn."')
    assert statuses(attacks, "Centaur Chieftain") == ["unparsed"]


def test_bothersome_quasit_goaded_creatures_cant_block() -> None:
    # "Goaded creatures your opponents control can't block" (509.1b; goad 701.15 stated in
    # the scenario's effects): Bob's goaded Hill Giant can't block, his other one can.
    sc = {"players": [{"name": "Alice"}, {"name": "Bob"}],
          "permanents": [perm("q", "Bothersome Quasit", "Alice"), perm("a", "Grizzly Bears", "Alice"),
                         perm("g", "Hill Giant", "Bob"), perm("h", "Hill Giant", "Bob")],
          "effects": [{"goad": "g", "by": "Alice"}], "combat": {"attackers": {"a": "Bob"}}}

    def legal(blocker: str) -> bool:
        return run_command("check-block", sc, {"blockers": {blocker: ["a"]}}).to_json()["legal"]
    assert (legal("g"), legal("h")) == (False, True)
