"""More effects of triggered abilities of combat (h14; docs/triggers.md, "More effects (h14)").

Reading: :func:`group_obj` names what "X" is for any effect that acts on X (counters, tap
and untap, damage, pumps): a group of permanents ("each tapped creature you control", "all
artifacts", "each snow permanent you control", "each creature you control that's an Ape or a
Monkey" — the counted-amounts grammar of :mod:`redzone.models.triggers.amounts` as a
``Who("group")``, taken as the effect resolves, 608.2h), a target with a group's words
("another target tapped creature you control"), a target permanent of the removal grammar,
a set of targets ("each of up to two target creatures"), "each of them" after a "one or more"
condition, "that Hero". :func:`read_clause` reads the clauses of this module (called by
:mod:`redzone.models.triggers.parse` before its own forms): damage dealt by the creature whose
event it was, divided damage and distributed counters (601.2d), tap costs, "tap or untap",
removal from combat (506.4), permanents put into a library, a land type added, pack tactics,
amounts equal to a creature's power, "remove all counters". :func:`object_names` makes the
first word of the source's name ``~`` where it is an object.

Playing: :func:`resolve` (:data:`EFFECTS`), :func:`group_objects`, :func:`divide` and
:func:`target_set` (choices as the ability is put on the stack, 603.3d), :func:`stops`
("If you do" after a tap cost), :func:`removed`, :func:`graveyard_types` (delirium). Pure
Python.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from redzone.models.ability_base import Quality
from redzone.models.parser.vocabulary import CREATURE_TYPES, singular
from redzone.models.triggers.amounts import permanents_now, permanents_phrase
from redzone.models.triggers.types import (AddLandType, Amount, Conditional, Count, CounterChange, Counters,
                                           CreateTokens, DamageEffect, Destroy, DividedDamage, Double,
                                           Effect, GainKeywords, IfTest, LifeEffect, Pump, TapCost,
                                           TapEffect, TapOrUntap, ValueOnly, Who)
from redzone.models.triggers.zones import _target_permanent  # pyright: ignore[reportPrivateUsage]
from redzone.models.triggers import reflexive  # h20: cards exiled from a graveyard as a cost
from redzone.models.triggers import token_copies  # h23: "that token", "those creatures"

__all__ = ["DIVIDE_LIMIT", "EFFECTS", "divide", "graveyard_types", "group_obj", "group_objects",
           "object_names", "read_clause", "resolve", "stops", "target_set"]

EFFECTS = (TapCost, DividedDamage, TapOrUntap, AddLandType)
"""The effect classes :func:`resolve` plays."""

# ---------------------------------------------------------------- groups of permanents

_EXTRA_ADJ = {
    "colorless": {"color_count": "colorless"},
    "multicolored": {"color_count": "multicolored"},
    "snow": {"supertypes": ("Snow",)},
    "enchanted": {"enchanted": True},
}
"""Adjectives the counted-amounts grammar doesn't have, and what they ask of a permanent."""

_NON_COLOR = {"nonwhite": "W", "nonblue": "U", "nonblack": "B", "nonred": "R", "nongreen": "G"}


def group_obj(s: str, refs: Any) -> Who | None:
    """"each <group>" / "all <groups>" (module docstring) as a ``Who("group")``, or "[up to
    one] target <permanent kinds> [<controller>]" (a target permanent of the removal grammar
    of :mod:`redzone.models.triggers.zones`: "target nonland permanent you control", "target
    land you don't control", "target artifact or creature you control"); ``None``
    when not read. Only groups the counted-amounts grammar reads, with a few more words:
    "colorless", "multicolored", "snow", "enchanted", "non<colour>", "land creature",
    "that's a <type> or a <type>" (one of them), "with (that has) a <kind> counter on it"."""
    s = s.strip()
    those = token_copies.those_ref(s, refs)  # h23: the one reading of "those creatures"
    if those is not None:
        return those
    m = re.fullmatch(r"that ([A-Z][\w'-]*)", s)
    if m and (m[1] in CREATURE_TYPES or m[1] == "Vehicle"):
        return refs.r.that_creature  # "that Hero", "that Vehicle": "that creature"
    m = re.fullmatch(r"target creature or Vehicle (you control|an opponent controls)", s)
    if m:  # a Vehicle is an artifact, a creature only while crewed (301.7)
        return Who("target_permanent", "you" if m[1] == "you control" else "opponents",
                   qualities=(Quality(types=("Creature",)), Quality(subtypes=("Vehicle",))))
    m = re.fullmatch(r"(?:each of )?up to (two|three|four|five|eight) (other )?target creatures( .+)?", s)
    if m:  # a set of targets (603.3d), chosen as the ability is put on the stack
        one = _target_creature(f"{'another ' if m[2] else ''}target creature{m[3] or ''}", refs)
        if one is None or one.kind != "target_creature":
            return None
        n = {"two": 2, "three": 3, "four": 4, "five": 5, "eight": 8}[m[1]]
        return dataclasses.replace(one, kind="target_set", n=n, up_to=True)
    if re.match(r"(?:up to one |another |up to one other )?target ", s):
        return _target_permanent(s, refs) or _target_creature(s, refs)
    m = re.fullmatch(r"(each|all) (.+)", s.strip())
    if not m:
        return None
    plural = m[1] == "all"
    words = m[2]
    fields: dict[str, Any] = {}
    also: list[str] = []
    alternatives: list[dict[str, Any]] = []
    # "... that's a token or a Rabbit", "... that's an Ape or a Monkey": one of them
    am = re.fullmatch(r"(.+?) that's (?:a|an) ([\w'-]+) or (?:a|an) ([\w'-]+)", words)
    if am:
        words = am[1]
        for w in (am[2], am[3]):
            if w == "token":
                alternatives.append({"token": True})
            elif w in CREATURE_TYPES:
                alternatives.append({"subtypes": (w,)})
            else:
                return None
    # "with a -1/-1 counter on it", "that has a +1/+1 counter on it"
    cm = re.fullmatch(r"(.+?) (?:with|that has|that have) (?:a|an) ([+-]1/[+-]1|[a-z]+) counters? "
                      r"on (?:it|them)", words)
    if cm:
        words = cm[1]
        fields["counter"] = cm[2]
    tokens = words.split()
    kept: list[str] = []
    for i, w in enumerate(tokens):
        if w in _EXTRA_ADJ and i + 1 < len(tokens):
            fields.update(_EXTRA_ADJ[w])
        elif w in _NON_COLOR and i + 1 < len(tokens):
            fields["exclude_colors"] = (_NON_COLOR[w],)
        elif w == "land" and i + 1 < len(tokens) and tokens[i + 1] in ("creature", "creatures"):
            also.append("Land")
        else:
            kept.append(w)
    c = permanents_phrase(" ".join(kept), refs, plural)
    if c is None or c.kind != "permanents" or not c.qualities:
        return None
    quals = [dataclasses.replace(q, **fields) for q in c.qualities]
    if alternatives:
        if len(quals) != 1:
            return None
        quals = [dataclasses.replace(quals[0], **alt) for alt in alternatives]
    return Who("group", count=dataclasses.replace(c, qualities=tuple(quals),
                                                  also=c.also + tuple(also)))


_WHO_CONTROLLER = {"you": "you", "opponents": "opponents", "any": "any", "defending": "defending",
                   "damaged_player": "damaged_player"}


def _target_creature(s: str, refs: Any) -> Who | None:
    """"[another / up to one / up to one other] target <adjectives> creature [<controller>]"
    with the words of a group ("another target tapped creature you control", "target modified
    creature you control"), or ``None``."""
    m = re.fullmatch(r"(up to one |another |up to one other )?target (.+)", s)
    if not m:
        return None
    group = group_obj("each " + m[2], refs)
    c = group.count if group is not None else None
    if c is None or c.other or c.attached or c.controller not in _WHO_CONTROLLER:
        return None
    quals = []
    for q in c.qualities:
        if q.types != ("Creature",):
            return None
        quals.append(dataclasses.replace(q, types=c.also[:1]) if c.also else q)
    if len(c.also) > 1:
        return None
    return Who("target_creature", _WHO_CONTROLLER[c.controller],  # type: ignore[arg-type]
               other="another" in (m[1] or "") or "other" in (m[1] or ""),
               qualities=tuple(quals), up_to=(m[1] or "").startswith("up to"),
               attacking=c.attacking)


def target_set(play: Any, f: Any, chosen: dict[str, Any]) -> bool:
    """The set of targets of a ``Who("target_set")`` of ``f`` (603.3d: chosen as it is put on
    the stack; a ``Choice`` ``"targets"`` among every set up to ``n``, the largest first;
    stated as ``combat.trigger_choices[].targets``). ``True`` when ``f`` has none."""
    from itertools import combinations

    from redzone.models.triggers.resolve import Choice

    who = next((w for e in f.ability.effects if (w := getattr(e, "who", None)) is not None
                and w.kind == "target_set"), None)
    if who is None:
        return True
    base = dataclasses.replace(who, kind="target_creature", n=0, up_to=False)
    among = [c.id for c in play._candidates(f, base)  # pyright: ignore[reportPrivateUsage]
             if play._targetable(f, c)]  # pyright: ignore[reportPrivateUsage]
    options = [c for k in range(min(who.n, len(among)), -1, -1) for c in combinations(among, k)]
    if len(options) > DIVIDE_LIMIT:
        raise RuntimeError(f"{len(options)} sets of targets (more than {DIVIDE_LIMIT}) are not "
                           f"enumerated")
    pick = options[0] if len(options) == 1 else play.choose(
        Choice(f.controller, "targets", f.source, f.ability.text, tuple(options), f.trigger,
               tuple(among)))
    chosen["targets"] = list(pick)
    return True


def group_objects(play: Any, f: Any, who: Who, chosen: dict[str, Any] | None = None) -> list[str]:
    """The ids of the permanents of a ``Who("group")`` on the battlefield now (608.2h), in
    the board's order; of a ``Who("those")``: the creatures of the event still there; of a
    ``Who("target_set")``: the targets chosen (``chosen["targets"]``) still there."""
    if who.kind == "those":
        return [x for x in f.data.get("those", ()) if x and play.state.on_battlefield(x)]
    if who.kind == "target_set":  # those still on the battlefield (608.2b)
        return [x for x in (chosen or {}).get("targets", ()) if play.state.on_battlefield(x)]
    c = who.count if who.count is not None else Count("permanents")
    return [p.id for p in permanents_now(play, f, c)]


# ---------------------------------------------------------------- clauses

_TRIGGER = Who("trigger")

Reader = Callable[[str, Any], "tuple[Effect, ...] | None"]
"""The parser's reader of an effect sentence: (text, references) -> effects or ``None``."""


def read_clause(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """One effect clause of this module (module docstring), or ``None``; ``sentence``: the
    parser's reader of an effect sentence (:data:`Reader`)."""
    got = _damage_by_trigger(s, refs, sentence)
    if got is not None:
        return got
    m = re.fullmatch(r"tap (an|a|another|two|two other|three other) untapped (.+?) you control", s)
    if m:  # "you may tap another untapped Merfolk you control. If you do, ..." (608.2c)
        what = m[2]
        quality: Quality | None = None
        if what != "creature" and what != "creatures":
            nm = re.fullmatch(r"(non-?)?([A-Z][\w'-]*?)(?: creatures?)?", what)
            one = nm[2] if nm else ""
            if not nm or (one not in CREATURE_TYPES and singular(one) not in CREATURE_TYPES):
                return None
            one = one if one in CREATURE_TYPES else singular(one) or one
            quality = Quality(exclude_subtypes=(one,)) if nm[1] else Quality(subtypes=(one,))
        n = {"an": 1, "a": 1, "another": 1, "two": 2, "two other": 2, "three other": 3}[m[1]]
        return (TapCost(n, quality, other=m[1] in ("another", "two other", "three other")),)
    got = _to_library(s, refs)
    if got is not None:
        return got
    got = _distribute(s, refs)
    if got is not None:
        return got
    m = re.fullmatch(r"(?:it|~) deals (\d+ damage|damage equal to (?:its|~'s) power) divided as you "
                     r"choose among (one, two, or three|one or two|any number of) (targets|target "
                     r"creatures)", s)
    if m and (s.startswith("~") or refs.r.it == _SOURCE):  # 601.2d
        amount = Amount(int(m[1].split()[0])) if m[1][0].isdigit() else Amount(1, "power")
        most = {"one, two, or three": 3, "one or two": 2}.get(m[2], 0)
        return (DividedDamage(amount, most, creatures=m[3] == "target creatures"),)
    got = _counted_stat(s, refs, sentence)
    if got is not None:
        return got
    m = re.fullmatch(r"(?:it's|it is|that land is) an? (Island|Forest|Swamp|Mountain|Plains) in "
                     r"addition to its other types for as long as it has an? ([a-z]+) counter on it", s)
    if m:  # the target land of the sentence before, which got that counter (one target, 603.3d)
        return (AddLandType(Who("target_permanent", also_types=("Land",)), m[1], m[2]),)
    if s == "whenever that land becomes tapped, you investigate":
        return (ValueOnly("investigate"),)  # a Clue later: a value (Impressive Rat)
    m = re.fullmatch(r"if you attacked with creatures with total power (\d+) or greater this "
                     r"combat, (.+)", s)
    if m and refs.r.event in ("attacks", "you_attack", "attacks_alone"):
        # the creatures declared (508.1), their power then: the attack window's own board
        inner = sentence(m[2], refs)
        if not inner or not all(isinstance(e, _IF_OK) for e in inner):
            return None
        if all(isinstance(e, ValueOnly) for e in inner):
            return inner
        return (Conditional(IfTest("attacked_power_at_least", int(m[1])), inner),)
    m = re.fullmatch(r"tap or untap (.+)", s)
    if m:  # the choice is made as it resolves (608.2d)
        inner = sentence(f"tap {m[1]}", refs)
        if inner is None or len(inner) != 1 or not isinstance(inner[0], TapEffect):
            return None
        return (TapOrUntap(inner[0].who),)
    m = re.fullmatch(r"~ deals damage equal to (?:its|his|her) (power|toughness) to (.+)", s)
    if m:  # "its": the subject's, ~'s (whatever "it" names in the condition)
        return sentence(f"~ deals damage equal to ~'s {m[1]} to {m[2]}", refs)
    m = re.fullmatch(r"double (.+?)'s power until end of turn", s)
    if m and m[1] not in ("its", "~"):  # "double target creature's power" (701.10)
        who = refs.obj(m[1])
        return None if who is None else (Double(who),)
    m = re.fullmatch(r"put that many ([a-z]+) counters on (.+)", s)
    if m and refs.r.event in _DAMAGE_EVENTS:  # "put that many incubation counters on it"
        got = sentence(f"put a {m[1]} counter on {m[2]}", refs)
        if got and len(got) == 1 and isinstance(got[0], Counters) and got[0].amount == Amount(1):
            return (dataclasses.replace(got[0], amount=Amount(1, "damage_dealt")),)
        return None
    m = re.fullmatch(r"remove all ([a-z]+ )?counters from (.+)", s)
    if m and m[1] not in ("+1/+1 ", "-1/-1 "):  # every counter (of a kind): 122.1
        who = refs.obj(m[2])
        return None if who is None else (CounterChange(who, (m[1] or "").strip(), "remove",
                                                       Amount(1000)),)
    m = re.fullmatch(r"each player (gains|loses) (\d+) life", s)
    if m:  # the ability's controller and each opponent (119.3, 119.4)
        n, gain = Amount(int(m[2])), m[1] == "gains"
        return (LifeEffect(Who("you"), n, gain), LifeEffect(Who("each_opponent"), n, gain))
    m = re.fullmatch(r"put (a|an|one|two|three) ([^ ]+) counters? on (.+?) and (a|an|one|two|three) "
                     r"([^ ]+) counters? on (.+)", s)
    if m:  # "put a +1/+1 counter on ~ and a +1/+1 counter on each Golem you control"
        a = sentence(f"put {m[1]} {m[2]} counter{'s' if m[1] not in ('a', 'an', 'one') else ''} on {m[3]}", refs)
        b = sentence(f"put {m[4]} {m[5]} counter{'s' if m[4] not in ('a', 'an', 'one') else ''} on {m[6]}", refs)
        if a is not None and b is not None:
            return a + b
    return None


_SOURCE = Who("source")
_IF_OK = (Counters, CreateTokens, DamageEffect, GainKeywords, LifeEffect, Pump, TapEffect, ValueOnly)
"""What a condition of this module may hold: no choice of its own."""
_DAMAGE_EVENTS = ("combat_damage_player", "combat_damage_creature", "combat_damage",
                  "dealt_damage", "deals_damage", "combat_damage_to", "dealt_damage_by")


_HOW_MANY = {"one or two": 2, "one, two, or three": 3, "any number of": 0}


def _distribute(s: str, refs: Any) -> tuple[Effect, ...] | None:
    """"distribute N (X, a number of ... equal to C) <kind> counters among one or two (one,
    two, or three / any number of) [target] creatures [you control][, where X is C]"
    (:class:`DividedDamage` with ``counter``), or ``None``."""
    from redzone.models.triggers.amounts import count_phrase

    m = re.fullmatch(r"distribute (a|an|one|two|three|four|five|six|X|a number of) ([+-]1/[+-]1|[a-z]+) "
                     r"counters (?:equal to (.+?) )?among (one or two|one, two, or three|any number of) "
                     r"(target creatures|creatures)( you control)?(?:, where X is (.+))?", s)
    if not m:
        return None
    if m[1] == "X":
        amount = count_phrase(m[7], refs) if m[7] else None
    elif m[1] == "a number of":
        amount = count_phrase(m[3], refs) if m[3] and not m[7] else None
    else:
        n = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}[m[1]]
        amount = None if (m[3] or m[7]) else Amount(n)
    if amount is None:
        return None
    return (DividedDamage(amount, _HOW_MANY[m[4]], creatures=True, counter=m[2],
                          controller="you" if m[6] else "any", targeted=m[5] == "target creatures"),)


def _counted_stat(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """"put a number of +1/+1 counters on X equal to that creature's power", "create a number
    of 1/1 red Goblin creature tokens equal to ~'s power" (608.2h: as it resolves, or as it
    last existed): the parser's own forms with the amount of :func:`~redzone.models.triggers.
    amounts.count_phrase`."""
    from redzone.models.triggers.amounts import MARK, count_phrase

    m = (re.fullmatch(r"put a number of (\+1/\+1|-1/-1) counters on (.+?) equal to "
                      r"((?:its|~'s|that creature's) (?:power|toughness))", s)
         or re.fullmatch(r"create a number of (.+?) tokens? equal to "
                         r"((?:its|~'s|that creature's) (?:power|toughness))", s))
    if not m:
        return None
    amount = count_phrase(m[m.lastindex or 0], refs)
    if amount is None:
        return None
    text = (f"put {MARK} {m[1]} counters on {m[2]}" if s.startswith("put")
            else f"create {MARK} {m[1]} tokens")
    got = sentence(text, refs)
    if got is None or len(got) != 1 or getattr(got[0], "amount", None) != Amount(MARK):
        return None
    return (dataclasses.replace(got[0], amount=amount),)  # type: ignore[type-var]


def _to_library(s: str, refs: Any) -> tuple[Effect, ...] | None:
    """"put X on top of (at the bottom of) its owner's library": a permanent on the
    battlefield leaves (``Destroy.to_library``; it doesn't die, 700.4); the card of the source
    that died — "put it (him) on the bottom of its (his) owner's library", "on your choice of
    the top or bottom", "into target opponent's graveyard" — is a card in a graveyard: a
    value."""
    dies_self = refs.r.event == "dies" and refs.r.watch.kind == "self"
    m = re.fullmatch(r"put (it|him|her|~) (?:on (?:top|the bottom) of (?:its|his|her) owner's library|"
                     r"on your choice of the top or bottom of its owner's library|"
                     r"into target opponent's graveyard)", s)
    if m and dies_self:
        return (ValueOnly("to library"),)
    m = re.fullmatch(r"put (.+?) on (top|the bottom) of (?:its|their) owners?'s? librar(?:y|ies)", s)
    if not m:
        return None
    who = refs.obj(m[1])
    gone = _SOURCE if refs.r.watch.kind == "self" else _TRIGGER
    if who is None or (refs.r.event in ("dies", "leaves") and who == gone):
        return None  # the card of the creature that left: not on the battlefield
    return (Destroy(who, exile=True, to_library="top" if m[2] == "top" else "bottom"),)


def _damage_by_trigger(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """"it deals N (that much, damage equal to its power) damage to X" where "it" is the
    creature whose event it was ("whenever a Dragon you control attacks, it deals 2 damage to
    any target"): the damage is that creature's (``DamageEffect.by``), read as the source's
    would be; "any target that isn't a Dinosaur" excludes the creature type."""
    m = re.fullmatch(r"it deals (.+)", s)
    if not m or refs.r.it != _TRIGGER:
        return None
    rest = re.sub(r"\bequal to its (power|toughness)\b", r"equal to ~'s \1", m[1])
    rest = rest.replace("damage equal to its power", "damage equal to ~'s power")
    quality: Quality | None = None
    nm = re.fullmatch(r"(.+ to any target) that isn't an? ([A-Z][\w'-]*)", rest)
    if nm:
        if nm[2] not in CREATURE_TYPES:
            return None
        rest = nm[1]
        quality = Quality(exclude_subtypes=(nm[2],))
    self_refs = type(refs)(dataclasses.replace(refs.r, it=Who("source")))
    got = sentence("~ deals " + rest, self_refs)
    if got is None or not all(isinstance(e, DamageEffect) for e in got):
        return None
    out: list[Effect] = []
    for e in got:
        assert isinstance(e, DamageEffect)
        if e.amount.per in ("power", "toughness"):
            e = dataclasses.replace(e, amount=dataclasses.replace(
                e.amount, per="trigger_" + e.amount.per))  # type: ignore[arg-type]
        elif e.amount.per not in (None, "damage_dealt"):
            return None  # a count about the source: not read
        if quality is not None:
            if e.who.kind != "any_target":
                return None
            e = dataclasses.replace(e, who=dataclasses.replace(e.who, qualities=(quality,)))
        out.append(dataclasses.replace(e, by="trigger"))
    return tuple(out)


# ---------------------------------------------------------------- the source's first name


def object_names(s: str, names: tuple[str, ...]) -> str:
    """``s`` (a trigger sentence with the source's full and short names already ``~``) with
    the first word of a name ("Mirri" of Mirri the Cursed, "Kresh" of Kresh the Bloodbraided)
    also made ``~`` where it stands as an object — after "on", "to", "from" — or as a
    possessive ("Drizzt's power"), in the effect part only; a first word that is a creature
    type ("Goblin") is never taken."""
    head, sep, rest = s.partition(", ")
    if not sep:
        return s
    for name in names:
        for face in name.split(" // "):
            words = face.split()
            first = words[0].rstrip(",") if words else ""
            if len(words) < 2 or not first[:1].isupper() or first in CREATURE_TYPES \
                    or len(first) < 3 or first in ("The", "This", "That"):
                continue
            f = re.escape(first)
            rest = re.sub(rf"\b(on|to|from) {f}(?=$|[ .,])", r"\1 ~", rest)
            rest = re.sub(rf"\b{f}'s\b", "~'s", rest)
    return head + sep + rest


# ---------------------------------------------------------------- playing


def resolve(play: Any, f: Any, e: Effect, chosen: dict[str, Any]) -> str:
    """Resolve one of this module's effects (:data:`EFFECTS`) in the window being played
    (``play``: the resolver's ``_Play``; ``f``: the ``Fired`` ability): a line of what it
    did."""
    if isinstance(e, TapCost):
        return _tap_cost(play, f, e, chosen)
    if isinstance(e, DividedDamage) and e.counter:  # 122.1: counters, as divided
        if not e.targeted and not _choose_division(play, f, e, chosen):  # 608.2d: now
            return "no creature"
        lines = [play.effect(dataclasses.replace(f, trigger=t), Counters(Who("trigger"), e.counter,
                                                                        Amount(k)), chosen)
                 for t, k in (chosen.get("divided") or {}).items() if play.state.on_battlefield(t)]
        return "; ".join(lines) or "no creature"
    if isinstance(e, DividedDamage):
        return _divided(play, f, chosen)
    if isinstance(e, AddLandType):
        out = []
        for pid in play.objects(f, e.who, chosen):
            perm = play.edit.perm(pid)
            have = play.state.counters.get(pid, perm.counters).get(e.counter, 0)
            if not perm.is_a("Land") or have <= 0 or e.subtype in perm.subtypes:
                continue
            play.edit.put(dataclasses.replace(perm, subtypes=(*perm.subtypes, e.subtype)))
            out.append(f"{pid} is an {e.subtype} too" if e.subtype[0] in "AEIOU"
                       else f"{pid} is a {e.subtype} too")
        return ", ".join(out) or "no land"
    if isinstance(e, TapOrUntap):
        from redzone.models.triggers.resolve import Choice

        if not play.objects(f, e.who, chosen):
            return "nothing to tap or untap"
        pick = play.choose(Choice(f.controller, "chosen", f.source, f.ability.text,
                                  ("tap", "untap"), f.trigger))
        chosen["chosen"] = pick
        return play.effect(f, TapEffect(e.who, untap=pick == "untap"), chosen)
    return "not played"


DIVIDE_LIMIT = 4096
"""More ways than this to divide one ability's damage is an error (never a cut)."""


def _divisions(n: int, among: list[str], most: int) -> list[tuple[tuple[str, int], ...]]:
    """Every division of ``n`` damage among 1 to ``most`` (0: ``n``) of ``among``, each at
    least 1: tuples of (target, amount) in ``among`` order."""
    from itertools import combinations

    most = min(most or n, n, len(among))
    out: list[tuple[tuple[str, int], ...]] = []

    def parts(total: int, k: int) -> list[list[int]]:
        if k == 1:
            return [[total]]
        return [[first, *rest] for first in range(1, total - k + 2) for rest in parts(total - first, k - 1)]

    for k in range(1, most + 1):
        for who in combinations(among, k):
            for split in parts(n, k):
                out.append(tuple(zip(who, split)))
    return out


def divide(play: Any, f: Any, chosen: dict[str, Any]) -> bool:
    """The targets and division of a :class:`DividedDamage` of ``f``, chosen as it is put on
    the stack (601.2d, 603.3d; a ``Choice`` ``"divided"`` whose options are tuples of (target,
    damage); stated as ``combat.trigger_choices[].divided``); ``False`` when it has no legal
    target (the ability is removed from the stack). ``True`` when ``f`` divides nothing."""
    e = next((x for x in f.ability.effects if isinstance(x, DividedDamage)), None)
    if e is None or not e.targeted:
        return True  # not targeted: chosen as it resolves (608.2d)
    return _choose_division(play, f, e, chosen)


def _choose_division(play: Any, f: Any, e: DividedDamage, chosen: dict[str, Any]) -> bool:
    """Choose the division of ``e`` (:func:`divide`); ``False`` when there is nothing to
    divide among."""
    from redzone.models.triggers.resolve import Choice

    n = play.amount(f, e.amount)
    who = Who("target_creature", e.controller) if e.creatures else Who("any_target")
    among = [c.id for c in play._candidates(f, who)  # pyright: ignore[reportPrivateUsage]
             if not e.targeted or play._targetable(f, c)]  # pyright: ignore[reportPrivateUsage]
    if not e.creatures:
        perms = play.edit.perms if play.edit.perms is not None else play.edit.base.permanents
        among += [q.id for q in perms.values() if not q.is_creature
                  and (q.is_a("Planeswalker") or q.is_a("Battle"))
                  and play.state.on_battlefield(q.id) and play._targetable(f, q)]  # pyright: ignore[reportPrivateUsage]
        among += [p.name for p in play.edit.base.players if play.state.in_game(p.name)]
    if not among:
        return False
    if n <= 0:
        chosen["divided"] = {}
        return True
    options = _divisions(n, among, e.most)
    if len(options) > DIVIDE_LIMIT:
        raise RuntimeError(f"dividing {n} {e.counter + ' counters' if e.counter else 'damage'} among "
                           f"{len(among)} ({len(options)} ways, more than {DIVIDE_LIMIT}) is not "
                           f"enumerated")
    pick = options[0] if len(options) == 1 else play.choose(
        Choice(f.controller, "divided", f.source, f.ability.text, tuple(options), f.trigger,
               tuple(among)))
    chosen["divided"] = {t: k for t, k in pick}
    return True


def _divided(play: Any, f: Any, chosen: dict[str, Any]) -> str:
    """Deal the damage as divided (one event, 120.3) to the targets still legal (608.2b: on
    the battlefield, in the game)."""
    from redzone.models.outcome import DamageEvent, deal_damage
    from redzone.models.triggers.watches import record_damage

    state = play.state
    base = play.edit.base
    events = [DamageEvent(f.source, t, k) for t, k in (chosen.get("divided") or {}).items()
              if (base.is_player(t) and state.in_game(t)) or (not base.is_player(t)
                                                              and state.on_battlefield(t))]
    if not events or (not state.on_battlefield(f.source) and f.source not in base.permanents):
        return "no damage"
    dealt = deal_damage(play.board, state, events, combat=False)
    record_damage(state, dealt)
    return ", ".join(f"{d.amount} damage to {d.recipient}" for d in dealt)


NOTHING_TAPPED = "nothing tapped"


def stops(e: Effect, line: str) -> bool:
    """Whether the effects after ``e`` (its result ``line``) are not done: a tap cost that
    could not be paid ("If you do", 608.2c)."""
    return isinstance(e, TapCost) and line == NOTHING_TAPPED


def _tap_cost(play: Any, f: Any, e: TapCost, chosen: dict[str, Any]) -> str:
    """Tap ``e.n`` untapped creatures of the controller's (a ``Choice`` ``"tapped"`` among the
    sets, interchangeable creatures as one; stated as ``combat.trigger_choices[].tapped``);
    fewer able: nothing."""
    from redzone.models.battlefield import matches_quality
    from redzone.models.triggers.resolve import Choice

    board = play.board
    # an attacking creature without vigilance was tapped as it was declared (508.1f)
    own = [c.id for c in play.creatures() if c.controller == f.controller and not c.tapped
           and not play.attacked_tapped(c, board)
           and not (e.other and c.id == f.source)
           and (e.quality is None or matches_quality(board, c, e.quality))]
    if len(own) < e.n:
        chosen["tapped"] = []
        return NOTHING_TAPPED
    options = play.sacrifice_sets(own, e.n)
    pick = options[0] if len(options) == 1 else play.choose(
        Choice(f.controller, "tapped", f.source, f.ability.text, tuple(options), f.trigger,
               tuple(own)))
    if len(set(pick)) != e.n or any(pid not in own for pid in pick):
        from redzone.models.errors import ScenarioError

        raise ScenarioError("combat.trigger_choices", f"{len(set(pick))} creature(s) stated to tap "
                            f"for {f.source}'s ability where it taps {e.n} of: {', '.join(own)}")
    chosen["tapped"] = list(pick)
    for pid in pick:
        play.edit.put(dataclasses.replace(play.edit.perm(pid), tapped=True))
        play.tapped.append(pid)  # 701.26a: each was untapped ("becomes tapped")
    return ", ".join(f"{pid} tapped" for pid in pick)


# ---------------------------------------------------------------- delirium


_CARD_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred",
                         "Land", "Planeswalker", "Sorcery", "Tribal"})


def _card_types(name: str) -> frozenset[str]:
    """The card types of the card ``name`` in a graveyard (its front face; a split card's two
    halves, 709.4); ``frozenset()`` when the card data doesn't know it."""
    from redzone.models.cards import lookup
    from redzone.models.errors import RedzoneError

    try:
        card = lookup(name)
    except RedzoneError:
        return frozenset()
    faces = card.faces if getattr(card, "layout", None) == "split" else card.faces[:1]
    return frozenset(t for f in faces for t in f.types if t in _CARD_TYPES)


def graveyard_types(play: Any, player: str, only: tuple[str, ...] = ()) -> int:
    """How many card types are among the cards in ``player``'s graveyard now: the scenario's
    ``players[].graveyard`` (less a card returned to the battlefield in this combat) and the
    nontoken permanents they own that died in this combat and stayed there (not exiled,
    returned to a hand or library, or returned by persist or undying); ``only``: of these
    types only. Cards a value moved are not tracked (docs/triggers.md, known limit)."""
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    given = next((p.graveyard for p in base.players if p.name == player), ())
    types: set[str] = set()
    for i, name in enumerate(given):
        if f"{player}~graveyard{i}" not in perms and not reflexive.gone(play.state, f"{player}~graveyard{i}"):  # h20
            types |= _card_types(name)
    for pid in play.state.destroyed:
        perm = base.permanents.get(pid)
        if perm is None or perm.token or perm.owner != player or f"{pid}~returned" in perms:
            continue
        if play.state.reasons.get(pid, "").startswith(("exiled", "returned")):
            continue
        types |= _card_types(perm.card or perm.name) or frozenset(
            t for t in perm.types if t in _CARD_TYPES)
    types = {"Kindred" if t == "Tribal" else t for t in types}  # h25: one card type, two names
    return len(types & set(only)) if only else len(types)
