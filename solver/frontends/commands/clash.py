"""``clash``: a player clashes with an opponent (CR 701.30).

JSON keys: ``player``, ``opponent``, ``revealed``, ``mana_values``, ``winners``, ``won``,
``clashes``, ``clashed``, ``order``, ``choices``, ``libraries``, ``triggers``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only
    from rich.console import Console

    from redzone.models.clash import ClashResult
    from redzone.models.scenario import Scenario


@dataclass(frozen=True)
class ClashOptions:
    """Options of ``clash``: the clashing ``player`` (required), the ``opponent`` (needed with
    more than two players), and players forced to ``keep`` the revealed card on top or put it
    on the ``bottom`` (default policy: keep mana value 3 or more)."""

    player: str
    opponent: str | None = None
    keep: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()


@dataclass(frozen=True)
class ClashAnswer:
    """``clash``: :class:`redzone.models.clash.ClashResult`."""

    result: ClashResult
    default_policy: bool

    def to_json(self) -> dict[str, Any]:
        """The ``clash`` JSON object."""
        return self.result.to_json()

    def warnings(self) -> list[str]:
        """None: clash reads no combat text."""
        return []

    def render(self, con: Console) -> None:
        """What each player reveals and chooses, the winners, libraries and triggers."""
        from redzone.models.clash import DEFAULT_KEEP_THRESHOLD

        result = self.result
        con.print(f"[bold]{result.player} clashes with {result.opponent}[/bold] "
                  f"(CR 701.30; {result.clashes} clashes: {', '.join(result.clashed)})")
        for p in result.order:
            card, mv = result.revealed[p], result.mana_values[p]
            shown = f"{card} (mana value {mv})" if card is not None else "nothing (empty library)"
            choice = result.choices[p]
            where = {"top": "keeps it on top", "bottom": "puts it on the bottom"}.get(choice or "", "")
            con.print(f"  {p} reveals {shown}{'; ' + where if where else ''}")
        if result.winners:
            con.print(f"Winner: [bold]{', '.join(result.winners)}[/bold]")
        else:
            con.print("Nobody wins (CR 701.30d)")
        for p, lib in result.libraries.items():
            con.print(f"  {p}'s library, top first: {', '.join(lib) if lib else '(empty)'}")
        for t in result.triggers:
            what = "clashed" if t.condition == "clash" else "won the clash"
            con.print(f"  [dim]{t.permanent} triggers ({t.controller} {what})[/dim]")
        if self.default_policy:
            con.print(f"[dim]Choices: default policy (keep mana value ≥ {DEFAULT_KEEP_THRESHOLD} "
                      "on top); --keep/--bottom to force[/dim]")


def clash(scenario: Scenario, options: ClashOptions) -> ClashAnswer:
    """``options.player`` clashes with an opponent (CR 701.30); top-or-bottom choices in APNAP
    order.

    Raises :class:`redzone.models.errors.ScenarioError` (field ``--keep/--bottom``) when a
    player is both kept and bottomed or is not clashing, and for bad scenarios.
    """
    from redzone.models.clash import BOTTOM, KEEP
    from redzone.models.clash import clash as clash_fn
    from redzone.models.errors import ScenarioError

    both = sorted(set(options.keep) & set(options.bottom))
    if both:
        raise ScenarioError("--keep/--bottom", f"{both[0]} given both")
    policy: dict[str, Any] = {p: KEEP for p in options.keep} | {p: BOTTOM for p in options.bottom}
    try:
        result = clash_fn(scenario, options.player, opponent=options.opponent, policy=policy or None)
    except ScenarioError as err:
        if err.field == "policy":  # a --keep/--bottom name that isn't clashing
            raise ScenarioError("--keep/--bottom", err.problem) from None
        raise
    return ClashAnswer(result=result, default_policy=not policy)
