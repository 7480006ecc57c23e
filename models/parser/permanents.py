"""Indestructible for "permanents" (h4, issue 21): "~ is indestructible" (Fruitcake
Elemental; the same as having indestructible, CR 702.12) and "[Other] permanents you control
have indestructible" (Avacyn, Angel of Hope). In combat only creatures can be destroyed by
damage (704.5g-h); a planeswalker or battle put into the graveyard for 0 loyalty or defense
(704.5i, 704.5v) is not destroyed, so indestructible changes nothing for them: read as a
grant to the creatures.

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re

from redzone.models.abilities import Ability, Affected, Grant, Keyword

_IS = re.compile(r"~ is indestructible")
_PERMANENTS = re.compile(r"(?P<other>Other )?[Pp]ermanents you control have indestructible")


def _permanents_static(s: str, text: str) -> list[Ability] | None:
    """One of the two sentences above, or ``None``."""
    if _IS.fullmatch(s):
        return [Keyword(name="indestructible", text=text)]
    m = _PERMANENTS.fullmatch(s)
    if m:
        return [Grant(affected=Affected(kind="creatures", controller="you", other=bool(m["other"])),
                      abilities=(Keyword(name="indestructible", text=text),), text=text)]
    return None
