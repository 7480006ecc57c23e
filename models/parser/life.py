"""Statics about life gained (h4, issue 21): "can't gain life" (CR 119.7) and the
replacement effects on life gain events (614.1a) that combat's lifelink (702.15b, 120.3f)
runs into. Read as :class:`redzone.models.abilities.LifeGain`; applied by
:func:`redzone.models.outcome.gain_life`.

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re

from redzone.models.abilities import Ability, LifeGain

_WHO = {"you": "you", "your opponents": "opponents", "your opponent": "opponents",
        "each opponent": "opponents", "players": "players", "each player": "players"}
_TIMES = {"twice": 2, "three times": 3}

_CANT = re.compile(r"(?P<who>You|Your opponents|Your opponent|Each opponent|Players|Each player)"
                   r" can't gain life")
_PLUS = re.compile(r"If you would gain life, you gain that much life plus (?P<n>\d+) instead")
_TIMES_RE = re.compile(r"If you would gain life, you gain (?P<k>twice|three times) that much"
                       r" life instead")
_LOSE = re.compile(r"If (?P<who>an opponent|a player) would gain life, that player loses that"
                   r" much life instead")
_NONE = re.compile(r"If a player would gain life, that player gains no life instead")


def _life_static(s: str, text: str) -> list[Ability] | str | None:
    """One life-gain static (sentence ``s`` normalised, ``text`` as written), or ``None``."""
    m = _CANT.fullmatch(s)
    if m:
        return [LifeGain(who=_WHO[m["who"].lower()], mode="cant", text=text)]  # type: ignore[arg-type]
    if _NONE.fullmatch(s):  # Sulfuric Vortex: the same as "can't gain life" (119.7)
        return [LifeGain(who="players", mode="cant", text=text)]
    m = _PLUS.fullmatch(s)
    if m:
        return [LifeGain(who="you", mode="plus", amount=int(m["n"]), text=text)]
    m = _TIMES_RE.fullmatch(s)
    if m:
        return [LifeGain(who="you", mode="times", amount=_TIMES[m["k"]], text=text)]
    m = _LOSE.fullmatch(s)
    if m:
        who = "opponents" if m["who"] == "an opponent" else "players"
        return [LifeGain(who=who, mode="lose", text=text)]  # type: ignore[arg-type]
    return None
