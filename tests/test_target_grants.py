"""Hexproof and shroud granted by another permanent's static ability keep a creature from
being the target of a triggered ability (CR 702.11b: hexproof, by an opponent's; 702.18b:
shroud, by anyone's; 603.3d: targets are chosen as the ability is put on the stack). The
parser sets hexproof aside and dropped it from grants of several keywords, so such a
creature used to be targeted: Goblin Heelcutter's "target creature can't block this turn"
on a Wall of Stone wearing Swiftfoot Boots made a lethal attack that the rules forbid."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.errors import ScenarioError
from redzone.models.triggers.target_grants import _read  # pyright: ignore[reportPrivateUsage]
from redzone.solver.frontends.commands import run_command

HEELCUTTER = "Whenever this creature attacks, target creature can't block this turn."


def board(extra: list[dict[str, Any]], *, bob: int = 20, attack: bool = False) -> dict[str, Any]:
    """Alice's Goblin Heelcutter; Bob's Wall of Stone (0/8, defender) and ``extra``."""
    sc: dict[str, Any] = {
        "active_player": "Alice", "players": [{"name": "Alice"}, {"name": "Bob", "life": bob}],
        "permanents": [{"id": "h", "card": "Goblin Heelcutter", "controller": "Alice"},
                       {"id": "w", "card": "Wall of Stone", "controller": "Bob"}, *extra]}
    if attack:
        sc["combat"] = {"attackers": {"h": "Bob"}, "trigger_choices": [
            {"source": "h", "window": "attack", "target": "w"}]}
    return sc


@pytest.mark.parametrize(("extra", "why"), [
    ([{"id": "x", "card": "Swiftfoot Boots", "controller": "Bob", "attached_to": "w"}], "its only legal target is 'h'"),
    ([{"id": "x", "card": "Lightning Greaves", "controller": "Bob", "attached_to": "w"}], "its only legal target is 'h'"),
    ([{"id": "x", "card": "Alpha Authority", "controller": "Bob", "attached_to": "w"}], "its only legal target is 'h'"),
    ([{"id": "x", "card": "Shalai, Voice of Plenty", "controller": "Bob"}], "legal: h, x"),
])
def test_a_creature_given_hexproof_or_shroud_is_no_legal_target(extra: list[dict[str, Any]], why: str) -> None:
    # Swiftfoot Boots and Alpha Authority: "... has hexproof and ..."; Lightning Greaves:
    # shroud (702.18b); Shalai: "other creatures you control have hexproof" — Shalai herself
    # stays a legal target.
    with pytest.raises(ScenarioError, match=f"'w' is not a legal .*{why}"):
        run_command("damage", board(extra, attack=True), {})


def test_the_ai_no_longer_wins_by_an_illegal_target() -> None:
    # Bob at 3 with only the booted Wall: the Heelcutter's trigger can target only itself
    # (603.3d), so the Wall blocks it (0 damage through a 0/8): no lethal attack. The AI
    # answered {"h": "Bob"} with a won game (value 1,000,000) before.
    got = run_command("choose-attack", board(
        [{"id": "x", "card": "Swiftfoot Boots", "controller": "Bob", "attached_to": "w"}], bob=3),
        {"lookahead": 0}).to_json()
    assert got["status"] == "optimal" and got["value"] < 1000
    assert all(t["choices"].get("target") != "w" for t in got.get("triggers", []))


def test_a_grant_is_read_with_its_group_and_quality() -> None:
    # Asceticism's first sentence; Shalai's (its creature part: "other creatures", 702.11b)
    assert [(a.kind, a.other, k, q) for a, k, q in _read(
        "Creatures you control have hexproof.")] == [("creatures", False, "hexproof", None)]
    assert [(a.kind, a.other, k) for a, k, _ in _read(
        "You, planeswalkers you control, and other creatures you control have hexproof.")] == [
        ("creatures", True, "hexproof")]
    assert [(a.kind, k) for a, k, _ in _read("Equipped creature has shroud and haste.")] == [
        ("attached", "shroud")]  # Lightning Greaves
    # A grant under a condition is not read (docs/triggers.md says so), nor a keyword line.
    assert _read("As long as ~ is untapped, other creatures you control have hexproof.") == ()
    assert _read("Flying, hexproof") == ()


# ---------------------------------------------------------------- ward (702.21a)

def ward_board(*, mana: int = 0, target: str | None = "g", bob: int = 20) -> dict[str, Any]:
    """Alice's Goblin Heelcutter attacks Bob, who has Rimeshield Frost Giant (4/5, ward {3})."""
    sc: dict[str, Any] = {
        "active_player": "Alice", "players": [{"name": "Alice", "mana": mana}, {"name": "Bob", "life": bob}],
        "permanents": [{"id": "h", "card": "Goblin Heelcutter", "controller": "Alice"},
                       {"id": "g", "card": "Rimeshield Frost Giant", "controller": "Bob"}]}
    if target is not None:
        sc["combat"] = {"attackers": {"h": "Bob"}, "trigger_choices": [
            {"source": "h", "window": "attack", "target": target}]}
    return sc


def test_ward_counters_the_ability_its_controller_cant_pay_for() -> None:
    # 702.21a: targeting the Giant triggers its ward; with no mana Alice can't pay {3}, so
    # the Heelcutter's ability is countered: the Giant can still block (the line is exact).
    got = run_command("damage", ward_board(), {}).to_json()
    assert got["triggers"][0]["result"].startswith("countered by ward (702.21a): g's ward cost ({3}) can't be paid")
    assert got["not_played"] == []


def test_ward_that_could_be_paid_is_listed_as_not_played() -> None:
    # With 3 mana Alice could pay; paying is not searched, so the ability is countered and
    # the answer lists it (a loud gap, not a quiet guess).
    got = run_command("damage", ward_board(mana=3), {}).to_json()
    assert got["triggers"][0]["result"].startswith("not played: countered by ward")
    assert [n["id"] for n in got["not_played"]] == ["h"]


def test_the_ai_no_longer_wins_through_a_ward_it_cant_pay() -> None:
    # Bob at 3: the Heelcutter's ability on the Giant is countered by ward, so the Giant
    # blocks the 3/2 Heelcutter and kills it: the AI stays home (it attacked for a won game).
    got = run_command("choose-attack", ward_board(target=None, bob=3), {"lookahead": 0}).to_json()
    assert got["status"] == "optimal" and got["attackers"] == {}


# ------------------------------------------------ players, and shields under a condition


def archon(extra: str) -> dict[str, Any]:
    """Archon of Cruelty attacks Bob, who has Grizzly Bears and ``extra``."""
    return {"active_player": "Alice", "players": [{"name": "Alice"}, {"name": "Bob"}],
            "permanents": [{"id": "a", "card": "Archon of Cruelty", "controller": "Alice"},
                           {"id": "b", "card": "Grizzly Bears", "controller": "Bob"},
                           {"id": "l", "card": extra, "controller": "Bob"}],
            "combat": {"attackers": {"a": "Bob"}}}


@pytest.mark.parametrize("extra", ["Leyline of Sanctity", "Shalai, Voice of Plenty", "Absolute Virtue"])
def test_a_player_with_hexproof_or_protection_is_no_legal_target(extra: str) -> None:
    # 702.11c, 702.16b, 603.3d: "target opponent sacrifices ..." has no legal target when
    # Bob has hexproof (Leyline; Shalai: "You, ... have hexproof") or protection from each of
    # his opponents (Absolute Virtue): the ability is removed, Bob keeps his Bears.
    got = run_command("damage", archon(extra), {}).to_json()
    assert got["triggers"][0]["result"] == "removed: no legal target (603.3d)"
    assert "b" not in got["outcome"]["destroyed"]


def diversion(defender: dict[str, Any]) -> dict[str, Any]:
    """Master of Diversion ("Whenever this creature attacks, tap target creature defending
    player controls") attacks Bob, whose one creature is ``defender``."""
    return {"active_player": "Alice", "players": [{"name": "Alice"}, {"name": "Bob"}],
            "permanents": [{"id": "m", "card": "Master of Diversion", "controller": "Alice"},
                           {"controller": "Bob", "id": "d", **defender}],
            "combat": {"attackers": {"m": "Bob"}}}


def test_a_shield_under_a_condition_redzone_does_not_decide_is_listed() -> None:
    # Dragonlord Ojutai "has hexproof as long as it's untapped" (a sentence the parser sets
    # aside): tapping it is never played on a guess — the ability is listed in not_played.
    got = run_command("damage", diversion({"card": "Dragonlord Ojutai"}), {}).to_json()
    assert got["triggers"][0]["result"].startswith("not played: d may have hexproof")
    assert [n["id"] for n in got["not_played"]] == ["m"]


def test_a_shield_under_a_stated_condition_decides_the_target() -> None:
    # Fleecemane Lion stated monstrous: "as long as ~ is monstrous, it has hexproof" holds
    # (611.3a), so Bob's one creature is no legal target and the ability is removed (603.3d).
    got = run_command("damage", diversion({"card": "Fleecemane Lion", "conditions": {
        "Fleecemane Lion is monstrous": True}}), {}).to_json()
    assert got["triggers"][0]["result"] == "removed: no legal target (603.3d)"
