"""A game on the kernel contract (``contract``): the core plays its batches (``contract_batch``),
its Python face (``contract_face``) and its search players; the game declares its arrays and
words. ``Game`` (``protocol``) for everything else."""
import importlib

from .protocol import Game


class ContractGame(Game):
    """A ``Game`` whose kernel is its contract functions: declare them (``contract``: "module.NAME"
    of the tuple, in the order of ``contract.FUNCTIONS``), the state's size and dtype, the most
    options a decision lists, the seats table's strategy-slot column and the reward scale (the
    value a search counts as about 0.88 of a win), and the words: ``option_text(row)`` and
    ``face_scores(state)``."""

    kernel_entry = "simulate.core.contract_batch.play_batch"
    contract = None
    state_size = state_dtype = max_options = slot_column = None
    reward_scale = 1.0

    @property
    def functions(self):
        module, _, name = self.contract.rpartition(".")
        return getattr(importlib.import_module(module), name)

    def option_text(self, row):
        return " ".join(str(int(v)) for v in row)

    def face_scores(self, state):
        raise NotImplementedError

    def _play(self, rules, n_players, run_seed, first, n_games, POL, W, r, *, rotate, scorers, check, tape):
        import numpy as np

        from .contract import scratch
        from .contract_batch import codes, play_batch

        POL, W = np.asarray(POL, np.int64), np.asarray(W, np.float64)
        play_batch(rules.T, n_players, run_seed, first, n_games, W, POL, bool(check), bool(rotate), r.games, r.seats,
                   r.seeds, np.zeros((r.MAX_PLAYERS, W.shape[1])), np.zeros(r.MAX_PLAYERS, np.int64),
                   np.zeros(self.state_size, self.state_dtype), np.zeros(1, np.uint64), np.zeros(1, np.uint64),
                   self.functions, scratch(self.state_size, self.max_options),
                   codes(self.strategy_schema(), self.slot_column), self.reward_scale)
