"""The engine protocol (`redzone serve`) and its Python client."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest

from redzone.models.errors import RedzoneError
from redzone.solver.client import (Engine, ScriptedTransport, ServeError, decode_response, encode_request,
                                   timeout_for)
from redzone.solver.commands import COMMANDS, Command, register, run_command
from redzone.solver.serve import handle_line, serve

# CR 508.1d: Juggernaut attacks each combat if able: the plan sends it at the only opponent.
JUGG = {"players": [{"name": "A"}, {"name": "B"}],
        "permanents": [{"id": "j", "card": "Juggernaut", "controller": "A"}]}
TIMING = ("build_ms", "solve_ms")


def _strip(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in TIMING}


@pytest.fixture(scope="module", autouse=True)
def faulty_command() -> Iterator[None]:
    register(Command("faulty", "batch_faults:faulty", "FaultOptions", "fails on purpose"))
    yield
    COMMANDS.pop("faulty", None)


def test_result_is_exactly_the_commands_json_object() -> None:
    response = handle_line(json.dumps({"id": "r1", "command": "attack", "scenario": JUGG}))
    assert response is not None and response["id"] == "r1" and response["ok"] is True
    expected = run_command("attack", JUGG, {}).to_json()
    assert _strip(response["result"]) == _strip(expected)
    assert response["result"]["attackers"] == {"j": "B"}
    # check-attack with options by field name: the empty declaration breaks 508.1d.
    response = handle_line(json.dumps({"id": 2, "command": "check-attack", "scenario": JUGG,
                                       "options": {"declaration": {}}}))
    assert response["ok"] and response["result"]["legal"] is False
    assert response["result"]["requirements"]["obeyed"] == 0
    assert response["result"]["requirements"]["maximum"] == 1


@pytest.mark.parametrize(("line", "kind", "needle", "rid"), [
    ("{not json", "bad_request", "not JSON", None),
    ("[1, 2]", "bad_request", "JSON object", None),
    ('{"id": 7, "command": "attakc", "scenario": {}}', "bad_request", "unknown command 'attakc'", 7),
    ('{"id": 8, "command": "attack"}', "bad_request", "missing 'scenario'", 8),
    ('{"id": 9, "command": "attack", "scenario": {}, "extra": 1}', "bad_request", "extra", 9),
    ('{"id": 10, "command": "attack", "scenario": {"players": [{"name": "A"}, {"name": "B"}], '
     '"permanents": [{"id": "x", "card": "Grizly Bears", "controller": "A"}]}}',
     "bad_input", "permanents[0].card: unknown card 'Grizly Bears'", 10),
    ('{"id": 11, "command": "attack", "scenario": {"players": [{"name": "A"}, {"name": "B"}]}, '
     '"options": {"time_limit": "soon"}}', "bad_input", "options.time_limit", 11),
    ('{"id": 12, "command": "faulty", "scenario": {"players": [{"name": "A"}, {"name": "B"}], '
     '"permanents": [{"id": "boom", "name": "Boom", "types": ["Creature"], "power": 1, "toughness": 1, '
     '"controller": "A"}]}}', "internal", "ZeroDivisionError", 12),
])
def test_bad_requests_get_error_responses(line: str, kind: str, needle: str, rid: object) -> None:
    response = handle_line(line)
    assert response is not None and response["ok"] is False and response["id"] == rid
    assert response["error"]["kind"] == kind and needle in response["error"]["message"]


def test_server_survives_bad_requests_and_stops_at_quit() -> None:
    lines = ["{broken", json.dumps({"id": 1, "command": "nope", "scenario": {}}), "",
             json.dumps({"id": 2, "command": "attack", "scenario": JUGG}),
             json.dumps({"id": 3, "command": "ping"}),
             json.dumps({"command": "quit"}),
             json.dumps({"id": 4, "command": "attack", "scenario": JUGG})]
    stdin, stdout = io.StringIO("\n".join(lines) + "\n"), io.StringIO()
    assert serve(stdin, stdout, warm=False) == 0
    responses = [json.loads(x) for x in stdout.getvalue().splitlines()]
    assert [(r["id"], r["ok"]) for r in responses] == [(None, False), (1, False), (2, True), (3, True)]
    assert responses[2]["result"]["attackers"] == {"j": "B"}
    assert responses[3]["result"]["pong"] is True and "attack" in responses[3]["result"]["commands"]


def test_encode_decode_are_pure() -> None:
    assert json.loads(encode_request(5, "block", {"players": []}, {"time_limit": 2})) == {
        "id": 5, "command": "block", "scenario": {"players": []}, "options": {"time_limit": 2}}
    assert json.loads(encode_request(None, "quit")) == {"id": None, "command": "quit"}
    ok = decode_response('{"id": 5, "ok": true, "result": {"legal": true}}')
    assert ok.ok and ok.result == {"legal": True}
    err = decode_response('{"id": 5, "ok": false, "error": {"kind": "internal", "message": "x"}}')
    assert not err.ok and err.error == {"kind": "internal", "message": "x"}
    for bad in ("nope", "[]", '{"ok": true, "result": {}}', '{"id": 1, "ok": true}',
                '{"id": 1, "ok": false, "error": "x"}'):
        with pytest.raises(ServeError):
            decode_response(bad)
    assert timeout_for({"time_limit": 2.5}) == 12.5 and timeout_for({}, 7.0) == 7.0


def test_engine_on_a_scripted_transport() -> None:
    transport = ScriptedTransport()
    transport.expect({"id": 1, "command": "attack", "scenario": JUGG, "options": {"time_limit": 1.0}},
                     {"id": 1, "ok": True, "result": {"attackers": {"j": "B"}}})
    transport.expect({"id": 2, "command": "check-block", "scenario": JUGG},
                     {"id": 2, "ok": False, "error": {"kind": "bad_input", "message": "combat: missing"}})
    transport.expect({"id": 3, "command": "damage", "scenario": JUGG},
                     {"id": 3, "ok": False, "error": {"kind": "internal", "message": "KeyError: 'x'"}})
    transport.expect({"id": 4, "command": "block", "scenario": JUGG},
                     {"id": 99, "ok": True, "result": {}})
    with Engine(transport) as engine:
        assert engine.attack(JUGG, time_limit=1.0) == {"attackers": {"j": "B"}}
        with pytest.raises(RedzoneError, match="combat: missing"):
            engine.check_block(JUGG)
        with pytest.raises(ServeError) as info:
            engine.damage(JUGG)
        assert info.value.kind == "internal"
        with pytest.raises(ServeError, match="does not match"):
            engine.block(JUGG)
    transport.assert_done()
    assert transport.closed


def test_engine_popen_real_server() -> None:
    with Engine.popen(timeout=120) as engine:
        assert engine.ping()["pong"] is True
        assert engine.attack(JUGG)["attackers"] == {"j": "B"}
        with pytest.raises(RedzoneError, match="unknown card"):
            engine.attack({"players": [{"name": "A"}, {"name": "B"}],
                           "permanents": [{"id": "x", "card": "Grizly Bears", "controller": "A"}]})
        # The server is still there after a bad request (CR 508.1d again).
        assert engine.check_attack(JUGG, declaration={"j": "B"})["legal"] is True
        process = engine.transport.process  # type: ignore[attr-defined]
    assert process.wait(timeout=10) == 0
