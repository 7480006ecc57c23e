"""More counted amounts and groups of triggered abilities of combat (issue 21, h36;
docs/triggers.md "More amounts (h36)").

Reading, called by one-line hooks in :mod:`redzone.models.triggers.amounts` and
:mod:`redzone.models.triggers.parse`:

- :func:`count_phrase`: the X of "where X is ..." / "equal to ...": "the greatest power
  and/or toughness among <permanents>" (each permanent's greater of the two, the greatest of
  those), "the difference between its power and toughness" (608.2h: as it resolves, or as
  it last existed), "the number of different kinds of counters among <permanents>" (122.1:
  each kind once, however many permanents have it), "the greatest power among them" (the
  creatures of a "one or more" event, as they are or last existed);
- :func:`each_phrase`: "for each creature in your party" (700.8: up to one each of Cleric,
  Rogue, Warrior and Wizard among the creatures you control, as many as can be assigned);
- :func:`group`: groups and targets with more words: "<group> named ~" (201.2: the source's
  own name, put in by :func:`named` once the card's names are known), "<group> with <kw>
  or <kw>" ("each creature you control with flash or haste": one of the keywords).

Playing: :func:`count_now` counts the :class:`~redzone.models.triggers.types.Count` kinds
of :data:`KINDS` on the board as the ability resolves. Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from redzone.models.ability_base import Quality
from redzone.models.parser.vocabulary import KEYWORDS
from redzone.models.triggers.types import Amount, Count, Discover, Effect, Populate, Who

__all__ = ["DISCOVERED", "EFFECTS", "KINDS", "count_now", "count_phrase", "each_phrase", "group",
           "it_created", "named", "not_stated", "on_created", "player", "players",
           "check_chosen_players", "chose_modes", "fresh_modes", "fresh_ok", "read_clause", "read_whole", "resolve"]

EFFECTS = (Discover, Populate)
"""The effect classes :func:`resolve` plays."""

KINDS = frozenset({"greatest_either", "difference", "counter_kinds", "party", "greatest_those",
                   "blocked_stat"})
"""The :class:`Count` kinds this module reads and counts."""

NAME = "~"
"""The name a ``Quality.names`` holds until :func:`named` puts the card's names in."""

_PARTY = ("Cleric", "Rogue", "Warrior", "Wizard")


def _whose(word: str, refs: Any) -> str | None:
    """``"source"`` / ``"trigger"`` of "~'s", "its", "that creature's"; else ``None``."""
    from redzone.models.triggers.amounts import _who_of  # pyright: ignore[reportPrivateUsage]

    return _who_of(word, refs)


def count_phrase(words: str, refs: Any) -> Amount | None:
    """The amount of "X is <words>" this module reads (module docstring), or ``None``."""
    from redzone.models.triggers.amounts import permanents_phrase

    words = words.strip()
    m = re.fullmatch(r"the greatest power and/or toughness among (.+)", words)
    if m:
        c = permanents_phrase(m[1], refs, plural=True)
        return None if c is None else Amount(1, "count", count=dataclasses.replace(
            c, kind="greatest_either"))  # type: ignore[arg-type]
    m = re.fullmatch(r"the greatest (power|toughness) among (them|those creatures)", words)
    if m:  # the creatures of a "one or more" event (token_copies.those_ref), as they are now
        from redzone.models.triggers.token_copies import those_ref  # or last existed (608.2h)

        if those_ref(m[2], refs) is None:
            return None
        return Amount(1, "count", count=Count("greatest_those", stat=m[1]))  # type: ignore[arg-type]
    m = re.fullmatch(r"the difference between (~'s|its|his|her|that creature's) power and "
                     r"toughness", words)
    if m:
        whose = _whose(m[1], refs)
        return None if whose is None else Amount(1, "count", count=Count(
            "difference", of=whose))  # type: ignore[arg-type]
    m = re.fullmatch(r"the number of different kinds of counters among (.+)", words)
    if m:
        c = permanents_phrase(m[1], refs, plural=True)
        return None if c is None else Amount(1, "count", count=dataclasses.replace(
            c, kind="counter_kinds"))  # type: ignore[arg-type]
    return None


def each_phrase(words: str, refs: Any) -> Amount | None:
    """The amount of "for each <words>" this module reads, or ``None``."""
    if words.strip() == "creature in your party":
        return Amount(1, "count", count=Count("party", controller="you"))  # type: ignore[arg-type]
    return None


_WITH_KW = re.compile(r"(.+?) with ([a-z ]+?) or ([a-z ]+)")


def group(s: str, refs: Any) -> Who | None:
    """"<group> named ~", "<group> with <keyword> or <keyword>" (module docstring) as the
    group or target ``refs.obj`` reads without those words, narrowed; ``None`` otherwise."""
    s = s.strip()
    fields: dict[str, Any]
    m = re.fullmatch(r"(.+?) named ~", s)
    if m:
        rest, fields = m[1], {"names": (NAME,)}
    else:
        m = _WITH_KW.fullmatch(s)
        if not m or m[2] not in KEYWORDS or m[3] not in KEYWORDS:
            return None
        rest, fields = m[1], {"keywords": (m[2], m[3])}
    who = refs.obj(rest)
    if who is None:
        return None
    if who.kind == "group" and who.count is not None:
        quals = who.count.qualities or (Quality(),)
        if any(getattr(q, k) for q in quals for k in fields):
            return None
        return dataclasses.replace(who, count=dataclasses.replace(
            who.count, qualities=tuple(dataclasses.replace(q, **fields) for q in quals)))
    if who.kind in ("each_creature", "attacking", "target_creature"):
        quals = who.qualities or (Quality(),)
        if any(getattr(q, k) for q in quals for k in fields):
            return None
        return dataclasses.replace(who, qualities=tuple(dataclasses.replace(q, **fields)
                                                        for q in quals))
    return None


def _named(x: Any, names: tuple[str, ...]) -> Any:
    if isinstance(x, Quality):
        return dataclasses.replace(x, names=names) if x.names == (NAME,) else x
    if isinstance(x, tuple):
        new = tuple(_named(y, names) for y in x)  # pyright: ignore[reportUnknownVariableType]
        return x if all(a is b for a, b in zip(new, x)) else new
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        changes = {fd.name: new for fd in dataclasses.fields(x)
                   if (new := _named(old := getattr(x, fd.name), names)) is not old}
        return dataclasses.replace(x, **changes) if changes else x  # type: ignore[type-var]
    return x


def named(effects: tuple[Effect, ...], names: tuple[str, ...]) -> tuple[Effect, ...] | None:
    """``effects`` with each "named ~" (:data:`NAME`) made the card's ``names`` (its face's
    name and the card's); ``None`` when there is one and no name is known."""
    out = _named(effects, names)
    if out is not effects and not names:
        return None
    return out  # type: ignore[no-any-return]


def read_clause(s: str, refs: Any) -> tuple[Effect, ...] | None:
    """One effect clause of this module: "discover N" (:class:`Discover`; "discover X,
    where X is ..." through the counted-amounts grammar); ``None`` otherwise."""
    from redzone.models.triggers.amounts import MARK

    m = re.fullmatch(r"discover (\d+)", s)
    if m:
        return (Discover(Amount(int(m[1]))),)
    if s == f"discover {MARK}":  # the X of "where X is ..." (amounts.quantity_clause)
        return (Discover(Amount(MARK)),)
    if s == "populate":
        return (Populate(),)
    m = re.fullmatch(r"(.+?) (gains?|loses?) life equal to that creature's (power|toughness)", s)
    if m and refs.r.that_creature == Who("blocked"):
        # "whenever ~ blocks ... a creature": the creature it blocks, as it is or last existed
        # (608.2h; each creature it blocks, all of them counted, as one trigger for each would)
        from redzone.models.triggers.types import LifeEffect

        who = refs.player(m[1])
        if who is None:
            return None
        return (LifeEffect(who, Amount(1, "count", count=Count("blocked_stat", stat=m[3])),  # type: ignore[arg-type]
                           gain=m[2].startswith("gain")),)
    return None


def _same_is_true(first: str, words: str, sentence: Any) -> tuple[tuple[Effect, ...], bool] | None:
    """The first sentence (a :class:`Conditional` granting keyword K when a creature with K
    is controlled) and the same for each keyword of ``words``, or ``None``."""
    from redzone.models.triggers.types import Conditional, GainKeywords

    got = sentence(first[0].lower() + first[1:] if first[:1].isupper() and first[0] != "~"
                   else first)
    if not got or len(got) != 1 or not isinstance(got[0], Conditional):
        return None
    c = got[0]
    q = c.test.quality
    if (q is None or len(q.keywords) != 1 or c.otherwise or len(c.effects) != 1
            or not isinstance(c.effects[0], GainKeywords) or c.effects[0].keywords != q.keywords):
        return None
    kw = re.split(r", and |, | and ", words.strip())
    if not kw or any(k not in KEYWORDS for k in kw):
        return None
    out = [c]
    for k in kw:
        out.append(dataclasses.replace(
            c, test=dataclasses.replace(c.test, quality=dataclasses.replace(q, keywords=(k,))),
            effects=(dataclasses.replace(c.effects[0], keywords=(k,)),)))
    return tuple(out), False


def it_created(sent: str, effects: list[Effect]) -> Who | None:
    """``Who("created")`` when ``sent`` begins with "it" right after the ability created one
    token ("create a 1/1 red Goblin creature token. It gains haste until end of turn": that
    token, 608.2c), else ``None``."""
    from redzone.models.triggers.types import CreateTokens

    if not re.match(r"it\b", sent) or not effects:
        return None
    last = effects[-1]
    if isinstance(last, CreateTokens) and last.amount == Amount(1):
        return Who("created")
    return None


def on_created(got: tuple[Effect, ...], effects: list[Effect]) -> bool:
    """Whether ``got`` (a sentence after "you may A. If you do, create a token") acts only on
    the token created ("It gains haste until end of turn"): declined, there is no token, so
    it belongs to that choice (as :func:`redzone.models.triggers.reflexive.of_the_choice`)."""
    from redzone.models.triggers.types import CreateTokens

    return (bool(got) and all(getattr(getattr(x, "who", None), "kind", None) == "created"
                              for x in got)
            and any(isinstance(e, CreateTokens) for e in effects))


def read_whole(rest: str, sentence: Any = None) -> tuple[tuple[Effect, ...], bool] | None:
    """"Populate. The token enters tapped and attacking." (:class:`Populate` ``attacking``),
    "choose odd or even. Creatures with mana value of that quality can't block this turn.",
    "<it gains K until end of turn if you control a creature with K>. The same is true for
    K2, K3 ..." (one such condition for each keyword, in order, 608.2c) — ``sentence``: the
    parser's reader of one effect sentence; or ``None``."""
    m = re.fullmatch(r"(.+?)\. The same is true for ([a-z ,]+)\.?", rest.strip())
    if m and sentence is not None:
        return _same_is_true(m[1], m[2], sentence)
    if re.fullmatch(r"populate\. The token enters tapped and attacking\.?", rest.strip()):
        return (Populate(attacking=True),), False
    if re.fullmatch(r"choose odd or even\. Creatures with mana value of that quality can't block "
                    r"this turn\.?", rest.strip()):
        # 202.3: the controller's choice as a choice of two modes (odd: 1, even: 2); nothing
        # is chosen between the trigger and its resolution that it could depend on
        from redzone.models.triggers.types import CantBlockEffect, Modes

        return (Modes(tuple((CantBlockEffect(Who("each_creature", qualities=(
            Quality(mana_value_parity=parity),))),) for parity in ("odd", "even"))),), False
    return None


# ---------------------------------------------------------------- counting on a board


def _party(types: list[set[str]]) -> int:
    """The size of the largest party (700.8) among creatures with ``types``: a maximum
    matching of creatures to the four roles (each creature fills one role at most)."""
    best = 0

    def go(k: int, used: frozenset[int], n: int) -> None:
        nonlocal best
        if k == len(_PARTY):
            best = max(best, n)
            return
        go(k + 1, used, n)
        for i, t in enumerate(types):
            if i not in used and _PARTY[k] in t:
                go(k + 1, used | {i}, n + 1)

    go(0, frozenset(), 0)
    return best


def count_now(play: Any, f: Any, c: Count) -> int:
    """``c`` (a kind of :data:`KINDS`) counted as the ability of ``f`` resolves (608.2h)."""
    from redzone.models.triggers.amounts import permanents_now

    if c.kind == "difference":
        pid = f.source if c.of == "source" else f.trigger
        if pid is None or pid not in play.edit.base.permanents and (
                play.edit.perms is None or pid not in play.edit.perms):
            return 0
        perm = play.edit.perm(pid)  # as it is, or as it last existed (608.2h)
        power, tough = perm.power or 0, perm.toughness or 0
        state = play.state
        if state.on_battlefield(pid) and (state.minus_added.get(pid) or state.plus_added.get(pid)):
            power, tough = state.power(play.board, pid), state.toughness(play.board, pid)
        return abs(power - tough)
    if c.kind == "blocked_stat":  # each creature the source blocks, as it last existed
        return sum(max(0, getattr(play.edit.perm(a), c.stat) or 0)
                   for a in play.blockers.get(f.source, ()))
    if c.kind == "greatest_those":
        ids = [x for x in f.data.get("those", ()) if x]
        return max([0, *((getattr(play.edit.perm(x), c.stat) or 0) for x in ids)])
    if c.kind == "party":
        mine = [p for p in play.creatures() if p.controller == f.controller]
        return _party([set(p.subtypes) & set(_PARTY) for p in mine])  # changeling: layers
    found = permanents_now(play, f, c)
    if c.kind == "greatest_either":
        return max([0, *(max(p.power or 0, p.toughness or 0) for p in found)])
    # counter_kinds: each kind on a permanent counted (122.1), once
    return len({k for p in found for k, v in p.counters.items() if v > 0})


# ---------------------------------------------------------------- discover

DISCOVERED = "exiled by discover (701.57a)"
"""The ``state.reasons`` of a library card (``<player>~library<i>``) a discover exiled."""
_BOTTOM = "put on the bottom of its library by discover (701.57a)"


def resolve(play: Any, f: Any, e: Effect, chosen: dict[str, Any]) -> str:
    """Discover N (701.57a) from the scenario's ``players[].library`` (top first): the first
    nonland card with mana value N or less that no effect of this combat took. A permanent
    card is cast without paying its mana cost — it resolves and its permanent enters under
    the controller's control, not in combat (608.3) — or put into their hand, as they choose
    (a ``Choice`` ``"chosen"`` among ``"cast"`` and ``"hand"``); an instant or sorcery card
    cast is not played (its effect is not read), nor a library not stated, nor one whose
    cards left for the bottom in a random order are reached."""
    from redzone.models.triggers.entries import _card_of, put_card  # pyright: ignore[reportPrivateUsage]
    from redzone.models.triggers.hidden_zones import _is_permanent_card  # pyright: ignore[reportPrivateUsage]
    from redzone.models.triggers.resolve import Choice

    if isinstance(e, Populate):
        return _populate(play, f, e, chosen)
    assert isinstance(e, Discover)
    n = play.amount(f, e.amount)
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    library = next((p.library for p in base.players if p.name == f.controller), ())
    if not library:
        return "not played: the library is not stated (the scenario's players[].library)"
    state = play.state
    skipped: list[str] = []
    found: tuple[str, str] | None = None
    bottomed = False
    for i, name in enumerate(library):
        lid = f"{f.controller}~library{i}"
        if lid in perms or state.reasons.get(lid) == DISCOVERED:
            continue
        if state.reasons.get(lid) == _BOTTOM:
            bottomed = True
            continue
        got = _card_of(name)
        if got is None:
            return f"not played: {name} is not in the card data"
        face = got[1]
        if "Land" not in face.types and int(getattr(got[0], "mana_value", 0) or 0) <= n:
            found = (lid, name)
            break
        skipped.append(lid)
    if found is None and bottomed:
        return ("not played: the cards a discover put on the bottom in a random order are "
                "reached (their order is unknown)")
    for lid in skipped:
        state.reasons[lid] = _BOTTOM
    if found is None:
        return f"no nonland card with mana value {n} or less in the library: nothing is discovered"
    lid, name = found
    if not _is_permanent_card(name):
        return (f"not played: discovering {name} (an instant or sorcery spell cast: its effect is "
                "not read)")
    pick = play.choose(Choice(f.controller, "chosen", f.source, f.ability.text, ("cast", "hand"),
                              f.trigger))
    chosen["chosen"] = pick
    if pick == "hand":
        state.reasons[lid] = DISCOVERED  # not a permanent: the card's move, for a later discover
        return f"{f.controller} discovers {name} ({lid}) and puts it into their hand"
    index = len(base.permanents) + 1000 + play.tokens + len(perms)
    refused, tail = put_card(play, f, name, lid, "library", index, tapped=False, attacking=False)
    if refused is not None:
        state.reasons[lid] = DISCOVERED  # it left the library either way
        return refused
    return (f"{f.controller} discovers {name} and casts it without paying its mana cost; it "
            f"resolves (608.3) and enters as {lid}" + tail)


def _populate(play: Any, f: Any, e: Populate, chosen: dict[str, Any]) -> str:
    """Populate (701.36a): the controller chooses a creature token they control now (a
    ``Choice`` ``"chosen"``; not a target, so hexproof doesn't matter) and creates a token
    that's a copy of it (707.2: its copiable values, not its counters, damage or pumps),
    [tapped and attacking, 508.4]; with none, nothing happens (701.36b)."""
    from redzone.models.triggers import token_copies
    from redzone.models.triggers.resolve import Choice
    from redzone.models.triggers.types import CopyToken

    mine = [p.id for p in play.creatures() if p.controller == f.controller and p.token]
    if not mine:
        return "no creature token to populate (701.36b)"
    pick = mine[0] if len(mine) == 1 else play.choose(
        Choice(f.controller, "chosen", f.source, f.ability.text, tuple(mine), f.trigger))
    if len(mine) > 1:
        chosen["chosen"] = pick
    copy = CopyToken(Who("trigger"), tapped=e.attacking, attacking=e.attacking)
    return f"{pick} populated: " + token_copies.resolve(
        play, dataclasses.replace(f, trigger=pick), copy, chosen)


# ---------------------------------------------------------------- the chosen player

_CHOSEN = Who("chosen_player")


def player(s: str) -> Who | None:
    """``Who("chosen_player")`` for "the chosen player" (the player chosen as the source
    entered: "As ~ enters, choose a player"), else ``None``."""
    return _CHOSEN if s.strip() == "the chosen player" else None


def _chosen(play: Any, f: Any) -> str | None:
    src = play.edit.base.permanents.get(f.source)
    got = (getattr(src, "choices", None) or {}).get("player") if src is not None else None
    return got.strip() if isinstance(got, str) else None


def players(play: Any, f: Any, who: Who) -> list[str]:
    """The chosen player of the source (its scenario ``choices["player"]``) while in the
    game, for ``Who("chosen_player")``; ``[]`` otherwise."""
    if who.kind != "chosen_player":
        return []
    p = _chosen(play, f)
    return [p] if p is not None and play.state.in_game(p) else []


def not_stated(play: Any, f: Any) -> str | None:
    """The result line of ``f`` when an effect of it acts on "the chosen player" and the
    scenario states no player (or no player of the game) as the source's
    ``choices["player"]``: not played, as any player may have been chosen; or when its modes
    must not have been chosen this turn and this is not the turn's first combat (the
    scenario's ``combat_number``: the modes chosen before are not stated); else ``None``."""
    from redzone.models.triggers.types import flat_effects

    if "that hasn't been chosen this turn" in f.ability.text and getattr(  # (its modes chosen)
            play.edit.base.scenario, "combat_number", 1) > 1:
        return ("not played: the modes chosen in an earlier combat this turn are not stated "
                "(\"that hasn't been chosen this turn\")")
    if not any(getattr(getattr(e, "who", None), "kind", None) == "chosen_player"
               for e in flat_effects(tuple(f.ability.effects))):
        return None
    p = _chosen(play, f)
    if p is None or p not in {x.name for x in play.edit.base.players}:
        return ("not played: the chosen player is not stated (the source's choices: "
                '{"player": ...})')
    return None


def check_chosen_players(board: Any) -> None:
    """Raise :class:`redzone.models.errors.ScenarioError` (naming
    ``permanents[i].choices.player``) when a permanent whose triggered ability of combat acts
    on "the chosen player" states a ``choices["player"]`` that is no player of the scenario."""
    from redzone.models.errors import ScenarioError
    from redzone.models.triggers.resolve import triggers
    from redzone.models.triggers.types import flat_effects

    names = {p.name for p in board.players}
    for perm in board.permanents.values():
        got = (getattr(perm, "choices", None) or {}).get("player")
        if not isinstance(got, str) or got.strip() in names:
            continue
        if any(getattr(getattr(e, "who", None), "kind", None) == "chosen_player"
               for t in triggers(perm, board) for e in flat_effects(tuple(t.effects))):
            raise ScenarioError(f"permanents[{perm.index}].choices.player",
                                f"{got!r} is not a player of the scenario")


# ---------------------------------------------------------------- modes not chosen this turn

_DECLARED = ("attacks", "you_attack", "attacks_alone")
"""Events of the declaration of attackers (508.1): once in a combat, all in one window."""


def fresh_ok(effects: tuple[Effect, ...], event: str) -> bool:
    """Whether a "choose one that hasn't been chosen this turn" (``Modes.fresh``) among
    ``effects`` is played for an ability of ``event``: only where all its triggers of the
    combat come in the one attack window (508.1), whose modes the play remembers."""
    from redzone.models.triggers.types import Modes, flat_effects

    fresh = any(isinstance(e, Modes) and e.fresh for e in flat_effects(effects))
    return not fresh or event in _DECLARED


_KEY = "_h36_modes"


def _used(play: Any, f: Any) -> set[int]:
    memo: dict[tuple[str, str], set[int]] = play.__dict__.setdefault(_KEY, {})
    return memo.setdefault((f.source, f.ability.text), set())


def fresh_modes(play: Any, f: Any, m: Any, legal: list[int]) -> list[int]:
    """``legal`` (mode numbers) without those this ability of this source chose earlier in
    this window (``m``: its ``Modes``; only ``fresh`` ones)."""
    if not m.fresh:
        return legal
    used = _used(play, f)
    return [k for k in legal if k not in used]


def chose_modes(play: Any, f: Any, m: Any, pick: Any) -> None:
    """Remember the modes ``pick`` chosen for a ``fresh`` ``Modes`` ``m`` of ``f``."""
    if m.fresh:
        _used(play, f).update(pick)
