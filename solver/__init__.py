"""redzone.solver: how decisions are found.

- ``attack/``, ``block/``, ``damage/``: the CP-SAT models of each rule family with their
  plan / check / enumerate entry points and typed results; ``reference.py`` holds the
  exhaustive references they are tested against, ``_cpsat.py`` the shared solver set-up.
- ``ai/``: the combat search that chooses attacks and blocks (docs/ai.md).
- ``draw/``: combat diagrams as SVG.
- ``frontends/``: the command line, the commands shared with ``serve`` and batches, the
  JSON-lines protocol and its client, batches and reports.
- ``bridges/``: redzone inside other engines (phase.rs).

The map, with what each part may import: docs/architecture.md. ortools is imported lazily,
inside the functions that build models.
"""

from redzone.solver._moved import install as _install_moved

_install_moved()
