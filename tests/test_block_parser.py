"""The block templates of the Oracle-text parser (issue 3), on real cards (CR 509.1, 702)."""

from __future__ import annotations

from redzone.models.abilities import (
    ATTACHED,
    SELF,
    AllMustBlock,
    BlockTax,
    CanBlockShadow,
    CantBeBlockedBy,
    CantBeBlockedExceptBy,
    CantBeBlockedUnlessAllBlock,
    CantBlockCreatures,
    MustBeBlocked,
    Quality,
    XCount,
)
from redzone.models.cards import lookup
from redzone.models.parser import parse_text


def parse_card(name: str):
    card = lookup(name)
    face = card.faces[0]
    return parse_text(face.text, names=tuple(dict.fromkeys((face.name, card.name))))


def of(parsed, cls):
    return [a for a in parsed.abilities if isinstance(a, cls)]


def test_quality_filters_on_blockers() -> None:
    # CR 509.1b: "can't be blocked by <description>".
    (beast,) = of(parse_card("Questing Beast"), CantBeBlockedBy)
    assert beast.quality == Quality(power_at_most=2)
    (pixies,) = of(parse_card("Argothian Pixies"), CantBeBlockedBy)
    assert pixies.quality == Quality(types=("Artifact",))
    (horror,) = of(parse_card("Dauthi Horror"), CantBeBlockedBy)
    assert horror.quality == Quality(colors=("W",))
    (maggots,) = of(parse_card("Flow of Maggots"), CantBeBlockedBy)
    assert maggots.quality == Quality(exclude_subtypes=("Wall",))
    (gnarlid,) = of(parse_card("Aura Gnarlid"), CantBeBlockedBy)
    assert gnarlid.quality == Quality(power_vs="less") and gnarlid.affected == SELF


def test_except_by_descriptions() -> None:
    # CR 509.1b: "can't be blocked except by <descriptions>": any one of them may block.
    assert of(parse_card("Dread Warlock"), CantBeBlockedExceptBy)[0].qualities == (Quality(colors=("B",)),)
    assert of(parse_card("Orchard Spirit"), CantBeBlockedExceptBy)[0].qualities == (
        Quality(keywords=("flying", "reach")),)
    assert of(parse_card("Amrou Seekers"), CantBeBlockedExceptBy)[0].qualities == (
        Quality(types=("Artifact",)), Quality(colors=("W",)))
    assert of(parse_card("Elven Riders"), CantBeBlockedExceptBy)[0].qualities == (
        Quality(subtypes=("Wall",)), Quality(keywords=("flying",)))
    (invisible,) = of(parse_card("Invisibility"), CantBeBlockedExceptBy)
    assert invisible.affected == ATTACHED


def test_cant_block_descriptions() -> None:
    # CR 509.1b: restrictions on what a creature may block.
    assert of(parse_card("Brassclaw Orcs"), CantBlockCreatures)[0].qualities == (Quality(power_at_least=2),)
    (cowards,) = of(parse_card("Boldwyr Intimidator"), CantBlockCreatures)
    assert cowards.affected.subtypes == ("Coward",)
    assert cowards.qualities == (Quality(subtypes=("Warrior",)),)


def test_tromokratis() -> None:
    # CR 509.1b: all-or-nothing; its conditional hexproof is not a combat rule.
    p = parse_card("Tromokratis")
    assert [type(a) for a in p.abilities] == [CantBeBlockedUnlessAllBlock]
    assert p.unparsed == ()


def test_must_be_blocked_variants() -> None:
    # CR 509.1c: counts and kinds of blockers a requirement asks for.
    (pride,) = of(parse_card("Nacatl War-Pride"), MustBeBlocked)
    assert (pride.minimum, pride.maximum) == (1, 1)
    gorm = of(parse_card("Gorm the Great"), MustBeBlocked)
    assert [(g.minimum, g.maximum) for g in gorm] == [(1, None), (2, None)]
    (cleaver,) = of(parse_card("Slayer's Cleaver"), MustBeBlocked)
    assert cleaver.by == Quality(subtypes=("Eldrazi",)) and cleaver.affected == ATTACHED
    assert of(parse_text("This creature must be blocked this turn if able."), MustBeBlocked) == [
        MustBeBlocked(text="This creature must be blocked this turn if able.")]


def test_lure_variants() -> None:
    # CR 509.1c: which potential blockers the Lure requirement binds.
    assert of(parse_card("Marble Priest"), AllMustBlock)[0].blockers == Quality(subtypes=("Wall",))
    assert of(parse_card("Talruum Piper"), AllMustBlock)[0].blockers == Quality(keywords=("flying",))
    assert [a.affected for a in of(parse_card("Noble Quarry"), AllMustBlock)] == [SELF, ATTACHED]
    assert [a.affected for a in of(parse_card("Indrik Umbra"), AllMustBlock)] == [ATTACHED]


def test_block_taxes() -> None:
    # CR 509.1d: War Cadence's X chosen as 2, written either way; Archangel of Tithes only
    # while attacking; Awesome Presence per creature blocking the enchanted one.
    for text in ("This turn, creatures can't block unless their controller pays {2} for each "
                 "blocking creature they control.",
                 "This turn, creatures can't block unless their controller pays {X} for each "
                 "blocking creature they control, where X is 2."):
        (tax,) = parse_text(text).abilities
        assert isinstance(tax, BlockTax) and tax.generic == 2 and tax.attackers is None
    (tithes,) = of(parse_card("Archangel of Tithes"), BlockTax)
    assert tithes.generic == 1 and tithes.while_attacking
    (presence,) = of(parse_card("Awesome Presence"), BlockTax)
    assert presence.generic == 3 and presence.attackers == ATTACHED
    (counted,) = parse_text("Creatures can't block unless their controller pays {X} for each blocking "
                            "creature they control, where X is the number of enchantments you control.").abilities
    assert counted.x == XCount(what="permanents", types=("Enchantment",))
    # A coloured cost is not a generic tax: reported, never guessed.
    odd = "Creatures can't block unless their controller pays {W} for each blocking creature they control."
    assert parse_text(odd).unparsed == (odd,)


def test_shadow_blocker_and_conditions_stay_unparsed() -> None:
    # CR 702.28b: Heartwood Dryad blocks shadow creatures.
    assert of(parse_card("Heartwood Dryad"), CanBlockShadow)
    # A condition the block templates don't model is reported, not dropped (what the
    # defending player controls is modelled since rules round 2: tests/test_rules2.py).
    s = ("This creature can't be blocked as long as defending player controls two or more "
         "nonland permanents that share an artist.")
    assert parse_text(s).unparsed == (s,)
