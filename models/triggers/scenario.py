"""What a scenario says about the triggered abilities of its combat (issue 21 §2;
docs/scenario-format.md, docs/triggers.md): where the combat stands and the choices given.

- ``combat.triggers_resolved``: the windows whose abilities have resolved (their effects are
  in the board as given); :func:`pending` gives the windows still to play before damage,
  :func:`trigger_warnings` says which default was assumed when the field is not given and
  the board has abilities it matters for.
- ``combat.trigger_choices``: targets, "may" and sacrifices stated by the scenario;
  :class:`ScenarioChoices` answers a window's :class:`~redzone.models.triggers.resolve.Choice`
  from them (refusing a choice that is not legal, 603.3d, 701.21), and
  :func:`check_trigger_choices` checks on the board that each names an ability that has such
  a choice in that window.

Errors are :class:`redzone.models.errors.ScenarioError` naming the field (exit status 2 in
every front end). Pure Python; never imports ortools.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from redzone.models.battlefield import Board, Permanent
from redzone.models.errors import ScenarioError, clip
from redzone.models.scenario.types import TRIGGER_WINDOWS, TriggerChoice, resolved_windows
from redzone.models.triggers.players import resolution_choice  # h16
from redzone.models.triggers import more_amounts  # h36
from redzone.models.triggers import more_control  # h39
from redzone.models.triggers.actions import CHOSEN
from redzone.models.triggers.board_effects import flat
from redzone.models.triggers.chance import Chance, is_random
from redzone.models.triggers.resolve import Choice, Chooser, triggers
from redzone.models.triggers.types import (Bolster, Clash, DividedDamage, EntersFromCard, Explore, Modes, Proliferate, Resolved,
                                            RingTempts,
                                           Sacrifice, TapAny, TapCost, TapOrUntap, TheyMay,
                                           TriggeredAbility, Unless)

__all__ = ["ScenarioChoices", "check_trigger_choices", "pending", "step_window",
           "trigger_warnings"]


def step_window(step: str) -> str:
    """The window name (:data:`~redzone.models.scenario.types.TRIGGER_WINDOWS`) of the
    abilities a combat damage step triggers (510.3): ``"first-strike"`` or ``"regular"``."""
    return "first-strike" if step == "first-strike" else "regular"


def pending(board: Board) -> tuple[str, ...]:
    """The windows of ``board``'s combat still to resolve before combat damage:
    ``"attack"`` and ``"block"`` not resolved (``combat.triggers_resolved``, or its default:
    :func:`redzone.models.scenario.types.resolved_windows`)."""
    combat = getattr(board.scenario, "combat", None)
    if combat is None:
        return ()
    done, _ = resolved_windows(combat)
    return tuple(w for w in ("attack", "block") if w not in done)


def _in_window(t: TriggeredAbility, window: str) -> bool:
    """Whether ``t`` may trigger in the scenario window ``window`` (a "dies" ability: in any
    window its creature may die in, 700.4)."""
    if t.window == "dies":
        return True
    if window in ("first-strike", "regular"):
        return t.window == "damage"
    return t.window == window


def _has_target(t: TriggeredAbility, up_to: bool = False) -> bool:
    for e in flat(t.effects):  # a mode's targets too
        who = getattr(e, "who", None)
        if who is not None and (who.kind.startswith("target") or who.kind == "any_target"):
            if not up_to or who.up_to:
                return True
        if isinstance(e, EntersFromCard) and e.what == "graveyard_card" and (not up_to or e.up_to):
            return True  # h8: a target card in a graveyard (entries.py)
    return False


def check_trigger_choices(board: Board) -> None:
    """Check each ``combat.trigger_choices`` item against ``board``: its source has a
    triggered ability of combat (one that is played) of that window with such a choice — a
    target (an "up to one" target for ``no_target``), "you may" (603.5) or a sacrifice
    (701.21). Raises :class:`ScenarioError` naming the item's field."""
    combat = getattr(board.scenario, "combat", None)
    for i, item in enumerate(getattr(combat, "trigger_choices", None) or ()):
        where = f"combat.trigger_choices[{i}]"
        perm = board.permanents.get(item.source)
        if perm is None:
            continue  # it left as the scenario was loaded (704.3): nothing to choose
        mine = [t for t in triggers(perm, board) if _in_window(t, item.window)]
        if not mine:
            raise ScenarioError(f"{where}.source", f"{perm.label} has no triggered ability of the "
                                                   f"{item.window} window that redzone plays")
        checks = (("target", item.target is not None, lambda t: _has_target(t), "a target"),
                  ("no_target", item.no_target, lambda t: _has_target(t, True), "an \"up to one\" target"),
                  ("may", item.may is not None,
                   lambda t: t.optional or any(isinstance(e, (Unless, TheyMay))  # h15: TheyMay
                                               for e in flat(t.effects)),
                   "a \"you may\" choice (or \"unless ... pays\", \"<player> may have ...\")"),
                  ("sacrifice", bool(item.sacrifice),
                   lambda t: any(isinstance(e, Sacrifice) for e in t.effects), "a sacrifice"),
                  ("mode", item.mode is not None,
                   lambda t: any(isinstance(e, Modes) for e in t.effects), "modes to choose"),
                  ("chosen", item.chosen is not None,
                   lambda t: any(isinstance(e, (Bolster, TapOrUntap, *CHOSEN, Explore, Clash, RingTempts))
                                 or resolution_choice(e)
                                 or isinstance(e, more_amounts.EFFECTS)  # h36: discover's card
                                 or isinstance(e, EntersFromCard) and e.what == "hand_card"
                                 or isinstance(e, more_control.EFFECTS)  # h39: a library card
                                 for e in flat(t.effects)),  # h28: an explore's card
                   "a choice made on resolution (bolster, amass, endure, connive, blight, tap or "
                   "untap, {X}, the legend rule, an explored card, a clash, a Ring-bearer, a "
                   "discovered card)"),
                  ("proliferate", item.proliferate is not None,
                   lambda t: any(isinstance(e, Proliferate) for e in flat(t.effects)), "a proliferate"),
                  ("tapped", item.tapped is not None,
                   lambda t: any(isinstance(e, (TapAny, TapCost)) for e in flat(t.effects)),
                   "creatures to tap (\"tap any number of ...\")"),
                  ("coin", item.coin is not None,  # h12
                   lambda t: any(isinstance(e, Chance) and e.kind == "coin" for e in flat(t.effects)),
                   "a coin flip"),
                  ("roll", item.roll is not None,
                   lambda t: any(isinstance(e, Chance) and e.kind == "die" for e in flat(t.effects)),
                   "a die roll"),
                  ("divided", item.divided is not None,
                   lambda t: any(isinstance(e, DividedDamage) for e in flat(t.effects)),
                   "damage to divide (601.2d)"),
                  ("targets", item.targets is not None,
                   lambda t: any(getattr(getattr(e, "who", None), "kind", "") == "target_set"
                                 for e in flat(t.effects)),
                   "a set of targets (\"up to two target creatures\")"))
        for field, given, has, what in checks:
            if given and not any(has(t) for t in mine):
                raise ScenarioError(f"{where}.{field}", f"no triggered ability of {perm.label} in the "
                                                         f"{item.window} window has {what}")


class ScenarioChoices:
    """The scenario's ``combat.trigger_choices`` for ``board``, as answers to the
    :class:`~redzone.models.triggers.resolve.Choice` points of a window.

    :meth:`chooser` gives, for one run of a window, a :data:`Chooser` that answers from the
    items (each item answers its ability's target, "may" and sacrifices once, in the order
    they are asked) and asks ``fallback`` for anything else — or, with no fallback (a check
    command), raises :class:`ScenarioError` (field ``combat.trigger_choices``) saying which
    choice is missing and its options. A stated choice that is not among the options is a
    :class:`ScenarioError` too (603.3d: not a legal target; 701.21a: not a permanent that
    player controls). :meth:`verify` checks, after the run, a target the window picked
    itself (its only legal target) against the one stated."""

    def __init__(self, board: Board) -> None:
        combat = getattr(board.scenario, "combat", None)
        items: Sequence[TriggerChoice] = getattr(combat, "trigger_choices", None) or ()
        self.items: list[tuple[int, TriggerChoice]] = list(enumerate(items))
        self.labels = {pid: p.label for pid, p in board.permanents.items()}

    def __bool__(self) -> bool:
        return bool(self.items)

    def _label(self, pid: str) -> str:
        return self.labels.get(pid, pid)

    def chooser(self, window: str, fallback: Chooser | None) -> _Answers:
        """A fresh :data:`Chooser` for one run of ``window`` (a name of
        :data:`~redzone.models.scenario.types.TRIGGER_WINDOWS`)."""
        assert window in TRIGGER_WINDOWS, window
        return _Answers(self, window, fallback)

    def unused(self, resolved: Sequence[Resolved]) -> list[str]:
        """One warning per item no ability of its source resolved in its window on the
        line played (``resolved``: what resolved, damage windows named by their step):
        the ability didn't trigger there, so the stated choice was not used."""
        out = []
        for i, item in self.items:
            mine = [r for r in resolved if r.source == item.source and r.window == item.window
                    and (item.trigger is None or r.trigger == item.trigger)]
            if not mine:
                out.append(f"warning: combat.trigger_choices[{i}] was not used: no triggered ability "
                           f"of {self._label(item.source)} resolved in the {item.window} window")
            elif item.target is not None and not any("target" in r.choices or "card" in r.choices
                                                     for r in mine):
                # e.g. a mode without a target chosen (700.2, 603.3c): the target goes unused
                out.append(f"warning: combat.trigger_choices[{i}].target was not used: the "
                           f"ability of {self._label(item.source)} that resolved in the "
                           f"{item.window} window chose no target")
        return out

    def wrap(self, window: str, run: Callable[[Chooser], Any]) -> Callable[[Chooser], Any]:
        """``run(chooser)`` (one run of a window, returning its
        :class:`~redzone.models.triggers.resolve.Outcome`) answering the scenario's choices
        first and asking the given chooser for the rest; the outcome is :meth:`verify`-ed."""
        if not self.items:
            return run

        def wrapped(chooser: Chooser) -> Any:
            answers = self.chooser(window, chooser)
            out = run(answers)
            answers.verify(out.resolved)
            return out
        return wrapped


class _Answers:
    """One run of a window answered from :class:`ScenarioChoices` (see there)."""

    def __init__(self, given: ScenarioChoices, window: str, fallback: Chooser | None) -> None:
        self.given = given
        self.window = window
        self.fallback = fallback
        self.mine = [(i, it) for i, it in given.items if it.window == window]
        self.used: dict[int, set[str]] = {i: set() for i, _ in self.mine}
        self.sacrificed: dict[int, int] = {i: 0 for i, _ in self.mine}

    def _matches(self, item: TriggerChoice, c: Choice) -> bool:
        return item.source == c.source and (item.trigger is None or item.trigger == c.trigger)

    def __call__(self, c: Choice) -> Any:
        g = self.given
        for i, item in self.mine:
            if not self._matches(item, c):
                continue
            where = f"combat.trigger_choices[{i}]"
            if c.what == "target" and "target" not in self.used[i] and (item.target is not None
                                                                       or item.no_target):
                self.used[i].add("target")
                value = None if item.no_target else item.target
                if value not in c.options:
                    legal = ", ".join("no target" if o is None else str(o) for o in c.options)
                    raise ScenarioError(
                        f"{where}.{'no_target' if item.no_target else 'target'}",
                        f"{'no target' if value is None else repr(value)} is not a legal choice for "
                        f"{g._label(c.source)}'s ability {clip(c.text)} (legal: {legal}; CR 603.3d)")
                return value
            if c.what == "mode" and "mode" not in self.used[i] and item.mode is not None:
                # 700.2a, 603.3c: the modes, chosen as it is put on the stack
                self.used[i].add("mode")
                value = tuple(item.mode)
                if value not in c.options:
                    legal = "; ".join(", ".join(map(str, o)) for o in c.options)
                    raise ScenarioError(
                        f"{where}.mode",
                        f"mode {list(value)} is not a legal choice for {g._label(c.source)}'s "
                        f"ability {clip(c.text)} (legal: {legal}; CR 700.2, 603.3c)")
                return value
            if c.what == "proliferate" and item.proliferate is not None:
                # 701.34a: any number of those with counters, for each proliferate of it
                wrong = [x for x in item.proliferate if x not in c.among]
                if wrong:
                    raise ScenarioError(
                        f"{where}.proliferate[{item.proliferate.index(wrong[0])}]",
                        f"{wrong[0]!r} has no counter to proliferate for {g._label(c.source)}'s "
                        f"ability {clip(c.text)} (those with counters: {', '.join(c.among)}; "
                        f"CR 701.34a)")
                return tuple(x for x in c.among if x in item.proliferate)
            if c.what == "chosen" and "chosen" not in self.used[i] and item.chosen is not None:
                # a choice made on resolution (608.2d): bolster's creature (701.39a), an
                # explored card's kind (701.44a), a clash's result (701.30), a Ring-bearer ...
                self.used[i].add("chosen")
                if item.chosen not in c.options:
                    raise ScenarioError(
                        f"{where}.chosen",
                        f"{item.chosen!r} can't be chosen for {g._label(c.source)}'s ability "
                        f"{clip(c.text)} (it chooses one of: {', '.join(map(str, c.options))}; "
                        f"CR 608.2d)")
                return item.chosen
            if c.what == "tapped" and "tapped" not in self.used[i] and item.tapped is not None:
                # h9: "tap any number of untapped creatures you control", one set
                self.used[i].add("tapped")
                wrong = [x for x in item.tapped if x not in c.among]
                if wrong:
                    raise ScenarioError(
                        f"{where}.tapped[{item.tapped.index(wrong[0])}]",
                        f"{wrong[0]!r} can't be tapped for {g._label(c.source)}'s ability "
                        f"{clip(c.text)} (untapped creatures it may tap: {', '.join(c.among)})")
                return next((o for o in c.options if sorted(o) == sorted(set(item.tapped))),
                            tuple(x for x in c.among if x in item.tapped))
            if c.what in ("coin", "roll") and c.what not in self.used[i] \
                    and getattr(item, c.what) is not None:  # h12: a flip's or roll's result
                self.used[i].add(c.what)
                value = getattr(item, c.what)
                if value not in c.options:
                    raise ScenarioError(
                        f"{where}.{c.what}",
                        f"{value!r} is not a possible result for {g._label(c.source)}'s ability "
                        f"{clip(c.text)} (from {c.options[0]} to {c.options[-1]}; CR "
                        f"{'705' if c.what == 'coin' else '706'})")
                return value
            if c.what == "targets" and "targets" not in self.used[i] and item.targets is not None:
                # h14: a set of targets (603.3d)
                self.used[i].add("targets")
                want = sorted(set(item.targets))
                got_set = next((o for o in c.options if sorted(o) == want), None)
                if got_set is None or len(want) != len(item.targets):
                    raise ScenarioError(
                        f"{where}.targets",
                        f"{item.targets} is not a legal set of targets for {g._label(c.source)}'s "
                        f"ability {clip(c.text)} (up to {max(len(o) for o in c.options)} of: "
                        f"{', '.join(c.among)}; CR 603.3d)")
                return got_set
            if c.what == "divided" and "divided" not in self.used[i] and item.divided is not None:
                # h14: the targets and the division, chosen as it is put on the stack (601.2d)
                self.used[i].add("divided")
                want = dict(item.divided)
                got = next((o for o in c.options if dict(o) == want), None)
                if got is None:
                    raise ScenarioError(
                        f"{where}.divided",
                        f"{want} is not a legal division for {g._label(c.source)}'s ability "
                        f"{clip(c.text)} (each of 1 to as many targets as it allows, among: "
                        f"{', '.join(c.among)}, at least 1 damage, all of it divided; CR 601.2d)")
                return got
            if c.what in ("may", "pay") and "may" not in self.used[i] and item.may is not None:
                self.used[i].add("may")
                return item.may
            if c.what == "sacrifice" and item.sacrifice and not self.sacrificed[i]:
                # 701.21a: the player chooses the whole set at once.
                self.sacrificed[i] = 1
                picks = tuple(item.sacrifice)
                size = len(c.options[0]) if c.options else 0
                wrong = [p for p in picks if p not in c.among]
                if wrong or len(set(picks)) != size:
                    j = item.sacrifice.index(wrong[0]) if wrong else 0
                    raise ScenarioError(
                        f"{where}.sacrifice" + (f"[{j}]" if wrong else ""),
                        (f"{wrong[0]!r} can't be sacrificed" if wrong else
                         f"{len(set(picks))} permanent(s) named where {size} must be sacrificed")
                        + f" by {c.player} to {g._label(c.source)}'s ability (they sacrifice "
                        f"{size} of: {', '.join(map(str, c.among))}; CR 701.21a)")
                return picks
        if self.fallback is None and c.what in ("exert", "enlist", "myriad", "attacked", "search"):
            opts = ", ".join("none" if o is None else str(o) for o in c.options)
            how = {"exert": f"state it on the permanent: conditions: {{exerted: true}} or {{exerted: false}}",
                   "enlist": "state conditions: {enlisted: false} on the permanent to decline",
                   "myriad": "the scenario has no field for it",
                   "attacked": "the scenario has no field for it",
                   "search": "the scenario has no field for it"}[c.what]
            raise ScenarioError(
                "combat.trigger_choices",
                f"{c.player} chooses the {c.what} of {g._label(c.source)} ({clip(c.text)}) as it "
                f"attacks, and the scenario doesn't say it: {how} (options: {opts})")
        if self.fallback is None and is_random(c):  # h12: no player's choice
            opts = ", ".join(str(list(o)) if c.what == "mode" else str(o) for o in c.options)
            raise ScenarioError(
                "combat.trigger_choices",
                f"the {'result' if c.what in ('coin', 'roll') else c.what + ' chosen at random'} "
                f"of {g._label(c.source)}'s ability {clip(c.text)} in the {self.window} window is "
                f"not stated: add {{source: {c.source}, window: {self.window}, {c.what}: ...}} "
                f"(possible: {opts})")
        if self.fallback is None:
            opts = ", ".join("no target" if o is None else str(list(o)) if c.what == "mode" else str(o)
                             for o in c.options)
            trig = f" (triggered by {g._label(c.trigger)})" if c.trigger and c.trigger != c.source else ""
            raise ScenarioError(
                "combat.trigger_choices",
                f"{c.player} chooses the {c.what} of {g._label(c.source)}'s ability {clip(c.text)}"
                f"{trig} in the {self.window} window, and the scenario doesn't say it: add "
                f"{{source: {c.source}, window: {self.window}, {c.what}: ...}} (options: {opts})")
        return self.fallback(c)

    def verify(self, resolved: Sequence[Resolved]) -> None:
        """A target stated for an ability that the window chose by itself (its only legal
        target, 603.3d) must be that target."""
        for i, item in self.mine:
            if item.target is None or "target" in self.used[i]:
                continue
            for r in resolved:
                if r.source != item.source or (item.trigger is not None and r.trigger != item.trigger):
                    continue
                key = "card" if "card" in r.choices else "target"  # h8: a card's (entries.py)
                got = r.choices.get(key)
                if key in r.choices and got != item.target:
                    raise ScenarioError(
                        f"combat.trigger_choices[{i}].target",
                        f"{item.target!r} is not a legal target of {self.given._label(item.source)}'s "
                        f"ability {clip(r.text)}: its only legal target is {got!r} (CR 603.3d)")
                if r.result.startswith("removed: no legal target"):
                    raise ScenarioError(
                        f"combat.trigger_choices[{i}].target",
                        f"{item.target!r} is not a legal target of {self.given._label(item.source)}'s "
                        f"ability {clip(r.text)}: it has none (CR 603.3d)")


def _with_window(board: Board, window: str) -> list[Permanent]:
    """The permanents with a triggered ability of ``window`` that can trigger in this combat:
    one watching its own event ("whenever ~ attacks", "blocks") or the creature it is
    attached to only when that creature is in the combat (508.1m, 509.1i, 603.2: a creature
    that isn't attacking has no attack trigger; the new-user trial found the warning naming
    one)."""
    combat = getattr(board.scenario, "combat", None)
    fighting = set(combat.attackers) | set(combat.blockers) if combat is not None else set()

    def can(p: Permanent, t: Any) -> bool:
        kind = getattr(getattr(t, "watch", None), "kind", None)
        if kind == "self":
            return p.id in fighting
        if kind == "attached":
            return p.attached_to in fighting
        return True

    return [p for p in board.permanents.values()
            if any(t.window == window and can(p, t) for t in triggers(p, board))]


def trigger_warnings(board: Board) -> list[str]:
    """One warning when the scenario doesn't say where its combat stands
    (``combat.triggers_resolved`` not given) and the default assumed matters: blockers are
    declared while some permanent has an attack trigger (taken as resolved, its effects in
    the board as given) or a block trigger (taken as still to resolve: ``damage`` resolves
    it); after the first-strike damage step (``first_strike_dealt``), a permanent with a
    block or damage trigger (both taken as resolved). Returns ``[]`` or one line."""
    combat = getattr(board.scenario, "combat", None)
    if combat is None or not combat.attackers:
        return []
    done, stated = resolved_windows(combat)
    if stated:
        return []
    parts: list[str] = []

    def names(perms: list[Permanent]) -> str:
        shown = [p.label for p in perms[:4]]
        return ", ".join(shown) + (", ..." if len(perms) > 4 else "")

    if "first-strike" in done:
        later = _with_window(board, "block") + [p for p in _with_window(board, "damage")
                                                if p not in _with_window(board, "block")]
        if later:
            parts.append(f"the first-strike damage step is over (first_strike_dealt), so the "
                         f"attack, block and first-strike triggers ({names(later)}) are taken as "
                         f"resolved, their effects in the board as given")
    elif "attack" in done:
        attack = _with_window(board, "attack")
        block = _with_window(board, "block")
        if attack:
            parts.append(f"blockers are declared, so the attack triggers ({names(attack)}) are "
                         f"taken as resolved, their effects in the board as given")
        if block:
            parts.append(f"the block triggers ({names(block)}) are taken as still to resolve")
    if not parts:
        return []
    return ["warning: combat.triggers_resolved is not given: " + "; ".join(parts)
            + " (say where the combat stands, e.g. triggers_resolved: [attack] or [attack, block]; "
              "docs/scenario-format.md)"]
