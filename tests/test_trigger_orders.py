"""h28: effects in other word orders (models/triggers/orders.py; docs/triggers.md "Other word
orders"). Real cards; expected values from the rules cited."""

from __future__ import annotations

from typing import Any

from redzone.models.triggers.types import Amount, DamageEffect, Who
from redzone.solver.frontends.commands import run_command
from trigger_play import damage, perm, read


def _bob_attacks(perms: list[dict[str, Any]], attackers: dict[str, str],
                 blockers: dict[str, list[str]], **extra: Any) -> dict[str, Any]:
    s = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
         "active_player": "Bob", "permanents": perms,
         "combat": {"attackers": attackers, "blockers": blockers}, **extra}
    return run_command("damage", s, {}).to_json()


def test_two_damages_read_as_two_clauses() -> None:
    # 120.3: Assembled Alphas deals 3 to the creature of the block and 3 to its controller;
    # blocking, "that creature" is the attacker it blocks (controlled by the attacking player,
    # 508.1a); blocked, the blocker (its controller).
    blocks, blocked = read("Assembled Alphas")
    three = Amount(3)
    assert blocks.effects == (DamageEffect(Who("blocked"), three),
                              DamageEffect(Who("attacking_player"), three))
    assert blocked.effects == (DamageEffect(Who("trigger"), three),
                               DamageEffect(Who("trigger_controller"), three))


def test_assembled_alphas_blocks_hill_giant() -> None:
    # 509.3, 704.3: Alphas (5/5) blocks Bob's Hill Giant (3/3): 3 to the Giant and 3 to Bob
    # as blockers are declared; the Giant dies before damage (Alice takes nothing).
    got = _bob_attacks([perm("a", "Assembled Alphas", "Alice"), perm("h", "Hill Giant", "Bob")],
                       {"h": "Alice"}, {"a": ["h"]})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 17}
    assert got["outcome"]["destroyed"] == ["h"]


def test_meglonoth_deals_its_power_to_the_attacking_player() -> None:
    # "deals damage to that creature's controller equal to ~'s power" (608.2h): Meglonoth
    # (6/6) blocks Bob's Hill Giant: 6 to Bob, then combat damage kills the Giant.
    (t,) = read("Meglonoth")
    assert t.effects == (DamageEffect(Who("attacking_player"), Amount(1, "power")),)
    got = _bob_attacks([perm("m", "Meglonoth", "Alice"), perm("h", "Hill Giant", "Bob")],
                       {"h": "Alice"}, {"m": ["h"]})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 14}
    assert got["outcome"]["destroyed"] == ["h"]


def test_vengeful_ancestor_hurts_the_goaded_attackers_controller() -> None:
    # 701.15: Bob's Grizzly Bears, goaded by Alice, attack Alice; her Vengeful Ancestor has
    # the Bears deal 1 damage to their controller (Bob 19), then 2 combat damage (Alice 18).
    (_, goaded) = read("Vengeful Ancestor")
    assert goaded.effects == (DamageEffect(Who("trigger_controller"), Amount(1), by="trigger"),)
    got = _bob_attacks([perm("v", "Vengeful Ancestor", "Alice"), perm("g", "Grizzly Bears", "Bob")],
                       {"g": "Alice"}, {}, effects=[{"goad": "g", "by": "Alice"}])
    assert got["outcome"]["life"] == {"Alice": 18, "Bob": 19}


def test_that_archer_is_the_archer_whose_event_it_was() -> None:
    # Greatbow Doyen: "that Archer" is the creature that dealt the damage (the trigger).
    (t,) = read("Greatbow Doyen")
    assert t.effects == (DamageEffect(Who("damaged_controller"), Amount(1, "damage_dealt"),
                                      by="trigger"),)


def test_nefashu_shrinks_a_set_of_targets() -> None:
    # 601.2c, 613.4c: "up to five target creatures each get -1/-1": Bob's Grizzly Bears (2/2)
    # and Llanowar Elves (1/1) both shrink; the Elves die (704.5f) before blocks; Nefashu (5/3)
    # unblocked deals 5 (Bob 15).
    got = damage([perm("n", "Nefashu", "Alice"), perm("b", "Grizzly Bears", "Bob"),
                  perm("e", "Llanowar Elves", "Bob")], {"n": "Bob"})
    assert got["triggers"][0]["choices"] == {"targets": ["b", "e"]}
    assert got["outcome"]["destroyed"] == ["e"]
    assert got["outcome"]["life"]["Bob"] == 15


def test_rage_forger_has_the_attacking_creature_deal_the_damage() -> None:
    # "you may have that creature deal 1 damage": Alice's Grizzly Bears (3/3 with a +1/+1
    # counter) attack: 1 damage to Bob, then 3 combat damage (Bob 16).
    (t,) = read("Rage Forger")
    assert t.optional and t.effects[0] == DamageEffect(
        Who("target_player", also_types=("Planeswalker",)), Amount(1), by="trigger")
    got = damage([perm("r", "Rage Forger", "Alice"),
                  perm("b", "Grizzly Bears", "Alice", counters={"+1/+1": 1})], {"b": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 16


def test_sazh_doubles_the_counters_on_the_same_target() -> None:
    # 603.3d, 122.1: the counter on target creature, then double the +1/+1 counters "on that
    # creature" (the same target): Grizzly Bears with one counter -> 2 -> 4 (6/6), plus Sazh
    # (3/3): 9 damage (Bob 11).
    got = damage([perm("s", "Sazh Katzroy", "Alice"),
                  perm("b", "Grizzly Bears", "Alice", counters={"+1/+1": 1})], {"s": "Bob", "b": "Bob"},
                 trigger_choices=[{"source": "s", "window": "attack", "target": "b"}])
    assert got["outcome"]["counters"] == {"b": {"+1/+1": 4}}
    assert got["outcome"]["life"]["Bob"] == 11
