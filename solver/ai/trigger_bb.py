"""A branch and bound over one defending player's blocks in the search with triggered
abilities (:class:`redzone.solver.ai.triggered.TriggerGame`, issue 21 §4), at lookahead 0,
when the combat after the attack window splits into units whose triggered abilities are
all local (:mod:`redzone.solver.ai.trigger_units`): bushido, flanking, rampage, afflict,
frenzy and their kind count in the units' own results, so the bound is sound with them.

Attackers are given their blockers one at a time (one multiset per class of identical
blocking creatures), each decided attacker's unit played by
:meth:`~redzone.solver.ai.trigger_units.UnitPlay.result`; a partial block is dropped when a
proved lower bound of every completion (attacker view) is at or above the best block so
far (or beta). A complete block is valued by :meth:`TriggerGame.one_block`, exactly as the
listing values it. The proof is :func:`branch_and_bound`'s docstring; docs/ai.md
("Triggered abilities of combat", "Exact" (6)).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from redzone.models import block_problem as bp_mod
from redzone.models.board import Board
from redzone.models.outcome import GameState

if TYPE_CHECKING:
    from redzone.solver.ai.triggered import Line

__all__ = ["BB_FROM", "LISTED_FIRST", "applies", "block_count", "branch_and_bound"]

_Vec = tuple[int, int, int, int, int]
"""A unit's changes, each oriented so that more is better for the attacking player: the
defending player's life lost, poison counters given to them, the attacking player's life
gained, poison counters taken off them, and the permanents' part of the evaluation
(attacker view)."""


BB_FROM = 2_000
"""The branch and bound is used from this many blocks on (:func:`block_count`): below it,
listing them costs less than the units' bounds (5 v 5 boards)."""


LISTED_FIRST = 2_000
"""Where a restriction (menace's kind) is in the problem, the branch and bound comes only
after this many listed blocks did not cut off (h40: on such boards the listing, which judges
blocks as it lists them, often cuts off within its first ones, for less than the branch and
bound's unit plays; the branch and bound then searches every block, the listed ones too)."""


SLACK = 0
"""Milli-points added to every bound (0; a test plants a bound too tight with it and the
differential against the reference must catch it)."""


def block_count(problem: bp_mod.BlockProblem, classes: Mapping[str, int]) -> int:
    """How many blocks the listing has for ``problem`` (one per multiset of choices of
    identical creatures, ``classes``): for each class of m creatures with k options each,
    C(m + k - 1, m)."""
    from redzone.solver.ai.position import _block_options  # pyright: ignore[reportPrivateUsage]

    blockers, options = _block_options(problem)
    by: dict[Any, list[int]] = {}
    for i, b in enumerate(blockers):
        by.setdefault(classes.get(b, ("unique", b)), []).append(len(options[i]))
    total = 1
    for sizes in by.values():
        total *= math.comb(len(sizes) + sizes[0] - 1, len(sizes))
    return total


def applies(game: Any, board: Board, attackers: Mapping[str, str], state: GameState,
            problem: bp_mod.BlockProblem, classes: Mapping[str, int]) -> bool:
    """Whether :func:`branch_and_bound` is used here: :data:`BB_FROM` blocks or more, and it
    is exact: lookahead 0; one defending player
    whose block problem has no requirement or cost (509.1c-d) and no restriction but "blocked
    by at least n creatures" (menace, 702.111b; :class:`~redzone.models.block_problem.MinBlockers`:
    a rule on one attacker's own blockers, which :func:`branch_and_bound` obeys as it gives
    that attacker its group, so every block it values is legal, 509.1b) and whose creatures
    block one attacker each (509.1a); the combat splits into
    units (:meth:`TriggerGame.unit_play`); the evaluation reads no layer effect, condition,
    loss shield or commander damage (as :meth:`TriggerGame.fast_units`); and nothing in the
    combat can raise the defending player's part of the value beyond what a block avoids:
    no creature that may block has lifelink (702.15b), and no triggered ability of a
    creature in the combat puts counters on a creature (122.1) or gains a player life."""
    from redzone.models.triggers.resolve import triggers
    from redzone.models.triggers.types import Counters, LifeEffect

    if game.lookahead != 0 or len(board.players) != 2 or block_count(problem, classes) < BB_FROM:
        return False
    if (problem.requirements or problem.blocker_costs or problem.pair_costs
            or problem.blocker_life_costs or problem.pair_life_costs):
        return False
    if any(not isinstance(r, bp_mod.MinBlockers) for r in problem.restrictions):
        return False  # (menace's kind alone: a restriction of one attacker's own blockers, h40)
    blockers = [b for b in dict.fromkeys(problem.blockers) if problem.allowed.get(b)]
    if any(problem.capacity_of(b) != 1 for b in blockers):
        return False
    ev = game.evaluator(board)
    if (ev.layer_sources or ev.condition_sources or ev.lost_before or state.lost or state.commander_damage
            or any(p.commander_damage for p in board.players)):
        return False
    for pid in (*attackers, *blockers):
        perm = board.permanents.get(pid)
        if perm is None:
            continue
        if pid in blockers and board.has_keyword(perm, "lifelink"):
            return False
        for t in triggers(perm, board):
            for e in t.effects:
                if isinstance(e, Counters) or (isinstance(e, LifeEffect) and e.gain):
                    return False
    return game.unit_play(board, attackers, state) is not None


def _least(unblocked: _Vec, dead: int) -> _Vec:
    """At most every change of an attacker's unit, blocked or not, from its unblocked
    unit's least changes and ``dead``, its part's change when it dies
    (:func:`branch_and_bound`'s docstring): nothing lost or gained by anyone, it dies."""
    return (min(0, unblocked[0]), min(0, unblocked[1]), min(0, unblocked[2]), min(0, unblocked[3]),
            min(dead, unblocked[4]))


def _least_blockers(problem: bp_mod.BlockProblem) -> dict[str, int]:
    """The fewest creatures each attacker may be blocked by, when blocked (509.1b: menace,
    702.111b, "can't be blocked except by n or more creatures"; the most of its
    :class:`~redzone.models.block_problem.MinBlockers`): attacker id -> n, for those that
    have one (the only restriction :func:`applies` admits)."""
    out: dict[str, int] = {}
    for r in problem.restrictions:
        assert isinstance(r, bp_mod.MinBlockers)
        out[r.attacker] = max(out.get(r.attacker, 0), r.minimum)
    return out


class _NotHere(Exception):
    """A unit's block window needs a choice, or its play could cost the attacking player
    life or give them poison: the listing decides instead."""


def branch_and_bound(game: Any, board: Board, attackers: dict[str, str], state: GameState,
                     problem: bp_mod.BlockProblem, classes: Mapping[str, int], mana: int,
                     alpha: int, beta: int, incumbent: tuple[int, Line] | None
                     ) -> tuple[int, Line] | None:
    """The least attacker-view value of a block on ``board`` against ``attackers`` after
    ``state`` (fail-soft within ``alpha``, ``beta``: at most ``alpha`` is a refutation, at
    least ``beta`` a lower bound), with its line (``("blocks", ...)`` first, as
    :meth:`TriggerGame.blocks`), where :func:`applies`; ``None`` when a unit can't be used
    (the caller lists the blocks). ``incumbent``: a block valued already (its value, line).

    **The bound.** A block's value is the game over its units' damage games, each leaf
    valued by :meth:`TriggerGame.fast_units` — the evaluation of the position's totals
    plus the units' changes (life and poison of each player, each permanent's part) — or
    a won game for the attacking player when the defending player lost (704.5a, 704.5c;
    the attacking player can't lose here: every unit's leaves are checked to cost them no
    life and give them no poison). That evaluation is monotone in each summed change
    (``life_value`` grows with life, ``poison_value`` falls with poison; ``clamp`` keeps
    the order), and its clamped value is below a won game, so the evaluation of changes
    componentwise no better for the attacking player than every leaf of every completion
    is at most the block's value, whatever the players choose in the units' damage games
    (the game's value lies between its least and greatest leaf). Per attacker:

    - decided, with its blockers: the least of each change over its unit's leaves (its
      triggered abilities resolved in its own play: bushido's, rampage's, flanking's pumps,
      afflict's life loss are in these numbers);
    - not decided, no creature left that may block it: its unblocked unit's, the same way;
    - not decided, some creature left may block it: no life lost by the defending player
      and no poison (combat damage of a blocked creature to a player is trample's excess,
      at least 0, and a local trigger only makes the defending player lose life, 603,
      trigger_units.local_trigger), no life gained by anyone (no blocker with lifelink, no
      trigger gaining life: :func:`applies`), the attacker dies (a creature's part is at
      least 0, the part of one that left) and no defending creature's part rises (their
      part reads power, toughness and counters, and no trigger here puts counters; pumps
      end in cleanup, 514.2, and the evaluation reads creatures after it). As each blocking
      creature blocks one attacker, at most as many of these attackers are blocked as
      creatures left can block them: the rest are unblocked, so the sum of their unblocked
      changes less, component by component, the largest savings of that many of them is
      taken (each saving is at least 0). An attacker that must be blocked by at least n
      creatures (menace) is blocked by no group smaller, so fewer of them can be blocked
      than this counts and some that count as blockable can't be: the real completions
      are among the ones this bounds, and the bound stays at most each of them.

    Every legal block is reached or dropped by a bound: each attacker is given every group of
    the creatures left that may block it (one multiset per class), but a group smaller than
    its :class:`~redzone.models.block_problem.MinBlockers` (509.1b; the only restriction
    :func:`applies` admits, one attacker's own), so the blocks valued are the legal ones.

    The mana term is the same for every block (no cost). Returns the least value found
    when below ``beta`` (exact: every dropped block's bound was at or above the best value
    then, itself at or above the final one), else a proved lower bound at or above it."""
    from redzone.solver.ai.triggered import INF

    ev = game.evaluator(board)
    sign = game.sign
    ap = game.ap
    opp = next(p.name for p in board.players if p.name != ap)
    play = game.unit_play(board, attackers, state)
    assert play is not None  # applies
    blockers = [b for b in dict.fromkeys(problem.blockers) if problem.allowed.get(b)]
    allowed = {b: set(problem.allowed[b]) for b in blockers}
    can = {a: [b for b in blockers if a in allowed[b]] for a in attackers}
    least_blockers = _least_blockers(problem)
    kinds = ev._kinds  # pyright: ignore[reportPrivateUsage]
    base = ev.departed_part + sum(ev.permanent_score(pid, state) for pid, _, _, _ in kinds)
    life_a, life_o = state.life[ap], state.life[opp]
    poison_a, poison_o = state.poison[ap], state.poison[opp]

    def value(v: _Vec) -> int:
        # (a lost defending player is worth a won game, above every clamped score: the
        # evaluation of the totals, lost or not, is a lower bound of it)
        t = base + ev.player_score(ap, life_a + v[2], poison_a - v[3]) \
            + ev.player_score(opp, life_o - v[0], poison_o + v[1]) + sign * v[4]
        return sign * ev.clamp(t) + mana + SLACK

    def add(v: _Vec, w: _Vec) -> _Vec:
        return (v[0] + w[0], v[1] + w[1], v[2] + w[2], v[3] + w[3], v[4] + w[4])

    zero: _Vec = (0, 0, 0, 0, 0)
    vecs: dict[Any, _Vec] = {}

    def unit_vec(a: str, group: tuple[str, ...]) -> _Vec:
        key = (a, group)
        got = vecs.get(key)
        if got is not None:
            return got
        unit = (((a, attackers[a]),), tuple((b, (a,)) for b in sorted(group)))
        r = play.result(unit)
        if r is None:
            raise _NotHere
        ends: list[GameState] = []
        if r.tree is None:
            ends.append(r.end)
        else:
            stack = [r.tree]
            while stack:
                node = stack.pop()
                if isinstance(node[0], str):
                    stack.extend(node[1])
                else:
                    ends.append(node[0])
        start = r.start
        worst: list[int] | None = None
        for st in ends:
            gain_a = st.life[ap] - start.life[ap]
            off_a = start.poison[ap] - st.poison[ap]
            if gain_a < 0 or off_a < 0:
                raise _NotHere
            x = [start.life[opp] - st.life[opp], st.poison[opp] - start.poison[opp], gain_a, off_a,
                 sign * sum(ev.permanent_score(pid, st) - ev.permanent_score(pid, state) for pid in r.perms)]
            worst = x if worst is None else [min(p, q) for p, q in zip(worst, x)]
        assert worst is not None
        got = vecs[key] = (worst[0], worst[1], worst[2], worst[3], worst[4])
        return got

    dead = {a: sign * -ev.permanent_score(a, state) for a in attackers}
    unblocked: dict[str, _Vec] = {}

    def open_part(i: int, left: frozenset[str]) -> _Vec:
        total = zero
        blockable: list[str] = []
        used: set[str] = set()
        for a in order[i:]:
            group = [b for b in can[a] if b in left]
            if group:
                blockable.append(a)
                used.update(group)
            else:
                total = add(total, unblocked[a])
        if not blockable:
            return total
        k = len(used)
        if len(blockable) <= k:
            for a in blockable:
                total = add(total, least[a])
            return total
        out = list(total)
        for c in range(5):
            whole = sum(unblocked[a][c] for a in blockable)
            savings = sorted((unblocked[a][c] - least[a][c] for a in blockable), reverse=True)
            out[c] += whole - sum(savings[:k])
        return (out[0], out[1], out[2], out[3], out[4])

    try:
        for a in attackers:
            unblocked[a] = unit_vec(a, ())
    except _NotHere:
        return None
    # Not decided, some creature left may block it: at most every change of its leaves,
    # blocked or not (the docstring's list).
    least = {a: _least(u, dead[a]) for a, u in unblocked.items()}

    order = sorted(attackers, key=lambda a: (bool(can[a]), a))
    best_value = incumbent[0] if incumbent is not None else INF
    best_line: Line | None = incumbent[1] if incumbent is not None else None
    low = INF  # the least bound of what was dropped (the fail-high bound)
    assign: dict[str, tuple[str, ...]] = {}
    class_order: dict[Any, int] = {}
    for b in blockers:
        class_order.setdefault(classes.get(b, ("unique", b)), len(class_order))

    class _Cut(Exception):
        pass

    def rec(i: int, acc: _Vec, left: frozenset[str]) -> None:
        nonlocal best_value, best_line, low
        game.clock.tick()
        if i == len(order):
            blocks = {b: [a] for a, group in assign.items() for b in group}
            bar = min(best_value, beta)
            v, line = game.one_block(board, attackers, state, blocks, mana, {}, alpha, bar)
            if v < best_value:
                best_value, best_line = v, (("blocks", blocks, 0, {}),) + line
            if best_value <= alpha:
                raise _Cut
            return
        a = order[i]
        avail = [b for b in can[a] if b in left]
        by: dict[Any, list[str]] = {}
        for b in avail:
            by.setdefault(classes.get(b, ("unique", b)), []).append(b)
        keys = sorted(by, key=class_order.__getitem__)
        children = []
        for counts in itertools.product(*(range(len(by[c]) + 1) for c in keys)):
            group = tuple(b for c, k in zip(keys, counts) for b in by[c][:k])
            if group and len(group) < least_blockers.get(a, 0):
                continue  # (illegal, 509.1b: blocked by fewer creatures than it must be)
            new_left = left.difference(group)
            if group:
                cheap = add(least[a], open_part(i + 1, new_left))
            else:
                cheap = add(unblocked[a], open_part(i + 1, new_left))
            children.append((value(add(acc, cheap)), group, new_left))
        children.sort(key=lambda c: c[0])
        for cheap_bound, group, new_left in children:
            bar = min(best_value, beta)
            if cheap_bound >= bar:
                low = min(low, cheap_bound)
                break
            child = add(acc, unit_vec(a, group) if group else unblocked[a])
            b2 = value(add(child, open_part(i + 1, new_left)))
            if b2 >= bar:
                low = min(low, b2)
                continue
            if group:
                assign[a] = group
            rec(i + 1, child, new_left)
            assign.pop(a, None)

    try:
        rec(0, zero, frozenset(blockers))
    except _Cut:
        pass
    except _NotHere:
        return None
    if best_line is None:
        return None
    if best_value < beta:
        return best_value, best_line
    return min(best_value, low), best_line
