"""A run's games for any game: check the settings (``prepare``, in the parent, before
anything is written) and play batches into Arrow tables (``Worker``, once per process).

Everything game-specific comes through the game's protocol object
(``simulate/core/protocol.py``): its rules, its strategy schema, its batch call and its
tables. The kernel is imported only when a Worker plays.

A plugin strategy is Python code run in every process that plays: the manifest
records each plugin file's sha256 (``plugin_hash``), a resumed run refuses a file
that has changed, and a game in which a plugin scorer failed fails the run
(``PluginFailed``) instead of being counted.
"""
import importlib
import time
from dataclasses import dataclass
from pathlib import Path

from strategies import Strategy, load_strategy, resolve_strategies, strategy_arrays
from strategies.plugin import file_hash, load_plugin, load_plugins, loaded_hash, registered, scorers_for

from ..core.errors import PluginFailed, UserError
from ..core.games import get_game, module_of
from ..core.run_summary import counters


@dataclass(frozen=True)
class Payload:
    """Everything a worker needs to play any batch of a run. Plain data: it is pickled to every
    worker process (joblib, Dask, Ray) with each batch."""
    module: str             # the game's module, which a worker imports
    config: dict            # the resolved config
    players: int
    strategies: list        # the strategy of each seat, by name
    policies: object        # the kernel's POL and W numpy arrays (``strategies.strategy_arrays``)
    weights: object
    plugin_hashes: dict     # plugin file -> its sha256 when the run was checked
    variant: str
    game_options: dict


def prepare(game, players, strategies, variant="base", config=None, overrides=None, config_data=None,
            strategy_weights=None, game_options=None):
    """Check a run's game settings; return (payload, facts).

    `payload` is the run's ``Payload`` for its workers; `facts` is what the manifest records
    (config, its hash, strategy names and weights).
    `config_data` / `strategy_weights` (from a manifest, to resume a run) replace
    reading the config and the strategy files, so a resumed run plays exactly as it started.
    `game_options`: the run options of the game's own (``Game.check_options``)."""
    from ..core.python_play import check_python_strategies

    game = get_game(game)
    variant = game.canonical_variant(variant)
    # a resumed run's config already has its variants merged in
    rules = game.load_rules(config, overrides, data=config_data,
                            variants=None if config_data is not None else variant.split(","))
    game.check_players(players, rules)
    options = game.check_options(game_options or {}, players)
    if strategy_weights is None:
        chosen, POL, W = resolve_strategies(game, strategies, players)
    else:
        chosen = [recorded_strategy(game, n, strategy_weights[n]) for n in strategies]
        POL, W = strategy_arrays(game, chosen)
    check_python_strategies(game, chosen)
    names = [s.name for s in chosen]
    plugins = {f: loaded_hash(f) for f in sorted({s.source for s in chosen if s.source})}
    payload = Payload(module=module_of(game.name), config=rules.config, players=players, strategies=names,
                      policies=POL, weights=W, plugin_hashes=plugins, variant=variant, game_options=options)
    weights = {s.name: {"policy": s.policy, "weights": list(s.weights), "plugin": s.source} for s in chosen}
    for s in chosen:
        if s.source:
            weights[s.name]["plugin_hash"] = plugins[s.source]
    facts = {"config": rules.config, "config_hash": rules.hash,
             "config_path": None if config_data is not None else rules.path,
             "strategies": names, "strategy_weights": weights, "game_options": options}
    return payload, facts


def recorded_strategy(game, name, recorded):
    """A strategy exactly as a run's manifest recorded it (a plugin's scorer is compiled
    again from its file, which must be the one the run played: its games would
    otherwise mix two strategies under one name)."""
    plugin = None
    if recorded.get("plugin"):
        path, was = recorded["plugin"], recorded.get("plugin_hash")      # (no hash: a run from before it was kept)
        now = file_hash(path) if Path(path).is_file() else None
        if was is not None and now is not None and now != was:
            raise UserError(f"plugin file {path} has changed since the run started (sha256 {was[:12]}, now "
                            f"{now[:12]}): its games would mix two strategies; restore the file, or start a new run")
        load_plugin(path, game)
        plugin = load_strategy(game, name).plugin
    return Strategy(name=name, policy=int(recorded["policy"]), weights=tuple(recorded["weights"]), description="",
                    plugin=plugin, source=recorded.get("plugin"), game=game.name)


class Worker:
    """One process's ready-to-play state for a run: rules, strategy arrays, result buffers."""

    def __init__(self, payload: Payload):
        from ..core.python_play import choosers_for

        self.payload = payload
        # by module, so that a game registered only in the parent process plays here too
        self.game = importlib.import_module(payload.module).GAME
        self.rules = self.game.load_rules(data=payload.config)
        load_plugins(payload.plugin_hashes, self.game)     # a worker process compiles its plugins' scorers
        for path, digest in payload.plugin_hashes.items():
            if loaded_hash(path) != digest:
                raise UserError(f"plugin file {path} changed while the run was being played; start it again")
        plugins = registered(self.game)
        mine = [plugins.get(n.split(":")[0]) for n in payload.strategies]
        self.scorers, self.choosers = scorers_for(mine), choosers_for(self.game, mine)
        self.results = None
        self.timing = {}

    def warm(self):
        """Play one game: loads the compiled kernel from numba's cache (or compiles it). (A
        plugin that fails in it fails the run when the run plays that game, in one line.)"""
        try:
            self.play(0, 0, 1, False)
        except PluginFailed:
            pass

    def play(self, run_seed, first, n, rotate, check=False, run_id=""):
        """Games [first, first + n) of the run -> ({table: pyarrow.Table}, counters)."""
        import pyarrow as pa

        from ..core.python_play import play

        p, chunk = self.payload, self.game.chunk
        parts = {t: [] for t in self.game.tables}
        sums = None
        kernel = 0.0
        t0 = time.perf_counter()
        for start in range(first, first + n, chunk):
            k = min(chunk, first + n - start)
            t1 = time.perf_counter()
            # the buffers of the batch's first chunk are reused from the last batch (written by now); a later
            # chunk gets its own: a column built without a copy (the seeds) points into them until written
            r = play(self.game, self.rules, p.players, run_seed, start, k, p.policies, p.weights,
                     rotate=rotate, scorers=self.scorers, choosers=self.choosers, names=p.strategies, check=check,
                     out=self.results if start == first else None, options=p.game_options)
            if start == first:
                self.results = r
            kernel += time.perf_counter() - t1
            for name, table in r.tables(run_id=run_id, run_seed=run_seed, first=start, strategies=p.strategies,
                                        variant=p.variant).items():
                parts[name].append(table)
            c = counters(r, len(p.strategies))
            sums = c if sums is None else _add(sums, c)
        tables = {t: (pa.concat_tables(v) if len(v) > 1 else v[0]) for t, v in parts.items()}
        self.timing = {"kernel": kernel, "convert": time.perf_counter() - t0 - kernel}
        return tables, sums


def _add(a, b):
    """Element-wise sum of two counter dicts (ints and nested lists)."""
    if isinstance(a, dict):
        return {k: _add(a[k], b[k]) for k in a}
    if isinstance(a, list):
        return [_add(x, y) for x, y in zip(a, b)]
    return a + b
