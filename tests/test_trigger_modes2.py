"""h28: modal triggered abilities of combat that choose "any number", "up to one" or "one or
more" of their modes (700.2, 603.3c; models/triggers/board_effects.py). Real cards; expected
values from the rules cited."""

from __future__ import annotations

from typing import Any

from redzone.models.triggers.types import Modes
from trigger_play import damage, perm, read


def _rankle(mode: list[int]) -> dict[str, Any]:
    return damage([perm("r", "Rankle, Master of Pranks", "Alice"), perm("b", "Grizzly Bears", "Bob")],
                  {"r": "Bob"}, trigger_choices=[{"source": "r", "window": "regular", "mode": mode}])


def test_rankle_chooses_any_number_of_its_three_modes() -> None:
    # 700.2: "choose any number —": none to all three modes.
    (t,) = read("Rankle, Master of Pranks")
    (m,) = t.effects
    assert isinstance(m, Modes) and (m.least, m.most, len(m.modes)) == (0, 3, 3)


def test_rankle_one_mode_stated() -> None:
    # 510.2: Rankle (3/3 flying) deals 3 to Bob; mode 2: each player loses 1 life and draws.
    got = _rankle([2])
    assert got["outcome"]["life"] == {"Alice": 19, "Bob": 16}
    assert got["outcome"]["destroyed"] == []


def test_rankle_no_mode_is_removed_from_the_stack() -> None:
    # 603.3c: no mode chosen, the ability is removed from the stack: only the 3 damage.
    got = _rankle([])
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 17}
    assert got["triggers"][0]["result"] == "removed: no mode chosen (603.3c)"


def test_rankle_sacrifice_mode_takes_a_creature_from_each_player() -> None:
    # 701.21a: mode 3, each player sacrifices a creature: Rankle (Alice's only one) and the
    # Bears.
    got = _rankle([3])
    assert sorted(got["outcome"]["destroyed"]) == ["b", "r"]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 17}
