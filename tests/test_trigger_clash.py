"""h28: clashes in triggered abilities of combat (CR 701.30; models/triggers/clashes.py;
docs/triggers.md "Clash"). Real cards; expected values from the rules cited."""

from __future__ import annotations

from typing import Any

from redzone.models.triggers.types import Clash, ValueOnly
from trigger_play import damage, perm, read


def _juggler(**combat: Any) -> dict[str, Any]:
    return damage([perm("j", "Fire Juggler", "Alice"), perm("b", "Grizzly Bears", "Bob"),
                   perm("h", "Hill Giant", "Bob")], {"j": "Bob"}, {"b": ["j"], "h": ["j"]},
                  triggers_resolved=["attack"], **combat)


def test_fire_juggler_won_clash_kills_its_blockers() -> None:
    # 701.30, 509.3c: a clash won (stated): 4 damage to each blocker, both die (704.5g) before
    # combat damage, so Fire Juggler (2/2) survives.
    got = _juggler(trigger_choices=[{"source": "j", "window": "block", "chosen": "won"}])
    assert sorted(got["outcome"]["destroyed"]) == ["b", "h"]
    assert "warnings" not in got


def test_an_unstated_clash_is_lost_and_warned() -> None:
    # The revealed cards are hidden: unstated, the clash is lost (the worst for Alice): the
    # Juggler dies to its blockers (2 + 3 damage) and kills the Bears; a warning says so.
    got = _juggler()
    assert got["triggers"][0]["result"] == "lost the clash (701.30)"
    assert sorted(got["outcome"]["destroyed"]) == ["b", "j"]
    assert any("clash" in w and "701.30" in w for w in got["warnings"])


def test_what_is_read_of_a_clash() -> None:
    # Ringskipper: winning returns the card that died to its owner's hand (a value).
    (t,) = read("Ringskipper")
    assert isinstance(t.effects[0], Clash) and all(isinstance(e, ValueOnly) for e in t.effects[0].won)
    # a clash with nothing after it (Marvo, whose own "whenever you win a clash" does the
    # rest) is not read
    assert read("Marvo, Deep Operative") == ()


def test_springjack_knight_target_is_chosen_before_the_clash() -> None:
    # 603.3d: the target is chosen as the ability is put on the stack; the clash won, the
    # Knight (2/2) gains double strike: 2 + 2 damage (Bob 16); lost: 2 (Bob 18).
    for result, life in (("won", 16), ("lost", 18)):
        got = damage([perm("k", "Springjack Knight", "Alice")], {"k": "Bob"},
                     trigger_choices=[{"source": "k", "window": "attack", "chosen": result,
                                       "target": "k"}])
        assert got["triggers"][0]["choices"] == {"target": "k", "chosen": result}
        assert got["outcome"]["life"]["Bob"] == life
