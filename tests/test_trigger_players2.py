"""Triggered abilities of combat that act on players, tokens and amounts (h16;
docs/triggers.md): read from real cards and played by the ``damage`` job on small boards,
each answer worked out by hand from the rules."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.errors import ScenarioError
from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.types import Amount, DamageEffect, Who
from redzone.solver.frontends.commands import run_command
from trigger_play import damage as _damage, perm as _p, scenario as _scenario


def _play(perms: list[dict[str, Any]], attackers: dict[str, str],
          blockers: dict[str, list[str]] | None = None, **combat: Any) -> dict[str, Any]:
    """``damage`` with every window still to play (Alice attacks Bob)."""
    return _damage(perms, attackers, blockers, triggers_resolved=[], **combat)


def _bob_attacks(perms: list[dict[str, Any]], attackers: dict[str, str],
                 blockers: dict[str, list[str]] | None = None, **combat: Any) -> dict[str, Any]:
    """``damage`` with every window still to play, Bob the active player."""
    s = _scenario(perms, attackers, blockers, triggers_resolved=[], **combat)
    s["active_player"] = "Bob"
    return run_command("damage", s, {}).to_json()


# ============================================================ target opponent or planeswalker


def test_target_opponent_or_planeswalker_is_one_representation() -> None:
    # 115.1: "target opponent or planeswalker" is a target opponent that may be a
    # planeswalker instead: the same Who as board_effects' "target player or planeswalker".
    got = parse_trigger("When this creature dies, it deals 6 damage to target opponent or "
                        "planeswalker.")
    assert got is not None
    assert got.effects == (DamageEffect(Who("target_opponent", also_types=("Planeswalker",)),
                                        Amount(6)),)


def test_doom_engine_targets_an_opponent_or_any_planeswalker() -> None:
    # Scuttling Doom Engine (6/6) attacks Bob and is blocked by two Hill Giants (3/3): it
    # dies and deals 6 damage to target opponent or planeswalker. Alice chooses Bob (the best
    # for her, 20 -> 14, after 0 combat damage to Bob); a planeswalker may be Bob's Ajani
    # Goldmane (loyalty 4: it is put into the graveyard, 704.5i); Alice herself is no
    # opponent (115.1), so she can't be stated.
    perms = [_p("doom", "Scuttling Doom Engine", "Alice"), _p("g1", "Hill Giant", "Bob"),
             _p("g2", "Hill Giant", "Bob"), _p("ajani", "Ajani Goldmane", "Bob")]
    blocks = {"g1": ["doom"], "g2": ["doom"]}
    got = _play(perms, {"doom": "Bob"}, blocks, damage_order={"doom": ["g1", "g2"]})
    assert got["outcome"]["life"]["Bob"] == 14
    assert got["triggers"][-1]["choices"] == {"target": "Bob"}
    walker = _play(perms, {"doom": "Bob"}, blocks, damage_order={"doom": ["g1", "g2"]},
                   trigger_choices=[{"source": "doom", "window": "regular", "target": "ajani"}])
    assert walker["outcome"]["life"]["Bob"] == 20
    assert "ajani" in walker["outcome"]["destroyed"]
    with pytest.raises(ScenarioError, match=r"trigger_choices\[0\]\.target"):
        _play(perms, {"doom": "Bob"}, blocks, damage_order={"doom": ["g1", "g2"]},
              trigger_choices=[{"source": "doom", "window": "regular", "target": "Alice"}])


def _three(perms: list[dict[str, Any]], attackers: dict[str, str],
           blockers: dict[str, list[str]] | None = None, life: dict[str, int] | None = None,
           **combat: Any) -> dict[str, Any]:
    """``damage`` on a board of Alice (active), Bob and Carol, every window still to play."""
    s = _scenario(perms, attackers, blockers, triggers_resolved=[], **combat)
    s["players"] = [{"name": n, "life": (life or {}).get(n, 20)} for n in ("Alice", "Bob", "Carol")]
    return run_command("damage", s, {}).to_json()


def _life(perms: list[dict[str, Any]], attackers: dict[str, str],
          blockers: dict[str, list[str]] | None = None, life: dict[str, int] | None = None,
          **combat: Any) -> dict[str, Any]:
    """``damage`` (Alice attacks Bob) with the life totals ``life``, every window to play."""
    s = _scenario(perms, attackers, blockers, triggers_resolved=[], **combat)
    s["players"] = [{"name": n, "life": (life or {}).get(n, 20)} for n in ("Alice", "Bob")]
    return run_command("damage", s, {}).to_json()


# ============================================================ "those creatures" (603.2c)


def test_angelic_guardian_makes_the_attackers_indestructible() -> None:
    # "Whenever one or more creatures you control attack, they gain indestructible until end
    # of turn" (Angelic Guardian, not attacking): the Grizzly Bears attack and gain it, so
    # Bob's Hill Giant's 3 damage doesn't destroy them (702.12b); the Giant takes 2.
    got = _play([_p("guard", "Angelic Guardian", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                 _p("giant", "Hill Giant", "Bob")], {"bears": "Bob"}, {"giant": ["bears"]})
    assert got["triggers"][0]["result"] == "bears gains indestructible"
    assert got["outcome"]["destroyed"] == []
    assert got["outcome"]["damage"] == {"bears": 3, "giant": 2}


def test_lulu_counts_the_other_attacking_flyers() -> None:
    # "Whenever you attack with one or more other creatures with flying, you gain twice that
    # much life" (Lulu, Helpful Hollyphant): Lulu and two Wind Drakes attack; "other" leaves
    # Lulu out, so two creatures: Alice gains 4 (603.2c: one trigger). Unblocked, Bob takes
    # 2 + 2 + 2.
    got = _play([_p("lulu", "Lulu, Helpful Hollyphant", "Alice"), _p("d1", "Wind Drake", "Alice"),
                 _p("d2", "Wind Drake", "Alice")], {"lulu": "Bob", "d1": "Bob", "d2": "Bob"})
    assert len(got["triggers"]) == 1
    assert got["outcome"]["life"] == {"Alice": 24, "Bob": 14}


# ============================================================ tokens for each opponent


def test_adeline_makes_a_token_attacking_each_opponent() -> None:
    # "Whenever you attack, for each opponent, create a 1/1 white Human creature token that's
    # tapped and attacking that player or a planeswalker they control" (Adeline, not
    # attacking): the Grizzly Bears attack Bob; one Human attacks Bob and one Carol (508.4),
    # unblocked: Bob 20 - 2 - 1 = 17, Carol 19.
    adeline = _p("adeline", "Adeline, Resplendent Cathar", "Alice", power=2)
    got = _three([adeline, _p("bears", "Grizzly Bears", "Alice")], {"bears": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 17, "Carol": 19}
    assert "attacking Bob, Carol" in got["triggers"][0]["result"]
    # With Carol's Ajani Goldmane on the battlefield, what Carol's token attacks is Alice's
    # choice: `damage` keeps the best for her, Carol's life (the objective counts life).
    walker = _three([adeline, _p("bears", "Grizzly Bears", "Alice"),
                     _p("ajani", "Ajani Goldmane", "Carol")], {"bears": "Bob"})
    assert walker["outcome"]["life"]["Carol"] == 19
    assert walker["outcome"]["loyalty"]["ajani"] == 4


# ============================================================ life


def test_kokusho_drains_each_opponent_and_gains_what_they_lost() -> None:
    # "When Kokusho dies, each opponent loses 5 life. You gain life equal to the life lost
    # this way." Kokusho (5/5 flying) attacks Bob and is blocked by Deadly Recluse (1/2 reach
    # deathtouch): both die (702.2b); Bob and Carol lose 5 each, Alice gains 10 (608.2c).
    got = _three([_p("koku", "Kokusho, the Evening Star", "Alice"),
                  _p("spider", "Deadly Recluse", "Bob")], {"koku": "Bob"}, {"spider": ["koku"]})
    assert sorted(got["outcome"]["destroyed"]) == ["koku", "spider"]
    assert got["outcome"]["life"] == {"Alice": 30, "Bob": 15, "Carol": 15}


def test_raving_dead_halves_the_life_rounded_down() -> None:
    # Raving Dead (2/6 deathtouch) deals 2 combat damage to Bob (21 -> 19): "that player
    # loses half their life, rounded down" — 9 (107.1a): Bob 10.
    got = _life([_p("dead", "Raving Dead", "Alice")], {"dead": "Bob"}, life={"Bob": 21})
    assert got["outcome"]["life"]["Bob"] == 10


def test_personal_incarnation_costs_its_owner_half_their_life_rounded_up() -> None:
    # "When this creature dies, its owner loses half their life, rounded up": Alice's
    # Personal Incarnation (6/6) attacks and is blocked by Deadly Recluse (deathtouch);
    # Alice at 15 loses 8 (107.1a): 7.
    got = _life([_p("inc", "Personal Incarnation", "Alice"), _p("spider", "Deadly Recluse", "Bob")],
                {"inc": "Bob"}, {"spider": ["inc"]}, life={"Alice": 15})
    assert got["outcome"]["life"]["Alice"] == 7


def test_souls_of_the_faultless_drains_the_attacking_player() -> None:
    # "Whenever this creature is dealt combat damage, you gain that much life and attacking
    # player loses that much life": Bob's Souls of the Faultless (0/4) blocks Alice's Hill
    # Giant (3/3): Bob gains 3, Alice (the attacking player, 506.2) loses 3.
    got = _play([_p("giant", "Hill Giant", "Alice"), _p("souls", "Souls of the Faultless", "Bob")],
                {"giant": "Bob"}, {"souls": ["giant"]})
    assert got["outcome"]["life"] == {"Alice": 17, "Bob": 23}


def test_takenuma_bleeder_loses_life_unless_a_demon_is_controlled() -> None:
    # "Whenever this creature attacks or blocks, you lose 1 life if you don't control a
    # Demon" (608.2c: checked as it resolves): Alice 19 attacking alone, 20 with Kuro, Pitlord
    # (a Demon); Bob takes the Bleeder's 3.
    got = _play([_p("bleed", "Takenuma Bleeder", "Alice")], {"bleed": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 19, "Bob": 17}
    demon = _play([_p("bleed", "Takenuma Bleeder", "Alice"), _p("kuro", "Kuro, Pitlord", "Alice")],
                  {"bleed": "Bob"})
    assert demon["outcome"]["life"] == {"Alice": 20, "Bob": 17}


def test_angel_of_destiny_both_players_gain_the_damage() -> None:
    # "Whenever a creature you control deals combat damage to a player, you and that player
    # each gain that much life": Hill Giant deals 3 to Bob (17), then both gain 3.
    got = _play([_p("angel", "Angel of Destiny", "Alice"), _p("giant", "Hill Giant", "Alice")],
                {"giant": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 23, "Bob": 20}


def test_etali_gives_that_many_poison_counters() -> None:
    # "Whenever Etali deals combat damage to a player, they get that many poison counters"
    # (Etali, Primal Sickness, 11/11 trample... given as the back face): 11 damage, 11 poison.
    got = _play([_p("etali", "Etali, Primal Sickness", "Alice")], {"etali": "Bob"})
    assert got["outcome"]["poison"]["Bob"] == 11


# ============================================================ creatures and tokens


def test_jacked_rabbit_makes_rabbits_equal_to_its_power() -> None:
    # "Whenever this creature attacks, create a number of 1/1 white Rabbit creature tokens
    # equal to this creature's power" (608.2h): Jacked Rabbit given as a 3/4 (X = 2 counters
    # left out: its power given), three Rabbits, not attacking.
    got = _play([_p("rabbit", "Jacked Rabbit", "Alice", power=3, toughness=4)], {"rabbit": "Bob"})
    assert got["triggers"][0]["result"].startswith("created 3 1/1 Rabbit tokens")
    assert got["outcome"]["life"]["Bob"] == 17


def test_order_of_the_alabaster_host_shrinks_the_blocking_creature() -> None:
    # "Whenever this creature becomes blocked by a creature, the blocking creature gets
    # -1/-1 until end of turn" (Order of the Alabaster Host, 3/3, the back face of Order of
    # the Mirror): Bob's Grizzly Bears (2/2) block it and become 1/1; they die and the Host
    # takes 1.
    got = _play([_p("host", "Order of the Alabaster Host", "Alice"), _p("bears", "Grizzly Bears", "Bob")],
                {"host": "Bob"}, {"bears": ["host"]})
    assert got["triggers"][0]["result"] == "bears gets -1/-1"
    assert got["outcome"]["destroyed"] == ["bears"]
    assert got["outcome"]["damage"]["host"] == 1


# ============================================================ named tokens, "that token"


def test_kari_zev_makes_ragavan_attacking_and_exiles_it_at_end_of_combat() -> None:
    # "Whenever Kari Zev attacks, create Ragavan, a legendary 2/1 red Monkey creature token.
    # Ragavan enters tapped and attacking. Exile that token at end of combat." Kari Zev (1/3
    # first strike, menace) and Ragavan attack Bob unblocked: Bob takes 1 + 2; Ragavan is
    # exiled at end of combat (603.7, 511.2).
    got = _play([_p("kari", "Kari Zev, Skyship Raider", "Alice")], {"kari": "Bob"})
    assert got["triggers"][0]["result"].startswith("created 1 2/1 Monkey token (kari~token1) "
                                                   "attacking Bob")
    assert got["outcome"]["life"]["Bob"] == 17
    assert got["outcome"]["destroyed"] == ["kari~token1"]


def test_two_ragavans_are_one_by_the_legend_rule() -> None:
    # Two Kari Zevs attack: the second Ragavan created meets the first (both legendary, the
    # same name, one controller): Alice keeps one, the other is put into the graveyard
    # (704.5j). Bob takes 1 + 1 + 2.
    got = _play([_p("k1", "Kari Zev, Skyship Raider", "Alice"),
                 _p("k2", "Kari Zev, Skyship Raider", "Alice")], {"k1": "Bob", "k2": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 16
    assert got["outcome"]["reasons"][got["outcome"]["destroyed"][0]] == "the legend rule (704.5j)"


def test_koma_makes_four_coils_named_after_it() -> None:
    # "Whenever Koma deals combat damage to a player, create four 3/3 blue Serpent creature
    # tokens named Koma's Coil": four tokens, not attacking, named after Koma ("~", the
    # card's short name); Bob takes Koma's 8 (an 8/12).
    from types import SimpleNamespace

    from redzone.models.triggers.players import token_name

    got = _play([_p("koma", "Koma, World-Eater", "Alice")], {"koma": "Bob"})
    assert got["triggers"][0]["result"].startswith("created 4 3/3 Serpent tokens")
    assert got["outcome"]["life"]["Bob"] == 12
    (coil,) = parse_trigger("Whenever Koma deals combat damage to a player, create four 3/3 "
                            "blue Serpent creature tokens named Koma's Coil.", ("Koma",)).effects  # type: ignore[union-attr]
    play = SimpleNamespace(edit=SimpleNamespace(base=SimpleNamespace(
        permanents={"koma": SimpleNamespace(name="Koma, World-Eater")})))
    assert token_name(play, SimpleNamespace(source="koma"), coil) == "Koma's Coil"  # type: ignore[arg-type]


def test_mordor_trebuchet_boulder_attacks_a_chosen_player_and_is_sacrificed() -> None:
    # "Whenever you attack with one or more Goblins and/or Orcs, create a 2/1 colorless
    # Construct artifact creature token with flying named Ballistic Boulder that's tapped and
    # attacking. Sacrifice that token at end of combat." The Trebuchet (defender) doesn't
    # attack: Alice chooses what the token attacks (508.4), Bob; Goblin Piker (2/1) and the
    # Boulder deal 4; the Boulder is sacrificed at end of combat.
    got = _play([_p("treb", "Mordor Trebuchet", "Alice"), _p("piker", "Goblin Piker", "Alice")],
                {"piker": "Bob"})
    assert "attacking Bob" in got["triggers"][0]["result"]
    assert got["outcome"]["life"]["Bob"] == 16
    assert got["outcome"]["destroyed"] == ["treb~token1"]
    assert got["outcome"]["reasons"]["treb~token1"].startswith("sacrificed")


# ============================================================ requirements, losing, conditions


def test_avalanche_tusker_target_must_block_it() -> None:
    # "Whenever this creature attacks, target creature defending player controls blocks it
    # this combat if able" (509.1c: a requirement of the blocks declared after the window):
    # with the trigger aimed at Bob's Grizzly Bears, no block at all is illegal.
    s = _scenario([_p("tusk", "Avalanche Tusker", "Alice"), _p("bears", "Grizzly Bears", "Bob")],
                  {"tusk": "Bob"}, {}, triggers_resolved=[],
                  trigger_choices=[{"source": "tusk", "window": "attack", "target": "bears"}])
    got = run_command("check-block", s, {}).to_json()
    assert got["legal"] is False
    s["combat"]["blockers"] = {"bears": ["tusk"]}
    assert run_command("check-block", s, {}).to_json()["legal"] is True


def test_phage_makes_the_player_dealt_damage_lose() -> None:
    # "Whenever Phage deals combat damage to a player, that player loses the game" (104.3e):
    # Bob at 20 loses; with Platinum Angel ("You can't lose the game", 104.3a) he doesn't.
    got = _play([_p("phage", "Phage the Untouchable", "Alice")], {"phage": "Bob"})
    assert got["outcome"]["lost"] == ["Bob"]
    angel = _play([_p("phage", "Phage the Untouchable", "Alice"), _p("pa", "Platinum Angel", "Bob")],
                  {"phage": "Bob"})
    assert angel["outcome"]["lost"] == []
    assert angel["triggers"][0]["result"] == "Bob can't lose the game (104.3a)"


def test_attendant_of_vraska_needs_a_vraska_planeswalker() -> None:
    # "When this creature dies, if you control a Vraska planeswalker, you gain life equal to
    # this creature's power" (603.4): the Attendant (3/3) attacks and is blocked by Deadly
    # Recluse (deathtouch); with Vraska, Relic Seeker Alice gains 3, without it nothing.
    perms = [_p("att", "Attendant of Vraska", "Alice"), _p("spider", "Deadly Recluse", "Bob")]
    got = _play(perms, {"att": "Bob"}, {"spider": ["att"]})
    assert got["outcome"]["life"]["Alice"] == 20
    vraska = _play(perms + [_p("vr", "Vraska, Relic Seeker", "Alice")], {"att": "Bob"},
                   {"spider": ["att"]})
    assert vraska["outcome"]["life"]["Alice"] == 23


def test_felisa_makes_inklings_for_the_counters_the_creature_had() -> None:
    # "Whenever a nontoken creature you control dies, if it had counters on it, create X
    # tapped 2/1 white and black Inkling creature tokens with flying, where X is the number of
    # counters it had on it" (608.2h, as it last existed): Grizzly Bears with two +1/+1
    # counters (4/4) attack and die to Deadly Recluse: two Inklings.
    got = _play([_p("felisa", "Felisa, Fang of Silverquill", "Alice"),
                 _p("bears", "Grizzly Bears", "Alice", counters={"+1/+1": 2}),
                 _p("spider", "Deadly Recluse", "Bob")], {"bears": "Bob"}, {"spider": ["bears"]})
    made = [t for t in got["triggers"] if t["source"] == "felisa"]
    assert made[0]["result"].startswith("created 2 2/1 Inkling tokens")


def test_cadira_makes_a_rabbit_for_each_token() -> None:
    # "Whenever Cadira deals combat damage to a player, for each token you control, create a
    # 1/1 white Rabbit creature token" (608.2h: counted as it resolves): two tokens already
    # (Grizzly Bears stated as tokens, 111.1), two more; a nontoken Bears isn't counted.
    got = _play([_p("cadira", "Cadira, Caller of the Small", "Alice"),
                 _p("t1", "Grizzly Bears", "Alice", token=True),
                 _p("t2", "Grizzly Bears", "Alice", token=True),
                 _p("card", "Grizzly Bears", "Alice")], {"cadira": "Bob"})
    assert got["triggers"][0]["result"].startswith("created 2 1/1 Rabbit tokens")


# ============================================================ {X} paid


def _mana(perms: list[dict[str, Any]], attackers: dict[str, str], mana: int,
          **combat: Any) -> dict[str, Any]:
    s = _scenario(perms, attackers, {}, triggers_resolved=[], **combat)
    s["players"][0]["mana"] = mana
    return run_command("damage", s, {}).to_json()


def test_flameblast_dragon_pays_x_for_x_damage() -> None:
    # "Whenever this creature attacks, you may pay {X}{R}. If you do, it deals X damage to any
    # target." With 4 mana Alice pays X = 3 at most (107.3a; {R} is one of the four): `damage`
    # keeps the best, 3 to Bob, then the Dragon's 5: Bob 12. Stated X = 1: Bob 14. Without
    # mana she can't pay (118.3): Bob 15.
    dragon = [_p("drag", "Flameblast Dragon", "Alice")]
    got = _mana(dragon, {"drag": "Bob"}, 4)
    assert got["outcome"]["life"]["Bob"] == 12
    assert got["triggers"][0]["choices"]["chosen"] == "3"
    one = _mana(dragon, {"drag": "Bob"}, 4, trigger_choices=[
        {"source": "drag", "window": "attack", "may": True, "chosen": "1", "target": "Bob"}])
    assert one["outcome"]["life"]["Bob"] == 14
    broke = _mana(dragon, {"drag": "Bob"}, 0)
    assert broke["outcome"]["life"]["Bob"] == 15
    assert broke["triggers"][0]["result"].startswith("declined: can't pay")


def test_x_without_a_payment_of_x_is_not_read() -> None:
    # X stands for nothing here (no {X} paid, no "where X is"): not read, never guessed.
    assert parse_trigger("Whenever this creature attacks, it deals X damage to any target.") is None


def test_a_quoted_ability_of_two_sentences_stays_whole() -> None:
    # Nezumi Linkbreaker: "create a 1/1 red Mercenary creature token with "{T}: Target
    # creature you control gets +1/+0 until end of turn. Activate only as a sorcery."" — the
    # quotation is one ability of the token (an activated one nobody activates in combat,
    # 602.5d), not two sentences of the trigger.
    from redzone.models.triggers.players import split_sentences

    text = ('create a 1/1 red Mercenary creature token with "{T}: Target creature you control '
            'gets +1/+0 until end of turn. Activate only as a sorcery." Draw a card.')
    assert len(split_sentences(text)) == 2
    got = _play([_p("nez", "Nezumi Linkbreaker", "Alice"), _p("spider", "Deadly Recluse", "Bob")],
                {"nez": "Bob"}, {"spider": ["nez"]})
    assert got["triggers"][0]["result"].startswith("created 1 1/1 Mercenary token")


# ============================================================ tokens of other players (111.2)


def test_skyclave_apparition_gives_the_exiled_cards_owner_an_illusion() -> None:
    # "When this creature leaves the battlefield, the exiled card's owner creates an X/X blue
    # Illusion creature token, where X is the mana value of the exiled card." Skyclave
    # Apparition (2/2) exiled Bob's Hill Giant (mana value 4, the scenario's `exiled`); it
    # attacks and dies to Deadly Recluse: Bob creates a 4/4 Illusion (under his control).
    got = _play([_p("sky", "Skyclave Apparition", "Alice", exiled={"Hill Giant": "Bob"}),
                 _p("spider", "Deadly Recluse", "Bob")], {"sky": "Bob"}, {"spider": ["sky"]})
    line = [t for t in got["triggers"] if t["source"] == "sky"][0]["result"]
    assert line.startswith("Bob: created 1 4/4 Illusion token")
    bare = _play([_p("sky", "Skyclave Apparition", "Alice"), _p("spider", "Deadly Recluse", "Bob")],
                 {"sky": "Bob"}, {"spider": ["sky"]})
    assert [t for t in bare["triggers"] if t["source"] == "sky"][0]["result"] == \
        "no card exiled with it (the scenario's exiled)"


def test_relic_robber_gives_the_player_a_goblin_construct() -> None:
    # "Whenever this creature deals combat damage to a player, that player creates a 0/1
    # colorless Goblin Construct artifact creature token with "This token can't block" and
    # ..." (111.2: Bob creates it, so he controls it).
    got = _play([_p("robber", "Relic Robber", "Alice")], {"robber": "Bob"})
    assert got["triggers"][0]["result"].startswith("Bob: created 1 0/1 Goblin Construct token")


def test_shrouded_serpent_is_unblockable_unless_the_defender_pays() -> None:
    # "Whenever this creature attacks, defending player may pay {4}. If that player doesn't,
    # this creature can't be blocked this turn" (118.12: Bob's choice, only with 4 mana,
    # 118.3). Bob with 4 mana pays (the worst for Alice) and may block; with none, the Serpent
    # can't be blocked, so the Hill Giant blocking it is illegal.
    serpent = [_p("serp", "Shrouded Serpent", "Alice"), _p("giant", "Hill Giant", "Bob")]
    s = _scenario(serpent, {"serp": "Bob"}, {"giant": ["serp"]}, triggers_resolved=[],
                  trigger_choices=[{"source": "serp", "window": "attack", "may": False}])
    assert run_command("check-block", s, {}).to_json()["legal"] is False
    s["players"][1]["mana"] = 4
    s["combat"]["trigger_choices"] = [{"source": "serp", "window": "attack", "may": True}]
    assert run_command("check-block", s, {}).to_json()["legal"] is True


def test_thornbow_archer_drains_only_opponents_without_an_elf() -> None:
    # "Whenever this creature attacks, each opponent who doesn't control an Elf loses 1 life"
    # (608.2c, as it resolves): Carol controls Llanowar Elves, Bob none; Bob also takes the
    # Archer's 1.
    got = _three([_p("archer", "Thornbow Archer", "Alice"), _p("elf", "Llanowar Elves", "Carol")],
                 {"archer": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 18, "Carol": 20}


def test_that_token_needs_a_token_created_by_the_ability() -> None:
    # "That token" is the token the ability created (Mordor Trebuchet); with none created it
    # would name something else (the creature of the event): not read, never guessed.
    assert parse_trigger("Whenever a creature token you control attacks, sacrifice that token "
                         "at end of combat.") is None


def test_those_creatures_are_the_group_of_the_sentence_before() -> None:
    # Bounding Felidar: "Whenever this creature attacks while saddled, put a +1/+1 counter on
    # each other creature you control. You gain 1 life for each of those creatures." Saddled,
    # it attacks with two Grizzly Bears at home: two counters, Alice gains 2 (608.2c: the same
    # creatures, nothing happens in between); Bob takes the Felidar's 4.
    got = _play([_p("fel", "Bounding Felidar", "Alice", conditions={"saddled": True}),
                 _p("b1", "Grizzly Bears", "Alice"), _p("b2", "Grizzly Bears", "Alice")],
                {"fel": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 22, "Bob": 16}
    assert got["outcome"]["counters"] == {"b1": {"+1/+1": 1}, "b2": {"+1/+1": 1}}


def test_guiltfeeder_counts_the_defending_players_graveyard() -> None:
    # "Whenever this creature attacks and isn't blocked, defending player loses 1 life for
    # each card in their graveyard" (608.2h: counted as it resolves): Bob's graveyard holds
    # three cards (the scenario's `graveyard`): Bob loses 3, then takes the Guiltfeeder's 0.
    s = _scenario([_p("gf", "Guiltfeeder", "Alice")], {"gf": "Bob"}, {}, triggers_resolved=[])
    s["players"][1]["graveyard"] = ["Grizzly Bears", "Shock", "Forest"]
    got = run_command("damage", s, {}).to_json()
    assert got["outcome"]["life"]["Bob"] == 17


def test_tectonic_hellion_makes_the_land_richest_sacrifice_two() -> None:
    # "Whenever this creature attacks, each player who controls the most lands sacrifices two
    # lands of their choice" (701.21a): Bob's three Mountains against Alice's two Forests —
    # Bob sacrifices two; tied at three, both do.
    hellion = _p("hell", "Tectonic Hellion", "Alice")
    forests = [_p(f"f{i}", "Forest", "Alice") for i in range(2)]
    mountains = [_p(f"m{i}", "Mountain", "Bob") for i in range(3)]
    got = _play([hellion, *forests, *mountains], {"hell": "Bob"})
    assert sorted(got["outcome"]["destroyed"]) == ["m0", "m1"]
    tied = _play([hellion, *forests, _p("f2", "Forest", "Alice"), *mountains], {"hell": "Bob"})
    assert len(tied["outcome"]["destroyed"]) == 4


def test_crashing_boars_defender_chooses_the_creature_that_must_block() -> None:
    # "Whenever this creature attacks, defending player chooses an untapped creature they
    # control. That creature blocks this creature this turn if able." (509.1c; a choice, not
    # a target): Bob's only untapped creature is the Grizzly Bears (the Hill Giant is tapped),
    # so no block is illegal and the Bears blocking is legal.
    s = _scenario([_p("boars", "Crashing Boars", "Alice"), _p("bears", "Grizzly Bears", "Bob"),
                   _p("giant", "Hill Giant", "Bob", tapped=True)], {"boars": "Bob"}, {},
                  triggers_resolved=[])
    assert run_command("check-block", s, {}).to_json()["legal"] is False
    s["combat"]["blockers"] = {"bears": ["boars"]}
    assert run_command("check-block", s, {}).to_json()["legal"] is True


def test_radhas_firebrand_targets_only_a_smaller_creature() -> None:
    # "Whenever this creature attacks, target creature defending player controls with power
    # less than this creature's power can't block this turn" (603.3d): the Firebrand (3/1)
    # may target Bob's Llanowar Elves (1/1) but not his Hill Giant (3/3).
    perms = [_p("fb", "Radha's Firebrand", "Alice"), _p("elf", "Llanowar Elves", "Bob"),
             _p("bears", "Hill Giant", "Bob")]
    s = _scenario(perms, {"fb": "Bob"}, {"elf": ["fb"]}, triggers_resolved=[],
                  trigger_choices=[{"source": "fb", "window": "attack", "target": "elf"}])
    assert run_command("check-block", s, {}).to_json()["legal"] is False
    s["combat"]["trigger_choices"] = [{"source": "fb", "window": "attack", "target": "bears"}]
    with pytest.raises(ScenarioError, match=r"trigger_choices\[0\]\.target"):
        run_command("check-block", s, {})


# ============================================================ the AI's search and its reference


def test_the_ai_sees_phage_win_and_the_reference_agrees() -> None:
    # Phage the Untouchable (4/4) against Bob at 20 with a tapped Hill Giant: attacking
    # unblocked, its combat damage trigger makes Bob lose (104.3e) — a won game for the AI's
    # search (solver/ai/triggered.py) and for the exhaustive reference alike.
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.ai.decisions import choose_attack
    from redzone.solver.ai.reference import reference_attack_values

    board = build_board(parse_scenario({
        "players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
        "permanents": [_p("phage", "Phage the Untouchable", "Alice"),
                       _p("giant", "Hill Giant", "Bob", tapped=True)]}))
    r = choose_attack(board, lookahead=0)
    assert r.attackers == {"phage": "Bob"} and r.lethal
    assert r.outcome["lost"] == ["Bob"]
    values = {tuple(sorted(d.items())): v for d, v in reference_attack_values(board, lookahead=0)}
    assert values[(("phage", "Bob"),)] == 1_000_000_000 > values[()]


def test_the_ai_counts_adelines_tokens() -> None:
    # Adeline (given 2/4) and Grizzly Bears against Bob at 3 with no creature: attacking with
    # the Bears alone makes a 1/1 Human attacking Bob too (508.4): 2 + 1 = 3, lethal; the
    # search finds a lethal attack.
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.ai.decisions import choose_attack

    board = build_board(parse_scenario({
        "players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 3}],
        "permanents": [_p("adeline", "Adeline, Resplendent Cathar", "Alice", power=2,
                          summoning_sick=True),
                       _p("bears", "Grizzly Bears", "Alice")]}))
    r = choose_attack(board, lookahead=0)
    assert r.attackers == {"bears": "Bob"} and r.lethal
    assert r.outcome["lost"] == ["Bob"]


# ============================================================ graveyard conditions


def _graveyard(perms: list[dict[str, Any]], attackers: dict[str, str], cards: list[str]) -> dict[str, Any]:
    s = _scenario(perms, attackers, {}, triggers_resolved=[])
    s["players"][0]["graveyard"] = cards
    return run_command("damage", s, {}).to_json()


def test_inexorable_blob_counts_card_types_in_the_graveyard() -> None:
    # "Whenever this creature attacks, if there are four or more card types among cards in
    # your graveyard, create a 3/3 green Ooze creature token that's tapped and attacking"
    # (603.4; the types from the card data): creature, instant, land, artifact — an Ooze
    # attacks too (Bob takes 3 + 3); with three types, nothing triggers (Bob takes 3).
    blob = [_p("blob", "Inexorable Blob", "Alice")]
    four = _graveyard(blob, {"blob": "Bob"}, ["Grizzly Bears", "Shock", "Forest", "Sol Ring"])
    assert four["outcome"]["life"]["Bob"] == 14
    three = _graveyard(blob, {"blob": "Bob"}, ["Grizzly Bears", "Shock", "Forest", "Hill Giant"])
    assert three["outcome"]["life"]["Bob"] == 17
    assert three.get("triggers", []) == []


def test_stinging_cave_crawler_counts_permanent_cards() -> None:
    # "... if there are four or more permanent cards in your graveyard, you draw a card and
    # you lose 1 life": four permanent cards (Shock, an instant, isn't one): Alice 19.
    crawler = [_p("cc", "Stinging Cave Crawler", "Alice")]
    got = _graveyard(crawler, {"cc": "Bob"}, ["Grizzly Bears", "Forest", "Sol Ring", "Hill Giant",
                                              "Shock"])
    assert got["outcome"]["life"]["Alice"] == 19
    fewer = _graveyard(crawler, {"cc": "Bob"}, ["Grizzly Bears", "Forest", "Sol Ring", "Shock"])
    assert fewer["outcome"]["life"]["Alice"] == 20
