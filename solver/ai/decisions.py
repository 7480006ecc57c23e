"""AI combat decisions (issue 9): :func:`choose_attack` ("which creatures should attack,
and what?") and :func:`choose_blocks` ("how should the defending players block these
attackers?"), their answers (:class:`AttackDecision`, :class:`BlockDecision`) and
:func:`replay`.

Owns the questions' top level: the clock of a question (:meth:`Clock.start`), the order of
the attacks searched, what a cut-short search may claim (``optimal`` only when the whole
game was searched exactly; else ``feasible`` with a proved ``bound``), the legal fallback
choice and the answer's line, outcome and reasons. The game and its rules: docs/ai.md ("The
game", "What a cut-short answer claims").
``time_limit`` bounds the whole call; the parts of the answer it left no time for are listed
in ``skipped`` (:mod:`redzone.solver.ai.reserve`).
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar, cast

from redzone.models import attack_problem as ap_mod
from redzone.models.board import Board
from redzone.models.errors import ScenarioError
from redzone.models.evaluation import Weights, points
from redzone.models.game_terms import PressureWeights
from redzone.models.styles import DEFAULT_STYLE, STYLES
from redzone.models.limits import TimeLimitReached, time_budget
from redzone.models.leaving import losers_leave
from redzone.models.outcome import (DamageEvent, GameState, OutcomeJSON, deal_damage,
                                    relayered_after_departures, state_based_actions)
from redzone.solver.ai.position import with_combat
from redzone.solver.ai.block_search import _through, polish, rescue, solve_large
from redzone.solver.ai.bounds.ceiling import attack_ceiling, block_floor
from redzone.solver.ai.clock import Clock, Timeout
from redzone.solver.ai.search import INF, Game, Leaf, Principal
from redzone.solver.ai.reasons import _attack_reasons, _block_reasons
from redzone.solver.ai.reserve import GRACE_PERMANENTS, Skips, grace
from redzone.solver.ai.separable import SplitAttack
from redzone.solver.ai.triggered import plays_triggers

if TYPE_CHECKING:
    from redzone.solver.ai.pressure import Chosen

__all__ = ["AttackDecision", "BlockDecision", "choose_attack", "choose_blocks", "replay"]

_P = ParamSpec("_P")
_R = TypeVar("_R")


@dataclass(frozen=True)
class AttackDecision:
    """The attack :func:`choose_attack` recommends.

    - ``attackers``: attacking creature id -> target id (player name, planeswalker or battle
      id), as in ``redzone attack``; ``{}`` for no attack.
    - ``status``: ``"optimal"`` (the game's proved optimum) or ``"feasible"`` (time limit, or
      a part of the game that could not be searched exactly).
    - ``value``: the attacking player's evaluation of the game with this attack (points;
      ``win`` = 1,000,000 by default); ``bound``: proved upper bound of the game's value
      (equal to ``value`` when optimal).
    - ``lethal``: every legal answer of the defending players loses them the game in this
      combat (the value is a proved win).
    - ``response``: the defending players' best blocks, blocker id -> [attacker ids].
    - ``damage``: the damage assignments of that line, one ``{"step", "assignment"}`` per
      combat damage step (assignment: source id -> recipient -> amount).
    - ``outcome``: the contract's outcome object (``life``, ``poison``, ``destroyed``, ...)
      of that line, played by :mod:`redzone.models.outcome`.
    - ``reasons``: creature id -> one line saying why it attacks or stays home.
    - ``mana_paid``: generic mana the declaration's attack costs take (508.1h; e.g.
      Propaganda), to be paid by the engine applying it.
    - ``life_paid``: player -> life paid for the combat's costs on this line: the attacking
      player's for the declaration (508.1h) and each defending player's for the blocks of
      ``response`` (509.1d) — Phyrexian mana paid with 2 life a symbol (107.4f, 119.4; the
      scenario's mana is generic). ``{}`` when nothing costs life.
    - ``response_mana_paid``: generic mana the defending players' costs take for the
      blocks of ``response`` (509.1d; e.g. War Cadence).
    - ``life_paid_why``: one line for the text output saying who pays what life and for
      which costs (``""`` when none; not in the JSON).
    - ``response_proved``: every legal block against ``attackers`` was examined, so
      ``response`` is the defending players' best answer; ``False`` when the search was cut
      short before (``response`` is then a legal block, the line's damage and outcome that
      block's, not the best answer; not in the JSON: ``status`` is ``feasible``).
    - ``lookahead``, ``nodes`` (positions searched), ``elapsed_ms`` (wall) and ``cpu_ms``.
    - ``skipped``: the parts of the answer skipped because the time limit was spent
      (:data:`redzone.solver.ai.reserve.SKIPPABLE`; ``()`` when none; docs/ai.md "Time
      limits"): ``search`` (the game could not even be built: the choice is a legal
      fallback), ``bound``, ``value``, ``replay`` (``response``, ``damage`` and ``outcome``
      are then empty, ``response_mana_paid`` not worked out and ``life_paid`` only the
      declaration's own), ``reasons``.
    """

    attackers: dict[str, str]
    status: str
    value: float
    bound: float
    lethal: bool
    response: dict[str, list[str]]
    damage: list[dict[str, Any]]
    outcome: OutcomeJSON
    reasons: dict[str, str] = field(default_factory=dict)
    mana_paid: int = 0
    lookahead: int = 1
    nodes: int = 0
    elapsed_ms: float = 0.0
    cpu_ms: float = 0.0
    life_paid: dict[str, int] = field(default_factory=dict)
    response_mana_paid: int = 0
    life_paid_why: str = ""
    response_proved: bool = True
    skipped: tuple[str, ...] = ()
    triggers: tuple[dict[str, object], ...] = ()
    """The triggered abilities of combat that resolve on the line shown, in order, as
    :meth:`redzone.models.triggers.types.Resolved.to_json` (issue 21; ``()`` when none)."""
    style: str = "exact"
    """The style that chose ``attackers`` (issue 22, docs/ai.md "Styles"): ``exact`` (the
    minimax choice; also when ``pressure`` was asked and did not apply: a time limit, a cut
    search, several defending players, a won game) or ``pressure`` (it scored the
    declarations; its choice may be the minimax one). ``value`` is the chosen declaration's
    proved worst case (also in the JSON as ``worst_case``) and ``bound`` the game's."""
    expected: float | None = None
    """The ``pressure`` style's expected score of the choice (points; ``None`` when the
    style did not score it): an estimate against its defender model, never proved."""

    def to_json(self) -> dict[str, Any]:
        """The ``choose-attack`` JSON object: ``attackers``, ``status``, ``lethal``,
        ``value``, ``bound``, ``response``, ``damage``, ``outcome``, ``reasons``,
        ``mana_paid``, ``life_paid``, ``response_mana_paid``, ``lookahead``, ``nodes``,
        ``elapsed_ms``, ``skipped``, ``style``, ``worst_case`` (the chosen declaration's
        proved worst case: ``value``), ``expected``; ``triggers`` when some triggered
        ability resolves."""
        return _with_triggers(self.triggers, {"attackers": dict(self.attackers), "status": self.status, "lethal": self.lethal,
                "value": self.value, "bound": self.bound, "style": self.style, "worst_case": self.value,
                "expected": self.expected,
                "response": {b: list(a) for b, a in self.response.items()},
                "damage": self.damage, "outcome": self.outcome, "reasons": dict(self.reasons),
                "mana_paid": self.mana_paid, "life_paid": dict(self.life_paid),
                "response_mana_paid": self.response_mana_paid, "lookahead": self.lookahead,
                "nodes": self.nodes, "elapsed_ms": round(self.elapsed_ms, 3),
                "skipped": list(self.skipped)})


@dataclass(frozen=True)
class BlockDecision:
    """The blocks :func:`choose_blocks` recommends against ``combat.attackers``.

    - ``blockers``: blocking creature id -> [attacker ids]; ``{}`` for no block.
    - ``status``: ``"optimal"`` or ``"feasible"`` (as for :class:`AttackDecision`).
    - ``value``: the defending players' value (minus the attacking player's evaluation,
      points); ``bound``: proved upper bound of it (equal to ``value`` when optimal).
    - ``survives``: no defending player loses the game in this combat (on the line shown:
      the attacking player's best damage against these blocks); ``None`` when the line was
      not played out (``"replay"`` in ``skipped``).
    - ``damage``, ``outcome``: that line's assignments and outcome (as in ``damage``).
    - ``reasons``: creature id -> one line saying why it blocks or not.
    - ``mana_paid``: generic mana the block's costs take (509.1d-f; e.g. War Cadence).
    - ``life_paid``: defending player -> life paid for the block's costs (Phyrexian mana
      paid with 2 life a symbol, 107.4f, 119.4, 509.1d); ``{}`` when nothing costs life.
      The attackers were declared and paid for before the question: their life is not in it.
    - ``life_paid_why``: one line for the text output (``""`` when none; not in the JSON).
    - ``skipped``: the parts of the answer skipped because the time limit was spent (as for
      :class:`AttackDecision`; also ``polish`` and ``rescue``, the local search and the
      rescue of an unproved block; with ``replay``, ``damage`` and ``outcome`` are empty).
    """

    blockers: dict[str, list[str]]
    status: str
    value: float
    bound: float
    survives: bool | None
    damage: list[dict[str, Any]]
    outcome: OutcomeJSON
    reasons: dict[str, str] = field(default_factory=dict)
    mana_paid: int = 0
    lookahead: int = 1
    nodes: int = 0
    elapsed_ms: float = 0.0
    cpu_ms: float = 0.0
    life_paid: dict[str, int] = field(default_factory=dict)
    life_paid_why: str = ""
    skipped: tuple[str, ...] = ()
    triggers: tuple[dict[str, object], ...] = ()
    """As :attr:`AttackDecision.triggers`."""
    style: str = "exact"
    """The style that chose the blocks: always ``exact`` (issue 22: the ``pressure`` style
    chooses declarations of attackers only; docs/ai.md "Styles")."""

    def to_json(self) -> dict[str, Any]:
        """The ``choose-block`` JSON object: ``blockers``, ``status``, ``value``, ``bound``,
        ``survives``, ``damage``, ``outcome``, ``reasons``, ``mana_paid``, ``life_paid``,
        ``lookahead``, ``nodes``, ``elapsed_ms``, ``skipped``, ``style``; ``triggers`` when
        some triggered ability resolves."""
        return _with_triggers(self.triggers, {"blockers": {b: list(a) for b, a in self.blockers.items()}, "status": self.status,
                "value": self.value, "bound": self.bound, "survives": self.survives, "style": self.style,
                "damage": self.damage, "outcome": self.outcome, "reasons": dict(self.reasons),
                "mana_paid": self.mana_paid, "life_paid": dict(self.life_paid),
                "lookahead": self.lookahead, "nodes": self.nodes,
                "elapsed_ms": round(self.elapsed_ms, 3), "skipped": list(self.skipped)})


# ============================================================================ helpers


def _with_triggers(triggers: tuple[dict[str, object], ...], out: dict[str, Any]) -> dict[str, Any]:
    """``out`` with the ``triggers`` key when some triggered ability resolves (issue 21)."""
    if triggers:
        out["triggers"] = [dict(t) for t in triggers]
    return out


def _triggered(board: Board, weights: Weights, lookahead: int, time_limit: float | None,
               attack: bool) -> AttackDecision | BlockDecision:
    """The answer on a board with triggered abilities of combat (issue 21): the exact search
    of :mod:`redzone.solver.ai.triggered` (docs/ai.md "Triggered abilities")."""
    from redzone.solver.ai import triggered

    t0, c0 = time.perf_counter(), time.process_time()
    clock = Clock.start(time_limit, t0)
    fields = (triggered.answer_attack if attack else triggered.answer_blocks)(board, weights, lookahead, clock)
    fields["value"], fields["bound"] = points(fields["value"]), points(fields["bound"])
    common = {"lookahead": lookahead, "nodes": clock.nodes, "elapsed_ms": (time.perf_counter() - t0) * 1000,
              "cpu_ms": (time.process_time() - c0) * 1000}
    return AttackDecision(**fields, **common) if attack else BlockDecision(**fields, **common)


def _check(lookahead: int, time_limit: float | None, evaluation: Weights | None) -> Weights:
    if lookahead not in (0, 1):
        raise ScenarioError("lookahead", f"must be 0 or 1 (got {lookahead!r})")
    if time_limit is not None and not time_limit > 0:
        raise ScenarioError("time_limit", f"must be more than 0 seconds (got {time_limit!r})")
    if evaluation is not None and not isinstance(evaluation, Weights):
        raise ScenarioError("evaluation", "must be a redzone.models.evaluation.Weights")
    return evaluation or Weights()


def _within_time_limit(choose: Callable[_P, _R]) -> Callable[_P, _R]:
    """``choose`` (:func:`choose_attack`, :func:`choose_blocks`) run under a time budget of
    its own ``time_limit`` (:func:`redzone.models.limits.time_budget`; an enclosing, earlier
    budget is kept), so that what runs after the search's deadline — the fallback, the
    rescue, the bound, the replay, the reasons — gets what is left of it or is skipped
    (issue 25 §1), for a Python caller as for a command. A bad ``time_limit`` is left to
    :func:`_check`'s message."""

    @functools.wraps(choose)
    def bounded(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        limit = kwargs.get("time_limit")
        ok = (isinstance(limit, (int, float)) and not isinstance(limit, bool)
              and math.isfinite(limit) and limit > 0)
        with time_budget(float(limit) if ok else None):  # type: ignore[arg-type]
            return choose(*args, **kwargs)

    return bounded


def _not_played() -> OutcomeJSON:
    """The ``outcome`` of an answer whose line was not played out (``replay`` skipped for
    time, issue 25 §1): empty, as docs/ai.md "Time limits" says."""
    return cast(OutcomeJSON, {})


def _game(board: Board, weights: Weights, lookahead: int, t0: float,
          time_limit: float | None, *, attack_paid: bool = True) -> Game | None:
    """The question's :class:`Game` with its :class:`Clock` (:meth:`Clock.start`), built
    under the command's time budget (on 2,000 creatures a side its block problem alone is
    3.8 million pairs); ``None`` when the budget runs out first (issue 25 §1: the answer is
    then a legal fallback, or unknown) — except on a small board
    (:func:`redzone.solver.ai.reserve.grace`), built whatever the time left.
    ``attack_paid``: as :class:`Game`'s."""
    clock = Clock.start(time_limit, t0)
    try:
        return Game(board, board.active_player, weights, lookahead, clock, attack_paid=attack_paid)
    except TimeLimitReached:
        if len(board.permanents) > GRACE_PERMANENTS:
            return None
    with grace(len(board.permanents)):
        return Game(board, board.active_player, weights, lookahead,
                    Clock(clock.deadline, clock.polish_until, clock.stop), attack_paid=attack_paid)


def _fallback_attack(problem: Any) -> dict[str, str]:
    """A legal declaration of attackers when the search finished none: no attack when no
    requirement applies (508.1d: nothing else makes the empty declaration illegal; costs
    are paid only for creatures that attack, 508.1h), else the attack solver's plan, within
    what is left of the time budget. Raises :class:`TimeLimitReached` when the plan is not
    proved legal in that time (the answer is then ``unknown``: never an unproved choice)."""
    if not problem.requirements:
        return {}
    from redzone.solver.attack.solve import plan_attack

    with grace(len(problem.creatures)):  # a small board: the plan whatever the time left
        plan = plan_attack(problem)
    if plan.legal is not True:
        raise TimeLimitReached("choosing a legal attack")
    return dict(plan.attackers)


def _bare_attack(board: Board, weights: Weights, lookahead: int, t0: float, c0: float) -> AttackDecision:
    """``choose_attack``'s answer when the game could not be built in time
    (:func:`_game`): the legal fallback declaration (:func:`_fallback_attack`), nothing
    searched, played or proved (value a lost game, bound a won one); ``skipped`` says so."""
    from redzone.models.attack_rules import attack_problem
    from redzone.models.evaluation import SCALE

    problem = attack_problem(board)
    attack = _fallback_attack(problem)
    win = int(round(weights.win * SCALE))  # as Evaluator.win, without scoring every permanent
    life = ap_mod.life_cost_of(problem, attack) if problem.life_costs else 0  # 508.1h, 119.4
    return AttackDecision(
        attackers=attack, status="feasible", value=points(-win), bound=points(win), lethal=False,
        response={}, damage=[], outcome=_not_played(), reasons={},
        mana_paid=sum(problem.costs.get((c, t), 0) for c, t in attack.items()),
        lookahead=lookahead, nodes=0, elapsed_ms=(time.perf_counter() - t0) * 1000,
        cpu_ms=(time.process_time() - c0) * 1000, response_proved=False,
        life_paid={board.active_player: life} if life else {},
        skipped=("search", "bound", "value", "replay", "reasons"))


def replay(board: Board, attack: Mapping[str, str], blocks: Mapping[str, list[str]],
           leaves: list[Leaf], steps: tuple[str, ...], paid: Mapping[str, int] | None = None
           ) -> tuple[list[dict[str, Any]], GameState]:
    """Play a line with the outcome code (CR 510.2-4, 704): each step's assignment is the
    union of the units' choices; damage dealt at once, then state-based actions, and a
    defending player who lost leaves a game that goes on with what they own or control
    (104.5, 800.4a; :func:`redzone.models.leaving.losers_leave`); play stops when every
    opponent (or the attacking player) has lost. When a step removed a lord (or a departed
    player's permanents), the layers are applied again and state-based actions checked
    again before the next step (611.3a, 613, 704.3;
    :func:`redzone.models.layers.relayered_after_departures`), as in
    :func:`redzone.solver.damage.solve.play_out`. ``paid``: life each player paid
    for the declarations (Phyrexian mana, 119.4), taken first; a player at 0 life then loses
    before any damage (704.5a; also one the board lists at 0 already). Returns (steps as ``{"step", "assignment"}``, final state)."""
    b = with_combat(board, attack, blocks)
    state = GameState.from_board(b)
    for p, n in (paid or {}).items():
        state.life[p] -= n
    if any(v <= 0 for v in state.life.values()):
        # 704.5a (the board after a departure, ai_board.departure, lists the departed at 0)
        state_based_actions(b, state)
    out: list[dict[str, Any]] = []
    ap = board.active_player
    opponents = board.opponents(ap)
    cur = b
    for i, step in enumerate(steps):
        if ap in state.lost or all(o in state.lost for o in opponents):
            break
        merged: dict[str, dict[str, int]] = {}
        for leaf in leaves:
            if i < len(leaf.assignments):
                for s, row in leaf.assignments[i].items():
                    merged[s] = dict(row)
        deal_damage(cur, state, [DamageEvent(s, r, n) for s, row in merged.items() for r, n in row.items()],
                    combat=True)
        state_based_actions(cur, state)
        losers_leave(cur, state)  # 104.5, 800.4a: a player who lost leaves a game that goes on
        cur, _ = relayered_after_departures(b, state)  # a lord that left (611.3a, 613, 704.3)
        out.append({"step": step, "assignment": merged})
    return out, state


def _life_paid_why(game: Game, attack: Mapping[str, str], blocks: Mapping[str, list[str]],
                   paid: Mapping[str, int]) -> str:
    """One line saying who pays what life for the combat's costs and to what: "Alice pays 4
    life for attack costs (Norn's Annex); ..." — Phyrexian mana paid with 2 life a symbol
    (CR 107.4f, 119.4; 508.1h for attacks, 509.1d for blocks). ``""`` when nothing is paid."""
    if not paid:
        return ""
    sources: dict[str, list[str]] = {}
    kinds: dict[str, str] = {}
    problem = game.facts.problem
    if paid.get(game.facts.ap):
        kinds[game.facts.ap] = "attack costs"
        for (c, t), n in problem.life_costs.items():
            if n and attack.get(c) == t:
                sources.setdefault(game.facts.ap, []).extend(problem.cost_sources.get((c, t), ()))
    for bp in game.declarations.block_problems(dict(attack)):
        p = bp.defending_player
        if not paid.get(p):
            continue
        kinds[p] = "block costs"
        for b, lst in blocks.items():
            if not lst or b not in bp.blockers:
                continue
            if bp.blocker_life_costs.get(b):
                sources.setdefault(p, []).extend(bp.cost_sources.get(b, ()))
            for a in lst:
                if bp.pair_life_costs.get((b, a)):
                    sources.setdefault(p, []).extend(bp.cost_sources.get(f"{b}->{a}", ()))
    parts = []
    for p, n in paid.items():
        if not n:
            continue
        names = ", ".join(dict.fromkeys(sources.get(p, ())))
        parts.append(f"{p} pays {n} life for {kinds.get(p, 'combat costs')}"
                     + (f" ({names})" if names else ""))
    return ("; ".join(parts) + " — Phyrexian mana paid with 2 life a symbol (CR 107.4f, 119.4)"
            if parts else "")


def _replay_line(game: Game, attack: Mapping[str, str], blocks: Mapping[str, list[str]],
                 leaves: list[Leaf]) -> tuple[list[dict[str, Any]], GameState, OutcomeJSON]:
    """(damage, final state, ``outcome``) of a line the search found: :func:`replay` on the
    game's board, or — when defending players paid down to 0 life and left the game before
    damage (704.5a, 800.4a; :meth:`Values.departed`) — on the board that remains, with what
    left with them first in ``outcome["destroyed"]`` (and its reason)."""
    view = game.values.departed(attack, blocks)
    if view is None:
        damage, state = replay(game.facts.board, attack, blocks, leaves, game.declarations.steps_for(attack, blocks),
                               game.units.life_paid(attack, blocks))
        return damage, state, state.to_outcome(with_combat(game.facts.board, attack, blocks))
    g, a2, b2 = view
    damage, state = replay(g.facts.board, a2, b2, leaves, g.declarations.steps_for(a2, b2))
    return damage, state, _departed_outcome(game, attack, blocks, state.to_outcome(with_combat(g.facts.board, a2, b2)))


def _departed_outcome(game: Game, attack: Mapping[str, str], blocks: Mapping[str, list[str]],
                      outcome: OutcomeJSON) -> OutcomeJSON:
    """``outcome`` with the permanents that left the game with a departed player (800.4a)
    listed first among ``destroyed``, with their reasons."""
    dep = game.values.departure_of(attack, blocks)
    if dep is None:
        return outcome
    outcome["destroyed"] = list(dep.left) + [x for x in outcome["destroyed"] if x not in dep.left]
    outcome["reasons"] = {**dep.left, **outcome.get("reasons", {})}
    return outcome


def _fallback_blocks(board: Board, attack: Mapping[str, str], problems: list[Any] | None = None
                     ) -> dict[str, list[str]]:
    """A legal block when the search found none in time: the block solver's plan (of
    ``problems``, the defending players' problems against ``attack``; ``None``: built
    here), within what is left of the time budget. Raises :class:`TimeLimitReached` when
    the plan is not proved legal in that time (509.1c: its requirement maximum unproved)."""
    from redzone.models.block_rules import block_problems
    from redzone.solver.block.solve import plan_blocks

    with grace(len(board.permanents)):  # a small board: the plan whatever the time left
        plan = plan_blocks(problems if problems is not None else block_problems(board, dict(attack)))
    if plan.legal is not True:
        raise TimeLimitReached("choosing a legal block")
    return dict(plan.blockers)


def _fallback_line(game: Game, attack: dict[str, str]) -> tuple[dict[str, list[str]], list[dict[str, Any]], GameState]:
    """Blocks and damage for a line the search did not finish: the block solver's legal
    plan and the damage play-out with its default objective."""
    from redzone.solver.damage.solve import play_out

    blocks = _fallback_blocks(game.facts.board, attack)
    view = game.values.departed(attack, blocks)  # 800.4a: played on the board that remains
    g, a2, b2 = view if view is not None else (game, attack, blocks)
    b = with_combat(g.facts.board, a2, b2)
    result = play_out(b)
    state = GameState.from_board(b)
    for p, n in g.units.life_paid(a2, b2).items():
        state.life[p] -= n  # 119.4: paid while declaring (the play-out below doesn't know)
    if any(v <= 0 for v in state.life.values()):
        state_based_actions(b, state)  # 704.5a, before any damage
    cur = b
    for st in result.steps:
        deal_damage(cur, state, [DamageEvent(s, r, n) for s, row in st.plan.assignment.items()
                                 for r, n in row.items()], combat=True)
        state_based_actions(cur, state)
        losers_leave(cur, state)  # 104.5, 800.4a (as play_out)
        cur, _ = relayered_after_departures(b, state)  # a lord that left (611.3a, 613, 704.3)
    return blocks, [{"step": st.plan.step, "assignment": st.plan.assignment} for st in result.steps], state


# ============================================================================ choose-attack


@_within_time_limit
def choose_attack(board: Board, *, evaluation: Weights | None = None, lookahead: int = 1,
                  time_limit: float | None = None, style: str = DEFAULT_STYLE,
                  pressure: PressureWeights | None = None) -> AttackDecision:
    """The best declaration of attackers for the board's active player (see the module
    docstring for the game), with the defending players' best answer.

    ``board``: a :class:`redzone.models.board.Board` (its ``combat``, if any, is ignored).
    ``evaluation``: :class:`redzone.models.evaluation.Weights` (default weights when
    ``None``). ``lookahead``: 0 (value the position after this combat) or 1 (after the
    next player's best attack back, the default). ``time_limit``: seconds (``None``: search
    to the end). Returns an :class:`AttackDecision` whose ``attackers`` is always a legal
    declaration (CR 508.1). Raises ScenarioError for a bad ``lookahead``, ``time_limit`` or
    ``evaluation``. ``time_limit`` (and an enclosing
    :func:`redzone.models.limits.time_budget`) bounds the whole call: what runs after the
    search is skipped when the time is spent (``skipped``; docs/ai.md "Time limits"), and
    :class:`redzone.models.limits.TimeLimitReached` is raised when not even a legal fallback
    can be made in time (a requirement whose attack plan is not proved; issue 25 §1).
    ``style``: ``"exact"`` (the minimax choice) or ``"pressure"`` (issue 22: among the
    declarations whose proved worst case is within ``pressure.margin`` of the best, the one
    with the best expected score against an imperfect defender, game terms included;
    :mod:`redzone.solver.ai.pressure`); ``pressure``: its
    :class:`redzone.models.game_terms.PressureWeights` (defaults when ``None``). Raises
    ScenarioError for an unknown style.
    """
    weights = _check(lookahead, time_limit, evaluation)
    pressure = _style(style, pressure)
    if plays_triggers(board, lookahead):  # triggered abilities of combat (issue 21)
        return cast(AttackDecision, _triggered(board, weights, lookahead, time_limit, True))
    t0, c0 = time.perf_counter(), time.process_time()
    game = _game(board, weights, lookahead, t0, time_limit)
    if game is None:  # the time was spent building the game (issue 25 §1)
        return _bare_attack(board, weights, lookahead, t0, c0)
    best = -INF
    principal: Principal | None = None
    upper: list[int] = []  # upper bounds of attacks not (fully) searched
    candidates: list[tuple[dict[str, str], int]] = []
    finished = False
    k = 0
    proved = False
    split: SplitAttack | None = None
    cuts = Timeout.raised
    probing = False
    try:
        candidates = game.ordered_attacks()
        # A win in this combat is a win at any lookahead (704.5a: the game is over, there is
        # no next turn), so at lookahead 1 the declaration with the most attacking creatures
        # is first asked only whether it wins now (a fourth new user's trial: 9 attackers
        # against 5 blockers at Bob 6 stayed home under a time limit while lookahead 0
        # proved the win in 51 ms). That does not depend on the lookahead, so it is asked of
        # the game at lookahead 0 (same board, deadline and shared tables), in a window just
        # below a won game: a block that keeps the defending players alive refutes it at
        # once. When it wins, it is the best line so far, and the search below only looks
        # for a won line that costs less. Skipped when its creatures can't deal lethal
        # damage or poison even unblocked (_may_kill).
        biggest = max(candidates, key=lambda ac: len(ac[0])) if lookahead >= 1 and len(candidates) > 1 else None
        probing = biggest is not None and _may_kill(game, biggest[0])
        if biggest is not None and probing:
            attack, cost = biggest
            now = Game(board, board.active_player, weights, 0, game.clock.child(), game.shared)
            won_at = now.ev.win + now.values.mana_term(cost, 0)
            v, line = now.block_value(attack, cost, won_at - 1, INF)
            if Timeout.since(cuts):
                raise Timeout
            if v >= won_at and now.status.exact and line is not None:
                best, proved = v, True
                principal = Principal(attack, line[0], line[1], v)
            probing = False
        split = SplitAttack.of(game, candidates) if lookahead == 0 else None
        if split is not None:
            # Several defending players, a value that separates: the branch and bound over
            # the defending players' parts (solver/ai/separable.py).
            try:
                split.run()
            finally:
                if split.principal is not None:
                    best, principal, proved = split.best, split.principal, split.proved
        for k, (attack, cost) in enumerate(candidates if split is None else []):
            # Among won lines (every one worth a won game, less the mana: a win dominates),
            # the one paying less life for its costs (Norn's Annex, 119.4): a declaration
            # worth as much is searched exactly (its window opens one below) and then kept
            # when it pays less life.
            tie = (principal is not None and proved and game.facts.problem.life_costs
                   and _won(game, best, principal.attack))
            exact_before, game.status.exact = game.status.exact, True
            try:
                v, line = game.block_value(attack, cost, best - 1 if tie else best, INF)
            finally:
                clean, game.status.exact = game.status.exact, exact_before and game.status.exact
            if Timeout.since(cuts):
                # The time limit stopped a search inside this declaration's (ai_blocks' local
                # search answers with its best block so far, from the attacking player's side
                # an optimistic value): nothing is proved of it, it can't be the answer.
                raise Timeout
            if v > best or (tie and v == best and clean
                            and _life_cost(game, attack) < _life_cost(game, principal.attack)):  # type: ignore[union-attr]
                best = v
                assert line is not None
                principal = Principal(attack, line[0], line[1], v)
                # Its value is proved when every value worked out in its search was (it lies
                # inside its window); not when its blocks were too many to list (BLOCK_BOUND)
                # or a damage step too large to list.
                proved = clean
        finished = True
    except (Timeout, TimeLimitReached):
        # The search's own deadline, or the command's time budget (building a block problem):
        # either way the best line so far stands. The declaration being searched is bounded
        # by its best block so far (when every value on the way was proved: one interruption,
        # the one that ends the search), every later one by a won game.
        if split is not None:
            upper.append(split.bound())  # the best bound of a declaration not settled
        elif candidates and probing:
            upper.append(game.ev.win)  # cut while asking whether the biggest attack wins now
        elif candidates:
            sound = Timeout.raised - cuts <= 1 and game.partial < INF
            upper.append(game.partial if sound else game.ev.win)
            upper.extend([game.ev.win] * (len(candidates) - k - 1))
        else:
            upper.append(game.ev.win)
    exact = finished and game.status.exact
    chosen = None
    if pressure is not None and exact and proved and principal is not None:
        chosen = _pressure(game, principal, candidates, pressure)
    game.clock.lift()  # the answer below runs under the command's budget (issue 25 §1)
    if chosen is None or chosen.principal is principal:
        answer = _attack_answer(game, board, lookahead, t0, c0, principal, candidates, upper,
                                exact, proved)
        return answer if chosen is None else replace(answer, style="pressure", expected=round(chosen.expected, 3))
    # issue 22: another declaration, its worst case proved within the margin of the game's
    # value (principal.value, exact): optimal only when it ties it.
    assert principal is not None
    answer = _attack_answer(game, board, lookahead, t0, c0, chosen.principal, candidates, upper,
                            exact, proved)
    tie = chosen.principal.value == principal.value
    return replace(answer, status="optimal" if tie else "feasible", bound=points(principal.value),
                   style="pressure", expected=round(chosen.expected, 3))


def _style(style: str, pressure: PressureWeights | None) -> PressureWeights | None:
    """The pressure weights of ``style`` (``None`` for ``exact``). Raises ScenarioError
    for an unknown style or weights that are not :class:`PressureWeights`."""
    if style not in STYLES:
        raise ScenarioError("style", f"must be one of {', '.join(STYLES)} (got {style!r})")
    if pressure is not None and not isinstance(pressure, PressureWeights):
        raise ScenarioError("pressure", "must be a redzone.models.game_terms.PressureWeights")
    return (pressure or PressureWeights()) if style == "pressure" else None


def _pressure(game: Game, principal: Principal, candidates: list[tuple[dict[str, str], int]],
              weights: PressureWeights) -> Chosen | None:
    """:func:`redzone.solver.ai.pressure.choose`, or ``None`` when the time limit is spent
    first (the exact choice stands)."""
    from redzone.solver.ai import pressure

    try:
        return pressure.choose(game, principal, candidates, weights)
    except (Timeout, TimeLimitReached):
        return None


def _attack_answer(game: Game, board: Board, lookahead: int, t0: float, c0: float,
                   principal: Principal | None, candidates: list[tuple[dict[str, str], int]],
                   upper: list[int], exact: bool, proved: bool) -> AttackDecision:
    """The :class:`AttackDecision` for the search's result: the principal line, or, when
    nothing finished in time, a legal fallback declaration with its blocks and damage.

    ``upper``: proved upper bounds of the declarations not searched to the end; ``exact``:
    the whole game was searched exactly; ``proved``: the principal's value is exact (its
    blocks were all examined). The answer's ``value`` is a proved lower bound of the chosen
    declaration's value (its exact value when ``proved``; for a fallback,
    :func:`_fallback_floor`) and ``bound`` a proved upper bound of the game's value, so
    ``value <= optimum <= bound`` — except where a principal is not ``proved`` without any
    time limit (its blocks beyond ``BLOCK_BOUND``): its value is the best found, maybe above
    the bound (docs/ai.md)."""
    skips = Skips()  # issue 25 §1: each part below gets what is left of the time, or is skipped
    state: GameState | None
    if principal is None:
        # Nothing finished in time: any candidate is legal (the first is no attack when that
        # is legal); else the attack solver's plan (TimeLimitReached when it can't be proved
        # legal in the time left: the answer is then unknown).
        attack = candidates[0][0] if candidates else _fallback_attack(game.facts.problem)

        def fallback() -> tuple[dict[str, list[str]], list[dict[str, Any]], GameState, OutcomeJSON]:
            blocks, damage, state = _fallback_line(game, attack)
            view = game.values.departed(attack, blocks)
            outcome = _departed_outcome(game, attack, blocks, state.to_outcome(
                with_combat(view[0].facts.board, view[1], view[2]) if view is not None
                else with_combat(board, attack, blocks)))
            return blocks, damage, state, outcome

        blocks, damage, state, outcome = skips.run("replay", fallback, ({}, [], None, _not_played()), game,
                                                   share=0.6)
        value = skips.run("value", lambda: _fallback_floor(game, attack, candidates), -game.ev.win, game,
                          share=0.5)
        lower = -game.ev.win
        bound = max([game.ev.win, *upper])
    else:
        attack, blocks = principal.attack, principal.blocks
        damage, state, outcome = skips.run(
            "replay", lambda: _replay_line(game, attack, blocks, principal.leaves), ([], None, _not_played()), game,
            share=0.6)
        value = lower = principal.value
        if proved and _won(game, value, attack):
            # Every answer loses the defending players the game (lethal): the value of a won
            # game, whatever mana the declaration took (a win dominates; the mana only broke
            # ties among won lines).
            value = lower = game.ev.win
        # Upper bounds of the attacks not searched to the end hold only when every part
        # searched was exact; otherwise nothing better than a won game is proved.
        bound = value if exact else (max([value, *upper]) if game.status.exact else game.ev.win)
    # The principal's value is proved only when every part of its search was exact: a block
    # list cut at BLOCK_BOUND may have left out the block that saves the defending player.
    proved = principal is not None and proved
    if not exact:
        # A proved bound of every declaration at once (solver/ai/bounds/ceiling.py): informative
        # where whole declarations were never examined. An unproved line's value may lie
        # above it.
        ceiling = skips.run("bound", lambda: attack_ceiling(game), None, game, share=0.5)
        if ceiling is not None:
            bound = min(bound, max(value, ceiling) if proved else ceiling)
        if proved and bound <= value:
            # The principal's value is exact (every part searched was, and it lies inside
            # its window) and the game's value is proved to be at most it: that is the
            # optimum, whatever was left unsearched (s4 trial F8: b1 at 0.01 s said
            # feasible with bound == value).
            exact, bound = True, value
    reasons: dict[str, str] = {}
    if state is None:
        skips.add("reasons")  # they describe the line played out
    else:
        played = state
        reasons = skips.run("reasons", lambda: _attack_reasons(
            game, attack, blocks, played, principal, damage, candidates,
            complete=bool(candidates) and game.status.exact, proved=exact,
            answered=principal is not None and (proved or game.status.exact), value=value), {}, game)
    # The declaration's own life cost is always worked out (what the engine applying it
    # pays: 508.1h, 119.4; no block problem needed); the response's costs with the replay.
    paid = game.units.life_paid(attack, {})
    response_mana = 0
    why = ""
    if state is not None or principal is not None:
        paid, response_mana, why = skips.run("replay", lambda: _paid(game, board, attack, blocks),
                                             (paid, 0, ""), game)
    return AttackDecision(
        attackers=dict(attack), status="optimal" if exact else "feasible", value=points(value),
        bound=points(bound), lethal=proved and lower >= game.ev.win, response=blocks, damage=damage,
        outcome=outcome, reasons=reasons,
        mana_paid=sum(game.facts.problem.costs.get((c, t), 0) for c, t in attack.items()),
        lookahead=lookahead, nodes=game.clock.nodes, elapsed_ms=(time.perf_counter() - t0) * 1000,
        cpu_ms=(time.process_time() - c0) * 1000, life_paid=paid,
        response_mana_paid=response_mana, life_paid_why=why,
        response_proved=principal is not None and (proved or game.status.exact),
        skipped=tuple(skips.names))


def _paid(game: Game, board: Board, attack: Mapping[str, str], blocks: Mapping[str, list[str]]
          ) -> tuple[dict[str, int], int, str]:
    """(life paid, the response's block mana, the life line) of ``choose_attack``'s line."""
    paid = game.units.life_paid(attack, blocks)
    mana = _block_mana(board, attack, blocks, game.declarations.block_problems(attack)) if blocks else 0
    return paid, mana, _life_paid_why(game, attack, blocks, paid)


def _may_kill(game: Game, attack: Mapping[str, str]) -> bool:
    """Whether ``attack``'s creatures, all unblocked, could take a defending player to 0
    life or 10 poison counters this combat (704.5a, 704.5c), counted from the creatures
    alone (:func:`redzone.solver.ai.block_search._through`: power, twice with double strike,
    infect and toxic as poison). Only a filter for the question whether the attack wins now
    (``choose_attack``); nothing is claimed from it. Combat-dependent power ("attacking
    creatures you control get +1/+0") makes it ``True``; damage doubling isn't counted (then
    the question may be skipped: the search itself still finds such a win, only without
    this shortcut)."""
    if game.facts.board.has_combat_effects:
        return True
    life, poison = _through(game, attack, {})
    return (any(n >= game.facts.base_life.get(p, 0) for p, n in life.items())
            or any(n + game.facts.base_poison.get(p, 0) >= 10 for p, n in poison.items()))


def _life_cost(game: Game, attack: Mapping[str, str]) -> int:
    """Life the declaration's attack costs take (Phyrexian mana paid with life, 119.4)."""
    return sum(game.facts.problem.life_costs.get((c, t), 0) for c, t in attack.items())


def _won(game: Game, value: int, attack: Mapping[str, str]) -> bool:
    """Whether a declaration's (attacker-view) value is a won game: a won position is worth
    ``win`` plus the mana term (the defending players' block mana for, the declaration's
    attack mana against the attacking player, 508.1h, 509.1d), so at least ``win`` less the
    declaration's mana; a position where the game goes on is worth at most ``win - 1`` plus
    that term (docs/ai.md: its evaluation is kept within ``±(win − 1)``, and with sensible
    weights is far from it), so below that unless its evaluation lies within the defending
    players' block mana of ``win``."""
    cost = sum(game.facts.problem.costs.get((c, t), 0) for c, t in attack.items())
    return value >= game.ev.win + game.values.mana_term(cost, 0)


def _fallback_floor(game: Game, attack: dict[str, str],
                    candidates: list[tuple[dict[str, str], int]]) -> int:
    """A proved lower bound of the value of ``attack`` (attacker view, milli-points), the
    fallback declaration of a search that finished none: what the answer's ``value`` may
    claim of it (``-win`` when nothing better is proved). No attack at lookahead 0 is valued
    exactly (one position: no block, no damage); at lookahead 1 (two players) it is at least
    minus the next player's :func:`redzone.solver.ai.bounds.ceiling.attack_ceiling` on the board of
    their turn; otherwise, and also, on the boards where
    :func:`redzone.solver.ai.bounds.ceiling.block_floor` applies and the declaration costs no life,
    that floor of every block against it (the defending players can't hold the attacking
    player below it; its proof is in its docstring) with the declaration's mana (508.1h)
    counted against the attacking player. Worked out whatever the time left: a position,
    or a few unit games."""
    cost = next((c for d, c in candidates if d == attack),
                sum(game.facts.problem.costs.get((c, t), 0) for c, t in attack.items()))
    if not attack and game.status.lookahead == 0:
        v, _ = game.block_value(attack, cost, -INF, INF)
        return v
    crack = -game.ev.win
    if not attack and game.facts.two:
        # No attack at lookahead 1: the value after the next player's attack, in which they
        # maximise their own evaluation, minus the attacking player's (two players, zero
        # sum): at least minus the ceiling of every declaration of theirs (ai_ceiling's
        # proof) on the board of their turn (nothing happened in this combat).
        from redzone.solver.ai.position import next_player, next_turn_board

        player = next_player(game.facts.board)
        if player is not None:
            nxt = next_turn_board(game.facts.board, game.facts.base.copy(), attack, player)
            ceiling = attack_ceiling(Game(nxt, player, game.facts.weights, 0, None))
            if ceiling is not None:
                crack = -ceiling
    if game.units.life_paid(attack, {}):
        return crack
    floor = block_floor(game, attack)
    if floor is None:
        return crack
    return max(floor + game.values.mana_term(cost, 0) if floor < game.ev.win else floor, crack)


def _block_mana(board: Board, attack: Mapping[str, str], blocks: Mapping[str, list[str]],
                problems: list[Any] | None = None) -> int:
    """Generic mana a block declaration's costs take (509.1d-f): per blocking creature and
    per (blocker, attacker) pair, summed over the defending players' problems (``problems``:
    those of ``attack`` already built, e.g. :meth:`Game.block_problems`; ``None``: built
    here). No block costs nothing (nothing is built)."""
    from redzone.models.block_rules import block_problems

    if not any(blocks.values()):
        return 0
    total = 0
    for p in (problems if problems is not None else block_problems(board, dict(attack))):
        for b, lst in blocks.items():
            if lst and b in p.blockers:
                total += p.blocker_costs.get(b, 0) + sum(p.pair_costs.get((b, a), 0) for a in lst)
    return total


# ============================================================================ choose-block


@_within_time_limit
def choose_blocks(board: Board, *, evaluation: Weights | None = None, lookahead: int = 1,
                  time_limit: float | None = None, style: str = DEFAULT_STYLE) -> BlockDecision:
    """The defending players' best blocks against the board's ``combat.attackers`` (see the
    module docstring for the game; the defending players answer together, minimising the
    attacking player's evaluation, each with a legal block of their own, 802.4).

    Arguments as for :func:`choose_attack`. Returns a :class:`BlockDecision` whose
    ``blockers`` is always a legal block (CR 509.1). With no attacking creature (no
    ``combat``, or empty ``combat.attackers``) there is nothing to block (508.8): the answer
    is no block, valued like any other (at lookahead 1, after the next player's attack).
    Raises ScenarioError for an attacker that can't attack what it attacks, and like
    :func:`choose_attack` — :class:`redzone.models.limits.TimeLimitReached` also when the
    game (its block problems) could not be built in time on a board of more than
    :data:`redzone.solver.ai.reserve.GRACE_PERMANENTS` permanents. ``style``: accepted
    as for :func:`choose_attack`; the blocks are the exact choice whatever it is (issue 22:
    the ``pressure`` style chooses declarations of attackers only).
    """
    weights = _check(lookahead, time_limit, evaluation)
    _style(style, None)
    combat = getattr(board.scenario, "combat", None)
    attack = dict(combat.attackers) if combat is not None else {}
    for a in attack:
        perm = board.permanents.get(a)
        if perm is None or not perm.is_creature or perm.controller != board.active_player:
            raise ScenarioError(f"combat.attackers.{a}",
                                f"{a!r} is not a creature {board.active_player} controls (CR 508.1a)")
    if plays_triggers(board, lookahead):  # triggered abilities of combat (issue 21)
        return cast(BlockDecision, _triggered(board, weights, lookahead, time_limit, False))
    t0, c0 = time.perf_counter(), time.process_time()
    # (attack_paid: the attackers were declared, and paid for, already)
    game = _game(board, weights, lookahead, t0, time_limit, attack_paid=False)
    if game is None:
        # The time was spent building the game (issue 25 §1): a legal block needs the block
        # problems it did not finish, so nothing is answered (the command says unknown).
        raise TimeLimitReached("building the game")
    best = INF
    line: tuple[dict[str, list[str]], list[Leaf]] | None = None
    finished = False
    try:
        # Proved: no block does better than this (a loss nothing can prevent, or a lost game
        # for the attacking player: nothing is worse for them).
        floor = max(game.bounds.forced_floor(attack, 0), game.bounds.least_value(0))
        large = solve_large(game, attack, 0, floor, INF)
        if large is not None:
            best, line = large
        elif not game.search_blocks(attack, floor):
            for blocks, cost in game.declarations.block_candidates(attack):
                game.clock.tick()
                v, leaves = game.values.damage_value(attack, blocks, game.values.mana_term(0, cost), -INF, best)
                if v < best:
                    best, line = v, (blocks, leaves or [])
                if best <= floor:
                    break
        finished = True
    except (Timeout, TimeLimitReached):
        pass  # the search's deadline or the command's time budget: the best line so far stands
    if game.found[1] is not None:  # the search without declarations (Game.search_blocks)
        best, line = game.found
    exact = finished and game.status.exact
    skips = Skips()  # issue 25 §1: what runs from here gets what is left of the time, or is skipped
    if not exact and line is not None and getattr(game, "local_fixed", None) is None:
        # The safety net of an answer not proved (a time limit, a capped enumeration):
        # local search from it until no one-creature change improves it (within the
        # clock's polish time; "polish" is listed when it did not reach a fixed point).
        start = line
        best, line = skips.run("polish", lambda: _polished(game, attack, best, start), (best, line))
    if getattr(game, "local_fixed", None) is False:
        skips.add("polish")  # a local search (here or in the search) cut short by the time
    game.clock.lift()  # the answer below runs under the command's budget (issue 25 §1)
    if not exact and (line is None or best >= game.ev.win):
        # Not proved and a lost game (or nothing): a block the creatures alone show to
        # survive, valued now (ai_blocks.rescue), is answered instead when it is better.
        best, line = skips.run("rescue", lambda: rescue(game, attack, 0, best, line), (best, line), game,
                               share=0.5)  # half of what is left: the replay and the reasons come after
    return _block_answer(game, board, attack, lookahead, t0, c0, line, best, exact, skips)


def _polished(game: Game, attack: dict[str, str], best: int,
              line: tuple[dict[str, list[str]], list[Leaf]]
              ) -> tuple[int, tuple[dict[str, list[str]], list[Leaf]]]:
    """``choose_blocks``' local search of an unproved answer (:func:`polish`), with one
    defending player; the answer unchanged otherwise."""
    problems = game.declarations.block_problems(attack)
    if len(problems) != 1:
        return best, line
    return polish(game, attack, 0, problems[0], best, line[0], line[1])


def _block_answer(game: Game, board: Board, attack: dict[str, str], lookahead: int, t0: float,
                  c0: float, line: tuple[dict[str, list[str]], list[Leaf]] | None, best: int,
                  exact: bool, skips: Skips | None = None) -> BlockDecision:
    """The :class:`BlockDecision` for the search's result: the best line found, or, when none
    finished in time, the block solver's legal plan with its damage. Each part after the
    choice gets what is left of the command's time or is skipped (``skips``, issue 25 §1);
    the fallback block itself raises :class:`TimeLimitReached` when it can't be proved
    legal in that time."""
    skips = Skips() if skips is None else skips
    state: GameState | None
    if line is None:
        with grace(len(board.permanents)):  # what a legal block needs (a small board: always)
            problems = game.declarations.block_problems(attack)
        blocks = _fallback_blocks(board, attack, problems)

        def fallback() -> tuple[list[dict[str, Any]], GameState, OutcomeJSON]:
            from redzone.solver.damage.solve import play_out

            view = game.values.departed(attack, blocks)  # 800.4a: played on the board that remains
            g, a2, b2 = view if view is not None else (game, attack, blocks)
            result = play_out(with_combat(g.facts.board, a2, b2))
            damage = [{"step": st.plan.step, "assignment": st.plan.assignment} for st in result.steps]
            _, state = replay(g.facts.board, a2, b2,
                              [Leaf((), None, tuple(st.plan.assignment for st in result.steps))],
                              tuple(st.plan.step for st in result.steps), g.units.life_paid(a2, b2))
            return damage, state, _departed_outcome(game, attack, blocks,
                                                    state.to_outcome(with_combat(g.facts.board, a2, b2)))

        damage, state, outcome = skips.run("replay", fallback, ([], None, _not_played()), game, share=0.6)
        value = -game.ev.win  # nothing proved about the defending players' value ...
        if game.status.lookahead == 0 or game.facts.crack_back_bounded:
            # ... unless this block's value right after combat (the attacking player's best
            # damage against it: one damage game, within the time left) is: exact at
            # lookahead 0; at lookahead 1 the next player may always not attack, so the
            # attacking player's value after their turn is at most it, and the defending
            # players' at least minus it.
            value = skips.run("value", lambda: -game.values.static_value(attack, blocks, game.values.mana_term(
                0, _block_mana(board, attack, blocks, game.declarations.block_problems(attack)))), value, game,
                share=0.5)
        bound = game.ev.win
    else:
        blocks, leaves = line
        damage, state, outcome = skips.run("replay", lambda: _replay_line(game, attack, blocks, leaves),
                                           ([], None, _not_played()), game, share=0.6)
        value = -best
        bound = value if exact else game.ev.win
    if not exact:
        # The defending players' value is at most minus a proved floor of every block's
        # value (solver/ai/bounds/ceiling.py); an unproved line's value may lie above it.
        floor = skips.run("bound", lambda: block_floor(game, attack), None, game, share=0.5)
        if floor is not None:
            bound = min(bound, max(value, -floor) if line is not None and game.status.exact else -floor)
        if line is not None and game.status.exact and bound <= value:
            # The line's value is exact (every value worked out was) and the defending
            # players' value is proved to be at most it — a won game for them, or the
            # floor: nothing beats it, the answer is optimal.
            exact, bound = True, value
    reasons: dict[str, str] = {}
    survives: bool | None = None
    if state is None:
        skips.add("reasons")  # they describe the line played out
    else:
        played = state
        survives = not any(p in played.lost for p in _defending_players(board, attack))
        proof = "proved" if exact else "local" if getattr(game, "local_fixed", None) else ""
        reasons = skips.run("reasons", lambda: _block_reasons(game, attack, blocks, played, line, damage,
                                                              proof, value=value), {}, game)
    # What the engine applying the block pays (509.1d): worked out from the problems the
    # search built, whatever the time left (a sum over the blocking creatures).
    mana = _block_mana(board, attack, blocks,
                       game.declarations.block_problems(attack) if any(blocks.values()) else [])
    paid = game.units.life_paid(attack, blocks)
    return BlockDecision(
        blockers={b: list(a) for b, a in blocks.items() if a}, status="optimal" if exact else "feasible",
        value=points(value), bound=points(bound),
        survives=survives, damage=damage,
        outcome=outcome, reasons=reasons,
        mana_paid=mana,
        lookahead=lookahead, nodes=game.clock.nodes, elapsed_ms=(time.perf_counter() - t0) * 1000,
        cpu_ms=(time.process_time() - c0) * 1000, life_paid=paid,
        life_paid_why=_life_paid_why(game, attack, blocks, paid), skipped=tuple(skips.names))


def _defending_players(board: Board, attack: Mapping[str, str]) -> list[str]:
    from redzone.models.block_rules import attacked_players

    return attacked_players(board, dict(attack))


