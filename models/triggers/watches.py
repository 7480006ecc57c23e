"""More trigger conditions of combat: a grammar of who is watched and of which event (CR
603.2; docs/triggers.md, "Trigger conditions").

:mod:`redzone.models.triggers.parse` reads the common conditions ("Whenever ~ attacks",
"Whenever another creature you control dies"); this module reads, when that fails, the
conditions built from

- a **subject**: ``~``; ``~ or another ...``; ``a/an/another/one or more [other]`` +
  adjectives (nontoken, colourless, multicoloured, a colour, ``non-<type>``, legendary,
  attacking, blocking, equipped, modified) + one or more nouns joined by "or", "and/or"
  (creature, creature token, token, artifact, enchantment, land, planeswalker, permanent, a
  creature type, an artifact or enchantment subtype such as Vehicle, Food, Aura) + "with"
  (a keyword, power N or greater, a counter / counters / a <kind> counter on it) +
  controller (you control, an opponent controls, your opponents control, you don't
  control) + "that's enchanted or equipped" + "dealt damage by ~ this turn";
- an **event**: dies / is put into a (your, an opponent's) graveyard from the battlefield
  (700.4: any permanent, not only a creature), leaves the battlefield; attacks [a player,
  you, you or a planeswalker you control, one of your opponents [or a planeswalker an
  opponent controls], a battle, the player with the most life or tied for most life]
  [while you control ...]; deals combat damage to [a player or planeswalker, a player or
  battle, one of your opponents, an opponent, you, defending player]; "you attack with
  one or more ..." and "you attack a player [with one or more ...]"; "~ and at least N
  other creatures attack"; "~ blocks / becomes blocked by [one or more] <creatures>"; "a
  source [an opponent controls] deals damage to ~" (``dealt_damage_by``, once per source).

What the words add to a :class:`Watch` beyond its fields is a tuple of tags,
``Watch.extra``, checked by :func:`holds` as the event happens:

- ``"permanent"``: a noncreature permanent's event counts too (an artifact put into a
  graveyard: Disciple of the Vault; an Aura put there by 704.5m);
- ``"counter"`` / ``"counter:<kind>"``: it has a counter (of that kind) on it, as the
  game state has them (wither's -1/-1 counters too), as it last existed (603.10a);
- ``"owner:you"`` / ``"owner:opponent"``: "put into your (an opponent's) graveyard": its
  owner (400.3);
- ``"at:<target>"``: what an attacking creature attacks (508.1b; the ``attacked`` of the
  attack event): ``player``, ``you``, ``you_or_yours``, ``opponent``, ``opponent_or_theirs``,
  ``battle``, ``most_life``;
- ``"to:<recipient>"``: who was dealt combat damage (the ``combat_damage_to`` event, one per
  recipient, 603.2c): ``player``, ``planeswalker``, ``battle``, ``you``, ``opponent``;
- ``"damaged_by_source"``: the creature was dealt damage by the ability's source this
  turn — in the play, by combat damage, a fight or a triggered ability
  (``GameState.damaged_by``, :func:`record_damage`); damage marked before the play has no
  known source and is taken as not the source's (:func:`warnings` says so).

Not read here (left unread, never guessed): "for the first time each turn" (h35 reads the
source's own "attacks for the first time each turn": :mod:`redzone.models.triggers.if_more`), haunt ("the creature it haunts": the haunting card is in exile, not in a scenario),
"a source you control deals damage to you" (in combat only
a triggered ability of yours does, and its damage triggers no damage event in the play),
"a player attacks ...", "an opponent attacks you", "historic", mana value, "power or
toughness N or less". Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from redzone.models.abilities import KEYWORDS
from redzone.models.ability_base import Quality
from redzone.models.parser.vocabulary import CREATURE_TYPES, singular
from redzone.models.triggers.types import Event, IfTest, Intervening, Watch, Who

if TYPE_CHECKING:
    from redzone.models.battlefield import Board, Permanent
    from redzone.models.game_state import GameState
    from redzone.models.outcome import DealtDamage
    from redzone.models.triggers.parse import _Reading
    from redzone.models.triggers.types import TriggeredAbility

__all__ = ["attackers_matching", "combat_damage_to", "dealt_damage_by", "holds", "readings", "record_damage", "warnings",
           "watches_permanents", "you_control"]

_SELF = Who("source")
_TRIGGER = Who("trigger")
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_KEYWORDS = tuple(k for k in KEYWORDS if k != "banding")
"""Keywords a creature is asked for ("a creature with shadow"): those the parser reads as
:class:`Keyword` (toxic, flash ... are not, so "with toxic" is not read)."""
_NONCREATURE_SUBTYPES = {"Vehicle": "Artifact", "Food": "Artifact", "Clue": "Artifact",
                         "Treasure": "Artifact", "Equipment": "Artifact", "Aura": "Enchantment",
                         "Blood": "Artifact", "Map": "Artifact",
                         "Curse": "Enchantment"}  # h12: Curse
_CARD_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment",
               "land": "Land", "planeswalker": "Planeswalker", "battle": "Battle"}
_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


# ====================================================================== subjects


@dataclass
class _Subject:
    """What the subject words say: who is watched, and what "it" can name."""

    kind: str = "creatures"          # "self" or "creatures"
    controller: str = "any"
    other: bool = False
    qualities: tuple[Quality, ...] = ()
    nontoken: bool = False
    attacking: bool = False
    blocking: bool = False
    extra: list[str] = field(default_factory=list)
    once: bool = False
    creatures_only: bool = True
    """Every noun names a creature ("it" is a creature)."""
    or_self: bool = False
    """"~ or another ...": the source's own event too, whatever its qualities."""


def _noun(word: str) -> tuple[dict[str, Any], bool] | None:
    """One noun of a subject -> (Quality fields, whether it is a creature), or ``None``."""
    w = word.strip()
    low = w.lower()
    plural_low = low[:-1] if low.endswith("s") and low[:-1] in _CARD_TYPES else low
    if plural_low in _CARD_TYPES:
        t = _CARD_TYPES[plural_low]
        return ({"types": (t,)} if t != "Creature" else {}), t == "Creature"
    if low in ("permanent", "permanents"):
        return {}, False
    if low == "source":  # only creatures deal combat damage (510.1)
        return {}, True
    if low in ("commander", "commanders"):  # tagged "commander" by _subject (903.3)
        return {}, True
    if low in ("outlaw", "outlaws"):  # h12: an Assassin, Mercenary, Pirate, Rogue or Warlock
        return {"subtypes": ("Assassin", "Mercenary", "Pirate", "Rogue", "Warlock")}, True
    if low in ("token", "tokens"):
        return {"token": True}, False
    if low in ("creature token", "creature tokens"):
        return {"token": True}, True
    m = re.fullmatch(r"([A-Z][\w'-]*)(?: (creatures?))?", w)
    if not m:
        return None
    name = m[1]
    if name == "Heroes":  # h12: "-oes" plural
        name = "Hero"
    if name not in CREATURE_TYPES and name not in _NONCREATURE_SUBTYPES:
        one = singular(name)
        if one is None or (one not in CREATURE_TYPES and one not in _NONCREATURE_SUBTYPES):
            return None
        name = one
    if name in _NONCREATURE_SUBTYPES:
        if m[2]:
            return None
        return {"subtypes": (name,), "types": (_NONCREATURE_SUBTYPES[name],)}, False
    return {"subtypes": (name,)}, True


_ADJ = (r"(?:nontoken|token|colorless|multicolored|monocolored|legendary|attacking|blocking|"
        r"equipped|modified|white|blue|black|red|green|non-?[A-Z][\w'-]*|non(?:white|blue|"
        r"black|red|green|artifact|land)|"
        r"renowned|historic|enchanted|goaded)")  # h12: the last four
_CTL = {" you control": "you", " an opponent controls": "opponents",
        " your opponents control": "opponents", " you don't control": "opponents"}


def _with(words: str, fields: dict[str, Any], extra: list[str]) -> bool:
    """Read "with ..." words into Quality ``fields`` / ``extra`` tags; ``False`` if not
    understood."""
    w = words
    m = re.fullmatch(r"power (\d+) or greater", w)
    if m:
        fields["power_at_least"] = int(m[1])
        return True
    m = re.fullmatch(r"toughness (\d+) or greater", w)
    if m:
        fields["toughness_at_least"] = int(m[1])
        return True
    if w in ("a counter on it", "counters on them", "one or more counters on it",
             "counters on it"):
        extra.append("counter")
        return True
    m = re.fullmatch(r"(?:a|an) ([+-]\d+/[+-]\d+|[a-z]+) counter on it", w)
    if m:
        extra.append("counter:" + m[1])
        return True
    m = re.fullmatch(r"([+-]\d+/[+-]\d+|[a-z]+) counters on them", w)
    if m:
        extra.append("counter:" + m[1])
        return True
    if w in _KEYWORDS:
        fields["keywords"] = (w,)
        return True
    return _with_more(w, fields, extra)  # h12


def _with_more(w: str, fields: dict[str, Any], extra: list[str]) -> bool:
    """h12: more "with ..." words — "power 2 or less", "toughness 2 or less", "power or
    toughness 1 or less", "mana value 4 or greater / 3 or less", "power equal to its
    toughness", "flying and/or haste" (one of the keywords), "a legendary Equipment attached
    to it" — into Quality ``fields`` or ``extra`` tags (checked by :func:`holds`)."""
    m = re.fullmatch(r"(power|toughness) (\d+) or less", w)
    if m:
        fields[m[1] + "_at_most"] = int(m[2])
        return True
    m = re.fullmatch(r"power or toughness (\d+) or less", w)
    if m:
        extra.append("pt_at_most:" + m[1])
        return True
    m = re.fullmatch(r"mana value (\d+) or (greater|less)", w)
    if m:
        extra.append(("mv_at_least:" if m[2] == "greater" else "mv_at_most:") + m[1])
        return True
    if w == "power equal to its toughness":
        extra.append("power_is_toughness")
        return True
    m = re.fullmatch(r"(\w[\w ]*?) (?:and/or|or) (\w[\w ]*)", w)
    if m and m[1] in _KEYWORDS and m[2] in _KEYWORDS:
        fields["keywords"] = (m[1], m[2])
        return True
    if w == "toxic":  # Toxic N (702.164), its own or granted
        extra.append("toxic")
        return True
    if w == "a legendary Equipment attached to it":
        extra.append("legendary_equipment")
        return True
    return False


def _subject(text: str) -> _Subject | None:
    """The subject words of a condition ("another creature or artifact you control",
    "a creature you control with a counter on it"), or ``None``."""
    s = text.strip()
    if s == "~":
        return _Subject(kind="self")
    got = _Subject()
    if s == "your commander":  # a commander you own (903.3)
        return _Subject(controller="any", extra=["commander", "owner:you"])
    if s.startswith("~ or another "):
        s = "another " + s[len("~ or another "):]
        include_self = True
    else:
        include_self = False
    # h12: "another creature you control or a land you control": one subject
    mo = re.fullmatch(r"another (\w+) you control or an? (\w+) you control", s)
    if mo:
        s = f"another {mo[1]} or {mo[2]} you control"
    if s == "a creature it's paired with":  # h12: soulbond (702.95)
        return _Subject(other=True, extra=["paired_with_source"])
    if s == "an enchanted creature or enchantment creature you control":  # h12 (Kestia)
        return _Subject(controller="you", qualities=(Quality(enchanted=True),
                                                     Quality(types=("Enchantment",))))
    if s.endswith(" that are enchanted by an Aura you control"):  # h12 (Killian)
        inner = _subject(s[:-len(" that are enchanted by an Aura you control")])
        if inner is None or inner.kind == "self":
            return None
        inner.extra.append("enchanted_by_yours")
        return inner
    mo = re.fullmatch(r"(?:a|an) (.+) other than ~", s)
    if mo:  # h12: "a legendary permanent other than ~"
        s = "another " + mo[1]
    other_extra: list[str] = []
    mo = re.fullmatch(r"(a|an|another|one or more other|one or more) ((?:\w+ )*?)attacking or "
                      r"blocking (.+)", s)
    if mo:  # h12: "a goaded attacking or blocking creature": in combat either way
        s = f"{mo[1]} {mo[2]}{mo[3]}"
        other_extra.append("attacking_or_blocking")
    m = re.match(r"(a|an|another|one or more other|one or more) ", s)
    if not m:
        return None
    det = m[1]
    s = s[m.end():]
    got.other = det in ("another", "one or more other") and not include_self
    got.once = det.startswith("one or more")
    adjs: list[str] = []
    fields: dict[str, Any] = {}
    m = re.match(r"((?:white|blue|black|red|green)(?:(?:, or |, | or | and/or )(?:white|blue|"
                 r"black|red|green))+) ", s)
    if m:  # "a green or white creature", "one or more blue and/or black creatures"
        fields["colors"] = tuple(_COLORS[c] for c in re.split(r", or |, | or | and/or ", m[1]))
        s = s[m.end():]
    m = re.match(r"(artifact|enchantment|land) (?=creatures?\b)", s)
    if m:  # "a land creature you control", "artifact creatures"
        fields["types"] = (_CARD_TYPES[m[1]],)
        s = s[m.end():]
    while True:
        m = re.match(_ADJ + " ", s)
        if not m or re.match(r"(?:you|an opponent|your opponents|with|other than|that)\b",
                             s[m.end():]):
            break  # "a token you control": the adjective is the noun
        adjs.append(m[0].strip())
        s = s[m.end():]
    # tails, from the right: "dealt damage by ~ this turn", "that's enchanted or equipped",
    # "with ...", controller, "with ..."
    extra: list[str] = list(other_extra)
    m = re.search(r" without (" + "|".join(_KEYWORDS) + r")$", s)
    if m:
        fields["without_keywords"] = (m[1],)
        s = s[:m.start()]
    if s.endswith(" dealt damage by ~ this turn"):
        extra.append("damaged_by_source")
        s = s[:-len(" dealt damage by ~ this turn")]
    if s.endswith(" owned by another player"):
        extra.append("owner:opponent")
        s = s[:-len(" owned by another player")]
    if s.endswith(" blocking ~"):  # "a creature blocking ~ dies" (509.1g; 603.10a)
        extra.append("blocking_source")
        s = s[:-len(" blocking ~")]
    if s.endswith(" that's enchanted or equipped"):
        fields["enchanted_or_equipped"] = True
        s = s[:-len(" that's enchanted or equipped")]
    m = re.search(r" with (.+)$", s)
    if m and not re.search(r" (?:you|an opponent|your opponents) (?:control|controls|don't "
                           r"control)", m[1]):
        if not _with(m[1], fields, extra):
            return None
        s = s[:m.start()]
    if s.endswith(" you own but don't control"):
        got.controller = "opponents"
        extra.append("owner:you")
        s = s[:-len(" you own but don't control")]
    elif s.endswith(" you control but don't own"):
        got.controller = "you"
        extra.append("owner:opponent")
        s = s[:-len(" you control but don't own")]
    elif s.endswith(" you own"):
        extra.append("owner:you")
        s = s[:-len(" you own")]
    for words, ctl in _CTL.items():
        if s.endswith(words):
            got.controller = ctl
            s = s[:-len(words)]
            break
    m = re.search(r" with (.+)$", s)
    if m:
        if not _with(m[1], fields, extra):
            return None
        s = s[:m.start()]
    nouns = [n for n in re.split(r", or |, and/or |, | or | and/or ", s) if n]
    if not nouns:
        return None
    for a in adjs:
        if a == "nontoken":
            got.nontoken = True
        elif a == "token":
            fields["token"] = True
        elif a in ("colorless", "multicolored", "monocolored"):
            fields["color_count"] = a
        elif a in _COLORS:
            if "colors" in fields:
                return None
            fields["colors"] = (_COLORS[a],)
        elif a == "legendary":
            fields["supertypes"] = ("Legendary",)
        elif a == "attacking":
            got.attacking = True
        elif a == "blocking":
            got.blocking = True
        elif a == "equipped":
            fields["equipped"] = True
        elif a == "modified":
            fields["modified"] = True
        elif a == "enchanted":  # h12: an Aura is attached to it (303.4)
            fields["enchanted"] = True
        elif a in ("renowned", "historic", "goaded"):  # h12: tags checked by holds
            extra.append(a)
        elif a in ("nonartifact", "nonland"):  # h12: not that card type
            extra.append("not:" + a[3:].capitalize())
        else:  # non-<colour>, non-<type>
            word = re.sub(r"^non-?", "", a)
            if word in _COLORS:
                fields["exclude_colors"] = (_COLORS[word],)
            elif word in CREATURE_TYPES:
                fields["exclude_subtypes"] = (word,)
            else:
                return None  # nonland, nonartifact: no such filter of a Quality
    if [n.lower() for n in nouns] in (["commander"], ["commanders"]):
        extra.append("commander")  # its owner's commander (903.3): the scenario's flag
    quals: list[Quality] = []
    for n in nouns:
        got_noun = _noun(n)
        if got_noun is None:
            return None
        own, creature = got_noun
        if not creature:
            got.creatures_only = False
        merged = dict(fields)
        for k, v in own.items():
            if k in merged and merged[k] != v:
                return None
            merged[k] = v
        if not creature and len(nouns) > 1 and "types" not in own and "token" not in own:
            return None
        if creature and len(nouns) > 1:
            merged.setdefault("types", ("Creature",))
        quals.append(Quality(**merged))
    if all(q == Quality() for q in quals):
        quals = []
    got.qualities = tuple(quals)
    got.extra = extra
    if not got.creatures_only:
        got.extra.append("permanent")
    if include_self:
        # "~ or another creature you control with power 5 or greater": the words after
        # "another" describe only the other creature (Mycoid Shepherd's own death counts
        # whatever its power): the source's event is read as a second ability
        got.or_self = True
        got.other = True
        got.once = False
    return got


# ====================================================================== events

_DIES = re.compile(r"(?:dies|die|(?:is|are) put into (?P<whose>a|your|an opponent's) "
                   r"graveyards? from the battlefield)")
_LEAVES = re.compile(r"leaves? the battlefield")
_ATTACK_AT = {
    "": None, " a player": "player", " you": "you",
    " you or a planeswalker you control": "you_or_yours",
    " one of your opponents": "opponent",
    " one or more of your opponents": "opponent",
    " one of your opponents or a planeswalker an opponent controls": "opponent_or_theirs",
    " a battle": "battle",
    " an opponent": "opponent",  # h12
    " a player who has more life than you": "more_life",  # h12
    " the player with the most life or tied for most life": "most_life",
}
_DAMAGE_TO: dict[str, tuple[str, ...]] = {
    "a player or planeswalker": ("player", "planeswalker"),
    "a player or battle": ("player", "battle"),
    "one of your opponents": ("opponent",),
    "one or more of your opponents": ("opponent",),
    "an opponent": ("opponent",),
    "your opponents": ("opponent",),  # h12
    "a planeswalker": ("planeswalker",),  # h12
    "you": ("you",),
    "defending player": ("player",),  # only an attacker deals combat damage to a player
}


def _while(words: str) -> Intervening | None:
    """ "while you control a creature with power 4 or greater", "... two or more
    artifacts", "... a Dinosaur", "... a token" -> an intervening "if" (603.4), else
    ``None``."""
    m = re.fullmatch(r"while you control (a|an|one|two|three|four|five) (?:or more )?(.+)", words)
    if not m:
        return None
    n = _WORDS[m[1]]
    sub = _subject("a " + m[2])
    if sub is None or sub.extra and sub.extra != ["permanent"] or sub.nontoken or sub.attacking \
            or sub.blocking or len(sub.qualities) > 1:
        return None
    quality = sub.qualities[0] if sub.qualities else Quality()
    return Intervening("you_control", n=n, quality=quality)


def _count_quality(words: str) -> Quality | None:
    """The one quality of counted creatures ("Spiders", "creatures with flying", "other
    Warriors" without "other"), or ``None``."""
    sub = _subject("one or more " + words)
    if (sub is None or sub.kind == "self" or sub.extra or not sub.creatures_only
            or sub.controller != "any" or sub.nontoken or sub.attacking or sub.blocking
            or len(sub.qualities) > 1):
        return None
    return sub.qualities[0] if sub.qualities else Quality()


def _events_more(body: str) -> tuple[str, list[tuple[Event, tuple[str, ...], Intervening | None]]] | None:
    """h12: more events after a subject — "blocks" ("a creature you control with defender
    blocks"), "blocks two or more creatures" (509.1a), "is dealt damage" ("a creature it's
    paired with"), "deals combat damage to its owner" (to a player who owns it) — as
    (subject words, events), or ``None``."""
    mm = re.fullmatch(r"(.+?) blocks? (two|three|four) or more creatures", body)
    if mm:
        return mm[1], [("blocks", (f"blocked_at_least:{_WORDS[mm[2]]}",), None)]
    mm = re.fullmatch(r"(.+?) blocks?", body)
    if mm:
        return mm[1], [("blocks", (), None)]
    mm = re.fullmatch(r"(.+?) (?:is|are) dealt damage", body)
    if mm:  # a creature dealt damage (combat damage, a fight's): once per creature per step
        return mm[1], [("dealt_damage", (), None)]
    mm = re.fullmatch(r"(.+?) deals? combat damage to its owner", body)
    if mm:
        return mm[1], [("combat_damage_to", ("to:player", "owner_dealt"), None)]
    return None


def _deals_damage_to(head: str) -> list[_Reading] | None:
    """h12: "Whenever ~ deals damage to a Dinosaur / a Goblin or Orc / one or more creatures
    / a creature or opponent": the ``deals_damage_to`` event (combat damage or a fight's,
    once per creature dealt damage, 510.2, 701.14; "one or more": once per moment, 603.2c)
    with the creature dealt damage as its other object ("that creature"); "or opponent":
    combat damage to an opponent too (``combat_damage_to``)."""
    from redzone.models.triggers.parse import _Reading

    m = re.fullmatch(r"(?:When|Whenever) ~ deals? damage to (an?|one or more) (.+?)"
                     r"( or opponent)?", head)
    if not m:
        return None
    words = m[2]
    if words in ("creature", "creatures"):
        quals: tuple[Quality, ...] = ()
    else:
        kinds = [singular(k) or k if m[1] == "one or more" else k for k in words.split(" or ")]
        if any(k not in CREATURE_TYPES or k in _NONCREATURE_SUBTYPES for k in kinds):
            return None
        quals = (Quality(subtypes=tuple(kinds)),)
    once = m[1] == "one or more"
    out = [_Reading("deals_damage_to", Watch(qualities=quals), once=once,
                    that_creature=None if once else Who("damaged"))]
    if m[3]:
        if once:
            return None
        out.append(_Reading("combat_damage_to", Watch(extra=("to:opponent",)),
                            that_player=Who("damaged_player")))
    return out


_PLAYER_ATTACKS = re.compile(
    r"(?:When|Whenever) (?P<who>a player|an opponent|another player) attacks"
    r"(?P<at>| you| one of your opponents| one or more of your opponents| another one of your "
    r"opponents)(?: with (?P<n>creatures|one or more creatures|(?:two|three|four|five) or more "
    r"creatures))?")


def _player_attacks(head: str) -> list[_Reading] | None:
    """h12: "Whenever a player / an opponent / another player attacks [you / one of your
    opponents ...] [with N or more creatures]" and "Whenever two or more creatures your
    opponents control attack": once, when that player declares attackers (508.1, 603.2c: one
    event however many creatures attack) — in the play, the active player; with a count,
    only when at least that many of their creatures attack (the place named). "That player"
    / "they": the attacking player."""
    from redzone.models.triggers.parse import _Reading

    m = _PLAYER_ATTACKS.fullmatch(head)
    if m:
        ctl = "any" if m["who"] == "a player" else "opponents"
        at = {"": None, " you": "you"}.get(m["at"], "opponent")
        n = m["n"] or ""
        count = _WORDS.get(n.split()[0], 1) if n.endswith("or more creatures") else 1
    else:
        m = re.fullmatch(r"(?:When|Whenever) (two|three|four|five) or more creatures "
                         r"(you control|your opponents control) attack", head)
        if not m:
            return None
        ctl = "you" if m[2] == "you control" else "opponents"
        at, count = None, _WORDS[m[1]]
    extra = ((f"at:{at}",) if at else ()) + (
        (f"attacking_at_least:{count}:{at or 'any'}",) if count > 1 else ())
    return [_Reading("attacks", Watch("creatures", ctl, extra=extra), once=True, it=None,  # type: ignore[arg-type]
                     that_player=Who("trigger_controller"))]


def _two_conditions(head: str) -> list[_Reading] | None:
    """h12: one condition naming two events joined by "or" ("Whenever ~ deals combat damage to
    a player or dies", "When ~ dies or another artifact you control is put into a graveyard
    from the battlefield", "an attacking creature you control or a blocking creature an
    opponent controls dies"): one ability for each, when each part reads alone and no event
    can meet both (different events, or the same event of creatures of different
    controllers)."""
    m = re.fullmatch(r"(When|Whenever) (.+)", head)
    if not m or " or " not in m[2]:
        return None
    from redzone.models.triggers.parse import _all_readings

    body = m[2]
    for k in [i for i in range(len(body)) if body.startswith(" or ", i)]:
        left, right = body[:k], body[k + 4:]
        first = _all_readings(f"{m[1]} {left}")
        if not first:
            continue
        second = _all_readings(f"{m[1]} {right}")
        if not second and left.startswith("~ or "):
            # h21: the subject is all of "~ or another nontoken Spirit you control", not "~"
            # (Millicent: "... dies or deals combat damage to a player")
            subj, _, verb = left.rpartition(" ")
            if verb in ("dies", "attacks", "blocks"):
                second = _all_readings(f"{m[1]} {subj} {right}")
        elif not second and left.startswith("~ "):
            second = _all_readings(f"{m[1]} ~ {right}")  # "~ attacks or dies"
        if not second:
            continue
        same = {r.event for r in first} & {r.event for r in second}
        if same and not _apart(first + second):
            return None
        return first + second
    m2 = re.fullmatch(r"(.+?) or (an? .+?)( dies| attacks| is dealt damage)", body)
    if m2:  # "an attacking creature you control or a blocking creature an opponent controls dies"
        first = _all_readings(f"{m[1]} {m2[1]}{m2[3]}")
        second = _all_readings(f"{m[1]} {m2[2]}{m2[3]}")
        if first and second and _apart(first + second):
            return first + second
    return None


def _apart(rs: list[Any]) -> bool:
    """h12: no creature's event can trigger two of the readings ``rs`` of one ability (same
    event): creatures of different controllers, or the source and "another" creature."""
    kinds = {r.watch.kind for r in rs}
    if kinds == {"creatures"}:
        return {r.watch.controller for r in rs} == {"you", "opponents"}
    if kinds == {"self", "creatures"} and len(rs) == 2:
        return all(r.watch.other for r in rs if r.watch.kind == "creatures")
    return False


def readings(head: str) -> list[_Reading] | None:
    """The readings of a trigger condition this module understands (module docstring), or
    ``None``. ``head``: the condition, normalised (the source is ``~``)."""
    from redzone.models.triggers.parse import _Reading

    if head == "Whenever combat damage is dealt to you":
        # h21 (Risona): combat damage is dealt only by creatures (510.1), all of a step's at
        # once (510.2): one event per step in which some is dealt to you
        head = "Whenever one or more creatures deal combat damage to you"
    got = _deals_damage_to(head) or _player_attacks(head) or _two_conditions(head)  # h12
    if got is not None:
        return got
    m = re.fullmatch(r"(When|Whenever) (~ .+) while its power is (\d+) or greater", head)
    if m:  # h12: its power as it left (603.10a, 608.2h), checked as the event happens
        inner = readings(f"{m[1]} {m[2]}")
        if not inner or any(r.intervening or r.watch.kind != "self" for r in inner):
            return None
        test = IfTest("had_power_at_least", int(m[3]))
        return [dataclasses.replace(r, intervening=Intervening("test", test=test)) for r in inner]
    if head == "Whenever ~ and another creature attack different players":
        # h12: as attackers are declared (508.1): another attacking creature attacks a player
        # other than the one ~ attacks
        return [_Reading("attacks", Watch(extra=("other_attacks_another_player",)),
                         that_player=Who("defending_player"))]
    m = re.fullmatch(r"(When|Whenever) ~ attacks while you have the most life or are tied for "
                     r"most life", head)
    if m:  # h12: part of the trigger event, checked as it attacks only (603.2)
        return [_Reading("attacks", Watch(extra=("you_most_life",)),
                         that_player=Who("defending_player"))]
    m = re.fullmatch(r"(When|Whenever) (.+?) and whenever (.+)", head)
    if m:  # h12: "Whenever you attack with one or more Gods and whenever a God dies": two
        first, second = readings(f"{m[1]} {m[2]}"), readings(f"Whenever {m[3]}")
        return first + second if first and second else None
    m = re.fullmatch(r"(?:When|Whenever) you attack with ~ and another (.+)", head)
    if m:  # h12: "... and another legendary creature": ~ and one such other creature attack
        q = _count_quality(m[1] + "s" if not m[1].endswith("s") else m[1])
        if q is None:
            return None
        return [_Reading("attacks", Watch(), Intervening("other_attackers_matching", 1, quality=q),
                         that_player=Who("defending_player"))]
    m = re.fullmatch(r"(?:When|Whenever) you attack (?P<at>a player (?P<pw>or planeswalker )?)?"
                     r"with (?P<subj>one or more .+)", head)
    if m:  # "whenever you attack with one or more Elves": one or more Elves you control attack
        sub = _subject(m["subj"])
        if sub is None or sub.kind == "self" or sub.controller != "any" or not sub.creatures_only:
            return None
        at = ("at:player_or_planeswalker",) if m["pw"] else ("at:player",) if m["at"] else ()
        extra = tuple(sub.extra) + at  # h12: "a player or planeswalker" (not a battle)
        watch = Watch("creatures", "you", other=sub.other, qualities=sub.qualities,
                      nontoken=sub.nontoken, attacking=False, extra=extra)
        return [_Reading("attacks", watch, once=True, it=None)]
    m = re.fullmatch(r"(?:When|Whenever) you attack with (two|three|four|five) or more (.+)", head)
    if m:  # "whenever you attack with two or more Spiders": once, as attackers are declared
        q = _count_quality(m[2])
        if q is None:
            return None
        return [_Reading("you_attack", Watch("player"),
                         Intervening("attackers_matching", _WORDS[m[1]], quality=q), it=None)]
    m = re.fullmatch(r"(?:When|Whenever) ~ and at least (one|two|three|four) (other )?(.+) attack",
                     head)
    if m and (m[2] or m[1] != "one"):
        # "~ and at least two Zombies attack", "... one other Warrior": the others counted
        q = _count_quality(m[3])
        if q is None:
            return None
        return [_Reading("attacks", Watch(), Intervening("other_attackers_matching", _WORDS[m[1]],
                                                         quality=q),
                         that_player=Who("defending_player"))]
    if head == "Whenever you attack with your commander":  # your commander attacks (903.3)
        return [_Reading("attacks", Watch("creatures", "any", extra=("commander", "owner:you")),
                         that_player=Who("defending_player"))]
    m = re.fullmatch(r"(?:When|Whenever) you attack a player", head)
    if m:  # once, however many players are attacked: the watch of "one or more creatures"
        return [_Reading("attacks", Watch("creatures", "you", extra=("at:player",)), once=True,
                         it=None)]
    m = re.fullmatch(r"(?:When|Whenever) ~ and at least (one|two|three|four) other creatures? "
                     r"attack", head)
    if m:  # "Whenever Sokka and at least one other creature attack" (battalion's form)
        return [_Reading("attacks", Watch(), Intervening("attackers_at_least", _WORDS[m[1]] + 1),
                         that_player=Who("defending_player"))]
    m = re.fullmatch(r"(?:When|Whenever) ~ (blocks? or becomes? blocked by|blocks?|becomes? "
                     r"blocked by) (a|an|one or more) (.+)", head)
    if m:
        # the other creature of the block must match ("a green or white creature", "one or
        # more Orcs", "a creature without flying"): one event per creature blocked or blocking
        # (509.3d), once for "one or more" (603.2c)
        other = _subject(("one or more " if m[2] == "one or more" else "a ") + m[3])
        if (other is None or other.kind == "self" or other.extra or not other.creatures_only
                or other.controller != "any" or other.nontoken or other.attacking
                or other.blocking or other.other or not other.qualities):
            return None
        which: dict[str, tuple[Event, ...]] = {
            "blocks": ("blocks_creature",), "block": ("blocks_creature",),
            "becomes blocked by": ("blocked_by",), "become blocked by": ("blocked_by",)}
        once = m[2] == "one or more"
        return [_Reading(e, Watch(qualities=other.qualities), once=once,
                         that_creature=None if once else _TRIGGER)
                for e in which.get(m[1], ("blocks_creature", "blocked_by"))]
    m = re.fullmatch(r"(When|Whenever) ~ (?:transforms into ~|phases out) or (.+)", head)
    if m:  # nothing transforms or phases out in the play: the other event ("or dies")
        return readings(f"{m[1]} ~ {m[2]}")
    m = re.fullmatch(r"(When|Whenever) ~ ((?:another|a|an|one or more) .+)", head)
    if m:  # "When ~ enters or another nontoken Human you control dies", the enters cut away
        return readings(f"{m[1]} {m[2]}")
    m = re.fullmatch(r"(When|Whenever) (.+)", head)
    if not m:
        return None
    body = m[2]
    turn: tuple[str, ...] = ()
    if body.endswith(" during your turn"):  # the play is the active player's combat
        body = body[:-len(" during your turn")]
        turn = ("your_turn",)
    # ---- the event, from the right
    events: list[tuple[Event, tuple[str, ...], Intervening | None]] = []
    subj_text = ""
    mm = re.fullmatch(r"(.+?) (?:attacks?|attack)(?P<at>(?: [^w].*?)?)(?: (?P<wh>while you "
                      r"control .+))?", body)
    if mm and mm["at"] in _ATTACK_AT and not mm[1].endswith(" or"):
        subj_text = mm[1]
        at = _ATTACK_AT[mm["at"]]
        intervening = _while(mm["wh"]) if mm["wh"] else None
        if mm["wh"] and intervening is None:
            return None
        events.append(("attacks", (f"at:{at}",) if at else (), intervening))
    mm = mm if events else re.fullmatch(r"(.+?) (?:attacks|attack) or blocks? (while you control "
                                        r".+)", body)
    if not events and mm:
        subj_text = mm[1]
        intervening = _while(mm[2])
        if intervening is None:
            return None
        events.append(("attacks", (), intervening))
        events.append(("blocks", (), intervening))
    if not events:
        # "deals damage to you": in the play, the damage a creature deals to a player is
        # combat damage (a fight's is to creatures; a triggered ability's makes no damage
        # event: the limit of "deals damage", docs/triggers.md)
        mm = re.fullmatch(r"(.+?) deals? (?:combat )?damage to (.+)", body)
        if mm and mm[2] in _DAMAGE_TO:
            subj_text = mm[1]
            to = _DAMAGE_TO[mm[2]]
            if to == ("player",):
                events.append(("combat_damage_player", (), None))
            else:
                events.append(("combat_damage_to", tuple(f"to:{x}" for x in to), None))
        elif mm and mm[2] in ("a player",):
            subj_text = mm[1]
            events.append(("combat_damage_player", (), None))
        elif turn and (mm := re.fullmatch(r"(.+?) deals? combat damage", body)):
            subj_text = mm[1]
            events.append(("combat_damage", (), None))
    if not events:
        mm = re.fullmatch(r"a source(?P<ctl> an opponent controls)? deals damage to ~", body)
        if mm:  # once per source (603.2c); the source is the event's other object
            extra_by = ("by:opponent",) if mm["ctl"] else ()
            return [_Reading("dealt_damage_by", Watch(extra=extra_by), it=_SELF)]
        if body == "a creature deals damage to ~":  # h12: every source of damage in the play
            # is a creature (combat damage, a fight); "that creature": the source
            return [_Reading("dealt_damage_by", Watch(), it=_SELF, that_creature=Who("trigger"))]
    if not events:
        # "dies or is put into exile (from the battlefield)": it leaves, but not to a hand;
        # "leaves the battlefield without dying": exiled or returned to a hand (700.4)
        mm = re.fullmatch(r"(.+?) (?:dies|(?:is|are) put into a graveyard from the battlefield) "
                          r"or (?:is|are) put into exile(?: from the battlefield)?", body)
        mm2 = re.fullmatch(r"(.+?) leaves? the battlefield without dying", body)
        if mm:
            subj_text = mm[1]
            events.append(("leaves", ("not_to_hand",), None))
        elif mm2:
            subj_text = mm2[1]
            events.append(("leaves", ("not_died",), None))
    if not events:
        mm = re.fullmatch(r"(.+?) " + _DIES.pattern, body)
        if mm:
            subj_text = mm[1]
            whose = mm["whose"]
            extra: tuple[str, ...] = ({"your": ("owner:you",), "an opponent's":
                                       ("owner:opponent",)}.get(whose or "", ()))
            events.append(("dies", extra, None))
        else:
            mm = re.fullmatch(r"(.+?) " + _LEAVES.pattern, body)
            if mm:
                subj_text = mm[1]
                events.append(("leaves", (), None))
    if not events:
        got = _events_more(body)  # h12
        if got is None:
            return None
        subj_text, events = got
    sub = _subject(subj_text)
    if sub is None:
        return None
    out: list[_Reading] = []
    if sub.or_self:
        own = readings(f"{m[1]} ~ {body[len(subj_text) + 1:]}")
        if not own:
            return None
        out.extend(own)
    for event, event_extra, intervening in events:
        if event_extra == ("to:you",) and sub.controller == "you":
            # "a source you control deals damage to you": in combat only a triggered ability
            # of yours does that, and its damage makes no event in the play: left unread
            return None
        sub_extra = list(sub.extra)
        if event == "dealt_damage" and not sub.creatures_only:
            return None  # h12: a planeswalker or battle dealt damage makes no such event
        if "permanent" in sub_extra and event not in ("dies", "leaves"):
            sub_extra.remove("permanent")  # only a creature attacks or deals combat damage
        if ("damaged_by_source" in sub.extra or "blocking_source" in sub.extra) \
                and event != "dies":
            return None
        if (sub.attacking or sub.blocking) and event not in ("dies", "leaves"):
            return None
        if sub.kind == "self":
            if event_extra and event == "dies" or sub_extra:
                return None
            if event == "leaves" and event_extra:
                it_self: Who | None = None  # it left: "it" would be the card (not read)
                out.append(_Reading(event, Watch(extra=event_extra + turn), intervening,
                                    it=it_self))
                continue
            watch = Watch(extra=event_extra + turn)
            it: Who | None = _SELF
        else:
            watch = Watch("creatures", sub.controller, other=sub.other,  # type: ignore[arg-type]
                          qualities=sub.qualities, nontoken=sub.nontoken,
                          attacking=sub.attacking, blocking=sub.blocking,
                          extra=tuple(sub_extra) + event_extra + turn)
            creature = sub.creatures_only or event not in ("dies", "leaves")
            it = None if sub.once or not creature else _TRIGGER
        that_creature = _TRIGGER if it == _TRIGGER else None
        that_player: Who | None = None
        if event in ("attacks", "unblocked", "becomes_blocked"):
            that_player = Who("defending_player")
        elif event == "combat_damage_to" and event_extra == ("to:you",):
            # "a source an opponent controls deals damage to you, that player ...": the
            # controller of what dealt it (Michiko Konda)
            that_player = Who("trigger_controller")
        elif event == "combat_damage_player" or (
                event == "combat_damage_to" and event_extra == ("to:opponent",)):
            that_player = Who("damaged_player")
        elif event == "dies" and sub.controller == "opponents" and sub.kind != "self":
            that_player = Who("trigger_controller")
        if event == "blocks" and sub.kind == "self":
            that_creature = Who("blocked")
        if event == "combat_damage_creature":  # h12: the creature dealt the damage
            that_creature = Who("damaged")
        out.append(_Reading(event, watch, intervening, sub.once, it, that_creature, that_player))
    return out


# ====================================================================== playing them


def watches_permanents(t: TriggeredAbility) -> bool:
    """Whether ``t`` watches noncreature permanents too (an artifact or enchantment put
    into a graveyard from the battlefield, 700.4)."""
    return "permanent" in t.watch.extra


def _attacked_ok(board: Board, state: GameState, src: Permanent, at: str,
                 target: str | None) -> bool:
    """Whether an attack on ``target`` (a player's name, or a planeswalker's or battle's
    id) is one ``at`` names, for the source's controller (508.1b)."""
    if target is None:
        return False
    you = src.controller
    if board.is_player(target):
        if at in ("player", "player_or_planeswalker"):
            return True
        if at in ("you", "you_or_yours"):
            return target == you
        if at in ("opponent", "opponent_or_theirs"):
            return target != you
        if at == "more_life":  # h12: more life than the ability's controller now
            return target != you and state.life.get(target, 0) > state.life.get(you, 0)
        if at == "most_life":
            alive = [p.name for p in board.players if state.in_game(p.name)]
            most = max(state.life.get(p, 0) for p in alive) if alive else 0
            return state.life.get(target, 0) >= most
        return False
    perm = board.permanents.get(target)
    if perm is None:
        return False
    if at == "player_or_planeswalker":  # h12
        return perm.is_a("Planeswalker")
    if at == "battle":
        return perm.is_a("Battle")
    if perm.is_a("Planeswalker"):
        if at == "you_or_yours":
            return perm.controller == you
        if at == "opponent_or_theirs":
            return perm.controller != you
    return False


def holds(board: Board, state: GameState, src: Permanent, t: TriggeredAbility,
          creature: Permanent, data: Mapping[str, Any]) -> bool:
    """Whether the event of ``creature`` (with its ``data``: ``attacked``, ``to``,
    ``player``) meets the tags of ``t.watch.extra`` (module docstring) for the ability of
    ``src``."""
    for tag in t.watch.extra:
        if tag == "permanent":
            continue
        if tag == "counter" or tag.startswith("counter:"):
            have = state.counters.get(creature.id, creature.counters)
            kind = tag.partition(":")[2]
            if not any(v > 0 for k, v in have.items() if not kind or k == kind):
                return False
        elif tag == "owner:you":
            if creature.owner != src.controller:
                return False
        elif tag == "owner:opponent":
            if creature.owner == src.controller:
                return False
        elif tag == "by:opponent":
            by = board.permanents.get(str(data.get("source", "")))
            if by is None or by.controller == src.controller:
                return False
        elif tag in ("not_to_hand", "not_died"):
            why = state.reasons.get(creature.id, "")
            if tag == "not_to_hand" and why.startswith("returned"):
                return False  # returned to its owner's hand: neither died nor exiled
            if tag == "not_died" and not why.startswith(("exiled", "returned")):
                return False  # it died (700.4)
        elif tag == "your_turn":
            if board.active_player != src.controller:
                return False
        elif tag == "commander":
            if not creature.commander:
                return False
        elif tag == "blocking_source":
            combat = board.combat
            if combat is None or (creature.id, src.id) not in combat.blocks:
                return False
        elif tag == "damaged_by_source":
            if src.id not in state.damaged_by.get(creature.id, ()):
                return False
        elif tag.startswith("at:"):
            if not _attacked_ok(board, state, src, tag[3:], data.get("attacked")):
                return False
        elif tag.startswith("to:"):
            continue  # checked below: one of the recipients
        elif not _holds_more(board, state, src, tag, creature, data):  # h12
            return False
    tos = [tag[3:] for tag in t.watch.extra if tag.startswith("to:")]
    if tos:
        kind, player = data.get("to"), data.get("player")
        ok = False
        for to in tos:
            if to in ("player", "planeswalker", "battle") and kind == to:
                ok = True
            elif to == "you" and kind == "player" and player == src.controller:
                ok = True
            elif to == "opponent" and kind == "player" and player != src.controller:
                ok = True
        if not ok:
            return False
    return True


def _holds_more(board: Board, state: GameState, src: Permanent, tag: str, creature: Permanent,
                data: Mapping[str, Any]) -> bool:
    """h12: whether one more tag of ``Watch.extra`` holds for the event of ``creature``
    (``False`` for a tag not known): ``renowned`` (702.112b), ``historic`` (legendary or
    an artifact, 700.6; a creature is never a Saga), ``goaded`` (701.15: by the scenario's
    ``effects`` or an ability resolved in this combat), ``not:<card type>``,
    ``pt_at_most:N``, ``power_is_toughness`` (its power and toughness now, as the game
    state has them; as it last existed once it left, 603.10a), ``mv_at_least:N`` /
    ``mv_at_most:N`` (mana value, 202.3), ``legendary_equipment`` (a legendary Equipment is
    attached to it), ``blocked_at_least:N`` (it blocks N or more creatures), ``owner_dealt`` (the
    player dealt the combat damage owns the creature that dealt it)."""
    from redzone.models.triggers.board_effects import GOADED

    if tag == "renowned":
        return bool(creature.conditions.get("renowned"))
    if tag == "historic":
        return "Legendary" in creature.supertypes or "Artifact" in creature.types
    if tag == "goaded":
        if any(k.startswith(GOADED) and v for k, v in creature.conditions.items()):
            return True
        return any(getattr(e, "goad", None) == creature.id
                   for e in getattr(board.scenario, "effects", None) or [])
    if tag.startswith("not:"):
        return tag[4:] not in creature.types
    if tag.startswith("pt_at_most:"):
        n = int(tag.partition(":")[2])
        return (state.power(board, creature.id) <= n or state.toughness(board, creature.id) <= n)
    if tag == "power_is_toughness":
        return state.power(board, creature.id) == state.toughness(board, creature.id)
    if tag.startswith(("mv_at_least:", "mv_at_most:")):
        n = int(tag.partition(":")[2])
        mv = creature.mana_value
        return mv >= n if tag.startswith("mv_at_least:") else mv <= n
    if tag == "legendary_equipment":
        return any(p.attached_to == creature.id and "Equipment" in p.subtypes
                   and "Legendary" in p.supertypes and state.on_battlefield(p.id)
                   for p in board.permanents.values())
    if tag.startswith("blocked_at_least:"):
        combat = board.combat
        n = int(tag.partition(":")[2])
        return combat is not None and sum(1 for b, _a in combat.blocks if b == creature.id) >= n
    if tag.startswith("attacking_at_least:"):
        _, n, at = tag.split(":")
        return _attacking_count(board, src, creature.controller, at) >= int(n)
    if tag == "toxic":
        from redzone.models.abilities import Toxic

        return any(isinstance(a, Toxic) for a in creature.abilities) or any(
            isinstance(a, Toxic) for a, _ in board.granted(creature))
    if tag == "attacking_or_blocking":
        combat = board.combat
        return combat is not None and (creature.id in combat.attacking
                                       or creature.id in combat.blocking)
    if tag == "enchanted_by_yours":  # an Aura its controller... the ability's controller controls
        return any(p.attached_to == creature.id and "Aura" in p.subtypes
                   and p.controller == src.controller and state.on_battlefield(p.id)
                   for p in board.permanents.values())
    if tag == "other_attacks_another_player":
        combat = board.combat
        if combat is None or creature.id not in combat.at_player:
            return False
        mine = combat.attacking.get(creature.id)
        return any(a != creature.id and a in combat.at_player and d != mine
                   for a, d in combat.attacking.items())
    if tag == "paired_with_source":
        return creature.paired_with == src.id or src.paired_with == creature.id
    if tag == "you_most_life":
        mine = state.life.get(src.controller, 0)
        return all(state.life.get(p.name, 0) <= mine for p in board.players
                   if state.in_game(p.name))
    if tag == "owner_dealt":
        return data.get("to") == "player" and data.get("player") == creature.owner
    return False


def _attacking_count(board: Board, src: Permanent, player: str, at: str) -> int:
    """h12: how many creatures ``player`` attacks with (the board's combat, 508.1) — every
    one (``at="any"``), those attacking the ability's controller (``"you"``) or those
    attacking another player (``"opponent"``; a player, not a planeswalker or battle)."""
    combat = board.combat
    if combat is None:
        return 0
    n = 0
    for a, defender in combat.attacking.items():
        perm = board.permanents.get(a)
        if perm is None or perm.controller != player:
            continue
        if at == "you" and not (a in combat.at_player and defender == src.controller):
            continue
        if at == "opponent" and not (a in combat.at_player and defender != src.controller):
            continue
        n += 1
    return n


def you_control(board: Board, state: GameState, controller: str, cond: Intervening) -> bool:
    """An intervening "while you control ..." (603.4): ``controller`` controls at least
    ``cond.n`` permanents on the battlefield matching ``cond.quality``."""
    from redzone.models.battlefield import matches_quality

    q = cond.quality or Quality()
    n = sum(1 for p in board.permanents.values()
            if p.controller == controller and state.on_battlefield(p.id)
            and matches_quality(board, p, q))
    return n >= max(1, cond.n)


def dealt_damage_by(board: Board, d: DealtDamage) -> list[tuple[str, str, str, dict[str, Any]]]:
    """The ``dealt_damage_by`` event of one damage event ``d`` to a permanent (combat damage
    or a fight's; 120.3): the recipient's, with the source as its other object, so "whenever
    a source deals damage to ~" triggers once per source (603.2c: Phyrexian Obliterator
    blocked by two creatures, two triggers); and, to a creature, the source's
    ``deals_damage_to`` event with the recipient as its other object (h12)."""
    if d.amount <= 0 or d.recipient not in board.permanents or d.source not in board.permanents:
        return []
    out: list[tuple[str, str, str, dict[str, Any]]] = [
        ("dealt_damage_by", d.recipient, d.source, {"damage": d.amount, "source": d.source})]
    if board.permanents[d.recipient].is_creature:  # h12: "~ deals damage to a Dinosaur"
        out.append(("deals_damage_to", d.source, d.recipient,
                    {"damage": d.amount, "recipient": d.recipient}))
    return out


def combat_damage_to(board: Board, d: DealtDamage) -> list[tuple[str, str, None, dict[str, Any]]]:
    """The ``combat_damage_to`` event of one combat damage event ``d`` (510.2) to a player,
    a planeswalker or a battle (``to``: which; ``player`` or ``recipient``), or ``[]``: one
    event per recipient, so a creature with trample over planeswalkers dealing damage to a
    planeswalker and its controller at once triggers "to a player or planeswalker" twice
    (603.2c)."""
    if d.amount <= 0:
        return []
    if board.is_player(d.recipient):
        return [("combat_damage_to", d.source, None,
                 {"damage": d.amount, "to": "player", "player": d.recipient})]
    rec = board.permanents.get(d.recipient)
    if rec is None or rec.is_creature:
        return []
    kind = "planeswalker" if rec.is_a("Planeswalker") else "battle" if rec.is_a("Battle") else None
    if kind is None:
        return []
    return [("combat_damage_to", d.source, None,
             {"damage": d.amount, "to": kind, "recipient": d.recipient})]


def attackers_matching(board: Board, attackers: Mapping[str, str], source: str,
                       cond: Intervening) -> bool:
    """An intervening count of attacking creatures (603.4): at least ``cond.n`` of
    ``attackers`` match ``cond.quality`` (``"other_attackers_matching"``: not counting the
    ``source``)."""
    from redzone.models.battlefield import matches_quality

    q = cond.quality or Quality()
    n = sum(1 for a in attackers
            if a in board.permanents and not (cond.kind == "other_attackers_matching" and a == source)
            and matches_quality(board, board.permanents[a], q))
    return n >= cond.n


def record_damage(state: GameState, dealt: Sequence[DealtDamage]) -> None:
    """Note in ``state.damaged_by`` which sources dealt damage to which permanents (amount
    above 0, 120.1): "a creature dealt damage by ~ this turn" (603.10a)."""
    for d in dealt:
        if d.amount <= 0:
            continue
        had = state.damaged_by.get(d.recipient, ())
        if d.source not in had:
            state.damaged_by[d.recipient] = had + (d.source,)


def warnings(board: Board) -> list[str]:
    """One warning when a permanent watches "a creature dealt damage by ~ this turn" and a
    creature has damage marked as the scenario begins: who dealt it is not known, and it
    is taken as not dealt by that permanent."""
    from redzone.models.triggers.resolve import triggers

    marked = [p for p in board.permanents.values() if p.is_creature and p.damage > 0]
    if not marked:
        return []
    watchers = [p for p in board.permanents.values()
                if any("damaged_by_source" in t.watch.extra for t in triggers(p, board))]
    if not watchers:
        return []
    return [f"warning: {', '.join(p.label for p in watchers)}: \"a creature dealt damage by ~ "
            f"this turn dies\" counts only damage dealt in this combat; the damage marked on "
            f"{', '.join(p.label for p in marked)} before it is taken as not dealt by "
            f"{'them' if len(watchers) > 1 else 'it'}"]
