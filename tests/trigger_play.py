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
    return run_command("damage", scenario(perms, attackers, blockers, **combat), {}).to_json()


def scenario(perms: list[dict[str, Any]], attackers: dict[str, str],
             blockers: dict[str, list[str]] | None = None, **combat: Any) -> dict[str, Any]:
    """The scenario :func:`damage` plays: Alice and Bob at 20 life, ``perms``, and the combat."""
    return {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
            "permanents": perms,
            "combat": {"attackers": attackers, "blockers": blockers or {}, **combat}}


def read(card: str) -> tuple[Any, ...]:
    """The triggered abilities of combat read from ``card``'s front face, text blanked."""
    import dataclasses

    from redzone.models.cards import lookup
    from redzone.models.parser import parse_text
    from redzone.models.triggers.parse import triggers_of

    c = lookup(card)
    assert c is not None, card
    face = c.faces[0]
    names = tuple(dict.fromkeys((face.name, c.name)))
    got = triggers_of(parse_text(face.text, names=names), names)
    return tuple(dataclasses.replace(t, text="") for t in got)
