"""Reading triggered abilities of combat from card text (CR 603.1; docs/triggers.md).

The static parser (:mod:`redzone.models.parser`) sets triggered abilities aside
(``ParsedText.ignored``). This module reads those sentences again: a trigger condition
("Whenever this creature attacks", "Whenever ~ becomes blocked by a creature") and an
effect ("it gets +1/+1 until end of turn", "target creature can't block this turn"), or a
triggered keyword ("Bushido 2", "Exalted", "Flanking"). What it reads becomes a
:class:`redzone.models.triggers.types.TriggeredAbility`; a sentence whose trigger event
happens in combat but which it can't read is *unplayed* and stays listed by
:func:`redzone.solver.not_played.not_played` (never guessed).

Entry points: :func:`parse_trigger` (one sentence) and :func:`triggers_of` (a permanent's
parsed text, cached). Pure Python.
"""

from __future__ import annotations

import re
from functools import lru_cache

from redzone.models.abilities import ParsedText
from redzone.models.ability_base import Quality
from redzone.models.triggers.types import (
    Amount,
    CantBlockEffect,
    Counters,
    CreateTokens,
    DamageEffect,
    Effect,
    Event,
    GainKeywords,
    Intervening,
    LifeEffect,
    PoisonEffect,
    Pump,
    Sacrifice,
    TriggeredAbility,
    ValueOnly,
    Watch,
    Who,
)

__all__ = ["parse_trigger", "read_triggers", "triggers_of"]

_SELF = Who("source")
_ABILITY_WORD = re.compile(r"^[A-Z][\w'’ -]{0,40} — ")
_N = r"(\d+|X)"


def _num(s: str) -> int:
    return int(s) if s.isdigit() else 0


# ----------------------------------------------------------------- triggered keywords (702)


def _keyword(word: str, n: int, text: str) -> TriggeredAbility | None:
    """The triggered ability a keyword stands for (CR 702), or ``None``."""
    if word == "exalted":  # 702.83a
        return TriggeredAbility("attacks_alone", (Pump(Who("trigger"), 1, 1),), text,
                                watch=Watch("creatures", "you"), keyword=word)
    if word == "bushido":  # 702.45a
        return TriggeredAbility("blocks_or_blocked", (Pump(_SELF, n, n),), text, keyword=word)
    if word == "flanking":  # 702.25a
        no_flank = Quality(without_keywords=("flanking",))
        return TriggeredAbility("blocked_by", (Pump(Who("trigger"), -1, -1),), text,
                                keyword=word, watch=Watch("self", qualities=(no_flank,)))
    if word == "rampage":  # 702.23a
        return TriggeredAbility("becomes_blocked",
                                (Pump(_SELF, n, n, Amount(1, "blocker_beyond_first")),), text,
                                keyword=word)
    if word == "battle cry":  # 702.91a
        return TriggeredAbility("attacks", (Pump(Who("attacking", other=True), 1, 0),), text,
                                keyword=word)
    if word == "afflict":  # 702.130a
        return TriggeredAbility("becomes_blocked",
                                (LifeEffect(Who("defending_player"), Amount(n), gain=False),),
                                text, keyword=word)
    if word == "frenzy":  # 702.68a
        return TriggeredAbility("unblocked", (Pump(_SELF, n, 0),), text, keyword=word)
    if word == "poisonous":  # 702.70a
        return TriggeredAbility("combat_damage_player",
                                (PoisonEffect(Who("damaged_player"), Amount(n)),), text,
                                keyword=word)
    if word == "melee":  # 702.121a
        return TriggeredAbility("attacks", (Pump(_SELF, 1, 1, Amount(1, "opponent_attacked")),),
                                text, keyword=word)
    if word == "dethrone":  # 702.105a
        return TriggeredAbility("attacks", (Counters(_SELF, "+1/+1"),), text, keyword=word,
                                intervening=Intervening("defender_most_life"))
    if word == "training":  # 702.149a
        return TriggeredAbility("attacks", (Counters(_SELF, "+1/+1"),), text, keyword=word,
                                intervening=Intervening("greater_power_attacks"))
    if word == "mentor":  # 702.134a: target attacking creature with lesser power
        lesser = Quality(power_vs="less")
        return TriggeredAbility("attacks", (Counters(Who("target_creature", "you", other=True,
                                                         qualities=(lesser,), attacking=True),
                                                     "+1/+1"),),
                                text, keyword=word)
    if word == "annihilator":  # 702.86a
        return TriggeredAbility("attacks", (Sacrifice(Who("defending_player"), Amount(n)),),
                                text, keyword=word)
    if word == "renown":  # 702.112a: if it isn't renowned
        return TriggeredAbility("combat_damage_player", (Counters(_SELF, "+1/+1", Amount(n)),),
                                text, keyword=word)
    if word == "myriad":  # 702.116a: copies attacking each *other* opponent
        return TriggeredAbility("attacks", (CreateTokens(Amount(1), attacking=True, tapped=True,
                                                         copy_of_source=True),), text,
                                keyword=word)
    if word == "mobilize":  # 702.181a: N 1/1 red Warriors tapped and attacking
        return TriggeredAbility("attacks", (CreateTokens(Amount(n), 1, 1, ("Warrior",), ("R",),
                                                         attacking=True, tapped=True),),
                                text, keyword=word)
    return None


_KEYWORD = re.compile(
    r"^(?P<word>exalted|bushido|flanking|rampage|battle cry|afflict|frenzy|poisonous|melee|"
    r"dethrone|training|mentor|annihilator|renown|myriad|mobilize)(?: (?P<n>\d+))?$",
    re.IGNORECASE)


# ----------------------------------------------------------------- trigger conditions

_CONDITIONS: list[tuple[re.Pattern[str], Event, Watch, Intervening | None]] = [
    (re.compile(r"^Whenever ~ attacks$"), "attacks", Watch(), None),
    (re.compile(r"^Whenever ~ attacks alone$"), "attacks_alone", Watch(), None),
    (re.compile(r"^Whenever ~ blocks(?: a creature)?$"), "blocks", Watch(), None),
    (re.compile(r"^Whenever ~ becomes blocked$"), "becomes_blocked", Watch(), None),
    (re.compile(r"^Whenever ~ becomes blocked by a creature$"), "blocked_by", Watch(), None),
    (re.compile(r"^Whenever ~ blocks or becomes blocked$"), "blocks_or_blocked", Watch(), None),
    (re.compile(r"^Whenever ~ attacks and isn't blocked$"), "unblocked", Watch(), None),
    (re.compile(r"^Whenever ~ deals combat damage to a player$"), "combat_damage_player",
     Watch(), None),
    (re.compile(r"^Whenever ~ deals combat damage to a creature$"), "combat_damage_creature",
     Watch(), None),
    (re.compile(r"^Whenever ~ is dealt damage$"), "dealt_damage", Watch(), None),
    (re.compile(r"^When ~ dies$"), "dies", Watch(), None),
    (re.compile(r"^Whenever you attack$"), "you_attack", Watch("player"), None),
    (re.compile(r"^Whenever a creature you control attacks$"), "attacks",
     Watch("creatures", "you"), None),
    (re.compile(r"^Whenever a creature you control attacks alone$"), "attacks_alone",
     Watch("creatures", "you"), None),
]

# ----------------------------------------------------------------- effects

_PT = r"([+\-−]\d+)/([+\-−]\d+)"


def _signed(s: str) -> int:
    return int(s.replace("−", "-"))


def _effect(s: str) -> tuple[Effect, ...] | None:
    """The effects of one effect text (normalised: the source is ``~``), or ``None``."""
    s = s.strip().rstrip(".")
    m = re.fullmatch(rf"(?:~|it) gets {_PT} until end of turn", s)
    if m:
        return (Pump(_SELF, _signed(m[1]), _signed(m[2])),)
    m = re.fullmatch(rf"target creature (?:you control )?gets {_PT} until end of turn", s)
    if m:
        ctl = "you" if "you control" in s else "any"
        return (Pump(Who("target_creature", ctl), _signed(m[1]), _signed(m[2])),)
    m = re.fullmatch(rf"(?:other )?attacking creatures you control get {_PT} until end of turn",
                     s, re.IGNORECASE)
    if m:
        return (Pump(Who("attacking", "you", other=s.lower().startswith("other")),
                     _signed(m[1]), _signed(m[2])),)
    m = re.fullmatch(r"put (a|an|one|two|three|\d+) \+1/\+1 counters? on (?:~|it)", s)
    if m:
        words = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
        n = words.get(m[1], None) or _num(m[1])
        return (Counters(_SELF, "+1/+1", Amount(n)),)
    if re.fullmatch(r"target creature (?:an opponent controls |defending player controls )?"
                    r"can't block this turn", s):
        ctl = "opponents" if ("opponent" in s or "defending" in s) else "any"
        return (CantBlockEffect(Who("target_creature", ctl)),)
    m = re.fullmatch(rf"~ deals {_N} damage to (any target|each opponent|defending player|"
                     r"target creature|target player|target opponent|"
                     r"target creature an opponent controls)", s)
    if m:
        kind = {"any target": "any_target", "each opponent": "each_opponent",
                "defending player": "defending_player", "target creature": "target_creature",
                "target player": "target_player", "target opponent": "target_opponent",
                "target creature an opponent controls": "target_creature"}[m[2]]
        ctl = "opponents" if m[2] == "target creature an opponent controls" else "any"
        return (DamageEffect(Who(kind, ctl), Amount(_num(m[1]))),)  # type: ignore[arg-type]
    m = re.fullmatch(rf"(each opponent|defending player|that player|target player|target opponent)"
                     rf" loses {_N} life", s)
    if m:
        kind = {"each opponent": "each_opponent", "defending player": "defending_player",
                "that player": "damaged_player", "target player": "target_player",
                "target opponent": "target_opponent"}[m[1]]
        return (LifeEffect(Who(kind), Amount(_num(m[2])), gain=False),)  # type: ignore[arg-type]
    m = re.fullmatch(rf"you gain {_N} life", s)
    if m:
        return (LifeEffect(Who("you"), Amount(_num(m[1])), gain=True),)
    m = re.fullmatch(r"~ gains (flying|first strike|double strike|trample|lifelink|deathtouch|"
                     r"vigilance|menace|indestructible) until end of turn", s)
    if m:
        return (GainKeywords(_SELF, (m[1],)),)
    if re.fullmatch(r"(?:you may )?draw a card|scry \d+|surveil \d+|investigate|"
                    r"create a (?:Treasure|Clue|Food|Blood) token", s, re.IGNORECASE):
        return (ValueOnly(s.split()[0].lower() if not s.lower().startswith("you may")
                          else "draw"),)
    return None


# ----------------------------------------------------------------- sentences


def _normalise(sentence: str, names: tuple[str, ...]) -> str:
    s = _ABILITY_WORD.sub("", sentence.strip(), count=1)
    s = re.sub(r"\s*\([^)]*\)", "", s)  # reminder text
    for name in sorted(names, key=len, reverse=True):
        if name:
            s = s.replace(name, "~")
            short = name.split(",", 1)[0]
            if short != name and len(short) > 2:
                s = s.replace(short, "~")
    s = re.sub(r"\bthis (?:creature|permanent)\b", "~", s, flags=re.IGNORECASE)
    return s.strip()


def parse_trigger(sentence: str, names: tuple[str, ...] = ()) -> TriggeredAbility | None:
    """The triggered ability of combat ``sentence`` states (a keyword such as "Bushido 1",
    or "Whenever ~ attacks, ..."), or ``None`` when it isn't one this module reads.
    ``names``: the names that refer to the source itself. Never raises."""
    text = sentence.strip()
    s = _normalise(text, names)
    m = _KEYWORD.fullmatch(s.rstrip("."))
    if m:
        return _keyword(m["word"].lower(), int(m["n"] or 1), text)
    head, sep, rest = s.partition(", ")
    if not sep:
        return None
    for pattern, event, watch, intervening in _CONDITIONS:
        if pattern.fullmatch(head):
            break
    else:
        return None
    optional = False
    if rest.startswith("you may "):
        optional, rest = True, rest[len("you may "):]
    effects: list[Effect] = []
    for part in re.split(r"\.\s+(?=[A-Z])", rest.strip()):
        part = part[0].lower() + part[1:] if part and not part.startswith("~") else part
        got = _effect(part)
        if got is None:
            return None
        effects.extend(got)
    return TriggeredAbility(event, tuple(effects), text, watch=watch, intervening=intervening,
                            optional=optional)


@lru_cache(maxsize=8192)
def read_triggers(sentences: tuple[str, ...], names: tuple[str, ...]) -> tuple[TriggeredAbility, ...]:
    """The triggered abilities of combat read from ``sentences`` (those the static parser
    set aside), in text order; sentences not read are left out (the caller lists them as
    not played). Cached: boards share parsed texts."""
    out = []
    for sentence in sentences:
        got = parse_trigger(sentence, names)
        if got is not None:
            out.append(got)
    return tuple(out)


def triggers_of(parsed: ParsedText, names: tuple[str, ...]) -> tuple[TriggeredAbility, ...]:
    """The triggered abilities of combat of a permanent whose parsed text is ``parsed`` and
    whose names are ``names`` (:func:`read_triggers` over ``parsed.ignored``)."""
    if not parsed.ignored:
        return ()
    return read_triggers(tuple(parsed.ignored), names)
