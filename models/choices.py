"""Values chosen as a permanent entered the battlefield (h17, issue 21): "As ~ enters, choose
a color. ~ has protection from the chosen color" (Voice of All, Order of the Stars, Ward
Sliver), "... creatures of the chosen type" (Riders of Gavony), "landwalk of the chosen
type" (Camato Scout). The parser keeps the phrase ("the chosen color"); the scenario states
the value in the permanent's ``choices`` and :func:`resolve_choices` puts it in place when
the board is built (CR 614.12: the choice is made as it enters, and stays).

Keys of ``choices``: ``"color"`` (white, blue, black, red or green), ``"creature type"``
(a creature type, e.g. ``"Goblin"``), ``"land type"`` (e.g. ``"Island"``), ``"player"`` (a
player's name: "protection from the chosen player", True-Name Nemesis; h27). A choice the
scenario does not give is reported with the permanent's unparsed sentences (the ability
is then not in force, never guessed); a value that is no colour / type is a scenario error
naming the field.

Plain Python; never imports ortools.
"""

from __future__ import annotations

from dataclasses import replace

from redzone.models.abilities import Ability, Conditional, Grant, Landwalk, ParsedText, Protection
from redzone.models.battlefield import Board, Permanent
from redzone.models.errors import ScenarioError
from redzone.models.parser.vocabulary import CREATURE_TYPES

_COLORS = ("white", "blue", "black", "red", "green")
_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Desert")
# phrase kept by the parser -> the key of ``choices`` that gives it
_KEY = {"the chosen color": "color", "creatures of the chosen type": "creature type",
        "the chosen type": "land type", "the chosen player": "player"}
# h27: "protection from the chosen player" (True-Name Nemesis) becomes protection from the
# permanents that player controls (702.16: their creatures can't block it, 702.16f; damage
# from their sources is prevented, 702.16e; their abilities can't target it, 702.16b), a
# quality :func:`redzone.models.battlefield.protection_extra` decides.
PLAYER_QUALITY = "permanents controlled by "


def _phrase(a: Ability) -> str | None:
    if isinstance(a, Protection) and a.quality in _KEY:
        return a.quality
    if isinstance(a, Landwalk) and a.land in _KEY:
        return a.land
    return None


def _uses_choice(a: Ability) -> bool:
    if isinstance(a, (Grant, Conditional)):
        return any(_uses_choice(x) for x in a.abilities)
    return _phrase(a) is not None


def _value(perm: Permanent, key: str) -> str | None:
    """The stated value of ``key``, checked; ``None`` when not given."""
    raw = (perm.choices or {}).get(key)
    if raw is None:
        return None
    where = f"permanents[{perm.index}].choices.{key}"
    v = raw.strip()
    if key == "color":
        if v.lower() not in _COLORS:
            raise ScenarioError(where, f"{v!r} is not a color (white, blue, black, red or green)")
        return v.lower()
    if key == "player":
        return v  # checked against the board's players by resolve_choices
    if key == "creature type":
        t = v[:1].upper() + v[1:]
        if t not in CREATURE_TYPES:
            raise ScenarioError(where, f"{v!r} is not a creature type")
        return t
    t = v[:1].upper() + v[1:].lower()
    if t not in _LAND_TYPES:
        raise ScenarioError(where, f"{v!r} is not a land type ({', '.join(_LAND_TYPES)})")
    return t


def _put(a: Ability, perm: Permanent, missing: list[str]) -> Ability | None:
    """``a`` with its chosen value put in place; ``None`` (and the key in ``missing``) when
    the scenario does not give it."""
    if isinstance(a, (Grant, Conditional)):
        inner = [x for x in (_put(y, perm, missing) for y in a.abilities) if x is not None]
        if not inner:
            return None
        return replace(a, abilities=tuple(inner))
    phrase = _phrase(a)
    if phrase is None:
        return a
    key = _KEY[phrase]
    value = _value(perm, key)
    if value is None:
        missing.append(key)
        return None
    if isinstance(a, Landwalk):
        return replace(a, land=value)
    if key == "creature type":
        return replace(a, quality=f"{value.lower()} creatures")  # 702.16: creatures of that type
    if key == "player":
        return replace(a, quality=PLAYER_QUALITY + value)
    return replace(a, quality=value)


def resolve_choices(board: Board) -> None:
    """Put each permanent's chosen values (``choices``) in its abilities that name one;
    report the abilities whose choice is not given. Called by
    :func:`redzone.models.board.build_board` before the conditions are decided. Raises
    :class:`redzone.models.errors.ScenarioError` for a value that is no colour or type."""
    players = {p.name for p in board.players}
    for perm in board.permanents.values():
        parsed: ParsedText = perm.parsed
        if not any(_uses_choice(a) for a in parsed.abilities):
            continue
        chosen = (perm.choices or {}).get("player")
        if chosen is not None and chosen.strip() not in players:
            raise ScenarioError(f"permanents[{perm.index}].choices.player",
                                f"{chosen!r} is not a player of the scenario")
        unparsed = list(parsed.unparsed)
        out: list[Ability] = []
        for a in parsed.abilities:
            missing: list[str] = []
            got = _put(a, perm, missing)
            if got is not None:
                out.append(got)
            for key in dict.fromkeys(missing):
                note = (f'choice not made as it entered (state it: "choices": {{"{key}": ...}}): {a.text}')
                if note not in unparsed:
                    unparsed.append(note)
        perm.parsed = ParsedText(tuple(out), tuple(unparsed), parsed.ignored)


__all__ = ["resolve_choices"]
