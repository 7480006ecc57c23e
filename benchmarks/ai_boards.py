"""Deterministic benchmark boards of real cards for the AI's combat decisions (issue 9).

:func:`ai_scenario` writes a two-player scenario dict: Alice (the active player) and Bob
each control ``n`` creatures drawn with a seeded generator from real cards with combat
keywords (flying, reach, menace, trample, deathtouch, lifelink, first and double strike,
vigilance, infect, defender), and random life totals. :func:`swarm_scenario` is the token
swarm of the issue; :func:`lethal_scenario` the random puzzles. :func:`note_scenario` and
:func:`ground_scenario` are ``choose-block`` boards where most creatures can block most
attackers (a new user's trial, 2026-12-01: the blocks passed ``BLOCK_BOUND``).
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

TRIGGER_CREATURES: tuple[str, ...] = (
    "Akrasan Squire", "Ethercaste Knight", "Devoted Retainer", "Benalish Cavalry", "Frost Giant",
    "Horrible Hordes", "Goblin Wardriver", "Accorder Paladin", "Frontline Devastator",
    "Khenra Eternal", "Goblin Heelcutter",
)
"""Real cards with triggered abilities of combat (issue 21): exalted, bushido, flanking,
rampage, battle cry, afflict, and Goblin Heelcutter's "target creature can't block"."""


def trigger_scenario(n: int, seed: int = 0) -> dict[str, Any]:
    """``n`` creatures a side as :func:`ai_scenario`, about half of them drawn from
    :data:`TRIGGER_CREATURES` (at least one a side)."""
    rng = random.Random(seed * 1000 + n + 77)
    perms: list[dict[str, Any]] = []
    for side in ("Alice", "Bob"):
        for i in range(n):
            pool = TRIGGER_CREATURES if i == 0 or rng.random() < 0.5 else CREATURES
            perms.append({"id": f"{side[0].lower()}{i}", "card": rng.choice(pool), "controller": side})
    return {"players": [{"name": "Alice", "life": rng.randint(8, 20)},
                        {"name": "Bob", "life": rng.randint(8, 20)}],
            "permanents": perms}


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


NOTE_ALICE: tuple[str, ...] = ("Serra Angel", "Hill Giant", "Grizzly Bears", "Grizzly Bears",
                               "Boggart Brute", "Typhoid Rats", "Boros Swiftblade", "White Knight",
                               "Vampire Nighthawk", "Colossal Dreadmaw")
NOTE_BOB: tuple[str, ...] = ("Giant Spider", "Hill Giant", "Grizzly Bears", "Grizzly Bears",
                             "Typhoid Rats", "Wall of Stone", "Llanowar Elves", "Wind Drake",
                             "Boggart Brute", "Serra Angel")
NOTE_SIZES: tuple[tuple[int, int], ...] = ((7, 7), (8, 8), (5, 10), (10, 10))
"""The trial's choose-block boards: (attackers, blockers)."""


def note_scenario(attackers: int, blockers: int) -> dict[str, Any]:
    """The new user's choose-block boards (``/work/notes/s4/newuser.md`` finding 1): Alice
    at 9 attacks Bob at 11 with the first ``attackers`` of :data:`NOTE_ALICE`; Bob has the
    first ``blockers`` of :data:`NOTE_BOB` (8 v 8 is ``blk8.yaml``)."""
    perms = [{"id": f"a{i}", "card": c, "controller": "Alice"} for i, c in enumerate(NOTE_ALICE[:attackers])]
    perms += [{"id": f"b{i}", "card": c, "controller": "Bob"} for i, c in enumerate(NOTE_BOB[:blockers])]
    return {"players": [{"name": "Alice", "life": 9}, {"name": "Bob", "life": 11}],
            "permanents": perms,
            "combat": {"attackers": {f"a{i}": "Bob" for i in range(attackers)}}}


GROUND: tuple[str, ...] = (
    "Grizzly Bears", "Hill Giant", "Savannah Lions", "Boggart Brute", "Giant Spider",
    "Typhoid Rats", "Centaur Courser", "Elvish Warrior", "Siege Mastodon", "Craw Wurm",
    "Youthful Knight", "Fencing Ace", "Llanowar Elves", "Boros Swiftblade", "Horned Turtle",
    "Colossal Dreadmaw", "Wall of Stone",
)
"""Ground creatures (no flying): every creature of the defending player can block every
attacker, but for menace (Boggart Brute) and Wall of Stone's defender."""


def ground_scenario(n: int, seed: int = 0) -> dict[str, Any]:
    """A seeded "everything blocks everything" board for ``choose-block``: ``n`` ground
    creatures a side (:data:`GROUND`), Alice's all attacking Bob (Wall of Stone, a
    defender, is drawn for Bob only), random life totals 8-20."""
    rng = random.Random(seed * 7919 + n)
    attackers = [c for c in GROUND if c != "Wall of Stone"]
    perms = [{"id": f"a{i}", "card": rng.choice(attackers), "controller": "Alice"} for i in range(n)]
    perms += [{"id": f"b{i}", "card": rng.choice(GROUND), "controller": "Bob"} for i in range(n)]
    return {"players": [{"name": "Alice", "life": rng.randint(8, 20)},
                        {"name": "Bob", "life": rng.randint(8, 20)}],
            "permanents": perms,
            "combat": {"attackers": {f"a{i}": "Bob" for i in range(n)}}}
