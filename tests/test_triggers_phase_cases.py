"""Triggered abilities of combat where redzone was wrong and the phase.rs differential
(tests/phase_diff.py) found it; each case is restated from the rules.

- "Whenever this creature is dealt damage" in a combat damage step (CR 510.2, 603.2c): the
  damage a step deals is one event for the creature, however many creatures deal it, so
  the ability triggers once (the Spitemare and Boros Reckoner rulings; XMage's issue
  magefree/mage#11992 states the same for its "is dealt damage" abilities). Seed 127:
  redzone triggered once per source when the creature survived, once when it died.
- Flanking (702.25a) triggers only for a blocking creature *without* flanking; redzone
  reads flanking as a triggered ability, not a keyword, and its "without flanking" filter
  missed it (seed 93 of ``phase_diff.py 150 0 0.7``: two Mtenda Herders traded in phase,
  redzone shrank the blocker).
- Rampage counts the creatures blocking it when its ability resolves (702.23b); a blocker
  that died before (its own "blocks or becomes blocked, -1/-1" trigger, resolved first as
  the non-active player's, 603.3b) no longer blocks (506.4). Found on a board built for it
  (Craw Giant blocked by a damaged Goblin Elite Infantry and Grizzly Bears): phase gave
  +0/+0, redzone +2/+2.
- Renown (702.112a) has an intervening "if it isn't renowned" (603.4): a double striker
  dealing combat damage to a player in both steps becomes renowned once. Not drawn by the
  differential (no card of the pool has renown and double strike; the bridge can't grant
  abilities), found while reading phase's renown (its condition "not renowned").
"""

from __future__ import annotations

from redzone.models.board import build_board
from redzone.models.scenario import parse_scenario
from redzone.solver.damage.solve import play_out


def _double_block(card: str, **extra: object) -> dict:
    attacker = {"id": "x", "card": card, "controller": "P1", **extra}
    return {
        "players": [{"name": "P1", "life": 10}, {"name": "P2", "life": 20}],
        "active_player": "P1",
        "permanents": [attacker,
                       {"id": "b1", "card": "Grizzly Bears", "controller": "P2"},
                       {"id": "b2", "card": "Grizzly Bears", "controller": "P2"}],
        "combat": {"attackers": {"x": "P2"}, "blockers": {"b1": ["x"], "b2": ["x"]}},
    }


def test_dealt_damage_by_two_blockers_triggers_once_and_survives():
    # Dromad Purebred 1/5 ("whenever this creature is dealt damage, you gain 1 life") is
    # dealt 2 + 2 by two Grizzly Bears at once: one trigger, P1 10 -> 11 (603.2c).
    result = play_out(build_board(parse_scenario(_double_block("Dromad Purebred"))))
    assert result.outcome["life"]["P1"] == 11
    assert [t.source for t in result.triggers] == ["x"]
    assert result.outcome["damage"]["x"] == 4


def test_dealt_damage_by_two_blockers_triggers_once_when_it_dies():
    # Dromad Purebred with 2 damage already marked dies to the 4 damage; its ability looks
    # back (603.10a) and still triggers once: P1 10 -> 11.
    result = play_out(build_board(parse_scenario(_double_block("Dromad Purebred", damage=2))))
    assert "x" in result.outcome["destroyed"]
    assert result.outcome["life"]["P1"] == 11
    assert len(result.triggers) == 1


def test_fungusaur_gets_one_counter_from_two_blockers():
    # Fungusaur 2/2 with three +1/+1 counters (5/5) is dealt 4 by two Grizzly Bears: one
    # +1/+1 counter (603.2c), so it ends with four.
    result = play_out(build_board(parse_scenario(
        _double_block("Fungusaur", counters={"+1/+1": 3}))))
    assert len(result.triggers) == 1
    assert result.triggers[0].result == "1 +1/+1 on x"


def _block(attacker: str, blocker: str) -> dict:
    return {
        "players": [{"name": "P1", "life": 10}, {"name": "P2", "life": 20}],
        "active_player": "P1",
        "permanents": [{"id": "x", "card": attacker, "controller": "P1"},
                       {"id": "b", "card": blocker, "controller": "P2"}],
        "combat": {"attackers": {"x": "P2"}, "blockers": {"b": ["x"]}},
    }


def test_flanking_does_not_trigger_for_a_blocker_with_flanking():
    # Benalish Cavalry 2/2 (flanking) blocked by Suq'Ata Lancer 2/2 (flanking): no trigger
    # (702.25a), 2 damage each way, both die (704.5g).
    result = play_out(build_board(parse_scenario(_block("Benalish Cavalry", "Suq'Ata Lancer"))))
    assert list(result.triggers) == []
    assert sorted(result.outcome["destroyed"]) == ["b", "x"]


def test_flanking_shrinks_a_blocker_without_flanking():
    # Benalish Cavalry blocked by Grizzly Bears 2/2: the Bears get -1/-1 (702.25a), deal 1,
    # and die to the Cavalry's 2; the Cavalry survives with 1 damage.
    result = play_out(build_board(parse_scenario(_block("Benalish Cavalry", "Grizzly Bears"))))
    assert [t.result for t in result.triggers] == ["b gets -1/-1"]
    assert result.outcome["destroyed"] == ["b"]
    assert result.outcome["damage"]["x"] == 1


def test_rampage_counts_only_blockers_still_there_on_resolution():
    # Craw Giant 6/4 (rampage 2) blocked by Goblin Elite Infantry (2/2, 1 damage marked;
    # "whenever this creature blocks or becomes blocked, it gets -1/-1") and Grizzly Bears.
    # P2's trigger resolves first (603.3b): the Infantry is 1/1 with 1 damage and dies
    # (704.5g); rampage then sees one blocker: +0/+0 (702.23b). The Giant deals 6 and is
    # dealt 2.
    scenario = {
        "players": [{"name": "P1", "life": 20}, {"name": "P2", "life": 20}],
        "active_player": "P1",
        "permanents": [{"id": "g", "card": "Craw Giant", "controller": "P1"},
                       {"id": "i", "card": "Goblin Elite Infantry", "controller": "P2", "damage": 1},
                       {"id": "b", "card": "Grizzly Bears", "controller": "P2"}],
        "combat": {"attackers": {"g": "P2"}, "blockers": {"i": ["g"], "b": ["g"]}},
    }
    result = play_out(build_board(parse_scenario(scenario)))
    assert [t.result for t in result.triggers] == ["i gets -1/-1", "g gets +0/+0"]
    assert sorted(result.outcome["destroyed"]) == ["b", "i"]
    assert result.outcome["damage"]["g"] == 2


def _renown(**extra: object) -> dict:
    return {
        "players": [{"name": "P1", "life": 10}, {"name": "P2", "life": 20}],
        "active_player": "P1",
        "permanents": [{"id": "x", "card": "Topan Freeblade", "controller": "P1", **extra}],
        "combat": {"attackers": {"x": "P2"}},
    }


def test_renown_only_once_with_double_strike():
    # Topan Freeblade 2/2 (renown 1) with double strike, unblocked: 2 damage in the
    # first-strike step, renown resolves (+1/+1 counter, renowned), 3 in the regular step;
    # renown doesn't trigger again (702.112a, 603.4). P2 20 -> 15.
    result = play_out(build_board(parse_scenario(_renown(abilities=["Double strike"]))))
    assert result.outcome["life"]["P2"] == 15
    assert [t.result for t in result.triggers] == ["1 +1/+1 on x; x becomes renowned"]


def test_renown_does_not_trigger_for_a_renowned_creature():
    # Already renowned (the scenario's conditions): 2 + 2 damage, no trigger (702.112a).
    result = play_out(build_board(parse_scenario(
        _renown(abilities=["Double strike"], conditions={"renowned": True}))))
    assert result.outcome["life"]["P2"] == 16
    assert list(result.triggers) == []
