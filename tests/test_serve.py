"""The engine protocol (`redzone serve`) and its Python client."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest

from redzone.models.errors import RedzoneError
from redzone.solver.frontends.client import (Engine, ScriptedTransport, ServeError, decode_response, encode_request,
                                   timeout_for, typed_result)
from redzone.solver.frontends.commands import COMMANDS, Command, register, run_command
from redzone.solver.frontends.serve import handle_line, serve

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


# CR 509.1c: Lure ("all creatures able to block it do so") on the attacker makes both Bears
# block it: requirement instances obeyed 2 of a possible 2.
LURED = {"players": [{"name": "A"}, {"name": "B"}],
         "permanents": [{"id": "lured", "card": "Grizzly Bears", "controller": "A",
                         "abilities": ["All creatures able to block this creature do so."]},
                        {"id": "b1", "card": "Grizzly Bears", "controller": "B"},
                        {"id": "b2", "card": "Grizzly Bears", "controller": "B"}],
         "combat": {"attackers": {"lured": "B"}}}


def test_typed_results_rebuild_the_library_objects() -> None:
    """``typed_result`` gives the library's result type with the same values as the command
    (timings aside): Juggernaut attacks B and obeys its one requirement (CR 508.1d); holding it
    back is illegal with a requirements violation and the plan as witness; both Bears must
    block the lured attacker (509.1c); damage checks keep their violations (510.1a)."""
    from redzone.solver.block.solve import BlockCheck, BlockEnumeration, BlockPlan
    from redzone.solver.damage.solve import DamageCheck
    from redzone.solver.attack.results import AttackCheck, AttackEnumeration, AttackPlan

    answer = run_command("attack", JUGG, {})
    plan = typed_result("attack", answer.to_json())
    assert isinstance(plan, AttackPlan) and plan.attackers == {"j": "B"}
    assert (plan.legal, plan.status, plan.obeyed, plan.maximum, plan.maximum_proved) == (True, "optimal", 1, 1, True)
    assert _strip(plan.to_json()) == _strip(answer.plan.to_json())
    listing = typed_result("attack", run_command("attack", JUGG, {"all": True}).to_json())
    assert isinstance(listing, AttackEnumeration) and listing.declarations == [{"j": "B"}] and listing.complete
    check = typed_result("check-attack", run_command("check-attack", JUGG, {"declaration": {}}).to_json())
    assert isinstance(check, AttackCheck) and check.legal is False and check.witness == {"j": "B"}
    assert [v.kind for v in check.violations] == ["requirements"]

    answer = run_command("block", LURED, {})
    block = typed_result("block", answer.to_json())
    assert isinstance(block, BlockPlan) and block.blockers == {"b1": ["lured"], "b2": ["lured"]}
    assert (block.obeyed, block.maximum, block.legal) == (2, 2, True)
    assert block.players["B"].blockers == block.blockers and block.players["B"].status == "optimal"
    assert _strip(block.to_json()) == _strip(answer.plan.to_json())
    listing = typed_result("block", run_command("block", LURED, {"all": True}).to_json())
    assert isinstance(listing, BlockEnumeration) and listing.declarations == [{"b1": ["lured"], "b2": ["lured"]}]
    verdict = typed_result("check-block", run_command("check-block", LURED, {"blockers": {"b1": ["lured"]}}).to_json())
    assert isinstance(verdict, BlockCheck) and verdict.legal is False and verdict.obeyed == 1
    assert verdict.witness == {"b1": ["lured"], "b2": ["lured"]}

    # CR 510.1a: an attacker assigns its whole power; the Bears (2 power) assigning 3 is illegal.
    damage = dict(LURED, combat={"attackers": {"lured": "B"}, "blockers": {"b1": ["lured"]},
                                 "assignment": {"lured": {"b1": 3}}})
    judged = typed_result("check-damage", run_command("check-damage", damage, {}).to_json())
    assert isinstance(judged, DamageCheck) and judged.legal is False and judged.violations

    # No library type (or a result cut by its budget): the dict itself.
    assert typed_result("fight", {"a": 1}) == {"a": 1}
    unknown = {"legal": None, "status": "unknown", "reason": "time limit reached"}
    assert typed_result("attack", unknown) == unknown
    with pytest.raises(ServeError, match="not a result of .attack."):
        typed_result("attack", {"attackers": {}})


def test_typed_engine_returns_typed_results() -> None:
    """``Engine(typed=True)``: ``engine.attack`` is an AttackPlan (CR 508.1d as above)."""
    from redzone.solver.attack.results import AttackPlan

    data = run_command("attack", JUGG, {}).to_json()
    transport = ScriptedTransport()
    transport.expect({"id": 1, "command": "attack", "scenario": JUGG}, {"id": 1, "ok": True, "result": data})
    transport.expect({"id": 2, "command": "fight", "scenario": JUGG, "options": {"a": "j", "b": "j"}},
                     {"id": 2, "ok": True, "result": {"dealt": {}}})
    with Engine(transport, typed=True) as engine:
        plan = engine.attack(JUGG)
        assert isinstance(plan, AttackPlan) and plan.attackers == {"j": "B"} and plan.legal is True
        assert engine.fight(JUGG, a="j", b="j") == {"dealt": {}}
    transport.assert_done()
