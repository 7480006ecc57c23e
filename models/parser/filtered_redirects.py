"""Damage to you redirected from some sources only (h27): "As long as this creature is
untapped, all damage that would be dealt to you by artifacts is dealt to this creature
instead" (Martyrs of Korlis), "... by unblocked creatures ..." (Veteran Bodyguard), "...
all combat damage that would be dealt to you by unblocked creatures ..." (Weathered
Bodyguards).

A :class:`redzone.models.abilities.RedirectDamage` with ``sources`` (artifacts, creatures)
and ``unblocked_only``; the front "as long as ~ is untapped" is the usual condition
(:func:`redzone.models.parser.conditions.split_condition`, CR 611.3a). The damage keeps its
source, so protection, prevention and lifelink are judged for the new recipient (614.1a,
616.1). CR 614.1a, 509.1h.

Pure Python; one family of :data:`redzone.models.parser.SENTENCE_FAMILIES`.
"""

from __future__ import annotations

from redzone.models.abilities import Ability, RedirectDamage, SELF, SourceFilter
from redzone.models.lazy_re import lazy_compile

__all__ = ["filtered_redirect_static"]

_REDIRECT = lazy_compile(
    r"[Aa]ll (?P<kind>combat )?damage that would be dealt to you by (?P<by>artifacts|"
    r"unblocked creatures|creatures) is dealt to ~ instead")
_SOURCES = {"artifacts": SourceFilter(types=("Artifact",)),
            "unblocked creatures": SourceFilter(creature=True),
            "creatures": SourceFilter(creature=True)}


def filtered_redirect_static(s: str, text: str) -> list[Ability] | None:
    """The redirection of ``s`` (normalised sentence, no final period) when it is "all
    [combat] damage that would be dealt to you by *sources* is dealt to ~ instead" (module
    docstring), else ``None``."""
    m = _REDIRECT.fullmatch(s)
    if m is None:
        return None
    return [RedirectDamage(recipients="you", to=SELF, damage="combat" if m["kind"] else "any",
                           sources=_SOURCES[m["by"]], unblocked_only=m["by"] == "unblocked creatures",
                           text=text)]
