"""Trigger conditions read by :mod:`redzone.models.triggers.watches` (issue 21, h2): who is
watched and which event — "a creature dealt damage by ~ this turn dies", an artifact or
enchantment put into a graveyard from the battlefield, combat damage to a player or
planeswalker / to you, attacks on you or your planeswalkers, "attacks while you control",
"~ or another ... with power 5 or greater", counters and tokens. Real cards on small
boards played by ``damage``; each answer worked out by hand from the rules (CR cited)."""

from __future__ import annotations

from typing import Any

from redzone.models.triggers.parse import parse_triggers
from redzone.solver.frontends.commands import run_command
from trigger_play import perm as _p, scenario as _scenario


def _damage(scenario: dict[str, Any]) -> dict[str, Any]:
    return run_command("damage", scenario, {}).to_json()


def _fired(answer: dict[str, Any]) -> list[str]:
    return [t["source"] for t in answer.get("triggers", [])]


# ================================================== "a creature dealt damage by ~ this turn dies"


def test_abattoir_ghoul_a_creature_it_dealt_damage_dies() -> None:
    # 510.2, 603.10a: Abattoir Ghoul (3/2 first strike) blocked by a Hill Giant (3/3) deals 3
    # first-strike damage; the Giant dies (704.5g) before dealing damage: "you gain life
    # equal to that creature's toughness" (its last known toughness, 608.2h): Alice 23.
    # A Grizzly Bears dying to the other attacker (Hill Giant) was not dealt damage by the
    # Ghoul: no second trigger.
    got = _damage(_scenario([_p("ghoul", "Abattoir Ghoul", "Alice"), _p("g2", "Hill Giant", "Alice"),
                             _p("giant", "Hill Giant", "Bob"), _p("bears", "Grizzly Bears", "Bob")],
                            {"ghoul": "Bob", "g2": "Bob"}, {"giant": ["ghoul"], "bears": ["g2"]}))
    assert sorted(got["outcome"]["destroyed"]) == ["bears", "giant"]
    assert "ghoul" not in got["outcome"]["destroyed"]
    assert got["outcome"]["life"] == {"Alice": 23, "Bob": 20}
    assert _fired(got) == ["ghoul"]


def test_damage_marked_before_combat_is_not_the_sources_and_is_said() -> None:
    # The Bears had 1 damage marked before this combat (source unknown): they die to the
    # Giant's 3 this combat, and Abattoir Ghoul, which dealt them nothing in the play, does
    # not trigger; the answer warns that the earlier damage is taken as not the Ghoul's.
    got = _damage(_scenario([_p("ghoul", "Abattoir Ghoul", "Alice"), _p("g2", "Hill Giant", "Alice"),
                             _p("bears", "Grizzly Bears", "Bob", damage=1)],
                            {"g2": "Bob"}, {"bears": ["g2"]}))
    assert got["outcome"]["destroyed"] == ["bears"]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 20}
    assert "triggers" not in got
    assert any("dealt damage by ~ this turn" in w for w in got.get("warnings", []))


# ================================================== permanents put into a graveyard (700.4)


def test_an_aura_put_into_the_graveyard_with_its_creature_triggers_wicked_visitor() -> None:
    # 704.5m, 700.4: Alice's Grizzly Bears enchanted with Holy Strength (3/4) is blocked by
    # Bob's Serra Angel (4/4) and dies; the Aura, attached to nothing, is put into the
    # graveyard: "Whenever an enchantment you control is put into a graveyard from the
    # battlefield, each opponent loses 1 life" (Wicked Visitor, Alice's): Bob 19.
    got = _damage(_scenario([_p("bears", "Grizzly Bears", "Alice"),
                             _p("aura", "Holy Strength", "Alice", attached_to="bears"),
                             _p("visitor", "Wicked Visitor", "Alice"), _p("angel", "Serra Angel", "Bob")],
                            {"bears": "Bob"}, {"angel": ["bears"]}))
    assert got["outcome"]["destroyed"] == ["bears", "aura"]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 19}
    assert _fired(got) == ["visitor"]


def test_noncreature_artifacts_sacrificed_to_annihilator_trigger_pain_distributor() -> None:
    # 702.86a, 701.21a, 700.4: Ulamog's Crusher (8/8, annihilator 2) attacks; Bob's only
    # permanents are two noncreature artifacts (Sol Ring, Mind Stone): he sacrifices both.
    # "Whenever an artifact an opponent controls is put into a graveyard from the
    # battlefield, this creature deals 1 damage to that player" (Pain Distributor, Alice's)
    # triggers twice (603.2c): Bob 20 - 2 - 8 = 10.
    got = _damage(_scenario([_p("crusher", "Ulamog's Crusher", "Alice"),
                             _p("pain", "Pain Distributor", "Alice"),
                             _p("ring", "Sol Ring", "Bob"), _p("stone", "Mind Stone", "Bob")],
                            {"crusher": "Bob"}))
    assert sorted(got["outcome"]["destroyed"]) == ["ring", "stone"]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 10}
    assert _fired(got).count("pain") == 2


def test_or_another_creature_with_power_5_the_source_itself_whatever_its_power() -> None:
    # 603.10a: "Whenever this creature or another creature you control with power 5 or
    # greater dies, you may gain 5 life" (Mycoid Shepherd, 5/4): with two -1/-1 counters it
    # is 3/2, blocked by a Hill Giant it dies; "with power 5 or greater" is about the other
    # creature only, so it triggers: Alice 25.
    got = _damage(_scenario([_p("myc", "Mycoid Shepherd", "Alice", counters={"-1/-1": 2}),
                             _p("giant", "Hill Giant", "Bob")],
                            {"myc": "Bob"}, {"giant": ["myc"]}))
    assert "myc" in got["outcome"]["destroyed"]
    assert got["outcome"]["life"] == {"Alice": 25, "Bob": 20}


def test_a_creature_token_dies() -> None:
    # 111.1, 700.4: Bob's token copy of Grizzly Bears blocks Alice's Hill Giant and dies:
    # "Whenever a creature token dies, put a +1/+1 counter on Grismold" (Alice's); the
    # nontoken Grizzly Bears dying to Grismold's other attacker doesn't trigger it.
    got = _damage(_scenario([_p("giant", "Hill Giant", "Alice"), _p("g2", "Hill Giant", "Alice"),
                             _p("gris", "Grismold, the Dreadsower", "Alice"),
                             _p("tok", "Grizzly Bears", "Bob", token=True),
                             _p("bears", "Grizzly Bears", "Bob")],
                            {"giant": "Bob", "g2": "Bob"}, {"tok": ["giant"], "bears": ["g2"]}))
    assert sorted(got["outcome"]["destroyed"]) == ["bears", "tok"]
    assert got["outcome"]["counters"].get("gris") == {"+1/+1": 1}


# ================================================== combat damage: whom to (510.2, 603.2c)


def test_combat_damage_to_a_planeswalker_triggers_dreadhorde_butcher() -> None:
    # 510.2, 120.3c: Dreadhorde Butcher (1/1) attacking Ajani Goldmane (loyalty 4) deals it
    # 1: "whenever this creature deals combat damage to a player or planeswalker, put a
    # +1/+1 counter on this creature": loyalty 3, one counter.
    got = _damage({"players": [{"name": "Alice"}, {"name": "Bob"}],
                   "permanents": [_p("bu", "Dreadhorde Butcher", "Alice"),
                                  _p("ajani", "Ajani Goldmane", "Bob", loyalty=4)],
                   "combat": {"attackers": {"bu": "ajani"}}})
    assert got["outcome"]["loyalty"] == {"ajani": 3}
    assert got["outcome"]["counters"].get("bu") == {"+1/+1": 1}
    # blocked and dealing damage only to a creature: no trigger
    blocked = _damage(_scenario([_p("bu", "Dreadhorde Butcher", "Alice"), _p("w", "Wall of Stone", "Bob")],
                                {"bu": "Bob"}, {"w": ["bu"]}))
    assert "triggers" not in blocked


def test_teysa_destroys_a_creature_that_dealt_combat_damage_to_you() -> None:
    # 510.2: "Whenever a creature deals combat damage to you, destroy that creature. Create a
    # 1/1 white and black Spirit creature token with flying" (Teysa, Envoy of Ghosts,
    # Bob's). Alice's unblocked Grizzly Bears deal 2 to Bob (18) and are destroyed.
    got = _damage(_scenario([_p("bears", "Grizzly Bears", "Alice"), _p("teysa", "Teysa, Envoy of Ghosts", "Bob")],
                            {"bears": "Bob"}))
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 18}
    assert got["outcome"]["destroyed"] == ["bears"]
    assert "created 1 1/1 Spirit token" in got["triggers"][0]["result"]


def test_a_creature_with_a_counter_deals_combat_damage() -> None:
    # "Whenever a creature you control with a counter on it deals combat damage to a player,
    # you draw a card and you lose 1 life" (Yathan Tombguard, Alice's, at home): of Alice's
    # two unblocked Grizzly Bears only the one with a +1/+1 counter triggers it: Alice 19,
    # Bob 20 - 3 - 2 = 15.
    got = _damage(_scenario([_p("yt", "Yathan Tombguard", "Alice"),
                             _p("b1", "Grizzly Bears", "Alice", counters={"+1/+1": 1}),
                             _p("b2", "Grizzly Bears", "Alice")], {"b1": "Bob", "b2": "Bob"}))
    assert got["outcome"]["life"] == {"Alice": 19, "Bob": 15}
    assert [t["trigger"] for t in got["triggers"]] == ["b1"]


# ================================================== attacks (508.1b, 603.4)


def test_attacks_you_or_a_planeswalker_you_control() -> None:
    # 508.1b: "Whenever a creature attacks you or a planeswalker you control, put a +1/+1
    # counter on Thantis" (Bob's): one Bears attacks Bob, the other Bob's Ajani: two
    # counters. Alice's own creatures attacking never trigger Alice's Thantis.
    got = _damage({"players": [{"name": "Alice"}, {"name": "Bob"}],
                   "permanents": [_p("b1", "Grizzly Bears", "Alice"), _p("b2", "Grizzly Bears", "Alice"),
                                  _p("th", "Thantis, the Warweaver", "Bob"),
                                  _p("ajani", "Ajani Goldmane", "Bob", loyalty=4)],
                   "combat": {"attackers": {"b1": "Bob", "b2": "ajani"}, "blockers": {}}})
    assert got["outcome"]["counters"].get("th") == {"+1/+1": 2}
    mine = _damage(_scenario([_p("b1", "Grizzly Bears", "Alice"), _p("th", "Thantis, the Warweaver", "Alice")],
                             {"b1": "Bob"}))
    assert "triggers" not in mine


def test_attacks_while_you_control_a_creature_with_power_4() -> None:
    # 603.4: "Whenever this creature attacks while you control a creature with power 4 or
    # greater, this creature gets +1/+0 and gains menace" (Courageous Goblin, 2/2). With a
    # Craw Wurm (6/4) at home it deals 3 (Bob 17); with only a Hill Giant (3/3), 2 (Bob 18).
    got = _damage(_scenario([_p("gob", "Courageous Goblin", "Alice"), _p("wurm", "Craw Wurm", "Alice")],
                            {"gob": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 17
    without = _damage(_scenario([_p("gob", "Courageous Goblin", "Alice"), _p("giant", "Hill Giant", "Alice")],
                                {"gob": "Bob"}))
    assert without["outcome"]["life"]["Bob"] == 18
    assert "triggers" not in without


def test_attacks_one_of_your_opponents_that_player_loses_life() -> None:
    # 508.1b, 506.2: "Whenever a creature attacks one of your opponents, that player loses 1
    # life" (Calculating Lich, Alice's): Alice's two Bears attack Bob: Bob 20 - 2 - 4 = 14.
    got = _damage(_scenario([_p("lich", "Calculating Lich", "Alice"), _p("b1", "Grizzly Bears", "Alice"),
                             _p("b2", "Grizzly Bears", "Alice")], {"b1": "Bob", "b2": "Bob"}))
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 14}


# ================================================== what is read, what is not


def test_grammar_readings_and_refusals() -> None:
    one = parse_triggers("Whenever you attack with one or more Elves, scry 1.")
    assert len(one) == 1 and one[0].once and one[0].event == "attacks"
    assert one[0].watch.qualities[0].subtypes == ("Elf",)
    two = parse_triggers("Whenever this creature deals combat damage to a player or battle, draw a card.")
    assert two[0].event == "combat_damage_to" and two[0].watch.extra == ("to:player", "to:battle")
    # not read: haunt, "for the first time each turn", "a source you control deals damage to
    # you" (in combat only a triggered ability of yours does, and it makes no damage event)
    assert parse_triggers("When this creature enters or the creature it haunts dies, create two "
                          "1/1 black Bat creature tokens with flying.") == ()
    assert parse_triggers("Whenever this creature is dealt damage for the first time each turn, "
                          "untap all creatures you control.") == ()  # (h35 reads "attacks for
    # the first time each turn": tests/test_trigger_if_more.py)
    assert parse_triggers("Whenever a source you control deals damage to you, put that many "
                          "+1/+1 counters on this creature.") == ()


# ================================================== more subjects


def test_blocked_by_one_or_more_black_creatures_triggers_once() -> None:
    # 509.3d, 603.2c: "Whenever this creature blocks or becomes blocked by one or more blue
    # and/or black creatures, this creature gets +3/+3" (Amphibious Kavu, 2/2): blocked by
    # two black Gravediggers (2/2) it triggers once: 5/5, it survives their 4 damage and
    # kills both.
    got = _damage(_scenario([_p("kavu", "Amphibious Kavu", "Alice"), _p("g1", "Gravedigger", "Bob"),
                             _p("g2", "Gravedigger", "Bob")], {"kavu": "Bob"},
                            {"g1": ["kavu"], "g2": ["kavu"]}, triggers_resolved=["attack"]))
    assert _fired(got) == ["kavu"]
    assert sorted(got["outcome"]["destroyed"]) == ["g1", "g2"]


def test_a_source_an_opponent_controls_deals_damage_to_you_that_player_sacrifices() -> None:
    # 510.2, 701.21a: "Whenever a source an opponent controls deals damage to you, that
    # player sacrifices a permanent of their choice" (Michiko Konda, Bob's). Alice's
    # unblocked Grizzly Bears deal 2 to Bob: Alice (the source's controller) sacrifices her
    # only permanent, the Bears.
    got = _damage(_scenario([_p("bears", "Grizzly Bears", "Alice"),
                             _p("mk", "Michiko Konda, Truth Seeker", "Bob")], {"bears": "Bob"}))
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 18}
    assert got["outcome"]["destroyed"] == ["bears"]


def test_a_permanent_owned_by_another_player_put_into_a_graveyard() -> None:
    # 700.4, 400.3: "Whenever a permanent owned by another player is put into a graveyard
    # from the battlefield, you draw a card and you lose 1 life" (Kothophed, Alice's): Bob's
    # Grizzly Bears block Alice's Hill Giant and die: Alice 19. Alice's own Bears dying to
    # Bob's Hill Giant in the other fight don't trigger it.
    got = _damage(_scenario([_p("giant", "Hill Giant", "Alice"), _p("mine", "Grizzly Bears", "Alice"),
                             _p("koth", "Kothophed, Soul Hoarder", "Alice"),
                             _p("bears", "Grizzly Bears", "Bob"), _p("g2", "Hill Giant", "Bob")],
                            {"giant": "Bob", "mine": "Bob"}, {"bears": ["giant"], "g2": ["mine"]}))
    assert sorted(got["outcome"]["destroyed"]) == ["bears", "mine"]
    assert got["outcome"]["life"] == {"Alice": 19, "Bob": 20}


def test_two_conditions_on_the_creature_blocked_are_both_asked() -> None:
    # 509.3d: "blocks a black creature with flying" — one quality with both fields (a
    # creature matches when every field holds): a black creature without flying doesn't
    # trigger it.
    (t,) = parse_triggers("Whenever this creature blocks a black creature with flying, destroy "
                          "that creature.")
    assert t.event == "blocks_creature"
    assert [(q.colors, q.keywords) for q in t.watch.qualities] == [(("B",), ("flying",))]


def test_disciple_of_the_vault_an_artifact_creature_dies_in_combat() -> None:
    # 700.4: Bob's Ornithopter (0/2 artifact creature) blocks Alice's Grizzly Bears and dies:
    # "Whenever an artifact is put into a graveyard from the battlefield, you may have
    # target opponent lose 1 life" (Disciple of the Vault, Alice's; 603.5: she does): Bob 19.
    got = _damage(_scenario([_p("bears", "Grizzly Bears", "Alice"), _p("dis", "Disciple of the Vault", "Alice"),
                             _p("orn", "Ornithopter", "Bob")], {"bears": "Bob"}, {"orn": ["bears"]}))
    assert got["outcome"]["destroyed"] == ["orn"]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 19}
    assert got["triggers"][0]["choices"] == {"target": "Bob", "may": True}


def test_a_commander_you_control_attacks() -> None:
    # 903.3: "Whenever a commander you control attacks, put a +1/+1 counter on it" (Keleth,
    # Sunmane Familiar): Alice's commander (a Grizzly Bears) gets a counter and deals 3;
    # her other Grizzly Bears, not a commander, gets none: Bob 40 - 3 - 2 = 35.
    got = _damage({"format": "commander",
                   "players": [{"name": "Alice", "life": 40}, {"name": "Bob", "life": 40}],
                   "permanents": [_p("cmd", "Grizzly Bears", "Alice", commander=True),
                                  _p("b2", "Grizzly Bears", "Alice"),
                                  _p("kel", "Keleth, Sunmane Familiar", "Alice")],
                   "combat": {"attackers": {"cmd": "Bob", "b2": "Bob"}, "blockers": {}}})
    assert got["outcome"]["counters"].get("cmd") == {"+1/+1": 1}
    assert "b2" not in got["outcome"]["counters"]
    assert got["outcome"]["life"]["Bob"] == 35


def test_a_creature_blocking_it_dies() -> None:
    # 509.1g, 603.10a: Baneclaw Marauder (5/4) blocked by two Grizzly Bears: "whenever this
    # creature becomes blocked, each creature blocking it gets -1/-1" makes them 1/1; it
    # deals them lethal damage and "whenever a creature blocking this creature dies, that
    # creature's controller loses 1 life" triggers for each: Bob 18. Bob's Bears blocking
    # Alice's other attacker (a Hill Giant) and dying don't trigger it.
    got = _damage(_scenario([_p("bm", "Baneclaw Marauder", "Alice"), _p("giant", "Hill Giant", "Alice"),
                             _p("b1", "Grizzly Bears", "Bob"), _p("b2", "Grizzly Bears", "Bob"),
                             _p("b3", "Grizzly Bears", "Bob")],
                            {"bm": "Bob", "giant": "Bob"}, {"b1": ["bm"], "b2": ["bm"], "b3": ["giant"]},
                            triggers_resolved=["attack"]))
    assert sorted(got["outcome"]["destroyed"]) == ["b1", "b2", "b3"]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 18}


def test_you_attack_with_two_or_more_spiders() -> None:
    # 508.1, 603.4: "Whenever you attack with two or more Spiders, put a +1/+1 counter on
    # Spinneret and Spiderling" (1/2 Spider): with a Giant Spider (2/4) attacking too it is
    # 2/3: Bob 20 - 2 - 2 = 16; with a Grizzly Bears instead, one Spider: no counter, Bob 17.
    two = _damage(_scenario([_p("sp", "Spinneret and Spiderling", "Alice"), _p("gs", "Giant Spider", "Alice")],
                            {"sp": "Bob", "gs": "Bob"}))
    assert two["outcome"]["counters"].get("sp") == {"+1/+1": 1}
    assert two["outcome"]["life"]["Bob"] == 16
    one = _damage(_scenario([_p("sp", "Spinneret and Spiderling", "Alice"), _p("b", "Grizzly Bears", "Alice")],
                            {"sp": "Bob", "b": "Bob"}))
    assert one["outcome"]["life"]["Bob"] == 17 and "sp" not in one["outcome"]["counters"]


def test_another_creature_dies_during_your_turn() -> None:
    # "Whenever another creature dies during your turn, put a +1/+1 counter on Vogar": in
    # Alice's combat (she attacks) her Grizzly Bears die blocked by Bob's Hill Giant: one
    # counter. In Bob's combat (he attacks, 505.1: it is his turn) his Bears dying to Alice's
    # Hill Giant don't trigger Alice's Vogar.
    mine = _damage(_scenario([_p("vogar", "Vogar, Necropolis Tyrant", "Alice"), _p("b", "Grizzly Bears", "Alice"),
                              _p("giant", "Hill Giant", "Bob")], {"b": "Bob"}, {"giant": ["b"]}))
    assert mine["outcome"]["counters"].get("vogar") == {"+1/+1": 1}
    bobs = _scenario([_p("vogar", "Vogar, Necropolis Tyrant", "Alice"), _p("giant", "Hill Giant", "Alice"),
                      _p("b", "Grizzly Bears", "Bob")], {"b": "Alice"}, {"giant": ["b"]})
    bobs["active_player"] = "Bob"
    theirs = _damage(bobs)
    assert theirs["outcome"]["destroyed"] == ["b"]
    assert "vogar" not in theirs["outcome"]["counters"]


def test_phyrexian_obliterator_once_per_source() -> None:
    # 603.2c, 701.21a: "Whenever a source deals damage to this creature, that source's
    # controller sacrifices that many permanents of their choice" (Phyrexian Obliterator,
    # 5/5 trample, Alice's, attacking). Bob double-blocks with two Grizzly Bears: each deals
    # it 2 — two sources, two triggers: Bob sacrifices 2 and 2 of his four Forests (the Bears
    # died to 2 damage each; 1 tramples over: Bob 19).
    forests = [_p(f"f{i}", "Forest", "Bob") for i in range(4)]
    got = _damage(_scenario([_p("obl", "Phyrexian Obliterator", "Alice"), _p("b1", "Grizzly Bears", "Bob"),
                             _p("b2", "Grizzly Bears", "Bob"), *forests],
                            {"obl": "Bob"}, {"b1": ["obl"], "b2": ["obl"]}))
    destroyed = got["outcome"]["destroyed"]
    assert sorted(destroyed) == ["b1", "b2", "f0", "f1", "f2", "f3"]
    assert got["outcome"]["life"]["Bob"] == 19
    assert sorted(t["trigger"] for t in got["triggers"]) == ["b1", "b2"]


def test_reaper_of_sheoldred_poisons_the_sources_controller() -> None:
    # "Whenever a source deals damage to this creature, that source's controller gets a
    # poison counter" (Reaper of Sheoldred, 2/5, Bob's) blocks Alice's Hill Giant: Alice 1
    # poison.
    got = _damage(_scenario([_p("giant", "Hill Giant", "Alice"), _p("reaper", "Reaper of Sheoldred", "Bob")],
                            {"giant": "Bob"}, {"reaper": ["giant"]}))
    assert got["outcome"]["poison"] == {"Alice": 1, "Bob": 0}


def test_a_keyword_the_parser_does_not_read_is_not_asked_for() -> None:
    # Flash is not read as a Keyword a creature can be asked for: "another creature you
    # control with flash attacks" stays unread (listed in not_played) rather than never
    # triggering. (Toxic, read as an amount, is asked for by its own tag: h12,
    # tests/test_trigger_conditions2.py.)
    assert parse_triggers("Whenever another creature you control with flash attacks, it gets "
                          "+1/+1 until end of turn.") == ()


def test_leaves_the_battlefield_without_dying() -> None:
    # 700.4, 400.7: Saprazzan Raider ("when this creature becomes blocked, return it to its
    # owner's hand") is blocked and returned to Alice's hand: it left without dying, so
    # Imperial Cosmographer ("whenever another creature you control leaves the battlefield
    # without dying, put two +1/+1 counters on this creature") gets two counters. Alice's
    # Grizzly Bears dying to Bob's Hill Giant (it died) adds none.
    got = _damage(_scenario([_p("raider", "Saprazzan Raider", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                             _p("cosmo", "Imperial Cosmographer", "Alice"),
                             _p("wall", "Wall of Stone", "Bob"), _p("giant", "Hill Giant", "Bob")],
                            {"raider": "Bob", "bears": "Bob"}, {"wall": ["raider"], "giant": ["bears"]},
                            triggers_resolved=["attack"]))
    assert sorted(got["outcome"]["destroyed"]) == ["bears", "raider"]
    assert got["outcome"]["reasons"]["raider"].startswith("returned to its owner's hand")
    assert got["outcome"]["counters"].get("cosmo") == {"+1/+1": 2}


def test_dies_or_is_put_into_exile_not_a_return_to_hand() -> None:
    # 700.4: God-Eternal Bontu's "when ~ dies or is put into exile from the battlefield, you
    # may put it into its owner's library third from the top" (a card off the battlefield: a
    # value) triggers as it dies blocked by two Hill Giants ...
    got = _damage(_scenario([_p("bontu", "God-Eternal Bontu", "Alice"), _p("g1", "Hill Giant", "Bob"),
                             _p("g2", "Hill Giant", "Bob")], {"bontu": "Bob"},
                            {"g1": ["bontu"], "g2": ["bontu"]}))
    assert "bontu" in got["outcome"]["destroyed"]
    assert _fired(got) == ["bontu"]
    # ... but not when it is returned to its owner's hand (the event's check, watches.holds)
    from types import SimpleNamespace

    from redzone.models.triggers import watches

    (t,) = parse_triggers("When God-Eternal Bontu dies or is put into exile from the battlefield, "
                          "you may put it into its owner's library third from the top.",
                          ("God-Eternal Bontu",))
    perm = SimpleNamespace(id="bontu", controller="Alice", owner="Alice", counters={})
    for reason, fires in (("returned to its owner's hand by a triggered ability (400.7)", False),
                          ("exiled by a triggered ability (701.13)", True),
                          ("lethal damage (704.5g)", True)):
        state = SimpleNamespace(reasons={"bontu": reason})
        assert watches.holds(None, state, perm, t, perm, {}) is fires  # type: ignore[arg-type]


def test_enters_or_another_nontoken_human_dies() -> None:
    # "Whenever Jerren enters or another nontoken Human you control dies, you lose 1 life
    # and create a 1/1 white Human creature token" (Jerren, Corrupted Bishop): nothing
    # enters in the play; Alice's Elite Vanguard (a Human) blocked by a Hill Giant dies:
    # Alice 19 and a Human token (700.4, 603.10a).
    got = _damage(_scenario([_p("jerren", "Jerren, Corrupted Bishop", "Alice"),
                             _p("ev", "Elite Vanguard", "Alice"), _p("giant", "Hill Giant", "Bob")],
                            {"ev": "Bob"}, {"giant": ["ev"]}))
    assert got["outcome"]["destroyed"] == ["ev"]
    assert got["outcome"]["life"] == {"Alice": 19, "Bob": 20}
    assert "created 1 1/1 Human token" in got["triggers"][0]["result"]
