"""Reading triggered abilities of combat from card text (CR 603.1; docs/triggers.md).

The static parser (:mod:`redzone.models.parser`) sets triggered abilities aside
(``ParsedText.ignored``). This module reads those sentences again: a trigger condition
("Whenever this creature attacks", "Whenever ~ becomes blocked by a creature") and an
effect ("it gets +1/+1 until end of turn", "target creature can't block this turn"), or a
triggered keyword ("Bushido 2", "Exalted", "Flanking"). What it reads becomes a
:class:`redzone.models.triggers.types.TriggeredAbility`; a sentence whose trigger event
happens in combat but which it can't read is *unplayed* and stays listed by
:func:`redzone.solver.not_played.not_played` (never guessed). Which sentences are triggered
abilities of combat at all is :mod:`redzone.models.triggers.classify`.

Entry points: :func:`parse_trigger` (one sentence) and :func:`triggers_of` (a permanent's
parsed text, cached). Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from redzone.models.abilities import ParsedText
from redzone.models.ability_base import Quality
from redzone.models.triggers import actions, board_effects, chance, more_effects
from redzone.models.triggers import players as _players
from redzone.models.triggers import reflexive  # h20
from redzone.models.triggers import token_copies  # h23
from redzone.models.triggers import hidden_zones  # h24
from redzone.models.triggers import if_tests  # h25
from redzone.models.triggers import control  # h26
from redzone.models.triggers import clashes, explore, fights, later, orders  # h28
from redzone.models.triggers import if_more  # h35
from redzone.models.triggers import more_amounts  # h36
from redzone.models.triggers import zone_moves  # h37
from redzone.models.triggers import more_control  # h39
from redzone.models.triggers.amounts import quantity_clause
from redzone.models.triggers.classify import combat_condition, normalise
from redzone.models.triggers.conditions import if_effects, if_test, intervening_of
from redzone.models.triggers.counters import counter_clause
from redzone.models.triggers.entries import amend as entries_amend, entry_clause
from redzone.models.triggers.tokens import token_clause
from redzone.models.triggers.value import value_effect
from redzone.models.triggers.creatures import creature_clause, creature_first, group_obj
from redzone.models.triggers.creatures import read_whole as creature_whole
from redzone.models.triggers.zones import more_obj, zone_clause
from redzone.models.triggers.moves import gated as moves_gated, hand_ok, move_clause
from redzone.models.triggers.moves import reflexive as moves_reflexive
from redzone.models.parser.vocabulary import CREATURE_TYPES, singular
from redzone.models.triggers.types import (
    Amount,
    CantBeBlockedEffect,
    Conditional,
    CantBlockEffect,
    Conditional,
    Counters,
    CreateTokens,
    DamageEffect,
    Destroy,
    Effect,
    Event,
    GainKeywords,
    IfTest,
    Intervening,
    LifeEffect,
    MustBlockSource,
    PoisonEffect,
    Pump,
    ReturnToBattlefield,
    Sacrifice,
    TapEffect,
    TriggeredAbility,
    ValueOnly,
    Watch,
    Who,
)

__all__ = ["is_read", "parse_trigger", "parse_triggers", "read_triggers", "triggers_of",
           "unread_part"]

_SELF = Who("source")
PerKind = Literal["blocker_beyond_first", "other_attacker", "attacker", "opponent_attacked",
                  "blocker", "damage_dealt", "enlisted_power", "graveyard_creatures", "power",
                  "trigger_power", "toughness", "trigger_toughness", "plus_counters", "half_life",
                  "count"]
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
    if word == "provoke":  # 702.39a: may untap a creature and it blocks this creature if able
        target = Who("target_creature", "opponents", defending=True)
        return TriggeredAbility("attacks", (TapEffect(target, untap=True), MustBlockSource(target)),
                                text, keyword=word, optional=True)
    if word in ("persist", "undying"):  # 702.79a, 702.93a: if it had no such counter
        counter = "-1/-1" if word == "persist" else "+1/+1"
        return TriggeredAbility("dies", (ReturnToBattlefield(counter),), text, keyword=word,
                                intervening=Intervening("had_no_counter", counter=counter))
    if word == "afterlife":  # 702.135a: N 1/1 white and black Spirit tokens with flying
        return TriggeredAbility("dies", (CreateTokens(Amount(n), 1, 1, ("Spirit",), ("W", "B"),
                                                      ("flying",)),), text, keyword=word)
    if word == "soulshift":  # 702.46a: a Spirit card from the graveyard to the hand
        return TriggeredAbility("dies", (ValueOnly("return to hand"),), text, keyword=word)
    if word == "ingest":  # 702.115a: the player exiles the top card of their library
        return TriggeredAbility("combat_damage_player", (ValueOnly("exile from library"),), text,
                                keyword=word)
    if word == "modular":  # 702.43a: "you may put its +1/+1 counters on target artifact creature"
        artifact = Quality(types=("Artifact",))
        return TriggeredAbility("dies", (Counters(Who("target_creature", qualities=(artifact,)),
                                                  "+1/+1", Amount(1, "plus_counters")),),
                                text, keyword=word, optional=True)
    if word == "firebending":  # N red mana until end of combat: nobody casts in combat here
        return TriggeredAbility("attacks", (ValueOnly("mana"),), text, keyword=word)
    return None


_KEYWORD = re.compile(
    r"^(?P<word>exalted|bushido|flanking|rampage|battle cry|afflict|frenzy|poisonous|melee|"
    r"dethrone|training|mentor|annihilator|renown|myriad|mobilize|afterlife|soulshift|ingest|"
    r"firebending|persist|undying|provoke|modular)(?: (?P<n>\d+))?$",
    re.IGNORECASE)


# ----------------------------------------------------------------- trigger conditions


@dataclass(frozen=True)
class _Reading:
    """One way a trigger condition reads: the event, who it watches, an intervening "if",
    ``once``, and what the effect's words refer to — ``it`` (the subject of the condition),
    ``that_creature`` ("that creature": the creature blocked, the blocker, the creature dealt
    damage, the creature that died), ``that_player`` ("that player": the player dealt
    damage, or the defending player of an attack)."""

    event: Event
    watch: Watch
    intervening: Intervening | None = None
    once: bool = False
    it: Who | None = _SELF
    that_creature: Who | None = None
    that_player: Who | None = None


_TRIGGER_WHO = Who("trigger")
_QUAL_WORDS = r"(?:[A-Z][\w'-]*(?:(?:, | or | and |, or )[A-Z][\w'-]*)*)"
_ADJ = r"(?:nontoken|equipped|modified|legendary|artifact|white|blue|black|red|green|attacking|blocking)"
_WITH = (r" with (?:flying|deathtouch|first strike|double strike|trample|lifelink|menace|"
         r"vigilance|haste|reach|power \d+ or greater|toughness \d+ or greater|"
         r"a \+1/\+1 counter on it|\+1/\+1 counters on them|a counter on it|counters on them)")
_SUBJECT = re.compile(
    r"(?P<selfor>~ or another (?P<so_adj>(?:" + _ADJ + r" )*)(?:creature|(?P<so_types>"
    + _QUAL_WORDS + r"))(?P<so_ctl> you control)?)"
    r"|(?P<self>~)"
    r"|(?P<att>equipped|enchanted) creature"
    r"|(?P<q>a|an|another|one or more(?: other)?) (?P<adj>(?:" + _ADJ + r" )*)"
    r"(?:(?P<creature>creatures?)|(?P<types>" + _QUAL_WORDS + r"))"
    r"(?P<with1>" + _WITH + r")?"
    r"(?P<ctl> you control| an opponent controls| your opponents control)?"
    r"(?P<with2>" + _WITH + r")?")

# verb phrase -> event(s) (a sentence with two events reads as two abilities, 603.2)
_VERBS: list[tuple[str, tuple[Event, ...], Intervening | None]] = [
    (r"attacks?", ("attacks",), None),
    (r"attacks? alone", ("attacks_alone",), None),
    (r"attacks while saddled", ("attacks",), Intervening("saddled")),
    (r"and at least two other creatures attack", ("attacks",), Intervening("attackers_at_least", 3)),
    (r"attacks? or blocks?", ("attacks", "blocks"), None),
    (r"blocks?(?: a creature)?", ("blocks",), None),
    (r"becomes? blocked", ("becomes_blocked",), None),
    (r"becomes? blocked by a creature", ("blocked_by",), None),
    (r"blocks? or becomes? blocked", ("blocks_or_blocked",), None),
    (r"blocks? or becomes? blocked by a creature", ("blocks", "blocked_by"), None),
    (r"attacks? and isn't blocked", ("unblocked",), None),
    (r"deals? (?:combat )?damage to (?:a player|an opponent|one or more players)",
     ("combat_damage_player",), None),
    (r"deals? (?:combat )?damage to a creature", ("combat_damage_creature",), None),
    (r"deals? combat damage", ("combat_damage",), None),
    (r"deals? damage", ("deals_damage",), None),  # any damage: combat, a fight (701.14)
    (r"(?:is|are) dealt (?:combat )?damage", ("dealt_damage",), None),
    (r"dies|die|(?:is|are) put into (?:a|your|its owner's) graveyard from the battlefield",
     ("dies",), None),
    (r"leaves? the battlefield", ("leaves",), None),
    (r"becomes? tapped", ("becomes_tapped",), None),  # 508.1f, 701.26a
    # every death the play of combat produces is during combat (506.1)
    (r"dies during combat", ("dies",), None),
]


_NOT_CREATURE_TYPES = frozenset({"Food", "Equipment", "Vehicle", "Aura", "Treasure", "Clue",
                                 "Blood", "Gold", "Map", "Powerstone"})


def _quality_of(types: str | None, adjectives: str, with_: str | None,
                plural: bool) -> tuple[tuple[Quality, ...], bool] | None:
    """What a subject's words ask of a creature ("nontoken", "legendary", "Samurai or
    Warrior", "with deathtouch", "with power 4 or greater"), as one :class:`Quality`
    (``()`` when nothing), and whether it must be nontoken; ``None`` when a word isn't
    understood (a card type, not a creature type)."""
    adj = adjectives.split()
    fields: dict[str, object] = {}
    if types:
        words = [w for w in re.split(r", or |, | or | and ", types) if w]
        if plural:
            one = [singular(w) for w in words]
            if any(w is None for w in one):
                return None
            words = [w for w in one if w]
        if any(w not in CREATURE_TYPES or w in _NOT_CREATURE_TYPES for w in words):
            return None  # "another Commander", "a Vehicle": not (only) a creature type
        fields["subtypes"] = tuple(words)
    colors = tuple(_COLORS[a] for a in adj if a in _COLORS)
    if colors:
        if len(colors) > 1:
            return None
        fields["colors"] = colors
    if "equipped" in adj:
        fields["equipped"] = True
    if "modified" in adj:
        fields["modified"] = True
    if "legendary" in adj:
        fields["supertypes"] = ("Legendary",)
    if "artifact" in adj:
        fields["types"] = ("Artifact",)
    if with_:
        w = with_.strip()[len("with "):]
        m = re.fullmatch(r"(power|toughness) (\d+) or greater", w)
        if m:
            fields[f"{m[1]}_at_least"] = int(m[2])
        elif "+1/+1 counter" in w:
            fields["counter"] = "+1/+1"
        elif "counter" in w:
            return None  # any kind of counter: no such filter
        else:
            fields["keywords"] = (w,)
    quals = (Quality(**fields),) if fields else ()  # type: ignore[arg-type]
    return quals, "nontoken" in adj


def _readings(head: str) -> list[_Reading] | None:
    """The readings of a trigger condition ("Whenever ~ attacks"), or ``None``."""
    both = re.fullmatch(r"(When|Whenever) ~ or (equipped|enchanted) creature (.+)", head)
    if both:
        # two creatures, two events: the source's own and the creature it is attached to
        # (one ability each; a reconfigure creature attached is no creature, 702.151b)
        own = _readings(f"{both[1]} ~ {both[3]}")
        attached = _readings(f"{both[1]} {both[2]} creature {both[3]}")
        return own + attached if own and attached else None
    if head == "Whenever you attack":
        return [_Reading("you_attack", Watch("player"), it=None)]
    if head == "Whenever you gain life":  # 119.9 (lifelink in combat, 120.3f)
        return [_Reading("you_gain_life", Watch("player"), it=None)]
    m = re.fullmatch(rf"Whenever you attack with {_COUNT} or more creatures", head)
    if m:
        return [_Reading("you_attack", Watch("player"),
                         Intervening("attackers_at_least", _count(m[1])), it=None)]
    wm = re.fullmatch(r"(Whenever ~ (?:attacks or blocks|attacks|blocks)) while (.+)", head)
    test = if_test(wm[2], defending=False, it_is_source=False) if wm else None
    if wm and test is not None:
        # "attacks while you control a Dinosaur": checked as the event happens only (603.2)
        inner = _readings(wm[1])
        if not inner or any(r.intervening for r in inner):
            return None
        return [_Reading(r.event, r.watch, Intervening("test", test=test), r.once, r.it,
                         r.that_creature, r.that_player) for r in inner]
    m = re.fullmatch(r"(When|Whenever) (.+)", head)
    if not m:
        return None
    rest = m[2]
    sm = _SUBJECT.match(rest)
    if not sm or not rest[sm.end():].startswith(" "):
        return None
    verb = rest[sm.end() + 1:]
    other_quality: Quality | None = None
    mq = re.fullmatch(r"(blocks? or becomes? blocked by|blocks?|becomes? blocked by) a creature "
                      r"with (power|toughness) (\d+) or (less|greater)", verb)
    if mq:
        # the other creature of the block must match (Arrogant Bloodlord); one event per
        # creature blocked or blocking (509.3)
        which: dict[str, tuple[Event, ...]] = {
            "blocks": ("blocks_creature",), "block": ("blocks_creature",),
            "becomes blocked by": ("blocked_by",), "become blocked by": ("blocked_by",)}
        events = which.get(mq[1], ("blocks_creature", "blocked_by"))
        intervening = None
        bound = "at_most" if mq[4] == "less" else "at_least"
        other_quality = Quality(**{f"{mq[2]}_{bound}": int(mq[3])})  # type: ignore[arg-type]
    elif (mq := re.fullmatch(r"(blocks? or becomes? blocked by|blocks?|becomes? blocked by) "
                             r"(?:a|an) (?:(non-?)?([\w]+) )?creature(?: with (flying))?",
                             verb)) and (mq[3] or mq[4]):
        # "blocks a creature with flying", "... blocked by a non-Wall / nonblack / an artifact
        # creature": the other creature of the block must match, one event per creature
        # blocked or blocking (509.3)
        fields: dict[str, object] = {}
        word = mq[3]
        if word in _COLORS:
            fields["exclude_colors" if mq[2] else "colors"] = (_COLORS[word],)
        elif word == "artifact" and not mq[2]:
            fields["types"] = ("Artifact",)
        elif word and word[:1].isupper() and word in CREATURE_TYPES \
                and word not in _NOT_CREATURE_TYPES:
            fields["exclude_subtypes" if mq[2] else "subtypes"] = (word,)
        elif word:
            return None
        if mq[4]:
            if word:
                return None  # two conditions on the creature: not read
            fields["keywords"] = ("flying",)
        by_verb2: dict[str, tuple[Event, ...]] = {
            "blocks": ("blocks_creature",), "block": ("blocks_creature",),
            "becomes blocked by": ("blocked_by",), "become blocked by": ("blocked_by",)}
        events = by_verb2.get(mq[1], ("blocks_creature", "blocked_by"))
        intervening = None
        other_quality = Quality(**fields)  # type: ignore[arg-type]
    else:
        for pattern, events, intervening in _VERBS:
            if re.fullmatch(pattern, verb):
                break
        else:
            return None
    once = False
    if sm["self"]:
        watch, it = Watch(), _SELF
    elif sm["selfor"]:
        got = _quality_of(sm["so_types"], sm["so_adj"] or "", None, False)
        if got is None or {"attacking", "blocking"} & set((sm["so_adj"] or "").split()):
            return None
        watch = Watch("creatures", "you" if sm["so_ctl"] else "any", qualities=got[0],
                      nontoken=got[1])
        it = _TRIGGER_WHO
    elif sm["att"]:
        watch, it = Watch("attached"), _TRIGGER_WHO
    else:
        if sm["with1"] and sm["with2"]:
            return None
        got = _quality_of(sm["types"], sm["adj"] or "", sm["with1"] or sm["with2"],
                          sm["q"].startswith("one or more"))
        if got is None:
            return None
        ctl = {None: "any", " you control": "you", " an opponent controls": "opponents",
               " your opponents control": "opponents"}[sm["ctl"]]
        once = sm["q"].startswith("one or more")
        adj = (sm["adj"] or "").split()
        watch = Watch("creatures", ctl, other=sm["q"] == "another" or "other" in sm["q"],  # type: ignore[arg-type]
                      qualities=got[0], nontoken=got[1], attacking="attacking" in adj,
                      blocking="blocking" in adj)
        it = None if once else _TRIGGER_WHO
    if watch.kind != "self" and "into your graveyard" in verb:
        # h21: "a nontoken creature is put into YOUR graveyard" — only a creature you own
        # goes there (404.2: a card goes to its owner's graveyard); another player's does not
        watch = dataclasses.replace(watch, extra=(*watch.extra, "owner:you"))
    if (once and events == ("attacks",) and watch == Watch("creatures", "you")
            and intervening is None):
        # "whenever one or more creatures you control attack" is "whenever you attack"
        return [_Reading("you_attack", Watch("player"), it=None)]
    out = []
    for event in events:
        that_creature: Who | None = None
        that_player: Who | None = None
        subject = it
        if event in ("attacks", "attacks_alone", "unblocked", "becomes_blocked"):
            that_player = Who("defending_player")
        elif event == "blocks":
            # "whenever a creature blocks, that creature ...": the blocker; "blocks a
            # creature, ... that creature" (or the source's own block): the creature blocked
            if watch.kind == "self" or verb.endswith("a creature") or "blocked by" in verb:
                that_creature = Who("blocked")
        elif event == "blocked_by":
            that_creature = _TRIGGER_WHO
            if watch.kind != "self":
                subject = None  # the trigger is the blocker: "it" can't be named
        elif event == "combat_damage_player":
            that_player = Who("damaged_player")
        elif event == "combat_damage_creature":
            that_creature = Who("damaged")
        if that_creature is None and watch.kind != "self" and subject == _TRIGGER_WHO:
            that_creature = _TRIGGER_WHO  # "whenever a creature you control attacks, ... that creature"
        if other_quality is not None:
            if watch.kind != "self":
                return None
            watch = Watch(qualities=(other_quality,))
            that_creature = _TRIGGER_WHO
        if event == "dies" and watch.kind == "creatures" and watch.controller == "opponents":
            that_player = Who("trigger_controller")  # "a creature an opponent controls dies, that player"
        out.append(_Reading(event, watch, intervening, once, subject, that_creature, that_player))
    return out


def _all_readings(head: str) -> list[_Reading] | None:
    """:func:`_readings`, else the wider grammar of subjects and events of
    :mod:`redzone.models.triggers.watches` (h2)."""
    from redzone.models.triggers.watches import readings

    return _readings(head) or readings(head)  # type: ignore[return-value]  # same class


# ----------------------------------------------------------------- effects

_PT = r"([+\-−]\d+)/([+\-−]\d+)"
_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNT = r"(a|an|one|two|three|four|five|six|\d+)"
_KW = (r"(?:flying|first strike|double strike|trample|lifelink|deathtouch|vigilance|menace|"
       r"indestructible|haste|reach|hexproof|shroud|intimidate|fear|skulk|horsemanship|shadow|"
       r"protection from (?:white|blue|black|red|green|creatures|artifacts))")
_KWS = rf"({_KW}(?:(?:, | and |, and ){_KW})*)"
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _signed(s: str) -> int:
    return int(s.replace("−", "-"))


def _count(s: str) -> int:
    return _WORDS.get(s.lower(), 0) or _num(s)


def _keywords(s: str) -> tuple[str, ...]:
    return tuple(w for w in re.split(r", and |, | and ", s) if w)


class _Refs:
    """What the words of an effect refer to (from the condition's :class:`_Reading`)."""

    def __init__(self, r: _Reading) -> None:
        self.r = r

    def obj(self, s: str) -> Who | None:
        """A creature or creatures: "~", "it", "that creature", "target creature ...",
        "creatures you control" ...; ``None`` when not understood."""
        s = s.strip()
        if s in ("~", "~'s"):
            return _SELF
        if (attacked := control.attacking_target(s, self.r)) is not None:  # h26: "attacking you"
            return attacked
        if s in ("it", "they", "him", "her") and (self.r.it is not None or s == "it"):
            return self.r.it  # (h16: "they" of a "one or more" event: players.more_obj)
        if s == "that creature":
            return self.r.that_creature
        m = re.fullmatch(r"each (artifact|enchantment) creature( you control| your opponents "
                         r"control)?", s)
        if m:  # h12: "each artifact creature you control" (Cult of Skaro)
            ctl = {None: "any", " you control": "you", " your opponents control": "opponents"}[m[2]]
            return Who("each_creature", ctl,  # type: ignore[arg-type]
                       qualities=(Quality(types=(m[1].capitalize(),)),))
        if (s == "that planeswalker" and self.r.event == "combat_damage_to"
                and [x for x in self.r.watch.extra if x.startswith("to:")] == ["to:planeswalker"]):
            return Who("damaged")  # h12: the planeswalker dealt the combat damage
        m = re.fullmatch(r"target creature or (enchantment|artifact) (you control|an opponent "
                         r"controls|you don't control)", s)
        if m:
            ctl = "you" if m[2] == "you control" else "opponents"
            return Who("target_creature", ctl, also_types=(m[1].capitalize(),))
        m = re.fullmatch(r"(up to one |another )?target (attacking |blocking |nonattacking )?"
                         r"(creature|[A-Z][\w'-]*(?= creature| you| an| with|$))(?: creature)?"
                         r"( with flying| without flying)?"
                         r"( you control| an opponent controls| you don't control|"
                         r" defending player controls| that player controls)?", s)
        if m:
            if m[2] and m[2] != "attacking ":
                return None
            ctl_text = m[5] or ""
            if ctl_text in (" that player controls", " defending player controls"):
                ctl = self.whose(ctl_text.strip())  # one opponent among several (506.2)
                if ctl is None:
                    return None
            else:
                ctl = {"": "any", " you control": "you", " an opponent controls": "opponents",
                       " you don't control": "opponents"}[ctl_text]
            quals: list[Quality] = []
            if m[3] != "creature":
                if m[3] not in CREATURE_TYPES or m[3] in _NOT_CREATURE_TYPES:
                    return None
                quals.append(Quality(subtypes=(m[3],)))
            if m[4]:
                quals.append(Quality(keywords=("flying",)) if m[4] == " with flying"
                             else Quality(without_keywords=("flying",)))
            if len(quals) > 1:
                return None
            return Who("target_creature", ctl, other=m[1] == "another ",  # type: ignore[arg-type]
                       qualities=tuple(quals), up_to=m[1] == "up to one ",
                       attacking=m[2] == "attacking ")
        m = re.fullmatch(r"(each |all )?(other )?(attacking |blocking )?creatures?"
                         r"( you control| your opponents control| an opponent controls|"
                         r" defending player controls| that player controls)?", s)
        if m and (m[1] or s.endswith("creatures") or m[4]):
            if m[4] in (" that player controls", " defending player controls"):
                ctl = self.whose(m[4].strip())
                if ctl is None:
                    return None
            else:
                ctl = {None: "any", " you control": "you", " your opponents control": "opponents",
                       " an opponent controls": "opponents"}[m[4]]
            if m[3] == "blocking ":  # "each blocking creature" (Hezrou)
                return Who("each_creature", ctl, other=bool(m[2]), blocking=True)  # type: ignore[arg-type]
            kind = "attacking" if m[3] else "each_creature"
            return Who(kind, ctl, other=bool(m[2]))  # type: ignore[arg-type]
        m = re.fullmatch(r"(each |all )?(other )?(attacking )?(?:creatures (with|without) "
                         r"flying|([A-Z][\w'-]*))( you control| your opponents control)?", s)
        if m:
            # a group: "other Humans you control", "attacking creatures with flying"
            if m[4]:
                quality = (Quality(keywords=("flying",)) if m[4] == "with"
                           else Quality(without_keywords=("flying",)))
            else:
                one = m[5] if m[1] == "each " else singular(m[5])  # "each Vampire you control"
                if not one or one not in CREATURE_TYPES or one in _NOT_CREATURE_TYPES:
                    return None
                quality = Quality(subtypes=(one,))
            ctl = {None: "any", " you control": "you", " your opponents control": "opponents"}[m[6]]
            return Who("attacking" if m[3] else "each_creature", ctl,  # type: ignore[arg-type]
                       other=bool(m[2]), qualities=(quality,))
        if s in ("each creature blocking it", "each creature blocking ~", "creatures blocking it",
                 "creatures blocking ~") and self.r.it == _SELF:
            return Who("blockers")
        if s in ("each creature it blocked this combat", "each creature ~ blocked this combat",
                 "each creature it blocked this turn", "each creature ~ blocked this turn"
                 ) and self.r.it == _SELF:
            return Who("blocked")  # blocked in this combat (the only one played)
        # h7: coloured targets, power bounds, flying groups (zones.py); h14: groups
        # (more_effects.py); h16: players.py; h15: groups, targets (creatures.py)
        got = more_obj(s, self) or more_effects.group_obj(s, self) or _players.more_obj(s, self)
        got = got or more_amounts.group(s, self)  # h36: "... named ~", "... with flash or haste"
        return got if got is not None else group_obj(s, self)

    def whose(self, s: str) -> Literal["defending", "damaged_player"] | None:
        """Whose creatures "... defending player controls" / "... that player controls"
        are: the defending player of the source or of the creature that triggered it (506.2;
        only where "defending player" can be named), the player dealt combat damage; ``None``
        otherwise."""
        who = self.player(s.removesuffix(" controls"))
        if who == Who("defending_player"):
            return "defending"
        if who == Who("damaged_player"):
            return "damaged_player"
        return None

    def player(self, s: str) -> Who | None:
        """A player or players: "you", "each opponent", "defending player", "that player",
        "target player", "target opponent"."""
        s = s.strip()
        fixed = {"you": "you", "each opponent": "each_opponent", "target player": "target_player",
                 "target opponent": "target_opponent",
                 "each of your opponents": "each_opponent"}  # h12
        if s in fixed:
            return Who(fixed[s])  # type: ignore[arg-type]
        if s == "target opponent chosen at random":  # h12: the adversary chooses (chance.py)
            return Who("target_opponent", random=True)
        if s in ("defending player", "the defending player"):
            # the player the source (or the creature that triggered it) attacks (506.2)
            if self.r.event in ("attacks", "attacks_alone", "unblocked", "becomes_blocked") or (
                    self.r.event == "blocked_by" and self.r.watch.kind == "self"):
                return Who("defending_player")
            return None
        if s == "that player":
            return self.r.that_player
        if s == "that source's controller" and self.r.event == "dealt_damage_by":
            return Who("trigger_controller")  # h2: the source is the event's other object
        if s == "that creature's controller":
            that = self.r.that_creature
            if that == _TRIGGER_WHO:
                return Who("trigger_controller")
            if that == Who("damaged"):
                return Who("damaged_controller")
            return None
        if s == "each other opponent" and (self.r.event == "combat_damage_player" or (
                self.r.event == "combat_damage_to" and self.r.that_player == Who("damaged_player"))):
            return Who("other_opponents")  # each opponent but the one dealt the damage
        return _players.more_player(s, self) or more_amounts.player(s)  # h16; h36: "the chosen player"


_AND_CLAUSE = r" and (?:you|it|~|that|each|target|defending|put|create|destroy|exile) "
"""Where "and" begins another clause ("draw cards equal to its power and you lose ...")."""

_VALUE: list[tuple[str, str]] = [
    (r"(?:you )?draw (?:a card|two cards|three cards|\w+ cards|that many cards|"
     r"cards equal to (?:(?!" + _AND_CLAUSE + r")[^.])+|a card for each (?:(?!" + _AND_CLAUSE
     + r")[^.])+)", "draw"),
    (r"(?:you )?draw a card, then discard a card", "loot"),
    (r"(?:you )?draw (?:a card|two cards), then discard (?:a card|two cards)", "loot"),
    (r"discard a card\. If you do, draw a card", "rummage"),
    (r"draw a card\. If you do, discard a card", "loot"),
    (r"scry \d+", "scry"), (r"surveil \d+", "surveil"), (r"investigate(?: twice)?", "investigate"),
    (r"mill (?:a card|\w+ cards)", "mill"),
    (r"(?:each player|target player|each opponent|that player|defending player|target opponent) "
     r"mills (?:a card|\w+ cards)", "mill"),
    (r"create (?:a|an|one|two|three|\d+|X) (?:tapped )?(?:Treasure|Clue|Food|Blood|Gold|Map|Powerstone)"
     r" tokens?", "token"),
    (r"(?:that player|defending player|each opponent|target opponent|target player) discards "
     r"(?:a card|two cards|a card at random)", "discard"),
    (r"you get (?:\{E\})+", "energy"),
    (r"add (?:\{[WUBRGC]\})+", "mana"),
    (r"return (?:~|it) to its owner's hand", "return to hand"),  # from the graveyard (dies)
    (r"return (?:~|it) to its owner's hand at the beginning of the next end step",
     "return to hand"),
    (r"(?:shuffle (?:~|it) into its owner's library|put (?:~|it) on (?:top|the bottom) of its "
     r"owner's library)", "to library"),
    # h2: the card of a creature that died or was exiled (God-Eternals)
    (r"put (?:~|it) into its owner's library (?:second|third|fourth) from the top", "to library"),
    (r"return (?:another )?target (?:creature |artifact |enchantment |land |permanent |instant or sorcery |"
     r"[A-Z][\w'-]* )?card (?:with mana value \d+ or less )?from your graveyard to your hand",
     "return to hand"),
    (r"exile target card from a graveyard", "exile from graveyard"),
    (r"exile (?:up to one )?target card from a graveyard", "exile from graveyard"),
    (r"exile the top card of your library\. (?:Until end of turn|Until the end of your next "
     r"turn), you may play that card", "impulse"),
    (r"exile the top card of your library\. You may play that card this turn", "impulse"),
    (r"look at the top (?:card|\w+ cards) of your library", "look"),
    (r"that player reveals their hand", "reveal"),
    (r"look at that player's hand", "look"),
    (r"target player reveals their hand", "reveal"),
    (r"you may look at the top card of your library", "look"),
    (r"learn", "learn"),
    (r"(?:you )?discard (?:a card|two cards|your hand)", "discard"),
    (r"(?:you )?discard (?:a card|your hand),? (?:and|then) draw (?:a card|two cards|\w+ cards|"
     r"that many cards)", "rummage"),
    (r"exile the top card of your library\. You may play (?:it|that card) "
     r"(?:this turn|until end of turn|until the end of your next turn)", "impulse"),
    (r"exile (?:it|~)", "exile from graveyard"),  # a card that died: in its owner's graveyard
    (r"(?:each player|you and that player each) draws? (?:a card|two cards|that many cards)", "draw"),
    (r"(?:each player|each opponent|that player) discards (?:a card|two cards)", "discard"),
    (r"exile (?:up to one )?target card from an opponent's graveyard", "exile from graveyard"),
    (r"exile target player's graveyard", "exile from graveyard"),
    (r"exile all cards from target player's graveyard", "exile from graveyard"),
    (r"you get (?:an|a|\w+) experience counters?", "experience"),
    (r"you get that many (?:\{E\})+", "energy"),
    (r"create (?:that many|X|\w+) (?:tapped )?(?:Treasure|Clue|Food|Blood|Gold|Map) tokens",
     "token"),
    # cards exiled from or revealed on top of a library, and played after combat (nobody
    # casts or plays anything in the play of combat)
    (r"exile the top (?:card|two cards|three cards|\w+ cards) of (?:your|that player's|each "
     r"player's|defending player's) library(?: face down)?", "impulse"),
    (r"(?:until end of turn, |until the end of your next turn, )?(?:you may )?(?:play|cast) "
     r"(?:that card|it|those cards|that spell|them|cards exiled this way)"
     r"(?: this turn| until end of turn| until the end of your next turn| for as long as "
     r"(?:it remains|they remain) exiled)?", "impulse"),
    (r"reveal the top card of your library", "reveal"),
    # the creatures that saddled it are tapped and out of combat (702.171a): leaving changes
    # nothing in this combat
    (r"return any number of creatures that saddled (?:it|~) this turn to their owner's hand",
     "return to hand"),
    (r"(?:if it's a (?:land|creature|nonland|noncreature) card, )?put (?:it|that card) into "
     r"your hand", "draw"),
    # cards from hands, libraries and graveyards, and noncreature tokens with no static
    # ability: nothing on the battlefield changes in combat
    (r"(?:that player|defending player|target player|target opponent|each opponent) "
     r"(?:discards|mills) (?:a card|\w+ cards|that many cards)", "discard"),
    (r"(?:you )?(?:discard|mill) that many cards", "discard"),
    (r"(?:defending player|that player|target player|target opponent) may draw a card", "draw"),
    (r"investigate (?:that many times|\w+ times)", "investigate"),
    (r"create (?:a|an|one|two|three|that many) (?:tapped )?(?:Junk|Mutagen|Incubator) tokens?",
     "token"),
    (r"incubate \d+", "token"),  # an Incubator artifact, not a creature until transformed
    (r"exile (?:up to one )?(?:a|an|target|another target) (?:creature |artifact |enchantment |"
     r"land |instant or sorcery |instant |sorcery |nonland |[A-Z][\w'-]* )?card from (?:a|your|"
     r"an opponent's|target player's|that player's|defending player's) graveyard", "exile from graveyard"),
    (r"look at (?:defending player's|that player's|target player's|target opponent's) hand",
     "look"),
]


_PER = (r"(?: for each (other attacking creature|attacking creature|other attacking [A-Z][\w'-]*"
        r"|attacking [A-Z][\w'-]*|creature blocking it"
        r"(?: beyond the first)?|opponent you attacked this combat))?")
_PER_KIND: dict[str, PerKind] = {
    "other attacking creature": "other_attacker", "attacking creature": "attacker",
    "creature blocking it": "blocker", "creature blocking it beyond the first":
    "blocker_beyond_first", "opponent you attacked this combat": "opponent_attacked"}


def _per(words: str | None, refs: _Refs) -> PerKind | None | Literal[False]:
    """The :class:`Amount` ``per`` of "for each ..." words; ``False`` when it can't be said
    ("each creature blocking it" where "it" isn't the source: ``per`` counts the source's)."""
    if words is None:
        return None
    if words not in _PER_KIND:  # "for each other attacking Goblin": a creature type
        kind = words.rsplit(" ", 1)[1]
        if kind not in CREATURE_TYPES or kind in _NOT_CREATURE_TYPES:
            return False
        return "other_attacker" if words.startswith("other ") else "attacker"
    per = _PER_KIND[words]
    if per in ("blocker", "blocker_beyond_first") and refs.r.it != _SELF:
        return False
    return per


def _per_types(words: str | None) -> tuple[str, ...]:
    """The creature type counted by "for each [other] attacking Goblin", else ``()``."""
    if words is None or words in _PER_KIND:
        return ()
    return (words.rsplit(" ", 1)[1],)


_OF: dict[tuple[str, bool], PerKind] = {
    ("power", True): "power", ("power", False): "trigger_power",
    ("toughness", True): "toughness", ("toughness", False): "trigger_toughness"}
"""An :class:`Amount` ``per`` of "equal to its power / toughness": (the word, of the source?)."""

_GONE = ("dies", "leaves")
"""Events after which the source (or the creature that triggered it) is off the battlefield."""

_DAMAGE_EVENTS = ("combat_damage_player", "combat_damage_creature", "combat_damage",
                  "dealt_damage", "deals_damage", "combat_damage_to", "dealt_damage_by",
                  "deals_damage_to")  # h12


def _clause(s: str, refs: _Refs, dies_self: bool) -> tuple[Effect, ...] | None:
    """One effect clause (no final period), or ``None``."""
    s = s.strip()
    if not s:
        return None
    if (got_order := orders.read_clause(s, refs, lambda x: _sentence(x, refs, dies_self))) is not None:
        return got_order  # h28: other word orders of forms read below (orders.py)
    if (got_zone := zone_moves.read_clause(s, refs, dies_self)) is not None:
        return got_zone  # h37: zone moves in other shapes (zone_moves.py)
    delayed = board_effects.read_delayed(s, refs, lambda x: _sentence(x, refs, dies_self))  # h3
    if delayed is not None:
        return delayed
    got_copy = token_copies.read_clause(s, refs, lambda x: _sentence(x, refs, dies_self))  # h23
    if got_copy is not None:
        return got_copy
    got_more = more_effects.read_clause(s, refs, lambda x, r: _sentence(x, r, dies_self))  # h14
    if got_more is not None:
        return got_more
    got_more = control.read_clause(s, refs, lambda x: _sentence(x, refs, dies_self))  # h26
    if got_more is not None:
        return got_more
    got_more = more_control.read_early(s, lambda x: _sentence(x, refs, dies_self))  # h39
    if got_more is not None:
        return got_more
    for pattern, tag in _VALUE:
        if re.fullmatch(pattern, s, re.IGNORECASE):
            if tag in ("return to hand", "exile from graveyard", "to library") and (
                    s.startswith("return ~") or s.startswith("return it")
                    or s in ("exile it", "exile ~") or tag == "to library"):
                # the card of a creature that died is in its owner's graveyard (700.4): "it"
                # is that card when the creature that triggered it died
                died_card = dies_self or (refs.r.event == "dies" and refs.r.it == _TRIGGER_WHO
                                          and re.search(r"\bit\b", s) is not None)
                if not died_card:
                    continue  # a permanent on the battlefield: it leaves (not a value)
            return (ValueOnly(tag),)
    got_value = value_effect(s)  # the value grammar and "if ..." conditions (value.py)
    if got_value is not None:
        return got_value
    if (got_later := later.read_clause(s, refs)) is not None:  # h28: later turns, Attractions
        return got_later
    if (got_h35 := if_more.read_clause(s, refs, lambda x: _sentence(x, refs, dies_self))) is not None:  # h35: extra combat phases (if_more.py)
        return got_h35
    if (got_fight := fights.read_clause(s, refs)) is not None:  # h28: fights (701.14)
        return got_fight
    if (got_explore := explore.read_clause(s, refs)) is not None:  # h28: explore (701.44)
        return got_explore
    if (got_h36 := more_amounts.read_clause(s, refs)) is not None:  # h36: discover (701.57)
        return got_h36
    got_first = creature_first(s, refs, lambda x: _sentence(x, refs, dies_self))  # h15: creatures.py
    if got_first is not None:
        return got_first
    # h7: counted amounts ("where X is ...", "for each ...", "equal to ...": amounts.py)
    got = quantity_clause(s, refs, dies_self, _sentence)
    if got is None:  # h7: damage to players and planeswalkers, removal, sacrifices (zones.py)
        got = zone_clause(s, refs, dies_self, _sentence)
    if got is None:  # h7: counters of other kinds, doubled, removed (counters.py)
        got = counter_clause(s, refs)
    if got is None:  # h13: zone moves (moves.py)
        got = move_clause(s, refs, dies_self)
    if got is not None:
        return got
    # X gets +a/+b [and gains K] until end of turn [for each ...]
    m = re.fullmatch(rf"(.+?) gets? {_PT}(?: and gains? {_KWS})? until end of turn{_PER}", s)
    if m:
        who = refs.obj(m[1])
        per = _per(m[5], refs)
        if who is None or per is False:
            return None
        out: list[Effect] = [Pump(who, _signed(m[2]), _signed(m[3]), Amount(1, per, _per_types(m[5])))]
        if m[4]:
            out.append(GainKeywords(who, _keywords(m[4])))
        return tuple(out)
    m = re.fullmatch(rf"(.+?) gains? {_KWS} until end of turn", s)
    if m:
        who = refs.obj(m[1])
        return None if who is None else (GainKeywords(who, _keywords(m[2])),)
    m = re.fullmatch(rf"put {_COUNT} (\+1/\+1|-1/-1) counters? on (.+)", s)
    if m:
        who = refs.obj(m[3])
        return None if who is None else (Counters(who, m[2], Amount(_count(m[1]))),)
    m = re.fullmatch(r"(.+?) can't block this (?:turn|combat)", s)  # h12: the one combat played
    if m:
        who = refs.obj(m[1])
        return None if who is None else (CantBlockEffect(who),)
    m = re.fullmatch(r"(.+?) can't be blocked this (?:turn|combat)", s)  # h12: the one combat played
    if m:
        who = refs.obj(m[1])
        return None if who is None else (CantBeBlockedEffect(who),)
    if (got_h39 := more_control.read_first(s, refs)) is not None:  # h39: "sacrifice it"
        return got_h39
    m = re.fullmatch(r"sacrifice (~|it)", s)
    if m:  # the source, which its controller controls (701.21); not once it left
        if refs.obj(m[1]) != _SELF or refs.r.event in _GONE:
            return None
        return (Destroy(_SELF, sacrifice=True),)
    m = re.fullmatch(r"(tap|untap) (.+)", s)
    if m:
        who = refs.obj(m[2])
        return None if who is None else (TapEffect(who, untap=m[1] == "untap"),)
    m = re.fullmatch(r"(destroy|exile) (.+?) at end of combat", s)
    if m:  # a delayed triggered ability (603.7), at the end of combat step (511.2)
        who = refs.obj(m[2])
        if who is None or refs.r.event == "dies":
            return None
        return (Destroy(who, exile=m[1] == "exile", at_end_of_combat=True),)
    m = re.fullmatch(r"(destroy|exile) (.+?)(?:\. (?:It|They) can't be regenerated)?", s)
    if m:
        who = refs.obj(m[2])
        if who is None or (refs.r.event in _GONE and who in (_SELF, _TRIGGER_WHO)):
            return None
        return (Destroy(who, exile=m[1] == "exile"),)
    m = re.fullmatch(r"return (.+?) to (?:its|their) owners?'s? hands?", s)
    if m:
        who = refs.obj(m[1])
        if who is None or refs.r.event in _GONE:
            return None
        return (Destroy(who, exile=True, to_hand=True),)
    m = re.fullmatch(r"have (~|it) deal (.+)", s)
    if m:
        s = f"{m[1]} deals {m[2]}"  # "you may have it deal ..." (608.2)
    m = re.fullmatch(r"have (target opponent|target player|each opponent|that player) "
                     r"(lose|gain) (.+ life)", s)
    if m:  # h2: "you may have target opponent lose 1 life" (Disciple of the Vault)
        s = f"{m[1]} {m[2]}s {m[3]}"
    m = re.fullmatch(r"(~|it) deals damage equal to (its|~'s) power to (.+)", s)
    if m:  # 608.2h: its power as it resolves, or its last known power once it left
        if refs.r.it != _SELF and (m[1] == "it" or m[2] == "its"):
            return None
        if m[3] == "any target":
            return (DamageEffect(Who("any_target"), Amount(1, "power")),)
        who = refs.player(m[3]) or refs.obj(m[3])
        return None if who is None else (DamageEffect(who, Amount(1, "power")),)
    m = re.fullmatch(r"(.+?) (loses?|gains?) life equal to (its|~'s|that creature's) "
                     r"(power|toughness)", s)
    if m:
        who = refs.player(m[1])
        whose = {"~'s": _SELF, "its": refs.r.it, "that creature's": refs.r.that_creature}[m[3]]
        if who is None or whose not in (_SELF, _TRIGGER_WHO):
            return None
        return (LifeEffect(who, Amount(1, _OF[(m[4], whose == _SELF)]),
                           gain=m[2].startswith("gain")),)
    m = re.fullmatch(rf"(~|it) deals {_N} damage to (each creature(?: with(?:out)? flying)?) and "
                     r"each (player|opponent)", s)
    if m and m[2] != "X" and (m[1] == "~" or refs.r.it == _SELF):
        # one event dealing damage to all of them (120.3); no state-based action is checked
        # until the ability has resolved (704.3)
        creatures = refs.obj(m[3])
        if creatures is None:
            return None
        players = (Who("you"), Who("each_opponent")) if m[4] == "player" else (Who("each_opponent"),)
        return tuple(DamageEffect(w, Amount(_num(m[2]))) for w in (creatures, *players))
    m = re.fullmatch(rf"(~|it) deals {_N} damage to (.+)", s)
    if m:
        if m[1] == "it" and refs.r.it != _SELF:
            return None
        n = _num(m[2])
        if m[2] == "X":
            return None
        if m[3] == "any target":
            return (DamageEffect(Who("any_target"), Amount(n)),)
        who = refs.player(m[3]) or refs.obj(m[3])
        return None if who is None else (DamageEffect(who, Amount(n)),)
    m = re.fullmatch(rf"(.+?) (loses?|gains?) {_N} life{_PER}", s)
    if m and m[3] != "X":
        who = refs.player(m[1])
        per = _per(m[4], refs)
        if who is not None and per is not False:
            return (LifeEffect(who, Amount(_num(m[3]), per, _per_types(m[4])),
                               gain=m[2].startswith("gain")),)
    m = re.fullmatch(r"(.+?) (loses?|gains?) life equal to the number of creature cards in your "
                     r"graveyard", s)
    if m:  # counted on resolution (608.2h) from the scenario's graveyard and this combat
        who = refs.player(m[1])
        if who is not None:
            return (LifeEffect(who, Amount(1, "graveyard_creatures"), gain=m[2].startswith("gain")),)
    if re.fullmatch(rf"gain {_N} life", s):
        return _clause("you " + s, refs, dies_self)
    m = re.fullmatch(r"you (gain|lose) that much life", s)
    if m and refs.r.event in _DAMAGE_EVENTS:
        return (LifeEffect(Who("you"), Amount(1, "damage_dealt"), gain=m[1] == "gain"),)
    m = re.fullmatch(rf"each player loses {_N} life", s)
    if m and m[1] != "X":
        return (LifeEffect(Who("you"), Amount(_num(m[1])), gain=False),
                LifeEffect(Who("each_opponent"), Amount(_num(m[1])), gain=False))
    m = re.fullmatch(r"(~|it) deals that much damage to (any target|each opponent|you|"
                     r"target creature|target player|target opponent|defending player|"
                     r"each other opponent|that creature)", s)  # h12: that creature
    if m and refs.r.event in _DAMAGE_EVENTS and (m[1] == "~" or refs.r.it == _SELF):
        who = Who("any_target") if m[2] == "any target" else (refs.player(m[2]) or refs.obj(m[2]))
        return None if who is None else (DamageEffect(who, Amount(1, "damage_dealt")),)
    m = re.fullmatch(r"put that many \+1/\+1 counters on (.+)", s)
    if m and refs.r.event in _DAMAGE_EVENTS:
        who = refs.obj(m[1])
        return None if who is None else (Counters(who, "+1/+1", Amount(1, "damage_dealt")),)
    m = re.fullmatch(rf"(.+?) gets? (?:an additional|{_COUNT}) poison counters?", s)  # h12: "an additional"
    if m:
        who = refs.player(m[1])
        return None if who is None else (PoisonEffect(who, Amount(_count(m[2] or "one"))),)
    m = re.fullmatch(r"sacrifice (a|an|one|two|\d+) (creatures?|permanents?)", s)
    if m:  # imperative: the ability's controller sacrifices (Drinker of Sorrow, 701.21a)
        return (Sacrifice(Who("you"), Amount(_count(m[1])), creature=m[2].startswith("creature")),)
    m = re.fullmatch(r"sacrifice another creature( or (?:an )?artifact)?", s)
    if m:  # you sacrifice a creature (or artifact) of your choice other than the source (701.21)
        return (Sacrifice(Who("you"), Amount(1), creature=True, other=True,
                          or_artifact=bool(m[1])),)
    m = re.fullmatch(r"(.+?) loses? half (?:their|your|his or her) life, rounded up", s)
    if m:
        who = refs.player(m[1])
        return None if who is None else (LifeEffect(who, Amount(1, "half_life"), gain=False),)
    m = re.fullmatch(r"(.+?) sacrifices? that many (creatures|permanents)(?: of their choice)?", s)
    if m and refs.r.event in _DAMAGE_EVENTS:  # h2: Phyrexian Obliterator (701.21a)
        who = refs.player(m[1])
        if who is not None and who.kind != "you":
            return (Sacrifice(who, Amount(1, "damage_dealt"), creature=m[2] == "creatures"),)
    m = re.fullmatch(r"(.+?) sacrifices? (a|an|one|two|\d+) (creatures?|permanents?)"
                     r"(?: of their choice)?", s)
    if m:
        who = refs.player(m[1])
        if who is None or who.kind == "you":
            return None
        return (Sacrifice(who, Amount(_count(m[2])), creature=m[3].startswith("creature")),)
    m = re.fullmatch(r"create (a|an|one|two|three|four|\d+) (?:(tapped) )?(\d+)/(\d+) "
                     r"((?:(?:white|blue|black|red|green|colorless)(?:, | and )?)+) "
                     r"((?:[A-Z][\w'-]* )+)(artifact )?creature tokens?"
                     rf"(?: with {_KWS})?(?: (?:that's|that are) (tapped and attacking|attacking))?",
                     s)
    if m:
        colors = tuple(_COLORS[c] for c in re.split(r", | and ", m[5]) if c in _COLORS)
        return (CreateTokens(Amount(_count(m[1])), int(m[3]), int(m[4]), tuple(m[6].split()),
                             colors, _keywords(m[8]) if m[8] else (),
                             attacking=bool(m[9]), tapped=bool(m[2]) or bool(m[9]),
                             artifact=bool(m[7])),)
    got_board = board_effects.read_clause(s, refs)  # h3: effects that change the battlefield
    if got_board is not None:
        return got_board
    got_tokens = token_clause(s)  # h7: tokens with rules text, several tokens (tokens.py)
    if got_tokens is not None:
        return got_tokens
    got_action = actions.read_clause(s, refs, lambda x: _sentence(x, refs, dies_self))  # h9: keyword actions
    if got_action is not None:
        return got_action
    got_entry = entry_clause(s, refs, dies_self)  # h8: permanents from card data (entries.py)
    if got_entry is not None:
        return got_entry
    got_creature = creature_clause(s, refs, lambda x: _sentence(x, refs, dies_self))  # h15: creatures.py
    if got_creature is not None:
        return got_creature
    return (_players.read_clause(s, refs, lambda x: _sentence(x, refs, dies_self))  # h16
            or hidden_zones.read_clause(s, refs, dies_self)  # h24: hidden_zones.py
            or zone_moves.read_last(s, lambda x: _sentence(x, refs, dies_self))  # h37: verbs
            or more_control.read_clause(s, refs, lambda x: _sentence(x, refs, dies_self)))  # h39


def _sentence(s: str, refs: _Refs, dies_self: bool) -> tuple[Effect, ...] | None:
    """One effect sentence: one clause, or clauses joined by "and" / ", then"."""
    s = s.strip().rstrip(".").strip()
    got = _clause(s, refs, dies_self)
    if got is not None:
        return got
    got = _players.x_clause(s, lambda x: _sentence(x, refs, dies_self))  # h16: X of {X}
    if got is not None:
        return got
    if s.startswith("if ") or " if " in s or " unless " in s:
        # a condition checked on resolution (608.2c; conditions.py): its scope is the whole
        # sentence, so a sentence with "if" or "unless" is never split below
        got_if = if_effects(s, lambda part: _sentence(part, refs, dies_self),
                            defending=refs.player("defending player") == Who("defending_player"),
                            it_is_source=refs.r.it == _SELF,
                            it_is_trigger=refs.r.it == _TRIGGER_WHO,
                            that_is_trigger=refs.r.that_creature == _TRIGGER_WHO)
        if got_if is not None:
            return got_if
        return (_players.if_clause(s, refs, lambda x: _sentence(x, refs, dies_self))  # h16
                or if_tests.unless_sacrifice(s, lambda x: _sentence(x, refs, dies_self)))  # h25
    for sep in (", then ", " and "):
        parts = s.split(sep)
        for k in range(1, len(parts)):
            left, right = sep.join(parts[:k]), sep.join(parts[k:])
            a = _sentence(left, refs, dies_self)
            if a is None:
                continue
            b = _sentence(right, refs, dies_self)
            if b is None and left.startswith("you ") and not right.startswith("you "):
                b = _sentence("you " + right, refs, dies_self)  # "you draw a card and lose 1 life"
            if b is not None:
                return a + b
    return if_more.shared(s, lambda x: _sentence(x, refs, dies_self))  # h35: "it gets A and can't B"


def _if_may(sent: str, refs: _Refs, dies_self: bool) -> tuple[Effect, ...] | None:
    """h25: :func:`redzone.models.triggers.if_tests.if_may` with this ability's readers."""
    if not sent.startswith("if ") or ", you may " not in sent:
        return None
    return if_tests.if_may(sent, lambda x: _sentence(x, refs, dies_self), lambda c: if_test(
        c, defending=refs.player("defending player") == Who("defending_player"),
        it_is_source=refs.r.it == _SELF, it_is_trigger=refs.r.it == _TRIGGER_WHO,
        that_is_trigger=refs.r.that_creature == _TRIGGER_WHO))


def _instead(sent: str, effects: list[Effect], refs: _Refs, dies_self: bool) -> tuple[Effect, ...] | None:
    """h25: :func:`redzone.models.triggers.if_tests.instead` with this ability's readers."""
    def read(x: str, it: Who | None) -> tuple[Effect, ...] | None:
        r = refs if it is None else _Refs(dataclasses.replace(refs.r, it=it, that_creature=it))
        return _sentence(x, r, dies_self)

    def test(c: str) -> IfTest | None:
        return if_test(c, defending=refs.player("defending player") == Who("defending_player"),
                       it_is_source=refs.r.it == _SELF, it_is_trigger=refs.r.it == _TRIGGER_WHO,
                       that_is_trigger=refs.r.that_creature == _TRIGGER_WHO)

    if " instead" not in sent and " also " not in sent:
        return None
    return if_tests.instead(sent, tuple(effects), read, test)


def _joined_value(a: str, b: str) -> str | None:
    """The value tag of two sentences read together ("You may draw a card. If you do,
    discard a card."), or ``None``."""
    j = (a.strip().rstrip(".") + ". " + b.strip()).rstrip(".")
    j = j[len("you may "):] if j.lower().startswith("you may ") else j
    for pattern, tag in _VALUE:
        if "\\." in pattern and re.fullmatch(pattern, j, re.IGNORECASE):
            return tag
    return None


def _effects(rest: str, refs: _Refs, dies_self: bool) -> tuple[tuple[Effect, ...], bool] | None:
    """Every sentence of an effect text, and whether it is optional ("you may"), or
    ``None`` when one sentence isn't understood."""
    rest = rest.strip()
    modal, reading = board_effects.read_modes(rest, lambda x: _effects(x, refs, dies_self))  # h3
    if modal:
        return reading
    whole = (actions.read_whole(rest)  # h9: "tap any number of ... . ~ gets ... tapped this way"
             or _players.read_whole(rest, refs, lambda x: _sentence(x, refs, dies_self))  # h16
             or token_copies.read_whole(rest, refs, lambda x: _sentence(x, refs, dies_self))  # h23
             or hidden_zones.read_whole(rest)  # h24: "reveal cards until ... Put that card ..."
             or control.read_whole(rest, lambda x: _sentence(x, refs, dies_self))  # h26: "choose target X. ..."
             or more_amounts.read_whole(rest, lambda x: _sentence(x, refs, dies_self), lambda c: if_test(
                 c, defending=refs.player("defending player") == Who("defending_player"),
                 it_is_source=refs.r.it == _SELF, it_is_trigger=refs.r.it == _TRIGGER_WHO,
                 that_is_trigger=refs.r.that_creature == _TRIGGER_WHO))  # h36
             or more_control.read_whole(rest, refs)  # h39: "look at the top N cards ... from among them"
             or zone_moves.read_whole(rest, refs, lambda x: _effects(x, refs, dies_self),  # h37
                                      lambda x: _sentence(x, refs, dies_self)))
    if whole is not None:
        return whole
    whole = chance.read(rest, lambda x: _effects(x, refs, dies_self))  # h12: a flip, a roll
    whole = whole or clashes.read(rest, lambda x: _effects(x, refs, dies_self))  # h28: a clash
    if whole is not None:
        return whole
    they = creature_whole(rest, refs, lambda x: _sentence(x, refs, dies_self))  # h15: creatures.py
    if they is not None:
        return they
    optional = False
    may_value = False  # the sentence before was "you may" over a value-only effect
    once_a_turn = False
    effects: list[Effect] = []
    # whole-text value forms spanning sentences ("draw a card. If you do, discard a card")
    sentences = _players.split_sentences(rest)  # h16: a quoted ability stays whole
    i = 0
    while i < len(sentences):
        sent = sentences[i].strip()
        if i + 1 < len(sentences) and _joined_value(sent, sentences[i + 1]) is not None:
            effects.append(ValueOnly(_joined_value(sent, sentences[i + 1]) or ""))
            i += 2
            continue
        if sent[:1].isupper() and not sent.startswith("~"):
            sent = sent[0].lower() + sent[1:]
        if (re.fullmatch(r"(?:it|they|the creature) can't be regenerated\.?", sent) and effects
                and isinstance(effects[-1], Destroy) and not effects[-1].exile):
            i += 1  # no regeneration shield is ever played (701.19): nothing to forbid
            continue
        if (re.fullmatch(r'(?:it|they) (?:has|have) "sacrifice (?:this token|this creature|~): add '
                         r'\{c\}\."\.?', sent, re.IGNORECASE)
                and effects and isinstance(effects[-1], CreateTokens)):
            # an Eldrazi Spawn or Scion's mana ability (605.1a): nobody activates abilities or
            # casts spells in the play of combat, so the token is its creature alone
            i += 1
            continue
        if entries_amend(sent, effects):  # h8: "It's an enchantment." after a return
            i += 1
            continue
        if _players.amend(sent, effects):  # h16: "Ragavan enters tapped and attacking."
            i += 1
            continue
        if i > 0 and more_control.life_for_value(sentences[i - 1], sent, effects):  # h39: "If you do, you lose 1 life"
            i += 1
            continue
        if re.fullmatch(r"this ability triggers only once each turn\.?", sent):
            once_a_turn = True  # how often it resolves matters only for a combat effect
            i += 1
            continue
        if sent.startswith("then "):
            sent = sent[len("then "):]  # "Then ...": the next effect, in order (608.2c)
        if_you_do = (optional and (sent.startswith("if you do, ")
                                   or board_effects.reflexive(sent, effects))  # h3: "When you do"
                     or board_effects.gated(sent, effects)  # h3: "remove a counter. If you do"
                     or moves_gated(sent, effects)  # h13: "return ~ to hand. If you do"
                     or optional and moves_reflexive(sent, effects)  # h13: "sacrifice it. When you do"
                     or optional and control.reflexive(sent, effects)  # h26: "remove two counters. When you do"
                     or optional and more_control.reflexive(sent, effects))  # h39: "sacrifice it. When you do"
        if (not if_you_do and may_value and not optional  # h20: "you may exile a card from
                and reflexive.card_cost(sentences[i - 1], sent, effects)):  # your graveyard. If you do"
            if_you_do = optional = True
        elif (not if_you_do and may_value and not optional and dies_self  # h24: "you may
              and hidden_zones.own_card_cost(sentences[i - 1], sent, effects)):  # exile it. If you do"
            if_you_do = optional = True
        elif not if_you_do and i > 0 and reflexive.anyone_cost(sentences[i - 1], sent, effects):
            if_you_do = True  # h20: "any player may exile a card ... . If a player does, ..."
        if if_you_do:
            sent = sent.split(", ", 1)[1]  # done only if the "you may" was: the same choice
        after_value = not if_you_do and (may_value and sent.startswith(("if you do, ",
                                                                          "when you do, "))
                                         or sent.startswith("when you do, ") and bool(effects)
                                         and all(isinstance(e, ValueOnly) for e in effects))
        if after_value:
            # "you may discard your hand. If you do, draw ...": a value after a value choice
            # (h13: "When you do, ..." too, 603.12)
            sent = sent.split(", ", 1)[1]
        may = sent.startswith("you may ")
        if may:
            sent = sent[len("you may "):]
        sent_refs = refs
        if i > 0 and re.match(r"(?:it|its|they|their) ", sent) and "target" in sentences[i - 1]:
            # h7: "it" may be the target the sentence before chose, not the subject; h9: it is
            # that target when the effects before have one target and no other object
            it_target = actions.the_target(effects, sent)
            if it_target is None:
                return None
            sent_refs = _Refs(dataclasses.replace(refs.r, it=it_target))
        elif i > 0 and (that := actions.that_target(effects, sent, refs)) is not None:
            sent_refs = _Refs(dataclasses.replace(refs.r, that_creature=that))  # h9: Alora
        elif i > 0 and (it := control.it_is_target(sent, effects)) is not None:
            sent_refs = _Refs(dataclasses.replace(refs.r, it=it))  # h26: "... Untap it."
        elif i > 0 and (it := more_amounts.it_created(sent, effects)) is not None:
            sent_refs = _Refs(dataclasses.replace(refs.r, it=it))  # h36: "create a token. It ..."
        if i > 0:  # h16: "those creatures" of the group the sentence before named
            sent = _players.those_of(sent, sentences[i - 1])
        got = (more_control.otherwise(sentences[0], sent, lambda x: _sentence(x, refs, dies_self), refs)
               if i == 1 and sent.startswith("otherwise, ") and not optional else None)
        if got is not None:  # h39: "A if C. Otherwise, B."
            effects[:] = list(got)
            i += 1
            continue
        got = (None if i != 1 or may or if_you_do or optional or after_value  # h25: "E1. If C,
               else _instead(sent, effects, refs, dies_self))  # E2 instead" (if_tests.instead)
        if got is not None:
            effects[:] = list(got)
            i += 1
            continue
        got = (_if_may(sent, refs, dies_self)  # h25: "if C, you may E" (if_tests.if_may)
               if i == 0 and not may and not optional and len(sentences) == 1 else None)
        if got is not None:
            may = True  # the ability's one choice, under its condition
        else:
            got = _sentence(sent, sent_refs, dies_self)
        if got is None:
            return None
        if after_value and not all(isinstance(e, ValueOnly) for e in got):
            return None  # a combat effect hangs on a choice made with hidden cards
        may_value = may and all(isinstance(e, ValueOnly) for e in got)
        if optional and not may and not if_you_do and not all(
                isinstance(e, ValueOnly) for e in got) and not reflexive.of_the_choice(got, effects) \
                and not more_amounts.on_created(got, effects) \
                and not zone_moves.of_the_choice(got, effects) \
                and not more_control.in_reflexive(sentences, i):  # h20; h36: "It gains haste ..."; h37; h39
            return None  # "you may A. B": B is not part of the choice
        if may and not all(isinstance(e, ValueOnly) for e in got):
            # "you may" over a combat effect: the whole ability must be that one choice
            if effects and not all(isinstance(e, ValueOnly) for e in effects):
                return None
            if optional:
                return None
            optional = True
        effects.extend(got)
        i += 1
    # h23: "triggers only once each turn" over combat effects: TriggeredAbility.each_turn_once
    # (parse_triggers), played by token_copies.once_each_turn
    # h14: a target inside a condition of an effect counts too (resolve.targets chooses it)
    listed = [x for e in effects for x in ((e, *e.effects, *e.otherwise)  # h25: otherwise
                                           if isinstance(e, Conditional) else (e,))]
    targets = {w for e in listed if (w := getattr(e, "who", None)) is not None
               and (w.kind.startswith("target") or w.kind == "any_target")}
    if len(targets) > 1:
        return None  # h7: two targets; resolve.py chooses one target per ability
    if not hidden_zones.checked(effects):
        return None  # h24: a zone read after a value moved hidden cards into it
    return _players.checked(board_effects.paid(tuple(effects), optional))  # h3, h16: {X}


# ----------------------------------------------------------------- sentences


def _normalise(sentence: str, names: tuple[str, ...]) -> str:
    s = normalise(sentence, names)
    s = re.sub(r"\bthis (?:creature|permanent)\b", "~", s, flags=re.IGNORECASE)
    return more_effects.object_names(s.strip(), names)  # h14: "put a +1/+1 counter on Mirri"


def parse_triggers(sentence: str, names: tuple[str, ...] = ()) -> tuple[TriggeredAbility, ...]:
    """Every triggered ability of combat ``sentence`` states: one, or two when its condition
    names two events ("Whenever ~ attacks or blocks": one ability for each, which is the same
    in a combat, where a creature attacks or blocks but not both); ``()`` when it isn't read.
    ``names``: the names that refer to the source itself. Never raises."""
    text = sentence.strip()
    s = _normalise(text, names)
    m = _KEYWORD.fullmatch(s.rstrip("."))
    if m:
        got = _keyword(m["word"].lower(), int(m["n"] or 1), text)
        return (got,) if got is not None else ()
    head, sep, rest = s.partition(", ")
    if not sep:
        return ()
    readings = _all_readings(combat_condition(head)) or if_more.first_time(combat_condition(head), _all_readings) or if_more.rephrased(combat_condition(head), _all_readings)  # h35
    if not readings:
        return ()
    out: list[TriggeredAbility] = []
    for r in readings:
        dies_self = (r.event == "dies" or "not_to_hand" in r.watch.extra) and r.watch.kind == "self"
        back = if_more.lookback(rest, r.event, r.it == _SELF, r.it == _TRIGGER_WHO, r.intervening, lambda c: if_test(  # h35: "if it had ..." (603.10a)
            c, defending=False, it_is_source=r.it == _SELF, it_is_trigger=r.it == _TRIGGER_WHO))
        got = _effects(back[1] if back else rest, _Refs(r), dies_self)
        whole = None if got is not None or back else if_more.intervening_whole(rest, r, lambda c: if_test(  # h35: "if C, you may pay ..."
            c, defending=_Refs(r).player("defending player") == Who("defending_player"), it_is_source=r.it == _SELF,
            it_is_trigger=r.it == _TRIGGER_WHO, that_is_trigger=r.that_creature == _TRIGGER_WHO), lambda x: _effects(x, _Refs(r), dies_self))
        if whole is not None:
            back, got = (whole[0], ""), whole[1]
        if got is None:
            return ()
        effects, optional = got
        if not actions.names_ok(effects, names):  # h9: "transform ~" of a card read in full
            return ()
        if (effects := more_amounts.named(effects, names)) is None:  # h36: "named ~"
            return ()
        if not more_amounts.fresh_ok(effects, r.event):  # h36: "that hasn't been chosen this turn"
            return ()
        if not hand_ok(effects):  # h13: a card put from a hand after a draw (moves.py)
            return ()
        effects = if_more.fold_intervening(rest, effects, optional)  # h35: "if C, E1. E2" (603.4)
        intervening = back[0] if back else if_more.intervening(rest, effects, r.intervening, intervening_of)  # "..., if X, ..." (603.4; h35)
        if intervening is False:
            return ()
        out.append(TriggeredAbility(r.event, effects, text, watch=r.watch,
                                    intervening=intervening or None, optional=optional,
                                    once=r.once,
                                    each_turn_once=token_copies.each_turn_once(rest, effects)))  # h23
    return tuple(out)


def parse_trigger(sentence: str, names: tuple[str, ...] = ()) -> TriggeredAbility | None:
    """The triggered ability of combat ``sentence`` states (a keyword such as "Bushido 1",
    or "Whenever ~ attacks, ..."), or ``None`` when it isn't one this module reads — or
    when it reads as two (:func:`parse_triggers`: "attacks or blocks"). ``names``: the
    names that refer to the source itself. Never raises."""
    got = parse_triggers(sentence, names)
    return got[0] if len(got) == 1 else None


def unread_part(sentence: str, names: tuple[str, ...] = ()) -> str | None:
    """What of ``sentence`` :func:`parse_triggers` doesn't read, for coverage reports:
    ``"keyword: persist"``, ``"condition: Whenever ~ attacks for the first time each
    turn"`` or ``"effect: <the first effect sentence not read>"`` (numbers as ``N``, the
    source as ``~``); ``"effect: (together)"`` when each sentence reads alone but not
    together ("you may A. B"); ``None`` when it is read."""
    if parse_triggers(sentence, names):
        return None
    s = _normalise(sentence.strip(), names)
    head, sep, rest = s.partition(", ")
    if not sep:
        return "keyword: " + re.sub(r"\d+", "N", s.rstrip(".").lower())
    readings = _all_readings(combat_condition(head)) or if_more.first_time(combat_condition(head), _all_readings) or if_more.rephrased(combat_condition(head), _all_readings)  # h35
    if not readings:
        return "condition: " + re.sub(r"\d+", "N", combat_condition(head))
    for r in readings:
        refs = _Refs(r)
        dies_self = (r.event == "dies" or "not_to_hand" in r.watch.extra) and r.watch.kind == "self"
        for sent in _players.split_sentences(rest.strip()):
            t = sent.strip()
            if t[:1].isupper() and not t.startswith("~"):
                t = t[0].lower() + t[1:]
            for lead in ("then ", "if you do, ", "you may "):
                t = t.removeprefix(lead)
            if (_sentence(t, refs, dies_self) is None
                    and not re.fullmatch(r"this ability triggers only once each turn\.?", t)):
                return "effect: " + re.sub(r"\d+", "N", t.rstrip("."))
    if re.search(r"\b(?:transform|transformed|convert|converted)\b", rest) and not actions.transformable(names):  # h9, h23
        return "effect: transform (the back face is not a creature read in full)"
    return "effect: (together)"


@lru_cache(maxsize=16384)
def is_read(sentence: str, names: tuple[str, ...] = ()) -> bool:
    """Whether :func:`parse_triggers` reads ``sentence`` (so the play of combat plays it).
    Cached."""
    return bool(parse_triggers(sentence, names))


@lru_cache(maxsize=8192)
def read_triggers(sentences: tuple[str, ...], names: tuple[str, ...]) -> tuple[TriggeredAbility, ...]:
    """The triggered abilities of combat read from ``sentences`` (those the static parser
    set aside), in text order; sentences not read are left out (the caller lists them as
    not played). Cached: boards share parsed texts."""
    out: list[TriggeredAbility] = []
    for _, sentence in board_effects.join_modes(sentences):  # h3: a modal trigger's modes
        out.extend(parse_triggers(sentence, names))
    return tuple(out)


def triggers_of(parsed: ParsedText, names: tuple[str, ...]) -> tuple[TriggeredAbility, ...]:
    """The triggered abilities of combat of a permanent whose parsed text is ``parsed`` and
    whose names are ``names`` (:func:`read_triggers` over ``parsed.ignored``)."""
    if not parsed.ignored:
        return ()
    return read_triggers(tuple(parsed.ignored), names)
