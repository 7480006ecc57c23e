"""h34: a triggered ability that resolves in the play but whose result says the board doesn't
let it be played ("not played: ...") is listed in the answer's ``not_played``, for every
command that shows that key (solver/not_played.py ``resolved_not_played``)."""

from __future__ import annotations

from typing import Any

from redzone.models.triggers.types import Resolved
from redzone.solver.frontends.commands import run_command
from redzone.solver.not_played import NotPlayed, merged, resolved_not_played


def _p(pid: str, card: str, controller: str, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller, **fields}


def _scenario(perms: list[dict[str, Any]], attackers: dict[str, str], blockers: dict[str, list[str]],
              bob_life: int = 20, **combat: Any) -> dict[str, Any]:
    return {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": bob_life}],
            "permanents": perms, "combat": {"attackers": attackers, "blockers": blockers, **combat}}


KEIGA = "When Keiga dies, gain control of target creature."
LEPRECHAUN = "Whenever this creature blocks or becomes blocked by a creature, that creature becomes green."


def test_keiga_control_change_under_glorious_anthem_is_listed_by_damage() -> None:
    # 613.1b, 613.7: Keiga, the Tide Star dies blocked by Colossal Dreadmaw; "gain control of
    # target creature" on Bob's Grizzly Bears would change what Bob's Glorious Anthem pumps:
    # the change is not played, and the answer's not_played now lists Keiga's ability.
    perms = [_p("keiga", "Keiga, the Tide Star", "Alice"), _p("wurm", "Colossal Dreadmaw", "Bob"),
             _p("bears", "Grizzly Bears", "Bob")]
    pick = [{"source": "keiga", "window": "regular", "target": "bears"}]
    anthem = run_command("damage", _scenario(perms + [_p("ga", "Glorious Anthem", "Bob")], {"keiga": "Bob"},
                                             {"wurm": ["keiga"]}, triggers_resolved=["attack", "block"],
                                             trigger_choices=pick), {}).to_json()
    assert "not played" in anthem["triggers"][0]["result"]
    assert anthem["not_played"] == [{"id": "keiga", "sentence": KEIGA, "kind": "triggered"}]
    # Without the Anthem the control change is played (Alice gains control of bears): not listed.
    plain = run_command("damage", _scenario(perms, {"keiga": "Bob"}, {"wurm": ["keiga"]},
                                            triggers_resolved=["attack", "block"], trigger_choices=pick),
                        {}).to_json()
    assert plain["triggers"][0]["result"] == "Alice gains control of bears"
    assert plain["not_played"] == []


def test_aisling_leprechaun_over_given_power_is_listed_by_the_ai_commands() -> None:
    # 613.1e, 613.4c: Bob at 3 life must chump-block Alice's Savannah Lions (given 3/2 under
    # Crusade) with Aisling Leprechaun; "that creature becomes green" can't be played over a
    # given power and toughness (the layers can't be applied again): choose-block and
    # choose-attack list the Leprechaun's ability, as their line resolves it so.
    perms = [_p("lep", "Aisling Leprechaun", "Bob"), _p("lions", "Savannah Lions", "Alice", power=3, toughness=2),
             _p("cru", "Crusade", "Alice")]
    for command in ("choose-block", "choose-attack"):
        got = run_command(command, _scenario(perms, {"lions": "Bob"}, {}, bob_life=3), {}).to_json()
        assert [t["result"] for t in got["triggers"]] == [
            "not played: the layers can't be applied again over given power and toughness"], command
        assert got["not_played"] == [{"id": "lep", "sentence": LEPRECHAUN, "kind": "triggered"}], command


def test_resolved_not_played_reads_results_and_deduplicates() -> None:
    # Two resolutions of the same ability (two damage steps) are listed once; a played one
    # and a declined one are not listed; a board item with the same (id, sentence) is kept once.
    rows = [Resolved("lep", "Bob", LEPRECHAUN, "block", "not played: the layers can't be applied again"),
            {"source": "lep", "text": LEPRECHAUN, "result": "x; not played: again", "window": "first-strike"},
            Resolved("keiga", "Alice", KEIGA, "regular", "Alice gains control of bears"),
            Resolved("keiga", "Alice", "other", "regular", "declined (optional)")]
    got = resolved_not_played(rows)
    assert got == (NotPlayed("lep", LEPRECHAUN, "triggered"),)
    board_item = NotPlayed("lep", LEPRECHAUN, "triggered")
    assert merged((board_item,), got) == (board_item,)


def test_an_unstated_hand_is_none_in_both_loaders_and_the_schema() -> None:
    # h34: `players[].hand` unstated (or null) is None, unknown; `[]` is a stated empty hand —
    # the fast loader and the pydantic schema agree, and `redzone schema` allows null.
    from redzone.models.scenario import parse_scenario
    from redzone.models.scenario.schema import scenario_json_schema, validate

    data: dict[str, Any] = {"players": [{"name": "A"}, {"name": "B", "hand": []}, {"name": "C", "hand": None}],
                            "permanents": [], "combat": {"attackers": {}}}
    assert [p.hand for p in parse_scenario(data).players] == [None, [], None]
    assert [p.hand for p in validate(data).players] == [None, [], None]
    hand = scenario_json_schema()["$defs"]["PlayerSpec"]["properties"]["hand"]
    assert hand["default"] is None and {"type": "null"} in hand["anyOf"]


def test_reaper_of_night_with_the_defending_players_hand_unstated_is_not_played() -> None:
    # 603.4, 702.9b: Reaper of Night's "if defending player has two or fewer cards in hand, it
    # gains flying": Bob's hand unstated, the condition can't be decided: the ability is not
    # played (no flying: Bob's Grizzly Bears' block stands) and listed; with Bob's two stated
    # cards it flies (the block is illegal).
    perms = [_p("r", "Reaper of Night", "Alice"), _p("g", "Grizzly Bears", "Bob")]
    unknown = run_command("damage", _scenario(perms, {"r": "Bob"}, {"g": ["r"]}, triggers_resolved=[]),
                          {}).to_json()
    assert unknown["illegal_blocks"] == []
    assert unknown["triggers"][0]["result"].startswith(
        'not played: players[].hand not stated (Bob\'s hand decides "defending player has 2 or fewer')
    assert [n["id"] for n in unknown["not_played"]] == ["r"]
    two = _scenario(perms, {"r": "Bob"}, {"g": ["r"]}, triggers_resolved=[])
    two["players"][1]["hand"] = ["Shock", "Opt"]
    stated = run_command("damage", two, {}).to_json()
    assert [x["source"] for x in stated["illegal_blocks"]] == ["Grizzly Bears (g)"]
    assert stated["not_played"] == []
