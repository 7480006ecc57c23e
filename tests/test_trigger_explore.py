"""h28: explore in triggered abilities of combat (CR 701.44; models/triggers/explore.py;
docs/triggers.md "Explore"). Real cards; expected values from the rules cited."""

from __future__ import annotations

from typing import Any

from redzone.models.triggers.types import Explore, Who
from trigger_play import damage, perm, read


def _dungeoneer(**combat: Any) -> dict[str, Any]:
    return damage([perm("d", "Seasoned Dungeoneer", "Alice")], {"d": "Bob"}, **combat)


def test_explore_reads_on_one_creature() -> None:
    assert [t.effects for t in read("Emperor's Vanguard")] == [(Explore(Who("source")),)]
    assert [t.effects for t in read("Miner's Guidewing")] == [
        (Explore(Who("target_creature", "you")),)]
    (francisco,) = read("Francisco, Fowl Marauder")
    assert francisco.effects == (Explore(Who("source")),)


def test_a_nonland_card_puts_a_counter_before_blocks() -> None:
    # 701.44a, 613.4c: Seasoned Dungeoneer (3/4 Warrior) attacks and explores a nonland card
    # (stated): a +1/+1 counter, 4 damage (Bob 16); no warning.
    got = _dungeoneer(trigger_choices=[{"source": "d", "window": "attack", "chosen": "nonland"}])
    assert got["outcome"]["life"]["Bob"] == 16
    assert got["outcome"]["counters"] == {"d": {"+1/+1": 1}}
    assert "warnings" not in got


def test_an_unstated_card_is_the_worst_for_the_controller_and_warned() -> None:
    # The top card is hidden (no player's choice): unstated, a land (no counter), 3 damage
    # (Bob 17), and a warning names the assumption.
    got = _dungeoneer()
    assert got["outcome"]["life"]["Bob"] == 17
    assert got["triggers"][0]["choices"]["chosen"] == "land"
    assert any("explored card" in w and "701.44" in w for w in got["warnings"])


def test_explore_triggers_elsewhere_are_listed_as_not_played() -> None:
    # Wildgrowth Walker's "whenever a creature you control explores" is not played: listed.
    got = damage([perm("v", "Emperor's Vanguard", "Alice"), perm("w", "Wildgrowth Walker", "Alice")],
                 {"v": "Bob"})
    assert [x["id"] for x in got["not_played"]] == ["w"]
