"""Keyword actions in effects of combat triggers (h9; docs/triggers.md, "Effects"):
amass (CR 701.47), endure, connive (701.50), blight, and "you create ..." (a token created
by the ability's controller, the subject said).

:func:`read_clause` is called by :mod:`redzone.models.triggers.parse` for one effect clause
(no final period) with the parser's reference resolver ``refs`` (``obj``, ``r``) and its
sentence reader ``sentence``; :func:`resolve` plays what it returns in the window being
resolved (``play``: the resolver's ``_Play``). Each choice made as the ability resolves is a
``Choice`` ``"chosen"`` of the ability's controller (stated as
``combat.trigger_choices[].chosen``): the Army that gets the counters, "counters" or
"token" for endure, "nonland" or "land" for the card a conniving player discards, the
creature that gets blight's counters. Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from redzone.models.parser.vocabulary import CREATURE_TYPES, singular
from redzone.models.triggers.types import (Amass, Amount, AtNextEndStep, ManifestDread, Transform, Blight, Connive, Counters, CreateTokens,
                                           Effect, Endure, Pump, TapAny, ValueOnly, Who)
from redzone.models.ability_base import Quality

__all__ = ["CHOSEN", "EFFECTS", "LEAVES_AT_END_STEP", "TAP_LIMIT", "read_clause", "read_whole", "resolve", "stops",
           "names_ok", "that_target", "the_target", "transformable"]

Reader = Callable[[str], "tuple[Effect, ...] | None"]


EFFECTS = (Amass, AtNextEndStep, Blight, Connive, Endure, ManifestDread, TapAny, Transform)
"""The effect classes :func:`resolve` plays."""

CHOSEN = (Amass, Blight, Connive, Endure)
"""The effects whose choice made on resolution is stated as ``trigger_choices[].chosen``."""

_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _n(s: str) -> int | None:
    return int(s) if s.isdigit() else _COUNT.get(s)


def read_clause(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """One clause of this module's effects, or ``None``."""
    m = re.fullmatch(r"amass ([A-Z][\w'-]*) (\d+)", s)
    if m:
        one = singular(m[1])
        if not one or one not in CREATURE_TYPES:
            return None
        return (Amass(int(m[2]), one),)
    m = re.fullmatch(r"(.+?) endures? (\d+)", s)
    if m:
        words = m[1].strip()
        who = refs.obj("it" if words in ("he", "she") else words)
        if who is None or who.kind not in ("source", "trigger"):
            return None
        return (Endure(who, int(m[2])),)
    m = re.fullmatch(r"(.+?) connives?", s)
    if m:
        words = m[1].strip()
        who = refs.obj("it" if words in ("he", "she") else words)
        if who is None or who.kind not in ("source", "trigger"):
            return None
        return (Connive(who),)
    m = re.fullmatch(r"blight (\d+|a|one|two|three)", s)
    if m:
        n = _n(m[1])
        return None if n is None else (Blight(n),)
    m = re.fullmatch(r"(?:transform|flip) (~|it|him|her)", s)
    if m:  # h13: "flip" a flip card (709.4): its other half, played as a transform  # only the source itself (checked against the card by :func:`transformable`)
        who = refs.obj("it" if m[1] in ("him", "her") else m[1])
        return None if who is None or who.kind != "source" else (Transform(who),)
    if s == "manifest dread":
        return (ManifestDread(),)
    if re.fullmatch(r"(?:~|it) becomes prepared", s):
        # its reminder text: while prepared, its controller may cast a copy of its spell
        # (casting it unprepares it). Nobody casts in the play of combat, and no card in the
        # card data looks at whether a creature is prepared other than to cast: a value
        return (ValueOnly("prepared"),)
    m = (re.fullmatch(r"(sacrifice|return) (.+?)(?: to its owner's hand)? at the beginning of the next "
                      r"end step", s)
         or re.fullmatch(r"at the beginning of the next end step, (sacrifice|return) (.+?)"
                         r"(?: to its owner's hand)?", s))
    if m and (m[1] == "sacrifice") != ("to its owner's hand" in s) and refs.r.event not in ("dies", "leaves"):
        who = refs.obj(m[2])
        if who is None or who.kind not in ("source", "trigger", "target_creature", "created"):
            return None
        return (AtNextEndStep(who, "sacrifice" if m[1] == "sacrifice" else "to_hand"),)
    m = re.fullmatch(r"have (it|~) (get|gain|deal)( .+)", s)
    if m:  # "you may have it get +4/+0 until end of turn" (Attack-in-the-Box)
        return sentence(f"{m[1]} {m[2]}s{m[3]}")
    if s.startswith("you create "):
        # the ability's controller creates it, as "create ..." says (Crimson Cowl)
        return sentence(s[len("you "):])
    return None


_TAP_ANY = re.compile(
    r"(?:you may )?tap any number of untapped (?P<what>creatures|[A-Z][\w'-]*) you control\. "
    r"(?:~ gets \+(?P<p>\d+)/\+(?P<t>\d+) until end of turn for each creature tapped this way"
    r"|draw a card for each (?P<one>[A-Z][\w'-]*) tapped this way)\.?")


def read_whole(rest: str) -> tuple[tuple[Effect, ...], bool] | None:
    """An effect text of several sentences read as one (``(effects, optional)``): "[you may]
    tap any number of untapped creatures you control. ~ gets +1/+1 until end of turn for
    each creature tapped this way" (Ledev Champion; :class:`TapAny`), "... Humans you
    control. Draw a card for each Human tapped this way"; ``None`` otherwise."""
    m = _TAP_ANY.fullmatch(rest.strip())
    if not m:
        return None
    quality = None
    if m["what"] != "creatures":
        one = singular(m["what"])
        if not one or one not in CREATURE_TYPES or (m["one"] and m["one"] != one):
            return None
        quality = Quality(subtypes=(one,))
    elif m["one"]:
        return None
    if m["p"]:
        return (TapAny(quality, int(m["p"]), int(m["t"])),), False
    return (TapAny(quality), ValueOnly("draw")), False


TAP_LIMIT = 1024
"""More sets than this to choose from for one :class:`TapAny` is an error (never a cut)."""


def _tap_any(play: Any, f: Any, e: TapAny, chosen: dict[str, Any]) -> str:
    from redzone.models.battlefield import matches_quality
    from redzone.models.triggers.resolve import Choice

    board = play.board
    # an attacking creature without vigilance was tapped as it was declared (508.1f), whatever
    # the scenario's ``tapped`` says
    own = [c.id for c in play.creatures() if c.controller == f.controller and not c.tapped
           and not play.attacked_tapped(c, board)
           and (e.quality is None or matches_quality(board, c, e.quality))]
    options = [s for k in range(len(own), -1, -1) for s in play.sacrifice_sets(own, k)]
    if len(options) > TAP_LIMIT:
        raise RuntimeError(f"tapping any number of {len(own)} creatures ({len(options)} sets, more "
                           f"than {TAP_LIMIT}) is not enumerated")
    pick = options[0] if len(options) == 1 else play.choose(
        Choice(f.controller, "tapped", f.source, f.ability.text, tuple(options), f.trigger,
               tuple(own)))
    chosen["tapped"] = list(pick)
    for pid in pick:
        play.edit.put(dataclasses.replace(play.edit.perm(pid), tapped=True))
        play.tapped.append(pid)  # 701.26a: each was untapped ("becomes tapped")
    line = ", ".join(f"{pid} tapped" for pid in pick) or "nothing tapped"
    if (e.power or e.toughness) and pick:
        line += "; " + play.effect(f, Pump(Who("source"), e.power * len(pick),
                                           e.toughness * len(pick)), chosen)
    return line


LEAVES_AT_END_STEP = "leaves at the next end step"
"""The ``conditions`` key of a permanent a delayed ability makes leave the battlefield at the
beginning of the next end step (:class:`AtNextEndStep`): the board of the
next turn (:func:`redzone.solver.ai.position.next_turn_board`) leaves it out."""


def _manifest(play: Any, f: Any) -> str:
    """A face-down 2/2 creature (708.2) of the controller's: a card, not a token; untapped,
    not attacking, summoning sick; the permanents' effects applied to it (613)."""
    from redzone.models.abilities import ParsedText
    from redzone.models.battlefield import Base, Permanent
    from redzone.models.triggers.tokens import layered_tokens

    play.tokens += 1
    pid = f"{f.source}~manifest{play.tokens}"
    perm = Permanent(id=pid, name="Face-down creature", controller=f.controller, owner=f.controller,
                     index=len(play.edit.base.permanents) + play.tokens, types=("Creature",),
                     power=2, toughness=2, summoning_sick=True, parsed=ParsedText(),
                     base=Base(("Creature",), (), (), (), 2, 2))
    play.edit.put(perm)
    play.state.damage[pid] = 0
    play.state.counters[pid] = {}
    layered_tokens(play, [pid])
    return f"{f.controller} manifests a card: {pid}, a face-down 2/2 creature (701.62a, 708.2)"


def stops(e: Effect, line: str) -> bool:
    """Whether the effects after ``e`` (its result ``line``) are not done: "you may blight N.
    If you do, ..." when the controller had no creature to put the counters on (608.2c)."""
    return isinstance(e, Blight) and line == "no creature to blight"


def _choose(play: Any, f: Any, options: tuple[Any, ...], chosen: dict[str, Any]) -> Any:
    from redzone.models.triggers.resolve import Choice

    pick = options[0] if len(options) == 1 else play.choose(
        Choice(f.controller, "chosen", f.source, f.ability.text, options, f.trigger))
    if len(options) > 1:
        chosen["chosen"] = pick
    return pick


def _counters_on(play: Any, f: Any, pid: str, kind: str, n: int, chosen: dict[str, Any]) -> str:
    return play.effect(dataclasses.replace(f, trigger=pid), Counters(Who("trigger"), kind, Amount(n)),
                       chosen)


def resolve(play: Any, f: Any, e: Effect, chosen: dict[str, Any]) -> str:
    """Resolve one of this module's effects: a line of what it did."""
    if isinstance(e, Amass):
        lines = []
        armies = [c.id for c in play.creatures() if c.controller == f.controller and "Army" in c.subtypes]
        if not armies:  # 701.47a: the token first
            lines.append(play.create(f, CreateTokens(Amount(1), 0, 0, (e.subtype, "Army"), ("B",))))
            armies = [c.id for c in play.creatures() if c.controller == f.controller
                      and "Army" in c.subtypes]
            if not armies:
                return "; ".join(lines) or "no Army"
        pid = _choose(play, f, tuple(armies), chosen)
        lines.append(_counters_on(play, f, pid, "+1/+1", e.n, chosen))
        perm = play.edit.perm(pid)
        if e.subtype not in perm.subtypes:  # it becomes one in addition (701.47a)
            base = perm.base
            play.edit.put(dataclasses.replace(
                perm, subtypes=perm.subtypes + (e.subtype,),
                base=None if base is None else dataclasses.replace(
                    base, subtypes=base.subtypes + (e.subtype,))))
            lines.append(f"{pid} is also a {e.subtype}")
        return "; ".join(lines)
    if isinstance(e, Endure):
        ids = play.objects(f, e.who, chosen)
        pick = _choose(play, f, ("counters", "token") if ids else ("token",), chosen)
        if pick == "counters":
            return _counters_on(play, f, ids[0], "+1/+1", e.n, chosen)
        return play.create(f, CreateTokens(Amount(1), e.n, e.n, ("Spirit",), ("W",)))
    if isinstance(e, Connive):
        ids = play.objects(f, e.who, chosen)
        pick = _choose(play, f, ("nonland", "land"), chosen)
        line = f"{f.controller} draws a card and discards a {pick} card"
        if pick == "nonland" and ids:  # 701.50c: not once it has left the battlefield
            line += "; " + _counters_on(play, f, ids[0], "+1/+1", 1, chosen)
        return line
    if isinstance(e, TapAny):
        return _tap_any(play, f, e, chosen)
    if isinstance(e, ManifestDread):
        return _manifest(play, f)
    if isinstance(e, Transform):
        return _transform(play, f, e, chosen)
    if isinstance(e, AtNextEndStep):  # 603.7c: the objects are fixed now
        ids = play.objects(f, e.who, chosen)
        how = {"sacrifice": "sacrificed", "to_hand": "returned to its owner's hand",
               "exile": "exiled"}[e.kind]  # h23: exiled
        for pid in ids:
            perm = play.edit.perm(pid)
            play.edit.put(dataclasses.replace(perm, conditions={**perm.conditions,
                                                                LEAVES_AT_END_STEP: True}))
        return ", ".join(f"{pid} will be {how} at the beginning of the next end step (603.7, 513.1)"
                         for pid in ids) or "no creature"
    if isinstance(e, Blight):
        mine = tuple(c.id for c in play.creatures() if c.controller == f.controller)
        if not mine:
            return "no creature to blight"
        pid = _choose(play, f, mine, chosen)
        return _counters_on(play, f, pid, "-1/-1", e.n, chosen)
    return "not played"


def that_target(effects: list[Effect], sent: str, refs: Any) -> Who | None:
    """What "that creature" in ``sent`` names where the trigger condition names none ("whenever
    you attack, up to one target attacking creature can't be blocked this turn. At the beginning
    of the next end step, return that creature to its owner's hand": Alora): the ability's one
    target, as :func:`the_target`; ``None`` otherwise."""
    if "that creature" not in sent or refs.r.that_creature is not None:
        return None
    # h14: the one target among other objects ("put a +1/+1 counter on it and a +1/+1 counter
    # on up to one other target attacking creature. That creature can't be blocked ...")
    targets = {w for e in effects if (w := getattr(e, "who", None)) is not None
               and (w.kind.startswith("target") or w.kind == "any_target")}
    if len(targets) == 1:
        return next(iter(targets))
    return the_target(effects, "it ")


def the_target(effects: list[Effect], sent: str) -> Who | None:
    """What "it" / "its" at the start of ``sent`` names after a sentence that chose a target:
    that target (the ability's one target, 603.3d; "tap target permanent. It doesn't untap
    ..."), when the effects read before act on exactly one object or player and it is that
    target; ``None`` otherwise ("they" / "their" are not read)."""
    if not re.match(r"(?:it|its) ", sent):
        return None
    whos = {w for e in effects if (w := getattr(e, "who", None)) is not None}
    if len(whos) != 1:
        return None
    who = next(iter(whos))
    if not (who.kind.startswith("target") or who.kind == "any_target"):
        return None
    return who


def _faces(names: tuple[str, ...]) -> Any:
    """The card of ``names`` (a face's name and the card's) when it is a transforming
    double-faced card whose front face — or (h36) back face — is named first; else ``None``."""
    from redzone.models.cards import lookup
    from redzone.models.errors import RedzoneError

    for name in names[1:] or names:
        try:
            card = lookup(name)
        except RedzoneError:
            continue
        if (getattr(card, "layout", None) in ("transform", "flip") and len(card.faces) == 2
                and (card.faces[0].name == names[0]
                     or card.layout == "transform" and card.faces[1].name == names[0])):
            return card
    return None


@lru_cache(maxsize=1024)
def transformable(names: tuple[str, ...]) -> bool:
    """Whether "transform ~" of the face ``names[0]`` is played: both faces are creatures
    with printed power and toughness, and the face it turns to (the back face, or h36: the
    front face when ``names[0]`` is the back face, 712.10) is read in full (no sentence
    unparsed, each triggered ability of combat read), so nothing of it is left unplayed."""
    from redzone.models.parser import parse_text
    from redzone.models.triggers.classify import in_combat
    from redzone.models.triggers.parse import is_read

    card = _faces(names)
    if card is None:
        return False
    front, back = card.faces
    if not all("Creature" in x.types and str(x.power).isdigit() and str(x.toughness).isdigit()
               for x in (front, back)):
        return False
    if names[0] == back.name and card.layout == "transform":  # h36: it turns to its front face
        front, back = back, front
    back_names = (back.name, card.name)
    parsed = parse_text(back.text, names=back_names)
    return not parsed.unparsed and all(is_read(s, back_names) or not in_combat(s, back_names)
                                       for s in parsed.ignored)


def _transform(play: Any, f: Any, e: Transform, chosen: dict[str, Any]) -> str:
    """712, 701.28: the source turns to its back face, the same object: its counters, damage,
    combat status, tapped state and this turn's effects stay; power and toughness change by
    the difference of the printed values (the effects folded into them stay), then the
    permanents' effects are applied again (613)."""
    from redzone.models.abilities import ParsedText
    from redzone.models.parser import parse_text
    from redzone.models.triggers.tokens import layered_tokens

    ids = play.objects(f, e.who, chosen)
    if not ids:
        return "nothing transforms"
    pid = ids[0]
    perm = play.edit.perm(pid)
    card = _faces((perm.name, perm.card or perm.name))
    if card is None:
        # it has transformed since the ability was put on the stack (701.28f)
        return f"{pid} doesn't transform (701.28f)"
    front, back = card.faces
    if perm.name == back.name and card.layout == "transform":  # h36: back to its front (712.10)
        front, back = back, front
    dp, dt = int(back.power) - int(front.power), int(back.toughness) - int(front.toughness)
    printed = parse_text(front.text, names=(front.name, card.name)).abilities
    extra = tuple(a for a in perm.parsed.abilities if a not in printed)  # granted this turn
    parsed = parse_text(back.text, names=(back.name, card.name))
    b = perm.base
    base = None if b is None else dataclasses.replace(
        b, types=back.types, subtypes=back.subtypes, supertypes=back.supertypes, colors=back.colors,
        power=None if b.power is None else b.power + dp,
        toughness=None if b.toughness is None else b.toughness + dt)
    play.edit.put(dataclasses.replace(
        perm, name=back.name, types=back.types, subtypes=back.subtypes, supertypes=back.supertypes,
        colors=back.colors, base=base,
        power=None if perm.power is None else perm.power + dp,
        toughness=None if perm.toughness is None else perm.toughness + dt,
        parsed=ParsedText(parsed.abilities + extra, parsed.unparsed, parsed.ignored)))
    layered_tokens(play, [pid])  # the permanents' effects on its new characteristics (613)
    return f"{pid} transforms into {back.name}"


def names_ok(effects: tuple[Effect, ...], names: tuple[str, ...]) -> bool:
    """Whether ``effects`` (one ability's, read from the face ``names``) are played on that
    card: a :class:`Transform` only where :func:`transformable`."""
    from redzone.models.triggers.types import EntersFromCard, flat_effects

    flat = flat_effects(effects)
    if any(isinstance(x, EntersFromCard) and x.what == "blink" and x.transformed for x in flat) \
            and not _back_enters(names):
        return False  # h13: its back face returns only when the card data gives it, no Saga
    return not any(isinstance(x, Transform) for x in flat) or transformable(names)


@lru_cache(maxsize=256)
def _back_enters(names: tuple[str, ...]) -> bool:
    """h13: whether the back face of the transforming card ``names`` can be played as it
    enters the battlefield (712.14a): not a Saga or an Aura (714.3a, 303.4f); a creature with
    printed power and toughness, or a planeswalker with printed loyalty."""
    card = _faces(names)
    if card is None:
        return False
    back = card.faces[1]
    if "Saga" in back.subtypes or "Aura" in back.subtypes:
        return False
    if "Creature" in back.types:
        return str(back.power).isdigit() and str(back.toughness).isdigit()
    return "Planeswalker" in back.types and str(back.loyalty).isdigit()
