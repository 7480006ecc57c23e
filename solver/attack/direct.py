"""The attack plan without CP-SAT, for the problems whose optimum can be written down (CR 508.1).

:func:`redzone.solver.attack.solve.plan_attack` chooses, among the declarations that break no
restriction and pay no cost, the one that obeys the most requirement instances (508.1d), then
has the fewest attacking creatures, then the smallest sum of pair ranks (rank of "creature c
attacks target t" = ``index(c) * len(targets) + index(t)``). On most real boards that
optimum has a closed form, and a CP-SAT solve (about 1 ms of fixed cost) is not needed.

:func:`direct_declaration` computes it when the free pairs' problem has this shape:

- every restriction (508.1c) that can bind is one of "can't attack alone" (NotAlone), "can
  attack only alone" (OnlyAlone), "can't attack unless at least N other creatures attack"
  (MinOtherAttackers), or a cap on the number of attackers with no target set (AttackerCap
  with ``targets=None``). A restriction on a creature without a free pair, or a cap on a
  target set that fewer creatures than the cap can reach, can't bind and is ignored, exactly
  as the CP-SAT model ignores it. Anything else ("greater power", a binding cap on some
  targets) makes the function give up (``None``);
- creature-level requirements of any number; player-level requirements (Trove of
  Temptation: "some creature attacks one of these targets") on at most one set of targets
  (several instances on the same set add up) that some free pair reaches; more sets: ``None``.

Why the result is the optimum. Each restriction above says only "if creature c attacks, the
number N of attacking creatures is at least ``lo(c)``" (NotAlone: 2; MinOtherAttackers: N+1)
or "at most ``hi(c)``" (OnlyAlone: 1), and a global cap bounds N. So for a fixed N, a
declaration with N attackers is restriction-legal exactly when each attacker is *eligible*
(``lo(c) <= N <= hi(c)``), whatever else attacks. For a fixed N and the eligible set E,
a creature c attacking t scores ``v(c, t)`` (its own requirement instances obeyed by
attacking t), and the player-level set G adds its count ``w`` when some attacker's target
is in G. Write ``best(c)`` for c's pair with the largest v and, among those, the smallest
rank, and ``best_G(c)`` the same among c's pairs into G. Then, lexicographically (score up,
rank sum down):

- among declarations that do not rely on G, the best is the N creatures of E with the best
  ``best(c)`` keys (v descending, rank ascending), each on ``best(c)`` — a choice of N items
  maximising a sum of values then minimising a sum of ranks takes the top N by that key
  (ranks of different creatures never tie: they differ in ``index(c)``); it gets ``w`` too
  if one of them happens to attack into G;
- a declaration covering G has an attacker c* into G; c* on ``best_G(c*)`` and every other
  attacker on its ``best`` is at least as good (coverage is kept by c*), and the others are
  then the top N-1 of E without c*. Trying every c* in E covers every such declaration.

The best of these candidates over every N (score first, then fewer attackers, then a smaller
rank sum) is therefore the model's optimum under the same order; N runs from 0 (the empty
declaration) to the number of creatures with a free pair. A remaining tie (two declarations
with equal score, attacker count and rank sum) is settled here by the order of the search
(smaller N, option without c* first, then c* in creature order) — CP-SAT's own search could
settle such a tie differently; the objective values are the same.

Plain Python (no ortools); ``O(n^2)`` in the number n of creatures with a free pair.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from redzone.models.attack_problem import (
    AttackerCap,
    AttackProblem,
    MinOtherAttackers,
    NotAlone,
    OnlyAlone,
)

__all__ = ["direct_declaration"]


class PairLike(Protocol):
    """An allowed free (creature, target) pair with positions (``redzone.solver.attack.solve._Pair``)."""

    @property
    def creature(self) -> str: ...
    @property
    def target(self) -> str: ...
    @property
    def ci(self) -> int: ...
    @property
    def ti(self) -> int: ...


def direct_declaration(problem: AttackProblem, pairs: Sequence[PairLike]) -> dict[str, str] | None:
    """The optimal free declaration of :func:`redzone.solver.attack.solve.plan_attack` (see the
    module docstring for the order and the proof), or ``None`` when the problem has a
    restriction or player-level requirements outside the shape handled here.

    ``pairs``: the problem's free allowed pairs in (creature position, target position)
    order, as ``redzone.solver.attack.solve._pairs(problem, paid=False)`` gives them. Returns
    attacking creature id -> target id, in creature order. Raises nothing.
    """
    width = max(len(problem.targets), 1)
    by_creature: dict[str, list[PairLike]] = {}
    for p in pairs:
        by_creature.setdefault(p.creature, []).append(p)
    n = len(by_creature)

    # 508.1c: each binding restriction as a bound on the number of attackers N.
    lo: dict[str, int] = {}
    hi: dict[str, int] = {}
    cap = n
    for r in problem.restrictions:
        if isinstance(r, AttackerCap):
            if r.targets is None:
                cap = min(cap, r.maximum)
            elif len({p.creature for p in pairs if p.target in r.targets}) > r.maximum:
                return None  # a binding cap on some targets: not this shape
            continue
        if r.creature not in by_creature:
            continue  # a creature with no free pair never attacks: it can't be broken
        if isinstance(r, NotAlone):
            lo[r.creature] = max(lo.get(r.creature, 1), 2)
        elif isinstance(r, MinOtherAttackers):
            lo[r.creature] = max(lo.get(r.creature, 1), r.count + 1)
        elif isinstance(r, OnlyAlone):
            hi[r.creature] = 1
        else:
            return None  # greater power (or a future kind): leave it to CP-SAT

    # 508.1d: a creature's own requirements give each of its pairs a value; player-level
    # requirements are grouped by their target set, like the model's "obeyed" term.
    value: dict[tuple[str, str], int] = {}
    groups: dict[frozenset[str] | None, int] = {}
    for r in problem.requirements:
        if r.creature is None:
            groups[r.targets] = groups.get(r.targets, 0) + 1
            continue
        for p in by_creature.get(r.creature, ()):
            if r.targets is None or p.target in r.targets:
                value[(p.creature, p.target)] = value.get((p.creature, p.target), 0) + 1
    reached = {p.target for p in pairs}
    live = [(ts, w) for ts, w in groups.items() if ts is None and pairs or ts is not None and ts & reached]
    if len(live) > 1:
        return None
    group, weight = live[0] if live else (frozenset(), 0)

    # Each creature's best pair and best pair into G: key (value, -rank), larger is better.
    best: dict[str, tuple[tuple[int, int], PairLike]] = {}
    best_g: dict[str, tuple[tuple[int, int], PairLike]] = {}
    for c, ps in by_creature.items():
        for p in ps:
            k = (value.get((c, p.target), 0), -(p.ci * width + p.ti))
            if c not in best or k > best[c][0]:
                best[c] = (k, p)
            if (group is None or p.target in group) and (c not in best_g or k > best_g[c][0]):
                best_g[c] = (k, p)
    ranked = sorted(by_creature, key=lambda c: best[c][0], reverse=True)
    into_g = {c for c in by_creature if group is None or best[c][1].target in group}

    # (score, -N, -rank sum) is maximised; the declaration is a list of pairs.
    top: tuple[tuple[int, int, int], list[PairLike]] = ((0, 0, 0), [])
    for size in range(1, min(n, cap) + 1):
        eligible = [c for c in ranked if lo.get(c, 1) <= size <= hi.get(c, n)]
        if len(eligible) < size:
            continue
        head = eligible[:size]
        v = sum(best[c][0][0] for c in head)
        rank = -sum(best[c][0][1] for c in head)
        covered = any(c in into_g for c in head)
        if (v + (weight if covered else 0), -size, -rank) > top[0]:
            top = ((v + (weight if covered else 0), -size, -rank), [best[c][1] for c in head])
        if weight == 0 or covered:
            continue  # the top N already has every point G can give
        # c* attacks into G; the others are the top N-1 of E without c*.
        last_v, last_r = best[head[-1]][0]
        head_v, head_r = v - last_v, rank + last_r  # the top N-1
        for i, c in enumerate(eligible):
            g = best_g.get(c)
            if g is None:
                continue
            if i < size - 1:  # c* is among the top N-1: the others are the top N without it
                others_v, others_r = v - best[c][0][0], rank + best[c][0][1]
            else:
                others_v, others_r = head_v, head_r
            score = (g[0][0] + others_v + weight, -size, g[0][1] - others_r)
            if score > top[0]:
                top = (score, [g[1], *(best[e][1] for e in head if e != c)][:size])
    chosen = sorted(top[1], key=lambda p: (p.ci, p.ti))
    return {p.creature: p.target for p in chosen}
