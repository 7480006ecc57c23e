"""The one path that builds every answer (redzone.solver.frontends.commands): the CLI's ``--json``
object, a batch row and a protocol result are the same ``answer.to_json()``."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from redzone.models.errors import ScenarioError
from redzone.models.scenario import load_scenario
from redzone.solver.frontends.cli import cli
from redzone.solver.frontends.commands import COMMANDS, options_from_json, run_command
from redzone.solver.frontends.commands.attack import AttackOptions, CheckAttackOptions

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_every_registered_command_loads_its_job_and_options() -> None:
    for name, command in COMMANDS.items():
        job, options = command.load()
        assert callable(job), name
        assert options.__dataclass_params__.frozen, name  # type: ignore[attr-defined]


def test_cli_json_is_the_answer_to_json() -> None:
    """Dueling Grounds: Juggernaut attacks each combat if able, only one creature may attack
    (CR 508.1c-d); the CLI prints exactly the job's answer."""
    path = str(EXAMPLES / "dueling-grounds.yaml")
    answer = run_command("attack", load_scenario(path), AttackOptions())
    out = CliRunner().invoke(cli, ["attack", path, "--json"])
    assert out.exit_code == 0, out.output
    cli_data = json.loads(out.output)
    job_data = answer.to_json()
    for data in (cli_data, job_data):
        data.pop("build_ms"), data.pop("solve_ms")
    assert cli_data == job_data
    assert job_data["attackers"] == {"juggernaut": "Bob"}
    assert job_data["requirements"] == {"obeyed": 1, "maximum": 1, "maximum_proved": True}


def test_options_from_json_has_one_spelling_and_accepts_lists() -> None:
    opts = options_from_json(CheckAttackOptions, {"time_limit": 2.5, "declaration": {"a": "Bob"}})
    assert opts == CheckAttackOptions(time_limit=2.5, declaration={"a": "Bob"})
    with pytest.raises(ScenarioError) as info:  # issue 25: one spelling, the other refused
        options_from_json(CheckAttackOptions, {"time-limit": 2.5})
    assert str(info.value) == "options.time-limit: unknown option: options are spelt with '_' ('time_limit')"


@pytest.mark.parametrize(("given", "field"), [
    ({"all": 1}, "options.all"),            # a number is not a boolean
    ({"limit": True}, "options.limit"),     # a boolean is not a number
    ({"colour": "red"}, "options.colour"),  # unknown option
])
def test_options_from_json_refuses_bad_options(given: dict, field: str) -> None:
    with pytest.raises(ScenarioError) as info:
        options_from_json(AttackOptions, given)
    assert info.value.field == field


def test_run_command_takes_a_scenario_mapping_and_option_mapping() -> None:
    """Two Juggernauts (attack each combat if able, 508.1d) and nothing else: both attack."""
    scenario = {"players": [{"name": "Alice"}, {"name": "Bob"}],
                "permanents": [{"id": "j1", "card": "Juggernaut", "controller": "Alice"},
                               {"id": "j2", "card": "Juggernaut", "controller": "Alice"}]}
    data = run_command("attack", scenario, {"time_limit": 10}).to_json()
    assert data["attackers"] == {"j1": "Bob", "j2": "Bob"}
    assert data["status"] == "optimal"


def test_run_command_refuses_an_unknown_command() -> None:
    with pytest.raises(ScenarioError) as info:
        run_command("teleport", {"players": [{"name": "A"}, {"name": "B"}]}, {})
    assert info.value.field == "command"


def test_module_docstring_example_runs() -> None:
    """The ``>>>`` example in redzone.solver.frontends.commands stays true."""
    import doctest

    import redzone.solver.frontends.commands as commands

    result = doctest.testmod(commands)
    assert result.attempted >= 1 and result.failed == 0
