"""The CP-SAT model of one combat damage step (CR 510.1), built from a
:class:`redzone.models.damage_problem.DamageProblem`: the variables and constraints listed in
:mod:`redzone.solver.damage.solve`'s docstring (510.1a each source assigns its amount; lethal damage
counted jointly, 702.19b and 702.2c deathtouch; trample 702.19b-d, also over planeswalkers
702.19c; the 2023 damage assignment order, old 510.1c-d), the objectives' terms
(:func:`redzone.models.damage_problem.active_value`, ``defender_value``) as weighted sums,
and the solver parameters used for every damage solve.

Planning, checking, enumeration and the play-out of a combat are in
:mod:`redzone.solver.damage.solve`, which builds this model. ortools is imported lazily inside the
functions.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from redzone.solver._cpsat import elapsed_ms as _ms, make_solver, new_model, status_name as _status
from redzone.models.damage_problem import (
    ACTIVE_KEYS,
    Assignment,
    DamageProblem,
    DamageSource,
)

_PRECISION_LIMIT = 2**52


class _Model:
    """The CP-SAT model of one step (see the module docstring).

    ``fixed``: source id -> recipient -> amount for sources whose split is already chosen
    (their variables are fixed; absent recipients get 0).
    """

    def __init__(self, problem: DamageProblem, fixed: Assignment | None = None) -> None:
        from ortools.sat.python import cp_model

        self.cp = cp_model
        self.problem = problem
        m = self.model = new_model()
        self.x: dict[tuple[str, str], Any] = {}
        self.into: dict[str, list[tuple[DamageSource, Any]]] = {}
        self.by_source: dict[str, list[tuple[str, Any]]] = {}
        self.free: list[Any] = []
        self._lethal: dict[tuple[str, frozenset[str]], list[Any]] = {}
        # (creature, only) -> (what lethal() returned, its entry in _lethal or None)
        self._asked: dict[tuple[str, frozenset[str] | None], tuple[Any, list[Any] | None]] = {}
        for s in problem.sources:
            if s.amount <= 0:
                continue  # CR 510.1a: power 0 or less (or nowhere to go) assigns nothing
            pinned = None if fixed is None or s.id not in fixed else fixed[s.id]
            pairs = []
            for r in s.recipients:
                if len(s.recipients) == 1:
                    v = m.new_constant(s.amount)
                elif pinned is not None:
                    v = m.new_constant(int(pinned.get(r, 0)))
                else:
                    v = m.new_int_var(0, s.amount, "")
                    self.free.append(v)
                self.x[(s.id, r)] = v
                self.into.setdefault(r, []).append((s, v))
                pairs.append((r, v))
            self.by_source[s.id] = pairs
            if len(pairs) > 1:
                # CR 510.1a: all of a creature's combat damage is assigned.
                m.add(cp_model.LinearExpr.sum([v for _, v in pairs]) == s.amount)

        for s in problem.sources:
            if s.id not in self.by_source:
                continue
            # h4, CR 510.1c as modified (Thorn Elemental): all of its damage to what it
            # attacks as though unblocked (u), or none there unless as trample excess.
            u = None
            if s.unblocked_to is not None and (s.id, s.unblocked_to) in self.x and len(self.by_source[s.id]) > 1:
                u = m.new_bool_var("")
                t = self.x[(s.id, s.unblocked_to)]
                m.add(t == s.amount).only_enforce_if(u)
                if s.unblocked_to not in s.excess:
                    m.add(t == 0).only_enforce_if(u.Not())
            # CR 702.19b (and 702.19c-e, whose excess recipients are listed the same way): a
            # trampler's excess goes on only once every blocker has been assigned lethal
            # damage, counting all damage assigned to it this step and marked on it.
            excess = [self.x[(s.id, r)] for r in s.excess if (s.id, r) in self.x]
            if excess:
                for b in s.blockers:
                    self._only_if(excess, self.lethal(b), unless=u)
            # CR 702.19c: damage reaches the planeswalker's controller only once the
            # planeswalker has been assigned (by every source) at least its loyalty.
            if s.spill is not None and s.spill_from is not None and (s.id, s.spill) in self.x:
                self._only_if([self.x[(s.id, s.spill)]], self._reaches(s.spill_from))
            # Old CR 510.1c-d (rules "2023"): a creature later in the damage assignment order
            # may be assigned damage only once each earlier one has been assigned lethal damage.
            for j, later in enumerate(s.order):
                if j == 0 or (s.id, later) not in self.x:
                    continue
                for earlier in s.order[:j]:
                    self._only_if([self.x[(s.id, later)]], self.lethal(earlier))

    # ---------------------------------------------------------------- building blocks

    def _only_if(self, variables: list[Any], literal: Any, unless: Any = None) -> None:
        """sum(variables) == 0 unless ``literal`` (True: no constraint; False: always 0), or
        unless the Boolean ``unless`` holds (when given)."""
        if literal is True:
            return
        expr = self.cp.LinearExpr.sum(variables)
        guards = [] if unless is None else [unless.Not()]
        if literal is not False:
            guards.append(literal.Not())
        if guards:
            self.model.add(expr == 0).only_enforce_if(guards)
        else:
            self.model.add(expr == 0)

    def lethal(self, creature: str, only: frozenset[str] | None = None, *,
               upper: bool = True, lower: bool = False) -> Any:
        """Literal for "``creature`` has been assigned lethal damage" by the sources in
        ``only`` (or all): 702.19b, marked damage and every source's damage this step count;
        702.2c, any nonzero amount from a deathtouch source is lethal. ``True``/``False``
        when it can't vary. Otherwise one Boolean per (creature, sources), tied to the sums
        in the directions asked for: ``upper`` — the literal implies lethal damage (enough
        to guard trample excess and to count kills that are maximised); ``lower`` — lethal
        damage implies the literal (for counts that are minimised)."""
        asked = self._asked.get((creature, only))
        if asked is not None:  # the same question again: the same answer, nothing to add
            lit, entry = asked
            if entry is None or ((not upper or entry[1]) and (not lower or entry[2])):
                return lit
        rec = self.problem.recipients[creature]
        if rec.need <= 0:
            self._asked[(creature, only)] = (True, None)
            return True
        pairs = [(s, v) for s, v in self.into.get(creature, ()) if only is None or s.id in only]
        enough = sum(s.amount for s, _ in pairs) >= rec.need
        deadly = [v for s, v in pairs if s.deathtouch]
        if not enough and not deadly:
            self._asked[(creature, only)] = (False, None)
            return False
        key = (creature, frozenset(s.id for s, _ in pairs))
        entry = self._lethal.get(key)
        m = self.model
        if entry is None:
            entry = self._lethal[key] = [m.new_bool_var(""), False, False]
        lit = entry[0]
        total = self.cp.LinearExpr.sum([v for _, v in pairs])
        if upper and not entry[1]:
            entry[1] = True
            if not deadly:
                m.add(total >= rec.need).only_enforce_if(lit)
            elif not enough:
                m.add(self.cp.LinearExpr.sum(deadly) >= 1).only_enforce_if(lit)
            else:
                t, d = m.new_bool_var(""), m.new_bool_var("")
                m.add(total >= rec.need).only_enforce_if(t)
                m.add(self.cp.LinearExpr.sum(deadly) >= 1).only_enforce_if(d)
                m.add_bool_or([t, d]).only_enforce_if(lit)
        if lower and not entry[2]:
            entry[2] = True
            if enough:
                m.add(total <= rec.need - 1).only_enforce_if(lit.Not())
            if deadly:
                m.add(self.cp.LinearExpr.sum(deadly) == 0).only_enforce_if(lit.Not())
        self._asked[(creature, only)] = (lit, entry)
        return lit

    def _reaches(self, permanent: str) -> Any:
        """Literal "``permanent`` has been assigned at least its loyalty" (702.19c),
        one-directional: it implies the sum (enough for the constraint it guards)."""
        need = self.problem.recipients[permanent].need
        if need <= 0:
            return True
        pairs = self.into.get(permanent, ())
        if sum(s.amount for s, _ in pairs) < need:
            return False
        lit = self.model.new_bool_var("")
        self.model.add(self.cp.LinearExpr.sum([v for _, v in pairs]) >= need).only_enforce_if(lit)
        return lit

    # ---------------------------------------------------------------- objectives

    def _count(self, literals: list[Any]) -> tuple[list[Any], list[int], int]:
        vs = [lit for lit in literals if lit is not True and lit is not False]
        return vs, [1] * len(vs), len(vs)

    def active_terms(self) -> dict[str, tuple[list[Any], list[int], int]]:
        """Each term of :func:`redzone.models.damage_problem.active_terms` as (variables,
        coefficients, upper bound), constants dropped."""
        p = self.problem
        ap = p.active_player
        mine = frozenset(s.id for s in p.sources if s.decider == ap)
        player: list[Any] = []
        permanent: list[Any] = []
        rank_v: list[Any] = []
        rank_c: list[int] = []
        player_ub = permanent_ub = rank_ub = 0
        for s in p.sources:
            if s.decider != ap or s.id not in self.by_source:
                continue
            for j, (r, v) in enumerate(self.by_source[s.id]):
                kind = p.recipients[r].kind
                if kind == "player" and r != ap:
                    player.append(v)
                    player_ub += s.amount
                elif kind in ("planeswalker", "battle"):
                    permanent.append(v)
                    permanent_ub += s.amount
                if j:
                    rank_v.append(v)
                    rank_c.append(j)
            rank_ub += s.amount * (len(s.recipients) - 1)
        kills: list[Any] = []
        threat: list[Any] = []
        losses: list[Any] = []
        for rec in p.creature_recipients():
            if rec.need <= 0:
                continue
            if rec.controller == ap:
                losses.append(self.lethal(rec.id, mine, upper=False, lower=True))
            else:
                lit = self.lethal(rec.id, mine)
                kills.append(lit)
                if rec.id in p.later:
                    threat.append(lit)
        return {
            "player_damage": (player, [1] * len(player), player_ub),
            "permanent_damage": (permanent, [1] * len(permanent), permanent_ub),
            "kills": self._count(kills),
            "threat_kills": self._count(threat),
            "losses": self._count(losses),
            "rank": (rank_v, rank_c, rank_ub),
        }

    def defender_terms(self, with_losses: bool) -> list[tuple[tuple[list[Any], list[int], int], int]]:
        """The other players' terms as ((variables, coefficients, bound), sign), in
        :func:`redzone.models.damage_problem.defender_value` order; ``with_losses=False`` drops the
        first term (constant when the active player's choices fix it)."""
        p = self.problem
        ap = p.active_player
        losses: list[Any] = []
        kills: list[Any] = []
        for rec in p.creature_recipients():
            if rec.need <= 0:
                continue
            if rec.controller == ap:
                kills.append(self.lethal(rec.id))
            else:
                losses.append(self.lethal(rec.id, upper=False, lower=True))
        rank_v: list[Any] = []
        rank_c: list[int] = []
        rank_ub = 0
        for s in p.sources:
            if s.decider == ap or s.id not in self.by_source:
                continue
            for j, (_, v) in enumerate(self.by_source[s.id]):
                if j:
                    rank_v.append(v)
                    rank_c.append(j)
            rank_ub += s.amount * (len(s.recipients) - 1)
        out = [(self._count(losses), -1)] if with_losses else []
        return out + [(self._count(kills), 1), ((rank_v, rank_c, rank_ub), -1)]

    @staticmethod
    def _weights(terms: list[_Term]) -> tuple[list[int], int]:
        """Each term's weight (each exceeds the largest total the later terms can reach) and
        the largest magnitude of the weighted sum."""
        weights: list[int] = []
        tail = 0
        for (_, _, ub), _ in reversed(terms):
            w = 1 + tail
            weights.append(w)
            tail += w * ub
        weights.reverse()
        return weights, tail

    @staticmethod
    def weighted(terms: list[_Term]) -> tuple[list[Any], list[int]]:
        """One weighted sum whose maximum is the lexicographic maximum of the signed terms:
        each weight exceeds the largest total the later terms can reach."""
        while True:
            weights, tail = _Model._weights(terms)
            if tail <= _PRECISION_LIMIT or len(terms) == 1:
                break
            # Too large to stay exact in a double: drop the least important term.
            terms = terms[:-1]
        variables: list[Any] = []
        coefs: list[int] = []
        for ((vs, cs, _), sign), w in zip(terms, weights):
            variables.extend(vs)
            coefs.extend(sign * w * c for c in cs)
        return variables, coefs

    def maximise(self, variables: list[Any], coefs: list[int]) -> None:
        if variables:
            self.model.maximize(self.cp.LinearExpr.weighted_sum(variables, coefs))

    def _maximise_groups(self, groups: Sequence[Any], time_limit: float | None
                         ) -> tuple[list[Any], list[int], Any, str]:
        """Maximise the groups' weighted terms (:meth:`weighted`, most important group
        first) as one objective and solve: (variables, coefficients, solver, status)."""
        variables: list[Any] = []
        coefs: list[int] = []
        for terms in groups:
            vs, cs = self.weighted(terms)
            variables.extend(vs)
            coefs.extend(cs)
        self.maximise(variables, coefs)
        solver = _solver(time_limit)
        return variables, coefs, solver, _status(solver.solve(self.model))

    def solve(self, groups: list[list[_Term]], ranks: list[_Term],
              time_limit: float | None) -> tuple[dict[str, dict[str, int]], str, float]:
        """Maximise each group's lexicographic value (groups are independent, so their
        weighted sums are added), then break ties by the group's rank term (recipient
        position x amount, minimised). Returns (assignment, status of the first solve,
        milliseconds).

        One solve, each rank term being its group's least important term, when the weights
        stay exact that way; otherwise (very large amounts) two: the groups' values first,
        then the least rank among every assignment reaching them."""
        t0 = time.perf_counter()
        combined = [[*group, rank] for group, rank in zip(groups, ranks)]
        if sum(self._weights(terms)[1] for terms in combined) <= _PRECISION_LIMIT:
            # One solve instead of two: in A/B runs over 20 boards of 20 attackers against
            # 10 blockers (both rules, every objective) the medians fell by 25-40 % with
            # every value and tie-break value unchanged; a few boards take longer (the
            # defending player's losses with the rank in one sum need more search), so the
            # maximum over the boards is not lower (benchmarks/README.md, issue 11).
            _, _, solver, status = self._maximise_groups(combined, time_limit)
            if status not in ("optimal", "feasible"):
                return {}, status, _ms(t0)
            return self.read(solver.value), status, _ms(t0)
        variables, coefs, solver, status = self._maximise_groups(groups, time_limit)
        if status not in ("optimal", "feasible"):
            return {}, status, _ms(t0)
        first = self.read(solver.value)
        rank_v = [v for (vs, _, _), _ in ranks for v in vs]
        rank_c = [c for (_, cs, _), _ in ranks for c in cs]
        if status != "optimal" or not rank_v:
            return first, status, _ms(t0)
        # The tie-break, as a second solve among every assignment reaching the objective's
        # value (hinted with the first one). Fixing which creatures get lethal damage as
        # well would make it a smaller problem, but then the tie-break depended on the first
        # solve's arbitrary choice among equally good kills (it could keep a later blocker
        # over an earlier one); without presolve this solve is no slower in all.
        m = self.model
        if variables:
            m.add(self.cp.LinearExpr.weighted_sum(variables, coefs) >= round(solver.objective_value))
        m.clear_objective()
        m.minimize(self.cp.LinearExpr.weighted_sum(rank_v, rank_c))
        m.clear_hints()
        # The first solution as the hint (what add_hint writes, in one go).
        hint = m.proto.solution_hint
        hint.vars.extend(v.index for v in self.free)
        hint.values.extend(int(solver.value(v)) for v in self.free)
        remaining = None if time_limit is None else max(time_limit - (time.perf_counter() - t0), 0.001)
        second = _solver(remaining)
        if _status(second.solve(m)) in ("optimal", "feasible"):
            return self.read(second.value), status, _ms(t0)
        return first, status, _ms(t0)  # pragma: no cover - the hint is a solution

    def read(self, value: Any) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for s in self.problem.sources:
            for r, v in self.by_source.get(s.id, ()):
                a = int(value(v))
                if a:
                    out.setdefault(s.id, {})[r] = a
        return out




_Term = tuple[tuple[list[Any], list[int], int], int]


def _active_objective(model: _Model, objective: str) -> tuple[list[_Term], _Term]:
    """(the objective's terms but the tie-break, the tie-break term)."""
    terms = model.active_terms()
    keyed = [(terms[name], sign) for name, sign in ACTIVE_KEYS[objective]]
    return keyed[:-1], keyed[-1]


def _solver(time_limit: float | None) -> Any:
    # The lethal-damage indicators are half-reified linear constraints; putting them in the
    # LP relaxation (level 2) is what lets the weighted objective be proved quickly (20
    # attackers against 10 multi-blockers: ~2 s at the default level, ~15 ms at level 2).
    # Presolve costs more than it saves on these small models: without it the median CPU
    # time of that board over 20 seeds drops by about a third (benchmarks/README.md, damage
    # section), with the same optimum on every board. The LP relaxation alone gives the
    # bound here; CP-SAT's cut generators (Chvátal-Gomory, MIR, zero-half, clique) cost
    # more time than they save: off, the median CPU time of 20 vs 10 over 20 boards is
    # 10-35 % lower for every objective and the slowest boards take about half as long
    # (benchmarks/README.md, issue 11's second pass), with every optimum and tie-break
    # value unchanged on 60 boards.
    return make_solver(time_limit, linearization_level=2, cp_model_presolve=False,
                       add_cg_cuts=False, add_mir_cuts=False, add_zero_half_cuts=False,
                       add_clique_cuts=False)
