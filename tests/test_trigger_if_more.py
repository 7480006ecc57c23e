"""h35: more conditions of triggered abilities of combat and the extra combat phases they
add (models/triggers/if_more.py; docs/triggers.md "Extra combat phases and first times
(h35)"). Real cards; expected values from the rules cited."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.ability_base import Quality

from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.types import Conditional, IfTest, TapEffect, ValueOnly, Who
from redzone.solver.frontends.commands import run_command
from trigger_play import damage, perm, read, scenario


def _run(perms: list[dict[str, Any]], attackers: dict[str, str],
         blockers: dict[str, list[str]] | None = None, number: int = 1,
         **combat: Any) -> dict[str, Any]:
    sc = scenario(perms, attackers, blockers, **combat)
    sc["combat_number"] = number
    return run_command("damage", sc, {}).to_json()


@pytest.mark.parametrize("card", [
    "Anzrag, the Quake-Mole", "Bumi, Unleashed", "Éomer, Marshal of Rohan",
    "Akki Battle Squad", "Hellkite Charger", "Raiyuu, Storm's Edge",
])
def test_an_extra_combat_phase_is_a_later_value(card: str) -> None:
    # 500.8, 505.1a: the additional combat phase comes after this one ends: nothing in this
    # combat changes, so it is a value ("extra combat"), the untap before it is played.
    (t,) = read(card)
    flat = [x for e in t.effects for x in ((e, *e.effects) if isinstance(e, Conditional) else (e,))]
    assert ValueOnly("extra combat") in flat, t
    assert any(isinstance(e, TapEffect) and e.untap for e in flat), t


def test_an_extra_combat_phase_alone_is_not_a_pump() -> None:
    # the phrase must be the whole clause: "there is an additional combat phase" with another
    # effect in one clause is not read as a value
    got = parse_trigger("Whenever this creature attacks, there is an additional combat phase "
                        "and it gets +5/+5 until end of turn.", ("Test Creature",))
    assert got is None or ValueOnly("extra combat") not in got.effects


def test_karlach_intervening_if_covers_every_sentence() -> None:
    # 603.4: "if it's the first combat phase of the turn" is the whole ability's condition:
    # one Conditional over the untap, the first strike and the extra combat.
    (t,) = read("Karlach, Fury of Avernus")
    assert t.intervening is not None and t.intervening.test == IfTest("first_combat")
    assert len(t.effects) == 1 and isinstance(t.effects[0], Conditional)
    assert t.effects[0].effects[-1] == ValueOnly("extra combat")


def test_karlach_first_strike_in_the_first_combat_only() -> None:
    # 505.1 / 603.4: in the turn's first combat, Hill Giant (3/3) gains first strike and kills
    # Grizzly Bears (2/2) before it deals damage (510.4): no damage on the Giant. In a second
    # combat (combat_number 2) the ability doesn't trigger: both deal damage at once.
    perms = [perm("k", "Karlach, Fury of Avernus", "Alice"), perm("b", "Hill Giant", "Alice"),
             perm("h", "Grizzly Bears", "Bob")]
    first = _run(perms, {"k": "Bob", "b": "Bob"}, {"h": ["b"]}, 1, triggers_resolved=[])
    assert first["outcome"]["destroyed"] == ["h"]
    assert first["outcome"]["damage"] == {}
    assert first["outcome"]["life"]["Bob"] == 15  # Karlach's 5, unblocked
    assert "extra combat (no effect on combat)" in first["triggers"][0]["result"]
    second = _run(perms, {"k": "Bob", "b": "Bob"}, {"h": ["b"]}, 2, triggers_resolved=[])
    assert second.get("triggers", []) == []
    assert second["outcome"]["damage"] == {"b": 2}
    assert second["outcome"]["destroyed"] == ["h"]


def test_unstoppable_slasher_returns_with_stun_counters_when_it_had_none() -> None:
    # 603.4, 603.10a: "if it had no counters on it" looks back at the creature that died.
    # Unstoppable Slasher (2/3 deathtouch) blocked by Hill Giant (3/3): both die (704.5g,
    # 704.5h); it had no counters, so it returns tapped with two stun counters (122.6).
    got = damage([perm("u", "Unstoppable Slasher", "Alice"), perm("h", "Hill Giant", "Bob")],
                 {"u": "Bob"}, {"h": ["u"]})
    assert got["outcome"]["destroyed"] == ["u", "h"]
    (back,) = got["outcome"]["entered"]
    assert (back["name"], back["tapped"], back["controller"]) == ("Unstoppable Slasher", True, "Alice")
    assert got["outcome"]["counters"] == {back["id"]: {"stun": 2}}
    # with a +1/+1 counter on it as it died (3/4), the ability doesn't trigger: Craw Wurm
    # (6/4) kills it and it stays in the graveyard
    got = damage([perm("u", "Unstoppable Slasher", "Alice", counters={"+1/+1": 1}),
                  perm("w", "Craw Wurm", "Bob")], {"u": "Bob"}, {"w": ["u"]})
    assert got["outcome"]["destroyed"] == ["u", "w"]
    assert got["outcome"]["entered"] == [] and got.get("triggers", []) == []


def test_a_look_back_intervening_if_is_the_ability_s() -> None:
    # 603.4 with 608.2h: Lost Auramancers' "if it had no time counters on it" is checked as
    # it dies; the search after it is the whole effect (not a Conditional)
    (t,) = read("Lost Auramancers")
    assert t.intervening is not None and t.intervening.test == IfTest(
        "had_counters", 1, counter="time", none=True)
    assert not any(isinstance(e, Conditional) for e in t.effects)
    # "it wasn't a Demon": a quality that excludes the subtype, as it last existed
    got = parse_trigger("When this creature dies, if it wasn't a Demon, return it to the "
                        "battlefield under its owner's control with two +1/+1 counters on it.",
                        ("Test Creature",))
    assert got is not None and got.intervening is not None and got.intervening.test is not None
    assert got.intervening.test.kind == "was_type"
    assert got.intervening.test.quality == Quality(exclude_subtypes=("Demon",))


def test_a_look_back_if_is_not_read_for_an_attack() -> None:
    # an "if it had ..." of a creature still on the battlefield can change before the
    # resolution (603.4): not read as a look back
    got = parse_trigger("Whenever this creature attacks, if it had a +1/+1 counter on it, "
                        "return it to the battlefield under its owner's control.",
                        ("Test Creature",))
    assert got is None


def test_nine_lives_familiar_returns_after_this_combat() -> None:
    # 603.7, 513.1: it returns at the beginning of the next end step, with its counters then
    (t,) = read("Nine-Lives Familiar")
    assert t.effects == (ValueOnly("returns later"),)


def _aurelia(number: int, earlier: bool | None) -> dict[str, Any]:
    a = perm("a", "Aurelia, the Warleader", "Alice", tapped=True)
    if earlier is not None:
        a["conditions"] = {"attacked earlier this turn": earlier}
    return _run([a, perm("b", "Grizzly Bears", "Alice", tapped=True)], {"a": "Bob", "b": "Bob"},
                {}, number, triggers_resolved=[])


def test_aurelia_first_attack_of_the_turn() -> None:
    # 505.1, 603.4: in the turn's first combat phase every attack is the creature's first:
    # Aurelia's ability untaps Alice's creatures (stated tapped) and adds a combat phase
    # after this one (a value)
    got = _aurelia(1, None)
    (t,) = got["triggers"]
    assert t["result"] == "a untapped, b untapped; extra combat (no effect on combat)"
    assert got["not_played"] == []
    assert got["outcome"]["life"]["Bob"] == 15  # 3 flying + 2 unblocked (510.2)


def test_aurelia_in_a_later_combat_needs_the_earlier_attack_stated() -> None:
    # combat_number 2: whether Aurelia attacked in the first combat is not in the scenario:
    # not played, listed (never guessed); stated false it triggers, stated true it doesn't
    got = _aurelia(2, None)
    (t,) = got["triggers"]
    assert t["result"].startswith("not played: whether a attacked in an earlier combat")
    assert [x["id"] for x in got["not_played"]] == ["a"]
    assert _aurelia(2, False)["triggers"][0]["result"].startswith("a untapped, b untapped")
    assert _aurelia(2, True).get("triggers", []) == []


def test_first_time_with_an_intervening_if_reads_both() -> None:
    # Fear of Missing Out: "attacks for the first time each turn, if <delirium>, ..." —
    # both as it attacks (603.4); the delirium test again on resolution (the Conditional)
    (t,) = read("Fear of Missing Out")
    assert t.event == "attacks" and t.intervening is not None and t.intervening.test is not None
    assert t.intervening.test.kind == "both"
    assert [p.kind for p in t.intervening.test.parts] == ["first_time", "graveyard_at_least"]
    # only the source's own attack: "a creature you control attacks for the first time"
    assert parse_trigger("Whenever a creature you control attacks for the first time each "
                         "turn, it gets +1/+1 until end of turn.", ("Test Creature",)) is None


@pytest.mark.parametrize("card", [
    "Boros Strike-Captain",  # "during any turn you attacked with three or more creatures, ..."
    "Robber of the Rich",  # ... "and you may spend mana as though it were mana of any color"
    "Caves of Chaos Adventurer",  # "... this turn without paying its mana cost. Otherwise, ..."
    "Aerial Extortionist",  # "for as long as that card remains exiled, its owner may cast it"
])
def test_permissions_to_play_later_are_values(card: str) -> None:
    # nobody plays or casts a card in the play of combat (docs/triggers.md): a permission to
    # play the exiled card later this turn is a value ("impulse"), the exile before it too
    (t,) = [x for x in read(card) if x.event != "enters"]
    flat = [x for e in t.effects for x in ((e, *e.effects, *e.otherwise)
                                           if isinstance(e, Conditional) else (e,))]
    assert ValueOnly("impulse") in flat, t


def test_a_cast_now_is_not_a_permission() -> None:
    # "cast that card without paying its mana cost" (no "this turn"): a cast during the
    # resolution (608.2g), not a later permission — not read as a value here
    from redzone.models.triggers.if_more import read_clause

    assert read_clause("cast that card without paying its mana cost") is None
    assert read_clause("you may play that card this turn without paying its mana cost") == (
        ValueOnly("impulse"),)


def test_he_is_attacking_is_the_source() -> None:
    # The Incredible Hulk: "If he's attacking, untap him and there is an additional combat
    # phase after this phase": the source attacking now (506.4), the untap its own, the
    # phase a value (500.8)
    t = parse_trigger("Whenever The Incredible Hulk is dealt damage, put a +1/+1 counter on him. "
                      "If he's attacking, untap him and there is an additional combat phase "
                      "after this phase.", ("The Incredible Hulk",))
    assert t is not None
    cond = t.effects[1]
    assert isinstance(cond, Conditional) and cond.test == IfTest("source_attacking")
    assert cond.effects == (TapEffect(Who("source"), untap=True), ValueOnly("extra combat"))


def _interface_ace(active: str) -> dict[str, Any]:
    attackers = {"i": "Bob"} if active == "Alice" else {"h": "Alice"}
    sc = {"active_player": active,
          "players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
          "permanents": [perm("i", "Interface Ace", "Alice"), perm("h", "Hill Giant", "Bob")],
          "combat": {"attackers": attackers, "blockers": {}, "triggers_resolved": []}}
    return run_command("damage", sc, {}).to_json()


def test_interface_ace_untaps_during_its_controller_s_turn_only() -> None:
    # 508.1f: declared as an attacker it becomes tapped; "during your turn" (Alice's): the
    # ability untaps it (it stays attacking, 506.4). On Bob's turn nothing taps it, and an
    # ability "during your turn" would not trigger anyway.
    got = _interface_ace("Alice")
    assert [t["result"] for t in got["triggers"]] == ["i untapped"]
    assert _interface_ace("Bob").get("triggers", []) == []
    (t,) = read("Interface Ace")
    assert t.event == "becomes_tapped" and "your_turn" in t.watch.extra


def test_frontier_warmonger_gives_the_attackers_menace() -> None:
    # "one of your opponents or a planeswalker they control" = "... an opponent controls":
    # Grizzly Bears attacking Bob gains menace (702.110), so Hill Giant alone can't block it
    # (509.1b) and Bob takes 2
    got = damage([perm("w", "Frontier Warmonger", "Alice"), perm("g", "Grizzly Bears", "Alice"),
                  perm("h", "Hill Giant", "Bob")], {"g": "Bob"}, {}, triggers_resolved=[])
    assert [t["result"] for t in got["triggers"]] == ["g gains menace"]
    assert got["outcome"]["life"]["Bob"] == 18
    blocked = damage([perm("w", "Frontier Warmonger", "Alice"), perm("g", "Grizzly Bears", "Alice"),
                      perm("h", "Hill Giant", "Bob")], {"g": "Bob"}, {"h": ["g"]},
                     triggers_resolved=[])
    assert [x["kind"] for x in blocked["illegal_blocks"]] == ["restriction"]  # 509.1b


def test_rhonas_s_stalwart_one_subject_two_verbs() -> None:
    # "it gets +1/+1 until end of turn and can't be blocked by creatures with power 2 or less
    # this turn" (one subject, two verbs: both clauses, 608.2c). Exerted (701.43a), it is a
    # 3/3 Grizzly Bears (power 2) can't block (509.1b): Bob takes 3.
    perms = [perm("r", "Rhonas's Stalwart", "Alice", conditions={"exerted": True}),
             perm("b", "Grizzly Bears", "Bob")]
    blocked = damage(perms, {"r": "Bob"}, {"b": ["r"]}, triggers_resolved=[])
    assert [x["kind"] for x in blocked["illegal_blocks"]] == ["unable"]
    assert blocked["triggers"][1]["result"] == (
        "r gets +1/+1; r can't be blocked by creatures with power 2 or less this turn")
    assert damage(perms, {"r": "Bob"}, {}, triggers_resolved=[])["outcome"]["life"]["Bob"] == 17


def test_one_verb_two_objects_and_no_split_under_a_condition() -> None:
    # Godo: "untap it and all Samurai you control": the source, then the Samurai (701.26b)
    (t,) = read("Godo, Bandit Warlord")
    untaps = [e for e in t.effects if isinstance(e, TapEffect)]
    assert [e.who.kind for e in untaps] == ["source", "each_creature"] and all(e.untap for e in untaps)
    # a sentence with "if" / "where" keeps its one scope (never split here)
    from redzone.models.triggers.if_more import shared

    assert shared("it gets +X/+X until end of turn and can't be blocked this turn, where X is "
                  "the number of cards in your hand", lambda x: (ValueOnly(x),)) is None
