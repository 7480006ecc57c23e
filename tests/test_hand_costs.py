"""An attack or block cost counted by a hand (Cowed by Wisdom: "Enchanted creature can't
attack or block unless its controller pays {1} for each card in your hand"; CR 508.1d,
508.1h, 509.1d). X is the number of cards in the hand of the Aura's controller as the
scenario states it (``players[].hand``); an unstated hand is unknown, so the cost is
reported, never priced at 0 (it used to be: the conformance case
CantAttackTest::testCowedByWisdom was an xfail)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from redzone.solver.frontends.commands import run_command


def cowed(hand: list[str] | None, mana: int, *, attack: bool = True) -> dict[str, Any]:
    """B's Battle-Mad Ronin ("attacks each combat if able") enchanted by A's Cowed by Wisdom;
    A's hand as given (``None``: unstated), B with ``mana`` generic mana."""
    a: dict[str, Any] = {"name": "A"}
    if hand is not None:
        a["hand"] = hand
    sc: dict[str, Any] = {
        "active_player": "B", "players": [a, {"name": "B", "mana": mana}],
        "permanents": [{"id": "r", "card": "Battle-Mad Ronin", "controller": "B"},
                       {"id": "c", "card": "Cowed by Wisdom", "controller": "A", "attached_to": "r"}]}
    if attack:
        sc["combat"] = {"attackers": {"r": "A"}}
    return sc


FOUR = ["Plains", "Island", "Swamp", "Forest"]


def test_the_attack_costs_one_for_each_card_in_the_auras_controllers_hand() -> None:
    # 508.1h: four cards in A's hand, so the Ronin's attack costs {4}; B pays it with 4.
    got = run_command("check-attack", cowed(FOUR, 4), {}).to_json()
    assert got["legal"] is True and got["mana_paid"] == 4
    # With 3 mana the cost can't be paid (508.1h-j).
    got = run_command("check-attack", cowed(FOUR, 3), {}).to_json()
    assert got["legal"] is False and got["mana_paid"] == 4
    # An empty hand stated: the cost is {0}, and the requirement (508.1d) binds again.
    got = run_command("check-attack", cowed([], 0, attack=False), {"declaration": {}}).to_json()
    assert got["legal"] is False


def test_a_requirement_never_forces_the_cost() -> None:
    # 508.1d: "attacks each combat if able" doesn't make B pay {4}: staying home is legal,
    # and `attack` (the most requirements without forcing a cost) declares no attacker.
    got = run_command("check-attack", cowed(FOUR, 4, attack=False), {"declaration": {}}).to_json()
    assert got["legal"] is True
    assert run_command("attack", cowed(FOUR, 0, attack=False), {}).to_json()["attackers"] == {}


def test_an_unstated_hand_leaves_the_cost_not_decided(redzone_main: Any, tmp_path: Path) -> None:
    got = run_command("check-attack", cowed(None, 0), {}).to_json()
    assert got["legal"] is True  # the cost is not played: the answer lists it instead
    assert [u["id"] for u in got["unparsed"]] == ["c"]
    assert got["unparsed"][0]["sentence"].startswith("cost not decided from the scenario (state A's hand")
    path = tmp_path / "s.json"
    path.write_text(json.dumps(cowed(None, 0)))
    code, out, err = redzone_main("check-attack", str(path), "--strict")
    assert code == 2 and out == "" and "cost not decided" in err and err.count("\n") == 1


def test_the_block_costs_the_same() -> None:
    # 509.1d: A's Cowed by Wisdom on B's Grizzly Bears, A holding two cards: the Bears' block
    # of A's attacking Bears costs {2}; B has 1 mana, then 2.
    def sc(mana: int) -> dict[str, Any]:
        return {"active_player": "A",
                "players": [{"name": "A", "hand": ["Plains", "Island"]}, {"name": "B", "mana": mana}],
                "permanents": [{"id": "a", "card": "Grizzly Bears", "controller": "A"},
                               {"id": "b", "card": "Grizzly Bears", "controller": "B"},
                               {"id": "c", "card": "Cowed by Wisdom", "controller": "A", "attached_to": "b"}],
                "combat": {"attackers": {"a": "B"}, "blockers": {"b": ["a"]}}}
    assert run_command("check-block", sc(1), {}).to_json()["legal"] is False
    got = run_command("check-block", sc(2), {}).to_json()
    assert got["legal"] is True and got["mana_paid"] == 2
