"""A run folder read back: its manifest, its tables as polars LazyFrames, its check and
summary (``docs/data.md``). What ``simulate.run`` returns and what analysis opens; the
runner (``simulate/running/runner.py``) is what writes it."""
from pathlib import Path

from .errors import UserError
from .games import get_game
from .notebook_view import run_html
from .run_files import games_text, read_manifest, shard_problems
from .run_rows import row_problems
from .run_summary import summarize, summary_text


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
            schema = get_game(self.manifest["game"]).schemas()[name]
            return pl.from_arrow(schema.empty_table()).lazy()
        return pl.scan_parquet(files)

    @property
    def games(self):
        return self.table("games")

    @property
    def seats(self):
        return self.table("seats")

    def verify(self):
        """Check that the run's data is what it recorded, before anything is computed from it:
        every shard file has the sha256 it was written with, the shards hold the games the
        manifest counts, the games tables hold exactly those game ids, each once, and every row
        is this run's (its run id; the games' seeds, the seats' strategies: ``run_rows``).
        Returns what was verified, as a phrase; raises one UserError naming the first problem
        and the repair. Reads every file once (hashing) plus those few columns."""
        m, path = self.manifest, self.path
        shards = sorted(m["shards"], key=lambda s: s["first"])
        problems = list(shard_problems(path, m).values())
        ranges = [(s["first"], s["games"]) for s in shards]
        held = sum(n for _, n in ranges)
        if held != m["games_done"]:
            problems.append(f"the manifest counts {m['games_done']:,} games done but its shards hold {held:,} "
                            f"(games {games_text(ranges)}; a shard line removed from it?)")
        elif m["status"] == "complete" and held != m["games"]:
            problems.append(f"the run is marked complete but its shards hold games {games_text(ranges)} of "
                            f"0-{m['games'] - 1:,}")
        if not problems:
            problems = list(row_problems(path, m).values())
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise UserError(f"{path}: {problems[0]}{more}; nothing was computed from it: `windtunnel simulate "
                            f"{m['game']} --resume --out {path}` plays the damaged or missing games again")
        files = sum(len(s["files"]) for s in shards)
        return f"sha256 of its {files} files as recorded; games {games_text(ranges)}, each once, with this run's id, seeds and seating"

    def summary(self, confidence=0.95):
        return summarize(self.manifest, confidence)

    def summary_text(self, confidence=0.95):
        return summary_text(self, confidence)

    def _repr_html_(self):
        return run_html(self)

    def __repr__(self):
        m = self.manifest
        return (f"Run({str(self.path)!r}, {m['game']}, {m['players']}p, {m['games_done']:,}/{m['games']:,} games, "
                f"{m['status']})")


def open_run(path):
    """An existing run folder (complete or not) as a Run."""
    return Run(path)
