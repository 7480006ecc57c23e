"""Block commands: ``block`` (plan or list every legal declaration) and ``check-block``
(CR 509.1).

JSON keys fixed by the contract (docs/scenario-format.md): ``block`` — ``legal``, ``status``,
``blockers`` (blocking creature id -> list of attacker ids), ``requirements`` (``obeyed``,
``maximum``, ``maximum_proved``), ``mana_paid``; ``block --all`` — ``declarations``,
``count``, ``complete``; ``check-block`` — ``legal``, ``requirements``, ``violations``
(``{kind, source, message}``), ``witness``. Extra keys: ``defending_players`` (per-player
detail, 802.4), ``unable``, ``tie_break_proved``, ``build_ms``/``solve_ms``, ``unparsed``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from redzone.solver.frontends.commands.common import (
    BoardAnswer,
    check_ids,
    listing_tail,
    magic_board_of,
    unparsed_json,
    verdict_markup,
)
from redzone.solver.frontends.commands.options import bounded

if TYPE_CHECKING:  # annotations only (keeps the command's import light)
    from rich.console import Console

    from redzone.models.block_problem import BlockProblem
    from redzone.models.scenario import Scenario
    from redzone.solver.block.solve import BlockCheck, BlockEnumeration, BlockPlan


@dataclass(frozen=True)
class BlockOptions:
    """Options of ``block``: ``strict``, ``time_limit`` (seconds or ``None``), ``all`` lists
    every legal declaration, at most ``limit``."""

    strict: bool = False
    time_limit: float | None = None
    all: bool = False
    limit: int = bounded(1000, minimum=1)


@dataclass(frozen=True)
class CheckBlockOptions:
    """Options of ``check-block``: ``blockers`` (blocking creature id -> attacker ids;
    ``None``: the scenario's ``combat.blockers``)."""

    strict: bool = False
    time_limit: float | None = None
    blockers: dict[str, list[str]] | None = None


def _label(problems: list[BlockProblem], object_id: str) -> str:
    for p in problems:
        return p.label(object_id)
    return object_id


def block_lines(problems: list[BlockProblem], blockers: dict[str, list[str]]) -> list[str]:
    """Readable lines of a block declaration (blocking creature blocks attacking creatures)."""
    if not any(blockers.values()):
        return ["  (no creature blocks)"]
    return [f"  {_label(problems, b)} blocks {', '.join(_label(problems, a) for a in attackers)}"
            for b, attackers in blockers.items() if attackers]


def _no_attack_note(con: Console, problems: list[BlockProblem]) -> None:
    if not problems:
        con.print("[dim]No creature is attacking (combat.attackers is empty): nothing to block.[/dim]")


def _triggers_json(triggers: tuple[Any, ...]) -> dict[str, Any]:
    """The ``triggers`` key (issue 21 §2): the attack window's abilities resolved before
    blockers are declared, in order; absent when none resolved."""
    return {"triggers": [t.to_json() for t in triggers]} if triggers else {}


def _trigger_notes(con: Console, board: Any, triggers: tuple[Any, ...]) -> None:
    """One line per attack-window ability resolved before blockers are declared (508.2)."""
    from redzone.solver.frontends.output import trigger_line

    for t in triggers:
        con.print(trigger_line(board, t.to_json()), markup=False)
    if triggers:
        con.print("[dim]  blocks are judged on the board these left (CR 508.2, 509.1)[/dim]")


@dataclass(frozen=True)
class BlockAnswer(BoardAnswer):
    """``block``: the plan (:class:`redzone.solver.block.solve.BlockPlan`), one problem per
    defending player."""

    problems: list[BlockProblem]
    plan: BlockPlan
    triggers: tuple[Any, ...] = ()
    """The attack window's triggered abilities resolved first (issue 21), in order."""

    def to_json(self) -> dict[str, Any]:
        """The ``block`` JSON object."""
        plan = self.plan
        return {
            **plan.to_json(),
            "defending_players": {
                name: {"blockers": p.blockers, "status": p.status,
                       "requirements": {"obeyed": p.obeyed, "maximum": p.maximum,
                                        "maximum_proved": p.maximum_proved}}
                for name, p in plan.players.items()},
            "unable": {b: why for p in self.problems for (b, a), why in p.unable.items() if a == ""},
            "unparsed": unparsed_json(self.board),
            **_triggers_json(self.triggers),
        }

    def render(self, con: Console) -> None:
        """The declaration, requirements obeyed (per defending player) and who can't block."""
        plan, problems = self.plan, self.problems
        _no_attack_note(con, problems)
        _trigger_notes(con, self.board, self.triggers)
        con.print(f"[bold]Block declaration[/bold] ({plan.status})")
        for line in block_lines(problems, plan.blockers):
            con.print(line)
        if plan.legal is None:
            con.print(f"[yellow]Legality unknown: {plan.reason} (CR 509.1c); this block breaks "
                      f"no restriction and pays nothing.[/yellow]")
        con.print(f"Requirements obeyed: {plan.obeyed} of a possible {plan.maximum} (CR 509.1c)"
                  f" · mana paid: {plan.mana_paid}")
        if len(plan.players) > 1:
            for name, p in plan.players.items():
                con.print(f"[dim]  {name}: obeys {p.obeyed} of {p.maximum} (CR 802.4)[/dim]")
        for p in problems:
            for (b, a), why in p.unable.items():
                if a == "":
                    con.print(f"[dim]  {p.label(b)} can't block: {why}[/dim]")


@dataclass(frozen=True)
class BlockListAnswer(BoardAnswer):
    """``block --all``: every legal declaration (:class:`redzone.solver.block.solve.BlockEnumeration`)."""

    problems: list[BlockProblem]
    found: BlockEnumeration
    triggers: tuple[Any, ...] = ()
    """The attack window's triggered abilities resolved first (issue 21), in order."""

    def to_json(self) -> dict[str, Any]:
        """The ``block --all`` JSON object."""
        return {**self.found.to_json(), "unparsed": unparsed_json(self.board),
                **_triggers_json(self.triggers)}

    def render(self, con: Console) -> None:
        """Each declaration with what it pays."""
        found, problems = self.found, self.problems
        _no_attack_note(con, problems)
        _trigger_notes(con, self.board, self.triggers)
        con.print(f"[bold]{found.count} legal block declaration(s){listing_tail(found)}[/bold]")
        for i, decl in enumerate(found.declarations, 1):
            cost = sum(p.blocker_costs.get(b, 0) for p in problems for b in decl if b in p.blockers)
            cost += sum(p.pair_costs.get((b, a), 0) for p in problems
                        for b, attackers in decl.items() for a in attackers)
            paid = f"  [dim](pays {cost})[/dim]" if cost else ""
            con.print(f"{i}.{paid}")
            for line in block_lines(problems, decl):
                con.print(line)


@dataclass(frozen=True)
class CheckBlockAnswer(BoardAnswer):
    """``check-block``: the verdict (:class:`redzone.solver.block.solve.BlockCheck`) on a proposed
    declaration."""

    problems: list[BlockProblem]
    blockers: dict[str, list[str]]
    result: BlockCheck
    triggers: tuple[Any, ...] = ()
    """The attack window's triggered abilities resolved first (issue 21), in order."""

    def to_json(self) -> dict[str, Any]:
        """The ``check-block`` JSON object."""
        data = self.result.to_json()
        return {"legal": data.pop("legal"), "status": data.pop("status"),
                "blockers": {b: list(a) for b, a in self.blockers.items()}, **data,
                "unparsed": unparsed_json(self.board), **_triggers_json(self.triggers)}

    def render(self, con: Console) -> None:
        """Verdict, the declaration, requirements, violations and a legal witness."""
        r, problems = self.result, self.problems
        _no_attack_note(con, problems)
        _trigger_notes(con, self.board, self.triggers)
        con.print(f"[bold]Block declaration is {verdict_markup(r.legal)}[/bold]")
        if r.legal is None:
            con.print(f"[yellow]  {r.reason} (CR 509.1c)[/yellow]")
        for line in block_lines(problems, self.blockers):
            con.print(line)
        con.print(f"Requirements obeyed: {r.obeyed}; the most obeyable without paying costs: "
                  f"{r.maximum} (CR 509.1c) · mana to pay: {r.mana_paid}")
        for v in r.violations:
            con.print(f"  [red]✗[/red] {v.message} [dim]({v.kind}; {v.source})[/dim]")
        if r.legal is False and r.witness is not None:
            con.print("A legal block, for comparison:")
            for line in block_lines(problems, r.witness):
                con.print(line)


def block(scenario: Scenario, options: BlockOptions) -> BlockAnswer | BlockListAnswer:
    """Plan a block against ``combat.attackers`` obeying the most requirements (CR 509.1b-c;
    costs never forced, 509.1d; each defending player declares separately, 802.4), or with
    ``options.all`` list every legal declaration including paid ones.

    Raises :class:`redzone.models.errors.RedzoneError` subclasses for bad input.
    """
    from redzone.models.block_rules import block_problems
    from redzone.solver.block.solve import enumerate_all_blocks, plan_blocks

    from redzone.solver.damage.solve import after_attack_window

    board = magic_board_of(scenario, options.strict)
    # Issue 21: blocks are declared on the board the attack window left (508.2, 509.1).
    view, attackers, resolved = after_attack_window(board)
    problems = block_problems(view, attackers)
    if options.all:
        found = enumerate_all_blocks(problems, limit=options.limit, time_limit=options.time_limit)
        return BlockListAnswer(board=board, problems=problems, found=found, triggers=resolved)
    plan = plan_blocks(problems, time_limit=options.time_limit)
    return BlockAnswer(board=board, problems=problems, plan=plan, triggers=resolved)


def check_block(scenario: Scenario, options: CheckBlockOptions) -> CheckBlockAnswer:
    """Check a proposed block declaration (``options.blockers``, else the scenario's
    ``combat.blockers``) against CR 509.1: restrictions, costs and the requirement maximum.

    Raises :class:`redzone.models.errors.RedzoneError` subclasses for bad input, among them
    a :class:`redzone.models.errors.ScenarioError` (field ``--blockers``) when the given
    declaration names an unknown permanent or player (as ``check-attack`` does).
    """
    from redzone.models.block_rules import block_problems
    from redzone.solver.block.solve import check_blocks

    from redzone.solver.damage.solve import after_attack_window

    board = magic_board_of(scenario, options.strict)
    # Issue 21: judged on the board the attack window left (508.2, 509.1; its choices are
    # the scenario's combat.trigger_choices).
    view, attackers, resolved = after_attack_window(board)
    problems = block_problems(view, attackers)
    given = options.blockers
    combat = getattr(board.scenario, "combat", None)  # as loaded: state-based actions done
    proposal = ({b: list(a) for b, a in given.items()} if given is not None else
                {b: list(a) for b, a in (combat.blockers if combat else {}).items()})
    if given is not None:
        check_ids(board, proposal, "--blockers")
    result = check_blocks(problems, proposal, time_limit=options.time_limit)
    return CheckBlockAnswer(board=board, problems=problems, blockers=proposal, result=result,
                            triggers=resolved)
