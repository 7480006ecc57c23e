"""h38: "Creatures can't attack planeswalkers you control unless their controller pays {N}
for each creature they control that's attacking a planeswalker you control" (Onakke
Oathkeeper; CR 508.1d, 508.1h) -> :class:`redzone.models.abilities.AttackTax` with
``include_planeswalkers`` and ``planeswalkers_only``: only attacks on the source's
controller's planeswalkers cost, its controller may be attacked for free.

Pure Python; one family of :data:`redzone.models.parser.SENTENCE_FAMILIES`.
"""

from __future__ import annotations

from redzone.models.abilities import Ability, AttackTax
from redzone.models.lazy_re import lazy_compile

__all__ = ["planeswalker_tax_static"]

_TAX = lazy_compile(
    r"Creatures can't attack planeswalkers you control unless their controller pays "
    r"\{(?P<n>\d+)\} for each creature they control that's attacking a planeswalker you control"
)


def planeswalker_tax_static(s: str, text: str) -> list[Ability] | None:
    """The :class:`AttackTax` of the sentence above (``s`` normalised, no final period),
    else ``None``."""
    m = _TAX.fullmatch(s)
    if m is None:
        return None
    return [AttackTax(generic=int(m["n"]), include_planeswalkers=True, planeswalkers_only=True,
                      text=text)]
