"""Bounded, strict input (issue 8, §2 and the command-line items of §4): every odd input gets
the right answer or one line naming the field, with exit status 2 — never a traceback."""

from __future__ import annotations

import copy
import json
import re
import resource
from pathlib import Path
from typing import Any

import pytest

from redzone.models.board import build_board
from redzone.models.errors import ScenarioError, clip
from redzone.models.scenario import MAX_NUMBER, load_scenario, parse_scenario
from redzone.solver.frontends.batch import is_batch

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

BASE: dict[str, Any] = {
    "players": [{"name": "Alice"}, {"name": "Bob"}],
    "permanents": [{"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
                   {"id": "giant", "card": "Hill Giant", "controller": "Bob"}],
}


def _with(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


# ---------------------------------------------------------------------------- numbers


@pytest.mark.parametrize(("path", "field"), [
    (("players", 0, "life"), "players[0].life"),
    (("permanents", 0, "power"), "permanents[0].power"),
    (("permanents", 0, "toughness"), "permanents[0].toughness"),
    (("players", 1, "mana"), "players[1].mana"),
    (("permanents", 1, "damage"), "permanents[1].damage"),
])
def test_booleans_are_not_numbers(path: tuple[Any, ...], field: str) -> None:
    with pytest.raises(ScenarioError, match="^" + re.escape(field) + ": expected a whole number, not a Boolean"):
        parse_scenario(_with(path, True))


def test_numbers_are_bounded() -> None:
    # A blocked creature with power 10**30 once reached CP-SAT and failed there (exit 1).
    with pytest.raises(ScenarioError, match=r"permanents\[0\]\.power: must be ≤ 1000000"):
        parse_scenario(_with(("permanents", 0, "power"), 10**30))
    with pytest.raises(ScenarioError, match=r"players\[0\]\.life: must be ≥ -1000000"):
        parse_scenario(_with(("players", 0, "life"), -10**7))
    with pytest.raises(ScenarioError, match=r"permanents\[1\]\.counters\.\+1/\+1|counters"):
        parse_scenario(_with(("permanents", 1, "counters"), {"+1/+1": MAX_NUMBER + 1}))
    ok = parse_scenario(_with(("permanents", 0, "power"), -MAX_NUMBER))
    assert ok.permanents[0].power == -MAX_NUMBER  # power may be negative (CR 107.1b)


def test_whole_numbers_only() -> None:
    with pytest.raises(ScenarioError, match="expected a whole number"):
        parse_scenario(_with(("permanents", 0, "power"), 2.0))
    with pytest.raises(ScenarioError, match=r"tapped: expected true or false"):
        parse_scenario(_with(("permanents", 0, "tapped"), 1))


def test_inline_planeswalker_needs_loyalty_and_battle_defense() -> None:
    # CR 306.5b: a planeswalker has loyalty; 310.4: a battle has defense.
    pw = {"players": BASE["players"], "permanents": [
        {"id": "pw", "name": "Walker", "types": ["Planeswalker"], "controller": "Bob"}]}
    with pytest.raises(ScenarioError, match=r"permanents\[0\]\.loyalty: .*planeswalker with no loyalty"):
        build_board(parse_scenario(pw))
    battle = {"players": BASE["players"], "permanents": [
        {"id": "b", "name": "Siege", "types": ["Battle"], "controller": "Bob"}]}
    with pytest.raises(ScenarioError, match=r"permanents\[0\]\.defense"):
        build_board(parse_scenario(battle))


# ---------------------------------------------------------------------------- files


def test_deep_json_and_yaml_are_one_line_errors() -> None:
    for label, text in (("deep.json", "[" * 1000 + "]" * 1000),
                        ("deep.json", '{"a":' * 200 + "1" + "}" * 200),
                        ("deep.yaml", "- " * 500 + "1"),
                        ("deep.yaml", "[" * 500 + "]" * 500),
                        # 40 levels in an anchor, used 40 levels down: 80 deep once expanded
                        ("alias.yaml", "x: &x " + "[" * 40 + "1" + "]" * 40
                         + "\nplayers: " + "[" * 40 + "*x" + "]" * 40 + "\n")):
        with pytest.raises(ScenarioError, match="nested more than 64 levels") as err:
            load_scenario(label, text=text)
        assert "\n" not in str(err.value)


def test_yaml_alias_bomb_is_refused_before_it_expands() -> None:
    # Nine levels of nine aliases: 9**9 (387 million) strings from a few hundred bytes.
    levels = ["a: &a [" + ", ".join(['"lol"'] * 9) + "]"]
    names = "abcdefghi"
    for prev, name in zip(names, names[1:]):
        levels.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    bomb = "\n".join(levels) + "\n"
    assert len(bomb) < 500
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(ScenarioError, match="alias bomb"):
        load_scenario("bomb.yaml", text=bomb)
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 50  # nothing was expanded (memory, not time: speed lives in benchmarks/)


def test_byte_order_mark_is_accepted_in_json_and_yaml(tmp_path: Path) -> None:
    text = json.dumps(BASE)
    for name in ("bom.json", "bom.yaml"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8-sig")
        assert [p.id for p in load_scenario(path).permanents] == ["bears", "giant"]


def test_json_lines_where_one_scenario_is_expected_gets_a_hint() -> None:
    two = json.dumps(BASE) + "\n" + json.dumps(BASE) + "\n"
    with pytest.raises(ScenarioError, match=r"<stdin>: holds 2 lines of JSON objects .*\.jsonl"):
        load_scenario("-", text=two)


def test_batch_suffixes_in_any_case() -> None:
    assert is_batch("runs.jsonl") and is_batch("RUNS.JSONL") and is_batch("runs.ndjson")
    assert not is_batch("one.json") and not is_batch("one.yaml")


def test_messages_quote_at_most_about_200_characters() -> None:
    huge = "x" * 1_000_000
    with pytest.raises(ScenarioError) as err:
        parse_scenario(_with(("permanents", 0, "card"), huge))
    assert len(str(err.value)) < 400 and "1000002 characters" in str(err.value)
    with pytest.raises(ScenarioError) as err:
        parse_scenario(_with(("permanents", 0, "controller"), huge))
    assert len(str(err.value)) < 800
    assert clip("abc") == "'abc'"


# ---------------------------------------------------------------------------- commands


def _write(tmp_path: Path, data: dict[str, Any], name: str = "s.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def test_magic_commands_refuse_duel_masters(redzone_main) -> None:  # type: ignore[no-untyped-def]
    for command in ("attack", "check-attack", "block", "check-block", "damage", "check-damage",
                    "choose-attack", "choose-block"):
        code, out, err = redzone_main(command, str(EXAMPLES / "dm-tie.yaml"))
        assert code == 2 and err.count("\n") == 1
        assert "game: this command plays Magic: The Gathering rules" in err
    code, _, err = redzone_main("fight", str(EXAMPLES / "dm-tie.yaml"), "attacker", "defender")
    assert code == 2 and "game:" in err


def test_only_the_active_players_creatures_attack(tmp_path: Path, redzone_main) -> None:  # type: ignore[no-untyped-def]
    # CR 508.1a: Bob's Giant can't be an attacking creature on Alice's turn.
    path = _write(tmp_path, {**BASE, "combat": {"attackers": {"giant": "Alice"}}})
    for command in ("block", "damage"):
        code, _, err = redzone_main(command, path)
        assert code == 2 and "only the active player's creatures attack" in err
        assert "own controller" not in err
    code, out, _ = redzone_main("check-attack", path, "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is False
    assert "only the active player's creatures attack (CR 508.1a)" in data["violations"][0]["message"]


def test_option_json_refuses_duplicate_keys(redzone_main) -> None:  # type: ignore[no-untyped-def]
    cases = [("check-attack", "two-juggernauts.yaml", "--attackers",
              '{"juggernaut": "Bob", "juggernaut": "Alice"}'),
             ("check-block", "menace-watchdog.yaml", "--blockers",
              '{"dog": ["brute"], "dog": []}'),
             ("check-damage", "damage-thrasta-planeswalker.yaml", "--assignment",
              '{"a": {"b": 1}, "a": {}}')]
    for command, example, option, value in cases:
        code, _, err = redzone_main(command, str(EXAMPLES / example), option, value)
        assert code == 2 and f"{option}: duplicate key" in err


def test_old_option_name_is_an_alias(redzone_main) -> None:  # type: ignore[no-untyped-def]
    new = redzone_main("check-attack", str(EXAMPLES / "two-juggernauts.yaml"), "--json",
                       "--attackers", '{"juggernaut": "Bob"}')
    old = redzone_main("check-attack", str(EXAMPLES / "two-juggernauts.yaml"), "--json",
                       "--declaration", '{"juggernaut": "Bob"}')
    assert new[0] == old[0] == 0 and json.loads(new[1])["legal"] is True  # CR 508.1c-d
    assert json.loads(new[1])["declaration"] == json.loads(old[1])["declaration"]


def test_json_error_object_on_stdout_for_one_file(tmp_path: Path, redzone_main) -> None:  # type: ignore[no-untyped-def]
    path = _write(tmp_path, _with(("players", 0, "life"), True))
    code, out, err = redzone_main("attack", path, "--json")
    assert code == 2 and "players[0].life" in err
    assert json.loads(out) == {"where": path, "error": json.loads(out)["error"]}
    assert "players[0].life" in json.loads(out)["error"]["message"]
    code, out, _ = redzone_main("attack", path, "--json", "--time-limit", "nan")
    assert code == 2 and "--time-limit" in json.loads(out)["error"]["message"]


def test_schema_takes_json(redzone_main) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = redzone_main("schema", "--json")
    assert code == 0 and out.count("\n") == 1 and json.loads(out)["title"] == "redzone scenario"


def test_damage_warns_on_illegal_blocks_and_refuses_them_with_strict(tmp_path: Path, redzone_main) -> None:  # type: ignore[no-untyped-def]
    # CR 509.1a: a tapped creature can't block; 702.111b: menace needs two blockers.
    data = {"players": BASE["players"], "permanents": [
        {"id": "brute", "card": "Boggart Brute", "controller": "Alice"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
        {"id": "wall", "card": "Wall of Stone", "controller": "Bob", "tapped": True}],
        "combat": {"attackers": {"brute": "Bob"}, "blockers": {"bears": ["brute"]}}}
    lone = _write(tmp_path, data, "lone.json")
    code, out, _ = redzone_main("damage", lone, "--json")
    kinds = [v["kind"] for v in json.loads(out)["illegal_blocks"]]
    assert code == 0 and kinds == ["restriction"]
    code, _, err = redzone_main("damage", lone)
    assert code == 0 and "warning: the blocks are illegal" in err and "menace" in err
    code, _, err = redzone_main("damage", lone, "--strict")
    assert code == 2 and "combat.blockers: illegal block" in err
    data["combat"]["blockers"] = {"bears": ["brute"], "wall": ["brute"]}
    tapped = _write(tmp_path, data, "tapped.json")
    code, _, err = redzone_main("damage", tapped)
    assert code == 0 and "it is tapped (CR 509.1a)" in err
    legal = dict(data, permanents=data["permanents"][:2] + [
        {"id": "wall", "card": "Wall of Stone", "controller": "Bob"}])
    code, out, err = redzone_main("damage", _write(tmp_path, legal, "legal.json"), "--json")
    assert code == 0 and json.loads(out)["illegal_blocks"] == [] and "warning" not in err


def test_damage_flags_a_blocker_no_defending_player_controls(tmp_path: Path, redzone_main) -> None:  # type: ignore[no-untyped-def]
    # CR 509.1a, 802.4a: only the defending player's creatures can block. Alice's own Bears
    # "blocking" her attacking Bears, and Carol (not attacked) blocking an attacker aimed at
    # Bob, are illegal blocks: warned about, refused with --strict.
    data = {"players": [{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}], "permanents": [
        {"id": "a1", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "a2", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "c1", "card": "Grizzly Bears", "controller": "Carol"}],
        "combat": {"attackers": {"a1": "Bob"}, "blockers": {"a2": ["a1"]}}}
    own = _write(tmp_path, data, "own.json")
    code, out, _ = redzone_main("damage", own, "--json")
    blocks = json.loads(out)["illegal_blocks"]
    assert code == 0 and [v["kind"] for v in blocks] == ["unknown"] and "CR 509.1a" in blocks[0]["message"]
    code, _, err = redzone_main("damage", own, "--strict")
    assert code == 2 and "combat.blockers: illegal block" in err
    data["combat"]["blockers"] = {"c1": ["a1"]}
    carol = _write(tmp_path, data, "carol.json")
    code, _, err = redzone_main("damage", carol, "--strict")
    assert code == 2 and "not a creature a defending player controls" in err


def test_card_abilities_read_as_lines(redzone_main) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = redzone_main("card", "Questing Beast")
    assert code == 0
    assert "can't be blocked by (affected: itself; blockers: creatures; quality: power at most 2)" in out
    assert "{'" not in out  # no raw Python dict


def test_card_lines_read_granted_abilities_and_prevention_plainly(redzone_main) -> None:  # type: ignore[no-untyped-def]
    # A grant's abilities read like abilities (702.95 soulbond pair: double strike; 702.14
    # forestwalk), never as their fields and rules text; a prevention says whose damage.
    code, out, _ = redzone_main("card", "Silverblade Paladin")
    assert code == 0 and "abilities: double strike)" in out and "text As long" not in out
    code, out, _ = redzone_main("card", "Elvish Champion")
    assert code == 0 and "abilities: landwalk (land: Forest))" in out
    code, out, _ = redzone_main("card", "Phantom Centaur")
    assert code == 0 and "prevent damage (affected: itself; damage to the affected;" in out

    # An instant half shown without rules text says its text is missing (never a silent gap).
    code, out, _ = redzone_main("card", "Fire // Ice")
    assert code == 0 and out.count("rules text is not in the bundled card data") == 1
    code, out, _ = redzone_main("card", "Grizzly Bears")  # a vanilla creature has no text
    assert code == 0 and "not in the bundled card data" not in out



def test_judging_only_the_declared_pairs_gives_the_same_violations() -> None:
    # CR 509.1a-b: a declaration's availability and restriction violations do not depend on
    # the pairs it does not use, so damage's quick check equals the full problem's.
    from redzone.models.block_problem import restriction_violations
    from redzone.models.block_rules import block_problems

    declarations = [{"bears": ["brute"]}, {"bears": ["brute"], "wall": ["brute"]},
                    {"wall": ["brute"], "bears": ["brute"], "ogre": ["brute"]}, {}]
    board = build_board(parse_scenario({"players": BASE["players"], "permanents": [
        {"id": "brute", "card": "Boggart Brute", "controller": "Alice"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
        {"id": "ogre", "card": "Hill Giant", "controller": "Bob"},
        {"id": "wall", "card": "Wall of Stone", "controller": "Bob", "tapped": True}],
        "combat": {"attackers": {"brute": "Bob"}}}))
    seen = set()
    for d in declarations:
        full = [restriction_violations(p, d) for p in block_problems(board)]
        quick = [restriction_violations(p, d) for p in block_problems(board, only_pairs=d)]
        assert full == quick
        seen.update(v.kind for vs in full for v in vs)
    assert seen == {"restriction", "unable"}  # menace (702.111b) and the tapped Wall (509.1a)
