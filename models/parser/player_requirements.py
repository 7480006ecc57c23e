"""A player-level attack requirement with no target (h17, issue 21) — CR 508.1d: "Each
opponent must attack with at least one creature each combat if able" (Seeker of Slaanesh)
is a :class:`redzone.models.abilities.MustBeAttacked` with ``anywhere``: the declaration
obeys it when at least one creature attacks, whatever player, planeswalker or battle it
attacks (Trove of Temptation's "... attack you ..." form is in :mod:`.sentences`).

Part of :mod:`redzone.models.parser`.
"""

from __future__ import annotations

import re

from redzone.models.abilities import Ability, MustBeAttacked

_ANYWHERE = re.compile(r"Each opponent must attack with at least one creature each combat if able")


def player_requirement_static(s: str, text: str) -> list[Ability] | None:
    """The template above on the normalised sentence ``s``, else ``None``."""
    if _ANYWHERE.fullmatch(s):
        return [MustBeAttacked(anywhere=True, include_planeswalkers=False, text=text)]
    return None
