"""The rules of the engine protocol (`redzone serve`, docs/protocol.md; issue 25 §1 and §3).

One contract with the command line (a repeated key, an option out of its bounds, an option
the command does not take, a value JSON has no form for are refused, and named), a default
time limit, a server that stops its work when its input ends, and the conventions of
chess engines (UCI; python-chess's ``engine``): ``hello``, ``isready``, ``stop``, progress
lines.

Long requests are the ``loop`` command of tests/serve_jobs.py, which never ends by itself:
seeing its answer proves that the budget, a ``stop`` or the end of the input ended it,
whatever the machine's speed (no timed assertion; the waits only bound a failing test).
"""

from __future__ import annotations

import io
import json
import os
import queue
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import serve_jobs
from click.testing import CliRunner

from redzone.models.limits import STOP_REASON, TIME_LIMIT_REASON
from redzone.solver.frontends.commands import COMMANDS, Command, register
from redzone.solver.frontends.serve import (
    DEFAULT_TIME_LIMIT,
    PROTOCOL_VERSION,
    Settings,
    encode_response,
    handle_line,
    serve,
)

# CR 508.1d: Juggernaut attacks each combat if able: the plan sends it at the only opponent.
JUGG = {"players": [{"name": "A"}, {"name": "B"}],
        "permanents": [{"id": "j", "card": "Juggernaut", "controller": "A"}]}
WAIT = 60.0  # seconds a failing test waits before it fails (never reached when it passes)


@pytest.fixture(scope="module", autouse=True)
def extra_commands() -> Iterator[None]:
    added = [Command("loop", "serve_jobs:loop", "LoopOptions", "never ends by itself"),
             Command("echo", "serve_jobs:echo", "LoopOptions", "answers its options"),
             Command("echo-untimed", "serve_jobs:echo", "NoTimeOptions", "no time_limit option"),
             Command("nan", "serve_jobs:nan", "LoopOptions", "answers NaN")]
    for command in added:
        register(command)
    yield
    for command in added:
        COMMANDS.pop(command.name, None)


def strict_json(line: str) -> Any:
    """``line`` read as RFC 8259 JSON (NaN and Infinity refused)."""
    def refuse(name: str) -> None:
        raise AssertionError(f"{name} in an answer line: {line[:200]}")

    return json.loads(line, parse_constant=refuse)


def ask(request: dict[str, Any] | str, settings: Settings | None = None) -> dict[str, Any]:
    """The response to one request, after a round trip through its JSON line."""
    line = request if isinstance(request, str) else json.dumps(request)
    response = handle_line(line, settings)
    assert response is not None
    return strict_json(encode_response(response))


def error_of(response: dict[str, Any]) -> tuple[str, str]:
    assert response["ok"] is False, response
    return response["error"]["kind"], response["error"]["message"]


# --------------------------------------------------------------------------- one contract


@pytest.mark.parametrize(("line", "key"), [
    ('{"id": 1, "command": "attack", "scenario": {"players": [{"name": "A"}], "players": []}}', "players"),
    ('{"id": 1, "command": "attack", "command": "block", "scenario": {}}', "command"),
    ('{"id": 1, "command": "check-attack", "scenario": {}, "options": {"declaration": {"j": "B", "j": "A"}}}', "j"),
    ('{"id": 1, "command": "attack", "scenario": {"permanents": [{"id": "x", "card": "A", "card": "B"}]}}', "card"),
])
def test_a_repeated_key_anywhere_is_refused_as_in_scenario_files(line: str, key: str) -> None:
    """"players" twice was read as the last one; a scenario file refuses it, so does a request,
    at any depth; the id, given once, is still echoed."""
    response = ask(line)
    assert response["id"] == 1
    assert error_of(response) == ("bad_request", f"duplicate key {key!r}: a key appears once in "
                                                 "an object, as in a scenario file")


def test_a_repeated_id_cannot_be_echoed() -> None:
    assert ask('{"id": 1, "id": 2, "command": "ping"}')["id"] is None


@pytest.mark.parametrize("columns", [1, 41, 0, -5, 1000])
def test_draw_columns_outside_2_to_40_refused_as_on_the_command_line(columns: int, tmp_path) -> None:
    """One bound (commands/options.py), the same words over the protocol and on the command
    line, where only the name differs (options.columns / --columns)."""
    from redzone.solver.frontends.cli import cli

    problem = f"must be from 2 to 40 (got {columns})"
    response = ask({"id": 3, "command": "draw", "scenario": JUGG, "options": {"columns": columns}})
    assert error_of(response) == ("bad_input", f"options.columns: {problem}")
    path = tmp_path / "jugg.json"
    path.write_text(json.dumps(JUGG))
    result = CliRunner().invoke(cli, ["draw", str(path), "--columns", str(columns)])
    assert result.exit_code == 2 and result.stderr == f"redzone: error: --columns: {problem}\n"


@pytest.mark.parametrize("columns", [2, 40])
def test_draw_columns_at_the_bounds_accepted(columns: int) -> None:
    response = ask({"id": 3, "command": "draw", "scenario": JUGG, "options": {"columns": columns}})
    assert response["ok"] is True and response["result"]["svg"].startswith("<svg")


@pytest.mark.parametrize(("command", "options", "message"), [
    ("draw", {"output": "x.svg"}, "options.output: not an option of a request (the command line's "
                                  "file for the picture; a request's answer holds the SVG in 'svg')"),
    ("attack", {"time-limit": 1}, "options.time-limit: unknown option: options are spelt with '_' ('time_limit')"),
    ("attack", {"limt": 5}, "options.limt: unknown option (did you mean 'limit'?)"),
    ("attack", {"bogus": 1}, "options.bogus: unknown option (known: all, limit, strict, time_limit)"),
    ("attack", {"all": True, "limit": 0}, "options.limit: must be 1 or more (got 0)"),
    ("choose-attack", {"lookahead": 2}, "options.lookahead: must be 0 or 1 (got 2)"),
])
def test_an_option_the_command_does_not_take_is_refused_by_name(command: str, options: dict, message: str) -> None:
    response = ask({"id": "o", "command": command, "scenario": JUGG, "options": options})
    assert response["id"] == "o" and error_of(response) == ("bad_input", message)


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_an_id_json_has_no_form_for_is_refused(literal: str) -> None:
    """RFC 8259 has no NaN or Infinity (and 1e999 would be read as one): the request is
    refused, and the answer line itself is JSON (strict_json), with the id null."""
    response = ask(f'{{"id": {literal}, "command": "ping"}}')
    kind, message = error_of(response)
    assert response["id"] is None and kind == "bad_request" and message.startswith("not JSON: ")


def test_a_non_finite_number_in_a_result_becomes_an_internal_error() -> None:
    response = ask({"id": 9, "command": "nan", "scenario": JUGG})
    kind, message = error_of(response)
    assert response["id"] == 9 and kind == "internal" and "can't be written as JSON" in message


@pytest.mark.parametrize(("request_", "message"), [
    ({"id": 1, "scenario": JUGG}, "missing 'command' (a command name)"),
    ({"id": 1, "command": 5}, "'command' must be a string, a command name (got a number)"),
    ({"id": 1, "command": None}, "'command' must be a string, a command name (got null)"),
    ({"id": 1, "command": "attack"}, "missing 'scenario' (a JSON object, as in a scenario file)"),
    ({"id": 1, "command": "attack", "scenario": [JUGG]},
     "'scenario' must be a JSON object, as in a scenario file (got an array)"),
    ({"id": 1, "command": "attack", "scenario": "s.yaml"},
     "'scenario' must be a JSON object, as in a scenario file (got a string)"),
    ({"id": 1, "command": "attack", "scenario": JUGG, "options": []}, "'options' must be a JSON object (got an array)"),
    ({"id": 1, "command": "ping", "scenario": JUGG}, "'ping' takes no scenario"),
])
def test_a_field_of_the_wrong_type_says_so(request_: dict, message: str) -> None:
    assert error_of(ask(request_)) == ("bad_request", message)


# --------------------------------------------------------------------------- time


def test_a_request_without_time_limit_gets_the_servers_default() -> None:
    """The default (10 s) stands in for a missing time_limit; a request's own wins;
    --default-time-limit / setoption change it; a command without a time_limit option
    runs under it too (the budget it sees is at most the default)."""
    assert DEFAULT_TIME_LIMIT == 10.0
    assert ask({"id": 1, "command": "echo", "scenario": JUGG})["result"]["time_limit"] == 10.0
    assert ask({"id": 1, "command": "echo", "scenario": JUGG,
                "options": {"time_limit": 3}})["result"]["time_limit"] == 3.0
    mine = Settings(default_time_limit=2.5)
    assert ask({"id": 1, "command": "echo", "scenario": JUGG}, mine)["result"]["time_limit"] == 2.5
    left = ask({"id": 1, "command": "echo-untimed", "scenario": JUGG}, mine)["result"]["remaining"]
    assert 0 < left <= 2.5
    unlimited = Settings(default_time_limit=None)
    assert ask({"id": 1, "command": "echo", "scenario": JUGG}, unlimited)["result"]["time_limit"] is None


def test_the_default_time_limit_ends_a_request_that_would_run_for_ever() -> None:
    settings = Settings(default_time_limit=0.2)
    response = ask({"id": "long", "command": "loop", "scenario": JUGG}, settings)
    assert response["result"] == {"legal": None, "status": "unknown",
                                  "reason": f"{TIME_LIMIT_REASON} (looping for ever (a test))"}


def test_setoption_checks_and_changes_the_server_options() -> None:
    settings = Settings()
    response = ask({"id": 1, "command": "setoption", "options": {"default_time_limit": 4, "progress": True}},
                   settings)
    assert response["result"] == {"default_time_limit": 4.0, "progress": True, "progress_interval": 1.0}
    assert settings.default_time_limit == 4.0
    for options, message in [({"default_time_limit": 0}, "options.default_time_limit: must be a number of seconds above 0 (got 0)"),
                             ({"progress": 1}, "options.progress: must be true or false (got a number)"),
                             ({"colour": 1}, "options.colour: unknown server option (known: default_time_limit, "
                                             "progress, progress_interval)")]:
        assert error_of(ask({"id": 2, "command": "setoption", "options": options}, settings)) == ("bad_input", message)
    assert settings.default_time_limit == 4.0  # a refused setoption changes nothing


def test_a_stop_event_set_before_the_work_gives_an_honest_unknown() -> None:
    """A stopped plan claims nothing: legal null, status unknown (never 'optimal'), as a
    deadline already past (CR 508.1d would make Juggernaut's attack the optimal plan)."""
    stop = threading.Event()
    stop.set()
    response = handle_line(json.dumps({"id": 1, "command": "attack", "scenario": JUGG}), stop=stop)
    assert response is not None and response["result"]["status"] == "unknown"
    assert response["result"]["legal"] is None and response["result"]["reason"].startswith(STOP_REASON)


class _Output:
    """A server's standard output: each line, read as strict JSON, into a queue."""

    def __init__(self) -> None:
        self.lines: queue.Queue[Any] = queue.Queue()
        self._part = ""

    def write(self, text: str) -> int:
        self._part += text
        while "\n" in self._part:
            line, self._part = self._part.split("\n", 1)
            self.lines.put(strict_json(line))
        return len(text)

    def flush(self) -> None:
        pass

    def next(self) -> Any:
        return self.lines.get(timeout=WAIT)


@contextmanager
def server(settings: Settings) -> Iterator[tuple[Any, _Output, threading.Thread, dict[str, int]]]:
    """A server in a thread, its standard input a real pipe (so its end is a real EOF)."""
    read_end, write_end = os.pipe()
    stdin = os.fdopen(read_end, "r", encoding="utf-8")
    writer = os.fdopen(write_end, "w", encoding="utf-8")
    out = _Output()
    status: dict[str, int] = {}
    thread = threading.Thread(target=lambda: status.setdefault(
        "code", serve(stdin, out, warm=False, settings=settings)), daemon=True)
    thread.start()
    try:
        yield writer, out, thread, status
    finally:
        if not writer.closed:
            writer.close()
        thread.join(WAIT)
        stdin.close()


def _send(writer: Any, request: dict[str, Any]) -> None:
    writer.write(json.dumps(request) + "\n")
    writer.flush()


def test_the_end_of_input_stops_the_running_request_and_the_server() -> None:
    """A client killed mid-request left serve computing for minutes: now the end of its
    input stops the request (answered: unknown, stopped) and the server exits 0. With no
    default time limit, nothing else could end `loop`."""
    serve_jobs.STARTED.clear()
    with server(Settings(default_time_limit=None)) as (writer, out, thread, status):
        _send(writer, {"id": "long", "command": "loop", "scenario": JUGG})
        assert serve_jobs.STARTED.wait(WAIT)
        writer.close()
        thread.join(WAIT)
        assert not thread.is_alive() and status["code"] == 0
        answer = out.next()
    assert answer == {"id": "long", "ok": True, "result": {
        "legal": None, "status": "unknown", "reason": f"{STOP_REASON} (looping for ever (a test))"}}


def test_stop_ends_the_running_request_and_isready_answers_at_once() -> None:
    """isready and stop are answered when read, even while a request runs (UCI); the stopped
    request then answers (unknown: nothing proved) and the server goes on."""
    serve_jobs.STARTED.clear()
    with server(Settings(default_time_limit=None)) as (writer, out, thread, status):
        _send(writer, {"id": 1, "command": "loop", "scenario": JUGG})
        assert serve_jobs.STARTED.wait(WAIT)
        _send(writer, {"id": 2, "command": "isready"})
        assert out.next() == {"id": 2, "ok": True, "result": {"ready": True}}  # before 1's answer
        _send(writer, {"id": 3, "command": "stop"})
        assert out.next() == {"id": 3, "ok": True, "result": {"stopped": 1}}
        answer = out.next()
        assert answer["id"] == 1 and answer["result"]["status"] == "unknown"
        assert answer["result"]["reason"].startswith(STOP_REASON)
        _send(writer, {"id": 4, "command": "attack", "scenario": JUGG})  # CR 508.1d
        assert out.next()["result"]["attackers"] == {"j": "B"}
        _send(writer, {"id": 5, "command": "stop"})  # nothing running: nothing stopped
        assert out.next() == {"id": 5, "ok": True, "result": {"stopped": 0}}
        _send(writer, {"command": "quit"})
        thread.join(WAIT)
        assert status["code"] == 0


def test_progress_lines_come_before_the_answer_when_asked_for() -> None:
    serve_jobs.STARTED.clear()
    with server(Settings(default_time_limit=None)) as (writer, out, thread, status):
        _send(writer, {"id": 0, "command": "setoption", "options": {"progress": True, "progress_interval": 0.05}})
        assert out.next()["result"]["progress"] is True
        _send(writer, {"id": 1, "command": "loop", "scenario": JUGG})
        first = out.next()
        assert set(first) == {"id", "progress"} and first["id"] == 1
        assert set(first["progress"]) == {"elapsed_ms", "time_left_ms", "stopping"}
        assert first["progress"]["elapsed_ms"] >= 50 and first["progress"]["time_left_ms"] is None
        _send(writer, {"id": 2, "command": "stop"})
        lines = [out.next()]
        while "ok" not in lines[-1] or lines[-1]["id"] != 1:
            lines.append(out.next())
        assert {"id": 2, "ok": True, "result": {"stopped": 1}} in lines
        assert all(line["id"] == 1 for line in lines if "progress" in line)
        _send(writer, {"id": 3, "command": "isready"})
        assert out.next() == {"id": 3, "ok": True, "result": {"ready": True}}  # no progress after the answer


def test_progress_is_off_by_default() -> None:
    """Six intervals of 0.05 s pass while `loop` runs to its 0.3 s limit: no progress line."""
    with server(Settings(default_time_limit=0.3, progress_interval=0.05)) as (writer, out, thread, status):
        _send(writer, {"id": 1, "command": "loop", "scenario": JUGG})
        answer = out.next()
    assert answer["id"] == 1 and answer["ok"] is True and answer["result"]["status"] == "unknown"


# --------------------------------------------------------------------------- handshake


def test_hello_names_the_server_its_commands_and_their_options() -> None:
    result = ask({"id": 1, "command": "hello"}, Settings(default_time_limit=7.0))["result"]
    assert result["name"] == "redzone" and result["protocol"] == PROTOCOL_VERSION == 2
    assert isinstance(result["version"], str)
    assert result["control"] == ["hello", "ping", "isready", "setoption", "stop", "quit"]
    commands = result["commands"]
    assert {"attack", "check-attack", "block", "draw", "choose-attack", "choose-block"} <= set(commands)
    attack = commands["attack"]["options"]
    assert attack["time_limit"] == {"type": ["number", "null"], "default": 7.0, "required": False,
                                    "exclusive_minimum": 0}
    assert attack["limit"] == {"type": "integer", "default": 1000, "required": False, "minimum": 1}
    assert commands["draw"]["options"]["columns"] == {"type": "integer", "default": 10, "required": False,
                                                      "minimum": 2, "maximum": 40}
    assert "output" not in commands["draw"]["options"]
    assert commands["draw"]["options"]["objective"]["choices"] == ["max-player-damage", "max-kills", "min-losses"]
    assert commands["choose-attack"]["options"]["lookahead"]["maximum"] == 1
    assert commands["fight"]["options"]["a"] == {"type": "string", "default": None, "required": True}
    server_options = result["server_options"]
    assert server_options["default_time_limit"]["value"] == 7.0
    assert server_options["default_time_limit"]["default"] == DEFAULT_TIME_LIMIT
    assert server_options["progress"]["value"] is False


def test_the_command_line_sets_the_default_time_limit() -> None:
    from redzone.solver.frontends.cli import cli

    result = CliRunner().invoke(cli, ["serve", "--default-time-limit", "0"], input="")
    assert result.exit_code == 2
    assert result.stderr == ("redzone: error: --default-time-limit: must be a number of seconds "
                             "above 0 (got 0.0)\n")
    hello = json.dumps({"id": 1, "command": "hello"}) + "\n"
    result = CliRunner().invoke(cli, ["serve", "--default-time-limit", "2.5"], input=hello)
    assert result.exit_code == 0
    assert strict_json(result.stdout)["result"]["server_options"]["default_time_limit"]["value"] == 2.5


def test_quit_answers_the_requests_before_it() -> None:
    """The way to run a file of requests: end it with quit (the end of the input stops)."""
    with server(Settings()) as (writer, out, thread, status):
        for i in range(3):
            _send(writer, {"id": i, "command": "attack", "scenario": JUGG})
        _send(writer, {"command": "quit"})
        answers = [out.next() for _ in range(3)]
        thread.join(WAIT)
    assert [a["result"]["attackers"] for a in answers] == [{"j": "B"}] * 3
    assert status["code"] == 0


class _ClosedOutput:
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        pass


def test_a_closed_output_stops_the_server_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    """Nobody reads the answers: the server stops (the next request read is stopped too)
    and exits 2 with one plain line, never a traceback."""
    lines = "".join(json.dumps({"id": i, "command": "ping"}) + "\n" for i in range(3))
    assert serve(io.StringIO(lines), _ClosedOutput(), warm=False) == 2
    assert capsys.readouterr().err == "redzone: error: standard output closed; the server stops\n"


def test_work_deaf_to_the_stop_is_abandoned_after_the_grace() -> None:
    """Work that never checks its budget (`deaf`) can't be stopped: after the end of the
    input and the grace, the server ends (here a recorded hard_exit instead of os._exit)."""
    register(Command("deaf", "serve_jobs:deaf", "LoopOptions", "ignores the budget"))
    serve_jobs.STARTED.clear()
    serve_jobs.RELEASE.clear()
    exits: list[int] = []
    read_end, write_end = os.pipe()
    stdin = os.fdopen(read_end, "r", encoding="utf-8")
    out = _Output()
    thread = threading.Thread(target=serve, args=(stdin, out), daemon=True,
                              kwargs={"warm": False, "settings": Settings(default_time_limit=None),
                                      "eof_grace": 0.2, "hard_exit": exits.append})
    thread.start()
    try:
        with os.fdopen(write_end, "w", encoding="utf-8") as writer:
            _send(writer, {"id": 1, "command": "deaf", "scenario": JUGG})
            assert serve_jobs.STARTED.wait(WAIT)
        deadline = time.monotonic() + WAIT
        while not exits and time.monotonic() < deadline:
            time.sleep(0.01)
        assert exits == [0]
    finally:
        serve_jobs.RELEASE.set()
        thread.join(WAIT)
        stdin.close()
        COMMANDS.pop("deaf", None)
    assert out.lines.empty()  # nothing is written after the exit
