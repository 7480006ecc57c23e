"""h13: effects that move cards between zones in triggered abilities of combat — cards of a
kind returned from a graveyard to the battlefield (docs/triggers.md, "Permanents from card
data"). Real cards; expected values from the rules cited."""

from __future__ import annotations

from typing import Any

from redzone.models.board import build_board
from redzone.models.game_state import GameState
from redzone.models.outcome import DamageEvent, deal_damage, state_based_actions
from redzone.models.scenario import parse_scenario
from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.resolve import damage_window
from redzone.models.triggers.types import EntersFromCard
from redzone.solver.frontends.commands import run_command
from trigger_play import perm, after_damage


def _scenario(perms: list[dict[str, Any]], attackers: dict[str, str],
              blockers: dict[str, list[str]] | None = None, graveyard: list[str] | None = None,
              bob_graveyard: list[str] | None = None, **combat: Any) -> dict[str, Any]:
    return {"players": [{"name": "Alice", "life": 20, "graveyard": graveyard or []},
                        {"name": "Bob", "life": 20, "graveyard": bob_graveyard or []}],
            "permanents": perms,
            "combat": {"attackers": attackers, "blockers": blockers or {}, **combat}}


def _damage(scenario: dict[str, Any]) -> dict[str, Any]:
    return run_command("damage", scenario, {}).to_json()


_after_damage = after_damage


# ------------------------------------------------------------------ reading


def test_kinds_and_bounds_of_graveyard_cards_are_read() -> None:
    sun = parse_trigger("Whenever this creature enters or attacks, you may return target "
                        "permanent card with mana value 3 or less from your graveyard to the "
                        "battlefield.", ("Sun Titan",))
    assert sun is not None and sun.effects == (EntersFromCard(
        "graveyard_card", kinds=("permanent",), mana_value_at_most=3),)
    scale = parse_trigger("Whenever this creature attacks, return target nonland permanent card "
                          "with mana value X or less from your graveyard to the battlefield, "
                          "where X is this creature's power.", ("Guardian Scalelord",))
    assert scale is not None and scale.effects == (EntersFromCard(
        "graveyard_card", kinds=("nonland permanent",), bound="source_power"),)
    havi = parse_trigger("Whenever Havi or another legendary creature you control dies, return "
                         "target legendary creature card with lesser mana value from your "
                         "graveyard to the battlefield tapped.", ("Havi, the All-Father", "Havi"))
    assert havi is not None and havi.effects == (EntersFromCard(
        "graveyard_card", kinds=("legendary creature",), bound="lesser_mv", tapped=True),)
    # "lesser mana value" names the creature that died: not read on an attack trigger
    assert parse_trigger("Whenever this creature attacks, return target creature card with "
                         "lesser mana value from your graveyard to the battlefield.",
                         ("Test",)) is None
    # two target cards ("up to two"): one target card per ability is played
    assert parse_trigger("When this creature leaves the battlefield, return up to two target "
                         "creature cards with power 2 or less from your graveyard to the "
                         "battlefield.", ("Reveillark",)) is None


# ------------------------------------------------------------------ playing


def test_sun_titan_returns_an_anthem_that_pumps_it() -> None:
    # 603.3d, 613.4c: Sun Titan (6/6) attacks; of Alice's graveyard only Glorious Anthem
    # (mana value 3) is a permanent card with mana value 3 or less (Hill Giant is 4, Shock
    # is not a permanent card). It returns and Sun Titan is 7/7: unblocked, Bob 13.
    s = _scenario([perm("sun", "Sun Titan", "Alice")], {"sun": "Bob"},
                  graveyard=["Hill Giant", "Shock", "Glorious Anthem"])
    got = _damage(s)
    assert got["outcome"]["life"]["Bob"] == 13
    assert got["triggers"][0]["choices"]["card"] == "Alice~graveyard2"


def test_sun_titan_with_only_an_aura_says_it_is_not_played() -> None:
    # 303.4f: an Aura put onto the battlefield is attached to what its controller chooses:
    # not played, and said so. Pacifism is Alice's only permanent card with mana value <= 3.
    s = _scenario([perm("sun", "Sun Titan", "Alice")], {"sun": "Bob"}, graveyard=["Pacifism"],
                  trigger_choices=[{"source": "sun", "window": "attack", "may": True}])
    got = _damage(s)
    assert got["triggers"][0]["result"].startswith("not played: Pacifism (an Aura)")
    assert got["outcome"]["life"]["Bob"] == 14


def test_guardian_scalelord_bound_is_its_power_as_the_ability_resolves() -> None:
    # 608.2b: "mana value X or less, where X is this creature's power": Guardian Scalelord
    # is 3/4; Serra Angel (5) is too big, Llanowar Elves (1) is the only legal card. It
    # returns untapped and not attacking: Bob takes 3 only.
    s = _scenario([perm("gs", "Guardian Scalelord", "Alice")], {"gs": "Bob"},
                  graveyard=["Serra Angel", "Forest", "Llanowar Elves"])
    got = _damage(s)
    assert got["triggers"][0]["choices"]["card"] == "Alice~graveyard2"
    assert got["outcome"]["life"]["Bob"] == 17
    # with power 5 (a +2/+0 stated) Serra Angel is a legal target too
    s["permanents"][0]["power"] = 5
    s["combat"]["trigger_choices"] = [{"source": "gs", "window": "attack",
                                       "target": "Alice~graveyard0"}]
    got = _damage(s)
    assert "Alice~graveyard0 returns to the battlefield" in got["triggers"][0]["result"]


def test_rakshasa_debaser_takes_the_defending_players_creature_card() -> None:
    # 506.2, 108.3: the target is a creature card in the defending player's (Bob's)
    # graveyard; it enters under Alice's control, Bob still owns it.
    s = _scenario([perm("rd", "Rakshasa Debaser", "Alice")], {"rd": "Bob"},
                  graveyard=["Hill Giant"], bob_graveyard=["Serra Angel"])
    board = build_board(parse_scenario(s))
    from redzone.solver.damage.solve import after_attack_window

    after, attackers, _ = after_attack_window(board)
    angel = after.permanents["Bob~graveyard0"]
    assert (angel.controller, angel.owner) == ("Alice", "Bob")
    assert "Alice~graveyard0" not in after.permanents
    assert "Bob~graveyard0" not in attackers  # neither attacking nor blocking (it says neither)


def test_gixian_puppeteer_returns_another_creature_not_itself() -> None:
    # 700.4, 603.3d: Gixian Puppeteer (4/3) blocks Bob's Craw Wurm (6/4) and dies; "another
    # target creature card with mana value 3 or less": the Puppeteer's own card (mana value
    # 4, and it is the source) is not a target, Llanowar Elves (1) in Alice's graveyard is.
    s = {"players": [{"name": "Alice", "life": 20, "graveyard": ["Llanowar Elves"]},
                     {"name": "Bob", "life": 20}],
         "active_player": "Bob",
         "permanents": [perm("wurm", "Craw Wurm", "Bob"), perm("gp", "Gixian Puppeteer", "Alice")],
         "combat": {"attackers": {"wurm": "Alice"}, "blockers": {"gp": ["wurm"]}}}
    out = _after_damage(s, [("wurm", "gp", 6), ("gp", "wurm", 4)])
    assert out.state.on_battlefield("Alice~graveyard0")
    assert "gp~returned" not in out.board.permanents
    assert [r.choices.get("card") for r in out.resolved] == ["Alice~graveyard0"]


def test_havi_returns_a_legendary_creature_of_lesser_mana_value() -> None:
    # 700.4, 603.3d: Havi (6/6, mana value 6) blocks Bob's Craw Wurm (stated power 7) and
    # dies. "Legendary creature card with lesser mana value": Isamaru, Hound of Konda
    # (legendary, mana value 1) fits, Hill Giant is not legendary. It returns tapped.
    s = {"players": [{"name": "Alice", "life": 20,
                      "graveyard": ["Hill Giant", "Isamaru, Hound of Konda"]},
                     {"name": "Bob", "life": 20}],
         "active_player": "Bob",
         "permanents": [perm("wurm", "Craw Wurm", "Bob", power=7),
                        perm("havi", "Havi, the All-Father", "Alice")],
         "combat": {"attackers": {"wurm": "Alice"}, "blockers": {"havi": ["wurm"]}}}
    out = _after_damage(s, [("wurm", "havi", 7), ("havi", "wurm", 6)])
    assert out.state.on_battlefield("Alice~graveyard1")
    assert out.board.permanents["Alice~graveyard1"].tapped


def test_venerable_warsinger_bound_is_the_damage_dealt() -> None:
    # 120.3, 510.2: Venerable Warsinger (3/3 trample) deals 3 combat damage to Bob: "mana
    # value X or less, where X is the damage dealt": Hill Giant (4) is too big, Grizzly
    # Bears (2) fits.
    s = _scenario([perm("vw", "Venerable Warsinger", "Alice")], {"vw": "Bob"},
                  graveyard=["Hill Giant", "Grizzly Bears"],
                  trigger_choices=[{"source": "vw", "window": "regular", "may": True}])
    got = _damage(s)
    res = [t for t in got["triggers"] if t["source"] == "vw"][0]
    assert res["choices"]["card"] == "Alice~graveyard1"


# ------------------------------------------------------------------ zone moves (moves.py)


def test_value_moves_of_a_dead_creatures_card_are_read() -> None:
    from trigger_play import read

    from redzone.models.triggers.types import ValueOnly

    # 700.4: the card of a creature that died is in its owner's graveyard; moving it on to a
    # hand or library changes nothing on the battlefield
    assert read("Zodiac Dragon")[0].effects == (ValueOnly("card of a creature that died"),)
    assert read("Michelangelo, On the Scene")[0].effects == (
        ValueOnly("card of a creature that died"),)
    # 113.6k: "return this card from your graveyard to your hand" works only in the graveyard
    assert read("Adéwalé, Breaker of Chains")[0].effects == (
        ValueOnly("cards between hidden zones"),)
    # "return it to its owner's hand" of a creature that did not die is its leaving
    bob = parse_trigger("Whenever this creature attacks, return it to its owner's hand.",
                        ("Test Bouncer",))
    assert bob is not None and bob.effects[0].__class__.__name__ == "Destroy"


def test_havengul_skaab_returns_the_other_attacker_to_hand() -> None:
    # 400.7, 506.4: Havengul Skaab (4/5) and Grizzly Bears (2/2) attack; the Skaab's trigger
    # returns the Bears (Alice's only other creature) to her hand: removed from combat, it
    # deals no damage and doesn't die. Bob takes 4: 16.
    s = _scenario([perm("hs", "Havengul Skaab", "Alice"), perm("gb", "Grizzly Bears", "Alice")],
                  {"hs": "Bob", "gb": "Bob"})
    got = _damage(s)
    assert got["outcome"]["life"]["Bob"] == 16
    assert "Alice returns gb to its owner's hand" in got["triggers"][0]["result"]


def test_alaborn_zealot_destroys_itself_and_the_creature_it_blocks() -> None:
    # 509.1, 603.3, 701.8: Bob's Alaborn Zealot blocks Alice's Hill Giant (3/3): both are
    # destroyed as the trigger resolves in the declare blockers step; no combat damage.
    s = _scenario([perm("giant", "Hill Giant", "Alice"), perm("az", "Alaborn Zealot", "Bob")],
                  {"giant": "Bob"}, {"az": ["giant"]})
    got = _damage(s)
    assert "giant destroyed" in got["triggers"][0]["result"]
    assert "az destroyed" in got["triggers"][0]["result"]
    assert got["outcome"]["life"]["Bob"] == 20
    assert set(got["outcome"]["destroyed"]) >= {"giant", "az"}


def test_abu_jafar_destroys_the_creature_it_blocked() -> None:
    # 700.4, 701.8: Abu Ja'far (0/1) blocks Bob's Grizzly Bears and dies to its 2 damage;
    # its dies trigger destroys the creatures it blocked: the Bears.
    s = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
         "active_player": "Bob",
         "permanents": [perm("gb", "Grizzly Bears", "Bob"), perm("abu", "Abu Ja'far", "Alice")],
         "combat": {"attackers": {"gb": "Alice"}, "blockers": {"abu": ["gb"]}}}
    out = _after_damage(s, [("gb", "abu", 2)])
    assert not out.state.on_battlefield("gb")
    assert out.state.reasons["gb"] == "destroyed by a triggered ability (701.8)"


def test_photon_blinks_an_attacker_out_of_combat() -> None:
    # 400.7, 506.4: Photon (3/3 flying) and Grizzly Bears attack; the stated target is the
    # Bears: exiled and returned, a new object (gb~returned), not attacking: Bob takes 3.
    s = _scenario([perm("ph", "Photon, Lady of Light", "Alice"),
                   perm("gb", "Grizzly Bears", "Alice")], {"ph": "Bob", "gb": "Bob"},
                  trigger_choices=[{"source": "ph", "window": "attack", "target": "gb"}])
    got = _damage(s)
    assert got["outcome"]["life"]["Bob"] == 17
    assert "gb returns to the battlefield as gb~returned" in got["triggers"][0]["result"]


def test_ajani_returns_transformed_as_a_planeswalker() -> None:
    # 712.14a, 400.7: Alice's Ajani, Nacatl Pariah and a Cat Warrior token (2/1) block; the
    # token dies: Ajani may be exiled and return transformed, Ajani, Nacatl Avenger, a
    # planeswalker with loyalty 3, not in combat (506.4).
    s = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
         "active_player": "Bob",
         "permanents": [perm("giant", "Hill Giant", "Bob"),
                        perm("aj", "Ajani, Nacatl Pariah", "Alice"),
                        {"id": "cat", "name": "Cat Warrior", "controller": "Alice", "token": True,
                         "types": ["Creature"], "subtypes": ["Cat", "Warrior"], "power": 2,
                         "toughness": 1}],
         "combat": {"attackers": {"giant": "Alice"}, "blockers": {"cat": ["giant"]},
                    "trigger_choices": [{"source": "aj", "window": "regular", "may": True}]}}
    out = _after_damage(s, [("giant", "cat", 3), ("cat", "giant", 2)])
    assert not out.state.on_battlefield("aj")
    back = out.board.permanents["aj~returned"]
    assert (back.name, back.loyalty, back.types) == ("Ajani, Nacatl Avenger", 3, ("Planeswalker",))


def test_jecht_whose_back_face_is_a_saga_is_not_read() -> None:
    # 714.3a: a Saga entering gets a lore counter and its chapter ability: not played, so
    # Jecht's "exile it, then return it transformed" is not read
    from trigger_play import read

    assert read("Jecht, Reluctant Guardian") == ()


# ------------------------------------------------------------------ cards from a hand (h13)


def _with_hand(s: dict[str, Any], hand: list[str]) -> dict[str, Any]:
    s["players"][0]["hand"] = hand
    return s


def test_kinscaer_sentry_puts_a_creature_from_the_stated_hand_attacking() -> None:
    # 508.4, 608.2b: Kinscaer Sentry (2/2 first strike, lifelink) and Grizzly Bears attack:
    # X = 2 attacking creatures Alice controls. Of her stated hand, Hill Giant (mana value 4)
    # and Centaur Courser (3) are too big: Llanowar Elves (1) is the only card. It enters
    # tapped and attacking Bob (never declared).
    # Unblocked: 2 + 2 + 1 = 5, Bob 15.
    s = _with_hand(_scenario([perm("ks", "Kinscaer Sentry", "Alice"),
                              perm("gb", "Grizzly Bears", "Alice")], {"ks": "Bob", "gb": "Bob"},
                             trigger_choices=[{"source": "ks", "window": "attack", "may": True}]),
                   ["Hill Giant", "Centaur Courser", "Llanowar Elves"])
    got = _damage(s)
    assert "Llanowar Elves put onto the battlefield from Alice's hand as Alice~hand2 tapped " \
           "and attacking Bob" in got["triggers"][0]["result"]
    assert got["outcome"]["life"]["Bob"] == 15


def test_an_unstated_hand_is_not_played_and_an_empty_one_holds_no_card() -> None:
    # h34 (was: unstated = no card): an unstated hand is unknown, so Kinscaer Sentry's "you may
    # put a creature card ... from your hand onto the battlefield tapped and attacking" is not
    # played and listed in not_played; nothing enters, Bob takes 2 + 2. A stated empty hand
    # (`hand: []`) holds no such card (608.2b): the same life, nothing listed.
    s = _scenario([perm("ks", "Kinscaer Sentry", "Alice"), perm("gb", "Grizzly Bears", "Alice")],
                  {"ks": "Bob", "gb": "Bob"},
                  trigger_choices=[{"source": "ks", "window": "attack", "may": True}])
    got = _damage(s)
    assert got["triggers"][0]["result"].startswith("not played: players[].hand not stated")
    assert [n["id"] for n in got["not_played"]] == ["ks"]
    assert got["outcome"]["life"]["Bob"] == 16
    s["players"][0]["hand"] = []
    empty = _damage(s)
    assert empty["triggers"][0]["result"] == "no such card in the hand (the scenario's players[].hand)"
    assert empty["not_played"] == [] and empty["outcome"]["life"]["Bob"] == 16


def test_shadowfax_chooses_among_lesser_power_cards() -> None:
    # Shadowfax (4/4): "a creature card with lesser power" than its 4: Craw Wurm (6) is not
    # one; of Hill Giant (3) and Grizzly Bears (2) the stated choice is the Giant. Horses
    # have haste (irrelevant: it is put onto the battlefield attacking, 508.4). 4 + 3: Bob 13.
    s = _with_hand(_scenario([perm("sf", "Shadowfax, Lord of Horses", "Alice")], {"sf": "Bob"},
                             trigger_choices=[{"source": "sf", "window": "attack", "may": True,
                                               "chosen": "Alice~hand1"}]),
                   ["Craw Wurm", "Hill Giant", "Grizzly Bears"])
    got = _damage(s)
    assert got["outcome"]["life"]["Bob"] == 13
    s["combat"]["trigger_choices"][0]["chosen"] = "Alice~hand0"
    import pytest

    from redzone.models.errors import ScenarioError

    with pytest.raises(ScenarioError, match=r"^combat.trigger_choices\[0\].chosen: 'Alice~hand0' "
                                            r"can't be chosen"):
        _damage(s)


def test_a_hand_card_after_a_draw_is_not_read() -> None:
    # a card drawn is hidden: Nick Fury's "draw a card. Then you may put a creature card ...
    # from your hand" is not read
    from trigger_play import read

    assert read("Nick Fury, Spymaster") == ()


def test_hand_cards_are_checked_against_the_card_data() -> None:
    import pytest

    from redzone.models.errors import ScenarioError

    s = _with_hand(_scenario([perm("gb", "Grizzly Bears", "Alice")], {"gb": "Bob"}), ["Hill Gint"])
    with pytest.raises(ScenarioError, match=r"^players\[0\].hand\[0\]: unknown card 'Hill Gint'"):
        _damage(s)


# ------------------------------------------------------------------ flips, counters, colours


def test_akki_lavarunner_flips_into_tok_tok() -> None:
    # 709.4: Akki Lavarunner (1/1) deals 1 combat damage to Bob and flips: the same object,
    # now Tok-Tok, Volcano Born (2/2: power and toughness change by the printed difference).
    s = _scenario([perm("akki", "Akki Lavarunner", "Alice")], {"akki": "Bob"})
    got = _damage(s)
    assert got["outcome"]["life"]["Bob"] == 19
    assert got["triggers"][0]["result"] == "akki transforms into Tok-Tok, Volcano Born"


def test_luminous_broodmoth_returns_the_creature_with_a_flying_counter() -> None:
    # 122.1b, 122.6: Alice's Grizzly Bears (no flying) blocks Bob's Hill Giant and dies:
    # Luminous Broodmoth returns it as gb~returned, with a flying counter: it has flying.
    s = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
         "active_player": "Bob",
         "permanents": [perm("giant", "Hill Giant", "Bob"), perm("gb", "Grizzly Bears", "Alice"),
                        perm("moth", "Luminous Broodmoth", "Alice")],
         "combat": {"attackers": {"giant": "Alice"}, "blockers": {"gb": ["giant"]}}}
    out = _after_damage(s, [("giant", "gb", 3), ("gb", "giant", 2)])
    assert out.state.on_battlefield("gb~returned")
    assert out.state.counters["gb~returned"] == {"flying": 1}
    assert out.board.has_keyword(out.board.permanents["gb~returned"], "flying")


def test_lightwielder_paladin_exiles_a_black_permanent_of_the_damaged_player() -> None:
    # 701.13, 510.3a: Lightwielder Paladin (4/4 first strike) deals combat damage to Bob; the
    # target is a black or red permanent Bob controls: his Dusk Imp (black), not his
    # Grizzly Bears (green).
    s = _scenario([perm("lp", "Lightwielder Paladin", "Alice"), perm("imp", "Dusk Imp", "Bob"),
                   perm("gb", "Grizzly Bears", "Bob")], {"lp": "Bob"},
                  trigger_choices=[{"source": "lp", "window": "first-strike", "may": True}])
    got = _damage(s)
    res = [t for t in got["triggers"] if t["source"] == "lp"][0]
    assert res["result"] == "imp exiled" and res["choices"]["target"] == "imp"


def test_custodi_soulcaller_counts_the_players_attacked() -> None:
    # 608.2h: "mana value X or less, where X is the number of players you attacked this
    # combat": Alice attacks Bob only, X = 1: Llanowar Elves (1) fits, Grizzly Bears (2)
    # doesn't; the Elves enters untapped, not attacking.
    s = _scenario([perm("cs", "Custodi Soulcaller", "Alice")], {"cs": "Bob"},
                  graveyard=["Grizzly Bears", "Llanowar Elves"])
    got = _damage(s)
    res = [t for t in got["triggers"] if "graveyard" in t["text"]][0]
    assert res["choices"]["card"] == "Alice~graveyard1"
    assert res["result"] == "Alice~graveyard1 returns to the battlefield as Alice~graveyard1"


def test_a_value_then_when_you_do_value_is_read() -> None:
    # 603.12: "exile it. When you do, return up to X target cards from your graveyard to your
    # hand ...": cards between a graveyard, exile and a hand only
    from trigger_play import read

    from redzone.models.triggers.types import ValueOnly

    got = read("Glissa's Retriever")
    assert got and all(isinstance(e, ValueOnly) for e in got[0].effects)


def test_bob_returns_to_hand_and_then_drains() -> None:
    # 400.7, 506.4, 608.2c: Bob attacks alone and is returned to Alice's hand (removed from
    # combat: no combat damage); "If you do": he left, so Bob (the player) loses 2 and Alice
    # gains 2.
    s = _scenario([perm("bob", "Bob, Reluctant HYDRA Agent", "Alice")], {"bob": "Bob"})
    got = _damage(s)
    assert got["outcome"]["life"] == {"Alice": 22, "Bob": 18}
    assert got["triggers"][0]["result"].startswith("bob returned to hand")


def test_the_gate_stops_when_the_source_did_not_leave() -> None:
    # 608.2c: "If you do" after the source's own leaving: nothing moved, nothing after it
    from redzone.models.triggers.moves import stops
    from redzone.models.triggers.types import Destroy, Who

    gate = Destroy(Who("source"), exile=True, to_hand=True, gate=True)
    assert stops(gate, "nothing") and not stops(gate, "bob returned to hand")
    assert not stops(Destroy(Who("source"), exile=True), "nothing")


def test_ashcloud_phoenix_returns_face_down_as_a_2_2() -> None:
    # 708.2, 400.7: Ashcloud Phoenix (4/1 flying) blocks Bob's Hill Giant and dies; it
    # returns face down: a 2/2 creature with no name, abilities or flying, not blocking.
    s = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
         "active_player": "Bob",
         "permanents": [perm("giant", "Hill Giant", "Bob"), perm("ph", "Ashcloud Phoenix", "Alice")],
         "combat": {"attackers": {"giant": "Alice"}, "blockers": {"ph": ["giant"]}}}
    out = _after_damage(s, [("giant", "ph", 3), ("ph", "giant", 4)])
    fd = out.board.permanents["ph~returned"]
    assert (fd.power, fd.toughness, fd.types, fd.name) == (2, 2, ("Creature",), "Face-down creature")
    assert not out.board.has_keyword(fd, "flying")


def test_child_of_alara_destroys_every_nonland_permanent() -> None:
    # 701.8: Child of Alara (6/6) blocks Bob's Craw Wurm (6/4) and dies: every nonland
    # permanent is destroyed — the Wurm, Alice's Glorious Anthem — but not Bob's Forest.
    s = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
         "active_player": "Bob",
         "permanents": [perm("wurm", "Craw Wurm", "Bob", power=7), perm("forest", "Forest", "Bob"),
                        perm("child", "Child of Alara", "Alice"),
                        perm("anthem", "Glorious Anthem", "Alice")],
         "combat": {"attackers": {"wurm": "Alice"}, "blockers": {"child": ["wurm"]}}}
    out = _after_damage(s, [("wurm", "child", 7)])
    assert not out.state.on_battlefield("wurm") and not out.state.on_battlefield("anthem")
    assert out.state.on_battlefield("forest")
    from trigger_play import read

    from redzone.models.triggers.types import Destroy, Who

    assert read("Child of Alara")[0].effects == (
        Destroy(Who("each_permanent", exclude_types=("Land",))),)


# ------------------------------------------------------------------ exile until it leaves (610.3c)


def test_grasping_giant_exiles_its_blocker_and_stays_blocked() -> None:
    # 610.3c, 509.1h: Grasping Giant (5/7) becomes blocked by Grizzly Bears: the Bears are
    # exiled until the Giant leaves; the Giant stays blocked (no trample): Bob 20.
    s = _scenario([perm("gg", "Grasping Giant", "Alice"), perm("gb", "Grizzly Bears", "Bob")],
                  {"gg": "Bob"}, {"gb": ["gg"]})
    got = _damage(s)
    assert got["triggers"][0]["result"] == "gb exiled"
    assert got["outcome"]["life"]["Bob"] == 20


def test_colossal_whale_exiled_card_returns_when_the_whale_dies() -> None:
    # 610.3c, 400.7: Colossal Whale (5/5) attacks and exiles Bob's Grizzly Bears "until this
    # creature leaves the battlefield"; Bob's Craw Wurm (stated 6/4) blocks and kills the
    # Whale: at once the Bears return under Bob's control, a new object (wh~exiled0), not
    # blocking.
    s = _scenario([perm("wh", "Colossal Whale", "Alice"), perm("gb", "Grizzly Bears", "Bob"),
                   perm("wurm", "Craw Wurm", "Bob")], {"wh": "Bob"},
                  trigger_choices=[{"source": "wh", "window": "attack", "may": True,
                                    "target": "gb"}])
    board = build_board(parse_scenario(s))
    from redzone.solver.damage.solve import after_attack_window

    after, _, _ = after_attack_window(board)
    assert after.permanents["wh"].exiled == {"Grizzly Bears": "Bob"}
    s["combat"]["blockers"] = {"wurm": ["wh"]}
    s["combat"]["triggers_resolved"] = ["attack"]
    s["permanents"][0]["exiled"] = {"Grizzly Bears": "Bob"}
    s["permanents"][0]["conditions"] = {}
    s["permanents"] = [p for p in s["permanents"] if p["id"] != "gb"]
    s["combat"].pop("trigger_choices")
    out = _after_damage(s, [("wurm", "wh", 6), ("wh", "wurm", 5)])
    assert not out.state.on_battlefield("wh")
    back = out.board.permanents["wh~exiled0"]
    assert (back.name, back.controller) == ("Grizzly Bears", "Bob")


def test_banisher_priests_stated_exiled_card_returns_when_it_dies() -> None:
    # 610.3c: Banisher Priest's printed "exile target creature an opponent controls until
    # Banisher Priest leaves the battlefield": the scenario says it exiled Bob's Serra Angel.
    # The Priest (2/2) blocks Bob's Hill Giant and dies: the Angel returns under Bob's
    # control at once.
    s = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
         "active_player": "Bob",
         "permanents": [perm("giant", "Hill Giant", "Bob"),
                        perm("bp", "Banisher Priest", "Alice", exiled={"Serra Angel": "Bob"})],
         "combat": {"attackers": {"giant": "Alice"}, "blockers": {"bp": ["giant"]}}}
    out = _after_damage(s, [("giant", "bp", 3), ("bp", "giant", 2)])
    back = out.board.permanents["bp~exiled0"]
    assert (back.name, back.controller, back.power) == ("Serra Angel", "Bob", 4)
    assert out.state.on_battlefield("bp~exiled0")


def test_banisher_priest_return_is_played_by_the_damage_command() -> None:
    # 610.3c: the same board through the damage command (no triggered ability of combat on
    # it): the Priest dies to the Giant's 3 damage and the Angel is back under Bob's control.
    s = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
         "active_player": "Bob",
         "permanents": [perm("giant", "Hill Giant", "Bob"),
                        perm("bp", "Banisher Priest", "Alice", exiled={"Serra Angel": "Bob"})],
         "combat": {"attackers": {"giant": "Alice"}, "blockers": {"bp": ["giant"]}}}
    got = _damage(s)
    assert "bp" in got["outcome"]["destroyed"]
    entered = {e["id"]: e for e in got["outcome"]["entered"]}
    assert entered["bp~exiled0"]["name"] == "Serra Angel"
    assert entered["bp~exiled0"]["controller"] == "Bob"


def test_geist_of_saint_traft_angel_is_exiled_at_end_of_combat() -> None:
    # 508.4, 603.7c, 511.2: Geist of Saint Traft (2/2) attacks; its Angel token (4/4 flying)
    # enters tapped and attacking: unblocked, 2 + 4 = 6, Bob 14. "Exile that token at end of
    # combat": the token this ability created, exiled in the end of combat step.
    got = _damage(_scenario([perm("geist", "Geist of Saint Traft", "Alice")], {"geist": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 14
    assert got["outcome"]["destroyed"] == ["geist~token1"]
    assert got["outcome"]["reasons"]["geist~token1"].startswith("exiled at end of combat")


def test_flaxen_intruder_sacrifices_itself_then_destroys_an_artifact() -> None:
    # 603.12, 701.21: Flaxen Intruder (1/2) deals combat damage to Bob; Alice may sacrifice
    # it; when she does, Bob's Bonesplitter (an artifact) is destroyed.
    s = _scenario([perm("fi", "Flaxen Intruder", "Alice"), perm("bs", "Bonesplitter", "Bob")],
                  {"fi": "Bob"},
                  trigger_choices=[{"source": "fi", "window": "regular", "may": True}])
    got = _damage(s)
    res = got["triggers"][0]
    assert res["result"] == "fi sacrificed; bs destroyed"
    assert set(got["outcome"]["destroyed"]) == {"fi", "bs"}
    # declined: nothing is destroyed (608.2c)
    s["combat"]["trigger_choices"][0]["may"] = False
    assert _damage(s)["outcome"]["destroyed"] == []


def test_treefolk_mystic_destroys_the_auras_of_the_creature_it_blocks() -> None:
    # 509.2, 701.8, 613: Alice's Grizzly Bears enchanted with Rancor (+2/+0, trample) attack;
    # Bob's Treefolk Mystic (2/4) blocks: Rancor is destroyed as blockers are declared, so the
    # Bears deal 2 (no trample) and the Mystic survives.
    s = _scenario([perm("gb", "Grizzly Bears", "Alice"),
                   perm("rancor", "Rancor", "Alice", attached_to="gb"),
                   perm("tm", "Treefolk Mystic", "Bob")], {"gb": "Bob"}, {"tm": ["gb"]})
    got = _damage(s)
    assert got["triggers"][0]["result"] == "rancor destroyed"
    assert "tm" not in got["outcome"]["destroyed"] and got["outcome"]["damage"]["tm"] == 2
    assert got["outcome"]["life"]["Bob"] == 20


def test_corrosive_ooze_destroys_the_equipment_at_end_of_combat() -> None:
    # 603.7, 511.2: Corrosive Ooze blocks Grizzly Bears equipped with Bonesplitter (+2/+0):
    # the Equipment still applies in the damage step (4 damage kills the 2/2 Ooze) and is
    # destroyed at end of combat.
    s = _scenario([perm("gb", "Grizzly Bears", "Alice"),
                   perm("bs", "Bonesplitter", "Alice", attached_to="gb"),
                   perm("ooze", "Corrosive Ooze", "Bob")], {"gb": "Bob"}, {"ooze": ["gb"]})
    got = _damage(s)
    assert "ooze" in got["outcome"]["destroyed"]
    assert got["outcome"]["reasons"]["bs"].startswith("destroyed at end of combat")


def test_battering_ram_destroys_the_wall_at_end_of_combat() -> None:
    # 603.7: Battering Ram becomes blocked by Wall of Stone (0/8): the Wall is destroyed at
    # end of combat.
    s = _scenario([perm("ram", "Battering Ram", "Alice"), perm("wall", "Wall of Stone", "Bob")],
                  {"ram": "Bob"}, {"wall": ["ram"]})
    got = _damage(s)
    assert got["outcome"]["reasons"]["wall"].startswith("destroyed at end of combat")


def test_ojer_pakpatiq_returns_transformed_with_time_counters() -> None:
    # 712.14a, 122.6: Ojer Pakpatiq (4/3) blocks Bob's Craw Wurm (6/4) and dies: it
    # returns tapped and transformed (Temple of Cyclical Time, a land) with three time
    # counters on it.
    s = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
         "active_player": "Bob",
         "permanents": [perm("wurm", "Craw Wurm", "Bob"), perm("ojer", "Ojer Pakpatiq, Deepest Epoch", "Alice")],
         "combat": {"attackers": {"wurm": "Alice"}, "blockers": {"ojer": ["wurm"]}}}
    out = _after_damage(s, [("wurm", "ojer", 6), ("ojer", "wurm", 4)])
    temple = out.board.permanents["ojer~returned"]
    assert (temple.name, temple.tapped) == ("Temple of Cyclical Time", True)
    assert out.state.counters["ojer~returned"] == {"time": 3}


def test_surgespanner_returns_a_target_permanent_to_its_owners_hand() -> None:
    # 508.1f, 701.26a, 400.7: Surgespanner attacks (it becomes tapped); Alice pays {1}{U}
    # and the stated target, Bob's Glorious Anthem, returns to his hand: it left the
    # battlefield without being destroyed.
    s = _scenario([perm("ss", "Surgespanner", "Alice"), perm("anthem", "Glorious Anthem", "Bob"),
                   perm("gb", "Grizzly Bears", "Bob")], {"ss": "Bob"},
                  trigger_choices=[{"source": "ss", "window": "attack", "may": True,
                                    "target": "anthem"}])
    s["players"][0]["mana"] = 2
    got = _damage(s)
    assert "anthem returned to hand" in got["triggers"][0]["result"]
    assert got["outcome"]["reasons"]["anthem"].startswith("returned to its owner's hand")


def test_card_type_adjectives_are_required_types() -> None:
    # "an artifact creature card": both card types (205.2a)
    from redzone.models.triggers.entries import _kind_fits

    e = EntersFromCard("hand_card", kinds=("artifact creature",))
    assert _kind_fits(("Artifact", "Creature"), (), (), e)
    assert not _kind_fits(("Creature",), (), (), e) and not _kind_fits(("Artifact",), (), (), e)


def test_trove_warden_puts_its_exiled_cards_back_under_their_owners() -> None:
    # 607.2a, 110.2: Trove Warden (3/4) exiled Bob's Bonesplitter earlier (the scenario's
    # exiled); it blocks Bob's stated 7/4 Craw Wurm and dies: the Bonesplitter returns
    # under Bob's control.
    s = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
         "active_player": "Bob",
         "permanents": [perm("wurm", "Craw Wurm", "Bob", power=7),
                        perm("tw", "Trove Warden", "Alice", exiled={"Bonesplitter": "Bob"})],
         "combat": {"attackers": {"wurm": "Alice"}, "blockers": {"tw": ["wurm"]}}}
    out = _after_damage(s, [("wurm", "tw", 7), ("tw", "wurm", 4)])
    back = out.board.permanents["tw~exiled0"]
    assert (back.name, back.controller) == ("Bonesplitter", "Bob")


def test_a_trains_trigger_is_of_combat() -> None:
    # 702.149a: training resolves as attackers are declared: "whenever ~ trains" is a
    # triggered ability of combat (not played yet: listed as not played)
    from redzone.models.triggers.classify import in_combat

    assert in_combat("Whenever this creature trains, exile up to one other target creature "
                     "from the battlefield or creature card from a graveyard.",
                     ("Savior of Ollenbock",))
