#!/usr/bin/env python3
"""Build ``models/data/oracle_words.txt`` (every word of the bundled card data's type lines
and Oracle text) and ``models/data/oracle_line_heads.txt`` (the first word of each short,
keyword-like line of that text), one lower-case word a line, sorted (maintenance script;
run it after ``scripts/build_card_data.py``). The parser reports a sentence with a word
outside the first list, or a short line headed by none of the second, as not understood
instead of setting it aside (docs/parser.md, "Unknown words").

Usage: ``python3 scripts/build_oracle_words.py [--out PATH]``
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "models" / "data",
                    help="the folder to write oracle_words.txt and oracle_line_heads.txt to")
    args = ap.parse_args()
    from redzone.models.parser.words import HEADS_FILE, WORDS_FILE, _heads_of_cards, _words_of_cards

    for name, found in ((WORDS_FILE, _words_of_cards()), (HEADS_FILE, _heads_of_cards())):
        out = args.out / name
        out.write_text("".join(w + "\n" for w in sorted(found)), encoding="utf-8")
        print(f"{len(found)} words -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
