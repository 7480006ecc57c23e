"""The block declaration problem in normal form, and its direct evaluation (CR 509.1).

:func:`redzone.models.block_rules.block_problems` turns a board and its ``combat.attackers`` into one
:class:`BlockProblem` per defending player (802.4): the attacking creatures that player may
block, the creatures they control, which (blocker, attacker) pairs evasion and the other
per-pair rules leave (509.1a-b), the group restrictions (509.1b), the requirements (509.1c)
and the costs (509.1d-f). The CP-SAT model (``redzone.solver.block.solve``) and the exhaustive reference
(``redzone.solver.reference``) both read only this form, so they agree on what the rules say and can
be cross-checked against each other.

A *declaration* is a mapping ``blocking creature id -> attacker ids it blocks``; a creature
that is absent (or mapped to an empty list) does not block.

Everything here is plain Python (no ortools).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from redzone.models.attack_problem import Violation

__all__ = [
    "AllOrNothing",
    "BlockDeclaration",
    "BlockProblem",
    "BlockRequirement",
    "BlockRestriction",
    "BlockerCap",
    "BlockerNotAlone",
    "band_blocks",
    "declared_form",
    "GreaterPowerBlocker",
    "MaxBlockers",
    "MinBlockers",
    "MinOtherBlockers",
    "Violation",
    "block_pairs",
    "blocking_creatures",
    "can_pay_life",
    "cost_of",
    "life_cost_of",
    "is_restriction_legal",
    "obeyed_count",
    "obeys",
    "restriction_violations",
]

BlockDeclaration = Mapping[str, Sequence[str]]
"""blocking creature id -> the attacking creature ids it blocks."""


# ------------------------------------------------------------------ restrictions (509.1b)


@dataclass(frozen=True)
class MinBlockers:
    """If ``attacker`` is blocked, it is blocked by at least ``minimum`` creatures (menace,
    702.111b, is 2; "can't be blocked except by three or more creatures" is 3)."""

    attacker: str
    minimum: int
    source: str


@dataclass(frozen=True)
class MaxBlockers:
    """``attacker`` is blocked by at most ``maximum`` creatures ("can't be blocked by more
    than one creature", Stalking Tiger)."""

    attacker: str
    maximum: int
    source: str


@dataclass(frozen=True)
class AllOrNothing:
    """If ``attacker`` is blocked, every creature of ``required`` blocks it (Tromokratis:
    "can't be blocked unless all creatures defending player controls block it"; ``required``
    is every creature the defending player controls, tapped ones included, so one creature
    unable to block it makes it unblockable)."""

    attacker: str
    required: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class BlockerNotAlone:
    """If ``blocker`` blocks, at least one other creature blocks ("can't block alone")."""

    blocker: str
    source: str


@dataclass(frozen=True)
class MinOtherBlockers:
    """If ``blocker`` blocks, at least ``count`` other creatures block (Orcish Conscripts)."""

    blocker: str
    count: int
    source: str


@dataclass(frozen=True)
class GreaterPowerBlocker:
    """If ``blocker`` blocks, a blocking creature has greater power than it (Okk)."""

    blocker: str
    source: str


@dataclass(frozen=True)
class BlockerCap:
    """At most ``maximum`` creatures block ("No more than N creatures can block each
    combat"; with several defending players each one's block is judged alone, 802.4)."""

    maximum: int
    source: str


BlockRestriction = (MinBlockers | MaxBlockers | AllOrNothing | BlockerNotAlone
                    | MinOtherBlockers | GreaterPowerBlocker | BlockerCap)


# ------------------------------------------------------------------ requirements (509.1c)


@dataclass(frozen=True)
class BlockRequirement:
    """One requirement instance (509.1c); the declaration should obey as many as possible.

    - ``blocker`` and ``attacker`` set: obeyed when that creature blocks that attacker
      (provoke 702.39a, "blocks X this turn if able", and one per potential blocker of a
      Lure-type attacker);
    - only ``blocker`` set: obeyed when that creature blocks any attacker ("blocks each
      combat if able");
    - only ``attacker`` set: obeyed when the number of its blockers that belong to ``by``
      (``None``: every blocker) is at least ``minimum`` and at most ``maximum`` (``None``: no
      bound) — "must be blocked if able" (1..), "... by exactly one creature" (1..1), "... by
      two or more creatures" (2..), "... by an Eldrazi" (``by`` = the Eldrazi).
    """

    blocker: str | None
    attacker: str | None
    source: str
    description: str
    minimum: int = 1
    maximum: int | None = None
    by: frozenset[str] | None = None


# ------------------------------------------------------------------ the problem


@dataclass(frozen=True)
class BlockProblem:
    """One defending player's declare-blockers decision in normal form (CR 509.1a-f, 802.4).

    - ``defending_player``: that player's name.
    - ``attackers``: the attacking creatures this player may block — those attacking them, a
      planeswalker they control or a battle they protect (509.1a, 310.9c, 802.4a) — in
      ``combat.attackers`` order.
    - ``blockers``: every creature the defending player controls, in scenario order (all of
      them are checked for restrictions, 509.1b).
    - ``allowed``: blocker -> attackers it may block once every per-pair rule is applied
      (509.1a untapped; 509.1b "can't block", evasion, protection, landwalk, quality filters).
      A blocker absent from it, or with an empty tuple, can't block.
    - ``capacity``: blocker -> how many attackers it may block at once (absent: 1, 509.1a;
      ``None``: any number).
    - ``power``: blocker -> current power (for "greater power" restrictions).
    - ``restrictions`` / ``requirements``: as above.
    - ``blocker_costs``: blocker -> generic mana its blocking costs (whatever it blocks);
      ``pair_costs``: ``(blocker, attacker)`` -> generic mana that block costs (509.1d);
      absent means 0. ``cost_sources`` names the sources: keys are a blocker id or
      ``"blocker->attacker"``.
    - ``mana``: generic mana the defending player has for costs (509.1f).
    - ``blocker_life_costs`` / ``pair_life_costs``: life the blocking costs, as the mana
      maps (Phyrexian mana paid with 2 life per symbol, CR 107.4f); ``life``: the defending
      player's life total, which the life paid in total must not exceed (CR 119.4).
    - ``unable``: ``(blocker, attacker or "")`` -> why that block is impossible (``""``: the
      creature can't block at all); used in explanations.
    - ``names``: id -> card name, for messages.
    """

    defending_player: str
    attackers: tuple[str, ...]
    blockers: tuple[str, ...]
    allowed: Mapping[str, tuple[str, ...]]
    capacity: Mapping[str, int | None] = field(default_factory=dict)
    power: Mapping[str, int] = field(default_factory=dict)
    restrictions: tuple[BlockRestriction, ...] = ()
    requirements: tuple[BlockRequirement, ...] = ()
    blocker_costs: Mapping[str, int] = field(default_factory=dict)
    pair_costs: Mapping[tuple[str, str], int] = field(default_factory=dict)
    cost_sources: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    mana: int = 0
    blocker_life_costs: Mapping[str, int] = field(default_factory=dict)
    pair_life_costs: Mapping[tuple[str, str], int] = field(default_factory=dict)
    life: int = 0
    unable: Mapping[tuple[str, str], str] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)
    bands: tuple[tuple[str, ...], ...] = ()
    """Attacking bands among ``attackers`` (702.22c, ``combat.bands``): a creature that
    blocks one creature of a band blocks all of them (702.22h). Declarations, restrictions,
    requirements and costs are about the *declared* blocks (509.1b-d); :func:`band_blocks`
    gives what each creature then blocks."""

    def label(self, object_id: str) -> str:
        """``"Card Name (id)"`` for a permanent, the id itself otherwise."""
        name = self.names.get(object_id)
        return f"{name} ({object_id})" if name and name != object_id else object_id

    def capacity_of(self, blocker: str) -> int | None:
        """How many attackers ``blocker`` may block at once (509.1a; ``None``: any number)."""
        return self.capacity.get(blocker, 1)

    def cost_of_pair(self, blocker: str, attacker: str) -> int:
        """Mana the single block ``blocker -> attacker`` costs on its own (the blocker's
        cost plus the pair's): what a declaration made of that block alone pays."""
        return self.blocker_costs.get(blocker, 0) + self.pair_costs.get((blocker, attacker), 0)


# ------------------------------------------------------------------ evaluation


def block_pairs(declaration: BlockDeclaration) -> list[tuple[str, str]]:
    """The (blocker, attacker) pairs of a declaration, in its order, duplicates kept."""
    return [(b, a) for b, attackers in declaration.items() for a in attackers]


def blocking_creatures(declaration: BlockDeclaration) -> list[str]:
    """The creatures that block something (509.1g), in declaration order."""
    return [b for b, attackers in declaration.items() if len(attackers) > 0]


def _blockers_of(declaration: BlockDeclaration, attacker: str) -> list[str]:
    return [b for b, attackers in declaration.items() if attacker in attackers]


def life_cost_of(problem: BlockProblem, declaration: BlockDeclaration) -> int:
    """Total life the declaration costs (Phyrexian mana paid with life; CR 107.4f, 509.1d),
    counted like :func:`cost_of`."""
    total = sum(problem.blocker_life_costs.get(b, 0) for b in blocking_creatures(declaration))
    return total + sum(problem.pair_life_costs.get(p, 0) for p in set(block_pairs(declaration)))


def can_pay_life(problem: BlockProblem, amount: int) -> bool:
    """Whether the defending player can pay ``amount`` life: 0 always, more only with at
    least that much life (CR 119.4)."""
    return amount <= 0 or problem.life >= amount


def cost_of(problem: BlockProblem, declaration: BlockDeclaration) -> int:
    """Total generic mana the declaration costs (509.1d-e): each blocking creature's own
    cost once, plus the cost of each (blocker, attacker) pair."""
    total = sum(problem.blocker_costs.get(b, 0) for b in blocking_creatures(declaration))
    return total + sum(problem.pair_costs.get(p, 0) for p in set(block_pairs(declaration)))


def obeys(requirement: BlockRequirement, declaration: BlockDeclaration) -> bool:
    """Whether ``declaration`` obeys ``requirement`` (509.1c)."""
    if requirement.blocker is not None:
        blocked = declaration.get(requirement.blocker, ())
        if requirement.attacker is None:
            return len(blocked) > 0
        return requirement.attacker in blocked
    if requirement.attacker is None:
        return False
    count = sum(1 for b in dict.fromkeys(_blockers_of(declaration, requirement.attacker))
                if requirement.by is None or b in requirement.by)
    return count >= requirement.minimum and (requirement.maximum is None
                                             or count <= requirement.maximum)


def obeyed_count(problem: BlockProblem, declaration: BlockDeclaration) -> int:
    """How many requirement instances ``declaration`` obeys (509.1c)."""
    return sum(1 for r in problem.requirements if obeys(r, declaration))


def restriction_violations(problem: BlockProblem, declaration: BlockDeclaration) -> list[Violation]:
    """Every restriction (509.1b) and availability rule (509.1a) the declaration breaks.

    Returns an empty list when it breaks none. Kinds: ``"unknown"`` (an id that is not one of
    the defending player's creatures, or an attacker this player can't block), ``"unable"``
    (that creature can't block that attacker, or blocks more attackers than it may),
    ``"restriction"`` (a group restriction, naming its source). Does not look at costs or
    requirements.
    """
    out: list[Violation] = []
    blockers = set(problem.blockers)
    attackers = set(problem.attackers)
    who = problem.defending_player
    for b, blocked in declaration.items():
        if b not in blockers:
            if blocked:
                out.append(Violation(
                    "unknown", problem.label(b),
                    f"{problem.label(b)} is not a creature {who} controls, so it can't block in "
                    f"{who}'s declaration (CR 509.1a, 802.4a)"))
            continue
        seen: set[str] = set()
        for a in blocked:
            if a in seen:
                out.append(Violation("unable", problem.label(b),
                                     f"{problem.label(b)} lists {problem.label(a)} twice (CR 509.1a)"))
                continue
            seen.add(a)
            if a not in attackers:
                out.append(Violation(
                    "unknown", problem.label(a),
                    f"{problem.label(b)} blocks {problem.label(a)}, which is not a creature attacking "
                    f"{who}, a planeswalker {who} controls or a battle {who} protects "
                    f"(CR 509.1a, 802.4a)"))
                continue
            if a not in problem.allowed.get(b, ()):
                why = (problem.unable.get((b, a)) or problem.unable.get((b, ""))
                       or "it can't block that creature")
                out.append(Violation("unable", problem.label(b),
                                     f"{problem.label(b)} can't block {problem.label(a)}: {why}"))
        cap = problem.capacity_of(b)
        if cap is not None and len(seen) > cap:
            out.append(Violation(
                "unable", problem.label(b),
                f"{problem.label(b)} blocks {len(seen)} creatures but can block only {cap} "
                f"(CR 509.1a)"))
    active = [b for b in blocking_creatures(declaration) if b in blockers]
    for r in problem.restrictions:
        if isinstance(r, BlockerCap):
            if len(active) > r.maximum:
                out.append(Violation(
                    "restriction", r.source,
                    f"{len(active)} creatures block but {r.source} allows at most {r.maximum} "
                    f"(CR 509.1b)"))
        elif isinstance(r, (MinBlockers, MaxBlockers, AllOrNothing)):
            mine = [b for b in dict.fromkeys(_blockers_of(declaration, r.attacker)) if b in blockers]
            if not mine:
                continue
            what = problem.label(r.attacker)
            if isinstance(r, MinBlockers) and len(mine) < r.minimum:
                out.append(Violation(
                    "restriction", r.source,
                    f"{what} can't be blocked except by {r.minimum} or more creatures; "
                    f"{len(mine)} block it (CR 509.1b)"))
            elif isinstance(r, MaxBlockers) and len(mine) > r.maximum:
                out.append(Violation(
                    "restriction", r.source,
                    f"{what} can't be blocked by more than {r.maximum} creature(s); "
                    f"{len(mine)} block it (CR 509.1b)"))
            elif isinstance(r, AllOrNothing):
                missing = [c for c in r.required if c not in mine]
                if missing:
                    out.append(Violation(
                        "restriction", r.source,
                        f"{what} can't be blocked unless all creatures {who} controls block it; "
                        f"not blocking it: {', '.join(problem.label(c) for c in missing)} (CR 509.1b)"))
        else:
            if r.blocker not in active:
                continue
            others = [b for b in active if b != r.blocker]
            me = problem.label(r.blocker)
            if isinstance(r, BlockerNotAlone) and not others:
                out.append(Violation("restriction", r.source, f"{me} can't block alone (CR 509.1b)"))
            elif isinstance(r, MinOtherBlockers) and len(others) < r.count:
                out.append(Violation(
                    "restriction", r.source,
                    f"{me} can't block unless at least {r.count} other creatures block; "
                    f"{len(others)} do (CR 509.1b)"))
            elif isinstance(r, GreaterPowerBlocker):
                mine_power = problem.power.get(r.blocker, 0)
                if not any(problem.power.get(o, 0) > mine_power for o in others):
                    out.append(Violation(
                        "restriction", r.source,
                        f"{me} can't block unless a creature with greater power than {mine_power} "
                        f"also blocks (CR 509.1b)"))
    return out


def is_restriction_legal(problem: BlockProblem, declaration: BlockDeclaration) -> bool:
    """True when the declaration breaks no restriction or availability rule (509.1a-b)."""
    return not restriction_violations(problem, declaration)


# ------------------------------------------------------------------ banding (702.22h)


def _band_of(problem: BlockProblem) -> dict[str, tuple[str, ...]]:
    return {a: band for band in problem.bands for a in band}


def band_blocks(problem: BlockProblem, declaration: BlockDeclaration) -> dict[str, list[str]]:
    """What each creature blocks once the declaration is made (702.22h): a creature declared
    as blocking one creature of a band blocks every creature of that band. Without bands,
    the declaration itself (as lists)."""
    band = _band_of(problem)
    out: dict[str, list[str]] = {}
    for b, attackers in declaration.items():
        got: list[str] = []
        for a in attackers:
            for x in band.get(a, (a,)):
                if x not in got:
                    got.append(x)
        out[b] = got
    return out


def declared_form(problem: BlockProblem, declaration: BlockDeclaration) -> dict[str, list[str]]:
    """A proposal read as a declaration (702.22h): where a creature is listed as blocking
    several creatures of one band — as :func:`band_blocks` shows it — it declared one of them
    and the others follow. The one kept is the first listed that it may block (509.1b), else
    the first listed. Other entries are kept as they are."""
    band = _band_of(problem)
    if not band:
        return {b: list(a) for b, a in declaration.items()}
    out: dict[str, list[str]] = {}
    for b, attackers in declaration.items():
        allowed = problem.allowed.get(b, ())
        kept: list[str] = []
        done: set[tuple[str, ...]] = set()
        for a in attackers:
            group = band.get(a)
            if group is None:
                kept.append(a)
                continue
            if group in done:
                continue
            done.add(group)
            listed = [x for x in attackers if x in group]
            ok = [x for x in listed if x in allowed]
            kept.append(ok[0] if ok else listed[0])
        out[b] = kept
    return out
