"""h35: more conditions of triggered abilities of combat, and the additional combat phases
some of them add (issue 21; docs/triggers.md "Extra combat phases and first times (h35)").

Read here:

- "after this [combat] phase, there is an additional combat phase" / "there is an
  additional combat phase after this phase" (505.1a, 500.8): the phase is added *after* this
  combat phase ends, so nothing in this combat changes — a :class:`ValueOnly` ``"extra
  combat"``, like the extra turns and upkeeps of :mod:`redzone.models.triggers.later`
  (its combat is another scenario, ``combat_number`` 2). "Only land creatures can attack
  during that combat phase" restricts that later phase only (a value too).
- permissions to play a card later this turn (value.py's "impulse": nobody plays or casts a
  card in the play of combat): "during any turn you attacked with a Rogue, you may cast that
  card [and you may spend mana as though it were mana of any color to cast that spell]",
  "you may play that card this turn without paying its mana cost" (a cast *now*, without
  "this turn", is not read here: :mod:`redzone.models.triggers.hidden_zones`), "for as long
  as that card remains exiled, its owner may cast it", "play lands from among those cards
  for as long as they remain exiled", "look at that card for as long as it remains exiled",
  "... for as long as ~ remains on the battlefield"; and "otherwise, <value>" (a value
  whatever the condition before it, 608.2c);
- one subject with two verbs, one verb with two objects (:func:`shared`, the parser's last reading of a sentence): "it gets +1/+1
  until end of turn and can't be blocked by creatures with power 2 or less this turn",
  "untap it and all Samurai you control" — the two clauses, each read alone;
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

- "Whenever ~ attacks for the first time each turn" (:func:`first_time`): the attack event
  with an intervening condition ``IfTest("first_time")`` checked as it attacks (603.2, 603.4):
  in the turn's first combat phase (the scenario's ``combat_number`` 1, 505.1) every
  attack is a first one; in a later one it holds as the source's ``conditions``
  ``{"attacked earlier this turn": false}`` says — unstated, the ability is not played and
  listed in ``not_played`` (:func:`not_stated`: whether it attacked in an earlier combat is
  not in the scenario, never guessed). With an intervening "if" after the comma too
  (:func:`intervening`): ``IfTest("both")`` of the two as it triggers, the "if" again on
  resolution.

Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Literal

from collections.abc import Callable

from redzone.models.ability_base import Quality
from redzone.models.parser.vocabulary import CREATURE_TYPES
from redzone.models.triggers import conditions, later
from redzone.models.triggers.types import (Conditional, Effect, EntersFromCard, IfTest, Intervening,
                                           ValueOnly, Who)

__all__ = ["ATTACKED_EARLIER", "KINDS", "first_time", "fold_intervening", "holds", "intervening",
           "lookback", "not_stated", "read_clause", "rephrased", "shared"]

KINDS = frozenset({"first_time"})
"""The :class:`IfTest` kinds :func:`holds` decides."""
ATTACKED_EARLIER = "attacked earlier this turn"
"""The permanent ``conditions`` key that says whether it attacked in an earlier combat
phase of this turn (docs/scenario-format.md)."""

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


_CARD = r"(?:that card|those cards|it|the exiled card|them)"
_PERMISSIONS: list[tuple[re.Pattern[str], str]] = [
    # permissions to play a card later in the turn (as value.py's "impulse": nobody plays or
    # casts a card in the play of combat), with a condition on the turn, a cost waived or a
    # mana rule (609.4b)
    (re.compile(r"during any turn you attacked with [\w ,'-]+?, (?:you may )?(?:play|cast) "
                + _CARD + r"(?: and (?:you may )?spend mana as though it were mana of any "
                r"(?:color|type) to cast (?:that spell|it))?"), "impulse"),
    (re.compile(r"(?:you may )?(?:play|cast) " + _CARD + r" this turn without paying "
                r"(?:its|their) mana costs?"), "impulse"),
    (re.compile(r"(?:you may )?(?:play|cast) " + _CARD + r"(?: without paying (?:its|their) mana "
                r"costs?)? for as long as ~ remains on the battlefield"), "impulse"),
    (re.compile(r"for as long as (?:that card|it) remains exiled, (?:its owner|you) may "
                r"(?:play|cast) (?:it|that card)"), "impulse"),
    (re.compile(r"(?:you may )?play lands from among (?:those cards|them) for as long as they "
                r"remain exiled"), "impulse"),
    (re.compile(r"(?:you may )?look at (?:that card|it|the exiled card) for as long as it "
                r"remains exiled"), "look"),
]


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
    for rx, tag in _PERMISSIONS:
        if rx.fullmatch(s):
            return (ValueOnly(tag),)
    m = re.fullmatch(r"if (?:he|she)'s (attacking|blocking|untapped|tapped), (.+)", s)
    if m and sentence is not None and refs is not None and refs.r.it == Who("source"):
        # "he" / "she" is the source (a named character): as "if it's attacking, ..."
        return sentence(f"if it's {m[1]}, {m[2]}".replace(" him", " it").replace(" her", " it"))
    if s.startswith("otherwise, ") and sentence is not None:
        # "If C, <E1>. Otherwise, <value>": whichever is done, the "otherwise" half changes
        # nothing in combat (608.2c), so it is a value whatever C (E1 is read on its own)
        got = sentence(s[len("otherwise, "):])
        if got is not None and all(isinstance(e, ValueOnly) for e in got):
            return got
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


_FIRST_TIME = re.compile(r"(.+ attacks?) for the first time each turn")


def first_time(head: str, readings: Callable[[str], list[Any] | None]) -> list[Any] | None:
    """The readings of a trigger condition ``head`` "Whenever ~ attacks for the first time
    each turn" (``readings``: the parser's reader of a condition): those of "Whenever ~
    attacks" with the intervening ``IfTest("first_time")`` (module docstring), only for the
    source itself attacking; ``None`` otherwise."""
    m = _FIRST_TIME.fullmatch(head.strip())
    if not m:
        return None
    got = readings(m[1])
    if not got or any(r.event != "attacks" or r.watch.kind != "self" or r.intervening is not None
                      for r in got):
        return None
    t = Intervening("test", test=IfTest("first_time", measure="attack"))
    return [dataclasses.replace(r, intervening=t) for r in got]


def rephrased(head: str, readings: Callable[[str], list[Any] | None]) -> list[Any] | None:
    """Trigger conditions said in other words than the ones read (``readings``: the parser's
    reader of a condition), or ``None``:

    - "... during your turn" after an event the grammar reads without it ("Whenever ~
      becomes tapped during your turn"): the watch's ``"your_turn"`` tag (its controller is
      the active player, as in :mod:`redzone.models.triggers.watches`);
    - "attack one of your opponents or a planeswalker they control": "they" is that
      opponent, so it is "... or a planeswalker an opponent controls" (506.2, 508.1b)."""
    h = head.strip()
    if h.endswith(" during your turn"):
        got = readings(h[:-len(" during your turn")])
        if not got or any("your_turn" in r.watch.extra for r in got):
            return None
        return [dataclasses.replace(r, watch=dataclasses.replace(
            r.watch, extra=(*r.watch.extra, "your_turn"))) for r in got]
    if h.endswith(" one of your opponents or a planeswalker they control"):
        return readings(h[:-len("they control")] + "an opponent controls")
    return None


def intervening(rest: str, effects: tuple[Effect, ...], current: Intervening | None,
                reader: Callable[[str, tuple[Effect, ...], Intervening | None],
                                 Intervening | None | Literal[False]]
                ) -> Intervening | None | Literal[False]:
    """``reader`` (``conditions.intervening_of``) of ``rest`` and ``effects``, except with a
    "first time" condition (:func:`first_time`) as ``current`` and an intervening "if" after
    the comma too: both as the event happens (``IfTest("both")``, 603.4); the "if" is the
    ``Conditional`` of the effects, checked again on resolution."""
    if (current is not None and current.test is not None and current.test.kind in KINDS):
        after = reader(rest, effects, None)
        if after is None:
            return current
        if after is False or after.test is None:
            return False
        return Intervening("test", test=IfTest("both", parts=(current.test, after.test)))
    return reader(rest, effects, current)


def _first_time_tests(f: Any) -> list[IfTest]:
    cond = getattr(f.ability, "intervening", None)
    t = getattr(cond, "test", None)
    if t is None:
        return []
    return [x for x in (t, *t.parts) if x.kind in KINDS]


def _earlier(play: Any, f: Any) -> bool | None:
    """Whether the source attacked in an earlier combat phase of this turn: ``False`` in the
    turn's first (505.1), else the source's stated ``conditions``; ``None``: not stated."""
    board = play.edit.base
    if getattr(board.scenario, "combat_number", 1) == 1:
        return False
    perm = board.permanents.get(f.source)
    stated = None if perm is None else perm.conditions.get(ATTACKED_EARLIER)
    return None if stated is None else bool(stated)


def holds(play: Any, f: Any, t: IfTest) -> bool:
    """Whether ``t`` (one of :data:`KINDS`) holds for the ability ``f`` (a ``resolve.Fired``)
    now: ``"first_time"`` — its source didn't attack earlier this turn (an unstated answer
    is ``False`` here; :func:`not_stated` makes the ability not played)."""
    return _earlier(play, f) is False


def not_stated(play: Any, f: Any) -> str | None:
    """The result line of ``f`` when a "first time each turn" condition of it can't be
    decided (a later combat, ``conditions`` not stating it): the ability is not played and
    the answer lists it; ``None`` otherwise."""
    if not _first_time_tests(f) or _earlier(play, f) is not None:
        return None
    return (f"not played: whether {f.source} attacked in an earlier combat this turn is not "
            f"stated (permanents[].conditions: \"{ATTACKED_EARLIER}\"; 505.1, 603.4)")


_VERB = r"(gets?|gains?|can't|has|have|loses?)"
_SHARED_SUBJECT = re.compile(rf"(.+?) {_VERB} (.+?) and {_VERB} (.+)")
_SHARED_VERB = re.compile(r"(untap|tap) (it|~|him|her|that creature|target creature) and "
                          r"((?:all|each|up to one|another target|target) .+)")


def shared(s: str, sentence: Callable[[str], tuple[Effect, ...] | None]) -> tuple[Effect, ...] | None:
    """One subject with two verbs ("it gets +1/+1 until end of turn and can't be blocked by
    creatures with power 2 or less this turn") or one verb with two objects ("untap it and
    all Samurai you control"): the two clauses the words say, each read alone by
    ``sentence`` and done in order (608.2c); ``None`` unless both read. A target named once
    is one target (the same words twice: one choice, 115.1)."""
    m = _SHARED_SUBJECT.fullmatch(s)
    if m and not re.search(r"\b(?:if|unless|where|for each)\b", s):
        a = sentence(f"{m[1]} {m[2]} {m[3]}")
        b = sentence(f"{m[1]} {m[4]} {m[5]}") if a is not None else None
        if a is not None and b is not None:
            return a + b
    m = _SHARED_VERB.fullmatch(s)
    if m:
        a = sentence(f"{m[1]} {m[2]}")
        b = sentence(f"{m[1]} {m[3]}") if a is not None else None
        if a is not None and b is not None:
            return a + b
    return None
