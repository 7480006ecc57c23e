"""Triggered keywords a permanent has from elsewhere: granted by another permanent's static
ability ("Other creatures you control have exalted.", "All Sliver creatures have poisonous
1."; CR 613.1f) or by keyword counters (122.1b: an exalted counter gives exalted; each
counter one instance, 702.83b).

:func:`grants_of` reads a grantor's sentences (those the static parser set aside: it leaves
triggered keywords to :mod:`redzone.models.triggers`) into (who is affected, the triggered
abilities granted); :func:`counter_triggers` the abilities keyword counters give.
:func:`redzone.models.triggers.resolve.triggers` adds both to a permanent's own. Pure Python.
"""

from __future__ import annotations

import re
from functools import lru_cache

from redzone.models.abilities import Affected, ParsedText
from redzone.models.parser.subjects import _parse_subject
from redzone.models.triggers.classify import normalise
from redzone.models.triggers.parse import _KEYWORD, _keyword
from redzone.models.triggers.types import TriggeredAbility

__all__ = ["counter_triggers", "grant_of", "grants_of"]

_GRANT = re.compile(r"^(?P<subject>.+?) (?:have|has) (?P<keywords>[^\"“]+?)\.?$")


@lru_cache(maxsize=4096)
def grant_of(sentence: str, names: tuple[str, ...] = ()) -> tuple[Affected, tuple[TriggeredAbility, ...]] | None:
    """``(affected, abilities)`` when ``sentence`` grants only triggered keywords that
    :mod:`redzone.models.triggers.parse` plays ("Other creatures you control have exalted",
    "Enchanted creature has bushido 2"; CR 613.1f), else ``None`` (never a guess). Cached."""
    s = normalise(sentence.strip(), names).strip()
    m = _GRANT.fullmatch(s)
    if not m:
        return None
    affected = _parse_subject(m["subject"])
    if affected is None or affected.kind == "self":
        return None
    out: list[TriggeredAbility] = []
    for word in re.split(r", and |, | and ", m["keywords"]):
        k = _KEYWORD.fullmatch(word.strip())
        if not k:
            return None
        got = _keyword(k["word"].lower(), int(k["n"] or 1), word.strip())
        if got is None:
            return None
        out.append(got)
    return (affected, tuple(out)) if out else None


def grants_of(parsed: ParsedText, names: tuple[str, ...]) -> tuple[tuple[Affected, tuple[TriggeredAbility, ...]], ...]:
    """Every grant of triggered keywords among a permanent's set-aside sentences
    (:func:`grant_of`), in text order."""
    got = tuple(g for s in parsed.ignored if (g := grant_of(s, names)) is not None)
    return got + _mixed_grants(parsed, names)


# Triggered keywords whose event needs the creature attacking (a combat damage to a player):
# granted to "attacking creatures" they trigger as if granted always.
_WHILE_ATTACKING = frozenset({"renown", "poisonous"})


def _mixed_grants(parsed: ParsedText, names: tuple[str, ...]) -> tuple[tuple[Affected, tuple[TriggeredAbility, ...]], ...]:
    """h21: the triggered keywords of a grant the static parser read for its other keywords
    ("Attacking creatures you control have first strike and renown 1": the static parser
    keeps first strike as a :class:`Grant` and sets renown aside; 613.1f). A keyword granted
    only while attacking counts when its event needs the creature attacking (renown,
    poisonous: combat damage to a player); any other such keyword is not granted here."""
    from redzone.models.abilities import Grant

    out: list[tuple[Affected, tuple[TriggeredAbility, ...]]] = []
    for g in parsed.abilities:
        if not isinstance(g, Grant) or g.affected.kind == "self":
            continue
        m = _GRANT.fullmatch(normalise(g.text.strip(), names).strip())
        if not m:
            continue
        found: list[TriggeredAbility] = []
        for word in re.split(r", and |, | and ", m["keywords"]):
            k = _KEYWORD.fullmatch(word.strip())
            if not k:
                continue
            if g.when is not None and (g.when != "attacking"
                                       or k["word"].lower() not in _WHILE_ATTACKING):
                continue
            got = _keyword(k["word"].lower(), int(k["n"] or 1), word.strip())
            if got is not None:
                found.append(got)
        if found:
            out.append((g.affected, tuple(found)))
    return tuple(out)


@lru_cache(maxsize=1024)
def _counter_keyword(kind: str) -> TriggeredAbility | None:
    k = _KEYWORD.fullmatch(kind)
    if not k or k["n"]:
        return None
    return _keyword(k["word"].lower(), 1, kind)


def counter_triggers(counters: dict[str, int]) -> tuple[TriggeredAbility, ...]:
    """The triggered keywords keyword counters give (122.1b: "exalted": 3 is three
    instances of exalted, each triggering separately, 702.83b)."""
    out: list[TriggeredAbility] = []
    for kind, n in counters.items():
        if n > 0 and (t := _counter_keyword(kind)) is not None:
            out.extend([t] * n)
    return tuple(out)
