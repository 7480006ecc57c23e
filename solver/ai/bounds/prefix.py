"""A proved lower bound of the AI's block floors for a run of blocks at once (issue 9):
the blocks listed in product order share their first choices, and
:meth:`PrefixFloor.prefix_floor` bounds :meth:`redzone.solver.ai.bounds.static.Bounds.static_floor`
of every block that starts so, so that the search can skip the whole run
(:meth:`redzone.solver.ai.order.BlockOrder.pruned_blocks`). tests/test_ai_search.py checks
it on every prefix of every block of random boards. Owns :class:`PrefixFloor`.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from redzone.solver.ai.bounds.static import Bounds, Combatants
    from redzone.solver.ai.declarations import Declarations
    from redzone.solver.ai.facts import Facts



class PrefixFloor:
    """Bounds of :meth:`Bounds.static_floor` over the blocks sharing their first choices:
    :meth:`prefix_plan` once per attack, then :meth:`prefix_floor` per run."""

    def __init__(self, facts: Facts, declarations: Declarations, bounds: Bounds,
                 combatants: Combatants) -> None:
        self.facts = facts
        self.declarations = declarations
        self.bounds = bounds
        self.combatants = combatants
        # Facts read here, bound once (several are read in inner loops).
        self._block_life = facts.block_life
        self._strikes_first = facts.strikes_first
        self.attack_paid = facts.attack_paid
        self.problem = facts.problem
        self.sign = facts.sign
        self._group_parts: dict[tuple[str, tuple[str, ...]], int] = {}
        self._least_parts: dict[Any, int] = {}
        self._per_attack: dict[Any, Any] = {}

    def _blocked_part(self, a: str, room: int, score: int, group: tuple[str, ...]) -> int:
        """The change :meth:`static_floor` makes to the permanents' part (perspective
        milli-points) for the attacking creature ``a`` blocked by exactly ``group`` (in the
        listing's order of blockers), each blocking ``a`` alone: the blockers it surely
        destroys (:meth:`Bounds.kill_claim`), and itself destroyed unless the blockers can't deal
        it lethal damage (then weakened by their -1/-1 counters) or it surely survives.
        Cached per (``a``, ``group``)."""
        key = (a, group)
        got = self._group_parts.get(key)
        if got is None:
            hit = weak = 0
            for b in group:
                dmg, ctr = self.combatants.hurt(b)
                hit += dmg + ctr
                weak += ctr
            kv = self.bounds.kill_claim(a, group)
            got = self.sign * kv[0]
            if not kv[1]:
                if hit >= room:
                    got -= score
                elif weak:
                    got += self.combatants.weakened(a, weak) - score
            self._group_parts[key] = got
        return got

    def _least_blocked(self, a: str, room: int, score: int, group: tuple[str, ...],
                       more: tuple[str, ...]) -> int:
        """A lower bound (attacker view, as a permanents' part in perspective milli-points)
        of :meth:`_blocked_part` of ``a`` blocked by ``group`` and any of the creatures
        ``more`` (listed after ``group``'s), at least one of them when ``group`` is empty:
        the least over those sets when ``more`` has at most three creatures, else ``a``
        destroyed (``-score``; every other part is at least that: see :meth:`prefix_floor`)."""
        if len(more) > 3:
            return -score
        key = (a, group, more)
        got = self._least_parts.get(key)
        if got is None:
            sign = self.sign
            got = None
            for r in range(0 if group else 1, len(more) + 1):
                for extra in itertools.combinations(more, r):
                    x = self._blocked_part(a, room, score, group + extra)
                    if got is None or sign * x < sign * got:
                        got = x
            if got is None:
                got = -score
            self._least_parts[key] = got
        return got

    def prefix_plan(self, attack: Mapping[str, str], problem: Any, blockers: list[str],
                    options: list[list[tuple[str, ...]]]) -> Any:
        """What :meth:`prefix_floor` needs to bound the blocks that share their first
        choices, for the blocks listed from ``blockers`` and their ``options``
        (:func:`redzone.solver.ai.position._block_options`), or ``None`` when it does not
        apply: :meth:`static_floor` must apply (a :meth:`Bounds.plain_board` without bands), no
        life paid for the declarations (119.4), and each creature blocks at most one
        attacker (509.1a: every option one attacker or none). Worked out once per attack
        (the options of a problem are those of the attack's)."""
        key = ("prefix plan", self.declarations.attack_facts(attack)[0])
        if key in self._per_attack:
            return self._per_attack[key]
        plan = None
        if (self.bounds.floor_ok() and blockers and not (self.attack_paid and self.problem.life_costs) and not self._block_life
                and all(len(o) <= 1 for opts in options for o in opts)):
            plan = self._make_plan(attack, blockers, options)
        self._per_attack[key] = plan
        return plan

    def _make_plan(self, attack: Mapping[str, str], blockers: list[str],
                   options: list[list[tuple[str, ...]]]) -> Any:
        fs = self._strikes_first
        two, one = ("first-strike", "regular"), ("regular",)
        attack_fs = bool(self.declarations.attack_facts(attack)[1])
        fs_may = [b in fs and any(options[i][1:]) for i, b in enumerate(blockers)]
        variants = {}
        for steps in ((two,) if attack_fs else (one, two) if any(fs_may) else (one,)):
            variants[steps] = self.bounds.floor_rows(attack, steps)
        orders = {tuple(r[0] for r in rows) for rows, _ in variants.values()}
        if len(orders) != 1:
            return None
        n = len(blockers)
        if any(o and o[0] not in next(iter(orders)) for lst in options for o in lst):
            return None
        rows_of = {steps: rows for steps, (rows, _) in variants.items()}
        base_of = {steps: base for steps, (_, base) in variants.items()}
        orient = (self.sign, 1, -1, -1, 1)  # larger x orient: better for the attacking player

        def worse(x: Any, y: Any) -> Any:
            if x is None or y is None:
                return None
            return tuple(min(p, q) if k > 0 else max(p, q) for k, p, q in zip(orient, x, y))

        if len(variants) == 2:
            # The steps are known only once a creature with first strike blocks (510.4): until
            # then each row and the base are taken at their worse.
            r1, r2 = rows_of[one], rows_of[two]
            either_rows = [(x[0], x[1], x[2], worse(x[3], y[3])) for x, y in zip(r1, r2)]
            either_base = worse(base_of[one], base_of[two])
        else:
            either_rows = next(iter(rows_of.values()))
            either_base = next(iter(base_of.values()))
        # Per depth k (blockers k.. not decided): which attackers they may still block (and
        # by which of them), how many of those attackers they can block at most (one each),
        # the most life their lifelink can gain, whether one with first strike may still block.
        can_after: list[dict[str, tuple[str, ...]]] = [{}] * (n + 1)
        most = [0] * (n + 1)
        gains = [0] * (n + 1)
        fs_after = [False] * (n + 1)
        for k in range(n - 1, -1, -1):
            mine = [o[0] for o in options[k] if o]
            nxt = can_after[k + 1]
            if mine:
                nxt = dict(nxt)
                for a in mine:
                    nxt[a] = (blockers[k], *nxt.get(a, ()))
            can_after[k] = nxt
            most[k] = most[k + 1] + bool(mine)
            gains[k] = gains[k + 1] + (self.combatants.gain(blockers[k]) if mine else 0)
            fs_after[k] = fs_after[k + 1] or fs_may[k]
        return {"n": n, "rows": rows_of, "base": base_of, "either": (either_rows, either_base),
                "can": can_after, "most": most, "gains": gains, "fs_after": fs_after,
                "attack_fs": attack_fs, "two": two, "one": one, "orient": orient}

    def prefix_floor(self, plan: Any, k: int, groups: Mapping[str, list[str]], gain: int, fs_blocking: int,
                     mana: int) -> int | None:
        """A proved lower bound (attacker view) of :meth:`static_floor` of every block whose
        first ``k`` blockers (of :meth:`prefix_plan`'s listing) made the choices that put
        ``groups[a]`` on each attacking creature ``a`` (in the listing's order), with
        ``gain`` the lifelink of those blocking and ``fs_blocking`` how many of them have
        first or double strike; ``mana``: the mana term with no block cost (block costs only
        raise the value). With ``k`` every blocker (a whole block) it is
        :meth:`static_floor` itself. ``None`` when no bound is proved (a creature that may
        stay unblocked has a damage game with a choice: :meth:`static_floor` is then
        ``None`` for such a block).

        :meth:`static_floor` is a sum over the attacking creatures (each creature's part
        depends only on its own blockers: :meth:`_blocked_part`, or its unblocked outcome)
        plus the blockers' lifelink, fed to :meth:`Bounds.floor_end`, which never falls when a
        part gets better for the attacking player component by component. For a creature
        no undecided blocker may block, its part is known. One already blocked keeps being
        blocked: its part is at least that of a destroyed creature (what it destroys counts
        at least 0 for the attacking player, 702.2b-c aside; a weakened or surviving
        creature is worth at least a dead one: creature values are at least 0). One not
        blocked yet that an undecided blocker may block either stays unblocked (its
        unblocked outcome) or is blocked (at least destroyed, dealing nothing to players:
        blocked creatures deal combat damage to the creatures blocking them only, and
        trample is not counted by :meth:`static_floor`). With each undecided blocker
        blocking one attacker at most, at most as many of those creatures as undecided
        blockers are blocked: the sum of their unblocked outcomes less, in each component,
        the largest savings of that many of them (a saving in each component at least 0)
        is no better than any completion. Each undecided blocker with lifelink is counted
        as blocking (the most life gained). The damage steps (510.4: a first-strike step when
        a creature with first or double strike attacks or blocks) change only the
        creatures' unblocked outcomes, so while they are not known each is taken at its
        worse. Every difference from a completion is thus one :meth:`Bounds.floor_end` values at
        least as much for the attacking player."""
        if k == plan["n"] or not (plan["attack_fs"] or fs_blocking or plan["fs_after"][k]):
            steps = plan["two"] if (plan["attack_fs"] or fs_blocking) else plan["one"]
            rows, base = plan["rows"][steps], plan["base"][steps]
        elif plan["attack_fs"] or fs_blocking:
            rows, base = plan["rows"][plan["two"]], plan["base"][plan["two"]]
        else:
            rows, base = plan["either"]
        if base is None:
            return None
        v, life_ap, life_o, poison_ap, poison_o = base
        life_o += gain + plan["gains"][k]
        can = plan["can"][k]
        undecided = []
        blocked_part = self._blocked_part
        for j, row in enumerate(rows):
            group = groups[row[0]]
            more = can.get(row[0])
            if not more:
                if group:
                    v += blocked_part(row[0], row[1], row[2], tuple(group))
                    continue
                u = row[3]
                if u is None:
                    return None
                v += u[0]
                life_ap += u[1]
                life_o += u[2]
                poison_ap += u[3]
                poison_o += u[4]
            elif group:
                v += self._least_blocked(row[0], row[1], row[2], tuple(group), more)
            else:
                if row[3] is None:
                    return None
                undecided.append((j, more))
        if undecided:
            most = plan["most"][k]
            orient = plan["orient"]
            if len(undecided) <= most:
                for j, more in undecided:
                    u = rows[j][3]
                    d = self._least_blocked(rows[j][0], rows[j][1], rows[j][2], (), more)
                    v += u[0] if orient[0] * u[0] < orient[0] * d else d
                    life_ap += min(u[1], 0)
                    life_o += max(u[2], 0)
                    poison_ap += max(u[3], 0)
                    poison_o += min(u[4], 0)
            else:
                sums = [0, 0, 0, 0, 0]
                saves: list[list[int]] = [[], [], [], [], []]
                for j, more in undecided:
                    u = rows[j][3]
                    d = (self._least_blocked(rows[j][0], rows[j][1], rows[j][2], (), more), 0, 0, 0, 0)
                    for c in range(5):
                        sums[c] += u[c]
                        s = orient[c] * (u[c] - d[c])
                        if s > 0:
                            saves[c].append(s)
                for c in range(5):
                    top = sorted(saves[c], reverse=True)[:most] if len(saves[c]) > most else saves[c]
                    sums[c] -= orient[c] * sum(top)
                v += sums[0]
                life_ap += sums[1]
                life_o += sums[2]
                poison_ap += sums[3]
                poison_o += sums[4]
        return self.bounds.floor_end(v, life_ap, poison_ap, life_o, poison_o, mana)
