"""Permanents put onto the battlefield from card data by triggered abilities of combat
(docs/triggers.md, "Permanents from card data (h8)").

Reading (:func:`entry_clause`, called by :mod:`redzone.models.triggers.parse` after its own
forms):

- "create a token that's a copy of ~" (707.2: the copiable values — the card's printed
  characteristics; not its counters, damage or effects on it);
- "return it / ~ to the battlefield [tapped] [under its owner's / your control]" when the
  source died (700.4: its card is in its owner's graveyard), "return that card (it) to the
  battlefield [tapped] under your control" when the creature whose event it was died
  ("whenever a creature an opponent controls ... dies");
- "return [up to one] target creature card [with mana value / power N or less] from your
  graveyard to the battlefield [tapped] [and attacking]".

Playing: :func:`enter` builds the permanent (a new object, 400.7) from the card data — the
front face of a double-faced card (712.14: it enters front face up unless told otherwise) —
applies the layers of the others to it (:func:`redzone.models.triggers.tokens.layered_tokens`,
613) and lists it as entered, so that its own "when ~ enters" abilities trigger (603.6a;
others' "whenever a creature enters" are not played). :func:`card_target` chooses the target
card in a graveyard as the ability is put on the stack (603.3d): the scenario's
``players[].graveyard`` and the nontoken creatures the controller owns that died in this
combat. Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from redzone.models.battlefield import Base, Permanent
from redzone.models.triggers.tokens import layered_tokens, layered_view
from redzone.models.triggers.types import Effect, EntersFromCard, Who

__all__ = ["amend", "card_target", "counted_again", "enter", "entry_clause", "exiled_with"]

_SELF = Who("source")
_TRIGGER = Who("trigger")
_NOT_DIED = ("exiled", "returned")


# ---------------------------------------------------------------- reading

def entry_clause(s: str, refs: Any, dies_self: bool) -> tuple[Effect, ...] | None:
    """One effect clause of this module's kinds (module docstring), or ``None``."""
    r = refs.r
    if s in ("create a token that's a copy of ~", "create a token that's a copy of it") \
            and (s.endswith("~") or r.it == _SELF):
        return (EntersFromCard("copy_of_source"),)
    if s == "if it was a creature, return it to the battlefield under its owner's control" \
            and dies_self and r.it == _SELF:
        # it died: it was a creature (700.4), looking back (603.10a)
        return (EntersFromCard("died"),)
    m = re.fullmatch(r"return (it|~|that card) to the battlefield( tapped)?( and transformed|"
                     r" transformed)?(?: under (its owner's|your) control)?( tapped)?", s)
    if m and r.event == "dies":
        tapped = bool(m[2] or m[5])
        under = "you" if m[4] == "your" else "owner"
        if m[3] and not (m[3] == " and transformed") == bool(m[2]):
            return None  # "tapped and transformed" / "transformed" only
        if dies_self and m[1] in ("it", "~") and r.it == _SELF:
            return (EntersFromCard("died", "source", under, tapped,  # type: ignore[arg-type]
                                   transformed=bool(m[3])),)
        if m[3]:
            return None
        if not dies_self and r.watch.kind == "creatures" and (
                m[1] == "that card" and r.that_creature == _TRIGGER
                or m[1] == "it" and r.it == _TRIGGER):
            return (EntersFromCard("died", "trigger", under, tapped),)  # type: ignore[arg-type]
        return None
    m = re.fullmatch(r"return (?:the exiled (?:card|cards)|all cards exiled with (?:it|~)) to the "
                     r"battlefield( tapped)? under (?:its owner's|their owners') control", s)
    if m and r.event in ("leaves", "dies") and r.watch.kind == "self" and r.it == _SELF:
        # 607.2a: the cards its own linked ability exiled (the scenario's ``exiled``)
        return (EntersFromCard("exiled", tapped=bool(m[1])),)
    m = re.fullmatch(r"put (up to one )?target creature card from that player's graveyard onto the "
                     r"battlefield under your control", s)
    if m and r.that_player == Who("damaged_player"):
        # the player dealt the combat damage (510.3a); the card keeps its owner (108.3)
        return (EntersFromCard("graveyard_card", under="you", up_to=bool(m[1]),
                               graveyard="damaged_player"),)
    m = re.fullmatch(r"search your library for a basic land card, put (?:it|that card) onto the "
                     r"battlefield( tapped)?, then shuffle", s)
    if m:
        return (EntersFromCard("basic_land", under="you", tapped=bool(m[1])),)
    m = re.fullmatch(r"return (up to one )?target creature card(?: with (mana value|power) (\d+) "
                     r"or less)? from your graveyard to the battlefield( tapped and attacking|"
                     r" tapped)?", s)
    if m:
        bound = int(m[3]) if m[3] else None
        return (EntersFromCard(
            "graveyard_card", tapped=bool(m[4]), attacking=m[4] == " tapped and attacking",
            mana_value_at_most=bound if m[2] == "mana value" else None,
            power_at_most=bound if m[2] == "power" else None, up_to=bool(m[1])),)
    return None


def amend(sentence: str, effects: list[Effect]) -> bool:
    """A sentence after a return that says what the card is on the battlefield ("It's an
    enchantment."): ``effects[-1]`` changed accordingly, ``True``; else ``False``."""
    if re.fullmatch(r"it's an enchantment\.?", sentence.strip()) and effects \
            and isinstance(effects[-1], EntersFromCard) and effects[-1].what == "died" \
            and not effects[-1].types:
        effects[-1] = dataclasses.replace(effects[-1], types=("Enchantment",))
        return True
    return False


# ---------------------------------------------------------------- playing

def _card_of(name: str, face: int = 0) -> tuple[Any, Any] | None:
    """(card, its face ``face``: 0 the front, 1 the back of a transforming double-faced card)
    of the card data, or ``None`` when not known."""
    from redzone.models.cards import lookup_face
    from redzone.models.errors import UnknownCardError

    try:
        card, _ = lookup_face(name)
    except UnknownCardError:
        return None
    if face and card.layout != "transform":
        return None  # only a double-faced card can enter transformed (712.14a)
    if len(card.faces) <= face or not card.faces[face].known:
        return None
    return card, card.faces[face]


def _printed(v: Any) -> int | None:
    try:
        return None if v is None else int(v)
    except (TypeError, ValueError):
        return None  # "*": a characteristic-defining ability, 0 in every other zone (208.2a)


def _from_card(name: str, pid: str, controller: str, owner: str, index: int,
               side: int = 0) -> Permanent | None:
    """A permanent of the card ``name`` as it enters (its front face; ``side=1``: its back
    face, transformed), or ``None`` when the card data doesn't give its characteristics."""
    from redzone.models.parser import parse_text

    got = _card_of(name, side)
    if got is None:
        return None
    card, face = got
    power, toughness = _printed(face.power), _printed(face.toughness)
    if "Creature" in face.types and (power is None or toughness is None):
        return None
    parsed = parse_text(face.text, names=tuple(dict.fromkeys((face.name, card.name))))
    return Permanent(
        id=pid, name=face.name, card=card.name, controller=controller, owner=owner,
        index=index, types=tuple(face.types), subtypes=tuple(face.subtypes),
        supertypes=tuple(face.supertypes), colors=tuple(face.colors), mana_value=face.mana_value,
        power=power, toughness=toughness, loyalty=_printed(face.loyalty), summoning_sick=True,
        parsed=parsed, base=Base(tuple(face.types), tuple(face.subtypes), tuple(face.supertypes),
                                 tuple(face.colors), power, toughness))


def _fresh(old: Permanent, pid: str, controller: str, index: int) -> Permanent:
    """``old`` (a permanent built inline, no card data) as a new object: its base
    characteristics and text, nothing of what happened to it."""
    eot = old.until_end_of_turn
    b = old.base
    parsed = eot.after if eot is not None and eot.after is not None else old.parsed
    return dataclasses.replace(
        old, id=pid, controller=controller, index=index, tapped=False, damage=0, counters={},
        until_end_of_turn=None, summoning_sick=True, attached_to=None, paired_with=None,
        parsed=parsed, lost_abilities_at=None, lost_keywords=frozenset(), lost_keyword_at={},
        combat_delta=(0, 0), conditions={}, commander=False,
        types=b.types if b is not None else old.types,
        subtypes=b.subtypes if b is not None else old.subtypes,
        colors=b.colors if b is not None else old.colors,
        power=b.power if b is not None else old.power,
        toughness=b.toughness if b is not None else old.toughness)


def _graveyard_cards(play: Any, f: Any, e: EntersFromCard) -> list[str]:
    """The cards in the graveyard ``e`` names (the controller's, or the player's dealt the
    combat damage) that it may return, one of each name: ids
    ``<player>~graveyard<i>`` (the scenario's ``graveyard``) and the ids of the nontoken
    creatures they own that died in this combat and are still there."""
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    whose = f.controller if e.graveyard == "you" else f.data.get("player")
    given = next((p.graveyard for p in base.players if p.name == whose), ())
    out: list[str] = []
    seen: set[str] = set()
    for i, name in enumerate(given):
        gid = f"{whose}~graveyard{i}"
        if gid in perms or name in seen or not _fits(name, e):
            continue
        seen.add(name)
        out.append(gid)
    for pid in play.state.destroyed:
        perm = base.permanents.get(pid)
        if perm is None or perm.token or perm.owner != whose \
                or play.state.reasons.get(pid, "").startswith(_NOT_DIED) \
                or f"{pid}~returned" in perms or not perm.is_creature:
            continue
        name = perm.card or perm.name
        if perm.card is None:
            if not _fits_perm(perm, e):
                continue
        elif not _fits(name, e):
            continue
        out.append(pid)
    return out


def _fits(name: str, e: EntersFromCard) -> bool:
    got = _card_of(name)
    if got is None:
        return False
    _, face = got
    if not any(t in face.types for t in e.card_types):
        return False
    if e.mana_value_at_most is not None and face.mana_value > e.mana_value_at_most:
        return False
    if e.power_at_most is not None:
        p = _printed(face.power)
        if p is None or p > e.power_at_most:
            return False
    return True


def _fits_perm(perm: Permanent, e: EntersFromCard) -> bool:
    b = perm.base
    types = b.types if b is not None else perm.types
    power = b.power if b is not None else perm.power
    if not any(t in types for t in e.card_types):
        return False
    if e.mana_value_at_most is not None and perm.mana_value > e.mana_value_at_most:
        return False
    return e.power_at_most is None or (power is not None and power <= e.power_at_most)


def card_target(play: Any, f: Any, chosen: dict[str, Any]) -> bool:
    """Choose the target card of ``f``'s :class:`EntersFromCard` ``"graveyard_card"`` effect
    as it is put on the stack (603.3d), into ``chosen["card"]``; ``False`` when it has no
    legal target (the ability is removed from the stack). ``True`` when it has none such."""
    from redzone.models.triggers.resolve import Choice

    e = next((x for x in f.ability.effects
              if isinstance(x, EntersFromCard) and x.what == "graveyard_card"), None)
    if e is None:
        return True
    options: list[Any] = list(_graveyard_cards(play, f, e))
    if e.up_to:
        options.append(None)
    if not options:
        return False
    chosen["card"] = options[0] if len(options) == 1 else play.choose(
        Choice(f.controller, "target", f.source, f.ability.text, tuple(options), f.trigger))
    return True


def enter(play: Any, f: Any, e: EntersFromCard, chosen: dict[str, Any]) -> str:
    """Resolve ``e`` (:class:`EntersFromCard`) for ``f`` in the window ``play``; the line of
    what it did."""
    from redzone.models.triggers.resolve import Choice

    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    index = len(base.permanents) + 1000 + play.tokens + len(perms)
    if e.what == "copy_of_source":
        if not _known(play, f.source):
            return "nothing to copy"
        src = play.edit.perm(f.source)
        if "Legendary" in ((src.base.supertypes if src.base is not None else src.supertypes)):
            return "not played: a copy of a legendary permanent (the legend rule, 704.5j)"
        play.tokens += 1
        tid = f"{f.source}~token{play.tokens}"
        new = (_from_card(src.card, tid, f.controller, f.controller, index) if src.card
               else _fresh(src, tid, f.controller, index))
        if new is None:
            return "not played: the card data doesn't give its characteristics"
        new = dataclasses.replace(new, token=True, owner=f.controller, controller=f.controller)
        note = _put(play, new)
        return f"created {tid}, a token copy of {f.source} (707.2)" + note
    if e.what == "died":
        pid = f.source if e.of == "source" else f.trigger
        if pid is None or pid not in base.permanents or play.state.on_battlefield(pid):
            return "not in the graveyard"
        old = play.edit.perm(pid)
        if play.state.reasons.get(pid, "").startswith(_NOT_DIED) or old.token:
            return "not in the graveyard (a token ceases to exist, 111.7)"
        new_id = f"{pid}~returned"
        if new_id in perms:
            return "not in the graveyard: already returned"
        controller = f.controller if e.under == "you" else old.owner
        if e.transformed and not old.card:
            return "not played: the card data doesn't give its back face"
        new = (_from_card(old.card, new_id, controller, old.owner, index, int(e.transformed))
               if old.card else _fresh(old, new_id, controller, index))
        if new is None:
            return "not played: the card data doesn't give its characteristics"
        new = dataclasses.replace(new, tapped=e.tapped, owner=old.owner, controller=controller)
        if e.types:  # "It's an enchantment": not a creature (205.1b, 208.3)
            new = dataclasses.replace(
                new, types=e.types, subtypes=(), power=None, toughness=None,
                base=None if new.base is None else dataclasses.replace(
                    new.base, types=e.types, subtypes=(), power=None, toughness=None))
        note = _put(play, new)
        return f"{pid} returns to the battlefield as {new_id}" + (" tapped" if e.tapped else "") \
            + (f", transformed ({new.name})" if e.transformed else "") \
            + (f" under {controller}'s control" if controller != old.owner else "") + note
    if e.what == "exiled":
        return _exiled(play, f, e, index)
    if e.what == "basic_land":
        return _basic_land(play, f, e, index)
    # "graveyard_card": the target chosen; still in the graveyard? (608.2b)
    card = chosen.get("card")
    if card is None:
        return "no card chosen"
    if card in base.permanents:
        if card not in _graveyard_cards(play, f, e):
            return "removed: its target card left the graveyard (608.2b)"
        old = play.edit.perm(card)
        new_id = f"{card}~returned"
        new = (_from_card(old.card, new_id, f.controller, old.owner, index) if old.card
               else _fresh(old, new_id, f.controller, index))
    else:
        if card in perms:
            return "removed: its target card left the graveyard (608.2b)"
        m = re.fullmatch(r"(.+)~graveyard(\d+)", card)
        given = next((p.graveyard for p in base.players if m and p.name == m[1]), ())
        if m is None or int(m[2]) >= len(given):
            return "no card chosen"
        new_id = card
        new = _from_card(given[int(m[2])], new_id, f.controller, m[1], index)
    if new is None:
        return "not played: the card data doesn't give its characteristics"
    new = dataclasses.replace(new, tapped=e.tapped or e.attacking)
    attacked = None
    if e.attacking:
        # 508.4: its controller chooses the player or planeswalker it attacks (an opponent)
        options = [p.name for p in base.players
                   if p.name != f.controller and play.state.in_game(p.name)]
        options += [q.id for q in perms.values() if q.is_a("Planeswalker")
                    and q.controller != f.controller and play.state.on_battlefield(q.id)]
        if options:
            attacked = options[0] if len(options) == 1 else play.choose(
                Choice(f.controller, "attacked", f.source, f.ability.text, tuple(options),
                       f.trigger))
    if attacked is not None:
        play.attackers[new.id] = attacked  # 508.4: attacking, never declared
    note = _put(play, new)
    return f"{card} returns to the battlefield as {new.id}" + (
        f" tapped and attacking {attacked}" if attacked is not None
        else " tapped" if e.tapped else "") + note


def _exiled(play: Any, f: Any, e: EntersFromCard, index: int) -> str:
    """"Return the exiled card(s) to the battlefield under its (their) owner's control": the
    cards the scenario's ``exiled`` says the source exiled (607.2a), each under its owner's
    control, a new object (ids ``<source>~exiled<i>``); none given: nothing returns."""
    src = play.edit.perm(f.source) if _known(play, f.source) else None
    cards = list((src.exiled if src is not None else {}).items())
    if not cards:
        return "no card exiled with it (the scenario's exiled)"
    perms = play.edit.perms if play.edit.perms is not None else play.edit.base.permanents
    lines = []
    for i, (name, owner) in enumerate(cards):
        pid = f"{f.source}~exiled{i}"
        if pid in perms or not play.state.in_game(owner):
            continue  # already returned; an owner who left the game (800.4a)
        new = _from_card(name, pid, owner, owner, index + i)
        if new is None:
            lines.append(f"{name}: not played, the card data doesn't give its characteristics")
            continue
        note = _put(play, dataclasses.replace(new, tapped=e.tapped))
        lines.append(f"{name} returns to the battlefield as {pid} under {owner}'s control"
                     + (" tapped" if e.tapped else "") + note)
    return ", ".join(lines) or "nothing returns"


def _known(play: Any, pid: str) -> bool:
    """Whether ``pid`` is a permanent of the window's board (one that entered in it too)."""
    return pid in play.edit.base.permanents or (play.edit.perms is not None
                                                and pid in play.edit.perms)


def exiled_with(play: Any, f: Any, ids: list[str]) -> None:
    """Record the nontoken permanents ``ids`` that ``f``'s ability just exiled as exiled with
    its source (607.2a: Faceless Butcher's "the exiled card", when the Butcher entered in
    this combat), card name -> owner, for its "return the exiled card" ability. A token
    exiled ceases to exist (111.7)."""
    if not _known(play, f.source) or not ids:
        return
    src = play.edit.perm(f.source)
    if not any("exiled card" in s or "cards exiled with" in s for s in src.parsed.ignored):
        return
    add = {}
    for pid in ids:
        p = play.edit.perm(pid)
        if not p.token and (p.card or p.name):
            add[p.card or p.name] = p.owner
    if add:
        play.edit.put(dataclasses.replace(src, exiled={**src.exiled, **add}))


_BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _basic_land(play: Any, f: Any, e: EntersFromCard, index: int) -> str:
    """"Search your library for a basic land card, put it onto the battlefield": the
    controller chooses one of the basic land cards of their ``library`` (one of each name)
    when the scenario gives it, else names one of the five basic lands (the library is
    unknown); finding none is a choice too (701.19b)."""
    from redzone.models.triggers.resolve import Choice

    base = play.edit.base
    library = next((p.library for p in base.players if p.name == f.controller), ())
    if library:
        names = list(dict.fromkeys(n for n in library if _is_basic_land(n)))
    else:
        names = list(_BASICS)
    options: list[Any] = [*names, None]
    name = options[0] if len(options) == 1 else play.choose(
        Choice(f.controller, "search", f.source, f.ability.text, tuple(options), f.trigger))
    if name is None:
        return "no basic land card found (701.19b)"
    play.tokens += 1
    lid = f"{f.source}~land{play.tokens}"
    new = _from_card(name, lid, f.controller, f.controller, index)
    if new is None:
        return "not played: the card data doesn't give its characteristics"
    note = _put(play, dataclasses.replace(new, tapped=e.tapped, summoning_sick=False))
    return f"{name} put onto the battlefield as {lid}" + (" tapped" if e.tapped else "") + note


def _is_basic_land(name: str) -> bool:
    got = _card_of(name)
    return got is not None and "Land" in got[1].types and "Basic" in got[1].supertypes


def _put(play: Any, new: Permanent) -> str:
    """Put ``new`` on the board of ``play``: the layers of the others on it, the others
    counted again, its own "when ~ enters" abilities triggered (603.6a). Returns a note
    naming those of them that are not read (so not played), ``""`` when none."""
    play.edit.put(new)
    play.state.damage[new.id] = 0
    play.state.counters[new.id] = {}
    layered_tokens(play, [new.id])  # the effects of other permanents on it (613)
    counted_again(play, new.id)
    play.entered.append(new.id)  # its own "when ~ enters" (603.6a)
    return _unplayed_enters(new)


_OWN_ENTERS = re.compile(r"(?:[A-Z][\w'’ -]{0,40} — )?(?:When|Whenever) (?:~|this (?:creature|"
                         r"permanent|land|artifact|enchantment)) enters\b")


def _unplayed_enters(perm: Permanent) -> str:
    """"; its own 'When ~ enters ...' is not played" for each of ``perm``'s own enters
    abilities that :func:`redzone.models.triggers.attack_choices.enters_triggers` doesn't read."""
    from redzone.models.triggers.attack_choices import enters_triggers
    from redzone.models.triggers.classify import normalise

    names = tuple(dict.fromkeys(n for n in (perm.name, perm.card) if n))
    played = {t.text for t in enters_triggers(perm.parsed, names)}
    missed = [s for s in perm.parsed.ignored
              if s not in played and _OWN_ENTERS.match(normalise(s, names))]
    return "".join(f"; not played: its own {s!r}" for s in missed)


def counted_again(play: Any, new_id: str) -> None:
    """The power and toughness of the other permanents changed by ``new_id``'s entering
    (613, 611.3a: "+1/+1 for each Forest you control", "equal to the number of creatures
    you control", the new permanent's own anthem): the layers applied to two copies of the
    board, with and without it, and the difference added to each permanent as it is now
    (so what this combat did to it stays). A power or toughness the scenario gave is a
    current value: it is not counted again."""
    from redzone.models.layers import layer_sources

    board = play.board
    if not layer_sources(board):
        return
    with_it, without = layered_view(play), layered_view(play, leave_out=new_id)
    for pid, before in without.items():
        after = with_it[pid]
        if before.power is None or after.power is None or before.toughness is None \
                or after.toughness is None:
            continue
        dp, dt = after.power - before.power, after.toughness - before.toughness
        if dp or dt:
            live = play.edit.perm(pid)
            if live.power is None or live.toughness is None:
                continue
            play.edit.put(dataclasses.replace(live, power=live.power + dp,
                                              toughness=live.toughness + dt))
