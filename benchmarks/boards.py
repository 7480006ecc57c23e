"""Deterministic benchmark boards of real cards for attack planning (CR 508.1).

:func:`board_scenario` writes a scenario (the same structure as a scenario file, a plain
``dict``) in which the active player, Alice, controls ``n`` creatures drawn from real cards
with a seeded random generator. The mix exercises every part of the declare-attackers
problem:

- requirements (508.1d): Juggernaut-likes ("attacks each combat if able"), Goblin
  Rabblemaster (other Goblins attack each combat), auras (Bloodshed Fever, Furor of the
  Bitten), goad effects (701.15, two requirement instances per goading player), a
  ``must_attack`` effect toward a planeswalker, and Trove of Temptation (a player-level
  requirement);
- restrictions (508.1c): "can't attack alone" (Loyal Pegasus, Mogg Flunkies), "can only
  attack alone" (Master of Cruelties, Errantry), "unless at least two other creatures attack"
  (Orcish Conscripts), "can't attack" (Pacifism), an attacker cap on one player (Crawlspace)
  and optionally on the whole attack (Silent Arbiter), Sea Serpent's Island condition,
  defender walls (Wall of Stone), tapped and summoning-sick creatures (508.1a, 302.6);
- costs (508.1d, 508.1h-j): Propaganda, Ghostly Prison and Sphere of Safety (X = enchantments
  its controller controls), with some mana for the attacking player.

The opponents' permanents (taxes, caps, lands, planeswalkers) are spread round-robin over the
opponents, so in a four-player game (attack multiple players, 802) each defending player
imposes different rules (with two players, only Propaganda of the three taxes is used, so
that attacking the planeswalkers stays free). The same ``(n, seed, players, arbiter)`` always gives the same
scenario: tests may reuse these boards.

Public API: :func:`board_scenario` (dict), :func:`board_problem` (dict -> AttackProblem via
``parse_scenario`` + ``build_board`` + ``attack_problem``), :data:`SIZES`.
"""

from __future__ import annotations

import random
from typing import Any

SIZES: tuple[int, ...] = (10, 50, 200, 1000)
"""Board sizes (creatures of the attacking player) measured by the benchmarks."""

PLAYERS: tuple[str, ...] = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")
"""Player names in seat order; Alice is the active (attacking) player."""

# (card, weight) for the attacking player's creatures. Weights, not counts: the mix is drawn.
CREATURES: tuple[tuple[str, int], ...] = (
    ("Grizzly Bears", 14),             # vanilla
    ("Craw Wurm", 4),                  # vanilla
    ("Serra Angel", 4),                # flying, vigilance
    ("Raging Goblin", 5),              # Goblin with haste (attacks while summoning sick)
    ("Goblin Piker", 4),               # Goblin; "can't block" (no effect on attacks)
    ("Juggernaut", 7),                 # attacks each combat if able
    ("Berserkers of Blood Ridge", 3),  # attacks each combat if able
    ("Bloodrock Cyclops", 3),          # attacks each combat if able
    ("Loyal Pegasus", 5),              # can't attack alone
    ("Mogg Flunkies", 5),              # Goblin; can't attack alone
    ("Orcish Conscripts", 3),          # can't attack unless at least two others attack
    ("Master of Cruelties", 2),        # can only attack alone
    ("Sea Serpent", 4),                # can't attack unless defending player controls an Island
    ("Wall of Stone", 4),              # defender
)

# Auras the attacking player puts on its own creatures: (card, creatures per copy).
OWN_AURAS: tuple[tuple[str, int], ...] = (
    ("Bloodshed Fever", 12),      # enchanted creature attacks each combat if able
    ("Furor of the Bitten", 25),  # +2/+2 and attacks each combat if able
    ("Errantry", 40),             # +3/+0 and can only attack alone
)

# Permanents of the opponents, dealt round-robin over them: (card, extra fields).
OPPONENT_PERMANENTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("Propaganda", {}),                      # tax {2} per creature attacking its controller
    ("Crawlspace", {}),                      # no more than two creatures can attack you
    ("Trove of Temptation", {}),             # each opponent must attack you or a planeswalker
    ("Ghostly Prison", {}),                  # tax {2}
    ("Sphere of Safety", {}),                # tax {X}, X = enchantments its controller controls
    ("Island", {}),                          # lets Sea Serpent attack this player
    ("Jace Beleren", {"loyalty": 3}),        # planeswalker: another attack target
    ("Gideon, Ally of Zendikar", {"loyalty": 4}),
    ("Forest", {}),
)


def _counted(n: int, per: int) -> int:
    """Copies of something that comes once per ``per`` creatures (at least one from 10)."""
    return max(1 if n >= 10 else 0, round(n / per))


def board_scenario(n: int, *, seed: int = 0, players: int = 4, arbiter: bool = False,
                   mana: int = 4) -> dict[str, Any]:
    """A scenario dict with ``n`` creatures of the active player (Alice) and the mix above.

    ``players``: 2 to 6 players in seat order (Alice first); ``arbiter``: add Silent Arbiter
    under the first opponent (no more than one creature attacks each combat, 508.1c);
    ``mana``: Alice's generic mana for attack taxes. Deterministic in all arguments.
    Raises ValueError for ``n < 1`` or ``players`` outside 2..6.
    """
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    if not 2 <= players <= len(PLAYERS):
        raise ValueError(f"players must be 2..{len(PLAYERS)}, got {players}")
    rng = random.Random(f"redzone-bench:{seed}:{n}:{players}:{arbiter}")
    names = list(PLAYERS[:players])
    me, opponents = names[0], names[1:]
    perms: list[dict[str, Any]] = []

    cards = [c for c, _ in CREATURES]
    weights = [w for _, w in CREATURES]
    picks = rng.choices(cards, weights=weights, k=n)
    # Goblin Rabblemaster (other Goblins attack each combat if able): one per 50 creatures.
    rabble = _counted(n, 50) if n >= 10 else 0
    for i in rng.sample(range(n), rabble):
        picks[i] = "Goblin Rabblemaster"
    creature_ids: list[str] = []
    for i, card in enumerate(picks):
        cid = f"a{i:04d}"
        creature_ids.append(cid)
        perm: dict[str, Any] = {"id": cid, "card": card, "controller": me}
        roll = rng.random()
        if roll < 0.07:
            perm["tapped"] = True                # 508.1a
        elif roll < 0.17:
            perm["summoning_sick"] = True        # 302.6 (Raging Goblin has haste)
        perms.append(perm)

    for aura, per in OWN_AURAS:
        for k, target in enumerate(rng.sample(creature_ids, min(n, _counted(n, per)))):
            perms.append({"id": f"{_slug(aura)}-{k}", "card": aura, "controller": me,
                          "attached_to": target})

    # Opponent-side permanents, round-robin over the opponents. With one opponent, the
    # three taxes together would tax every attack (Sphere of Safety covers planeswalkers),
    # leaving no free attack and M = 0 (costs are never forced, 508.1d): keep Propaganda
    # only, so attacks on the planeswalkers stay free.
    deal = [(card, extra) for card, extra in OPPONENT_PERMANENTS
            if players > 2 or card not in ("Ghostly Prison", "Sphere of Safety")]
    for k, (card, extra) in enumerate(deal):
        owner = opponents[k % len(opponents)]
        perms.append({"id": f"{_slug(card)}", "card": card, "controller": owner, **extra})
    # Pacifism (enchanted creature can't attack or block) from an opponent.
    for k, target in enumerate(rng.sample(creature_ids, min(n, _counted(n, 30)))):
        perms.append({"id": f"pacifism-{k}", "card": "Pacifism",
                      "controller": opponents[k % len(opponents)], "attached_to": target})
    if arbiter:
        perms.append({"id": "silent-arbiter", "card": "Silent Arbiter", "controller": opponents[0]})

    effects: list[dict[str, Any]] = []
    # Goad (701.15): one creature in 15, by one or two opponents.
    for target in rng.sample(creature_ids, min(n, max(1, n // 15))):
        for by in rng.sample(opponents, min(len(opponents), rng.choice((1, 1, 2)))):
            effects.append({"goad": target, "by": by})
    # "Attacks that planeswalker this combat if able" on one creature.
    effects.append({"must_attack": {"attacker": creature_ids[rng.randrange(n)],
                                    "target": "jace-beleren"}})

    scenario: dict[str, Any] = {
        "active_player": me,
        "players": [{"name": p, **({"mana": mana} if p == me else {})} for p in names],
        "permanents": perms,
        "effects": effects,
    }
    return scenario


def _slug(card: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in card.lower()).strip("-").replace("--", "-")


def board_problem(n: int, **kwargs: Any) -> Any:
    """The :class:`redzone.models.attack_problem.AttackProblem` of :func:`board_scenario` ``(n, **kwargs)``:
    ``parse_scenario`` + ``build_board`` + ``attack_problem``."""
    return problem_of(board_scenario(n, **kwargs))


def problem_of(data: dict[str, Any]) -> Any:
    """``attack_problem(build_board(parse_scenario(data)))``."""
    from redzone.models.attack_rules import attack_problem
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario

    return attack_problem(build_board(parse_scenario(data)))


def describe(problem: Any) -> dict[str, int]:
    """Size figures of an AttackProblem: creatures, creatures able to attack, allowed pairs,
    free pairs, targets, restrictions, requirement instances."""
    able = [c for c in problem.creatures if problem.allowed.get(c)]
    pairs = sum(len(problem.allowed.get(c, ())) for c in problem.creatures)
    free = sum(1 for c in problem.creatures for t in problem.allowed.get(c, ())
               if problem.costs.get((c, t), 0) == 0)
    return {
        "creatures": len(problem.creatures),
        "able": len(able),
        "pairs": pairs,
        "free_pairs": free,
        "targets": len(problem.targets),
        "restrictions": len(problem.restrictions),
        "requirements": len(problem.requirements),
    }
