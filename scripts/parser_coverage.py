#!/usr/bin/env python3
"""Parser coverage over the bundled card data (see docs/parser.md).

Coverage = the share of creature cards all of whose combat-relevant sentences the parser
understands (no sentence of any face lands in ``unparsed``). Counted over creature cards:
at least one face has the Creature type; tokens, Alchemy rebalanced cards (``A-`` names)
and non-traditional cards (planes, schemes, vanguards, ...) are excluded.

Also reported:

- the *attack-relevant* subset: cards with a sentence about attacking (its text mentions
  attack, or it parsed to an attack restriction/requirement/cost, or defender/haste) — over
  creature cards and, separately, over every card type (Propaganda, Crawlspace, ...);
- the *block-relevant* subset likewise: a sentence about blocking (the text mentions block
  or unblockable, or it parsed to a block restriction/requirement/cost, an evasion keyword,
  landwalk or protection);
- *combat played* (issue 21): creature cards whose every combat-relevant ability is played —
  no static sentence unparsed, and every triggered ability whose event happens in combat
  (:func:`redzone.models.triggers.classify.in_combat`) read by
  :mod:`redzone.models.triggers.parse` — before the trigger reader (no trigger of combat
  played) and now; with the most frequent unread trigger conditions and, with ``--shapes``,
  the most frequent unread *shapes* (:func:`redzone.models.triggers.parse.unread_part`: the
  keyword, the condition, or the first effect sentence not read), each with the number of
  sentences, of cards for which it is the only thing unplayed, and an example;
- a breakdown of sentences by status and reason;
- the most frequent unparsed sentences (self-references shown as ``~``).

Card data: ``redzone.models.cards.all_cards()`` when that module exists, otherwise the raw corpus
JSON (``--corpus``, default /tmp/pm/x/mtg/_data/oracle_corpus.json).

Usage: ``python3 scripts/parser_coverage.py [--top 30] [--shapes 40] [--json] [--corpus PATH]``
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from redzone.models.abilities import (  # noqa: E402
    AttackCap,
    AttacksEachCombat,
    AttackTax,
    CanOnlyAttackAlone,
    CantAttack,
    CantAttackAlone,
    CantAttackOwner,
    CantAttackUnlessDefenderControls,
    CantAttackUnlessGreaterPowerAttacks,
    CantAttackUnlessOthersAttack,
    CantAttackYou,
    Grant,
    Keyword,
    MustBeAttacked,
)
from redzone.models.abilities import (  # noqa: E402  (block templates, issue 3)
    AllMustBlock,
    BlockCap,
    BlocksEachCombat,
    BlockTax,
    CanBlockAdditional,
    CanBlockOnlyFliers,
    CanBlockShadow,
    CantBeBlocked,
    CantBeBlockedBy,
    CantBeBlockedByMoreThan,
    CantBeBlockedExceptBy,
    CantBeBlockedExceptByAtLeast,
    CantBeBlockedUnlessAllBlock,
    CantBlock,
    CantBlockAlone,
    CantBlockCreatures,
    CantBlockUnlessGreaterPowerBlocks,
    CantBlockUnlessOthersBlock,
    Landwalk,
    MustBeBlocked,
    Protection,
)
from redzone.models.triggers.classify import condition_of, in_combat  # noqa: E402
from redzone.models.triggers.attack_choices import exert_reflexive, read_in_context  # noqa: E402
from redzone.models.triggers.board_effects import join_modes  # noqa: E402
from redzone.models.triggers.parse import is_read, unread_part  # noqa: E402
from redzone.models.parser import (  # noqa: E402
    Sentence,
    analyse_text,
    protection_qualities_lost,
    self_names,
    silently_set_aside,
)

DEFAULT_CORPUS = "/tmp/pm/x/mtg/_data/oracle_corpus.json"
NON_TRADITIONAL_LAYOUTS = {
    "token", "double_faced_token", "emblem", "art_series", "planar", "scheme", "vanguard",
}
NON_TRADITIONAL_TYPES = {"Plane", "Phenomenon", "Scheme", "Vanguard", "Conspiracy", "Dungeon"}
ATTACK_CLASSES = (
    AttackCap, AttacksEachCombat, AttackTax, CanOnlyAttackAlone, CantAttack, CantAttackAlone,
    CantAttackOwner, CantAttackUnlessDefenderControls, CantAttackUnlessGreaterPowerAttacks,
    CantAttackUnlessOthersAttack, CantAttackYou, MustBeAttacked,
)


BLOCK_CLASSES = (
    AllMustBlock, BlockCap, BlocksEachCombat, BlockTax, CanBlockAdditional, CanBlockOnlyFliers,
    CanBlockShadow, CantBeBlocked, CantBeBlockedBy, CantBeBlockedByMoreThan, CantBeBlockedExceptBy,
    CantBeBlockedExceptByAtLeast, CantBeBlockedUnlessAllBlock, CantBlock, CantBlockAlone,
    CantBlockCreatures, CantBlockUnlessGreaterPowerBlocks, CantBlockUnlessOthersBlock, Landwalk,
    MustBeBlocked, Protection,
)
EVASION_KEYWORDS = ("flying", "reach", "menace", "shadow", "horsemanship", "fear", "intimidate",
                    "skulk")


@dataclass(frozen=True)
class Face:
    """One face: its name, card types and Oracle text."""

    name: str
    types: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class CardRecord:
    """A card as the coverage count sees it."""

    name: str
    layout: str
    faces: tuple[Face, ...]


def _from_models() -> Iterator[CardRecord] | None:
    try:
        from redzone.models.cards import all_cards  # type: ignore[import-not-found]
    except ImportError:
        return None

    def gen() -> Iterator[CardRecord]:
        for card in all_cards():
            faces = tuple(
                Face(str(getattr(f, "name", card.name)), tuple(getattr(f, "types", ()) or ()),
                     str(getattr(f, "text", "") or ""))
                for f in card.faces
            )
            yield CardRecord(str(card.name), str(getattr(card, "layout", "normal") or "normal"),
                             faces)

    return gen()


def _from_corpus(path: str) -> Iterator[CardRecord]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    backs: dict[str, list[dict]] = collections.defaultdict(list)
    for x in data:
        if x.get("face") == "back" and x.get("front"):
            backs[x["front"]].append(x)
    for x in data:
        if x.get("face") == "back":
            continue
        name = x["name"]
        front_name = name.split(" // ")[0]
        faces = [Face(front_name, tuple(x.get("types") or ()), x.get("text") or "")]
        for b in backs.get(front_name, []) + backs.get(name, []):
            faces.append(Face(b["name"], tuple(b.get("types") or ()), b.get("text") or ""))
        yield CardRecord(name, x.get("layout") or "normal", tuple(faces))


def load_cards(corpus: str) -> tuple[str, list[CardRecord]]:
    """Every card, and a label saying where they came from."""
    got = _from_models()
    if got is not None:
        return "redzone.models.cards.all_cards()", list(got)
    return corpus, list(_from_corpus(corpus))


def traditional(card: CardRecord) -> bool:
    """Not a token, not an Alchemy rebalanced card, not a non-traditional card type."""
    if card.name.startswith("A-") or card.layout in NON_TRADITIONAL_LAYOUTS:
        return False
    return not any(set(f.types) & NON_TRADITIONAL_TYPES for f in card.faces)


def is_creature(card: CardRecord) -> bool:
    return any("Creature" in f.types for f in card.faces)


def _mentions_attack(s: Sentence) -> bool:
    if re.search(r"(?i)\battack", s.text):
        return True
    for a in s.abilities:
        if isinstance(a, ATTACK_CLASSES):
            return True
        if isinstance(a, Keyword) and a.name in ("defender", "haste"):
            return True
        if isinstance(a, Grant) and any(
                isinstance(g, Keyword) and g.name in ("defender", "haste") for g in a.abilities):
            return True
    return False


def _mentions_block(s: Sentence) -> bool:
    """Block-relevant (CR 509.1): the text is about blocking, or it parsed to a block
    restriction, requirement or cost, an evasion keyword, landwalk or protection."""
    if re.search(r"(?i)\bblock|unblockable", s.text):
        return True
    for a in s.abilities:
        if isinstance(a, BLOCK_CLASSES):
            return True
        if isinstance(a, Keyword) and a.name in EVASION_KEYWORDS:
            return True
        if isinstance(a, Grant) and any(
                isinstance(g, BLOCK_CLASSES) or (isinstance(g, Keyword) and g.name in EVASION_KEYWORDS)
                for g in a.abilities):
            return True
    return False


def analyse_card(card: CardRecord) -> list[Sentence]:
    out: list[Sentence] = []
    for f in card.faces:
        out.extend(analyse_text(f.text, names=(f.name,)))
    return out


def set_aside(card: CardRecord) -> list[Sentence]:
    """Combat-relevant sentences of the card that were ignored without a report (issue 10
    §3: :func:`redzone.models.parser.silently_set_aside`, protection lists cut short)."""
    out: list[Sentence] = []
    for f in card.faces:
        sents = analyse_text(f.text, names=(f.name,))
        out.extend(silently_set_aside(sents))
        out.extend(s for s in sents if protection_qualities_lost(s))
    return out


def combat_triggers(card: CardRecord) -> list[tuple[str, tuple[str, ...], bool]]:
    """The card's triggered abilities of combat (issue 21): (sentence, the face's names,
    whether :mod:`redzone.models.triggers.parse` reads it)."""
    out: list[tuple[str, tuple[str, ...], bool]] = []
    for f in card.faces:
        names = tuple(dict.fromkeys((f.name, card.name)))
        ignored = tuple(s.text for s in analyse_text(f.text, names=names) if s.status == "ignored")
        # enlist, exert's "When you do" ...: played by attack_choices (as not_played says)
        in_context = read_in_context(ignored, names)
        # a modal trigger is read with its modes ("choose one —" and the "•" sentences)
        for i, text in join_modes(ignored):
            if in_combat(ignored[i], names) or i in exert_reflexive(ignored, names):  # h27
                out.append((text, names, is_read(text, names) or i in in_context))
    return out


def _display(s: Sentence, card: CardRecord) -> str:
    text = s.text
    for f in card.faces:
        for n in self_names((f.name,)):
            text = re.sub(r"(?<![\w'-])" + re.escape(n) + r"(?![\w-])", "~", text)
    return text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--shapes", type=int, default=0, metavar="N",
                    help="also list the N most frequent unread shapes of triggered abilities "
                         "of combat (keyword, condition or first effect sentence not read)")
    args = ap.parse_args(argv)

    source, cards = load_cards(args.corpus)
    cards = [c for c in cards if traditional(c)]
    t0 = time.perf_counter()
    results = {c.name: analyse_card(c) for c in cards}
    elapsed = time.perf_counter() - t0

    creatures = [c for c in cards if is_creature(c)]
    covered = [c for c in creatures if not any(s.status == "unparsed" for s in results[c.name])]

    def attack_stats(pool: list[CardRecord], mentions=_mentions_attack) -> tuple[int, int, int, int]:
        cards_rel = cards_ok = sents_rel = sents_ok = 0
        for c in pool:
            rel = [s for s in results[c.name] if s.status != "ignored" and mentions(s)]
            if not rel:
                continue
            cards_rel += 1
            sents_rel += len(rel)
            ok = [s for s in rel if s.status == "understood"]
            sents_ok += len(ok)
            cards_ok += len(ok) == len(rel)
        return cards_rel, cards_ok, sents_rel, sents_ok

    a_cre = attack_stats(creatures)
    a_all = attack_stats(cards)
    b_cre = attack_stats(creatures, _mentions_block)
    b_all = attack_stats(cards, _mentions_block)

    reasons: collections.Counter[tuple[str, str]] = collections.Counter()
    for c in creatures:
        for s in results[c.name]:
            reasons[(s.status, s.reason)] += 1
    unparsed: collections.Counter[str] = collections.Counter()
    example: dict[str, str] = {}
    for c in creatures:
        for s in results[c.name]:
            if s.status == "unparsed":
                d = _display(s, c)
                unparsed[d] += 1
                example.setdefault(d, c.name)

    # issue 21: every combat-relevant ability played (statics understood, triggers of combat read)
    static_ok = {c.name for c in creatures if not any(s.status == "unparsed" for s in results[c.name])}
    trig = {c.name: combat_triggers(c) for c in creatures}
    played_before = sum(1 for c in creatures if c.name in static_ok and not trig[c.name])
    played_now = sum(1 for c in creatures
                     if c.name in static_ok and all(read for _, _, read in trig[c.name]))
    with_triggers = sum(1 for c in creatures if trig[c.name])
    unread: collections.Counter[str] = collections.Counter()
    unread_example: dict[str, str] = {}
    for c in creatures:
        for text, names, read in trig[c.name]:
            if not read:
                key = re.sub(r"\d+", "N", condition_of(text, names) or text.rstrip(".").lower())
                unread[key] += 1
                unread_example.setdefault(key, c.name)

    # --shapes: what of each unread trigger isn't read; "alone": cards for which that shape
    # is the only thing left unplayed (statics understood, no other unread shape)
    shapes: collections.Counter[str] = collections.Counter()
    shapes_alone: collections.Counter[str] = collections.Counter()
    shape_example: dict[str, str] = {}
    if args.shapes:
        for c in creatures:
            mine = {unread_part(text, names) or "" for text, names, read in trig[c.name] if not read}
            for text, names, read in trig[c.name]:
                if not read:
                    k = unread_part(text, names) or ""
                    shapes[k] += 1
                    shape_example.setdefault(k, c.name)
            if len(mine) == 1 and c.name in static_ok:
                shapes_alone[next(iter(mine))] += 1

    silent = [(c.name, s.text) for c in cards for s in set_aside(c)]
    report = {
        "source": source,
        "silently_set_aside": len(silent),
        "cards": len(cards),
        "creature_cards": len(creatures),
        "creature_cards_fully_understood": len(covered),
        "coverage": round(len(covered) / max(1, len(creatures)), 4),
        "attack_relevant_creature_cards": a_cre[0],
        "attack_relevant_creature_cards_understood": a_cre[1],
        "attack_relevant_creature_sentences": a_cre[2],
        "attack_relevant_creature_sentences_understood": a_cre[3],
        "attack_relevant_cards_all_types": a_all[0],
        "attack_relevant_cards_all_types_understood": a_all[1],
        "block_relevant_creature_cards": b_cre[0],
        "block_relevant_creature_cards_understood": b_cre[1],
        "block_relevant_creature_sentences": b_cre[2],
        "block_relevant_creature_sentences_understood": b_cre[3],
        "block_relevant_cards_all_types": b_all[0],
        "block_relevant_cards_all_types_understood": b_all[1],
        "creature_cards_with_combat_triggers": with_triggers,
        "creature_cards_combat_played_before": played_before,
        "creature_cards_combat_played": played_now,
        "combat_played_before": round(played_before / max(1, len(creatures)), 4),
        "combat_played": round(played_now / max(1, len(creatures)), 4),
        "top_unread_triggers": [
            {"count": n, "condition": k, "example": unread_example[k]}
            for k, n in unread.most_common(args.top)
        ],
        "top_unread_shapes": [
            {"count": n, "cards_alone": shapes_alone[k], "shape": k, "example": shape_example[k]}
            for k, n in shapes.most_common(args.shapes)
        ],
        "parse_seconds": round(elapsed, 2),
        "sentences_by_reason": {f"{k[0]}:{k[1]}": v for k, v in reasons.most_common()},
        "top_unparsed": [
            {"count": n, "sentence": s, "example": example[s]}
            for s, n in unparsed.most_common(args.top)
        ],
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0

    def pct(a: int, b: int) -> str:
        return f"{a}/{b} = {100 * a / max(1, b):.1f}%"

    print(f"source: {source}")
    print(f"cards (traditional, non-token, no Alchemy): {len(cards)}; parsed in {elapsed:.1f}s")
    print(f"creature cards fully understood: {pct(len(covered), len(creatures))}")
    print(f"creature cards with a triggered ability of combat: {pct(with_triggers, len(creatures))}")
    print(f"creature cards whose every combat-relevant ability is played (issue 21): "
          f"before the trigger reader {pct(played_before, len(creatures))}; "
          f"now {pct(played_now, len(creatures))}")
    print(f"combat-relevant sentences silently set aside (all cards): {len(silent)}")
    for name, text in silent[:20]:
        print(f"    {name}: {text}")
    print(f"attack-relevant creature cards understood: {pct(a_cre[1], a_cre[0])} "
          f"(sentences {pct(a_cre[3], a_cre[2])})")
    print(f"attack-relevant cards of any type understood: {pct(a_all[1], a_all[0])} "
          f"(sentences {pct(a_all[3], a_all[2])})")
    print(f"block-relevant creature cards understood: {pct(b_cre[1], b_cre[0])} "
          f"(sentences {pct(b_cre[3], b_cre[2])})")
    print(f"block-relevant cards of any type understood: {pct(b_all[1], b_all[0])} "
          f"(sentences {pct(b_all[3], b_all[2])})")
    print("\ncreature-card sentences by status and reason:")
    for (status, reason), n in reasons.most_common():
        print(f"  {n:7d}  {status:10s} {reason}")
    print(f"\ntop {args.top} unread trigger conditions of combat on creature cards:")
    for k, n in unread.most_common(args.top):
        print(f"  {n:4d}  {k}   [{unread_example[k]}]")
    if args.shapes:
        print(f"\ntop {args.shapes} unread shapes of triggers of combat (sentences, cards for "
              f"which it is the only thing unplayed):")
        for k, n in shapes.most_common(args.shapes):
            print(f"  {n:4d} {shapes_alone[k]:4d}  {k}   [{shape_example[k]}]")
    print(f"\ntop {args.top} unparsed sentences on creature cards:")
    for s, n in unparsed.most_common(args.top):
        print(f"  {n:4d}  {s}   [{example[s]}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
