"""Win rates per strategy, seat, player count and variant; the pairwise matrix of strategies
(or of any seats column: nations); first-player advantage.

A tie is a win for each tied seat (the `won` column), so in games with ties the
seats' win rates add up to a little more than 1.
"""
import numpy as np
import polars as pl

from .load import CELL, by_game_ranges, collect
from .significance import binomial_test
from simulate.core.stats import wilson_exprs, win_counts, with_win_rate


def win_rates(seats, by=(*CELL, "strategy"), confidence=0.95):
    """Wins, seat-games `n`, `win_rate` and its Wilson interval (`lo`, `hi`) per group of `by`."""
    return collect(with_win_rate(win_counts(seats, by), confidence)).sort(list(by))


def against_fair(df):
    """Add `fair` (1/P), `advantage` (win rate - fair) and the two-sided `p_value` of
    the win rate against fair to a `win_rates` frame that has `n_players`. A game of one seat
    (a solo game, won against the game) has no fair share: null there."""
    fair = 1.0 / df["n_players"].cast(pl.Float64)
    _, p = binomial_test(df["wins"].to_numpy(), df["n"].to_numpy(), fair.to_numpy())
    shared = pl.col("n_players") > 1
    return (df.with_columns(fair=fair, advantage=pl.col("win_rate") - fair, p_value=pl.Series(np.atleast_1d(p)))
            .with_columns(pl.when(shared).then(pl.col(c)).alias(c) for c in ("fair", "advantage", "p_value")))


def seat_win_rates(seats, confidence=0.95):
    """Each seat's win rate per cell with its interval, its advantage over fair (1/P) and p-value."""
    return against_fair(win_rates(seats, (*CELL, "seat"), confidence))


def strategy_win_rates(seats, confidence=0.95):
    """Each strategy's win rate per cell (over the seats it played) against fair (1/P)."""
    return against_fair(win_rates(seats, (*CELL, "strategy"), confidence))


def mixed_strategies(strategy):
    """The rows of a `strategy_win_rates` frame in cells where more than one strategy played
    (where one strategy plays every seat its win rate is fair by construction)."""
    mixed = strategy.group_by(list(CELL)).agg(k=pl.len()).filter(pl.col("k") > 1).drop("k")
    return strategy.join(mixed, on=list(CELL))


def first_player_advantage(seats, confidence=0.95):
    """Seat 0's row of `seat_win_rates`: its win rate, interval, advantage over 1/P and p-value."""
    return seat_win_rates(seats.filter(pl.col("seat") == 0), confidence)


def strategy_matrix(seats, confidence=0.95):
    """Pairwise results of the strategies (`head_to_head` over the `strategy` column)."""
    return head_to_head(seats, "strategy", confidence)


def head_to_head(seats, column, confidence=0.95):
    """Pairwise results over a seats column (strategy, nation): for each cell and ordered pair
    (value, opponent) of different values meeting in a game, `wins` (ranked above), `losses`,
    `draws` (same rank), `n` meetings and `score` = (wins + draws/2) / n with its Wilson
    interval. The value is in column `column`; the rows (a, b) and (b, a) mirror."""
    keys = ["run_id", "game_id"]
    group = [*CELL, column, "opponent"]

    def meetings(part):              # every pair of seats of a game, within one range of game ids
        them = part.select(*keys, pl.col("seat").alias("o_seat"), pl.col(column).alias("opponent"),
                           pl.col("rank").alias("o_rank"))
        pairs = (part.join(them, on=keys).filter(pl.col("seat") != pl.col("o_seat"))
                 .filter(pl.col(column) != pl.col("opponent")))
        return pairs.group_by(group).agg(wins=(pl.col("rank") < pl.col("o_rank")).sum().cast(pl.Int64),
                                         losses=(pl.col("rank") > pl.col("o_rank")).sum().cast(pl.Int64),
                                         draws=(pl.col("rank") == pl.col("o_rank")).sum().cast(pl.Int64),
                                         n=pl.len().cast(pl.Int64))

    lo, hi = wilson_exprs("points", "n", confidence)
    out = (by_game_ranges(seats.select(*keys, *CELL, "seat", column, "rank"), meetings)
           .group_by(group).agg(pl.col("wins", "losses", "draws", "n").sum())
           .with_columns(points=pl.col("wins") + 0.5 * pl.col("draws"))
           .with_columns(score=pl.col("points") / pl.col("n"), lo=lo, hi=hi)
           .drop("points"))
    return out.sort(*CELL, column, "opponent")
