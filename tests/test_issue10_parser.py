"""Parser shortcuts that hid sentences (issue 10 §3), and a scan of the whole card data that
no combat-relevant sentence is ever set aside without a report.

Rules: CR 613.1f (abilities granted or lost), 702.16 (protection), 614.1a (replacement
effects on damage), 611.2 (effects of spells and abilities last for their duration).
"""

from __future__ import annotations

import pytest

from redzone.models.abilities import (
    AttackTax,
    BlockTax,
    CantBeBlocked,
    CantBlock,
    Grant,
    Protection,
)
from redzone.models.board import build_board
from redzone.models.cards import all_cards, lookup
from redzone.models.scenario import parse_scenario
from redzone.models.parser import (
    analyse_text,
    parse_text,
    protection_qualities_lost,
    silently_set_aside,
)


def card_sentences(name: str):
    card = lookup(name)
    return [s for f in card.faces for s in analyse_text(f.text, names=(f.name,))]


def test_tek_conditional_keywords_are_reported_not_read_as_power_toughness() -> None:
    # Tek's sentence also grants flying, first strike and trample under conditions
    # (613.1f): it is never set aside as a power/toughness sentence; the board reports it
    # (unparsed, or an effect the layer system does not apply).
    (tek,) = card_sentences("Tek")
    assert tek.reason != "power/toughness"
    board = build_board(parse_scenario({"players": [{"name": "Alice"}, {"name": "Bob"}],
                                        "permanents": [{"id": "t", "card": "Tek",
                                                        "controller": "Alice"}]}))
    assert any("has flying as long as you control an Island" in text
               for _, text in board.unparsed())


def test_margle_lose_all_abilities_is_not_swallowed() -> None:
    # "lose all abilities" (613.1f) next to "+2/+2" must not be swallowed: reported, or read
    # as the layer-6 effect it is.
    (margle,) = card_sentences("Margle, Cousin of Yargle")
    assert margle.status == "unparsed" or any(
        type(a).__name__ == "LoseAbilities" for a in margle.abilities)


def test_it_after_an_ignored_static_is_its_own_sentence() -> None:
    # Retro-Mutation: "Enchanted creature is a Turtle ... It can't attack and loses all
    # abilities." The second sentence is a static of the enchanted creature, not the tail
    # of a one-shot: read for the enchanted creature (or reported), never ignored.
    sents = card_sentences("Retro-Mutation")
    assert sents[-1].text.startswith("It can't attack") and sents[-1].status != "ignored"
    if sents[-1].status == "understood":  # read by the layer templates: for the Aura's creature
        assert {type(a).__name__ for a in sents[-1].abilities} >= {"CantAttack"}
        assert all(a.affected.kind == "attached" for a in sents[-1].abilities)  # type: ignore[attr-defined]
    # Planeswalkerificate: "It can't block" is read for the enchanted creature (509.1a).
    sent = next(s for s in card_sentences("Planeswalkerificate") if s.text.startswith("It can't"))
    assert sent.status == "understood"
    (ability,) = sent.abilities
    assert isinstance(ability, CantBlock) and ability.affected.kind == "attached"
    # After a one-shot effect "It ..." still continues it (Act of Treason's "It gains haste").
    assert [s.reason for s in card_sentences("Act of Treason")][-1] == "continues the previous sentence"


@pytest.mark.parametrize("text, qualities", [
    ("Protection from white, blue, and red", ["white", "blue", "red"]),
    ("Flying, protection from white, blue, and red", ["white", "blue", "red"]),
    ("Protection from Vampires, from Werewolves, and from Zombies", ["vampires", "werewolves", "zombies"]),
    ("Equipped creature gets +4/+4 and has protection from white, blue, and red.",
     ["white", "blue", "red"]),
])
def test_protection_from_several_qualities_keeps_every_quality(text: str, qualities: list[str]) -> None:
    # CR 702.16a: "protection from white, blue, and red" is three protections.
    got: list[str] = []
    for a in parse_text(text).abilities:
        for x in (a.abilities if isinstance(a, Grant) else (a,)):
            if isinstance(x, Protection):
                got.append(x.quality)
    assert got == qualities


def test_cost_on_one_creature_and_phyrexian_tax_are_parsed() -> None:
    # 508.1d, 509.1d: Oppressive Rays taxes the enchanted creature's attacks and blocks;
    # 107.4f: Norn's Annex's {W/P} is a Phyrexian symbol of the attack tax.
    rays = parse_text("Enchanted creature can't attack or block unless its controller pays {3}.")
    attack, block = rays.abilities
    assert isinstance(attack, AttackTax) and attack.against == "any" and attack.generic == 3
    assert isinstance(block, BlockTax) and block.generic == 3 and block.affected.kind == "attached"
    annex = parse_text("Creatures can't attack you or planeswalkers you control unless their "
                       "controller pays {W/P} for each of those creatures.").abilities
    assert annex[0].phyrexian == ("W",) and annex[0].generic == 0  # type: ignore[attr-defined]


def test_filters_on_the_affected_creatures() -> None:
    # 509.1b: "Creatures you control with power or toughness 1 or less can't be blocked"
    # is one restriction whose filter has two alternatives.
    (ability,) = parse_text("Creatures you control with power or toughness 1 or less can't be "
                            "blocked.").abilities
    assert isinstance(ability, CantBeBlocked)
    assert ability.affected.controller == "you"
    assert {(q.power_at_most, q.toughness_at_most) for q in ability.affected.qualities} == {
        (1, None), (None, 1)}


def test_until_end_of_turn_effects_are_one_shots() -> None:
    # 611.2: "Until end of turn, creatures you control gain trample and get +X/+X" is a
    # spell's effect, never a static ability of the card.
    (sent,) = analyse_text("Until end of turn, creatures you control gain trample and get +X/+X, "
                           "where X is the greatest power among creatures you control.")
    assert sent.status == "ignored" and sent.reason.startswith("one-shot")


def test_no_card_sentence_is_silently_set_aside() -> None:
    # The scan of issue 10 §3: across the whole bundled card data, no ignored static
    # sentence hides a combat-relevant clause, no "It ..." sentence is swallowed after a
    # static, no damage replacement is set aside, and no protection list is cut short.
    hidden: list[str] = []
    cut: list[str] = []
    for card in all_cards():
        for face in card.faces:
            sents = analyse_text(face.text, names=(face.name,))
            hidden.extend(f"{card.name}: {s.text}" for s in silently_set_aside(sents))
            cut.extend(f"{card.name}: {s.text}" for s in sents if protection_qualities_lost(s))
    assert hidden == []
    assert cut == []


def test_the_scan_sees_the_old_shortcuts() -> None:
    # The scan itself must catch each shape (else it could not fail): hand-made records of
    # what the old parser produced.
    from redzone.models.parser import Sentence

    old = [
        Sentence("This creature gets +0/+2 as long as you control a Plains, has flying as long "
                 "as you control an Island.", "ignored", "power/toughness"),
        Sentence("Enchanted creature is a Turtle with base power and toughness 0/1.", "ignored",
                 "not combat-relevant"),
        Sentence("It can't attack and loses all abilities.", "ignored",
                 "continues the previous sentence"),
        Sentence("All damage that would be dealt to you is dealt to enchanted creature instead.",
                 "ignored", "not combat-relevant"),
    ]
    assert silently_set_aside(old) == [old[0], old[2], old[3]]
    cut = Sentence("Equipped creature has protection from white, blue, and red.", "understood",
                   "template", (Grant(abilities=(Protection(quality="white"),)),))
    assert protection_qualities_lost(cut)
