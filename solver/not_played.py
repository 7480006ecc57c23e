"""The abilities on a board that the plays of combat leave out: triggered abilities and
activated abilities (docs/ai.md, "Limits"), listed per permanent so that an engine author can
see which of *their* cards the answer does not account for.

The parser sets these sentences aside as not combat-relevant (``ParsedText.ignored``, never
``unparsed``: they were read, and ``--strict`` does not refuse them). Nobody casts spells or
activates abilities during combat in redzone (no tricks). The triggered abilities of combat
that :mod:`redzone.models.triggers.parse` reads are played (issue 21, docs/triggers.md); the
others do nothing there. So Master of Cruelties' "that player's life total becomes 1" and
Phage the Untouchable's "that player loses the game" are not played: an answer valued
without them may be wrong about such a board, and the commands say so (:func:`not_played`).

A sentence is listed when it is

- a **triggered ability** (CR 603.1: it begins with "When", "Whenever" or "At", after an
  ability word such as "Heroic —") that :func:`redzone.models.triggers.parse.parse_triggers`
  doesn't read (one it reads is played), unless its trigger event can't happen in what is
  played — a permanent entering the battlefield, a spell cast or copied, a card drawn,
  cycled or discarded, a permanent turned face up, a land played, a target chosen
  (nothing enters, nobody casts, draws or activates anything) — except when a triggered
  ability played on the board draws, discards, makes a token, returns a creature ... (a
  value-only effect, a token, persist): then a triggered ability of such an event ("Whenever
  you draw a card", "Whenever an artifact enters under your control") is listed, as the
  play doesn't trigger it;
- a **triggered keyword ability** that acts in combat or when a creature dies (exalted,
  bushido, flanking, rampage, battle cry, annihilator, afflict, melee, myriad, dethrone,
  training, mentor, renown, persist, undying, afterlife, soulshift, modular, ingest,
  poisonous, mobilize, firebending, frenzy), or enlist or provoke (a choice made as the
  creature attacks: the scenario gives provoke's block requirement as an effect);
- an **activated ability** (CR 602.1: "cost: effect") other than a mana ability
  (605.1a: "Add ..."), a loyalty ability (606: played in a main phase) or one activated
  only as a sorcery.

The classification is :func:`redzone.models.triggers.classify.classify` (models never import
solver). Keyword lines that don't act in combat (flash, hexproof, ward, kicker, cycling, equip ...),
static abilities and one-shot text are not listed. Plain Python, no ortools.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from redzone.models.triggers.classify import Kind, classify
from redzone.models.triggers import actions
from redzone.models.triggers import hidden_zones  # h24
from redzone.models.triggers import more_control  # h39
from redzone.models.triggers import zone_moves  # h37
from redzone.models.triggers.attack_choices import read_in_context
from redzone.models.triggers.board_effects import modal_read
from redzone.models.triggers.parse import is_read, triggers_of
from redzone.models.triggers.types import (Clash, CreateTokens, EntersFromCard, Explore, ReturnToBattlefield,
                                           ValueOnly, flat_effects)
from redzone.models.triggers.value import caused_by_values

if TYPE_CHECKING:
    from redzone.models.board import Board

__all__ = ["NotPlayed", "not_played", "classify", "resolved_not_played", "merged"]


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


def not_played(board: Board) -> tuple[NotPlayed, ...]:
    """Every permanent's abilities that combat is played without (module docstring), in the
    board's order of permanents and each permanent's text order. Reads what the parser set
    aside when the board was built; a triggered ability is looked up in the trigger reader's
    cache (:func:`redzone.models.triggers.parse.is_read`)."""
    out: list[NotPlayed] = []
    causes = _causes_values(board)
    for perm in board.permanents.values():
        parsed = getattr(perm, "parsed", None)
        sentences = getattr(parsed, "ignored", ()) or ()
        if not sentences:
            continue
        name = getattr(perm, "name", "") or ""
        card = getattr(perm, "card", None)
        names = tuple(dict.fromkeys(n for n in (name, card) if n))
        in_context = read_in_context(tuple(sentences), names) | modal_read(tuple(sentences), names)
        for i, sentence in enumerate(sentences):
            kind = classify(sentence)
            if kind is None and causes and caused_by_values(sentence):
                kind = "triggered"  # a card drawn, a token entering ... in this combat
            if kind is None and hidden_zones.caused(board, sentence):  # h24
                kind = "triggered"  # the Ring tempting, a venture in this combat
            if kind is None or (kind == "triggered" and (is_read(sentence, names)
                                                         or i in in_context)
                                and not hidden_zones.unplayed(board, perm, sentence, names)  # h24
                                and not more_control.unplayed(board, perm, sentence, names)):  # h39
                continue
            out.append(NotPlayed(perm.id, sentence, kind))
    return tuple(out)


def _causes_values(board: Board) -> bool:
    """Whether a triggered ability of combat on ``board`` that is played draws, discards,
    makes a value token or a creature token, returns a creature, puts a permanent onto the
    battlefield from card data (h8: a land too: landfall) ... — events other
    permanents' abilities may trigger on (:func:`redzone.models.triggers.value.caused_by_values`)."""
    for perm in board.permanents.values():
        parsed = getattr(perm, "parsed", None)
        if parsed is None or not getattr(parsed, "ignored", ()):
            continue
        name = getattr(perm, "name", "") or ""
        card = getattr(perm, "card", None)
        names = tuple(dict.fromkeys(n for n in (name, card) if n))
        for t in triggers_of(parsed, names):
            if any(isinstance(e, (ValueOnly, CreateTokens, ReturnToBattlefield, EntersFromCard,
                                  *actions.EFFECTS, *hidden_zones.EFFECTS,
                                  *zone_moves.EFFECTS,  # h37: library cards put
                                  Explore, Clash))  # h28: explore, clash (cards revealed)
                   for e in flat_effects(t.effects)):  # tokens, a manifest, draws, transforms, entries
                return True
    return False


def resolved_not_played(triggers: Iterable[Any]) -> tuple[NotPlayed, ...]:
    """The triggered abilities that resolved in the play but whose result says the board
    doesn't let them be played (h34: "not played: a static ability of the layers is on the
    battlefield (613)", "not played: casting X (an instant or sorcery spell ...)" ...).

    ``triggers``: the answer's resolved abilities, each a
    :class:`redzone.models.triggers.types.Resolved` or its JSON mapping (``{"source",
    "text", "result", ...}``). Returns one :class:`NotPlayed` (``kind`` ``"triggered"``,
    ``id`` the source, ``sentence`` the ability's text) per ability whose result holds
    "not played", de-duplicated by (id, sentence), in the order resolved. The effect was
    left out (CR 608.2: the rest of the resolution, as the play says), so the answer may be
    wrong about such a board, as for an ability :func:`not_played` lists."""
    out: dict[tuple[str, str], NotPlayed] = {}
    for t in triggers:
        row: Mapping[str, Any] = t if isinstance(t, Mapping) else t.to_json()
        result, source, text = row.get("result"), row.get("source"), row.get("text")
        if isinstance(result, str) and "not played" in result and isinstance(source, str) \
                and isinstance(text, str):
            out.setdefault((source, text), NotPlayed(source, text, "triggered"))
    return tuple(out.values())


def merged(*groups: Iterable[NotPlayed]) -> tuple[NotPlayed, ...]:
    """``groups`` in order, each (id, sentence) once (the first kept): the board's
    :func:`not_played` then :func:`resolved_not_played`."""
    out: dict[tuple[str, str], NotPlayed] = {}
    for group in groups:
        for item in group:
            out.setdefault((item.id, item.sentence), item)
    return tuple(out.values())
