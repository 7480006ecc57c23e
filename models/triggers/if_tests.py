"""h25: more "if" conditions of triggered abilities of combat, read into the one
:class:`redzone.models.triggers.types.IfTest` evaluator (CR 603.4 intervening "if"s, 608.2c
conditions checked on resolution; issue 21; docs/triggers.md "Conditions of effects").

:func:`read` is hooked into :func:`redzone.models.triggers.conditions.if_test` (after the
conditions read there and in :mod:`redzone.models.triggers.reflexive`); :func:`holds` into
``resolve._Play.test``. Read here, each decided from the scenario and the play:

- "it's the first combat phase of the turn" / "of your turn" (``"first_combat"``): the
  scenario's ``combat_number`` is 1 (505.1; 500.8 adds combat phases), and for "your turn"
  the ability's controller is the active player;
- "you have no cards in hand", "you have N or more cards in [your] hand", "defending player
  has N or fewer cards in hand" (``"hand_at_least"`` / ``"hand_at_most"``, ``measure``
  ``"you"`` / ``"defending"``): the scenario's ``players[].hand`` (what it says is there;
  unstated, empty) less the cards put from it onto the battlefield in this combat (cards a
  value-only effect draws or discards are not tracked: the known limit of values,
  docs/triggers.md);
- "~ is monstrous" (``"source_monstrous"``, 701.37b): the permanent's ``conditions``
  ``{"monstrous": true}`` (a designation no combat gives: monstrosity is activated);
  unstated, it isn't (like ``renowned``);
- "you have the city's blessing" (``"city_blessing"``, 702.131): stated in the source's
  ``conditions`` (``{"city's blessing": true}``: a designation kept for the rest of the
  game, 702.131c), or you control ten or more permanents now, one of them with ascend (it
  gives the blessing at once, 702.131b); unstated otherwise, you haven't it;
- "you're the defending player" (``"you_defending"``): the creature whose attack it was
  attacks the ability's controller or a planeswalker or battle they defend (506.2);
- "that player has more life than each other player" (``"player_most_life"``): the player
  of the event (dealt the damage) has a greater life total now than every other player
  still in the game (119);
- "defending player controls no <color> [nontoken] permanents" and "you don't control a
  creature named <name>" (``"defending_controls"`` / ``"you_control"`` with ``none``: the
  existing kinds, with a colour, nontoken or name quality).

Anything else is not read (``None``): e.g. "your life total is greater than your starting
life total" (a starting life total can be raised by an eminence, Theopholos's own, which no
scenario says). Pure Python.
"""

from __future__ import annotations

import re
from typing import Any

from redzone.models.ability_base import Quality
from redzone.models.triggers.types import IfTest

__all__ = ["KINDS", "holds", "read"]

KINDS = frozenset({"first_combat", "hand_at_least", "hand_at_most", "source_monstrous",
                   "city_blessing", "you_defending", "player_most_life"})
"""The :class:`IfTest` kinds :func:`holds` decides."""

_NUMBERS = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_COLORS = ("white", "blue", "black", "red", "green")


def _number(word: str) -> int | None:
    return int(word) if word.isdigit() else _NUMBERS.get(word)


def read(c: str, *, defending: bool, it_is_source: bool) -> IfTest | None:
    """The :class:`IfTest` of the condition phrase ``c`` (self references as "~"), or
    ``None`` (module docstring). ``defending``: "defending player" names a player here (an
    attack event); ``it_is_source``: "it" is the source."""
    c = c.strip()
    m = re.fullmatch(r"it's the first combat phase of (the|your) turn", c)
    if m:
        return IfTest("first_combat", none=m[1] == "your")
    if c == "you have no cards in hand":
        return IfTest("hand_at_most", 0, measure="you")
    m = re.fullmatch(r"you have (\w+) or more cards in (?:your )?hand", c)
    if m and _number(m[1]):
        return IfTest("hand_at_least", _number(m[1]) or 0, measure="you")
    m = re.fullmatch(r"(?:the )?defending player has (\w+) or fewer cards in (?:their )?hand", c)
    if m and defending and _number(m[1]) is not None:
        return IfTest("hand_at_most", _number(m[1]) or 0, measure="defending")
    if c == "~ is monstrous" or (c == "it's monstrous" and it_is_source):
        return IfTest("source_monstrous")
    if c == "you have the city's blessing":
        return IfTest("city_blessing")
    if c == "you're the defending player":
        return IfTest("you_defending")
    if c == "that player has more life than each other player":
        return IfTest("player_most_life")
    m = re.fullmatch(r"(?:the )?defending player controls no (" + "|".join(_COLORS)
                     + r") (nontoken )?permanents", c)
    if m and defending:
        q = Quality(colors=("WUBRG"[_COLORS.index(m[1])],), token=False if m[2] else None)
        return IfTest("defending_controls", 1, q, none=True)
    m = re.fullmatch(r"you don't control an? (creature|permanent) named ([A-Z][\w' ,-]*)", c)
    if m:
        q = Quality(types=("Creature",) if m[1] == "creature" else (), names=(m[2],))
        return IfTest("you_control", 1, q, none=True)
    return None


def holds(play: Any, f: Any, t: IfTest) -> bool:
    """Whether ``t`` (one of :data:`KINDS`) holds now for the ability ``f`` (a
    ``resolve.Fired``) in the play ``play`` (a ``resolve._Play``)."""
    board = play.edit.base
    if t.kind == "first_combat":  # 505.1, 500.8
        first = getattr(board.scenario, "combat_number", 1) == 1
        return first and (not t.none or board.active_player == f.controller)
    if t.kind in ("hand_at_least", "hand_at_most"):
        if t.measure == "defending":
            who = play.defending(f.trigger if f.trigger is not None else f.source)
        else:
            who = f.controller
        if who is None:
            return False
        n = hand_size(play, who)
        return n >= t.count if t.kind == "hand_at_least" else n <= t.count
    if t.kind == "you_defending":  # 506.2
        attacker = f.trigger if f.trigger is not None else f.source
        return play.defending(attacker) == f.controller
    life = {p.name: play.state.life.get(p.name, p.life) for p in board.players
            if play.state.in_game(p.name)}
    if t.kind == "player_most_life":  # 119
        who = f.data.get("player")
        return who in life and all(life[who] > v for k, v in life.items() if k != who)
    here = play.edit.perms if play.edit.perms is not None else board.permanents
    src = here.get(f.source)
    if t.kind == "source_monstrous":  # 701.37b: a designation the scenario states
        return src is not None and play.state.on_battlefield(f.source) and bool(
            src.conditions.get("monstrous"))
    if t.kind == "city_blessing":  # 702.131b, c
        if src is not None and src.conditions.get("city's blessing"):
            return True
        mine = [p for p in here.values()
                if p.controller == f.controller and play.state.on_battlefield(p.id)]
        return len(mine) >= 10 and any(_has_ascend(p.card or p.name) for p in mine)
    return False


def _has_ascend(name: str) -> bool:
    """Whether the card ``name`` has ascend (702.131a) in the card data."""
    from redzone.models.cards import lookup
    from redzone.models.errors import RedzoneError

    try:
        card = lookup(name)
    except RedzoneError:
        return False
    return card is not None and any(
        re.match(r"Ascend\b", line) for face in card.faces for line in face.text.splitlines())


def hand_size(play: Any, player: str) -> int:
    """How many cards ``player`` has in hand now: the scenario's ``players[].hand`` less
    those put onto the battlefield from it in this combat (id ``<player>~hand<i>``)."""
    board = play.edit.base
    here = play.edit.perms if play.edit.perms is not None else board.permanents
    hand = next((p.hand for p in board.players if p.name == player), ())
    return sum(1 for i in range(len(hand)) if f"{player}~hand{i}" not in here)
