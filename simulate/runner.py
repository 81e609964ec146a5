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
way) only after the worker returned, i.e. after its files exist. ``resume``
checks every recorded shard's files, deletes anything not recorded (a batch that
was being written when the run died) and plays exactly the missing games.

Memory: workers hold one batch at a time; the parent keeps only a few counters
per shard (wins by strategy and seat, score sums), never rows.

Scale-out: the batches go through joblib (``Parallel(return_as=
"generator_unordered")``), so ``backend="dask"`` / ``"ray"`` run the very same
batches on a cluster; the output folder must then be a path every worker sees.

Game-agnostic: a game plugs in with an adapter module (``ADAPTERS``) providing
``NAME``, ``TITLE``, ``TABLES``, ``prepare(...)``, ``Worker(payload)`` with ``warm()``
and ``play(...)``, and ``schemas()`` (see ``simulate/aeolos/adapter.py``).
"""
import datetime as _dt
import hashlib
import importlib
import json
import math
import os
import platform
import shutil
import socket
import sys
import time
from pathlib import Path

from .errors import UserError

ADAPTERS = {"aeolos": "simulate.aeolos.adapter"}
BACKENDS = ("loky", "dask", "ray")
FORMAT = "windtunnel-run/1"
MANIFEST = "manifest.json"
MAX_BATCH = 50_000               # games per shard by default, at most
MIN_BATCH = 1_000                # ... and at least (fewer only for tiny runs)
DEFAULTS = {"games": 10_000, "seed": 1, "strategies": "greedy", "rotate_seats": False, "variant": "base",
            "check": False}
COMPRESSION = "zstd"


class RunInterrupted(Exception):
    """Ctrl-C (or SIGTERM) during a run: completed shards are kept; resume plays the rest."""


class RunFailed(Exception):
    """A worker died or a batch raised: completed shards are kept; resume plays the rest."""


# ---------------------------------------------------------------- adapters
def get_adapter(game):
    name = str(game).lower()
    if name not in ADAPTERS:
        raise UserError(f"unknown game {game!r} (known: {', '.join(sorted(ADAPTERS))})")
    return importlib.import_module(ADAPTERS[name])


# ---------------------------------------------------------------- small helpers
def _now():
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def _plain(o):
    """JSON for numpy scalars (kernel constants and counters are numpy ints)."""
    if hasattr(o, "item"):
        return o.item()
    raise TypeError(f"Object of type {type(o).__name__} is not JSON serializable")


def _hash(obj, n=12):
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()[:n]


def _fsync_dir(path):
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _tmp_name(path):
    path = Path(path)
    return path.with_name(f".{path.name}.{socket.gethostname()}-{os.getpid()}.tmp")


def write_json_atomic(path, text):
    """Write `text` to `path` so that readers see the old file or the new one, never half."""
    path = Path(path)
    tmp = _tmp_name(path)
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    _fsync_dir(path.parent)


def write_parquet_atomic(table, path):
    import pyarrow.parquet as pq

    path = Path(path)
    tmp = _tmp_name(path)
    with open(tmp, "wb") as f:
        pq.write_table(table, f, compression=COMPRESSION)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def versions():
    """Versions of windtunnel and the libraries that shape the results (no imports needed)."""
    from importlib.metadata import PackageNotFoundError, version

    out = {"python": platform.python_version(), "platform": platform.platform()}
    for pkg in ("windtunnel", "numpy", "numba", "pyarrow", "polars", "joblib"):
        try:
            out[pkg] = version(pkg)
        except PackageNotFoundError:
            out[pkg] = None
    return out


def default_batch_size(games, workers):
    """About four batches per worker, within [MIN_BATCH, MAX_BATCH] games (fewer for tiny runs)."""
    return max(min(games, MIN_BATCH), min(MAX_BATCH, math.ceil(games / (4 * max(1, workers)))))


def default_out(game, players, seed, strategies, rotate, variant):
    names = list(dict.fromkeys(strategies)) if len(set(strategies)) == 1 else list(strategies)
    parts = [game, f"{players}p"] + ([variant] if variant != "base" else []) + ["-".join(names), f"s{seed}"]
    if rotate:
        parts.append("rotated")
    return Path("runs") / "-".join(parts)


def manifest_text(m):
    """The manifest as JSON with one line per shard (readable, diff-able, grep-able)."""
    head = {k: v for k, v in m.items() if k != "shards"}
    body = json.dumps(head, indent=2, sort_keys=False, default=_plain)
    shards = ",\n".join("    " + json.dumps(s, separators=(",", ":"), default=_plain) for s in m.get("shards", []))
    return body[:-2] + ',\n  "shards": [\n' + shards + ("\n  ]\n}\n" if shards else "]\n}\n")


def read_manifest(out):
    path = Path(out) / MANIFEST
    try:
        m = json.loads(path.read_text())
    except FileNotFoundError:
        raise UserError(f"no run at {out} (no {MANIFEST})") from None
    except (OSError, ValueError) as e:
        raise UserError(f"{path}: unreadable manifest ({e})") from None
    if not isinstance(m, dict) or m.get("format") != FORMAT:
        raise UserError(f"{path}: not a windtunnel run manifest (format {m.get('format') if isinstance(m, dict) else '?'!r})")
    return m


# ---------------------------------------------------------------- the worker side
_WORKERS = {}            # per process: run key -> adapter Worker (rules and scratch arrays built once)


def _worker(task):
    key = task["key"]
    w = _WORKERS.get(key)
    if w is None:
        _WORKERS.clear()
        w = _WORKERS[key] = get_adapter(task["game"]).Worker(task["payload"])
    return w


def play_shard(task):
    """Play one batch and write its Parquet files (atomically); return a small receipt.

    Runs in a joblib worker (a local process, a Dask worker, a Ray actor)."""
    t0 = time.perf_counter()
    w = _worker(task)
    t1 = time.perf_counter()
    tables, counters = w.play(task["seed"], task["first"], task["n"], task["rotate"], task["check"],
                              task["run_id"])
    t2 = time.perf_counter()
    out = Path(task["out"])
    files, rows = {}, {}
    for name, table in tables.items():
        rel = f"{name}/{task['name']}.parquet"
        write_parquet_atomic(table, out / rel)
        files[name], rows[name] = rel, table.num_rows
    t3 = time.perf_counter()
    return {"name": task["name"], "first": task["first"], "games": task["n"], "files": files, "rows": rows,
            "seconds": {"setup": round(t1 - t0, 4), "play": round(t2 - t1, 4), "write": round(t3 - t2, 4),
                        **{k: round(v, 4) for k, v in getattr(w, "timing", {}).items()}},
            "worker": f"{socket.gethostname()}:{os.getpid()}", "counters": counters}


# ---------------------------------------------------------------- validation (nothing written)
def _same(field, given, recorded):
    if given is not None and given != recorded:
        raise UserError(f"--resume: {field} {given!r} differs from the run's {recorded!r} "
                        f"(a resumed run keeps its settings; leave {field} out or use another --out)")


def _check_int(name, value, lo, hi=None):
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        bound = f"from {lo} to {hi}" if hi is not None else f"{lo} or more"
        raise UserError(f"{name} must be a whole number {bound}, not {value!r}")


def _strategy_list(strategies, players):
    if strategies is None:
        return None
    if isinstance(strategies, str):
        names = [s.strip() for s in strategies.split(",") if s.strip()]
    else:
        names = list(strategies)
    if not names:
        raise UserError("--strategies is empty (give one strategy, or one per seat)")
    return names


def plan_run(game="aeolos", players=None, games=None, seed=None, strategies=None, *, rotate_seats=None,
             variant=None, config=None, overrides=None, out=None, batch_size=None, resume=False, force=False,
             check=None):
    """Check everything about a run and return its plan; raises UserError on bad input.

    Writes nothing. The plan holds the adapter, the worker payload, the manifest
    to start from and the output folder."""
    adapter = get_adapter(game)
    if resume and force:
        raise UserError("--resume and --force contradict each other: resume keeps the run, force replaces it")
    if batch_size is not None:
        _check_int("--batch-size", batch_size, 1)
    recorded = None
    if resume:
        if out is None:
            if players is None:
                raise UserError("--resume needs --out (the run's folder), or the options the run was started with")
            names = _strategy_list(strategies or DEFAULTS["strategies"], players)
            out = default_out(adapter.NAME, players, DEFAULTS["seed"] if seed is None else seed,
                              names * players if len(names) == 1 else names, bool(rotate_seats), variant or "base")
        if not (Path(out) / MANIFEST).exists():
            raise UserError(f"--resume: no run to resume at {out} (no {MANIFEST})")
        recorded = read_manifest(out)

    if recorded is not None:
        _check_not_running(out, recorded)
        if recorded.get("game") != adapter.NAME:
            raise UserError(f"--resume: {out} is a run of {recorded.get('game')!r}, not {adapter.NAME!r}")
        _same("--players", players, recorded["players"])
        _same("--games", games, recorded["games"])
        _same("--seed", seed, recorded["seed"])
        if strategies is not None:
            names = _strategy_list(strategies, recorded["players"])
            names = names * recorded["players"] if len(names) == 1 else names
            _same("--strategies", ",".join(names), ",".join(recorded["strategies"]))
        _same("--rotate-seats", rotate_seats if rotate_seats else None, recorded["rotate_seats"] or None)
        _same("--variant", variant, recorded["variant"])
        _same("--check", check if check else None, recorded["check"] or None)
        players, games, seed = recorded["players"], recorded["games"], recorded["seed"]
        rotate_seats, variant, check = recorded["rotate_seats"], recorded["variant"], recorded["check"]
        if config is not None or overrides:
            payload, facts = adapter.prepare(players, recorded["strategies"], variant, config, overrides)
            if facts["config_hash"] != recorded["config_hash"]:
                raise UserError(f"--resume: the config given (hash {facts['config_hash']}) differs from the run's "
                                f"(hash {recorded['config_hash']}); leave --config/--set out or use another --out")
        payload, facts = adapter.prepare(players, recorded["strategies"], variant, None, None,
                                         config_data=recorded["config"],
                                         strategy_weights=recorded["strategy_weights"])
        facts["config_path"], overrides = recorded.get("config_path"), recorded.get("overrides") or {}
        if batch_size is None:
            batch_size = recorded.get("batch_size")
    else:
        if players is None:
            raise UserError("--players is required (how many seats each game has)")
        _check_int("--players", players, -2 ** 31)            # a number at all; the game checks the range
        games = DEFAULTS["games"] if games is None else games
        seed = DEFAULTS["seed"] if seed is None else seed
        variant = variant or DEFAULTS["variant"]
        rotate_seats, check = bool(rotate_seats), bool(check)
        payload, facts = adapter.prepare(players, _strategy_list(strategies or DEFAULTS["strategies"], players),
                                         variant, config, overrides)
    _check_int("--games", games, 1)
    _check_int("--seed", seed, 0, 2 ** 63 - 1)

    spec = {"game": adapter.NAME, "variant": variant, "players": players, "seed": seed,
            "strategies": facts["strategies"], "strategy_weights": facts["strategy_weights"],
            "rotate_seats": bool(rotate_seats), "config_hash": facts["config_hash"]}
    run_id = f"{adapter.NAME}-{players}p-s{seed}-{_hash(spec, 8)}"
    out = Path(out) if out is not None else default_out(adapter.NAME, players, seed, facts["strategies"],
                                                        rotate_seats, variant)

    replace = False
    if recorded is None:
        if out.exists() and not out.is_dir():
            raise UserError(f"--out {out} is a file, not a folder")
        if out.is_dir() and any(out.iterdir()):
            if not (out / MANIFEST).exists():
                raise UserError(f"--out {out} exists and is not a windtunnel run (no {MANIFEST}); "
                                "choose another folder")
            try:
                _check_not_running(out, read_manifest(out))
            except UserError as e:
                if "still being played" in str(e):
                    raise UserError(str(e).replace("--resume: ", "")) from None
            if not force:
                try:
                    m = read_manifest(out)
                    what = f"a run of {m.get('games_done', 0):,} of {m.get('games', 0):,} games, {m.get('status')}"
                except UserError:
                    what = "a run"
                raise UserError(f"{out} already exists ({what}); use --resume to continue it, --force to "
                                "replace it, or another --out")
            replace = True

    manifest = recorded or {
        "format": FORMAT, "run_id": run_id, "status": "new", "game": adapter.NAME, "variant": variant,
        "players": players, "games": games, "seed": seed, "strategies": facts["strategies"],
        "rotate_seats": bool(rotate_seats), "check": bool(check), "batch_size": None,
        "tables": {t: f"{t}/" for t in adapter.TABLES}, "games_done": 0,
        "config_path": facts["config_path"], "overrides": dict(overrides or {}),
        "config_hash": facts["config_hash"], "config": facts["config"],
        "strategy_weights": facts["strategy_weights"], "versions": versions(),
        "created": _now(), "updated": _now(), "sessions": [], "shards": []}
    return {"adapter": adapter, "payload": payload, "manifest": manifest, "out": out, "resume": recorded is not None,
            "replace": replace, "batch_size": batch_size, "run_id": manifest["run_id"],
            "key": _hash([manifest["run_id"], manifest["config_hash"], bool(check)], 16)}


def _check_not_running(out, m):
    """Refuse to resume a run that another live process on this machine is still playing."""
    last = (m.get("sessions") or [{}])[-1]
    if m.get("status") != "running" or last.get("host") != socket.gethostname():
        return
    pid = last.get("pid")
    if not isinstance(pid, int) or pid == os.getpid():
        return
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return                      # it died: resume is exactly what is needed
    except PermissionError:
        pass
    raise UserError(f"--resume: the run in {out} is still being played by process {pid}; "
                    "stop it first (Ctrl-C keeps what is done)")


# ---------------------------------------------------------------- backends
class _Backend:
    """joblib's backend for the run, set up (and connected) before anything is written."""

    def __init__(self, name, jobs, scheduler):
        self.name, self.jobs, self.scheduler = name, jobs, scheduler
        self.client = self.cluster = None
        self.kwargs = {}

    def __enter__(self):
        if self.name not in BACKENDS:
            raise UserError(f"unknown backend {self.name!r} (known: {', '.join(BACKENDS)})")
        if self.scheduler and self.name == "loky":
            raise UserError("--scheduler needs --backend dask or --backend ray")
        _check_int("--jobs", self.jobs, -2 ** 31)
        if self.jobs == 0:
            raise UserError("--jobs must not be 0 (use -1 for every core, or a positive number)")
        if self.name == "dask":
            try:
                from distributed import Client, LocalCluster
            except ImportError:
                raise UserError("--backend dask needs dask's distributed scheduler: "
                                "pip install 'windtunnel[dask]'") from None
            try:
                if self.scheduler:
                    self.client = Client(self.scheduler, timeout="10s")
                else:
                    n = self.jobs if self.jobs > 0 else os.cpu_count()
                    self.cluster = LocalCluster(n_workers=n, threads_per_worker=1, dashboard_address=None)
                    self.client = Client(self.cluster)
            except (OSError, TimeoutError, ValueError) as e:
                self.close()
                raise UserError(f"cannot reach the Dask scheduler at {self.scheduler} ({type(e).__name__}: "
                                f"{e})") from None
        elif self.name == "ray":
            try:
                import ray
                from ray.util.joblib import register_ray
            except ImportError:
                raise UserError("--backend ray needs ray: pip install 'windtunnel[ray]'") from None
            register_ray()
            try:
                if not ray.is_initialized():
                    ray.init(address=self.scheduler or None, log_to_driver=False)
            except Exception as e:             # noqa: BLE001 - ray raises many kinds; one line either way
                raise UserError(f"cannot start or reach Ray at {self.scheduler or 'a local instance'} "
                                f"({type(e).__name__}: {e})") from None
        return self

    def config(self):
        import joblib

        return joblib.parallel_config(backend=self.name, n_jobs=self.jobs)

    def workers(self):
        import joblib

        with self.config():
            return joblib.effective_n_jobs(self.jobs)

    def results(self, tasks, workers):
        """Receipts of play_shard(task) in the order the batches finish."""
        import joblib
        from joblib.parallel import get_active_backend

        with self.config():
            backend, _ = get_active_backend()
            if getattr(backend, "supports_return_generator", False):
                parallel = joblib.Parallel(return_as="generator_unordered", batch_size=1, pre_dispatch="2*n_jobs")
                yield from parallel(joblib.delayed(play_shard)(t) for t in tasks)
                return
            # a backend without generators (Ray's): waves of a few batches per worker
            wave = []
            for t in tasks:
                wave.append(t)
                if len(wave) == 2 * workers:
                    yield from joblib.Parallel(batch_size=1)(joblib.delayed(play_shard)(w) for w in wave)
                    wave = []
            if wave:
                yield from joblib.Parallel(batch_size=1)(joblib.delayed(play_shard)(w) for w in wave)

    def close(self):
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        self.client = self.cluster = None

    def __exit__(self, *exc):
        self.close()


# ---------------------------------------------------------------- progress
class Progress:
    """A progress bar on a terminal; plain periodic lines otherwise (or nothing)."""

    def __init__(self, total, done, mode=None, interval=10.0, stream=None):
        self.stream = stream or sys.stderr
        if mode is None:
            mode = "bar" if getattr(self.stream, "isatty", lambda: False)() else "lines"
        self.mode, self.total, self.done, self.start_done = mode, total, done, done
        self.t0 = self.last = time.perf_counter()
        self.interval = interval
        self.bar = None
        if mode == "bar":
            from rich.console import Console
            from rich.progress import BarColumn, Progress as RichProgress, TextColumn, TimeElapsedColumn

            self.bar = RichProgress(TextColumn("simulate"), BarColumn(),
                                    TextColumn("{task.completed:,.0f}/{task.total:,.0f} games"),
                                    TextColumn("{task.fields[rate]}"), TextColumn("ETA {task.fields[eta]}"),
                                    TimeElapsedColumn(), console=Console(file=self.stream), transient=False)
            self.bar.start()
            self.task = self.bar.add_task("simulate", total=total, completed=done, rate="", eta="?")

    def rate(self):
        dt = time.perf_counter() - self.t0
        return (self.done - self.start_done) / dt if dt > 0 else 0.0

    def eta(self):
        r = self.rate()
        return _duration((self.total - self.done) / r) if r > 0 else "?"

    def advance(self, n):
        self.done += n
        if self.mode == "bar":
            self.bar.update(self.task, completed=self.done, rate=f"{self.rate():,.0f} games/s", eta=self.eta())
        elif self.mode == "lines":
            now = time.perf_counter()
            if now - self.last >= self.interval and self.done < self.total:
                self.last = now
                print(f"simulate: {self.done:,}/{self.total:,} games ({100 * self.done / self.total:.0f}%), "
                      f"{self.rate():,.0f} games/s, ETA {self.eta()}", file=self.stream, flush=True)

    def close(self):
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


def _duration(s):
    s = int(round(s))
    return f"{s // 3600}h{s % 3600 // 60:02d}m" if s >= 3600 else (f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s")


# ---------------------------------------------------------------- the run
def _missing_ranges(games, shards):
    """[first, end) ranges of [0, games) that no done shard covers."""
    covered = sorted((s["first"], s["first"] + s["games"]) for s in shards)
    out, at = [], 0
    for a, b in covered:
        if a > at:
            out.append((at, a))
        at = max(at, b)
    if at < games:
        out.append((at, games))
    return out


def _shard_ok(out, shard):
    import pyarrow.parquet as pq

    for name, rel in shard["files"].items():
        try:
            if pq.read_metadata(out / rel).num_rows != shard["rows"][name]:
                return False
        except (OSError, KeyError, ValueError, Exception):       # noqa: BLE001 - a damaged file of any kind
            return False
    return True


def _prepare_folder(plan):
    """Create (or clean, on resume) the output folder. The first thing that writes."""
    out, m = plan["out"], plan["manifest"]
    tables = plan["adapter"].TABLES
    if plan["replace"]:
        shutil.rmtree(out)
    if plan["resume"]:
        good = [s for s in m["shards"] if _shard_ok(out, s)]
        m["shards"] = good
        keep = {s["files"][t] for s in good for t in tables}
        for t in tables:
            d = out / t
            d.mkdir(parents=True, exist_ok=True)
            for f in d.iterdir():
                if f"{t}/{f.name}" not in keep:
                    f.unlink()                 # a batch that was being written when the run stopped
    else:
        for t in tables:
            (out / t).mkdir(parents=True, exist_ok=True)
    for f in out.glob(f".{MANIFEST}.*.tmp"):
        f.unlink()
    m["games_done"] = sum(s["games"] for s in m["shards"])


def _save(plan):
    m = plan["manifest"]
    m["updated"] = _now()
    write_json_atomic(plan["out"] / MANIFEST, manifest_text(m))


def run(game="aeolos", players=None, games=None, seed=None, strategies=None, *, rotate_seats=None, variant=None,
        config=None, overrides=None, out=None, jobs=-1, batch_size=None, backend="loky", scheduler=None,
        resume=False, force=False, check=None, progress=None, command=None):
    """Play a run of `games` games and stream them to Parquet under `out`; return the Run.

    `players`, `strategies` ("greedy,random,greedy" or a list; one name for every seat),
    `seed` (the run seed), `rotate_seats` (strategy i sits at seat (i + game) % players),
    `config` (a TOML replacing the game's base config) and `overrides` ({"favor.hera.vp": 6})
    define the games. `jobs` workers (-1: every core) on joblib's `backend` ("loky",
    "dask" with `scheduler` an address, or "ray") play batches of `batch_size` games.
    `resume=True` plays the games an interrupted run is missing (settings left as None
    are taken from its manifest); `force=True` replaces an existing run at `out`.
    `progress`: None (a bar on a terminal, periodic lines otherwise), "bar", "lines" or False.

    Bad input raises UserError before anything is written. Ctrl-C raises RunInterrupted,
    a dead worker RunFailed; both keep every completed shard for `resume`."""
    t_start = time.perf_counter()
    plan = plan_run(game, players, games, seed, strategies, rotate_seats=rotate_seats, variant=variant,
                    config=config, overrides=overrides, out=out, batch_size=batch_size, resume=resume,
                    force=force, check=check)
    m, out = plan["manifest"], plan["out"]
    with _Backend(backend, jobs, scheduler) as be:
        workers = be.workers()
        # warm the kernel here: workers then load numba's cache instead of each compiling
        worker = plan["adapter"].Worker(plan["payload"])
        worker.warm()
        _WORKERS.clear()
        _WORKERS[plan["key"]] = worker

        _prepare_folder(plan)                      # ---- from here on, things are written
        out_abs = out.resolve()
        size = plan["batch_size"] or default_batch_size(m["games"], workers)
        m["batch_size"] = m["batch_size"] or size
        session = {"started": _now(), "command": command, "backend": backend, "scheduler": scheduler,
                   "workers": workers, "batch_size": size, "host": socket.gethostname(), "pid": os.getpid(),
                   "games_played": 0, "status": "running", "code": _code_hash()}
        first_code = m["versions"].setdefault("code", session["code"])
        if first_code != session["code"] and _missing_ranges(m["games"], m["shards"]):
            session["note"] = (f"the windtunnel source changed since this run started (code {first_code} -> "
                               f"{session['code']}): the games played now come from the new code")
        m["sessions"].append(session)
        m["status"] = "running"
        _save(plan)

        missing = _missing_ranges(m["games"], m["shards"])
        tasks = ({"game": m["game"], "key": plan["key"], "payload": plan["payload"], "run_id": m["run_id"],
                  "seed": m["seed"], "rotate": m["rotate_seats"], "check": m["check"], "out": str(out_abs),
                  "first": first, "n": min(size, end - first), "name": f"part-{first:012d}"}
                 for a, end in missing for first in range(a, end, size))
        bar = Progress(m["games"], m["games_done"], mode=progress) if progress is not False and missing else None
        t_play = time.perf_counter()
        try:
            for receipt in be.results(tasks, workers):
                m["shards"].append(receipt)
                m["games_done"] += receipt["games"]
                session["games_played"] += receipt["games"]
                _save(plan)
                if bar:
                    bar.advance(receipt["games"])
        except KeyboardInterrupt:
            _end_session(plan, session, t_play, "interrupted")
            raise RunInterrupted(f"interrupted: {m['games_done']:,} of {m['games']:,} games kept in "
                                 f"{len(m['shards'])} shards under {out}; continue with --resume") from None
        except Exception as e:             # noqa: BLE001 - a dead worker or a failed batch
            _end_session(plan, session, t_play, "failed", f"{type(e).__name__}: {e}")
            raise RunFailed(f"the run failed ({type(e).__name__}: {' '.join(str(e).split())[:300]}); "
                            f"{m['games_done']:,} of {m['games']:,} games kept in {len(m['shards'])} shards "
                            f"under {out}; continue with --resume") from e
        finally:
            if bar:
                bar.close()
        m["shards"].sort(key=lambda s: s["first"])
        _end_session(plan, session, t_play, "complete" if m["games_done"] == m["games"] else "incomplete")
    result = Run(out, m)
    result.session = dict(session, wall_seconds=round(time.perf_counter() - t_start, 3))
    return result


def _code_hash():
    """A hash of the simulation source (what numba's cache is keyed on), for the manifest."""
    try:
        from .jit import source_hash
        return source_hash()
    except Exception:                     # noqa: BLE001 - informative only
        return None


def _end_session(plan, session, t_play, status, message=None):
    m = plan["manifest"]
    session.update(status=status, ended=_now(), seconds=round(time.perf_counter() - t_play, 3))
    if message:
        session["message"] = message
    m["status"] = status
    m["shards"].sort(key=lambda s: s["first"])
    _save(plan)


# ---------------------------------------------------------------- reading a run
class Run:
    """A run folder: its manifest, its tables as polars LazyFrames, its summary."""

    def __init__(self, path, manifest=None):
        self.path = Path(path)
        self.manifest = manifest if manifest is not None else read_manifest(self.path)
        self.session = None

    @property
    def status(self):
        return self.manifest["status"]

    @property
    def complete(self):
        return self.manifest["games_done"] == self.manifest["games"]

    def files(self, table):
        """The Parquet files of one table, in game order (only shards recorded as done)."""
        return [self.path / s["files"][table] for s in sorted(self.manifest["shards"], key=lambda s: s["first"])]

    def table(self, name):
        """One table as a polars LazyFrame (nothing is read until you collect)."""
        import polars as pl

        if name not in self.manifest["tables"]:
            raise UserError(f"no table {name!r} (tables: {', '.join(self.manifest['tables'])})")
        files = [str(f) for f in self.files(name)]
        if not files:
            schema = get_adapter(self.manifest["game"]).schemas()[name]
            return pl.from_arrow(schema.empty_table()).lazy()
        return pl.scan_parquet(files)

    @property
    def games(self):
        return self.table("games")

    @property
    def seats(self):
        return self.table("seats")

    @property
    def cards(self):
        return self.table("cards")

    def summary(self, confidence=0.95):
        return summarize(self.manifest, confidence)

    def summary_text(self, confidence=0.95):
        return summary_text(self, confidence)

    def __repr__(self):
        m = self.manifest
        return (f"Run({str(self.path)!r}, {m['game']}, {m['players']}p, {m['games_done']:,}/{m['games']:,} games, "
                f"{m['status']})")


def open_run(path):
    """An existing run folder (complete or not) as a Run."""
    return Run(path)


def summarize(manifest, confidence=0.95):
    """Win rates per strategy and per seat (with Wilson intervals and n), mean score per
    seat, ties: from the per-shard counters in the manifest, without reading any rows."""
    import numpy as np

    from analysis.stats import wilson_interval

    m = manifest
    n_players, names = m["players"], m["strategies"]
    wins = np.zeros((len(names), n_players), np.int64)
    seat_games = np.zeros_like(wins)
    score = np.zeros(n_players, np.int64)
    score_sq = np.zeros(n_players, np.int64)
    games = ties = errors = 0
    for s in m["shards"]:
        c = s["counters"]
        wins += np.asarray(c["wins"], np.int64)
        seat_games += np.asarray(c["seat_games"], np.int64)
        score += np.asarray(c["score_sum"], np.int64)
        score_sq += np.asarray(c["score_sq_sum"], np.int64)
        games += c["games"]
        ties += c["ties"]
        errors += c.get("check_errors", 0)

    def row(k, n):
        lo, hi = wilson_interval(k, n, confidence)
        return {"wins": int(k), "n": int(n), "win_rate": k / n if n else float("nan"), "lo": lo, "hi": hi}

    by_strategy = []
    for name in dict.fromkeys(names):
        slots = [i for i, s in enumerate(names) if s == name]
        by_strategy.append({"strategy": name, **row(wins[slots].sum(), seat_games[slots].sum())})
    by_seat = []
    for p in range(n_players):
        mean = score[p] / games if games else float("nan")
        var = score_sq[p] / games - mean * mean if games else float("nan")
        by_seat.append({"seat": p, **row(wins[:, p].sum(), seat_games[:, p].sum()), "mean_score": mean,
                        "score_sd": float(np.sqrt(max(var, 0.0))) if games else float("nan")})
    return {"games": games, "ties": ties, "check_errors": errors, "confidence": confidence,
            "by_strategy": by_strategy, "by_seat": by_seat,
            "by_strategy_and_seat": {"strategies": names, "wins": wins.tolist(), "n": seat_games.tolist()}}


def summary_text(run, confidence=0.95):
    m = run.manifest
    s = summarize(m, confidence)
    title = get_adapter(m["game"]).TITLE
    pct = f"{confidence:.0%}"
    lines = [f"{title}, {m['players']} players, {m['games']:,} games, seed {m['seed']}, strategies "
             f"{', '.join(m['strategies'])}{' (rotated over seats)' if m['rotate_seats'] else ''}, "
             f"variant {m['variant']}, config {m['config_hash']}"]
    sess = run.session
    if sess and sess.get("games_played"):
        secs = sess.get("seconds") or 0
        lines.append(f"Played {sess['games_played']:,} games in {secs:.1f} s: {sess['games_played'] / max(secs, 1e-9):,.0f} "
                     f"games/s on {sess['workers']} {sess['backend']} worker{'s' if sess['workers'] != 1 else ''} "
                     f"(batches of {sess['batch_size']:,}; {sess['wall_seconds']:.1f} s in all)")
    if sess and sess.get("note"):
        lines.append(f"Note: {sess['note']}.")
    if sess and not sess.get("games_played") and m["games_done"] == m["games"]:
        lines.append("The run was already complete: nothing to play.")
    if m["rotate_seats"] and m["games"] % m["players"]:
        lines.append(f"Seats rotate every game: {m['games']:,} games is not a multiple of {m['players']}, so "
                     "each strategy's games per seat differ by at most 1.")
    if m["games_done"] < m["games"]:
        lines.append(f"INCOMPLETE: {m['games_done']:,} of {m['games']:,} games (status {m['status']}); "
                     "continue with --resume")
    w = max([len(r["strategy"]) for r in s["by_strategy"]] + [6])
    lines.append(f"Win rate by strategy ({pct} Wilson interval; a tie counts as a win for each tied seat):")
    for r in s["by_strategy"]:
        lines.append(f"  {r['strategy']:<{w}}  {_pc(r['win_rate'])}  [{_pc(r['lo'], 0)}, {_pc(r['hi'], 0)}]"
                     f"  n = {r['n']:,} seat-games")
    lines.append("Win rate and mean score by seat (seat 0 starts):")
    for r in s["by_seat"]:
        lines.append(f"  {'seat ' + str(r['seat']):<{w}}  {_pc(r['win_rate'])}  [{_pc(r['lo'], 0)}, {_pc(r['hi'], 0)}]"
                     f"  n = {r['n']:,}   mean score {r['mean_score']:.2f} (sd {r['score_sd']:.1f})")
    if s["games"]:
        lines.append(f"Ties: {s['ties']:,} games ({s['ties'] / s['games']:.2%})."
                     + (f" Check-mode violations: {s['check_errors']:,}." if m["check"] else ""))
    lines.append(f"Data: {run.path}/ ({', '.join(t + '/' for t in m['tables'])} {len(m['shards'])} "
                 f"Parquet shards each; {MANIFEST})")
    lines.append(f"  polars: pl.scan_parquet(\"{run.path}/seats/*.parquet\")   Python: simulate.open_run(\"{run.path}\")")
    return "\n".join(lines)


def _pc(x, width=5):
    return "n/a".rjust(width + 1) if x != x else f"{100 * x:{width}.1f}%"
