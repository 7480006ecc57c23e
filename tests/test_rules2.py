"""Rules fidelity, round 2 (issue 10 follow-up): templates added for parser coverage, each
with a real card, the right answer and its rule.

- prevention on the permanent itself with +1/+1 counters removed (Phantom Centaur, Oathsworn
  Knight, Protean Hydra; CR 615, the Phantom rulings: one counter per damage event);
- creature groups by token status, supertype, "modified" and equipment (CR 111.1, 205.4,
  700.9, 301.5).
"""

from __future__ import annotations

from typing import Any

from redzone.models.abilities import Grant, Keyword, PreventDamage
from redzone.models.board import build_board
from redzone.models.outcome import DamageEvent, GameState, resolve_damage
from redzone.models.parser import analyse_text, parse_text
from redzone.models.scenario import parse_scenario

PLAYERS = [{"name": "Alice"}, {"name": "Bob"}]


def board_of(permanents: list[dict[str, Any]], **extra: Any):
    return build_board(parse_scenario({"players": PLAYERS, "permanents": permanents, **extra}))


def play(board, *events: tuple[str, str, int]):
    state = GameState.from_board(board)
    dealt = resolve_damage(board, state, [DamageEvent(*e) for e in events], combat=True)
    return state, dealt


# ------------------------------------------------------------ prevention with counters


def test_phantom_centaur_reads_both_sentences_as_one_prevention() -> None:
    # The two sentences are one effect: damage prevented, one +1/+1 counter removed (615).
    sents = analyse_text("If damage would be dealt to Phantom Centaur, prevent that damage. "
                         "Remove a +1/+1 counter from Phantom Centaur.", names=("Phantom Centaur",))
    assert [s.status for s in sents] == ["understood"]
    (ability,) = sents[0].abilities
    assert isinstance(ability, PreventDamage)
    assert (ability.remove_counters, ability.while_counter) == ("one", False)


def test_phantom_centaur_loses_one_counter_for_two_blockers_and_dies_at_zero() -> None:
    # Phantom Centaur is 2/0 printed; with one +1/+1 counter it is 3/1 (613.4c). Two Bears
    # deal damage at once: all of it is prevented and only one counter is removed (Phantom
    # rulings), so it is 2/0 and is put into the graveyard (704.5f); the Bears take 3.
    board = board_of([
        {"id": "centaur", "card": "Phantom Centaur", "controller": "Alice",
         "counters": {"+1/+1": 1}},
        {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
        {"id": "b2", "card": "Grizzly Bears", "controller": "Bob"},
    ])
    assert (board.permanents["centaur"].power, board.permanents["centaur"].toughness) == (3, 1)
    state, dealt = play(board, ("b1", "centaur", 2), ("b2", "centaur", 2), ("centaur", "b1", 3))
    assert [d.amount for d in dealt] == [0, 0, 3]
    out = state.to_outcome(board)
    assert out["counters"]["centaur"] == {"+1/+1": 0}
    assert sorted(out["destroyed"]) == ["b1", "centaur"]


def test_phantom_centaur_with_counters_left_survives() -> None:
    # Three counters (5/3): one Bears' damage is prevented, one counter goes: 4/2, alive.
    board = board_of([
        {"id": "centaur", "card": "Phantom Centaur", "controller": "Alice",
         "counters": {"+1/+1": 3}},
        {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
    ])
    state, _ = play(board, ("b1", "centaur", 2))
    assert state.power(board, "centaur") == 4 and state.toughness(board, "centaur") == 2
    assert state.to_outcome(board)["destroyed"] == []


def test_oathsworn_knight_prevents_only_while_it_has_a_counter() -> None:
    # "while it has a +1/+1 counter on it": with none (a 0/0 kept at 1/1 by another effect:
    # current values given), damage is dealt and kills it (704.5g); with two counters (2/2)
    # the damage is prevented and one counter removed: 1/1, alive.
    bare = board_of([
        {"id": "knight", "card": "Oathsworn Knight", "controller": "Alice", "power": 1,
         "toughness": 1},
        {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
    ])
    state, dealt = play(bare, ("b1", "knight", 2))
    assert dealt[0].amount == 2
    assert state.to_outcome(bare)["destroyed"] == ["knight"]
    two = board_of([
        {"id": "knight", "card": "Oathsworn Knight", "controller": "Alice",
         "counters": {"+1/+1": 2}},
        {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
    ])
    assert (two.permanents["knight"].power, two.permanents["knight"].toughness) == (2, 2)
    state, dealt = play(two, ("b1", "knight", 2))
    assert dealt[0].amount == 0
    assert (state.power(two, "knight"), state.toughness(two, "knight")) == (1, 1)
    assert state.to_outcome(two)["destroyed"] == []


def test_protean_hydra_loses_as_many_counters_as_damage_prevented() -> None:
    # "remove that many +1/+1 counters": 3 damage prevented, 3 of its 5 counters go (0/0
    # printed: 2/2 left).
    board = board_of([
        {"id": "hydra", "card": "Protean Hydra", "controller": "Alice",
         "counters": {"+1/+1": 5}},
        {"id": "giant", "card": "Hill Giant", "controller": "Bob"},
    ])
    state, dealt = play(board, ("giant", "hydra", 3))
    assert dealt[0].amount == 0
    assert (state.power(board, "hydra"), state.toughness(board, "hydra")) == (2, 2)


def test_prevention_followed_by_counters_this_way_stays_unparsed() -> None:
    # Phyrexian Hydra puts -1/-1 counters for the damage prevented: reading the prevention
    # alone would be half the effect, so the sentence is reported.
    sents = analyse_text("If damage would be dealt to this creature, prevent that damage. Put a "
                         "-1/-1 counter on this creature for each 1 damage prevented this way.")
    assert sents[0].status == "unparsed"


# ------------------------------------------------------------ creature groups


def test_creature_tokens_you_control_have_haste_reaches_tokens_only() -> None:
    # CR 111.1: a token is not a card; "creature tokens you control" (Brudiclad) reaches the
    # scenario's token permanents only.
    board = board_of([
        {"id": "brudiclad", "card": "Brudiclad, Telchor Engineer", "controller": "Alice"},
        {"id": "thopter", "name": "Thopter", "types": ["Artifact", "Creature"],
         "subtypes": ["Thopter"], "power": 1, "toughness": 1, "controller": "Alice",
         "token": True},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
    ])
    assert board.has_keyword(board.permanents["thopter"], "haste")
    assert not board.has_keyword(board.permanents["bears"], "haste")


def test_other_legendary_creatures_you_control_have_menace() -> None:
    # CR 205.4: "legendary" is a supertype; Shanid grants menace to other legendary
    # creatures its controller controls.
    board = board_of([
        {"id": "shanid", "card": "Shanid, Sleepers' Scourge", "controller": "Alice"},
        {"id": "isamaru", "card": "Isamaru, Hound of Konda", "controller": "Alice"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
    ])
    assert board.has_keyword(board.permanents["isamaru"], "menace")
    assert not board.has_keyword(board.permanents["bears"], "menace")  # not legendary


def test_modified_creatures_have_trample_counters_or_equipment() -> None:
    # CR 700.9: modified = a counter on it, equipped, or enchanted by an Aura its controller
    # controls (Kodama of the West Tree grants trample to them).
    (grant,) = parse_text("Modified creatures you control have trample.").abilities
    assert isinstance(grant, Grant) and grant.abilities[0] == Keyword(name="trample", text=grant.text)
    board = board_of([
        {"id": "kodama", "card": "Kodama of the West Tree", "controller": "Alice"},
        {"id": "countered", "card": "Grizzly Bears", "controller": "Alice", "counters": {"+1/+1": 1}},
        {"id": "equipped", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "sword", "card": "Bonesplitter", "controller": "Alice", "attached_to": "equipped"},
        {"id": "plain", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "cursed", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "aura", "card": "Pacifism", "controller": "Bob", "attached_to": "cursed"},
    ])
    has = {pid: board.has_keyword(board.permanents[pid], "trample")
           for pid in ("countered", "equipped", "plain", "cursed")}
    # An Aura an opponent controls does not make the creature modified (700.9).
    assert has == {"countered": True, "equipped": True, "plain": False, "cursed": False}


def test_rubblebelt_runner_cant_be_blocked_by_a_token() -> None:
    # CR 509.1b: "can't be blocked by creature tokens": Bob's Soldier token can't block the
    # Runner, his Grizzly Bears can: the legal blocks are none and the Bears alone.
    from redzone.models.block_rules import block_problems
    from redzone.solver.block import check_blocks, enumerate_all_blocks

    board = build_board(parse_scenario({
        "players": PLAYERS,
        "permanents": [
            {"id": "runner", "card": "Rubblebelt Runner", "controller": "Alice"},
            {"id": "soldier", "name": "Soldier", "types": ["Creature"], "subtypes": ["Soldier"],
             "colors": ["W"], "power": 1, "toughness": 1, "controller": "Bob", "token": True},
            {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
        ],
        "combat": {"attackers": {"runner": "Bob"}}}))
    found = enumerate_all_blocks(block_problems(board), limit=100)
    legal = {frozenset((b, a) for b, xs in d.items() for a in xs) for d in found.declarations}
    assert legal == {frozenset(), frozenset({("bears", "runner")})}
    check = check_blocks(block_problems(board), {"soldier": ["runner"]})
    assert not check.legal
