"""Causal item values of a run: every item its game declares (``Game.causal_items``) measured as
a cause on the run's own games, raced within a budget, into ``RUN/causal/``.

An item is a what-if of the game's intervention table (``windtunnel whatif``'s): game k of the
run played again with seat k mod players given the item, paired with the run's own game k
(``analysis.causal_values``). The items race: every item unsettled plays the games up to the
next look (500, 1,000, 2,000, ... of the run's games, in order), then each item whose
anytime-valid win-rate interval lies wholly inside or wholly outside the threshold band stops.
The race ends when every item is settled, has every game of the run, or the budget is spent: a
number of games in ``RUN/causal/`` in all (the game's ``causal_budget`` by default, or
``WINDTUNNEL_CAUSAL_BUDGET``), or seconds of this call. An item that changes every seat's game
(a deed, a curse) has no verdict and plays the first ``FIXED`` games.

The batches go to the run's workers (joblib, like the runner's); each write of rows is a shard
with its hash in ``causal.json`` (``simulate.core.causal_folder``), so a kill keeps what was
played and the next report goes on from it. Game k of an item is determined by (run seed, k,
the item), so the values do not depend on the number of workers, the batch sizes or on where
an earlier measure stopped.
"""
import copy
import math
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from strategies.roster import search_codes

from ..core.causal_folder import FOLDER, CausalFolder
from ..core.config_files import apply_overrides
from ..core.errors import UserError, check_jobs
from ..core.games import get_game
from ..core.run_files import read_manifest
from ..core.run_folder import open_run
from ..core.run_lock import folder_lock
from .backends import _Backend
from .worker import Worker, prepare

FIRST_LOOK, GROWTH = 500, 2
FIXED = 2_000                    # games of an item without a win-rate verdict (a deed, a curse), played at once
ENV = "WINDTUNNEL_CAUSAL_BUDGET"
WRITE_EVERY = 20.0               # seconds between writes of rows inside a long round


@dataclass(frozen=True)
class Budget:
    """How much the race may play: `games` in RUN/causal/ in all, and/or `seconds` of this call."""
    games: int = None
    seconds: float = None
    given: bool = False              # named by the user (else the game's default)

    def text(self):
        parts = ([f"{self.games:,} games"] if self.games else []) + ([f"{self.seconds:g} s"] if self.seconds else [])
        return " and ".join(parts)


_TIME = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|m|min|h)\s*$")


def parse_budget(text, game):
    """--causal-budget: games ("400000", "400_000") or time ("90s", "5m", "1h"); None: the
    game's default (``Game.causal_budget``), or the environment's ``WINDTUNNEL_CAUSAL_BUDGET``."""
    given = text is not None
    if text is None:
        text = os.environ.get(ENV) or get_game(game).causal_budget
        if not text:                 # a game without a default budget (Game.causal_budget 0) measures nothing unasked
            return Budget(games=0)
    s = str(text).strip()
    m = _TIME.match(s)
    if m:
        seconds = float(m.group(1)) * {"s": 1, "m": 60, "min": 60, "h": 3600}[m.group(2)]
        if seconds <= 0:
            raise UserError(f"--causal-budget {text}: a time budget is more than 0 seconds")
        return Budget(seconds=seconds, given=given)
    digits = s.replace("_", "").replace(",", "")
    if not digits.isdigit() or int(digits) < 1:
        raise UserError(f"--causal-budget expects games (e.g. 400000) or a time (e.g. 90s, 5m), not {text!r}")
    return Budget(games=int(digits), given=given)


def looks(upto):
    """The numbers of an item's games the race looks at: 500, 1,000, 2,000, ... and `upto`."""
    out, n = [], FIRST_LOOK
    while n < upto:
        out.append(n)
        n *= GROWTH
    return out + [upto]


# ---------------------------------------------------------------- the worker side
@dataclass(frozen=True)
class ItemTask:
    """Games [first, first + games) of the run with one item's what-if (`config`: the run's
    resolved config with its intervention set). Plain data, pickled to a worker."""
    key: str                 # the run's payload key: a worker process keeps one Worker per run
    payload: object          # the run's worker Payload (strategies, options, config)
    item: str                # the item's key
    config: dict
    run_seed: int
    rotate: bool
    first: int
    games: int


_WORKERS = {}


def play_item(task):
    """(item, game ids, treated seat's won, score, turns) of one task, as numpy arrays."""
    from ..core.python_play import play

    w = _WORKERS.get(task.key)
    if w is None:
        _WORKERS.clear()
        w = _WORKERS[task.key] = Worker(task.payload)
        w.item_rules = {}
    rules = w.item_rules.get(task.item)
    if rules is None:
        rules = w.item_rules[task.item] = w.game.load_rules(data=task.config)
    p = task.payload
    won, score, turns = [], [], []
    for start in range(task.first, task.first + task.games, w.game.chunk):
        k = min(w.game.chunk, task.first + task.games - start)
        w.results = r = play(w.game, rules, p.players, task.run_seed, start, k, p.policies, p.weights,
                             rotate=task.rotate, scorers=w.scorers, choosers=w.choosers, names=p.strategies,
                             out=w.results, options=p.game_options)
        rows, seats = np.arange(k), (np.arange(start, start + k) % p.players)     # seats.treated_seat
        won.append(np.asarray(r.won)[rows, seats].astype(np.float64))
        score.append(np.asarray(r.score)[rows, seats].astype(np.float64))
        turns.append(np.asarray(r.turns)[:k].astype(np.float64))
    ids = np.arange(task.first, task.first + task.games, dtype=np.int64)
    return task.item, ids, np.concatenate(won), np.concatenate(score), np.concatenate(turns)


# ---------------------------------------------------------------- the race
@dataclass
class Measured:
    """What a measure did: the items, the values (``analysis.causal_values.value_table``), the
    games played now and in all, and why it stopped (or was skipped: `skipped` says why)."""
    values: object = None
    played: int = 0
    games: int = 0
    stopped: str = ""
    skipped: str = ""
    seconds: float = 0.0


def skip_reason(manifest, game, explicit=False):
    """Why a run gets no causal values by default (None: it does)."""
    if manifest["status"] != "complete":
        return f"the run is {manifest['status']}: causal values are measured once it is complete"
    if not game.intervention_table or not game.causal_items(manifest["config"], manifest["players"]):
        return f"{game.title} declares no items to measure"
    printed = game.load_rules().config.get(game.intervention_table) or {}
    if any(manifest["config"].get(game.intervention_table, {}).get(k) != v for k, v in printed.items()):
        return "the run is itself a what-if (its intervention is set): its items are not measured again"
    slow = search_codes(game)
    if not explicit and any(w.get("policy") in slow or w.get("plugin") for w in manifest["strategy_weights"].values()):
        return ("the run's strategies include a search player or a plugin (slow): give --causal-budget to measure "
                "its items anyway")
    return None


def measure(path, budget=None, *, threshold=0.03, only=None, jobs=-1, on_round=None):
    """Measure (or go on measuring) the causal values of the run at `path` into `path`/causal/;
    returns a ``Measured``. `budget`: a ``Budget`` (None: the game's default); `only`: item keys
    to measure (a comparison's findings), None for every item; `on_round(text)`: told before
    each round. Holds the run's lock while it writes."""
    from analysis.causal_values import base_frame, differences, item_value, treated_rows, value_table
    t0 = time.perf_counter()
    check_jobs(jobs)
    m = read_manifest(path)
    game = get_game(m["game"])
    budget = budget or parse_budget(None, game)
    why = skip_reason(m, game, budget.given)
    if not why and not (budget.games or budget.seconds):
        why = f"{game.title} declares no causal budget: give --causal-budget to measure its items"
    if why:
        return Measured(skipped=why)
    items = [i for i in game.causal_items(m["config"], m["players"]) if only is None or i.key in only]
    rule = game.seat_rule(m["config"], m["players"]) if only is None else None
    items = ([rule] if rule is not None else []) + items      # (first: a small budget still splits the seat edge)
    if not items:
        return Measured(skipped="no item to measure")
    run = open_run(path)
    run.verify()                                   # the base is the run's own games: checked first
    base = base_frame(treated_rows(run.seats, run.games, m["players"]).collect())
    with folder_lock(path, "report (causal values)", create=False):
        folder = CausalFolder.open(path, m)
        recorded = [{"key": i.key, "sets": i.sets} for i in items]
        if not folder.measures(m) or folder.problems():      # another run's rows, or damaged ones: anew
            folder.start(m, recorded)
        else:
            known = {i["key"] for i in folder.state["items"]}
            folder.state["items"] += [r for r in recorded if r["key"] not in known]
        rows = folder.rows()
        race = _Race(game, m, items, rows, base, threshold, budget, folder)
        played, stopped = race.run(jobs, on_round, t0)
    rows = folder.rows()
    values = value_table([item_value(i, differences(_prefix(rows, i.key), base, i.sign), threshold)
                          for i in items])
    return Measured(values=values, played=played, games=folder.state["games"], stopped=stopped,
                    seconds=round(time.perf_counter() - t0, 2))


def stored_values(path, threshold, label=str):
    """(the values of the run at `path` as its causal folder holds them, verified, or None; a note
    or None; its seat parts, ``analysis.seat_parts``, or None): what a report shows without
    playing. `label(item id)`: the item as the report names it."""
    from analysis.causal_values import base_frame, differences, item_value, treated_rows, value_table
    from analysis.seat_parts import seat_parts

    if not (Path(path) / FOLDER).is_dir():
        return None, None, None
    m = read_manifest(path)
    game = get_game(m["game"])
    folder = CausalFolder.open(path, m)
    if not folder.state:
        return None, None, None
    if not folder.measures(m):
        return None, None, (f"The causal values in {folder.path} measure another run than this one (replaced since, or "
                      "played by other code): not shown; the next report measures them again.")
    rows = folder.rows()                          # hashes, row counts, items and game ids checked
    run = open_run(path)
    base = base_frame(treated_rows(run.seats, run.games, m["players"]).collect())
    keys = {i["key"] for i in folder.state["items"]}
    items = [i for i in game.causal_items(m["config"], m["players"]) if i.key in keys]
    values = value_table([{**item_value(i, differences(_prefix(rows, i.key), base, i.sign), threshold, label(i.item)),
                           "n_players": m["players"], "variant": m["variant"].replace(",", "+")}
                          for i in items if (rows["item"] == i.key).any()])
    rule = game.seat_rule(m["config"], m["players"])
    ruled = _prefix(rows, rule.key) if rule is not None and rule.key in keys else None
    parts = seat_parts(ruled, base, m["players"]) if ruled is not None and ruled.height else None
    return (values if values.height else None), parts, None


def _prefix(rows, key):
    """An item's rows of games 0 .. n-1 without a gap (the games its value is read from)."""
    import polars as pl

    r = rows.filter(pl.col("item") == key).sort("game_id")
    ids = r["game_id"].to_numpy()
    n = int(np.argmax(ids != np.arange(len(ids)))) if len(ids) and (ids != np.arange(len(ids))).any() else len(ids)
    return r.head(n).drop("item")


class _Race:
    """The rounds of one measure (``measure``)."""

    def __init__(self, game, manifest, items, rows, base, threshold, budget, folder):
        self.game, self.m, self.items, self.base = game, manifest, items, base
        self.threshold, self.budget, self.folder = threshold, budget, folder
        self.rows = rows
        self.payload, _ = prepare(game, manifest["players"], manifest["strategies"], manifest["variant"],
                                  config_data=manifest["config"], strategy_weights=manifest["strategy_weights"],
                                  game_options=manifest.get("game_options") or {})
        self.key = f"causal-{manifest['run_id']}-{manifest['config_hash']}"
        self.configs = {i.key: _with_sets(manifest["config"], game.intervention_table, i.sets) for i in items}

    def status(self):
        """{item key: (games without a gap, settled or finished)}."""
        from analysis.causal_values import differences, item_value

        out = {}
        for i in self.items:
            d = differences(_prefix(self.rows, i.key), self.base, i.sign)
            n = len(d["won"])
            full = n >= self.m["games"] or (not i.per_seat and n >= min(i.games or FIXED, self.m["games"]))
            out[i.key] = (n, full or (i.per_seat and n > 0 and item_value(i, d, self.threshold)["settled"]))
        return out

    def plan(self, status):
        """[(item, first, games)] of the next round, within the budget's games; and whether the
        budget cut it."""
        spent, cap = self.folder.state["games"], self.budget.games
        out, cut = [], False
        for i in self.items:
            n, done = status[i.key]
            if done:
                continue
            upto = self.m["games"] if i.per_seat else min(i.games or FIXED, self.m["games"])
            target = next(x for x in looks(upto) if x > n) if i.per_seat else upto     # (nothing to race)
            if cap is not None and spent + target - n > cap:
                target, cut = n + max(0, cap - spent), True
            if target > n:
                out.append((i, n, target - n))
                spent += target - n
        return out, cut

    def run(self, jobs, on_round, t0):
        import pyarrow as pa

        played, stopped = 0, ""
        with _Backend("loky", jobs, None) as be:
            workers = be.workers()
            while True:
                status = self.status()
                todo, cut = self.plan(status)
                if not todo:
                    stopped = ("every item settled or measured on every game of the run"
                               if all(d for _, d in status.values()) else "budget spent")
                    break
                if self.budget.seconds is not None and time.perf_counter() - t0 > self.budget.seconds:
                    stopped = "time budget spent"
                    break
                open_items = sum(1 for _, d in status.values() if not d)
                if on_round:
                    on_round(f"causal values: {open_items} of {len(self.items)} items unsettled, "
                             f"{sum(g for _, _, g in todo):,} games to play")
                tasks = self._tasks(todo, workers)
                pending, last = [], time.perf_counter()
                try:
                    for result in be.results(play_item, tasks, workers):
                        pending.append(result)
                        played += len(result[1])
                        if time.perf_counter() - last > WRITE_EVERY:
                            self._write(pending, pa)
                            pending, last = [], time.perf_counter()
                finally:
                    self._write(pending, pa)           # (a stop keeps every finished batch)
                if cut:
                    stopped = "budget spent"
                    break
        return played, stopped

    def _tasks(self, todo, workers):
        """Each item's games of the round in batches of at most the game's chunk, spread so that
        every worker has some."""
        total = sum(g for _, _, g in todo)
        size = max(FIRST_LOOK // 2, min(self.game.chunk, math.ceil(total / (4 * max(1, workers)))))
        m = self.m
        for item, first, games in todo:
            for a in range(first, first + games, size):
                yield ItemTask(self.key, self.payload, item.key, self.configs[item.key], m["seed"],
                               bool(m["rotate_seats"]), a, min(size, first + games - a))

    def _write(self, results, pa):
        import polars as pl

        if not results:
            return
        table = pa.table({"item": pa.array([r[0] for r in results for _ in r[1]], pa.string()),
                          "game_id": np.concatenate([r[1] for r in results]),
                          "won": np.concatenate([r[2] for r in results]),
                          "score": np.concatenate([r[3] for r in results]),
                          "turns": np.concatenate([r[4] for r in results])})
        self.folder.add(table)
        self.rows = pl.concat([self.rows, pl.from_arrow(table)])


def _with_sets(config, table, sets):
    """The run's resolved config with an item's what-if values set: a key of the intervention
    table, or a dotted config key ("game.round_played_out")."""
    out = copy.deepcopy(config)
    out.setdefault(table, {}).update({k: v for k, v in sets.items() if "." not in k})
    apply_overrides(out, {k: v for k, v in sets.items() if "." in k})
    return out
