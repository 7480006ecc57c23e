"""The Oracle-text parser: card text -> typed combat abilities (:mod:`redzone.models.abilities`).

One grammar serves real cards' Oracle text and the inline ``text`` / ``abilities`` of
scenario permanents. The parser is a small hand-written grammar over regular expressions:

1. Reminder text (parenthesised) is removed and the text is split into *abilities* (lines).
2. Each line is classified structurally: keyword line ("Flying, trample"), triggered ability
   ("When/Whenever/At ..."), activated or loyalty ability ("cost: effect"), modal line
   ("Choose one —", "• ..."), saga chapter, leveler/class/max-speed conditional section, or a
   static-text line, which is split into sentences.
3. Each static sentence is matched against the sentence templates (whole-sentence forms such
   as attack caps and attack taxes, then *subject + predicates*: "Enchanted creature gets
   +2/+2 and attacks each combat if able").
4. Every sentence ends in exactly one of: understood (it produced abilities), unparsed
   (combat-relevant but not understood), or ignored (not combat-relevant, or not a static
   ability: triggered, activated, one-shot). A sentence is either understood as a whole or
   reported unparsed — a partly understood sentence never yields abilities.

See ``docs/parser.md`` for the templates, the combat-relevance rule and coverage figures.
Pure Python; never imports ortools. Results are cached by ``(text, names)``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from redzone.models.abilities import (
    ANY_SOURCE,
    ATTACHED,
    KEYWORDS,
    SELF,
    Ability,
    Affected,
    AllMustBlock,
    AttackCap,
    AttacksEachCombat,
    AttackTax,
    BlockCap,
    BlocksEachCombat,
    CanBlockAdditional,
    CanBlockOnlyFliers,
    CanOnlyAttackAlone,
    CantAttack,
    CantAttackAlone,
    CantAttackOwner,
    CantAttackUnlessDefenderControls,
    CantAttackUnlessGreaterPowerAttacks,
    CantAttackUnlessOthersAttack,
    CantAttackYou,
    CantBeBlocked,
    CantBeBlockedBy,
    CantBeBlockedByMoreThan,
    CantBeBlockedExceptByAtLeast,
    CantBlock,
    CantBlockAlone,
    CantBlockUnlessGreaterPowerBlocks,
    CantBlockUnlessOthersBlock,
    BlockTax,  # block templates (issue 3)
    CanBlockShadow,
    CantBeBlockedExceptBy,
    CantBeBlockedUnlessAllBlock,
    CantBlockCreatures,
    Quality,
    DamageCantBePrevented,
    DamageModifier,
    Grant,
    Keyword,
    Landwalk,
    MustBeAttacked,
    MustBeBlocked,
    ParsedText,
    PreventDamage,
    PreventDamageToPlayer,
    Protection,
    SourceFilter,
    Toxic,
    XCount,
)

__all__ = [
    "Sentence",
    "analyse_text",
    "parse_text",
    "parse_sentence",
    "is_combat_relevant",
    "self_names",
    "singular",
]

Status = Literal["understood", "unparsed", "ignored"]


@dataclass(frozen=True)
class Sentence:
    """How one unit of text was classified.

    ``text``: the sentence (or keyword, or whole triggered/activated ability) with reminder
    text removed. ``status``: ``"understood"``, ``"unparsed"`` or ``"ignored"``. ``reason``:
    a short tag saying why (``"keyword"``, ``"template"``, ``"triggered"``, ``"activated"``,
    ``"not combat-relevant"``, ``"no template"``, ``"conditional"``, ...; listed in
    ``docs/parser.md``). ``abilities``: what an understood sentence produced (empty
    otherwise).
    """

    text: str
    status: Status
    reason: str
    abilities: tuple[Ability, ...] = ()


# =========================================================================== vocabulary

_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}
_NUM = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)"


def _number(word: str) -> int:
    """``"two"`` -> 2, ``"3"`` -> 3 (case-insensitive)."""
    w = word.lower()
    return _NUMBER_WORDS[w] if w in _NUMBER_WORDS else int(w)


_COLORS = ("white", "blue", "black", "red", "green")
_CARD_TYPE_PLURALS = {
    "artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
    "lands": "Land", "planeswalkers": "Planeswalker", "battles": "Battle",
    "instants": "Instant", "sorceries": "Sorcery",
}

# Creature types (CR 205.3m) as they appear on cards and tokens, one word each ("Time Lord"
# is left out). A capitalised word is read as a creature type only if it is in this list.
CREATURE_TYPES = frozenset(
    """
    Advisor Aetherborn Alicorn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army
    Artificer Artist Assassin Assembly-Worker Astartes Athlete Atog Aurochs Autobot Avatar
    Azra Badger Balloon Barbarian Bard Basilisk Bat Bear Beast Beaver Beeble Beholder
    Berserker Bird Bison Boar Boxer Bringer Brushwagg Bureaucrat C'tan Camarid Camel
    Capybara Caribou Carrier Cat Centaur Cephalid Chameleon Champion Chef Chicken Child
    Chimera Citizen Clamfolk Cleric Clown Cockatrice Construct Cow Coward Coyote Crab
    Crocodile Custodes Cyberman Cyborg Cyclops Dalek Dauthi Deer Demigod Demon Detective
    Devil Dinosaur Djinn Doctor Dog Donkey Dragon Drake Dreadnought Drix Drone Druid Dryad
    Dwarf Echidna Efreet Egg Elder Eldrazi Elemental Elephant Elf Elk Employee Equipment
    Eternal Eye Faerie Ferret Fish Flagbearer Food Fox Fractal Frog Fungus Gamer Gamma
    Gargoyle Germ Giant Giraffe Gith Glimmer Gnoll Gnome Goat Goblin God Golem Gorgon
    Grandchild Graveborn Gremlin Griffin Guest Hag Halfling Hamster Harpy Hatificer Hawk
    Head Hedgehog Hellion Hero Hippo Hippogriff Homarid Homunculus Horror Horse Human Hydra
    Hyena Illusion Imp Incarnation Inhuman Inkling Inquisitor Insect Jackal Jellyfish Judge
    Juggernaut Kangaroo Kavu Killbot Kirin Kithkin Knight Koala Kobold Kor Kraken Kree Lamia
    Lammasu Lander Leech Lemur Leviathan Lhurgoyf Licid Lizard Lobster Mammoth Manticore
    Masticore Mercenary Merfolk Metathran Mime Minion Minotaur Mite Mole Monger Mongoose
    Monk Monkey Moogle Moonfolk Mount Mouse Mummy Mutant Myr Mystic Nastiest, Nautilus
    Necron Nephilim Nightmare Nightstalker Ninja Noble Noggle Nomad Nymph Octopus Officer
    Ogre Ooze Orc Orgg Otter Ouphe Ox Oyster Pangolin Paratrooper Peasant Pegasus Pentavite
    Performer Pest Phelddagrif Phoenix Phyrexian Pilot Pincher Pirate Plant Platypus Pony
    Porcupine Possum Praetor Primarch Processor Rabbit Raccoon Ranger Rat Rebel Reflection
    Reveler Rhino Rigger Robot Rogue Sable Salamander Samurai Saproling Satyr Scarecrow
    Scientist Scion Scorpion Scout Sculpture Seal Serf Serpent Servo Shade Shaman
    Shapeshifter Shark Sheep Shi'ar Ship Siren Skeleton Skrull Skunk Slith Sliver Sloth Slug
    Snail Snake Soldier Soltari Sorcerer Spawn Specter Spellshaper Sphinx Spider Spike
    Spirit Splinter Sponge Spuzzem Spy Squid Squirrel Starfish Surrakar Survivor Symbiote
    Synth Teddy Tentacle Tetravite Thalakos Thopter Thrull Tiefling Time Lord Townsfolk Toy
    Tree Treefolk Trilobite Triskelavite Troll Turtle Tyranid Unicorn Utrom Vampire Vampyre
    Varmint Vedalken Vehicle Villain Volver Waiter Wall Walrus Warlock Warrior Weasel Weird
    Werewolf Whale Wizard Wolf Wolverine Wombat Worm Wraith Wrestler Wurm Yeti Zombie Zonian
    Zubera
    """.split()
)

_IRREGULAR_PLURALS = {
    "elves": "Elf", "dwarves": "Dwarf", "wolves": "Wolf", "werewolves": "Werewolf",
    "oxen": "Ox", "fungi": "Fungus", "cyclopes": "Cyclops", "mice": "Mouse",
    "zombies": "Zombie", "faeries": "Faerie", "pixies": "Pixie", "homunculi": "Homunculus",
    "octopi": "Octopus", "thieves": "Thief", "sphinxes": "Sphinx", "foxes": "Fox",
    "lynxes": "Lynx", "witches": "Witch", "boxes": "Box", "pegasi": "Pegasus",
    "calves": "Calf", "halves": "Half", "loxodons": "Loxodon", "mummies": "Mummy",
}
_INVARIANT_PLURALS = frozenset(
    """merfolk kithkin sheep fish elk djinn efreet samurai moonfolk kor vedalken jellyfish
    squid kraken moose deer bison""".split()
)


def singular(word: str) -> str | None:
    """The singular creature subtype for a plural subtype word, or ``None`` if ``word``
    does not look like a plural.

    ``"Goblins"`` -> ``"Goblin"``, ``"Elves"`` -> ``"Elf"``, ``"Merfolk"`` -> ``"Merfolk"``
    (invariant). Oracle text writes subtypes capitalised; the result keeps that spelling.
    """
    low = word.lower()
    if low in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[low]
    if low in _INVARIANT_PLURALS:
        return word
    if low.endswith("ies") and len(low) > 4:
        return word[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|z)es$", low):
        return word[:-2]
    if low.endswith("s") and not low.endswith("ss"):
        return word[:-1]
    return None


def _plural_subtype(word: str) -> str | None:
    """The creature type of a plural noun ("Walls" -> "Wall", "Merfolk" -> "Merfolk")."""
    one = singular(word)
    if one is None or one not in CREATURE_TYPES:
        return None
    if one == word and word.lower() not in _INVARIANT_PLURALS:
        return None
    return one


# --------------------------------------------------------------------- keyword tables

_COMBAT_KEYWORDS = tuple(sorted(KEYWORDS, key=len, reverse=True))

# Keyword abilities that are triggered abilities about combat (they never make a declaration
# illegal): ignored with reason "triggered keyword".
_TRIGGERED_KEYWORDS = (
    "exalted", "battle cry", "flanking", "bushido", "rampage", "provoke", "afflict",
    "annihilator", "renown", "myriad", "melee", "dethrone", "training", "mentor", "frenzy",
    "poisonous", "ingest", "double team", "mobilize", "firebending", "prowess", "afterlife",
    "soulshift", "evolve", "extort", "exploit", "backup", "undying", "persist", "modular",
    "fabricate", "bloodthirst", "echo", "fading", "vanishing", "cumulative upkeep",
    "cascade", "storm", "haunt", "recover", "ripple", "squad", "ravenous", "riot",
    "devour", "champion", "amplify", "graft", "sunburst", "tribute", "living weapon",
    "for mirrodin!", "casualty", "read ahead", "heroic", "gift", "offspring", "enlist",
)
# Static keywords about combat that the typed abilities do not model: unparsed.
_UNMODELLED_KEYWORDS = ("unleash", "bands with other", "absorb")
# Keyword abilities with nothing to do with combat (costs, alternative casting, hexproof ...).
_OTHER_KEYWORDS = (
    "flash", "hexproof", "shroud", "ward", "changeling", "devoid", "enchant", "equip",
    "fortify", "crew", "kicker", "multikicker", "flashback", "madness", "morph", "megamorph",
    "disguise", "unearth", "evoke", "partner", "companion", "convoke", "delve", "affinity",
    "improvise", "emerge", "escape", "embalm", "eternalize", "encore", "dash", "blitz",
    "foretell", "disturb", "daybound", "nightbound", "level up", "reconfigure", "prototype",
    "mutate", "bestow", "outlast", "soulbond", "splice", "buyback", "suspend", "phasing",
    "hideaway", "umbra armor", "totem armor", "reinforce", "transmute", "forecast",
    "retrace", "conspire", "overload", "scavenge", "cipher", "fuse", "aftermath", "awaken",
    "surge", "escalate", "spectacle", "assist", "jump-start", "adapt", "boast",
    "demonstrate", "cleave", "compleated", "more than meets the eye", "living metal",
    "bargain", "craft", "plot", "saddle", "spree", "impending", "exhaust",
    "start your engines!", "harmonize", "job select", "station", "warp", "sneak",
    "ninjutsu", "commander ninjutsu", "transfigure", "dredge", "epic", "entwine",
    "gravestorm", "prowl", "rebound", "miracle", "undaunted", "friends forever",
    "choose a background", "doctor's companion", "hidden agenda", "visit", "specialize",
    "split second", "aura swap", "offering", "landcycling", "basic landcycling",
    "cycling", "web-slinging", "mayhem", "tiered", "decayed",
    "toxic", "protection", "paradox", "infinity",
)

_KEYWORD_ITEM_HEAD = re.compile(
    "(?i)(?:"
    + "|".join(
        re.escape(k)
        for k in sorted(set(_TRIGGERED_KEYWORDS + _UNMODELLED_KEYWORDS + _OTHER_KEYWORDS),
                        key=len, reverse=True)
    )
    + r"|[a-z]+cycling|\w+ offering)(?=$|[\s—{]|\d)"
)

# ---------------------------------------------------------------- relevance rule

_RELEVANT = re.compile(
    r"(?i)\b(?:attack\w*|block\w*|unblockable|combat|goad\w*|defending player|"
    r"protection|banding|bands with|toxic|prevent\w*\b[^.]*\bdamage|"
    r"los(?:e|es)\s+(?:all\b|"
    + "|".join(re.escape(k) for k in _COMBAT_KEYWORDS)
    + r")|"
    r"(?!planes)[a-z]*walk|"
    + "|".join(re.escape(k) for k in _COMBAT_KEYWORDS)
    + r")\b"
)

_CONDITION_START = re.compile(
    r"(?i)^(?:unless|if|as long as|except|during|while|until|only|where|for as long as)\b"
)


def is_combat_relevant(text: str) -> bool:
    """The combat-relevance rule: ``text`` mentions attacking, blocking, combat, goad,
    the defending player, protection, landwalk, banding, toxic, preventing damage, losing
    all abilities or a keyword, or one of the combat keywords
    (:data:`redzone.models.abilities.KEYWORDS`).

    Applied to sentences the grammar did not understand (and to the parts of compound
    sentences it could not place): relevant ones are reported as unparsed, the others
    ignored. See ``docs/parser.md`` for why this is the rule.
    """
    return bool(_RELEVANT.search(text))


# ====================================================================== self references


def self_names(names: Sequence[str]) -> tuple[str, ...]:
    """Every name that refers to the object itself, longest first.

    For each given name: the name; each face of a ``"A // B"`` name; the part before the
    first comma ("Ruric Thar" for "Ruric Thar, the Unbowed"); and, for names of two or more
    words, the first word ("Zurgo" for "Zurgo Helmsmasher") — the first word is only
    recognised where it stands as the subject of a sentence (see :func:`_normalise_self`).
    """
    out: list[str] = []
    for name in names:
        for face in name.split(" // "):
            face = face.strip()
            if not face:
                continue
            out.append(face)
            if "," in face:
                out.append(face.split(",", 1)[0].strip())
    return tuple(sorted({n for n in out if n}, key=len, reverse=True))


_SELF_PHRASE = (
    r"(?:[Tt]his (?:creature|permanent|Vehicle|artifact|enchantment|land|token|"
    r"Spacecraft|Equipment|Aura)|CARDNAME|~)"
)
_VERB_HEAD = (
    r"(?:attacks|blocks|can't|cannot|can|has|gets|gains|must|is|deals|doesn't|loses|"
    r"assigns|enters|isn't)\b"
)


_SELF_RE = re.compile(r"(?<![\w'-])" + _SELF_PHRASE + r"(?![\w-])")
_VERB_HEAD_RE = re.compile(_VERB_HEAD)


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch in "_'-"


@lru_cache(maxsize=8192)
def _name_forms(names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(full and comma-short names, first words usable only as a subject)."""
    full = self_names(names)
    firsts = {
        face.split()[0]
        for name in names for face in name.split(" // ")
        if len(face.split()) >= 2 and face.split()[0][:1].isupper()
    } - set(full)
    return full, tuple(sorted(firsts, key=len, reverse=True))


def _normalise_self(text: str, names: tuple[str, ...]) -> str:
    """Replace every reference to the object itself by ``~``.

    Full names and short names are replaced wherever they stand as whole words; a first-word
    name ("Zurgo") only at the start of a sentence or clause and followed by a verb.
    """
    full, firsts = _name_forms(names)
    for name in full:
        if name not in text:
            continue
        out: list[str] = []
        pos = 0
        while True:
            k = text.find(name, pos)
            if k < 0:
                break
            end = k + len(name)
            if (k == 0 or not _is_word_char(text[k - 1])) and (
                    end == len(text) or not (text[end].isalnum() or text[end] in "_-")):
                out.append(text[pos:k])
                out.append("~")
            else:
                out.append(text[pos:end])
            pos = end
        out.append(text[pos:])
        text = "".join(out)
    for name in firsts:
        k = text.find(name)
        while k >= 0:
            end = k + len(name)
            before_ok = (k == 0 or text[max(0, k - 2):k] in (". ", ", ")
                         or text[max(0, k - 4):k] == "and " or text[k - 1] == '"')
            if before_ok and text[end:end + 1] == " " and _VERB_HEAD_RE.match(text, end + 1):
                text = text[:k] + "~" + text[end:]
                end = k + 1
            k = text.find(name, end)
    return _SELF_RE.sub("~", text)


# ==================================================================== subjects


_GROUP = re.compile(
    r"""(?P<q>(?:[Aa]ll|[Ee]ach)\s)?
    (?P<other>[Oo]ther\s)?
    (?:[Nn]on-?(?P<non>[A-Z][\w'-]*)\s)?
    (?:(?P<types>[A-Z][\w'-]*(?:(?:,\s|,\sand\s|,\sor\s|\sand\s|\sor\s|\sand/or\s)[A-Z][\w'-]*)*)\s)?
    (?P<noun>[Cc]reatures?|[A-Z][\w'-]*)
    (?P<ctl>\s(?:you\scontrol|your\sopponents\scontrol|an\sopponent\scontrols|
        each\sopponent\scontrols|your\sopponent\scontrols))?""",
    re.X,
)


def _subtype_list(text: str, *, plural: bool = False) -> tuple[str, ...] | None:
    """"Goblin and Orc" -> ("Goblin", "Orc"); ``plural``: "Vampires or Zombies"."""
    words = [w for w in re.split(r",\s(?:and\s|or\s)?|\sand/or\s|\sand\s|\sor\s", text) if w]
    out: list[str] = []
    for w in words:
        t = _plural_subtype(w) if plural else (w if w in CREATURE_TYPES else None)
        if t is None:
            return None
        out.append(t)
    return tuple(out)


def _parse_subject(subject: str) -> Affected | None:
    """Subject phrase -> :class:`Affected`, or ``None`` if it is not one we can express."""
    s = subject.strip()
    if s == "~":
        return SELF
    low = s.lower()
    if re.fullmatch(r"(?:enchanted|equipped) (?:creature|permanent|artifact|vehicle)", low):
        return ATTACHED
    m = _GROUP.fullmatch(s)
    if not m:
        return None
    noun = m["noun"]
    subtypes: tuple[str, ...] = ()
    if noun.lower() in ("creature", "creatures"):
        if noun.lower() == "creature" and not m["q"]:
            return None  # "creature can't ..." without "each" is not a subject
        if m["types"]:
            st = _subtype_list(m["types"])
            if st is None:
                return None
            subtypes = st
    else:
        if m["types"]:
            return None
        one = _plural_subtype(noun)
        if one is None:
            if noun in CREATURE_TYPES and m["q"] and m["q"].strip().lower() == "each":
                one = noun  # "Each Skeleton you control ..."
            else:
                return None  # a bare singular or unknown capitalised word is not a group
        subtypes = (one,)
    exclude: tuple[str, ...] = ()
    if m["non"]:
        if m["non"] not in CREATURE_TYPES:
            return None
        exclude = (m["non"],)
    ctl = (m["ctl"] or "").strip()
    controller = "you" if ctl == "you control" else ("opponents" if ctl else "any")
    return Affected(
        kind="creatures", controller=controller, subtypes=subtypes,
        exclude_subtypes=exclude, other=bool(m["other"]),
    )


# ==================================================================== keyword items


def _protection(rest: str, text: str) -> list[Ability] | None:
    """``rest`` is what follows "protection": "from red and from blue"."""
    if not rest.lower().startswith("from "):
        return None
    parts = re.split(r",?\s(?:and\s)?from\s", " " + rest.strip(), flags=re.I)
    out: list[Ability] = []
    for part in parts:
        q = part.strip()
        if not q:
            continue
        low = q.lower()
        if low in _COLORS or low in ("everything", "multicolored", "monocolored", "colorless"):
            quality = low
        elif low in ("all colors", "each color"):
            quality = "each color"
        elif low in _CARD_TYPE_PLURALS:
            quality = low
        elif _plural_subtype(q) is not None:
            quality = low
        else:
            return None
        out.append(Protection(quality=quality, text=text))
    return out or None


_LANDWALK = re.compile(r"(?i)(?:(?P<q>nonbasic|legendary|snow|artifact) )?(?P<t>[a-z]+)walk")
_LAND_TYPES = {"island": "Island", "swamp": "Swamp", "forest": "Forest",
               "mountain": "Mountain", "plains": "Plains", "desert": "Desert",
               "land": ""}


def _landwalk(item: str, text: str) -> list[Ability] | None:
    m = _LANDWALK.fullmatch(item.strip())
    if not m:
        return None
    t = m["t"].lower()
    if t not in _LAND_TYPES:
        return None
    q = (m["q"] or "").lower()
    if t == "land":
        return [Landwalk(land=q, text=text)] if q else None
    if q:
        return None  # "snow swampwalk" etc.: a combined quality the class does not name
    return [Landwalk(land=_LAND_TYPES[t], text=text)]


def _keyword_item(item: str, text: str | None = None) -> tuple[str, list[Ability]]:
    """Classify one keyword item ("Flying", "Protection from red", "Ward {2}").

    Returns ``(kind, abilities)`` where kind is ``"combat"`` (abilities produced),
    ``"unparsed"``, ``"triggered"``, ``"other"`` (not combat-relevant) or ``"no"`` (not a
    keyword at all).
    """
    raw = item.strip().rstrip(".") if "—" not in item else item.strip()
    text = item.strip() if text is None else text
    low = raw.lower()
    if low in KEYWORDS:
        return "combat", [Keyword(name=low, text=text)]
    if low.startswith("protection"):
        got = _protection(raw[len("protection"):].strip(), text)
        return ("combat", got) if got else ("unparsed", [])
    if re.fullmatch(r"(?i)(?:\w+ )?\w+walk", raw) and not low.endswith("planeswalk"):
        got = _landwalk(raw, text)
        return ("combat", got) if got else ("unparsed", [])
    m = re.fullmatch(r"(?i)toxic (\d+)", raw)
    if m:
        return "combat", [Toxic(amount=int(m[1]), text=text)]
    if low == "decayed":
        return "combat", [CantBlock(text=text)]
    m = _KEYWORD_ITEM_HEAD.match(raw)
    if not m:
        return "no", []
    head = m.group(0).lower()
    tail = raw[m.end():]
    # A keyword item is the keyword plus at most a parameter: a cost, a number, a quality
    # ("Hexproof from black", "Partner with X", "Enchant creature"), or "—cost".
    if "." in tail and "—" not in tail:
        return "no", []
    if len(tail.split()) > 6 and "—" not in tail:
        return "no", []
    if head in _UNMODELLED_KEYWORDS or head.startswith("bands with"):
        return "unparsed", []
    if head in _TRIGGERED_KEYWORDS:
        return "triggered", []
    return "other", []


def _split_keyword_line(line: str) -> list[str] | None:
    """Split a keyword line into items, or ``None`` if it is not a keyword line."""
    if "—" in line.split(",")[0] or line.count(",") == 0 and ";" not in line:
        items = [line]
    else:
        items = [p for p in re.split(r"[,;]\s*", line) if p]
    merged: list[str] = []
    for it in items:  # "protection from white, from blue, and from black"
        if merged and re.match(r"(?i)(?:and )?from ", it) and merged[-1].lower().startswith(
                "protection"):
            merged[-1] = merged[-1] + " and " + re.sub(r"(?i)^and ", "", it)
        else:
            merged.append(it)
    for it in merged:
        if _keyword_item(it)[0] == "no":
            return None
    return merged


# ==================================================================== predicates

_KW_ALT = "|".join(re.escape(k) for k in _COMBAT_KEYWORDS)
_KWITEM = (
    r"(?:" + _KW_ALT + r"|protection from [\w'-]+(?: [\w'-]+)?(?:,? (?:and )?from [\w'-]+)*"
    r"|(?:nonbasic |legendary )?[a-z]+walk|toxic \d+|decayed|hexproof(?: from \w+)?|shroud|"
    r"ward \{\d+\}|changeling|prowess|exalted|flanking|persist|undying|"
    r"\"[^\"]*\")"
)
_KWLIST = _KWITEM + r"(?:(?:, and |, | and )" + _KWITEM + r")*"

_CANT_ITEM = (
    r"attack you(?: or planeswalkers you control)?"
    r"|attack its owner(?: or planeswalkers its owner controls)?"
    r"|attack|block"
    r"|be blocked(?: by more than (?:one creature|" + _NUM + r" creatures)"
    r"| except by " + _NUM + r" or more creatures"
    r"| by [A-Z][\w'-]*(?:(?:, | or |, or )[A-Z][\w'-]*)*)?"
    r"|transform|crew Vehicles|be sacrificed|be regenerated|be countered|be turned face up"
    r"|be enchanted|be equipped|phase out"
)
_CANT_ITEM_RE = re.compile(_CANT_ITEM)

_P_REQ = re.compile(
    r"(?:it |they )?(?:attacks?)(?P<ob> or blocks?)? (?P<when>each combat|each turn|this turn|"
    r"this combat) if able"
)
_P_BREQ = re.compile(r"(?:it |they )?blocks? (?P<when>each combat|each turn|this turn|"
                     r"this combat) if able")
_P_CANT = re.compile(
    r"(?:it |they )?(?:can't|cannot) (?P<items>(?:" + _CANT_ITEM + r")(?:(?:, or |, and |, | or"
    r" | and )(?:" + _CANT_ITEM + r"))*)"
    r"(?P<tail> alone| this turn| this combat| each combat"
    r"| unless at least (?P<n>" + _NUM + r") other creatures? (?P<nv>attack|block)"
    r"| unless a creature with greater power also (?P<gv>attacks|blocks)"
    r"| unless defending player controls an? (?P<land>[A-Z][\w'-]*|snow land))?"
)
_P_ONLY_ALONE = re.compile(r"(?:it |they )?can (?:only attack alone|attack only alone)")
_P_BLOCK_ONLY_FLYING = re.compile(r"(?:it |they )?can block only creatures with flying")
_P_BLOCK_MORE = re.compile(
    r"(?:it |they )?can block (?:an additional (?:creature|(?P<n>" + _NUM + r") creatures)"
    r"|any number of creatures)(?: each combat)?"
)
_P_MUST_BE_BLOCKED = re.compile(r"(?:it |they )?must be blocked(?: each combat)? if able")
_P_HAS = re.compile(
    r"(?:it |they )?(?:has|have|gains?|gain) (?P<list>" + _KWLIST + r")(?P<eot> until end of "
    r"turn)?"
)
_P_GETS = re.compile(
    r"(?:it |they )?gets? [+\-−][\dX]+/[+\-−][\dX]+(?: for each [^,.]+?)?"
    r"(?:, where X is [^,.]+)?(?= and |, |$)"
)
_SEP = re.compile(r",? and |, (?:and )?")


def _per(when: str) -> Literal["combat", "turn"]:
    return "turn" if "turn" in when else "combat"


def _build_cant(m: re.Match[str], a: Affected, text: str) -> list[Ability] | None:
    items = [x.group(0) for x in _CANT_ITEM_RE.finditer(m["items"])]
    tail = (m["tail"] or "").strip()
    combat = [i for i in items if i.startswith(("attack", "block", "be blocked"))]
    out: list[Ability] = []
    if tail in ("", "this turn", "this combat", "each combat"):
        for i in items:
            if i == "attack":
                out.append(CantAttack(affected=a, text=text))
            elif i == "block":
                out.append(CantBlock(affected=a, text=text))
            elif i.startswith("attack you"):
                out.append(CantAttackYou(affected=a, include_planeswalkers="planeswalkers" in i,
                                         text=text))
            elif i.startswith("attack its owner"):
                out.append(CantAttackOwner(affected=a, include_planeswalkers="planeswalkers" in i,
                                           text=text))
            elif i == "be blocked":
                out.append(CantBeBlocked(affected=a, text=text))
            elif i.startswith("be blocked by more than"):
                n = re.search(r"more than (\w+)", i)[1]  # type: ignore[index]
                out.append(CantBeBlockedByMoreThan(affected=a, maximum=_number(n), text=text))
            elif i.startswith("be blocked except by"):
                n = re.search(r"except by (\w+)", i)[1]  # type: ignore[index]
                out.append(CantBeBlockedExceptByAtLeast(affected=a, minimum=_number(n),
                                                        text=text))
            elif i.startswith("be blocked by "):
                st = _subtype_list(i[len("be blocked by "):], plural=True)
                if st is None:
                    return None
                out.append(CantBeBlockedBy(
                    affected=a, blockers=Affected(kind="creatures", subtypes=st), text=text))
        return out
    if any(i not in ("attack", "block") for i in combat) or len(combat) != len(items):
        return None  # a condition on a non-combat verb, or on "be blocked": not a template
    if tail == "alone":
        for i in items:
            out.append(CantAttackAlone(affected=a, text=text) if i == "attack"
                       else CantBlockAlone(affected=a, text=text))
        return out
    if len(items) != 1:
        return None
    verb = items[0]
    if m["n"]:
        if m["nv"] != verb:
            return None
        n = _number(m["n"])
        return [CantAttackUnlessOthersAttack(affected=a, count=n, text=text) if verb == "attack"
                else CantBlockUnlessOthersBlock(affected=a, count=n, text=text)]
    if m["gv"]:
        if m["gv"] != verb + "s":
            return None
        return [CantAttackUnlessGreaterPowerAttacks(affected=a, text=text) if verb == "attack"
                else CantBlockUnlessGreaterPowerBlocks(affected=a, text=text)]
    if m["land"] and verb == "attack":
        land = "snow" if m["land"] == "snow land" else m["land"]
        return [CantAttackUnlessDefenderControls(affected=a, land=land, text=text)]
    return None


def _build_has(m: re.Match[str], a: Affected, text: str) -> list[Ability] | None:
    items = re.findall(_KWITEM, m["list"])
    granted: list[Ability] = []
    for it in items:
        if it.startswith('"'):
            inner = analyse_text(it.strip('"'), names=())
            if any(s.status == "unparsed" for s in inner):
                return None
            for s in inner:
                granted.extend(s.abilities)
            continue
        kind, abil = _keyword_item(it, text)
        if kind == "combat":
            granted.extend(abil)
        elif kind == "unparsed":
            return None
    if not granted or a.kind == "self":
        return granted
    # A granted restriction or requirement about "this creature" is the same ability with
    # the grant's subject; only keyword-like abilities need a Grant wrapper.
    from dataclasses import replace

    direct = [replace(g, affected=a, text=text) for g in granted
              if getattr(g, "affected", None) == SELF]
    wrapped = [g for g in granted if getattr(g, "affected", None) != SELF]
    return direct + ([Grant(affected=a, abilities=tuple(wrapped), text=text)] if wrapped else [])


_PREDICATES: list[tuple[re.Pattern[str], Callable[[re.Match[str], Affected, str],
                                                  list[Ability] | None]]] = [
    (_P_REQ, lambda m, a, t: [AttacksEachCombat(affected=a, per=_per(m["when"]), text=t)]
     + ([BlocksEachCombat(affected=a, per=_per(m["when"]), text=t)] if m["ob"] else [])),
    (_P_BREQ, lambda m, a, t: [BlocksEachCombat(affected=a, per=_per(m["when"]), text=t)]),
    (_P_CANT, _build_cant),
    (_P_ONLY_ALONE, lambda m, a, t: [CanOnlyAttackAlone(affected=a, text=t)]),
    (_P_BLOCK_ONLY_FLYING, lambda m, a, t: [CanBlockOnlyFliers(affected=a, text=t)]),
    (_P_BLOCK_MORE, lambda m, a, t: [CanBlockAdditional(
        affected=a, count=None if "any number" in m.group(0) else
        (_number(m["n"]) if m["n"] else 1), text=t)]),
    (_P_MUST_BE_BLOCKED, lambda m, a, t: [MustBeBlocked(affected=a, text=t)]),
    (_P_HAS, _build_has),
    (_P_GETS, lambda m, a, t: []),
]


def _parse_predicates(pred: str, a: Affected, text: str) -> list[Ability] | None:
    """Parse "attacks each combat if able, can't be sacrificed, and ..." for subject ``a``.

    Returns the abilities, or ``None`` when some part is combat-relevant and not understood
    (or is a condition whose scope we can't be sure of).
    """
    pos = 0
    out: list[Ability] = []
    n = len(pred)
    while pos < n:
        for rx, build in _PREDICATES:
            m = rx.match(pred, pos)
            if not m:
                continue
            end = m.end()
            if end != n and not _SEP.match(pred, end):
                continue
            got = build(m, a, text)
            if got is None:
                return None
            out.extend(got)
            pos = end
            break
        else:
            # An unknown part: up to the next separator that starts a known predicate.
            end = n
            for sm in _SEP.finditer(pred, pos):
                if any(rx.match(pred, sm.end()) for rx, _ in _PREDICATES):
                    end = sm.start()
                    break
            chunk = pred[pos:end]
            if is_combat_relevant(chunk) or _CONDITION_START.match(chunk.strip()):
                return None
            pos = end
        sm = _SEP.match(pred, pos)
        if sm:
            pos = sm.end()
    return out


_SUBJECT_SPLIT = re.compile(
    r" (?=(?:attacks?|blocks?|can't|cannot|can|has|have|gets?|gains?|must|is|are|loses?|"
    r"doesn't|don't)\b)"
)


def _subject_predicates(s: str) -> tuple[Affected, list[Ability]] | None:
    for sm in _SUBJECT_SPLIT.finditer(s):
        a = _parse_subject(s[: sm.start()])
        if a is None:
            continue
        got = _parse_predicates(s[sm.end():], a, "")
        if got is None:
            return None
        return a, got
    return None


# ==================================================== block templates (issue 3, 509.1)
#
# Added by the block-declaration work. Predicates are appended to ``_PREDICATES`` (after the
# first-pass ones, so they only see what those leave), and :func:`_block_static` is tried by
# :func:`parse_sentence` after the other whole-sentence templates. ``s`` is normalised text
# (self references are "~", no final period).

_BQ_KW = "(?:" + "|".join(re.escape(k) for k in _COMBAT_KEYWORDS) + ")"
_BQ_COLOR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_BQ_FORMS: tuple[str, ...] = (
    r"creatures? with power (?P<pn>" + _NUM + r") or (?P<pdir>less|greater)",
    r"creatures? with toughness (?P<tn>" + _NUM + r") or (?P<tdir>less|greater)",
    r"creatures? with (?P<rel>greater) power",
    r"creatures? with power (?P<rel2>less|greater) than ~'s power",
    r"creatures? with(?P<without>out)? (?P<kws>" + _BQ_KW + r"(?: or " + _BQ_KW + r")*)",
    r"(?P<noncol>non)?(?P<color>white|blue|black|red|green) creatures?",
    r"(?P<ctype>artifact|enchantment) creatures?",
    r"non-(?P<nonsub>[A-Z][\w'-]*) creatures?",
    r"(?P<sub>[A-Z][\w'-]*)",
)
_BQ_ONE = re.compile("|".join(f"(?:{f})" for f in _BQ_FORMS))
_BQ_PLAIN = "(?:" + "|".join(re.sub(r"\(\?P<\w+>", "(?:", f) for f in _BQ_FORMS) + ")"
_BQ_CONN = r"(?:, (?:and/or |or )?| and/or | or )"
_BQ_LIST = _BQ_PLAIN + "(?:" + _BQ_CONN + _BQ_PLAIN + ")*"
_BQ_CONN_RE = re.compile(_BQ_CONN)


def _block_quality(m: re.Match[str]) -> Quality | None:
    """One matched creature description -> :class:`Quality` (``None``: not expressible)."""
    if m["pn"]:
        n = _number(m["pn"])
        return Quality(power_at_most=n) if m["pdir"] == "less" else Quality(power_at_least=n)
    if m["tn"]:
        n = _number(m["tn"])
        return (Quality(toughness_at_most=n) if m["tdir"] == "less"
                else Quality(toughness_at_least=n))
    if m["rel"]:
        return Quality(power_vs="greater")
    if m["rel2"]:
        return Quality(power_vs=m["rel2"])  # type: ignore[arg-type]
    if m["kws"]:
        kws = tuple(k.lower() for k in m["kws"].split(" or "))
        return Quality(without_keywords=kws) if m["without"] else Quality(keywords=kws)
    if m["color"]:
        letter = _BQ_COLOR[m["color"]]
        return Quality(exclude_colors=(letter,)) if m["noncol"] else Quality(colors=(letter,))
    if m["ctype"]:
        return Quality(types=(m["ctype"].capitalize(),))
    if m["nonsub"]:
        return Quality(exclude_subtypes=(m["nonsub"],)) if m["nonsub"] in CREATURE_TYPES else None
    one = _plural_subtype(m["sub"] or "")
    return Quality(subtypes=(one,)) if one else None


def _block_qualities(text: str) -> tuple[Quality, ...] | None:
    """"artifact creatures and/or black creatures" -> two :class:`Quality` alternatives;
    ``None`` when any part is not understood."""
    out: list[Quality] = []
    pos = 0
    while True:
        m = _BQ_ONE.match(text, pos)
        if not m:
            return None
        q = _block_quality(m)
        if q is None:
            return None
        out.append(q)
        pos = m.end()
        if pos == len(text):
            return tuple(out)
        c = _BQ_CONN_RE.match(text, pos)
        if not c:
            return None
        pos = c.end()


_PB_BLOCKED_BY = re.compile(
    r"(?:it |they )?(?:can't|cannot) be blocked (?P<exc>except )?by (?P<q>" + _BQ_LIST + r")"
    r"(?: this turn| this combat)?"
)
_PB_CANT_BLOCK = re.compile(
    r"(?:it |they )?(?:can't|cannot) block (?P<q>" + _BQ_LIST + r")(?: this turn| this combat)?"
)
_PB_ALL_OR_NOTHING = re.compile(
    r"(?:it |they )?(?:can't|cannot) be blocked unless all creatures defending player controls "
    r"block (?:it|~)"
)
_PB_MUST_BE_BLOCKED = re.compile(
    r"(?:it |they |(?P<self>~) )?must be blocked(?: by (?:(?P<exactly>exactly one creature)|"
    r"(?P<n>" + _NUM + r") or more creatures|an? (?P<sub>[A-Z][\w'-]*)))?"
    r"(?: each combat(?: this turn)?| this turn| this combat)? if able"
)
_PB_LURE = re.compile(r"all creatures able to block (?:it|~)(?: this turn| this combat)? do so")
_PB_SHADOW = re.compile(
    r"(?:it |they )?can block creatures with shadow as though (?:it|they) "
    r"(?:had shadow|didn't have shadow)"
)


def _pb_blocked_by(m: re.Match[str], a: Affected, text: str) -> list[Ability] | None:
    qs = _block_qualities(m["q"])
    if qs is None:
        return None
    if m["exc"]:
        return [CantBeBlockedExceptBy(affected=a, qualities=qs, text=text)]
    # "can't be blocked by X or Y": each description is its own restriction.
    return [CantBeBlockedBy(affected=a, quality=q, text=text) for q in qs]


def _pb_cant_block(m: re.Match[str], a: Affected, text: str) -> list[Ability] | None:
    qs = _block_qualities(m["q"])
    return None if qs is None else [CantBlockCreatures(affected=a, qualities=qs, text=text)]


def _pb_must_be_blocked(m: re.Match[str], a: Affected, text: str) -> list[Ability] | None:
    if m["self"] and a.kind != "self":
        return None
    if m["exactly"]:
        return [MustBeBlocked(affected=a, minimum=1, maximum=1, text=text)]
    if m["n"]:
        return [MustBeBlocked(affected=a, minimum=_number(m["n"]), text=text)]
    if m["sub"]:
        one = m["sub"] if m["sub"] in CREATURE_TYPES else None
        if one is None:
            return None
        return [MustBeBlocked(affected=a, by=Quality(subtypes=(one,)), text=text)]
    return [MustBeBlocked(affected=a, text=text)]


_BLOCK_PREDICATES: list[tuple[re.Pattern[str], Callable[[re.Match[str], Affected, str],
                                                        list[Ability] | None]]] = [
    (_PB_ALL_OR_NOTHING, lambda m, a, t: [CantBeBlockedUnlessAllBlock(affected=a, text=t)]),
    (_PB_BLOCKED_BY, _pb_blocked_by),
    (_PB_CANT_BLOCK, _pb_cant_block),
    (_PB_MUST_BE_BLOCKED, _pb_must_be_blocked),
    (_PB_LURE, lambda m, a, t: [AllMustBlock(affected=a, text=t)]),
    (_PB_SHADOW, lambda m, a, t: [CanBlockShadow(affected=a, text=t)]),
]
# After the first-pass predicates: those keep their readings ("can't be blocked by Walls",
# "must be blocked if able"); these only see what they could not place.
_PREDICATES.extend(_BLOCK_PREDICATES)

_SB_LURE = re.compile(
    r"All (?:creatures(?: with (?P<kw>" + _BQ_KW + r"))?|(?P<sub>[A-Z][\w'-]*)) able to block "
    r"(?P<who>~ or enchanted creature|~|enchanted creature|equipped creature)"
    r"(?: this turn| this combat)? do so"
)
_SB_HEXPROOF = re.compile(r"~ has (?:hexproof|shroud) (?:unless|as long as) [^.]+")
_SB_LESS_POWER = re.compile(r"Creatures with power less than ~'s power can't block (?:it|~)")
_SB_TAX = re.compile(
    r"(?:(?P<turn>This turn), |(?P<att>As long as ~ is attacking), )?"
    r"(?P<subj>.+?) can't block unless (?:their|its) controller pays (?P<cost>(?:\{[^}]+\})+) "
    r"for each (?:blocking creature they control|of those creatures|creature they control "
    r"that's blocking)"
    r"(?:, where X is (?:(?P<xn>\d+)|the number of (?P<x>.+)))?"
)
_SB_ATTACKER_TAX = re.compile(
    r"(?P<subj>~|[Ee]nchanted creature|[Ee]quipped creature) can't be blocked unless defending "
    r"player pays (?P<cost>(?:\{[^}]+\})+) for each creature they control that's blocking it"
    r"(?:, where X is (?:(?P<xn>\d+)|the number of (?P<x>.+)))?"
)


def _block_cost(m: re.Match[str]) -> tuple[int, XCount | None] | None:
    """(generic, X) of a block tax: ``{N}``, or ``{X}`` with ", where X is N" (War Cadence's
    X as chosen) or ", where X is the number of ... you control"."""
    generic = 0
    has_x = False
    for c in re.findall(r"\{([^}]+)\}", m["cost"]):
        if c.isdigit():
            generic += int(c)
        elif c == "X":
            has_x = True
        else:
            return None  # coloured or Phyrexian mana, life: not a generic tax
    if not has_x:
        return None if (m["xn"] or m["x"]) else (generic, None)
    if m["xn"]:
        return generic + int(m["xn"]), None
    if m["x"]:
        x = _x_count(m["x"])
        return None if x is None else (generic, x)
    return None


def _block_static(s: str, text: str) -> list[Ability] | str | None:
    """Whole-sentence block templates (509.1b-d): Lure variants, "creatures with power less
    than this creature's power can't block it", block taxes. Returns the abilities, an
    ignore reason (a conditional hexproof that only mentions blocking), or ``None``."""
    if _SB_HEXPROOF.fullmatch(s):
        return "hexproof or shroud (not a combat rule)"  # Tromokratis: "... unless it's attacking"
    m = _SB_LURE.fullmatch(s)
    if m:
        blockers = None
        if m["kw"]:
            blockers = Quality(keywords=(m["kw"].lower(),))
        elif m["sub"]:
            one = _plural_subtype(m["sub"])
            if one is None:
                return None
            blockers = Quality(subtypes=(one,))
        whos = {"~": [SELF], "~ or enchanted creature": [SELF, ATTACHED]}.get(m["who"], [ATTACHED])
        return [AllMustBlock(affected=w, blockers=blockers, text=text) for w in whos]
    if _SB_LESS_POWER.fullmatch(s):
        return [CantBeBlockedBy(affected=SELF, quality=Quality(power_vs="less"), text=text)]
    m = _SB_TAX.fullmatch(s)
    if m:
        cost = _block_cost(m)
        subj = _parse_subject(m["subj"])
        if cost is None or subj is None or subj.kind != "creatures":
            return None
        return [BlockTax(generic=cost[0], x=cost[1], affected=subj,
                         while_attacking=bool(m["att"]), text=text)]
    m = _SB_ATTACKER_TAX.fullmatch(s)
    if m:
        cost = _block_cost(m)
        if cost is None:
            return None
        who = SELF if m["subj"] == "~" else ATTACHED
        return [BlockTax(generic=cost[0], x=cost[1], attackers=who, text=text)]
    return None


# ==================================================================== whole sentences

_S_ATTACK_CAP = re.compile(
    r"No more than (?P<n>" + _NUM + r") creatures? can attack(?P<you> you(?P<pw> or "
    r"planeswalkers you control)?)? each (?P<per>combat|turn)"
)
_S_BLOCK_CAP = re.compile(
    r"No more than (?P<n>" + _NUM + r") creatures? can block each (?P<per>combat|turn)"
)
_S_TAX = re.compile(
    r"(?P<subj>.+?) can't attack (?P<whom>you or planeswalkers you control|you) unless "
    r"(?:their|its) controller pays (?P<cost>(?:\{[^}]+\})+)"
    r"(?: for each (?P<each>creature they control that's attacking you(?: or a planeswalker "
    r"you control)?|of those creatures|creature they control that's attacking|attacking "
    r"creature they control))?"
    r"(?:, where X is the number of (?P<x>.+))?"
)
_S_MUST_BE_ATTACKED = re.compile(
    r"Each opponent must attack you(?P<pw> or a planeswalker you control)? with at least one "
    r"creature each combat if able"
)
_S_LURE = re.compile(
    r"All creatures able to block (?P<who>~|enchanted creature|equipped creature) do so"
)
_S_NOT_ATTACKED = re.compile(r"You can't be attacked")
_S_EXERT = re.compile(r"(?:If ~ hasn't been exerted this turn, )?[Yy]ou may exert "
                      r"(?:~|it|him|her|them) as (?:it|he|she|they) attacks?")


def _x_count(text: str) -> XCount | None:
    """The "where X is the number of ..." tail of an attack tax."""
    if text == "counters on that creature":
        return XCount(what="counters")
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
                          include_planeswalkers=bool(m["pw"]), per=m["per"], text=text)]
    m = _S_BLOCK_CAP.fullmatch(s)
    if m:
        return [BlockCap(maximum=_number(m["n"]), per=m["per"], text=text)]
    m = _S_MUST_BE_ATTACKED.fullmatch(s)
    if m:
        return [MustBeAttacked(include_planeswalkers=bool(m["pw"]), text=text)]
    m = _S_LURE.fullmatch(s)
    if m:
        return [AllMustBlock(affected=SELF if m["who"] == "~" else ATTACHED, text=text)]
    if _S_NOT_ATTACKED.fullmatch(s):
        return [CantAttackYou(text=text)]
    if _S_EXERT.fullmatch(s):
        return "optional attack cost"
    m = _S_TAX.fullmatch(s)
    if m:
        return _tax(m, text)
    return None


def _tax(m: re.Match[str], text: str) -> list[Ability] | None:
    costs = re.findall(r"\{([^}]+)\}", m["cost"])
    generic = 0
    has_x = False
    for c in costs:
        if c.isdigit():
            generic += int(c)
        elif c == "X":
            has_x = True
        else:
            return None  # coloured or Phyrexian mana: not a generic tax
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
                      affected=affected, text=text)]


# ==================================================================== sentences

_PT_ONLY = re.compile(
    r"(?:.+ )?gets? [+\-−][\dX]+/[+\-−][\dX]+(?: until end of turn)?(?: for each [^.]+?)?"
    r"(?:, where X is [^.]+)?(?: until end of turn)?(?: as long as [^.]+| for each [^.]+)?"
)
# One-shot instructions of spells and of triggered/activated abilities (a static ability
# never "destroys" or "creates"): ignored.
_ONE_SHOT = re.compile(
    r"^(?:Untap|Tap|Return|Create|Destroy|Exile|Search|Draw|Discard|Put|Remove|Sacrifice|"
    r"Gain control|Look|Reveal|Shuffle|Counter|Copy|Add|Mill|Scry|Surveil|Investigate|"
    r"Proliferate|Attach|Choose|Flip|Roll|Then|Repeat|Separate|Switch|Double|Fateseal|"
    r"Each player (?:loses|gains|sacrifices|discards|draws|mills|puts|returns|exiles|"
    r"creates|may)|Each opponent (?:loses|sacrifices|discards|mills|creates)|"
    r"You (?:gain|lose|draw|create|put|get|may put|may draw|may return|may search)|"
    r"~ deals|~ fights|Prevent\b.*\bthis turn)\b"
)
_CONTINUES = re.compile(r"^(?:It|They|That creature|Those creatures|That player|Its|Their|"
                        r"Each of (?:them|those creatures))\b")
_CASTING = re.compile(
    r"(?i)^(?:cast this spell|this spell|as an additional cost to cast|you may cast|"
    r"spend only|~ costs|this (?:creature|card) costs)"
)


def _outside_quotes(s: str) -> str:
    return re.sub(r'"[^"]*"', '""', s)


def parse_sentence(sentence: str, *, names: Sequence[str] = (),
                   previous: Affected | None = None) -> Sentence:
    """Classify one static sentence (reminder text already removed).

    ``previous`` is the subject of the sentence before it in the same ability, used for a
    leading "It"/"They". Returns a :class:`Sentence`; never raises on odd text.
    """
    text = sentence.strip()
    s = _normalise_self(text, tuple(names)).strip()
    s = s[:-1] if s.endswith(".") else s
    if not s:
        return Sentence(text, "ignored", "empty")
    if previous is not None:
        s = re.sub(r"^(?:It|They) ", "~ " if previous.kind == "self" else "\0 ", s)
    got = _whole_sentence(s, text)
    if got is None:
        got = _damage_static(s, text)  # damage prevention/replacement (section at the end)
    if got is None:
        got = _block_static(s, text)  # block templates (issue 3 section)
    if isinstance(got, str):
        return Sentence(text, "ignored", got)
    if got is not None:
        return Sentence(text, "understood", "template", tuple(got))
    if "\0" not in s:
        sp = _subject_predicates(s)
    else:
        pred = s.split("\0 ", 1)[1]
        abil = _parse_predicates(pred, previous, "") if previous is not None else None
        sp = (previous, abil) if abil is not None else None  # type: ignore[assignment]
    if sp is not None:
        _, abil = sp
        abil = [_with_text(a, text) for a in abil]
        if abil:
            return Sentence(text, "understood", "template", tuple(abil))
        if not is_combat_relevant(_outside_quotes(s)):
            return Sentence(text, "ignored", "not combat-relevant")
        # Everything was understood and nothing combat-relevant came out: e.g. a granted
        # triggered ability. That is not a restriction or requirement either.
        return Sentence(text, "ignored", "granted non-static ability")
    if _PT_ONLY.fullmatch(s) or re.match(
            r"^(?:~'s|Its|Enchanted creature's|Equipped creature's) (?:base )?power"
            r"(?: and toughness)? (?:is|are)\b", s):
        return Sentence(text, "ignored", "power/toughness")
    if _CASTING.match(s):
        return Sentence(text, "ignored", "casting")
    if _ONE_SHOT.match(s) or re.search(r"\bthis way\b", s):
        return Sentence(text, "ignored", "one-shot effect")
    bare = _outside_quotes(s)
    if re.search(r"\benters?\b", bare) and not re.search(r"\bcan't|\bcan\b|\bhas\b", bare):
        return Sentence(text, "ignored", "enters the battlefield")
    if re.search(r"(?i)\btargets?\b", bare):
        return Sentence(text, "ignored", "one-shot effect (targets)")
    if not is_combat_relevant(s):
        return Sentence(text, "ignored", "not combat-relevant")
    cond = re.search(r"(?i)\b(?:unless|if|as long as|during|while|except|until)\b", bare)
    return Sentence(text, "unparsed", "conditional" if cond else "no template")


def _with_text(a: Ability, text: str) -> Ability:
    if a.text:
        return a
    from dataclasses import replace

    if isinstance(a, Grant):
        return replace(a, text=text, abilities=tuple(_with_text(x, text) for x in a.abilities))
    return replace(a, text=text)


def _subject_of(sentence: Sentence, names: tuple[str, ...]) -> Affected | None:
    """The subject a following "It ..." sentence refers to."""
    s = _normalise_self(sentence.text, names)
    for sm in _SUBJECT_SPLIT.finditer(s):
        a = _parse_subject(s[: sm.start()])
        if a is not None:
            return a
    return None


# ==================================================================== lines

_REMINDER = re.compile(r"\s*\((?:[^()]|\([^()]*\))*\)")
_ABILITY_WORD = re.compile(
    r"^(?P<word>(?:\{TK\})+|[A-Z0-9][^—:\"•]{0,60}?) — (?P<rest>.+)$"
)
_CONDITIONAL_WORDS = ("max speed", "solved", "to solve")
_CHAPTER = re.compile(r"^[IVX]+(?:, [IVX]+)* — ")
_LEVEL_MARKER = re.compile(r"^(?:LEVEL \d+(?:-\d+|\+)|Level \d+\+?)$")
_PT_LINE = re.compile(r"^[\d*X+]+/[\d*X+]+$")
_TRIGGERED = re.compile(r"^(?:When|Whenever|At the|At end|At each)\b")


def _split_sentences(line: str) -> list[str]:
    out: list[str] = []
    buf: list[str] = []
    inq = False
    for i, ch in enumerate(line):
        buf.append(ch)
        if ch == '"':
            inq = not inq
        elif ch == "." and not inq and (i + 1 == len(line) or line[i + 1] == " "):
            out.append("".join(buf).strip())
            buf = []
    rest = "".join(buf).strip()
    if rest:
        out.append(rest)
    return out


def _colon_outside_quotes(line: str) -> bool:
    inq = False
    for ch in line:
        if ch == '"':
            inq = not inq
        elif ch == ":" and not inq:
            return True
        elif ch == "." and not inq:
            return False
    return False


def _line(line: str, names: tuple[str, ...], conditional: str | None) -> list[Sentence]:
    """Classify one ability (line of text)."""
    if line.startswith("•"):
        return [Sentence(line, "ignored", "modal choice")]
    if re.match(r"^Choose (?:one|two|three|any number|one or more|up to)\b", line):
        return [Sentence(line, "ignored", "modal choice")]
    if _CHAPTER.match(line):
        return [Sentence(line, "ignored", "triggered (chapter)")]
    if _LEVEL_MARKER.match(line) or _PT_LINE.match(line):
        return [Sentence(line, "ignored", "level marker")]
    items = _split_keyword_line(line)
    if items is not None:
        out: list[Sentence] = []
        for it in items:
            kind, abil = _keyword_item(it)
            if conditional and kind in ("combat", "unparsed"):
                out.append(Sentence(it, "unparsed", "conditional (" + conditional + ")"))
            elif kind == "combat":
                out.append(Sentence(it, "understood", "keyword", tuple(abil)))
            elif kind == "unparsed":
                out.append(Sentence(it, "unparsed", "keyword not modelled"))
            elif kind == "triggered":
                out.append(Sentence(it, "ignored", "triggered keyword"))
            else:
                out.append(Sentence(it, "ignored", "keyword not combat-relevant"))
        return out
    m = _ABILITY_WORD.match(line)
    if m and not _colon_outside_quotes(m["word"]):
        word = m["word"].strip().lower()
        if word in _CONDITIONAL_WORDS:
            return _line(m["rest"], names, conditional or word)
        if word == "companion":
            return [Sentence(line, "ignored", "deck construction")]
        line = m["rest"]
    if _TRIGGERED.match(line):
        return [Sentence(line, "ignored", "triggered")]
    if re.match(r"^\[[+\-−]?[\dX]+\]:", line):
        return [Sentence(line, "ignored", "loyalty ability")]
    if _colon_outside_quotes(line):
        return [Sentence(line, "ignored", "activated")]
    out = []
    previous: Affected | None = None
    for sent in _split_sentences(line):
        if out and out[-1].status == "ignored" and _CONTINUES.match(sent):
            # "Put a +1/+1 counter on target creature. It gains ..." — still that effect.
            out.append(Sentence(sent, "ignored", "continues the previous sentence"))
            continue
        r = parse_sentence(sent, names=names, previous=previous)
        if conditional and r.status != "ignored":
            r = Sentence(r.text, "unparsed", "conditional (" + conditional + ")")
        out.append(r)
        previous = _subject_of(r, names) if r.status == "understood" else None
    return out


@lru_cache(maxsize=65536)
def _analyse(text: str, names: tuple[str, ...]) -> tuple[Sentence, ...]:
    out: list[Sentence] = []
    conditional: str | None = None
    for raw in text.replace("\r", "").split("\n"):
        line = _REMINDER.sub("", raw).strip()
        if not line:
            continue
        if _LEVEL_MARKER.match(line) or re.search(r": Level \d+$", line):
            conditional = "level"
        out.extend(_line(line, names, conditional))
    return tuple(out)


def analyse_text(text: str, *, names: Sequence[str] = ()) -> tuple[Sentence, ...]:
    """Classify every ability/sentence of ``text`` (Oracle text, abilities separated by
    newlines). ``names`` are the object's own names (see :func:`self_names`).

    Returns the :class:`Sentence` records in text order. Cached by ``(text, names)``.
    """
    return _analyse(text or "", tuple(names))


@lru_cache(maxsize=65536)
def _parse(text: str, names: tuple[str, ...]) -> ParsedText:
    sents = _analyse(text, names)
    return ParsedText(
        abilities=tuple(a for s in sents for a in s.abilities),
        unparsed=tuple(s.text for s in sents if s.status == "unparsed"),
        ignored=tuple(s.text for s in sents if s.status == "ignored"),
    )


def parse_text(text: str, *, names: Sequence[str] = ()) -> ParsedText:
    """Parse a card's Oracle text (or a scenario's inline ``text``/``abilities``).

    ``text``: abilities separated by ``"\\n"``; reminder text in parentheses is ignored.
    ``names``: the names that refer to the object itself — its card name (for a multi-face
    card, the face name); the short name before a comma and, as a sentence subject, the
    first word of the name are accepted too, as are "this creature", "this permanent",
    "CARDNAME" and "~".

    Returns a :class:`redzone.models.abilities.ParsedText`: understood abilities in text order, the
    combat-relevant sentences that were not understood (``unparsed``, never dropped) and the
    ignored ones. Never raises on unexpected text. Rules: CR 508.1c-d (attack restrictions
    and requirements), 509.1b-c (blocks), 702 (keywords).
    """
    return _parse(text or "", tuple(names))


# ==================================================== damage statics (issue 4, outcome)
#
# Added additively by the damage-outcome work: static abilities that prevent or replace
# damage once it is assigned (CR 120.4b, 614.1a, 615). Called from :func:`parse_sentence`
# after the whole-sentence templates; ``s`` is already normalised (self references are "~",
# no final period). Returns ``None`` when the sentence is not one of these templates.

_D_MODIFY = re.compile(
    r"If (?P<src>.+?) would deal (?P<kind>combat |noncombat )?damage to (?P<rcp>.+?), "
    r"(?:it|that source|~) deals (?:(?P<mult>double|triple) that damage|that much damage plus "
    r"(?P<plus>\d+))(?: to (?:that permanent or player|that player or permanent|that player|"
    r"that permanent|that creature|you|~|it))? instead"
)
_D_SOURCE = re.compile(
    r"(?:(?P<art>a|an|another) )?(?P<quals>(?:[\w'-]+(?:, | or |, or ))*?[\w'-]+ )??"
    r"(?P<noun>source|creature)(?P<ctl> you control| an opponent controls)?"
)
_D_PREVENT = re.compile(
    r"Prevent all (?P<kind>combat |noncombat )?damage that would be dealt (?P<rest>.+)"
)
_D_UNPREVENTABLE = re.compile(
    r"(?P<kind>Combat damage|Damage)(?: that would be dealt by (?P<src>.+?))? can't be prevented"
)
_D_RECIPIENTS = {
    "a permanent or player": "any", "a player or permanent": "any",
    "an opponent or a permanent an opponent controls": "opponents",
    "an opponent": "opponent players", "you": "you", "a player": "players", "~": "self",
    "a creature": "creatures",
}
_D_KIND = {"combat ": "combat", "noncombat ": "noncombat", None: "any", "": "any"}


def _damage_source(phrase: str) -> SourceFilter | None:
    """"a red source you control" -> :class:`SourceFilter`; ``None`` if not understood."""
    p = phrase.strip()
    if p == "~":
        return SourceFilter(self_only=True)
    if p == "creatures you control":
        return SourceFilter(creature=True, controller="you")
    if p == "creatures":
        return SourceFilter(creature=True)
    m = _D_SOURCE.fullmatch(p)
    if m is None:
        # "a Lizard, Mouse, Otter, or Raccoon you control"
        m2 = re.fullmatch(r"an? (?P<types>[A-Z][\w'-]*(?:(?:, | or |, or )[A-Z][\w'-]*)*)"
                          r"(?P<ctl> you control| an opponent controls)?", p)
        if m2 is None:
            return None
        st = _subtype_list(m2["types"])
        if st is None:
            return None
        ctl = (m2["ctl"] or "").strip()
        return SourceFilter(subtypes=st, controller="you" if ctl == "you control"
                            else ("opponents" if ctl else "any"))
    colors: list[str] = []
    types: list[str] = []
    subtypes: list[str] = []
    noncreature = False
    for q in re.split(r", or |, | or ", (m["quals"] or "").strip()) if m["quals"] else []:
        low = q.lower()
        if low in _COLORS:
            colors.append("WUBRG"[_COLORS.index(low)])
        elif low + "s" in _CARD_TYPE_PLURALS:
            types.append(_CARD_TYPE_PLURALS[low + "s"])
        elif low == "noncreature":
            noncreature = True
        elif q in CREATURE_TYPES:
            subtypes.append(q)
        else:
            return None
    if m["art"] is None:
        return None
    ctl = (m["ctl"] or "").strip()
    return SourceFilter(
        other=m["art"] == "another",
        controller="you" if ctl == "you control" else ("opponents" if ctl else "any"),
        creature=m["noun"] == "creature", noncreature=noncreature,
        colors=tuple(colors), types=tuple(types), subtypes=tuple(subtypes),
    )


def _damage_static(s: str, text: str) -> list[Ability] | None:
    """Damage replacement and prevention statics (see the section comment above)."""
    m = _D_MODIFY.fullmatch(s)
    if m:
        sources = _damage_source(m["src"])
        recipients = _D_RECIPIENTS.get(m["rcp"])
        if sources is None or recipients is None:
            return None
        factor = {"double": 2, "triple": 3}.get(m["mult"] or "", 1)
        plus = int(m["plus"]) if m["plus"] else 0
        return [DamageModifier(factor=factor, plus=plus, sources=sources,
                               recipients=recipients,  # type: ignore[arg-type]
                               damage=_D_KIND[m["kind"]], text=text)]  # type: ignore[arg-type]
    m = _D_PREVENT.fullmatch(s)
    if m:
        kind = _D_KIND[m["kind"]]
        rest = m["rest"]
        if rest == "to you":
            return [PreventDamageToPlayer(damage=kind, text=text)]  # type: ignore[arg-type]
        to = by = False
        from_creatures = False
        subject: str
        m2 = re.fullmatch(r"to (?:(?P<a>.+?) )?and dealt by (?P<b>.+)", rest)
        if m2:
            if m2["a"] is not None and m2["a"] != m2["b"]:
                return None
            to = by = True
            subject = m2["b"]
        elif rest.startswith("to "):
            to = True
            subject = rest[3:]
            if subject.endswith(" by creatures"):
                from_creatures = True
                subject = subject[: -len(" by creatures")]
        elif rest.startswith("by "):
            by = True
            subject = rest[3:]
        else:
            return None
        affected = _parse_subject(subject)
        if affected is None:
            return None
        return [PreventDamage(affected=affected, to=to, by=by, damage=kind,  # type: ignore[arg-type]
                              from_creatures=from_creatures, text=text)]
    m = _D_UNPREVENTABLE.fullmatch(s)
    if m:
        kind = "combat" if m["kind"] == "Combat damage" else "any"
        sources = ANY_SOURCE if m["src"] is None else _damage_source(m["src"])
        if sources is None:
            return None
        return [DamageCantBePrevented(sources=sources, damage=kind, text=text)]  # type: ignore[arg-type]
    return None
