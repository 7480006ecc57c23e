"""Fight (CR 701.14) and bite, through the shared damage outcome (models.outcome).

Rules digest section 4 and edge cases 7.17-7.18; the seed on fight (格闘): damage is
simultaneous, a creature fighting itself is dealt damage twice, fight damage is not combat
damage, and deathtouch, wither, infect and lifelink work as usual.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from redzone.models.board import build_board
from redzone.models.errors import ScenarioError
from redzone.models.fight import bite, fight
from redzone.models.outcome import DamageEvent, GameState, resolve_damage
from redzone.models.scenario import parse_scenario
from redzone.solver.frontends.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PLAYERS = [{"name": "Alice"}, {"name": "Bob"}]


def board_of(*permanents: dict[str, Any], **extra: Any):
    return build_board(parse_scenario({"players": PLAYERS, "permanents": list(permanents), **extra}))


def alice(card: str, id: str, **kw: Any) -> dict[str, Any]:
    return {"id": id, "card": card, "controller": "Alice", **kw}


def bob(card: str, id: str, **kw: Any) -> dict[str, Any]:
    return {"id": id, "card": card, "controller": "Bob", **kw}


def test_deathtouch_lifelink_one_one_fights_five_five() -> None:
    # Rules digest 7.17: a 1/1 with deathtouch and lifelink fights a 5/5: both die
    # (704.5g for the 1/1, 704.5h for the 5/5) and its controller gains 1 (120.3f).
    board = board_of(alice("Gifted Aetherborn", "aeth", power=1, toughness=1),
                     bob("Charging Monstrosaur", "saur"))
    r = fight(board, "aeth", "saur")
    assert r.fought is True
    assert r.damage == {"saur": 1, "aeth": 5}
    assert r.outcome["destroyed"] == ["aeth", "saur"]
    assert r.outcome["life"] == {"Alice": 21, "Bob": 20}
    assert r.outcome["gained"] == {"Alice": 1}
    assert r.excess == {"aeth": 4}  # full power, never capped at lethal (120.4a)


def test_one_target_gone_means_no_damage() -> None:
    # Rules digest 7.18, CR 701.14b: one creature has left the battlefield by resolution:
    # neither deals damage.
    board = board_of(alice("Stampeding Rhino", "rhino"), bob("Serra Angel", "angel"),
                     bob("Grizzly Bears", "bears"))
    state = GameState.from_board(board)
    resolve_damage(board, state, [DamageEvent("rhino", "bears", 4)], combat=False)
    assert state.destroyed == ["bears"]
    r = fight(board, "rhino", "bears", state=state)
    assert r.fought is False and r.damage == {}
    assert "no longer on the battlefield" in r.reason and "701.14b" in r.reason
    assert state.damage["rhino"] == 0


def test_illegal_target_means_no_damage_for_either() -> None:
    # CR 701.14b: an illegal target (e.g. it gained hexproof) - neither creature deals damage.
    board = board_of(alice("Stampeding Rhino", "rhino"), bob("Serra Angel", "angel"))
    r = fight(board, "rhino", "angel", illegal={"angel"})
    assert r.fought is False
    assert r.outcome["damage"] == {} and r.outcome["destroyed"] == []
    assert "illegal target" in r.reason


def test_a_noncreature_cannot_fight() -> None:
    # CR 701.14b: a permanent that is no longer a creature deals and is dealt no fight damage.
    board = board_of(alice("Stampeding Rhino", "rhino"), bob("Furnace of Rath", "furnace"))
    r = fight(board, "rhino", "furnace")
    assert r.fought is False and "not a creature" in r.reason


def test_creature_fighting_itself_is_dealt_twice_its_power() -> None:
    # CR 701.14c: 4 + 4 = 8 to a 4/4 (it dies, 704.5g); lifelink gains the whole 2 x 2.
    board = board_of(alice("Stampeding Rhino", "rhino"))
    r = fight(board, "rhino", "rhino")
    assert r.damage == {"rhino": 8}
    assert r.outcome["destroyed"] == ["rhino"]
    board = board_of(alice("Gifted Aetherborn", "aeth", toughness=5))  # 2/5 deathtouch lifelink
    r = fight(board, "aeth", "aeth")
    assert r.damage == {"aeth": 4}
    assert r.outcome["gained"] == {"Alice": 4}
    assert r.outcome["destroyed"] == ["aeth"]  # deathtouch damage, 704.5h


def test_double_strike_and_first_strike_are_irrelevant() -> None:
    # CR 701.14d: fight damage is not combat damage: Ridgetop Raptor (2/1 double strike) deals
    # 2 once, at the same time as Serra Angel's 4 — it dies, the Angel survives.
    board = board_of(alice("Ridgetop Raptor", "raptor"), bob("Serra Angel", "angel"))
    r = fight(board, "raptor", "angel")
    assert r.damage == {"angel": 2, "raptor": 4}
    assert r.outcome["destroyed"] == ["raptor"]
    assert r.outcome["damage"] == {"angel": 2}


def test_trample_is_irrelevant() -> None:
    # CR 701.14d, 702.19a: no excess damage goes to a player in a fight.
    board = board_of(alice("Charging Monstrosaur", "saur"), bob("Grizzly Bears", "bears"))
    r = fight(board, "saur", "bears")
    assert r.outcome["life"]["Bob"] == 20
    assert r.damage["bears"] == 5 and r.excess == {"bears": 3}


def test_protection_from_green_fighter() -> None:
    # CR 702.16e: Stampeding Rhino's (green) damage to Vodalian Zombie (protection from
    # green) is prevented; the Zombie's 2 damage to the Rhino is dealt.
    board = board_of(alice("Stampeding Rhino", "rhino"), bob("Vodalian Zombie", "zombie"))
    r = fight(board, "rhino", "zombie")
    assert r.fought is True
    assert r.damage == {"zombie": 0, "rhino": 2}
    assert r.outcome["destroyed"] == []


def test_negative_and_zero_power_deal_nothing() -> None:
    # CR 107.1b, 120.8: power -2 counts as 0 for damage; 0 damage is no damage.
    board = board_of(alice("Grizzly Bears", "bears", power=-2), bob("Serra Angel", "angel"))
    r = fight(board, "bears", "angel")
    assert r.damage == {"bears": 4}
    assert r.outcome["destroyed"] == ["bears"] and r.outcome["damage"] == {}
    board = board_of(alice("Wall of Roots", "wall"), bob("Grizzly Bears", "bears"))
    r = fight(board, "wall", "bears")
    assert r.damage == {"wall": 2}
    assert r.outcome["damage"] == {"wall": 2}


def test_wither_and_infect_fighters_use_counters_and_damage_is_simultaneous() -> None:
    # CR 120.3d: Boggart Ram-Gang's (wither) 3 damage becomes three -1/-1 counters on Serra
    # Angel; the Angel deals its full 4 at the same time (701.14a), so the Ram-Gang dies.
    board = board_of(alice("Boggart Ram-Gang", "ramgang"), bob("Serra Angel", "angel"))
    r = fight(board, "ramgang", "angel")
    assert r.damage == {"angel": 3, "ramgang": 4}
    assert r.outcome["counters"] == {"angel": {"-1/-1": 3}}
    assert r.outcome["destroyed"] == ["ramgang"]
    assert r.state is not None and r.state.power(board, "angel") == 1


def test_indestructible_fighter_survives() -> None:
    # CR 702.12b: Darksteel Myr survives 9 damage; it is marked.
    board = board_of(alice("Darksteel Myr", "myr"), bob("Ancient Brontodon", "bront"))
    r = fight(board, "myr", "bront")
    assert r.outcome["destroyed"] == [] and r.outcome["damage"] == {"myr": 9}


def test_furnace_of_rath_doubles_fight_damage() -> None:
    # CR 120.4b, 614.1a: the doubler applies to any damage, fight damage included.
    board = board_of(alice("Grizzly Bears", "bears"), bob("Serra Angel", "angel"),
                     bob("Furnace of Rath", "furnace"))
    r = fight(board, "bears", "angel")
    assert r.damage == {"angel": 4, "bears": 8}
    assert r.outcome["destroyed"] == ["bears", "angel"]


def test_toxic_does_nothing_in_a_fight() -> None:
    # CR 702.164c: toxic adds poison only with combat damage to a player; fights are between
    # creatures, so a toxic fighter just deals its damage.
    board = board_of(alice("Branchblight Stalker", "stalker"), bob("Serra Angel", "angel"))
    r = fight(board, "stalker", "angel")
    assert r.outcome["poison"] == {"Alice": 0, "Bob": 0}
    assert r.damage == {"angel": 3, "stalker": 4}


def test_bite_is_one_sided() -> None:
    # Bite ("deals damage equal to its power to target creature"): nothing comes back.
    board = board_of(alice("Stampeding Rhino", "rhino"), bob("Serra Angel", "angel"))
    r = bite(board, "rhino", "angel")
    assert r.kind == "bite" and r.damage == {"angel": 4}
    assert r.outcome["destroyed"] == ["angel"] and r.outcome["damage"] == {}
    r = bite(board, "rhino", "angel", illegal={"rhino"})
    assert r.fought is False and r.damage == {}


def test_bite_may_target_a_planeswalker_fight_may_not() -> None:
    # Bite Down: "target creature or planeswalker"; fight needs two creatures (701.14b).
    board = board_of(alice("Stampeding Rhino", "rhino"), bob("Gideon, Ally of Zendikar", "gideon"))
    assert bite(board, "rhino", "gideon").outcome["destroyed"] == ["gideon"]
    assert fight(board, "rhino", "gideon").fought is False


def test_unknown_id_is_a_scenario_error() -> None:
    board = board_of(alice("Stampeding Rhino", "rhino"))
    with pytest.raises(ScenarioError, match="unknown permanent 'rhin'"):
        fight(board, "rhino", "rhin")


# ---------------------------------------------------------------------------- CLI


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_cli_fight_example_json() -> None:
    # Contract keys: fought, damage (recipient -> amount), outcome.
    code, out, _ = run("fight", str(EXAMPLES / "fight-deathtouch-lifelink.yaml"), "aetherborn",
                       "brontodon", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["fought"] is True
    assert data["damage"] == {"brontodon": 2, "aetherborn": 9}
    assert set(data["outcome"]) >= {"life", "poison", "destroyed", "damage", "loyalty", "defense"}
    assert data["outcome"]["destroyed"] == ["aetherborn", "brontodon"]
    assert data["outcome"]["life"]["Alice"] == 22


def test_cli_fight_illegal_and_bite() -> None:
    path = str(EXAMPLES / "fight-protection.yaml")
    code, out, _ = run("fight", path, "rhino", "zombie", "--illegal", "zombie", "--json")
    assert code == 0 and json.loads(out)["fought"] is False
    code, out, _ = run("fight", path, "zombie", "rhino", "--bite", "--json")
    assert code == 0 and json.loads(out)["damage"] == {"rhino": 2}
    code, out, _ = run("fight", path, "rhino", "zombie")
    assert code == 0 and "protection from green" in out


def test_cli_fight_unknown_id_exits_2() -> None:
    code, _, err = run("fight", str(EXAMPLES / "fight-protection.yaml"), "rhino", "nobody")
    assert code == 2 and "unknown permanent 'nobody'" in err


def test_cli_fight_furnace_example() -> None:
    code, out, _ = run("fight", str(EXAMPLES / "fight-furnace-of-rath.yaml"), "bears", "angel", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["damage"] == {"angel": 4, "bears": 8}
    assert data["outcome"]["destroyed"] == ["bears", "angel"]


def test_a_lord_destroyed_in_a_fight_takes_its_bonus_with_it() -> None:
    # Lord of Atlantis (2/2, other Merfolk get +1/+1) fights Bob's Vodalian Soldiers (a 1/2
    # Merfolk, 2/3 under the Lord). Each deals 2 (701.14a): the Lord is destroyed (704.5g),
    # its +1/+1 ends (611.3a), the layers give the Soldiers 1/2 again (613.4c), and the
    # state-based actions checked again destroy it with 2 damage marked (704.3, 704.5g).
    board = board_of(alice("Lord of Atlantis", "lord"), bob("Vodalian Soldiers", "soldiers"))
    assert board.permanents["soldiers"].toughness == 3
    r = fight(board, "lord", "soldiers")
    assert r.damage == {"soldiers": 2, "lord": 2}
    assert r.outcome["destroyed"] == ["lord", "soldiers"]


def test_a_fight_after_the_lord_left_uses_the_power_without_it() -> None:
    # The Lord has already left in the given state: the Soldiers is a 1/2 (611.3a), so it
    # deals 1 to Grizzly Bears (2/2), which survives, and the Bears' 2 destroy it (704.5g).
    board = board_of(alice("Lord of Atlantis", "lord"), alice("Grizzly Bears", "bears"),
                     bob("Vodalian Soldiers", "soldiers"))
    state = GameState.from_board(board)
    state.destroyed.append("lord")
    state.reasons["lord"] = "destroyed"
    r = fight(board, "bears", "soldiers", state=state)
    assert r.damage == {"soldiers": 2, "bears": 1}
    assert r.outcome["destroyed"] == ["lord", "soldiers"]


def test_resolve_damage_applies_the_layers_again_after_a_lord_leaves() -> None:
    # resolve_damage is deal_damage plus state-based actions: with Lord of Atlantis dealt 2
    # (destroyed, 704.5g) and Vodalian Soldiers (2/3 under it) dealt 2 at once, the Lord's
    # +1/+1 ends (611.3a), the Soldiers is a 1/2 with 2 damage (613.4c) and is destroyed when
    # the state-based actions are checked again (704.3).
    board = board_of(alice("Lord of Atlantis", "lord"), bob("Vodalian Soldiers", "soldiers"))
    state = GameState.from_board(board)
    resolve_damage(board, state, [DamageEvent("soldiers", "lord", 2), DamageEvent("lord", "soldiers", 2)],
                   combat=False)
    assert state.destroyed == ["lord", "soldiers"]
