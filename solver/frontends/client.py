"""A Python client of ``redzone serve`` (the engine protocol, docs/protocol.md).

For a program that keeps one redzone process and asks it many questions (a few milliseconds
each instead of ~0.5 s of start-up per process)::

    from redzone.solver.frontends.client import Engine

    with Engine.popen() as engine:
        plan = engine.attack(scenario, time_limit=1.0)      # the `redzone attack --json` object
        check = engine.check_block(scenario, blockers={"wall": ["bear"]})

The layers, in the spirit of python-chess's ``engine`` module:

- pure functions :func:`encode_request` and :func:`decode_response` (one line each way);
- a :class:`Transport` carries lines: :class:`PipeTransport` to a child process,
  :class:`ScriptedTransport` replays a scripted conversation in tests (no process);
- :class:`Engine`: one method per command (``attack``, ``check_attack``, ``block``, ...),
  each taking the scenario (a mapping, as in a scenario file) and the command's options as
  keyword arguments, returning the result object: the command's JSON object, or with
  ``Engine.popen(typed=True)`` the library's result type, rebuilt by its ``from_json``
  (:func:`typed_result`: ``attack`` gives :class:`redzone.solver.attack.results.AttackPlan`, ...);
  and the protocol's own calls: :attr:`Engine.info` (the handshake, ``hello``),
  :meth:`Engine.isready`, :meth:`Engine.stop` (from another thread: the running request
  answers early), :meth:`Engine.configure` (``setoption``).

A request the client gave up on (its timeout passed) is stopped (a ``stop`` is sent) and its
late answer, when it comes, is skipped and logged at DEBUG, so the next call gets its own.

Errors: :class:`redzone.models.errors.RedzoneError` when the server says the scenario or the
options are bad input (the same message as the command line); :class:`ServeError` (a
``RuntimeError``) for everything else: a malformed or unexpected response, an unknown
command, an internal error of the server, a timeout, or the server process ending
(:class:`EngineTerminatedError`).
"""

from __future__ import annotations

import json
import logging
import queue
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

LOGGER = logging.getLogger("redzone.client")
"""Every line sent and received is logged at DEBUG level."""

DEFAULT_TIMEOUT = 60.0
"""Seconds to wait for a response when the request sets no ``time_limit``."""

TIMEOUT_SLACK = 10.0
"""Seconds added to a request's ``time_limit`` before the client gives up waiting."""


class ServeError(RuntimeError):
    """The protocol failed: a malformed or unexpected response, a request the server refused
    as malformed (``kind == "bad_request"``), an internal error of the server
    (``kind == "internal"``) or a timeout (``kind == "timeout"``). ``kind`` names which."""

    def __init__(self, message: str, kind: str = "protocol") -> None:
        super().__init__(message)
        self.kind = kind


class EngineTerminatedError(ServeError):
    """The server process ended (or its output closed) before answering."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "terminated")


# --------------------------------------------------------------------------- pure functions


@dataclass(frozen=True)
class Progress:
    """One progress line of a running request (``redzone serve`` with ``progress`` on):
    ``id`` of the request, ``info`` (``elapsed_ms``, ``time_left_ms``, ``stopping``)."""

    id: Any
    info: dict[str, Any]


@dataclass(frozen=True)
class Response:
    """One decoded response line: ``id`` (echoed), ``ok``; ``result`` (the command's JSON
    object) when ``ok``, else ``error`` (``{"kind", "message"}``)."""

    id: Any
    ok: bool
    result: dict[str, Any] | None = None
    error: dict[str, str] | None = None


def encode_request(request_id: Any, command: str, scenario: Mapping[str, Any] | None = None,
                   options: Mapping[str, Any] | None = None) -> str:
    """One request line (JSON, no newline). ``None`` scenario/options are left out (``ping``,
    ``quit``). Raises ServeError if the scenario or options can't be written as JSON."""
    request: dict[str, Any] = {"id": request_id, "command": command}
    if scenario is not None:
        request["scenario"] = scenario
    if options:
        request["options"] = dict(options)
    try:
        return json.dumps(request, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ServeError(f"request can't be written as JSON: {exc}", "encode") from None


def decode_line(line: str) -> Response | Progress:
    """Decode one line from the server: a :class:`Response`, or a :class:`Progress` line
    (``{"id", "progress": {...}}``, no ``ok``). Raises ServeError for anything else."""
    try:
        data = json.loads(line)
    except ValueError as exc:
        raise ServeError(f"response is not JSON: {exc}: {line[:200]!r}") from None
    if isinstance(data, dict) and "ok" not in data and isinstance(data.get("progress"), dict) and "id" in data:
        return Progress(data["id"], data["progress"])
    return _response_of(data, line)


def decode_response(line: str) -> Response:
    """Decode one response line. Raises ServeError if it is not a response object."""
    try:
        data = json.loads(line)
    except ValueError as exc:
        raise ServeError(f"response is not JSON: {exc}: {line[:200]!r}") from None
    return _response_of(data, line)


def _response_of(data: Any, line: str) -> Response:
    if not isinstance(data, dict) or not isinstance(data.get("ok"), bool) or "id" not in data:
        raise ServeError(f"not a response object: {line[:200]!r}")
    if data["ok"]:
        if not isinstance(data.get("result"), dict):
            raise ServeError(f"response without a result object: {line[:200]!r}")
        return Response(data["id"], True, result=data["result"])
    error = data.get("error")
    if not isinstance(error, dict) or not isinstance(error.get("kind"), str) or not isinstance(
            error.get("message"), str):
        raise ServeError(f"error response without kind and message: {line[:200]!r}")
    return Response(data["id"], False, error={"kind": error["kind"], "message": error["message"]})


def raise_for_error(response: Response) -> dict[str, Any]:
    """The result of a successful response. Raises
    :class:`redzone.models.errors.RedzoneError` for ``bad_input``, :class:`ServeError` for
    any other error kind."""
    if response.ok:
        assert response.result is not None
        return response.result
    assert response.error is not None
    kind, message = response.error["kind"], response.error["message"]
    if kind == "bad_input":
        from redzone.models.errors import RedzoneError

        raise RedzoneError(message)
    raise ServeError(f"{kind}: {message}", kind)


def typed_result(command: str, data: Mapping[str, Any]) -> Any:
    """The library's result object for a command's JSON object (``result`` of a response,
    or a batch row), rebuilt with its ``from_json``:

    - ``attack`` -> :class:`redzone.solver.attack.results.AttackPlan`; with ``all`` (a
      ``declarations`` key) :class:`redzone.solver.attack.results.AttackEnumeration`;
    - ``check-attack`` -> :class:`redzone.solver.attack.results.AttackCheck`;
    - ``block`` -> :class:`redzone.solver.block.solve.BlockPlan` (``players`` from
      ``defending_players``); with ``all`` :class:`redzone.solver.block.solve.BlockEnumeration`;
    - ``check-block`` -> :class:`redzone.solver.block.solve.BlockCheck`;
    - ``check-damage`` -> :class:`redzone.solver.damage.solve.DamageCheck`;
    - any other command (``damage``, ``fight``, ``clash``, ``dm-battle``, ``draw``,
      ``choose-attack``, ``choose-block``): the JSON object itself (a ``dict``), and so is a
      result cut by its time budget (``status`` ``"unknown"``: nothing to rebuild).

    Keys the library type does not hold (``unable``, ``unparsed``) are dropped: ask for the
    dict when you need them. Raises ServeError when ``data`` is not that command's object.
    """
    if data.get("status") == "unknown" and set(data) == {"legal", "status", "reason"}:
        return dict(data)  # TimeLimitAnswer: {"legal": null, "status": "unknown", "reason"}
    build = _typed_builder(command, data)
    if build is None:
        return dict(data)
    try:
        return build(data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ServeError(f"not a result of {command!r} ({type(exc).__name__}: {exc})") from None


def _typed_builder(command: str, data: Mapping[str, Any]) -> Any:
    if command in ("attack", "check-attack"):
        from redzone.solver.attack.results import AttackCheck, AttackEnumeration, AttackPlan

        if command == "check-attack":
            return AttackCheck.from_json
        return AttackEnumeration.from_json if "declarations" in data else AttackPlan.from_json
    if command in ("block", "check-block"):
        from redzone.solver.block.solve import BlockCheck, BlockEnumeration, BlockPlan

        if command == "check-block":
            return BlockCheck.from_json
        return BlockEnumeration.from_json if "declarations" in data else BlockPlan.from_json
    if command == "check-damage":
        from redzone.solver.damage.solve import DamageCheck

        return DamageCheck.from_json
    return None


def timeout_for(options: Mapping[str, Any] | None, default: float | None = DEFAULT_TIMEOUT) -> float | None:
    """Seconds to wait for the response to a request with ``options``: its ``time_limit``
    plus :data:`TIMEOUT_SLACK`, else ``default`` (``None``: wait for ever)."""
    limit = (options or {}).get("time_limit")
    if isinstance(limit, (int, float)) and not isinstance(limit, bool):
        return float(limit) + TIMEOUT_SLACK
    return default


# --------------------------------------------------------------------------- transports


class Transport:
    """Carries request lines to a server and response lines back."""

    def send(self, line: str) -> None:  # pragma: no cover - interface
        """Send one line (without its newline)."""
        raise NotImplementedError

    def receive(self, timeout: float | None) -> str:  # pragma: no cover - interface
        """The next line (without its newline). Raises EngineTerminatedError at the end of
        the server's output, ServeError(kind="timeout") after ``timeout`` seconds."""
        raise NotImplementedError

    def close(self) -> None:
        """Release the connection (ask the server to quit first)."""


class PipeTransport(Transport):
    """A child process speaking the protocol on its standard input and output. A thread
    reads its output, so :meth:`receive` can time out."""

    def __init__(self, args: Sequence[str]) -> None:
        try:
            self.process = subprocess.Popen(list(args), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            text=True, encoding="utf-8", bufsize=1)
        except OSError as exc:
            raise EngineTerminatedError(f"can't start {' '.join(args)}: {exc}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, name="redzone-client-reader", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def send(self, line: str) -> None:  # noqa: D102
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineTerminatedError(f"the server ended (exit status {self.process.poll()})") from None

    def receive(self, timeout: float | None) -> str:  # noqa: D102
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise ServeError(f"no response within {timeout:.1f} s", "timeout") from None
        if line is None:
            self._lines.put(None)
            raise EngineTerminatedError(f"the server ended (exit status {self.process.wait()})")
        return line

    def close(self) -> None:  # noqa: D102
        if self.process.poll() is None:
            try:
                self.send(encode_request(None, "quit"))
                self.process.stdin.close()  # type: ignore[union-attr]
            except (ServeError, OSError):
                pass
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class ScriptedTransport(Transport):
    """A scripted conversation, for tests: :meth:`expect` a request (a mapping compared with
    the decoded request line) and the lines the server writes after it (mappings, or raw
    lines; :data:`ScriptedTransport.TIMEOUT` stands for a wait that times out, e.g. a
    request the server is still working on). Sending anything else raises AssertionError;
    :meth:`assert_done` checks the script was used up."""

    TIMEOUT = "<timeout>"
    """A scripted "line" that makes :meth:`receive` time out."""

    def __init__(self) -> None:
        self._script: deque[tuple[dict[str, Any], list[str]]] = deque()
        self._out: deque[str] = deque()
        self.closed = False

    def expect(self, request: Mapping[str, Any], *responses: Mapping[str, Any] | str) -> None:  # noqa: D102
        lines = [r if isinstance(r, str) else json.dumps(r) for r in responses]
        self._script.append((dict(request), lines))

    def send(self, line: str) -> None:  # noqa: D102
        assert self._script, f"unexpected request {line}"
        request, responses = self._script.popleft()
        assert json.loads(line) == request, f"expected {request}, got {line}"
        self._out.extend(responses)

    def receive(self, timeout: float | None) -> str:  # noqa: D102
        if not self._out:
            raise EngineTerminatedError("the script has no more responses")
        line = self._out.popleft()
        if line == self.TIMEOUT:
            raise ServeError(f"no response within {timeout} s", "timeout")
        return line

    def close(self) -> None:  # noqa: D102
        self.closed = True

    def assert_done(self) -> None:
        """Every scripted request was sent."""
        assert not self._script, f"requests not sent: {list(self._script)}"


# --------------------------------------------------------------------------- the engine


class Engine:
    """A redzone server: one method per command, each returning the command's JSON object,
    or with ``typed`` the library's result object (:func:`typed_result`).

    ``transport``: how lines travel (:meth:`popen` starts a server process). ``timeout``:
    seconds to wait for a response to a request without a ``time_limit`` (``None``: for
    ever). ``typed``: command methods return typed results (``engine.attack(s).attackers``)
    instead of dicts (``engine.attack(s)["attackers"]``). ``on_progress``: called with each
    :class:`Progress` line of a running request (the server writes them when its
    ``progress`` option is on: :meth:`configure`). Use it as a context manager (it quits the
    server on exit), or call :meth:`quit`. One request at a time; :meth:`stop` may be
    called from another thread while a request waits.
    """

    def __init__(self, transport: Transport, *, timeout: float | None = DEFAULT_TIMEOUT,
                 typed: bool = False, on_progress: Callable[[Progress], None] | None = None) -> None:
        self.transport = transport
        self.timeout = timeout
        self.typed = typed
        self.on_progress = on_progress
        self._next_id = 0
        self._lock = threading.Lock()  # ids and sends: stop() may come from another thread
        self._skip: set[Any] = set()  # ids whose answers nobody waits for any more
        self._info: dict[str, Any] | None = None

    @classmethod
    def popen(cls, command: Sequence[str] | None = None, *, timeout: float | None = DEFAULT_TIMEOUT,
              typed: bool = False, on_progress: Callable[[Progress], None] | None = None) -> Engine:
        """Start ``redzone serve`` (default: ``python -m redzone.solver serve`` with this
        interpreter) and return an Engine talking to it (``typed``, ``on_progress``: see
        :class:`Engine`). Raises EngineTerminatedError if it can't start."""
        args = list(command) if command is not None else [sys.executable, "-m", "redzone.solver", "serve"]
        return cls(PipeTransport(args), timeout=timeout, typed=typed, on_progress=on_progress)

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.quit()

    def quit(self) -> None:
        """Ask the server to quit and close the transport."""
        self.transport.close()

    def _send(self, command: str, scenario: Mapping[str, Any] | None,
              options: Mapping[str, Any] | None) -> int:
        with self._lock:
            self._next_id += 1
            request_id = self._next_id
            line = encode_request(request_id, command, scenario, options)
            LOGGER.debug("redzone << %s", line)
            self.transport.send(line)
        return request_id

    def request(self, command: str, scenario: Mapping[str, Any] | None,
                options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Send one request and return its result (the command's JSON object). Raises
        RedzoneError for bad input, ServeError otherwise (see the module docstring).

        Answers to requests given up on earlier (and to :meth:`stop`) are skipped and logged
        at DEBUG; progress lines go to ``on_progress``. When no answer comes in time, the
        request is given up: a ``stop`` is sent for it, its late answer will be skipped, and
        ServeError(kind="timeout") is raised."""
        options = {k: v for k, v in (options or {}).items() if v is not None}
        request_id = self._send(command, scenario, options)
        wait = timeout_for(options, self.timeout)
        deadline = None if wait is None else time.monotonic() + wait
        while True:
            left = None if deadline is None else max(deadline - time.monotonic(), 0.0)
            try:
                answer = self.transport.receive(left)
            except ServeError as exc:
                if exc.kind == "timeout":
                    self._give_up(request_id)
                raise
            LOGGER.debug("redzone >> %s", answer)
            message = decode_line(answer)
            if isinstance(message, Progress):
                if message.id == request_id and self.on_progress is not None:
                    self.on_progress(message)
                continue
            if message.id != request_id and message.id in self._skip:
                self._skip.discard(message.id)
                LOGGER.debug("redzone: skipped the answer to request %r (given up on)", message.id)
                continue
            if message.id != request_id:
                raise ServeError(f"response id {message.id!r} does not match request id {request_id}")
            return raise_for_error(message)

    def _give_up(self, request_id: int) -> None:
        """Skip the late answer of ``request_id`` and ask the server to stop it."""
        self._skip.add(request_id)
        try:
            self.stop()
        except ServeError:
            pass  # the server is gone: the next call says so

    def stop(self) -> None:
        """Ask the server to end the running request early (``stop``): it answers with its
        best so far (``feasible``/``unknown``, never a claim it did not prove). Safe to call
        from another thread while :meth:`request` waits; the ``stop`` answer itself is
        skipped."""
        with self._lock:
            self._next_id += 1
            request_id = self._next_id
            self._skip.add(request_id)
            line = encode_request(request_id, "stop")
            LOGGER.debug("redzone << %s", line)
            self.transport.send(line)

    def ping(self) -> dict[str, Any]:
        """``{"pong": true, "protocol", "version", "commands"}``: the server is ready."""
        return self.request("ping", None)

    def hello(self) -> dict[str, Any]:
        """The handshake (``hello``): ``name``, ``version``, ``protocol``, ``commands`` (each
        with its ``options``: type, default, range), ``control``, ``server_options``."""
        self._info = self.request("hello", None)
        return self._info

    @property
    def info(self) -> dict[str, Any]:
        """The handshake's answer (:meth:`hello`), asked once."""
        return self._info if self._info is not None else self.hello()

    def isready(self) -> bool:
        """``isready``: True once the server answers (at once, even while it works)."""
        return self.request("isready", None).get("ready") is True

    def configure(self, **settings: Any) -> dict[str, Any]:
        """``setoption``: change the server's options (``default_time_limit``, ``progress``,
        ``progress_interval``); returns them all."""
        return self.request("setoption", None, settings)

    def _command(self, command: str, scenario: Mapping[str, Any], options: Mapping[str, Any]) -> Any:
        data = self.request(command, scenario, options)
        return typed_result(command, data) if self.typed else data

    # One method per command (docs/scenario-format.md lists their JSON keys).
    def attack(self, scenario: Mapping[str, Any], **options: Any) -> Any:
        """``redzone attack``: a legal attack declaration obeying the most requirements
        (CR 508.1). Options: ``strict``, ``time_limit``, ``all``, ``limit``."""
        return self._command("attack", scenario, options)

    def check_attack(self, scenario: Mapping[str, Any], **options: Any) -> Any:
        """``redzone check-attack`` (CR 508.1). Options: ``declaration``, ``strict``,
        ``time_limit``."""
        return self._command("check-attack", scenario, options)

    def block(self, scenario: Mapping[str, Any], **options: Any) -> Any:
        """``redzone block`` (CR 509.1). Options: ``strict``, ``time_limit``, ``all``,
        ``limit``."""
        return self._command("block", scenario, options)

    def check_block(self, scenario: Mapping[str, Any], **options: Any) -> Any:
        """``redzone check-block`` (CR 509.1). Options: ``blockers``, ``strict``,
        ``time_limit``."""
        return self._command("check-block", scenario, options)

    def damage(self, scenario: Mapping[str, Any], **options: Any) -> Any:
        """``redzone damage`` (CR 510). Options: ``step``, ``objective``, ``strict``,
        ``time_limit``."""
        return self._command("damage", scenario, options)

    def check_damage(self, scenario: Mapping[str, Any], **options: Any) -> Any:
        """``redzone check-damage`` (CR 510)."""
        return self._command("check-damage", scenario, options)

    def fight(self, scenario: Mapping[str, Any], **options: Any) -> Any:
        """``redzone fight`` (CR 701.14). Options: ``a``, ``b`` (required), ``bite``."""
        return self._command("fight", scenario, options)

    def clash(self, scenario: Mapping[str, Any], **options: Any) -> Any:
        """``redzone clash`` (CR 701.30). Options: ``player`` (required), ``opponent``."""
        return self._command("clash", scenario, options)

    def dm_battle(self, scenario: Mapping[str, Any], **options: Any) -> Any:
        """``redzone dm-battle`` (Duel Masters). Options: ``a``, ``b`` (required)."""
        return self._command("dm-battle", scenario, options)

    def draw(self, scenario: Mapping[str, Any], **options: Any) -> Any:
        """``redzone draw``: a combat diagram (SVG text in the result)."""
        return self._command("draw", scenario, options)

    def choose_attack(self, scenario: Mapping[str, Any], **options: Any) -> Any:
        """``redzone choose-attack``: the AI's attack (when the server has that command)."""
        return self._command("choose-attack", scenario, options)

    def choose_block(self, scenario: Mapping[str, Any], **options: Any) -> Any:
        """``redzone choose-block``: the AI's block (when the server has that command)."""
        return self._command("choose-block", scenario, options)
