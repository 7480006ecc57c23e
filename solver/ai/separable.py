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
  redirection, no first-strike step in which a defending player could lose and leave,
  800.4a: :meth:`UnitGames.first_strike_harmless`), each player's block problem is their own
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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from redzone.models.abilities import BlockTax, DamageModifier, Toxic
from redzone.solver.ai.tree import INF, Leaf

if TYPE_CHECKING:
    from redzone.solver.ai.search import Game

__all__ = ["by_defending_player"]


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
            and (not facts.strikes_first or game.units.first_strike_harmless())
            and not game.units.departures_matter(False))
        game.separates = got
    return got


def _cannot_lose(game: Game, player: str, attackers: list[str]) -> bool:
    """Whether all the combat damage ``attackers`` could deal ``player`` (their power,
    twice with double strike, 702.4; as poison with infect and toxic too, 702.90b, 702.164c;
    as each commander's total, 903.10a) leaves them above 0 life, below 10 poison counters
    and below 21 from every commander (704.5a, 704.5c, 704.6c)."""
    board = game.facts.board
    base = game.facts.base
    damage = toxic = 0
    commander = base.commander_damage.get(player, {})
    for a in attackers:
        perm = board.permanents[a]
        strikes = 2 if board.has_keyword(perm, "double strike") else 1
        power = max(perm.power or 0, 0) * strikes
        damage += power
        toxic += strikes * sum(t.amount for t in [*perm.abilities, *(g for g, _ in board.granted(perm))]
                               if isinstance(t, Toxic))
        if perm.commander and commander.get(a, 0) + power >= 21:
            return False
    return base.life[player] - damage > 0 and base.poison[player] + damage + toxic < 10


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
