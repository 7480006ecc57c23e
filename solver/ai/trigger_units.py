"""Units for the combat game with triggered abilities (issue 21 §4): after the attack window,
a combat whose remaining triggered abilities are all *local* is played one unit at a time —
an attacking creature (or the attackers one creature blocks together) with its blockers,
CR 506.4, 509.1 — and the units' results added up, as the search without triggers does
(:mod:`redzone.solver.ai.units`).

What makes a triggered ability local (:func:`local_trigger`; docs/ai.md "Coupling"): it
triggers in the declare blockers step (509.2) on an event of the permanent itself ("whenever
~ blocks / becomes blocked / blocks or becomes blocked / becomes blocked by a creature / attacks
and isn't blocked": bushido 702.45, flanking 702.25, rampage 702.23, afflict 702.130, frenzy
702.68), has no intervening "if" and no target, and what it does reaches only its own unit —
a pump or counters on the source, its blockers, the creatures it blocks, the creature of its
event — or a player's life or poison counters (a sum over units, as combat damage to a
player), counted per the source's own blockers at most (608.2h). Anything else — an attack
trigger (resolved before, in the attack window, whatever it does), a damage or "dies"
trigger, a target, tokens, abilities gained, destroy, tap, "for each attacking creature" —
makes the combat one unit (the search of :mod:`redzone.solver.ai.triggered` as before).

Why the units' results add up (:class:`UnitPlay`): the windows resolve local abilities whose
effects touch disjoint objects across units and add to the players' totals, so the order in
which two units' abilities resolve (APNAP, 603.3b, then last in first out, 608.2) changes
nothing but when a player's total crosses 0; a unit is played with every life total raised
(and poison lowered) by :data:`BOOST` so that nobody loses inside it, and whether a player
lost is judged on the combined totals at the three moments the game can end — after the
block window (afflict: 704.5a before any damage, 104.2a), after the first-strike step and
after the last step (510.4). The board's static abilities must not couple units either
(:func:`splits`: no combat-dependent power, no layer effect or condition, no damage
prevention, replacement, redirection or life floor, no loss shield, two players, no
planeswalker or battle attacked).

A unit's damage game (each legal assignment, 510.1; the attacking player's part first, the
defending player completing it, as :mod:`redzone.solver.ai.triggered`) is kept whole only
when it needs no choice: one distinct result (``flat``). At lookahead 0 the position's value
is the evaluation of the final state (``models.evaluation``): the players' part reads only
life and poison, each permanent's part only its own state, so when every result of a unit
has the same life and poison changes its choices change a sum of its own permanents' values
— the unit's minimax value on that sum picks its result (``reduced``), the joint game's
value being the monotone evaluation of the sum of the units' values. Otherwise
(:meth:`UnitPlay.result` ``None``) the block is played whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from redzone.models.board import Board
from redzone.models.damage_rules import damage_problem, remaining_steps
from redzone.models.outcome import DamageEvent, GameState, deal_damage, state_based_actions
from redzone.models.triggers.resolve import block_window, lazy_outcomes, triggers
from redzone.models.triggers.types import (Counters, LifeEffect, PoisonEffect, Pump, TriggeredAbility,
                                           ValueOnly)
from redzone.solver.ai.position import with_combat
from redzone.solver.ai.units import BOOST, boost, combat_units, lethal_classes

__all__ = ["BOOST", "UnitPlay", "UnitResult", "local_trigger", "splits", "units_of"]
_LOCAL_EVENTS = frozenset({"blocks", "becomes_blocked", "blocked_by", "blocks_or_blocked", "unblocked"})
_UNIT_OBJECTS = frozenset({"source", "blockers", "blocked", "trigger"})
_PLAYERS = frozenset({"you", "defending_player", "each_opponent"})
_LOCAL_AMOUNTS = frozenset({None, "blocker_beyond_first", "blocker"})


def local_trigger(t: TriggeredAbility) -> bool:
    """Whether ``t`` is local (module docstring): a declare-blockers trigger on the
    permanent's own event, without intervening "if", whose effects reach only its unit and
    the players' totals."""
    if t.event not in _LOCAL_EVENTS or t.watch.kind != "self" or t.intervening is not None:
        return False
    for e in t.effects:
        if isinstance(e, (Pump, Counters)):
            if e.who.kind not in _UNIT_OBJECTS or e.amount.per not in _LOCAL_AMOUNTS:
                return False
        elif isinstance(e, (LifeEffect, PoisonEffect)):
            # Only the defending player loses (afflict): a block window can then end the game
            # one way only, whatever order the units' abilities resolve in (104.2a).
            gain = isinstance(e, LifeEffect) and e.gain
            if (e.who.kind not in _PLAYERS or e.amount.per not in _LOCAL_AMOUNTS
                    or (not gain and e.who.kind != "defending_player")):
                return False
        elif not isinstance(e, ValueOnly):
            return False
    return True


def splits(board: Board, state: GameState, attackers: Mapping[str, str]) -> bool:
    """Whether the combat on ``board`` (the board the attack window left) after ``state``
    may be played in units (module docstring): two players, every attacker attacking a
    player, every triggered ability of the permanents still on the battlefield either an
    attack trigger (resolved already) or local, and nothing on the board coupling units."""
    from redzone.models.outcome import loss_shields

    if len(board.players) != 2 or board.has_combat_effects or state.commander_damage or state.lost:
        return False
    scenario: Any = board.scenario
    if getattr(scenario, "effects", None) or getattr(getattr(scenario, "combat", None), "bands", None):
        return False
    if not all(board.is_player(t) for t in attackers.values()):
        return False
    off = tuple(pid for pid in board.permanents if not state.on_battlefield(pid))
    key = (id(board.permanents), off)
    got = _SPLITS.get(key)
    if got is None or got[0] is not board.permanents:
        if len(_SPLITS) > 5_000:
            _SPLITS.clear()
        got = _SPLITS[key] = (board.permanents, _splits_board(board, state))
    return got[1] and not loss_shields(board, state)


_SPLITS: dict[tuple[int, tuple[str, ...]], tuple[Any, bool]] = {}
"""What :func:`splits` reads of the permanents (:func:`_splits_board`), by the permanents'
mapping (kept with it, so the id stays its own; the search never changes one in place) and
the ids that left the battlefield in the state."""


def _splits_board(board: Board, state: GameState) -> bool:
    """:func:`splits`' reading of the permanents: every triggered ability of those still on
    the battlefield an attack trigger or local, no delayed end-of-combat destroy, and no
    permanent coupling units (grants, prevention, redirection, life floors, layer effects,
    conditions)."""
    from redzone.solver.ai.facts import coupling_sources
    from redzone.models.triggers import resolve

    ends = (resolve._DESTROY_AT_END, resolve._EXILE_AT_END)  # pyright: ignore[reportPrivateUsage]
    granting = bool(resolve._grantors(board))  # pyright: ignore[reportPrivateUsage]
    for perm in board.permanents.values():
        if not state.on_battlefield(perm.id):
            continue
        if not granting:
            # (no grantor: its triggered abilities are its own, read once per permanent)
            if not own_local(perm):
                return False
            continue
        if any(perm.conditions.get(c) for c in ends):
            # A delayed "destroy / exile at end of combat" (603.7, 511.2): its state-based
            # actions are checked on the board the windows left, pumps included.
            return False
        for t in triggers(perm, board, state.on_battlefield):  # its own and granted (613.1f)
            if t.window != "attack" and not local_trigger(t):
                return False
    if coupling_sources(board):
        return False
    from redzone.models.conditions import condition_sources
    from redzone.models.layers import layer_sources

    return not layer_sources(board) and not condition_sources(board, changing=False)


def own_local(perm: Any) -> bool:
    """:func:`_splits_board`'s reading of one permanent when no permanent of its board grants
    triggered abilities (:func:`redzone.models.triggers.resolve.triggers` is then its own,
    613.1f): no delayed end-of-combat destroy or exile among its ``conditions``, and every
    triggered ability of its own an attack trigger or local. Kept by the permanent's id with
    the permanent (:data:`_OWN`): it reads only the permanent's own fields (its parsed text,
    names, counters, lost abilities and keywords, types, conditions), and the search never
    changes a permanent in place (a changed permanent is a new object: :data:`_SPLITS`,
    :data:`_PRINTS` rely on the same)."""
    got = _OWN.get(id(perm))
    if got is None or got[0] is not perm:
        from redzone.models.triggers import resolve

        ends = (resolve._DESTROY_AT_END, resolve._EXILE_AT_END)  # pyright: ignore[reportPrivateUsage]
        ok = not any(perm.conditions.get(c) for c in ends) and all(
            t.window == "attack" or local_trigger(t) for t in triggers(perm))
        if len(_OWN) > 20_000:
            _OWN.clear()
        got = _OWN[id(perm)] = (perm, ok)
    return got[1]


_OWN: dict[int, tuple[Any, bool]] = {}
"""id of a permanent -> (the permanent, :func:`own_local`'s answer); the permanent is kept
with it, so the id stays its own."""


def units_of(attackers: Mapping[str, str], blocks: Mapping[str, list[str]]
             ) -> list[tuple[tuple[tuple[str, str], ...], tuple[tuple[str, tuple[str, ...]], ...]]]:
    """The combat split into units: attackers joined when one creature blocks several of
    them (509.1a), each with its blockers; in a canonical form (sorted), usable as a key."""
    by: dict[str, list[str]] = {}
    for b, lst in blocks.items():
        if len(lst) > 1:
            return combat_units(attackers, blocks)  # (a creature blocking several: joined)
        if lst:
            by.setdefault(lst[0], []).append(b)
    # (each blocker blocks one attacker: one unit per attacker, as combat_units lists them)
    return [(((a, t),), tuple((b, (a,)) for b in sorted(by.get(a, ())))) for a, t in attackers.items()]


@dataclass
class UnitResult:
    """One unit played out: its state after the block window (``window``), after the
    first-strike step (``first``: ``window`` when the unit has no first-strike step),
    at the end (``end``); its own steps and the assignment of each; its permanents."""

    window: GameState
    first: GameState
    end: GameState
    steps: tuple[str, ...]
    assignments: tuple[dict[str, dict[str, int]], ...]
    perms: tuple[str, ...]
    start: GameState
    """The (boosted) state the unit was played from: the three states are read as changes
    from it (:meth:`UnitPlay.combine`)."""
    tree: Any = None
    """``None`` when the unit's result is settled; else its damage game (choices left:
    :meth:`UnitPlay._damage`'s tree), the states above being one of its leaves'."""


_PRINTS: dict[int, tuple[Any, tuple[Any, ...]]] = {}
"""id of a permanent -> (the permanent, its fields as :meth:`UnitPlay._content` reads them);
the permanent is kept with them, so the id stays its own."""


class UnitPlay:
    """The units of one position — ``board`` (after the attack window), ``state`` (after
    it), ``attackers`` — played and kept by unit (:meth:`result`). ``score``: a
    permanent's attacker-view value in a state (``None``: no reduction, lookahead 1)."""

    def __init__(self, board: Board, state: GameState, attackers: Mapping[str, str],
                 score: Any | None, shared: dict[Any, Any] | None = None, context: Any = None) -> None:
        self.board = board
        self.state = state
        self.attackers = dict(attackers)
        self.score = score
        self.shared = shared
        """Units' results kept across the positions of one question by everything a unit's
        play reads (:meth:`_content`), under ``context`` (the game's sign and lookahead)."""
        self.context = context
        self.start = boost(state.copy())  # (no commander damage here: splits)
        self._got: dict[Any, UnitResult | None] = {}

    def result(self, unit: Any) -> UnitResult | None:
        """The unit's result (class docstring; its ``tree`` set when choices are left in
        its damage game), or ``None`` when its block window needs a choice."""
        if unit in self._got:
            return self._got[unit]
        key = self._content(unit) if self.shared is not None else None
        if key is not None and self.shared is not None and key in self.shared:
            got = self.shared[key][0]
        else:
            got = self._play(unit)
            if key is not None and self.shared is not None:
                if len(self.shared) > 50_000:
                    self.shared.clear()
                # (the permanents are kept with the result: the ids in the key stay theirs)
                self.shared[key] = (got, [self.board.permanents[p] for u in unit for p, _ in u])
        self._got[unit] = got
        return got

    def known(self, unit: Any) -> UnitResult | None:
        """:meth:`result` when the unit was played already (in this position or, by
        :meth:`_content`, in another of the question's); else ``None``, without playing it."""
        if unit in self._got:
            return self._got[unit]
        key = self._content(unit) if self.shared is not None else None
        if key is None or self.shared is None or key not in self.shared:
            return None
        got = self._got[unit] = self.shared[key][0]
        return got

    def _content(self, unit: Any) -> Any:
        """A key of everything the unit's play reads: the rules, the attacking player, the
        scenario's damage assignment orders, the unit, each of its permanents' fields (an
        unhashable field by identity: the permanent is kept with the result), its triggered
        abilities (those other permanents grant it included) and its marked damage and
        counters in the state, and :attr:`context`. The players' totals
        are not read (the unit is played with them raised, :data:`BOOST`; its results are
        changes). ``None``: not kept."""
        import dataclasses

        board, st = self.board, self.state
        order = getattr(getattr(board.scenario, "combat", None), "damage_order", None) or {}
        from redzone.models.triggers.resolve import _grantors  # pyright: ignore[reportPrivateUsage]

        granting = bool(_grantors(board))
        perms = []
        for part in unit:
            for pid, _ in part:
                perm = board.permanents[pid]
                got = _PRINTS.get(id(perm))
                if got is None or got[0] is not perm:
                    fields = []
                    for f in dataclasses.fields(perm):
                        v = getattr(perm, f.name)
                        try:
                            hash(v)
                        except TypeError:
                            v = (id(v),) if not isinstance(v, dict) else tuple(sorted(v.items()))
                        fields.append(v)
                    if len(_PRINTS) > 20_000:
                        _PRINTS.clear()
                    got = _PRINTS[id(perm)] = (perm, tuple(fields))
                # (its triggered abilities with the board's grants: a grantor elsewhere, 613.1f;
                # without a grantor they are its fields')
                perms.append((pid, got[1], triggers(perm, board) if granting else (), st.damage.get(pid, 0),
                              tuple(sorted(st.counters.get(pid, {}).items())),
                              st.minus_added.get(pid, 0), st.plus_added.get(pid, 0)))
        try:
            key = (self.context, board.rules, board.active_player, unit, tuple(perms),
                   tuple(sorted((k, tuple(v)) for k, v in order.items())))
            hash(key)
        except TypeError:
            return None
        return key

    def _play(self, unit: Any) -> UnitResult | None:
        att = dict(unit[0])
        blocks = {b: list(a) for b, a in unit[1]}
        perms = tuple(att) + tuple(blocks)
        board = with_combat(self.board, att, blocks)
        # Played on the unit's own permanents (and the players, and the permanents granting
        # triggered keywords, 613.1f: what they grant is the unit's): nothing else on the
        # board reaches it — no static grant, damage prevention, replacement or redirection,
        # life floor, layer effect or condition, and every triggered ability left is local
        # (splits) —, and the damage and state-based actions then look at its creatures only.
        import dataclasses

        from redzone.models.triggers.resolve import _grantors  # pyright: ignore[reportPrivateUsage]

        keep = set(perms) | {src.id for src, _, _ in _grantors(board)}
        board = dataclasses.replace(board, permanents={pid: p for pid, p in board.permanents.items() if pid in keep},
                                    _grants=None, _index=None)
        tree = lazy_outcomes(lambda ch: block_window(board, self.start.copy(), att, blocks, ch))
        if tree.outcome is None:
            return None  # a choice in the block window
        o = tree.outcome
        if dict(o.attackers) != att:
            return None
        cur, window = o.board, o.state
        steps = tuple(remaining_steps(cur, window))
        leaves: list[tuple[GameState, GameState, tuple[dict[str, dict[str, int]], ...]]] = []
        tree2 = self._damage(cur, steps, 0, window, [], window, (), leaves)
        if len({self._key(x[1], perms) + self._key(x[0], perms) for x in leaves}) == 1:
            end, first, done = leaves[0]
            return UnitResult(window, first, end, steps, done, perms, self.start)
        life = {self._life(x[1]) + self._life(x[0]) for x in leaves}
        if self.score is None or len(life) != 1:
            end, first, done = leaves[0]
            return UnitResult(window, first, end, steps, done, perms, self.start, tree2)
        _, pick = self._minimax(tree2, perms)
        end, first, done = pick
        return UnitResult(window, first, end, steps, done, perms, self.start)

    def _damage(self, cur: Board, steps: tuple[str, ...], i: int, state: GameState, dealt: list[str],
                first: GameState, done: tuple[dict[str, dict[str, int]], ...],
                leaves: list[Any]) -> Any:
        """The unit's damage game from step ``i``: ``("max", [("min", [...])])`` nodes (the
        attacking player's part, the defending player's completions) over leaves
        (end state, first-strike state, assignments), each leaf also put in ``leaves``."""
        if i == len(steps):
            leaf = (state, first, done)
            leaves.append(leaf)
            return leaf
        from redzone.solver.ai.triggered import _legal_damage

        step: Any = steps[i]
        problem = damage_problem(cur, step, state=state, first_strike_dealt=dealt)
        ap = self.board.active_player
        mine = {s.id for s in problem.sources if s.decider == ap}
        found = lethal_classes(self.board, problem) if i == len(steps) - 1 else None
        classify = None if found is None else found[1]
        groups: dict[Any, list[dict[str, dict[str, int]]]] = {}
        listed = _class_walk(problem, found) if found is not None else None
        if listed is None:
            listed = _legal_damage(problem)
            if classify is not None:
                seen: set[Any] = set()
                firsts = []
                for a in listed:
                    cls = tuple(sorted(x for s, row in a.items() for x in classify(s, row)))
                    if cls not in seen:  # else the same result as an assignment listed already
                        seen.add(cls)
                        firsts.append(a)
                listed = firsts
        for a in listed:
            key = tuple(sorted((s, tuple(sorted(r.items()))) for s, r in a.items() if s in mine))
            groups.setdefault(key, []).append(a)
        nxt = list(dealt)
        if step == "first-strike":
            nxt.extend(s.id for s in problem.sources if s.id not in nxt)
        out = []
        for completions in groups.values():
            row = []
            for a in completions:
                s2 = state.copy()
                deal_damage(cur, s2, [DamageEvent(s, r, n) for s, rr in a.items() for r, n in rr.items()],
                            combat=True)
                state_based_actions(cur, s2)
                row.append(self._damage(cur, steps, i + 1, s2, nxt, s2 if step == "first-strike" else first,
                                        done + (a,), leaves))
            out.append(("min", row))
        return ("max", out)

    def _minimax(self, node: Any, perms: tuple[str, ...]) -> tuple[int, Any]:
        if not isinstance(node[0], str):  # a leaf: (end state, first-strike state, assignments)
            end, score = node[0], self.score
            assert score is not None
            return sum(score(pid, end) for pid in perms), node
        best: tuple[int, Any] | None = None
        for child in node[1]:
            v = self._minimax(child, perms)
            if best is None or (v[0] > best[0] if node[0] == "max" else v[0] < best[0]):
                best = v
        assert best is not None
        return best

    def _life(self, s: GameState) -> Any:
        return (tuple(sorted(s.life.items())), tuple(sorted(s.poison.items())))

    def _key(self, s: GameState, perms: tuple[str, ...]) -> Any:
        return (self._life(s), tuple(sorted(s.gained.items())), tuple(x for x in s.destroyed if x in perms),
                tuple((p, s.damage.get(p, 0), tuple(sorted(s.counters.get(p, {}).items())),
                       s.minus_added.get(p, 0), s.plus_added.get(p, 0)) for p in perms))

    # ------------------------------------------------------------------ combining

    def ends(self, parts: list[GameState], results: list[UnitResult]) -> bool:
        """Whether the combined totals of ``parts`` (as :meth:`combine`'s) make a player lose:
        0 or less life, 10 or more poison counters (704.5a, 704.5c; no loss shield here,
        :func:`splits`), as the trigger search reads the combined state."""
        for p, life in self.state.life.items():
            if life + sum(st.life[p] - r.start.life[p] for st, r in zip(parts, results)) <= 0:
                return True
        for p, poison in self.state.poison.items():
            if poison + sum(st.poison[p] - r.start.poison[p] for st, r in zip(parts, results)) >= 10:
                return True
        return False

    def combine(self, parts: list[GameState], results: list[UnitResult]) -> GameState:
        """The position's state with each unit's ``parts[k]`` (a state of unit
        ``results[k]``, played from its boosted start) over its permanents: life, poison and
        life gained add up as changes from that start; each permanent's damage, counters and
        departure are its unit's."""
        base = self.state
        out = base.copy()
        for st, r in zip(parts, results):
            start, ps = r.start, r.perms
            n0 = len(start.destroyed)
            for p in out.life:
                out.life[p] += st.life[p] - start.life[p]
            for p in out.poison:
                out.poison[p] += st.poison[p] - start.poison[p]
            for p, g in st.gained.items():
                d = g - start.gained.get(p, 0)
                if d:
                    out.gained[p] = out.gained.get(p, 0) + d
            for pid in ps:
                out.damage[pid] = st.damage.get(pid, 0)
                if pid in st.counters:
                    out.counters[pid] = dict(st.counters[pid])
                if pid in st.minus_added:
                    out.minus_added[pid] = st.minus_added[pid]
                if pid in st.plus_added:
                    out.plus_added[pid] = st.plus_added[pid]
            for pid in st.destroyed[n0:]:
                out.destroyed.append(pid)
                out.reasons[pid] = st.reasons.get(pid, "destroyed")
        return out


def _classes(board: Board, problem: Any) -> Any:
    """For the last damage step of a unit: a function (source, its row of amounts) -> that
    source's part of an assignment's class, two assignments of one class dealing the same
    result; ``None`` when that can't be guaranteed (a creature already dealt lethal damage).
    An amount to a creature only one source may damage, from a source without wither,
    infect or lifelink, counts as 0, some but less than lethal, or lethal (its need; 1 from a
    deathtouch source, 702.2c): no step follows, so marked damage matters only as lethal or
    not (704.5g; nothing prevents or replaces damage here, :func:`splits`); any other amount
    is kept itself (-1/-1 counters, poison and life gained count every point, 702.80a,
    702.90b-c, 702.15b; joint lethal damage, 510.1c-d; a player)."""
    found = lethal_classes(board, problem)
    return None if found is None else found[1]


def _class_walk(problem: Any, found: Any) -> list[dict[str, dict[str, int]]] | None:
    """One legal assignment per result of a last damage step (``found``: the
    ``(thresholds, classify)`` of :func:`~redzone.solver.ai.units.lethal_classes`), in the
    order :func:`redzone.solver.ai.triggered._legal_damage` lists them first, without
    listing the others: a class is one part per source, so the classes are the product of
    each source's parts and the first assignment of a class in listing order (a product
    over the sources, component by component, of each source's splits in
    :func:`~redzone.solver.reference._compositions` order) is made of each source's first
    split of its class; legality (510.1c-d, 702.19b) reads only the class, so one
    representative is judged for all. Two classes that differ only in "some but less than
    lethal" against "none" to a creature (no step follows: it survives either way, and its
    marked damage is removed in cleanup, 514.2, read by nothing in between) give one
    result: the first legal one stands for both, as
    :meth:`redzone.solver.ai.units.UnitGames._assignments` does. ``None`` when the listing
    would pass :data:`~redzone.solver.reference.DAMAGE_BOUND` (the caller's listing
    raises then)."""
    import itertools

    from redzone.models.damage_problem import damage_violations
    from redzone.solver.reference import DAMAGE_BOUND, _compositions, _damage_components, damage_search_space

    if damage_search_space(problem) > DAMAGE_BOUND:
        return None
    thresholds, classify = found
    by_id = {s.id: s for s in problem.sources}
    per_source: list[list[tuple[tuple[Any, ...], str, dict[str, int]]]] = []
    for comp in _damage_components(problem):
        for sid in [s.id for s in problem.sources if s.id in set(comp)]:
            src = by_id[sid]
            firsts: dict[tuple[Any, ...], dict[str, int]] = {}
            for split in _compositions(src.amount, len(src.recipients)):
                row = {r: n for r, n in zip(src.recipients, split) if n}
                firsts.setdefault(classify(sid, row), row)
            per_source.append([(cls, sid, row) for cls, row in firsts.items()])
    seen: set[Any] = set()
    out = []
    for choice in itertools.product(*per_source):
        result = tuple(sorted(x for c, _, _ in choice for x in c if not (x[2] == 1 and (x[0], x[1]) in thresholds)))
        if result in seen:
            continue
        a = {sid: row for _, sid, row in choice if row}
        if damage_violations(problem, a):
            continue
        seen.add(result)
        out.append(a)
    return out


def replay(board: Board, attackers: Mapping[str, str], state: GameState, blocks: Mapping[str, list[str]],
           results: list[UnitResult]) -> list[tuple[Any, ...]]:
    """The line of a block played in units, replayed on the whole board (for the answer:
    the triggered abilities in the order they resolve, 603.3b, 608.2; each step's
    assignment, the units' merged; the end board and state): ``("block", resolved)``,
    ``("step", step, assignment)`` ..., ``("end", board, state)``."""
    from redzone.models.leaving import losers_leave

    def over(st: GameState) -> bool:
        return bool(st.lost) or any(st.life.get(p.name, 1) <= 0 or st.poison.get(p.name, 0) >= 10
                                    for p in board.players)

    b2 = with_combat(board, attackers, blocks)
    st = state.copy()
    o = block_window(b2, st, attackers, blocks)
    out: list[tuple[Any, ...]] = [("block", tuple(o.resolved))]
    cur, st = o.board, o.state
    steps = ("first-strike", "regular") if any(len(r.steps) == 2 for r in results) else ("regular",)
    for k, step in enumerate(steps):
        if over(st):
            break
        merged: dict[str, dict[str, int]] = {}
        for r in results:
            if len(r.steps) == len(steps):
                merged.update(r.assignments[k])
            elif step == "regular":
                merged.update(r.assignments[0])
        deal_damage(cur, st, [DamageEvent(s, x, n) for s, row in merged.items() for x, n in row.items()],
                    combat=True)
        state_based_actions(cur, st)
        losers_leave(cur, st)
        out.append(("step", step, merged))
    out.append(("end", cur, st))
    return out
