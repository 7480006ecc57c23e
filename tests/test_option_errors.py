"""Over the protocol (and ``run_command`` with options given as a mapping) every option's
error names its field as ``options.NAME`` — the shape of the type errors
(``options.time_limit: Input should be a valid number``) — whatever code found it: the AI's
lookahead check, the enumeration's limit, a weights file, an unknown id in a proposed
declaration (a trial's finding: ``lookahead: must be 0 or 1 (got 2)`` had no prefix)."""

from __future__ import annotations

import json

import pytest

from redzone.models.errors import ScenarioError
from redzone.solver.frontends.commands import run_command
from redzone.solver.frontends.serve import handle_line

BOARD = {"players": [{"name": "A"}, {"name": "B"}],
         "permanents": [{"id": "g", "card": "Grizzly Bears", "controller": "A"},
                        {"id": "h", "card": "Grizzly Bears", "controller": "B"}],
         "combat": {"attackers": {"g": "B"}}}

CASES = [
    ("choose-attack", {"lookahead": 2}, "options.lookahead: must be 0 or 1 (got 2)"),
    ("choose-block", {"lookahead": -1}, "options.lookahead: must be 0 or 1 (got -1)"),
    ("choose-attack", {"time_limit": -1}, "options.time_limit: must be a finite number of seconds above 0 (got -1.0)"),
    ("attack", {"time_limit": 0}, "options.time_limit: must be a finite number of seconds above 0 (got 0.0)"),
    # The command line's bound (--limit 1 or more), one rule for every front end (issue 25).
    ("attack", {"all": True, "limit": -1}, "options.limit: must be 1 or more (got -1)"),
    ("block", {"all": True, "limit": 0}, "options.limit: must be 1 or more (got 0)"),
    ("check-attack", {"declaration": {"zz": "B"}}, "options.declaration: unknown permanent or player 'zz'"),
    ("check-block", {"blockers": {"zz": ["g"]}}, "options.blockers: unknown permanent or player 'zz'"),
    ("fight", {"a": "zz", "b": "g"}, "options.a: unknown permanent 'zz'"),
    ("clash", {"player": "Zed"}, "options.player: unknown player 'Zed' (players: A, B)"),
    ("clash", {"player": "A", "keep": ["A"], "bottom": ["A"]}, "options.keep: A given both"),
    ("choose-attack", {"weights": "/nonexistent/w.yaml"},
     "options.weights: /nonexistent/w.yaml: can't read the weights file: No such file or directory"),
    # Weights (smallfix's checks): the message says what is refused, -6 as 0.
    ("choose-attack", {"weights": {"life_scale": -6}}, "options.weights.life_scale: must be greater than 0 (got -6.0)"),
    ("choose-attack", {"weights": {"life_scale": 0}}, "options.weights.life_scale: must be greater than 0 (got 0.0)"),
    ("choose-attack", {"weights": {"mana": -1}}, "options.weights.mana: must be 0 or more (got -1.0)"),
]


@pytest.mark.parametrize(("command", "options", "message"), CASES)
def test_protocol_option_errors_name_options_field(command: str, options: dict, message: str) -> None:
    response = handle_line(json.dumps({"id": 1, "command": command, "scenario": BOARD, "options": options}))
    assert response == {"id": 1, "ok": False, "error": {"kind": "bad_input", "message": message}}
    with pytest.raises(ScenarioError) as got:
        run_command(command, BOARD, options)
    assert str(got.value) == message


def test_scenario_errors_keep_their_own_path() -> None:
    # Not an option: the scenario's own field stays as it is.
    bad = {**BOARD, "combat": {"attackers": {"h": "B"}}}  # h is B's creature (CR 508.1a)
    response = handle_line(json.dumps({"id": 2, "command": "choose-block", "scenario": bad}))
    assert response["ok"] is False and response["error"]["message"].startswith("combat.attackers.h: ")


def test_the_command_line_keeps_its_own_names(tmp_path) -> None:
    # On the command line the option is the flag: --attackers, not options.declaration.
    from click.testing import CliRunner

    from redzone.solver.frontends.cli import cli

    path = tmp_path / "s.json"
    path.write_text(json.dumps(BOARD))
    result = CliRunner().invoke(cli, ["check-attack", str(path), "--attackers", '{"zz": "B"}'])
    assert result.exit_code == 2
    assert result.stderr == "redzone: error: --attackers: unknown permanent or player 'zz'\n"
