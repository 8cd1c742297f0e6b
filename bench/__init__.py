"""Benchmarks of issue 8: `python -m bench` measures gmscreen against its peers, side by side
in one run, and prints each figure as a ratio. Not part of the test run (tests/bench only
checks that every figure is still produced, on tiny sizes)."""
