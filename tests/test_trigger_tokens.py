"""Creature tokens with rules text, several tokens at once, "that many" and X/X tokens made
by triggered abilities of combat (CR 111; docs/triggers.md, "Tokens (h7)";
:mod:`redzone.models.triggers.tokens`), read from real cards and played by the ``damage``
job, each answer worked out by hand from the rules."""

from __future__ import annotations

from redzone.models.abilities import CantBlock, Toxic
from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.tokens import token_parsed
from redzone.models.triggers.types import CreateTokens
from trigger_play import damage as _damage, perm as _p


def test_a_tokens_quoted_ability_is_read_by_the_static_parser() -> None:
    # Crawling Chorus: "a 1/1 colorless Phyrexian Mite artifact creature token with toxic 1
    # and "This token can't block."": the token has toxic 1 (702.164) and can't block.
    got = parse_trigger('When this creature dies, create a 1/1 colorless Phyrexian Mite artifact '
                        'creature token with toxic 1 and "This token can\'t block."')
    assert got is not None
    (e,) = got.effects
    assert isinstance(e, CreateTokens) and e.artifact and (e.power, e.toughness) == (1, 1)
    kinds = {type(a) for a in token_parsed(e, "Phyrexian Mite").abilities}
    assert kinds == {Toxic, CantBlock}


def test_a_token_ability_not_understood_is_not_read() -> None:
    # A quoted ability the engine can't play on a token made in combat: a block cost
    # counted by a hand (508.1d, 509.1d; decided from the stated hand only as a board is
    # built, tests/test_hand_costs.py): the sentence is not read.
    assert parse_trigger('When this creature dies, create a 1/1 black Rat creature token with '
                         '"This token can\'t block unless you pay {1} for each card in your '
                         'hand."') is None


def test_wurmcoil_engine_makes_two_different_tokens() -> None:
    # 603.10a: Wurmcoil Engine (6/6 deathtouch lifelink, 5 damage marked) blocked by Hill
    # Giant: both die (Alice gains 6 by lifelink, 120.3f); two 3/3 Wurm tokens, one with
    # deathtouch and one with lifelink.
    got = _damage([_p("wurm", "Wurmcoil Engine", "Alice", damage=5), _p("giant", "Hill Giant", "Bob")],
                  {"wurm": "Bob"}, {"giant": ["wurm"]})
    assert got["outcome"]["destroyed"] == ["wurm", "giant"]
    assert got["outcome"]["life"]["Alice"] == 26
    assert got["triggers"][0]["result"] == ("created 1 3/3 Phyrexian Wurm token (wurm~token1); "
                                            "created 1 3/3 Phyrexian Wurm token (wurm~token2)")


def test_living_hive_makes_as_many_insects_as_the_damage_it_dealt() -> None:
    # 120.3, 510.3a: Living Hive (6/6 trample) unblocked deals 6 to Bob: six 1/1 Insects.
    got = _damage([_p("hive", "Living Hive", "Alice")], {"hive": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 14
    assert got["triggers"][0]["result"].startswith("created 6 1/1 Insect tokens")


def test_flesh_carvers_horror_is_as_big_as_its_last_known_power() -> None:
    # 608.2h, 603.10a: Flesh Carver (2/2 with two +1/+1 counters: 4/4, 2 damage marked)
    # blocked by Hill Giant dies: "an X/X Horror, where X is this creature's power": 4/4.
    got = _damage([_p("carver", "Flesh Carver", "Alice", counters={"+1/+1": 2}, damage=2),
                   _p("giant", "Hill Giant", "Bob")], {"carver": "Bob"}, {"giant": ["carver"]})
    assert "carver" in got["outcome"]["destroyed"]
    assert got["triggers"][0]["result"] == "created 1 4/4 Horror token (carver~token1)"


def test_tokens_made_in_combat_get_the_anthems_bonus() -> None:
    # 613.4c, 508.4: Bone-Cairn Butcher (4/4, mobilize 2) attacks with Glorious Anthem on
    # the battlefield: it is a 5/5 and its two 1/1 Warriors, put onto the battlefield
    # tapped and attacking, are 2/2s: 5 + 2 + 2 = 9 damage, Bob 11.
    got = _damage([_p("butcher", "Bone-Cairn Butcher", "Alice"), _p("anthem", "Glorious Anthem", "Alice")],
                  {"butcher": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 11
