"""Benchmarks of attack planning (see README.md); not part of the test suite."""
