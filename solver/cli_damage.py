"""Command-line commands of this rule family (registered on ``solver.cli.cli`` on import)."""

from __future__ import annotations
