"""The Duel Masters battle (バトル; DM comprehensive rules 115) between two creatures.

Owns :func:`battle` (does a battle happen, during-battle effects, slayer, winners and
losers, destruction and its replacements, win/lose triggers, in the DM step order), the
inline Duel Masters creatures of a ``game: duel-masters`` scenario (:func:`dm_board`) and
their abilities, English or Japanese (:func:`parse_dm_ability`). The rules, the step order
and the table of abilities understood are in ``docs/rules.md``, "Duel Masters battle".
Never imports ortools and never touches the Magic card data.

Public API: :func:`battle`, :class:`BattleResult`, :class:`BattleStep`,
:class:`BattleTrigger`, :func:`dm_board`, :class:`DMBoard`, :class:`DMCreature`,
:class:`DMAbility`, :func:`parse_dm_ability`.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Literal

from redzone.models.errors import ScenarioError
from redzone.models.lazy_re import lazy_compile

__all__ = [
    "BattleResult",
    "BattleStep",
    "BattleTrigger",
    "DMAbility",
    "DMBoard",
    "DMCreature",
    "battle",
    "dm_board",
    "parse_dm_ability",
]

AbilityKind = Literal[
    "wins_all", "slayer", "power_attacker", "no_battle", "battle_power", "destroy_instead",
    "return_instead", "indestructible", "on_win", "on_lose", "other",
]


@dataclass(frozen=True)
class DMAbility:
    """One Duel Masters ability: ``kind`` (see the module table), ``amount`` (the +N of power
    attacker / battle power, else 0), ``text`` (as written in the scenario)."""

    kind: AbilityKind
    text: str
    amount: int = 0


# --------------------------------------------------------------------- ability parsing


def _key(text: str) -> str:
    """Normalised form for matching: NFKC (full-width to half-width), lower case, no spaces,
    no Japanese middle dots or commas, no final full stop."""
    text = unicodedata.normalize("NFKC", text).casefold().strip()
    text = re.sub(r"[\s・･、,]", "", text)
    text = text.replace("’", "'")
    return text.rstrip(".。")


# (kind, regular expression on _key(text)); an ``amount`` group carries +N.
_PATTERNS: tuple[tuple[AbilityKind, str], ...] = (
    ("wins_all", r"(thiscreature)?winsallbattles|(このクリーチャーは)?(すべて|全て)のバトルに勝つ"),
    ("slayer", r"slayer|スレイヤー"),
    ("power_attacker", r"powerattacker\+(?P<amount>\d+)|パワーアタッカー\+(?P<amount2>\d+)"),
    ("no_battle", r"(thiscreature)?(doesnot|doesn't|cannot|can't)battle|nobattle"
                  r"|(このクリーチャーは)?バトルしない|バトルは行われない|バトルを行わない"),
    ("battle_power", r"power\+(?P<amount>\d+)(during|while)battl(es?|ing)"
                     r"|(during|while)battl(es?|ing)power\+(?P<amount2>\d+)"
                     r"|バトル中(の)?パワー\+(?P<amount3>\d+)"),
    ("destroy_instead", r"destroy(s)?theopposingcreatureinsteadofbattling"
                        r"|insteadofbattling(,)?destroytheopposingcreature"
                        r"|バトルする(時)?(かわり|代わり)に(、)?(相手(の)?(クリーチャー)?|バトル相手)を破壊する"),
    ("return_instead", r"return(s)?(it|this(creature)?)?to(its(owner's)?)?handinsteadofbeingdestroyed"
                       r"|whendestroyed(,)?returntohandinstead"
                       r"|破壊される(時)?(かわり|代わり)に(、)?手札に戻る"
                       r"|eternal(ω|omega)|エターナルω"),
    ("indestructible", r"(cannot|can't)bedestroyed|indestructible|破壊されない"),
    ("on_win", r"when(ever)?this(creature)?winsabattle.*|(このクリーチャーが)?バトルに勝った(時|とき).*"),
    ("on_lose", r"when(ever)?this(creature)?losesabattle.*|(このクリーチャーが)?バトルに負けた(時|とき).*"),
    ("other", r"blocker|ブロッカー|speedattacker|スピードアタッカー"
              r"|(double|triple|world)breaker|(w|t|ワールド|ダブル|トリプル)ブレイカー"
              r"|shieldtrigger|(s|シールド)トリガー|guardman|ガードマン"),
)
_COMPILED: tuple[tuple[AbilityKind, re.Pattern[str]], ...] = tuple(
    (kind, lazy_compile(rf"(?:{rx})")) for kind, rx in _PATTERNS)
_CANONICAL = (
    "Wins all battles", "Slayer", "Power attacker +N", "Does not battle",
    "Power +N during battles", "Destroys the opposing creature instead of battling",
    "Returns to hand instead of being destroyed", "Cannot be destroyed",
    "When this wins a battle", "When this loses a battle", "Blocker", "Speed attacker",
    "Double breaker", "Triple breaker", "Shield trigger", "Guardman",
)


def parse_dm_ability(text: str, where: str = "abilities[0]") -> DMAbility:
    """Parse one Duel Masters ability string (English or Japanese; see the module table).

    Returns a :class:`DMAbility`. Raises :class:`ScenarioError` at ``where`` for a string
    that isn't one of the supported abilities:
    ``permanents[1].abilities[0]: unknown Duel Masters ability 'Flyng'``.
    """
    key = _key(text)
    for kind, rx in _COMPILED:
        match = rx.fullmatch(key)
        if match is None:
            continue
        amount = next((int(v) for k, v in match.groupdict().items()
                       if k.startswith("amount") and v is not None), 0)
        return DMAbility(kind=kind, text=text.strip(), amount=amount)
    close = difflib.get_close_matches(text.strip(), _CANONICAL, n=1, cutoff=0.6)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise ScenarioError(where, f"unknown Duel Masters ability {text.strip()!r}{hint}")


# ------------------------------------------------------------------------- the board


@dataclass(frozen=True)
class DMCreature:
    """A Duel Masters creature in the battle zone: ``id``, ``name``, ``controller``,
    ``power`` (e.g. 5000; ``None`` when not given), parsed ``abilities``, ``index`` (its
    position in the scenario's ``permanents``, for error paths)."""

    id: str
    name: str
    controller: str
    power: int | None
    abilities: tuple[DMAbility, ...]
    index: int

    def has(self, kind: AbilityKind) -> bool:
        """True when the creature has an ability of ``kind``."""
        return any(a.kind == kind for a in self.abilities)

    def total(self, kind: AbilityKind) -> int:
        """The sum of the +N of its abilities of ``kind`` (power attacker, battle power)."""
        return sum(a.amount for a in self.abilities if a.kind == kind)

    def of_kind(self, kind: AbilityKind) -> list[DMAbility]:
        """Its abilities of ``kind``, in order."""
        return [a for a in self.abilities if a.kind == kind]


@dataclass(frozen=True)
class DMBoard:
    """A resolved Duel Masters scenario: ``players`` in turn order, ``turn_player`` (the
    scenario's active player), ``creatures`` id -> :class:`DMCreature` in scenario order."""

    players: tuple[str, ...]
    turn_player: str
    creatures: dict[str, DMCreature]
    scenario: Any = field(default=None, repr=False, compare=False)


def dm_board(scenario: Any) -> DMBoard:
    """Resolve a validated ``game: duel-masters`` :class:`redzone.models.scenario.Scenario`.

    Each permanent's ``abilities`` (and the lines of its ``text``) are parsed with
    :func:`parse_dm_ability`. Raises :class:`ScenarioError` for a Magic scenario (``game``)
    and for an unknown ability (``permanents[i].abilities[j]`` / ``permanents[i].text``).
    """
    if isinstance(scenario, DMBoard):
        return scenario
    if getattr(scenario, "game", None) != "duel-masters":
        raise ScenarioError("game", "a Duel Masters battle needs a Duel Masters scenario "
                                    "(game: duel-masters); this one is Magic")
    creatures: dict[str, DMCreature] = {}
    for i, spec in enumerate(scenario.permanents):
        abilities = [parse_dm_ability(t, f"permanents[{i}].abilities[{j}]")
                     for j, t in enumerate(spec.abilities)]
        if spec.text:
            abilities += [parse_dm_ability(line, f"permanents[{i}].text")
                          for line in spec.text.splitlines() if line.strip()]
        pid = spec.id or ""
        creatures[pid] = DMCreature(id=pid, name=spec.name or pid, controller=spec.controller,
                                    power=spec.power, abilities=tuple(abilities), index=i)
    names = tuple(p.name for p in scenario.players)
    return DMBoard(players=names, turn_player=scenario.active_player or names[0],
                   creatures=creatures, scenario=scenario)


# ------------------------------------------------------------------------- the battle


@dataclass(frozen=True)
class BattleStep:
    """One step of the battle's processing: ``number`` (0-8, module docstring), ``name``,
    ``happened`` (what happened at it, one sentence each; empty when nothing did)."""

    number: int
    name: str
    happened: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"step", "name", "happened"}``."""
        return {"step": self.number, "name": self.name, "happened": list(self.happened)}


@dataclass(frozen=True)
class BattleTrigger:
    """A battle result a "when this wins/loses a battle" ability sees (DM 115.3d):
    ``creature`` id, ``event`` (``"wins"``/``"loses"``), ``abilities``: that creature's own
    abilities of that kind (texts), which trigger."""

    creature: str
    event: Literal["wins", "loses"]
    abilities: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"creature", "event", "abilities"}``."""
        return {"creature": self.creature, "event": self.event, "abilities": list(self.abilities)}


Zone = Literal["battle zone", "graveyard", "hand"]


@dataclass(frozen=True)
class BattleResult:
    """The result of creature ``a`` battling creature ``b``.

    - ``attacker``: ``a`` in an attack battle, ``None`` in an effect battle (``effect``).
    - ``battled``: ``False`` when no battle took place (a no-battle effect or a replaced
      battle): then ``winners``/``losers`` are empty and no slayer or win/lose trigger happens.
    - ``powers``: id -> the power compared at step 4 (empty when no battle).
    - ``winners``, ``losers``: ids (a tie makes both losers, DM 115.3c; both "wins all
      battles": both winners).
    - ``destroyed``: ids destroyed (by losing, by slayer, or by a battle replacement), in the
      order it happened; a creature whose destruction was replaced is not in it.
    - ``returned_to_hand``: ids returned to hand instead of being destroyed.
    - ``zones``: id -> where each creature is afterwards.
    - ``triggers``: win/lose results that trigger abilities, in resolution order (the turn
      player's first).
    - ``steps``: the processing steps in order (:class:`BattleStep`).
    """

    a: str
    b: str
    attacker: str | None
    effect: bool
    battled: bool
    powers: dict[str, int]
    winners: tuple[str, ...]
    losers: tuple[str, ...]
    destroyed: tuple[str, ...]
    returned_to_hand: tuple[str, ...]
    zones: dict[str, Zone]
    triggers: tuple[BattleTrigger, ...]
    steps: tuple[BattleStep, ...]

    def to_json(self) -> dict[str, Any]:
        """The JSON shape used by ``redzone dm-battle --json``."""
        return {
            "battled": self.battled,
            "winners": list(self.winners),
            "losers": list(self.losers),
            "destroyed": list(self.destroyed),
            "returned_to_hand": list(self.returned_to_hand),
            "zones": dict(self.zones),
            "powers": dict(self.powers),
            "attacker": self.attacker,
            "effect": self.effect,
            "triggers": [t.to_json() for t in self.triggers],
            "steps": [s.to_json() for s in self.steps],
        }


def _creature(board: DMBoard, ident: str, label: str) -> DMCreature:
    found = board.creatures.get(ident)
    if found is None:
        known = list(board.creatures)
        close = difflib.get_close_matches(ident, known, n=3, cutoff=0.6)
        hint = f"closest: {', '.join(close)}" if close else f"ids: {', '.join(known) or 'none'}"
        raise ScenarioError(label, f"unknown creature {ident!r} ({hint})")
    if found.power is None:
        raise ScenarioError(f"permanents[{found.index}].power", "required for a Duel Masters battle")
    return found


def _label(c: DMCreature) -> str:
    return f"{c.name} ({c.id})" if c.name != c.id else c.id


class _Battle:
    """The mutable state of one battle while its steps are processed."""

    def __init__(self, board: DMBoard, a: DMCreature, b: DMCreature, effect: bool) -> None:
        self.board, self.a, self.b, self.effect = board, a, b, effect
        self.zones: dict[str, Zone] = {a.id: "battle zone", b.id: "battle zone"}
        self.destroyed: list[str] = []
        self.returned: list[str] = []
        self.steps: list[BattleStep] = []

    def opposing(self, c: DMCreature) -> DMCreature:
        return self.b if c is self.a else self.a

    def turn_order(self, creatures: list[DMCreature]) -> list[DMCreature]:
        """Turn player's creatures first, then the others (A before B within a player)."""
        return sorted(creatures, key=lambda c: (c.controller != self.board.turn_player,
                                                c is not self.a))

    def destroy(self, c: DMCreature, why: str) -> str:
        """Destroy ``c`` unless it already left; destruction replacements apply. One sentence."""
        if self.zones[c.id] != "battle zone":
            return f"{_label(c)} is no longer in the battle zone; {why} does nothing"
        if c.has("indestructible"):
            return f"{_label(c)} would be destroyed ({why}) but can't be destroyed; it stays"
        if c.has("return_instead"):
            self.zones[c.id] = "hand"
            self.returned.append(c.id)
            return (f"{_label(c)} would be destroyed ({why}); instead it returns to its "
                    "owner's hand")
        self.zones[c.id] = "graveyard"
        self.destroyed.append(c.id)
        return f"{_label(c)} is destroyed ({why})"

    def step(self, number: int, name: str, *happened: str) -> None:
        self.steps.append(BattleStep(number, name, tuple(h for h in happened if h)))


def battle(board_or_scenario: Any, a: str, b: str, *, effect: bool = False) -> BattleResult:
    """Creature ``a`` battles creature ``b`` (Duel Masters, DM rules 115).

    ``board_or_scenario``: a :class:`DMBoard` or a validated ``game: duel-masters``
    scenario. ``a`` attacks ``b`` (power attacker applies to ``a``), unless ``effect`` (an
    effect battle: neither is attacking). Returns a :class:`BattleResult` whose ``steps``
    follow the processing order 0-8 of the module docstring.

    Raises :class:`ScenarioError` for a Magic scenario (``game``), an unknown id (``A``/
    ``B``), a creature battling itself, a missing power, an unknown ability, and in an
    attack battle an attacker not controlled by the turn player or a target controlled by
    the attacker's controller.
    """
    board = dm_board(board_or_scenario)
    ca, cb = _creature(board, a, "A"), _creature(board, b, "B")
    if ca.id == cb.id:
        raise ScenarioError("B", f"{a!r} can't battle itself")
    if not effect:
        if ca.controller != board.turn_player:
            raise ScenarioError("A", f"{_label(ca)} is controlled by {ca.controller}, but only "
                                     f"the turn player ({board.turn_player}) attacks; use an "
                                     "effect battle (--effect) or set active_player")
        if cb.controller == ca.controller:
            raise ScenarioError("B", f"{_label(cb)} is {ca.controller}'s own creature; an "
                                     "attack battles an opposing creature (use --effect)")
    st = _Battle(board, ca, cb, effect)
    kind = (f"effect battle between {_label(ca)} and {_label(cb)}" if effect
            else f"{_label(ca)} attacks {_label(cb)}")
    both = [ca, cb]

    # Step 0: does the battle happen at all?
    stoppers = [c for c in both if c.has("no_battle")]
    replacers = st.turn_order([c for c in both if c.has("destroy_instead")])
    if stoppers:
        who = " and ".join(_label(c) for c in stoppers)
        st.step(0, "does a battle happen", f"{kind}; {who} does not battle: no battle takes "
                "place (no slayer, no winner or loser)")
        return _result(st, battled=False, powers={}, winners=[], losers=[], triggers=[])
    if replacers:
        source = replacers[0]
        target = st.opposing(source)
        note = ("" if len(replacers) == 1 else
                f" (both replace the battle; the turn player's {_label(source)} applies)")
        st.step(0, "does a battle happen",
                f"{kind}; {_label(source)}'s ability replaces the battle: instead, the opposing "
                f"creature is destroyed; no battle takes place{note}",
                st.destroy(target, f"{_label(source)}'s ability instead of a battle"))
        return _result(st, battled=False, powers={}, winners=[], losers=[], triggers=[])
    st.step(0, "does a battle happen", f"{kind}: the battle takes place")

    # Step 1: "during battle" statics. Power attacker applies while attacking (not in an
    # effect battle); "+N during battles" applies in any battle.
    powers: dict[str, int] = {}
    notes: list[str] = []
    for c in both:
        power = c.power or 0
        parts = [str(power)]
        if not effect and c is ca and c.has("power_attacker"):
            bonus = c.total("power_attacker")
            power += bonus
            parts.append(f"+{bonus} power attacker while attacking")
        elif c.has("power_attacker"):
            parts.append("power attacker doesn't apply: not attacking")
        if c.has("battle_power"):
            bonus = c.total("battle_power")
            power += bonus
            parts.append(f"+{bonus} during the battle")
        powers[c.id] = power
        extra = f" ({', '.join(parts)})" if len(parts) > 1 else ""
        notes.append(f"{_label(c)}: power {power}{extra}")
    st.step(1, "during-battle effects apply", *notes)

    # Steps 2-3: "when this battles" triggers (slayer) trigger, then resolve turn player first.
    slayers = st.turn_order([c for c in both if c.has("slayer")])
    st.step(2, "when-battles abilities trigger",
            *[f"{_label(c)}'s slayer triggers" for c in slayers])
    st.step(3, "when-battles abilities resolve (turn player first)",
            *[f"{_label(c)}'s slayer resolves: after the battle, destroy "
              f"{_label(st.opposing(c))}" for c in slayers])

    # Step 4: winners and losers.
    all_winners = [c for c in both if c.has("wins_all")]
    if all_winners:
        winners = all_winners
        losers = [c for c in both if c not in all_winners]
        why = ("both win all battles: both win, neither loses" if len(all_winners) == 2 else
               f"{_label(all_winners[0])} wins all battles, regardless of power")
    elif powers[ca.id] == powers[cb.id]:
        winners, losers = [], [ca, cb]
        why = f"equal power ({powers[ca.id]}): both lose (DM 115.3c)"
    else:
        high = ca if powers[ca.id] > powers[cb.id] else cb
        winners, losers = [high], [st.opposing(high)]
        why = f"higher power wins ({powers[high.id]} against {powers[st.opposing(high).id]})"
    st.step(4, "winner and loser decided", why,
            *[f"{_label(c)} wins" for c in winners], *[f"{_label(c)} loses" for c in losers])

    # Step 5: losers destroyed by rule, destruction replacements apply; then results trigger.
    happened = [st.destroy(c, "lost the battle") for c in st.turn_order(losers)]
    triggers = [BattleTrigger(c.id, "wins", tuple(x.text for x in c.of_kind("on_win")))
                for c in winners]
    triggers += [BattleTrigger(c.id, "loses", tuple(x.text for x in c.of_kind("on_lose")))
                 for c in losers]
    triggers = [t for c in st.turn_order(both) for t in triggers if t.creature == c.id]
    for t in triggers:
        verb = "wins" if t.event == "wins" else "loses"
        given = f": {'; '.join(t.abilities)}" if t.abilities else " (it has none)"
        happened.append(f"{_label(board.creatures[t.creature])} {verb}: its 'when this {verb} a "
                        f"battle' abilities trigger{given}")
    st.step(5, "losers destroyed; result abilities trigger", *happened)

    # Step 6: "during battle" effects end.
    ending = [f"{_label(c)}'s +{c.total('battle_power')} during the battle ends"
              for c in both if c.has("battle_power")]
    st.step(6, "during-battle effects end", *ending)

    # Step 7: win/lose triggers resolve, turn player first.
    st.step(7, "win/lose abilities resolve (turn player first)",
            *[f"{_label(board.creatures[t.creature])}: {a}" for t in triggers for a in t.abilities])

    # Step 8: "after the battle" abilities (slayer) resolve, turn player first.
    st.step(8, "after-battle abilities resolve (turn player first)",
            *[st.destroy(st.opposing(c), f"{_label(c)}'s slayer") for c in slayers])

    return _result(st, battled=True, powers=powers, winners=winners, losers=losers,
                   triggers=triggers)


def _result(st: _Battle, *, battled: bool, powers: dict[str, int], winners: list[DMCreature],
            losers: list[DMCreature], triggers: list[BattleTrigger]) -> BattleResult:
    return BattleResult(
        a=st.a.id, b=st.b.id, attacker=None if st.effect else st.a.id, effect=st.effect,
        battled=battled, powers=powers, winners=tuple(c.id for c in winners),
        losers=tuple(c.id for c in losers), destroyed=tuple(st.destroyed),
        returned_to_hand=tuple(st.returned), zones=dict(st.zones), triggers=tuple(triggers),
        steps=tuple(st.steps),
    )
