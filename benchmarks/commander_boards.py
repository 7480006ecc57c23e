"""Deterministic four-player Commander boards of real cards (issue 23): each player has a
real commander (CR 903.3) and ``n - 1`` more creatures drawn with a seeded generator from
:data:`benchmarks.ai_boards.CREATURES`, life totals between 20 and 40, and commander damage
already dealt between 0 and 18 (903.10a), so that commander damage can decide the combat."""

from __future__ import annotations

import random
from typing import Any

from benchmarks.ai_boards import CREATURES

PLAYERS = ("Alice", "Bob", "Carol", "Dave")
COMMANDERS = ("Kalemne, Disciple of Iroas", "Atraxa, Praetors' Voice",
              "Skithiryx, the Blight Dragon", "Tobias Andrion")
"""One real commander per player, in seat order (double strike, flying deathtouch lifelink,
flying infect, a vanilla 4/4). Until 2026-12-07 the fourth was Wilhelt, the Rotcleaver, a
3/3 whose triggered ability ("whenever another Zombie you control dies ...") was not read:
now that it is, a board with it is searched with triggered abilities, which these boards
do not measure (benchmarks/README.md, Commander)."""


def commander_scenario(n: int = 6, seed: int = 0) -> dict[str, Any]:
    """Four players, ``n`` creatures each (one the player's commander), Alice active."""
    rng = random.Random(seed * 1000 + n)
    perms: list[dict[str, Any]] = []
    ids = []
    for side, cmdr in zip(PLAYERS, COMMANDERS):
        cid = f"{side[0].lower()}-cmdr"
        ids.append(cid)
        perms.append({"id": cid, "card": cmdr, "controller": side, "commander": True})
        for i in range(n - 1):
            perms.append({"id": f"{side[0].lower()}{i}", "card": rng.choice(CREATURES),
                          "controller": side})
    players = []
    for k, side in enumerate(PLAYERS):
        dealt = {c: rng.randint(0, 18) for j, c in enumerate(ids) if j != k and rng.random() < 0.5}
        players.append({"name": side, "life": rng.randint(20, 40), "commander_damage": dealt})
    return {"format": "commander", "players": players, "permanents": perms}
