"""Triggered abilities of combat that act on players, tokens and amounts (h16;
docs/triggers.md): read from real cards and played by the ``damage`` job on small boards,
each answer worked out by hand from the rules."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.errors import ScenarioError
from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.types import Amount, DamageEffect, Who
from redzone.solver.frontends.commands import run_command
from trigger_play import damage as _damage, perm as _p, scenario as _scenario


def _play(perms: list[dict[str, Any]], attackers: dict[str, str],
          blockers: dict[str, list[str]] | None = None, **combat: Any) -> dict[str, Any]:
    """``damage`` with every window still to play (Alice attacks Bob)."""
    return _damage(perms, attackers, blockers, triggers_resolved=[], **combat)


def _bob_attacks(perms: list[dict[str, Any]], attackers: dict[str, str],
                 blockers: dict[str, list[str]] | None = None, **combat: Any) -> dict[str, Any]:
    """``damage`` with every window still to play, Bob the active player."""
    s = _scenario(perms, attackers, blockers, triggers_resolved=[], **combat)
    s["active_player"] = "Bob"
    return run_command("damage", s, {}).to_json()


# ============================================================ target opponent or planeswalker


def test_target_opponent_or_planeswalker_is_one_representation() -> None:
    # 115.1: "target opponent or planeswalker" is a target opponent that may be a
    # planeswalker instead: the same Who as board_effects' "target player or planeswalker".
    got = parse_trigger("When this creature dies, it deals 6 damage to target opponent or "
                        "planeswalker.")
    assert got is not None
    assert got.effects == (DamageEffect(Who("target_opponent", also_types=("Planeswalker",)),
                                        Amount(6)),)


def test_doom_engine_targets_an_opponent_or_any_planeswalker() -> None:
    # Scuttling Doom Engine (6/6) attacks Bob and is blocked by two Hill Giants (3/3): it
    # dies and deals 6 damage to target opponent or planeswalker. Alice chooses Bob (the best
    # for her, 20 -> 14, after 0 combat damage to Bob); a planeswalker may be Bob's Ajani
    # Goldmane (loyalty 4: it is put into the graveyard, 704.5i); Alice herself is no
    # opponent (115.1), so she can't be stated.
    perms = [_p("doom", "Scuttling Doom Engine", "Alice"), _p("g1", "Hill Giant", "Bob"),
             _p("g2", "Hill Giant", "Bob"), _p("ajani", "Ajani Goldmane", "Bob")]
    blocks = {"g1": ["doom"], "g2": ["doom"]}
    got = _play(perms, {"doom": "Bob"}, blocks, damage_order={"doom": ["g1", "g2"]})
    assert got["outcome"]["life"]["Bob"] == 14
    assert got["triggers"][-1]["choices"] == {"target": "Bob"}
    walker = _play(perms, {"doom": "Bob"}, blocks, damage_order={"doom": ["g1", "g2"]},
                   trigger_choices=[{"source": "doom", "window": "regular", "target": "ajani"}])
    assert walker["outcome"]["life"]["Bob"] == 20
    assert "ajani" in walker["outcome"]["destroyed"]
    with pytest.raises(ScenarioError, match=r"trigger_choices\[0\]\.target"):
        _play(perms, {"doom": "Bob"}, blocks, damage_order={"doom": ["g1", "g2"]},
              trigger_choices=[{"source": "doom", "window": "regular", "target": "Alice"}])
