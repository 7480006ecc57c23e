"""Reading effects of combat triggers that change the battlefield later or elsewhere (CR 603.7
delayed triggered abilities, 502.3 untap steps, 510.1 damage assignment; docs/triggers.md,
"Effects"): "sacrifice it at end of combat", "return that creature to its owner's hand at end
of combat", "remove a +1/+1 counter from it at end of combat", "~ assigns no combat damage this
turn", "that creature doesn't untap during its controller's next untap step".

:func:`read_clause` is called by :mod:`redzone.models.triggers.parse` for one effect clause
(no final period); it gets the parser's reference resolver (``refs``: ``obj``, ``player``,
``r``) and its sentence reader (``sentence``) for the effects a delayed ability wraps, so this
module imports no parser code. What it returns is resolved by
:mod:`redzone.models.triggers.resolve`. Pure Python.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from typing import Any

from redzone.models.counter_limits import may_get  # h38
from redzone.models.ability_base import Quality
from redzone.models.condition_keys import DOESNT_UNTAP, GOADED
from redzone.models.triggers import if_tests  # h25: a sacrifice as the price of "unless"
from redzone.models.triggers import more_amounts  # h36: modes not chosen this turn
from redzone.models.triggers.types import (
    flat_effects,
    Amount,
    AtEndOfCombat,
    Counters,
    DamageEffect,
    Destroy,
    Bolster,
    DoesntUntap,
    Double,
    Effect,
    Goad,
    LifeEffect,
    Modes,
    MoveCounters,
    NoCombatDamage,
    Pay,
    Proliferate,
    CounterChange,
    Sacrifice,
    TapEffect,
    Unless,
    ValueOnly,
    Who,
)

__all__ = ["DELAYED", "DOESNT_UNTAP", "EFFECTS", "GOADED", "NO_COMBAT_DAMAGE", "THIS_TURN", "available", "can_pay",
           "choose_mode", "delayed_of", "flat", "join_modes", "modal_read", "paid", "pay",
           "read_clause", "read_cost", "read_delayed", "read_modes", "read_tap_and_hold",
           "reflexive", "resolve"]

_SELF = Who("source")
_GONE = ("dies", "leaves")

Reader = Callable[[str], "tuple[Effect, ...] | None"]

_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}

EFFECTS = (AtEndOfCombat, Bolster, DoesntUntap, Double, Goad, MoveCounters, NoCombatDamage, Pay,
           Proliferate, Unless)
"""The effect classes :func:`resolve` plays."""

_DELAYED_OK = (Destroy, Counters, CounterChange, DamageEffect, LifeEffect)
"""What a delayed "at end of combat" ability may do here: what the end of combat step
(:func:`redzone.models.triggers.resolve.end_of_combat`) plays on the state."""


def read_delayed(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """:func:`read_tap_and_hold`, "return the exiled card to its owner's hand" (a value),
    or "<effect> at end of combat" / "at end of combat, <effect>" (a delayed triggered
    ability, 603.7, done in the end of combat step, 511.2), or ``None``. "Destroy / exile X
    at end of combat" is the parser's own (:class:`Destroy` ``at_end_of_combat``)."""
    got = (read_tap_and_hold(s, refs) or read_damage(s, refs) or read_unless(s, refs, sentence)
           or read_untap_permanent(s))
    if got is not None:
        return got
    if re.fullmatch(r"(?:return|put) the exiled cards? (?:to|into) (?:its|their) owners?'s? "
                    r"hands?", s):
        # a card from exile to a hand (Tidehollow Sculler, Champion of the Clachan): a value
        return (ValueOnly("return to hand"),)
    m = re.fullmatch(r"at end of combat, (.+)", s) or re.fullmatch(r"(.+?) at end of combat", s)
    if not m or re.match(r"(?:destroy|exile) ", s):
        return None
    if refs.r.event in _GONE:
        return None  # its objects left with the event: not read
    inner = sentence(m[1])
    if inner is None or not all(isinstance(e, _DELAYED_OK) for e in inner):
        return None
    if any(isinstance(e, Destroy) and e.at_end_of_combat for e in inner):
        return None
    return (AtEndOfCombat(inner),)


_NO_UNTAP = (r"(?:doesn't|don't) untap during (?:its|their) controllers?'s? next untap steps?")


def read_tap_and_hold(s: str, refs: Any) -> tuple[Effect, ...] | None:
    """"tap X and it doesn't untap during its controller's next untap step" ("it" is X), or
    ``None``."""
    m = re.fullmatch(r"tap (.+?) and (?:it|they) " + _NO_UNTAP, s)
    if not m:
        return None
    who = refs.obj(m[1])
    return None if who is None else (TapEffect(who), DoesntUntap(who))


_ATTACKING = ("attacks", "attacks_alone", "becomes_blocked", "unblocked", "blocked_by")
"""Events whose creature is attacking ("the player or planeswalker it's attacking")."""

_OR_WALKER = {"player": "target_player", "opponent": "target_opponent", "creature": "target_creature"}


def read_damage(s: str, refs: Any) -> tuple[Effect, ...] | None:
    """"~ / it deals N (that much, damage equal to its power) damage to target player /
    opponent / creature or planeswalker [an opponent controls / you don't control]" (and
    "have ~ deal ..."): a :class:`DamageEffect` whose target may be a planeswalker too
    (``Who.also_types``), or ``None``. "It" must be the source (the damage is the source's)."""
    m = re.fullmatch(r"(~|it) deals? (\d+) damage to the player or planeswalker it's attacking", s)
    if m and (m[1] == "~" or refs.r.it == _SELF) and refs.r.event in _ATTACKING:
        return (DamageEffect(Who("attacked"), Amount(int(m[2]))),)
    m = re.fullmatch(r"(?:have )?(~|it) deals? (\d+|that much|damage equal to (?:its|~'s) power) "
                     r"(?:damage )?to target (player|opponent|creature) or planeswalker"
                     r"( an opponent controls| you don't control)?", s)
    if not m or (m[1] == "it" and refs.r.it != _SELF):
        return None
    if m[2] == "that much":
        if refs.r.event not in ("combat_damage_player", "combat_damage_creature", "combat_damage",
                                "dealt_damage", "deals_damage"):
            return None
        amount = Amount(1, "damage_dealt")
    elif m[2].startswith("damage equal"):
        if refs.r.it != _SELF:
            return None
        amount = Amount(1, "power")  # 608.2h: as it resolves, or as it last existed
    else:
        amount = Amount(int(m[2]))
    if m[4] and m[3] != "creature":
        return None
    ctl = "opponents" if m[4] else "any"
    who = Who(_OR_WALKER[m[3]], ctl, also_types=("Planeswalker",))  # type: ignore[arg-type]
    return (DamageEffect(who, amount),)


_PERMANENT_TYPES = ("Artifact", "Enchantment", "Land", "Planeswalker", "Battle")
_UNTAP_TARGETS = {
    "permanent": ("", _PERMANENT_TYPES), "nonland permanent": ("", ("Artifact", "Enchantment",
                                                                    "Planeswalker", "Battle")),
    "creature or land": ("", ("Land",)), "artifact or creature": ("", ("Artifact",)),
    "artifact": ("Artifact", ("Artifact",))}


def read_untap_permanent(s: str) -> tuple[Effect, ...] | None:
    """"untap target permanent / nonland permanent / creature or land / artifact or creature
    / artifact" (701.26): a target among creatures and permanents of those types
    (``Who.also_types``; "target artifact": artifact creatures and other artifacts), or
    ``None``."""
    m = re.fullmatch(r"untap target (permanent|nonland permanent|creature or land|"
                     r"artifact or creature|artifact)", s)
    if not m:
        return None
    only, types = _UNTAP_TARGETS[m[1]]
    quals = (Quality(types=(only,)),) if only else ()
    return (TapEffect(Who("target_creature", qualities=quals, also_types=types), untap=True),)


def read_unless(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """"E unless you pay C", "E unless its (that creature's) controller pays C", "P loses N
    life unless they pay C" (118.12), or ``None``."""
    m = re.fullmatch(r"(.+?) unless (you pay|(?:its|that creature's) controller pays|they pay) (.+)", s)
    if not m:
        return None
    cost = read_cost(m[3])
    if cost is None:
        return None
    inner = sentence(m[1])
    if inner is None or any(isinstance(e, (Pay, Unless)) for e in inner):
        return None
    if m[2] == "you pay":
        payer: Who | None = Who("you")
    elif m[2] == "they pay":
        subject = re.match(r"(.+?) (?:loses|gains|sacrifices) ", m[1])
        payer = refs.player(subject[1]) if subject else None
    else:
        payer = refs.player("that creature's controller")
    if payer is None:
        return None
    return (Unless(payer, cost, inner),)


def read_clause(s: str, refs: Any) -> tuple[Effect, ...] | None:
    """One clause of this module's effects, or ``None``."""
    m = re.fullmatch(r"put (?:its|those) (\+1/\+1 )?counters on (.+)", s)
    if m and refs.r.event in _GONE and refs.r.it is not None:
        # the counters it had as it last existed (608.2h); h14: "those counters" (after "if
        # it had counters on it"), "its +1/+1 counters"
        who = refs.obj(m[2])
        return None if who is None else (MoveCounters(who, refs.r.it, (m[1] or "").strip()),)
    m = re.fullmatch(r"double (its|~'s) power( and toughness)? until end of turn", s)
    if m:  # 701.10
        who = refs.obj("~" if m[1] == "~'s" else "it")
        return None if who is None else (Double(who, bool(m[2])),)
    m = re.fullmatch(r"double the power( and toughness)? of (.+?) until end of turn", s)
    if m:
        who = refs.obj(m[2])
        return None if who is None else (Double(who, bool(m[1])),)
    m = re.fullmatch(r"sacrifice (a|an|another) (land|artifact|Food|Blood token|nonland permanent)", s)
    if m:  # the controller's choice of one of theirs (701.21a); zones.may_sacrifice filters
        if m[2] == "nonland permanent":
            return (Sacrifice(Who("you"), Amount(1), other=m[1] == "another", exclude_types=("Land",)),)
        kind = {"land": Quality(types=("Land",)), "artifact": Quality(types=("Artifact",)),
                "Food": Quality(subtypes=("Food",)), "Blood token": Quality(subtypes=("Blood",))}[m[2]]
        return (Sacrifice(Who("you"), Amount(1), other=m[1] == "another", kinds=(kind,)),)
    m = re.fullmatch(r"(.+?) sacrifices? a land(?: of their choice)?", s)
    if m:  # each player's own choice (701.21a)
        land = (Quality(types=("Land",)),)
        if m[1] == "each player":
            return (Sacrifice(Who("you"), Amount(1), kinds=land),
                    Sacrifice(Who("each_opponent"), Amount(1), kinds=land))
        who = refs.player(m[1])
        if who is None or who.kind == "you":
            return None
        return (Sacrifice(who, Amount(1), kinds=land),)
    m = re.fullmatch(r"goad (.+)", s)
    if m:  # 701.15a
        who = refs.obj(m[1])
        return None if who is None else (Goad(who),)
    m = re.fullmatch(r"proliferate(?: (twice)|, then proliferate again)?", s)
    if m:  # 701.34a
        return (Proliferate(2 if m[1] or s.endswith("again") else 1),)
    m = re.fullmatch(r"bolster (\d+)", s)
    if m:  # 701.39a
        return (Bolster(int(m[1])),)
    m = re.fullmatch(r"pay (.+)", s)
    if m:  # "you may pay ...": checked by :func:`paid`
        cost = read_cost(m[1])
        return None if cost is None else (cost,)
    m = re.fullmatch(r"(.+?) assigns? no combat damage this turn", s)
    if m:  # 510.1: it deals no combat damage; it is still in combat
        who = _it(m[1], refs)
        return None if who is None else (NoCombatDamage(who),)
    m = re.fullmatch(r"(.+?) " + _NO_UNTAP, s)
    if m:
        who = _it(m[1], refs)
        return None if who is None else (DoesntUntap(who),)
    m = re.fullmatch(r"remove (a|an|one|two|three) (\+1/\+1|-1/-1) counters? from (.+)", s)
    if m:
        who = refs.obj(m[3])
        if who is None:
            return None
        return (CounterChange(who, m[2], "remove", Amount(_COUNT[m[1]])),)
    return None


def _it(words: str, refs: Any) -> Who | None:
    """The creature ``words`` name: "~", "this creature", "that creature", or "it" when it
    can only mean the subject of the trigger condition (not where "that creature" names
    another one: "tap that creature. It doesn't untap ..." is that creature)."""
    words = words.strip()
    if words in ("it", "he", "she", "they") and refs.r.that_creature is not None:
        return None
    return refs.obj("it" if words in ("he", "she") else words)


# ----------------------------------------------------------------- resolving (603.7, 502.3, 510.1)

NO_COMBAT_DAMAGE = "assigns no combat damage"
"""The ``conditions`` key of a creature that assigns no combat damage this turn (read by
:func:`redzone.models.damage_rules.damage_problem`)."""

# DOESNT_UNTAP: the ``conditions`` key of a permanent that doesn't untap during its
# controller's next untap step (502.3; models/condition_keys.py, read by the AI's next turn).

DELAYED = "at end of combat: "
"""The prefix of a ``conditions`` key of the source of a delayed "at end of combat" ability:
the rest is JSON ``[text, effect index, trigger id, target, fixed object ids per effect]``."""

# GOADED: the prefix of the ``conditions`` key of a creature goaded by a triggered ability
# (701.15a; models/condition_keys.py, read by models/attack_rules.py).


TRIGGERED_THIS_TURN = "triggered this turn"
"""h23: the ``conditions`` key of a permanent whose "triggers only once each turn" ability
triggered this turn (the scenario may state it; token_copies.once_each_turn puts it on)."""


class _ThisTurn:
    """The ``conditions`` keys this module's effects put on for this turn (``in``: a key is
    one of them): no combat damage, doesn't untap, goaded by a player."""

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and (key in (NO_COMBAT_DAMAGE, DOESNT_UNTAP, TRIGGERED_THIS_TURN)
                                         or key.startswith(GOADED))


THIS_TURN = _ThisTurn()

_OBJECT_KINDS = ("source", "trigger", "target_creature", "each_creature", "attacking", "blockers",
                 "blocked", "damaged", "group", "those", "created", "target_set")


def resolve(play: Any, f: Any, e: Effect, chosen: dict[str, Any]) -> str:
    """Resolve one of this module's effects in the window being played (``play``: the
    resolver's ``_Play``; ``f``: the ``Fired`` ability): a line of what it did."""
    state = play.state
    if isinstance(e, Pay):
        return pay(play, f, e, chosen)
    if isinstance(e, Goad):
        ids = play.objects(f, e.who, chosen)
        key = GOADED + f.controller
        for pid in ids:
            perm = play.edit.perm(pid)
            play.edit.put(dataclasses.replace(perm, conditions={**perm.conditions, key: True}))
        return ", ".join(f"{pid} is goaded by {f.controller} (701.15a; until their next turn)"
                         for pid in ids) or "no creature"
    if isinstance(e, Bolster):
        return _bolster(play, f, e, chosen)
    if isinstance(e, Unless):
        return _unless(play, f, e, chosen)
    if isinstance(e, Proliferate):
        return "; ".join(_proliferate(play, f, chosen) for _ in range(e.times))
    if isinstance(e, Double):
        from redzone.models.triggers.resolve import _pumped

        out = []
        for pid in play.objects(f, e.who, chosen):
            dp = state.power(play.board, pid)  # 701.10: +X/+0, X its power now
            dt = state.toughness(play.board, pid) if e.toughness else 0
            play.edit.put(_pumped(play.edit.perm(pid), dp, dt))
            out.append(f"{pid} gets {dp:+d}/{dt:+d}")
        return ", ".join(out) or "no creature"
    if isinstance(e, MoveCounters):
        of = f.source if e.of.kind == "source" else f.trigger  # as it last existed (608.2h)
        had = {k: n for k, n in state.counters.get(of, {}).items() if n > 0
               and (not e.kind or k == e.kind)} if of else {}
        if not had:
            return "no counters to put"
        lines = []
        for kind, n in had.items():
            lines.append(play.effect(f, Counters(e.who, kind, Amount(n)), chosen))
        return "; ".join(lines)
    if isinstance(e, (NoCombatDamage, DoesntUntap)):
        key = NO_COMBAT_DAMAGE if isinstance(e, NoCombatDamage) else DOESNT_UNTAP
        ids = play.objects(f, e.who, chosen)
        for pid in ids:
            perm = play.edit.perm(pid)
            play.edit.put(dataclasses.replace(perm, conditions={**perm.conditions, key: True}))
        what = ("assigns no combat damage this turn (510.1)" if key == NO_COMBAT_DAMAGE else
                "doesn't untap during its controller's next untap step (502.3)")
        return ", ".join(f"{pid} {what}" for pid in ids) or "no creature"
    if isinstance(e, AtEndOfCombat):
        # 603.7c: the objects are fixed now; at end of combat one that left is not affected
        fixed = [play.objects(f, who, chosen)
                 if (who := getattr(inner, "who", None)) is not None and who.kind in _OBJECT_KINDS
                 else None for inner in e.effects]
        j = f.ability.effects.index(e)
        key = DELAYED + json.dumps([f.ability.text, j, f.trigger, chosen.get("target"), fixed])
        perm = play.edit.perm(f.source)
        play.edit.put(dataclasses.replace(perm, conditions={**perm.conditions, key: True}))
        return "at end of combat (603.7): " + "; ".join(
            _describe(inner, ids) for inner, ids in zip(e.effects, fixed))
    return "not played"


def _describe(e: Effect, ids: list[str] | None) -> str:
    what = type(e).__name__
    if isinstance(e, Destroy):
        what = "sacrifice" if e.sacrifice else "leave the battlefield" if e.exile else "destroy"
    elif isinstance(e, (Counters, CounterChange)):
        what = ("put " if isinstance(e, Counters) else "double" if e.mode == "double"
                else "remove ") + ("" if isinstance(e, CounterChange) and e.mode == "double"
                                   else f"{e.amount.n} {e.kind}")
    elif isinstance(e, DamageEffect):
        what = "damage"
    elif isinstance(e, LifeEffect):
        what = "life"
    return what + (f" ({', '.join(ids) or 'nothing'})" if ids is not None else "")


def delayed_of(perm: Any) -> list[tuple[str, int, str | None, Any, list[list[str] | None]]]:
    """The delayed "at end of combat" abilities ``perm`` is the source of, in the order they
    were created: (text, effect index, trigger id, target, fixed ids per effect)."""
    out = []
    for key, on in perm.conditions.items():
        if on and key.startswith(DELAYED):
            text, j, trigger, target, fixed = json.loads(key[len(DELAYED):])
            out.append((text, j, trigger, target, fixed))
    return out


# ----------------------------------------------------------------- "you may pay ..." (118.3, 119.4)

_SYMBOL = re.compile(r"\{([^}]*)\}")


def read_cost(words: str) -> Pay | None:
    """A cost of "you may pay <cost>": mana symbols ({2}, {R}, {W/B}, {C}: each coloured or
    hybrid symbol one mana), energy symbols ({E}{E}), "N life", or mana "and N life";
    ``None`` for anything else ({X}, Phyrexian or snow mana, "any amount", "eight {E}")."""
    m = re.fullmatch(r"(\d+) life", words)
    if m:
        return Pay(life=int(m[1]))
    m = re.fullmatch(r"((?:\{[^}]+\})+)(?: and (\d+) life)?", words)
    if not m:
        return None
    mana = energy = 0
    for sym in _SYMBOL.findall(m[1]):
        if sym.isdigit():
            mana += int(sym)
        elif sym == "E":
            energy += 1
        elif re.fullmatch(r"[WUBRGC]|[WUBRG]/[WUBRG]", sym):
            mana += 1
        else:
            return None
    if energy and (mana or m[2]):
        return None
    return Pay(mana, energy, int(m[2] or 0))


def reflexive(sent: str, effects: list[Effect]) -> bool:
    """Whether ``sent`` is the reflexive "When you do, ..." (603.12) of a payment just read:
    it is done only if the payment was, as "If you do" (the targets are chosen with the
    ability here, before the payment: with no legal target nobody pays, which the payment
    could not have changed)."""
    from redzone.models.triggers.types import TapCost

    # h14: a tap cost or a sacrifice too ("you may tap another untapped Merfolk you control.
    # When you do, ...", "you may sacrifice a nonland permanent. When you do, ...")
    return sent.startswith("when you do, ") and bool(effects) and (
        isinstance(effects[0], Pay) or len(effects) == 1 and isinstance(effects[0], (TapCost, Sacrifice)))


def paid(effects: tuple[Effect, ...], optional: bool) -> tuple[tuple[Effect, ...], bool] | None:
    """The effects of an ability with a payment checked: a payment only as the first effect
    of a "you may" (``None`` otherwise); paying only for value-only effects ("you may pay
    {2}. If you do, draw a card") is read as a value: paying changes nothing in combat but
    what is paid, so the play never pays (no choice is searched)."""
    from redzone.models.triggers.types import ValueOnly

    pays = [i for i, e in enumerate(effects) if isinstance(e, Pay)]
    if not pays:
        return effects, optional
    if pays != [0] or not optional:
        return None
    if all(isinstance(e, ValueOnly) for e in effects[1:]):
        return (ValueOnly("paid for value: not paid"),), False
    return effects, optional


def available(play: Any, player: str) -> tuple[int, int, int]:
    """What ``player`` can pay now: (mana, energy, life). Mana is the scenario's
    ``players[].mana`` less what triggered abilities took this combat and less the taxes of
    the attack or blocks declared (508.1h, 509.1d: paid before any of this combat's
    abilities resolve); energy ``players[].energy`` less what was paid; life the current
    total."""
    p = next((x for x in play.board.players if x.name == player), None)
    if p is None:
        return 0, 0, 0
    mana = p.mana - (_taxes(play, player) if p.mana > 0 else 0)
    return max(0, mana), p.energy, play.state.life.get(player, p.life)


def _taxes(play: Any, player: str) -> int:
    """The generic mana ``player``'s attack (the active player) or blocks cost (508.1h,
    509.1d), cached on the board for one declaration."""
    base = play.edit.base
    if player == base.active_player:
        key: Any = ("attack", player, tuple(sorted(play.attackers.items())))
    else:
        blocks = {b: list(a) for b, a in play.blockers.items()
                  if b in base.permanents and base.permanents[b].controller == player and a}
        if not blocks:
            return 0
        key = ("block", player, tuple(sorted((b, tuple(a)) for b, a in blocks.items())))
    cache = base.__dict__.setdefault("_h3_taxes", {})
    if key not in cache:
        if key[0] == "attack":
            from redzone.models.attack_problem import cost_of
            from redzone.models.attack_rules import attack_problem

            problem = attack_problem(base, player)
            cache[key] = cost_of(problem, {a: t for a, t in play.attackers.items()
                                           if a in problem.creatures})
        else:
            from redzone.models.block_problem import cost_of as block_cost
            from redzone.models.block_rules import block_problem

            problem = block_problem(base, player)
            cache[key] = block_cost(problem, {b: a for b, a in key[2]})
    return cache[key]


def can_pay(play: Any, f: Any) -> bool:
    """Whether the controller of ``f`` can pay its payment (118.3; life: 119.4) — ``True``
    when it has none."""
    pay = f.ability.effects[0] if f.ability.effects else None
    if not isinstance(pay, Pay):
        return True
    mana, energy, life = available(play, f.controller)
    return pay.mana <= mana and pay.energy <= energy and (pay.life <= 0 or life >= pay.life)


def pay(play: Any, f: Any, e: Pay, chosen: dict[str, Any] | None = None) -> str:
    """Pay ``e`` (checked by :func:`can_pay` before the choice): mana and energy off the
    player, life off the life total (paying life is losing it, 119.4)."""
    player = f.controller
    if e.x:  # h16: {X}, chosen as it is paid (107.3a; players.py)
        from redzone.models.triggers.players import choose_x

        e = dataclasses.replace(e, mana=e.mana + choose_x(play, f, e, chosen), x=False)
    players = play.edit.players if play.edit.players is not None else play.edit.base.players
    play.edit.players = tuple(dataclasses.replace(p, mana=p.mana - e.mana, energy=p.energy - e.energy)
                              if p.name == player else p for p in players)
    if e.life:
        play.state.life[player] = play.state.life.get(player, 0) - e.life
    parts = [f"{e.mana} mana" if e.mana else "", f"{e.energy} energy" if e.energy else "",
             f"{e.life} life" if e.life else ""]
    return f"{player} pays " + " and ".join(x for x in parts if x)


# ----------------------------------------------------------------- modes (700.2, 603.3c)

_MODAL = re.compile(r"choose (one|one or both|two|three|any number|up to one|one or more)"
                    r"( at random)?(?: that hasn't been chosen this turn)? ?— ?(•.+)", re.DOTALL)  # h36  # h28: any number, up to one, one or more
_HEADER = re.compile(r".*, choose (?:one|one or both|two|three|any number|up to one|one or more)"
                     r"(?: at random)?(?: that hasn't been chosen this turn)? ?—$")  # h36
_MODE_WORD = re.compile(r"^[A-Z][\w'’ -]{0,40} — ")
_ALL = 99
_HOW_MANY = {"one": (1, 1), "one or both": (1, 2), "two": (2, 2), "three": (3, 3),
             # h28: "any number" may be none (603.3c: no mode chosen, the ability is removed
             # from the stack), "up to one" too; "one or more" / "any number": up to all of them
             "any number": (0, _ALL), "up to one": (0, 1), "one or more": (1, _ALL)}

Effects = Callable[[str], "tuple[tuple[Effect, ...], bool] | None"]


def read_modes(rest: str, effects: Effects) -> tuple[bool, tuple[tuple[Effect, ...], bool] | None]:
    """(whether ``rest`` is a modal effect "choose one — • A. • B.", its reading or
    ``None``): each mode read by ``effects`` (the parser's reader of an effect text), none
    optional and none with a payment; with more than one mode chosen at most one of them
    may have targets (one target per ability here)."""
    m = _MODAL.fullmatch(rest.strip())
    if not m:
        return False, None
    least, most = _HOW_MANY[m[1]]
    modes: list[tuple[Effect, ...]] = []
    for part in m[3].split("•"):
        part = _MODE_WORD.sub("", part.strip())
        if not part:
            continue
        got = effects(part)
        if got is None or got[1] or any(isinstance(e, Pay) for e in got[0]):
            return True, None
        modes.append(got[0])
    most = len(modes) if most == _ALL else most  # h28
    if len(modes) < max(2, most):
        return True, None
    if most > 1 and sum(1 for mode in modes if any(_targets(e) for e in mode)) > 1:
        return True, None
    return True, ((Modes(tuple(modes), least, most, random=bool(m[2]),
                         fresh="hasn't been chosen" in rest[:m.start(3)]),), False)  # h36


def _targets(e: Effect) -> bool:
    who = getattr(e, "who", None)
    return who is not None and (who.kind.startswith("target") or who.kind == "any_target")


def flat(effects: tuple[Effect, ...]) -> list[Effect]:
    """``effects`` with the effects inside modes, delayed abilities and conditions listed too
    (:func:`redzone.models.triggers.types.flat_effects`)."""
    return list(flat_effects(effects))


_ROLL_HEADER = re.compile(r".*\broll a d\d+(?: for each [^.]+)?\.")
_TABLE_ROW = re.compile(r"\d+(?:—\d+)? \| ")


def join_modes(sentences: tuple[str, ...]) -> list[tuple[int, str]]:
    """The sentences with each modal trigger's modes joined to it ("Whenever ~ attacks,
    choose one —" and the "• ..." sentences after it: one sentence, as the parser reads
    it), and (h12) each "roll a d20." trigger's table of results ("1—9 | ...", with the
    sentences of a row): (index of the first sentence, the text)."""
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(sentences):
        s = sentences[i]
        j = i + 1
        if _HEADER.fullmatch(s.strip()):
            while j < len(sentences) and sentences[j].lstrip().startswith("•"):
                j += 1
            if j > i + 1:
                s = " ".join(x.strip() for x in sentences[i:j])
        elif _ROLL_HEADER.fullmatch(s.strip()):  # h12: a die roll's table of results (706.2)
            while j < len(sentences) and (_TABLE_ROW.match(sentences[j].strip()) or (
                    j > i + 1 and not re.match(r"(?:\d|When|Whenever|At\b)", sentences[j].strip()))):
                j += 1
            if j > i + 1:
                s = " ".join(x.strip() for x in sentences[i:j])
        out.append((i, s))
        i = j
    return out


def modal_read(sentences: tuple[str, ...], names: tuple[str, ...]) -> frozenset[int]:
    """Indexes of the modal triggers among ``sentences`` read with their modes (the
    trigger reader's :func:`~redzone.models.triggers.parse.is_read` of the joined text)."""
    from redzone.models.triggers.parse import is_read

    return frozenset(i for i, s in join_modes(sentences)
                     if s != sentences[i] and is_read(s, names))


def choose_mode(play: Any, f: Any) -> tuple[Any, list[int] | None]:
    """The mode choice of ``f`` as it is put on the stack (700.2a, 603.3c): ``(f with the
    chosen modes' effects, their numbers from 1)``; ``(f, None)`` when it is not modal;
    ``(f, [])`` when no mode can be chosen (each has a target and none is legal). The
    controller chooses (a ``Choice`` ``"mode"`` whose options are tuples of mode numbers)."""
    from itertools import combinations

    from redzone.models.triggers.resolve import Choice, first_choice

    t = f.ability
    if not t.effects or not isinstance(t.effects[0], Modes):
        return f, None
    m = t.effects[0]

    def with_modes(numbers: tuple[int, ...]) -> Any:
        effects = tuple(e for k in numbers for e in m.modes[k - 1])
        return dataclasses.replace(f, ability=dataclasses.replace(t, effects=effects))

    saved = play.choose
    play.choose = first_choice  # only whether a target can be chosen: nothing is chosen
    try:
        legal = [k + 1 for k in range(len(m.modes)) if play.targets(with_modes((k + 1,))) is not None]
    finally:
        play.choose = saved
    legal = more_amounts.fresh_modes(play, f, m, legal)  # h36: not chosen this turn
    options = [c for n in range(m.least, m.most + 1) for c in combinations(legal, n)]
    if not options:
        return f, []
    from redzone.models.triggers.chance import adversary  # h12: "choose one at random"

    chooser = adversary(play, f.controller) if m.random else f.controller
    pick = options[0] if len(options) == 1 else play.choose(
        Choice(chooser, "mode", f.source, t.text, tuple(options), f.trigger, random=m.random))
    more_amounts.chose_modes(play, f, m, pick)  # h36
    return with_modes(tuple(pick)), list(pick)


def _bolster(play: Any, f: Any, e: Bolster, chosen: dict[str, Any]) -> str:
    """Bolster (701.39a): among the controller's creatures on the battlefield, those with
    the least toughness now; with several, the controller chooses one (a ``Choice``
    ``"chosen"``, stated as ``combat.trigger_choices[].chosen``)."""
    from redzone.models.triggers.resolve import Choice

    mine = [c.id for c in play.creatures() if c.controller == f.controller]
    if not mine:
        return "no creature"
    least = min(play.state.toughness(play.board, pid) for pid in mine)
    options = [pid for pid in mine if play.state.toughness(play.board, pid) == least]
    pick = options[0] if len(options) == 1 else play.choose(
        Choice(f.controller, "chosen", f.source, f.ability.text, tuple(options), f.trigger))
    chosen["chosen"] = pick
    return play.effect(dataclasses.replace(f, trigger=pick), Counters(Who("trigger"), "+1/+1",
                                                                      Amount(e.n)), chosen)


def gated(sent: str, effects: list[Effect]) -> bool:
    """Whether ``sent`` is "If you do, ..." after "remove a counter from it" (608.2c: done
    only if a counter was removed); marks that removal as the gate (``effects`` changed in
    place)."""
    if not (sent.startswith("if you do, ") and effects and isinstance(effects[-1], CounterChange)
            and effects[-1].mode == "remove" and len(effects) == 1):
        return False
    effects[-1] = dataclasses.replace(effects[-1], gate=True)
    return True


def stops(e: Effect, line: str) -> bool:
    """Whether the effects after ``e`` (its result ``line``) are not done: a gate removed
    no counter (:func:`gated`)."""
    return isinstance(e, CounterChange) and e.gate and line == "no counter to remove"


PROLIFERATE_LIMIT = 10
"""More candidates than this for one proliferate is an error (2**10 sets to choose from)."""


def _proliferate(play: Any, f: Any, chosen: dict[str, Any]) -> str:
    """One proliferate (701.34a): the controller chooses a set of the permanents and players
    with counters (a ``Choice`` ``"proliferate"``, options the sets, every one first;
    stated as ``combat.trigger_choices[].proliferate``) and each gets one more counter of
    each kind it has."""
    from itertools import combinations

    from redzone.models.triggers.resolve import Choice

    state = play.state
    perms = [p for p in (play.edit.perms or play.edit.base.permanents).values()
             if state.on_battlefield(p.id)]
    kinds: dict[str, list[str]] = {}
    for p in perms:
        have = [k for k, n in state.counters.get(p.id, p.counters).items() if n > 0
                and k not in ("loyalty", "defense")]
        if state.loyalty.get(p.id, 0) > 0:
            have.append("loyalty")
        if state.defense.get(p.id, 0) > 0:
            have.append("defense")
        if have:
            kinds[p.id] = have
    players = play.board.players
    for p in players:
        if not state.in_game(p.name):
            continue
        have = (["poison"] if state.poison.get(p.name, 0) > 0 else []) + (["energy"] if p.energy > 0 else [])
        if have:
            kinds[p.name] = have
    among = tuple(kinds)
    if not among:
        return "nothing to proliferate"
    if len(among) > PROLIFERATE_LIMIT:
        raise RuntimeError(f"proliferate with {len(among)} permanents and players with counters "
                           f"(more than {PROLIFERATE_LIMIT}) is not enumerated")
    options = [c for n in range(len(among), -1, -1) for c in combinations(among, n)]
    pick = play.choose(Choice(f.controller, "proliferate", f.source, f.ability.text, tuple(options),
                              f.trigger, among))
    chosen.setdefault("proliferate", []).append(list(pick))
    out = []
    for x in pick:
        for kind in kinds[x]:
            if x not in play.edit.base.permanents and not may_get(
                    play.edit.base, state.on_battlefield, x, kind):
                continue  # h38: "You can't get poison counters", "Players can't get counters"
            if x in play.edit.base.permanents:
                if kind == "loyalty":
                    state.loyalty[x] += 1
                elif kind == "defense":
                    state.defense[x] += 1
                else:
                    play.effect(dataclasses.replace(f, trigger=x), Counters(Who("trigger"), kind), chosen)
            elif kind == "poison":
                state.poison[x] = state.poison.get(x, 0) + 1
            else:
                current = play.edit.players if play.edit.players is not None else play.edit.base.players
                play.edit.players = tuple(dataclasses.replace(p, energy=p.energy + 1) if p.name == x
                                          else p for p in current)
            out.append(f"a {kind} counter on {x}")
    return "proliferate (701.34a): " + (", ".join(out) or "nothing chosen")


def attacked(play: Any, f: Any) -> list[str]:
    """The player or planeswalker attacked by the creature whose event it was (if it
    attacks) or else by the source (506.2); ``[]`` for a battle or a creature no longer
    attacking."""
    who = f.trigger if f.trigger in play.attackers else f.source
    target = play.attackers.get(who)
    if target is None:
        return []
    base = play.edit.base
    if base.is_player(target):
        return [target] if play.state.in_game(target) else []
    perm = base.permanents.get(target)
    if perm is None or not perm.is_a("Planeswalker") or not play.state.on_battlefield(target):
        return []
    return [target]


def _unless(play: Any, f: Any, e: Unless, chosen: dict[str, Any]) -> str:
    """"E unless P pays C" (118.12): P chooses (a ``Choice`` ``"pay"``, stated as
    ``combat.trigger_choices[].may``), if P can pay C fully (118.3, 119.4)."""
    from redzone.models.triggers.resolve import Choice

    payers = play.players(f, e.payer, chosen)
    if e.sacrifice is not None:  # h25: a sacrifice as the price (if_tests.py)
        return if_tests.unless_sacrificed(play, f, e, chosen, payers)
    if len(payers) == 1:
        p = payers[0]
        mana, energy, life = available(play, p)
        c = e.cost
        if c.mana <= mana and c.energy <= energy and (c.life <= 0 or life >= c.life):
            if play.choose(Choice(p, "pay", f.source, f.ability.text, (True, False), f.trigger)):
                chosen["pay"] = True
                return pay(play, dataclasses.replace(f, controller=p), c) + " (nothing else is done)"
            chosen["pay"] = False
    return "; ".join(play.effect(f, inner, chosen) for inner in e.effects)
