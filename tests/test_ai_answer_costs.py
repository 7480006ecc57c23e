"""What the AI's answers say about the costs of the line they choose (issue 9): the life
paid for Phyrexian attack and block taxes (``life_paid``: player -> life, CR 107.4f: a
Phyrexian symbol is paid with one mana of its colour or 2 life; 119.4; the scenario's mana is
generic, so redzone pays it with life) and the generic mana the answer's blocks take
(``response_mana_paid``, 509.1d), in the API, the JSON (which the protocol and batch
return), and the text output's one line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from redzone.models.board import build_board
from redzone.models.scenario import parse_scenario
from redzone.solver.ai.decisions import choose_attack, choose_blocks
from redzone.solver.frontends.cli import cli
from redzone.solver.frontends.commands import run_command

TOLL = ("Creatures can't block unless their controller pays {W/P} for each blocking "
        "creature they control.")
MANA_TOLL = ("Creatures can't block unless their controller pays {1} for each blocking "
             "creature they control.")


def annex(bob_life: int) -> dict[str, Any]:
    # Alice: two Grizzly Bears; Bob has Norn's Annex ({W/P} for each creature attacking
    # him) and no creature.
    return {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": bob_life}],
            "permanents": [
                {"id": "a", "card": "Grizzly Bears", "controller": "Alice"},
                {"id": "b", "card": "Grizzly Bears", "controller": "Alice"},
                {"id": "annex", "card": "Norn's Annex", "controller": "Bob"}]}


def toll(text: str, bob_mana: int = 0) -> dict[str, Any]:
    # Alice's 4/4 attacks Bob (5 life); Bob's 0/5 wall may block it; Alice's enchantment
    # taxes each blocking creature.
    return {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 5, "mana": bob_mana}],
            "permanents": [
                {"id": "x", "name": "Brute", "controller": "Alice", "types": ["Creature"],
                 "power": 4, "toughness": 4},
                {"id": "w", "name": "Wall", "controller": "Bob", "types": ["Creature"],
                 "power": 0, "toughness": 5},
                {"id": "toll", "name": "Toll", "controller": "Alice", "types": ["Enchantment"],
                 "text": text}],
            "combat": {"attackers": {"x": "Bob"}}}


def board(data: dict[str, Any]) -> Any:
    return build_board(parse_scenario(data))


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout


def test_attack_life_paid_is_in_the_answer(tmp_path: Path) -> None:
    # Bob at 4: both Bears attacking cost Alice 2 life each (107.4f, 508.1h: 4 in all, 20 ->
    # 16) and deal 4: Bob 4 -> 0 loses (704.5a): lethal.
    d = choose_attack(board(annex(4)), lookahead=0)
    assert d.lethal and set(d.attackers) == {"a", "b"}
    assert d.life_paid == {"Alice": 4} and d.outcome["life"]["Alice"] == 16
    assert d.to_json()["life_paid"] == {"Alice": 4}
    assert d.to_json()["response_mana_paid"] == 0
    path = tmp_path / "annex.yaml"
    path.write_text(json.dumps(annex(4)))
    code, out = run("choose-attack", str(path), "--lookahead", "0")
    assert code == 0
    assert ("Life paid: Alice pays 4 life for attack costs (Norn's Annex (annex)) — Phyrexian "
            "mana paid with 2 life a symbol (CR 107.4f, 119.4)") in out
    # The protocol and batch return the command's JSON object.
    assert run_command("choose-attack", annex(4), {"lookahead": 0}).to_json()["life_paid"] == {"Alice": 4}


def test_no_cost_no_life_paid() -> None:
    # Bob at 20 with no Annex: nothing costs life, the key is there and empty.
    data = annex(20)
    data["permanents"] = data["permanents"][:2]
    d = choose_attack(board(data), lookahead=0)
    assert d.attackers and d.life_paid == {} and d.to_json()["life_paid"] == {}
    assert d.life_paid_why == ""


def test_block_life_paid_is_in_both_answers(tmp_path: Path) -> None:
    # Bob at 5: blocking with the wall costs 2 life (5 -> 3) and stops the 4 damage (the
    # wall survives: 4 < 5, 704.5g); not blocking leaves him at 1. He blocks and pays 2.
    d = choose_blocks(board(toll(TOLL)), lookahead=0)
    assert d.blockers == {"w": ["x"]} and d.life_paid == {"Bob": 2}
    assert d.outcome["life"]["Bob"] == 3 and d.to_json()["life_paid"] == {"Bob": 2}
    path = tmp_path / "toll.yaml"
    path.write_text(json.dumps(toll(TOLL)))
    code, out = run("choose-block", str(path), "--lookahead", "0")
    assert code == 0 and "Life paid: Bob pays 2 life for block costs (Toll (toll))" in out
    # choose-attack: the defending player's payment for the response is shown too.
    a = choose_attack(board(toll(TOLL)), lookahead=0)
    assert a.attackers == {"x": "Bob"} and a.response == {"w": ["x"]}
    assert a.life_paid == {"Bob": 2} and a.response_mana_paid == 0
    code, out = run("choose-attack", str(path), "--lookahead", "0", "--json")
    assert json.loads(out)["life_paid"] == {"Bob": 2}


def test_response_mana_paid() -> None:
    # The same toll in generic mana ({1} per blocker, 509.1d) and Bob with 1 mana: he pays 1
    # mana to block (cheaper than 4 life at 5); no life is paid.
    a = choose_attack(board(toll(MANA_TOLL, bob_mana=1)), lookahead=0)
    assert a.response == {"w": ["x"]}
    assert a.response_mana_paid == 1 and a.to_json()["response_mana_paid"] == 1
    assert a.life_paid == {} and a.mana_paid == 0
    b = choose_blocks(board(toll(MANA_TOLL, bob_mana=1)), lookahead=0)
    assert b.mana_paid == 1 and b.life_paid == {}
