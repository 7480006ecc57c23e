"""Several defending players, one at a time (issue 23: four-player Commander boards).

With more than two players, the defending players' blocks are combined (each player blocks
on their own, CR 802.4) and the search took the minimum over their product — millions of
combined blocks on a four-player board of six creatures a player, when each player's own
blocks number a few hundred. :func:`by_defending_player` answers the same minimum player by
player when the game *separates*:

- at lookahead 0, the attacker-view value of a combat is the evaluation of the position
  after it (plus the mana term). The evaluation is a sum of per-player parts — a player's
  life, poison and commander damage (or ``eliminated`` once they lost, their permanents no
  longer counted, 800.4a), their permanents — and of the attacking player's parts. Every
  attacking creature and every blocker belongs to one defending player's part (a creature
  attacking a player, a planeswalker or a battle has one defending player, 508.5; a
  defending player's creature blocks only creatures attacking them or what they protect,
  802.4), and so does every unit of the combat's damage (:meth:`UnitGames.units`);
- nothing crosses the parts: the attacking player's life doesn't change (no attacking
  creature with lifelink; no life paid for attacks or blocks, 119.4), no unit joins two
  players (nothing couples units, no combat-dependent power or toughness, no static ability
  whose leaving or condition changes another permanent, 611.3a, no life floor or
  redirection; a defending player who may lose in a first-strike step and leave, 800.4a,
  takes only their own part along — their blockers, what attacks them — when every
  permanent's owner controls it and no permanent of theirs changes others', 611.3a:
  :meth:`UnitGames.departures_matter`), each player's block problem is their own
  (no scenario effect, band or block tax that applies while its source attacks), and the
  position after the combat needs no state-based action the scenario left pending;
- the game can't be won in this combat: some opponent can't lose to it (their life, poison
  and commander totals stay out of reach of all the damage the creatures attacking them
  could deal, twice with double strike; no damage modifier on the board) — so the
  evaluation never jumps to ``win``, and no clamp of a won game couples the parts.

Then every combined position is ``c + Σ_j f_j`` (``c`` the value of no combat, ``f_j`` what
player ``j``'s part of the combat changes), both damage games — the attacking player's
assignments and the defending players' — split into the players' units, and the minimum
over the product of blocks is the sum of each player's minimum: ``value(attack) = Σ_j
value(attack_j) − (k − 1)·value(∅)`` (``attack_j`` the creatures attacking player ``j``),
plus the mana term, which is linear in the costs (the evaluation's clamp to ``±(win − 1)``
is monotone, so it keeps the minimum: each part's value is checked to lie strictly inside
it). Each ``value(attack_j)`` is :meth:`Game.block_value` of that single player's attack,
with every optimisation of one defending player, and exact (no window).

Not a change of what is searched, only of the order: the value is the product's minimum,
proved; the line is each player's best block, combined. ``tests/test_commander_ai.py``
checks it against the exhaustive reference on boards of three and four players.

:class:`SplitAttack` takes the same sum one step further for ``choose_attack`` at
lookahead 0: a branch and bound over the declarations whose bound is a sum of per-player
parts (its docstring). :func:`floor_skips` is a lower bound of a block's value where the
two-player static floors stand aside (:meth:`UnitGames.floor_tree`).
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from typing import TYPE_CHECKING

from redzone.models.abilities import BlockTax, DamageModifier, Toxic
from redzone.solver.ai.tree import INF, Leaf

from redzone.solver.ai.memo import Principal

if TYPE_CHECKING:
    from redzone.solver.ai.search import Game

__all__ = ["SplitAttack", "by_defending_player", "floor_skips", "floors_apply"]


def _defender(game: Game, target: str) -> str | None:
    """The defending player of a creature attacking ``target`` (508.5): the player, a
    planeswalker's controller or a battle's protector."""
    if target in game.facts.players:
        return target
    perm = game.facts.board.permanents.get(target)
    if perm is None:
        return None
    return (perm.protector or perm.controller) if perm.is_a("Battle") else perm.controller


def _separates(game: Game) -> bool:
    """The conditions of the module docstring: the board-wide ones worked out once per game,
    the lookahead (lowered to 0 while a block's value right after combat is taken) read
    each time."""
    if game.status.lookahead != 0:
        return False
    got = game.separates
    if got is None:
        facts = game.facts
        board = facts.board
        scenario = board.scenario
        combat = getattr(scenario, "combat", None)
        got = bool(
            not facts.two and facts.restrict and not facts.base.lost
            and not facts.coupling and not board.has_combat_effects and not facts.non_additive
            and not facts.conditions and not facts.layer_sources and not game.ev.condition_sources
            and not facts.block_life and not facts.problem.life_costs
            and not getattr(scenario, "effects", None) and not getattr(combat, "bands", None)
            and not any(isinstance(a, BlockTax) and a.while_attacking
                        for a, _ in board.abilities_of_kind(BlockTax))
            and not board.abilities_of_kind(DamageModifier)
            and not game.units.departures_matter(False)
            # A defending player who loses in the first-strike step leaves at once (800.4a)
            # with their blockers and what attacks them: their part only, when nothing they
            # own is controlled by another player or the reverse (their part's search plays
            # it, one unit on the whole board: UnitGames.departures_matter).
            and ((not facts.strikes_first or game.units.first_strike_harmless())
                 or all((q.owner or q.controller) == q.controller for q in board.permanents.values())))
        game.separates = got
    return got


def _cannot_lose(game: Game, player: str, attackers: list[str]) -> bool:
    """Whether all the combat damage ``attackers`` could deal ``player`` (their power,
    twice with double strike, 702.4; as poison with infect and toxic too, 702.90b, 702.164c;
    as each commander's total, 903.10a) leaves them above 0 life, below 10 poison counters
    and below 21 from every commander (704.5a, 704.5c, 704.6c)."""
    board = game.facts.board
    base = game.facts.base
    damage = poison = 0
    commander = base.commander_damage.get(player, {})
    for a in attackers:
        perm = board.permanents[a]
        strikes = 2 if board.has_keyword(perm, "double strike") else 1
        power = max(perm.power or 0, 0) * strikes
        if board.has_keyword(perm, "infect"):
            poison += power  # 702.90b: counters, not life
        else:
            damage += power
        poison += strikes * sum(t.amount for t in [*perm.abilities, *(g for g, _ in board.granted(perm))]
                                if isinstance(t, Toxic))
        if perm.commander and commander.get(a, 0) + power >= 21:
            return False
    return base.life[player] - damage > 0 and base.poison[player] + poison < 10


def by_defending_player(game: Game, attack: Mapping[str, str], attack_cost: int
                        ) -> tuple[int, tuple[dict[str, list[str]], list[Leaf]] | None] | None:
    """:meth:`Game.block_value` of ``attack`` worked out one defending player at a time
    (see the module docstring), exact: (attacker-view value, (blocks, leaves)); ``None``
    when the game does not separate for this attack (then the caller searches the
    product). Raises what :meth:`Game.block_value` raises (the time limit)."""
    if not _separates(game):
        return None
    parts: dict[str, dict[str, str]] = {}
    for a, t in attack.items():
        j = _defender(game, t)
        board = game.facts.board
        if j is None or board.has_keyword(board.permanents[a], "lifelink"):
            return None  # (lifelink: the attacking player's life would join the parts)
        parts.setdefault(j, {})[a] = t
    if len(parts) < 2:
        return None
    opponents = [o for o in game.facts.opponents if o in game.facts.base.life]
    if all(o in parts for o in opponents) and not any(
            _cannot_lose(game, o, list(parts[o])) for o in opponents):
        return None  # the combat might win the game: the parts don't add up then
    win = game.ev.win
    empty, _ = game.block_value({}, 0, -INF, INF)
    total = -(len(parts) - 1) * empty
    blocks: dict[str, list[str]] = {}
    leaves: list[Leaf] = []
    seats = [p.name for p in game.facts.board.players]
    for j in sorted(parts, key=seats.index):
        v, line = game.block_value(parts[j], 0, -INF, INF)
        if abs(v) >= win - 1 or line is None:
            return None  # a clamped, won or lost part: leave it to the product
        total += v
        blocks.update(line[0])
        leaves.extend(line[1])
    if abs(empty) >= win - 1 or abs(total) >= win - 1:
        return None  # (the whole position's score would be clamped)
    total += game.values.mana_term(attack_cost, 0)
    game.partial = total
    return total, (blocks, leaves)


class SplitAttack:
    """``choose_attack``'s search over declarations at lookahead 0 when the game separates
    (:func:`_separates`): a branch and bound over declarations whose bound is a sum over the
    defending players.

    A declaration ``d`` sends the creatures ``S_j`` at defending player ``j`` (the player,
    their planeswalkers and battles, 508.5). Write ``e0`` for the value of no attack and
    ``D_j(S) = value(S) − e0`` for the gain of ``S`` attacking ``j`` alone (the one-player
    search :meth:`Game.block_value`, exact inside its window, an upper bound when it fails
    low). By the module docstring, ``value(d) = e0 + Σ_j D_j(S_j) + mana(d)`` when

    - *sum*: some opponent can't lose to what attacks them (:func:`_cannot_lose`; so no
      combination of blocks wins the game, and the clamp of a won game does not couple the
      parts) and creatures with lifelink attack at most one defending player (the attacking
      player's life then moves in one part only);
    - *coupled*: as *sum*, but lifelinkers attack two or more defending players. The
      attacking player's term ``h(g) = life_value(L + g) − life_value(L)`` is concave with
      ``h(0) = 0``, so subadditive: ``h(Σ g_j) ≤ Σ h(g_j)`` (plus one milli-point for each
      rounded term), so the sum is an upper bound for every combined block, and the sum of
      each part's minimum an upper bound of the declaration's value; its exact value is the
      search of the whole declaration (:meth:`Game.block_value`, the product of blocks);
    - *whole*: otherwise (the combat may win the game): the whole declaration is searched,
      its bound until then a won game.

    Each part's ``D_j`` is known by an interval (an upper bound ``ub``, exact once its
    search ended inside the window). Declarations are taken best bound first; a
    declaration's bound is ``e0 + Σ ub + mana`` (``+ slack`` when coupled). The part with
    the loosest bound is searched with the window just below what the declaration needs to
    beat the best so far (``best − e0 − mana − Σ others' ub``, first at least 0: a part
    worth nothing on its own is refuted by its first good block): it fails low (a tighter
    ``ub``) or is exact. When the best bound left is at or below the best value found, that
    value is the optimum (fail low without search: every declaration left is bounded below
    it). Part values are shared between declarations (each ``(j, S_j)`` searched once per
    window). Cut short, :meth:`bound` is a proved upper bound of the game's value.
    """

    def __init__(self, game: Game, candidates: list[tuple[dict[str, str], int]]) -> None:
        self.game = game
        self.candidates = candidates
        self.best = -INF
        self.principal: Principal | None = None
        self.proved = True
        """Every search whose value is used ran to the end (no block list cut at
        ``BLOCK_BOUND``, no damage step planned instead of listed)."""
        self.heap: list[tuple[int, int]] = []
        self.e0 = 0
        self.e0_line: tuple[dict[str, list[str]], list[Leaf]] = ({}, [])
        self.ub: dict[tuple[str, tuple[tuple[str, str], ...]], int] = {}
        self.exact: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[dict[str, list[str]], list[Leaf]]] = {}
        self.parts: list[list[tuple[str, tuple[tuple[str, str], ...]]]] = []
        self.kinds: list[str] = []
        self.slack: list[int] = []
        self.started = False

    @classmethod
    def of(cls, game: Game, candidates: list[tuple[dict[str, str], int]]) -> SplitAttack | None:
        """The search for ``candidates`` (``choose_attack``'s legal declarations), or
        ``None`` when the game does not separate (lookahead above 0, two players, ...)."""
        if not candidates or not _separates(game):
            return None
        return cls(game, candidates)

    def bound(self) -> int:
        """A proved upper bound of the game's value so far (attacker view): the best value
        found, or the best bound of a declaration not yet settled."""
        if not self.started:
            return self.game.ev.win
        top = -self.heap[0][0] if self.heap else -INF
        return max(self.best, top)

    def _search(self, attack: Mapping[str, str], cost: int, alpha: int
                ) -> tuple[int, tuple[dict[str, list[str]], list[Leaf]] | None]:
        status = self.game.status
        before, status.exact = status.exact, True
        try:
            v, line = self.game.block_value(attack, cost, alpha, INF)
        finally:
            clean, status.exact = status.exact, before and status.exact
        if not clean:
            self.proved = False
        return v, line

    def _key(self, i: int) -> int:
        """Declaration ``i``'s bound (attacker view) from the parts' bounds now."""
        kind = self.kinds[i]
        if kind == "whole":
            return self.game.ev.win
        total = self.e0 + self.game.values.mana_term(self.candidates[i][1], 0) + self.slack[i]
        for p in self.parts[i]:
            u = self.ub[p]
            if u >= INF:
                return INF
            total += u
        return total

    def _prepare(self) -> None:
        game = self.game
        board = game.facts.board
        opponents = [o for o in game.facts.opponents if o in game.facts.base.life]
        win = game.ev.win
        v, line = self._search({}, 0, -INF)
        self.e0 = v
        if line is not None:
            self.e0_line = line
        for attack, cost in self.candidates:
            if not attack:  # no attack, when legal: the first value to beat
                self._better(attack, v + game.values.mana_term(cost, 0), self.e0_line)
        for attack, _cost in self.candidates:
            parts: dict[str, dict[str, str]] = {}
            kind = "sum"
            for a, t in attack.items():
                j = _defender(game, t)
                if j is None:
                    kind = "whole"
                    break
                parts.setdefault(j, {})[a] = t
            gaining = [j for j, part in parts.items()
                       if any(board.has_keyword(board.permanents[a], "lifelink") for a in part)]
            if kind == "sum" and all(o in parts for o in opponents) and not any(
                    _cannot_lose(game, o, list(parts[o])) for o in opponents):
                kind = "whole"  # the combat might win the game
            elif kind == "sum" and len(gaining) > 1:
                kind = "coupled"
            keys = [(j, tuple(sorted(part.items()))) for j, part in parts.items()] if kind != "whole" else []
            self.parts.append(keys)
            self.kinds.append(kind)
            self.slack.append(len(gaining) + 1 if kind == "coupled" else 0)
            for k in keys:
                if k not in self.ub:
                    # A first bound: the value of the first block the order tries (a window
                    # above every value: the search stops at its first block).
                    u, _ = self._search(dict(k[1]), 0, win - 1)
                    self.ub[k] = u - self.e0 if abs(u) < win - 1 else INF
        self.heap = [(-self._key(i), i) for i in range(len(self.candidates))]
        heapq.heapify(self.heap)
        self.started = True

    def run(self) -> None:
        """Search to the end (or until :class:`Timeout` from the clock: :attr:`best`,
        :attr:`principal` and :meth:`bound` then hold what was proved)."""
        self._prepare()
        game = self.game
        win = game.ev.win
        heap = self.heap
        while heap:
            neg, i = heap[0]
            key = self._key(i)
            if key < -neg:
                heapq.heapreplace(heap, (-key, i))  # (bounds only go down: a lazy heap)
                continue
            if key <= self.best:
                return  # every declaration left is bounded at or below the best found
            attack, cost = self.candidates[i]
            kind = self.kinds[i]
            open_parts = [p for p in self.parts[i] if p not in self.exact]
            if kind == "whole" or not open_parts:
                if kind == "sum":
                    # Every part exact: the declaration's value is its bound.
                    if abs(key) < win - 1:
                        blocks: dict[str, list[str]] = {}
                        leaves: list[Leaf] = list(self.e0_line[1]) if not self.parts[i] else []
                        for p in self.parts[i]:
                            blocks.update(self.exact[p][0])
                            leaves.extend(self.exact[p][1])
                        self._better(attack, key, (blocks, leaves))
                        heapq.heappop(heap)
                        continue
                v, line = self._search(attack, cost, self.best)
                if v > self.best and line is not None:
                    self._better(attack, v, line)
                heapq.heappop(heap)
                continue
            p = max(open_parts, key=lambda q: (self.ub[q], -len(q[1])))
            rest = sum(self.ub[q] for q in self.parts[i] if q != p)
            need = (self.best - self.e0 - game.values.mana_term(cost, 0) - self.slack[i] - rest
                    if self.best > -INF and rest < INF else -INF)
            # Probe halfway down the part's bound first (and never below what the declaration
            # needs): a part that fails low there is bounded tighter cheaply; one that does
            # not is then exact.
            level = max(need, self.ub[p] // 2) if self.ub[p] > 0 else need
            alpha = self.e0 + level if level > -INF else -INF
            v, line = self._search(dict(p[1]), 0, alpha)
            if abs(v) >= win - 1:
                # (a clamped part: the sum does not hold; search the declarations with it whole)
                for j, keys in enumerate(self.parts):
                    if p in keys:
                        self.kinds[j] = "whole"
                continue
            if v > alpha and line is None:
                for j, keys in enumerate(self.parts):  # (no line: let the whole search answer)
                    if p in keys:
                        self.kinds[j] = "whole"
            elif v > alpha and line is not None:
                self.exact[p] = line
                self.ub[p] = v - self.e0
            else:
                self.ub[p] = min(self.ub[p], v - self.e0)

    def _better(self, attack: dict[str, str], v: int, line: tuple[dict[str, list[str]], list[Leaf]]) -> None:
        if v > self.best:
            self.best = v
            self.principal = Principal(attack, line[0], line[1], v)


def floors_apply(game: Game) -> bool:
    """Whether :func:`floor_skips` may be asked in :meth:`Game.block_value`'s loop: lookahead
    0, more than two players or commander damage (where the static floors of two players
    stand aside), no triggered or other coupling, no lord or condition (611.3a)."""
    facts = game.facts
    return (game.status.lookahead == 0 and (not facts.two or facts.commander)
            and not facts.coupling and not facts.conditions and not facts.layer_sources
            and not game.ev.condition_sources and not facts.non_additive)


def floor_skips(game: Game, attack: Mapping[str, str], blocks: Mapping[str, list[str]], mana: int,
                best: int) -> bool:
    """Whether the block's value (attacker view, with the mana term ``mana``) is proved at
    least ``best`` without playing its units whose games are not yet known: each such unit
    with two or more blocking creatures and two damage steps is played as
    :meth:`UnitGames.floor_tree` (the attacking player's first-strike choice restricted to
    one), the others as they are; the damage game over those trees is a game of the same
    players with fewer choices for the maximising one, so its value is a lower bound of
    the block's (alpha-beta with the window ``(best − 1, best)``: a value at or above
    ``best`` is a lower bound of it). ``False`` when no unit needed a floor (the exact value
    costs as much) or a floor does not apply."""
    units = game.units
    steps = game.declarations.steps_for(attack, blocks)
    if len(steps) < 2:
        return False
    fixed = units.fixed_part(attack, steps)
    merged, rest = fixed if fixed is not None else (None, attack)
    trees = []
    used = False
    for u in units.units(rest, blocks) if rest else []:
        if len(u[1]) >= 2 and (u, steps) not in units._units:  # pyright: ignore[reportPrivateUsage]
            t = units.floor_tree(u, steps)
            if t is None:
                return False
            used = True
        else:
            t = units.unit_tree(u, steps)
        trees.append(t)
    if not used:
        return False
    if merged is not None:
        trees.append(merged)
    v, _ = game.values.damage_value(attack, blocks, mana, best - 1, best, trees)
    return v >= best
