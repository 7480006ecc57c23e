"""Keys of ``permanents[].conditions`` that no rule reads (models/condition_keys.py): a
misspelt key used to change nothing, silently, even under ``--strict``. Every front end now
warns, and ``--strict`` refuses; the keys redzone reads, and the conditions of the cards'
texts (CR 611.3a), stay quiet."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from redzone.models.board import build_board
from redzone.models.condition_keys import KEYS, PREFIXES, unread_keys, words
from redzone.models.errors import UnparsedTextError
from redzone.models.scenario import parse_scenario
from redzone.solver.frontends.commands import run_command

THRESHOLD = "there are seven or more cards in your graveyard"


def basilisk(conditions: dict[str, Any]) -> dict[str, Any]:
    """Stone-Tongue Basilisk ("Threshold — as long as seven or more cards are in your
    graveyard, all creatures able to block it do so") attacking Bob, who has Grizzly Bears."""
    return {"players": [{"name": "Alice"}, {"name": "Bob"}],
            "permanents": [{"id": "s", "card": "Stone-Tongue Basilisk", "controller": "Alice",
                            "conditions": conditions},
                           {"id": "b", "card": "Grizzly Bears", "controller": "Bob"}],
            "combat": {"attackers": {"s": "Bob"}}}


def test_a_misspelt_key_is_warned_and_changes_nothing() -> None:
    # "renouned" is no key: the Basilisk's threshold (611.3a) is still decided by the stated
    # phrase, and the requirement (509.1c) makes "no block" illegal.
    board = build_board(parse_scenario(basilisk({THRESHOLD: True, "renouned": True})))
    assert len(board.unread_conditions) == 1
    assert board.unread_conditions[0].startswith("permanents[0].conditions: 'renouned' is read by no rule")
    got = run_command("check-block", basilisk({THRESHOLD: True, "renouned": True}), {"blockers": {}})
    assert got.to_json()["legal"] is False
    assert any("'renouned' is read by no rule" in w for w in got.warnings())


def test_strict_refuses_a_key_no_rule_reads(redzone_main: Any, tmp_path: Path) -> None:
    with pytest.raises(UnparsedTextError, match=r"permanents\[0\]\.conditions: 'renouned'"):
        build_board(parse_scenario(basilisk({"renouned": True})), strict=True)
    path = tmp_path / "s.json"
    path.write_text(json.dumps({**basilisk({"renouned": True}), "combat": {
        "attackers": {"s": "Bob"}, "blockers": {}}}))
    code, out, err = redzone_main("check-block", str(path), "--strict")
    assert code == 2 and out == "" and err.count("\n") == 1 and "'renouned'" in err


@pytest.mark.parametrize("conditions", [
    {THRESHOLD: True},                       # the phrase the parser asks for (611.3a)
    {"There are seven or more cards in your graveyard.": False},  # case and full stop
    {"renowned": True, "exerted": False, "triggered this turn": True},  # redzone's own keys
    {"goaded by Bob": True},                                       # a key the play puts on
])
def test_keys_that_some_rule_reads_stay_quiet(conditions: dict[str, Any]) -> None:
    assert build_board(parse_scenario(basilisk(conditions))).unread_conditions == ()


def test_the_cards_own_wording_is_not_the_phrase_asked_for() -> None:
    # The parser asks for "there are seven or more cards in your graveyard" (the note of an
    # undecided condition says so); the card's own wording is not read by the threshold
    # (611.3a), so it is warned about and "no block" stays legal (no requirement, 509.1c).
    sc = basilisk({"seven or more cards are in your graveyard": True})
    assert len(build_board(parse_scenario(sc)).unread_conditions) == 1
    sc["combat"]["blockers"] = {}
    assert run_command("check-block", sc, {"blockers": {}}).to_json()["legal"] is True


def test_unread_keys_matches_phrases_as_words() -> None:
    stated = [("permanents[1].conditions", ("Grizzly Bears",),
               ["Grizzly Bears attacked this turn.", "grizzly bears atacked this turn", "saddled"])]
    assert unread_keys(stated, [words("~ attacked this turn")]) == [
        ("permanents[1].conditions", "grizzly bears atacked this turn")]


def test_every_key_a_module_reads_or_puts_on_is_registered() -> None:
    # Drift check: each literal key read with `conditions.get("...")` and each module
    # constant used as a key is in KEYS (or starts with one of PREFIXES); a key added
    # elsewhere without registering it would be warned about as a misspelling.
    from redzone.models.triggers import actions, board_effects, creatures, if_more, moves, resolve

    constants = [board_effects.NO_COMBAT_DAMAGE, board_effects.DOESNT_UNTAP,
                 board_effects.TRIGGERED_THIS_TURN, moves.UNTIL_LEAVES, actions.LEAVES_AT_END_STEP,
                 creatures._BASE_SET,  # pyright: ignore[reportPrivateUsage]
                 resolve._DESTROY_AT_END, resolve._EXILE_AT_END,  # pyright: ignore[reportPrivateUsage]
                 resolve._SACRIFICE_AT_END,  # pyright: ignore[reportPrivateUsage]
                 if_more.ATTACKED_EARLIER]
    assert set(constants) <= KEYS
    assert board_effects.GOADED in PREFIXES and board_effects.DELAYED in PREFIXES
    root = Path(__file__).resolve().parents[1]
    literal = re.compile(r"conditions\.get\(\"([^\"]+)\"")
    read = {m.group(1) for folder in ("models", "solver") for f in (root / folder).rglob("*.py")
            for m in literal.finditer(f.read_text(encoding="utf-8"))}
    assert read and read <= KEYS, read - KEYS


def test_goaded_by_a_player_not_on_the_board_is_warned() -> None:
    # 701.15a: a goad names the goading player; "goaded by Alcie" names nobody, so it would
    # make requirements of a misspelling (the audit's finding): warned, like any unread key.
    got = build_board(parse_scenario(basilisk({"goaded by Alcie": True, "goaded by Bob": True})))
    assert len(got.unread_conditions) == 1 and "'goaded by Alcie'" in got.unread_conditions[0]
