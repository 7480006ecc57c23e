"""Tests of the Oracle-text parser (the models/parser package) on real cards' Oracle text.

Card text is read from the bundled card data (``redzone.models.cards.lookup``), so every case below
is a real card's current Oracle wording; a few scenario-style sentences are written inline.
Each test names the rule the parsed ability encodes: CR 508.1c (attack restrictions), 508.1d
(attack requirements and costs), 509.1b-c (block restrictions and requirements), 702.x
(keyword abilities).
"""

from __future__ import annotations

import pytest

from redzone.models.abilities import (
    ATTACHED,
    SELF,
    Affected,
    AllMustBlock,
    AttackCap,
    AttacksEachCombat,
    AttackTax,
    BlockCap,
    BlocksEachCombat,
    CanBlockAdditional,
    CanBlockOnlyFliers,
    CanOnlyAttackAlone,
    CantAttack,
    CantAttackAlone,
    CantAttackOwner,
    CantAttackUnlessDefenderControls,
    CantAttackUnlessGreaterPowerAttacks,
    CantAttackUnlessOthersAttack,
    CantAttackYou,
    CantBeBlocked,
    CantBeBlockedBy,
    CantBeBlockedByMoreThan,
    CantBeBlockedExceptByAtLeast,
    CantBlock,
    CantBlockAlone,
    CantBlockUnlessGreaterPowerBlocks,
    CantBlockUnlessOthersBlock,
    Grant,
    Landwalk,
    MustBeAttacked,
    MustBeBlocked,
    Protection,
    Toxic,
    XCount,
)
from redzone.models.cards import lookup
from redzone.models.parser import analyse_text, is_combat_relevant, parse_text, self_names, singular


def oracle(name: str) -> tuple[str, str]:
    """(Oracle text, face name) of a real card's front face."""
    face = lookup(name).front
    return face.text, face.name


def parse_card(name: str):
    text, face = oracle(name)
    return parse_text(text, names=(face,))


def kinds(parsed) -> list[type]:
    return [type(a) for a in parsed.abilities]


# ------------------------------------------------------------------ attack requirements


def test_juggernaut_attacks_each_combat_and_evades_walls():
    # CR 508.1d requirement; CR 509.1b restriction on blockers.
    p = parse_card("Juggernaut")
    assert p.unparsed == ()
    req, evasion = p.abilities
    assert req == AttacksEachCombat(affected=SELF, per="combat", text=req.text)
    assert isinstance(evasion, CantBeBlockedBy)
    assert evasion.blockers.subtypes == ("Wall",)


def test_ruric_thar_short_name_is_self_and_keywords_split():
    # CR 508.1d; keyword line "Vigilance, reach" gives two keywords (CR 702.20, 702.17).
    p = parse_card("Ruric Thar, the Unbowed")
    assert p.has_keyword("vigilance") and p.has_keyword("reach")
    reqs = [a for a in p.abilities if isinstance(a, AttacksEachCombat)]
    assert len(reqs) == 1 and reqs[0].affected == SELF
    # The "Whenever a player casts ..." ability is triggered: ignored, not a requirement.
    assert any(s.startswith("Whenever") for s in p.ignored)
    assert p.unparsed == ()


def test_first_word_of_name_is_self_as_subject():
    # "Zurgo attacks each combat if able." (CR 508.1d)
    text, face = oracle("Zurgo Helmsmasher")
    p = parse_text(text, names=(face,))
    assert AttacksEachCombat in kinds(p)
    assert [a.affected for a in p.abilities if isinstance(a, AttacksEachCombat)] == [SELF]


def test_hulk_short_name_before_comma():
    p = parse_card("Hulk, Always Angry")
    assert [a.affected for a in p.abilities if isinstance(a, AttacksEachCombat)] == [SELF]


def test_bloodshed_fever_requires_the_enchanted_creature():
    # CR 508.1d: "Enchanted creature attacks each combat if able."
    p = parse_card("Bloodshed Fever")
    assert p.abilities == (AttacksEachCombat(affected=ATTACHED, text=p.abilities[0].text),)
    assert p.ignored == ("Enchant creature",)


def test_goblin_rabblemaster_other_goblins_you_control():
    # CR 508.1d for each other Goblin its controller controls; the attack trigger is not one.
    p = parse_card("Goblin Rabblemaster")
    assert len(p.abilities) == 1
    (req,) = p.abilities
    assert isinstance(req, AttacksEachCombat)
    assert req.affected == Affected(kind="creatures", controller="you", subtypes=("Goblin",),
                                    other=True)
    assert p.unparsed == ()


@pytest.mark.parametrize(
    ("card", "affected"),
    [
        ("Goblin Assault", Affected(kind="creatures", subtypes=("Goblin",))),
        ("Graaz, Unstoppable Juggernaut",
         Affected(kind="creatures", controller="you", subtypes=("Juggernaut",))),
        ("Angler Turtle", Affected(kind="creatures", controller="opponents")),
        ("Grand Melee", Affected(kind="creatures")),
    ],
)
def test_group_requirements(card, affected):
    # CR 508.1d: group forms "[Type] creatures", "Juggernauts you control",
    # "Creatures your opponents control", "All creatures".
    p = parse_card(card)
    reqs = [a for a in p.abilities if isinstance(a, AttacksEachCombat)]
    assert [r.affected for r in reqs] == [affected]


def test_hellraiser_goblin_grants_haste_and_requires_attacks():
    # CR 702.10 haste granted; CR 508.1d requirement, same subject.
    p = parse_card("Hellraiser Goblin")
    grant, req = p.abilities
    you = Affected(kind="creatures", controller="you")
    assert isinstance(grant, Grant) and grant.affected == you
    assert [g.name for g in grant.abilities] == ["haste"]  # type: ignore[attr-defined]
    assert isinstance(req, AttacksEachCombat) and req.affected == you


def test_attacks_or_blocks_each_combat_gives_both_requirements():
    # CR 508.1d and 509.1c.
    p = parse_card("Relentless Raptor")
    assert kinds(p)[-2:] == [AttacksEachCombat, BlocksEachCombat]


def test_per_turn_requirement_inline():
    # "each turn" / "this turn": binds every declare-attackers step of the turn (508.1d).
    p = parse_text("This creature attacks each turn if able.")
    assert p.abilities == (AttacksEachCombat(per="turn", text=p.abilities[0].text),)
    p = parse_text("CARDNAME attacks this turn if able.")
    assert p.abilities[0].per == "turn"  # type: ignore[attr-defined]


def test_trove_of_temptation_must_be_attacked():
    # CR 508.1d player-level requirement.
    p = parse_card("Trove of Temptation")
    assert kinds(p) == [MustBeAttacked]
    assert p.abilities[0].include_planeswalkers is True  # type: ignore[attr-defined]


# ------------------------------------------------------------------ attack restrictions


def test_loyal_pegasus_and_mogg_flunkies_cant_attack_or_block_alone():
    # CR 508.1c / 509.1b: "can't attack or block alone" records both halves.
    for card in ("Loyal Pegasus", "Mogg Flunkies"):
        p = parse_card(card)
        assert CantAttackAlone in kinds(p) and CantBlockAlone in kinds(p), card
        assert p.unparsed == ()


def test_craven_hulk_cant_block_alone_only():
    p = parse_card("Craven Hulk")
    assert kinds(p) == [CantBlockAlone]


def test_master_of_cruelties_can_only_attack_alone():
    # CR 508.1c.
    p = parse_card("Master of Cruelties")
    assert CanOnlyAttackAlone in kinds(p)
    assert p.has_keyword("first strike") and p.has_keyword("deathtouch")


def test_orcish_conscripts_needs_two_other_attackers_and_blockers():
    # CR 508.1c / 509.1b.
    p = parse_card("Orcish Conscripts")
    attack, block = p.abilities
    assert attack == CantAttackUnlessOthersAttack(count=2, text=attack.text)
    assert block == CantBlockUnlessOthersBlock(count=2, text=block.text)


def test_okk_needs_a_stronger_companion():
    # CR 508.1c / 509.1b.
    p = parse_card("Okk")
    assert kinds(p) == [CantAttackUnlessGreaterPowerAttacks, CantBlockUnlessGreaterPowerBlocks]


def test_manta_ray_needs_an_island_and_blue_blockers():
    # CR 508.1c; CR 509.1b: "except by blue creatures" is a colour filter on blockers
    # (read since the block templates of issue 3).
    p = parse_card("Manta Ray")
    assert p.abilities[0] == CantAttackUnlessDefenderControls(land="Island",
                                                              text=p.abilities[0].text)
    assert p.unparsed == ()
    assert p.abilities[1].qualities[0].colors == ("U",)  # type: ignore[attr-defined]


def test_ronom_serpent_snow_land():
    p = parse_card("Ronom Serpent")
    assert p.abilities[0].land == "snow"  # type: ignore[attr-defined]


def test_evil_eye_non_eye_creatures_cant_attack():
    # CR 508.1c with an excluded subtype.
    p = parse_card("Evil Eye of Urborg")
    assert p.abilities[0] == CantAttack(
        affected=Affected(kind="creatures", controller="you", exclude_subtypes=("Eye",)),
        text=p.abilities[0].text)


def test_pacifism_style_aura_cant_attack_or_block():
    # CR 508.1c / 509.1b; the non-combat clause about activated abilities is not an ability.
    text = "Enchant creature\nEnchanted creature can't attack or block, and its activated " \
           "abilities can't be activated."
    p = parse_text(text)
    assert kinds(p) == [CantAttack, CantBlock]
    assert all(a.affected == ATTACHED for a in p.abilities)  # type: ignore[attr-defined]


def test_alexios_compound_sentence_fully_understood():
    # CR 508.1d requirement and 508.1c restriction in one sentence; "can't be sacrificed"
    # is not about combat.
    p = parse_card("Alexios, Deimos of Kosmos")
    assert kinds(p)[1:] == [AttacksEachCombat, CantAttackOwner]
    assert p.unparsed == ()


def test_xantcha_cant_attack_owner_or_their_planeswalkers():
    p = parse_card("Xantcha, Sleeper Agent")
    owner = [a for a in p.abilities if isinstance(a, CantAttackOwner)]
    assert owner and owner[0].include_planeswalkers is True


def test_fealty_to_the_realm_requirement_and_restriction():
    p = parse_card("Fealty to the Realm")
    req, cant = [a for a in p.abilities]
    assert isinstance(req, AttacksEachCombat) and req.affected == ATTACHED
    assert cant == CantAttackYou(affected=ATTACHED, include_planeswalkers=False, text=cant.text)


# ------------------------------------------------------------------ caps and "can't attack you"


@pytest.mark.parametrize(
    ("card", "maximum", "you_only"),
    [("Silent Arbiter", 1, False), ("Dueling Grounds", 1, False),
     ("Caverns of Despair", 2, False), ("Crawlspace", 2, True)],
)
def test_attack_caps(card, maximum, you_only):
    # CR 508.1c: "No more than N creatures can attack [you] each combat."
    p = parse_card(card)
    caps = [a for a in p.abilities if isinstance(a, AttackCap)]
    assert [(c.maximum, c.you_only, c.per) for c in caps] == [(maximum, you_only, "combat")]
    assert p.unparsed == ()


def test_silent_arbiter_block_cap():
    # CR 509.1b.
    p = parse_card("Silent Arbiter")
    assert [a.maximum for a in p.abilities if isinstance(a, BlockCap)] == [1]


def test_cap_number_words_and_per_turn_inline():
    p = parse_text("No more than three creatures can attack you or planeswalkers you control "
                   "each turn.")
    (cap,) = p.abilities
    assert (cap.maximum, cap.you_only, cap.include_planeswalkers, cap.per) == (  # type: ignore
        3, True, True, "turn")


def test_blazing_archon_creatures_cant_attack_you():
    # CR 508.1c per-target restriction.
    p = parse_card("Blazing Archon")
    assert CantAttackYou(text="Creatures can't attack you.") in p.abilities


def test_combat_calligrapher_inklings_cant_attack_you_or_planeswalkers():
    p = parse_card("Combat Calligrapher")
    (cant,) = [a for a in p.abilities if isinstance(a, CantAttackYou)]
    assert cant.affected == Affected(kind="creatures", subtypes=("Inkling",))
    assert cant.include_planeswalkers is True


# ------------------------------------------------------------------ attack taxes (508.1d, h)


@pytest.mark.parametrize("card", ["Propaganda", "Ghostly Prison", "Windborn Muse"])
def test_two_mana_attack_taxes(card):
    p = parse_card(card)
    (tax,) = [a for a in p.abilities if isinstance(a, AttackTax)]
    assert (tax.generic, tax.x, tax.include_planeswalkers) == (2, None, False)
    assert tax.affected == Affected(kind="creatures")


def test_baird_tax_covers_planeswalkers():
    p = parse_card("Baird, Steward of Argive")
    (tax,) = [a for a in p.abilities if isinstance(a, AttackTax)]
    assert (tax.generic, tax.include_planeswalkers) == (1, True)


def test_sphere_of_safety_x_is_enchantments():
    p = parse_card("Sphere of Safety")
    (tax,) = p.abilities
    assert tax == AttackTax(generic=0, x=XCount(what="permanents", types=("Enchantment",)),
                            include_planeswalkers=True, text=tax.text)


def test_nils_x_is_counters_on_the_attacker():
    p = parse_card("Nils, Discipline Enforcer")
    (tax,) = [a for a in p.abilities if isinstance(a, AttackTax)]
    assert tax.x == XCount(what="counters") and tax.include_planeswalkers is True


def test_phyrexian_mana_tax_is_an_attack_tax_with_a_phyrexian_symbol():
    # Norn's Annex asks for {W/P} (CR 107.4f): one Phyrexian white symbol per creature,
    # paid with W or 2 life (issue 10 §2; the rules layer pays it with life, 119.4).
    p = parse_card("Norn's Annex")
    (tax,) = p.abilities
    assert isinstance(tax, AttackTax) and tax.phyrexian == ("W",) and tax.generic == 0
    assert tax.include_planeswalkers and p.unparsed == ()


def test_brainwash_tax_on_any_attack_of_the_enchanted_creature():
    # "Enchanted creature can't attack unless its controller pays {3}" (issue 10 §2): every
    # attack of that creature costs {3}, whoever it attacks (508.1d, 508.1h).
    p = parse_card("Brainwash")
    (tax,) = p.abilities
    assert isinstance(tax, AttackTax) and tax.generic == 3 and tax.against == "any"
    assert tax.affected.kind == "attached" and p.unparsed == ()


# ------------------------------------------------------------------ keywords (CR 702)


def test_keyword_lines_and_reminder_text():
    p = parse_card("Wall of Air")  # "Defender, flying (reminder)"
    assert [a.name for a in p.abilities] == ["defender", "flying"]  # type: ignore[attr-defined]
    assert p.unparsed == () and p.ignored == ()


def test_protection_forms():
    # CR 702.16.
    assert [a.quality for a in parse_card("Auriok Champion").abilities
            if isinstance(a, Protection)] == ["black", "red"]
    assert [a.quality for a in parse_card("Progenitus").abilities
            if isinstance(a, Protection)] == ["everything"]
    assert [a.quality for a in parse_card("Beloved Chaplain").abilities
            if isinstance(a, Protection)] == ["creatures"]
    assert [a.quality for a in parse_card("Yawgmoth, Thran Physician").abilities
            if isinstance(a, Protection)] == ["humans"]
    p = parse_text("Protection from all colors")
    assert p.abilities == (Protection(quality="each color", text="Protection from all colors"),)


def test_protection_from_a_chosen_colour_keeps_the_phrase():
    # h17: the colour is the scenario's ``choices`` (models/choices.py, which reports the
    # ability when it is not given); the parser keeps the phrase.
    p = parse_text("Protection from the chosen color")
    assert [(type(a).__name__, a.quality) for a in p.abilities] == [("Protection", "the chosen color")]
    assert p.unparsed == ()


@pytest.mark.parametrize(
    ("card", "land"),
    [("Bog Wraith", "Swamp"), ("River Boa", "Island"), ("Dryad Sophisticate", "nonbasic"),
     ("Ayumi, the Last Visitor", "legendary")],
)
def test_landwalk(card, land):
    # CR 702.14.
    lw = [a for a in parse_card(card).abilities if isinstance(a, Landwalk)]
    assert [a.land for a in lw] == [land]


def test_lord_of_atlantis_grants_islandwalk_to_other_merfolk():
    p = parse_card("Lord of Atlantis")
    # The +1/+1 half is a layer-7c ModifyPT (issue 10); the grant is the layer-6 half.
    (grant,) = [a for a in p.abilities if isinstance(a, Grant)]
    assert grant.affected == Affected(kind="creatures", subtypes=("Merfolk",), other=True)
    assert [type(g) for g in grant.abilities] == [Landwalk]


def test_toxic_and_decayed():
    # CR 702.164 toxic; CR 702.147a decayed means "can't block".
    assert [a.amount for a in parse_card("Glissa's Retriever").abilities
            if isinstance(a, Toxic)] == [3]
    p = parse_card("Rot-Curse Rakshasa")
    assert CantBlock in kinds(p)


def test_non_combat_keywords_are_ignored():
    p = parse_text("Flash\nWard {2}\nCycling {2}")
    assert p.abilities == () and p.unparsed == ()
    assert p.ignored == ("Flash", "Ward {2}", "Cycling {2}")


# ------------------------------------------------------------------ blocks (509.1b-c)


def test_block_templates():
    assert kinds(parse_card("Welkin Tern"))[-1] is CanBlockOnlyFliers
    assert kinds(parse_card("Watchdog"))[0] is BlocksEachCombat
    assert kinds(parse_card("Vinebred Brawler")) == [MustBeBlocked]
    assert kinds(parse_card("Phantom Warrior")) == [CantBeBlocked]
    assert parse_card("Stalking Tiger").abilities[0] == CantBeBlockedByMoreThan(
        maximum=1, text=parse_card("Stalking Tiger").abilities[0].text)
    (min_blockers,) = [a for a in parse_card("Pathrazer of Ulamog").abilities
                       if isinstance(a, CantBeBlockedExceptByAtLeast)]
    assert min_blockers.minimum == 3
    assert parse_card("High Ground").abilities[0].count == 1  # type: ignore[attr-defined]
    assert isinstance(parse_card("High Ground").abilities[0], CanBlockAdditional)


def test_lure_aura():
    p = parse_card("Lure")
    assert p.abilities == (AllMustBlock(affected=ATTACHED, text=p.abilities[0].text),)


# ------------------------------------------------------------------ negative cases


def test_attack_trigger_is_not_a_requirement():
    # "Whenever this creature attacks, ..." triggers after attackers are declared
    # (CR 508.1m): it is ignored, never an AttacksEachCombat.
    text = "Whenever this creature attacks, it gets +1/+0 until end of turn."
    sents = analyse_text(text)
    assert [(s.status, s.reason) for s in sents] == [("ignored", "triggered")]
    assert parse_text(text).abilities == ()


def test_conditional_requirement_is_never_half_parsed():
    # Reckless Cohort's requirement has an "unless" condition: the sentence must not yield a
    # plain AttacksEachCombat. Since h17 it is the requirement under the negated condition
    # (611.3a), decided from the board.
    from redzone.models.abilities import AttacksEachCombat, Conditional

    p = parse_card("Reckless Cohort")
    (c,) = p.abilities
    assert isinstance(c, Conditional) and c.condition.negate
    assert (c.condition.kind, c.condition.other, c.condition.quality.subtypes) == ("you control", True, ("Ally",))
    assert [type(a) for a in c.abilities] == [AttacksEachCombat] and p.unparsed == ()


def test_curse_over_a_player_is_unparsed():
    p = parse_card("Curse of the Nightly Hunt")
    assert p.abilities == () and len(p.unparsed) == 1


def test_unknown_combat_sentence_is_unparsed_never_dropped():
    s = "This creature can't be blocked by creatures the monarch controls."
    p = parse_text(s)
    assert p.abilities == () and p.unparsed == (s,)


def test_activated_loyalty_and_modal_lines_are_ignored():
    text = ("{1}{R}: Target creature attacks this turn if able.\n"
            "[+1]: Up to one target creature attacks each combat if able.\n"
            "Choose one —\n• Target creature can't block this turn.")
    sents = analyse_text(text)
    assert [s.reason for s in sents] == ["activated", "loyalty ability", "modal choice",
                                        "modal choice"]
    assert all(s.status == "ignored" for s in sents)


def test_every_sentence_is_in_exactly_one_bucket():
    text, face = oracle("Goblin Rabblemaster")
    sents = analyse_text(text, names=(face,))
    p = parse_text(text, names=(face,))
    assert len(sents) == 3
    assert sum(s.status == "understood" for s in sents) + len(p.unparsed) + len(p.ignored) == 3


def test_relevance_rule():
    assert is_combat_relevant("This creature can't be blocked by red creatures.")
    assert is_combat_relevant("Creatures with flying get +1/+1.")
    assert not is_combat_relevant("Spells you cast cost {1} less to cast.")
    assert not is_combat_relevant("Whenever you planeswalk, draw a card.")


# ------------------------------------------------------------------ helpers


def test_self_names_and_singular():
    assert self_names(("Ruric Thar, the Unbowed",)) == ("Ruric Thar, the Unbowed", "Ruric Thar")
    assert singular("Goblins") == "Goblin" and singular("Elves") == "Elf"
    assert singular("Merfolk") == "Merfolk" and singular("Allies") == "Ally"
    assert singular("Wall") is None


def test_results_are_cached_and_equal():
    text, face = oracle("Juggernaut")
    assert parse_text(text, names=(face,)) is parse_text(text, names=(face,))


def test_granted_quoted_requirement_applies_to_the_enchanted_creature():
    # A quoted "This creature attacks each combat if able." granted by an Aura is the
    # requirement of CR 508.1d on the enchanted creature.
    s = 'Enchanted creature has "This creature attacks each combat if able."'
    p = parse_text(s)
    assert p.abilities == (AttacksEachCombat(affected=ATTACHED, text=s),)
