"""Scenario validation: the shapes of a scenario by the fast path or the schema of record,
then the cross-checks no schema expresses, for data already read (a mapping, as from YAML
or JSON) and for objects built in code.

Owns :func:`parse_scenario`, the cross-field checks (every player name and permanent id
mentioned exists, ids are unique and derived with :func:`default_id`, every ``card`` is in
the bundled card data for Magic) and :data:`MAX_DEPTH`. Shapes come from
:mod:`redzone.models.scenario.fast` when it is sure, else from the pydantic models of
:mod:`redzone.models.scenario.schema` (imported only then: start-up, issue 11). Every error
is one :class:`redzone.models.errors.ScenarioError` naming the field path. Never imports
ortools.
"""

from __future__ import annotations

import importlib
import re
import sys
import unicodedata
from collections.abc import Iterable
from typing import Any

from redzone.models.errors import ScenarioError, UnknownCardError, clip
import redzone.models.scenario.types as _types
from redzone.models.scenario.fast import build as _build_fast
from redzone.models.scenario.types import CHOSEN_WORDS
from redzone.models.scenario.types import (
    CombatSpec,
    GoadEffect,
    MustAttackEffect,
    MustBlockEffect,
    PermanentSpec,
    PlayerSpec,
    PreventDamageEffect,
    TRIGGER_WINDOWS,
    Scenario,
    _Spec,
    resolved_windows,
)

__all__ = ["MAX_DEPTH", "check_depth", "default_id", "parse_scenario", "scenario_json_schema"]

MAX_DEPTH = 64
"""Deepest nesting of lists and mappings a scenario file may have (a real one has about 5)."""

_CARD_TYPES = (
    "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant",
    "Kindred", "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Tribal",
    "Vanguard",
)  # CR 205.2a (Tribal: the former name of Kindred)

_SUPERTYPES = ("Basic", "Elite", "Host", "Legendary", "Ongoing", "Snow", "World")  # CR 205.4a

_COLORS = {  # CR 105.1, 105.2: the five colours and their letters, stored as letters
    "w": "W", "white": "W", "u": "U", "blue": "U", "b": "B",
    "black": "B", "r": "R", "red": "R", "g": "G", "green": "G",
}

_WUBRG = "WUBRG"


def _quote_list(items: Iterable[str], limit: int = 8) -> str:
    items = list(items)
    shown = ", ".join(items[:limit])
    return shown + (", ..." if len(items) > limit else "") if items else "none"


def default_id(name: str) -> str:
    """The default permanent id for a card or inline name.

    Lower case; accents dropped from Latin letters; every run of characters that are not
    letters or digits becomes one ``-``; no leading/trailing ``-``. ``"Grizzly Bears"`` ->
    ``"grizzly-bears"``, ``"Gideon, Ally of Zendikar"`` -> ``"gideon-ally-of-zendikar"``.
    Returns ``"permanent"`` when nothing is left. De-duplication is :class:`Scenario`'s job.
    """
    out: list[str] = []
    for ch in name.lower():
        base = unicodedata.normalize("NFD", ch)[0]
        if base.isascii() and base.isalnum():
            out.append(base)
        elif ch.isalnum():
            out.append(ch)
        else:
            out.append("-")
    slug = re.sub(r"-+", "-", "".join(out)).strip("-")
    return slug or "permanent"


class _Checker:
    """Cross-field validation of a :class:`Scenario`; raises :class:`ScenarioError`."""

    def __init__(self, scenario: Scenario) -> None:
        self.s = scenario
        self.magic = scenario.game == "magic"
        self.players: list[str] = []
        self.ids: dict[str, int] = {}

    def run(self) -> None:
        self._players()
        self._permanents()
        self._commanders()
        self._effects()
        if self.s.combat is not None:
            self._combat(self.s.combat)

    # -- references

    def _player(self, field: str, name: str | None) -> None:
        if name is not None and name not in self.players:
            raise ScenarioError(field, f"unknown player {name!r} (players: {', '.join(self.players)})")

    def _unknown(self, what: str, value: str, known: list[str]) -> str:
        close = _close_matches(value, known, n=3, cutoff=0.6)
        hint = f"closest: {', '.join(close)}" if close else f"{what}: {_quote_list(known)}"
        return f"unknown {what[:-1] if what.endswith('s') else what} {value!r} ({hint})"

    def _permanent(self, field: str, value: str) -> None:
        if value not in self.ids:
            raise ScenarioError(field, self._unknown("ids", value, list(self.ids)))

    def _graveyard_card(self, field: str, value: str) -> bool:
        """Whether ``value`` names a card in a graveyard, ``PLAYER~graveyardI`` (h8: a target
        card of a triggered ability, docs/triggers.md); raises :class:`ScenarioError` naming
        ``field`` when it has that form but no such card."""
        m = re.fullmatch(r"(.+)~graveyard(\d+)", value)
        if m is None or m[1] not in self.players:
            return False
        cards = next((getattr(p, "graveyard", None) or () for p in self.s.players
                      if p.name == m[1]), ())
        if int(m[2]) >= len(cards):
            raise ScenarioError(field, f"{value!r}: {m[1]}'s graveyard has {len(cards)} card(s) "
                                       f"(players[].graveyard, indexes from 0)")
        return True

    def _hand_card(self, field: str, value: str) -> bool:
        """Whether ``value`` names a card in a hand, ``PLAYER~handI`` (h13: a card "put from
        your hand onto the battlefield", docs/triggers.md); raises :class:`ScenarioError`
        naming ``field`` when it has that form but no such card."""
        m = re.fullmatch(r"(.+)~hand(\d+)", value)
        if m is None or m[1] not in self.players:
            return False
        cards = next((getattr(p, "hand", None) or () for p in self.s.players if p.name == m[1]), ())
        if int(m[2]) >= len(cards):
            raise ScenarioError(field, f"{value!r}: {m[1]}'s hand has {len(cards)} card(s) "
                                       f"(players[].hand, indexes from 0)")
        return True

    def _library_card(self, field: str, value: str) -> bool:
        """h39: whether ``value`` names a card of a stated library, ``PLAYER~libraryI`` (a card
        put onto the battlefield from among the top cards looked at, docs/triggers.md);
        raises :class:`ScenarioError` naming ``field`` when it has that form but no such
        card."""
        m = re.fullmatch(r"(.+)~library(\d+)", value)
        if m is None or m[1] not in self.players:
            return False
        cards = next((getattr(p, "library", None) or () for p in self.s.players if p.name == m[1]), ())
        if int(m[2]) >= len(cards):
            raise ScenarioError(field, f"{value!r}: {m[1]}'s library has {len(cards)} card(s) "
                                       f"(players[].library, top first, indexes from 0)")
        return True

    def _player_or_permanent(self, field: str, value: str) -> None:
        if value not in self.ids and value not in self.players:
            known = self.players + list(self.ids)
            close = _close_matches(value, known, n=3, cutoff=0.6)
            hint = (f"closest: {', '.join(close)}" if close else
                    f"players: {', '.join(self.players)}; ids: {_quote_list(self.ids)}")
            raise ScenarioError(field, f"{value!r} is neither a player nor a permanent id ({hint})")

    def _lookup(self, field: str, name: str) -> None:
        # sys.modules first: import_module costs microseconds per call, and a batch looks up
        # tens of names a row (tests may put a stub module there).
        cards = sys.modules.get("redzone.models.cards") or importlib.import_module("redzone.models.cards")
        try:
            cards.lookup(name)
        except UnknownCardError as err:
            raise ScenarioError(field, str(err)) from None

    # -- sections

    def _players(self) -> None:
        s = self.s
        if self.magic and len(s.players) < 2:
            raise ScenarioError("players", f"a Magic scenario needs at least two players (got {len(s.players)})")
        for i, p in enumerate(s.players):
            if p.name in self.players:
                raise ScenarioError(f"players[{i}].name", f"duplicate player name {p.name!r}")
            self.players.append(p.name)
        if s.active_player is None:
            s.active_player = s.players[0].name
        else:
            self._player("active_player", s.active_player)
        if self.magic:
            for i, p in enumerate(s.players):
                for j, name in enumerate(p.library):
                    self._lookup(f"players[{i}].library[{j}]", name)
                for j, name in enumerate(getattr(p, "graveyard", None) or ()):
                    self._lookup(f"players[{i}].graveyard[{j}]", name)
                for j, name in enumerate(getattr(p, "hand", None) or ()):
                    self._lookup(f"players[{i}].hand[{j}]", name)

    def _permanents(self) -> None:
        s = self.s
        given: dict[str, int] = {}
        for i, p in enumerate(s.permanents):
            where = f"permanents[{i}]"
            if p.id is not None:
                if p.id in given:
                    raise ScenarioError(f"{where}.id", f"duplicate id {p.id!r} (also permanents[{given[p.id]}])")
                if p.id in self.players:
                    raise ScenarioError(f"{where}.id", f"id {p.id!r} is also a player name")
                given[p.id] = i
            if self.magic:
                if (p.card is None) == (p.name is None):
                    raise ScenarioError(f"{where}.card", "give exactly one of `card` (a real card) and `name` (inline)")
            else:
                if p.card is not None:
                    raise ScenarioError(f"{where}.card", "Duel Masters permanents have no card data; use `name`")
                if p.name is None:
                    raise ScenarioError(f"{where}.name", "required for a Duel Masters permanent")
            self._player(f"{where}.controller", p.controller)
            self._player(f"{where}.owner", p.owner)
            self._player(f"{where}.protector", p.protector)
            if getattr(p, "until_end_of_turn", None) is not None:
                self._until_end_of_turn(where, p)
            if self.magic:
                self._normalise(where, p)
                if p.card is not None:
                    self._lookup(f"{where}.card", p.card)
            for name, owner in (getattr(p, "exiled", None) or {}).items():
                if not self.magic:
                    raise ScenarioError(f"{where}.exiled", "Magic only: Duel Masters has no exile")
                self._lookup(f"{where}.exiled.{name}", name)
                self._player(f"{where}.exiled.{name}", owner)

        # Derived ids: from the card or name, never colliding with a given id, a player
        # name or an earlier derived id; repeats get "-2", "-3", ... in scenario order.
        taken = set(given) | set(self.players)
        resolved: list[PermanentSpec] = []
        for p in s.permanents:
            if p.id is None:
                base = default_id(p.card or p.name or "")
                new, n = base, 2
                while new in taken:
                    new, n = f"{base}-{n}", n + 1
                taken.add(new)
                p = PermanentSpec._raw({**p.__dict__, "id": new})
            resolved.append(p)
        s.permanents = resolved
        self.ids = {p.id: i for i, p in enumerate(resolved) if p.id is not None}

        for i, p in enumerate(resolved):
            if p.paired_with is not None:
                self._permanent(f"permanents[{i}].paired_with", p.paired_with)
                if p.paired_with == p.id:
                    raise ScenarioError(f"permanents[{i}].paired_with",
                                        "a creature can't be paired with itself (CR 702.95)")
            if p.attached_to is not None:
                self._permanent(f"permanents[{i}].attached_to", p.attached_to)
                if p.attached_to == p.id:
                    raise ScenarioError(f"permanents[{i}].attached_to", "a permanent can't be attached to itself")

    @staticmethod
    def _until_end_of_turn(where: str, p: PermanentSpec) -> None:
        """``until_end_of_turn`` names a part of the *given* current values (CR 514.2: it
        ends in the cleanup step): a power or toughness change needs the current value it
        is included in, and each ability must be one of the permanent's ``abilities``."""
        eot = p.until_end_of_turn
        if eot is None:
            return
        for field in ("power", "toughness"):
            if getattr(eot, field) and getattr(p, field) is None:
                raise ScenarioError(
                    f"{where}.until_end_of_turn.{field}",
                    f"give the permanent's current {field} too ({field}: the value with this "
                    f"change in it); until_end_of_turn says which part of it ends at cleanup")
        left = list(p.abilities)
        for j, sentence in enumerate(eot.abilities):
            if sentence not in left:
                raise ScenarioError(
                    f"{where}.until_end_of_turn.abilities[{j}]",
                    f"{clip(sentence)} is not in this permanent's abilities (list it "
                    f"there too: until_end_of_turn says which of them end at cleanup)")
            left.remove(sentence)

    def _normalise(self, where: str, p: PermanentSpec) -> None:
        """Spell card types and supertypes as CR 205 does; colours as letters in WUBRG order
        (CR 105.2), as the card data stores them."""
        for field, known in (("types", _CARD_TYPES), ("supertypes", _SUPERTYPES)):
            values = getattr(p, field)
            if values is None:
                continue
            lookup = {k.lower(): k for k in known}
            fixed = []
            for j, v in enumerate(values):
                canon = lookup.get(v.strip().lower())
                if canon is None:
                    raise ScenarioError(f"{where}.{field}[{j}]", f"unknown {field[:-1]} {v!r} (known: {', '.join(known)})")
                fixed.append(canon)
            setattr(p, field, fixed)
        if p.subtypes is not None:
            p.subtypes = [v.strip()[:1].upper() + v.strip()[1:] for v in p.subtypes]
        if p.colors is not None:
            fixed = []
            for j, v in enumerate(p.colors):
                canon = _COLORS.get(v.strip().lower())
                if canon is None:
                    extra = "; colorless is `colors: []`" if v.strip().lower() == "colorless" else ""
                    raise ScenarioError(
                        f"{where}.colors[{j}]",
                        f"unknown color {v!r} (white, blue, black, red, green or W, U, B, R, G{extra})",
                    )
                if canon not in fixed:
                    fixed.append(canon)
            p.colors = sorted(fixed, key=_WUBRG.index)

    def _commanders(self) -> None:
        """Commander fields (CR 903): only with ``format: commander`` (a Magic format); a
        player's ``commanders`` (off the battlefield) are unique and name no permanent or
        player; every ``commander_damage`` key names a commander — a permanent marked
        ``commander`` or a name in some player's ``commanders`` (903.10a: the count is kept
        per commander)."""
        s = self.s
        if getattr(s, "format", None) != "commander":
            for i, p in enumerate(s.permanents):
                if getattr(p, "commander", False):
                    raise ScenarioError(f"permanents[{i}].commander",
                                        "only in a Commander game (give format: commander)")
            for i, pl in enumerate(s.players):
                for field in ("commanders", "commander_damage"):
                    if getattr(pl, field, None):
                        raise ScenarioError(f"players[{i}].{field}",
                                            "only in a Commander game (give format: commander)")
            return
        if not self.magic:
            raise ScenarioError("format", "commander is a Magic format (game: magic)")
        on_field = [p.id for p in s.permanents if p.commander and p.id is not None]
        away: dict[str, str] = {}
        for i, pl in enumerate(s.players):
            for j, name in enumerate(pl.commanders):
                where = f"players[{i}].commanders[{j}]"
                if name in self.ids:
                    raise ScenarioError(where, f"{name!r} is a permanent on the battlefield: mark "
                                               f"it `commander: true` there instead")
                if name in self.players:
                    raise ScenarioError(where, f"{name!r} is a player name")
                if name in away:
                    raise ScenarioError(where, f"duplicate commander {name!r} (also {away[name]})")
                away[name] = where
        known = on_field + list(away)
        for i, pl in enumerate(s.players):
            for key in pl.commander_damage:
                if key in known:
                    continue
                where = f"players[{i}].commander_damage.{key}"
                if key in self.ids:
                    raise ScenarioError(where, f"{key!r} is not a commander (mark that permanent "
                                               f"`commander: true`, CR 903.3)")
                raise ScenarioError(where, self._unknown("commanders", key, known)
                                    + "; a commander off the battlefield is listed in its "
                                      "owner's `commanders`")

    def _effects(self) -> None:
        for i, e in enumerate(self.s.effects):
            where = f"effects[{i}]"
            if isinstance(e, GoadEffect):
                self._permanent(f"{where}.goad", e.goad)
                self._player(f"{where}.by", e.by)
            elif isinstance(e, MustAttackEffect):
                self._permanent(f"{where}.must_attack.attacker", e.must_attack.attacker)
                self._player_or_permanent(f"{where}.must_attack.target", e.must_attack.target)
            elif isinstance(e, MustBlockEffect):
                self._permanent(f"{where}.must_block.blocker", e.must_block.blocker)
                self._permanent(f"{where}.must_block.attacker", e.must_block.attacker)
            elif isinstance(e, PreventDamageEffect):
                if e.prevent_damage.to is not None:
                    self._player_or_permanent(f"{where}.prevent_damage.to", e.prevent_damage.to)
                if e.prevent_damage.by is not None:
                    self._permanent(f"{where}.prevent_damage.by", e.prevent_damage.by)

    def _combat(self, c: CombatSpec) -> None:
        for attacker, target in c.attackers.items():
            self._permanent("combat.attackers", attacker)
            self._player_or_permanent(f"combat.attackers.{attacker}", target)
        for blocker, attackers in c.blockers.items():
            self._permanent("combat.blockers", blocker)
            for j, a in enumerate(attackers):
                self._permanent(f"combat.blockers.{blocker}[{j}]", a)
        for j, a in enumerate(c.blocked):
            self._permanent(f"combat.blocked[{j}]", a)
        for j, a in enumerate(c.first_strike_dealt):
            self._permanent(f"combat.first_strike_dealt[{j}]", a)
        for j, band in enumerate(c.bands):
            for k, a in enumerate(band):
                self._permanent(f"combat.bands[{j}][{k}]", a)
        for creature, order in c.damage_order.items():
            self._permanent("combat.damage_order", creature)
            for j, other in enumerate(order):
                self._permanent(f"combat.damage_order.{creature}[{j}]", other)
        for source, split in c.assignment.items():
            self._permanent("combat.assignment", source)
            for recipient in split:
                self._player_or_permanent(f"combat.assignment.{source}", recipient)
        self._triggers_resolved(c)
        self._trigger_choices(c)

    def _triggers_resolved(self, c: CombatSpec) -> None:
        """``combat.triggers_resolved`` (issue 21): known windows, each once, and in the order
        of combat — the attack window's abilities resolve before blockers are declared (508.2,
        509.1), the block window's before combat damage (509.2, 510.1), the first-strike
        step's before the regular step (510.4)."""
        given = getattr(c, "triggers_resolved", None)
        if given is None:
            return
        field = "combat.triggers_resolved"
        seen: list[str] = []
        for j, w in enumerate(given):
            if w not in TRIGGER_WINDOWS:
                raise ScenarioError(f"{field}[{j}]", f"unknown window {w!r} (windows: {', '.join(TRIGGER_WINDOWS)})")
            if w in seen:
                raise ScenarioError(f"{field}[{j}]", f"window {w!r} is listed twice")
            seen.append(w)
        if "block" in seen and "attack" not in seen:
            raise ScenarioError(field, "lists block without attack: the attack window's abilities "
                                       "resolve before blockers are declared (CR 508.2, 509.1)")
        for w in ("first-strike", "regular"):
            if w in seen and not {"attack", "block"} <= set(seen):
                raise ScenarioError(field, f"lists {w} without attack and block: combat damage comes "
                                           f"after the declare blockers step (CR 509.2, 510.1)")
        if "first-strike" in seen and c.step != "regular":
            raise ScenarioError(field, "lists first-strike: the first-strike combat damage step is "
                                       "over, so give combat.step: regular too (CR 510.4)")
        if "regular" in seen and c.step == "first-strike":
            raise ScenarioError(field, "lists regular, but combat.step is first-strike: the regular "
                                       "step comes after it (CR 510.4)")

    def _trigger_choices(self, c: CombatSpec) -> None:
        """``combat.trigger_choices``: known ids and players, and a window still to resolve
        (a resolved window's choices are in the board as given). Whether the source has
        such an ability and the choice is legal is checked on the board
        (:mod:`redzone.models.triggers.scenario`)."""
        items = getattr(c, "trigger_choices", None) or []
        if not items:
            return
        done, stated = resolved_windows(c)
        for i, item in enumerate(items):
            where = f"combat.trigger_choices[{i}]"
            self._permanent(f"{where}.source", item.source)
            if item.window not in TRIGGER_WINDOWS:
                raise ScenarioError(f"{where}.window", f"unknown window {item.window!r} "
                                                       f"(windows: {', '.join(TRIGGER_WINDOWS)})")
            if item.window in done:
                why = ("combat.triggers_resolved lists it" if stated else
                       "combat.triggers_resolved is not given, and the combat is taken to stand "
                       "after it (" + ("blockers are declared" if item.window == "attack" else
                                       "first_strike_dealt is given") + ")")
                advice = ("leave this choice out, or take the window out of "
                          "combat.triggers_resolved" if stated else
                          "give combat.triggers_resolved to say where the combat stands")
                raise ScenarioError(f"{where}.window",
                                    f"the {item.window} window has resolved ({why}): its choices "
                                    f"are in the board as given; {advice}")
            if item.trigger is not None:
                self._permanent(f"{where}.trigger", item.trigger)
            if item.target is not None and not self._graveyard_card(f"{where}.target", item.target):
                self._player_or_permanent(f"{where}.target", item.target)
                if item.no_target:
                    raise ScenarioError(f"{where}.no_target", "give either target or no_target, not both")
            for j, pid in enumerate(item.sacrifice):
                self._permanent(f"{where}.sacrifice[{j}]", pid)
            if item.chosen is not None and item.chosen not in CHOSEN_WORDS \
                    and not item.chosen.isdigit() \
                    and not self._hand_card(f"{where}.chosen", item.chosen) \
                    and not self._library_card(f"{where}.chosen", item.chosen):  # h9, h13; h16: X paid; h39
                self._permanent(f"{where}.chosen", item.chosen)
            for j, x in enumerate(item.proliferate or ()):
                self._player_or_permanent(f"{where}.proliferate[{j}]", x)
            for j, x in enumerate(item.tapped or ()):  # h9
                self._permanent(f"{where}.tapped[{j}]", x)
            for x in item.divided or {}:  # h14
                self._player_or_permanent(f"{where}.divided.{x}", x)
            for j, x in enumerate(item.targets or ()):  # h14
                self._permanent(f"{where}.targets[{j}]", x)
            if (item.target is None and not item.no_target and item.may is None and not item.sacrifice
                    and item.mode is None and item.chosen is None and item.proliferate is None
                    and item.tapped is None and item.coin is None and item.roll is None
                    and item.divided is None and item.targets is None):
                raise ScenarioError(where, "states no choice: give target, no_target, may, sacrifice, "
                                           "chosen, proliferate, mode, tapped, coin, roll, divided or targets")


def _close_matches(word: str, possibilities: list[str], n: int, cutoff: float) -> list[str]:
    """``difflib.get_close_matches``, imported only when an error needs a suggestion (difflib
    is a few milliseconds of every start-up otherwise, issue 11)."""
    import difflib  # here for start-up (see above)

    return difflib.get_close_matches(word, possibilities, n=n, cutoff=cutoff)


def _with_where(error: ScenarioError, where: str) -> ScenarioError:
    if not where:
        return error
    return ScenarioError(error.field, error.problem, where=where)


def parse_scenario(data: object, *, where: str = "") -> Scenario:
    """Validate already-parsed data (a mapping, as from YAML/JSON) into a :class:`Scenario`.

    ``where`` (e.g. ``"line 3"`` or a file name) is put in front of the error message.
    Raises :class:`ScenarioError` with the field path of the first problem found.
    """
    if isinstance(data, Scenario):
        return data
    if not isinstance(data, dict):
        kind = "nothing" if data is None else type(data).__name__
        raise _with_where(ScenarioError("", f"a scenario must be a mapping of fields (got {kind})"), where)
    check_depth(data, where)
    try:
        return _validate_spec(Scenario, data)
    except ScenarioError as err:
        raise _with_where(err, where) from None


def _validate_spec(cls: type[_Spec], data: dict[str, Any]) -> Any:
    """``data`` (a mapping) as a ``cls`` object: the shapes by :mod:`.fast` when
    it is sure, else by the pydantic schema of record (:mod:`.schema`); a
    :class:`Scenario` is then cross-checked. Objects already built inside ``data`` are read
    as their fields. Raises :class:`ScenarioError` (the schema's message, or the cross-check's).
    """
    obj = _build_fast(cls, data)
    if obj is None:
        # Imported here for start-up (pydantic, ~130 ms): only odd or bad input gets here.
        from redzone.models.scenario.schema import validate_spec

        obj = validate_spec(cls.__name__, _as_data(data))
    if cls is Scenario:
        _Checker(obj).run()
    return obj


def _as_data(value: Any) -> Any:
    """``value`` with every scenario object in it replaced by its fields (for pydantic)."""
    if isinstance(value, _Spec):
        return {k: _as_data(v) for k, v in value.__dict__.items()}
    if isinstance(value, dict):
        return {k: _as_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_as_data(v) for v in value)
    return value


def check_depth(data: object, where: str = "") -> None:
    """Refuse data nested deeper than :data:`MAX_DEPTH` (lists and mappings), without
    recursion. A container shared through YAML aliases is visited again only when reached
    deeper than before, so the work stays bounded (at most :data:`MAX_DEPTH` visits each)."""
    stack: list[tuple[object, int]] = [(data, 1)]
    deepest: dict[int, int] = {}
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _with_where(ScenarioError(
                "", f"nested more than {MAX_DEPTH} levels deep (a scenario needs about 5)"), where)
        if not isinstance(item, (dict, list)) or deepest.get(id(item), 0) >= depth:
            continue
        deepest[id(item)] = depth
        stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))


def scenario_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a scenario file, for ``redzone schema``.

    It describes shapes and defaults only; cross-references (known players, ids and card
    names) are checked by :class:`Scenario` validation.
    """
    # Imported here for start-up: pydantic only for ``redzone schema``.
    from redzone.models.scenario.schema import scenario_json_schema as schema

    return schema()


def _built_in_code(cls: type[_Spec], data: dict[str, Any]) -> Any:
    """A ``cls`` object from keyword arguments given in code (``PlayerSpec(name="A")``),
    validated as :func:`parse_scenario` does."""
    return _validate_spec(cls, _as_data(data))


_types.use_validator(_built_in_code)
