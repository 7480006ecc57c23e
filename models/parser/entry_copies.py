"""h38: "You may have ~ enter as a copy of *a creature ...*, except it has *abilities*"
(Dack's Duplicate, Copycrook, Mocking Doppelganger): set aside as ``enters the battlefield``.

The choice is made as the permanent enters (a replacement effect that modifies how it enters,
614.1c; the exception becomes part of the copy's copiable values, 707.9b). A permanent on a
scenario's board is stated as it is: one that entered as a copy is written as the creature
it copied, with the exception's abilities in its ``abilities``; one that did not copy has
its own card's characteristics. Either way the sentence is no rule of the combat — the same
reading as a plain "You may have ~ enter as a copy of any creature on the battlefield".

Only exceptions that grant abilities ("except it has haste and dethrone", a quoted ability)
are read here: an exception that changes types or power and toughness stays with the layer
templates (:mod:`.layers`, an ``UnappliedEffect``).

Pure Python; one family of :data:`redzone.models.parser.SENTENCE_FAMILIES`.
"""

from __future__ import annotations

from redzone.models.lazy_re import lazy_compile

__all__ = ["entry_copy_static"]

_COPY_EXCEPT_HAS = lazy_compile(
    r"You may have ~ enter as a copy of (?:any|a|an) [^,\"]+?, except (?:it|this creature) "
    r"(?:has|gains) (?:\"[^\"]+\"|[a-z][a-z ,]*)"
)


def entry_copy_static(s: str, text: str) -> str | None:
    """``"enters the battlefield"`` for the sentence above (``s`` normalised: self
    references as "~", no final period), else ``None``."""
    del text
    return "enters the battlefield" if _COPY_EXCEPT_HAS.fullmatch(s) else None
