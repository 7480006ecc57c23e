"""``redzone serve``: the engine protocol, JSON Lines over standard input and output.

One request per line, one response per line (docs/protocol.md has the rules, the JSON Schema
and a transcript)::

    {"id": 1, "command": "attack", "scenario": {...}, "options": {"time_limit": 1}}
    {"id": 1, "ok": true, "result": {...the command's --json object...}}
    {"id": 2, "ok": false, "error": {"kind": "bad_input", "message": "permanents[0].card: ..."}}

- ``command``: a name in :data:`redzone.solver.frontends.commands.COMMANDS` (``attack``,
  ``check-attack``, ...) or a protocol command (:data:`CONTROL_COMMANDS`): ``hello`` (the
  handshake: name, version, protocol, commands and options with defaults and ranges),
  ``ping``, ``isready``, ``setoption``, ``stop``, ``quit``.
- A request is read as strictly as a scenario file on the command line: a repeated key,
  ``NaN`` / ``Infinity`` or a number out of range is refused; options are checked by the
  options dataclass and :mod:`redzone.solver.frontends.commands.options`, the bounds every
  front end applies; every answer is RFC 8259 JSON.
- Time: a request without ``time_limit`` gets the server's default (:data:`DEFAULT_TIME_LIMIT`,
  ``--default-time-limit``, ``setoption``). Requests run in the main thread while a reader
  thread reads the input: ``stop`` (answered at once) and the end of the input set the
  running request's stop event (:func:`redzone.models.limits.stop_on`), which every path that
  honours the time budget honours too; at the end of the input the server answers what it
  has read (stopped) and exits.

Card data and ortools are loaded once, when the server starts (:func:`warm_up`).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import queue
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

PROTOCOL_VERSION = 2
"""The protocol's version, reported by ``hello`` and ``ping`` (2: handshake, isready, stop,
setoption, progress lines, default time limit, strict requests)."""

SERVER_NAME = "redzone"

DEFAULT_TIME_LIMIT = 10.0
"""Seconds a request without ``time_limit`` may take (the server's default; see
:class:`Settings`)."""

CONTROL_COMMANDS = ("hello", "ping", "isready", "setoption", "stop", "quit")
"""Commands of the protocol itself (not in the registry)."""

_IMMEDIATE = ("isready", "stop")
"""Control commands the reader thread answers at once, even while a request runs."""


# --------------------------------------------------------------------------- settings


@dataclass
class Settings:
    """The server's options (``redzone serve`` flags, ``setoption``):

    - ``default_time_limit``: seconds for a request that gives no ``time_limit`` (``None``:
      no limit; a command without a ``time_limit`` option runs under it too);
    - ``progress``: write progress lines while a request runs (off by default);
    - ``progress_interval``: seconds between progress lines.
    """

    default_time_limit: float | None = DEFAULT_TIME_LIMIT
    progress: bool = False
    progress_interval: float = 1.0

    def to_json(self) -> dict[str, Any]:
        """The settings by name."""
        return dataclasses.asdict(self)


SERVER_OPTIONS: dict[str, dict[str, Any]] = {
    "default_time_limit": {"type": ["number", "null"], "default": DEFAULT_TIME_LIMIT,
                           "exclusive_minimum": 0,
                           "description": "seconds for a request without time_limit (null: none)"},
    "progress": {"type": "boolean", "default": False,
                 "description": "progress lines while a request runs"},
    "progress_interval": {"type": "number", "default": 1.0, "minimum": 0.05,
                          "description": "seconds between progress lines"},
}
"""The server's options as ``hello`` reports them (``setoption`` checks them the same way)."""


def check_setting(name: str, value: Any) -> Any:
    """``value`` checked for the server option ``name``. Raises ScenarioError naming
    ``options.NAME``."""
    from redzone.models.errors import ScenarioError

    field = f"options.{name}"
    if name not in SERVER_OPTIONS:
        raise ScenarioError(field, f"unknown server option (known: {', '.join(SERVER_OPTIONS)})")
    if name == "progress":
        if not isinstance(value, bool):
            raise ScenarioError(field, f"must be true or false (got {_json_type(value)})")
        return value
    if value is None and name == "default_time_limit":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ScenarioError(field, f"must be a finite number of seconds (got {_json_type(value)})")
    least = SERVER_OPTIONS[name].get("minimum")
    if (least is None and value <= 0) or (least is not None and value < least):
        bound = "above 0" if least is None else f"{least} or more"
        raise ScenarioError(field, f"must be a number of seconds {bound} (got {value!r})")
    return float(value)


# --------------------------------------------------------------------------- reading


class _BadRequest(Exception):
    """The request's shape is wrong (not the scenario's); ``request_id`` is echoed."""

    def __init__(self, message: str, request_id: Any = None) -> None:
        super().__init__(message)
        self.request_id = request_id


def _json_type(value: Any) -> str:
    """A JSON value's type in words: ``a string``, ``a number``, ``an array`` ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object" if isinstance(value, dict) else type(value).__name__


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON (RFC 8259 has no NaN or Infinity)")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text[:40]} is out of range")
    return value


def read_request(line: str) -> dict[str, Any]:
    """One request line as a JSON object, read as strictly as a scenario file: a key
    repeated in any object (``"players"`` twice), ``NaN``, ``Infinity`` or a number too
    large for a float is refused. Raises :class:`_BadRequest` (``request_id`` ``None``:
    the line could not be read)."""
    from redzone.models.scenario import unique_keys

    try:
        request = json.loads(line, object_pairs_hook=unique_keys, parse_constant=_no_constant,
                             parse_float=_finite)
    except json.JSONDecodeError as exc:
        raise _BadRequest(f"not JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise _BadRequest("not JSON: nested too deeply") from None
    except ValueError as exc:  # a repeated key, NaN, Infinity, 1e999
        if str(exc).startswith("duplicate key"):
            raise _BadRequest(f"{exc}: a key appears once in an object, as in a scenario file",
                              _id_despite_repeats(line)) from None
        raise _BadRequest(f"not JSON: {exc}") from None
    if not isinstance(request, dict):
        raise _BadRequest(f"a request must be a JSON object (got {_json_type(request)})")
    return request


def _id_despite_repeats(line: str) -> Any:
    """The ``id`` of a request refused for a repeated key, when the id itself is plain
    (given once, at the top level), so the error can still be matched to it; else ``None``."""
    ids: list[Any] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        return dict(items)

    try:
        top = json.loads(line, object_pairs_hook=lambda items: (ids.append(items), pairs(items))[1],
                         parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError):
        return None
    if not isinstance(top, dict) or not ids:
        return None
    given = [value for key, value in ids[-1] if key == "id"]  # the outermost object is built last
    return given[0] if len(given) == 1 else None


def encode_response(response: dict[str, Any]) -> str:
    """One response line (no newline), RFC 8259 JSON: a response that can't be written so
    (a non-finite number or a value JSON has no form for, in a result: a bug) becomes an
    ``internal`` error with the same id."""
    try:
        return json.dumps(response, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        fallback = _error(response.get("id"), "internal",
                          f"the answer can't be written as JSON ({type(exc).__name__}: {exc})")
        return json.dumps(fallback, separators=(",", ":"))


# --------------------------------------------------------------------------- answering


def warm_up() -> None:
    """Import the models, the solver and ortools and touch the card data, so the first request
    is as fast as the next ones (about 0.5 s, once)."""
    import ortools.sat.python.cp_model  # noqa: F401 - loaded for its side effect

    from redzone.models.cards import lookup
    from redzone.solver.frontends.commands import COMMANDS

    for command in COMMANDS.values():
        try:
            command.load()
        except ImportError:  # pragma: no cover - a command whose optional extra is missing
            continue
    lookup("Grizzly Bears")


def _error(request_id: Any, kind: str, message: str) -> dict[str, Any]:
    return {"id": request_id, "ok": False, "error": {"kind": kind, "message": message}}


@functools.cache
def _release() -> str | None:
    """redzone's version (read once: the package metadata lookup costs about 0.3 ms)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("redzone")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return None


def hello(settings: Settings) -> dict[str, Any]:
    """The handshake's result: ``name``, ``version``, ``protocol``, ``commands`` (name ->
    ``{"summary", "options": {name: {"type", "default", "required", ...}}}``, the defaults
    and ranges every front end applies), ``control`` (the protocol's own commands) and
    ``server_options`` (the :class:`Settings`, with their current values as ``value``)."""
    from redzone.solver.frontends.commands import COMMANDS
    from redzone.solver.frontends.commands.options import option_specs

    commands: dict[str, Any] = {}
    for name, command in COMMANDS.items():
        try:
            _, options_class = command.load()
        except ImportError:  # pragma: no cover - an optional extra is missing
            continue
        commands[name] = {"summary": command.summary,
                          "options": option_specs(options_class,
                                                  time_limit_default=settings.default_time_limit)}
    current = settings.to_json()
    return {"name": SERVER_NAME, "version": _release(), "protocol": PROTOCOL_VERSION,
            "commands": commands, "control": list(CONTROL_COMMANDS),
            "server_options": {k: {**spec, "value": current[k]} for k, spec in SERVER_OPTIONS.items()}}


def _command_of(request: dict[str, Any]) -> str:
    """The request's command, its fields checked. Raises _BadRequest."""
    from redzone.solver.frontends.commands import COMMANDS

    request_id = request.get("id")
    unknown = sorted(set(request) - {"id", "command", "scenario", "options"})
    if unknown:
        raise _BadRequest(f"unknown request field(s): {', '.join(unknown)}", request_id)
    if "command" not in request:
        raise _BadRequest("missing 'command' (a command name)", request_id)
    command = request["command"]
    if not isinstance(command, str):
        raise _BadRequest(f"'command' must be a string, a command name (got {_json_type(command)})",
                          request_id)
    known = [*COMMANDS, *CONTROL_COMMANDS]
    if command not in known:
        raise _BadRequest(f"unknown command {command[:60]!r} (known: {', '.join(known)})", request_id)
    if command in CONTROL_COMMANDS:
        extra = [k for k in ("scenario", "options") if k in request and not (
            k == "options" and command == "setoption")]
        if extra:
            raise _BadRequest(f"{command!r} takes no {' or '.join(extra)}", request_id)
        return command
    if "scenario" not in request:
        raise _BadRequest("missing 'scenario' (a JSON object, as in a scenario file)", request_id)
    if not isinstance(request["scenario"], dict):
        raise _BadRequest("'scenario' must be a JSON object, as in a scenario file "
                          f"(got {_json_type(request['scenario'])})", request_id)
    options = request.get("options")
    if options is not None and not isinstance(options, dict):
        raise _BadRequest(f"'options' must be a JSON object (got {_json_type(options)})", request_id)
    return command


def handle_request(request: dict[str, Any], settings: Settings | None = None, *,
                   stop: threading.Event | None = None, started: float | None = None,
                   stopped: Callable[[], int] | None = None) -> dict[str, Any] | None:
    """The response to one request (a JSON object already read), or ``None`` for ``quit``.
    ``settings``: the server's (``setoption`` changes them); ``stop``: the event that ends
    the request early (:func:`redzone.models.limits.stop_on`); ``started``: a
    ``time.perf_counter()`` value its time limit counts from; ``stopped``: what ``stop``
    does (returns how many requests it stopped). Never raises (except KeyboardInterrupt /
    SystemExit)."""
    settings = settings if settings is not None else Settings()
    started = time.perf_counter() if started is None else started
    request_id = request.get("id")
    try:
        command = _command_of(request)
        if command == "quit":
            return None
        return {"id": request_id, "ok": True,
                "result": _answer(command, request, settings, stop, started, stopped)}
    except _BadRequest as exc:
        return _error(exc.request_id, "bad_request", str(exc))
    except Exception as exc:  # noqa: BLE001 - a failing request must never end the server
        from redzone.models.errors import RedzoneError

        if isinstance(exc, RedzoneError):
            return _error(request_id, "bad_input", str(exc))
        return _error(request_id, "internal", f"{type(exc).__name__}: {exc}")


def handle_line(line: str, settings: Settings | None = None, *,
                stop: threading.Event | None = None) -> dict[str, Any] | None:
    """The response to one request line, or ``None`` for ``quit`` (:func:`read_request`
    then :func:`handle_request`). Never raises for any line (except KeyboardInterrupt /
    SystemExit)."""
    started = time.perf_counter()
    try:
        request = read_request(line)
    except _BadRequest as exc:
        return _error(exc.request_id, "bad_request", str(exc))
    return handle_request(request, settings, stop=stop, started=started)


def _answer(command: str, request: dict[str, Any], settings: Settings, stop: threading.Event | None,
            started: float, stopped: Callable[[], int] | None) -> dict[str, Any]:
    from redzone.models.limits import stop_on, time_budget
    from redzone.solver.frontends.commands import COMMANDS, option_error, options_from_json
    from redzone.solver.frontends.commands.common import run_job

    if command == "hello":
        return hello(settings)
    if command == "ping":
        return {"pong": True, "protocol": PROTOCOL_VERSION, "version": _release(),
                "commands": [*COMMANDS, *CONTROL_COMMANDS]}
    if command == "isready":
        return {"ready": True}
    if command == "stop":
        return {"stopped": stopped() if stopped is not None else 0}
    if command == "setoption":
        options = request.get("options")
        if not isinstance(options, dict):
            raise _BadRequest("'setoption' needs 'options', a JSON object of server options "
                              f"(got {_json_type(options)})", request.get("id"))
        checked = {name: check_setting(name, value) for name, value in options.items()}
        for name, value in checked.items():
            setattr(settings, name, value)
        return settings.to_json()
    from redzone.models.scenario import parse_scenario

    job, options_class = COMMANDS[command].load()
    opts = options_from_json(options_class, request.get("options"))
    outer = None  # a command without a time_limit option runs under the default, too
    if settings.default_time_limit is not None:
        if any(f.name == "time_limit" for f in dataclasses.fields(opts)):
            if opts.time_limit is None:
                opts = dataclasses.replace(opts, time_limit=settings.default_time_limit)
        else:
            outer = max(settings.default_time_limit - (time.perf_counter() - started), 0.0)
    try:
        with stop_on(stop), time_budget(outer):
            answer = run_job(job, parse_scenario(request["scenario"]), opts, since=started)
    except Exception as exc:  # an option's error is named as in the request: options.NAME
        renamed = option_error(options_class, opts, exc)
        if renamed is exc:
            raise
        raise renamed from None
    return answer.to_json()


# --------------------------------------------------------------------------- the server


_END = object()
"""Queued by the reader at the end of the input (or after ``quit``)."""


class _Server:
    """The reader thread and the worker (the calling thread) of :func:`serve`."""

    def __init__(self, stdin: IO[str], stdout: IO[str], settings: Settings, *,
                 eof_grace: float | None = None, hard_exit: Callable[[int], Any] | None = None) -> None:
        self.stdin, self.stdout, self.settings = stdin, stdout, settings
        self.eof_grace = eof_grace  # seconds the work may take to stop after the end of input
        self.hard_exit = hard_exit if hard_exit is not None else _exit_now
        self.finished = threading.Event()
        self.queue: queue.Queue[Any] = queue.Queue()
        self.lock = threading.Lock()  # one writer at a time; guards ``pending``
        self.pending: list[threading.Event] = []  # stop events of requests read, not answered
        self.binary = getattr(stdin, "buffer", None)  # a real stream: read bytes, decode per line
        self.eof = False
        self.output_gone = False

    # -- writing (both threads) ----------------------------------------------------------
    def write(self, response: dict[str, Any]) -> None:
        line = encode_response(response) + "\n"
        with self.lock:
            if self.output_gone:
                return
            try:
                self.stdout.write(line)
                self.stdout.flush()
            except (OSError, ValueError):  # the reader of our answers is gone
                self.output_gone = True
                for event in self.pending:
                    event.set()

    def stop_pending(self) -> int:
        """Set the stop event of every request read and not yet answered; how many."""
        with self.lock:
            count = sum(1 for e in self.pending if not e.is_set())
            for event in self.pending:
                event.set()
            return count

    # -- the reader thread ---------------------------------------------------------------
    def read(self) -> None:
        try:
            while True:
                try:
                    raw = self.binary.readline() if self.binary is not None else self.stdin.readline()
                except Exception:  # noqa: BLE001 - standard input unreadable or closed under us: its end
                    raw = ""
                try:
                    line = raw.decode("utf-8") if isinstance(raw, bytes) else raw
                except UnicodeDecodeError:
                    self.queue.put((_error(None, "bad_request", "not UTF-8 text"), None, 0.0))
                    continue
                if not line:
                    self.eof = True
                    self.stop_pending()  # the client is gone: stop its work
                    if self.eof_grace is not None:
                        threading.Thread(target=self._watchdog, name="redzone-serve-watchdog",
                                         daemon=True).start()
                    return
                if not line.strip():
                    continue
                started = time.perf_counter()
                try:
                    request = read_request(line)
                except _BadRequest as exc:
                    self.queue.put((_error(exc.request_id, "bad_request", str(exc)), None, started))
                    continue
                command = request.get("command")
                if command in _IMMEDIATE and isinstance(command, str):
                    # Answered now, even while a request runs (UCI's isready and stop).
                    response = handle_request(request, self.settings, stopped=self.stop_pending)
                    if response is not None:
                        self.write(response)
                    continue
                event = threading.Event()
                with self.lock:
                    self.pending.append(event)
                    if self.output_gone:
                        event.set()
                self.queue.put((request, event, started))
                if command == "quit":
                    return  # nothing after quit is read
        finally:
            self.queue.put(_END)

    def _watchdog(self) -> None:
        """After the end of the input: a request that has not stopped within ``eof_grace``
        seconds (work that does not check the budget: a CP-SAT solve already running, the
        AI's search until its clock uses the budget) is abandoned — the process exits with
        status 0 (nobody is left to read its answer)."""
        if self.finished.wait(self.eof_grace):
            return
        with self.lock:  # never in the middle of a line
            self.output_gone = True
            print(f"redzone: the input ended and the running request did not stop within "
                  f"{self.eof_grace:g} s; exiting", file=sys.stderr)
            self.hard_exit(0)

    # -- the worker (the calling thread) --------------------------------------------------
    def work(self) -> int:
        try:
            return self._work()
        finally:
            self.finished.set()

    def _work(self) -> int:
        reader = threading.Thread(target=self.read, name="redzone-serve-reader", daemon=True)
        reader.start()
        while True:
            item = self.queue.get()
            if item is _END:
                return 0
            request, event, started = item
            if event is None:  # a line that could not be read: its error is ready
                self.write(request)
                continue
            ticker = self._progress(request, event, started)
            try:
                response = handle_request(request, self.settings, stop=event, started=started,
                                          stopped=self.stop_pending)
            finally:
                if ticker is not None:
                    ticker()
                with self.lock:
                    self.pending.remove(event)
            if response is None:  # quit
                return 0
            self.write(response)
            if self.output_gone:
                return 2

    def _progress(self, request: dict[str, Any], event: threading.Event,
                  started: float) -> Callable[[], None] | None:
        """Start the progress lines of a request (when ``progress`` is on); returns the
        function that ends them (called before the answer is written)."""
        if not self.settings.progress or request.get("command") in CONTROL_COMMANDS:
            return None
        done = threading.Event()
        interval = self.settings.progress_interval
        limit = request.get("options", {}).get("time_limit") if isinstance(
            request.get("options"), dict) else None
        if not isinstance(limit, (int, float)) or isinstance(limit, bool):
            limit = self.settings.default_time_limit

        def tick() -> None:
            while not done.wait(interval):
                elapsed = time.perf_counter() - started
                info: dict[str, Any] = {"elapsed_ms": round(elapsed * 1000, 1),
                                        "time_left_ms": None if limit is None else
                                        round(max(limit - elapsed, 0.0) * 1000, 1),
                                        "stopping": event.is_set()}
                with self.lock:
                    if done.is_set() or self.output_gone:
                        return
                    try:
                        self.stdout.write(encode_response({"id": request.get("id"), "progress": info}) + "\n")
                        self.stdout.flush()
                    except (OSError, ValueError):
                        self.output_gone = True
                        return

        thread = threading.Thread(target=tick, name="redzone-serve-progress", daemon=True)
        thread.start()

        def end() -> None:
            with self.lock:
                done.set()  # under the lock: no progress line after this point
            thread.join(timeout=1.0)

        return end


def _exit_now(status: int) -> None:
    """End the process at once (standard error flushed first)."""
    import os

    sys.stderr.flush()
    os._exit(status)


EOF_GRACE = 2.0
"""Seconds ``redzone serve`` lets the running request take to stop after the end of its
input before the process exits without it."""


def serve(stdin: IO[str] | None = None, stdout: IO[str] | None = None, *, warm: bool = True,
          settings: Settings | None = None, eof_grace: float | None = None,
          hard_exit: Callable[[int], Any] | None = None) -> int:
    """Answer requests from ``stdin`` (default: standard input) on ``stdout`` until ``quit``
    (the requests before it answered) or the end of the input (the request running and
    those read are stopped, answered, and the server exits). Returns the exit status: 0, or
    2 when standard output closed (nobody reads the answers).
    ``warm``: load ortools and the card data first (:func:`warm_up`); ``settings``: the
    server's options (default :class:`Settings`); ``eof_grace``: seconds the running request
    may take to stop after the end of the input, after which ``hard_exit(0)`` is called
    (default: end the process; ``redzone serve`` uses :data:`EOF_GRACE`; ``None``: wait for
    it, for servers run inside another program)."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    if stdout is None:  # started with standard output closed (``>&-``)
        print("redzone: error: standard output is closed; nothing to answer on", file=sys.stderr)
        return 2
    if stdin is None:  # started with standard input closed (``<&-``): an empty input
        return 0
    if warm:
        warm_up()
    status = _Server(stdin, stdout, settings if settings is not None else Settings(),
                     eof_grace=eof_grace, hard_exit=hard_exit).work()
    if status == 2:  # nobody reads the answers: say so once, on standard error
        print("redzone: error: standard output closed; the server stops", file=sys.stderr)
        if stdout is sys.stdout:  # the interpreter's last flush must not fail again
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return status
