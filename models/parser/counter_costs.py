"""A cost per counter on the creature itself (h17, issue 21) — CR 508.1d, 508.1h, 509.1d:
"~ can't attack [or block] unless you pay {1} for each +1/+1 counter on it" (Phyrexian
Marauder, Myr Prototype) is an attack cost on every attack of that creature
(:class:`redzone.models.abilities.AttackTax` with ``against="any"`` and X the counters of
that kind on it, :class:`redzone.models.abilities.XCount`) and the same block cost
(:class:`redzone.models.abilities.BlockTax`). A creature with no such counter pays {0}.

Also a block cost per blocked creature: "~ can't block creatures with power 3 or greater
unless you pay {1}" (Hipparion) is a :class:`redzone.models.abilities.BlockTax` on ~ whose
``attackers`` are those creatures: each such block costs {1} (509.1d).

Part of :mod:`redzone.models.parser`.
"""

from __future__ import annotations

import re

from redzone.models.abilities import SELF, Ability, Affected, AttackTax, BlockTax, Quality, XCount

_COST = re.compile(
    r"~ can't (?P<what>attack or block|attack|block) unless you pay \{1\} for each "
    r"(?P<kind>\+1/\+1 |-1/-1 )?counter on (?:it|~)")
_PER_BLOCK = re.compile(r"~ can't block creatures with power (?P<n>\d+) or (?P<dir>greater|less) "
                        r"unless you pay \{(?P<cost>\d+)\}")


def counter_cost_static(s: str, text: str) -> list[Ability] | None:
    """The template above on the normalised sentence ``s``, else ``None``."""
    m = _PER_BLOCK.fullmatch(s)
    if m is not None:
        n = int(m["n"])
        q = Quality(power_at_least=n) if m["dir"] == "greater" else Quality(power_at_most=n)
        return [BlockTax(generic=int(m["cost"]), affected=SELF, text=text,
                         attackers=Affected(kind="creatures", qualities=(q,)))]
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
