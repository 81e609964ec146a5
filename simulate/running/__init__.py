"""Playing games in bulk: the batch runner and its workers, comparisons, skill tiers,
balance searches, replay and bench. Built on ``simulate.core``, the game packages and
``strategies``; the CLI and the reports stand on it (tests/test_layers.py)."""
