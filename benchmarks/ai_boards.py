"""Deterministic benchmark boards of real cards for the AI's combat decisions (issue 9).

:func:`ai_scenario` writes a two-player scenario dict: Alice (the active player) and Bob
each control ``n`` creatures drawn with a seeded generator from real cards with combat
keywords (flying, reach, menace, trample, deathtouch, lifelink, first and double strike,
vigilance, infect, defender), and random life totals. :func:`swarm_scenario` is the token
swarm of the issue; :func:`lethal_scenario` the random puzzles.
"""

from __future__ import annotations

import random
from typing import Any

SIZES: tuple[int, ...] = (3, 5, 8, 12, 20)

CREATURES: tuple[str, ...] = (
    "Grizzly Bears", "Hill Giant", "Savannah Lions", "Boggart Brute", "Wind Drake",
    "Serra Angel", "Giant Spider", "Typhoid Rats", "Vampire Nighthawk", "Colossal Dreadmaw",
    "Craw Wurm", "Wall of Stone", "Youthful Knight", "Fencing Ace", "Child of Night",
    "White Knight", "Centaur Courser", "Elvish Warrior", "Plague Stinger", "Siege Mastodon",
    "Horned Turtle", "Air Elemental",
)
"""The pool (each with its Oracle text from the bundled card data)."""


def ai_scenario(n: int, seed: int = 0, *, combat: bool = False) -> dict[str, Any]:
    """``n`` creatures a side; with ``combat``, every creature of Alice that can attack
    attacks Bob (for ``choose-block``)."""
    rng = random.Random(seed * 1000 + n)
    perms: list[dict[str, Any]] = []
    for side in ("Alice", "Bob"):
        for i in range(n):
            perms.append({"id": f"{side[0].lower()}{i}", "card": rng.choice(CREATURES), "controller": side})
    data: dict[str, Any] = {"players": [{"name": "Alice", "life": rng.randint(8, 20)},
                                        {"name": "Bob", "life": rng.randint(8, 20)}],
                            "permanents": perms}
    if combat:
        data["combat"] = {"attackers": {p["id"]: "Bob" for p in perms
                                        if p["controller"] == "Alice" and p["card"] != "Wall of Stone"}}
    return data


def swarm_scenario(life: int, alice_life: int = 20) -> dict[str, Any]:
    """The token swarm: 66 Insect tokens (1/1 flying, deathtouch: inline, tokens are not
    cards), Hornet Queen, Craterhoof Behemoth, Grizzly Bears and Hill Giant attack Bob, who
    has eight ground creatures, at ``life``; Alice at ``alice_life`` (Bob's creatures have
    20 power in all: at 20 an unblocked crack-back kills her)."""
    perms: list[dict[str, Any]] = [
        {"id": f"insect{i}", "name": "Insect", "controller": "Alice", "types": ["Creature"],
         "subtypes": ["Insect"], "colors": ["G"], "power": 1, "toughness": 1,
         "text": "Flying\nDeathtouch"} for i in range(66)]
    perms += [{"id": "queen", "card": "Hornet Queen", "controller": "Alice"},
              {"id": "hoof", "card": "Craterhoof Behemoth", "controller": "Alice"},
              {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
              {"id": "giant", "card": "Hill Giant", "controller": "Alice"}]
    ground = ["Grizzly Bears", "Grizzly Bears", "Hill Giant", "Centaur Courser", "Siege Mastodon",
              "Colossal Dreadmaw", "Wall of Stone", "Horned Turtle"]
    perms += [{"id": f"d{i}", "card": c, "controller": "Bob"} for i, c in enumerate(ground)]
    attackers = {p["id"]: "Bob" for p in perms if p["controller"] == "Alice"}
    return {"players": [{"name": "Alice", "life": alice_life}, {"name": "Bob", "life": life}],
            "permanents": perms,
            "combat": {"attackers": attackers}}


def lethal_scenario(seed: int) -> dict[str, Any]:
    """A small random board of real cards (2-4 attackers, 0-3 blockers, Bob at 1-10 life)
    for the lethal puzzles."""
    rng = random.Random(seed)
    perms = [{"id": f"a{i}", "card": rng.choice(CREATURES), "controller": "Alice"}
             for i in range(rng.randint(2, 4))]
    perms += [{"id": f"b{i}", "card": rng.choice(CREATURES), "controller": "Bob"}
              for i in range(rng.randint(0, 3))]
    return {"players": [{"name": "Alice"}, {"name": "Bob", "life": rng.randint(1, 10)}],
            "permanents": perms}
