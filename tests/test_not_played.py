"""The abilities combat is played without (docs/ai.md "Limits"): ``choose-attack``,
``choose-block`` and ``damage`` list each permanent's triggered and activated abilities that
the play leaves out — JSON key ``not_played``, one note each on standard error — so that an
engine author sees which cards an answer does not account for (a trial's finding: Phage the
Untouchable and Master of Cruelties were valued as vanilla creatures with no note, even
under --strict). Real cards, read by the parser (``redzone card NAME``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from redzone.solver.frontends.cli import cli
from redzone.solver.not_played import classify
from redzone.solver.frontends.serve import handle_line

PHAGE_PLAYER = "Whenever Phage deals combat damage to a player, that player loses the game."
PHAGE_CREATURE = ("Whenever Phage deals combat damage to a creature, destroy that creature. "
                  "It can't be regenerated.")
MASTER = ("Whenever this creature attacks a player and isn't blocked, that player's life total "
          "becomes 1. This creature assigns no combat damage this combat.")
SHIVAN = "{R}: This creature gets +1/+0 until end of turn."

# Alice's Phage (4/4) attacks Bob, who has Llanowar Elves (a mana ability only), Shivan
# Dragon (firebreathing: activated) and Serra Angel (nothing left out) — and Master of
# Cruelties stays home.
BOARD = {"players": [{"name": "Alice"}, {"name": "Bob"}],
         "permanents": [{"id": "phage", "card": "Phage the Untouchable", "controller": "Alice"},
                        {"id": "master", "card": "Master of Cruelties", "controller": "Alice"},
                        {"id": "elves", "card": "Llanowar Elves", "controller": "Bob"},
                        {"id": "shivan", "card": "Shivan Dragon", "controller": "Bob", "tapped": True},
                        {"id": "serra", "card": "Serra Angel", "controller": "Bob", "tapped": True}],
         "combat": {"attackers": {"phage": "Bob"}}}
# Phage's triggers (603.2: "destroy that creature", 701.8; "that player loses the game",
# 104.3e) are read by models/triggers/parse and played (issue 21): they are not listed;
# Master of Cruelties' "life total becomes 1" is not read.
EXPECTED = [{"id": "master", "sentence": MASTER, "kind": "triggered"},
            {"id": "shivan", "sentence": SHIVAN, "kind": "activated"}]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture()
def board(tmp_path: Path) -> str:
    path = tmp_path / "phage.json"
    path.write_text(json.dumps(BOARD))
    return str(path)


def test_damage_lists_the_triggers_its_outcome_does_not_play(board: str) -> None:
    # Phage unblocked deals 4 (CR 510.1a): Bob goes to 16, and its trigger (603.2) makes
    # him lose the game (104.3e); Master of Cruelties' trigger is not played, and the answer
    # says so.
    code, out, _ = run("damage", board, "--json")
    data = json.loads(out)
    assert code == 0
    assert data["outcome"]["life"]["Bob"] == 16 and data["outcome"]["lost"] == ["Bob"]
    assert data["not_played"] == EXPECTED
    code, _, err = run("damage", board)  # the text form: one note per ability on stderr
    assert code == 0 and ("note: Master of Cruelties (master): triggered ability not played: "
            f"{MASTER!r}") in err.splitlines()
    assert "Llanowar Elves" not in err and "Serra Angel" not in err


@pytest.mark.parametrize("command", ["choose-attack", "choose-block"])
def test_ai_commands_list_them_with_and_without_strict(board: str, command: str) -> None:
    for strict in ([], ["--strict"]):  # read, not misread: --strict does not refuse them
        code, out, _ = run(command, board, "--json", "--lookahead", "0", *strict)
        assert code == 0 and json.loads(out)["not_played"] == EXPECTED
        code, _, err = run(command, board, "--lookahead", "0", *strict)
        assert code == 0 and f"note: Master of Cruelties (master): triggered ability not played: {MASTER!r}" in err


def test_draw_and_fight_carry_the_key(board: str) -> None:
    # Their outcomes are played without triggers too: the picture's outcome, and a fight
    # (701.14) where Phage's 4 damage destroys Llanowar Elves by lethal damage alone.
    code, out, _ = run("draw", board, "--plan", "damage", "--json")
    assert code == 0 and json.loads(out)["not_played"] == EXPECTED
    code, out, _ = run("fight", board, "phage", "elves", "--json")
    data = json.loads(out)
    assert code == 0 and data["not_played"] == EXPECTED
    assert sorted(data["outcome"]["destroyed"]) == ["elves"]  # 4 damage to a 1/1 (704.5g)


def test_protocol_and_batch_carry_the_key(tmp_path: Path) -> None:
    response = handle_line(json.dumps({"id": 1, "command": "choose-block", "scenario": BOARD,
                                       "options": {"lookahead": 0}}))
    assert response["ok"] and response["result"]["not_played"] == EXPECTED
    rows = tmp_path / "rows.jsonl"
    plain = {"players": BOARD["players"],
             "permanents": [{"id": "g", "card": "Grizzly Bears", "controller": "Alice"}]}
    rows.write_text(json.dumps(BOARD) + "\n" + json.dumps(plain) + "\n")
    code, out, _ = run("choose-attack", str(rows), "--json", "--lookahead", "0")
    assert code == 0
    assert [json.loads(line)["not_played"] for line in out.splitlines()] == [EXPECTED, []]


@pytest.mark.parametrize(("sentence", "kind"), [
    (PHAGE_PLAYER, "triggered"),
    ("Exalted", "triggered"),                    # 702.83a: a triggered keyword (combat)
    ("Bushido 1", "triggered"),
    ("Heroic — Whenever you cast a spell that targets this creature, put a +1/+1 counter on "
     "each creature you control.", None),       # nobody casts a spell in combat
    ("When this creature enters, it deals 4 damage to target creature.", None),  # nothing enters
    ("When this creature dies, you gain 2 life.", "triggered"),
    ("At the beginning of combat on your turn, target creature you control gets +1/+0 until "
     "end of turn.", "triggered"),
    ("Sacrifice this creature: Search your library for a basic land card, put it onto the "
     "battlefield tapped, then shuffle.", "activated"),
    ("{T}: Add {G}.", None),                     # 605.1a: a mana ability
    ("[+1]: You gain 2 life.", None),            # 606: a loyalty ability, main phase only
    ("{G}, Discard this card: Target attacking creature gets +3/+2 until end of turn.", None),
    ("{2}, {T}: Put a +1/+1 counter on target creature. Activate only as a sorcery.", None),
    ("Prowess", None), ("Flash", None), ("Hexproof", None), ("Ward {2}", None),
])
def test_classify(sentence: str, kind: str | None) -> None:
    assert classify(sentence) == kind
