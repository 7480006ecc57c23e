"""The Duel Masters battle (DM rules 115): every case of rules digest section 6 and edge cases
21-24, power attacker, Japanese ability names, step order and the dm-battle command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from redzone.models.duel_masters import battle, dm_board, parse_dm_ability
from redzone.models.errors import ScenarioError
from redzone.models.scenario import parse_scenario
from redzone.solver.frontends.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def dm(*creatures: tuple[str, str, int, list[str]], active: str = "Alice") -> Any:
    """A DM scenario; each creature is (id, controller, power, abilities)."""
    return parse_scenario({
        "game": "duel-masters",
        "active_player": active,
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "permanents": [{"id": i, "name": i.title(), "controller": c, "power": p, "abilities": ab}
                       for i, c, p, ab in creatures],
    })


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def happened(result: Any, number: int) -> list[str]:
    return [h for s in result.steps if s.number == number for h in s.happened]


# ------------------------------------------------------------ comparison


def test_higher_power_wins_and_the_loser_is_destroyed() -> None:
    # Digest 6: higher power wins, the margin is irrelevant; the loser is destroyed (DM 703.4d).
    r = battle(dm(("a", "Alice", 5500, []), ("b", "Bob", 5000, [])), "a", "b")
    assert r.battled and r.winners == ("a",) and r.losers == ("b",)
    assert r.destroyed == ("b",) and r.zones == {"a": "battle zone", "b": "graveyard"}


def test_equal_power_both_lose_and_are_destroyed() -> None:
    # Edge case 21, DM 115.3c: 5000 vs 5000, both lose, both destroyed; no "wins" trigger.
    r = battle(dm(("a", "Alice", 5000, []), ("b", "Bob", 5000, [])), "a", "b")
    assert r.winners == () and set(r.losers) == {"a", "b"}
    assert set(r.destroyed) == {"a", "b"}
    assert [t.event for t in r.triggers] == ["loses", "loses"]


def test_tie_fires_no_wins_trigger_even_with_a_wins_ability() -> None:
    # Edge case 24 (second half): a tie gives no "when this wins a battle" trigger.
    r = battle(dm(("a", "Alice", 4000, ["When this wins a battle, draw a card"]),
                  ("b", "Bob", 4000, ["When this loses a battle, draw a card"])), "a", "b")
    assert not any(t.event == "wins" for t in r.triggers)
    assert [(t.creature, t.abilities) for t in r.triggers if t.abilities] == [
        ("b", ("When this loses a battle, draw a card",))]


def test_wins_all_battles_beats_higher_power() -> None:
    # Edge case 21: 3000 that wins all battles vs 9000: the 9000 loses and is destroyed.
    r = battle(dm(("small", "Alice", 3000, ["Wins all battles"]), ("big", "Bob", 9000, [])),
               "small", "big")
    assert r.winners == ("small",) and r.losers == ("big",) and r.destroyed == ("big",)


def test_wins_all_battles_also_when_defending() -> None:
    # Digest 6: it wins every battle, attacking or not.
    r = battle(dm(("big", "Alice", 9000, []), ("small", "Bob", 3000, ["Wins all battles"])),
               "big", "small")
    assert r.winners == ("small",) and r.destroyed == ("big",)


def test_both_win_all_battles_none_destroyed() -> None:
    # Edge case 21: both have it: both win, neither is destroyed.
    r = battle(dm(("a", "Alice", 3000, ["Wins all battles"]), ("b", "Bob", 9000, ["Wins all battles"])),
               "a", "b")
    assert set(r.winners) == {"a", "b"} and r.losers == () and r.destroyed == ()
    assert sorted(t.event for t in r.triggers) == ["wins", "wins"]


# ------------------------------------------------------------------ slayer


def test_slayer_loses_but_destroys_the_winner_after_the_battle() -> None:
    # Edge case 22: slayer 1000 vs 6000: the slayer is destroyed (step 5), the 6000 after the
    # battle (step 8).
    r = battle(dm(("big", "Alice", 6000, []), ("slayer", "Bob", 1000, ["Slayer"])), "big", "slayer")
    assert r.winners == ("big",) and r.losers == ("slayer",)
    assert r.destroyed == ("slayer", "big")  # in that order
    assert any("slayer" in h and "destroyed" in h for h in happened(r, 5))
    assert any("Big (big) is destroyed" in h for h in happened(r, 8))
    assert happened(r, 2) and happened(r, 3)  # slayer triggered and resolved when battling


def test_slayer_winning_does_nothing_more() -> None:
    # Slayer's destruction after the battle finds the loser already gone.
    r = battle(dm(("slayer", "Alice", 7000, ["Slayer"]), ("b", "Bob", 6000, [])), "slayer", "b")
    assert r.destroyed == ("b",) and r.zones["slayer"] == "battle zone"
    assert "no longer in the battle zone" in happened(r, 8)[0]


def test_slayer_kills_a_wins_all_battles_creature() -> None:
    # Slayer destroys the opposing creature after the battle whatever the result.
    r = battle(dm(("w", "Alice", 3000, ["Wins all battles"]), ("s", "Bob", 1000, ["Slayer"])), "w", "s")
    assert r.winners == ("w",) and r.destroyed == ("s", "w")


def test_two_slayers_tie() -> None:
    # Both destroyed at step 5; both slayer abilities then find nothing to destroy.
    r = battle(dm(("a", "Alice", 2000, ["Slayer"]), ("b", "Bob", 2000, ["Slayer"])), "a", "b")
    assert set(r.destroyed) == {"a", "b"} and len(happened(r, 8)) == 2


# ---------------------------------------------------------------- no battle


def test_battle_replaced_by_destroy_instead_vs_slayer() -> None:
    # Edge case 23: no battle; slayer doesn't trigger; the slayer creature is destroyed.
    r = battle(dm(("reaper", "Alice", 2000, ["Destroys the opposing creature instead of battling"]),
                  ("slayer", "Bob", 9000, ["Slayer"])), "reaper", "slayer")
    assert not r.battled and r.winners == () and r.losers == ()
    assert r.destroyed == ("slayer",) and r.zones["reaper"] == "battle zone"
    assert [s.number for s in r.steps] == [0]  # steps 1-8 never happen
    assert r.triggers == ()


def test_does_not_battle_means_nothing_happens() -> None:
    # Digest 6: no battle at all: no slayer, no win/lose, wins-all irrelevant.
    r = battle(dm(("a", "Alice", 9000, ["Wins all battles", "Slayer"]),
                  ("b", "Bob", 1000, ["Does not battle"])), "a", "b")
    assert not r.battled and r.destroyed == () and r.winners == r.losers == ()
    assert r.powers == {}


def test_does_not_battle_leaves_nothing_to_replace() -> None:
    # No battle would happen, so a battle replacement has nothing to replace.
    r = battle(dm(("a", "Alice", 2000, ["Destroys the opposing creature instead of battling"]),
                  ("b", "Bob", 1000, ["バトルしない"])), "a", "b")
    assert not r.battled and r.destroyed == ()


def test_destroy_instead_target_may_return_to_hand() -> None:
    # The replacement destroys; a destruction replacement then applies (DM 115.3b spirit).
    r = battle(dm(("a", "Alice", 2000, ["Destroys the opposing creature instead of battling"]),
                  ("b", "Bob", 1000, ["Returns to hand instead of being destroyed"])), "a", "b")
    assert r.destroyed == () and r.returned_to_hand == ("b",) and r.zones["b"] == "hand"


# --------------------------------------------------------- destruction replacement


def test_loser_returns_to_hand_and_winner_still_triggers() -> None:
    # Edge case 24, DM 115.3b: losing and being destroyed are separate events; the loser's
    # destruction is replaced (return to hand) and the winner's "wins" trigger fires.
    r = battle(dm(("w", "Alice", 7000, ["When this wins a battle, draw a card"]),
                  ("l", "Bob", 3000, ["Returns to hand instead of being destroyed"])), "w", "l")
    assert r.losers == ("l",) and r.destroyed == () and r.returned_to_hand == ("l",)
    assert r.triggers[0].creature == "w" and r.triggers[0].event == "wins"
    assert r.triggers[0].abilities == ("When this wins a battle, draw a card",)
    assert happened(r, 7) == ["W (w): When this wins a battle, draw a card"]


def test_cannot_be_destroyed_loser_stays_but_lost() -> None:
    # A loser that can't be destroyed stays in the battle zone, still having lost.
    r = battle(dm(("w", "Alice", 7000, []), ("l", "Bob", 3000, ["Cannot be destroyed"])), "w", "l")
    assert r.losers == ("l",) and r.destroyed == () and r.zones["l"] == "battle zone"


# ------------------------------------------------------------ power modifiers


def test_power_attacker_only_while_attacking() -> None:
    # Digest 6: power attacker applies only while attacking, not in an effect battle.
    s = dm(("pa", "Alice", 4000, ["Power attacker +3000"]), ("b", "Bob", 6000, []))
    attack = battle(s, "pa", "b")
    assert attack.powers == {"pa": 7000, "b": 6000} and attack.winners == ("pa",)
    effect = battle(s, "pa", "b", effect=True)
    assert effect.powers == {"pa": 4000, "b": 6000} and effect.winners == ("b",)
    assert effect.attacker is None and attack.attacker == "pa"


def test_defender_power_attacker_does_not_apply() -> None:
    # The attacked creature isn't attacking.
    r = battle(dm(("a", "Alice", 5000, []), ("b", "Bob", 4000, ["Power attacker +3000"])), "a", "b")
    assert r.powers["b"] == 4000 and r.winners == ("a",)


def test_power_during_battles_applies_and_ends() -> None:
    # Step 1 applies "during battle" effects, step 6 ends them.
    r = battle(dm(("a", "Alice", 5000, []), ("b", "Bob", 4000, ["Power +2000 during battles"])),
               "a", "b", effect=True)
    assert r.powers == {"a": 5000, "b": 6000} and r.winners == ("b",)
    assert happened(r, 6)


# ------------------------------------------------------------------ parsing


@pytest.mark.parametrize(("text", "kind", "amount"), [
    ("すべてのバトルに勝つ", "wins_all", 0),
    ("このクリーチャーはすべてのバトルに勝つ。", "wins_all", 0),
    ("スレイヤー", "slayer", 0),
    ("パワーアタッカー+3000", "power_attacker", 3000),
    ("パワーアタッカー＋５０００", "power_attacker", 5000),  # full-width
    ("バトルしない", "no_battle", 0),
    ("破壊されるかわりに手札に戻る", "return_instead", 0),
    ("エターナル・Ω", "return_instead", 0),
    ("バトルするかわりに相手クリーチャーを破壊する", "destroy_instead", 0),
    ("破壊されない", "indestructible", 0),
    ("バトルに勝った時、カードを1枚引く", "on_win", 0),
    ("バトル中パワー+2000", "battle_power", 2000),
    ("W・ブレイカー", "other", 0),
    ("wins all battles", "wins_all", 0),
    ("This creature wins all battles.", "wins_all", 0),
    ("SLAYER", "slayer", 0),
    ("Power Attacker +1000", "power_attacker", 1000),
    ("Doesn't battle", "no_battle", 0),
    ("Blocker", "other", 0),
])
def test_ability_names_in_english_and_japanese(text: str, kind: str, amount: int) -> None:
    ability = parse_dm_ability(text)
    assert (ability.kind, ability.amount) == (kind, amount)


def test_japanese_names_battle_like_english_ones() -> None:
    # Edge case 21 again with Japanese names: wins-all 3000 vs 9000.
    r = battle(dm(("a", "Alice", 3000, ["すべてのバトルに勝つ"]), ("b", "Bob", 9000, [])), "a", "b")
    assert r.destroyed == ("b",)
    r = battle(dm(("a", "Alice", 6000, []), ("s", "Bob", 1000, ["スレイヤー"])), "a", "s")
    assert r.destroyed == ("s", "a")


def test_unknown_ability_names_the_field() -> None:
    with pytest.raises(ScenarioError) as info:
        dm_board(dm(("a", "Alice", 1000, []), ("b", "Bob", 1000, ["Flyng"])))
    assert str(info.value) == "permanents[1].abilities[0]: unknown Duel Masters ability 'Flyng'"
    with pytest.raises(ScenarioError, match="did you mean 'Slayer'"):
        dm_board(dm(("a", "Alice", 1000, ["Slayr"])))


# ---------------------------------------------------------------- steps, input


def test_steps_run_zero_to_eight_in_order() -> None:
    # The seed's processing order: 0 (does a battle happen) then 1-8.
    r = battle(dm(("a", "Alice", 5000, []), ("b", "Bob", 5000, [])), "a", "b")
    assert [s.number for s in r.steps] == list(range(9))


def test_turn_player_triggers_resolve_first() -> None:
    # Steps 7 and 8 resolve the turn player's abilities first (Bob is the turn player here).
    s = dm(("a", "Alice", 2000, ["Slayer"]), ("b", "Bob", 2000, ["Slayer"]), active="Bob")
    r = battle(s, "b", "a")
    assert [t.creature for t in r.triggers] == ["b", "a"]
    assert happened(r, 3)[0].startswith("B (b)")


def test_attack_battle_checks_controllers() -> None:
    s = dm(("a", "Alice", 1000, []), ("b", "Bob", 1000, []), ("c", "Alice", 1000, []))
    with pytest.raises(ScenarioError) as info:
        battle(s, "b", "a")  # Bob isn't the turn player
    assert info.value.field == "A"
    with pytest.raises(ScenarioError):
        battle(s, "a", "c")  # an attack targets an opposing creature
    assert battle(s, "a", "c", effect=True).losers == ("a", "c")
    with pytest.raises(ScenarioError, match="unknown creature 'zz'"):
        battle(s, "a", "zz")
    with pytest.raises(ScenarioError, match="itself"):
        battle(s, "a", "a", effect=True)


def test_missing_power_is_an_error() -> None:
    s = parse_scenario({"game": "duel-masters", "players": [{"name": "A"}, {"name": "B"}],
                        "permanents": [{"name": "X", "controller": "A"},
                                       {"name": "Y", "controller": "B", "power": 1000}]})
    with pytest.raises(ScenarioError) as info:
        battle(s, "x", "y")
    assert info.value.field == "permanents[0].power"


def test_magic_scenario_is_refused() -> None:
    magic = parse_scenario({"players": [{"name": "A"}, {"name": "B"}]})
    with pytest.raises(ScenarioError) as info:
        battle(magic, "x", "y")
    assert info.value.field == "game"


# ------------------------------------------------------------------------ CLI


def test_cli_tie_example() -> None:
    # DM 115.3c through the command line (examples/dm-tie.yaml).
    code, out, _ = run("dm-battle", str(EXAMPLES / "dm-tie.yaml"), "attacker", "defender", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["battled"] is True and data["winners"] == []
    assert set(data["losers"]) == set(data["destroyed"]) == {"attacker", "defender"}
    assert [s["step"] for s in data["steps"]] == list(range(9))


@pytest.mark.parametrize(("args", "destroyed", "battled"), [
    (("dm-wins-all.yaml", "crusher", "giant"), ["giant"], True),
    (("dm-wins-all.yaml", "crusher", "sentinel", "--effect"), [], True),
    (("dm-slayer.yaml", "brute", "stalker"), ["stalker", "brute"], True),
    (("dm-no-battle.yaml", "reaper", "stalker"), ["stalker"], False),
    (("dm-no-battle.yaml", "reaper", "pacifist"), [], False),
    (("dm-return-to-hand.yaml", "lancer", "phoenix"), [], True),
    (("dm-return-to-hand.yaml", "lancer", "phoenix", "--effect"), ["lancer"], True),
])
def test_cli_examples_give_their_documented_answers(args: tuple[str, ...], destroyed: list[str],
                                                    battled: bool) -> None:
    code, out, _ = run("dm-battle", str(EXAMPLES / args[0]), *args[1:], "--json")
    assert code == 0
    data = json.loads(out)
    assert data["destroyed"] == destroyed and data["battled"] is battled


def test_cli_return_to_hand_example_keeps_the_wins_trigger() -> None:
    # Edge case 24 on the example: phoenix returns to hand, lancer's wins trigger fires.
    _, out, _ = run("dm-battle", str(EXAMPLES / "dm-return-to-hand.yaml"), "lancer", "phoenix", "--json")
    data = json.loads(out)
    assert data["returned_to_hand"] == ["phoenix"] and data["winners"] == ["lancer"]
    assert {"creature": "lancer", "event": "wins",
            "abilities": ["バトルに勝った時、カードを1枚引く"]} in data["triggers"]


def test_cli_errors(tmp_path: Path) -> None:
    magic = tmp_path / "magic.yaml"
    magic.write_text("players: [{name: A}, {name: B}]\n")
    code, _, err = run("dm-battle", str(magic), "x", "y")
    assert code == 2 and err.startswith("redzone: error: game:") and err.count("\n") == 1
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: duel-masters\nplayers: [{name: A}, {name: B}]\npermanents:\n"
                   "  - {name: X, controller: A, power: 1000}\n"
                   "  - {name: Y, controller: B, power: 1000, abilities: [Flyng]}\n")
    code, _, err = run("dm-battle", str(bad), "x", "y")
    assert code == 2
    assert err == "redzone: error: permanents[1].abilities[0]: unknown Duel Masters ability 'Flyng'\n"
    code, out, _ = run("dm-battle", str(EXAMPLES / "dm-slayer.yaml"), "brute", "stalker")
    assert code == 0 and "8. after-battle" in out
