"""Sentences of static-text lines that use combat words but are no static rule of the combat
redzone plays (h27): each is set aside with a reason that says why, like the other
"ignored" templates.

| sentence (in our words) | reason | why |
|---|---|---|
| "Partner with *Name*" (a name may hold a keyword: "Ukkima, Stalking Shadow") | `keyword not combat-relevant` | deck building and an enters trigger (702.124j) |
| "If you do, at the beginning of the first upkeep, ..." (the Chancellors, after "You may reveal this card from your opening hand") | `before the game (opening hand)` | 103.6: done before the first turn, never in a combat |
| "... rather than pay this spell's mana cost", "you may cast ~ without paying its mana cost / as though it had flash" | `casting` | how the card is cast (601.2); no spell is cast in the combat |
| "You may activate abilities of [other] creatures you control as though those creatures had haste" | `activated abilities (302.6)` | only the {T}/{Q} costs of activated abilities; attacking is unchanged (508.1a still needs haste) |
| "[As long as C,] cards in your hand have *keyword*" | `about cards in hand` | cards in a hand are not on the battlefield: a casting permission (spectacle) |
| "~ doesn't untap during your untap step [if / unless C]" | `untap step (not in the combat)` | 502.3: the untap step is not in the combat phase |
| "As long as C, ~ has "*cost*: *effect*"" (a granted activated ability) | `granted non-static ability` | like any activated ability (never activated in the combat redzone plays) |
| "~ escapes with ... counter(s) on it" | `enters the battlefield` | how it enters: the scenario gives its counters (a flying counter gives flying, 122.1b) |
| keyword "protection from spells that are one or more colors" (Emrakul, the Aeons Torn; read in `.keywords`) | `keyword not combat-relevant` | only spells are stopped (702.16): none is cast in the combat, and triggered abilities are no spells |
| "When you do, ..." (after "You may exert ~ as it attacks") | `triggered (reflexive)` | not a static ability: a reflexive triggered ability (603.12), which the trigger reader plays or reports (:mod:`redzone.models.triggers.attack_choices`) |

Not set aside (h31): Guardian Beast's "noncreature artifacts you control ... have
indestructible, and other players can't gain control of them" — triggered abilities of
combat take or destroy artifacts (Hellkite Tyrant gains control of all artifacts the player
controls, Kukemssa Pirates of a target artifact), so it is a combat rule, reported as not
read until the control changes and destructions check it.

An ability word before a triggered ability ("Protection Fighting Style — When ~ enters,
...": :func:`ability_word_trigger`) that the keyword-line splitter would read as an unread
keyword makes the line an ability-word line (the word dropped, then a triggered ability).

Pure Python; one family of :data:`redzone.models.parser.SENTENCE_FAMILIES`.
"""

from __future__ import annotations

import re

from redzone.models.lazy_re import lazy_compile

__all__ = ["ability_word_trigger", "outside_combat_static"]

_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple((lazy_compile(p), r) for p, r in (
    (r"Partner with [A-Z][^.]*", "keyword not combat-relevant"),
    (r"If you do, at the beginning of the first upkeep, .+", "before the game (opening hand)"),
    (r".+ rather than pay this spell's mana cost", "casting"),
    (r"(?:If [^,]+, )?[Yy]ou may cast (?:~|this (?:creature|card)) without paying its mana cost"
     r"(?: and as though it had flash)?", "casting"),
    (r"You may activate abilities of (?:other )?creatures you control as though those creatures "
     r"had haste", "activated abilities (302.6)"),
    (r"(?:As long as [^,]+, )?cards in your hand have [a-z ]+", "about cards in hand"),
    (r"~ doesn't untap during your untap step(?: (?:if|unless) [^,]+)?", "untap step (not in the combat)"),
    (r'As long as [^,"]+, (?:~|it) has "[^"]*\{[^"]*\}[^"]*:[^"]*"', "granted non-static ability"),
    (r"~ escapes with (?:an? |your choice of an? )[^.]*counters? on it", "enters the battlefield"),
    (r"When you do, .+", "triggered (reflexive)"),
))


def outside_combat_static(s: str, text: str) -> str | None:
    """The ignore reason of a sentence ``s`` (self references as "~", no final period) that
    is no combat rule (module table), else ``None``."""
    del text
    for pattern, reason in _FORMS:
        if pattern.fullmatch(s):
            return reason
    return None


_WORD_TRIGGER = lazy_compile(r"[A-Z][A-Za-z' ]{0,40} — (?:When|Whenever|At the|At end|At each)\b.*")


def ability_word_trigger(line: str, items: list[str]) -> bool:
    """Whether the ability ``line``, which the keyword-line splitter took as the keyword
    ``items``, is rather an ability word then a triggered ability ("Protection Fighting
    Style — When this creature enters, ..."; 207.2c: the word has no rules meaning): true
    only when some item would be an unread keyword, so that lines read before keep their
    reading. The caller then reads it as any ability-word line (the word dropped)."""
    from redzone.models.parser.keywords import _keyword_item  # pyright: ignore[reportPrivateUsage]

    if _WORD_TRIGGER.fullmatch(line) is None:
        return False
    return any(_keyword_item(it)[0] == "unparsed" for it in items)
