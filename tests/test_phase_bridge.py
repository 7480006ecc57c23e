"""The phase.rs bridge (solver/bridges/phase.py): card data from redzone's own data, positions
set up in phase and read back as scenarios (round trips on real positions), redzone's
decisions as phase actions, and redzone playing whole combats inside phase (CR 508-510)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from phase_required import phase  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.arena import POOL  # noqa: E402
from redzone.models.board import build_board  # noqa: E402
from redzone.models.scenario import parse_scenario  # noqa: E402
from redzone.solver.bridges import phase as pb  # noqa: E402

CARDS = ("Colossal Dreadmaw", "Grizzly Bears", "Serra Angel", "Vampire Nighthawk", "Fencing Ace",
         "Boros Recruit", "Glistener Elf", "Craw Wurm", "Giant Spider", "Goblin Guide")


@pytest.fixture(scope="module")
def eng():
    return pb.make_engine(CARDS + POOL)


def by_name(game, name: str, seat: int) -> int:
    return next(o["id"] for o in game.battlefield() if o["name"] == name and o["controller"] == seat)


# ----------------------------------------------------------------------- card data


def test_phase_card_fields_come_from_bundled_data():
    entry = pb.phase_card("Vampire Nighthawk")
    # Printed facts of Vampire Nighthawk (bundled data): {1}{B}{B}, 2/3, three keywords.
    assert entry["manaCost"] == "{1}{B}{B}" and entry["manaValue"] == 3
    assert entry["power"] == "2" and entry["toughness"] == "3"
    assert entry["types"] == ["Creature"] and entry["subtypes"] == ["Vampire", "Shaman"]
    assert entry["keywords"] == ["Flying", "Deathtouch", "Lifelink"]
    assert "loyalty" not in entry  # null values are dropped


def test_keywords_only_from_lines_made_of_keywords():
    # "Flying" alone on a line is a keyword; a sentence that mentions flying is not.
    assert pb._keywords("Flying\nVigilance (Attacking doesn't cause this creature to tap.)") == ["Flying", "Vigilance"]
    assert pb._keywords("First strike, lifelink") == ["First strike", "Lifelink"]
    assert pb._keywords("Creatures you control have flying.") == []


def test_engine_knows_cards_and_basic_lands(eng):
    data = pb.card_data(["Serra Angel"])
    assert set(data) == {"plains", "island", "swamp", "mountain", "forest", "serra angel"}
    assert data["serra angel"]["keywords"] == ["Flying", "Vigilance"]
    assert eng.card_count() == len(set(CARDS + POOL)) + 5


def test_pool_cards_same_keywords_in_both_engines(eng):
    """Every arena card on one battlefield: redzone parses all of its text, and its keywords,
    power and toughness are phase's."""
    half = len(POOL) // 2
    game = pb.set_up(eng, [pb.Side(POOL[:half], library=5), pb.Side(POOL[half:], land="Island", library=5)], seed=1)
    board = pb.board_from_state(game.state())
    seen = set()
    for obj in game.battlefield():
        perm = board.permanents[pb.permanent_id(obj["id"])]
        assert perm.unparsed == (), perm.name
        ours = sorted(a.name for a in perm.abilities)
        assert ours == sorted(pb.oracle_keyword(k).lower() for k in obj["keywords"]), perm.name
        assert (perm.power, perm.toughness) == (obj["power"], obj["toughness"]), perm.name
        seen.add(perm.name)
    assert seen == set(POOL)


def test_pool_has_at_least_60_distinct_creatures():
    assert len(set(POOL)) == len(POOL) >= 60


# ------------------------------------------------------------------- round trips


def test_position_round_trip(eng):
    sides = [pb.Side(["Colossal Dreadmaw", pb.Creature("Serra Angel", counters={"+1/+1": 1}, damage=1)], life=17, poison=3),
             pb.Side([pb.Creature("Vampire Nighthawk", tapped=True, summoning_sick=True), "Grizzly Bears"],
                     life=9, land="Island")]
    game = pb.set_up(eng, sides, seed=3)
    scenario = pb.scenario_from_state(game.state())
    assert scenario["active_player"] == "P1"
    assert scenario["players"] == [{"name": "P1", "life": 17, "poison": 3}, {"name": "P2", "life": 9, "poison": 0}]
    board = build_board(parse_scenario(scenario))
    angel = board.permanents[pb.permanent_id(by_name(game, "Serra Angel", 0))]
    # A +1/+1 counter makes the 4/4 a 5/5 (CR 122.1a); the damage stays marked (CR 120.6).
    assert (angel.power, angel.toughness, angel.damage, angel.counters) == (5, 5, 1, {"+1/+1": 1})
    hawk = board.permanents[pb.permanent_id(by_name(game, "Vampire Nighthawk", 1))]
    assert hawk.tapped and hawk.summoning_sick and hawk.controller == "P2"
    # Each permanent's id names the phase object it came from.
    for pid, perm in board.permanents.items():
        assert game.object(pb.object_id(pid))["name"] == perm.name
    # phase agrees on what can attack: the sick, tapped Nighthawk is seat 1's anyway;
    # seat 0's two creatures can (CR 302.6, 508.1a).
    prompt = pb.advance(game)
    assert prompt["type"] == "DeclareAttackers"
    assert sorted(pb.permanent_id(i) for i in prompt["data"]["valid_attacker_ids"]) == sorted(
        c.id for c in board.creatures("P1"))


def test_tokens_and_goad_are_read_from_phase(eng):
    # phase marks a token (CR 111.1) and the seats that goaded a creature (CR 701.15); both
    # reach the scenario, so a goaded creature must attack (701.15b, a requirement of 508.1d).
    sides = [pb.Side(["Grizzly Bears", "Craw Wurm"]), pb.Side(["Giant Spider"], land="Island")]
    game = pb.set_up(eng, sides, seed=4)
    snapshot = game.state()
    objects = snapshot["state"]["objects"]
    bears, giant = by_name(game, "Grizzly Bears", 0), by_name(game, "Craw Wurm", 0)
    objects[str(bears)]["is_token"] = True
    objects[str(giant)]["goaded_by"] = [1]
    game = eng.load_game(snapshot)
    scenario = pb.scenario_from_state(game.state())
    by_id = {p["id"]: p for p in scenario["permanents"]}
    assert by_id[pb.permanent_id(bears)].get("token") is True
    assert "token" not in by_id[pb.permanent_id(giant)]
    assert scenario["effects"] == [{"goad": pb.permanent_id(giant), "by": "P2"}]
    board = build_board(parse_scenario(scenario))
    assert board.permanents[pb.permanent_id(bears)].token
    from redzone.models.attack_rules import attack_problem
    from redzone.solver.attack.solve import plan_attack
    plan = plan_attack(attack_problem(board))
    # The goaded Craw Wurm attacks P2 (its only possible target); nothing obliges the Bears.
    assert plan.attackers == {pb.permanent_id(giant): "P2"} and plan.obeyed == 1


def test_summoning_sickness_reaches_phase(eng):
    # CR 302.6: a summoning-sick creature can't attack; haste lifts that (702.10b).
    sides = [pb.Side([pb.Creature("Grizzly Bears", summoning_sick=True), pb.Creature("Goblin Guide", summoning_sick=True),
                      "Craw Wurm"]),
             pb.Side(["Giant Spider"], land="Island")]
    game = pb.set_up(eng, sides, seed=5)
    prompt = pb.advance(game)
    names = sorted(game.object(i)["name"] for i in prompt["data"]["valid_attacker_ids"])
    assert names == ["Craw Wurm", "Goblin Guide"]
    bears = by_name(game, "Grizzly Bears", 0)
    with pytest.raises(ValueError, match="summoning sickness"):
        game.apply(0, pb.attack_action({pb.permanent_id(bears): "P2"}))


def test_combat_round_trip(eng):
    sides = [pb.Side(["Craw Wurm", "Serra Angel"]), pb.Side(["Grizzly Bears", "Grizzly Bears", "Giant Spider"], land="Island")]
    game = pb.set_up(eng, sides, seed=7)
    pb.advance(game)
    wurm, angel = (pb.permanent_id(by_name(game, n, 0)) for n in ("Craw Wurm", "Serra Angel"))
    attack = {wurm: "P2", angel: "P2"}
    game.apply(0, pb.attack_action(attack))
    prompt = pb.advance(game)
    assert prompt["type"] == "DeclareBlockers"
    bears = sorted(pb.permanent_id(o["id"]) for o in game.battlefield() if o["name"] == "Grizzly Bears")
    spider = pb.permanent_id(by_name(game, "Giant Spider", 1))
    blocks = {bears[0]: [wurm], bears[1]: [wurm], spider: [angel]}
    game.apply(1, pb.block_action(blocks))
    state = game.state()
    assert pb.declarations_from_state(state) == (attack, blocks)
    scenario = pb.scenario_from_state(state)
    assert sorted(scenario["combat"]["blocked"]) == sorted([wurm, angel])
    # Re-encoding what was read gives back phase's own combat.
    assert pb.attack_action(pb.declarations_from_state(state)[0]) == pb.attack_action(attack)
    board = build_board(parse_scenario(scenario))
    assert board.permanents[wurm].tapped and not board.permanents[angel].tapped  # vigilance, CR 702.20b


def test_damage_action_maps_rows():
    prompt = {"type": "AssignCombatDamage",
              "data": {"player": 0, "attacker_id": 11, "total_damage": 6,
                       "blockers": [{"blocker_id": 30, "lethal_minimum": 2}, {"blocker_id": 32, "lethal_minimum": 2}],
                       "trample": "Standard", "defending_player": 1,
                       "attack_target": {"type": "Player", "data": 1}}}
    action = pb.damage_action(prompt, {"o11": {"o30": 2, "o32": 2, "P2": 2}})
    assert action["data"] == {"assignments": [[30, 2], [32, 2]], "controller_damage": 0,
                              "mode": "Normal", "trample_damage": 2}
    with pytest.raises(ValueError, match="can't take"):
        pb.damage_action(prompt, {"o11": {"o99": 6}})


def test_oracle_keyword_names():
    assert pb.oracle_keyword("FirstStrike") == "First strike"
    assert pb.oracle_keyword("Flying") == "Flying"


def test_ids_and_names():
    assert pb.permanent_id(12) == "o12" and pb.object_id("o12") == 12
    assert pb.seat_name(0) == "P1" and pb.seat_of("P2") == 1
    with pytest.raises(ValueError):
        pb.object_id("grizzly-bears")
    with pytest.raises(ValueError):
        pb.seat_of("Alice")


def test_unknown_card_is_an_error_not_dropped(eng):
    # phase drops a deck card it doesn't know; set_up refuses instead.
    with pytest.raises(ValueError, match="not in the engine"):
        pb.set_up(eng, [pb.Side(["Llanowar Elves"]), pb.Side(["Grizzly Bears"])])


# --------------------------------------------------------------- redzone as brain


def test_redzone_plays_a_whole_combat_in_phase(eng):
    """Attack and block choices given; redzone plans the damage of the trampling Craw...
    Colossal Dreadmaw (6/6 trample) blocked by two Grizzly Bears: max-player-damage assigns
    lethal damage (2) to each and tramples over 2 (CR 702.19b); Glistener Elf (infect)
    unblocked gives 1 poison counter (CR 702.90b)."""
    sides = [pb.Side(["Colossal Dreadmaw", "Glistener Elf"]), pb.Side(["Grizzly Bears", "Grizzly Bears"], land="Island")]
    game = pb.set_up(eng, sides, seed=11)

    def attack(board):
        return {c.id: "P2" for c in board.creatures("P1")}

    def block(board):
        maw = next(c.id for c in board.creatures("P1") if c.name == "Colossal Dreadmaw")
        return {c.id: [maw] for c in board.creatures("P2")}

    brain = pb.RedzoneBrain(attack=attack, block=block)
    seats = {"DeclareAttackers": 0, "DeclareBlockers": 1, "AssignCombatDamage": 0}
    prompt = pb.advance(game)
    asked = []
    while prompt["type"] in pb.COMBAT_PROMPTS:
        asked.append(prompt["type"])
        brain.play(game, seats[prompt["type"]], prompt)
        prompt = pb.advance(game, lambda p: game.phase in ("EndCombat", "PostCombatMain"))
    assert asked == ["DeclareAttackers", "DeclareBlockers", "AssignCombatDamage"]
    p2 = game.player(1)
    assert p2["life"] == 20 - 2 and p2["poison_counters"] == 1
    assert [o["name"] for o in game.battlefield() if o["controller"] == 1] == []
    assert sorted(brain.times) == ["AssignCombatDamage", "DeclareAttackers", "DeclareBlockers"]


def test_redzone_damage_plan_matches_phase_first_strike(eng):
    """Fencing Ace (1/1 double strike) blocked by Boros Recruit (1/1 first strike): both deal
    first-strike damage (CR 702.7b, 702.4b) and die; nothing is asked of redzone."""
    sides = [pb.Side(["Fencing Ace"]), pb.Side(["Boros Recruit"], land="Island")]
    game = pb.set_up(eng, sides, seed=2)
    brain = pb.RedzoneBrain(attack=lambda b: {c.id: "P2" for c in b.creatures("P1")},
                            block=lambda b: {c.id: [a.id for a in b.creatures("P1")] for c in b.creatures("P2")})
    prompt = pb.advance(game)
    brain.play(game, 0, prompt)
    prompt = pb.advance(game)
    brain.play(game, 1, prompt)
    pb.advance(game, lambda p: game.phase in ("EndCombat", "PostCombatMain"))
    assert game.battlefield() == []
    assert "AssignCombatDamage" not in brain.times


def test_redzone_ai_wins_with_trample_in_phase(eng):
    """redzone's AI on both sides (choose-attack, choose-blocks, the damage plan): Colossal
    Dreadmaw (6/6 trample) against a player at 4 life with one Grizzly Bears. Attacking
    wins whatever the block: a chump block still lets 4 trample over (CR 702.19b), so the
    AI attacks, and the damage plan assigns the Bears lethal damage (2) and the rest to the
    player; phase accepts every decision and ends the game."""
    game = pb.set_up(eng, [pb.Side(["Colossal Dreadmaw"]), pb.Side(["Grizzly Bears"], life=4, land="Island")], seed=4)
    brain = pb.RedzoneBrain()
    prompt = pb.advance(game)
    while prompt["type"] in pb.COMBAT_PROMPTS:
        brain.play(game, prompt["data"]["player"], prompt)
        prompt = pb.advance(game)
    assert prompt == {"type": "GameOver", "data": {"winner": 0}}
    assert game.player(1)["life"] <= 0
    assert "DeclareAttackers" in brain.times


def test_brain_remembers_the_answer_to_a_position_asked_again(eng):
    """A stalled game asks the same question every turn: Grizzly Bears (2/2) against Moat
    Piranhas (3/3 defender, CR 702.3b: it can't attack) — blocking kills the Bears and the
    Piranhas survive (CR 510.1, 704.5g), so the Bears stay home, and nothing changes from
    one of their controller's turns to the next. From the second turn on the attack prompt
    is answered from the memo, with the declaration a brain without memo gives (none)."""
    game = pb.set_up(eng, [pb.Side(["Grizzly Bears"], life=10), pb.Side(["Moat Piranhas"], life=10, land="Island")],
                     seed=2)
    brain = pb.RedzoneBrain()
    fresh = pb.RedzoneBrain(memo=0)
    asked = 0
    prompt = pb.advance(game)
    while prompt["type"] in pb.COMBAT_PROMPTS and game.turn <= 8:
        if prompt["type"] == "DeclareAttackers":
            asked += 1
            assert brain.decide(game, prompt) == fresh.decide(game, prompt) == pb.attack_action({})
        brain.play(game, prompt["data"]["player"], prompt)
        prompt = pb.advance(game)
    assert asked >= 3
    assert brain.memo_hits.get("DeclareAttackers", 0) >= 2 * asked - 1  # all but the first ask
    assert fresh.memo_hits == {} and not fresh._answers
    assert game.player(0)["life"] == game.player(1)["life"] == 10
