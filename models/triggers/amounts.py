"""Amounts counted on the board, for triggered abilities of combat (CR 608.2h; docs/triggers.md,
"Counted amounts").

Reading: "..., where X is <count>", "... for each <thing>", "... equal to <count>" and "a
number of ... equal to <count>" around an effect :mod:`redzone.models.triggers.parse` reads
with a number. The count becomes an :class:`redzone.models.triggers.types.Amount` (a
:class:`redzone.models.triggers.types.Count`, or one of the ``per`` kinds the parser
already has: its power, creatures blocking it ...). What is counted: permanents on the
battlefield ("the number of artifacts you control", "for each legendary creature you
control", "the number of attacking creatures", "for each land defending player controls",
"for each Equipment attached to it"), counters on the source or the creature that
triggered it ("the number of +1/+1 counters on ~"), the greatest power, toughness or mana
value among permanents, the opponents, the creatures the source blocks. Counts of what
happened earlier in the turn, of hands, libraries and exile are not read (no scenario
holds them).

Playing: :func:`count_now` counts a :class:`Count` as the ability resolves (608.2h). Pure
Python.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from redzone.models.ability_base import Quality
from redzone.models.battlefield import matches_quality
from redzone.models.parser.vocabulary import CREATURE_TYPES, singular
from redzone.models.triggers.creatures import group_count
from redzone.models.triggers import more_amounts  # h36
from redzone.models.triggers import zone_moves  # h37
from redzone.models.triggers.types import (Amount, Count, CreateTokens, Effect, GainKeywords,
                                           Pump, ValueOnly, Who)

__all__ = ["MARK", "count_now", "count_phrase", "each_phrase", "permanents_now", "permanents_phrase",
           "quantity_clause"]

MARK = 9973
"""A number standing for X while the effect around it is read (no card prints it)."""

_SELF = Who("source")
_TRIGGER = Who("trigger")

# ---------------------------------------------------------------- nouns

_CARD_TYPES = {"creature": "Creature", "artifact": "Artifact", "land": "Land",
               "enchantment": "Enchantment", "planeswalker": "Planeswalker",
               "battle": "Battle"}
_SUBTYPE_WORDS = {"Equipment", "Aura", "Vehicle", "Treasure", "Food", "Clue", "Blood",
                  "Forest", "Island", "Mountain", "Plains", "Swamp", "Saga", "Gate", "Locus"}
_PLURAL = {"Equipment": "Equipment", "Auras": "Aura", "Vehicles": "Vehicle",
           "Treasures": "Treasure", "Foods": "Food", "Clues": "Clue", "Forests": "Forest",
           "Islands": "Island", "Mountains": "Mountain", "Plains": "Plains",
           "Swamps": "Swamp", "Sagas": "Saga", "Gates": "Gate", "Loci": "Locus"}
_COLOR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_HISTORIC = (Quality(types=("Artifact",)), Quality(supertypes=("Legendary",)),
             Quality(subtypes=("Saga",)))
"""h28: what "historic" asks of a permanent, one of (700.6)."""
_ADJ = (r"(?:attacking|tapped|untapped|legendary|nontoken|equipped|modified|artifact|white|"
        r"blue|black|red|green)")
_SEP = r"(?:, and/or |, and |, or |, | and/or | or | and )"
_WORD = r"(?:[A-Za-z][\w'-]*)"
_CTL = (r"(?P<ctl> you control| you don't control| your opponents control| an opponent "
        r"controls| defending player controls| that player controls| they control| on the "
        r"battlefield)?")
_WITH = (r"(?P<with> with (?:power|toughness) \d+ or (?:greater|less)| with flying| with "
         r"\+1/\+1 counters on them| with a \+1/\+1 counter on it| with counters on them| "
         r"with a counter on it"
         r"| with (?:an? )?[a-z]+ counters? on (?:it|them))?")  # h28: a named kind ("oil", 122.1)
_NOUNS = re.compile(
    r"(?P<other>other )?(?P<adj>(?:" + _ADJ + r" )*)(?P<nouns>" + _WORD + r"(?:" + _SEP + _WORD
    + r")*)(?P<tok> tokens?)?" + _WITH.replace("?P<with>", "?P<with0>") + _CTL
    + r"(?P<other2> other than ~)?" + _WITH)


def _noun(word: str, plural: bool) -> Quality | None:
    """What one noun of a count asks of a permanent, or ``None`` when not understood."""
    low = word.lower()
    one = low[:-1] if plural and low.endswith("s") and low[:-1] in _CARD_TYPES else low
    if one in _CARD_TYPES:
        return Quality(types=(_CARD_TYPES[one],))
    if one in ("permanent", "permanents"):
        return Quality()
    if word in _SUBTYPE_WORDS and (not plural or word in ("Equipment", "Plains")):
        return Quality(subtypes=(word,))
    if plural and word in _PLURAL:
        return Quality(subtypes=(_PLURAL[word],))
    sub = (singular(word) or word) if plural else word
    if sub in CREATURE_TYPES:
        return Quality(subtypes=(sub,))
    return None


def _whose(ctl: str | None, refs: Any) -> str | None:
    """The :class:`Count` ``controller`` of "you control", "defending player controls" ...;
    ``None`` when it can't be said here."""
    if ctl is None or ctl == " on the battlefield":
        return "any"
    ctl = ctl.strip()
    fixed = {"you control": "you", "you don't control": "opponents",
             "your opponents control": "opponents", "an opponent controls": "opponents"}
    if ctl in fixed:
        return fixed[ctl]
    who = refs.player("defending player" if ctl.startswith("defending") else "that player")
    if who == Who("defending_player"):
        return "defending"
    if who == Who("damaged_player"):
        return "damaged_player"
    if who == Who("trigger_controller"):
        return "trigger_controller"
    return None


def _permanents(words: str, refs: Any, plural: bool) -> Count | None:
    """A count of permanents ("legendary creatures you control", "land defending player
    controls", "tapped artifacts and/or creatures you control"), or ``None``."""
    hm = re.fullmatch(r"historic permanents?( you control)", words)
    if hm:  # h28: historic is artifacts, legendaries and Sagas (700.6)
        return Count("permanents", _HISTORIC, "you")
    m = _NOUNS.fullmatch(words)
    if not m or (m["with0"] and m["with"]):
        return None
    nouns = [w for w in re.split(_SEP, m["nouns"]) if w]
    adj = (m["adj"] or "").split()
    quals: list[Quality] = []
    also: list[str] = []
    for w in nouns:
        q = _noun(w, plural)
        if q is None:
            return None
        quals.append(q)
    fields: dict[str, object] = {}
    for a in adj:
        if a == "tapped":
            fields["tapped"] = True
        elif a == "untapped":
            fields["tapped"] = False
        elif a == "legendary":
            fields["supertypes"] = ("Legendary",)
        elif a == "nontoken":
            fields["token"] = False
        elif a == "equipped":
            fields["equipped"] = True
        elif a == "modified":
            fields["modified"] = True
        elif a == "artifact":
            also.append("Artifact")
        elif a in _COLOR:
            if "colors" in fields:
                return None
            fields["colors"] = (_COLOR[a],)
    if m["tok"]:
        fields["token"] = True
    with_ = (m["with0"] or m["with"] or "").strip()
    if with_:
        wm = re.fullmatch(r"with (power|toughness) (\d+) or (greater|less)", with_)
        if wm:
            fields[f"{wm[1]}_at_{'least' if wm[3] == 'greater' else 'most'}"] = int(wm[2])
        elif with_ == "with flying":
            fields["keywords"] = ("flying",)
        elif "+1/+1" in with_:
            fields["counter"] = "+1/+1"
        elif km := re.fullmatch(r"with (?:an? )?([a-z]+) counters? on (?:it|them)", with_):
            fields["counter"] = km[1]  # h28: "with oil counters on them" (122.1)
        else:
            return None  # a counter of any kind: no such filter
    quals = [dataclasses.replace(q, **fields) for q in quals]  # type: ignore[arg-type]
    whose = _whose(m["ctl"], refs)
    if whose is None:
        return None
    if m["ctl"] and m["ctl"].strip() in ("defending player controls", "that player controls",
                                         "they control") and whose == "any":
        return None
    # "other": other than the subject of the effect ("whenever a creature you control
    # attacks alone, it gets +1/+1 for each other creature you control": that creature)
    of = "trigger" if m["other"] and not m["other2"] and refs.r.it == _TRIGGER else "source"
    return Count("permanents", tuple(quals), whose, other=bool(m["other"] or m["other2"]),  # type: ignore[arg-type]
                 attacking="attacking" in adj, also=tuple(also), of=of)  # type: ignore[arg-type]


def permanents_phrase(words: str, refs: Any, plural: bool) -> Count | None:
    """A group of permanents as counts read it ("tapped creatures you control", "artifact you
    control"; ``plural``: plural nouns), or ``None`` (h14: the groups of effects)."""
    return _permanents(words, refs, plural)


def _who_of(word: str, refs: Any) -> str | None:
    """``"source"`` / ``"trigger"`` for "~", "it", "its", "that creature['s]" ...; ``None``
    when the word names neither."""
    if word in ("~", "~'s"):
        return "source"
    if word in ("it", "its", "him", "his", "her"):
        who = refs.r.it
    elif word in ("that creature", "that creature's"):
        who = refs.r.that_creature
    else:
        return None
    if who == _SELF:
        return "source"
    if who == _TRIGGER:
        return "trigger"
    return None


_STAT_PER = {("power", "source"): "power", ("power", "trigger"): "trigger_power",
             ("toughness", "source"): "toughness", ("toughness", "trigger"): "trigger_toughness"}


def count_phrase(words: str, refs: Any) -> Amount | None:
    """The amount of "X is <words>" / "equal to <words>": "~'s power", "the number of
    artifacts you control", "the number of +1/+1 counters on ~", "the greatest power among
    creatures you control", "the number of opponents you have"; ``None`` when not read."""
    words = words.strip()
    if (more := more_amounts.count_phrase(words, refs)) is not None:  # h36: more_amounts.py
        return more
    m = re.fullmatch(r"(~'s|its|his|her|that creature's) (power|toughness)", words)
    if m:
        whose = _who_of(m[1], refs)
        if whose is None:
            return None
        return Amount(1, _STAT_PER[(m[2], whose)])  # type: ignore[arg-type]
    m = re.fullmatch(r"the number of ((?:[\w+/-]+ )?)counters on (~|it|him|her)", words)
    if m:
        whose = _who_of(m[2], refs)
        if whose is None:
            return None
        kind = m[1].strip()
        return Amount(1, "count", count=Count("counters", counter=kind, of=whose))  # type: ignore[arg-type]
    if words == "the number of opponents you have":
        return Amount(1, "count", count=Count("opponents"))
    m = re.fullmatch(r"the number of (colors|basic land types) among (.+)", words)
    if m:  # h14: "colors among permanents you control", "basic land types among lands you control"
        c = _permanents(m[2], refs, plural=True)
        if c is None:
            return None
        kind = "colors" if m[1] == "colors" else "land_types"
        return Amount(1, "count", count=dataclasses.replace(c, kind=kind))  # type: ignore[arg-type]
    m = re.fullmatch(r"the number of (permanent|card) types among cards in your graveyard", words)
    if m:  # h14: the scenario's graveyard and this combat's deaths (more_effects.graveyard_types)
        also = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker") \
            if m[1] == "permanent" else ()
        return Amount(1, "count", count=Count("graveyard_types", also=also))
    if words == "the number of creature cards in your graveyard":
        return Amount(1, "graveyard_creatures")
    if (got_zone := zone_moves.count_phrase(words, refs)) is not None:  # h37: other graveyards
        return got_zone
    m = re.fullmatch(r"the greatest (power|toughness|mana value) among (.+)", words)
    if m:
        c = _permanents(m[2], refs, plural=True)
        if c is None:
            return None
        return Amount(1, "count", count=dataclasses.replace(
            c, kind="greatest", stat=m[1].replace(" ", "_")))  # type: ignore[arg-type]
    m = re.fullmatch(r"the number of (.+)", words)
    if m:
        c = _permanents(m[1], refs, plural=True)
        if c is None:
            c = group_count(m[1], refs, each=False)  # h15: the creature groups of creatures.py
        return None if c is None else Amount(1, "count", count=c)
    return None


def each_phrase(words: str, refs: Any) -> Amount | None:
    """The amount of "for each <words>": "legendary creature you control", "+1/+1 counter
    on it", "creature blocking it", "creature it's blocking", "Equipment attached to it",
    "creature card in your graveyard"; ``None`` when not read."""
    words = words.strip()
    if (more := more_amounts.each_phrase(words, refs)) is not None:  # h36: more_amounts.py
        return more
    m = re.fullmatch(r"((?:[\w+/-]+ )?)counter on (~|it|him|her)", words)
    if m:
        whose = _who_of(m[2], refs)
        if whose is None:
            return None
        return Amount(1, "count", count=Count("counters", counter=m[1].strip(), of=whose))  # type: ignore[arg-type]
    if words in ("creature blocking it", "creature blocking ~"):
        if words.endswith("~") or refs.r.it == _SELF:
            return Amount(1, "blocker")
        # "whenever a Beast becomes blocked, it gets +1/+1 for each creature blocking it"
        return Amount(1, "count", count=Count("blockers", of="trigger")) \
            if refs.r.it == _TRIGGER else None
    if words in ("creature it's blocking", "creature ~ is blocking"):
        return Amount(1, "count", count=Count("blocked")) if refs.r.it == _SELF else None
    m = re.fullmatch(r"(Equipment|Aura) attached to (~|it|him|her)", words)
    if m:
        if _who_of(m[2], refs) != "source":
            return None
        return Amount(1, "count", count=Count("permanents", (Quality(subtypes=(m[1],)),),
                                              attached=True))
    if words == "creature card in your graveyard":
        return Amount(1, "graveyard_creatures")
    c = _permanents(words, refs, plural=False)
    if c is None:
        c = group_count(words, refs, each=True)  # h15: the creature groups of creatures.py
    return None if c is None else Amount(1, "count", count=c)


# ---------------------------------------------------------------- effects with a count


def _lift(effects: tuple[Effect, ...], amt: Amount) -> tuple[Effect, ...] | None:
    """``effects`` read with :data:`MARK` for X, with X made ``amt``; ``None`` when an X is
    somewhere an amount can't stand (an X/X token) or nowhere."""
    out: list[Effect] = []
    found = False
    for e in effects:
        if isinstance(e, Pump):
            if e.amount != Amount():
                return None
            px, tx = abs(e.power) == MARK, abs(e.toughness) == MARK
            if px or tx:
                found = True
                sp = (1 if e.power > 0 else -1) if px else 0
                st = (1 if e.toughness > 0 else -1) if tx else 0
                out.append(Pump(e.who, sp, st, amt))
                rest = (0 if px else e.power, 0 if tx else e.toughness)
                if rest != (0, 0):
                    out.append(Pump(e.who, rest[0], rest[1]))
                continue
            out.append(e)
            continue
        if isinstance(e, CreateTokens) and (e.power == MARK or e.toughness == MARK):
            if e.power != e.toughness or e.amount.n == MARK:
                return None  # "X/1", "X X/X tokens": not read
            found = True
            out.append(dataclasses.replace(e, power=0, toughness=0, size=amt))
            continue
        a = getattr(e, "amount", None)
        if isinstance(a, Amount) and a.per is None and a.n == MARK:
            found = True
            out.append(dataclasses.replace(e, amount=amt))  # type: ignore[type-var]
            continue
        if MARK in _numbers(e):
            return None
        out.append(e)
    if not found and all(isinstance(e, ValueOnly) for e in out):
        return tuple(out)  # "draw X cards", "surveil X": how many changes nothing in combat
    return tuple(out) if found else None


def _numbers(e: Effect) -> list[int]:
    if isinstance(e, CreateTokens):
        return [e.power, e.toughness, e.amount.n]
    a = getattr(e, "amount", None)
    return [a.n] if isinstance(a, Amount) else []


def _times(effects: tuple[Effect, ...], amt: Amount) -> tuple[Effect, ...] | None:
    """``effects`` done "for each" ``amt``: the one effect with a plain number gets the
    count (times that number); ``None`` when there isn't exactly one."""
    with_amount = [e for e in effects if isinstance(getattr(e, "amount", None), Amount)]
    if len(with_amount) != 1 or any(not isinstance(e, (GainKeywords, ValueOnly))
                                    for e in effects if e not in with_amount):
        return None
    e = with_amount[0]
    a: Amount = e.amount  # type: ignore[union-attr]
    if a.per is not None or a.n <= 0:
        return None
    new = dataclasses.replace(amt, n=amt.n * a.n)
    return tuple(dataclasses.replace(x, amount=new) if x is e else x for x in effects)  # type: ignore[type-var]


_KNOWN_PER = (r"(?:other )?attacking (?:creature|[A-Z][\w'-]*)|creature blocking it"
              r"(?: beyond the first)?|opponent you attacked this combat")
""""For each" words :mod:`redzone.models.triggers.parse` reads itself (``_PER``)."""

_DAMAGE_EVENTS = ("combat_damage_player", "combat_damage_creature", "combat_damage",
                  "dealt_damage", "deals_damage")

_X = re.compile(r"(?<!\w)X(?!\w)")


def quantity_clause(s: str, refs: Any, dies_self: bool,
                    sentence: Callable[[str, Any, bool], tuple[Effect, ...] | None]
                    ) -> tuple[Effect, ...] | None:
    """An effect clause with a counted amount ("it gets +X/+0 until end of turn, where X is
    the greatest power among creatures you control", "it gets +1/+1 until end of turn for
    each legendary creature you control", "~ deals damage equal to the number of artifacts
    you control to target player"), read with ``sentence`` (the parser's own sentence
    reader) for the effect around the count; ``None`` when it isn't one."""
    m = re.fullmatch(r"(.+), where X is (.+)", s)
    if m and "X" in m[1]:
        amt = count_phrase(m[2], refs)
        if amt is None:
            return None
        head = _X.sub(str(MARK), m[1])
        got = sentence(head, refs, dies_self)
        return None if got is None else _lift(got, amt)
    m = re.fullmatch(r"(.+?) (gains?|loses?) that much life", s)
    if m and m[1] != "you" and refs.r.event in _DAMAGE_EVENTS:  # "you": the parser's own
        got = sentence(f"{m[1]} {m[2]} {MARK} life", refs, dies_self)
        return None if got is None else _lift(got, Amount(1, "damage_dealt"))
    m = re.fullmatch(r"create that many (.+)", s)
    if m and refs.r.event in _DAMAGE_EVENTS:  # the damage of the triggering event (120.3)
        got = sentence(f"create {MARK} {m[1]}", refs, dies_self)
        return None if got is None else _lift(got, Amount(1, "damage_dealt"))
    m = re.fullmatch(r"(.+?) for each (.+)", s)
    if m and " for each " not in m[1] and (not re.fullmatch(_KNOWN_PER, m[2]) or (
            m[2] == "creature blocking it" and refs.r.it == _TRIGGER)):
        amt = each_phrase(m[2], refs)
        if amt is None:
            return None
        got = sentence(m[1], refs, dies_self)
        return None if got is None else _times(got, amt)
    for pattern, template in _EQUAL:
        m = re.fullmatch(pattern, s)
        if not m:
            continue
        if m["count"] in ("its power", "~'s power", "its toughness", "~'s toughness",
                          "that creature's power", "that creature's toughness",
                          "the number of creature cards in your graveyard"
                          ) and not template.startswith("put "):  # h36: counters it doesn't
            return None  # the parser reads these itself
        amt = count_phrase(m["count"], refs)
        if amt is None:
            return None
        got = sentence(template.format(**m.groupdict(), n=MARK), refs, dies_self)
        return None if got is None else _lift(got, amt)
    return None


_EQUAL: list[tuple[str, str]] = [
    (r"(?P<who>~|it) deals damage equal to (?P<count>.+?) to (?P<to>.+)",
     "{who} deals {n} damage to {to}"),
    (r"(?P<who>~|it) deals damage to (?P<to>.+?) equal to (?P<count>.+)",
     "{who} deals {n} damage to {to}"),
    (r"(?P<who>.+?) (?P<verb>gains?|loses?) life equal to (?P<count>.+)",
     "{who} {verb} {n} life"),
    (r"create a number of (?P<what>.+?) tokens? equal to (?P<count>.+)",
     "create {n} {what} tokens"),
    (r"put a number of (?P<what>\+1/\+1|-1/-1) counters on (?P<to>.+?) equal to (?P<count>.+)",
     "put {n} {what} counters on {to}"),
    (r"put a number of (?P<what>\+1/\+1|-1/-1) counters equal to (?P<count>.+?) on (?P<to>.+)",
     "put {n} {what} counters on {to}"),
]


# ---------------------------------------------------------------- counting on a board


def permanents_now(play: Any, f: Any, c: Count) -> list[Any]:
    """The permanents on the battlefield a ``"permanents"`` (or ``"greatest"``) :class:`Count`
    counts as the ability of ``f`` resolves (608.2h), as they are now."""
    state = play.state
    board = play.board
    whose: list[str] | None = None
    if c.controller in ("defending", "damaged_player", "trigger_controller"):
        kind = {"defending": "defending_player", "damaged_player": "damaged_player",
                "trigger_controller": "trigger_controller"}[c.controller]
        whose = play.players(f, Who(kind), {})  # type: ignore[arg-type]
    found: list[Any] = []
    for p in board.permanents.values():
        if not state.on_battlefield(p.id):
            continue
        if c.controller == "you" and p.controller != f.controller:
            continue
        if c.controller == "opponents" and p.controller == f.controller:
            continue
        if whose is not None and p.controller not in whose:
            continue
        if c.other and p.id == (f.trigger if c.of == "trigger" else f.source):
            continue
        if c.attacking and p.id not in play.attackers:
            continue
        if c.blocking and not any(play.blockers.get(p.id, ())):  # h15 (creatures.py)
            continue
        if c.attached and p.attached_to != f.source:
            continue
        if c.also and not all(p.is_a(t) for t in c.also):
            continue
        if state.minus_added.get(p.id) or state.plus_added.get(p.id):
            p = dataclasses.replace(p, power=state.power(board, p.id),
                                    toughness=state.toughness(board, p.id))
        now = state.counters.get(p.id)
        if now is not None and now != p.counters:  # wither's and infect's counters (h14)
            p = dataclasses.replace(p, counters=now)
        if c.qualities and not any(matches_quality(board, p, q) for q in c.qualities):
            continue
        found.append(p)
    return found


def count_now(play: Any, f: Any, c: Count) -> int:
    """``c`` counted as the ability of ``f`` resolves (608.2h) in the window ``play``
    (:class:`redzone.models.triggers.resolve._Play`): permanents on the battlefield now,
    counters as they are (or as the permanent last existed), the greatest power among
    creatures now (0 when none)."""
    state = play.state
    if c.kind in more_amounts.KINDS:  # h36: more_amounts.py
        return more_amounts.count_now(play, f, c)
    if c.kind == "opponents":
        return len(play.players(f, Who("each_opponent"), {}))
    if c.kind == "counters":
        pid = f.source if c.of == "source" else f.trigger
        if pid is None or pid not in play.edit.base.permanents and (
                play.edit.perms is None or pid not in play.edit.perms):
            return 0
        counters = state.counters.get(pid, play.edit.perm(pid).counters)
        return counters.get(c.counter, 0) if c.counter else sum(
            v for v in counters.values() if v > 0)
    if c.kind == "blocked":
        return sum(1 for a in play.blockers.get(f.source, []) if state.on_battlefield(a))
    if c.kind == "blockers":  # blocking the creature whose event it was (506.4: still here)
        return sum(1 for b, atts in play.blockers.items()
                   if f.trigger in atts and state.on_battlefield(b))
    if c.kind == "zone_cards":  # h37
        return zone_moves.count_cards(play, f, c)
    if c.kind == "graveyard_types":  # h14
        from redzone.models.triggers.more_effects import graveyard_types

        return graveyard_types(play, f.controller, c.also)
    found = permanents_now(play, f, c)
    if c.kind == "colors":  # h14: 105.2
        return len({x for p in found for x in p.colors})
    if c.kind == "land_types":  # h14: 305.6
        return len({x for p in found for x in p.subtypes
                    if x in ("Plains", "Island", "Swamp", "Mountain", "Forest")})
    if c.kind == "greatest":
        if c.stat == "mana_value":
            return max((int(p.mana_value) for p in found), default=0)
        values = [(p.power if c.stat == "power" else p.toughness) or 0 for p in found]
        return max([0, *values])
    return len(found)
