"""Combat damage commands: ``damage`` (assign and deal the remaining steps) and
``check-damage`` (CR 510).

JSON keys fixed by the contract (docs/scenario-format.md): ``damage`` — ``steps`` (list of
``{step, assignment}``, assignment: source -> recipient -> amount) and ``outcome``;
``check-damage`` — ``legal`` and ``violations`` (``{kind, source, message}``). Extra keys:
``status``, ``objective``, each step's ``dealt`` and ``silent``; ``step``, ``assignment``,
``witness``; ``unparsed``; ``warnings`` (only when there are some: a scenario field with no
effect, such as ``combat.damage_order`` under ``rules: current``; an effect of a permanent
that left in the first-strike step which could not be undone before the regular step, CR
611.3a, 613).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from redzone.solver.frontends.commands.common import (
    BoardAnswer,
    PlayedAnswer,
    magic_board_of,
    scenario_warnings,
    unparsed_json,
    violations_json,
)

if TYPE_CHECKING:  # annotations only (keeps the command's import light)
    from rich.console import Console

    from redzone.models.attack_problem import Violation
    from redzone.models.board import Board
    from redzone.models.outcome import OutcomeJSON
    from redzone.models.scenario import Scenario
    from redzone.solver.damage.solve import DamageCheck, DamageResult


def _warnings_json(board: Board) -> dict[str, list[str]]:
    """``{"warnings": [...]}`` when a scenario field has no effect (damage_order under
    current rules), else nothing."""
    found = scenario_warnings(board)
    return {"warnings": found} if found else {}


Objective = Literal["max-player-damage", "max-kills", "min-losses"]
Step = Literal["first-strike", "regular"]
OBJECTIVE_CHOICES: tuple[str, ...] = ("max-player-damage", "max-kills", "min-losses")
STEP_CHOICES: tuple[str, ...] = ("first-strike", "regular")


@dataclass(frozen=True)
class DamageOptions:
    """Options of ``damage``: ``step`` (only this step; ``None``: every remaining step),
    ``objective`` of the active player's assignments."""

    strict: bool = False
    time_limit: float | None = None
    step: Step | None = None
    objective: Objective = "max-player-damage"


@dataclass(frozen=True)
class CheckDamageOptions:
    """Options of ``check-damage``: ``step`` judged and ``assignment`` (source -> recipient
    -> amount; ``None``: the scenario's ``combat.assignment``)."""

    strict: bool = False
    time_limit: float | None = None
    step: Step | None = None
    assignment: dict[str, dict[str, int]] | None = None


def _shown(value: Any) -> str:
    """A value as a message shows it: its repr, cut to 40 characters."""
    try:
        text = repr(value)
    except ValueError:  # an int past Python's digit limit for conversion to text
        return "a number of more than 4300 digits"
    return text if len(text) <= 40 else text[:37] + "..."


def check_assignment_option(assignment: Any, name: str = "--assignment") -> None:
    """Refuse an assignment option (source -> recipient -> amount) whose amounts a scenario
    file's ``combat.assignment`` would refuse: each a whole number in [0, MAX_NUMBER]
    (docs/scenario-format.md, numbers). Raises ScenarioError naming the amount's field,
    ``--assignment.SOURCE.RECIPIENT`` (the protocol's ``options.assignment...``), with the
    scenario reader's wording: an amount out of range is said to be, not taken for a
    missing source."""
    from redzone.models.errors import ScenarioError
    from redzone.models.scenario.types import MAX_NUMBER

    if not isinstance(assignment, dict):
        raise ScenarioError(name, "expected a JSON object mapping source id to {recipient: amount}")
    for source, row in assignment.items():
        if not isinstance(row, dict):
            raise ScenarioError(f"{name}.{source}", f"expected an object of recipient: amount (got {_shown(row)})")
        for recipient, amount in row.items():
            field = f"{name}.{source}.{recipient}"
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise ScenarioError(field, f"expected a whole number (got {_shown(amount)})")
            if amount < 0:
                raise ScenarioError(field, f"must be ≥ 0 (got {_shown(amount)})")
            if amount > MAX_NUMBER:
                raise ScenarioError(field, f"must be ≤ {MAX_NUMBER} (got {_shown(amount)}; see "
                                           "docs/scenario-format.md, numbers)")


def _name(board: Board, object_id: str) -> str:
    perm = board.permanents.get(object_id)
    return perm.label if perm is not None else object_id


def assignment_lines(board: Board, assignment: dict[str, dict[str, int]]) -> list[str]:
    """Readable lines of a damage assignment (source → recipient amount, ...)."""
    if not assignment:
        return ["  (no combat damage is assigned)"]
    return [f"  {_name(board, s)} → " + ", ".join(f"{_name(board, r)} {n}" for r, n in row.items())
            for s, row in assignment.items()]


def outcome_lines(board: Board, outcome: OutcomeJSON) -> list[str]:
    """Readable lines of an outcome object (life, poison, permanents that entered,
    destroyed, damage, loyalty, defense, and commander damage in a Commander game), against
    the board before."""
    lines = []
    for p in board.players:
        life = outcome["life"].get(p.name, p.life)
        poison = outcome["poison"].get(p.name, p.poison)
        change = [f"life {p.life} → {life}" if life != p.life else f"life {life}"]
        if poison != p.poison:
            change.append(f"poison {p.poison} → {poison}")
        lost = " [red](loses the game)[/red]" if p.name in outcome.get("lost", []) else ""
        lines.append(f"  {p.name}: {', '.join(change)}{lost}")
    for e in outcome.get("entered", []):
        how = ", ".join(w for w in ("token" if e["token"] else "", "tapped" if e["tapped"] else "",
                                    f"attacking {e['attacking']}" if e["attacking"] else "") if w)
        lines.append(f"  {e['name']} ({e['id']}, {e['power']}/{e['toughness']}) entered the "
                     f"battlefield under {e['controller']}'s control" + (f" ({how})" if how else ""))
    for pid in outcome["destroyed"]:
        why = outcome.get("reasons", {}).get(pid, "")
        lines.append(f"  {_name(board, pid)} leaves the battlefield" + (f" ({why})" if why else ""))
    for pid, n in outcome["damage"].items():
        lines.append(f"  {_name(board, pid)} has {n} damage marked")
    for key, word in (("loyalty", "loyalty"), ("defense", "defense")):
        for pid, n in outcome.get(key, {}).items():
            before = getattr(board.permanents[pid], key) if pid in board.permanents else None
            if before != n:
                lines.append(f"  {_name(board, pid)}: {word} {before} → {n}")
    from redzone.solver.frontends.output import commander_lines

    lines.extend(commander_lines(board, outcome))  # type: ignore[arg-type]
    return lines


def block_violations(board: Board) -> list[Violation]:
    """The availability rules and restrictions (CR 509.1a-b) the scenario's
    ``combat.blockers`` break — a lone blocker on a creature with menace, a tapped creature
    blocking — as :class:`redzone.models.attack_problem.Violation` objects. Only the declared
    pairs are judged (time linear in the declaration). Requirements (509.1c) are not judged
    here (that needs a solve: ``redzone check-block``)."""
    from redzone.models.block_problem import declared_form, restriction_violations
    from redzone.models.block_rules import block_problems
    from redzone.models.errors import ScenarioError

    combat = getattr(board.scenario, "combat", None)
    if combat is None or not any(combat.blockers.values()):
        return []
    declared = {b: list(a) for b, a in combat.blockers.items()}
    from redzone.solver.damage.solve import after_attack_window

    try:
        # Issue 21: a scenario whose attack window is still to resolve (triggers_resolved)
        # has its blocks judged on the board that window leaves, with the scenario's choices
        # (508.2, 509.1); when it leaves a choice open, on the board as given.
        view, attackers, _ = after_attack_window(board)
    except ScenarioError:
        view, attackers = board, dict(combat.attackers)
    try:
        problems = block_problems(view, attackers, only_pairs=declared)
    except ScenarioError:
        return []  # a malformed combat: the damage rules report it themselves
    from redzone.models.attack_problem import Violation

    out: list[Violation] = []
    for p in problems:
        mine = set(p.blockers)
        part = {b: a for b, a in declared.items() if b in mine}
        # 702.22h: a whole band listed for one blocker is the one block it declared.
        out.extend(restriction_violations(p, declared_form(p, part)))
    # 509.1a, 802.4a: only a defending player's creatures block; a creature of the attacking
    # player, or of a player nobody attacks, belongs to no defending player's declaration.
    defending = {b for p in problems for b in p.blockers}
    for b, blocked in declared.items():
        if blocked and b not in defending:
            label = _name(board, b)
            out.append(Violation(
                "unknown", label,
                f"{label} is not a creature a defending player controls, so it can't block "
                f"(CR 509.1a, 802.4a)"))
    return out


def attack_violations(board: Board) -> list[Violation]:
    """The availability rules and restrictions (CR 508.1a, 508.1c) the scenario's
    ``combat.attackers`` break — a creature with defender or summoning sickness attacking,
    "can't attack alone" — as :class:`redzone.models.attack_problem.Violation` objects. A
    declared attacker counts as untapped for this (declaring it tapped it, 508.1f).
    Requirements (508.1d) and costs (508.1h) are not judged here (``redzone check-attack``
    does, before the attack)."""
    from copy import copy

    from redzone.models.attack_problem import restriction_violations
    from redzone.models.attack_rules import attack_problem
    from redzone.models.errors import RedzoneError

    combat = getattr(board.scenario, "combat", None)
    if combat is None or not combat.attackers:
        return []
    declared = dict(combat.attackers)
    judged = board
    if any(getattr(board.permanents.get(c), "tapped", False) for c in declared):
        judged = copy(board)
        judged.permanents = dict(board.permanents)
        for c in declared:
            perm = board.permanents.get(c)
            if perm is not None and perm.tapped:
                judged.permanents[c] = copy(perm)
                judged.permanents[c].tapped = False
        judged._grants = judged._index = None
        judged._combat_fx = None
    try:
        problem = attack_problem(judged, board.active_player)
    except RedzoneError:
        return []  # a malformed combat: the commands report it themselves
    return restriction_violations(problem, declared)


@dataclass(frozen=True)
class DamageAnswer(PlayedAnswer):
    """``damage``: the steps played (:class:`redzone.solver.damage.solve.DamageResult`);
    ``illegal_blocks``: the declared blocks' violations (CR 509.1a-b), ``illegal_attackers``
    the declared attack's (508.1a, 508.1c), played out as given; ``not_played``: the
    triggered and activated abilities the play leaves out (:class:`PlayedAnswer`)."""

    result: DamageResult
    objective: str
    illegal_blocks: tuple[Violation, ...] = ()
    illegal_attackers: tuple[Violation, ...] = ()

    def played_triggers(self) -> tuple[Any, ...]:
        """The abilities resolved in the play (``result.triggers``; h34: those that say "not played" are listed in ``not_played``)."""
        return tuple(self.result.triggers)

    def to_json(self) -> dict[str, Any]:
        """The ``damage`` JSON object: the contract's keys first (``steps``, ``outcome``),
        then ``illegal_blocks`` and ``illegal_attackers`` (``{kind, source, message}``) and
        the rest."""
        data = {**self.result.to_json(), "unparsed": unparsed_json(self.board)}
        out = {"steps": data["steps"], "outcome": data["outcome"],
               **{k: v for k, v in data.items() if k not in ("steps", "outcome")},
               "illegal_blocks": violations_json(self.illegal_blocks),
               "illegal_attackers": violations_json(self.illegal_attackers)}
        found = scenario_warnings(self.board) + list(self.result.warnings)
        out.pop("warnings", None)
        return {**out, "not_played": self.not_played_json(), **({"warnings": found} if found else {})}

    def warnings(self) -> list[str]:
        """Unparsed-sentence notes, a warning per broken attack or block rule (508.1a, c;
        509.1a-b), and the
        play-out's warnings (an effect of a permanent that left in the first-strike step
        that could not be undone: 611.3a, 613)."""
        return (super().warnings()
                + [f"warning: the attack is illegal, played out as given: {v.message} ({v.source})"
                   for v in self.illegal_attackers]
                + [f"warning: the blocks are illegal, played out as given: {v.message} ({v.source})"
                   for v in self.illegal_blocks]
                + list(self.result.warnings))

    def render(self, con: Console) -> None:
        """Each step's assignment and what it became, then the outcome."""
        from redzone.solver.frontends.output import trigger_line

        board, result = self.board, self.result
        # Triggered abilities in the order they resolved (issue 21 §2): the attack and block
        # windows before the damage steps, each step's own after it (510.3).
        triggers = [t.to_json() for t in result.triggers]
        for t in triggers:
            if t["window"] in ("attack", "block"):
                con.print(trigger_line(board, t), markup=False)
        if not result.steps:
            con.print("No combat damage step is played.")
        for st in result.steps:
            con.print(f"[bold]{st.plan.step.capitalize()} combat damage step[/bold] "
                      f"({st.plan.status}; objective {self.objective})")
            for line in assignment_lines(board, st.plan.assignment):
                con.print(line)
            for d in st.dealt:
                if d.amount != d.assigned or d.notes:
                    con.print(f"[dim]    {_name(board, d.source)} → {_name(board, d.recipient)}: "
                              f"assigned {d.assigned}, dealt {d.amount}"
                              + (f" ({'; '.join(d.notes)})" if d.notes else "") + "[/dim]")
            if st.problem is not None:
                # One line per reason: in the first-strike step every creature without first
                # or double strike waits for the regular step (510.4); list them once.
                by_reason: dict[str, list[str]] = {}
                for cid, why in st.problem.silent.items():
                    by_reason.setdefault(why, []).append(_name(board, cid))
                for why, names in by_reason.items():
                    if len(names) == 1:
                        con.print(f"[dim]  {names[0]} deals no damage: {why}[/dim]")
                    else:
                        con.print(f"[dim]  {', '.join(names)} deal no damage in this step "
                                  f"(each: {why})[/dim]")
            for t in triggers:
                if t["window"] == st.plan.step:
                    con.print(trigger_line(board, t), markup=False)
        con.print("[bold]Outcome[/bold]")
        for line in outcome_lines(board, result.outcome):
            con.print(line)


@dataclass(frozen=True)
class CheckDamageAnswer(BoardAnswer):
    """``check-damage``: the verdict (:class:`redzone.solver.damage.solve.DamageCheck`)."""

    assignment: dict[str, dict[str, int]]
    result: DamageCheck
    triggers: tuple[Any, ...] = ()
    """The attack and block windows' triggered abilities resolved first (issue 21), in order."""

    def to_json(self) -> dict[str, Any]:
        """The ``check-damage`` JSON object."""
        r = self.result.to_json()
        return {"legal": r["legal"], "violations": r["violations"], "step": r["step"],
                "assignment": self.assignment, "witness": r["witness"],
                "unparsed": unparsed_json(self.board), **_warnings_json(self.board),
                **({"triggers": [t.to_json() for t in self.triggers]} if self.triggers else {})}

    def render(self, con: Console) -> None:
        """Verdict, the assignment, violations and a legal assignment for comparison."""
        from redzone.solver.frontends.output import trigger_line

        board, r = self.board, self.result
        for t in self.triggers:
            con.print(trigger_line(board, t.to_json()), markup=False)
        verdict = "[green]legal[/green]" if r.legal else "[red]illegal[/red]"
        con.print(f"[bold]Combat damage assignment ({r.step} step) is {verdict}[/bold]")
        for line in assignment_lines(board, {s: {t: n for t, n in row.items() if n}
                                             for s, row in self.assignment.items()}):
            con.print(line)
        for v in r.violations:
            con.print(f"  [red]✗[/red] {v.message} [dim]({v.kind})[/dim]")
        if r.witness is not None:
            con.print("A legal assignment, for comparison:")
            for line in assignment_lines(board, r.witness):
                con.print(line)


def damage(scenario: Scenario, options: DamageOptions) -> DamageAnswer:
    """Play out the remaining combat damage steps (CR 510): each step's assignment (the
    active player's by ``options.objective``; the defending player's minimise their losses),
    then the outcome (CR 120, 704). Declared blocks that break an availability rule or a
    restriction (509.1a-b) are played out as given with a warning; with ``options.strict``
    they are refused.

    Raises :class:`redzone.models.errors.RedzoneError` subclasses for bad input, among them a
    :class:`redzone.models.errors.ScenarioError` (field ``combat.blockers``) for illegal
    blocks under ``options.strict``.
    """
    from redzone.models.errors import ScenarioError
    from redzone.solver.damage.solve import play_out

    board = magic_board_of(scenario, options.strict)
    bad_attack = attack_violations(board)
    if bad_attack and options.strict:
        raise ScenarioError("combat.attackers", f"illegal attack: {bad_attack[0].message} (--strict)")
    illegal = block_violations(board)
    if illegal and options.strict:
        raise ScenarioError("combat.blockers", f"illegal block: {illegal[0].message} (--strict)")
    result = play_out(board, options.objective, options.step, time_limit=options.time_limit)
    return DamageAnswer(board=board, result=result, objective=options.objective,
                        illegal_blocks=tuple(illegal), illegal_attackers=tuple(bad_attack))


def check_damage(scenario: Scenario, options: CheckDamageOptions) -> CheckDamageAnswer:
    """Check a combat damage assignment (``options.assignment``, else the scenario's
    ``combat.assignment``) for the step (CR 510.1, 702.19, 702.2c; the 2023 damage assignment
    order under ``rules: 2023``), with a legal witness when it is illegal.

    Raises :class:`redzone.models.errors.RedzoneError` subclasses for bad input.
    """
    from redzone.models.damage_rules import damage_problem
    from redzone.solver.damage.solve import check_damage as check

    given = options.assignment
    if given is not None:
        check_assignment_option(given)
    from redzone.solver.damage.solve import after_windows

    board = magic_board_of(scenario, options.strict)
    # Issue 21: judged on the board the attack and block windows still to resolve leave
    # (508.2, 509.2; their choices the scenario's combat.trigger_choices).
    view, state, resolved = after_windows(board)
    problem = damage_problem(view, options.step, state=state)
    combat = getattr(board.scenario, "combat", None)  # as loaded: state-based actions done
    proposal = ({s: dict(row) for s, row in given.items()} if given is not None else
                {s: dict(row) for s, row in (combat.assignment if combat else {}).items()})
    result = check(problem, proposal, witness=True, time_limit=options.time_limit)
    return CheckDamageAnswer(board=board, assignment=proposal, result=result, triggers=resolved)
