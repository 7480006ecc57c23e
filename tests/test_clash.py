"""Clash (CR 701.30): reveal, compare mana values, top-or-bottom choices in APNAP order.

Cases from the rules digest (section 5, edge cases 19-20) and the seed on clash.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from redzone.models.clash import (
    BOTTOM,
    DEFAULT_KEEP_THRESHOLD,
    KEEP,
    ClashView,
    apnap_order,
    clash,
    keep_at_least,
)
from redzone.models.errors import ScenarioError
from redzone.models.scenario import parse_scenario
from redzone.solver.frontends.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def scenario(*libraries: list[str], active: str | None = None, **extra: Any) -> Any:
    names = ["Alice", "Bob", "Carol", "Dave"][: len(libraries)]
    data: dict[str, Any] = {"players": [{"name": n, "library": lib} for n, lib in zip(names, libraries)]}
    if active:
        data["active_player"] = active
    data.update(extra)
    return parse_scenario(data)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


# ------------------------------------------------------------------- who wins


def test_equal_mana_values_nobody_wins() -> None:
    # CR 701.30d: a winner needs a greater mana value than every other revealed card; 3 vs 3.
    result = clash(scenario(["Divination"], ["Brazen Borrower"]), "Alice")
    assert result.mana_values == {"Alice": 3, "Bob": 3}
    assert result.winners == () and not result.won


def test_higher_mana_value_wins() -> None:
    # CR 701.30d: Shivan Dragon (6) against Juggernaut (4).
    result = clash(scenario(["Shivan Dragon"], ["Juggernaut"]), "Alice")
    assert result.winners == ("Alice",) and result.won
    assert result.revealed == {"Alice": "Shivan Dragon", "Bob": "Juggernaut"}


def test_opponent_can_win_the_clash_you_started() -> None:
    # CR 701.30d: the opponent wins with the greater card; "you" did not win.
    result = clash(scenario(["Grizzly Bears"], ["Craw Wurm"]), "Alice")
    assert result.winners == ("Bob",) and not result.won


def test_empty_library_reveals_nothing_and_opponent_wins_with_a_land() -> None:
    # Rules digest 5 / edge case 19: an empty library reveals nothing and can't win; the
    # opponent wins with any card, even a land of mana value 0 (CR 701.30d).
    result = clash(scenario([], ["Forest"]), "Alice")
    assert result.revealed == {"Alice": None, "Bob": "Forest"}
    assert result.mana_values == {"Alice": None, "Bob": 0}
    assert result.winners == ("Bob",)
    assert result.choices["Alice"] is None  # nothing revealed, nothing to choose
    assert result.libraries["Alice"] == []


def test_both_libraries_empty_nobody_wins() -> None:
    # CR 701.30d: no card revealed, no winner.
    result = clash(scenario([], []), "Alice")
    assert result.winners == () and result.choices == {"Alice": None, "Bob": None}


def test_split_card_adds_both_halves() -> None:
    # Edge case 20, CR 202.3d, 709.4b: Assault // Battery ({R} // {3}{G}) has mana value 5 in
    # a library, so it beats a mana value 4 card. (The seed's "both players win" is pre-2017.)
    result = clash(scenario(["Assault // Battery"], ["Hill Giant"]), "Alice")
    assert result.mana_values == {"Alice": 5, "Bob": 4}
    assert result.winners == ("Alice",)


def test_split_card_can_lose_only_once() -> None:
    # CR 709.4b: Fire // Ice is 4 (2 + 2), no longer "2 or 2": it loses to Air Elemental (5)
    # and Bob alone wins.
    result = clash(scenario(["Fire // Ice"], ["Air Elemental"]), "Alice")
    assert result.mana_values["Alice"] == 4 and result.winners == ("Bob",)


def test_x_counts_zero() -> None:
    # CR 202.3e: Fireball ({X}{R}) has mana value 1 in a library; it beats Ornithopter (0).
    result = clash(scenario(["Fireball"], ["Ornithopter"]), "Alice")
    assert result.mana_values == {"Alice": 1, "Bob": 0} and result.winners == ("Alice",)


def test_unknown_mana_value_is_a_one_line_error_naming_the_card() -> None:
    # CR 709.4b needs both halves' costs; the bundled data lacks Liberate's (Memory's is
    # known since rules round 2: Commit // Memory is {3}{U} + {4}{U}{U} = 10).
    with pytest.raises(ScenarioError) as info:
        clash(scenario(["Bind // Liberate"], ["Hill Giant"]), "Bob")
    assert info.value.field == "players[0].library[0]"
    assert "Bind // Liberate" in str(info.value) and "\n" not in str(info.value)
    result = clash(scenario(["Commit // Memory"], ["Hill Giant"]), "Alice")
    assert result.mana_values["Alice"] == 10 and result.winners == ("Alice",)


def test_only_the_top_card_is_looked_at() -> None:
    # CR 701.30a: the top card only; Commit // Memory second in the library is never revealed.
    result = clash(scenario(["Hill Giant", "Commit // Memory"], ["Juggernaut"]), "Alice")
    assert result.winners == ()


# --------------------------------------------------------------- two clashes


def test_clash_with_an_opponent_is_two_clashes() -> None:
    # CR 701.30b: "clash with an opponent" means you and that opponent each clash.
    result = clash(scenario(["Island"], ["Forest"]), "Bob")
    assert result.clashes == 2
    assert result.clashed == ("Bob", "Alice")
    assert result.player == "Bob" and result.opponent == "Alice"


def test_whenever_you_clash_triggers_for_each_clashing_player() -> None:
    # CR 701.30b: Bob's effect makes Alice clash too, so Alice's Rebellion of the Flamekin
    # ("whenever you clash") triggers; her Sylvan Echoes ("clash and win") needs a win.
    perms = [{"card": "Rebellion of the Flamekin", "controller": "Alice"},
             {"card": "Sylvan Echoes", "controller": "Alice"},
             {"card": "Entangling Trap", "controller": "Carol"}]
    lost = clash(scenario(["Island"], ["Juggernaut"], ["Forest"], permanents=perms), "Bob",
                 opponent="Alice")
    assert [(t.permanent, t.condition) for t in lost.triggers] == [("rebellion-of-the-flamekin", "clash")]
    won = clash(scenario(["Craw Wurm"], ["Juggernaut"], ["Forest"], permanents=perms), "Bob",
                opponent="Alice")
    assert [t.permanent for t in won.triggers] == ["rebellion-of-the-flamekin", "sylvan-echoes"]


# ----------------------------------------------------------- choices (APNAP)


def test_apnap_order_starts_with_the_active_player() -> None:
    # CR 101.4: active player first, then turn order; whoever controls the effect.
    assert apnap_order(["A", "B", "C", "D"], "C", ["B", "D"]) == ("D", "B")
    assert apnap_order(["A", "B", "C", "D"], "A", ["D", "B"]) == ("B", "D")


def test_non_active_player_clashing_chooses_second() -> None:
    # CR 701.30c, 101.4: Bob's clash on Alice's turn: Alice chooses first.
    seen: list[tuple[str, dict[str, str]]] = []

    def record(view: ClashView) -> str:
        seen.append((view.player, dict(view.earlier)))
        return "bottom"

    result = clash(scenario(["Island", "Divination"], ["Forest", "Craw Wurm"]), "Bob", policy=record)
    assert result.order == ("Alice", "Bob")
    # 101.4b: the later player knows the earlier choice.
    assert seen == [("Alice", {}), ("Bob", {"Alice": "bottom"})]
    assert result.libraries == {"Bob": ["Craw Wurm", "Forest"], "Alice": ["Divination", "Island"]}


def test_active_player_setting_changes_the_order() -> None:
    # CR 101.4: with Bob active, Bob chooses first even though Alice clashes.
    result = clash(scenario(["Island"], ["Forest"], active="Bob"), "Alice")
    assert result.order == ("Bob", "Alice") and list(result.choices) == ["Bob", "Alice"]


def test_later_player_can_react_to_the_earlier_choice() -> None:
    # CR 101.4b: a policy that copies the earlier player's choice sees it.
    def copy(view: ClashView) -> str:
        return next(iter(view.earlier.values()), "bottom")

    result = clash(scenario(["Island"], ["Forest"]), "Alice", policy={"Alice": KEEP, "Bob": copy})
    assert result.choices == {"Alice": "top", "Bob": "top"}


def test_default_policy_keeps_mana_value_three_or_more() -> None:
    # The documented default: keep a card of mana value >= 3 on top, else bottom it.
    assert DEFAULT_KEEP_THRESHOLD == 3
    result = clash(scenario(["Divination", "Island"], ["Grizzly Bears", "Forest"]), "Alice")
    assert result.choices == {"Alice": "top", "Bob": "bottom"}
    assert result.libraries == {"Alice": ["Divination", "Island"], "Bob": ["Forest", "Grizzly Bears"]}


def test_forced_policies_per_player() -> None:
    # Forcing keep or bottom per player; the winner doesn't change (it is fixed at the reveal).
    s = scenario(["Island", "Swamp"], ["Craw Wurm", "Forest"])
    result = clash(s, "Alice", policy={"Alice": KEEP, "Bob": BOTTOM})
    assert result.choices == {"Alice": "top", "Bob": "bottom"}
    assert result.libraries == {"Alice": ["Island", "Swamp"], "Bob": ["Forest", "Craw Wurm"]}
    assert result.winners == ("Bob",)
    assert clash(s, "Alice", policy="bottom").libraries["Alice"] == ["Swamp", "Island"]
    assert clash(s, "Alice", policy=keep_at_least(7)).choices == {"Alice": "bottom", "Bob": "bottom"}


def test_policy_naming_a_player_who_does_not_clash_is_an_error() -> None:
    with pytest.raises(ScenarioError) as info:
        clash(scenario(["Island"], ["Forest"], ["Swamp"]), "Alice", opponent="Bob",
              policy={"Carol": KEEP})
    assert info.value.field == "policy"


# ------------------------------------------------------------------ opponents


def test_three_players_need_an_opponent() -> None:
    s = scenario(["Island"], ["Forest"], ["Craw Wurm"])
    with pytest.raises(ScenarioError) as info:
        clash(s, "Alice")
    assert info.value.field == "opponent" and "Bob, Carol" in info.value.problem
    result = clash(s, "Alice", opponent="Carol")
    assert result.clashed == ("Alice", "Carol") and result.winners == ("Carol",)
    assert "Bob" not in result.libraries


def test_bad_player_names() -> None:
    s = scenario(["Island"], ["Forest"])
    with pytest.raises(ScenarioError, match="unknown player 'Zed'"):
        clash(s, "Zed")
    with pytest.raises(ScenarioError, match="themselves"):
        clash(s, "Alice", opponent="Alice")


def test_duel_masters_scenario_is_refused() -> None:
    dm = parse_scenario({"game": "duel-masters", "players": [{"name": "A"}, {"name": "B"}]})
    with pytest.raises(ScenarioError) as info:
        clash(dm, "A")
    assert info.value.field == "game"


def test_a_board_works_like_its_scenario() -> None:
    from redzone.models.board import build_board

    s = scenario(["Assault // Battery"], ["Hill Giant"])
    assert clash(build_board(s), "Alice").winners == ("Alice",)


# ------------------------------------------------------------------------ CLI


def test_cli_json_on_the_split_card_example() -> None:
    # Edge case 20 through the command line: 5 > 4.
    code, out, _ = run("clash", str(EXAMPLES / "clash-split-card.yaml"), "Alice", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["revealed"] == {"Alice": "Assault // Battery", "Bob": "Hill Giant"}
    assert data["mana_values"] == {"Alice": 5, "Bob": 4}
    assert data["winners"] == ["Alice"] and data["clashes"] == 2


def test_cli_examples_give_their_documented_answers() -> None:
    _, out, _ = run("clash", str(EXAMPLES / "clash-tie.yaml"), "Bob", "--json")
    assert json.loads(out)["winners"] == []  # 3 vs 3, CR 701.30d
    _, out, _ = run("clash", str(EXAMPLES / "clash-empty-library.yaml"), "Alice", "--json")
    assert json.loads(out)["winners"] == ["Bob"]  # empty library vs Forest
    _, out, _ = run("clash", str(EXAMPLES / "clash-springjack.yaml"), "Alice", "--bottom", "Alice", "--json")
    data = json.loads(out)
    assert data["winners"] == ["Alice"]
    assert data["libraries"]["Alice"] == ["Island", "Shivan Dragon"]
    assert data["choices"] == {"Alice": "bottom", "Bob": "top"}
    assert {t["permanent"] for t in data["triggers"]} == {"rebellion-of-the-flamekin", "sylvan-echoes"}


def test_cli_keep_and_bottom(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("players:\n  - {name: Alice, library: [Island, Swamp]}\n"
                    "  - {name: Bob, library: [Craw Wurm, Forest]}\n")
    code, out, _ = run("clash", str(path), "Alice", "--keep", "Alice", "--bottom", "Bob", "--json")
    assert code == 0
    assert json.loads(out)["libraries"] == {"Alice": ["Island", "Swamp"], "Bob": ["Forest", "Craw Wurm"]}
    code, _, err = run("clash", str(path), "Alice", "--keep", "Bob", "--bottom", "Bob")
    assert code == 2 and err.count("\n") == 1
    code, out, _ = run("clash", str(path), "Alice")
    assert code == 0 and "Winner: Bob" in out


def test_cli_errors_are_one_line_exit_2(tmp_path: Path) -> None:
    three = tmp_path / "three.yaml"
    three.write_text("players: [{name: A, library: [Island]}, {name: B}, {name: C}]\n")
    code, _, err = run("clash", str(three), "A")
    assert code == 2 and err.startswith("redzone: error: opponent:") and err.count("\n") == 1
    gap = tmp_path / "gap.yaml"
    gap.write_text("players: [{name: A, library: [Bind // Liberate]}, {name: B, library: [Island]}]\n")
    code, _, err = run("clash", str(gap), "A")
    assert code == 2 and "Bind // Liberate" in err and err.count("\n") == 1
    code, _, err = run("clash", str(EXAMPLES / "dm-tie.yaml"), "Alice")
    assert code == 2 and err.startswith("redzone: error: game:")
