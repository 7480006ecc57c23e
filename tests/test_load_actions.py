"""Issue 25 §2: state-based actions on the loaded board (CR 704.3: performed before any player
gets priority, so no dead creature, no 0-loyalty planeswalker exists at declaration time).
Real cards throughout; every front end (API, CLI, batch, serve) sees the same board."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from redzone.models.board import build_board
from redzone.models.errors import ScenarioError
from redzone.models.scenario import parse_scenario
from redzone.solver.frontends.batch import Work, read_rows, run_rows
from redzone.solver.frontends.cli import cli
from redzone.solver.frontends.commands import run_command
from redzone.solver.frontends.commands.attack import AttackOptions
from redzone.solver.frontends.serve import handle_line


def _scenario(*perms: dict[str, Any], combat: dict[str, Any] | None = None,
              players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"players": players or [{"name": "Alice"}, {"name": "Bob"}],
                           "permanents": list(perms)}
    if combat is not None:
        out["combat"] = combat
    return out


def _board(data: dict[str, Any], strict: bool = False) -> Any:
    return build_board(parse_scenario(data), strict=strict)


def _rules(board: Any) -> list[tuple[str, str, bool]]:
    return [(a.id, a.rule, a.performed) for a in board.load_actions]


# Juggernaut is a 5/3 that "attacks each combat if able" (508.1d).
def _jugg(damage: int) -> dict[str, Any]:
    return _scenario({"id": "jugg", "card": "Juggernaut", "controller": "Alice", "damage": damage},
                     {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"})


def test_juggernaut_with_lethal_damage_is_gone_before_the_attack() -> None:
    # 704.5g: 3 damage on toughness 3 is lethal; the Juggernaut is destroyed before combat,
    # so its "attacks each combat if able" forces nothing: no attack, 0 requirements.
    board = _board(_jugg(3))
    assert "jugg" not in board.permanents
    assert _rules(board) == [("jugg", "704.5g", True)]
    assert board.load_actions[0].message == (
        "permanents[0]: Juggernaut (jugg) has lethal damage marked (3 damage, toughness 3) and "
        "is destroyed before combat (CR 704.5g: state-based actions are performed before any "
        "player gets priority, 704.3)")
    answer = run_command("attack", _jugg(5)).to_json()
    assert answer["attackers"] == {}
    assert answer["requirements"]["maximum"] == 0
    assert answer["state_based_actions"][0]["id"] == "jugg"
    # With 2 damage (less than its toughness 3) it lives and must attack.
    alive = run_command("attack", _jugg(2)).to_json()
    assert alive["attackers"] == {"jugg": "Bob"} and alive["state_based_actions"] == []


def test_zero_toughness_under_a_minus_effect_and_its_aura() -> None:
    # Dead Weight: "Enchanted creature gets -2/-2": Grizzly Bears 2/2 becomes 0/0 (layer 7c)
    # and goes to the graveyard (704.5f); then Dead Weight, attached to nothing, follows
    # (704.5m). A -1/-1 counter on Llanowar Elves (1/1) does the same.
    board = _board(_scenario(
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
        {"id": "dw", "card": "Dead Weight", "controller": "Alice", "attached_to": "bears"},
        {"id": "elves", "card": "Llanowar Elves", "controller": "Bob", "counters": {"-1/-1": 1}},
        {"id": "myr", "card": "Darksteel Myr", "controller": "Bob", "counters": {"-1/-1": 1}},
        {"id": "ok", "card": "Grizzly Bears", "controller": "Bob"}))
    assert list(board.permanents) == ["ok"]
    # 704.5f puts even an indestructible creature (Darksteel Myr 0/1 with a -1/-1 counter)
    # into the graveyard (702.12b protects only from "destroy").
    assert _rules(board) == [("bears", "704.5f", True), ("elves", "704.5f", True),
                             ("myr", "704.5f", True), ("dw", "704.5m", True)]


def test_indestructible_creature_with_lethal_damage_stays() -> None:
    # 702.12b: Darksteel Myr (0/1, indestructible) isn't destroyed by 704.5g.
    board = _board(_scenario({"id": "myr", "card": "Darksteel Myr", "controller": "Alice",
                              "damage": 4}))
    assert "myr" in board.permanents and board.load_actions == ()


def test_planeswalker_at_zero_loyalty_is_not_an_attack_target() -> None:
    data = _scenario({"id": "jugg", "card": "Juggernaut", "controller": "Alice"},
                     {"id": "gid", "card": "Gideon, Ally of Zendikar", "controller": "Bob",
                      "loyalty": 0},
                     {"id": "siege", "card": "Invasion of Zendikar", "controller": "Bob",
                      "protector": "Alice", "defense": 0})
    board = _board(data)
    assert "gid" not in board.permanents and "siege" not in board.permanents
    assert _rules(board) == [("gid", "704.5i", True), ("siege", "704.5v", True)]
    listing = run_command("attack", data, {"all": True}).to_json()
    # 508.1d: the Juggernaut must attack; Bob is the only thing left to attack (506.3).
    assert listing["declarations"] == [{"jugg": "Bob"}]


def test_a_lord_leaving_takes_its_bonus_and_a_creature_it_kept_alive() -> None:
    # Elvish Champion (2/2): "Other Elf creatures get +1/+1". With 2 damage it is destroyed
    # (704.5g); Llanowar Elves is then a 1/1 again (611.3a), and its 1 damage is lethal.
    # Given as current values (2/2 with the lord's +1/+1 in them), the same happens.
    for elves in ({"id": "elves", "card": "Llanowar Elves", "controller": "Bob", "damage": 1},
                  {"id": "elves", "card": "Llanowar Elves", "controller": "Bob", "damage": 1,
                   "power": 2, "toughness": 2}):
        board = _board(_scenario(
            {"id": "champ", "card": "Elvish Champion", "controller": "Bob", "damage": 2}, elves,
            {"id": "elves2", "card": "Llanowar Elves", "controller": "Bob"},
            {"id": "elves3", "card": "Llanowar Elves", "controller": "Bob", "power": 2,
             "toughness": 2}))
        assert _rules(board) == [("champ", "704.5g", True), ("elves", "704.5g", True)]
        assert list(board.permanents) == ["elves2", "elves3"]
        # Printed or given with the lord's +1/+1 in them, the survivors are 1/1 now.
        for pid in ("elves2", "elves3"):
            assert (board.permanents[pid].power, board.permanents[pid].toughness) == (1, 1)
    # The lord alive: the damaged Elves is a 2/2 and stays.
    board = _board(_scenario({"id": "champ", "card": "Elvish Champion", "controller": "Bob"},
                             {"id": "elves", "card": "Llanowar Elves", "controller": "Bob",
                              "damage": 1}))
    assert list(board.permanents) == ["champ", "elves"] and board.load_actions == ()


def test_dead_blocker_leaves_its_attacker_blocked() -> None:
    # Llanowar Elves with 1 damage blocks Grizzly Bears: it is gone before damage (704.5g),
    # the Bears stay blocked (509.1h) and, without trample, deal no damage (510.1c).
    data = _scenario({"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
                     {"id": "elves", "card": "Llanowar Elves", "controller": "Bob", "damage": 1},
                     combat={"attackers": {"bears": "Bob"}, "blockers": {"elves": ["bears"]}})
    board = _board(data)
    assert board.scenario.combat.blocked == ["bears"] and board.scenario.combat.blockers == {}
    out = run_command("damage", data).to_json()
    assert out["outcome"]["life"] == {"Alice": 20, "Bob": 20}
    assert out["state_based_actions"][0]["id"] == "elves"
    # Alive (no damage), it blocks and dies in combat instead.
    alive = dict(data, permanents=[data["permanents"][0], {"id": "elves", "card": "Llanowar Elves",
                                                           "controller": "Bob"}])
    assert run_command("damage", alive).to_json()["outcome"]["destroyed"] == ["elves"]


def test_player_at_zero_life_is_reported_not_performed() -> None:
    data = _scenario({"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
                     players=[{"name": "Alice"}, {"name": "Bob", "life": 0}])
    board = _board(data)
    assert _rules(board) == [("Bob", "704.5a", False)]
    with pytest.raises(ScenarioError) as err:
        _board(data, strict=True)
    assert str(err.value).startswith("players[1]: Bob starts at 0 life and has already lost")


def test_strict_refuses_with_one_line() -> None:
    with pytest.raises(ScenarioError) as err:
        _board(_jugg(3), strict=True)
    assert str(err.value) == (
        "permanents[0]: Juggernaut (jugg) has lethal damage marked (3 damage, toughness 3) and "
        "is destroyed before combat (CR 704.5g: state-based actions are performed before any "
        "player gets priority, 704.3); --strict refuses a board that state-based actions change")


def test_every_front_end_sees_it(tmp_path: Path) -> None:
    data = _jugg(3)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    runner = CliRunner()
    got = runner.invoke(cli, ["attack", str(path)])
    assert got.exit_code == 0
    assert "warning: permanents[0]: Juggernaut (jugg) has lethal damage" in got.stderr
    assert "Juggernaut" not in got.stdout
    got = runner.invoke(cli, ["attack", str(path), "--strict"])
    assert got.exit_code == 2 and len(got.stderr.strip().splitlines()) == 1
    cli_json = json.loads(runner.invoke(cli, ["attack", str(path), "--json"]).stdout)
    rows = tmp_path / "b.jsonl"
    rows.write_text(json.dumps(data) + "\n")
    (row,) = run_rows(read_rows(str(rows)), Work("attack", AttackOptions()), jobs=1)
    served = handle_line(json.dumps({"id": 1, "command": "attack", "scenario": data}))
    assert served is not None and served["ok"]
    for answer in (cli_json, json.loads(row.text), served["result"]):
        assert answer["attackers"] == {}
        assert [(a["id"], a["rule"], a["performed"]) for a in answer["state_based_actions"]] == [
            ("jugg", "704.5g", True)]


def test_check_commands_read_the_combat_as_loaded() -> None:
    # Grizzly Bears (2 damage, toughness 2) attacked and was blocked by Llanowar Elves: the
    # Bears are destroyed before anything else (704.5g), so the Elves block nothing and the
    # scenario's declarations are checked without the Bears (506.4).
    data = _scenario({"id": "bears", "card": "Grizzly Bears", "controller": "Alice", "damage": 2},
                     {"id": "ogre", "card": "Gray Ogre", "controller": "Alice"},
                     {"id": "elves", "card": "Llanowar Elves", "controller": "Bob"},
                     combat={"attackers": {"bears": "Bob", "ogre": "Bob"},
                             "blockers": {"elves": ["bears"]}})
    attack = run_command("check-attack", data).to_json()
    assert attack["declaration"] == {"ogre": "Bob"} and attack["legal"] is True
    block = run_command("check-block", data).to_json()
    assert block["blockers"] == {"elves": []} and block["legal"] is True
    # The Ogre is unblocked: 2 damage to Bob (510.1b).
    assert run_command("damage", data).to_json()["outcome"]["life"]["Bob"] == 18


def test_attacked_planeswalker_at_zero_stays_for_its_attackers() -> None:
    # Gideon at 0 loyalty is put into the graveyard (704.5i); the Bears attacking it attack
    # nothing (506.4c) and deal no damage. It stays listed for combat.attackers, so the
    # action is reported as not performed on the board.
    data = _scenario({"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
                     {"id": "gid", "card": "Gideon, Ally of Zendikar", "controller": "Bob",
                      "loyalty": 0},
                     combat={"attackers": {"bears": "gid"}})
    board = _board(data)
    assert "gid" in board.permanents and _rules(board) == [("gid", "704.5i", False)]
    out = run_command("damage", data).to_json()
    assert out["outcome"]["life"] == {"Alice": 20, "Bob": 20}
    assert out["steps"][0]["assignment"] == {}


def test_naming_a_permanent_removed_on_loading_says_why() -> None:
    # A proposal or a fight naming the destroyed Juggernaut gets the reason, not "unknown".
    why = ("'jugg' is not on the battlefield: state-based actions removed it as the scenario "
           "was loaded (CR 704.5g)")
    with pytest.raises(ScenarioError) as err:
        run_command("check-attack", _jugg(3), {"declaration": {"jugg": "Bob"}})
    assert str(err.value) == f"options.declaration: {why}"  # run_command names the option field
    with pytest.raises(ScenarioError) as err:
        run_command("fight", _jugg(3), {"a": "jugg", "b": "bears"})
    assert str(err.value) == f"options.a: {why}"
