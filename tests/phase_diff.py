"""Differential combat runs against phase.rs (used by tests/test_phase_differential.py; run
``python tests/phase_diff.py N [SEED [TRIGGERED [targets]]]`` for a report of N boards;
TRIGGERED, e.g. 0.7: the share of creatures drawn from the triggered-ability cards;
``targets``: those include the attack triggers with a target).

One board: a random position (:func:`random_board`) set up in phase; then, step by step,
the same choices go to both engines and their answers are compared:

1. an attack declaration drawn from *all* of the active player's creatures (tapped,
   summoning-sick and defender creatures included, so it is often illegal): phase's verdict
   (``Game.apply`` raising ``ValueError`` or not) against redzone's ``check_attack``
   (CR 508.1); if it is illegal, phase's own AI declaration is used next, and redzone must
   call that one legal too;
2. a block declaration drawn from all of the defending player's creatures (tapped ones and
   evasion included): phase against ``check_blocks`` (CR 509.1), the same way;
3. at every ``AssignCombatDamage`` prompt a random split of the attacking creature's damage
   among its blockers and the player it attacks (trample): phase against ``check_damage``
   (CR 510.1, 702.19), judged on the whole step with the other creatures' assignments
   (which have no choice);
4. the results once combat damage is over — life totals, poison counters, destroyed
   creatures, marked damage and counters — against redzone's own resolution of the same
   assignments (``redzone.models.outcome``: CR 510.2, 120, 702.2, 702.15, 702.80, 702.90,
   704).

Every difference is returned as a :class:`Disagreement`; :data:`KNOWN` lists the phase
faults found this way (docs/phase.md), and :func:`known` recognises them.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.arena import POOL  # noqa: E402
from redzone.solver.bridges import phase as pb  # noqa: E402

EXTRA = (
    "Blackcleave Goblin", "Blightwidow", "Cystbearer", "Flensermite", "Glistener Elf",
    "Plague Stinger", "Razor Swine", "Boggart Ram-Gang", "Juvenile Gloomwidow",
    "Rustrazor Butcher", "Sickle Ripper", "Darksteel Gargoyle", "Darksteel Myr",
)
"""Infect, wither and indestructible creatures (poison and -1/-1 counters, CR 702.90,
702.80, 702.12) added to the arena's pool for the differential runs."""

TRIGGERED = (
    # exalted (702.83)
    "Akrasan Squire", "Sigiled Paladin", "Rhox Charger", "Guardians of Akrasa",
    # bushido (702.45)
    "Devoted Retainer", "Samurai Enforcers", "Kitsune Blademaster", "Nezumi Ronin",
    # flanking (702.25)
    "Suq'Ata Lancer", "Benalish Cavalry", "Mtenda Herder",
    # rampage (702.23)
    "Craw Giant", "Wolverine Pack", "Aerathi Berserker",
    # battle cry (702.91)
    "Goblin Wardriver", "Accorder Paladin", "Loxodon Partisan",
    # afflict (702.130)
    "Khenra Eternal", "Eternal of Harsh Truths",
    # renown (702.112), dethrone (702.105), training (702.149), melee (702.121)
    "Rhox Maulers", "Topan Freeblade", "Enraged Revolutionary", "Gryff Rider",
    "Apprentice Sharpshooter", "Wings of the Guard",
    # "whenever this creature attacks / attacks alone": pumps, life
    "Vicious Kavu", "Charging Paladin", "Flowstone Charger", "Reckless Ogre",
    "Infectious Horror", "Herald of Faith",
    # "blocks", "becomes blocked (by a creature)", "blocks or becomes blocked"
    "Rabid Wolverines", "Cave Tiger", "Razorclaw Bear", "Chub Toad", "Goblin Elite Infantry",
    "Escaped Null", "Giant Badger", "Shu Defender", "Vedalken Ghoul", "Sacred Prey",
    "Pride Guardian",
    # combat damage: "deals combat damage to a player", "is dealt damage"
    "Erdwal Ripper", "Stromkirk Patrol", "Fungusaur", "Dromad Purebred", "Scroll Thief",
)
"""Creatures with triggered abilities of combat (issue 21; docs/triggers.md) whose every
line both engines read: redzone's :func:`redzone.models.triggers.parse.parse_trigger` and
phase's own (the bridge gives phase the triggered keywords, ``pb.TRIGGERED_KEYWORDS``).
None has a target, a "you may" or a sacrifice: each ability resolves the one way it can,
so both engines resolve the same abilities (the order of one player's simultaneous
abilities is given to phase as redzone's, :func:`_order_triggers`)."""
CARDS = POOL + EXTRA + TRIGGERED

TARGETED = ("Grotag Thrasher", "Mardu Roughrider", "Burrenton Shield-Bearers")
"""Attack triggers with a target (603.3d): "target creature can't block this turn" (the
issue's Goblin Heelcutter template) and "target creature gets +0/+3". phase asks for the
target (``TriggerTargetSelection``); the harness draws it from phase's offers and gives
redzone the same (:class:`_Chooser`). Not in :data:`CARDS` (the seeds' boards stay as
measured in docs/phase.md): drawn by :data:`CASES` and by ``random_board(targets=True)``."""


@dataclass
class Disagreement:
    """``what`` (``attack``, ``block``, ``damage``, ``result``), the board seed, phase's and
    redzone's answers, and the scenario (a dict) where they differ."""

    what: str
    seed: int
    phase: Any
    redzone: Any
    scenario: dict[str, Any] = field(repr=False, default_factory=dict)
    detail: str = ""
    resolved: list[Any] = field(repr=False, default_factory=list)
    """The triggered abilities redzone resolved (``Resolved``), for :func:`known`."""


@dataclass
class BoardRun:
    """What one board compared: counts of verdicts and result checks, and disagreements."""

    seed: int
    verdicts: int = 0
    results: int = 0
    triggers: int = 0
    """Triggered abilities redzone resolved (attack, block and damage windows)."""
    fired: list[str] = field(default_factory=list)
    """Their texts up to the first comma ("Bushido 2", "Whenever this creature attacks")."""
    disagreements: list[Disagreement] = field(default_factory=list)


def engine() -> Any:
    return pb.make_engine(CARDS + TARGETED)


def random_board(rng: random.Random, triggered: float = 0.0,
                 targets: bool = False) -> tuple[pb.Side, pb.Side]:
    """Seat 0 (active) and seat 1: 1-5 creatures each, a quarter tapped, a fifth summoning
    sick, some with damage marked (less than toughness) or +1/+1 counters; life 1-20,
    poison 0-9. Each creature is drawn from :data:`CARDS`, or with probability
    ``triggered`` from :data:`TRIGGERED` (boards rich in triggered abilities; with
    ``targets``, from :data:`TRIGGERED` and :data:`TARGETED`)."""
    from redzone.models.cards import lookup

    sides = []
    for seat in range(2):
        creatures = []
        for _ in range(rng.randint(1, 5)):
            rich = TRIGGERED + TARGETED if targets else TRIGGERED
            name = rng.choice(rich if triggered and rng.random() < triggered else CARDS)
            toughness = int(lookup(name).front.toughness or 0)
            counters = {"+1/+1": rng.randint(1, 2)} if rng.random() < 0.15 else {}
            damage = rng.randint(1, toughness - 1) if toughness > 1 and rng.random() < 0.2 else 0
            creatures.append(pb.Creature(name, tapped=rng.random() < 0.25,
                                         summoning_sick=rng.random() < 0.2,
                                         damage=damage, counters=counters))
        sides.append(pb.Side(creatures, life=rng.randint(1, 20), poison=rng.choice([0, 0, 0, 5, 9]),
                             land=("Plains", "Island")[seat]))
    return sides[0], sides[1]


def _legal_in_phase(eng: Any, snapshot: Any, seat: int, action: Any) -> tuple[bool, str]:
    trial = eng.load_game(snapshot)
    try:
        trial.apply(seat, action)
    except ValueError as exc:
        return False, str(exc)
    return True, ""


def _scenario(game: Any) -> dict[str, Any]:
    return pb.scenario_from_state(game.state())


def _order_triggers(game: Any, prompt: Mapping[str, Any]) -> dict[str, Any]:
    """phase's ``OrderTriggers`` answered with redzone's order (docs/triggers.md, CR 603.3b):
    a player's simultaneous triggered abilities go on the stack in the board's order of
    permanents — phase's battlefield order, the scenario's — then text order. In phase's
    answer the first index goes on the stack first (it resolves last)."""
    field_ = game.state()["state"]["battlefield"]
    pos = {oid: i for i, oid in enumerate(field_)}
    listed = prompt["data"]["triggers"]
    order = sorted(range(len(listed)), key=lambda i: pos.get(listed[i]["source_id"], len(field_)))
    return {"type": "OrderTriggers", "data": {"order": order}}


def _advance(game: Any, stop: Any, picks: list[tuple[str, str]] | None = None,
             rng: random.Random | None = None) -> dict[str, Any]:
    """:func:`pb.advance`, answering phase's ``OrderTriggers`` prompts (:func:`_order_triggers`)
    and its ``TriggerTargetSelection`` prompts (603.3d) with a target drawn from phase's
    offers by ``rng`` (else its first), recorded in ``picks`` as (source id, target id or
    player) for redzone's chooser (:class:`_Chooser`)."""
    while True:
        prompt = pb.advance(game, stop)
        if prompt["type"] == "OrderTriggers":
            game.apply(prompt["data"]["player"], _order_triggers(game, prompt))
            continue
        if prompt["type"] == "TriggerTargetSelection":
            offers = game.actions()
            action = rng.choice(offers) if rng is not None else offers[0]
            target = action.to_dict()["data"]["target"]
            name = (pb.permanent_id(target["Object"]) if "Object" in target
                    else pb.seat_name(target["Player"]))
            if picks is not None:
                picks.append((pb.permanent_id(prompt["data"]["source_id"]), name))
            game.apply(prompt["data"]["player"], action)
            continue
        return prompt


_RESOLVED_FIELD: list[bool] = []


def _with_resolved(scenario: dict[str, Any], windows: list[str]) -> dict[str, Any]:
    """``scenario`` with ``combat.triggers_resolved`` = ``windows`` (docs/scenario-format.md),
    so that a scenario snapshot taken from phase after its attack triggers resolved — their
    pumps are in the given power and toughness — is never pumped again by redzone. Left out
    if redzone's scenario format doesn't know the field (a version before it: it then
    judges a scenario with blockers declared as standing after the attack triggers, the
    same thing)."""
    if not _RESOLVED_FIELD:
        from redzone.models.scenario import parse_scenario
        probe = {"players": [{"name": "P1"}, {"name": "P2"}], "active_player": "P1",
                 "permanents": [{"id": "a", "card": "Grizzly Bears", "controller": "P1"}],
                 "combat": {"attackers": {"a": "P2"}, "triggers_resolved": ["attack"]}}
        try:
            parse_scenario(probe)
            _RESOLVED_FIELD.append(True)
        except Exception:
            _RESOLVED_FIELD.append(False)
    combat = scenario.get("combat")
    if not _RESOLVED_FIELD[0] or not combat:
        return scenario
    return {**scenario, "combat": {**combat, "triggers_resolved": list(windows)}}


class _Chooser:
    """The chooser given to redzone's trigger windows: a target (603.3d) is the one phase
    was given for the same source (``picks``, in order); any other choice ("you may", a
    sacrifice: none of the drawn cards has one) is recorded in ``asked`` (it may differ
    from phase's) and answered with the first option."""

    def __init__(self, picks: list[tuple[str, str]] | None = None) -> None:
        self.asked: list[Any] = []
        self.picks = picks if picks is not None else []
        self.used: set[int] = set()

    def __call__(self, choice: Any) -> Any:
        if choice.what == "target":
            for i, (source, target) in enumerate(self.picks):
                if i not in self.used and source == choice.source and target in choice.options:
                    self.used.add(i)
                    return target
        self.asked.append(choice)
        return choice.options[0]


def _cant_block(scenario: dict[str, Any], board: Any, picks: list[tuple[str, str]]) -> dict[str, Any]:
    """``scenario`` (phase's, after the attack triggers) with "This creature can't block."
    on each creature a resolved "target creature can't block this turn" ability chose
    (509.1b): phase's state shows the effect nowhere the bridge reads."""
    from redzone.models.triggers.resolve import triggers
    from redzone.models.triggers.types import CantBlockEffect

    hit = {t for s, t in picks if s in board.permanents and any(
        isinstance(e, CantBlockEffect) for a in triggers(board.permanents[s]) for e in a.effects)}
    if not hit:
        return scenario
    perms = []
    for p in scenario["permanents"]:
        if p["id"] in hit:
            p = {**p, "abilities": list(p.get("abilities") or []) + ["This creature can't block."]}
        perms.append(p)
    return {**scenario, "permanents": perms}


def _after_triggers_redzone(board: Any, state: Any) -> dict[str, Any]:
    """Life, poison and each creature's power, toughness and counters after a window."""
    alive = [p for p in board.permanents.values() if p.is_creature and state.on_battlefield(p.id)]
    return {
        "life": dict(state.life), "poison": dict(state.poison),
        "pt": {p.id: (state.power(board, p.id), state.toughness(board, p.id)) for p in alive},
        "counters": {p.id: {c: n for c, n in (state.counters.get(p.id) or {}).items() if n}
                     for p in alive if any((state.counters.get(p.id) or {}).values())},
        "destroyed": sorted(state.destroyed),
    }


def _after_triggers_phase(scenario: Mapping[str, Any], start: Any) -> dict[str, Any]:
    """The same of a scenario snapshot of phase (creatures of ``start`` still there)."""
    perms = {p["id"]: p for p in scenario["permanents"]}
    alive = [pid for pid, p in start.permanents.items() if p.is_creature and pid in perms]
    return {
        "life": {p["name"]: p["life"] for p in scenario["players"]},
        "poison": {p["name"]: p.get("poison", 0) for p in scenario["players"]},
        "pt": {pid: (perms[pid]["power"], perms[pid]["toughness"]) for pid in alive},
        "counters": {pid: dict(perms[pid]["counters"]) for pid in alive if perms[pid].get("counters")},
        "destroyed": sorted(pid for pid, p in start.permanents.items() if p.is_creature and pid not in perms),
    }


def _random_split(rng: random.Random, total: int, names: list[str]) -> dict[str, int]:
    out = {n: 0 for n in names}
    for _ in range(total):
        out[rng.choice(names)] += 1
    return out


def _lethal_first(rng: random.Random, total: int, needs: list[tuple[str, int]], rest: str | None) -> dict[str, int]:
    """Lethal damage to blockers in a random order, the rest to ``rest`` or spread."""
    out: dict[str, int] = {}
    order = list(needs)
    rng.shuffle(order)
    left = total
    for name, need in order:
        give = min(left, max(need, 0))
        out[name] = give
        left -= give
    target = rest if rest is not None else (order[-1][0] if order else None)
    if target is not None and left:
        out[target] = out.get(target, 0) + left
    return out


@dataclass(frozen=True)
class Case:
    """A board built for an interaction of triggered abilities, run like a random one:
    ``sides`` (seat 0 active), ``attack`` (indices of seat 0's creatures that attack
    seat 1) and ``blocks`` (index of a seat 1 creature -> index of the seat 0 creature it
    blocks); the damage splits are drawn from the seed. ``why``: what it checks (CR)."""

    why: str
    sides: tuple[pb.Side, pb.Side]
    attack: tuple[int, ...]
    blocks: Mapping[int, int] = field(default_factory=dict)


def _side(*cards: str | pb.Creature, life: int = 20, land: str = "Plains") -> pb.Side:
    return pb.Side([c if isinstance(c, pb.Creature) else pb.Creature(c) for c in cards],
                   life=life, land=land)


CASES: tuple[Case, ...] = (
    Case("rampage counts the blockers left when it resolves (702.23b, 506.4)",
         (_side("Craw Giant"), _side(pb.Creature("Goblin Elite Infantry", damage=1),
                                     "Grizzly Bears", land="Island")), (0,), {0: 0, 1: 0}),
    Case("rampage 2 with three blockers: +4/+4 (702.23a)",
         (_side("Craw Giant"), _side("Grizzly Bears", "Grizzly Bears", "Wall of Mist",
                                     land="Island")), (0,), {0: 0, 1: 0, 2: 0}),
    Case("\"becomes blocked by a creature\" triggers once per blocker (509.3d)",
         (_side("Rabid Wolverines"), _side("Grizzly Bears", "Grizzly Bears", land="Island")),
         (0,), {0: 0, 1: 0}),
    Case("flanking: once per blocker without flanking (702.25a, 702.25b)",
         (_side("Benalish Cavalry"), _side("Grizzly Bears", "Mtenda Herder", "Wall of Mist",
                                           land="Island")), (0,), {0: 0, 1: 0, 2: 0}),
    Case("two exalted sources, one attacker alone: +2/+2 (702.83a, 506.5)",
         (_side("Grizzly Bears", "Akrasan Squire", "Guardians of Akrasa"),
          _side("Wall of Mist", land="Island")), (0,), {0: 0}),
    Case("exalted doesn't trigger for two attackers (702.83a)",
         (_side("Grizzly Bears", "Akrasan Squire", "Sigiled Paladin"),
          _side("Wall of Mist", land="Island")), (0, 2)),
    Case("two battle cries pump each other and the rest (702.91a)",
         (_side("Goblin Wardriver", "Accorder Paladin", "Grizzly Bears"),
          _side("Wall of Mist", land="Island")), (0, 1, 2), {0: 2}),
    Case("afflict makes the defending player lose before damage (702.130a)",
         (_side("Khenra Eternal", "Eternal of Harsh Truths"),
          _side("Wall of Mist", "Grizzly Bears", life=3, land="Island")), (0, 1), {0: 0, 1: 1}),
    Case("bushido on both sides, first strike (702.45a, 510.4)",
         (_side("Kitsune Blademaster", "Samurai Enforcers"),
          _side("Devoted Retainer", "Nezumi Ronin", land="Island")), (0, 1), {0: 0, 1: 1}),
    Case("dethrone against the player with the most life; training next to a greater "
         "power; melee (702.105a, 702.149a, 702.121a)",
         (_side("Enraged Revolutionary", "Gryff Rider", "Wings of the Guard", "Craw Giant",
                life=10), _side("Wall of Mist", life=12, land="Island")), (0, 1, 2, 3)),
    Case("Flowstone Charger dies to its own attack trigger; the rest attacks (704.5f, 506.4)",
         (_side(pb.Creature("Flowstone Charger", damage=2), "Vicious Kavu", "Reckless Ogre"),
          _side("Grizzly Bears", land="Island")), (0, 1), {0: 1}),
    Case("renown and combat-damage counters, trample over a blocker (702.112a, 510.3a)",
         (_side("Rhox Maulers", "Topan Freeblade", "Erdwal Ripper", "Stromkirk Patrol"),
          _side("Grizzly Bears", land="Island")), (0, 1, 2, 3), {0: 0}),
    Case("\"target creature can't block this turn\" and \"target creature gets +0/+3\" "
         "resolve before blocks, targets drawn (603.3d, 509.1b)",
         (_side("Grotag Thrasher", "Burrenton Shield-Bearers", "Mardu Roughrider"),
          _side("Grizzly Bears", "Wall of Mist", "Giant Badger", land="Island")),
         (0, 1, 2), {0: 0, 1: 1, 2: 2}),
    Case("life gained and lost by attack, block and damage triggers (119.3, 119.4)",
         (_side("Infectious Horror", "Herald of Faith", "Sacred Prey", "Vedalken Ghoul"),
          _side("Pride Guardian", "Dromad Purebred", "Grizzly Bears", land="Island")),
         (0, 1, 2, 3), {0: 2, 1: 3, 2: 0}),
)
"""Built boards of interacting triggered abilities (:func:`run_board` with ``case``), run by
tests/test_phase_differential.py. Cards and their texts from the bundled data."""


def run_board(eng: Any, seed: int, triggered: float = 0.0, case: Case | None = None,
              targets: bool = False) -> BoardRun:
    """Compare the two engines on the board of ``seed`` (see the module docstring;
    ``triggered``: as :func:`random_board`'s), or on ``case`` with its declarations (the
    damage splits still drawn from ``seed``)."""
    from redzone.models.block_rules import block_problems
    from redzone.models.attack_rules import attack_problem
    from redzone.models.board import build_board
    from redzone.models.damage_rules import damage_problem, remaining_steps
    from redzone.models.outcome import DamageEvent, GameState, deal_damage, state_based_actions
    from redzone.models.scenario import parse_scenario
    from redzone.solver.attack.solve import check_attack
    from redzone.solver.block.solve import check_blocks
    from redzone.solver.damage.solve import check_damage, simple_assignment
    from redzone.models.triggers.resolve import attack_window, block_window, damage_window

    rng = random.Random(seed)
    run = BoardRun(seed)
    sides = case.sides if case is not None else random_board(rng, triggered, targets)
    game = pb.set_up(eng, sides, seed=seed)
    picks: list[tuple[str, str]] = []
    prompt = _advance(game, lambda p: game.phase in ("DeclareAttackers", "PostCombatMain", "End"),
                      picks, rng)
    scenario = _scenario(game)
    board = build_board(parse_scenario(scenario))
    mine = [c for c in board.creatures("P1")]
    chooser = _Chooser(picks)

    # 1. attack (CR 508.1)
    if prompt["type"] != "DeclareAttackers":
        # phase skips the prompt when no creature can attack: redzone must agree.
        run.verdicts += 1
        problem = attack_problem(board)
        able = [c.id for c in mine if check_attack(problem, {c.id: "P2"}).legal]
        if able:
            run.disagreements.append(Disagreement("attack", seed, "no creature can attack", able, scenario))
        return run
    snapshot = game.state()
    chosen = {c.id: "P2" for c in mine if rng.random() < 0.5}
    if case is not None:
        chosen = {mine[i].id: "P2" for i in case.attack}
    ok_phase, why = _legal_in_phase(eng, snapshot, 0, pb.attack_action(chosen))
    problem = attack_problem(board)
    ok_redzone = check_attack(problem, chosen).legal
    run.verdicts += 1
    if ok_phase != ok_redzone:
        run.disagreements.append(Disagreement("attack", seed, why or "legal", ok_redzone,
                                              {**scenario, "combat": {"attackers": chosen}}))
    if not ok_phase:
        chosen = {pb.permanent_id(a): "P2" for a in prompt["data"]["valid_attacker_ids"] if rng.random() < 0.7}
        run.verdicts += 1
        if not check_attack(problem, chosen).legal:
            run.disagreements.append(Disagreement("attack", seed, "legal (phase's valid attackers)", False,
                                                  {**scenario, "combat": {"attackers": chosen}}))
    game.apply(0, pb.attack_action(chosen))
    if not chosen:
        return run

    # 1b. the attack triggers (CR 508.2): phase resolves them before blockers are declared;
    # redzone's attack window on the board as attackers were declared must end the same.
    at_attack = {**scenario, "combat": {"attackers": dict(chosen)}}
    prompt = _advance(game, lambda p: game.phase not in ("DeclareAttackers",), picks, rng)
    scenario = _scenario(game)
    attack_board = build_board(parse_scenario(at_attack))
    attack_state = GameState.from_board(attack_board)
    window = attack_window(attack_board, attack_state, chosen, chooser)
    run.triggers += len(window.resolved)
    run.fired.extend(r.text.split(",")[0].split(" (")[0] for r in window.resolved)
    ours = _after_triggers_redzone(window.board, attack_state)
    theirs_ = _after_triggers_phase(scenario, attack_board)
    run.results += 1
    over = prompt["type"] == "GameOver" or bool(attack_state.lost)
    if over:
        for summary in (ours, theirs_):
            for key in ("pt", "counters", "destroyed"):
                summary.pop(key)
    if ours != theirs_:
        run.disagreements.append(Disagreement(
            "attack-triggers", seed, theirs_, ours, at_attack,
            detail=f"redzone resolved {[r.to_json() for r in window.resolved]}; asked {chooser.asked}"))
    if over or not (scenario.get("combat") or {}).get("attackers"):
        # the game ended, or every attacking creature died to an attack trigger (Flowstone
        # Charger's -3 toughness): no block or damage is left (506.4)
        return run

    # 2. blocks (CR 509.1), on the board after the attack triggers (phase's power and
    # toughness include their pumps: combat.triggers_resolved says so)
    scenario = _cant_block(_with_resolved(scenario, ["attack"]), attack_board, picks)
    board = build_board(parse_scenario(scenario))
    problems = block_problems(board)
    theirs = [c for c in board.creatures("P2")]
    theirs_all = list(theirs)
    attackers = list(chosen)
    if prompt["type"] == "DeclareBlockers":
        snapshot = game.state()
        blocks = {c.id: [rng.choice(attackers)] for c in theirs if rng.random() < 0.6}
        if case is not None:
            seat0 = [c.id for c in mine]
            blocks = {theirs_all[b].id: [seat0[a]] for b, a in case.blocks.items()
                      if theirs_all[b].id in {c.id for c in theirs} and seat0[a] in attackers}
        ok_phase, why = _legal_in_phase(eng, snapshot, 1, pb.block_action(blocks))
        ok_redzone = check_blocks(problems, blocks).legal
        run.verdicts += 1
        if ok_phase != ok_redzone:
            run.disagreements.append(Disagreement(
                "block", seed, why or "legal", ok_redzone,
                {**scenario, "combat": {**scenario.get("combat", {}), "blockers": blocks}}))
        if not ok_phase:
            blocks = {}
            for b, a in game.choose_blockers(1):
                blocks.setdefault(pb.permanent_id(b), []).append(pb.permanent_id(a))
            run.verdicts += 1
            if not check_blocks(problems, blocks).legal:
                run.disagreements.append(Disagreement(
                    "block", seed, "legal (phase's AI block)", False,
                    {**scenario, "combat": {**scenario.get("combat", {}), "blockers": blocks}}))
        game.apply(1, pb.block_action(blocks))
    else:
        # phase skipped the block prompt: no creature of P2 can block; redzone must agree.
        run.verdicts += 1
        can = [c.id for c in theirs for a in attackers if check_blocks(problems, {c.id: [a]}).legal]
        if can:
            run.disagreements.append(Disagreement("block", seed, "no creature can block", can, scenario))

    # The position with attacks and blocks declared, the block triggers (CR 509.2) put on
    # phase's stack but not resolved: redzone resolves them and damage from here.
    waiting = game.waiting_for()["type"]
    before = _scenario(game) if waiting in ("Priority", "OrderTriggers") else None
    prompt = _advance(game, lambda p: game.phase in ("EndCombat", "PostCombatMain", "End"),
                      picks, rng)
    if before is None:
        before = _scenario(game)
    before = _with_resolved(before, ["attack"])
    start_board = build_board(parse_scenario(before))
    rows: dict[str, dict[str, dict[str, int]]] = {}
    # 3. damage prompts (CR 510.1)
    while prompt["type"] == "AssignCombatDamage":
        data = prompt["data"]
        scenario = _with_resolved(_scenario(game), ["attack", "block"])
        board = build_board(parse_scenario(scenario))
        dproblem = damage_problem(board)
        step = dproblem.step
        source = pb.permanent_id(data["attacker_id"])
        names = [pb.permanent_id(b["blocker_id"]) for b in data["blockers"]]
        attacked = pb.seat_name(data["attack_target"]["data"]) if data.get("trample") else None
        if rng.random() < 0.5:
            needs = [(pb.permanent_id(b["blocker_id"]), b["lethal_minimum"]) for b in data["blockers"]]
            row = _lethal_first(rng, data["total_damage"], needs, attacked)
        else:
            row = _random_split(rng, data["total_damage"], names + ([attacked] if attacked else []))
        row = {k: v for k, v in row.items() if v}
        full = simple_assignment(dproblem)
        full[source] = row
        action = pb.damage_action(prompt, {source: row})
        ok_phase, why = _legal_in_phase(eng, game.state(), data["player"], action)
        ok_redzone = check_damage(dproblem, full).legal
        run.verdicts += 1
        if ok_phase != ok_redzone:
            run.disagreements.append(Disagreement(
                "damage", seed, why or "legal", ok_redzone,
                {**scenario, "combat": {**scenario.get("combat", {}), "assignment": full}}))
        if not ok_phase:
            action = game.actions()[0]
            d = action.to_dict()["data"]
            row = {pb.permanent_id(b): n for b, n in d["assignments"] if n}
            if d.get("trample_damage") and attacked:
                row[attacked] = d["trample_damage"]
            full[source] = row
            run.verdicts += 1
            if not check_damage(dproblem, full).legal:
                run.disagreements.append(Disagreement(
                    "damage", seed, "legal (phase's first offer)", False,
                    {**scenario, "combat": {**scenario.get("combat", {}), "assignment": full}}))
        rows.setdefault(step, {})[source] = row
        game.apply(data["player"], action)
        prompt = _advance(game, lambda p: game.phase in ("EndCombat", "PostCombatMain", "End"),
                          picks, rng)

    # 4. results (CR 509.2, 510.2, 510.3, 704): redzone resolves the block triggers, then
    # each damage step with phase's assignments and the triggers of that step.
    state = GameState.from_board(start_board)
    dealt_first: list[str] = []
    combat = start_board.scenario.combat
    attackers_now: dict[str, str] = {}
    blockers_now: dict[str, list[str]] = {}
    if combat is not None:
        dealt_first = list(combat.first_strike_dealt)
        attackers_now = dict(combat.attackers)
        blockers_now = {b: list(a) for b, a in (combat.blockers or {}).items()}
    resolved: list[Any] = []
    board = start_board
    if combat is not None and not dealt_first:
        window = block_window(board, state, attackers_now, blockers_now, chooser)
        board = window.board
        resolved.extend(window.resolved)
    for st in remaining_steps(board) if combat is not None and combat.attackers else ():
        if state.lost:
            break
        problem = damage_problem(board, st, state=state, first_strike_dealt=dealt_first)
        assignment = simple_assignment(problem)
        assignment.update(rows.get(st, {}))
        events = [DamageEvent(s, r, a) for s, row in assignment.items() for r, a in row.items() if a]
        dealt = deal_damage(board, state, events, combat=True)
        mark = len(state.destroyed)
        state_based_actions(board, state)
        died = list(state.destroyed[mark:])
        if st == "first-strike":
            dealt_first.extend(s.id for s in problem.sources if s.id not in dealt_first)
        if not state.lost:
            window = damage_window(board, state, attackers_now, blockers_now, dealt, died, chooser)
            board = window.board
            resolved.extend(window.resolved)
    after = game.state()["state"]
    run.results += 1
    run.triggers += len(resolved)
    run.fired.extend(r.text.split(",")[0].split(" (")[0] for r in resolved)
    ours = _summary_redzone(board, state)
    theirs_ = _summary_phase(after, start_board)
    if ours["lost"] or theirs_["lost"]:
        # The game is over (CR 104.2a): phase takes the loser's permanents off the
        # battlefield (as a player leaving a multiplayer game, CR 800.4a); only life, poison
        # and who lost are compared.
        for summary in (ours, theirs_):
            for key in ("destroyed", "damage", "counters", "pt"):
                summary.pop(key)
    if ours != theirs_:
        run.disagreements.append(Disagreement(
            "result", seed, theirs_, ours, before,
            detail=f"{rows!r}; redzone resolved {[r.to_json() for r in resolved]}; asked {chooser.asked}",
            resolved=list(resolved)))
    return run


def _summary_redzone(board: Any, state: Any) -> dict[str, Any]:
    lost = set(state.lost)
    alive = [p.id for p in board.permanents.values() if p.is_creature and state.on_battlefield(p.id)]
    return {
        "pt": {pid: (state.power(board, pid), state.toughness(board, pid)) for pid in alive},
        "life": {p: v for p, v in state.life.items()},
        "poison": {p: v for p, v in state.poison.items()},
        "destroyed": sorted(state.destroyed),
        "damage": {k: v for k, v in state.damage.items() if v and k not in state.destroyed},
        "counters": {k: {c: n for c, n in v.items() if n} for k, v in state.counters.items()
                     if k not in state.destroyed and any(v.values())},
        "lost": sorted(lost),
    }


def _summary_phase(s: Mapping[str, Any], board: Any) -> dict[str, Any]:
    on = set(s["battlefield"])
    objects = s["objects"]
    destroyed = sorted(pid for pid in board.permanents if pb.object_id(pid) not in on)
    damage = {}
    counters = {}
    pt = {}
    for pid in board.permanents:
        oid = pb.object_id(pid)
        if oid not in on:
            continue
        obj = objects[str(oid)]
        if board.permanents[pid].is_creature:
            pt[pid] = (obj["power"], max(obj["toughness"], 0))
        if obj.get("damage_marked"):
            damage[pid] = obj["damage_marked"]
        c = {pb._COUNTER_NAMES.get(k, k): n for k, n in (obj.get("counters") or {}).items() if n}
        if c:
            counters[pid] = c
    players = s["players"]
    lost = sorted(pb.seat_name(i) for i, p in enumerate(players)
                  if p.get("is_eliminated") or (p.get("status") or {}).get("type") not in (None, "Active"))
    return {
        "pt": pt,
        "life": {pb.seat_name(i): p["life"] for i, p in enumerate(players)},
        "poison": {pb.seat_name(i): p.get("poison_counters", 0) for i, p in enumerate(players)},
        "destroyed": destroyed, "damage": damage, "counters": counters, "lost": lost,
    }


KNOWN: dict[str, str] = {
    "dealt-damage-per-source": (
        "phase triggers \"whenever this creature is dealt damage\" once per source of a "
        "combat damage step (two blockers: twice); the rules trigger it once per damage "
        "event (603.2c)"),
    "trigger-doubled-by-dying-creature": (
        "when a creature dies in a combat damage step with a \"whenever this creature is dealt "
        "damage\" ability, phase puts another of its controller's triggered abilities of "
        "that step on the stack twice"),
    "block-of-departed-attacker": (
        "phase accepts a block of a creature that was declared as an attacker but left the "
        "battlefield before blockers were declared (its own attack trigger killed it); it "
        "isn't an attacking creature, so the block is illegal (509.1a, 506.4)"),
}
"""Known phase faults (docs/phase.md, "Known differences"): name -> one line."""


def _block_of_departed_attacker(d: Disagreement) -> bool:
    """Whether ``d`` is phase calling legal a block declaration that names, as an attacking
    creature it blocks, a creature no longer on the battlefield, and the same declaration
    without those blocks is legal in redzone too."""
    from redzone.models.block_rules import block_problems
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.block.solve import check_blocks

    if d.what != "block" or d.phase != "legal" or d.redzone is not False:
        return False
    combat = d.scenario.get("combat") or {}
    blocks = combat.get("blockers") or {}
    present = {p["id"] for p in d.scenario["permanents"]}
    if not any(a not in present for atts in blocks.values() for a in atts):
        return False
    kept = {b: [a for a in atts if a in present] for b, atts in blocks.items()}
    kept = {b: atts for b, atts in kept.items() if atts}
    scenario = {**d.scenario, "combat": {k: v for k, v in combat.items() if k != "blockers"}}
    board = build_board(parse_scenario(scenario))
    return check_blocks(block_problems(board), kept).legal


def _dealt_damage_per_source(d: Disagreement) -> bool:
    """Whether every difference of the result ``d`` is phase resolving a "whenever this
    creature is dealt damage" ability more often than redzone (life gained by its
    controller, +1/+1 counters on it) for a creature that was dealt combat damage by two or
    more creatures at once: an attacking creature with several blockers in ``d.scenario``."""
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.models.triggers.resolve import triggers

    if d.what != "result" or not isinstance(d.phase, dict) or not isinstance(d.redzone, dict):
        return False
    board = build_board(parse_scenario(d.scenario))
    combat = d.scenario.get("combat") or {}
    blockers_of: dict[str, int] = {}
    for _, attacked in (combat.get("blockers") or {}).items():
        for a in attacked:
            blockers_of[a] = blockers_of.get(a, 0) + 1
    hit = {pid for pid, n in blockers_of.items() if n >= 2 and pid in board.permanents
           and any(t.event == "dealt_damage" for t in triggers(board.permanents[pid]))}
    if not hit:
        return False
    owners = {board.permanents[pid].controller for pid in hit}
    ph, rz = d.phase, d.redzone
    for key in set(ph) | set(rz):
        a, b = ph.get(key), rz.get(key)
        if a == b:
            continue
        if key == "life":
            if any(a.get(p) != b.get(p) and (p not in owners or a.get(p, 0) < b.get(p, 0))
                   for p in set(a) | set(b)):
                return False
        elif key in ("counters", "pt"):
            if any(a.get(x) != b.get(x) and x not in hit for x in set(a) | set(b)):
                return False
        else:
            return False
    return True


def _trigger_doubled_by_dying_creature(d: Disagreement) -> bool:
    """Whether every difference of the result ``d`` is phase resolving a damage-step
    ability once more than redzone, in a step where a creature with a "whenever this
    creature is dealt damage" ability died: more life for, or more +1/+1 counters (and
    power and toughness) on, what the controller's other damage-step abilities touch."""
    if d.what != "result" or not isinstance(d.phase, dict) or not isinstance(d.redzone, dict):
        return False
    gone = set(d.redzone.get("destroyed") or ())
    dying = [r for r in d.resolved if r.window == "damage" and "is dealt damage" in r.text
             and r.source in gone]
    if not dying:
        return False
    owners = {r.controller for r in dying}
    others = [r for r in d.resolved if r.window == "damage" and r.controller in owners
              and r not in dying]
    if not others:
        return False
    sources = {r.source for r in others}
    ph, rz = d.phase, d.redzone
    for key in set(ph) | set(rz):
        a, b = ph.get(key), rz.get(key)
        if a == b:
            continue
        if key == "life":
            if any(a.get(p) != b.get(p) and (p not in owners or a.get(p, 0) < b.get(p, 0))
                   for p in set(a) | set(b)):
                return False
        elif key == "counters":
            for x in set(a) | set(b):
                if a.get(x) == b.get(x):
                    continue
                if x not in sources or (a.get(x) or {}).get("+1/+1", 0) <= (b.get(x) or {}).get("+1/+1", 0):
                    return False
        elif key == "pt":
            for x in set(a) | set(b):
                if a.get(x) != b.get(x) and (x not in sources or a.get(x, (0, 0)) <= b.get(x, (0, 0))):
                    return False
        else:
            return False
    return True


def known(d: Disagreement) -> str | None:
    """The :data:`KNOWN` entry explaining ``d``, else ``None``."""
    if _dealt_damage_per_source(d):
        return "dealt-damage-per-source"
    if _trigger_doubled_by_dying_creature(d):
        return "trigger-doubled-by-dying-creature"
    if _block_of_departed_attacker(d):
        return "block-of-departed-attacker"
    return None


def main(argv: list[str]) -> int:
    import collections
    import time

    n = int(argv[1]) if len(argv) > 1 else 100
    first = int(argv[2]) if len(argv) > 2 else 0
    triggered = float(argv[3]) if len(argv) > 3 else 0.0
    targets = len(argv) > 4 and argv[4] == "targets"
    eng = engine()
    t0 = time.time()
    verdicts = results = fired = 0
    kinds: collections.Counter[tuple[str, str]] = collections.Counter()
    abilities: collections.Counter[str] = collections.Counter()
    for seed in range(first, first + n):
        run = run_board(eng, seed, triggered, targets=targets)
        verdicts += run.verdicts
        results += run.results
        fired += run.triggers
        abilities.update(run.fired)
        for d in run.disagreements:
            label = known(d) or "UNEXPLAINED"
            kinds[(d.what, label)] += 1
            if label == "UNEXPLAINED":
                print(f"seed {seed} {d.what}: phase {d.phase!r} / redzone {d.redzone!r} {d.detail}")
                print("   ", d.scenario)
    print(f"{n} boards, {verdicts} verdicts, {results} results, {fired} triggered abilities "
          f"resolved, {time.time() - t0:.1f} s; {dict(kinds)}")
    print("resolved:", dict(abilities.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
