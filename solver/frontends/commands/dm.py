"""``dm-battle``: the Duel Masters battle between two creatures.

JSON keys: ``battled``, ``winners``, ``losers``, ``destroyed``, ``returned_to_hand``,
``powers``, ``zones``, ``triggers``, ``steps``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only
    from rich.console import Console

    from redzone.models.duel_masters import BattleResult
    from redzone.models.scenario import Scenario


@dataclass(frozen=True)
class DMBattleOptions:
    """Options of ``dm-battle``: the creatures ``a`` (attacking unless ``effect``) and ``b``
    (ids, required); ``effect``: an effect battle, neither creature attacking."""

    a: str
    b: str
    effect: bool = False


@dataclass(frozen=True)
class DMBattleAnswer:
    """``dm-battle``: :class:`redzone.models.duel_masters.BattleResult`."""

    result: BattleResult
    a: str
    b: str
    effect: bool

    def to_json(self) -> dict[str, Any]:
        """The ``dm-battle`` JSON object."""
        return self.result.to_json()

    def warnings(self) -> list[str]:
        """None."""
        return []

    def render(self, con: Console) -> None:
        """The battle's processing steps in order, then winners, losers and destroyed."""
        result = self.result
        title = "Effect battle" if self.effect else "Battle"
        con.print(f"[bold]{title}: {self.a} vs {self.b}[/bold]")
        for s in result.steps:
            con.print(f"  {s.number}. {s.name}")
            for h in s.happened:
                con.print(f"     [dim]{h}[/dim]")
        if not result.battled:
            con.print("No battle took place: no winner, no loser.")
        else:
            con.print(f"Winners: {', '.join(result.winners) or 'none'} · "
                      f"losers: {', '.join(result.losers) or 'none'}")
        con.print(f"Destroyed: {', '.join(result.destroyed) or 'none'}"
                  + (f" · returned to hand: {', '.join(result.returned_to_hand)}"
                     if result.returned_to_hand else ""))


def dm_battle(scenario: Scenario, options: DMBattleOptions) -> DMBattleAnswer:
    """Creature ``options.a`` battles ``options.b`` under the Duel Masters rules (higher power
    wins; equal power destroys both; "wins all battles"; slayer after the battle).

    Raises :class:`redzone.models.errors.RedzoneError` subclasses for bad input.
    """
    from redzone.models.duel_masters import battle

    result = battle(scenario, options.a, options.b, effect=options.effect)
    return DMBattleAnswer(result=result, a=options.a, b=options.b, effect=options.effect)
