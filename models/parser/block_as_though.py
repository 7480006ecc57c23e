"""Blocking fliers of a kind as though it had reach (h27): "This creature can block Dragons as
though it had reach" (Dragon Hunter) -> :class:`redzone.models.abilities.CanBlockAsThoughReach`
with the attackers' creature type; the block rules let it block such a flier (702.9b, 702.17b).

Pure Python; one family of :data:`redzone.models.parser.SENTENCE_FAMILIES`.
"""

from __future__ import annotations

from redzone.models.abilities import Ability, CanBlockAsThoughReach, Quality
from redzone.models.lazy_re import lazy_compile
from redzone.models.parser.vocabulary import singular, CREATURE_TYPES

__all__ = ["block_as_though_static"]

_REACH = lazy_compile(r"~ can block (?P<types>[A-Z][\w'-]*) as though (?:it|~) had reach")


def block_as_though_static(s: str, text: str) -> list[Ability] | None:
    """"~ can block *Types* as though it had reach" (``s`` normalised, no final period) ->
    [:class:`CanBlockAsThoughReach`], else ``None``."""
    m = _REACH.fullmatch(s)
    if m is None:
        return None
    one = singular(m["types"])
    if one is None or one not in CREATURE_TYPES:
        return None
    return [CanBlockAsThoughReach(attackers=Quality(subtypes=(one,)), text=text)]
