"""``python -m redzone.solver``: the redzone command line."""

from redzone.solver.frontends.cli import main

main()
