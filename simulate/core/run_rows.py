"""A run's rows checked against its manifest: every shard holds the games its manifest line names,
each once, and rows that say they are this run's (``docs/data.md``, Provenance).

A shard's sha256 says its bytes are the ones recorded, not that they are this run's: a shard
copied from another run with its hash updated in the manifest passes it. Its rows tell: every
row carries ``run_id``, every game its ``seed`` (``rng.game_seed`` of the run's seed and its
index), every seat its ``strategy`` and ``strategy_slot`` (as ``seats.seated_at`` seats the run's
strategies). ``row_problems`` reads only those columns, lazily (polars: one small aggregate per
file, every file at once), before any number is computed (``Run.verify``) and when a run is
resumed (the runner's folder preparation). Of the seeds it checks each shard's last game's: a
worker before this check reused the buffers of a batch's first 8,192 games for the next ones,
so that older runs' batches of more games hold wrong seeds there (the rest of their rows right).
"""
from pathlib import Path

from .rng_expr import game_seeds
from .seats import seated_at


def row_problems(folder, m, shards=None):
    """{shard name: what is wrong} for the shards (default: the manifest's) whose rows are not
    the run's: a games file without exactly its game ids, each once; a row of another run id,
    a game of another seed, a seat of another strategy than the run's seating gives it; a row of
    another table outside the shard's games. Files that cannot be read are named too."""
    import polars as pl

    folder = Path(folder)
    shards = sorted(m["shards"] if shards is None else shards, key=lambda s: s["first"])
    where = [(s, t, rel) for s in shards for t, rel in s["files"].items()]
    if not where:
        return {}
    queries = [_check(pl.scan_parquet(folder / rel), t, s["first"], s["games"], m) for s, t, rel in where]
    try:
        found = pl.collect_all(queries)
    except Exception:                 # noqa: BLE001 - an unreadable file: named one at a time
        found = [_one(q) for q in queries]
    problems = {}
    for (s, t, rel), row in zip(where, found):
        problem = f"{rel} {row}" if isinstance(row, str) else _problem(row.row(0, named=True), rel, t, s["first"],
                                                                       s["games"], m)
        if problem and s["name"] not in problems:
            problems[s["name"]] = problem
    return problems


def is_run_batch(path, table, m, games=None):
    """Whether a shard file of `table` holds this run's rows only (``row_problems``' checks), from
    the game its name says on (`games` of them, where known): a batch of the run, which playing
    it again makes anew (a batch written as the run stopped, before its line was recorded). Anything
    else (unreadable, another run's, rows changed where they say what they are) is not."""
    import polars as pl

    first = int(Path(path).name[len("part-"):-len(".parquet")])
    row = _one(_check(pl.scan_parquet(path), table, first, games, m))
    return not isinstance(row, str) and _problem(row.row(0, named=True), "", table, first, games, m) is None


def _one(query):
    try:
        return query.collect()
    except Exception as e:            # noqa: BLE001 - polars raises many kinds; one line either way
        return f"cannot be read as Parquet ({type(e).__name__})"


def _check(scan, table, first, games, m):
    """The one-row aggregate of a shard file's rows (games `first` on; `games` of them, None:
    not known) that ``_problem`` reads."""
    import polars as pl

    ids = pl.col("game_id")
    foreign = pl.col("run_id") != m["run_id"]
    outside = (ids < first) | ((ids >= first + games) if games else pl.lit(False))
    out = [pl.len().alias("n"), foreign.sum().alias("foreign"), pl.col("run_id").filter(foreign).first().alias("other"),
           ids.min().alias("lo"), ids.max().alias("hi"), ids.n_unique().alias("unique"),
           outside.sum().alias("outside")]
    if table == "games":            # its last game's seed: another run's games have other seeds, every one
        out += [(pl.col("seed").last() != game_seeds(m["seed"], ids.last())).alias("reseeded"),   # (the one sure
                ids.last().alias("reseeded_game")]                    # in older runs of big batches: data.md)
    elif table == "seats":            # the few (seated as the run seats, slot, strategy) there are
        seated = pl.col("strategy_slot") == seated_at(pl.col("seat").cast(pl.Int64), ids, m["players"],
                                                      m["rotate_seats"])
        out += [pl.struct(seated=seated, slot=pl.col("strategy_slot"), strategy=pl.col("strategy")).unique()
                .implode().alias("seating")]
    return scan.select(out)


def _problem(r, rel, table, first, games, m):
    """What is wrong with one file's rows (``_check``'s aggregate), in words, or None."""
    span = f"{first:,}-{first + games - 1:,}" if games else f"{first:,} on"
    if r["foreign"]:
        return f"{rel} holds rows of run {r['other']}, not of this run ({m['run_id']}): another run's file"
    held = (r["lo"], r["hi"], r["n"], r["unique"])
    if table == "games" and (held != (first, first + games - 1, games, games) if games
                             else (r["lo"] != first or r["n"] != r["unique"])):
        return f"{rel} holds other games than {span}"
    if r["outside"]:
        return f"{rel} holds rows of games outside {span}"
    if r.get("reseeded"):
        return (f"{rel}: game {r['reseeded_game']:,} has another seed than the run's seed {m['seed']} gives it "
                "(another run's games)")
    for seat in r.get("seating") or ():
        run = m["strategies"][seat["slot"]] if 0 <= seat["slot"] < len(m["strategies"]) else None
        if not seat["seated"] or seat["strategy"] != run:
            return (f"{rel}: a seat is played by {seat['strategy']!r} (strategy slot {seat['slot']}) where the run "
                    f"seats {run!r}" if seat["seated"] and run else f"{rel}: seats are not seated as the run seats "
                    f"its strategies (strategy slot {seat['slot']}, {seat['strategy']!r})")
    return None
