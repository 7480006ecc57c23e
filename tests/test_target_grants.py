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
