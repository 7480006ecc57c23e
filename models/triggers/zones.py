"""Damage to players and planeswalkers, removal of any permanent, and sacrifices of a kind,
for triggered abilities of combat (docs/triggers.md, "Targets and removal (h7)").

Reading (:func:`zone_clause`, called by :mod:`redzone.models.triggers.parse` before its own
forms, for what those don't read):

- damage to "target player or planeswalker", "target opponent or planeswalker", "the player
  or planeswalker it's attacking" (506.2: what the source, or the creature whose event it
  was, attacks), "each creature with(out) flying [that player controls]", "each player",
  "any other target", "target planeswalker that player controls", N or "that much" (the
  damage of the triggering event);
- "destroy / exile [up to one] target artifact / enchantment / land / permanent / nonland
  permanent / noncreature permanent / artifact or enchantment / white permanent ... [that
  player / defending player / an opponent controls, you don't control]" (a creature among
  them is a creature: it leaves, 701.8, 701.13; a noncreature permanent leaves the
  battlefield too, and a departed Equipment, Aura or anthem is handled like any permanent
  that left, :func:`redzone.models.outcome.relayered_after_departures`);
- "sacrifice a land / an artifact / a Food / a Blood token / a Mountain / a nonland
  permanent / another permanent / a creature or land ...", "each player / each opponent /
  defending player / that player sacrifices a land / a creature / an artifact / a nonland
  permanent of their choice" (701.21a: the sacrificing player's choice; "each player": the
  controller first, then each opponent).

Playing: :func:`extra_targets`, :func:`extra_objects` and :func:`extra_players` extend
:class:`redzone.models.triggers.resolve._Play`'s targets (603.3d), objects and players for
these kinds; :func:`may_sacrifice` filters what a player may sacrifice. Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from redzone.models.ability_base import Quality
from redzone.models.battlefield import Permanent, matches_quality
from redzone.models.parser.vocabulary import CREATURE_TYPES, singular
from redzone.models.triggers.types import (Amount, DamageEffect, Destroy, Effect, Sacrifice,
                                           TapEffect, Who)

__all__ = ["extra_objects", "extra_players", "extra_targets", "may_sacrifice", "more_obj",
           "zone_clause"]

_SELF = Who("source")
_TRIGGER = Who("trigger")
_DAMAGE_EVENTS = ("combat_damage_player", "combat_damage_creature", "combat_damage",
                  "dealt_damage", "deals_damage")
_TYPES = {"artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
          "creature": "Creature", "planeswalker": "Planeswalker", "battle": "Battle"}
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_NONCREATURE_SUBTYPES = {"Food", "Blood", "Clue", "Treasure", "Powerstone", "Equipment",
                         "Aura", "Forest", "Island", "Mountain", "Plains", "Swamp", "Map",
                         "Gold", "Vehicle"}
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}


# ---------------------------------------------------------------- reading

def _controller(words: str | None, refs: Any) -> str | None:
    """``Who.controller`` of "that player controls", "an opponent controls" ...; ``None``
    when it can't be said here."""
    if not words:
        return "any"
    words = words.strip()
    fixed = {"you control": "you", "an opponent controls": "opponents",
             "you don't control": "opponents", "your opponents control": "opponents"}
    if words in fixed:
        return fixed[words]
    if words in ("that player controls", "defending player controls"):
        return refs.whose(words)
    return None


def _permanent_kinds(desc: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] | None:
    """("artifact or enchantment" -> ((Artifact, Enchantment), (), ())): the card types one
    of which the permanent has (``()``: any), those it must not have, and its colours (one
    of); ``None`` when not understood."""
    words = desc.split()
    exclude: list[str] = []
    colors: list[str] = []
    types: list[str] = []
    rest = " ".join(words)
    m = re.fullmatch(r"((?:non(?:land|creature),? )*)((?:(?:white|blue|black|red|green)"
                     r"(?: or | and/or |, | )?)*)(.+)", rest)  # h13: "black or red permanent"
    if not m:
        return None
    exclude = [_TYPES[w.removeprefix("non").rstrip(",")] for w in m[1].split()]
    colors = [_COLORS[w] for w in re.split(r" or | and/or |, ", m[2].strip()) if w]
    for w in re.split(r", or | or |, | and/or ", m[3]):
        if w == "permanent":
            continue
        if w not in _TYPES:
            return None
        types.append(_TYPES[w])
    if not m[3].endswith("permanent") and not types:
        return None
    return tuple(types), tuple(exclude), tuple(colors)


def _target_permanent(words: str, refs: Any) -> Who | None:
    """"[up to one ]target <kinds> [<controller>]" naming some noncreature permanent (a
    target creature alone is the parser's own reading), or ``None``."""
    m = re.fullmatch(r"(up to one )?target (.+?)( that player controls| defending player "
                     r"controls| an opponent controls| you don't control| you control)?", words)
    if not m:
        return None
    kinds = _permanent_kinds(m[2])
    if kinds is None:
        return None
    types, exclude, colors = kinds
    if types == ("Creature",) and not exclude:
        return None
    ctl = _controller(m[3], refs)
    if ctl is None:
        return None
    quals = (Quality(colors=colors),) if colors else ()
    return Who("target_permanent", ctl, qualities=quals, up_to=bool(m[1]),  # type: ignore[arg-type]
               also_types=types, exclude_types=exclude)


def _damage_targets(words: str, refs: Any) -> tuple[Who, ...] | None:
    """The recipients of damage this module adds to the parser's: players or planeswalkers,
    what a creature is attacking, creatures with or without flying, each player."""
    if words in ("target player or planeswalker", "target opponent or planeswalker"):
        # one representation with board_effects.read_damage: a target player (opponent)
        # that may be a planeswalker too (115.1, ``Who.also_types``)
        kind = "target_player" if words.startswith("target player") else "target_opponent"
        return (Who(kind, also_types=("Planeswalker",)),)  # type: ignore[arg-type]
    if words == "the player or planeswalker it's attacking":
        if refs.r.it == _SELF:
            return (Who("attacked"),)
        if refs.r.it == _TRIGGER:
            return (Who("trigger_attacked"),)
        return None
    if words == "each player":
        return (Who("you"), Who("each_opponent"))
    permanent = _target_permanent(words, refs)  # "target creature or planeswalker ..."
    if permanent is not None:
        return (permanent,)
    if words == "any other target":
        return (Who("any_target", other=True),)
    m = re.fullmatch(r"target planeswalker (that player controls|defending player controls|an "
                     r"opponent controls|you don't control)", words)
    if m:
        ctl = _controller(m[1], refs)
        return None if ctl is None else (Who("target_permanent", ctl,  # type: ignore[arg-type]
                                             also_types=("Planeswalker",)),)
    return None


def more_obj(s: str, refs: Any) -> Who | None:
    """Creatures the parser's ``_Refs.obj`` doesn't name: "[another / up to one] target
    [non]white (blue ...) creature [you control / an opponent controls / ...]", "target
    creature [<controller>] with power (toughness) N or less (greater)", "each creature with
    (without) flying [<controller>]"; ``None`` otherwise."""
    m = re.fullmatch(r"(up to one |another )?target (non)?(white|blue|black|red|green) creature"
                     r"( you control| an opponent controls| you don't control| that player "
                     r"controls| defending player controls)?", s)
    if m:
        ctl = _controller(m[4], refs)
        if ctl is None:
            return None
        q = Quality(exclude_colors=(_COLORS[m[3]],)) if m[2] else Quality(colors=(_COLORS[m[3]],))
        return Who("target_creature", ctl, other=m[1] == "another ", qualities=(q,),  # type: ignore[arg-type]
                   up_to=m[1] == "up to one ")
    m = re.fullmatch(r"(up to one )?target creature( you control| an opponent controls| you "
                     r"don't control| that player controls| defending player controls)? with "
                     r"(power|toughness) (\d+) or (less|greater)", s)
    if m:
        ctl = _controller(m[2], refs)
        if ctl is None:
            return None
        bound = "at_most" if m[5] == "less" else "at_least"
        q = Quality(**{f"{m[3]}_{bound}": int(m[4])})  # type: ignore[arg-type]
        return Who("target_creature", ctl, qualities=(q,), up_to=bool(m[1]))  # type: ignore[arg-type]
    m = re.fullmatch(r"each creature (with|without) flying( that player controls| defending "
                     r"player controls| you don't control| your opponents control| you control)?", s)
    if m:
        ctl = _controller(m[2], refs)
        if ctl is None:
            return None
        q = Quality(keywords=("flying",)) if m[1] == "with" else Quality(without_keywords=("flying",))
        return Who("each_creature", ctl, qualities=(q,))  # type: ignore[arg-type]
    return None


def _sacrificed(desc: str) -> tuple[tuple[Quality, ...], tuple[str, ...], bool] | None:
    """What "sacrifice a <desc>" may take: (one of these qualities, card types excluded,
    "another"); ``None`` when not understood."""
    other = desc.startswith("another ")
    desc = desc.removeprefix("another ")
    exclude: tuple[str, ...] = ()
    m = re.fullmatch(r"non(land|creature) (.+)", desc)
    if m:
        exclude = (_TYPES[m[1]],)
        desc = m[2]
    nontoken = desc.startswith("nontoken ")
    desc = desc.removeprefix("nontoken ")
    quals: list[Quality] = []
    for w in re.split(r" or an? | or ", desc):
        token = w.endswith(" token") or w.endswith(" tokens")
        w = re.sub(r" tokens?$", "", w)
        if w in ("permanent", "permanents"):
            quals.append(Quality(token=True) if token else Quality())
            continue
        if w == "token":
            quals.append(Quality(token=True))
            continue
        one = w.rstrip("s") if w.rstrip("s") in _TYPES else w
        if one in _TYPES:
            quals.append(Quality(types=(_TYPES[one],), token=True if token else None))
            continue
        sub = w if w in _NONCREATURE_SUBTYPES or w in CREATURE_TYPES else singular(w)
        if sub and (sub in _NONCREATURE_SUBTYPES or sub in CREATURE_TYPES):
            quals.append(Quality(subtypes=(sub,), token=True if token else None))
            continue
        return None
    if nontoken:
        if any(q.token is not None for q in quals):
            return None
        quals = [dataclasses.replace(q, token=False) for q in quals]
    return tuple(quals), exclude, other


def zone_clause(s: str, refs: Any, dies_self: bool,
                sentence: Callable[[str, Any, bool], tuple[Effect, ...] | None]
                ) -> tuple[Effect, ...] | None:
    """One effect clause of this module's kinds (module docstring), or ``None``."""
    m = re.fullmatch(r"(he|she) (deals .+)", s)
    if m and refs.r.it == _SELF:
        return sentence("~ " + m[2], refs, dies_self)  # "he deals ...": the source
    m = re.fullmatch(r"(.+?) (gains?) (.+?) and (gets?) ([+\-−][\dX]+/[+\-−][\dX]+|[+\-−]\d+/[+\-−]\d+|"
                     r"[+\-−]9973/[+\-−]\d+|[+\-−]\d+/[+\-−]9973|[+\-−]9973/[+\-−]9973) until end of turn", s)
    if m:  # "X gains trample and gets +2/+2 until end of turn": the parser's order
        return sentence(f"{m[1]} {m[4]} {m[5]} and {m[2]} {m[3]} until end of turn", refs, dies_self)
    m = re.fullmatch(r"have (.+?) (get|gain) (.+)", s)
    if m and not m[1].startswith(("~ ", "it ")):  # "you may have other attacking creatures get ..."
        verb = m[2] if m[1].endswith("s") and not m[1].endswith("ss") else m[2] + "s"
        return sentence(f"{m[1]} {verb} {m[3]}", refs, dies_self)
    m = re.fullmatch(r"its controller (.+)", s)
    if m and refs.r.it == _TRIGGER and refs.r.that_creature == _TRIGGER:
        # "whenever a creature an opponent controls dies, its controller ...": that creature's
        return sentence("that creature's controller " + m[1], refs, dies_self)
    m = re.fullmatch(r"(?:have )?(~|it) deals? (\d+|that much) damage to (.+)", s)
    if m and (m[1] == "~" or refs.r.it == _SELF):
        if m[2] == "that much":
            if refs.r.event not in _DAMAGE_EVENTS:
                return None
            amount = Amount(1, "damage_dealt")
        else:
            amount = Amount(int(m[2]))
        targets = _damage_targets(m[3], refs)
        if targets is None and " and each " in m[3]:
            # "each attacking creature and each blocking creature": one event (120.3); no
            # state-based action until the ability has resolved (704.3)
            parts = [refs.obj(w) for w in m[3].split(" and ")]
            targets = None if any(w is None or w.kind.startswith("target") for w in parts) \
                else tuple(w for w in parts if w is not None)
        if targets is None and m[2] == "that much" and m[3] not in (
                "any target", "each opponent", "you", "target creature", "target player",
                "target opponent", "defending player", "each other opponent"):
            # what the parser reads with N but not with "that much" (120.3)
            who = refs.player(m[3]) or refs.obj(m[3])
            targets = None if who is None else (who,)
        return None if targets is None else tuple(DamageEffect(w, amount) for w in targets)
    m = re.fullmatch(r"(destroy|exile) (.+)", s)
    if m:
        who = _target_permanent(m[2], refs)
        return None if who is None else (Destroy(who, exile=m[1] == "exile"),)
    m = re.fullmatch(r"(tap|untap) (.+)", s)
    if m:  # a target land, artifact or permanent (a creature among them is a creature)
        who = _target_permanent(m[2], refs)
        return None if who is None else (TapEffect(who, untap=m[1] == "untap"),)
    m = re.fullmatch(r"sacrifice (a|an|one|two|three|another) (.+)", s)
    if m and not re.fullmatch(r"another creature(?: or (?:an )?artifact)?", f"{m[1]} {m[2]}") \
            and not (m[1] != "another" and re.fullmatch(r"(?:creatures?|permanents?)", m[2])):
        # (the parser reads "sacrifice a creature", "sacrifice another creature [or artifact]")
        n = 1 if m[1] == "another" else _COUNTS[m[1]]
        got = _sacrificed(("another " if m[1] == "another" else "") + m[2])
        if got is None:
            return None
        quals, exclude, other = got
        return (Sacrifice(Who("you"), Amount(n), other=other, kinds=quals,
                          exclude_types=exclude),)
    m = re.fullmatch(r"(each player|each opponent|defending player|that player|target opponent)"
                     r" sacrifices? (a|an|one|two|three) (.+?) of their choice", s)
    if m:
        got = _sacrificed(m[3])
        if got is None or got[2]:
            return None
        quals, exclude, _ = got
        if m[1] == "each player":
            whos: tuple[Who, ...] = (Who("you"), Who("each_opponent"))
        else:
            who = refs.player(m[1])
            if who is None or who.kind == "you":
                return None
            whos = (who,)
        if re.fullmatch(r"(?:creatures?|permanents?)", m[3]) and m[1] != "each player":
            return None  # the parser's own reading ("sacrifices a creature / permanent")
        return tuple(Sacrifice(w, Amount(_COUNTS[m[2]]), kinds=quals, exclude_types=exclude)
                     for w in whos)
    return None


# ---------------------------------------------------------------- playing

_TARGET_KINDS = ("target_permanent",)


def _perms(play: Any) -> list[Permanent]:
    perms = play.edit.perms if play.edit.perms is not None else play.edit.base.permanents
    return [p for p in perms.values() if play.state.on_battlefield(p.id)]


def extra_targets(play: Any, f: Any, who: Who) -> list[str]:
    """The legal targets (603.3d) of this module's kinds for the ability of ``f``: permanents
    of the kinds named, controlled as said, that can be targeted (hexproof, shroud,
    protection). A target player or planeswalker is ``resolve``'s (``Who.also_types``)."""
    if who.kind not in _TARGET_KINDS:
        return []
    board = play.board
    out: list[str] = []
    if who.kind == "target_permanent":  # (players and planeswalkers: resolve.targets)
        whose: list[str] | None = None
        if who.controller in ("defending", "damaged_player"):
            whose = play.players(f, Who("defending_player" if who.controller == "defending"
                                        else "damaged_player"), {})
        for p in _perms(play):
            if who.also_types and not any(p.is_a(t) for t in who.also_types):
                continue
            if any(p.is_a(t) for t in who.exclude_types):
                continue
            if who.controller == "you" and p.controller != f.controller:
                continue
            if who.controller == "opponents" and p.controller == f.controller:
                continue
            if whose is not None and p.controller not in whose:
                continue
            if who.qualities and not any(matches_quality(board, p, q) for q in who.qualities):
                continue
            if play._targetable(f, p):
                out.append(p.id)
    return out


def extra_objects(play: Any, f: Any, who: Who, chosen: dict[str, Any]) -> list[str]:
    """The permanents of this module's kinds: the target chosen, if a permanent still on the
    battlefield; the planeswalker or battle attacked (506.2)."""
    if who.kind in _TARGET_KINDS:
        t = chosen.get("target")
        return [t] if isinstance(t, str) and not play.edit.base.is_player(t) \
            and play.state.on_battlefield(t) else []
    if who.kind in ("attached_to_trigger", "attached_to_blocked"):  # h13 (moves.py)
        if who.kind == "attached_to_trigger":
            carriers = [f.trigger] if f.trigger else []
        else:
            carriers = [a for a in play.blockers.get(f.source, [])]
        return [p.id for p in _perms(play) if p.attached_to in carriers
                and any(matches_quality(play.board, p, q) for q in who.qualities)]
    if who.kind == "created":  # h13: "that token": the tokens this resolution created
        first = getattr(play, "tokens_at", play.tokens)
        return [t for i in range(first + 1, play.tokens + 1)
                if play.state.on_battlefield(t := f"{f.source}~token{i}")
                and (play.edit.perms or {}).get(t) is not None]
    if who.kind == "each_permanent":  # h13: "destroy all nonland permanents" (moves.py)
        return [p.id for p in _perms(play)
                if (not who.also_types or any(p.is_a(t) for t in who.also_types))
                and not any(p.is_a(t) for t in who.exclude_types)]
    if who.kind in ("attacked", "trigger_attacked"):
        a = f.source if who.kind == "attacked" else f.trigger
        t = play.attackers.get(a) if a is not None and play.state.on_battlefield(a) else None
        return [t] if t is not None and not play.edit.base.is_player(t) \
            and play.state.on_battlefield(t) else []
    return []


def extra_players(play: Any, f: Any, who: Who, chosen: dict[str, Any]) -> list[str]:
    """The players of this module's kinds: the target chosen, if a player; the player
    attacked (506.2)."""
    if who.kind in _TARGET_KINDS:
        t = chosen.get("target")
        return [t] if isinstance(t, str) and play.edit.base.is_player(t) else []
    if who.kind in ("attacked", "trigger_attacked"):
        a = f.source if who.kind == "attacked" else f.trigger
        t = play.attackers.get(a) if a is not None and play.state.on_battlefield(a) else None
        return [t] if t is not None and play.edit.base.is_player(t) \
            and play.state.in_game(t) else []
    return []


def may_sacrifice(board: Any, perm: Permanent, e: Sacrifice) -> bool:
    """Whether ``perm`` is of a kind ``e`` lets its player sacrifice (``kinds``,
    ``exclude_types``); always when ``e`` names no kind."""
    if any(perm.is_a(t) for t in e.exclude_types):
        return False
    return not e.kinds or any(matches_quality(board, perm, q) for q in e.kinds)
