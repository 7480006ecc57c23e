"""Tokens and copies in triggered abilities of combat (h23; docs/triggers.md "Tokens and
copies (h23)").

Reading (:func:`read_clause`, one hook in :mod:`redzone.models.triggers.parse`):

- the token's state written before its description ("create a tapped and attacking 1/1 red
  Devil creature token with ...", "create X tapped and attacking ... tokens, where X is
  ..."): the same clause with "that's tapped and attacking" after the token (508.4), read by
  the token grammars (:mod:`redzone.models.triggers.tokens`, parse.py);
- copies of spells and abilities *later* this turn ("copy the next instant or sorcery spell
  you cast this turn when you cast it", "when you next cast an instant or sorcery spell this
  turn, copy it", "copy the next loyalty ability you activate this turn", "until end of
  turn, whenever you activate an ability of a planeswalker of that type, copy that ability",
  "you may choose new targets for the copy"): a delayed triggered ability (603.7) over spells
  cast and abilities activated — nobody casts or activates anything in the play of combat,
  so nothing in the combat changes: a :class:`ValueOnly` ``"spell copy"``.

:func:`created_ref` is the one reading of "that token" / "the tokens" (the tokens the same
ability created, 603.7c) the other readers share (moves.py, players.py). Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from redzone.models.triggers.types import Amount, CopyToken, Effect, LifeEffect, ValueOnly, Who

__all__ = ["EFFECTS", "CopyToken", "created_ref", "each_turn_once", "once_each_turn",
           "read_clause", "read_whole", "resolve", "those_ref"]

Reader = Callable[[str], "tuple[Effect, ...] | None"]

_SELF = Who("source")
_TRIGGER = Who("trigger")
_CREATED = Who("created")
_THOSE = Who("those")
_CREATED_WORDS = ("that token", "the token", "those tokens", "the tokens", "that creature token")

_NUM = r"(?:a|an|one|two|three|four|five|six|seven|\d+|X|that many)"
_ATTACKING_FIRST = re.compile(
    rf"create (?P<n>{_NUM}) tapped and attacking (?P<token>[^\"]*? tokens?(?: with (?:[^\"]|\"[^\"]*\")+?)?)"
    r"(?P<rest>(?:, where X is .+| for each .+)?)")
"""A token whose state is written before it: "create a tapped and attacking <token>"."""

_LATER_COPIES = (
    r"copy the next (?:instant or sorcery spell you cast|loyalty ability you activate) this turn"
    r" when you (?:cast|activate) it",
    r"when you next cast an instant or sorcery spell this turn, copy (?:it|that spell)",
    r"until end of turn, whenever you activate an ability of a planeswalker of that type, copy"
    r" that ability",
    r"(?:you )?(?:may )?choose new targets for the cop(?:y|ies)",
    r"choose a planeswalker type",
)
"""Delayed copies of spells and abilities of later this turn (module docstring)."""


def created_ref(s: str) -> Who | None:
    """``Who("created")`` when ``s`` names the tokens this same ability created ("that
    token", "the token", "those tokens", "the tokens", "that creature token"; fixed as it
    resolves, 603.7c), else ``None``. The one reading of these words (moves.py, players.py)."""
    return _CREATED if s.strip() in _CREATED_WORDS else None


def those_ref(s: str, refs: Any) -> Who | None:
    """``Who("those")`` when ``s`` names the creatures of the trigger event's group, else
    ``None``: "those creatures", "each of them", "each of those creatures" after a "one or
    more" event (603.2c), and "they" / "them" too after "whenever you attack" or "whenever
    one or more creatures ... attack" (the attackers, 508.1). The one reading of these words
    (more_effects.py, players.py)."""
    s = s.strip()
    r = refs.r
    if s in ("each of them", "each of those creatures", "those creatures") and r.once:
        return _THOSE
    if s in ("those creatures", "they", "them") and r.it is None and (
            r.event == "you_attack" or (r.once and r.event == "attacks")):
        return _THOSE
    return None


def read_clause(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """One effect clause of this module's kinds (module docstring), or ``None``. ``sentence``
    reads a rewritten clause with every reader of parse.py."""
    if any(re.fullmatch(p, s) for p in _LATER_COPIES):
        return (ValueOnly("spell copy"),)
    got = _copy_clause(s, refs)
    if got is not None:
        return got
    got = _tokens_for(s, refs, sentence)
    if got is not None:
        return got
    m = _ATTACKING_FIRST.fullmatch(s)
    if m:
        token = m["token"]
        that = "that's" if re.search(r"\btoken(?: with .*)?$", token) else "that are"
        return sentence(f"create {m['n']} {token} {that} tapped and attacking{m['rest']}")
    return None


# ---------------------------------------------------------------- token copies of permanents


EFFECTS = (CopyToken,)
"""The effect classes :func:`resolve` plays."""

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
_COPY = re.compile(
    r"(?:you )?create (?P<n>a|one|two|three) (?P<state>tapped and attacking |tapped )?tokens? "
    r"(?:that's|that are) (?:a )?cop(?:y|ies) of (?P<obj>.+?)"
    r"(?P<and> and that(?:'s| are) tapped and attacking)?(?:, except (?P<except>.+))?")
_ADDED = re.compile(
    r"(?:it's|it is) (?:a |an )?(?:(?P<p>\d+)/(?P<t>\d+) )?(?P<colors>(?:(?:white|blue|black|red|"
    r"green)(?: and )?)+ )?(?P<subs>(?:[A-Z][\w'-]* ?)*?)(?P<types> artifact creature| artifact|"
    r" creature)? in "
    r"addition to its other (?P<also>colors and )?types")


def _object(obj: str, refs: Any) -> Who | None:
    """What the token copies: "~" / "it" (the source), "that creature" (the creature whose
    event it was), a target creature or a target permanent; ``None`` otherwise."""
    from redzone.models.triggers.zones import _target_permanent  # pyright: ignore[reportPrivateUsage]

    r = refs.r
    if obj == "~" or obj == "it" and r.it == _SELF:
        return _SELF
    if obj == "that creature" and r.that_creature == _TRIGGER and r.watch.kind == "creatures":
        return _TRIGGER
    if "target" not in obj:
        return None
    if obj == "target token you control":  # a token permanent of theirs (111.1)
        from redzone.models.ability_base import Quality

        return Who("target_permanent", "you", qualities=(Quality(token=True),))
    m = re.fullmatch(r"target attacking (legendary |nontoken )?creature you control other than ~",
                     obj)
    if m:  # "other than ~": another creature (Shaun); attacking now (506.4)
        from redzone.models.ability_base import Quality

        quals = ((Quality(supertypes=("Legendary",)),) if m[1] == "legendary "
                 else (Quality(token=False),) if m[1] else ())
        return Who("target_creature", "you", other=True, attacking=True, qualities=quals)
    who = refs.obj(obj)
    if who is not None and who.kind == "target_creature":
        return who
    who = _target_permanent(obj, refs)
    return who if who is not None and who.kind == "target_permanent" else None


def _exceptions(text: str, name: str) -> dict[str, Any] | None:
    """The exceptions of 707.9b "except ..." states, as :class:`CopyToken` fields, or
    ``None`` when one part isn't read."""
    from redzone.models.triggers.tokens import _understood  # pyright: ignore[reportPrivateUsage]

    out: dict[str, Any] = {}
    lines: list[str] = []
    for part in re.split(r" and (?=it |it's |has |the token )", text.strip().rstrip(".")):
        part = part.strip()
        if part in ("it isn't legendary", "it's not legendary", "the token isn't legendary",
                    "it is not legendary"):
            out["nonlegendary"] = True
            continue
        m = re.fullmatch(r"(?:it's|it is) (\d+)/(\d+)", part)
        if m:
            out["power"], out["toughness"] = int(m[1]), int(m[2])
            continue
        m = _ADDED.fullmatch(part)
        if m:
            out["recolor"] = bool(m["colors"]) and not m["also"]  # black instead of its own
            if m["p"]:
                out["power"], out["toughness"] = int(m["p"]), int(m["t"])
            out["subtypes"] = tuple(m["subs"].split())
            out["types"] = {None: (), " artifact creature": ("Artifact", "Creature"),
                            " artifact": ("Artifact",), " creature": ("Creature",)}[m["types"]]
            out["colors"] = tuple(_COLORS[c] for c in re.split(r" and ", (m["colors"] or "").strip())
                                  if c)
            if not out["subtypes"] and not out["types"]:
                return None
            continue
        m = re.fullmatch(r"(?:it )?has (.+)", part)
        if m:
            q = re.fullmatch(r'"(.+)"', m[1])
            line = q[1] if q else m[1]
            if not q and not re.fullmatch(r"[a-z][a-z ]*(?: \d+)?", line):
                return None
            lines.append(re.sub(r"\bthis token\b", "this creature", line[0].upper() + line[1:]))
            continue
        return None
    if lines and not _understood("\n".join(lines), name):
        return None
    out["lines"] = tuple(lines)
    return out


def _copy_clause(s: str, refs: Any, card: bool = False) -> tuple[Effect, ...] | None:
    """"create a [tapped [and attacking]] token that's a copy of <object> [and that's tapped
    and attacking][, except <exceptions>]" (:class:`CopyToken`), or ``None``."""
    m = _COPY.fullmatch(s)
    if not m:
        return None
    who = _SELF if card and m["obj"] == "~" else _object(m["obj"], refs)
    if who is None:
        return None
    extra: dict[str, Any] = {}
    if m["except"]:
        got = _exceptions(m["except"], "Token")
        if got is None:
            return None
        extra = got
    attacking = m["state"] == "tapped and attacking " or bool(m["and"])
    if m["state"] and m["and"]:
        return None
    plain = not (m["state"] or m["and"] or m["except"]) and who == _SELF and m["n"] == "a"
    if plain and not card:
        return None  # "create a token that's a copy of ~": entries.py's (h8)
    return (CopyToken(who, Amount(_COUNT[m["n"]]), tapped=bool(m["state"]) or attacking,
                      attacking=attacking, **extra),)


def _tokens_for(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """"its controller creates <token>" (the controller of the creature whose event it was),
    "each other player creates <token>" (every player but the ability's controller: its
    opponents, no teams being played): :class:`TokensFor` (111.2: the tokens are theirs), as
    players.py reads "that player creates ..."; ``None`` otherwise."""
    from redzone.models.triggers.types import CreateTokens, TokensFor

    m = re.fullmatch(r"(its controller|each other player) creates (.+)", s)
    if not m:
        return None
    if m[1] == "its controller":
        if refs.r.it != _TRIGGER:
            return None
        who = Who("trigger_controller")
    else:
        who = Who("each_opponent")
    got = sentence(f"create {m[2]}")
    if got is None or len(got) != 1 or not isinstance(got[0], CreateTokens) \
            or got[0].attacking or got[0].attacks or got[0].size is not None:
        return None
    return (TokensFor(who, got[0]),)


_GRAVEYARD_COPY = re.compile(
    r"(?P<may>you may )?exile (?P<up>up to one )?target (?P<kinds>[\w ,'-]+?) card"
    r"(?P<lesser> with lesser power)? from your graveyard\. (?P<ifdo>if you do, )?"
    r"(?P<copy>create a (?:tapped and attacking )?token that's a copy of that card[^.\"]*"
    r"(?:\"[^\"]*\"[^.\"]*)*)\.(?P<rest>.*)", re.IGNORECASE)


def _graveyard_copy(rest: str, refs: Any, sentence: Reader) -> tuple[tuple[Effect, ...], bool] | None:
    """"[You may] exile [up to one] target <kinds> card [with lesser power] from your
    graveyard. [If you do,] create a [tapped and attacking] token that's a copy of that card
    [and that's tapped and attacking][, except ...]. <more sentences>" (Gyrus, Anikthea):
    :class:`CopyToken` ``card``, the target card chosen as the ability is put on the stack
    (entries.card_target, 603.3d), exiled and copied; the sentences after it read one by one.
    ``None`` when not read."""
    from redzone.models.triggers import entries
    from redzone.models.triggers.types import EntersFromCard

    m = _GRAVEYARD_COPY.fullmatch(rest.strip())
    if not m or bool(m["may"]) != bool(m["ifdo"]):
        return None
    alts = tuple(a for a in re.split(r", or |, | or ", m["kinds"]) if a)
    if not alts or any(entries._kind_parts(a) is None for a in alts):  # pyright: ignore[reportPrivateUsage]
        return None
    text = m["copy"][0].lower() + m["copy"][1:]
    got = _copy_clause(text.replace("a copy of that card", "a copy of ~"), refs, card=True)
    if got is None:
        return None
    card = EntersFromCard("graveyard_card", kinds=alts, up_to=bool(m["up"]),
                          bound="source_power_less" if m["lesser"] else "")
    effects: list[Effect] = [dataclasses.replace(got[0], who=None, card=card)]
    for sent in re.split(r"(?<=\.) ", m["rest"].strip()):
        if not sent:
            continue
        more = sentence(sent[0].lower() + sent[1:].rstrip("."))
        if more is None:
            return None
        effects.extend(more)
    return tuple(effects), bool(m["may"])


def read_whole(rest: str, refs: Any, sentence: Reader) -> tuple[tuple[Effect, ...], bool] | None:
    """"[You may] [pay N life and] exile it. If you do, create a token that's a copy of that
    creature[, except ...]" after a nontoken creature died (the card exiled from its owner's
    graveyard, then the copy: :class:`CopyToken` ``exile_card``): the effects and whether
    they are optional (603.5), or ``None``."""
    got_card = _graveyard_copy(rest, refs, sentence)
    if got_card is not None:
        return got_card
    m = re.fullmatch(r"(?P<may>you may )?(?:pay (?P<life>\d+) life and )?exile it\. if you do, "
                     r"(?P<copy>create a token that's a copy of that creature[^.\"]*(?:\"[^\"]*\"[^.\"]*)*)\.?",
                     rest.strip(), re.IGNORECASE)
    r = refs.r
    if not m or r.event != "dies" or r.it != _TRIGGER or r.watch.kind != "creatures" \
            or not r.watch.nontoken:
        return None
    got = sentence(m["copy"][0].lower() + m["copy"][1:])
    if got is None or len(got) != 1 or not isinstance(got[0], CopyToken) or got[0].who != _TRIGGER:
        return None
    return ((dataclasses.replace(got[0], exile_card=True, pay_life=int(m["life"] or 0)),),
            bool(m["may"]))


# ---------------------------------------------------------------- playing


def resolve(play: Any, f: Any, e: CopyToken, chosen: dict[str, Any]) -> str:
    """Resolve ``e`` for ``f`` in the window ``play`` (:class:`CopyToken`); the line of what
    it did."""
    from redzone.models.triggers import entries

    base = play.edit.base
    if e.card is not None:
        return _card_copy(play, f, e, chosen)
    assert e.who is not None
    if e.who.kind == "source":
        pid: str | None = f.source
    elif e.who.kind == "trigger":
        pid = f.trigger
    else:
        ids = play.objects(f, e.who, chosen)
        pid = ids[0] if ids else None
        if pid is None:
            return "removed: its target is gone (608.2b)"
    if pid is None or not entries._known(play, pid):  # pyright: ignore[reportPrivateUsage]
        return "nothing to copy"
    src = play.edit.perm(pid)
    note = ""
    if e.exile_card:
        gone = play.state.on_battlefield(pid) or src.token or pid not in base.permanents \
            or play.state.reasons.get(pid, "").startswith(("exiled", "returned"))
        if gone:
            return "its card is not in the graveyard: nothing is done (If you do)"
        if e.pay_life:
            life = play.state.life.get(f.controller, 0)
            if life < e.pay_life:
                return f"{f.controller} can't pay {e.pay_life} life (119.4): nothing is done"
            note = play.effect(f, LifeEffect(Who("you"), Amount(e.pay_life), gain=False), chosen) + "; "
        play.state.reasons[pid] = "exiled from the graveyard (h23: copied)"
        note += f"{pid}'s card exiled from the graveyard; "
    return note + _make(play, f, e, src.card, pid, src)


def _card_copy(play: Any, f: Any, e: CopyToken, chosen: dict[str, Any]) -> str:
    """:class:`CopyToken` ``card``: the target card, still in the graveyard (608.2b), exiled
    from it, then copied from the card data (707.2: a card's copiable values are its printed
    ones)."""
    from redzone.models.triggers import entries

    assert e.card is not None
    base = play.edit.base
    card = chosen.get("card")
    if card is None:
        return "no card chosen"
    if card not in entries._graveyard_cards(play, f, e.card):  # pyright: ignore[reportPrivateUsage]
        return "removed: its target card left the graveyard (608.2b)"
    if card in base.permanents:
        name = play.edit.perm(card).card
    else:
        m = re.fullmatch(r"(.+)~graveyard(\d+)", card)
        given = next((p.graveyard for p in base.players if m and p.name == m[1]), ())
        name = given[int(m[2])] if m is not None and int(m[2]) < len(given) else ""
    if not name:
        return "not played: the card data doesn't give its characteristics"
    play.state.reasons[card] = "exiled from the graveyard (h23: copied)"
    return f"{card} exiled from the graveyard; " + _make(play, f, e, name, card, None)


def _make(play: Any, f: Any, e: CopyToken, card: str, of: str, src: Any) -> str:
    """The tokens of ``e``: copies of the card ``card`` (or, with no card data, of the
    permanent ``src``), ``of`` naming the original in the line."""
    from redzone.models.triggers import entries

    base = play.edit.base
    side = _side_up(card, src)  # h31: a transformed permanent's copy is of its back face
    got = entries._card_of(card, side) if card else None  # pyright: ignore[reportPrivateUsage]
    supertypes = (tuple(got[1].supertypes) if got is not None
                  else src.base.supertypes if src is not None and src.base is not None
                  else src.supertypes if src is not None else ())
    if "Legendary" in supertypes and not e.nonlegendary:
        return "not played: a copy of a legendary permanent (the legend rule, 704.5j)"
    if e.lines and not card:
        return "not played: the card data doesn't give the text to add to"
    n = play.amount(f, e.amount)
    made: list[str] = []
    for _ in range(n):
        perms = play.edit.perms if play.edit.perms is not None else base.permanents
        index = len(base.permanents) + 1000 + play.tokens + len(perms)
        play.tokens += 1
        tid = f"{f.source}~token{play.tokens}"
        new = (entries._from_card(card, tid, f.controller, f.controller, index, side)  # pyright: ignore[reportPrivateUsage]
               if card else None if src is None
               else entries._fresh(src, tid, f.controller, index))  # pyright: ignore[reportPrivateUsage]
        if new is None:
            return "not played: the card data doesn't give its characteristics"
        new = _excepted(new, e)
        new = dataclasses.replace(new, token=True, owner=f.controller, controller=f.controller,
                                  tapped=e.tapped or e.attacking)
        attacked = entries._attack_target(play, f) if e.attacking else None  # pyright: ignore[reportPrivateUsage]
        if attacked is not None:
            play.attackers[tid] = attacked  # 508.4: attacking, never declared
        put = entries._put(play, new)  # pyright: ignore[reportPrivateUsage]
        now = play.edit.perm(tid)  # with the layers of the others (613)
        pt = f" {now.power}/{now.toughness}" if now.power is not None else ""
        made.append(f"created {tid}, a{pt} token copy of {of} (707.2)"
                    + (f" tapped and attacking {attacked}" if attacked is not None
                       else " tapped" if e.tapped else "") + put)
    return ", ".join(made) or "no token"


def _side_up(card: str, src: Any) -> int:
    """Which face of the card ``card`` the permanent ``src`` (``None``: a card, not a
    permanent) shows: 1 when it is a transforming double-faced card with its back face up
    (its name is the back face's), else 0. A copy of a double-faced permanent copies only the
    face that's up (707.2, 712.8d): Furnace-Blessed Conqueror's token is a Conqueror."""
    from redzone.models.triggers.entries import _card_of  # pyright: ignore[reportPrivateUsage]

    if not card or src is None:
        return 0
    back = _card_of(card, 1)
    return 1 if back is not None and back[1].name == src.name and back[1].name != card else 0


def _excepted(new: Any, e: CopyToken) -> Any:
    """``new`` with the exceptions of ``e`` as part of its copiable values (707.9b): in its
    base characteristics too, so the layers apply on top of them (613)."""
    from redzone.models.battlefield import Base

    b = new.base if new.base is not None else Base(new.types, new.subtypes, new.supertypes,
                                                   new.colors, new.power, new.toughness)
    supertypes = tuple(x for x in b.supertypes if not (e.nonlegendary and x == "Legendary"))
    types = tuple(dict.fromkeys((*e.types, *b.types)))
    subtypes = tuple(dict.fromkeys((*b.subtypes, *e.subtypes)))
    colors = e.colors if e.recolor else tuple(dict.fromkeys((*b.colors, *e.colors)))
    power = e.power if e.power is not None else b.power
    toughness = e.toughness if e.toughness is not None else b.toughness
    parsed = new.parsed
    if e.lines:
        from redzone.models.parser import parse_text
        from redzone.models.triggers.entries import _card_of  # pyright: ignore[reportPrivateUsage]

        got = _card_of(new.card)
        if got is not None and got[1].name != new.name:  # h31: the face that's up (712.8d)
            got = _card_of(new.card, 1) or got
        if got is not None:
            card, face = got
            parsed = parse_text("\n".join((face.text, *e.lines)),
                                names=tuple(dict.fromkeys((face.name, card.name))))
    return dataclasses.replace(
        new, types=types, subtypes=subtypes, supertypes=supertypes, colors=colors, power=power,
        toughness=toughness, parsed=parsed,
        base=dataclasses.replace(b, types=types, subtypes=subtypes, supertypes=supertypes,
                                 colors=colors, power=power, toughness=toughness))


# ---------------------------------------------------------------- "only once each turn"


def each_turn_once(rest: str, effects: tuple[Effect, ...]) -> bool:
    """Whether an ability whose effect text is ``rest`` says "This ability triggers only once
    each turn" over an effect that is not value only (over values alone how often it
    resolves changes nothing in combat)."""
    said = re.search(r"(?:^|\. )this ability triggers only once each turn\b", rest, re.IGNORECASE)
    return bool(said) and not all(isinstance(e, ValueOnly) for e in effects)


def once_each_turn(play: Any, fired: list[Any]) -> list[Any]:
    """``fired`` without the abilities that "trigger only once each turn" and already
    triggered this turn (603.2h... the ability's own limit): the source's ``conditions`` has
    :data:`~redzone.models.triggers.board_effects.TRIGGERED_THIS_TURN` — stated by the
    scenario (it triggered before this combat) or put on as it triggered in this combat (the
    first of several at one moment, in APNAP and board order, 603.3b). The mark is this
    turn's (the next turn's board drops it)."""
    import dataclasses as _dc

    from redzone.models.triggers.board_effects import TRIGGERED_THIS_TURN

    out: list[Any] = []
    for f in fired:
        if getattr(f.ability, "each_turn_once", False):
            perm = play.edit.perm(f.source)
            if perm.conditions.get(TRIGGERED_THIS_TURN):
                continue  # it triggered this turn already
            play.edit.put(_dc.replace(perm, conditions={**perm.conditions, TRIGGERED_THIS_TURN: True}))
        out.append(f)
    return out
