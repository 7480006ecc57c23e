"""The combat game the AI plays (issue 9), as a searchable object: legal declarations from
the rules code, combat damage resolved by the outcome code, the evaluation, the crack-back.

One :class:`Game` is built per question (``choose_attack`` / ``choose_blocks`` and each
crack-back position). Values are integers in milli-points from the point of view of one
player P (the *perspective*, :class:`redzone.models.evaluation.Evaluator`); the attacking
player of the board maximises ``sign * value`` with ``sign = +1`` when P attacks, ``-1``
otherwise, and the defending players minimise it (two-player zero-sum, perfect information,
no spells or abilities during combat).

How a combat is valued (the game of ``docs/ai.md``):

1. the attacking player picks a legal declaration of attackers (CR 508.1; every
   declaration comes from :func:`redzone.models.attack_rules.attack_problem` and is legal
   by :mod:`redzone.solver.attack` or the definitions of :mod:`redzone.models.attack_problem`);
2. the defending players pick a legal block (CR 509.1, per player 802.4; from
   :func:`redzone.models.block_rules.block_problems` and :mod:`redzone.models.block_problem`);
3. each combat damage step (510.4): the attacking player picks its assignment, then the
   defending players theirs (510.1, banding 702.22j-k), among the legal assignments of
   :mod:`redzone.models.damage_problem`; the damage is dealt and state-based actions
   performed by :mod:`redzone.models.outcome` (510.2-3, 704);
4. lookahead 1: the next player then attacks (lookahead 0) with what is untapped: the
   attacking player's creatures that attacked stay tapped unless they have vigilance
   (302.6, 502.3, 702.20b); the next player's permanents untap (502.3), marked damage is gone
   (514.2) and this turn's scenario effects end.

Speed without changing the answer: *units* — attackers and the creatures blocking them fall
into independent groups (no shared blocker, planeswalker or battle) whose damage is resolved
once and cached, then combined; identical creatures (same characteristics, no effect naming
them) are interchangeable, so only one declaration per multiset of choices is searched;
alpha-beta cut-offs over declarations and blocks. At lookahead 1 a block's value right
after combat bounds its value after the crack-back from above (the next player may always
not attack), so blocks are valued without the crack-back first: one at or below the bound
to beat refutes the attack at once, and the rest are searched best-first; the crack-back is
searched with the window that matters (fail-soft alpha-beta), its proved bounds memoised by
position, and the games of one question share their units' damage games (the same
combatants with the same characteristics play the same damage), the creatures' evaluation
parts and the next player's best attack (tried first in the next position). On
boards of keywords only, a block's value right after combat is bounded from below without
playing its blocked attackers' damage (:meth:`Game.static_floor`): at lookahead 1 only the
blocks whose bound doesn't settle the order get their value, at lookahead 0 a block whose
bound can't come below the best so far is skipped; a unit that differs from one already
played only by swapping identical creatures is that one renamed. Block problems
are cut down from the problem of every attacking creature when nothing in them depends on
the whole attack (:func:`redzone.models.block_rules.sub_block_problem`).
Whatever cannot be proved exact (a time limit, a damage step too large to list) makes the
search *inexact* and the answer ``feasible``.

Board views, the next turn's board and symmetry live in :mod:`redzone.solver.ai_board`; a
unit's outcome tree (leaves, choice nodes, merging) in :mod:`redzone.solver.ai_units`.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from redzone.models import attack_problem as ap_mod
from redzone.models import block_problem as bp_mod
from redzone.models.abilities import (
    AssignsToughness,
    BlockTax,
    DamageCantBePrevented,
    DamageModifier,
    Grant,
    LifeFloor,
    PreventDamage,
    PreventDamageToPlayer,
    LifeFloor,
    RedirectDamage,
    Toxic,
)
from redzone.models.attack_rules import attack_problem
from redzone.models.block_rules import block_problems, sub_block_problem, uniform_block_rules
from redzone.models.board import Board
from redzone.models.damage_problem import damage_violations
from redzone.models.damage_rules import damage_problem
from redzone.models.evaluation import Evaluator, Weights
from redzone.models.outcome import DamageEvent, GameState, deal_damage, state_based_actions
from redzone.solver.ai_board import (
    _block_options,
    _canonical_product,
    _free,
    next_player,
    next_turn_board,
    symmetry_classes,
    with_combat,
)
from redzone.solver.ai_units import _EMPTY, Leaf, Node, _dedupe, _flatten, _merge, _rename

INF = 1 << 62

# Abilities whose holder couples combat units (see Game._coupling_sources): grants, damage
# prevention and replacement, redirection, a life floor, damage by toughness.
_COUPLING_ABILITIES = (Grant, DamageModifier, PreventDamage, PreventDamageToPlayer,
                       DamageCantBePrevented, RedirectDamage, LifeFloor, AssignsToughness)

# Abilities that leave a creature's damage to a player unchanged and its characteristics
# as printed: keywords (their damage effects are read by Game._floor_parts), toxic,
# landwalk, protection, and the rules of who may attack or block (509.1b-c, 508.1c-d).
_FLOOR_SAFE = frozenset({
    "Keyword", "Toxic", "Landwalk", "Protection", "CantAttack", "CantAttackAlone",
    "CanOnlyAttackAlone", "CantAttackUnlessOthersAttack", "CantAttackUnlessGreaterPowerAttacks",
    "CantAttackUnlessDefenderControls", "AttackCap", "CantAttackYou", "AttackTax",
    "AttacksEachCombat", "MustBeAttacked", "CantAttackOwner", "CantBlock", "CantBlockAlone",
    "CantBlockUnlessOthersBlock", "CantBlockUnlessGreaterPowerBlocks", "BlockCap",
    "CanBlockOnlyFliers", "CanBlockAdditional", "CantBeBlocked", "CantBeBlockedBy",
    "CantBeBlockedByMoreThan", "CantBeBlockedExceptByAtLeast", "BlocksEachCombat",
    "MustBeBlocked", "AllMustBlock", "CantBeBlockedExceptBy", "CantBlockCreatures",
    "CantBeBlockedUnlessAllBlock", "CanBlockShadow", "BlockTax", "AttackOnlyNearestOpponent",
    "CanAttackDespiteDefender"})

BOOST = 1 << 40
"""Added to every life total (and taken from every poison count) while a unit's damage is
played alone, so that no player loses inside a unit."""

DAMAGE_BOUND = 4000
"""Most assignments listed for one damage step of one unit; beyond it the step is planned
by CP-SAT with the default objective (one legal assignment) and the answer is inexact."""

BLOCK_BOUND = 200_000
"""Most block declarations (after symmetry) listed for one defending player."""

ATTACK_BOUND = 200_000
"""Most attack declarations (after symmetry) listed."""


class Timeout(Exception):
    """The time limit expired."""


# ============================================================================ the game


@dataclass
class Principal:
    """The line the search found: attack, blocks, per-unit damage leaves, final state and
    value (perspective milli-points)."""

    attack: dict[str, str]
    blocks: dict[str, list[str]]
    leaves: list[Leaf]
    value: int


@dataclass
class Shared:
    """What the games of one question (the top game and its crack-back games) share.

    - ``memo``: crack-back position -> (lower, upper) bounds of its perspective value
      (equal when proved exact); a search with a window proves only a bound.
    - ``lines``: crack-back position -> the next player's best line (exact values only).
    - ``units``: a unit's damage game by what it reads (see :meth:`Game._unit_key`) ->
      (tree, flat leaves); the same combatants with the same characteristics play the same
      damage in every crack-back position.
    - ``killer``: the next player's best attack in the last crack-back position searched
      (tried first in the next one: good moves early make the cut-offs bite).
    """

    memo: dict[Any, tuple[int, int]] = dataclasses.field(default_factory=dict)
    lines: dict[Any, Principal | None] = dataclasses.field(default_factory=dict)
    units: dict[Any, tuple[Any, list[Leaf] | None]] = dataclasses.field(default_factory=dict)
    killer: dict[str, str] | None = None
    parts: dict[str, tuple[float, float]] | None = None
    """Creatures' keyword parts of the evaluation (:class:`Evaluator`), the same on every
    board of the question when nothing grants abilities (``None``: not shared)."""


class Game:
    """The combat game of ``board`` (see the module docstring).

    ``perspective``: the player whose evaluation the values are; ``weights``; ``lookahead``
    0 or 1; ``deadline``: a ``time.perf_counter()`` value or ``None``; ``shared``: what the
    games of one question share (:class:`Shared`; a new one when ``None``)."""

    def __init__(self, board: Board, perspective: str, weights: Weights, lookahead: int,
                 deadline: float | None, shared: Shared | None = None) -> None:
        self.board = board
        self.perspective = perspective
        self.weights = weights
        self.lookahead = lookahead
        self.deadline = deadline
        self.shared = shared if shared is not None else Shared()
        self.ap = board.active_player
        self.sign = 1 if self.ap == perspective else -1
        if self.shared.parts is None and lookahead == 1 and not board.abilities_of_kind(Grant):
            self.shared.parts = {}
        self.ev = Evaluator(board, perspective, weights, parts=self.shared.parts)
        self.base = GameState.from_board(board)
        self.classes = symmetry_classes(board)
        self.exact = True
        self._boost = 0
        self.nodes = 0
        self.partial = INF
        self.problem = attack_problem(board)
        self._units: dict[Any, Any] = {}
        self._flat: dict[int, list[Leaf] | None] = {}
        self._fixed: dict[Any, Any] = {}
        self._blocks: dict[Any, list[tuple[dict[str, list[str]], int]]] = {}
        self._problems: dict[Any, list[bp_mod.BlockProblem]] = {}
        self._floor_facts: tuple[bool, bool] | None = None
        self.found: tuple[int, tuple[dict[str, list[str]], list[Leaf]] | None] = (INF, None)
        self.attack_paid = True
        """Whether the declaration's life costs are paid in this game (``False`` for
        ``choose_blocks``: the attackers were declared and paid for before the question)."""
        self._pay_leaves: dict[Any, Leaf] = {}
        # Whether a block can cost life here (a block tax with Phyrexian mana, 509.1d);
        # without one, :meth:`life_paid` does not look at the block problems.
        self._block_life = any(getattr(a, "phyrexian", None) for a, _ in board.abilities_of_kind(BlockTax))
        self._seen_attack: tuple[Any, tuple[Any, bool]] | None = None
        self._seen_tapped: tuple[Any, tuple[str, ...]] | None = None
        self._seen_blockless: tuple[Any, bool] | None = None
        self._floor_cache: Any = False
        self._harm: dict[str, int] = {}
        self._gain: dict[str, int] = {}
        self._iso: dict[Any, tuple[tuple[str, ...], Any]] = {}
        self._pos = {pid: i for i, pid in enumerate(board.permanents)}
        self._plain: bool | None = None
        self._no_blockers = not any(p.is_creature and not p.tapped and p.controller != self.ap
                                    for p in board.permanents.values())
        self._coupling = self._coupling_sources()
        self._layer_sources = self.ev.layer_sources
        # Effects that make the units' results not add up: a life floor (Worship: two units
        # of 4 against 6 life leave 1, not -2) and redirection (Pariah, Palisade Giant: damage
        # from several units lands on one creature). With one, the combat is one unit.
        self._non_additive = bool(board.abilities_of_kind((LifeFloor, RedirectDamage)))
        self._static_sources = {pid for pid in self._coupling if pid in board.permanents
                                and any(isinstance(a, _COUPLING_ABILITIES)
                                        for a in board.permanents[pid].abilities)}
        pending = self.base.copy()
        state_based_actions(board, pending)
        self._restrict = self._delta(pending) == _EMPTY and not pending.lost
        self._mana_w = weights.mana
        kw = board.has_keyword
        creatures = [p for p in board.permanents.values() if p.is_creature]
        self._strikes_first = {p.id for p in creatures if kw(p, "first strike") or kw(p, "double strike")}
        self._vigilant = {p.id for p in creatures if kw(p, "vigilance")}
        self._players = {p.name for p in board.players}
        self._two = len(board.players) == 2
        self._opponents = [p.name for p in board.players if p.name != self.ap]
        self._base_life = {p.name: p.life for p in board.players}
        self._base_poison = {p.name: p.poison for p in board.players}
        self._base_perm = sum(self.ev.permanent_score(pid) for pid in board.permanents)
        self._killer: set[tuple[str, str]] = set()
        self._crack_back_bounded = lookahead == 1 and self._next_may_pass()
        self._uniform: bp_mod.BlockProblem | None = None
        if uniform_block_rules(board):
            every = {c: self._opponents[0] for c in self.problem.creatures if self.problem.allowed.get(c)}
            if every:
                self._uniform = block_problems(board, every)[0]
        self._uniform_attackers = set(self._uniform.attackers) if self._uniform is not None else set()
        scenario = board.scenario
        combat = getattr(scenario, "combat", None)
        self._share_ctx: Any = None
        if (self._two and self._restrict and not self._non_additive and not board.has_combat_effects
                and not getattr(scenario, "effects", None) and not getattr(combat, "bands", None)):
            order = getattr(combat, "damage_order", None) or {}
            self._share_ctx = (perspective, self.ap, bool(self._coupling), board.rules,
                               tuple(sorted((k, tuple(v)) for k, v in order.items())))

    # ------------------------------------------------------------------ time

    def tick(self) -> None:
        self.nodes += 1
        if self.deadline is not None and (self.nodes & 15) == 0 and time.perf_counter() > self.deadline:
            raise Timeout

    # ------------------------------------------------------------------ attacks

    def attack_candidates(self) -> list[tuple[dict[str, str], int]]:
        """Every legal declaration of attackers (CR 508.1), one per multiset of choices of
        identical creatures, with its mana cost: (declaration, cost)."""
        p = self.problem
        creatures = [c for c in dict.fromkeys(p.creatures) if p.allowed.get(c)]
        options = [[None, *dict.fromkeys(p.allowed[c])] for c in creatures]
        free = not p.restrictions and not p.requirements and not p.costs
        out: list[tuple[dict[str, str], int]] = []
        if free:
            # No restriction, requirement or cost (508.1c-d, h): every choice of allowed
            # pairs is legal.
            try:
                for idx in _canonical_product(creatures, options, self.classes, ATTACK_BOUND):
                    out.append(({c: options[i][k] for i, (c, k) in enumerate(zip(creatures, idx)) if k},
                                0))
            except OverflowError:
                self.exact = False
            return out
        from redzone.solver.attack import enumerate_attacks

        en = enumerate_attacks(p, limit=ATTACK_BOUND)
        if not en.complete:
            self.exact = False
        seen: set[Any] = set()
        for d in en.declarations:
            key = self._attack_key(d)
            if key in seen:
                continue
            seen.add(key)
            out.append((dict(d), ap_mod.cost_of(p, d)))
        return out

    def _attack_key(self, d: Mapping[str, str]) -> Any:
        """A declaration up to swapping identical creatures."""
        return tuple(sorted((self.classes.get(c, -1), c if c not in self.classes else "", t)
                            for c, t in d.items()))

    # ------------------------------------------------------------------ blocks

    def block_candidates(self, attack: Mapping[str, str]) -> Iterator[tuple[dict[str, list[str]], int]]:
        """Every legal block of the defending players against ``attack`` (CR 509.1, each
        player on their own, 802.4), one per multiset of choices of identical creatures,
        with its mana cost: (declaration, cost). Generated lazily when nothing restricts,
        requires or taxes blocks (every choice is then legal); the best block found for the
        previous attack (restricted to this one) comes first, so cut-offs come early."""
        key = self.attack_facts(attack)[0]
        got = self._blocks.get(key)
        if got is not None:
            yield from got
            return
        problems = self.block_problems(attack)
        if len(problems) == 1:
            problem = problems[0]
            check = self._block_filter(problem)
            killer: dict[str, list[str]] = {}
            for b, a in sorted(self._killer):
                if a in problem.allowed.get(b, ()) and b not in killer:
                    killer[b] = [a]
            if killer:
                cost = check(killer)
                if cost is not None:
                    yield killer, cost
            blockers, options = _block_options(problem)
            try:
                for idx in _canonical_product(blockers, options, self.classes, BLOCK_BOUND):
                    d = {b: list(options[i][k]) for i, (b, k) in enumerate(zip(blockers, idx)) if k}
                    cost = check(d)
                    if cost is not None:
                        yield d, cost
            except OverflowError:
                self.exact = False
            return
        per_player: list[list[tuple[dict[str, list[str]], int]]] = []
        for problem in problems:
            per_player.append(self._player_blocks(problem))
        out: list[tuple[dict[str, list[str]], int]] = []
        for combo in itertools.product(*per_player):
            d: dict[str, list[str]] = {}
            cost = 0
            for part, c in combo:
                d.update(part)
                cost += c
            out.append((d, cost))
        self._blocks[key] = out
        yield from out

    def attack_facts(self, attack: Mapping[str, str]) -> tuple[Any, bool]:
        """(the declaration as a sorted tuple, whether an attacker has first or double
        strike), kept for the last declaration object asked about: the search asks once per
        block (a swarm of 70 attackers made sorting it the cost of a block)."""
        seen = self._seen_attack
        if seen is not None and seen[0] is attack:
            return seen[1]
        facts = (tuple(sorted(attack.items())), not self._strikes_first.isdisjoint(attack))
        self._seen_attack = (attack, facts)
        return facts

    def block_problems(self, attack: Mapping[str, str]) -> list[bp_mod.BlockProblem]:
        """:func:`redzone.models.block_rules.block_problems` for ``attack``, built once per
        attack; ``[]`` when no defending player controls an untapped creature (509.1a: only
        untapped creatures block, so no block is possible and none is required); when
        :func:`uniform_block_rules` holds, cut down from the problem of every creature that
        may attack (:func:`sub_block_problem`) instead of read from the abilities again."""
        key = self.attack_facts(attack)[0]
        got = self._problems.get(key)
        if got is None:
            if self._no_blockers or not attack:
                got = []
            elif self._uniform is None or not self._uniform_attackers.issuperset(attack):
                got = block_problems(self.board, dict(attack))
            else:
                got = [sub_block_problem(self._uniform, list(attack))]
            self._problems[key] = got
        return got

    def _block_filter(self, problem: bp_mod.BlockProblem) -> Any:
        """A function block -> its cost if it is legal, else ``None`` (CR 509.1b-d): no
        restriction broken (:func:`redzone.models.block_problem.restriction_violations`),
        cost within the mana, at least M requirements obeyed, M from the block solver
        (:func:`redzone.solver.block.maximum_block_requirements`; an unproved M makes the
        search inexact)."""
        if _free(problem):
            return lambda d: 0
        maximum = 0
        if problem.requirements:
            from redzone.solver.block import maximum_block_requirements

            maximum, proved = maximum_block_requirements(problem)
            if not proved:
                self.exact = False
        restricted = bool(problem.restrictions)
        taxed = bool(problem.blocker_costs or problem.pair_costs)
        life_taxed = bool(problem.blocker_life_costs or problem.pair_life_costs)
        mana = problem.mana

        def check(d: dict[str, list[str]]) -> int | None:
            if restricted and bp_mod.restriction_violations(problem, d):
                return None
            cost = bp_mod.cost_of(problem, d) if taxed else 0
            if cost > mana:
                return None
            if life_taxed and not bp_mod.can_pay_life(problem, bp_mod.life_cost_of(problem, d)):
                return None  # 119.4: Phyrexian mana paid with life, at most the life total
            if maximum and bp_mod.obeyed_count(problem, d) < maximum:
                return None
            return cost

        return check

    def _player_blocks(self, problem: bp_mod.BlockProblem) -> list[tuple[dict[str, list[str]], int]]:
        blockers, options = _block_options(problem)
        free = _free(problem)
        rows: list[dict[str, list[str]]] = []
        try:
            for idx in _canonical_product(blockers, options, self.classes, BLOCK_BOUND):
                rows.append({b: list(options[i][k]) for i, (b, k) in enumerate(zip(blockers, idx)) if k})
        except OverflowError:
            self.exact = False
        if free:
            # No restriction, requirement or cost (509.1b-d): every choice is legal.
            return [(d, 0) for d in rows]
        # CR 509.1c-d: M over free restriction-legal blocks; then the legal ones. The rules
        # are symmetric in identical creatures, so M over one block per multiset is M.
        judged = []
        maximum = 0
        for d in rows:
            legal = not bp_mod.restriction_violations(problem, d)
            cost = bp_mod.cost_of(problem, d)
            obeyed = bp_mod.obeyed_count(problem, d)
            judged.append((d, legal, cost, obeyed))
            if legal and cost == 0:
                maximum = max(maximum, obeyed)
        return [(d, cost) for d, legal, cost, obeyed in judged
                if legal and cost <= problem.mana and obeyed >= maximum]

    # ------------------------------------------------------------------ units

    def _coupling_sources(self) -> set[str]:
        """Permanents whose leaving the battlefield mid-combat could change another unit's
        damage: grantors (611.3), holders of damage prevention or replacement, of damage
        redirection (Pariah, Palisade Giant), of a life floor (Worship: not additive over
        units) and of "assigns combat damage equal to its toughness" (Doran)."""
        out: set[str] = set()
        board = self.board
        for perm in board.permanents.values():
            for a in perm.abilities:
                if isinstance(a, _COUPLING_ABILITIES):
                    out.add(perm.id)
                    if perm.attached_to:
                        out.add(perm.attached_to)
        return out

    def units(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> list[Any]:
        """The combat split into independent units: attackers joined when a creature blocks
        both or they attack the same planeswalker or battle; each with its blockers. One
        unit for everything when a combatant (an attacking or blocking creature, an attacked
        planeswalker or battle) could change another unit's damage, or with several
        defending players and a first-strike step."""
        attackers = list(attack)
        bands = getattr(getattr(self.board.scenario, "combat", None), "bands", None) or ()
        if bands:
            # 702.22h: a creature blocking one creature of a band blocks all of it.
            band_of = {a: tuple(band) for band in bands if all(x in attack for x in band)
                       for a in band}
            blocks = {b: list(dict.fromkeys(x for a in lst for x in band_of.get(a, (a,))))
                      for b, lst in blocks.items()}
        players = self._players
        coupling = self._coupling
        coupled = bool(coupling) and (not coupling.isdisjoint(attack)
                                      or not coupling.isdisjoint(attack.values())
                                      or any(b in coupling for b, a in blocks.items() if a))
        # Combat-dependent power/toughness (506.4, 611.3a) reads the whole combat.
        coupled = coupled or self.board.has_combat_effects or self._non_additive
        if coupled or (not self._two and (self._first_strike(set(attack))
                                          or self._first_strike({b for b, a in blocks.items() if a}))):
            return [(tuple(sorted(attack.items())),
                     tuple(sorted((b, tuple(a)) for b, a in blocks.items() if a)))]
        others = [t for t in attack.values() if t not in players]
        if len(set(others)) == len(others) and all(len(lst) <= 1 for lst in blocks.values()):
            # One unit per attacker (no creature blocks two, no shared planeswalker/battle).
            by: dict[str, list[str]] = {}
            for b, lst in blocks.items():
                if lst:
                    by.setdefault(lst[0], []).append(b)
            return [(((a, t),), tuple((b, (a,)) for b in sorted(by[a])) if a in by else ())
                    for a, t in attack.items()]
        parent = {a: a for a in attackers}

        def find(x: str) -> str:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        owner: dict[str, str] = {}
        for a, t in attack.items():
            if t in players:
                continue
            if t in owner:
                parent[find(a)] = find(owner[t])
            else:
                owner[t] = a
        for b, lst in blocks.items():
            for x, y in zip(lst, lst[1:]):
                parent[find(x)] = find(y)
        groups: dict[str, list[str]] = {}
        for a in attackers:
            groups.setdefault(find(a), []).append(a)
        out = []
        for members in groups.values():
            ms = set(members)
            out.append((tuple(sorted((a, attack[a]) for a in members)),
                        tuple(sorted((b, tuple(lst)) for b, lst in blocks.items() if lst and lst[0] in ms))))
        return out

    def _fixed_part(self, attack: Mapping[str, str], steps: tuple[str, ...]
                    ) -> tuple[Leaf | None, dict[str, str]] | None:
        """Attackers no creature can block (509.1a-b) whose damage involves no choice are
        the same in every block: their units are merged once per attack into one leaf.
        Returns (that leaf or ``None``, the other attackers), or ``None`` when the combat
        is one unit anyway (see :meth:`units`)."""
        key = (self.attack_facts(attack)[0], steps)
        if key in self._fixed:
            return self._fixed[key]
        out: tuple[Leaf | None, dict[str, str]] | None = None
        # A coupling source among the combatants may leave in the first-strike step and end
        # its effect for the regular one (a blocker or an attacked planeswalker with "prevent
        # all combat damage that would be dealt to you" dying to a first striker): the
        # unblockable attackers' damage then depends on the blocks.
        coupling = self._coupling
        coupled = (bool(coupling) and (not coupling.isdisjoint(attack)
                                       or not coupling.isdisjoint(attack.values())
                                       or any(not coupling.isdisjoint(p.blockers)
                                              for p in self.block_problems(attack)))
                   ) or self._non_additive
        bands = getattr(getattr(self.board.scenario, "combat", None), "bands", None)
        if self._two and not coupled and not bands and not self.board.has_combat_effects:
            blockable = {a for p in self.block_problems(attack)
                         for b in p.blockers for a in p.allowed.get(b, ())}
            others = [t for t in attack.values() if t not in self._players]
            shared = {t for t in others if others.count(t) > 1}
            fixed: list[Leaf] = []
            rest: dict[str, str] = {}
            for a, t in attack.items():
                if a in blockable or t in shared:
                    rest[a] = t
                    continue
                tree = self.unit_tree((((a, t),), ()), steps)
                if isinstance(tree, Leaf):
                    fixed.append(tree)
                else:
                    rest[a] = t
            if len(fixed) > 1:
                merged = _merge(fixed)
                self._flat[id(merged)] = [merged]
                out = (merged, rest)
            elif fixed:
                out = (fixed[0], rest)
        self._fixed[key] = out
        return out

    def _first_strike(self, combatants: set[str]) -> bool:
        return not self._strikes_first.isdisjoint(combatants)

    def unit_tree(self, unit: Any, steps: tuple[str, ...]) -> Any:
        """The damage game of one unit (cached): a :class:`Node` / :class:`Leaf` tree."""
        key = (unit, steps)
        got = self._units.get(key)
        if got is None:
            attack = dict(unit[0])
            blocks = {b: list(a) for b, a in unit[1]}
            shared_key = self._unit_key(unit, steps, attack, blocks)
            hit = self.shared.units.get(shared_key) if shared_key is not None else None
            if hit is not None:
                got, flat = hit
                self._units[key] = got
                self._flat[id(got)] = flat
                return got
            iso = self._iso_key(unit, steps)
            if iso is not None:
                seen = self._iso.get(iso[0])
                if seen is not None:
                    got = _rename(seen[1], dict(zip(seen[0], iso[1])))
                    self._units[key] = got
                    self._flat[id(got)] = _flatten(got)
                    if shared_key is not None:
                        self.shared.units[shared_key] = (got, self._flat[id(got)])
                    return got
            board = self._unit_board(attack, blocks)
            start = self.base.copy()
            self._boost = 0
            if (self._two or len(steps) == 1) and not self._non_additive:
                # Units are played apart, so no player may lose inside one (a player losing
                # would stop damage to them, 800.4a, that other units' lifelink may undo):
                # life and poison are shifted out of reach and judged when units are
                # combined (:meth:`combine`, :meth:`fast_score`). Not with a life floor
                # (Worship) or redirection: the combat is then one unit, played as it is.
                self._boost = BOOST
                for p in start.life:
                    start.life[p] += BOOST
                    start.poison[p] -= BOOST
            got = self._step(board, steps, 0, start, [], None, ())
            if iso is not None:
                self._iso[iso[0]] = (iso[1], got)
            self._units[key] = got
            self._flat[id(got)] = _flatten(got)
            if shared_key is not None:
                self.shared.units[shared_key] = (got, self._flat[id(got)])
        return got

    def _iso_key(self, unit: Any, steps: tuple[str, ...]) -> tuple[Any, tuple[str, ...]] | None:
        """(a key, the unit's creatures in board order) such that two units of this game
        with the same key differ only by swapping identical creatures (same class of
        :func:`symmetry_classes`: swapping them maps the game onto itself) in a way that
        keeps both the board's order and the order of ids, so that one unit's damage game
        is the other's with the ids renamed (:func:`_rename`), children in the same order;
        ``None`` when that is not guaranteed: unless two players, units played on
        restricted boards with nothing coupling them (:meth:`_unit_key`'s conditions), no
        damage assignment order given, and the creatures' board order is their id order."""
        if self._share_ctx is None or self._coupling or self._share_ctx[4]:
            return None
        pos = self._pos
        ids = sorted({a for a, _ in unit[0]} | {b for b, _ in unit[1]}, key=pos.__getitem__)
        if ids != sorted(ids):
            return None
        at = {x: i for i, x in enumerate(ids)}
        cls = self.classes
        key = (steps, tuple(cls.get(x, x) for x in ids),
               tuple((at[a], t) for a, t in unit[0]),
               tuple((at[b], tuple(at[x] for x in lst)) for b, lst in unit[1]))
        return key, tuple(ids)

    def _unit_key(self, unit: Any, steps: tuple[str, ...], attack: Mapping[str, str],
                  blocks: Mapping[str, list[str]]) -> Any:
        """What a unit's damage game reads, as a key shared by the games of one question
        (``None``: not shared): the unit and its steps, the permanents of its board
        (:meth:`_unit_board`) with every field the next turn's board may change (power,
        toughness, damage, counters, loyalty, defense, tapped, and what the layers may
        change when a permanent whose effects reached them has left: types, colours and
        abilities lost, 611.3a, 613), and the game's context (perspective, active player,
        whether any permanent couples units; a grantor is kept on every unit board, so one
        that left changes the key). Printed abilities are those of the one board the
        question started from (:func:`next_turn_board` keeps them). Shared only between
        two-player games whose unit boards are restricted (their life and poison are
        shifted out of reach, so the players' totals don't matter) with no scenario effects
        or bands, and no life floor or redirection (whose units are played on the whole
        board as it is)."""
        ctx = self._share_ctx
        if ctx is None:
            return None
        perms = self.board.permanents
        sig = tuple((pid, p.controller, p.power, p.toughness, p.damage,
                     tuple(sorted(p.counters.items())), p.loyalty, p.defense, p.tapped,
                     p.types, p.subtypes, p.colors, p.lost_abilities_at, p.lost_keywords)
                    for pid in sorted(self._unit_keep(attack, blocks)) if (p := perms.get(pid)) is not None)
        return (ctx, unit, steps, sig)

    def _unit_keep(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> set[str]:
        """The ids a unit's board keeps (see :meth:`_unit_board`)."""
        keep = set(attack) | set(attack.values()) | set(blocks) | self._static_sources
        keep |= {p.id for p in self.board.permanents.values() if p.attached_to in keep}
        return keep

    def _unit_board(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> Board:
        """The board a unit's damage is played on: its combatants, what they attack, what
        is attached to them, and every permanent whose static abilities can change damage
        (grants, prevention, replacement); the others can't be affected by this unit's
        damage, so state-based actions need not look at them (704.3). The whole board
        when the starting position has a state-based action pending."""
        if not self._restrict or self.board.has_combat_effects or self._non_additive:
            # (A life floor looks at creatures outside combat: Worship's "if you control a
            # creature".)
            return with_combat(self.board, attack, blocks)
        keep = self._unit_keep(attack, blocks)
        perms = {pid: p for pid, p in self.board.permanents.items() if pid in keep}
        view = with_combat(self.board, attack, blocks)
        return dataclasses.replace(view, permanents=perms, _grants=None, _index=None)

    def _assignments(self, problem: Any, last: bool) -> list[dict[str, dict[str, int]]]:
        """Every legal assignment of the step (510.1, 702.19, 702.2c, old 510.1c-d) — one
        per class of assignments with the same result when that is safe (see
        :meth:`_classes`) — or one planned by CP-SAT (inexact) when there are more than
        :data:`DAMAGE_BOUND`. ``last``: no damage step follows in this combat."""
        from redzone.solver.reference import all_damage_assignments, damage_search_space

        if damage_search_space(problem) > DAMAGE_BOUND:
            from redzone.solver.damage import plan_damage_step

            self.exact = False
            return [plan_damage_step(problem).assignment]
        classify = self._classes(problem) if last else None
        if classify is None:
            return [a for a in all_damage_assignments(problem, bound=DAMAGE_BOUND)
                    if not damage_violations(problem, a)]
        # A class is one part per source (its entries name the source), so the classes
        # of a step are the products of each source's parts, and the first assignment
        # of a class in listing order (itertools.product over the sources' splits) is made
        # of each source's first split of its class: the classes are walked in that very
        # order, one assignment each, without listing the others.
        from redzone.solver.reference import _compositions

        thresholds = self._thresholds
        per_source: list[list[tuple[tuple[Any, ...], str, dict[str, int]]]] = []
        for src in problem.sources:
            if src.amount <= 0:
                continue
            firsts: dict[tuple[Any, ...], dict[str, int]] = {}
            for split in _compositions(src.amount, len(src.recipients)):
                row = {r: n for r, n in zip(src.recipients, split) if n}
                firsts.setdefault(classify(src.id, row), row)
            per_source.append([(cls, src.id, row) for cls, row in firsts.items()])
        results: set[Any] = set()
        out = []
        for choice in itertools.product(*per_source):
            a = {sid: row for _, sid, row in choice if row}
            key = sorted(x for cls, _, _ in choice for x in cls)
            # Legality reads the class; the result reads less: "some but not lethal" and
            # "none" leave the same creature alive. One legal assignment per result.
            # (A "some" entry is dropped, as "none" is absent: zero amounts are left out.)
            result = tuple(x for x in key if not (x[2] == 1 and (x[0], x[1]) in thresholds))
            if result in results or damage_violations(problem, a):
                continue
            results.add(result)
            out.append(a)
        return out

    def _classes(self, problem: Any) -> Any:
        """A function (source id, its row of amounts by recipient) -> that source's part of
        an assignment's class (an assignment's class is its sources' parts together), where
        two assignments of one class are both legal or both illegal and deal the same
        result, or ``None`` when that can't be guaranteed. Safe when no damage step follows
        (marked damage then only matters as "lethal or not", 704.5g), no permanent
        prevents, multiplies or grants anything, and no creature has lethal damage already
        (need 0). The class of an amount to a creature
        that only one source may assign damage to, from a source without wither, infect or
        lifelink: 0, some but less than lethal, lethal (its need, or 1 from a deathtouch
        source, 702.2c); any other amount — from a source with wither, infect or lifelink
        (-1/-1 counters, poison and life gained count every point, 702.80a, 702.90b-c,
        702.15b), to a creature several sources may damage (lethal damage is then joint), a
        player, planeswalker or battle — is kept itself. The legality conditions (trample
        702.19b, loyalty 702.19c, the 2023 order) read only these classes."""
        if self._coupling:
            return None
        owners: dict[str, list[str]] = {}
        exact: set[str] = set()
        for src in problem.sources:
            if src.amount <= 0:
                continue
            perm = self.board.permanents[src.id]
            if any(self.board.has_keyword(perm, k) for k in ("wither", "infect", "lifelink")):
                exact.add(src.id)
            for r in src.recipients:
                rec = problem.recipients[r]
                if rec.kind != "creature":
                    continue
                if rec.need <= 0:
                    return None
                owners.setdefault(r, []).append(src.id)
        # A creature dealt damage by several sources (an attacker blocked by several
        # creatures) keeps exact amounts: its lethal damage is joint (510.1c-d, 702.19b).
        thresholds: dict[tuple[str, str], int] = {}
        for src in problem.sources:
            if src.id in exact:
                continue
            for r in src.recipients:
                if owners.get(r) == [src.id]:
                    thresholds[(src.id, r)] = 1 if src.deathtouch else problem.recipients[r].need
        self._thresholds = thresholds

        def classify(sid: str, row: Mapping[str, int]) -> tuple[Any, ...]:
            out = []
            for r, n in row.items():
                t = thresholds.get((sid, r))
                out.append((sid, r, n if t is None else (0 if n == 0 else 1 if n < t else 2)))
            return tuple(out)

        return classify

    def _step(self, board: Board, steps: tuple[str, ...], i: int, state: GameState,
              dealt: list[str], first: tuple[Any, ...] | None,
              done: tuple[dict[str, dict[str, int]], ...]) -> Any:
        if i == len(steps):
            delta = self._delta(state, self._boost)
            changed = set(delta[3]) | {k for k, _ in delta[4]} | {k for k, _ in delta[6]} | {k for k, _ in delta[7]}
            value = sum(self.ev.permanent_score(pid, state) - self.ev.permanent_score(pid) for pid in changed)
            return Leaf(delta, first, done, value)
        step = steps[i]
        problem = damage_problem(board, step, state=state, first_strike_dealt=dealt)
        ap = self.ap
        mine = {s.id for s in problem.sources if s.decider == ap}
        groups: dict[Any, list[dict[str, dict[str, int]]]] = {}
        for a in self._assignments(problem, i == len(steps) - 1):
            part = tuple(sorted((s, tuple(sorted(r.items()))) for s, r in a.items() if s in mine))
            groups.setdefault(part, []).append(a)
        next_dealt = list(dealt)
        if step == "first-strike":
            next_dealt.extend(s.id for s in problem.sources if s.id not in next_dealt)
        ap_children: list[Any] = []
        for part, completions in groups.items():
            d_children: list[Any] = []
            for a in completions:
                s2 = state.copy()
                deal_damage(board, s2, [DamageEvent(s, r, n) for s, row in a.items() for r, n in row.items()],
                            combat=True)
                state_based_actions(board, s2)
                f = self._delta(s2, self._boost) if step == "first-strike" else first
                d_children.append(self._step(board, steps, i + 1, s2, next_dealt, f, done + (a,)))
            d_children = _dedupe(d_children)
            ap_children.append(d_children[0] if len(d_children) == 1 else Node(2 * i + 1, d_children))
        ap_children = _dedupe(ap_children)
        return ap_children[0] if len(ap_children) == 1 else Node(2 * i, ap_children)

    def life_paid(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> dict[str, int]:
        """Life each player pays for this attack (the attacking player, unless
        :attr:`attack_paid` is off) and these blocks (each defending player for their own
        blockers): Phyrexian mana paid with 2 life a symbol (CR 107.4f, 119.4, 508.1h,
        509.1d). Empty when nothing costs life."""
        paid: dict[str, int] = {}
        if self.attack_paid and self.problem.life_costs:
            n = ap_mod.life_cost_of(self.problem, attack)
            if n:
                paid[self.ap] = n
        if blocks and attack and self._block_life:
            for problem in self.block_problems(attack):
                if problem.blocker_life_costs or problem.pair_life_costs:
                    n = bp_mod.life_cost_of(problem, blocks)
                    if n:
                        p = problem.defending_player
                        paid[p] = paid.get(p, 0) + n
        return paid

    def payment(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> Leaf | None:
        """The life paid for the declarations (:meth:`life_paid`) as one more fixed leaf,
        combined with the units' leaves wherever they are (:meth:`combine`,
        :meth:`fast_score`, :meth:`crack_back_floor`, the crack-back key): the life is
        paid while declaring, before any damage, so the leaf's first-strike part is its
        whole change too (a first-strike step then ends the game on the lowered total). A
        payment that ends the game by itself (:meth:`_pay_ends`, 704.5a: before any damage,
        so no lifelink undoes it) is valued alone by the callers (:meth:`block_value`,
        :meth:`damage_value`). ``None`` when nothing is paid. With more than two players, a
        defending player paying down to 0 while others play on is not modelled (they would
        leave the game, 800.4a): the search is then inexact."""
        paid = self.life_paid(attack, blocks)
        if not paid:
            return None
        key = tuple(sorted(paid.items()))
        leaf = self._pay_leaves.get(key)
        if leaf is None:
            if not self._two and any(self._base_life[p] - n <= 0 for p, n in key if p != self.ap):
                self.exact = False
            delta = (tuple((p, -n) for p, n in key), (), (), (), (), (), (), ())
            leaf = self._pay_leaves[key] = Leaf(delta, delta, (), 0)
            self._flat[id(leaf)] = [leaf]
        return leaf

    def _pay_ends(self, pay: Leaf) -> bool:
        """Whether the life paid (:meth:`payment`) ends the game before any damage: the
        attacking player or every opponent paid down to 0 life (704.5a)."""
        left = {p: self._base_life[p] + d for p, d in pay.delta[0]}
        if left.get(self.ap, 1) <= 0:
            return True
        return all(left.get(o, 1) <= 0 for o in self._opponents)

    def _delta(self, state: GameState, boost: int = 0) -> tuple[Any, ...]:
        """What ``state`` changed from the starting state, in a canonical hashable form
        (marked damage left out: it wears off in the cleanup step, 514.2, and the
        evaluation ignores it; -1/-1 and +1/+1 counters put on as one net number per
        permanent, positive for -1/-1)."""
        base = self.base
        life = tuple(sorted((p, v - boost - base.life[p]) for p, v in state.life.items()
                            if v - boost != base.life[p]))
        poison = tuple(sorted((p, v + boost - base.poison[p]) for p, v in state.poison.items()
                              if v + boost != base.poison[p]))
        gained = tuple(sorted((p, v) for p, v in state.gained.items() if v))
        destroyed = tuple(sorted(state.destroyed))
        # -1/-1 counters put on less +1/+1 counters put on (Phytohydra: damage as +1/+1
        # counters, 614.1a): power and toughness depend only on this net (122.1a, 613.4c).
        net = dict(state.minus_added)
        for k, v in state.plus_added.items():
            net[k] = net.get(k, 0) - v
        minus = tuple(sorted((k, v) for k, v in net.items() if v))
        counters = tuple(sorted((k, tuple(sorted(v.items()))) for k, v in state.counters.items()
                                if v != base.counters.get(k)))
        loyalty = tuple(sorted((k, v) for k, v in state.loyalty.items() if v != base.loyalty.get(k)))
        defense = tuple(sorted((k, v) for k, v in state.defense.items() if v != base.defense.get(k)))
        return (life, poison, gained, destroyed, minus, counters, loyalty, defense)

    def combine(self, leaves: list[Leaf]) -> GameState:
        """The state after every unit's damage: the deltas added up. When a first-strike
        step already made every opponent lose, play stops there (as in
        :func:`redzone.solver.damage.play_out`)."""
        if any(leaf.first is not None for leaf in leaves):
            early = self._apply([leaf.first if leaf.first is not None else _EMPTY for leaf in leaves])
            opponents = [p.name for p in self.board.players if p.name != self.ap]
            if all(early.life.get(o, 1) <= 0 or early.poison.get(o, 0) >= 10 for o in opponents):
                return early
        return self._apply([leaf.delta for leaf in leaves])

    def _apply(self, deltas: list[tuple[Any, ...]]) -> GameState:
        s = self.base.copy()
        for life, poison, gained, destroyed, minus, counters, loyalty, defense in deltas:
            for p, d in life:
                s.life[p] += d
            for p, d in poison:
                s.poison[p] += d
            for p, d in gained:
                s.gained[p] = s.gained.get(p, 0) + d
            for pid in destroyed:
                if pid not in s.reasons:
                    s.destroyed.append(pid)
                    s.reasons[pid] = "destroyed"
            for k, v in minus:
                if v > 0:
                    s.minus_added[k] = s.minus_added.get(k, 0) + v
                else:
                    s.plus_added[k] = s.plus_added.get(k, 0) - v
            for k, v in counters:
                s.counters[k] = dict(v)
            for k, v in loyalty:
                s.loyalty[k] = v
            for k, v in defense:
                s.defense[k] = v
        return s

    # ------------------------------------------------------------------ values

    def leaf_value(self, attack: Mapping[str, str], leaves: list[Leaf], mana: int,
                   lo: int = -INF, hi: int = INF) -> int:
        """Perspective value of the position after this combat (the units' ``leaves``): the
        evaluation, or with lookahead 1 the value after the next player's best attack.
        ``mana``: the mana term, already in perspective milli-points. With lookahead 1 the
        value is exact only inside the window (``lo``, ``hi``): at or below ``lo`` it is an
        upper bound of the value, at or above ``hi`` a lower bound (see :meth:`crack_back`)."""
        self.tick()
        v = self.fast_score(leaves)
        if v is None:
            v = self.ev.score(self.combine(leaves))
        if abs(v) == self.ev.win or self.lookahead == 0:
            return v + mana
        return self.crack_back(attack, None, lo - mana, hi - mana, leaves) + mana

    def fast_score(self, leaves: list[Leaf]) -> int | None:
        """:meth:`Evaluator.score` of :meth:`combine` ``(leaves)`` without building the state
        (two players only: the permanents' part is the base plus each unit's change, the
        players' part comes from the summed life and poison); ``None`` otherwise, and when
        a permanent whose static abilities change characteristics or grant abilities has
        left the battlefield (the survivors' values then change outside the units)."""
        if not self._two:
            return None
        layer_sources = self._layer_sources
        if layer_sources and any(not layer_sources.isdisjoint(leaf.delta[3]) for leaf in leaves):
            # A lord left: the survivors' power, toughness and keywords change wherever
            # they are (611.3a, 613), so the units' values don't add up; Evaluator.score
            # reads the whole position.
            return None
        ev = self.ev
        if any(leaf.first is not None for leaf in leaves):
            life = dict(self._base_life)
            poison = dict(self._base_poison)
            for leaf in leaves:
                if leaf.first is not None:
                    for p, d in leaf.first[0]:
                        life[p] += d
                    for p, d in leaf.first[1]:
                        poison[p] += d
            o = self._opponents[0]
            if life[o] <= 0 or poison[o] >= 10:
                return ev.win if self.perspective == self.ap else -ev.win
        life = dict(self._base_life)
        poison = dict(self._base_poison)
        v = self._base_perm
        for leaf in leaves:
            for p, d in leaf.delta[0]:
                life[p] += d
            for p, d in leaf.delta[1]:
                poison[p] += d
            v += leaf.value
        me = self.perspective
        if life[me] <= 0 or poison[me] >= 10:
            return -ev.win
        for p in life:
            if p != me and (life[p] <= 0 or poison[p] >= 10):
                return ev.win
        for p in life:
            v += ev.player_score(p, life[p], poison[p])
        return ev.clamp(v)

    def _crack_back_key(self, attack: Mapping[str, str], state: GameState) -> tuple[str | None, Any]:
        """(the next player, the crack-back position): what :func:`next_turn_board` reads
        from this combat — who attacked without vigilance (they stay tapped, 302.6) and
        the state's changes except life gained."""
        lost = {p.name for p in self.board.players
                if state.life.get(p.name, 1) <= 0 or state.poison.get(p.name, 0) >= 10}
        player = next_player(self.board, lost)
        d = self._delta(state)
        return player, (player, self._tapped(attack), d[:2] + d[3:])

    def _tapped(self, attack: Mapping[str, str]) -> tuple[str, ...]:
        """The attacking creatures without vigilance (they stay tapped through the next
        turn, 302.6, 502.3), sorted; kept for the last declaration object asked about."""
        seen = self._seen_tapped
        if seen is not None and seen[0] is attack:
            return seen[1]
        tapped = tuple(sorted(a for a in attack if a not in self._vigilant))
        self._seen_tapped = (attack, tapped)
        return tapped

    def _leaves_key(self, attack: Mapping[str, str], leaves: list[Leaf]
                    ) -> tuple[str | None, Any] | None:
        """:meth:`_crack_back_key` of :meth:`combine` ``(leaves)``, the same key, worked out
        from the units' changes without building the state (a swarm's block combined 78
        permanents' counters only to key a position seen before); ``None`` when that does
        not apply (more than two players, or a first-strike step that may end the combat:
        :meth:`combine` then decides which state stands)."""
        if not self._two:
            return None
        life: dict[str, int] = {}
        poison: dict[str, int] = {}
        destroyed: set[str] = set()
        minus: dict[str, int] = {}
        counters: dict[str, Any] = {}
        loyalty: dict[str, int] = {}
        defense: dict[str, int] = {}
        for leaf in leaves:
            if leaf.first is not None:
                return None
            d_life, d_poison, _, d_destroyed, d_minus, d_counters, d_loyalty, d_defense = leaf.delta
            for p, d in d_life:
                life[p] = life.get(p, 0) + d
            for p, d in d_poison:
                poison[p] = poison.get(p, 0) + d
            destroyed.update(d_destroyed)
            for k, v in d_minus:
                minus[k] = minus.get(k, 0) + v
            for k, v in d_counters:
                counters[k] = v
            for k, v in d_loyalty:
                loyalty[k] = v
            for k, v in d_defense:
                defense[k] = v
        base_life, base_poison = self._base_life, self._base_poison
        lost = {p for p in base_life
                if base_life[p] + life.get(p, 0) <= 0 or base_poison[p] + poison.get(p, 0) >= 10}
        player = next_player(self.board, lost)
        base = self.base
        delta = (tuple(sorted((p, d) for p, d in life.items() if d)),
                 tuple(sorted((p, d) for p, d in poison.items() if d)),
                 tuple(sorted(destroyed)),
                 tuple(sorted((k, v) for k, v in minus.items() if v)),
                 tuple(sorted((k, v) for k, v in counters.items() if dict(v) != base.counters.get(k))),
                 tuple(sorted((k, v) for k, v in loyalty.items() if v != base.loyalty.get(k))),
                 tuple(sorted((k, v) for k, v in defense.items() if v != base.defense.get(k))))
        return player, (player, self._tapped(attack), delta)

    def crack_back(self, attack: Mapping[str, str], state: GameState | None, lo: int = -INF,
                   hi: int = INF, leaves: list[Leaf] | None = None) -> int:
        """The perspective value after the next player's best attack (lookahead 0) against
        what is left untapped, searched with the window (``lo``, ``hi``) (alpha-beta, fail
        soft): exact inside it; at or below ``lo`` an upper bound of the value (the next
        player has an attack at least that good for them), at or above ``hi`` a lower
        bound. Proved bounds are memoised by position (:attr:`Shared.memo`). The position
        is ``state``, or when it is ``None`` :meth:`combine` ``(leaves)`` (built only when
        the position must be searched)."""
        got = self._leaves_key(attack, leaves) if state is None and leaves is not None else None
        if got is None:
            if state is None:
                state = self.combine(leaves or [])
            got = self._crack_back_key(attack, state)
        player, key = got
        if player is None:
            return self.ev.score(state if state is not None else self.combine(leaves or []))
        shared = self.shared
        lower, upper = shared.memo.get(key, (-INF, INF))
        if lower == upper or upper <= lo:
            return upper
        if lower >= hi:
            return lower
        if state is None:
            state = self.combine(leaves or [])
        board2 = next_turn_board(self.board, state, attack, player)
        game = Game(board2, self.perspective, self.weights, 0, self.deadline, shared)
        try:
            value, line = game.solve_attack(max(lo, lower - 1), min(hi, upper + 1))
        finally:
            self.nodes += game.nodes
            if not game.exact:
                self.exact = False
        if value <= lo:
            upper = min(upper, value)
        elif value >= hi:
            lower = max(lower, value)
        else:
            lower = upper = value
            shared.lines[key] = line
        shared.memo[key] = (lower, upper)
        return value

    def _floor_parts(self) -> tuple[dict[str, tuple[int, int, int]], tuple[int, int, int]] | None:
        """What :meth:`crack_back_floor` needs, worked out once per game, or ``None`` when it
        does not apply. It applies with two players, lookahead 1, the perspective attacking
        (the next player is the opponent), no planeswalker or battle (the next player's
        creatures can then attack only the perspective, 508.1b), no scenario effect, no
        combat-dependent power or toughness, and no ability but keywords, toxic, landwalk,
        protection and the rules of who may attack or block: nothing that prevents,
        replaces, redirects or doubles damage, grants abilities or changes
        characteristics, so the position's value when the next player does not attack is
        its value right after this combat and an attack changes only life totals and
        poison. Returns (per creature of the next player: (life damage, poison, life
        gained) it can deal the perspective at most, 510.1a: its power, twice with double
        strike, 702.4c; as poison with infect, 702.90b, plus toxic, 702.164c; gained with
        lifelink, 702.15b), and their totals."""
        got = self._floor_cache
        if got is not False:
            return got  # type: ignore[return-value]
        out = None
        board = self.board
        if self.lookahead == 1 and self.sign == 1 and self._plain_board():
            o = self._opponents[0]
            kw = board.has_keyword
            parts: dict[str, tuple[int, int, int]] = {}
            for p in board.permanents.values():
                if p.controller != o:
                    continue
                power = max(p.power or 0, 0)
                strikes = 2 if kw(p, "double strike") else 1
                infect = kw(p, "infect")
                toxic = sum(a.amount for a in p.abilities if isinstance(a, Toxic))
                parts[p.id] = (0 if infect else power * strikes,
                               (power if infect else 0) * strikes + toxic * strikes,
                               power * strikes if kw(p, "lifelink") else 0)
            total = tuple(sum(x[i] for x in parts.values()) for i in range(3))
            out = (parts, total)
        self._floor_cache = out
        return out

    def _plain_board(self) -> bool:
        """Two players, no planeswalker or battle (every creature attacks the defending
        player, 508.1b), no scenario effect, no combat-dependent power or
        toughness, and no ability but keywords, toxic, landwalk, protection and the rules
        of who may attack or block (:data:`_FLOOR_SAFE`): nothing prevents, replaces,
        redirects or doubles damage, grants abilities or changes characteristics, and no
        permanent couples units. Worked out once per game."""
        got = self._plain
        if got is None:
            board = self.board
            got = self._plain = bool(
                self._two and not board.has_combat_effects
                and not getattr(board.scenario, "effects", None)
                and all(not p.is_a("Planeswalker") and not p.is_a("Battle")
                        and all(type(a).__name__ in _FLOOR_SAFE for a in p.abilities)
                        for p in board.permanents.values()))
        return got

    def _blockless(self, attack: Mapping[str, str]) -> bool:
        """Whether :meth:`crack_back_floor` applies after ``attack``: :meth:`_floor_parts`
        does, and the perspective (the attacking player) has no creature left to block in
        the next turn: each is tapped already or attacks without vigilance and stays
        tapped (302.6, 502.3; 509.1a: only untapped creatures block)."""
        if self._floor_parts() is None:
            return False
        seen = self._seen_blockless
        if seen is not None and seen[0] is attack:
            return seen[1]
        me = self.perspective
        vigilant = self._vigilant
        ok = all(p.tapped or (p.id in attack and p.id not in vigilant)
                 for p in self.board.permanents.values() if p.controller == me and p.is_creature)
        self._seen_blockless = (attack, ok)
        return ok

    def crack_back_floor(self, leaves: list[Leaf]) -> int | None:
        """A proved lower bound of the perspective value after the next player's best attack
        (:meth:`crack_back`) in the position after this combat (the units' ``leaves``), when
        :meth:`_blockless` holds for the combat's attack (the caller checks it): nobody can
        block the next player's creatures, so their attack only takes life from the
        perspective (or gives poison) and gains the next player life, by at most what the
        creatures that survived this combat can deal (:meth:`_floor_parts`); the evaluation
        only falls as that happens (``life_value`` grows with life, ``poison_value`` falls
        with poison), and the next player's attack costs (mana, or life they pay) only
        raise it. Only for a combat
        that does not finish the game (the caller has a finished game's exact value);
        ``None`` when it does not apply."""
        facts = self._floor_parts()
        if facts is None:
            return None
        parts, (dmg, psn, gain) = facts
        life = dict(self._base_life)
        poison = dict(self._base_poison)
        v = self._base_perm
        for leaf in leaves:
            # A first-strike step that ended the game makes the combat a finished game,
            # never asked about here; otherwise the units' whole changes stand (combine).
            for p, d in leaf.delta[0]:
                life[p] += d
            for p, d in leaf.delta[1]:
                poison[p] += d
            v += leaf.value
            for pid in leaf.delta[3]:
                x = parts.get(pid)
                if x is not None:
                    dmg, psn, gain = dmg - x[0], psn - x[1], gain - x[2]
        me, o = self.perspective, self._opponents[0]
        ev = self.ev
        if life[o] <= 0 or poison[o] >= 10 or life[me] <= 0 or poison[me] >= 10:
            return None  # a finished game: the caller has its exact value
        if life[me] - dmg <= 0 or poison[me] + psn >= 10:
            return -ev.win
        v += ev.player_score(me, life[me] - dmg, poison[me] + psn)
        v += ev.player_score(o, life[o] + gain, poison[o])
        return ev.clamp(v)

    def _next_may_pass(self) -> bool:
        """Whether the next player may always declare no attack after this combat: no
        attack requirement (508.1d) among their creatures or aimed at them now (the
        crack-back board has a subset of these permanents and no scenario effects)."""
        player = next_player(self.board)
        if player is None:
            return False
        view = dataclasses.replace(self.board, active_player=player, _grants=None, _index=None)
        return not attack_problem(view).requirements

    def crack_back_line(self, attack: Mapping[str, str], state: GameState) -> Principal | None:
        """The next player's best attack and the answer to it after this combat, when the
        search valued this position exactly (it does for the line it answers with, unless a
        time limit cut it); ``None`` otherwise or when no player takes a next turn. Nothing
        is searched here: an answer's explanation never outlasts its time limit."""
        player, key = self._crack_back_key(attack, state)
        if player is None:
            return None
        return self.shared.lines.get(key)

    def mana_term(self, attack_cost: int, block_cost: int) -> int:
        """Perspective milli-points of the mana spent: the attacking player's spending
        counts against them, the defending players' against them (see docs/ai.md)."""
        if not attack_cost and not block_cost:
            return 0
        m = int(round(self._mana_w * 1000))
        net = m * (block_cost - attack_cost)  # good for the attacking player
        return net * self.sign

    def steps_for(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> tuple[str, ...]:
        """The combat damage steps (510.4): a first-strike step when an attacking or
        blocking creature has first strike or double strike."""
        fs = self._strikes_first
        if not fs:
            return ("regular",)
        if self.attack_facts(attack)[1] or any(b in fs for b, a in blocks.items() if a):
            return ("first-strike", "regular")
        return ("regular",)

    def damage_trees(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> list[Any]:
        """The units' damage games (:meth:`unit_tree`) of the combat after these blocks, the
        merged leaf of the attackers nothing can block last (:meth:`_fixed_part`)."""
        steps = self.steps_for(attack, blocks)
        fixed = self._fixed_part(attack, steps)
        if fixed is None:
            return [self.unit_tree(u, steps) for u in self.units(attack, blocks)]
        merged, rest = fixed
        trees = [self.unit_tree(u, steps) for u in self.units(rest, blocks)] if rest else []
        if merged is not None:
            trees.append(merged)
        return trees

    def damage_value(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]], mana: int,
                     alpha: int, beta: int, trees: list[Any] | None = None
                     ) -> tuple[int, list[Leaf] | None]:
        """Attacker-view value (``sign`` × perspective) of the combat after these blocks:
        the damage game over every unit, alpha-beta within (alpha, beta). ``trees``: the
        units' games when the caller has them (:meth:`damage_trees`)."""
        if trees is None:
            trees = self.damage_trees(attack, blocks)
        pay = self.payment(attack, blocks)
        if pay is not None:
            if self._pay_ends(pay):
                # 704.5a: paid down to 0 life, a player loses before any damage (no
                # lifelink dealt later counts): the position after paying is the leaf.
                return self.sign * self.leaf_value(attack, [pay], mana, *self._window(alpha, beta)), [pay]
            trees = [*trees, pay]
        flat = [self._flat[id(t)] for t in trees]
        if all(f is not None for f in flat):
            best = -INF
            line = None
            if self.lookahead == 1 and self._crack_back_bounded and self.sign == 1:
                # The next player may always not attack (no requirement forces them), so the
                # value after their turn is at most the value now: evaluate now first and
                # look at the crack-back only where it could still beat the best so far.
                # A lower bound of the value after the crack-back at or above beta already
                # shows that this block can't beat the defending players' best (fail high),
                # with no crack-back searched and the other results not even scored.
                floors = beta < INF and self._blockless(attack)
                scored = []
                for combo in itertools.product(*flat):  # type: ignore[arg-type]
                    self.tick()
                    leaves = list(combo)
                    v0 = self.fast_score(leaves)
                    if v0 is None:
                        v0 = self.ev.score(self.combine(leaves))
                    terminal = abs(v0) == self.ev.win
                    if floors:
                        low = v0 if terminal else self.crack_back_floor(leaves)
                        if low is not None and low + mana >= beta:
                            return low + mana, leaves
                    scored.append((v0 + mana, terminal, leaves))
                scored.sort(key=lambda x: -x[0])
                for upper, terminal, leaves in scored:
                    if upper <= max(best, alpha):
                        best = max(best, upper)  # a bound: this line can't beat the others
                        break
                    v = upper if terminal else self.crack_back(
                        attack, None, max(best, alpha) - mana, beta - mana, leaves) + mana
                    if v > best:
                        best, line = v, leaves
                        if best >= beta:
                            break
                return best, line
            for combo in itertools.product(*flat):  # type: ignore[arg-type]
                v = self.sign * self.leaf_value(attack, list(combo), mana, *self._window(max(best, alpha), beta))
                if v > best:
                    best, line = v, list(combo)
                    if best >= beta:
                        break
            return best, line
        return self._joint(attack, trees, 0, mana, alpha, beta)

    def static_value(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]], mana: int) -> int:
        """Attacker-view value of the combat after these blocks at lookahead 0 (the position
        right after combat, with the attacking player's best damage): at lookahead 1 an
        upper bound of the value when the next player may always not attack."""
        lookahead, self.lookahead = self.lookahead, 0
        try:
            return self.damage_value(attack, blocks, mana, -INF, INF)[0]
        finally:
            self.lookahead = lookahead

    def _window(self, alpha: int, beta: int) -> tuple[int, int]:
        """The attacker-view window (``alpha``, ``beta``) in perspective terms."""
        return (alpha, beta) if self.sign == 1 else (-beta, -alpha)

    def _joint(self, attack: Mapping[str, str], nodes: list[Any], phase: int, mana: int,
               alpha: int, beta: int) -> tuple[int, list[Leaf] | None]:
        """Joint damage game of the units, phase by phase (510.1: in each step the
        attacking player assigns, then the defending players)."""
        if phase == 4 or all(isinstance(n, Leaf) for n in nodes):
            v = self.sign * self.leaf_value(attack, list(nodes), mana, *self._window(alpha, beta))
            return v, list(nodes)
        branching = [i for i, n in enumerate(nodes) if isinstance(n, Node) and n.phase == phase]
        if not branching:
            return self._joint(attack, nodes, phase + 1, mana, alpha, beta)
        maximise = phase in (0, 2)
        best = -INF if maximise else INF
        line = None
        for combo in itertools.product(*(nodes[i].children for i in branching)):
            nxt = list(nodes)
            for i, c in zip(branching, combo):
                nxt[i] = c
            v, ln = self._joint(attack, nxt, phase + 1, mana, alpha, beta)
            if (maximise and v > best) or (not maximise and v < best):
                best, line = v, ln
            if maximise:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best, line

    # ------------------------------------------------------------------ search

    def block_value(self, attack: Mapping[str, str], attack_cost: int, alpha: int, beta: int
                    ) -> tuple[int, tuple[dict[str, list[str]], list[Leaf]] | None]:
        """Attacker-view value of ``attack``: min over legal blocks (alpha-beta), with the
        best block's line. The value is exact when it lies inside (alpha, beta); then every
        block was examined and the line is the defending players' best answer with the
        attacking player's best damage. :attr:`partial` holds the best value so far (an
        upper bound of the attack's value) while the loop runs."""
        best = INF
        line = None
        self.partial = best
        if self.attack_paid and self.problem.life_costs:
            pay = self.payment(attack, {})
            if pay is not None and self._pay_ends(pay):
                # 119.4, 704.5a: the attacking player paid down to 0 life and loses before
                # any block; the position after paying is the leaf.
                v = self.sign * self.leaf_value(attack, [pay], self.mana_term(attack_cost, 0),
                                                *self._window(alpha, beta))
                self.partial = v
                return v, ({}, [pay])
        floor = max(alpha, self.forced_floor(attack, attack_cost), self.least_value(attack_cost))
        bounded = self.lookahead == 0 and self._plain_board()
        for blocks, cost in self._block_order(attack, attack_cost, alpha):
            self.tick()
            if bounded and best <= beta:
                # A proved lower bound at or above the best block so far: this block's
                # value (at least the bound) can't come below it, nor change the answer.
                low = self.static_floor(attack, blocks, self.mana_term(attack_cost, cost))
                if low is not None and low >= best:
                    continue
            v, leaves = self.damage_value(attack, blocks, self.mana_term(attack_cost, cost),
                                          alpha, min(beta, best))
            if v < best:
                best, line = v, (blocks, leaves or [])
                self.partial = best
            if best <= floor:
                break
        if line is not None:
            self._killer = {(b, a) for b, lst in line[0].items() for a in lst}
        return best, line

    def least_value(self, attack_cost: int) -> int:
        """A proved lower bound of the attacker-view value of every block against an attack
        costing ``attack_cost`` mana: a lost game for the attacking player (``-win``, CR
        104.3a; every other score is above it, :meth:`Evaluator.clamp`) less the attack's
        mana (block costs only raise it). A block that makes the attacking player lose is
        then the defending players' best answer and ends the search of that attack. At
        lookahead 1 with two players the crack-back keeps the bound: the next player's
        opponent may always answer with a block that costs nothing (509.1c-d: the maximum
        of requirements is counted over blocks without costs), so their value is at least a
        lost game too. ``-INF`` (no bound) for lookahead 1 with more players."""
        if self.lookahead == 1 and not self._two:
            return -INF
        return -self.ev.win - int(round(self._mana_w * 1000)) * attack_cost

    def forced_floor(self, attack: Mapping[str, str], attack_cost: int) -> int:
        """A proved lower bound of the attacker-view value of every block against ``attack``
        (``-INF`` when none is proved): a won game (less the attack's mana) when the
        attackers no creature can block, whose damage involves no choice, make the defending
        player lose whatever the blocks (704.5a, 704.5c). Proved for two players when
        nothing can raise the defending player's life or take damage elsewhere (no
        lifelink among their permanents, 702.15b; no damage prevention, replacement,
        redirection, life floor or grants on the board, so other units only add damage and
        poison), and
        when the attacking player can't lose in this combat (blocking creatures deal damage
        only to attacking creatures, 510.1b-c). The value of a won game is then the
        evaluation's ``win`` plus the mana term, which block costs only raise."""
        key = ("floor", self.attack_facts(attack)[0], attack_cost)
        got = self._fixed.get(key)
        if got is not None:
            return got
        got = -INF
        if self._floor_facts is None:
            board = self.board
            safe = fs = False
            if (self._two and not self._coupling
                    and not board.abilities_of_kind((RedirectDamage, LifeFloor))):
                o = self._opponents[0]
                ap = self.ap
                safe = self._base_life[ap] > 0 and self._base_poison[ap] < 10 and not any(
                    p.controller == o and board.has_keyword(p, "lifelink")
                    for p in board.permanents.values())
                fs = any(p.controller == o and p.id in self._strikes_first
                         for p in board.permanents.values())
            self._floor_facts = (safe, fs)
        safe, fs = self._floor_facts
        if safe and attack:
            o = self._opponents[0]
            plain = self.steps_for(attack, {})
            kinds = {plain, ("first-strike", "regular")} if fs else {plain}
            dead = True
            for steps in kinds:
                if not dead:
                    break
                fixed = self._fixed_part(attack, steps)
                leaf = fixed[0] if fixed is not None else None
                if leaf is None:
                    dead = False
                    break
                life = self._base_life[o] + sum(d for p, d in leaf.delta[0] if p == o)
                poison = self._base_poison[o] + sum(d for p, d in leaf.delta[1] if p == o)
                dead = life <= 0 or poison >= 10
            if dead:
                got = self.ev.win - int(round(self._mana_w * 1000)) * attack_cost
        self._fixed[key] = got
        return got

    def search_blocks(self, attack: Mapping[str, str], floor: int) -> bool:
        """The defending player's best block against ``attack`` (no mana spent by the
        attack), searched like :meth:`block_value` with no window, but without building a
        declaration per block: blockers are assigned one after the other (one multiset of
        choices of identical creatures, in :func:`_canonical_product`'s order, so ties go
        to the same block) and each attacker's unit is looked up from its blockers. Only
        when every block is legal and every unit is one attacker with its blockers: two
        players, one block problem without restriction, requirement or cost (509.1b-d), no
        creature able to block two attackers, no two attackers on one planeswalker or
        battle, nothing coupling units (:meth:`units`). Returns ``False`` when that does not
        hold (nothing searched); else ``True``, the search having run to the end or to
        ``floor`` (a proved lower bound). :attr:`found` holds (value, (blocks, leaves)) of
        the best block so far, also when the time limit interrupts the search."""
        self.found = (INF, None)
        board = self.board
        if not self._two or self._coupling or board.has_combat_effects:
            return False
        if getattr(getattr(board.scenario, "combat", None), "bands", None):
            return False
        problems = self.block_problems(attack)
        if len(problems) != 1 or not _free(problems[0]):
            return False
        others = [t for t in attack.values() if t not in self._players]
        if len(set(others)) != len(others):
            return False
        blockers, options = _block_options(problems[0])
        if any(len(o) > 1 for opts in options for o in opts):
            return False
        attacked = [[o[0] if o else None for o in opts] for opts in options]
        n = len(blockers)
        last_of: list[int | None] = []
        seen: dict[int, int] = {}
        for i, b in enumerate(blockers):
            c = self.classes.get(b, -1 - i)
            last_of.append(seen.get(c))
            seen[c] = i
        fs = self._strikes_first
        first = [b in fs for b in blockers]
        two_steps = ("first-strike", "regular")
        attack_first = self.steps_for(attack, {}) == two_steps
        trees_of: dict[Any, Any] = {}
        choice = [0] * n
        count = 0
        best = INF

        def value() -> bool:
            nonlocal best, count
            count += 1
            if count > BLOCK_BOUND:
                self.exact = False
                return True
            self.tick()
            by: dict[str, list[str]] = {}
            strike = attack_first
            for i in range(n):
                k = choice[i]
                if k:
                    by.setdefault(attacked[i][k], []).append(blockers[i])  # type: ignore[arg-type]
                    strike = strike or first[i]
            steps = two_steps if strike else ("regular",)
            fixed = self._fixed_part(attack, steps)
            merged, rest = fixed if fixed is not None else (None, attack)
            trees = []
            for a, t in rest.items():
                bl = by.get(a)
                key = (a, tuple(bl) if bl else (), steps)
                tree = trees_of.get(key)
                if tree is None:
                    unit = (((a, t),), tuple((b, (a,)) for b in sorted(bl)) if bl else ())
                    tree = trees_of[key] = self.unit_tree(unit, steps)
                trees.append(tree)
            if merged is not None:
                trees.append(merged)
            v, leaves = self.damage_value(attack, by, 0, -INF, best, trees)
            if v < best:
                best = v
                blocks = {blockers[i]: [attacked[i][choice[i]]] for i in range(n) if choice[i]}
                self.found = (v, (blocks, leaves or []))  # type: ignore[assignment]
            return best <= floor

        def rec(i: int) -> bool:
            if i == n:
                return value()
            j = last_of[i]
            for k in range(choice[j] if j is not None else 0, len(options[i])):
                choice[i] = k
                if rec(i + 1):
                    return True
            choice[i] = 0
            return False

        rec(0)
        return True

    def _block_order(self, attack: Mapping[str, str], attack_cost: int, alpha: int
                     ) -> Iterator[tuple[dict[str, list[str]], int]]:
        """The legal blocks against ``attack`` (:meth:`block_candidates`) in the order
        :meth:`block_value` examines them. At lookahead 1, when the next player may always
        not attack, each block's value right after combat (:meth:`static_value`) is an
        upper bound of its value after the crack-back: a block at or below ``alpha`` now
        refutes the attack at once (it alone is returned: no crack-back is searched);
        otherwise the blocks best for the defending players now come first, so that the
        crack-backs searched bring the defending players' best answer down early."""
        candidates = self.block_candidates(attack)
        if not (self.lookahead == 1 and self._crack_back_bounded and self.sign == 1):
            yield from candidates
            return
        # Each block's static value is needed only where it decides the order: a proved
        # lower bound of it (:meth:`static_floor`, no unit built) above ``alpha`` shows the
        # block can't refute the attack at once, and the blocks are then taken lazily in
        # the order of their static values (a heap of bounds and values: a block's value
        # is worked out when its bound comes first, so every block whose value is taken
        # comes out in exactly the sorted order, ties by listing order).
        heap: list[tuple[int, int, bool, dict[str, list[str]], int]] = []
        for i, (blocks, cost) in enumerate(candidates):
            mana = self.mana_term(attack_cost, cost)
            low = self.static_floor(attack, blocks, mana)
            if low is not None and low > alpha:
                heap.append((low, i, False, blocks, cost))
                continue
            v0 = self.static_value(attack, blocks, mana)
            if v0 <= alpha:
                yield blocks, cost
                return
            heap.append((v0, i, True, blocks, cost))
        heapq.heapify(heap)
        while heap:
            v, i, known, blocks, cost = heapq.heappop(heap)
            if known:
                yield blocks, cost
                continue
            v0 = self.static_value(attack, blocks, self.mana_term(attack_cost, cost))
            heapq.heappush(heap, (v0, i, True, blocks, cost))

    def _blocker_harm(self, pid: str) -> int:
        """The most combat damage the blocking creature ``pid`` deals the creatures it
        blocks (its power, twice with double strike, 510.1c, 702.4c), or :data:`INF` when
        any of it may destroy or weaken one (deathtouch 702.2b, infect 702.90b, wither
        702.80a); for :meth:`static_floor`."""
        got = self._harm.get(pid)
        if got is None:
            perm = self.board.permanents[pid]
            kw = self.board.has_keyword
            if kw(perm, "deathtouch") or kw(perm, "infect") or kw(perm, "wither"):
                got = INF
            else:
                got = max(perm.power or 0, 0) * (2 if kw(perm, "double strike") else 1)
            self._harm[pid] = got
        return got

    def _blocker_gain(self, pid: str) -> int:
        """The most life the blocking creature ``pid`` gains its controller in this combat:
        its combat damage with lifelink (702.15b), else 0; for :meth:`static_floor`."""
        got = self._gain.get(pid)
        if got is None:
            perm = self.board.permanents[pid]
            kw = self.board.has_keyword
            got = (max(perm.power or 0, 0) * (2 if kw(perm, "double strike") else 1)
                   if kw(perm, "lifelink") else 0)
            self._gain[pid] = got
        return got

    def _attacker_room(self, pid: str) -> int:
        """The damage the attacking creature ``pid`` can be dealt and survive with nothing
        changed but marked damage (less than lethal damage, 704.5g; indestructible
        ignored: a bound); for :meth:`static_floor`."""
        perm = self.board.permanents[pid]
        return (perm.toughness or 0) - perm.damage

    def static_floor(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]],
                     mana: int) -> int | None:
        """A proved lower bound of :meth:`static_value` (attacker view: ``sign`` × the
        perspective value with ``mana``, the mana term in perspective milli-points) built
        without the blocked attackers' units, or ``None`` when it does not apply (where
        :meth:`_plain_board` does not hold, or with bands). Every blocked attacking creature is taken as
        destroyed (unless its blockers can't deal it lethal damage and none has
        deathtouch, infect or wither: it then survives with marked damage only, which the
        evaluation ignores, 514.2) and dealing no damage to the player, every blocking
        creature as surviving unchanged and gaining its controller the most its lifelink
        can (its power, twice with double strike, 702.15b, 702.4c); the unblocked
        attackers' damage, which involves no choice, is their units' (:meth:`_fixed_part`).
        Blocking creatures deal combat damage only to the attacking creatures they block
        (510.1c-d), so any result of the damage game differs from this one only in ways
        the evaluation values at least as much for the attacking player: an attacking
        creature kept or weakened (its value is at least 0, the value of one that left), a
        blocking creature destroyed or weakened (-1/-1 counters, 702.90b), the defending
        player dealt damage or poison, the attacking player gaining life, the defending
        player gaining less (the weights are at least 0 and ``life_scale`` positive, so the
        evaluation moves with every one of these: :class:`Weights`). At lookahead 0 this
        bounds the block's value itself (:meth:`block_value`); at lookahead 1 only its
        static value (:meth:`_block_order`). The life paid for the declarations
        (:meth:`payment`, 119.4) is counted as it is (the attacking player's own payment
        lowers the bound); ``None`` when that payment ends the game alone."""
        if not self._plain_board() or getattr(getattr(self.board.scenario, "combat", None), "bands", None):
            return None
        steps = self.steps_for(attack, blocks)
        key = ("static floor", self.attack_facts(attack)[0], steps)
        per = self._fixed.get(key)
        if per is None:
            # Per attacking creature: (id, the damage it survives, its value, its unit's
            # outcome when unblocked or None when that involves a choice); the merged
            # outcome of those nobody can block. (No coupling here: the units are apart,
            # with no creature nobody can block when _fixed_part is None.)
            fixed = self._fixed_part(attack, steps)
            merged, rest = fixed if fixed is not None else (None, attack)
            rows = []
            for a, t in rest.items():
                tree = self.unit_tree((((a, t),), ()), steps)
                rows.append((a, self._attacker_room(a), self.ev.permanent_score(a),
                             tree if isinstance(tree, Leaf) else None))
            per = self._fixed[key] = (merged, rows)
        merged, rows = per
        hit: dict[str, int] = {}
        gain = 0
        harm, life_gain = self._harm, self._gain
        for b, lst in blocks.items():
            if lst:
                x = life_gain.get(b)
                gain += x if x is not None else self._blocker_gain(b)
            h = harm.get(b)
            if h is None:
                h = self._blocker_harm(b)
            for a in lst:
                hit[a] = hit.get(a, 0) + h
        ev = self.ev
        life = dict(self._base_life)
        poison = dict(self._base_poison)
        v = self._base_perm
        leaves = [merged] if merged is not None else []
        pay = self.payment(attack, blocks)
        if pay is not None:
            # The life paid for the declarations (119.4) is the same in every result of
            # the damage game: part of the bound as it is; a payment that ends the game
            # alone is valued exactly by damage_value (no bound needed).
            if self._pay_ends(pay):
                return None
            leaves.append(pay)
        for a, room, score, leaf in rows:
            got = hit.get(a)
            if got is not None:
                if got >= room:
                    v -= score
                continue
            if leaf is None:
                return None
            leaves.append(leaf)
        for leaf in leaves:
            for p, d in leaf.delta[0]:
                life[p] += d
            for p, d in leaf.delta[1]:
                poison[p] += d
            v += leaf.value
        o = self._opponents[0]
        life[o] += gain
        me = self.perspective
        if life[me] <= 0 or poison[me] >= 10:
            v = -ev.win
        elif any(life[p] <= 0 or poison[p] >= 10 for p in life if p != me):
            v = ev.win
        else:
            for p in life:
                v += ev.player_score(p, life[p], poison[p])
            v = ev.clamp(v)
        return self.sign * (v + mana)

    def solve_attack(self, lo: int = -INF, hi: int = INF) -> tuple[int, Principal | None]:
        """(perspective value of the game, the principal line), searched with the window
        (``lo``, ``hi``) in perspective terms (alpha-beta, fail soft: exact inside it, an
        upper bound at or below ``lo``, a lower bound at or above ``hi``)."""
        alpha, beta = self._window(lo, hi)
        best = -INF
        principal = None
        for attack, cost in self.ordered_attacks():
            v, line = self.block_value(attack, cost, max(best, alpha), beta)
            if v > best:
                best = v
                assert line is not None
                principal = Principal(attack, line[0], line[1], self.sign * v)
                if best >= beta:
                    break
        if principal is not None and self.sign == -1:
            self.shared.killer = principal.attack
        return self.sign * best, principal

    def ordered_attacks(self) -> list[tuple[dict[str, str], int]]:
        """Candidates, no attack first (a cheap, often strong lower bound), then the most
        attackers first (good moves early make the cut-offs bite); in a crack-back game,
        the best attack of the last crack-back position searched (what is left of it)
        comes first of all."""
        cands = sorted(self.attack_candidates(), key=lambda dc: (len(dc[0]) > 0, -len(dc[0])))
        killer = self.shared.killer
        if killer and self.sign == -1:
            allowed = self.problem.allowed
            key = self._attack_key({c: t for c, t in killer.items() if t in allowed.get(c, ())})
            for i, (d, _) in enumerate(cands):
                if self._attack_key(d) == key:
                    cands.insert(0, cands.pop(i))
                    break
        return cands
