"""Where a seat's edge comes from: the extra turns the printed end gives, and the rest.

A game whose end gives some seats one turn more than others (every seat but the one that ends
the game gets one more turn, so the seats before it have one more) declares a what-if of its end
that plays the round out (``Game.seat_rule``). Played on the run's own games (game k's seat
k mod players, as every causal value; ``simulate.running.causal``), each seat's win rate with the
round played out, paired with the same seat in the same game of the run, splits its edge:

- extra turns: the run's win rate minus the round-played-out one, over the same games (a paired
  difference: the part the printed end's extra turns cause);
- the rest: the round-played-out win rate minus fair (moving earlier in the round, and whatever
  else the seat's place gives).
"""
import polars as pl

from .causal_values import mean_interval


def seat_parts(rule, base, n_players, confidence=0.95):
    """One row per seat: `n` games, the run's win rate (`printed`), the round-played-out one
    (`round_out`), their paired difference (`extra`) and `rest` = round_out - fair, each with a
    normal 95% interval. `rule`: the what-if's rows (game_id, won); `base`: the run's treated rows
    (``analysis.causal_values.base_frame``)."""
    paired = pl.DataFrame(rule).select("game_id", "won").join(base.select("game_id", "won_base"), on="game_id")
    fair = 1 / n_players
    rows = []
    for seat in range(n_players):
        part = paired.filter(pl.col("game_id") % n_players == seat)
        printed, round_out = part["won_base"].to_numpy(), part["won"].to_numpy()
        row = {"seat": seat, "n": part.height, "fair": fair}
        for name, d in (("printed", printed - fair), ("extra", printed - round_out), ("rest", round_out - fair)):
            mean, lo, hi = mean_interval(d, confidence)
            row.update({name: mean, f"{name}_lo": lo, f"{name}_hi": hi})
        rows.append(row)
    return pl.DataFrame(rows)


def parts_sentence(r):
    """A seat's edge split in words: "of seat 0's +12.5 points, +4.1 (95% CI ...) are the extra
    turns the end gives; +8.4 (...) remain with the round played out"."""
    def pts(x, lo, hi):
        return f"{100 * x:+.1f} points (95% CI {100 * lo:+.1f} to {100 * hi:+.1f})"
    return (f"Measured on {r['n']:,} of its games played again with the round played out (every seat the same "
            f"number of turns): of its {100 * r['printed']:+.1f} points from fair there, "
            f"{pts(r['extra'], r['extra_lo'], r['extra_hi'])} are the extra turns the printed end gives and "
            f"{pts(r['rest'], r['rest_lo'], r['rest_hi'])} remain with the round played out.")
