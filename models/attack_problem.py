"""The attack declaration problem in normal form, and its direct evaluation (CR 508.1).

:func:`redzone.models.attack_rules.attack_problem` turns a board into an :class:`AttackProblem`:
the creatures that could attack, the targets, the restrictions (508.1c), the requirements
(508.1d) and the costs (508.1d, 508.1h-j). The CP-SAT model (``redzone.solver.attack.solve``) and the
exhaustive reference (``redzone.solver.reference``) both read only this form, so they agree by
construction on what the rules say and can be cross-checked against each other.

A *declaration* is a mapping ``creature id -> target id`` listing the attacking creatures;
creatures not in it do not attack.

Everything here is plain Python (no ortools).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

Declaration = Mapping[str, str]
"""creature id -> attack target id (a player name or a planeswalker/battle id)."""


@dataclass(frozen=True)
class AttackTarget:
    """Something a creature can attack (CR 506.3, 508.1b).

    ``id``: player name, or the planeswalker's / battle's permanent id. ``kind``: what it is.
    ``player``: its defending player — the player itself, the planeswalker's controller, or
    the battle's protector (310.9d, 508.5).
    """

    id: str
    kind: Literal["player", "planeswalker", "battle"]
    player: str


@dataclass(frozen=True)
class Violation:
    """One reason a declaration is illegal.

    ``kind``: ``"restriction"``, ``"cost"``, ``"requirements"``, ``"unable"`` (a creature that
    can't attack at all or can't attack that target, or a target that is none of this combat,
    508.1b: source ``"CR 508.1b"``) or ``"unknown"`` (an id that is not a creature of the
    attacking player). ``source``: the card and permanent
    that imposes it, e.g. ``"Loyal Pegasus (peg)"``, or a rule. ``message``: one readable
    sentence naming the rule.
    """

    kind: str
    source: str
    message: str


# ------------------------------------------------------------------ restrictions (508.1c)


@dataclass(frozen=True)
class NotAlone:
    """If ``creature`` attacks, at least one other creature attacks."""

    creature: str
    source: str


@dataclass(frozen=True)
class OnlyAlone:
    """If ``creature`` attacks, no other creature attacks."""

    creature: str
    source: str


@dataclass(frozen=True)
class MinOtherAttackers:
    """If ``creature`` attacks, at least ``count`` other creatures attack."""

    creature: str
    count: int
    source: str


@dataclass(frozen=True)
class GreaterPowerCompanion:
    """If ``creature`` attacks, an attacking creature has greater power than it — or, with
    ``companions`` (h17), one of those creatures attacks ("unless a black or green creature
    also attacks")."""

    creature: str
    source: str
    companions: frozenset[str] | None = None


@dataclass(frozen=True)
class AttackerCap:
    """At most ``maximum`` creatures attack ``targets`` (``None``: attack at all)."""

    maximum: int
    targets: frozenset[str] | None
    source: str


Restriction = NotAlone | OnlyAlone | MinOtherAttackers | GreaterPowerCompanion | AttackerCap


# ------------------------------------------------------------------ requirements (508.1d)


@dataclass(frozen=True)
class Requirement:
    """One requirement instance (508.1d); the declaration should obey as many as possible.

    - ``creature`` set: obeyed when that creature attacks one of ``targets`` (``None``: any
      target). Goad gives two (701.15b); "attacks each combat if able" gives one.
    - ``creature`` is ``None``: a player-level requirement, obeyed when at least one
      creature attacks one of ``targets`` (Trove of Temptation).
    """

    creature: str | None
    targets: frozenset[str] | None
    source: str
    description: str


# ------------------------------------------------------------------ the problem


@dataclass(frozen=True)
class AttackProblem:
    """A declare-attackers decision in normal form (CR 508.1a-j).

    - ``attacking_player``: the active player's name.
    - ``creatures``: every creature the attacking player controls, in scenario order (all are
      checked for restrictions, 508.1c).
    - ``targets``: every possible attack target, in a fixed order (players in turn order,
      then their planeswalkers, then battles).
    - ``allowed``: creature -> target ids it may attack with no group restriction involved
      (508.1a untapped / not summoning sick / no defender, and per-target restrictions).
      A creature absent from it, or with an empty tuple, can't attack.
    - ``unable``: ``(creature, target or "")`` -> why that creature can't attack that target
      (``""``: can't attack at all); used in explanations.
    - ``power``: creature -> current power (for "greater power" restrictions).
    - ``restrictions`` / ``requirements``: as above.
    - ``costs``: ``(creature, target)`` -> generic mana that attack costs; absent means 0.
    - ``cost_sources``: ``(creature, target)`` -> the sources of that cost, for explanations.
    - ``mana``: generic mana the attacking player has to pay costs (508.1h-j).
    - ``life_costs``: ``(creature, target)`` -> life that attack costs (Phyrexian mana paid
      with 2 life per symbol: the scenario's mana is generic and can't pay a coloured
      symbol, CR 107.4f); absent means 0. ``life``: the attacking player's life total; the
      life paid in total must not exceed it (CR 119.4).
    """

    attacking_player: str
    creatures: tuple[str, ...]
    targets: tuple[AttackTarget, ...]
    allowed: Mapping[str, tuple[str, ...]]
    power: Mapping[str, int] = field(default_factory=dict)
    restrictions: tuple[Restriction, ...] = ()
    requirements: tuple[Requirement, ...] = ()
    costs: Mapping[tuple[str, str], int] = field(default_factory=dict)
    cost_sources: Mapping[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    mana: int = 0
    unable: Mapping[tuple[str, str], str] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)
    """id -> card name, for messages (``"Grizzly Bears (bears)"``)."""
    life_costs: Mapping[tuple[str, str], int] = field(default_factory=dict)
    life: int = 0

    def label(self, object_id: str) -> str:
        """``"Card Name (id)"`` for a permanent, the name itself for a player."""
        name = self.names.get(object_id)
        return f"{name} ({object_id})" if name and name != object_id else object_id

    def target(self, target_id: str) -> AttackTarget | None:
        """The :class:`AttackTarget` with this id, or ``None``."""
        for t in self.targets:
            if t.id == target_id:
                return t
        return None


# ------------------------------------------------------------------ evaluation


def cost_of(problem: AttackProblem, declaration: Declaration) -> int:
    """Total generic mana the declaration costs (508.1h): the sum over attacking pairs."""
    return sum(problem.costs.get((c, t), 0) for c, t in declaration.items())


def life_cost_of(problem: AttackProblem, declaration: Declaration) -> int:
    """Total life the declaration costs (Phyrexian mana paid with life, 107.4f, 508.1h)."""
    return sum(problem.life_costs.get((c, t), 0) for c, t in declaration.items())


def can_pay_life(problem: AttackProblem, amount: int) -> bool:
    """Whether the attacking player can pay ``amount`` life: any player can pay 0 life; a
    positive amount only with a life total at least that large (CR 119.4)."""
    return amount <= 0 or problem.life >= amount


def obeys(requirement: Requirement, declaration: Declaration) -> bool:
    """Whether ``declaration`` obeys ``requirement`` (508.1d)."""

    def hits(target: str) -> bool:
        return requirement.targets is None or target in requirement.targets

    if requirement.creature is not None:
        target = declaration.get(requirement.creature)
        return target is not None and hits(target)
    return any(hits(t) for t in declaration.values())


def obeyed_count(problem: AttackProblem, declaration: Declaration) -> int:
    """How many requirement instances ``declaration`` obeys (508.1d)."""
    return sum(1 for r in problem.requirements if obeys(r, declaration))


def _not_a_target(problem: AttackProblem, creature: str, target: str) -> str:
    """Why ``creature`` can't attack ``target``, which is no attack target of this combat:
    an attacking creature attacks an opponent of its controller, a planeswalker an opponent
    controls or a battle an opponent protects (CR 508.1b; 506.2-3)."""
    if target == problem.attacking_player:
        what = f"{target}, its own controller"
    else:
        what = problem.label(target) if target in problem.names else repr(target)
    return (f"{problem.label(creature)} can't attack {what}: a creature attacks an opponent of its "
            "controller, a planeswalker an opponent controls or a battle an opponent protects "
            "(CR 508.1b)")


def restriction_violations(problem: AttackProblem, declaration: Declaration) -> list[Violation]:
    """Every restriction (508.1c) and availability rule (508.1a) the declaration breaks.

    Returns an empty list when it breaks none. Does not look at costs or requirements.
    """
    out: list[Violation] = []
    target_ids = {t.id for t in problem.targets}
    creatures = set(problem.creatures)
    attackers = list(declaration)
    for c, t in declaration.items():
        if c not in creatures:
            out.append(Violation("unknown", c, f"{problem.label(c)} is not a creature "
                                 f"{problem.attacking_player} controls: only the active player's "
                                 "creatures attack (CR 508.1a)"))
            continue
        if t not in target_ids:
            out.append(Violation("unable", "CR 508.1b", _not_a_target(problem, c, t)))
            continue
        if t not in problem.allowed.get(c, ()):
            why = problem.unable.get((c, t)) or problem.unable.get((c, "")) or "it can't attack that"
            out.append(Violation("unable", problem.label(c), f"{problem.label(c)} can't attack {t}: {why}"))
    for r in problem.restrictions:
        if isinstance(r, AttackerCap):
            n = sum(1 for t in declaration.values() if r.targets is None or t in r.targets)
            if n > r.maximum:
                where = "" if r.targets is None else " " + ", ".join(sorted(r.targets))
                out.append(Violation(
                    "restriction", r.source,
                    f"{n} creatures attack{where} but {r.source} allows at most {r.maximum} (CR 508.1c)"))
            continue
        if r.creature not in declaration:
            continue
        others = [a for a in attackers if a != r.creature]
        who = problem.label(r.creature)
        if isinstance(r, NotAlone) and not others:
            out.append(Violation("restriction", r.source, f"{who} can't attack alone (CR 508.1c)"))
        elif isinstance(r, OnlyAlone) and others:
            out.append(Violation("restriction", r.source, f"{who} can only attack alone (CR 508.1c)"))
        elif isinstance(r, MinOtherAttackers) and len(others) < r.count:
            out.append(Violation(
                "restriction", r.source,
                f"{who} can't attack unless at least {r.count} other creatures attack; "
                f"{len(others)} do (CR 508.1c)"))
        elif isinstance(r, GreaterPowerCompanion) and r.companions is not None:
            if not any(a in r.companions for a in others):
                out.append(Violation(
                    "restriction", r.source,
                    f"{who} can't attack unless one of "
                    f"{', '.join(problem.label(x) for x in sorted(r.companions)) or 'no creature'} "
                    f"also attacks (CR 508.1c)"))
        elif isinstance(r, GreaterPowerCompanion):
            mine = problem.power.get(r.creature, 0)
            if not any(problem.power.get(a, 0) > mine for a in others):
                out.append(Violation(
                    "restriction", r.source,
                    f"{who} can't attack unless a creature with greater power than {mine} also attacks (CR 508.1c)"))
    return out


def is_restriction_legal(problem: AttackProblem, declaration: Declaration) -> bool:
    """True when the declaration breaks no restriction or availability rule (508.1a, c)."""
    return not restriction_violations(problem, declaration)
