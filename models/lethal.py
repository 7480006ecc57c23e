"""The one definition of lethal damage (CR 120.6, 704.5g, 702.19b, 510.1c-d).

A creature has lethal damage when the damage marked on it (plus, while damage is being
assigned, the damage assigned to it) reaches its toughness — or, under an effect such as
Zilortha, Strength Incarnate's "Lethal damage dealt to creatures you control is determined
by their power rather than their toughness" (:class:`redzone.models.abilities.LethalByPower`),
its power; a creature with 0 or less power then needs at least 1 damage (the card's
rulings). Deathtouch (702.2c) and the 704.5f check of toughness 0 or less are the callers'.

Everything that asks "is this damage lethal" reads :func:`lethal_damage`: state-based actions
after damage (:func:`redzone.models.outcome.state_based_actions`), the amount beyond lethal
(:meth:`redzone.models.game_state.GameState.lethal_remaining`), the damage problem's ``need``
(:func:`redzone.models.damage_rules.damage_problem`: trample and the assignment rules) and the
check of a scenario as it is loaded (:mod:`redzone.models.load_actions`). Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from redzone.models.abilities import LethalByPower

__all__ = ["any_lethal_by_power", "lethal_by_power", "lethal_damage"]


def any_lethal_by_power(board: Any) -> bool:
    """Whether some permanent of ``board`` has (or is granted) a :class:`LethalByPower`
    effect: when not, lethal damage is toughness everywhere, and callers on hot paths skip
    :func:`lethal_damage` (one look-up in the board's index of abilities by class)."""
    return LethalByPower in board._kind_index()


def lethal_by_power(board: Any, perm: Any,
                    present: Callable[[str], bool] | None = None) -> bool:
    """Whether a :class:`LethalByPower` effect applies to the creature ``perm`` (a
    :class:`redzone.models.battlefield.Permanent` of ``board``): an effect of a permanent
    still on the battlefield (``present(id)``, default: every permanent of the board is).
    Cheap when no permanent has such an effect (one index look-up)."""
    if not any_lethal_by_power(board):
        return False
    for _, holder in board.abilities_affecting(perm, LethalByPower):
        if present is None or present(holder.id):
            return True
    return False


def lethal_damage(board: Any, perm: Any, power: int, toughness: int,
                  present: Callable[[str], bool] | None = None) -> int:
    """The total damage at which the creature ``perm`` has been dealt lethal damage (CR
    120.6, 704.5g): ``toughness``, or ``max(power, 1)`` when :func:`lethal_by_power` holds.
    ``power`` / ``toughness`` are its current values (the caller's: a game state may have
    lowered them with -1/-1 counters). Compare with the damage marked (and assigned)."""
    if lethal_by_power(board, perm, present):
        return max(power, 1)
    return toughness
