"""h28: more counted amounts (models/triggers/amounts.py): historic permanents (700.6) and
permanents with counters of a named kind (122.1). Real cards; expected values from the rules
cited."""

from __future__ import annotations

from trigger_play import damage, perm


def _alistair(mana: int) -> int:
    s_perms = [perm("a", "Alistair, the Brigadier", "Alice"), perm("r", "Sol Ring", "Alice"),
               perm("g", "Grizzly Bears", "Alice"), perm("f", "Forest", "Alice")]
    from redzone.solver.frontends.commands import run_command

    s = {"players": [{"name": "Alice", "life": 20, "mana": mana}, {"name": "Bob", "life": 20}],
         "permanents": s_perms, "combat": {"attackers": {"a": "Bob", "g": "Bob"}, "blockers": {}}}
    return run_command("damage", s, {}).to_json()["outcome"]["life"]["Bob"]


def test_alistair_counts_historic_permanents() -> None:
    # 700.6: Alistair (legendary) and Sol Ring (artifact) are historic, the Bears and the
    # Forest are not: X = 2, Alistair 5/5 and the Bears 4/4 unblocked, 9 damage (Bob 11).
    assert _alistair(8) == 11
    # 118.3: without {8} the cost can't be paid: 3 + 2 damage (Bob 15).
    assert _alistair(0) == 15


def test_kuldotha_cackler_counts_permanents_with_oil_counters() -> None:
    # 122.1: a Forest and an Ornithopter with oil counters, a Swamp without: X = 2, Kuldotha
    # Cackler (2/3) gets +2/+0 and deals 4 (Bob 16).
    got = damage([perm("k", "Kuldotha Cackler", "Alice"),
                  perm("f", "Forest", "Alice", counters={"oil": 1}),
                  perm("o", "Ornithopter", "Alice", counters={"oil": 3}),
                  perm("s", "Swamp", "Alice")], {"k": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 16
