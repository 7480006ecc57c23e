"""Bridge to phase.rs, an independent Magic rules engine (PyPI ``phase-python==0.103.0``,
import name ``phase``; MIT): its game state as a redzone scenario, redzone's decisions as
its actions, and redzone as its combat brain.

phase is optional (the ``peers`` extra); it is imported inside the functions that need it,
and :class:`PhaseUnavailable` (a :class:`RuntimeError`) says so when it is missing.

What phase needs and how it is given here (facts checked against phase-python 0.103.0):

- **Card data.** phase loads a ``card-data.json`` of card faces built with
  ``phase.build_oracle_face`` from MTGJSON-shaped dicts. :func:`phase_card` makes that dict
  from redzone's own bundled card data (:mod:`redzone.models.cards`, no download): ``name``,
  ``layout``, ``manaCost``, ``manaValue``, ``colors``, ``colorIdentity`` (taken as the
  colours: the bundled data has no colour identity), ``types``, ``subtypes``,
  ``supertypes``, ``text``, ``power``, ``toughness``, ``loyalty``, ``keywords``,
  ``identifiers``, null values dropped. phase reads keywords only from the ``keywords``
  list, so it is filled from the Oracle text: every line (reminder text removed) made only
  of keywords in :data:`KEYWORDS` or :data:`TRIGGERED_KEYWORDS` (a number dropped:
  "Bushido 2" -> ``Bushido``) contributes them. :func:`make_engine` builds a
  ``phase.Engine`` for a set of card names (cached).
- **Positions.** :func:`set_up` starts a game with decks of basic lands plus the
  creatures, keeps both opening hands, moves every hand card back to the library, puts the
  creatures onto the battlefield with their life totals, tapped state, summoning sickness
  (phase's object field ``summoning_sick``; its ``entered_battlefield_turn`` does not
  matter for attacking), marked damage (``damage_marked``) and counters (``P1P1``,
  ``M1M1``), and re-loads the edited state (``Engine.load_game``). Seat 0 is the active
  player of turn 1.
- **Ids.** phase's object ids are integers (strings only as keys of ``objects``); a
  permanent's redzone id is ``"o<object id>"`` (:func:`permanent_id`, :func:`object_id`).
  Seat ``i``'s player is ``"P<i+1>"`` (:func:`seat_name`), as phase's own log calls it
  "Player <i+1>".
- **Prompts.** phase asks ``DeclareAttackers`` of the active player,
  ``DeclareBlockers`` of the defending player and ``AssignCombatDamage`` of an attacking
  creature's controller, one attacking creature at a time, when it has a choice (several
  blockers or trample). It skips the attack prompt when no creature can attack and the
  block prompt when no creature can block. Illegal declarations raise ``ValueError`` with
  a reason.

Public API: :func:`phase_card`, :func:`card_data`, :func:`make_engine`, :class:`Creature`,
:class:`Side`, :func:`set_up`, :func:`advance`, :func:`scenario_from_state`,
:func:`board_from_state`, :func:`attack_action`, :func:`block_action`,
:func:`damage_action`, :func:`declarations_from_state`, :class:`RedzoneBrain`,
:data:`COMBAT_PROMPTS`.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from redzone.models.errors import RedzoneError
from redzone.models.lazy_re import lazy_compile

__all__ = [
    "COMBAT_PROMPTS",
    "Creature",
    "KEYWORDS",
    "PhaseUnavailable",
    "TRIGGERED_KEYWORDS",
    "RedzoneBrain",
    "Side",
    "advance",
    "attack_action",
    "block_action",
    "board_from_state",
    "card_data",
    "damage_action",
    "declarations_from_state",
    "make_engine",
    "object_id",
    "oracle_keyword",
    "permanent_id",
    "phase_card",
    "scenario_from_state",
    "seat_name",
    "seat_of",
    "set_up",
]

PHASE_VERSION = "0.103.0"
"""The phase-python release this bridge was written and tested against."""

KEYWORDS = (
    "Flying", "Reach", "Menace", "Trample", "Deathtouch", "First strike", "Double strike",
    "Lifelink", "Vigilance", "Defender", "Haste", "Infect", "Wither", "Indestructible",
    "Intimidate", "Fear", "Shadow", "Horsemanship", "Skulk",
)
"""Keyword abilities (CR 702) copied into phase's ``keywords`` list when an Oracle line is
made only of them; other lines are left to phase's own text parser."""
TRIGGERED_KEYWORDS = (
    "Exalted", "Flanking", "Battle cry", "Melee", "Dethrone", "Training", "Mentor", "Myriad",
    "Bushido", "Rampage", "Afflict", "Frenzy", "Poisonous", "Renown", "Annihilator",
)
"""Triggered keyword abilities of combat (CR 702.45 bushido, 702.25 flanking, 702.23
rampage, 702.83 exalted, 702.91 battle cry, 702.130 afflict ...) copied the same way, by
MTGJSON's name without the number ("Bushido 2" -> ``Bushido``): phase reads the number from
the Oracle text. Without them in ``keywords`` phase leaves the line unimplemented."""
_KEYWORD_BY_LOWER = {k.lower(): k for k in KEYWORDS + TRIGGERED_KEYWORDS}
_NUMBERED = lazy_compile(r"^(?P<word>[a-z ]+?) \d+$")
_REMINDER = lazy_compile(r"\s*\([^)]*\)")

BASIC_LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
COMBAT_PROMPTS = frozenset({"DeclareAttackers", "DeclareBlockers", "AssignCombatDamage"})
"""The ``waiting_for`` types at which a combat decision is asked."""

_COUNTER_NAMES = {"P1P1": "+1/+1", "M1M1": "-1/-1", "Loyalty": "loyalty", "loyalty": "loyalty"}
"""phase's counter kinds -> the scenario's counter kinds (others pass through as named)."""
_COUNTER_KEYS = {"+1/+1": "P1P1", "-1/-1": "M1M1"}


class PhaseUnavailable(RuntimeError):
    """phase-python is not installed (``pip install 'redzone[peers]'``)."""


def _phase() -> Any:
    try:
        import phase
    except ImportError as exc:  # pragma: no cover - exercised only without the extra
        raise PhaseUnavailable(
            f"phase-python is not installed: pip install 'redzone[peers]' "
            f"(phase-python=={PHASE_VERSION})") from exc
    return phase


# ------------------------------------------------------------------------ ids, names


def seat_name(seat: int) -> str:
    """The scenario's player name for phase seat ``seat`` (0 -> ``"P1"``)."""
    return f"P{seat + 1}"


def seat_of(name: str) -> int:
    """The phase seat of a scenario player name made by :func:`seat_name`; ``ValueError``
    for any other name."""
    if not re.fullmatch(r"P[1-9][0-9]*", name):
        raise ValueError(f"not a bridged player name: {name!r}")
    return int(name[1:]) - 1


def permanent_id(object_id: int) -> str:
    """The scenario id of phase object ``object_id`` (``12`` -> ``"o12"``)."""
    return f"o{int(object_id)}"


def object_id(perm_id: str) -> int:
    """The phase object id of a scenario id made by :func:`permanent_id`; ``ValueError``
    for any other id."""
    if not re.fullmatch(r"o[0-9]+", perm_id):
        raise ValueError(f"not a bridged permanent id: {perm_id!r}")
    return int(perm_id[1:])


# ------------------------------------------------------------------------- card data


def _keywords(text: str) -> list[str]:
    found: list[str] = []
    for line in text.split("\n"):
        line = _REMINDER.sub("", line).strip().rstrip(".")
        if not line:
            continue
        parts = [p.strip().lower() for p in re.split(r"[,;]", line)]
        parts = [m["word"] if (m := _NUMBERED.match(p)) and m["word"] in _KEYWORD_BY_LOWER else p
                 for p in parts]
        if parts and all(p in _KEYWORD_BY_LOWER for p in parts):
            found.extend(_KEYWORD_BY_LOWER[p] for p in parts)
    return list(dict.fromkeys(found))


def phase_card(name: str) -> dict[str, Any]:
    """The MTGJSON-shaped dict phase's ``build_oracle_face`` reads, for the front face of
    the bundled card ``name`` (see the module docstring for the fields). Raises
    :class:`redzone.models.errors.UnknownCardError` for a name not in the bundled data and
    :class:`RedzoneError` for a face whose characteristics the data lacks."""
    from redzone.models.cards import lookup

    card = lookup(name)
    face = card.front
    if not face.known:
        raise RedzoneError(f"card data for {card.name!r} lacks its front face")
    entry: dict[str, Any] = {
        "name": face.name, "layout": card.layout, "manaCost": face.mana_cost,
        "manaValue": face.mana_value, "colors": list(face.colors),
        "colorIdentity": list(face.colors), "types": list(face.types),
        "subtypes": list(face.subtypes), "supertypes": list(face.supertypes),
        "text": face.text or None, "power": face.power, "toughness": face.toughness,
        "loyalty": face.loyalty, "keywords": _keywords(face.text), "identifiers": {},
    }
    return {k: v for k, v in entry.items() if v is not None}


def card_data(names: Iterable[str]) -> dict[str, Any]:
    """The ``card-data.json`` object for ``names`` plus the basic lands: lower-case face
    name -> phase ``CardFace`` (``phase.build_oracle_face``). Raises like
    :func:`phase_card`, and :class:`PhaseUnavailable` without phase."""
    phase = _phase()
    out: dict[str, Any] = {}
    for name in dict.fromkeys([*BASIC_LANDS, *names]):
        face = phase.build_oracle_face(phase_card(name), None)
        out[face["name"].lower()] = face
    return out


@functools.lru_cache(maxsize=8)
def _engine(names: tuple[str, ...]) -> Any:
    return _phase().Engine.from_json(json.dumps(card_data(names)))


def make_engine(names: Iterable[str]) -> Any:
    """A ``phase.Engine`` knowing the basic lands and ``names`` (cached per set of names)."""
    return _engine(tuple(sorted(set(names))))


# ------------------------------------------------------------------------- positions


@dataclass(frozen=True)
class Creature:
    """A creature to put onto the battlefield: card ``name``, ``tapped``,
    ``summoning_sick`` (CR 302.6), marked ``damage`` (CR 120.6) and ``counters``
    (``{"+1/+1": 1}``)."""

    name: str
    tapped: bool = False
    summoning_sick: bool = False
    damage: int = 0
    counters: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Side:
    """One player's part of a position: ``life``, ``poison`` counters, ``creatures`` (names
    or :class:`Creature`) and the basic ``land`` its library holds (``library`` cards)."""

    creatures: Sequence[Creature | str] = ()
    life: int = 20
    poison: int = 0
    land: str = "Plains"
    library: int = 20


def _creature(c: Creature | str) -> Creature:
    return c if isinstance(c, Creature) else Creature(c)


def set_up(engine: Any, sides: Sequence[Side], *, seed: int = 0) -> Any:
    """A phase ``Game`` at the start of turn 1 (seat 0 active, waiting in its upkeep) with
    the position ``sides`` (one :class:`Side` per seat, two seats): the creatures on the
    battlefield under their side's control, hands empty, libraries of basic lands.

    Raises ``ValueError`` when a creature card is not in ``engine``'s card data (phase
    would drop it from the deck silently) and ``RuntimeError`` if the set-up fails.
    """
    if len(sides) != 2:
        raise ValueError(f"expected two sides, got {len(sides)}")
    decks: list[list[str]] = []
    for side in sides:
        creatures = [_creature(c) for c in side.creatures]
        decks.append([side.land] * side.library + [c.name for c in creatures])
    game = engine.new_game(decks[0], decks[1], seed=seed, first_player=0)
    for _ in range(8):
        prompt = game.waiting_for()
        if prompt["type"] != "MulliganDecision":
            break
        seat = prompt["data"]["pending"][0]["player"]
        keep = next(a for a in game.actions() if a.to_dict()["data"]["choice"]["type"] == "Keep")
        game.apply(seat, keep)
    else:  # pragma: no cover - phase asks each player once
        raise RuntimeError("phase kept asking for mulligan decisions")
    snapshot = game.state()
    state = snapshot["state"]
    objects = state["objects"]
    for seat, side in enumerate(sides):
        player = state["players"][seat]
        player["library"] = player["hand"] + player["library"]
        for oid in player["hand"]:
            objects[str(oid)]["zone"] = "Library"
        player["hand"] = []
        player["life"] = side.life
        player["poison_counters"] = side.poison
        free = [oid for oid in player["library"] if objects[str(oid)]["name"] != side.land]
        for c in (_creature(c) for c in side.creatures):
            oid = next((o for o in free if objects[str(o)]["name"] == c.name), None)
            if oid is None:
                raise ValueError(f"card {c.name!r} is not in the engine's card data")
            free.remove(oid)
            player["library"].remove(oid)
            obj = objects[str(oid)]
            obj["zone"] = "Battlefield"
            obj["tapped"] = c.tapped
            obj["summoning_sick"] = c.summoning_sick
            obj["damage_marked"] = c.damage
            obj["counters"] = {_COUNTER_KEYS.get(k, k): n for k, n in c.counters.items() if n}
            obj["controller"] = obj["base_controller"] = seat
            state["battlefield"].append(oid)
    return engine.load_game(snapshot)


def advance(game: Any, stop: Callable[[dict[str, Any]], bool] | None = None, *,
            limit: int = 500) -> dict[str, Any]:
    """Pass priority (both players) until ``stop(waiting_for)`` is true or a prompt other
    than priority is asked; returns that ``waiting_for``. ``stop`` ``None``: the next
    non-priority prompt. Raises ``RuntimeError`` after ``limit`` passes."""
    for _ in range(limit):
        prompt = game.waiting_for()
        if prompt["type"] != "Priority" or (stop is not None and stop(prompt)):
            return prompt
        game.apply(prompt["data"]["player"], {"type": "PassPriority"})
    raise RuntimeError(f"no prompt after {limit} priority passes")


# ---------------------------------------------------------------- state -> scenario


def _target_name(target: Mapping[str, Any]) -> str:
    kind, data = target["type"], target["data"]
    return seat_name(data) if kind == "Player" else permanent_id(data)


def oracle_keyword(name: str) -> str:
    """A phase keyword name as Oracle text writes it (``"FirstStrike"`` -> ``"First strike"``)."""
    return re.sub(r"(?<!^)([A-Z])", r" \1", name).capitalize()


def _keyword_sentences(obj: Mapping[str, Any]) -> list[str]:
    # Keywords with a parameter (``{"Bushido": 1}``) are dicts: only plain names are compared.
    base = {k for k in obj.get("base_keywords") or [] if isinstance(k, str)}
    return [oracle_keyword(k) for k in obj.get("keywords") or [] if isinstance(k, str) and k not in base]


def scenario_from_state(state: Mapping[str, Any], *, library: bool = False) -> dict[str, Any]:
    """The redzone scenario (a dict for :func:`redzone.models.scenario.parse_scenario`) of a
    phase game state (``Game.state()``, or its inner ``"state"``).

    Players (seat order) with ``life`` and ``poison``; the active player; every permanent
    on the battlefield by card name with its controller, owner, ``tapped``,
    ``summoning_sick``, ``token``, marked ``damage``, counters (``P1P1`` -> ``+1/+1``, ``M1M1`` ->
    ``-1/-1``), current ``power``/``toughness`` (creatures) and ``loyalty``
    (planeswalkers); keywords phase shows beyond the printed ones become ``abilities``;
    goaded creatures become ``goad`` effects naming each goading player (CR 701.15).
    The combat so far: attacking creatures and what they attack, blocking creatures and
    what they block, blocked attackers, the first-strike creatures that dealt damage. With
    ``library``, each player's library by card name (top first). ``KeyError`` for a state
    without the expected fields.
    """
    s = state.get("state", state)
    objects = s["objects"]
    players = []
    for seat, p in enumerate(s["players"]):
        entry: dict[str, Any] = {"name": seat_name(seat), "life": p["life"],
                                 "poison": p.get("poison_counters", 0)}
        if library:
            entry["library"] = [objects[str(o)]["name"] for o in p.get("library", [])]
        players.append(entry)
    permanents = []
    goads: list[dict[str, str]] = []
    for oid in s["battlefield"]:
        obj = objects[str(oid)]
        types = (obj.get("card_types") or {}).get("core_types", [])
        perm: dict[str, Any] = {
            "id": permanent_id(oid), "card": obj["name"],
            "controller": seat_name(obj["controller"]), "owner": seat_name(obj["owner"]),
        }
        if obj.get("tapped"):
            perm["tapped"] = True
        if obj.get("summoning_sick"):
            perm["summoning_sick"] = True
        if obj.get("is_token"):
            perm["token"] = True  # CR 111.1 ("nontoken creatures can't block", 509.1b)
        # CR 701.15: a goaded creature attacks each combat if able, a player other than
        # the goading players if able; phase lists the goading seats.
        goads.extend({"goad": permanent_id(oid), "by": seat_name(seat)}
                     for seat in dict.fromkeys(obj.get("goaded_by") or ()))
        if obj.get("damage_marked"):
            perm["damage"] = obj["damage_marked"]
        counters = {_COUNTER_NAMES.get(k, k): n for k, n in (obj.get("counters") or {}).items() if n}
        if counters:
            perm["counters"] = counters
        if "Creature" in types:
            perm["power"] = obj["power"]
            perm["toughness"] = max(obj["toughness"], 0)
        if "Planeswalker" in types and obj.get("loyalty") is not None:
            perm["loyalty"] = obj["loyalty"]
        extra = _keyword_sentences(obj)
        if extra:
            perm["abilities"] = extra
        permanents.append(perm)
    scenario: dict[str, Any] = {
        "players": players, "active_player": seat_name(s["active_player"]),
        "permanents": permanents,
    }
    if goads:
        scenario["effects"] = goads
    combat = s.get("combat")
    if combat and combat.get("attackers"):
        on_field = set(s["battlefield"])
        attackers = {permanent_id(a["object_id"]): _target_name(a["attack_target"])
                     for a in combat["attackers"] if a["object_id"] in on_field}
        # A blocking creature whose attackers all left the battlefield stays blocking but
        # deals no combat damage (CR 506.4, 510.1d); the scenario lists blockers with what
        # they still block, so such a creature is left out.
        blockers = {permanent_id(int(b)): [permanent_id(a) for a in attacked if a in on_field]
                    for b, attacked in (combat.get("blocker_to_attacker") or {}).items()
                    if int(b) in on_field and any(a in on_field for a in attacked)}
        blocked = [permanent_id(a["object_id"]) for a in combat["attackers"]
                   if a.get("blocked") and a["object_id"] in on_field]
        spec: dict[str, Any] = {"attackers": attackers}
        if blockers:
            spec["blockers"] = blockers
        if blocked:
            spec["blocked"] = blocked
        if combat.get("first_strike_done"):
            fighting = set(attackers) | set(blockers)
            spec["first_strike_dealt"] = [permanent_id(o) for o in combat.get("first_strike_participants", [])
                                          if permanent_id(o) in fighting]
            spec["step"] = "regular"
        scenario["combat"] = spec
    return scenario


def board_from_state(state: Mapping[str, Any]) -> Any:
    """:func:`scenario_from_state` validated and resolved: a :class:`redzone.models.board.Board`.
    Raises :class:`redzone.models.errors.ScenarioError` when a card is not in redzone's data."""
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario

    return build_board(parse_scenario(scenario_from_state(state), where="phase state"))


def declarations_from_state(state: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The combat's (attack declaration, block declaration) as redzone ids, from a phase
    state; both empty outside combat."""
    combat = scenario_from_state(state).get("combat") or {}
    return dict(combat.get("attackers", {})), {b: list(a) for b, a in combat.get("blockers", {}).items()}


# --------------------------------------------------------------- decisions -> actions


def _target(target: str) -> dict[str, Any]:
    if target.startswith("o"):
        return {"type": "Planeswalker", "data": object_id(target)}
    return {"type": "Player", "data": seat_of(target)}


def attack_action(declaration: Mapping[str, str]) -> dict[str, Any]:
    """phase's ``DeclareAttackers`` action for an attack declaration (attacking creature id
    -> the player name or planeswalker id it attacks, CR 508.1a)."""
    attacks = [[object_id(a), _target(t)] for a, t in sorted(declaration.items(), key=lambda kv: object_id(kv[0]))]
    return {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}}


def block_action(declaration: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """phase's ``DeclareBlockers`` action for a block declaration (blocking creature id ->
    the attacking creature ids it blocks, CR 509.1a)."""
    pairs = [[object_id(b), object_id(a)] for b, attacked in sorted(declaration.items(), key=lambda kv: object_id(kv[0]))
             for a in attacked]
    return {"type": "DeclareBlockers", "data": {"assignments": pairs}}


def damage_action(prompt: Mapping[str, Any], assignment: Mapping[str, Mapping[str, int]]) -> dict[str, Any]:
    """phase's ``AssignCombatDamage`` answer to ``prompt`` (its ``waiting_for``) from a
    redzone assignment of the step (source id -> recipient -> amount, CR 510.1): the row of
    the prompt's attacking creature, damage to its blockers as ``assignments``, damage to
    the player or planeswalker it attacks as ``trample_damage`` (CR 702.19b-c).
    ``ValueError`` when the row names a recipient phase can't take."""
    data = prompt["data"] if "data" in prompt else prompt
    source = permanent_id(data["attacker_id"])
    row = dict(assignment.get(source, {}))
    blockers = [b["blocker_id"] for b in data.get("blockers", [])]
    pairs = [[b, row.pop(permanent_id(b), 0)] for b in blockers]
    attacked = _target_name(data["attack_target"]) if data.get("attack_target") else None
    trample = row.pop(attacked, 0) if attacked is not None else 0
    controller = 0
    if attacked is not None and attacked.startswith("o") and data.get("defending_player") is not None:
        controller = row.pop(seat_name(data["defending_player"]), 0)  # CR 702.19c
    if any(row.values()):
        raise ValueError(f"{source}: phase's prompt can't take damage to {sorted(k for k, v in row.items() if v)}")
    return {"type": "AssignCombatDamage",
            "data": {"assignments": pairs, "controller_damage": controller, "mode": "Normal",
                     "trample_damage": trample}}


# ------------------------------------------------------------------- combat brain

AttackChooser = Callable[[Any], Mapping[str, str]]
BlockChooser = Callable[[Any], Mapping[str, Sequence[str]]]


@dataclass
class RedzoneBrain:
    """redzone as phase's combat brain for one or more seats.

    :meth:`decide` answers phase's combat prompts (``waiting_for`` types in
    :data:`COMBAT_PROMPTS`): it reads the game state as a board (:func:`board_from_state`),
    asks ``attack(board)`` (attack declaration) or ``block(board)`` (block declaration),
    or plans the combat damage step with :func:`redzone.solver.damage.solve.plan_damage_step`
    under ``objective``, and turns the answer into phase's action. ``attack``/``block``
    ``None``: redzone's AI (``redzone.solver.ai.decisions.choose_attack`` / ``choose_blocks``,
    ``lookahead`` 1, style ``style``: ``None`` for the default, issue 22). ``times`` collects
    each decision's wall time in seconds by prompt.
    """

    attack: AttackChooser | None = None
    block: BlockChooser | None = None
    objective: str = "max-player-damage"
    time_limit: float | None = None
    times: dict[str, list[float]] = field(default_factory=dict)
    style: str | None = None
    pressure: Any = None
    """The ``pressure`` style's weights (a :class:`redzone.models.game_terms.PressureWeights`;
    ``None``: the defaults)."""
    memo: int = 4096
    """How many answers to remember (0: none). redzone's AI is a function of the board (with
    no time limit: the same board, the same declaration), and a stalled game asks the same
    question turn after turn; an answer is remembered by the position read from phase's
    state (:func:`scenario_from_state`: every life total, permanent, counter, tap and
    combat fact redzone reads) and given again when that position is asked about again. Only
    redzone's own AI with no time limit (``attack``/``block`` ``None``, ``time_limit``
    ``None``); least recently used answers are forgotten first."""
    memo_hits: dict[str, int] = field(default_factory=dict)
    """Prompts answered from the memo, by prompt type."""
    _answers: dict[str, Any] = field(default_factory=dict, repr=False)

    def _attack(self, board: Any) -> Mapping[str, str]:
        if self.attack is not None:
            return self.attack(board)
        from redzone.solver.ai.decisions import choose_attack

        if self.style is None and self.pressure is None:
            return choose_attack(board, lookahead=1, time_limit=self.time_limit).attackers
        if self.style is None:
            return choose_attack(board, lookahead=1, time_limit=self.time_limit, pressure=self.pressure).attackers
        return choose_attack(board, lookahead=1, time_limit=self.time_limit, style=self.style,
                             pressure=self.pressure).attackers

    def _block(self, board: Any) -> Mapping[str, Sequence[str]]:
        if self.block is not None:
            return self.block(board)
        from redzone.solver.ai.decisions import choose_blocks

        return choose_blocks(board, time_limit=self.time_limit).blockers

    def decide(self, game: Any, prompt: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """phase's action answering ``prompt`` (default ``game.waiting_for()``), a combat
        prompt. ``ValueError`` for any other prompt."""
        import time

        prompt = dict(prompt or game.waiting_for())
        kind = prompt["type"]
        if kind not in COMBAT_PROMPTS:
            raise ValueError(f"not a combat prompt: {kind}")
        t0 = time.perf_counter()
        scenario = scenario_from_state(game.state())
        key = None
        if self.memo > 0 and self.time_limit is None and (kind == "AssignCombatDamage" or (
                self.attack is None if kind == "DeclareAttackers" else self.block is None)):
            import json

            key = json.dumps([kind, self.objective, self.style, repr(self.pressure), scenario], sort_keys=True)
        answer: Any = self._answers.pop(key, None) if key is not None else None
        if answer is not None:
            self.memo_hits[kind] = self.memo_hits.get(kind, 0) + 1
        else:
            from redzone.models.board import build_board
            from redzone.models.scenario import parse_scenario

            board = build_board(parse_scenario(scenario, where="phase state"))
            if kind == "DeclareAttackers":
                answer = dict(self._attack(board))
            elif kind == "DeclareBlockers":
                answer = {b: list(a) for b, a in self._block(board).items()}
            else:
                from redzone.models.damage_rules import damage_problem
                from redzone.solver.damage.solve import plan_damage_step

                problem = damage_problem(board)  # the step from the combat so far (510.4)
                plan = plan_damage_step(problem, self.objective, time_limit=self.time_limit)
                answer = {src: dict(row) for src, row in plan.assignment.items()}
        if key is not None:
            self._answers[key] = answer  # (last: the most recently used)
            while len(self._answers) > self.memo:
                del self._answers[next(iter(self._answers))]
        if kind == "DeclareAttackers":
            action = attack_action(answer)
        elif kind == "DeclareBlockers":
            action = block_action(answer)
        else:
            action = damage_action(prompt, answer)
        self.times.setdefault(kind, []).append(time.perf_counter() - t0)
        return action

    def play(self, game: Any, seat: int, prompt: Mapping[str, Any] | None = None) -> Any:
        """Answer the current combat prompt as ``seat`` and apply it (``Game.apply``);
        returns phase's ``ActionResult``. phase's ``ValueError`` (an illegal declaration)
        propagates."""
        return game.apply(seat, self.decide(game, prompt))
