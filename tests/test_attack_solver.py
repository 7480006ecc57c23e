"""Hand-built attack problems from the rules digest (section 1), solved with CP-SAT.

Each test builds an AttackProblem directly (no scenario parsing) and checks the plan, the
verdict on proposals and the full set of legal declarations against what the rules say.
"""

from __future__ import annotations

import random
from unittest import mock

import pytest

from redzone.models.attack_problem import (
    AttackerCap,
    AttackProblem,
    AttackTarget,
    GreaterPowerCompanion,
    MinOtherAttackers,
    NotAlone,
    OnlyAlone,
    Requirement,
)
from redzone.models.errors import ScenarioError
from redzone.solver.attack import solve as attack
from redzone.solver.attack.solve import check_attack, enumerate_attacks, maximum_requirements, plan_attack
from redzone.solver.reference import reference_maximum


def player(name: str) -> AttackTarget:
    return AttackTarget(name, "player", name)


def must_attack(creature: str, source: str = "aura") -> Requirement:
    """'attacks each combat if able' (CR 508.1d)."""
    return Requirement(creature, None, source, f"{creature} attacks each combat if able")


def goad(creature: str, goader: str, players: list[str]) -> tuple[Requirement, Requirement]:
    """CR 701.15b: attack each combat if able, and attack a player other than the goader."""
    others = frozenset(p for p in players if p != goader)
    return (Requirement(creature, None, f"goaded by {goader}", "attacks each combat if able"),
            Requirement(creature, others, f"goaded by {goader}",
                        f"attacks a player other than {goader} if able"))


def make(creatures: list[str], targets: list[AttackTarget], **kwargs: object) -> AttackProblem:
    """A problem where every creature may attack every target unless ``allowed`` is given."""
    allowed = kwargs.pop("allowed", None) or {c: tuple(t.id for t in targets) for c in creatures}
    return AttackProblem("AP", tuple(creatures), tuple(targets), allowed, **kwargs)  # type: ignore[arg-type]


def legal_set(problem: AttackProblem) -> list[dict[str, str]]:
    result = enumerate_attacks(problem)
    assert result.complete and result.status == "optimal"
    return result.declarations


CAP_ONE = AttackerCap(1, None, "no more than one creature can attack each turn")


# ------------------------------------------------------------------ 1.2 restrictions


def test_both_cant_attack_alone() -> None:
    """CR 508.1c: A and B each "can't attack alone": {A,B} and {} legal, {A}, {B} not."""
    p = make(["A", "B"], [player("DP")],
             restrictions=(NotAlone("A", "A's text"), NotAlone("B", "B's text")))
    assert legal_set(p) == [{}, {"A": "DP", "B": "DP"}]
    verdict = check_attack(p, {"A": "DP"})
    assert not verdict.legal
    assert [v.kind for v in verdict.violations] == ["restriction"]
    assert verdict.witness == {}  # fewest attackers (plan tie-break)


def test_only_alone_min_others_and_greater_power() -> None:
    """CR 508.1c: "attacks only alone", "unless two others attack", "unless a creature with
    greater power attacks" — each judged over the whole declaration."""
    p = make(["solo", "pack", "x", "y", "small"], [player("DP")],
             power={"solo": 1, "pack": 2, "x": 1, "y": 1, "small": 1},
             restrictions=(OnlyAlone("solo", "solo"), MinOtherAttackers("pack", 2, "pack"),
                           GreaterPowerCompanion("small", "small")))
    assert check_attack(p, {"solo": "DP"}).legal
    assert not check_attack(p, {"solo": "DP", "x": "DP"}).legal
    assert not check_attack(p, {"pack": "DP", "x": "DP"}).legal
    assert check_attack(p, {"pack": "DP", "x": "DP", "y": "DP"}).legal
    assert not check_attack(p, {"small": "DP", "x": "DP"}).legal  # equal power is not greater
    assert check_attack(p, {"small": "DP", "pack": "DP", "x": "DP", "y": "DP"}).legal


# ------------------------------------------------------------------ 1.3 maximisation


def test_board_1_cap_and_one_requirement() -> None:
    """Digest 1.3 board 1 (CR 508.1c-d): A must attack, B vanilla, one-attacker cap: {A} only.
    {B} and {} obey 0 of the maximum 1, {A,B} breaks the cap."""
    p = make(["A", "B"], [player("DP")], restrictions=(CAP_ONE,), requirements=(must_attack("A"),))
    plan = plan_attack(p)
    assert (plan.attackers, plan.obeyed, plan.maximum, plan.status) == ({"A": "DP"}, 1, 1, "optimal")
    assert plan.legal and plan.mana_paid == 0
    assert maximum_requirements(p) == (1, True)
    assert legal_set(p) == [{"A": "DP"}]
    for proposal in ({"B": "DP"}, {}):
        verdict = check_attack(p, proposal)
        assert not verdict.legal and verdict.witness == {"A": "DP"}
        assert [v.kind for v in verdict.violations] == ["requirements"]
        assert verdict.violations[0].message.startswith(
            "obeys 0 of the maximum 1 requirements (CR 508.1d)")
        assert "A attacks each combat if able" in verdict.violations[0].message
    both = check_attack(p, {"A": "DP", "B": "DP"})
    assert [v.kind for v in both.violations] == ["restriction"]
    assert both.obeyed == 1 and both.maximum == 1


def test_board_2_two_requirements_one_cap() -> None:
    """Digest 1.3 board 2 (CR 508.1d): A and B both must attack, one-attacker cap: {A} or {B}.
    The plan takes A, the earlier creature (documented tie-break)."""
    p = make(["A", "B"], [player("DP")], restrictions=(CAP_ONE,),
             requirements=(must_attack("A"), must_attack("B")))
    assert legal_set(p) == [{"A": "DP"}, {"B": "DP"}]
    assert plan_attack(p).attackers == {"A": "DP"}
    assert check_attack(p, {"B": "DP"}).legal
    assert not check_attack(p, {}).legal


def test_board_3_partner_must_join() -> None:
    """Digest 1.3 board 3 (CR 508.1c-d): A "can't attack alone" and must attack; B vanilla:
    {A,B} only — B has no requirement but must join so A's can be obeyed."""
    p = make(["A", "B"], [player("DP")], restrictions=(NotAlone("A", "A's text"),),
             requirements=(must_attack("A"),))
    assert legal_set(p) == [{"A": "DP", "B": "DP"}]
    assert plan_attack(p).attackers == {"A": "DP", "B": "DP"}
    assert not check_attack(p, {}).legal
    assert not check_attack(p, {"B": "DP"}).legal
    alone = check_attack(p, {"A": "DP"})
    assert [v.kind for v in alone.violations] == ["restriction"]


def test_duplicate_requirements_count_twice() -> None:
    """CR 508.1d: two "attacks each combat if able" effects are two instances; with a cap of
    one, the creature carrying both must be the one that attacks."""
    p = make(["A", "B"], [player("DP")], restrictions=(CAP_ONE,),
             requirements=(must_attack("A", "first"), must_attack("B", "first"),
                           must_attack("B", "second")))
    assert maximum_requirements(p) == (2, True)
    assert legal_set(p) == [{"B": "DP"}]


# ------------------------------------------------------------------ 1.4 costs


def _taxed(mana: int, *, planeswalker: bool) -> AttackProblem:
    targets = [player("DP")]
    if planeswalker:
        targets.append(AttackTarget("pw", "planeswalker", "DP"))
    return make(["A"], targets, requirements=(must_attack("A"),),
                costs={("A", "DP"): 2}, cost_sources={("A", "DP"): ("Ghostly Prison (gp)",)},
                mana=mana)


def test_tax_does_not_excuse_a_free_target() -> None:
    """Digest 1.4 (CR 508.1d, 508.1h-j): A must attack; attacking DP costs {2}; DP controls a
    planeswalker: A→planeswalker or A→DP paying; no attack is illegal."""
    p = _taxed(2, planeswalker=True)
    assert maximum_requirements(p) == (1, True)
    assert plan_attack(p).attackers == {"A": "pw"}  # costs are never forced
    assert legal_set(p) == [{"A": "DP"}, {"A": "pw"}]
    paid = check_attack(p, {"A": "DP"})
    assert paid.legal and paid.mana_paid == 2 and paid.witness is None
    none = check_attack(p, {})
    assert not none.legal and none.witness == {"A": "pw"}
    # Without the mana, only the free target remains.
    poor = _taxed(1, planeswalker=True)
    assert legal_set(poor) == [{"A": "pw"}]
    verdict = check_attack(poor, {"A": "DP"})
    assert [v.kind for v in verdict.violations] == ["cost"]
    assert verdict.violations[0].source == "Ghostly Prison (gp)"
    assert "costs 2 generic mana" in verdict.violations[0].message
    assert "only 1 is available" in verdict.violations[0].message


def test_tax_without_planeswalker_makes_no_attack_legal() -> None:
    """Digest 1.4 and edge case 2 (CR 508.1d): the only attack costs {2}, so M = 0: with 5
    mana both no attack and A attacking (paying 2) are legal; the plan pays nothing."""
    p = _taxed(5, planeswalker=False)
    assert maximum_requirements(p) == (0, True)
    plan = plan_attack(p)
    assert plan.attackers == {} and plan.mana_paid == 0 and plan.status == "optimal"
    assert legal_set(p) == [{}, {"A": "DP"}]
    assert check_attack(p, {"A": "DP"}).mana_paid == 2


def test_shared_budget_over_attackers() -> None:
    """CR 508.1h-j: one locked total over all attackers: 3 mana pays one {2} tax, not two."""
    p = make(["A", "B"], [player("DP")], costs={("A", "DP"): 2, ("B", "DP"): 2}, mana=3)
    assert legal_set(p) == [{}, {"A": "DP"}, {"B": "DP"}]
    verdict = check_attack(p, {"A": "DP", "B": "DP"})
    assert [v.kind for v in verdict.violations] == ["cost"]


# ------------------------------------------------------------------ 1.6 goad, multiplayer

FOUR = ["P2", "P3", "P4"]  # P1 is the attacking player


def test_goad_by_one_player() -> None:
    """Digest 1.6 (CR 701.15b, 508.1d): four players, X goaded by P2: X→P3 or X→P4 (2
    obeyed); X→P2 or X→P3's planeswalker obeys 1 and is illegal."""
    targets = [player(p) for p in FOUR] + [AttackTarget("pw3", "planeswalker", "P3")]
    p = make(["X"], targets, requirements=goad("X", "P2", FOUR))
    assert maximum_requirements(p) == (2, True)
    assert legal_set(p) == [{"X": "P3"}, {"X": "P4"}]
    assert plan_attack(p).attackers == {"X": "P3"}  # the earlier target
    for wrong in ({"X": "P2"}, {"X": "pw3"}):
        verdict = check_attack(p, wrong)
        assert verdict.obeyed == 1 and not verdict.legal
        assert "attacks a player other than P2 if able" in verdict.violations[0].message


def test_goad_by_two_players() -> None:
    """Digest 1.6 (CR 701.15b-c): goaded by P2 and P3: X→P4 (4 obeyed); if P4 can't be
    attacked, X→P2 or X→P3 (3)."""
    reqs = goad("X", "P2", FOUR) + goad("X", "P3", FOUR)
    p = make(["X"], [player(q) for q in FOUR], requirements=reqs)
    assert legal_set(p) == [{"X": "P4"}]
    assert plan_attack(p).maximum == 4
    no_p4 = make(["X"], [player(q) for q in FOUR], requirements=reqs,
                 allowed={"X": ("P2", "P3")})
    assert maximum_requirements(no_p4) == (3, True)
    assert legal_set(no_p4) == [{"X": "P2"}, {"X": "P3"}]


def test_goad_two_players_just_attack() -> None:
    """Digest 1.6 (CR 701.15b): with two players X just has to attack."""
    p = make(["X"], [player("P2")], requirements=goad("X", "P2", ["P2"]))
    assert maximum_requirements(p) == (1, True)
    assert legal_set(p) == [{"X": "P2"}]


def test_goad_beats_a_single_requirement_under_a_cap() -> None:
    """Edge case 1 (CR 508.1d, 701.15): X goaded by P2 and P3, Y must attack, one-attacker
    cap: X→P4 only (4 requirements against Y's 1)."""
    reqs = goad("X", "P2", FOUR) + goad("X", "P3", FOUR) + (must_attack("Y"),)
    p = make(["X", "Y"], [player(q) for q in FOUR], restrictions=(CAP_ONE,), requirements=reqs)
    assert legal_set(p) == [{"X": "P4"}]
    assert check_attack(p, {"Y": "P2"}).violations[0].message.startswith(
        "obeys 1 of the maximum 4 requirements (CR 508.1d)")


def test_per_player_cap() -> None:
    """CR 508.1c, 802.3a: "no more than one creature can attack you" counts only creatures
    attacking that player; A and B both must attack."""
    cap = AttackerCap(1, frozenset({"P2"}), "P2's cap")
    p = make(["A", "B"], [player("P2"), player("P3")], restrictions=(cap,),
             requirements=(must_attack("A"), must_attack("B")))
    assert legal_set(p) == [{"A": "P2", "B": "P3"}, {"A": "P3", "B": "P2"},
                            {"A": "P3", "B": "P3"}]
    # Tie-break: rank sums are 0 + 3 and 1 + 2 for the two split attacks, 1 + 3 for both at
    # P3; the equal split ranks are a residual tie settled (reproducibly) by the solver.
    plan = plan_attack(p)
    assert plan.attackers in ({"A": "P2", "B": "P3"}, {"A": "P3", "B": "P2"})
    assert plan_attack(p).attackers == plan.attackers


def test_player_level_requirement() -> None:
    """CR 508.1d: a player-level requirement ("attack with at least one creature") is obeyed
    by any one attacker; the plan uses the earliest creature."""
    p = make(["A", "B"], [player("DP")],
             requirements=(Requirement(None, None, "Trove", "attack with a creature"),))
    assert legal_set(p) == [{"A": "DP"}, {"B": "DP"}, {"A": "DP", "B": "DP"}]
    assert plan_attack(p).attackers == {"A": "DP"}


# ------------------------------------------------------------------ tie-break, API


def test_tie_break_prefers_fewer_attackers_over_earlier_creatures() -> None:
    """plan_attack's tie-break (CR 508.1d allows any optimal declaration): one late attacker
    beats two early ones. c0 and c1 can't attack alone; c2-c4 can't attack; c5 can."""
    creatures = [f"c{i}" for i in range(6)]
    allowed = {"c0": ("DP",), "c1": ("DP",), "c5": ("DP",)}
    p = make(creatures, [player("DP")], allowed=allowed,
             restrictions=(NotAlone("c0", "c0"), NotAlone("c1", "c1")),
             requirements=(Requirement(None, None, "Trove", "attack with a creature"),))
    assert plan_attack(p).attackers == {"c5": "DP"}
    with mock.patch.object(attack, "_SINGLE_SOLVE_LIMIT", 0):  # the two-solve path agrees
        assert plan_attack(p).attackers == {"c5": "DP"}


def test_tie_break_prefers_earlier_creature_over_earlier_target() -> None:
    """plan_attack's tie-break: rank = creature position * targets + target position, so c0
    attacking the second target (rank 1) beats c1 attacking the first (rank 2)."""
    p = make(["c0", "c1"], [player("P2"), player("P3")], allowed={"c0": ("P3",), "c1": ("P2",)},
             requirements=(Requirement(None, None, "Trove", "attack with a creature"),))
    assert plan_attack(p).attackers == {"c0": "P3"}
    with mock.patch.object(attack, "_SINGLE_SOLVE_LIMIT", 0):
        assert plan_attack(p).attackers == {"c0": "P3"}


def test_no_requirements_is_trivially_optimal() -> None:
    """CR 508.1d: without requirements M = 0 and attacking with nothing is legal."""
    p = make(["A"], [player("DP")])
    plan = plan_attack(p, time_limit=0.0)
    assert plan.attackers == {} and plan.status == "optimal" and plan.maximum == 0
    assert check_attack(p, {"A": "DP"}).legal


def test_unknown_and_unable_ids_are_violations() -> None:
    """CR 508.1a: a creature not allowed to attack a target, or an unknown id, is illegal."""
    p = make(["A", "B"], [player("DP")], allowed={"A": ("DP",)},
             unable={("B", ""): "it has defender"}, requirements=(must_attack("A"),))
    verdict = check_attack(p, {"ghost": "DP", "B": "DP"})
    assert sorted(v.kind for v in verdict.violations) == ["requirements", "unable", "unknown"]
    assert verdict.witness == {"A": "DP"}
    assert any("defender" in v.message for v in verdict.violations)


def test_enumeration_limit_and_order() -> None:
    """Without requirements every subset attacks legally (CR 508.1a); the enumeration is
    sorted by size then creature order, and a limit marks it incomplete."""
    p = make(["A", "B", "C"], [player("DP")])
    full = enumerate_attacks(p)
    assert full.complete and full.count == 8
    assert full.declarations[:4] == [{}, {"A": "DP"}, {"B": "DP"}, {"C": "DP"}]
    cut = enumerate_attacks(p, limit=3)
    assert cut.count == 3 and not cut.complete


def test_enumeration_lists_each_declaration_once() -> None:
    """CR 508.1d, 508.1h: every attack is taxed, so M = 0 and the player-level requirement
    may go unobeyed; paying, any subset may attack. Each declaration appears once."""
    p = make(["A", "B"], [player("DP")],
             requirements=(Requirement(None, None, "Trove", "attack with a creature"),),
             costs={("A", "DP"): 1, ("B", "DP"): 1}, mana=2)
    result = enumerate_attacks(p)
    assert result.maximum == 0
    assert result.declarations == [{}, {"A": "DP"}, {"B": "DP"}, {"A": "DP", "B": "DP"}]


def test_bad_numbers_raise_scenario_error() -> None:
    """Negative mana, costs or caps can't come from the rules: ScenarioError names them."""
    with pytest.raises(ScenarioError, match="mana"):
        plan_attack(make(["A"], [player("DP")], mana=-1))
    with pytest.raises(ScenarioError, match="cap"):
        check_attack(make(["A"], [player("DP")], restrictions=(AttackerCap(-1, None, "cap"),)), {})
    with pytest.raises(ScenarioError, match="limit"):
        enumerate_attacks(make(["A"], [player("DP")]), limit=-1)


# ------------------------------------------------------------------ status honesty


def large_problem(n: int, seed: int = 0) -> AttackProblem:
    """A random four-player problem with ``n`` creatures mixing every restriction and
    requirement kind, a tax on attacking P4 and two attacker caps."""
    rng = random.Random(seed)
    players = ["P2", "P3", "P4"]
    targets = [player(p) for p in players] + [
        AttackTarget("pw2", "planeswalker", "P2"), AttackTarget("pw3", "planeswalker", "P3"),
        AttackTarget("bt4", "battle", "P4")]
    ids = [t.id for t in targets]
    creatures = [f"c{i}" for i in range(n)]
    allowed = {c: () if rng.random() < 0.1 else tuple(t for t in ids if rng.random() < 0.8)
               for c in creatures}
    restrictions: list = [AttackerCap(max(1, n // 2), None, "cap"),
                          AttackerCap(max(1, n // 5), frozenset({"P2", "pw2"}), "P2 cap")]
    requirements: list[Requirement] = [Requirement(None, frozenset({"pw3"}), "trove", "pw3"),
                                       Requirement(None, None, "trove", "any")]
    for c in creatures:
        r = rng.random()
        if r < 0.05:
            restrictions.append(NotAlone(c, "s"))
        elif r < 0.07:
            restrictions.append(OnlyAlone(c, "s"))
        elif r < 0.10:
            restrictions.append(MinOtherAttackers(c, rng.randint(1, 3), "s"))
        elif r < 0.15:
            restrictions.append(GreaterPowerCompanion(c, "s"))
        q = rng.random()
        if q < 0.2:
            requirements.append(must_attack(c))
        elif q < 0.3:
            requirements.extend(goad(c, rng.choice(players), players))
        elif q < 0.35:
            requirements.append(Requirement(c, frozenset({rng.choice(ids)}), "must", "at"))
    costs = {(c, "P4"): 1 for c in creatures if "P4" in allowed[c]}
    return make(creatures, targets, allowed=allowed,
                power={c: rng.randint(0, 6) for c in creatures},
                restrictions=tuple(restrictions), requirements=tuple(requirements),
                costs=costs, mana=max(1, n // 10))


def test_status_is_feasible_when_the_time_limit_cuts_the_proof() -> None:
    """The status is "optimal" only when proved: a zero time limit on a 300-creature problem
    leaves M unproved (status "feasible"), and the proved run finds at least as much."""
    p = large_problem(300, seed=1)
    rushed = plan_attack(p, time_limit=0.0)
    assert rushed.status == "feasible" and not rushed.maximum_proved
    assert rushed.mana_paid == 0
    full = plan_attack(p)
    assert full.status == "optimal" and full.maximum_proved
    assert full.maximum >= rushed.maximum
    assert check_attack(p, full.attackers, time_limit=0.0).status == "feasible"
    assert not enumerate_attacks(p, limit=5, time_limit=0.0).complete


def test_large_plan_matches_reference_maximum_when_small() -> None:
    """The same generator at 6 creatures: CP-SAT's M equals the exhaustive one (508.1d)."""
    for seed in range(4):
        p = large_problem(6, seed)
        assert maximum_requirements(p) == (reference_maximum(p), True)
