"""Why each creature attacks, stays home, blocks or doesn't block (issue 9): the one-line
reasons of :func:`redzone.solver.ai.decisions.choose_attack` and :func:`redzone.solver.ai.decisions.choose_blocks`.

Reasons never claim more than the search proved: a kill is credited to a creature only
where its combat damage mattered (120.6, 702.2b, 510.1c), a creature left home or not
blocking is said to "not improve the outcome" only for a proved optimum, a creature no
legal declaration uses is told apart from one kept back by choice (508.1c-d, 509.1a-d),
and the crack-back is given as a motive only when it changes the decision.

Split from :mod:`redzone.solver.ai.decisions` (unchanged code). Plain Python; no ortools.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from redzone.models.board import Board
from redzone.models.limits import check_time
from redzone.models.outcome import GameState
from redzone.solver.ai.position import _free
from redzone.solver.ai.search import Game, Principal

__all__ = ["REASON_BLOCKS", "REASON_BLOCKS_TIMED"]


_STAGE = "the reasons"
"""What :class:`redzone.models.limits.TimeLimitReached` names when the command's budget runs
out while the reasons are worked out (issue 25 §1: they are then skipped)."""


def _label(board: Board, x: str) -> str:
    p = board.permanents.get(x)
    return p.label if p is not None else x


def _damaged_by(damage: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Recipient id -> source -> combat damage it assigned that recipient in this line
    (510.1), over both steps, sources in step order: the creatures to credit with a
    creature's death."""
    out: dict[str, dict[str, int]] = {}
    for step in damage:
        for source, row in step["assignment"].items():
            for recipient, amount in row.items():
                if amount > 0:
                    got = out.setdefault(recipient, {})
                    got[source] = got.get(source, 0) + amount
    return out


def _kills(board: Board, me: str, victims: list[str], state: GameState,
           damaged_by: Mapping[str, Mapping[str, int]]) -> str:
    """"; kills X" for the ``victims`` that died after ``me`` assigned them combat damage,
    or ``""``. A kill is credited to ``me`` alone when its damage alone was lethal (as much
    as the victim's toughness before combat, or from a deathtouch source: 120.6, 702.2b);
    when it was not but the other sources' damage was, the kill is theirs and not named
    here; otherwise "together with Y" (a multi-block, 509.1a, 510.1c). Damage is counted
    as assigned: prevention and doubling are not looked at here."""
    parts = []
    for v in victims:
        sources = damaged_by.get(v, {})
        if v not in state.destroyed or me not in sources:
            continue
        victim = board.permanents.get(v)
        toughness = victim.toughness if victim is not None and victim.toughness is not None else 0

        def lethal(ids: list[str]) -> bool:
            if any(board.has_keyword(board.permanents[x], "deathtouch")
                   for x in ids if x in board.permanents):
                return True
            return sum(sources[x] for x in ids) >= toughness

        others = [x for x in sources if x != me]
        if lethal([me]) or not others:
            parts.append(_label(board, v))
        elif not lethal(others):
            parts.append(_label(board, v) + " together with " + ", ".join(_label(board, x) for x in others))
    return "; kills " + ", ".join(parts) if parts else ""


def _departed_target(board: Board, target: str, departed: frozenset[str]) -> str | None:
    """The departed player an attack target is or belongs to (a planeswalker they control,
    a battle they protect), or ``None``."""
    if target in departed:
        return target
    p = board.permanents.get(target)
    if p is None:
        return None
    for who in (p.owner, p.controller, p.protector):
        if who in departed:
            return who
    return None


def _class_of(game: Game, c: str) -> set[str]:
    k = game.facts.classes.get(c)
    return {x for x, j in game.facts.classes.items() if j == k} if k is not None else {c}


def _at_cap(game: Game, value: int | None) -> bool:
    """Whether ``value`` (perspective milli-points) is the cap of a game still on
    (:meth:`redzone.models.evaluation.Evaluator.clamp`): every line valued there ties, so no
    reason may claim that one line was compared with another."""
    return value is not None and abs(value) == game.ev.win - 1


def _attack_reasons(game: Game, attack: Mapping[str, str], blocks: Mapping[str, list[str]],
                    state: GameState, principal: Principal | None, damage: list[dict[str, Any]],
                    candidates: list[tuple[dict[str, str], int]], complete: bool,
                    proved: bool = True, answered: bool = True, value: int | None = None
                    ) -> dict[str, str]:
    """One line per creature of the attacking player: why it attacks or stays home.
    ``candidates``: the legal declarations searched (``complete``: all of them), to tell a
    creature no legal declaration uses (508.1c-d) from one kept home by choice; ``proved``:
    the declaration is a proved optimum (else a creature left home is not said to be
    useless); ``answered``: ``blocks`` is the defending players' best answer (else it is
    only a legal block, and an attacking creature's line says its blocks were not examined
    to the end instead of "unblocked" or who blocks it)."""
    board = game.facts.board
    problem = game.facts.problem
    damaged_by = _damaged_by(damage)
    used: set[str] | None = None  # creatures some legal declaration uses, when listed
    if complete and (problem.restrictions or problem.requirements or problem.costs):
        # Otherwise each creature may attack on its own (508.1c-d, h): no need to look.
        used = set()
        for d, _ in candidates:
            used.update(d)
    out: dict[str, str] = {}
    blockers_of: dict[str, list[str]] = {}
    for b, lst in blocks.items():
        for a in lst:
            blockers_of.setdefault(a, []).append(b)
    home_duty: dict[str, str] = {}
    view = game.values.departed(attack, blocks)
    gone = game.values.departure_of(attack, blocks)
    if principal is not None and game.status.lookahead == 1:
        g, a2 = (view[0], view[1]) if view is not None else (game, attack)
        line = g.crack_back.crack_back_line(a2, g.units.combine(principal.leaves))
        if line is not None:
            for b, lst in line.blocks.items():
                if lst:
                    home_duty[b] = ", ".join(_label(board, a) for a in lst)
    for c in problem.creatures:
        check_time(_STAGE)  # issue 25 §1: the reasons run under the command's budget
        if c in attack:
            t = attack[c]
            by = blockers_of.get(c)
            text = f"attacks {_label(board, t)}"
            if not answered:
                out[c] = text + ("; the defending players' blocks were not examined to the end "
                                 "(the search was cut short)")
                continue
            if by:
                text += "; blocked by " + ", ".join(_label(board, b) for b in by)
            else:
                text += "; unblocked"
            if c in state.destroyed:
                text += "; dies"
            text += _kills(board, c, list(by or []), state, damaged_by)
            if gone is not None:
                who = _departed_target(board, t, gone.departed)
                if who is not None:
                    text += (f"; {who} paid down to 0 life for blocks and left the game before "
                             "damage: no combat damage (CR 704.5a, 800.4a, 800.4e)")
            out[c] = text
        elif not problem.allowed.get(c):
            why = problem.unable.get((c, ""), "it can't attack")
            out[c] = f"stays home: {why}"
        elif used is not None and used.isdisjoint(_class_of(game, c)):
            out[c] = "stays home: no legal attack includes it (CR 508.1c-d)"
        elif c in home_duty:
            out[c] = f"stays home to block {home_duty[c]} next turn"
        elif proved and _at_cap(game, value):
            out[c] = ("stays home: the answer is valued at the cap of a game still on, where "
                      "declarations are not told apart: attacking with it was not compared")
        elif proved:
            # The declaration is a proved optimum: every other one, this creature's attack
            # added included, is worth at most as much.
            out[c] = "stays home: attacking with it does not improve the outcome"
        else:
            out[c] = "stays home: the best attack found does not use it (not proved best)"
    return out


#: Most legal blocks listed to find the creatures no legal block uses (for the reasons only).
REASON_BLOCKS = 20_000


#: The same under a time limit: listing 20,000 blocks took 120-130 ms of CPU on the trial's
#: 8 v 8 board, more than the whole search at 0.1 s (third new user's trial, finding 7).
REASON_BLOCKS_TIMED = 1_000


def _blockers_in_legal_blocks(game: Game, attack: Mapping[str, str]) -> set[str] | None:
    """The creatures some legal block against ``attack`` uses (509.1a-d; identical creatures
    count together), or ``None`` when the legal blocks are too many to list
    (:data:`REASON_BLOCKS`; :data:`REASON_BLOCKS_TIMED` under a time limit)."""
    exact = game.status.exact
    used: set[str] = set()
    try:
        for k, (d, _) in enumerate(game.declarations.block_candidates(attack)):
            if (k & 63) == 0:
                check_time(_STAGE)
            if k >= (REASON_BLOCKS if game.clock.polish_until is None else REASON_BLOCKS_TIMED):
                return None
            for b, lst in d.items():
                if lst:
                    used |= _class_of(game, b)
    finally:
        game.status.exact = exact  # listing blocks for a reason proves nothing about the answer
    return used


def _blocking_helps_now(game: Game, attack: Mapping[str, str], blocks: Mapping[str, list[str]],
                        c: str, problem: Any) -> bool:
    """Whether ``c`` blocking one attacker it may block (509.1a-c, the search's legality
    filter), added to ``blocks``, makes the position right after combat (lookahead 0: the
    attacking player's best damage, one damage game each) better for the defending players
    than ``blocks`` do. Worked out for the reasons only, whatever the time left."""
    check = game.declarations.block_filter(problem)
    now = {b: list(a) for b, a in blocks.items() if a}
    cost = check(now)
    if cost is None:
        return True  # can't tell: keep the crack-back motive the search found
    base = game.values.static_value(attack, now, game.values.mana_term(0, cost))
    for a in dict.fromkeys(problem.allowed.get(c, ())):
        if a not in attack:
            continue
        check_time(_STAGE)  # one damage game each (issue 25 §1)
        trial = {**now, c: [a]}
        cost = check(trial)
        if cost is not None and game.values.static_value(attack, trial, game.values.mana_term(0, cost)) < base:
            return True
    return False


def _block_reasons(game: Game, attack: Mapping[str, str], blocks: Mapping[str, list[str]],
                   state: GameState, line: Any, damage: list[dict[str, Any]],
                   proof: str = "proved", value: int | None = None) -> dict[str, str]:
    """One line per creature of the defending players: why it blocks or not. A creature
    that may block some attacker on its own (509.1a-b) but that no legal block uses (a
    group restriction, 509.1b, or the requirements, 509.1c) is said so, not "kept".
    ``proof`` says what is proved of the answer, and so what "doesn't block" may claim:
    ``"proved"`` (optimal: blocking with it does not improve the outcome), ``"local"``
    (a fixed point of the local search, :func:`redzone.solver.ai.block_search.improve_blocks`:
    no change of this one creature's block improves it) or ``""`` (nothing: the search
    was cut short before the local search reached a fixed point)."""
    board = game.facts.board
    out: dict[str, str] = {}
    next_attack: dict[str, str] = {}
    view = game.values.departed(attack, blocks)
    gone = game.values.departure_of(attack, blocks)
    if line is not None and game.status.lookahead == 1:
        g, a2 = (view[0], view[1]) if view is not None else (game, attack)
        cb = g.crack_back.crack_back_line(a2, g.units.combine(line[1]))
        if cb is not None:
            next_attack = dict(cb.attack)
    from redzone.models.block_rules import block_problems

    damaged_by = _damaged_by(damage)
    usable: set[str] | None | bool = False  # not listed yet
    for problem in block_problems(board, dict(attack)):
        for c in problem.blockers:
            check_time(_STAGE)  # issue 25 §1: the reasons run under the command's budget
            lst = blocks.get(c) or []
            if lst and gone is not None and c in gone.left:
                out[c] = ("blocks " + ", ".join(_label(board, a) for a in lst)
                          + f"; {problem.defending_player} pays down to 0 life for the blocks and "
                          "leaves the game before damage, taking it along (CR 704.5a, 800.4a)")
                continue
            if lst:
                text = "blocks " + ", ".join(_label(board, a) for a in lst)
                kills = _kills(board, c, list(lst), state, damaged_by)
                text += kills
                if c in state.destroyed:
                    text += "; dies" if kills else "; chump block: dies"
                out[c] = text
                continue
            if not problem.allowed.get(c):
                out[c] = "doesn't block: " + problem.unable.get((c, ""), "it can't block any attacker")
                continue
            if usable is False and not _free(problem):
                usable = _blockers_in_legal_blocks(game, attack)
            if not _free(problem) and isinstance(usable, set) and c not in usable:
                sources = ", ".join(dict.fromkeys(r.source for r in problem.restrictions))
                out[c] = ("doesn't block: no legal block includes it (CR 509.1b-c"
                          + (f"; restrictions: {sources})" if sources else ")"))
            elif c in next_attack and _blocking_helps_now(game, attack, blocks, c, problem):
                # The crack-back is the motive only when it changes the decision: some block by
                # this creature would make the position right after combat better for the
                # defending players (lookahead 0 would take it), yet it stays back to attack.
                out[c] = f"doesn't block: to attack {_label(board, next_attack[c])} next turn"
            elif proof in ("proved", "local") and _at_cap(game, value):
                out[c] = ("doesn't block: the answer is valued at the cap of a game still on, "
                          "where blocks are not told apart: blocking with it was not compared")
            elif proof == "proved":
                out[c] = "doesn't block: blocking with it does not improve the outcome"
            elif proof == "local":
                out[c] = ("doesn't block: no block by it alone improves this answer "
                          "(not proved optimal: a local optimum)")
            else:
                out[c] = "doesn't block: not examined to the end (the search was cut short)"
    return out
