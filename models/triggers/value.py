"""Value-only effect clauses of triggered abilities of combat: a small grammar (issue 21;
docs/triggers.md "Value only").

A clause is *value only* when nothing it does can change the play of combat or its outcome:
no creature enters, leaves or changes on the battlefield (power, toughness, counters,
abilities, tapped state, combat status, damage), no life total, poison count or control
changes. Cards moving between libraries, hands, graveyards and exile, mana, energy and
experience counters (on players), the monarch, and noncreature artifact tokens with only
activated abilities (Treasure, Clue, Food ...) are such effects: they resolve as no-ops
(:class:`redzone.models.triggers.types.ValueOnly`).

:func:`value_tag` reads one clause: one or more *actions* joined by ", ", " and ", ", then"
(each action: an optional player subject, an optional "may", a verb from a closed list and
an object from a closed grammar). A pronoun ("it", "them", "one of them") is a card only
when an earlier action of the same clause put a card in view ("reveal the top card of your
library and put it into your hand"); otherwise it could be a permanent, and the clause is
not read. Counts ("for each ...", "equal to ...", "where X is ...") are never looked at:
how many cards are drawn changes nothing in combat.

Not value, so never read here (docs/triggers.md says why): anything onto the battlefield
(a land could trigger landfall; a creature could be a lord), casting a spell *during* the
resolution (the hidden card's own effect could change the combat), venture into the
dungeon and the initiative (rooms gain and lose life, create creatures, put counters), the
Ring tempting you (the Ring-bearer can't be blocked by greater power), amass, explore,
connive, proliferate, a clash (winning one can trigger abilities that cast a spell during
combat: Marvo, Deep Operative). Pure Python.
"""

from __future__ import annotations

import re
from functools import lru_cache

from redzone.models.triggers.types import ValueOnly

__all__ = ["caused_by_values", "conditioned_value", "value_effect", "value_tag"]

_NUM = (r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
        r"fourteen|fifteen|twenty|\d+|X|that many|any number of|a number of)")
_PLAYER = (r"(?:you and (?:that player|defending player|target opponent|target player|"
           r"each opponent|another target player) each|any number of target players each|"
           r"up to one target player|each other player|"
           r"each player|each opponent|target player|target opponent|that player|that opponent|"
           r"defending player|the defending player|its owner|its controller|"
           r"that attacking player|"  # h12: the player whose attack it was
           r"that creature's controller|the player|any player|they|you)")
"""A player subject, longest first (the rest of the action follows it)."""
_WHOSE = (r"(?:your|their|his or her|that player's|defending player's|target player's|"
          r"target opponent's|each player's|each opponent's|its owner's|an opponent's|"
          r"that opponent's)")
_LIBRARY = _WHOSE + r" library"
_GRAVEYARD = r"(?:" + _WHOSE + r" graveyard|a graveyard|graveyards)"
_HAND = (r"(?:" + _WHOSE + r"|their owner's|their owners') hands?")
_AMT = r"(?:(?! and | or (?!greater|less|more|fewer)|, )[^.])+?"
"""A count's words: never across "and" / "or" / a comma (another clause may follow), "or
greater" and the like aside."""
_AMOUNT = (r"(?: equal to " + _AMT + r"| for each " + _AMT + r"|, where X is " + _AMT + r")?")
_CARDS = (r"(?:" + _NUM + r" (?:additional )?cards?|an additional card|cards|"
          r"that many cards plus one|half (?:their|your) library, rounded (?:up|down))")
_TOKENS = (r"(?:Treasure|Clue|Food|Blood|Gold|Map|Powerstone|Junk|Shard|Lander|Mutagen|"
           r"Incubator)")

# what a card phrase may not mention: the battlefield, combat, life, counters, tokens
_FORBIDDEN_CARD = re.compile(
    r"\b(?:battlefield|onto|attacking|blocking|attack|block|tap|tapped|untap|sacrifice|"
    r"destroy|damage|life|counters?|gets?|gains?|loses?|token|it|them|this(?! way))\b",
    re.IGNORECASE)

# a card named by a phrase ("target creature card with mana value 3 or less", "a Zombie
# card", "an instant or sorcery card"): ends in "card(s)", with an optional "named ..." or
# "with ..." after it
_CARD = (r"(?P<card>(?:up to (?:one|two|three|\w+) |any number of |another |all |each |"
         r"a |an |one |two |three |\w+ )?(?:other )?(?:target )?[\w ,'/-]*?\bcards?"
         r"(?: named [\w ,'~-]+?| with [\w ,'-]+?| of each card type| of that type)?"
         r"(?: (?:revealed|milled|exiled) this way| chosen at random)?)")
_REFS = (r"(?:that card|those cards|the exiled cards?|the revealed cards?|the milled cards?|"
         r"the cards exiled with (?:it|~))")
"""Cards named without a pronoun."""
_PRONOUNS = r"(?:it|them|one of them)"


def _card_ok(card: str | None) -> bool:
    return card is not None and _FORBIDDEN_CARD.search(card) is None


# (pattern, tag, introduces a card in view); each pattern matches an action without its
# subject and "may"; named group ``card``: a card phrase to check; ``pron``: a pronoun
# that needs a card in view
_ACTIONS: list[tuple[str, str, bool]] = [
    (r"draws? (?:" + _CARDS + r")" + _AMOUNT, "draw", False),
    (r"draws? cards" + _AMOUNT, "draw", False),
    (r"discards? (?:" + _CARDS + r"(?: at random)?|(?:their|your) hand|all the cards in "
     r"(?:their|your) hand|an? (?:creature|land|nonland|noncreature|artifact|"
     r"instant or sorcery|instant|sorcery|[A-Z][\w'-]*) card|any number of (?:land |nonland )?"
     r"cards)"
     + _AMOUNT, "discard", False),
    (r"mills? (?:" + _CARDS + r")" + _AMOUNT, "mill", False),
    (r"scrys? (?:\d+|X)" + _AMOUNT, "scry", False),
    (r"surveils? (?:\d+|X)" + _AMOUNT, "surveil", False),
    (r"looks? at (?:the top (?:card|" + _NUM + r" cards) of " + _LIBRARY + r")" + _AMOUNT,
     "look", True),
    (r"looks? at " + _NUM + r" cards from the top of " + _LIBRARY + _AMOUNT, "look", True),
    (r"reveals? " + _NUM + r" cards from the top of " + _LIBRARY + _AMOUNT, "reveal", True),
    (r"reveals? a card at random from (?:their|your) hand", "reveal", True),
    (r"exiles? " + _NUM + r" cards from the top of " + _LIBRARY + r"(?: face down)?" + _AMOUNT,
     "impulse", True),
    (r"exiles? a (?:nonland )?card from " + _LIBRARY + r" at random", "impulse", True),
    (r"(?:you )?chooses? (?:one of those cards|a card from it)", "look", True),
    (r"looks? at " + _HAND + r"(?: and chooses? a card from it)?", "look", False),
    (r"reveals? (?:the top (?:card|" + _NUM + r" cards) of " + _LIBRARY + r")" + _AMOUNT,
     "reveal", True),
    (r"reveals? (?:their|your) hand", "reveal", False),
    (r"reveals? cards from the top of " + _LIBRARY + r" until (?:you|they) reveal (?:an?|"
     + _NUM + r") (?P<card>[\w ,'/-]+? cards?(?: with [\w ,'-]+)?)", "reveal", True),
    (r"exiles? cards from the top of " + _LIBRARY + r" until (?:you|they) exile an? "
     r"(?P<card>[\w ,'/-]+? card)", "impulse", True),
    (r"reveals? (?P<pron>it|them|that card|those cards)", "reveal", True),
    (r"(?:reveals?|exiles?) " + _CARD + r" from among them", "reveal", True),
    (r"search(?:es)? " + _LIBRARY + r"(?: and/or graveyard)? for " + _CARD, "search", True),
    (r"shuffles? the cards from (?:your|their) hand into (?:your|their) library", "shuffle",
     False),
    (r"(?:you )?chooses? an? (?:nonland |land |creature |noncreature )?card from it"
     r"(?: with the longest name)?", "look", True),
    (r"shuffles?(?: (?:your|their) library)?", "shuffle", False),
    (r"shuffles? (?:your|their) graveyard into (?:your|their) library", "shuffle", False),
    (r"shuffles? " + _CARD + r" from (?:your|their) graveyard into (?:your|their) library",
     "shuffle", False),
    # cards put into a hand, on a library or into a graveyard
    # "the rest" (of the cards looked at) put on a library or into a graveyard or hand
    (r"puts? (?:(?P<pron>" + _PRONOUNS + r")|" + _REFS + r"|the rest|the other cards|"
     + _CARD + r" from (?:" + _HAND + r"|" + _GRAVEYARD + r"|among them|among the cards "
     r"(?:milled|revealed|exiled) this way))"
     r" (?:into " + _HAND + r"|on (?:top|the bottom) of " + _LIBRARY
     + r"(?: in (?:any|a random) order)?|into " + _GRAVEYARD + r")", "draw", True),
    (r"puts? (?:one of them|(?:one|two) of those cards|" + _CARD + r") into your hand and "
     r"the (?:rest|other) (?:on the bottom of your library(?: in (?:any|a random) order)?|into your "
     r"graveyard)", "draw", True),
    # "one of them" into a hand: cards (a permanent is returned, never put, into a hand)
    (r"puts? one of them into your hand", "draw", True),
    (r"puts? up to one of them on top of your library and the rest on the bottom"
     r"(?: of your library)?(?: in (?:any|a random) order)?", "look", True),
    (r"(?:the player )?discards? that card", "discard", False),
    (r"puts? each card exiled with (?:it|~) into its owner's hand", "draw", False),
    # cards returned from a graveyard or from exile to a hand
    (r"returns? " + _CARD + r" from " + _GRAVEYARD + r" to " + _HAND, "return to hand", False),
    (r"returns? " + _REFS + r"(?: exiled with ~)? to " + _HAND
     + r"(?: at the beginning of the next end step)?", "return to hand", False),
    (r"returns? " + _REFS + r" to (?:their|its) owner's graveyard", "to graveyard", False),
    (r"returns? (?:an? |the )?(?P<card>[\w ,'/-]+? card) exiled with ~ to " + _HAND,
     "return to hand", False),
    (r"returns? to your hand " + _CARD + r" that were put into your graveyard from the "
     r"battlefield this turn", "return to hand", False),
    # cards exiled from a graveyard, a hand or a library
    (r"exiles? " + _CARD + r" from (?:" + _GRAVEYARD + r"|" + _HAND + r")(?: face down)?",
     "exile from graveyard", False),
    (r"exiles? (?:" + _WHOSE + r" graveyard|all cards from " + _GRAVEYARD + r")",
     "exile from graveyard", False),
    (r"exiles? (?:the top (?:card|" + _NUM + r" cards) of " + _LIBRARY + r")"
     r"(?: face down)?" + _AMOUNT, "impulse", True),
    (r"exiles? (?P<pron>it|them|that card|those cards|one of them)(?: face down)?", "impulse",
     True),
    # tokens with no creature in them, and things of players
    (r"creates? (?:" + _NUM + r") (?:tapped )?" + _TOKENS + r" tokens?" + _AMOUNT, "token", False),
    (r"creates? (?:" + _NUM + r") (?:tapped )?" + _TOKENS + r" tokens? and (?:" + _NUM
     + r") (?:tapped )?" + _TOKENS + r" tokens?", "token", False),
    (r"gets? (?:\{E\})+" + _AMOUNT, "energy", False),
    (r"gets? (?:X|that many|" + _NUM + r") \{E\}" + _AMOUNT, "energy", False),
    (r"gets? (?:" + _NUM + r") experience counters?" + _AMOUNT, "experience", False),
    (r"adds? (?:\{[WUBRGC0-9]\})+(?: or (?:\{[WUBRGC]\})+)*"
     r"(?: at the beginning of your next main phase this turn)?" + _AMOUNT, "mana", False),
    (r"adds? (?:" + _NUM + r") mana (?:of any one color|of any color|in any combination of "
     r"colors|of any type)" + _AMOUNT, "mana", False),
    (r"adds? that much mana in any combination of (?:\{[WUBRGC]\}(?:, | and/or | or )?)+",
     "mana", False),
    (r"until end of turn, you don't lose this mana as steps and phases end", "mana", False),
    (r"until end of combat, you don't lose this mana as steps end", "mana", False),  # h12
    (r"(?:you )?have no maximum hand size for the rest of the game", "draw", False),  # h12 (402.2)
    (r"spend this mana only to cast spells", "mana", False),
    (r"mana of any type can be spent to cast (?:that spell|those spells|a spell this way|it)",
     "mana", False),
    (r"spend mana as though it were mana of any (?:color|type) to cast "
     r"(?:that spell|those spells)", "mana", False),
    (r"adds? that much mana (?:of any one color|of any color|in any combination of colors)",
     "mana", False),
    (r"adds? (?:that much|" + _NUM + r"|an amount of) \{[WUBRGC]\}" + _AMOUNT, "mana", False),
    (r"collects? evidence (?:\d+|X)", "evidence", False),  # cards exiled from a graveyard
    (r"chooses? a (?:creature|planeswalker|card|basic land) type", "name", False),
    (r"each player who searched their library this way shuffles", "shuffle", False),
    (r"incubates? (?:\d+|X)" + _AMOUNT, "token", False),  # an Incubator: no creature yet
    (r"investigates?(?: twice| that many times| \w+ times)?", "investigate", False),
    (r"becomes? the monarch", "monarch", False),
    (r"learns?", "learn", False),
    (r"chooses? a card name", "name", False),
    (r"plays? an additional land this turn", "land drop", False),
    # permissions to play cards later (nobody plays or casts anything in the play of combat)
    (r"(?:play|cast) (?P<what>[^,]+?) (?:this turn|until end of turn|until the end of "
     r"(?:your|their) next turn|until your next end step|for as long as (?:it remains|they "
     r"remain) exiled|for as long as you control ~)", "impulse", False),
    (r"(?:until end of turn|until the end of your next turn|until your next end step|"
     r"for as long as (?:that card|it) "
     r"remains exiled), (?:you )?may (?:play|cast) (?P<what>[^,]+)", "impulse", False),
    (r"(?P<card>(?:target|each|up to one target) [\w ,'/-]*?cards? in your graveyard"
     r"[\w ,'/-]*?) gains? (?:flashback|escape|jump-start|retrace) until end of turn",
     "flashback", False),
    (r"the next (?:[\w ,-]+ )?spell you cast this turn (?:costs? (?:\{\w\})+ less to cast|"
     r"has (?:convoke|affinity for artifacts|improvise|delve|storm))" + _AMOUNT, "cost", False),
    (r"(?:spells with the chosen name|(?:[\w-]+ |instant and sorcery )?spells you cast"
     r"(?: from exile)? this turn) "
     r"cost (?:\{\w\})+ less to cast(?: this turn)?" + _AMOUNT, "cost", False),
    (r"the (?:flashback|escape) cost is equal to (?:its|that card's) mana cost", "flashback",
     False),
]
_COMPILED = [(re.compile(p), tag, brings) for p, tag, brings in _ACTIONS]

_SUBJECT = re.compile(r"(?P<who>" + _PLAYER + r") (?P<rest>.+)")
_PERMISSION_WHAT = re.compile(
    r"(?:that card|it|those cards|that spell|them|cards exiled this way|one of those cards|"
    r"one of them|the exiled cards?|cards? exiled with ~|(?:an? |the )?[\w ,'/-]*?(?:spells?|"
    r"cards?) (?:from among (?:them|the exiled cards|cards exiled this way|those cards|"
    r"those exiled cards)|exiled with ~)|target [\w ,'/-]*?card from your graveyard)"
    r"(?: from (?:exile|your graveyard|among them))?(?: as an Adventure)?"
    r"(?: without paying (?:its|their) mana costs?)?")


def _action(s: str, in_view: bool) -> tuple[str, bool] | None:
    """One action -> (tag, whether a card is now in view), or ``None``."""
    s = s.strip()
    s = s.removeprefix("then ")
    m = _SUBJECT.fullmatch(s)
    if m:
        s = m["rest"]
    s = s.removeprefix("may ")
    s = s.removeprefix("have target player ").removeprefix("have that player ")
    s = s.removeprefix("have you ")
    each = re.fullmatch(r"for each [^,]+, (.+)", s)
    if each:  # "for each nonland card revealed this way, you create a tapped Treasure token"
        return _action(each[1], in_view)
    for rx, tag, brings in _COMPILED:
        m = rx.fullmatch(s)
        if m is None:
            continue
        groups = m.groupdict()
        if groups.get("card") is not None and not _card_ok(groups["card"]):
            continue
        if groups.get("pron") in ("it", "them", "one of them") and not in_view:
            continue
        what = groups.get("what")
        if what is not None and not _PERMISSION_WHAT.fullmatch(what):
            continue
        return tag, in_view or brings
    return None


_SEPARATORS = (", and then ", ", then ", ", and ", " and ", ", ")


def _actions(s: str, in_view: bool, depth: int = 0) -> tuple[str, bool] | None:
    """Actions joined by the separators, left to right -> (the first action's tag, card in
    view after them), or ``None``."""
    got = _action(s, in_view)
    if got is not None:
        return got
    if depth > 6:
        return None
    for sep in _SEPARATORS:
        start = 0
        while True:
            k = s.find(sep, start)
            if k < 0:
                break
            start = k + 1
            left, right = s[:k], s[k + len(sep):]
            a = _action(left, in_view)
            if a is None:
                continue
            b = _actions(right, a[1], depth + 1)
            if b is not None:
                return a[0], b[1]
    return None


@lru_cache(maxsize=8192)
def value_tag(clause: str) -> str | None:
    """The value tag of an effect ``clause`` (no final period; the source as "~") whose every
    action changes nothing in combat ("draw a card", "search your library for a Dragon card,
    reveal it, put it into your hand, then shuffle", "create a Treasure token", "you get
    {E}{E}"), or ``None`` — never a guess: a clause with one action outside the grammar (a
    creature token, a card put onto the battlefield, life, damage, counters on permanents,
    a spell cast now) is ``None``. Tags: the first action's ("draw", "discard", "mill",
    "scry", "surveil", "look", "reveal", "search", "shuffle", "return to hand", "exile from graveyard",
    "impulse", "token", "energy", "experience", "mana", "monarch", "learn", "name",
    "to graveyard", "investigate", "evidence",
    "land drop", "flashback", "cost")."""
    s = clause.strip().rstrip(".").strip()
    if not s:
        return None
    got = _actions(s, False)
    return None if got is None else got[0]


def conditioned_value(clause: str) -> str | None:
    """The value tag of a value clause under a condition checked as the ability resolves
    (608.2c): "if <condition>, <value>" ("if you have the city's blessing, draw a card"),
    "<value> if <condition>", "<value> unless <condition>", with an "instead" ("if you have
    a full party, instead draw three cards"). Whether the condition holds changes nothing in
    combat, so it is never decided; ``None`` when the conditioned part is not a value."""
    s = clause.strip().rstrip(".").strip()
    if s.startswith("if "):
        k = s.find(", ")  # the condition ends at the first comma: never inside the effect
        if k < 0:
            return None
        rest = s[k + 2:].removeprefix("instead ").removesuffix(" instead")
        # "if it's a Zombie card, you may reveal it and put it into your hand": the condition
        # says "it" is a card (one revealed or exiled before), not a permanent
        card = re.search(r"\b(?:it's an? [\w ,'/-]*?card|it is an? [\w ,'/-]*?card|"
                         r"the card|that card)\b", s[:k]) is not None
        got = _actions(rest, card)
        return None if got is None else got[0]
    for word in (" if ", " unless "):
        k = s.find(word)
        if k > 0:
            tag = value_tag(s[:k].removesuffix(" instead"))
            if tag is None:
                continue
            if word == " unless " and not _harmless_unless(s[k + len(word):]):
                return None  # "unless they sacrifice a creature": a combat choice instead
            return tag
    return None


def _harmless_unless(rest: str) -> bool:
    """Whether the words after "unless" are a state ("there are seven or more cards in your
    graveyard", "this creature entered this turn") or a value action ("you discard a Pirate
    card") — not a choice that changes combat (a sacrifice, life paid, mana paid by tapping
    permanents: 'unless that player pays {2}' is not read here)."""
    if re.match(r"(?:there (?:is|are)|this creature|~|it|you control|you have|that player has|"
                r"they have|you've|it's) ", rest) and not re.search(
                    r"\b(?:pays?|sacrifices?|taps?|untaps?)\b", rest):
        return True
    return value_tag(rest) is not None


def value_effect(clause: str) -> tuple[ValueOnly, ...] | None:
    """:func:`value_tag` as the effects of a clause: ``(ValueOnly(tag),)``, or ``None``."""
    tag = value_tag(clause)
    return None if tag is None else (ValueOnly(tag),)


# -- abilities that value effects can trigger (solver/not_played.py)

_CAUSED = re.compile(
    r"\b(?:draws?|discards?|mills?|scry|scries|surveils?|search(?:es)?|shuffles?|enters?|"
    r"entered|monarch|graveyard|exiled?|investigates?|sacrifices?|explores?|clash(?:es)?)\b|\{E\}",  # h28: explore, clash
    re.IGNORECASE)
_OWN_ENTERS = re.compile(r"^(?:When|Whenever) (?:~|this (?:creature|permanent|artifact|card)) "
                         r"enters\b")
_TRIGGER_HEAD = re.compile(r"^(?:[A-Z][\w'’ -]{0,40} — )?(?:When|Whenever|At)\b")


def caused_by_values(sentence: str) -> bool:
    """Whether ``sentence`` (self references as "~" or "this ...") is a triggered ability
    whose event a played value-only effect or a token made in combat can cause — a card drawn,
    discarded or milled, a scry, a search, a token or other permanent entering, energy, the
    monarch ... ("Whenever you draw a card, ...", "Whenever an artifact enters under your
    control, ..."). Such abilities are outside what is played (the trigger reader never
    reads them): :func:`redzone.solver.not_played.not_played` lists them when the board has
    such an effect to play, so the answer says it may miss them."""
    text = sentence.strip()
    if not _TRIGGER_HEAD.match(text):
        return False
    body = re.sub(r"^[A-Z][\w'’ -]{0,40} — ", "", text, count=1)
    condition = body.split(",", 1)[0]
    return bool(_CAUSED.search(condition)) and not _OWN_ENTERS.match(condition)
