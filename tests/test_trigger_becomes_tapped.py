""""Whenever ~ becomes tapped" (CR 701.26a) in the play of combat: declaring an attacking
creature without vigilance taps it (508.1f), and an effect that taps an untapped creature
triggers it too; real cards, answers worked out by hand."""

from __future__ import annotations

from trigger_play import damage, perm


def test_chrome_companion_attacking_becomes_tapped() -> None:
    # 508.1f: Chrome Companion (2/2, "whenever this creature becomes tapped, you gain 1 life")
    # attacks unblocked: tapped as declared, its ability resolves in the declare attackers
    # step (Alice 21), then 2 combat damage (Bob 18).
    got = damage([perm("companion", "Chrome Companion", "Alice")], {"companion": "Bob"},
                 triggers_resolved=[])
    assert got["outcome"]["life"] == {"Alice": 21, "Bob": 18}
    assert [t["window"] for t in got["triggers"]] == ["attack"]


def test_a_creature_with_vigilance_is_not_tapped_by_attacking() -> None:
    # 702.20b: attacking doesn't cause a creature with vigilance to tap. Chrome Companion
    # has vigilance from Always Watching (nontoken creatures you control have vigilance): no
    # trigger, Alice stays at 20.
    got = damage([perm("companion", "Chrome Companion", "Alice"),
                  perm("watching", "Always Watching", "Alice")], {"companion": "Bob"},
                 triggers_resolved=[])
    assert got["outcome"]["life"]["Alice"] == 20
    assert got.get("triggers", []) == []


def test_an_effect_that_taps_a_creature_triggers_it() -> None:
    # 701.26a: Master of Diversion (2/2, "whenever this creature attacks, tap target creature
    # defending player controls") taps Bob's Chrome Companion: it becomes tapped and Bob
    # gains 1 life (21); the Master is unblocked: Bob 19.
    got = damage([perm("master", "Master of Diversion", "Alice"),
                  perm("companion", "Chrome Companion", "Bob")], {"master": "Bob"},
                 triggers_resolved=[])
    assert got["outcome"]["life"]["Bob"] == 19
    assert [(t["source"], t["window"]) for t in got["triggers"]] == [("master", "attack"),
                                                                     ("companion", "attack")]


def test_an_already_tapped_creature_does_not_become_tapped() -> None:
    # 701.26a: tapping a tapped permanent is not an event: Bob's Chrome Companion is tapped
    # already; the Master's trigger taps nothing new and Bob gains no life (Bob 18).
    got = damage([perm("master", "Master of Diversion", "Alice"),
                  perm("companion", "Chrome Companion", "Bob", tapped=True)], {"master": "Bob"},
                 triggers_resolved=[])
    assert got["outcome"]["life"]["Bob"] == 18
