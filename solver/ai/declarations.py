"""The legal declarations the AI's combat game chooses among (issue 9): the attacking
player's declarations of attackers (CR 508.1) and each defending player's blocks (509.1,
802.4), listed once per multiset of choices among identical creatures, with their costs.

Owns :class:`Declarations`: the candidates, the block problems per attack, the legality
filters and the combat damage steps (510.4).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from redzone.models import attack_problem as ap_mod
from redzone.models import block_problem as bp_mod
from redzone.models.block_rules import block_problems, sub_block_problem
from redzone.solver.ai.position import _block_options, _canonical_product, _free
from redzone.solver.ai.reserve import late

if TYPE_CHECKING:
    from redzone.solver.ai.clock import Clock
    from redzone.solver.ai.facts import Facts, Status

BLOCK_BOUND = 200_000
"""Most block declarations (after symmetry) listed for one defending player."""

ATTACK_BOUND = 200_000
"""Most attack declarations (after symmetry) listed."""


def _declaration(creatures: list[str], options: list[list[Any]], idx: tuple[int, ...]) -> dict[str, str]:
    """The declaration an index tuple of :func:`_canonical_product` chooses: each creature
    whose index is not 0 attacks its option. Only the attacking creatures are visited
    (``itertools.compress`` skips the rest in C: on 2,000 creatures a side a Python loop
    over every creature made listing 200,000 declarations take minutes)."""
    return {creatures[i]: options[i][idx[i]] for i in itertools.compress(range(len(idx)), idx)}


class Declarations:
    """The attack and block declarations of one game (:meth:`attack_candidates`,
    :meth:`block_candidates`), with the block problems and legality filters they use.
    ``clock``: the game's time budget, read while attacks are listed (``None``: only the
    command's budget)."""

    def __init__(self, facts: Facts, status: Status, clock: Clock | None = None) -> None:
        self.facts = facts
        self.status = status
        self.clock = clock
        # Facts read here, bound once (several are read in inner loops).
        self._no_blockers = facts.no_blockers
        self._strikes_first = facts.strikes_first
        self._uniform = facts.uniform
        self._uniform_attackers = facts.uniform_attackers
        self.board = facts.board
        self.classes = facts.classes
        self.problem = facts.problem
        self._blocks: dict[Any, list[tuple[dict[str, list[str]], int]]] = {}
        self._problems: dict[Any, list[bp_mod.BlockProblem]] = {}
        self._seen_attack: tuple[Any, tuple[Any, bool]] | None = None

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
                    out.append((_declaration(creatures, options, idx), 0))
                    if (len(out) & 255) == 0 and late(self.clock):
                        # issue 25 §1: the time is spent while listing (2,000 creatures a
                        # side list 200,000 declarations): the list so far, not proved whole.
                        self.status.exact = False
                        break
            except OverflowError:
                self.status.exact = False
            return out
        from redzone.solver.attack.solve import enumerate_attacks

        en = enumerate_attacks(p, limit=ATTACK_BOUND)
        if not en.complete:
            self.status.exact = False
        seen: set[Any] = set()
        for n, d in enumerate(en.declarations):
            if (n & 255) == 255 and late(self.clock):
                self.status.exact = False  # issue 25 §1: the list so far, not proved whole
                break
            key = self.attack_key(d)
            if key in seen:
                continue
            seen.add(key)
            out.append((dict(d), ap_mod.cost_of(p, d)))
        return out

    def attack_key(self, d: Mapping[str, str]) -> Any:
        """A declaration up to swapping identical creatures."""
        return tuple(sorted((self.classes.get(c, -1), c if c not in self.classes else "", t)
                            for c, t in d.items()))

    # ------------------------------------------------------------------ blocks

    def killer_block(self, problem: Any) -> dict[str, list[str]]:
        """The block tried first against an attack: each blocker of ``problem`` that blocked
        in the best block found against an earlier attack (``_killer``: (blocker, attacker)
        pairs) blocks that attacker again where ``problem`` allows it (509.1a-b); ``{}``
        when none may. Legality as a whole is left to the caller's filter."""
        killer: dict[str, list[str]] = {}
        for b, a in sorted(self.status.killer):
            if a in problem.allowed.get(b, ()) and b not in killer:
                killer[b] = [a]
        return killer

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
            check = self.block_filter(problem)
            killer = self.killer_block(problem)
            if killer:
                cost = check(killer)
                if cost is not None:
                    yield killer, cost
            blockers, options = _block_options(problem)
            # The blocks listed here pick each blocker's attackers among its options (allowed
            # ones, within its capacity, none twice: 509.1a holds), so only the restrictions
            # that look at several creatures are left to judge (_listed_filter).
            listed = self.listed_filter(problem, check)
            counts = self.count_filter(problem, listed, check, options)
            try:
                for idx in _canonical_product(blockers, options, self.classes, BLOCK_BOUND):
                    if counts is not None:
                        if not counts(idx):
                            continue
                        yield {b: list(options[i][k]) for i, (b, k) in enumerate(zip(blockers, idx)) if k}, 0
                        continue
                    d = {b: list(options[i][k]) for i, (b, k) in enumerate(zip(blockers, idx)) if k}
                    cost = listed(d)
                    if cost is not None:
                        yield d, cost
            except OverflowError:
                self.status.exact = False
            return
        per_player: list[list[tuple[dict[str, list[str]], int]]] = []
        for problem in problems:
            per_player.append(self._player_blocks(problem))
        # Combined one at a time (issue 23): the search often stops after a few (a refuting
        # block) where the product of several players' blocks runs to millions; kept for
        # the next call only when listed to the end.
        out: list[tuple[dict[str, list[str]], int]] = []
        for combo in itertools.product(*per_player):
            d: dict[str, list[str]] = {}
            cost = 0
            for part, c in combo:
                d.update(part)
                cost += c
            out.append((d, cost))
            yield d, cost
        self._blocks[key] = out

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

    def block_filter(self, problem: bp_mod.BlockProblem) -> Any:
        """A function block -> its cost if it is legal, else ``None`` (CR 509.1b-d): no
        restriction broken (:func:`redzone.models.block_problem.restriction_violations`),
        cost within the mana, at least M requirements obeyed, M from the block solver
        (:func:`redzone.solver.block.solve.maximum_block_requirements`; an unproved M makes the
        search inexact)."""
        if _free(problem):
            return lambda d: 0
        maximum = 0
        if problem.requirements:
            from redzone.solver.block.solve import maximum_block_requirements

            maximum, proved = maximum_block_requirements(problem)
            if not proved:
                self.status.exact = False
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

    def listed_filter(self, problem: bp_mod.BlockProblem, check: Any) -> Any:
        """``check`` (:meth:`Declarations.block_filter`) for the blocks :meth:`block_candidates` lists
        from :func:`_block_options` — each blocker's attackers allowed, within its capacity,
        none twice (509.1a) — judged faster when restrictions are all there is (no
        requirement or cost): the restrictions on groups of creatures (509.1b) are tested
        as :func:`redzone.models.block_problem.restriction_violations` tests them, without
        writing the messages, and the per-creature availability it also tests holds by
        construction. Otherwise ``check`` itself."""
        if (not problem.restrictions or problem.requirements or problem.blocker_costs
                or problem.pair_costs or problem.blocker_life_costs or problem.pair_life_costs
                or problem.mana < 0):
            return check
        caps = [r.maximum for r in problem.restrictions if isinstance(r, bp_mod.BlockerCap)]
        cap = min(caps) if caps else None
        per_attacker = [r for r in problem.restrictions
                        if isinstance(r, (bp_mod.MinBlockers, bp_mod.MaxBlockers, bp_mod.AllOrNothing))]
        per_blocker = [r for r in problem.restrictions
                       if isinstance(r, (bp_mod.BlockerNotAlone, bp_mod.MinOtherBlockers,
                                         bp_mod.GreaterPowerBlocker))]
        if len(caps) + len(per_attacker) + len(per_blocker) != len(problem.restrictions):
            return check
        power = problem.power

        def listed(d: dict[str, list[str]]) -> int | None:
            if cap is not None and len(d) > cap:
                return None  # every key of a listed block blocks something
            for r in per_attacker:
                a = r.attacker
                mine = [b for b, lst in d.items() if a in lst]
                if not mine:
                    continue
                if isinstance(r, bp_mod.MinBlockers):
                    if len(mine) < r.minimum:
                        return None
                elif isinstance(r, bp_mod.MaxBlockers):
                    if len(mine) > r.maximum:
                        return None
                elif any(c not in mine for c in r.required):
                    return None
            for r in per_blocker:
                me = r.blocker
                if me not in d:
                    continue
                if isinstance(r, bp_mod.BlockerNotAlone):
                    if len(d) < 2:
                        return None
                elif isinstance(r, bp_mod.MinOtherBlockers):
                    if len(d) - 1 < r.count:
                        return None
                else:
                    mine_power = power.get(me, 0)
                    if not any(power.get(o, 0) > mine_power for o in d if o != me):
                        return None
            return 0

        return listed

    def count_filter(self, problem: bp_mod.BlockProblem, listed: Any, check: Any,
                      options: list[list[tuple[str, ...]]]) -> Any:
        """When the only restrictions are on how many creatures block one attacker (menace
        and "except by N or more", "by more than N", 509.1b) and :meth:`Declarations.listed_filter`
        judges the blocks, the same judgement read from the listed choices themselves
        (index per blocker into ``options``) before any declaration is built: a function
        choice -> legal; ``None`` otherwise."""
        if listed is check or not problem.restrictions or not all(
                isinstance(r, (bp_mod.MinBlockers, bp_mod.MaxBlockers)) for r in problem.restrictions):
            return None
        counted = [r for r in problem.restrictions if isinstance(r, (bp_mod.MinBlockers, bp_mod.MaxBlockers))]
        rules = [(r.attacker, r.minimum if isinstance(r, bp_mod.MinBlockers) else 1,
                  r.maximum if isinstance(r, bp_mod.MaxBlockers) else None) for r in counted]
        # Per blocker and option: which restrictions' attackers it blocks.
        cover = [[tuple(j for j, (a, _, _) in enumerate(rules) if a in opt) for opt in opts]
                 for opts in options]
        n_rules = len(rules)

        def legal(idx: tuple[int, ...]) -> bool:
            count = [0] * n_rules
            for i, k in enumerate(idx):
                if k:
                    for j in cover[i][k]:
                        count[j] += 1
            for j, (_, least, most) in enumerate(rules):
                c = count[j]
                if c and (c < least or (most is not None and c > most)):
                    return False
            return True

        return legal

    def _player_blocks(self, problem: bp_mod.BlockProblem) -> list[tuple[dict[str, list[str]], int]]:
        blockers, options = _block_options(problem)
        free = _free(problem)
        rows: list[dict[str, list[str]]] = []
        try:
            for idx in _canonical_product(blockers, options, self.classes, BLOCK_BOUND):
                rows.append({b: list(options[i][k]) for i, (b, k) in enumerate(zip(blockers, idx)) if k})
        except OverflowError:
            self.status.exact = False
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

    def steps_for(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> tuple[str, ...]:
        """The combat damage steps (510.4): a first-strike step when an attacking or
        blocking creature has first strike or double strike."""
        fs = self._strikes_first
        if not fs:
            return ("regular",)
        if self.attack_facts(attack)[1] or any(b in fs for b, a in blocks.items() if a):
            return ("first-strike", "regular")
        return ("regular",)
