"""Damage replaced or redirected once assigned (issue 10 §3; CR 614.1a, 616.1, 120.4b).

Each board is a real card's static ability applied by ``models.outcome``: halving (Ghosts of
the Innocent), a cap (Divine Presence), "minus 1" (Lashknife Barrier), redirection to a
creature (Pariah) and counters instead of damage (Phytohydra). Worship's life floor is
applied since rules round 2 (tests/test_rules2.py).
"""

from __future__ import annotations

from typing import Any

from redzone.models.abilities import DamageAsCounters, DamageModifier, RedirectDamage
from redzone.models.board import build_board
from redzone.models.outcome import DamageEvent, GameState, resolve_damage
from redzone.models.parser import parse_text
from redzone.models.scenario import parse_scenario

PLAYERS = [{"name": "Alice"}, {"name": "Bob"}]


def board_of(permanents: list[dict[str, Any]]):
    return build_board(parse_scenario({"players": PLAYERS, "permanents": permanents}))


def play(board, *events: tuple[str, str, int]):
    state = GameState.from_board(board)
    dealt = resolve_damage(board, state, [DamageEvent(*e) for e in events], combat=True)
    return state, dealt


RHINO = {"id": "rhino", "card": "Stampeding Rhino", "controller": "Alice"}  # 4/4 trample


def test_ghosts_of_the_innocent_halves_rounded_down() -> None:
    # CR 614.1a: "it deals half that damage, rounded down, ... instead": 3 to Bob is 1,
    # 4 to a 2/2 is 2 (lethal, 704.5g); the Ghosts' controller is irrelevant.
    ability = parse_text("If a source would deal damage to a permanent or player, it deals half "
                         "that damage, rounded down, to that permanent or player instead.").abilities
    assert ability == (DamageModifier(divide=2, text=ability[0].text),)
    board = board_of([RHINO, {"id": "ghosts", "card": "Ghosts of the Innocent", "controller": "Bob"},
                      {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}])
    state, dealt = play(board, ("rhino", "Bob", 3), ("rhino", "bears", 4))
    assert [(d.assigned, d.amount) for d in dealt] == [(3, 1), (4, 2)]
    out = state.to_outcome(board)
    assert out["life"]["Bob"] == 19
    assert out["destroyed"] == ["bears"]


def test_divine_presence_caps_four_or_more_at_three() -> None:
    # CR 614.1a: 4 or more damage from a source to one recipient becomes 3; 2 stays 2.
    board = board_of([RHINO, {"id": "presence", "card": "Divine Presence", "controller": "Bob"},
                      {"id": "wall", "card": "Wall of Roots", "controller": "Bob"}])  # 0/5
    state, dealt = play(board, ("rhino", "wall", 4))
    assert dealt[0].amount == 3
    assert state.to_outcome(board)["destroyed"] == []  # 3 < 5: not lethal (704.5g)
    board = board_of([{"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
                      {"id": "presence", "card": "Divine Presence", "controller": "Bob"}])
    _, dealt = play(board, ("bears", "Bob", 2))
    assert dealt[0].amount == 2


def test_lashknife_barrier_reduces_damage_to_its_controllers_creatures_only() -> None:
    # CR 614.1a: "that much damage minus 1" to a creature Bob controls; Bob himself and
    # Alice's creatures take full damage.
    board = board_of([RHINO, {"id": "barrier", "card": "Lashknife Barrier", "controller": "Bob"},
                      {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
                      {"id": "elf", "card": "Llanowar Elves", "controller": "Alice"},
                      {"id": "cub", "card": "Grizzly Bears", "controller": "Bob", "power": 1,
                       "toughness": 1}])
    state, dealt = play(board, ("rhino", "bears", 2), ("rhino", "Bob", 2), ("cub", "elf", 1))
    assert [d.amount for d in dealt] == [1, 2, 1]
    out = state.to_outcome(board)
    assert out["damage"] == {"bears": 1}
    assert out["destroyed"] == ["elf"]


def test_pariah_redirects_damage_to_the_enchanted_creature() -> None:
    # CR 614.1a: damage that would be dealt to Bob is dealt to the creature Pariah
    # enchants instead; Bob loses no life and the 2/2 dies (704.5g).
    ability = parse_text("All damage that would be dealt to you is dealt to enchanted creature "
                         "instead.").abilities[0]
    assert isinstance(ability, RedirectDamage) and ability.to.kind == "attached"
    board = board_of([RHINO, {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
                      {"id": "pariah", "card": "Pariah", "controller": "Bob", "attached_to": "bears"}])
    state, dealt = play(board, ("rhino", "Bob", 4))
    assert dealt[0].recipient == "bears" and dealt[0].amount == 4
    out = state.to_outcome(board)
    assert out["life"]["Bob"] == 20
    assert "bears" in out["destroyed"]


def test_phytohydra_gets_counters_instead_of_damage() -> None:
    # CR 614.1a: 4 damage to Phytohydra (1/1) becomes four +1/+1 counters: it survives as a
    # 5/5 with no damage marked, and lifelink sees no damage dealt.
    assert isinstance(parse_text("If damage would be dealt to this creature, put that many "
                                 "+1/+1 counters on it instead.").abilities[0], DamageAsCounters)
    board = board_of([RHINO, {"id": "hydra", "card": "Phytohydra", "controller": "Bob"}])
    state, dealt = play(board, ("rhino", "hydra", 4))
    assert dealt[0].amount == 0 and dealt[0].result == "+1/+1 counters"
    assert state.counters["hydra"]["+1/+1"] == 4
    assert state.toughness(board, "hydra") == 5
    assert state.to_outcome(board)["destroyed"] == []


def test_a_life_floor_under_a_life_condition_is_reported_not_silently_ignored() -> None:
    # Worship's life floor is applied since rules round 2 (tests/test_rules2.py); one that
    # depends on the life total itself (Elderscale Wurm) must be in ``unparsed`` (issue 10:
    # report the rest), never among the ignored sentences.
    parsed = parse_text("As long as you have 7 or more life, damage that would reduce your life "
                        "total to less than 7 reduces it to 7 instead.")
    assert parsed.abilities == () and len(parsed.unparsed) == 1