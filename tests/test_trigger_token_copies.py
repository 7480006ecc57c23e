"""Tokens and copies in triggered abilities of combat (h23; docs/triggers.md "Tokens and
copies (h23)"; :mod:`redzone.models.triggers.token_copies`), read from real cards and played
by the ``damage`` job, each answer worked out by hand from the rules."""

from __future__ import annotations

from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.types import CreateTokens, ValueOnly
from trigger_play import damage as _damage, perm as _p, read as _read


def test_pugnacious_pugilists_devil_enters_tapped_and_attacking() -> None:
    # 508.4, 111.1: Pugnacious Pugilist (4/4) attacks Bob: a 1/1 red Devil token enters
    # tapped and attacking ("create a tapped and attacking ... token"), never declared;
    # unblocked, both deal combat damage: 4 + 1 = 5, Bob 15.
    (t,) = _read("Pugnacious Pugilist")
    (e,) = t.effects
    assert isinstance(e, CreateTokens) and e.attacking and e.tapped and (e.power, e.toughness) == (1, 1)
    got = _damage([_p("pug", "Pugnacious Pugilist", "Alice")], {"pug": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 15


def test_an_x_x_token_written_tapped_and_attacking_first_keeps_its_where_x() -> None:
    # Ghalta and Mavren's first mode: "Create a tapped and attacking X/X green Dinosaur
    # creature token with trample, where X is ..." reads as the same token "that's tapped
    # and attacking", its size counted as it is created (608.2h).
    got = parse_trigger("Whenever you attack, create a tapped and attacking X/X green Dinosaur "
                        "creature token with trample, where X is the greatest power among other "
                        "attacking creatures.")
    assert got is not None
    (e,) = got.effects
    assert isinstance(e, CreateTokens) and e.attacking and e.size is not None
    assert e.keywords == ("trample",) and e.subtypes == ("Dinosaur",)


def test_copies_of_spells_cast_later_this_turn_are_value_only() -> None:
    # 603.7, 707.10: Tzaangor Shaman's delayed copy of the next instant or sorcery spell
    # cast this turn: nobody casts a spell in the play of combat, so it changes nothing
    # there; Tzaangor (3/3) unblocked: Bob 17, and the ability resolves as value.
    (t,) = _read("Tzaangor Shaman")
    assert all(isinstance(e, ValueOnly) and e.what == "spell copy" for e in t.effects)
    got = _damage([_p("tz", "Tzaangor Shaman", "Alice")], {"tz": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 17
    assert len(got["triggers"]) == 1


def test_delayed_copies_of_loyalty_abilities_and_spells_read_on_four_cards() -> None:
    # Jaya's Phoenix (next loyalty ability), Leori (a planeswalker type's abilities until end
    # of turn), Najal ("you may pay {2}. If you do, when you next cast ...") and Mercurial
    # Spelldancer (oil counters removed, then the copy): each read, no creature changed.
    for card in ("Jaya's Phoenix", "Leori, Sparktouched Hunter", "Najal, the Storm Runner",
                 "Mercurial Spelldancer"):
        (t,) = _read(card)
        assert any(isinstance(e, ValueOnly) for e in t.effects), card
