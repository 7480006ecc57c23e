"""The damage play-out when a permanent whose static ability changes characteristics (a lord)
leaves between the first-strike and the regular combat damage step (CR 510.4, 611.3a, 613)."""

from __future__ import annotations

from typing import Any

from redzone.solver.commands import run_command


def lord_combat(*, wall_blocks: bool = True) -> dict[str, Any]:
    """Alice attacks Bob with Benalish Marshal (3/3, other creatures Alice controls get +1/+1)
    and Grizzly Bears (2/2 printed, 3/3 under the Marshal). Bob's Wall of Razors (4/1, first
    strike, defender) blocks the Marshal, or nothing."""
    return {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
            "permanents": [{"id": "marshal", "card": "Benalish Marshal", "controller": "Alice"},
                           {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
                           {"id": "wall", "card": "Wall of Razors", "controller": "Bob"}],
            "combat": {"attackers": {"marshal": "Bob", "bears": "Bob"},
                       "blockers": {"wall": ["marshal"] if wall_blocks else []}}}


def test_lord_killed_by_first_strike_damage_is_reported() -> None:
    # The Wall deals 4 first-strike damage to the 3/3 Marshal (510.4), which is destroyed by
    # the state-based actions before the regular step (704.5g); its +1/+1 ends with it
    # (611.3a). The play-out does not re-apply the layers yet: it must say so.
    answer = run_command("damage", lord_combat(), {})
    out = answer.to_json()
    assert out["outcome"]["destroyed"] == ["marshal"]
    lines = [w for w in answer.warnings() if "Benalish Marshal" in w]
    assert len(lines) == 1 and "611.3a" in lines[0] and "Grizzly Bears" in lines[0]
    assert out["warnings"] == lines


def test_lord_that_stays_is_not_reported() -> None:
    # Nothing blocks: the Marshal stays, the Bears is a 3/3 throughout and no layer source
    # left, so there is no warning; Bob takes 3 + 3 (510.1a, 120.3a).
    answer = run_command("damage", lord_combat(wall_blocks=False), {})
    out = answer.to_json()
    assert out["outcome"]["life"]["Bob"] == 14
    assert "warnings" not in out
    assert not [w for w in answer.warnings() if "611.3a" in w]
