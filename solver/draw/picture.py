"""What a combat diagram shows (:mod:`redzone.solver.draw.render` draws it): :class:`CombatPicture`
(attacks, blocks, damage marks, outcome, title and notes) and :func:`combat_picture`, which
finds it — the scenario's own combat, or a plan a solver finds: an attack declaration
(CR 508.1), blocks (509.1), the combat damage steps played out (510, with prevention and
replacement 120.4b, 615, 614, and state-based actions 704), or an AI's choice.

Everything here is importable from :mod:`redzone.solver.draw.render` as before. No solver is
imported at module level; :func:`combat_picture` imports the one it needs when called.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from redzone.models.board import Board
from redzone.models.errors import ScenarioError

__all__ = ["PLANS", "CombatPicture", "DamageMark", "combat_picture"]

PLANS: tuple[str, ...] = ("attack", "block", "damage", "choose-attack", "choose-block")
"""The plans :func:`combat_picture` can draw besides the scenario's own combat."""


# ---------------------------------------------------------------------------- the picture


@dataclass(frozen=True)
class DamageMark:
    """Damage one source dealt to one recipient in one step, as drawn on an arrow.

    ``source``: permanent id; ``recipient``: permanent id or player name; ``step``:
    ``"first-strike"``, ``"regular"`` or ``"proposed"`` (an assignment not played out);
    ``assigned``: the amount assigned (CR 510.1); ``dealt``: the amount dealt after
    prevention and replacement (120.4b, 615, 614) — equal to ``assigned`` when nothing
    changed it.
    """

    source: str
    recipient: str
    step: str
    assigned: int
    dealt: int


@dataclass(frozen=True)
class CombatPicture:
    """What :func:`combat_svg` draws over a board.

    - ``attackers``: attacking creature id -> player name or permanent id it attacks;
    - ``blockers``: blocking creature id -> attacker ids it blocks;
    - ``damage``: :class:`DamageMark` s, in the order dealt;
    - ``outcome``: the contract's outcome object (``life``, ``poison``, ``destroyed``,
      ``damage``, ``loyalty``, ``defense``, ``lost``, ...) or ``None`` when nothing was
      played out;
    - ``title``: one line naming what is drawn; ``notes``: further lines (status, honest
      caveats such as "not proved");
    - ``reasons``: permanent id -> one line shown in its card's tooltip (the AI's reason
      for attacking, blocking or staying home).
    - ``triggers``: the triggered abilities of combat that resolved on what is drawn, in
      order (:meth:`redzone.models.triggers.types.Resolved.to_json` dictionaries, issue 21);
      each is also one of the ``notes``.
    - ``stats``: permanent id -> (power, toughness) after the triggered abilities that
      resolved, for the creatures whose values they changed (drawn before → after).
    """

    attackers: Mapping[str, str] = field(default_factory=dict)
    blockers: Mapping[str, Sequence[str]] = field(default_factory=dict)
    damage: Sequence[DamageMark] = ()
    outcome: Mapping[str, Any] | None = None
    title: str = ""
    notes: Sequence[str] = ()
    reasons: Mapping[str, str] = field(default_factory=dict)
    triggers: Sequence[Mapping[str, Any]] = ()
    stats: Mapping[str, tuple[int | None, int | None]] = field(default_factory=dict)


def _changed_stats(board: Board, after: Board | None) -> dict[str, tuple[int | None, int | None]]:
    """(power, toughness) on ``after`` (the board the triggered abilities left) of each
    creature of ``board`` whose values differ there; ``{}`` without ``after``."""
    if after is None:
        return {}
    out: dict[str, tuple[int | None, int | None]] = {}
    for pid, perm in board.permanents.items():
        new = after.permanents.get(pid)
        if new is not None and perm.is_creature and (new.power, new.toughness) != (perm.power, perm.toughness):
            out[pid] = (new.power, new.toughness)
    return out


def _marks_from_steps(steps: Iterable[Any]) -> list[DamageMark]:
    """Damage marks from played steps (``redzone.solver.damage.solve.StepResult``): one per
    nonzero assigned pair, with what it became."""
    marks = []
    for st in steps:
        for d in st.dealt:
            if d.assigned or d.amount:
                marks.append(DamageMark(d.source, d.recipient, st.plan.step, d.assigned, d.amount))
    return marks


def _trigger_notes(triggers: Sequence[Mapping[str, Any]]) -> list[str]:
    """One note per triggered ability that resolved (issue 21 §2): window, source, what it
    did and its choices."""
    out = []
    for t in triggers:
        choices = t.get("choices") or {}
        chosen = ", ".join(f"{k}: {v}" for k, v in choices.items()) if isinstance(choices, Mapping) else ""
        out.append(f"trigger ({t['window']}): {t['source']}: {t['result']}" + (f" ({chosen})" if chosen else ""))
    return out


def _with_trigger_notes(picture: CombatPicture) -> CombatPicture:
    if not picture.triggers:
        return picture
    return replace(picture, notes=tuple(picture.notes) + tuple(_trigger_notes(picture.triggers)))


def combat_picture(board: Board, plan: str | None = None, *, time_limit: float | None = None,
                   objective: str = "max-player-damage") -> CombatPicture:
    """What to draw for ``board``: its own combat (``plan=None``) or a plan a solver finds.

    - ``None``: ``combat.attackers``, ``combat.blockers`` and, when given,
      ``combat.assignment`` as proposed damage (not checked, nothing dealt);
    - ``"attack"``: :func:`redzone.solver.attack.solve.plan_attack` (CR 508.1);
    - ``"block"``: :func:`redzone.solver.block.solve.plan_blocks` against ``combat.attackers``
      (509.1);
    - ``"damage"``: :func:`redzone.solver.damage.solve.play_out` of ``combat`` with ``objective``
      (510), with the outcome;
    - ``"choose-attack"`` / ``"choose-block"``: the AI's choice
      (``redzone.solver.ai.decisions``), with the damage and outcome it expects.

    ``time_limit``: seconds for the solver. Returns a :class:`CombatPicture`. Raises
    :class:`ScenarioError` for an unknown plan, a plan on a Duel Masters board (it has no
    Magic combat), or what the solver itself refuses (e.g. a malformed combat).

    >>> from redzone.models.board import build_board
    >>> from redzone.models.scenario import parse_scenario
    >>> board = build_board(parse_scenario({
    ...     "players": [{"name": "Alice"}, {"name": "Bob"}],
    ...     "permanents": [{"id": "bears", "card": "Grizzly Bears", "controller": "Alice"}],
    ...     "combat": {"attackers": {"bears": "Bob"}}}))
    >>> picture = combat_picture(board, "damage")
    >>> [(m.source, m.recipient, m.dealt) for m in picture.damage], picture.outcome["life"]["Bob"]
    ([('bears', 'Bob', 2)], 18)
    """
    return _drawable(board, _combat_picture(board, plan, time_limit=time_limit, objective=objective))


def _drawable(board: Board, picture: CombatPicture) -> CombatPicture:
    """``picture`` with what only the play made — permanents put onto the battlefield by a
    triggered ability (tokens entering attacking, 508.4), which ``board`` doesn't hold —
    left out of the arrows and damage marks, and a note naming them (the command's own
    answer has their damage). A loud gap, never an error on good input (the new-user trial
    found ``draw`` refusing Hanweir Garrison's tokens as bad input)."""
    known = set(board.permanents) | {p.name for p in board.players}
    gone = sorted({x for a, t in picture.attackers.items() for x in (a, t) if x not in known}
                  | {x for b, a in picture.blockers.items() for x in (b, *a) if x not in known}
                  | {x for m in picture.damage for x in (m.source, m.recipient) if x not in known})
    if not gone:
        return picture
    return replace(
        picture,
        attackers={a: t for a, t in picture.attackers.items() if a in known and t in known},
        blockers={b: [x for x in a if x in known] for b, a in picture.blockers.items() if b in known},
        damage=[m for m in picture.damage if m.source in known and m.recipient in known],
        notes=tuple(picture.notes) + (f"not drawn: {', '.join(gone)} (put onto the battlefield in "
                                      f"the play; the command's answer has their damage)",))


def _combat_picture(board: Board, plan: str | None, *, time_limit: float | None,
                    objective: str) -> CombatPicture:
    """:func:`combat_picture` before :func:`_drawable`."""
    combat = getattr(board.scenario, "combat", None)
    attackers = dict(combat.attackers) if combat is not None else {}
    blockers = {b: list(a) for b, a in combat.blockers.items()} if combat is not None else {}
    if plan is None:
        marks = [DamageMark(s, r, "proposed", n, n)
                 for s, row in (combat.assignment.items() if combat is not None else ())
                 for r, n in row.items() if n]
        notes = ["damage: combat.assignment as proposed (not checked, not dealt)"] if marks else []
        return CombatPicture(attackers, blockers, marks, None, "combat as given", notes)
    if plan not in PLANS:
        raise ScenarioError("plan", f"expected one of {', '.join(PLANS)} (got {plan!r})")
    if board.game != "magic":
        raise ScenarioError("plan", "a Duel Masters board has no Magic combat to plan; draw it without a plan")
    if plan == "attack":
        from redzone.models.attack_rules import attack_problem
        from redzone.solver.attack.solve import plan_attack

        found = plan_attack(attack_problem(board), time_limit=time_limit)
        notes = [f"requirements obeyed: {found.obeyed} of a possible {found.maximum} (CR 508.1d)"]
        if not found.maximum_proved:
            notes.append("the maximum is not proved (time limit): legality is provisional")
        return CombatPicture(found.attackers, {}, (), None, f"attack declaration ({found.status})", notes)
    if plan == "block":
        from redzone.models.block_rules import block_problems
        from redzone.solver.block.solve import plan_blocks
        from redzone.solver.damage.solve import after_attack_window

        # Issue 21: blocks declared on the board the attack window left (508.2, 509.1).
        view, live, resolved = after_attack_window(board)
        problems = block_problems(view, live)
        found = plan_blocks(problems, time_limit=time_limit)
        notes = [f"requirements obeyed: {found.obeyed} of a possible {found.maximum} (CR 509.1c)"]
        if not problems:
            notes = ["no creature is attacking (combat.attackers is empty): nothing to block"]
        elif not found.maximum_proved:
            notes.append("the maximum is not proved (time limit): legality is provisional")
        return _with_trigger_notes(CombatPicture(
            live, found.blockers, (), None, f"block declaration ({found.status})", notes,
            triggers=[r.to_json() for r in resolved]))
    if plan == "damage":
        from redzone.solver.damage.solve import play_out

        result = play_out(board, objective, time_limit=time_limit)
        steps = ", ".join(s.plan.step for s in result.steps) or "none"
        notes = [f"objective {objective}; damage steps: {steps}"]
        return _with_trigger_notes(CombatPicture(
            attackers, blockers, _marks_from_steps(result.steps), result.outcome,
            f"combat damage ({result.status})", notes, triggers=[t.to_json() for t in result.triggers],
            stats=_changed_stats(board, result.board_after)))
    return _with_trigger_notes(_ai_picture(board, plan, time_limit=time_limit))


def _ai_picture(board: Board, plan: str, *, time_limit: float | None) -> CombatPicture:
    """The AI's choice (``redzone.solver.ai.decisions``): for ``choose-attack`` its attack and the
    defending players' best answer, for ``choose-block`` its blocks against
    ``combat.attackers``; each with the damage of that line and its outcome."""
    try:
        from redzone.solver.ai.decisions import choose_attack, choose_blocks
    except ImportError:
        raise ScenarioError("plan", f"{plan}: the AI (redzone.solver.ai.decisions) is not available in this version") from None
    if plan == "choose-attack":
        found = choose_attack(board, time_limit=time_limit)
        attackers, blockers = dict(found.attackers), {b: list(a) for b, a in found.response.items()}
        verdict = "lethal" if found.lethal else f"value {found.value:g}"
        title = f"AI attack ({found.status})"
    else:
        found = choose_blocks(board, time_limit=time_limit)
        combat = getattr(board.scenario, "combat", None)  # None: nothing attacks, nothing to block (508.8)
        attackers = dict(combat.attackers) if combat is not None else {}
        blockers = {b: list(a) for b, a in found.blockers.items()}
        verdict = ("not played out" if found.survives is None  # skipped for time (issue 25 §1)
                   else "the defending players survive" if found.survives else "a defending player loses") + \
            f"; value {found.value:g}"
        title = f"AI blocks ({found.status})"
    notes = ([] if attackers else ["no creature attacks"]) + [verdict, f"lookahead {found.lookahead}"]
    if found.status != "optimal":
        notes.append(f"not proved optimal (bound {found.bound:g})")
    if found.skipped:  # the parts skipped because the time limit was spent (issue 25 §1)
        notes.append("skipped (time limit spent): " + ", ".join(found.skipped))
    return CombatPicture(attackers, blockers, _marks_from_assignments(board, found.damage),
                         found.outcome or None,
                         title, notes, dict(getattr(found, "reasons", {}) or {}),
                         triggers=list(getattr(found, "triggers", ()) or ()))


def _marks_from_assignments(board: Board, steps: Sequence[Mapping[str, Any]]) -> list[DamageMark]:
    """Damage marks of a line given as assignments (``[{"step", "assignment"}, ...]``):
    each step dealt at once with prevention and replacement, then state-based actions
    (CR 510.2-3, 704; the layers again after a lord left, 611.3a, 613), so that each mark
    also says what the assignment became."""
    from redzone.models.outcome import (DamageEvent, GameState, deal_damage, relayered_after_departures,
                                        state_based_actions)

    state = GameState.from_board(board)
    marks = []
    cur = board
    known = set(board.permanents) | {p.name for p in board.players}
    for st in steps:
        events = [DamageEvent(s, r, n) for s, row in st["assignment"].items() for r, n in row.items()
                  if n and s in known and r in known]  # one made in the play: _drawable's note
        for d in deal_damage(cur, state, events, combat=True):
            if d.assigned or d.amount:
                marks.append(DamageMark(d.source, d.recipient, st["step"], d.assigned, d.amount))
        state_based_actions(cur, state)
        cur, _ = relayered_after_departures(board, state)  # a lord that left (611.3a, 613, 704.3)
    return marks
