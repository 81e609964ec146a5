"""Anytime-valid intervals for runs that stop when precise enough (`--precision`).

Looking at a Wilson interval after every batch and stopping once it is narrow enough is a
repeated look: the 95% is no longer 95%. windtunnel uses a confidence *sequence* instead,
valid at every number of games at once, so stopping whenever it is narrow enough keeps its
coverage: the predictable plug-in empirical-Bernstein confidence sequence of Waudby-Smith and
Ramdas (2023, "Estimating means of bounded random variables by betting", JRSS B, Theorem 2),
for observations in [0, 1]:

    mu_t = (1/2 + sum x) / (t + 1),  s2_t = (1/4 + sum (x_i - mu_i)^2) / (t + 1)
    center = sum lam_i x_i / sum lam_i
    half   = (log(2/alpha) + sum v_i psi(lam_i)) / sum lam_i,
             v_i = 4 (x_i - mu_{i-1})^2,  psi(l) = (-log(1 - l) - l) / 4

Any predictable bets lam_i in [0, 1) give a valid sequence; their size only sets its width. The
bets here are tuned to the target half-width h: lam_i = min(h / s2_{i-1}, 1/2), the width
that reaches h near n* = 2 s2 log(2/alpha) / h^2 games (about 1.9 times the games a fixed-size
95% interval of the same width needs: the price of looking as often as we like).

An observation is one game: a seat's win (0 or 1), or a strategy's share of wins among the
seats it played in that game (one strategy in two seats of one game is one observation, so
observations stay independent across games).
"""
import math

import numpy as np
import polars as pl

RULE = ("anytime-valid 95% confidence sequence (predictable plug-in empirical Bernstein, Waudby-Smith & Ramdas "
        "2023), its bets tuned to the target width: valid however often the run looks")


def confidence_sequence(x, target, alpha=0.05, cap=0.5):
    """(center, half-width) after each observation of `x` (values in [0, 1], in game order),
    arrays of len(x): a sequence of intervals that holds the mean at every t at once with
    probability 1 - alpha. `target`: the half-width the bets are tuned to reach."""
    x = np.asarray(x, dtype=float)
    t = np.arange(1, x.size + 1)
    mu = (0.5 + np.cumsum(x)) / (t + 1)
    s2 = (0.25 + np.cumsum((x - mu) ** 2)) / (t + 1)
    mu_prev = np.concatenate(([0.5], mu[:-1]))
    s2_prev = np.concatenate(([0.25], s2[:-1]))
    lam = np.minimum(target / s2_prev, cap)
    psi = (-np.log1p(-lam) - lam) / 4
    weight = np.cumsum(lam)
    center = np.cumsum(lam * x) / weight
    half = (math.log(2 / alpha) + np.cumsum(4 * (x - mu_prev) ** 2 * psi)) / weight
    return center, half


def group_streams(seats):
    """{label: per-game observations in game order} of a run's seats frame (game_id, seat,
    strategy, won): each seat's win, and each strategy's share of wins among its seats in a
    game (the games it played)."""
    df = seats.select("game_id", "seat", "strategy", pl.col("won").cast(pl.Float64))
    out = {f"seat {s}": g.sort("game_id")["won"].to_numpy() for (s,), g in df.group_by("seat")}
    per_game = df.group_by("strategy", "game_id").agg(pl.col("won").mean()).sort("game_id")
    for (name,), g in per_game.group_by("strategy"):
        out[f"strategy {name}"] = g["won"].to_numpy()
    return dict(sorted(out.items()))


def widest(seats, target, at, alpha=0.05):
    """For each number of games in `at` (ascending, each at most the games in `seats`): (label,
    half-width) of the group whose anytime-valid interval over the first that many games is
    widest, the one that decides whether a run may stop there. `seats`: a run's seats frame
    (game_id, seat, strategy, won) of games 0 to n - 1."""
    halves = {label: confidence_sequence(x, target, alpha)[1] for label, x in group_streams(seats).items()}
    out = []
    for n in at:
        label = max(halves, key=lambda k: halves[k][n - 1])
        out.append((label, float(halves[label][n - 1])))
    return out
