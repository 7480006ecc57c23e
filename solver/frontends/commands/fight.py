"""``fight``: one creature fights another (CR 701.14), or bites it (one-sided).

JSON keys: ``fought``, ``damage`` (recipient -> amount dealt), ``outcome``, plus ``kind``,
``reason``, ``excess``, ``dealt`` and ``unparsed``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from redzone.solver.frontends.commands.common import PlayedAnswer, magic_board_of, unparsed_json

if TYPE_CHECKING:  # annotations only
    from rich.console import Console

    from redzone.models.fight import FightResult
    from redzone.models.scenario import Scenario


@dataclass(frozen=True)
class FightOptions:
    """Options of ``fight``: the creatures ``a`` and ``b`` (permanent ids, required),
    ``illegal`` (creatures that became illegal targets by resolution, 701.14b), ``bite``
    (one-sided: only ``a`` deals damage), ``strict``."""

    a: str
    b: str
    illegal: tuple[str, ...] = ()
    bite: bool = False
    strict: bool = False


@dataclass(frozen=True)
class FightAnswer(PlayedAnswer):
    """``fight``: :class:`redzone.models.fight.FightResult` on its board."""

    result: FightResult

    def played_triggers(self) -> tuple[Any, ...]:
        """The abilities the fight's damage triggered (h34: for ``not_played``)."""
        return tuple(self.result.triggers)

    def to_json(self) -> dict[str, Any]:
        """The ``fight`` JSON object."""
        return {**self.result.to_json(), "unparsed": unparsed_json(self.board),
                "not_played": self.not_played_json()}

    def render(self, con: Console) -> None:
        """Who deals what to whom, what leaves the battlefield, life and poison."""
        board, result = self.board, self.result
        a, b = board.permanents[result.a], board.permanents[result.b]
        verb = "fights" if result.kind == "fight" else "deals damage equal to its power to"
        rule = "CR 701.14" if result.kind == "fight" else "bite"
        con.print(f"[bold]{a.label} {verb} {b.label}[/bold] ({rule})")
        if not result.fought:
            con.print(f"  No damage is dealt: {result.reason}.")
        for d in result.dealt:
            src = board.permanents[d.source].label
            rec = board.permanents[d.recipient].label if d.recipient in board.permanents else d.recipient
            what = {"damage": "damage marked", "-1/-1 counters": "as -1/-1 counters",
                    "life": "life lost", "poison": "as poison counters",
                    "loyalty": "loyalty lost"}.get(d.result, d.result)
            extra = f" (power {d.assigned})" if d.assigned != d.amount else ""
            over = f", {d.excess} excess" if d.excess else ""
            if d.amount == 0:
                con.print(f"  {src} → {rec}: no damage{extra}")
            else:
                con.print(f"  {src} → {rec}: {d.amount}{extra} {what}{over}")
            for note in d.notes:
                con.print(f"    [dim]{note}[/dim]")
        out = result.outcome
        for pid in out["destroyed"]:
            con.print(f"  [red]✗[/red] {board.permanents[pid].label} leaves the battlefield: {out['reasons'][pid]}")
        for player, n in out["gained"].items():
            con.print(f"  {player} gains {n} life (120.3f)")
        for player in out["lost"]:
            con.print(f"  [red]{player} loses the game[/red] (704.5a, 704.5c)")
        con.print("  Life: " + ", ".join(f"{p} {n}" for p, n in out["life"].items())
                  + " · poison: " + ", ".join(f"{p} {n}" for p, n in out["poison"].items()))
        from redzone.solver.frontends.output import commander_lines

        for line in commander_lines(board, dict(out)):  # fight damage isn't combat damage
            con.print(line)


def fight(scenario: Scenario, options: FightOptions) -> FightAnswer:
    """Creature ``options.a`` fights ``options.b`` (CR 701.14: each deals damage equal to its
    power to the other at once; not combat damage), or bites it with ``options.bite``.

    Raises :class:`redzone.models.errors.RedzoneError` subclasses for bad input (unknown or
    non-creature ids).
    """
    from redzone.models.fight import bite as bite_fn
    from redzone.models.fight import fight as fight_fn

    board = magic_board_of(scenario, options.strict)
    fn = bite_fn if options.bite else fight_fn
    result = fn(board, options.a, options.b, illegal=frozenset(options.illegal))
    return FightAnswer(board=board, result=result)
