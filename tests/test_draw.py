"""Combat diagrams (redzone.solver.draw.render): the SVG parses, holds one box per permanent and
one arrow per attack and block, labels the damage the rules deal, and lays the boxes out
without overlap on every bundled example and on a board of 20 creatures a side."""

from __future__ import annotations

import glob
import os
import xml.etree.ElementTree as ET

import pytest

from redzone.models.board import build_board
from redzone.models.errors import ScenarioError
from redzone.models.scenario import load_scenario, parse_scenario
from redzone.solver.draw.render import CombatPicture, DamageMark, combat_picture, combat_svg

EXAMPLES = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "..", "examples", "*.yaml")))
NS = "{http://www.w3.org/2000/svg}"


def _board(name: str):
    return build_board(load_scenario(os.path.join(os.path.dirname(__file__), "..", "examples", name)))


def _svg(board, plan=None) -> ET.Element:
    return ET.fromstring(combat_svg(board, combat_picture(board, plan)))


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if cls in (g.get("class") or "").split()]


def _arrows(root: ET.Element, kind: str) -> list[tuple[str, str]]:
    return [(g.get("data-from"), g.get("data-to")) for g in _groups(root, "arrow")
            if (g.get("class") or "").split() == ["arrow", kind]]


def _tags(root: ET.Element) -> dict[tuple[str, str], str]:
    return {(g.get("data-from"), g.get("data-to")): "".join(g.itertext()) for g in _groups(root, "tag")}


def _card(root: ET.Element, pid: str) -> ET.Element:
    (found,) = [g for g in _groups(root, "card") if g.get("data-id") == pid]
    return found


def _player_text(root: ET.Element, name: str) -> str:
    (found,) = [g for g in _groups(root, "player") if g.get("data-player") == name]
    return "".join(found.itertext())


def _card_rects(root: ET.Element) -> dict[str, tuple[float, float, float, float]]:
    out = {}
    for g in _groups(root, "card"):
        rect = g.find(f"{NS}rect")
        out[g.get("data-id")] = tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))
    return out


def _assert_no_overlap(root: ET.Element) -> None:
    rects = list(_card_rects(root).items())
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    for i, (a, (x, y, w, h)) in enumerate(rects):
        assert 0 <= x and x + w <= width and 0 <= y and y + h <= height, f"{a} outside the canvas"
        for b, (x2, y2, w2, h2) in rects[i + 1:]:
            apart = x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y
            assert apart, f"cards {a} and {b} overlap"


# ------------------------------------------------------------------ every bundled example


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: os.path.basename(p))
def test_every_example_draws_its_own_combat(path: str) -> None:
    """The scenario's own combat: one box per permanent, one attack arrow per attacking
    creature (CR 508.1), one block arrow per blocking creature and attacker it blocks
    (509.1), no two boxes overlapping."""
    board = build_board(load_scenario(path))
    root = _svg(board)
    assert root.tag == f"{NS}svg"
    ids = [g.get("data-id") for g in _groups(root, "card")]
    assert sorted(ids) == sorted(board.permanents)
    combat = board.scenario.combat
    attacks = sorted(combat.attackers.items()) if combat else []
    blocks = sorted((b, a) for b, ats in (combat.blockers.items() if combat else ()) for a in ats)
    assert sorted(_arrows(root, "attack")) == attacks
    assert sorted(_arrows(root, "block")) == blocks
    assert {g.get("data-player") for g in _groups(root, "player")} == {p.name for p in board.players}
    _assert_no_overlap(root)


@pytest.mark.parametrize("path", [p for p in EXAMPLES if os.path.basename(p).startswith("damage-")],
                         ids=lambda p: os.path.basename(p))
def test_every_damage_example_labels_every_damage_dealt(path: str) -> None:
    """--plan damage: each (source, recipient) pair dealt damage by the play-out has one
    tag, on an attack or block arrow or on an arrow of its own."""
    from redzone.solver.damage.solve import play_out

    board = build_board(load_scenario(path))
    result = play_out(board)
    pairs = {(d.source, d.recipient) for st in result.steps for d in st.dealt if d.assigned or d.amount}
    root = _svg(board, "damage")
    assert set(_tags(root)) == pairs
    drawn = set(_arrows(root, "attack")) | set(_arrows(root, "damage"))
    drawn |= {(a, b) for b, a in _arrows(root, "block")} | set(_arrows(root, "block"))
    assert pairs <= drawn


# ------------------------------------------------------------------ rules on the picture


def test_palace_guard_damage_tags_and_outcome() -> None:
    """CR 702.19b: the Bears' 2 counts toward the Guard's lethal damage, so the Dreadmaw
    assigns 2 to the Guard and tramples over 4: Bob 20 -> 16; the Guard (toughness 4,
    4 damage) is destroyed (704.5g) and struck through; its 1 goes to an attacker."""
    root = _svg(_board("damage-palace-guard.yaml"), "damage")
    tags = _tags(root)
    assert tags[("dreadmaw", "Bob")] == "4"
    assert tags[("dreadmaw", "guard")] == "2"
    assert tags[("bears", "guard")] == "2"
    assert sum(1 for (s, _), v in tags.items() if s == "guard" and v == "1") == 1
    assert "life 20 → 16" in _player_text(root, "Bob")
    guard = _card(root, "guard")
    assert guard.findall(f"{NS}line[@class='struck']")
    assert guard.findall(f"{NS}rect[@class='destroyed']")
    assert not _card(root, "dreadmaw").findall(f"{NS}rect[@class='destroyed']")
    assert sorted(_arrows(root, "block")) == [("guard", "bears"), ("guard", "dreadmaw")]


def test_double_strike_tags_name_both_steps() -> None:
    """CR 510.4, 702.4b: the Basher deals damage in both steps: first strike 1 to the Myr
    and 2 to Bob, then all 3 to Bob (the Myr already has lethal damage); the indestructible
    Myr (702.12b) survives with 1 damage marked. Bob 20 -> 15."""
    root = _svg(_board("damage-double-strike.yaml"), "damage")
    tags = _tags(root)
    assert tags[("basher", "Bob")] == "fs 2 + 3"
    assert tags[("basher", "myr")] == "fs 1"
    assert "life 20 → 15" in _player_text(root, "Bob")
    myr = "".join(_card(root, "myr").itertext())
    assert "1 dmg" in myr and "destroyed" not in myr and "indestructible" in myr


def test_furnace_of_rath_tags_show_assigned_and_dealt() -> None:
    """CR 702.19b, 120.4b: the Rampager assigns 1 to the Elves and 3 to Bob; Furnace of
    Rath doubles what is dealt: 2 and 6 (Bob 20 -> 14); the Elves' 1 becomes 2."""
    root = _svg(_board("damage-furnace-of-rath.yaml"), "damage")
    tags = _tags(root)
    assert tags[("rampager", "elves")] == "1→2"
    assert tags[("rampager", "Bob")] == "3→6"
    assert tags[("elves", "rampager")] == "1→2"
    assert "life 20 → 14" in _player_text(root, "Bob")
    assert "damage ×2" in "".join(_card(root, "furnace").itertext())


def test_trample_over_planeswalkers_gets_its_own_arrow() -> None:
    """CR 702.19c: Thrasta attacks Jace yet assigns 5 to Bob — damage along no attack or
    block, drawn as an arrow of its own; Jace's loyalty 3 -> 0 (704.5i: destroyed)."""
    root = _svg(_board("damage-thrasta-planeswalker.yaml"), "damage")
    assert _arrows(root, "damage") == [("thrasta", "Bob")]
    tags = _tags(root)
    assert tags[("thrasta", "Bob")] == "5"
    assert tags[("thrasta", "jace")] == "2" and tags[("elves", "jace")] == "1"
    jace = "".join(_card(root, "jace").itertext())
    assert "3→0" in jace and "destroyed" in jace


def test_attack_plan_draws_the_solver_declaration() -> None:
    """Dueling Grounds (508.1c) and Juggernaut's requirement (508.1d): only Juggernaut
    attacks, so one attack arrow, Juggernaut -> Bob."""
    root = _svg(_board("dueling-grounds.yaml"), "attack")
    assert _arrows(root, "attack") == [("juggernaut", "Bob")]
    assert "≤1 attacker" in "".join(_card(root, "dueling-grounds").itertext())


def test_block_plan_draws_the_double_block() -> None:
    """Menace (702.111b) and Watchdog's requirement (509.1c): Watchdog and the Bears both
    block Boggart Brute."""
    root = _svg(_board("menace-watchdog.yaml"), "block")
    assert sorted(_arrows(root, "block")) == [("bears", "brute"), ("dog", "brute")]
    assert "menace" in "".join(_card(root, "brute").itertext())


def test_four_players_around_the_centre() -> None:
    """Multiplayer (802): four panels that do not overlap; the goaded Bears (701.15b)
    attack Carol or Dave and are labelled as goaded."""
    board = _board("goad-four-players.yaml")
    root = _svg(board, "attack")
    (arrow,) = _arrows(root, "attack")
    assert arrow[0] == "bears" and arrow[1] in ("Carol", "Dave")
    assert "goaded by Bob" in "".join(_card(root, "bears").itertext())
    panels = [g.find(f"{NS}rect") for g in _groups(root, "panel")]
    rects = [tuple(float(r.get(k)) for k in ("x", "y", "width", "height")) for r in panels]
    assert len(rects) == 4
    for i, (x, y, w, h) in enumerate(rects):
        for x2, y2, w2, h2 in rects[i + 1:]:
            assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y


def test_tapped_and_duel_masters_labels() -> None:
    """A tapped permanent is labelled (Tromokratis' Hill Giant); Duel Masters abilities
    written in Japanese are shown by their English names, power alone in the corner."""
    root = _svg(_board("tromokratis.yaml"))
    assert "tapped" in "".join(_card(root, "giant").itertext())
    root = _svg(_board("dm-wins-all.yaml"))
    sentinel = "".join(_card(root, "sentinel").itertext())
    assert "wins all battles" in sentinel and "2000" in sentinel


# ------------------------------------------------------------------ big boards, bad input


def _big_board(n: int = 20):
    names = ["Grizzly Bears", "Hill Giant", "Serra Angel", "Colossal Dreadmaw", "Boggart Brute",
             "Gifted Aetherborn", "Darksteel Myr", "Thrasta, Tempest's Roar"]
    perms = [{"id": f"a{i}", "card": names[i % len(names)], "controller": "Alice"} for i in range(n)]
    perms += [{"id": f"d{i}", "card": names[(i * 3) % len(names)], "controller": "Bob", "tapped": i % 5 == 4}
              for i in range(n)]
    perms.append({"id": "gideon", "card": "Gideon, Ally of Zendikar", "controller": "Bob", "loyalty": 4})
    attackers = {f"a{i}": "gideon" if i in (3, 11) else "Bob" for i in range(n)}
    blockers = {f"d{i}": [f"a{(i * 7) % n}"] for i in range(0, n, 2) if i % 5 != 4}
    blockers["d1"] = ["a1", "a2"]
    return build_board(parse_scenario({
        "players": [{"name": "Alice"}, {"name": "Bob", "life": 80}], "permanents": perms,
        "combat": {"attackers": attackers, "blockers": blockers}}))


def test_twenty_creatures_a_side() -> None:
    """20 attackers against 20 creatures and a planeswalker: every box drawn once, none
    overlapping, every attack and block an arrow, every damage pair tagged, and the
    picture at most 11.5 cards wide (10 columns, the stagger and the planeswalker;
    readable on a screen)."""
    board = _big_board()
    root = _svg(board, "damage")
    assert len(_groups(root, "card")) == 41
    assert len(_arrows(root, "attack")) == 20
    assert len(_arrows(root, "block")) == sum(len(v) for v in board.scenario.combat.blockers.values())
    _assert_no_overlap(root)
    assert float(root.get("width")) <= 16 + 2 * 22 + 11.5 * 118 + 16
    assert _tags(root)
    narrow = ET.fromstring(combat_svg(board, combat_picture(board, "damage"), columns=4))
    _assert_no_overlap(narrow)
    assert len(_arrows(narrow, "block")) == len(_arrows(root, "block"))


def test_bad_plan_and_unknown_ids_are_refused() -> None:
    board = _board("damage-palace-guard.yaml")
    with pytest.raises(ScenarioError, match="plan"):
        combat_picture(board, "nonsense")
    with pytest.raises(ScenarioError, match="Duel Masters"):
        combat_picture(_board("dm-tie.yaml"), "attack")
    with pytest.raises(ScenarioError, match="picture.attackers"):
        combat_svg(board, CombatPicture(attackers={"ghost": "Bob"}))
    with pytest.raises(ScenarioError, match="not attacking"):
        combat_svg(board, CombatPicture(attackers={"bears": "Bob"}, blockers={"guard": ["dreadmaw"]}))
    with pytest.raises(ScenarioError, match="picture.damage"):
        combat_svg(board, CombatPicture(damage=[DamageMark("bears", "Zed", "regular", 2, 2)]))


def test_names_are_escaped() -> None:
    """Inline names with XML's special characters still give well-formed SVG."""
    board = build_board(parse_scenario({
        "players": [{"name": "A&B"}, {"name": "<C>"}],
        "permanents": [{"id": "x\"y", "name": "Tom & <Jerry>", "controller": "A&B", "types": ["Creature"],
                        "power": 1, "toughness": 1}],
        "combat": {"attackers": {"x\"y": "<C>"}}}))
    root = ET.fromstring(combat_svg(board, combat_picture(board), caption="a & b"))
    assert _arrows(root, "attack") == [('x"y', "<C>")]
    assert "Tom & <Jerry>" in "".join(_card(root, 'x"y').itertext())


# ------------------------------------------------------------------ the command line


def _cli(*args: str) -> tuple[int, str, str]:
    from click.testing import CliRunner

    from redzone.solver.frontends.cli import cli

    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def _ai_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("redzone.solver.ai.decisions") is not None


def _plans(path: str) -> list[str | None]:
    """The plans that apply to an example: none for Duel Masters; attack for every Magic
    board; block and damage where combat.attackers is given."""
    scenario = load_scenario(path)
    if scenario.game != "magic":
        return [None]
    with_combat = scenario.combat is not None and bool(scenario.combat.attackers)
    plans: list[str | None] = [None, "attack"] + (["block", "damage"] if with_combat else [])
    if os.path.basename(path).startswith("ai-") and _ai_available():
        plans += ["choose-attack"] + (["choose-block"] if with_combat else [])
    return plans


@pytest.mark.parametrize("path,plan", [(p, plan) for p in EXAMPLES for plan in _plans(p)],
                         ids=lambda v: os.path.basename(v) if isinstance(v, str) and v.endswith(".yaml") else str(v))
def test_cli_draws_every_example(path: str, plan: str | None) -> None:
    """``redzone draw S [--plan P]`` prints one SVG document with one box per permanent."""
    code, out, err = _cli("draw", path, *(["--plan", plan] if plan else []))
    assert code == 0, err
    root = ET.fromstring(out)
    assert len(_groups(root, "card")) == len(load_scenario(path).permanents)
    assert os.path.basename(path) in "".join(root.find(f"{NS}title").itertext())


def test_cli_output_file_and_json(tmp_path) -> None:
    """-o writes the file and says what it holds; --json carries the SVG and the marks
    (CR 702.19b: Dreadmaw 2 to the Guard, 4 to Bob)."""
    path = os.path.join(os.path.dirname(__file__), "..", "examples", "damage-palace-guard.yaml")
    target = tmp_path / "guard.svg"
    code, out, _ = _cli("draw", path, "--plan", "damage", "-o", str(target))
    assert code == 0 and out.startswith(f"Wrote {target}")
    assert sorted(_arrows(ET.fromstring(target.read_text()), "attack")) == [("bears", "Bob"), ("dreadmaw", "Bob")]
    code, out, _ = _cli("draw", path, "--plan", "damage", "--json")
    import json

    data = json.loads(out)
    assert data["plan"] == "damage" and data["outcome"]["life"]["Bob"] == 16
    assert {"source": "dreadmaw", "recipient": "Bob", "step": "regular", "assigned": 4, "dealt": 4} in data["damage"]
    assert ET.fromstring(data["svg"]).tag == f"{NS}svg"


@pytest.mark.parametrize("args,message", [
    (["dm-tie.yaml", "--plan", "attack"], "Duel Masters"),
    (["siege.yaml", "-o", "/no/such/folder/x.svg"], "no such directory"),
])
def test_cli_bad_input_is_one_line_and_status_2(args: list[str], message: str) -> None:
    path = os.path.join(os.path.dirname(__file__), "..", "examples", args[0])
    code, out, err = _cli("draw", path, *args[1:])
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1 and not out


@pytest.mark.parametrize("name", ["rows.jsonl", "rows.NDJSON"])
def test_cli_batch_needs_json(tmp_path, name: str) -> None:
    """A JSON Lines batch: each row's SVG in its JSON; a bad row costs no good one."""
    import json

    rows = tmp_path / name
    good = {"players": [{"name": "A"}, {"name": "B"}],
            "permanents": [{"id": "bears", "card": "Grizzly Bears", "controller": "A"}],
            "combat": {"attackers": {"bears": "B"}}}
    rows.write_text(json.dumps(good) + "\n" + json.dumps({"players": []}) + "\n")
    code, _, err = _cli("draw", str(rows))
    assert code == 2 and "--json" in err
    code, out, _ = _cli("draw", str(rows), "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and lines[0]["attackers"] == {"bears": "B"} and "error" in lines[1]


@pytest.mark.parametrize("batch_flag", [False, True])
def test_cli_batch_output_gives_each_row_its_own_file(tmp_path, batch_flag: bool) -> None:
    """``draw ROWS -o FILE.svg``: row N of the batch is drawn to FILE-N.svg (never one file
    overwritten row after row); a bad row writes nothing and costs no good one. With
    --batch the rows file may have any name. CR 508.1: the first row's Bears attack B, the
    third row's Bears attack A."""
    import json

    def row(attacker_of: str) -> str:
        return json.dumps({"players": [{"name": "A"}, {"name": "B"}],
                           "permanents": [{"id": "bears", "card": "Grizzly Bears", "controller": attacker_of}],
                           "combat": {"attackers": {"bears": "B" if attacker_of == "A" else "A"}}})

    rows = tmp_path / ("rows.txt" if batch_flag else "rows.jsonl")
    rows.write_text(row("A") + "\n" + json.dumps({"players": []}) + "\n" + row("B") + "\n")
    target = tmp_path / "pics" / "combat.svg"
    target.parent.mkdir()
    code, out, err = _cli("draw", str(rows), *(["--batch"] if batch_flag else []), "-o", str(target))
    assert code == 2 and "line 2" in err  # the bad row: exit status 2, its error on stderr
    assert sorted(p.name for p in target.parent.iterdir()) == ["combat-1.svg", "combat-3.svg"]
    assert _arrows(ET.fromstring((target.parent / "combat-1.svg").read_text()), "attack") == [("bears", "B")]
    assert _arrows(ET.fromstring((target.parent / "combat-3.svg").read_text()), "attack") == [("bears", "A")]
    assert f"Wrote {target.parent / 'combat-3.svg'}" in out and not target.exists()


def test_readme_drawing_example_runs(tmp_path, monkeypatch) -> None:
    """The README's drawing snippet writes a well-formed SVG with the damage tags."""
    import re

    root_dir = os.path.join(os.path.dirname(__file__), "..")
    readme = open(os.path.join(root_dir, "README.md"), encoding="utf-8").read()
    (code,) = [c for c in re.findall(r"```python\n(.*?)```", readme, re.S) if "combat_svg" in c]
    os.symlink(os.path.abspath(os.path.join(root_dir, "examples")), tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {})
    root = ET.parse(tmp_path / "guard.svg").getroot()
    assert _tags(root)[("dreadmaw", "Bob")] == "4"


ALPHA = {  # two Boggart Brutes (menace) and a Wind Drake (flying) against two Bears, Bob at 5
    "players": [{"name": "Alice"}, {"name": "Bob", "life": 5}],
    "permanents": [
        {"id": "brute1", "card": "Boggart Brute", "controller": "Alice"},
        {"id": "brute2", "card": "Boggart Brute", "controller": "Alice"},
        {"id": "drake", "card": "Wind Drake", "controller": "Alice"},
        {"id": "bears1", "card": "Grizzly Bears", "controller": "Bob"},
        {"id": "bears2", "card": "Grizzly Bears", "controller": "Bob"},
    ],
}


@pytest.mark.skipif(not _ai_available(), reason="the AI (redzone.solver.ai.decisions) is not in this version")
def test_choose_attack_draws_the_ai_line() -> None:
    """The AI's alpha strike: menace (702.111b) and flying (702.9b) let Bob's two Bears stop
    at most one Brute, so all three attack and at least 5 damage connects: Bob loses
    (704.5a). One attack arrow each, the damage of the AI's line tagged."""
    board = build_board(parse_scenario(ALPHA))
    picture = combat_picture(board, "choose-attack")
    root = ET.fromstring(combat_svg(board, picture))
    assert sorted(a for a, _ in _arrows(root, "attack")) == ["brute1", "brute2", "drake"]
    assert "loses the game" in _player_text(root, "Bob")
    assert sum(m.dealt for m in picture.damage if m.recipient == "Bob") >= 5
    # The AI's reason for each attacker is in its card's tooltip.
    for a in ("brute1", "brute2", "drake"):
        assert picture.reasons.get(a) and picture.reasons[a] in _card(root, a).find(f"{NS}title").text
    assert set(_tags(root)) == {(m.source, m.recipient) for m in picture.damage}


@pytest.mark.skipif(not _ai_available(), reason="the AI (redzone.solver.ai.decisions) is not in this version")
def test_choose_block_draws_the_ai_blocks() -> None:
    """Against Ancient Brontodon (9/9) at 9 life the defending AI must block (else 9 damage
    is lethal, 704.5a): one block arrow onto the Brontodon and Bob survives."""
    scenario = {"players": [{"name": "Alice"}, {"name": "Bob", "life": 9}],
                "permanents": [{"id": "bronto", "card": "Ancient Brontodon", "controller": "Alice"},
                               {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}],
                "combat": {"attackers": {"bronto": "Bob"}}}
    board = build_board(parse_scenario(scenario))
    root = ET.fromstring(combat_svg(board, combat_picture(board, "choose-block")))
    assert _arrows(root, "block") == [("bears", "bronto")]
    assert "loses the game" not in _player_text(root, "Bob")


def test_choose_plans_are_an_honest_error_without_the_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """A build without the AI module (simulated: importing it fails) answers the AI plans
    with a one-line error naming the option, never a traceback or an empty picture."""
    import sys

    monkeypatch.setitem(sys.modules, "redzone.solver.ai.decisions", None)  # import now raises ImportError
    board = build_board(parse_scenario(ALPHA))
    with pytest.raises(ScenarioError, match="not available") as err:
        combat_picture(board, "choose-attack")
    assert err.value.field == "plan"


def test_wither_and_infect_show_counters_and_poison() -> None:
    """Wither and infect damage to a creature becomes -1/-1 counters (CR 120.3d, 702.80a,
    702.90c) and infect damage to a player poison counters (120.3b): the blocking Toad
    shows two -1/-1 counters, Bob's band poison 0 → 3."""
    board = build_board(parse_scenario({
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "permanents": [
            {"id": "w", "name": "Wither Beast", "controller": "Alice", "types": ["Creature"],
             "power": 2, "toughness": 5, "text": "Wither"},
            {"id": "i", "name": "Infect Rat", "controller": "Alice", "types": ["Creature"],
             "power": 3, "toughness": 1, "text": "Infect"},
            {"id": "t", "name": "Toad", "controller": "Bob", "types": ["Creature"], "power": 1, "toughness": 4}],
        "combat": {"attackers": {"w": "Bob", "i": "Bob"}, "blockers": {"t": ["w"]}}}))
    root = _svg(board, "damage")
    assert "-1/-1 ×2" in "".join(_card(root, "t").itertext())
    assert "poison 0 → 3" in _player_text(root, "Bob")
    assert _tags(root)[("i", "Bob")] == "3"


def test_damage_plan_draws_power_and_toughness_after_the_triggers() -> None:
    # 702.83a: Grizzly Bears attacks alone with Akrasan Squire and Noble Hierarch (exalted
    # each) on Alice's side: two +1/+1 until end of turn, 2/2 -> 4/4, before Hill Giant
    # (3/3) blocks and deals it 3 (not lethal). The card shows 2/2→4/4, the Giant's 3/3
    # is unchanged.
    board = build_board(parse_scenario({
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "permanents": [{"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
                       {"id": "squire", "card": "Akrasan Squire", "controller": "Alice"},
                       {"id": "hier", "card": "Noble Hierarch", "controller": "Alice"},
                       {"id": "giant", "card": "Hill Giant", "controller": "Bob"}],
        "combat": {"attackers": {"bears": "Bob"}, "blockers": {"giant": ["bears"]},
                   "triggers_resolved": []}}))
    picture = combat_picture(board, "damage")
    assert picture.stats == {"bears": (4, 4)}
    root = ET.fromstring(combat_svg(board, picture))
    assert "2/2→4/4" in "".join(_card(root, "bears").itertext())
    assert "3/3" in "".join(_card(root, "giant").itertext())
    assert picture.outcome is not None and picture.outcome["destroyed"] == ["giant"]


def test_tokens_made_in_the_play_are_noted_not_refused() -> None:
    # Hanweir Garrison attacks: its trigger makes two 1/1 Humans tapped and attacking (508.4)
    # that the drawn board doesn't hold. `draw` refused the good input as "unknown permanent"
    # (the new-user trial); now the picture leaves them out and says so.
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.draw.picture import combat_picture

    board = build_board(parse_scenario({
        "players": [{"name": "Alice"}, {"name": "Bob", "life": 4}],
        "permanents": [{"id": "hg", "card": "Hanweir Garrison", "controller": "Alice"}],
        "combat": {"attackers": {"hg": "Bob"}}}))
    picture = combat_picture(board, "damage")
    assert picture.outcome is not None and picture.outcome["life"]["Bob"] == 0  # 2 + 1 + 1
    assert [(m.source, m.recipient) for m in picture.damage] == [("hg", "Bob")]
    assert any(n.startswith("not drawn: hg~token1, hg~token2") for n in picture.notes)
