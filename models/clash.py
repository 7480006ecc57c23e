"""Clash (CR 701.30; 701.23 in the 2023 rules): reveal, compare mana values, keep or bottom.

Owns :func:`clash` (both players of "clash with an opponent" clash, 701.30b; choices in
APNAP order, 101.4; the winner by mana value in a library, 701.30d, 202.3), the triggers
"whenever you clash [and win]", and the keep-or-bottom choice as a pluggable
:data:`ClashPolicy` (default :func:`keep_at_least` with :data:`DEFAULT_KEEP_THRESHOLD`).
The rules, and why a split card no longer wins and loses at once: ``docs/rules.md``,
"Clash (CR 701.30)". Never imports ortools.

Public API: :func:`clash`, :class:`ClashResult`, :class:`ClashView`, :data:`ClashPolicy`,
:func:`keep_at_least`, :data:`KEEP`, :data:`BOTTOM`, :data:`DEFAULT_POLICY`,
:func:`apnap_order`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from redzone.models.cards import CardDataGapError, lookup
from redzone.models.errors import ScenarioError, UnknownCardError
from redzone.models.lazy_re import lazy_compile

__all__ = [
    "BOTTOM",
    "DEFAULT_KEEP_THRESHOLD",
    "DEFAULT_POLICY",
    "KEEP",
    "ClashPolicy",
    "ClashResult",
    "ClashTrigger",
    "ClashView",
    "apnap_order",
    "clash",
    "keep_at_least",
]

Choice = Literal["top", "bottom"]


@dataclass(frozen=True)
class ClashView:
    """What a clashing player knows when choosing top or bottom (CR 701.30c, 101.4b).

    ``player``: who chooses; ``card``/``mana_value``: their revealed card (never ``None``:
    a player who revealed nothing makes no choice); ``revealed``/``mana_values``: every
    clashing player's revealed card and its mana value (``None``: empty library);
    ``winners``: the clash's winners (already fixed by the reveal); ``earlier``: the choices
    of the players before this one in APNAP order, player -> ``"top"``/``"bottom"``.
    """

    player: str
    card: str
    mana_value: int | float
    revealed: Mapping[str, str | None]
    mana_values: Mapping[str, int | float | None]
    winners: tuple[str, ...]
    earlier: Mapping[str, Choice]


ClashPolicy = Callable[[ClashView], Choice]
"""A top-or-bottom decision: ``policy(view) -> "top" | "bottom"``."""

DEFAULT_KEEP_THRESHOLD = 3
"""The default policy keeps a revealed card on top when its mana value is at least this."""


def keep_at_least(threshold: int | float) -> ClashPolicy:
    """A policy keeping the revealed card on top when its mana value is ``>= threshold``,
    else putting it on the bottom (``keep_at_least(0)`` always keeps)."""

    def policy(view: ClashView) -> Choice:
        return "top" if view.mana_value >= threshold else "bottom"

    policy.__name__ = f"keep_at_least({threshold})"
    return policy


def _keep(view: ClashView) -> Choice:
    """Always leave the revealed card on top."""
    return "top"


def _bottom(view: ClashView) -> Choice:
    """Always put the revealed card on the bottom."""
    return "bottom"


KEEP: ClashPolicy = _keep
BOTTOM: ClashPolicy = _bottom
DEFAULT_POLICY: ClashPolicy = keep_at_least(DEFAULT_KEEP_THRESHOLD)

PolicySpec = Union[ClashPolicy, Literal["top", "bottom", "keep"]]
Policies = Union[PolicySpec, Mapping[str, PolicySpec], None]


@dataclass(frozen=True)
class ClashTrigger:
    """A "whenever you clash" style ability that triggers (after the clash, CR 701.30b).

    ``permanent``: its id; ``controller``: the player whose clash it saw; ``condition``:
    ``"clash"`` (any clash of that player) or ``"win"`` (that player won the clash).
    """

    permanent: str
    controller: str
    condition: Literal["clash", "win"]


@dataclass(frozen=True)
class ClashResult:
    """The outcome of ``player`` clashing with ``opponent`` (CR 701.30).

    - ``clashed``: the players who clashed, ``(player, opponent)``; ``clashes`` is 2
      (701.30b: each of them clashed once).
    - ``order``: the clashing players in APNAP order (the order of the choices, 101.4).
    - ``revealed``: player -> revealed card's full name, ``None`` for an empty library.
    - ``mana_values``: player -> that card's mana value (int; a float only for Un-cards'
      half mana), ``None`` when nothing was revealed.
    - ``winners``: players whose mana value is greater than every other revealed one (0 or 1
      player for one clash with an opponent, 701.30d); ``won``: ``player`` is a winner.
    - ``choices``: player -> ``"top"``/``"bottom"``, ``None`` when nothing was revealed,
      in APNAP order.
    - ``libraries``: player -> library after the clash, top first (names as given).
    - ``triggers``: "whenever you clash" abilities on the battlefield that trigger.
    """

    player: str
    opponent: str
    clashed: tuple[str, ...]
    clashes: int
    order: tuple[str, ...]
    revealed: dict[str, str | None]
    mana_values: dict[str, int | float | None]
    winners: tuple[str, ...]
    choices: dict[str, Choice | None]
    libraries: dict[str, list[str]]
    triggers: tuple[ClashTrigger, ...] = field(default=())

    @property
    def won(self) -> bool:
        """True when the player who clashed with an opponent won (the "if you win" of card text)."""
        return self.player in self.winners

    def to_json(self) -> dict[str, Any]:
        """The JSON shape used by ``redzone clash --json``."""
        return {
            "player": self.player,
            "opponent": self.opponent,
            "revealed": dict(self.revealed),
            "mana_values": dict(self.mana_values),
            "winners": list(self.winners),
            "won": self.won,
            "clashes": self.clashes,
            "clashed": list(self.clashed),
            "order": list(self.order),
            "choices": dict(self.choices),
            "libraries": {p: list(lib) for p, lib in self.libraries.items()},
            "triggers": [{"permanent": t.permanent, "controller": t.controller,
                          "condition": t.condition} for t in self.triggers],
        }


def apnap_order(turn_order: Sequence[str], active: str, players: Sequence[str]) -> tuple[str, ...]:
    """``players`` sorted in APNAP order (CR 101.4): the active player first, then the rest
    in turn order starting after the active player. Players not in ``turn_order`` are an
    error of the caller (``ValueError``)."""
    start = turn_order.index(active)
    seat = {name: (i - start) % len(turn_order) for i, name in enumerate(turn_order)}
    return tuple(sorted(dict.fromkeys(players), key=lambda p: seat[p]))


def _policy_of(spec: PolicySpec, where: str) -> ClashPolicy:
    if callable(spec):
        return spec
    if spec in ("top", "keep"):
        return KEEP
    if spec == "bottom":
        return BOTTOM
    raise ScenarioError(where, f"unknown clash policy {spec!r} (a function, 'top' or 'bottom')")


def _policies(policy: Policies, players: Sequence[str]) -> dict[str, ClashPolicy]:
    """player -> policy: one policy for everyone, or a mapping (missing players: default)."""
    if policy is None:
        return {p: DEFAULT_POLICY for p in players}
    if isinstance(policy, Mapping):
        for name in policy:
            if name not in players:
                raise ScenarioError("policy", f"{name!r} does not clash (clashing: {', '.join(players)})")
        return {p: _policy_of(policy[p], f"policy.{p}") if p in policy else DEFAULT_POLICY
                for p in players}
    one = _policy_of(policy, "policy")
    return {p: one for p in players}


def _scenario_of(source: Any) -> Any:
    """The validated scenario behind a Scenario or a Board."""
    scenario = getattr(source, "scenario", None)
    return scenario if scenario is not None else source


def _mana_value(name: str, where: str) -> tuple[str, int | float]:
    """(full card name, mana value in a library) of a library card; one-line errors."""
    try:
        card = lookup(name)
    except UnknownCardError as err:
        raise ScenarioError(where, str(err)) from None
    try:
        value = card.mana_value
    except CardDataGapError as err:
        raise ScenarioError(where, str(err)) from None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return card.name, value


_CLASH_TRIGGER = lazy_compile(r"\bwhenever you (clash(?: and win)?|win a clash)\b", re.IGNORECASE)


def _triggers(scenario: Any, clashed: Sequence[str], winners: Sequence[str]) -> tuple[ClashTrigger, ...]:
    """Abilities "whenever you clash" (each clash of its controller) and "whenever you clash
    and win" / "whenever you win a clash" (only a won clash) of the permanents in play."""
    found: list[ClashTrigger] = []
    for spec in scenario.permanents:
        if spec.controller not in clashed:
            continue
        if spec.text is not None:
            text = spec.text
        elif spec.card is not None:
            text = "\n".join(f.text for f in lookup(spec.card).faces)
        else:
            text = ""
        text = "\n".join([text, *spec.abilities])
        for match in _CLASH_TRIGGER.finditer(text):
            condition: Literal["clash", "win"] = "clash" if match.group(1) == "clash" else "win"
            if condition == "win" and spec.controller not in winners:
                continue
            found.append(ClashTrigger(spec.id or "", spec.controller, condition))
    return tuple(found)


def _other(names: list[str], player: str, opponent: str | None) -> str:
    if opponent is not None:
        if opponent not in names:
            raise ScenarioError("opponent", f"unknown player {opponent!r} (players: {', '.join(names)})")
        if opponent == player:
            raise ScenarioError("opponent", f"{player} can't clash with themselves; choose an opponent")
        return opponent
    others = [n for n in names if n != player]
    if len(others) == 1:
        return others[0]
    if not others:
        raise ScenarioError("opponent", f"{player} has no opponent to clash with")
    raise ScenarioError("opponent", f"{len(names)} players: choose the opponent {player} clashes with "
                                    f"({', '.join(others)}; --opponent)")


def clash(
    scenario_or_board: Any,
    player: str,
    *,
    opponent: str | None = None,
    policy: Policies = None,
) -> ClashResult:
    """``player`` clashes with ``opponent`` (CR 701.30b): both reveal the top card of their
    ``library``, choose top or bottom in APNAP order, and the cards move together.

    ``scenario_or_board``: a validated :class:`redzone.models.scenario.Scenario` of ``game: magic``
    or a :class:`redzone.models.board.Board` built from one. ``opponent``: defaults to the other
    player of a two-player game; with more players it must be given. ``policy``: one
    :data:`ClashPolicy` (or ``"top"``/``"bottom"``) for both players, or a mapping player ->
    policy (players left out use :data:`DEFAULT_POLICY`); ``None``: the default for both.

    Returns a :class:`ClashResult`. Raises :class:`ScenarioError` for a Duel Masters
    scenario (``game``), an unknown or missing player/opponent, and a revealed card whose
    mana value the bundled card data can't give (a split card with an unknown half,
    ``players[i].library[0]``).
    """
    scenario = _scenario_of(scenario_or_board)
    if getattr(scenario, "game", "magic") != "magic":
        raise ScenarioError("game", "clash is a Magic keyword action (CR 701.30); this is a "
                                    "Duel Masters scenario")
    names = [p.name for p in scenario.players]
    if player not in names:
        raise ScenarioError("player", f"unknown player {player!r} (players: {', '.join(names)})")
    other = _other(names, player, opponent)
    clashed = (player, other)
    active = scenario.active_player or names[0]
    order = apnap_order(names, active, clashed)
    chooser = _policies(policy, clashed)

    # 701.30c: both cards are revealed at the same time.
    revealed: dict[str, str | None] = {}
    values: dict[str, int | float | None] = {}
    for name in clashed:
        index = names.index(name)
        library = scenario.players[index].library
        if library:
            revealed[name], values[name] = _mana_value(library[0], f"players[{index}].library[0]")
        else:  # an empty library reveals nothing and can't win
            revealed[name], values[name] = None, None

    # 701.30d: a winner's mana value is greater than every other revealed card's.
    shown = {p: v for p, v in values.items() if v is not None}
    winners = tuple(p for p in clashed if p in shown
                    and all(shown[p] > v for q, v in shown.items() if q != p))

    # 701.30c, 101.4: choices in APNAP order, each knowing the earlier ones.
    choices: dict[str, Choice | None] = {}
    earlier: dict[str, Choice] = {}
    for name in order:
        card, value = revealed[name], values[name]
        if card is None or value is None:
            choices[name] = None
            continue
        view = ClashView(player=name, card=card, mana_value=value, revealed=dict(revealed),
                         mana_values=dict(values), winners=winners, earlier=dict(earlier))
        choice = chooser[name](view)
        if choice not in ("top", "bottom"):
            raise ScenarioError("policy", f"the clash policy for {name} answered {choice!r}, "
                                          "not 'top' or 'bottom'")
        choices[name] = earlier[name] = choice

    # Then the cards move at the same time.
    libraries: dict[str, list[str]] = {}
    for name in clashed:
        library = list(scenario.players[names.index(name)].library)
        if choices.get(name) == "bottom":
            library.append(library.pop(0))
        libraries[name] = library

    return ClashResult(
        player=player, opponent=other, clashed=clashed, clashes=len(clashed), order=order,
        revealed=revealed, mana_values=values, winners=winners, choices=choices,
        libraries=libraries, triggers=_triggers(scenario, clashed, winners),
    )
