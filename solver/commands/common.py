"""Helpers shared by the command jobs: building the board, unparsed-text notes, labels."""

from __future__ import annotations

from typing import Any


def board_of(scenario: Any, strict: bool) -> Any:
    """The :class:`redzone.models.board.Board` of ``scenario``; with ``strict``, a
    combat-relevant sentence the parser does not understand is an error
    (:class:`redzone.models.errors.UnparsedTextError`)."""
    from redzone.models.board import build_board

    return build_board(scenario, strict=strict)


def unparsed_json(board: Any) -> list[dict[str, str]]:
    """The ``unparsed`` key: ``[{"id": permanent id, "sentence": text}, ...]``."""
    return [{"id": p.id, "sentence": s} for p, s in board.unparsed()]


def unparsed_notes(board: Any) -> list[str]:
    """One note per sentence the parser did not understand (printed on standard error)."""
    return [f"note: {perm.label}: not understood, ignored: {sentence!r}" for perm, sentence in board.unparsed()]


def violations_json(violations: Any) -> list[dict[str, str]]:
    """``[{"kind", "source", "message"}, ...]`` for :class:`Violation` objects."""
    return [{"kind": v.kind, "source": v.source, "message": v.message} for v in violations]


def declaration_lines(problem: Any, attackers: dict[str, str]) -> list[str]:
    """Readable lines of an attack declaration (attacking creature → attack target)."""
    if not attackers:
        return ["  (no creature attacks)"]
    return [f"  {problem.label(c)} → {problem.label(t)}" for c, t in attackers.items()]


def check_ids(board: Any, declaration: dict[str, Any], where: str) -> None:
    """Refuse a declaration naming an unknown permanent or player: raises
    :class:`redzone.models.errors.ScenarioError` naming ``where`` and the closest ids."""
    import difflib

    from redzone.models.errors import ScenarioError

    known = list(board.permanents) + [p.name for p in board.players]
    for key, value in declaration.items():
        values = value if isinstance(value, list) else [value]
        for name in (key, *values):
            if name not in known:
                close = difflib.get_close_matches(name, known, n=3)
                hint = f" (closest: {', '.join(close)})" if close else ""
                raise ScenarioError(where, f"unknown permanent or player {name!r}{hint}")
