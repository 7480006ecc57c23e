"""Exhaustive reference for attack declarations (CR 508.1), in plain Python (no ortools).

It lists every declaration — each creature of ``problem.creatures`` either does not attack
or attacks one of the targets ``problem.allowed`` gives it — and judges each one with the
functions of :mod:`redzone.models.attack_problem` only (``restriction_violations``, ``cost_of``,
``obeyed_count``). It is slow by design and exists to cross-check :mod:`redzone.solver.attack.solve`
on small problems (about 8 creatures at most).

The damage functions at the end do the same for one combat damage step (CR 510.1).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator

from redzone.models.attack_problem import (
    AttackProblem,
    can_pay_life,
    cost_of,
    life_cost_of,
    obeyed_count,
    restriction_violations,
)
from redzone.models.damage_problem import DamageProblem, active_value, damage_violations, defender_value

DEFAULT_BOUND = 200_000
"""Largest number of declarations the reference agrees to list."""


def search_space(problem: AttackProblem) -> int:
    """Number of declarations the reference lists: the product over creatures of
    (1 + number of distinct allowed targets)."""
    size = 1
    for c in dict.fromkeys(problem.creatures):
        size *= 1 + len(dict.fromkeys(problem.allowed.get(c, ())))
    return size


def all_declarations(problem: AttackProblem, *, bound: int = DEFAULT_BOUND) -> Iterator[dict[str, str]]:
    """Every declaration over the allowed pairs (508.1a-b), the empty one first.

    Raises ValueError when there are more than ``bound`` of them.
    """
    size = search_space(problem)
    if size > bound:
        raise ValueError(f"the reference would list {size} declarations (more than {bound})")
    creatures = list(dict.fromkeys(problem.creatures))
    options = [[None, *dict.fromkeys(problem.allowed.get(c, ()))] for c in creatures]
    for choice in itertools.product(*options):
        yield {c: t for c, t in zip(creatures, choice) if t is not None}


def _evaluate(problem: AttackProblem, bound: int) -> tuple[int, list[dict[str, str]]]:
    """(M, legal declarations) by brute force (508.1c-d, 508.1h-j, 119.4)."""
    rows = []  # (obeyed, mana cost, life cost, declaration)
    for d in all_declarations(problem, bound=bound):
        rows.append((obeyed_count(problem, d), cost_of(problem, d), life_cost_of(problem, d), d))
    # CR 508.1d: M is the most requirements obeyed by a declaration that breaks no
    # restriction and pays no cost (mana or life). Try candidates from the most obeyed down.
    maximum = None
    restriction_legal: dict[int, bool] = {}
    for i in sorted(range(len(rows)), key=lambda i: -rows[i][0]):
        obeyed, cost, life, d = rows[i]
        if cost != 0 or life != 0:
            continue
        restriction_legal[i] = not restriction_violations(problem, d)
        if restriction_legal[i]:
            maximum = obeyed
            break
    if maximum is None:
        raise ValueError("no declaration breaks no restriction (the empty one should not)")
    legal = []
    for i, (obeyed, cost, life, d) in enumerate(rows):
        if obeyed < maximum or cost > problem.mana or not can_pay_life(problem, life):
            continue
        ok = restriction_legal.get(i)
        if ok is None:
            ok = not restriction_violations(problem, d)
        if ok:
            legal.append(d)
    return maximum, legal


def reference_maximum(problem: AttackProblem, *, bound: int = DEFAULT_BOUND) -> int:
    """M (CR 508.1d) by exhaustive search. Raises ValueError beyond ``bound`` declarations."""
    return _evaluate(problem, bound)[0]


def reference_legal_declarations(problem: AttackProblem, *,
                                 bound: int = DEFAULT_BOUND) -> list[dict[str, str]]:
    """Every legal declaration (CR 508.1c-d, 508.1h-j): breaks no restriction, costs at most
    ``problem.mana``, obeys at least M requirement instances. In listing order (each
    creature: not attacking, then its allowed targets in ``allowed`` order). Raises
    ValueError beyond ``bound`` declarations."""
    return _evaluate(problem, bound)[1]


def reference_is_legal(problem: AttackProblem, declaration: dict[str, str], maximum: int) -> bool:
    """Whether ``declaration`` is legal given M (508.1c-d, 508.1h-j), by direct evaluation."""
    return (not restriction_violations(problem, declaration)
            and cost_of(problem, declaration) <= problem.mana
            and can_pay_life(problem, life_cost_of(problem, declaration))
            and obeyed_count(problem, declaration) >= maximum)


# =============================================================================== damage
#
# Exhaustive reference for one combat damage step (CR 510.1), added for issue 4. It lists
# every way each source can split its amount among its legal recipients and judges each
# whole-step assignment with the direct evaluation of :mod:`redzone.models.damage_problem` only
# (``damage_violations``, ``active_value``, ``defender_value``). Slow by design: a few
# sources with small powers.


DAMAGE_BOUND = 200_000
"""Largest number of assignments the damage reference agrees to list."""


def _compositions(amount: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of ``parts`` whole numbers >= 0 adding up to ``amount``."""
    if parts == 0:
        if amount == 0:
            yield ()
        return
    if parts == 1:
        yield (amount,)
        return
    for first in range(amount, -1, -1):
        for rest in _compositions(amount - first, parts - 1):
            yield (first, *rest)


def _ways(amount: int, parts: int) -> int:
    """Number of compositions: C(amount + parts - 1, parts - 1) (1 when nothing to split)."""
    from math import comb

    if amount <= 0 or parts <= 1:
        return 1 if parts >= 1 or amount == 0 else 0
    return comb(amount + parts - 1, parts - 1)


def damage_search_space(problem: DamageProblem) -> int:
    """Number of assignments :func:`all_damage_assignments` lists: the product over sources
    of the ways to split its amount among its recipients."""
    size = 1
    for s in problem.sources:
        size *= _ways(s.amount, len(s.recipients)) if s.amount > 0 else 1
    return size


def all_damage_assignments(problem: DamageProblem, *,
                           bound: int = DAMAGE_BOUND) -> Iterator[dict[str, dict[str, int]]]:
    """Every assignment in which each source assigns exactly its amount among its legal
    recipients (510.1a-d), zero amounts left out — legal or not under the lethal-damage
    conditions. Raises ValueError when there are more than ``bound``."""
    size = damage_search_space(problem)
    if size > bound:
        raise ValueError(f"the damage reference would list {size} assignments (more than {bound})")
    options: list[list[tuple[str, dict[str, int]]]] = []
    for s in problem.sources:
        if s.amount <= 0:
            continue
        rows = []
        for split in _compositions(s.amount, len(s.recipients)):
            rows.append((s.id, {r: a for r, a in zip(s.recipients, split) if a}))
        options.append(rows)
    for choice in itertools.product(*options):
        yield {sid: row for sid, row in choice if row}


def reference_legal_damage(problem: DamageProblem, *,
                           bound: int = DAMAGE_BOUND) -> list[dict[str, dict[str, int]]]:
    """Every legal assignment of the step (no :func:`damage_violations`), in listing order."""
    return [a for a in all_damage_assignments(problem, bound=bound)
            if not damage_violations(problem, a)]


def _damage_components(problem: DamageProblem) -> list[list[str]]:
    """Sources with something to assign, grouped so that two sources sharing a recipient
    are in one group. Every condition of :func:`damage_violations` on a source only reads
    totals of its own recipients, so groups are independent: an assignment is legal iff
    each group's part is, and each objective term is a sum over groups."""
    from redzone.models.grouping import connected_groups

    live = [s for s in problem.sources if s.amount > 0]
    owner: dict[str, str] = {}
    links = []
    for s in live:
        for r in s.recipients:
            if r in owner:
                links.append((s.id, owner[r]))
            else:
                owner[r] = s.id
    return connected_groups([s.id for s in live], links)


def _restricted(problem: DamageProblem, ids: list[str]) -> DamageProblem:
    keep = set(ids)
    return dataclasses.replace(problem, sources=tuple(s for s in problem.sources if s.id in keep))


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def reference_damage_optimum(problem: DamageProblem, objective: str, *,
                             bound: int = DAMAGE_BOUND) -> tuple[int, ...]:
    """The best :func:`redzone.models.damage_problem.active_value` over every legal assignment (the
    active player chooses over assignments that can still be completed legally). Computed
    group by group (:func:`_damage_components`): the lexicographic maximum of a sum of
    independent parts is the sum of their maxima. ``bound`` applies to each group."""
    total = active_value(problem, {}, objective)
    for ids in _damage_components(problem):
        part = _restricted(problem, ids)
        best = max(active_value(part, a, objective) for a in reference_legal_damage(part, bound=bound))
        total = _add(total, best)
    return total


def reference_defender_optimum(problem: DamageProblem, fixed: dict[str, dict[str, int]], *,
                               bound: int = DAMAGE_BOUND) -> tuple[int, ...]:
    """The best :func:`redzone.models.damage_problem.defender_value` over the legal assignments that
    agree with ``fixed`` on every source the active player divides (the other players
    complete the assignment), group by group. Raises ValueError when no legal completion
    exists."""
    mine = {s.id for s in problem.sources if s.decider == problem.active_player}
    total = defender_value(problem, {})
    for ids in _damage_components(problem):
        part = _restricted(problem, ids)
        best = None
        for a in reference_legal_damage(part, bound=bound):
            if all(a.get(sid, {}) == {r: n for r, n in fixed.get(sid, {}).items() if n}
                   for sid in ids if sid in mine):
                v = defender_value(part, a)
                best = v if best is None or v > best else best
        if best is None:
            raise ValueError("no legal completion of the active player's choices")
        total = _add(total, best)
    return total


def damage_component_space(problem: DamageProblem) -> int:
    """The largest number of assignments the group-by-group reference lists for one group."""
    return max((damage_search_space(_restricted(problem, ids)) for ids in _damage_components(problem)),
               default=1)


# ============================================================ blocks (CR 509.1, issue 3)
#
# Added by the block-declaration work; the attack and damage functions are unchanged. The
# same idea: list every declaration — each creature of ``problem.blockers`` blocks no
# attacker, or a set of the attackers ``problem.allowed`` gives it, at most as many as its
# capacity — and judge each with :mod:`redzone.models.block_problem` only.

from redzone.models.block_problem import BlockProblem  # noqa: E402
from redzone.models.block_problem import can_pay_life as block_can_pay_life  # noqa: E402
from redzone.models.block_problem import cost_of as block_cost_of  # noqa: E402
from redzone.models.block_problem import life_cost_of as block_life_cost_of  # noqa: E402
from redzone.models.block_problem import obeyed_count as block_obeyed_count  # noqa: E402
from redzone.models.block_problem import restriction_violations as block_restriction_violations  # noqa: E402


def _block_options(problem: BlockProblem, blocker: str) -> list[tuple[str, ...]]:
    """The attacker sets ``blocker`` may be declared blocking (509.1a): every subset of its
    allowed attackers of size at most its capacity, the empty one first."""
    allowed = list(dict.fromkeys(problem.allowed.get(blocker, ())))
    cap = problem.capacity_of(blocker)
    top = len(allowed) if cap is None else min(cap, len(allowed))
    return [combo for k in range(top + 1) for combo in itertools.combinations(allowed, k)]


def block_search_space(problem: BlockProblem) -> int:
    """Number of block declarations the reference lists: the product over blockers of the
    number of attacker sets each may block."""
    size = 1
    for b in dict.fromkeys(problem.blockers):
        size *= len(_block_options(problem, b))
    return size


def all_block_declarations(problem: BlockProblem, *,
                           bound: int = DEFAULT_BOUND) -> Iterator[dict[str, list[str]]]:
    """Every block declaration over the allowed pairs (509.1a), no block first. Only blocking
    creatures appear in each. Raises ValueError when there are more than ``bound``."""
    size = block_search_space(problem)
    if size > bound:
        raise ValueError(f"the reference would list {size} block declarations (more than {bound})")
    blockers = list(dict.fromkeys(problem.blockers))
    options = [_block_options(problem, b) for b in blockers]
    for choice in itertools.product(*options):
        yield {b: list(s) for b, s in zip(blockers, choice) if s}


def _evaluate_blocks(problem: BlockProblem, bound: int) -> tuple[int, list[dict[str, list[str]]]]:
    """(M, legal declarations) by brute force (509.1b-f)."""
    rows = [(block_obeyed_count(problem, d), block_cost_of(problem, d), block_life_cost_of(problem, d), d)
            for d in all_block_declarations(problem, bound=bound)]
    # CR 509.1c: M is the most requirements obeyed by a declaration that breaks no
    # restriction and pays no cost (509.1d: costs are never forced).
    maximum = None
    ok: dict[int, bool] = {}
    for i in sorted(range(len(rows)), key=lambda i: -rows[i][0]):
        obeyed, cost, life, d = rows[i]
        if cost != 0 or life != 0:
            continue
        ok[i] = not block_restriction_violations(problem, d)
        if ok[i]:
            maximum = obeyed
            break
    if maximum is None:
        raise ValueError("no block declaration breaks no restriction (no block should not)")
    legal = []
    for i, (obeyed, cost, life, d) in enumerate(rows):
        if obeyed < maximum or cost > problem.mana or not block_can_pay_life(problem, life):
            continue
        good = ok.get(i)
        if good is None:
            good = not block_restriction_violations(problem, d)
        if good:
            legal.append(d)
    return maximum, legal


def reference_block_maximum(problem: BlockProblem, *, bound: int = DEFAULT_BOUND) -> int:
    """M (CR 509.1c) by exhaustive search. Raises ValueError beyond ``bound`` declarations."""
    return _evaluate_blocks(problem, bound)[0]


def reference_legal_blocks(problem: BlockProblem, *,
                           bound: int = DEFAULT_BOUND) -> list[dict[str, list[str]]]:
    """Every legal block declaration (CR 509.1b-f): breaks no restriction, costs at most
    ``problem.mana``, obeys at least M requirement instances. Raises ValueError beyond
    ``bound`` declarations."""
    return _evaluate_blocks(problem, bound)[1]


def reference_block_is_legal(problem: BlockProblem, declaration: dict[str, list[str]],
                             maximum: int) -> bool:
    """Whether ``declaration`` is a legal block given M (509.1b-f), by direct evaluation."""
    return (not block_restriction_violations(problem, declaration)
            and block_cost_of(problem, declaration) <= problem.mana
            and block_can_pay_life(problem, block_life_cost_of(problem, declaration))
            and block_obeyed_count(problem, declaration) >= maximum)
