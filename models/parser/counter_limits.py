"""h38: "*subject* can't have [+1/+1 / -1/-1] counters put on it / them" and "You / Players
can't get [poison] counters" (CR 122.6) -> :class:`redzone.models.abilities.CantHaveCounters`
and ``CantGetCounters``, applied by :mod:`redzone.models.counter_limits` wherever the play
puts counters.

Pure Python; one family of :data:`redzone.models.parser.SENTENCE_FAMILIES`.
"""

from __future__ import annotations

from redzone.models.abilities import Ability, Affected, CantGetCounters, CantHaveCounters
from redzone.models.lazy_re import lazy_compile
from redzone.models.parser.subjects import _parse_subject

__all__ = ["counter_limit_static"]

_CANT_HAVE = lazy_compile(
    r"(?P<subj>.+?) can't have (?:(?P<kind>\+1/\+1|-1/-1) )?counters put on (?:it|them)")
_CANT_GET = lazy_compile(r"(?P<who>You|Players) can't get (?P<kind>poison )?counters")
# Solemnity: "Counters can't be put on artifacts, creatures, enchantments, or lands."
_CANT_BE_PUT = lazy_compile(r"Counters can't be put on (?:[a-z]+, )*creatures(?:,? (?:and|or) "
                            r"[a-z]+|, [a-z]+)*")


def counter_limit_static(s: str, text: str) -> list[Ability] | None:
    """The counter limit of a sentence above (``s`` normalised: "~", no final period), else
    ``None``."""
    m = _CANT_HAVE.fullmatch(s)
    if m:
        affected = _parse_subject(m["subj"])
        if affected is None:
            return None
        return [CantHaveCounters(affected=affected, counter=m["kind"] or "", text=text)]
    if _CANT_BE_PUT.fullmatch(s):
        # the creatures are what combat puts counters on (the other permanents' counters
        # change nothing in it)
        return [CantHaveCounters(affected=Affected(kind="creatures"), text=text)]
    m = _CANT_GET.fullmatch(s)
    if m:
        return [CantGetCounters(who="you" if m["who"] == "You" else "players",
                                counter="poison" if m["kind"] else "", text=text)]
    return None
