"""h38: restrictions under a condition about the turn that the scenario states (CR 611.3a;
a ``"stated"`` :class:`redzone.models.abilities.Condition`, decided from the permanent's
``conditions`` and reported when not stated):

| sentence (in our words) | condition the scenario states | ability |
|---|---|---|
| "~ can't attack [or block] during extra turns" (Medomai the Ageless) | "it's an extra turn" | ``CantAttack`` [``CantBlock``] of ~ |
| "Each opponent who cast a spell this turn can't attack with creatures" (Angelic Arbiter) | "the active player cast a spell this turn" (only the active player attacks, 506.2; for the source's controller's own turn the restriction reaches no attacker) | ``CantAttack`` of the creatures the source's opponents control |

Pure Python; one family of :data:`redzone.models.parser.SENTENCE_FAMILIES`.
"""

from __future__ import annotations

from redzone.models.abilities import (SELF, Ability, Affected, CantAttack, CantBlock, Condition,
                                      Conditional)
from redzone.models.lazy_re import lazy_compile

__all__ = ["turn_history_static"]

_EXTRA_TURNS = lazy_compile(r"~ can't attack(?P<block> or block)? during extra turns")
_CAST_THIS_TURN = lazy_compile(r"Each opponent who cast a spell this turn can't attack with creatures")


def turn_history_static(s: str, text: str) -> list[Ability] | None:
    """The :class:`Conditional` of a sentence above (``s`` normalised, no final period), else
    ``None``."""
    m = _EXTRA_TURNS.fullmatch(s)
    if m:
        inner: tuple[Ability, ...] = (CantAttack(affected=SELF, text=text),)
        if m["block"]:
            inner += (CantBlock(affected=SELF, text=text),)
        return [Conditional(condition=Condition(kind="stated", phrase="it's an extra turn"),
                            abilities=inner, text=text)]
    if _CAST_THIS_TURN.fullmatch(s):
        theirs = Affected(kind="creatures", controller="opponents")
        return [Conditional(
            condition=Condition(kind="stated", phrase="the active player cast a spell this turn"),
            abilities=(CantAttack(affected=theirs, text=text),), text=text)]
    return None
