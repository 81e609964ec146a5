"""A run folder's files: atomic writes (temporary name, fsync, rename) with their sha256,
the manifest (read and checked key by key), the shards' verification, and which files of
a folder are a run's own (the only ones windtunnel ever deletes).

Nothing here knows about games; the runner decides what to write."""
import datetime as _dt
import hashlib
import json
import os
import re
import shutil
import socket
from pathlib import Path

from .config_files import config_hash
from .errors import UserError

MANIFEST = "manifest.json"
COMPRESSION = "zstd"
FORMAT = "windtunnel-run/2"
MAX_GAMES = 10 ** 12               # a shard's name carries its first game in 12 digits
STAGING = ".windtunnel-new"       # a --force replacement is played here, then swapped in
SHARD = re.compile(r"part-\d{12}\.parquet")                          # a shard file's name
TEMP = re.compile(r"\.(?:part-\d{12}\.parquet|manifest\.json|compare\.json)\..+\.tmp")   # our half-written files
REPORT = ("report.html", "report.md", "report_files")               # the default report of a folder
STATUSES = ("new", "running", "complete", "incomplete", "interrupted", "failed")


def _now():
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def _plain(o):
    """JSON for numpy scalars (kernel constants and counters are numpy ints)."""
    if hasattr(o, "item"):
        return o.item()
    raise TypeError(f"Object of type {type(o).__name__} is not JSON serializable")


def _hash(obj, n=12):
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()[:n]


# ---------------------------------------------------------------- writing
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


def write_atomic(path, data):
    """Write the bytes `data` to `path` so that readers see the old file or the new one, never
    half (a failure, a full disk, leaves no temporary behind); returns their sha256."""
    path = Path(path)
    tmp = _tmp_name(path)
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)
    return hashlib.sha256(data).hexdigest()


def write_json_atomic(path, text):
    return write_atomic(path, text.encode())


def write_parquet_atomic(table, path):
    """A table as one Parquet file (zstd), atomically; returns the file's sha256."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    buf = pa.BufferOutputStream()
    pq.write_table(table, buf, compression=COMPRESSION)
    return write_atomic(path, memoryview(buf.getvalue()))


def sha256_file(path, chunk=1 << 20):
    """The sha256 of a file, read in 1 MiB blocks (memory stays flat whatever its size)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(chunk):
            h.update(block)
    return h.hexdigest()


# ---------------------------------------------------------------- the manifest
def manifest_text(m):
    """The manifest as JSON with one line per shard (readable, diff-able, grep-able)."""
    head = {k: v for k, v in m.items() if k != "shards"}
    body = json.dumps(head, indent=2, sort_keys=False, default=_plain)
    shards = ",\n".join("    " + json.dumps(s, separators=(",", ":"), default=_plain) for s in m.get("shards", []))
    return body[:-2] + ',\n  "shards": [\n' + shards + ("\n  ]\n}\n" if shards else "]\n}\n")


NUMBER, TEXT, FLAG, LIST, OBJECT, NULL = int, str, bool, list, dict, type(None)
_SAY = {int: "a whole number", str: "a string", bool: "true or false", list: "a list", dict: "an object",
        type(None): "null"}
RUN_KEYS = {"run_id": TEXT, "status": TEXT, "game": TEXT, "variant": TEXT, "players": NUMBER, "games": NUMBER,
            "seed": NUMBER, "strategies": LIST, "rotate_seats": FLAG, "check": FLAG, "batch_size": (NUMBER, NULL),
            "tables": OBJECT, "games_done": NUMBER, "config_path": (TEXT, NULL), "overrides": OBJECT,
            "config_hash": TEXT, "config": OBJECT, "strategy_weights": OBJECT, "versions": OBJECT,
            "sessions": LIST, "shards": LIST}
SHARD_KEYS = {"name": TEXT, "first": NUMBER, "games": NUMBER, "files": OBJECT, "rows": OBJECT, "sha256": OBJECT,
              "game_ids": LIST}


# the settings that make a run's games: hashed into its run id, so an edited one is found
RUN_ID_KEYS = ("game", "variant", "players", "seed", "strategies", "strategy_weights", "rotate_seats", "config_hash")


def run_id_of(settings):
    """The run id of a run's settings (RUN_ID_KEYS, and its game options and what-if cell if any:
    a comparison's what-if cell whose values are the base's own is still a run apart)."""
    spec = {k: settings[k] for k in RUN_ID_KEYS}
    for optional in ("game_options", "whatif"):     # (a run without one keeps the run id it always had)
        if settings.get(optional):
            spec[optional] = settings[optional]
    return f"{settings['game']}-{settings['players']}p-s{settings['seed']}-{_hash(spec, 8)}"


def check_keys(where, obj, keys):
    """Each key of `keys` ({key: type or types}) is in the dict `obj` with such a value, or one
    UserError naming it."""
    if not isinstance(obj, dict):
        raise UserError(f"{where}: must be an object, not {json.dumps(obj)[:60]}")
    for key, types in keys.items():
        types = types if isinstance(types, tuple) else (types,)
        if key not in obj:
            raise UserError(f"{where}: key {key!r} is missing")
        v = obj[key]
        if not any(isinstance(v, t) and not (t is int and isinstance(v, bool)) for t in types):
            raise UserError(f"{where}: key {key!r} must be {' or '.join(_SAY[t] for t in types)}, "
                            f"not {json.dumps(v, default=str)[:60]}")
    return obj


def _check_manifest(path, m):
    """The manifest's keys and shard lines are what the runner wrote (types, names, paths inside
    the folder), so nothing read from it can send a reader or a deletion astray."""
    check_keys(path, m, RUN_KEYS)
    if m["status"] not in STATUSES:
        raise UserError(f"{path}: key 'status' must be one of {', '.join(STATUSES)}, not {m['status']!r}")
    if not 1 <= m["games"] <= MAX_GAMES:
        raise UserError(f"{path}: key 'games' must be from 1 to {MAX_GAMES}, not {m['games']}")
    for t, rel in m["tables"].items():
        if not re.fullmatch(r"[a-z][a-z0-9_]*", t) or rel != f"{t}/":
            raise UserError(f"{path}: key 'tables': {t!r}: {rel!r} is not a table folder of the run")
    for name in m["strategies"]:
        check_keys(f"{path}: key 'strategy_weights'", m["strategy_weights"], {str(name): OBJECT})
        check_keys(f"{path}: strategy_weights.{name}", m["strategy_weights"][name], {"policy": NUMBER,
                                                                                     "weights": LIST})
    tables = set(m["tables"])
    for i, s in enumerate(m["shards"]):
        where = f"{path}: shards[{i}]"
        check_keys(where, s, SHARD_KEYS)
        first, n = s["first"], s["games"]
        if not (0 <= first and 1 <= n and first + n <= m["games"]):
            raise UserError(f"{where}: games {first}..{first + n - 1} are not games of the run (0..{m['games'] - 1})")
        if s["name"] != f"part-{first:012d}":
            raise UserError(f"{where}: key 'name' must be part-{first:012d}, not {s['name']!r}")
        for key in ("files", "rows", "sha256"):
            if set(s[key]) != tables:
                raise UserError(f"{where}: key {key!r} must name the tables {', '.join(sorted(tables))}")
        for t in tables:
            if s["files"][t] != f"{t}/{s['name']}.parquet":
                raise UserError(f"{where}: files.{t} must be {t}/{s['name']}.parquet, not {s['files'][t]!r}")
            if not (isinstance(s["rows"][t], int) and s["rows"][t] >= 0):
                raise UserError(f"{where}: rows.{t} must be a whole number")
            if not re.fullmatch(r"[0-9a-f]{64}", str(s["sha256"][t])):
                raise UserError(f"{where}: sha256.{t} must be 64 hexadecimal digits")
        if s["game_ids"] != [first, first + n - 1]:
            raise UserError(f"{where}: key 'game_ids' must be [{first}, {first + n - 1}] (its games)")
    _check_settings(path, m)
    return m


def _check_settings(path, m):
    """The settings are the ones the run was started with: its run id hashes them, its config hash
    its config (a seed edited in, say, would resume with other games and report them verified)."""
    # a policy code hashed as a numpy int (the run's strategies) is hashed by its text (_hash's default)
    as_text = {**m, "strategy_weights": {k: {**w, "policy": str(w["policy"])}
                                         for k, w in m["strategy_weights"].items()}}
    if config_hash(m["config"]) != m["config_hash"]:
        edited = f"its config is not the one its config hash {m['config_hash']} names"
    elif m["run_id"] not in (run_id_of(m), run_id_of(as_text)):
        edited = f"its settings are not the ones run {m['run_id']} was started with"
    else:
        return
    raise UserError(f"{path}: {edited} (the manifest was edited); nothing was read or played from it: restore "
                    "it, or start a new run")


def read_manifest(out):
    """The run manifest of folder `out`, checked key by key; one UserError naming the problem."""
    m = read_json_file(out, MANIFEST, FORMAT, "run", "run manifest")
    return _check_manifest(Path(out) / MANIFEST, m)


def read_json_file(out, name, fmt, what, title):
    """The JSON file `name` of folder `out` (a run's manifest, a comparison's spec), with
    one clear error if it is missing, unreadable or not of format `fmt`."""
    path = Path(out) / name
    try:
        m = json.loads(path.read_text())
    except FileNotFoundError:
        raise UserError(f"no {what} at {out} (no {name})") from None
    except (OSError, ValueError) as e:
        raise UserError(f"{path}: unreadable {title} ({e})") from None
    got = m.get("format") if isinstance(m, dict) else None
    if got == "windtunnel-run/1" and fmt == FORMAT:
        raise UserError(f"{path}: a run of an older windtunnel (windtunnel-run/1: no content hashes to verify its "
                        "shards); its Parquet files read as they are; to report or resume it, play it again")
    if got != fmt:
        raise UserError(f"{path}: not a windtunnel {title} (format {got!r})")
    return m


def run_tables(folder):
    """The tables of the valid run in `folder`; [] when there is none (then none of its files
    is known to be ours)."""
    try:
        return list(read_manifest(folder)["tables"])
    except UserError:
        return []


# ---------------------------------------------------------------- verification
def shard_problems(folder, m):
    """{shard name: what is wrong} for each recorded shard whose files are missing or are not
    the bytes written (sha256: a flipped bit, a truncated or swapped file), or whose games an
    earlier shard already holds. Reads every file once, in blocks."""
    folder, problems, end, at = Path(folder), {}, 0, None
    for s in sorted(m["shards"], key=lambda s: s["first"]):
        if s["first"] < end:
            problems[s["name"]] = f"shard {s['name']} repeats games already in shard {at}"
            continue
        end, at = s["first"] + s["games"], s["name"]
        for t, rel in s["files"].items():
            try:
                if sha256_file(folder / rel) != s["sha256"][t]:
                    problems[s["name"]] = f"{rel} is not the file the run wrote (its sha256 differs)"
                    break
            except FileNotFoundError:
                problems[s["name"]] = f"{rel} is missing"
                break
            except OSError as e:
                problems[s["name"]] = f"{rel} cannot be read ({e.strerror})"
                break
    return problems


def missing_ranges(games, shards):
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


def games_text(ranges):
    """[(first, games)] -> '0-999, 2,000-2,999' (adjacent ranges merged)."""
    merged = []
    for a, n in sorted(ranges):
        if merged and merged[-1][1] == a:
            merged[-1][1] = a + n
        else:
            merged.append([a, a + n])
    return ", ".join(f"{a:,}-{b - 1:,}" if b - a > 1 else f"{a:,}" for a, b in merged) or "none"


# ---------------------------------------------------------------- what is ours
def stray_files(table_folder, keep=()):
    """The files of a table folder the run wrote that `keep` does not name: shard files
    (part-<12 digits>.parquet) and our temporaries. Anything else is not ours."""
    d = Path(table_folder)
    if not d.is_dir() or d.is_symlink():
        return []
    return [f for f in d.iterdir() if (SHARD.fullmatch(f.name) or TEMP.fullmatch(f.name)) and f.name not in keep
            and f.is_file()]


def set_aside(folder, files):
    """Move `files` (below `folder`: a run's table folders) into ``folder/unknown-<UTC time>/``,
    each under its own relative path, and return that folder: what windtunnel did not write (or
    not as it wrote it) is never deleted, only moved out of the run's way."""
    folder = Path(folder)
    stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    aside, n = folder / f"unknown-{stamp}", 2
    while aside.exists():
        aside, n = folder / f"unknown-{stamp}-{n}", n + 1
    for f in files:
        target = aside / Path(f).relative_to(folder)
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(f, target)
    _fsync_dir(folder)
    return aside


def remove_run(folder, tables):
    """Delete a run's own files in `folder` and nothing else: the manifest, the shard files
    and temporaries in its table folders, the default report (report.html, .md and the PNGs
    and CSVs of report_files/); folders left empty go too. A user's other files stay."""
    folder = Path(folder)
    for t in tables:
        for f in stray_files(folder / t):
            f.unlink()
        _rmdir(folder / t)
    (folder / MANIFEST).unlink(missing_ok=True)
    for f in folder.glob(".manifest.json.*.tmp"):
        f.unlink()
    remove_report(folder)


def remove_report(folder):
    html, md, figures = (Path(folder) / n for n in REPORT)
    html.unlink(missing_ok=True)
    md.unlink(missing_ok=True)
    if figures.is_dir() and not figures.is_symlink():
        for f in [*figures.glob("*.png"), *figures.glob("*.csv")]:      # figures, a section's full table
            f.unlink()
        _rmdir(figures)


def _rmdir(d):
    try:
        d.rmdir()
    except OSError:                      # not empty (a user's file), or not there
        pass


def remove_staging(out):
    """Drop OUT/.windtunnel-new, a replacement's hidden folder: windtunnel made it and
    everything in it."""
    staged = Path(out) / STAGING
    if staged.is_dir() and not staged.is_symlink():
        shutil.rmtree(staged)


def swap_in(staged, out, old_tables):
    """Make the complete run in `staged` the run in `out`. Its shard files replace the old
    ones of the same names (renames: a reader sees one file or the other), the old run's
    other shards and its report go, and its manifest comes last: until then `out`'s manifest
    is the old one and `staged` still holds the new one, so a stop part-way is finished by
    --resume, which calls this again."""
    staged, out = Path(staged), Path(out)
    m = read_manifest(staged)
    keep = {t: set() for t in (*old_tables, *m["tables"])}
    for s in m["shards"]:
        for t, rel in s["files"].items():
            (out / t).mkdir(exist_ok=True)
            if (staged / rel).exists():
                os.replace(staged / rel, out / rel)
            keep[t].add(Path(rel).name)
    for t, names in keep.items():
        for f in stray_files(out / t, names):
            f.unlink()
        if t not in m["tables"]:
            _rmdir(out / t)
    remove_report(out)
    os.replace(staged / MANIFEST, out / MANIFEST)
    _fsync_dir(out)
    return m
