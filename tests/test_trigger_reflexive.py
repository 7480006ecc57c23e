"""h20: conditions on the cards in a graveyard inside triggered abilities of combat
(608.2c, 603.4; docs/triggers.md "Conditions of effects"). Real cards; expected values from
the rules cited."""

from __future__ import annotations

from typing import Any

from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.reflexive import GraveyardCost
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
    assert spawn.effects[0].test.count == 4  # delirium: h14's reading (more_effects.py) comes first
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


def test_battle_cry_goblin_pack_tactics_counts_the_declared_attackers() -> None:
    # Pack tactics (603.4, 508.1): Battle Cry Goblin (2/2) attacks with Craw Wurm (6/4):
    # total power 8, a 1/1 Goblin token enters tapped and attacking (508.4): Bob takes
    # 2 + 6 + 1 = 9. With Grizzly Bears (2/2) instead, total 4: no token, Bob takes 4.
    s = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
         "permanents": [perm("g", "Battle Cry Goblin", "Alice"), perm("w", "Craw Wurm", "Alice")],
         "combat": {"attackers": {"g": "Bob", "w": "Bob"}, "blockers": {}}}
    assert run_command("damage", s, {}).to_json()["outcome"]["life"]["Bob"] == 11
    s["permanents"][1] = perm("w", "Grizzly Bears", "Alice")
    assert run_command("damage", s, {}).to_json()["outcome"]["life"]["Bob"] == 16


def test_targ_nar_pack_tactics_ignores_pumps_after_declaration() -> None:
    # 508.1, 603.4: Targ Nar (2/2), Gnoll Hunter (2/2) and Grizzly Bears (2/2) attack: total
    # 6 as declared, so both pack tactics abilities trigger. Whatever order they resolve in,
    # each still holds (Targ Nar's +1/+0 doesn't change what was declared): Targ Nar 3,
    # Hunter 2 + 1 counter + 1 = 4, Bears 3: Bob takes 10.
    s = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
         "permanents": [perm("t", "Targ Nar, Demon-Fang Gnoll", "Alice"),
                        perm("h", "Gnoll Hunter", "Alice"), perm("b", "Grizzly Bears", "Alice")],
         "combat": {"attackers": {"t": "Bob", "h": "Bob", "b": "Bob"}, "blockers": {}}}
    assert run_command("damage", s, {}).to_json()["outcome"]["life"]["Bob"] == 10


_OURS = ["Whenever this creature attacks, if you attacked with creatures with total power 6 or "
         "greater this combat, put a +1/+1 counter on this creature.",
         "Whenever this creature attacks, if there are seven or more cards in your graveyard, "
         "this creature gets +2/+0 until end of turn.",
         "Whenever this creature attacks, if you control a Desert or there are four or more "
         "card types among cards in your graveyard, this creature gets +1/+1 until end of turn.",
         "Whenever this creature attacks, you may exile an instant or sorcery card from your "
         "graveyard. If you do, put a +1/+1 counter on this creature.",
         "Whenever this creature attacks, you may collect evidence 3. If you do, this creature "
         "gets +2/+0 until end of turn.",
         "Whenever this creature attacks or blocks, any player may exile a card from their "
         "graveyard. If a player does, this creature assigns no combat damage this turn."]


def test_the_ai_plays_these_conditions_as_its_reference_does(monkeypatch: Any) -> None:
    # The AI's search and the exhaustive reference resolve the same conditions: on random
    # boards whose creatures have pack tactics or threshold, they agree (attacks at
    # lookahead 0, blocks).
    import random
    import sys

    sys.path.insert(0, "tests")
    import test_ai_triggers as t
    from test_ai_differential import attack_mismatch, block_mismatch

    monkeypatch.setattr(t, "TRIGGERS", _OURS)
    for seed in range(8):
        rng = random.Random(seed)
        board = t.trigger_board(rng, rng.randint(1, 3), rng.randint(0, 2))
        board["players"][0]["graveyard"] = rng.choice(
            (_SEVEN[:6], _SEVEN, ["Hill Giant", "Lightning Bolt", "Shock", "Grizzly Bears"]))
        assert attack_mismatch(board, 0) is None
        board = t.trigger_board(rng, rng.randint(1, 3), rng.randint(0, 2), combat=True)
        assert block_mismatch(board, 0) is None


def _s(perms: list[dict[str, Any]], attackers: dict[str, str],
       blockers: dict[str, list[str]] | None = None, graveyard: list[str] | None = None,
       **combat: Any) -> dict[str, Any]:
    return {"players": [{"name": "Alice", "life": 20, "graveyard": graveyard or []},
                        {"name": "Bob", "life": 20}],
            "permanents": perms,
            "combat": {"attackers": attackers, "blockers": blockers or {}, **combat}}


def test_gilded_cerodon_either_condition() -> None:
    # 603.4: "if you control a Desert or there is a Desert card in your graveyard": either
    # half is enough. Gilded Cerodon (4/4) attacks; with Desert of the Fervent in Alice's
    # graveyard, the stated target, Bob's Grizzly Bears, can't block this turn. With a
    # Forest there and no Desert on the battlefield it doesn't trigger.
    read = parse_trigger("Whenever this creature attacks, if you control a Desert or there is a "
                         "Desert card in your graveyard, target creature can't block this turn.",
                         ("Gilded Cerodon",))
    assert read is not None and read.intervening is not None
    test = read.intervening.test
    assert test is not None and test.kind == "either"
    assert test.parts[1] == IfTest("graveyard_at_least", 1, measure="subtype:Desert")
    perms = [perm("c", "Gilded Cerodon", "Alice"), perm("b", "Grizzly Bears", "Bob")]
    choice = [{"source": "c", "window": "attack", "target": "b"}]
    got = run_command("damage", _s(perms, {"c": "Bob"}, graveyard=["Desert of the Fervent"],
                                   trigger_choices=choice), {}).to_json()
    res = [t for t in got.get("triggers", []) if t["source"] == "c"]
    assert res and res[0]["result"] == "b can't block this turn"
    got = run_command("damage", _s(perms, {"c": "Bob"}, graveyard=["Forest"]), {}).to_json()
    assert not [t for t in got.get("triggers", []) if t["source"] == "c"]  # 603.4: no trigger


def test_naomi_both_an_artifact_and_an_enchantment() -> None:
    # 603.4: "if you control an artifact and an enchantment": Naomi (4/4) attacks with
    # Ornithopter (artifact) and Glorious Anthem (enchantment) on Alice's side: a 2/2
    # Samurai token (not attacking). Without the Anthem: no token.
    perms = [perm("n", "Naomi, Pillar of Order", "Alice"), perm("o", "Ornithopter", "Alice"),
             perm("a", "Glorious Anthem", "Alice")]
    got = run_command("damage", _s(perms, {"n": "Bob"}), {}).to_json()
    assert [t for t in got.get("triggers", []) if t["source"] == "n"]
    got = run_command("damage", _s(perms[:2], {"n": "Bob"}), {}).to_json()
    assert not [t for t in got.get("triggers", []) if t["source"] == "n"]


def test_karplusan_hound_needs_a_chandra_planeswalker() -> None:
    # 205.3j, 603.4: Karplusan Hound (3/3) attacks; Alice controls Chandra, Torch of
    # Defiance: 2 damage to any target (Bob, the only one worth it: 3 + 2 = 5, Bob 15).
    perms = [perm("h", "Karplusan Hound", "Alice"),
             perm("c", "Chandra, Torch of Defiance", "Alice")]
    got = run_command("damage", _s(perms, {"h": "Bob"},
                                   trigger_choices=[{"source": "h", "window": "attack",
                                                     "target": "Bob"}]), {}).to_json()
    assert got["outcome"]["life"]["Bob"] == 15
    got = run_command("damage", _s(perms[:1], {"h": "Bob"}), {}).to_json()
    assert got["outcome"]["life"]["Bob"] == 17


def test_pelt_collector_compares_the_dead_creatures_power() -> None:
    # 603.10a, 608.2h: Bob's Hill Giant (3/3) attacks Alice; her Grizzly Bears (2/2) block
    # it and die: their power 2 > Pelt Collector's 1, a +1/+1 counter.
    perms = [perm("g", "Hill Giant", "Bob"), perm("b", "Grizzly Bears", "Alice"),
             perm("p", "Pelt Collector", "Alice")]
    s = _s(perms, {"g": "Alice"}, {"b": ["g"]})
    s["active_player"] = "Bob"
    got = run_command("damage", s, {}).to_json()
    res = [t for t in got.get("triggers", []) if t["source"] == "p"]
    assert res and res[0]["result"] == "1 +1/+1 on p"
    # An Ornithopter (0/2) dying instead is not stronger than it: no counter (603.4).
    perms[1] = perm("b", "Ornithopter", "Alice", power=0, toughness=2)
    got = run_command("damage", s | {"permanents": perms}, {}).to_json()
    assert not [t for t in got.get("triggers", []) if t["source"] == "p"]


def test_momentum_rumbler_has_first_strike_or_not() -> None:
    # 702.7, 603.4: Momentum Rumbler (3/3) attacks without first strike: its first ability
    # puts a first strike counter on it (122.1b); the second ("if it has first strike")
    # didn't trigger (603.4: false as it attacked). Bob takes 3.
    got = run_command("damage", _s([perm("m", "Momentum Rumbler", "Alice")], {"m": "Bob"}),
                      {}).to_json()
    res = [t for t in got.get("triggers", []) if t["source"] == "m"]
    assert len(res) == 1 and "first strike" in res[0]["result"]
    assert got["outcome"]["life"]["Bob"] == 17


def test_imoen_exiles_an_instant_or_sorcery_card_to_deal_damage() -> None:
    # 608.2c, 118.3: Imoen, Chaotic Trickster (3/2) deals combat damage to Bob; Alice may
    # exile an instant or sorcery card from her graveyard: with Lightning Bolt there she does
    # (the card leaves), and Imoen deals 2 more: Bob 15. With only a Forest she can't pay.
    read = parse_trigger("Whenever Imoen deals combat damage to a player, you may exile an "
                         "instant or sorcery card from your graveyard. If you do, Imoen deals 2 "
                         "damage to each opponent.", ("Imoen, Chaotic Trickster", "Imoen"))
    assert read is not None and read.optional
    assert read.effects[0] == GraveyardCost(("Instant", "Sorcery"))
    got = _damage([perm("i", "Imoen, Chaotic Trickster", "Alice")], {"i": "Bob"},
                  ["Forest", "Lightning Bolt"])
    assert got["outcome"]["life"]["Bob"] == 15
    assert got["triggers"][0]["choices"]["chosen"] == "Alice~graveyard1"
    got = _damage([perm("i", "Imoen, Chaotic Trickster", "Alice")], {"i": "Bob"}, ["Forest"])
    assert got["outcome"]["life"]["Bob"] == 17
    assert got["triggers"][0]["result"].startswith("declined: can't pay")


def test_one_card_pays_for_one_ability_only() -> None:
    # 118.3: two Imoens (Chaotic 3/2, Occult 2/3) connect; one Lightning Bolt in Alice's
    # graveyard pays for one ability only: after the first exiles it, the second can't pay.
    # Both choices stated as taken ("may": true).
    may = [{"source": x, "window": "regular", "may": True} for x in ("i", "o")]
    got = run_command("damage", _s([perm("i", "Imoen, Chaotic Trickster", "Alice"),
                                    perm("o", "Imoen, Occult Trickster", "Alice")],
                                   {"i": "Bob", "o": "Bob"}, graveyard=["Lightning Bolt"],
                                   trigger_choices=may), {}).to_json()
    results = sorted(t["result"] for t in got["triggers"])
    assert len(results) == 2
    assert sum(r.startswith("declined: can't pay") for r in results) == 1
    assert sum("exiles Alice~graveyard0" in r for r in results) == 1


def test_kavaron_harrier_sacrifices_the_token_it_paid_for() -> None:
    # 608.2c, 603.7: Kavaron Harrier attacks; Alice pays {2} (players[].mana 2): a 2/2 Robot
    # enters tapped and attacking (508.4), deals 2 to Bob with the Harrier, and is
    # sacrificed at end of combat. Without mana: no token, no sacrifice.
    s = _s([perm("k", "Kavaron Harrier", "Alice")], {"k": "Bob"})
    s["players"][0]["mana"] = 2
    got = run_command("damage", s, {}).to_json()
    power = 2  # Kavaron Harrier's printed power
    assert got["outcome"]["life"]["Bob"] == 20 - power - 2
    res = [t for t in got["triggers"] if t["source"] == "k"]
    assert any("sacrific" in t["result"] for t in got["triggers"]), res
    s["players"][0]["mana"] = 0
    got = run_command("damage", s, {}).to_json()
    assert got["outcome"]["life"]["Bob"] == 20 - power


def test_sample_collector_collects_evidence_from_the_graveyard() -> None:
    # 701.59a, 603.12: Sample Collector (2/3) attacks alone; Alice may
    # collect evidence 3: Hill Giant (mana value 4) alone is enough (the smallest set with no
    # card to spare), and the +1/+1 counter goes on the only creature she controls.
    # Lightning Bolt and Shock (1 + 1 = 2) are not enough: she can't pay.
    perms = [perm("s", "Sample Collector", "Alice")]
    got = _damage(perms, {"s": "Bob"}, ["Lightning Bolt", "Hill Giant"])
    res = [t for t in got["triggers"] if t["source"] == "s"][0]
    assert res["result"].startswith("Alice collects evidence 3: exiles Alice~graveyard1;")
    assert got["outcome"]["life"]["Bob"] == 17
    got = _damage(perms, {"s": "Bob"}, ["Lightning Bolt", "Shock"])
    assert got["outcome"]["life"]["Bob"] == 18
    assert got["triggers"][0]["result"].startswith("declined: can't pay")


def _carrion(card: str, alice: list[str], bob: list[str]) -> dict[str, Any]:
    s = {"players": [{"name": "Alice", "life": 20, "graveyard": alice},
                     {"name": "Bob", "life": 20, "graveyard": bob}],
         "permanents": [perm("r", card, "Alice")],
         "combat": {"attackers": {"r": "Bob"}, "blockers": {}}}
    return run_command("damage", s, {}).to_json()


def test_carrion_rats_any_player_may_exile_a_card() -> None:
    # 101.4, 608.2c: Carrion Rats (2/1) attacks Bob. "Any player may exile a card from their
    # graveyard. If a player does, it assigns no combat damage": Bob, with a Forest in his
    # graveyard, does (510.1: Bob stays at 20). Nobody with a card: Bob takes 2. Alice's own
    # card is hers to keep: she declines, Bob takes 2.
    got = _carrion("Carrion Rats", [], ["Forest"])
    assert got["outcome"]["life"]["Bob"] == 20
    assert got["triggers"][0]["result"].startswith("Bob exiles Bob~graveyard0")
    assert _carrion("Carrion Rats", [], [])["outcome"]["life"]["Bob"] == 18
    assert _carrion("Carrion Rats", ["Forest"], [])["outcome"]["life"]["Bob"] == 18


def test_carrion_wurm_needs_three_cards() -> None:
    # Carrion Wurm (6/5): "exile three cards": Bob's three cards pay (Bob 20); two don't
    # (Bob 14).
    assert _carrion("Carrion Wurm", [], ["Forest", "Island", "Swamp"])["outcome"]["life"]["Bob"] == 20
    assert _carrion("Carrion Wurm", [], ["Forest", "Island"])["outcome"]["life"]["Bob"] == 14


def test_eomer_needs_the_greatest_power() -> None:
    # 603.4: Éomer (5/4) attacks. Bob's Grizzly Bears (2/2): Alice controls the creature with
    # the greatest power, a 1/1 Soldier token is created. Bob's Craw Wurm (6/4) is greater:
    # the ability doesn't trigger.
    perms = [perm("e", "Éomer of the Riddermark", "Alice"), perm("b", "Grizzly Bears", "Bob")]
    got = run_command("damage", _s(perms, {"e": "Bob"}), {}).to_json()
    assert [t["result"] for t in got["triggers"]] == ["created 1 1/1 Human Soldier token (e~token1)"]
    perms[1] = perm("w", "Craw Wurm", "Bob")
    got = run_command("damage", _s(perms, {"e": "Bob"}), {}).to_json()
    assert not got.get("triggers")
