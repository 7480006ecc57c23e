"""The command line: the contract's commands, JSON keys, exit statuses and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from redzone.solver.frontends.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_attack_json_keys_on_dueling_grounds() -> None:
    # CR 508.1c-d: only Juggernaut attacks under Dueling Grounds.
    code, out, _ = run("attack", str(EXAMPLES / "dueling-grounds.yaml"), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["legal"] is True and data["status"] == "optimal"
    assert list(data["attackers"].values()) == ["Bob"]
    assert data["requirements"] == {"obeyed": 1, "maximum": 1, "maximum_proved": True}
    assert data["mana_paid"] == 0


def test_attack_all_lists_every_legal_declaration_of_propaganda() -> None:
    # CR 508.1d, 508.1h: not attacking and attacking while paying {2} are both legal.
    code, out, _ = run("attack", str(EXAMPLES / "propaganda.yaml"), "--all", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["count"] == 2 and data["complete"] is True
    assert {} in data["declarations"]


def test_check_attack_reports_restriction_source_and_witness(tmp_path: Path) -> None:
    # CR 508.1c: two attackers break Dueling Grounds' cap; the violation names it.
    path = write(tmp_path, "s.yaml", """
players: [{name: Alice}, {name: Bob}]
permanents:
  - {id: j1, card: Juggernaut, controller: Alice}
  - {id: j2, card: Juggernaut, controller: Alice}
  - {id: grounds, card: Dueling Grounds, controller: Bob}
combat:
  attackers: {j1: Bob, j2: Bob}
""")
    code, out, _ = run("check-attack", path, "--json")
    assert code == 0  # an illegal answer is still a successful run
    data = json.loads(out)
    assert data["legal"] is False
    assert data["violations"][0]["kind"] == "restriction"
    assert "Dueling Grounds (grounds)" == data["violations"][0]["source"]
    assert data["witness"] in ({"j1": "Bob"}, {"j2": "Bob"})
    assert data["requirements"] == {"obeyed": 2, "maximum": 1, "maximum_proved": True}


def test_check_attack_shortfall(tmp_path: Path) -> None:
    # CR 508.1d: attacking with nobody obeys 0 of the possible 1.
    path = write(tmp_path, "s.yaml", """
players: [{name: Alice}, {name: Bob}]
permanents:
  - {id: j1, card: Juggernaut, controller: Alice}
""")
    code, out, _ = run("check-attack", path, "--json", "--declaration", "{}")
    data = json.loads(out)
    assert code == 0 and data["legal"] is False
    assert data["requirements"] == {"obeyed": 0, "maximum": 1, "maximum_proved": True}
    assert [v["kind"] for v in data["violations"]] == ["requirements"]
    assert data["witness"] == {"j1": "Bob"}


@pytest.mark.parametrize("body,needle", [
    ("players: [{name: Alice}, {name: Bob}\n", "malformed YAML"),
    ("players: [{name: Alice}, {name: Bob}]\npermanents:\n  - {card: Grizly Bears, controller: Alice}\n",
     "permanents[0].card: unknown card 'Grizly Bears' (closest: Grizzly Bears"),
    ("players: [{name: Alice}, {name: Bob}]\npermanents:\n  - {card: Grizzly Bears, controller: Bbo}\n",
     "permanents[0].controller: unknown player 'Bbo' (players: Alice, Bob)"),
    ("players: [{name: Alice}, {name: Bob}]\npermanents:\n  - {id: a, card: Grizzly Bears, controller: Alice}\n"
     "  - {id: a, card: Grizzly Bears, controller: Alice}\n", "permanents[1].id: duplicate id 'a'"),
    ("players: [{name: Alice}, {name: Bob}]\npermanents:\n  - {card: Grizzly Bears, controller: Alice, toughness: -1}\n",
     "permanents[0].toughness"),
    ("players: [{name: Alice}, {name: Bob}]\ncombat: {attackers: {ghost: Bob}}\n", "combat.attackers"),
    ("players: [{name: Alice}, {name: Bob}]\nturn: 3\n", "turn"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, body: str, needle: str) -> None:
    code, out, err = run("attack", write(tmp_path, "bad.yaml", body))
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("redzone: error: ")
    assert needle in lines[0]


def test_batch_keeps_good_rows(tmp_path: Path) -> None:
    good = {"players": [{"name": "A"}, {"name": "B"}],
            "permanents": [{"id": "j", "card": "Juggernaut", "controller": "A"}]}
    bad = {"players": [{"name": "A"}, {"name": "B"}],
           "permanents": [{"card": "Juggernaut", "controller": "Zed"}]}
    path = write(tmp_path, "batch.jsonl", "\n".join(json.dumps(x) for x in (good, bad, good)) + "\n")
    code, out, _ = run("attack", path, "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 2  # one bad row ...
    assert [r.get("attackers") for r in rows] == [{"j": "B"}, None, {"j": "B"}]  # ... no good row lost
    assert rows[1]["error"]["kind"] == "bad_input" and "permanents[0].controller" in rows[1]["error"]["message"]


def test_card_shows_parsed_abilities() -> None:
    code, out, _ = run("card", "Loyal Pegasus", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["name"], data["mana_value"], data["power"], data["toughness"]) == ("Loyal Pegasus", 1, 2, 1)
    kinds = [a["kind"] for a in data["abilities"]]
    assert "Keyword" in kinds and "CantAttackAlone" in kinds  # 702.9 flying; 508.1c
    assert data["unparsed"] == []


def test_card_says_which_triggered_abilities_of_combat_are_played() -> None:
    # 603.2: Goblin Heelcutter's attack trigger is read and played (docs/triggers.md);
    # Brood of Cockroaches' "when this creature is put into your graveyard from the
    # battlefield, at the beginning of the next end step, you lose 1 life and return this card
    # to your hand" is a triggered ability of combat (it can die in combat, 700.4) that the
    # play leaves out (the delayed life loss is not read). (Ivory Gargoyle, the example
    # before, is read now: its delayed return is a value of a later step, h28.)
    code, out, _ = run("card", "Goblin Heelcutter", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["triggers_played"] == ["Whenever this creature attacks, target creature can't block this turn."]
    assert data["triggers_not_played"] == []
    code, out, _ = run("card", "Brood of Cockroaches")
    assert code == 0
    assert ("triggered ability of combat, not played: When this creature is put into your "
            "graveyard from the battlefield, at the beginning of the next end step, you lose 1 "
            "life and return this card to your hand.") in out
    assert json.loads(run("card", "Brood of Cockroaches", "--json")[1])["triggers_played"] == []


def test_unknown_card_name_exit_2() -> None:
    code, _, err = run("card", "Grizly", "Bears")
    assert code == 2 and "closest: Grizzly Bears" in err


def test_schema_is_json_schema() -> None:
    code, out, _ = run("schema")
    data = json.loads(out)
    assert code == 0 and "players" in data["properties"]


def test_whole_process_exit_status_for_bad_input(tmp_path: Path) -> None:
    # The installed entry point, not just the click group: status 2 and no traceback.
    path = write(tmp_path, "bad.yaml", "players: [{name: Alice}]\n")
    proc = subprocess.run([sys.executable, "-m", "redzone.solver", "attack", path],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1


def test_readable_output_prints_names_as_given_not_as_emoji(tmp_path: Path) -> None:
    # Ids and names are the scenario's own words: ":smile:" in an id is not an emoji code
    # (rich would print 😄), in a single file's answer and in a batch row's.
    # CR 508.1d: Juggernaut attacks each combat if able, so it is in the declaration.
    scenario = {"players": [{"name": "Al:fire:"}, {"name": "Bob"}],
                "permanents": [{"card": "Juggernaut", "id": "jugg:smile:", "controller": "Al:fire:"}]}
    code, out, _ = run("attack", write(tmp_path, "s.json", json.dumps(scenario)))
    assert code == 0
    assert "Juggernaut (jugg:smile:) → Bob" in out and "😄" not in out
    code, out, _ = run("attack", write(tmp_path, "b.jsonl", json.dumps(scenario) + "\n"))
    assert code == 0
    assert "jugg:smile:" in out and "😄" not in out


def test_a_player_who_starts_at_zero_life_or_ten_poison_is_warned_about(tmp_path: Path) -> None:
    # CR 704.5a / 704.5c: a player at 0 or less life, or with 10 or more poison counters, has
    # lost the game before combat could begin; the board is still answered, with a warning.
    base = "players:\n  - name: Alice\n  - {name: Bob, %s}\npermanents:\n  - {card: Juggernaut, controller: Alice}\n"
    code, out, err = run("attack", write(tmp_path, "a.yaml", base % "life: 0"))
    assert code == 0 and "Juggernaut" in out
    assert "Bob starts at 0 life and has already lost the game" in err and "704.5a" in err
    code, _, err = run("attack", write(tmp_path, "b.yaml", base % "poison: 10"))
    assert code == 0 and "Bob starts with 10 poison counters" in err and "704.5c" in err
    code, _, err = run("attack", write(tmp_path, "c.yaml", base % "life: 1, poison: 9"))
    assert code == 0 and "already lost" not in err


@pytest.mark.parametrize("card", ["Lightning Bolt", "Fire // Ice", "Divination"])
def test_an_instant_or_sorcery_on_the_battlefield_is_bad_input(tmp_path: Path, card: str) -> None:
    # CR 304.4 / 307.4: instants and sorceries can't enter the battlefield (110.4a lists the
    # permanent types), so such a permanent is refused with the field named, exit status 2.
    path = write(tmp_path, "s.yaml", "players: [{name: Alice}, {name: Bob}]\npermanents:\n"
                 f"  - {{card: \"{card}\", controller: Alice}}\n")
    code, out, err = run("attack", path)
    assert code == 2 and out == ""
    assert "permanents[0].card" in err and "never a permanent" in err and len(err.strip().splitlines()) == 1


def test_a_reader_that_stops_early_is_not_an_internal_error(tmp_path: Path) -> None:
    # `redzone ... | head` closes the pipe before the output ends: not a fault of the
    # command (exit status 1 is reserved for internal errors), so the status is 0 and
    # nothing is printed on standard error.
    import subprocess
    import sys

    row = json.dumps({"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": []})
    rows = tmp_path / "rows.jsonl"
    rows.write_text((row + "\n") * 3000)
    proc = subprocess.Popen([sys.executable, "-c", "from redzone.solver.frontends.cli import main; main()",
                             "attack", str(rows)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0, err
    assert err == b""


def test_card_says_why_a_triggered_ability_of_combat_is_not_played() -> None:
    # Brood of Cockroaches' dies trigger (700.4) makes its controller lose 1 life at the next
    # end step: that effect sentence is not read, and the answer names it; a read ability
    # (Goblin Heelcutter's attack trigger, 508.1m) gives no reason.
    brood_why = ("effect not read: at the beginning of the next end step, you lose N life and "
                 "return this card to your hand (numbers shown as N)")
    code, out, _ = run("card", "Brood of Cockroaches", "--json")
    assert code == 0
    assert json.loads(out)["triggers_not_played_why"] == [brood_why]
    code, out, _ = run("card", "Goblin Heelcutter", "--json")
    assert json.loads(out)["triggers_not_played_why"] == []
    code, out, _ = run("card", "Brood of Cockroaches")
    assert f"({brood_why})" in out
