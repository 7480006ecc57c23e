"""Choices made as a creature attacks and the reflexive triggered abilities that follow them
(and another reflexive ability: Magma Pummeler's "When one or more counters are removed from
this creature this way", after a prevention that removes counters, 615, 603.12):
exert (CR 701.43: "You may exert this creature as it attacks. When you do, ...") and enlist
(702.154a: "As this creature attacks, you may tap a nonattacking creature you control ...
When you do, this creature gets +X/+0 until end of turn, where X is the tapped creature's
power"); also "Whenever you exert a creature, ..." (Trueheart Twins).

Neither choice uses the stack: it is made as attackers are declared (508.1, 701.43a,
702.154a), by the attacking creature's controller, and a scenario may state it on the
permanent (``conditions: {"exerted": true|false}``, ``{"enlisted": false}``). What it
triggers — the reflexive "When you do" (603.12) and "whenever you exert a creature" —
goes on the stack with the other abilities of the declare attackers step (events
``"exerted"`` and ``"enlisted"``: :func:`redzone.models.triggers.resolve.attack_window`).

:func:`choice_triggers` reads a permanent's set-aside sentences in their order (a "When you
do" sentence needs the sentence before it); :func:`may_exert` and :func:`has_enlist` say
which choices a creature offers; :func:`read_in_context` tells
:func:`redzone.solver.not_played.not_played` which sentences are played. Pure Python.
"""

from __future__ import annotations

import re
from functools import lru_cache

from redzone.models.abilities import ParsedText
from redzone.models.triggers.parse import _SELF, _effects, _normalise, _Reading, _Refs
from redzone.models.triggers.types import Amount, DamageEffect, Pump, TriggeredAbility, Watch, Who

__all__ = ["choice_triggers", "enters_stopped", "enters_triggers", "exert_reflexive",
           "has_enlist", "may_exert", "read_in_context"]

# h27: "If ~ hasn't been exerted this turn, you may exert it as it attacks" (Combat
# Celebrant): a scenario is the turn's first combat, so it has not been (701.43a)
_EXERT = re.compile(r"(?:If ~ hasn't been exerted this turn, you|You) may exert (?:~|it|him|her) as (?:it|he|she|~) "
                    r"attacks\.?")
_WHEN_YOU_DO = re.compile(r"When you do, (?P<effect>.+)")
_WHENEVER_EXERT = re.compile(r"Whenever you exert (?:a|one or more) creatures?, (?P<effect>.+)")
_ENLIST = re.compile(r"Enlist\.?", re.IGNORECASE)
_REMOVED = re.compile(r"When one or more counters are removed from ~ this way, (?:it|~) deals that "
                      r"much damage to (any target|each opponent|target player|target opponent)\.?")
_REMOVED_WHO = {"any target": Who("any_target"), "each opponent": Who("each_opponent"),
                "target player": Who("target_player"), "target opponent": Who("target_opponent")}


def _reflexive(effect: str, reading: _Reading, text: str, event: str) -> TriggeredAbility | None:
    got = _effects(effect, _Refs(reading), False)
    if got is None:
        return None
    effects, optional = got
    return TriggeredAbility(event, effects, text, watch=reading.watch,  # type: ignore[arg-type]
                            optional=optional)


@lru_cache(maxsize=4096)
def _read(sentences: tuple[str, ...], names: tuple[str, ...]) -> tuple[tuple[int, TriggeredAbility], ...]:
    out: list[tuple[int, TriggeredAbility]] = []
    norm = [_normalise(s, names) for s in sentences]
    for i, s in enumerate(norm):
        m = _WHEN_YOU_DO.fullmatch(s.rstrip("."))
        if m and i > 0 and _EXERT.fullmatch(norm[i - 1]):
            # 603.12: triggers when the creature is exerted; "it" is the exerted creature
            got = _reflexive(m["effect"], _Reading("exerted", Watch()), sentences[i], "exerted")
            if got is not None:
                out.append((i, got))
            continue
        m = _WHENEVER_EXERT.fullmatch(s.rstrip("."))
        if m:
            reading = _Reading("exerted", Watch("creatures", "you"), it=Who("trigger"),
                               that_creature=Who("trigger"))
            got = _reflexive(m["effect"], reading, sentences[i], "exerted")
            if got is not None:
                out.append((i, got))
            continue
        m = _REMOVED.fullmatch(s)
        if m:  # 603.12: after the prevention of the sentence before removed counters (615)
            out.append((i, TriggeredAbility(
                "counters_removed", (DamageEffect(_REMOVED_WHO[m[1]], Amount(1, "damage_dealt")),),
                sentences[i])))
            continue
        if _ENLIST.fullmatch(s):
            out.append((i, TriggeredAbility(
                "enlisted", (Pump(_SELF, 1, 0, Amount(1, "enlisted_power")),), sentences[i],
                keyword="enlist")))
    return tuple(out)


def choice_triggers(parsed: ParsedText, names: tuple[str, ...]) -> tuple[TriggeredAbility, ...]:
    """The reflexive and exert triggered abilities of a permanent whose parsed text is
    ``parsed`` (module docstring), in text order."""
    if not parsed.ignored:
        return ()
    return tuple(t for _, t in _read(tuple(parsed.ignored), names))


def read_in_context(sentences: tuple[str, ...], names: tuple[str, ...]) -> frozenset[int]:
    """Indexes of ``sentences`` this module plays (a "When you do" after an exert sentence,
    "whenever you exert a creature", enlist, counters removed "this way")."""
    return frozenset(i for i, _ in _read(tuple(sentences), names))


@lru_cache(maxsize=4096)
def exert_reflexive(sentences: tuple[str, ...], names: tuple[str, ...]) -> frozenset[int]:
    """h27: indexes of the "When you do, ..." sentences of ``sentences`` (a permanent's
    set-aside sentences, in order) that follow an exert sentence, read or not: triggered
    abilities of combat (the creature is exerted as it attacks, 701.43a; the reflexive
    ability triggers then, 603.12), which the coverage figures and ``redzone card`` count
    with the other triggers of combat — one this module does not read is reported."""
    norm = [_normalise(s, names) for s in sentences]
    return frozenset(i for i in range(1, len(norm))
                     if _WHEN_YOU_DO.fullmatch(norm[i].rstrip(".")) and _EXERT.fullmatch(norm[i - 1]))


def reflexive_unread(sentence: str, names: tuple[str, ...]) -> str | None:
    """h27: the effect of a "When you do, <effect>" ``sentence`` when the trigger reader
    does not read it (for ``redzone card``'s "why not played"), else ``None``."""
    m = _WHEN_YOU_DO.fullmatch(_normalise(sentence, names).rstrip("."))
    if m is None or _reflexive(m["effect"], _Reading("exerted", Watch()), sentence, "exerted"):
        return None
    return m["effect"]


def may_exert(parsed: ParsedText, names: tuple[str, ...]) -> str | None:
    """The exert sentence ("You may exert this creature as it attacks.", 701.43a) of a
    permanent, or ``None``."""
    return _exert(tuple(parsed.ignored), names) if parsed.ignored else None


@lru_cache(maxsize=4096)
def _exert(sentences: tuple[str, ...], names: tuple[str, ...]) -> str | None:
    for s in sentences:
        if _EXERT.fullmatch(_normalise(s, names)):
            return s
    return None


def has_enlist(parsed: ParsedText) -> bool:
    """Whether a permanent has enlist (702.154a)."""
    return bool(parsed.ignored) and _enlist(tuple(parsed.ignored))


@lru_cache(maxsize=4096)
def _enlist(sentences: tuple[str, ...]) -> bool:
    return any(_ENLIST.fullmatch(s.strip()) for s in sentences)


_ENTERS = re.compile(r"When ~ enters, (?P<effect>.+)")
_STOPPED = re.compile(r"Creatures entering(?: the battlefield)?(?: or dying)? don't cause abilities to "
                      r"trigger\.?")


@lru_cache(maxsize=4096)
def _enters(sentences: tuple[str, ...], names: tuple[str, ...]) -> tuple[TriggeredAbility, ...]:
    out: list[TriggeredAbility] = []
    for text in sentences:
        m = _ENTERS.fullmatch(_normalise(text, names).rstrip("."))
        if m:
            got = _reflexive(m["effect"], _Reading("enters", Watch()), text, "enters")
            if got is not None:
                out.append(got)
    return tuple(out)


def enters_triggers(parsed: ParsedText, names: tuple[str, ...]) -> tuple[TriggeredAbility, ...]:
    """A permanent's own "When ~ enters, ..." abilities that are read (603.6a). The play of
    combat produces the event only when a creature returns to the battlefield (persist,
    undying): they are played then, and are not among :func:`redzone.models.triggers.resolve.
    triggers` (a board with only enters abilities has nothing that triggers in combat)."""
    if not parsed.ignored:
        return ()
    return _enters(tuple(parsed.ignored), names)


def enters_stopped(sentences: tuple[str, ...]) -> bool:
    """Whether one of ``sentences`` says creatures entering the battlefield don't cause
    abilities to trigger (Torpor Orb, Hushbringer; 603.2)."""
    return any(_STOPPED.fullmatch(s.strip()) for s in sentences)
