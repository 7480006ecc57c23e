"""Static sentences of creature cards left unread before h38 (issue 21, coverage): what is
no combat rule is set aside with its reason; what is one is played. Real cards, the result
the rules give, the rule cited."""

from __future__ import annotations

import pytest

from redzone.models.abilities import DamageAsCounters
from redzone.models.parser import analyse_text
from tests.trigger_play import damage, perm


def reasons(card: str) -> list[tuple[str, str]]:
    """(status, reason) of each sentence of ``card``'s front face."""
    from redzone.models.cards import lookup

    c = lookup(card)
    assert c is not None, card
    face = c.faces[0]
    names = tuple(dict.fromkeys((face.name, c.name)))
    return [(s.status, s.reason) for s in analyse_text(face.text, names=names)]


def abilities(card: str) -> list[object]:
    """Every ability read from ``card``'s front face."""
    from redzone.models.cards import lookup

    c = lookup(card)
    assert c is not None, card
    face = c.faces[0]
    names = tuple(dict.fromkeys((face.name, c.name)))
    return [a for s in analyse_text(face.text, names=names) for a in s.abilities]


# ------------------------------------------- an entry choice: set aside (614.1c, 707.9b)

@pytest.mark.parametrize("card", ["Dack's Duplicate", "Copycrook", "Mocking Doppelganger"])
def test_enter_as_a_copy_except_it_has_is_an_entry_choice(card: str) -> None:
    # 614.1c, 707.9b: the copy and its exception are chosen as it enters; a scenario states
    # the permanent as it is (a copy as the creature copied, with the abilities given).
    got = reasons(card)
    assert ("ignored", "enters the battlefield") in got
    assert all(status != "unparsed" for status, _ in got)


# --------------------------------------- damage prevented, counters put (615, 616.1)

def test_anti_venom_prevents_the_damage_and_grows() -> None:
    # 615: Stampeding Rhino's 4 damage to Anti-Venom is prevented and becomes four +1/+1
    # counters; Anti-Venom (5/5) deals 5 to the 4/4 Rhino, which dies (704.5g).
    (prev,) = [a for a in abilities("Anti-Venom, Horrifying Healer")
               if isinstance(a, DamageAsCounters)]
    assert prev.prevention and prev.counter == "+1/+1" and not prev.per_event
    got = damage([perm("r", "Stampeding Rhino", "Alice"),
                  perm("a", "Anti-Venom, Horrifying Healer", "Bob")], {"r": "Bob"}, {"a": ["r"]})
    assert got["unparsed"] == []
    out = got["outcome"]
    assert out["counters"] == {"a": {"+1/+1": 4}}
    assert out["damage"] == {}
    assert out["destroyed"] == ["r"]


def test_damage_that_cant_be_prevented_gives_no_counter() -> None:
    # 615.12: Questing Beast's combat damage can't be prevented: Anti-Venom is dealt 4
    # deathtouch damage and is destroyed (704.5h), with no counter.
    got = damage([perm("q", "Questing Beast", "Alice"),
                  perm("a", "Anti-Venom, Horrifying Healer", "Bob")], {"q": "Bob"}, {"a": ["q"]})
    out = got["outcome"]
    assert "a" in out["destroyed"]
    assert "a" not in out["counters"]


def test_phyrexian_hydra_takes_minus_counters_for_prevented_damage() -> None:
    # 615: the 2 damage of Grizzly Bears to Phyrexian Hydra (7/7 infect) is prevented and
    # becomes two -1/-1 counters; the Hydra's 7 infect damage is seven -1/-1 counters on the
    # Bears (702.90c), which die (704.5f).
    got = damage([perm("g", "Grizzly Bears", "Alice"), perm("h", "Phyrexian Hydra", "Bob")],
                 {"g": "Bob"}, {"h": ["g"]})
    assert got["unparsed"] == []
    out = got["outcome"]
    assert out["counters"]["h"] == {"-1/-1": 2}
    assert out["destroyed"] == ["g"]
    assert "h" not in out["damage"]


def test_ironscale_hydra_gets_one_counter_per_creature_dealing_it_damage() -> None:
    # 615: each blocker's combat damage is prevented and gives one +1/+1 counter: two
    # Grizzly Bears block Ironscale Hydra (4/4), which gets two counters and kills both.
    got = damage([perm("h", "Ironscale Hydra", "Alice"), perm("g", "Grizzly Bears", "Bob"),
                  perm("g2", "Grizzly Bears", "Bob")], {"h": "Bob"}, {"g": ["h"], "g2": ["h"]})
    assert got["unparsed"] == []
    out = got["outcome"]
    assert out["counters"] == {"h": {"+1/+1": 2}}
    assert sorted(out["destroyed"]) == ["g", "g2"]


def test_stormwild_capridor_prevents_noncombat_damage_only() -> None:
    # Its prevention is of noncombat damage: the Bears' combat damage is marked (510.2).
    got = damage([perm("c", "Stormwild Capridor", "Alice"), perm("g", "Grizzly Bears", "Bob")],
                 {"c": "Bob"}, {"g": ["c"]})
    assert got["unparsed"] == []
    assert got["outcome"]["damage"] == {"c": 2, "g": 1}
    assert got["outcome"]["counters"] == {}


def test_vigor_turns_damage_to_another_creature_into_counters() -> None:
    # 615: Craw Wurm's 6 damage to Bob's Grizzly Bears is prevented (Vigor: another creature
    # Bob controls) and becomes six +1/+1 counters; the Bears deal their 2 at the same time
    # (510.2), so the 6/4 Wurm survives with 2 damage marked.
    got = damage([perm("w", "Craw Wurm", "Alice"), perm("v", "Vigor", "Bob"),
                  perm("g", "Grizzly Bears", "Bob")], {"w": "Bob"}, {"g": ["w"]})
    assert got["unparsed"] == []
    out = got["outcome"]
    assert out["counters"] == {"g": {"+1/+1": 6}}
    assert out["destroyed"] == []
    assert out["damage"] == {"w": 2}


# ------------------------------------------- triggered keywords granted in a keyword list

def test_depthshaker_titan_grants_melee_with_trample_and_haste() -> None:
    # 613.1f, 702.121a: each artifact creature Alice controls has melee: Depthshaker Titan
    # (5/5) and Ornithopter (0/2) attack Bob, one opponent attacked, each gets +1/+1: Bob
    # takes 6 + 1 (510.2).
    assert all(status != "unparsed" for status, _ in reasons("Depthshaker Titan"))
    got = damage([perm("t", "Depthshaker Titan", "Alice"), perm("o", "Ornithopter", "Alice")],
                 {"t": "Bob", "o": "Bob"})
    assert got["unparsed"] == []
    assert got["outcome"]["life"]["Bob"] == 13


def test_super_haste_is_set_aside_like_ninjutsu() -> None:
    # Rocket-Powered Turbo Slug: super haste puts the card from a hand onto the battlefield
    # attacking (like ninjutsu, 702.49); the permanent's keyword does nothing in combat.
    assert reasons("Rocket-Powered Turbo Slug") == [("ignored", "keyword not combat-relevant")]


# ------------------------------------- triggered abilities triggering again (603.2d)

def test_isshin_makes_exalted_trigger_twice() -> None:
    # 603.2d, 702.83a: Grizzly Bears attacks alone; Akrasan Squire's exalted triggers, and
    # with Isshin (a creature attacking caused it) triggers an additional time: +2/+2, Bob
    # takes 4. Without Isshin: 3.
    squire, bears = perm("s", "Akrasan Squire", "Alice"), perm("g", "Grizzly Bears", "Alice")
    got = damage([perm("i", "Isshin, Two Heavens as One", "Alice"), squire, bears], {"g": "Bob"})
    assert got["unparsed"] == [] and got["not_played"] == []
    assert got["outcome"]["life"]["Bob"] == 16
    assert [t["source"] for t in got["triggers"]] == ["s", "s"]
    assert damage([squire, bears], {"g": "Bob"})["outcome"]["life"]["Bob"] == 17


def test_wulfgar_doubles_its_own_melee() -> None:
    # 603.2d, 702.121a: Wulfgar (4/4, melee) attacks Bob: melee triggers twice, +2/+2.
    got = damage([perm("w", "Wulfgar of Icewind Dale", "Alice")], {"w": "Bob"})
    assert got["not_played"] == []
    assert got["outcome"]["life"]["Bob"] == 14


def test_wulfgar_counts_only_creatures_its_controller_controls() -> None:
    # "a creature you control attacking": Bob's Wulfgar doesn't double Alice's exalted.
    got = damage([perm("w", "Wulfgar of Icewind Dale", "Bob"), perm("s", "Akrasan Squire", "Alice"),
                  perm("g", "Grizzly Bears", "Alice")], {"g": "Bob"}, {"w": []})
    assert got["outcome"]["life"]["Bob"] == 17


def test_felix_doubles_poisonous() -> None:
    # 603.2d, 702.70a: Virulent Sliver (poisonous 1) deals combat damage to Bob: the
    # trigger happens twice with Felix Five-Boots, 2 poison counters.
    got = damage([perm("f", "Felix Five-Boots", "Alice"), perm("v", "Virulent Sliver", "Alice")],
                 {"v": "Bob"})
    assert got["not_played"] == []
    assert got["outcome"]["poison"]["Bob"] == 2


def test_isshin_with_a_becomes_tapped_trigger_is_reported_not_guessed() -> None:
    # Chrome Companion tapped as it attacks (508.1f): whether Isshin counts that cause is not
    # read: the trigger resolves once and Isshin is listed as not played.
    got = damage([perm("i", "Isshin, Two Heavens as One", "Alice"),
                  perm("c", "Chrome Companion", "Alice")], {"c": "Bob"})
    assert {"id": "i", "sentence": "If a creature attacking causes a triggered ability of a "
            "permanent you control to trigger, that ability triggers an additional time.",
            "kind": "triggered"} in got["not_played"]
    assert got["outcome"]["life"]["Alice"] == 21


# ------------------------------------------ counters that can't be put (122.6, 120.3d)

def test_melira_s_keepers_gets_no_wither_counters() -> None:
    # 120.3d, 122.6: Boggart Ram-Gang's wither damage would be -1/-1 counters; Melira's
    # Keepers (4/4) can't have counters put on it: nothing happens to it, and its 4 damage
    # destroys the 3/3 Ram-Gang (704.5g).
    assert all(status != "unparsed" for status, _ in reasons("Melira's Keepers"))
    got = damage([perm("w", "Boggart Ram-Gang", "Alice"), perm("k", "Melira's Keepers", "Bob")],
                 {"w": "Bob"}, {"k": ["w"]})
    assert got["unparsed"] == []
    assert got["outcome"]["counters"] == {}
    assert got["outcome"]["destroyed"] == ["w"]


def test_blightbeetle_stops_training() -> None:
    # 702.149a, 122.6: Hopeful Initiate's training would put a +1/+1 counter on it; Bob's
    # Blightbeetle forbids +1/+1 counters on Alice's creatures: Bob takes 2 + 2, not 5.
    attackers = {"t": "Bob", "g": "Bob"}
    team = [perm("t", "Hopeful Initiate", "Alice"), perm("g", "Grizzly Bears", "Alice")]
    got = damage([perm("b", "Blightbeetle", "Bob"), *team], attackers)
    assert got["unparsed"] == []
    assert got["outcome"]["counters"] == {} and got["outcome"]["life"]["Bob"] == 17
    assert damage(team, attackers)["outcome"]["life"]["Bob"] == 16


def test_melira_stops_toxic_poison_and_persist_counters() -> None:
    # 702.164c, 122.6: Bilious Skulldweller's toxic 1 gives Bob no poison counter with
    # Melira, Sylvok Outcast (the damage is still dealt: Bob at 19).
    got = damage([perm("x", "Bilious Skulldweller", "Alice"),
                  perm("m", "Melira, Sylvok Outcast", "Bob")], {"x": "Bob"})
    assert got["unparsed"] == []
    assert got["outcome"]["poison"]["Bob"] == 0 and got["outcome"]["life"]["Bob"] == 19
    # 702.79a: Kitchen Finks dies blocking Craw Wurm and returns with no -1/-1 counter (Melira),
    # its enters trigger gaining Bob 2 life.
    got = damage([perm("r", "Craw Wurm", "Alice"), perm("k", "Kitchen Finks", "Bob"),
                  perm("m", "Melira, Sylvok Outcast", "Bob")], {"r": "Bob"}, {"k": ["r"]})
    assert got["outcome"]["counters"] == {}
    assert got["outcome"]["life"]["Bob"] == 22
    assert any("can't have -1/-1 counters" in t["result"] for t in got["triggers"])


# ------------------------------------------------ an attack tax on planeswalkers only

def test_onakke_oathkeeper_taxes_attacks_on_planeswalkers_only() -> None:
    # 508.1d, 508.1h: attacking Bob's Jace Beleren costs {1} per creature; attacking Bob
    # costs nothing. With no mana Alice's Grizzly Bears may attack Bob only; with 1 mana, Jace
    # too (paying 1).
    from redzone.models.attack_rules import attack_problem
    from redzone.solver.attack.solve import check_attack
    from tests.test_attack_rules import board_of, decl, legal_set

    perms = [{"id": "g", "card": "Grizzly Bears", "controller": "Alice"},
             {"id": "o", "card": "Onakke Oathkeeper", "controller": "Bob"},
             {"id": "j", "card": "Jace Beleren", "controller": "Bob", "loyalty": 3}]
    assert all(status != "unparsed" for status, _ in reasons("Onakke Oathkeeper"))
    poor = board_of(perms, players=[{"name": "Alice", "mana": 0}, {"name": "Bob"}])
    assert legal_set(poor) == {decl(), decl(g="Bob")}
    rich = board_of(perms, players=[{"name": "Alice", "mana": 1}, {"name": "Bob"}])
    assert legal_set(rich) == {decl(), decl(g="Bob"), decl(g="j")}
    assert check_attack(attack_problem(rich), {"g": "j"}).mana_paid == 1


# ---------------------------------- conditions about the turn the scenario states (611.3a)

def test_medomai_cant_attack_during_an_extra_turn_stated() -> None:
    # 508.1c under a stated condition: in an extra turn Medomai can't attack; in a normal turn
    # it may; unstated, the condition is reported (never guessed).
    from redzone.solver.frontends.commands import run_command
    from tests.test_attack_rules import board_of, decl, legal_set

    def medomai(cond: dict[str, bool]) -> dict[str, object]:
        return {"id": "m", "card": "Medomai the Ageless", "controller": "Alice", "conditions": cond}

    assert legal_set(board_of([medomai({"it's an extra turn": True})])) == {decl()}
    assert legal_set(board_of([medomai({"it's an extra turn": False})])) == {decl(), decl(m="Bob")}
    got = run_command("attack", {"players": [{"name": "Alice"}, {"name": "Bob"}],
                                 "permanents": [medomai({})]}, {}).to_json()
    assert [u["id"] for u in got["unparsed"]] == ["m"]


def test_angelic_arbiter_stops_an_opponent_who_cast_a_spell() -> None:
    # 508.1c: Bob's Angelic Arbiter; Alice (the active player) cast a spell this turn: her
    # Grizzly Bears can't attack.
    from tests.test_attack_rules import board_of, decl, legal_set

    arbiter = {"id": "a", "card": "Angelic Arbiter", "controller": "Bob"}
    bears = {"id": "g", "card": "Grizzly Bears", "controller": "Alice"}
    cast = {"the active player cast a spell this turn": True}
    assert legal_set(board_of([{**arbiter, "conditions": cast}, bears])) == {decl()}
    quiet = {"the active player cast a spell this turn": False}
    assert legal_set(board_of([{**arbiter, "conditions": quiet}, bears])) == {decl(), decl(g="Bob")}


# ------------------------------------------------------------ protection (702.16)

def test_absolute_virtue_prevents_damage_from_opponents_sources() -> None:
    # 702.16b, 702.16e: Bob has protection from each of his opponents: Alice's unblocked
    # Grizzly Bears deals him no damage (Bob may still be attacked).
    got = damage([perm("g", "Grizzly Bears", "Alice"), perm("v", "Absolute Virtue", "Bob")],
                 {"g": "Bob"})
    assert got["unparsed"] == []
    assert got["outcome"]["life"]["Bob"] == 20
    alone = damage([perm("g", "Grizzly Bears", "Alice")], {"g": "Bob"})
    assert alone["outcome"]["life"]["Bob"] == 18


def test_frenemy_has_protection_from_two_enemy_colours() -> None:
    # 702.16b: Boros Swiftblade (white and red: enemies, 105.1) can't block Frenemy of the
    # Guildpact; Rakdos Cackler (black and red: allies) can.
    from redzone.solver.frontends.commands import run_command

    def check(blocker: str) -> bool:
        sc = {"players": [{"name": "Alice"}, {"name": "Bob"}],
              "permanents": [perm("f", "Frenemy of the Guildpact", "Alice"),
                             perm("s", "Boros Swiftblade", "Bob"),
                             perm("r", "Rakdos Cackler", "Bob")],
              "combat": {"attackers": {"f": "Bob"}, "blockers": {blocker: ["f"]}}}
        return bool(run_command("check-block", sc, {}).to_json()["legal"])

    assert not check("s")
    assert check("r")
