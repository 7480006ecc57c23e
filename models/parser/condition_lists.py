"""One keyword per condition in a list (h17, issue 21) — CR 611.3a: "~ has trample as long as
you control a Beast, haste as long as you control a Goblin, first strike as long as you
control a Soldier, flying as long as you control a Wizard, and "{B}: Regenerate ~" as long
as you control a Zombie" (Tribal Golem): one :class:`redzone.models.abilities.Conditional`
per keyword, each condition read by
:func:`redzone.models.parser.conditions.parse_condition` (decided from the board). A
quoted activated ability in the list is no combat rule (it does something only when
activated) and is set aside; any other item, or a condition that is not read, leaves the
sentence unparsed.

Part of :mod:`redzone.models.parser`.
"""

from __future__ import annotations

import re

from redzone.models.abilities import KEYWORDS, Ability, Conditional, Keyword
from redzone.models.parser.conditions import parse_condition

_HAS = re.compile(r"~ has (?P<items>.+ as long as .+)")
_ITEM = re.compile(r"(?P<what>\"[^\"]*\"|[a-z ]+?) as long as (?P<cond>[^,]+)")


def condition_list_static(s: str, text: str) -> list[Ability] | None:
    """The template above on the normalised sentence ``s``, else ``None``."""
    m = _HAS.fullmatch(s)
    if m is None:
        return None
    items = re.split(r",\s(?:and\s)?", m["items"])
    if len(items) < 2:
        return None
    out: list[Ability] = []
    for item in items:
        mi = _ITEM.fullmatch(item.strip())
        if mi is None:
            return None
        what = mi["what"]
        if what.startswith('"'):
            if ":" not in what:
                return None  # only a quoted activated ability is set aside
            continue
        if what not in KEYWORDS:
            return None
        cond = parse_condition(mi["cond"])
        if cond is None:
            return None
        out.append(Conditional(condition=cond, abilities=(Keyword(name=what, text=text),), text=text))
    return out or None
