"""Static abilities of creature cards the parser used to leave unparsed (h4, issue 21: the
static side of "every combat-relevant ability is played"). Each reading is played by the
engine: a real card, the outcome the rules give, the rule cited.

- creature groups named by a list of types ("Other Orcs and Goblins you control"),
  "that's a X, a Y, or a Z", outlaws, commanders, "with counters on them" (CR 613.1f:
  abilities granted in layer 6; 205.3m creature types; 903.3 commanders; 122.1 counters).
"""

from __future__ import annotations

from typing import Any

from redzone.models.board import build_board
from redzone.models.outcome import DamageEvent, GameState, resolve_damage
from redzone.models.parser import analyse_text
from redzone.models.scenario import parse_scenario

PLAYERS = [{"name": "Alice"}, {"name": "Bob"}]


def board_of(permanents: list[dict[str, Any]], **extra: Any):
    return build_board(parse_scenario({"players": PLAYERS, "permanents": permanents, **extra}))


def play(board, *events: tuple[str, str, int]):
    state = GameState.from_board(board)
    dealt = resolve_damage(board, state, [DamageEvent(*e) for e in events], combat=True)
    return state, dealt


def statuses(text: str, name: str) -> list[str]:
    return [s.status for s in analyse_text(text, names=(name,)) if s.status != "ignored"]


# ------------------------------------------------------------------ groups of creature types


def test_warg_rider_gives_menace_to_other_orcs_and_goblins_only() -> None:
    # "Other Orcs and Goblins you control have menace" (613.1f): a Goblin of Alice's has
    # menace, an Orc too, not a Bear nor Bob's Goblin (Warg Rider has menace of its own).
    board = board_of([
        {"id": "warg", "card": "Warg Rider", "controller": "Alice"},
        {"id": "gob", "card": "Goblin Piker", "controller": "Alice"},
        {"id": "orc", "card": "Orcish Veteran", "controller": "Alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "their", "card": "Goblin Piker", "controller": "Bob"},
    ])
    has = {pid: board.has_keyword(board.permanents[pid], "menace") for pid in board.permanents}
    assert has == {"warg": True, "gob": True, "orc": True, "bear": False, "their": False}


def test_kaheera_thats_a_list_of_types() -> None:
    # "Each other creature you control that's a Cat, Elemental, Nightmare, Dinosaur, or
    # Beast gets +1/+1 and has vigilance": a Grizzly Bears (a Bear) gets nothing, a Savannah
    # Lions (a Cat) is 3/2 with vigilance (613.4c, 613.1f).
    board = board_of([
        {"id": "k", "card": "Kaheera, the Orphanguard", "controller": "Alice"},
        {"id": "cat", "card": "Savannah Lions", "controller": "Alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"},
    ])
    cat, bear = board.permanents["cat"], board.permanents["bear"]
    assert (cat.power, cat.toughness, board.has_keyword(cat, "vigilance")) == (3, 2, True)
    assert (bear.power, bear.toughness, board.has_keyword(bear, "vigilance")) == (2, 2, False)


def test_hellspur_posse_boss_outlaws_have_haste() -> None:
    # Outlaws are Assassins, Mercenaries, Pirates, Rogues and Warlocks: a Rogue of Alice's
    # has haste, a Bear doesn't.
    assert statuses("Other outlaws you control have haste.", "Hellspur Posse Boss") == ["understood"]
    board = board_of([
        {"id": "boss", "card": "Hellspur Posse Boss", "controller": "Alice"},
        {"id": "rogue", "card": "Bane Alley Blackguard", "controller": "Alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"},
    ])
    kw = board.has_keyword
    assert kw(board.permanents["rogue"], "haste") is True
    assert kw(board.permanents["boss"], "haste") is False
    assert kw(board.permanents["bear"], "haste") is False


def test_falthis_gives_a_commander_deathtouch_and_it_kills_a_big_blocker() -> None:
    # "Commanders you control have menace and deathtouch" (903.3: the scenario's commander):
    # Alice's commander Grizzly Bears deals 2 to a 6/6: destroyed by deathtouch (704.5h); the
    # same Bears when not a commander leaves the 6/6 alive with 2 damage.
    def run(commander: bool) -> list[str]:
        board = board_of([
            {"id": "f", "card": "Falthis, Shadowcat Familiar", "controller": "Alice"},
            {"id": "bear", "card": "Grizzly Bears", "controller": "Alice", "commander": commander},
            {"id": "big", "card": "Craw Wurm", "controller": "Bob"},
        ], format="commander")
        state, _ = play(board, ("bear", "big", 2), ("big", "bear", 6))
        return sorted(state.to_outcome(board)["destroyed"])
    assert run(True) == ["bear", "big"]
    assert run(False) == ["bear"]


def test_nev_creatures_with_counters_have_trample() -> None:
    # "Creatures you control with counters on them have trample": any kind of counter (122.1).
    board = board_of([
        {"id": "nev", "card": "Nev, the Practical Dean", "controller": "Alice"},
        {"id": "a", "card": "Grizzly Bears", "controller": "Alice", "counters": {"+1/+1": 1}},
        {"id": "b", "card": "Grizzly Bears", "controller": "Alice"},
    ])
    assert board.has_keyword(board.permanents["a"], "trample") is True
    assert board.has_keyword(board.permanents["b"], "trample") is False
