"""``python -m redzone.solver.cli``: the redzone command line."""

from redzone.solver.cli import main

main()
