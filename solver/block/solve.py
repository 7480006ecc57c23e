"""Planning, checking and enumerating block declarations (CR 509.1) with CP-SAT.

The model, built from :class:`redzone.models.block_problem.BlockProblem` only:

- one Boolean ``x[b, a]`` per allowed (blocker, attacker) pair — "b blocks a" (509.1a-b:
  evasion, protection, landwalk and the other per-pair rules already removed the others);
- per blocker, at most as many attackers as it may block (509.1a);
- every group restriction a hard constraint (509.1b), every requirement instance an "obeyed"
  term (509.1c);
- the block costs a linear expression bounded by the defending player's mana (509.1d-f).

Computing M (the most requirements any restriction-legal declaration obeys without paying,
509.1c-d) uses only the free pairs: costs are never forced. Checking and enumerating then
admit paid pairs within the mana, with "obeyed >= M" as a constraint.

The model itself (pairs, constraints, the tie-break objective) is in
:mod:`redzone.solver.block.model`, the result types in :mod:`redzone.solver.block.results`.

Solving strategy (measured in benchmarks/README.md, block section): pairs that an exchange
shows no best block needs are never built (:func:`_reduce`: with attackers no rule names, one
per blocker; of equal "must block if able" attackers, as many as the blocker may block; of
menace-like attackers nothing asks to block, no pair of a creature that need not block);
each blocker's own requirements are summed into one bounded integer, so a bound on the
total propagates to single blockers; a plan first maximises M alone within a deterministic
work budget (:data:`FIRST_TRY_WORK`), then optimises the tie-break among blocks obeying M
(:data:`TIE_BREAK_WORK`); when the first solve does not prove M (hard, exact-cover-like
instances) M is settled by decision solves "does some block obey k + 1?" (:func:`_climb`)
— the same question :func:`check_block` asks of a proposal. A decision "obeys at least k" first drops every pair no such block can use
(:func:`redzone.solver.block.model._prune_for_threshold`: per-blocker bounds against the
slack), and is solved without the linear relaxation; the tie-break stage among blocks
obeying M uses the same pruning.

Several defending players (802.4) each declare on their own: :func:`plan_blocks`,
:func:`check_blocks` and :func:`enumerate_all_blocks` take the list of problems of
:func:`redzone.models.block_rules.block_problems` and combine the per-player answers.

ortools is imported lazily inside the functions. Every solve uses one worker and a fixed
seed, so results are reproducible (for a given problem and ortools version) as long as no
time limit expires.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
import math
import time
from collections.abc import Mapping, Sequence
from typing import Any

from redzone.solver._cpsat import elapsed_ms as _ms, make_solver, status_name as _status
from redzone.models.attack_problem import Violation
from redzone.models.block_problem import (
    BlockDeclaration,
    BlockProblem,
    BlockRequirement,
    band_blocks,
    can_pay_life,
    cost_of,
    life_cost_of,
    declared_form,
    obeyed_count,
    obeys,
    restriction_violations,
)
from redzone.models.errors import ScenarioError
from redzone.models.limits import check_time_limit, remaining_time
from redzone.solver.block.model import (  # noqa: F401 - _BlockModel and the helpers are re-exported
    _BlockModel,
    _hint,
    _obeyable,
    _Pair,
    _pairs,
    _prune_for_threshold,
    _reduce,
    _set_plan_objective,
    _tie_break_weights,
    _validate,
)
from redzone.solver.block.results import BlockCheck, BlockEnumeration, BlockPlan, _plain
from redzone.solver.attack.results import UNPROVED_REASON, Status, listing_status

__all__ = [
    "BlockCheck",
    "BlockEnumeration",
    "BlockPlan",
    "check_block",
    "check_blocks",
    "enumerate_all_blocks",
    "enumerate_blocks",
    "maximum_block_requirements",
    "plan_block",
    "plan_blocks",
]


# ---------------------------------------------------------------------------- solving


def _import_ortools() -> None:
    """Import CP-SAT before timing starts (the first import takes about half a second)."""
    from ortools.sat.python import cp_model  # noqa: F401


def _solver(time_limit: float | None, work: float | None = None, *, linearization: int = 2,
            presolve: bool = True) -> Any:
    """A single-worker, fixed-seed CP-SAT solver (:func:`redzone.solver._cpsat.make_solver`).
    ``time_limit``: wall seconds (the caller's limit; results then depend on the machine).
    ``work``: a limit in CP-SAT's deterministic time units, which cuts the search at the same
    point on every machine. ``linearization``: 2 (the default) proves bounds best; 0 finds
    good blocks fastest. ``presolve=False`` skips CP-SAT's presolve."""
    # The full linear relaxation (at-most-one per blocker, counts per attacker) bounds the
    # number of requirements obeyed tightly; symmetry detection and probing cost more in
    # presolve than they save on these models (benchmarks/README.md, block section).
    extra: dict[str, Any] = {} if work is None else {"max_deterministic_time": work}
    if not presolve:
        extra["cp_model_presolve"] = False
    return make_solver(time_limit, linearization_level=linearization, symmetry_level=0,
                       cp_model_probing_level=0, **extra)


def _remaining(t0: float, time_limit: float | None) -> float | None:
    if time_limit is None:
        return None
    return max(time_limit - (time.perf_counter() - t0), 0.0)


def _empty_plan(t0: float) -> BlockPlan:
    """No block, proved optimal without a solve (M = 0)."""
    return BlockPlan(legal=True, status="optimal", blockers={}, obeyed=0, maximum=0,
                     mana_paid=0, build_ms=_ms(t0), solve_ms=0.0, maximum_proved=True)


FIRST_TRY_WORK = 0.25
"""Deterministic-time budget (CP-SAT's machine-independent work units; one is very roughly a
second here) of the first maximisation of M in :func:`plan_block` and in :func:`_maximum`.
Boards of real cards finish well inside it (200 creatures a side: 0.002-0.03); past it, M
is settled another way (a quick search for a good block, then decision solves)."""

QUICK_WORK = 0.05
"""Deterministic-time budget of :func:`plan_block`'s first maximisation of M (linearization
level 1): boards of real cards need 0.002-0.03 at 200 creatures a side."""

TIE_BREAK_WORK = 0.5
"""Deterministic-time budget of :func:`plan_block`'s tie-break stage, once M is proved."""


def plan_block(problem: BlockProblem, *, time_limit: float | None = None) -> BlockPlan:
    """A legal block declaration that pays no cost (CR 509.1b-d), for one defending player.

    Returns a :class:`BlockPlan` whose ``blockers`` break no restriction (509.1b), use only
    allowed pairs (509.1a-b), cost nothing (costs are never forced, 509.1d) and obey the
    maximum number M of requirement instances (509.1c); ``maximum`` is M.

    Tie-break among declarations obeying M requirements, in this order:

    1. fewest (blocker, attacker) pairs;
    2. smallest sum of pair ranks, the rank of "b blocks a" being
       ``index(b in problem.blockers) * len(problem.attackers) + index(a in problem.attackers)``
       (earlier blockers and earlier attackers are preferred);
    3. any remaining tie is settled by CP-SAT's single-worker search with a fixed seed.

    How, in two stages: first M, the most requirements obeyed, is maximised within
    :data:`QUICK_WORK` (linearization level 1); then, on the same model, among blocks
    obeying M (``obeyed >= M`` a constraint, over the pairs such a block can use), the
    objective ``- sum(B + rank)`` is optimised within :data:`TIE_BREAK_WORK` (``B`` exceeds
    every rank sum, so one pair fewer always wins; if the largest total penalty would exceed
    2**52, step 2 is dropped); ``tie_break_proved`` says whether it finished. When the first
    stage does not prove M (exact-cover-like instances, or a time limit), the plan is found
    as before (:func:`_plan_hard`): one weighted objective ``W * obeyed - sum(B + rank)``
    within :data:`FIRST_TRY_WORK`, then if needed M by :func:`_maximum` (decision solves "is
    there a block obeying one more?") and the tie-break stage. All budgets are
    deterministic, so the answer is the same on every machine (for a given ortools
    version) unless ``time_limit`` expires. (The weighted objective first took 2-3 s at 200
    creatures a side with many requirements, against about 0.15 s for the two stages;
    benchmarks/README.md, block section.)

    ``status`` is ``"optimal"`` when M is proved, ``"feasible"`` when ``time_limit``
    (seconds, ``None``: none; else finite and above 0) cut the proof; ``maximum`` is then the
    best known value and ``legal`` is ``None`` with ``reason`` "the maximum was not proved
    within the time limit" (the block breaks no restriction and pays nothing, but one obeying
    more requirements may exist). Raises :class:`redzone.models.errors.ScenarioError` for
    negative mana, costs, caps or counts, or a bad ``time_limit``.
    """
    check_time_limit(time_limit)
    _import_ortools()
    t0 = time.perf_counter()
    _validate(problem)
    if not problem.requirements:
        return _empty_plan(t0)
    pairs = _pairs(problem, paid=False, reduce=True)
    if not _obeyable(problem, pairs):
        return _empty_plan(t0)

    # Stage 1: M (509.1c). Linearization level 1 proves the boards of real cards fastest
    # (200 a side: level 2 cost 0.3 s more on a board with 60 requirements), within a small
    # budget; exact-cover-like instances need level 2's bounds: they go on as before.
    status, found, proved, build_ms, solve_ms, bm = _maximise_model(
        problem, pairs, _remaining(t0, time_limit), min(QUICK_WORK, FIRST_TRY_WORK), 1, None)
    if status == "infeasible":  # pragma: no cover - not blocking is always a solution
        raise RuntimeError("block model infeasible: the empty declaration should be legal")
    if not proved:
        plan = _plan_hard(problem, pairs, t0, time_limit)
        return replace(plan, build_ms=plan.build_ms + build_ms, solve_ms=plan.solve_ms + solve_ms)
    best: dict[str, list[str]] = found or {}
    maximum = obeyed_count(problem, best)
    tie_proved = False
    if proved and maximum == 0:
        best, tie_proved = {}, True  # CR 509.1c: no requirement can be obeyed; block nothing
    elif proved and _remaining(t0, time_limit) != 0.0:
        # Stage 2: the tie-break among blocks obeying M (CR 509.1c: any of them is legal),
        # over the pairs such a block can use.
        t2 = time.perf_counter()
        pairs2 = _prune_for_threshold(problem, pairs, maximum) or []
        penalties, _ = _tie_break_weights(problem, pairs2, requirements=False)
        if len(pairs2) == len(pairs):  # nothing pruned: the first stage's model serves
            bm2 = bm
            bm2.model.clear_objective()
            bm2.model.clear_hints()
        else:
            bm2 = _BlockModel(problem, pairs2)
        # CR 509.1c: obeyed >= M.
        bm2.model.add(bm2.obeyed() >= maximum)
        _set_plan_objective(bm2, penalties, 0, requirements=False)
        build_ms += _ms(t2)
        t3 = time.perf_counter()
        # Without presolve (and without a hint): the model is the first stage's, and
        # presolving it again cost more than the search (200 a side with requirements:
        # 0.19 s against 0.07 s); the hint cost more than it saved.
        solver2 = _solver(_remaining(t0, time_limit), TIE_BREAK_WORK, presolve=False)
        status2 = _status(solver2.solve(bm2.model))
        solve_ms += _ms(t3)
        if status2 in ("optimal", "feasible"):
            best = bm2.declaration(solver2.boolean_value)
            tie_proved = status2 == "optimal"
    return _finished(problem, best, proved, maximum, build_ms, solve_ms, tie_proved)


def _finished(problem: BlockProblem, best: dict[str, list[str]], proved: bool, maximum: int,
              build_ms: float, solve_ms: float, tie_proved: bool) -> BlockPlan:
    """The plan of ``best`` (both ways of planning end here): legal and ``optimal`` only when
    the maximum M is proved, or when ``best`` obeys every requirement (CR 509.1c)."""
    obeyed = obeyed_count(problem, best)
    proved = proved or obeyed >= len(problem.requirements)
    return BlockPlan(legal=True if proved else None, status="optimal" if proved else "feasible",
                     blockers=best, obeyed=obeyed, maximum=max(maximum, obeyed), mana_paid=0,
                     build_ms=build_ms, solve_ms=solve_ms, maximum_proved=proved,
                     tie_break_proved=tie_proved, reason=None if proved else UNPROVED_REASON)


def _plan_hard(problem: BlockProblem, pairs: list[_Pair], t0: float,
               time_limit: float | None) -> BlockPlan:
    """:func:`plan_block` when the quick first stage did not prove M (exact-cover-like
    instances, or a time limit): one weighted objective ``W * obeyed - sum(B + rank)``
    within :data:`FIRST_TRY_WORK` (its joint search often settles M and the tie-break at
    once here); if it does not prove its optimum, M comes from :func:`_maximum` and the
    tie-break is optimised among blocks obeying M within :data:`TIE_BREAK_WORK`, seeded
    with the best block found."""
    t1 = time.perf_counter()
    bm = _BlockModel(problem, pairs)
    penalties, weight = _tie_break_weights(problem, pairs)
    _set_plan_objective(bm, penalties, weight, requirements=True)
    build_ms = _ms(t1)
    t2 = time.perf_counter()
    solver = _solver(_remaining(t0, time_limit), FIRST_TRY_WORK)
    status = _status(solver.solve(bm.model))
    solve_ms = _ms(t2)
    best: dict[str, list[str]] = {}
    if status in ("optimal", "feasible"):
        best = bm.declaration(solver.boolean_value)
    if status == "optimal":
        obeyed = obeyed_count(problem, best)
        return BlockPlan(legal=True, status="optimal", blockers=best, obeyed=obeyed,
                         maximum=obeyed, mana_paid=0, build_ms=build_ms, solve_ms=solve_ms)
    maximum, proved, found, b, s_ = _maximum(problem, _remaining(t0, time_limit), hint=best)
    build_ms += b
    solve_ms += s_
    if obeyed_count(problem, found) >= obeyed_count(problem, best):
        best = found
    tie_proved = False
    if proved and _remaining(t0, time_limit) != 0.0:
        # Tie-break among blocks obeying M (CR 509.1c: any of them is legal), over the pairs
        # a block obeying M can use (the same penalties: the same order).
        t3 = time.perf_counter()
        pairs2 = _prune_for_threshold(problem, pairs, maximum) or []
        penalty = {(p.blocker, p.attacker): w for p, w in zip(pairs, penalties)}
        bm2 = _BlockModel(problem, pairs2)
        bm2.model.add(bm2.obeyed() >= maximum)
        _set_plan_objective(bm2, [penalty[(p.blocker, p.attacker)] for p in pairs2], weight,
                            requirements=False)
        _hint(bm2, best)
        build_ms += _ms(t3)
        t4 = time.perf_counter()
        solver2 = _solver(_remaining(t0, time_limit), TIE_BREAK_WORK)
        status2 = _status(solver2.solve(bm2.model))
        solve_ms += _ms(t4)
        if status2 in ("optimal", "feasible"):
            best = bm2.declaration(solver2.boolean_value)
            tie_proved = status2 == "optimal"
    return _finished(problem, best, proved, maximum, build_ms, solve_ms, tie_proved)


def maximum_block_requirements(problem: BlockProblem,
                               time_limit: float | None = None) -> tuple[int, bool]:
    """M: the most requirement instances obeyed by a block that breaks no restriction and
    pays no cost (CR 509.1c-d), and whether it is proved. Raises like :func:`plan_block`."""
    check_time_limit(time_limit)
    m, proved, _, _, _ = _maximum(problem, time_limit)
    return m, proved


def _maximise(problem: BlockProblem, pairs: list[_Pair], time_limit: float | None,
              work: float | None, linearization: int, hint: Mapping[str, Sequence[str]] | None
              ) -> tuple[str, dict[str, list[str]] | None, bool, float, float]:
    """One CP-SAT maximisation of the requirements obeyed (509.1c) over ``pairs``:
    (status, best block or None, proved optimal, build ms, solve ms)."""
    return _maximise_model(problem, pairs, time_limit, work, linearization, hint)[:5]


def _maximise_model(problem: BlockProblem, pairs: list[_Pair], time_limit: float | None,
                    work: float | None, linearization: int,
                    hint: Mapping[str, Sequence[str]] | None
                    ) -> tuple[str, dict[str, list[str]] | None, bool, float, float, _BlockModel]:
    """:func:`_maximise`, also returning the model (the plan's second stage reuses it)."""
    t0 = time.perf_counter()
    bm = _BlockModel(problem, pairs)
    bm.model.maximize(bm.obeyed())
    _hint(bm, hint)
    build_ms = _ms(t0)
    t1 = time.perf_counter()
    solver = _solver(time_limit, work, linearization=linearization)
    status = _status(solver.solve(bm.model))
    solve_ms = _ms(t1)
    if status not in ("optimal", "feasible"):
        return status, None, False, build_ms, solve_ms, bm
    found = bm.declaration(solver.boolean_value)
    value = obeyed_count(problem, found)
    proved = status == "optimal" or math.floor(solver.best_objective_bound + 1e-6) <= value
    return status, found, proved, build_ms, solve_ms, bm


def _maximum(problem: BlockProblem, time_limit: float | None,
             hint: dict[str, list[str]] | None = None
             ) -> tuple[int, bool, dict[str, list[str]], float, float]:
    """(M or the best known, proved, a free restriction-legal block obeying it, build ms,
    solve ms) (509.1c).

    1. Maximise the requirements obeyed within :data:`FIRST_TRY_WORK` (``hint`` seeds it):
       boards of real cards are proved here.
    2. Otherwise find a good block quickly (a second maximisation tuned to find blocks,
       not bounds, same budget) and climb from it by decision solves (:func:`_climb`)."""
    _import_ortools()
    t0 = time.perf_counter()
    _validate(problem)
    pairs = _pairs(problem, paid=False, reduce=True)
    if not problem.requirements or not _obeyable(problem, pairs):
        return 0, True, {}, _ms(t0), 0.0
    best: dict[str, list[str]] = dict(hint) if hint else {}
    _, found, proved, build, solve = _maximise(problem, pairs, _remaining(t0, time_limit),
                                               FIRST_TRY_WORK, 2, hint)
    if found is not None and obeyed_count(problem, found) >= obeyed_count(problem, best):
        best = found
    if proved:
        return obeyed_count(problem, best), True, best, build, solve
    _, found, proved, b, s_ = _maximise(problem, pairs, _remaining(t0, time_limit),
                                        FIRST_TRY_WORK, 0, best)
    build += b
    solve += s_
    if found is not None and obeyed_count(problem, found) >= obeyed_count(problem, best):
        best = found
    if proved:
        return obeyed_count(problem, best), True, best, build, solve
    value, proved, better, b, s_ = _climb(problem, obeyed_count(problem, best),
                                          _remaining(t0, time_limit))
    return value, proved, better if better is not None else best, build + b, solve + s_


def _better_exists(problem: BlockProblem, threshold: int, time_limit: float | None
                   ) -> tuple[str, dict[str, list[str]] | None, float, float]:
    """Decide whether a free, restriction-legal block obeys at least ``threshold``
    requirements (509.1c). Returns ``("yes", that block, ...)``, ``("no", None, ...)`` or
    ``("unknown", None, ...)`` (time limit), then build and solve milliseconds."""
    t0 = time.perf_counter()
    if threshold <= 0:
        return "yes", {}, _ms(t0), 0.0
    pairs = _pairs(problem, paid=False, reduce=True)
    if not _obeyable(problem, pairs):
        return "no", None, _ms(t0), 0.0
    pruned = _prune_for_threshold(problem, pairs, threshold)
    if pruned is None:  # the bounds alone rule it out
        return "no", None, _ms(t0), 0.0
    bm = _BlockModel(problem, pruned)
    bm.model.add(bm.obeyed() >= threshold)
    build_ms = _ms(t0)
    t1 = time.perf_counter()
    # Without the linear relaxation: on the pruned model of the exact-cover instances
    # (90 elements) a decision takes 0.2-0.3 s of CPU this way and 2-5 s with level 2
    # (benchmarks/README.md, block section); two workers were slower still.
    solver = _solver(time_limit, linearization=0)
    code = _status(solver.solve(bm.model))
    solve_ms = _ms(t1)
    if code in ("optimal", "feasible"):
        return "yes", bm.declaration(solver.boolean_value), build_ms, solve_ms
    return ("no" if code == "infeasible" else "unknown"), None, build_ms, solve_ms


def _climb(problem: BlockProblem, lower: int, time_limit: float | None,
           steps: int | None = None) -> tuple[int, bool, dict[str, list[str]] | None, float, float]:
    """M from a known lower bound (509.1c) by decision solves: ask for a block obeying one
    more requirement than the best known until none exists. Returns (M or the best known,
    proved, the best block found or ``None``, build ms, solve ms); after ``steps`` rounds
    (``None``: no limit) it stops unproved.

    Deciding "is there a block obeying k + 1?" is the coNP side of block legality; on the
    exact-cover instances of benchmarks/ it is far quicker for CP-SAT than maximising."""
    t0 = time.perf_counter()
    build = solve = 0.0
    best: dict[str, list[str]] | None = None
    rounds = 0
    while steps is None or rounds < steps:
        rounds += 1
        verdict, found, b, s = _better_exists(problem, lower + 1, _remaining(t0, time_limit))
        build += b
        solve += s
        if verdict == "no":
            return lower, True, best, build, solve
        if verdict == "unknown" or found is None:
            return lower, False, best, build, solve
        best = found
        lower = max(lower + 1, obeyed_count(problem, found))
    return lower, False, best, build, solve


# ---------------------------------------------------------------------------- checking


def _cost_violation(problem: BlockProblem, declaration: BlockDeclaration, paid: int) -> Violation:
    parts: list[str] = []
    sources: list[str] = []
    for b, attackers in declaration.items():
        if not attackers:
            continue
        own = problem.blocker_costs.get(b, 0)
        if own > 0:
            srcs = problem.cost_sources.get(b, ())
            parts.append(f"{own} for {problem.label(b)} blocking ({', '.join(srcs)})")
            sources.extend(srcs)
        for a in dict.fromkeys(attackers):
            amount = problem.pair_costs.get((b, a), 0)
            if amount > 0:
                srcs = problem.cost_sources.get(f"{b}->{a}", ())
                parts.append(f"{amount} for {problem.label(b)} blocking {problem.label(a)} "
                             f"({', '.join(srcs)})")
                sources.extend(srcs)
    return Violation(
        "cost", ", ".join(dict.fromkeys(sources)) or "CR 509.1d",
        f"the block costs {paid} generic mana in total ({'; '.join(parts)}) but "
        f"{problem.defending_player} has only {problem.mana} (CR 509.1d-f)")


def _life_violation(problem: BlockProblem, declaration: BlockDeclaration, paid: int) -> Violation:
    """The declaration costs more life than the defending player has (Phyrexian mana paid
    with life, CR 107.4f, 119.4)."""
    sources: list[str] = []
    for b, attackers in declaration.items():
        if not attackers:
            continue
        if problem.blocker_life_costs.get(b, 0) > 0:
            sources.extend(problem.cost_sources.get(b, ()))
        for a in dict.fromkeys(attackers):
            if problem.pair_life_costs.get((b, a), 0) > 0:
                sources.extend(problem.cost_sources.get(f"{b}->{a}", ()))
    return Violation(
        "cost", ", ".join(dict.fromkeys(sources)) or "CR 119.4",
        f"the block costs {paid} life in total (Phyrexian mana paid with life, CR 107.4f) but "
        f"{problem.defending_player} has {problem.life} life; a player can't pay more life "
        "than they have (CR 119.4)")


def _requirements_violation(problem: BlockProblem, declaration: BlockDeclaration,
                            obeyed: int, maximum: int) -> Violation:
    missed = [r for r in problem.requirements if not obeys(r, declaration)]
    def one(r: BlockRequirement) -> str:
        who = problem.label(r.blocker) + " " if r.blocker else ""
        source = "" if r.blocker and r.source == problem.label(r.blocker) else f" ({r.source})"
        return f"{who}{r.description}{source}"

    shown = "; ".join(one(r) for r in missed[:12])
    more = f"; and {len(missed) - 12} more" if len(missed) > 12 else ""
    return Violation(
        "requirements", ", ".join(dict.fromkeys(r.source for r in missed)) or "CR 509.1c",
        f"obeys {obeyed} of the maximum {maximum} requirements (CR 509.1c); not obeyed: "
        f"{shown}{more}")


def _normalise(declaration: BlockDeclaration, where: str) -> dict[str, list[str]]:
    if not isinstance(declaration, Mapping):
        raise ScenarioError(where, "must map blocking creature ids to lists of attacker ids")
    out: dict[str, list[str]] = {}
    for b, attackers in declaration.items():
        if isinstance(attackers, str) or not isinstance(attackers, Sequence):
            raise ScenarioError(f"{where}.{b}", "must be a list of attacking creature ids")
        out[str(b)] = [str(a) for a in attackers]
    return out


def check_block(problem: BlockProblem, declaration: BlockDeclaration, *,
                time_limit: float | None = None) -> BlockCheck:
    """Whether ``declaration`` (blocking creature id -> attacker ids) is a legal block for
    this defending player (CR 509.1).

    Illegal when it breaks an availability rule or restriction or names an unknown id
    (509.1a-b, from :func:`redzone.models.block_problem.restriction_violations`), when its total
    cost exceeds the mana (509.1d-f, a ``"cost"`` violation naming each cost and its source),
    or when it obeys fewer than M requirement instances (509.1c, a ``"requirements"``
    violation "obeys X of the maximum M requirements" listing what it misses). Paying is
    allowed: a paid declaration within the mana is legal when it obeys at least M.

    A free, restriction-legal proposal obeying k requirements is legal exactly when no such
    block obeys k + 1: one CP-SAT decision solve settles it (the coNP side of block
    legality); if one does, up to two more such steps, then :func:`_maximum`, find M. For
    any other proposal M comes from :func:`_maximum`. ``witness`` is a legal declaration when
    the proposal is illegal: a free, restriction-legal block obeying M (not necessarily
    :func:`plan_block`'s tie-break winner).
    ``status`` is ``"optimal"`` when M is proved, ``"feasible"`` when the time limit cut the
    proof. Never "legal" without proof: with M unproved, a proposal with no other violation
    that obeys as many requirements as the best block found is ``legal: None`` with
    ``reason`` "the maximum was not proved within the time limit", and no witness is offered
    unless M is proved. Raises ScenarioError like :func:`plan_block`, and for a declaration
    that is not a mapping of lists.
    """
    check_time_limit(time_limit)
    _import_ortools()
    t0 = time.perf_counter()
    d = _normalise(declaration, "combat.blockers")
    _validate(problem)
    violations = list(restriction_violations(problem, d))
    paid = cost_of(problem, d)
    if paid > problem.mana:
        violations.append(_cost_violation(problem, d, paid))
    life_paid = life_cost_of(problem, d)
    if not can_pay_life(problem, life_paid):
        violations.append(_life_violation(problem, d, life_paid))
    free = paid == 0 and life_paid == 0
    obeyed = obeyed_count(problem, d)
    if not violations and free and obeyed == len(problem.requirements):
        # The proposal itself counts toward M (free, restriction-legal): M = obeyed.
        return BlockCheck(True, [], obeyed, obeyed, 0, None, "optimal", True, _ms(t0), 0.0)
    if not violations and free:
        # The proposal is a free, restriction-legal block: M >= obeyed. It is legal exactly
        # when no such block obeys obeyed + 1.
        maximum, proved, witness, build_ms, solve_ms = _climb(problem, obeyed, time_limit, steps=3)
        if witness is not None and not proved:
            # Illegal, and M is still above the best block found: find it another way
            # (the best block seeds the search).
            maximum, proved, witness, b, s_ = _maximum(problem, _remaining(t0, time_limit),
                                                       hint=witness)
            build_ms += b
            solve_ms += s_
    else:
        maximum, proved, witness, build_ms, solve_ms = _maximum(problem, time_limit)
    if obeyed < maximum:
        # CR 509.1c: a block found breaks no restriction, pays nothing and obeys more.
        violations.append(_requirements_violation(problem, d, obeyed, maximum))
    proved = proved or maximum >= len(problem.requirements)
    legal: bool | None
    if violations:
        legal = False
    elif proved or obeyed >= len(problem.requirements):
        legal = True
    else:
        legal = None  # M unproved, and the proposal obeys as many as the best block found
    if legal is False and proved and witness is None:  # pragma: no cover - M = 0 here
        witness = {}
    status: Status = "optimal" if proved else "feasible"
    return BlockCheck(legal=legal, violations=violations, obeyed=obeyed, maximum=maximum,
                      mana_paid=paid, witness=witness if legal is False and proved else None,
                      status=status, maximum_proved=proved, build_ms=build_ms,
                      solve_ms=solve_ms, reason=UNPROVED_REASON if legal is None else None)


# ---------------------------------------------------------------------------- enumeration


def _sort_key(problem: BlockProblem) -> Any:
    bpos = {b: i for i, b in reversed(list(enumerate(problem.blockers)))}
    apos = {a: j for j, a in reversed(list(enumerate(problem.attackers)))}

    def key(d: Mapping[str, Sequence[str]]) -> tuple[int, tuple[tuple[int, int], ...]]:
        pairs = sorted((bpos[b], apos[a]) for b, attackers in d.items() for a in attackers)
        return len(pairs), tuple(pairs)

    return key


def enumerate_blocks(problem: BlockProblem, *, limit: int = 1000,
                     time_limit: float | None = None) -> BlockEnumeration:
    """Every legal block declaration of this defending player, paid ones included
    (CR 509.1b-f).

    First M is computed (509.1c, free declarations only); then CP-SAT enumerates every
    declaration that breaks no restriction, costs at most the mana and obeys at least M
    requirement instances. Sorted by number of pairs, then by the sorted (blocker position,
    attacker position) pairs. At most ``limit`` are returned; ``complete`` is False when more
    exist, when ``time_limit`` (seconds, shared by both solves) expired, or when M was not
    proved. Raises ScenarioError for a negative ``limit`` and like :func:`plan_block`.
    """
    if limit < 0:
        raise ScenarioError("limit", f"must be 0 or more, got {limit}")
    check_time_limit(time_limit)
    t0 = time.perf_counter()
    maximum, proved, _, build_ms, solve_ms = _maximum(problem, time_limit)
    key = _sort_key(problem)
    pairs = _pairs(problem, paid=True)
    if not pairs:
        found: list[dict[str, list[str]]] = [{}] if limit >= 1 else []
        complete = limit >= 1 and proved
        return BlockEnumeration(found, len(found), complete, maximum, listing_status(complete),
                                build_ms + _ms(t0), solve_ms, proved)
    t1 = time.perf_counter()
    bm = _BlockModel(problem, pairs, exact=True)
    if maximum > 0:
        # CR 509.1c: a legal declaration obeys at least the maximum M.
        bm.model.add(bm.obeyed() >= maximum)
    build_ms += _ms(t1)
    solver = _solver(_remaining(t0, time_limit))
    solver.parameters.enumerate_all_solutions = True
    found = []
    seen: set[frozenset[tuple[str, str]]] = set()
    cut = False
    cp_model = bm.cp

    class _Collector(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            nonlocal cut
            d = bm.declaration(self.boolean_value)
            k = frozenset((b, a) for b, attackers in d.items() for a in attackers)
            if k in seen:
                return
            if len(found) >= limit:
                cut = True
                self.stop_search()
                return
            seen.add(k)
            found.append(d)

    t2 = time.perf_counter()
    left = remaining_time(_remaining(t0, time_limit))
    # Issue 25 §1: with no time left the solve is not started (loading a 250,000-pair model
    # takes CP-SAT about a second even with no time to search): the listing is incomplete.
    code = cp_model.UNKNOWN if left is not None and left <= 0 else solver.solve(bm.model, _Collector())
    solve_ms += _ms(t2)
    finished = _status(code) in ("optimal", "infeasible") and not cut
    found.sort(key=key)
    complete = finished and proved
    return BlockEnumeration(found, len(found), complete, maximum, listing_status(complete),
                            build_ms, solve_ms, proved)


# ---------------------------------------------------------------------------- several players


def _combine(verdicts: list[bool | None]) -> bool | None:
    """Several players' verdicts (802.4): False if any is False, else ``None`` if any is
    unknown, else True."""
    if any(v is False for v in verdicts):
        return False
    return None if any(v is None for v in verdicts) else True


def _worst(statuses: list[Status]) -> Status:
    return "optimal" if all(s == "optimal" for s in statuses) else "feasible"


def plan_blocks(problems: Sequence[BlockProblem], *, time_limit: float | None = None) -> BlockPlan:
    """A legal block for the whole combat: each defending player's :func:`plan_block`, in
    APNAP order (802.4), merged. ``obeyed``/``maximum``/``mana_paid`` are sums; ``status``
    is ``"optimal"`` only when every player's is; ``players`` holds each player's plan.
    ``time_limit`` is shared by all players (seconds). ``legal`` is True when every player's
    block is proved legal, ``None`` (with ``reason``) when some player's M is unproved."""
    check_time_limit(time_limit)
    t0 = time.perf_counter()
    plans: dict[str, BlockPlan] = {}
    for p in problems:
        plans[p.defending_player] = plan_block(p, time_limit=_remaining(t0, time_limit))
    merged: dict[str, list[str]] = {}
    for p in problems:
        # 702.22h: a creature blocking one creature of a band blocks the whole band.
        merged.update(band_blocks(p, plans[p.defending_player].blockers))
    ps = list(plans.values())
    legal = _combine([p.legal for p in ps])
    return BlockPlan(
        legal=legal, status=_worst([p.status for p in ps]), blockers=merged,
        obeyed=sum(p.obeyed for p in ps), maximum=sum(p.maximum for p in ps),
        mana_paid=sum(p.mana_paid for p in ps), build_ms=sum(p.build_ms for p in ps),
        solve_ms=sum(p.solve_ms for p in ps),
        maximum_proved=all(p.maximum_proved for p in ps), players=plans,
        tie_break_proved=all(p.tie_break_proved for p in ps),
        reason=UNPROVED_REASON if legal is None else None)


def check_blocks(problems: Sequence[BlockProblem], declaration: BlockDeclaration, *,
                 time_limit: float | None = None) -> BlockCheck:
    """Whether ``declaration`` is a legal block for the whole combat (802.4): each defending
    player's part (their creatures' blocks) is checked by :func:`check_block`; a blocking
    creature no defending player controls is an ``"unknown"`` violation (509.1a, 802.4a).
    Sums ``obeyed``, ``maximum`` and ``mana_paid``; the witness keeps each legal part and
    replaces each illegal one by that player's witness (a legal block of theirs); it is
    offered only when every part of it is proved legal. ``legal`` is False when any part is
    proved illegal, else ``None`` when any part is unknown (M unproved), else True."""
    check_time_limit(time_limit)
    t0 = time.perf_counter()
    d = _normalise(declaration, "combat.blockers")
    owner: dict[str, BlockProblem] = {}
    for p in problems:
        for b in p.blockers:
            owner.setdefault(b, p)
    stray = [b for b, attackers in d.items() if attackers and b not in owner]
    violations: list[Violation] = []
    names: Mapping[str, str] = problems[0].names if problems else {}
    for b in stray:
        label = f"{names[b]} ({b})" if b in names and names[b] != b else b
        violations.append(Violation(
            "unknown", label,
            f"{label} is not a creature of a defending player: only the player a creature "
            f"attacks (or who controls the planeswalker or protects the battle it attacks) may "
            f"block it (CR 509.1a, 310.9c, 802.4a)"))
    checks: list[BlockCheck] = []
    witness: dict[str, list[str]] | None = {}
    for p in problems:
        # 702.22h: blocks of a whole band are read as the one declared block they come from.
        part = declared_form(p, {b: a for b, a in d.items() if owner.get(b) is p})
        c = check_block(p, part, time_limit=_remaining(t0, time_limit))
        checks.append(c)
        violations.extend(c.violations)
        # The witness is proved legal only if each of its parts is (802.4: judged apart);
        # shown with whole bands blocked (702.22h).
        if witness is not None and c.legal is True:
            witness.update(band_blocks(p, _plain(part)))
        elif witness is not None and c.legal is False and c.witness is not None:
            witness.update(band_blocks(p, c.witness))
        else:
            witness = None
    legal = False if violations else _combine([c.legal for c in checks])
    return BlockCheck(
        legal=legal, violations=violations, obeyed=sum(c.obeyed for c in checks),
        maximum=sum(c.maximum for c in checks), mana_paid=sum(c.mana_paid for c in checks),
        witness=witness if legal is False else None, status=_worst([c.status for c in checks]),
        maximum_proved=all(c.maximum_proved for c in checks),
        build_ms=sum(c.build_ms for c in checks), solve_ms=sum(c.solve_ms for c in checks),
        reason=UNPROVED_REASON if legal is None else None)


def enumerate_all_blocks(problems: Sequence[BlockProblem], *, limit: int = 1000,
                         time_limit: float | None = None) -> BlockEnumeration:
    """Every legal block for the whole combat: the product of each defending player's legal
    declarations (802.4: they are judged separately), up to ``limit``. ``complete`` is False
    when a player's list or the product was cut. ``maximum`` is the sum of the players' M."""
    if limit < 0:
        raise ScenarioError("limit", f"must be 0 or more, got {limit}")
    check_time_limit(time_limit)
    t0 = time.perf_counter()
    parts = [enumerate_blocks(p, limit=limit, time_limit=_remaining(t0, time_limit))
             for p in problems]
    if not parts:
        found: list[dict[str, list[str]]] = [{}] if limit >= 1 else []
        return BlockEnumeration(found, len(found), limit >= 1, status=listing_status(limit >= 1))
    found = []
    cut = False
    seen: set[tuple[tuple[str, tuple[str, ...]], ...]] = set()
    banded = any(p.bands for p in problems)
    for combo in itertools.product(*(e.declarations for e in parts)):
        if len(found) >= limit:
            cut = True
            break
        merged: dict[str, list[str]] = {}
        for p, d in zip(problems, combo):
            merged.update(band_blocks(p, d))  # 702.22h; declarations giving the same blocks are one
        if banded:
            key = tuple(sorted((b, tuple(sorted(a))) for b, a in merged.items() if a))
            if key in seen:
                continue
            seen.add(key)
        found.append(merged)
    complete = not cut and all(e.complete for e in parts)
    return BlockEnumeration(
        found, len(found), complete, sum(e.maximum for e in parts), listing_status(complete),
        sum(e.build_ms for e in parts), sum(e.solve_ms for e in parts),
        all(e.maximum_proved for e in parts))
