"""Scenario schema and loading (models/scenario/).

Valid scenarios get the contract's defaults (life 20, the first player active, derived ids);
every kind of bad input becomes one ``ScenarioError`` line naming the field. Card look-ups
go through ``redzone.models.cards.lookup``; most tests replace that module with a small stub so they
test the schema alone, and one test loads the example files against the real card data.
"""

from __future__ import annotations

import difflib
import io
import json
import sys
import types
from pathlib import Path

import pytest

from redzone.models.errors import ScenarioError, UnknownCardError
from redzone.models.scenario import (
    CombatSpec,
    GoadEffect,
    MustAttackEffect,
    MustBlockEffect,
    PermanentSpec,
    PlayerSpec,
    Scenario,
    default_id,
    iter_scenarios_jsonl,
    load_scenario,
    parse_scenario,
    scenario_json_schema,
)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

KNOWN_CARDS = [
    "Grizzly Bears", "Juggernaut", "Dueling Grounds", "Bloodshed Fever", "Loyal Pegasus",
    "Propaganda", "Island", "Divination", "Gideon, Ally of Zendikar", "Hill Giant",
]


@pytest.fixture
def cards(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Replace ``redzone.models.cards`` with a stub knowing KNOWN_CARDS; returns the names looked up."""
    asked: list[str] = []
    stub = types.ModuleType("redzone.models.cards")

    def lookup(name: str) -> object:
        asked.append(name)
        if name not in KNOWN_CARDS:
            raise UnknownCardError(name, difflib.get_close_matches(name, KNOWN_CARDS, n=3, cutoff=0.5))
        return types.SimpleNamespace(name=name)

    stub.lookup = lookup  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "redzone.models.cards", stub)
    return asked


def two_players(**extra: object) -> dict:
    return {"players": [{"name": "Alice"}, {"name": "Bob"}], **extra}


def error_of(data: object) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data)
    assert "\n" not in str(info.value)  # one line, never a traceback
    return info.value


# ------------------------------------------------------------------ valid scenarios


def test_defaults_are_applied(cards: list[str]) -> None:
    s = parse_scenario(two_players(permanents=[{"card": "Grizzly Bears", "controller": "Alice"}]))
    assert s.game == "magic" and s.rules == "current"
    alice, bob = s.players
    # CR 103.4: a two-player game starts at 20 life; the format's default is 20.
    assert (alice.life, alice.mana, alice.poison, alice.library) == (20, 0, 0, [])
    assert bob.life == 20
    assert s.active_player == "Alice"  # default: the first player listed
    assert s.active == "Alice"
    bears = s.permanents[0]
    assert bears.id == "grizzly-bears"
    assert (bears.tapped, bears.summoning_sick, bears.damage, bears.counters) == (False, False, 0, {})
    assert bears.owner is None and bears.abilities == []
    assert s.effects == [] and s.combat is None
    assert cards == ["Grizzly Bears"]


def test_active_player_can_be_any_player(cards: list[str]) -> None:
    s = parse_scenario({**two_players(), "active_player": "Bob"})
    assert s.active_player == "Bob"


def test_derived_ids_are_deduplicated_in_order_and_avoid_given_ids(cards: list[str]) -> None:
    s = parse_scenario(two_players(permanents=[
        {"card": "Grizzly Bears", "controller": "Alice"},
        {"card": "Juggernaut", "controller": "Alice"},
        {"card": "Grizzly Bears", "controller": "Alice"},
        {"id": "grizzly-bears-2", "card": "Juggernaut", "controller": "Bob"},
        {"card": "Grizzly Bears", "controller": "Bob"},
        {"name": "Stone Wall", "controller": "Bob", "types": ["Creature"], "power": 0, "toughness": 8},
    ]))
    assert [p.id for p in s.permanents] == [
        "grizzly-bears", "juggernaut", "grizzly-bears-3", "grizzly-bears-2", "grizzly-bears-4",
        "stone-wall",
    ]
    assert list(s.permanents_by_id) == [p.id for p in s.permanents]


@pytest.mark.parametrize(("name", "expected"), [
    ("Grizzly Bears", "grizzly-bears"),
    ("Gideon, Ally of Zendikar", "gideon-ally-of-zendikar"),
    ("Lim-Dûl the Necromancer", "lim-dul-the-necromancer"),
    ("Invasion of Dominaria // Serra Faithkeeper", "invasion-of-dominaria-serra-faithkeeper"),
    ("  !!  ", "permanent"),
])
def test_default_id(name: str, expected: str) -> None:
    assert default_id(name) == expected


def test_full_scenario_with_effects_and_combat(cards: list[str]) -> None:
    s = parse_scenario({
        "rules": "2023",
        "players": [{"name": "Alice", "mana": 3, "library": ["Divination", "Island"]},
                    {"name": "Bob", "poison": 2}],
        "permanents": [
            {"id": "jugg", "card": "Juggernaut", "controller": "Alice"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "Alice", "summoning_sick": True,
             "abilities": ["This creature attacks each combat if able."]},
            {"id": "fever", "card": "Bloodshed Fever", "controller": "Bob", "attached_to": "bears"},
            {"id": "wall", "name": "Stone Wall", "controller": "Bob", "types": ["creature"],
             "subtypes": ["wall"], "colors": ["red", "w", "R"], "power": 0, "toughness": 8, "text": "Defender",
             "damage": 3, "counters": {"+1/+1": 2}},
            {"id": "gideon", "card": "Gideon, Ally of Zendikar", "controller": "Bob", "loyalty": 2},
        ],
        "effects": [
            {"goad": "bears", "by": "Bob"},
            {"must_attack": {"attacker": "bears", "target": "gideon"}},
            {"must_block": {"blocker": "wall", "attacker": "jugg"}},
        ],
        "combat": {
            "attackers": {"jugg": "Bob", "bears": "gideon"}, "blockers": {"wall": ["jugg"]},
            "blocked": ["jugg"], "step": "regular", "damage_order": {"jugg": ["wall"]},
            "assignment": {"jugg": {"wall": 5}},
        },
    })
    assert [type(e) for e in s.effects] == [GoadEffect, MustAttackEffect, MustBlockEffect]
    assert s.effects[1].must_attack.target == "gideon"
    assert s.effects[2].must_block.blocker == "wall"
    assert isinstance(s.combat, CombatSpec) and s.combat.assignment == {"jugg": {"wall": 5}}
    wall = s.permanent("wall")
    # Types and supertypes are spelt as CR 205 spells them; colours are letters in WUBRG
    # order (CR 105.2), as models.cards stores them.
    assert (wall.types, wall.subtypes, wall.colors) == (["Creature"], ["Wall"], ["W", "R"])
    assert s.player("Bob").poison == 2
    assert cards.count("Divination") == 1 and "Island" in cards


def test_models_can_be_built_in_code(cards: list[str]) -> None:
    s = Scenario(players=[PlayerSpec(name="A"), PlayerSpec(name="B")],
                 permanents=[PermanentSpec(card="Juggernaut", controller="B")])
    assert s.active_player == "A" and s.permanents[0].id == "juggernaut"


def test_duel_masters_needs_no_card_data(monkeypatch: pytest.MonkeyPatch) -> None:
    stub = types.ModuleType("redzone.models.cards")

    def lookup(name: str) -> object:
        raise AssertionError("Duel Masters scenarios must not look cards up")

    stub.lookup = lookup  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "redzone.models.cards", stub)
    s = parse_scenario({
        "game": "duel-masters",
        "players": [{"name": "A"}, {"name": "B"}],
        "permanents": [{"name": "Flame Dragon", "controller": "A", "power": 5000,
                        "abilities": ["Wins all battles"]},
                       {"name": "Flame Dragon", "controller": "B", "power": 5000}],
    })
    assert [p.id for p in s.permanents] == ["flame-dragon", "flame-dragon-2"]
    err = error_of({"game": "duel-masters", "players": [{"name": "A"}],
                    "permanents": [{"card": "Juggernaut", "controller": "A"}]})
    assert err.field == "permanents[0].card"


# ------------------------------------------------------------------ loading


def test_load_yaml_and_json_files(cards: list[str], tmp_path: Path) -> None:
    yaml_file = tmp_path / "s.yaml"
    yaml_file.write_text("players:\n  - name: Alice\n  - name: Bob\n    life: 7\n")
    assert load_scenario(yaml_file).players[1].life == 7
    json_file = tmp_path / "s.json"
    json_file.write_text(json.dumps(two_players(active_player="Bob")))
    assert load_scenario(str(json_file)).active_player == "Bob"
    # Unknown suffix: YAML (a superset of JSON).
    assert load_scenario("whatever.txt", text=json.dumps(two_players())).active_player == "Alice"


def test_load_from_stdin(cards: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("players: [{name: X}, {name: Y}]\n"))
    assert load_scenario("-").active_player == "X"


def test_malformed_yaml_names_file_and_line() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario("bad.yaml", text="players:\n  - name: Alice\n   - name: Bob\n")
    assert info.value.field.startswith("bad.yaml:3:")
    assert "malformed YAML" in info.value.problem and "\n" not in str(info.value)


def test_duplicate_yaml_key_is_an_error() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario("dup.yaml", text="players: []\nplayers: []\n")
    assert info.value.field == "dup.yaml:2:1"
    assert "duplicate key 'players'" in info.value.problem


def test_malformed_json_names_file_and_line() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario("bad.json", text='{\n  "players": [\n}')
    assert info.value.field == "bad.json:3:1"
    assert info.value.problem.startswith("malformed JSON")


def test_missing_file() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario("/nonexistent/scenario.yaml")
    assert str(info.value) == "/nonexistent/scenario.yaml: no such file"


def test_scenario_must_be_a_mapping() -> None:
    assert "must be a mapping" in error_of([1, 2]).problem
    assert "got nothing" in error_of(None).problem


def test_jsonl_batch_keeps_good_rows_around_a_bad_one(cards: list[str]) -> None:
    good = json.dumps(two_players(permanents=[{"card": "Juggernaut", "controller": "Alice"}]))
    bad = json.dumps(two_players(permanents=[{"card": "Juggernaut", "controller": "Carol"}]))
    lines = [good + "\n", "\n", bad + "\n", "{not json\n", good + "\n"]
    results = list(iter_scenarios_jsonl(lines))
    assert [n for n, _ in results] == [1, 3, 4, 5]
    assert isinstance(results[0][1], Scenario) and isinstance(results[3][1], Scenario)
    bad_row = results[1][1]
    assert isinstance(bad_row, ScenarioError)
    assert bad_row.field == "permanents[0].controller"
    assert str(bad_row).startswith("line 3: permanents[0].controller: unknown player 'Carol'")
    assert isinstance(results[2][1], ScenarioError) and "malformed JSON" in str(results[2][1])


def test_jsonl_file(cards: list[str], tmp_path: Path) -> None:
    path = tmp_path / "batch.jsonl"
    path.write_text(json.dumps(two_players()) + "\n" + json.dumps({"players": []}) + "\n")
    results = list(iter_scenarios_jsonl(path))
    assert isinstance(results[0][1], Scenario)
    assert isinstance(results[1][1], ScenarioError) and results[1][1].field == "players"


# ------------------------------------------------------------------ bad input


def test_unknown_top_level_key() -> None:
    err = error_of({**two_players(), "attackers": {}})
    assert err.field == "attackers"
    assert err.problem.startswith("unknown field (allowed: game, rules, active_player, players")


def test_unknown_nested_key_suggests_the_field(cards: list[str]) -> None:
    err = error_of(two_players(permanents=[
        {"card": "Grizzly Bears", "controller": "Alice", "summoning_sickness": True}]))
    assert str(err) == "permanents[0].summoning_sickness: unknown field (did you mean summoning_sick?)"


def test_unknown_card_gives_closest_names(cards: list[str]) -> None:
    err = error_of(two_players(permanents=[
        {"card": "Grizzly Bears", "controller": "Alice"},
        {"card": "Grizly Bears", "controller": "Alice"}]))
    assert err.field == "permanents[1].card"
    assert err.problem.startswith("unknown card 'Grizly Bears' (closest: Grizzly Bears")


def test_unknown_library_card(cards: list[str]) -> None:
    err = error_of({"players": [{"name": "Alice", "library": ["Island", "Divination", "Islnd"]},
                                {"name": "Bob"}]})
    assert err.field == "players[0].library[2]" and "unknown card 'Islnd'" in err.problem


def test_unknown_player(cards: list[str]) -> None:
    err = error_of(two_players(permanents=[{"card": "Juggernaut", "controller": "Alice"}] * 3
                               + [{"card": "Juggernaut", "controller": "Bbo"}]))
    assert str(err) == "permanents[3].controller: unknown player 'Bbo' (players: Alice, Bob)"
    assert error_of({**two_players(), "active_player": "Carol"}).field == "active_player"
    err = error_of(two_players(effects=[{"goad": "x", "by": "Carol"}],
                               permanents=[{"id": "x", "card": "Juggernaut", "controller": "Alice"}]))
    assert err.field == "effects[0].by"


@pytest.mark.parametrize(("extra", "field"), [
    ({"permanents": [{"card": "Bloodshed Fever", "controller": "Bob", "attached_to": "bear"}]},
     "permanents[1].attached_to"),
    ({"effects": [{"goad": "jugg", "by": "Bob"}]}, "effects[0].goad"),
    ({"effects": [{"must_block": {"blocker": "x", "attacker": "jugg"}}]}, "effects[0].must_block.blocker"),
    ({"effects": [{"must_attack": {"attacker": "juggernaut", "target": "Carol"}}]},
     "effects[0].must_attack.target"),
    ({"combat": {"attackers": {"jugg": "Bob"}}}, "combat.attackers"),
    ({"combat": {"attackers": {"juggernaut": "Bobby"}}}, "combat.attackers.juggernaut"),
    ({"combat": {"blockers": {"juggernaut": ["wall"]}}}, "combat.blockers.juggernaut[0]"),
])
def test_unknown_ids(cards: list[str], extra: dict, field: str) -> None:
    base = [{"card": "Juggernaut", "controller": "Alice"}]
    data = two_players(**extra)
    data["permanents"] = base + list(extra.get("permanents", []))
    assert error_of(data).field == field


def test_unknown_id_suggests_close_ids(cards: list[str]) -> None:
    err = error_of(two_players(
        permanents=[{"card": "Grizzly Bears", "controller": "Alice"}],
        effects=[{"goad": "grizly-bears", "by": "Bob"}]))
    assert str(err) == "effects[0].goad: unknown id 'grizly-bears' (closest: grizzly-bears)"


def test_duplicate_ids_and_names(cards: list[str]) -> None:
    err = error_of(two_players(permanents=[
        {"id": "x", "card": "Juggernaut", "controller": "Alice"},
        {"id": "x", "card": "Grizzly Bears", "controller": "Alice"}]))
    assert str(err) == "permanents[1].id: duplicate id 'x' (also permanents[0])"
    err = error_of({"players": [{"name": "Alice"}, {"name": "Alice"}]})
    assert str(err) == "players[1].name: duplicate player name 'Alice'"
    # Targets are "a player name or a permanent id": the two must not overlap.
    err = error_of(two_players(permanents=[{"id": "Bob", "card": "Juggernaut", "controller": "Alice"}]))
    assert err.field == "permanents[0].id"


def test_negative_toughness_is_an_error(cards: list[str]) -> None:
    # A given toughness is the current value; at 0 or less the creature would already be in
    # the graveyard (CR 704.5f), and a negative value is refused as input.
    err = error_of(two_players(permanents=[
        {"card": "Juggernaut", "controller": "Alice"},
        {"card": "Juggernaut", "controller": "Alice"},
        {"card": "Grizzly Bears", "controller": "Alice", "toughness": -1}]))
    assert str(err) == "permanents[2].toughness: must be ≥ 0 (got -1)"
    # Power may be negative (CR 107.1b); damage and counters may not.
    s = parse_scenario(two_players(permanents=[
        {"card": "Grizzly Bears", "controller": "Alice", "power": -2}]))
    assert s.permanents[0].power == -2
    assert error_of(two_players(permanents=[
        {"card": "Grizzly Bears", "controller": "Alice", "damage": -1}])).field == "permanents[0].damage"


def test_bad_effect_shape(cards: list[str]) -> None:
    data = two_players(permanents=[{"id": "b", "card": "Grizzly Bears", "controller": "Alice"}],
                       effects=[{"goad": "b", "by": "Bob"}, {"provoke": "b"}])
    assert str(error_of(data)) == "effects[1]: expected one of goad, must_attack, must_block, prevent_damage"
    data["effects"] = [{"goad": "b"}]
    assert str(error_of(data)) == "effects[0].by: required field is missing"
    data["effects"] = [{"must_attack": "b"}]
    assert error_of(data).field == "effects[0].must_attack"
    data["effects"] = [{"goad": "b", "by": "Bob", "must_block": {"blocker": "b", "attacker": "b"}}]
    assert error_of(data).field == "effects[0]"


def test_card_or_name_exactly_one(cards: list[str]) -> None:
    both = error_of(two_players(permanents=[{"card": "Juggernaut", "name": "J", "controller": "Alice"}]))
    neither = error_of(two_players(permanents=[{"controller": "Alice", "power": 1}]))
    assert both.field == neither.field == "permanents[0].card"


def test_other_shape_errors(cards: list[str]) -> None:
    assert str(error_of({**two_players(), "game": "mtg"})) == "game: expected 'magic' or 'duel-masters' (got 'mtg')"
    assert error_of({"players": [{"name": "Solo"}]}).field == "players"  # Magic needs two
    assert error_of({"permanents": []}).problem == "required field is missing"
    err = error_of(two_players(permanents=[{"card": "Juggernaut", "controller": "Alice", "power": "big"}]))
    assert str(err) == "permanents[0].power: expected a whole number (got 'big')"
    err = error_of(two_players(permanents=[{"card": "Juggernaut", "controller": "Alice", "colors": ["purple"]}]))
    assert err.field == "permanents[0].colors[0]"
    err = error_of(two_players(permanents=[{"card": "Juggernaut", "controller": "Alice", "types": ["Creture"]}]))
    assert err.field == "permanents[0].types[0]"
    err = error_of(two_players(permanents=[{"card": "Juggernaut", "controller": "Alice",
                                            "counters": {"+1/+1": -1}}]))
    assert err.field == "permanents[0].counters['+1/+1']"
    err = error_of(two_players(combat={"step": "third"}))
    assert err.field == "combat.step"


def test_json_schema() -> None:
    schema = scenario_json_schema()
    assert schema["additionalProperties"] is False
    assert set(schema["properties"]) == {
        "game", "rules", "active_player", "players", "permanents", "effects", "combat", "format",
        "combat_number"}  # h25
    assert schema["required"] == ["players"]
    json.dumps(schema)  # serialisable


# ------------------------------------------------------------------ examples


def test_examples_load_with_the_real_card_data() -> None:
    pytest.importorskip("redzone.models.cards")
    loaded = {path.name: load_scenario(path) for path in sorted(EXAMPLES.glob("*.yaml"))}
    assert len(loaded) >= 9
    assert [p.id for p in loaded["two-juggernauts.yaml"].permanents] == [
        "dueling-grounds", "juggernaut", "juggernaut-2"]
    assert [p.id for p in loaded["crawlspace.yaml"].permanents][:3] == [
        "juggernaut", "juggernaut-2", "juggernaut-3"]
    assert loaded["goad-four-players.yaml"].active_player == "Alice"
    siege = loaded["siege.yaml"].permanent("siege")
    assert (siege.protector, siege.defense) == ("Bob", 5)


def test_round_trip_is_stable(cards: list[str]) -> None:
    s = parse_scenario(two_players(permanents=[
        {"card": "Juggernaut", "controller": "Alice"}, {"card": "Juggernaut", "controller": "Bob"}],
        effects=[{"goad": "juggernaut-2", "by": "Alice"}]))
    again = parse_scenario(json.loads(s.model_dump_json()))
    assert again == s and [p.id for p in again.permanents] == ["juggernaut", "juggernaut-2"]


def test_where_prefixes_the_message_but_not_the_field() -> None:
    with pytest.raises(ScenarioError) as info:
        parse_scenario({"players": [{"name": "A"}, {"name": "B"}], "rules": "1999"}, where="line 9")
    assert info.value.field == "rules"
    assert str(info.value) == "line 9: rules: expected 'current' or '2023' (got '1999')"
