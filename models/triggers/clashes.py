"""Clashes in triggered abilities of combat (CR 701.30; h28; docs/triggers.md "Clash").

Read (:func:`read`, a whole effect text): "clash with an opponent / defending player. If you
win, <effects>." (:class:`~redzone.models.triggers.types.Clash`), the effects of one sentence
(pumps, counters, keywords, damage, life, removal, tapping, values), no "you may"; a target
among them is chosen as the ability is put on the stack, before the clash (603.3d; the
resolver's ``targets`` looks inside a clash). A clash with nothing after it is not read (what it does is another ability's:
"whenever you win a clash", Marvo, Deep Operative).

Played (:func:`resolve`): the revealed cards are hidden, so whether the controller wins is no
player's choice: a ``Choice`` ``"chosen"`` (``"won"`` / ``"lost"``) of the adversary of the
ability's controller, as a coin flip's, stated as ``combat.trigger_choices[].chosen``;
unstated, ``damage`` and the AI take the result worst for the controller and warn
(:func:`redzone.models.triggers.chance.assumed`). Putting the revealed cards on top or at
the bottom of the libraries is a value. Abilities that trigger "whenever you clash" are not
played: ``not_played`` lists them (:func:`redzone.models.triggers.value.caused_by_values`).
Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from redzone.models.triggers.types import (CantBeBlockedEffect, CantBlockEffect, Clash, Counters,
                                           DamageEffect, Destroy, Effect, GainKeywords, LifeEffect,
                                           Pump, TapEffect, ValueOnly)

__all__ = ["EFFECTS", "read", "resolve"]

EFFECTS = (Clash,)
"""The effect classes :func:`resolve` plays."""

_PLAIN = (Pump, Counters, GainKeywords, DamageEffect, LifeEffect, Destroy, TapEffect, ValueOnly,
          CantBlockEffect, CantBeBlockedEffect)
"""The effects winning may do: one target at most among them, chosen as the ability is put on
the stack (603.3d) like the targets of a :class:`~redzone.models.triggers.types.Conditional`."""

EffectsReader = Callable[[str], "tuple[tuple[Effect, ...], bool] | None"]

_CLASH = re.compile(r"clash with (?:an opponent|defending player)\. If you win, (?P<won>[^.]+\.?)")


def read(rest: str, effects_of: EffectsReader) -> tuple[tuple[Effect, ...], bool] | None:
    """The effects of an ability's text ``rest`` that is a clash and what winning it does
    (module docstring), and whether it is optional (never); ``None`` otherwise."""
    m = _CLASH.fullmatch(rest.strip())
    if not m:
        return None
    got = effects_of(m["won"])
    if got is None or got[1] or any(not isinstance(e, _PLAIN) for e in got[0]):
        return None
    return (Clash(got[0]),), False


def resolve(play: Any, f: Any, e: Clash, chosen: dict[str, Any]) -> str:
    """Play ``e`` for the ability ``f`` (``play``: the resolver's ``_Play``): a line of what
    it did."""
    from redzone.models.triggers.chance import adversary
    from redzone.models.triggers.resolve import Choice

    pick = play.choose(Choice(adversary(play, f.controller), "chosen", f.source, f.ability.text,
                              ("won", "lost"), f.trigger, random=True))
    chosen["chosen"] = pick
    if pick != "won":
        return "lost the clash (701.30)"
    lines = [play.effect(f, x, chosen) for x in e.won]
    return "; ".join(["won the clash (701.30)"] + [x for x in lines if x])
