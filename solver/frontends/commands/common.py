"""Helpers shared by the command jobs: building the board, unparsed-text notes, labels."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: importing these at run time would slow start-up
    from rich.console import Console

    from redzone.models.attack_problem import AttackProblem
    from redzone.models.board import Board
    from redzone.models.scenario import Scenario


def board_of(scenario: Scenario, strict: bool) -> Board:
    """The :class:`redzone.models.board.Board` of ``scenario``; with ``strict``, a
    combat-relevant sentence the parser does not understand is an error
    (:class:`redzone.models.errors.UnparsedTextError`)."""
    from redzone.models.board import build_board

    return build_board(scenario, strict=strict)


def magic_board_of(scenario: Scenario, strict: bool) -> Board:
    """:func:`board_of` for a command that plays Magic rules: a ``game: duel-masters``
    scenario is refused (:class:`redzone.models.errors.ScenarioError`, field ``game``)."""
    from redzone.models.errors import ScenarioError

    if getattr(scenario, "game", "magic") != "magic":
        raise ScenarioError("game", f"this command plays Magic: The Gathering rules, but this is a "
                                    f"{scenario.game} scenario (use `redzone dm-battle`)")
    return board_of(scenario, strict)


def _hint(perm: Any, sentence: str) -> str:
    """What an unparsed sentence probably meant (:func:`redzone.models.parser.words.hint`:
    "unknown word 'Fliyng'; did you mean 'Flying'?"), or ``""`` (also for the layer
    system's messages, which :meth:`Board.unparsed` lists too)."""
    from redzone.models.parser.words import hint

    if sentence not in perm.unparsed:
        return ""
    return hint(sentence, tuple(n for n in (perm.name, perm.card) if n))


def unparsed_json(board: Board) -> list[dict[str, str]]:
    """The ``unparsed`` key: ``[{"id": permanent id, "sentence": text}, ...]``, with
    ``"hint"`` when the sentence has a word no Oracle text uses or is close to a keyword
    ("unknown word 'Fliyng'; did you mean 'Flying'?", issue 25 §2)."""
    out: list[dict[str, str]] = []
    for p, s in board.unparsed():
        item = {"id": p.id, "sentence": s}
        got = _hint(p, s)
        if got:
            item["hint"] = got
        out.append(item)
    return out


def scenario_warnings(board: Board) -> list[str]:
    """Warnings about scenario fields that are accepted but say something odd: returns one
    line per finding. ``combat.damage_order`` under ``rules: current`` has no effect (since
    2024 there is no damage assignment order, CR 510.1c; only ``rules: "2023"`` uses it);
    then the state-based actions of the loaded board (``board.load_actions``, issue 25 §2:
    a creature with lethal damage or toughness 0 or less, a planeswalker at 0 loyalty, a
    battle at 0 defense left the board before combat, CR 704.3; a player who starts at 0 or
    less life or with 10 or more poison counters has already lost the game, 704.5a, 704.5c —
    that board is answered as given, but says so); then the stated ``conditions`` keys no rule
    reads (``board.unread_conditions``, :mod:`redzone.models.condition_keys`); then, when
    ``combat.triggers_resolved`` is not given and blockers are declared (or the first-strike
    damage step is over), which trigger windows were taken as resolved (:func:`redzone.models.triggers.scenario.trigger_warnings`, issue 21); and when a
    creature has damage marked and a permanent watches "a creature dealt damage by ~ this
    turn dies", that this damage is taken as not its
    (:func:`redzone.models.triggers.watches.warnings`)."""
    out: list[str] = []
    combat = getattr(getattr(board, "scenario", None), "combat", None)
    order = getattr(combat, "damage_order", None) if combat is not None else None
    if order and getattr(board, "rules", "current") == "current":
        out.append("warning: combat.damage_order is ignored under rules: current — there is no "
                   "damage assignment order since 2024 (CR 510.1c); give rules: \"2023\" to use it")
    out.extend(f"warning: {action.message}" for action in getattr(board, "load_actions", ()))
    out.extend(f"warning: {line}" for line in getattr(board, "unread_conditions", ()))
    if combat is not None and getattr(combat, "triggers_resolved", None) is None and combat.attackers \
            and (any(combat.blockers.values()) or combat.blocked or combat.first_strike_dealt):
        # Issue 21: where the combat stands as to its triggered abilities, when the scenario
        # doesn't say and the default assumed matters (imported only then: start-up).
        from redzone.models.triggers.scenario import trigger_warnings

        out.extend(trigger_warnings(board))
    if combat is not None and any(getattr(p, "damage", 0) for p in board.permanents.values()):
        # "a creature dealt damage by ~ this turn dies": damage marked before the play has no
        # known source (h2, models/triggers/watches.py)
        from redzone.models.triggers.watches import warnings as watch_warnings

        out.extend(watch_warnings(board))
    return out


def state_based_actions_json(board: Board) -> list[dict[str, Any]]:
    """The ``state_based_actions`` key of every answer on a board: the actions
    :func:`redzone.models.load_actions.perform_on_load` performed or reported as the
    scenario was loaded, ``[{"id", "rule", "message", "performed"}]`` (``[]`` when none)."""
    return [action.to_json() for action in getattr(board, "load_actions", ())]


def unparsed_notes(board: Board) -> list[str]:
    """One note per sentence the parser did not understand, then :func:`scenario_warnings`
    (printed on standard error)."""
    notes = []
    for perm, sentence in board.unparsed():
        got = _hint(perm, sentence)
        notes.append(f"note: {perm.label}: not understood, ignored: {sentence!r}"
                     + (f" ({got})" if got else ""))
    return notes + scenario_warnings(board)


@dataclass(frozen=True)
class BoardAnswer:
    """Base of the answers worked out on a :class:`redzone.models.board.Board`: the ``board``
    (first field) and, as ``warnings()``, one note per sentence the parser did not understand.

    Every subclass's ``to_json`` also answers the key ``state_based_actions``
    (:func:`state_based_actions_json`; added here, once for all answers, so that the CLI,
    batches and ``serve`` all carry it)."""

    board: Board

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("to_json")
        if own is None or getattr(own, "_adds_load_actions", False):
            return

        @functools.wraps(own)
        def to_json(self: BoardAnswer, *args: Any, **kw: Any) -> Any:
            data = own(self, *args, **kw)
            if isinstance(data, dict) and "state_based_actions" not in data:
                data["state_based_actions"] = state_based_actions_json(self.board)
            return data

        to_json._adds_load_actions = True  # type: ignore[attr-defined]
        cls.to_json = to_json  # type: ignore[attr-defined]

    def warnings(self) -> list[str]:
        """Unparsed-sentence notes (printed on standard error by the text form)."""
        return unparsed_notes(self.board)


@dataclass(frozen=True)
class PlayedAnswer(BoardAnswer):
    """Base of the answers that play damage out (``damage``, ``choose-attack``,
    ``choose-block``, ``draw``, ``fight``): they also list the abilities the play leaves out
    (:func:`redzone.solver.not_played.not_played`: triggered and activated abilities), as
    the JSON key ``not_played`` (``[{"id", "sentence", "kind"}]``, ``[]`` when none) and one
    note each on standard error. Worked out once per answer, from what the parser set aside
    when the board was built, then (h34) each triggered ability that resolved in the answer's
    play with a result saying "not played" (:meth:`played_triggers`;
    :func:`redzone.solver.not_played.resolved_not_played`), each (id, sentence) once."""

    def played_triggers(self) -> Iterable[Any]:
        """The triggered abilities resolved in the play this answer shows
        (:class:`redzone.models.triggers.types.Resolved` or their JSON mappings); each
        subclass gives its own, ``()`` here."""
        return ()

    @functools.cached_property
    def not_played(self) -> tuple[Any, ...]:
        """The board's :class:`redzone.solver.not_played.NotPlayed` items, then those of
        the play's resolutions that say "not played"."""
        from redzone.solver.not_played import merged, not_played, resolved_not_played

        return merged(not_played(self.board), resolved_not_played(self.played_triggers()))

    def not_played_json(self) -> list[dict[str, str]]:
        """The ``not_played`` key."""
        return [item.to_json() for item in self.not_played]

    def warnings(self) -> list[str]:
        """Unparsed-sentence notes, then one note per ability not played."""
        perms = self.board.permanents
        return super().warnings() + [
            f"note: {perms[item.id].label}: {item.kind} ability not played: {item.sentence!r}"
            for item in self.not_played]


def violations_json(violations: Any) -> list[dict[str, str]]:
    """``[{"kind", "source", "message"}, ...]`` for :class:`Violation` objects."""
    return [{"kind": v.kind, "source": v.source, "message": v.message} for v in violations]


def declaration_lines(problem: AttackProblem, attackers: dict[str, str]) -> list[str]:
    """Readable lines of an attack declaration (attacking creature → attack target)."""
    if not attackers:
        return ["  (no creature attacks)"]
    return [f"  {problem.label(c)} → {problem.label(t)}" for c, t in attackers.items()]


def check_ids(board: Board, declaration: dict[str, Any], where: str) -> None:
    """Refuse a declaration naming an unknown permanent or player: raises
    :class:`redzone.models.errors.ScenarioError` naming ``where`` and the closest ids."""
    import difflib

    from redzone.models.errors import ScenarioError

    known = list(board.permanents) + [p.name for p in board.players]
    for key, value in declaration.items():
        values = value if isinstance(value, list) else [value]
        for name in (key, *values):
            if name not in known:
                from redzone.models.load_actions import gone_on_load

                why = gone_on_load(board, name)  # removed by a state-based action on loading
                if why is not None:
                    raise ScenarioError(where, why)
                close = difflib.get_close_matches(name, known, n=3)
                hint = f" (closest: {', '.join(close)})" if close else ""
                raise ScenarioError(where, f"unknown permanent or player {name!r}{hint}")


def listing_tail(found: Any) -> str:
    """The words after "N legal ... declaration(s)" of an ``--all`` listing (an
    ``AttackEnumeration`` or ``BlockEnumeration``): its status, and why it is incomplete."""
    if found.complete:
        return " (optimal: every legal declaration)"
    if not found.maximum_proved:
        return (" (feasible, incomplete: the requirement maximum was not proved in time, so a "
                "declaration listed may obey fewer requirements than a legal one must)")
    return " (feasible, incomplete: --limit or the time limit reached)"


def verdict_markup(legal: bool | None) -> str:
    """``legal`` / ``illegal`` / ``unknown`` in rich markup (``None``: not proved either way)."""
    if legal is None:
        return "[yellow]unknown[/yellow]"
    return "[green]legal[/green]" if legal else "[red]illegal[/red]"


@dataclass(frozen=True)
class TimeLimitAnswer:
    """The answer of any job cut by its time budget
    (:class:`redzone.models.limits.TimeLimitReached`): nothing is claimed. JSON:
    ``{"legal": null, "status": "unknown", "reason": ...}`` (``legal`` is null for every
    command, even those whose answers have no verdict)."""

    reason: str

    def to_json(self) -> dict[str, Any]:
        """``legal`` (null), ``status`` ("unknown"), ``reason``."""
        return {"legal": None, "status": "unknown", "reason": self.reason}

    def warnings(self) -> list[str]:
        """No notes."""
        return []

    def render(self, con: Console) -> None:
        """One line: unknown, and why."""
        con.print(f"[bold]Unknown:[/bold] [yellow]{self.reason}[/yellow]")


def run_job(job: Any, scenario: Any, options: Any, *, since: float | None = None) -> Any:
    """``job(scenario, options)`` under a time budget of ``options.time_limit`` seconds (if
    the options have one) covering everything the job does, model building included, and
    counted from ``since`` (a ``time.perf_counter()`` value, e.g. when the command started
    reading its file; ``None``: now). A job cut by the budget answers
    :class:`TimeLimitAnswer` instead of running on."""
    import time

    from redzone.models.limits import TimeLimitReached, time_budget

    limit = getattr(options, "time_limit", None)
    if limit is not None and since is not None:
        limit = max(limit - (time.perf_counter() - since), 0.0)
    try:
        with time_budget(limit):
            return job(scenario, options)
    except TimeLimitReached as exc:
        return TimeLimitAnswer(str(exc))
