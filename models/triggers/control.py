"""Control changes, abilities lost and exact payments in triggered abilities of combat (h26;
docs/triggers.md, "Abilities lost, control, types and colours (h26)").

Reading: :func:`read_clause` reads "X loses flying until end of turn", "you may have X lose
flying until end of turn", "X gets -2/-0 and loses first strike until end of turn" and "it
loses defender" (for good) and "X loses all abilities until end of turn" as
:class:`LoseKeywords` (613.1f, layer 6), for the static
keywords of combat only (a triggered keyword such as flanking is read from its sentence,
which a loss here would not take away); :func:`reflexive` reads "you may remove two oil
counters from it. When you do, ..." (603.12) as :class:`RemoveExactly`, a gate: the effects
after it are done only if every counter was removed; "gain control of X" / "P gains control
of X" (X read by the removal grammar, for good only) as :class:`GainControl` (613.1b); "X
becomes a Bird Giant" / "... in addition to its other types" / "X becomes green" (for good)
as :class:`Becomes` (613.1d-e); "sacrifice all X" (a group you control) as a sacrifice of
each (701.21a); :func:`read_whole` "choose target X. <effect on that creature>" (603.3d);
"can't be regenerated" as no change (the play regenerates nothing, 701.19).

Playing: :func:`resolve` (:data:`EFFECTS`) and :func:`stops`. A keyword lost is taken out of
the creature's own abilities (its parsed text; the cleanup step gives it back for a loss
until end of turn, 514.2). A keyword another permanent grants it is taken away too when the
loss is for good (a later timestamp than the grant's, 613.7, kept as a "loses" ability of
its own so that applying the layers again keeps it); a loss until end of turn of a granted
keyword is not played, and the result line says so (the cleanup step would not give it
back). A control change removes an attacking creature from combat (506.4); it is not played
(the result line says why) when another permanent's static ability depends on who controls
what, or for a blocking creature or a permanent being attacked before the combat's last
damage step (after it, h31: the control change is played, removal from combat changes no
damage then, 510.4). Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from redzone.models.parser.vocabulary import CREATURE_TYPES
from redzone.models.triggers.types import (Amount, Becomes, Conditional, CounterChange, Destroy,
                                           Effect, GainControl, IfTest, LoseKeywords, Pump,
                                           RemoveExactly, ValueOnly, Who)

__all__ = ["EFFECTS", "KEYWORDS", "attacking_target", "attacks_ok", "it_is_target", "target_of", "read_clause", "read_whole", "reflexive", "resolve", "stops"]

EFFECTS = (LoseKeywords, RemoveExactly, GainControl, Becomes)
"""The effect classes :func:`resolve` plays."""

Reader = Callable[[str], "tuple[Effect, ...] | None"]

KEYWORDS = ("flying", "first strike", "double strike", "trample", "lifelink", "deathtouch",
            "vigilance", "menace", "indestructible", "haste", "reach", "defender", "hexproof",
            "shroud", "intimidate", "fear", "skulk", "horsemanship", "shadow")
"""Static keywords of combat a triggered ability may take away (702): their rules are read
from the creature's abilities as they are now."""

_KW = "(?:" + "|".join(KEYWORDS) + ")"
_KWS = rf"({_KW}(?:(?:, | and |, and ){_KW})*)"
_PT = r"([+\-−]\d+)/([+\-−]\d+)"
_COLORS = {"white": ("W",), "blue": ("U",), "black": ("B",), "red": ("R",), "green": ("G",),
           "colorless": ()}
_NO_LATER_GRANT = 1 << 60
"""A timestamp later than any permanent's (:mod:`redzone.models.layers` uses the same)."""


def _keywords(s: str) -> tuple[str, ...]:
    return tuple(w for w in re.split(r", and |, | and ", s) if w)


def _permanents(x: str, sentence: Reader) -> Who | None:
    """The permanents "X" names, as the removal grammar reads them ("destroy X": target
    creature, target artifact defending player controls, all artifacts that player controls,
    it ...), or ``None``; never a delayed or conditional removal."""
    got = sentence(f"destroy {x}")
    if not got or len(got) != 1 or not isinstance(got[0], Destroy):
        return None
    d = got[0]
    if d.exile or d.sacrifice or d.at_end_of_combat or d.to_hand or d.until_leaves or d.gate \
            or d.to_library:
        return None
    return d.who


def read_clause(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """One effect clause of this module (module docstring), or ``None``. ``refs``: what the
    effect's words refer to (the parser's ``_Refs``); ``sentence``: its reader of a
    sentence."""
    m = re.fullmatch(r"(target land|that land) becomes an? (Plains|Island|Swamp|Mountain|Forest)", s)
    if m:  # 305.7, for good (Cyclopean Giant)
        who = _permanents(m[1], sentence)
        if who is None or who.also_types != ("Land",):
            return None
        return (Becomes(who, (m[2],), land=True),)
    m = re.fullmatch(r"(.+?) (?:becomes?|become) (?:an? )?((?:[A-Z][\w'-]* ?)+?)"
                     r"( in addition to its other(?: creature)? types)?,?", s)
    if m:  # for good: "until end of turn" is not read (the cleanup step would not undo it)
        words = m[2].split()
        who = refs.obj(m[1])
        if who is None or not all(w in CREATURE_TYPES for w in words) or len(set(words)) != len(words):
            return None
        return (Becomes(who, tuple(words), add=bool(m[3])),)
    m = re.fullmatch(r"(.+?) (?:becomes?|become) (white|blue|black|red|green|colorless)", s)
    if m:
        who = refs.obj(m[1])
        return None if who is None else (Becomes(who, colors=_COLORS[m[2]]),)
    m = re.fullmatch(r"(?:you )?gain control of (.+)", s) or re.fullmatch(
        r"(.+?) gains? control of (.+)", s)
    if m:  # for good: a duration ("until end of turn", "for as long as ...") is not read
        to = Who("you") if m.re.pattern.startswith("(?:you )") else refs.player(m[1])
        who = _permanents(m[m.re.groups], sentence)
        if to is None or who is None or to.kind in ("each_opponent", "other_opponents"):
            return None
        if to.kind.startswith("target") and (who.kind.startswith("target") or who.kind == "any_target"):
            return None  # two targets: the play chooses one target per ability
        return (GainControl(who, to),)
    m = re.fullmatch(rf"(?:have )?(.+?) (?:loses?|lose) {_KWS}( until end of turn)?", s)
    if m:
        who = refs.obj(m[1])
        if who is None:
            return None
        return (LoseKeywords(who, _keywords(m[2]), until_eot=bool(m[3])),)
    m = re.fullmatch(r"(.+?) (?:loses?|lose) all abilities(?: and (?:has|have) (base power and "
                     r"toughness \d+/\d+))? until end of turn", s)
    if m:  # 613.1f (Warkite Marauder: "... and has base power and toughness 0/1 ...")
        who = refs.obj(m[1])
        if who is None:
            return None
        out: tuple[Effect, ...] = (LoseKeywords(who, (), all_abilities=True),)
        if m[2]:
            base = sentence(f"{m[1]} has {m[2]} until end of turn")
            if base is None:
                return None
            out += base
        return out
    m = re.fullmatch(rf"if ~ has ({_KW}), (?:it|~) (loses? .+)", s)
    if m:  # "if ~ has defender, it loses defender and gains trample": "it" is ~ (608.2c)
        inner = read_clause(f"~ {m[2]}", refs, sentence)
        if inner is None:
            return None
        return (Conditional(IfTest("source_keyword", measure=m[1]), inner),)
    m = re.fullmatch(rf"(.+?) (?:loses?|lose) {_KWS} and (?:gains?|gain) {_KWS}( until end of turn)?", s)
    if m:  # "it loses defender and gains trample" (Guardian of the Ages: for good)
        who = refs.obj(m[1])
        if who is None:
            return None
        return (LoseKeywords(who, _keywords(m[2]), until_eot=bool(m[4]), gains=_keywords(m[3])),)
    m = re.fullmatch(r"(destroy|exile) (it|~) and (?:all|each) creatures? (?:it|~) blocked this "
                     r"(?:turn|combat)", s)
    if m and refs.obj(m[2]) == Who("source"):  # Defiant Vanguard (509.1h: as declared)
        return (Destroy(Who("source"), exile=m[1] == "exile"),
                Destroy(Who("blocked"), exile=m[1] == "exile"))
    m = re.fullmatch(r"(.+?) can't be regenerated(?: this turn)?", s)
    if m and refs.obj(m[1]) is not None:  # the play regenerates nothing (701.19): no change
        return (ValueOnly("no regeneration"),)  # (h28 read it too; this is the one reading)
    m = re.fullmatch(r"sacrifice all (.+)", s)
    if m:  # 701.21a: every permanent of the group its controller controls
        who = _permanents(f"all {m[1]}", sentence)
        if who is None or not _yours(who):
            return None
        return (Destroy(who, sacrifice=True),)
    m = re.fullmatch(rf"(.+?) gets? {_PT} and loses? {_KWS} until end of turn", s)
    if m:  # one subject, both changes (611.2c: the same creatures)
        pump = sentence(f"{m[1]} gets {m[2]}/{m[3]} until end of turn")
        who = refs.obj(m[1])
        if pump is None or who is None or len(pump) != 1 or not isinstance(pump[0], Pump):
            return None
        return (pump[0], LoseKeywords(who, _keywords(m[4])))
    return None


def read_whole(rest: str, sentence: Reader) -> tuple[tuple[Effect, ...], bool] | None:
    """"Choose target X. <an effect on that creature>" (603.3d: the target chosen as the
    ability is put on the stack; Ashling's "choose target creature that player controls. The
    player sacrifices that creature."): the second sentence read with "target X" for "that
    creature"; ``None`` otherwise."""
    m = re.fullmatch(r"choose (target [^.]+?)\. ([^.]+?)\.?", rest.strip())
    if not m or not re.search(r"\bthat creature\b", m[2]):
        return None
    then = re.sub(r"\bthat creature\b", m[1], m[2][:1].lower() + m[2][1:], count=1)
    if re.search(r"\bthat creature\b|\bit\b|\bits\b", then):
        return None
    sm = re.fullmatch(r"(?:the|that) player sacrifices (target .+ that player controls)", then)
    if sm:  # its controller sacrifices it (701.21a: a sacrifice, indestructible or not)
        who = _permanents(sm[1], sentence)
        return None if who is None or not who.kind.startswith("target") else \
            ((Destroy(who, sacrifice=True),), False)
    got = sentence(then)
    return None if got is None else (got, False)


def attacking_target(s: str, r: Any) -> Who | None:
    """"target creature attacking you" / "... that's attacking you" and "another target
    creature attacking the same player or planeswalker" (the source attacking: "whenever ~
    attacks") as a target creature with :attr:`Who.attacks`; else ``None``. ``r``: the
    condition's reading (the parser's ``_Reading``)."""
    if re.fullmatch(r"target creature (?:that's )?attacking you", s):
        return Who("target_creature", attacking=True, attacks="you")
    if s in ("target creature blocking it", "target creature blocking ~") and r.it == Who("source"):
        return Who("target_creature", blocking=True, attacks="source")  # Goblin Javelineer
    m = re.fullmatch(r"(other )?creatures you control attacking that player", s)
    if m and r.it == Who("source") and r.that_player == Who("defending_player") and any(
            x.startswith("at:") and x not in ("at:battle", "at:you_or_yours", "at:opponent_or_theirs")
            for x in r.watch.extra):
        # "Whenever ~ attacks a player ..., other creatures you control attacking that player"
        # (Namor): the player ~ attacks, not a planeswalker
        return Who("attacking", "you", other=bool(m[1]), attacks="same")
    if (s == "another target creature attacking the same player or planeswalker"
            and r.event in ("attacks", "attacks_alone") and r.it == Who("source")):
        return Who("target_creature", other=True, attacking=True, attacks="same")
    return None


def attacks_ok(play: Any, f: Any, who: Who, pid: str) -> bool:
    """Whether creature ``pid`` attacks what :attr:`Who.attacks` asks (508.1b): the ability's
    controller himself, or the player or planeswalker the source attacks; or blocks the
    source (509.1)."""
    if who.attacks == "source":  # 509.1: it blocks the source
        return f.source in play.blockers.get(pid, ())
    at = play.attackers.get(pid)
    if who.attacks == "you":
        return at == f.controller
    return at is not None and at == play.attackers.get(f.source)


def _yours(who: Who) -> bool:
    """Whether the group ``who`` holds only permanents the ability's controller controls
    ("all non-Ogre creatures you control", "all other permanents you control")."""
    if who.kind == "group" and who.count is not None:
        return who.count.controller == "you"
    return who.kind in ("each_creature", "each_permanent") and who.controller == "you"


def reflexive(sent: str, effects: list[Effect]) -> bool:
    """Whether ``sent`` is "When you do, ..." (603.12) after "you may remove N <kind>
    counters from it" (the only effect read so far): that removal becomes a
    :class:`RemoveExactly` gate (``effects`` changed in place)."""
    if not (sent.startswith("when you do, ") and len(effects) == 1):
        return False
    e = effects[0]
    if not (isinstance(e, CounterChange) and e.mode == "remove" and e.kind
            and e.amount.per is None and e.amount.n >= 1):
        return False
    effects[0] = RemoveExactly(e.who, e.kind, e.amount.n)
    return True


def stops(e: Any, line: str) -> bool:
    """Whether the effects after ``e`` (its result ``line``) are not done (608.2c: "If you
    do"): a :class:`RemoveExactly` found too few counters, a :class:`GainControl` changed
    nothing."""
    return (isinstance(e, RemoveExactly) and line.startswith("too few")
            or isinstance(e, GainControl) and "gains control of" not in line)


def target_of(e: Any) -> Who | None:
    """The target an effect chooses as its ability is put on the stack (603.3d): its
    ``who``, or for a :class:`GainControl` to a target player ("target opponent gains
    control of it") that player."""
    if isinstance(e, GainControl) and e.to.kind.startswith("target"):
        return e.to
    return getattr(e, "who", None)


def it_is_target(sent: str, effects: list[Effect]) -> Who | None:
    """What "it" names in "Untap it." / "Tap it." right after a control change of a target
    ("gain control of target land that player controls. Untap it."): that target; else
    ``None``."""
    if not (re.fullmatch(r"(?:un)?tap it\.?", sent) and effects
            and isinstance(effects[-1], GainControl)):
        return None
    who = effects[-1].who
    return who if who.kind.startswith("target") else None


def resolve(play: Any, f: Any, e: Effect, chosen: dict[str, Any]) -> str:
    """Resolve one of this module's effects (:data:`EFFECTS`) in the window being played
    (``play``: the resolver's ``_Play``; ``f``: the ``Fired`` ability): a line of what it
    did."""
    if isinstance(e, RemoveExactly):
        ids = play.objects(f, e.who, chosen)
        short = [pid for pid in ids
                 if play.state.counters.get(pid, play.edit.perm(pid).counters).get(e.kind, 0) < e.n]
        if not ids or short:
            return f"too few {e.kind} counters: none removed"
        return play.effect(f, CounterChange(e.who, e.kind, "remove", Amount(e.n)), chosen)
    if isinstance(e, GainControl):
        return _gain_control(play, f, e, chosen)
    if isinstance(e, Becomes):
        return _becomes(play, f, e, chosen)
    assert isinstance(e, LoseKeywords)
    return _lose(play, f, e, chosen)


def _by_controller(play: Any) -> str | None:
    """The first static ability on the battlefield whose reach depends on who controls what
    ("creatures you control get +1/+1", "creatures your opponents control can't block ...";
    an ability under a condition), as text; ``None`` when there is none: then a control
    change moves no other effect (613.1b comes before every layer that could depend on it)."""
    for p in play.board.permanents.values():
        if not play.state.on_battlefield(p.id):
            continue
        if p.conditional is not None:
            return f"{p.label}'s abilities under a condition"
        for a in p.abilities:
            aff = getattr(a, "affected", None)
            if getattr(aff, "kind", "") == "creatures" and getattr(aff, "controller", "any") != "any":
                return f"{p.label}'s \"{a.text}\""
    return None


def _gain_control(play: Any, f: Any, e: GainControl, chosen: dict[str, Any]) -> str:
    """613.1b: each of ``e.who`` comes under the control of the one player ``e.to``; an
    attacking creature is removed from combat (506.4). Not played (the line says why) when
    another permanent's static ability depends on who controls what, or for a blocking
    creature or a permanent being attacked before the last combat damage step (what removing
    those from combat does to damage is not modelled; after it, ``play.last_step``, nothing
    is left to change, 510.4, and the control change is played)."""
    players = play.players(f, e.to, chosen)
    if len(players) != 1:
        return "no player to gain control"
    new = players[0]
    ids = play.objects(f, e.who, chosen)
    if not ids:
        return "nothing"
    why = _by_controller(play)
    if why is not None:
        return f"control not changed (not played): {why} depends on who controls what"
    board = play.board
    blocking = set(play.blockers) | set(board.combat.blocking if board.combat is not None else ())
    attacked = set(play.attackers.values())
    lines = []
    for pid in ids:
        perm = play.edit.perm(pid)
        if perm.controller == new:
            lines.append(f"{new} already controls {pid}")
            continue
        if (pid in blocking or pid in attacked) and not play.last_step:
            what = "blocking" if pid in blocking else "being attacked"
            lines.append(f"{pid} is {what}: its control change is not played")
            continue
        out = ""
        if pid in blocking or pid in attacked:  # h31: after the last damage step (510.4)
            out = " (after the last combat damage step: leaving combat changes no damage, 506.4)"
        if pid in play.attackers:  # 506.4: no longer an attacking creature
            del play.attackers[pid]
            play.edit.removed.add(pid)
            out = " and it is removed from combat (506.4)"
        play.edit.put(dataclasses.replace(perm, controller=new))
        lines.append(f"{new} gains control of {pid}{out}")
    return ", ".join(lines)


def _lose_all(play: Any, f: Any, e: LoseKeywords, chosen: dict[str, Any]) -> str:
    """613.1f: each of ``e.who`` loses all its abilities until end of turn (a timestamp later
    than every grant's, 613.7; its triggered abilities stop, its keywords and block rules
    go). Played only when no permanent on the battlefield has a static ability of the layers
    (613: none whose effect could depend on the abilities lost, and none of the creature's
    own to take off its power and toughness) or one that removes abilities; else not played,
    and the line says so."""
    from redzone.models.abilities import LoseAbilities, ParsedText
    from redzone.models.battlefield import EndOfTurn
    from redzone.models.layers import layer_sources
    from redzone.models.triggers.resolve import _until_eot  # pyright: ignore[reportPrivateUsage]

    ids = play.objects(f, e.who, chosen)
    if not ids:
        return "no creature"
    board = play.board
    if layer_sources(board) or any(
            isinstance(a, LoseAbilities) for p in board.permanents.values()
            if play.state.on_battlefield(p.id) for a in p.parsed.abilities):
        return "not played: a static ability of the layers is on the battlefield (613)"
    lines = []
    for pid in ids:
        perm = play.edit.perm(pid)
        if any(isinstance(a, _layer_classes()) for a in perm.parsed.abilities):
            lines.append(f"{pid} keeps its abilities: its own static abilities change its "
                         "characteristics (not played)")
            continue
        eot = _until_eot(perm)
        loss = LoseAbilities(text=f.ability.text)
        play.edit.put(dataclasses.replace(
            perm, lost_abilities_at=_NO_LATER_GRANT,
            parsed=ParsedText(perm.parsed.abilities + (loss,), perm.parsed.unparsed,
                              perm.parsed.ignored),
            until_end_of_turn=EndOfTurn(eot.power, eot.toughness,
                                        eot.abilities + (f.ability.text,), eot.after)))
        lines.append(f"{pid} loses all abilities until end of turn")
    return ", ".join(lines)


def _layer_classes() -> tuple[type, ...]:
    from redzone.models.abilities import (ColorChange, Grant, LoseAbilities, ModifyPT, SetBasePT,
                                          TypeChange)

    return (TypeChange, ColorChange, LoseAbilities, SetBasePT, ModifyPT, Grant)


def _lose(play: Any, f: Any, e: LoseKeywords, chosen: dict[str, Any]) -> str:
    """613.1f: each of ``e.who`` loses ``e.keywords`` (module docstring)."""
    from redzone.models.abilities import Keyword, LoseAbilities, ParsedText
    from redzone.models.battlefield import EndOfTurn
    from redzone.models.triggers.resolve import _until_eot  # pyright: ignore[reportPrivateUsage]

    if e.all_abilities:
        return _lose_all(play, f, e, chosen)
    kws = set(e.keywords)
    board = play.board
    lines = []
    for pid in play.objects(f, e.who, chosen):
        perm = play.edit.perm(pid)
        granted = sorted({a.name for a, src in board.granted(perm)
                          if isinstance(a, Keyword) and a.name in kws and src.id != pid})
        if granted and e.until_eot:
            lines.append(f"{pid} keeps {' and '.join(granted)}: granted by another permanent, "
                         "a loss until end of turn is not played")
            continue

        def without(parsed: Any, extra: tuple[Any, ...]) -> Any:
            kept = tuple(a for a in parsed.abilities
                         if not (isinstance(a, Keyword) and a.name in kws))
            have = {a.name for a in kept if isinstance(a, Keyword)}
            gained = tuple(Keyword(name=k, text=f.ability.text) for k in e.gains if k not in have)
            return ParsedText(kept + extra + gained, parsed.unparsed, parsed.ignored)

        extra: tuple[Any, ...] = ()
        changes: dict[str, Any] = {}
        if granted:  # for good, with a timestamp later than the grant's (613.7)
            extra = (LoseAbilities(text=f.ability.text, keywords=tuple(granted), cant_have=True),)
            changes["lost_keywords"] = perm.lost_keywords | frozenset(granted)
            changes["lost_keyword_at"] = {**perm.lost_keyword_at,
                                          **{k: _NO_LATER_GRANT for k in granted}}
        if e.until_eot:  # its own keywords come back in the cleanup step (514.2)
            eot = _until_eot(perm)
            changes["until_end_of_turn"] = EndOfTurn(eot.power, eot.toughness,
                                                     eot.abilities + (f.ability.text,), eot.after)
        elif perm.until_end_of_turn is not None:
            eot = perm.until_end_of_turn
            changes["until_end_of_turn"] = EndOfTurn(eot.power, eot.toughness, eot.abilities,
                                                     without(eot.after, extra))
        play.edit.put(dataclasses.replace(perm, parsed=without(perm.parsed, extra), **changes))
        lines.append(f"{pid} loses {' and '.join(e.keywords)}"
                     + (f" and gains {' and '.join(e.gains)}" if e.gains else "")
                     + (" until end of turn" if e.until_eot else ""))
    return ", ".join(lines) or "no creature"


def _becomes(play: Any, f: Any, e: Becomes, chosen: dict[str, Any]) -> str:
    """613.1d-e: each of ``e.who`` gets its new creature types and colours for good, in its
    :class:`~redzone.models.battlefield.Base` too (what applying the layers again starts
    from), then the layers are applied again to the board when another permanent's static
    ability could reach a creature by them (613: "Walls get +0/+1", "green creatures ...").
    Not played (the line says why) when a static type- or colour-changing effect is on the
    battlefield (its timestamp is earlier: it would wrongly win when applied again, 613.7),
    or when the layers must be applied again and a permanent's power and toughness were
    given by the scenario (current values: the effects under them are not known)."""
    from redzone.models.abilities import ColorChange, TypeChange
    from redzone.models.layers import layer_sources
    from redzone.models.triggers.tokens import layered_view

    ids = [pid for pid in play.objects(f, e.who, chosen)
           if (play.edit.perm(pid).is_a("Land") if e.land else play.edit.perm(pid).is_creature)]
    if not ids:
        return "no land" if e.land else "no creature"
    if e.land and any(play.edit.perm(pid).parsed.abilities or play.edit.perm(pid).is_creature
                      for pid in ids):
        return "not played: the land's own abilities would be lost (305.7)"
    live = [p for p in play.board.permanents.values() if play.state.on_battlefield(p.id)]
    changers = ((TypeChange,) if e.subtypes else ()) + ((ColorChange,) if e.colors is not None else ())
    for p in live:
        if any(isinstance(a, changers) for a in p.parsed.abilities):
            return f"not played: {p.label} has a static type or colour change (613.7)"
    again = bool(layer_sources(play.board))
    if again and any(p.base is not None and (p.base.power_given or p.base.toughness_given)
                     for p in live):
        return "not played: the layers can't be applied again over given power and toughness"

    def new_types(subtypes: tuple[str, ...]) -> tuple[str, ...]:
        if not e.subtypes:
            return subtypes
        if e.land:  # 305.7: its old land types go
            from redzone.models.layers import _LAND_TYPES  # pyright: ignore[reportPrivateUsage]

            return tuple(s for s in subtypes if s not in _LAND_TYPES) + e.subtypes
        kept = subtypes if e.add else tuple(s for s in subtypes if s not in CREATURE_TYPES)
        return kept + tuple(s for s in e.subtypes if s not in kept)

    for pid in ids:
        perm = play.edit.perm(pid)
        colors = perm.colors if e.colors is None else e.colors
        changes: dict[str, Any] = {"subtypes": new_types(perm.subtypes), "colors": colors}
        if perm.base is not None:
            changes["base"] = dataclasses.replace(
                perm.base, subtypes=new_types(perm.base.subtypes),
                colors=perm.base.colors if e.colors is None else e.colors)
        play.edit.put(dataclasses.replace(perm, **changes))
    if again:  # 613: what the other permanents' effects give now
        view = layered_view(play)
        for pid, v in view.items():
            play.edit.put(dataclasses.replace(
                play.edit.perm(pid), power=v.power, toughness=v.toughness, types=v.types,
                subtypes=v.subtypes, colors=v.colors, combat_delta=v.combat_delta,
                lost_abilities_at=v.lost_abilities_at, lost_keywords=v.lost_keywords,
                lost_keyword_at=v.lost_keyword_at))
    what = " ".join(e.subtypes) + (" in addition to its other types" if e.add else "")
    if e.colors is not None:
        what = ", ".join(k for k, v in _COLORS.items() if v == e.colors)
    return ", ".join(f"{pid} becomes {what}" for pid in ids)
