"""Counted amounts of triggered abilities of combat (CR 608.2h; docs/triggers.md "Counted
amounts"): "where X is ...", "for each ...", "equal to ..." read from real cards
(:mod:`redzone.models.triggers.amounts`) and played by the ``damage`` job on small boards,
each answer worked out by hand from the rules."""

from __future__ import annotations

from redzone.models.ability_base import Quality
from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.types import Amount, Count, Pump, Who
from trigger_play import damage as _damage, perm as _p


# ---------------------------------------------------------------- reading


def test_where_x_is_its_power_reads_as_its_power_counted_on_resolution() -> None:
    # 608.2h: "+X/+0 ..., where X is its power": X is its power as the ability resolves.
    got = parse_trigger("Whenever this creature attacks, it gets +X/+0 until end of turn, "
                        "where X is its power.")
    assert got is not None
    assert got.effects == (Pump(Who("source"), 1, 0, Amount(1, "power")),)


def test_for_each_legendary_creature_you_control_is_a_count() -> None:
    # A Girl and Her Dogs: "+1/+1 ... for each legendary creature you control" (608.2h).
    got = parse_trigger("Whenever A Girl and Her Dogs attacks, it gets +1/+1 until end of turn "
                        "for each legendary creature you control.", ("A Girl and Her Dogs",))
    assert got is not None
    legendary = Quality(types=("Creature",), supertypes=("Legendary",))
    assert got.effects == (Pump(Who("source"), 1, 1, Amount(1, "count", count=Count(
        "permanents", (legendary,), "you"))),)


def test_counts_not_on_the_board_are_not_read() -> None:
    # Cards discarded this turn and cards in hand are in no scenario: never guessed.
    assert parse_trigger("Whenever this creature attacks, it gets +X/+0 until end of turn, "
                         "where X is the number of cards in your hand.") is None
    assert parse_trigger("Whenever this creature attacks, it gets +1/+1 until end of turn for "
                         "each card you've discarded this turn.") is None


def test_it_after_a_target_sentence_is_not_read_as_the_source() -> None:
    # Skanos, Green Dragon Vassal: "untap another target attacking creature. It gets +X/+0":
    # "it" is the target chosen in the sentence before, not the source (h9: read as that
    # target, tests/test_trigger_actions.py plays it).
    got = parse_trigger("Whenever Skanos attacks, untap another target attacking creature. It "
                        "gets +X/+0 until end of turn, where X is Skanos's power.", ("Skanos",))
    assert got is not None
    assert [e.who.kind for e in got.effects] == ["target_creature", "target_creature"]  # type: ignore[union-attr]


# ---------------------------------------------------------------- playing


def test_rampaging_brontodon_counts_the_lands_its_controller_controls() -> None:
    # 608.2h: Rampaging Brontodon (7/7 trample) gets +1/+1 for each land Alice controls as
    # the attack trigger resolves: three Forests (Bob's doesn't count): 10 damage, Bob 10.
    perms = [_p("bronto", "Rampaging Brontodon", "Alice"), _p("bf", "Forest", "Bob")]
    perms += [_p(f"f{i}", "Forest", "Alice") for i in range(3)]
    got = _damage(perms, {"bronto": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 10
    assert got["triggers"][0]["result"] == "bronto gets +3/+3"


def test_edgar_gets_the_greatest_mana_value_among_its_controllers_artifacts() -> None:
    # 608.2h: Edgar, Master Machinist (2/4): +X/+0 where X is the greatest mana value among
    # artifacts Alice controls: Sol Ring (1) and Mind Stone (2) -> +2/+0 (Bob's Darksteel
    # Colossus, mana value 11, is not Alice's): 4 damage, Bob 16.
    got = _damage([_p("edgar", "Edgar, Master Machinist", "Alice"), _p("ring", "Sol Ring", "Alice"),
                   _p("stone", "Mind Stone", "Alice"), _p("colossus", "Darksteel Colossus", "Bob")],
                  {"edgar": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 16


def test_generous_plunderer_deals_damage_equal_to_the_defenders_artifacts() -> None:
    # 120.3, 608.2h: "it deals damage to defending player equal to the number of artifacts
    # they control": Bob's Sol Ring and Ornithopter (an artifact creature) -> 2; then the
    # 2/2 menace is unblocked: Bob 16.
    got = _damage([_p("plunderer", "Generous Plunderer", "Alice"), _p("ring", "Sol Ring", "Alice"),
                   _p("bring", "Sol Ring", "Bob"), _p("thopter", "Ornithopter", "Bob")],
                  {"plunderer": "Bob"})
    assert got["triggers"][0]["result"] == "2 damage to Bob"
    assert got["outcome"]["life"]["Bob"] == 16


def test_sigil_of_valor_counts_creatures_other_than_the_equipped_one() -> None:
    # "Whenever equipped creature attacks alone, it gets +1/+1 for each other creature you
    # control": other than that creature. Grizzly Bears attacks alone with two Memnites at
    # home: +2/+2, 4 damage (counting the Bears itself would make it 5): Bob 16.
    got = _damage([_p("bears", "Grizzly Bears", "Alice"),
                   _p("sigil", "Sigil of Valor", "Alice", attached_to="bears"),
                   _p("m1", "Memnite", "Alice"), _p("m2", "Memnite", "Alice")], {"bears": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 16


def test_hangarback_walker_makes_a_thopter_for_each_counter_it_had() -> None:
    # 603.10a, 608.2h: Hangarback Walker (0/0 with two +1/+1 counters) blocked by Hill Giant
    # dies; its counters as it last existed: two 1/1 Thopters. The Giant has 2 damage.
    got = _damage([_p("walker", "Hangarback Walker", "Alice", counters={"+1/+1": 2}),
                   _p("giant", "Hill Giant", "Bob")], {"walker": "Bob"}, {"giant": ["walker"]})
    assert got["outcome"]["destroyed"] == ["walker"]
    assert got["outcome"]["damage"] == {"giant": 2}
    assert got["triggers"][0]["result"].startswith("created 2 1/1 Thopter tokens")


def test_guardian_of_the_gateless_counts_the_creatures_it_blocks() -> None:
    # 509.1, 608.2h: Guardian of the Gateless (3/3 flying, blocks any number) blocks Grizzly
    # Bears and Hill Giant: +2/+2, a 5/5: it takes 5 and dies, and its 5 damage kills both.
    got = _damage([_p("bears", "Grizzly Bears", "Alice"), _p("giant", "Hill Giant", "Alice"),
                   _p("guard", "Guardian of the Gateless", "Bob")],
                  {"bears": "Bob", "giant": "Bob"}, {"guard": ["bears", "giant"]})
    assert got["triggers"][0]["result"] == "guard gets +2/+2"
    assert sorted(got["outcome"]["destroyed"]) == ["bears", "giant", "guard"]


def test_berserk_murlodont_counts_the_blockers_of_the_beast_that_became_blocked() -> None:
    # 509.3c, 608.2h: "Whenever a Beast becomes blocked, it gets +1/+1 for each creature
    # blocking it": Berserk Murlodont (a 3/3 Beast) blocked by two Grizzly Bears is a 5/5:
    # it takes 4 and survives, and its 5 damage kills both Bears.
    got = _damage([_p("murlo", "Berserk Murlodont", "Alice"), _p("b1", "Grizzly Bears", "Bob"),
                   _p("b2", "Grizzly Bears", "Bob")], {"murlo": "Bob"}, {"b1": ["murlo"], "b2": ["murlo"]})
    assert got["triggers"][0]["result"] == "murlo gets +2/+2"
    assert got["outcome"]["destroyed"] == ["b1", "b2"]
    assert got["outcome"]["damage"] == {"murlo": 4}


def test_an_x_over_a_value_only_effect_is_read() -> None:
    # "scry X, where X is ...": how many cards changes nothing in combat (a value).
    got = parse_trigger("Whenever Siani attacks, scry X, where X is the number of attacking "
                        "creatures with flying.", ("Siani",))
    assert got is not None and [type(e).__name__ for e in got.effects] == ["ValueOnly"]


def test_ashroot_animist_gives_trample_and_its_power() -> None:
    # "another target creature you control gains trample and gets +X/+X until end of turn,
    # where X is this creature's power" (608.2h): Ashroot Animist (4/4) attacks with Grizzly
    # Bears; the Bears is a 6/6 trampler blocked by Memnite: 5 tramples over. 4 + 5: Bob 11.
    got = _damage([_p("ash", "Ashroot Animist", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                   _p("mem", "Memnite", "Bob")], {"ash": "Bob", "bears": "Bob"}, {"mem": ["bears"]},
                  triggers_resolved=[], trigger_choices=[{"source": "ash", "window": "attack",
                                                          "target": "bears"}])
    assert got["outcome"]["life"]["Bob"] == 11
