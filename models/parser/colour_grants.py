"""Keywords granted by colour in one list (h27): "Each creature you control has vigilance if
it's white, hexproof if it's blue, lifelink if it's black, first strike if it's red, and
trample if it's green" (Scion of Draco).

Each "*keyword* if it's *colour*" item is a :class:`redzone.models.abilities.Grant` to the
creatures of that controller with that colour (613.1f; a multicoloured creature gets each of
its colours' keywords, 105.2). A keyword that is no combat rule (hexproof, shroud, ward) adds
nothing; one the parser does not model makes the sentence unread. CR 613.1f, 105.2.

Pure Python; one family of :data:`redzone.models.parser.SENTENCE_FAMILIES`.
"""

from __future__ import annotations

import re

from redzone.models.abilities import Ability, Affected, Grant, Quality

__all__ = ["colour_grants_static"]

_COLOURS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_SENTENCE = re.compile(r"Each (?P<other>other )?creature you control has (?P<items>.+)")
_ITEM = re.compile(r"(?P<kw>[a-z][a-z ]*?) if it's (?P<colour>white|blue|black|red|green)")


def colour_grants_static(s: str, text: str) -> list[Ability] | None:
    """The grants of ``s`` (normalised sentence, no final period) when it is a list of
    "*keyword* if it's *colour*" items (module docstring), else ``None``."""
    from redzone.models.parser.keywords import _keyword_item  # pyright: ignore[reportPrivateUsage]

    m = _SENTENCE.fullmatch(s)
    if m is None:
        return None
    items = re.split(r", and |, | and ", m["items"])
    out: list[Ability] = []
    for item in items:
        im = _ITEM.fullmatch(item.strip())
        if im is None:
            return None
        kind, abilities = _keyword_item(im["kw"], text)
        if kind == "other":
            continue  # hexproof: no combat rule
        if kind != "combat" or not abilities:
            return None
        group = Affected(kind="creatures", controller="you", other=bool(m["other"]),
                         qualities=(Quality(colors=(_COLOURS[im["colour"]],)),))
        out.append(Grant(affected=group, abilities=tuple(abilities), text=text))
    return out or None
