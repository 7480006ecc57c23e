"""CP-SAT model of one combat damage step (CR 510.1), read from a DamageProblem, and the
play-out of the remaining damage steps of a combat (510.2-4).

The model, built from :class:`redzone.models.damage_problem.DamageProblem` only — one model per
step over all sources jointly:

- one integer ``x[s, r]`` in ``[0, amount(s)]`` per source ``s`` and legal recipient ``r``;
  each source assigns exactly its amount (510.1a);
- one Boolean "has been assigned lethal damage" per creature that needs it, equal to
  ``sum over every source of x[s, c] >= need(c)`` or "a deathtouch source assigns it at
  least 1" (702.19b, 702.2c): lethal damage is counted jointly across every creature
  assigning damage to it in this step, never attacker by attacker;
- trample (702.19b, d): a trampler's excess recipients get 0 unless each of its blockers
  has been assigned lethal damage;
- trample over planeswalkers (702.19c): the planeswalker's controller gets 0 unless the
  planeswalker has been assigned (by all sources) at least its loyalty;
- rules "2023" (old 510.1c-d): a creature later in a damage assignment order gets 0 unless
  every earlier one has been assigned lethal damage;
- banding (702.22j-k) only changes who divides (the ``decider``), never what is legal.

Objectives choose among legal assignments and never change legality. The active player's
choices (sources whose ``decider`` is the active player) maximise the lexicographic value
:func:`redzone.models.damage_problem.active_value` of the chosen objective; the other players'
choices (blocking creatures; attacking creatures blocked by a creature with banding)
maximise :func:`redzone.models.damage_problem.defender_value`: fewest of their own creatures
assigned lethal damage, then most of the active player's creatures, then the tie-break.
Both are one weighted sum each (weights make the order strict). When the two sets of
choices are independent (no banding) one solve does both; otherwise the active player
chooses first (510.1 order) over every assignment that can still be completed legally,
then the others complete it. The model itself is :mod:`redzone.solver.damage.model`; this
module plans, checks and enumerates with it and plays out a combat.

ortools is imported lazily inside the functions. Every solve uses one worker and a fixed
seed, so results are reproducible as long as no time limit expires.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from redzone.solver._cpsat import elapsed_ms as _ms, status_name as _status
from redzone.models.damage_problem import (
    OBJECTIVES,
    Assignment,
    DamageProblem,
    Violation,
    active_value,
    complete_assignment,
    damage_violations,
    defender_value,
    normalise,
)
from redzone.models.errors import ScenarioError
from redzone.solver.damage.model import _active_objective, _Model, _solver

if TYPE_CHECKING:  # annotations only: models.outcome is imported where damage is dealt
    from redzone.models.outcome import OutcomeJSON

__all__ = [
    "DamageCheck",
    "DamagePlan",
    "DamageResult",
    "StepResult",
    "check_damage",
    "components",
    "enumerate_damage_assignments",
    "play_out",
    "plan_damage_step",
    "simple_assignment",
    "solver_accepts",
]

"""CP-SAT random seed used for every solve (with ``num_workers = 1``)."""


# ---------------------------------------------------------------------------- results


@dataclass(frozen=True)
class DamagePlan:
    """A legal combat damage assignment for one step, from :func:`plan_damage_step`.

    - ``step``: ``"first-strike"`` or ``"regular"``;
    - ``assignment``: source id -> recipient -> amount (nonzero amounts only, sources in
      problem order);
    - ``status``: ``"optimal"`` when every solve was proved optimal (or nothing was left
      to choose), ``"feasible"`` when a time limit cut a search;
    - ``objective``: the active player's objective; ``value``: its lexicographic value
      (:func:`redzone.models.damage_problem.active_value`); ``defender``: the other players' value
      (:func:`redzone.models.damage_problem.defender_value`);
    - ``build_ms`` / ``solve_ms``: wall-clock milliseconds building / solving the model(s).
    """

    step: str
    assignment: dict[str, dict[str, int]]
    status: str
    objective: str
    value: tuple[int, ...]
    defender: tuple[int, ...]
    build_ms: float = 0.0
    solve_ms: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """``{"step", "assignment", "status"}`` plus timings."""
        return {"step": self.step, "assignment": self.assignment, "status": self.status,
                "build_ms": round(self.build_ms, 3), "solve_ms": round(self.solve_ms, 3)}


@dataclass(frozen=True)
class DamageCheck:
    """Verdict of :func:`check_damage`: ``legal``, every ``violation``
    (:class:`redzone.models.attack_problem.Violation`, kinds as in
    :func:`redzone.models.damage_problem.damage_violations`), the ``step`` judged, and, when the
    assignment is illegal and a witness was asked for, a legal ``witness`` assignment."""

    legal: bool
    violations: list[Violation]
    step: str
    witness: dict[str, dict[str, int]] | None = None

    def to_json(self) -> dict[str, Any]:
        """``legal``, ``violations`` (list of ``{kind, source, message}``), ``step``,
        ``witness``."""
        return {"legal": self.legal,
                "violations": [{"kind": v.kind, "source": v.source, "message": v.message}
                               for v in self.violations],
                "step": self.step, "witness": self.witness}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DamageCheck:
        """The verdict of a ``check-damage`` JSON object (other keys, e.g. ``assignment``,
        are ignored). Raises KeyError/TypeError for another object."""
        from redzone.solver.attack.results import violations_from_json

        witness = data.get("witness")
        return cls(legal=data["legal"], violations=violations_from_json(data["violations"]),
                   step=data["step"],
                   witness=None if witness is None else {s: dict(r) for s, r in witness.items()})


@dataclass(frozen=True)
class StepResult:
    """One played damage step: its ``plan`` and what the damage became (``dealt``: one
    ``redzone.models.outcome.DealtDamage`` per nonzero pair, after prevention and replacement)."""

    plan: DamagePlan
    dealt: list[Any] = field(default_factory=list)
    problem: DamageProblem | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"step", "assignment", "status", "dealt", "silent"}``: ``dealt`` lists what
        each nonzero pair became; ``silent`` the combatants that dealt no damage in the step
        and why."""
        data = self.plan.to_json()
        data["dealt"] = [{"source": d.source, "recipient": d.recipient, "assigned": d.assigned,
                          "amount": d.amount, "result": d.result, "notes": list(d.notes)}
                         for d in self.dealt]
        data["silent"] = dict(self.problem.silent) if self.problem is not None else {}
        return data


@dataclass(frozen=True)
class DamageResult:
    """The remaining combat damage steps played out, from :func:`play_out`.

    ``steps``: one :class:`StepResult` per step, in order; ``outcome``: the contract's
    outcome object (``life``, ``poison``, ``destroyed``, ``damage``, ``loyalty``,
    ``defense``, ...) from :meth:`redzone.models.outcome.GameState.to_outcome`; ``status``:
    ``"optimal"`` when every step's plan is, else ``"feasible"``; ``objective``.
    """

    steps: list[StepResult]
    outcome: OutcomeJSON
    status: str
    objective: str
    warnings: tuple[str, ...] = ()
    triggers: tuple[Any, ...] = ()
    """The triggered abilities that resolved, in order
    (:class:`redzone.models.triggers.types.Resolved`)."""
    board_after: Any = None
    """The board the play ended on (the triggered abilities' pumps and tokens in it), or
    ``None``; not part of the JSON answer."""

    def to_json(self) -> dict[str, Any]:
        """``steps`` (list of ``{step, assignment, ...}``), ``outcome``, ``status``,
        ``objective``; ``warnings`` (one line each) only when the play-out has some;
        ``triggers`` (what resolved, in order) only when some triggered ability did."""
        out = {"steps": [s.to_json() for s in self.steps], "outcome": self.outcome,
               "status": self.status, "objective": self.objective}
        if self.triggers:
            out["triggers"] = [t.to_json() for t in self.triggers]
        if self.warnings:
            out["warnings"] = list(self.warnings)
        return out


# ---------------------------------------------------------------------------- helpers



def _validate_objective(objective: str) -> None:
    if objective not in OBJECTIVES:
        raise ScenarioError("objective", f"expected one of {', '.join(OBJECTIVES)} (got {objective!r})")


def simple_assignment(problem: DamageProblem) -> dict[str, dict[str, int]]:
    """Each source assigns all its damage to its first recipient — always legal: the first
    recipient is its first blocker (in damage assignment order under rules "2023"), the
    creature it blocks, or what it attacks (510.1a-d; no excess, no later creature)."""
    return {s.id: {s.recipients[0]: s.amount} for s in problem.sources if s.amount > 0}


# ---------------------------------------------------------------------------- planning


def components(problem: DamageProblem) -> list[DamageProblem]:
    """The step split into independent parts: sources with something to assign, grouped so
    that two sources sharing a recipient are in one part (every rule condition on a source
    reads only totals of its own recipients). Attacking and blocking creatures never share
    a recipient, so the two sides always fall apart. Each part is a DamageProblem with a
    subset of the sources; the lexicographic optimum of the whole is the sum of the parts'."""
    from redzone.models.grouping import connected_groups

    live = {s.id: s for s in problem.sources if s.amount > 0}
    groups = connected_groups(live, _shared_recipients(live.values()))
    return [dataclasses.replace(problem, sources=tuple(live[x] for x in g)) for g in groups]


def _shared_recipients(sources: Any) -> list[tuple[str, str]]:
    """Links between damage sources that share a recipient (each source to the first one
    that could assign damage to it)."""
    owner: dict[str, str] = {}
    links = []
    for s in sources:
        for r in s.recipients:
            if r in owner:
                links.append((s.id, owner[r]))
            else:
                owner[r] = s.id
    return links


def _plan_part(problem: DamageProblem, objective: str,
               time_limit: float | None) -> tuple[dict[str, dict[str, int]], str, float, float]:
    """(assignment, status, build ms, solve ms) for one independent part with a choice."""
    t0 = time.perf_counter()
    ap = problem.active_player
    coupled = any((s.role == "attacker") != (s.decider == ap) for s in problem.sources if s.has_choice)
    model = _Model(problem)
    primary, rank = _active_objective(model, objective)
    groups = [primary]
    ranks = [rank]
    if not coupled:
        # Independent choices: the active player's and the others' variables share no
        # constraint, so one solve maximising both sums maximises each.
        *others, other_rank = model.defender_terms(with_losses=False)
        groups.append(others)
        ranks.append(other_rank)
    build_ms = _ms(t0)
    assignment, status, solve_ms = model.solve(groups, ranks, time_limit)
    if status not in ("optimal", "feasible"):
        return simple_assignment(problem), "feasible", build_ms, solve_ms
    if coupled:
        # The active player has chosen (510.1: it announces first); the other players now
        # complete the assignment legally, minimising their own losses (702.22j).
        t2 = time.perf_counter()
        mine = {s.id: assignment.get(s.id, {}) for s in problem.sources if s.decider == ap}
        second = _Model(problem, fixed=mine)
        *theirs, their_rank = second.defender_terms(with_losses=True)
        build_ms += _ms(t2)
        remaining = None
        if time_limit is not None:
            remaining = max(time_limit - (time.perf_counter() - t0), 0.001)
        completed, status2, ms = second.solve([theirs], [their_rank], remaining)
        solve_ms += ms
        if status2 in ("optimal", "feasible"):
            assignment = completed
            if status2 == "feasible":
                status = "feasible"
        else:  # pragma: no cover - the first solution itself completes the assignment
            status = "feasible"
    return assignment, status, build_ms, solve_ms


def plan_damage_step(problem: DamageProblem, objective: str = "max-player-damage", *,
                     time_limit: float | None = None) -> DamagePlan:
    """A legal combat damage assignment for the whole step (CR 510.1, 702.19, 702.2c,
    702.22j-k, old 510.1c-d under rules "2023"), chosen as the module docstring says.

    ``objective``: ``"max-player-damage"`` (default), ``"max-kills"`` or ``"min-losses"``
    (defined in ``docs/rules.md`` and by :data:`redzone.models.damage_problem.ACTIVE_KEYS`).
    ``time_limit``: seconds for CP-SAT in all (``None``: none). The step is solved part by
    independent part (:func:`components`); a part where nobody has a choice needs no solve.
    ``status`` is ``"optimal"`` only when every part was proved optimal; if a limit expires
    before a part has any solution, that part gets the always-legal
    :func:`simple_assignment` and the status is ``"feasible"``. Tie-break: least sum of
    (recipient position x amount), then CP-SAT's single-worker fixed-seed search. Raises
    ScenarioError for an unknown objective.
    """
    _validate_objective(objective)
    t0 = time.perf_counter()
    assignment: dict[str, dict[str, int]] = {}
    status = "optimal"
    build_ms = solve_ms = 0.0
    imported = False
    for part in components(problem):
        if not any(s.has_choice for s in part.sources):
            assignment.update(simple_assignment(part))
            continue
        if not imported:
            from ortools.sat.python import cp_model  # noqa: F401  (not timed below)

            imported = True
            t0 = time.perf_counter()
        remaining = None
        if time_limit is not None:
            remaining = max(time_limit - (time.perf_counter() - t0), 0.001)
        got, st, b, s_ms = _plan_part(part, objective, remaining)
        assignment.update(got)
        build_ms += b
        solve_ms += s_ms
        if st != "optimal":
            status = "feasible"
    assignment = normalise(problem, assignment)
    if not imported:
        build_ms = _ms(t0)
    return DamagePlan(problem.step, assignment, status, objective,
                      active_value(problem, assignment, objective),
                      defender_value(problem, assignment), build_ms, solve_ms)


def _check_shape(assignment: Any, where: str) -> dict[str, dict[str, int]]:
    if not isinstance(assignment, Mapping):
        raise ScenarioError(where, "must map each source id to {recipient: amount}")
    out: dict[str, dict[str, int]] = {}
    for sid, split in assignment.items():
        if not isinstance(split, Mapping):
            raise ScenarioError(f"{where}.{sid}", "must map recipients to amounts")
        row: dict[str, int] = {}
        for r, a in split.items():
            if isinstance(a, bool) or not isinstance(a, int):
                raise ScenarioError(f"{where}.{sid}.{r}", f"expected a whole number (got {a!r})")
            row[str(r)] = a
        out[str(sid)] = row
    return out


def check_damage(problem: DamageProblem, assignment: Assignment, *, witness: bool = False,
                 time_limit: float | None = None) -> DamageCheck:
    """Whether ``assignment`` (source id -> recipient -> amount) is a legal combat damage
    assignment for this step, judged on the whole step at once (510.1e), with every
    violation (:func:`redzone.models.damage_problem.damage_violations`). With ``witness``, an
    illegal assignment comes with a legal one (the default-objective plan). Raises
    ScenarioError when ``assignment`` is not a mapping of mappings of whole numbers."""
    given = _check_shape(assignment, "combat.assignment")
    # Issue 10 §5: a source left out with a single legal assignment is implied; one with a
    # real choice is a one-line error naming it.
    given = complete_assignment(problem, given)
    violations = damage_violations(problem, given)
    legal = not violations
    found = None
    if witness and not legal:
        found = plan_damage_step(problem, time_limit=time_limit).assignment
    return DamageCheck(legal, violations, problem.step, found)


def enumerate_damage_assignments(problem: DamageProblem, *, limit: int = 1000,
                                 time_limit: float | None = None) -> tuple[list[dict[str, dict[str, int]]], bool]:
    """Every legal assignment of the step (CP-SAT enumeration), as normalised dicts (zero
    amounts dropped), in the order found; and whether the list is complete (False when
    ``limit`` or ``time_limit`` cut it). Raises ScenarioError for a negative ``limit``."""
    if limit < 0:
        raise ScenarioError("limit", f"must be 0 or more, got {limit}")
    if not any(s.has_choice for s in problem.sources):
        return ([normalise(problem, simple_assignment(problem))] if limit else []), limit >= 1
    model = _Model(problem)
    solver = _solver(time_limit)
    solver.parameters.enumerate_all_solutions = True
    found: list[dict[str, dict[str, int]]] = []
    seen: set[tuple[tuple[str, str, int], ...]] = set()
    cut = False
    cp_model = model.cp

    class _Collector(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            nonlocal cut
            a = model.read(self.value)
            key = tuple(sorted((s, r, n) for s, row in a.items() for r, n in row.items()))
            if key in seen:
                return
            if len(found) >= limit:
                cut = True
                self.stop_search()
                return
            seen.add(key)
            found.append(normalise(problem, a))

    code = solver.solve(model.model, _Collector())
    complete = _status(code) in ("optimal", "infeasible") and not cut
    return found, complete


def solver_accepts(problem: DamageProblem, assignment: Assignment) -> bool:
    """Whether the CP-SAT model of the step admits ``assignment`` (every source pinned to
    its given split): the model's own verdict, for cross-checking it against
    :func:`redzone.models.damage_problem.damage_violations`. An amount to a recipient outside a
    source's legal recipients, or a source the step doesn't have, is outside the model's
    variables and makes the answer False."""
    for sid, row in assignment.items():
        src = problem.source(sid)
        if any(a for a in row.values()) and src is None:
            return False
        if src is not None and any(a and r not in src.recipients for r, a in row.items()):
            return False
        if src is not None and sum(row.values()) != src.amount:
            return False
    for src in problem.sources:
        if src.amount and src.id not in assignment:
            return False
    if not any(s.has_choice for s in problem.sources):
        return True
    model = _Model(problem, fixed={s.id: assignment.get(s.id, {}) for s in problem.sources})
    return _status(_solver(None).solve(model.model)) in ("optimal", "feasible")


# ---------------------------------------------------------------------------- play-out


def play_out(board: Any, objective: str = "max-player-damage", step: str | None = None, *,
             time_limit: float | None = None, windows: tuple[str, ...] | None = None) -> DamageResult:
    """Play the rest of the board's combat: the triggered abilities still to resolve, then
    the remaining combat damage steps (510.2-4): the first-strike step (if it applies) and
    then the regular step, or only ``step`` when given. Each step is planned with
    :func:`plan_damage_step`, its damage dealt all at once
    with prevention and replacement (``redzone.models.outcome.deal_damage``, 510.2), then
    state-based actions are performed (510.3, 704): damage marked in the first step counts
    toward lethal damage in the second, destroyed creatures are gone, first strikers that
    dealt damage don't deal it again unless they have double strike (702.4, 702.7).
    Play stops early when the active player or every opponent has lost.

    Triggered abilities of combat (CR 603; :mod:`redzone.models.triggers`): ``windows``
    lists those still to resolve before damage, ``"attack"`` (attackers declared, 508.2)
    and/or ``"block"`` (blockers declared, 509.2); ``None``: the scenario's
    ``combat.triggers_resolved`` decides (:func:`pending_windows`). After each damage step
    what it triggered resolves (510.3): combat damage to a player or creature, dealt damage,
    dies. Choices of those abilities (targets, "may", sacrifices) stated by the scenario
    (``combat.trigger_choices``) are taken (a stated choice that is not legal raises
    ScenarioError); the others are made for each player
    by the same objective: every outcome is played to the end of combat, the active
    player's choices take the best by ``objective``, the other players' the worst for it
    (docs/triggers.md). What resolved is in the result's ``triggers`` (a damage step's
    window named by its step, ``"first-strike"`` or ``"regular"``). With ``"regular"`` in
    ``combat.triggers_resolved`` no damage step is left to play.

    In a game of more than two players, a defending player who loses in a step while the
    game goes on leaves it at once with everything they own or control (104.5, 800.4a;
    :func:`redzone.models.leaving.leave_game`, listed in ``destroyed`` with the reason):
    their creatures neither block nor deal damage in a later step (506.4), creatures
    attacking them or their planeswalkers deal none (800.4e, 506.4c), and their static
    abilities stop applying (below). A permanent they controlled but another player owns,
    or a battle they protected, can't be settled from the scenario: a warning says so.

    When a step removed a permanent whose static ability changed characteristics or
    granted abilities (a lord), its effects end (611.3a): the layers are applied again to
    what remains (613, :func:`redzone.models.outcome.relayered_after_departures`, from the
    board as it was with every departure so far: no effect is taken off twice) and
    state-based actions
    performed again (704.3: a creature whose toughness fell may now have lethal damage
    marked), and a regular step after a first-strike step is planned and dealt on that
    board (510.1a). An
    effect that can't be undone (a departed "has base power and toughness" effect over a
    power and toughness given in the scenario) is in the result's ``warnings``.

    Returns a :class:`DamageResult`. Raises ScenarioError for a bad objective or step, or a
    malformed combat.
    """
    from redzone.models.damage_rules import remaining_steps
    from redzone.models.outcome import GameState
    from redzone.models.triggers.chance import assumed
    from redzone.models.triggers.resolve import has_combat_triggers

    _validate_objective(objective)
    if step is not None and step not in ("first-strike", "regular"):
        raise ScenarioError("step", f"expected first-strike or regular (got {step!r})")
    state = GameState.from_board(board)
    steps: list[Any] = [step] if step is not None else remaining_steps(board)  # without windows
    combat = board.scenario.combat
    played = has_combat_triggers(board)
    if windows is None:
        windows = pending_windows(board) if played and step is None else ()
    if step is None and combat is not None and "regular" in (getattr(combat, "triggers_resolved", None) or ()):
        steps = []  # the regular step and its triggers are over: no combat damage is left
    run = _PlayRun(objective, time_limit, played, board)
    attackers = dict(combat.attackers) if combat is not None else {}
    blockers = {b: list(a) for b, a in (combat.blockers or {}).items()} if combat is not None else {}
    dealt_first = list(combat.first_strike_dealt) if combat is not None else []
    # The damage steps are worked out after the windows (510.4: a creature that gained first
    # strike in the declare blockers step deals first-strike damage): "steps" stands for them.
    todo = list(windows) + (list(steps) if not windows else ["steps"])
    end = run.go(_Phase(board, board, state, attackers, blockers, todo, dealt_first))
    status = "optimal" if all(r.plan.status == "optimal" for r in end.results) else "feasible"
    warnings = list(end.warnings) + run.given.unused(end.resolved)
    warnings += assumed(end.resolved, [item for _, item in run.given.items],  # h12: a flip, a roll
                        run.given.labels)
    return DamageResult(end.results, end.state.to_outcome(board, end.board), status, objective,
                        tuple(warnings), tuple(end.resolved), end.board)


def pending_windows(board: Any) -> tuple[str, ...]:
    """The trigger windows of ``board``'s combat still to resolve before damage (docs/
    scenario-format.md, ``combat.triggers_resolved``): ``"attack"`` and ``"block"`` not
    listed there. Without the field: a scenario whose blockers are declared stands after
    the attack triggers (they resolved before blockers were declared, 508.2, 509.1) and
    before the block triggers; one after the first-strike step (``first_strike_dealt``)
    after both; one
    without blockers before both (:func:`redzone.models.triggers.scenario.pending`)."""
    from redzone.models.triggers.scenario import pending

    return pending(board)


def after_attack_window(board: Any, choose: Any = None) -> tuple[Any, dict[str, str], tuple[Any, ...]]:
    """The board as blockers are declared (509.1) when the attack window of ``board``'s
    combat is still to resolve (:func:`pending_windows`): its triggered abilities resolved
    (508.2; "target creature can't block this turn", a pump, a creature tapped or
    destroyed, tokens put onto the battlefield attacking, 508.4) with the scenario's
    ``combat.trigger_choices``; a choice the scenario doesn't state is asked of ``choose``
    (a :data:`redzone.models.triggers.resolve.Chooser`), or with ``None`` is a
    :class:`ScenarioError` (field ``combat.trigger_choices``, a check command's case).

    Returns ``(board, attackers, resolved)``: the board without the permanents that left,
    the attacking creatures (tokens included), and the
    :class:`redzone.models.triggers.types.Resolved` records in order; ``board`` itself, its
    attackers and ``()`` when nothing is to resolve."""
    from redzone.models.outcome import GameState
    from redzone.models.triggers.resolve import attack_window, triggers
    from redzone.models.triggers.scenario import ScenarioChoices

    combat = getattr(board.scenario, "combat", None)
    attackers = dict(combat.attackers) if combat is not None else {}
    if not attackers or "attack" not in pending_windows(board) or not any(
            t.window == "attack" for p in board.permanents.values() for t in triggers(p, board)):
        return board, attackers, ()
    state = GameState.from_board(board)
    answers = ScenarioChoices(board).chooser("attack", choose)
    out = attack_window(board, state, attackers, answers)
    answers.verify(out.resolved)
    cur = out.board
    if not all(state.on_battlefield(pid) for pid in cur.permanents):
        view = dataclasses.replace(cur, permanents={pid: p for pid, p in cur.permanents.items()
                                                    if state.on_battlefield(pid)})
        view.combat = cur.combat
        cur = view
    live = {a: t for a, t in out.attackers.items() if state.on_battlefield(a)}
    if live != attackers:
        cur = _with_attackers(cur, live)
    return cur, live, tuple(out.resolved)


def after_windows(board: Any, choose: Any = None) -> tuple[Any, Any, tuple[Any, ...]]:
    """The board and :class:`redzone.models.outcome.GameState` as combat damage begins when
    the attack and/or block window of ``board``'s combat is still to resolve
    (:func:`pending_windows`): each resolved in order (508.2, 509.2) with the scenario's
    ``combat.trigger_choices``; a choice it doesn't state is asked of ``choose``, or with
    ``None`` is a :class:`ScenarioError` (field ``combat.trigger_choices``: a check
    command's case). Returns ``(board, state, resolved)``; ``(board, None, ())`` when
    nothing is to resolve (the board as given)."""
    from redzone.models.outcome import GameState
    from redzone.models.triggers.resolve import attack_window, block_window, has_combat_triggers
    from redzone.models.triggers.scenario import ScenarioChoices

    combat = getattr(board.scenario, "combat", None)
    if combat is None or not combat.attackers or not has_combat_triggers(board):
        return board, None, ()
    windows = pending_windows(board)
    if not windows:
        return board, None, ()
    given = ScenarioChoices(board)
    state = GameState.from_board(board)
    attackers = dict(combat.attackers)
    blockers = {b: list(a) for b, a in combat.blockers.items()}
    cur, resolved = board, []
    for w in windows:
        answers = given.chooser(w, choose)
        if w == "attack":
            out = attack_window(cur, state, attackers, answers)
        else:
            out = block_window(cur, state, attackers, blockers, answers)
        answers.verify(out.resolved)
        resolved.extend(out.resolved)
        cur = out.board
        if dict(out.attackers) != attackers:
            attackers = dict(out.attackers)
            cur = _with_attackers(cur, attackers)
    return cur, state, tuple(resolved)


@dataclass
class _Phase:
    """Where a play-out stands: ``base`` (the board every departure is re-layered from),
    ``cur`` (the board the next step is dealt on), the state, the combat, what is left to
    play (trigger windows, then damage steps) and the results so far."""

    base: Any
    cur: Any
    state: Any
    attackers: dict[str, str]
    blockers: dict[str, list[str]]
    todo: list[str]
    dealt_first: list[str]
    results: list[StepResult] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    resolved: list[Any] = field(default_factory=list)
    departed: set[str] = field(default_factory=set)
    seen: list[Any] = field(default_factory=list)
    died: list[str] = field(default_factory=list)
    """Creatures that died in the last damage step (their dies triggers, 700.4)."""

    def fork(self, state: Any) -> _Phase:
        return _Phase(self.base, self.cur, state, dict(self.attackers),
                      {b: list(a) for b, a in self.blockers.items()}, list(self.todo),
                      list(self.dealt_first), list(self.results), list(self.warnings),
                      list(self.resolved), set(self.departed), list(self.seen))


@dataclass
class _End:
    board: Any
    state: Any
    results: list[StepResult]
    warnings: list[str]
    resolved: list[Any]


class _PlayRun:
    """The play-out of :func:`play_out`: windows and steps in order, with every outcome of
    a window's choices played to the end and the best (or worst) kept."""

    def __init__(self, objective: str, time_limit: float | None, played: bool, board: Any) -> None:
        self.objective = objective
        self.time_limit = time_limit
        self.played = played
        self.ap = board.active_player
        self.opponents = board.opponents(self.ap)
        self.start = board
        from redzone.models.triggers.scenario import ScenarioChoices

        self.given = ScenarioChoices(board)
        """The scenario's ``combat.trigger_choices``, answered before any is searched."""

    def over(self, ph: _Phase) -> bool:
        st = ph.state
        return self.ap in st.lost or all(o in st.lost for o in self.opponents)

    def go(self, ph: _Phase) -> _End:
        while ph.todo and not self.over(ph):
            what = ph.todo.pop(0)
            if what in ("attack", "block"):
                return self.window(ph, what)
            if what == "steps":
                from redzone.models.damage_rules import remaining_steps

                ph.todo[:0] = remaining_steps(ph.cur)
                continue
            ph = self.step(ph, what)
            if ph.todo and ph.todo[0] == "after-damage" and not self.over(ph):
                ph.todo.pop(0)
                return self.window(ph, "damage")
        state = ph.state
        if self.played and not self.over(ph):
            from redzone.models.triggers.resolve import end_of_combat

            state = end_of_combat(ph.cur, state)  # 511.2: "at end of combat" (603.7)
        return _End(ph.cur, state, ph.results, ph.warnings, ph.resolved)

    def measure(self, end: _End) -> tuple[int, ...]:
        """The active player's objective on the end of combat (larger is better)."""
        st = end.state
        board = self.start
        opp_lost = sum(1 for o in self.opponents if o in st.lost)
        life = sum(board.player(o).life - st.life.get(o, 0) for o in self.opponents)
        poison = sum(st.poison.get(o, 0) for o in self.opponents)
        mine = {p.id for p in board.permanents.values() if p.controller == self.ap}
        kills = sum(1 for pid in st.destroyed if pid not in mine)
        losses = sum(1 for pid in st.destroyed if pid in mine)
        lost = 1 if self.ap in st.lost else 0
        # last tie-break: the power and toughness of what left (a sacrifice of a land or of
        # a Memnite rather than a 5/3, 701.21a; the defending player keeps its best too)
        kill_value = sum(_size(board, pid) for pid in st.destroyed if pid not in mine)
        loss_value = sum(_size(board, pid) for pid in st.destroyed if pid in mine)
        # then the +1/+1 and -1/-1 counters put on in combat (they outlast it): on the
        # active player's creatures that remain, less those on the other players'
        counters = 0
        for pid, now in st.counters.items():
            if not st.on_battlefield(pid):
                continue
            before = board.permanents[pid].counters if pid in board.permanents else {}
            d = (now.get("+1/+1", 0) - before.get("+1/+1", 0)
                 - now.get("-1/-1", 0) + before.get("-1/-1", 0))
            perm = end.board.permanents.get(pid)
            if d and perm is not None and perm.is_creature:
                counters += d if perm.controller == self.ap else -d
        if self.objective == "max-kills":
            return (-lost, opp_lost, kills, life + poison, -losses, kill_value, -loss_value,
                    counters)
        if self.objective == "min-losses":
            return (-lost, opp_lost, -losses, kills, life + poison, -loss_value, kill_value,
                    counters)
        return (-lost, opp_lost, life + poison, kills, -losses, kill_value, -loss_value,
                counters)

    def window(self, ph: _Phase, which: str) -> _End:
        from redzone.models.triggers.resolve import (attack_window, block_window, damage_window,
                                                     outcomes)
        from redzone.models.triggers.scenario import step_window

        dealt = ph.results[-1].dealt if which == "damage" and ph.results else []
        died = list(ph.died)
        name = which if which != "damage" else step_window(ph.results[-1].plan.step if ph.results
                                                           else "regular")

        def run(chooser: Any) -> Any:
            st = ph.state.copy()
            if which == "attack":
                return attack_window(ph.cur, st, ph.attackers, chooser)
            if which == "block":
                return block_window(ph.cur, st, ph.attackers, ph.blockers, chooser)
            out = damage_window(ph.cur, st, ph.attackers, ph.blockers, dealt, died, chooser,
                                last_step=name == "regular")  # h31: no damage left (510.4)
            # named by its step, as combat.trigger_choices names it (replayable, issue 21 §2)
            out.resolved = [dataclasses.replace(r, window=name) for r in out.resolved]
            return out

        tree = outcomes(self.given.wrap(name, run))  # the scenario's choices first (issue 21)
        return self.best(ph, tree)

    def best(self, ph: _Phase, node: Any) -> _End:
        from redzone.models.triggers.chance import is_random

        if node.outcome is not None:
            out = node.outcome
            nxt = ph.fork(out.state)
            nxt.resolved.extend(out.resolved)
            changed = out.board is not ph.cur
            nxt.attackers = dict(out.attackers)
            nxt.cur = out.board
            if changed:
                nxt.base = out.board
            if out.attackers != ph.attackers:
                nxt.cur = nxt.base = _with_attackers(out.board, out.attackers)
            return self.go(nxt)
        ends = [self.best(ph, child) for child in node.children]
        keys: list[tuple[int, ...]] = [self.measure(e) for e in ends]
        if is_random(node.choice):
            # h12: a flip's or roll's result: last, the active player's own life (a roll
            # that costs its controller life, Non-Human Cannonball: the worst is the most)
            keys = [k + (int(e.state.life.get(self.ap, 0)) - int(e.state.poison.get(self.ap, 0)),)
                    for k, e in zip(keys, ends)]
        pick = max if node.choice.player == self.ap else min
        i = keys.index(pick(keys))
        end = ends[i]
        return end

    def step(self, ph: _Phase, st: Any) -> _Phase:
        from redzone.models.damage_rules import damage_problem
        from redzone.models.leaving import leave_game
        from redzone.models.outcome import DamageEvent, deal_damage, relayered_after_departures
        from redzone.models.outcome import state_based_actions

        state = ph.state
        cur = ph.cur
        problem = damage_problem(cur, st, state=state, first_strike_dealt=ph.dealt_first)
        plan = plan_damage_step(problem, self.objective, time_limit=self.time_limit)
        events = [DamageEvent(s, r, a) for s, row in plan.assignment.items() for r, a in row.items()]
        dealt = deal_damage(cur, state, events, combat=True)
        before = len(state.destroyed)
        state_based_actions(cur, state)
        died = list(state.destroyed[before:])
        gone = [p for p in state.lost if p not in ph.departed]
        if gone and not self.over(ph):
            # 104.5, 800.4a: a player who lost leaves the game that goes on, and everything
            # they own or control leaves with it at once: their creatures block and deal
            # no more damage (506.4), nothing is assigned to them (800.4e), then
            # state-based actions again (704.3: 704.5m); their statics end just below.
            ph.departed.update(gone)
            _, gaps = leave_game(cur, state, gone)
            for g in gaps:
                line = f"warning: {g}; it left with them here (CR 800.4a)"
                if line not in ph.warnings:
                    ph.warnings.append(line)
        if st == "first-strike":
            # CR 510.4: creatures with first or double strike as this step began.
            ph.dealt_first.extend(s.id for s in problem.sources if s.id not in ph.dealt_first)
        # A lord the step removed: its effects end (611.3a) and the layers are applied
        # again to what remains (613), then state-based actions again (704.3): after the
        # first-strike step the regular step's damage is the power each creature has then
        # (510.1a); after either step a creature whose toughness fell to its marked damage
        # is destroyed (704.5g). Worked out from the board as it was before any damage,
        # with every departure so far (a second pass over a re-layered board would take a
        # departed lord's bonus off a given power and toughness twice).
        ph.cur, gaps = relayered_after_departures(ph.base, state)
        for g in gaps:
            if g in ph.seen:
                continue
            ph.seen.append(g)
            perm = ph.cur.permanents.get(g.target)
            line = (f"warning: {perm.label if perm is not None else g.target}: {g.message()}; "
                    f"its given power and toughness were kept as they were after the {st} "
                    f"step (CR 611.3a, 613.4b)")
            if line not in ph.warnings:
                ph.warnings.append(line)
        ph.results.append(StepResult(plan, list(dealt), problem))
        if self.played:
            # 510.3: what the step triggered resolves before the next step (510.4).
            ph.died = died
            ph.todo.insert(0, "after-damage")
        return ph


def _size(board: Any, pid: str) -> int:
    """Power plus toughness of a permanent of ``board`` (0: not a creature, or a token made
    in combat)."""
    perm = board.permanents.get(pid)
    if perm is None or not perm.is_creature:
        return 0
    return max(0, perm.power or 0) + max(0, perm.toughness or 0)


def _with_attackers(board: Any, attackers: Mapping[str, str]) -> Any:
    """``board`` with its combat's attackers replaced (tokens put onto the battlefield
    attacking, 508.4)."""
    from types import SimpleNamespace

    combat = board.scenario.combat
    view = SimpleNamespace(**{k: getattr(combat, k, None) for k in (
        "blockers", "blocked", "step", "first_strike_dealt", "damage_order", "assignment",
        "bands", "triggers_resolved", "trigger_choices")})
    view.attackers = dict(attackers)
    view.blockers = dict(view.blockers or {})
    view.blocked = tuple(view.blocked or ())
    view.first_strike_dealt = tuple(view.first_strike_dealt or ())
    view.damage_order = dict(view.damage_order or {})
    view.assignment = dict(view.assignment or {})
    view.bands = tuple(view.bands or ())
    return dataclasses.replace(board, scenario=SimpleNamespace(
        combat=view, effects=tuple(getattr(board.scenario, "effects", None) or ())))
