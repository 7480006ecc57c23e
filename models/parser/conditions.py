"""Conditions of static abilities ("During your turn, ...", "... as long as you control an
artifact"; CR 611.3a): the condition phrase -> :class:`redzone.models.abilities.Condition`.

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline). Only conditions
a scenario decides are read (whose turn, what a player controls, counters, attachments,
life, tapped status); any other condition leaves the sentence unparsed.
"""

from __future__ import annotations

import re
from dataclasses import replace

from redzone.models.abilities import (
    Condition,
    Quality,
    KEYWORDS,
    SELF,
    Affected,
    DefenderControls,
)
from redzone.models.lazy_re import lazy_compile
from redzone.models.parser.vocabulary import (
    CREATURE_TYPES,
    _CARD_TYPE_PLURALS,
    _COLORS,
    _NUM,
    _number,
    singular,
)

_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate",
                         "Cave", "Sphere", "Town", "Lair", "Locus", "Mine", "Tower",
                         "Power-Plant", "Urza's"})
_ARTIFACT_TYPES = frozenset({"Equipment", "Vehicle", "Food", "Treasure", "Clue", "Blood",
                             "Map", "Powerstone", "Gold", "Incubator", "Attraction"})
_CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
               "land": "Land", "planeswalker": "Planeswalker", "battle": "Battle"}
_COUNT = lazy_compile(r"(?P<n>an?|" + _NUM + r")(?P<more> or more)? (?P<what>.+)")


def _permanent_quality(what: str) -> tuple[Quality | None, bool] | None:
    """"artifact", "red creature", "Forest", "other Dinosaurs", "creature with power 4 or
    greater" -> (quality or None for any permanent, other); ``None`` if not understood."""
    other = False
    w = what.strip()
    m = re.fullmatch(r"(?:another|other) (?P<rest>.+)", w)
    if m:
        other, w = True, m["rest"]
    fields: dict[str, object] = {}
    m = re.fullmatch(r"(?P<rest>.+?) with power (?P<n>\d+) or (?P<dir>greater|less)", w)
    if m:
        fields["power_at_least" if m["dir"] == "greater" else "power_at_most"] = int(m["n"])
        w = m["rest"]
    else:
        m = re.fullmatch(r"(?P<rest>.+?) with (?P<kw>[a-z ]+)", w)
        if m and m["kw"] in KEYWORDS:
            fields["keywords"] = (m["kw"],)
            w = m["rest"]
    words = w.split()
    if not words:
        return None
    noun = words[-1]
    low = noun.lower()
    plural_type = _CARD_TYPE_PLURALS.get(low)
    if low in _CARD_TYPES or plural_type:
        fields["types"] = (_CARD_TYPES.get(low) or plural_type,)
    elif low in ("permanent", "permanents"):
        pass
    else:
        one = noun if noun in CREATURE_TYPES or noun in _LAND_TYPES or noun in _ARTIFACT_TYPES \
            else (singular(noun) or "")
        if one not in CREATURE_TYPES and one not in _LAND_TYPES and one not in _ARTIFACT_TYPES:
            if noun in ("Plains",):
                one = noun
            else:
                return None
        fields["subtypes"] = (one,)
    for adj in words[:-1]:
        a = adj.lower()
        if a in ("untapped", "tapped") and "tapped" not in fields:
            fields["tapped"] = a == "tapped"
        elif a in _COLORS:
            fields.setdefault("colors", ())
            fields["colors"] = tuple(fields["colors"]) + ("WUBRG"[_COLORS.index(a)],)  # type: ignore[arg-type]
        elif a in _CARD_TYPES and "types" in fields and fields["types"] == ("Creature",):
            fields["types"] = (_CARD_TYPES[a],)  # "artifact creature": the artifact type
        elif a in _CARD_TYPES and "types" not in fields:
            fields["types"] = (_CARD_TYPES[a],)
        else:
            return None
    return (Quality(**fields) if fields else None), other  # type: ignore[arg-type]


def parse_condition(cond: str) -> Condition | None:
    """A condition phrase (self references already "~") -> :class:`Condition`, or ``None``."""
    c = cond.strip().rstrip(".")
    if re.fullmatch(r"(?:it's|it is) your turn|during your turn", c):
        return Condition(kind="your turn")
    if re.fullmatch(r"(?:it's|it is) not your turn", c):
        return Condition(kind="not your turn")
    m = re.fullmatch(r"(?P<who>you control|an opponent controls) (?P<rest>.+)", c)
    if m:
        kind = "you control" if m["who"] == "you control" else "opponent controls"
        rest = m["rest"]
        none = False
        mn = re.fullmatch(r"no (?P<what>.+)", rest)
        if mn:
            got = _permanent_quality(mn["what"])
            if got is None:
                return None
            return Condition(kind=kind, quality=got[0], other=got[1], none=True)  # type: ignore[arg-type]
        if rest.startswith("another "):
            n, what = 1, rest  # "another Giant": one other than the permanent itself
        else:
            mc = _COUNT.fullmatch(rest)
            if not mc:
                return None
            n = _number(mc["n"])
            if n > 1 and not mc["more"]:
                return None
            what = mc["what"]
        got = _permanent_quality(what)
        if got is None:
            return None
        return Condition(kind=kind, count=n, quality=got[0], other=got[1], none=none)  # type: ignore[arg-type]
    m = re.fullmatch(r"(?:~ is|it's|it is) (?P<what>equipped|enchanted|untapped|tapped)", c)
    if m:
        what = m["what"]
        if what in ("untapped", "tapped"):
            return Condition(kind=what)  # type: ignore[arg-type]
        return Condition(kind="attached", attached="Equipment" if what == "equipped" else "Aura")
    m = re.fullmatch(r"(?:~|it) has (?P<n>an?|" + _NUM + r")(?P<more> or more)? "
                     r"(?P<kind>\+1/\+1|-1/-1|[a-z]+ )?counters? on (?:it|~)", c)
    if m:
        n = _number(m["n"])
        if n > 1 and not m["more"]:
            return None
        kind = (m["kind"] or "").strip() or None
        return Condition(kind="counters", count=n, counter=kind)
    m = re.fullmatch(r"your life total is (?P<n>\d+) or (?P<dir>less|greater)", c)
    if m:
        return Condition(kind="life at most" if m["dir"] == "less" else "life at least",
                         count=int(m["n"]))
    m = re.fullmatch(r"you have (?P<n>\d+) or (?P<dir>more|less) life", c)
    if m:
        return Condition(kind="life at least" if m["dir"] == "more" else "life at most",
                         count=int(m["n"]))
    return None


_DURING = lazy_compile(r"During (?:your turn|each of your turns), (?P<rest>.+)")
_UNLESS = lazy_compile(
    r"(?P<subj>~|This creature|[Ee]nchanted creature|[Ee]quipped creature) (?P<verb>can't "
    r"(?:attack or block|attack|block)) unless (?P<cond>.+)")
_DURING_END = lazy_compile(r"(?P<rest>.+) during your turn")
_AS_LONG_FRONT = lazy_compile(r"As long as (?P<cond>[^,]+), (?P<rest>.+)")
_AS_LONG_BACK = lazy_compile(r"(?P<rest>.+?) as long as (?P<cond>.+)")


# Conditions about combat redzone computes itself (whether a creature is attacking, what the
# defending player controls): never left to the scenario to state.
_COMBAT_STATE = lazy_compile(r"(?i)\battack|\bblock|defending player|\bcombat\b")


# "unless its controller pays {1} for each card in your hand", "unless you sacrifice a
# land": a cost to attack or block (CR 508.1d, 508.1h, 509.1d), never a condition the
# scenario could state. Stating it would let the creature attack for free.
_COST = lazy_compile(
    r"(?i)^(?:you|its controller|their controller|that player|defending player) (?:pays?|"
    r"sacrifices?|returns?|discards?|exiles?|taps?|untaps?|removes?|puts?)\b")


def stated_or_parsed(cond: str) -> Condition | None:
    """:func:`parse_condition`, else a ``"stated"`` condition (the scenario states it), or
    ``None`` for a combat-state condition, a cost ("unless you pay {2}", "unless you
    sacrifice a land": 508.1d, 509.1d) or one with another clause in it."""
    if _COST.match(cond.strip()):
        return None
    got = parse_condition(cond)
    if got is not None:
        return got
    c = cond.strip().rstrip(".")
    if _COMBAT_STATE.search(c) or ", " in c or '"' in c:
        return None
    return Condition(kind="stated", phrase=c)


def split_condition(s: str) -> tuple[Condition, str] | None:
    """Split a normalised sentence into (condition, the static it conditions), or ``None``
    when it has no single condition this module reads. A leading "it" of the static after
    a condition about the permanent itself stands for "~"."""
    m = _UNLESS.fullmatch(s)
    if m:
        cond = stated_or_parsed(m["cond"])
        if cond is None:
            return None
        return replace(cond, negate=True), f"{m['subj']} {m['verb']}"
    m = re.fullmatch(r"During your turn, as long as (?P<cond>[^,]+), (?P<rest>.+)", s)
    if m and " as long as " not in m["rest"]:
        # h17: two conditions (Cloud, Planet's Champion): whose turn and a decided one
        inner = parse_condition(m["cond"])
        if inner is None:
            return None
        rest = re.sub(r"^(?:it|It|he|she) ", "~ ", m["rest"])
        return Condition(kind="your turn", also=inner), rest
    for rx in (_DURING, _DURING_END):
        m = rx.fullmatch(s)
        if m:
            rest = m["rest"]  # h17: "During your turn, prevent all damage ..." (Guardian Naga)
            return Condition(kind="your turn"), (rest[0].upper() + rest[1:]
                                                 if rest.startswith("prevent ") else rest)
    m = _AS_LONG_FRONT.fullmatch(s)
    if m and " as long as " not in m["rest"]:
        cond = stated_or_parsed(m["cond"])
        if cond is None:
            return None
        rest = re.sub(r"^(?:it|It) ", "~ ", m["rest"])
        if re.match(r"(?:all|prevent) ", rest):  # h17: a whole-sentence template's capital
            rest = rest[0].upper() + rest[1:]  # ("all creatures able to block ~ do so")
        return cond, rest
    m = _AS_LONG_BACK.fullmatch(s)
    if m and " as long as " not in m["cond"]:
        cond = stated_or_parsed(m["cond"])
        if cond is None:
            return None
        return cond, m["rest"]
    return _if_condition(s)


# h4: "if" in a static about the permanent itself means "as long as" (611.3a): "~ can't
# block if you control an untapped land" (Branded Brawlers), "~ can't be blocked if you've
# cast two or more spells this turn", "~ has flying and trample if it devoured a creature",
# "If you're on the Mirran team, ~ has lifelink". Only a restriction or "has" of ~ itself.
_IF_BACK = lazy_compile(
    r"(?P<rest>~ (?:can't (?:attack or block|attack|block|be blocked)|has [^,]+?)) if (?P<cond>.+)")
_IF_FRONT = lazy_compile(r"If (?P<cond>[^,]+), (?P<rest>~ has .+)")


def _if_condition(s: str) -> tuple[Condition, str] | None:
    """The "if" forms of the block above, else ``None``."""
    m = _IF_BACK.fullmatch(s) or _IF_FRONT.fullmatch(s)
    if m is None or " if " in m["rest"] or " unless " in m["rest"]:
        return None
    cond = stated_or_parsed(re.sub(r"^(?:it|he|she) ", "~ ", m["cond"]))
    if cond is None:
        return None
    return cond, m["rest"]


# Rules round 2: restrictions on what the defending player controls (508.1c, 509.1b, 508.5).
_DEFENDER = lazy_compile(
    r"(?P<subj>~|This creature|[Ee]ach creature you control) (?:(?P<att>can't attack) "
    r"(?P<how>unless|if)|(?P<blk>can't be blocked) (?:as long as|if)) defending player "
    r"controls (?P<what>.+)")


def defender_controls(s: str) -> list[object] | None:
    """"~ can't attack unless defending player controls a creature with flying", "~ can't
    be blocked as long as defending player controls an artifact" (normalised) ->
    [:class:`redzone.models.abilities.DefenderControls`], else ``None``."""
    m = _DEFENDER.fullmatch(s)
    if not m:
        return None
    what = m["what"]
    mc = _COUNT.fullmatch(what)
    if not mc:
        return None
    n = _number(mc["n"])
    if n > 1 and not mc["more"]:
        return None
    got = _permanent_quality(mc["what"])
    if got is None or got[1]:
        return None
    a = SELF if m["subj"] in ("~", "This creature") else Affected(kind="creatures", controller="you")
    effect = "can't attack" if m["att"] else "can't be blocked"
    return [DefenderControls(affected=a, effect=effect, quality=got[0], count=n,  # type: ignore[arg-type]
                             unless=m["how"] == "unless", text="")]
