"""The floor every game and every command stands on: the game contract (``protocol``, ``games``),
the kernels' shared helpers (``jit``, ``rng``, ``tape``, ``seats``, ``mcts_tree``, ``columns``),
config and run folders as files (``config_files``, ``run_files``, ``run_folder``,
``compare_folder``), the intervals every summary quotes (``stats``) and user-facing errors.
It imports nothing of windtunnel above it (tests/test_layers.py)."""
