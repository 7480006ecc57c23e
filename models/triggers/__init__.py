"""Triggered abilities of combat (CR 603, 508-511; docs/triggers.md): what they are
(:mod:`.types`), how they are read from card text (:mod:`.parse`), and how they trigger and
resolve on a board (:mod:`.resolve`). Pure Python."""
