"""Benchmark instances for block declarations (CR 509.1).

Three generators:

- :func:`block_board_scenario` — a seeded board of real cards with ``n`` attacking creatures
  (Alice) and ``n`` potential blockers (Bob), mixing every evasion ability, every group
  restriction, Lure-type and "must be blocked" requirements, "blocks each combat if able",
  provoke-style ``must_block`` effects, block taxes and blockers that block several
  attackers. Used for the planning-time table.
- :func:`requirement_board_scenario` — real cards heavy in requirements: menace attackers,
  "must be blocked if able" attackers and creatures that block each combat if able.
- :func:`x3c_scenario` — hard instances of block legality from exact cover by 3-sets
  (Chatterjee and Ibsen-Jensen, ECAI 2016, show block legality is coNP-hard): each element
  is one of Bob's 1/1 creatures; each 3-set an attacking 1/1 that "can't be blocked except by
  three or more creatures"; Tromokratis attacks too; requirements "element i blocks set j if
  able" for every i in S_j, and "element i blocks Tromokratis if able" for every element but
  the last. The block "every creature blocks Tromokratis" obeys n - 1 requirements; a block
  obeying n must leave Tromokratis unblocked and have each element block a set containing it,
  each blocked set by exactly its three elements — an exact cover. So that block is legal
  exactly when **no** exact cover exists. :func:`exact_cover` decides the same question by
  plain backtracking, to check the answer.

Everything is deterministic in its arguments.
"""

from __future__ import annotations

import random
from typing import Any

BLOCK_SIZES: tuple[int, ...] = (10, 50, 200)
"""Creatures per side for the planning-time table."""

X3C_SIZES: tuple[int, ...] = (12, 24, 36, 48, 60)
"""Numbers of elements for the hard instances."""

# (card, weight) for Alice's attacking creatures.
ATTACKERS: tuple[tuple[str, int], ...] = (
    ("Grizzly Bears", 10),        # vanilla
    ("Hill Giant", 5),            # vanilla
    ("Serra Angel", 5),           # flying (702.9b)
    ("Air Elemental", 3),         # flying
    ("Boggart Brute", 5),         # menace (702.111b)
    ("Prized Unicorn", 2),        # all creatures able to block it do so (509.1c)
    ("Stalking Tiger", 3),        # not by more than one creature
    ("Pathrazer of Ulamog", 1),   # except by three or more creatures
    ("Vinebred Brawler", 3),      # must be blocked if able
    ("Nacatl War-Pride", 1),      # must be blocked by exactly one creature if able
    ("Severed Legion", 3),        # fear (702.36b)
    ("Academy Raider", 3),        # intimidate (702.13b)
    ("Uninvited Geist", 3),       # skulk (702.118b)
    ("Soltari Visionary", 2),     # shadow (702.28b)
    ("White Knight", 3),          # protection from black (702.16f)
    ("Zodiac Dog", 2),            # mountainwalk (702.14c)
    ("Questing Beast", 1),        # can't be blocked by power 2 or less
    ("Dread Warlock", 2),         # except by black creatures
    ("Deftblade Elite", 2),       # provoke: a must_block effect (702.39a)
)

# (card, weight) for Bob's potential blockers.
BLOCKERS: tuple[tuple[str, int], ...] = (
    ("Grizzly Bears", 10),
    ("Hill Giant", 6),
    ("Scathe Zombies", 5),             # black
    ("Giant Spider", 5),               # reach (702.17b)
    ("Serra Angel", 3),                # flying
    ("Ornithopter", 3),                # artifact, flying
    ("Watchdog", 6),                   # blocks each combat if able (509.1c)
    ("Razorgrass Screen", 3),          # blocks each combat if able
    ("Craven Hulk", 3),                # can't block alone (509.1b)
    ("Okk", 2),                        # can't block unless a stronger creature blocks
    ("Orcish Conscripts", 2),          # can't block unless two others block
    ("Brassclaw Orcs", 2),             # can't block power 2 or greater
    ("Two-Headed Giant of Foriys", 2), # can block an additional creature (509.1a)
    ("Guardian of the Gateless", 1),   # can block any number of creatures
    ("Dauthi Slayer", 2),              # shadow
    ("Wall of Stone", 3),              # defender (blocks normally)
)


def block_board_scenario(n: int, *, seed: int = 0, tax: bool = True, mana: int = 3) -> dict[str, Any]:
    """A two-player scenario: Alice attacks Bob with ``n`` creatures; Bob has ``n`` creatures.

    About 8 % of Bob's creatures are tapped (509.1a); one Lure and one Pacifism per 25
    creatures; one Mountain (so mountainwalk counts); ``tax``: one Awesome Presence per 25
    creatures (each creature blocking the enchanted attacker costs {3}, 509.1d) — with
    ``mana`` for Bob. Raises ValueError for ``n < 1``.
    """
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    rng = random.Random(f"redzone-block-bench:{seed}:{n}:{tax}")
    perms: list[dict[str, Any]] = []
    attackers: dict[str, str] = {}
    a_cards = rng.choices([c for c, _ in ATTACKERS], weights=[w for _, w in ATTACKERS], k=n)
    # Legendary creatures: at most one Questing Beast.
    seen_legend = False
    for i, card in enumerate(a_cards):
        if card == "Questing Beast":
            if seen_legend:
                card = "Grizzly Bears"
            seen_legend = True
        aid = f"a{i:03d}"
        perms.append({"id": aid, "card": card, "controller": "Alice"})
        attackers[aid] = "Bob"
    b_cards = rng.choices([c for c, _ in BLOCKERS], weights=[w for _, w in BLOCKERS], k=n)
    bids: list[str] = []
    for i, card in enumerate(b_cards):
        bid = f"b{i:03d}"
        bids.append(bid)
        perm: dict[str, Any] = {"id": bid, "card": card, "controller": "Bob"}
        if rng.random() < 0.08:
            perm["tapped"] = True
        perms.append(perm)
    for k in range(max(1, n // 25)):
        perms.append({"id": f"lure-{k}", "card": "Lure", "controller": "Alice",
                      "attached_to": f"a{rng.randrange(n):03d}"})
        perms.append({"id": f"pacifism-{k}", "card": "Pacifism", "controller": "Alice",
                      "attached_to": rng.choice(bids)})
    perms.append({"id": "mountain", "card": "Mountain", "controller": "Bob"})
    if tax:
        # Awesome Presence: each creature blocking the enchanted creature costs {3} (509.1d).
        for k in range(max(1, n // 25)):
            perms.append({"id": f"presence-{k}", "card": "Awesome Presence", "controller": "Alice",
                          "attached_to": f"a{rng.randrange(n):03d}"})
    effects = []
    for aid, card in zip(attackers, a_cards):
        if card == "Deftblade Elite":  # provoke: one of Bob's creatures blocks it if able
            effects.append({"must_block": {"blocker": rng.choice(bids), "attacker": aid}})
    return {
        "players": [{"name": "Alice"}, {"name": "Bob", "mana": mana}],
        "permanents": perms,
        "effects": effects,
        "combat": {"attackers": attackers},
    }


# ------------------------------------------------------------------ requirement-heavy boards


REQUIREMENT_SIZES: tuple[int, ...] = (50, 200)
"""Creatures per side for the requirement-heavy planning table."""


def requirement_board_scenario(n: int, *, seed: int = 0) -> dict[str, Any]:
    """A two-player board heavy in block requirements and restrictions (issue 25): Alice
    attacks Bob with ``n`` creatures, a fifth of them Boggart Brute (menace, 702.111b) and a
    tenth Vinebred Brawler ("must be blocked if able", 509.1c), the rest Grizzly Bears or
    Hill Giant; Bob has ``n`` creatures, a fifth that block each combat if able (Watchdog,
    Razorgrass Screen; 509.1c), the rest Grizzly Bears or Hill Giant.

    ``seed=0`` lists the menace attackers first, then the "must be blocked" ones, and Bob's
    "blocks each combat" creatures first: the rank tie-break (earlier attackers first) then
    sends half of them onto menace attackers in pairs, which kept about 12,000 pairs in the
    model and made the plan slow. Other seeds shuffle both sides. Raises ValueError for
    ``n < 10``.
    """
    if n < 10:
        raise ValueError(f"n must be at least 10, got {n}")
    rng = random.Random(f"redzone-block-requirements:{seed}:{n}")
    ordinary = ("Grizzly Bears", "Hill Giant")
    a_cards = ["Boggart Brute"] * (n // 5) + ["Vinebred Brawler"] * (n // 10)
    a_cards += [rng.choice(ordinary) for _ in range(n - len(a_cards))]
    b_cards = [rng.choice(("Watchdog", "Razorgrass Screen")) for _ in range(n // 5)]
    b_cards += [rng.choice(ordinary) for _ in range(n - len(b_cards))]
    if seed:
        rng.shuffle(a_cards)
        rng.shuffle(b_cards)
    perms: list[dict[str, Any]] = []
    attackers: dict[str, str] = {}
    for i, card in enumerate(a_cards):
        perms.append({"id": f"a{i:03d}", "card": card, "controller": "Alice"})
        attackers[f"a{i:03d}"] = "Bob"
    for i, card in enumerate(b_cards):
        perms.append({"id": f"b{i:03d}", "card": card, "controller": "Bob"})
    return {"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": perms,
            "combat": {"attackers": attackers}}


# ------------------------------------------------------------------ exact cover by 3-sets


def x3c_sets(n: int, m: int, *, seed: int = 0, planted: bool = False) -> list[tuple[int, int, int]]:
    """``m`` distinct 3-subsets of ``range(n)`` (``n`` a multiple of 3), sorted triples.

    ``planted``: the first ``n // 3`` sets (before shuffling) are a random partition, so an
    exact cover exists; the rest are uniform random 3-sets. Raises ValueError when ``n`` is
    not a positive multiple of 3, ``m`` is too small to hold a planted cover, or ``m`` exceeds
    the number of 3-subsets.
    """
    if n <= 0 or n % 3:
        raise ValueError(f"n must be a positive multiple of 3, got {n}")
    if planted and m < n // 3:
        raise ValueError(f"a planted cover needs m >= n/3 = {n // 3}, got {m}")
    if m > n * (n - 1) * (n - 2) // 6:
        raise ValueError(f"there are only {n * (n - 1) * (n - 2) // 6} 3-subsets of {n} elements, got m = {m}")
    rng = random.Random(f"redzone-x3c:{seed}:{n}:{m}:{planted}")
    sets: list[tuple[int, int, int]] = []
    seen: set[tuple[int, int, int]] = set()
    if planted:
        order = list(range(n))
        rng.shuffle(order)
        for k in range(0, n, 3):
            t = tuple(sorted(order[k:k + 3]))
            sets.append(t)  # type: ignore[arg-type]
            seen.add(t)  # type: ignore[arg-type]
    while len(sets) < m:
        t = tuple(sorted(rng.sample(range(n), 3)))
        if t not in seen:
            seen.add(t)  # type: ignore[arg-type]
            sets.append(t)  # type: ignore[arg-type]
    rng.shuffle(sets)
    return sets


def exact_cover(n: int, sets: list[tuple[int, int, int]]) -> list[int] | None:
    """Indices of sets forming an exact cover of ``range(n)``, or ``None`` — plain
    backtracking on the element with the fewest candidate sets (Knuth's algorithm X with
    dictionaries)."""
    containing: dict[int, set[int]] = {e: set() for e in range(n)}
    for j, s in enumerate(sets):
        for e in s:
            containing[e].add(j)

    chosen: list[int] = []

    def select(j: int) -> list[set[int]]:
        removed: list[set[int]] = []
        for e in sets[j]:
            for k in containing[e]:
                for f in sets[k]:
                    if f != e:
                        containing[f].discard(k)
            removed.append(containing.pop(e))
        return removed

    def deselect(j: int, removed: list[set[int]]) -> None:
        for e, cols in zip(reversed(sets[j]), reversed(removed)):
            containing[e] = cols
            for k in cols:
                for f in sets[k]:
                    if f != e:
                        containing[f].add(k)

    def solve() -> bool:
        if not containing:
            return True
        e = min(containing, key=lambda x: len(containing[x]))
        for j in sorted(containing[e]):
            chosen.append(j)
            removed = select(j)
            if solve():
                return True
            deselect(j, removed)
            chosen.pop()
        return False

    return list(chosen) if solve() else None


def x3c_scenario(n: int, sets: list[tuple[int, int, int]]) -> dict[str, Any]:
    """The block-legality scenario of an X3C instance (see the module docstring).

    Bob's creatures ``e0 .. e{n-1}`` (inline 1/1s) are the elements; Alice attacks with
    Tromokratis and one inline 1/1 per set ``s0 ..`` ("This creature can't be blocked except
    by three or more creatures."). ``combat.blockers`` is "every creature blocks
    Tromokratis", legal exactly when no exact cover exists.
    """
    perms: list[dict[str, Any]] = [{"id": "tromo", "card": "Tromokratis", "controller": "Alice"}]
    attackers: dict[str, str] = {"tromo": "Bob"}
    for j in range(len(sets)):
        perms.append({"id": f"s{j}", "name": f"Set {j}", "controller": "Alice", "types": ["Creature"],
                      "power": 1, "toughness": 1,
                      "text": "This creature can't be blocked except by three or more creatures."})
        attackers[f"s{j}"] = "Bob"
    for i in range(n):
        perms.append({"id": f"e{i}", "name": f"Element {i}", "controller": "Bob",
                      "types": ["Creature"], "power": 1, "toughness": 1})
    effects: list[dict[str, Any]] = []
    for j, s in enumerate(sets):
        for i in s:
            effects.append({"must_block": {"blocker": f"e{i}", "attacker": f"s{j}"}})
    for i in range(n - 1):
        effects.append({"must_block": {"blocker": f"e{i}", "attacker": "tromo"}})
    return {
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "permanents": perms,
        "effects": effects,
        "combat": {"attackers": attackers, "blockers": {f"e{i}": ["tromo"] for i in range(n)}},
    }
