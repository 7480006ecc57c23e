"""Proved bounds of a whole combat game for an unfinished search (issue 9, §3, §6):
:func:`attack_ceiling`, an upper bound of every declaration's value, and
:func:`block_floor`, a lower bound of every block's value against given attackers, worked
out only when a time limit cut the search (one damage game per attacking creature with
each candidate blocker). Keyword boards only (:data:`redzone.solver.ai.bounds.static._FLOOR_SAFE`);
``None`` elsewhere. Values are attacker-view milli-points. The proofs: docs/ai.md ("What the
ceiling's proofs use", "The bound of an unfinished search").
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from redzone.models import block_problem as bp_mod
from redzone.models.abilities import Toxic
from redzone.models.attack_rules import attack_problem
from redzone.models.block_rules import block_problems
from redzone.models.limits import check_time
from redzone.solver.ai.position import next_turn_board
from redzone.solver.ai.bounds.static import _FLOOR_SAFE
from redzone.solver.ai.tree import Leaf, Node

if TYPE_CHECKING:
    from redzone.solver.ai.search import Game

__all__ = ["attack_ceiling", "block_floor"]

_STAGE = "the bound of an unfinished search"
"""What :class:`redzone.models.limits.TimeLimitReached` names when the command's budget runs
out here (issue 25 §1: the bound is then skipped, and stays a won game)."""

# Abilities that are block requirements (509.1c): with one on the board, "no block" may be
# illegal.
_BLOCK_REQUIREMENTS = frozenset({"BlocksEachCombat", "MustBeBlocked", "AllMustBlock"})

# One unit's best (or worst) result for the attacking player, componentwise:
# (opponent's life change, opponent's poison change, own life change, permanents' part change).
Vector = tuple[int, int, int, int]
_ZERO: Vector = (0, 0, 0, 0)


def _keyword_board(game: Game) -> bool:
    """Whether the bounds apply to ``game``'s board (see the module docstring) with the
    active player as the perspective."""
    board = game.facts.board
    if not game.facts.two or game.facts.commander or game.facts.sign != 1 or board.has_combat_effects:
        return False
    scenario = board.scenario
    if getattr(scenario, "effects", None) or getattr(getattr(scenario, "combat", None), "bands", None):
        return False
    if game.ev.layer_sources or game.ev.condition_sources:
        return False
    for p in board.permanents.values():
        if p.is_a("Battle"):
            return False
        if any(type(a).__name__ not in _FLOOR_SAFE for a in p.abilities):
            return False
    return True


def _fresh(game: Game) -> Any:
    """A game of the same question with caches of its own, so that :attr:`Status.exact`
    tells whether the damage games played here were exact (a cut-short search may have
    cleared it, and its cached units may have been cut)."""
    from redzone.solver.ai.search import Game

    return Game(game.facts.board, game.facts.perspective, game.facts.weights, game.status.lookahead, None)


def _steps(game: Game, ids: set[str]) -> list[tuple[str, ...]]:
    """The damage steps a unit of these combatants may be played with (510.4): two when one
    of them strikes first; otherwise one, or either when some other creature of the board
    strikes first (the combat's steps depend on the whole declaration and block)."""
    fs = game.facts.strikes_first
    if not fs:
        return [("regular",)]
    if not fs.isdisjoint(ids):
        return [("first-strike", "regular")]
    return [("regular",), ("first-strike", "regular")]


def _leaves(tree: Any) -> list[Leaf]:
    """Every leaf of a unit's damage game, whoever's choice leads there."""
    if isinstance(tree, Leaf):
        return [tree]
    out: list[Leaf] = []
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, Node):
            stack.extend(t.children)
        else:
            out.append(t)
    return out


def _unit_extremes(game: Game, attacker: str, target: str, blockers: tuple[str, ...],
                   best: bool) -> Vector | None:
    """The componentwise best (``best``) or worst result for the attacking player of the
    unit ``attacker`` → ``target`` blocked by ``blockers``, over every leaf of its damage
    game under every step structure it may have: (opponent's life change, their poison
    change, own life change, permanents' part change). The best counts the first-strike
    step's changes too (play stops when the opponent loses there: a won game, which the
    best must not miss); the worst needs only the end of combat (a combat stopped early is a
    won game, above any bound). ``None`` when a damage game could not be played exactly
    (:attr:`Status.exact` cleared)."""
    me, o = game.facts.perspective, game.facts.opponents[0]
    unit = (((attacker, target),), tuple((b, (attacker,)) for b in sorted(blockers)))
    pick_o, pick_me = (min, max) if best else (max, min)
    olife = opsn = mylife = perm = None
    for steps in _steps(game, {attacker, *blockers}):
        tree = game.units.unit_tree(unit, steps)
        if not game.status.exact:  # (a game of its own: see _fresh)
            return None
        for leaf in _leaves(tree):
            for delta in (leaf.delta, leaf.first) if best and leaf.first is not None else (leaf.delta,):
                life = dict(delta[0])
                poison = dict(delta[1])
                xs = (life.get(o, 0), poison.get(o, 0), life.get(me, 0))
                olife = xs[0] if olife is None else pick_o(olife, xs[0])
                opsn = xs[1] if opsn is None else pick_me(opsn, xs[1])
                mylife = xs[2] if mylife is None else pick_me(mylife, xs[2])
            perm = leaf.value if perm is None else pick_me(perm, leaf.value)
    assert olife is not None and opsn is not None and mylife is not None and perm is not None
    return (olife, opsn, mylife, perm)


def _better(a: Vector, b: Vector) -> Vector:
    """Componentwise best for the attacking player of two results."""
    return (min(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _score(game: Game, life: Mapping[str, int], poison: Mapping[str, int], perm: int) -> int:
    """The evaluation of a position on a keyword board from its players' totals and its
    permanents' part (:meth:`Values.fast_score`'s sum)."""
    ev = game.ev
    me = game.facts.perspective
    if life[me] <= 0 or poison[me] >= 10:
        return -ev.win
    if any(life[p] <= 0 or poison[p] >= 10 for p in life if p != me):
        return ev.win
    v = perm
    for p in life:
        v += ev.player_score(p, life[p], poison[p])
    return ev.clamp(v)


def _strike(board: Any, perm: Any) -> tuple[int, int, int]:
    """(life, poison, life gained) one creature's combat damage does to the player it
    attacks when nobody blocks it, on a keyword board: its power, twice with double strike
    (702.4c), as poison with infect (702.90b), plus toxic per damage event (702.164c), and
    gained with lifelink (702.15b); nothing with 0 power (no damage dealt, 510.1a)."""
    kw = board.has_keyword
    power = max(perm.power or 0, 0)
    if power == 0:
        return (0, 0, 0)
    strikes = 2 if kw(perm, "double strike") else 1
    toxic = sum(a.amount for a in perm.abilities if isinstance(a, Toxic)) * strikes
    if kw(perm, "infect"):
        return (0, power * strikes + toxic, power * strikes if kw(perm, "lifelink") else 0)
    return (power * strikes, toxic, power * strikes if kw(perm, "lifelink") else 0)


# ============================================================================ attack ceiling


def _rules(problem: bp_mod.BlockProblem, avoid: frozenset[str]
           ) -> tuple[dict[str, int], dict[str, int], set[str], int | None, dict[str, list[str]]]:
    """What a fixed block σ must obey (see :func:`_sigma`): per attacking creature the least
    and most blockers (menace 702.111b; "can't be blocked by more than one"), the creatures
    that must stay unblocked in σ (blocked only by all, Tromokratis), the cap on blocking
    creatures, and per attacking creature the blockers that may block it alone at no cost
    (509.1a-b, d), leaving out ``avoid`` and creatures that may block only together with
    others (509.1b)."""
    lo: dict[str, int] = {}
    hi: dict[str, int] = {}
    none: set[str] = set()
    banned: set[str] = set(avoid)
    cap: int | None = None
    for r in problem.restrictions:
        if isinstance(r, bp_mod.MinBlockers):
            lo[r.attacker] = max(lo.get(r.attacker, 1), r.minimum)
        elif isinstance(r, bp_mod.MaxBlockers):
            hi[r.attacker] = min(hi.get(r.attacker, r.maximum), r.maximum)
        elif isinstance(r, bp_mod.AllOrNothing):
            none.add(r.attacker)
        elif isinstance(r, bp_mod.BlockerCap):
            cap = r.maximum if cap is None else min(cap, r.maximum)
        else:  # a blocker that may block only with others (509.1b): kept out
            banned.add(r.blocker)  # type: ignore[union-attr]
    may: dict[str, list[str]] = {}
    for b in problem.blockers:
        if b in banned or problem.blocker_costs.get(b, 0) or problem.blocker_life_costs.get(b, 0):
            continue
        for a in problem.allowed.get(b, ()):
            if problem.pair_costs.get((b, a), 0) or problem.pair_life_costs.get((b, a), 0):
                continue
            may.setdefault(a, []).append(b)
    return lo, hi, none, cap, may


def _sigma(game: Game, problem: bp_mod.BlockProblem, attackers: list[str], o: str,
           avoid: frozenset[str], scale: int, constrained: bool,
           seen: dict[tuple[str, tuple[str, ...]], Vector]) -> dict[str, tuple[str, ...]] | None:
    """A fixed block σ (attacking creature → its blockers) such that for *every* declaration
    D, σ cut down to D (each blocker of an attacking creature blocks it, the others don't
    block) is a legal block: pairs allowed (509.1a-b), no cost (509.1d), as many blockers
    as a creature's minimum asks (menace, 702.111b) and no more than its maximum, no blocker
    under a group restriction, no more blockers than a cap (509.1b). Built greedily (with
    ``constrained``, the creatures with the fewest possible blockers first; otherwise the
    most harmful first), each given the blockers that make its
    best result (:func:`_unit_extremes`, cached in ``seen``) smallest by a linear stand-in
    for the evaluation whose life and poison weights are multiplied by ``scale`` (a large
    scale prefers keeping damage off the player to keeping blockers alive); ``avoid``:
    creatures kept out of σ. ``None`` when a damage game could not be played exactly."""
    lo, hi, none, cap, may = _rules(problem, avoid)
    ev = game.ev
    base = game.facts.base_life
    me = game.facts.perspective
    # A linear stand-in for the evaluation near the starting position, to rank choices.
    m_o = scale * max(ev.life_value(base[o]) - ev.life_value(base[o] - 1) if base[o] > 1 else 1000, 1)
    m_me = ev.life_value(base[me] + 1) - ev.life_value(base[me])
    p0 = game.facts.base_poison[o]
    m_p = scale * max(ev.poison_value(p0) - ev.poison_value(p0 + 1), 1)

    def proxy(v: Vector) -> int:
        return -v[0] * m_o + v[1] * m_p + v[2] * m_me + v[3]

    def best(a: str, bl: tuple[str, ...]) -> Vector | None:
        key = (a, bl)
        got = seen.get(key)
        if got is None:
            x = _unit_extremes(game, a, o, bl, True)
            if x is None:
                return None
            got = seen[key] = _better(_ZERO, x)  # not attacking with it is a choice too
        return got

    free: dict[str, Vector] = {}
    for a in attackers:
        check_time(_STAGE)  # issue 25 §1: one damage game per creature, under the budget
        v = best(a, ())
        if v is None:
            return None
        free[a] = v
    sigma: dict[str, tuple[str, ...]] = {}
    used: set[str] = set()
    perms = game.facts.board.permanents
    order = ((lambda x: (len(may.get(x, ())), -proxy(free[x]))) if constrained
             else (lambda x: -proxy(free[x])))
    for a in sorted(attackers, key=order):
        check_time(_STAGE)
        k = lo.get(a, 1)
        if a in none or (a in hi and hi[a] < k) or (cap is not None and len(used) + k > cap):
            continue
        cands = [b for b in may.get(a, ()) if b not in used]
        if len(cands) < k:
            continue
        now = proxy(free[a])
        choice: tuple[str, ...] | None = None
        if k == 1:
            for b in cands:
                v = best(a, (b,))
                if v is None:
                    return None
                if proxy(v) < now:
                    now, choice = proxy(v), (b,)
        else:
            cands.sort(key=lambda b: (-(perms[b].power or 0), -(perms[b].toughness or 0)))
            v = best(a, tuple(sorted(cands[:k])))
            if v is None:
                return None
            if proxy(v) < now:
                choice = tuple(sorted(cands[:k]))
        if choice is not None:
            sigma[a] = choice
            used.update(choice)
    return sigma


#: Multipliers of the life and poison weights of :func:`_sigma`'s stand-in; a σ is built
#: with each and the smallest bound kept (each is proved).
SCALES = (1, 4, 32, 1000)


def attack_ceiling(game: Game) -> int | None:
    """A proved upper bound of the value of every legal declaration of attackers of
    ``game`` (attacker view, milli-points: the game's value is at most this), or ``None``
    when it does not apply: not a keyword board (module docstring), a block requirement
    (509.1c) or an attacking creature that can't attack the defending player, lookahead 1
    when the next player might have to attack (508.1d), or a damage game too large to play.

    Proof. (1) *One block for every declaration.* With no block requirement, a block
    breaking no restriction and costing nothing is legal (509.1b-d). σ (:func:`_sigma`)
    gives each creature that may attack a set of blockers such that σ cut down to any
    declaration D is such a block (on these boards the block rules of an attack are those of
    every attacking creature cut down to it, :func:`redzone.models.block_rules.
    uniform_block_rules`). The defending player minimises, so value(D) ≤ value(D, σ|D).
    (2) *Per creature.* Under σ|D each attacking creature with its σ-blockers is a unit apart
    (no shared blocker; creatures attacking one planeswalker share it, see (4)), and the
    combat's result is the units' changes added up (life, poison, the permanents' part).
    Each unit's change is one leaf of its damage game, so it is at most, componentwise for
    the attacking player, the best over its leaves (with the first-strike step's changes,
    where play may stop); a creature not in D adds nothing, so the best is taken with the
    zero change. Summing these bests over every creature that may attack gives a position
    at least as good, componentwise, as the result of any D with any damage, and the score
    is monotone (module docstring): value(D, σ|D) at lookahead 0 is at most its score. The
    permanents' part is also at most the perspective's own permanents' value (every
    opponent's permanent gone, none of the perspective's hurt). Life paid or mana spent for
    the attack only lower the value; σ costs the defending player nothing. (3) *The opponent
    loses?* When the summed change takes the opponent to 0 life or 10 poison, the bound is a
    won game (some D may win). (4) *Planeswalkers.* The units are played with each creature
    attacking the defending player: attacking a planeswalker instead does no more to the
    player or to the blockers (blocked, its damage goes to its blockers first; with
    trample, what is left goes to the planeswalker before the player, 702.19b-c), and each
    opponent's planeswalker some creature may attack is counted as destroyed. (5) *Lookahead
    1.* When the next player has no attack requirement (508.1d) they may attack with any set
    of creatures that no creature of the perspective can block at all (pairs allowed on
    their turn's board, with every creature of the perspective untapped: fewer untapped
    blockers only block less, 509.1a) and that have no restriction or cost: those creatures
    not in σ are untouched by this combat (only blockers are dealt damage, 510.1c), so they
    deal their power (twice with double strike) to the perspective, as poison with infect
    plus toxic, and gain their controller life with lifelink. Their best attack is at least
    as good for them, so the value after their turn is at most the score with that taken
    (with none of them, it is the score right after combat: they may not attack). The score
    after it is monotone in the position after combat, so the summed bound of (2) with
    that attack applied bounds every line. σ is built twice, once keeping those creatures
    out of it, with several weightings (:data:`SCALES`) and orders, and the best improved by
    local search (:func:`_improve`); the smallest bound is returned."""
    if not _keyword_board(game):
        return None
    game = _fresh(game)
    if game.status.lookahead == 1 and not game.facts.crack_back_bounded:
        return None
    board = game.facts.board
    if any(type(a).__name__ in _BLOCK_REQUIREMENTS for p in board.permanents.values() for a in p.abilities):
        return None
    problem = game.facts.problem
    me, o = game.facts.perspective, game.facts.opponents[0]
    attackers = [c for c in problem.creatures if problem.allowed.get(c)]
    pws = {t for c in attackers for t in problem.allowed[c] if t != o}
    if any(o not in problem.allowed[c] for c in attackers):
        return None
    if not attackers:
        return _score(game, game.facts.base_life, game.facts.base_poison, game.facts.base_perm)
    bp = game.facts.uniform
    if bp is None or bp.requirements or bp.defending_player != o:
        return None
    own = sum(max(game.ev.permanent_score(pid), 0) for pid in board.permanents)
    pw_gain = sum(-game.ev.permanent_score(t) for t in pws)  # counted as destroyed
    crack = _crack_back_candidates(game) if game.status.lookahead == 1 else {}
    if crack is None:
        return None
    seen: dict[tuple[str, tuple[str, ...]], Vector] = {}
    ev = game.ev

    def key(sigma: Mapping[str, tuple[str, ...]]) -> int:
        """The bound σ proves; past a won game, how far past (to compare σs)."""
        total = _ZERO
        for a in attackers:
            v = seen[(a, sigma.get(a, ()))]
            total = (total[0] + v[0], total[1] + v[1], total[2] + v[2], total[3] + v[3])
        life = dict(game.facts.base_life)
        poison = dict(game.facts.base_poison)
        life[o] += total[0]
        poison[o] += total[1]
        life[me] += total[2]
        perm = min(game.facts.base_perm + total[3] + pw_gain, own)
        if life[o] <= 0 or poison[o] >= 10:
            return ev.win + 1000 * (1 + max(-life[o], 0) + max(poison[o] - 10, 0))
        blockers = {b for bl in sigma.values() for b in bl}
        for c, (dmg, psn, gain) in crack.items():
            if c not in blockers:
                life[me] -= dmg
                poison[me] += psn
                life[o] += gain
        return _score(game, life, poison, perm)

    best = None
    for avoid, scale, constrained in itertools.product({frozenset(), frozenset(crack)}, SCALES,
                                                       (True, False)):
        sigma = _sigma(game, bp, attackers, o, avoid, scale, constrained, seen)
        if sigma is None:
            return None
        k = key(sigma)
        if best is None or k < best[0]:
            best = (k, sigma)
    assert best is not None
    got = _improve(game, bp, attackers, o, best[1], best[0], key, seen)
    if got is None:
        return None
    return min(got, ev.win)


def _improve(game: Game, problem: bp_mod.BlockProblem, attackers: list[str], o: str,
             sigma: dict[str, tuple[str, ...]], now: int, key: Any,
             seen: dict[tuple[str, tuple[str, ...]], Vector]) -> int | None:
    """Local search on σ (each σ is a legal block for every declaration, :func:`_sigma`, so
    each proves its bound): give one creature's blocker to another (swapping when the two
    may each block the other's), or unblock one, while the bound falls; at most
    :data:`PASSES` passes. Returns the smallest bound found (``key`` of σ), ``None`` when a
    damage game could not be played exactly."""
    lo, hi, none, cap, may = _rules(problem, frozenset())
    single = [a for a in attackers if lo.get(a, 1) == 1 and hi.get(a, 1) >= 1 and a not in none]
    for _ in range(PASSES):
        improved = False
        for a in single:
            owner = {b: x for x, bl in sigma.items() for b in bl}
            mine = sigma.get(a, ())
            options: list[dict[str, tuple[str, ...]]] = []
            if mine:
                options.append({x: bl for x, bl in sigma.items() if x != a})
            for b in may.get(a, ()):
                if (b,) == mine:
                    continue
                trial = dict(sigma)
                trial[a] = (b,)
                other = owner.get(b)
                if other is not None and other != a:
                    if mine and len(sigma[other]) == 1 and mine[0] in may.get(other, ()):
                        trial[other] = mine  # swap
                    else:
                        trial[other] = tuple(x for x in sigma[other] if x != b)
                        if len(trial[other]) < lo.get(other, 1):
                            del trial[other]
                        elif not trial[other]:
                            del trial[other]
                elif cap is not None and not mine and len(owner) + 1 > cap:
                    continue
                options.append(trial)
            for trial in options:
                check_time(_STAGE)
                for x, bl in trial.items():
                    if (x, bl) not in seen:
                        v = _unit_extremes(game, x, o, bl, True)
                        if v is None:
                            return None
                        seen[(x, bl)] = _better(_ZERO, v)
                k = key(trial)
                if k < now:
                    now, sigma, improved = k, trial, True
                    break
        if not improved:
            break
    return now


#: Most passes of :func:`_improve` over the attacking creatures.
PASSES = 4


def _crack_back_candidates(game: Game) -> dict[str, tuple[int, int, int]] | None:
    """The next player's creatures that may attack the perspective on their turn with no
    restriction or cost and that no creature of the perspective can block (every one of
    them taken as untapped), with (life, poison, gain) each deals unblocked
    (:func:`_strike`); ``{}`` when there is a group restriction; ``None`` when the next
    player has an attack requirement (508.1d)."""
    me, o = game.facts.perspective, game.facts.opponents[0]
    board2 = next_turn_board(game.facts.board, game.facts.base, {}, o)
    p2 = attack_problem(board2)
    if p2.requirements:
        return None
    if p2.restrictions:
        return {}
    cands = {c: me for c in p2.creatures if me in (p2.allowed.get(c) or ())
             and not p2.costs.get((c, me), 0) and not p2.life_costs.get((c, me), 0)}
    if not cands:
        return {}
    probs = block_problems(board2, cands)
    blockable = {a for p in probs for b in p.blockers for a in p.allowed.get(b, ())}
    out = {}
    for c in cands:
        if c not in blockable:
            x = _strike(board2, board2.permanents[c])
            if any(x):
                out[c] = x
    return out


# ============================================================================ block floor


def block_floor(game: Game, attack: Mapping[str, str]) -> int | None:
    """A proved lower bound of the value (attacker view, milli-points) of every legal block
    against ``attack`` (the attackers declared and paid for: ``choose_blocks``), so the
    defending players' value is at most minus this; ``None`` when it does not apply (not a
    keyword board, or a damage game too large to play).

    Proof. Whatever the block, each attacking creature that some creature may block (pairs
    allowed, 509.1a-b) is at worst destroyed having dealt no damage to a player (blocked,
    its damage goes to its blockers, 510.1c; if unblocked it deals damage, which only helps
    the attacking player; destroyed is the least a creature can be worth); each one nobody
    can block deals its damage whatever the block: its unit's worst leaf, componentwise, is
    counted if it attacks the player, nothing if it attacks a planeswalker (its loyalty kept
    is worse for the attacking player than any loss). Blocking creatures deal damage only to
    the creatures they block, so at worst they survive unchanged and gain their controller
    the most their lifelink can (their power, twice with double strike, 702.15b, 702.4c).
    Block costs only help the attacking player. The score is monotone, so the score of that
    worst position bounds every block at lookahead 0. At lookahead 1 the next player may
    then attack with every creature they control (at most its power now: on these boards
    combat only lowers power), the perspective may answer with no block unless a block
    requirement exists (then every creature of the perspective is counted as lost), and
    every planeswalker of the perspective is counted as destroyed: the perspective's value
    after that turn is at least the score with all their damage taken, as poison for
    infect, plus toxic, and their lifelink gained."""
    if not _keyword_board(game):
        return None
    game = _fresh(game)
    board = game.facts.board
    me, o = game.facts.perspective, game.facts.opponents[0]
    probs = game.declarations.block_problems(attack)
    blockable = {a for p in probs for b in p.blockers for a in p.allowed.get(b, ())}
    blocking = {b for p in probs for b in p.blockers if p.allowed.get(b)}
    life = dict(game.facts.base_life)
    poison = dict(game.facts.base_poison)
    perm = game.facts.base_perm
    lost: set[str] = set()
    for a, t in attack.items():
        check_time(_STAGE)
        if a in blockable:
            perm -= max(game.ev.permanent_score(a), 0)
            lost.add(a)
            continue
        if t != o:
            continue
        v = _unit_extremes(game, a, t, (), False)
        if v is None:
            return None
        life[o] += v[0]
        poison[o] += v[1]
        life[me] += v[2]
        perm += v[3]
    for b in blocking:
        x = _strike(board, board.permanents[b])
        life[o] += x[2]
    if life[o] <= 0 or poison[o] >= 10:
        return game.ev.win
    if game.status.lookahead == 1:
        for p in board.permanents.values():
            if p.controller == o and p.is_creature:
                dmg, psn, gain = _strike(board, p)
                life[me] -= dmg
                poison[me] += psn
                life[o] += gain
            elif p.controller == me and p.is_a("Planeswalker"):
                perm -= max(game.ev.permanent_score(p.id), 0)
        if any(type(a).__name__ in _BLOCK_REQUIREMENTS for p in board.permanents.values() for a in p.abilities):
            perm -= sum(max(game.ev.permanent_score(p.id), 0) for p in board.permanents.values()
                        if p.controller == me and p.is_creature and p.id not in lost)
    return _score(game, life, poison, perm)
