"""Mana costs: symbols, mana value (CR 202.3) and colour (CR 105.2, 202.2)."""

from __future__ import annotations

import pytest

from redzone.models.mana import colors_of, mana_value, parse_mana_cost, symbol_value


def test_parse_splits_symbols_in_order() -> None:
    # CR 107.4: a mana cost is a sequence of mana symbols.
    assert parse_mana_cost("{2}{W}{W}") == ["2", "W", "W"]
    assert parse_mana_cost("{X}{u}{r}") == ["X", "U", "R"]
    assert parse_mana_cost("{2/W}{G/U}{B/P}{G/W/P}") == ["2/W", "G/U", "B/P", "G/W/P"]
    assert parse_mana_cost("") == []


@pytest.mark.parametrize("bad", ["2WW", "{2}W", "{2", "W}", "{}{W}"])
def test_parse_rejects_malformed_costs(bad: str) -> None:
    with pytest.raises(ValueError):
        mana_value(bad)


def test_generic_and_coloured_symbols_add_up() -> None:
    # CR 202.3: mana value is the total amount of mana in the cost, regardless of colour.
    assert mana_value("{1}{G}") == 2  # Grizzly Bears
    assert mana_value("{5}{W}{W}") == 7
    assert mana_value("{C}{C}") == 2  # colourless mana symbols count one each
    assert mana_value("{S}") == 1  # a snow symbol is one mana
    assert mana_value("{15}") == 15


def test_x_counts_zero() -> None:
    # CR 202.3e: X is 0 everywhere but the stack.
    assert mana_value("{X}{G}{U}") == 2  # Hydroid Krasis
    assert mana_value("{X}{X}{R}") == 1
    assert symbol_value("Y") == 0 and symbol_value("Z") == 0


def test_hybrid_counts_its_largest_component() -> None:
    # CR 202.3: a hybrid symbol counts the largest component; {2/W} is 2.
    assert mana_value("{2/W}{2/W}{2/W}") == 6  # Spectral Procession
    assert mana_value("{W/U}{W/U}") == 2
    assert mana_value("{C/W}") == 1


def test_phyrexian_counts_one() -> None:
    # CR 107.4f and 202.3: each Phyrexian symbol is one mana.
    assert mana_value("{1}{B/P}{B/P}") == 3  # Dismember
    assert mana_value("{1}{G}{G/W/P}{W}") == 4  # hybrid Phyrexian (Ajani, Sleeper Agent)


def test_half_mana_is_a_half() -> None:
    # Un-card half symbols: {HW} is half a white mana.
    assert mana_value("{HW}") == 0.5
    assert mana_value("{1}{HR}") == 1.5


def test_no_cost_is_zero() -> None:
    # CR 202.3: an object with no mana cost has mana value 0.
    assert mana_value(None) == 0
    assert mana_value("") == 0


def test_colors_come_from_coloured_symbols_in_wubrg_order() -> None:
    # CR 105.2 and 202.2: an object is the colour(s) of the mana symbols in its cost.
    assert colors_of("{1}{G}") == ("G",)
    assert colors_of("{G}{W}") == ("W", "G")
    assert colors_of("{X}{U}{R}") == ("U", "R")
    assert colors_of("{W/U}") == ("W", "U")  # CR 202.2: hybrid is both colours
    assert colors_of("{2/W}") == ("W",)
    assert colors_of("{B/P}") == ("B",)
    assert colors_of("{G/W/P}") == ("W", "G")
    assert colors_of("{HW}") == ("W",)


def test_colourless_costs() -> None:
    # CR 105.2: no coloured symbol, no colour.
    assert colors_of("{4}") == ()
    assert colors_of("{C}{S}{X}") == ()
    assert colors_of(None) == ()


def test_unknown_symbol_raises() -> None:
    with pytest.raises(ValueError):
        symbol_value("WW")
    with pytest.raises(ValueError):
        symbol_value("")
