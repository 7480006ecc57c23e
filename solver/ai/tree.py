"""The damage game of one unit of the AI's combat game (issue 9): outcome leaves, choice
nodes, and merging independent units. Split from :mod:`redzone.solver.ai.search`; plain
Python (no ortools).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from redzone.models.outcome import GameState

__all__ = ["INF", "Leaf", "Node", "state_delta"]


# ============================================================================ damage units


@dataclass
class Leaf:
    """What one unit's damage did: ``delta`` (see :meth:`UnitGames.delta`) after its last step,
    ``first`` after the first-strike step (``None``: one step), and the assignments chosen,
    one ``{source: {recipient: amount}}`` per step."""

    delta: tuple[Any, ...]
    first: tuple[Any, ...] | None
    assignments: tuple[dict[str, dict[str, int]], ...]
    value: int = 0
    """Change of the permanents' part of the evaluation (perspective milli-points)."""


@dataclass
class Node:
    """A choice in a unit's damage: ``phase`` 0/2 = the attacking player's assignment in
    the first/second step, 1/3 = the defending players'; ``children`` are Nodes or Leafs."""

    phase: int
    children: list[Any]


def _flatten(tree: Any) -> list[Leaf] | None:
    """The leaves when every choice in ``tree`` is the attacking player's (they pick the
    whole path), else ``None``."""
    if isinstance(tree, Leaf):
        return [tree]
    if tree.phase in (1, 3) and len(tree.children) > 1:
        return None
    out: list[Leaf] = []
    for c in tree.children:
        got = _flatten(c)
        if got is None:
            return None
        out.extend(got)
    return out


_EMPTY: tuple[Any, ...] = ((), (), (), (), (), (), (), ())


def _sum_pairs(parts: list[tuple[tuple[str, int], ...]]) -> tuple[tuple[str, int], ...]:
    total: dict[str, int] = {}
    for part in parts:
        for k, v in part:
            total[k] = total.get(k, 0) + v
    return tuple(sorted((k, v) for k, v in total.items() if v))


def _merge_delta(deltas: list[tuple[Any, ...]]) -> tuple[Any, ...]:
    """Several independent units' deltas as one (life, poison and life gained add up; the
    rest concern different permanents)."""
    life, poison, gained = (_sum_pairs([d[i] for d in deltas]) for i in range(3))
    rest = tuple(tuple(sorted(x for d in deltas for x in d[i])) for i in range(3, 8))
    # Commander damage (903.10a): a ninth part, ((player, commander), added) pairs, present
    # only when some unit dealt any; it adds up like life.
    commander = _sum_pairs([d[8] for d in deltas if len(d) > 8])
    return (life, poison, gained, *rest, commander) if commander else (life, poison, gained, *rest)


def _merge(leaves: list[Leaf]) -> Leaf:
    """Independent units' single outcomes as one leaf (same effect on :meth:`UnitGames.combine`
    and :meth:`Values.fast_score` as the leaves themselves)."""
    firsts = [leaf.first for leaf in leaves]
    first = None if all(f is None for f in firsts) else _merge_delta(
        [f if f is not None else _EMPTY for f in firsts])
    steps = max(len(leaf.assignments) for leaf in leaves)
    assignments = tuple({s: row for leaf in leaves if i < len(leaf.assignments)
                         for s, row in leaf.assignments[i].items()} for i in range(steps))
    return Leaf(_merge_delta([leaf.delta for leaf in leaves]), first, assignments,
                sum(leaf.value for leaf in leaves))


def _tree_key(t: Any) -> Any:
    if isinstance(t, Leaf):
        return ("L", t.delta, t.first)
    return ("N", t.phase, tuple(_tree_key(c) for c in t.children))


def _dedupe(children: list[Any]) -> list[Any]:
    """Children with the same outcome kept once (the first, whose assignment is shown)."""
    seen: set[Any] = set()
    out = []
    for c in children:
        k = _tree_key(c)
        if k not in seen:
            seen.add(k)
            out.append(c)
    return out


def _rename_delta(delta: tuple[Any, ...], m: dict[str, str]) -> tuple[Any, ...]:
    life, poison, gained, _, minus, counters, loyalty, defense = delta[:8]
    destroyed: tuple[str, ...] = delta[3]
    commander = (tuple(sorted(((p, m.get(c, c)), v) for (p, c), v in delta[8])),) if len(delta) > 8 else ()
    return (life, poison, gained,
            tuple(sorted(m.get(x, x) for x in destroyed)),
            *(tuple(sorted((m.get(k, k), v) for k, v in part))
              for part in (minus, counters, loyalty, defense)), *commander)


def _rename(tree: Any, m: dict[str, str]) -> Any:
    """``tree`` (a unit's damage game, :class:`Node` / :class:`Leaf`) with the permanent ids
    renamed by ``m`` (players and ids not in ``m`` kept): the damage game of the unit whose
    creatures are the images of this one's (see :meth:`UnitGames._iso_key`)."""
    if isinstance(tree, Node):
        return Node(tree.phase, [_rename(c, m) for c in tree.children])
    leaf: Leaf = tree
    return Leaf(_rename_delta(leaf.delta, m),
                None if leaf.first is None else _rename_delta(leaf.first, m),
                tuple({m.get(s, s): {m.get(r, r): n for r, n in row.items()} for s, row in a.items()}
                      for a in leaf.assignments),
                leaf.value)

INF = 1 << 62
"""Infinity of the search's integer values (milli-points): above every value it can reach."""


def state_delta(base: GameState, state: GameState, boost: int = 0) -> tuple[Any, ...]:
    """What ``state`` changed from the starting state ``base`` (``boost``: added to every
    life total and taken from every poison count and commander total while a unit was
    played, :data:`redzone.solver.ai.units.BOOST`), in a canonical hashable form
    (marked damage left out: it wears off in the cleanup step, 514.2, and the
    evaluation ignores it; -1/-1 and +1/+1 counters put on as one net number per
    permanent, positive for -1/-1)."""
    life = tuple(sorted((p, v - boost - base.life[p]) for p, v in state.life.items()
                        if v - boost != base.life[p]))
    poison = tuple(sorted((p, v + boost - base.poison[p]) for p, v in state.poison.items()
                          if v + boost != base.poison[p]))
    gained = tuple(sorted((p, v) for p, v in state.gained.items() if v))
    destroyed = tuple(sorted(state.destroyed))
    # -1/-1 counters put on less +1/+1 counters put on (Phytohydra: damage as +1/+1
    # counters, 614.1a): power and toughness depend only on this net (122.1a, 613.4c).
    net = dict(state.minus_added)
    for k, v in state.plus_added.items():
        net[k] = net.get(k, 0) - v
    minus = tuple(sorted((k, v) for k, v in net.items() if v))
    counters = tuple(sorted((k, tuple(sorted(v.items()))) for k, v in state.counters.items()
                            if v != base.counters.get(k)))
    loyalty = tuple(sorted((k, v) for k, v in state.loyalty.items() if v != base.loyalty.get(k)))
    defense = tuple(sorted((k, v) for k, v in state.defense.items() if v != base.defense.get(k)))
    if state.commander_damage:
        # Commander damage dealt (903.10a): a ninth part only when there is some (shifted
        # down by ``boost`` like poison).
        commander = tuple(sorted(((p, c), v + boost - base.commander_damage.get(p, {}).get(c, 0))
                                 for p, t in state.commander_damage.items() for c, v in t.items()
                                 if v + boost != base.commander_damage.get(p, {}).get(c, 0)))
        if commander:
            return (life, poison, gained, destroyed, minus, counters, loyalty, defense, commander)
    return (life, poison, gained, destroyed, minus, counters, loyalty, defense)
