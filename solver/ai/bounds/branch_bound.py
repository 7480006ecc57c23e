"""The exact branch and bound over blocks (issue 9) for :mod:`redzone.solver.ai.block_search`:
the defending player's best block against one attack on two-player boards of keywords only,
at lookahead 0, and at lookahead 1 where the attacking player may answer the crack-back with
no block (:func:`bb_applies`, :func:`crack_back_applies`). Attackers are given their blockers one at a time, and
a partial block is dropped when a proved lower bound of every completion (attacker view) is
no better for the defending player than the best block found (the proof is in
:func:`branch_and_bound`'s docstring).

Values are attacker-view milli-points (``Game.sign`` × the perspective value), as in
:meth:`Values.damage_value`: the defending players minimise them.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from redzone.models import block_problem as bp_mod
from redzone.solver.ai.tree import INF, Leaf

if TYPE_CHECKING:
    from redzone.solver.ai.search import Game

__all__ = ["bb_applies", "branch_and_bound", "crack_back_applies"]

_TWO = ("first-strike", "regular")


def _blockers(problem: bp_mod.BlockProblem) -> list[str]:
    """The creatures that may block some attacker (509.1a-b), in listing order."""
    return [b for b in dict.fromkeys(problem.blockers) if problem.allowed.get(b)]


# Block requirements (509.1c): with one on the board, declaring no block in the next
# turn may be illegal for the attacking player (see :func:`crack_back_applies`).
_REQUIREMENTS = frozenset({"BlocksEachCombat", "MustBeBlocked", "AllMustBlock"})


def crack_back_applies(game: Game, attack: Mapping[str, str]) -> bool:
    """Whether the lookahead-1 bound of :func:`branch_and_bound` holds after ``attack``:
    :meth:`Bounds.crack_back_floor` applies to the game (two players, lookahead 1, the
    perspective attacking, a board of keywords only), and in the next turn the attacking
    player may declare no block at all — nobody can block (each of their creatures is
    tapped or attacks now without vigilance and stays tapped, 302.6, 502.3; 509.1a), or
    no block requirement (509.1c) is on the board. Then whatever the next player attacks
    with, answering with no block is legal, and the value after their attack is at least
    the value of that answer, which is at least the floor (each creature that survived
    this combat dealing its all, unblocked)."""
    if game.status.lookahead != 1 or game.bounds.floor_parts() is None:
        return False
    if game.bounds.blockless(attack):
        return True
    return not any(type(a).__name__ in _REQUIREMENTS
                   for p in game.facts.board.permanents.values() for a in p.abilities)


def bb_applies(game: Game, attack: Mapping[str, str], problem: bp_mod.BlockProblem) -> bool:
    """Whether :func:`branch_and_bound` is exact here: lookahead 0, or lookahead 1 where
    :func:`crack_back_applies`; two players and a
    board of keywords only (:meth:`Bounds.plain_board`: no planeswalker or battle, nothing
    that prevents, replaces, redirects or doubles damage, grants abilities or changes
    characteristics, no scenario effect); nothing coupling units, no bands, no permanent
    whose leaving changes others (611.3a); no life paid for costs (119.4); and no creature
    able to block two attackers (so each attacker with its blockers is a unit, and the
    damage games have only the attacking player's choices)."""
    if game.status.lookahead == 1:
        if not crack_back_applies(game, attack):
            return False
    elif game.status.lookahead != 0:
        return False
    if not game.bounds.plain_board() or game.facts.coupling or game.facts.layer_sources:
        return False
    if getattr(getattr(game.facts.board.scenario, "combat", None), "bands", None):
        return False
    if game.facts.block_life or (game.facts.attack_paid and game.facts.problem.life_costs):
        return False
    if any(t not in game.facts.players for t in attack.values()):
        return False
    return all(problem.capacity_of(b) == 1 for b in _blockers(problem))


class _Vectors:
    """Leaves as vectors of what the evaluation reads (:meth:`Values.fast_score` on two
    players): (attacking player's life change, defending player's life change, their
    poison changes, the same four after the first-strike step, the permanents' part in
    perspective milli-points); with ``crack`` (lookahead 1, :func:`crack_back_applies`)
    three more: the damage, poison and lifelink life the defending player's creatures
    destroyed in this combat could have dealt or gained in the next turn
    (:meth:`Bounds.floor_parts`). ``orient``: +1 where a larger number is better for the
    attacking player, -1 where it is worse."""

    def __init__(self, game: Game, crack: bool = False) -> None:
        self.game = game
        self.ap = game.facts.ap
        self.o = game.facts.opponents[0]
        s = self.sign = game.facts.sign
        self.orient = (1, -1, -1, 1, 1, -1, -1, 1, s) + ((1, 1, 1) if crack else ())
        self.crack = None
        if crack:
            got = game.bounds.floor_parts()
            assert got is not None  # crack_back_applies
            parts, total = got
            self.parts, self.crack = parts, total
        self.ev = game.ev
        self.me_attacks = game.facts.perspective == game.facts.ap
        self.life0 = (game.facts.base_life[self.ap], game.facts.base_life[self.o])
        self.poison0 = (game.facts.base_poison[self.ap], game.facts.base_poison[self.o])
        self.perm0 = game.facts.base_perm

    def of(self, leaf: Leaf) -> tuple[int, ...]:
        ap, o = self.ap, self.o
        life = dict(leaf.delta[0])
        poison = dict(leaf.delta[1])
        if leaf.first is not None:
            fl, fp = dict(leaf.first[0]), dict(leaf.first[1])
        else:
            fl = fp = {}
        out = (life.get(ap, 0), life.get(o, 0), poison.get(ap, 0), poison.get(o, 0),
               fl.get(ap, 0), fl.get(o, 0), fp.get(ap, 0), fp.get(o, 0), leaf.value)
        if self.crack is None:
            return out
        gone = [0, 0, 0]
        for pid in leaf.delta[3]:
            x = self.parts.get(pid)
            if x is not None:
                gone[0] += x[0]
                gone[1] += x[1]
                gone[2] += x[2]
        return out + tuple(gone)

    def leaf(self, v: tuple[int, ...]) -> Leaf:
        ap, o = self.ap, self.o
        life = tuple((p, d) for p, d in ((ap, v[0]), (o, v[1])) if d)
        poison = tuple((p, d) for p, d in ((ap, v[2]), (o, v[3])) if d)
        first = None
        if any(v[4:8]):
            flife = tuple((p, d) for p, d in ((ap, v[4]), (o, v[5])) if d)
            fpois = tuple((p, d) for p, d in ((ap, v[6]), (o, v[7])) if d)
            first = (flife, fpois, (), (), (), (), (), ())
        return Leaf((life, poison, (), (), (), (), (), ()), first, (), v[8])

    def value(self, v: tuple[int, ...], mana: int) -> int:
        """Attacker-view value of a position whose changes sum to ``v``, with ``mana`` (the
        mana term, perspective milli-points): :meth:`Values.fast_score` of one leaf with
        these changes (:meth:`leaf`), worked out from the numbers (tests compare the two)."""
        ev = self.ev
        win = ev.win
        if self.life0[1] + v[5] <= 0 or self.poison0[1] + v[7] >= 10:
            # The defending player lost in the first-strike step: play stops (510.4, 704.5a).
            score = win if self.me_attacks else -win
        else:
            la, lo = self.life0[0] + v[0], self.life0[1] + v[1]
            pa, po = self.poison0[0] + v[2], self.poison0[1] + v[3]
            if self.me_attacks:
                lm, pm, lx, px = la, pa, lo, po
            else:
                lm, pm, lx, px = lo, po, la, pa
            if lm <= 0 or pm >= 10:
                score = -win
            elif lx <= 0 or px >= 10:
                score = win
            elif self.crack is not None:
                # Lookahead 1 (the perspective attacks: Bounds.floor_parts): the combat goes
                # on into the next turn, valued at the floor of Game.crack_back_floor — the
                # defending player's creatures not destroyed here all deal their damage
                # unblocked and gain their lifelink.
                dmg, psn, gain = self.crack
                lm2, pm2 = lm - (dmg - v[9]), pm + (psn - v[10])
                if lm2 <= 0 or pm2 >= 10:
                    score = -win
                else:
                    t = self.perm0 + v[8]
                    t += (ev.life_value(lm2) + ev.poison_value(pm2) - ev.life_value(lx + gain - v[11])
                          - ev.poison_value(px))
                    score = ev.clamp(t)
            else:
                t = self.perm0 + v[8]
                t += ev.life_value(lm) + ev.poison_value(pm) - ev.life_value(lx) - ev.poison_value(px)
                score = ev.clamp(t)
        return self.sign * (score + mana)

    def slow_value(self, v: tuple[int, ...], mana: int) -> int:
        """:meth:`value` by :meth:`Values.fast_score` itself (for the tests)."""
        game = self.game
        score = game.values.fast_score([self.leaf(v)])
        assert score is not None  # two players (bb_applies)
        return game.facts.sign * (score + mana)

    def dominated(self, v: tuple[int, ...], w: tuple[int, ...]) -> bool:
        """``v`` is no better than ``w`` for the attacking player in every component."""
        return all(k * (x - y) <= 0 for k, x, y in zip(self.orient, v, w))

    def pareto(self, vs: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        for v in sorted(set(vs), key=lambda x: -sum(k * y for k, y in zip(self.orient, x))):
            if not any(self.dominated(v, w) for w in out):
                out.append(v)
        return out


def _lethal_need(game: Game, b: str) -> int | None:
    """Lethal damage of the creature ``b`` when damage can destroy it (toughness less damage
    marked, 120.4a, 704.5g); ``None`` when it can't be counted on: indestructible
    (702.12b), protection (702.16e: the damage may be prevented), or no toughness left."""
    from redzone.models.abilities import Protection

    q = game.facts.board.permanents[b]
    need = (q.toughness or 0) - q.damage
    if (need <= 0 or game.facts.board.has_keyword(q, "indestructible")
            or any(isinstance(x, Protection) for x in q.abilities)):
        return None
    return need


def _blocked_at_most(left: int) -> int:
    """How many attackers ``left`` creatures that may block one each can block at most."""
    return left


def _add(v: tuple[int, ...], w: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(v, w))


def branch_and_bound(game: Game, attack: Mapping[str, str], attack_cost: int,
                     problem: bp_mod.BlockProblem, floor: int, beta: int,
                     incumbent: tuple[int, dict[str, list[str]]] | None
                     ) -> tuple[int, dict[str, list[str]] | None, bool] | None:
    """The defending player's best block against ``attack`` by branch and bound, where
    :func:`bb_applies` holds (``None`` otherwise, or when a damage game turns out to hold a
    choice of the defending player; nothing is then claimed).

    Attackers are taken one at a time and given a set of blockers among those not used yet
    (one multiset per symmetry class of identical blockers; identical attackers take
    non-decreasing sets; "blocked by at least/at most N" restrictions of that attacker,
    702.111b, are obeyed at once, every other rule of 509.1b-d is judged on the whole block
    by the generic search's filter). A partial block is dropped when its *bound* is at or
    above the best value so far (``incumbent``, or ``beta``):

    **The bound** (attacker view, proved ≤ the value of every completion). The value of a
    block at lookahead 0 is the attacking player's best choice of damage assignment in
    every unit (each attacker with its blockers; only the attacking player chooses, so it
    is the maximum over one leaf per unit) of the evaluation of the summed changes
    (:meth:`Values.fast_score`). That evaluation is monotone in each summed component: it
    does not fall when the attacking player's life rises or the defending player's falls
    (``life_value`` increases with life; a player at 0 life or 10 poison has lost, 704.5a,
    704.5c, worth ``∓win`` beyond every clamped score), when the defending player's poison
    rises or the attacking player's falls (``poison_value`` decreases with poison), when
    the same changes happen in the first-strike step (where the defending player dying
    ends the game as a win), or when the permanents' part rises (the sum of signed
    creature values). So replacing the leaves of the units not decided yet by a vector
    *componentwise no better for the attacking player* than any leaf they can have gives a
    lower bound, and the attacking player's maximum over the decided units' leaves keeps
    it (the max over a product of flat games with one part fixed lower is lower). For each
    attacker not decided yet, on a board of keywords only (:func:`bb_applies`):

    - no creature left can block it: its unblocked unit's leaf, exactly (510.1a);
    - else *optimistic*: it deals no damage and gives no poison to anyone (blocking
      creatures deal damage only to the attackers they block, 510.1c-d, and a blocked
      creature's trample damage is at least 0), the attacking player gains no life
      (lifelink gains only, 702.15b), no defending creature dies or gets counters, and
      the attacker dies (its value 0, at most what it is worth alive with any counters,
      creature values being at least 0) — unless the creatures left that may block it
      can't deal it lethal damage together (power, twice with double strike; deathtouch,
      infect or wither counting as lethal), when it survives unchanged; and, when it
      surely destroys a blocker (below), the least valuable of those it may meet dies;
    - *a sure kill*: when every creature left that may block it is one it can destroy
      alone — lethal damage (toughness less damage marked, 120.4a; 1 from a deathtouch
      source, 702.2c) at most its power, and neither indestructible (702.12b) nor with
      protection (702.16e) — and it surely deals its damage (it has first or double
      strike, 510.4, or the first strikers among them can't deal it lethal damage
      together), then whatever nonempty set of them blocks it, its controller may assign
      lethal damage to one of them and the rest to the same one (510.1c-d; trample excess
      is optional, 702.19b), and that one is destroyed (704.5g-h; 704.5f with wither or
      infect). That leaf of its unit is componentwise at least the vector above with
      the least value among those blockers taken off the defending player — the leaf
      exists, and the attacking player's best leaf is at least it. Not claimed under the
      2023 rules (a damage assignment order may constrain the assignment) nor with
      banding (702.22j: the defending player would divide the damage);
    - at most as many of them are blocked as there are creatures left that may block one
      of them (each blocks one attacker here): when more are open, the sum of their
      unblocked leaves is taken less, component by component, the largest savings of that
      many of them (each component of the saving of an attacker blocked rather than
      unblocked is at least 0, so the true saving of any such set is at most that);
    - every creature left with lifelink may gain its controller its power (twice with
      double strike) in either step.

    **Lookahead 1** (where :func:`crack_back_applies`). A block's value is then the value
    after the next player's best attack. In every position after this combat that does
    not end the game, the attacking player may answer any attack of the next player with
    no block (legal: nobody can block, or no requirement, 509.1c), and that answer's value
    is at least :meth:`Bounds.crack_back_floor`'s: every creature of the next player that
    survived this combat attacking and dealing all its damage (power, twice with double
    strike; poison with infect and toxic) unblocked and gaining all its lifelink life,
    which only lowers the evaluation (an attack deals at most that; their attack costs
    only raise it). So the value of a block is at least the attacking player's best leaf
    combination valued at that floor. The floor reads this combat through the same summed
    changes plus three more: the damage, poison and lifelink life of the defending
    player's creatures destroyed in this combat (they can't attack back), which the floor
    only rises with (fewer attackers next turn); an attacker not decided yet destroys none
    of them (the open part above), so the bound stays a lower bound of every completion.
    At a complete block the floor is only a bound: the block's own value (with the
    crack-back searched, exact below the best so far) decides.

    Block costs only add to the attacking player's value (the mana term), so the bound
    counts none. ``floor``: a proved lower bound of every block (the search stops when it
    reaches it). Returns (value, block, exact) — exact when the search ran to its end: the
    value is then the minimum over legal blocks when below ``beta``, else a proved lower
    bound at or above ``beta`` (the block is then the incumbent's); or ``None``.
    :class:`redzone.solver.ai.search.Timeout` ends it with the best block so far (exact
    ``False``)."""
    from redzone.solver.ai.clock import Timeout

    if not bb_applies(game, attack, problem):
        return None
    la1 = game.status.lookahead == 1  # bb_applies: crack_back_applies holds
    vec = _Vectors(game, crack=la1)
    orient = vec.orient
    n = len(orient)
    zero = (0,) * n
    ext = (0,) * (n - 9)
    check = game.declarations.block_filter(problem)
    blockers = _blockers(problem)
    allowed = {b: set(problem.allowed[b]) for b in blockers}
    fs = game.facts.strikes_first
    kw = game.facts.board.has_keyword
    ev = game.ev
    classes = game.facts.classes
    mins: dict[str, int] = {}
    maxs: dict[str, int] = {}
    for r in problem.restrictions:
        if isinstance(r, bp_mod.MinBlockers):
            mins[r.attacker] = max(mins.get(r.attacker, 0), r.minimum)
        elif isinstance(r, bp_mod.MaxBlockers):
            maxs[r.attacker] = min(maxs.get(r.attacker, r.maximum), r.maximum)
    gain = {b: game.combatants.gain(b) for b in blockers}
    harm = {b: game.combatants.harm(b) for b in blockers}
    room = {a: game.combatants.room(a) for a in attack}
    dead = {a: -ev.permanent_score(a) for a in attack}  # perspective change when it dies
    mana0 = game.values.mana_term(attack_cost, 0)
    sign = game.facts.sign
    perms = game.facts.board.permanents
    need = {b: _lethal_need(game, b) for b in blockers}
    kill_gain = {b: -ev.permanent_score(b) for b in blockers}  # perspective change when it dies
    no_claim = game.facts.board.rules == "2023" or any(kw(perms[x], "banding") for x in (*attack, *blockers))

    def kills(a: str, group: Any) -> int:
        """The perspective change, at worst for the attacking player, from the blockers ``a``
        surely destroys when blocked by any nonempty part of ``group`` (see the docstring:
        it assigns lethal damage to one of them); 0 when no kill is sure."""
        if no_claim:
            return 0
        power = max(perms[a].power or 0, 0)
        if not power:
            return 0
        if a not in fs and sum(harm[b] for b in group if b in fs) >= room[a]:
            return 0  # its first-striking blockers might destroy it first (510.4)
        dt = kw(perms[a], "deathtouch")
        worst = None
        for b in group:
            n = need[b]
            if n is None or (1 if dt else n) > power:
                return 0
            g = sign * kill_gain[b]
            if worst is None or g < worst:
                worst = g
        return 0 if worst is None else sign * worst

    def steps_of(a: str, group: tuple[str, ...]) -> tuple[str, ...]:
        return _TWO if a in fs or any(b in fs for b in group) else ("regular",)

    unblocked: dict[str, tuple[int, ...]] = {}
    for a, t in attack.items():
        tree = game.units.unit_tree((((a, t),), ()), steps_of(a, ()))
        if not isinstance(tree, Leaf):
            return None
        unblocked[a] = vec.of(tree)
    can = {a: [b for b in blockers if a in allowed[b]] for a in attack}

    def lethal(a: str, group: Any) -> bool:
        total = 0
        for b in group:
            total += harm[b]
            if total >= room[a]:
                return True
        return False

    def optimistic(a: str, group: Any) -> tuple[int, ...]:
        return (0, 0, 0, 0, 0, 0, 0, 0, (dead[a] if lethal(a, group) else 0) + kills(a, group)) + ext

    def gains(group: Any) -> tuple[int, ...]:
        g = sum(gain[b] for b in group)
        return (0, g, 0, 0, 0, g, 0, 0, 0) + ext if g else zero

    open_memo: dict[Any, tuple[int, ...]] = {}

    def open_part(i: int, left: frozenset[str]) -> tuple[int, ...]:
        """A vector no better for the attacking player than the leaves of the attackers
        from ``order[i]`` on in any completion with the blockers ``left`` (see the
        docstring)."""
        key = (i, left)
        got = open_memo.get(key)
        if got is None:
            got = open_memo[key] = _open_part(order[i:], left)
        return got

    def _open_part(open_: list[str], left: frozenset[str]) -> tuple[int, ...]:
        total = gains(left)
        blockable = []
        used: set[str] = set()
        for a in open_:
            group = [b for b in can[a] if b in left]
            if group:
                blockable.append((a, group))
                used.update(group)
            else:
                total = _add(total, unblocked[a])
        if not blockable:
            return total
        k = _blocked_at_most(len(used))
        opts = [optimistic(a, group) for a, group in blockable]
        if len(blockable) <= k:
            for o in opts:
                total = _add(total, o)
            return total
        base = zero
        savings: list[list[int]] = [[] for _ in range(n)]
        for (a, _), o in zip(blockable, opts):
            u = unblocked[a]
            base = _add(base, u)
            for i in range(n):
                savings[i].append(max(0, orient[i] * (u[i] - o[i])))
        out = list(_add(total, base))
        for i in range(n):
            top = sum(sorted(savings[i], reverse=True)[:k])
            out[i] -= orient[i] * top
        return tuple(out)

    # Attackers: those nothing can block first (one child each), then identical ones
    # together, the most damaging first.
    def damage(a: str) -> int:
        perm = game.facts.board.permanents[a]
        return max(perm.power or 0, 0) * (2 if kw(perm, "double strike") else 1)

    order = sorted(attack, key=lambda a: (bool(can[a]), -damage(a), classes.get(a, -1), a))
    same_prev = [i > 0 and classes.get(order[i], ("u", order[i])) == classes.get(order[i - 1], ("u", order[i - 1]))
                 for i in range(len(order))]
    class_order: dict[Any, int] = {}
    for b in blockers:
        class_order.setdefault(classes.get(b, ("unique", b)), len(class_order))

    best_value = incumbent[0] if incumbent is not None else INF
    best_blocks = incumbent[1] if incumbent is not None else None
    low = INF  # least bound of what was dropped (the fail-high bound)
    assign: dict[str, tuple[str, ...]] = {}
    tree_vecs: dict[Any, Any] = {}  # (attacker, blockers) -> Pareto vectors, None: a choice

    def unit_vecs(a: str, group: tuple[str, ...]) -> list[tuple[int, ...]] | None:
        key = (a, group)
        got = tree_vecs.get(key, False)
        if got is False:
            unit = (((a, attack[a]),), tuple((b, (a,)) for b in sorted(group)))
            tree = game.units.unit_tree(unit, steps_of(a, group))
            flat = game.units.flat.get(id(tree))
            got = None if flat is None else vec.pareto([vec.of(x) for x in flat])
            tree_vecs[key] = got
        return got

    def bound(pareto: list[tuple[int, ...]], extra: tuple[int, ...], bar: int) -> int:
        best = -INF
        for p in pareto:
            v = vec.value(_add(p, extra), mana0)
            if v > best:
                best = v
                if best >= bar:
                    break
        return best

    class _NotFlat(Exception):
        pass

    def rec(i: int, pareto: list[tuple[int, ...]], left: frozenset[str], prev_key: Any) -> None:
        nonlocal best_value, best_blocks, low
        game.clock.tick()
        if i == len(order):
            blocks = {b: [a] for a, group in assign.items() for b in group}
            cost = check(blocks)
            if cost is None:
                return
            mana = game.values.mana_term(attack_cost, cost)
            v = -INF
            for p in pareto:
                v = max(v, vec.value(p, mana))
            if la1 and v < best_value:
                # v is only the floor of the value after the next player's attack: the
                # block's value itself (exact below the best so far, Game.damage_value).
                v, _ = game.values.damage_value(attack, blocks, mana, -INF, best_value)
            if v < best_value:
                best_value, best_blocks = v, blocks
            return
        a = order[i]
        avail = [b for b in can[a] if b in left]
        by: dict[Any, list[str]] = {}
        for b in avail:
            by.setdefault(classes.get(b, ("unique", b)), []).append(b)
        keys = sorted(by, key=class_order.__getitem__)
        lo_n, hi_n = mins.get(a, 0), maxs.get(a, len(avail))
        children = []
        for counts in itertools.product(*(range(len(by[c]) + 1) for c in keys)):
            n = sum(counts)
            if n and (n < lo_n or n > hi_n):
                continue  # 702.111b and the like: this attacker's blockers are final here
            ckey = tuple(sorted((class_order[c], k) for c, k in zip(keys, counts) if k))
            if same_prev[i] and prev_key is not None and ckey < prev_key:
                continue  # identical attackers: one order of their blocker sets
            group = tuple(b for c, k in zip(keys, counts) for b in by[c][:k])
            new_left = left.difference(group)  # a frozenset
            if group:
                cheap = _add(_add(optimistic(a, group), gains(group)), open_part(i + 1, new_left))
            else:
                cheap = _add(unblocked[a], open_part(i + 1, new_left))
            bar = min(best_value, beta)
            children.append((bound(pareto, cheap, bar), ckey, group, new_left))
        children.sort(key=lambda c: c[0])
        for cheap_bound, ckey, group, new_left in children:
            bar = min(best_value, beta)
            if cheap_bound >= bar:
                low = min(low, cheap_bound)
                break
            if best_value <= floor:
                return
            if group:
                vs = unit_vecs(a, group)
                if vs is None:
                    raise _NotFlat
                child = vec.pareto([_add(p, v) for p in pareto for v in vs])
            else:
                child = [_add(p, unblocked[a]) for p in pareto]
            b2 = bound(child, open_part(i + 1, new_left), bar)
            if b2 >= bar:
                low = min(low, b2)
                continue
            assign[a] = group
            rec(i + 1, child, new_left, ckey)
            del assign[a]

    exact = True
    try:
        rec(0, [zero], frozenset(blockers), None)
    except _NotFlat:
        return None
    except Timeout:
        exact = False
    if best_value <= floor or best_value < beta:
        return best_value, best_blocks, exact
    return min(best_value, low), best_blocks, exact
