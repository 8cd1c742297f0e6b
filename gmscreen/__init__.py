"""gmscreen: a terminal game-master screen for Old-West tabletop games."""

__version__ = "0.1.0"
