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


def after_damage(scenario: dict[str, Any], events: list[tuple[str, str, int]]) -> Any:
    """The damage window's outcome (resolve API) after ``events`` (source, recipient,
    amount) are dealt as combat damage and state-based actions performed (510.2, 704.3)."""
    from redzone.models.board import build_board
    from redzone.models.outcome import DamageEvent, GameState, deal_damage, state_based_actions
    from redzone.models.scenario import parse_scenario
    from redzone.models.triggers.resolve import damage_window

    board = build_board(parse_scenario(scenario))
    state = GameState.from_board(board)
    dealt = deal_damage(board, state, [DamageEvent(s, r, n) for s, r, n in events], combat=True)
    before = len(state.destroyed)
    state_based_actions(board, state)
    combat = scenario["combat"]
    return damage_window(board, state, combat["attackers"], combat["blockers"], dealt,
                         state.destroyed[before:])
