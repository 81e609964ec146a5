"""The batch runner: plays a run's games in batches on joblib workers and streams
each batch to Parquet shards as soon as it finishes.

A run is the games [0, games) of one (game, config, players, strategies, seed).
Game i is fully determined by (run seed, i), so the games can be cut into
batches any way and played anywhere: the tables are the same whatever the
batch size, the number of workers or the backend.

On disk (``docs/data.md``)::

    runs/NAME/
      manifest.json            settings, resolved config + hash, versions, shards done, status
      games/part-<first>.parquet   one file per batch per table, named by the
      seats/part-<first>.parquet   batch's first game index (zero-padded, so the
      cards/part-<first>.parquet   file order is the game order)

Crash safety: a worker writes each file to a hidden temporary name and renames
it into place; the parent records a shard in the manifest (written the same
way), with each file's sha256, only after the worker returned, i.e. after its
files exist. ``resume`` checks every recorded shard's files against their hashes,
deletes the shard files not recorded (a batch that was being written when the run
died) and plays exactly the missing and damaged games.

Safety (``docs/data.md``, Safety): one writer per folder (``run_lock``);
``--force`` plays the new run in the hidden ``OUT/.windtunnel-new/`` and swaps it
in only when it is complete, deleting only the old run's own files (``output_folder``, ``run_files``).

Memory: workers hold one batch at a time; the parent keeps only a few counters
per shard (wins by strategy and seat, score sums), never rows.

Scale-out: the batches go through joblib (``Parallel(return_as=
"generator_unordered")``), so ``backend="dask"`` / ``"ray"`` run the very same
batches on a cluster; the output folder must then be a path every worker sees.

Around it: ``run_files`` (atomic writes, the manifest), ``run_backends`` (joblib
backends), ``run_progress`` (bar or lines), ``run_summary`` (the end-of-run table).

Game-agnostic: everything about the game comes through its protocol object
(``simulate/core/protocol.py``, registered in ``simulate/core/games.py``); ``simulate/running/worker.py``
checks a run's settings and plays its batches.
"""
import contextlib
import errno
import math
import multiprocessing
import os
import platform
import signal
import socket
import time
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from analysis.words import plural
from strategies.roster import search_codes, split_names, strategy_label

from ..core.errors import PluginFailed, UserError, check_int, check_path
from ..core.games import get_game
from ..core.output_folder import RUN, OutputFolder, already_exists
from ..core.run_files import (FORMAT, MANIFEST, MAX_GAMES, SHARD, _hash, _now, games_text, manifest_text,
                              missing_ranges, read_manifest, run_id_of, run_tables, set_aside, shard_problems,
                              stray_files, swap_in, write_json_atomic, write_parquet_atomic)
from ..core.run_folder import Run, open_run
from ..core.run_rows import is_run_batch, row_problems
from ..core.run_lock import folder_lock
from ..core.run_progress import Progress
from ..core.run_summary import shard_counters
from .backends import _Backend
from .precision import PrecisionStop, batches, looks
from .stall import DEFAULT as STALL_TIMEOUT, RunStalled, Stall, check_stall_timeout, own_strategies
from .worker import Payload, Worker, prepare

MAX_BATCH = 50_000               # games per shard by default, at most
MIN_BATCH = 1_000                # ... and at least (fewer only for tiny runs)
PRECISION_BATCH = 5_000          # at most, by default, in a run that stops when precise enough (finer looks)
MIN_SLOW_BATCH = 20             # ... with a plain-Python strategy or a searching player (lookahead, mcts)
DEFAULTS = {"games": 10_000, "seed": 1, "rotate_seats": False, "variant": "base", "check": False}


class RunInterrupted(Exception):
    """Ctrl-C (or SIGTERM) during a run: completed shards are kept; resume plays the rest."""


class RunFailed(Exception):
    """A worker died or a batch raised: completed shards are kept; resume plays the rest."""


def versions():
    """Versions of windtunnel and the libraries that shape the results (no imports needed)."""
    out = {"python": platform.python_version(), "platform": platform.platform()}
    for pkg in ("windtunnel", "numpy", "numba", "pyarrow", "polars", "joblib"):
        try:
            out[pkg] = version(pkg)
        except PackageNotFoundError:
            out[pkg] = None
    return out


def default_batch_size(games, workers, least=MIN_BATCH):
    """About four batches per worker, within [least, MAX_BATCH] games (fewer for tiny runs)."""
    return max(min(games, least), min(MAX_BATCH, math.ceil(games / (4 * max(1, workers)))))


def least_batch(game, manifest):
    """MIN_BATCH, or MIN_SLOW_BATCH for a run a plain-Python strategy (simulate/core/python_play.py)
    or a searching player plays in (some games a second: small batches keep every worker
    busy and the progress moving)."""
    policies = get_game(game).strategy_schema().policies
    slow = search_codes(game)
    for w in manifest["strategy_weights"].values():
        if w.get("policy") in slow or (w.get("plugin") and w.get("policy") == policies.get("replay")):
            return MIN_SLOW_BATCH
    return MIN_BATCH


def default_out(game, players, seed, strategies, rotate, variant):
    names = list(dict.fromkeys(strategies)) if len(set(strategies)) == 1 else list(strategies)
    parts = [game, f"{players}p"] + ([variant.replace(",", "+")] if variant != "base" else []) + ["-".join(names), f"s{seed}"]
    if rotate:
        parts.append("rotated")
    return Path("runs") / "-".join(parts)


# ---------------------------------------------------------------- the worker side
_WORKERS = {}            # per process: run key -> Worker (rules and scratch arrays built once)


@dataclass(frozen=True)
class ShardTask:
    """One batch for a worker: games [first, first + games) of the run, played and written as
    the shard `name` under `folder`. Pickled to the worker: plain data."""
    key: str                # the run's key: a worker process keeps the Worker of one run
    payload: Payload
    run_id: str
    run_seed: int
    rotate_seats: bool
    check: bool
    folder: str             # absolute: a Dask or Ray worker writes to the same path
    first: int
    games: int

    @property
    def name(self):
        return f"part-{self.first:012d}"


def _worker(task):
    w = _WORKERS.get(task.key)
    if w is None:
        _ignore_ctrl_c_in_child()
        _WORKERS.clear()
        w = _WORKERS[task.key] = Worker(task.payload)
    return w


def _ignore_ctrl_c_in_child():
    """A terminal's Ctrl-C reaches every process of the group. The parent stops the run and
    its workers; a worker process must not die on it by itself (it would print its own
    traceback). The parent process (a --jobs 1 run plays in it) keeps its handler."""
    if multiprocessing.parent_process() is not None:
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        except ValueError:            # not the main thread of the worker (thread-based backends)
            pass


def play_shard(task):
    """Play one batch and write its Parquet files (atomically); return a small receipt.

    Runs in a joblib worker (a local process, a Dask worker, a Ray actor)."""
    t0 = time.perf_counter()
    w = _worker(task)
    t1 = time.perf_counter()
    first, n = task.first, task.games
    tables, counters = w.play(task.run_seed, first, n, task.rotate_seats, task.check, task.run_id)
    t2 = time.perf_counter()
    ids = tables["games"].column("game_id").to_numpy()
    if len(ids) != n or ids[0] != first or (n > 1 and not ((ids[1:] - ids[:-1]) == 1).all()):
        raise RuntimeError(f"batch {task.name}: the games table does not hold games {first}..{first + n - 1}")
    out = Path(task.folder)
    files, rows, sha = {}, {}, {}
    for name, table in tables.items():
        rel = f"{name}/{task.name}.parquet"
        sha[name] = write_parquet_atomic(table, out / rel)
        files[name], rows[name] = rel, table.num_rows
    t3 = time.perf_counter()
    return {"name": task.name, "first": first, "games": n, "game_ids": [first, first + n - 1], "files": files,
            "rows": rows, "sha256": sha,
            "seconds": {"setup": round(t1 - t0, 4), "play": round(t2 - t1, 4), "write": round(t3 - t2, 4),
                        **{k: round(v, 4) for k, v in getattr(w, "timing", {}).items()}},
            "worker": f"{socket.gethostname()}:{os.getpid()}", "counters": counters}


# ---------------------------------------------------------------- validation (nothing written)
def _same(field, given, recorded):
    if given is not None and given != recorded:
        raise UserError(f"--resume: {field} {given!r} differs from the run's {recorded!r} "
                        f"(a resumed run keeps its settings; leave {field} out or use another --out)")


def check_variant(variant):
    """--variant as given: None (the default, base) or a spec that names something."""
    if variant is not None and not str(variant).strip():
        raise UserError("--variant is empty (give base, or the game's variants separated by commas)")
    return variant


@dataclass(frozen=True)
class RunPlan:
    """A run checked and ready to play (``plan_run``); nothing written yet."""
    game: object             # the game's protocol object
    payload: Payload
    manifest: dict           # the manifest to start from; the run updates it as it goes
    folder: OutputFolder     # --out, where the shards go, and whether this resumes
    batch_size: int | None = None  # as asked (None: from the number of workers)
    reopen: bool = False     # the Python API called again: this complete run is in --out already

    @property
    def key(self):
        """The run's key: a worker process keeps the Worker of one run."""
        m = self.manifest
        return _hash([m["run_id"], m["config_hash"], bool(m["check"])], 16)


def plan_run(game, players=None, games=None, seed=None, strategies=None, *, rotate_seats=None,
             variant=None, config=None, overrides=None, out=None, batch_size=None, resume=False, force=False,
             check=None, fresh=False, game_options=None, reopen=False, precision=None, whatif=None):
    """Check everything about a run and return its plan; raises UserError on bad input.
    `reopen` (the Python API's way): a complete run at `out` with exactly these settings is
    reopened (the plan's "reopen"), and any other run there is named in Python's terms.

    Writes nothing. The plan (``RunPlan``) holds the game, the worker payload, the manifest to
    start from and the output folder (``OutputFolder``: the shards go to `out`, or to its hidden
    staging folder for a --force replacement). `fresh`: the caller makes the folder anew (a
    forced comparison's staging), so what is there now does not matter.
    `precision` (win-rate points): stop once every seat's and strategy's anytime-valid 95%
    interval is at most that wide either side (``analysis.sequential``), `games` at most.
    `whatif`: the name of the comparison's what-if cell the run is (its run id's and manifest's)."""
    game = get_game(game)
    default_strategy = game.strategy_schema().default
    if resume and force:
        raise UserError("--resume and --force contradict each other: resume keeps the run, force replaces it")
    check_path(out)                  # an empty --out would be the working folder
    if batch_size is not None:
        check_int("--batch-size", batch_size, 1)
    if precision is not None and not (isinstance(precision, (int, float)) and 0 < precision < 50):
        raise UserError(f"--precision is the half-width of the win rates' 95% intervals in points, more than 0 and "
                        f"less than 50 (e.g. 0.5), not {precision!r}")
    if variant is not None:          # a run is named and recorded under its variants' canonical order
        variant = game.canonical_variant(check_variant(variant))
    recorded = folder = None
    if resume:
        if out is None:
            if players is None:
                raise UserError("--resume needs --out (the run's folder), or the options the run was started with")
            names = [strategy_label(n) for n in split_names(default_strategy if strategies is None else strategies)]
            out = default_out(game.name, players, DEFAULTS["seed"] if seed is None else seed,
                              names * players if len(names) == 1 else names, bool(rotate_seats), variant or "base")
        folder, recorded = OutputFolder.to_resume(Path(out), RUN)

    if recorded is not None:
        if recorded["game"] != game.name:
            raise UserError(f"--resume: {folder.out} is a run of {recorded['game']!r}, not {game.name!r}")
        _same("--players", players, recorded["players"])
        aimed = recorded.get("precision") or {}
        _same("--games", games, aimed.get("max_games", recorded["games"]))
        _same("--precision", precision, aimed.get("points"))
        _same("--seed", seed, recorded["seed"])
        if strategies is not None:
            names = [strategy_label(n) for n in split_names(strategies)]
            names = names * recorded["players"] if len(names) == 1 else names
            _same("--strategies", ",".join(names), ",".join(recorded["strategies"]))
        _same("--rotate-seats", rotate_seats if rotate_seats else None, recorded["rotate_seats"] or None)
        _same("--variant", variant, recorded["variant"])
        _same("--check", check if check else None, recorded["check"] or None)
        players, games, seed = recorded["players"], recorded["games"], recorded["seed"]
        kept = recorded.get("game_options") or {}
        for name, value in game.check_options(game_options or {}, players).items():
            _same(f"--{name}", value, kept.get(name))
        rotate_seats, variant, check = recorded["rotate_seats"], recorded["variant"], recorded["check"]
        if config is not None or overrides:
            payload, facts = prepare(game, players, recorded["strategies"], variant, config, overrides)
            if facts["config_hash"] != recorded["config_hash"]:
                raise UserError(f"--resume: the config given (hash {facts['config_hash']}) differs from the run's "
                                f"(hash {recorded['config_hash']}); leave --config/--set out or use another --out")
        payload, facts = prepare(game, players, recorded["strategies"], variant, None, None,
                                config_data=recorded["config"], strategy_weights=recorded["strategy_weights"],
                                game_options=kept)
        facts["config_path"], overrides = recorded.get("config_path"), recorded.get("overrides") or {}
        if batch_size is None:
            batch_size = recorded.get("batch_size")
    else:
        if players is None:
            raise UserError("--players is required (how many seats each game has)")
        check_int("--players", players, -2 ** 31)            # a number at all; the game checks the range
        games = DEFAULTS["games"] if games is None else games
        seed = DEFAULTS["seed"] if seed is None else seed
        variant = variant or DEFAULTS["variant"]
        rotate_seats, check = bool(rotate_seats), bool(check)
        payload, facts = prepare(game, players, split_names(default_strategy if strategies is None else strategies),
                                 variant, config, overrides, game_options=game_options)
    check_int("--games", games, 1, MAX_GAMES)
    check_int("--seed", seed, 0, 2 ** 63 - 1)

    run_id = run_id_of({"game": game.name, "variant": variant, "players": players, "seed": seed,
                        "strategies": facts["strategies"], "strategy_weights": facts["strategy_weights"],
                        "rotate_seats": bool(rotate_seats), "config_hash": facts["config_hash"],
                        "game_options": facts["game_options"], "whatif": whatif})
    if folder is None:               # a new run: where it goes
        out = Path(out) if out is not None else default_out(game.name, players, seed, facts["strategies"],
                                                            rotate_seats, variant)
        m, what, same = (None, "", False) if fresh or force else _occupant(out, run_id, games, check, precision)
        if reopen and same and m["status"] == "complete":
            return RunPlan(game, payload, m, OutputFolder(out, out), batch_size, reopen=True)
        other = f" with other settings ({_differences(m, run_id, games, seed, facts)})" if m else ""
        folder = OutputFolder(out, out) if fresh else OutputFolder.to_write(
            out, RUN, force, lambda: _busy(out, what, same, other, reopen))

    manifest = recorded or {
        "format": FORMAT, "run_id": run_id, "status": "new", "game": game.name, "variant": variant,
        "players": players, "games": games, "seed": seed, "strategies": facts["strategies"],
        "rotate_seats": bool(rotate_seats), "check": bool(check), "batch_size": None,
        "game_options": facts["game_options"],
        "tables": {t: f"{t}/" for t in game.tables}, "games_done": 0,
        "config_path": facts["config_path"], "overrides": dict(overrides or {}),
        "config_hash": facts["config_hash"], "config": facts["config"],
        "strategy_weights": facts["strategy_weights"], "versions": versions(),
        "created": _now(), "updated": _now(), "sessions": [], "shards": [], **({"whatif": whatif} if whatif else {})}
    if recorded is None and precision is not None:
        from analysis.sequential import RULE
        manifest["precision"] = {"points": precision, "rule": RULE, "max_games": games}
    return RunPlan(game, payload, manifest, folder, batch_size)


def _occupant(out, run_id, games, check, precision):
    """(manifest or None, in words, whether it is the run of these settings) of the run in `out`."""
    try:
        m = read_manifest(out)
    except UserError:
        return None, "a run", False
    aimed = m.get("precision") or {}
    same = (m["run_id"] == run_id and aimed.get("max_games", m["games"]) == games and m["check"] == check
            and aimed.get("points") == precision)
    return m, f"a run of {m['games_done']:,} of {m['games']:,} games, {m['status']}", same


def _busy(out, what, same, other, reopen):
    """The error for `out` holding a run (``_occupant``'s `what` and `same`; `other`: how its settings
    differ) and neither --resume nor --force; in Python's terms for the Python API (`reopen`)."""
    if not reopen:
        return already_exists(out, what)
    if same:
        return UserError(f"{out} holds this run unfinished ({what}); pass resume=True to continue it, "
                         "or force=True to play it again from the start")
    return UserError(f"{out} already holds {what}{other}; pass force=True to replace it, or another out=")


def _differences(m, run_id, games, seed, facts):
    """What a run's manifest `m` has other than the settings asked for, in words."""
    out = [f"{k} {m[k]} not {v}" for k, v in (("games", games), ("seed", seed)) if m[k] != v]
    if m["strategies"] != facts["strategies"]:
        out.append(f"strategies {','.join(m['strategies'])} not {','.join(facts['strategies'])}")
    if m["config_hash"] != facts["config_hash"]:
        out.append("another config")
    if not out and m["run_id"] != run_id:
        out.append("other players, variant, seating or game options")
    return "; ".join(out)


# ---------------------------------------------------------------- the run
def _prepare_folder(plan):
    """Make the folder the shards go to ready; on resume, verify every recorded shard (sha256 and
    its rows: ``run_rows``) and forget the failing ones, whose games are played again. Deletes only
    our temporaries and the batches written as the run stopped (unrecorded shard files holding
    this run's games); any other file named like a shard that is not kept is moved aside to
    ``unknown-<time>/`` (``set_aside``). Returns the repairs made, as sentences.
    The first thing that writes (under the run's lock)."""
    folder, m, resumed = plan.folder.path, plan.manifest, plan.folder.resumed
    plan.folder.begin()
    if not resumed:                               # the manifest first: a run killed from here on resumes
        _save(plan)
    repairs, recorded = [], {s["name"] + ".parquet": s["games"] for s in m["shards"]}
    if resumed:
        bad = shard_problems(folder, m)
        bad.update(row_problems(folder, m, [s for s in m["shards"] if s["name"] not in bad]))
        repairs = [f"{bad[s['name']]}: playing games {games_text([(s['first'], s['games'])])} again"
                   for s in m["shards"] if s["name"] in bad]
        m["shards"] = [s for s in m["shards"] if s["name"] not in bad]
        for s in m["shards"]:                     # the summary's counts from the verified files, not the manifest
            s["counters"] = shard_counters(folder, s, m)
    keep = {s["name"] + ".parquet" for s in m["shards"]}
    ours, others = [], []
    for t in m["tables"]:
        (folder / t).mkdir(parents=True, exist_ok=True)
        for f in sorted(stray_files(folder / t, keep)):
            if SHARD.fullmatch(f.name) and not is_run_batch(f, t, m, recorded.get(f.name)):
                others.append(f)                  # not what the run wrote (or not as it wrote it): not ours to delete
                continue
            if SHARD.fullmatch(f.name) and f.name not in recorded:
                ours.append(f"{t}/{f.name}")
            f.unlink()
    if resumed and ours:
        repairs.append(f"deleted {len(ours)} shard file(s) the manifest does not record "
                       f"({_some(ours)}): a batch written as the run stopped, or a shard line removed from the "
                       "manifest")
    if others:
        aside = set_aside(folder, others)
        repairs.append(f"moved {len(others)} file(s) named like shards that are not the run's own or not as it "
                       f"wrote them ({_some([str(f.relative_to(folder)) for f in others])}) to {aside}/: nothing "
                       "was deleted")
    for f in folder.glob(f".{MANIFEST}.*.tmp"):
        f.unlink()
    m["games_done"] = sum(s["games"] for s in m["shards"])
    return repairs


def _some(names):
    """The first few of a list of names, for one line."""
    return ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")


def _save(plan):
    m = plan.manifest
    m["updated"] = _now()
    write_json_atomic(plan.folder.path / MANIFEST, manifest_text(m))


def _swap(staged, out):
    """The complete run in `staged` becomes the run in `out`; the old run's own files go."""
    swap_in(staged, out, run_tables(out))


def run(game, players=None, games=None, seed=None, strategies=None, *, rotate_seats=None, variant=None,
        config=None, overrides=None, out=None, jobs=-1, batch_size=None, backend="loky", scheduler=None,
        resume=False, force=False, check=None, progress=None, command=None, game_options=None, precision=None,
        stall_timeout=STALL_TIMEOUT, whatif=None):
    """Play a run of `games` games and stream them to Parquet under `out`; return the Run.

    `players`, `strategies` ("greedy,random,greedy" or a list; one name for every seat),
    `seed` (the run seed), `rotate_seats` (strategy i sits at seat (i + game) % players),
    `config` (a TOML replacing the game's base config) and `overrides` ({"favor.hera.vp": 6})
    and `game_options` ({name: value} for options of the game's own, ``Game.options``) define
    the games. `jobs` workers (-1: every core) on joblib's `backend` ("loky",
    "dask" with `scheduler` an address, or "ray") play batches of `batch_size` games.
    `resume=True` plays the games an interrupted run is missing or has damaged (settings
    left as None are taken from its manifest); `force=True` replaces an existing run at
    `out`, which stays until the new one is complete.
    `progress`: None (a bar on a terminal, periodic lines otherwise), "bar", "lines" or False.
    `precision` (win-rate points, e.g. 0.5): play batches in game order until every seat's and
    every strategy's anytime-valid 95% interval is at most that wide either side, `games` at
    most (``analysis.sequential``; the stop and its reason go in the manifest).
    Called again with the same settings (a notebook cell run twice), it reopens the finished
    run instead of playing it again; other settings on the same `out` are one UserError.
    `stall_timeout` (seconds; 0: never): no batch finished for that long ends the run
    (``simulate/running/stall.py``: a strategy that never returns). `whatif`: the comparison's
    what-if cell the run is (``plan_run``).

    Bad input raises UserError before anything is written, and so does a folder another
    process is writing (its lock). Ctrl-C raises RunInterrupted, a dead worker, a full
    disk or a stall RunFailed; both keep every completed shard for `resume`."""
    t_start = time.perf_counter()
    check_stall_timeout(stall_timeout)

    def plan_it():
        return plan_run(game, players, games, seed, strategies, rotate_seats=rotate_seats, variant=variant,
                        config=config, overrides=overrides, out=out, batch_size=batch_size, resume=resume,
                        force=force, check=check, game_options=game_options, reopen=command is None,
                        precision=precision, whatif=whatif)

    plan = plan_it()
    if plan.reopen:                              # a notebook cell run again: the finished run, as it is
        result = open_run(plan.folder.out)
        result.session = {"reopened": True, "wall_seconds": round(time.perf_counter() - t_start, 3)}
        return result
    with _Backend(backend, jobs, scheduler) as be, Stall(stall_timeout, own_strategies(plan.manifest)) as stall:
        stall.last_resort = lambda message: f"{message}; nothing was written"
        workers = be.workers()
        # warm the kernel here: workers then load numba's cache instead of each compiling
        worker = Worker(plan.payload)             # (a stall here, not yet armed: the last resort)
        worker.warm()
        _WORKERS.clear()
        _WORKERS[plan.key] = worker
        with folder_lock(plan.folder.out, "simulate"):
            plan = plan_it()                     # again, holding the lock: another process may have written
            session = _play(plan, be, workers, backend, scheduler, command, progress, stall)
    result = Run(plan.folder.out, plan.manifest)
    result.session = dict(session, wall_seconds=round(time.perf_counter() - t_start, 3))
    return result


def _play(plan, be, workers, backend, scheduler, command, progress, stall):
    m, folder, key = plan.manifest, plan.folder.path, plan.key
    session = {"started": _now(), "command": command, "backend": backend, "scheduler": scheduler,
               "workers": workers, "batch_size": None, "host": socket.gethostname(), "pid": os.getpid(),
               "games_played": 0, "status": "running", "code": _code_hash(plan.game)}
    if plan.folder.was_swapping(m["status"]):
        plan.folder.finish(_swap)                # it stopped while being swapped in: finish that
        return dict(session, status="complete")
    t_play = time.perf_counter()
    bar = None

    def stalled(message):                        # the main thread is stuck in compiled code: record it here
        _end_session(plan, session, t_play, "failed", message)
        return f"{message}; {_kept(plan)}; {_AFTER_STALL}"

    stall.last_resort = stalled
    try:                                         # ---- from here on, things are written
        session["repairs"] = _prepare_folder(plan)
        size = plan.batch_size or default_batch_size(m["games"], workers, least_batch(plan.game, m))
        if m.get("precision") and not plan.batch_size:
            size = min(size, max(PRECISION_BATCH, least_batch(plan.game, m)))
        m["batch_size"] = m["batch_size"] or size
        session["batch_size"] = size
        first_code = m["versions"].setdefault("code", session["code"])
        if first_code != session["code"] and missing_ranges(m["games"], m["shards"]):
            session["note"] = (f"the windtunnel source changed since this run started (code {first_code} -> "
                               f"{session['code']}): the games played now come from the new code")
        m["sessions"].append(session)
        m["status"] = "running"
        _save(plan)

        missing = missing_ranges(m["games"], m["shards"])
        stop = PrecisionStop(m["precision"], folder) if m.get("precision") else None
        if stop is not None:
            stop.look(m)                          # (a resumed run may have decided before it stopped)

        def tasks():                              # handed out lazily: none after a precision stop
            for first, n in batches(missing, size, looks(m["games"]) if stop else ()):
                if stop is not None and stop.done:
                    return
                yield ShardTask(key=key, payload=plan.payload, run_id=m["run_id"], run_seed=m["seed"],
                                rotate_seats=m["rotate_seats"], check=m["check"], folder=str(folder.resolve()),
                                first=first, games=n)
        bar = Progress(m["games"], m["games_done"], mode=progress) if progress is not False and missing else None
        t_play = time.perf_counter()
        stall.arm()                               # (the clock starts again: the kernel is warm, the folder ready)
        for receipt in be.results(play_shard, tasks(), workers):
            stall.beat()
            m["shards"].append(receipt)
            m["games_done"] += receipt["games"]
            session["games_played"] += receipt["games"]
            if stop is not None and not stop.done:
                stop.look(m)
            _save(plan)
            if bar:
                bar.advance(receipt["games"])
        past = stop.record(m) if stop is not None else []
        session["games_played"] -= sum(s["games"] for s in past)
        _end_session(plan, session, t_play, "complete" if m["games_done"] == m["games"] else "incomplete")
        for s in past:                            # played past the stop while it was decided: not the run's
            for rel in s["files"].values():
                (folder / rel).unlink(missing_ok=True)
        if plan.folder.staged and m["status"] == "complete":
            plan.folder.finish(_swap)
    except RunStalled as e:                      # no batch finished for --stall-timeout: its workers are ended
        with contextlib.suppress(OSError):
            _end_session(plan, session, t_play, "failed", str(e))
        raise RunFailed(f"{e}; {_kept(plan)}; {_AFTER_STALL}") from None
    except KeyboardInterrupt:
        with contextlib.suppress(OSError):
            _end_session(plan, session, t_play, "interrupted")
        raise RunInterrupted(f"interrupted: {_kept(plan)}; continue with --resume") from None
    except Exception as e:             # noqa: BLE001 - a dead worker, a failed batch, a full disk
        with contextlib.suppress(OSError):         # a full disk: the manifest on disk stays the last one written
            _end_session(plan, session, t_play, "failed", f"{type(e).__name__}: {e}")
        if isinstance(e, OSError) and e.errno in (errno.ENOSPC, errno.EDQUOT):
            what = f"the disk is full ({e.strerror}{f': {e.filename}' if e.filename else ''}); free some space"
        else:
            what = f"the run failed ({type(e).__name__}: {' '.join(str(e).split())[:300]})"
        # a plugin that fails would fail again: its file is the run's (resume refuses an edited one)
        then = ("fix the plugin and start a new run (--force)" if isinstance(e, PluginFailed)
                else "continue with --resume")
        raise RunFailed(f"{what}; {_kept(plan)}; {then}") from e
    finally:
        if bar:
            bar.close()
    return session


_AFTER_STALL = "fix the strategy and start a new run (--force), or --resume with a longer --stall-timeout"


def _kept(plan):
    m, folder = plan.manifest, plan.folder
    text = f"{m['games_done']:,} of {m['games']:,} games kept in {plural(len(m['shards']), 'shard')} under {folder.path}"
    return text + (f" (the run it replaces stays in {folder.out} until this one is complete)" if folder.staged
                   else "")


def _code_hash(game):
    """A hash of the game's kernel source (what numba's cache is keyed on), for the manifest."""
    try:
        from ..core.jit import source_hash
        return source_hash(game)
    except Exception:                     # noqa: BLE001 - informative only
        return None


def _end_session(plan, session, t_play, status, message=None):
    m = plan.manifest
    session.update(status=status, ended=_now(), seconds=round(time.perf_counter() - t_play, 3))
    if message:
        session["message"] = message
    m["status"] = status
    m["shards"].sort(key=lambda s: s["first"])
    _save(plan)


