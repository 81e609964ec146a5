"""A run's causal values on disk: ``RUN/causal/`` (``simulate.running.causal`` writes it).

    RUN/causal/
      causal.json          the run it measures (run id, config hash, code, games), the items
                           (their what-ifs), the shards with each file's sha256 and rows, status
      part-000001.parquet  rows of one write: item key, game_id, and the treated seat's won,
      part-000002.parquet  score and turns in the item's what-if of that game

A row is the outcome of one game of the run played again with one item's what-if, so rows stay
valid whatever the threshold or budget of the report that reads them: a later report reuses them
and plays only what it needs more. Before any number is read, every shard's hash and rows are
checked, and so is the run: rows of another run (replaced since, or another code) are not its.
"""
import json
from dataclasses import dataclass, field
from pathlib import Path

from .errors import UserError
from .run_files import _now, sha256_file, write_json_atomic, write_parquet_atomic

FOLDER, STATE, FORMAT = "causal", "causal.json", "windtunnel-causal/1"
COLUMNS = ("item", "game_id", "won", "score", "turns")


def identity(manifest):
    """What the rows of a run's causal values depend on: its games (run id, config, code, count)."""
    return {"run_id": manifest["run_id"], "config_hash": manifest["config_hash"],
            "code": (manifest.get("versions") or {}).get("code"), "games": manifest["games"]}


@dataclass
class CausalFolder:
    """The causal values of the run at `run`: its state (``STATE``) and rows."""
    run: Path
    state: dict = field(default_factory=dict)

    @property
    def path(self):
        return Path(self.run) / FOLDER

    @classmethod
    def open(cls, run, manifest):
        """The run's causal folder as it is on disk, if it measures this run (else an empty one:
        ``stale`` says why). A folder holding files windtunnel did not write is one UserError."""
        folder = cls(Path(run))
        f = folder.path / STATE
        if not f.is_file():
            others = [p.name for p in folder.path.iterdir()] if folder.path.is_dir() else []
            if others:
                raise UserError(f"{folder.path} holds files windtunnel did not write (no {STATE}): causal values are "
                                "measured there; move them away, or report with --no-causal")
            return folder
        try:
            state = json.loads(f.read_text())
            ok = state.get("format") == FORMAT and isinstance(state.get("shards"), list)
        except (OSError, ValueError):
            ok = False
        if not ok:
            raise UserError(f"{f} is not a causal-values state windtunnel wrote (or it is damaged): move it away, "
                            "or report with --no-causal")
        folder.state = state
        return folder

    def measures(self, manifest):
        return bool(self.state) and self.state.get("run") == identity(manifest)

    def problems(self):
        """{shard name: what is wrong} of the recorded shards (a missing file, another hash)."""
        out = {}
        for s in self.state.get("shards", []):
            p = self.path / s["file"]
            if not p.is_file():
                out[s["file"]] = "missing"
            elif sha256_file(p) != s["sha256"]:
                out[s["file"]] = "its sha256 differs from the one recorded"
        return out

    def rows(self):
        """Every recorded row (a polars frame of ``COLUMNS``), after checking each shard's hash
        and row count and that every row names a recorded item and a game of the run; one
        UserError naming the first file that fails."""
        import polars as pl

        bad = self.problems()
        if bad:
            name, why = next(iter(bad.items()))
            raise UserError(f"{self.path / name}: {why}; the causal values are measured again by the next report "
                            "(or report with --no-causal)")
        shards = self.state.get("shards", [])
        if not shards:
            return pl.DataFrame(schema={"item": pl.String, "game_id": pl.Int64, "won": pl.Float64,
                                        "score": pl.Float64, "turns": pl.Float64})
        df = pl.concat([pl.read_parquet(self.path / s["file"]) for s in shards])
        keys = {i["key"] for i in self.state["items"]}
        games = self.state["run"]["games"]
        if (df.height != sum(s["rows"] for s in shards) or not df["item"].is_in(list(keys)).all()
                or df["game_id"].min() < 0 or df["game_id"].max() >= games
                or df.select("item", "game_id").is_duplicated().any()):
            raise UserError(f"{self.path}: its rows do not match {STATE} (rows, items or game ids); they are "
                            "measured again by the next report (or report with --no-causal)")
        return df

    def start(self, manifest, items):
        """A new state for this run (the old rows, of another run, go: only our own files)."""
        self.clear()
        self.state = {"format": FORMAT, "run": identity(manifest), "items": items, "shards": [], "games": 0,
                      "sessions": [], "created": _now()}
        self.save()

    def clear(self):
        """Delete our own files: the recorded shards and the state (a user's file stays)."""
        for s in self.state.get("shards", []):
            (self.path / s["file"]).unlink(missing_ok=True)
        (self.path / STATE).unlink(missing_ok=True)
        self.state = {}

    def add(self, table):
        """Write one shard of rows (a pyarrow table of ``COLUMNS``) and record it."""
        name = f"part-{len(self.state['shards']) + 1:06d}.parquet"
        sha = write_parquet_atomic(table, self.path / name)
        self.state["shards"].append({"file": name, "sha256": sha, "rows": table.num_rows})
        self.state["games"] += table.num_rows
        self.save()

    def save(self):
        self.path.mkdir(parents=True, exist_ok=True)
        self.state["updated"] = _now()
        write_json_atomic(self.path / STATE, json.dumps(self.state, indent=1) + "\n")
