"""One sentence, two subjects (h27): "~ gets +2/+2 and other creatures you control get +2/+2
and have trample" (Thunderfoot Baloth), "~ gets +2/+2 and creatures you control have
vigilance" (Angelic Field Marshal; both under "As long as you control your commander").

The subject + predicates reading took everything after "~" as the permanent's own
predicates: "other creatures you control get +2/+2" was set aside as a clause that is not
combat-relevant and "have trample" went to the permanent itself — the group's bonus lost and
the keyword given to the wrong creature, without a report. Here the sentence is cut at the
" and " before a second subject (a creature group, never the permanent itself); each half
must be read as a whole sentence, else the sentence is left to the other templates (and is
reported if none reads it). CR 613 (each half is its own continuous effect of the same
ability, 613.1f / 613.4c).

A list of clauses about the permanent, one a prevention (:func:`clause_list_static`): "As
long as this creature has an ice counter on it, prevent all combat damage it would deal and
it has defender" (Woolly Razorback), "... it can't attack or block, and prevent all damage it
would deal" (Togglodyte): each clause ("it" is the permanent; "prevent all damage it would
deal" is "prevent all damage that would be dealt by ~", 615.1) read as a whole sentence.

A group of creatures and a group of spells with one predicate ("Noble creatures you control
and Lesson spells you control have lifelink": Lo and Li, Twin Tutors;
:func:`spells_too_static`) is read for the creatures: a spell is never on the battlefield in
the combat redzone plays (no spell is cast there), so its half changes nothing.

Pure Python; three families of :data:`redzone.models.parser.SENTENCE_FAMILIES`.
"""

from __future__ import annotations

import re

from redzone.models.abilities import Ability

__all__ = ["clause_list_static", "spells_too_static", "two_subjects_static"]

# The first half: the permanent's own change ("~ gets +N/+M"; "~ has K").
_FIRST = re.compile(r"~ (?:gets [+\-−][\dX]+/[+\-−][\dX]+|has [a-z ,]+)")
_AND = re.compile(r" and (?=(?:all |each )?(?:other |non-?\w+ )?(?:[A-Z]\w+|creatures)\b)")


def two_subjects_static(s: str, text: str) -> list[Ability] | None:
    """The abilities of ``s`` (normalised: self references as "~", no final period) when it
    is "<the permanent's change> and <a creature group's predicates>" and both halves read
    as whole sentences (module docstring); ``None`` otherwise. ``text`` is the sentence as
    printed, kept as every ability's text."""
    if not s.startswith("~ ") or '"' in s:
        return None
    from redzone.models.parser import parse_sentence

    for m in _AND.finditer(s):
        first, second = s[:m.start()], s[m.end():]
        if not _FIRST.fullmatch(first):
            continue
        second = second[:1].upper() + second[1:]
        a = parse_sentence(first + ".")
        b = parse_sentence(second + ".")
        if a.status != "understood" or b.status != "understood" or not a.abilities or not b.abilities:
            continue
        subject = getattr(b.abilities[0], "affected", None)
        if subject is None or getattr(subject, "kind", "self") == "self":
            continue
        return [_retext(x, text) for x in (*a.abilities, *b.abilities)]
    return None


def _retext(a: Ability, text: str) -> Ability:
    """``a`` quoting the whole sentence (a grant's abilities too)."""
    from dataclasses import replace

    inner = getattr(a, "abilities", None)
    if isinstance(inner, tuple) and inner:
        return replace(a, text=text, abilities=tuple(_retext(x, text) for x in inner))  # type: ignore[call-arg]
    return replace(a, text=text)


_PREVENT_ITS = re.compile(r"[Pp]revent all (?P<kind>combat )?damage (?:it|~) would deal")


def clause_list_static(s: str, text: str) -> list[Ability] | None:
    """The abilities of ``s`` (normalised, no final period) when it is a list of clauses
    about the permanent joined by ", ", " and ", ", and ", one of them "prevent all [combat]
    damage it would deal", each read as a whole sentence (module docstring); ``None``
    otherwise."""
    if '"' in s or not _PREVENT_ITS.search(s):
        return None
    from redzone.models.parser import parse_sentence

    out: list[Ability] = []
    clauses = re.split(r", and |, | and (?=it |~ |prevent )", s)
    if len(clauses) < 2:
        return None
    for clause in clauses:
        c = _PREVENT_ITS.sub(lambda m: f"prevent all {m['kind'] or ''}damage that would be dealt by ~",
                             clause.strip())
        c = re.sub(r"^it ", "~ ", c)
        c = c[:1].upper() + c[1:]
        got = parse_sentence(c + ".")
        if got.status != "understood" or not got.abilities:
            return None
        out.extend(got.abilities)
    return [_retext(x, text) for x in out]


_SPELLS_TOO = re.compile(r"(?P<group>.+ you control) and (?:[A-Z][\w-]* )?spells you control "
                         r"(?P<rest>have .+)")


def spells_too_static(s: str, text: str) -> list[Ability] | None:
    """The creature half of "*creatures* you control and *Type* spells you control have
    *K*" (module docstring), read as a whole sentence; ``None`` otherwise."""
    m = _SPELLS_TOO.fullmatch(s)
    if m is None or "spell" in m["group"]:
        return None
    from redzone.models.parser import parse_sentence

    got = parse_sentence(f"{m['group']} {m['rest']}.")
    if got.status != "understood" or not got.abilities:
        return None
    return [_retext(x, text) for x in got.abilities]
