"""h35: more conditions of triggered abilities of combat, and the additional combat phases
some of them add (issue 21; docs/triggers.md "Extra combat phases and first times (h35)").

Read here:

- "after this [combat] phase, there is an additional combat phase" / "there is an
  additional combat phase after this phase" (505.1a, 500.8): the phase is added *after* this
  combat phase ends, so nothing in this combat changes — a :class:`ValueOnly` ``"extra
  combat"``, like the extra turns and upkeeps of :mod:`redzone.models.triggers.later`
  (its combat is another scenario, ``combat_number`` 2). "Only land creatures can attack
  during that combat phase" restricts that later phase only (a value too).
- an intervening "if" (603.4) over more than one sentence: "Whenever you attack, if it's the
  first combat phase of the turn, untap all attacking creatures. They gain first strike
  until end of turn." — the condition is the ability's, so every effect after it is done
  only if it holds on resolution (:func:`fold_intervening`: one :class:`Conditional` over
  them all, which ``conditions.intervening_of`` then reads as ``Intervening("test")``).

Pure Python.
"""

from __future__ import annotations

import re

from redzone.models.triggers import conditions
from redzone.models.triggers.types import Conditional, Effect, ValueOnly

__all__ = ["fold_intervening", "read_clause"]

_EXTRA_COMBAT = re.compile(
    r"(?:after this (?:combat )?phase, there is an additional combat phase"
    r"|there is an additional combat phase after this (?:combat )?phase)"
    r"(?: followed by an additional main phase)?")
_LATER_COMBAT_ONLY = re.compile(r"only (?:land )?creatures can attack during that combat phase")


def read_clause(s: str) -> tuple[Effect, ...] | None:
    """One clause (no final period) of this module (module docstring), or ``None``."""
    s = s.strip()
    if _EXTRA_COMBAT.fullmatch(s):
        # 500.8 / 505.1a: a combat phase added after this one; this combat is played as it is
        return (ValueOnly("extra combat"),)
    if _LATER_COMBAT_ONLY.fullmatch(s):
        return (ValueOnly("extra combat"),)  # 508.1c in that later phase, not in this one
    return None


def fold_intervening(rest: str, effects: tuple[Effect, ...], optional: bool) -> tuple[Effect, ...]:
    """``effects`` with the ones after a first :class:`Conditional` folded into it when
    ``rest`` (the text after the trigger condition) begins with "if": an intervening "if"
    (603.4) is the whole ability's condition — checked as the event happens and again on
    resolution, and when it fails the ability does nothing at all. Unchanged otherwise (an
    optional ability, a first effect that is no plain ``Conditional``, one effect only, or
    an effect after it a ``Conditional`` may not hold: ``conditions._PLAYED``)."""
    if (optional or len(effects) < 2 or not rest.lstrip().lower().startswith("if ")
            or not isinstance(effects[0], Conditional) or effects[0].otherwise
            or not all(isinstance(e, conditions._PLAYED) for e in effects[1:])):  # pyright: ignore[reportPrivateUsage]
        return effects
    first = effects[0]
    return (Conditional(first.test, first.effects + effects[1:]),)
