"""Cards from hidden zones in triggered abilities of combat (h24; docs/triggers.md, "Hidden
zones (h24)").

Reading (:func:`read_clause`, the last fallback of :mod:`redzone.models.triggers.parse`'s
clause reader):

- "search your library for <a / an / up to N / any number of> <kinds> card(s) [with mana
  value N or less | with total mana value N or less], put it / them / that card onto the
  battlefield [tapped], then shuffle" (:class:`SearchLibrary`; 701.19);
- "cast <a <kinds> spell | target <kinds> card> [with mana value <bound>] from <your hand |
  your graveyard | that player's / defending player's graveyard> [with mana value <bound>]
  [without paying its mana cost]" (:class:`CastCard`; 601.2, 118.9).

Playing (:func:`resolve`): the cards are the scenario's ``players[].library`` (top first),
``hand`` and ``graveyard`` — what the scenario states is there, as for a card put from a hand
(docs/triggers.md "Cards from a hand"). A search for a card with a stated quality may find
nothing (701.19b): with no library stated, only basic lands can be named (as the basic land
search does), any other search finds nothing and its line says why. A permanent spell cast
resolves (608.3) and its permanent enters, not in combat; an instant or sorcery spell cast,
or a spell whose mana cost is paid (mana is not modelled), is not played and its line says
so ("not played: ..."). Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from redzone.models.triggers.types import (CastCard, Effect, EntersFromCard, ExiledFaceUp, HandAfterDraw,
                                           OwnCardExile, RevealedPut, RevealUntil, RingTempts,
                                           SearchLibrary, Venture, ZoneCards)

__all__ = ["EFFECTS", "ROOMS", "caused", "checked", "own_card_cost", "read_clause",
           "read_whole", "resolve", "stops", "unplayed"]

EFFECTS = (SearchLibrary, CastCard, Venture, RingTempts, OwnCardExile, HandAfterDraw, ZoneCards,
           RevealUntil, RevealedPut, ExiledFaceUp)
"""The effect classes :func:`resolve` plays."""

_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_SPELL_TYPES = ("artifact", "creature", "enchantment", "planeswalker", "battle", "instant",
                "sorcery")

# ---------------------------------------------------------------- reading

_SEARCH = re.compile(
    r"search your library for (?P<n>a|an|up to (?:one|two|three|four|five|X)|any number of) "
    r"(?P<kinds>.+?) cards?(?: with (?P<total>total )?mana value (?P<mv>\d+) or less)?"
    r"(?:, where X is (?P<x>[^,]+))?, (?:reveal (?:it|them|that card|those cards), )?"
    r"put (?:it|them|that card|those cards) onto the battlefield(?P<tap> tapped)?, then shuffle")

_BOUND = (r"with mana value (?:(?P<{0}n>\d+|X) or less|less than or equal to "
          r"(?P<{0}eq>that damage|~'s power|his power|her power|its power))")
_CAST = re.compile(
    r"cast (?:(?P<target>up to one target |target )(?P<kinds1>.+?) card|(?:a|an) (?P<kinds2>.+?) "
    r"spell|(?P<any>a spell))(?: " + _BOUND.format("a") + r")? from (?P<zone>your hand|your "
    r"graveyard|that player's graveyard|defending player's graveyard)(?: " + _BOUND.format("b")
    + r")?(?P<free> without paying its mana cost)?(?:, where X is (?P<x>.+))?")


def _kinds(words: str) -> tuple[str, ...] | None:
    """Card descriptions of ``words`` ("instant or sorcery", "artifact, instant, or sorcery",
    "nonland permanent", "basic land"), each readable by ``entries._kind_parts``; ``None``."""
    from redzone.models.triggers.entries import _kind_parts

    if " and/or " in words:
        return None
    alts = tuple(a for a in re.split(r", or |, | or ", words) if a)
    if not alts or any(_kind_parts(a.removeprefix("basic ")) is None for a in alts):
        return None
    return alts


def read_clause(s: str, refs: Any, dies_self: bool) -> tuple[Effect, ...] | None:
    """One clause of this module's kinds (module docstring), or ``None``."""
    if _EXILED_INSTEAD.fullmatch(s):
        # 614.1a: where the card of an instant or sorcery spell cast goes after it resolves
        # (a graveyard or exile): a card between hidden zones, nothing in combat
        from redzone.models.triggers.types import ValueOnly

        return (ValueOnly("spell exiled instead of put into a graveyard"),)
    if s == "venture into the dungeon":
        return (Venture(),)
    if s.lower() == "the ring tempts you":
        return (RingTempts(),)
    m = re.fullmatch(r"draw (a card|two cards|three cards), then you may (put .+)", s)
    if m:  # the cards drawn: the top of the stated library
        from redzone.models.triggers.moves import _hand_card  # pyright: ignore[reportPrivateUsage]
        from redzone.models.triggers.types import ValueOnly

        both = " from your hand or graveyard " in m[2]
        got = _hand_card(m[2].replace(" from your hand or graveyard ", " from your hand "), refs)
        if got is None or len(got) != 1 or not isinstance(got[0], EntersFromCard):
            return None
        n = {"a card": 1, "two cards": 2, "three cards": 3}[m[1]]
        return (ValueOnly("draw"), HandAfterDraw(n, got[0], graveyard=both))
    m = re.fullmatch(r"(put .+ from your hand onto the battlefield tapped and attacking) "
                     r"(?:that opponent|that player)", s)
    if m and refs.r.event == "attacks" and refs.r.watch.kind == "self" \
            and "at:opponent" in refs.r.watch.extra:  # the player the source attacks (508.1b)
        from redzone.models.triggers.moves import _hand_card  # pyright: ignore[reportPrivateUsage]

        got = _hand_card(m[1], refs)
        if got is None or len(got) != 1 or not isinstance(got[0], EntersFromCard):
            return None
        return (HandAfterDraw(0, got[0], that_player=True),)
    return _search(s, refs) or _cast(s, refs) or _zone_cards(s)


_ZONE = re.compile(
    r"(?:put|return) (?P<n>a|an|all) (?P<kinds>.+?) cards? from (?P<zone>your hand or graveyard|"
    r"your graveyard|a graveyard) (?:onto|to) the battlefield(?P<tap> tapped)?"
    r"(?P<under> under your control)?")


def _zone_cards(s: str) -> tuple[Effect, ...] | None:
    m = _ZONE.fullmatch(s)
    if not m or (m["n"] == "all") != s.split(" from ")[0].endswith("cards"):
        return None
    kinds = _kinds(m["kinds"])
    if kinds is None or any(k.startswith("basic ") for k in kinds):
        return None
    zone = m["zone"]
    if zone == "a graveyard" and not m["under"] or zone != "a graveyard" and m["under"]:
        return None  # "from a graveyard ... under your control"; your own: under its owner's
    zones = ("hand", "graveyard") if zone == "your hand or graveyard" else ("graveyard",)
    spec = EntersFromCard("graveyard_card", under="you", tapped=bool(m["tap"]), kinds=kinds,
                          graveyard="any" if zone == "a graveyard" else "you")
    return (ZoneCards(zones, spec, m["n"] == "all"),)


_REVEAL = re.compile(
    r"reveal cards from the top of your library until you reveal (?:a|an) (?P<kinds>.+?) card"
    r"(?: with mana value (?P<mv>\d+) or less)?\. put that card onto the battlefield"
    r"(?P<tap> tapped and attacking| tapped)?(?: and the rest on the bottom of your library in a "
    r"random order|, then shuffle the rest into your library)\.?")


def read_whole(rest: str) -> tuple[tuple[Effect, ...], bool] | None:
    """The whole effect text "reveal cards from the top of your library until you reveal a
    <kinds> card [with mana value N or less]. Put that card onto the battlefield [tapped
    [and attacking]] and the rest on the bottom of your library in a random order" (Raph &
    Mikey, Atla Palani): (:class:`RevealUntil`, :class:`RevealedPut`), not optional; else
    ``None``."""
    text = rest.strip()
    low = text.lower().rstrip(".")
    if low in ("turn the exiled card face up. if it's a creature card, put it onto the "
               "battlefield under your control",
               "turn the exiled card face up. you may cast it without paying its mana cost"):
        cast = "cast" in low
        return (ExiledFaceUp(cast),), cast  # the cast is a "may"
    m = _REVEAL.fullmatch(text[:1].lower() + text[1:].replace(". Put that", ". put that"))
    if not m:
        return None
    kinds = _kinds(m["kinds"])
    if kinds is None:
        return None
    tap = m["tap"] or ""
    return ((RevealUntil(kinds, int(m["mv"]) if m["mv"] else None),
             RevealedPut(bool(tap), "attacking" in tap)), False)


def checked(effects: Any) -> bool:
    """Whether ``effects`` (an ability's, in order) reads no hidden zone after a value effect
    of the same ability ("mill three cards, then return a land card from your graveyard":
    the cards milled are not stated, so the graveyard is not known)."""
    from redzone.models.triggers.types import ValueOnly

    seen_value = revealed = False
    for e in effects:
        if isinstance(e, ValueOnly):
            seen_value = True
        elif isinstance(e, ZoneCards) and seen_value:
            return False
        elif isinstance(e, RevealUntil):
            revealed = True
        elif isinstance(e, RevealedPut) and not revealed:
            return False  # "that card" of another reading
    return True


_EXILED_INSTEAD = re.compile(
    r"if (?:that spell|that card|it|an instant or sorcery spell cast this way) would be put "
    r"into (?:your|a|its owner's) graveyard(?: this turn)?, exile it instead")


def _search(s: str, refs: Any) -> tuple[Effect, ...] | None:
    if s.startswith("each player may search their library for "):
        got = _search(s.replace("each player may search their library for ",
                                "search your library for ", 1), refs)
        if got is None or not isinstance(got[0], SearchLibrary) or got[0].x is not None:
            return None
        return (dataclasses.replace(got[0], each_player=True),)
    m = _SEARCH.fullmatch(s)
    if not m:
        return None
    kinds = _kinds(m["kinds"])
    if kinds is None:
        return None
    n = m["n"]
    x = None
    if n == "up to X":
        if not m["x"]:
            return None
        from redzone.models.triggers.entries import x_amount

        x = x_amount(m["x"], refs)
        if x is None:
            return None
        count = 0
    elif m["x"]:
        return None
    else:
        count = 0 if n == "any number of" else _COUNT[n.removeprefix("up to ")]
    if count == 0 and x is None and not m["total"]:
        return None  # "any number of" needs a bound to be finite
    if (count != 1) != s.split(" onto the battlefield")[0].endswith(("them", "those cards")) \
            and not (count == 1 and m["n"].startswith("up to")):
        return None  # "a card ... put it", "up to two cards ... put them"
    mv = int(m["mv"]) if m["mv"] else None
    return (SearchLibrary(kinds, count, mv, bool(m["total"]), bool(m["tap"]), x),)


def _cast(s: str, refs: Any) -> tuple[Effect, ...] | None:
    m = _CAST.fullmatch(s)
    if not m:
        return None
    if m["any"]:
        kinds: tuple[str, ...] | None = _SPELL_TYPES
    else:
        kinds = _kinds(m["kinds1"] or m["kinds2"])
    if kinds is None or any(k.startswith("basic ") for k in kinds):
        return None
    bn, beq = m["an"] or m["bn"], m["aeq"] or m["beq"]
    if m["an"] and m["bn"] or m["aeq"] and m["beq"]:
        return None
    r = refs.r
    bound = ""
    x = None
    mv = int(bn) if bn and bn != "X" else None
    if (bn == "X") != bool(m["x"]):
        return None
    if m["x"] == "the number of attacking creatures" \
            or m["x"] == "the number of attacking creatures you control":
        bound = "attackers"
    elif m["x"]:
        from redzone.models.triggers.entries import x_amount

        x = x_amount(m["x"], refs)
        if x is None:
            return None
        bound = "x"
    elif beq in ("~'s power", "his power", "her power") \
            or beq == "its power" and r.it is not None and r.it.kind == "source":
        bound = "source_power"
    elif beq == "that damage":
        if r.event not in ("combat_damage_player", "combat_damage") or r.watch.kind != "self":
            return None  # the damage of the source's own event (120.3; "deals combat
            # damage": all it dealt in the step, 603.2c)
        bound = "damage"
    elif beq:
        return None
    zone = m["zone"]
    if zone == "your hand":
        if m["target"]:
            return None  # a card in a hand is never a target (115.1)
        where = "you"
    elif zone == "your graveyard":
        where = "you"
    elif zone == "defending player's graveyard":
        from redzone.models.triggers.types import Who

        if refs.player("defending player") != Who("defending_player"):
            return None
        where = "defending"
    else:
        from redzone.models.triggers.types import Who

        if r.that_player != Who("damaged_player"):
            return None
        where = "damaged_player"
    if zone != "your hand" and not m["target"] and where != "you":
        return None
    spec = EntersFromCard("hand_card" if zone == "your hand" else "graveyard_card", under="you",
                          kinds=kinds, mana_value_at_most=mv, graveyard=where,  # type: ignore[arg-type]
                          up_to=m["target"] == "up to one target ", bound=bound,  # type: ignore[arg-type]
                          x=x)
    return (CastCard("hand" if zone == "your hand" else "graveyard", spec, bool(m["free"]),
                     bool(m["target"])),)


# ---------------------------------------------------------------- playing

def resolve(play: Any, f: Any, e: Effect, chosen: dict[str, Any]) -> str:
    """Resolve ``e`` (one of :data:`EFFECTS`) for ``f`` in the window ``play``; the line of
    what it did."""
    if isinstance(e, SearchLibrary):
        return _search_library(play, f, e)
    if isinstance(e, Venture):
        return _venture(play, f, chosen)
    if isinstance(e, RingTempts):
        return _tempt(play, f, chosen)
    if isinstance(e, OwnCardExile):
        return _own_card(play, f)
    if isinstance(e, HandAfterDraw):
        return _hand_after_draw(play, f, e, chosen)
    if isinstance(e, ZoneCards):
        return _zone_put(play, f, e, chosen)
    if isinstance(e, RevealUntil):
        return _reveal_until(play, f, e, chosen)
    if isinstance(e, ExiledFaceUp):
        return _face_up(play, f, e)
    if isinstance(e, RevealedPut):
        return _revealed_put(play, f, e, chosen)
    assert isinstance(e, CastCard)
    return _cast_card(play, f, e, chosen)


def _card_name(play: Any, cid: str) -> str | None:
    """The card name of a hand / graveyard / library id (``<player>~hand<i>`` ...) or of a
    permanent that died in this combat."""
    base = play.edit.base
    m = re.fullmatch(r"(.+)~(hand|graveyard|library)(\d+)", cid)
    if m:
        given = next((getattr(p, m[2]) for p in base.players if p.name == m[1]), ())
        return given[int(m[3])] if int(m[3]) < len(given) else None
    perm = base.permanents.get(cid)
    return None if perm is None else perm.card or perm.name


def _is_permanent_card(name: str) -> bool:
    from redzone.models.triggers.entries import _PERMANENT_TYPES, _card_of

    got = _card_of(name)
    return got is not None and any(t in got[1].types for t in _PERMANENT_TYPES)


def _cast_card(play: Any, f: Any, e: CastCard, chosen: dict[str, Any]) -> str:
    """601.2, 608.3: the card cast, chosen as the ability resolves (a hand, or a graveyard
    card not targeted) or its target (608.2b: still there and still legal); a permanent spell
    cast resolves and its permanent enters under the controller's control, not in combat; an
    instant or sorcery spell, or a spell whose mana cost must be paid, is not played."""
    from redzone.models.triggers.entries import (_bounds, _fits, _from_card, _graveyard_cards,
                                                 _put, _refused)
    from redzone.models.triggers.resolve import Choice

    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    zone = "hand" if e.zone == "hand" else "graveyard"
    if e.zone == "hand":
        from redzone.models.triggers.if_tests import HAND_NOT_STATED, stated_hand

        if stated_hand(base, f.controller) is None:  # h34: unknown, never taken as empty
            return f"{HAND_NOT_STATED} (the cards of {f.controller}'s hand)"
        hand = stated_hand(base, f.controller) or ()
        bounds = _bounds(play, f, e.card)
        options: list[str] = []
        seen: set[str] = set()
        for i, name in enumerate(hand):
            hid = f"{f.controller}~hand{i}"
            if hid in perms or name in seen or not _fits(name, e.card, bounds):
                continue
            seen.add(name)
            options.append(hid)
    elif e.target:
        card = chosen.get("card")
        if card is None:
            return "no card chosen"
        if card not in _graveyard_cards(play, f, e.card):
            return "removed: its target card left the graveyard or is no longer legal (608.2b)"
        options = [card]
    else:
        options = list(_graveyard_cards(play, f, e.card))
    if not options:
        return (f"no such card in the {zone} (the scenario's players[].{zone}): nothing is "
                "cast")
    names = [_card_name(play, o) or o for o in options]
    if not e.free:
        return (f"not played: casting {' or '.join(names)} from the {zone} needs its mana cost "
                "paid (mana is not modelled)")
    spells = [n for n in names if not _is_permanent_card(n)]
    if spells:
        return (f"not played: casting {' or '.join(dict.fromkeys(spells))} (an instant or "
                "sorcery spell: its effect is not read)")
    pick = options[0] if len(options) == 1 else play.choose(
        Choice(f.controller, "chosen", f.source, f.ability.text, tuple(options), f.trigger))
    if len(options) > 1:
        chosen["chosen"] = pick
    name = _card_name(play, pick) or pick
    perms_index = len(base.permanents) + 1000 + play.tokens + len(perms)
    new_id = f"{pick}~returned" if pick in base.permanents else pick
    owner = pick.split("~", 1)[0] if "~" in pick and pick not in base.permanents \
        else base.permanents[pick].owner
    new = _from_card(name, new_id, f.controller, owner, perms_index)
    refused = _refused(new, name, zone)
    if refused is not None:
        return refused
    assert new is not None  # (_refused said so)
    note = _put(play, new)
    return (f"{f.controller} casts {name} from the {zone} without paying its mana cost; it "
            f"resolves (608.3) and enters as {new_id}") + note


def _search_fits(name: str, e: SearchLibrary) -> bool:
    """Whether the card ``name`` is of ``e``'s kinds ("basic land": a land with the Basic
    supertype) with mana value at most ``e.mana_value_at_most`` (each, unless ``total``)."""
    from redzone.models.triggers.entries import _card_of, _kind_fits

    got = _card_of(name)
    if got is None:
        return False
    face = got[1]
    for alt in e.kinds:
        basic = alt.startswith("basic ")
        spec = EntersFromCard("hand_card", kinds=(alt.removeprefix("basic "),))
        if basic and "Basic" not in face.supertypes:
            continue
        if _kind_fits(tuple(face.types), tuple(face.subtypes), tuple(face.supertypes), spec):
            break
    else:
        return False
    return e.total or e.mana_value_at_most is None or face.mana_value <= e.mana_value_at_most


def _search_library(play: Any, f: Any, e: SearchLibrary) -> str:
    """701.19: :func:`_search_one` for the controller, or — ``each_player`` — for each player
    in turn order from the active player (101.4), each first choosing whether to search (a
    "may")."""
    from redzone.models.triggers.resolve import Choice

    if not e.each_player:
        return _search_one(play, f, e, f.controller)
    base = play.edit.base
    names = [p.name for p in base.players if play.state.in_game(p.name)]
    ap = base.active_player
    if ap in names:
        names = names[names.index(ap):] + names[:names.index(ap)]
    lines = []
    for player in names:
        if not play.choose(Choice(player, "may", f.source, f.ability.text, (True, False),
                                  f.trigger)):
            lines.append(f"{player} doesn't search")
            continue
        lines.append(f"{player}: " + _search_one(play, f, e, player))
    return "; ".join(lines)


def _search_one(play: Any, f: Any, e: SearchLibrary, player: str) -> str:
    """701.19: the controller searches their library for up to ``count`` cards of ``e``'s
    kinds (one choice each, in turn; finding none is a choice too, 701.19b) and puts them
    onto the battlefield under their control: among the cards of the scenario's
    ``players[].library`` when given (ids ``<player>~library<i>``); else — the library
    unknown — only basic lands can be named (one of the five), and a search for any other
    card finds nothing."""
    from redzone.models.triggers.entries import _card_of, _from_card, _put, _refused
    from redzone.models.triggers.resolve import Choice

    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    library = next((p.library for p in base.players if p.name == player), ())
    count = e.count if e.x is None else max(0, play.amount(f, e.x))
    if count == 0 and e.x is None:
        count = len(library) if library else 7  # "any number of": bounded by the total
    budget = e.mana_value_at_most if e.total else None
    lines: list[str] = []
    taken: list[str] = []
    for _ in range(count):
        options: list[Any] = []
        if library:
            seen: set[str] = set()
            for i, name in enumerate(library):
                lid = f"{player}~library{i}"
                if lid in perms or lid in taken or name in seen or not _search_fits(name, e):
                    continue
                got = _card_of(name)
                if budget is not None and (got is None or got[1].mana_value > budget):
                    continue
                seen.add(name)
                options.append(lid)
        else:
            options = [n for n in _BASICS if _search_fits(n, e)]
        if not options:
            if not lines:
                return ("no such card found (701.19b)" if library else
                        "no such card found: the library is not stated (the scenario's "
                        "players[].library) and a search for a card of a stated quality may "
                        "find nothing (701.19b)")
            break
        options.append(None)
        pick = play.choose(Choice(player, "search", f.source, f.ability.text,
                                  tuple(options), f.trigger))
        if pick is None:
            break
        if library:
            name = library[int(pick.rsplit("~library", 1)[1])]
            lid = pick
        else:
            name = pick
            play.tokens += 1
            lid = f"{f.source}~land{play.tokens}"
        taken.append(lid)
        index = len(base.permanents) + 1000 + play.tokens + len(perms) + len(taken)
        new = _from_card(name, lid, player, player, index)
        refused = _refused(new, name, "library")
        if refused is not None:
            lines.append(refused)
            continue
        assert new is not None  # (_refused said so)
        if budget is not None:
            budget -= new.mana_value
        new = dataclasses.replace(new, tapped=e.tapped,
                                  summoning_sick=new.summoning_sick and new.is_creature)
        lines.append(f"{name} put onto the battlefield from {player}'s library as {lid}"
                     + (" tapped" if e.tapped else "") + _put(play, new))
    return ", ".join(lines) or "no card found (701.19b)"


def unplayed(board: Any, perm: Any, sentence: str, names: tuple[str, ...]) -> bool:
    """Whether the read triggered ability ``sentence`` of ``perm`` casts a card that the
    scenario's zones (its controller's ``hand`` / ``graveyard``, an opponent's graveyard)
    state and that the play can't cast — an instant or sorcery card of its kinds, or any card
    of them when the mana cost must be paid: the ability is then not played on ``board``
    (``solver/not_played.py`` lists it), whichever choice its "may" gets."""
    from redzone.models.triggers.entries import _kind_fits, _card_of
    from redzone.models.triggers.parse import parse_triggers
    from redzone.models.triggers.types import flat_effects

    for t in parse_triggers(sentence, names):
        for e in flat_effects(t.effects):
            if isinstance(e, Venture) and unreadable_rooms(board, perm.controller):
                return True
            if isinstance(e, ExiledFaceUp) and e.cast and any(
                    not _is_permanent_card(n) for n in getattr(perm, "exiled", {}) or {}):
                return True  # an instant or sorcery card cast: its effect is not read
            if isinstance(e, RevealUntil) and not next(
                    (p.library for p in board.players if p.name == perm.controller), ()):
                return True  # the cards revealed are not stated
            if isinstance(e, HandAfterDraw) and e.n and not next(
                    (p.library for p in board.players if p.name == perm.controller), ()):
                return True  # the cards drawn are not stated
            if isinstance(e, RingTempts) and next(
                    (p.ring_tempted for p in board.players if p.name == perm.controller), 0):
                return True  # not its first temptation: not played
            if not isinstance(e, CastCard):
                continue
            if e.zone == "hand":
                zones = [p.hand or () for p in board.players if p.name == perm.controller]
            elif e.card.graveyard == "you":
                zones = [p.graveyard for p in board.players if p.name == perm.controller]
            else:
                zones = [p.graveyard for p in board.players if p.name != perm.controller]
            for name in (n for z in zones for n in z):
                got = _card_of(name)
                if got is None:
                    continue
                face = got[1]
                if _kind_fits(tuple(face.types), tuple(face.subtypes), tuple(face.supertypes),
                              e.card) and (not e.free or not _is_permanent_card(name)):
                    return True
    return False


# ---------------------------------------------------------------- dungeons (309, 701.49)

# The three dungeons a player may choose when they venture (701.49a: not the Undercity, which
# only "venture into the Undercity" enters): room -> (dungeon, the room's effect in the
# trigger reader's words, the next rooms). A room's effect the reader can't read is None:
# entering it is not played (its line says so).
ROOMS: dict[str, tuple[str, str | None, tuple[str, ...]]] = {
    "Cave Entrance": ("Lost Mine of Phandelver", "scry 1", ("Goblin Lair", "Mine Tunnels")),
    "Goblin Lair": ("Lost Mine of Phandelver", "create a 1/1 red Goblin creature token",
                    ("Storeroom", "Dark Pool")),
    "Mine Tunnels": ("Lost Mine of Phandelver", "create a Treasure token",
                     ("Dark Pool", "Fungi Cavern")),
    "Storeroom": ("Lost Mine of Phandelver", "put a +1/+1 counter on target creature",
                  ("Temple of Dumathoin",)),
    "Dark Pool": ("Lost Mine of Phandelver", "each opponent loses 1 life and you gain 1 life",
                  ("Temple of Dumathoin",)),
    "Fungi Cavern": ("Lost Mine of Phandelver", None,  # -4/-0 until your next turn
                     ("Temple of Dumathoin",)),
    "Temple of Dumathoin": ("Lost Mine of Phandelver", "draw a card", ()),
    "Trapped Entry": ("Tomb of Annihilation", "each player loses 1 life",
                      ("Veils of Fear", "Oubliette")),
    "Veils of Fear": ("Tomb of Annihilation", None, ("Sandfall Cell",)),  # lose 2 unless discard
    "Sandfall Cell": ("Tomb of Annihilation", None,  # lose 2 unless sacrifice
                      ("Cradle of the Death God",)),
    "Oubliette": ("Tomb of Annihilation", None,  # discard and three sacrifices
                  ("Cradle of the Death God",)),
    "Cradle of the Death God": ("Tomb of Annihilation", "create The Atropal, a legendary 4/4 "
                                "black God Horror creature token with deathtouch", ()),
    "Yawning Portal": ("Dungeon of the Mad Mage", "you gain 1 life", ("Dungeon Level",)),
    "Dungeon Level": ("Dungeon of the Mad Mage", "scry 1", ("Goblin Bazaar", "Twisted Caverns")),
    "Goblin Bazaar": ("Dungeon of the Mad Mage", "create a Treasure token", ("Lost Level",)),
    "Twisted Caverns": ("Dungeon of the Mad Mage", None,  # can't attack until your next turn
                        ("Lost Level",)),
    "Lost Level": ("Dungeon of the Mad Mage", "scry 2", ("Runestone Caverns", "Muiral's Graveyard")),
    "Runestone Caverns": ("Dungeon of the Mad Mage", "exile the top two cards of your library. "
                          "You may play them", ("Deep Mines",)),
    "Muiral's Graveyard": ("Dungeon of the Mad Mage", "create two 1/1 black Skeleton creature "
                           "tokens", ("Deep Mines",)),
    "Deep Mines": ("Dungeon of the Mad Mage", "scry 3", ("Mad Wizard's Lair",)),
    "Mad Wizard's Lair": ("Dungeon of the Mad Mage", None, ()),  # cast a card drawn: hidden
}
_FIRST_ROOMS = ("Cave Entrance", "Trapped Entry", "Yawning Portal")


def _room_ability(room: str) -> Any:
    """The room's triggered ability (309.4c) as the trigger reader reads it, or ``None``."""
    from redzone.models.triggers.parse import parse_trigger

    text = ROOMS[room][1]
    if text is None:
        return None
    return parse_trigger(f"Whenever ~ attacks, {text}.", (room,))


def _venture(play: Any, f: Any, chosen: dict[str, Any]) -> str:
    """701.49: the controller's venture marker moves to one of the next rooms of their
    dungeon (a choice where it branches, 309.5a), or, with no dungeon (or one completed,
    309.7), to the first room of the dungeon they choose (701.49a); the room's ability
    (309.4c) resolves at once — it would go on the stack above the rest of the window and
    resolve next, and this ability changes nothing in between. The bottommost room completes
    the dungeon (309.7): the next venture starts a new one."""
    from redzone.models.triggers.resolve import Choice, Fired

    base = play.edit.base
    player = f.controller
    state = play.state
    if player in state.dungeon:
        room = state.dungeon[player]
    else:
        room = next((p.dungeon for p in base.players if p.name == player), None)
    options = _FIRST_ROOMS if room is None else ROOMS[room][2]
    if not options:
        options = _FIRST_ROOMS  # completed (309.7): a new dungeon
    pick = options[0] if len(options) == 1 else play.choose(
        Choice(player, "room", f.source, f.ability.text, tuple(options), f.trigger))
    if len(options) > 1:
        chosen["room"] = pick  # in the answer's choices
    dungeon, _, after = ROOMS[pick]
    state.dungeon[player] = None if not after else pick  # 309.7: bottommost, completed
    head = f"{player} ventures into {dungeon}: {pick}"
    ability = _room_ability(pick)
    if ability is None:
        return f"{head} — not played: the room's ability is not read"
    room_f = Fired(f.source, player, ability, None, {})
    chosen = play.targets(room_f)
    if chosen is None:
        return f"{head} — its ability is removed: no legal target (603.3d)"
    play.tokens_at = play.tokens
    lines = [play.effect(room_f, e, chosen) for e in ability.effects]
    return f"{head} — " + "; ".join(x for x in lines if x)


def unreadable_rooms(board: Any, player: str) -> bool:
    """Whether a venture of ``player`` on ``board`` may enter a room whose ability is not
    read (from the room the scenario states)."""
    room = next((p.dungeon for p in board.players if p.name == player), None)
    after = _FIRST_ROOMS if room is None or not ROOMS[room][2] else ROOMS[room][2]
    return any(ROOMS[r][1] is None for r in after)


# ---------------------------------------------------------------- the Ring (701.54)

def _tempt(play: Any, f: Any, chosen: dict[str, Any]) -> str:
    """701.54a: the controller chooses a creature they control as their Ring-bearer (they
    must if they control one; ``trigger_choices[].chosen``) and the Ring gains its next
    ability (701.54c). The first: "Your Ring-bearer is legendary and can't be blocked by
    creatures with greater power" — the bearer is legendary from now on and the blocks
    declared after this window respect it (509.1b). A later temptation (the scenario's
    ``players[].ring_tempted``, or an earlier one in this play) is not played: the bearer
    chosen before is not stated, and the third ability (the bearer's blockers sacrificed at
    end of combat) is not read."""
    from redzone.models.triggers.creatures import _block_restriction  # pyright: ignore[reportPrivateUsage]
    from redzone.models.triggers.resolve import Choice
    from redzone.models.triggers.resolve import _granted  # pyright: ignore[reportPrivateUsage]

    player = f.controller
    base = play.edit.base
    before = play.state.ring.get(player, next((p.ring_tempted for p in base.players
                                               if p.name == player), 0))
    play.state.ring[player] = before + 1
    if before:
        return (f"not played: the Ring tempts {player} for the {_nth(before + 1)} time (701.54; "
                "only the first temptation is played)")
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    options = [q.id for q in perms.values() if q.is_creature and q.controller == player
               and play.state.on_battlefield(q.id)]
    if not options:
        return f"the Ring tempts {player}: no creature to choose as Ring-bearer (701.54a)"
    pick = options[0] if len(options) == 1 else play.choose(
        Choice(player, "chosen", f.source, f.ability.text, tuple(options), f.trigger))
    if len(options) > 1:
        chosen["chosen"] = pick
    bearer = play.edit.perm(pick)
    ability = _block_restriction("creatures with greater power")
    assert ability is not None
    new = _granted(bearer, ability, "Your Ring-bearer can't be blocked by creatures with "
                                    "greater power.")
    if "Legendary" not in new.supertypes:
        new = dataclasses.replace(
            new, supertypes=(*new.supertypes, "Legendary"),
            base=None if new.base is None else dataclasses.replace(
                new.base, supertypes=(*new.base.supertypes, "Legendary")))
    play.edit.put(new)
    return (f"the Ring tempts {player}: {pick} is their Ring-bearer — legendary and can't be "
            "blocked by creatures with greater power (701.54a, c)")


def _nth(n: int) -> str:
    return {2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


_CAUSED = re.compile(r"\b(?:whenever|when) (?:the ring tempts you|you venture into the dungeon|"
                     r"you complete a dungeon|you venture)\b", re.IGNORECASE)


def caused(board: Any, sentence: str) -> bool:
    """Whether ``sentence`` is a triggered ability of an event this module's played effects
    cause on ``board`` — "whenever the Ring tempts you", "whenever you venture into the
    dungeon", "whenever you complete a dungeon" — which the play doesn't trigger (so
    ``solver/not_played.py`` lists it)."""
    from redzone.models.triggers.parse import triggers_of
    from redzone.models.triggers.types import flat_effects

    if not _CAUSED.search(sentence):
        return False
    ring = "ring" in sentence.lower()
    for perm in board.permanents.values():
        parsed = getattr(perm, "parsed", None)
        if parsed is None or not getattr(parsed, "ignored", ()):
            continue
        names = tuple(dict.fromkeys(n for n in (perm.name, perm.card) if n))
        for t in triggers_of(parsed, names):
            if any(isinstance(e, RingTempts if ring else Venture) for e in flat_effects(t.effects)):
                return True
    return False


# ---------------------------------------------------------------- "you may exile it. If you do"

_NOT_THERE = "its card is not in the graveyard: nothing more is done"


def own_card_cost(before: str, sent: str, effects: list[Any]) -> bool:
    """Whether ``sent`` is "If you do, ..." after "you may exile it / ~ / this card" of a
    source that died, read as the ability's only effect so far (a value): that value becomes
    :class:`OwnCardExile` (``effects`` changed in place) and the rest is done only if the
    card was exiled (608.2c)."""
    from redzone.models.triggers.types import ValueOnly

    if not sent.startswith("if you do, ") or len(effects) != 1 \
            or not isinstance(effects[0], ValueOnly):
        return False
    text = before.strip().rstrip(".").lower()
    if text not in ("you may exile it", "you may exile ~", "you may exile this card",
                    "you may exile this creature"):
        return False
    effects[0] = OwnCardExile()
    return True


def _own_card(play: Any, f: Any) -> str:
    """The source's card exiled from its owner's graveyard (its own dies ability): there only
    if the source died (700.4), was not a token (111.7) and was not returned or exiled since;
    then no longer counted in the graveyard (``state.reasons``, as a card exiled as a cost)."""
    from redzone.models.triggers.reflexive import EXILED_FOR_COST

    pid = f.source
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    if pid not in base.permanents or play.state.on_battlefield(pid) \
            or pid not in play.state.destroyed or play.edit.perm(pid).token \
            or play.state.reasons.get(pid, "").startswith(("exiled", "returned")) \
            or f"{pid}~returned" in perms:
        return _NOT_THERE
    play.state.reasons[pid] = EXILED_FOR_COST
    return f"{pid}'s card is exiled from its owner's graveyard"


def stops(e: Effect, line: str) -> bool:
    """Whether the effects after ``e`` (its result ``line``) are not done: the source's card
    was not there to exile ("If you do", 608.2c)."""
    return isinstance(e, OwnCardExile) and line == _NOT_THERE


# ---------------------------------------------------------------- drawn, then put from the hand

def _hand_after_draw(play: Any, f: Any, e: HandAfterDraw, chosen: dict[str, Any]) -> str:
    """"Draw N cards, then you may put a <kinds> card from your hand onto the battlefield
    [tapped [and attacking]]": the cards drawn are the top N of the controller's stated
    library (ids ``<player>~library<i>``; 121.1), put in the hand with the stated hand's
    cards; the controller chooses one card of the kinds and bounds (608.2b) among them, or
    none (a "may"). With no library stated the cards drawn are unknown: only the stated hand
    is chosen from, the line says so, and the answer lists the ability as not played. Earlier
    draws of this combat are not counted (the top cards are taken as they were)."""
    from redzone.models.triggers.entries import _bounds, _fits, put_card
    from redzone.models.triggers.resolve import Choice

    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    player = next((p for p in base.players if p.name == f.controller), None)
    if player is not None and player.hand is None:  # h34: unknown, never taken as empty
        from redzone.models.triggers.if_tests import HAND_NOT_STATED

        return f"{HAND_NOT_STATED} (the cards of {f.controller}'s hand)"
    hand = (player.hand or ()) if player is not None else ()
    library = player.library if player is not None else ()
    cards = [(f"{f.controller}~hand{i}", name) for i, name in enumerate(hand)]
    cards += [(f"{f.controller}~library{i}", name) for i, name in enumerate(library[:e.n])]
    if e.graveyard:  # the stated graveyard (not its cards of this combat's deaths)
        grave = player.graveyard if player is not None else ()
        cards += [(f"{f.controller}~graveyard{i}", name) for i, name in enumerate(grave)
                  if f"{f.controller}~graveyard{i}" not in play.state.reasons]
    bounds = _bounds(play, f, e.card)
    options: list[Any] = []
    seen: set[str] = set()
    names: dict[str, str] = {}
    for cid, name in cards:
        if cid in perms or name in seen or not _fits(name, e.card, bounds):
            continue
        seen.add(name)
        options.append(cid)
        names[cid] = name
    note = "" if library or not e.n else (" (the card drawn is not stated: players[].library; "
                                          "not played)")
    if not options:
        return "no such card in the hand" + note
    options.append(None)
    pick = play.choose(Choice(f.controller, "chosen", f.source, f.ability.text, tuple(options),
                              f.trigger))
    chosen["chosen"] = pick
    if pick is None:
        return "no card put onto the battlefield" + note
    name = names[pick]
    index = len(base.permanents) + 1000 + play.tokens + len(perms)
    zone = "graveyard" if "~graveyard" in pick else "hand"
    that = str(f.data["attacked"]) if e.that_player and f.data.get("attacked") else None
    refused, tail = put_card(play, f, name, pick, zone, index, tapped=e.card.tapped,
                             attacking=e.card.attacking, attacked=that)
    if refused is not None:
        return refused + note
    return f"{name} put onto the battlefield from {f.controller}'s {zone} as {pick}" + tail + note


# ---------------------------------------------------------------- cards of a hand or graveyard

def _zone_put(play: Any, f: Any, e: ZoneCards, chosen: dict[str, Any]) -> str:
    """A card (or every card) of ``e``'s kinds from the controller's stated hand and / or a
    graveyard (the stated ``graveyard`` and the nontoken permanents that died in this combat
    and stayed there) put onto the battlefield: one chosen as it resolves (not targeted), or
    all of them; under the controller's control ("under your control") or — from their own
    graveyard — their owner's (the controller's). A card that is not a permanent card stays
    (400.4a); an Aura or a Saga is not played."""
    from redzone.models.triggers.entries import (_bounds, _card_of, _fits, _fits_perm,
                                                 _from_card, _graveyard_owners, _put, _refused,
                                                 graveyard_now)
    from redzone.models.triggers.resolve import Choice

    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    bounds = _bounds(play, f, e.card)
    found: list[tuple[str, str, str]] = []  # (id, card name, owner)
    if "hand" in e.zones:
        from redzone.models.triggers.if_tests import HAND_NOT_STATED, stated_hand

        if stated_hand(base, f.controller) is None:  # h34: unknown, never taken as empty
            return f"{HAND_NOT_STATED} (the cards of {f.controller}'s hand)"
        hand = stated_hand(base, f.controller) or ()
        found += [(f"{f.controller}~hand{i}", n, f.controller) for i, n in enumerate(hand)
                  if f"{f.controller}~hand{i}" not in perms and _fits(n, e.card, bounds)]
    for whose in _graveyard_owners(play, f, e.card):
        for gid, given, perm in graveyard_now(play, whose):
            if perm is None:
                assert given is not None
                if _fits(given, e.card, bounds):
                    found.append((gid, given, whose))
                continue
            name = perm.card or perm.name
            if (_fits(name, e.card, bounds) if perm.card and _card_of(perm.card)
                    else _fits_perm(perm, e.card, bounds)):
                found.append((gid, name, whose))
    if not found:
        return "no such card (the scenario's players[].hand / graveyard)"
    if e.every:
        picks = found
    else:
        options: list[Any] = []
        seen: set[tuple[str, str]] = set()
        for cid, name, owner in found:
            if (name, owner) not in seen:
                seen.add((name, owner))
                options.append(cid)
        pick = options[0] if len(options) == 1 else play.choose(
            Choice(f.controller, "chosen", f.source, f.ability.text, tuple(options), f.trigger))
        if len(options) > 1:
            chosen["chosen"] = pick
        picks = [x for x in found if x[0] == pick]
    lines: list[str] = []
    for k, (cid, name, owner) in enumerate(picks):
        new_id = f"{cid}~returned" if cid in base.permanents else cid
        index = len(base.permanents) + 1000 + play.tokens + len(perms) + k
        new = _from_card(name, new_id, f.controller, owner, index) if _card_of(name) else None
        refused = _refused(new, name, "graveyard" if "graveyard" in cid or cid in base.permanents
                           else "hand")
        if refused is not None:
            lines.append(refused)
            continue
        assert new is not None  # (_refused said so)
        lines.append(f"{name} put onto the battlefield as {new_id}"
                     + (" tapped" if e.card.tapped else "")
                     + _put(play, dataclasses.replace(new, tapped=e.card.tapped)))
    return ", ".join(lines)


# ---------------------------------------------------------------- revealed until

def _reveal_until(play: Any, f: Any, e: RevealUntil, chosen: dict[str, Any]) -> str:
    """701.20a: the controller reveals cards from the top of their stated library until a
    card of ``e``'s kinds (and mana value) — the first one, kept for the
    :class:`RevealedPut` after it (``chosen["revealed"]``); none: every card is revealed and
    nothing is found. With no library stated the cards are unknown: not played (the answer
    lists the ability)."""
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    library = next((p.library for p in base.players if p.name == f.controller), ())
    chosen["revealed"] = None
    if not library:
        return "not played: the library is not stated (the scenario's players[].library)"
    spec = SearchLibrary(e.kinds, 1, e.mana_value_at_most)
    for i, name in enumerate(library):
        lid = f"{f.controller}~library{i}"
        if lid in perms:
            continue  # already put onto the battlefield in this combat
        if _search_fits(name, spec):
            chosen["revealed"] = lid
            return f"{f.controller} reveals cards until {name} ({lid})"
    return "no such card in the library: every card is revealed"


def _revealed_put(play: Any, f: Any, e: RevealedPut, chosen: dict[str, Any]) -> str:
    """The card :func:`_reveal_until` found put onto the battlefield under the controller's
    control [tapped and attacking a player or planeswalker they choose, 508.4]; the rest go
    to the bottom of the library (a value)."""
    from redzone.models.triggers.entries import put_card

    lid = chosen.get("revealed")
    if not isinstance(lid, str):
        return "no card revealed"
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    library = next((p.library for p in base.players if p.name == f.controller), ())
    name = library[int(lid.rsplit("~library", 1)[1])]
    index = len(base.permanents) + 1000 + play.tokens + len(perms)
    refused, tail = put_card(play, f, name, lid, "library", index, tapped=e.tapped,
                             attacking=e.attacking)
    return refused if refused is not None else f"{name} put onto the battlefield as {lid}" + tail


# ---------------------------------------------------------------- the exiled card turned face up

def _face_up(play: Any, f: Any, e: ExiledFaceUp) -> str:
    """The card the source's own ability exiled face down (607.2a; the scenario's
    ``exiled``), turned face up: a creature card is put onto the battlefield under the
    controller's control (id ``<source>~exiled<i>``); with ``cast``, a permanent card is cast
    without paying its mana cost and enters as it resolves (608.3), an instant or sorcery is
    not played (the answer lists the ability). None stated: nothing happens."""
    from redzone.models.triggers.entries import _card_of, _from_card, _known, _put, _refused

    src = play.edit.perm(f.source) if _known(play, f.source) else None
    cards = list((src.exiled if src is not None else {}).items())
    if not cards:
        return "no card exiled with it (the scenario's exiled)"
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    lines: list[str] = []
    for i, (name, owner) in enumerate(cards):
        pid = f"{f.source}~exiled{i}"
        got = _card_of(name)
        if pid in perms or got is None:
            continue
        if e.cast and not _is_permanent_card(name):
            lines.append(f"not played: casting {name} (an instant or sorcery spell: its effect "
                         "is not read)")
            continue
        if not e.cast and "Creature" not in got[1].types:
            lines.append(f"{name} is turned face up: not a creature card, it stays in exile")
            continue
        new = _from_card(name, pid, f.controller, owner, len(base.permanents) + 1000
                         + play.tokens + len(perms) + i)
        refused = _refused(new, name, "exile")
        if refused is not None:
            lines.append(refused)
            continue
        assert new is not None  # (_refused said so)
        lines.append(f"{name} is turned face up and put onto the battlefield as {pid} under "
                     f"{f.controller}'s control" + _put(play, new))
    return ", ".join(lines) or "nothing"
