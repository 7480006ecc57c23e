"""Attack rules of the permanent itself under an "unless" or a past-turn condition (h17,
issue 21) — CR 611.3a with 508.1c / 508.1d:

- "~ attacks each combat if able unless you control another Ally" (Reckless Cohort), "...
  unless you control a creature named Advocate of the Beast" (Marauding Maulhorn): a
  :class:`redzone.models.abilities.Conditional` ``AttacksEachCombat`` whose condition is
  negated (the requirement applies while the condition does not hold);
- "~ can't attack alone unless he has a +1/+1 counter on him" (Pipsqueak): the same with
  ``CantAttackAlone``;
- "~ can't attack if it attacked during your last turn" (Giant Turtle): a ``CantAttack``
  under a condition about an earlier turn, which the scenario states in the permanent's
  ``conditions`` (``{"~ attacked during your last turn": true}``); redzone does not know
  earlier turns, so it is never decided from the board.

The conditions are those :func:`redzone.models.parser.conditions.parse_condition` reads
(decided from the board), plus "you control a creature named *Name*" (CR 201.2).

Part of :mod:`redzone.models.parser`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from redzone.models.abilities import (SELF, Ability, AttacksEachCombat, CantAttack,
                                     CantAttackAlone, Condition, Conditional, Quality)
from redzone.models.parser.conditions import parse_condition

_REQUIREMENT = re.compile(r"~ attacks each combat if able unless (?P<cond>.+)")
_ALONE = re.compile(r"~ can't attack alone unless (?P<cond>.+)")
_LAST_TURN = re.compile(r"~ can't attack if (?:it|he|she|~) attacked during your last turn")
_NAMED = re.compile(r"you control an? creature named (?P<name>[A-Z][^,]*)")


def _condition(phrase: str) -> Condition | None:
    c = re.sub(r"^(?:he|she|it) ", "~ ", phrase.strip())
    c = re.sub(r" on (?:him|her)$", " on it", c)
    m = re.fullmatch(r"~ has an? (?P<kind>\+1/\+1|-1/-1) counter on (?:it|~)", c)
    if m:
        return Condition(kind="counters", counter=m["kind"])
    m = _NAMED.fullmatch(c)
    if m:
        return Condition(kind="you control", quality=Quality(types=("Creature",), names=(m["name"],)))
    return parse_condition(c)


def unless_requirement_static(s: str, text: str) -> list[Ability] | None:
    """The templates above on the normalised sentence ``s``, else ``None``."""
    if _LAST_TURN.fullmatch(s):
        return [Conditional(condition=Condition(kind="stated", phrase="~ attacked during your last turn"),
                            abilities=(CantAttack(affected=SELF, text=text),), text=text)]
    for rx, make in ((_REQUIREMENT, lambda: AttacksEachCombat(affected=SELF, text=text)),
                     (_ALONE, lambda: CantAttackAlone(affected=SELF, text=text))):
        m = rx.fullmatch(s)
        if m is None:
            continue
        cond = _condition(m["cond"])
        if cond is None or cond.kind == "stated":
            return None
        return [Conditional(condition=replace(cond, negate=True), abilities=(make(),), text=text)]
    return None
