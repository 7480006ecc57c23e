"""Tapped creatures that may block (h17, issue 21) — CR 509.1a: "Tapped creatures can block"
(Siege Elemental), "Tapped creatures you control can block as though they were untapped"
(Masako the Humorless) -> :class:`redzone.models.abilities.TappedCanBlock`, read by
:mod:`redzone.models.block_rules` (and the AI's "no creature can block" shortcuts); and how
many creatures one may block: "... can block an additional creature each combat for each
Equipment attached to ~" (Kemba's Legion) -> ``CanBlockAdditional(per_attached=...)``.

Part of :mod:`redzone.models.parser`.
"""

from __future__ import annotations

import re

from redzone.models.abilities import Ability, Affected, CanBlockAdditional, TappedCanBlock

_TAPPED = re.compile(r"Tapped creatures(?P<you> you control)? can block(?: as though they were "
                     r"untapped)?")


def tapped_blockers_static(s: str, text: str) -> list[Ability] | None:
    """The template above on the normalised sentence ``s``, else ``None``."""
    m = _TAPPED.fullmatch(s)
    if m is None:
        return None
    return [TappedCanBlock(affected=Affected(kind="creatures", controller="you" if m["you"] else "any"),
                           text=text)]


# h17: "~ can block an additional creature each combat for each Equipment attached to ~"
# (Kemba's Legion; 509.1a) -> CanBlockAdditional(per_attached="Equipment").
_PER_EQUIPMENT = re.compile(r"~ can block an additional creature each combat for each "
                            r"(?P<what>Equipment|Aura) attached to (?:~|it)")


def per_attached_block_static(s: str, text: str) -> list[Ability] | None:
    """The template above on the normalised sentence ``s``, else ``None``."""
    m = _PER_EQUIPMENT.fullmatch(s)
    if m is None:
        return None
    return [CanBlockAdditional(count=1, per_attached=m["what"], text=text)]
