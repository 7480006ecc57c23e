"""Restrictions that depend on a fact about the defending player (h17, issue 21) — CR
508.1c, 509.1b, judged per attack target against its defending player (508.5):

- "~ can't attack unless defending player is poisoned" (Chained Throatseeker);
- "~ can't attack unless defending player has seven or more cards in their graveyard"
  (Vantress Gargoyle: the scenario's ``graveyard``);
- "~ can't be blocked as long as defending player controls the most creatures or is tied
  for the most" (Hooded Horror);
- "~ can't be blocked unless defending player controls three or more creatures that share a
  creature type" (Graxiplon);
- "~ can't attack unless defending player controls an enchantment or an enchanted
  permanent" (Godhunter Octopus).

Each is a :class:`redzone.models.abilities.DefenderControls` (``state`` /
``alternatives``), decided by :func:`redzone.models.attack_rules.defender_controls`.
Part of :mod:`redzone.models.parser`.
"""

from __future__ import annotations

import re

from redzone.models.abilities import SELF, Ability, DefenderControls, Quality
from redzone.models.parser.vocabulary import _NUM, _number

_SENTENCE = re.compile(
    r"~ (?:(?P<att>can't attack) (?P<how>unless|if)|(?P<blk>can't be blocked) "
    r"(?P<bhow>as long as|if|unless)) defending player (?P<state>.+)")
_GRAVEYARD = re.compile(r"has (?P<n>" + _NUM + r") or more cards in (?:their|his or her) graveyard")
_SHARED = re.compile(r"controls (?P<n>" + _NUM + r") or more creatures that share a creature type")


def defending_player_static(s: str, text: str) -> list[Ability] | None:
    """The templates above on the normalised sentence ``s``, else ``None``."""
    m = _SENTENCE.fullmatch(s)
    if m is None:
        return None
    state = m["state"]
    effect = "can't attack" if m["att"] else "can't be blocked"
    unless = (m["how"] or m["bhow"]) == "unless"
    fields: dict[str, object]
    if state == "is poisoned":
        fields = {"state": "poisoned"}
    elif state == "controls the most creatures or is tied for the most":
        fields = {"state": "most creatures"}
    elif state == "controls an enchantment or an enchanted permanent":
        fields = {"quality": Quality(types=("Enchantment",)),
                  "alternatives": (Quality(enchanted=True),)}
    elif (g := _GRAVEYARD.fullmatch(state)) is not None:
        fields = {"state": "graveyard", "count": _number(g["n"])}
    elif (g := _SHARED.fullmatch(state)) is not None:
        fields = {"state": "shared type", "count": _number(g["n"])}
    else:
        return None
    return [DefenderControls(affected=SELF, effect=effect, unless=unless, text=text,  # type: ignore[arg-type]
                             **fields)]  # type: ignore[arg-type]
