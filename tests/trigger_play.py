"""Shared helpers of the trigger tests: a permanent's scenario item and the ``damage`` job's
answer on a two-player board (Alice attacks Bob, both at 20 life)."""

from __future__ import annotations

from typing import Any

from redzone.solver.frontends.commands import run_command


def perm(pid: str, card: str, controller: str, **fields: Any) -> dict[str, Any]:
    """A ``permanents`` item: ``{"id", "card", "controller", **fields}``."""
    return {"id": pid, "card": card, "controller": controller, **fields}


def damage(perms: list[dict[str, Any]], attackers: dict[str, str],
           blockers: dict[str, list[str]] | None = None, **combat: Any) -> dict[str, Any]:
    """The ``damage`` job's JSON answer; ``combat``: more ``combat`` fields
    (``triggers_resolved``, ``trigger_choices`` ...)."""
    scenario = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                "permanents": perms,
                "combat": {"attackers": attackers, "blockers": blockers or {}, **combat}}
    return run_command("damage", scenario, {}).to_json()
