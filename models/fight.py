"""Fight (CR 701.14) and its one-sided cousin, "bite".

Owns :func:`fight` (each creature deals damage equal to its power to the other at once,
701.14a; nothing if either is gone or illegal at resolution, 701.14b; twice its power to
itself, 701.14c; not combat damage, 701.14d) and :func:`bite` (one-sided, 608.2b), their
:class:`FightResult`, and the layers applied again when a lord it destroys leaves (613,
704.3). Damage is dealt through :mod:`redzone.models.outcome`. The rules: ``docs/rules.md``,
"Fight (CR 701.14)". Pure Python; never imports ortools.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from redzone.models.battlefield import Board
from redzone.models.errors import ScenarioError
from redzone.models.outcome import (DamageEvent, DealtDamage, GameState, OutcomeJSON, deal_damage,
                                    relayered_after_departures,
                                    state_based_actions)

__all__ = ["FightResult", "bite", "fight"]


@dataclass(frozen=True)
class FightResult:
    """The result of :func:`fight` or :func:`bite`.

    ``kind``: ``"fight"`` or ``"bite"``. ``fought``: whether damage was dealt at all (False
    when a creature was gone, not a creature or an illegal target, 701.14b). ``reason``:
    why not (empty when it fought). ``damage``: recipient id -> damage actually dealt to it
    (after prevention and replacement; 0 for a creature whose damage was prevented).
    ``excess``: recipient id -> damage beyond lethal (120.4a). ``dealt``: the per-source
    details (:class:`redzone.models.outcome.DealtDamage`). ``outcome``: the contract's ``outcome``
    object after state-based actions (:meth:`redzone.models.outcome.GameState.to_outcome`).
    ``state``: the :class:`redzone.models.outcome.GameState` itself. ``triggers``: what
    the damage triggered and how it resolved (JSON key ``triggers``, only when some did).
    """

    kind: Literal["fight", "bite"]
    a: str
    b: str
    fought: bool
    reason: str = ""
    damage: dict[str, int] = field(default_factory=dict)
    excess: dict[str, int] = field(default_factory=dict)
    dealt: tuple[DealtDamage, ...] = ()
    outcome: OutcomeJSON = field(default_factory=dict)  # type: ignore[assignment]
    state: GameState | None = None
    triggers: tuple[Any, ...] = ()
    """The triggered abilities the fight's damage triggered, as they resolved
    (:class:`redzone.models.triggers.types.Resolved`; each choice the first legal one)."""

    def to_json(self) -> dict[str, Any]:
        """The ``redzone fight --json`` object: ``fought``, ``damage``, ``outcome`` (the
        contract's keys) plus ``kind``, ``reason``, ``excess`` and ``dealt``; ``triggers``
        when the damage triggered abilities."""
        out: dict[str, Any] = {
            "fought": self.fought,
            "damage": dict(self.damage),
            "outcome": self.outcome,
            "kind": self.kind,
            "creatures": [self.a, self.b],
            "reason": self.reason,
            "excess": dict(self.excess),
            "dealt": [
                {"source": d.source, "recipient": d.recipient, "power": d.assigned,
                 "amount": d.amount, "result": d.result, "excess": d.excess, "notes": list(d.notes)}
                for d in self.dealt
            ],
        }
        if self.triggers:
            out["triggers"] = [t.to_json() for t in self.triggers]
        return out


def _check_known(board: Board, which: str, perm_id: str) -> None:
    if perm_id not in board.permanents:
        from redzone.models.load_actions import gone_on_load

        why = gone_on_load(board, perm_id)  # issue 25 §2: destroyed as the board was loaded
        if why is not None:
            raise ScenarioError(which, why)
        close = difflib.get_close_matches(perm_id, list(board.permanents), n=3, cutoff=0.6)
        hint = f" (closest: {', '.join(close)})" if close else ""
        raise ScenarioError(which, f"unknown permanent {perm_id!r}{hint}")


def _why_not(board: Board, state: GameState, ids: Iterable[str], illegal: frozenset[str] | set[str],
             *, planeswalker_ok: str | None = None) -> str:
    """Why the creatures can't fight at resolution (701.14b), or ``""``.
    ``planeswalker_ok``: an id that may be a planeswalker instead (a bite's target)."""
    for perm_id in dict.fromkeys(ids):
        perm = board.permanents[perm_id]
        if perm_id in illegal:
            return f"{perm.label} is an illegal target"
        if not state.on_battlefield(perm_id):
            return f"{perm.label} is no longer on the battlefield"
        if not perm.is_creature and not (perm_id == planeswalker_ok and perm.is_a("Planeswalker")):
            return f"{perm.label} is not a creature"
    return ""


def _resolve(kind: Literal["fight", "bite"], board: Board, a: str, b: str,
             illegal: Iterable[str], state: GameState | None) -> FightResult:
    _check_known(board, "A", a)
    _check_known(board, "B", b)
    bad = set(illegal)
    for i, x in enumerate(sorted(bad)):
        _check_known(board, f"--illegal[{i}]", x)
    state = GameState.from_board(board) if state is None else state
    why = _why_not(board, state, (a, b), bad, planeswalker_ok=b if kind == "bite" else None)
    if why:
        return FightResult(kind=kind, a=a, b=b, fought=False, reason=why + " (701.14b)"
                           if kind == "fight" else why + " (608.2b)",
                           outcome=state.to_outcome(board), state=state)
    # A permanent with a static ability that changed others' characteristics (a lord) that
    # left the battlefield in the given state: its effects have ended (611.3a, 613).
    cur, _ = relayered_after_departures(board, state)
    events = [DamageEvent(a, b, max(0, state.power(cur, a)))]
    if kind == "fight":
        events.append(DamageEvent(b, a, max(0, state.power(cur, b))))
    dealt = deal_damage(cur, state, events, combat=False)
    before = len(state.destroyed)
    state_based_actions(cur, state)
    # One the fight destroyed: the layers apply again without it and state-based actions are
    # checked again (704.3): a creature it kept alive may now have lethal damage marked.
    relayered_after_departures(board, state)
    triggers: tuple[Any, ...] = ()
    from redzone.models.triggers.resolve import damage_window, first_choice, has_combat_triggers

    if has_combat_triggers(cur):
        # What the fight's damage triggered ("whenever ~ deals damage", lifelink's gain,
        # "when ~ dies"; 603.2, 701.14d: not combat damage), each choice the first legal one.
        died = list(state.destroyed[before:])
        got = damage_window(cur, state, {}, {}, dealt, died, first_choice, combat=False)
        triggers = tuple(got.resolved)
    damage: dict[str, int] = {}
    excess: dict[str, int] = {}
    for d in dealt:
        damage[d.recipient] = damage.get(d.recipient, 0) + d.amount
        if d.excess:
            excess[d.recipient] = excess.get(d.recipient, 0) + d.excess
    return FightResult(kind=kind, a=a, b=b, fought=True, damage=damage, excess=excess,
                       dealt=tuple(dealt), outcome=state.to_outcome(board), state=state,
                       triggers=triggers)


def fight(board: Board, a: str, b: str, *, illegal: Iterable[str] = frozenset(),
          state: GameState | None = None) -> FightResult:
    """Creature ``a`` fights creature ``b`` (permanent ids; CR 701.14).

    ``illegal``: ids that have become illegal targets by resolution (e.g. gained hexproof or
    protection from the spell) — then neither deals damage (701.14b), as when either has left
    the battlefield (left in ``state``) or is not a creature. ``state``: the game state to
    start from and update in place (default: the board's, :meth:`GameState.from_board`).

    Returns a :class:`FightResult`. Raises :class:`redzone.models.errors.ScenarioError` for an
    unknown id.

    Example: a 1/1 with deathtouch and lifelink fights a 5/5 — both are destroyed (704.5g,
    704.5h) and the 1/1's controller gains 1 life (120.3f).
    """
    return _resolve("fight", board, a, b, illegal, state)


def bite(board: Board, a: str, b: str, *, illegal: Iterable[str] = frozenset(),
         state: GameState | None = None) -> FightResult:
    """Creature ``a`` deals damage equal to its power to creature ``b`` and ``b`` deals
    nothing back ("bite"; compare :func:`fight`). Same arguments, checks and result; the
    reason cites 608.2b (an illegal target gets no damage) instead of 701.14b. ``b`` may be a
    planeswalker (Bite Down: "target creature or planeswalker")."""
    return _resolve("bite", board, a, b, illegal, state)
