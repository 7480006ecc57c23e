"""redzone inside other engines: phase.rs through phase-python (:mod:`.phase`)."""
