"""AEOLOS for the batch runner: validate a run, play a batch, hand back Arrow tables.

The runner (``simulate.runner``) knows nothing about AEOLOS; it asks this
adapter to check a run's settings (``prepare``, in the parent, before anything
is written), to set a worker up once per process (``worker``), and to play
games [first, first + n) into Arrow tables plus a few counters (``play``).
The kernel is imported only by ``worker`` / ``warm`` / ``play``, so preparing a
run (and failing on bad input) stays quick.
"""
import time

from ..errors import ConfigError, UserError

NAME = "aeolos"
TITLE = "AEOLOS"
TABLES = ("games", "seats", "cards")
CHUNK = 8192                    # games per kernel call: bounds a worker's scratch arrays


def schemas():
    """{table: pyarrow.Schema} of the tables a batch produces."""
    from .records import SCHEMAS

    return SCHEMAS


def canonical_variant(text):
    """'base', or the variants of a combination in their canonical order, comma-separated."""
    from .tables import parse_variants

    return ",".join(parse_variants(text)) or "base"


def load_rules(config=None, overrides=None, data=None, variants=None):
    """Rules from a config file (or the resolved dict of an earlier run) and --set overrides.
    Any failure is one ConfigError line naming the file."""
    from .tables import load_rules as _load

    try:
        return _load(config, overrides, data=data, variants=variants)
    except UserError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        raise ConfigError(config or "base config", None, f"invalid config ({type(e).__name__}: {e})") from None


def prepare(players, strategies, variant="base", config=None, overrides=None, config_data=None,
            strategy_weights=None):
    """Check a run's game settings; return (payload, facts).

    `payload` is everything a worker needs to play any batch of the run (small,
    picklable: the resolved config, the strategies as arrays); `facts` is what the
    manifest records (config, its hash, strategy names and weights).
    `config_data` / `strategy_weights` (from a manifest, to resume a run) replace
    reading the config and the strategy files, so a resumed run plays exactly as it started."""
    from strategies import resolve_strategies
    from strategies.roster import strategy_arrays

    variant = canonical_variant(variant)
    # a resumed run's config already has its variants merged in
    rules = load_rules(config, overrides, data=config_data,
                       variants=None if config_data is not None else variant.split(","))
    lo, hi = rules.player_range
    if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
        raise UserError(f"{TITLE} is for {lo}-{hi} players, not {players}")
    if strategy_weights is None:
        chosen, POL, W = resolve_strategies(strategies, players)
    else:
        chosen = [_recorded_strategy(n, strategy_weights[n]) for n in strategies]
        POL, W = strategy_arrays(chosen)
    names = [s.name for s in chosen]
    plugin_files = sorted({s.source for s in chosen if s.source})
    payload = {"config": rules.config, "players": players, "strategies": names, "POL": POL, "W": W,
               "plugin_files": plugin_files,
               "variant": variant,
               "setup_favor": players * int(rules.config["setup"]["favor_cards_each"])}
    facts = {"config": rules.config, "config_hash": rules.hash,
             "config_path": None if config_data is not None else rules.path,
             "strategies": names,
             "strategy_weights": {s.name: {"policy": s.policy, "weights": list(s.weights), "plugin": s.source}
                                  for s in chosen}}
    return payload, facts


def _recorded_strategy(name, recorded):
    """A strategy exactly as a run's manifest recorded it (a plugin's scorer is
    compiled again from its file)."""
    from strategies import Strategy, load_strategy
    from strategies.plugin import load_plugin

    plugin = None
    if recorded.get("plugin"):
        load_plugin(recorded["plugin"])
        plugin = load_strategy(name).plugin
    return Strategy(name, int(recorded["policy"]), tuple(recorded["weights"]), "", plugin, recorded.get("plugin"))


class Worker:
    """One process's ready-to-play state for a run: rules, strategy arrays, scratch arrays."""

    def __init__(self, payload):
        from .kernel import result_arrays
        from .tables import load_rules as _load

        from strategies.plugin import load_plugins, registered

        self.payload = payload
        self.rules = _load(data=payload["config"])
        load_plugins(payload.get("plugin_files"))       # a worker process compiles its plugins' scorers
        self.scorers = [getattr(registered().get(n.split(":")[0]), "plugin", None) for n in payload["strategies"]]
        self.arrays = result_arrays(CHUNK)
        self.timing = {}

    def warm(self):
        """Play one game: loads the compiled kernel from numba's cache (or compiles it)."""
        self.play(0, 0, 1, False)

    def play(self, run_seed, first, n, rotate, check=False, run_id=""):
        """Games [first, first + n) of the run -> ({table: pyarrow.Table}, counters)."""
        import pyarrow as pa

        from .game import play_batch
        from .records import counters, to_tables

        p = self.payload
        games, seats, fdraws, fdraw_n = self.arrays
        parts = {t: [] for t in TABLES}
        sums = None
        kernel = 0.0
        t0 = time.perf_counter()
        for start in range(first, first + n, CHUNK):
            k = min(CHUNK, first + n - start)
            t1 = time.perf_counter()
            play_batch(self.rules.T, p["players"], run_seed, start, k, p["W"], p["POL"], check,
                       games, seats, fdraws, fdraw_n, rotate, self.scorers)
            kernel += time.perf_counter() - t1
            for name, table in to_tables(games, seats, fdraws, fdraw_n[:k], run_id=run_id, run_seed=run_seed,
                                         first=start, n_players=p["players"], strategies=p["strategies"],
                                         variant=p["variant"], setup_favor=p["setup_favor"]).items():
                parts[name].append(table)
            c = counters(games[:k], seats, p["players"], len(p["strategies"]))
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
