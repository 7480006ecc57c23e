"""Effects of triggered abilities of combat that change creatures (h15; docs/triggers.md,
"Groups and targets by characteristics" and the entries after it;
:mod:`redzone.models.triggers.creatures`), read from real cards and played by the ``damage``
job and the AI on small boards, each answer worked out by hand from the rules."""

from __future__ import annotations

from typing import Any

from redzone.models.ability_base import Quality
from redzone.models.board import build_board
from redzone.models.scenario import parse_scenario
from redzone.models.triggers.types import GainKeywords, MustBlockSource, Pump, Who
from redzone.solver.ai.decisions import choose_attack
from redzone.solver.ai.reference import reference_attack_values
from test_ai_differential import _key
from trigger_play import damage as _damage, perm as _p, read as _read

_ALL: dict[str, Any] = {"triggers_resolved": []}


# ---------------------------------------------------------------- groups: reading


def test_creature_type_group_you_control_is_read_with_its_type() -> None:
    # Goblin General: "Goblin creatures you control get +1/+1" (a creature type before
    # "creatures", 205.3m; the parser lowers the sentence's first letter).
    (t,) = _read("Goblin General")
    assert t.effects == (Pump(Who("each_creature", "you", qualities=(Quality(subtypes=("Goblin",)),)),
                              1, 1),)


def test_attacking_group_with_a_keyword_and_other() -> None:
    # Steel-Plume Marshal: "other attacking creatures you control with flying".
    (t,) = _read("Steel-Plume Marshal")
    assert t.effects == (Pump(Who("attacking", "you", other=True,
                                  qualities=(Quality(keywords=("flying",)),)), 2, 2),)


def test_target_attacking_equipped_creature() -> None:
    # Item Shopkeep: one target (603.3d), attacking and equipped (301.5).
    (t,) = _read("Item Shopkeep")
    (e,) = t.effects
    assert isinstance(e, GainKeywords) and e.keywords == ("menace",)
    assert e.who.kind == "target_creature" and e.who.attacking
    assert [q.equipped for q in e.who.qualities] == [True]


def test_non_type_group_reaches_every_controller() -> None:
    # Elvish Dreadlord: "non-Elf creatures get -3/-3" — everyone's (no controller named).
    (t,) = _read("Elvish Dreadlord")
    assert t.effects == (Pump(Who("each_creature", qualities=(Quality(exclude_subtypes=("Elf",)),)),
                              -3, -3),)


# ---------------------------------------------------------------- groups: playing


def test_goblin_general_pumps_only_goblins() -> None:
    # 508.2, 603.2: the attack trigger resolves before blocks; Goblin General (1/1) and Goblin
    # Piker (2/1) are Goblins and get +1/+1, Grizzly Bears (a Bear) don't: 2 + 3 + 2 = 7.
    got = _damage([_p("gen", "Goblin General", "Alice"), _p("piker", "Goblin Piker", "Alice"),
                   _p("bears", "Grizzly Bears", "Alice")],
                  {"gen": "Bob", "piker": "Bob", "bears": "Bob"}, **_ALL)
    assert got["triggers"][0]["result"] == "gen gets +1/+1, piker gets +1/+1"
    assert got["outcome"]["life"]["Bob"] == 13


def test_kangee_blocking_fliers_get_toughness() -> None:
    # Kangee, Sky Warden (3/3 flying) blocks Serra Angel (4/4 flying, vigilance): the block
    # trigger (509.2) gives blocking creatures with flying +0/+2 — Kangee is a 3/5 and
    # survives 4 damage (704.5g), Serra takes 3.
    got = _damage([_p("serra", "Serra Angel", "Alice"), _p("kangee", "Kangee, Sky Warden", "Bob")],
                  {"serra": "Bob"}, {"kangee": ["serra"]}, **_ALL)
    assert [t["result"] for t in got["triggers"]] == ["kangee gets +0/+2"]
    assert got["outcome"]["destroyed"] == []
    assert got["outcome"]["damage"] == {"kangee": 4, "serra": 3}


def test_mistford_river_turtle_target_must_be_non_human() -> None:
    # Mistford River Turtle: "another target attacking non-Human creature can't be blocked
    # this turn". The Soldier of the Pantheon (a Human) is no legal target (603.3d); the
    # Grizzly Bears are (the Turtle itself is not: "another"), and can't be blocked (509.1b).
    got = _damage([_p("turtle", "Mistford River Turtle", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                   _p("human", "Soldier of the Pantheon", "Alice")],
                  {"turtle": "Bob", "bears": "Bob", "human": "Bob"}, **_ALL)
    assert got["triggers"][0]["choices"] == {"target": "bears"}
    assert got["triggers"][0]["result"] == "bears can't be blocked this turn"


def test_ai_sees_the_goblin_pump_as_lethal() -> None:
    # Bob at 5 with no creature: Goblin General (1/1) and Goblin Piker (2/1) attacking deal
    # 1 + 2 = 3 unpumped, 2 + 3 = 5 with the attack trigger (the AI's search and reference
    # play it): lethal (704.5a).
    data: dict[str, Any] = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 5}],
                            "permanents": [_p("gen", "Goblin General", "Alice"),
                                           _p("piker", "Goblin Piker", "Alice")]}
    board = build_board(parse_scenario(data))
    r = choose_attack(board, lookahead=0)
    assert r.attackers == {"gen": "Bob", "piker": "Bob"} and r.lethal
    assert r.outcome["life"]["Bob"] == 0
    values = {_key(d): v for d, v in reference_attack_values(board, lookahead=0)}
    assert values[_key({"gen": "Bob", "piker": "Bob"})] == 1_000_000_000


def test_goreclaw_pumps_and_gives_trample_to_the_same_creatures() -> None:
    # 611.2c: "each creature you control with power 4 or greater gets +1/+1 and gains
    # trample" affects the creatures that have power 4 or greater as it resolves: Goreclaw
    # (4/3); Hill Giant (3/3) doesn't get trample after a pump it never got either.
    got = _damage([_p("gore", "Goreclaw, Terror of Qal Sisma", "Alice"),
                   _p("giant", "Hill Giant", "Alice")], {"gore": "Bob", "giant": "Bob"}, **_ALL)
    assert got["triggers"][0]["result"] == "gore gets +1/+1; gore gains trample"
    assert got["outcome"]["life"]["Bob"] == 20 - 5 - 3


def test_hammer_of_ruin_target_equipment_is_not_a_creature_type() -> None:
    # "target Equipment that player controls" names an artifact (301.5), not creatures of a
    # creature type: not read as a target creature.
    from redzone.models.triggers.parse import parse_trigger

    assert parse_trigger("Whenever equipped creature deals combat damage to a player, you may "
                         "destroy target Equipment that player controls.", ("Hammer of Ruin",)) is None


# ---------------------------------------------------------------- preventions (615)


def test_goblin_snowman_blocks_and_nothing_is_dealt() -> None:
    # Goblin Snowman (1/1) blocks Grizzly Bears (2/2): its block trigger (509.2) prevents
    # the combat damage dealt to and by it this turn (615.1a): both survive, no damage.
    got = _damage([_p("bears", "Grizzly Bears", "Alice"), _p("snow", "Goblin Snowman", "Bob")],
                  {"bears": "Bob"}, {"snow": ["bears"]}, **_ALL)
    assert got["triggers"][0]["result"] == "combat damage dealt to and by snow is prevented this turn"
    assert got["outcome"]["destroyed"] == []
    assert got["outcome"]["damage"] == {}


def test_ignoble_soldier_deals_nothing_once_blocked() -> None:
    # Ignoble Soldier (3/1) becomes blocked by Grizzly Bears (2/2): the damage it would deal
    # is prevented (615.1a), the Bears' 2 is not — the Soldier dies (704.5g), the Bears live.
    got = _damage([_p("sol", "Ignoble Soldier", "Alice"), _p("bears", "Grizzly Bears", "Bob")],
                  {"sol": "Bob"}, {"bears": ["sol"]}, **_ALL)
    assert got["outcome"]["destroyed"] == ["sol"]
    assert got["outcome"]["damage"] == {}  # none on the Bears (the dead Soldier's is not listed)
    dealt = {d["source"]: d["amount"] for s in got["steps"] for d in s["dealt"]}
    assert dealt == {"sol": 0, "bears": 2}


# ---------------------------------------------------------------- other forms


def test_agrus_kos_two_groups_one_sentence() -> None:
    # Agrus Kos (red and white 3/3): attacking red creatures get +2/+0, attacking white ones
    # +0/+2 (it is both: 5/5); Goblin Piker (red 2/1) 4/1; Savannah Lions (white 2/1) 2/3:
    # 5 + 4 + 2 = 11 damage.
    got = _damage([_p("agrus", "Agrus Kos, Wojek Veteran", "Alice"), _p("piker", "Goblin Piker", "Alice"),
                   _p("lions", "Savannah Lions", "Alice")],
                  {"agrus": "Bob", "piker": "Bob", "lions": "Bob"}, **_ALL)
    assert got["triggers"][0]["result"] == ("agrus gets +2/+0, piker gets +2/+0; "
                                            "agrus gets +0/+2, lions gets +0/+2")
    assert got["outcome"]["life"]["Bob"] == 9


def test_sickle_dancer_team_is_its_controller() -> None:
    # "If your team controls another Warrior": no teams are played (810 is not), so the team
    # is Alice: with Goblin Piker (a Warrior) the Dancer (3/2) is a 4/3, alone it is not.
    with_piker = _damage([_p("sd", "Sickle Dancer", "Alice"), _p("piker", "Goblin Piker", "Alice")],
                         {"sd": "Bob"}, **_ALL)
    assert with_piker["outcome"]["life"]["Bob"] == 16
    alone = _damage([_p("sd", "Sickle Dancer", "Alice")], {"sd": "Bob"}, **_ALL)
    assert alone["outcome"]["life"]["Bob"] == 17


def test_murk_dwellers_until_end_of_combat() -> None:
    # Murk Dwellers (2/2) attacks and isn't blocked: +2/+0 until end of combat (511.3), in
    # effect as combat damage is dealt: 4 damage.
    got = _damage([_p("murk", "Murk Dwellers", "Alice")], {"murk": "Bob"}, **_ALL)
    assert got["outcome"]["life"]["Bob"] == 16


def test_witherscale_wurm_blocker_gains_wither() -> None:
    # Grizzly Bears block Witherscale Wurm (9/9): "that creature" (the blocker) gains wither
    # (702.80a): its 2 damage are dealt as two -1/-1 counters on the Wurm.
    got = _damage([_p("wurm", "Witherscale Wurm", "Alice"), _p("bears", "Grizzly Bears", "Bob")],
                  {"wurm": "Bob"}, {"bears": ["wurm"]}, **_ALL)
    assert got["outcome"]["counters"] == {"wurm": {"-1/-1": 2}}
    assert "bears" in got["outcome"]["destroyed"]


def test_leery_fogbeast_prevents_all_combat_damage() -> None:
    # Leery Fogbeast (3/2) becomes blocked by Grizzly Bears: "prevent all combat damage that
    # would be dealt this turn" (615.1a) — the Bears, the Fogbeast and the unblocked Savannah
    # Lions deal nothing: Bob stays at 20, nothing dies.
    got = _damage([_p("fog", "Leery Fogbeast", "Alice"), _p("lions", "Savannah Lions", "Alice"),
                   _p("bears", "Grizzly Bears", "Bob")],
                  {"fog": "Bob", "lions": "Bob"}, {"bears": ["fog"]}, **_ALL)
    assert got["triggers"][0]["result"] == "all combat damage is prevented this turn"
    assert got["outcome"]["life"]["Bob"] == 20
    assert got["outcome"]["destroyed"] == [] and got["outcome"]["damage"] == {}


def test_ai_blocks_leery_fogbeast_safely() -> None:
    # Bob at 3 with Grizzly Bears (2/2) against an attacking Leery Fogbeast (3/2): unblocked,
    # 3 damage kill him (704.5a); blocked, the Fogbeast's trigger prevents all combat damage
    # (615.1a), so the block saves him and the Bears live. The AI's search blocks; its
    # reference values the block above staying back.
    from redzone.solver.ai.decisions import choose_blocks
    from redzone.solver.ai.reference import reference_block_value

    data: dict[str, Any] = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 3}],
                            "permanents": [_p("fog", "Leery Fogbeast", "Alice"),
                                           _p("bears", "Grizzly Bears", "Bob")],
                            "combat": {"attackers": {"fog": "Bob"}}}
    board = build_board(parse_scenario(data))
    r = choose_blocks(board, lookahead=0)
    assert r.blockers == {"bears": ["fog"]} and r.survives
    assert r.outcome["life"]["Bob"] == 3 and r.outcome["destroyed"] == []
    values = {tuple(sorted((b, tuple(a)) for b, a in blk.items())): v
              for blk, v in reference_block_value(board, lookahead=0)}
    assert values[(("bears", ("fog",)),)] < values[()]  # the attacker's value: lower is Bob's best


# ---------------------------------------------------------------- removed from combat (506.4)


def test_gustcloak_runner_removed_from_combat_deals_and_takes_nothing() -> None:
    # Gustcloak Runner (1/1) becomes blocked by Grizzly Bears; Savannah Lions are unblocked.
    # Alice may untap it and remove it from combat (506.4): it is no longer attacking, so it
    # deals and is dealt no combat damage (510.1) and the Bears, still blocking, deal none.
    # Taken (Alice keeps her creature), only the Lions' 2 reach Bob.
    got = _damage([_p("run", "Gustcloak Runner", "Alice"), _p("lions", "Savannah Lions", "Alice"),
                   _p("bears", "Grizzly Bears", "Bob")],
                  {"run": "Bob", "lions": "Bob"}, {"bears": ["run"]}, **_ALL)
    assert got["triggers"][0]["choices"] == {"may": True}
    assert got["triggers"][0]["result"] == "run untapped; run is removed from combat"
    assert got["steps"][0]["assignment"] == {"lions": {"Bob": 2}}
    assert got["outcome"]["destroyed"] == [] and got["outcome"]["life"]["Bob"] == 18
    # declined: the Runner stays blocked and dies to the Bears (704.5g)
    kept = _damage([_p("run", "Gustcloak Runner", "Alice"), _p("bears", "Grizzly Bears", "Bob")],
                   {"run": "Bob"}, {"bears": ["run"]}, triggers_resolved=[],
                   trigger_choices=[{"source": "run", "window": "block", "may": False}])
    assert kept["outcome"]["destroyed"] == ["run"] and kept["outcome"]["damage"] == {"bears": 1}


def test_ai_knows_the_gustcloak_runner_escapes() -> None:
    # Bob at 1 with Grizzly Bears against an attacking Gustcloak Runner: he must block
    # (704.5a), and the AI plays the Runner's removal from combat (506.4): nobody dies. The
    # reference agrees that blocking is Bob's only move that doesn't lose.
    from redzone.solver.ai.decisions import choose_blocks
    from redzone.solver.ai.reference import reference_block_value

    data: dict[str, Any] = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 1}],
                            "permanents": [_p("run", "Gustcloak Runner", "Alice"),
                                           _p("bears", "Grizzly Bears", "Bob")],
                            "combat": {"attackers": {"run": "Bob"}}}
    board = build_board(parse_scenario(data))
    r = choose_blocks(board, lookahead=0)
    assert r.blockers == {"bears": ["run"]} and r.survives
    assert r.outcome["destroyed"] == [] and r.outcome["life"]["Bob"] == 1
    values = {tuple(sorted((b, tuple(a)) for b, a in blk.items())): v
              for blk, v in reference_block_value(board, lookahead=0)}
    assert values[()] == 1_000_000_000 > values[(("bears", ("run",)),)]


def test_ai_attack_value_with_removal_matches_reference() -> None:
    # The search (solver/ai/triggered.py) and the exhaustive reference play the Runner's
    # removal from combat alike: the same best value and an attack the reference rates best.
    data: dict[str, Any] = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                            "permanents": [_p("run", "Gustcloak Runner", "Alice"),
                                           _p("lions", "Savannah Lions", "Alice"),
                                           _p("bears", "Grizzly Bears", "Bob")]}
    board = build_board(parse_scenario(data))
    r = choose_attack(board, lookahead=0)
    values = {_key(d): v for d, v in reference_attack_values(board, lookahead=0)}
    assert values[_key(r.attackers)] == max(values.values())


def test_avalanche_tusker_target_must_block_it() -> None:
    # Avalanche Tusker (6/4) attacks: "target creature defending player controls blocks it
    # this combat if able" — a block requirement (509.1c) for the blocks declared after the
    # attack window (508.2, 509.1): Bob's Grizzly Bears must block it, so the AI blocks so.
    from redzone.solver.ai.decisions import choose_blocks

    (t,) = _read("Avalanche Tusker")
    assert t.effects == (MustBlockSource(Who("target_creature", "defending")),)
    data: dict[str, Any] = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                            "permanents": [_p("tusker", "Avalanche Tusker", "Alice"),
                                           _p("bears", "Grizzly Bears", "Bob")],
                            "combat": {"attackers": {"tusker": "Bob"}}}
    r = choose_blocks(build_board(parse_scenario(data)), lookahead=0)
    assert r.blockers == {"bears": ["tusker"]}
    assert r.outcome["destroyed"] == ["bears"] and r.outcome["life"]["Bob"] == 20


def test_mr_orfeo_doubles_the_targets_power() -> None:
    # "Double target creature's power until end of turn" (701.10a: +X/+0, X its power as the
    # ability resolves). Alice attacks with Mr. Orfeo (2/4) and Hill Giant (3/3); doubling
    # the Giant deals the most: 2 + 6 = 8.
    got = _damage([_p("orfeo", "Mr. Orfeo, the Boulder", "Alice"), _p("giant", "Hill Giant", "Alice")],
                  {"orfeo": "Bob", "giant": "Bob"}, **_ALL)
    assert got["triggers"][0]["choices"] == {"target": "giant"}
    assert got["triggers"][0]["result"] == "giant gets +3/+0"
    assert got["outcome"]["life"]["Bob"] == 12


def test_luke_cage_he_is_the_source() -> None:
    # "he gets +2/+0 and gains indestructible": "he" is Luke Cage (as "it"); blocked by Hill
    # Giant (3/3) he survives 3 damage as a 4/5 anyway, and the Giant dies to 4.
    got = _damage([_p("luke", "Luke Cage, Power Man", "Alice"), _p("giant", "Hill Giant", "Bob")],
                  {"luke": "Bob"}, {"giant": ["luke"]}, **_ALL)
    assert got["triggers"][0]["result"] == "luke gets +2/+0; luke gains indestructible"
    assert got["outcome"]["destroyed"] == ["giant"]


def test_tsagan_counts_creatures_with_first_or_double_strike() -> None:
    # "+1/+0 for each creature you control with first strike or double strike" (608.2h: counted
    # as it resolves): Tsagan (1/4, double strike) and White Knight (2/2, first strike) count,
    # Grizzly Bears don't: +2/+0 each. Tsagan deals 3 twice (702.4b), the Knight 4, the
    # Bears 4: 14.
    got = _damage([_p("tsagan", "Tsagan, Raider Warlord", "Alice"), _p("knight", "White Knight", "Alice"),
                   _p("bears", "Grizzly Bears", "Alice")],
                  {"tsagan": "Bob", "knight": "Bob", "bears": "Bob"}, **_ALL)
    assert got["triggers"][0]["result"] == "tsagan gets +2/+0, knight gets +2/+0, bears gets +2/+0"
    assert got["outcome"]["life"]["Bob"] == 6


def test_storm_until_end_of_turn_said_first() -> None:
    # "until end of turn, another target attacking creature gains flying and gets +X/+0, where
    # X is Storm's power" (4): Grizzly Bears become a 6/2 flier; 4 + 6 = 10 damage.
    got = _damage([_p("storm", "Storm, Queen of Wakanda", "Alice"), _p("bears", "Grizzly Bears", "Alice")],
                  {"storm": "Bob", "bears": "Bob"}, **_ALL)
    assert got["triggers"][0]["result"] == "bears gets +4/+0; bears gains flying"
    assert got["outcome"]["life"]["Bob"] == 10


def test_witch_maw_nephilim_trailing_if_checked_on_resolution() -> None:
    # "it gains trample until end of turn if its power is 10 or greater" (608.2c): with ten
    # +1/+1 counters (11/11) it tramples over Grizzly Bears for 9; with eight (9/9) not.
    big = _damage([_p("wm", "Witch-Maw Nephilim", "Alice", counters={"+1/+1": 10}),
                   _p("bears", "Grizzly Bears", "Bob")], {"wm": "Bob"}, {"bears": ["wm"]}, **_ALL)
    assert big["triggers"][0]["result"] == "wm gains trample"
    assert big["outcome"]["life"]["Bob"] == 11
    small = _damage([_p("wm", "Witch-Maw Nephilim", "Alice", counters={"+1/+1": 8}),
                     _p("bears", "Grizzly Bears", "Bob")], {"wm": "Bob"}, {"bears": ["wm"]}, **_ALL)
    assert small["triggers"][0]["result"] == "condition not met: does nothing"
    assert small["outcome"]["life"]["Bob"] == 20


def test_spectral_force_your_next_untap_step() -> None:
    # "if defending player controls no black permanents, it doesn't untap during your next
    # untap step" (603.4, 502.3): Bob with Grizzly Bears (green): it triggers; with Typhoid
    # Rats (black) it doesn't trigger at all.
    got = _damage([_p("sf", "Spectral Force", "Alice"), _p("bears", "Grizzly Bears", "Bob")],
                  {"sf": "Bob"}, **_ALL)
    assert got["triggers"][0]["result"] == "sf doesn't untap during its controller's next untap step (502.3)"
    black = _damage([_p("sf", "Spectral Force", "Alice"), _p("rats", "Typhoid Rats", "Bob")],
                    {"sf": "Bob"}, **_ALL)
    assert not black.get("triggers")


def test_abu_jafar_destroys_what_blocked_it() -> None:
    # Abu Ja'far (0/1) attacks with Savannah Lions; Grizzly Bears block Abu, Hill Giant blocks
    # the Lions. Abu dies (704.5g); its dies trigger destroys the creatures blocking it (the
    # Bears), not the Giant, which blocked another creature.
    got = _damage([_p("abu", "Abu Ja'far", "Alice"), _p("lions", "Savannah Lions", "Alice"),
                   _p("bears", "Grizzly Bears", "Bob"), _p("giant", "Hill Giant", "Bob")],
                  {"abu": "Bob", "lions": "Bob"}, {"bears": ["abu"], "giant": ["lions"]}, **_ALL)
    assert got["triggers"][0]["result"] == "bears destroyed; nothing"  # Abu blocked nothing
    assert sorted(got["outcome"]["destroyed"]) == ["abu", "bears", "lions"]


def test_radhas_firebrand_target_with_less_power() -> None:
    # "target creature defending player controls with power less than this creature's power
    # (3)": Llanowar Elves (1/1) is a legal target, Hill Giant (3/3) is not (603.3d).
    got = _damage([_p("radha", "Radha's Firebrand", "Alice"), _p("giant", "Hill Giant", "Bob"),
                   _p("elves", "Llanowar Elves", "Bob")], {"radha": "Bob"}, **_ALL)
    assert got["triggers"][0]["choices"] == {"target": "elves"}


def test_seedpod_squire_target_without_flying() -> None:
    # "target creature you control without flying": Serra Angel (flying) can't be chosen,
    # the Squire or the Bears can: 3 + 4 + 2 damage and +1 on the target = 10.
    got = _damage([_p("squire", "Seedpod Squire", "Alice"), _p("serra", "Serra Angel", "Alice"),
                   _p("bears", "Grizzly Bears", "Alice")],
                  {"squire": "Bob", "serra": "Bob", "bears": "Bob"}, **_ALL)
    assert got["triggers"][0]["choices"]["target"] in ("squire", "bears")
    assert got["outcome"]["life"]["Bob"] == 20 - 3 - 4 - 2 - 1


def test_legion_loyalist_creature_tokens_cant_block() -> None:
    # Legion Loyalist (1/1) attacks with Grizzly Bears and Savannah Lions (battalion): they
    # gain first strike and trample and "can't be blocked by creature tokens this turn"
    # (509.1b). Bob at 4 with a Grizzly Bears token: blocking a 2-power attacker would save
    # him (5 - 2 = 3 < 4), but the token can't block: he loses. A nontoken Bears can block.
    from redzone.solver.ai.decisions import choose_blocks

    def blocks(token: bool) -> Any:
        data: dict[str, Any] = {
            "players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 4}],
            "permanents": [_p("ll", "Legion Loyalist", "Alice"), _p("b1", "Grizzly Bears", "Alice"),
                           _p("lions", "Savannah Lions", "Alice"),
                           _p("tok", "Grizzly Bears", "Bob", token=token)],
            "combat": {"attackers": {"ll": "Bob", "b1": "Bob", "lions": "Bob"}}}
        return choose_blocks(build_board(parse_scenario(data)), lookahead=0)

    r = blocks(True)
    assert r.blockers == {} and not r.survives
    r = blocks(False)
    assert r.survives and list(r.blockers) == ["tok"]


def test_tegan_jovanka_target_attacking_historic_creature() -> None:
    # "target attacking historic creature" (700.6: legendary, artifact or Saga): Tegan stays
    # home; of the attacking Grizzly Bears and Ornithopter (an artifact) only the Ornithopter
    # is a legal target (603.3d): it becomes a 1/3.
    got = _damage([_p("tegan", "Tegan Jovanka", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                   _p("thopter", "Ornithopter", "Alice")], {"bears": "Bob", "thopter": "Bob"}, **_ALL)
    assert got["triggers"][0]["choices"] == {"target": "thopter"}
    assert got["outcome"]["life"]["Bob"] == 17


def test_marton_stromgald_counts_the_other_blockers() -> None:
    # Márton Stromgald (1/1) and Llanowar Elves block Hill Giant, Savannah Lions block Grizzly
    # Bears: "other blocking creatures get +1/+1 for each blocking creature other than ~"
    # (608.2h): two others, so the Elves and the Lions get +2/+2 (Márton doesn't).
    got = _damage([_p("giant", "Hill Giant", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                   _p("m", "Márton Stromgald", "Bob"), _p("elves", "Llanowar Elves", "Bob"),
                   _p("lions", "Savannah Lions", "Bob")],
                  {"giant": "Bob", "bears": "Bob"}, {"m": ["giant"], "elves": ["giant"], "lions": ["bears"]},
                  **_ALL)
    assert got["triggers"][0]["result"] == "elves gets +2/+2, lions gets +2/+2"
    assert sorted(got["outcome"]["destroyed"]) == ["bears", "giant", "m"]


def test_value_clauses_of_the_family() -> None:
    # Clues however many (Sophina), mana (Fangorn: nobody casts in combat), a card foretold
    # in exile (Ethereal Valkyrie), a delayed "becomes prepared" (Stensian Sanguinist): values
    # that change nothing in combat (docs/triggers.md "Value only").
    from redzone.models.triggers.types import Sacrifice, ValueOnly

    (sophina,) = _read("Sophina, Spearsage Deserter")
    assert sophina.effects == (ValueOnly("investigate"),)
    (fangorn,) = _read("Fangorn, Tree Shepherd")
    assert fangorn.effects == (ValueOnly("mana"),)
    (valkyrie,) = _read("Ethereal Valkyrie")
    assert all(isinstance(e, ValueOnly) for e in valkyrie.effects)
    (stensian,) = _read("Stensian Sanguinist // Exsanguinate")
    assert stensian.effects[-1] == ValueOnly("prepared")
    # Fire Lord Ozai: "you may sacrifice another creature. If you do, add ... {R} ..." — one
    # choice (603.5), the sacrifice a combat effect (701.21a), the mana a value.
    (ozai,) = _read("Fire Lord Ozai")
    assert ozai.optional and isinstance(ozai.effects[0], Sacrifice)
    assert ozai.effects[1:] == (ValueOnly(ozai.effects[1].what), ValueOnly("mana"))


def test_base_power_and_toughness_set_under_counters_and_pumps() -> None:
    # Voice of the Vermin: "target creature you control has base power and toughness 4/4 until
    # end of turn" (613.4b, layer 7b); a +1/+1 counter still applies on top (613.4c): Grizzly
    # Bears with a counter (3/3) becomes 5/5, Voice (2/2) 4/4 — either way +2: 7 damage.
    got = _damage([_p("v", "Voice of the Vermin", "Alice"),
                   _p("b", "Grizzly Bears", "Alice", counters={"+1/+1": 1})],
                  {"v": "Bob", "b": "Bob"}, **_ALL, trigger_choices=[
                      {"source": "v", "window": "attack", "target": "b"}])
    assert got["triggers"][0]["result"] == "b has base power and toughness 4/4"
    assert got["outcome"]["life"]["Bob"] == 20 - 2 - 5


def test_unruly_krasis_x_is_its_power() -> None:
    # Unruly Krasis (4/4): "have the base power and toughness of another target creature you
    # control become X/X, where X is this creature's power": Grizzly Bears become 4/4.
    got = _damage([_p("k", "Unruly Krasis", "Alice"), _p("b", "Grizzly Bears", "Alice")],
                  {"k": "Bob", "b": "Bob"}, **_ALL)
    assert got["triggers"][0]["choices"] == {"target": "b", "may": True}
    assert got["outcome"]["life"]["Bob"] == 20 - 4 - 4


def test_a_second_base_setting_this_turn_is_not_played() -> None:
    # Two Voice of the Vermin set the Bears' base twice: the second would need the base
    # before it (613.7, timestamps); it is not played and says so (never silently wrong).
    got = _damage([_p("v1", "Voice of the Vermin", "Alice"), _p("v2", "Voice of the Vermin", "Alice"),
                   _p("b", "Grizzly Bears", "Alice")],
                  {"v1": "Bob", "v2": "Bob", "b": "Bob"}, **_ALL, trigger_choices=[
                      {"source": "v1", "window": "attack", "target": "b"},
                      {"source": "v2", "window": "attack", "target": "b"}])
    results = sorted(t["result"] for t in got["triggers"])
    assert results[0] == "b has base power and toughness 4/4"
    assert results[1].startswith("not played: b's base power and toughness were set")


def test_tanazir_quandrix_base_equal_to_its_power_and_toughness() -> None:
    # Tanazir Quandrix (4/4): "other creatures you control" get base 4/4 (613.4b); Bob's
    # Grizzly Bears are not Alice's and stay 2/2. Tanazir 4 + Alice's Bears 4 = 8.
    got = _damage([_p("t", "Tanazir Quandrix", "Alice"), _p("b", "Grizzly Bears", "Alice"),
                   _p("c", "Grizzly Bears", "Bob")], {"t": "Bob", "b": "Bob"}, **_ALL)
    assert got["triggers"][0]["result"] == "b has base power and toughness 4/4"
    assert got["outcome"]["life"]["Bob"] == 12


def test_shakedown_heavy_defending_player_may_remove_it() -> None:
    # Shakedown Heavy (6/4) attacks: "defending player may have you draw a card. If they do,
    # untap this creature and remove it from combat" (506.4) — Bob's choice, played as an
    # adversary's: taken, only the Bears' 2 reach him; declined (stated), 6 + 2 = 8.
    perms = [_p("s", "Shakedown Heavy", "Alice"), _p("b", "Grizzly Bears", "Alice")]
    got = _damage(perms, {"s": "Bob", "b": "Bob"}, **_ALL)
    assert got["triggers"][0]["choices"] == {"may": True}
    assert got["triggers"][0]["result"] == ("draw (no effect on combat); s untapped; "
                                            "s is removed from combat")
    assert got["outcome"]["life"]["Bob"] == 18
    declined = _damage(perms, {"s": "Bob", "b": "Bob"}, triggers_resolved=[],
                       trigger_choices=[{"source": "s", "window": "attack", "may": False}])
    assert declined["triggers"][0]["result"] == "Bob declines"
    assert declined["outcome"]["life"]["Bob"] == 12


def test_ophidian_may_draw_instead_of_damage() -> None:
    # Ophidian (1/3) attacks and isn't blocked: "you may draw a card. If you do, this creature
    # assigns no combat damage this turn" (603.5, 510.1): one choice of Alice's. Declined (the
    # card weighs nothing here), 1 damage; taken (stated), none.
    got = _damage([_p("o", "Ophidian", "Alice")], {"o": "Bob"}, **_ALL)
    assert got["triggers"][0]["choices"] == {"may": False}
    assert got["outcome"]["life"]["Bob"] == 19
    drew = _damage([_p("o", "Ophidian", "Alice")], {"o": "Bob"}, triggers_resolved=[],
                   trigger_choices=[{"source": "o", "window": "block", "may": True}])
    assert drew["outcome"]["life"]["Bob"] == 20


def test_pack_tactics_counts_the_power_as_declared() -> None:
    # Hobgoblin Captain (3/1), pack tactics: "if you attacked with creatures with total power
    # 6 or greater this combat" (an intervening "if", 603.4, of the attackers as declared,
    # 508.1). With Hill Giant (3/3): 6, it gains first strike and kills a blocking Grizzly
    # Bears before they strike back; with Grizzly Bears (2/2) attacking instead: 5, nothing.
    six = _damage([_p("hob", "Hobgoblin Captain", "Alice"), _p("giant", "Hill Giant", "Alice"),
                   _p("bears", "Grizzly Bears", "Bob")],
                  {"hob": "Bob", "giant": "Bob"}, {"bears": ["hob"]}, **_ALL)
    assert six["triggers"][0]["result"] == "hob gains first strike"
    assert six["outcome"]["destroyed"] == ["bears"]
    five = _damage([_p("hob", "Hobgoblin Captain", "Alice"), _p("b2", "Grizzly Bears", "Alice"),
                    _p("bears", "Grizzly Bears", "Bob")],
                   {"hob": "Bob", "b2": "Bob"}, {"bears": ["hob"]}, **_ALL)
    assert not five.get("triggers")
    assert sorted(five["outcome"]["destroyed"]) == ["bears", "hob"]


def test_a_target_under_an_intervening_if() -> None:
    # Blowfly Infestation: "whenever a creature dies, if it had a -1/-1 counter on it, put a
    # -1/-1 counter on target creature" — the target is chosen as the ability is put on the
    # stack (603.3d), the condition checked as it dies and on resolution (603.4). Grizzly
    # Bears with a -1/-1 counter die to Hill Giant; the counter kills Llanowar Elves, whose
    # death (it had one now) puts another on the Giant.
    got = _damage([_p("fly", "Blowfly Infestation", "Alice"),
                   _p("bears", "Grizzly Bears", "Alice", counters={"-1/-1": 1}),
                   _p("giant", "Hill Giant", "Bob"), _p("elves", "Llanowar Elves", "Bob")],
                  {"bears": "Bob"}, {"giant": ["bears"]}, **_ALL)
    assert [t["choices"] for t in got["triggers"]] == [{"target": "elves"}, {"target": "giant"}]
    assert got["outcome"]["destroyed"] == ["bears", "elves"]
    assert got["outcome"]["counters"]["giant"] == {"-1/-1": 1}
