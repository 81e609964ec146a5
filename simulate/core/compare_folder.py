"""A comparison folder read back (``windtunnel compare``/``whatif``, ``docs/data.md``):
compare.json checked key by key, each cell's run, one table over every cell, the summary
table and its text. ``simulate/running/compare.py`` is what plays and writes it."""
import math
from dataclasses import dataclass, field
from pathlib import Path

from .errors import UserError
from .games import get_game
from .notebook_view import compare_html
from .run_files import LIST, MANIFEST, NULL, NUMBER, OBJECT, TEXT, check_keys, read_json_file, read_manifest
from .run_folder import open_run

COMPARE = "compare.json"
FORMAT = "windtunnel-compare/1"
SPEC_KEYS = {"game": TEXT, "variants": LIST, "players": LIST, "games": NUMBER, "seed": NUMBER, "strategies": TEXT,
             "batch_size": (NUMBER, NULL), "config_path": (TEXT, NULL), "overrides": OBJECT, "status": TEXT,
             "sessions": LIST, "cells": LIST}
CELL_KEYS = {"name": TEXT, "folder": TEXT, "variant": TEXT, "run_variant": TEXT, "players": NUMBER, "run_id": TEXT,
             "config_hash": TEXT, "status": TEXT, "games_done": NUMBER}


def cell_name(variant, players):
    """The cell's folder: '<variant>-<P>p', a combination written with '+'."""
    return f"{variant.replace(',', '+')}-{players}p"


# ---------------------------------------------------------------- the result
@dataclass
class CompareResult:
    """A comparison folder: its compare.json, its cells' runs, the summary table."""

    path: Path
    spec: dict
    runs: dict = field(default_factory=dict)        # cell name -> simulate.core.run_folder.Run
    played: int = 0                                   # games played by this call
    seconds: float = None

    @property
    def cells(self):
        return self.spec["cells"]

    def _repr_html_(self):
        return compare_html(self)

    @property
    def complete(self):
        return self.spec.get("status") == "complete"

    def run(self, cell):
        """One cell's run (by name, e.g. 'base-3p')."""
        if cell not in self.runs:
            names = [c["name"] for c in self.cells]
            if cell not in names:
                raise UserError(f"no cell {cell!r} in {self.path} (cells: {', '.join(names)})")
            self.runs[cell] = open_run(self.path / cell)
        return self.runs[cell]

    def table(self, name):
        """One table over every started cell as a polars LazyFrame, with a `cell` column, and
        `variant` and `n_players` where the table has none (seats, cards); only the shards each
        run's manifest records as done."""
        import polars as pl

        frames = []
        for c in self.cells:
            if not (self.path / c["name"] / MANIFEST).exists():
                continue
            lf = self.run(c["name"]).table(name)
            have = lf.collect_schema().names()
            extra = {"cell": pl.lit(c["name"])}
            if c["variant"] in self.spec.get("whatifs", {}):
                extra["variant"] = pl.lit(c["variant"])           # a what-if: the base game, told apart by name
            elif "variant" not in have:
                extra["variant"] = pl.lit(c.get("run_variant", c["variant"]))
            if "n_players" not in have:
                extra["n_players"] = pl.lit(c["players"], dtype=pl.Int8)
            frames.append(lf.with_columns(**extra))
        if not frames:
            raise UserError(f"{self.path}: no cell has been started yet")
        return pl.concat(frames, how="vertical_relaxed")

    def verify(self):
        """Check every cell before anything is computed from the comparison: each cell's run is
        the one compare.json names and verifies (``Run.verify``). A cell whose folder or
        manifest is missing is refused if compare.json records games for it, and named as not
        started otherwise. Returns what was verified, as a phrase."""
        fix = f"`{resume_command(self.spec, self.path)}` plays it again"
        checked, waiting = [], []
        for c in self.cells:
            folder = self.path / c["folder"]
            if not (folder / MANIFEST).is_file():
                if c["status"] == "new" and not c["games_done"] and self.spec["status"] != "complete":
                    waiting.append(c["name"])
                    continue
                gone = folder if not folder.is_dir() else folder / MANIFEST
                raise UserError(f"{self.path}: cell {c['name']} is missing ({gone} is not there) though "
                                f"{COMPARE} records {c['games_done']:,} games for it; nothing was computed: {fix}")
            run = self.run(c["name"])
            if run.manifest["run_id"] != c["run_id"]:
                raise UserError(f"{self.path}: cell {c['name']} holds run {run.manifest['run_id']}, not the "
                                f"comparison's {c['run_id']}; nothing was computed")
            run.verify()
            checked.append(c["name"])
        if not checked:
            raise UserError(f"{self.path}: no cell has been started yet")
        return (f"every file of cells {', '.join(checked)} as recorded (sha256), their games each once"
                + (f"; not started yet: {', '.join(waiting)}" if waiting else ""))

    def summary(self, confidence=0.95):
        return summary_table(self.path, confidence)

    def text(self, confidence=0.95):
        return to_text(self, confidence=confidence)


def read_compare(out):
    """compare.json of folder `out`, checked key by key: one cell entry per variant x player
    count, each naming its own folder; one UserError naming the problem."""
    spec = read_json_file(out, COMPARE, FORMAT, "comparison", "comparison")
    path = Path(out) / COMPARE
    check_keys(path, spec, SPEC_KEYS)
    if not all(isinstance(v, str) for v in spec["variants"]) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in spec["players"]):
        raise UserError(f"{path}: keys 'variants' and 'players' must list variant names and player counts")
    whatifs = spec.get("whatifs", {})            # (a comparison from before what-if cells has none)
    if not isinstance(whatifs, dict) or not all(isinstance(v, dict) for v in whatifs.values()) \
            or not set(whatifs) <= set(spec["variants"]):
        raise UserError(f"{path}: key 'whatifs' must map cells of 'variants' to their config values")
    on = spec.get("whatif_base", "base")
    if whatifs and (not isinstance(on, str) or on.replace(",", "+") not in spec["variants"]):
        raise UserError(f"{path}: key 'whatif_base' must name the cell of 'variants' the what-ifs play on")
    grid = [cell_name(v, p) for v in spec["variants"] for p in spec["players"]]
    for i, c in enumerate(spec["cells"]):
        check_keys(f"{path}: cells[{i}]", c, CELL_KEYS)
        if c["name"] not in grid or c["folder"] != c["name"] or c["name"] != cell_name(c["variant"], c["players"]):
            raise UserError(f"{path}: cells[{i}] ({c['name']!r}, folder {c['folder']!r}) is not a cell of the grid "
                            f"({', '.join(grid)})")
    names = [c["name"] for c in spec["cells"]]
    for name in grid:
        if names.count(name) != 1:
            raise UserError(f"{path}: key 'cells' has {names.count(name)} entries for cell {name} (one per variant "
                            "and player count)")
    return spec


def open_compare(out):
    """An existing comparison folder (complete or not) as a CompareResult."""
    return CompareResult(Path(out), read_compare(out))


def resume_command(spec, out):
    """The command that continues the comparison of `spec` (its compare.json) at `out`: `whatif`
    for one whose what-if cells are all interventions, else `compare`."""
    game = get_game(spec["game"])
    table, whatifs = game.intervention_table, spec.get("whatifs") or {}
    interventions = bool(whatifs) and table and all(k.startswith(f"{table}.") for v in whatifs.values() for k in v)
    return f"windtunnel {'whatif' if interventions else 'compare'} {game.name} --resume --out {out}"


# ---------------------------------------------------------------- the summary table
def summary_table(out, confidence=0.95):
    """One row per cell, in grid order: games, mean winner score, mean turns and rounds, ties and
    tie rate, and per seat p: seat{p}_wins, seat{p}_n, seat{p}_win_rate, seat{p}_lo, seat{p}_hi
    (Wilson interval; null where the cell has fewer seats). A polars DataFrame.

    Computed with polars straight from the Parquet shards each run's manifest records, lazily:
    the games and seats tables are scanned and aggregated per cell; the winner's score comes
    from a join of each games shard with its own seats shard (same game range), so memory stays
    bounded by one shard whatever the number of games."""
    import polars as pl

    from .stats import win_counts, with_win_rate

    out = Path(out)
    spec = read_compare(out)
    max_p = max(c["players"] for c in spec["cells"])
    rows = []
    for c in spec["cells"]:
        row = {"cell": c["name"], "variant": c["variant"], "players": c["players"], "games_planned": spec["games"]}
        folder = out / c["name"]
        m = read_manifest(folder) if (folder / MANIFEST).exists() else {}
        if (m.get("precision") or {}).get("stopped"):
            row["games_planned"] = m["games"]            # stopped when precise enough: all it was to play
        shards = m.get("shards") or []
        shards = sorted(shards, key=lambda s: s["first"])
        if shards:
            gfiles = [str(folder / s["files"]["games"]) for s in shards]
            sfiles = [str(folder / s["files"]["seats"]) for s in shards]
            g = pl.scan_parquet(gfiles).select(
                games=pl.len(), turns_mean=pl.col("turns").cast(pl.Float64).mean(),
                rounds_mean=pl.col("rounds").cast(pl.Float64).mean(),
                ties=pl.col("tie").cast(pl.Int64).sum())
            w = pl.concat([
                pl.scan_parquet(gf).select("game_id", "winner_seat").join(
                    pl.scan_parquet(sf).select("game_id", "seat", "score_total"),
                    left_on=["game_id", "winner_seat"], right_on=["game_id", "seat"], how="inner")
                .select(pl.col("score_total").cast(pl.Int64).sum().alias("s"), pl.len().alias("n"))
                for gf, sf in zip(gfiles, sfiles)]).select(pl.col("s").sum(), pl.col("n").sum())
            s = with_win_rate(win_counts(pl.scan_parquet(sfiles), ["seat"]), confidence).sort("seat")
            g, w, s = pl.collect_all([g, w, s], engine="streaming")
            row.update(g.row(0, named=True))
            ws = w.row(0, named=True)
            row["winner_score_mean"] = ws["s"] / ws["n"] if ws["n"] else None
            seats = {r["seat"]: r for r in s.iter_rows(named=True)}
        else:
            row.update(games=0, turns_mean=None, rounds_mean=None, ties=0, winner_score_mean=None)
            seats = {}
        row["tie_rate"] = row["ties"] / row["games"] if row["games"] else None
        for p in range(max_p):
            r = seats.get(p) if p < c["players"] else None
            for k in ("wins", "n", "win_rate", "lo", "hi"):
                row[f"seat{p}_{k}"] = r[k] if r is not None else None
        rows.append(row)
    cols = ["cell", "variant", "players", "games", "games_planned", "winner_score_mean", "turns_mean",
            "rounds_mean", "ties", "tie_rate"]
    cols += [f"seat{p}_{k}" for p in range(max_p) for k in ("wins", "n", "win_rate", "lo", "hi")]
    schema = {k: pl.Float64 for k in cols}
    schema.update({k: pl.Int64 for k in cols if k in ("players", "games", "games_planned", "ties")
                   or k.endswith(("_wins", "_n"))})
    schema.update(cell=pl.String, variant=pl.String)
    return pl.DataFrame([{k: r[k] for k in cols} for r in rows], schema=schema, orient="row")


def _pc(x, digits=1):
    return "n/a" if x is None or math.isnan(x) else f"{100 * x:.{digits}f}%"


def _num(x, fmt="{:.2f}"):
    return "n/a" if x is None or math.isnan(x) else fmt.format(x)


def to_text(result, table=None, confidence=0.95):
    """The comparison as text: settings, the common-random-numbers note, one line per cell."""
    spec, out = result.spec, result.path
    table = summary_table(out, confidence) if table is None else table
    game = get_game(spec["game"])
    title = game.title
    pct = f"{confidence:.0%}"
    hashes = dict.fromkeys(f"{c['variant']} {c['config_hash']}" for c in spec["cells"])
    sets = ", ".join(f"{k}={v}" for k, v in (spec.get("overrides") or {}).items())
    whatifs = spec.get("whatifs") or {}
    games = (f"at most {spec['games']:,} games per cell, each stopped once its win rates are within "
             f"±{spec['precision']:g} points (--precision)" if spec.get("precision")
             else f"{spec['games']:,} games per cell")
    lines = [f"{title} compared: variants {', '.join(spec['variants'])} x "
             f"{', '.join(map(str, spec['players']))} players; {games}, seed {spec['seed']}, "
             f"strategies {spec['strategies']}" + (f", --set {sets}" if sets else "")
             + (f", config {spec['config_path']}" if spec.get("config_path") else "")]
    if spec.get("runs"):                          # two finished runs paired (simulate.running.paired_runs)
        lines.append("Runs: " + ", ".join(f"{name} = {where}" for name, where in spec["runs"].items())
                     + f"; they differ in {spec.get('differences', '?')}.")
        whatifs = {}
    for name, sets in whatifs.items():
        lines.append(f"What-if {name}: the {spec.get('whatif_base', 'base')} game with "
                     + ", ".join(f"{k}={v}" for k, v in sets.items())
                     + " for everyone.")
    lines.append(f"Common random numbers: every cell uses run seed {spec['seed']}, so game i has the same game "
                 "seed (games.seed) in every cell: the variants are compared on the same random streams.")
    if result.seconds is not None:
        lines.append(f"Played {result.played:,} games in {len(spec['cells'])} cells in {result.seconds:.1f} s"
                     + ("" if result.played else " (every cell was already complete)") + ".")
    t = table.to_dicts()
    max_p = max(r["players"] for r in t)
    vw = max([len(r["variant"]) for r in t] + [7])
    gw = max([len(_games(r)) for r in t] + [5])
    head = (f"{'variant':<{vw}}  {'players':>7}  {'games':>{gw}}  {'winner ' + game.score_unit:>9}  {'turns':>6}  {'rounds':>6}  "
            f"{'ties':>6}")
    seat_w = 20
    lines.append(f"Per cell: mean winner score ({game.score_unit}), mean game length, tie rate, and each seat's win "
                 f"rate with its {pct} Wilson interval (seat 0 starts; a tie is a win for each tied seat; fair = 1/players):")
    lines.append(head + "  " + "  ".join(f"{'seat ' + str(p):<{seat_w}}" for p in range(max_p)).rstrip())
    for r in t:
        seats = []
        for p in range(r["players"]):
            rate, lo, hi = r[f"seat{p}_win_rate"], r[f"seat{p}_lo"], r[f"seat{p}_hi"]
            cell = f"{_pc(rate)} [{_pc(lo)[:-1]}, {_pc(hi)[:-1]}]" if rate is not None else "n/a"
            seats.append(f"{cell:<{seat_w}}")
        lines.append(f"{r['variant']:<{vw}}  {r['players']:>7}  {_games(r):>{gw}}  "
                     f"{_num(r['winner_score_mean']):>9}  {_num(r['turns_mean'], '{:.1f}'):>6}  "
                     f"{_num(r['rounds_mean'], '{:.1f}'):>6}  {_pc(r['tie_rate']):>6}  " + "  ".join(seats).rstrip())
    short = [r["cell"] for r in t if r["games"] < r["games_planned"]]
    if short:
        lines.append(f"INCOMPLETE: {', '.join(short)} (fewer games than asked); continue every cell with "
                     f"{resume_command(spec, out)}")
    lines.append(f"Config hash by variant: {', '.join(hashes)}.")
    lines.append(f"Data: {out}/ (one run folder per cell: {', '.join(c['name'] + '/' for c in spec['cells'])}; "
                 f"{COMPARE})")
    others = " and ".join(f"{t}/" for t in get_game(spec["game"]).tables if t != "games")
    lines.append(f"  polars: pl.scan_parquet(\"{out}/*/games/*.parquet\") (variant and n_players columns; {others} "
                 "join it on run_id, game_id)")
    lines.append(f"  Python: simulate.open_compare(\"{out}\").table(\"seats\") (with cell, variant, n_players)")
    return "\n".join(lines)


def _games(r):
    return f"{r['games']:,}" if r["games"] == r["games_planned"] else f"{r['games']:,}/{r['games_planned']:,}"
