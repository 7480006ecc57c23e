"""One combat damage step in normal form, and its direct evaluation (CR 510.1, 702.19,
702.2c, 702.22j-k).

Owns :class:`DamageProblem`: the creatures that assign combat damage in a step (the
*sources*), how much each assigns, to whom it may assign it, who divides it (``decider``)
and the conditions the rules put on the split (lethal damage to blockers before trample
excess, counted jointly over the step; loyalty before a planeswalker's controller; the
2023 damage assignment order); and the judgement of an *assignment* (``source id ->
recipient -> amount``, absent pairs 0) with :func:`active_value` / :func:`defender_value`,
the lexicographic objectives. Built by :func:`redzone.models.damage_rules.damage_problem`;
read by ``redzone.solver.damage`` and ``redzone.solver.reference``. The rules:
``docs/rules.md``, "Combat damage (CR 510)". Plain Python (no ortools).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from redzone.models.attack_problem import Violation
from redzone.models.errors import ScenarioError

Assignment = Mapping[str, Mapping[str, int]]
"""source id -> recipient (permanent id or player name) -> amount assigned."""

Step = Literal["first-strike", "regular"]
Rules = Literal["current", "2023"]
Objective = Literal["max-player-damage", "max-kills", "min-losses"]

OBJECTIVES: tuple[str, ...] = ("max-player-damage", "max-kills", "min-losses")
"""The active player's objectives, the default first."""

__all__ = [
    "ACTIVE_KEYS",
    "OBJECTIVES",
    "Assignment",
    "DamageProblem",
    "DamageRecipient",
    "DamageSource",
    "Objective",
    "Violation",
    "active_terms",
    "active_value",
    "complete_assignment",
    "damage_violations",
    "defender_terms",
    "defender_value",
    "has_lethal",
    "is_legal",
    "missing_lethal",
    "normalise",
    "totals",
]


@dataclass(frozen=True)
class DamageRecipient:
    """Something a source may assign combat damage to.

    - ``id``: permanent id or player name; ``kind``: ``"creature"``, ``"player"``,
      ``"planeswalker"`` or ``"battle"``.
    - ``controller``: the player itself, or the permanent's controller (a battle's
      controller, not its protector).
    - ``need``: for a creature, lethal damage = toughness - marked damage, at least 0
      (120.6, 702.19b); for a planeswalker its loyalty (702.19c); for a battle its defense;
      0 for a player.
    - ``toughness`` / ``marked``: a creature's current toughness and marked damage (for
      messages); 0 otherwise.
    """

    id: str
    kind: Literal["creature", "player", "planeswalker", "battle"]
    controller: str
    need: int = 0
    toughness: int = 0
    marked: int = 0


@dataclass(frozen=True)
class DamageSource:
    """A creature that assigns combat damage in this step (510.1).

    - ``id``, ``controller``, ``role`` (``"attacker"`` or ``"blocker"``).
    - ``power``: the combat damage it deals — its current power, or its toughness under an
      "assigns combat damage equal to its toughness" effect; ``amount``: what it must
      assign in total — that value if it is above 0 and it has somewhere to assign it, else
      0 (510.1a-d).
    - ``recipients``: everything it may assign damage to, in a fixed order: its remaining
      blockers (or, for a blocking creature, the attackers it blocks), then what it attacks,
      then (trample over planeswalkers) that planeswalker's controller.
    - ``blockers``: for a trampler, the blocking creatures that must all have been assigned
      lethal damage before anything goes to ``excess`` (702.19b); otherwise empty.
    - ``excess``: the recipients that count as trample excess (what it attacks; the
      planeswalker's controller for 702.19c; the defending player for 702.19e).
    - ``spill`` / ``spill_from``: trample over planeswalkers (702.19c): damage may go to the
      player ``spill`` only once the planeswalker ``spill_from`` has been assigned damage
      (from all sources) at least equal to its loyalty.
    - ``order``: rules "2023" only, its damage assignment order: a creature later in it may
      be assigned damage only once every earlier one has been assigned lethal damage (old
      510.1c-d). Empty when the split is free.
    - ``deathtouch``: any nonzero amount it assigns to a creature is lethal (702.2c).
    - ``trample`` / ``over_planeswalkers``: its keywords, for messages.
    - ``decider``: the player who chooses how its damage is divided (510.1, 702.22j-k).
    - ``why``: one phrase explaining its recipients, with the rule (for messages).
    - ``unblocked_to``: a blocked attacking creature that may assign its combat damage as
      though it weren't blocked (Thorn Elemental; h4): what it attacks, also listed in
      ``recipients``; any damage assigned there must be all of its damage (and nothing
      then goes to its blockers), unless it is trample excess (702.19b). ``None`` otherwise.
    """

    id: str
    controller: str
    role: Literal["attacker", "blocker"]
    power: int
    amount: int
    recipients: tuple[str, ...]
    decider: str
    blockers: tuple[str, ...] = ()
    excess: tuple[str, ...] = ()
    spill: str | None = None
    spill_from: str | None = None
    order: tuple[str, ...] = ()
    deathtouch: bool = False
    trample: bool = False
    over_planeswalkers: bool = False
    why: str = ""
    unblocked_to: str | None = None

    @property
    def has_choice(self) -> bool:
        """True when more than one assignment of its damage is conceivable."""
        return self.amount > 0 and len(self.recipients) > 1


@dataclass(frozen=True)
class DamageProblem:
    """One combat damage step in normal form (CR 510.1).

    - ``step``: ``"first-strike"`` or ``"regular"`` (510.4); ``rules``: ``"current"`` or
      ``"2023"``.
    - ``active_player``: the attacking player's name.
    - ``sources``: the creatures that assign combat damage in this step (including those
      with 0 to assign), attackers first, each in scenario order.
    - ``recipients``: every id a source may assign to -> :class:`DamageRecipient`.
    - ``later``: creatures that will still assign combat damage in a later step of this
      combat (in a first-strike step: combatants without first strike, and those with
      double strike); used by the ``min-losses`` objective.
    - ``silent``: combatants that assign no combat damage in this step -> why.
    - ``names``: id -> card name, for messages.
    """

    step: Step
    rules: Rules
    active_player: str
    sources: tuple[DamageSource, ...]
    recipients: Mapping[str, DamageRecipient]
    later: frozenset[str] = frozenset()
    silent: Mapping[str, str] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)

    def label(self, object_id: str) -> str:
        """``"Card Name (id)"`` for a permanent, the name itself for a player."""
        name = self.names.get(object_id)
        return f"{name} ({object_id})" if name and name != object_id else object_id

    def source(self, source_id: str) -> DamageSource | None:
        """The :class:`DamageSource` with this id, or ``None`` (a dictionary look-up)."""
        return self._source_index.get(source_id)

    @functools.cached_property
    def _source_index(self) -> dict[str, DamageSource]:
        """id -> the first source with that id, built on first use."""
        index: dict[str, DamageSource] = {}
        for s in self.sources:
            index.setdefault(s.id, s)
        return index

    def creature_recipients(self) -> list[DamageRecipient]:
        """The creature recipients, in first-seen order over the sources' recipients."""
        seen: dict[str, DamageRecipient] = {}
        for s in self.sources:
            for r in s.recipients:
                rec = self.recipients[r]
                if rec.kind == "creature" and r not in seen:
                    seen[r] = rec
        return list(seen.values())


# ------------------------------------------------------------------ evaluation


def normalise(problem: DamageProblem, assignment: Assignment) -> dict[str, dict[str, int]]:
    """The assignment with zero amounts dropped and sources in problem order (unknown
    sources last, in the given order)."""
    out: dict[str, dict[str, int]] = {}
    order = [s.id for s in problem.sources] + [s for s in assignment if problem.source(s) is None]
    for sid in order:
        split = assignment.get(sid)
        if not split:
            continue
        kept = {r: int(a) for r, a in split.items() if a}
        if kept:
            out[sid] = kept
    return out


def totals(assignment: Assignment, sources: Iterable[str] | None = None) -> dict[str, int]:
    """recipient -> total amount assigned to it (by ``sources`` only, when given)."""
    only = None if sources is None else set(sources)
    out: dict[str, int] = {}
    for sid, split in assignment.items():
        if only is not None and sid not in only:
            continue
        for r, a in split.items():
            out[r] = out.get(r, 0) + a
    return out


def _assigned(problem: DamageProblem, assignment: Assignment,
              sources: Iterable[str] | None = None) -> tuple[dict[str, int], set[str]]:
    """One pass over the problem's sources (those in ``sources`` only, when given): the
    damage assigned to each recipient, and the recipients a deathtouch source assigns at
    least 1. What :func:`has_lethal` reads, for every creature at once."""
    only = None if sources is None else set(sources)
    total: dict[str, int] = {}
    deadly: set[str] = set()
    for s in problem.sources:
        if only is not None and s.id not in only:
            continue
        for r, a in assignment.get(s.id, {}).items():
            total[r] = total.get(r, 0) + a
            if a > 0 and s.deathtouch:
                deadly.add(r)
    return total, deadly


def _lethal(rec: DamageRecipient, total: dict[str, int], deadly: set[str]) -> bool:
    """:func:`has_lethal` from :func:`_assigned`'s tables."""
    return rec.need <= 0 or rec.id in deadly or total.get(rec.id, 0) >= rec.need


def has_lethal(problem: DamageProblem, assignment: Assignment, creature: str,
               sources: Iterable[str] | None = None) -> bool:
    """Whether ``creature`` has been assigned lethal damage (702.19b, 510.1c-d, 702.2c):
    the damage assigned to it (by ``sources`` only, when given; all sources otherwise) is at
    least its ``need`` (toughness - marked damage), or a deathtouch source among them assigns
    it at least 1. A creature whose ``need`` is 0 always has."""
    rec = problem.recipients.get(creature)
    if rec is None:
        return False
    if rec.need <= 0:
        return True
    only = None if sources is None else set(sources)
    total = 0
    for s in problem.sources:
        if only is not None and s.id not in only:
            continue
        a = assignment.get(s.id, {}).get(creature, 0)
        if a > 0 and s.deathtouch:
            return True
        total += a
    return total >= rec.need


def missing_lethal(problem: DamageProblem, assignment: Assignment, creature: str) -> int:
    """How much more damage ``creature`` needs to have been assigned lethal damage (0 when
    it has; 1 when a deathtouch source could still make it lethal with 1 more)."""
    if has_lethal(problem, assignment, creature):
        return 0
    rec = problem.recipients[creature]
    if any(s.deathtouch and creature in s.recipients and s.amount > 0 for s in problem.sources):
        return 1
    return rec.need - totals(assignment).get(creature, 0)


def damage_violations(problem: DamageProblem, assignment: Assignment) -> list[Violation]:
    """Every reason ``assignment`` is not a legal combat damage assignment for this step
    (510.1a-e, 702.19b-f, 702.2c, 702.22j-k, old 510.1c-d under rules "2023"); empty when
    it is legal.

    Violation kinds: ``"unknown"`` (not a creature that assigns combat damage in this step),
    ``"recipient"`` (it may not assign damage there), ``"amount"`` (negative amounts, or not
    exactly its power in total, 510.1a), ``"lethal"`` (trample excess, a damage assignment
    order or a planeswalker's controller reached too early). ``source`` is the creature's
    label; messages name the creature and the missing amount.
    """
    out: list[Violation] = []
    for sid, split in assignment.items():
        src = problem.source(sid)
        if src is None:
            if any(a for a in split.values()):
                why = problem.silent.get(sid, "it is not an attacking or blocking creature")
                out.append(Violation("unknown", problem.label(sid),
                                     f"{problem.label(sid)} assigns no combat damage in the "
                                     f"{problem.step} damage step: {why}"))
            continue
        for r, a in split.items():
            if a < 0:
                out.append(Violation("amount", problem.label(sid),
                                     f"{problem.label(sid)} assigns {a} to {problem.label(r)}; "
                                     "amounts must be 0 or more (CR 510.1)"))
            elif a > 0 and r not in src.recipients:
                out.append(Violation("recipient", problem.label(sid),
                                     f"{problem.label(sid)} can't assign combat damage to "
                                     f"{problem.label(r)}: {src.why}"))
    for src in problem.sources:
        given = sum(a for a in assignment.get(src.id, {}).values())
        if given != src.amount:
            label = problem.label(src.id)
            if src.amount == 0:
                message = f"{label} assigns {given} but has no combat damage to assign: {src.why}"
            elif given < src.amount:
                message = (f"{label} assigns {given} of its {src.amount} combat damage; all of "
                           "it must be assigned (CR 510.1a)")
            else:
                message = (f"{label} assigns {given} but its combat damage is {src.amount} "
                           "(CR 510.1a)")
            out.append(Violation("amount", label, message))
    out.extend(_lethal_violations(problem, assignment))
    return out


def _lethal_violations(problem: DamageProblem, assignment: Assignment) -> list[Violation]:
    out: list[Violation] = []
    all_totals = totals(assignment)
    total, deadly = _assigned(problem, assignment)

    def lethal(creature: str) -> bool:  # has_lethal over every source, from the tables
        rec = problem.recipients.get(creature)
        return rec is not None and _lethal(rec, total, deadly)

    for src in problem.sources:
        split = assignment.get(src.id, {})
        label = problem.label(src.id)
        if src.unblocked_to is not None and split.get(src.unblocked_to, 0) > 0:
            # h4 (Thorn Elemental, 510.1c as modified): all of its damage as though unblocked
            # is legal as it is; a part of it is legal only as trample excess (below).
            if split.get(src.unblocked_to, 0) == src.amount:
                continue
            if src.unblocked_to not in src.excess:
                out.append(Violation(
                    "lethal", label,
                    f"{label} assigns {split[src.unblocked_to]} of its {src.amount} combat damage "
                    f"to {problem.label(src.unblocked_to)}: as though it weren't blocked, it "
                    "assigns all of it there or none (CR 510.1c)"))
                continue
        # CR 702.19b: trample excess only once every blocker has been assigned lethal damage.
        for r in src.excess:
            a = split.get(r, 0)
            if a <= 0:
                continue
            for b in src.blockers:
                if not lethal(b):
                    need = missing_lethal(problem, assignment, b)
                    out.append(Violation(
                        "lethal", label,
                        f"{label} assigns {a} to {problem.label(r)} but {problem.label(b)} has "
                        f"not been assigned lethal damage (needs {need} more; CR 702.19b)"))
        # CR 702.19c: a planeswalker's controller only once the planeswalker has been
        # assigned damage at least equal to its loyalty (counting every source).
        if src.spill is not None and src.spill_from is not None:
            a = split.get(src.spill, 0)
            pw = problem.recipients[src.spill_from]
            got = all_totals.get(src.spill_from, 0)
            if a > 0 and got < pw.need:
                out.append(Violation(
                    "lethal", label,
                    f"{label} assigns {a} to {problem.label(src.spill)} but "
                    f"{problem.label(src.spill_from)} has been assigned {got} of its loyalty "
                    f"{pw.need} (needs {pw.need - got} more; CR 702.19c)"))
        # Old CR 510.1c-d (rules "2023"): a creature later in the damage assignment order
        # may be assigned damage only once every earlier one has been assigned lethal damage.
        for j, later in enumerate(src.order):
            a = split.get(later, 0)
            if a <= 0:
                continue
            for earlier in src.order[:j]:
                if not lethal(earlier):
                    need = missing_lethal(problem, assignment, earlier)
                    out.append(Violation(
                        "lethal", label,
                        f"{label} assigns {a} to {problem.label(later)} but "
                        f"{problem.label(earlier)}, earlier in its damage assignment order, has "
                        f"not been assigned lethal damage (needs {need} more; CR 510.1c, "
                        "2023 rules)"))
    return out


def is_legal(problem: DamageProblem, assignment: Assignment) -> bool:
    """True when :func:`damage_violations` finds nothing."""
    return not damage_violations(problem, assignment)


# ------------------------------------------------------------------ objectives


def _split(problem: DamageProblem) -> tuple[list[str], list[str]]:
    """(ids of sources the active player divides, ids of those another player divides)."""
    ap = [s.id for s in problem.sources if s.decider == problem.active_player]
    other = [s.id for s in problem.sources if s.decider != problem.active_player]
    return ap, other


def _rank_sum(problem: DamageProblem, assignment: Assignment, ids: Iterable[str]) -> int:
    """Sum over the given sources of (position of the recipient in its ``recipients``) x
    amount: the tie-break prefers damage on earlier recipients."""
    total = 0
    for sid in ids:
        src = problem.source(sid)
        if src is None:
            continue
        split = assignment.get(sid, {})
        for j, r in enumerate(src.recipients):
            total += j * split.get(r, 0)
    return total


def active_terms(problem: DamageProblem, assignment: Assignment) -> dict[str, int]:
    """The quantities the active player's objectives are made of, for this step:

    - ``player_damage``: damage the active player's sources assign to players other than
      the active player;
    - ``permanent_damage``: damage they assign to planeswalkers and battles;
    - ``kills``: creatures not controlled by the active player, with ``need`` > 0, that the
      active player's sources alone have assigned lethal damage (702.19b sense);
    - ``threat_kills``: those of ``kills`` that would still assign combat damage later in
      this combat (``problem.later``);
    - ``losses``: the active player's own creatures, with ``need`` > 0, that sources the
      active player divides have assigned lethal damage (only possible with banding,
      702.22k);
    - ``rank``: the tie-break sum (see :func:`_rank_sum`) over the active player's sources.
    """
    ap, _ = _split(problem)
    ap_set = set(ap)
    player = permanent = 0
    for sid in ap:
        for r, a in assignment.get(sid, {}).items():
            rec = problem.recipients.get(r)
            if rec is None:
                continue
            if rec.kind == "player" and r != problem.active_player:
                player += a
            elif rec.kind in ("planeswalker", "battle"):
                permanent += a
    kills = threat = losses = 0
    total, deadly = _assigned(problem, assignment, ap_set)
    for rec in problem.creature_recipients():
        if rec.need <= 0 or not _lethal(rec, total, deadly):
            continue
        if rec.controller == problem.active_player:
            losses += 1
        else:
            kills += 1
            if rec.id in problem.later:
                threat += 1
    return {"player_damage": player, "permanent_damage": permanent, "kills": kills,
            "threat_kills": threat, "losses": losses, "rank": _rank_sum(problem, assignment, ap)}


ACTIVE_KEYS: dict[str, tuple[tuple[str, int], ...]] = {
    # (term, sign): the value is maximised lexicographically; sign -1 means "fewer is better".
    "max-player-damage": (("player_damage", 1), ("permanent_damage", 1), ("kills", 1),
                          ("losses", -1), ("rank", -1)),
    "max-kills": (("kills", 1), ("player_damage", 1), ("permanent_damage", 1),
                  ("losses", -1), ("rank", -1)),
    "min-losses": (("losses", -1), ("threat_kills", 1), ("kills", 1), ("player_damage", 1),
                   ("permanent_damage", 1), ("rank", -1)),
}
"""Each objective as a lexicographic list of (term of :func:`active_terms`, sign)."""


def active_value(problem: DamageProblem, assignment: Assignment, objective: str) -> tuple[int, ...]:
    """The active player's objective value of ``assignment`` (larger is better,
    lexicographically): the signed terms of :data:`ACTIVE_KEYS` ``[objective]``. Raises
    KeyError for an unknown objective."""
    terms = active_terms(problem, assignment)
    return tuple(sign * terms[name] for name, sign in ACTIVE_KEYS[objective])


def defender_terms(problem: DamageProblem, assignment: Assignment) -> dict[str, int]:
    """The quantities of the other players' choice (blocking creatures; banding,
    702.22j), over all sources:

    - ``losses``: creatures not controlled by the active player, with ``need`` > 0, that
      have been assigned lethal damage;
    - ``kills``: the active player's creatures, with ``need`` > 0, that have been assigned
      lethal damage;
    - ``rank``: the tie-break sum over the sources the other players divide.
    """
    _, other = _split(problem)
    losses = kills = 0
    total, deadly = _assigned(problem, assignment)
    for rec in problem.creature_recipients():
        if rec.need <= 0 or not _lethal(rec, total, deadly):
            continue
        if rec.controller == problem.active_player:
            kills += 1
        else:
            losses += 1
    return {"losses": losses, "kills": kills, "rank": _rank_sum(problem, assignment, other)}


def defender_value(problem: DamageProblem, assignment: Assignment) -> tuple[int, int, int]:
    """The defending players' value (larger is better, lexicographically): fewest of their
    creatures assigned lethal damage, then most of the active player's creatures assigned
    lethal damage, then the tie-break: ``(-losses, kills, -rank)``."""
    t = defender_terms(problem, assignment)
    return (-t["losses"], t["kills"], -t["rank"])


def complete_assignment(problem: DamageProblem, assignment: Assignment) -> dict[str, dict[str, int]]:
    """``assignment`` with every source it leaves out and that has exactly one legal
    assignment filled in (issue 10 §5): a source that assigns nothing (power 0, or nowhere
    to assign it) and a source with a single recipient (a blocking creature blocking one
    attacker, an unblocked attacker, an attacker with one blocker and no trample) must
    assign all of its damage there (510.1a-d), so leaving it out is no choice.

    Raises :class:`redzone.models.errors.ScenarioError` naming the first source left out that
    has a real choice (several recipients). Sources that are given are kept as given.
    """
    out = {sid: dict(row) for sid, row in assignment.items()}
    for src in problem.sources:
        if src.id in out:
            continue
        if src.amount == 0:
            out[src.id] = {}
        elif len(src.recipients) == 1:
            out[src.id] = {src.recipients[0]: src.amount}
        else:
            names = ", ".join(problem.label(r) for r in src.recipients)
            raise ScenarioError(
                "combat.assignment",
                f"{problem.label(src.id)} is missing: it "
                f"assigns {src.amount} among {names} and that split is a choice; give it (CR 510.1)")
    return out
