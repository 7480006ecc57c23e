"""Vocabulary of the Oracle-text parser: numbers, colours, card and creature types,
plurals, keyword tables and the combat-relevance rule.

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re

from redzone.models.abilities import (
    Keyword,
    KEYWORDS,
)
from redzone.models.lazy_re import lazy_compile

# =========================================================================== vocabulary

_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_UNITS = "one|two|three|four|five|six|seven|eight|nine"
# Number words up to ninety-nine ("an additional ninety-nine creatures": Hundred-Handed One).
_NUM = (r"(?:(?:" + "|".join(_TENS) + r")(?:-(?:" + _UNITS + r"))?|eleven|twelve|thirteen|"
        r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|" + _UNITS + r"|ten|\d+)")


def _number(word: str) -> int:
    """``"two"`` -> 2, ``"ninety-nine"`` -> 99, ``"3"`` -> 3 (case-insensitive)."""
    w = word.lower()
    if w in _NUMBER_WORDS:
        return _NUMBER_WORDS[w]
    tens, _, unit = w.partition("-")
    if tens in _TENS:
        return _TENS[tens] + (_NUMBER_WORDS[unit] if unit else 0)
    return int(w)


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
    "octopi": "Octopus", "octopuses": "Octopus", "thieves": "Thief", "sphinxes": "Sphinx", "foxes": "Fox",
    "lynxes": "Lynx", "witches": "Witch", "boxes": "Box", "pegasi": "Pegasus",
    "calves": "Calf", "halves": "Half", "loxodons": "Loxodon", "mummies": "Mummy",
    "heroes": "Hero",  # h27: not "Heroe" (She-Hulk, Wallbreaker)
}
_INVARIANT_PLURALS = frozenset(
    """merfolk kithkin sheep fish elk djinn efreet samurai moonfolk kor vedalken jellyfish
    squid kraken moose deer bison eldrazi treefolk""".split()
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
_KW_ALT = "|".join(re.escape(k) for k in _COMBAT_KEYWORDS)  # a regex alternation of them

# A sentence that is only a power/toughness change ("gets +1/+1", "... for each ...").
_PT_ONLY = lazy_compile(
    r"(?:.+ )?gets? [+\-−][\dX]+/[+\-−][\dX]+(?: until end of turn)?(?: for each [^.]+?)?"
    r"(?:, where X is [^.]+)?(?: until end of turn)?(?: as long as [^.]+| for each [^.]+)?"
)

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
_UNMODELLED_KEYWORDS = ("bands with other", "absorb")
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
    # h38: super haste, like ninjutsu and sneak, works from a hand (a card put onto the
    # battlefield attacking); on the battlefield it does nothing
    "ninjutsu", "commander ninjutsu", "super haste", "transfigure", "dredge", "epic", "entwine",
    "gravestorm", "prowl", "rebound", "miracle", "undaunted", "friends forever",
    "choose a background", "doctor's companion", "hidden agenda", "visit", "specialize",
    "split second", "aura swap", "offering", "landcycling", "basic landcycling",
    "cycling", "web-slinging", "mayhem", "tiered", "decayed",
    "toxic", "protection", "paradox", "infinity", "unleash",
)

_KEYWORD_ITEM_HEAD = lazy_compile(
    "(?i)(?:"
    + "|".join(
        re.escape(k)
        for k in sorted(set(_TRIGGERED_KEYWORDS + _UNMODELLED_KEYWORDS + _OTHER_KEYWORDS),
                        key=len, reverse=True)
    )
    + r"|[a-z]+cycling|\w+ offering)(?=$|[\s—{]|\d)"
)

# ---------------------------------------------------------------- relevance rule

_RELEVANT = lazy_compile(
    r"(?i)\b(?:attack\w*|block\w*|unblockable|combat|goad\w*|defending player|"
    r"protection|banding|bands with|toxic|prevent\w*\b[^.]*\bdamage|"
    r"los(?:e|es)\s+(?:all\b|"
    + "|".join(re.escape(k) for k in _COMBAT_KEYWORDS)
    + r")|"
    r"(?!planes)[a-z]*walk|"
    + "|".join(re.escape(k) for k in _COMBAT_KEYWORDS)
    + r")\b"
)

_CONDITION_START = lazy_compile(
    r"(?i)^(?:unless|if|as long as|except|during|while|until|only|where|for as long as)\b"
)


# Damage that is replaced or redirected once assigned (issue 10 §3; CR 614.1a): relevant to
# the outcome of combat damage unless it only watches noncombat damage or lasts this turn.
_DAMAGE_REPLACED = lazy_compile(
    r"(?i)(?:would deal [^.]*damage[^.]*\binstead\b|damage (?:that )?would be dealt[^.]*"
    r"\binstead\b|\bis dealt to [^.]*\binstead\b|would reduce [^.]*life total|"
    r"\bdouble all damage\b[^.]*\bwould deal)"
)


# What combat's outcome reports beyond the declarations and the damage assigned (CR 104.3b,
# 120.3, 704.5a/c/g): whether a player loses or a creature is destroyed by lethal damage,
# and the life and poison counters damage and lifelink give. A static that changes one of
# these ("You don't lose the game for having 0 or less life", "Lethal damage dealt to
# creatures you control is determined by their power", "Your opponents can't gain life",
# "If this creature would be destroyed, regenerate it") is relevant: dropped, the outcome
# would be silently wrong. Drawing from an empty library is no combat matter.
_OUTCOME_RELEVANT = lazy_compile(
    r"(?i)\b(?:(?:don't|doesn't|can't|cannot) (?:lose|win) the game(?! for drawing)|"
    r"would (?:lose|win) the game|lethal damage|would be destroyed|"
    r"(?:can't|cannot) (?:gain|lose) life|gains? no life|would (?:gain|lose) life|"
    r"life total (?:can't change|would be reduced)|maximum life total|"
    r"damage doesn't cause [^.]*\blose life|(?:can't|cannot) get poison counters|"
    r"would get [^.]*\bpoison counters?)"
)


# h27: "can't have [-1/-1] counters put on it/them" (Melira, Tatterkite, Blightbeetle) changes
# what wither and infect damage do (120.3d) and what combat triggers' counters do (122.1):
# reported until the engine plays it, never set aside as "not combat-relevant".
_COUNTERS_BARRED = lazy_compile(r"(?i)\bcan't have (?:[+\-]1/[+\-]1 )?counters put on\b")


def is_combat_relevant(text: str) -> bool:
    """The combat-relevance rule: ``text`` mentions attacking, blocking, combat, goad,
    the defending player, protection, landwalk, banding, toxic, preventing damage, damage
    replaced or redirected ("... instead", unless only noncombat damage or this turn), a
    life total that damage would reduce, losing all abilities or a keyword, one of the
    combat keywords (:data:`redzone.models.abilities.KEYWORDS`), or what combat's outcome
    reports: losing the game, lethal damage and destruction, life gained or lost, poison
    counters (CR 104.3b, 120.3, 704.5a/c/g).

    Applied to sentences the grammar did not understand (and to the parts of compound
    sentences it could not place): relevant ones are reported as unparsed, the others
    ignored. See ``docs/parser.md`` for why this is the rule.
    """
    if _RELEVANT.search(text) or _OUTCOME_RELEVANT.search(text) or _COUNTERS_BARRED.search(text):
        return True
    return bool(_DAMAGE_REPLACED.search(text)) and not re.search(
        r"(?i)\bnoncombat\b|\bthis turn\b", text)
