"""h28: fights in triggered abilities of combat (CR 701.14; models/triggers/fights.py;
docs/triggers.md "Fights"). Real cards; expected values from the rules cited."""

from __future__ import annotations

from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.types import Fight, Who
from trigger_play import damage, perm, read


def test_the_tarrasque_fights_as_it_attacks() -> None:
    # 701.14a: The Tarrasque (10/10) fights Bob's Hill Giant (3/3): 10 to the Giant (it dies,
    # 704.5g, before blocks), 3 to the Tarrasque; then 10 combat damage to Bob (10).
    (t,) = read("The Tarrasque")
    assert t.effects == (Fight(Who("target_creature", "defending")),)
    got = damage([perm("t", "The Tarrasque", "Alice"), perm("h", "Hill Giant", "Bob")], {"t": "Bob"})
    assert got["triggers"][0]["result"] == "t fights h (701.14a): 10 damage to h, 3 damage to t"
    assert got["outcome"]["destroyed"] == ["h"]
    assert got["outcome"]["damage"] == {"t": 3}
    assert got["outcome"]["life"]["Bob"] == 10


def test_fight_damage_from_a_deathtouch_creature_destroys() -> None:
    # 702.2b, 701.14d: fight damage from Typhoid Rats (1/1 deathtouch) is lethal: the
    # Tarrasque dies in the fight, so it deals no combat damage (Bob 20).
    got = damage([perm("t", "The Tarrasque", "Alice"), perm("r", "Typhoid Rats", "Bob")],
                 {"t": "Bob"})
    assert sorted(got["outcome"]["destroyed"]) == ["r", "t"]
    assert got["outcome"]["life"]["Bob"] == 20


def test_ace_fights_only_when_an_artifact_is_sacrificed() -> None:
    # 603.12: "When you do": with Ornithopter sacrificed, Ace (2/2, +1/+1 counter: 3/3)
    # fights Bob's Grizzly Bears (3 to the Bears, 2 to Ace), then deals 3 (Bob 17). With no
    # artifact, nothing: 2 combat damage (Bob 18).
    bears = perm("b", "Grizzly Bears", "Bob")
    got = damage([perm("a", "Ace, Fearless Rebel", "Alice"), perm("o", "Ornithopter", "Alice"),
                  bears], {"a": "Bob"})
    assert sorted(got["outcome"]["destroyed"]) == ["b", "o"]
    assert got["outcome"]["damage"] == {"a": 2}
    assert got["outcome"]["life"]["Bob"] == 17
    got = damage([perm("a", "Ace, Fearless Rebel", "Alice"), bears], {"a": "Bob"})
    assert got["outcome"]["destroyed"] == [] and got["outcome"]["life"]["Bob"] == 18


def test_a_fight_that_would_trigger_its_own_ability_is_not_read() -> None:
    # Apex Altisaur: the fight's damage would trigger "is dealt damage" again, and a triggered
    # ability's damage makes no damage event here: never played once instead of again.
    assert read("Apex Altisaur") == ()
    assert parse_trigger("When this creature dies, it fights target creature.") is None
