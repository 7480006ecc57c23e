"""The abilities on a board that the plays of combat leave out: triggered abilities and
activated abilities (docs/ai.md, "Limits"), listed per permanent so that an engine author can
see which of *their* cards the answer does not account for.

The parser sets these sentences aside as not combat-relevant (``ParsedText.ignored``, never
``unparsed``: they were read, and ``--strict`` does not refuse them). Nobody casts spells or
activates abilities during combat in redzone (no tricks), and no triggered ability is put on
the stack: the combat damage step, the outcome (CR 120, 704) and the AI's search play only
what the rules code plays. So Master of Cruelties' "that player's life total becomes 1" and
Phage the Untouchable's "that player loses the game" do nothing there: an answer valued
without them may be wrong about such a board, and the commands say so
(:func:`not_played`).

A sentence is listed when it is

- a **triggered ability** (CR 603.1: it begins with "When", "Whenever" or "At", after an
  ability word such as "Heroic —"), unless its trigger event can't happen in what is
  played — a permanent entering the battlefield, a spell cast or copied, a card drawn,
  cycled or discarded, a permanent turned face up, a land played, a target chosen
  (nothing enters, nobody casts, draws or activates anything);
- a **triggered keyword ability** that acts in combat or when a creature dies (exalted,
  bushido, flanking, rampage, battle cry, annihilator, afflict, melee, myriad, dethrone,
  training, mentor, renown, persist, undying, afterlife, soulshift, modular, ingest,
  poisonous, mobilize, firebending, frenzy), or enlist or provoke (a choice made as the
  creature attacks: the scenario gives provoke's block requirement as an effect);
- an **activated ability** (CR 602.1: "cost: effect") other than a mana ability
  (605.1a: "Add ..."), a loyalty ability (606: played in a main phase) or one activated
  only as a sorcery.

Keyword lines that don't act in combat (flash, hexproof, ward, kicker, cycling, equip ...),
static abilities and one-shot text are not listed. Plain Python, no ortools.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from redzone.models.board import Board

__all__ = ["NotPlayed", "not_played", "classify"]

Kind = Literal["triggered", "activated"]

_ABILITY_WORD = re.compile(r"^[A-Z][\w'’ -]{0,40} — ")
_TRIGGER = re.compile(r"^(When|Whenever|At)\b")
# Trigger events that can't happen in what is played (no spell, nothing enters, nobody draws,
# activates or targets): looked for in the trigger condition only (before the first comma).
_NEVER = re.compile(
    r"\b(enters|entered|cast|casts|copy|copies|draws?|cycles?|discards?|turned face up|"
    r"plays? a land|becomes the target|mutates?|explores?|scry|scries|surveils?|"
    r"searches|shuffles?|activates?)\b", re.IGNORECASE)
_KEYWORDS = frozenset({
    "exalted", "bushido", "flanking", "rampage", "battle cry", "annihilator", "afflict",
    "melee", "myriad", "dethrone", "training", "mentor", "renown", "persist", "undying",
    "afterlife", "soulshift", "modular", "ingest", "poisonous", "mobilize", "firebending",
    "frenzy", "enlist", "provoke"})
_KEYWORD_ARG = re.compile(r"\s+(?:\d+|X|N|\{[^}]*\})+$")
_COST = re.compile(r"^(?P<cost>[^:\"“”.]{1,120}?):\s+(?P<effect>.+)$", re.DOTALL)
_COST_START = re.compile(r"^(\{|Sacrifice|Tap|Untap|Discard|Pay|Remove|Exile|Return|Put|"
                         r"Reveal|Collect|Forage|Waterbend|Earthbend|Blight|Mill)")
_LOYALTY = re.compile(r"^\[?[+−–-]?(\d+|X)\]?$")


@dataclass(frozen=True)
class NotPlayed:
    """One sentence of a permanent that combat is played without: ``id`` (the permanent's),
    ``sentence`` (as the parser read it), ``kind`` (``"triggered"`` or ``"activated"``)."""

    id: str
    sentence: str
    kind: Kind

    def to_json(self) -> dict[str, str]:
        """``{"id", "sentence", "kind"}``."""
        return {"id": self.id, "sentence": self.sentence, "kind": self.kind}


def classify(sentence: str) -> Kind | None:
    """``"triggered"`` / ``"activated"`` when ``sentence`` (one the parser set aside) is an
    ability left out of the play of combat (module docstring), else ``None``."""
    text = sentence.strip()
    body = _ABILITY_WORD.sub("", text, count=1)
    if _TRIGGER.match(body):
        condition = body.split(",", 1)[0]
        return None if _NEVER.search(condition) else "triggered"
    word = _KEYWORD_ARG.sub("", text.rstrip(".")).strip().lower()
    if word in _KEYWORDS:
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


def not_played(board: Board) -> tuple[NotPlayed, ...]:
    """Every permanent's abilities that combat is played without (module docstring), in the
    board's order of permanents and each permanent's text order. Reads what the parser set
    aside when the board was built (no parsing here): about 4 µs of CPU a permanent."""
    out: list[NotPlayed] = []
    for perm in board.permanents.values():
        parsed = getattr(perm, "parsed", None)
        for sentence in getattr(parsed, "ignored", ()) or ():
            kind = classify(sentence)
            if kind is not None:
                out.append(NotPlayed(perm.id, sentence, kind))
    return tuple(out)
