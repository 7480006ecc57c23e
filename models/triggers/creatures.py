"""Creature groups and targets described by their characteristics, for the effects of
triggered abilities of combat (h15; docs/triggers.md, "Groups and targets by
characteristics").

Reading (:func:`group_obj`, the last fallback of the parser's ``_Refs.obj``): the static
parser's subject grammar (:func:`redzone.models.parser.subjects._parse_subject`: colours,
card types, creature types and lists of them, "non-<type>", legendary, nontoken, modified,
equipped, tokens, "with <keyword> / power N or greater / counters on them", controllers)
with the combat adjectives "attacking" and "blocking" (506.4: only creatures in combat
now), "other" and "other than ~" (the source excluded):

- groups: "attacking red creatures", "other attacking creatures you control with flying",
  "Goblin creatures you control", "non-Elf creatures", "Dinosaurs you control other than
  ~", "blocking creatures with flying", "creatures you control with counters on them" ->
  ``Who("each_creature" | "attacking", controller, other, qualities, blocking)``;
- one target: "[up to one / another] target [attacking] <adjectives> creature / <type>[,
  <type>, or <type>] [<controller>] [with ...]" -> ``Who("target_creature", ...)``.

What a creature must be is a tuple of :class:`Quality` alternatives (one of them must hold,
the creature types of the subject in each): matched on the board as the ability resolves
(608.2h; the target as it is chosen, 603.3d, and again on resolution, 608.2b, as for every
target). :func:`group_count` counts such groups for ``amounts.py``.

Effects (:func:`creature_first`, :func:`creature_clause`, :func:`read_whole`, hooks of the
parser; played by :func:`resolve`): preventions of combat damage (615.1a) and a fog, an
attacking creature removed from combat (506.4; :func:`removed_from_combat`,
:func:`removed_combat_state` and :func:`blocks_in_combat` keep the board's combat, the
play-out's and the AI's blocks to the attackers still attacking), block restrictions and
requirements, base power and toughness (613.4b), another player's "may have ...", pack
tactics, and smaller forms (docs/triggers.md, "Effects (h15)"). Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from types import SimpleNamespace
from typing import Any

from redzone.models.ability_base import Affected, Quality
from redzone.models.parser.subjects import _parse_subject  # pyright: ignore[reportPrivateUsage]
from redzone.models.parser.vocabulary import CREATURE_TYPES
from redzone.models.triggers.types import (CantBeBlockedByEffect, CantBeBlockedEffect,
                                           Conditional, Count, Destroy, Effect, GainKeywords,
                                           IfTest, MustBlockSource, PreventCombatDamage, Pump,
                                           RemoveFromCombat, SetBase, TapEffect, TheyMay,
                                           ValueOnly, Who)

__all__ = ["EFFECTS", "blocks_in_combat", "creature_clause", "creature_first", "group_count",
           "group_obj", "read_whole", "removed_combat_state", "removed_from_combat", "resolve"]

EFFECTS = (CantBeBlockedByEffect, PreventCombatDamage, RemoveFromCombat, SetBase, TheyMay)
"""The effect classes :func:`resolve` plays."""

Reader = Callable[[str], "tuple[Effect, ...] | None"]

_COMBAT = re.compile(r"(?:(attacking|blocking) )")
_CTL_WORDS = {"you control": "you", "an opponent controls": "opponents",
              "you don't control": "opponents", "your opponents control": "opponents"}
_TARGET_CTL = (r"( you control| an opponent controls| you don't control|"
               r" defending player controls| that player controls)?")


def _qualities(a: Affected) -> tuple[Quality, ...]:
    """The alternatives of ``a`` with its creature types put in each (``()``: any)."""
    if not (a.subtypes or a.exclude_subtypes):
        return a.qualities
    alts = a.qualities or (Quality(),)
    out = []
    for q in alts:
        if (a.subtypes and q.subtypes) or (a.exclude_subtypes and q.exclude_subtypes):
            return ()  # never both (not a form the subject grammar gives)
        out.append(dataclasses.replace(q, subtypes=a.subtypes or q.subtypes,
                                       exclude_subtypes=a.exclude_subtypes or q.exclude_subtypes))
    return tuple(out)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


_NOT_CREATURE_TYPES = frozenset({"Food", "Equipment", "Vehicle", "Aura", "Treasure", "Clue",
                                 "Blood", "Gold", "Map", "Powerstone"})
"""Subtypes of artifacts and enchantments the vocabulary lists among creature types: a group
or target named by one is not (only) creatures ("target Equipment that player controls")."""


def _subject(words: str) -> Affected | None:
    """A creature group of the static grammar (first letter as a sentence would have it);
    a lower-case first word that is a creature type is read capitalised ("goblin creatures
    you control": the parser lowers a sentence's first letter)."""
    a = _parse_subject(_cap(words))
    if a is None or a.kind != "creatures" or a.controller not in ("you", "opponents", "any"):
        return None
    if (a.subtypes or a.exclude_subtypes) and not _qualities(a):
        return None
    if any(set(q.subtypes) & _NOT_CREATURE_TYPES for q in _qualities(a)):
        return None
    return a


def _strip_combat(words: str) -> tuple[str, str | None] | None:
    """``words`` without its one "attacking" / "blocking" adjective (after "each", "all",
    "other" or a colour / other adjective before the noun), and that adjective; ``None``
    with two of them."""
    found = _COMBAT.findall(words)
    if not found:
        return words, None
    if len(found) > 1:
        return None
    return _COMBAT.sub("", words, count=1), found[0]


def group_obj(s: str, refs: Any) -> Who | None:
    """The creatures ``s`` names (see the module docstring), or ``None``."""
    s = s.strip()
    if s in ("he", "she"):
        return refs.r.it  # as "it" / "him" / "her" (Luke Cage, Killmonger)
    if "target " in s:
        return _target(s, refs)
    other_than = False
    if s.endswith(" other than ~"):
        s, other_than = s[: -len(" other than ~")], True
    stripped = _strip_combat(s)
    if stripped is None:
        return None
    words, combat = stripped
    if re.search(r"\btokens?\b", words) and not re.search(r"(?:creature|[A-Z][\w'-]*) tokens?\b", words):
        return None  # "tokens you control": Treasures and Clues too, not only creatures
    if not re.search(r"\b(?:creatures|[A-Z][\w'-]*s|[a-z]+s you control)\b", words) \
            and not words.startswith(("each ", "all ")):
        return None
    a = _subject(words)
    if a is None:
        return None
    return Who("attacking" if combat == "attacking" else "each_creature",
               a.controller, other=a.other or other_than, qualities=_qualities(a),
               blocking=combat == "blocking")


def group_count(words: str, refs: Any, *, each: bool) -> Count | None:
    """The creatures a count names with the grammar of :func:`group_obj` ("for each creature
    you control with first strike or double strike", ``each``; "the number of attacking
    creatures with flying", "for each blocking creature other than ~"), counted as the
    ability resolves (608.2h; a blocking creature: one that blocks a creature still on the
    battlefield, 506.4); ``None`` otherwise."""
    who = group_obj(f"each {words}" if each else words, refs)
    if who is None or who.kind not in ("each_creature", "attacking"):
        return None
    return Count("permanents", who.qualities, who.controller, other=who.other,  # type: ignore[arg-type]
                 attacking=who.kind == "attacking", also=("Creature",), blocking=who.blocking)


_TARGET = re.compile(r"(up to one |another |up to one other )?target (attacking )?(.+?)"
                     + _TARGET_CTL + r"( with(?:out)? .+)?")
_POWER_VS = {" with power less than ~'s power": "less", " with power greater than ~'s power": "greater"}
"""Compared with the source's power as the target is chosen (603.3d; Radha's Firebrand)."""


def _target(s: str, refs: Any) -> Who | None:
    """"[up to one / another] target [attacking] <adjectives> creature / <types> [<controller>]
    [with ...]": one creature; ``None`` otherwise."""
    m = _TARGET.fullmatch(s)
    if not m:
        return None
    desc = m[3]
    historic = desc.startswith("historic ")
    if historic:  # 700.6: legendary, an artifact or a Saga
        desc = desc[len("historic "):]
    if re.search(r"\b(?:attacking|blocking|nonattacking|permanent|artifact or|or planeswalker|"
                 r"player|card|spell)\b", desc):
        return None
    if desc == "creature" or desc.endswith(" creature"):
        plural = desc + "s"
    else:
        # one creature type or a list of them ("Cleric, Rogue, Warrior, or Wizard"), maybe
        # after "non-"
        types = [t for t in re.split(r",? or |, ", desc.removeprefix("non-")) if t]
        if not types or any(t not in CREATURE_TYPES for t in types):
            return None
        plural = ("Non-" + desc[4:] + " creatures") if desc.startswith("non-") \
            else (desc + " creatures" if len(types) == 1 else "Each creature that's " + ", ".join(
                f"a {t}" for t in types[:-1]) + f", or a {types[-1]}")
    ctl_text = (m[4] or "").strip()
    with_text = m[5] or ""
    vs = _POWER_VS.get(with_text)
    if vs is not None:
        with_text = ""
    if with_text:
        with_text = re.sub(r" on it$", " on them", with_text)
    a = _subject(plural + with_text)
    if a is None or a.controller != "any" or a.other:
        return None
    if ctl_text in ("that player controls", "defending player controls"):
        ctl = refs.whose(ctl_text)
        if ctl is None:
            return None
    else:
        ctl = _CTL_WORDS.get(ctl_text, "any")
    quals = _qualities(a)
    if vs is not None:
        quals = tuple(dataclasses.replace(q, power_vs=vs) for q in quals or (Quality(),))
    if len(quals) > 1:
        return None  # one target of one description
    if historic:
        one = quals[0] if quals else Quality()
        quals = (dataclasses.replace(one, supertypes=("Legendary",)),
                 dataclasses.replace(one, types=("Artifact",)),
                 dataclasses.replace(one, subtypes=("Saga",)))
        if any(len(set(q.supertypes) | set(q.types) | set(q.subtypes)) != 1 for q in quals):
            return None
    return Who("target_creature", ctl,  # type: ignore[arg-type]
               other=(m[1] or "").strip() in ("another", "up to one other"),
               qualities=quals, up_to=(m[1] or "").startswith("up to one"),
               attacking=bool(m[2]))


# ---------------------------------------------------------------- effect clauses

_ONE = ("source", "trigger", "target_creature")
"""The objects a prevention is read for: one creature each, fixed as the ability resolves
(a group named by its characteristics would take in creatures that join it later, 611.2c
does not apply to a prevention effect)."""

_PT = r"([+-]\d+)/([+-]\d+)"
_ATTACKING = ("attacks", "attacks_alone", "becomes_blocked", "unblocked", "blocked_by")
"""Events whose creature ("it") is an attacking creature."""


_VALUES: tuple[tuple[str, str], ...] = (
    (r"investigate once for each .+", "investigate"),  # Clue tokens, however many
    (r"add (?:twice )?that much \{[WUBRGC]\}", "mana"),  # nobody casts in combat
    (r"until end of combat, you don't lose this mana as steps end", "mana"),
    (r"(?:it|that card) becomes foretold", "foretell"),  # a card in exile (702.143)
    (r"its foretell cost is its mana cost reduced by \{\d+\}", "foretell"),
    (r"it has affinity for artifacts", "cost"),  # a spell's cost (702.41)
    (r"whenever that creature deals combat damage to a player this combat, ~ becomes prepared",
     "prepared"),  # a delayed ability whose effect is a value (h9's "prepared")
)
"""Value-only clauses (docs/triggers.md, "Value only") of this module's family: nothing in
combat depends on them, so they resolve as no-ops."""


def creature_clause(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """One effect clause of this module (docs/triggers.md), or ``None``: preventions of the
    combat damage a creature would deal (and be dealt), "can't be blocked this combat",
    "gets +N/-M until end of combat", two groups pumped in one sentence, wither and infect
    gained, "your team" (the controller alone: no teams are played), a trailing "if"."""
    m = re.fullmatch(r"(?:(untap) (it|~|that creature|this creature) and )?remove (it|~|that "
                     r"creature|this creature) from combat", s)
    if m:
        who = refs.obj(m[3])
        if (who is None or who != refs.r.it or who.kind not in ("source", "trigger")
                or refs.r.event not in _ATTACKING or (m[2] and refs.obj(m[2]) != who)):
            return None  # only the attacking creature of the event (not a blocker: 509.1h)
        return ((TapEffect(who, untap=True),) if m[1] else ()) + (RemoveFromCombat(who),)
    m = re.fullmatch(r"(.+?) blocks (it|~|this creature) this (?:combat|turn) if able", s)
    if m and refs.r.event in ("attacks", "attacks_alone") and refs.obj(m[2]) == Who("source"):
        # a block requirement for the blocks declared after the attack window (509.1c), as
        # provoke's (702.39a)
        who = refs.obj(m[1])
        if who is None or who.kind != "target_creature":
            return None
        return (MustBlockSource(who),)
    for pattern, tag in _VALUES:
        if re.fullmatch(pattern, s):
            return (ValueOnly(tag),)
    if s == "prevent all combat damage that would be dealt this turn":
        return (PreventCombatDamage(None),)
    m = re.fullmatch(r"prevent all combat damage (?:that would be dealt (to and dealt by|to and "
                     r"by|by) (.+?)|(.+?) would deal) this turn", s)
    if m:
        who = refs.obj(m[2] or m[3])
        if who is None or who.kind not in _ONE or who.up_to:
            return None
        return (PreventCombatDamage(who, to=bool(m[1]) and m[1] != "by"),)
    m = re.fullmatch(r"(.+?) can't be blocked by (.+?) this (?:turn|combat)", s)
    if m:
        who = refs.obj(m[1])
        ability = _block_restriction(m[2])
        return None if who is None or ability is None else (CantBeBlockedByEffect(who, ability),)
    m = re.fullmatch(r"(.+?) can't be blocked this combat", s)
    if m:
        # the play is one combat: "this combat" and "this turn" end after it alike (the next
        # turn's board has neither)
        got = sentence(f"{m[1]} can't be blocked this turn")
        return got if got is not None and all(isinstance(e, CantBeBlockedEffect) for e in got) \
            else None
    m = re.fullmatch(rf"(.+?) gets? {_PT} until end of combat", s)
    if m and int(m[3]) <= 0:
        # 511.3: it ends as the end of combat step ends, before the cleanup step; with no
        # toughness added, nothing dies when it ends, so it plays as "until end of turn"
        got = sentence(f"{m[1]} gets {m[2]}/{m[3]} until end of turn")
        return got if got is not None and all(isinstance(e, Pump) for e in got) else None
    return None


def _block_restriction(blockers: str) -> Any:
    """The static parser's reading of "This creature can't be blocked by <blockers>." (one
    :class:`redzone.models.abilities.CantBeBlockedBy` of the creature itself), or ``None``."""
    from redzone.models.abilities import CantBeBlockedBy
    from redzone.models.parser import parse_text

    parsed = parse_text(f"This creature can't be blocked by {blockers}.", names=("~",))
    if parsed.unparsed or len(parsed.abilities) != 1:
        return None
    (a,) = parsed.abilities
    if not isinstance(a, CantBeBlockedBy) or a.affected.kind != "self":
        return None
    return a


def creature_first(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """The clauses of this module read before the parser's own forms (which would take them
    for one effect on a subject they can't read): two groups pumped in one sentence, "your
    team" (the controller alone: no teams are played, as the static parser's h4 reading),
    a trailing "if" (the same condition as a leading one); ``None`` otherwise."""
    m = re.fullmatch(r"(?:until end of turn, (.+?) (?:has|have) base power and toughness (\d+)/(\d+)"
                     r"(?: and gains? (.+))?|(.+?) (?:has|have) base power and toughness (\d+)/(\d+) "
                     r"until end of turn)", s)
    if m:  # 613.4b (Voice of the Vermin, Gnottvold Hermit, Taranika)
        who = refs.obj(m[1] or m[5])
        if who is None:
            return None
        out: tuple[Effect, ...] = (SetBase(who, int(m[2] or m[6]), int(m[3] or m[7])),)
        if m[4]:
            more = sentence(f"{m[1]} gains {m[4]} until end of turn")
            if more is None or not all(isinstance(e, GainKeywords) for e in more):
                return None
            out += more
        return out
    m = re.fullmatch(r"have the base power and toughness of (.+?) become X/X until end of turn, "
                     r"where X is (.+)", s)
    if m:  # Unruly Krasis
        from redzone.models.triggers.amounts import count_phrase

        who = refs.obj(m[1])
        amt = count_phrase(m[2], refs)
        return None if who is None or amt is None else (SetBase(who, 0, 0, amt),)
    m = (re.fullmatch(r"change the base power and toughness of (.+?) to (~'s|its|that creature's) "
                      r"power and toughness until end of turn", s)
         or re.fullmatch(r"have the base power and toughness of (.+?) become equal to (~'s|its|that "
                         r"creature's) power and toughness until end of turn", s))
    if m:  # Exuberant Wolfbear, Tanazir Quandrix: as the ability resolves (608.2h)
        from redzone.models.triggers.amounts import count_phrase

        who = refs.obj(m[1])
        p_amt, t_amt = count_phrase(f"{m[2]} power", refs), count_phrase(f"{m[2]} toughness", refs)
        if who is None or p_amt is None or t_amt is None:
            return None
        return (SetBase(who, 0, 0, p_amt, t_amt),)
    m = re.fullmatch(r"if you attacked with creatures with total power (\d+) or greater this combat, "
                     r"(.+)", s)
    if m and refs.r.event in ("attacks", "attacks_alone", "you_attack"):
        # pack tactics: the total power as the attackers were declared (508.1), what the
        # attack window's board holds before any ability resolves
        from redzone.models.triggers.conditions import _PLAYED  # pyright: ignore[reportPrivateUsage]

        inner = sentence(m[2])
        if not inner or not all(isinstance(e, _PLAYED) for e in inner):
            return None
        if all(isinstance(e, ValueOnly) for e in inner):
            return inner
        return (Conditional(IfTest("attacked_power_at_least", int(m[1])), inner),)
    m = re.fullmatch(rf"(.+?) gets? {_PT} and (.+?) gets? {_PT} until end of turn", s)
    if m:  # "attacking red creatures get +2/+0 and attacking white creatures get +0/+2 ..."
        a = sentence(f"{m[1]} get {m[2]}/{m[3]} until end of turn")
        b = sentence(f"{m[4]} get {m[5]}/{m[6]} until end of turn")
        if a is None or b is None or not all(isinstance(e, Pump) for e in a + b):
            return None
        return a + b
    m = re.fullmatch(r"(destroy|exile) all creatures blocking or blocked by (it|~)", s)
    if m and refs.obj(m[2]) == Who("source"):
        # the creatures of its blocks (509.1h: as declared, looking back once it died)
        return (Destroy(Who("blockers"), exile=m[1] == "exile"),
                Destroy(Who("blocked"), exile=m[1] == "exile"))
    m = re.fullmatch(r"put (an?|one|two|three) (\+1/\+1|-1/-1) counters? on (.+?) and (an?|one|two|three) "
                     r"(\+1/\+1|-1/-1) counters? on (.+)", s)
    if m:  # "put a +1/+1 counter on ~ and a +1/+1 counter on each Golem you control"
        a = sentence(f"put {m[1]} {m[2]} counter on {m[3]}")
        b = sentence(f"put {m[4]} {m[5]} counter on {m[6]}")
        return None if a is None or b is None else a + b
    m = re.fullmatch(r"(.+?) gains? (.+?) until end of turn and can't be blocked by (.+) this turn", s)
    if m:  # Legion Loyalist: both said of the same creatures
        a = sentence(f"{m[1]} gain {m[2]} until end of turn")
        b = sentence(f"{m[1]} can't be blocked by {m[3]} this turn")
        return None if a is None or b is None else a + b
    m = re.fullmatch(r"double (.*target .+?)'s power until end of turn", s)
    if m:  # "double target creature's power" (701.10: +X/+0, X its power as it resolves)
        return sentence(f"double the power of {m[1]} until end of turn")
    m = re.fullmatch(r"(.+?) gains? (wither|infect) until end of turn", s)
    if m:
        who = refs.obj(m[1])
        return None if who is None else (GainKeywords(who, (m[2],)),)
    if " your team controls " in f" {s} ":
        return sentence(s.replace("your team controls", "you control"))  # as h4's statics
    m = re.fullmatch(r"until end of turn, (.+?)(, where X is .+)?", s)
    if m and "until end of turn" not in m[1]:
        # "until end of turn, another target attacking creature gains flying and gets +X/+0,
        # where X is ~'s power": the duration said first (Storm, Queen of Wakanda)
        got = sentence(f"{m[1]} until end of turn{m[2] or ''}")
        return got if got is not None and all(isinstance(e, (Pump, GainKeywords)) for e in got) \
            else None
    m = re.fullmatch(r"(.+?) if ([^,]+)", s)
    if m and not s.startswith("if ") and " instead" not in s and " unless " not in s:
        # "it gains flying until end of turn if you control a creature with flying": the same
        # condition, checked as the ability resolves (608.2c); "its power is N or greater" of
        # the source is its power now, or as it last existed (608.2h), as "was" reads it
        cond = re.sub(r"^its power is (\d+) or greater$", r"its power was \1 or greater", m[2]) \
            if refs.r.it == Who("source") else m[2]
        return sentence(f"if {cond}, {m[1]}")
    m = re.fullmatch(r"(it|~) doesn't untap during your next untap step", s)
    if m and refs.obj(m[1]) == Who("source"):
        # the source's controller is "you" (502.3): Spectral Force
        return sentence(f"{m[1]} doesn't untap during its controller's next untap step")
    return None


def read_whole(rest: str, refs: Any, sentence: Reader) -> tuple[tuple[Effect, ...], bool] | None:
    """"<player> may have you draw a card. If they do, <effects>." (Shakedown Heavy): another
    player's choice (:class:`TheyMay`), the effects read with ``sentence``; "you may draw a
    card. If you do, <effects>" (Ophidian): the controller's one choice (603.5); ``None``
    otherwise. Returns ``(effects, optional)`` as the parser's ``_effects``."""
    m = re.fullmatch(r"you may draw a card\. If you do, (.+?)\.?", rest.strip())
    if m:  # Ophidian: drawing can always be chosen (a value), the rest only with it (608.2c)
        inner = sentence(m[1])
        if inner is None or not any(not isinstance(e, ValueOnly) for e in inner) or any(
                getattr(getattr(e, "who", None), "kind", "").startswith("target") for e in inner):
            return None  # values alone: the parser's own; a target would be chosen before
        return (ValueOnly("draw"),) + inner, True
    m = re.fullmatch(r"(defending player|that player|target opponent) may have you (.+?)\. "
                     r"If (?:they|that player) do(?:es)?, (.+?)\.?", rest.strip())
    if not m:
        return None
    who = refs.player(m[1])
    value = sentence(f"you {m[2]}")
    inner = sentence(m[3])
    if (who is None or who.kind not in ("defending_player", "damaged_player") or value is None
            or not all(isinstance(e, ValueOnly) for e in value) or inner is None):
        return None
    return (TheyMay(who, value + inner),), False


def resolve(play: Any, f: Any, e: Effect, chosen: dict[str, Any]) -> str:
    """Resolve one of this module's effects (``play``: the resolver's ``_Play``; ``f``: the
    ``Fired`` ability): a line of what it did."""
    from redzone.models.effect_abilities import PreventDamage
    from redzone.models.triggers.resolve import _granted  # pyright: ignore[reportPrivateUsage]

    if isinstance(e, CantBeBlockedByEffect):  # 509.1b, granted until end of turn (514.2)
        ids = play.objects(f, e.who, chosen)
        for pid in ids:
            play.edit.put(_granted(play.edit.perm(pid), e.ability, f.ability.text))
        by = re.sub(r"^This creature can't be blocked by (.+?)\.?$", r"\1", e.ability.text)
        return ", ".join(f"{pid} can't be blocked by {by} this turn" for pid in ids) or "no creature"
    if isinstance(e, SetBase):
        return _set_base(play, f, e, chosen)
    if isinstance(e, TheyMay):
        from redzone.models.triggers.resolve import Choice

        players = play.players(f, e.who, chosen)
        if len(players) != 1:
            return "no player to choose"
        if not play.choose(Choice(players[0], "may", f.source, f.ability.text, (True, False),
                                  f.trigger)):
            chosen["may"] = False
            return f"{players[0]} declines"
        chosen["may"] = True
        return "; ".join(x for x in (play.effect(f, inner, chosen) for inner in e.effects) if x)
    if isinstance(e, RemoveFromCombat):
        out = []
        for pid in play.objects(f, e.who, chosen):
            if pid not in play.attackers:
                continue
            del play.attackers[pid]  # 506.4: no longer an attacking creature
            play.edit.removed.add(pid)
            out.append(f"{pid} is removed from combat")
        return ", ".join(out) or "nothing removed"
    assert isinstance(e, PreventCombatDamage)
    if e.who is None:  # 615.1a: a prevention of all combat damage this turn, as a scenario's
        play.edit.effects.append(SimpleNamespace(prevent_damage=SimpleNamespace(
            combat=True, to=None, by=None)))
        return "all combat damage is prevented this turn"
    ids = play.objects(f, e.who, chosen)
    text = f.ability.text
    for pid in ids:
        shield = PreventDamage(to=e.to, by=True, damage="combat", text=text)
        play.edit.put(_granted(play.edit.perm(pid), shield, text))
    what = "dealt to and by" if e.to else "dealt by"
    return ", ".join(f"combat damage {what} {pid} is prevented this turn" for pid in ids) \
        or "no creature"


# ---------------------------------------------------------------- removed from combat (506.4)


def removed_from_combat(view: Any, removed: set[str]) -> None:
    """A scenario combat view (attackers, blockers, blocked) without the attacking creatures
    ``removed`` from combat, in place: a creature blocking one stays a blocking creature
    (its list may be empty) and is assigned no damage by it, nor assigns it any (510.1)."""
    view.attackers = {a: x for a, x in view.attackers.items() if a not in removed}
    view.blockers = {b: [a for a in atts if a not in removed] for b, atts in view.blockers.items()}
    view.blocked = tuple(a for a in view.blocked if a not in removed)
    view.damage_order = {a: o for a, o in view.damage_order.items() if a not in removed}
    view.assignment = {a: x for a, x in view.assignment.items() if a not in removed}
    view.bands = tuple(tuple(a for a in band if a not in removed) for band in view.bands)
    view.first_strike_dealt = tuple(a for a in view.first_strike_dealt if a not in removed)


def removed_combat_state(combat: Any, removed: set[str]) -> Any:
    """The board's :class:`redzone.models.battlefield.CombatState` without the attacking
    creatures ``removed`` from combat (506.4: combat-dependent effects stop applying)."""
    return dataclasses.replace(
        combat, attacking={a: x for a, x in combat.attacking.items() if a not in removed},
        blocks=frozenset((b, a) for b, a in combat.blocks if a not in removed),
        at_player=frozenset(a for a in combat.at_player if a not in removed))


def blocks_in_combat(blocks: Mapping[str, Sequence[str]], attackers: Mapping[str, str]
                     ) -> dict[str, list[str]]:
    """``blocks`` (blocker -> attackers it blocks) with only the attackers still attacking
    after a window (``attackers``; one removed from combat is not, 506.4). Creatures put onto
    the battlefield attacking are never blocked (508.4), so nothing is added."""
    return {b: [a for a in atts if a in attackers] for b, atts in blocks.items()}


_BASE_SET = "base power and toughness set until end of turn"
"""The condition a creature gets from :class:`SetBase` (a second one the same turn is not
played: the base before it is not known)."""


def _set_base(play: Any, f: Any, e: SetBase, chosen: dict[str, Any]) -> str:
    """613.4b: the new base replaces the printed one (layer 7b) under the layer-7c changes
    the creature has; folded like a pump (its base and ``until_end_of_turn`` change by the
    difference, undone in the cleanup step, 514.2). Its base before is the printed one less
    this turn's pumps; a creature without a printed base, under another base-setting effect
    of a permanent (613.7: which one wins depends on timestamps), or whose base was set this
    turn already is not changed, and the result says so."""
    from redzone.models.effect_abilities import SetBasePT
    from redzone.models.triggers.resolve import _pumped  # pyright: ignore[reportPrivateUsage]

    n = play.amount(f, e.amount) if e.amount is not None else None
    power, toughness = (n, n) if n is not None else (e.power, e.toughness)
    if e.toughness_amount is not None:
        toughness = play.amount(f, e.toughness_amount)
    out = []
    for pid in play.objects(f, e.who, chosen):
        perm = play.edit.perm(pid)
        b = perm.base
        if b is None or b.power is None or b.toughness is None:
            out.append(f"not played: {pid} has no printed power and toughness")
            continue
        if play.board.abilities_affecting(perm, SetBasePT):
            out.append(f"not played: another base power and toughness effect applies to {pid}")
            continue
        eot = perm.until_end_of_turn
        if perm.conditions.get(_BASE_SET) and eot is not None:
            out.append(f"not played: {pid}'s base power and toughness were set this turn already "
                       "(its base before is not known)")
            continue
        was_p = b.power - (eot.power if eot is not None else 0)
        was_t = b.toughness - (eot.toughness if eot is not None else 0)
        new = _pumped(perm, power - was_p, toughness - was_t)
        play.edit.put(dataclasses.replace(new, conditions={**new.conditions, _BASE_SET: True}))
        out.append(f"{pid} has base power and toughness {power}/{toughness}")
    return ", ".join(out) or "no creature"
