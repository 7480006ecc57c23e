"""Whole-sentence templates: attack and block caps, attack taxes, Lure, exert (CR 508.1c-d).

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re

from redzone.models.abilities import (
    Ability,
    Affected,
    AllMustBlock,
    ATTACHED,
    AttackCap,
    AttackTax,
    BlockCap,
    CantAttackYou,
    MustBeAttacked,
    SELF,
    XCount,
    AttackOnlyNearestOpponent,
    BlockTax,
    CantLoseGame,
)
from redzone.models.lazy_re import lazy_compile
from redzone.models.parser.vocabulary import (
    _CARD_TYPE_PLURALS,
    _NUM,
    _number,
    _plural_subtype,
)
from redzone.models.parser.subjects import (
    _parse_subject,
)

# ==================================================================== whole sentences

_S_ATTACK_CAP = lazy_compile(
    r"No more than (?P<n>" + _NUM + r") creatures? can attack(?P<you> you(?P<pw> or "
    r"planeswalkers you control)?)? each (?P<per>combat|turn)"
)
_S_BLOCK_CAP = lazy_compile(
    r"No more than (?P<n>" + _NUM + r") creatures? can block each (?P<per>combat|turn)"
)
_S_TAX = lazy_compile(
    r"(?P<subj>.+?) can't attack (?P<whom>you or planeswalkers you control|you) unless "
    r"(?:their|its) controller pays (?P<cost>(?:\{[^}]+\})+)"
    r"(?: for each (?P<each>creature they control that's attacking you(?: or a planeswalker "
    r"you control)?|of those creatures|creature they control that's attacking|attacking "
    r"creature they control))?"
    r"(?:, where X is the number of (?P<x>.+))?"
)
# Issue 10 §2: a cost on one creature, whoever it attacks (Brainwash, Oppressive Rays).
_S_COST_ONE = lazy_compile(
    r"(?P<subj>~|[Ee]nchanted creature|[Ee]quipped creature) can't (?P<what>attack or block|"
    r"attack|block) unless (?:its controller pays|(?<=~ can't attack or block unless )you pay|"
    r"(?<=~ can't attack unless )you pay|(?<=~ can't block unless )you pay) "
    r"(?P<cost>(?:\{\d+\})+)(?P<hand> for each card in your hand)?"
)
_S_MUST_BE_ATTACKED = lazy_compile(
    r"Each opponent must attack you(?P<pw> or a planeswalker you control)? with at least one "
    r"creature each combat if able"
)
_S_LURE = lazy_compile(
    r"All creatures able to block (?P<who>~|enchanted creature|equipped creature) do so"
)
_S_NOT_ATTACKED = lazy_compile(r"You can't be attacked")
_S_NEAREST = lazy_compile(
    r"Each player may attack only the nearest opponent in the chosen direction and "
    r"planeswalkers controlled by that opponent")
_S_EXERT = lazy_compile(r"(?:If ~ hasn't been exerted this turn, )?[Yy]ou may exert "
                      r"(?:~|it|him|her|them) as (?:it|he|she|they) attacks?")


# Who can't lose the game (CR 104.3b, 704.5a, 704.5c). "... can't win the game" halves are
# implied: redzone reports who lost, and a player wins only when every opponent has lost.
_S_NO_LOSS_FOR_LIFE = lazy_compile(r"[Yy]ou don't lose the game for having 0 or less life")
_S_CANT_LOSE = lazy_compile(
    r"[Yy]ou can't lose the game(?: and (?:your )?opponents can't win the game)?")
_S_PLAYERS_CANT_LOSE = lazy_compile(r"Players can't lose the game(?: or win the game)?")
_S_OPPONENTS_CANT_LOSE = lazy_compile(
    r"[Yy]ou can't win the game and your opponents can't lose the game")


def _x_count(text: str) -> XCount | None:
    """The "where X is the number of ..." tail of an attack tax."""
    if text == "counters on that creature":
        return XCount(what="counters")
    if text == "basic land types among lands you control":
        return XCount(what="basic land types")  # domain (305.6): Collective Restraint
    m = re.fullmatch(r"(?P<what>.+) you control", text)
    if not m:
        return None
    types: list[str] = []
    subtypes: list[str] = []
    for w in re.split(r",\s(?:and\s|or\s)?|\sand/or\s|\sand\s|\sor\s", m["what"]):
        if w.lower() in _CARD_TYPE_PLURALS:
            types.append(_CARD_TYPE_PLURALS[w.lower()])
        elif _plural_subtype(w):
            subtypes.append(_plural_subtype(w))  # type: ignore[arg-type]
        else:
            return None
    return XCount(what="permanents", types=tuple(types), subtypes=tuple(subtypes))


def _whole_sentence(s: str, text: str) -> list[Ability] | str | None:
    """Whole-sentence templates. Returns abilities, an ignore reason, or ``None``."""
    m = _S_ATTACK_CAP.fullmatch(s)
    if m:
        return [AttackCap(maximum=_number(m["n"]), you_only=bool(m["you"]),
                          include_planeswalkers=bool(m["pw"]),
                          per="turn" if m["per"] == "turn" else "combat", text=text)]
    m = _S_BLOCK_CAP.fullmatch(s)
    if m:
        return [BlockCap(maximum=_number(m["n"]), per="turn" if m["per"] == "turn" else "combat",
                         text=text)]
    m = _S_MUST_BE_ATTACKED.fullmatch(s)
    if m:
        return [MustBeAttacked(include_planeswalkers=bool(m["pw"]), text=text)]
    m = _S_LURE.fullmatch(s)
    if m:
        return [AllMustBlock(affected=SELF if m["who"] == "~" else ATTACHED, text=text)]
    if _S_NOT_ATTACKED.fullmatch(s):
        return [CantAttackYou(text=text)]
    if _S_NEAREST.fullmatch(s):
        return [AttackOnlyNearestOpponent(text=text)]
    if _S_NO_LOSS_FOR_LIFE.fullmatch(s):
        return [CantLoseGame(life_only=True, text=text)]
    if _S_CANT_LOSE.fullmatch(s):
        return [CantLoseGame(text=text)]
    if _S_OPPONENTS_CANT_LOSE.fullmatch(s):
        return [CantLoseGame(who="opponents", text=text)]
    if _S_PLAYERS_CANT_LOSE.fullmatch(s):
        return [CantLoseGame(who="players", text=text)]
    if _S_EXERT.fullmatch(s):
        return "optional attack cost"
    m = _S_TAX.fullmatch(s)
    if m:
        return _tax(m, text)
    m = _S_COST_ONE.fullmatch(s)
    if m:
        return _cost_one(m, text)
    return None


def _cost_one(m: re.Match[str], text: str) -> list[Ability] | None:
    """"Enchanted creature can't attack or block unless its controller pays {3}": an attack
    cost on every attack of that creature (508.1d, 508.1h) and a block cost (509.1d); "...
    pays {1} for each card in your hand": X is the hand of the source's controller."""
    generic = sum(int(c) for c in re.findall(r"\{(\d+)\}", m["cost"]))
    who = SELF if m["subj"] == "~" else ATTACHED
    x = None
    if m["hand"]:  # "pays {1} for each card in your hand" (Cowed by Wisdom): X = hand size
        if generic != 1:
            return None
        generic, x = 0, XCount(what="cards in hand")
    out: list[Ability] = []
    if "attack" in m["what"]:
        out.append(AttackTax(generic=generic, x=x, affected=who, against="any", text=text))
    if "block" in m["what"]:
        out.append(BlockTax(generic=generic, x=x, affected=who, text=text))
    return out


def _tax(m: re.Match[str], text: str) -> list[Ability] | None:
    costs = re.findall(r"\{([^}]+)\}", m["cost"])
    generic = 0
    has_x = False
    phyrexian: list[str] = []
    for c in costs:
        if c.isdigit():
            generic += int(c)
        elif c == "X":
            has_x = True
        elif re.fullmatch(r"[WUBRG]/P", c):
            phyrexian.append(c[0])  # {W/P}: one W mana or 2 life (107.4f, 119.4)
        else:
            return None  # coloured mana: not a generic tax
    x = None
    if has_x:
        if not m["x"]:
            return None
        x = _x_count(m["x"])
        if x is None:
            return None
    elif m["x"]:
        return None
    subj = m["subj"]
    if subj == "Each creature with one or more counters on it":
        # Creatures without counters would pay {0}: the same as taxing every creature.
        if x is None or x.what != "counters" or m["each"]:
            return None
        affected = Affected(kind="creatures")
    else:
        if not m["each"]:
            return None
        affected = _parse_subject(subj)  # type: ignore[assignment]
        if affected is None or affected.kind != "creatures":
            return None
    return [AttackTax(generic=generic, x=x, include_planeswalkers="planeswalkers" in m["whom"],
                      affected=affected, phyrexian=tuple(phyrexian), text=text)]
