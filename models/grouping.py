"""Connected groups of items under a "belongs with" relation: the independence the combat
rules give (damage sources that share no recipient assign damage independently, CR 510.1;
attacking creatures that share no blocker, planeswalker or battle are separate units)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

__all__ = ["connected_groups"]

H = TypeVar("H", bound=Hashable)


def connected_groups(items: Iterable[H], links: Iterable[tuple[H, H]]) -> list[list[H]]:
    """The connected components of the graph on ``items`` whose edges are ``links`` (pairs
    of items; a link naming an item not in ``items`` adds it), as lists: groups in the order
    of their first item, each group's items in ``items`` order (then added ones).

    A small union-find (path halving), linear in practice: it runs in the AI's inner loop,
    where importing a graph library (networkx: 0.26-0.42 s here) would cost more than the
    work it does."""
    parent: dict[H, H] = {}
    order: list[H] = []

    def find(x: H) -> H:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def add(x: H) -> None:
        if x not in parent:
            parent[x] = x
            order.append(x)

    for x in items:
        add(x)
    for x, y in links:
        add(x)
        add(y)
        rx, ry = find(x), find(y)
        if rx != ry:
            parent[rx] = ry
    groups: dict[H, list[H]] = {}
    for x in order:
        groups.setdefault(find(x), []).append(x)
    return list(groups.values())
