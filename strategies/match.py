"""Head-to-head matches between strategies, the unit of tournaments and tuning.

A match of A against B seats A once and B in every other seat, and rotates A over
the seats game by game (``play_batch(rotate=True)``), so seat advantage cancels
out over any P consecutive games. A win is ranking first; a tie for first counts
half. Matches of different strategies on the same seed play the same deals
(common random numbers), which makes their differences far less noisy.
"""
from dataclasses import dataclass

import numpy as np

from analysis.stats import wilson_interval
from simulate.aeolos import game as G
from simulate.aeolos import layout as L
from simulate.aeolos.kernel import result_arrays

from .plugin import scorers_for
from .roster import strategy_arrays

CHUNK = 2000          # games per kernel call (bounds the result arrays)


@dataclass
class MatchResult:
    wins: float        # games A won (ties for first count half)
    games: int

    @property
    def rate(self):
        return self.wins / self.games if self.games else float("nan")

    def interval(self, confidence=0.95):
        return wilson_interval(self.wins, self.games, confidence)


def score_of_first(seats, n_players):
    """Per game: 1 if strategy 0 won alone, 1/k if it shared first place with k-1 others."""
    strategy = seats[:, :n_players, G.P_STRATEGY]
    won = seats[:, :n_players, G.P_WON]
    mine = (won * (strategy == 0)).sum(axis=1)
    return mine / np.maximum(won.sum(axis=1), 1)


def play_match(rules, n_players, a, b, games, seed, first=0):
    """Strategy `a` against `b` in the other seats: (wins of a, games)."""
    strategies = [a] + [b] * (n_players - 1)
    POL, W = strategy_arrays(strategies)
    scorers = scorers_for(strategies)
    wins = 0.0
    for start in range(first, first + games, CHUNK):
        k = min(CHUNK, first + games - start)
        g, s, f, fn = result_arrays(k)
        G.play_batch(rules.T, n_players, seed, start, k, W, POL, False, g, s, f, fn, True, scorers)
        wins += float(score_of_first(s, n_players).sum())
    return MatchResult(wins, games)


def weights_strategy(template, row, name="candidate"):
    """`template` with its weight row replaced (for candidates of the tuner)."""
    from .roster import Strategy

    row = tuple(float(x) for x in row)
    if len(row) != L.N_WCOLS:
        raise ValueError(f"a strategy row has {L.N_WCOLS} numbers, not {len(row)}")
    return Strategy(name, template.policy, row, template.description, template.plugin, template.source)


def worker_setup(config, plugin_files, *names):
    """In a worker process: the rules from a run's resolved config and the named strategies
    (plugin files imported first, so their names resolve)."""
    from simulate.aeolos.tables import load_rules

    from .plugin import load_plugins
    from .roster import load_strategy

    load_plugins(plugin_files)
    return (load_rules(data=config), *(load_strategy(n) for n in names))
