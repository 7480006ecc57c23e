"""h38: "If a creature [you control] attacking / dealing combat damage to a player causes a
triggered ability of a permanent you control to trigger, that ability triggers an additional
time" (Isshin, Two Heavens as One; Wulfgar of Icewind Dale; Felix Five-Boots; CR 603.2d) ->
:class:`redzone.models.abilities.TriggersAdditionalTime`, played by
:mod:`redzone.models.triggers.additional_times` in the attack and damage windows.

Pure Python; one family of :data:`redzone.models.parser.SENTENCE_FAMILIES`.
"""

from __future__ import annotations

from redzone.models.abilities import Ability, TriggersAdditionalTime
from redzone.models.lazy_re import lazy_compile

__all__ = ["additional_trigger_static"]

_AGAIN = lazy_compile(
    r"If a creature(?P<yours> you control)? (?P<cause>attacking|dealing combat damage to a "
    r"player) causes a triggered ability of a permanent you control to trigger, that ability "
    r"triggers an additional time"
)


def additional_trigger_static(s: str, text: str) -> list[Ability] | None:
    """The :class:`TriggersAdditionalTime` of the sentence above (``s`` normalised, no final
    period), else ``None``."""
    m = _AGAIN.fullmatch(s)
    if m is None:
        return None
    cause = "attacking" if m["cause"] == "attacking" else "combat_damage_player"
    return [TriggersAdditionalTime(cause=cause, yours=bool(m["yours"]), text=text)]
