"""The damage play-out when a permanent whose static ability changes characteristics (a lord)
leaves between the first-strike and the regular combat damage step (CR 510.4, 611.3a, 613)."""

from __future__ import annotations

from typing import Any

from redzone.solver.frontends.commands import run_command


def lord_combat(*, wall_blocks: bool = True, bears: dict[str, Any] | None = None,
                knight_blocks_bears: bool = False) -> dict[str, Any]:
    """Alice attacks Bob with Benalish Marshal (3/3, other creatures Alice controls get +1/+1)
    and Grizzly Bears (2/2 printed, 3/3 under the Marshal). Bob's Wall of Razors (4/1, first
    strike, defender) blocks the Marshal, or nothing; Bob's White Knight (2/2, first strike)
    blocks the Bears or nothing."""
    return {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
            "permanents": [{"id": "marshal", "card": "Benalish Marshal", "controller": "Alice"},
                           {"id": "bears", "card": "Grizzly Bears", "controller": "Alice",
                            **(bears or {})},
                           {"id": "wall", "card": "Wall of Razors", "controller": "Bob"},
                           {"id": "knight", "card": "White Knight", "controller": "Bob"}],
            "combat": {"attackers": {"marshal": "Bob", "bears": "Bob"},
                       "blockers": {"wall": ["marshal"] if wall_blocks else [],
                                    "knight": ["bears"] if knight_blocks_bears else []}}}


def regular_step(out: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in out["steps"] if s["step"] == "regular")


def test_lord_killed_by_first_strike_damage_pumps_no_more() -> None:
    # The Wall deals 4 first-strike damage to the 3/3 Marshal (510.4), which is destroyed by
    # the state-based actions before the regular step (704.5g). Its +1/+1 ends with it
    # (611.3a), so the layers give the Bears its printed 2/2 again (613.4c), and the unblocked
    # Bears deals damage equal to that power in the regular step (510.1a): 2, Bob at 18.
    answer = run_command("damage", lord_combat(), {})
    out = answer.to_json()
    assert out["outcome"]["destroyed"] == ["marshal"]
    assert regular_step(out)["assignment"] == {"bears": {"Bob": 2}}
    assert out["outcome"]["life"]["Bob"] == 18
    assert "warnings" not in out
    assert not [w for w in answer.warnings() if "611.3a" in w or "left the battlefield" in w]


def test_counters_count_once_after_the_lord_leaves() -> None:
    # A Bears with a +1/+1 counter is 4/4 under the Marshal; without the Marshal a 3/3 (the
    # counter stays, 613.4c; only the Marshal's +1/+1 ends, 611.3a): Bob at 17.
    out = run_command("damage", lord_combat(bears={"counters": {"+1/+1": 1}}), {}).to_json()
    assert regular_step(out)["assignment"] == {"bears": {"Bob": 3}}
    assert out["outcome"]["life"]["Bob"] == 17


def test_a_creature_the_lord_kept_alive_dies_when_it_leaves() -> None:
    # White Knight deals 2 first-strike damage to the 3/3 Bears and the Wall 4 to the Marshal.
    # The state-based actions destroy the Marshal (704.5g); the Bears, now 2/2 with 2 damage
    # marked, has lethal damage when they are checked again (704.3, 120.4a) and is destroyed
    # before the regular step: it deals no damage, the Knight survives and Bob stays at 20.
    out = run_command("damage", lord_combat(knight_blocks_bears=True), {}).to_json()
    assert out["outcome"]["destroyed"] == ["marshal", "bears"]
    assert out["outcome"]["life"]["Bob"] == 20
    assert all("bears" not in s["assignment"] for s in out["steps"])
    assert "knight" not in out["outcome"]["destroyed"]


def test_lord_that_stays_still_pumps() -> None:
    # Nothing blocks: the Marshal stays, the Bears is a 3/3 throughout; Bob takes 3 + 3
    # (510.1a, 120.3a).
    out = run_command("damage", lord_combat(wall_blocks=False), {}).to_json()
    assert out["outcome"]["life"]["Bob"] == 14
    assert "warnings" not in out


def test_given_power_loses_the_departed_lords_bonus_in_the_regular_step() -> None:
    # A power and toughness given in the scenario are current values with the Marshal's
    # +1/+1 in them (docs/scenario-format.md): an inline 3/3 Bear. When the Wall's first-strike
    # damage destroys the Marshal, that +1/+1 is taken off (611.3a): the Bear deals 2 (510.1a).
    data = lord_combat()
    data["permanents"][1] = {"id": "bears", "name": "Bear", "controller": "Alice",
                             "types": ["Creature"], "subtypes": ["Bear"], "power": 3, "toughness": 3}
    out = run_command("damage", data, {}).to_json()
    assert regular_step(out)["assignment"] == {"bears": {"Bob": 2}}
    assert out["outcome"]["life"]["Bob"] == 18


def test_departed_base_pt_setter_over_given_values_is_reported() -> None:
    # Godhead of Awe (4/4 flying; other creatures have base power and toughness 1/1) and an
    # inline Bear given as 1/1 (its current value, the Godhead's effect in it) attack; Bob's
    # inline Archer (reach, first strike, given 4/1) blocks the Godhead and destroys it in the
    # first-strike step (510.4, 704.5g). The Godhead's 7b effect ends (611.3a), but the power
    # and toughness under it is not in the scenario: the Bear's 1 is kept and the answer says
    # so, once per creature it reached (Bear and Archer).
    data = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
            "permanents": [
                {"id": "godhead", "card": "Godhead of Awe", "controller": "Alice"},
                {"id": "bear", "name": "Bear", "controller": "Alice", "types": ["Creature"],
                 "subtypes": ["Bear"], "power": 1, "toughness": 1},
                {"id": "archer", "name": "Archer", "controller": "Bob", "types": ["Creature"],
                 "subtypes": ["Human", "Archer"], "power": 4, "toughness": 1,
                 "text": "Reach\nFirst strike"}],
            "combat": {"attackers": {"godhead": "Bob", "bear": "Bob"},
                       "blockers": {"archer": ["godhead"]}}}
    answer = run_command("damage", data, {})
    out = answer.to_json()
    assert out["outcome"]["destroyed"] == ["godhead"]
    assert out["outcome"]["life"]["Bob"] == 19
    assert len(out["warnings"]) == 2
    assert out["warnings"][0].startswith("warning: Bear (bear): Godhead of Awe (godhead) left")
    assert "7b" in out["warnings"][0] and "Archer (archer)" in out["warnings"][1]
    assert [w for w in answer.warnings() if "7b" in w] == out["warnings"]


def test_lord_killed_by_regular_damage_takes_its_bonus_and_the_bears_with_it() -> None:
    # Found by a new user's trial. Alice's Benalish Marshal and Grizzly Bears (3/3 under it)
    # attack; Bob's Hill Giant (3/3) blocks the Marshal and Bob's Grizzly Bears (2/2) blocks
    # Alice's. No first strike: one regular step (510.2). The first state-based check destroys
    # the Marshal, the Giant and Bob's Bears (704.5g); the Marshal's +1/+1 ends with it
    # (611.3a), so Alice's Bears is a 2/2 with 2 damage marked and the repeated check destroys
    # it too (704.3, 704.5g, 120.6).
    data = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
            "permanents": [{"id": "marshal", "card": "Benalish Marshal", "controller": "Alice"},
                           {"id": "ab", "card": "Grizzly Bears", "controller": "Alice"},
                           {"id": "giant", "card": "Hill Giant", "controller": "Bob"},
                           {"id": "bb", "card": "Grizzly Bears", "controller": "Bob"}],
            "combat": {"attackers": {"marshal": "Bob", "ab": "Bob"},
                       "blockers": {"giant": ["marshal"], "bb": ["ab"]}}}
    out = run_command("damage", data, {}).to_json()
    assert sorted(out["outcome"]["destroyed"]) == ["ab", "bb", "giant", "marshal"]
    assert out["outcome"]["life"] == {"Alice": 20, "Bob": 20}


def test_a_departed_lords_bonus_is_taken_off_a_given_power_and_toughness_once() -> None:
    # An inline Bear given as 3/3 (its current value, the Marshal's +1/+1 in it) attacks with
    # the Marshal. The Wall of Razors kills the Marshal in the first-strike step (510.4,
    # 704.5g): the Bear is a 2/2 (611.3a). Bob's Llanowar Elves (1/1) blocks it and deals 1
    # in the regular step: the Bear survives with 1 damage marked (704.5g needs 2). The
    # layers applied again after the regular step must not take the +1/+1 off a second time
    # (that would make the Bear a 1/1 with lethal damage).
    data = lord_combat()
    data["permanents"][1] = {"id": "bears", "name": "Bear", "controller": "Alice",
                             "types": ["Creature"], "subtypes": ["Bear"], "power": 3, "toughness": 3}
    data["permanents"][3] = {"id": "elves", "card": "Llanowar Elves", "controller": "Bob"}
    data["combat"]["blockers"] = {"wall": ["marshal"], "elves": ["bears"]}
    out = run_command("damage", data, {}).to_json()
    assert regular_step(out)["assignment"] == {"bears": {"elves": 2}, "elves": {"bears": 1}}
    assert out["outcome"]["destroyed"] == ["marshal", "elves"]
