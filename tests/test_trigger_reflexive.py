"""h20: conditions on the cards in a graveyard inside triggered abilities of combat
(608.2c, 603.4; docs/triggers.md "Conditions of effects"). Real cards; expected values from
the rules cited."""

from __future__ import annotations

from typing import Any

from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.types import Conditional, IfTest
from redzone.solver.frontends.commands import run_command
from trigger_play import perm

_SEVEN = ["Forest", "Forest", "Island", "Swamp", "Mountain", "Plains", "Lightning Bolt"]


def _damage(perms: list[dict[str, Any]], attackers: dict[str, str], graveyard: list[str],
            blockers: dict[str, list[str]] | None = None, **extra: Any) -> dict[str, Any]:
    s = {"players": [{"name": "Alice", "life": 20, "graveyard": graveyard},
                     {"name": "Bob", "life": 20}],
         "permanents": perms, "combat": {"attackers": attackers, "blockers": blockers or {}},
         **extra}
    return run_command("damage", s, {}).to_json()


def test_graveyard_conditions_are_read() -> None:
    # 300.1 (card types), 110.4b (permanent cards): the measure and the least count.
    crypt = parse_trigger("Threshold — Whenever this creature attacks, if there are seven or "
                          "more cards in your graveyard, this creature gets +2/+0 until end of "
                          "turn.", ("Crypt Feaster",))
    assert crypt is not None and crypt.intervening is not None
    assert crypt.intervening.test == IfTest("graveyard_at_least", 7, measure="cards")
    spawn = parse_trigger("Delirium — Whenever this creature attacks, if there are four or more "
                          "card types among cards in your graveyard, other attacking creatures "
                          "get +4/+4 until end of turn.", ("Demolisher Spawn",))
    assert spawn is not None and isinstance(spawn.effects[0], Conditional)
    assert spawn.effects[0].test == IfTest("graveyard_at_least", 4, measure="card_types")
    vet = parse_trigger("Whenever this creature attacks, if there are four or more permanent "
                        "cards in your graveyard, put a +1/+1 counter on target creature.",
                        ("Malamet Veteran",))
    assert vet is not None and isinstance(vet.effects[0], Conditional)
    assert vet.effects[0].test.measure == "permanent_cards"
    walltop = parse_trigger("When this creature dies, if there's a Lesson card in your "
                            "graveyard, you gain 2 life.", ("Walltop Sentries",))
    assert walltop is not None and isinstance(walltop.effects[0], Conditional)
    assert walltop.effects[0].test.measure == "subtype:Lesson"


def test_crypt_feaster_threshold_counts_the_stated_graveyard() -> None:
    # 603.4, 608.2c: Crypt Feaster (3/4) attacks Bob unblocked. Seven cards in Alice's
    # graveyard: it gets +2/+0, 5 damage (Bob 15). Six: the ability doesn't trigger, 3 damage.
    got = _damage([perm("c", "Crypt Feaster", "Alice")], {"c": "Bob"}, _SEVEN)
    assert got["outcome"]["life"]["Bob"] == 15
    got = _damage([perm("c", "Crypt Feaster", "Alice")], {"c": "Bob"}, _SEVEN[:6])
    assert got["outcome"]["life"]["Bob"] == 17


def test_demolisher_spawn_delirium_counts_card_types_not_cards() -> None:
    # 300.1: Forest (Land), Lightning Bolt (Instant), Ornithopter (Artifact Creature): four
    # card types among three cards, so the other attacker, Grizzly Bears (2/2), gets +4/+4:
    # 7 (Spawn, trample) + 6 = 13 to Bob. Five Forests and a Bolt: two types, 7 + 2 = 9.
    perms = [perm("d", "Demolisher Spawn", "Alice"), perm("g", "Grizzly Bears", "Alice")]
    got = _damage(perms, {"d": "Bob", "g": "Bob"}, ["Forest", "Lightning Bolt", "Ornithopter"])
    assert got["outcome"]["life"]["Bob"] == 7
    got = _damage(perms, {"d": "Bob", "g": "Bob"}, ["Forest"] * 5 + ["Lightning Bolt"])
    assert got["outcome"]["life"]["Bob"] == 11


def test_walltop_sentries_looks_for_a_lesson_card() -> None:
    # 603.4, 700.4: Walltop Sentries (2/3 deathtouch) blocks Bob's Craw Wurm (6/4) and dies;
    # Introduction to Annihilation (a Sorcery — Lesson) in Alice's graveyard: she gains 2.
    # Without it (a Forest only), nothing.
    s = {"players": [{"name": "Alice", "life": 20, "graveyard": ["Introduction to Annihilation"]},
                     {"name": "Bob", "life": 20}],
         "active_player": "Bob",
         "permanents": [perm("w", "Craw Wurm", "Bob"), perm("ws", "Walltop Sentries", "Alice")],
         "combat": {"attackers": {"w": "Alice"}, "blockers": {"ws": ["w"]}}}
    got = run_command("damage", s, {}).to_json()
    assert got["outcome"]["life"]["Alice"] == 22
    s["players"][0]["graveyard"] = ["Forest"]
    got = run_command("damage", s, {}).to_json()
    assert got["outcome"]["life"]["Alice"] == 20


def test_creatures_that_died_this_combat_are_cards_in_the_graveyard() -> None:
    # 700.4: a nontoken creature that dies goes to its owner's graveyard and is counted
    # there; a token is no card (111.7); an exiled creature is not in the graveyard.
    from types import SimpleNamespace

    from redzone.models.board import build_board
    from redzone.models.game_state import GameState
    from redzone.models.scenario import parse_scenario
    from redzone.models.triggers.reflexive import graveyard, holds

    board = build_board(parse_scenario({
        "players": [{"name": "Alice", "life": 20, "graveyard": _SEVEN[:5]},
                    {"name": "Bob", "life": 20}],
        "permanents": [perm("g", "Grizzly Bears", "Alice"), perm("o", "Ornithopter", "Alice"),
                       perm("t", "Grizzly Bears", "Alice", token=True)]}))
    state = GameState.from_board(board)
    for pid, why in (("g", "destroyed"), ("t", "destroyed"), ("o", "exiled")):
        state.destroyed.append(pid)
        state.reasons[pid] = why
    play = SimpleNamespace(edit=SimpleNamespace(base=board, perms=None), state=state)
    f = SimpleNamespace(controller="Alice")
    assert len(graveyard(play, "Alice")) == 6  # five lands + the Bears' card
    assert holds(play, f, IfTest("graveyard_at_least", 6, measure="cards"))
    assert not holds(play, f, IfTest("graveyard_at_least", 7, measure="cards"))
    assert holds(play, f, IfTest("graveyard_at_least", 2, measure="card_types"))
    assert not holds(play, f, IfTest("graveyard_at_least", 3, measure="card_types"))
