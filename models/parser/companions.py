"""A companion an attacking creature needs (h17, issue 21) — CR 508.1c: "~ can't attack
unless a black or green creature also attacks" (Scarred Puma) ->
:class:`redzone.models.abilities.CantAttackUnlessOthersAttack` with ``qualities`` (another
attacking creature of one of those colours), checked by the attack problem's
``GreaterPowerCompanion`` with its ``companions`` (a linear constraint in the CP-SAT model).

Part of :mod:`redzone.models.parser`.
"""

from __future__ import annotations

import re

from redzone.models.abilities import SELF, Ability, CantAttackUnlessOthersAttack, Quality

_COLOR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COMPANION = re.compile(
    r"~ can't attack unless an? (?P<colors>(?:white|blue|black|red|green)(?:(?:,| or|, or) "
    r"(?:white|blue|black|red|green))*) creature also attacks")


def companion_static(s: str, text: str) -> list[Ability] | None:
    """The template above on the normalised sentence ``s``, else ``None``."""
    m = _COMPANION.fullmatch(s)
    if m is None:
        return None
    colors = tuple(_COLOR[c] for c in re.findall(r"white|blue|black|red|green", m["colors"]))
    return [CantAttackUnlessOthersAttack(affected=SELF, qualities=(Quality(colors=colors),),
                                         text=text)]
