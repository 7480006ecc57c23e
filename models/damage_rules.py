"""From a board and its combat to one combat damage step in normal form (CR 510, 702.19,
702.7, 702.4, 702.22j-k).

Owns :func:`damage_problem`: which step and which creatures assign damage (first-strike and
regular steps, 510.4), how much, where each creature's damage may go (blockers, trample
excess, what it attacks, or nothing once that has left combat, 506.4), who divides it
(banding) and, under ``rules: "2023"``, the damage assignment order; and
:func:`default_step`, :func:`remaining_steps`, :func:`combatants`. ``state`` (a
:class:`redzone.models.game_state.GameState`) lets a later step see what an earlier one
did. The rules: ``docs/rules.md``, "Combat damage (CR 510)". Pure Python.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from redzone.models.abilities import AssignAsUnblocked, AssignsToughness, Keyword
from redzone.models.battlefield import Board, Permanent
from redzone.models.block_rules import attack_bands
from redzone.models.damage_problem import DamageProblem, DamageRecipient, DamageSource, Step
from redzone.models.errors import ScenarioError
from redzone.models.lethal import any_lethal_by_power, lethal_damage

__all__ = ["combatants", "damage_problem", "default_step", "remaining_steps"]


class _View:
    """The board seen through an optional game state (what an earlier step changed)."""

    def __init__(self, board: Board, state: Any = None) -> None:
        self.board = board
        self.state = state

    def present(self, pid: str) -> bool:
        return pid in self.board.permanents and (self.state is None or self.state.on_battlefield(pid))

    def in_game(self, player: str) -> bool:
        return self.state is None or self.state.in_game(player)

    def keyword(self, perm: Permanent, name: str) -> bool:
        """Its own keyword, or one granted by a permanent still on the battlefield (611.3)."""
        if perm.has_keyword(name):
            return True
        return any(isinstance(a, Keyword) and a.name == name and self.present(g.id)
                   for a, g in self.board.granted(perm))

    def power(self, perm: Permanent) -> int:
        return self.state.power(self.board, perm.id) if self.state is not None else (perm.power or 0)

    def damage_amount(self, perm: Permanent) -> int:
        """The combat damage it assigns (CR 510.1a): its power, or its toughness while an
        "assigns combat damage equal to its toughness rather than its power" effect of a
        permanent still on the battlefield applies to it (Doran, the Siege Tower)."""
        for a, holder in self.board.abilities_affecting(perm, AssignsToughness):
            if self.present(holder.id):
                if getattr(a, "by", "toughness") == "mana value":  # h38: Narod (202.3)
                    return int(perm.mana_value)  # (a half value of an Un-card: rounded down)
                return self.toughness(perm)
        return self.power(perm)

    def as_unblocked(self, perm: Permanent) -> bool:
        """Whether an effect of a permanent still on the battlefield lets ``perm`` assign its
        combat damage as though it weren't blocked (Thorn Elemental; h4)."""
        return any(self.present(holder.id)
                   for _, holder in self.board.abilities_affecting(perm, AssignAsUnblocked))

    def toughness(self, perm: Permanent) -> int:
        if self.state is not None:
            return self.state.toughness(self.board, perm.id)
        return perm.toughness or 0

    def marked(self, perm: Permanent) -> int:
        return self.state.marked(perm.id) if self.state is not None else perm.damage

    def loyalty(self, perm: Permanent) -> int:
        if self.state is not None and perm.id in self.state.loyalty:
            return self.state.loyalty[perm.id]
        return perm.loyalty or 0

    def defense(self, perm: Permanent) -> int:
        if self.state is not None and perm.id in self.state.defense:
            return self.state.defense[perm.id]
        return perm.defense or 0

    def strikes_first(self, perm: Permanent) -> bool:
        return self.keyword(perm, "first strike") or self.keyword(perm, "double strike")


def _combat(board: Board) -> Any:
    combat = getattr(board.scenario, "combat", None)
    if combat is None:
        raise ScenarioError("combat", "a combat damage step needs `combat` with its attackers")
    return combat


class _Combat:
    """The combat of a board, validated and reduced to the creatures still in it."""

    def __init__(self, board: Board, state: Any = None) -> None:
        self.view = view = _View(board, state)
        self.board = board
        spec = _combat(board)
        self.spec = spec
        ap = board.active_player
        self.silent: dict[str, str] = {}
        self.attackers: dict[str, str] = {}  # attacking creatures still in combat -> target
        for a, target in spec.attackers.items():
            if target not in board.permanents and not board.is_player(target):
                raise ScenarioError(f"combat.attackers.{a}", f"{target!r} is neither a player nor a permanent id")
            if target in board.permanents:
                t = board.permanents[target]
                if not (t.is_a("Planeswalker") or t.is_a("Battle")):
                    raise ScenarioError(f"combat.attackers.{a}",
                                        f"{t.label} is not a player, planeswalker or battle, so it "
                                        "can't be attacked (CR 506.3)")
            perm = board.permanents[a]
            if target == ap and perm.controller != ap:
                raise ScenarioError(f"combat.attackers.{a}",
                                    f"{perm.label} is controlled by {perm.controller}, but only the "
                                    f"active player's creatures attack ({ap} is the active player; "
                                    "CR 508.1a)")
            if target == ap:
                raise ScenarioError(f"combat.attackers.{a}", "a creature can't attack its own controller (CR 506.3)")
            if not view.present(a):
                self.silent[a] = "it has left the battlefield (CR 506.4)"
            elif not perm.is_creature:
                self.silent[a] = "it is not a creature, so it has left combat (CR 506.4)"
            elif perm.controller != ap:
                self.silent[a] = (f"it is controlled by {perm.controller}, not the active player, "
                                  "so it is not attacking (CR 506.4, 508.1a)")
            else:
                self.attackers[a] = target
        self.blocks: dict[str, list[str]] = {}  # blocking creatures still in combat -> attackers
        was_blocked: set[str] = set()
        # 702.22h: a creature blocking one creature of an attacking band blocks all of them.

        band_of = {a: band for band in attack_bands(board, dict(spec.attackers)) for a in band}
        declared = spec.blockers
        if band_of:
            declared = {b: list(dict.fromkeys(x for a in lst for x in band_of.get(a, (a,))))
                        for b, lst in spec.blockers.items()}
        for b, lst in declared.items():
            for j, a in enumerate(lst):
                if a not in spec.attackers:
                    raise ScenarioError(f"combat.blockers.{b}[{j}]",
                                        f"{a!r} is not an attacking creature (see combat.attackers)")
                was_blocked.add(a)
            if b in spec.attackers:
                raise ScenarioError(f"combat.blockers.{b}", "an attacking creature can't also block")
            perm = board.permanents[b]
            if not view.present(b):
                self.silent[b] = "it has left the battlefield (CR 506.4)"
            elif not perm.is_creature:
                self.silent[b] = "it is not a creature, so it has left combat (CR 506.4)"
            elif perm.controller == ap:
                self.silent[b] = "the active player's creatures can't block (CR 509.1a)"
            else:
                self.blocks[b] = list(dict.fromkeys(x for x in lst if x in self.attackers))
        for j, a in enumerate(spec.blocked):
            if a not in spec.attackers:
                raise ScenarioError(f"combat.blocked[{j}]", f"{a!r} is not an attacking creature (see combat.attackers)")
            was_blocked.add(a)
        # CR 509.1h, 506.4: an attacking creature stays blocked after its blockers leave.
        self.blocked = {a for a in was_blocked if a in self.attackers}
        for j, c in enumerate(spec.first_strike_dealt):
            if c not in spec.attackers and c not in spec.blockers:
                raise ScenarioError(f"combat.first_strike_dealt[{j}]",
                                    f"{c!r} is not an attacking or blocking creature")

    def combatants(self) -> list[str]:
        return list(self.attackers) + list(self.blocks)

    def blockers_of(self, a: str) -> list[str]:
        """The blocking creatures still in combat that block ``a``, in ``blocks`` order
        (indexed once: a look-up per attacker, not a scan of every block)."""
        index = getattr(self, "_blockers_index", None)
        if index is None:
            index = {}
            for b, lst in self.blocks.items():
                for x in lst:
                    index.setdefault(x, []).append(b)
            self._blockers_index = index
        return list(index.get(a, ()))

    def target_status(self, target: str) -> tuple[str, str | None, bool]:
        """(kind, defending player, still in combat) of an attack target (506.4, 508.5)."""
        board, view = self.board, self.view
        if board.is_player(target):
            return "player", target, view.in_game(target)
        perm = board.permanents[target]
        ap = board.active_player
        if perm.is_a("Battle"):
            # 506.4: a battle whose protector is now the active player has left combat.
            alive = view.present(target) and view.defense(perm) > 0 and perm.protector != ap
            return "battle", perm.protector, alive
        # 506.4: so has a planeswalker the active player now controls.
        alive = view.present(target) and view.loyalty(perm) > 0 and perm.controller != ap
        return "planeswalker", perm.controller, alive


def combatants(board: Board, state: Any = None) -> list[str]:
    """Ids of the attacking and blocking creatures still in combat (attackers first, in
    ``combat.attackers`` order, then blockers in ``combat.blockers`` order). Raises
    ScenarioError for a malformed combat."""
    return _Combat(board, state).combatants()


def default_step(board: Board, *, first_strike_dealt: Collection[str] | None = None,
                 state: Any = None) -> Step:
    """The combat damage step a scenario stands at (510.4): ``combat.step`` when given;
    else ``"regular"`` when some creature has already dealt first-strike damage
    (``first_strike_dealt``, default ``combat.first_strike_dealt``); else ``"first-strike"``
    when an attacking or blocking creature has first strike or double strike; else
    ``"regular"``."""
    combat = _Combat(board, state)
    if combat.spec.step is not None:
        return combat.spec.step
    dealt = combat.spec.first_strike_dealt if first_strike_dealt is None else first_strike_dealt
    if dealt:
        return "regular"
    view = combat.view
    if any(view.strikes_first(board.permanents[c]) for c in combat.combatants()):
        return "first-strike"
    return "regular"


def remaining_steps(board: Board, state: Any = None) -> list[Step]:
    """The combat damage steps still to come, in order (510.4): ``["first-strike",
    "regular"]`` from a first-strike step, else ``["regular"]``."""
    first = default_step(board, state=state)
    return ["first-strike", "regular"] if first == "first-strike" else ["regular"]


def _order(spec: Any, creature: str, current: list[str]) -> list[str]:
    """Old 509.2-3 (rules "2023"): the creature's damage assignment order restricted to the
    creatures still there, missing ones appended in their current order."""
    given = [c for c in dict.fromkeys(spec.damage_order.get(creature, [])) if c in current]
    return given + [c for c in current if c not in given]


def damage_problem(board: Board, step: Step | None = None, *, state: Any = None,
                   first_strike_dealt: list[str] | tuple[str, ...] | set[str] | None = None) -> DamageProblem:
    """The combat damage step ``step`` (default: :func:`default_step`) in normal form.

    ``state``: an optional :class:`redzone.models.outcome.GameState` holding what earlier damage
    changed (marked damage, -1/-1 counters, loyalty, defense, permanents that left).
    ``first_strike_dealt``: creatures that dealt first-strike damage this combat (default
    ``combat.first_strike_dealt``).

    Returns a :class:`DamageProblem` (see its docstring). Raises ScenarioError when there is
    no ``combat``, when a blocker blocks a creature that is not attacking, when
    ``combat.blocked`` or ``combat.first_strike_dealt`` names a non-combatant, or when an
    attack target is a permanent that can't be attacked.
    """
    combat = _Combat(board, state)
    view, spec = combat.view, combat.spec
    ap = board.active_player
    if step is None:
        step = default_step(board, first_strike_dealt=first_strike_dealt, state=state)
    if step not in ("first-strike", "regular"):
        raise ScenarioError("step", f"expected first-strike or regular (got {step!r})")
    dealt = set(spec.first_strike_dealt if first_strike_dealt is None else first_strike_dealt)
    rules = "2023" if board.rules == "2023" else "current"
    perms = board.permanents

    silent = dict(combat.silent)
    dealing: list[str] = []
    later: set[str] = set()
    for c in combat.combatants():
        perm = perms[c]
        if perm.conditions.get("assigns no combat damage"):
            # a triggered ability said so this turn (models/triggers/board_effects.py; 510.1)
            silent[c] = "it assigns no combat damage this turn (a triggered ability; CR 510.1)"
            continue
        double = view.keyword(perm, "double strike")
        first = view.keyword(perm, "first strike")
        if step == "first-strike":
            # CR 510.4, 702.7b, 702.4b: only first and double strikers deal damage now.
            if first or double:
                dealing.append(c)
            else:
                silent[c] = ("it has neither first strike nor double strike, so it deals damage "
                             "in the regular step (CR 510.4)")
            if double or not first:
                later.add(c)
        else:
            # CR 510.4, 702.7c, 702.4c-d: creatures that didn't deal first-strike damage, and
            # every creature that currently has double strike.
            if double or c not in dealt:
                dealing.append(c)
            else:
                silent[c] = ("it dealt first-strike damage and has no double strike "
                             "(CR 510.4, 702.7c)")

    recipients: dict[str, DamageRecipient] = {}
    by_power = any_lethal_by_power(board)

    def creature(cid: str) -> str:
        if cid not in recipients:
            p = perms[cid]
            t, m = view.toughness(p), view.marked(p)
            need = (lethal_damage(board, p, view.power(p), t, view.present)  # 120.6, Zilortha
                    if by_power else t)
            recipients[cid] = DamageRecipient(cid, "creature", p.controller, max(0, need - m), t, m)
        return cid

    def target(tid: str) -> str:
        if tid not in recipients:
            if board.is_player(tid):
                recipients[tid] = DamageRecipient(tid, "player", tid)
            else:
                p = perms[tid]
                if p.is_a("Battle"):
                    recipients[tid] = DamageRecipient(tid, "battle", p.controller, view.defense(p))
                else:
                    recipients[tid] = DamageRecipient(tid, "planeswalker", p.controller, view.loyalty(p))
        return tid

    def label(x: str) -> str:
        return perms[x].label if x in perms else x

    sources: list[DamageSource] = []
    for a in [c for c in dealing if c in combat.attackers]:
        perm = perms[a]
        tid = combat.attackers[a]
        kind, defender, alive = combat.target_status(tid)
        over = view.keyword(perm, "trample over planeswalkers")
        trample = over or view.keyword(perm, "trample")
        deathtouch = view.keyword(perm, "deathtouch")
        blocked = a in combat.blocked
        remaining = combat.blockers_of(a)
        banders = [b for b in remaining if view.keyword(perms[b], "banding")]
        power = view.damage_amount(perm)
        decider = ap
        blockers: tuple[str, ...] = ()
        excess: tuple[str, ...] = ()
        spill = spill_from = None
        order: tuple[str, ...] = ()
        # What lies beyond the blockers for a trampler, or all there is for an unblocked one.
        tail: list[str] = []
        tail_why = ""
        if alive:
            tail = [target(tid)]
            tail_why = f"it attacks {label(tid)}"
            if over and kind == "planeswalker" and defender is not None and view.in_game(defender):
                # CR 702.19c: the planeswalker first, then its controller.
                tail.append(target(defender))
                spill, spill_from = defender, tid
                tail_why += (f"; with trample over planeswalkers, damage beyond its loyalty may go "
                             f"to {defender} (CR 702.19c)")
        elif (over and kind == "planeswalker" and defender is not None and defender != ap
              and view.in_game(defender)):
            # CR 702.19e: the planeswalker left combat; the defending player instead.
            tail = [target(defender)]
            tail_why = (f"{label(tid)} has left combat, so with trample over planeswalkers its "
                        f"damage may go to {defender} (CR 702.19e)")
        else:
            tail_why = (f"{label(tid)} has left combat (CR 506.4c); "
                        + ("plain trample never reaches a planeswalker's controller (CR 702.19f)"
                           if trample and kind == "planeswalker" else "it deals no damage there"))
        if not blocked:
            recips = tuple(tail)
            if spill is not None:
                excess = tuple(tail)
            why = f"it is unblocked and {tail_why} (CR 510.1b)" if alive else tail_why
        elif remaining and banders:
            # CR 702.22j: the defending player divides its damage among its blockers.
            recips = tuple(creature(b) for b in remaining)
            decider = perms[banders[0]].controller
            why = (f"it is blocked by a creature with banding ({label(banders[0])}), so "
                   f"{decider} divides its damage among its blockers (CR 702.22j)")
        elif remaining:
            ordered = _order(spec, a, remaining) if rules == "2023" else list(remaining)
            for b in ordered:
                creature(b)
            if rules == "2023" and len(ordered) > 1:
                order = tuple(ordered)
            names = ", ".join(label(b) for b in ordered)
            if trample:
                recips = tuple(ordered) + tuple(tail)
                blockers = tuple(ordered)
                excess = tuple(tail)
                why = (f"it is blocked by {names}; with trample, excess damage may go on only once "
                       f"each blocker has been assigned lethal damage, and {tail_why} (CR 702.19b)")
            else:
                recips = tuple(ordered)
                why = f"it is blocked by {names} and has no trample (CR 510.1c)"
        elif trample:
            # CR 702.19d: blocked, no blockers left: as though each had lethal damage.
            recips = tuple(tail)
            if spill is not None:
                excess = tuple(tail)
            why = f"it is blocked but no blocker remains; with trample, {tail_why} (CR 702.19d)"
        else:
            recips = ()
            why = "it is blocked but no creature blocks it any more, so it deals no damage (CR 510.1c)"
        unblocked_to = None
        if blocked and alive and not banders and view.as_unblocked(perm):
            # h4 (Thorn Elemental): all of its damage to what it attacks instead (510.1c).
            unblocked_to = tail[0]
            if unblocked_to not in recips:
                recips = recips + (unblocked_to,)
            why += (f"; it may instead assign all its combat damage to {label(unblocked_to)} as "
                    "though it weren't blocked (CR 510.1c)")
        amount = max(0, power) if recips else 0
        sources.append(DamageSource(
            id=a, controller=perm.controller, role="attacker", power=power, amount=amount,
            recipients=recips, decider=decider, blockers=blockers, excess=excess, spill=spill,
            spill_from=spill_from, order=order, deathtouch=deathtouch, trample=trample,
            over_planeswalkers=over, why=why, unblocked_to=unblocked_to))

    for b in [c for c in dealing if c in combat.blocks]:
        perm = perms[b]
        blocked_ones = combat.blocks[b]
        banded = [x for x in blocked_ones if view.keyword(perms[x], "banding")]
        decider = perm.controller
        order = ()
        if banded:
            # CR 702.22k: the attacking player divides its damage among what it blocks.
            decider = ap
            ordered = list(blocked_ones)
            why = (f"it blocks a creature with banding ({label(banded[0])}), so {ap} divides its "
                   "damage among the creatures it blocks (CR 702.22k)")
        else:
            ordered = _order(spec, b, blocked_ones) if rules == "2023" else list(blocked_ones)
            if rules == "2023" and len(ordered) > 1:
                order = tuple(ordered)
            why = (f"it blocks {', '.join(label(x) for x in ordered)} (CR 510.1d)" if ordered else
                   "the creatures it blocked have left combat (CR 510.1d)")
        for x in ordered:
            creature(x)
        power = view.damage_amount(perm)
        sources.append(DamageSource(
            id=b, controller=perm.controller, role="blocker", power=power,
            amount=max(0, power) if ordered else 0, recipients=tuple(ordered), decider=decider,
            order=order, deathtouch=view.keyword(perm, "deathtouch"), why=why))

    names = {p.id: p.name for p in perms.values()}
    return DamageProblem(step=step, rules=rules, active_player=ap, sources=tuple(sources),
                         recipients=recipients,
                         later=frozenset(later) if step == "first-strike" else frozenset(),
                         silent=silent, names=names)
