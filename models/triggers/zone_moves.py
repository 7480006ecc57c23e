"""Zone moves of library, hand, graveyard and exile in triggered abilities of combat, read in
other shapes (h37; docs/triggers.md, "Zone moves in other shapes (h37)").

Reading (:func:`read_whole`, before the sentence loop of
:mod:`redzone.models.triggers.parse`; :func:`read_clause`, a clause reader near its start;
:func:`read_last`, its last fallback; :func:`count_phrase`, a count of
:mod:`redzone.models.triggers.amounts`):

- a delayed triggered ability at the next end step (603.7, 513.1) — "At the beginning of the
  next end step, <anything>. If you do, ...", "<one act> at the beginning of the next end
  step" — acts after this combat: a value (the effects before it in the same ability are
  read as usual; later.py's own returns first); only moves of cards that are no permanents
  (a card in a graveyard to a hand) are taken — a delayed act that changes the next turn's
  board (a removal, :data:`_REMOVAL`; a token, a life change or a card put onto the
  battlefield, :data:`_NEXT_TURN`) is not read, as the AI's crack-back would not see it;
- "tap <X>. That <noun> / It doesn't untap during its controller's next untap step" (the
  same as "tap X and it doesn't untap ...", :mod:`.board_effects`);
- "that creature can't attack during its controller's next turn": a later turn (a value);
- "reveal cards from the top of your library until you reveal a <kinds> card" and "put that
  card onto the battlefield [tapped [and attacking]] and put all other cards revealed this
  way into your graveyard / and the rest on the bottom ... / , then shuffle the rest into your
  library" as separate clauses (so that a gate "If you do" may stand between them):
  :class:`RevealUntil`, :class:`RevealedPut` of :mod:`.hidden_zones` (which plays them);
- values of hidden zones (mills, cards between hands, graveyards, libraries and exile,
  heists) and casts later (permissions, escape and flashback granted, cascade), as
  parse.py's "impulse"; an activated ability a token is given (602: never activated here);
- "look at the top N cards of your library. You may put a <kinds> card ... from among them
  onto the battlefield ..." (:class:`TopCards`, played by :func:`resolve`);
- "draw a card, then discard a card. When you discard a card this way, X"; "you may exile
  it. When you do, X" (its card exiled first); "you may have it deal damage ... equal to
  <count>";
- "<player> <verb>s A, <verb>s B, and <verb>s C" and "with mana value less than or equal to
  the number of ..." (as X) — :func:`read_last`;
- "with a finality counter on it" after a graveyard return (the replacement itself:
  ``outcome.finality_exiled``);
- counts of cards in graveyards: "the number of [<kinds>] cards in your / defending player's
  graveyard" (:class:`Count` ``"zone_cards"``).

Playing: :func:`count_cards` counts the cards of a graveyard as the scenario states it
(``players[].graveyard``, less a card that left it in this combat) with the nontoken
permanents of the player that died in this combat and stayed there; :func:`resolve` puts
cards from the top of the stated library. Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from redzone.models.triggers.types import (Amount, Count, Effect, EntersFromCard, RevealedPut,
                                           RevealUntil, TopCards, ValueOnly, Who)

__all__ = ["EFFECTS", "count_cards", "count_phrase", "of_the_choice", "read_clause", "read_last", "read_whole"]

EFFECTS = (TopCards,)
"""The effect classes :func:`resolve` plays."""

Sentence = Callable[[str], "tuple[Effect, ...] | None"]
Effects = Callable[[str], "tuple[tuple[Effect, ...], bool] | None"]

_NEXT_END = r"at the beginning of (?:the|your) next end step"

# ---------------------------------------------------------------- delayed to the end step

_OBJ = (r"(?:that creature|it|~|this card|this creature|them|those creatures|that token|"
        r"those tokens|all tokens created with (?:it|~)|all permanents)")
_LATER_ACT = re.compile(
    r"return " + _OBJ + r" to (?:its owner's|their owners'|your|his owner's|her owner's) hands?"
    r"|(?:sacrifice|exile|destroy) " + _OBJ + r"(?: unless [^.]+)?"
    r"|(?:you|each opponent|each player) (?:lose|loses|gain|gains) \d+ life"
    r"|create (?:a|an|one|two|three|\d+) (?:tapped )?\d+/\d+ [a-z ,]+? [A-Z][\w' -]*? creature "
    r"tokens?(?: with [a-z ,]+)?")
_ONE_ACT = re.compile(
    r"(?:if [^,]+, )?(?:return|put|create|remove|sacrifice|exile|destroy|transform) [^,]+")
"""One delayed act written before "at the beginning of the next end step" (one clause: no
"and" or comma joins a second act that would not be delayed)."""
_AFTER = re.compile(r"(?:the|that) (?:token|creature) (?:enters|is|has) [^.]+|sacrifice the "
                    r"creature when you lose control of ~|sacrifice it when you lose control of ~")
"""Sentences after a delayed act that only say more of what it makes."""


def _later_acts(text: str) -> bool:
    """Whether ``text`` (one clause, or clauses joined by "and") is made of delayed actions
    of this module's grammar."""
    text = text.strip().rstrip(".")
    if _LATER_ACT.fullmatch(text):
        return True
    parts = text.split(" and ")
    return len(parts) > 1 and all(_LATER_ACT.fullmatch(p) for p in parts)


_REMOVAL = re.compile(r"\b(?:sacrifices?|exiles?|destroys?)\b|\breturns? [^.]*? to (?:its|their|your|his|her)"
                      r"(?: owner's| owners')? hands?\b")
_CARD_TO_HAND = re.compile(r"returns? (?:it|~|this card) to (?:its|their|your|his|her)(?: owner's)? hands?")
"""After a dies or leaves event, the source is a card in a zone: its return to a hand later is
a move of a card (a value), not a removal."""
"""A delayed act that removes a permanent: it happens before the next turn, whose board (the
AI's crack-back) would keep what it removes, so it is no value (h39's rule; Bearer of the
Heavens). The delayed returns to the hand that :mod:`.actions` reads (``AtNextEndStep``,
which marks the creature ``leaves at the next end step``) are read before this module."""


_NEXT_TURN = re.compile(r"\bcreates?\b|\b(?:lose|loses|gain|gains) \d+ life\b|\bto the battlefield\b")
"""A delayed act that changes the next turn's board otherwise — a token made, a life total
changed, a card put onto the battlefield (Rukh Egg, Brood of Cockroaches): the AI's
crack-back (lookahead 1) would not see it either, so it is not read (the audit's finding)."""


def _removes(text: str, card_gone: bool) -> bool:
    """Whether the delayed ``text`` changes the board of the next turn: it removes a permanent
    (:data:`_REMOVAL`; with ``card_gone`` — the source left: dies / leaves — its own card's
    return to a hand does not) or adds to it (:data:`_NEXT_TURN`)."""
    if card_gone:
        text = _CARD_TO_HAND.sub("", text)
    return bool(_REMOVAL.search(text) or _NEXT_TURN.search(text))


def _delayed(sentences: list[str], card_gone: bool = False) -> bool:
    """Whether ``sentences`` are one delayed triggered ability at the next end step: "At the
    beginning of the next end step, <anything>." (the whole sentence waits) or "<one act> at
    the beginning of the next end step.", then any "If you do, <acts>." of it (603.12: the same
    ability's gate) and sentences saying more of what it makes ("The token enters with ...")."""
    if not sentences:
        return False
    first = sentences[0].strip().rstrip(".")
    low = first[:1].lower() + first[1:]
    m = re.match(_NEXT_END + ", (.+)", low)
    if m:
        ok = bool(m[1].strip())
    else:
        m = re.fullmatch("(.+) " + _NEXT_END, low)
        # one act only: in "A and B at the beginning of ..." A is done now
        ok = m is not None and " and " not in m[1].split(", ", 1)[-1] and bool(
            _LATER_ACT.fullmatch(m[1]) or _ONE_ACT.fullmatch(m[1]))
    if not ok or m is None or _removes(m[1], card_gone):
        return False
    for s in sentences[1:]:
        s = s.strip().rstrip(".")
        low = s[:1].lower() + s[1:]
        if low.startswith("if you do, ") and _later_acts(low[len("if you do, "):]) \
                and not _removes(low, card_gone):
            continue
        if _AFTER.fullmatch(low):
            continue
        return False
    return True


_TAP_HOLD = re.compile(
    r"(?P<tap>tap [^.]+)\. (?:that (?:creature|land|permanent|artifact)|it) doesn't untap "
    r"during its controller's next untap step\.?", re.IGNORECASE)


def read_whole(rest: str, refs: Any, effects: Effects, sentence: Sentence
               ) -> tuple[tuple[Effect, ...], bool] | None:
    """The whole effect text in one of this module's shapes spanning sentences (module
    docstring): ``(effects, optional)``, or ``None``. ``effects`` reads an effect text (the
    parser's), ``sentence`` one sentence."""
    from redzone.models.triggers.players import split_sentences

    text = rest.strip()
    m = _TAP_HOLD.fullmatch(text[:1].lower() + text[1:])
    if m:
        # "that land" / "it" is what the sentence before tapped: one object, read as the
        # one-sentence form (502.3)
        got = sentence(m["tap"] + " and it doesn't untap during its controller's next untap step")
        return None if got is None else (got, False)
    m = re.fullmatch(r"you may exile (it|~|this card)\. When you do, (.+)", text,
                     re.IGNORECASE | re.DOTALL)
    if m and refs.r.event == "dies":
        # 603.12: the reflexive ability of exiling the source's own card from the graveyard,
        # its targets chosen once it is exiled: as "If you do" (hidden_zones.own_card_cost)
        got = effects(f"You may exile {m[1]}. If you do, {m[2]}")
        if got is None:
            return None
        # its targets are chosen once its card is exiled: never that card ("another")
        return tuple(dataclasses.replace(e, another=True)
                     if isinstance(e, EntersFromCard) and e.what == "graveyard_card" else e
                     for e in got[0]), got[1]
    m = re.fullmatch(r"you may have (it|~) deal (damage [^.]+ equal to [^.]+)\.?", text,
                     re.IGNORECASE)
    if m:  # "you may have it deal damage ... equal to <count>": the same choice of it dealing it
        return effects(f"You may {m[1]} deals {m[2]}.".replace("You may ~", "You may ~"))
    if re.fullmatch(r"choose target [a-z]+ card in your graveyard\. You may cast that card this "
                    r"turn\.?", text[:1].lower() + text[1:]):
        # a permission to cast a card of the graveyard later (Silas Renn): "that card" is the
        # one chosen, never returned here
        return (ValueOnly("choose"), ValueOnly("impulse")), False
    got_top = _top_cards(text, refs)
    if got_top is not None:
        return got_top
    m = re.fullmatch(r"draw a card, then discard a card\. When you discard a card this way, "
                     r"([^.]+)\.?", text[:1].lower() + text[1:])
    if m:
        # 603.12: the card drawn is in the hand, so a card is always discarded (701.9) and the
        # reflexive ability always triggers: its effect, after the loot (a value)
        got = sentence(m[1])
        return None if got is None else ((ValueOnly("loot"), *got), False)
    sentences = split_sentences(text)
    for k, s in enumerate(sentences):
        if k == len(sentences) - 1:
            break  # one sentence: the clause readers' (later.py's returns first)
        if _delayed(sentences[k:], refs.r.event in ("dies", "leaves")):
            # 603.7, 513.1: the delayed ability triggers at the end step, after this combat
            later = (ValueOnly("at the next end step"),)
            if k == 0:
                return later, False
            before = effects(" ".join(sentences[:k]))
            if before is None:
                return None
            return before[0] + later, before[1]
    return None


# ---------------------------------------------------------------- clauses

_REVEAL_UNTIL = re.compile(
    r"reveal cards from the top of your library until you reveal (?:a|an) (?P<kinds>.+?) card"
    r"(?: with mana value (?P<mv>\d+) or less)?")
_PUT_REVEALED = re.compile(
    r"put that card onto the battlefield(?P<tap> tapped and attacking| tapped)?"
    r"(?: and put all other cards revealed this way into your graveyard| and the rest on the "
    r"bottom of your library in a random order|, then shuffle the rest into your library)")


_SPEND = (r"(?:,? and (?:you may spend mana|mana of any type can be spent) as though it were "
          r"mana of any (?:color|type) to cast (?:that spell|those spells|it|them))?")
_IMPULSE = [re.compile(x) for x in (
    # permissions to play cards later (nobody casts or plays anything in the play of combat;
    # as parse.py's "impulse" values)
    r"during any turn you attacked with [^,]+, you may (?:play|cast) (?:that card|those cards|it)"
    + _SPEND,
    r"you may (?:play|cast) (?:that card|those cards|them|it) this turn" + _SPEND,
    r"(?:you may )?play that card without paying its mana cost this turn",
    r"until end of turn, you may look at the top card of your library any time and you may "
    r"play cards from the top of your library",
    r"if you cast a spell this way, pay life equal to its mana value rather than pay its mana "
    r"cost",
    # cards moved between hidden zones (a library to exile)
    r"exile the top card of each of those opponents' libraries",
    r"shuffle your library,? then exile the top card of your library",
    r"exile from that player's library a random card with mana value equal to the damage "
    r"dealt",
)]


_VALUES: list[tuple[re.Pattern[str], str]] = [(re.compile(x), tag) for x, tag in (
    # cards of libraries, hands, graveyards and exile moved among those zones, or looked at
    (r"that source's controller mills that many cards", "mill"),
    (r"draw a card from that player's library", "draw"),
    (r"(?:that player|each opponent) reveals X cards from their hand and you choose one of them",
     "discard"),
    (r"that player discards that card", "discard"),
    (r"you choose a nonland card from it", "look"),
    (r"search that player's graveyard, hand, and library for all cards with the same name as "
     r"that card and exile them", "exile from hidden zones"),
    (r"(?:then )?that player shuffles", "shuffle"),
    (r"each player may search their library for a card and put that card into their hand",
     "tutor"),
    (r"each player who searched their library this way shuffles", "shuffle"),
    (r"choose (?:up to one )?target card in a graveyard that was discarded or put there from a "
     r"library this turn", "choose"),
    (r"put that card into its owner's hand", "return to hand"),
    (r"choose a card at random exiled with ~ and put that card into its owner's hand",
     "return to hand"),
    (r"return to your hand target [a-z ]+ card in your graveyard(?: with lesser mana value)?",
     "return to hand"),
    (r"reveal its cards and put one of them into your hand", "return to hand"),
    (r"if it's a [a-z ]+ card(?: with mana value \d+ or less)?, put it into your hand",
     "return to hand"),
    (r"otherwise, (?:you may )?put it into your graveyard", "mill"),
    (r"exile target [a-z ]+ card from your graveyard chosen at random", "exile from graveyard"),
    (r"exile a card from your hand with a number of time counters on it equal to its mana value",
     "suspend"),
    (r"if it doesn't have suspend, it gains suspend", "suspend"),
    (r"heist target opponent's library", "heist"),
    (r"unwrap the booster pack and put it into your hand", "draw"),
    (r"that player looks at the top card of your library and chooses a word on that card",
     "look"),
    (r"you spell that word", "nothing"),
    (r"if you spell it correctly, draw a card", "draw"),
    (r"otherwise, scry \d+", "scry"),
    # spells cast later (nobody casts a spell in the play of combat): permissions and costs
    (r"target [a-z ]+ card in your graveyard(?: that's an? [a-z]+ or that has mana value \d+ or "
     r"less)? gains (?:escape|flashback (?:\{[^}]+\})+) until end of turn", "cast later"),
    (r"the escape cost is equal to its mana cost plus exile two other cards from your graveyard",
     "cast later"),
    (r"at the beginning of your next upkeep, you may cast that card without paying its mana cost",
     "cast later"),
    (r"as you cast spells from your hand this turn, they gain cascade", "cast later"),
    (r'you get a one-time boon with "[Ww]hen you cast [^"]+"', "cast later"),
    (r'cast [A-Z][a-z]+ spells this turn as though they had flash(?:, and whenever you cast an? '
     r'[A-Z][a-z]+ spell this turn, it gains "[^"]+")?', "cast later"),
    (r"for each -1/-1 counter you put on a creature this way, remove a -1/-1 counter from that "
     r"creature " + _NEXT_END, "at the next end step"),  # 603.7: after this combat
    # an activated ability granted (nobody activates one in the play of combat, 602)
    (r'(?:it|they) (?:has|have) "\{[^"]*?: [^"]+"', "activated ability"),
)]


_PLAYER = r"(?:each opponent|that player|target opponent|defending player|each player|target player)"
_VERB = (r"(?:discards|loses|gains|sacrifices|mills|draws|reveals|exiles|shuffles|puts|returns|"
         r"creates)\b")


def _verbs(s: str, sentence: Sentence) -> tuple[Effect, ...] | None:
    """"<player> <verb>s A, <verb>s B, and <verb>s C" / "<player> <verb>s A and <verb>s B"
    (Archon of Cruelty, Junji): each verb phrase read with the subject said again, in order
    (608.2c); ``None`` when not that shape or one part isn't read."""
    m = re.fullmatch("(" + _PLAYER + ") (" + _VERB + ".+)", s)
    if not m or " and " not in m[2]:
        return None
    parts = re.split(r",? and (?=" + _VERB + ")|, (?=" + _VERB + ")", m[2])
    if len(parts) < 2 or not all(re.match(_VERB, p) for p in parts):
        return None
    out: list[Effect] = []
    for p in parts:
        got = sentence(f"{m[1]} {p}")
        if got is None:
            return None
        out.extend(got)
    return tuple(out)


def read_last(s: str, sentence: Sentence) -> tuple[Effect, ...] | None:
    """The last fallback of the clause reader: "<player> <verb>s A, <verb>s B, and <verb>s
    C" (:func:`_verbs`); "... with mana value less than or equal to the number of <things>
    ..." read as "... with mana value X or less ..., where X is the number of <things>"
    (Anticausal Vestige); or ``None``."""
    m = re.search(r"with mana value less than or equal to (the number of [^,]+?)"
                  r"(?= from | onto |$)", s)
    if m and "where X is" not in s:
        return sentence(s[:m.start()] + "with mana value X or less" + s[m.end():]
                        + f", where X is {m[1]}")
    return _verbs(s, sentence)


def read_clause(s: str, refs: Any, dies_self: bool) -> tuple[Effect, ...] | None:
    """One clause (no final period) of this module's kinds (module docstring), or ``None``."""
    if any(rx.fullmatch(s) for rx in _IMPULSE):
        return (ValueOnly("impulse"),)
    for rx, tag in _VALUES:
        if rx.fullmatch(s):
            return (ValueOnly(tag),)
    if s == "exile it and the top six cards of your library in a face-down pile" and dies_self:
        return (ValueOnly("exile from graveyard"),)  # its card, in the graveyard (700.4)
    if s == "if you do, shuffle that pile and put it back on top of your library":
        return (ValueOnly("to library"),)
    from redzone.models.triggers.hidden_zones import _kinds  # pyright: ignore[reportPrivateUsage]

    m = re.fullmatch(r"(.+ to the battlefield(?: tapped and attacking| tapped)?) with a "
                     r"finality counter on it", s)
    if m:  # 122.1, 614.1a: it enters with a finality counter (exiled instead of dying)
        from redzone.models.triggers.entries import entry_clause

        got = entry_clause(m[1], refs, dies_self)
        if got is None or len(got) != 1 or not isinstance(got[0], EntersFromCard) \
                or got[0].what != "graveyard_card" or got[0].counters:
            return None
        return (dataclasses.replace(got[0], counters=(("finality", 1),)),)
    if _later_acts_clause(s, getattr(getattr(refs, "r", None), "event", None) in ("dies", "leaves")):
        from redzone.models.triggers.later import read_clause as later_clause

        if refs is not None and (got := later_clause(s, refs)) is not None:
            return got  # later.py's own reading of returns at the end step (h28)
        return (ValueOnly("at the next end step"),)
    m = re.fullmatch(r"(that creature|it|~) can't attack during its controller's next turn", s)
    if m and refs.obj(m[1]) is not None:
        # a rule of a later turn (508.1c there): nothing in this combat
        return (ValueOnly("can't attack next turn"),)
    if s == ("choose a color, then that player reveals their hand and discards all cards of "
             "that color") and refs.r.that_player is not None:
        return (ValueOnly("discard"),)  # cards of a hand to a graveyard (701.9)
    m = _REVEAL_UNTIL.fullmatch(s)
    if m:
        kinds = _kinds(m["kinds"])
        if kinds is None:
            return None
        return (RevealUntil(kinds, int(m["mv"]) if m["mv"] else None),)
    m = _PUT_REVEALED.fullmatch(s)
    if m:
        tap = m["tap"] or ""
        return (RevealedPut(bool(tap), "attacking" in tap),)
    return None


def of_the_choice(got: tuple[Effect, ...], effects: list[Effect]) -> bool:
    """Whether ``got`` (a sentence after "you may A. If you do, reveal cards ... until ...")
    is the put of the card revealed: it acts on that card only, found only if the choice
    was taken (declined, no card was revealed), so it belongs to that choice."""
    return (len(got) == 1 and isinstance(got[0], RevealedPut) and bool(effects)
            and isinstance(effects[-1], RevealUntil))


def _later_acts_clause(s: str, card_gone: bool = False) -> bool:
    """"<acts> at the beginning of the next end step" / "at the beginning of the next end
    step, <acts>" as one clause."""
    return _delayed([s], card_gone)


# ---------------------------------------------------------------- counts of cards in zones

_GY_COUNT = re.compile(
    r"the number of (?:(?P<kinds>[a-z, -]+?) )?cards in (?P<whose>your|defending player's) "
    r"graveyard")
_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
          "land": "Land", "planeswalker": "Planeswalker", "battle": "Battle",
          "instant": "Instant", "sorcery": "Sorcery"}


def count_phrase(words: str, refs: Any) -> Amount | None:
    """The amount of "the number of [<kinds>] cards in your / defending player's graveyard";
    ``None`` when not one of these."""
    m = _GY_COUNT.fullmatch(words)
    if not m:
        return None
    kinds = _gy_kinds(m["kinds"] or "")
    if kinds is None:
        return None
    if m["whose"] == "defending player's":
        if refs.player("defending player") != Who("defending_player"):
            return None
        whose = "defending"
    else:
        whose = "you"
    return Amount(1, "count", count=Count("zone_cards", controller=whose,  # type: ignore[arg-type]
                                          also=("graveyard", *kinds)))


def _gy_kinds(words: str) -> tuple[str, ...] | None:
    """"" (every card): ``("any",)``; "creature" / "artifact or enchantment" (one of these
    card types): ``("any", "Creature", ...)``; "noncreature, nonland" (none of them, 205.2):
    ``("none", "Creature", "Land")``; ``None`` otherwise."""
    if not words:
        return ("any",)
    alts = [a for a in re.split(r", or |, | or ", words) if a]
    if all(a.startswith("non") and a[3:] in _TYPES for a in alts) and " or " not in words:
        return ("none", *(_TYPES[a[3:]] for a in alts))
    if all(a in _TYPES for a in alts) and (len(alts) == 1 or " or " in words):
        return ("any", *(_TYPES[a] for a in alts))
    return None


def _fits(types: tuple[str, ...], kinds: tuple[str, ...]) -> bool:
    how, wanted = kinds[0], kinds[1:]
    if how == "none":
        return not any(t in types for t in wanted)
    return not wanted or any(t in types for t in wanted)


def _types_of(name: str) -> tuple[str, ...] | None:
    from redzone.models.triggers.entries import _card_of  # pyright: ignore[reportPrivateUsage]

    got = _card_of(name)
    return None if got is None else tuple(got[1].types)


def count_cards(play: Any, f: Any, c: Count) -> int:
    """``c`` (``kind="zone_cards"``, ``also``: ``("graveyard", how, *card types)``) counted
    as the ability resolves (608.2h): the cards of those card types (one of them, ``"any"``;
    none of them, ``"none"``) in the graveyard of the ability's controller or of the source's
    defending player (506.2): the scenario's ``players[].graveyard`` less the cards that left
    it in this combat, and the nontoken permanents the player owns that died in this combat
    and stayed there (700.4; their card types as cards, or as permanents when the card data
    is unknown). A stated card of unknown card data is not counted."""
    from redzone.models.triggers.entries import graveyard_now

    base = play.edit.base
    if c.controller == "defending":
        players = list(play.players(f, Who("defending_player"), {}))
    else:
        players = [f.controller]
    kinds = c.also[1:]
    n = 0
    for player in players:
        if not any(x.name == player for x in base.players):
            continue
        for _, name, perm in graveyard_now(play, player):
            if perm is None:
                assert name is not None
                types = _types_of(name)
                n += types is not None and _fits(types, kinds)
                continue
            types = _types_of(perm.card or perm.name) if perm.card else None
            n += _fits(types if types is not None else tuple(perm.types), kinds)
    return n


# ---------------------------------------------------------------- the top cards of a library

_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10}
_TOP = re.compile(
    r"(?:(?:look at|reveal) the top (?P<n>two|three|four|five|six|seven|eight|nine|ten|X) cards "
    r"of your library(?:, where X is (?P<x>[^.]+))?|(?:look at|reveal) (?P<many>that many) cards "
    r"from the top of your library)\. (?:You may put|Put) (?:(?P<one>a|an)|(?P<any>any number "
    r"of)) (?P<kinds>.+?) cards?(?: with mana value (?:(?P<mv>\d+|X) or less|less than or equal "
    r"to (?P<pw>~'s power)))? from among them onto the battlefield(?P<tap> tapped and attacking| "
    r"tapped)?(?:\. Put the rest(?: of (?:those|the) cards)?| and the rest) on the bottom of "
    r"your library in a random order\.?")


def _top_cards(text: str, refs: Any) -> tuple[tuple[Effect, ...], bool] | None:
    """The whole effect text "look at the top N cards of your library. You may put a
    <kinds> card ... from among them onto the battlefield ... . Put the rest on the bottom of
    your library in a random order" as :class:`TopCards`, or ``None``."""
    from redzone.models.triggers.entries import x_amount
    from redzone.models.triggers.hidden_zones import _kinds  # pyright: ignore[reportPrivateUsage]

    m = _TOP.fullmatch(text[:1].lower() + text[1:])
    if not m:
        return None
    kinds = _kinds(m["kinds"])
    if kinds is None or any(k.startswith("basic ") for k in kinds):
        return None
    if (m["n"] == "X") != bool(m["x"]) or m["many"] and m["x"]:
        return None
    x = x_amount(m["x"], refs) if m["x"] else None
    if m["x"] and x is None:
        return None
    if m["many"]:
        # "that many": the damage of the source's own event (120.3), as with "that much"
        if refs.r.event not in ("combat_damage_player", "combat_damage") \
                or refs.r.watch.kind != "self":
            return None
        n = Amount(1, "damage_dealt")
    else:
        n = x if x is not None else Amount(_NUMBERS[m["n"]])
    bound = ""
    mv = None
    if m["mv"] == "X":
        if x is None:
            return None
        bound = "x"
    elif m["mv"]:
        mv = int(m["mv"])
    elif m["pw"]:
        bound = "source_power"
    tap = m["tap"] or ""
    spec = EntersFromCard("hand_card", under="you", tapped=bool(tap), attacking="attacking" in tap,
                          kinds=kinds, mana_value_at_most=mv, bound=bound,  # type: ignore[arg-type]
                          x=x if bound == "x" else None)
    return (TopCards(n, spec, bool(m["any"])),), False


def resolve(play: Any, f: Any, e: Effect, chosen: dict[str, Any]) -> str:
    """Resolve ``e`` (one of :data:`EFFECTS`) for ``f`` in the window ``play``: the top
    ``e.n`` cards (608.2h: counted now) of the controller's stated library that are still
    there; the controller chooses one card of the kinds and bounds among them, or none (a
    "may"; with ``any_number`` again until none), each put onto the battlefield under their
    control [tapped [and attacking a player or planeswalker they choose, 508.4]]
    (``entries.put_card``). With no library stated the cards are unknown: not played (the
    answer lists the ability). The rest go to the bottom of the library (a value)."""
    from redzone.models.triggers.entries import _bounds, _fits, put_card  # pyright: ignore[reportPrivateUsage]
    from redzone.models.triggers.resolve import Choice

    assert isinstance(e, TopCards)
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    library = next((p.library for p in base.players if p.name == f.controller), ())
    if not library:
        return "not played: the library is not stated (the scenario's players[].library)"
    # A second look at that library in this play (this reader's, or more_control's LookPut):
    # the cards looked at went to the bottom in an order not modelled (the audit's finding:
    # the second look saw the same cards again), so it is not played and listed.
    looked: set[str] = play.__dict__.setdefault("_h37_looked", set())
    other = play.__dict__.get("_h39_looked", {}).get(f.controller)
    if f.controller in looked or (other is not None and other.get("seen")):
        return "not played: another look at that library in this combat (401.4: the order then is not modelled)"
    looked.add(f.controller)
    n = max(0, play.amount(f, e.n))
    top = [(f"{f.controller}~library{i}", name) for i, name in enumerate(library)
           if f"{f.controller}~library{i}" not in perms][:n]
    bounds = _bounds(play, f, e.card)
    lines: list[str] = []
    taken: list[str] = []
    while True:
        options: list[Any] = []
        seen: set[str] = set()
        for lid, name in top:
            if lid in taken or name in seen or not _fits(name, e.card, bounds):
                continue
            seen.add(name)
            options.append(lid)
        if not options:
            break
        options.append(None)
        pick = play.choose(Choice(f.controller, "chosen", f.source, f.ability.text,
                                  tuple(options), f.trigger))
        if pick is None:
            break
        taken.append(pick)
        chosen["chosen"] = pick
        name = dict(top)[pick]
        index = len(base.permanents) + 1000 + play.tokens + len(perms) + len(taken)
        refused, tail = put_card(play, f, name, pick, "library", index, tapped=e.card.tapped,
                                 attacking=e.card.attacking)
        lines.append(refused if refused is not None
                     else f"{name} put onto the battlefield from the top of the library as "
                          f"{pick}" + tail)
        if not e.any_number:
            break
    return "; ".join(lines) or f"no card put onto the battlefield (top {len(top)} cards looked at)"
