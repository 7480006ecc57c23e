"""Varied batch rows of real cards for the batch, memory and protocol benchmarks.

Each generator gives one scenario dict per ``seed``, deterministically; consecutive seeds
vary the board's size and make-up, so a batch of them looks like an analyst's data set
rather than one board repeated:

- :func:`attack_row`: the attack boards of :mod:`benchmarks.boards` with 1-20 creatures and
  2-4 players (taxes Propaganda / Ghostly Prison / Sphere of Safety, goad, Pacifism,
  Bloodshed Fever, Furor of the Bitten, Errantry, Crawlspace, Trove of Temptation) —
  requirements and restrictions of CR 508.1c-d, costs of 508.1d/h;
- :func:`block_row`: the block boards of :mod:`benchmarks.block_boards` with 5-20
  creatures a side (provoke via Deftblade Elite, Lure, menace via Boggart Brute, flying,
  fear, shadow, Watchdog requirements, Awesome Presence taxes) — CR 509.1;
- :func:`damage_row`: one to four attacking creatures blocked by 2-12 creatures in all,
  with trample (702.19), deathtouch (702.2), first strike (702.7) and double strike
  (702.4) on either side, some blockers already damaged — CR 510.

:func:`write_batch` writes ``rows`` of one kind as JSON Lines. Used by
``benchmarks/run_batch.py`` and by the tests of the batch runner.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.block_boards import block_board_scenario
from benchmarks.boards import board_scenario

DAMAGE_ATTACKERS: tuple[tuple[str, int], ...] = (
    ("Colossal Dreadmaw", 3),      # 6/6 trample
    ("Ghor-Clan Rampager", 3),     # 4/4 trample
    ("Thundering Tanadon", 2),     # 5/4 trample
    ("Battle Mammoth", 2),         # 6/5 trample
    ("Craw Wurm", 2),              # 6/4
    ("Hill Giant", 2),             # 3/3
    ("Boros Swiftblade", 2),       # 1/2 double strike
    ("Skyhunter Skirmisher", 1),   # 1/1 flying, double strike
    ("Youthful Knight", 2),        # 2/1 first strike
    ("Typhoid Rats", 2),           # 1/1 deathtouch
    ("Vampire Nighthawk", 1),      # 2/3 flying, deathtouch, lifelink
)
DAMAGE_BLOCKERS: tuple[tuple[str, int], ...] = (
    ("Grizzly Bears", 4), ("Hill Giant", 3), ("Llanowar Elves", 2), ("Elvish Warrior", 3),
    ("Wall of Roots", 2), ("Siege Mastodon", 1), ("Fortress Crab", 2), ("Giant Spider", 2),
    ("Sedge Scorpion", 2),         # deathtouch
    ("Elvish Archers", 2),         # first strike
    ("White Knight", 1),           # first strike
    ("Markov Blademaster", 1),     # double strike
    ("Darksteel Myr", 1),          # indestructible
)


def attack_row(seed: int) -> dict[str, Any]:
    """An attack scenario: 1-20 creatures of Alice's, 2-4 players (``seed`` picks both)."""
    rng = random.Random(f"redzone-batch-attack:{seed}")
    return board_scenario(rng.randint(1, 20), seed=seed, players=rng.choice((2, 3, 4, 4)))


def block_row(seed: int) -> dict[str, Any]:
    """A block scenario: 5-20 attacking creatures against as many potential blockers."""
    rng = random.Random(f"redzone-batch-block:{seed}")
    return block_board_scenario(rng.randint(5, 20), seed=seed)


def _draw(rng: random.Random, mix: tuple[tuple[str, int], ...]) -> str:
    return rng.choices([c for c, _ in mix], weights=[w for _, w in mix])[0]


def damage_row(seed: int) -> dict[str, Any]:
    """A combat damage scenario: 1-4 attacking creatures, 2-12 blockers in all (each
    blocking one attacker; with Palace Guard's ability, some block two)."""
    rng = random.Random(f"redzone-batch-damage:{seed}")
    n_att = rng.randint(1, 4)
    n_blk = rng.randint(max(2, n_att), 12)
    perms: list[dict[str, Any]] = []
    attackers: dict[str, str] = {}
    for i in range(n_att):
        aid = f"a{i}"
        perms.append({"id": aid, "card": _draw(rng, DAMAGE_ATTACKERS), "controller": "Alice"})
        attackers[aid] = "Bob"
    if rng.random() < 0.25:
        perms.append({"id": "collar", "card": "Basilisk Collar", "controller": "Alice",
                      "attached_to": "a0"})
    blockers: dict[str, list[str]] = {}
    ids = list(attackers)
    for i in range(n_blk):
        bid = f"b{i}"
        perm: dict[str, Any] = {"id": bid, "card": _draw(rng, DAMAGE_BLOCKERS), "controller": "Bob"}
        if rng.random() < 0.2:
            perm["damage"] = 1
        # Every attacker is blocked by at least one creature; the rest spread at random.
        blocked = [ids[i]] if i < n_att else [rng.choice(ids)]
        if n_att > 1 and rng.random() < 0.1:
            perm["abilities"] = ["This creature can block any number of creatures."]
            blocked = rng.sample(ids, 2)
        perms.append(perm)
        blockers[bid] = blocked
    return {"players": [{"name": "Alice"}, {"name": "Bob", "life": rng.choice((20, 10, 5))}],
            "permanents": perms, "combat": {"attackers": attackers, "blockers": blockers}}


GENERATORS: dict[str, Callable[[int], dict[str, Any]]] = {
    "attack": attack_row, "block": block_row, "damage": damage_row,
}
"""Row generator per command name."""


def write_batch(kind: str, rows: int, path: str | Path, *, start: int = 0) -> Path:
    """Write ``rows`` scenarios of ``kind`` (a key of :data:`GENERATORS`) as JSON Lines,
    seeds ``start`` .. ``start + rows - 1``. Returns the path. Raises KeyError for an
    unknown kind."""
    make = GENERATORS[kind]
    path = Path(path)
    with path.open("w", encoding="utf-8") as out:
        for seed in range(start, start + rows):
            out.write(json.dumps(make(seed), separators=(",", ":")) + "\n")
    return path
