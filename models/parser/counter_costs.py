"""A cost per counter on the creature itself (h17, issue 21) — CR 508.1d, 508.1h, 509.1d:
"~ can't attack [or block] unless you pay {1} for each +1/+1 counter on it" (Phyrexian
Marauder, Myr Prototype) is an attack cost on every attack of that creature
(:class:`redzone.models.abilities.AttackTax` with ``against="any"`` and X the counters of
that kind on it, :class:`redzone.models.abilities.XCount`) and the same block cost
(:class:`redzone.models.abilities.BlockTax`). A creature with no such counter pays {0}.

Part of :mod:`redzone.models.parser`.
"""

from __future__ import annotations

import re

from redzone.models.abilities import SELF, Ability, AttackTax, BlockTax, XCount

_COST = re.compile(
    r"~ can't (?P<what>attack or block|attack|block) unless you pay \{1\} for each "
    r"(?P<kind>\+1/\+1 |-1/-1 )?counter on (?:it|~)")


def counter_cost_static(s: str, text: str) -> list[Ability] | None:
    """The template above on the normalised sentence ``s``, else ``None``."""
    m = _COST.fullmatch(s)
    if m is None:
        return None
    x = XCount(what="counters", counter=(m["kind"] or "").strip() or None)
    out: list[Ability] = []
    if "attack" in m["what"]:
        out.append(AttackTax(x=x, affected=SELF, against="any", text=text))
    if "block" in m["what"]:
        out.append(BlockTax(x=x, affected=SELF, text=text))
    return out
