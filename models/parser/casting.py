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


# h17: a stated condition granting the permanent an "enters" trigger: "As long as there are
# seven or more cards in your graveyard, this creature has "When this creature enters, ..."
# (Centaur Chieftain, Teroh's Vanguard). The permanent is on the battlefield already and
# nothing redzone plays puts it there again, so the trigger never fires in the combat:
# ignored like an "enters the battlefield" sentence. Any other granted trigger (an attack
# trigger) is not set aside here.
_ENTERS_GRANT = re.compile(r"As long as [^,]+, ~ has \"When ~ enters(?: the battlefield)?, [^\"]+\"")


def enters_grant_static(s: str, text: str) -> str | None:
    """``"enters the battlefield"`` for the sentence above (normalised ``s``), else ``None``."""
    return "enters the battlefield" if _ENTERS_GRANT.fullmatch(s) else None
