"""Tokens and copies in triggered abilities of combat (h23; docs/triggers.md "Tokens and
copies (h23)"; :mod:`redzone.models.triggers.token_copies`), read from real cards and played
by the ``damage`` job, each answer worked out by hand from the rules."""

from __future__ import annotations

from typing import Any

from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.token_copies import CopyToken
from redzone.models.triggers.types import CreateTokens, ValueOnly
from trigger_play import damage as _damage, perm as _p, read as _read


def test_pugnacious_pugilists_devil_enters_tapped_and_attacking() -> None:
    # 508.4, 111.1: Pugnacious Pugilist (4/4) attacks Bob: a 1/1 red Devil token enters
    # tapped and attacking ("create a tapped and attacking ... token"), never declared;
    # unblocked, both deal combat damage: 4 + 1 = 5, Bob 15.
    (t,) = _read("Pugnacious Pugilist")
    (e,) = t.effects
    assert isinstance(e, CreateTokens) and e.attacking and e.tapped and (e.power, e.toughness) == (1, 1)
    got = _damage([_p("pug", "Pugnacious Pugilist", "Alice")], {"pug": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 15


def test_an_x_x_token_written_tapped_and_attacking_first_keeps_its_where_x() -> None:
    # Ghalta and Mavren's first mode: "Create a tapped and attacking X/X green Dinosaur
    # creature token with trample, where X is ..." reads as the same token "that's tapped
    # and attacking", its size counted as it is created (608.2h).
    got = parse_trigger("Whenever you attack, create a tapped and attacking X/X green Dinosaur "
                        "creature token with trample, where X is the greatest power among other "
                        "attacking creatures.")
    assert got is not None
    (e,) = got.effects
    assert isinstance(e, CreateTokens) and e.attacking and e.size is not None
    assert e.keywords == ("trample",) and e.subtypes == ("Dinosaur",)


def test_copies_of_spells_cast_later_this_turn_are_value_only() -> None:
    # 603.7, 707.10: Tzaangor Shaman's delayed copy of the next instant or sorcery spell
    # cast this turn: nobody casts a spell in the play of combat, so it changes nothing
    # there; Tzaangor (3/3) unblocked: Bob 17, and the ability resolves as value.
    (t,) = _read("Tzaangor Shaman")
    assert all(isinstance(e, ValueOnly) and e.what == "spell copy" for e in t.effects)
    got = _damage([_p("tz", "Tzaangor Shaman", "Alice")], {"tz": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 17
    assert len(got["triggers"]) == 1


def test_delayed_copies_of_loyalty_abilities_and_spells_read_on_four_cards() -> None:
    # Jaya's Phoenix (next loyalty ability), Leori (a planeswalker type's abilities until end
    # of turn), Najal ("you may pay {2}. If you do, when you next cast ...") and Mercurial
    # Spelldancer (oil counters removed, then the copy): each read, no creature changed.
    for card in ("Jaya's Phoenix", "Leori, Sparktouched Hunter", "Najal, the Storm Runner",
                 "Mercurial Spelldancer"):
        (t,) = _read(card)
        assert any(isinstance(e, ValueOnly) for e in t.effects), card


def test_flamerush_riders_copy_attacks_and_is_exiled_at_end_of_combat() -> None:
    # 707.2, 508.4, 603.7: Flamerush Rider (3/3) and Hill Giant (3/3) attack Bob; the Rider's
    # ability copies the Giant (the target stated): a 3/3 token tapped and attacking, never
    # declared. Unblocked: 3 + 3 + 3 = 9, Bob 11; the token is exiled at end of combat.
    got = _damage([_p("rider", "Flamerush Rider", "Alice"), _p("giant", "Hill Giant", "Alice")],
                  {"rider": "Bob", "giant": "Bob"},
                  trigger_choices=[{"source": "rider", "window": "attack", "target": "giant"}])
    assert got["outcome"]["life"]["Bob"] == 11
    assert got["outcome"]["destroyed"] == ["rider~token1"]
    assert got["triggers"][0]["result"].startswith(
        "created rider~token1, a 3/3 token copy of giant (707.2) tapped and attacking Bob")


def test_nightmare_shepherd_exiles_the_card_and_makes_a_one_one_copy() -> None:
    # 707.9b, 608.2c: Hill Giant (Alice's) blocked by Serra Angel dies; Nightmare Shepherd:
    # "you may exile it. If you do, create a token that's a copy of that creature, except
    # it's 1/1 and it's a Nightmare": the card leaves the graveyard, a 1/1 Hill Giant
    # Nightmare token enters (not in combat).
    got = _damage([_p("shep", "Nightmare Shepherd", "Alice"), _p("giant", "Hill Giant", "Alice"),
                   _p("ser", "Serra Angel", "Bob")], {"giant": "Bob"}, {"ser": ["giant"]})
    (entered,) = got["outcome"]["entered"]
    assert (entered["name"], entered["power"], entered["toughness"], entered["token"]) == \
        ("Hill Giant", 1, 1, True)
    assert got["outcome"]["reasons"]["giant"].startswith("exiled from the graveyard")
    (t,) = _read("Nightmare Shepherd")
    (e,) = t.effects
    assert isinstance(e, CopyToken) and e.exile_card and e.subtypes == ("Nightmare",)
    assert t.optional


def test_kinzu_pays_two_life_for_a_one_one_toxic_copy() -> None:
    # 119.4, 707.9b: Kinzu's "you may pay 2 life and exile it": Alice 20 -> 18; the copy is
    # 1/1 with toxic 1 added to its text (702.164).
    got = _damage([_p("kinzu", "Kinzu of the Bleak Coven", "Alice"), _p("giant", "Hill Giant", "Alice"),
                   _p("ser", "Serra Angel", "Bob")], {"giant": "Bob"}, {"ser": ["giant"]})
    assert got["outcome"]["life"]["Alice"] == 18
    assert got["triggers"][0]["result"].endswith("a 1/1 token copy of giant (707.2)")
    (t,) = _read("Kinzu of the Bleak Coven")
    (e,) = t.effects
    assert isinstance(e, CopyToken) and e.pay_life == 2 and e.lines == ("Toxic 1",)


def test_hofris_spirit_copy_gets_hofris_bonus() -> None:
    # 707.9b, 613.4c: Hofri Ghostforge's copy of Hill Giant is a Spirit in addition to its
    # other types, so Hofri's "Spirits you control get +1/+1" makes it 4/4.
    got = _damage([_p("hof", "Hofri Ghostforge", "Alice"), _p("g", "Hill Giant", "Alice"),
                   _p("ser", "Serra Angel", "Bob")], {"g": "Bob"}, {"ser": ["g"]})
    assert "a 4/4 token copy of g" in got["triggers"][0]["result"]


def test_shauns_copy_of_a_legendary_attacker_is_a_nonlegendary_synth() -> None:
    # 707.9b, 508.4: Shaun (3/4) attacks with Isamaru (2/2, legendary) and Hill Giant;
    # Shaun's copy of Isamaru isn't legendary (no legend rule, 704.5j) and is a Synth
    # artifact creature, tapped and attacking: 3 + 2 + 3 + 2 = 10, Bob 10.
    got = _damage([_p("sh", "Shaun, Father of Synths", "Alice"), _p("g", "Isamaru, Hound of Konda", "Alice"),
                   _p("h", "Hill Giant", "Alice")], {"sh": "Bob", "g": "Bob", "h": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 10
    (t, _) = _read("Shaun, Father of Synths")
    (e,) = t.effects
    assert isinstance(e, CopyToken) and e.nonlegendary and e.types == ("Artifact", "Creature")
    assert e.subtypes == ("Synth",) and e.attacking


def test_loki_without_a_villain_has_no_target() -> None:
    # 603.3d: Loki's copy needs another target Villain Alice controls; a Hill Giant isn't one,
    # so the ability is removed from the stack and no token enters.
    got = _damage([_p("loki", "Loki, the Deceiver", "Alice"), _p("v", "Hill Giant", "Alice")],
                  {"loki": "Bob"})
    assert got["triggers"][0]["result"] == "removed: no legal target (603.3d)"
    assert got["outcome"]["entered"] == []


def test_a_copy_of_a_legendary_creature_not_excepted_is_not_played() -> None:
    # 704.5j: Ratadrabik's copy says "it's not legendary" (played: 2/2); a copy without that
    # exception of a legendary creature would need the legend rule's choice: not played.
    got = _damage([_p("rat", "Ratadrabik of Urborg", "Alice"), _p("g", "Isamaru, Hound of Konda", "Alice"),
                   _p("ser", "Serra Angel", "Bob")], {"g": "Bob"}, {"ser": ["g"]})
    assert got["triggers"][0]["result"] == "created rat~token1, a 2/2 token copy of g (707.2)"
    # Genestealer Patriarch copies Isamaru (an infection counter on it) with no such
    # exception: reported not played.
    got = _damage([_p("gen", "Genestealer Patriarch", "Alice"),
                   _p("g", "Isamaru, Hound of Konda", "Bob", counters={"infection": 1}),
                   _p("ser", "Serra Angel", "Alice")], {"ser": "Bob"}, {"g": ["ser"]},
                  triggers_resolved=["attack"])
    assert got["triggers"][0]["result"] == \
        "not played: a copy of a legendary permanent (the legend rule, 704.5j)"


def test_specimen_collector_copies_a_token_when_it_dies() -> None:
    # 707.2, 111.1: Specimen Collector dies blocked by Serra Angel; it copies Alice's Hill
    # Giant token (the only target): a 3/3 token.
    got = _damage([_p("spec", "Specimen Collector", "Alice"), _p("t", "Hill Giant", "Alice", token=True),
                   _p("ser", "Serra Angel", "Bob")], {"spec": "Bob"}, {"ser": ["spec"]})
    assert got["triggers"][0]["result"] == "created spec~token1, a 3/3 token copy of t (707.2)"


def _vraan(conditions: dict[str, bool]) -> dict[str, Any]:
    return _damage([_p("v", "Vraan, Executioner Thane", "Alice", conditions=conditions),
                    _p("b1", "Grizzly Bears", "Alice"), _p("b2", "Grizzly Bears", "Alice"),
                    _p("wk", "White Knight", "Bob"), _p("hg", "Hill Giant", "Bob")],
                   {"b1": "Bob", "b2": "Bob"}, {"wk": ["b1"], "hg": ["b2"]})


def test_vraan_triggers_only_once_each_turn() -> None:
    # Vraan: "Whenever one or more other creatures you control die, each opponent loses 2
    # life and you gain 2 life. This ability triggers only once each turn." One Grizzly
    # Bears dies to White Knight's first-strike damage (510.4): Bob 18, Alice 22; the other
    # dies to Hill Giant in the regular step: no second trigger this turn.
    got = _vraan({})
    assert got["outcome"]["destroyed"] == ["b1", "b2"]
    assert (got["outcome"]["life"]["Alice"], got["outcome"]["life"]["Bob"]) == (22, 18)
    assert len(got["triggers"]) == 1
    (t,) = _read("Vraan, Executioner Thane")
    assert t.each_turn_once


def test_a_scenario_says_the_once_each_turn_ability_already_triggered() -> None:
    # conditions {"triggered this turn": true}: it triggered earlier this turn, so neither
    # death triggers it: both life totals stay 20.
    got = _vraan({"triggered this turn": True})
    assert (got["outcome"]["life"]["Alice"], got["outcome"]["life"]["Bob"]) == (20, 20)
    assert not got.get("triggers")


def test_once_each_turn_over_values_alone_is_not_marked() -> None:
    # Only how often a combat effect resolves matters: over a value (draw) the flag is off.
    got = parse_trigger("Whenever one or more other creatures you control die, draw a card. "
                        "This ability triggers only once each turn.")
    assert got is not None and not got.each_turn_once


def test_haunted_angel_gives_each_other_player_an_angel() -> None:
    # 111.2, 700.4: Haunted Angel blocked by Serra Angel dies; "exile it and each other
    # player creates a 3/3 black Angel creature token with flying": Bob (the other player)
    # gets a 3/3 Angel token under his control; exiling the card changes nothing in combat.
    got = _damage([_p("ha", "Haunted Angel", "Alice"), _p("ser", "Serra Angel", "Bob")],
                  {"ha": "Bob"}, {"ser": ["ha"]})
    (entered,) = got["outcome"]["entered"]
    assert (entered["controller"], entered["power"], entered["toughness"], entered["token"]) == \
        ("Bob", 3, 3, True)


def _with_graveyard(perms: list[dict[str, Any]], attackers: dict[str, str], graveyard: list[str],
                    **combat: Any) -> dict[str, Any]:
    from redzone.solver.frontends.commands import run_command
    from trigger_play import scenario

    sc = scenario(perms, attackers, None, **combat)
    sc["players"][0]["graveyard"] = graveyard
    return run_command("damage", sc, {}).to_json()


def test_gyrus_copies_a_creature_card_of_lesser_power_from_the_graveyard() -> None:
    # 603.3d, 707.2, 508.4: Gyrus (0/0 with five +1/+1 counters: 5/5) attacks; Alice's
    # graveyard holds Hill Giant (3) and Serra Angel (4), both of lesser power. Alice's
    # choice (the damage job's objective): Serra Angel is exiled and a 4/4 flying copy enters
    # tapped and attacking: 5 + 4 = 9, Bob 11; the token is exiled at end of combat.
    got = _with_graveyard([_p("gy", "Gyrus, Waker of Corpses", "Alice", counters={"+1/+1": 5})],
                          {"gy": "Bob"}, ["Hill Giant", "Serra Angel"])
    assert got["outcome"]["life"]["Bob"] == 11
    assert got["triggers"][0]["choices"]["card"] == "Alice~graveyard1"
    assert got["outcome"]["destroyed"] == ["gy~token1"]
    # declined ("you may"): nothing exiled, no token: Bob 15
    got = _with_graveyard([_p("gy", "Gyrus, Waker of Corpses", "Alice", counters={"+1/+1": 5})],
                          {"gy": "Bob"}, ["Hill Giant"],
                          trigger_choices=[{"source": "gy", "window": "attack", "may": False}])
    assert got["outcome"]["life"]["Bob"] == 15 and got["outcome"]["entered"] == []


def test_anikthea_makes_an_enchantment_card_a_zombie_creature_copy() -> None:
    # 707.9b, 613.4c: Anikthea (4/4) attacks; she exiles Glorious Anthem from Alice's
    # graveyard and its token copy is a 3/3 black Zombie enchantment creature: its own
    # anthem makes it 4/4 and Anikthea 5/5 before damage: Bob 15.
    got = _with_graveyard([_p("an", "Anikthea, Hand of Erebos", "Alice")], {"an": "Bob"},
                          ["Glorious Anthem"])
    (entered,) = got["outcome"]["entered"]
    assert (entered["name"], entered["power"], entered["toughness"]) == ("Glorious Anthem", 4, 4)
    assert got["outcome"]["life"]["Bob"] == 15
    (t,) = _read("Anikthea, Hand of Erebos")
    (e,) = t.effects
    assert isinstance(e, CopyToken) and e.recolor and e.colors == ("B",)
    assert e.types == ("Creature",) and e.subtypes == ("Zombie",)


def test_nacatl_war_pride_makes_one_copy_per_creature_of_the_defender() -> None:
    # 608.2h, 707.2, 508.4: Nacatl War-Pride (3/3) attacks Bob, who controls two creatures:
    # X = 2 token copies enter tapped and attacking, each to be exiled at the beginning of
    # the next end step (603.7). Unblocked: 3 + 3 + 3 = 9, Bob 11.
    got = _damage([_p("n", "Nacatl War-Pride", "Alice"), _p("a", "Grizzly Bears", "Bob"),
                   _p("b", "Hill Giant", "Bob")], {"n": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 11
    assert [e["attacking"] for e in got["outcome"]["entered"]] == ["Bob", "Bob"]
    assert "n~token2 will be exiled at the beginning of the next end step" in got["triggers"][0]["result"]


def test_brood_slivers_token_is_the_slivers_controllers_choice() -> None:
    # 608.2d, 111.2: "its controller may create a 1/1 colorless Sliver creature token": the
    # controller of the Sliver that dealt the damage chooses; stated no, no token.
    got = _damage([_p("s", "Brood Sliver", "Alice")], {"s": "Bob"},
                  trigger_choices=[{"source": "s", "window": "regular", "may": False}])
    assert got["outcome"]["entered"] == []
    got = _damage([_p("s", "Brood Sliver", "Alice")], {"s": "Bob"})
    assert [(e["controller"], e["power"]) for e in got["outcome"]["entered"]] == [("Alice", 1)]


def test_mirror_style_master_copies_each_attacking_modified_creature() -> None:
    # 608.2h, 707.2: Mirror-Style Master (3/3) attacks with Grizzly Bears (a +1/+1 counter:
    # modified, 3/3) and Hill Giant (not modified): one copy, of the Bears, without the
    # counter (2/2), tapped and attacking: 3 + 3 + 3 + 2 = 11, Bob 9; exiled at end of combat.
    got = _damage([_p("m", "Mirror-Style Master", "Alice"),
                   _p("a", "Grizzly Bears", "Alice", counters={"+1/+1": 1}),
                   _p("b", "Hill Giant", "Alice")], {"m": "Bob", "a": "Bob", "b": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 9
    (entered,) = got["outcome"]["entered"]
    assert (entered["name"], entered["power"], entered["attacking"]) == ("Grizzly Bears", 2, "Bob")
    assert got["outcome"]["destroyed"] == ["m~token1"]


def test_phantom_steed_copies_the_card_it_exiled() -> None:
    # 607.2a, 707.2: Phantom Steed (4/3) exiled Bob's Serra Angel (the scenario's exiled);
    # attacking, it makes a 4/4 flying copy tapped and attacking: Bob 12. With nothing
    # exiled, no token: Bob 16.
    got = _damage([_p("ps", "Phantom Steed", "Alice", exiled={"Serra Angel": "Bob"})], {"ps": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 12
    assert got["outcome"]["entered"][0]["controller"] == "Alice"
    got = _damage([_p("ps", "Phantom Steed", "Alice")], {"ps": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 16 and got["outcome"]["entered"] == []


def test_shredder_sends_a_copy_at_each_other_opponent() -> None:
    # 508.4, 707.9b: Shredder (5/5) attacks Bob with Carol a third player: a nonlegendary
    # copy attacks Carol. Each deals 5 and its "loses half their life, rounded up" triggers:
    # Bob 15 -> 7, Carol 15 -> 7; the copy is sacrificed at end of combat.
    from redzone.solver.frontends.commands import run_command
    from trigger_play import scenario

    sc = scenario([_p("sh", "Shredder, Shadow Master", "Alice")], {"sh": "Bob"})
    sc["players"].append({"name": "Carol", "life": 20})
    got = run_command("damage", sc, {}).to_json()
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 7, "Carol": 7}
    assert got["outcome"]["destroyed"] == ["sh~token1"]


def test_lulu_makes_as_many_soldiers_as_other_flyers_attacking() -> None:
    # 603.2c, 508.4: Lulu (2/4 flying) attacks with two Serra Angels (flying) and Hill Giant:
    # "that many" = the two other creatures with flying: two 1/1 Soldiers tapped and
    # attacking. 2 + 4 + 4 + 3 + 1 + 1 = 15, Bob 5.
    got = _damage([_p("lu", "Lulu, Inspiring Hollyphant", "Alice"), _p("s1", "Serra Angel", "Alice"),
                   _p("s2", "Serra Angel", "Alice"), _p("g", "Hill Giant", "Alice")],
                  {"lu": "Bob", "s1": "Bob", "s2": "Bob", "g": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 5
    assert len(got["outcome"]["entered"]) == 2


def test_najeela_gives_the_warriors_controller_an_attacking_warrior() -> None:
    # 508.4, 111.2: Najeela (3/2, a Warrior) attacks with Raging Goblin (not a Warrior):
    # one trigger, Alice (the Warrior's controller) creates a 1/1 Warrior tapped and
    # attacking (never declared, so it doesn't trigger Najeela): 3 + 1 + 1 = 5, Bob 15.
    got = _damage([_p("na", "Najeela, the Blade-Blossom", "Alice"), _p("w", "Raging Goblin", "Alice")],
                  {"na": "Bob", "w": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 15
    assert [(e["controller"], e["attacking"]) for e in got["outcome"]["entered"]] == [("Alice", "Bob")]


def test_mardu_siegebreaker_copies_the_exiled_card_at_each_opponent() -> None:
    # 607.2a, 508.4: Mardu Siegebreaker (4/4) exiled Alice's Serra Angel; attacking Bob (the
    # one opponent) it makes a tapped 4/4 copy attacking him, sacrificed at the beginning of
    # Alice's next end step (this turn's, 513.1): 4 + 4 = 8, Bob 12.
    got = _damage([_p("m", "Mardu Siegebreaker", "Alice", exiled={"Serra Angel": "Alice"})], {"m": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 12
    assert "m~token1 will be sacrificed at the beginning of the next end step" in got["triggers"][0]["result"]


def test_phantasmal_spheres_orb_goes_to_the_target_opponent() -> None:
    # 603.3d, 608.2h, 111.2: Phantasmal Sphere (0/1 with two +1/+1 counters) blocked by Hill
    # Giant dies; "target opponent creates an X/X blue Orb ..., where X is the number of
    # +1/+1 counters on this creature": Bob (the target) gets a 2/2 Orb (its last counters).
    got = _damage([_p("ps", "Phantasmal Sphere", "Alice", counters={"+1/+1": 2}),
                   _p("g", "Hill Giant", "Bob")], {"ps": "Bob"}, {"g": ["ps"]})
    (entered,) = got["outcome"]["entered"]
    assert (entered["controller"], entered["power"], entered["toughness"]) == ("Bob", 2, 2)


def test_a_copy_of_a_transformed_permanent_copies_its_back_face() -> None:
    # 707.8, 712.8d: Flamerush Rider copies Alice's Insectile Aberration (Delver of Secrets'
    # back face, 3/2 flying): the token is a 3/2 Insectile Aberration, not a 1/1 Delver.
    # 3 (Rider) + 3 + 3 = 9, Bob 11.
    got = _damage([_p("rider", "Flamerush Rider", "Alice"), _p("d", "Insectile Aberration", "Alice")],
                  {"rider": "Bob", "d": "Bob"},
                  trigger_choices=[{"source": "rider", "window": "attack", "target": "d"}])
    (entered,) = got["outcome"]["entered"]
    assert (entered["name"], entered["power"], entered["toughness"]) == ("Insectile Aberration", 3, 2)
    assert got["outcome"]["life"]["Bob"] == 11


def test_chronozoa_without_time_counters_dies_into_two_copies() -> None:
    # 603.4, 608.2c, 707.2: Chronozoa (3/3) with no time counters dies blocked by Serra
    # Angel: two token copies (as it last existed: 3/3); with a time counter on it, nothing.
    got = _damage([_p("c", "Chronozoa", "Alice"), _p("g", "Serra Angel", "Bob")],
                  {"c": "Bob"}, {"g": ["c"]})
    assert [(e["name"], e["power"]) for e in got["outcome"]["entered"]] == [("Chronozoa", 3)] * 2
    got = _damage([_p("c", "Chronozoa", "Alice", counters={"time": 1}), _p("g", "Serra Angel", "Bob")],
                  {"c": "Bob"}, {"g": ["c"]})
    assert got["outcome"]["entered"] == []
