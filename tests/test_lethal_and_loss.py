"""Lethal damage by power, players who can't lose, Bloatfly Swarm's prevention, costs that are
no conditions, and the outcome statics the combat-relevance rule now reports.

Rules: CR 120.6 and 704.5g (lethal damage; Zilortha, Strength Incarnate measures it by power,
its rulings: a 0-power creature needs 1 damage, toughness 0 still kills, 704.5f), 702.19b
(trample needs lethal damage assigned first), 704.5a/c and 104.3b (losing for life or poison;
Phyrexian Unlife, Platinum Angel, Abyssal Persecutor), 615.1 (prevention), 508.1d/509.1d
(costs). Real cards throughout, from the bundled card data.
"""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.abilities import (
    AttackTax,
    BlockTax,
    CantLoseGame,
    Conditional,
    LethalByPower,
    PreventDamage,
)
from redzone.models.board import build_board
from redzone.models.cards import lookup
from redzone.models.damage_rules import damage_problem
from redzone.models.outcome import DamageEvent, GameState, resolve_damage, state_based_actions
from redzone.models.parser import analyse_text
from redzone.models.scenario import parse_scenario
from redzone.solver.damage.solve import plan_damage_step

PLAYERS = [{"name": "Alice"}, {"name": "Bob"}]


def board_of(*permanents: dict[str, Any], players: list[dict[str, Any]] | None = None,
             **extra: Any) -> Any:
    return build_board(parse_scenario({"players": players or PLAYERS,
                                       "permanents": list(permanents), **extra}))


def card(pid: str, name: str, controller: str, **more: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, "controller": controller, **more}


def play(board: Any, *events: tuple[str, str, int], state: GameState | None = None) -> GameState:
    state = state or GameState.from_board(board)
    resolve_damage(board, state, [DamageEvent(*e) for e in events], combat=True)
    return state


def sentences(name: str) -> list[Any]:
    c = lookup(name)
    out: list[Any] = []
    for f in c.faces:
        out.extend(analyse_text(f.text, names=(f.name,)))
    return out


def sentence(name: str, starts: str) -> Any:
    got = [s for s in sentences(name) if s.text.startswith(starts)]
    assert len(got) == 1, [s.text for s in sentences(name)]
    return got[0]


ZILORTHA = "Zilortha, Strength Incarnate"  # 7/3 trample; lethal damage by power for Alice's


# ------------------------------------------------------------------ parsing

def test_zilortha_reads_as_lethal_by_power_for_creatures_you_control() -> None:
    s = sentence(ZILORTHA, "Lethal damage")
    assert s.status == "understood"
    (a,) = s.abilities
    assert isinstance(a, LethalByPower)
    assert a.affected.kind == "creatures" and a.affected.controller == "you"


def test_who_cant_lose_the_game() -> None:
    # 704.5a replaced for the player: Phyrexian Unlife (life only), Platinum Angel (any
    # reason), Abyssal Persecutor (its controller's opponents).
    (unlife,) = sentence("Phyrexian Unlife", "You don't lose").abilities
    assert unlife == CantLoseGame(who="you", life_only=True, text=unlife.text)
    (angel,) = sentence("Platinum Angel", "You can't lose").abilities
    assert (angel.who, angel.life_only) == ("you", False)
    (persecutor,) = sentence("Abyssal Persecutor", "You can't win").abilities
    assert (persecutor.who, persecutor.life_only) == ("opponents", False)
    # Unlife's second sentence (damage as though from infect at 0 or less life) is not
    # played: it stays reported.
    assert sentence("Phyrexian Unlife", "As long as").status == "unparsed"


def test_bloatfly_swarm_prevention_removes_that_many_counters() -> None:
    (a,) = sentence("Bloatfly Swarm", "If damage").abilities
    assert isinstance(a, PreventDamage)
    assert (a.remove_counters, a.while_counter, a.to, a.damage) == ("amount", True, True, "any")


def test_a_payment_after_unless_is_a_cost_never_a_stated_condition() -> None:
    # 508.1d, 509.1d: "unless its controller pays {1} for each card in your hand" is a cost
    # (X = the stated hand: tests/test_hand_costs.py), never a condition to state.
    s = sentence("Cowed by Wisdom", "Enchanted creature")
    assert s.status == "understood" and not any(isinstance(a, Conditional) for a in s.abilities)
    assert [type(a) for a in s.abilities] == [AttackTax, BlockTax]
    assert all(a.x is not None and a.x.what == "cards in hand" and a.generic == 0
               for a in s.abilities)  # pyright: ignore[reportAttributeAccessIssue]
    assert sentence("Exalted Dragon", "This creature can't attack unless").status == "unparsed"
    # "This creature can't attack or block unless you pay {2}": a cost on each of its attacks
    # and blocks (you = its controller).
    got = sentence("Qal Sisma Behemoth", "This creature can't").abilities
    assert [type(a) for a in got] == [AttackTax, BlockTax]
    assert got[0].generic == 2 and got[0].against == "any" and got[1].generic == 2


@pytest.mark.parametrize(("name", "starts"), [
    ("Erebos, God of the Dead", "Your opponents can't gain life"),  # lifelink gains nothing
    ("Platinum Emperion", "Your life total can't change"),  # combat damage loses no life
    ("Mossbridge Troll", "If this creature would be destroyed"),  # regeneration
    ("Ogre Enforcer", "This creature can't be destroyed by lethal damage"),
    ("Wolverine, Best There Is", "Double all damage"),  # a static doubler, no one-shot
    ("Rhox Faithmender", "If you would gain life"),
    ("Lich", "You don't lose the game"),
])
def test_outcome_statics_not_played_are_reported_never_ignored(name: str, starts: str) -> None:
    s = sentence(name, starts)
    if s.status == "understood":  # Lich's sentence is played (CantLoseGame)
        assert s.abilities
    else:
        assert s.status == "unparsed", (s.status, s.reason)


def test_losing_for_drawing_is_no_combat_matter() -> None:
    s = sentence("Mine, Mine, Mine!", "Players have no maximum hand size")
    assert (s.status, s.reason) == ("ignored", "not combat-relevant")


# ------------------------------------------------------------------ lethal damage by power

def test_zilortha_two_damage_on_a_3_1_is_not_lethal_but_three_is() -> None:
    # 704.5g under Zilortha: Savai Sabertooth (3/1) of Alice needs 3 damage (its power).
    board = board_of(card("z", ZILORTHA, "Alice"), card("cat", "Savai Sabertooth", "Alice"),
                     card("healer", "Drannith Healer", "Bob"))
    state = play(board, ("healer", "cat", 2))
    assert state.destroyed == [] and state.damage["cat"] == 2
    state = play(board, ("healer", "cat", 1), state=state)
    assert state.destroyed == ["cat"]
    assert state.reasons["cat"] == "lethal damage (704.5g)"


def test_zilortha_reaches_only_its_controllers_creatures() -> None:
    # Bob's Drannith Healer (2/2) is measured by toughness: 2 damage is lethal.
    board = board_of(card("z", ZILORTHA, "Alice"), card("cat", "Savai Sabertooth", "Alice"),
                     card("healer", "Drannith Healer", "Bob"))
    state = play(board, ("cat", "healer", 2))
    assert state.destroyed == ["healer"]


def test_zilortha_zero_power_creature_needs_one_damage() -> None:
    # Ruling: a creature with 0 power isn't destroyed unless it has at least 1 damage marked.
    board = board_of(card("z", ZILORTHA, "Alice"), card("turtle", "Aegis Turtle", "Alice"),
                     card("bears", "Grizzly Bears", "Bob"))
    state = GameState.from_board(board)
    assert state_based_actions(board, state) == []
    assert state.lethal_remaining(board, "turtle") == 1
    state = play(board, ("bears", "turtle", 1))
    assert state.destroyed == ["turtle"]


def test_damage_becomes_lethal_when_zilortha_leaves() -> None:
    # Ruling: nonlethal damage may become lethal if Zilortha leaves. Zilortha (7/3) takes 6
    # and the Sabertooth (3/1) 2: both below their power. One more to Zilortha (7 = its
    # power) destroys it; the next check (704.3) measures the Sabertooth's 2 damage by its
    # toughness 1.
    board = board_of(card("z", ZILORTHA, "Alice"), card("cat", "Savai Sabertooth", "Alice"),
                     card("maw", "Colossal Dreadmaw", "Bob"), card("bears", "Grizzly Bears", "Bob"))
    state = play(board, ("maw", "z", 6), ("bears", "cat", 2))
    assert state.destroyed == []  # Zilortha: 6 < power 7; Sabertooth: 2 < power 3
    state = play(board, ("bears", "z", 1), state=state)
    assert state.destroyed == ["z", "cat"]  # the second check measures the cat by toughness 1


def test_trample_must_assign_lethal_by_power_to_a_zilortha_blocker() -> None:
    # 702.19b with Zilortha's rulings ("this includes being assigned trample damage"): Bob's
    # Colossal Dreadmaw (6/6 trample) blocked by Alice's Savai Sabertooth (3/1) must assign
    # it 3 before any damage tramples over: 3 to the cat, 3 to Alice (not 1 and 5).
    combat = {"attackers": {"maw": "Alice"}, "blockers": {"cat": ["maw"]}}
    with_z = board_of(card("z", ZILORTHA, "Alice"), card("cat", "Savai Sabertooth", "Alice"),
                      card("maw", "Colossal Dreadmaw", "Bob"), active_player="Bob", combat=combat)
    problem = damage_problem(with_z)
    assert problem.recipients["cat"].need == 3
    assert plan_damage_step(problem).assignment["maw"] == {"cat": 3, "Alice": 3}
    without = board_of(card("cat", "Savai Sabertooth", "Alice"),
                       card("maw", "Colossal Dreadmaw", "Bob"), active_player="Bob", combat=combat)
    assert plan_damage_step(damage_problem(without)).assignment["maw"] == {"cat": 1, "Alice": 5}


def test_load_check_measures_lethal_damage_by_power() -> None:
    # 704.5g on the loaded board (704.3): Alice's Maned Serval (1/4) with 1 damage under
    # Zilortha has lethal damage (power 1); Bob's with 1 damage does not (toughness 4).
    board = board_of(card("z", ZILORTHA, "Alice"), card("serval", "Maned Serval", "Alice", damage=1),
                     card("serval-b", "Maned Serval", "Bob", damage=1))
    assert "serval" not in board.permanents and "serval-b" in board.permanents
    (action,) = board.load_actions
    assert action.rule == "704.5g" and "power 1, lethal damage by power" in action.message


# ------------------------------------------------------------------ can't lose the game

def test_phyrexian_unlife_keeps_a_player_at_minus_two_in_the_game() -> None:
    # 704.5a doesn't apply to Alice under Phyrexian Unlife; 704.5c (10 poison) still does.
    board = board_of(card("unlife", "Phyrexian Unlife", "Alice"), card("lion", "Silvercoat Lion", "Bob"),
                     players=[{"name": "Alice", "life": 2}, {"name": "Bob"}])
    state = play(board, ("lion", "Alice", 4))
    assert state.life["Alice"] == -2 and state.lost == []
    state.poison["Alice"] = 10
    state_based_actions(board, state)
    assert state.lost == ["Alice"]


def test_platinum_angel_stops_both_losses_until_it_leaves() -> None:
    # Platinum Angel (4/4) keeps Alice in at -3 life and 10 poison; once the Angel is
    # destroyed (704.5g), the next check makes Alice lose (704.3: repeated until none apply).
    board = board_of(card("angel", "Platinum Angel", "Alice"), card("maw", "Colossal Dreadmaw", "Bob"),
                     players=[{"name": "Alice", "life": 3, "poison": 10}, {"name": "Bob"}])
    state = play(board, ("maw", "Alice", 6))
    assert state.life["Alice"] == -3 and state.lost == []
    state = play(board, ("maw", "angel", 4), state=state)
    assert state.destroyed == ["angel"] and state.lost == ["Alice"]


def test_platinum_persecutor_keeps_every_player_in() -> None:
    # "Players can't lose the game or win the game": both players stay in at 0 or less.
    (a,) = sentence("Platinum Persecutor", "Players can't lose").abilities
    assert a.who == "players"
    board = board_of(card("p", "Platinum Persecutor", "Alice"), card("lion", "Silvercoat Lion", "Bob"),
                     players=[{"name": "Alice", "life": 1}, {"name": "Bob", "life": 4}])
    state = play(board, ("p", "Bob", 4), ("lion", "Alice", 2))
    assert state.life == {"Alice": -1, "Bob": 0} and state.lost == []


def test_abyssal_persecutor_keeps_its_controllers_opponents_in() -> None:
    # "Your opponents can't lose the game": Bob (Alice's opponent) stays in at 0; Alice at 0
    # loses.
    board = board_of(card("demon", "Abyssal Persecutor", "Alice"), card("lion", "Silvercoat Lion", "Bob"),
                     players=[{"name": "Alice", "life": 1}, {"name": "Bob", "life": 6}])
    state = play(board, ("demon", "Bob", 6), ("lion", "Alice", 2))
    assert state.life == {"Alice": -1, "Bob": 0}
    assert state.lost == ["Alice"]


# ------------------------------------------------------------------ Bloatfly Swarm

def test_bloatfly_swarm_damage_prevented_and_that_many_counters_removed() -> None:
    # 615.1: 3 damage to the Swarm (a 0/0 with five +1/+1 counters, given as 5/5) is
    # prevented and removes three counters: no damage marked, two counters, a 2/2.
    board = board_of(card("swarm", "Bloatfly Swarm", "Alice", power=5, toughness=5,
                          counters={"+1/+1": 5}),
                     card("ogre", "Gray Ogre", "Bob"))
    state = play(board, ("ogre", "swarm", 2), ("ogre", "swarm", 1))
    assert state.damage.get("swarm", 0) == 0
    assert state.counters["swarm"] == {"+1/+1": 2}
    assert state.toughness(board, "swarm") == 2 and state.destroyed == []


# ------------------------------------------------------------------ block and damage templates

def _check_block(scenario: dict[str, Any], blockers: dict[str, list[str]]) -> dict[str, Any]:
    from redzone.solver.frontends.commands import run_command
    return run_command("check-block", scenario, {"blockers": blockers}).to_json()


def test_bower_passage_fliers_cant_block_its_controllers_creatures() -> None:
    # 509.1b: Bob's Bower Passage — Alice's Air Elemental (flying) can't block Bob's Grizzly
    # Bears; Alice's Llanowar Elves (no flying) can; Bower Passage doesn't help Alice's own.
    (a,) = sentence("Bower Passage", "Creatures with flying").abilities
    assert a.affected.controller == "you" and a.quality.keywords == ("flying",)
    scenario = {"active_player": "Bob", "players": PLAYERS, "permanents": [
        card("passage", "Bower Passage", "Bob"), card("bears", "Grizzly Bears", "Bob"),
        card("air", "Air Elemental", "Alice"), card("elves", "Llanowar Elves", "Alice")],
        "combat": {"attackers": {"bears": "Alice"}}}
    assert _check_block(scenario, {"air": ["bears"]})["legal"] is False
    assert _check_block(scenario, {"elves": ["bears"]})["legal"] is True


def test_champion_of_lambholt_compares_blockers_with_its_own_power() -> None:
    # 509.1b: "power less than this creature's power" is the Champion's (4 here), not the
    # attacker's: Alice's Grizzly Bears (power 2) can't block Bob's Llanowar Elves (power 1),
    # though the Bears' power is greater than the Elves'; Alice's Hill Giant (power 3 < 4)
    # can't either; her Craw Wurm (power 6) can.
    (a,) = sentence("Champion of Lambholt", "Creatures with power less").abilities
    assert a.versus_source and a.quality.power_vs == "less"
    scenario = {"active_player": "Bob", "players": PLAYERS, "permanents": [
        card("champ", "Champion of Lambholt", "Bob", power=4, toughness=4, counters={"+1/+1": 3}),
        card("elves", "Llanowar Elves", "Bob"),
        card("bears", "Grizzly Bears", "Alice"), card("giant", "Hill Giant", "Alice"),
        card("wurm", "Craw Wurm", "Alice")],
        "combat": {"attackers": {"elves": "Alice"}}}
    assert _check_block(scenario, {"bears": ["elves"]})["legal"] is False
    assert _check_block(scenario, {"giant": ["elves"]})["legal"] is False
    assert _check_block(scenario, {"wurm": ["elves"]})["legal"] is True


def test_armored_transport_takes_no_damage_from_its_blockers_only() -> None:
    # 615.1: combat damage to Armored Transport (2/1) from a creature blocking it is
    # prevented; damage from a creature it blocks is not.
    blocked = board_of(card("transport", "Armored Transport", "Alice"), card("bears", "Grizzly Bears", "Bob"),
                       combat={"attackers": {"transport": "Bob"}, "blockers": {"bears": ["transport"]}})
    state = play(blocked, ("bears", "transport", 2), ("transport", "bears", 2))
    assert state.destroyed == ["bears"]
    blocking = board_of(card("transport", "Armored Transport", "Alice"), card("bears", "Grizzly Bears", "Bob"),
                        active_player="Bob",
                        combat={"attackers": {"bears": "Alice"}, "blockers": {"transport": ["bears"]}})
    state = play(blocking, ("bears", "transport", 2), ("transport", "bears", 2))
    assert sorted(state.destroyed) == ["bears", "transport"]


def test_archetype_of_imagination_removes_flying_granted_later_too() -> None:
    # 613.1f, 613.7: "lose flying and can't have or gain flying" — Bob's Vaporkin loses its
    # flying, and a flying grant with a later timestamp (Bob's Levitation, after the
    # Archetype in scenario order) gives it none either; Bob's creatures without the
    # Archetype's effect keep it.
    board = board_of(card("arch", "Archetype of Imagination", "Alice"),
                     card("vaporkin", "Vaporkin", "Bob"), card("bears", "Grizzly Bears", "Bob"),
                     card("lev", "Levitation", "Bob"))
    assert not board.has_keyword(board.permanents["vaporkin"], "flying")
    assert not board.has_keyword(board.permanents["bears"], "flying")
    plain = board_of(card("vaporkin", "Vaporkin", "Bob"), card("bears", "Grizzly Bears", "Bob"),
                     card("lev", "Levitation", "Bob"))
    assert plain.has_keyword(plain.permanents["bears"], "flying")


def test_cloudsteel_kirin_grants_cant_lose_to_the_equipped_creatures_controller() -> None:
    # The granted "You can't lose the game" is the equipped creature's (its controller's),
    # only while the Equipment and the creature are on the battlefield (611.3).
    board = board_of(card("bears", "Grizzly Bears", "Alice"),
                     card("eq", "Cloudsteel Kirin", "Alice", attached_to="bears"),
                     card("maw", "Colossal Dreadmaw", "Bob"),
                     players=[{"name": "Alice", "life": 3}, {"name": "Bob"}])
    state = play(board, ("maw", "Alice", 6))
    assert state.lost == []
    state = play(board, ("maw", "bears", 2), state=state)
    assert state.destroyed == ["bears"] and state.lost == ["Alice"]


def test_hundred_handed_one_monstrous_blocks_ninety_nine_more() -> None:
    # "an additional ninety-nine creatures" (509.1a) under the stated condition "this
    # creature is monstrous" (701.37b: a designation the scenario states).
    (c,) = sentence("Hundred-Handed One", "As long as").abilities
    assert isinstance(c, Conditional) and c.condition.phrase == "~ is monstrous"
    assert [getattr(a, "count", None) for a in c.abilities][-1] == 99


def test_collective_restraint_costs_one_per_basic_land_type() -> None:
    # 508.1d, 508.1h, 305.6: X is the number of basic land types among Bob's lands — Island
    # and Breeding Pool (Forest Island) make 2, so Memnite's attack costs {2}: legal with 2
    # mana, not with 1.
    from redzone.solver.frontends.commands import run_command

    def legal(mana: int) -> bool:
        scenario = {"players": [{"name": "Alice", "mana": mana}, {"name": "Bob"}], "permanents": [
            card("memnite", "Memnite", "Alice"), card("restraint", "Collective Restraint", "Bob"),
            card("island", "Island", "Bob"), card("pool", "Breeding Pool", "Bob")]}
        answer = run_command("check-attack", scenario, {"declaration": {"memnite": "Bob"}}).to_json()
        return answer["legal"]

    assert legal(2) is True
    assert legal(1) is False
