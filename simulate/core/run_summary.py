"""The end-of-run summary, computed from the manifest's per-shard counters
(never from rows): win rates with Wilson intervals, mean scores, speed."""
from .games import get_game
from .run_files import MANIFEST


def counters(results, n_strategies):
    """The small sums the runner keeps per shard for the end-of-run summary (never the rows):
    wins and seat-games by strategy slot and seat, score sums by seat. `results`: a batch's
    Results (``simulate/core/protocol.py``)."""
    import numpy as np

    slot, won = results.slot, results.won
    n_players = slot.shape[1]
    wins = np.zeros((n_strategies, n_players), np.int64)
    played = np.zeros((n_strategies, n_players), np.int64)
    for p in range(n_players):
        played[:, p] = np.bincount(slot[:, p], minlength=n_strategies)[:n_strategies]
        wins[:, p] = np.bincount(slot[:, p], weights=won[:, p], minlength=n_strategies)[:n_strategies]
    score = results.score.astype(np.int64)
    return {"games": int(len(slot)), "ties": int(results.tie.sum()), "check_errors": int((results.errors != 0).sum()),
            "wins": wins.tolist(), "seat_games": played.tolist(),
            "score_sum": score.sum(axis=0).tolist(), "score_sq_sum": (score * score).sum(axis=0).tolist(),
            "turns_sum": int(results.turns.sum()), "capped": int(results.capped.sum())}

def shard_counters(folder, shard, manifest):
    """A recorded shard's counters computed again from its files (verified by their sha256 first:
    ``run_files.shard_problems``), so an edited manifest cannot change a summary. Its capped
    games and check-mode violations, which the core columns do not hold, are kept as recorded."""
    import numpy as np
    import polars as pl

    seats = pl.read_parquet(folder / shard["files"]["seats"], columns=["strategy_slot", "seat", "won", "score_total"])
    games = pl.read_parquet(folder / shard["files"]["games"], columns=["tie", "turns"])
    at = (seats["strategy_slot"].to_numpy().astype(np.int64), seats["seat"].to_numpy().astype(np.int64))
    shape = (len(manifest["strategies"]), manifest["players"])
    score = seats["score_total"].to_numpy().astype(np.int64)
    sums = {}
    for name, values in (("wins", seats["won"].to_numpy().astype(np.int64)), ("seat_games", np.ones_like(score))):
        sums[name] = np.zeros(shape, np.int64)
        np.add.at(sums[name], at, values)
    recorded = shard["counters"] if isinstance(shard.get("counters"), dict) else {}

    def kept(key):                 # (a count of its games, or none)
        v = recorded.get(key, 0)
        return v if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= games.height else 0

    return {"games": games.height, "ties": int(games["tie"].sum()),
            "check_errors": kept("check_errors"),
            "wins": sums["wins"].tolist(), "seat_games": sums["seat_games"].tolist(),
            "score_sum": np.bincount(at[1], score, shape[1]).astype(np.int64).tolist(),
            "score_sq_sum": np.bincount(at[1], score * score, shape[1]).astype(np.int64).tolist(),
            "turns_sum": int(games["turns"].sum()), "capped": kept("capped")}


def summarize(manifest, confidence=0.95):
    """Win rates per strategy and per seat (with Wilson intervals and n), mean score per
    seat, ties: from the per-shard counters in the manifest, without reading any rows."""
    import numpy as np
    import polars as pl

    from simulate.core.stats import with_win_rate

    m = manifest
    n_players, names = m["players"], m["strategies"]
    wins = np.zeros((len(names), n_players), np.int64)
    seat_games = np.zeros_like(wins)
    score = np.zeros(n_players, np.int64)
    score_sq = np.zeros(n_players, np.int64)
    games = ties = errors = capped = 0
    for s in m["shards"]:
        c = s["counters"]
        wins += np.asarray(c["wins"], np.int64)
        seat_games += np.asarray(c["seat_games"], np.int64)
        score += np.asarray(c["score_sum"], np.int64)
        score_sq += np.asarray(c["score_sq_sum"], np.int64)
        games += c["games"]
        ties += c["ties"]
        errors += c.get("check_errors", 0)
        capped += c.get("capped", 0)        # runs written before the counter: none counted

    def row(k, n):
        return with_win_rate(pl.DataFrame({"wins": [int(k)], "n": [int(n)]}), confidence).row(0, named=True)

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
    return {"games": games, "ties": ties, "check_errors": errors, "capped": capped, "confidence": confidence,
            "by_strategy": by_strategy, "by_seat": by_seat,
            "by_strategy_and_seat": {"strategies": names, "wins": wins.tolist(), "n": seat_games.tolist()}}


def summary_text(run, confidence=0.95):
    m = run.manifest
    s = summarize(m, confidence)
    game = get_game(m["game"])
    title = game.title
    pct = f"{confidence:.0%}"
    lines = [f"{title}, {m['players']} player{'s' if m['players'] != 1 else ''}, {m['games']:,} games, seed {m['seed']}, strategies "
             f"{', '.join(m['strategies'])}{' (rotated over seats)' if m['rotate_seats'] else ''}, "
             f"variant {m['variant']}, config {m['config_hash']}"]
    sess = run.session
    if sess and sess.get("games_played"):
        secs = sess.get("seconds") or 0
        lines.append(f"Played {sess['games_played']:,} games in {secs:.1f} s: {sess['games_played'] / max(secs, 1e-9):,.0f} "
                     f"games/s on {_workers(sess['workers'], sess['backend'])} "
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
    stopped = stop_text(m)
    if stopped:
        lines.append(stopped)
    w = max([len(r["strategy"]) for r in s["by_strategy"]] + [6])
    lines.append(f"Win rate by strategy ({pct} Wilson interval; a tie counts as a win for each tied seat):")
    for r in s["by_strategy"]:
        lines.append(f"  {r['strategy']:<{w}}  {_pc(r['win_rate'])}  [{_pc(r['lo'], 0)}, {_pc(r['hi'], 0)}]"
                     f"  n = {r['n']:,} seats played")
    lines.append("Win rate and mean score by seat (seat 0 starts):")
    for r in s["by_seat"]:
        lines.append(f"  {'seat ' + str(r['seat']):<{w}}  {_pc(r['win_rate'])}  [{_pc(r['lo'], 0)}, {_pc(r['hi'], 0)}]"
                     f"  n = {r['n']:,}   mean score {r['mean_score']:.2f} (sd {r['score_sd']:.1f})")
    if s["games"]:
        lines.append(f"Ties: {_games(s['ties'])} ({s['ties'] / s['games']:.2%}). Ended by the turn cap, not the "
                     f"rules: {_games(s['capped'])} ({s['capped'] / s['games']:.2%})."
                     + (f" Check-mode violations: {s['check_errors']:,}." if m["check"] else ""))
    lines.append(f"Data: {run.path}/ ({', '.join(t + '/' for t in m['tables'])} {len(m['shards'])} "
                 f"Parquet shard{'' if len(m['shards']) == 1 else 's'} each; {MANIFEST})")
    lines.append(f"  polars: pl.scan_parquet(\"{run.path}/seats/*.parquet\")   Python: simulate.open_run(\"{run.path}\")")
    return "\n".join(lines)


def _games(n):
    return f"{n:,} game{'' if n == 1 else 's'}"


def _workers(n, backend):
    """"2 worker processes" (this machine's: joblib's loky backend), "3 dask workers"."""
    kind = ("worker process", "worker processes") if backend == "loky" else (f"{backend} worker", f"{backend} workers")
    return f"{n} {kind[n != 1]}"


def _pc(x, width=5):
    return "n/a".rjust(width + 1) if x != x else f"{100 * x:{width}.1f}%"


def stop_text(manifest):
    """The summary's sentence on a run with --precision, or None."""
    aim = manifest.get("precision")
    if not aim:
        return None
    stopped = aim.get("stopped")
    head = f"--precision {aim['points']:g}: "
    if not stopped:
        return head + f"not stopped yet (at most {aim['max_games']:,} games)."
    widest = f"widest: {stopped['widest']}, ±{stopped['half_width_points']:.2f} points over {stopped['games']:,} games"
    if stopped["reason"] == "precision":
        return (head + f"every seat's and strategy's interval was within ±{aim['points']:g} points at "
                f"{stopped['decided_at']:,} games, the run's games (of at most {aim['max_games']:,}; {widest}); "
                f"rule: {aim['rule']}.")
    return (head + f"the {aim['max_games']:,} games allowed were played before every interval was within "
            f"±{aim['points']:g} points ({widest}); rule: {aim['rule']}.")
