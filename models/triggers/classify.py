"""Which sentences set aside by the parser are abilities, and which triggered abilities
trigger in the combat redzone plays (CR 603.1, 603.2, 506-511; docs/triggers.md).

:func:`classify` says whether a sentence the parser set aside (``ParsedText.ignored``) is a
triggered ability (603.1: "When", "Whenever" or "At", after an ability word; or a triggered
keyword such as exalted) or an activated ability (602.1: "cost: effect"), left out of a play
of combat unless read. :func:`in_combat` says whether a triggered ability's event is one the
play of combat produces — an attacking or blocking creature declared (508.1, 509.1), a
creature blocked or unblocked (509.3), damage dealt (510.2), a creature dying (700.4) — or a
triggered keyword that acts there (exalted, bushido, persist ...). Triggered abilities of
other events (upkeep, end step, "at the beginning of combat", "at end of combat", a spell
cast, a land played ...) are never produced by the play, which starts as attackers are
declared and ends with the combat damage step: they stay outside (docs/triggers.md).

Used by :func:`redzone.solver.not_played.not_played` and ``scripts/parser_coverage.py``.
Pure Python.
"""

from __future__ import annotations

import re
from typing import Literal

from redzone.models.parser.subjects import _normalise_self

__all__ = ["COMBAT_KEYWORDS", "Kind", "classify", "combat_condition", "condition_of", "in_combat",
           "normalise"]

Kind = Literal["triggered", "activated"]

_ABILITY_WORD = re.compile(r"^[A-Z][\w'’ -]{0,40} — ")
_TRIGGER = re.compile(r"^(When|Whenever|At)\b")
# Trigger events that can't happen in what is played (no spell, nothing enters, nobody draws,
# activates or targets): looked for in the trigger condition only (before the first comma).
# Such a triggered ability is not listed as left out at all (not_played).
_NEVER = re.compile(
    r"\b(enters|entered|cast|casts|copy|copies|draws?|cycles?|discards?|turned face up|"
    r"plays? a land|becomes the target|mutates?|explores?|scry|scries|surveils?|"
    r"searches|shuffles?|activates?)\b", re.IGNORECASE)

COMBAT_KEYWORDS = frozenset({
    "exalted", "bushido", "flanking", "rampage", "battle cry", "annihilator", "afflict",
    "melee", "myriad", "dethrone", "training", "mentor", "renown", "persist", "undying",
    "afterlife", "soulshift", "modular", "ingest", "poisonous", "mobilize", "firebending",
    "frenzy", "enlist", "provoke"})
"""Triggered keyword abilities (702) that act in the declare attackers, declare blockers or
combat damage steps, or when a creature dies (enlist and provoke: a choice made as the
creature attacks, listed with them)."""

_KEYWORD_ARG = re.compile(r"\s+(?:\d+|X|N|\{[^}]*\})+$")
_COST = re.compile(r"^(?P<cost>[^:\"“”.]{1,120}?):\s+(?P<effect>.+)$", re.DOTALL)
_COST_START = re.compile(r"^(\{|Sacrifice|Tap|Untap|Discard|Pay|Remove|Exile|Return|Put|"
                         r"Reveal|Collect|Forage|Waterbend|Earthbend|Blight|Mill)")
_LOYALTY = re.compile(r"^\[?[+−–-]?(\d+|X)\]?$")

# Trigger events the play of combat produces (looked for in the trigger condition).
_COMBAT_EVENT = re.compile(
    r"\b(?:attacks?|attacking|blocks?|blocked|blocking|"
    r"deals? (?:combat )?damage|(?:is|are|was) dealt (?:combat )?damage|"
    # h21: "Whenever combat damage is dealt to you" (Risona): dealt in the damage step
    r"combat damage (?:is|are) dealt|"
    # "die" the verb, not the noun ("roll a die", "a six-sided die", "your third die")
    r"dies|(?<!\ba )(?<!-sided )(?<!\bthird )die|"
    r"(?:is|are) put into (?:a|an|its owner's|your|their owners'?|an opponent's) "
    r"graveyards? from the battlefield|leaves the battlefield|leave the battlefield|"
    # 508.1f: declaring a creature without vigilance as an attacker taps it
    r"becomes? tapped|"
    # h13, 702.149a: training resolves as attackers are declared ("whenever ~ trains")
    r"trains?)\b",
    re.IGNORECASE)
# Steps and phases outside the play: "at the beginning of combat" comes before attackers are
# declared (507), "at end of combat" after the combat damage step (511).
_STEP = re.compile(r"^At\b", re.IGNORECASE)


# A trigger condition naming two events, one of which can't happen in the play ("Whenever ~
# enters or attacks", "When ~ enters and whenever it attacks while saddled"): in combat it
# is the other event's.
_NEVER_ALTERNATIVE = [
    (re.compile(r"^(When|Whenever) (.+?) (?:enters|enter) or (?!enters attacking)(.+)$"),
     r"\1 \2 \3"),
    (re.compile(r"^When (?:~ enters|you cast this spell|you cycle this card) and "
                r"(?:when|whenever) (.+)$"), r"Whenever \1"),
    (re.compile(r"^(When|Whenever) (.+?) and when you (?:discard|cycle) this card$"),
     r"\1 \2"),
    (re.compile(r"^(When|Whenever) ~ specializes or (.+)$"), r"\1 ~ \2"),  # h12: 702.170
]

# h12: a condition whose only damage is a spell's: nothing casts a spell in the play
_SPELL_ONLY = re.compile(r"^(?:When|Whenever) (?:a|an) (?!.*\b(?:source|~|or by)\b)[^,]*?\bspells?\b"
                         r"[^,]* deals? damage\b", re.IGNORECASE)


def combat_condition(condition: str) -> str:
    """``condition`` (normalised: the source is ``~``) without an alternative event that
    can't happen in the play of combat: "Whenever ~ enters or attacks" -> "Whenever ~
    attacks"; "When ~ enters and whenever it attacks" -> "Whenever ~ attacks"; otherwise
    ``condition`` itself."""
    for pattern, repl in _NEVER_ALTERNATIVE:
        m = pattern.fullmatch(condition)
        if m:
            out = pattern.sub(repl, condition)
            return re.sub(r"^(When|Whenever) it\b", r"\1 ~", out)
    return condition


def classify(sentence: str) -> Kind | None:
    """``"triggered"`` / ``"activated"`` when ``sentence`` (one the parser set aside) is an
    ability left out of the play of combat unless read, else ``None`` — a triggered ability
    whose event can't happen in what is played (a permanent entering, a spell cast, a card
    drawn ...), a mana ability (605.1a), a loyalty ability (606.3) or one activated only as a
    sorcery is ``None``."""
    text = sentence.strip()
    body = _ABILITY_WORD.sub("", text, count=1)
    if _TRIGGER.match(body):
        condition = body.split(",", 1)[0]
        if not _NEVER.search(condition):
            return "triggered"
        # one of two events can't happen in the play; the other may ("enters or attacks")
        other = combat_condition(_normalise_self(condition, ()))
        if other != condition and not _NEVER.search(other) and _COMBAT_EVENT.search(other):
            return "triggered"
        return None
    word = _KEYWORD_ARG.sub("", text.rstrip(".")).strip().lower()
    if word in COMBAT_KEYWORDS:
        return "triggered"
    m = _COST.match(text)
    if m is not None:
        cost, effect = m.group("cost").strip(), m.group("effect")
        if _LOYALTY.match(cost):
            return None  # a loyalty ability: main phase only (606.3)
        if not _COST_START.match(cost) or "this card" in cost:
            return None  # not a cost, or one paid from a hand or graveyard (channel ...)
        if effect.startswith("Add ") or "Activate only as a sorcery" in effect:
            return None  # a mana ability (605.1a), or one never activated in combat
        return "activated"
    return None


def normalise(sentence: str, names: tuple[str, ...] = ()) -> str:
    """``sentence`` with its ability word and reminder text removed and every reference to
    the object itself — its names (``names``, their short forms and, as a subject, their
    first word: "Phage" for Phage the Untouchable), "this creature" — replaced by ``~``."""
    body = _ABILITY_WORD.sub("", sentence.strip(), count=1)
    body = re.sub(r"\s*\([^)]*\)", "", body)
    m = _TRIGGER.match(body)
    if m:  # the subject of the trigger condition stands after "When", "Whenever" or "At"
        k = m.end() + 1
        body = body[:k] + _normalise_self(body[k:], tuple(names))
        body = body[:k] + _more_self(body[k:], tuple(names))  # h12
    else:
        body = _normalise_self(body, tuple(names))
    return body.strip()


def _more_self(body: str, names: tuple[str, ...]) -> str:
    """h12: the self references :func:`_normalise_self` leaves in a trigger ability's text —
    a name's part before " of " when it has two or more words ("Jedit Ojanen" of Jedit
    Ojanen of Efrava), a name beginning with "The" written "the ..." ("the Disciple of
    Nissa"), "the ~" ("the The Caffeinated Runner"), and the first word of a name as the
    subject of "or another ..." / "leaves the battlefield" ("Vela or another creature you
    control", "Hazezon leaves the battlefield")."""
    for name in names:
        for face in name.split(" // "):
            short = face.split(" of ", 1)[0] if " of " in face else ""
            forms = [f for f in (short if len(short.split()) >= 2 else "",
                                 "the " + face[4:] if face.startswith("The ") else "") if f]
            for form in forms:
                body = re.sub(r"(?<![\w'-])" + re.escape(form) + r"(?![\w'-])", "~", body)
            first = face.split()[0] if len(face.split()) >= 2 else ""
            if first[:1].isupper() and first not in ("The", "A", "An"):
                body = re.sub(r"^" + re.escape(first) + r"(?= or another | leaves the battlefield)",
                              "~", body)
                body = re.sub(r"(?<= by )" + re.escape(first) + r"(?= this turn\b)", "~", body)
                body = re.sub(r"( counters? on )" + re.escape(first) + r"(?=\.|$)", r"\1~", body)
    for name in names:  # a name the card's own text gives it
        for nick in _NICKNAMES.get(name, ()):
            body = re.sub(r"(?<![\w'-])" + re.escape(nick) + r"(?![\w'-])", "~", body)
    return re.sub(r"\bthe ~", "~", body)


_NICKNAMES = {"The Underworld Fantasy Queen": ("Her Majesty",)}
"""h12: cards whose text calls the card by another name."""


def condition_of(sentence: str, names: tuple[str, ...] = ()) -> str:
    """The trigger condition of a triggered ability ("Whenever ~ attacks"): the sentence
    :func:`normalise`d, up to the first comma. ``""`` when ``sentence`` doesn't begin with
    "When", "Whenever" or "At" (after an ability word)."""
    body = normalise(sentence, names)
    if not _TRIGGER.match(body):
        return ""
    return body.split(",", 1)[0].strip()


def in_combat(sentence: str, names: tuple[str, ...] = ()) -> bool:
    """True when ``sentence`` is a triggered ability whose event the play of combat produces
    (module docstring): a "When"/"Whenever" condition about attacking, blocking, being
    blocked, damage, dying (603.2; 603.6c, 603.10a: leaves-the-battlefield abilities look
    back) or becoming tapped (508.1f: an attacking creature without vigilance is tapped as
    it is declared; 701.26a: an ability taps it), or a triggered keyword of :data:`COMBAT_KEYWORDS`. "At ..." abilities (a step or
    phase beginning, 603.2b) are never in combat: the play starts at the declare attackers
    step's turn-based action and ends with the combat damage step."""
    if classify(sentence) != "triggered":
        return False
    text = sentence.strip()
    word = _KEYWORD_ARG.sub("", text.rstrip(".")).strip().lower()
    if word in COMBAT_KEYWORDS:
        return True
    condition = combat_condition(condition_of(text, names))
    if not condition or _STEP.match(condition) or _SPELL_ONLY.match(condition):
        return False
    return _COMBAT_EVENT.search(condition) is not None
