"""Attack commands: ``attack`` (plan or list every legal declaration) and ``check-attack``
(CR 508.1).

JSON keys fixed by the contract (docs/scenario-format.md): ``attack`` — ``legal``,
``status``, ``attackers`` (attacking creature id -> attack target), ``requirements``
(``obeyed``, ``maximum``, ``maximum_proved``), ``mana_paid``; ``attack --all`` —
``declarations``, ``count``, ``complete``; ``check-attack`` — ``legal``, ``requirements``,
``violations`` (``{kind, source, message}``), ``witness``. Extra keys: ``unable``,
``build_ms``/``solve_ms``, ``unparsed``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from redzone.solver.frontends.commands.common import (
    BoardAnswer,
    check_ids,
    declaration_lines,
    listing_tail,
    magic_board_of,
    unparsed_json,
    verdict_markup,
)
from redzone.solver.frontends.commands.options import bounded

if TYPE_CHECKING:  # annotations only (keeps the command's import light)
    from rich.console import Console

    from redzone.models.attack_problem import AttackProblem
    from redzone.models.scenario import Scenario
    from redzone.solver.attack.results import AttackCheck, AttackEnumeration, AttackPlan


@dataclass(frozen=True)
class AttackOptions:
    """Options of ``attack``: ``strict`` refuses unparsed combat text; ``time_limit`` in
    seconds (``None``: no limit); ``all`` lists every legal declaration, at most ``limit``."""

    strict: bool = False
    time_limit: float | None = None
    all: bool = False
    limit: int = bounded(1000, minimum=1)


@dataclass(frozen=True)
class CheckAttackOptions:
    """Options of ``check-attack``: ``declaration`` (attacking creature id -> attack target;
    ``None``: the scenario's ``combat.attackers``)."""

    strict: bool = False
    time_limit: float | None = None
    declaration: dict[str, str] | None = None


@dataclass(frozen=True)
class AttackAnswer(BoardAnswer):
    """``attack``: the plan (:class:`redzone.solver.attack.results.AttackPlan`) on its board."""

    problem: AttackProblem
    plan: AttackPlan

    def to_json(self) -> dict[str, Any]:
        """The ``attack`` JSON object."""
        return {
            **self.plan.to_json(),
            "unable": {c: why for (c, t), why in self.problem.unable.items() if t == ""},
            "unparsed": unparsed_json(self.board),
        }

    def render(self, con: Console) -> None:
        """The declaration, the requirements obeyed and who can't attack."""
        plan, problem = self.plan, self.problem
        con.print(f"[bold]Attack declaration[/bold] ({plan.status})")
        for line in declaration_lines(problem, plan.attackers):
            con.print(line)
        if plan.legal is None:
            con.print(f"[yellow]Legality unknown: {plan.reason} (CR 508.1d); this declaration "
                      f"breaks no restriction and pays nothing.[/yellow]")
        con.print(f"Requirements obeyed: {plan.obeyed} of a possible {plan.maximum} (CR 508.1d)"
                  f" · mana paid: {plan.mana_paid}")
        for (c, t), why in problem.unable.items():
            if t == "":
                con.print(f"[dim]  {problem.label(c)} can't attack: {why}[/dim]")


@dataclass(frozen=True)
class AttackListAnswer(BoardAnswer):
    """``attack --all``: every legal declaration (:class:`redzone.solver.attack.results.AttackEnumeration`)."""

    problem: AttackProblem
    found: AttackEnumeration

    def to_json(self) -> dict[str, Any]:
        """The ``attack --all`` JSON object."""
        return {**self.found.to_json(), "unparsed": unparsed_json(self.board)}

    def render(self, con: Console) -> None:
        """Each declaration with the mana it pays."""
        found, problem = self.found, self.problem
        con.print(f"[bold]{found.count} legal attack declaration(s){listing_tail(found)}[/bold]")
        for i, decl in enumerate(found.declarations, 1):
            cost = sum(problem.costs.get((c, t), 0) for c, t in decl.items())
            paid = f" [dim](pays {cost} mana)[/dim]" if cost else ""
            con.print(f"{i}.{paid}")
            for line in declaration_lines(problem, decl):
                con.print(line)


@dataclass(frozen=True)
class CheckAttackAnswer(BoardAnswer):
    """``check-attack``: the verdict (:class:`redzone.solver.attack.results.AttackCheck`) on a
    proposed declaration."""

    problem: AttackProblem
    declaration: dict[str, str]
    result: AttackCheck

    def to_json(self) -> dict[str, Any]:
        """The ``check-attack`` JSON object."""
        data = self.result.to_json()
        return {"legal": data.pop("legal"), "status": data.pop("status"),
                "declaration": dict(self.declaration), **data, "unparsed": unparsed_json(self.board)}

    def render(self, con: Console) -> None:
        """Verdict, the declaration, requirements, violations and a legal witness."""
        r, problem = self.result, self.problem
        con.print(f"[bold]Attack declaration is {verdict_markup(r.legal)}[/bold]")
        if r.legal is None:
            con.print(f"[yellow]  {r.reason} (CR 508.1d)[/yellow]")
        for line in declaration_lines(problem, self.declaration):
            con.print(line)
        con.print(f"Requirements obeyed: {r.obeyed}; the most obeyable without paying costs: "
                  f"{r.maximum} (CR 508.1d) · mana to pay: {r.mana_paid}")
        for v in r.violations:
            con.print(f"  [red]✗[/red] {v.message} [dim]({v.kind}; {v.source})[/dim]")
        if r.legal is False and r.witness is not None:
            con.print("A legal declaration, for comparison:")
            for line in declaration_lines(problem, r.witness):
                con.print(line)


def needs_cpsat(options: Any) -> bool:
    """Whether a batch of this module's commands should load CP-SAT up front (see
    :func:`redzone.solver.frontends.batch._needs_cpsat`): only ``attack --all`` (an enumeration always
    solves); plans and checks are mostly answered without a solve
    (:mod:`redzone.solver.attack.direct`) and import ortools on the first row that needs it."""
    return bool(getattr(options, "all", False))


def attack(scenario: Scenario, options: AttackOptions) -> AttackAnswer | AttackListAnswer:
    """Plan an attack declaration obeying the most requirements (CR 508.1c-d; costs are never
    forced), or with ``options.all`` list every legal declaration including paid ones.

    Raises :class:`redzone.models.errors.RedzoneError` subclasses for bad input.
    """
    from redzone.models.attack_rules import attack_problem
    from redzone.solver.attack.solve import enumerate_attacks, plan_attack

    board = magic_board_of(scenario, options.strict)
    problem = attack_problem(board)
    if options.all:
        found = enumerate_attacks(problem, limit=options.limit, time_limit=options.time_limit)
        return AttackListAnswer(board=board, problem=problem, found=found)
    plan = plan_attack(problem, time_limit=options.time_limit)
    return AttackAnswer(board=board, problem=problem, plan=plan)


def check_attack(scenario: Scenario, options: CheckAttackOptions) -> CheckAttackAnswer:
    """Check a proposed attack declaration (``options.declaration``, else the scenario's
    ``combat.attackers``) against CR 508.1: restrictions, costs and the requirement maximum.

    Raises :class:`redzone.models.errors.ScenarioError` (field ``--attackers``) when the
    declaration names an unknown permanent or player.
    """
    from redzone.models.attack_rules import attack_problem
    from redzone.solver.attack.solve import check_attack as check

    board = magic_board_of(scenario, options.strict)
    problem = attack_problem(board)
    given = options.declaration
    combat = getattr(board.scenario, "combat", None)  # as loaded: state-based actions done
    proposal = dict(given) if given is not None else dict(combat.attackers if combat else {})
    if given is not None:
        check_ids(board, proposal, "--attackers")
    result = check(problem, proposal, time_limit=options.time_limit)
    return CheckAttackAnswer(board=board, problem=problem, declaration=proposal, result=result)
