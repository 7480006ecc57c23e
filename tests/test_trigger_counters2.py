"""h14's effects of triggered abilities of combat (docs/triggers.md, "More effects (h14)";
:mod:`redzone.models.triggers.more_effects`): groups of permanents, read from real cards and
played by the ``damage`` job, each answer worked out by hand from the rules."""

from __future__ import annotations

from redzone.models.ability_base import Quality
from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.types import (Amount, CantBeBlockedEffect, Count, CounterChange, Counters,
                                           DamageEffect, Sacrifice, ValueOnly,
                                           TapEffect, Who)
from trigger_play import damage, perm


# ---------------------------------------------------------------- groups of permanents


def test_a_group_is_read_with_the_counted_amounts_grammar() -> None:
    # Roaring Slagwurm: "tap all artifacts" — every artifact, any controller's (701.26a).
    got = parse_trigger("Whenever this creature attacks, tap all artifacts.")
    assert got is not None
    assert got.effects == (TapEffect(Who("group", count=Count(
        "permanents", (Quality(types=("Artifact",)),), "any"))),)
    # Jorn, God of Winter: "each snow permanent you control" (a supertype, 205.4).
    jorn = parse_trigger("Whenever Jorn attacks, untap each snow permanent you control.",
                         ("Jorn, God of Winter",))
    assert jorn is not None and jorn.effects[0] == TapEffect(Who("group", count=Count(
        "permanents", (Quality(supertypes=("Snow",)),), "you")), untap=True)
    # Kibo, Uktabi Prince: "each creature you control that's an Ape or a Monkey": one of them
    kibo = parse_trigger("Whenever an artifact an opponent controls is put into a graveyard from "
                         "the battlefield, put a +1/+1 counter on each creature you control "
                         "that's an Ape or a Monkey.")
    assert kibo is not None
    group = kibo.effects[0].who.count  # type: ignore[union-attr]
    assert group is not None and [q.subtypes for q in group.qualities] == [("Ape",), ("Monkey",)]


def test_roaring_slagwurm_taps_the_defenders_artifact_creature() -> None:
    # 701.26a: the attack trigger taps every artifact, Bob's Ornithopter too; 6 to Bob.
    got = damage([perm("w", "Roaring Slagwurm", "Alice"), perm("o", "Ornithopter", "Bob")],
                 {"w": "Bob"})
    assert got["triggers"][0]["result"] == "o tapped"
    assert got["outcome"]["life"]["Bob"] == 14


def test_oran_rief_ooze_grows_each_attacker_that_has_a_counter() -> None:
    # Oran-Rief Ooze (2/2) attacks with two Grizzly Bears, one of them with a +1/+1 counter:
    # only that one gets another (613.4c): 2 + 4 + 2 = 8 damage, Bob 12.
    got = damage([perm("ooze", "Oran-Rief Ooze", "Alice"),
                  perm("b1", "Grizzly Bears", "Alice", counters={"+1/+1": 1}),
                  perm("b2", "Grizzly Bears", "Alice")],
                 {"ooze": "Bob", "b1": "Bob", "b2": "Bob"})
    assert got["outcome"]["counters"] == {"b1": {"+1/+1": 2}}
    assert got["outcome"]["life"]["Bob"] == 12


def test_lockjaw_snapper_dying_finishes_the_creature_it_withered() -> None:
    # Hill Giant (3/3) is blocked by Lockjaw Snapper (2/2 wither): two -1/-1 counters on the
    # Giant (702.80a, a 1/1), 3 damage kills the Snapper; its dies trigger puts a -1/-1
    # counter on each creature with one: the Giant is 0/0 and dies (704.5f).
    got = damage([perm("giant", "Hill Giant", "Alice"), perm("snap", "Lockjaw Snapper", "Bob")],
                 {"giant": "Bob"}, {"snap": ["giant"]}, triggers_resolved=["attack", "block"])
    assert sorted(got["outcome"]["destroyed"]) == ["giant", "snap"]
    assert got["outcome"]["counters"]["giant"] == {"-1/-1": 3}


# ---------------------------------------------------------------- counters moved as it dies


def test_iron_apprentice_puts_the_counters_it_had_on_a_creature_of_its_controller() -> None:
    # Iron Apprentice (0/0, one +1/+1 counter) blocks Hill Giant and dies; "if it had counters
    # on it" (603.4, looking back 603.10a) holds: its counter goes on Bob's Grizzly Bears, the
    # only legal target (608.2h: the counters it had as it last existed).
    got = damage([perm("giant", "Hill Giant", "Alice"),
                  perm("app", "Iron Apprentice", "Bob", counters={"+1/+1": 1}),
                  perm("bears", "Grizzly Bears", "Bob")],
                 {"giant": "Bob"}, {"app": ["giant"]}, triggers_resolved=["attack", "block"])
    assert got["outcome"]["destroyed"] == ["app"]
    assert got["triggers"][0]["choices"] == {"target": "bears"}
    assert got["outcome"]["counters"]["bears"] == {"+1/+1": 1}


def test_scolding_administrator_without_counters_does_not_trigger() -> None:
    # 603.4: an intervening "if" false as the event happens: the ability doesn't trigger (no
    # target is chosen, nothing resolves).
    got = damage([perm("giant", "Hill Giant", "Alice"),
                  perm("adm", "Scolding Administrator", "Bob")],
                 {"giant": "Bob"}, {"adm": ["giant"]}, triggers_resolved=["attack", "block"])
    assert got["outcome"]["destroyed"] == ["adm"]
    assert got.get("triggers", []) == []


def test_selfless_police_captain_moves_only_its_plus_counters() -> None:
    # "its +1/+1 counters": the +1/+1 counters only, not its stun counter (122.1).
    got = damage([perm("giant", "Hill Giant", "Alice"),
                  perm("cap", "Selfless Police Captain", "Bob", counters={"+1/+1": 1, "stun": 1}),
                  perm("bears", "Grizzly Bears", "Bob")],
                 {"giant": "Bob"}, {"cap": ["giant"]}, triggers_resolved=["attack", "block"])
    assert got["outcome"]["counters"]["bears"] == {"+1/+1": 1}


# ---------------------------------------------------------------- damage dealt by the creature whose event it was


def test_stalking_vengeance_damage_is_dealt_by_the_creature_that_died() -> None:
    # Vampire Nighthawk (2/3 deathtouch lifelink) blocks Hill Giant: both die. Stalking
    # Vengeance: "it deals damage equal to its power to target player or planeswalker" — the
    # Nighthawk deals 2 (its power as it last existed, 608.2h) to Alice, Bob's choice of
    # target, and its lifelink gains Bob 2 (702.15b): Bob 20 + 2 + 2, Alice 18.
    got = damage([perm("giant", "Hill Giant", "Alice"), perm("hawk", "Vampire Nighthawk", "Bob"),
                  perm("sv", "Stalking Vengeance", "Bob")],
                 {"giant": "Bob"}, {"hawk": ["giant"]}, triggers_resolved=["attack", "block"])
    assert got["triggers"][0]["result"] == "2 damage to Alice"
    assert got["outcome"]["life"] == {"Alice": 18, "Bob": 24}


def test_wrathful_red_dragon_may_not_target_a_dragon() -> None:
    # "any target that isn't a Dragon": the creature type excludes Dragons from the targets.
    got = parse_trigger("Whenever a Dragon you control is dealt damage, it deals that much damage "
                        "to any target that isn't a Dragon.")
    assert got is not None
    e = got.effects[0]
    assert isinstance(e, DamageEffect) and e.by == "trigger"
    assert e.who == Who("any_target", qualities=(Quality(exclude_subtypes=("Dragon",)),))


# ---------------------------------------------------------------- targets, names, two objects


def test_anafenza_targets_another_tapped_creature_of_its_controller() -> None:
    # Anafenza (4/4) attacks with Grizzly Bears (tapped by attacking, 508.1f); Alice's untapped
    # Hill Giant at home is no legal target: the counter goes on the Bears, 4 + 3 = 7.
    got = damage([perm("ana", "Anafenza, the Foremost", "Alice"),
                  perm("bears", "Grizzly Bears", "Alice", tapped=True),
                  perm("giant", "Hill Giant", "Alice")],
                 {"ana": "Bob", "bears": "Bob"})
    assert got["triggers"][0]["choices"] == {"target": "bears"}
    assert got["outcome"]["life"]["Bob"] == 13


def test_trygon_prime_makes_its_target_unblockable() -> None:
    # "That creature" is the ability's one target (603.3d), not the Trygon: the counter on
    # each, and Grizzly Bears can't be blocked (509.1b).
    got = parse_trigger("Whenever this creature attacks, put a +1/+1 counter on it and a +1/+1 "
                        "counter on up to one other target attacking creature. That creature "
                        "can't be blocked this turn.")
    assert got is not None
    target = Who("target_creature", other=True, up_to=True, attacking=True,
                 qualities=(Quality(types=("Creature",)),))
    assert got.effects == (Counters(Who("source"), "+1/+1"), Counters(target, "+1/+1"),
                           CantBeBlockedEffect(target))


def test_kresh_is_named_by_its_first_word_as_an_object() -> None:
    # Kresh the Bloodbraided: "put X +1/+1 counters on Kresh, where X is that creature's power"
    # (608.2h: its power as it last existed). Bob's Hill Giant (3/3) blocks Alice's Serra
    # Angel (4/4) and dies: Alice may put three counters on Kresh.
    got = damage([perm("angel", "Serra Angel", "Alice"), perm("kresh", "Kresh the Bloodbraided", "Alice"),
                  perm("giant", "Hill Giant", "Bob")],
                 {"angel": "Bob"}, {"giant": ["angel"]}, triggers_resolved=["attack", "block"])
    assert got["outcome"]["counters"]["kresh"] == {"+1/+1": 3}


def test_putrid_warrior_modes_each_player_gains_or_loses() -> None:
    # Putrid Warrior (2/2) deals damage: "choose one — each player loses 1 life / each player
    # gains 1 life" (700.2); the damage job keeps the best for Alice: Bob 20 - 2 - 1 = 17,
    # Alice 19.
    got = damage([perm("pw", "Putrid Warrior", "Alice")], {"pw": "Bob"})
    assert got["triggers"][0]["choices"] == {"mode": [1]}
    assert got["outcome"]["life"] == {"Alice": 19, "Bob": 17}


# ---------------------------------------------------------------- tap costs ("If you do")


def test_gravelgill_scoundrel_taps_a_creature_to_be_unblockable() -> None:
    # "You may tap another untapped creature you control. If you do, this creature can't be
    # blocked this turn" (608.2c): Grizzly Bears at home is tapped.
    got = damage([perm("g", "Gravelgill Scoundrel", "Alice"), perm("bears", "Grizzly Bears", "Alice")],
                 {"g": "Bob"})
    t = got["triggers"][0]
    assert t["choices"] == {"may": True, "tapped": ["bears"]}
    assert t["result"] == "bears tapped; g can't be blocked this turn"


def test_tidal_terror_with_one_other_untapped_creature_does_nothing() -> None:
    # "Tap two other untapped creatures": with one, nothing is tapped and "If you do" fails.
    got = damage([perm("t", "Tidal Terror", "Alice"), perm("bears", "Grizzly Bears", "Alice")],
                 {"t": "Bob"})
    assert got["triggers"][0]["result"] == "nothing tapped"


def test_a_tap_cost_stated_by_the_scenario_must_name_as_many_as_it_taps() -> None:
    # The scenario names the creature tapped (combat.trigger_choices[].tapped); two where one
    # is tapped is refused.
    from redzone.models.errors import ScenarioError
    import pytest

    perms = [perm("g", "Gravelgill Scoundrel", "Alice"), perm("b1", "Grizzly Bears", "Alice"),
             perm("b2", "Hill Giant", "Alice")]
    got = damage(perms, {"g": "Bob"}, trigger_choices=[
        {"source": "g", "window": "attack", "may": True, "tapped": ["b2"]}])
    assert got["triggers"][0]["choices"]["tapped"] == ["b2"]
    with pytest.raises(ScenarioError):
        damage(perms, {"g": "Bob"}, trigger_choices=[
            {"source": "g", "window": "attack", "may": True, "tapped": ["b1", "b2"]}])


# ---------------------------------------------------------------- put into a library


def test_elven_warhounds_puts_its_blocker_on_top_of_its_library() -> None:
    # Grizzly Bears blocks Elven Warhounds and is put on top of Bob's library (it leaves, it
    # doesn't die: 700.4); the Warhounds stays blocked (509.1h) and deals no damage.
    got = damage([perm("dogs", "Elven Warhounds", "Alice"), perm("bears", "Grizzly Bears", "Bob")],
                 {"dogs": "Bob"}, {"bears": ["dogs"]}, triggers_resolved=["attack"])
    assert got["outcome"]["destroyed"] == ["bears"]
    assert got["outcome"]["reasons"]["bears"].startswith("returned to the top of its owner's library")
    assert got["outcome"]["life"]["Bob"] == 20


def test_the_card_of_a_creature_that_died_put_into_a_library_is_a_value() -> None:
    # Trash Panda dies: its card moves from a graveyard to another (nothing on the battlefield).
    got = parse_trigger("When Trash Panda dies, put it into target opponent's graveyard.",
                        ("Trash Panda",))
    assert got is not None and got.effects == (ValueOnly("to library"),)


# ---------------------------------------------------------------- removed from combat


def test_gustcloak_harrier_blocked_leaves_combat_untapped() -> None:
    # Hill Giant blocks Gustcloak Harrier (2/2): Alice untaps it and removes it from combat
    # (506.4): it deals and is dealt no combat damage; the Giant still blocks, nothing.
    got = damage([perm("h", "Gustcloak Harrier", "Alice"), perm("giant", "Hill Giant", "Bob")],
                 {"h": "Bob"}, {"giant": ["h"]}, triggers_resolved=["attack"])
    assert got["triggers"][0]["choices"] == {"may": True}
    assert got["triggers"][0]["result"] == "h untapped; h is removed from combat"
    assert "h" not in got["steps"][0]["assignment"] and "giant" not in got["steps"][0]["assignment"]
    assert got["outcome"]["destroyed"] == [] and got["outcome"]["damage"] == {}


def test_the_ai_and_its_reference_play_the_removal_from_combat() -> None:
    # Gustcloak Harrier (2/2 flying) against Giant Spider (2/4 reach): blocked, the Harrier
    # leaves combat and survives, so Bob's best answer to the attack is the block (no damage
    # either way for the Harrier's blockers); the search and the exhaustive reference agree.
    import sys

    sys.path.insert(0, "tests")
    from test_ai_triggers import _board, _card
    from test_ai_differential import _key
    from redzone.solver.ai.decisions import choose_blocks
    from redzone.solver.ai.reference import reference_block_value

    board = _board([_card("h", "Gustcloak Harrier", "Alice"), _card("s", "Giant Spider", "Bob")],
                   attackers={"h": "Bob"})
    r = choose_blocks(board, lookahead=0)
    assert r.blockers == {"s": ["h"]} and r.outcome["destroyed"] == []
    values = {_key(d): v for d, v in reference_block_value(board, lookahead=0)}
    # the attacker's value: unblocked 2 damage to Bob; blocked, nothing happens
    assert values[_key({"s": ["h"]})] < values[_key({})]
    assert round(r.value * 1000) == -values[_key({"s": ["h"]})]


# ---------------------------------------------------------------- divided damage (601.2d)


def _titan_board() -> list[dict[str, object]]:
    return [perm("t", "Inferno Titan", "Alice"), perm("elf", "Llanowar Elves", "Bob"),
            perm("bears", "Grizzly Bears", "Bob")]


def test_inferno_titan_divides_its_damage_by_the_objective() -> None:
    # "3 damage divided as you choose among one, two, or three targets", chosen as it is put
    # on the stack (601.2d). For the most player damage, all 3 to Bob: 6 + 3, Bob 11.
    got = damage(_titan_board(), {"t": "Bob"})
    assert got["triggers"][0]["choices"] == {"divided": {"Bob": 3}}
    assert got["outcome"]["life"]["Bob"] == 11
    # For the most kills: 1 to Llanowar Elves (1/1), 2 to Grizzly Bears (2/2) — both die.
    from redzone.solver.frontends.commands import run_command
    from trigger_play import scenario

    kills = run_command("damage", scenario(_titan_board(), {"t": "Bob"}),
                        {"objective": "max-kills"}).to_json()
    assert kills["triggers"][0]["choices"] == {"divided": {"elf": 1, "bears": 2}}
    assert sorted(kills["outcome"]["destroyed"]) == ["bears", "elf"]


def test_a_division_stated_by_the_scenario_is_taken_or_refused() -> None:
    from redzone.models.errors import ScenarioError
    import pytest

    got = damage(_titan_board(), {"t": "Bob"}, trigger_choices=[
        {"source": "t", "window": "attack", "divided": {"bears": 1, "Bob": 2}}])
    assert got["outcome"]["life"]["Bob"] == 12  # 6 + 2
    assert got["outcome"]["damage"] == {"bears": 1}
    with pytest.raises(ScenarioError) as err:  # 4 damage: not a division of 3
        damage(_titan_board(), {"t": "Bob"}, trigger_choices=[
            {"source": "t", "window": "attack", "divided": {"bears": 2, "Bob": 2}}])
    assert err.value.field == "combat.trigger_choices[0].divided"


def test_the_ai_search_and_reference_agree_on_a_divided_attack_trigger() -> None:
    # Bob at 3 life with a Wall of Stone: Inferno Titan's 3 divided damage all to Bob is
    # lethal as it attacks (before blockers, 508.2): the search and the reference see the win.
    import sys

    sys.path.insert(0, "tests")
    from test_ai_triggers import _board, _card
    from test_ai_differential import _key
    from redzone.solver.ai.decisions import choose_attack
    from redzone.solver.ai.reference import reference_attack_values

    board = _board([_card("t", "Inferno Titan", "Alice"), _card("wall", "Wall of Stone", "Bob")],
                   bob=3)
    r = choose_attack(board, lookahead=0)
    assert r.attackers == {"t": "Bob"} and r.lethal
    values = {_key(d): v for d, v in reference_attack_values(board, lookahead=0)}
    assert values[_key({"t": "Bob"})] == 1_000_000_000


# ---------------------------------------------------------------- amounts, counters removed, reflexive sacrifice


def test_krenko_counts_its_power_after_its_counter() -> None:
    # Krenko (1/2) attacks: a +1/+1 counter (2/3), then tokens "equal to Krenko's power" as
    # the ability resolves (608.2h): two 1/1 Goblins, not attacking. Bob takes 2.
    got = damage([perm("k", "Krenko, Tin Street Kingpin", "Alice")], {"k": "Bob"})
    assert got["triggers"][0]["result"].endswith("created 2 1/1 Goblin tokens (k~token1, k~token2)")
    assert got["outcome"]["life"]["Bob"] == 18


def test_vincent_valentine_grows_by_the_power_of_the_creature_that_died() -> None:
    # Bob's Hill Giant (3/3) blocks Alice's Serra Angel (4/4) and dies: Vincent gets three
    # counters ("equal to that creature's power", as it last existed, 608.2h).
    got = damage([perm("angel", "Serra Angel", "Alice"),
                  perm("v", "Vincent Valentine // Galian Beast", "Alice"),
                  perm("giant", "Hill Giant", "Bob")],
                 {"angel": "Bob"}, {"giant": ["angel"]}, triggers_resolved=["attack", "block"])
    assert got["outcome"]["counters"]["v"] == {"+1/+1": 3}


def test_remove_all_counters_and_that_many_counters_are_read() -> None:
    # Marchesa: "remove all counters from up to one target permanent" (every kind, 122.1);
    # Drake Hatcher: "put that many incubation counters on it" (the damage dealt, 120.3).
    got = parse_trigger("Whenever Marchesa attacks, remove all counters from up to one target "
                        "permanent.", ("Marchesa, Resolute Monarch",))
    assert got is not None and got.effects == (CounterChange(
        Who("target_permanent", up_to=True), "", "remove", Amount(1000)),)
    hatcher = parse_trigger("Whenever this creature deals combat damage to a player, put that "
                            "many incubation counters on it.")
    assert hatcher is not None and hatcher.effects == (
        Counters(Who("source"), "incubation", Amount(1, "damage_dealt")),)


def test_felothar_when_you_do_follows_the_sacrifice() -> None:
    # "You may sacrifice a nonland permanent. When you do, put a +1/+1 counter on each
    # creature you control" (603.12, read as "If you do"): Alice sacrifices her Darksteel
    # Relic; Felothar (3/3 trample) and Grizzly Bears get a counter: 4 to Bob.
    got = damage([perm("f", "Felothar, Dawn of the Abzan", "Alice"), perm("r", "Darksteel Relic", "Alice"),
                  perm("b", "Grizzly Bears", "Alice")], {"f": "Bob"})
    assert got["triggers"][0]["choices"] == {"may": True, "sacrifice": ["r"]}
    assert got["outcome"]["counters"] == {"f": {"+1/+1": 1}, "b": {"+1/+1": 1}}
    assert got["outcome"]["life"]["Bob"] == 16
    read = parse_trigger("Whenever Felothar enters or attacks, you may sacrifice a nonland "
                         "permanent. When you do, put a +1/+1 counter on each creature you control.",
                         ("Felothar, Dawn of the Abzan",))
    assert read is not None and read.optional
    assert isinstance(read.effects[0], Sacrifice) and isinstance(read.effects[1], Counters)


# ---------------------------------------------------------------- "each of them" (603.2c)


def test_vrestin_puts_a_counter_on_each_insect_that_attacked() -> None:
    # "Whenever you attack with one or more Insects, put a +1/+1 counter on each of them":
    # one trigger (603.2c) for Vrestin (0/0 with two counters) and Giant Cockroach (4/2);
    # Grizzly Bears attacks too and gets none: 3 + 5 + 2 = 10 to Bob.
    got = damage([perm("v", "Vrestin, Menoptra Leader", "Alice", counters={"+1/+1": 2}),
                  perm("roach", "Giant Cockroach", "Alice"), perm("bears", "Grizzly Bears", "Alice")],
                 {"v": "Bob", "roach": "Bob", "bears": "Bob"})
    assert len(got["triggers"]) == 1
    assert got["outcome"]["counters"] == {"v": {"+1/+1": 3}, "roach": {"+1/+1": 1}}
    assert got["outcome"]["life"]["Bob"] == 10


# ---------------------------------------------------------------- conditions on the source's counters


def test_ayaras_oathsworn_stops_growing_at_four_counters() -> None:
    # "If it has fewer than four +1/+1 counters on it, put a +1/+1 counter on it" (an
    # intervening "if", 603.4; the search after it is a value): with three, a fourth; with
    # four, the ability doesn't trigger.
    got = damage([perm("a", "Ayara's Oathsworn", "Alice", counters={"+1/+1": 3})], {"a": "Bob"})
    assert got["outcome"]["counters"] == {"a": {"+1/+1": 4}}
    got = damage([perm("a", "Ayara's Oathsworn", "Alice", counters={"+1/+1": 4})], {"a": "Bob"})
    assert got.get("triggers", []) == [] and got["outcome"]["counters"] == {}


# ---------------------------------------------------------------- tap or untap (608.2d)


def test_esper_sojourners_taps_or_untaps_as_stated() -> None:
    # Esper Sojourners blocks Hill Giant and dies; "you may tap or untap target permanent":
    # Bob chooses as it resolves (608.2d). Stated: untap Bob's tapped Grizzly Bears.
    got = damage([perm("giant", "Hill Giant", "Alice"), perm("es", "Esper Sojourners", "Bob"),
                  perm("bears", "Grizzly Bears", "Bob", tapped=True)],
                 {"giant": "Bob"}, {"es": ["giant"]}, triggers_resolved=["attack", "block"],
                 trigger_choices=[{"source": "es", "window": "regular", "may": True,
                                   "target": "bears", "chosen": "untap"}])
    t = got["triggers"][0]
    assert t["choices"] == {"target": "bears", "may": True, "chosen": "untap"}
    assert t["result"] == "bears untapped"


# ---------------------------------------------------------------- pack tactics (508.1, 603.4)


def test_gnoll_hunter_counts_the_power_attacked_with_as_declared() -> None:
    # "If you attacked with creatures with total power 6 or greater this combat" (an
    # intervening "if", 603.4): Gnoll Hunter (2/2) with Hill Giant (3/3) and Grizzly Bears
    # (2/2) is 7: a counter, 3 + 3 + 2 = 8 to Bob. With the Giant alone, 5: no trigger.
    got = damage([perm("g", "Gnoll Hunter", "Alice"), perm("giant", "Hill Giant", "Alice"),
                  perm("bears", "Grizzly Bears", "Alice")],
                 {"g": "Bob", "giant": "Bob", "bears": "Bob"})
    assert got["outcome"]["counters"] == {"g": {"+1/+1": 1}}
    assert got["outcome"]["life"]["Bob"] == 12
    got = damage([perm("g", "Gnoll Hunter", "Alice"), perm("giant", "Hill Giant", "Alice")],
                 {"g": "Bob", "giant": "Bob"})
    assert got.get("triggers", []) == [] and got["outcome"]["life"]["Bob"] == 15


# ---------------------------------------------------------------- delirium


def _zealot(graveyard: list[str]) -> dict[str, object]:
    from redzone.solver.frontends.commands import run_command
    from trigger_play import scenario

    sc = scenario([perm("z", "Gouged Zealot", "Alice"), perm("elf", "Llanowar Elves", "Bob")],
                  {"z": "Bob"})
    sc["players"][0]["graveyard"] = graveyard
    return run_command("damage", sc, {}).to_json()


def test_gouged_zealot_needs_four_card_types_in_its_controllers_graveyard() -> None:
    # "If there are four or more card types among cards in your graveyard" (603.4): creature,
    # instant, land and artifact — 1 damage to each creature Bob controls, the Elves die; with
    # three types (two creature cards), no trigger.
    got = _zealot(["Grizzly Bears", "Lightning Bolt", "Forest", "Darksteel Relic"])
    assert got["outcome"]["destroyed"] == ["elf"]
    got = _zealot(["Grizzly Bears", "Lightning Bolt", "Forest", "Hill Giant"])
    assert got.get("triggers", []) == [] and got["outcome"]["destroyed"] == []


def test_quirion_beastcaller_distributes_its_counters_as_stated() -> None:
    # Quirion Beastcaller (2/2, two +1/+1 counters) blocks Serra Angel (4/4): both die. "When
    # this creature dies, distribute X +1/+1 counters among any number of target creatures you
    # control, where X is the number of +1/+1 counters on this creature" — two, as it last
    # existed (608.2h), divided as Bob states (601.2d): both on Grizzly Bears.
    perms = [perm("angel", "Serra Angel", "Alice"),
             perm("qb", "Quirion Beastcaller", "Bob", counters={"+1/+1": 2}),
             perm("bears", "Grizzly Bears", "Bob"), perm("elf", "Llanowar Elves", "Bob")]
    got = damage(perms, {"angel": "Bob"}, {"qb": ["angel"]}, triggers_resolved=["attack", "block"],
                 trigger_choices=[{"source": "qb", "window": "regular", "divided": {"bears": 2}}])
    assert sorted(got["outcome"]["destroyed"]) == ["angel", "qb"]
    assert got["outcome"]["counters"]["bears"] == {"+1/+1": 2}
    assert "elf" not in got["outcome"]["counters"]


# ---------------------------------------------------------------- a set of targets (603.3d)


def test_cho_arrim_bruiser_taps_up_to_two_target_creatures() -> None:
    # "You may tap up to two target creatures": the set is chosen as the ability is put on
    # the stack (603.3d); stated: Bob's Grizzly Bears only.
    perms = [perm("cab", "Cho-Arrim Bruiser", "Alice"), perm("bears", "Grizzly Bears", "Bob"),
             perm("elf", "Llanowar Elves", "Bob")]
    got = damage(perms, {"cab": "Bob"}, trigger_choices=[
        {"source": "cab", "window": "attack", "targets": ["bears"], "may": True}])
    t = got["triggers"][0]
    assert t["choices"] == {"targets": ["bears"], "may": True}
    assert t["result"] == "bears tapped"
    from redzone.models.errors import ScenarioError
    import pytest

    with pytest.raises(ScenarioError) as err:  # three where two at most
        damage(perms + [perm("giant", "Hill Giant", "Bob")], {"cab": "Bob"}, trigger_choices=[
            {"source": "cab", "window": "attack", "targets": ["bears", "elf", "giant"], "may": True}])
    assert err.value.field == "combat.trigger_choices[0].targets"


# ---------------------------------------------------------------- a land type added (Xolatoyac)


def test_xolatoyacs_flood_counter_makes_the_defenders_forest_an_island() -> None:
    # "Put a flood counter on target land. That land is an Island in addition to its other
    # types for as long as it has a flood counter on it": Bob's Forest becomes an Island too,
    # so Segovian Leviathan (islandwalk, 702.14c) can't be blocked by his Grizzly Bears.
    from redzone.models.block_rules import block_problem
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.damage.solve import after_attack_window
    from trigger_play import scenario

    perms = [perm("x", "Xolatoyac, the Smiling Flood", "Alice"), perm("lev", "Segovian Leviathan", "Alice"),
             perm("forest", "Forest", "Bob"), perm("bears", "Grizzly Bears", "Bob")]
    board = build_board(parse_scenario(scenario(perms, {"x": "Bob", "lev": "Bob"})))
    assert "lev" in block_problem(board, "Bob").allowed.get("bears", ())
    after, attackers, resolved = after_attack_window(board, lambda c: "forest")
    assert resolved[0].result == "1 flood on forest; forest is an Island too"
    assert "lev" not in block_problem(after, "Bob", attackers).allowed.get("bears", ())


# ---------------------------------------------------------------- counts of colours and types


def test_briar_hydra_counts_the_basic_land_types_among_its_controllers_lands() -> None:
    # "Where X is the number of basic land types among lands you control" (305.6): Forest,
    # Forest and Island are two types — two +1/+1 counters on the only creature Alice
    # controls, the Hydra itself.
    got = damage([perm("h", "Briar Hydra", "Alice"), perm("f1", "Forest", "Alice"),
                  perm("f2", "Forest", "Alice"), perm("i", "Island", "Alice")], {"h": "Bob"})
    assert got["outcome"]["counters"] == {"h": {"+1/+1": 2}}


def test_moonveil_regent_counts_colors_as_it_resolves() -> None:
    # "It deals X damage to any target, where X is the number of colors among permanents you
    # control" as the dies trigger resolves (608.2h): the Regent is gone; Llanowar Elves
    # (green) and Hill Giant (red) are two colours: 2 damage.
    got = parse_trigger("When this creature dies, it deals X damage to any target, where X is the "
                        "number of colors among permanents you control.")
    assert got is not None
    amount = got.effects[0].amount  # type: ignore[union-attr]
    assert amount.count is not None and amount.count.kind == "colors"
    result = damage([perm("angel", "Serra Angel", "Bob"), perm("mr", "Moonveil Regent", "Alice"),
                     perm("elf", "Llanowar Elves", "Alice"), perm("giant", "Hill Giant", "Alice")],
                    {"mr": "Bob"}, {"angel": ["mr"]}, triggers_resolved=["attack", "block"])
    assert result["triggers"][0]["result"].startswith("2 damage to")


def test_two_targets_one_inside_a_condition_are_not_read() -> None:
    # One target per ability is played: a second target inside an "if" (608.2c) would share
    # the first one's choice, so such an ability is not read (a loud gap, never a guess).
    assert parse_trigger("Whenever this creature attacks, tap target creature. If you control "
                         "a Wizard, destroy target artifact.") is None
