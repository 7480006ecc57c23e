"""How the AI's combat game values a position (issue 9): a combat's damage results, the
position after it (lookahead 0) or after the next player's attack back (lookahead 1), the
mana a declaration costs, and the board that remains when a player leaves the game before
damage (800.4a, 509.1h).

Owns :class:`Values` (the damage game over the units, alpha-beta within a window; 510.1-4,
704). Values are perspective milli-points (:mod:`redzone.models.evaluation`).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from redzone.models.outcome import loss_shields
from redzone.solver.ai.position import Departure, departure
from redzone.solver.ai.tree import INF, Leaf, Node

if TYPE_CHECKING:
    from redzone.models.evaluation import Evaluator
    from redzone.solver.ai.bounds.static import Bounds
    from redzone.solver.ai.clock import Clock
    from redzone.solver.ai.crack_back import CrackBack
    from redzone.solver.ai.declarations import Declarations
    from redzone.solver.ai.facts import Facts, Spawn, Status
    from redzone.solver.ai.search import Game
    from redzone.solver.ai.units import UnitGames

__all__ = ["Values"]


def _unit_trees(clock: Clock, units: UnitGames, each: Any, steps: tuple[str, ...]) -> list[Any]:
    """``units.unit_tree(u, steps)`` for each unit ``u`` of ``each``, ``clock`` polled every
    32 units (:class:`redzone.solver.ai.clock.Timeout` past its deadline, as
    :meth:`Clock.tick`): one damage game over 500 attacking creatures took half a second past
    the limit (issue 25 §1)."""
    out = []
    for i, u in enumerate(each):
        if (i & 31) == 31:
            clock.poll()
        out.append(units.unit_tree(u, steps))
    return out


class Values:
    """The valuation of one game: :meth:`leaf_value`, :meth:`damage_value`,
    :meth:`static_value`, :meth:`mana_term`, :meth:`departed`."""

    def __init__(self, facts: Facts, status: Status, ev: Evaluator, clock: Clock,
                 declarations: Declarations, units: UnitGames, bounds: Bounds,
                 crack_back: CrackBack, spawn: Spawn) -> None:
        self.facts = facts
        self.status = status
        self.ev = ev
        self.clock = clock
        self.declarations = declarations
        self.units = units
        self.bounds = bounds
        self.crack_back = crack_back
        self.spawn = spawn
        # Facts read here, bound once (several are read in inner loops).
        self._base_life = facts.base_life
        self._base_poison = facts.base_poison
        self._block_life = facts.block_life
        self._crack_back_bounded = facts.crack_back_bounded
        self._layer_sources = facts.layer_sources
        self._mana_w = facts.mana_w
        self._opponents = facts.opponents
        self._two = facts.two
        self._commander = facts.commander
        # A player who can't lose the game (Phyrexian Unlife, Platinum Angel; 104.3):
        # the sums below don't know it, Evaluator.score does.
        self._shielded = bool(loss_shields(facts.board, facts.base))
        self.ap = facts.ap
        self.board = facts.board
        self.perspective = facts.perspective
        self.sign = facts.sign
        self._departures: dict[Any, tuple[Departure, Game] | None] = {}

    def leaf_value(self, attack: Mapping[str, str], leaves: list[Leaf], mana: int,
                   lo: int = -INF, hi: int = INF) -> int:
        """Perspective value of the position after this combat (the units' ``leaves``): the
        evaluation, or with lookahead 1 the value after the next player's best attack.
        ``mana``: the mana term, already in perspective milli-points. With lookahead 1 the
        value is exact only inside the window (``lo``, ``hi``): at or below ``lo`` it is an
        upper bound of the value, at or above ``hi`` a lower bound (see :meth:`crack_back`)."""
        self.clock.tick()
        v = self.fast_score(leaves)
        if v is None:
            v = self.ev.score(self.units.combine(leaves))
        if abs(v) == self.ev.win or self.status.lookahead == 0:
            return v + mana
        return self.crack_back.crack_back(attack, None, lo - mana, hi - mana, leaves) + mana

    def fast_score(self, leaves: list[Leaf]) -> int | None:
        """:meth:`Evaluator.score` of :meth:`combine` ``(leaves)`` without building the state
        (two players only: the permanents' part is the base plus each unit's change, the
        players' part comes from the summed life and poison); ``None`` otherwise, and when
        a permanent whose static abilities change characteristics or grant abilities has
        left the battlefield (the survivors' values then change outside the units)."""
        if self._shielded:
            return None  # someone can't lose the game (104.3): Evaluator.score decides
        if self.ev.condition_sources and self._conditions_change(leaves):
            return None  # a condition decided again changes creatures outside the units
        layer_sources = self._layer_sources
        if layer_sources and (self.ev.cleanup_sources or any(
                not layer_sources.isdisjoint(leaf.delta[3]) for leaf in leaves)):
            # A lord left (or may die in the cleanup step as its "until end of turn"
            # toughness ends, 514.2-3): the survivors' power, toughness and keywords change
            # wherever they are (611.3a, 613), so the units' values don't add up;
            # Evaluator.score reads the whole position.
            return None
        ev = self.ev
        if not self._two or self._commander:
            return self._fast_score_many(leaves)
        if any(leaf.first is not None for leaf in leaves):
            life = dict(self._base_life)
            poison = dict(self._base_poison)
            for leaf in leaves:
                if leaf.first is not None:
                    for p, d in leaf.first[0]:
                        life[p] += d
                    for p, d in leaf.first[1]:
                        poison[p] += d
            o = self._opponents[0]
            if life[o] <= 0 or poison[o] >= 10:
                return ev.win if self.perspective == self.ap else -ev.win
        life, poison, v = self.units.totals(leaves)
        me = self.perspective
        if life[me] <= 0 or poison[me] >= 10:
            return -ev.win
        for p in life:
            if p != me and (life[p] <= 0 or poison[p] >= 10):
                return ev.win
        for p in life:
            v += ev.player_score(p, life[p], poison[p])
        return ev.clamp(v)

    def _fast_score_many(self, leaves: list[Leaf]) -> int | None:
        """:meth:`fast_score` of more than two players or of a Commander game (issue 23):
        the same sum — the permanents' part from the base plus each unit's change, the
        players' part from the summed life, poison and commander damage (903.10a,
        :meth:`Evaluator.commander_score`) — while nobody has lost (0 life, 10 poison, 21
        from one commander: 704.5a, 704.5c, 704.6c; a player who lost takes their
        permanents along, 800.4a) and no first-strike step may have ended the combat (none
        comes, or nobody can lose in it: :meth:`UnitGames.first_strike_harmless`);
        ``None`` otherwise (:meth:`Evaluator.score` reads the whole position)."""
        ev = self.ev
        if ev.lost_before or self.facts.base.lost or (any(leaf.first is not None for leaf in leaves)
                                                      and not self.units.first_strike_harmless()):
            return None
        life, poison, v = self.units.totals(leaves)
        commander = {p: dict(t) for p, t in self.facts.base.commander_damage.items()}
        for leaf in leaves:
            for (p, c), d in leaf.delta[8] if len(leaf.delta) > 8 else ():
                totals = commander.setdefault(p, {})
                totals[c] = totals.get(c, 0) + d
        for p in life:
            if life[p] <= 0 or poison[p] >= 10 or any(n >= 21 for n in commander.get(p, {}).values()):
                return None
        for p in life:
            v += ev.player_score(p, life[p], poison[p])
            if commander:
                v += ev.commander_score(p, commander.get(p, {}))
        return ev.clamp(v)

    def _conditions_change(self, leaves: list[Leaf]) -> bool:
        """Whether a condition of a static ability is decided otherwise after the units'
        ``leaves`` (611.3a; :meth:`Evaluator.conditions_change` of what they destroyed, the
        life totals and the counters they leave), so that the permanents' values don't add
        up (the evaluation then reads the whole position)."""
        life = dict(self._base_life)
        gone: set[str] = set()
        counters: dict[str, dict[str, int]] = {}
        for leaf in leaves:
            for p, d in leaf.delta[0]:
                life[p] += d
            gone.update(leaf.delta[3])
            for k, v in leaf.delta[5]:
                counters[k] = dict(v)
        return self.ev.conditions_change(frozenset(gone), life, counters)

    def mana_term(self, attack_cost: int, block_cost: int) -> int:
        """Perspective milli-points of the mana spent: the attacking player's spending
        counts against them, the defending players' against them (see docs/ai.md)."""
        if not attack_cost and not block_cost:
            return 0
        m = int(round(self._mana_w * 1000))
        net = m * (block_cost - attack_cost)  # good for the attacking player
        return net * self.sign

    def damage_trees(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> list[Any]:
        """The units' damage games (:meth:`unit_tree`) of the combat after these blocks, the
        merged leaf of the attackers nothing can block last (:meth:`UnitGames.fixed_part`)."""
        steps = self.declarations.steps_for(attack, blocks)
        fixed = self.units.fixed_part(attack, steps)
        if fixed is None:
            return _unit_trees(self.clock, self.units, self.units.units(attack, blocks), steps)
        merged, rest = fixed
        trees = _unit_trees(self.clock, self.units, self.units.units(rest, blocks), steps) if rest else []
        if merged is not None:
            trees.append(merged)
        return trees

    def damage_value(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]], mana: int,
                     alpha: int, beta: int, trees: list[Any] | None = None
                     ) -> tuple[int, list[Leaf] | None]:
        """Attacker-view value (``sign`` × perspective) of the combat after these blocks:
        the damage game over every unit, alpha-beta within (alpha, beta). ``trees``: the
        units' games when the caller has them (:meth:`damage_trees`)."""
        pay = self.units.payment(attack, blocks)
        if pay is not None:
            if self.units.pay_ends(pay):
                # 704.5a: paid down to 0 life, a player loses before any damage (no
                # lifelink dealt later counts): the position after paying is the leaf.
                return self.sign * self.leaf_value(attack, [pay], mana, *self.window(alpha, beta)), [pay]
            view = self.departed(attack, blocks)
            if view is not None:
                # 704.5a, 800.4a: a defending player paid down to 0 and left the game
                # before damage, with their permanents; the rest of the combat is played
                # on the board that remains (its own game: another board, base and memo).
                game, attack2, blocks2 = view
                game.status.lookahead = self.status.lookahead
                n0 = game.clock.nodes
                try:
                    return game.values.damage_value(attack2, blocks2, mana, alpha, beta)
                finally:
                    self.clock.nodes += game.clock.nodes - n0
                    if not game.status.exact:
                        self.status.exact = False
        if trees is None:
            trees = self.damage_trees(attack, blocks)
        if pay is not None and not self.units.paid_in_units(attack, blocks):
            trees = [*trees, pay]
        flat = [self.units.flat[id(t)] for t in trees]
        if all(f is not None for f in flat):
            best = -INF
            line = None
            if self.status.lookahead == 1 and self._crack_back_bounded and self.sign == 1:
                # The next player may always not attack (no requirement forces them), so the
                # value after their turn is at most the value now: evaluate now first and
                # look at the crack-back only where it could still beat the best so far.
                # A lower bound of the value after the crack-back at or above beta already
                # shows that this block can't beat the defending players' best (fail high),
                # with no crack-back searched and the other results not even scored.
                floors = beta < INF and self.bounds.blockless(attack)
                scored = []
                for combo in itertools.product(*flat):  # type: ignore[arg-type]
                    self.clock.tick()
                    leaves = list(combo)
                    v0 = self.fast_score(leaves)
                    if v0 is None:
                        v0 = self.ev.score(self.units.combine(leaves))
                    terminal = abs(v0) == self.ev.win
                    if floors:
                        low = v0 if terminal else self.bounds.crack_back_floor(leaves)
                        if low is not None and low + mana >= beta:
                            return low + mana, leaves
                    scored.append((v0 + mana, terminal, leaves))
                scored.sort(key=lambda x: -x[0])
                for upper, terminal, leaves in scored:
                    if upper <= max(best, alpha):
                        best = max(best, upper)  # a bound: this line can't beat the others
                        break
                    v = upper if terminal else self.crack_back.crack_back(
                        attack, None, max(best, alpha) - mana, beta - mana, leaves) + mana
                    if v > best:
                        best, line = v, leaves
                        if best >= beta:
                            break
                return best, line
            for combo in itertools.product(*flat):  # type: ignore[arg-type]
                v = self.sign * self.leaf_value(attack, list(combo), mana, *self.window(max(best, alpha), beta))
                if v > best:
                    best, line = v, list(combo)
                    if best >= beta:
                        break
            return best, line
        return self._joint(attack, trees, 0, mana, alpha, beta)

    def departed(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]
                 ) -> tuple[Game, dict[str, str], dict[str, list[str]]] | None:
        """When the life paid for these declarations (:meth:`life_paid`) makes defending
        players lose while the game goes on (more than two players; 704.5a, 800.4a: see
        :func:`redzone.solver.ai.position.departure`), the game of the board that remains —
        the life already paid, the departed players' permanents gone, the layers applied
        again, the departed players in its base state's ``lost`` — with the attack and
        blocks on it; else ``None``. One game per payment (cached); a board the rules may
        not give exactly (:attr:`Departure.gap`) makes the search inexact."""
        if self._two or not self._block_life:
            return None  # only a defending player's block payment leaves the game on
        paid = self.units.life_paid(attack, blocks)
        if not paid:
            return None
        key = tuple(sorted(paid.items()))
        got = self._departures.get(key, False)
        if got is False:
            dep = departure(self.board, paid)
            got = None
            if dep is not None:
                # (paid already: the board's life totals)
                game = self.spawn(dep.board, self.status.lookahead, attack_paid=False, block_life=False,
                                  departed=sorted(dep.departed))
                if dep.gap:
                    self.status.exact = False
                got = (dep, game)
            self._departures[key] = got
        if not isinstance(got, tuple):
            return None
        dep, game = got
        attack2, blocks2, gap = dep.declarations(attack, blocks)
        if gap:
            self.status.exact = False
        return game, attack2, blocks2

    def departure_of(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> Departure | None:
        """The :class:`Departure` of these declarations when :meth:`departed` applies."""
        if self.departed(attack, blocks) is None:
            return None
        got = self._departures.get(tuple(sorted(self.units.life_paid(attack, blocks).items())))
        return got[0] if got else None

    def static_value(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]], mana: int) -> int:
        """Attacker-view value of the combat after these blocks at lookahead 0 (the position
        right after combat, with the attacking player's best damage): at lookahead 1 an
        upper bound of the value when the next player may always not attack."""
        lookahead, self.status.lookahead = self.status.lookahead, 0
        try:
            return self.damage_value(attack, blocks, mana, -INF, INF)[0]
        finally:
            self.status.lookahead = lookahead

    def window(self, alpha: int, beta: int) -> tuple[int, int]:
        """The attacker-view window (``alpha``, ``beta``) in perspective terms."""
        return (alpha, beta) if self.sign == 1 else (-beta, -alpha)

    def _joint(self, attack: Mapping[str, str], nodes: list[Any], phase: int, mana: int,
               alpha: int, beta: int) -> tuple[int, list[Leaf] | None]:
        """Joint damage game of the units, phase by phase (510.1: in each step the
        attacking player assigns, then the defending players)."""
        if phase == 4 or all(isinstance(n, Leaf) for n in nodes):
            v = self.sign * self.leaf_value(attack, list(nodes), mana, *self.window(alpha, beta))
            return v, list(nodes)
        branching = [i for i, n in enumerate(nodes) if isinstance(n, Node) and n.phase == phase]
        if not branching:
            return self._joint(attack, nodes, phase + 1, mana, alpha, beta)
        maximise = phase in (0, 2)
        best = -INF if maximise else INF
        line = None
        for combo in itertools.product(*(nodes[i].children for i in branching)):
            nxt = list(nodes)
            for i, c in zip(branching, combo):
                nxt[i] = c
            v, ln = self._joint(attack, nxt, phase + 1, mana, alpha, beta)
            if (maximise and v > best) or (not maximise and v < best):
                best, line = v, ln
            if maximise:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best, line

