"""``python -m redzone.solver``: the redzone command line."""

from redzone.solver.cli import main

main()
