"""A run's games for any game: check the settings (``prepare``, in the parent, before
anything is written) and play batches into Arrow tables (``Worker``, once per process).

Everything game-specific comes through the game's protocol object
(``simulate/protocol.py``): its rules, its strategy schema, its batch call and its
tables. The kernel is imported only when a Worker plays.
"""
import time

from .games import get_game, module_of
from .run_summary import counters


def prepare(game, players, strategies, variant="base", config=None, overrides=None, config_data=None,
            strategy_weights=None):
    """Check a run's game settings; return (payload, facts).

    `payload` is everything a worker needs to play any batch of the run (small,
    picklable: the game's module, the resolved config, the strategies as arrays);
    `facts` is what the manifest records (config, its hash, strategy names and weights).
    `config_data` / `strategy_weights` (from a manifest, to resume a run) replace
    reading the config and the strategy files, so a resumed run plays exactly as it started."""
    from strategies import resolve_strategies, strategy_arrays

    game = get_game(game)
    variant = game.canonical_variant(variant)
    # a resumed run's config already has its variants merged in
    rules = game.load_rules(config, overrides, data=config_data,
                            variants=None if config_data is not None else variant.split(","))
    game.check_players(players, rules)
    if strategy_weights is None:
        chosen, POL, W = resolve_strategies(game, strategies, players)
    else:
        chosen = [recorded_strategy(game, n, strategy_weights[n]) for n in strategies]
        POL, W = strategy_arrays(game, chosen)
    names = [s.name for s in chosen]
    payload = {"game": game.name, "module": module_of(game.name), "config": rules.config, "players": players,
               "strategies": names, "POL": POL, "W": W,
               "plugin_files": sorted({s.source for s in chosen if s.source}), "variant": variant}
    facts = {"config": rules.config, "config_hash": rules.hash,
             "config_path": None if config_data is not None else rules.path,
             "strategies": names,
             "strategy_weights": {s.name: {"policy": s.policy, "weights": list(s.weights), "plugin": s.source}
                                  for s in chosen}}
    return payload, facts


def recorded_strategy(game, name, recorded):
    """A strategy exactly as a run's manifest recorded it (a plugin's scorer is compiled
    again from its file)."""
    from strategies import Strategy, load_strategy
    from strategies.plugin import load_plugin

    plugin = None
    if recorded.get("plugin"):
        load_plugin(recorded["plugin"])
        plugin = load_strategy(game, name).plugin
    return Strategy(name=name, policy=int(recorded["policy"]), weights=tuple(recorded["weights"]), description="",
                    plugin=plugin, source=recorded.get("plugin"), game=game.name)


def seated(strategies, game_index, rotate):
    """The strategies by seat in game `game_index` of a run: with `rotate`, strategy i sits
    at seat (i + game) % players, as the kernel's batch seats them."""
    n = len(strategies)
    return [strategies[(p + game_index) % n] for p in range(n)] if rotate else list(strategies)


class Worker:
    """One process's ready-to-play state for a run: rules, strategy arrays, result buffers."""

    def __init__(self, payload):
        import importlib

        from strategies.plugin import load_plugins, registered

        self.payload = payload
        # by module, so that a game registered only in the parent process plays here too
        self.game = importlib.import_module(payload["module"]).GAME
        self.rules = self.game.load_rules(data=payload["config"])
        load_plugins(payload.get("plugin_files"))       # a worker process compiles its plugins' scorers
        plugins = registered(self.game)
        self.scorers = [getattr(plugins.get(n.split(":")[0]), "plugin", None) for n in payload["strategies"]]
        self.results = None
        self.timing = {}

    def warm(self):
        """Play one game: loads the compiled kernel from numba's cache (or compiles it)."""
        self.play(0, 0, 1, False)

    def play(self, run_seed, first, n, rotate, check=False, run_id=""):
        """Games [first, first + n) of the run -> ({table: pyarrow.Table}, counters)."""
        import pyarrow as pa

        p, chunk = self.payload, self.game.chunk
        parts = {t: [] for t in self.game.tables}
        sums = None
        kernel = 0.0
        t0 = time.perf_counter()
        for start in range(first, first + n, chunk):
            k = min(chunk, first + n - start)
            t1 = time.perf_counter()
            self.results = r = self.game.play(self.rules, p["players"], run_seed, start, k, p["POL"], p["W"],
                                              rotate=rotate, scorers=self.scorers, check=check, out=self.results)
            kernel += time.perf_counter() - t1
            for name, table in r.tables(run_id=run_id, run_seed=run_seed, first=start, strategies=p["strategies"],
                                        variant=p["variant"]).items():
                parts[name].append(table)
            c = counters(r, len(p["strategies"]))
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
