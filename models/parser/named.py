"""Creature groups named by a card name (h17, issue 21) — CR 201.2:

- "Creatures named *Name* can't attack or block" (Paper Tiger, Rock Lobster, Scissors
  Lizard), "Each other creature named ~ gets +2/+2 and has haste" (Brothers Yamazaki):
  the predicates of the subject+predicate grammar for ``Affected(kind="creatures",
  qualities=(Quality(names=(...)),))``;
- "Except for creatures named ~ and artifact creatures, creatures you control can't attack"
  (Akron Legionnaire): the group without those names and card types
  (``Quality(exclude_names, exclude_types)``).

A name is matched against the permanent's face name and its card's full name
(:func:`redzone.models.battlefield.matches_quality`). Part of :mod:`redzone.models.parser`.
"""

from __future__ import annotations

import re

from redzone.models.abilities import Ability, Affected, Quality
from redzone.models.parser.predicates import _parse_predicates
from redzone.models.parser.subjects import _parse_subject

_NAMED = re.compile(
    r"(?P<q>Each other creature|Other creatures|Each creature|Creatures) named (?P<name>.+?) "
    r"(?P<pred>(?:can't|gets?|has|have|attacks?|blocks?) .+)")
_EXCEPT = re.compile(
    r"Except for creatures named (?P<name>[^,]+?)(?: and (?P<ctype>artifact|enchantment) "
    r"creatures)?, (?P<subj>creatures you control|creatures) (?P<pred>can't .+)")
_CARD_TYPE = {"artifact": "Artifact", "enchantment": "Enchantment"}


def _name(raw: str) -> str | None:
    """The name in a "named ..." phrase: "~" stays "~" (the object's own name, matched
    when the scenario's names are known), else a capitalised card name."""
    n = raw.strip()
    if n == "~" or re.fullmatch(r"[A-Z][\w'’,.-]*(?: [\w'’,.-]+)*", n):
        return n
    return None


def named_static(s: str, text: str) -> list[Ability] | None:
    """The templates above on the normalised sentence ``s``, else ``None``. The name "~"
    (the object's own) is kept as "~": :meth:`redzone.models.battlefield.Board.affects` puts
    the source's names in its place."""
    m = _NAMED.fullmatch(s)
    if m:
        name = _name(m["name"])
        if name is None:
            return None
        a = Affected(kind="creatures", other=m["q"].startswith(("Each other", "Other")),
                     qualities=(Quality(names=(name,)),))
        got = _parse_predicates(m["pred"], a, text)
        return got or None
    m = _EXCEPT.fullmatch(s)
    if m:
        name = _name(m["name"])
        if name is None:
            return None
        base = _parse_subject(m["subj"])
        if base is None or base.qualities:
            return None
        q = Quality(exclude_names=(name,),
                    exclude_types=(_CARD_TYPE[m["ctype"]],) if m["ctype"] else ())
        a = Affected(kind="creatures", controller=base.controller, qualities=(q,))
        got = _parse_predicates(m["pred"], a, text)
        return got or None
    return None
