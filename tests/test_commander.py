"""Commander damage (CR 903.10a, 704.6c, 702.124): the scenario fields, dealing and
counting combat damage from commanders, the state-based action, and what every outcome
reports. Real commanders throughout; each expected total is worked out from the rules
cited."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from redzone.models.board import build_board
from redzone.models.errors import ScenarioError
from redzone.models.fight import fight
from redzone.models.outcome import DamageEvent, GameState, deal_damage, state_based_actions
from redzone.models.scenario import parse_scenario
from redzone.solver.damage.solve import play_out
from redzone.solver.frontends.cli import cli


def scenario(perms: list[dict[str, Any]], attackers: dict[str, str] | None = None,
             blockers: dict[str, list[str]] | None = None, *, players: list[dict[str, Any]] | None = None
             ) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "commander",
        "players": players or [{"name": "Alice", "life": 40}, {"name": "Bob", "life": 40}],
        "permanents": perms}
    if attackers is not None:
        data["combat"] = {"attackers": attackers, "blockers": blockers or {}}
    return data


def played(data: dict[str, Any]) -> Any:
    return play_out(build_board(parse_scenario(data)))


def bob(total: dict[str, int], life: int = 40, **extra: Any) -> list[dict[str, Any]]:
    return [{"name": "Alice", "life": 40},
            {"name": "Bob", "life": life, "commander_damage": total, **extra}]


# ------------------------------------------------------------------ the count and 704.6c

def test_eighteen_then_three_from_one_commander_loses_with_life_left() -> None:
    # CR 903.10a: Wilhelt (3/3) deals 3 combat damage to Bob, who had 18 from it: 21.
    # 704.6c: 21 or more from one commander loses, though Bob is at 37 life.
    out = played(scenario([{"id": "wilhelt", "card": "Wilhelt, the Rotcleaver",
                            "controller": "Alice", "commander": True}],
                          {"wilhelt": "Bob"}, players=bob({"wilhelt": 18}))).outcome
    assert out["life"]["Bob"] == 37
    assert out["commander_damage"]["Bob"] == {"wilhelt": 21}
    assert out["lost"] == ["Bob"]
    assert out["lost_to_commander"] == {"Bob": ["wilhelt"]}


def test_twenty_and_twenty_from_a_partner_pair_is_no_loss() -> None:
    # 702.124 (partner): Kraum and Tymna are two commanders, each counted on its own
    # (903.10a). Bob has 20 from Kraum and 18 from Tymna; Tymna (2/2 lifelink) hits him:
    # 20 and 20 — 40 in all, but never 21 from one commander: no loss (704.6c).
    out = played(scenario([
        {"id": "kraum", "card": "Kraum, Ludevic's Opus", "controller": "Alice", "commander": True,
         "tapped": True},
        {"id": "tymna", "card": "Tymna the Weaver", "controller": "Alice", "commander": True}],
        {"tymna": "Bob"}, players=bob({"kraum": 20, "tymna": 18}))).outcome
    assert out["commander_damage"]["Bob"] == {"kraum": 20, "tymna": 20}
    assert out["lost"] == [] and out["lost_to_commander"] == {}
    assert out["life"] == {"Alice": 42, "Bob": 38}  # lifelink (702.15b)


def test_partner_damage_is_counted_per_commander_in_one_combat() -> None:
    # Both partners attack Bob (Kraum 4, Tymna 2): Kraum's total goes 17 -> 21 and Bob
    # loses to Kraum alone (704.6c); Tymna's is 2 (903.10a: per commander, 702.124).
    out = played(scenario([
        {"id": "kraum", "card": "Kraum, Ludevic's Opus", "controller": "Alice", "commander": True},
        {"id": "tymna", "card": "Tymna the Weaver", "controller": "Alice", "commander": True}],
        {"kraum": "Bob", "tymna": "Bob"}, players=bob({"kraum": 17}))).outcome
    assert out["commander_damage"]["Bob"] == {"kraum": 21, "tymna": 2}
    assert out["lost_to_commander"] == {"Bob": ["kraum"]}


def kalemne(before: int, **extra: Any) -> dict[str, Any]:
    return scenario([{"id": "kalemne", "card": "Kalemne, Disciple of Iroas", "controller": "Alice",
                      "commander": True}], {"kalemne": "Bob"}, players=bob({"kalemne": before}),
                    **extra)


def test_double_strike_at_fifteen_loses_after_the_regular_step() -> None:
    # Kalemne (3/3 double strike) unblocked, 15 before: the first-strike step makes 18, the
    # regular step 21 (510.4, 702.4b) — Bob loses after the regular step (704.6c).
    result = played(kalemne(15))
    assert [s.plan.step for s in result.steps] == ["first-strike", "regular"]
    assert result.outcome["commander_damage"]["Bob"] == {"kalemne": 21}
    assert result.outcome["life"]["Bob"] == 34 and result.outcome["lost"] == ["Bob"]
    first = play_out(build_board(parse_scenario(kalemne(15))), step="first-strike").outcome
    assert first["commander_damage"]["Bob"] == {"kalemne": 18} and first["lost"] == []


def test_double_strike_at_nineteen_loses_after_the_first_strike_step() -> None:
    # At 19 the first-strike step makes 22: Bob loses when state-based actions are checked
    # right after it (510.3, 704.6c), and the regular step never happens (104.2a).
    result = played(kalemne(19))
    assert [s.plan.step for s in result.steps] == ["first-strike"]
    assert result.outcome["commander_damage"]["Bob"] == {"kalemne": 22}
    assert result.outcome["life"]["Bob"] == 37 and result.outcome["lost"] == ["Bob"]


def test_double_strike_first_step_loss_in_a_multiplayer_game() -> None:
    # Three players: Bob at 19 from Kalemne loses after the first-strike step and leaves
    # (800.4a); the regular step still happens for Carol (a Hill Giant attacks her), and
    # Kalemne, attacking a player who left, deals no more (800.4e): Bob's total stays 22.
    data = scenario([
        {"id": "kalemne", "card": "Kalemne, Disciple of Iroas", "controller": "Alice", "commander": True},
        {"id": "giant", "card": "Hill Giant", "controller": "Alice"}],
        {"kalemne": "Bob", "giant": "Carol"},
        players=[*bob({"kalemne": 19}), {"name": "Carol", "life": 40}])
    result = played(data)
    assert [s.plan.step for s in result.steps] == ["first-strike", "regular"]
    assert result.steps[1].plan.assignment == {"giant": {"Carol": 3}}
    assert result.outcome["commander_damage"]["Bob"] == {"kalemne": 22}
    assert result.outcome["life"] == {"Alice": 40, "Bob": 37, "Carol": 37}
    assert result.outcome["lost_to_commander"] == {"Bob": ["kalemne"]}


def test_infect_commander_gives_poison_and_still_counts() -> None:
    # Skithiryx (4/4 flying, infect) unblocked: the damage gives Bob 4 poison counters
    # instead of life loss (120.3b, 702.90b) — and it is combat damage dealt by a commander,
    # so it counts (903.10a): 10 -> 14. Bob's life stays 40.
    out = played(scenario([{"id": "skithiryx", "card": "Skithiryx, the Blight Dragon",
                            "controller": "Alice", "commander": True}],
                          {"skithiryx": "Bob"}, players=bob({"skithiryx": 10}))).outcome
    assert out["poison"]["Bob"] == 4 and out["life"]["Bob"] == 40
    assert out["commander_damage"]["Bob"] == {"skithiryx": 14}
    assert out["lost"] == []


def test_infect_commander_loses_by_both_roads_at_once() -> None:
    # 17 from Skithiryx and 6 poison: 4 more is 21 commander damage and 10 poison (704.5c,
    # 704.6c): Bob loses, and the outcome names the commander.
    out = played(scenario([{"id": "skithiryx", "card": "Skithiryx, the Blight Dragon",
                            "controller": "Alice", "commander": True}],
                          {"skithiryx": "Bob"}, players=bob({"skithiryx": 17}, poison=6))).outcome
    assert out["poison"]["Bob"] == 10 and out["lost"] == ["Bob"]
    assert out["lost_to_commander"] == {"Bob": ["skithiryx"]}


def test_trampling_seven_seven_chump_blocked_deals_six_commander_damage() -> None:
    # Etali (7/7 trample) blocked by Llanowar Elves (1/1): lethal damage 1 to the Elves, 6
    # to Bob (702.19b); only the 6 to the player is commander damage (903.10a).
    out = played(scenario([
        {"id": "etali", "card": "Etali, Primal Conqueror", "controller": "Alice", "commander": True},
        {"id": "elves", "card": "Llanowar Elves", "controller": "Bob"}],
        {"etali": "Bob"}, {"elves": ["etali"]})).outcome
    assert out["commander_damage"]["Bob"] == {"etali": 6}
    assert out["life"]["Bob"] == 34 and out["destroyed"] == ["elves"]


def test_damage_to_a_planeswalker_is_not_commander_damage() -> None:
    # Wilhelt attacks Bob's Jace Beleren (loyalty 3): the 3 damage removes loyalty
    # (120.3c) and is dealt to a planeswalker, not a player: Bob's total stays 18.
    out = played(scenario([
        {"id": "wilhelt", "card": "Wilhelt, the Rotcleaver", "controller": "Alice", "commander": True},
        {"id": "jace", "card": "Jace Beleren", "controller": "Bob"}],
        {"wilhelt": "jace"}, players=bob({"wilhelt": 18}))).outcome
    assert out["commander_damage"]["Bob"] == {"wilhelt": 18}
    assert out["destroyed"] == ["jace"] and out["lost"] == []


def test_damage_redirected_to_a_creature_is_not_commander_damage() -> None:
    # Pariah on Bob's Grizzly Bears: "All damage that would be dealt to you is dealt to
    # enchanted creature instead" (614.1a). Wilhelt's 3 go to the Bears: no commander
    # damage to Bob (903.10a counts damage dealt to the player).
    out = played(scenario([
        {"id": "wilhelt", "card": "Wilhelt, the Rotcleaver", "controller": "Alice", "commander": True},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
        {"id": "pariah", "card": "Pariah", "controller": "Bob", "attached_to": "bears"}],
        {"wilhelt": "Bob"}, players=bob({"wilhelt": 18}))).outcome
    assert out["commander_damage"]["Bob"] == {"wilhelt": 18}
    assert out["life"]["Bob"] == 40 and "bears" in out["destroyed"]


def test_fight_and_other_noncombat_damage_do_not_count() -> None:
    # 903.10a counts combat damage only. Wilhelt fights a Hill Giant (701.14a): nothing
    # changes Bob's total; damage from Wilhelt dealt to Bob outside combat
    # (deal_damage(combat=False)) takes life but adds nothing either.
    board = build_board(parse_scenario(scenario([
        {"id": "wilhelt", "card": "Wilhelt, the Rotcleaver", "controller": "Alice", "commander": True},
        {"id": "giant", "card": "Hill Giant", "controller": "Bob"}], players=bob({"wilhelt": 20}))))
    result = fight(board, "wilhelt", "giant")
    assert result.outcome["commander_damage"]["Bob"] == {"wilhelt": 20}
    assert set(result.outcome["destroyed"]) == {"wilhelt", "giant"}
    state = GameState.from_board(board)
    deal_damage(board, state, [DamageEvent("wilhelt", "Bob", 3)], combat=False)
    state_based_actions(board, state)
    assert state.life["Bob"] == 37 and state.commander_damage["Bob"]["wilhelt"] == 20
    assert state.lost == []


def test_a_commander_off_the_battlefield_keeps_its_total() -> None:
    # Bob has 20 from Alice's Kaalia, now in the command zone (listed in Alice's
    # commanders): the total stays in the outcome; Wilhelt's 3 don't add to it.
    out = played(scenario([{"id": "wilhelt", "card": "Wilhelt, the Rotcleaver",
                            "controller": "Alice", "commander": True}], {"wilhelt": "Bob"},
                          players=[{"name": "Alice", "life": 40, "commanders": ["kaalia"]},
                                   {"name": "Bob", "life": 40,
                                    "commander_damage": {"kaalia": 20}}])).outcome
    assert out["commander_damage"]["Bob"] == {"kaalia": 20, "wilhelt": 3}
    assert out["lost"] == []


def test_a_stolen_commander_still_counts_for_its_owner_id() -> None:
    # 903.10a: "the same commander", whoever controls it. Bob's own Wilhelt, controlled by
    # Alice, attacks Bob, who had 18 from it: 21, Bob loses.
    out = played(scenario([{"id": "wilhelt", "card": "Wilhelt, the Rotcleaver",
                            "controller": "Alice", "owner": "Bob", "commander": True}],
                          {"wilhelt": "Bob"}, players=bob({"wilhelt": 18}))).outcome
    assert out["lost_to_commander"] == {"Bob": ["wilhelt"]}


def test_outside_a_commander_game_nothing_is_counted() -> None:
    # Without format: commander the outcome has no commander keys (and 704.6c is no rule).
    data = {"players": [{"name": "Alice"}, {"name": "Bob"}],
            "permanents": [{"id": "w", "card": "Wilhelt, the Rotcleaver", "controller": "Alice"}],
            "combat": {"attackers": {"w": "Bob"}}}
    out = played(data).outcome
    assert "commander_damage" not in out and out["life"]["Bob"] == 17


# ------------------------------------------------------------------ errors (one line)

@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["players"][1]["commander_damage"].update({"wilhlet": 3}),
     "players[1].commander_damage.wilhlet: unknown commander 'wilhlet' (closest: wilhelt); "
     "a commander off the battlefield is listed in its owner's `commanders`"),
    (lambda d: d["players"][1]["commander_damage"].update({"wilhelt": -1}),
     "players[1].commander_damage.wilhelt: must be ≥ 0 (got -1)"),
    (lambda d: d["players"][1]["commander_damage"].update({"giant": 2}),
     "players[1].commander_damage.giant: 'giant' is not a commander (mark that permanent "
     "`commander: true`, CR 903.3)"),
    (lambda d: d.pop("format"),
     "permanents[0].commander: only in a Commander game (give format: commander)"),
    (lambda d: d.update(format="brawl"),
     "format: expected 'commander' (got 'brawl')"),
    (lambda d: d["players"][0].update(commanders=["giant"]),
     "players[0].commanders[0]: 'giant' is a permanent on the battlefield: mark it "
     "`commander: true` there instead"),
])
def test_one_line_errors(change: Any, message: str) -> None:
    data = scenario([
        {"id": "wilhelt", "card": "Wilhelt, the Rotcleaver", "controller": "Alice", "commander": True},
        {"id": "giant", "card": "Hill Giant", "controller": "Bob"}], players=bob({"wilhelt": 3}))
    change(data)
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data)
    assert str(info.value) == message


def test_a_commander_that_is_not_a_creature_is_refused_on_the_battlefield() -> None:
    # A planeswalker commander deals no combat damage (903.10a, 510.1); it is listed in
    # its owner's commanders instead, where damage dealt earlier stays countable.
    data = scenario([{"id": "teferi", "card": "Teferi, Temporal Archmage", "controller": "Alice",
                      "commander": True}])
    with pytest.raises(ScenarioError) as info:
        build_board(parse_scenario(data))
    assert str(info.value).startswith("permanents[0].commander: Teferi, Temporal Archmage (teferi) "
                                      "is not a creature on the battlefield")


def test_cli_damage_reports_totals_and_the_loss() -> None:
    data = json.dumps(kalemne(19))
    result = CliRunner().invoke(cli, ["damage", "-", "--json"], input=data)
    assert result.exit_code == 0
    out = json.loads(result.stdout)["outcome"]
    assert out["commander_damage"] == {"Alice": {}, "Bob": {"kalemne": 22}}
    assert out["lost_to_commander"] == {"Bob": ["kalemne"]}
    text = CliRunner().invoke(cli, ["damage", "-"], input=data).stdout
    assert ("commander damage to Bob (903.10a): Kalemne, Disciple of Iroas (kalemne) 19 → 22 — "
            "loses the game: 21 or more from kalemne (704.6c)") in text


def test_draw_shows_the_totals_in_the_player_panel() -> None:
    # The band of a player dealt commander damage names each commander's total, before →
    # after (903.10a), whole (the panel widens to fit), and the loss (704.6c).
    result = CliRunner().invoke(cli, ["draw", "-", "--plan", "damage", "--json"],
                                input=json.dumps(kalemne(19)))
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["outcome"]["lost_to_commander"] == {"Bob": ["kalemne"]}
    assert "Bob · life 40 → 37 · Kalemne 19 → 22 cmdr · loses the game" in data["svg"]


# ------------------------------------------------------------------ the examples' answers

EXAMPLES = __import__("pathlib").Path(__file__).resolve().parent.parent / "examples"


def test_example_commander_damage_answers_as_documented() -> None:
    # examples/commander-damage.yaml: Kalemne's first-strike 3 take Bob from 19 to 22 (903.10a):
    # he loses after that step (704.6c) and leaves (800.4a); the regular step deals the
    # Giant's 3 to Carol and nothing to Bob (800.4e).
    result = CliRunner().invoke(cli, ["damage", str(EXAMPLES / "commander-damage.yaml"), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [(s["step"], s["assignment"]) for s in data["steps"]] == [
        ("first-strike", {"kalemne": {"Bob": 3}}), ("regular", {"giant": {"Carol": 3}})]
    out = data["outcome"]
    assert out["life"] == {"Alice": 40, "Bob": 37, "Carol": 37, "Dave": 31}
    assert out["commander_damage"]["Bob"] == {"kalemne": 22}
    assert out["lost"] == ["Bob"] and out["lost_to_commander"] == {"Bob": ["kalemne"]}


@pytest.mark.parametrize("lookahead", ["0", "1"])
def test_example_commander_choose_attack_answers_as_documented(lookahead: str) -> None:
    # examples/commander-choose-attack.yaml: Wilhelt at Bob (18 + 3 = 21: Bob loses at 37,
    # 704.6c), the Giant at Carol; Dave's Wall would block anything at him.
    result = CliRunner().invoke(cli, ["choose-attack", str(EXAMPLES / "commander-choose-attack.yaml"),
                                      "--lookahead", lookahead, "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["attackers"] == {"wilhelt": "Bob", "giant": "Carol"}
    assert data["status"] == "optimal"
    assert data["outcome"]["lost_to_commander"] == {"Bob": ["wilhelt"]}
    assert data["outcome"]["life"] == {"Alice": 40, "Bob": 37, "Carol": 37, "Dave": 3}
