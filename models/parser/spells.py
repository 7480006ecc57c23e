"""Damage statics about spells only (h4, issue 21): "If a spell would deal damage to ...,
it deals that much damage minus 1 ... instead" (Benevolent Unicorn), "If a red instant or
sorcery spell you control would deal damage, it deals double that damage instead" (Fire
Servant), "Red instant and sorcery spells you control have lifelink" (Firesong and
Sunspeaker). No spell deals damage in the combat redzone plays — combat damage is dealt by
creatures (510.2) and a triggered ability's damage by its source, a permanent (113.7a,
609.7) — so these are set aside as ``about spells``, like "Instant and sorcery spells you
control have lifelink".

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re

from redzone.models.abilities import Ability

_SPELL = r"(?:a|an) (?:(?:white|blue|black|red|green) )?(?:spell|instant or sorcery spell)"
_IF_SPELL = re.compile(r"If " + _SPELL + r"(?: you control)? would deal (?:combat |noncombat )?"
                       r"damage\b.*")
_SPELLS_HAVE = re.compile(r"(?:(?:White|Blue|Black|Red|Green) )?instant and sorcery spells you "
                          r"control have lifelink", re.I)


# "The first non-Lemur creature spell with flying you cast during each of your turns costs
# {1} less to cast" (Momo): what a spell costs.
_COSTS_LESS = re.compile(r".*\bspells?\b.* costs? \{\d+\} less to cast")


def _spell_static(s: str, text: str) -> list[Ability] | str | None:
    """``"about spells"`` / ``"casting"`` for the sentences above, else ``None``."""
    if _IF_SPELL.fullmatch(s) or _SPELLS_HAVE.fullmatch(s):
        return "about spells"
    if _COSTS_LESS.fullmatch(s):
        return "casting"
    return None
