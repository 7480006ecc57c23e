"""Resolution-time "if" conditions inside the effects of triggered abilities of combat
(CR 608.2c; issue 21; docs/triggers.md "Conditions of effects").

"Whenever this creature attacks, if you control a Dinosaur, it gets +1/+1 until end of
turn": the condition is not an intervening "if" (603.4: that one follows the trigger
condition directly and is checked twice); it is part of the effect, checked once, as the
ability resolves. :func:`if_effects` reads such a sentence:

- "if <condition>, <value>" (or "<value> if / unless <condition>") is a value whatever the
  condition (:func:`redzone.models.triggers.value.conditioned_value`): nothing is decided;
- "if <condition>, <effects>" with a condition the board decides
  (:class:`redzone.models.triggers.types.IfTest`: what you / an opponent / the defending
  player control, your life total, Auras / Equipment / counters on the source, whether the
  source is attacking) and effects with no choice of their own (a target among them is
  chosen as the ability is put on the stack, whatever the condition: 603.3d; h15) is a
  :class:`redzone.models.triggers.types.Conditional`, played by
  :mod:`redzone.models.triggers.resolve`.

Anything else is not read (``None``). Pure Python; no board is looked at here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Literal

from redzone.models.ability_base import Quality
from redzone.models.parser.conditions import parse_condition
from redzone.models.parser.vocabulary import CREATURE_TYPES
from redzone.models.triggers import if_tests, reflexive  # h20, h25
from redzone.models.triggers.types import (
    CantBeBlockedEffect,
    CopyToken,
    CantBlockEffect,
    Conditional,
    CounterChange,
    Counters,
    CreateTokens,
    DamageEffect,
    Destroy,
    DoesntUntap,
    Effect,
    GainKeywords,
    IfTest,
    Intervening,
    LifeEffect,
    LoseKeywords,
    MoveCounters,
    PoisonEffect,
    Pump,
    TapEffect,
    Unless,
    ValueOnly,
)
from redzone.models.triggers.value import conditioned_value

__all__ = ["if_effects", "if_test", "intervening_of"]

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}


def _number(word: str) -> int:
    """"three" -> 3, "4" -> 4; 0 when not a number."""
    return int(word) if word.isdigit() else _NUMBERS.get(word, 0)

_PLAYED = (Pump, Counters, GainKeywords, CantBlockEffect, CantBeBlockedEffect, TapEffect,
           DamageEffect, LifeEffect, PoisonEffect, Destroy, CreateTokens, ValueOnly,
           MoveCounters, CounterChange,
           DoesntUntap,  # h15: Spectral Force
           LoseKeywords,  # h26: Guardian of the Ages
           CopyToken)  # h23: "if it had no time counters on it, create two tokens that are copies of it"
"""The effects a :class:`Conditional` may hold: no sacrifice (a choice), no return to the
battlefield, no block requirement, no nested condition."""


def if_test(cond: str, *, defending: bool, it_is_source: bool, it_is_trigger: bool = False,
            that_is_trigger: bool = False) -> IfTest | None:
    """The :class:`IfTest` of a condition phrase (self references as "~"), or ``None``.
    ``defending``: "defending player" names a player in this ability (an attack event);
    ``it_is_source``: "it" in the effect is the source; ``it_is_trigger`` /
    ``that_is_trigger``: "it" / "that creature" is the creature whose event it was."""
    def again(x: str) -> IfTest | None:
        return if_test(x, defending=defending, it_is_source=it_is_source,
                       it_is_trigger=it_is_trigger, that_is_trigger=that_is_trigger)

    # h20: more conditions and "A or B" / "A and B" of two conditions (reflexive.py)
    return (_if_test(cond, defending=defending, it_is_source=it_is_source,
                     it_is_trigger=it_is_trigger, that_is_trigger=that_is_trigger)
            or reflexive.more_test(cond.strip(), it_is_source=it_is_source,
                                   that_is_trigger=that_is_trigger, read=again)
            or if_tests.read(cond, defending=defending, it_is_source=it_is_source,  # h25
                             it_is_trigger=it_is_trigger, that_is_trigger=that_is_trigger)
            or _if_more().read_test(cond, it_is_source=it_is_source))  # h35


def _if_more() -> Any:
    from redzone.models.triggers import if_more  # h35: it imports this module

    return if_more


def _if_test(cond: str, *, defending: bool, it_is_source: bool, it_is_trigger: bool = False,
             that_is_trigger: bool = False) -> IfTest | None:
    """:func:`if_test` before h20's additions."""
    c = cond.strip()
    past = _looking_back(c, it_is_source, it_is_trigger, that_is_trigger)
    if past is not None:
        return past
    m = re.fullmatch(r"there are (\w+) or more card types among cards in your graveyard", c)
    if m and _number(m[1]):  # h14: delirium (the scenario's graveyard and this combat's deaths;
        # h25: one reading of it, reflexive.graveyard_test's)
        return IfTest("graveyard_at_least", _number(m[1]), measure="card_types")
    m = re.fullmatch(r"(?:it|~) (?:has fewer than (\w+)|doesn't have an?) (\+1/\+1|[a-z]+) "
                     r"counters? on it", c)
    if m and (it_is_source or c.startswith("~")):
        # h14: "if it has fewer than four +1/+1 counters on it", "if it doesn't have an
        # indestructible counter on it" (the source now)
        n = _number(m[1]) if m[1] else 1
        return IfTest("source_counters", n, counter=m[2], none=True) if n else None
    it = r"(?:~|it)" if it_is_source else r"~"
    if re.fullmatch(it + r" is attacking|it's attacking", c) and (
            it_is_source or c.startswith("~")):
        return IfTest("source_attacking")
    m = re.fullmatch(r"(?:defending player|the defending player) controls (.+)", c)
    if m:
        if not defending:
            return None
        got = parse_condition("an opponent controls " + m[1])
        if got is None or got.kind != "opponent controls":
            return None
        return IfTest("defending_controls", got.count, got.quality, got.other, got.none)
    if re.fullmatch(r"(?:it's|it is|~ is) renowned", c) and (it_is_source or c.startswith("~")):
        return IfTest("source_renowned")
    m = re.fullmatch(r"an? ([A-Z][\w'-]*) is attacking", c)
    if m and m[1] in CREATURE_TYPES:
        return IfTest("attacking_exists", quality=Quality(subtypes=(m[1],)))
    m = re.fullmatch(r"an opponent has (\w+) or more poison counters", c)
    if m and _number(m[1]):
        return IfTest("opponent_poison_at_least", _number(m[1]))
    if re.fullmatch(r"(?:the )?defending player is poisoned", c):
        return IfTest("defending_poisoned") if defending else None
    m = re.fullmatch(r"you attacked with creatures with total power (\d+) or greater this combat", c)
    if m:  # h12: pack tactics — the attackers as declared (508.1), in an attack event only
        return IfTest("attacked_power_at_least", int(m[1])) if defending else None
    m = re.fullmatch(r"creatures you control have total power (\d+) or greater", c)
    if m:
        return IfTest("total_power_at_least", int(m[1]))
    m = re.fullmatch(r"you control (an?|\w+ or more) (artifact|creature|enchantment|land|"
                     r"planeswalker) or (artifact|creature|enchantment|land|planeswalker)", c)
    if m:  # "an artifact or enchantment": a permanent of either card type (Quality.types)
        n = 1 if m[1] in ("a", "an") else _number(m[1].split()[0])
        if n:
            return IfTest("you_control", n, Quality(types=(m[2].capitalize(), m[3].capitalize())))
    m = re.fullmatch(r"you control (an?|another|\w+ or more) tokens?", c)
    if m:
        n = 1 if m[1] in ("a", "an", "another") else _number(m[1].split()[0])
        if n:
            return IfTest("you_control", n, Quality(token=True), other=m[1] == "another")
    m = re.fullmatch(r"you control another non-([A-Z][\w'-]*) creature", c)
    if m and m[1] in CREATURE_TYPES:
        return IfTest("you_control", 1, Quality(types=("Creature",), exclude_subtypes=(m[1],)),
                      other=True)
    m = re.fullmatch(r"you don't control (a|an|another) (.+)", c)
    if m:  # "you don't control another Dinosaur": you control no other Dinosaur
        c = "you control no " + ("other " if m[1] == "another" else "") + m[2]
    if re.match(r"it\b", c) and not it_is_source:
        return None  # "it" is not the source: the condition is about another object
    got = parse_condition(c)
    if got is None or got.negate:
        return None
    if got.kind == "you control":
        return IfTest("you_control", got.count, got.quality, got.other, got.none)
    if got.kind == "opponent controls":
        return IfTest("opponent_controls", got.count, got.quality, got.other, got.none)
    if got.kind in ("life at least", "life at most"):
        return IfTest("life_at_least" if got.kind == "life at least" else "life_at_most",
                      got.count)
    if got.kind == "attached":
        return IfTest("source_attached", attached=got.attached)
    if got.kind == "counters" and got.at_most is None:
        return IfTest("source_counters", got.count, counter=got.counter)
    return None


def _looking_back(c: str, it_is_source: bool, it_is_trigger: bool,
                  that_is_trigger: bool) -> IfTest | None:
    """Conditions about the creature as it last existed (608.2h): "it had a +1/+1 counter on
    it", "its power was 3 or greater", "that creature was an Elemental", "it was blocked this
    turn" — ``None`` when not one of them or "it" / "that creature" isn't named here."""
    m = re.fullmatch(r"(it|that creature) had (?:(no|an?|one or more|\w+ or more) )?"
                     r"(?:(\+1/\+1|-1/-1|[a-z]+) )?counters? on it", c)
    if m:
        who = _who(m[1], it_is_source, it_is_trigger, that_is_trigger)
        # h14: "if it had counters on it": one or more of any kind
        n = 1 if m[2] in (None, "no", "a", "an", "one or more") else _number(m[2].split()[0])
        if who is None or not n:
            return None
        return IfTest("had_counters", n, counter=m[3], none=m[2] == "no", of_trigger=who)
    m = re.fullmatch(r"(its|that creature's) power was (\d+) or greater", c)
    if m:
        who = _who("it" if m[1] == "its" else "that creature", it_is_source, it_is_trigger,
                   that_is_trigger)
        return None if who is None else IfTest("had_power_at_least", int(m[2]), of_trigger=who)
    m = re.fullmatch(r"(it|that creature) was an? ([A-Z][\w'-]*)", c)
    if m and m[2] in CREATURE_TYPES:
        who = _who(m[1], it_is_source, it_is_trigger, that_is_trigger)
        return None if who is None else IfTest("was_type", quality=Quality(subtypes=(m[2],)),
                                               of_trigger=who)
    if c == "it was blocked this turn" and it_is_source:
        return IfTest("source_blocked")  # this combat: the only one played
    return None


def _who(word: str, it_is_source: bool, it_is_trigger: bool, that_is_trigger: bool) -> bool | None:
    """Whether ``word`` ("it" / "that creature") is the creature whose event it was
    (``True``), the source (``False``), or neither named (``None``)."""
    if word == "it":
        return False if it_is_source else True if it_is_trigger else None
    return True if that_is_trigger else None


def if_effects(s: str, read: Callable[[str], tuple[Effect, ...] | None], *, defending: bool,
               it_is_source: bool, it_is_trigger: bool = False,
               that_is_trigger: bool = False) -> tuple[Effect, ...] | None:
    """The effects of one effect sentence ``s`` (no final period) that has an "if"
    condition checked on resolution, or ``None``. ``read``: the reader of an effect
    sentence (:func:`redzone.models.triggers.parse` ``_sentence``); ``defending``,
    ``it_is_source``: as for :func:`if_test`."""
    tag = conditioned_value(s)
    if tag is not None:
        return (ValueOnly(tag),)
    m = re.fullmatch(r"if ([^,]+), (.+)", s)
    if m is None or " instead" in s:
        return None  # "... instead": a replacement of an effect before it, not read
    test = if_test(m[1], defending=defending, it_is_source=it_is_source,
                   it_is_trigger=it_is_trigger, that_is_trigger=that_is_trigger)
    if test is None:
        return if_tests.values_whatever(m[2], read)  # h25: values, whatever the condition
    effects = read(m[2])
    # h14: a target inside is chosen as the ability is put on the stack whatever the
    # condition (603.3d; resolve.targets looks into a Conditional); an intervening "if" false
    # as the event happens doesn't trigger at all (603.4), so nothing is chosen then
    if not effects or not all(isinstance(e, _PLAYED) for e in effects):
        return None
    if all(isinstance(e, ValueOnly) for e in effects):
        return effects
    return (Conditional(test, effects),)


def intervening_of(rest: str, effects: tuple[Effect, ...],
                   current: Intervening | None) -> Intervening | None | Literal[False]:
    """The intervening "if" of an ability whose effect text is ``rest`` and whose effects
    read as ``effects`` (603.4: "When/Whenever <event>, if <condition>, <effect>": it
    triggers only if the condition holds as the event happens, and does nothing unless it
    still holds as it resolves): ``Intervening("test")`` when ``rest`` begins with a
    condition read as a :class:`Conditional` that is the ability's only effect, else
    ``current``; ``False`` when it can't be read so (a :class:`Conditional` beginning the
    text with other effects after it, or with another intervening "if")."""
    if not any(isinstance(e, Conditional) or isinstance(e, Unless) and any(  # h25: Kazuul
            isinstance(x, Conditional) for x in e.effects) for e in effects):
        return current
    if not rest.lstrip().lower().startswith("if "):
        return current  # "... Then if ...": checked on resolution only (608.2c)
    first = effects[0]
    if isinstance(first, Unless) and len(first.effects) == 1:  # h25: "if C, E unless P pays"
        first = first.effects[0]  # (Kazuul): the condition decides whether it triggers
    # h14: values may follow ("Then if it has exactly four +1/+1 counters on it, search ..."):
    # the whole ability triggers only if the condition holds (603.4)
    if (any(not isinstance(e, ValueOnly) for e in effects[1:]) or current is not None
            or not isinstance(first, Conditional)):
        return False
    return Intervening("test", test=first.test)
