"""Coin flips and die rolls in triggered abilities of combat (CR 705, 706; issue 21, h12;
docs/triggers.md "Coin flips and die rolls").

A flip or a roll is nobody's choice: it is played honestly. :class:`Chance` is the effect
"flip a coin. If you win the flip, <effects>" (also "... lose the flip", "flip three coins.
For each flip you win, <effects>", "flip two coins. If both coins come up heads, <effects>.
If both coins come up tails, <effects>") and "roll a six-sided die / a d20. <effects>, where
X is the result [minus N]" / "... a number of <tokens> equal to the result". As it resolves
its result is a :class:`~redzone.models.triggers.resolve.Choice` (``what``: ``"coin"`` —
the number of flips won, or of heads — or ``"roll"`` — the result) made by **the ability's
controller's adversary** (the active player when the controller is another player, else
the next player in the game): a scenario may state it (``combat.trigger_choices[].coin`` /
``.roll``); unstated, ``damage`` and the AI's search take the result worst for the ability's
controller (their minimax, 705/706 being no player's choice), and ``damage`` says so in a
warning (:func:`assumed`). A roll whose effects are all value (Ancient Copper Dragon's
Treasures, Ancient Silver Dragon's cards) is :class:`ValueOnly` ("roll"): its result
changes nothing in combat.

"Choose one at random —" (:class:`Modes` ``random``) and "target opponent chosen at
random" (:class:`Who` ``random``) are chosen the same way (the scenario states them as
``mode`` / ``target``). Also read: "If you roll a 1, <effects>. Otherwise, <effects>.", "If the result is 4 or less,
<effects>." and a d20's table of results ("1—9 | ...", its rows joined to the trigger by
:func:`redzone.models.triggers.board_effects.join_modes`). Not read here: "a creature ...
chosen at random" (not a target), a flip whose branch has a target (chosen as the ability is put on the stack,
603.3d, before the flip), a coin branch of more than one sentence.
Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from redzone.models.triggers.types import (Amount, Chance, Counters, CreateTokens, DamageEffect,
                                           Effect, Pump, Resolved, ValueOnly, flat_effects)

if TYPE_CHECKING:
    from redzone.models.scenario.types import TriggerChoice

__all__ = ["Chance", "adversary", "assumed", "is_random", "read", "resolve"]

_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_SPLIT = re.compile(r"(?<=\.)\s+(?=[A-Z~])")
_EXPLORES = re.compile(r"\b(?:explores|clash with)\b")
"""h28: the text of an ability that explores or clashes (its ``chosen`` is the hidden card's
kind, or whether the clash was won)."""


# ====================================================================== reading


EffectsReader = Callable[[str], "tuple[tuple[Effect, ...], bool] | None"]

_COIN_BRANCH = {"if you win the flip, ": "win", "if you lose the flip, ": "lose",
                "for each flip you win, ": "each_win",
                "if both coins come up heads, ": "all_heads",
                "if both coins come up tails, ": "all_tails"}
_SCALED = (Pump, Counters, CreateTokens)


def _lower(s: str) -> str:
    return s[0].lower() + s[1:] if s[:1].isupper() and not s.startswith("~") else s


def _plain(effects: tuple[Effect, ...]) -> bool:
    """No target (chosen before the flip, 603.3d) and nothing optional inside."""
    for e in flat_effects(effects):
        who = getattr(e, "who", None)
        if who is not None and (who.kind.startswith("target") or who.kind == "any_target"):
            return False
    return True


def read(rest: str, effects_of: EffectsReader) -> tuple[tuple[Effect, ...], bool] | None:
    """The effects of an ability's text ``rest`` (after the trigger condition's comma) that
    begins with a coin flip or a die roll, and whether it is optional (never), or ``None``
    when it doesn't begin so or isn't read. ``effects_of``: the reader of an effect text."""
    sents = [x.strip() for x in _SPLIT.split(rest.strip()) if x.strip()]
    if not sents:
        return None
    m = re.fullmatch(r"flip (a|one|two|three|four|five) coins?\.?", _lower(sents[0]))
    if m:
        n = _WORDS[m[1]]
        branches: list[tuple[str, tuple[Effect, ...]]] = []
        for s in sents[1:]:
            low = _lower(s)
            when = next((w for lead, w in _COIN_BRANCH.items() if low.startswith(lead)), None)
            if when is None or (n == 1) != (when in ("win", "lose")) \
                    or (when.startswith("all_") and n < 2):
                return None
            got = effects_of(low[low.index(", ") + 2:])
            if got is None or got[1] or not _plain(got[0]):
                return None
            branches.append((when, got[0]))
        if not branches:
            return None
        return (Chance("coin", n, tuple(branches)),), False
    table = re.fullmatch(r"(roll a d(\d+)(?: for each player being attacked and ignore all but "
                         r"the highest roll)?\.) (\d+(?:—\d+)? \| .+)", _lower(rest.strip()))
    if table:
        return _table(int(table[2]), table[3], effects_of)
    may = _lower(sents[0]).startswith("you may roll ")
    m = re.fullmatch(r"(?:you may )?roll (?:a six-sided die|a d(\d+))\.?", _lower(sents[0]))
    if not m or len(sents) < 2:
        return None
    sides = int(m[1]) if m[1] else 6
    ranged = _ranges(sides, sents[1:], effects_of)
    if ranged is not None:
        return (ranged,), may
    if may:
        return None
    body = " ".join(sents[1:])
    values = effects_of(body)
    if values is not None and not values[1] and all(isinstance(e, ValueOnly)
                                                     for e in values[0]):
        return (ValueOnly("roll"),), False  # only the number of value objects depends on it
    if len(sents) != 2:
        return None
    s = _lower(sents[1]).rstrip(".")
    mm = re.fullmatch(r"(.+), where X is the result(?: minus (\d+))?", s)
    if mm and mm[1].count("X") == 1:
        offset = -int(mm[2]) if mm[2] else 0
        one = mm[1].replace("+X/", "+1/").replace("/+X", "/+1")
    else:
        mm = re.fullmatch(r"(.*?)\ba number of (.+?) tokens( with .+?)? equal to the result", s)
        if not mm:
            return None
        offset = 0
        one = f"{mm[1]}a {mm[2]} token{mm[3] or ''}"
    got = effects_of(one)
    if got is None or got[1] or len(got[0]) != 1 or not _plain(got[0]):
        return None
    (e,) = got[0]
    if not isinstance(e, _SCALED) or e.amount != Amount():
        return None
    if isinstance(e, Pump) and (e.power, e.toughness) not in ((1, 0), (0, 1), (1, 1)):
        return None
    return (Chance("die", sides, (("result", (e,)),), offset),), False


def _ranges(sides: int, sents: list[str], effects_of: EffectsReader) -> Chance | None:
    """"If you roll a 1, <effects>. Otherwise, <effects>." / "If the result is 4 or less
    (5 or greater), <effects>.": the results each sentence covers, as rows of a table ("~
    deals that much damage ...": the result, one row per result)."""
    branches: list[tuple[str, tuple[Effect, ...]]] = []
    left = set(range(1, sides + 1))
    for s in sents:
        low = _lower(s).rstrip(".")
        m = re.fullmatch(r"if (?:you roll an? (\d+)|the result is (\d+) or (less|greater|higher)),"
                         r" (.+)", low)
        if m and m[1]:
            lo = hi = int(m[1])
            text = m[4]
        elif m:
            n = int(m[2])
            lo, hi = (1, n) if m[3] == "less" else (n, sides)
            text = m[4]
        elif low.startswith("otherwise, ") and branches and left:
            lo, hi, text = 0, 0, low[len("otherwise, "):]
        else:
            return None
        per_result = " that much damage " in f" {text} "
        if per_result:  # "deals that much damage": the result (each result a row of its own)
            text = text.replace("that much damage", "1 damage")
        got = effects_of(text)
        if got is None or got[1] or not _plain(got[0]):
            return None
        if per_result:
            if not 1 <= lo <= hi <= sides or len(got[0]) != 1 \
                    or not isinstance(got[0][0], DamageEffect) or got[0][0].amount != Amount():
                return None
            left -= set(range(lo, hi + 1))
            branches.extend((f"range:{k}-{k}", (dataclasses.replace(got[0][0], amount=Amount(k)),))
                            for k in range(lo, hi + 1))
            continue
        if lo == 0:  # "otherwise": every result not covered yet, each a row of its own
            branches.extend((f"range:{k}-{k}", got[0]) for k in sorted(left))
            left.clear()
            continue
        if not 1 <= lo <= hi <= sides:
            return None
        left -= set(range(lo, hi + 1))
        branches.append((f"range:{lo}-{hi}", got[0]))
    return Chance("die", sides, tuple(branches)) if branches else None


def _table(sides: int, rows: str, effects_of: EffectsReader
           ) -> tuple[tuple[Effect, ...], bool] | None:
    """A die roll's table of results ("1—9 | Create a Treasure token. 10—19 | ... 20 | ..."):
    each row's effects for the results it covers (``"range:1-9"``), every result from 1 to
    ``sides`` covered once; all value: :class:`ValueOnly` "roll"."""
    parts = re.split(r"(?:^|\s)(\d+)(?:—(\d+))? \| ", " " + rows)
    branches: list[tuple[str, tuple[Effect, ...]]] = []
    covered: list[int] = []
    for k in range(1, len(parts) - 2, 3):
        lo, hi, text = int(parts[k]), int(parts[k + 1] or parts[k]), parts[k + 2].strip()
        got = effects_of(text)
        if got is None or got[1] or not _plain(got[0]) or lo > hi:
            return None
        covered.extend(range(lo, hi + 1))
        branches.append((f"range:{lo}-{hi}", got[0]))
    if sorted(covered) != list(range(1, sides + 1)):
        return None
    if all(isinstance(e, ValueOnly) for _, effects in branches for e in effects):
        return (ValueOnly("roll"),), False
    return (Chance("die", sides, tuple(branches)),), False


# ====================================================================== playing


def adversary(play: Any, controller: str) -> str:
    """Who makes a flip's or roll's result in the search: the adversary of ``controller``
    (the active player, or when ``controller`` is the active player the next player still
    in the game), so the result taken unstated is the worst for the ability's controller."""
    board = play.edit.base
    ap = board.active_player
    if controller != ap:
        return ap
    names = [p.name for p in board.players]
    k = names.index(controller) if controller in names else 0
    for name in names[k + 1:] + names[:k]:
        if play.state.in_game(name):
            return name
    return controller


def resolve(play: Any, f: Any, e: Chance, chosen: dict[str, Any]) -> str:
    """Resolve ``e`` for the ability ``f`` in the window being played (``play``: the
    resolver's ``_Play``): the result is asked as a ``Choice`` of the controller's adversary
    (module docstring) and recorded in ``chosen`` (``"coin"`` / ``"roll"``)."""
    from redzone.models.triggers.resolve import Choice

    what = "coin" if e.kind == "coin" else "roll"
    options: tuple[int, ...] = (tuple(range(e.n + 1)) if e.kind == "coin"
                                else tuple(range(1, e.n + 1)))
    got = play.choose(Choice(adversary(play, f.controller), what, f.source, f.ability.text,
                             options, f.trigger, random=True))
    k = int(got)
    chosen[what] = k
    lines: list[str] = []
    if e.kind == "coin":
        head = (f"{'heads' if any(w.startswith('all_') for w, _ in e.branches) else 'won'} "
                f"{k} of {e.n} (705)") if e.n > 1 else ("won the flip (705)" if k else
                                                         "lost the flip (705)")
        for when, effects in e.branches:
            times = {"win": int(k == e.n), "lose": int(k == 0), "each_win": k,
                     "all_heads": int(k == e.n), "all_tails": int(k == 0)}[when]
            for _ in range(times):
                lines.extend(play.effect(f, x, chosen) for x in effects)
        return "; ".join([head] + [x for x in lines if x])
    n = max(0, k + e.offset)
    for when, effects in e.branches:
        if when.startswith("range:"):  # a row of the table of results
            lo, _, hi = when[6:].partition("-")
            if int(lo) <= k <= int(hi):
                lines.extend(play.effect(f, x, chosen) for x in effects)
            continue
        for x in effects:
            lines.append(play.effect(f, dataclasses.replace(x, amount=Amount(n)), chosen))
    return "; ".join([f"rolled {k} (706)"] + [x for x in lines if x])


def is_random(choice: Any) -> bool:
    """Whether ``choice`` (a resolver ``Choice``) is a flip's, a roll's, or a mode or target
    chosen at random: the adversary's result, not a player's choice (``Choice.random``)."""
    return bool(getattr(choice, "random", False))


def assumed(resolved: Sequence[Resolved | Mapping[str, Any]], stated: Sequence[TriggerChoice],
            labels: dict[str, str] | None = None, worst_for: str | None = None) -> list[str]:
    """One warning per flip, roll, mode or target chosen at random of ``resolved`` (resolved
    abilities, or their JSON objects) whose result no ``stated`` item (the scenario's
    ``combat.trigger_choices``) gave. The line played took the result worst for the
    ability's controller (``damage``) or, with ``worst_for``, for the players whose value
    an AI answer proves (docs/ai.md). ``labels``: permanent id -> how to name it."""
    out = []
    for r in resolved:
        r = r.to_json() if isinstance(r, Resolved) else r
        got = r.get("choices")
        choices: Mapping[str, Any] = got if isinstance(got, Mapping) else {}
        source, window, trigger = str(r["source"]), str(r["window"]), r.get("trigger")
        for what in ("coin", "roll", "mode", "target", "chosen"):
            if what not in choices or (what in ("mode", "target")
                                       and "at random" not in str(r.get("text", ""))):
                continue
            if what == "chosen" and not _EXPLORES.search(str(r.get("text", ""))):
                continue  # h28: only an explore's card is no player's choice (explore.py)
            if any(i.source == source and i.window == window
                   and (i.trigger is None or i.trigger == trigger)
                   and getattr(i, what) is not None for i in stated):
                continue
            said = {"coin": f"{choices[what]} flip(s) won", "roll": f"a roll of {choices[what]}",
                    "mode": f"mode {choices[what]}", "target": f"target {choices[what]}",
                    "chosen": f"a {choices[what]} card" if choices[what] in ("land", "nonland")
                    else f"the clash {choices[what]}"}[what]
            clash = what == "chosen" and choices[what] in ("won", "lost")
            event = {"coin": "coin flip", "roll": "die roll", "mode": "mode chosen at random",
                     "target": "target chosen at random",
                     "chosen": "clash" if clash else "explored card"}[what]
            rule = {"coin": "705", "roll": "706", "mode": "700.2", "target": "603.3d",
                    "chosen": "701.30" if clash else "701.44"}[what]
            who = (labels or {}).get(source, source)
            if worst_for is None:
                out.append(f"warning: {who}'s {event} in the {window} window is not stated: {said} "
                           f"was assumed, the result worst for its controller (state it as "
                           f"combat.trigger_choices[].{what}; CR {rule})")
            else:
                out.append(f"warning: {who}'s {event} in the {window} window is not stated: the "
                           f"answer's line assumes {said}, the result worst for {worst_for}, so "
                           f"its value holds whatever the result (CR {rule}; docs/ai.md)")
    return out
