"""AI commands: ``choose-attack`` and ``choose-block`` (issue 9; the game is described in
``docs/ai.md`` and :mod:`redzone.solver.ai.decisions`).

JSON keys fixed by the contract (docs/scenario-format.md): ``choose-attack`` —
``attackers`` (creature id -> target id, as in ``attack``), ``status``, ``lethal``,
``value``, ``response`` (blocker id -> [attacker ids]), ``damage`` (one ``{step,
assignment}`` per combat damage step), ``outcome`` (as in ``damage``); ``choose-block`` —
``blockers`` (blocker id -> [attacker ids], ``{}`` for no block), ``status``, ``value``,
``survives``, ``outcome``. Extra keys: ``bound``, ``reasons`` (creature id -> why),
``mana_paid``, ``life_paid`` (player -> life paid for Phyrexian costs, CR 119.4; both),
``response_mana_paid`` (choose-attack),
``lookahead``, ``nodes``, ``elapsed_ms``, ``weights`` (the file used, if any), ``unparsed``,
``style``, ``worst_case`` and ``expected`` (choose-attack; issue 22, docs/ai.md "Styles"),
``skipped`` (the parts of the answer skipped because the time limit was spent, issue 25 §1;
``[]`` when none: docs/ai.md "Time limits").
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from redzone.solver.frontends.commands.common import PlayedAnswer, magic_board_of, unparsed_json, violations_json
from redzone.models.styles import DEFAULT_STYLE
from redzone.solver.frontends.commands.options import bounded

if TYPE_CHECKING:  # annotations only: the AI's modules load when a command runs
    from rich.console import Console

    from redzone.models.attack_problem import Violation
    from redzone.models.board import Board
    from redzone.models.scenario import Scenario
    from redzone.solver.ai.decisions import AttackDecision, BlockDecision


Style = Literal["exact", "pressure"]
"""The AI's styles (:data:`redzone.models.styles.STYLES`; docs/ai.md "Styles")."""


@dataclass(frozen=True)
class ChooseAttackOptions:
    """Options of ``choose-attack``: ``strict``, ``time_limit`` (seconds or ``None``),
    ``lookahead`` (0 or 1) and ``weights`` (a YAML/JSON weights file, or — from the protocol
    or the API — a mapping of weight names to numbers; ``None``: defaults) and ``style``
    (``exact`` or ``pressure``, issue 22; default :data:`redzone.models.styles.DEFAULT_STYLE`)."""

    strict: bool = False
    time_limit: float | None = None
    lookahead: int = bounded(1, 0, 1)
    weights: str | dict[str, float] | None = None
    style: Style = DEFAULT_STYLE  # type: ignore[assignment]

    @staticmethod
    def check_json(data: dict[str, Any]) -> None:
        """:func:`check_weights_json` (for :func:`redzone.solver.frontends.commands.options_from_json`)."""
        check_weights_json(data)


@dataclass(frozen=True)
class ChooseBlockOptions:
    """Options of ``choose-block``: as :class:`ChooseAttackOptions` (``style`` is accepted
    and reported; the blocks are the exact choice whatever it is)."""

    strict: bool = False
    time_limit: float | None = None
    lookahead: int = bounded(1, 0, 1)
    weights: str | dict[str, float] | None = None
    style: Style = DEFAULT_STYLE  # type: ignore[assignment]

    @staticmethod
    def check_json(data: dict[str, Any]) -> None:
        """:func:`check_weights_json` (for :func:`redzone.solver.frontends.commands.options_from_json`)."""
        check_weights_json(data)


def check_weights_json(data: dict[str, Any]) -> None:
    """Check the ``weights`` option of a protocol request or batch row (option name -> JSON
    value) as the command line checks a weights file: a file's path (a string), or a mapping
    of weight names to numbers checked by :class:`redzone.models.evaluation.Weights` itself
    (one source of the rules). Raises ScenarioError naming ``options.weights`` or
    ``options.weights.NAME``: ``options.weights.life_scale: must be a number (got '6')``."""
    from redzone.models.errors import ScenarioError

    value = data.get("weights")
    if value is None or isinstance(value, str):
        return
    if isinstance(value, dict):
        from redzone.models.evaluation import Weights

        Weights.from_mapping(value, where="options.weights")
        return
    kind = "a list" if isinstance(value, list) else f"{value!r}"
    raise ScenarioError("options.weights", "must be a weights file's path or a mapping of weight "
                                           f"names to numbers (got {kind})")


@functools.lru_cache(maxsize=32)
def _weights_cached(path: str, mtime: float) -> Any:
    from redzone.models.evaluation import load_weights

    return load_weights(path)


def _weights(path: str | dict[str, float] | None) -> Any:
    """The weights of ``path`` (read once per file version), of a mapping of weight names
    to numbers (raises ScenarioError naming ``weights.NAME`` for a bad one), or ``None``."""
    if path is None:
        return None
    if isinstance(path, dict):
        from redzone.models.evaluation import Weights

        return Weights.from_mapping(path)
    try:
        mtime = os.stat(path).st_mtime
    except OSError:
        mtime = -1.0  # load_weights reports the missing file
    return _weights_cached(path, mtime)


def _number(x: float) -> str:
    """A value in points written plainly: at most three decimals (milli-points), no
    exponent (a won game is 1000000, not 1e+06)."""
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _label(board: Board, x: str) -> str:
    p = board.permanents.get(x)
    return p.label if p is not None else x


def skipped_line(skipped: tuple[str, ...] | list[str]) -> str:
    """The text line naming the parts of an AI answer skipped for time (issue 25 §1;
    ``""`` when none): "Skipped (time limit spent): replay, reasons — see docs/ai.md, Time
    limits"."""
    if not skipped:
        return ""
    return f"Skipped (time limit spent): {', '.join(skipped)} — see docs/ai.md, \"Time limits\""


def _outcome_lines(con: Console, board: Board, outcome: Mapping[str, Any], head: str = "") -> None:
    if not outcome:  # the line was not played out (skipped for time, issue 25 §1)
        con.print(f"{head or 'Outcome'}: not played out (the time limit was spent)")
        return
    life = ", ".join(f"{p} {v}" for p, v in outcome["life"].items())
    con.print(f"{head or 'Outcome'}: life {life}"
              + (f"; poison {', '.join(f'{p} {v}' for p, v in outcome['poison'].items() if v)}"
                 if any(outcome["poison"].values()) else ""))
    if outcome["destroyed"]:
        con.print("  destroyed: " + ", ".join(_label(board, x) for x in outcome["destroyed"]))
    changes = []
    for key in ("loyalty", "defense"):  # 306.5c, 310.4c: damage removes these counters
        for pid, n in outcome.get(key, {}).items():
            before = getattr(board.permanents[pid], key, None) if pid in board.permanents else None
            if before is not None and before != n:
                changes.append(f"{_label(board, pid)} {key} {before} → {n}")
    for pid, now in outcome.get("counters", {}).items():  # e.g. wither and infect (702.80, 702.90)
        if pid not in board.permanents:
            continue
        before = board.permanents[pid].counters
        diff = [f"{now.get(k, 0) - before.get(k, 0):+d} {k}" for k in sorted({*now, *before})
                if now.get(k, 0) != before.get(k, 0)]
        if diff:
            changes.append(f"{_label(board, pid)} counters {', '.join(diff)}")
    if changes:
        con.print("  " + "; ".join(changes))
    from redzone.solver.frontends.output import commander_lines

    for line in commander_lines(board, outcome):
        con.print(line)
    if outcome["lost"]:
        con.print("  [bold]loses the game:[/bold] " + ", ".join(outcome["lost"]))


def _trigger_lines(con: Console, board: Board, triggers: tuple[dict[str, object], ...]) -> None:
    """One line per triggered ability that resolves on the line shown (issue 21, CR 603):
    its source, window, choices and what it did."""
    from redzone.solver.frontends.output import trigger_line

    for t in triggers:
        con.print(trigger_line(board, t), markup=False)


def _unused_choices(board: Board, command: str, used: tuple[str, ...]) -> list[str]:
    """A warning naming the scenario's ``combat.trigger_choices`` the AI command does not
    take (issue 21): ``choose-attack`` chooses the attack, so none; ``choose-block`` takes
    the attack window's (``used``) and searches the later windows' choices as moves."""
    combat = getattr(board.scenario, "combat", None)
    items = [(i, c) for i, c in enumerate(getattr(combat, "trigger_choices", None) or ())
             if c.window not in used]
    if not items:
        return []
    listed = ", ".join(f"combat.trigger_choices[{i}] ({c.source}, {c.window})" for i, c in items)
    return [f"warning: {listed} not used: {command} searches these choices itself (docs/triggers.md)"]


def _assumed_random(board: Board, triggers: Sequence[Mapping[str, Any]], whose: str,
                    used: tuple[str, ...]) -> list[str]:
    """The random results the answer's line assumes and the scenario did not state
    (:func:`redzone.models.triggers.chance.assumed`; ``used``: the windows whose stated
    ``combat.trigger_choices`` the command takes): the search took each worst for ``whose``,
    the players whose value the answer proves (705, 706; docs/ai.md)."""
    from redzone.models.triggers.chance import assumed

    combat = getattr(board.scenario, "combat", None)
    stated = [c for c in getattr(combat, "trigger_choices", None) or () if c.window in used]
    labels = {pid: p.label for pid, p in board.permanents.items()}
    return assumed(triggers, stated, labels, worst_for=whose)


@dataclass(frozen=True)
class ChooseAttackAnswer(PlayedAnswer):
    """``choose-attack``: the :class:`redzone.solver.ai.decisions.AttackDecision`."""

    decision: AttackDecision
    weights_file: str | dict[str, float] | None = None

    def played_triggers(self) -> tuple[Any, ...]:
        """The answer's line's resolved abilities (h34: for ``not_played``)."""
        return tuple(self.decision.triggers)

    def to_json(self) -> dict[str, Any]:
        """The ``choose-attack`` JSON object."""
        assumed = _assumed_random(self.board, self.decision.triggers, self.board.active_player, ())
        return {**self.decision.to_json(), "weights": self.weights_file,
                "unparsed": unparsed_json(self.board), "not_played": self.not_played_json(),
                **({"warnings": assumed} if assumed else {})}

    def warnings(self) -> list[str]:
        """Unparsed-sentence and not-played notes, and the scenario's trigger choices it
        doesn't take (it chooses the attack: :func:`_unused_choices`), and the random
        results its line assumes (:func:`_assumed_random`; also the JSON key ``warnings``)."""
        return (super().warnings() + _unused_choices(self.board, "choose-attack", ())
                + _assumed_random(self.board, self.decision.triggers, self.board.active_player, ()))

    def render(self, con: Console) -> None:
        """The attack, one line per creature saying why, the expected answer and outcome."""
        d, board = self.decision, self.board
        head = "[bold red]lethal[/bold red] " if d.lethal else ""
        con.print(f"[bold]Attack[/bold] {head}({d.status}; value {_number(d.value)}"
                  + ("" if d.status == "optimal" else f", bound {_number(d.bound)}") + f"; lookahead {d.lookahead}"
                  + (f"; style {d.style}, expected {_number(d.expected)}" if d.style != "exact" and d.expected is not None
                     else "") + ")")
        if d.style == "pressure" and d.status != "optimal":
            con.print(f"  (pressure style: its proved worst case {_number(d.value)} is within the margin of the "
                      f"game's value {_number(d.bound)}; docs/ai.md \"Styles\")")
        for c, why in d.reasons.items():
            con.print(f"  {_label(board, c)}: {why}")
        if "reasons" in d.skipped:
            for c, t in d.attackers.items():
                con.print(f"  {_label(board, c)}: attacks {_label(board, t)}")
            if not d.attackers:
                con.print("  no attack")
        elif not d.reasons:
            con.print(f"  (no creature attacks: {board.active_player} controls none)")
        if d.mana_paid:
            con.print(f"Mana paid for attack costs: {d.mana_paid} (CR 508.1h)")
        if d.response_mana_paid:
            con.print(f"Mana paid for the answer's block costs: {d.response_mana_paid} (CR 509.1d)")
        # A response not examined to the end is a legal block, not the best answer: said so,
        # and the outcome is that block's.
        answer = "Best answer" if d.response_proved else "A legal answer (blocks not examined to the end)"
        if d.response:
            con.print(f"{answer}: " + "; ".join(
                f"{_label(board, b)} blocks {', '.join(_label(board, a) for a in lst)}"
                for b, lst in d.response.items()))
        elif d.attackers:
            con.print(f"{answer}: no block")
        if d.life_paid_why:
            con.print(f"Life paid: {d.life_paid_why}")
        _trigger_lines(con, board, d.triggers)
        _outcome_lines(con, board, d.outcome, "" if d.response_proved or not d.attackers
                       else "Outcome of that block")
        if d.skipped:
            con.print(skipped_line(d.skipped))


@dataclass(frozen=True)
class ChooseBlockAnswer(PlayedAnswer):
    """``choose-block``: the :class:`redzone.solver.ai.decisions.BlockDecision`."""

    decision: BlockDecision
    weights_file: str | dict[str, float] | None = None
    illegal_attackers: tuple[Violation, ...] = ()
    ignored_blockers: dict[str, list[str]] = field(default_factory=dict)
    illegal_blocks: tuple[Violation, ...] = ()

    def played_triggers(self) -> tuple[Any, ...]:
        """The answer's line's resolved abilities (h34: for ``not_played``)."""
        return tuple(self.decision.triggers)

    def to_json(self) -> dict[str, Any]:
        """The ``choose-block`` JSON object; ``illegal_attackers``: the availability rules and
        restrictions ``combat.attackers`` breaks (CR 508.1a, 508.1c; ``[]`` when none);
        ``ignored_blockers``: the scenario's ``combat.blockers``, which the choice does not
        use (``{}`` when none), and ``illegal_blocks``: what they break (509.1a-b)."""
        return {**self.decision.to_json(), "weights": self.weights_file,
                "illegal_attackers": violations_json(self.illegal_attackers),
                "ignored_blockers": self.ignored_blockers,
                "illegal_blocks": violations_json(self.illegal_blocks),
                "unparsed": unparsed_json(self.board), "not_played": self.not_played_json(),
                **({"warnings": assumed} if (assumed := self.assumed()) else {})}

    def assumed(self) -> list[str]:
        """The random results the answer's line assumes, worst for the defending players
        (:func:`_assumed_random`)."""
        return _assumed_random(self.board, self.decision.triggers, " and ".join(
            self.board.opponents(self.board.active_player)) or "the defending players", ("attack",))

    def warnings(self) -> list[str]:
        """Unparsed-sentence notes, a warning per broken attack rule (508.1a, 508.1c), and
        one saying that ``combat.blockers`` is ignored (with what of it is illegal, 509.1a-b)."""
        out = super().warnings() + [
            f"warning: the attack is illegal, answered as given: {v.message} ({v.source})"
            for v in self.illegal_attackers] + _unused_choices(self.board, "choose-block", ("attack",))
        out += self.assumed()
        if self.ignored_blockers:
            given = "; ".join(f"{_label(self.board, b)} blocks "
                              + ", ".join(_label(self.board, a) for a in lst)
                              for b, lst in self.ignored_blockers.items())
            out.append(f"warning: combat.blockers is ignored: choose-block chooses the blocks "
                       f"itself (given: {given})")
            out += [f"warning: the given blocks are illegal: {v.message} ({v.source})"
                    for v in self.illegal_blocks]
        return out

    def render(self, con: Console) -> None:
        """The blocks, one line per creature saying why, and the outcome."""
        d, board = self.decision, self.board
        con.print(f"[bold]Blocks[/bold] ({d.status}; value {_number(d.value)}"
                  + ("" if d.status == "optimal" else f", bound {_number(d.bound)}")
                  + f"; lookahead {d.lookahead}; {self._survival()})")
        for c, why in d.reasons.items():
            con.print(f"  {_label(board, c)}: {why}")
        if "reasons" in d.skipped:
            for b, lst in d.blockers.items():
                con.print(f"  {_label(board, b)}: blocks {', '.join(_label(board, a) for a in lst)}")
            if not d.blockers:
                con.print("  no block")
        elif not d.reasons:
            combat = getattr(board.scenario, "combat", None)
            con.print("  (no creature blocks: the defending players control none)"
                      if combat is not None and combat.attackers else
                      "  (no creature is attacking (combat.attackers is empty): nothing to block)")
        if d.mana_paid:
            con.print(f"Mana paid for block costs: {d.mana_paid} (CR 509.1d)")
        if d.life_paid_why:
            con.print(f"Life paid: {d.life_paid_why}")
        _trigger_lines(con, board, d.triggers)
        _outcome_lines(con, board, d.outcome)
        if d.skipped:
            con.print(skipped_line(d.skipped))

    def _survival(self) -> str:
        """"defending player survives" with one defending player (508.5: a player attacked,
        or whose planeswalker or battle is), else each by name: "Bob survives; Carol loses
        the game" (on the line shown); with no attacking creature, that there is nothing to
        block (508.8: the declare blockers step is skipped)."""
        from redzone.models.block_rules import attacked_players

        lost = set(self.decision.outcome.get("lost", ()))
        combat = getattr(self.board.scenario, "combat", None)
        defending = attacked_players(self.board, dict(combat.attackers)) if combat is not None else []
        if combat is None or not combat.attackers:
            return "no creature attacks: nothing to block (CR 508.8)"

        def fate(p: str) -> str:
            return "[bold red]loses the game[/bold red]" if p in lost else "survives"

        if self.decision.survives is None:  # not played out (issue 25 §1)
            return "not played out"
        if len(defending) <= 1:
            alive = "survives" if self.decision.survives else "[bold red]loses the game[/bold red]"
            return f"defending player {alive}"
        return "; ".join(f"{p} {fate(p)}" for p in defending)


def choose_attack(scenario: Scenario, options: ChooseAttackOptions) -> ChooseAttackAnswer:
    """The best legal attack for the active player (:func:`redzone.solver.ai.decisions.choose_attack`).

    Raises :class:`redzone.models.errors.RedzoneError` subclasses for bad input (scenario,
    lookahead, weights file)."""
    from redzone.solver.ai.decisions import choose_attack as run
    from redzone.solver.ai.reserve import grace

    # The board is built under the command's budget (issue 25 §1), or whatever the time
    # left on a small board (a legal choice is then always answered).
    with grace(len(scenario.permanents)):
        board = magic_board_of(scenario, options.strict)
    decision = run(board, evaluation=_weights(options.weights), lookahead=options.lookahead,
                   time_limit=options.time_limit, style=options.style)
    return ChooseAttackAnswer(board, decision, options.weights)


def choose_block(scenario: Scenario, options: ChooseBlockOptions) -> ChooseBlockAnswer:
    """The defending players' best legal blocks against ``combat.attackers``
    (:func:`redzone.solver.ai.decisions.choose_blocks`; with no attacking creature, no block: nothing
    to block, CR 508.8, as ``block`` answers). Raises like :func:`choose_attack`."""
    from redzone.models.errors import ScenarioError
    from redzone.solver.ai.decisions import choose_blocks as run
    from redzone.solver.ai.reserve import grace
    from redzone.solver.frontends.commands.damage import attack_violations, block_violations

    with grace(len(scenario.permanents)):  # as choose_attack (issue 25 §1)
        board = magic_board_of(scenario, options.strict)
        illegal = attack_violations(board)
        combat = getattr(scenario, "combat", None)
        # The blocks are the answer: blocks the scenario declares are not used, but said so
        # (and what they break, 509.1a-b), never dropped silently.
        given = {b: list(a) for b, a in (combat.blockers if combat is not None else {}).items() if a}
        bad_blocks = block_violations(board) if given else []
    if illegal and options.strict:
        raise ScenarioError("combat.attackers", f"illegal attack: {illegal[0].message} (--strict)")
    decision = run(board, evaluation=_weights(options.weights), lookahead=options.lookahead,
                   time_limit=options.time_limit, style=options.style)
    return ChooseBlockAnswer(board, decision, options.weights, tuple(illegal), given,
                             tuple(bad_blocks))
