"""What the parts of one AI game share: the facts of its board, worked out once when the
game is built (:class:`Facts`), and the status of its search (:class:`Status`).

Every part of :class:`redzone.solver.ai.search.Game` receives these two objects; none reads
another part's fields. How the facts are used is in docs/ai.md ("The search's parts").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from redzone.models import block_problem as bp_mod
from redzone.models.abilities import (
    AssignsToughness,
    TappedCanBlock,
    BlockTax,
    Conditional,
    CantGetCounters,
    CantHaveCounters,
    DamageAsCounters,
    DamageCantBePrevented,
    DamageModifier,
    Grant,
    LifeFloor,
    LifeGain,
    ModifyPT,
    PreventDamage,
    PreventDamageToPlayer,
    RedirectDamage,
    TriggersAdditionalTime,
)
from redzone.models.attack_problem import AttackProblem
from redzone.models.attack_rules import attack_problem
from redzone.models.block_rules import block_problems, uniform_block_rules
from redzone.models.board import Board
from redzone.models.evaluation import Evaluator, Weights
from redzone.models.layers import layer_reach, reaches_others
from redzone.models.outcome import GameState, state_based_actions
from redzone.solver.ai.position import next_player, symmetry_classes
from redzone.solver.ai.tree import _EMPTY, state_delta

if TYPE_CHECKING:
    from redzone.solver.ai.memo import Shared
    from redzone.solver.ai.search import Game

__all__ = ["Facts", "Spawn", "Status", "conditions_in_combat"]

# Abilities whose holder couples combat units (coupling_sources): grants, damage prevention
# and replacement, redirection, a life floor, damage by toughness, life gain rules (h4).
_COUPLING_ABILITIES = (Grant, DamageModifier, PreventDamage, PreventDamageToPlayer,
                       DamageCantBePrevented, RedirectDamage, LifeFloor, AssignsToughness,
                       LifeGain, DamageAsCounters,  # h38: Vigor's reaches other creatures
                       TriggersAdditionalTime,  # h38: Isshin's reaches every unit's triggers
                       CantHaveCounters, CantGetCounters)  # h38: Melira's reach other units

Reach = dict[str, dict[str, tuple[int, int] | None]]
"""Permanent id -> what its leaving changes in others' power and toughness
(:func:`redzone.models.layers.layer_reach`; ``None``: something else than P/T)."""


class Spawn(Protocol):
    """Makes another game of the same question (:meth:`redzone.solver.ai.search.Game.spawn`):
    the crack-back's next turn, the board left after a departure."""

    def __call__(self, board: Board, lookahead: int, shared: Shared | None = None, *,
                 attack_paid: bool = True, block_life: bool | None = None,
                 departed: Sequence[str] = ()) -> Game: ...


@dataclass
class Status:
    """The search's status, written by the parts of one game as it runs.

    - ``lookahead``: the horizon being searched (0 or 1); lowered to 0 while a block's value
      right after combat is taken (``Values.static_value``, the order's probe).
    - ``exact``: cleared by any part that can't prove what it found (a listing cut at
      ``BLOCK_BOUND``, a damage step too large to list, an unproved requirement maximum, a
      time limit): the answer is then ``feasible``.
    - ``killer``: (blocker, attacker) pairs of the best block found against the last attack
      searched, tried first against the next one (:meth:`Declarations.killer_block`).
    """

    lookahead: int
    exact: bool = True
    killer: set[tuple[str, str]] = field(default_factory=set)


def conditions_in_combat(board: Board, holders: frozenset[str]) -> frozenset[str]:
    """The permanents among ``holders`` (with an ability under a condition combat can change,
    611.3a) whose change may matter within this combat: one that may attack or block (an
    untapped creature, or one ``combat.attackers`` declares), one whose abilities under a
    condition reach other permanents (613.1, grants), one that is no creature, and one the
    end of a "gets +N/+M" under a condition may leave with lethal damage or 0 toughness
    (704.5f-g). A tapped creature outside combat with none of these changes only the value
    of the position after combat (read whole by the evaluation, 613) and the next turn."""
    if not holders:
        return holders
    combat = getattr(board.scenario, "combat", None)
    declared = set(getattr(combat, "attackers", None) or ())
    out = set()
    for h in holders:
        p = board.permanents[h]
        inner = [x for a in (p.conditional.abilities if p.conditional is not None else ())
                 if isinstance(a, Conditional) for x in a.abilities]
        bonus = sum(max(x.toughness, 0) for x in inner if isinstance(x, ModifyPT))
        if (not p.is_creature or not p.tapped or h in declared or any(reaches_others(x) for x in inner)
                or (p.toughness or 0) - bonus <= p.damage):
            out.add(h)
    return frozenset(out)


def coupling_sources(board: Board) -> set[str]:
    """Permanents whose leaving the battlefield mid-combat could change another unit's
    damage: grantors (611.3), holders of damage prevention or replacement, of damage
    redirection (Pariah, Palisade Giant), of a life floor (Worship: not additive over
    units) and of "assigns combat damage equal to its toughness" (Doran)."""
    out: set[str] = set()
    for perm in board.permanents.values():
        for a in perm.abilities:
            if isinstance(a, _COUPLING_ABILITIES):
                out.add(perm.id)
                if perm.attached_to:
                    out.add(perm.attached_to)
    return out


def relayer_facts(board: Board, layer_sources: Set[str]) -> tuple[Reach, frozenset[str]]:
    """(what each permanent's leaving would change in the others' characteristics,
    :func:`redzone.models.layers.layer_reach`; the creatures that leaving may leave with
    0 toughness or less, 704.5f: their toughness less all that every permanent reaching
    them gives is 0 or less, or something else may change). Both empty on a board with
    no such effect (then nothing that reads them costs anything)."""
    if not layer_sources:
        return {}, frozenset()
    reach = layer_reach(board)
    drop: dict[str, int | None] = {}
    for changes in reach.values():
        for pid, d in changes.items():
            old = drop.get(pid, 0)
            drop[pid] = None if d is None or old is None else old + max(d[1], 0)
    perms = board.permanents
    frail = frozenset(pid for pid, d in drop.items() if perms[pid].is_creature and (
        d is None or (perms[pid].toughness or 0) - d <= 0))
    return reach, frail


def next_may_pass(board: Board) -> bool:
    """Whether the next player may always declare no attack after this combat: no
    attack requirement (508.1d) among their creatures or aimed at them now (the
    crack-back board has a subset of these permanents and no scenario effects)."""
    # (A player already at 0 life has lost: 704.5a; they take no turn.)
    player = next_player(board, {p.name for p in board.players if p.life <= 0})
    if player is None:
        return False
    view = dataclasses.replace(board, active_player=player, _grants=None, _index=None)
    return not attack_problem(view).requirements


@dataclass(frozen=True)
class Facts:
    """The facts of one game's board, worked out once (:meth:`of`) and read by every part.

    Values are perspective milli-points; ``sign`` is +1 when the perspective attacks. Sets
    are read-only by convention (the parts never change them)."""

    board: Board
    perspective: str
    weights: Weights
    ap: str
    """The attacking (active) player."""
    sign: int
    conditional: bool
    """Some ability is under a condition decided again on the next turn's board (611.3a):
    neither keyword parts nor units' games are shared between the question's games."""
    base: GameState
    """The state before combat (its ``lost`` lists players who left before it)."""
    classes: dict[str, int]
    """Symmetry classes (:func:`redzone.solver.ai.position.symmetry_classes`)."""
    pos: dict[str, int]
    """Permanent id -> its place on the board."""
    problem: AttackProblem
    attack_paid: bool
    """Whether the declaration's life costs are paid in this game (``False`` for
    ``choose_blocks``: the attackers were declared and paid for before the question)."""
    block_life: bool
    """Whether a block can cost life here (a block tax with Phyrexian mana, 509.1d)."""
    no_blockers: bool
    """No defending player controls an untapped creature (509.1a)."""
    coupling: set[str]
    """:func:`coupling_sources`."""
    layer_sources: frozenset[str]
    """Permanents with effects of the layers (:attr:`Evaluator.layer_sources`)."""
    conditions: frozenset[str]
    """Abilities under a condition combat can change that may matter in it
    (:func:`conditions_in_combat`): the combat is then one unit played with the players'
    life as it is, the conditions decided again after each step."""
    reach: Reach
    frail: frozenset[str]
    """:func:`relayer_facts`."""
    non_additive: bool
    """A life floor (Worship) or redirection (Pariah) makes the units' results not add up:
    the combat is one unit."""
    static_sources: set[str]
    """Coupling sources on the battlefield whose own abilities couple (kept on every unit's
    board)."""
    restrict: bool
    """No state-based action is pending before combat: units may be played on boards of
    their own combatants."""
    mana_w: float
    strikes_first: set[str]
    vigilant: set[str]
    players: set[str]
    two: bool
    commander: bool
    """A Commander game with commander damage to count (903.10a, 704.6c): the units'
    deltas carry it and the bounds that know only life and poison stand aside."""
    opponents: list[str]
    base_life: dict[str, int]
    base_poison: dict[str, int]
    base_perm: int
    """The permanents' part of the evaluation, and the opponents who left the game before
    this board (a crack-back board after a player lost: 104.5, 800.4a), which count the
    same in every position: what the units' totals start from."""
    crack_back_bounded: bool
    """Lookahead 1 and the next player may always not attack (:func:`next_may_pass`): a
    block's value right after combat bounds its value after the crack-back from above."""
    uniform: bp_mod.BlockProblem | None
    """The block problem of every creature that may attack, when
    :func:`uniform_block_rules` lets each attack's problem be cut down from it."""
    uniform_attackers: set[str]
    share_ctx: tuple[Any, ...] | None
    """The context under which units' damage games are shared between the question's
    games (``None``: not shared)."""

    @classmethod
    def of(cls, board: Board, perspective: str, weights: Weights, lookahead: int, ev: Evaluator,
           *, conditional: bool, attack_paid: bool = True, block_life: bool | None = None) -> Facts:
        """The facts of ``board`` for a game seen from ``perspective`` with ``lookahead``
        (0 or 1) and its evaluator ``ev``. ``block_life``: ``None`` to read it from the
        board's block taxes."""
        ap = board.active_player
        base = GameState.from_board(board)
        problem = attack_problem(board)
        if block_life is None:
            block_life = any(getattr(a, "phyrexian", None) for a, _ in board.abilities_of_kind(BlockTax))
        coupling = coupling_sources(board)
        layer_sources = ev.layer_sources
        reach, frail = relayer_facts(board, layer_sources)
        pending = base.copy()
        state_based_actions(board, pending)
        kw = board.has_keyword
        creatures = [p for p in board.permanents.values() if p.is_creature]
        opponents = [p.name for p in board.players if p.name != ap]
        two = len(board.players) == 2
        non_additive = bool(board.abilities_of_kind((LifeFloor, RedirectDamage, LifeGain)))
        uniform: bp_mod.BlockProblem | None = None
        if uniform_block_rules(board):
            every = {c: opponents[0] for c in problem.creatures if problem.allowed.get(c)}
            if every:
                uniform = block_problems(board, every)[0]
        restrict = state_delta(base, pending) == _EMPTY and not pending.lost
        scenario = board.scenario
        combat = getattr(scenario, "combat", None)
        share_ctx = None
        if (two and restrict and not non_additive and not board.has_combat_effects
                and not conditional
                and not getattr(scenario, "effects", None) and not getattr(combat, "bands", None)):
            order: Mapping[str, Any] = getattr(combat, "damage_order", None) or {}
            share_ctx = (perspective, ap, bool(coupling), board.rules,
                         tuple(sorted((k, tuple(v)) for k, v in order.items())))
        return cls(
            board=board, perspective=perspective, weights=weights, ap=ap,
            sign=1 if ap == perspective else -1, conditional=conditional, base=base,
            classes=symmetry_classes(board), pos={pid: i for i, pid in enumerate(board.permanents)},
            problem=problem, attack_paid=attack_paid, block_life=block_life,
            no_blockers=not any(p.is_creature and p.controller != ap and (
                                    not p.tapped or board.abilities_affecting(p, TappedCanBlock))
                                for p in board.permanents.values()),
            coupling=coupling, layer_sources=layer_sources,
            conditions=conditions_in_combat(board, ev.condition_sources),
            reach=reach, frail=frail, non_additive=non_additive,
            static_sources={pid for pid in coupling if pid in board.permanents
                            and any(isinstance(a, _COUPLING_ABILITIES)
                                    for a in board.permanents[pid].abilities)},
            restrict=restrict, mana_w=weights.mana,
            strikes_first={p.id for p in creatures if kw(p, "first strike") or kw(p, "double strike")},
            vigilant={p.id for p in creatures if kw(p, "vigilance")},
            players={p.name for p in board.players}, two=two,
            commander=bool(base.commander_damage), opponents=opponents,
            base_life={p.name: p.life for p in board.players},
            base_poison={p.name: p.poison for p in board.players},
            base_perm=sum(ev.permanent_score(pid) for pid in board.permanents) + ev.departed_part,
            crack_back_bounded=lookahead == 1 and next_may_pass(board),
            uniform=uniform,
            uniform_attackers=set(uniform.attackers) if uniform is not None else set(),
            share_ctx=share_ctx)
