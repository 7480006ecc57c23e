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
from redzone.models.triggers.types import CastCard, CopyToken, Effect, EntersFromCard, Who, flat_effects

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
    m = re.fullmatch(r"return (it|~|that card) to the battlefield face down under (its owner's|"
                     r"your) control", s)
    if m and r.event == "dies":  # h13: 708.2 (Ashcloud Phoenix, Yedora)
        got = entry_clause(f"return {m[1]} to the battlefield under {m[2]} control", refs, dies_self)
        if got is None or len(got) != 1 or not isinstance(got[0], EntersFromCard):
            return None
        return (dataclasses.replace(got[0], face_down=True),)
    m = re.fullmatch(r"return (it|~|that card) to the battlefield( tapped)?( and transformed|"
                     r" transformed| flipped| converted)?(?: under (its owner's|your) control)?( tapped)?"
                     r"(?: with (a|an|one|two|three) (\+1/\+1|flying|first strike|vigilance|"
                     r"lifelink|deathtouch|trample|menace|reach|haste|indestructible|time) "
                     r"counters? on it)?", s)  # h13: the counters it enters with (122.6)
    if m and r.event == "dies" and m[6]:
        n = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}[m[6]]
        got = entry_clause(s[:m.start(6) - len(" with ")], refs, dies_self)
        if got is None or len(got) != 1 or not isinstance(got[0], EntersFromCard):
            return None
        return (dataclasses.replace(got[0], counters=((m[7], n),)),)
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
                     r"battlefield( tapped)? under (?:its owner's|their owners') control", s) \
        or re.fullmatch(r"put (?:the exiled cards|each permanent card exiled with (?:it|~)) onto the "
                        r"battlefield( tapped)? under (?:their owners'|the control of that card's "
                        r"owner) control", s.replace("the control of that card's owner",
                                                     "the control of that card's owner control"))
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
    return _graveyard_return(s, refs)


# h13: "return [up to one / another] target <kinds> card [with <bound>] from <whose>
# graveyard to the battlefield [tapped [and attacking]] [with a +1/+1 counter on it]",
# "put target <kinds> card from <whose> graveyard onto the battlefield under your control"
_RETURN = re.compile(
    r"(?:return|put) (?P<up>up to one )?(?P<other>another )?target (?P<kinds>.+?) card"
    r"(?: with (?P<stat>mana value|power) (?P<n>\d+|X) or less| with (?P<bound>mana value less "
    r"than or equal to ~'s power|lesser mana value|equal or lesser power))?"
    r" from (?P<gy>your|that player's|defending player's|a) graveyard (?:to|onto) the "
    r"battlefield(?P<under> under your control)?(?P<tap> tapped and attacking| tapped)?"
    r"(?P<under2> under your control)?(?: with (?P<cn>a|one|two|three) \+1/\+1 counters? on it)?"
    r"(?:, where X is (?P<x>.+))?")
_BOUNDS = {"mana value less than or equal to ~'s power": "source_power",
           "lesser mana value": "lesser_mv", "equal or lesser power": "lesser_power"}
_PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")
_CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
               "land": "Land", "planeswalker": "Planeswalker", "battle": "Battle",
               "instant": "Instant", "sorcery": "Sorcery"}
_OTHER_SUBTYPES = frozenset({"Aura", "Equipment", "Vehicle", "Saga", "Gate", "Curse", "Food",
                             "Clue", "Treasure", "Shrine", "Forest", "Island", "Mountain",
                             "Plains", "Swamp", "Cartouche", "Background", "Class", "Room"})


def _subtype(word: str) -> bool:
    from redzone.models.parser.vocabulary import CREATURE_TYPES

    return word in CREATURE_TYPES or word in _OTHER_SUBTYPES


def _kind_parts(alt: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...],
                                    tuple[str, ...], tuple[str, ...], tuple[str, ...]] | None:
    """One card description ("nonland permanent", "legendary creature", "Spirit permanent",
    "non-Aura enchantment", "Vampire") as (card types, one of which it has — ``("permanent",)``
    for any permanent type; subtypes it has; supertypes it has; card types, subtypes and
    supertypes it must not have); ``None`` when not understood."""
    words = alt.split()
    if not words:
        return None
    noun = words[-1]
    types: tuple[str, ...] = ()
    subs: list[str] = []
    if noun == "permanent":
        types = ("permanent",)
    elif noun in _CARD_TYPES:
        types = (_CARD_TYPES[noun],)
    elif _subtype(noun):
        subs.append(noun)
    else:
        return None
    supers: list[str] = []
    no_types: list[str] = []
    no_subs: list[str] = []
    no_supers: list[str] = []
    for w in words[:-1]:
        if w == "legendary":
            supers.append("Legendary")
        elif w == "nonlegendary":
            no_supers.append("Legendary")
        elif w.startswith("non-") and _subtype(w[4:]):
            no_subs.append(w[4:])
        elif w.startswith("non") and w[3:] in _CARD_TYPES:
            no_types.append(_CARD_TYPES[w[3:]])
        elif w in _CARD_TYPES and types and types != ("permanent",):
            supers.append(_CARD_TYPES[w])  # "artifact creature": a card type it has too
        elif _subtype(w) and not subs:
            subs.append(w)
        else:
            return None
    return types, tuple(subs), tuple(supers), tuple(no_types), tuple(no_subs), tuple(no_supers)


def _graveyard_return(s: str, refs: Any) -> tuple[Effect, ...] | None:
    """h13: a target card of a kind returned from a graveyard to the battlefield (module
    docstring), or ``None``."""
    m = _RETURN.fullmatch(s)
    if not m:
        return None
    if s.startswith("put ") != (m["gy"] != "your" or bool(m["under"] or m["under2"])):
        return None  # "return ... from your graveyard", "put ... under your control"
    alts = tuple(a for a in re.split(r", or |, | or ", m["kinds"]) if a)
    if not alts or any(_kind_parts(a) is None for a in alts) or " and/or " in m["kinds"]:
        return None
    gy = {"your": "you", "a": "any", "defending player's": "defending",
          "that player's": "damaged_player"}[m["gy"]]
    if gy == "defending" and refs.player("defending player") != Who("defending_player"):
        return None
    if gy == "damaged_player" and refs.r.that_player != Who("damaged_player"):
        return None
    bound = _BOUNDS.get(m["bound"] or "", "")
    if (m["n"] == "X") != bool(m["x"]) or m["x"] and m["stat"] != "mana value":
        return None
    x = None
    if m["x"] == "~'s power":
        bound = "source_power"
    elif m["x"] == "the amount of damage ~ dealt to that player":
        if refs.r.event != "combat_damage_player" or refs.r.watch.kind != "self":
            return None
        bound = "damage"  # the damage of the triggering event (120.3)
    elif m["x"]:
        x = x_amount(m["x"], refs)
        if x is None:
            return None
        bound = "x"
    if bound in ("lesser_mv", "lesser_power") and refs.r.event != "dies":
        return None  # lesser than the creature that died
    n = int(m["n"]) if m["n"] and m["n"] != "X" else None
    tap = m["tap"] or ""
    counters = ((("+1/+1", {"a": 1, "one": 1, "two": 2, "three": 3}[m["cn"]]),)
                if m["cn"] else ())
    return (EntersFromCard(
        "graveyard_card", under="owner" if gy == "you" else "you", tapped=bool(tap), attacking="attacking" in tap,
        kinds=() if alts == ("creature",) else alts,
        mana_value_at_most=n if m["stat"] == "mana value" else None,
        power_at_most=n if m["stat"] == "power" else None, up_to=bool(m["up"]),
        graveyard=gy, another=bool(m["other"]), bound=bound,  # type: ignore[arg-type]
        counters=counters, x=x),)


def x_amount(words: str, refs: Any) -> Any:
    """h13: the :class:`Amount` of "where X is <words>" (amounts.count_phrase; "the number of
    players / opponents you attacked this combat"), or ``None``."""
    from redzone.models.triggers.amounts import count_phrase
    from redzone.models.triggers.types import Amount

    if words in ("the number of players you attacked this combat",
                 "the number of opponents you attacked this combat"):
        return Amount(1, "opponent_attacked")
    return count_phrase(words, refs)


def amend(sentence: str, effects: list[Effect]) -> bool:
    """A sentence after a return that says what the card is on the battlefield ("It's an
    enchantment."): ``effects[-1]`` changed accordingly, ``True``; else ``False``."""
    if re.fullmatch(r"it's an enchantment\.?", sentence.strip()) and effects \
            and isinstance(effects[-1], EntersFromCard) and effects[-1].what == "died" \
            and not effects[-1].types:
        effects[-1] = dataclasses.replace(effects[-1], types=("Enchantment",))
        return True
    if re.fullmatch(r"it's a forest land\.?", sentence.strip().lower()) and effects \
            and isinstance(effects[-1], EntersFromCard) and effects[-1].face_down \
            and not effects[-1].types:  # h13: Yedora's face-down Forest (708.2)
        effects[-1] = dataclasses.replace(effects[-1], types=("Land",))
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
    if face and card.layout not in ("transform", "flip"):
        return None  # only a double-faced card can enter transformed (712.14a), h13: a flip
        # card flipped (709.4)
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


def _graveyard_owners(play: Any, f: Any, e: EntersFromCard) -> list[str]:
    """The players whose graveyard ``e`` takes a card from."""
    if e.graveyard == "you":
        return [f.controller]
    if e.graveyard == "damaged_player":
        p = f.data.get("player")
        return [p] if p else []
    if e.graveyard == "defending":
        return play.players(f, Who("defending_player"), {})
    return [p.name for p in play.edit.base.players]


def graveyard_now(play: Any, player: str) -> list[tuple[str, str | None, Permanent | None]]:
    """The cards in ``player``'s graveyard now (700.4), as ``(id, card name, permanent)``:
    the scenario's ``players[].graveyard`` cards (``<player>~graveyard<i>``, the name given,
    no permanent) less those that left it in this combat (returned to the battlefield, or
    with a reason: exiled as a cost or by an effect), then the nontoken permanents the
    player owns that died in this combat and are still there (their id, no name, the
    permanent as it last existed; a token is no card, 111.7). The one reading of "the
    graveyard now" for the cards a triggered ability returns, casts or counts."""
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    given = next((p.graveyard for p in base.players if p.name == player), ())
    out: list[tuple[str, str | None, Permanent | None]] = [
        (gid, name, None) for i, name in enumerate(given)
        if (gid := f"{player}~graveyard{i}") not in perms and gid not in play.state.reasons]
    for pid in play.state.destroyed:
        perm = base.permanents.get(pid)
        if perm is None or perm.token or perm.owner != player \
                or play.state.reasons.get(pid, "").startswith(_NOT_DIED) \
                or f"{pid}~returned" in perms:
            continue
        out.append((pid, None, perm))
    return out


def _graveyard_cards(play: Any, f: Any, e: EntersFromCard) -> list[str]:
    """The cards in the graveyards ``e`` names (the controller's, the player's dealt the
    combat damage, the defending player's, any) that it may return, one of each name per
    player: ids ``<player>~graveyard<i>`` (the scenario's ``graveyard``) and the ids of the
    nontoken permanents they own that died in this combat and are still there."""
    bounds = _bounds(play, f, e)
    out: list[str] = []
    for whose in _graveyard_owners(play, f, e):
        seen: set[str] = set()
        for gid, name, perm in graveyard_now(play, whose):
            if perm is None:
                assert name is not None
                if name in seen or not _fits(name, e, bounds):
                    continue
                seen.add(name)
            elif e.another and gid == f.source:
                continue
            elif perm.card is None or _card_of(perm.card) is None:
                if not _fits_perm(perm, e, bounds):
                    continue
            elif not _fits(perm.card, e, bounds):
                continue
            out.append(gid)
    return out


def _bounds(play: Any, f: Any, e: EntersFromCard) -> tuple[int | None, int | None]:
    """(greatest mana value, greatest power) the card of ``e`` may have, now (608.2b): the
    numbers ``e`` states and its ``bound`` — the source's power as it last existed (608.2h);
    one less than the mana value / the power of the creature that died."""
    mv, power = e.mana_value_at_most, e.power_at_most
    if not e.bound:
        return mv, power
    if e.bound == "x" and e.x is not None:  # counted as it resolves (608.2h)
        n = play.amount(f, e.x)
        return (n if mv is None else min(mv, n)), power
    if e.bound == "damage":
        d = int(f.data.get("damage", 0))
        return (d if mv is None else min(mv, d)), power
    if e.bound in ("source_power", "source_power_less"):
        p = play.edit.perm(f.source).power if _known(play, f.source) else None
        if e.bound == "source_power_less":  # "with lesser power" than the source's
            return mv, (-1 if p is None else p - 1)
        return (None if p is None else p if mv is None else min(mv, p)), power
    if e.bound == "attackers":  # attacking creatures the controller controls, now
        n = sum(1 for a in play.attackers if play.state.on_battlefield(a)
                and _known(play, a) and play.edit.perm(a).controller == f.controller)
        return (n if mv is None else min(mv, n)), power
    if e.bound == "trigger_power":  # the creature that died, as it last existed (608.2h)
        p = play.edit.perm(f.trigger).power if f.trigger and _known(play, f.trigger) else None
        return (-1 if p is None else p), power
    pid = f.trigger or f.source
    dead = play.edit.perm(pid) if pid is not None and _known(play, pid) else None
    if dead is None:
        return -1, -1  # nothing to compare with: no card fits
    if e.bound == "lesser_mv":
        return dead.mana_value - 1, power
    return mv, dead.power if dead.power is not None else -1


def _kind_fits(types: tuple[str, ...], subtypes: tuple[str, ...], supertypes: tuple[str, ...],
               e: EntersFromCard) -> bool:
    if not e.kinds:
        return any(t in types for t in e.card_types)
    for alt in e.kinds:
        got = _kind_parts(alt)
        if got is None:
            continue
        need, subs, supers, no_types, no_subs, no_supers = got
        if need == ("permanent",):
            if not any(t in types for t in _PERMANENT_TYPES):
                continue
        elif need and not any(t in types for t in need):
            continue
        if any(x not in subtypes for x in subs) \
                or any(x not in supertypes and x not in types for x in supers):
            continue
        if any(x in types for x in no_types) or any(x in subtypes for x in no_subs) \
                or any(x in supertypes for x in no_supers):
            continue
        return True
    return False


def _fits(name: str, e: EntersFromCard, bounds: tuple[int | None, int | None]) -> bool:
    got = _card_of(name)
    if got is None:
        return False
    _, face = got
    if not _kind_fits(tuple(face.types), tuple(face.subtypes), tuple(face.supertypes), e):
        return False
    mv, power = bounds
    if mv is not None and face.mana_value > mv:
        return False
    if power is not None:
        p = _printed(face.power)
        if p is None or p > power:
            return False
    return True


def _fits_perm(perm: Permanent, e: EntersFromCard, bounds: tuple[int | None, int | None]) -> bool:
    b = perm.base
    types = b.types if b is not None else perm.types
    subtypes = b.subtypes if b is not None else perm.subtypes
    supertypes = b.supertypes if b is not None else perm.supertypes
    power = b.power if b is not None else perm.power
    if not _kind_fits(tuple(types), tuple(subtypes), tuple(supertypes), e):
        return False
    mv, most = bounds
    if mv is not None and perm.mana_value > mv:
        return False
    return most is None or (power is not None and power <= most)


def card_target(play: Any, f: Any, chosen: dict[str, Any]) -> bool:
    """Choose the target card of ``f``'s :class:`EntersFromCard` ``"graveyard_card"`` effect
    (or of a :class:`CopyToken` of a card, or a :class:`CastCard` "cast target ... card from
    your graveyard") as it is put on the stack (603.3d), into ``chosen["card"]``; ``False``
    when it has no legal target (the ability is removed from the stack). ``True`` when it has
    none such."""
    from redzone.models.triggers.resolve import Choice

    e = next((x for x in f.ability.effects
              if isinstance(x, EntersFromCard) and x.what == "graveyard_card"), None)
    e = e or next((x.card for x in f.ability.effects if isinstance(x, CopyToken)  # h23
                   and x.card is not None), None)
    e = e or next((x.card for x in flat_effects(f.ability.effects)  # h24: "cast target ... card
                   if isinstance(x, CastCard) and x.target), None)  # from your graveyard"
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
        if e.face_down:
            return _face_down(play, old, new_id, controller, e, index)
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
        note = _put(play, new) + _with_counters(play, f, e, new.id, chosen)
        return f"{pid} returns to the battlefield as {new_id}" + (" tapped" if e.tapped else "") \
            + (f", transformed ({new.name})" if e.transformed else "") \
            + (f" under {controller}'s control" if controller != old.owner else "") + note
    if e.what == "blink":
        return _blink(play, f, e, chosen, index)
    if e.what == "hand_card":
        return _hand_card(play, f, e, chosen, index)
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
        if not _fits(given[int(m[2])], e, _bounds(play, f, e)):
            return "removed: its target card is no longer legal (608.2b)"
        new_id = card
        new = _from_card(given[int(m[2])], new_id, f.controller, m[1], index)
    refused = _refused(new, card, "graveyard")
    if refused is not None:
        return refused
    assert new is not None  # (_refused said so)
    new = dataclasses.replace(new, tapped=e.tapped or e.attacking)
    attacked = _attack_target(play, f) if e.attacking else None
    if attacked is not None:
        play.attackers[new.id] = attacked  # 508.4: attacking, never declared
    note = _put(play, new) + _with_counters(play, f, e, new.id, chosen)
    return f"{card} returns to the battlefield as {new.id}" + (
        f" tapped and attacking {attacked}" if attacked is not None
        else " tapped" if e.tapped else "") + note


def _blink(play: Any, f: Any, e: EntersFromCard, chosen: dict[str, Any], index: int) -> str:
    """h13: "exile X, then return it to the battlefield [transformed]": the card the same
    ability just exiled (the source, or its target) returns as a new object (400.7: id
    ``<id>~returned``, not in combat 506.4, summoning sick, no damage or effects), its back
    face up when ``transformed`` (712.14a). A token exiled ceases to exist (111.8)."""
    pid = f.source if e.of == "source" else chosen.get("target")
    base = play.edit.base
    if not isinstance(pid, str) or pid not in base.permanents and not _known(play, pid) \
            or play.state.on_battlefield(pid):
        return "nothing exiled"
    if not play.state.reasons.get(pid, "").startswith("exiled"):
        return "nothing exiled"
    old = play.edit.perm(pid)
    if old.token:
        return f"{pid} doesn't return: a token ceased to exist (111.8)"
    new_id = f"{pid}~returned"
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    if new_id in perms:
        return "already returned"
    controller = f.controller if e.under == "you" else old.owner
    if e.transformed and not old.card:
        return "not played: the card data doesn't give its back face"
    new = (_from_card(old.card, new_id, controller, old.owner, index, int(e.transformed))
           if old.card else _fresh(old, new_id, controller, index))
    if new is None:
        return "not played: the card data doesn't give its characteristics"
    if "Saga" in new.subtypes or "Aura" in new.subtypes:
        return f"not played: {new.name} (a Saga or an Aura) entering the battlefield"
    new = dataclasses.replace(new, tapped=e.tapped, owner=old.owner, controller=controller)
    note = _put(play, new)
    return f"{pid} returns to the battlefield as {new_id}" + (" tapped" if e.tapped else "") \
        + (f", transformed ({new.name})" if e.transformed else "") + note


def _face_down(play: Any, old: Permanent, new_id: str, controller: str, e: EntersFromCard,
               index: int) -> str:
    """h13: the card of ``old`` returned face down (708.2): a 2/2 creature with no name,
    types, colour or abilities; with ``e.types`` ("It's a Forest land"): a Forest land with
    no other types or abilities. A new object (400.7), not in combat."""
    from redzone.models.abilities import ParsedText

    land = "Land" in e.types
    types, subtypes = (("Land",), ("Forest",)) if land else (("Creature",), ())
    power, toughness = (None, None) if land else (2, 2)
    new = Permanent(id=new_id, name="Face-down " + ("land" if land else "creature"),
                    controller=controller, owner=old.owner, index=index, types=types,
                    subtypes=subtypes, power=power, toughness=toughness, summoning_sick=True,
                    parsed=ParsedText(), base=Base(types, subtypes, (), (), power, toughness))
    note = _put(play, new)
    return f"{old.id} returns to the battlefield face down as {new_id}, " + (
        "a Forest land" if land else "a 2/2 creature") + " (708.2)" + note


def _with_counters(play: Any, f: Any, e: EntersFromCard, pid: str, chosen: dict[str, Any]) -> str:
    """h13: the counters ``e`` says the permanent ``pid`` enters with (122.6: "with a +1/+1 /
    flying counter on it"), counted in its power and toughness, a keyword counter giving its
    keyword (122.1b); the line of them, ``""`` when none."""
    from redzone.models.triggers.types import Amount, Counters

    return "".join("; " + play.effect(dataclasses.replace(f, trigger=pid),
                                      Counters(Who("trigger"), kind, Amount(n)), chosen)
                   for kind, n in e.counters)


def _hand_card(play: Any, f: Any, e: EntersFromCard, chosen: dict[str, Any], index: int) -> str:
    """h13: "put a <kinds> card from your hand onto the battlefield [tapped and attacking]":
    the controller chooses, as the ability resolves, one card of the kinds and bounds
    (608.2b) among those of the scenario's ``players[].hand`` (one of each name; id
    ``<player>~hand<i>``, the index in that list), a new permanent under their control;
    with none there, nothing happens (the scenario says what the hand holds)."""
    from redzone.models.triggers.resolve import Choice

    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    from redzone.models.triggers.if_tests import HAND_NOT_STATED, stated_hand

    if stated_hand(base, f.controller) is None:  # h34: unknown, never taken as empty
        return f"{HAND_NOT_STATED} (the cards of {f.controller}'s hand)"
    hand = stated_hand(base, f.controller) or ()
    bounds = _bounds(play, f, e)
    options: list[Any] = []
    seen: set[str] = set()
    for i, name in enumerate(hand):
        hid = f"{f.controller}~hand{i}"
        if hid in perms or name in seen or not _fits(name, e, bounds):
            continue
        seen.add(name)
        options.append(hid)
    if not options:
        return "no such card in the hand (the scenario's players[].hand)"
    pick = options[0] if len(options) == 1 else play.choose(
        Choice(f.controller, "chosen", f.source, f.ability.text, tuple(options), f.trigger))
    if len(options) > 1:
        chosen["chosen"] = pick
    name = hand[int(pick.rsplit("~hand", 1)[1])]
    refused, tail = put_card(play, f, name, pick, "hand", index, tapped=e.tapped,
                             attacking=e.attacking)
    if refused is not None:
        return refused
    return f"{name} put onto the battlefield from {f.controller}'s hand as {pick}" + tail


def put_card(play: Any, f: Any, name: str, pid: str, zone: str, index: int, *,
             tapped: bool, attacking: bool, attacked: str | None = None) -> tuple[str | None, str]:
    """Put the card ``name`` from ``zone`` (``"hand"``, ``"graveyard"``, ``"library"``) onto
    the battlefield as ``pid`` under ``f``'s controller, [tapped] [and attacking: a creature
    attacks ``attacked`` or a player or planeswalker its controller chooses, 508.4 — never
    declared]. Returns ``(why not, "")`` when the card can't be put (:func:`_refused`), else
    ``(None, tail)``: the line's tail (" tapped and attacking Bob", " tapped", and the note
    of :func:`_put`)."""
    new = _from_card(name, pid, f.controller, f.controller, index)
    refused = _refused(new, name, zone)
    if refused is not None:
        return refused, ""
    assert new is not None  # (_refused said so)
    new = dataclasses.replace(new, tapped=tapped or attacking)
    if attacking and new.is_creature:
        attacked = attacked if attacked is not None else _attack_target(play, f)
    else:
        attacked = None
    if attacked is not None:
        play.attackers[new.id] = attacked  # 508.4: attacking, never declared
    note = _put(play, new)
    return None, (f" tapped and attacking {attacked}" if attacked is not None
                  else " tapped" if tapped or attacking else "") + note


def _refused(new: Any, card: str, zone: str) -> str | None:
    """Why the card ``card`` (``new``: its permanent, ``None`` when the card data doesn't
    give its characteristics) is not put onto the battlefield from ``zone``: not a
    permanent card (400.4a), or an Aura or a Saga — an Aura enters attached to what its
    controller chooses (303.4f), a Saga with a lore counter and its chapter ability (714.3a):
    neither is played. ``None`` when it enters."""
    if new is None:
        return "not played: the card data doesn't give its characteristics"
    if not any(t in new.types for t in _PERMANENT_TYPES):
        return f"{card} stays in the {zone}: not a permanent card (400.4a)"
    if "Aura" in new.subtypes or "Saga" in new.subtypes:
        return f"not played: {new.name} ({'an Aura' if 'Aura' in new.subtypes else 'a Saga'}) " \
               "entering the battlefield"
    return None


def _attack_target(play: Any, f: Any) -> str | None:
    """508.4: the player or planeswalker a creature put onto the battlefield attacking
    attacks: one of the opponents' (its controller's choice)."""
    from redzone.models.triggers.resolve import Choice

    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    options = [p.name for p in base.players if p.name != f.controller and play.state.in_game(p.name)]
    options += [q.id for q in perms.values() if q.is_a("Planeswalker")
                and q.controller != f.controller and play.state.on_battlefield(q.id)]
    if not options:
        return None
    return options[0] if len(options) == 1 else play.choose(
        Choice(f.controller, "attacked", f.source, f.ability.text, tuple(options), f.trigger))


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


def return_exiled(play: Any, src_id: str) -> list[str]:
    """h13 (610.3c): the cards of ``src_id``'s ``exiled`` returned to the battlefield under
    their owners' control, untapped, new objects (ids ``<source>~exiled<i>``); the ids that
    entered (a card the card data doesn't give stays in exile)."""
    src = play.edit.perm(src_id)
    perms = play.edit.perms if play.edit.perms is not None else play.edit.base.permanents
    index = len(play.edit.base.permanents) + 1000 + play.tokens + len(perms)
    out = []
    for i, (name, owner) in enumerate(src.exiled.items()):
        pid = f"{src_id}~exiled{i}"
        if pid in perms or not play.state.in_game(owner):
            continue
        new = _from_card(name, pid, owner, owner, index + i)
        if new is not None:
            _put(play, new)
            out.append(pid)
    return out


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
