"""``python -m solver``: the redzone command line."""

from solver.cli import main

main()
