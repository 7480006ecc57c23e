"""Mana costs: parsing, mana value and colour (CR 107.4, 202, 105.2).

A mana cost is written as a string of symbols in braces, e.g. ``"{2}{W}{W}"``,
``"{X}{R}"``, ``"{2/W}{G/U}{B/P}"``. These helpers read such a string:

- :func:`parse_mana_cost` splits it into symbols (without braces, upper case).
- :func:`mana_value` totals it per CR 202.3.
- :func:`colors_of` gives the colours its symbols contribute (CR 105.2, 202.2).

Symbol values used by :func:`mana_value` (CR 202.3, 107.4):

- a number ``{N}``: N (generic mana);
- ``{W}``, ``{U}``, ``{B}``, ``{R}``, ``{G}``, ``{C}`` (colourless) and ``{S}`` (snow): 1;
- ``{X}``, ``{Y}``, ``{Z}``: 0 anywhere but the stack (CR 202.3e, 107.3);
- a hybrid symbol counts its largest component: ``{W/U}`` and ``{C/W}`` are 1, ``{2/W}`` is 2;
- a Phyrexian symbol (``{W/P}``, also hybrid Phyrexian ``{G/W/P}``): 1;
- a half symbol (``{HW}``, ``{HR}``, ``{½}``; Un-cards only): one half, so the result is a
  ``float`` (``{HW}`` alone gives 0.5). Every other cost gives an ``int``.
- Approximation: a one-letter symbol the rules do not define (``{D}`` and ``{L}`` on two
  playtest cards) counts as one mana and adds no colour.
"""

from __future__ import annotations

from redzone.models.lazy_re import lazy_compile

COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
"""The five colours in WUBRG order, as single letters (CR 105.1)."""

_SYMBOL = lazy_compile(r"\{([^{}]+)\}")
_VARIABLE = frozenset({"X", "Y", "Z"})
_ONE = frozenset({"W", "U", "B", "R", "G", "C", "S"})
_HALF = frozenset({"HW", "HU", "HB", "HR", "HG", "½"})


def parse_mana_cost(cost: str) -> list[str]:
    """Split a mana cost into its symbols.

    ``cost`` is an Oracle-style string such as ``"{3}{G}{G}"``; the empty string is the
    empty cost. Returns the symbols without braces, upper-cased, in order, e.g.
    ``["3", "G", "G"]``; ``"{2/W}"`` gives ``["2/W"]``.

    Raises ``ValueError`` if ``cost`` holds anything but brace-delimited symbols.
    """
    text = cost.strip()
    symbols: list[str] = []
    pos = 0
    for match in _SYMBOL.finditer(text):
        if match.start() != pos:
            raise ValueError(f"not a mana cost: {cost!r}")
        symbols.append(match.group(1).strip().upper())
        pos = match.end()
    if pos != len(text):
        raise ValueError(f"not a mana cost: {cost!r}")
    return symbols


def symbol_value(symbol: str) -> int | float:
    """The amount of mana one symbol (without braces) adds to a mana value (CR 202.3).

    Returns an ``int``, or ``0.5`` for a half-mana symbol. Raises ``ValueError`` for an
    empty or malformed symbol.
    """
    sym = symbol.strip().upper()
    if not sym:
        raise ValueError("empty mana symbol")
    if sym.isdigit():
        return int(sym)
    if sym in _VARIABLE:
        return 0  # CR 202.3e: X (and Y, Z) is 0 outside the stack
    if sym in _HALF:
        return 0.5
    if "/" in sym:
        parts = [p for p in sym.split("/") if p]
        if not parts:
            raise ValueError(f"malformed mana symbol {{{symbol}}}")
        # Hybrid: the largest component; Phyrexian "P" is a marker, not a component.
        values = [int(p) if p.isdigit() else 1 for p in parts if p != "P"]
        return max(values) if values else 1
    if sym in _ONE:
        return 1
    if len(sym) == 1 and sym.isalpha():
        return 1  # undefined playtest symbols ({D}, {L}); see the module docstring
    raise ValueError(f"unknown mana symbol {{{symbol}}}")


def mana_value(cost: str | None) -> int | float:
    """The mana value of a mana cost (CR 202.3).

    ``cost`` is a mana cost string, or ``None``/``""`` for an object with no mana cost
    (mana value 0). Examples: ``"{1}{G}"`` → 2, ``"{X}{R}{R}"`` → 2, ``"{2/W}{2/W}"`` → 4,
    ``"{B/P}{B/P}"`` → 2, ``"{HW}"`` → 0.5. Returns an ``int`` unless a half symbol is
    present. Raises ``ValueError`` for a malformed cost.
    """
    if not cost:
        return 0
    total: int | float = 0
    for sym in parse_mana_cost(cost):
        total += symbol_value(sym)
    if isinstance(total, float) and total.is_integer():
        return int(total)
    return total


def colors_of(cost: str | None) -> tuple[str, ...]:
    """The colours a mana cost gives its object (CR 105.2, 202.2).

    Each coloured, hybrid or Phyrexian symbol contributes its colour letters (``{W/U}`` →
    W and U; ``{2/W}``, ``{C/W}``, ``{W/P}``, ``{HW}`` → W); ``{C}``, ``{S}``, numbers and
    X contribute none. Returns the colours in WUBRG order, e.g. ``("U", "R")``; ``()`` for
    a colourless or absent cost. Raises ``ValueError`` for a malformed cost.
    """
    if not cost:
        return ()
    found: set[str] = set()
    for sym in parse_mana_cost(cost):
        if sym in _HALF:
            found.update(c for c in sym if c in COLORS)
            continue
        for part in sym.split("/"):
            if part in COLORS:
                found.add(part)
    return tuple(c for c in COLORS if c in found)
