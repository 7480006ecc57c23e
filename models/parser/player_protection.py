"""h38: "You have protection from each of your opponents" (Absolute Virtue; CR 702.16b,
702.16e: damage from sources the opponents control is prevented; the player may still be
attacked) -> :class:`redzone.models.abilities.PreventDamageToPlayer` with ``sources`` the
opponents' permanents (applied by :mod:`redzone.models.damage_effects`). Being enchanted or
targeted by them is no part of the combat.

Pure Python; one family of :data:`redzone.models.parser.SENTENCE_FAMILIES`.
"""

from __future__ import annotations

from redzone.models.abilities import Ability, PreventDamageToPlayer, SourceFilter
from redzone.models.lazy_re import lazy_compile

__all__ = ["player_protection_static"]

_FROM_OPPONENTS = lazy_compile(r"You have protection from (?:each of )?your opponents")


def player_protection_static(s: str, text: str) -> list[Ability] | None:
    """The :class:`PreventDamageToPlayer` of the sentence above (``s`` normalised, no final
    period), else ``None``."""
    if _FROM_OPPONENTS.fullmatch(s) is None:
        return None
    return [PreventDamageToPlayer(sources=SourceFilter(controller="opponents"), text=text)]
