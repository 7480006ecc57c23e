"""CP-SAT model of the declare-attackers decision (CR 508.1), read from an AttackProblem.

The model, built from :class:`redzone.models.attack_problem.AttackProblem` only:

- one Boolean ``x[c, t]`` per allowed (creature, target) pair — "creature c attacks t";
- at most one target per creature (508.1a-b), through a literal "c attacks";
- every restriction a hard linear constraint over those literals and attacker counts
  (508.1c); every requirement instance an "obeyed" term (508.1d) — a creature's own
  requirement is the sum of its ``x`` on the targets that obey it, a player-level one a
  Boolean "some creature attacks one of these targets" (bounded above by that fact when
  maximising, equal to it when enumerating);
- the attack costs a linear expression bounded by the available mana (508.1h-j).

Computing M (the most requirements any restriction-legal declaration obeys without paying,
508.1d) uses only the free pairs: costs are never forced (1.4 of the rules digest). Checking
and enumerating then admit paid pairs within the mana, with "obeyed >= M" as a constraint.

ortools is imported lazily inside the functions. Every solve uses one worker and a fixed
seed, so results are reproducible (for a given problem and ortools version) as long as no
time limit expires.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from redzone.solver._cpsat import elapsed_ms as _ms, make_solver, new_bools, new_model, status_name as _status
from redzone.models.attack_problem import (
    AttackerCap,
    AttackProblem,
    Declaration,
    GreaterPowerCompanion,
    MinOtherAttackers,
    NotAlone,
    OnlyAlone,
    Requirement,
    Violation,
    can_pay_life,
    cost_of,
    life_cost_of,
    obeyed_count,
    obeys,
    restriction_violations,
)
from redzone.models.errors import ScenarioError
from redzone.models.limits import check_time, check_time_limit
from redzone.solver.attack.direct import direct_declaration
from redzone.solver.attack.results import (
    UNPROVED_REASON,
    AttackCheck,
    AttackEnumeration,
    AttackPlan,
    Status,
    listing_status,
)

__all__ = [
    "AttackCheck",
    "AttackEnumeration",
    "AttackPlan",
    "check_attack",
    "enumerate_attacks",
    "maximum_requirements",
    "plan_attack",
]

_DIRECT = True
"""Whether plans and M use :func:`redzone.solver.attack.direct.direct_declaration` when the
problem has its shape (False: always CP-SAT; the differential tests compare the two)."""

_SINGLE_SOLVE_LIMIT = 2**31
"""Largest objective coefficient range for which :func:`plan_attack` folds its tie-break
into one weighted solve; wider ranges defeat CP-SAT's (floating-point) linear relaxation,
so larger problems take two solves instead."""


# ---------------------------------------------------------------------------- input checks


def _validate(problem: AttackProblem) -> None:
    """Reject numbers the rules can't produce (ScenarioError naming the field)."""
    if problem.mana < 0:
        raise ScenarioError("mana", f"available mana must be 0 or more, got {problem.mana}")
    for (c, t), amount in problem.costs.items():
        if amount < 0:
            raise ScenarioError(f"costs[{c}, {t}]", f"an attack cost must be 0 or more, got {amount}")
    for r in problem.restrictions:
        if isinstance(r, AttackerCap) and r.maximum < 0:
            raise ScenarioError(
                "restrictions", f"{r.source}: the attacker cap must be 0 or more, got {r.maximum}")


# ---------------------------------------------------------------------------- pairs


@dataclass(frozen=True)
class _Pair:
    """An allowed (creature, target) pair: ``ci``/``ti`` are positions in the problem."""

    creature: str
    target: str
    ci: int
    ti: int
    cost: int
    life: int = 0


def _pairs(problem: AttackProblem, *, paid: bool) -> list[_Pair]:
    """Allowed pairs in (creature position, target position) order (508.1a-b).

    With ``paid=False`` only free pairs (costs are never forced when computing M, 508.1d);
    with ``paid=True`` also pairs whose cost fits in the mana (508.1h-j). Ids that are not a
    creature of the problem or not a target are dropped: attacking them is never legal.
    """
    tindex = {t.id: j for j, t in enumerate(problem.targets)}
    out: list[_Pair] = []
    seen: set[str] = set()
    for i, c in enumerate(problem.creatures):
        if i & 255 == 0:
            check_time("building the attack model")
        if c in seen:
            continue
        seen.add(c)
        js: set[int] = set()
        for t in problem.allowed.get(c, ()):
            j = tindex.get(t)
            if j is None:
                continue
            cost = problem.costs.get((c, t), 0)
            if cost > 0 and (not paid or cost > problem.mana):
                continue
            life = problem.life_costs.get((c, t), 0)
            if life > 0 and (not paid or not can_pay_life(problem, life)):
                continue  # life is a cost too: never forced, at most the life total (119.4)
            js.add(j)
        for j in sorted(js):
            t = problem.targets[j].id
            out.append(_Pair(c, t, i, j, problem.costs.get((c, t), 0),
                             problem.life_costs.get((c, t), 0)))
    return out


def _obeyable(problem: AttackProblem, pairs: list[_Pair]) -> bool:
    """Whether some single pair obeys some requirement (else M is 0, 508.1d)."""
    by_creature: dict[str, set[str]] = {}
    all_targets: set[str] = set()
    for p in pairs:
        by_creature.setdefault(p.creature, set()).add(p.target)
        all_targets.add(p.target)
    for r in problem.requirements:
        pool = all_targets if r.creature is None else by_creature.get(r.creature, set())
        if pool and (r.targets is None or not pool.isdisjoint(r.targets)):
            return True
    return False


# ---------------------------------------------------------------------------- the model


class _AttackModel:
    """The CP-SAT model over a list of pairs (see the module docstring)."""

    def __init__(self, problem: AttackProblem, pairs: list[_Pair], *, exact: bool = False) -> None:
        """``exact``: make every auxiliary "obeyed" Boolean equal to its meaning (needed when
        enumerating solutions); otherwise it is only bounded above, which suffices when the
        count is maximised."""
        from ortools.sat.python import cp_model

        self.cp = cp_model
        self.exact = exact
        self.problem = problem
        self.pairs = pairs
        m = self.model = new_model()
        self.x = new_bools(m, len(pairs))
        self.by_creature: dict[str, list[int]] = {}
        self.by_target: dict[str, list[int]] = {}
        for k, p in enumerate(pairs):
            self.by_creature.setdefault(p.creature, []).append(k)
            self.by_target.setdefault(p.target, []).append(k)
        self._total: Any = None
        self._on_target: dict[str, Any] = {}
        self._attacks: dict[str, Any] = {}
        self._stronger: dict[int, Any] = {}

        # CR 508.1a-b: each attacking creature attacks exactly one target (a player, a
        # planeswalker or a battle); a creature not attacking has all its x at 0. With
        # several possible targets, "attacks" is a literal a and exactly one of (not a, x...)
        # holds.
        for c, ks in self.by_creature.items():
            if len(ks) == 1:
                self._attacks[c] = self.x[ks[0]]
            else:
                a = m.new_bool_var("")
                m.add_exactly_one([~a, *(self.x[k] for k in ks)])
                self._attacks[c] = a

        for r in problem.restrictions:
            self._restriction(r)
        self.obeyed_vars, self.obeyed_coefs = self._requirements(problem.requirements)

        # CR 508.1h-j: the total of all attack costs is locked in and paid in full from the
        # mana available; only pairs with a nonzero cost enter the sum.
        paid = [k for k, p in enumerate(pairs) if p.cost > 0]
        if paid:
            worst: dict[str, int] = {}
            for k in paid:
                c = pairs[k].creature
                worst[c] = max(worst.get(c, 0), pairs[k].cost)
            if sum(worst.values()) > problem.mana:
                m.add(cp_model.LinearExpr.weighted_sum(
                    [self.x[k] for k in paid], [pairs[k].cost for k in paid]) <= problem.mana)
        # CR 119.4, 107.4f: Phyrexian mana paid with life: the life paid in total is at most
        # the attacking player's life total: sum(life_k * x_k) <= life.
        lifed = [k for k, p in enumerate(pairs) if p.life > 0]
        if lifed:
            m.add(cp_model.LinearExpr.weighted_sum(
                [self.x[k] for k in lifed], [pairs[k].life for k in lifed]) <= max(0, problem.life))

    # ---------------------------------------------------------------- helper variables

    def total(self) -> Any:
        """Integer variable: the number of attacking creatures."""
        if self._total is None:
            n = len(self.by_creature)
            self._total = self.model.new_int_var(0, n, "attackers")
            self.model.add(self.cp.LinearExpr.sum(list(self._attacks.values())) == self._total)
        return self._total

    def on_target(self, target: str) -> Any:
        """Number of creatures attacking ``target`` (a variable or a literal)."""
        v = self._on_target.get(target)
        if v is None:
            ks = self.by_target[target]
            if len(ks) == 1:
                v = self.x[ks[0]]
            else:
                v = self.model.new_int_var(0, len(ks), "")
                self.model.add(self.cp.LinearExpr.sum([self.x[k] for k in ks]) == v)
            self._on_target[target] = v
        return v

    def attacks(self, creature: str) -> Any:
        """Literal: ``creature`` attacks (some target). The creature must have a pair."""
        return self._attacks[creature]

    def max_count(self, targets: frozenset[str] | None) -> int:
        """How many creatures could attack one of ``targets`` (``None``: any target)."""
        if targets is None:
            return len(self.by_creature)
        return len({self.pairs[k].creature for t in targets for k in self.by_target.get(t, ())})

    def stronger(self, power: int) -> Any:
        """Number of attacking creatures with power greater than ``power``, or None."""
        if power not in self._stronger:
            cs = [a for c, a in self._attacks.items() if self.problem.power.get(c, 0) > power]
            v: Any = None
            if cs:
                v = self.model.new_int_var(0, len(cs), "")
                self.model.add(self.cp.LinearExpr.sum(cs) == v)
            self._stronger[power] = v
        return self._stronger[power]

    # ---------------------------------------------------------------- restrictions

    def _restriction(self, r: Any) -> None:
        m = self.model
        if isinstance(r, AttackerCap):
            # CR 508.1c: a cap on the number of attackers (802.3a: a cap on attacking one
            # player or its permanents counts only the creatures attacking those targets).
            if r.targets is None:
                ks_count = len(self.by_creature)
                expr = None if ks_count <= r.maximum else self.total()
            else:
                ts = [t for t in self.by_target if t in r.targets]
                creatures = {self.pairs[k].creature for t in ts for k in self.by_target[t]}
                expr = (None if len(creatures) <= r.maximum
                        else self.cp.LinearExpr.sum([self.on_target(t) for t in ts]))
            if expr is not None:
                m.add(expr <= r.maximum)
            return
        if r.creature not in self.by_creature:
            return  # that creature can't attack here, so the restriction can't be broken
        a = self.attacks(r.creature)
        # Each group restriction below is one linear constraint over "a" (0 or 1) and a
        # count, so it is exact and also part of CP-SAT's linear relaxation.
        if isinstance(r, NotAlone):
            # CR 508.1c: "can't attack alone" — if it attacks, another creature attacks too:
            # attackers >= 2 * a.
            m.add(self.total() - 2 * a >= 0)
        elif isinstance(r, OnlyAlone):
            # CR 508.1c: "can attack only alone" — if it attacks, no other creature attacks:
            # attackers <= 1 + (K - 1) * (1 - a), K = creatures able to attack.
            k = len(self.by_creature)
            if k > 1:
                m.add(self.total() + (k - 1) * a <= k)
        elif isinstance(r, MinOtherAttackers):
            # CR 508.1c: "can't attack unless at least N other creatures attack":
            # attackers >= (N + 1) * a.
            if r.count > 0:
                m.add(self.total() - (r.count + 1) * a >= 0)
        elif isinstance(r, GreaterPowerCompanion) and r.companions is not None:
            # CR 508.1c: "can't attack unless a black or green creature also attacks" (h17):
            # sum of the companions' attack variables >= a.
            cs = [v for c, v in self._attacks.items() if c in r.companions and c != r.creature]
            if not cs:
                m.add(a == 0)
            else:
                m.add(self.cp.LinearExpr.sum(cs) - a >= 0)
        elif isinstance(r, GreaterPowerCompanion):
            # CR 508.1c: "can't attack unless a creature with greater power also attacks";
            # the creature never has greater power than itself: stronger attackers >= a.
            s = self.stronger(self.problem.power.get(r.creature, 0))
            if s is None:
                m.add(a == 0)
            else:
                m.add(s - a >= 0)
        else:  # pragma: no cover - the Restriction union is closed
            raise ScenarioError("restrictions", f"unsupported restriction {type(r).__name__}")

    # ---------------------------------------------------------------- requirements

    def _requirements(self, requirements: tuple[Requirement, ...]) -> tuple[list[Any], list[int]]:
        """The "obeyed" count as (variables, coefficients), one unit per instance (508.1d)."""
        coef: Counter[int] = Counter()
        player_level: Counter[frozenset[str] | None] = Counter()
        for r in requirements:
            if r.creature is None:
                player_level[r.targets] += 1
                continue
            # CR 508.1d: a creature's requirement (701.15b goad gives two, one of them for
            # players other than the goader) is obeyed when it attacks one of its targets;
            # at most one of its x is 1, so the sum is 0 or 1.
            for k in self.by_creature.get(r.creature, ()):
                if r.targets is None or self.pairs[k].target in r.targets:
                    coef[k] += 1
        variables: list[Any] = [self.x[k] for k in coef]
        coefs: list[int] = list(coef.values())
        m = self.model
        for targets, count in player_level.items():
            # CR 508.1d: a player-level requirement ("attacks with at least one creature if
            # able", possibly toward given targets) is obeyed when some creature attacks one
            # of them.
            if targets is None:
                if not self.pairs:
                    continue
                expr = self.total()
            else:
                ts = [t for t in self.by_target if t in targets]
                if not ts:
                    continue
                expr = self.cp.LinearExpr.sum([self.on_target(t) for t in ts])
            o = m.new_bool_var("")
            m.add(expr - o >= 0)  # obeyed only if some creature attacks one of the targets
            if self.exact:  # and obeyed whenever one does: expr <= (max count) * o
                m.add(expr - self.max_count(targets) * o <= 0)
            variables.append(o)
            coefs.append(count)
        return variables, coefs

    def obeyed(self) -> Any:
        """Linear expression: requirement instances obeyed (508.1d)."""
        return self.cp.LinearExpr.weighted_sum(self.obeyed_vars, self.obeyed_coefs)

    def declaration(self, value: Any) -> dict[str, str]:
        """The declaration read through ``value`` (a solver's or a callback's)."""
        return {self.pairs[k].creature: self.pairs[k].target
                for k, v in enumerate(self.x) if value(v)}


# ---------------------------------------------------------------------------- solving


def _import_ortools() -> float:
    """Import CP-SAT (the first import takes about half a second); returns the seconds it
    took, which the callers leave out of their timings and time limits."""
    t0 = time.perf_counter()
    from ortools.sat.python import cp_model  # noqa: F401

    return time.perf_counter() - t0



def _empty_plan(t0: float) -> AttackPlan:
    """The empty declaration, proved optimal without a solve (M = 0)."""
    return AttackPlan(legal=True, status="optimal", attackers={}, obeyed=0, maximum=0,
                      mana_paid=0, build_ms=_ms(t0), solve_ms=0.0, maximum_proved=True)


def _remaining(time_limit: float | None, t0: float) -> float | None:
    """Seconds left of ``time_limit`` counted from ``t0`` (``None``: no limit)."""
    if time_limit is None:
        return None
    return max(time_limit - (time.perf_counter() - t0), 0.0)


def _upper(solver: Any, weight: int, slack: int) -> int:
    """Upper bound on the requirements obeyed, from the bound of an objective
    ``weight * obeyed - penalty`` with ``0 <= penalty <= slack < weight``."""
    bound = math.floor(solver.best_objective_bound + 1e-6)
    return (bound + slack) // weight


def plan_attack(problem: AttackProblem, *, time_limit: float | None = None) -> AttackPlan:
    """A legal declaration of attackers that pays no cost (CR 508.1c-d, 508.1h).

    Returns an :class:`AttackPlan` whose ``attackers`` break no restriction (508.1c), use
    only allowed pairs (508.1a-b), cost nothing (costs are never forced, 508.1d) and obey the
    maximum number M of requirement instances (508.1d); ``maximum`` is M.

    Tie-break among the declarations obeying M requirements, in this order:

    1. fewest attacking creatures;
    2. smallest sum of pair ranks, where the rank of "creature c attacks target t" is
       ``index(c in problem.creatures) * len(problem.targets) + index(t in problem.targets)``
       (earlier creatures and earlier targets are preferred);
    3. any remaining tie (equal rank sums) is settled by CP-SAT's single-worker search with
       a fixed seed: the same problem gives the same answer with the same ortools version.

    Most real boards need no solve: when every binding restriction only bounds the number of
    attackers (alone, only alone, N others, a cap on the whole attack) and player-level
    requirements name at most one set of targets,
    :func:`redzone.solver.attack.direct.direct_declaration` writes the optimum of this same
    order down directly (proved there; tests/test_attack_direct.py compares it with the
    model), settling a remaining tie by its own search order.

    Small problems take one solve of the weighted objective
    ``W * obeyed - sum over attacking pairs of (B + rank)``, where ``B`` exceeds every
    possible rank sum and ``W`` every possible penalty, so the tie-break never outweighs one
    requirement. When ``W`` times the number of requirements would exceed 2**31 (from
    roughly 150-200 creatures with a few targets) the coefficients get too wide for CP-SAT's
    linear relaxation, and two solves give the same order: maximise
    ``(n + 1) * obeyed - attackers`` (n: creatures able to attack), then, with those two
    values fixed, minimise the rank sum.

    ``time_limit``: seconds for the whole call (``None``: no limit; else finite and above 0),
    also bounded by an enclosing :func:`redzone.models.limits.time_budget`. When it expires,
    ``status`` is ``"feasible"`` and ``maximum`` is the best value known; ``maximum_proved``
    says whether M was nevertheless proved. ``legal`` is True only when M is proved (or the
    declaration obeys every requirement); otherwise it is ``None`` with ``reason``
    "the maximum was not proved within the time limit" — never a claim without proof. ``status`` is
    ``"optimal"`` only when proved: by CP-SAT, directly (above), or trivially (no
    requirements, or none that any free pair can obey: the empty declaration is then the
    unique tie-break winner).

    Raises :class:`redzone.models.errors.ScenarioError` for negative mana, costs or caps or
    a bad ``time_limit``; :class:`redzone.models.limits.TimeLimitReached` when an enclosing
    budget runs out while the model is built.
    """
    check_time_limit(time_limit)
    return _plan(problem, time_limit)[0]


def _plan(problem: AttackProblem, time_limit: float | None) -> tuple[AttackPlan, int]:
    """:func:`plan_attack`'s plan and an upper bound on M (508.1d). ortools is imported only
    when a model is solved (a batch of boards answered directly never loads it)."""
    t0 = time.perf_counter()
    _validate(problem)
    pairs = _pairs(problem, paid=False)
    if not problem.requirements or not _obeyable(problem, pairs):
        return _empty_plan(t0), 0
    direct = direct_declaration(problem, pairs) if _DIRECT else None
    if direct is not None:
        # The optimum written down without a solve (solver/attack/direct.py proves it is the
        # model's): legal, M proved.
        obeyed = obeyed_count(problem, direct)
        return AttackPlan(legal=True, status="optimal", attackers=direct, obeyed=obeyed,
                          maximum=obeyed, mana_paid=0, build_ms=_ms(t0), solve_ms=0.0,
                          maximum_proved=True), obeyed
    t0 += _import_ortools()
    am = _AttackModel(problem, pairs)
    cp = am.cp
    top = len(problem.requirements)  # M is at most the number of requirement instances
    n = len(am.by_creature)
    width = max(len(problem.targets), 1)
    ranks = [p.ci * width + p.ti for p in pairs]
    max_rank: dict[str, int] = {}
    for p, r in zip(pairs, ranks):
        max_rank[p.creature] = max(max_rank.get(p.creature, 0), r)
    rank_sum = sum(max_rank.values())  # >= the rank sum of any declaration
    base = rank_sum + 1
    weight = n * base + rank_sum + 1  # > the penalty of any declaration
    attackers_expr = cp.LinearExpr.sum(am.x)
    rank_expr = cp.LinearExpr.weighted_sum(am.x, ranks)
    single = weight * (len(problem.requirements) + 1) <= _SINGLE_SOLVE_LIMIT
    if single:
        # One solve: W * obeyed - (B * attackers + rank sum), the docstring's order.
        am.model.maximize(weight * am.obeyed() - base * attackers_expr - rank_expr)
    else:
        # First of two solves: requirements, then fewest attackers.
        weight, base = n + 1, 1
        am.model.maximize(weight * am.obeyed() - attackers_expr)
    build_ms = _ms(t0)

    t1 = time.perf_counter()
    solver = _solver(_remaining(time_limit, t0))
    status = _status(solver.solve(am.model))
    if status == "infeasible":  # pragma: no cover - the empty declaration is always a solution
        raise RuntimeError("attack model infeasible: the empty declaration should be legal")
    if status == "unknown":
        # No solution within the time limit: fall back on the empty declaration, which
        # breaks no restriction and costs nothing; M is then unproved (unless there is no
        # requirement the empty declaration misses), so its legality is unknown (508.1d).
        return AttackPlan(legal=None, status="feasible", attackers={}, obeyed=0, maximum=0,
                          mana_paid=0, build_ms=build_ms, solve_ms=_ms(t1),
                          maximum_proved=False, reason=UNPROVED_REASON), top
    attackers = am.declaration(solver.boolean_value)
    obeyed = obeyed_count(problem, attackers)
    upper = min(top, _upper(solver, weight, weight - 1)) if status != "optimal" else obeyed
    proved = status == "optimal" or upper <= obeyed
    if not single and status == "optimal":
        # Second solve: keep M and the fewest attackers, minimise the rank sum, starting
        # from the first solve's declaration.
        am.model.add(am.obeyed() >= obeyed)
        am.model.add(attackers_expr <= len(attackers))
        for v in am.x:
            am.model.add_hint(v, solver.boolean_value(v))
        am.model.minimize(rank_expr)
        solver = _solver(_remaining(time_limit, t0))
        status = _status(solver.solve(am.model))
        if status in ("optimal", "feasible"):
            attackers = am.declaration(solver.boolean_value)
        else:
            status = "feasible"
    # The declaration breaks no restriction and pays nothing (the model's constraints); it
    # is legal when it obeys M (508.1d), known only when M is proved.
    return AttackPlan(legal=True if proved else None,
                      status="optimal" if status == "optimal" else "feasible",
                      attackers=attackers, obeyed=obeyed, maximum=obeyed, mana_paid=0,
                      build_ms=build_ms, solve_ms=_ms(t1), maximum_proved=proved,
                      reason=None if proved else UNPROVED_REASON), max(upper, obeyed)


def maximum_requirements(problem: AttackProblem,
                         time_limit: float | None = None) -> tuple[int, bool]:
    """M: the most requirement instances obeyed by a declaration that breaks no restriction
    and pays no cost (CR 508.1d), and whether it is proved.

    Returns ``(M, proved)``; when the time limit (seconds) expires, ``M`` is the best value
    found so far (a lower bound) and ``proved`` is False. Raises ScenarioError like
    :func:`plan_attack`.
    """
    check_time_limit(time_limit)
    m, proved, _, _ = _maximum(problem, time_limit)
    return m, proved


def _maximum(problem: AttackProblem, time_limit: float | None) -> tuple[int, bool, float, float]:
    t0 = time.perf_counter()
    _validate(problem)
    pairs = _pairs(problem, paid=False)
    if not problem.requirements or not _obeyable(problem, pairs):
        return 0, True, _ms(t0), 0.0
    direct = direct_declaration(problem, pairs) if _DIRECT else None
    if direct is not None:
        return obeyed_count(problem, direct), True, _ms(t0), 0.0
    t0 += _import_ortools()
    am = _AttackModel(problem, pairs)
    am.model.maximize(am.obeyed())
    build_ms = _ms(t0)
    t1 = time.perf_counter()
    solver = _solver(time_limit)
    status = _status(solver.solve(am.model))
    solve_ms = _ms(t1)
    if status == "unknown":
        return 0, False, build_ms, solve_ms
    value = obeyed_count(problem, am.declaration(solver.boolean_value))
    proved = status == "optimal" or math.floor(solver.best_objective_bound + 1e-6) <= value
    return value, proved, build_ms, solve_ms


# ---------------------------------------------------------------------------- checking


def _cost_violation(problem: AttackProblem, declaration: Declaration, paid: int) -> Violation:
    parts: list[str] = []
    sources: list[str] = []
    for c, t in declaration.items():
        amount = problem.costs.get((c, t), 0)
        if amount > 0:
            srcs = problem.cost_sources.get((c, t), ())
            by = f" ({', '.join(srcs)})" if srcs else ""
            parts.append(f"{amount} for {problem.label(c)} attacking {problem.label(t)}{by}")
            sources.extend(srcs)
    return Violation(
        "cost", ", ".join(dict.fromkeys(sources)) or "CR 508.1h",
        f"the attack costs {paid} generic mana in total ({'; '.join(parts)}) "
        f"but only {problem.mana} is available (CR 508.1h-j)")


def _life_violation(problem: AttackProblem, declaration: Declaration, paid: int) -> Violation:
    sources: list[str] = []
    for c, t in declaration.items():
        if problem.life_costs.get((c, t), 0) > 0:
            sources.extend(problem.cost_sources.get((c, t), ()))
    return Violation(
        "cost", ", ".join(dict.fromkeys(sources)) or "CR 119.4",
        f"the attack costs {paid} life in total (Phyrexian mana paid with life, CR 107.4f) "
        f"but {problem.attacking_player} has {problem.life} life; a player can't pay more "
        f"life than they have (CR 119.4)")


def _requirements_violation(problem: AttackProblem, declaration: Declaration,
                            obeyed: int, maximum: int) -> Violation:
    missed = [r for r in problem.requirements if not obeys(r, declaration)]
    names = "; ".join(
        f"{problem.label(r.creature) if r.creature else 'a creature'} {r.description} ({r.source})"
        for r in missed)
    return Violation(
        "requirements", ", ".join(dict.fromkeys(r.source for r in missed)) or "CR 508.1d",
        f"obeys {obeyed} of the maximum {maximum} requirements (CR 508.1d); not obeyed: {names}")


def check_attack(problem: AttackProblem, declaration: Declaration, *,
                 time_limit: float | None = None) -> AttackCheck:
    """Whether ``declaration`` (attacking creature id -> target id) is legal (CR 508.1).

    Illegal when it breaks a restriction or availability rule or names an unknown id
    (508.1a-c, from :func:`redzone.models.attack_problem.restriction_violations`), when its total
    cost exceeds the mana (508.1h-j, a ``"cost"`` violation naming each cost and its
    source), or when it obeys fewer than M requirement instances (508.1d, a
    ``"requirements"`` violation "obeys X of the maximum M requirements (CR 508.1d)" listing
    the requirements it misses). Paying is allowed: a paid declaration within the mana is
    legal when it obeys at least M.

    ``witness`` is a legal declaration (the :func:`plan_attack` plan) when the proposal is
    illegal, ``None`` when it is legal. ``status`` is ``"optimal"`` when M is proved (by
    CP-SAT, or directly: a free, restriction-legal proposal obeying every requirement shows
    M is the number of requirements), ``"feasible"`` when the time limit cut the proof.

    Never "legal" without proof: a proven violation (restriction, availability, cost, or
    fewer requirements than a declaration found obeys) makes ``legal`` False; a proposal
    with none that obeys as many requirements as the best declaration found, while M is
    unproved, is ``legal: None`` with ``reason`` "the maximum was not proved within the time
    limit", and no witness is offered (none is known to be legal). Raises ScenarioError like
    :func:`plan_attack`.
    """
    if not isinstance(declaration, Mapping):
        raise ScenarioError("combat.attackers", "must map attacking creature ids to targets")
    check_time_limit(time_limit)
    _validate(problem)
    violations = list(restriction_violations(problem, declaration))
    paid = cost_of(problem, declaration)
    if paid > problem.mana:
        violations.append(_cost_violation(problem, declaration, paid))
    life_paid = life_cost_of(problem, declaration)
    if not can_pay_life(problem, life_paid):
        violations.append(_life_violation(problem, declaration, life_paid))
    obeyed = obeyed_count(problem, declaration)
    if not violations and paid == 0 and life_paid == 0 and obeyed == len(problem.requirements):
        # This declaration itself counts toward M (free, restriction-legal), so M = obeyed.
        return AttackCheck(legal=True, violations=[], obeyed=obeyed, maximum=obeyed,
                           mana_paid=paid, witness=None, status="optimal")
    plan, upper = _plan(problem, time_limit)
    maximum = plan.maximum  # M when proved; else a lower bound (a declaration obeys it)
    proved = plan.maximum_proved
    if obeyed < maximum:
        # CR 508.1d: the plan breaks no restriction, pays nothing and obeys more: proved.
        violations.append(_requirements_violation(problem, declaration, obeyed, maximum))
    legal: bool | None
    if violations:
        legal = False
    elif proved or obeyed >= upper:
        legal = True
    else:
        legal = None
    status: Status = "optimal" if proved else "feasible"
    return AttackCheck(legal=legal, violations=violations, obeyed=obeyed, maximum=maximum,
                       mana_paid=paid,
                       witness=dict(plan.attackers) if legal is False and proved else None,
                       status=status, maximum_proved=proved,
                       build_ms=plan.build_ms, solve_ms=plan.solve_ms,
                       reason=UNPROVED_REASON if legal is None else None)


# ---------------------------------------------------------------------------- enumeration


def _sort_key(problem: AttackProblem) -> Any:
    cpos = {c: i for i, c in reversed(list(enumerate(problem.creatures)))}
    tpos = {t.id: j for j, t in enumerate(problem.targets)}

    def key(d: Mapping[str, str]) -> tuple[int, tuple[tuple[int, int], ...]]:
        return len(d), tuple(sorted((cpos[c], tpos[t]) for c, t in d.items()))

    return key


def enumerate_attacks(problem: AttackProblem, *, limit: int = 1000,
                      time_limit: float | None = None) -> AttackEnumeration:
    """Every legal declaration of attackers, paid ones included (CR 508.1c-d, 508.1h-j).

    First M is computed (508.1d, free declarations only); then CP-SAT enumerates every
    declaration that breaks no restriction, costs at most the mana and obeys at least M
    requirement instances. ``declarations`` are sorted by number of attackers, then by the
    sorted (creature position, target position) pairs. At most ``limit`` are returned;
    ``complete`` is False when more exist, when ``time_limit`` (seconds, shared by both
    solves) expired, or when M was not proved (the list is then only a best effort). When the
    enumeration was cut, the declarations returned are the first ones CP-SAT found, sorted.

    Raises ScenarioError for a negative ``limit`` and like :func:`plan_attack`.
    """
    if limit < 0:
        raise ScenarioError("limit", f"must be 0 or more, got {limit}")
    check_time_limit(time_limit)
    t0 = time.perf_counter()
    maximum, proved, build_ms, solve_ms = _maximum(problem, time_limit)
    key = _sort_key(problem)
    pairs = _pairs(problem, paid=True)
    if not pairs:
        # No creature can attack: the empty declaration is the only one (M = 0).
        found = [{}] if limit >= 1 else []
        complete = limit >= 1 and proved
        return AttackEnumeration(found, len(found), complete, maximum, listing_status(complete),
                                 build_ms + _ms(t0), solve_ms, proved)

    _import_ortools()
    t1 = time.perf_counter()
    am = _AttackModel(problem, pairs, exact=True)
    if maximum > 0:
        # CR 508.1d: a legal declaration obeys at least the maximum M.
        am.model.add(am.obeyed() >= maximum)
    build_ms += _ms(t1)

    remaining = None
    if time_limit is not None:
        remaining = max(time_limit - (time.perf_counter() - t0), 0.0)
    solver = _solver(remaining)
    solver.parameters.enumerate_all_solutions = True
    found: list[dict[str, str]] = []
    cut = False

    cp_model = am.cp

    class _Collector(cp_model.CpSolverSolutionCallback):
        # Every auxiliary variable is a function of the x (exact model), so each solution
        # is a distinct declaration.
        def on_solution_callback(self) -> None:
            nonlocal cut
            if len(found) >= limit:
                cut = True
                self.stop_search()
                return
            found.append(am.declaration(self.boolean_value))

    t2 = time.perf_counter()
    code = solver.solve(am.model, _Collector())
    solve_ms += _ms(t2)
    finished = _status(code) in ("optimal", "infeasible") and not cut
    found.sort(key=key)
    complete = finished and proved
    return AttackEnumeration(found, len(found), complete, maximum, listing_status(complete),
                             build_ms, solve_ms, proved)


def _solver(time_limit: float | None) -> Any:
    # Measured on random attack problems (10-1000 creatures): CP-SAT's presolve costs more
    # than it saves on these small, already tight models.
    return make_solver(time_limit, cp_model_presolve=False)
