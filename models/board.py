"""Building the board: a validated scenario resolved into players and permanents with real
characteristics and parsed abilities.

:func:`build_board` takes a :class:`redzone.models.scenario.Scenario`, looks up each
permanent's card in the bundled Oracle data (:mod:`redzone.models.cards`), applies the
scenario's overrides, parses the Oracle text plus any ``abilities`` with
:func:`redzone.models.parser.parse_text`, records which sentences were not understood, decides
the static abilities under a condition (:mod:`redzone.models.conditions`) and applies the other
permanents' continuous effects in layer order (:mod:`redzone.models.layers`, CR 613;
``power``/``toughness`` given are *current* values, to which only combat-dependent effects are
added).

The board itself (:class:`Board`, :class:`Permanent`, :class:`Player` and the questions the
rules ask of them) is :mod:`redzone.models.battlefield`'s; it is re-exported here.
"""

from __future__ import annotations

from redzone.models.abilities import Ability, Keyword, ParsedText
from redzone.models.battlefield import Base, Board, EndOfTurn, Permanent, Player
from redzone.models.cards import lookup_face
from redzone.models.choices import resolve_choices
from redzone.models.conditions import hand_costs, resolve
from redzone.models.errors import ScenarioError, UnparsedTextError, clip
from redzone.models.layers import apply_layers, combat_state, reaches_others
from redzone.models.limits import check_time
from redzone.models.load_actions import perform_on_load
from redzone.models.parser import parse_text
from redzone.models.scenario import Scenario, UntilEndOfTurn

__all__ = ["Board", "Permanent", "Player", "build_board"]


# ------------------------------------------------------------------ building


def _int_or_none(value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return None


def _printed_stat(value: str | None, given: int | None, where: str, what: str, card: str) -> int | None:
    """The current value of a printed characteristic: the given value, else the printed
    integer; a printed non-integer (``*``, ``1+*``) must be given."""
    if given is not None:
        return given
    if value is None:
        return None
    number = _int_or_none(value)
    if number is None:
        raise ScenarioError(where, f"{card}'s printed {what} is {value!r}; give the current {what}")
    return number


#: CR 110.4a: the permanent types.
_PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})



def _keyword_counters(parsed: ParsedText, counters: dict[str, int] | None) -> ParsedText:
    """h21: a permanent with a keyword counter (an indestructible, flying ... counter) has
    that keyword (122.1b), as a counter put on it in combat gives it
    (:func:`redzone.models.triggers.counters._set_counters`, whose text ``"<kind> counter"``
    marks it); triggered keyword counters (exalted) are :mod:`redzone.models.triggers.granted`'s."""
    if not counters:
        return parsed
    from redzone.models.triggers.counters import KEYWORD_COUNTERS

    have = {a.name for a in parsed.abilities if isinstance(a, Keyword)}
    extra = tuple(Keyword(name=k, text=f"{k} counter") for k in sorted(KEYWORD_COUNTERS)
                  if counters.get(k, 0) > 0 and k not in have)
    return ParsedText(parsed.abilities + extra, parsed.unparsed, parsed.ignored) if extra else parsed


def _check_dungeons(scenario: Scenario) -> None:
    """h24: each player's stated ``dungeon`` is a room of a dungeon "venture into the
    dungeon" plays (309.4); else :class:`ScenarioError` naming ``players[i].dungeon``."""
    from redzone.models.triggers.hidden_zones import ROOMS

    for i, p in enumerate(scenario.players):
        room = getattr(p, "dungeon", None)
        if room is not None and room not in ROOMS:
            raise ScenarioError(f"players[{i}].dungeon",
                                f"unknown dungeon room {room!r} (rooms: {', '.join(ROOMS)})")


def _unread_conditions(board: Board) -> tuple[str, ...]:
    """One line per ``conditions`` key of ``board``'s permanents that no rule reads
    (:func:`redzone.models.condition_keys.unread_keys`)."""
    from redzone.models.condition_keys import STATED, stated_phrases, unread_keys, words

    phrases = [words(phrase.replace("~", perm.name), (perm.name,))
               for perm in board.permanents.values()
               for phrase in stated_phrases((perm.conditional or perm.parsed).abilities)]
    perms = sorted((p for p in board.permanents.values() if p.conditions), key=lambda p: p.index)
    stated = [(f"permanents[{p.index}].conditions", tuple(n for n in (p.name, p.card) if n),
               list(p.conditions)) for p in perms]
    return tuple(f"{where}: {key!r} is read by no rule: it is neither one of redzone's keys "
                 f"({', '.join(STATED)}; docs/scenario-format.md) nor the words of a condition "
                 f"a card on the board asks to be stated, so it changes nothing: check its spelling"
                 for where, key in unread_keys(stated, phrases, [p.name for p in board.players]))


def build_board(scenario: Scenario, *, strict: bool = False) -> Board:
    """Resolve a validated :class:`redzone.models.scenario.Scenario` into a :class:`Board`.

    Raises :class:`ScenarioError` when a value can't be determined (e.g. a printed ``*``
    power not given) and, with ``strict``, :class:`UnparsedTextError` for the first
    combat-relevant sentence the parser did not understand. Card names were already checked
    by the schema; lookups here cannot fail for a validated scenario.
    """
    _check_dungeons(scenario)  # h24
    players = tuple(
        Player(name=p.name, life=p.life, poison=p.poison, mana=p.mana, energy=p.energy, library=tuple(p.library),
               graveyard=tuple(getattr(p, "graveyard", None) or ()),
               hand=None if (h := getattr(p, "hand", None)) is None else tuple(h),  # h34: unstated
               dungeon=getattr(p, "dungeon", None),  # h24
               ring_tempted=getattr(p, "ring_tempted", None) or 0,  # h24
               commander_damage=tuple(sorted((getattr(p, "commander_damage", None) or {}).items())))
        for p in scenario.players
    )
    permanents: dict[str, Permanent] = {}
    for i, spec in enumerate(scenario.permanents):
        if i & 255 == 0:
            check_time("building the board")
        where = f"permanents[{i}]"
        pid = spec.id
        assert pid is not None  # every permanent has its id once the scenario validated
        card_name: str | None = None
        if spec.card:
            card, face = lookup_face(spec.card)
            if not face.known and card.layout == "adventure" and face is not card.faces[0]:
                # CR 715.4: an adventurer card on the battlefield has only its normal
                # (creature) characteristics; its Adventure is an instant or sorcery.
                raise ScenarioError(
                    f"{where}.card",
                    f"{face.name!r} is the Adventure of {card.name!r}, an instant or sorcery, "
                    f"never a permanent; on the battlefield the card is {card.faces[0].name!r} "
                    f"(CR 715.4): name that instead")
            if not face.known:
                # Issue 10 §4: a face the bundled data holds by name only has no types,
                # power or text; using it would be silently wrong.
                raise ScenarioError(
                    f"{where}.card",
                    f"the card data has only the name of {face.name!r} (a face of "
                    f"{card.name!r}), not its characteristics; give the permanent inline "
                    f"(name, types, power, toughness, text) instead")
            card_name = card.name
            name = face.name
            types, subtypes, supertypes = face.types, face.subtypes, face.supertypes
            colors, mana_value, text = face.colors, face.mana_value, face.text
            printed = {"power": face.power, "toughness": face.toughness,
                       "loyalty": face.loyalty, "defense": face.defense}
            names: tuple[str, ...] = tuple(dict.fromkeys((face.name, card.name)))
        else:
            name = spec.name or pid
            types = subtypes = supertypes = colors = ()
            mana_value, text = 0, ""
            printed = {"power": None, "toughness": None, "loyalty": None, "defense": None}
            names = (name,)
        if spec.types is not None:
            types = tuple(spec.types)
        if spec.subtypes is not None:
            subtypes = tuple(spec.subtypes)
        if spec.supertypes is not None:
            supertypes = tuple(spec.supertypes)
        if spec.colors is not None:
            colors = tuple(spec.colors)
        if spec.mana_value is not None:
            mana_value = spec.mana_value
        if spec.text is not None:
            text = spec.text
        counters = dict(spec.counters or {})
        shown = card_name or name
        power = _printed_stat(printed["power"], spec.power, f"{where}.power", "power", shown)
        toughness = _printed_stat(printed["toughness"], spec.toughness, f"{where}.toughness", "toughness", shown)
        # Counters are applied in layer 7c (613.4c) by redzone.models.layers.
        loyalty = spec.loyalty if spec.loyalty is not None else _int_or_none(printed["loyalty"])
        if spec.loyalty is None and "loyalty" in counters:
            loyalty = counters["loyalty"]
        defense = spec.defense if spec.defense is not None else _int_or_none(printed["defense"])
        if spec.defense is None and "defense" in counters:
            defense = counters["defense"]
        if ({"Instant", "Sorcery"} & set(types)) and not (_PERMANENT_TYPES & set(types)):
            # CR 304.4, 307.4: an instant or sorcery can't enter the battlefield (110.4a: only
            # artifacts, battles, creatures, enchantments, lands and planeswalkers are permanents).
            kind = "an instant" if "Instant" in types else "a sorcery"
            raise ScenarioError(
                f"{where}.card" if card_name else f"{where}.types",
                f"{shown} is {kind}, never a permanent (CR 304.4, 307.4); only a card with a "
                f"permanent type can be on the battlefield")
        if "Creature" in types and (power is None or toughness is None):
            raise ScenarioError(f"{where}.power", f"{shown} is a creature with no power/toughness; give both")
        if "Planeswalker" in types and loyalty is None:
            raise ScenarioError(f"{where}.loyalty", f"{shown} is a planeswalker with no loyalty; give loyalty (CR 306.5b)")
        if "Battle" in types and defense is None:
            raise ScenarioError(f"{where}.defense", f"{shown} is a battle whose defense is not in the card data; give defense")

        parts = [text] if text else []
        parts.extend(spec.abilities or [])
        if len(parts) == 1:
            parsed = parse_text(parts[0], names=names)  # cached and immutable: shared as is
        else:
            parsed = _parse_parts(parts, names)
        if strict and parsed.unparsed:
            from redzone.models.parser.words import hint_suffix

            label = shown if shown == pid else f"{shown} ({pid})"  # the id tells copies apart
            raise UnparsedTextError(f"{where}: {label}: not understood: {parsed.unparsed[0]!r}"
                                    f"{hint_suffix(parsed.unparsed[0], names)}")
        parsed = _keyword_counters(parsed, counters)  # h21: 122.1b
        eot = getattr(spec, "until_end_of_turn", None)
        until_end_of_turn = _end_of_turn(eot, text, spec.abilities or [], names, where) if eot else None

        protector = spec.protector
        permanents[pid] = Permanent(
            id=pid, name=name, card=card_name, controller=spec.controller,
            owner=spec.owner or spec.controller, index=i, types=tuple(types),
            subtypes=tuple(subtypes), supertypes=tuple(supertypes), colors=tuple(colors),
            mana_value=mana_value, power=power, toughness=toughness, loyalty=loyalty,
            defense=defense, protector=protector, tapped=spec.tapped,
            summoning_sick=spec.summoning_sick, token=bool(getattr(spec, "token", False)),
            damage=spec.damage, counters=counters,
            attached_to=spec.attached_to, paired_with=getattr(spec, "paired_with", None),
            parsed=parsed,
            base=Base(tuple(types), tuple(subtypes), tuple(supertypes), tuple(colors), power,
                      toughness, spec.power is not None, spec.toughness is not None),
            conditions=dict(getattr(spec, "conditions", None) or {}),
            choices=dict(getattr(spec, "choices", None) or {}),
            until_end_of_turn=until_end_of_turn,
            commander=bool(getattr(spec, "commander", False)),
            exiled=dict(getattr(spec, "exiled", None) or {}),
        )
    board = Board(
        scenario=scenario, players=players, permanents=permanents,
        active_player=scenario.active_player or players[0].name,
        rules=scenario.rules, game=scenario.game,
    )
    _default_protectors(board)
    _pairs(board)
    resolve_choices(board)  # h17: values chosen as it entered ("the chosen color"), 614.12
    resolve(board)  # statics under a condition the scenario decides (611.3a), before layers
    hand_costs(board)  # a cost counted by a hand the scenario doesn't state is not decided
    if any(p.conditions for p in permanents.values()):
        board.unread_conditions = _unread_conditions(board)
        if strict and board.unread_conditions:
            raise UnparsedTextError(board.unread_conditions[0])
    if strict:  # a condition the scenario doesn't decide is a sentence not played (--strict)
        for perm in board.permanents.values():
            undecided = [u for u in perm.parsed.unparsed
                         if u.startswith(("condition not decided", "cost not decided"))]
            if undecided:
                raise UnparsedTextError(f"permanents[{perm.index}]: {perm.label}: {undecided[0]}")
    combat = getattr(scenario, "combat", None)
    # CR 613: characteristics as other permanents' effects make them; combat-dependent ones
    # for the scenario's combat (506.4, 611.3a).
    board.combat = combat_state(
        board, dict(combat.attackers) if combat is not None else None,
        {b: list(v) for b, v in combat.blockers.items()} if combat is not None else None)
    board._grants = board._index = None
    board.gaps = apply_layers(board, board.combat)
    _commanders_are_creatures(board)
    if strict and board.gaps:
        gap = board.gaps[0]
        raise UnparsedTextError(f"permanents[{board.permanents[gap.source].index}]: "
                                f"{board.permanents[gap.source].label}: {gap.message()}")
    # CR 704.3: the board as the game has it; a board some permanent left is built again
    # from the scenario without it.
    board = perform_on_load(board, strict=strict, rebuild=build_board)
    from redzone.models.triggers.more_amounts import check_chosen_players  # h36

    check_chosen_players(board)  # h36: "the chosen player" of a trigger is a player
    if combat is not None and getattr(combat, "trigger_choices", None):
        # Issue 21: each stated choice names an ability of its window with such a choice.
        from redzone.models.triggers.scenario import check_trigger_choices

        check_trigger_choices(board)
    return board


def _commanders_are_creatures(board: Board) -> None:
    """A permanent marked ``commander`` must be a creature (CR 903.3; only a creature deals
    combat damage, 903.10a, 510.1); a commander that is not one (a planeswalker commander,
    an uncrewed Vehicle) is listed in its owner's ``commanders`` instead, where the damage
    it dealt earlier stays countable. Raises :class:`ScenarioError` naming the field."""
    for perm in board.permanents.values():
        if perm.commander and not perm.is_creature:
            raise ScenarioError(
                f"permanents[{perm.index}].commander",
                f"{perm.label} is not a creature on the battlefield, so it deals no combat "
                f"damage (CR 903.10a); list a commander that is not a creature in its owner's "
                f"`commanders` (players[].commanders) instead")


def _end_of_turn(eot: UntilEndOfTurn, text: str, abilities: list[str], names: tuple[str, ...],
                 where: str) -> EndOfTurn:
    """The permanent's :class:`redzone.models.cleanup.EndOfTurn` from its scenario
    ``until_end_of_turn`` (each ability one of ``abilities``: checked when the scenario was
    read): its text parsed without those sentences. Raises :class:`ScenarioError` for an
    ability there that changes or grants to other permanents (an effect on the others
    would end with it; they are described by their own values)."""
    left = list(abilities)
    for j, sentence in enumerate(eot.abilities):
        left.remove(sentence)
        if any(reaches_others(a) for a in parse_text(sentence, names=names).abilities):
            raise ScenarioError(
                f"{where}.until_end_of_turn.abilities[{j}]",
                f"{clip(sentence)} changes other permanents' characteristics or abilities; "
                f"only the permanent's own abilities can be marked here (give the others' "
                f"until-end-of-turn changes on them)")
    parts = [text] if text else []
    parts.extend(left)
    return EndOfTurn(eot.power, eot.toughness, tuple(eot.abilities),
                     _parse_parts(parts, names))


def _parse_parts(parts: list[str], names: tuple[str, ...]) -> ParsedText:
    """The Oracle text parser's results for several texts of one permanent (its rules text
    and its ``abilities`` lines), put together in order."""
    abilities: list[Ability] = []
    unparsed: list[str] = []
    ignored: list[str] = []
    for part in parts:
        one = parse_text(part, names=names)
        abilities.extend(one.abilities)
        unparsed.extend(one.unparsed)
        ignored.extend(one.ignored)
    return ParsedText(tuple(abilities), tuple(unparsed), tuple(ignored))


def _pairs(board: Board) -> None:
    """Make every pairing mutual and check it (CR 702.95): both paired permanents are
    creatures their one controller controls, and each is paired with one creature only.
    Raises :class:`ScenarioError` naming the ``paired_with`` field otherwise."""
    for perm in board.permanents.values():
        other_id = perm.paired_with
        if other_id is None:
            continue
        where = f"permanents[{perm.index}].paired_with"
        other = board.permanents[other_id]
        if not (perm.is_creature and other.is_creature) or perm.controller != other.controller:
            raise ScenarioError(where, f"{perm.label} and {other.label} can't be paired: a pair is "
                                       "two creatures one player controls (CR 702.95)")
        if other.paired_with not in (None, perm.id):
            raise ScenarioError(where, f"{other.label} is already paired with {other.paired_with} "
                                       "(a creature is paired with one creature, CR 702.95)")
        other.paired_with = perm.id


def _default_protectors(board: Board) -> None:
    """Give each battle without a ``protector`` one when the rules leave a single choice: a
    Siege's protector is an opponent of its controller (CR 310.12a); with exactly
    one opponent that is it. Otherwise the scenario must name it."""
    for perm in board.permanents.values():
        if "Battle" not in perm.types or perm.protector:
            continue
        opponents = board.opponents(perm.controller)
        if len(opponents) == 1:
            perm.protector = opponents[0]
        else:
            raise ScenarioError(
                f"permanents[{perm.index}].protector",
                f"{perm.label} is a battle and {perm.controller} has several opponents; name its protector",
            )
