"""h25 (issue 21, coverage): the turn's combat phase (``combat_number``), delirium read once,
and the conditions of effects read by :mod:`redzone.models.triggers.if_tests`. Each test
plays a real card and checks the result the rules give (CR cited)."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.errors import ScenarioError
from redzone.models.scenario import parse_scenario
from redzone.solver.frontends.commands import run_command
from tests.trigger_play import damage, perm, scenario


def play(perms: list[dict[str, Any]], attackers: dict[str, str],
         blockers: dict[str, list[str]] | None = None, *, top: dict[str, Any] | None = None,
         players: list[dict[str, Any]] | None = None, **combat: Any) -> dict[str, Any]:
    """The ``damage`` answer with more top-level fields (``top``) or other players."""
    sc = scenario(perms, attackers, blockers, **combat)
    sc.update(top or {})
    if players is not None:
        sc["players"] = players
    return run_command("damage", sc, {}).to_json()


# ----------------------------------------------------------------- combat_number (505.1, 500.8)


def test_combat_number_defaults_to_the_first_and_is_validated() -> None:
    base = {"players": [{"name": "A"}, {"name": "B"}]}
    assert parse_scenario(base).combat_number == 1
    assert parse_scenario({**base, "combat_number": 2}).combat_number == 2
    for bad in (0, "2", True):
        with pytest.raises(ScenarioError, match="combat_number"):
            parse_scenario({**base, "combat_number": bad})


def test_agent_frank_horrigan_attacked_this_turn_needs_the_first_combat() -> None:
    # "has indestructible as long as it attacked this turn" (611.3a): in the turn's first
    # combat it attacked this turn exactly while attacking, so blocked by Krosan Colossus
    # (9/9) it survives (702.12b); in a second combat phase (500.8) whether it attacked in the
    # first is not in the scenario: the sentence is reported, and the 8/6 dies to 9 damage.
    frank = perm("f", "Agent Frank Horrigan", "Alice")
    big = perm("x", "Krosan Colossus", "Bob")
    first = play([frank, big], {"f": "Bob"}, {"x": ["f"]})
    assert first["unparsed"] == [] and "f" not in first["outcome"]["destroyed"]
    second = play([frank, big], {"f": "Bob"}, {"x": ["f"]}, top={"combat_number": 2})
    assert [u["id"] for u in second["unparsed"]] == ["f"]
    assert "f" in second["outcome"]["destroyed"]


# ----------------------------------------------------------------- delirium, one reading


def test_delirium_reads_as_one_test_wherever_it_is_read() -> None:
    # "four or more card types among cards in your graveyard" (300.1): the effect reader
    # (conditions.py), h16's fallback (players.py) and reflexive.py give one IfTest.
    from redzone.models.triggers.conditions import if_test
    from redzone.models.triggers.reflexive import graveyard_test
    from redzone.models.triggers.types import IfTest

    want = IfTest("graveyard_at_least", 4, measure="card_types")
    phrase = "there are four or more card types among cards in your graveyard"
    assert if_test(phrase, defending=True, it_is_source=True) == want
    assert graveyard_test(phrase) == want


def test_gouged_zealot_counts_a_kindred_card_once_per_type() -> None:
    # Bitterblossom is a Kindred Enchantment (two card types, 205.2a); with Grizzly Bears and
    # a Forest that is four types, so "1 damage to each creature defending player controls"
    # (603.4) kills Llanowar Elves; without the Forest (three types) nothing triggers.
    def zealot(graveyard: list[str]) -> dict[str, Any]:
        players = [{"name": "Alice", "life": 20, "graveyard": graveyard}, {"name": "Bob", "life": 20}]
        return play([perm("z", "Gouged Zealot", "Alice"), perm("elf", "Llanowar Elves", "Bob")],
                    {"z": "Bob"}, players=players)

    assert zealot(["Bitterblossom", "Grizzly Bears", "Forest"])["outcome"]["destroyed"] == ["elf"]
    assert zealot(["Bitterblossom", "Grizzly Bears"])["outcome"]["destroyed"] == []
