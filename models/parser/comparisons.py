"""Restrictions comparing what two players control (h4, issue 21): "~ can't attack unless
you control more creatures / lands than defending player" (Goblin Goon, Monstrous Hound;
508.1c, judged per defending player, 508.5) and "~ can't block unless you control more
creatures / lands than attacking player" (509.1b).

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re

from redzone.models.abilities import (SELF, Ability, CantBlock, Condition, Conditional,
                                     DefenderControls, Quality)

_ATTACK = re.compile(r"~ can't attack unless you control more (?P<w>creatures|lands) than "
                     r"defending player")
_BLOCK = re.compile(r"~ can't block unless you control more (?P<w>creatures|lands) than "
                    r"attacking player")


def _comparison_static(s: str, text: str) -> list[Ability] | None:
    """One of the two restrictions above, or ``None``."""
    m = _ATTACK.fullmatch(s)
    if m:
        q = Quality(types=("Creature" if m["w"] == "creatures" else "Land",))
        return [DefenderControls(affected=SELF, effect="can't attack", quality=q, unless=True,
                                 versus_you=True, text=text)]
    m = _BLOCK.fullmatch(s)
    if m:
        q = Quality(types=("Creature" if m["w"] == "creatures" else "Land",))
        return [Conditional(condition=Condition(kind="more than attacking player", quality=q,
                                                negate=True),
                            abilities=(CantBlock(affected=SELF, text=text),), text=text)]
    return None
