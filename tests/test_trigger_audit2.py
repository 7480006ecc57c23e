"""h31 audit of the triggered abilities played since h23-h30 (issue 21): real cards on small
boards, the expected values from the Comprehensive Rules."""

from __future__ import annotations

from typing import Any

from redzone.solver.frontends.commands import run_command


def _p(pid: str, card: str, controller: str, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller, **fields}


def _scenario(perms: list[dict[str, Any]], attackers: dict[str, str],
              blockers: dict[str, list[str]] | None = None, **combat: Any) -> dict[str, Any]:
    return {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
            "permanents": perms,
            "combat": {"attackers": attackers, "blockers": blockers or {}, **combat}}


def _run(command: str, scenario: dict[str, Any]) -> dict[str, Any]:
    return run_command(command, scenario, {}).to_json()


def test_crag_saurian_blocking_changes_control_after_the_last_damage_step() -> None:
    # Bob's Crag Saurian (4/4) blocks Alice's Grizzly Bears (2/2). In the regular combat damage
    # step the Bears deal it 2 damage: "that source's controller gains control of this
    # creature" — Alice (613.1b). No combat damage step follows (510.4), so removing the
    # Saurian from combat (506.4) changes nothing and the control change must be played (it
    # was "not played" for any blocking creature: Bob kept the Saurian).
    got = _run("damage", _scenario([_p("bears", "Grizzly Bears", "Alice"), _p("sau", "Crag Saurian", "Bob")],
                                   {"bears": "Bob"}, {"sau": ["bears"]}, triggers_resolved=["attack"]))
    assert [t["window"] for t in got["triggers"]] == ["regular"]
    assert got["triggers"][0]["result"].startswith("Alice gains control of sau")
    assert got["outcome"]["destroyed"] == ["bears"] and got["outcome"]["damage"] == {"sau": 2}


def test_keiga_takes_the_creature_that_blocked_it_after_the_last_damage_step() -> None:
    # 700.4, 613.1b: Alice's Keiga, the Tide Star (5/5) is blocked and killed by Bob's Serra
    # Angel (given 6/6) in the regular step; "When Keiga dies, gain control of target
    # creature": the Angel, still a blocking creature, but no combat damage is left (510.4):
    # Alice gains control of it.
    perms = [_p("keiga", "Keiga, the Tide Star", "Alice"),
             _p("angel", "Serra Angel", "Bob", power=6, toughness=6)]
    got = _run("damage", _scenario(perms, {"keiga": "Bob"}, {"angel": ["keiga"]}, triggers_resolved=["attack"],
                                   trigger_choices=[{"source": "keiga", "window": "regular", "target": "angel"}]))
    assert got["outcome"]["destroyed"] == ["keiga"]
    assert got["triggers"][0]["result"].startswith("Alice gains control of angel")


def test_a_blocking_creature_changing_control_before_the_regular_step_is_still_not_played() -> None:
    # The first-strike step is followed by the regular one (510.4): Bob's Crag Saurian
    # blocking Alice's White Knight (2/2 first strike) is dealt 2 damage first; removing it
    # from combat would matter for the regular step (not modelled): not played, and said.
    got = _run("damage", _scenario([_p("wk", "White Knight", "Alice"), _p("sau", "Crag Saurian", "Bob")],
                                   {"wk": "Bob"}, {"sau": ["wk"]}, triggers_resolved=["attack"]))
    assert got["triggers"][0]["window"] == "first-strike"
    assert got["triggers"][0]["result"] == "sau is blocking: its control change is not played"


def test_a_hand_size_condition_on_an_unstated_hand_is_not_played_and_listed() -> None:
    # 603.4: Bloodhall Priest's "if you have no cards in hand" is decided from
    # players[].hand, a hidden zone. Unstated, the hand is unknown: the ability is not played
    # and the answer lists it (h31 found the silent guess; h34 made the hand unknown). Stated
    # empty, the trigger deals 2 to Bob; stated with one card, it does nothing.
    base = _scenario([_p("pr", "Bloodhall Priest", "Alice")], {"pr": "Bob"})
    got = _run("damage", base)
    assert got["outcome"]["life"]["Bob"] == 16  # 4 combat damage only
    assert [n["id"] for n in got["not_played"]] == ["pr"]
    empty = {**base, "players": [{"name": "Alice", "hand": []}, {"name": "Bob"}]}
    assert _run("damage", empty)["outcome"]["life"]["Bob"] == 14  # 2 from the trigger, 4 combat
    stated = {**base, "players": [{"name": "Alice", "hand": ["Island"]}, {"name": "Bob"}]}
    got = _run("damage", stated)
    assert got["outcome"]["life"]["Bob"] == 16 and got["not_played"] == []


def test_furnace_blessed_conqueror_copies_its_face_that_is_up() -> None:
    # Sun-Blessed Guardian transformed: Furnace-Blessed Conqueror (3/3, given two +1/+1
    # counters: 5/5) attacks; "create a tapped and attacking token that's a copy of it. Put a
    # +1/+1 counter on that token for each +1/+1 counter on this creature". A copy of a
    # double-faced permanent copies only the face that's up (707.2, 712.8d): the token is a
    # 3/3 Furnace-Blessed Conqueror with two counters, 5/5 — it was a 2/2 Sun-Blessed Guardian
    # (the front face), 4/4. Bob: 20 - 5 - 5 = 10.
    got = _run("damage", _scenario([_p("s", "Furnace-Blessed Conqueror", "Alice", counters={"+1/+1": 2},
                                       power=5, toughness=5)], {"s": "Bob"}))
    assert "a 3/3 token copy of s" in got["triggers"][0]["result"]
    assert got["outcome"]["life"]["Bob"] == 10


def test_guardian_beast_is_a_combat_rule_reported_not_set_aside() -> None:
    # Guardian Beast: "noncreature artifacts you control ... have indestructible, and other
    # players can't gain control of them" (untapped). Hellkite Tyrant's combat damage trigger
    # "gain control of all artifacts that player controls" can't take Bob's Sol Ring then
    # (613.1b is stopped by the Beast's rule) — the engine takes it, so the sentence must not
    # be set aside as "no combat rule" (it was: "noncreature permanents"): it is reported as
    # not read on the board.
    got = _run("damage", _scenario([_p("h", "Hellkite Tyrant", "Alice"), _p("s", "Sol Ring", "Bob"),
                                    _p("g", "Guardian Beast", "Bob")], {"h": "Bob"}))
    assert any(u["id"] == "g" and "can't gain control of them" in u["sentence"] for u in got["unparsed"])


def test_tokens_of_the_first_strike_and_regular_steps_keep_their_own_ids() -> None:
    # Spawnwrithe with a double strike counter (122.1b) attacks unblocked: it deals combat
    # damage in both steps (702.4b), and "whenever ~ deals combat damage to a player, create
    # a token that's a copy of ~" triggers each time (510.2, 603.2): two tokens enter. Before,
    # the regular step's token took the first-strike step's id and one token was lost (the
    # new-user trial, h32).
    from tests.trigger_play import damage, perm

    got = damage([perm("sw", "Spawnwrithe", "Alice", counters={"double strike": 1})], {"sw": "Bob"})
    ids = [e["id"] for e in got["outcome"]["entered"]]
    assert len(ids) == 2 and len(set(ids)) == 2, ids
    assert got["outcome"]["life"]["Bob"] == 16  # 2 + 2 (702.4b)
