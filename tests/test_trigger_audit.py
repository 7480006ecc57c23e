"""h21 audit of the creature cards made "fully played" in one hour (docs/triggers.md): each
test plays a real card on a small board and checks the values the Comprehensive Rules give.
A test here failed before its fix."""

from __future__ import annotations

from typing import Any

from redzone.solver.frontends.commands import run_command


def _damage(perms: list[dict[str, Any]], attackers: dict[str, str],
            blockers: dict[str, list[str]] | None = None,
            resolved: list[str] | None = None) -> dict[str, Any]:
    scenario = {"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": perms,
                "combat": {"attackers": attackers, "blockers": blockers or {},
                           "triggers_resolved": resolved if resolved is not None else []}}
    return run_command("damage", scenario, {}).to_json()


def _left(out: dict[str, Any]) -> set[str]:
    return {d["id"] if isinstance(d, dict) else d for d in out["outcome"]["destroyed"]}


def test_storm_deals_damage_equal_to_her_own_power() -> None:
    # Storm, Queen of Wakanda (4/5): "Whenever a creature with flying attacks you, Storm deals
    # damage equal to her power to that creature." "Her" is Storm (the subject of the
    # clause): 4 damage to Seacoast Drake (1/3), which dies (704.5g) before blockers. Read
    # as the attacker's power it was 1 damage and the Drake lived to deal 1 to Bob.
    out = _damage([{"id": "drake", "card": "Seacoast Drake", "controller": "Alice"},
                   {"id": "storm", "card": "Storm, Queen of Wakanda", "controller": "Bob"}],
                  {"drake": "Bob"})
    assert "drake" in _left(out)
    assert out["outcome"]["life"] == {"Alice": 20, "Bob": 20}
    assert "4 damage to drake" in out["triggers"][0]["result"]


def test_magus_of_the_bridge_counts_only_creatures_put_into_your_graveyard() -> None:
    # Magus of the Bridge: "Whenever a nontoken creature is put into your graveyard from the
    # battlefield, create a 2/2 black Zombie ..." Bob's Grizzly Bears dies blocking Alice's
    # Hill Giant: it goes to Bob's graveyard (its owner's, 404.2), so Alice's Magus makes no
    # Zombie; its other ability ("put into an opponent's graveyard") exiles it (603.10a).
    out = _damage([{"id": "magus", "card": "Magus of the Bridge", "controller": "Alice"},
                   {"id": "giant", "card": "Hill Giant", "controller": "Alice"},
                   {"id": "bear", "card": "Grizzly Bears", "controller": "Bob"}],
                  {"giant": "Bob"}, {"bear": ["giant"]}, ["attack"])
    assert out["outcome"]["entered"] == []
    assert _left(out) == {"bear", "magus"}
    # Alice's own nontoken Bears dying does make one (it goes to her graveyard)
    out = _damage([{"id": "magus", "card": "Magus of the Bridge", "controller": "Alice"},
                   {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"},
                   {"id": "giant", "card": "Hill Giant", "controller": "Bob"}],
                  {"bear": "Bob"}, {"giant": ["bear"]}, ["attack"])
    assert [e["name"] for e in out["outcome"]["entered"]] == ["Zombie"]


def test_millicent_triggers_on_another_spirit_dealing_combat_damage() -> None:
    # Millicent, Restless Revenant: "Whenever Millicent or another nontoken Spirit you
    # control dies or deals combat damage to a player, create a 1/1 white Spirit creature
    # token with flying." Spirit of the Hearth (a nontoken Cat Spirit, 4/5) deals 4 combat
    # damage to Bob: one token (510.3, 603.2). The subject of the second event was read as
    # Millicent alone, and no token was made.
    out = _damage([{"id": "m", "card": "Millicent, Restless Revenant", "controller": "Alice"},
                   {"id": "sp", "card": "Spirit of the Hearth", "controller": "Alice"}],
                  {"sp": "Bob"})
    assert out["outcome"]["life"]["Bob"] == 16
    assert [(e["name"], e["power"], e["toughness"]) for e in out["outcome"]["entered"]] == [
        ("Spirit", 1, 1)]


def test_risona_loses_her_indestructible_counter_when_you_are_dealt_combat_damage() -> None:
    # Risona, Asari Commander (3/3) blocks Craw Wurm (6/4) with an indestructible counter
    # (122.1b: she has indestructible) while Fencing Ace (1/1 double strike) is unblocked.
    # First-strike step: Ace deals 1 to Bob; "Whenever combat damage is dealt to you, remove
    # an indestructible counter from Risona" triggers (510.3) and resolves before the
    # regular step (510.4): no counter, no indestructible; the Wurm's 6 destroy her (704.5g).
    # The ability was set aside as not of combat (silently) and the scenario's counter gave
    # no indestructible: she died either way, for the wrong reason. Without the Ace she lives.
    perms = [{"id": "ace", "card": "Fencing Ace", "controller": "Alice"},
             {"id": "wurm", "card": "Craw Wurm", "controller": "Alice"},
             {"id": "r", "card": "Risona, Asari Commander", "controller": "Bob",
              "counters": {"indestructible": 1}}]
    out = _damage(perms, {"ace": "Bob", "wurm": "Bob"}, {"r": ["wurm"]}, ["attack"])
    assert out["not_played"] == []
    assert "r" in _left(out)
    assert out["outcome"]["life"]["Bob"] == 18
    out = _damage(perms[1:], {"wurm": "Bob"}, {"r": ["wurm"]}, ["attack"])
    assert "r" not in _left(out)
    assert out["outcome"]["counters"].get("r", {}).get("indestructible", 1) == 1


def test_keyword_counter_given_by_the_scenario_gives_its_keyword() -> None:
    # 122.1b: a permanent with an indestructible counter has indestructible; a Grizzly Bears
    # given one in the scenario blocks Craw Wurm (6 damage) and is not destroyed (702.12b).
    # It was destroyed: only counters put on in combat gave their keyword.
    out = _damage([{"id": "wurm", "card": "Craw Wurm", "controller": "Alice"},
                   {"id": "b", "card": "Grizzly Bears", "controller": "Bob",
                    "counters": {"indestructible": 1}}],
                  {"wurm": "Bob"}, {"b": ["wurm"]}, ["attack"])
    assert _left(out) == set()


def test_aragorn_grants_renown_with_first_strike() -> None:
    # Aragorn, Hornburg Hero: "Attacking creatures you control have first strike and renown
    # 1." and "Whenever a renowned creature you control deals combat damage to a player,
    # double the number of +1/+1 counters on it." Fencing Ace (1/1 double strike) attacks
    # alone, unblocked: first-strike damage 1 (Bob 19), renown puts a +1/+1 counter on it and
    # it becomes renowned (702.112a); regular damage 2 (Bob 17) and, now renowned, Aragorn's
    # trigger doubles its counters to 2 (renown does not trigger again). The static parser
    # kept first strike and dropped renown: Bob ended at 18 with no counters.
    out = _damage([{"id": "ar", "card": "Aragorn, Hornburg Hero", "controller": "Alice"},
                   {"id": "ace", "card": "Fencing Ace", "controller": "Alice"}],
                  {"ace": "Bob"})
    assert out["outcome"]["life"]["Bob"] == 17
    assert out["outcome"]["counters"]["ace"] == {"+1/+1": 2}


def test_adeline_counts_the_tokens_her_trigger_makes() -> None:
    # Adeline, Resplendent Cathar: "Adeline's power is equal to the number of creatures you
    # control." (a characteristic-defining ability, 604.3, applied continuously) and
    # "Whenever you attack, for each opponent, create a 1/1 white Human creature token
    # that's tapped and attacking that player ...". Alone on Alice's side (power 1), she
    # attacks Bob: the token enters before blockers (508.4), Alice controls 2 creatures, so
    # Adeline deals 2 and the token 1: Bob 20 -> 17. She dealt 1 before (Bob 18).
    out = _damage([{"id": "ad", "card": "Adeline, Resplendent Cathar", "controller": "Alice",
                    "power": 1}], {"ad": "Bob"})
    assert out["outcome"]["life"]["Bob"] == 17
    # Silverwing Squadron (power and toughness each the number of creatures you control,
    # 1/1 alone): its Knight token makes it 2/2 before damage: Bob 20 -> 18
    out = _damage([{"id": "sq", "card": "Silverwing Squadron", "controller": "Alice",
                    "power": 1, "toughness": 1}], {"sq": "Bob"})
    assert out["outcome"]["life"]["Bob"] == 18


def test_field_of_souls_ignores_an_opponents_creature_dying() -> None:
    # Field of Souls: "Whenever a nontoken creature is put into your graveyard from the
    # battlefield, create a 1/1 white Spirit creature token with flying." Same reading as
    # Magus of the Bridge: Bob's Bears dies (to Bob's graveyard, 404.2), no Spirit for Alice.
    out = _damage([{"id": "f", "card": "Field of Souls", "controller": "Alice"},
                   {"id": "giant", "card": "Hill Giant", "controller": "Alice"},
                   {"id": "bear", "card": "Grizzly Bears", "controller": "Bob"}],
                  {"giant": "Bob"}, {"bear": ["giant"]}, ["attack"])
    assert _left(out) == {"bear"} and out["outcome"]["entered"] == []
