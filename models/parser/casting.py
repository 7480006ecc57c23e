"""Statics that only stop players casting spells (h17, issue 21): "As long as ~ is attacking,
defending player can't cast spells" (Wardscale Dragon), "Each opponent who attacked you or a
planeswalker you control this turn can't cast spells" (Sandswirl Wanderglyph), "Each
opponent who attacked with a creature this turn can't cast spells" (Angelic Arbiter).
redzone plays no spell cast during combat (only the declarations, triggered abilities and
damage), so such a rule changes nothing it plays: ignored as ``about spells``, like "Your
opponents can't cast spells during combat".

Part of :mod:`redzone.models.parser`.
"""

from __future__ import annotations

import re

_NO_SPELLS = re.compile(
    r"(?:As long as ~ is attacking, )?(?:[Dd]efending player|Each opponent who attacked "
    r"(?:you|you or a planeswalker you control|with a creature|with one or more creatures) "
    r"this turn) can't cast spells")


def casting_static(s: str, text: str) -> str | None:
    """``"about spells"`` for the sentences above (normalised ``s``), else ``None``."""
    return "about spells" if _NO_SPELLS.fullmatch(s) else None
