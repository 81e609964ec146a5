"""A run folder's files: atomic writes (temporary name, rename, fsync) and the manifest.

Nothing here knows about games; the runner decides what to write."""
import datetime as _dt
import hashlib
import json
import os
import socket
from pathlib import Path

from .errors import UserError

MANIFEST = "manifest.json"
COMPRESSION = "zstd"
FORMAT = "windtunnel-run/1"

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



def manifest_text(m):
    """The manifest as JSON with one line per shard (readable, diff-able, grep-able)."""
    head = {k: v for k, v in m.items() if k != "shards"}
    body = json.dumps(head, indent=2, sort_keys=False, default=_plain)
    shards = ",\n".join("    " + json.dumps(s, separators=(",", ":"), default=_plain) for s in m.get("shards", []))
    return body[:-2] + ',\n  "shards": [\n' + shards + ("\n  ]\n}\n" if shards else "]\n}\n")


def read_manifest(out):
    return read_json_file(out, MANIFEST, FORMAT, "run", "run manifest")


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
    if not isinstance(m, dict) or m.get("format") != fmt:
        raise UserError(f"{path}: not a windtunnel {title} (format {m.get('format') if isinstance(m, dict) else '?'!r})")
    return m
