""""~ and *group* have / get ..." (h4, issue 21): "~ and other Knights you control have
flying" (Dion), "~ and enchantment creatures you control have trample, lifelink, and ward
{2}" (Yuna): the same as "~ has ..." and "*Group* have ..." (613.1f, 613.4c), read as the
two sentences; under a condition ("During your turn, ...") the condition wrapper of
:func:`redzone.models.parser.parse_sentence` applies to both. Also "also" in "Creatures you
control also get +1/+0 and have trample as long as ..." (Jetmir) says nothing the rules read:
it is dropped.

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re

from redzone.models.abilities import Ability

_SELF_AND = re.compile(r"~ and (?P<g>[^,]+?) (?P<verb>have|get) (?P<rest>.+)")
# "Creatures with flying can't attack you or block creatures you control" (Storm, Windrider):
# the two restrictions of the group, each a sentence of its own (508.1c, 509.1b).
_ATTACK_OR_BLOCK = re.compile(r"(?P<g>Creatures with [^,]+?) can't attack you or block "
                              r"(?P<who>creatures you control)")
_ALSO = re.compile(r"^(?P<subj>[^,]+?) also (?P<verb>gets?|ha(?:s|ve)|gains?) (?P<rest>.+)")


def _self_and_group(s: str, text: str) -> list[Ability] | None:
    """The two readings joined, or ``None`` when either is not understood as a whole."""
    from redzone.models.parser import _parse_plain  # the package's grammar (recursive)

    m = _ALSO.match(s)
    if m:
        inner = _parse_plain(f"{m['subj']} {m['verb']} {m['rest']}")
        return list(inner.abilities) if inner.status == "understood" and inner.abilities else None
    m = _ATTACK_OR_BLOCK.fullmatch(s)
    if m:
        parts = (_parse_plain(f"{m['g']} can't attack you"),
                 _parse_plain(f"{m['g']} can't block {m['who']}"))
        if any(p.status != "understood" or not p.abilities for p in parts):
            return None
        return [a for p in parts for a in p.abilities]
    m = _SELF_AND.fullmatch(s)
    if m is None:
        return None
    singular = {"have": "has", "get": "gets"}[m["verb"]]
    mine = re.sub(r"(,| and) have\b", r"\1 has", m["rest"])
    group = m["g"][:1].upper() + m["g"][1:]
    parts = (_parse_plain(f"~ {singular} {mine}"), _parse_plain(f"{group} {m['verb']} {m['rest']}"))
    if any(p.status != "understood" or not p.abilities for p in parts):
        return None
    return [a for p in parts for a in p.abilities]
