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
- an intervening "if" that looks back at a creature that left the battlefield (603.4,
  603.10a, 608.2h): "When ~ dies, if it had no counters on it, return it to the battlefield
  ..." — what it had or was as it last existed can't change between the event and the
  resolution, so the condition is checked as the event happens only
  (``Intervening("test")``) and the effects are read as if unconditional
  (:func:`lookback`): returns to the battlefield too, which a :class:`Conditional` can't hold.
- the card of a creature that died returned "with two stun (charge, ...) counters on it"
  (122.6; the return is :mod:`redzone.models.triggers.entries`' reading, a stun counter
  keeps it tapped as it would untap, 122.1d), or returned "with <counters> at the beginning of
  the next end step" (a later value, :mod:`redzone.models.triggers.later`: the counters are
  on it then).

Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from collections.abc import Callable

from redzone.models.ability_base import Quality
from redzone.models.parser.vocabulary import CREATURE_TYPES
from redzone.models.triggers import conditions, later
from redzone.models.triggers.types import (Conditional, Effect, EntersFromCard, IfTest, Intervening,
                                           ValueOnly)

__all__ = ["fold_intervening", "lookback", "read_clause"]

_EXTRA_COMBAT = re.compile(
    r"(?:after this (?:combat )?phase, there is an additional combat phase"
    r"|there is an additional combat phase after this (?:combat )?phase)"
    r"(?: followed by an additional main phase)?")
_LATER_COMBAT_ONLY = re.compile(r"only (?:land )?creatures can attack during that combat phase")


_COUNTED = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_RETURN_WITH = re.compile(r"(return (?:it|~|that card) to the battlefield[^,]*?) with (a|an|one|two|"
                          r"three|four|five) (stun|charge|shield|oil|quest|\+1/\+1|-1/-1) "
                          r"counters? on it")
_LATER_WITH = re.compile(r"(return (?:it|~|that card|this card) to the battlefield[^,]*?) with "
                         r"[^,]+? counters? on it( at the beginning of (?:the next end step|"
                         r"(?:its owner's|their|your) next upkeep))")


def read_clause(s: str, refs: Any = None,
                sentence: Callable[[str], tuple[Effect, ...] | None] | None = None
                ) -> tuple[Effect, ...] | None:
    """One clause (no final period) of this module (module docstring), or ``None``.
    ``refs``: the parser's references of the trigger condition; ``sentence``: its reader of
    an effect sentence (both needed for the returns below)."""
    s = s.strip()
    if refs is not None and sentence is not None:
        m = _LATER_WITH.fullmatch(s)
        if m:
            # a card that died returned at the next end step or upkeep (603.7, after this
            # combat: later.py's value) with counters: they are on it then, not now
            return later.read_clause(m[1] + m[2], refs)
        m = _RETURN_WITH.fullmatch(s)
        if m and refs.r.event == "dies":
            # 122.6: the card of the creature that died enters with these counters (a stun
            # counter, 122.1d, keeps it tapped as it would untap; charge, quest ... no rule of
            # combat); the return itself is the parser's reading (entries.py)
            got = sentence(m[1])
            if (got is not None and len(got) == 1 and isinstance(got[0], EntersFromCard)
                    and got[0].what == "died" and not got[0].counters):
                return (dataclasses.replace(got[0], counters=((m[3], _COUNTED[m[2]]),)),)
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


_LOOKBACK_KINDS = ("had_counters", "was_type", "had_power_at_least")
"""Tests of a creature as it last existed (608.2h): fixed once it has left."""


def lookback(rest: str, event: str, it_is_source: bool, it_is_trigger: bool,
             current: Intervening | None,
             test: Callable[[str], IfTest | None]) -> tuple[Intervening, str] | None:
    """``(Intervening("test", t), the effect text after the condition)`` when ``rest`` (the
    text after a "dies" / "leaves the battlefield" trigger condition, ``event``) begins
    "if <condition>, " and the condition reads (``test``, the parser's condition reader) as
    a look back at the creature that left — the source (``it_is_source``) or the creature of
    the event (``it_is_trigger``): ``had_counters``, ``was_type``, ``had_power_at_least``
    (603.4 with 603.10a: the same answer as it triggers and as it resolves). ``None``
    otherwise (also when the ability already has an intervening "if", ``current``)."""
    if event not in ("dies", "leaves") or current is not None or not (it_is_source or it_is_trigger):
        return None
    m = re.match(r"if ((?:it|he|she|they|~) [^,]+), ", rest.strip())
    if not m:
        return None
    cond = re.sub(r"^(?:he|she|they) (?:was|were)\b", "it was", m[1])
    cond = re.sub(r"^(?:he|she|they) (?:wasn't|weren't)\b", "it wasn't", cond)
    cond = re.sub(r"^(?:he|she|they) had\b", "it had", cond)
    t = test(cond) or _not_type(cond, it_is_source)
    if t is None or t.kind not in _LOOKBACK_KINDS or t.of_trigger != (not it_is_source):
        return None
    return Intervening("test", test=t), rest.strip()[m.end():]


def _not_type(cond: str, it_is_source: bool) -> IfTest | None:
    """"it wasn't a Demon", "it's not a Spirit", "it's not a token" of a creature that left:
    ``IfTest("was_type")`` whose quality excludes the subtype (a token: 111.1), as it last
    existed (608.2h); ``None`` otherwise."""
    m = re.fullmatch(r"(?:it (?:wasn't|was not|isn't|is not)|it's not) an? ([A-Z][\w'-]*|token)", cond)
    if not m:
        return None
    if m[1] == "token":
        return IfTest("was_type", quality=Quality(token=False), of_trigger=not it_is_source)
    if m[1] not in CREATURE_TYPES:
        return None
    return IfTest("was_type", quality=Quality(exclude_subtypes=(m[1],)), of_trigger=not it_is_source)
