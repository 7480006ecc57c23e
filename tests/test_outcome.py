"""Damage results, prevention, replacement and state-based actions (models.outcome).

Rules: CR 120.3 (results of damage), 120.4b (replacement and prevention modify dealt
damage), 614/615/616 (replacement and prevention), 702.16e (protection), 704.5
(state-based actions). Real cards throughout; a stated power/toughness overrides the
printed one where the test needs a smaller or damaged creature.
"""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.abilities import DamageCantBePrevented, DamageModifier, PreventDamage, PreventDamageToPlayer
from redzone.models.board import build_board
from redzone.models.errors import ScenarioError
from redzone.models.outcome import (
    DamageEvent,
    GameState,
    deal_damage,
    has_quality,
    resolve_damage,
    state_based_actions,
)
from redzone.models.parser import parse_text
from redzone.models.scenario import parse_scenario

PLAYERS = [{"name": "Alice"}, {"name": "Bob"}]


def board_of(permanents: list[dict[str, Any]], players: list[dict[str, Any]] | None = None,
             **extra: Any):
    return build_board(parse_scenario({"players": players or PLAYERS, "permanents": permanents, **extra}))


def play(board, *events: tuple[str, str, int], combat: bool = True, state: GameState | None = None):
    state = state or GameState.from_board(board)
    dealt = resolve_damage(board, state, [DamageEvent(*e) for e in events], combat=combat)
    return state, dealt


RHINO = {"id": "rhino", "card": "Stampeding Rhino", "controller": "Alice"}  # 4/4 green trample
FURNACE = {"id": "furnace", "card": "Furnace of Rath", "controller": "Bob"}


# ------------------------------------------------------------------ results (120.3)


def test_player_loses_life_and_creature_gets_marked_damage() -> None:
    # CR 120.3a: damage to a player is life loss; 120.3e: to a creature, marked damage.
    board = board_of([RHINO, {"id": "bears", "card": "Grizzly Bears", "controller": "Bob",
                              "power": 2, "toughness": 5}])
    state, dealt = play(board, ("rhino", "bears", 1), ("rhino", "Bob", 3))
    out = state.to_outcome(board)
    assert out["life"] == {"Alice": 20, "Bob": 17}
    assert out["damage"] == {"bears": 1}
    assert [d.result for d in dealt] == ["damage", "life"]
    assert out["destroyed"] == []


def test_furnace_of_rath_doubles_after_assignment() -> None:
    # CR 120.4b, 614.1a (rules digest 3.8, seed on trample): 4 trample damage assigned as
    # 1 to a 1/1 blocker and 3 to the player is dealt as 2 and 6, not 1 and 7.
    board = board_of([RHINO, FURNACE, {"id": "elf", "card": "Llanowar Elves", "controller": "Bob"}])
    state, dealt = play(board, ("rhino", "elf", 1), ("rhino", "Bob", 3))
    assert [(d.assigned, d.amount) for d in dealt] == [(1, 2), (3, 6)]
    out = state.to_outcome(board)
    assert out["life"]["Bob"] == 14
    assert out["destroyed"] == ["elf"]


def test_furnace_of_rath_against_toughness_five_all_four_to_blocker_dealt_as_eight() -> None:
    # Seed on trample: against a 0/5 all 4 must go to the blocker; Furnace makes it 8.
    board = board_of([RHINO, FURNACE, {"id": "wall", "card": "Wall of Roots", "controller": "Bob"}])
    state, dealt = play(board, ("rhino", "wall", 4))
    assert dealt[0].amount == 8 and dealt[0].excess == 3
    assert state.to_outcome(board)["destroyed"] == ["wall"]  # 704.5g


def test_triple_and_plus_two_take_the_order_giving_least_damage() -> None:
    # CR 616.1: the affected player orders replacement effects; ×3 then +2 (2 → 8) is less
    # than +2 then ×3 (2 → 12). Fiery Emancipation and Torbran both watch Alice's sources.
    board = board_of([
        {"id": "raptor", "card": "Ridgetop Raptor", "controller": "Alice"},  # red 2/1
        {"id": "fiery", "card": "Fiery Emancipation", "controller": "Alice"},
        {"id": "torbran", "card": "Torbran, Thane of Red Fell", "controller": "Alice"},
    ])
    state, dealt = play(board, ("raptor", "Bob", 2))
    assert dealt[0].amount == 8
    assert state.life["Bob"] == 12


def test_gratuitous_violence_doubles_only_its_controllers_creatures() -> None:
    # "If a creature you control would deal damage ..." (614.1a): Bob's creature is not doubled.
    board = board_of([
        RHINO, {"id": "gv", "card": "Gratuitous Violence", "controller": "Alice"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
    ])
    _, dealt = play(board, ("rhino", "Bob", 4), ("bears", "Alice", 2))
    assert [d.amount for d in dealt] == [8, 2]


def test_infect_gives_poison_not_life_loss_and_lifelink_still_gains() -> None:
    # CR 120.3b: infect damage to a player gives poison counters instead of life loss;
    # 120.3f: lifelink gains life whatever form the damage takes (rules digest 7.16).
    board = board_of([{"id": "elf", "card": "Glistener Elf", "controller": "Alice",
                       "power": 3, "toughness": 3, "abilities": ["Lifelink"]}])
    state, dealt = play(board, ("elf", "Bob", 3))
    out = state.to_outcome(board)
    assert out["life"] == {"Alice": 23, "Bob": 20}
    assert out["poison"]["Bob"] == 3
    assert out["gained"] == {"Alice": 3}
    assert dealt[0].result == "poison"


def test_infect_and_wither_put_minus_one_counters_on_creatures() -> None:
    # CR 120.3d: wither/infect damage to a creature is -1/-1 counters, not marked damage;
    # 704.5f: toughness 0 or less goes to the graveyard.
    board = board_of([
        {"id": "ramgang", "card": "Boggart Ram-Gang", "controller": "Alice"},  # 3/3 wither
        {"id": "angel", "card": "Serra Angel", "controller": "Bob"},  # 4/4
        {"id": "elf", "card": "Glistener Elf", "controller": "Alice"},  # 1/1 infect
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},  # 2/2
    ])
    state, dealt = play(board, ("ramgang", "angel", 3), ("elf", "bears", 1))
    out = state.to_outcome(board)
    assert out["counters"] == {"angel": {"-1/-1": 3}, "bears": {"-1/-1": 1}}
    assert out["damage"] == {}
    assert state.toughness(board, "angel") == 1 and state.power(board, "angel") == 1
    assert out["destroyed"] == []
    # A second wither hit of 1 leaves the Angel at toughness 0: put into the graveyard.
    play(board, ("ramgang", "angel", 1), state=state)
    assert state.reasons["angel"] == "toughness 0 or less (704.5f)"


def test_minus_one_counters_cancel_plus_one_counters() -> None:
    # CR 704.5q: +1/+1 and -1/-1 counters on one permanent are removed in pairs.
    board = board_of([
        {"id": "ramgang", "card": "Boggart Ram-Gang", "controller": "Alice"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob", "counters": {"+1/+1": 3}},
    ])
    state, _ = play(board, ("ramgang", "bears", 2))
    assert state.counters["bears"] == {"+1/+1": 1}
    assert state.toughness(board, "bears") == 3  # 2/2 with three +1/+1, then two -1/-1
    assert state.destroyed == []


def test_wither_kills_an_indestructible_creature_through_toughness() -> None:
    # CR 704.5f: toughness 0 or less is not destruction; indestructible doesn't help (702.12b).
    board = board_of([
        {"id": "ramgang", "card": "Boggart Ram-Gang", "controller": "Alice"},
        {"id": "myr", "card": "Darksteel Myr", "controller": "Bob"},  # 0/1 indestructible
    ])
    state, _ = play(board, ("ramgang", "myr", 3))
    assert state.destroyed == ["myr"]


def test_indestructible_survives_lethal_and_deathtouch_damage() -> None:
    # CR 702.12b: lethal damage (704.5g) and deathtouch damage (704.5h) destroy, and an
    # indestructible permanent isn't destroyed.
    board = board_of([
        {"id": "myr", "card": "Darksteel Myr", "controller": "Bob"},
        {"id": "rats", "card": "Typhoid Rats", "controller": "Alice"},
        RHINO,
    ])
    state, _ = play(board, ("rats", "myr", 1), ("rhino", "myr", 4))
    out = state.to_outcome(board)
    assert out["destroyed"] == []
    assert out["damage"] == {"myr": 5}


def test_deathtouch_destroys_with_one_damage() -> None:
    # CR 704.5h: any damage from a deathtouch source destroys the creature.
    board = board_of([{"id": "rats", "card": "Typhoid Rats", "controller": "Alice"},
                      {"id": "angel", "card": "Serra Angel", "controller": "Bob"}])
    state, dealt = play(board, ("rats", "angel", 1))
    assert state.reasons == {"angel": "damage from a deathtouch source (704.5h)"}
    assert dealt[0].excess == 0


def test_marked_damage_counts_toward_lethal() -> None:
    # CR 704.5g, 120.6: damage already marked this turn adds up.
    board = board_of([RHINO, {"id": "angel", "card": "Serra Angel", "controller": "Bob", "damage": 2}])
    state, dealt = play(board, ("rhino", "angel", 2))
    assert state.destroyed == ["angel"]
    assert dealt[0].excess == 0
    board = board_of([RHINO, {"id": "angel", "card": "Serra Angel", "controller": "Bob", "damage": 1}])
    state, _ = play(board, ("rhino", "angel", 2))
    assert state.destroyed == [] and state.damage["angel"] == 3


def test_planeswalker_loses_loyalty_and_dies_at_zero() -> None:
    # CR 120.3c: damage removes loyalty counters; 704.5i: 0 loyalty -> graveyard.
    board = board_of([RHINO, {"id": "gideon", "card": "Gideon, Ally of Zendikar", "controller": "Bob"}])
    state, dealt = play(board, ("rhino", "gideon", 3))
    assert state.loyalty["gideon"] == 1 and dealt[0].result == "loyalty"
    play(board, ("rhino", "gideon", 1), state=state)
    assert state.reasons["gideon"] == "0 loyalty (704.5i)"
    assert state.to_outcome(board)["loyalty"] == {"gideon": 0}


def test_infect_damage_to_a_planeswalker_removes_loyalty() -> None:
    # CR 120.3c applies whatever the source's abilities: infect changes only players and
    # creatures (120.3b, 120.3d).
    board = board_of([{"id": "elf", "card": "Glistener Elf", "controller": "Alice"},
                      {"id": "gideon", "card": "Gideon, Ally of Zendikar", "controller": "Bob"}])
    state, _ = play(board, ("elf", "gideon", 1))
    assert state.loyalty["gideon"] == 3 and state.poison["Bob"] == 0


def test_battle_loses_defense_and_leaves_at_zero() -> None:
    # CR 120.3h: damage to a battle removes defense counters; 704.5v: 0 defense -> graveyard.
    board = board_of([RHINO, {"id": "siege", "card": "Invasion of Zendikar", "controller": "Bob",
                              "protector": "Alice"}])
    state, dealt = play(board, ("rhino", "siege", 4))
    assert dealt[0].result == "defense"
    assert state.to_outcome(board)["defense"] == {"siege": 0}
    assert state.reasons["siege"] == "0 defense (704.5v)"


def test_player_at_zero_life_loses() -> None:
    # CR 704.5a: 0 or less life loses the game.
    board = board_of([RHINO], players=[{"name": "Alice"}, {"name": "Bob", "life": 4}])
    state, _ = play(board, ("rhino", "Bob", 4))
    assert state.to_outcome(board)["lost"] == ["Bob"]


def test_ten_poison_loses_and_nine_does_not() -> None:
    # CR 704.5c: ten or more poison counters lose the game.
    board = board_of([{"id": "elf", "card": "Glistener Elf", "controller": "Alice"}],
                     players=[{"name": "Alice"}, {"name": "Bob", "poison": 9}])
    state = GameState.from_board(board)
    assert state_based_actions(board, state) == [] and state.lost == []
    play(board, ("elf", "Bob", 1), state=state)
    assert state.lost == ["Bob"] and state.poison["Bob"] == 10


def test_toxic_adds_poison_on_combat_damage_only() -> None:
    # CR 702.164c, 120.3g: combat damage to a player from a toxic creature also gives
    # poison counters equal to its toxic value; noncombat damage doesn't.
    board = board_of([{"id": "stalker", "card": "Branchblight Stalker", "controller": "Alice"}])
    state, _ = play(board, ("stalker", "Bob", 3))
    assert state.life["Bob"] == 17 and state.poison["Bob"] == 2
    state, _ = play(board, ("stalker", "Bob", 3), combat=False)
    assert state.life["Bob"] == 17 and state.poison["Bob"] == 0


def test_lifelink_once_per_event_amount_dealt() -> None:
    # CR 120.3f: lifelink gains the damage dealt, per source; Furnace doubles it first.
    board = board_of([{"id": "aeth", "card": "Gifted Aetherborn", "controller": "Alice"}, FURNACE,
                      {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}])
    state, _ = play(board, ("aeth", "bears", 1), ("aeth", "Bob", 1))
    assert state.gained == {"Alice": 4}
    assert state.life == {"Alice": 24, "Bob": 18}


def test_aura_goes_to_the_graveyard_with_its_creature() -> None:
    # CR 704.5m: an Aura attached to nothing is put into its owner's graveyard — a second
    # pass of state-based actions (704.3).
    board = board_of([RHINO, {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
                      {"id": "pacifism", "card": "Pacifism", "controller": "Alice", "attached_to": "bears"}])
    state, _ = play(board, ("rhino", "bears", 4))
    assert state.destroyed == ["bears", "pacifism"]


def test_same_source_and_recipient_are_dealt_together() -> None:
    # CR 510.2: all damage of a step is dealt at once; one source's damage to one recipient
    # is one amount.
    board = board_of([RHINO, {"id": "angel", "card": "Serra Angel", "controller": "Bob"}])
    _, dealt = play(board, ("rhino", "angel", 2), ("rhino", "angel", 2))
    assert len(dealt) == 1 and dealt[0].amount == 4


def test_destroyed_recipient_is_dealt_nothing_later() -> None:
    # A permanent that left the battlefield can't be dealt damage (e.g. in the regular
    # combat damage step after dying in the first-strike step, 510.4).
    board = board_of([RHINO, {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}])
    state, _ = play(board, ("rhino", "bears", 4))
    _, dealt = play(board, ("rhino", "bears", 4), state=state)
    assert dealt[0].amount == 0 and "left the battlefield" in dealt[0].notes[0]


def test_unknown_ids_and_negative_amounts_are_scenario_errors() -> None:
    board = board_of([RHINO])
    state = GameState.from_board(board)
    with pytest.raises(ScenarioError):
        deal_damage(board, state, [DamageEvent("nope", "Bob", 1)], combat=True)
    with pytest.raises(ScenarioError):
        deal_damage(board, state, [DamageEvent("rhino", "Carol", 1)], combat=True)
    with pytest.raises(ScenarioError):
        deal_damage(board, state, [DamageEvent("rhino", "Bob", -1)], combat=True)


# ---------------------------------------------------------------- prevention (615)


def test_protection_prevents_damage_from_a_source_of_that_color() -> None:
    # CR 702.16e: damage from a green source to a creature with protection from green is
    # prevented (rules digest 7.10); Furnace doubling 0 stays 0.
    board = board_of([RHINO, FURNACE, {"id": "zombie", "card": "Vodalian Zombie", "controller": "Bob"}])
    state, dealt = play(board, ("rhino", "zombie", 2), ("rhino", "Bob", 2))
    assert dealt[0].amount == 0 and dealt[0].notes == ("prevented: protection from green (702.16e)",)
    assert dealt[1].amount == 4
    assert state.destroyed == [] and state.damage["zombie"] == 0


def test_protection_from_a_colour_lets_other_colours_through() -> None:
    board = board_of([{"id": "raptor", "card": "Ridgetop Raptor", "controller": "Alice"},
                      {"id": "zombie", "card": "Vodalian Zombie", "controller": "Bob"}])
    state, dealt = play(board, ("raptor", "zombie", 2))
    assert dealt[0].amount == 2 and state.destroyed == ["zombie"]


def test_has_quality() -> None:
    # CR 702.16a: qualities are colours, card types, subtypes and the like.
    board = board_of([RHINO, {"id": "myr", "card": "Darksteel Myr", "controller": "Bob"}])
    rhino, myr = board.permanents["rhino"], board.permanents["myr"]
    assert has_quality(rhino, "green") and not has_quality(rhino, "red")
    assert has_quality(rhino, "creatures") and has_quality(myr, "artifacts")
    assert has_quality(myr, "colorless") and not has_quality(rhino, "colorless")
    assert has_quality(rhino, "rhinos") and not has_quality(myr, "rhinos")
    assert has_quality(rhino, "each color") and has_quality(rhino, "monocolored")


def test_fog_effect_prevents_combat_damage_only() -> None:
    # CR 615: Fog's "prevent all combat damage that would be dealt this turn" as an effect.
    board = board_of([RHINO], effects=[{"prevent_damage": {"combat": True}}])
    state, dealt = play(board, ("rhino", "Bob", 4))
    assert state.life["Bob"] == 20 and dealt[0].notes[0].startswith("prevented")
    state, _ = play(board, ("rhino", "Bob", 4), combat=False)
    assert state.life["Bob"] == 16


def test_prevent_damage_effect_to_and_by() -> None:
    board = board_of([RHINO, {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}],
                     effects=[{"prevent_damage": {"to": "Bob"}}])
    state, _ = play(board, ("rhino", "Bob", 3), ("rhino", "bears", 1))
    assert state.life["Bob"] == 20 and state.damage["bears"] == 1
    board = board_of([RHINO, {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}],
                     effects=[{"prevent_damage": {"by": "bears", "combat": True}}])
    state, _ = play(board, ("rhino", "bears", 4), ("bears", "rhino", 2))
    assert state.damage["rhino"] == 0 and state.destroyed == ["bears"]


def test_prevent_damage_effect_unknown_reference_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError, match=r"effects\[0\]\.prevent_damage\.by"):
        board_of([RHINO], effects=[{"prevent_damage": {"by": "Bob"}}])


def test_fog_bank_prevents_combat_damage_to_and_by_itself() -> None:
    # Fog Bank: combat damage dealt to it and by it is prevented (615); fight damage is not
    # combat damage (701.14d) and is dealt.
    board = board_of([RHINO, {"id": "fog", "card": "Fog Bank", "controller": "Bob", "power": 3}])
    state, _ = play(board, ("rhino", "fog", 4), ("fog", "rhino", 3))
    assert state.destroyed == [] and state.damage == {"rhino": 0, "fog": 0}
    state, _ = play(board, ("rhino", "fog", 4), ("fog", "rhino", 3), combat=False)
    assert state.destroyed == ["fog"] and state.damage["rhino"] == 3


def test_dawn_elemental_prevents_all_damage_to_itself() -> None:
    board = board_of([RHINO, {"id": "dawn", "card": "Dawn Elemental", "controller": "Bob"}])
    state, _ = play(board, ("rhino", "dawn", 4), combat=False)
    assert state.destroyed == [] and state.damage["dawn"] == 0


def test_damage_cant_be_prevented_overrides_protection() -> None:
    # CR 615.12: damage that can't be prevented is dealt through prevention and protection.
    board = board_of([RHINO, {"id": "zombie", "card": "Vodalian Zombie", "controller": "Bob"},
                      {"id": "torment", "card": "Everlasting Torment", "controller": "Bob"}])
    state, dealt = play(board, ("rhino", "zombie", 2))
    assert dealt[0].amount == 2 and state.destroyed == ["zombie"]


def test_granted_protection_stops_when_its_grantor_is_gone() -> None:
    # CR 611.3: an Aura's static ability applies only while the Aura is on the battlefield.
    board = board_of([
        RHINO, {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
        {"id": "ward", "name": "Green Ward", "types": ["Enchantment"], "subtypes": ["Aura"],
         "controller": "Bob", "attached_to": "bears", "text": "Enchanted creature has protection from green."},
    ])
    state, dealt = play(board, ("rhino", "bears", 4))
    assert dealt[0].amount == 0
    state.destroyed.append("ward")
    state.reasons["ward"] = "test: removed"
    play(board, ("rhino", "bears", 4), state=state)
    assert "bears" in state.destroyed


# ---------------------------------------------------------------- parser templates


@pytest.mark.parametrize("text, cls, fields", [
    ("If a source would deal damage to a permanent or player, it deals double that damage to "
     "that permanent or player instead.", DamageModifier, {"factor": 2, "recipients": "any"}),
    ("If a red source you control would deal damage to an opponent or a permanent an opponent "
     "controls, it deals that much damage plus 2 instead.", DamageModifier,
     {"factor": 1, "plus": 2, "recipients": "opponents"}),
    ("If this creature would deal combat damage to a player, it deals double that damage to "
     "that player instead.", DamageModifier, {"damage": "combat", "recipients": "players"}),
    ("Prevent all combat damage that would be dealt to and dealt by this creature.",
     PreventDamage, {"to": True, "by": True, "damage": "combat"}),
    ("Prevent all damage that would be dealt by enchanted creature.", PreventDamage,
     {"to": False, "by": True, "damage": "any"}),
    ("Prevent all damage that would be dealt to this creature by creatures.", PreventDamage,
     {"from_creatures": True}),
    ("Prevent all damage that would be dealt to you.", PreventDamageToPlayer, {"damage": "any"}),
    ("Combat damage that would be dealt by creatures you control can't be prevented.",
     DamageCantBePrevented, {"damage": "combat"}),
])
def test_damage_static_templates(text: str, cls: type, fields: dict[str, Any]) -> None:
    parsed = parse_text(text, names=("Test Card",))
    assert parsed.unparsed == ()
    (ability,) = parsed.abilities
    assert isinstance(ability, cls)
    for key, value in fields.items():
        assert getattr(ability, key) == value


def test_one_shot_prevention_stays_ignored() -> None:
    # Fog is a one-shot effect ("this turn"): not a static; scenarios state it as an effect.
    parsed = parse_text("Prevent all combat damage that would be dealt this turn.")
    assert parsed.abilities == () and parsed.unparsed == ()


def test_granted_quoted_prevention_reaches_the_equipped_creature() -> None:
    # A quoted ability granted by an Equipment ("Equipped creature has "Prevent all damage
    # that would be dealt to this creature."") protects the creature it is attached to (615).
    board = board_of([
        RHINO, {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
        {"id": "shield", "name": "Test Shield", "types": ["Artifact"], "subtypes": ["Equipment"],
         "controller": "Bob", "attached_to": "bears",
         "text": 'Equipped creature has "Prevent all damage that would be dealt to this creature."'},
    ])
    state, dealt = play(board, ("rhino", "bears", 4), ("rhino", "Bob", 1))
    assert dealt[0].amount == 0 and dealt[1].amount == 1
    assert state.destroyed == []
