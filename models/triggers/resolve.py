"""How triggered abilities of combat trigger and resolve on a board (CR 603; rules digest §8;
docs/triggers.md).

Combat is played as a board (the characteristics) and a
:class:`redzone.models.game_state.GameState` (life, damage, counters, what left), as the
damage steps play it. Each *window* — after attackers are declared (508.2), after blockers
are declared (509.2), after a combat damage step (510.3), with the creatures that died in
it — collects what triggered (603.2), puts it on the stack in APNAP order (603.3b: the
active player's first, so the other players' resolve first; each player's own in the
board's order of permanents, then text order — the order a player could choose is not
searched, docs/triggers.md), and resolves it one ability at a time, last in first out
(608.2), with state-based actions after each (704.3), triggers of those (dies) going on the
stack in turn.

Choices — targets as the ability is put on the stack (603.3d), "you may" on resolution,
which permanents a player sacrifices — are asked of a :data:`Chooser`. To enumerate every
outcome of a window (the AI's minimax, the reference), :func:`outcomes` runs a window once
per sequence of choices and returns the tree of choice points with each point's chooser.

Entry points: :func:`attack_window`, :func:`block_window`, :func:`damage_window`,
:func:`outcomes`, :func:`has_combat_triggers`. Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from redzone.models.abilities import CantBeBlocked, CantBlock, Keyword, ParsedText, Protection
from redzone.models.battlefield import Base, Board, EndOfTurn, Permanent, matches_quality
from redzone.models.damage_effects import has_quality
from redzone.models.game_state import GameState
from redzone.models.outcome import (DamageEvent, DealtDamage, deal_damage, gain_life,
                                    state_based_actions)
from redzone.models.triggers.additional_times import additional_times  # h38
from redzone.models.counter_limits import may_get, may_put  # h38
from redzone.models.outcome import finality_exiled  # h37
from redzone.models.triggers.amounts import count_now
from redzone.models.triggers.attack_choices import (choice_triggers, enters_stopped, enters_triggers,
                                                     has_enlist, may_exert)
from redzone.models.triggers import actions, board_effects, chance, creatures, more_effects, moves
from redzone.models.triggers.creatures import removed_combat_state, removed_from_combat
from redzone.models.triggers import players as _players
from redzone.models.triggers import reflexive  # h20: graveyard conditions
from redzone.models.triggers import token_copies  # h23
from redzone.models.triggers import hidden_zones  # h24
from redzone.models.triggers import if_tests  # h25: more conditions
from redzone.models.triggers import if_more  # h35: "for the first time each turn"
from redzone.models.triggers import control  # h26: keywords lost, exact removals
from redzone.models.triggers import clashes, explore, fights  # h28
from redzone.models.triggers import target_grants  # hexproof and shroud granted by statics
from redzone.models.triggers import zone_moves  # h37
from redzone.models.triggers import more_amounts  # h36
from redzone.models.triggers import more_control  # h39: control and tokens, more
from redzone.models.triggers.granted import counter_triggers, grants_of
from redzone.models.triggers.parse import parse_triggers, triggers_of
from redzone.models.triggers.watches import holds as watch_holds
from redzone.models.triggers.counters import after_counters, counter_change, stunned_untap
from redzone.models.triggers.entries import card_target, enter, exiled_with
from redzone.models.triggers.tokens import recount_creature_cdas, layered_tokens, token_parsed
from redzone.models.triggers.zones import extra_objects, extra_players, extra_targets, may_sacrifice
from redzone.models.triggers.players import (amount as player_amount, objects as player_objects,
                                             players as player_players, token_attacks,
                                             legend_rule, token_name, graveyard_test)
from redzone.models.triggers.watches import (attackers_matching, combat_damage_to, dealt_damage_by,
                                             record_damage, watches_permanents, you_control)
from redzone.models.triggers.types import (
    Amount,
    AtEndOfCombat,
    CantBeBlockedEffect,
    CantBlockEffect,
    Conditional,
    CounterChange,
    Counters,
    CreateTokens,
    DamageEffect,
    EntersFromCard,
    Destroy,
    Effect,
    GainKeywords,
    IfTest,
    LifeEffect,
    MustBlockSource,
    PoisonEffect,
    Pump,
    Resolved,
    ReturnToBattlefield,
    Sacrifice,
    TapEffect,
    TriggeredAbility,
    ValueOnly,
    Who,
)

__all__ = ["Choice", "Chooser", "Fired", "Outcome", "after_departures", "attack_window", "block_window",
           "damage_window", "end_of_combat", "first_choice", "has_combat_triggers", "outcomes", "triggers"]


# ====================================================================== what a permanent has


def _names(perm: Permanent) -> tuple[str, ...]:
    names = [perm.name]
    if perm.card and perm.card != perm.name:
        names.append(perm.card)
    return tuple(names)


def triggers(perm: Permanent, board: Board | None = None,
             here: Callable[[str], bool] | None = None) -> tuple[TriggeredAbility, ...]:
    """The triggered abilities of combat ``perm`` has now (none once it lost all its
    abilities, 613.1f; a keyword it lost is not there either): its own, those its keyword
    counters give (122.1b) and, given the ``board``, the triggered keywords other
    permanents grant it (613.1f; :mod:`redzone.models.triggers.granted`) while the grantor
    is on the battlefield (``here``: which ids are; default: every permanent of the
    board)."""
    if perm.lost_abilities_at is not None:
        return ()
    got = triggers_of(perm.parsed, _names(perm)) + choice_triggers(perm.parsed, _names(perm))
    if perm.counters:
        got = got + counter_triggers(perm.counters)
    if board is not None and perm.is_creature:
        got = got + _granted_triggers(board, perm, here)
    if perm.lost_keywords:
        got = tuple(t for t in got if t.keyword not in perm.lost_keywords)
    return got


def _grantors(board: Board) -> list[tuple[Permanent, Any, tuple[TriggeredAbility, ...]]]:
    """The permanents of ``board`` granting triggered keywords, with what and to whom
    (cached on the board: most boards have none)."""
    got = board.__dict__.get("_trigger_grantors")
    if got is None or got[0] is not board.permanents:
        found = [(src, affected, abilities) for src in board.permanents.values()
                 if src.lost_abilities_at is None
                 for affected, abilities in grants_of(src.parsed, _names(src))]
        got = (board.permanents, found)
        board.__dict__["_trigger_grantors"] = got
    return got[1]


def _granted_triggers(board: Board, perm: Permanent,
                      here: Callable[[str], bool] | None) -> tuple[TriggeredAbility, ...]:
    out: list[TriggeredAbility] = []
    for src, affected, abilities in _grantors(board):
        if here is not None and not here(src.id):
            continue
        if board.affects(src, affected, perm):
            out.extend(abilities)
    return tuple(out)


def has_combat_triggers(board: Board) -> bool:
    """Whether some permanent of ``board`` has a triggered ability of combat that is played
    (its own, or granted: :func:`triggers`) — or h13: cards exiled with it that return as it
    leaves (610.3c, :func:`redzone.models.triggers.moves.exiles_until`), played by the same
    windows."""
    return any(triggers(p, board) or p.exiled and moves.exiles_until(p)
               for p in board.permanents.values())


# ====================================================================== choices


@dataclass(frozen=True)
class Choice:
    """A choice point: ``player`` chooses one of ``options`` (ids, ``True``/``False`` for
    "you may", tuples of ids for a sacrifice) for ``what`` (``"target"``, ``"may"``,
    ``"sacrifice"``) of the ability of ``source`` quoted in ``text``; ``trigger``: the
    creature whose event triggered it. For a sacrifice, ``options`` lists the sets up to
    interchangeable permanents and ``among`` every permanent the player may sacrifice: a
    chooser may answer any set of ``len(options[0])`` of ``among`` (701.21a). ``random``: a
    result no player chooses (a coin flip, 705; a die roll, 706; "at random", 608.2d) —
    ``player`` is then the adversary of the ability's controller (``damage`` takes the
    result worst for the controller), and the AI's search takes the result worst for the
    player whose value it proves (docs/ai.md), so that its value stays a proved lower bound."""

    player: str
    what: str
    source: str
    text: str
    options: tuple[Any, ...]
    trigger: str | None = None
    among: tuple[str, ...] = ()
    random: bool = False


Chooser = Callable[[Choice], Any]
"""Answers a :class:`Choice` with one of its options."""


def first_choice(choice: Choice) -> Any:
    """A :data:`Chooser` that takes the first option (a "may" is taken: ``True`` first)."""
    return choice.options[0]


# ====================================================================== editing a board


class _Edit:
    """Copy-on-write edits of a board's permanents and players, and of its combat."""

    def __init__(self, board: Board) -> None:
        self.base = board
        self.perms: dict[str, Permanent] | None = None
        self.attackers: dict[str, str] | None = None
        self.effects: list[Any] = []
        """Scenario effects added (provoke's block requirement, 702.39a)."""
        self.players: tuple[Any, ...] | None = None
        """The players with what they paid taken off (h3: mana and energy, 118.3)."""
        self.removed: set[str] = set()
        """h15: attacking creatures removed from combat (506.4; creatures.py)."""

    def perm(self, pid: str) -> Permanent:
        if self.perms is not None and pid in self.perms:
            return self.perms[pid]
        return self.base.permanents[pid]

    def put(self, perm: Permanent) -> None:
        if self.perms is None:
            self.perms = dict(self.base.permanents)
        self.perms[perm.id] = perm

    def board(self) -> Board:
        if (self.perms is None and self.attackers is None and not self.effects and self.players is None
                and not self.removed):
            return self.base
        b = self.base
        out = Board(scenario=b.scenario, players=b.players if self.players is None else self.players,
                    permanents=self.perms if self.perms is not None else dict(b.permanents),
                    active_player=b.active_player, rules=b.rules, game=b.game,
                    departed=b.departed)
        out.gaps = list(b.gaps)
        out.load_actions = b.load_actions
        combat = getattr(b.scenario, "combat", None)
        if (self.attackers is not None or self.effects or self.removed) and combat is not None:
            view = SimpleNamespace(**{k: getattr(combat, k, None) for k in (
                "blockers", "blocked", "step", "first_strike_dealt", "damage_order",
                "assignment", "bands", "triggers_resolved", "trigger_choices")})
            view.attackers = dict(self.attackers if self.attackers is not None else combat.attackers)
            view.blockers = dict(view.blockers or {})
            view.blocked = tuple(view.blocked or ())
            view.first_strike_dealt = tuple(view.first_strike_dealt or ())
            view.damage_order = dict(view.damage_order or {})
            view.assignment = dict(view.assignment or {})
            view.bands = tuple(view.bands or ())
            if self.removed:  # h15: 506.4 (creatures.py)
                removed_from_combat(view, self.removed)
            out.scenario = SimpleNamespace(combat=view,
                                           effects=tuple(getattr(b.scenario, "effects", None) or ())
                                           + tuple(self.effects))
        if b.combat is not None:
            attacking = dict(b.combat.attacking)
            if self.attackers is not None:
                attacking.update(self.attackers)
            out.combat = dataclasses.replace(b.combat, attacking=attacking)
            if self.removed:  # h15: 506.4 (creatures.py)
                out.combat = removed_combat_state(out.combat, self.removed)
        return out


def _with_conditional(effects: tuple[Effect, ...]) -> list[Effect]:
    """``effects`` with a :class:`Conditional`'s effects after it (h15): its targets are
    chosen as the ability is put on the stack whatever the condition (603.3d, 608.2c)."""
    out: list[Effect] = []
    for e in effects:
        out.append(e)
        if isinstance(e, Conditional):
            out.extend(_with_conditional(e.effects + e.otherwise))  # h25: otherwise
    return out


def _until_eot(perm: Permanent) -> EndOfTurn:
    eot = perm.until_end_of_turn
    return eot if eot is not None else EndOfTurn(0, 0, (), perm.parsed)


def _pumped(perm: Permanent, dp: int, dt: int) -> Permanent:
    """``perm`` with +dp/+dt until end of turn (613.4c; ended in cleanup, 514.2)."""
    eot = _until_eot(perm)
    changes: dict[str, Any] = {"until_end_of_turn": EndOfTurn(
        eot.power + dp, eot.toughness + dt, eot.abilities, eot.after)}
    if perm.power is not None:
        changes["power"] = perm.power + dp
    if perm.toughness is not None:
        changes["toughness"] = perm.toughness + dt
    b = perm.base
    if b is not None:
        changes["base"] = dataclasses.replace(
            b, power=None if b.power is None else b.power + dp,
            toughness=None if b.toughness is None else b.toughness + dt)
    return dataclasses.replace(perm, **changes)


def _granted(perm: Permanent, ability: Any, text: str) -> Permanent:
    """``perm`` with ``ability`` until end of turn (613.1f; ended in cleanup)."""
    eot = _until_eot(perm)
    parsed = ParsedText(perm.parsed.abilities + (ability,), perm.parsed.unparsed,
                        perm.parsed.ignored)
    return dataclasses.replace(perm, parsed=parsed, until_end_of_turn=EndOfTurn(
        eot.power, eot.toughness, eot.abilities + (text,), eot.after))


@lru_cache(maxsize=4096)
def _creature_card(name: str) -> bool:
    """Whether the card ``name`` (of the card data) is a creature card (its front face)."""
    from redzone.models.cards import lookup
    from redzone.models.errors import UnknownCardError

    try:
        card = lookup(name)
    except UnknownCardError:
        return False
    return bool(card.faces) and "Creature" in card.faces[0].types


# ====================================================================== what triggered


@dataclass(frozen=True)
class Fired:
    """One triggered ability that triggered: ``ability`` of permanent ``source`` (controlled
    by ``controller``), for the event of ``trigger`` (a creature id, or ``None``), with
    ``data`` about the event (``"damage"``: amount dealt, ``"player"``: the player dealt
    it, ``"recipient"``)."""

    source: str
    controller: str
    ability: TriggeredAbility
    trigger: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)


def _watches(board: Board, src: Permanent, t: TriggeredAbility, creature: Permanent,
             other: Permanent | None = None) -> bool:
    """Whether ``t`` of ``src`` watches an event of ``creature`` (``other``: the other
    creature of the event, for quality filters such as flanking's blocker)."""
    w = t.watch
    if w.kind == "self":
        if creature.id != src.id:
            return False
    elif w.kind == "attached":
        if src.attached_to != creature.id:
            return False
    elif w.kind == "creatures":
        if w.other and creature.id == src.id:
            return False
        if w.controller == "you" and creature.controller != src.controller:
            return False
        if w.controller == "opponents" and creature.controller == src.controller:
            return False
        if w.nontoken and creature.token:
            return False
        if w.attacking or w.blocking:
            combat = board.combat
            if combat is None:
                return False
            if w.attacking and creature.id not in combat.attacking:
                return False
            if w.blocking and creature.id not in combat.blocking:
                return False
    else:
        return False
    if w.qualities:
        subject = other if other is not None else creature
        return any(_matches(board, subject, q, creature) for q in w.qualities)
    return True


def _matches(board: Board, subject: Permanent, q: Any, other: Permanent | None) -> bool:
    """:func:`matches_quality`, with the triggered keywords ``subject`` has counted as
    keywords: flanking, bushido ... are read as triggered abilities (not ``Keyword``), so
    "a creature without flanking" (702.25a) must look at them here."""
    mine = {t.keyword for t in triggers(subject, board) if t.keyword}
    if q.without_keywords and mine & set(q.without_keywords):
        return False
    if q.keywords and mine & set(q.keywords):
        q = dataclasses.replace(q, keywords=())
    return matches_quality(board, subject, q, other)


def _by_apnap(board: Board, fired: list[Fired]) -> list[Fired]:
    """``fired`` in the order they are put on the stack: the active player's, then each
    other player's in turn order (603.3b); each player's in board order (stable)."""
    seats = [p.name for p in board.players]
    ap = seats.index(board.active_player) if board.active_player in seats else 0
    order = {name: (i - ap) % len(seats) for i, name in enumerate(seats)}
    return sorted(fired, key=lambda f: order.get(f.controller, len(seats)))


def _collect(board: Board, state: GameState, events: Iterable[tuple[str, str, str | None,
                                                                   Mapping[str, Any]]],
             player_events: Iterable[tuple[str, str]] = (),
             sources: Iterable[Permanent] | None = None,
             here: Callable[[str], bool] | None = None) -> list[Fired]:
    """What triggers on ``events`` — (event, creature id, other creature id or ``None``,
    data) — and ``player_events`` — (event, player) — among permanents on the battlefield
    (``sources``: only these, e.g. creatures that left with the event, 603.10a; ``here``:
    which permanents' grants count, default those on the battlefield). An ability that
    triggers "once" ("whenever one or more creatures you control ...", 603.2c) triggers
    once for all its events of the moment: the first creature's, with the damage added up."""
    out: list[Fired] = []
    events = list(events)
    player_events = list(player_events)
    on = here if here is not None else state.on_battlefield
    for src in (sources if sources is not None else board.permanents.values()):
        if sources is None and not state.on_battlefield(src.id):
            continue
        for t in triggers(src, board, on):
            first: int | None = None
            for event, cid, other_id, data in events:
                if t.event != event:
                    continue
                creature = board.permanents.get(cid)
                other = board.permanents.get(other_id) if other_id else None
                if creature is None or not _watches(board, src, t, creature, other):
                    continue
                if t.watch.extra and not watch_holds(board, state, src, t, creature, data):
                    continue  # h2: what it attacks, who was dealt the damage ... (watches.py)
                if t.once and first is not None:
                    f0 = out[first]
                    merged = dict(f0.data)
                    if "damage" in data:
                        merged["damage"] = int(merged.get("damage", 0)) + int(data["damage"])
                    if cid not in merged.get("those", ()):  # h14, h16: "each of them", "those creatures"
                        merged["those"] = (*merged.get("those", ()), cid)
                    out[first] = dataclasses.replace(f0, data=merged)
                    continue
                if t.once:
                    first = len(out)
                    data = {**data, "those": (cid,)}  # h14: the creatures of the event
                out.append(Fired(src.id, src.controller, t, other_id if other_id else cid, data))
            for event, player in player_events:
                if t.event == event and t.watch.kind == "player" and player == src.controller:
                    # h16: the creatures of "whenever you attack" / "one or more creatures
                    # you control attack" ("those creatures", players.py)
                    those = tuple(cid for ev, cid, _, _ in events if ev == "attacks"
                                  and (p := board.permanents.get(cid)) is not None
                                  and p.controller == player) if event == "you_attack" else ()
                    out.append(Fired(src.id, src.controller, t, None,
                                     {"those": those} if those else {}))
    return out


def _once(fired: list[Fired]) -> list[Fired]:
    """``fired`` with an ability that says "one or more" (``once``: "whenever one or more
    other creatures you control die") kept once for the creatures that died at one moment
    (603.2c: one event however many creatures it concerns)."""
    seen: dict[tuple[str, int], int] = {}
    out: list[Fired] = []
    for f in fired:
        if f.ability.once:
            key = (f.source, id(f.ability))
            if key in seen:  # h14: the creatures of the event ("each of them")
                first = out[seen[key]]
                those = (*first.data.get("those", ()), f.trigger)
                out[seen[key]] = dataclasses.replace(first, data={**first.data, "those": those})
                continue
            seen[key] = len(out)
            f = dataclasses.replace(f, data={**f.data, "those": (f.trigger,)})
        out.append(f)
    return out


# ====================================================================== resolution


@dataclass
class Outcome:
    """A window played out: the ``board`` after it (characteristics), the ``state`` (life,
    damage, what left; the same object the window was given, changed in place), the
    ``attackers`` (those declared and those put onto the battlefield attacking, 508.4) and
    what ``resolved``, in order."""

    board: Board
    state: GameState
    attackers: dict[str, str]
    resolved: list[Resolved]


_TOKEN_NUMBER = re.compile(r"~token(\d+)$")
"""The number of a token id made by a triggered ability (``SOURCE~tokenN``)."""


class _Play:
    """One window being resolved."""

    def __init__(self, board: Board, state: GameState, attackers: Mapping[str, str],
                 blockers: Mapping[str, Sequence[str]], choose: Chooser) -> None:
        self.edit = _Edit(board)
        self.state = state
        self.attackers = dict(attackers)
        self.blockers = {b: list(a) for b, a in blockers.items()}
        self.choose = choose
        self.resolved: list[Resolved] = []
        # tokens made in an earlier window of this combat are on ``board`` already (the
        # first-strike step's, then the regular step's): numbering goes on after them, so a
        # token of the regular step never takes the id of one of the first-strike step
        self.tokens = max((int(m[1]) for pid in board.permanents
                           if (m := _TOKEN_NUMBER.search(pid))), default=0)
        self.tokens_at = self.tokens  # h13: self.tokens as the ability being resolved began
        self.entered: list[str] = []
        """Creatures returned to the battlefield by the ability resolving now (persist)."""
        self.gains: list[str] = []
        """Players who gained life in the ability resolving now ("whenever you gain life")."""
        self.pumped: tuple[Fired, Who, list[str]] | None = None
        """h15: the ability, creatures and ids of the last pump (611.2c: "gets ... and gains
        ..." affects the same creatures)."""
        self.lost_this_way = 0
        """h16: the life players lost to the ability resolving now (players.py)."""
        self.tapped: list[str] = []
        """Permanents the ability resolving now tapped ("whenever ~ becomes tapped", 701.26a)."""
        self.last_step = False
        """h31: the window follows the combat's last damage step (no combat damage is left to
        deal, 510.4): removing a creature from combat (506.4) changes no damage then."""

    # -- helpers
    def attacked_tapped(self, perm: Permanent, board: Board | None = None) -> bool:
        """Whether ``perm`` is an attacking creature without vigilance: tapped as it was
        declared (508.1f), whatever the scenario's ``tapped`` says. ``board``: the window's
        board when the caller has it (built once)."""
        if perm.id not in self.attackers:
            return False
        return not (board if board is not None else self.board).has_keyword(perm, "vigilance")

    @property
    def board(self) -> Board:
        return self.edit.board()

    def live(self, pid: str) -> bool:
        return pid in self.edit.base.permanents or (self.edit.perms is not None
                                                    and pid in self.edit.perms) \
            if self.state.on_battlefield(pid) else False

    def creatures(self) -> list[Permanent]:
        perms = self.edit.perms if self.edit.perms is not None else self.edit.base.permanents
        return [p for p in perms.values() if p.is_creature and self.state.on_battlefield(p.id)]

    def defending(self, attacker: str) -> str | None:
        target = self.attackers.get(attacker)
        if target is None:
            return None
        board = self.edit.base
        if board.is_player(target):
            return target
        perm = board.permanents.get(target)
        if perm is None:
            return None
        return perm.protector if perm.is_a("Battle") and perm.protector else perm.controller

    def amount(self, f: Fired, a: Amount) -> int:
        if a.per is None:
            return a.n
        src = f.source
        # Counted on resolution (608.2h; rampage 702.23b): a blocker that has left the
        # battlefield since blockers were declared is no longer blocking (506.4).
        blocking = sum(src in v for b, v in self.blockers.items() if self.state.on_battlefield(b))
        if a.per == "blocker_beyond_first":
            return a.n * max(0, blocking - 1)
        if a.per == "blocker":
            return a.n * blocking
        if a.per in ("attacker", "other_attacker"):
            return a.n * sum(
                1 for x in self.attackers
                if self.state.on_battlefield(x) and (a.per == "attacker" or x != src)
                and (not a.subtypes or set(a.subtypes) & set(self.edit.perm(x).subtypes)))
        if a.per == "opponent_attacked":
            return a.n * len({d for x in self.attackers if (d := self.defending(x)) is not None})
        if a.per == "damage_dealt":
            return a.n * int(f.data.get("damage", 0))
        if a.per in ("power", "trigger_power", "toughness", "trigger_toughness"):
            # 608.2h: its power (toughness) as the ability resolves, or as it last existed
            # on the battlefield (the board keeps a permanent that left as it was)
            pid = src if a.per in ("power", "toughness") else f.trigger
            perm = self.edit.perm(pid) if pid in self.edit.base.permanents else None
            if perm is None:
                return 0
            value = perm.power if a.per.endswith("power") else perm.toughness
            return a.n * max(0, value or 0)
        if a.per == "plus_counters":  # modular (702.43a): its counters as it last existed
            return a.n * self.state.counters.get(src, {}).get("+1/+1", 0)
        if a.per == "enlisted_power":
            return a.n * int(f.data.get("power", 0))
        if a.per == "graveyard_creatures":
            return a.n * self.graveyard_creatures(f.controller)
        if a.per == "count" and a.count is not None:  # h7: counted on the board (amounts.py)
            return a.n * count_now(self, f, a.count)
        return player_amount(self, f, a) or 0  # h16: players.py

    def graveyard_creatures(self, player: str) -> int:
        """Creature cards in ``player``'s graveyard now: the scenario's (``graveyard``) and
        the nontoken creatures they own that died in this combat and stayed there (not
        exiled, not returned by persist or undying)."""
        base = self.edit.base
        given = next((p.graveyard for p in base.players if p.name == player), ())
        n = sum(1 for i, name in enumerate(given) if _creature_card(name)
                and f"{player}~graveyard{i}" not in (self.edit.perms or base.permanents)  # h8
                and not reflexive.gone(self.state, f"{player}~graveyard{i}"))  # h20: exiled as a cost
        for pid in self.state.destroyed:
            perm = base.permanents.get(pid)
            if (perm is None or perm.token or perm.owner != player or not perm.is_creature
                    or self.state.reasons.get(pid, "").startswith(_NOT_DIED)
                    or f"{pid}~returned" in (self.edit.perms or base.permanents)):
                continue
            n += 1
        return n

    # -- objects an effect acts on
    def _candidates(self, f: Fired, who: Who) -> list[Permanent]:
        src = self.edit.perm(f.source) if f.source in self.edit.base.permanents else None
        out = []
        for c in self.creatures():
            if who.other and c.id == f.source:
                continue
            if who.attacking and c.id not in self.attackers:
                continue
            if who.blocking and not self.blockers.get(c.id):
                continue
            if who.attacks and not control.attacks_ok(self, f, who, c.id):  # h26
                continue
            if who.defending and c.controller != self.defending(f.source):
                continue
            if who.controller == "you" and c.controller != f.controller:
                continue
            if who.controller == "opponents" and c.controller == f.controller:
                continue
            if who.controller in ("defending", "damaged_player"):
                # "target creature defending player controls / that player controls" (506.2)
                whose = Who("defending_player" if who.controller == "defending" else "damaged_player")
                if c.controller not in self.players(f, whose, {}):
                    continue
            if who.qualities and not any(matches_quality(self.board, c, q, src)
                                         for q in who.qualities):
                continue
            out.append(c)
        return out

    def objects(self, f: Fired, who: Who, chosen: dict[str, Any]) -> list[str]:
        k = who.kind
        if k == "source":
            return [f.source] if self.state.on_battlefield(f.source) else []
        if k == "trigger":
            return [f.trigger] if f.trigger and self.state.on_battlefield(f.trigger) else []
        if k == "target_creature":
            t = chosen.get("target")
            return [t] if t is not None and self.state.on_battlefield(t) else []
        if k == "each_creature":
            return [c.id for c in self._candidates(f, who)]
        if k == "attacking":
            ids = {c.id for c in self._candidates(f, who)}
            return [a for a in self.attackers if a in ids]
        if k == "blockers":
            return [b for b, att in self.blockers.items() if f.source in att
                    and self.state.on_battlefield(b)]
        if k == "blocked":
            return [a for a in self.blockers.get(f.source, []) if self.state.on_battlefield(a)]
        if k == "damaged":
            r = f.data.get("recipient")
            return [r] if r and self.state.on_battlefield(r) else []
        if k in ("group", "those", "target_set"):  # h14: each <group>, each of them, up to two targets
            return more_effects.group_objects(self, f, who, chosen)
        return extra_objects(self, f, who, chosen) or player_objects(self, f, who, chosen)  # h7, h16

    def players(self, f: Fired, who: Who, chosen: dict[str, Any]) -> list[str]:
        k = who.kind
        board = self.edit.base
        alive = [p.name for p in board.players if self.state.in_game(p.name)]
        if k == "you":
            return [f.controller]
        if k == "each_opponent":
            return [p for p in alive if p != f.controller]
        if k == "defending_player":
            # the player the creature that attacked is attacking (506.2): the trigger's when
            # it is an attacking creature (a creature you control attacks), else the source's
            att = f.trigger if f.trigger in self.attackers else f.source
            d = self.defending(att) if att else None
            return [d] if d is not None else []
        if k == "damaged_player":
            p = f.data.get("player")
            return [p] if p else []
        if k == "other_opponents":
            return [p for p in alive if p not in (f.controller, f.data.get("player"))]
        if k in ("trigger_controller", "damaged_controller"):
            # the controller of that creature as it last existed (608.2h)
            pid = f.trigger if k == "trigger_controller" else f.data.get("recipient")
            perm = board.permanents.get(pid) if pid else None
            if perm is None:
                return []
            perm = self.edit.perm(perm.id)
            return [perm.controller] if self.state.in_game(perm.controller) else []
        if k in ("target_player", "target_opponent", "any_target"):
            t = chosen.get("target")
            return [t] if t is not None and board.is_player(t) else []
        return (extra_players(self, f, who, chosen) or player_players(self, f, who)  # h7, h16
                or more_amounts.players(self, f, who))  # h36: "the chosen player"

    # -- targets (603.3d)
    def targets(self, f: Fired) -> dict[str, Any] | None:
        """The targets chosen as ``f`` is put on the stack; ``None``: it has a target and no
        legal one, so it is removed from the stack (603.3d)."""
        chosen: dict[str, Any] = {}
        # h14: a target inside a condition of an effect is chosen too, whatever the
        # condition (603.3d; an intervening "if" false now didn't trigger, 603.4)
        listed = [x for e in f.ability.effects
                  for x in ((e, *e.effects, *e.otherwise) if isinstance(e, Conditional)
                            else (e, *e.won) if isinstance(e, clashes.Clash) else (e,))]  # h28
        for e in listed:
            who = control.target_of(e)  # h26: e.who, or the player a control change gives to
            if who is None or not who.kind.startswith("target") and who.kind != "any_target" \
                    or who.kind == "target_set":  # h14: a set, more_effects.target_set
                continue
            if "target" in chosen:
                continue  # one target shared by the ability's effects ("it gets", "that creature")
            options: list[Any] = []
            board = self.edit.base
            if who.kind in ("target_creature", "any_target"):
                options.extend(c.id for c in self._candidates(f, who) if self._targetable(f, c))
            options.extend(extra_targets(self, f, who))  # h7: zones.py
            if who.also_types:
                options.extend(
                    q.id for q in (self.edit.perms or self.edit.base.permanents).values()
                    if not q.is_creature and self.state.on_battlefield(q.id)
                    and any(q.is_a(t) for t in who.also_types)
                    and (who.controller == "any" or (q.controller == f.controller)
                         == (who.controller == "you"))
                    and self._targetable(f, q))
            if who.kind == "any_target":
                # 115.4: "any target" is a creature, a player, a planeswalker or a battle
                options.extend(
                    q.id for q in (self.edit.perms or self.edit.base.permanents).values()
                    if not q.is_creature and (q.is_a("Planeswalker") or q.is_a("Battle"))
                    and self.state.on_battlefield(q.id) and self._targetable(f, q))
            if who.kind in ("any_target", "target_player"):
                options.extend(p.name for p in board.players if self.state.in_game(p.name)
                               and target_grants.player_targetable(self, f, p.name))
            if who.kind == "target_opponent":
                options.extend(p.name for p in board.players
                               if self.state.in_game(p.name) and p.name != f.controller
                               and target_grants.player_targetable(self, f, p.name))
            if who.up_to:
                options.append(None)
            if not options:
                return None
            chooser = chance.adversary(self, f.controller) if who.random else f.controller  # h12
            chosen["target"] = options[0] if len(options) == 1 else self.choose(
                Choice(chooser, "target", f.source, f.ability.text, tuple(options),
                       f.trigger, random=who.random))
        if not card_target(self, f, chosen):  # h8: a target card in a graveyard (entries.py)
            return None
        if not more_effects.divide(self, f, chosen) or not more_effects.target_set(self, f, chosen):
            return None  # h14: divided damage (601.2d), a set of targets (603.3d)
        return chosen

    def _targetable(self, f: Fired, c: Permanent) -> bool:
        """Shroud and hexproof (702.18b, 702.11b; "hexproof from" a quality, 702.11d) keep a
        creature from being targeted by an opponent's ability (shroud: by anyone's), and so
        does protection from a quality the source has (702.16b). Hexproof and shroud are
        read from the creature's own keyword lines (the parser sets them aside as not of
        combat) and from other permanents' grants without a condition
        (:func:`redzone.models.triggers.target_grants.granted`: Swiftfoot Boots, Shalai);
        a grant under a condition is not seen (docs/triggers.md, "Order and choices")."""
        board = self.board
        src = self.edit.perm(f.source) if f.source in self.edit.base.permanents else None
        perms = self.edit.perms if self.edit.perms is not None else self.edit.base.permanents
        granted = [(w, q) for w, q, _ in target_grants.granted(board, perms, c)
                   if w != "ward"]  # of statics
        granted += [(w, None) for w in target_grants.decided_shield(board, perms, c)]
        for word, quality in _own_keywords(c, ("shroud", "hexproof")) + granted:
            if word == "shroud":
                return False
            if c.controller != f.controller and (quality is None or (
                    src is not None and has_quality(src, quality))):
                return False
        if src is not None:
            protections = [a for a in c.abilities if isinstance(a, Protection)]
            protections += [a for a, _ in board.granted(c) if isinstance(a, Protection)]
            if any(has_quality(src, p.quality) for p in protections):  # type: ignore[attr-defined]
                return False
        return True

    # -- one ability
    def resolve(self, f: Fired, chosen: dict[str, Any], window: str) -> None:
        t = f.ability
        unknown = (if_tests.hand_not_stated(self, f)  # h34: a hand size the scenario doesn't state
                   or if_more.not_stated(self, f)  # h35: an earlier attack
                   or more_amounts.not_stated(self, f))  # h36: "the chosen player" not stated
        if unknown is not None:
            self.resolved.append(Resolved(f.source, f.controller, t.text, window, unknown, {**chosen},
                                          f.trigger))
            return
        if if_more.fails_again(self, f):  # h35: an intervening "if" checked again (603.4)
            self.resolved.append(Resolved(f.source, f.controller, t.text, window,
                                          "condition no longer met: does nothing (603.4)",
                                          {**chosen}, f.trigger))
            return
        if t.optional and not (board_effects.can_pay(self, f)  # h3: 118.3
                               and reflexive.can_pay(self, f)):  # h20: a card from a graveyard
            self.resolved.append(Resolved(f.source, f.controller, t.text, window,
                                          "declined: can't pay its cost (118.3, 119.4)",
                                          {**chosen}, f.trigger))
            return
        if t.optional:
            if not self.choose(Choice(f.controller, "may", f.source, t.text, (True, False),
                                     f.trigger)):
                self.resolved.append(Resolved(f.source, f.controller, t.text, window,
                                              "declined (optional)", {**chosen, "may": False},
                                              f.trigger))
                return
            chosen = {**chosen, "may": True}
        renown = t.keyword == "renown" and self.state.on_battlefield(f.source)
        if renown and _renowned(self.edit.perm(f.source)):
            # 702.112a, 603.4: "if it isn't renowned" is checked again on resolution.
            self.resolved.append(Resolved(f.source, f.controller, t.text, window,
                                          "does nothing: already renowned (603.4)", chosen,
                                          f.trigger))
            return
        lines = []
        self.tokens_at = self.tokens  # h13: the tokens this resolution creates ("that token")
        self.lost_this_way = 0
        for e in t.effects:
            lines.append(self.effect(f, e, chosen))
            if (board_effects.stops(e, lines[-1]) or actions.stops(e, lines[-1])  # h3, h9: (608.2c)
                    or moves.stops(e, lines[-1])  # h13
                    or more_effects.stops(e, lines[-1])  # h14
                    or reflexive.stops(e, lines[-1])  # h20: nobody paid
                    or control.stops(e, lines[-1])  # h26: too few counters
                    or hidden_zones.stops(e, lines[-1])):  # h24: its card was not there
                break
            if t.optional and (isinstance(e, Sacrifice) or isinstance(e, Destroy) and e.sacrifice) \
                    and lines[-1] in ("nothing", "nothing to sacrifice", "nothing to return"):
                # "you may sacrifice ... . If you do, B": nothing was sacrificed, so B isn't
                # done (608.2c)
                break
        if renown:
            perm = self.edit.perm(f.source)
            self.edit.put(dataclasses.replace(perm, conditions={**perm.conditions, "renowned": True}))
            lines.append(f"{f.source} becomes renowned")
        self.resolved.append(Resolved(f.source, f.controller, t.text, window,
                                      "; ".join(x for x in lines if x), chosen, f.trigger))

    def effect(self, f: Fired, e: Effect, chosen: dict[str, Any]) -> str:
        state = self.state
        if isinstance(e, reflexive.GraveyardCost):  # h20: a card exiled from a graveyard
            return reflexive.pay(self, f, e, chosen)
        if isinstance(e, more_control.EFFECTS):  # h39: the top cards of a library
            return more_control.resolve(self, f, e, chosen)
        if isinstance(e, board_effects.EFFECTS):  # h3: delayed, untap steps, no combat damage
            return board_effects.resolve(self, f, e, chosen)
        if isinstance(e, actions.EFFECTS):  # h9: amass, endure, connive, blight (actions.py)
            return actions.resolve(self, f, e, chosen)
        if isinstance(e, chance.Chance):  # h12: a coin flip, a die roll (chance.py)
            return chance.resolve(self, f, e, chosen)
        if isinstance(e, more_effects.EFFECTS):  # h14: tap costs (more_effects.py)
            return more_effects.resolve(self, f, e, chosen)
        if isinstance(e, creatures.EFFECTS):  # h15: preventions (creatures.py)
            return creatures.resolve(self, f, e, chosen)
        if isinstance(e, zone_moves.EFFECTS):  # h37: the top cards of a library (zone_moves.py)
            return zone_moves.resolve(self, f, e, chosen)
        if isinstance(e, hidden_zones.EFFECTS):  # h24: hidden zones (hidden_zones.py)
            return hidden_zones.resolve(self, f, e, chosen)
        if isinstance(e, _players.EFFECTS):  # h16: losing the game (players.py)
            return _players.resolve(self, f, e, chosen)
        if isinstance(e, token_copies.EFFECTS):  # h23: token copies (token_copies.py)
            return token_copies.resolve(self, f, e, chosen)
        if isinstance(e, control.EFFECTS):  # h26: keywords lost, exact removals (control.py)
            return control.resolve(self, f, e, chosen)
        if isinstance(e, fights.EFFECTS):  # h28: fights (fights.py)
            return fights.resolve(self, f, e, chosen)
        if isinstance(e, explore.EFFECTS):  # h28: explore (explore.py)
            return explore.resolve(self, f, e, chosen)
        if isinstance(e, clashes.EFFECTS):  # h28: a clash (clashes.py)
            return clashes.resolve(self, f, e, chosen)
        if isinstance(e, more_amounts.EFFECTS):  # h36: discover (more_amounts.py)
            return more_amounts.resolve(self, f, e, chosen)
        if isinstance(e, Pump):
            n = self.amount(f, e.amount)
            dp, dt = e.power * n, e.toughness * n
            ids = self.objects(f, e.who, chosen)
            self.pumped = (f, e.who, ids)  # h15: "... get +1/+1 and gain trample" (611.2c)
            for pid in ids:
                self.edit.put(_pumped(self.edit.perm(pid), dp, dt))
            return ", ".join(f"{pid} gets {dp:+d}/{dt:+d}" for pid in ids) if ids else "no creature"
        if isinstance(e, Counters):
            n = self.amount(f, e.amount)
            ids = self.objects(f, e.who, chosen)
            ids = [pid for pid in ids  # h38: "can't have counters put on it" (122.6)
                   if may_put(self.edit.base, state.on_battlefield, self.edit.perm(pid), e.kind)]
            for pid in ids:
                perm = self.edit.perm(pid)
                counters = dict(state.counters.get(pid, perm.counters))
                counters[e.kind] = counters.get(e.kind, 0) + n
                state.counters[pid] = counters
                d = n if e.kind == "+1/+1" else -n if e.kind == "-1/-1" else 0
                # The board's power and toughness count the counters (613.4c).
                if d:
                    self.edit.put(dataclasses.replace(
                        perm, counters=counters,
                        power=None if perm.power is None else perm.power + d,
                        toughness=None if perm.toughness is None else perm.toughness + d))
            after_counters(self, ids, e.kind)  # h7: other kinds on the board, keyword counters
            return ", ".join(f"{n} {e.kind} on {pid}" for pid in ids) if ids else "no creature"
        if isinstance(e, GainKeywords):
            ids = self.objects(f, e.who, chosen)
            if self.pumped is not None and self.pumped[0] is f and self.pumped[1] == e.who:
                # h15: the creatures of "each creature with power 4 or greater gets +1/+1 and
                # gains trample" are those it had as it began (611.2c), not after the pump
                ids = [pid for pid in self.pumped[2] if self.state.on_battlefield(pid)]
            for pid in ids:
                perm = self.edit.perm(pid)
                for k in e.keywords:
                    perm = _granted(perm, Keyword(name=k, text=f.ability.text), f.ability.text)
                self.edit.put(perm)
            return ", ".join(f"{pid} gains {' and '.join(e.keywords)}" for pid in ids) or "no creature"
        if isinstance(e, (CantBlockEffect, CantBeBlockedEffect)):
            blocks = isinstance(e, CantBlockEffect)
            ids = self.objects(f, e.who, chosen)
            for pid in ids:
                granted = (CantBlock if blocks else CantBeBlocked)(text=f.ability.text)
                self.edit.put(_granted(self.edit.perm(pid), granted, f.ability.text))
            what = "can't block" if blocks else "can't be blocked"
            return ", ".join(f"{pid} {what} this turn" for pid in ids) or "no creature"
        if isinstance(e, TapEffect):
            ids = self.objects(f, e.who, chosen)
            verb = "untapped" if e.untap else "tapped"
            lines = []
            for pid in ids:
                if e.untap and stunned_untap(self, pid):  # h7: 122.1d
                    lines.append(f"{pid} stays tapped, a stun counter removed")
                    continue
                perm = self.edit.perm(pid)
                was_tapped = perm.tapped or self.attacked_tapped(perm)
                self.edit.put(dataclasses.replace(perm, tapped=not e.untap))
                if not e.untap and not was_tapped:
                    self.tapped.append(pid)
                lines.append(f"{pid} {verb}")
            return ", ".join(lines) or "no creature"
        if isinstance(e, DamageEffect):
            n = self.amount(f, e.amount)
            recips = self.objects(f, e.who, chosen) + self.players(f, e.who, chosen)
            if e.who.kind == "any_target" or e.who.also_types:  # h3: "... or planeswalker"
                recips = [chosen["target"]] if chosen.get("target") is not None else []
            if e.who.kind == "attacked":  # h3: "the player or planeswalker it's attacking"
                recips = board_effects.attacked(self, f)
            by = f.trigger if e.by == "trigger" else f.source  # h14: the creature whose event it was
            if not recips or n <= 0 or by is None or (
                    not state.on_battlefield(by) and by not in self.edit.base.permanents):
                return "no damage"
            dealt = deal_damage(self.board, state, [DamageEvent(by, r, n) for r in recips],
                                combat=False)
            record_damage(state, dealt)  # h2 (watches.py)
            return ", ".join(f"{d.amount} damage to {d.recipient}" for d in dealt)
        if isinstance(e, LifeEffect):
            n = self.amount(f, e.amount)
            ps = self.players(f, e.who, chosen)
            lines = []
            for p in ps:
                if e.amount.per == "half_life":  # "half their life, rounded up" (107.1a)
                    n = (max(0, state.life.get(p, 0)) + 1) // 2
                if e.amount.per == "half_life_down":  # h16: "..., rounded down" (107.1a)
                    n = max(0, state.life.get(p, 0)) // 2
                if e.gain:
                    # h4: "can't gain life" and gain replacements (119.7, 614.1a)
                    had = (state.life.get(p, 0), state.gained.get(p, 0))
                    gain_life(self.board, state, p, n)
                    if state.gained.get(p, 0) > had[1]:
                        self.gains.append(p)
                    if state.life.get(p, 0) != had[0] + n:
                        lines.append(f"{p}'s life {had[0]} -> {state.life.get(p, 0)}")
                        continue
                else:
                    state.life[p] = state.life.get(p, 0) - n
                    self.lost_this_way += max(0, n)  # h16: "the life lost this way"
                lines.append(f"{p} {'gains' if e.gain else 'loses'} {n} life")
            return ", ".join(lines) or "no player"
        if isinstance(e, PoisonEffect):
            n = self.amount(f, e.amount)
            ps = [p for p in self.players(f, e.who, chosen)  # h38: "can't get poison counters"
                  if may_get(self.edit.base, state.on_battlefield, p)]
            for p in ps:
                state.poison[p] = state.poison.get(p, 0) + n
            return ", ".join(f"{p} gets {n} poison" for p in ps) or "no player"
        if isinstance(e, Destroy) and e.at_end_of_combat:
            ids = self.objects(f, e.who, chosen)
            key = (_EXILE_AT_END if e.exile else _SACRIFICE_AT_END if e.sacrifice  # h13
                   else _DESTROY_AT_END)
            for pid in ids:
                perm = self.edit.perm(pid)
                self.edit.put(dataclasses.replace(perm, conditions={**perm.conditions, key: True}))
            verb = "exiled" if e.exile else "sacrificed" if e.sacrifice else "destroyed"
            return ", ".join(f"{pid} will be {verb} at end of combat (603.7)" for pid in ids) or "nothing"
        if isinstance(e, Destroy):
            if e.until_leaves and not state.on_battlefield(f.source):
                return "nothing exiled: the source has left the battlefield (610.3c)"  # h13
            ids = self.objects(f, e.who, chosen)
            done = []
            for pid in ids:
                perm = self.edit.perm(pid)
                if not e.exile and not e.sacrifice and self.board.has_keyword(perm, "indestructible"):
                    continue  # 702.12b
                state.destroyed.append(pid)
                state.reasons[pid] = ("sacrificed (701.21)" if e.sacrifice
                                      else "returned to its owner's hand by a triggered ability "
                                           "(400.7)" if e.to_hand
                                      else f"returned to the {e.to_library} of its owner's library "
                                           "by a triggered ability (400.7)" if e.to_library
                                      else "exiled by a triggered ability (701.13)" if e.exile
                                      else "destroyed by a triggered ability (701.8)")
                if not (e.to_hand or e.to_library or e.exile):  # h37: a finality counter
                    state.reasons[pid] = finality_exiled(self.board, state, pid, state.reasons[pid])
                state.damage.pop(pid, None)
                done.append(pid)
            if e.exile and not e.to_hand and not e.until_leaves and not e.to_library:
                exiled_with(self, f, done)  # h8: "the exiled card" of its source (607.2a)
            if e.until_leaves:
                moves.exiled_until(self, f, done)  # h13: returns when the source leaves
            verb = ("sacrificed" if e.sacrifice else "returned to hand" if e.to_hand
                    else f"put on the {e.to_library} of its owner's library" if e.to_library
                    else "exiled" if e.exile else "destroyed")
            return ", ".join(f"{pid} {verb}" for pid in done) or "nothing"
        if isinstance(e, Sacrifice):
            n = self.amount(f, e.amount)
            out = []
            for p in self.players(f, e.who, chosen):
                own = [q.id for q in (self.edit.perms or self.edit.base.permanents).values()
                       if q.controller == p and state.on_battlefield(q.id)
                       and (q.is_creature or not e.creature
                            or e.or_artifact and q.is_a("Artifact"))
                       and not (e.other and q.id == f.source)
                       and may_sacrifice(self.board, q, e)]  # zones.py: "a land", "a Food" ...
                if not own or n <= 0:
                    continue
                # 701.21a: the player chooses which n at once: one choice of a set, with
                # interchangeable permanents (same card and state) taken in board order.
                options = self.sacrifice_sets(own, min(n, len(own)))
                picks = options[0] if len(options) == 1 else self.choose(
                    Choice(p, "sacrifice", f.source, f.ability.text, tuple(options), f.trigger,
                           tuple(own)))
                for pick in picks:
                    state.destroyed.append(pick)
                    state.reasons[pick] = ("returned to its owner's hand by a triggered ability "
                                           "(400.7)" if e.to_hand else "sacrificed (701.21)")
                    state.damage.pop(pick, None)
                    out.append(f"{p} returns {pick} to its owner's hand" if e.to_hand
                               else f"{p} sacrifices {pick}")
                # in the answer's choices, so a line can be replayed (combat.trigger_choices)
                chosen.setdefault("sacrifice", []).extend(picks)
            return ", ".join(out) or ("nothing to return" if e.to_hand else "nothing to sacrifice")
        if isinstance(e, CreateTokens):
            return self.create(f, e)
        if isinstance(e, ValueOnly):
            return f"{e.what} (no effect on combat)"
        if isinstance(e, ReturnToBattlefield):
            return self.returned(f, e)
        if isinstance(e, Conditional):  # 608.2c: decided now, as the ability resolves
            if not if_tests.decide(self, f, e.test, chosen):  # h25: a target's test too
                if e.otherwise:  # h25: "E1. If C, E2 instead": E1
                    return "; ".join(x for x in (self.effect(f, inner, chosen) for inner in e.otherwise) if x)
                return "condition not met: does nothing"
            return "; ".join(x for x in (self.effect(f, inner, chosen) for inner in e.effects) if x)
        if isinstance(e, MustBlockSource):
            ids = [pid for pid in self.objects(f, e.who, chosen) if f.source in self.attackers]
            for pid in ids:  # 509.1c: a requirement of the blocks declared after this window
                self.edit.effects.append(SimpleNamespace(must_block=SimpleNamespace(
                    blocker=pid, attacker=f.source)))
            return ", ".join(f"{pid} blocks {f.source} this combat if able" for pid in ids) or "no creature"
        if isinstance(e, CounterChange):  # h7: counters.py
            return counter_change(self, f, e, chosen)
        if isinstance(e, EntersFromCard):  # h8: permanents from card data (entries.py)
            return enter(self, f, e, chosen)
        return "not played"

    def test(self, f: Fired, t: IfTest) -> bool:
        """Whether the condition ``t`` of ``f`` holds on the board now (608.2c, 603.4):
        permanents on the battlefield and their characteristics as the effects of this combat
        left them, life totals as they are now."""
        board = self.board
        state = self.state
        if t.kind == "was_attacking":  # h39: more_control.py
            return more_control.was_attacking(self, f, t)
        if t.kind in ("you_control", "opponent_controls", "defending_controls"):
            if t.kind == "you_control":
                whose = {f.controller}
            elif t.kind == "opponent_controls":
                whose = {p.name for p in board.players if p.name != f.controller}
            else:
                whose = set(self.players(f, Who("defending_player"), {}))
            n = sum(1 for p in board.permanents.values()
                    if p.controller in whose and state.on_battlefield(p.id)
                    and not (t.other and p.id == f.source)
                    and (t.quality is None or matches_quality(board, p, t.quality)))
            return n == 0 if t.none else n >= t.count
        if t.kind == "attacking_exists":
            return any(state.on_battlefield(a) and a in board.permanents and (
                t.quality is None or matches_quality(board, board.permanents[a], t.quality))
                for a in self.attackers)
        if t.kind in ("opponent_poison_at_least", "defending_poisoned"):
            whose = (set(self.players(f, Who("defending_player"), {}))
                     if t.kind == "defending_poisoned"
                     else {p.name for p in board.players if p.name != f.controller})
            need = t.count if t.kind == "opponent_poison_at_least" else 1
            return any(state.poison.get(p.name, p.poison) >= need
                       for p in board.players if p.name in whose)
        if t.kind in ("graveyard_at_least", "source_keyword",
                      "trigger_power_greater", "either", "both", "different_powers",
                      "greatest_power"):  # h20: the cards in your graveyard (reflexive.py)
            return reflexive.holds(self, f, t)
        if t.kind in if_tests.KINDS:  # h25: if_tests.py
            return if_tests.holds(self, f, t)
        if t.kind in if_more.KINDS:  # h35: if_more.py ("for the first time each turn")
            return if_more.holds(self, f, t)
        if t.kind == "total_power_at_least":
            return sum((p.power or 0) for p in board.permanents.values()
                       if p.controller == f.controller and p.is_creature
                       and state.on_battlefield(p.id)) >= t.count  # negative power counts as it is
        if t.kind in ("had_counters", "had_power_at_least", "was_type"):
            # 608.2h: the creature as it last existed (the board keeps one that left)
            pid = f.trigger if t.of_trigger else f.source
            if pid is None or pid not in self.edit.base.permanents:
                return False
            perm = self.edit.perm(pid)
            if t.kind == "had_power_at_least":
                return (perm.power or 0) >= t.count
            if t.kind == "was_type":
                return t.quality is None or matches_quality(board, perm, t.quality)
            counters = state.counters.get(pid, perm.counters)
            n = counters.get(t.counter, 0) if t.counter else sum(counters.values())
            return n == 0 if t.none else n >= t.count
        if t.kind == "attacked_power_at_least":  # h12: pack tactics (508.1, 508.4)
            # the declared attackers are those of the window's own board (a token put onto
            # the battlefield attacking is not in it), with their power as they were declared
            base = self.edit.base
            declared = [a for a in dict.fromkeys([*self.attackers, *self.edit.removed])
                        if a in base.permanents]  # h15's removed from combat were declared
            return sum(base.permanents[a].power or 0 for a in declared) >= t.count
        if t.kind == "source_blocked":  # 509.1h: it stays blocked
            return any(f.source in attackers for attackers in self.blockers.values())
        if t.kind == "graveyard_cards":  # h16: players.py
            return graveyard_test(self, f, t)
        if t.kind in ("life_at_least", "life_at_most"):
            life = state.life.get(f.controller, next(
                (p.life for p in board.players if p.name == f.controller), 0))
            return life >= t.count if t.kind == "life_at_least" else life <= t.count
        if not state.on_battlefield(f.source) or f.source not in board.permanents:
            return False  # the source has left: it is no longer attacking, nothing is on it
        if t.kind == "source_attacking":
            return f.source in self.attackers
        if t.kind == "source_renowned":
            return _renowned(self.edit.perm(f.source))
        if t.kind == "source_attached":
            return any(p.attached_to == f.source and state.on_battlefield(p.id)
                       and (t.attached == "any" or t.attached in p.subtypes)
                       for p in board.permanents.values())
        if t.kind == "source_counters":
            counters = state.counters.get(f.source, board.permanents[f.source].counters)
            n = counters.get(t.counter, 0) if t.counter else sum(counters.values())
            return n < t.count if t.none else n >= t.count  # h14: none: fewer than count
        return False

    def _alike(self, pid: str) -> tuple[Any, ...]:
        """What tells a permanent apart for the outcome of a sacrifice: two with the same
        key are interchangeable (same card, state, counters, damage, nothing attached, not
        in combat)."""
        q = self.edit.perm(pid)
        attached = any(o.attached_to == pid for o in self.edit.base.permanents.values())
        in_combat = pid in self.attackers or pid in self.blockers
        if attached or in_combat or q.attached_to is not None or q.paired_with is not None:
            return ("unique", pid)
        return (q.card or q.name, q.token, q.tapped, q.power, q.toughness, q.types,
                tuple(sorted(self.state.counters.get(pid, q.counters).items())),
                self.state.damage.get(pid, 0), q.until_end_of_turn, q.lost_abilities_at)

    def sacrifice_sets(self, own: list[str], n: int) -> list[tuple[str, ...]]:
        """Every set of ``n`` of ``own`` to sacrifice, up to interchangeable permanents
        (:meth:`_alike`: of a group the first ones in board order are taken)."""
        groups: dict[tuple[Any, ...], list[str]] = {}
        for pid in own:
            groups.setdefault(self._alike(pid), []).append(pid)
        members = list(groups.values())
        out: list[tuple[str, ...]] = []

        def rec(i: int, left: int, acc: list[str]) -> None:
            if left == 0:
                out.append(tuple(sorted(acc, key=own.index)))
                return
            if i == len(members):
                return
            room = sum(len(g) for g in members[i + 1:])
            for k in range(min(left, len(members[i])), -1, -1):
                if left - k <= room:
                    rec(i + 1, left - k, acc + members[i][:k])

        rec(0, n, [])
        return out

    def create(self, f: Fired, e: CreateTokens) -> str:
        n = self.amount(f, e.amount)
        src = self.edit.perm(f.source)
        made = []
        target = self.attackers.get(f.source) if e.attacking else None
        if e.copy_of_source:
            # Myriad (702.116a): a copy attacking each *other* opponent of the defending
            # player's; with one opponent, none.
            d = self.defending(f.source)
            others = [p.name for p in self.edit.base.players
                      if p.name not in (f.controller, d) and self.state.in_game(p.name)]
            for p in others:
                # 702.116a: "you may" create it, attacking that player or a planeswalker
                # they control
                walkers = [q.id for q in (self.edit.perms or self.edit.base.permanents).values()
                           if q.controller == p and q.is_a("Planeswalker")
                           and self.state.on_battlefield(q.id)]
                attacked = self.choose(Choice(f.controller, "myriad", f.source, f.ability.text,
                                              (p, *walkers, None)))
                if attacked is None:
                    continue
                self.tokens += 1
                tid = f"{f.source}~token{self.tokens}"
                tok = dataclasses.replace(src, id=tid, token=True, tapped=True, damage=0,
                                          counters={}, index=len(self.edit.base.permanents) + self.tokens)
                self.edit.put(tok)
                self.state.damage[tid] = 0
                self.state.counters[tid] = {}
                self.attackers[tid] = attacked
                made.append(tid)
            return ", ".join(f"created {t}, a token copy of {f.source}, attacking {self.attackers[t]}"
                             for t in made) or "no token"
        if e.size is not None:  # h7: an X/X token, X counted now (608.2h)
            x = self.amount(f, e.size)
            e = dataclasses.replace(e, power=x, toughness=x, size=None)
        if e.attacking and target is None and not e.attacks:
            target = token_attacks(self, f, e, one=True)[0]  # h16: 508.4, its controller's choice
        each: list[str | None] = [target]
        if e.attacks:  # h16: for each opponent, attacking that player (players.py)
            each = token_attacks(self, f, e)
        for target in each:
            made += self._tokens(f, e, n, target)
        layered_tokens(self, made)  # h7: an anthem's effect on the new tokens (613)
        recount_creature_cdas(self, f.controller, len(made))  # h21: Adeline's power (604.3)
        where = (f" attacking {', '.join(sorted({str(self.attackers.get(t)) for t in made}))}"
                 if e.attacking and any(t in self.attackers for t in made) else "")
        what = (f"{e.power}/{e.toughness} " if e.power is not None else "") + (
            " ".join(e.subtypes) or "creature") + " token"
        return f"created {len(made)} {what}{'s' if len(made) > 1 else ''} ({', '.join(made)}){where}" \
            if made else "no token"

    def _tokens(self, f: Fired, e: CreateTokens, n: int, target: str | None) -> list[str]:
        """``n`` tokens ``e`` creates, attacking ``target`` when ``e.attacking`` (508.4)."""
        made: list[str] = []
        for _ in range(n):
            self.tokens += 1
            tid = f"{f.source}~token{self.tokens}"
            name = token_name(self, f, e)  # h16: a named token (players.py)
            parsed = token_parsed(e, name)  # h7: tokens.py
            types = ("Artifact", "Creature") if e.artifact else ("Creature",)
            supertypes = ("Legendary",) if e.legendary else ()
            tok = Permanent(id=tid, name=name, controller=f.controller,
                            owner=f.controller, index=len(self.edit.base.permanents) + self.tokens,
                            types=types, subtypes=e.subtypes, supertypes=supertypes, colors=e.colors,
                            power=e.power, toughness=e.toughness, tapped=e.tapped or e.attacking,
                            summoning_sick=True, token=True, parsed=parsed,
                            base=Base(types, e.subtypes, supertypes, e.colors, e.power, e.toughness))
            self.edit.put(tok)
            self.state.damage[tid] = 0
            self.state.counters[tid] = {}
            if e.attacking and target is not None:
                self.attackers[tid] = target  # 508.4: attacking, never declared
            made.append(tid)
            if e.legendary:
                legend_rule(self, f, tid)  # h16: 704.5j (players.py)
        return made

    # -- the stack
    def run(self, fired: list[Fired], window: str, sba: Callable[[], list[str]]) -> None:
        """Put ``fired`` on the stack in APNAP order (choosing targets), resolve them last in
        first out with state-based actions after each; triggers of creatures dying then go
        on the stack in turn (603.3)."""
        stack: list[tuple[Fired, dict[str, Any]]] = []
        pending = _by_apnap(self.edit.base, fired)
        while True:
            pending = token_copies.once_each_turn(self, pending)  # h23: "only once each turn"
            for f in pending:
                f, mode = board_effects.choose_mode(self, f)  # h3: modes first (603.3c)
                if mode == []:
                    self.resolved.append(Resolved(f.source, f.controller, f.ability.text, window,
                                                  "removed: no mode chosen (603.3c)", {},
                                                  f.trigger))
                    continue
                chosen = self.targets(f)
                if chosen is not None and mode:
                    chosen["mode"] = mode
                if chosen is None:
                    self.resolved.append(Resolved(f.source, f.controller, f.ability.text, window,
                                                  "removed: no legal target (603.3d)", {},
                                                  f.trigger))
                    continue
                stack.append((f, chosen))
            pending = []
            if not stack:
                return
            f, chosen = stack.pop()
            if chosen.get("target") is not None and isinstance(chosen["target"], str) \
                    and not self.edit.base.is_player(chosen["target"]) \
                    and not self.state.on_battlefield(chosen["target"]):
                # 608.2b: its only target is gone: it doesn't resolve.
                self.resolved.append(Resolved(f.source, f.controller, f.ability.text, window,
                                              "removed: its target is gone (608.2b)", chosen,
                                              f.trigger))
                continue
            ward = target_grants.undecided_shield(self, f, chosen) or target_grants.warded(self, f, chosen)
            if ward is not None:  # 702.21a: ward's trigger resolved first and countered it
                self.resolved.append(Resolved(f.source, f.controller, f.ability.text, window,
                                              ward, chosen, f.trigger))
                continue
            self.gains = []
            self.entered = []
            self.tapped = []
            self.resolve(f, chosen, window)
            died = sba()
            if died:
                pending = self.dies(died)
            if self.entered:
                pending = pending + self.enters(self.entered)
            if self.gains:
                # 119.9, 603.2: each life gain is one event ("whenever you gain life")
                pending = pending + _collect(self.board, self.state, [],
                                             [("you_gain_life", p) for p in self.gains])
            if self.tapped:
                # 701.26a: an untapped permanent tapped by the ability "becomes tapped"
                pending = pending + _collect(self.board, self.state,
                                             [("becomes_tapped", p, None, {}) for p in self.tapped])

    def enters(self, ids: Sequence[str]) -> list[Fired]:
        """The "when ~ enters" abilities of creatures returned to the battlefield (603.6a),
        unless a permanent says entering creatures cause no abilities to trigger (Torpor
        Orb). Other permanents' "whenever a creature enters" are not played."""
        perms = self.edit.perms if self.edit.perms is not None else self.edit.base.permanents
        if any(enters_stopped(tuple(p.parsed.ignored) + tuple(p.parsed.unparsed))
               for p in perms.values() if self.state.on_battlefield(p.id)
               and p.lost_abilities_at is None):
            return []
        out = []
        for pid in ids:
            perm = self.edit.perm(pid)
            for t in enters_triggers(perm.parsed, _names(perm)):
                out.append(Fired(pid, perm.controller, t, pid, {}))
        return out

    def returned(self, f: Fired, e: ReturnToBattlefield) -> str:
        """Persist and undying (702.79a, 702.93a): the card that died comes back as a new
        object (400.7) with one counter, out of combat (506.4), untapped, without damage;
        it keeps the effects of other permanents (a lord) but not its own until-end-of-turn
        changes or the counters it had."""
        pid = f.source
        if self.state.on_battlefield(pid) or pid not in self.edit.base.permanents:
            return "not in the graveyard"
        if self.state.reasons.get(pid, "").startswith(_NOT_DIED) or self.edit.perm(pid).token:
            return "not in the graveyard (a token ceases to exist, 111.7)"
        old = self.edit.perm(pid)
        eot = old.until_end_of_turn
        had = self.state.counters.get(pid, {})
        net = had.get("+1/+1", 0) - had.get("-1/-1", 0)
        net -= self.state.plus_added.get(pid, 0) - self.state.minus_added.get(pid, 0)
        new_id = f"{pid}~returned"
        put = may_put(self.edit.base, self.state.on_battlefield,  # h38: 122.6 (Melira)
                      dataclasses.replace(old, id=new_id), e.counter)
        d = (1 if e.counter == "+1/+1" else -1 if e.counter == "-1/-1" else 0) if put else 0
        dp = -(eot.power if eot else 0) - net + d
        dt = -(eot.toughness if eot else 0) - net + d
        b = old.base
        new = dataclasses.replace(
            old, id=new_id, tapped=False, damage=0, counters={e.counter: 1} if put else {},
            until_end_of_turn=None, summoning_sick=True, attached_to=None, paired_with=None,
            index=len(self.edit.base.permanents) + 1000 + self.tokens,
            parsed=eot.after if eot is not None and eot.after is not None else old.parsed,
            power=None if old.power is None else old.power + dp,
            toughness=None if old.toughness is None else old.toughness + dt,
            base=None if b is None else dataclasses.replace(
                b, power=None if b.power is None else b.power - (eot.power if eot else 0),
                toughness=None if b.toughness is None else b.toughness - (eot.toughness if eot else 0)))
        self.edit.put(new)
        self.state.damage[new_id] = 0
        self.state.counters[new_id] = {e.counter: 1} if put else {}
        self.entered.append(new_id)
        if not put:
            return f"{pid} returns to the battlefield as {new_id} (it can't have {e.counter} counters, 122.6)"
        return f"{pid} returns to the battlefield as {new_id} with a {e.counter} counter"

    def dies(self, died: Sequence[str]) -> list[Fired]:
        """Triggers of creatures that died (700.4), looking back (603.10a): the creature's
        own "when ~ dies" and others' "whenever another creature ... dies"; and of those that
        left the battlefield any way (603.6c: "when ~ leaves the battlefield", exiled or
        returned to a hand too)."""
        back = moves.return_until(self, died)  # h13: exiled "until ~ leaves" return (610.3c)
        board = self.board
        events = [("dies", pid, None, {}) for pid in died]
        out: list[Fired] = []
        for src in board.permanents.values():
            looking_back = src.id in died
            if not looking_back and not self.state.on_battlefield(src.id):
                continue
            for t in triggers(src, board, lambda x: x in died or self.state.on_battlefield(x)):
                if t.event not in ("dies", "leaves"):
                    continue
                for _, cid, _, _ in events:
                    c = board.permanents.get(cid)
                    if c is None or not (c.is_creature or watches_permanents(t)):
                        continue  # h2: "an artifact is put into a graveyard" (watches.py)
                    if t.watch.extra and not watch_holds(board, self.state, src, t, c, {}):
                        continue
                    if t.event == "dies" and self.state.reasons.get(cid, "").startswith(_NOT_DIED):
                        continue  # exiled: it didn't die (700.4)
                    if _watches(board, src, t, c):
                        out.append(Fired(src.id, src.controller, t, cid, {}))
        if back:  # their own "when ~ enters" (603.6a), collected here once
            self.entered = [x for x in self.entered if x not in back]
            return _once([f for f in out if _holds(self, f)]) + self.enters(back)
        return _once([f for f in out if _holds(self, f)])


def _run(play: _Play, fired: list[Fired], window: str) -> Outcome:
    gone_before = [pid for pid in play.edit.base.permanents if not play.state.on_battlefield(pid)]
    before = len(play.state.destroyed)
    marker = [before]

    def sba() -> list[str]:
        state_based_actions(play.board, play.state)
        new = list(play.state.destroyed[marker[0]:])
        marker[0] = len(play.state.destroyed)
        return new

    play.run(fired, window, sba)
    # h7: what the window removed stops affecting the others (611.3a, 613)
    board = after_departures(play.board, play.state, gone_before)
    return Outcome(board, play.state, play.attackers, play.resolved)


# ====================================================================== after a window (h7)


def after_departures(board: Board, state: GameState, gone_before: Iterable[str]) -> Board:
    """``board`` — the board a window left — with the static abilities of the permanents
    that left the battlefield in that window ended (611.3a: an anthem, an Equipment or Aura
    destroyed, a lord sacrificed) and the conditions of static abilities decided again
    (611.3a: a counter removed, a life total changed), the layers applied again to what
    remains (613) and state-based actions performed on ``state`` (704.3), by
    :func:`redzone.models.outcome.relayered_after_departures` over the permanents that were
    on the battlefield as the window began. ``gone_before``: the ids that had left before
    the window (their effects are already out of ``board``).

    The permanents that left stay on the result as they were (the combat declarations
    still name them; their triggered abilities look back, 603.10a), but without the static
    abilities that reach other permanents, so that applying the layers again from the
    result after a later damage step doesn't take their effects off a second time.
    ``board`` itself when no permanent that left had such an ability and no condition is
    to be decided. A creature that dies in the state-based actions performed here (it had
    lethal damage without the bonus) triggers nothing: as after a damage step's re-layering
    (``solver/damage/solve.py``), a limit."""
    from redzone.models.abilities import Conditional
    from redzone.models.conditions import condition_sources
    from redzone.models.layers import layer_sources, reaches_others
    from redzone.models.outcome import relayered_after_departures

    before = set(gone_before)
    departed = {pid for pid in board.permanents if not state.on_battlefield(pid)}
    conditioned = condition_sources(board)
    sources = layer_sources(board) | conditioned
    if not sources or (not (departed - before) & sources and not conditioned - departed
                       and not departed & sources):
        return board
    perms = dict(board.permanents)
    if (departed - before) & sources or conditioned - departed:
        view = Board(scenario=board.scenario, players=board.players,
                     permanents={pid: p for pid, p in board.permanents.items() if pid not in before},
                     active_player=board.active_player, rules=board.rules, game=board.game,
                     departed=board.departed)
        view.combat = board.combat
        view.gaps = list(board.gaps)
        view.load_actions = board.load_actions
        cur, _ = relayered_after_departures(view, state)
        if cur is not view:
            perms = {pid: cur.permanents.get(pid, p) for pid, p in board.permanents.items()}
    changed = perms != board.permanents
    for pid in departed & sources:
        p = perms[pid]
        kept = tuple(a for a in p.parsed.abilities
                     if not reaches_others(a) and not isinstance(a, Conditional))
        perms[pid] = dataclasses.replace(
            p, parsed=ParsedText(kept, p.parsed.unparsed, p.parsed.ignored), conditional=None)
        changed = True
    if not changed:
        return board
    out = Board(scenario=board.scenario, players=board.players, permanents=perms,
                active_player=board.active_player, rules=board.rules, game=board.game,
                departed=board.departed)
    out.combat = board.combat
    out.gaps = list(board.gaps)
    out.load_actions = board.load_actions
    return out


# ====================================================================== end of combat

_DESTROY_AT_END = "destroyed at end of combat"
_EXILE_AT_END = "exiled at end of combat"
_SACRIFICE_AT_END = "sacrificed at end of combat"


def end_of_combat(board: Board, state: GameState) -> GameState:
    """``state`` after the end of combat step (511): the delayed triggered abilities of
    combat ("destroy ~ at end of combat", 603.7, 511.2) done to the permanents of ``board``
    still on the battlefield (an indestructible one is not destroyed, 702.12b), then
    state-based actions (704.3). ``state`` itself when there is nothing to do, else a copy.
    Then the other delayed abilities of combat (:func:`_delayed_at_end`)."""
    state = _marked_at_end(board, state)
    return _delayed_at_end(board, state)


def _marked_at_end(board: Board, state: GameState) -> GameState:
    """"Destroy / exile ~ at end of combat" (:func:`end_of_combat`)."""
    marked = [p for p in board.permanents.values()
              if (p.conditions.get(_DESTROY_AT_END) or p.conditions.get(_EXILE_AT_END)
                  or p.conditions.get(_SACRIFICE_AT_END))
              and state.on_battlefield(p.id)]
    if not marked:
        return state
    state = state.copy()
    for perm in marked:
        exile = bool(perm.conditions.get(_EXILE_AT_END))
        sacrifice = not exile and bool(perm.conditions.get(_SACRIFICE_AT_END))
        if not exile and not sacrifice and board.has_keyword(perm, "indestructible"):
            continue
        state.destroyed.append(perm.id)
        state.reasons[perm.id] = ("exiled at end of combat by a delayed triggered ability (603.7, 511.2)"
                                  if exile else
                                  "sacrificed at end of combat by a delayed triggered ability (603.7, "
                                  "511.2, 701.21)" if sacrifice else
                                  "destroyed at end of combat by a delayed triggered ability (603.7, 511.2)")
        state.damage.pop(perm.id, None)
    state_based_actions(board, state)
    return state


# ====================================================================== the windows


def attack_window(board: Board, state: GameState, attackers: Mapping[str, str],
                  choose: Chooser = first_choice) -> Outcome:
    """Resolve what triggers as ``attackers`` (creature id -> player, planeswalker or battle
    attacked) are declared (508.2-508.3): "whenever ~ attacks", "whenever you attack",
    "whenever a creature you control attacks", exalted and "attacks alone" (506.5), battle
    cry, melee, dethrone, training, mentor, annihilator, myriad, mobilize. ``board`` is the
    board with that combat; ``state`` is changed in place. Returns the :class:`Outcome`;
    its ``attackers`` include tokens put onto the battlefield attacking (508.4)."""
    play = _Play(board, state, attackers, {}, choose)
    if not attackers:
        return Outcome(board, state, dict(attackers), [])
    events: list[tuple[str, str, str | None, Mapping[str, Any]]] = []
    for a in attackers:
        events.append(("attacks", a, None, {"attacked": attackers[a]}))  # 508.1b
    for a in attackers:
        if not board.has_keyword(board.permanents[a], "vigilance"):
            # 508.1f: tapped as it is declared (an untapped creature, 508.1a)
            events.append(("becomes_tapped", a, None, {"declared": True}))  # h25: if_tests
    events.extend(_attack_choices(play, attackers))
    if len(attackers) == 1:
        (a,) = attackers
        events.append(("attacks_alone", a, None, {}))
    ap = board.active_player
    fired = _collect(board, state, events, [("you_attack", ap)])
    fired = [f for f in fired if _holds(play, f)]
    fired = additional_times(play, fired, "attack")  # h38: Isshin (603.2d)
    return _run(play, fired, "attack")


def _attack_choices(play: _Play, attackers: Mapping[str, str]
                    ) -> list[tuple[str, str, str | None, Mapping[str, Any]]]:
    """The choices made as attackers are declared, in the board's order of attackers —
    exert (701.43a) and enlist (702.154a), each the attacking creature's controller's
    unless the scenario states it (``conditions``: ``exerted``, ``enlisted``) — and the
    events they make ("exerted", "enlisted": their reflexive triggers, 603.12)."""
    board = play.edit.base
    events: list[tuple[str, str, str | None, Mapping[str, Any]]] = []
    for a in attackers:
        perm = board.permanents.get(a)
        if perm is None or perm.lost_abilities_at is not None:
            continue
        sentence = may_exert(perm.parsed, _names(perm))
        if sentence is not None:
            stated = perm.conditions.get("exerted")
            # "If ~ hasn't been exerted this turn, you may exert it" (Combat Celebrant) in a
            # later combat of the turn (combat_number > 1): whether it was exerted in an
            # earlier one is not in the scenario, so it is not exerted unless stated — not
            # exerting is always a legal choice (701.43a), and the line says why
            unknown = (stated is None and sentence.startswith("If ")
                       and getattr(board.scenario, "combat_number", 1) > 1)
            do = stated if stated is not None else False if unknown else play.choose(
                Choice(perm.controller, "exert", a, sentence, (True, False)))
            play.resolved.append(Resolved(a, perm.controller, sentence, "attack",
                                          "exerted as it attacks (701.43a)" if do
                                          else "not exerted: whether it was exerted in an "
                                          "earlier combat this turn is not stated "
                                          "(conditions.exerted)" if unknown
                                          else "not exerted", {"exert": bool(do)}))
            if do:
                events.append(("exerted", a, None, {}))
        if has_enlist(perm.parsed) and perm.conditions.get("enlisted") is not False:
            options: list[Any] = [
                c.id for c in play.creatures()
                if c.controller == perm.controller and c.id not in play.attackers
                and not c.tapped and (not c.summoning_sick or board.has_keyword(c, "haste"))]
            if perm.conditions.get("enlisted") is None:
                options.append(None)
            if not options:
                continue
            pick = options[0] if len(options) == 1 else play.choose(
                Choice(perm.controller, "enlist", a, "Enlist", tuple(options)))
            if pick is None:
                play.resolved.append(Resolved(a, perm.controller, "Enlist", "attack",
                                              "enlists no creature", {"enlist": None}))
                continue
            tapped = play.edit.perm(pick)
            play.edit.put(dataclasses.replace(tapped, tapped=True))
            power = max(0, play.state.power(board, pick))
            play.resolved.append(Resolved(a, perm.controller, "Enlist", "attack",
                                          f"taps {pick} (power {power}) as it attacks (702.154a)",
                                          {"enlist": pick}))
            events.append(("enlisted", a, pick, {"power": power}))
            events.append(("becomes_tapped", pick, None, {}))  # 701.26a: tapped to pay the cost
    return events


def _renowned(perm: Permanent) -> bool:
    """Whether ``perm`` is renowned (702.112b; the scenario's ``conditions: {renowned:
    true}``, or a renown ability of this combat resolved)."""
    return bool(perm.conditions.get("renowned"))


def _holds(play: _Play, f: Fired) -> bool:
    """An intervening "if" (603.4), as the event happens."""
    if f.ability.keyword == "renown" and f.source in play.edit.base.permanents:
        # 702.112a: "if it isn't renowned"
        return not _renowned(play.edit.base.permanents[f.source])
    cond = f.ability.intervening
    if cond is None:
        return True
    board = play.edit.base
    if cond.kind == "defender_most_life":
        d = play.defending(f.source)
        if d is None:
            return False
        most = max(play.state.life.get(p.name, p.life) for p in board.players
                   if play.state.in_game(p.name))
        return play.state.life.get(d, 0) >= most
    if cond.kind == "attackers_at_least":
        return len(play.attackers) >= cond.n
    if cond.kind == "greater_power_attacks":
        me = board.permanents[f.source]
        return any((board.permanents[a].power or 0) > (me.power or 0)
                   for a in play.attackers if a != f.source and a in board.permanents)
    if cond.kind == "had_no_counter":  # as it died, looking back (603.10a)
        return play.state.counters.get(f.source, {}).get(cond.counter, 0) == 0
    if cond.kind == "test" and cond.test is not None:  # "Whenever ..., if X, ..." (603.4)
        if if_tests.hand_not_stated(play, f) is not None or if_more.not_stated(play, f) is not None:
            return True  # h34 (h35: an earlier attack): unknown; it resolves as not played (and is listed), never guessed
        return play.test(f, cond.test)
    if cond.kind == "saddled":
        return bool(board.permanents[f.source].conditions.get("saddled"))
    if cond.kind == "you_control":  # h2: "attacks while you control ..." (watches.py)
        return you_control(play.board, play.state, f.controller, cond)
    if cond.kind in ("attackers_matching", "other_attackers_matching"):  # h2 (watches.py)
        return attackers_matching(play.board, play.attackers, f.source, cond)
    return False


def block_window(board: Board, state: GameState, attackers: Mapping[str, str],
                 blockers: Mapping[str, Sequence[str]], choose: Chooser = first_choice) -> Outcome:
    """Resolve what triggers as ``blockers`` (blocking creature id -> the attacking creatures
    it blocks) are declared (509.2-509.3): "blocks", "becomes blocked" (once), "becomes
    blocked by a creature" (once per blocker: flanking), "blocks or becomes blocked"
    (bushido), "attacks and isn't blocked" (frenzy), rampage, afflict. ``board`` has the
    combat; ``state`` is changed in place. A creature removed here stays blocked (509.1h,
    506.4)."""
    play = _Play(board, state, attackers, blockers, choose)
    events: list[tuple[str, str, str | None, Mapping[str, Any]]] = []
    blocked_by: dict[str, list[str]] = {}
    for b, atts in blockers.items():
        if atts:
            events.append(("blocks", b, None, {}))
            events.append(("blocks_or_blocked", b, None, {}))
        for a in atts:
            blocked_by.setdefault(a, []).append(b)
            events.append(("blocks_creature", b, a, {}))
    combat = getattr(board.scenario, "combat", None)
    already = set(getattr(combat, "blocked", None) or ())
    for a in attackers:
        if a in blocked_by or a in already:
            events.append(("becomes_blocked", a, None, {}))
            events.append(("blocks_or_blocked", a, None, {}))
            for b in blocked_by.get(a, []):
                events.append(("blocked_by", a, b, {}))
        else:
            events.append(("unblocked", a, None, {}))
    fired = [f for f in _collect(board, state, events) if _holds(play, f)]
    fired = additional_times(play, fired, "block")  # h38: Isshin (603.2d)
    return _run(play, fired, "block")


def damage_window(board: Board, state: GameState, attackers: Mapping[str, str],
                  blockers: Mapping[str, Sequence[str]], dealt: Sequence[DealtDamage],
                  died: Sequence[str], choose: Chooser = first_choice,
                  combat: bool = True, last_step: bool = False) -> Outcome:
    """Resolve what triggered in a combat damage step (510.3, after its damage and
    state-based actions): "deals combat damage to a player / creature", "is dealt damage",
    poisonous, renown, and "when ~ dies" for the creatures in ``died`` (700.4, 603.10a).
    ``dealt``: the step's damage as dealt; ``state`` is changed in place. ``combat=False``:
    ``dealt`` is noncombat damage (a fight, 701.14d): only "deals damage", lifelink and
    dies abilities trigger. ``last_step``: the step was the combat's last damage step (the
    regular one, 510.4), so a blocking creature's control change is played (control.py)."""
    play = _Play(board, state, attackers, blockers, choose)
    play.last_step = last_step  # h31
    record_damage(state, dealt)  # h2: "a creature dealt damage by ~ this turn" (watches.py)
    events: list[tuple[str, str, str | None, Mapping[str, Any]]] = []
    dealt_to: dict[str, int] = {}
    dealt_by: dict[str, int] = {}
    for d in dealt:
        if d.amount <= 0:
            continue
        rec = board.permanents.get(d.recipient)
        dealt_by[d.source] = dealt_by.get(d.source, 0) + d.amount
        events.extend(dealt_damage_by(board, d))  # h2: "a source deals damage to ~" (watches.py)
        if not combat:
            continue
        events.extend(combat_damage_to(board, d))  # h2: to a player, planeswalker or battle
        if board.is_player(d.recipient):
            events.append(("combat_damage_player", d.source, None,
                           {"damage": d.amount, "player": d.recipient}))
        elif rec is not None and rec.is_creature:
            # a planeswalker or battle dealt damage is not a creature dealt damage
            events.append(("combat_damage_creature", d.source, None,
                           {"damage": d.amount, "recipient": d.recipient}))
            dealt_to[d.recipient] = dealt_to.get(d.recipient, 0) + d.amount
    # "Deals combat damage" (to anything) and "is dealt damage": one event per creature
    # however many recipients or sources the step's simultaneous damage has (603.2c; e.g.
    # Spitemare's ruling: two blockers, one trigger), with the total ("that much damage").
    for src_id, amount in dealt_by.items():
        if combat:
            events.append(("combat_damage", src_id, None, {"damage": amount}))
        events.append(("deals_damage", src_id, None, {"damage": amount}))
    for rec_id, amount in dealt_to.items():
        events.append(("dealt_damage", rec_id, None, {"damage": amount}))
    for d in dealt:
        for note in d.notes:
            m = _REMOVED_NOTE.fullmatch(note)
            if m:  # a prevention removed counters (615): "this way" (603.12)
                events.append(("counters_removed", d.recipient, None, {"damage": int(m[1])}))
    left = set(died) | {x for d in dealt for x in (d.source, d.recipient)
                        if not state.on_battlefield(x)}

    def here(x: str) -> bool:
        return state.on_battlefield(x) or x in left

    # Lifelink (120.3f): each source's damage is one life gain event of its controller.
    gained = [p for src in dict.fromkeys(d.source for d in dealt) for p in _lifelinked(dealt, src)]
    fired = _collect(board, state, events, [("you_gain_life", p) for p in gained], here=here)
    # a creature's own event while it left (it died to this damage) still triggers (603.10a)
    gone = [board.permanents[x] for x in dict.fromkeys(
        x for d in dealt for x in (d.source, d.recipient))
        if x in board.permanents and not state.on_battlefield(x)]
    fired += [f for f in _collect(board, state, events, sources=gone, here=here)
              if f.ability.watch.kind == "self"]
    fired = additional_times(play, [f for f in fired if _holds(play, f)], "damage",
                             dealt) + play.dies(died)  # h38: Felix Five-Boots (603.2d)
    return _run(play, fired, "damage")


def _lifelinked(dealt: Sequence[DealtDamage], source: str) -> list[str]:
    """The player who gained life by ``source``'s lifelink damage in ``dealt`` (one event
    for all its damage, 120.3f), or ``[]``."""
    for d in dealt:
        if d.source != source:
            continue
        for note in d.notes:
            m = _LIFELINK_NOTE.fullmatch(note)
            if m and int(m[2]) > 0:
                return [m[1]]
    return []


_NOT_DIED = ("exiled", "returned")
"""Reasons of a permanent that left the battlefield without being put into a graveyard
(exiled, or returned to its owner's hand: 700.4)."""
_REMOVED_NOTE = re.compile(r"(\d+) \+1/\+1 counters removed \(615\)")
_LIFELINK_NOTE = re.compile(r"lifelink: (.+) gains (\d+) \(120\.3f\)")


# ====================================================================== every outcome


@dataclass
class Node:
    """A tree of a window's outcomes: a leaf (``outcome`` set) or a choice point
    (``choice`` and one child per option, in the option's order)."""

    outcome: Outcome | None = None
    choice: Choice | None = None
    children: list[Node] = field(default_factory=list)


class _Need(Exception):
    def __init__(self, choice: Choice) -> None:
        self.choice = choice


def outcomes(run: Callable[[Chooser], Outcome], limit: int = 4096) -> Node:
    """Every outcome of a window: ``run(chooser)`` plays it (on a fresh copy of the state
    each time); the result is the tree of choice points. Raises ``RuntimeError`` past
    ``limit`` leaves (a board with that many trigger choices is not enumerated)."""
    count = [0]

    def expand(path: list[Any]) -> Node:
        i = [0]

        def chooser(c: Choice) -> Any:
            if i[0] < len(path):
                got = path[i[0]]
                i[0] += 1
                return got
            raise _Need(c)

        try:
            out = run(chooser)
        except _Need as need:
            node = Node(choice=need.choice)
            for opt in need.choice.options:
                node.children.append(expand(path + [opt]))
            return node
        count[0] += 1
        if count[0] > limit:
            raise RuntimeError(f"more than {limit} outcomes of triggered abilities")
        return Node(outcome=out)

    return expand([])


class LazyNode:
    """A node of :func:`lazy_outcomes`' tree, read as :class:`Node` (``outcome``, ``choice``,
    ``children``): a child is played the first time it is read, then kept."""

    __slots__ = ("outcome", "choice", "_tree", "_path", "_kids")

    def __init__(self, tree: _LazyTree, path: list[Any], choice: Choice | None = None,
                 outcome: Outcome | None = None) -> None:
        self.outcome = outcome
        self.choice = choice
        self._tree = tree
        self._path = path
        self._kids: dict[int, LazyNode] = {}

    @property
    def children(self) -> _LazyChildren:
        return _LazyChildren(self)

    def child(self, i: int) -> LazyNode:
        got = self._kids.get(i)
        if got is None:
            assert self.choice is not None
            got = self._kids[i] = self._tree.play(self._path + [self.choice.options[i]])
        return got


class _LazyChildren(Sequence["LazyNode"]):
    """A :class:`LazyNode`'s children in its choice's option order, each played on first
    reading."""

    __slots__ = ("_node",)

    def __init__(self, node: LazyNode) -> None:
        self._node = node

    def __len__(self) -> int:
        choice = self._node.choice
        return 0 if choice is None else len(choice.options)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(len(self))[i]]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self._node.child(i)

    def __iter__(self) -> Any:
        for i in range(len(self)):
            yield self._node.child(i)


class _LazyTree:
    """:func:`lazy_outcomes`' plays: one play of the window per leaf reached."""

    def __init__(self, run: Callable[[Chooser], Outcome], limit: int) -> None:
        self.run = run
        self.limit = limit
        self.count = 0

    def play(self, path: list[Any]) -> LazyNode:
        """The subtree below the choices ``path``: one play that takes the first option of
        every choice met past ``path`` (what the play of ``path`` plus these first options
        would meet: the play is a function of its choices), so the first child of each
        node met is already played and the others are played when read."""
        met: list[Choice] = []
        i = [0]

        def chooser(c: Choice) -> Any:
            if i[0] < len(path):
                got = path[i[0]]
                i[0] += 1
                return got
            if not c.options:
                raise _Need(c)  # (a choice without options: a node without children, as outcomes)
            met.append(c)
            return c.options[0]

        try:
            out: Outcome | None = self.run(chooser)
        except _Need as need:
            out = None
            met.append(need.choice)
        else:
            self.count += 1
            if self.count > self.limit:
                raise RuntimeError(f"more than {self.limit} outcomes of triggered abilities")
        # The chain of nodes met: node k has choice met[k]; its first child is node k + 1 (or
        # the leaf), already played.
        prefix = list(path)
        nodes: list[LazyNode] = []
        for c in met:
            nodes.append(LazyNode(self, list(prefix), choice=c))
            prefix.append(c.options[0] if c.options else None)
        leaf = None if out is None else LazyNode(self, prefix, outcome=out)
        for k, node in enumerate(nodes):
            nxt = nodes[k + 1] if k + 1 < len(nodes) else leaf
            if nxt is not None:
                node._kids[0] = nxt
        return nodes[0] if nodes else leaf  # type: ignore[return-value]


def lazy_outcomes(run: Callable[[Chooser], Outcome], limit: int = 4096) -> LazyNode:
    """:func:`outcomes`' tree, played as it is read (issue 21 §4, h40): the same nodes,
    choices and outcomes in the same order, but a branch is played only when a search reads
    it, and one play reaches a leaf and every choice point on its way (the first option of
    each choice past the given ones) — so a window of one leaf costs one play, a choice of
    ``k`` options ``k`` plays (:func:`outcomes`: ``k + 1``), and a branch a search cuts off
    costs nothing. The same because a play is a function of its choices (``run`` plays on
    a fresh copy of the state each time; :func:`outcomes` relies on it too). Raises
    ``RuntimeError`` past ``limit`` leaves played (not listed)."""
    return _LazyTree(run, limit).play([])


_KEYWORD_LINE = re.compile(r"^[A-Za-z ,\-]+$")


def _own_keywords(perm: Permanent, words: tuple[str, ...]) -> list[tuple[str, str | None]]:
    """The keywords of ``words`` on ``perm``'s own keyword lines among the sentences the
    parser set aside ("Flying, hexproof"; "Hexproof from blue" -> ``("hexproof", "blue")``),
    as ``(keyword, quality or None)`` (702.11d). Parenthesised reminder text is dropped."""
    out: list[tuple[str, str | None]] = []
    if perm.lost_abilities_at is not None:
        return out
    for sentence in perm.parsed.ignored:
        line = re.sub(r"\([^)]*\)", "", sentence).strip().rstrip(".").strip()
        if not _KEYWORD_LINE.match(line):
            continue
        for part in re.split(r",\s*|\s+and\s+", line):
            low = part.strip().lower()
            for w in words:
                if low == w:
                    out.append((w, None))
                elif low.startswith(w + " from "):
                    out.append((w, low[len(w) + 6:].strip()))
    return out


# ---------------------------------------------------------------------- h3: delayed abilities


def _delayed_at_end(board: Board, state: GameState) -> GameState:
    """The delayed "at end of combat" abilities created in this combat (603.7,
    :class:`~redzone.models.triggers.types.AtEndOfCombat`; "sacrifice it at end of combat",
    "remove a +1/+1 counter from it at end of combat"), in the board's order of their
    sources, each followed by state-based actions (704.3). Each acts on the objects fixed as
    it was created, those still on the battlefield (603.7c); players and amounts are read
    now. The abilities that trigger on what they do (a creature sacrificed now dying) are not
    played: the end of combat step is the end of the play (docs/triggers.md). ``state``
    itself when there is none, else a copy."""
    todo = [(perm, d) for perm in board.permanents.values()
            for d in board_effects.delayed_of(perm)]
    if not todo:
        return state
    state = state.copy()
    combat = getattr(board.scenario, "combat", None)
    attackers = dict(getattr(combat, "attackers", None) or {})
    play = _Play(board, state, attackers, {}, first_choice)
    for perm, (text, j, trigger, target, fixed) in todo:
        ability = next((t for t in parse_triggers(text, _names(perm))
                        if j < len(t.effects) and isinstance(t.effects[j], AtEndOfCombat)), None)
        if ability is None:
            continue
        delayed = ability.effects[j]
        assert isinstance(delayed, AtEndOfCombat)
        f = Fired(perm.id, perm.controller, ability, trigger)
        chosen = {"target": target} if target is not None else {}
        for inner, ids in zip(delayed.effects, fixed):
            if ids is None:
                play.effect(f, inner, chosen)
                continue
            for pid in ids:
                if pid in board.permanents and state.on_battlefield(pid):  # 603.7c: gone, not affected
                    play.effect(Fired(perm.id, perm.controller, ability, pid),
                                dataclasses.replace(inner, who=Who("trigger")), {})  # type: ignore[arg-type]
        state_based_actions(play.board, state)
    return state
