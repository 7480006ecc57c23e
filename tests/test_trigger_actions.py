"""Keyword actions and small mechanics in effects of combat triggers (h9; docs/triggers.md):
real cards on small boards played by the ``damage`` job, each answer worked out by hand from
the rules, CR cited."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from redzone.solver.frontends.cli import cli
from redzone.solver.frontends.commands import run_command


def _p(pid: str, card: str, controller: str, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller, **fields}


def _scenario(perms: list[dict[str, Any]], attackers: dict[str, str],
              blockers: dict[str, list[str]] | None = None, **combat: Any) -> dict[str, Any]:
    return {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
            "permanents": perms,
            "combat": {"attackers": attackers, "blockers": blockers or {}, **combat}}


def _damage(scenario: dict[str, Any], **options: Any) -> dict[str, Any]:
    return run_command("damage", scenario, options).to_json()


def test_card_lists_enlist_as_played() -> None:
    # 702.154a: enlist is played as a choice made as the creature attacks
    # (models/triggers/attack_choices.py; not_played leaves it out): `card` says so too.
    result = CliRunner().invoke(cli, ["card", "Argivian Cavalier", "--json"])
    data = json.loads(result.stdout)
    assert data["triggers_played"] == ["Enlist"]
    assert data["triggers_not_played"] == []
