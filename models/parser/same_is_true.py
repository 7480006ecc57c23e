""""The same is true for first strike, double strike, ..." (h4, issue 21): the sentence
repeats the one before it for each listed keyword — Cairn Wanderer's family: "As long as a
card exiled with ~ has flying, ~ has flying. The same is true for ..." (a stated condition
per keyword, CR 611.3a), and Indominus Rex's "It enters with a flying counter on it if ...
The same is true for ..." (how it enters: counters the scenario gives). A list with an item
that is not a plain keyword ("protection", "landwalk": from what?) stays unparsed.

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re
from dataclasses import replace

from redzone.models.abilities import KEYWORDS, Conditional, Keyword

_SAME = re.compile(r"The same is true for (?P<list>.+?)\.?")
_NOT_COMBAT = ("hexproof", "shroud")


def same_is_true(sent: str, before: object) -> tuple[str, str, tuple[object, ...]] | None:
    """(status, reason, abilities) for ``sent`` read after the sentence record ``before``
    (a :class:`redzone.models.parser.Sentence`), or ``None`` when it is not this template
    or can't be read."""
    m = _SAME.fullmatch(sent.strip())
    if m is None or before is None:
        return None
    items = [x.strip().lower() for x in re.split(r",\s*(?:and\s+)?|\s+and\s+", m["list"]) if x.strip()]
    if not items:
        return None
    status, reason = getattr(before, "status", ""), getattr(before, "reason", "")
    text_before = str(getattr(before, "text", ""))
    if status == "ignored" and (reason == "enters the battlefield" or (
            reason == "continues the previous sentence" and re.match(r"It enters with ", text_before))):
        return "ignored", "enters the battlefield", ()
    abilities = getattr(before, "abilities", ())
    if status != "understood" or len(abilities) != 1 or not isinstance(abilities[0], Conditional):
        return None
    cond = abilities[0]
    if cond.condition.kind != "stated" or len(cond.abilities) != 1:
        return None
    (first,) = cond.abilities
    if not isinstance(first, Keyword) or first.name not in cond.condition.phrase:
        return None
    out: list[object] = []
    text = sent.strip()
    for k in items:
        if k in _NOT_COMBAT:
            continue
        if k not in KEYWORDS:
            return None
        phrase = cond.condition.phrase.replace(first.name, k)
        out.append(Conditional(condition=replace(cond.condition, phrase=phrase),
                               abilities=(Keyword(name=k, text=text),), text=text))
    return "understood", "template (condition)", tuple(out)
