"""Static abilities of creature cards the parser used to leave unparsed (h4, issue 21: the
static side of "every combat-relevant ability is played"). Each reading is played by the
engine: a real card, the outcome the rules give, the rule cited.

- creature groups named by a list of types ("Other Orcs and Goblins you control"),
  "that's a X, a Y, or a Z", outlaws, commanders, "with counters on them" (CR 613.1f:
  abilities granted in layer 6; 205.3m creature types; 903.3 commanders; 122.1 counters).
"""

from __future__ import annotations

from typing import Any

from redzone.models.board import build_board
from redzone.models.outcome import DamageEvent, GameState, resolve_damage
from redzone.models.parser import analyse_text
from redzone.models.scenario import parse_scenario

PLAYERS = [{"name": "Alice"}, {"name": "Bob"}]


def board_of(permanents: list[dict[str, Any]], **extra: Any):
    return build_board(parse_scenario({"players": PLAYERS, "permanents": permanents, **extra}))


def play(board, *events: tuple[str, str, int]):
    state = GameState.from_board(board)
    dealt = resolve_damage(board, state, [DamageEvent(*e) for e in events], combat=True)
    return state, dealt


def statuses(text: str, name: str) -> list[str]:
    return [s.status for s in analyse_text(text, names=(name,)) if s.status != "ignored"]


# ------------------------------------------------------------------ groups of creature types


def test_warg_rider_gives_menace_to_other_orcs_and_goblins_only() -> None:
    # "Other Orcs and Goblins you control have menace" (613.1f): a Goblin of Alice's has
    # menace, an Orc too, not a Bear nor Bob's Goblin (Warg Rider has menace of its own).
    board = board_of([
        {"id": "warg", "card": "Warg Rider", "controller": "Alice"},
        {"id": "gob", "card": "Goblin Piker", "controller": "Alice"},
        {"id": "orc", "card": "Orcish Veteran", "controller": "Alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "their", "card": "Goblin Piker", "controller": "Bob"},
    ])
    has = {pid: board.has_keyword(board.permanents[pid], "menace") for pid in board.permanents}
    assert has == {"warg": True, "gob": True, "orc": True, "bear": False, "their": False}


def test_kaheera_thats_a_list_of_types() -> None:
    # "Each other creature you control that's a Cat, Elemental, Nightmare, Dinosaur, or
    # Beast gets +1/+1 and has vigilance": a Grizzly Bears (a Bear) gets nothing, a Savannah
    # Lions (a Cat) is 3/2 with vigilance (613.4c, 613.1f).
    board = board_of([
        {"id": "k", "card": "Kaheera, the Orphanguard", "controller": "Alice"},
        {"id": "cat", "card": "Savannah Lions", "controller": "Alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"},
    ])
    cat, bear = board.permanents["cat"], board.permanents["bear"]
    assert (cat.power, cat.toughness, board.has_keyword(cat, "vigilance")) == (3, 2, True)
    assert (bear.power, bear.toughness, board.has_keyword(bear, "vigilance")) == (2, 2, False)


def test_hellspur_posse_boss_outlaws_have_haste() -> None:
    # Outlaws are Assassins, Mercenaries, Pirates, Rogues and Warlocks: a Rogue of Alice's
    # has haste, a Bear doesn't.
    assert statuses("Other outlaws you control have haste.", "Hellspur Posse Boss") == ["understood"]
    board = board_of([
        {"id": "boss", "card": "Hellspur Posse Boss", "controller": "Alice"},
        {"id": "rogue", "card": "Bane Alley Blackguard", "controller": "Alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"},
    ])
    kw = board.has_keyword
    assert kw(board.permanents["rogue"], "haste") is True
    assert kw(board.permanents["boss"], "haste") is False
    assert kw(board.permanents["bear"], "haste") is False


def test_falthis_gives_a_commander_deathtouch_and_it_kills_a_big_blocker() -> None:
    # "Commanders you control have menace and deathtouch" (903.3: the scenario's commander):
    # Alice's commander Grizzly Bears deals 2 to a 6/6: destroyed by deathtouch (704.5h); the
    # same Bears when not a commander leaves the 6/6 alive with 2 damage.
    def run(commander: bool) -> list[str]:
        board = board_of([
            {"id": "f", "card": "Falthis, Shadowcat Familiar", "controller": "Alice"},
            {"id": "bear", "card": "Grizzly Bears", "controller": "Alice", "commander": commander},
            {"id": "big", "card": "Craw Wurm", "controller": "Bob"},
        ], format="commander")
        state, _ = play(board, ("bear", "big", 2), ("big", "bear", 6))
        return sorted(state.to_outcome(board)["destroyed"])
    assert run(True) == ["bear", "big"]
    assert run(False) == ["bear"]


def test_nev_creatures_with_counters_have_trample() -> None:
    # "Creatures you control with counters on them have trample": any kind of counter (122.1).
    board = board_of([
        {"id": "nev", "card": "Nev, the Practical Dean", "controller": "Alice"},
        {"id": "a", "card": "Grizzly Bears", "controller": "Alice", "counters": {"+1/+1": 1}},
        {"id": "b", "card": "Grizzly Bears", "controller": "Alice"},
    ])
    assert board.has_keyword(board.permanents["a"], "trample") is True
    assert board.has_keyword(board.permanents["b"], "trample") is False


# ------------------------------------------------------------------------- life gained


def test_life_gain_statics_are_read() -> None:
    from redzone.models.abilities import LifeGain
    cases = {
        ("Your opponents can't gain life.", "Archfiend of Despair"): ("opponents", "cant", 1),
        ("Players can't gain life.", "Giant Cindermaw"): ("players", "cant", 1),
        ("If you would gain life, you gain that much life plus 1 instead.",
         "Angel of Vitality"): ("you", "plus", 1),
        ("If you would gain life, you gain twice that much life instead.",
         "Alhammarret's Archive"): ("you", "times", 2),
        ("If an opponent would gain life, that player loses that much life instead.",
         "Plague Drone"): ("opponents", "lose", 1),
    }
    for (text, name), want in cases.items():
        (s,) = analyse_text(text, names=(name,))
        assert s.status == "understood", text
        (a,) = s.abilities
        assert isinstance(a, LifeGain) and (a.who, a.mode, a.amount) == want


def _nighthawks(extra: list[dict[str, Any]], a_life: int = 20):
    # Two Vampire Nighthawks (2/3 flying, deathtouch, lifelink) of Alice's.
    return build_board(parse_scenario({
        "players": [{"name": "Alice", "life": a_life}, {"name": "Bob"}],
        "permanents": [{"id": "n1", "card": "Vampire Nighthawk", "controller": "Alice"},
                       {"id": "n2", "card": "Vampire Nighthawk", "controller": "Alice"},
                       {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
                       {"id": "b2", "card": "Grizzly Bears", "controller": "Bob"}, *extra]}))


def test_archfiend_of_despair_stops_lifelink() -> None:
    # Bob's "Your opponents can't gain life" (119.7): Alice's lifelink damage is dealt, Bob
    # loses 4, Alice gains nothing; Bob himself is no opponent of his own Archfiend.
    board = _nighthawks([{"id": "fiend", "card": "Archfiend of Despair", "controller": "Bob"}])
    state, dealt = play(board, ("n1", "Bob", 2), ("n2", "Bob", 2))
    out = state.to_outcome(board)
    assert out["life"] == {"Alice": 20, "Bob": 16}
    assert any("can't gain life" in n for d in dealt for n in d.notes)


def test_angel_of_vitality_adds_one_per_lifelink_source() -> None:
    # "you gain that much life plus 1 instead" (614.1a): each source's lifelink damage is
    # one life gain event (120.3f): n1 deals 2 to Bob and 1 + 1 to the two Bears (one event
    # of 4: +5), n2 deals 2 to Bob (+3): Alice 20 + 8 = 28.
    board = _nighthawks([{"id": "angel", "card": "Angel of Vitality", "controller": "Alice"}])
    state, _ = play(board, ("n1", "Bob", 2), ("n1", "b1", 1), ("n1", "b2", 1), ("n2", "Bob", 2))
    assert state.to_outcome(board)["life"]["Alice"] == 28


def test_two_gain_replacements_in_the_order_best_for_the_gainer() -> None:
    # Angel of Vitality (+1) and Alhammarret's Archive (twice): Alice orders them (616.1):
    # +1 then twice gives (2 + 1) x 2 = 6, better than 2 x 2 + 1 = 5.
    board = _nighthawks([{"id": "angel", "card": "Angel of Vitality", "controller": "Alice"},
                         {"id": "arch", "card": "Alhammarret's Archive", "controller": "Alice"}])
    state, _ = play(board, ("n1", "Bob", 2))
    assert state.to_outcome(board)["life"]["Alice"] == 26


def test_cant_gain_life_beats_the_replacements() -> None:
    # Giant Cindermaw's "Players can't gain life" (119.7): there is no gain to replace.
    board = _nighthawks([{"id": "angel", "card": "Angel of Vitality", "controller": "Alice"},
                         {"id": "giant", "card": "Giant Cindermaw", "controller": "Bob"}])
    state, _ = play(board, ("n1", "Bob", 2))
    assert state.to_outcome(board)["life"] == {"Alice": 20, "Bob": 18}


def test_plague_drone_turns_lifelink_into_a_loss_and_the_lifelinker_loses() -> None:
    # Bob's Plague Drone: Alice at 3 would gain 4, loses 4 instead (614.1a): -1, she loses
    # the game (704.5a) even though Bob is dealt 4.
    board = _nighthawks([{"id": "drone", "card": "Plague Drone", "controller": "Bob"}], a_life=3)
    state, _ = play(board, ("n1", "Bob", 2), ("n2", "Bob", 2))
    out = state.to_outcome(board)
    assert out["life"] == {"Alice": -1, "Bob": 16}
    assert out["lost"] == ["Alice"]


def test_ai_lets_a_lifelinker_through_against_plague_drone() -> None:
    # Alice (2 life) attacks Bob with a Vampire Nighthawk; Bob controls Plague Drone (1/1
    # flier, it could block). Unblocked, the Nighthawk's 2 lifelink damage makes Alice lose 2
    # instead of gaining (614.1a): she is at 0 and loses (704.5a), so Bob's best block is none.
    from redzone.solver.ai.decisions import choose_blocks
    board = build_board(parse_scenario({
        "players": [{"name": "Alice", "life": 2}, {"name": "Bob"}],
        "permanents": [{"id": "hawk", "card": "Vampire Nighthawk", "controller": "Alice"},
                       {"id": "drone", "card": "Plague Drone", "controller": "Bob"}],
        "combat": {"attackers": {"hawk": "Bob"}}}))
    r = choose_blocks(board, lookahead=0)
    assert r.blockers == {} or all(not v for v in r.blockers.values())
    assert r.outcome["lost"] == ["Alice"] and r.outcome["life"]["Alice"] == 0


# ------------------------------------------------------------- filtered prevention (615)


def _combat_board(permanents: list[dict[str, Any]], attackers: dict[str, str],
                  blockers: dict[str, list[str]]):
    return build_board(parse_scenario({
        "players": PLAYERS, "permanents": permanents,
        "combat": {"attackers": attackers, "blockers": blockers}}))


def test_wall_of_shadows_takes_no_damage_from_the_creature_it_blocks() -> None:
    # "Prevent all damage that would be dealt to this creature by creatures it's blocking"
    # (615.1): Alice's Hill Giant (3/3) is blocked by Bob's Wall of Shadows (0/1): its 3
    # damage is prevented, the Wall survives; the same 3 from a creature it doesn't block
    # (a fight-like event from Bob's other side) is dealt.
    board = _combat_board([
        {"id": "giant", "card": "Hill Giant", "controller": "Alice"},
        {"id": "wall", "card": "Wall of Shadows", "controller": "Bob"},
        {"id": "other", "card": "Hill Giant", "controller": "Alice"},
    ], {"giant": "Bob"}, {"wall": ["giant"]})
    state, dealt = play(board, ("giant", "wall", 3))
    assert dealt[0].amount == 0 and state.to_outcome(board)["destroyed"] == []
    state, dealt = play(board, ("other", "wall", 3))
    assert dealt[0].amount == 3 and state.to_outcome(board)["destroyed"] == ["wall"]


def test_tresserhorn_skyknight_prevents_only_first_strikers_damage() -> None:
    # "... by creatures with first strike": a White Knight (first strike) deals it nothing,
    # a Hill Giant its 3 (Tresserhorn Skyknight is 5/3: destroyed, 704.5g).
    board = board_of([
        {"id": "sky", "card": "Tresserhorn Skyknight", "controller": "Bob"},
        {"id": "knight", "card": "White Knight", "controller": "Alice"},
        {"id": "giant", "card": "Hill Giant", "controller": "Alice"},
    ])
    state, dealt = play(board, ("knight", "sky", 2))
    assert dealt[0].amount == 0
    state, dealt = play(board, ("giant", "sky", 3))
    assert dealt[0].amount == 3 and state.to_outcome(board)["destroyed"] == ["sky"]


def test_indentured_oaf_deals_no_damage_to_red_creatures() -> None:
    # "Prevent all damage that this creature would deal to red creatures": 0 to a Goblin
    # Piker (red), 4 to a Grizzly Bears (green); damage to a player is not filtered.
    board = board_of([
        {"id": "oaf", "card": "Indentured Oaf", "controller": "Alice"},
        {"id": "piker", "card": "Goblin Piker", "controller": "Bob"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Bob"},
    ])
    _, dealt = play(board, ("oaf", "piker", 4))
    assert dealt[0].amount == 0
    _, dealt = play(board, ("oaf", "bear", 4))
    assert dealt[0].amount == 4
    _, dealt = play(board, ("oaf", "Bob", 4))
    assert dealt[0].amount == 4


def test_iroas_prevents_damage_to_attacking_creatures_only() -> None:
    # "Prevent all damage that would be dealt to attacking creatures you control" (615.1,
    # 506.4): Alice's attacking Grizzly Bears blocked by a Hill Giant survives; her Bears that
    # didn't attack is dealt the damage.
    board = _combat_board([
        {"id": "iroas", "card": "Iroas, God of Victory", "controller": "Alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "home", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "giant", "card": "Hill Giant", "controller": "Bob"},
    ], {"bear": "Bob"}, {"giant": ["bear"]})
    state, dealt = play(board, ("giant", "bear", 3), ("bear", "giant", 2))
    assert [d.amount for d in dealt] == [0, 2]
    assert state.to_outcome(board)["destroyed"] == []
    state, dealt = play(board, ("giant", "home", 3))
    assert dealt[0].amount == 3 and state.to_outcome(board)["destroyed"] == ["home"]


def test_ai_blocks_with_wall_of_shadows_for_free() -> None:
    # The Wall takes no damage from the Hill Giant it blocks (615.1): blocking saves Bob 3
    # life and costs nothing, so it is Bob's best block; the Wall survives the combat.
    from redzone.solver.ai.decisions import choose_blocks
    board = build_board(parse_scenario({
        "players": PLAYERS,
        "permanents": [{"id": "giant", "card": "Hill Giant", "controller": "Alice"},
                       {"id": "wall", "card": "Wall of Shadows", "controller": "Bob"}],
        "combat": {"attackers": {"giant": "Bob"}}}))
    r = choose_blocks(board, lookahead=0)
    assert r.blockers == {"wall": ["giant"]}
    assert r.outcome["life"]["Bob"] == 20 and r.outcome["destroyed"] == []


# ---------------------------------------------- combat damage as though unblocked (510.1c)


def _thorn_problem(permanents: list[dict[str, Any]], attackers: dict[str, str],
                   blockers: dict[str, list[str]]):
    from redzone.models.damage_rules import damage_problem
    board = _combat_board(permanents, attackers, blockers)
    return board, damage_problem(board, "regular")


def test_deathcoil_wurm_sentence_is_read() -> None:
    from redzone.models.abilities import AssignAsUnblocked
    (s,) = analyse_text("You may have this creature assign its combat damage as though it "
                        "weren't blocked.", names=("Deathcoil Wurm",))
    assert s.status == "understood"
    (a,) = s.abilities
    assert isinstance(a, AssignAsUnblocked) and a.affected.kind == "self"


def test_thorn_elemental_assigns_all_to_the_player_or_all_to_its_blockers() -> None:
    # Thorn Elemental (7/7) blocked by a Grizzly Bears: it may assign its 7 to the Bears or,
    # as though it weren't blocked, all 7 to Bob — never split (510.1c; the card's rulings).
    from redzone.models.damage_problem import damage_violations
    from redzone.solver.damage.solve import enumerate_damage_assignments, plan_damage_step, solver_accepts
    _, problem = _thorn_problem([
        {"id": "thorn", "card": "Thorn Elemental", "controller": "Alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Bob"},
    ], {"thorn": "Bob"}, {"bear": ["thorn"]})
    bear = {"bear": {"thorn": 2}}
    assert damage_violations(problem, {"thorn": {"Bob": 7}, **bear}) == []
    assert damage_violations(problem, {"thorn": {"bear": 7}, **bear}) == []
    assert damage_violations(problem, {"thorn": {"bear": 2, "Bob": 5}, **bear}) != []
    found, complete = enumerate_damage_assignments(problem)
    assert complete
    assert sorted(sorted(a["thorn"].items()) for a in found) == [[("Bob", 7)], [("bear", 7)]]
    assert solver_accepts(problem, {"thorn": {"Bob": 7}, **bear})
    assert not solver_accepts(problem, {"thorn": {"bear": 2, "Bob": 5}, **bear})
    assert plan_damage_step(problem, "max-player-damage").assignment["thorn"] == {"Bob": 7}
    assert plan_damage_step(problem, "max-kills").assignment["thorn"] == {"bear": 7}


def test_granted_to_a_trampler_all_or_trample_excess() -> None:
    # Proud Wildbonder (4/3 trample) gives its own trampling self the choice. Blocked by a Craw
    # Wurm (6/4): trample alone can't reach Bob (4 lethal needed, 702.19b), but as though
    # unblocked all 4 go to Bob. Blocked by a Grizzly Bears: 2 to the Bears and 2 to Bob
    # is ordinary trample, also legal.
    from redzone.models.damage_problem import damage_violations
    from redzone.solver.damage.solve import plan_damage_step, solver_accepts
    _, problem = _thorn_problem([
        {"id": "pw", "card": "Proud Wildbonder", "controller": "Alice"},
        {"id": "wurm", "card": "Craw Wurm", "controller": "Bob"},
    ], {"pw": "Bob"}, {"wurm": ["pw"]})
    wurm = {"wurm": {"pw": 6}}
    assert damage_violations(problem, {"pw": {"Bob": 4}, **wurm}) == []
    assert damage_violations(problem, {"pw": {"wurm": 1, "Bob": 3}, **wurm}) != []
    assert plan_damage_step(problem, "max-player-damage").assignment["pw"] == {"Bob": 4}
    _, problem = _thorn_problem([
        {"id": "pw", "card": "Proud Wildbonder", "controller": "Alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Bob"},
    ], {"pw": "Bob"}, {"bear": ["pw"]})
    bear = {"bear": {"pw": 2}}
    assert damage_violations(problem, {"pw": {"bear": 2, "Bob": 2}, **bear}) == []
    assert solver_accepts(problem, {"pw": {"bear": 2, "Bob": 2}, **bear})
    assert not solver_accepts(problem, {"pw": {"bear": 1, "Bob": 3}, **bear})


def test_ai_knows_thorn_elemental_is_lethal_through_a_blocker() -> None:
    # Bob at 7 with a Craw Wurm to block: whatever he does, Thorn Elemental's 7 reach him
    # (510.1c as modified) and he loses (704.5a), so the attack is lethal.
    from redzone.solver.ai.decisions import choose_attack
    board = build_board(parse_scenario({
        "players": [{"name": "Alice"}, {"name": "Bob", "life": 7}],
        "permanents": [{"id": "thorn", "card": "Thorn Elemental", "controller": "Alice"},
                       {"id": "wurm", "card": "Craw Wurm", "controller": "Bob"}]}))
    r = choose_attack(board, lookahead=0)
    assert r.attackers == {"thorn": "Bob"} and r.lethal
    assert r.outcome["lost"] == ["Bob"]


# ------------------------------------------------- conditions, "the same is true", misc.


def test_blast_furnace_hellkite_double_strike_only_attacking_an_opponent() -> None:
    # "Creatures attacking your opponents have double strike" (506.4, 611.3a): Alice's Bears
    # attacking Bob has double strike; her Bears at home doesn't; attacking Bob's
    # planeswalker is not attacking Bob.
    board = _combat_board([
        {"id": "hk", "card": "Blast-Furnace Hellkite", "controller": "Alice"},
        {"id": "a", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "home", "card": "Grizzly Bears", "controller": "Alice"},
    ], {"a": "Bob"}, {})
    kw = board.has_keyword
    assert kw(board.permanents["a"], "double strike") is True
    assert kw(board.permanents["home"], "double strike") is False
    board = _combat_board([
        {"id": "hk", "card": "Blast-Furnace Hellkite", "controller": "Alice"},
        {"id": "a", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "pw", "card": "Jace Beleren", "controller": "Bob", "loyalty": 3},
    ], {"a": "pw"}, {})
    assert board.has_keyword(board.permanents["a"], "double strike") is False


def test_branded_brawlers_cant_block_if_an_untapped_land() -> None:
    # "This creature can't block if you control an untapped land" (509.1b, 611.3a): with an
    # untapped Mountain it can't block; with the Mountain tapped it can.
    from redzone.models.block_rules import block_problems

    def can_block(tapped: bool) -> bool:
        board = build_board(parse_scenario({
            "players": PLAYERS, "active_player": "Bob",
            "permanents": [{"id": "bb", "card": "Branded Brawlers", "controller": "Alice"},
                           {"id": "m", "card": "Mountain", "controller": "Alice", "tapped": tapped},
                           {"id": "x", "card": "Grizzly Bears", "controller": "Bob"}],
            "combat": {"attackers": {"x": "Alice"}}}))
        (problem,) = block_problems(board, {"x": "Alice"})
        return "x" in problem.allowed.get("bb", ())
    assert can_block(tapped=False) is False
    assert can_block(tapped=True) is True


def test_soulflayer_the_same_is_true_for_each_keyword() -> None:
    # "If a creature card with flying was exiled with ~'s delve ability, ~ has flying. The
    # same is true for first strike, ..." : one stated condition per keyword (611.3a);
    # hexproof is not a combat keyword and is left out.
    from redzone.models.abilities import Conditional
    sents = analyse_text(
        "If a creature card with flying was exiled with this creature's delve ability, this "
        "creature has flying. The same is true for first strike, double strike, deathtouch, "
        "haste, hexproof, indestructible, lifelink, reach, trample, and vigilance.",
        names=("Soulflayer",))
    assert [s.status for s in sents] == ["understood", "understood"]
    conds = sents[1].abilities
    assert all(isinstance(c, Conditional) for c in conds)
    names = [c.abilities[0].name for c in conds]  # type: ignore[attr-defined]
    assert names == ["first strike", "double strike", "deathtouch", "haste", "indestructible",
                     "lifelink", "reach", "trample", "vigilance"]
    assert conds[0].condition.phrase == ("a creature card with first strike was exiled with "
                                         "~'s delve ability")
    # played: the scenario states the trample condition only
    board = board_of([{"id": "s", "card": "Soulflayer", "controller": "Alice", "conditions": {
        "a creature card with trample was exiled with ~'s delve ability": True}}])
    perm = board.permanents["s"]
    assert board.has_keyword(perm, "trample") and not board.has_keyword(perm, "flying")


def test_a_protection_list_stays_unread() -> None:
    # "protection" names no quality here (from what?): the sentence stays reported.
    sents = analyse_text("As long as a creature card with flying is in a graveyard, this "
                         "creature has flying. The same is true for fear, first strike, "
                         "protection, and trample.", names=("Cairn Wanderer",))
    assert [s.status for s in sents] == ["understood", "unparsed"]


def test_avacyn_and_fruitcake_indestructible_survive_lethal_damage() -> None:
    # "Other permanents you control have indestructible" / "~ is indestructible" (702.12b):
    # lethal damage doesn't destroy them (704.5g).
    board = board_of([
        {"id": "av", "card": "Avacyn, Angel of Hope", "controller": "Alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "cake", "card": "Fruitcake Elemental", "controller": "Alice"},
        {"id": "wurm", "card": "Craw Wurm", "controller": "Bob"},
    ])
    state, _ = play(board, ("wurm", "bear", 6), ("wurm", "cake", 6))
    assert state.to_outcome(board)["destroyed"] == []


def test_guardian_seraph_prevents_one_per_source_unless_unpreventable() -> None:
    # "If a source an opponent controls would deal damage to you, prevent 1 of that damage"
    # (615.1): two Bears of Bob's deal 2 each to Alice: 1 + 1. With Bob's Questing Beast
    # ("Combat damage that would be dealt by creatures you control can't be prevented",
    # 615.12) the same damage is dealt in full.
    def dealt_by_bears(beast: bool) -> list[int]:
        board = board_of([
            {"id": "seraph", "card": "Guardian Seraph", "controller": "Alice"},
            {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
            {"id": "b2", "card": "Grizzly Bears", "controller": "Bob"},
            *([{"id": "qb", "card": "Questing Beast", "controller": "Bob"}] if beast else []),
        ])
        _, dealt = play(board, ("b1", "Alice", 2), ("b2", "Alice", 2))
        return [d.amount for d in dealt]
    assert dealt_by_bears(beast=False) == [1, 1]
    assert dealt_by_bears(beast=True) == [2, 2]


def test_temple_altisaur_all_but_one_to_another_dinosaur() -> None:
    # "If a source would deal damage to another Dinosaur you control, prevent all but 1 of
    # that damage": Colossal Dreadmaw (6/6 Dinosaur) is dealt 1 of 7 and survives; Temple
    # Altisaur itself ("another") is dealt all 7 and is destroyed (704.5g).
    board = board_of([
        {"id": "ta", "card": "Temple Altisaur", "controller": "Alice"},
        {"id": "dm", "card": "Colossal Dreadmaw", "controller": "Alice"},
        {"id": "x", "card": "Craw Wurm", "controller": "Bob"},
    ])
    state, dealt = play(board, ("x", "dm", 6), ("x", "ta", 6))
    assert [d.amount for d in dealt] == [1, 6]
    assert state.to_outcome(board)["destroyed"] == ["ta"]


# ---------------------------------------------------------------- blocker filters (509.1b)


def _can_block(permanents: list[dict[str, Any]], attacker: str, blocker: str) -> bool:
    from redzone.models.block_rules import block_problems
    board = build_board(parse_scenario({
        "players": PLAYERS, "permanents": permanents,
        "combat": {"attackers": {attacker: "Bob"}}}))
    (problem,) = block_problems(board, {attacker: "Bob"})
    return attacker in problem.allowed.get(blocker, ())


def test_orcish_veteran_cant_block_white_creatures_with_power_two_or_more() -> None:
    # "can't block white creatures with power 2 or greater": not Savannah Lions (white 2/1),
    # yes Grizzly Bears (green 2/2) and Doomed Traveler (white 1/1).
    vet = {"id": "vet", "card": "Orcish Veteran", "controller": "Bob"}
    assert not _can_block([{"id": "a", "card": "Savannah Lions", "controller": "Alice"}, vet], "a", "vet")
    assert _can_block([{"id": "a", "card": "Grizzly Bears", "controller": "Alice"}, vet], "a", "vet")
    assert _can_block([{"id": "a", "card": "Doomed Traveler", "controller": "Alice"}, vet], "a", "vet")


def test_sacred_knight_and_silumgar_assassin_and_sneaky_homunculus() -> None:
    # Sacred Knight (white) "can't be blocked by black and/or red creatures": not by a Goblin
    # Piker (red), yes by Grizzly Bears. Silumgar Assassin (2/1) "Creatures with power greater
    # than ~'s power can't block it": not by Hill Giant (3), yes by Grizzly Bears (2).
    # Sneaky Homunculus (1/1) "can't block or be blocked by creatures with power 2 or greater".
    assert not _can_block([{"id": "a", "card": "Sacred Knight", "controller": "Alice"},
                           {"id": "b", "card": "Goblin Piker", "controller": "Bob"}], "a", "b")
    assert _can_block([{"id": "a", "card": "Sacred Knight", "controller": "Alice"},
                       {"id": "b", "card": "Grizzly Bears", "controller": "Bob"}], "a", "b")
    assert not _can_block([{"id": "a", "card": "Silumgar Assassin", "controller": "Alice"},
                           {"id": "b", "card": "Hill Giant", "controller": "Bob"}], "a", "b")
    assert _can_block([{"id": "a", "card": "Silumgar Assassin", "controller": "Alice"},
                       {"id": "b", "card": "Grizzly Bears", "controller": "Bob"}], "a", "b")
    assert not _can_block([{"id": "a", "card": "Sneaky Homunculus", "controller": "Alice"},
                           {"id": "b", "card": "Grizzly Bears", "controller": "Bob"}], "a", "b")
    assert not _can_block([{"id": "a", "card": "Grizzly Bears", "controller": "Alice"},
                           {"id": "b", "card": "Sneaky Homunculus", "controller": "Bob"}], "a", "b")
    assert _can_block([{"id": "a", "card": "Sneaky Homunculus", "controller": "Alice"},
                       {"id": "b", "card": "Doomed Traveler", "controller": "Bob"}], "a", "b")


def test_your_team_is_you_without_teams() -> None:
    # "Warriors your team controls have haste": no teams are modelled (every other player is
    # an opponent), so Alice's Warriors have haste, Bob's don't (613.1f).
    board = board_of([
        {"id": "rc", "card": "Rushblade Commander", "controller": "Alice"},
        {"id": "w", "card": "Rushblade Commander", "controller": "Bob"},
        {"id": "mine", "card": "Bane Alley Blackguard", "controller": "Alice"},
    ])
    assert board.has_keyword(board.permanents["rc"], "haste")  # a Warrior of Alice's
    assert not board.has_keyword(board.permanents["mine"], "haste")  # a Rogue


def test_wolverine_doubles_its_own_damage() -> None:
    # "Double all damage ~ would deal" (614.1a): Wolverine, Best There Is deals 2 x its
    # assigned damage; another creature's damage is unchanged.
    board = board_of([
        {"id": "wol", "card": "Wolverine, Best There Is", "controller": "Alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"},
    ])
    _, dealt = play(board, ("wol", "Bob", 3), ("bear", "Bob", 2))
    assert [d.amount for d in dealt] == [6, 2]


def test_gosta_dirk_lets_islandwalkers_be_blocked() -> None:
    # "Creatures with islandwalk can be blocked as though they didn't have islandwalk":
    # Segovian Leviathan (islandwalk) attacking Bob, who controls an Island, may be blocked
    # while Gosta Dirk is on the battlefield (702.14c does not apply), not without it.
    base = [{"id": "a", "card": "Segovian Leviathan", "controller": "Alice"},
            {"id": "b", "card": "Grizzly Bears", "controller": "Bob"},
            {"id": "isl", "card": "Island", "controller": "Bob"}]
    assert not _can_block(base, "a", "b")
    assert _can_block(base + [{"id": "g", "card": "Gosta Dirk", "controller": "Bob"}], "a", "b")


def test_dion_and_other_knights_have_flying_during_its_controllers_turn() -> None:
    # "During your turn, ~ and other Knights you control have flying" (611.3a, 613.1f): on
    # Alice's turn Dion and her White Knight fly, her Bears doesn't; on Bob's turn none does.
    def flying(active: str) -> dict[str, bool]:
        board = build_board(parse_scenario({
            "players": PLAYERS, "active_player": active,
            "permanents": [
                {"id": "dion", "card": "Dion, Bahamut's Dominant // Bahamut, Warden of Light",
                 "controller": "Alice"},
                {"id": "wk", "card": "White Knight", "controller": "Alice"},
                {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"}]}))
        return {pid: board.has_keyword(board.permanents[pid], "flying") for pid in ("dion", "wk", "bear")}
    assert flying("Alice") == {"dion": True, "wk": True, "bear": False}
    assert flying("Bob") == {"dion": False, "wk": False, "bear": False}


def test_jetmir_also_gets_counts_each_threshold() -> None:
    # Jetmir (5/4): three thresholds, each "as long as you control N or more creatures"
    # (611.3a, 613.4c): with six creatures (Jetmir and five Bears) a Bears gets +1/+0 twice
    # (2 + 2 = 4 power) and has vigilance and trample, not double strike.
    perms = [{"id": "j", "card": "Jetmir, Nexus of Revels", "controller": "Alice"}] + [
        {"id": f"b{i}", "card": "Grizzly Bears", "controller": "Alice"} for i in range(5)]
    board = board_of(perms)
    bear = board.permanents["b0"]
    assert (bear.power, bear.toughness) == (4, 2)
    kw = board.has_keyword
    assert kw(bear, "vigilance") and kw(bear, "trample") and not kw(bear, "double strike")


def test_bayek_historic_creatures_double_strike_on_its_turn() -> None:
    # "During your turn, other historic creatures you control have double strike" (700.6:
    # artifacts, legendaries, Sagas): an Ornithopter (artifact) has it, a Bears doesn't.
    board = board_of([
        {"id": "bayek", "card": "Bayek of Siwa", "controller": "Alice"},
        {"id": "orn", "card": "Ornithopter", "controller": "Alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"},
    ], active_player="Alice")
    assert board.has_keyword(board.permanents["orn"], "double strike")
    assert not board.has_keyword(board.permanents["bear"], "double strike")


def test_goblin_goon_compares_creature_counts() -> None:
    # "can't attack unless you control more creatures than defending player" (508.1c, per
    # defending player 508.5) and "can't block unless you control more creatures than
    # attacking player" (509.1b): Alice with Goon + 1 Bears (2) against Bob's 2 Bears: it
    # can't attack; with a third creature it can. Bob's Goon can't block Alice's attack
    # when Alice has more or as many creatures.
    from redzone.models.attack_rules import attack_problem

    def can_attack(extra: int) -> bool:
        board = board_of([
            {"id": "goon", "card": "Goblin Goon", "controller": "Alice"},
            *[{"id": f"a{i}", "card": "Grizzly Bears", "controller": "Alice"} for i in range(1 + extra)],
            {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
            {"id": "b2", "card": "Grizzly Bears", "controller": "Bob"},
        ])
        return "Bob" in attack_problem(board).allowed.get("goon", ())
    assert can_attack(0) is False
    assert can_attack(1) is True
    bob_goon = [{"id": "a", "card": "Grizzly Bears", "controller": "Alice"},
                {"id": "goon", "card": "Goblin Goon", "controller": "Bob"}]
    assert not _can_block(bob_goon, "a", "goon")  # 1 creature each: not more
    assert _can_block(bob_goon + [{"id": "b2", "card": "Grizzly Bears", "controller": "Bob"}], "a", "goon")


def test_throatseeker_lifelink_only_unblocked_and_serpent_list() -> None:
    # "Unblocked attacking Ninjas you control have lifelink" (509.1h): an attacking Ninja no
    # creature blocks gains Alice life as it deals damage; a blocked one doesn't.
    def gained(blocked: bool) -> int:
        board = _combat_board([
            {"id": "ts", "card": "Throatseeker", "controller": "Alice"},
            {"id": "n", "card": "Ninja of the Deep Hours", "controller": "Alice"},
            {"id": "b", "card": "Grizzly Bears", "controller": "Bob"},
        ], {"n": "Bob"}, {"b": ["n"]} if blocked else {})
        state, _ = play(board, ("n", "b" if blocked else "Bob", 2))
        return state.to_outcome(board)["life"]["Alice"] - 20
    assert gained(False) == 2 and gained(True) == 0
    # "Krakens, Leviathans, Octopuses, and Serpents you control can't be blocked except by
    # Krakens, Leviathans, Octopuses, and Serpents" (Serpent of Yawning Depths, 509.1b).
    (s,) = analyse_text("Krakens, Leviathans, Octopuses, and Serpents you control can't be "
                        "blocked except by Krakens, Leviathans, Octopuses, and Serpents.",
                        names=("Serpent of Yawning Depths",))
    assert s.status == "understood"


def test_alms_beast_gives_lifelink_to_creatures_in_combat_with_it() -> None:
    # "Creatures blocking or blocked by this creature have lifelink" (509.1h, 702.15b): Bob's
    # Alms Beast blocks Alice's Bears: the Bears has lifelink (Alice gains 2); the Beast
    # itself doesn't (it neither blocks nor is blocked by itself), nor does Alice's
    # unblocked Bears.
    board = _combat_board([
        {"id": "beast", "card": "Alms Beast", "controller": "Bob"},
        {"id": "a", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "free", "card": "Grizzly Bears", "controller": "Alice"},
    ], {"a": "Bob", "free": "Bob"}, {"beast": ["a"]})
    kw = board.has_keyword
    assert kw(board.permanents["a"], "lifelink")
    assert not kw(board.permanents["beast"], "lifelink") and not kw(board.permanents["free"], "lifelink")
    state, _ = play(board, ("a", "beast", 2), ("beast", "a", 6), ("free", "Bob", 2))
    assert state.to_outcome(board)["life"] == {"Alice": 22, "Bob": 18}


def test_damage_statics_about_spells_are_set_aside() -> None:
    # No spell deals damage in the combat redzone plays (510.2; a triggered ability's source
    # is its permanent, 113.7a): Benevolent Unicorn's and Fire Servant's statics are ignored.
    for text, name in (("If a spell would deal damage to a permanent or player, it deals that "
                        "much damage minus 1 to that permanent or player instead.", "Benevolent Unicorn"),
                       ("If a red instant or sorcery spell you control would deal damage, it "
                        "deals double that damage instead.", "Fire Servant")):
        (s,) = analyse_text(text, names=(name,))
        assert (s.status, s.reason) == ("ignored", "about spells")


def test_protection_from_kavu_legendary_creatures_non_squirrels() -> None:
    # Protection (702.16e-f): Shoreline Raider ("protection from Kavu") can't be blocked by a
    # Kavu (Kavu Climber) but can by Grizzly Bears; Tsabo Tavoc ("protection from legendary
    # creatures") is dealt no damage by a legendary creature (Isamaru, Hound of Konda) and all
    # of a nonlegendary one's; Emrakul and Chatterfang ("protection from non-Squirrels") takes
    # none from a Bears.
    assert not _can_block([{"id": "a", "card": "Shoreline Raider", "controller": "Alice"},
                           {"id": "b", "card": "Kavu Climber", "controller": "Bob"}], "a", "b")
    assert _can_block([{"id": "a", "card": "Shoreline Raider", "controller": "Alice"},
                       {"id": "b", "card": "Grizzly Bears", "controller": "Bob"}], "a", "b")
    board = board_of([
        {"id": "t", "card": "Tsabo Tavoc", "controller": "Alice"},
        {"id": "ec", "card": "Emrakul and Chatterfang", "controller": "Alice"},
        {"id": "isa", "card": "Isamaru, Hound of Konda", "controller": "Bob"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Bob"},
    ])
    _, dealt = play(board, ("isa", "t", 2), ("bear", "t", 2), ("bear", "ec", 2))
    assert [d.amount for d in dealt] == [0, 2, 0]


def test_snow_swampwalk_needs_a_snow_swamp() -> None:
    # "Snow swampwalk" (702.14c): Legions of Lim-Dûl can't be blocked while Bob controls a
    # Snow-Covered Swamp; a plain Swamp doesn't count.
    def blockable(land: str) -> bool:
        return _can_block([{"id": "a", "card": "Legions of Lim-Dûl", "controller": "Alice"},
                           {"id": "b", "card": "Grizzly Bears", "controller": "Bob"},
                           {"id": "l", "card": land, "controller": "Bob"}], "a", "b")
    assert blockable("Swamp") is True
    assert blockable("Snow-Covered Swamp") is False


def test_runadi_haste_from_three_counters() -> None:
    # "Creatures you control with three or more +1/+1 counters on them have haste" (122.1):
    # three counters yes, two no.
    board = board_of([
        {"id": "r", "card": "Runadi, Behemoth Caller", "controller": "Alice"},
        {"id": "three", "card": "Grizzly Bears", "controller": "Alice", "counters": {"+1/+1": 3}},
        {"id": "two", "card": "Grizzly Bears", "controller": "Alice", "counters": {"+1/+1": 2}},
    ])
    assert board.has_keyword(board.permanents["three"], "haste")
    assert not board.has_keyword(board.permanents["two"], "haste")


def test_storm_windrider_fliers_cant_attack_you_or_block_your_creatures() -> None:
    # "Creatures with flying can't attack you or block creatures you control" (508.1c,
    # 509.1b): Bob's Storm; Alice's flier can't attack Bob, her Bears can; Bob's attacking
    # Bears can't be blocked by Alice's flier.
    from redzone.models.attack_rules import attack_problem
    board = board_of([
        {"id": "storm", "card": "Storm, Windrider", "controller": "Bob"},
        {"id": "bird", "card": "Suntail Hawk", "controller": "Alice"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "Alice"},
    ])
    allowed = attack_problem(board).allowed
    assert "Bob" not in allowed.get("bird", ()) and "Bob" in allowed.get("bear", ())
    board = build_board(parse_scenario({
        "players": PLAYERS, "active_player": "Bob",
        "permanents": [{"id": "storm", "card": "Storm, Windrider", "controller": "Bob"},
                       {"id": "x", "card": "Grizzly Bears", "controller": "Bob"},
                       {"id": "bird", "card": "Suntail Hawk", "controller": "Alice"}],
        "combat": {"attackers": {"x": "Alice"}}}))
    from redzone.models.block_rules import block_problems
    (problem,) = block_problems(board, {"x": "Alice"})
    assert "x" not in problem.allowed.get("bird", ())
