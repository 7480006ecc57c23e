"""h20: conditions on the cards in a graveyard, checked as a triggered ability of combat
resolves (608.2c) or as an intervening "if" (603.4) — docs/triggers.md, "Conditions of
effects".

"Whenever this creature attacks, if there are seven or more cards in your graveyard, ...",
"... if there are four or more card types among cards in your graveyard, ...", "... if there
are four or more permanent cards in your graveyard, ...", "... if there is a Desert card in
your graveyard, ...". The graveyard is the scenario's ``players[].graveyard`` (what the
scenario states is there as combat begins; unstated, it is empty: the scenario format says
so) less the cards taken out of it in this combat (returned to the battlefield), plus the
nontoken permanents the player owns that were put there in this combat (died: not exiled,
not returned). Nothing hidden is guessed.

Pure Python; the board is looked at only through the play (:func:`holds`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from redzone.models.ability_base import Quality
from redzone.models.triggers.types import IfTest

__all__ = ["GraveyardCost", "anyone_cost", "can_pay", "card_cost", "gone", "graveyard_test",
           "holds", "more_test", "of_the_choice", "pay", "stops"]

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
            "fifteen": 15, "twenty": 20}

"""The card types (300.1; Tribal is Kindred's older name, counted as the same type)."""

_PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
"""The permanent types (110.4a): a card of one of them is a permanent card (110.4b)."""


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS.get(word, 0)


def graveyard_test(cond: str) -> IfTest | None:
    """The :class:`IfTest` ``"graveyard_at_least"`` of a condition on the cards in your
    graveyard, or ``None``: ``measure`` ``"cards"`` ("there are seven or more cards in your
    graveyard"), ``"card_types"`` ("there are four or more card types among cards in your
    graveyard", 300.1), ``"permanent_cards"`` (110.4b) or ``"subtype:<Subtype>"`` ("there is
    a Desert card in your graveyard"); ``count`` the least number."""
    c = cond.strip()
    m = re.fullmatch(r"there are (\w+) or more (cards|card types among cards|permanent cards) "
                     r"in your graveyard", c)
    if m and _number(m[1]):
        measure = {"cards": "cards", "card types among cards": "card_types",
                   "permanent cards": "permanent_cards"}[m[2]]
        return IfTest("graveyard_at_least", _number(m[1]), measure=measure)
    m = re.fullmatch(r"there(?: is|'s) an? ([A-Z][\w'-]*) card in your graveyard", c)
    if m:
        return IfTest("graveyard_at_least", 1, measure="subtype:" + m[1])
    return None


_KEYWORDS = ("flying", "first strike", "double strike", "deathtouch", "trample", "vigilance",
             "lifelink", "menace", "reach", "haste", "defender", "indestructible", "hexproof")


def more_test(c: str, *, it_is_source: bool, that_is_trigger: bool,
              read: Callable[[str], IfTest | None]) -> IfTest | None:
    """Conditions :func:`redzone.models.triggers.conditions.if_test` reads through this
    module (``c``: the condition, self references as "~"; ``read``: ``if_test`` itself, for
    the two halves of "A or B" / "A and B"), or ``None``:

    - the graveyard conditions of :func:`graveyard_test`;
    - "you control a Chandra planeswalker" (a planeswalker of that subtype, 205.3j);
    - "it's / ~ is enchanted or equipped" (an Aura or an Equipment attached to the source);
    - "~'s power is N or greater" (the source now; as it last existed if it left, 608.2h);
    - "~ has <keyword>" / "it doesn't have <keyword>" (the source now);
    - "that creature's power is greater than ~'s" (the creature of the event, as it last
      existed, against the source now);
    - "you control N or more creatures with different powers", "you control a creature with
      the greatest power among creatures on the battlefield" (ties count);
    - "<A> or <B>" / "<A> and <B>": both halves read alone (``"either"`` / ``"both"``)."""
    got = graveyard_test(c)
    if got is not None:
        return got
    it = r"(?:~|it)" if it_is_source else r"~"
    m = re.fullmatch(r"you control an? ([A-Z][\w'-]*) planeswalker", c)
    if m:
        return IfTest("you_control", 1, Quality(types=("Planeswalker",), subtypes=(m[1],)))
    if re.fullmatch(it + r"(?:'s| is) enchanted or equipped", c) and (
            it_is_source or c.startswith("~")):
        return IfTest("source_attached", attached="any")
    m = re.fullmatch(r"(?:~'s|its) power is (\d+) or greater", c)
    if m and (it_is_source or c.startswith("~")):
        return IfTest("had_power_at_least", int(m[1]))
    m = re.fullmatch(it + r" (has|doesn't have) (" + "|".join(_KEYWORDS) + ")", c)
    if m and (it_is_source or c.startswith("~")):
        return IfTest("source_keyword", measure=m[2], none=m[1] != "has")
    if (re.fullmatch(r"that creature's power is greater than ~'s(?: power)?", c)
            and that_is_trigger):
        return IfTest("trigger_power_greater", of_trigger=True)
    m = re.fullmatch(r"you control (\w+) or more creatures with different powers", c)
    if m and _number(m[1]):
        return IfTest("different_powers", _number(m[1]))
    if c == "you control a creature with the greatest power among creatures on the battlefield":
        return IfTest("greatest_power")
    for word, kind in ((" or ", "either"), (" and ", "both")):
        if c.count(word) != 1:
            continue
        left, right = c.split(word)
        a = read(left)
        b = read(right)
        if b is None and left.startswith("you control ") and not right.startswith(("you ", "there ")):
            b = read("you control " + right)  # "you control an artifact and an enchantment"
        if a is not None and b is not None:
            return IfTest(kind, parts=(a, b))  # type: ignore[arg-type]
    return None


def _card_types(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(card types, subtypes) of the card ``name``'s front face in the card data; empty
    when the card data doesn't know it (the scenario loader rejects unknown names)."""
    from redzone.models.cards import lookup
    from redzone.models.errors import UnknownCardError

    try:
        card = lookup(name)
    except UnknownCardError:
        return (), ()
    if not card.faces:
        return (), ()
    return tuple(card.faces[0].types), tuple(card.faces[0].subtypes)


def graveyard(play: Any, player: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The cards in ``player``'s graveyard now, each as (card types, subtypes): the
    scenario's ``graveyard`` less those returned in this combat, and the nontoken permanents
    ``player`` owns that were put into a graveyard in this combat and stayed there (700.4;
    a token is no card, 111.7)."""
    from redzone.models.triggers.resolve import _NOT_DIED

    base = play.edit.base
    here = play.edit.perms or base.permanents
    given = next((p.graveyard for p in base.players if p.name == player), ())
    out = [_card_types(name) for i, name in enumerate(given)
           if f"{player}~graveyard{i}" not in here and not gone(play.state, f"{player}~graveyard{i}")]
    for pid in play.state.destroyed:
        perm = base.permanents.get(pid)
        if (perm is None or perm.token or perm.owner != player
                or play.state.reasons.get(pid, "").startswith(_NOT_DIED)
                or f"{pid}~returned" in here):
            continue
        out.append((tuple(perm.types), tuple(perm.subtypes)))
    return out


def holds(play: Any, f: Any, t: IfTest) -> bool:
    """Whether the condition ``t`` (:func:`graveyard_test`) holds now for the controller of
    the ability ``f``."""
    if t.kind in ("either", "both"):
        got = [play.test(f, part) for part in t.parts]
        return any(got) if t.kind == "either" else all(got)
    if t.kind in ("different_powers", "greatest_power"):
        board, state = play.board, play.state
        creatures = [p for p in board.permanents.values()
                     if p.is_creature and state.on_battlefield(p.id)]
        mine = [p.power or 0 for p in creatures if p.controller == f.controller]
        if t.kind == "different_powers":
            return len(set(mine)) >= t.count
        # "the greatest power": ties count (a creature with power equal to the greatest has it)
        return bool(mine) and max(mine) >= max(p.power or 0 for p in creatures)
    if t.kind in ("source_keyword", "trigger_power_greater"):
        here = play.edit.perms or play.edit.base.permanents  # tokens made this combat too
        if not play.state.on_battlefield(f.source) or f.source not in here:
            return False  # the source has left: it has no keyword, no power to compare
        src = play.edit.perm(f.source)
        if t.kind == "source_keyword":
            return play.board.has_keyword(src, t.measure) != t.none
        if f.trigger is None or f.trigger not in here:
            return False
        return (play.edit.perm(f.trigger).power or 0) > (src.power or 0)
    cards = graveyard(play, f.controller)
    if t.measure == "cards":
        return len(cards) >= t.count
    if t.measure == "permanent_cards":
        return sum(1 for types, _ in cards if any(x in _PERMANENT_TYPES for x in types)) >= t.count
    if t.measure == "card_types":  # h25: delirium, counted once (more_effects.graveyard_types)
        from redzone.models.triggers.more_effects import graveyard_types

        return graveyard_types(play, f.controller) >= t.count
    if t.measure.startswith("subtype:"):
        sub = t.measure.split(":", 1)[1]
        return sum(1 for _, subs in cards if sub in subs) >= t.count
    return False


# ----------------------------------------------------------------- a card from a graveyard as the price
# "You may exile an instant or sorcery card from your graveyard. If you do / When you do, B"
# (608.2c, 603.12): B is done only if a card was exiled; whether one can be is decided from
# the graveyard above (what the scenario states, and this combat's deaths).

_KINDS = {"card": (), "creature card": ("Creature",), "instant or sorcery card": ("Instant", "Sorcery"),
          "artifact card": ("Artifact",), "land card": ("Land",), "enchantment card": ("Enchantment",),
          "noncreature card": ("-Creature",)}

_COST = re.compile(r"(?:you may )?exile an? (" + "|".join(sorted(_KINDS, key=len, reverse=True))
                   + r") from your graveyard\.?")

EXILED_FOR_COST = "exiled from the graveyard to pay a cost"
"""The ``state.reasons`` entry of a card exiled from a graveyard by :func:`pay`."""


@dataclass(frozen=True)
class GraveyardCost:
    """The first effect of a "you may exile a <kind> card from your graveyard. If you do /
    When you do, ..." ability (optional): one card of ``kinds`` (card types; ``()``: any
    card; ``"-Creature"``: not a creature card) leaves your graveyard for exile. It can't be
    chosen without such a card (118.3)."""

    kinds: tuple[str, ...] = ()
    evidence: int = 0
    """Collect evidence N (701.59a): any number of cards with a total mana value of N or
    more (0: one card of ``kinds``)."""
    anyone: bool = False
    """"Any player may exile a card from their graveyard. If a player does, ...": each
    player in turn order, the active player first (101.4), may exile a card of their own
    graveyard; the effects after it are done if one did (608.2c). Not optional as a whole."""
    count: int = 1
    """How many cards one payment exiles ("exile three cards from their graveyard")."""


_EVIDENCE = re.compile(r"(?:you may )?collect evidence (\d+)\.?")

EVIDENCE_OPTIONS = 32
"""At most this many sets of cards are offered for one collect evidence (the smallest
first): a larger graveyard offers only the first ones."""


_ANYONE = re.compile(r"any player may exile (a|two|three|four|five) cards? from their graveyard\.?")

NOBODY = "nobody exiles a card"
"""The result of an ``anyone`` :class:`GraveyardCost` that nobody paid (:func:`stops`)."""


def anyone_cost(before: str, sent: str, effects: list[Any]) -> bool:
    """Whether ``sent`` is "If a player does, ..." after ``before``, "any player may exile a
    card from their graveyard", read as the ability's only effect so far: it becomes a
    :class:`GraveyardCost` ``anyone`` (``effects`` changed in place)."""
    from redzone.models.triggers.types import ValueOnly

    if not sent.startswith("if a player does, ") or len(effects) != 1 \
            or not isinstance(effects[0], ValueOnly):
        return False
    m = _ANYONE.fullmatch(before.strip()[0].lower() + before.strip()[1:])
    if m is None:
        return False
    effects[0] = GraveyardCost(anyone=True, count=_number(m[1]))
    return True


def stops(e: Any, line: str) -> bool:
    """Whether the effects after ``e`` (its result ``line``) are not done: nobody paid an
    ``anyone`` :class:`GraveyardCost`."""
    return isinstance(e, GraveyardCost) and e.anyone and line == NOBODY


def card_cost(before: str, sent: str, effects: list[Any]) -> bool:
    """Whether ``sent`` is "If you do, ..." / "When you do, ..." after ``before``, "you may
    exile a <kind> card from your graveyard", read as the ability's only effect so far (a
    value): that value becomes a :class:`GraveyardCost` (``effects`` changed in place) and
    the rest is done only if it was paid."""
    from redzone.models.triggers.types import ValueOnly

    if not sent.startswith(("if you do, ", "when you do, ")):
        return False
    if len(effects) != 1 or not isinstance(effects[0], ValueOnly):
        return False
    text = before.strip()[0].lower() + before.strip()[1:]
    m = _COST.fullmatch(text)
    if m is not None:
        effects[0] = GraveyardCost(_KINDS[m[1]])
        return True
    m = _EVIDENCE.fullmatch(text)
    if m is not None and int(m[1]) > 0:
        effects[0] = GraveyardCost(evidence=int(m[1]))
        return True
    return False


def _fits(types: tuple[str, ...], kinds: tuple[str, ...]) -> bool:
    if not kinds:
        return True
    if kinds == ("-Creature",):
        return "Creature" not in types
    return any(k in types for k in kinds)


def _candidates(play: Any, player: str, e: GraveyardCost) -> list[str]:
    """The cards of ``player``'s graveyard :func:`pay` may exile, one of each name: ids
    ``<player>~graveyard<i>`` and the ids of this combat's dead nontoken permanents."""
    from redzone.models.triggers.resolve import _NOT_DIED

    base = play.edit.base
    here = play.edit.perms or base.permanents
    out: list[str] = []
    seen: set[str] = set()
    given = next((p.graveyard for p in base.players if p.name == player), ())
    for i, name in enumerate(given):
        gid = f"{player}~graveyard{i}"
        if gid in here or gid in play.state.reasons or name in seen and not (
                e.evidence or e.count > 1):
            continue
        if _fits(_card_types(name)[0], e.kinds):
            seen.add(name)
            out.append(gid)
    for pid in play.state.destroyed:
        perm = base.permanents.get(pid)
        if (perm is None or perm.token or perm.owner != player
                or play.state.reasons.get(pid, "").startswith(_NOT_DIED)
                or f"{pid}~returned" in here):
            continue
        if _fits(tuple(perm.types), e.kinds):
            out.append(pid)
    return out


def can_pay(play: Any, f: Any) -> bool:
    """Whether the controller of ``f`` can pay its :class:`GraveyardCost` (``True`` when it
    has none)."""
    e = f.ability.effects[0] if f.ability.effects else None
    if not isinstance(e, GraveyardCost):
        return True
    if e.evidence:
        return sum(_mana_value(play, c) for c in _candidates(play, f.controller, e)) >= e.evidence
    return bool(_candidates(play, f.controller, e))


def _mana_value(play: Any, cid: str) -> int:
    """The mana value of a graveyard card: a scenario ``graveyard`` entry's (card data) or a
    dead permanent's (202.3)."""
    from redzone.models.cards import lookup
    from redzone.models.errors import UnknownCardError

    if cid in play.edit.base.permanents:
        return int(play.edit.base.permanents[cid].mana_value or 0)
    player, _, index = cid.partition("~graveyard")
    given = next((p.graveyard for p in play.edit.base.players if p.name == player), ())
    try:
        card = lookup(given[int(index)])
    except (UnknownCardError, IndexError, ValueError):
        return 0
    return int(card.faces[0].mana_value or 0) if card.faces else 0


def _evidence_sets(play: Any, cards: list[str], need: int) -> list[tuple[str, ...]]:
    """The sets of ``cards`` whose total mana value is at least ``need`` and that have no
    card to spare (removing any falls short), smallest first, alike sets (same card names
    for scenario cards) once, at most :data:`EVIDENCE_OPTIONS`."""
    from itertools import combinations

    mv = {c: _mana_value(play, c) for c in cards}
    useful = [c for c in cards if mv[c] > 0]
    names = {c: _name(play, c) for c in useful}
    out: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for size in range(1, len(useful) + 1):
        for combo in combinations(useful, size):
            total = sum(mv[c] for c in combo)
            if total < need or any(total - mv[c] >= need for c in combo):
                continue
            key = tuple(sorted(names[c] for c in combo))
            if key in seen:
                continue
            seen.add(key)
            out.append(combo)
            if len(out) >= EVIDENCE_OPTIONS:
                return out
    return out


def _sets_of(play: Any, cards: list[str], n: int) -> list[tuple[str, ...]]:
    """The sets of ``n`` of ``cards`` (all of a graveyard's cards: no dedupe by name here is
    needed for one card, :func:`_candidates` keeps one of each name), alike sets once, at
    most :data:`EVIDENCE_OPTIONS`."""
    from itertools import combinations

    out: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for combo in combinations(cards, n):
        key = tuple(sorted(_name(play, c) for c in combo))
        if key not in seen:
            seen.add(key)
            out.append(combo)
            if len(out) >= EVIDENCE_OPTIONS:
                break
    return out


def _name(play: Any, cid: str) -> str:
    if cid in play.edit.base.permanents:
        return cid  # a dead permanent: its own card
    player, _, index = cid.partition("~graveyard")
    given = next((p.graveyard for p in play.edit.base.players if p.name == player), ())
    return given[int(index)]


def pay(play: Any, f: Any, e: GraveyardCost, chosen: dict[str, Any]) -> str:
    """Exile one card of ``e`` from the controller's graveyard: the controller chooses which
    (a ``Choice`` ``"chosen"``; the scenario's ``trigger_choices[].chosen``). The card is no
    longer counted in the graveyard (``state.reasons``)."""
    from redzone.models.triggers.resolve import Choice

    if e.anyone:
        order = [p.name for p in play.edit.base.players if play.state.in_game(p.name)]
        ap = play.edit.base.active_player
        if ap in order:
            order = order[order.index(ap):] + order[:order.index(ap)]
        done: list[str] = []
        for player in order:
            options = _sets_of(play, _candidates(play, player, e), e.count)
            if not options or not play.choose(Choice(player, "may", f.source, f.ability.text,
                                                     (True, False), f.trigger)):
                continue
            pick = options[0] if len(options) == 1 else play.choose(
                Choice(player, "chosen", f.source, f.ability.text, tuple(options), f.trigger))
            for c in pick:
                play.state.reasons[c] = EXILED_FOR_COST
            done.append(f"{player} exiles {', '.join(pick)} from their graveyard")
        return "; ".join(done) if done else NOBODY
    if e.evidence:
        sets = _evidence_sets(play, _candidates(play, f.controller, e), e.evidence)
        if not sets:
            return "nothing"
        picked = sets[0] if len(sets) == 1 else play.choose(
            Choice(f.controller, "chosen", f.source, f.ability.text, tuple(sets), f.trigger))
        chosen["chosen"] = picked
        for c in picked:
            play.state.reasons[c] = EXILED_FOR_COST
        return f"{f.controller} collects evidence {e.evidence}: exiles {', '.join(picked)}"
    options = _candidates(play, f.controller, e)
    if not options:
        return "nothing"
    pick = options[0] if len(options) == 1 else play.choose(
        Choice(f.controller, "chosen", f.source, f.ability.text, tuple(options), f.trigger))
    chosen["chosen"] = pick
    play.state.reasons[pick] = EXILED_FOR_COST  # a dead permanent's reason: it left the graveyard
    return f"{f.controller} exiles {pick} from their graveyard"


def of_the_choice(got: tuple[Any, ...], effects: list[Any]) -> bool:
    """Whether ``got`` (a sentence after "you may A. If you do, create a token") is "Sacrifice
    / exile that token at end of combat": it acts on the token made only if the choice was
    taken, so it belongs to that choice (declined, there is no token to act on)."""
    from redzone.models.triggers.types import AtEndOfCombat, CreateTokens

    return (len(got) == 1 and isinstance(got[0], AtEndOfCombat)
            and all(getattr(getattr(x, "who", None), "kind", None) == "created"
                    for x in got[0].effects)
            and any(isinstance(e, CreateTokens) for e in effects))


def gone(state: Any, gid: str) -> bool:
    """Whether the scenario's graveyard card ``gid`` was exiled by :func:`pay`."""
    return state.reasons.get(gid) == EXILED_FOR_COST
