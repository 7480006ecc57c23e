"""``until_end_of_turn``: the part of a permanent's current power, toughness and abilities that
ends in the cleanup step (CR 514.2), read by the AI's evaluation after combat and its next-turn
board (crack-back), and nowhere else.

The boards restate a new user's trial (/work/notes/s4/newuser.md, finding 4): Craterhoof
Behemoth has just given every creature +4/+4 and trample until end of turn (its enters
trigger, 603.2; the pump is a resolved effect, 611.2a, that lasts until cleanup, 514.2). A
Llanowar Elves is a 5/5 trampler for this combat and a 1/1 again before the next one.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redzone.models.board import build_board
from redzone.models.errors import ScenarioError
from redzone.models.evaluation import Evaluator, Weights
from redzone.models.outcome import GameState
from redzone.models.scenario import parse_scenario
from redzone.solver.ai.decisions import choose_attack, choose_blocks
from redzone.solver.ai.position import next_turn_board
from tests.test_ai_differential import _settings, attack_mismatch, block_mismatch, random_board

HOOF = {"power": 4, "toughness": 4, "abilities": ["Trample"]}


def _hoof_board(marked: bool) -> dict[str, Any]:
    """The new user's board: Craterhoof Behemoth (haste) entered this turn with three other
    creatures on Alice's side; its trigger gave each +4/+4 and trample until end of turn."""
    eot = {"until_end_of_turn": dict(HOOF)} if marked else {}

    def pumped(pid: str, card: str, p: int, t: int, **extra: Any) -> dict[str, Any]:
        return {"id": pid, "card": card, "controller": "Alice", "power": p, "toughness": t,
                "abilities": ["Trample"], **extra, **eot}

    return {"players": [{"name": "Alice"}, {"name": "Bob", "life": 20}], "permanents": [
        pumped("hoof", "Craterhoof Behemoth", 9, 9, summoning_sick=True),
        pumped("b1", "Grizzly Bears", 6, 6), pumped("b2", "Grizzly Bears", 6, 6),
        pumped("elf", "Llanowar Elves", 5, 5),
        {"id": "wall", "card": "Wall of Stone", "controller": "Bob"},
        {"id": "spider", "card": "Giant Spider", "controller": "Bob"},
        {"id": "giant", "card": "Hill Giant", "controller": "Bob"}]}


def test_the_craterhoof_example_from_the_command_line() -> None:
    # examples/ai-craterhoof-pump.yaml is the same board: all four attack (514.2).
    from pathlib import Path

    example = Path(__file__).resolve().parent.parent / "examples" / "ai-craterhoof-pump.yaml"
    proc = subprocess.run([sys.executable, "-m", "redzone.solver", "choose-attack", str(example),
                           "--json"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["attackers"] == {"hoof": "Bob", "b1": "Bob", "b2": "Bob", "elf": "Bob"}


@pytest.mark.parametrize("lookahead", [0, 1])
def test_craterhoof_pump_marked_every_creature_attacks(lookahead: int) -> None:
    # Craterhoof came under Alice's control this turn but has haste (702.10b); with the pump
    # marked as ending at cleanup (514.2), the Elves is worth a 1/1 after combat whatever
    # happens to it now, so everything attacks: Bob must block a 5/5 trampler or take 5.
    board = build_board(parse_scenario(_hoof_board(marked=True)))
    decision = choose_attack(board, lookahead=lookahead)
    assert decision.status == "optimal"
    assert decision.attackers == {"hoof": "Bob", "b1": "Bob", "b2": "Bob", "elf": "Bob"}
    # Unmarked, the same board values the Elves as a permanent 5/5 trampler and keeps it home
    # (the behaviour the new user reported).
    unmarked = choose_attack(build_board(parse_scenario(_hoof_board(marked=False))), lookahead=lookahead)
    assert "elf" not in unmarked.attackers


def test_a_pumped_creature_is_valued_as_what_it_will_be() -> None:
    # Llanowar Elves at 5/5 trample with +4/+4 and trample until end of turn: after cleanup a
    # 1/1 with no keyword, creature_value = base 1 + power 1 x 1 + toughness 1 x 0.5 = 2.5
    # points (docs/ai.md's formula); unmarked a 5/5 trampler is 1 + 5 x 1.25 + 2.5 = 9.75.
    marked = build_board(parse_scenario(_hoof_board(marked=True)))
    unmarked = build_board(parse_scenario(_hoof_board(marked=False)))
    assert Evaluator(marked, "Alice").permanent_score("elf") == 2500
    assert Evaluator(unmarked, "Alice").permanent_score("elf") == 9750
    # This combat still uses the current values: a 5/5 with trample (the outcome code).
    elf = marked.permanents["elf"]
    assert (elf.power, elf.toughness) == (5, 5) and marked.has_keyword(elf, "trample")


def _growth_board(**elf: Any) -> dict[str, Any]:
    """Alice at 3 life with a Wind Drake; Bob at 4 with a Llanowar Elves that Giant Growth
    made a 4/4 this turn (+3/+3 until end of turn)."""
    return {"players": [{"name": "Alice", "life": 3}, {"name": "Bob", "life": 4}], "permanents": [
        {"id": "drake", "card": "Wind Drake", "controller": "Alice"},
        {"id": "elf", "card": "Llanowar Elves", "controller": "Bob", "power": 4, "toughness": 4, **elf}]}


def test_a_pumped_creature_is_a_1_1_on_the_next_turn() -> None:
    # Giant Growth's +3/+3 ends in the cleanup step (514.2): on Bob's next turn the Elves is
    # a 1/1 again, and the trample it had until end of turn is gone too.
    board = build_board(parse_scenario(_growth_board(
        abilities=["Trample"], until_end_of_turn={"power": 3, "toughness": 3, "abilities": ["Trample"]})))
    state = GameState.from_board(board)
    nxt = next_turn_board(board, state, {"drake": "Bob"}, "Bob")
    elf = nxt.permanents["elf"]
    assert (elf.power, elf.toughness) == (1, 1)
    assert not nxt.has_keyword(elf, "trample")
    assert elf.until_end_of_turn is None
    assert nxt.permanents["drake"].tapped  # it attacked, no vigilance (302.6, 502.3)


@pytest.mark.parametrize("marked", [True, False])
def test_crack_back_by_a_pumped_creature(marked: bool) -> None:
    # Lookahead 1. If the Drake attacks (Bob can't block a flier: 702.9b), Bob goes 4 -> 2
    # and the tapped Drake can't block his crack-back. Marked, the Elves attacks back as a
    # 1/1: Alice 3 -> 2, worth 10(e^-0.2 - e^-0.3) = 0.78 points against Bob's
    # 10(e^-0.2 - e^-0.4) = 1.48: the Drake attacks. Unmarked, a 4/4 crack-back kills Alice
    # (3 life, 704.5a): the Drake stays home.
    eot = {"until_end_of_turn": {"power": 3, "toughness": 3}} if marked else {}
    board = build_board(parse_scenario(_growth_board(**eot)))
    decision = choose_attack(board, lookahead=1)
    assert decision.status == "optimal"
    assert decision.attackers == ({"drake": "Bob"} if marked else {})


def test_damage_wears_off_with_the_pump() -> None:
    # A 5/5 (a 1/1 with +4/+4 until end of turn) with 3 damage marked survives: in cleanup the
    # damage is removed and the effect ends at the same time (514.2), so it is a 1/1 with no
    # damage on the next turn, worth 2.5 points now.
    data = {"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": [
        {"id": "elf", "card": "Llanowar Elves", "controller": "Bob", "power": 5, "toughness": 5,
         "damage": 3, "until_end_of_turn": {"power": 4, "toughness": 4}}]}
    board = build_board(parse_scenario(data))
    state = GameState.from_board(board)
    nxt = next_turn_board(board, state, {}, "Bob")
    elf = nxt.permanents["elf"]
    assert (elf.power, elf.toughness, elf.damage) == (1, 1, 0)
    assert Evaluator(board, "Bob").score(state) == Evaluator(nxt, "Bob").score(GameState.from_board(nxt))


def test_wither_counters_kill_it_when_the_pump_ends() -> None:
    # Bob's Llanowar Elves, 5/5 with +4/+4 until end of turn, blocks Alice's Stigma Lasher
    # (2/2 wither): 2 -1/-1 counters (702.80a) make it a 3/3 and it kills the Lasher. In
    # cleanup the pump ends: 1/1 with two -1/-1 counters is -1/-1, toughness 0 or less, and
    # it dies (514.3a, 704.5f): not on the next turn's board, worth nothing after combat.
    data = {"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": [
        {"id": "lasher", "card": "Stigma Lasher", "controller": "Alice"},
        {"id": "elf", "card": "Llanowar Elves", "controller": "Bob", "power": 5, "toughness": 5,
         "until_end_of_turn": {"power": 4, "toughness": 4}}],
        "combat": {"attackers": {"lasher": "Bob"}}}
    board = build_board(parse_scenario(data))
    decision = choose_blocks(board, lookahead=0)
    # Blocking kills the Lasher (Alice loses 1 + 2 + 1 = 4 points) and costs the Elves, worth
    # 2.5 as a 1/1: Bob blocks.
    assert decision.blockers == {"elf": ["lasher"]}
    assert decision.outcome["destroyed"] == ["lasher"]
    # The same combat dealt by the outcome code: the Elves survives it with two counters.
    from redzone.models.outcome import DamageEvent, deal_damage, state_based_actions
    from redzone.solver.ai.position import with_combat

    fought = with_combat(board, {"lasher": "Bob"}, {"elf": ["lasher"]})
    state = GameState.from_board(fought)
    deal_damage(fought, state, [DamageEvent("lasher", "elf", 2), DamageEvent("elf", "lasher", 5)],
                combat=True)
    state_based_actions(fought, state)
    assert state.on_battlefield("elf") and not state.on_battlefield("lasher")
    assert state.counters["elf"] == {"-1/-1": 2}
    assert (state.power(board, "elf"), state.toughness(board, "elf")) == (3, 3)
    assert Evaluator(board, "Bob").permanent_score("elf", state) == 0
    nxt = next_turn_board(board, state, {"lasher": "Bob"}, "Bob")
    assert "elf" not in nxt.permanents


@pytest.mark.parametrize("lookahead", [0, 1])
def test_the_blocker_whose_pump_ends_is_the_one_traded(lookahead: int) -> None:
    # Rumbling Baloth (4/4) attacks Bob, who has two 4/4 Grizzly Bears: one a 2/2 with
    # +2/+2 until end of turn, one a 4/4 that stays so. Either trades with the Baloth now;
    # after cleanup the first is worth 1 + 2 + 1 = 4 points, the other 1 + 4 + 2 = 7 (514.2).
    # Bob blocks with the pumped one and keeps the 4/4: the two are not interchangeable
    # (they would be without the marking: same card, same current values).
    data = {"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": [
        {"id": "baloth", "card": "Rumbling Baloth", "controller": "Alice"},
        {"id": "pumped", "card": "Grizzly Bears", "controller": "Bob", "power": 4, "toughness": 4,
         "until_end_of_turn": {"power": 2, "toughness": 2}},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob", "power": 4, "toughness": 4}],
        "combat": {"attackers": {"baloth": "Bob"}}}
    decision = choose_blocks(build_board(parse_scenario(data)), lookahead=lookahead)
    assert decision.status == "optimal"
    assert decision.blockers == {"pumped": ["baloth"]}
    if lookahead == 0:
        assert decision.value == pytest.approx(7.0)  # Bob keeps a 4/4 (7), Alice nothing
    assert block_mismatch(data, lookahead) is None


def _champion_board() -> dict[str, Any]:
    """Bob's Elvish Champion (2/2, "other Elf creatures get +1/+1 and have forestwalk") is a
    4/4 with +2/+2 until end of turn; his Llanowar Elves is a 2/2 under it. Alice's Stigma
    Lasher (2/2 wither) attacks."""
    return {"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": [
        {"id": "lasher", "card": "Stigma Lasher", "controller": "Alice"},
        {"id": "champion", "card": "Elvish Champion", "controller": "Bob", "power": 4,
         "toughness": 4, "until_end_of_turn": {"power": 2, "toughness": 2}},
        {"id": "elf", "card": "Llanowar Elves", "controller": "Bob"}],
        "combat": {"attackers": {"lasher": "Bob"}}}


def test_a_lord_that_dies_in_cleanup_takes_its_bonus_along() -> None:
    # The Champion blocks the Lasher: two -1/-1 counters (702.80a) make it a 2/2 and it
    # survives combat; in cleanup its +2/+2 ends and it is 0/0: it dies (514.3a, 704.5f),
    # and the Elves loses the +1/+1 and forestwalk it gave (611.3a): a 1/1 on Bob's next
    # turn, and valued as a 1/1 (2.5 points) right after combat too.
    from redzone.models.outcome import DamageEvent, deal_damage, state_based_actions
    from redzone.solver.ai.position import with_combat

    board = build_board(parse_scenario(_champion_board()))
    assert (board.permanents["elf"].power, board.permanents["elf"].toughness) == (2, 2)
    fought = with_combat(board, {"lasher": "Bob"}, {"champion": ["lasher"]})
    state = GameState.from_board(fought)
    deal_damage(fought, state, [DamageEvent("lasher", "champion", 2),
                                DamageEvent("champion", "lasher", 4)], combat=True)
    state_based_actions(fought, state)
    assert state.on_battlefield("champion") and not state.on_battlefield("lasher")
    nxt = next_turn_board(board, state, {"lasher": "Bob"}, "Bob")
    assert "champion" not in nxt.permanents
    elf = nxt.permanents["elf"]
    assert (elf.power, elf.toughness) == (1, 1) and not nxt.has_keyword(elf, "forestwalk")
    ev = Evaluator(board, "Bob")
    assert ev.score(state) == Evaluator(nxt, "Bob").score(GameState.from_board(nxt))
    plain = Evaluator(board, "Bob")
    assert plain.score(state) - plain.player_score("Bob", 20, 0) - plain.player_score("Alice", 20, 0) == 2500


def test_no_block_with_a_lord_that_would_die_in_cleanup() -> None:
    # The same board with the Elves tapped (509.1a: it can't block). Bob at 20: taking 2 costs
    # 10(e^-1.8 - e^-2) = 0.30 points; blocking with the Champion kills the Lasher (+4: a 2/2,
    # 1 + 2 + 1) but the Champion dies in cleanup (-4, a 2/2 once its +2/+2 ends) and the
    # Elves loses its +1/+1 (2/2 worth 4 -> 1/1 worth 2.5): -1.5. Bob doesn't block.
    data = _champion_board()
    data["permanents"][2]["tapped"] = True
    decision = choose_blocks(build_board(parse_scenario(data)), lookahead=0)
    assert decision.status == "optimal"
    assert decision.blockers == {}
    # Bob's value: his Champion (4: 2/2 after cleanup) and Elves (4: 2/2 under it) less
    # Alice's Lasher (4), less the 0.30 of the 2 life he takes.
    assert decision.value == pytest.approx(4 + 4 - 4 - 0.3, abs=0.001)
    assert block_mismatch(data, 0) is None


@pytest.mark.parametrize("lookahead", [0, 1])
def test_the_lord_board_agrees_with_the_reference(lookahead: int) -> None:
    data = _champion_board()
    assert block_mismatch(data, lookahead) is None
    del data["combat"]
    assert attack_mismatch(data, lookahead) is None


def test_bad_input_is_one_line_naming_the_field(tmp_path: Any) -> None:
    base = _hoof_board(marked=True)
    cases = [
        ({"powr": 4}, "permanents[0].until_end_of_turn.powr: unknown field (did you mean power?)"),
        ({"power": "4"}, "permanents[0].until_end_of_turn.power: expected a whole number"),
        ({"power": 1.5}, "permanents[0].until_end_of_turn.power: expected a whole number"),
        ({"abilities": "Trample"}, "permanents[0].until_end_of_turn.abilities: expected a list"),
        ({"abilities": ["Flying"]}, "permanents[0].until_end_of_turn.abilities[0]: 'Flying' is not in"),
        ({"abilities": ["Trample", "Trample"]},
         "permanents[0].until_end_of_turn.abilities[1]: 'Trample' is not in"),
        ({"power": 2_000_000}, "permanents[0].until_end_of_turn.power: must be ≤ 1000000"),
    ]
    for eot, message in cases:
        data = json.loads(json.dumps(base))
        data["permanents"][0]["until_end_of_turn"] = eot
        with pytest.raises(ScenarioError) as err:
            build_board(parse_scenario(data))
        assert str(err.value).startswith(message), (eot, str(err.value))
    # A change with no current value given: printed 1/1 Elves, "+4/+4" of what?
    data = json.loads(json.dumps(base))
    del data["permanents"][3]["power"]
    with pytest.raises(ScenarioError, match=r"^permanents\[3\]\.until_end_of_turn\.power: give "):
        parse_scenario(data)
    # An ability that reaches other permanents can't be marked on one of them.
    data = json.loads(json.dumps(base))
    data["permanents"][0]["abilities"] = ["Other creatures you control get +1/+1."]
    data["permanents"][0]["until_end_of_turn"] = {"abilities": ["Other creatures you control get +1/+1."]}
    with pytest.raises(ScenarioError, match=r"^permanents\[0\]\.until_end_of_turn\.abilities\[0\]: .*other"):
        build_board(parse_scenario(data))
    # The command line: one line on standard error, exit status 2, no traceback.
    data = json.loads(json.dumps(base))
    data["permanents"][2]["until_end_of_turn"] = {"toughness": True}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    proc = subprocess.run([sys.executable, "-m", "redzone.solver", "choose-attack", str(path)],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "redzone: error: permanents[2].until_end_of_turn.toughness: expected a whole number, "
        "not a Boolean (got True)"]


def test_json_schema_has_the_field() -> None:
    from redzone.models.scenario.schema import scenario_json_schema

    schema = scenario_json_schema()
    eot = schema["$defs"]["UntilEndOfTurn"]
    assert set(eot["properties"]) == {"power", "toughness", "abilities"}
    assert eot["additionalProperties"] is False
    perm = schema["$defs"]["PermanentSpec"]["properties"]["until_end_of_turn"]
    assert {"$ref": "#/$defs/UntilEndOfTurn"} in perm["anyOf"]


def test_other_commands_play_this_combat_with_the_current_values() -> None:
    # `damage` plays this combat only, with the current values: the 5/5 trampling Elves
    # blocked by Wall of Stone (0/8) assigns all 5 to the Wall (lethal damage is 8,
    # 702.19b) and the Bears unblocked deal 6: Bob 20 -> 14.
    data = _hoof_board(marked=True)
    data["combat"] = {"attackers": {"elf": "Bob", "b1": "Bob"}, "blockers": {"wall": ["elf"]}}
    from redzone.solver.damage.solve import play_out

    result = play_out(build_board(parse_scenario(data)))
    assert result.outcome["life"]["Bob"] == 14
    assert result.outcome["damage"]["wall"] == 5


# ------------------------------------------------------------------ differential


def _mark(rng: random.Random, data: dict[str, Any]) -> dict[str, Any]:
    """Random "until end of turn" parts on the creatures of a random board: some of the
    current power and toughness (toughness may end at 0 or less: it dies in cleanup; a
    negative part, -2/-2 until end of turn, makes it stronger next turn) and sometimes a
    keyword the creature has only this turn."""
    for perm in data["permanents"]:
        if "Creature" not in perm.get("types", ()) or rng.random() < 0.5:
            continue
        # Negative: "gets -N/-N until end of turn" (weaker now, stronger on the next turn).
        eot: dict[str, Any] = {"power": rng.randint(-2, perm["power"]),
                               "toughness": rng.randint(-2, perm["toughness"])}
        if rng.random() < 0.4:
            kw = rng.choice(["Trample", "Flying", "Deathtouch", "Lifelink", "Vigilance", "Double strike"])
            perm["abilities"] = [kw]
            eot["abilities"] = [kw]
        perm["until_end_of_turn"] = eot
    return data


@_settings(50)
@given(st.integers(0, 2**32 - 1))
def test_choose_attack_matches_reference_with_end_of_turn(seed: int) -> None:
    rng = random.Random(seed)
    data = _mark(rng, random_board(rng, rng.randint(1, 3), rng.randint(0, 3)))
    assert attack_mismatch(data, rng.choice([0, 1, 1])) is None


@_settings(30)
@given(st.integers(0, 2**32 - 1))
def test_choose_blocks_matches_reference_with_end_of_turn(seed: int) -> None:
    rng = random.Random(seed)
    data = _mark(rng, random_board(rng, rng.randint(1, 3), rng.randint(1, 3), combat=True))
    assert block_mismatch(data, rng.choice([0, 1])) is None


def test_weights_do_not_matter_to_the_rule() -> None:
    # Whatever the weights, the marked part is never valued: a 5/5 marked +4/+4 is worth a 1/1.
    w = Weights(creature_power=3, creature_toughness=2)
    board = build_board(parse_scenario(_hoof_board(marked=True)))
    plain = build_board(parse_scenario({"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": [
        {"id": "elf", "card": "Llanowar Elves", "controller": "Alice"}]}))
    assert Evaluator(board, "Alice", w).permanent_score("elf") == Evaluator(plain, "Alice", w).permanent_score("elf")


def test_cleanup_keeps_who_left_the_game() -> None:
    # Three players; Bob is at 0 life after this combat and has left the game (104.5,
    # 800.4a). On the next turn's board Carol's pumped Elves is a 1/1 again (514.2) and Bob
    # is still remembered as knocked out (the evaluation counts him `eliminated`).
    data = {"players": [{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}], "permanents": [
        {"id": "elf", "card": "Llanowar Elves", "controller": "Carol", "power": 4, "toughness": 4,
         "until_end_of_turn": {"power": 3, "toughness": 3}}]}
    board = build_board(parse_scenario(data))
    state = GameState.from_board(board)
    state.life["Bob"] = 0
    nxt = next_turn_board(board, state, {}, "Carol")
    assert nxt.departed == ("Bob",)
    assert (nxt.permanents["elf"].power, nxt.permanents["elf"].toughness) == (1, 1)


def test_the_many_blocks_search_matches_reference_with_end_of_turn(forced: dict[str, int]) -> None:
    # solver/ai/block_search.py (boards with too many blocks) forced on every block question, as
    # tests/test_ai_blocks.py does, on marked boards: its bounds rest on the evaluation being
    # monotone in power and toughness, which the until-end-of-turn shift keeps.
    @_settings(60)
    @given(st.integers(0, 2**32 - 1))
    def check(seed: int) -> None:
        rng = random.Random(seed)
        data = random_board(rng, rng.randint(1, 4), rng.randint(1, 3), combat=True)
        data["permanents"] = [p for p in data["permanents"] if p["id"] != "pw"]
        data["combat"]["attackers"] = {a: "Bob" for a in data["combat"]["attackers"]}
        assert block_mismatch(_mark(rng, data), 0) is None

    check()
    assert forced["bb"] >= 15
