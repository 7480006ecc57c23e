"""The CP-SAT model of the declare-blockers decision (CR 509.1), read from a BlockProblem.

Split from :mod:`redzone.solver.block.solve` (which plans, checks and enumerates with it):

- the allowed (blocker, attacker) pairs (509.1a-b) and the reductions that drop pairs which
  can never matter (:func:`_pairs`, :func:`_reduce`, :func:`_prune_for_threshold`);
- :class:`_BlockModel`: one Boolean ``x[b, a]`` per pair, blocker capacities (509.1a), every
  group restriction a hard constraint (509.1b), every requirement instance an "obeyed" term
  (509.1c), block costs bounded by the mana (509.1d-f);
- the plan's tie-break objective, written straight into the proto.

ortools is imported lazily inside :class:`_BlockModel`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import groupby
from typing import Any, NamedTuple

from redzone.models.block_problem import (
    AllOrNothing,
    BlockerCap,
    BlockerNotAlone,
    BlockProblem,
    BlockRequirement,
    GreaterPowerBlocker,
    MaxBlockers,
    MinBlockers,
    MinOtherBlockers,
)
from redzone.models.errors import ScenarioError
from redzone.models.limits import check_time
from redzone.solver._cpsat import new_bools, new_model

_PRECISION_LIMIT = 2**52
"""Largest objective magnitude for which the plan's weighted objective stays exact."""


# ---------------------------------------------------------------------------- input checks


def _validate(problem: BlockProblem) -> None:
    """Reject numbers the rules can't produce (ScenarioError naming the field)."""
    if problem.mana < 0:
        raise ScenarioError("mana", f"available mana must be 0 or more, got {problem.mana}")
    for b, amount in problem.blocker_costs.items():
        if amount < 0:
            raise ScenarioError(f"blocker_costs[{b}]", f"a block cost must be 0 or more, got {amount}")
    for (b, a), amount in problem.pair_costs.items():
        if amount < 0:
            raise ScenarioError(f"pair_costs[{b}, {a}]", f"a block cost must be 0 or more, got {amount}")
    for b, cap in problem.capacity.items():
        if cap is not None and cap < 1:
            raise ScenarioError(f"capacity[{b}]", f"a blocker blocks at least 1 creature, got {cap}")
    for r in problem.restrictions:
        if isinstance(r, BlockerCap) and r.maximum < 0:
            raise ScenarioError("restrictions", f"{r.source}: the blocker cap must be 0 or more, got {r.maximum}")
        if isinstance(r, (MinBlockers, MaxBlockers)) and (getattr(r, "minimum", 0) < 0
                                                          or getattr(r, "maximum", 0) < 0):
            raise ScenarioError("restrictions", f"{r.source}: blocker counts must be 0 or more")
    for q in problem.requirements:
        if q.blocker is None and q.attacker is None:
            raise ScenarioError("requirements", f"{q.source}: a requirement names a blocker or an attacker")
        if q.minimum < 1 or (q.maximum is not None and q.maximum < q.minimum):
            raise ScenarioError("requirements",
                                f"{q.source}: blocker counts must satisfy 1 <= minimum <= maximum")


# ---------------------------------------------------------------------------- pairs


class _Pair(NamedTuple):
    """An allowed (blocker, attacker) pair; ``bi``/``ai`` are positions in the problem. A
    named tuple: a 200-a-side board lists about 10,000 of them, and a frozen dataclass takes
    several times as long to create."""

    blocker: str
    attacker: str
    bi: int
    ai: int
    cost: int
    life: int = 0


def _pairs(problem: BlockProblem, *, paid: bool, reduce: bool = False) -> list[_Pair]:
    """Allowed pairs in (blocker position, attacker position) order (509.1a-b).

    With ``paid=False`` only free pairs (costs are never forced when computing M, 509.1c-d);
    with ``paid=True`` also pairs whose own cost (the blocker's plus the pair's) fits in the
    mana. Ids that are not a blocker or attacker of the problem are dropped. ``reduce=True``
    applies :func:`_reduce` while listing, so the pairs it would drop are never built.
    """
    attackers = problem.attackers
    aindex = {a: j for j, a in reversed(list(enumerate(attackers)))}
    mana = problem.mana
    life = problem.life  # 119.4: life paid with Phyrexian mana at most the life total
    # Each blocker's taxed pairs by attacker position: [mana, life].
    taxed: dict[str, dict[int, list[int]]] = {}
    for k, table in enumerate((problem.pair_costs, problem.pair_life_costs)):
        for (b, a), amount in table.items():
            j = aindex.get(a)
            if j is not None and amount:
                taxed.setdefault(b, {}).setdefault(j, [0, 0])[k] = amount
    roles = _Positions(problem, aindex) if reduce else None
    out: list[_Pair] = []
    seen: set[str] = set()
    for i, b in enumerate(problem.blockers):
        if i & 63 == 0:
            check_time("building the block model")
        if b in seen:
            continue
        seen.add(b)
        own = problem.blocker_costs.get(b, 0)
        own_life = problem.blocker_life_costs.get(b, 0)
        if (own > 0 or own_life > 0) and (not paid or own > mana or own_life > life):
            continue
        js = sorted({aindex[a] for a in problem.allowed.get(b, ()) if a in aindex})
        mine = taxed.get(b)
        if mine:
            listed = []
            for j in js:
                cost, lcost = mine.get(j, (0, 0))
                if (cost > 0 or lcost > 0) and (not paid or own + cost > mana or own_life + lcost > life):
                    continue
                listed.append((j, cost, lcost))
        else:
            listed = [(j, 0, 0) for j in js]
        if roles is not None:
            listed = roles.kept(b, problem.capacity_of(b), listed)
        out.extend(_Pair(b, attackers[j], i, j, cost, lcost) for j, cost, lcost in listed)
    return out if roles is None else roles.kept_attackers(out)


class _Positions:
    """What the requirements (509.1c) and restrictions (509.1b) say about each attacking
    creature, by attacker position, and the steps of :func:`_reduce` over them."""

    def __init__(self, problem: BlockProblem, aindex: Mapping[str, int]) -> None:
        held: set[int] = set()  # a blocker may not just stop blocking it (minimum,
        # all-or-nothing, a requirement on its blocker count)
        bound: set[int] = set()  # a blocker may not just start blocking it (held, maximum)
        wanted: set[int] = set()  # some requirement names it
        self.coef: dict[str, dict[int, int]] = {}  # "b blocks a if able" instances
        # Blockers with a "blocks each combat if able" requirement (509.1c).
        self.each: set[str] = {q.blocker for q in problem.requirements
                               if q.blocker is not None and q.attacker is None}
        # Whether a creature that stops blocking can make another's block illegal (509.1b:
        # "can't block alone", "unless N others block", "unless a stronger creature blocks").
        self.leaning = any(isinstance(r, (BlockerNotAlone, MinOtherBlockers, GreaterPowerBlocker))
                           for r in problem.restrictions)
        for r in problem.restrictions:
            j = aindex.get(getattr(r, "attacker", None) or "")
            if j is not None:
                bound.add(j)
                if not isinstance(r, MaxBlockers):
                    held.add(j)
        for q in problem.requirements:
            j = aindex.get(q.attacker or "")
            if j is None:
                continue
            wanted.add(j)
            if q.blocker is not None:
                per = self.coef.setdefault(q.blocker, {})
                per[j] = per.get(j, 0) + 1
            else:
                held.add(j)
                bound.add(j)
        self.held, self.bound, self.wanted = held, bound, wanted

    def kept(self, b: str, cap: int | None, listed: list[tuple[int, int, int]]
             ) -> list[tuple[int, int, int]]:
        """Blocker ``b``'s (position, mana, life) entries, by position, that the first
        step of :func:`_reduce` keeps."""
        coef = self.coef.get(b, {})
        bound, held = self.bound, self.held
        found: dict[int, int] = {}
        last: dict[int, int] = {}  # coefficient -> position of its last target
        for j, cost, lcost in listed:
            if j in bound or cost or lcost:
                continue
            c = coef.get(j, 0)
            need = 1 if c == 0 else cap
            if need is None or c in last:
                continue
            found[c] = found.get(c, 0) + 1
            if found[c] == need:
                last[c] = j
                if len(last) == 1 + len(set(coef.values())):
                    break
        if not last:
            return listed
        kept = []
        for e in listed:
            j = e[0]
            if j not in held and not e[1] and not e[2]:
                t = last.get(coef.get(j, 0))
                if t is not None and j > t:
                    continue
            kept.append(e)
        return kept

    def kept_attackers(self, pairs: list[_Pair]) -> list[_Pair]:
        """The second step of :func:`_reduce` over every blocker's kept pairs."""
        target: dict[str, int] = {}
        for p in pairs:
            if (p.blocker not in target and p.ai not in self.bound and not p.cost and not p.life
                    and p.ai not in self.coef.get(p.blocker, ())):
                target[p.blocker] = p.ai
        unneeded: dict[int, bool] = {}
        for p in pairs:
            j = p.ai
            if j in self.bound and j not in self.wanted:
                unneeded[j] = (unneeded.get(j, True) and not p.cost and not p.life
                               and target.get(p.blocker, j) < j)
        if any(unneeded.values()):
            pairs = [p for p in pairs if not unneeded.get(p.ai, False)]
        return self._kept_unasked(pairs, target)

    def _kept_unasked(self, pairs: list[_Pair], target: Mapping[str, int]) -> list[_Pair]:
        """The third step of :func:`_reduce`: of an attacker that only restricts its
        blockers, the pairs of blockers with no "blocks each combat" requirement go."""
        if self.leaning:
            return pairs
        # Attacker position -> whether each of its possible blockers that must block each
        # combat has a target to move to.
        movable: dict[int, bool] = {}
        for p in pairs:
            j = p.ai
            if j in self.bound and j not in self.wanted:
                movable[j] = movable.get(j, True) and (p.blocker not in self.each
                                                       or p.blocker in target)
        if not any(movable.values()):
            return pairs
        return [p for p in pairs if p.blocker in self.each or not movable.get(p.ai, False)]


def _obeyable(problem: BlockProblem, pairs: list[_Pair]) -> bool:
    """Whether some requirement could be obeyed with these pairs (else M is 0, 509.1c)."""
    have = {(p.blocker, p.attacker) for p in pairs}
    blocking = {p.blocker for p in pairs}
    for r in problem.requirements:
        if r.blocker is not None and r.attacker is not None:
            if (r.blocker, r.attacker) in have:
                return True
        elif r.blocker is not None:
            if r.blocker in blocking:
                return True
        elif r.attacker is not None:
            n = sum(1 for p in pairs if p.attacker == r.attacker and (r.by is None or p.blocker in r.by))
            if n >= r.minimum:
                return True
    return False


def _reduce(problem: BlockProblem, pairs: list[_Pair]) -> list[_Pair]:
    """Drop free pairs that no block maximising the requirements obeyed and then minimising
    (pairs, rank sum) uses, and that no block obeying k requirements needs (an exchange gives
    one as good without them). ``pairs`` in (blocker, attacker) position order.

    Take a free pair (b, a) with ``c`` requirement instances "b blocks a if able" (509.1c),
    where ``a`` is named by no requirement on its blocker count and by no minimum or
    all-or-nothing restriction (509.1b): b may stop blocking it and nothing else changes
    but those ``c`` instances. A *target* of b for ``c`` is a free pair (b, a') with the
    same ``c`` whose attacker no restriction or count requirement names at all: b may start
    blocking it freely. Then:

    - ``c = 0``: if b has a target before ``a``, moving b from ``a`` to its first target
      (or just leaving ``a``, when b blocks that target already) keeps every requirement
      and restriction, whether b blocks at all, and the number of pairs, and lowers the
      rank sum; so (b, a) is dropped.
    - ``c > 0`` and b may block at most ``k`` creatures: if b has ``k`` targets before
      ``a``, one of them is unused whenever b blocks ``a``, and moving there keeps the
      requirements obeyed, the pairs, and lowers the rank sum; so (b, a) is dropped.

    - An attacker that no requirement names but a restriction does (a minimum or maximum
      number of blockers, all-or-nothing): if every creature that may block it has a
      target before it, moving all its blockers to their first targets leaves it unblocked
      (which no restriction forbids) and keeps everything else, with a lower rank sum; so
      all its pairs are dropped.

    - An attacker that no requirement names but a restriction does, when no restriction
      makes one creature's block depend on another's blocking (can't block alone, unless N
      others or a stronger creature block): if every creature able to block it that must
      block each combat if able has a target (any position), the pairs of the creatures
      that need not block each combat go. In a block where such a creature blocks it,
      removing every blocker of that attacker and sending those that must block each
      combat to their targets keeps every requirement obeyed and every restriction kept,
      and has fewer pairs (that creature's is gone): never a best block.

    (Each blocker thus keeps its earliest pair with an attacker nothing names, as before;
    of several "must block if able" attackers of the same weight only its earliest ``k``;
    and menace or "can't be blocked by more than N" attackers that nothing asks to block
    are usually gone.) Used for planning and deciding, never for enumerating or checking.
    """
    aindex = {a: j for j, a in reversed(list(enumerate(problem.attackers)))}
    roles = _Positions(problem, aindex)
    out: list[_Pair] = []
    for b, group in groupby(pairs, key=lambda p: p.blocker):
        ps = {p.ai: p for p in group}
        listed = roles.kept(b, problem.capacity_of(b), [(p.ai, p.cost, p.life) for p in ps.values()])
        out.extend(ps[j] for j, _, _ in listed)
    return roles.kept_attackers(out)


def _prune_for_threshold(problem: BlockProblem, pairs: list[_Pair], threshold: int
                         ) -> list[_Pair] | None:
    """The pairs a block obeying at least ``threshold`` requirement instances (509.1c) can
    use, or ``None`` when no block over ``pairs`` can obey that many.

    Upper bounds, as in :meth:`_BlockModel._requirements`: a blocker obeys at most its
    ``capacity`` best pair requirements plus its "blocks each combat" ones; a requirement on
    an attacker's blocker count is obeyed at most once per instance, and not at all when too
    few pairs are left to reach its minimum. ``U`` is their sum and ``slack = U - threshold``.
    A blocker that may block one creature and obeys ``v`` through pair (b, a) (its
    requirements for that pair plus its "blocks each combat" ones) loses ``bound_b - v``
    against its bound; when that exceeds the slack, every block using the pair obeys fewer
    than ``threshold``, so the pair is dropped. Repeated until nothing changes (a dropped pair
    can make a count requirement unobeyable, which lowers ``U``).

    Exact for the decision "does some block obey at least ``threshold``?" and for every
    question asked among such blocks (the tie-break stage of a plan): no block obeying that
    many uses a dropped pair. On the exact-cover instances of benchmarks/ (threshold = U)
    it leaves each element only its sets, so the model becomes plain exact cover.
    """
    coef: Counter[tuple[str, str]] = Counter()
    blocking: Counter[str] = Counter()
    counted: Counter[tuple[str, int, int | None, frozenset[str] | None]] = Counter()
    present = {(p.blocker, p.attacker) for p in pairs}
    has_pair = {p.blocker for p in pairs}
    for r in problem.requirements:
        if r.blocker is not None and r.attacker is not None:
            if (r.blocker, r.attacker) in present:
                coef[(r.blocker, r.attacker)] += 1
        elif r.blocker is not None:
            if r.blocker in has_pair:
                blocking[r.blocker] += 1
        elif r.attacker is not None:
            counted[(r.attacker, r.minimum, r.maximum, r.by)] += 1
    while True:
        by_blocker: dict[str, list[_Pair]] = {}
        by_attacker: dict[str, list[_Pair]] = {}
        for p in pairs:
            by_blocker.setdefault(p.blocker, []).append(p)
            by_attacker.setdefault(p.attacker, []).append(p)
        bound: dict[str, int] = {}
        total = 0
        for b, ps in by_blocker.items():
            cap = problem.capacity_of(b)
            best = sorted((coef[(b, p.attacker)] for p in ps), reverse=True)
            bound[b] = sum(best if cap is None else best[:cap]) + blocking[b]
            total += bound[b]
        for (a, lo, _hi, by), n in counted.items():
            able = sum(1 for p in by_attacker.get(a, ()) if by is None or p.blocker in by)
            if able >= lo:
                total += n
        slack = total - threshold
        if slack < 0:
            return None
        kept = [p for p in pairs
                if problem.capacity_of(p.blocker) != 1
                or bound[p.blocker] - coef[(p.blocker, p.attacker)] - blocking[p.blocker] <= slack]
        if len(kept) == len(pairs):
            return pairs
        pairs = kept


# ---------------------------------------------------------------------------- the model


class _BlockModel:
    """The CP-SAT model over a list of pairs (see the module docstring)."""

    def __init__(self, problem: BlockProblem, pairs: list[_Pair], *, exact: bool = False) -> None:
        """``exact``: make every auxiliary "obeyed" Boolean equal to its meaning (needed when
        enumerating); otherwise it is only bounded above, which suffices when maximising."""
        from ortools.sat.python import cp_model

        self.cp = cp_model
        self.exact = exact
        self.problem = problem
        self.pairs = pairs
        m = self.model = new_model()
        self.x = new_bools(m, len(pairs))
        self.index = {(p.blocker, p.attacker): k for k, p in enumerate(pairs)}
        self.by_blocker: dict[str, list[int]] = {}
        self.by_attacker: dict[str, list[int]] = {}
        for k, p in enumerate(pairs):
            self.by_blocker.setdefault(p.blocker, []).append(k)
            self.by_attacker.setdefault(p.attacker, []).append(k)
        self._y: dict[str, Any] = {}
        self._z: dict[str, Any] = {}
        self._total: Any = None

        # CR 509.1a: a creature blocks one attacking creature, or as many as card text allows
        # ("can block an additional creature", "any number of creatures").
        for i, (b, ks) in enumerate(self.by_blocker.items()):
            if i & 63 == 0:
                check_time("building the block model")  # 500 a side: seconds (issue 25 §1)
            cap = problem.capacity_of(b)
            if cap is None or len(ks) <= cap:
                continue
            if cap == 1:
                m.add_at_most_one(self.x[k] for k in ks)
            else:
                m.add(cp_model.LinearExpr.sum([self.x[k] for k in ks]) <= cap)

        for i, r in enumerate(problem.restrictions):
            if i & 15 == 0:
                check_time("building the block model")
            self._restriction(r)
        self.obeyed_vars, self.obeyed_coefs = self._requirements(problem.requirements)

        def budget(per_blocker: Mapping[str, int], per_pair: list[int], limit: int) -> None:
            # sum(cost_b * blocks_b) + sum(cost_k * x_k) <= limit, posted only when it can bind.
            terms: list[Any] = []
            coefs: list[int] = []
            for b in self.by_blocker:
                c = per_blocker.get(b, 0)
                if c > 0:
                    terms.append(self.blocks(b))
                    coefs.append(c)
            for k, c in enumerate(per_pair):
                if c > 0:
                    terms.append(self.x[k])
                    coefs.append(c)
            if terms and sum(coefs) > limit:
                m.add(cp_model.LinearExpr.weighted_sum(terms, coefs) <= limit)

        # CR 509.1d-f: the total of all block costs (each blocking creature's own cost once,
        # plus each taxed pair) is locked in and paid in full from the defending player's mana.
        budget(problem.blocker_costs, [p.cost for p in pairs], problem.mana)
        # CR 119.4, 107.4f: Phyrexian mana paid with life: the life paid in total is at most
        # the defending player's life total: sum(life_k * x_k) <= life.
        budget(problem.blocker_life_costs, [p.life for p in pairs], max(0, problem.life))

    # ---------------------------------------------------------------- helper variables

    def _or(self, ks: list[int]) -> Any:
        """A Boolean equal to "some x[k] is 1" (exact both ways)."""
        if len(ks) == 1:
            return self.x[ks[0]]
        v = self.model.new_bool_var("")
        for k in ks:
            self.model.add_implication(self.x[k], v)
        self.model.add_bool_or([self.x[k] for k in ks]).only_enforce_if(v)
        return v

    def blocks(self, blocker: str) -> Any:
        """Boolean: ``blocker`` blocks some attacker (509.1g). The blocker must have a pair."""
        v = self._y.get(blocker)
        if v is None:
            ks = self.by_blocker[blocker]
            if len(ks) > 1 and self.problem.capacity_of(blocker) == 1:
                v = self.model.new_bool_var("")
                self.model.add(self.cp.LinearExpr.sum([self.x[k] for k in ks]) == v)
            else:
                v = self._or(ks)
            self._y[blocker] = v
        return v

    def blocked(self, attacker: str) -> Any:
        """Boolean: ``attacker`` is blocked (509.1h). The attacker must have a pair."""
        v = self._z.get(attacker)
        if v is None:
            v = self._z[attacker] = self._or(self.by_attacker[attacker])
        return v

    def count(self, attacker: str, by: frozenset[str] | None = None) -> Any:
        """Linear expression: number of creatures (of ``by``) blocking ``attacker``."""
        ks = [k for k in self.by_attacker.get(attacker, ())
              if by is None or self.pairs[k].blocker in by]
        return self.cp.LinearExpr.sum([self.x[k] for k in ks])

    def total(self) -> Any:
        """Integer variable: the number of blocking creatures."""
        if self._total is None:
            n = len(self.by_blocker)
            self._total = self.model.new_int_var(0, n, "blockers")
            self.model.add(self.cp.LinearExpr.sum([self.blocks(b) for b in self.by_blocker])
                           == self._total)
        return self._total

    def _forbid(self, ks: list[int]) -> None:
        for k in ks:
            self.model.add(self.x[k] == 0)

    # ---------------------------------------------------------------- restrictions

    def _restriction(self, r: Any) -> None:
        m = self.model
        if isinstance(r, BlockerCap):
            # CR 509.1b: "no more than N creatures can block each combat" (802.4: within this
            # defending player's declaration).
            if len(self.by_blocker) > r.maximum:
                m.add(self.total() <= r.maximum)
            return
        if isinstance(r, (MinBlockers, MaxBlockers, AllOrNothing)):
            ks = self.by_attacker.get(r.attacker)
            if not ks:
                return  # nothing may block it here, so the restriction can't be broken
            if isinstance(r, MinBlockers):
                # CR 509.1b, 702.111b: menace / "can't be blocked except by N or more
                # creatures": if it is blocked, at least N creatures block it:
                # count >= N * blocked.
                if len(ks) < r.minimum:
                    self._forbid(ks)
                elif r.minimum > 1 and len(ks) == r.minimum:
                    # Exactly N creatures could block it: all of them block it or none does
                    # (x[c, a] equal for its N pairs; CP-SAT merges them into one variable).
                    for k in ks[1:]:
                        m.add(self.x[k] == self.x[ks[0]])
                    self._z.setdefault(r.attacker, self.x[ks[0]])
                elif r.minimum > 1:
                    m.add(self.count(r.attacker) - r.minimum * self.blocked(r.attacker) >= 0)
            elif isinstance(r, MaxBlockers):
                # CR 509.1b: "can't be blocked by more than N creatures": count <= N.
                if len(ks) > r.maximum:
                    m.add(self.count(r.attacker) <= r.maximum)
            else:
                # CR 509.1b (Tromokratis): if it is blocked, each creature the defending
                # player controls blocks it: blocked -> x[c, a] for every such c; a creature
                # that can't block it makes it unblockable.
                z = self.blocked(r.attacker)
                for c in dict.fromkeys(r.required):
                    k = self.index.get((c, r.attacker))
                    if k is None:
                        self._forbid(ks)
                        return
                    if self.x[k] is not z:
                        m.add_implication(z, self.x[k])
            return
        if r.blocker not in self.by_blocker:
            return  # that creature can't block here, so the restriction can't be broken
        y = self.blocks(r.blocker)
        if isinstance(r, BlockerNotAlone):
            # CR 509.1b: "can't block alone": blockers >= 2 * blocks(b).
            m.add(self.total() - 2 * y >= 0)
        elif isinstance(r, MinOtherBlockers):
            # CR 509.1b: "can't block unless at least N other creatures block":
            # blockers >= (N + 1) * blocks(b).
            if r.count > 0:
                m.add(self.total() - (r.count + 1) * y >= 0)
        elif isinstance(r, GreaterPowerBlocker):
            # CR 509.1b: "can't block unless a creature with greater power also blocks":
            # stronger blocking creatures >= blocks(b).
            mine = self.problem.power.get(r.blocker, 0)
            stronger = [self.blocks(b) for b in self.by_blocker
                        if self.problem.power.get(b, 0) > mine]
            if not stronger:
                m.add(y == 0)
            else:
                m.add(self.cp.LinearExpr.sum(stronger) - y >= 0)
        else:  # pragma: no cover - the restriction union is closed
            raise ScenarioError("restrictions", f"unsupported restriction {type(r).__name__}")

    # ---------------------------------------------------------------- requirements

    def _count_requirement(self, r: BlockRequirement) -> Any:
        """A Boolean "obeyed" for a requirement on an attacker's blocker count, or None when
        no declaration over these pairs can obey it."""
        ks = [k for k in self.by_attacker.get(r.attacker or "", ())
              if r.by is None or self.pairs[k].blocker in r.by]
        if len(ks) < r.minimum:
            return None
        upper = r.maximum if r.maximum is not None and r.maximum < len(ks) else None
        if r.minimum == 1 and upper is None:
            # "must be blocked [by an X] if able": some (matching) creature blocks it.
            if r.by is None and (self.exact or r.attacker in self._z):
                return self.blocked(r.attacker)  # type: ignore[arg-type]
            if self.exact:
                return self._or(ks)
            # Only bounded above when maximising: obeyed -> some x[k] (one clause, not one
            # implication per possible blocker).
            if len(ks) == 1:
                return self.x[ks[0]]
            o = self.model.new_bool_var("")
            self.model.add_bool_or([self.x[k] for k in ks]).only_enforce_if(o)
            return o
        m = self.model
        c = self.cp.LinearExpr.sum([self.x[k] for k in ks])
        o = m.new_bool_var("")
        if not self.exact:
            m.add(c >= r.minimum).only_enforce_if(o)
            if upper is not None:
                m.add(c <= upper).only_enforce_if(o)
            return o
        ge = m.new_bool_var("")
        m.add(c >= r.minimum).only_enforce_if(ge)
        m.add(c <= r.minimum - 1).only_enforce_if(ge.Not())
        parts = [ge]
        if upper is not None:
            le = m.new_bool_var("")
            m.add(c <= upper).only_enforce_if(le)
            m.add(c >= upper + 1).only_enforce_if(le.Not())
            parts.append(le)
        m.add_bool_and(parts).only_enforce_if(o)
        m.add_bool_or([p.Not() for p in parts]).only_enforce_if(o.Not())
        return o

    def _requirements(self, requirements: tuple[BlockRequirement, ...]) -> tuple[list[Any], list[int]]:
        """The "obeyed" count as (variables, coefficients), one unit per instance (509.1c)."""
        coef: Counter[int] = Counter()
        counted: Counter[tuple[str, int, int | None, frozenset[str] | None]] = Counter()
        blocking: Counter[str] = Counter()
        for r in requirements:
            if r.blocker is not None and r.attacker is not None:
                # CR 509.1c, 702.39a: "b blocks a if able" (provoke; one instance per potential
                # blocker of a Lure-type attacker) is obeyed by that block only.
                k = self.index.get((r.blocker, r.attacker))
                if k is not None:
                    coef[k] += 1
            elif r.blocker is not None:
                # CR 509.1c: "blocks each combat if able" is obeyed by blocking anything.
                if r.blocker in self.by_blocker:
                    blocking[r.blocker] += 1
            elif r.attacker is not None:
                # CR 509.1c: "must be blocked [by ...] if able": a count of its blockers.
                counted[(r.attacker, r.minimum, r.maximum, r.by)] += 1
        # Each blocker's own requirements (its pairs, and "blocks each combat") are summed
        # into one integer o_b with its true upper bound: with at most `capacity` blocks, a
        # blocker obeys at most its best pairs plus its "blocks each combat" instances. The
        # bound lets CP-SAT propagate "obeyed >= k" onto single blockers (with n blockers
        # of bound 1 and k = n, each must obey one) — on the exact-cover instances of
        # benchmarks/ the difference between milliseconds and no answer in 30 s.
        per_blocker: dict[str, list[tuple[int, int]]] = {}
        for k, c in coef.items():
            per_blocker.setdefault(self.pairs[k].blocker, []).append((k, c))
        variables: list[Any] = []
        coefs: list[int] = []
        for b in dict.fromkeys([*per_blocker, *blocking]):
            terms = per_blocker.get(b, [])
            n = blocking.get(b, 0)
            if len(terms) + (n > 0) == 1:
                if terms:
                    variables.append(self.x[terms[0][0]])
                    coefs.append(terms[0][1])
                else:
                    variables.append(self.blocks(b))
                    coefs.append(n)
                continue
            cap = self.problem.capacity_of(b)
            best = sorted((c for _, c in terms), reverse=True)
            upper = sum(best if cap is None else best[:cap]) + n
            o = self.model.new_int_var(0, upper, "")
            vs = [self.x[k] for k, _ in terms] + ([self.blocks(b)] if n else [])
            cs = [c for _, c in terms] + ([n] if n else [])
            self.model.add(self.cp.LinearExpr.weighted_sum(vs, cs) == o)
            variables.append(o)
            coefs.append(1)
        for (a, lo, hi, by), n in counted.items():
            o = self._count_requirement(BlockRequirement(None, a, "", "", lo, hi, by))
            if o is not None:
                variables.append(o)
                coefs.append(n)
        return variables, coefs

    def obeyed(self) -> Any:
        """Linear expression: requirement instances obeyed (509.1c)."""
        return self.cp.LinearExpr.weighted_sum(self.obeyed_vars, self.obeyed_coefs)

    def declaration(self, value: Any) -> dict[str, list[str]]:
        """The declaration read through ``value`` (a solver's or a callback's)."""
        out: dict[str, list[str]] = {}
        for k, v in enumerate(self.x):
            if value(v):
                p = self.pairs[k]
                out.setdefault(p.blocker, []).append(p.attacker)
        return out


# ---------------------------------------------------------------------------- objective


def _tie_break_weights(problem: BlockProblem, pairs: list[_Pair], *, requirements: bool = True
                       ) -> tuple[list[int], int]:
    """Penalty per pair and the weight of one requirement (see :func:`plan_block`).
    ``requirements=False``: for an objective without the requirements term (the plan's
    second stage), so only the largest total penalty must stay exact.

    ``B`` (the base of every penalty) exceeds the largest rank sum of any declaration and
    ``W`` its largest total penalty. Both are bounded per blocker (509.1a): a blocker uses at
    most ``capacity`` of its pairs, so a declaration's rank sum is at most the sum over
    blockers of their ``capacity`` highest ranks (not the sum over all pairs, which at 200
    creatures a side overflowed the exact range and dropped the rank tie-break)."""
    A = max(len(problem.attackers), 1)
    rank = [p.bi * A + p.ai for p in pairs]
    per_blocker: dict[str, list[int]] = {}
    for p, r in zip(pairs, rank):
        per_blocker.setdefault(p.blocker, []).append(r)
    most_rank = most_pairs = 0
    for b, rs in per_blocker.items():
        cap = problem.capacity_of(b)
        if cap is not None and cap < len(rs):
            rs = sorted(rs, reverse=True)[:cap]
        most_rank += sum(rs)
        most_pairs += len(rs)
    base = 1 + most_rank  # > any declaration's sum of ranks: one more block always costs more
    weight = 1 + most_pairs * base + most_rank  # > any declaration's total penalty
    if weight * (len(problem.requirements) + 1 if requirements else 1) > _PRECISION_LIMIT:
        # Too large to stay exact: fall back to "fewest blocks" alone.
        return [1] * len(pairs), len(pairs) + 1
    return [base + r for r in rank], weight


def _hint(bm: _BlockModel, declaration: Mapping[str, Sequence[str]] | None) -> None:
    if not declaration:
        return
    chosen = {(b, a) for b, attackers in declaration.items() for a in attackers}
    for k, pr in enumerate(bm.pairs):
        bm.model.add_hint(bm.x[k], (pr.blocker, pr.attacker) in chosen)


def _set_plan_objective(bm: _BlockModel, penalties: list[int], weight: int, *,
                        requirements: bool) -> None:
    """Objective ``W * obeyed - sum(B + rank)`` (or, with ``requirements=False``, just
    ``- sum(B + rank)``), written straight into the proto: CP-SAT minimises, so this
    maximisation stores negated coefficients and a scaling factor of -1, as
    ``CpModel.maximize`` does (that call is slow on tens of thousands of terms)."""
    coef: dict[int, int] = {}
    constant = 0
    for v, pen in zip(bm.x, penalties):
        coef[v.index] = -pen
    if requirements:
        for v, c in zip(bm.obeyed_vars, bm.obeyed_coefs):
            i = v.index
            if i >= 0:
                coef[i] = coef.get(i, 0) + weight * c
            else:  # a negated literal: W * c * (1 - x)
                coef[-i - 1] = coef.get(-i - 1, 0) - weight * c
                constant += weight * c
    objective = bm.model.proto.objective
    objective.vars.extend(coef.keys())
    objective.coeffs.extend(-c for c in coef.values())
    objective.offset = -constant
    objective.scaling_factor = -1.0
