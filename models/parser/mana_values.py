"""Creatures described by their mana value (h17, issue 21) — CR 202.3: "Your opponents can't
block with creatures with even mana values" (Void Winnower) ->
:class:`redzone.models.abilities.CantBlock` for the opponents' creatures with
``Quality(mana_value_parity="even")`` (509.1b); "protection from mana value 3 or greater"
(Mistmeadow Skulk) is a keyword item (:mod:`.keywords`, decided by
:func:`redzone.models.battlefield.protection_extra`).

Part of :mod:`redzone.models.parser`.
"""

from __future__ import annotations

import re

from redzone.models.abilities import Ability, Affected, CantBlock, Quality

_CANT_BLOCK = re.compile(r"(?P<who>Your opponents|Players) can't block with creatures with "
                         r"(?P<p>even|odd) mana values")


def mana_value_static(s: str, text: str) -> list[Ability] | None:
    """The template above on the normalised sentence ``s``, else ``None``."""
    m = _CANT_BLOCK.fullmatch(s)
    if m is None:
        return None
    who = "opponents" if m["who"] == "Your opponents" else "any"
    return [CantBlock(affected=Affected(kind="creatures", controller=who,  # type: ignore[arg-type]
                                        qualities=(Quality(mana_value_parity=m["p"]),)),  # type: ignore[arg-type]
                      text=text)]
