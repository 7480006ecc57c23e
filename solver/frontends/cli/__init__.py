"""The ``redzone`` command line.

Every command reads a scenario (a YAML or JSON file, ``-`` for standard input, or a JSON
Lines file of many scenarios for batch work), prints a readable result, or one JSON object
per scenario with ``--json``. Exit status: 0 success (also when the answer is "illegal",
and when the reader of the output stops early, ``| head``), 2 bad input or usage (also a
closed standard input or output the command needs), 1 internal error, 130 interrupted
(Ctrl-C, SIGINT).

The package: :mod:`.common` (the click group, shared options, errors, the run loop) and one
module per rule family, each a thin layer over the jobs of :mod:`redzone.solver.frontends.commands`.
Heavy imports (pydantic, ortools, rich) happen inside the commands so that ``redzone --help``
stays fast.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from redzone.solver.frontends.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    BadInput,
    cli,
    clear_process_start,
    mark_process_start,
)

__all__ = ["cli", "main", "BadInput", "EXIT_BAD_INPUT", "EXIT_INTERNAL", "EXIT_INTERRUPTED",
           "COMMAND_MODULES"]

# The modules that register commands on ``cli`` when imported (each imports only click at
# module level). A new family adds its module here.
COMMAND_MODULES: tuple[str, ...] = (
    "redzone.solver.frontends.cli.attack",
    "redzone.solver.frontends.cli.block",
    "redzone.solver.frontends.cli.damage",
    "redzone.solver.frontends.cli.fight",
    "redzone.solver.frontends.cli.clash",
    "redzone.solver.frontends.cli.dm",
    "redzone.solver.frontends.cli.draw",
    "redzone.solver.frontends.cli.info",
    "redzone.solver.frontends.cli.ai",
    "redzone.solver.frontends.cli.serve",
)

for _module in COMMAND_MODULES:
    importlib.import_module(_module)


def _light_ortools_import() -> None:
    """Make ``import ortools.sat.python.cp_model`` skip pandas in this CLI process.

    ortools' ``cp_model`` imports pandas at module level only for its optional
    ``*_series`` helpers, which redzone never calls; pandas costs ~0.2-0.4 s of a ~0.6 s
    one-shot command. The command-line process (never a library user's process) therefore
    registers a placeholder module under the name ``pandas`` before any command runs. Any
    code that really needs pandas in this process would fail loudly on the placeholder's
    missing attributes; redzone's code never imports pandas.
    """
    if "pandas" in sys.modules:
        return
    import types

    placeholder = types.ModuleType("pandas", "redzone CLI placeholder: pandas is not loaded")

    class _NotLoaded:
        """Stands in for pandas types in ortools' type annotations."""

    placeholder.Index = placeholder.Series = placeholder.DataFrame = _NotLoaded  # type: ignore[attr-defined]
    sys.modules["pandas"] = placeholder


EXIT_INTERRUPTED = 130
"""Exit status of a command interrupted by Ctrl-C (SIGINT): 128 + 2, as the shells use."""

INTERRUPT_GRACE_S = 1.0
"""Seconds the command has to end by itself after Ctrl-C (Python's KeyboardInterrupt)
before :func:`_watch_interrupts` ends the process: the main thread may be inside a long
CP-SAT solve, which returns to Python only when done."""


class _InterruptWatch:
    """While a command runs: Ctrl-C ends it even inside native code (a CP-SAT solve).

    CP-SAT's own Ctrl-C handling is turned off for this process
    (:data:`redzone.solver._cpsat.CATCH_SIGINT`: it would end one solve as if cut by time and
    let the command answer, status 0); Python's signal handler writes each signal's number
    to a pipe (:func:`signal.set_wakeup_fd`) that a daemon thread reads. When the main
    thread does not turn Ctrl-C into its own exit (:attr:`handled`) within
    :data:`INTERRUPT_GRACE_S`, the thread prints ``redzone: interrupted`` and ends the
    process with status 130 (a batch's workers end with it, :func:`redzone.solver.frontends.batch.exit_with`).
    ``stop()`` undoes all of it (``main`` may run many times in one process: tests)."""

    def __init__(self) -> None:
        import signal
        import threading

        from redzone.solver import _cpsat

        self.handled = threading.Event()
        self._catch = _cpsat.CATCH_SIGINT
        self._read, self._write = os.pipe()
        os.set_blocking(self._write, False)
        try:
            self._old = signal.set_wakeup_fd(self._write, warn_on_full_buffer=False)
        except ValueError:  # not the main thread: leave signals alone
            os.close(self._read)
            os.close(self._write)
            self._read = -1
            return
        _cpsat.CATCH_SIGINT = False
        threading.Thread(target=self._watch, name="redzone-interrupts", daemon=True).start()

    def _watch(self) -> None:
        import signal

        while True:
            try:
                data = os.read(self._read, 64)
            except OSError:
                return
            if not data or 0 in data:  # stop()
                os.close(self._read)
                return
            if signal.SIGINT in data and not self.handled.wait(INTERRUPT_GRACE_S):
                try:
                    os.write(2, b"redzone: interrupted\n")
                except OSError:
                    pass
                os._exit(EXIT_INTERRUPTED)

    def stop(self) -> None:
        import signal

        from redzone.solver import _cpsat

        if self._read < 0:
            return
        _cpsat.CATCH_SIGINT = self._catch
        signal.set_wakeup_fd(self._old)
        try:
            os.write(self._write, b"\0")
        except OSError:
            pass
        os.close(self._write)


def main() -> None:
    """Console-script entry point: run the CLI, mapping unexpected faults to exit status 1
    with a one-line message (never a traceback for bad input), a closed standard stream the
    command needs to status 2 (:func:`redzone.solver.frontends.cli.common.guard_standard_streams`),
    a reader that stops early to a quiet status 0, and Ctrl-C to status 130, even inside a
    CP-SAT solve (:class:`_InterruptWatch`)."""
    _light_ortools_import()
    mark_process_start()  # --time-limit counts the start-up too (issue 25 §1)
    watch = _InterruptWatch()
    try:
        _run(watch)
    finally:
        watch.stop()
        clear_process_start()


def _run(watch: _InterruptWatch) -> None:
    from redzone.solver.frontends.cli.common import (ClosedStream, drop_output, echo_error_object,
                                                      guard_standard_streams, reader_gone)

    try:
        guard_standard_streams()
        cli.main(prog_name="redzone", standalone_mode=False)
        sys.stdout.flush()  # a reader that stopped early (``| head``) shows up here
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.exceptions.Abort as exc:
        # click turns Ctrl-C (KeyboardInterrupt) and an end of input at a prompt (EOFError)
        # into Abort.
        interrupted = isinstance(exc.__cause__, KeyboardInterrupt) or isinstance(exc.__context__, KeyboardInterrupt)
        watch.handled.set()
        click.echo("redzone: interrupted" if interrupted else "redzone: aborted", err=True)
        sys.exit(EXIT_INTERRUPTED if interrupted else EXIT_BAD_INPUT)
    except ClosedStream as exc:  # no --json error object: standard output may be the one closed
        drop_output()
        click.echo(f"redzone: error: {exc.format_message()}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except click.ClickException as exc:
        message = exc.format_message()
        click.echo(f"redzone: error: {message}", err=True)
        if "--json" in sys.argv[1:]:  # the error object a batch row gives, on stdout
            echo_error_object("command line", message)
        sys.exit(EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        watch.handled.set()
        click.echo("redzone: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        reader_gone()
    except Exception as exc:  # an internal fault: one line, status 1
        if os.environ.get("REDZONE_DEBUG"):
            raise
        click.echo(f"redzone: internal error: {type(exc).__name__}: {exc}", err=True)
        sys.exit(EXIT_INTERNAL)
    sys.exit(0)
