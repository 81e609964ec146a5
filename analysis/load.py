"""Open a run, a comparison or a bare folder of Parquet tables as lazy frames.

Every analysis function takes the `Tables` this returns (or one of its frames).
A run or comparison folder is verified when opened (``Run.verify``: every shard file's
sha256, the game ids), so no number comes from data that is not what was written;
beyond that nothing is read here: the frames are polars LazyFrames over the shards, and
`seats` and every other table always carry `variant` and `n_players` so results can be
grouped by cell without a join. Only games and seats are sure to be there (with the
protocol's CORE columns); the game's other tables (``Game.tables``: cards, a seat's
events) are in `Tables.extra`, `tables.table(name)` (None when the game writes none).
"""
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import polars as pl

from simulate.core.compare_folder import open_compare
from simulate.core.errors import UserError
from simulate.core.games import get_game
from simulate.core.protocol import Game
from simulate.core.run_folder import open_run

CELL = ("variant", "n_players")          # what tells a cell of a comparison apart


@dataclass
class Tables:
    """The tables of a run or a comparison as polars LazyFrames, and the game they are of
    (its registered name: `protocol(tables)` is its protocol object). `extra`: the game's
    tables beyond games and seats, by name (those its protocol's `tables` declares)."""

    games: pl.LazyFrame
    seats: pl.LazyFrame
    game: Optional[str] = None
    extra: dict = field(default_factory=dict)

    def table(self, name):
        """A table by name (games, seats or one of `extra`); None when the data has no such table."""
        return {"games": self.games, "seats": self.seats}.get(name, self.extra.get(name))


def protocol(tables):
    """The protocol object (``simulate.core.protocol.Game``) of the game the tables are of; the
    base Game (no subjects, score in VP) when they do not say."""
    return get_game(tables.game) if tables.game else Game()


def open_tables(source):
    """`Tables` for a run folder (manifest.json), a comparison folder (compare.json), a bare
    folder holding games/ seats/ (cards/) Parquet files, a `simulate` Run or CompareResult,
    a `Tables` (returned as is), or a list of any of these (stacked: e.g. two runs to compare).
    A run or comparison folder is verified first (one UserError naming a damaged shard); a
    Run or CompareResult is taken as it is (its `verify()` is the caller's)."""
    if isinstance(source, Tables):
        return source
    if isinstance(source, (list, tuple)):
        return _stack([open_tables(s) for s in source])
    if hasattr(source, "spec") and hasattr(source, "table"):            # CompareResult
        return _compare_tables(source)
    if hasattr(source, "manifest") and hasattr(source, "table"):        # Run
        return _run_tables(source)
    path = Path(source)
    if (path / "compare.json").exists():
        result = open_compare(path)
        result.verify()
        return _compare_tables(result)
    if (path / "manifest.json").exists():
        run = open_run(path)
        run.verify()
        return _run_tables(run)
    return _bare_tables(path)


def source_config(source):
    """The resolved rules config a run was played with (a comparison's first cell's), from its
    manifest: a Run, a CompareResult or their folder; {} for bare tables (no manifest)."""
    if isinstance(source, (str, Path)):
        path = Path(source)
        if (path / "compare.json").exists():
            source = open_compare(path)
        elif (path / "manifest.json").exists():
            source = open_run(path)
    manifest = getattr(source, "manifest", None)
    if manifest is None and getattr(source, "spec", None):
        cell = source.spec["cells"][0]["folder"] if source.spec.get("cells") else None
        manifest = open_run(source.path / cell).manifest if cell and (source.path / cell).is_dir() else None
    return (manifest or {}).get("config") or {}


def _stack(parts):
    games = {p.game for p in parts} - {None}
    if len(games) > 1:
        raise UserError(f"cannot analyse different games together ({', '.join(sorted(games))})")
    names = dict.fromkeys(n for p in parts for n in p.extra)
    extra = {n: pl.concat([p.extra[n] for p in parts if n in p.extra], how="diagonal_relaxed") for n in names}
    return Tables(*(pl.concat([getattr(p, t) for p in parts], how="diagonal_relaxed") for t in ("games", "seats")),
                  game=next(iter(games), None), extra=extra)


def _compare_tables(result):
    game = result.spec["game"]
    extra = {t: result.table(t) for t in get_game(game).tables if t not in ("games", "seats")}
    return Tables(result.table("games"), result.table("seats"), game=game, extra=extra)


def _run_tables(run):
    m = run.manifest
    extra = {"variant": pl.lit(m.get("variant", "base")), "n_players": pl.lit(m["players"], dtype=pl.Int8)}
    tables = {t: _with(run.table(t), extra) for t in m["tables"] if t not in ("games", "seats")}
    return Tables(run.games, _with(run.seats, extra), game=m.get("game"), extra=tables)


def _with(lf, extra):
    have = lf.collect_schema().names()
    return lf.with_columns(**{k: v for k, v in extra.items() if k not in have})


def _bare_tables(path):
    """Parquet files under path/games, path/seats and, when there, the other tables its game
    declares (``Game.tables``; none for a game not registered here) (no manifest): variant and n_players
    come to them by a join with games on (run_id, game_id); the game is the games table's
    `game` column."""
    if not (path / "games").is_dir():
        raise FileNotFoundError(f"{path}: no run (manifest.json), comparison (compare.json) or games/ folder")
    games = pl.scan_parquet(str(path / "games" / "*.parquet"))
    keys = ["run_id", "game_id"]
    cell = games.select(*keys, *CELL)
    game = collect(games.select(pl.col("game").drop_nulls().first())).item()
    names = dict.fromkeys(("seats", *(t for t in _declared_tables(game) if t not in ("games", "seats"))))
    out = {}
    for t in names:
        if (path / t).is_dir():
            lf = pl.scan_parquet(str(path / t / "*.parquet"))
            missing = [c for c in CELL if c not in lf.collect_schema().names()]
            out[t] = lf.join(cell.select(*keys, *missing), on=keys, how="left") if missing else lf
    return Tables(games, out.pop("seats", None), game=game, extra=out)


def _declared_tables(game):
    """The tables a game writes (its protocol's `tables`); none known for a game not registered here."""
    try:
        return tuple(get_game(game).tables) if game else ()
    except Exception:  # noqa: BLE001 -- a bare folder of a game not registered here: games and seats
        return ()


def collect(lf):
    """Collect a (small, aggregated) lazy result with the streaming engine: bounded memory."""
    return lf.collect(engine="streaming")


GAME_RANGE = 250_000     # game ids per pass of a per-game aggregation


def by_game_ranges(lf, summarize, *others, size=GAME_RANGE):
    """Concatenate `summarize(part)` (a small lazy aggregate) over ranges of game ids.
    Aggregations that group by game hold one entry per game; a game's rows all lie in one
    range, so going range by range bounds memory by the range, not by the run (10M-game
    runs), and the parts only need summing. Parquet statistics let each pass read only the
    shards of its range. `others`: more frames cut to the same range, passed after `part`
    (`summarize(part, *other_parts)`: a join of two tables range by range); `size`: game ids
    per range."""
    top = collect(lf.select(pl.col("game_id").max())).item()
    if top is None:
        return collect(summarize(lf, *others))

    def cut(frame, lo):
        return frame.filter(pl.col("game_id").is_between(lo, lo + size - 1))

    parts = [collect(summarize(cut(lf, lo), *(cut(o, lo) for o in others)))
             for lo in range(0, int(top) + 1, size)]
    return pl.concat(parts, how="diagonal_relaxed")
