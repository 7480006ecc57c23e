"""Issue 10 §2 boards: filters on the affected creatures, a cost on one creature, costs
paid with life (CR 508.1c-d, 508.1h-j, 509.1b-d, 107.4f, 119.4)."""

from __future__ import annotations

from typing import Any

from redzone.models.attack_rules import attack_problem
from redzone.models.block_rules import block_problems
from redzone.models.board import build_board
from redzone.models.scenario import parse_scenario
from redzone.solver.attack.solve import check_attack, enumerate_attacks, plan_attack
from redzone.solver.block.solve import check_blocks, enumerate_all_blocks, plan_blocks
from redzone.solver.reference import reference_legal_declarations


def board_of(permanents: list[dict[str, Any]], attackers: dict[str, str] | None = None,
             players: list[dict[str, Any]] | None = None):
    data: dict[str, Any] = {"players": players or [{"name": "Alice"}, {"name": "Bob"}],
                            "permanents": permanents}
    if attackers is not None:
        data["combat"] = {"attackers": attackers}
    return build_board(parse_scenario(data))


def alice(card: str, id: str, **kw: Any) -> dict[str, Any]:
    return {"id": id, "card": card, "controller": "Alice", **kw}


def bob(card: str, id: str, **kw: Any) -> dict[str, Any]:
    return {"id": id, "card": card, "controller": "Bob", **kw}


def block_set(board) -> set[frozenset[tuple[str, str]]]:
    found = enumerate_all_blocks(block_problems(board), limit=10_000)
    assert found.complete
    return {frozenset((b, a) for b, attackers in d.items() for a in attackers)
            for d in found.declarations}


def attack_set(board) -> set[frozenset[tuple[str, str]]]:
    found = enumerate_attacks(attack_problem(board), limit=10_000)
    assert found.complete
    return {frozenset(d.items()) for d in found.declarations}


# ------------------------------------------------------------------ filters on the affected


def test_challenger_troll_only_big_creatures_cant_be_double_blocked() -> None:
    # CR 509.1b: Challenger Troll (6/5) gives "can't be blocked by more than one creature" to
    # each creature its controller controls with power 4 or greater: itself and Bloom Hulk
    # (4/4). Bronze Sable and Hill Giant each block nothing, the Troll or the Hulk (3 x 3 =
    # 9 ways), minus the two where both block the same creature: 7 legal blocks.
    board = board_of([alice("Challenger Troll", "troll"), alice("Bloom Hulk", "hulk"),
                      bob("Bronze Sable", "sable"), bob("Hill Giant", "giant")],
                     {"troll": "Bob", "hulk": "Bob"})
    legal = block_set(board)
    assert len(legal) == 7
    assert frozenset({("sable", "hulk"), ("giant", "hulk")}) not in legal
    assert frozenset({("sable", "troll"), ("giant", "troll")}) not in legal
    # A small creature is not affected: a 3/3 Hill Giant of Alice's can be double-blocked.
    small = board_of([alice("Challenger Troll", "troll"), alice("Hill Giant", "small"),
                      bob("Bronze Sable", "sable"), bob("Grizzly Bears", "bears")],
                     {"small": "Bob"})
    assert frozenset({("sable", "small"), ("bears", "small")}) in block_set(small)


def test_tetsuko_umezawa_power_or_toughness_one_or_less_cant_be_blocked() -> None:
    # CR 509.1b: "Creatures you control with power or toughness 1 or less can't be blocked":
    # Tetsuko (1/3, power 1) and Llanowar Elves (1/1) are unblockable, Grizzly Bears (2/2)
    # are not; two alternatives of one filter.
    board = board_of([alice("Tetsuko Umezawa, Fugitive", "tetsuko"), alice("Llanowar Elves", "elf"),
                      alice("Grizzly Bears", "bears"), bob("Hill Giant", "giant")],
                     {"tetsuko": "Bob", "elf": "Bob", "bears": "Bob"})
    assert block_set(board) == {frozenset(), frozenset({("giant", "bears")})}


def test_moat_creatures_without_flying_cant_attack() -> None:
    # CR 508.1c: Moat: Serra Angel (flying) may attack, Grizzly Bears may not.
    board = board_of([alice("Serra Angel", "angel"), alice("Grizzly Bears", "bears"),
                      bob("Moat", "moat")])
    assert attack_set(board) == {frozenset(), frozenset({("angel", "Bob")})}


def test_reverence_power_two_or_less_cant_attack_its_controller() -> None:
    # CR 508.1c: Reverence stops Grizzly Bears (2/2) but not Hill Giant (3/3).
    board = board_of([alice("Grizzly Bears", "bears"), alice("Hill Giant", "giant"),
                      bob("Reverence", "rev")])
    assert attack_set(board) == {frozenset(), frozenset({("giant", "Bob")})}


def test_elephant_grass_black_cant_attack_nonblack_pay_two() -> None:
    # CR 508.1c-d, 508.1h: Elephant Grass: a black creature (Dusk Imp) can't attack Bob;
    # a nonblack one (Grizzly Bears) may if Alice pays {2}, never forced.
    players = [{"name": "Alice", "mana": 2}, {"name": "Bob"}]
    board = board_of([alice("Dusk Imp", "imp"), alice("Grizzly Bears", "bears"),
                      bob("Elephant Grass", "grass")], players=players)
    assert attack_set(board) == {frozenset(), frozenset({("bears", "Bob")})}
    assert plan_attack(attack_problem(board)).attackers == {}
    poor = board_of([alice("Grizzly Bears", "bears"), bob("Elephant Grass", "grass")])
    check = check_attack(attack_problem(poor), {"bears": "Bob"})
    assert not check.legal and [v.kind for v in check.violations] == ["cost"]


# ------------------------------------------------------------------ a cost on one creature


def test_oppressive_rays_without_mana_no_block_is_the_only_answer() -> None:
    # CR 509.1c-d: Prized Unicorn makes every creature able to block it do so, but a block
    # cost is never forced; Bob's Silvercoat Lion wears Oppressive Rays ("can't attack or
    # block unless its controller pays {3}") and Bob has no mana: the Lion can't pay, so
    # no block is the only legal declaration.
    board = board_of([alice("Prized Unicorn", "unicorn"), bob("Silvercoat Lion", "lion"),
                      bob("Oppressive Rays", "rays", attached_to="lion")], {"unicorn": "Bob"})
    assert block_set(board) == {frozenset()}
    assert plan_blocks(block_problems(board)).blockers == {}
    forced = check_blocks(block_problems(board), {"lion": ["unicorn"]})
    assert not forced.legal and [v.kind for v in forced.violations] == ["cost"]
    # With {3} Bob may pay, but still need not (509.1d): both declarations are legal.
    rich = board_of([alice("Prized Unicorn", "unicorn"), bob("Silvercoat Lion", "lion"),
                     bob("Oppressive Rays", "rays", attached_to="lion")], {"unicorn": "Bob"},
                    players=[{"name": "Alice"}, {"name": "Bob", "mana": 3}])
    assert block_set(rich) == {frozenset(), frozenset({("lion", "unicorn")})}


def test_oppressive_rays_taxes_every_attack_of_the_enchanted_creature() -> None:
    # CR 508.1d, 508.1h: the Aura's controller (Bob) taxes Alice's creature's attack on
    # Bob, and an Aura of Alice's own would tax it just the same ("its controller pays").
    for owner in ("Alice", "Bob"):
        board = board_of([alice("Grizzly Bears", "bears"),
                          {"id": "rays", "card": "Oppressive Rays", "controller": owner,
                           "attached_to": "bears"}],
                         players=[{"name": "Alice", "mana": 2}, {"name": "Bob"}])
        assert attack_set(board) == {frozenset()}
        rich = board_of([alice("Grizzly Bears", "bears"),
                         {"id": "rays", "card": "Oppressive Rays", "controller": owner,
                          "attached_to": "bears"}],
                        players=[{"name": "Alice", "mana": 3}, {"name": "Bob"}])
        assert attack_set(rich) == {frozenset(), frozenset({("bears", "Bob")})}


# ------------------------------------------------------------------ costs paid with life


def test_norns_annex_phyrexian_tax_paid_with_life() -> None:
    # CR 107.4f, 119.4, 508.1h: Norn's Annex: {W/P} per creature attacking Bob, paid with 2
    # life (Alice's mana is generic). With 3 life she can pay for one attacker, not two
    # (4 > 3); with 4 life, for both; never forced (508.1d).
    def board(life: int):
        return board_of([alice("Grizzly Bears", "a"), alice("Grizzly Bears", "b"),
                         bob("Norn's Annex", "annex")],
                        players=[{"name": "Alice", "life": life}, {"name": "Bob"}])
    low = board(3)
    assert attack_set(low) == {frozenset(), frozenset({("a", "Bob")}), frozenset({("b", "Bob")})}
    assert attack_set(low) == {frozenset(d.items())
                               for d in reference_legal_declarations(attack_problem(low))}
    both = check_attack(attack_problem(low), {"a": "Bob", "b": "Bob"})
    assert not both.legal and "119.4" in both.violations[0].message
    assert plan_attack(attack_problem(low)).attackers == {}
    assert frozenset({("a", "Bob"), ("b", "Bob")}) in attack_set(board(4))
    assert attack_set(board(1)) == {frozenset()}


# ------------------------------------------------------------------ every player's attacks


def test_pramikon_each_player_attacks_only_the_nearest_opponent_in_the_chosen_direction() -> None:
    # CR 508.1c: Pramikon (Carol's, direction left): Alice, attacking, may attack only the
    # opponent on her left — the next player in turn order, Bob — and Bob's planeswalkers;
    # not Carol. With "right" it is the previous player, Carol.
    players = [{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}]

    def board(direction: str | None):
        pram: dict[str, Any] = {"id": "pram", "card": "Pramikon, Sky Rampart", "controller": "Carol"}
        if direction:
            pram["choices"] = {"direction": direction}
        return board_of([alice("Grizzly Bears", "bears"), pram,
                         {"id": "jace", "card": "Jace Beleren", "controller": "Bob"}],
                        players=players)

    assert attack_set(board("left")) == {frozenset(), frozenset({("bears", "Bob")}),
                                         frozenset({("bears", "jace")})}
    assert attack_set(board("right")) == {frozenset(), frozenset({("bears", "Carol")})}
    import pytest

    from redzone.models.errors import ScenarioError

    with pytest.raises(ScenarioError, match="choices"):
        attack_problem(board(None))
