"""models.grouping.connected_groups: the independent parts the damage solver, its reference
and the AI split a combat into (CR 510.1: a source's damage assignment reads only its own
recipients)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from redzone.models.grouping import connected_groups


def test_sources_sharing_a_recipient_are_one_part() -> None:
    # Two creatures blocking one attacker (both may be assigned its damage) are one part; a
    # third blocking another attacker is a part of its own; groups keep the listing order.
    assert connected_groups(["b1", "b2", "b3"], [("b2", "b1")]) == [["b1", "b2"], ["b3"]]
    assert connected_groups(["x", "y", "z"], [("z", "x"), ("y", "z")]) == [["x", "y", "z"]]
    assert connected_groups([], []) == []
    assert connected_groups(["a"], [("a", "new")]) == [["a", "new"]]


@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), max_size=15))
def test_groups_are_the_connected_components(links: list[tuple[int, int]]) -> None:
    # Against a plain search: two items are in one group iff a chain of links joins them.
    items = list(range(10))
    groups = connected_groups(items, links)
    assert sorted(x for g in groups for x in g) == items
    where = {x: i for i, g in enumerate(groups) for x in g}
    for start in items:
        seen, todo = {start}, [start]
        while todo:
            x = todo.pop()
            for a, b in links:
                for u, v in ((a, b), (b, a)):
                    if u == x and v not in seen:
                        seen.add(v)
                        todo.append(v)
        assert {x for x in items if where[x] == where[start]} == seen
    assert [g[0] for g in groups] == sorted(g[0] for g in groups)
