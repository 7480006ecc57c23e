"""h28: effects whose result comes after this combat, and value-only things of players
(models/triggers/later.py; docs/triggers.md "Later turns, Attractions, tickets"). Real cards;
expected values from the rules cited."""

from __future__ import annotations

import pytest

from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.types import Sacrifice, ValueOnly
from trigger_play import damage, perm, read


@pytest.mark.parametrize(("card", "event", "tag"), [
    ("Shisato, Whispering Hunter", "combat_damage_player", "skip"),  # 502.1 skipped (614.10)
    ("Blinding Angel", "combat_damage_player", "skip"),  # its next combat phase: not this one
    ("Wormfang Manta", "leaves", "extra turn"),  # 500.7
    ("Obeka, Splitter of Seconds", "combat_damage_player", "extra upkeep"),  # 500.8: after combat
    ("Archangel Avacyn", "dies", "transform later"),  # 603.7: at the next upkeep
    ("Loyal Cathar", "dies", "returns later"),  # 603.7, 513.1: at the next end step
    ("Marchesa, the Black Rose", "dies", "returns later"),
    ("Phytotitan", "dies", "returns later"),  # at its owner's next upkeep
    ("Quick Fixer", "combat_damage_player", "attraction"),  # 701.51: a noncreature artifact
    ("\"Lifetime\" Pass Holder", "dies", "attraction"),
    ("The Weekly Princess", "leaves", "day or night"),  # 730: checked as a turn begins
])
def test_later_effects_read_as_value(card: str, event: str, tag: str) -> None:
    got = [t for t in read(card) if t.event == event]
    assert len(got) == 1 and got[0].effects == (ValueOnly(tag),), got


def test_a_ticket_and_a_curse_returned_later() -> None:
    # 122.1: {A} is a ticket counter on the player; Lynde's Curse returns at the end step.
    acornelia = [t for t in read("Acornelia, Fashionable Filcher") if t.event == "dies"]
    assert [t.effects for t in acornelia] == [(ValueOnly("ticket"),)]
    lynde = [t for t in read("Lynde, Cheerful Tormentor") if t.event == "dies"]
    assert [t.effects for t in lynde] == [(ValueOnly("returns later"),)]


def test_the_sacrifice_before_an_extra_turn_is_played() -> None:
    # Wanderwine Prophets: the Merfolk sacrificed is a combat effect (701.21a); the extra
    # turn after it is the value (500.7).
    (t,) = read("Wanderwine Prophets")
    assert t.optional and isinstance(t.effects[0], Sacrifice)
    assert t.effects[1:] == (ValueOnly("extra turn"),)


@pytest.mark.parametrize("sentence", [
    # a permanent on the battlefield: "return it" later would be a blink, not read here
    "Whenever this creature attacks, return it to the battlefield under your control at the "
    "beginning of the next end step.",
    # a target on the battlefield (exiled first by another sentence: not read here)
    "Whenever this creature attacks, return target creature to the battlefield under its "
    "owner's control at the beginning of the next end step.",
    # a transform now, not later
    "Whenever this creature attacks, transform it at the beginning of combat on your turn.",
])
def test_what_is_not_later(sentence: str) -> None:
    got = parse_trigger(sentence, ("Test Creature",))
    assert got is None or all(not isinstance(e, ValueOnly) or e.what not in
                              ("returns later", "transform later") for e in got.effects)


def test_shisato_skips_nothing_in_this_combat() -> None:
    # 510.2: Shisato (2/2) unblocked deals 2 to Bob (18); the skipped untap step is Bob's
    # next one (502.1), so the ability resolves as a no-op here.
    got = damage([perm("s", "Shisato, Whispering Hunter", "Alice")], {"s": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 18}
    assert [t["result"] for t in got["triggers"]] == ["skip (no effect on combat)"]
    assert [x["sentence"] for x in got["not_played"]] == [
        "At the beginning of your upkeep, sacrifice a Snake."]  # not a trigger of combat


def test_loyal_cathar_stays_dead_until_the_end_step() -> None:
    # 704.5g: Loyal Cathar (2/2 vigilance) blocked by Bob's Hill Giant (3/3) dies; it returns
    # transformed at the beginning of the next end step (603.7, 513.1), not in this combat.
    got = damage([perm("c", "Loyal Cathar", "Alice"), perm("h", "Hill Giant", "Bob")],
                 {"c": "Bob"}, {"h": ["c"]})
    assert got["outcome"]["destroyed"] == ["c"]
    assert got["outcome"]["entered"] == []
    assert [t["result"] for t in got["triggers"]] == ["returns later (no effect on combat)"]


def test_galepowder_mage_exiles_now_and_returns_at_the_end_step() -> None:
    # 603.7, 513.1: the exiled card returns at the beginning of the next end step, after
    # combat: Bob's Grizzly Bears are gone for blocks, so Galepowder Mage (3/3 flying)...
    (t,) = read("Galepowder Mage")
    assert t.effects[1:] == (ValueOnly("returns later"),)
    got = damage([perm("g", "Galepowder Mage", "Alice"), perm("b", "Grizzly Bears", "Bob")],
                 {"g": "Bob"})
    assert got["outcome"]["destroyed"] == ["b"]
    assert got["outcome"]["entered"] == []
    assert got["outcome"]["life"]["Bob"] == 17


def test_delayed_value_and_no_regeneration() -> None:
    # 603.7c: Grim Javelineer's "when that creature dies this turn, surveil 1" only surveils;
    # Lim-Dûl's Cohort: no regeneration shield is played (701.19), nothing to forbid.
    (t,) = read("Grim Javelineer")
    assert t.effects[1:] == (ValueOnly("delayed surveil"),)
    assert [x.effects for x in read("Lim-Dûl's Cohort")] == [(ValueOnly("no regeneration"),)] * 2
    # a delayed ability with a combat effect is not a value
    got = parse_trigger("Whenever this creature attacks, target creature gets +1/+0 until end of "
                        "turn. When that creature dies this turn, you lose 2 life.")
    assert got is None or all(not isinstance(e, ValueOnly) or not e.what.startswith("delayed")
                              for e in got.effects)
