"""Tapped creatures that may block (h17, issue 21) — CR 509.1a: "Tapped creatures can block"
(Siege Elemental), "Tapped creatures you control can block as though they were untapped"
(Masako the Humorless) -> :class:`redzone.models.abilities.TappedCanBlock`, read by
:mod:`redzone.models.block_rules` (and the AI's "no creature can block" shortcuts).

Part of :mod:`redzone.models.parser`.
"""

from __future__ import annotations

import re

from redzone.models.abilities import Ability, Affected, TappedCanBlock

_TAPPED = re.compile(r"Tapped creatures(?P<you> you control)? can block(?: as though they were "
                     r"untapped)?")


def tapped_blockers_static(s: str, text: str) -> list[Ability] | None:
    """The template above on the normalised sentence ``s``, else ``None``."""
    m = _TAPPED.fullmatch(s)
    if m is None:
        return None
    return [TappedCanBlock(affected=Affected(kind="creatures", controller="you" if m["you"] else "any"),
                           text=text)]
