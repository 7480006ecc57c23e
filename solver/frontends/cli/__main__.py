"""``python -m redzone.solver.frontends.cli``: the redzone command line."""

from redzone.solver.frontends.cli import main

main()
