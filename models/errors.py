"""Errors raised for bad input. The CLI turns each into one line and exit status 2."""

from __future__ import annotations


QUOTE_LIMIT = 200
"""At most this many characters of a value are quoted in an error message."""


def clip(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters (``...`` and the full length
    appended when cut), so that a 1 MB name is never echoed whole."""
    text = value if isinstance(value, str) and value.startswith(("'", '"')) else repr(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


def _one_line(text: str, limit: int) -> str:
    """``text`` on one line, at most about ``limit`` characters."""
    text = " ".join(text.split("\n")) if "\n" in text else text
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


class RedzoneError(Exception):
    """Base class of redzone's input errors (never an internal fault)."""


class ScenarioError(RedzoneError):
    """A scenario field is invalid.

    ``field`` is a dotted path such as ``permanents[3].controller``; ``problem`` says what is
    wrong. ``str(error)`` is ``"<field>: <problem>"``, one line. ``where`` (optional) names
    the input the field is in, e.g. ``"line 3"`` of a JSON Lines batch; it is put in front:
    ``"line 3: <field>: <problem>"``.
    """

    def __init__(self, field: str, problem: str, *, where: str = "") -> None:
        # One line, and never a huge value echoed whole (a field path can hold an id).
        field = " ".join(field.split("\n"))
        if len(field) > QUOTE_LIMIT:  # kept free of spaces: "FIELD: PROBLEM" stays readable
            field = field[:QUOTE_LIMIT] + "..."
        problem = _one_line(problem, 3 * QUOTE_LIMIT)
        self.field = field
        self.problem = problem
        self.where = where
        text = f"{field}: {problem}" if field else problem
        super().__init__(f"{where}: {text}" if where else text)


class UnknownCardError(RedzoneError):
    """A card name is not in the bundled card data.

    ``name`` is the name asked for; ``suggestions`` are the closest known names (at most 3).
    """

    def __init__(self, name: str, suggestions: list[str]) -> None:
        self.name = name
        self.suggestions = list(suggestions)
        hint = f" (closest: {', '.join(suggestions)})" if suggestions else ""
        super().__init__(f"unknown card {clip(name)}{hint}")


class UnparsedTextError(RedzoneError):
    """Raised under ``--strict`` when a combat-relevant sentence is not understood."""
