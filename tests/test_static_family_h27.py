"""Static sentences of creature cards left unread before h27 (issue 21, coverage): what is
no combat rule is set aside with its reason; what is one is played. Real cards, the result
the rules give, the rule cited."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.parser import analyse_text
from redzone.solver.frontends.commands import run_command
from tests.trigger_play import damage, perm, scenario


def reasons(card: str) -> list[tuple[str, str]]:
    """(status, reason) of each sentence of ``card``'s front face."""
    from redzone.models.cards import lookup

    c = lookup(card)
    assert c is not None, card
    face = c.faces[0]
    names = tuple(dict.fromkeys((face.name, c.name)))
    return [(s.status, s.reason) for s in analyse_text(face.text, names=names)]


# ------------------------------------------------ no combat rule: set aside, with the reason

@pytest.mark.parametrize(("card", "reason"), [
    ("Goblin Rock Sled", "untap step (not in the combat)"),      # 502.3
    # Guardian Beast: no longer set aside (h31, tests/test_trigger_audit2.py)
    ("Freewind Equenaut", "granted non-static ability"),          # an activated ability
    ("Falko, Showoff Pilot", "about cards in hand"),
    ("Sephara, Sky's Blade", "casting"),                           # 601.2
    ("Qasali Ambusher", "casting"),
    ("Dynaheir, Invoker Adept", "activated abilities (302.6)"),
    ("Shang-Chi, Master of Kung Fu", "activated abilities (302.6)"),
    ("Cazur, Ruthless Stalker", "keyword not combat-relevant"),    # 702.124j
    ("Tizerus Charger", "enters the battlefield"),
    ("Chancellor of the Forge", "before the game (opening hand)"),  # 103.6
])
def test_no_combat_rule_is_set_aside_with_its_reason(card: str, reason: str) -> None:
    got = reasons(card)
    assert ("ignored", reason) in got
    assert all(status != "unparsed" for status, _ in got)


def test_ability_word_before_a_trigger_is_a_triggered_ability() -> None:
    # 207.2c: "Protection Fighting Style" has no rules meaning; the line is an enters
    # trigger, not a protection keyword.
    assert reasons("Icewind Stalwart")[-1] == ("ignored", "triggered")


def test_goblin_rock_sled_keeps_its_attack_restriction() -> None:
    # The untap sentence is set aside; "can't attack unless defending player controls a
    # Mountain" is still read (508.1c): Bob has no Mountain, the Sled can't attack.
    got = run_command("attack", {
        "players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
        "permanents": [perm("s", "Goblin Rock Sled", "Alice")]}, {}).to_json()
    assert got["unparsed"] == []
    assert all("s" not in a for a in _attacker_sets(got))


def _attacker_sets(answer: dict[str, Any]) -> list[list[str]]:
    """Every attacker list an ``attack`` answer offers."""
    found: list[list[str]] = []

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "attackers" and isinstance(v, (dict, list)):
                    found.append(list(v))
                else:
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(answer)
    return found


# ------------------------------------------------------- exert's reflexive ability (603.12)

def test_clockwork_droid_exerted_is_unblockable() -> None:
    # 701.43a, 603.12: exerted as it attacks, "it can't be blocked this turn" (509.1b).
    from tests.trigger_play import read

    got = damage([perm("d", "Clockwork Droid", "Alice", conditions={"exerted": True})], {"d": "Bob"})
    assert got["unparsed"] == []
    assert got["outcome"]["life"]["Bob"] == 17
    assert reasons("Clockwork Droid")[-1] == ("ignored", "triggered (reflexive)")
    assert read("Clockwork Droid") == ()  # read in context (attack_choices), not alone


def test_combat_celebrant_reports_its_reflexive_trigger_not_played() -> None:
    # "If this creature hasn't been exerted this turn, you may exert it as it attacks. When
    # you do, ... after this phase, there is an additional combat phase": the exert choice
    # is read (701.43a); the reflexive sentence is a trigger of combat — never "not
    # understood", never dropped (h35: read and played since the extra phase is a value).
    from redzone.models.triggers.attack_choices import exert_reflexive, reflexive_unread
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scripts" / "parser_coverage.py"
    spec = importlib.util.spec_from_file_location("parser_coverage_h27", path)
    assert spec is not None and spec.loader is not None
    coverage = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = coverage  # its dataclasses look their module up
    spec.loader.exec_module(coverage)

    text = ("If this creature hasn't been exerted this turn, you may exert it as it attacks.",
            "When you do, untap all other creatures you control and after this phase, there is "
            "an additional combat phase.")
    names = ("Combat Celebrant",)
    assert exert_reflexive(text, names) == frozenset({1})
    # h35: the additional combat phase is a later value (500.8, if_more.py), so the
    # reflexive trigger is now read and played (tests/test_if_tests_h25.py plays it)
    assert reflexive_unread(text[1], names) is None
    _, cards = coverage.load_cards("")
    card = next(c for c in cards if c.name == "Combat Celebrant")
    assert [(t, read) for t, _, read in coverage.combat_triggers(card)] == [(text[1], True)]
    assert all(status != "unparsed" for status, _ in reasons("Combat Celebrant"))


def test_exert_as_he_attacks_is_read() -> None:
    # Themberchaud: "You may exert Themberchaud as he attacks. When you do, he gains flying
    # until end of turn" (701.43a, 603.12): the exert choice and its trigger are read.
    from redzone.models.cards import lookup
    from redzone.models.parser import parse_text
    from redzone.models.triggers.attack_choices import choice_triggers, may_exert

    c = lookup("Themberchaud")
    assert c is not None
    parsed = parse_text(c.faces[0].text, names=("Themberchaud",))
    assert may_exert(parsed, ("Themberchaud",)) == "You may exert Themberchaud as he attacks."
    (got,) = choice_triggers(parsed, ("Themberchaud",))
    assert got.event == "exerted"


# ------------------------------------------------------------------ played readings

def test_she_hulk_gives_other_heroes_trample() -> None:
    # "Other Heroes you control have trample" (613.1f; "Heroes" is the plural of Hero):
    # Black Widow (2/2 Hero) blocked by Llanowar Elves (1/1) gets a +1/+1 counter from
    # She-Hulk's "becomes blocked" trigger (one blocker), then as a 3/3 assigns 1 lethal
    # damage to the Elves and 2 to Bob (702.19b): Bob 20 -> 18 (20 without trample).
    got = damage([perm("s", "She-Hulk, Wallbreaker", "Alice"),
                  perm("w", "Black Widow, Natasha Romanoff", "Alice"),
                  perm("l", "Llanowar Elves", "Bob")], {"w": "Bob"}, {"l": ["w"]})
    assert got["unparsed"] == []
    assert got["outcome"]["life"]["Bob"] == 18
    assert "l" in got["outcome"]["destroyed"]


def test_everett_k_ross_pumps_only_commanders() -> None:
    # "Commander creatures you control get +1/+1 and have lifelink" (903.3: a commander is
    # the card the scenario marks ``commander``): the commander Grizzly Bears deals 3 with
    # lifelink, the Hill Giant (not a commander) 3 without. Bob 40 -> 34, Alice 40 -> 43.
    sc = scenario([perm("e", "Everett K. Ross, Hapless Attaché", "Alice"),
                   perm("b", "Grizzly Bears", "Alice", commander=True),
                   perm("g", "Hill Giant", "Alice")], {"b": "Bob", "g": "Bob"})
    sc["format"] = "commander"
    sc["players"] = [{"name": "Alice", "life": 40}, {"name": "Bob", "life": 40}]
    got = run_command("damage", sc, {}).to_json()
    assert got["unparsed"] == []
    assert got["outcome"]["life"] == {"Alice": 43, "Bob": 34}


def test_everett_k_ross_card_shows_the_commander_filter() -> None:
    from redzone.models.abilities import Affected, Quality
    from redzone.solver.frontends.output import _plain, describe_affected  # type: ignore[attr-defined]

    group = Affected(kind="creatures", controller="you", qualities=(Quality(commander=True),))
    assert describe_affected(_plain(group)) == "creatures you control (commander)"


# ------------------------------------------------------- one sentence, two subjects (613)

def test_thunderfoot_baloth_pumps_the_others_not_itself_twice() -> None:
    # "As long as you control your commander, this creature gets +2/+2 and other creatures
    # you control get +2/+2 and have trample" (stated true): Grizzly Bears is 4/4 with
    # trample; blocked by Llanowar Elves (1/1) it assigns 1 to the Elves and 3 to Bob
    # (702.19b). The old reading gave the Baloth the trample and the Bears nothing (Bob 20).
    got = damage([perm("t", "Thunderfoot Baloth", "Alice",
                       conditions={"you control your commander": True}),
                  perm("b", "Grizzly Bears", "Alice"), perm("l", "Llanowar Elves", "Bob")],
                 {"b": "Bob"}, {"l": ["b"]})
    assert got["unparsed"] == []
    assert got["outcome"]["life"]["Bob"] == 17


def test_angelic_field_marshal_gets_plus_two_and_gives_vigilance() -> None:
    # Angelic Field Marshal (3/3 flying) with its commander condition stated true: 5/5
    # (613.4c) — Bob 20 -> 15; "creatures you control have vigilance" is a Grant to the
    # group, not to the Marshal alone.
    from redzone.models.abilities import Conditional, Grant

    got = damage([perm("m", "Angelic Field Marshal", "Alice",
                       conditions={"you control your commander": True})], {"m": "Bob"})
    assert got["unparsed"] == []
    assert got["outcome"]["life"]["Bob"] == 15
    (cond,) = [s for s in analyse_text(
        "As long as you control your commander, this creature gets +2/+2 and creatures you "
        "control have vigilance.", names=("Angelic Field Marshal",))]
    (c,) = cond.abilities
    assert isinstance(c, Conditional)
    grant = c.abilities[-1]
    assert isinstance(grant, Grant) and grant.affected.kind == "creatures"
    assert [k.name for k in grant.abilities] == ["vigilance"]  # type: ignore[attr-defined]


def test_unstated_commander_condition_is_reported() -> None:
    # 611.3a: the scenario does not say whether Alice controls her commander: reported.
    got = damage([perm("m", "Angelic Field Marshal", "Alice")], {"m": "Bob"})
    assert got["unparsed"] != []


# ----------------------------------------------------------- keywords by colour (613.1f)

def test_scion_of_draco_grants_by_colour() -> None:
    # "Each creature you control has ... first strike if it's red, and trample if it's
    # green": Goblin Piker (red 2/1) blocked by Grizzly Bears kills them first and survives
    # (702.7b); Alice's Grizzly Bears (green 2/2) blocked by Llanowar Elves (1/1) assigns 1
    # to the Elves and 1 to Bob (702.19b): Bob 20 -> 19.
    got = damage([perm("s", "Scion of Draco", "Alice"), perm("p", "Goblin Piker", "Alice"),
                  perm("a", "Grizzly Bears", "Alice"), perm("b", "Grizzly Bears", "Bob"),
                  perm("l", "Llanowar Elves", "Bob")],
                 {"p": "Bob", "a": "Bob"}, {"b": ["p"], "l": ["a"]})
    assert got["unparsed"] == []
    assert sorted(got["outcome"]["destroyed"]) == ["b", "l"]
    assert got["outcome"]["life"]["Bob"] == 19


# ------------------------------------------- protection from the chosen player (702.16)

def nemesis(chosen: str) -> dict[str, Any]:
    return perm("n", "True-Name Nemesis", "Alice", choices={"player": chosen})


def test_true_name_nemesis_cant_be_blocked_by_the_chosen_players_creatures() -> None:
    # Bob chosen: his Grizzly Bears can't block True-Name Nemesis (702.16f); Carol chosen
    # instead, they can.
    from redzone.models.block_rules import block_problems
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario

    def allowed(chosen: str) -> dict[str, tuple[str, ...]]:
        data = {"players": [{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}],
                "permanents": [nemesis(chosen), perm("b", "Grizzly Bears", "Bob")],
                "combat": {"attackers": {"n": "Bob"}}}
        (p,) = block_problems(build_board(parse_scenario(data)))
        return dict(p.allowed)

    assert allowed("Bob").get("b", ()) == ()
    assert allowed("Carol")["b"] == ("n",)


def test_true_name_nemesis_takes_no_damage_from_the_chosen_player() -> None:
    # Bob chosen; Nemesis (3/1) blocks Bob's Hill Giant (3/3): the Giant's 3 damage is
    # prevented (702.16e), the Nemesis survives and deals 3: the Giant dies.
    got = run_command("damage", {
        "players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
        "active_player": "Bob",
        "permanents": [nemesis("Bob"), perm("g", "Hill Giant", "Bob")],
        "combat": {"attackers": {"g": "Alice"}, "blockers": {"n": ["g"]}}}, {}).to_json()
    assert got["unparsed"] == []
    assert got["outcome"]["destroyed"] == ["g"]


def test_true_name_nemesis_choice_is_checked_and_required() -> None:
    # 614.12: the player is chosen as it enters: unstated, the protection is reported (not
    # in force); a name that is no player is an error naming the field.
    got = damage([perm("n", "True-Name Nemesis", "Alice"), perm("b", "Grizzly Bears", "Bob")],
                 {"n": "Bob"}, {"b": ["n"]})
    assert any("choices" in u["sentence"] if isinstance(u, dict) else "choices" in u
               for u in got["unparsed"])
    from redzone.models.errors import ScenarioError

    with pytest.raises(ScenarioError, match=r"choices\.player"):
        run_command("damage", scenario([nemesis("Carol")], {"n": "Bob"}), {})


# ------------------------------------------------ damage to you redirected by source (614.1a)

def dealt(answer: dict[str, Any]) -> dict[tuple[str, str], int]:
    """(source, recipient) -> damage dealt, over the answer's damage steps."""
    out: dict[tuple[str, str], int] = {}
    for step in answer["steps"]:
        for d in step["dealt"]:
            out[(d["source"], d["recipient"])] = out.get((d["source"], d["recipient"]), 0) + d["amount"]
    return out


def test_veteran_bodyguard_takes_damage_of_unblocked_creatures_only() -> None:
    # Bob's untapped Veteran Bodyguard (2/5): the 2 of Alice's unblocked Grizzly Bears are
    # dealt to it instead (614.1a); Colossal Dreadmaw (6/6 trample) blocked by Llanowar
    # Elves assigns 1 to them and 5 to Bob — a blocked creature, not redirected (509.1h).
    got = damage([perm("a", "Grizzly Bears", "Alice"), perm("w", "Colossal Dreadmaw", "Alice"),
                  perm("v", "Veteran Bodyguard", "Bob"), perm("l", "Llanowar Elves", "Bob")],
                 {"a": "Bob", "w": "Bob"}, {"l": ["w"]})
    assert got["unparsed"] == []
    assert got["outcome"]["life"]["Bob"] == 15
    assert dealt(got)[("a", "v")] == 2


def test_veteran_bodyguard_tapped_redirects_nothing() -> None:
    # "As long as this creature is untapped" (611.3a): tapped, the Bears hit Bob.
    got = damage([perm("a", "Grizzly Bears", "Alice"),
                  perm("v", "Veteran Bodyguard", "Bob", tapped=True)], {"a": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 18


def test_martyrs_of_korlis_takes_damage_from_artifacts_only() -> None:
    # Bob's Martyrs of Korlis (1/6): the artifact Bronze Sable's 2 are dealt to it, the
    # Grizzly Bears' 2 to Bob: Bob 20 -> 18.
    got = damage([perm("s", "Bronze Sable", "Alice"), perm("a", "Grizzly Bears", "Alice"),
                  perm("m", "Martyrs of Korlis", "Bob")], {"s": "Bob", "a": "Bob"})
    assert got["unparsed"] == []
    assert got["outcome"]["life"]["Bob"] == 18
    assert dealt(got)[("s", "m")] == 2


def test_weathered_bodyguards_redirects_combat_damage() -> None:
    from redzone.models.abilities import Conditional, RedirectDamage

    (s,) = [x for x in analyse_text(
        "As long as this creature is untapped, all combat damage that would be dealt to you by "
        "unblocked creatures is dealt to this creature instead.", names=("Weathered Bodyguards",))]
    (c,) = s.abilities
    assert isinstance(c, Conditional) and c.condition.kind == "untapped"
    (r,) = c.abilities
    assert isinstance(r, RedirectDamage) and r.damage == "combat" and r.unblocked_only


# ------------------------------------------- clauses about the permanent, one a prevention

@pytest.mark.parametrize(("ice", "bears_die"), [(1, True), (3, False)])
def test_woolly_razorback_deals_damage_once_its_ice_is_gone(ice: int, bears_die: bool) -> None:
    # "As long as this creature has an ice counter on it, prevent all combat damage it would
    # deal and it has defender" (611.3a, 615.1); "Whenever this creature blocks, remove an
    # ice counter from it". Blocking Grizzly Bears with 1 ice counter: the trigger resolves
    # in the declare blockers step (603.3), before combat damage, so its 7 damage is dealt
    # and the Bears die; with 3, 2 remain and the damage is prevented.
    got = damage([perm("a", "Grizzly Bears", "Alice"),
                  perm("w", "Woolly Razorback", "Bob", counters={"ice": ice})],
                 {"a": "Bob"}, {"w": ["a"]})
    assert got["unparsed"] == []
    assert ("a" in got["outcome"]["destroyed"]) is bears_die


def test_togglodyte_clauses() -> None:
    from redzone.models.abilities import CantAttack, CantBlock, Conditional, PreventDamage

    (s,) = [x for x in analyse_text(
        "As long as this creature is turned off, it can't attack or block, and prevent all "
        "damage it would deal.", names=("Togglodyte",))]
    (c,) = s.abilities
    assert isinstance(c, Conditional) and c.condition.kind == "stated"
    kinds = [type(a) for a in c.abilities]
    assert kinds == [CantAttack, CantBlock, PreventDamage]
    assert c.abilities[2].by and c.abilities[2].damage == "any"  # type: ignore[attr-defined]


def test_lo_and_li_gives_noble_creatures_lifelink() -> None:
    # "Noble creatures you control and Lesson spells you control have lifelink" (613.1f; no
    # spell is on the battlefield): Imposing Sovereign (Noble 2/1) deals 2 to Bob and Alice
    # gains 2 (702.15b); Grizzly Bears (no Noble) gains her nothing. Alice 20 -> 22.
    got = damage([perm("l", "Lo and Li, Twin Tutors", "Alice"),
                  perm("s", "Imposing Sovereign", "Alice"), perm("b", "Grizzly Bears", "Alice")],
                 {"s": "Bob", "b": "Bob"})
    assert got["unparsed"] == []
    assert got["outcome"]["life"] == {"Alice": 22, "Bob": 16}


def test_emrakul_protection_from_coloured_spells_is_no_combat_rule() -> None:
    # 702.16: protection from spells stops spells only; triggered abilities are no spells.
    got = reasons("Emrakul, the Aeons Torn")
    assert all(status != "unparsed" for status, _ in got)
    assert ("ignored", "keyword not combat-relevant") in got


def test_dragon_hunter_blocks_flying_dragons_only() -> None:
    # "This creature can block Dragons as though it had reach" (702.9b, 702.17b): Bob's
    # Dragon Hunter may block Shivan Dragon (a flying Dragon) but not Serra Angel (a flying
    # Angel). Its protection from Dragons prevents the Dragon's damage (702.16e).
    from redzone.models.block_rules import block_problems
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario

    data = {"players": [{"name": "Alice"}, {"name": "Bob"}],
            "permanents": [perm("d", "Shivan Dragon", "Alice"), perm("s", "Serra Angel", "Alice"),
                           perm("h", "Dragon Hunter", "Bob")],
            "combat": {"attackers": {"d": "Bob", "s": "Bob"}}}
    (p,) = block_problems(build_board(parse_scenario(data)))
    assert p.allowed["h"] == ("d",)
    got = damage([perm("d", "Shivan Dragon", "Alice"), perm("h", "Dragon Hunter", "Bob")],
                 {"d": "Bob"}, {"h": ["d"]})
    assert got["unparsed"] == [] and got["outcome"]["destroyed"] == []


def test_heroic_lines_keep_their_reading() -> None:
    # Only an ability-word line the keyword splitter would leave unread is re-read: a
    # "Heroic — Whenever ..." line stays a triggered keyword line, its text whole.
    from redzone.models.parser import analyse_text as at

    (s,) = at("Heroic — Whenever you cast a spell that targets this creature, put a +1/+1 "
              "counter on this creature.", names=("Satyr Hoplite",))
    assert s.reason == "triggered keyword" and s.text.startswith("Heroic — ")
