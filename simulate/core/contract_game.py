"""A game on the kernel contract (``contract``): the core plays its batches (``contract_batch``),
its Python face (``contract_face``) and its search players; the game declares its arrays and
words. ``Game`` (``protocol``) for everything else."""
import importlib
from functools import partial

import numpy as np

from .config_files import check_keys
from .errors import ConfigError, UserError
from .held_items import held
from .protocol import Game


class ContractGame(Game):
    """A ``Game`` whose kernel is its contract functions: declare them (``contract``: "module.NAME"
    of the namespace ``contract_batch.bind`` made of them), the state's size and dtype, the most
    options a decision lists, the seats table's strategy-slot column and the reward scale (the
    value a search counts as about 0.88 of a win), and the words: ``option_text(row)`` and
    ``face_scores(state)``."""

    kernel_entry = None              # the game's bound play_batch (``kernel_entry`` below)
    contract = None
    state_size = state_dtype = max_options = slot_column = None
    reward_scale = 1.0

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.contract:             # the bench's cache check: the bound loop, a function of the game's module
            cls.kernel_entry = cls.contract + ".play_batch"

    @property
    def functions(self):
        module, _, name = self.contract.rpartition(".")
        return getattr(importlib.import_module(module), name)

    intervention_table = "intervention"      # its [intervention] forbid = "none" (and each item class's key)
    intervention_words = {"forbid": "never to {value}"}
    # option kinds by name (row[0]), for the words and for "forbid": an option named "kind" or "kind:a"
    option_kinds = ()

    def option_text(self, row):
        kind = self.option_kinds[row[0]] if 0 <= row[0] < len(self.option_kinds) else str(int(row[0]))
        return ":".join([kind, *(str(int(v)) for v in row[1:] if v)])

    def read_rules(self, config=None, overrides=None, variants=None, data=None):
        """The base class's whole-number config (``config_ranges``), with the [intervention] table
        of the core's interventions beside it (its values checked: ``forbidden``, ``held``)."""
        path, data = self.read_config(config, overrides, variants, data)
        own = {k: v for k, v in data.items() if k != self.intervention_table}
        checks = {"forbid": self.forbidden, **{c.key: partial(held, (c,), table=self.intervention_table,
                                                              absent=self.item_absent) for c in self.item_classes}}
        check_keys(data, {"": set(data), self.intervention_table: set(checks)}, path)
        for key, check in checks.items():         # (each item class alone: its error names its own key)
            try:
                check(data)
            except UserError as e:
                raise ConfigError("--set" if f"{self.intervention_table}.{key}" in (overrides or {}) else path,
                                  f"{self.intervention_table}.{key}", str(e).split(": ", 1)[1]) from None
        return self._table_rules(own, data, path, overrides)

    def intervention_values(self, config):
        return {"forbid": ", ".join(self.option_kinds) + " (an option kind, or kind:a)",
                **super().intervention_values(config)}

    def forbidden(self, config):
        """The option rows the config's intervention forbids the treated seat (an int32 (k, 4)
        array, -1 matching any value): none, or one row for "kind" or "kind:a"."""
        value = str((config.get(self.intervention_table or "", {}) or {}).get("forbid", "none"))
        if value == "none":
            return np.zeros((0, 4), np.int32)
        kind, _, a = value.partition(":")
        if kind not in self.option_kinds or (a and not a.lstrip("-").isdigit()):
            raise UserError(f"[intervention] forbid = {value!r}: no option of {self.title} "
                            f"(its options: {', '.join(self.option_kinds)}, or kind:a)")
        return np.array([[self.option_kinds.index(kind), int(a) if a else -1, -1, -1]], np.int32)

    # the strategy schema's policy codes, every one the core plays (``contract_batch.pick``): record
    # and replay are the choice tape's (bench's rules-only timing, plain-Python strategies)
    policies = {"random": 0, "heuristic": 1, "lookahead": 2, "mcts": 3, "record": 4, "replay": 5}

    def face_scores(self, state):
        raise NotImplementedError

    def _play(self, rules, n_players, run_seed, first, n_games, POL, W, r, *, rotate, scorers, check, tape):
        from .contract import scratch
        from .contract_batch import codes
        from .tape import no_tape

        POL, W = np.asarray(POL, np.int64), np.asarray(W, np.float64)
        self.functions.play_batch(
            rules.T, n_players, run_seed, first, n_games, W, POL, bool(check), bool(rotate), r.games, r.seats, r.seeds,
            np.zeros((r.MAX_PLAYERS, W.shape[1])), np.zeros(r.MAX_PLAYERS, np.int64),
            np.zeros(self.state_size, self.state_dtype), np.zeros(1, np.uint64), np.zeros(1, np.uint64),
            scratch(self.state_size, self.max_options), codes(self.strategy_schema(), self.slot_column),
            self.reward_scale, self.forbidden(rules.config), self.held(rules.config),
            no_tape() if tape is None else tape)
