"""Combat damage assigned as though the creature weren't blocked (h4, issue 21): "You may
have this creature assign its combat damage as though it weren't blocked" (Thorn Elemental,
Deathcoil Wurm; granted in quotes, Proud Wildbonder) and "For each non-Human creature you
control, you may have that creature assign ..." (Zilortha, Apex of Ikoria) — CR 510.1c as
modified by the effect. Read as :class:`redzone.models.abilities.AssignAsUnblocked`;
offered by :func:`redzone.models.damage_rules.damage_problem`.

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re

from redzone.models.abilities import ATTACHED, SELF, Ability, AssignAsUnblocked
from redzone.models.parser.subjects import _parse_subject

_TAIL = (r"assign (?:its|their|his|her) combat damage as though (?:it|they|he|she) weren't"
         r" blocked")
_SELF = re.compile(r"You may have ~ " + _TAIL)
_ATTACHED = re.compile(r"Enchanted creature's controller may have it " + _TAIL)
_EACH = re.compile(r"For each (?P<group>.+?), you may have that creature " + _TAIL)


def _assignment_static(s: str, text: str) -> list[Ability] | None:
    """An "as though it weren't blocked" static (the block above), or ``None``."""
    if _SELF.fullmatch(s):
        return [AssignAsUnblocked(affected=SELF, text=text)]
    if _ATTACHED.fullmatch(s):
        return [AssignAsUnblocked(affected=ATTACHED, text=text)]
    m = _EACH.fullmatch(s)
    if m:
        affected = _parse_subject("Each " + m["group"])
        if affected is None or affected.kind != "creatures":
            return None
        return [AssignAsUnblocked(affected=affected, text=text)]
    return None
