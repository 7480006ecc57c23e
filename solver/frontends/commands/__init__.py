"""Every redzone command as one module-level job: ``(scenario, options) -> answer``.

This is the one path that builds every answer. The command line (:mod:`redzone.solver.frontends.cli`),
batch work and the protocol server all call :func:`run_command` (or a job directly), so a
command's ``--json`` object, a batch row and a protocol ``result`` are the same object:
``answer.to_json()``.

- A **job** is a module-level function ``job(scenario, options) -> Answer``; ``scenario`` is a
  validated :class:`redzone.models.scenario.Scenario`, ``options`` the command's frozen options
  dataclass.
- An **answer** has ``to_json() -> dict`` (the command's JSON object, keys fixed by
  docs/scenario-format.md), ``render(console)`` (the readable text, on a rich console) and
  ``warnings() -> list[str]`` (notes for standard error, e.g. sentences the parser did not
  understand).
- :data:`COMMANDS` maps each command name to the ``module:job`` that runs it and the options
  class; modules are imported on first use, so importing this package is cheap.

Example (a hand-built scenario: Grizzly Bears can attack, nothing requires it)::

    >>> from redzone.solver.frontends.commands import run_command
    >>> scenario = {"players": [{"name": "Alice"}, {"name": "Bob"}],
    ...             "permanents": [{"id": "bears", "card": "Grizzly Bears", "controller": "Alice"}]}
    >>> run_command("attack", scenario, {}).to_json()["attackers"]
    {}
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol


class Answer(Protocol):
    """What every job returns."""

    def to_json(self) -> dict[str, Any]:
        """The command's JSON object (``--json``, a batch row, a protocol ``result``)."""
        ...

    def render(self, console: Any) -> None:
        """Print the readable form on a rich console."""

    def warnings(self) -> list[str]:
        """Notes for standard error (the text form prints them; JSON carries them as keys)."""
        ...


@dataclass(frozen=True)
class Command:
    """A registered command: its ``name``, the ``target`` ``"module:function"`` of its job and
    the ``options`` class name in that module (a frozen dataclass whose fields all have
    defaults, except the ones a caller must give)."""

    name: str
    target: str
    options: str
    summary: str

    def load(self) -> tuple[Callable[[Any, Any], Answer], type]:
        """Import the job and its options class. Returns ``(job, options_class)``."""
        module_name, func = self.target.split(":")
        module = importlib.import_module(module_name)
        return getattr(module, func), getattr(module, self.options)


_M = "redzone.solver.frontends.commands"

#: Every command that takes a scenario, by name (the CLI's and the protocol's command names).
COMMANDS: dict[str, Command] = {c.name: c for c in (
    Command("attack", f"{_M}.attack:attack", "AttackOptions",
            "a legal attack declaration obeying the most requirements (CR 508.1)"),
    Command("check-attack", f"{_M}.attack:check_attack", "CheckAttackOptions",
            "is an attack declaration legal? (CR 508.1)"),
    Command("block", f"{_M}.block:block", "BlockOptions",
            "a legal block declaration obeying the most requirements (CR 509.1)"),
    Command("check-block", f"{_M}.block:check_block", "CheckBlockOptions",
            "is a block declaration legal? (CR 509.1)"),
    Command("damage", f"{_M}.damage:damage", "DamageOptions",
            "assign and deal the remaining combat damage steps (CR 510)"),
    Command("check-damage", f"{_M}.damage:check_damage", "CheckDamageOptions",
            "is a combat damage assignment legal? (CR 510)"),
    Command("fight", f"{_M}.fight:fight", "FightOptions",
            "one creature fights (or bites) another (CR 701.14)"),
    Command("clash", f"{_M}.clash:clash", "ClashOptions",
            "a player clashes with an opponent (CR 701.30)"),
    Command("dm-battle", f"{_M}.dm:dm_battle", "DMBattleOptions",
            "the Duel Masters battle"),
    Command("draw", f"{_M}.draw:draw", "DrawOptions",
            "a combat diagram as SVG: the board, attacks, blocks, damage and outcome"),
    Command("choose-attack", f"{_M}.ai:choose_attack", "ChooseAttackOptions",
            "the best legal attack for the active player (AI, docs/ai.md)"),
    Command("choose-block", f"{_M}.ai:choose_block", "ChooseBlockOptions",
            "the defending players' best legal blocks (AI, docs/ai.md)"),
)}


def register(command: Command) -> None:
    """Add (or replace) a command in :data:`COMMANDS` (for commands defined elsewhere)."""
    COMMANDS[command.name] = command


def options_from_json(options_class: type, given: Mapping[str, Any] | None) -> Any:
    """Build ``options_class`` from a JSON-like mapping (protocol requests, batch rows).

    Keys are the dataclass field names, one spelling each (``time_limit``; ``time-limit`` is
    refused with a hint). Values are checked strictly against the field types (a boolean is
    not a number; a list stands for a tuple), then by the bounds every front end applies
    (:func:`redzone.solver.frontends.commands.options.check_options`: ``columns`` 2 to 40).
    A field the command line fills itself (``draw``'s ``output``) is not an option here.

    An options class may check values itself first with a static ``check_json(data)``
    (field name -> JSON value) that raises the error naming the field.

    Raises :class:`redzone.models.errors.ScenarioError` naming ``options.<key>`` for an unknown
    key, a value of the wrong type or out of bounds, or a missing required option.
    """
    from pydantic import ValidationError

    from redzone.models.errors import ScenarioError

    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise ScenarioError("options", "expected a JSON object")
    from redzone.solver.frontends.commands.options import check_options, local_fields

    local = local_fields(options_class)
    names = {f.name for f in dataclasses.fields(options_class)} - set(local)
    data: dict[str, Any] = {}
    for key, value in given.items():
        name = str(key)
        if name in local:
            raise ScenarioError(f"options.{name}", f"not an option of a request ({local[name]})")
        if name not in names:
            raise ScenarioError(f"options.{name}", _unknown_option(name, names))
        data[name] = value
    check = getattr(options_class, "check_json", None)
    if check is not None:
        check(data)  # the class's own checks first, with their own messages
    try:
        options = _adapter(options_class).validate_json(json.dumps(data), strict=True)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err.get("loc", ()))
        raise ScenarioError(f"options.{loc}" if loc else "options", err.get("msg", "invalid")) from None
    except (TypeError, ValueError) as exc:
        raise ScenarioError("options", str(exc)) from None
    seconds = getattr(options, "time_limit", None)
    if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
        # As the command line's --time-limit (one rule, one message for every command).
        raise ScenarioError("options.time_limit",
                            f"must be a finite number of seconds above 0 (got {seconds!r})")
    try:
        check_options(options)
    except ScenarioError as exc:
        raise ScenarioError(f"options.{exc.field}", exc.problem) from None
    return options


def _unknown_option(name: str, names: set[str]) -> str:
    """``unknown option`` with the one spelling of a near miss (``time-limit`` ->
    ``time_limit``) or the known names."""
    import difflib

    if name.replace("-", "_") in names:
        return f"unknown option: options are spelt with '_' ({name.replace('-', '_')!r})"
    close = difflib.get_close_matches(name, sorted(names), n=1)
    if close:
        return f"unknown option (did you mean {close[0]!r}?)"
    return f"unknown option (known: {', '.join(sorted(names))})"


# The names jobs (and the rules code under them) give an option in their errors, where the
# command line's name differs from the option's field: check-attack's --attackers is the
# field ``declaration``; fight's and dm-battle's A and B are ``a`` and ``b``; clash's
# policy is --keep/--bottom.
_ERROR_NAMES = {"--attackers": "declaration", "--blockers": "blockers", "--assignment": "assignment",
                "--keep/--bottom": "keep", "policy": "keep", "A": "a", "B": "b"}


def option_error(options_class: type, options: Any, exc: Exception) -> Exception:
    """The error a job raised, with the field path of a JSON request when it is about one
    of the options: ``lookahead: must be 0 or 1`` -> ``options.lookahead: must be 0 or 1``,
    ``--attackers: unknown permanent ...`` -> ``options.declaration: ...``, a weights file's
    error -> ``options.weights: FILE: ...`` — the path every other option error over the
    protocol has (``options.time_limit: Input should be a valid number``,
    ``options.bogus: unknown option``). Any other error is returned as it is."""
    from redzone.models.errors import ScenarioError

    if not isinstance(exc, ScenarioError) or exc.field.startswith("options"):
        return exc
    names = {f.name for f in dataclasses.fields(options_class)}
    weights = getattr(options, "weights", None)
    if "weights" in names and isinstance(weights, str) and weights and (
            exc.field == weights or exc.where == weights):
        return ScenarioError("options.weights", str(exc))
    cut = min((i for i in (exc.field.find("."), exc.field.find("[")) if i >= 0), default=len(exc.field))
    head, rest = exc.field[:cut], exc.field[cut:]
    name = _ERROR_NAMES.get(head, head)
    if name not in names:
        return exc
    return ScenarioError(f"options.{name}{rest}", exc.problem, where=exc.where)


@functools.lru_cache(maxsize=None)
def _adapter(options_class: type) -> Any:
    """A pydantic TypeAdapter for an options dataclass, built once per class."""
    from pydantic import TypeAdapter

    return TypeAdapter(options_class)


def run_command(name: str, scenario: Any, options: Any = None) -> Answer:
    """Run command ``name`` on ``scenario``.

    - ``scenario``: a :class:`redzone.models.scenario.Scenario`, or a mapping of the same
      structure as a scenario file (validated with
      :func:`redzone.models.scenario.parse_scenario`).
    - ``options``: the command's options dataclass, a mapping for :func:`options_from_json`,
      or ``None`` for the defaults.

    The options' ``time_limit`` (if any) covers the whole job, model building included: a
    job cut by it answers ``{"legal": null, "status": "unknown", "reason": ...}``
    (:class:`redzone.solver.frontends.commands.common.TimeLimitAnswer`).

    Raises :class:`redzone.models.errors.ScenarioError` for an unknown command, bad options or a
    bad scenario (all :class:`redzone.models.errors.RedzoneError`: bad input).
    """
    from redzone.models.errors import ScenarioError

    command = COMMANDS.get(name)
    if command is None:
        raise ScenarioError("command", f"unknown command {name!r} (known: {', '.join(COMMANDS)})")
    job, options_class = command.load()
    from_json = options is None or isinstance(options, Mapping)
    if from_json:
        options = options_from_json(options_class, options)
    if isinstance(scenario, Mapping):
        from redzone.models.scenario import parse_scenario

        scenario = parse_scenario(dict(scenario))
    from redzone.solver.frontends.commands.common import run_job

    if not from_json:
        from redzone.solver.frontends.commands.options import check_options

        check_options(options)
        return run_job(job, scenario, options)
    try:
        return run_job(job, scenario, options)
    except Exception as exc:  # an option's error gets its path in the mapping given
        renamed = option_error(options_class, options, exc)
        if renamed is exc:
            raise
        raise renamed from None
