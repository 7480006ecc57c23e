"""Counters of every kind put on, doubled and removed by triggered abilities of combat (CR
122; docs/triggers.md, "Counters (h7)"; :mod:`redzone.models.triggers.counters`), read from
real cards and played by the ``damage`` job, each answer worked out by hand from the rules."""

from __future__ import annotations

from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.types import Amount, CounterChange, Counters, Who
from redzone.solver.frontends.commands import run_command
from trigger_play import damage as _damage, perm as _p


def test_counter_kinds_read_and_not_read() -> None:
    # 122.1d: stun counters are read (a stunned creature that would untap loses one
    # instead); shield counters (122.1c: a replacement of damage and destruction) and
    # loyalty counters (a planeswalker's loyalty) are not.
    got = parse_trigger("Whenever this creature attacks, put three stun counters on it and draw "
                        "three cards.")
    assert got is not None
    assert got.effects[0] == Counters(Who("source"), "stun", Amount(3))
    assert parse_trigger("When this creature dies, put a shield counter on target creature you "
                         "control.") is None
    assert parse_trigger("Whenever a creature you control dies, put a loyalty counter on Lolth.",
                         ("Lolth",)) is None


def test_double_and_remove_are_counter_changes() -> None:
    got = parse_trigger("Whenever this creature attacks, double the number of +1/+1 counters on "
                        "each creature you control.")
    assert got is not None
    assert got.effects == (CounterChange(Who("each_creature", "you"), "+1/+1", "double"),)
    auntie = parse_trigger("Whenever another creature you control dies, surveil 1, then remove a "
                           "-1/-1 counter from this creature.")
    assert auntie is not None
    # one -1/-1 counter removed: CounterChange "remove" (board_effects), which also gates "If you do"
    assert auntie.effects[1] == CounterChange(Who("source"), "-1/-1", "remove", Amount(1))


def test_two_targets_in_one_ability_are_not_read() -> None:
    # Decimator Beetle: a target creature you control and a target creature defending
    # player controls — one ability, two targets: not read (one target per ability is
    # played).
    assert parse_trigger("Whenever this creature attacks, remove a -1/-1 counter from target "
                         "creature you control and put a -1/-1 counter on up to one target "
                         "creature defending player controls.") is None


def test_a_double_strike_counter_gives_double_strike() -> None:
    # 122.1b, 702.4: Avenging Huntbonder (3/3 double strike) attacks with Grizzly Bears and
    # puts a double strike counter on the Bears: 6 + 4 damage, Bob 10.
    got = _damage([_p("hunt", "Avenging Huntbonder", "Alice"), _p("bears", "Grizzly Bears", "Alice")],
                  {"hunt": "Bob", "bears": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 10
    assert got["outcome"]["counters"] == {"bears": {"double strike": 1}}


def test_kalonian_hydra_doubles_the_counters_of_each_of_its_controllers_creatures() -> None:
    # 613.4c: Kalonian Hydra (0/0 trample, four +1/+1 counters) attacks: eight counters, an
    # 8/8; Grizzly Bears with one counter gets a second (it doesn't attack): Bob 12.
    got = _damage([_p("hydra", "Kalonian Hydra", "Alice", counters={"+1/+1": 4}),
                   _p("bears", "Grizzly Bears", "Alice", counters={"+1/+1": 1})], {"hydra": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 12
    assert got["outcome"]["counters"] == {"hydra": {"+1/+1": 8}, "bears": {"+1/+1": 2}}


def test_a_stunned_creature_that_would_untap_loses_a_stun_counter_instead() -> None:
    # 122.1d: Dauntless Aven attacks and untaps target creature Alice controls: her tapped
    # Grizzly Bears with a stun counter stays tapped and loses the counter.
    scenario = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                "permanents": [_p("aven", "Dauntless Aven", "Alice"),
                               _p("bears", "Grizzly Bears", "Alice", tapped=True, counters={"stun": 1})],
                "combat": {"attackers": {"aven": "Bob"}, "blockers": {},
                           "trigger_choices": [{"source": "aven", "window": "attack", "target": "bears"}]}}
    got = run_command("damage", scenario, {}).to_json()
    assert got["triggers"][0]["result"] == "bears stays tapped, a stun counter removed"
    assert got["outcome"]["counters"] == {"bears": {"stun": 0}}


def test_ammit_eternal_removes_all_its_minus_counters_after_dealing_damage() -> None:
    # 510.3a, 613.4c: Ammit Eternal (5/5 with two -1/-1 counters: 3/3) unblocked deals 3 to
    # Bob, then "remove all -1/-1 counters from it": none left.
    got = _damage([_p("ammit", "Ammit Eternal", "Alice", counters={"-1/-1": 2})], {"ammit": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 17
    assert got["triggers"][0]["result"] == "2 -1/-1 removed from ammit"
    assert got["outcome"]["counters"] == {"ammit": {"-1/-1": 0}}
