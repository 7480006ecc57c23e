"""End-to-end attack declarations on real cards: scenario -> board -> problem -> CP-SAT.

Each test cites the rule it checks. The seed examples are the ones of the attack-requirement
seed document (Dueling Grounds with Juggernaut and Grizzly Bears; two Juggernauts; Loyal
Pegasus enchanted with Bloodshed Fever plus Grizzly Bears).
"""

from __future__ import annotations

from typing import Any

from redzone.models.attack_rules import attack_problem
from redzone.models.board import build_board
from redzone.models.scenario import parse_scenario
from redzone.solver.attack.solve import check_attack, enumerate_attacks, plan_attack


def board_of(permanents: list[dict[str, Any]], players: list[dict[str, Any]] | None = None, **extra: Any):
    data = {"players": players or [{"name": "Alice"}, {"name": "Bob"}], "permanents": permanents, **extra}
    return build_board(parse_scenario(data))


def legal_set(board) -> set[frozenset[tuple[str, str]]]:
    found = enumerate_attacks(attack_problem(board), limit=10_000)
    assert found.complete
    return {frozenset(d.items()) for d in found.declarations}


def decl(**kw: str) -> frozenset[tuple[str, str]]:
    return frozenset(kw.items())


def test_dueling_grounds_only_juggernaut_attacks() -> None:
    # CR 508.1c-d: the cap of one attacker is a restriction; Juggernaut's "attacks each
    # combat if able" is a requirement. {Juggernaut} obeys 1; {Bears} and {} obey 0.
    board = board_of([
        {"id": "jugg", "card": "Juggernaut", "controller": "Alice"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
        {"card": "Dueling Grounds", "controller": "Bob"},
    ])
    plan = plan_attack(attack_problem(board))
    assert plan.attackers == {"jugg": "Bob"}
    assert (plan.obeyed, plan.maximum, plan.status) == (1, 1, "optimal")
    assert legal_set(board) == {decl(jugg="Bob")}


def test_two_juggernauts_either_one() -> None:
    # CR 508.1d: when several declarations obey the maximum, any of them is legal.
    board = board_of([
        {"id": "j1", "card": "Juggernaut", "controller": "Alice"},
        {"id": "j2", "card": "Juggernaut", "controller": "Alice"},
        {"card": "Dueling Grounds", "controller": "Alice"},
    ])
    assert legal_set(board) == {decl(j1="Bob"), decl(j2="Bob")}
    both = check_attack(attack_problem(board), {"j1": "Bob", "j2": "Bob"})
    assert not both.legal
    assert [v.kind for v in both.violations] == ["restriction"]
    assert "Dueling Grounds" in both.violations[0].source
    none = check_attack(attack_problem(board), {})
    assert not none.legal and (none.obeyed, none.maximum) == (0, 1)
    assert none.witness in ({"j1": "Bob"}, {"j2": "Bob"})


def test_loyal_pegasus_with_bloodshed_fever_needs_the_bears() -> None:
    # CR 508.1c-d: Pegasus can't attack alone (restriction) and must attack (requirement
    # from the Aura); the Bears have no requirement but must join so it can be obeyed.
    board = board_of([
        {"id": "peg", "card": "Loyal Pegasus", "controller": "Alice"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "fever", "card": "Bloodshed Fever", "controller": "Alice", "attached_to": "peg"},
    ])
    plan = plan_attack(attack_problem(board))
    assert plan.attackers == {"peg": "Bob", "bears": "Bob"}
    assert legal_set(board) == {decl(peg="Bob", bears="Bob")}
    alone = check_attack(attack_problem(board), {"peg": "Bob"})
    assert not alone.legal
    assert any("alone" in v.message for v in alone.violations)


def test_propaganda_is_never_forced_but_may_be_paid() -> None:
    # CR 508.1d: a requirement that can only be obeyed by paying a cost is not enforced;
    # 508.1h-j: paying is allowed when the attacking player can pay the locked-in total.
    board = board_of(
        [{"id": "jugg", "card": "Juggernaut", "controller": "Alice"},
         {"card": "Propaganda", "controller": "Bob"}],
        players=[{"name": "Alice", "mana": 2}, {"name": "Bob"}],
    )
    plan = plan_attack(attack_problem(board))
    assert plan.attackers == {} and plan.mana_paid == 0 and plan.maximum == 0
    assert legal_set(board) == {decl(), decl(jugg="Bob")}
    paid = check_attack(attack_problem(board), {"jugg": "Bob"})
    assert paid.legal and paid.mana_paid == 2


def test_propaganda_unpayable_attack_is_illegal() -> None:
    # CR 508.1h-j: the total cost must be paid in full; with 1 mana {2} can't be paid.
    board = board_of(
        [{"id": "jugg", "card": "Juggernaut", "controller": "Alice"},
         {"card": "Propaganda", "controller": "Bob"}],
        players=[{"name": "Alice", "mana": 1}, {"name": "Bob"}],
    )
    result = check_attack(attack_problem(board), {"jugg": "Bob"})
    assert not result.legal
    assert [v.kind for v in result.violations] == ["cost"]


def test_tax_does_not_excuse_a_free_target() -> None:
    # Rules digest 1.4 (CR 508.1d): a tax on the player doesn't excuse a requirement that
    # attacking the untaxed planeswalker obeys.
    board = board_of(
        [{"id": "jugg", "card": "Juggernaut", "controller": "Alice"},
         {"card": "Propaganda", "controller": "Bob"},
         {"id": "gideon", "card": "Gideon, Ally of Zendikar", "controller": "Bob"}],
        players=[{"name": "Alice", "mana": 2}, {"name": "Bob"}],
    )
    plan = plan_attack(attack_problem(board))
    assert plan.attackers == {"jugg": "gideon"} and plan.maximum == 1
    assert legal_set(board) == {decl(jugg="gideon"), decl(jugg="Bob")}


def test_summoning_sick_tapped_and_defender_cannot_attack() -> None:
    # CR 508.1a, 302.6: tapped or summoning-sick (no haste) creatures can't attack;
    # CR 702.3b: defender.
    board = board_of([
        {"id": "sick", "card": "Juggernaut", "controller": "Alice", "summoning_sick": True},
        {"id": "tapped", "card": "Juggernaut", "controller": "Alice", "tapped": True},
        {"id": "wall", "card": "Wall of Stone", "controller": "Alice"},
        {"id": "goblin", "card": "Raging Goblin", "controller": "Alice", "summoning_sick": True},
    ])
    problem = attack_problem(board)
    assert problem.allowed["sick"] == () and problem.allowed["tapped"] == ()
    assert problem.allowed["wall"] == ()
    assert problem.allowed["goblin"] == ("Bob",)  # haste
    plan = plan_attack(problem)
    assert plan.attackers == {} and plan.maximum == 0  # Juggernauts' requirements can't be obeyed


def four_players() -> list[dict[str, Any]]:
    return [{"name": n} for n in ("Alice", "Bob", "Carol", "Dave")]


def test_goad_four_players_attacks_someone_else() -> None:
    # CR 701.15b: a goaded creature attacks each combat if able and attacks a player other
    # than the goading player if able: Carol or Dave (2 obeyed); Bob obeys 1.
    board = board_of(
        [{"id": "x", "card": "Grizzly Bears", "controller": "Alice"}],
        players=four_players(),
        effects=[{"goad": "x", "by": "Bob"}],
    )
    assert legal_set(board) == {decl(x="Carol"), decl(x="Dave")}
    bob = check_attack(attack_problem(board), {"x": "Bob"})
    assert not bob.legal and (bob.obeyed, bob.maximum) == (1, 2)


def test_goad_by_two_players_and_a_cap() -> None:
    # Rules digest 7.1 (CR 701.15b-c, 508.1d): X goaded by Bob and Carol; Y attacks each
    # combat if able; one attacker at most: only X -> Dave obeys 4.
    board = board_of(
        [{"id": "x", "card": "Grizzly Bears", "controller": "Alice"},
         {"id": "y", "card": "Juggernaut", "controller": "Alice"},
         {"card": "Silent Arbiter", "controller": "Dave"}],
        players=four_players(),
        effects=[{"goad": "x", "by": "Bob"}, {"goad": "x", "by": "Carol"}, {"goad": "x", "by": "Bob"}],
    )
    problem = attack_problem(board)
    assert len(problem.requirements) == 5  # 2 per distinct goader (701.15d) + Juggernaut
    assert legal_set(board) == {decl(x="Dave")}


def test_goad_planeswalker_target_obeys_only_the_first() -> None:
    # CR 701.15b: attacking a planeswalker obeys "attacks each combat" but not "attacks a
    # player other than the goader", so it's illegal while Carol can be attacked.
    board = board_of(
        [{"id": "x", "card": "Grizzly Bears", "controller": "Alice"},
         {"id": "pw", "card": "Gideon, Ally of Zendikar", "controller": "Carol"}],
        players=four_players(),
        effects=[{"goad": "x", "by": "Bob"}],
    )
    result = check_attack(attack_problem(board), {"x": "pw"})
    assert not result.legal and (result.obeyed, result.maximum) == (1, 2)


def test_crawlspace_caps_attackers_per_player() -> None:
    # CR 508.1c: "No more than two creatures can attack you each combat" limits attackers
    # of Crawlspace's controller only.
    board = board_of(
        [{"id": f"j{i}", "card": "Juggernaut", "controller": "Alice"} for i in range(3)]
        + [{"card": "Crawlspace", "controller": "Bob"}],
        players=[{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}],
    )
    plan = plan_attack(attack_problem(board))
    assert plan.obeyed == 3  # two at Bob at most, the third at Carol
    assert sum(1 for t in plan.attackers.values() if t == "Bob") <= 2
    three = check_attack(attack_problem(board), {"j0": "Bob", "j1": "Bob", "j2": "Bob"})
    assert not three.legal and "Crawlspace" in three.violations[0].source


def test_silent_arbiter_caps_all_attackers() -> None:
    # CR 508.1c: "No more than one creature can attack each combat".
    board = board_of([
        {"id": "a", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "b", "card": "Grizzly Bears", "controller": "Alice"},
        {"card": "Silent Arbiter", "controller": "Bob"},
    ])
    assert legal_set(board) == {decl(), decl(a="Bob"), decl(b="Bob")}


def test_trove_of_temptation_player_level_requirement() -> None:
    # CR 508.1d: Trove of Temptation's controller must be attacked by at least one creature
    # (or a planeswalker of theirs) if able; attacking Carol instead obeys nothing.
    board = board_of(
        [{"id": "a", "card": "Grizzly Bears", "controller": "Alice"},
         {"card": "Trove of Temptation", "controller": "Bob"}],
        players=[{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}],
    )
    assert legal_set(board) == {decl(a="Bob")}
    carol = check_attack(attack_problem(board), {"a": "Carol"})
    assert not carol.legal and (carol.obeyed, carol.maximum) == (0, 1)


def test_island_requirement_of_defending_player() -> None:
    # CR 508.1c: "can't attack unless defending player controls an Island" is judged per
    # defending player.
    board = board_of(
        [{"id": "serpent", "card": "Sea Serpent", "controller": "Alice"},
         {"card": "Island", "controller": "Carol"}],
        players=[{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}],
    )
    assert attack_problem(board).allowed["serpent"] == ("Carol",)


def test_siege_controller_attacks_own_battle_protector_cannot() -> None:
    # CR 310.9b: a battle may be attacked by any player for whom its protector is a
    # defending player — so Alice attacks her own Siege protected by Bob.
    board = board_of([
        {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "siege", "card": "Invasion of Gobakhan", "controller": "Alice",
         "protector": "Bob", "defense": 3},
    ])
    problem = attack_problem(board)
    assert problem.allowed["bears"] == ("Bob", "siege")
    bob_turn = attack_problem(board, "Bob")
    assert [t.id for t in bob_turn.targets] == ["Alice"]  # the protector never attacks it


def test_ghostly_prison_tax_per_creature() -> None:
    # CR 508.1d, 508.1h: {2} for each creature attacking Bob; 3 mana pays for one only.
    board = board_of(
        [{"id": "a", "card": "Grizzly Bears", "controller": "Alice"},
         {"id": "b", "card": "Grizzly Bears", "controller": "Alice"},
         {"card": "Ghostly Prison", "controller": "Bob"}],
        players=[{"name": "Alice", "mana": 3}, {"name": "Bob"}],
    )
    assert legal_set(board) == {decl(), decl(a="Bob"), decl(b="Bob")}


def inline_pair(text: str):
    return board_of([
        {"id": "a", "name": "Alpha", "controller": "Alice", "types": ["Creature"], "power": 1,
         "toughness": 1, "text": text},
        {"id": "b", "card": "Grizzly Bears", "controller": "Alice"},
    ])


def test_inline_text_cant_attack_alone() -> None:
    # CR 508.1c: inline text is parsed like Oracle text; "can't attack alone" forbids {a}.
    assert legal_set(inline_pair("This creature can't attack alone.")) == {
        decl(), decl(b="Bob"), decl(a="Bob", b="Bob")}


def test_inline_text_can_only_attack_alone() -> None:
    # CR 508.1c: "can only attack alone" forbids {a, b}.
    assert legal_set(inline_pair("This creature can only attack alone.")) == {
        decl(), decl(a="Bob"), decl(b="Bob")}


def test_haste_granted_by_fervor_lets_a_summoning_sick_creature_attack() -> None:
    # CR 302.6, 613.1f: Fervor gives creatures its controller controls haste.
    board = board_of([
        {"id": "jugg", "card": "Juggernaut", "controller": "Alice", "summoning_sick": True},
        {"card": "Fervor", "controller": "Alice"},
    ])
    plan = plan_attack(attack_problem(board))
    assert plan.attackers == {"jugg": "Bob"} and plan.maximum == 1


def test_granted_ability_names_its_grantor() -> None:
    # CR 508.1a-c: an Aura granting "can't attack" keeps the creature home; the reason
    # names the Aura.
    board = board_of([
        {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "aura", "name": "Shackles", "types": ["Enchantment"], "subtypes": ["Aura"],
         "controller": "Bob", "attached_to": "bears", "text": "Enchanted creature has defender."},
    ])
    problem = attack_problem(board)
    assert problem.allowed["bears"] == ()
    assert "defender" in problem.unable[("bears", "")]


def test_xantcha_cant_attack_its_owner() -> None:
    # CR 508.1c: Xantcha can't attack its owner or planeswalkers its owner controls.
    board = board_of(
        [{"id": "x", "card": "Xantcha, Sleeper Agent", "controller": "Alice", "owner": "Bob"}],
        players=[{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}],
    )
    assert attack_problem(board).allowed["x"] == ("Carol",)
