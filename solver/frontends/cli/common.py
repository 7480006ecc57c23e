"""What every ``redzone`` command shares: the click group, the common options, the one-line
errors and the per-scenario run loop.

Only click is imported at module level; the models, the solver and rich are imported when a
command runs, so ``redzone --help`` stays fast. Each command's work is a job in
:mod:`redzone.solver.frontends.commands`; the CLI only turns flags into the job's options and prints the
answer (``answer.to_json()`` with ``--json``, ``answer.render(console)`` otherwise).
"""

from __future__ import annotations

import io
import json
import os
import sys
import time
from collections.abc import Iterator
from typing import Any

import click

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 1


class BadInput(click.ClickException):
    """A one-line input error: printed as ``redzone: error: <message>``, exit status 2."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file: Any = None) -> None:  # noqa: D102 - click API
        click.echo(f"redzone: error: {self.format_message()}", err=True)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="redzone", prog_name="redzone")
def cli() -> None:
    """redzone: plan and check Magic: The Gathering combat exactly (CP-SAT).

    Each command reads a scenario file (YAML or JSON; '-' for standard input; a .jsonl file
    for a batch of scenarios). See docs/scenario-format.md.
    """


_scenario_argument = click.argument("scenario", type=click.Path(allow_dash=True))


class _Seconds(click.ParamType):
    """A finite number of seconds above 0 (``nan``, ``inf``, 0 and negatives are refused)."""

    name = "SECONDS"

    def convert(self, value: Any, param: Any, ctx: Any) -> float:  # noqa: D102 - click API
        import math

        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{str(value)[:40]!r} is not a number of seconds", param, ctx)
        if not math.isfinite(seconds) or seconds <= 0:
            self.fail(f"must be a finite number of seconds above 0, got {str(value)[:40]!r}", param, ctx)
        return seconds


def _batch_setting(name: str) -> Any:
    def store(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        ctx.meta.setdefault("redzone.batch", {})[name] = value
        return value
    return store


# Batch options, shared by every command that reads a scenario; their values go to the click
# context (read by :func:`run`), so the commands' own signatures do not carry them.
_BATCH_OPTIONS = (
    click.option("--batch", is_flag=True, expose_value=False, callback=_batch_setting("jsonl"),
                 help="Read SCENARIO as JSON Lines (one scenario per line) whatever its name; "
                      "'-' reads them from standard input."),
    click.option("--jobs", type=click.IntRange(min=1), default=None, expose_value=False,
                 callback=_batch_setting("jobs"), metavar="N",
                 help="Batch: worker processes (default: all cores; 1: this process)."),
    click.option("--dask", default=None, expose_value=False, callback=_batch_setting("dask"),
                 metavar="ADDRESS", help="Batch: run on a Dask scheduler (tcp://host:8786), or "
                 "'local' for a local cluster of --jobs workers (needs redzone[dask])."),
    click.option("--progress/--no-progress", default=None, expose_value=False,
                 callback=_batch_setting("progress"),
                 help="Batch: a progress bar on standard error (default: when it is a terminal)."),
    click.option("--summary", is_flag=True, expose_value=False, callback=_batch_setting("summary"),
                 help="Batch: print a summary table on standard error at the end."),
    click.option("--skip", type=click.IntRange(min=0), default=0, expose_value=False,
                 callback=_batch_setting("skip"), metavar="N",
                 help="Batch: skip the first N rows (to resume a batch cut short: N is the number "
                      "of lines of its --json output); the rows run keep their 'where' and "
                      "position in the whole batch (docs/batch.md)."),
    click.option("--dask-timeout", type=_Seconds(), default=None, expose_value=False,
                 callback=_batch_setting("dask_timeout"), metavar="SECONDS",
                 help="Batch: seconds to wait for the Dask scheduler of --dask (default 10)."),
)


def scenario_arg(func: Any) -> Any:
    """The SCENARIO argument (a file, '-', or for batch work a .jsonl/.ndjson file, a
    directory or a glob pattern) and the batch options (--batch, --jobs, --dask,
    --progress/--no-progress, --summary, --skip, --dask-timeout)."""
    for option in reversed(_BATCH_OPTIONS):
        func = option(func)
    return _scenario_argument(func)


json_opt = click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
strict_opt = click.option("--strict", is_flag=True,
                          help="Fail on any combat-relevant sentence the parser does not understand.")


time_opt = click.option("--time-limit", type=_Seconds(), default=None,
                        help="Seconds for the work on the scenario (reading it, building the board "
                             "and the model, solving; start-up excluded); "
                             "a cut-off proof answers 'feasible' and never claims 'legal' "
                             "('legal: null' with a reason).")


def console() -> Any:
    """A rich console on standard output (no highlighting, soft wrap, no emoji codes: a name
    such as ``a:fire:`` prints as given, and rich's emoji table is never loaded)."""
    from rich.console import Console

    con = Console(highlight=False, soft_wrap=True, emoji=False)

    def gone() -> None:
        con.quiet = True
        reader_gone()

    con.on_broken_pipe = gone  # type: ignore[method-assign]  # rich's default exits with 1
    return con


def reader_gone() -> None:
    """The reader of standard output closed the pipe (``redzone ... | head``; EPIPE): no
    fault of ours and nothing to report, so exit quietly with status 0 (1 is for internal
    errors), as a reader that stops early expects; the rest of the output goes to the null
    device so that the interpreter's last flush can't fail again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    raise SystemExit(0)


def echo_error_object(where: str, message: str) -> None:
    """Print the ``--json`` error object of a bad input (``{"where", "error": {"kind":
    "bad_input", "message"}}``, as a batch row gives) on standard output. A reader already
    gone (EPIPE) leaves the error's exit status as it is: the object is dropped, and the
    one-line message on standard error has said it."""
    try:
        click.echo(json.dumps({"where": where, "error": {"kind": "bad_input", "message": message}}))
    except SystemExit:  # reader_gone(): its status 0 must not hide the error's
        pass


class ClosedStream(BadInput):
    """A standard stream the command needs was closed by the caller (``<&-``, ``>&-``):
    ``redzone: error: standard output is closed ...``, exit status 2."""


_NO_OUTPUT = ("standard output is closed: redzone writes its answers there "
              "(redirect it to a file or to /dev/null instead)")
_NO_INPUT = "standard input is closed, and this command reads from it ('-', --batch -, serve)"


class _ClosedInput(io.TextIOBase):
    """``sys.stdin`` when the caller closed standard input (``<&-``): any read raises
    :class:`ClosedStream`, so only a command that reads standard input fails."""

    def readable(self) -> bool:  # noqa: D102 - io API
        return True

    def read(self, size: int | None = -1) -> str:  # noqa: D102 - io API
        raise ClosedStream(_NO_INPUT)

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]  # noqa: D102
        raise ClosedStream(_NO_INPUT)

    def isatty(self) -> bool:  # noqa: D102 - io API
        return False


def _output_failed(exc: OSError) -> ClosedStream:
    """The error for a write to standard output that failed otherwise than by EPIPE (a full
    disk, ENOSPC; a descriptor open for reading only, EBADF). The caller that reports it
    calls :func:`drop_output` (not done here: some library code swallows errors of writes,
    and the output after them must still fail)."""
    return ClosedStream(f"cannot write standard output ({exc.strerror or exc})")


def drop_output() -> None:
    """Send the rest of standard output to the null device (after a failed write has been
    reported), so that the interpreter's last flush can't fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    except OSError:
        pass


class _QuietPipe:
    """``sys.stdout`` as :func:`guard_standard_streams` leaves it: the stream itself, except
    that a write or flush meeting a reader that has gone (EPIPE) ends the command through
    :func:`reader_gone` (click would exit with status 1, rich too, each in its own way),
    and any other failed write raises :class:`ClosedStream` (exit status 2, not an internal
    error)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except BrokenPipeError:
            reader_gone()
            raise  # unreachable: reader_gone exits
        except OSError as exc:
            raise _output_failed(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            reader_gone()
        except OSError as exc:
            raise _output_failed(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _fileno(stream: Any) -> int | None:
    try:
        return int(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return None


def _fd_closed(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return True
    return False


def guard_standard_streams() -> None:
    """Make closed or vanishing standard streams one-line errors, never internal ones
    (called first by :func:`redzone.solver.frontends.cli.main`).

    A descriptor among 0, 1, 2 that the caller closed (``<&-``, ``>&-``, ``2>&-``: Python
    then sets ``sys.stdin`` / ``sys.stdout`` / ``sys.stderr`` to ``None``) is first held on
    the null device, so that no file redzone opens can take it (a worker process inherits
    0-2; a scenario file opened as descriptor 1 would be written to). Then:

    - standard output closed: raises :class:`ClosedStream` (exit status 2) before any
      work, since every command writes its answer there;
    - standard input closed: a read of it raises :class:`ClosedStream`, so only commands
      that read it (``-``, ``--batch -``, ``serve``) fail;
    - standard error closed: messages go to the null device (nothing can show them; the
      exit status still tells);
    - standard output open: a reader that stops early (``| head``, EPIPE) ends the command
      quietly with status 0 (:func:`reader_gone`), whichever code was writing.
    """
    closed: dict[str, bool] = {}
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        stream = getattr(sys, name)
        fd_gone = _fd_closed(fd)
        # A stream put in place by the caller (a test's captured output) is kept whatever
        # descriptor ``fd`` is.
        closed[name] = stream is None or (fd_gone and _fileno(stream) == fd)
        if fd_gone:
            null = os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    if closed["stderr"]:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the process's life
    if closed["stdin"]:
        sys.stdin = _ClosedInput()
    if closed["stdout"]:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the process's life
        raise ClosedStream(_NO_OUTPUT)
    if not isinstance(sys.stdout, _QuietPipe):
        sys.stdout = _QuietPipe(sys.stdout)  # type: ignore[assignment]


def parse_json_option(name: str, text: str | None, *, shape: str) -> Any:
    """Parse a JSON-valued option (``--attackers``, ``--blockers``, ``--assignment``: each named
    after the combat field it replaces); ``None`` passes through.

    Raises :class:`BadInput` naming the option when the text is not JSON. ``shape`` is only
    used in messages by the callers' own shape checks.
    """
    if text is None:
        return None

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:  # as in scenario files: a repeated key is an error, not "last wins"
                raise BadInput(f"{name}: duplicate key {key[:200]!r}")
            out[key] = value
        return out

    try:
        return json.loads(text, object_pairs_hook=unique)
    except json.JSONDecodeError as exc:
        raise BadInput(f"{name}: not JSON ({exc.msg})") from None
    except ValueError:  # Python's limit on the digits of an int read from text
        raise BadInput(f"{name}: a number with more than {sys.get_int_max_str_digits()} digits") from None
    except RecursionError:
        raise BadInput(f"{name}: nested too deeply") from None


def _scenarios(path: str) -> Iterator[tuple[str, Any]]:
    """Yield ``(where, scenario-or-error)`` for one YAML/JSON file (errors are yielded, not
    raised)."""
    from redzone.models.errors import RedzoneError
    from redzone.models.scenario import load_scenario

    try:
        yield path, load_scenario(path)
    except (OSError, RedzoneError) as exc:
        yield path, _as_error(exc)


def _as_error(exc: BaseException) -> Exception:
    from redzone.models.errors import ScenarioError

    if isinstance(exc, OSError):
        return ScenarioError("scenario", f"can't read {exc.filename or ''}: {exc.strerror or exc}".strip())
    assert isinstance(exc, Exception)
    return exc


_FAMILY_MODULES = {"attack": ("redzone.models.attack_rules", "redzone.solver.attack.solve"),
                   "block": ("redzone.models.block_rules", "redzone.solver.block.solve"),
                   "damage": ("redzone.models.damage_rules", "redzone.solver.damage.solve")}


def _load_program(command: str) -> None:
    """Import what ``command`` needs (the scenario schema, the board, the Oracle text parser,
    CP-SAT, its rule family's modules) before the work on the scenario starts. The
    ``redzone`` console script counts ``--time-limit`` from the process's start (issue 25
    §1: the whole command returns within the limit plus the documented slack, start-up
    included; :func:`process_started`); a program calling the click group itself counts it
    from when the command runs."""
    import importlib

    family = _FAMILY_MODULES.get(command.removeprefix("check-"), ())
    for name in ("redzone.models.scenario", "redzone.models.board", "redzone.models.parser",
                 "ortools.sat.python.cp_model", *family):
        importlib.import_module(name)


_STARTED: float | None = None
"""When the ``redzone`` process started (:func:`process_started`), set by the console
script's :func:`redzone.solver.frontends.cli.main`; ``None`` in a process that calls the
click group itself (tests, an embedding program): its clock starts when the command runs."""


_MAIN_RUNS = 0
"""How many times the console script's ``main`` ran in this process: only the first counts
from the process's start (a program or test may call ``main`` again, much later)."""


def mark_process_start() -> None:
    """Record when this command started for :func:`run`: :func:`process_started` the first
    time the console script's ``main`` runs in the process, now at a later call."""
    global _STARTED, _MAIN_RUNS
    _STARTED = process_started() if _MAIN_RUNS == 0 else time.perf_counter()
    _MAIN_RUNS += 1


def clear_process_start() -> None:
    """Forget the start :func:`mark_process_start` recorded (``main`` is done): a command run
    later through the click group counts from when it runs."""
    global _STARTED
    _STARTED = None


def process_started() -> float:
    """When this process started, as a ``time.perf_counter()`` value, so that a one-shot
    command's ``--time-limit`` counts its start-up too (issue 25 §1: the whole command
    returns within the limit plus the documented slack, benchmarks/run_limits.py). Read
    from ``/proc/self/stat`` (Linux: start time in clock ticks since boot, against
    ``CLOCK_BOOTTIME``); where that is not available, now."""
    now = time.perf_counter()
    try:
        with open("/proc/self/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        ticks = int(fields[19])  # field 22 of stat(5), counted after the ")" of the name
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return now
    return now - age if 0.0 <= age <= 60.0 else now  # a clock oddity counts as now


def _is_batch(path: str, *, jsonl: bool) -> bool:
    """:func:`redzone.solver.frontends.batch.is_batch`, deciding the one-scenario cases (``-``, an
    existing file not named ``.jsonl``/``.ndjson``) without importing the batch runner, whose
    imports are a noticeable share of a one-shot command's start-up."""
    if not jsonl and (path == "-" or (os.path.isfile(path) and not path.lower().endswith((".jsonl", ".ndjson")))):
        return False
    from redzone.solver.frontends.batch import is_batch

    return is_batch(path, jsonl=jsonl)


def run(path: str, as_json: bool, command: str, options: Any) -> None:
    """Run the job of ``command`` (a name in :data:`redzone.solver.frontends.commands.COMMANDS`) with
    ``options`` on the scenario at ``path`` and print the answer; a batch (JSON Lines, a
    directory, a glob, ``--batch``) goes to :func:`redzone.solver.frontends.cli.batching.run_batch`.
    Bad input: one error line, exit status 2."""
    from redzone.models.errors import RedzoneError
    from redzone.solver.frontends.commands import COMMANDS
    from redzone.solver.frontends.commands.common import run_job
    from redzone.solver.frontends.commands.options import check_options

    try:  # the bounds every front end applies (commands.options), named as the flag
        check_options(options)
    except RedzoneError as exc:
        field = getattr(exc, "field", "")
        raise BadInput(f"--{field.replace('_', '-')}: {getattr(exc, 'problem', exc)}") from None
    if getattr(options, "time_limit", None) is not None:
        _load_program(command)
        if not as_json:  # the text answer's renderer too: loaded inside the limit, not after it
            import rich.console  # noqa: F401
    settings = click.get_current_context().meta.get("redzone.batch", {})
    if _is_batch(path, jsonl=bool(settings.get("jsonl"))):
        from redzone.solver.frontends.cli.batching import run_batch

        sys.exit(run_batch(path, as_json, command, options, settings))
    if settings.get("skip"):
        raise BadInput(f"--skip: {path} is one scenario, not a batch of rows to skip")
    job, _ = COMMANDS[command].load()
    # issue 25 §1: a one-shot command's --time-limit counts from the process's start.
    started = _STARTED if _STARTED is not None else time.perf_counter()
    for where, item in _scenarios(path):
        try:
            if isinstance(item, Exception):
                raise item
            # One file: its --time-limit also covers reading it.
            answer = run_job(job, item, options, since=started)
            data = answer.to_json() if as_json else None
        except RedzoneError as exc:
            click.echo(f"redzone: error: {exc}", err=True)
            if as_json:  # one file: the same error object a batch row gives, on stdout
                echo_error_object(where, str(exc))
            sys.exit(EXIT_BAD_INPUT)
        if as_json:
            assert data is not None
            click.echo(json.dumps(data, sort_keys=False))
        else:
            for note in answer.warnings():
                click.echo(note, err=True)
            answer.render(console())
