"""Head-to-head matches between strategies, the unit of tournaments and tuning.

A match of A against B seats A once and B in every other seat, and rotates A over
the seats game by game (``game.play(rotate=True)``), so seat advantage cancels
out over any P consecutive games. A win is ranking first; a tie for first between
k seats counts 1/k. Matches of different strategies on the same seed play the same
deals (common random numbers), which makes their differences far less noisy.
"""
from dataclasses import dataclass

import numpy as np

from simulate.core.games import get_game
from simulate.core.python_play import check_python_strategies, choosers_for, play
from simulate.core.stats import wilson_interval

from .plugin import load_plugins, scorers_for
from .roster import Strategy, load_strategy, strategy_arrays


@dataclass
class MatchResult:
    wins: float        # games A won (a tie for first between k seats counts 1/k)
    games: int

    @property
    def rate(self):
        return self.wins / self.games if self.games else float("nan")

    def interval(self, confidence=0.95):
        return wilson_interval(self.wins, self.games, confidence)


def win_shares(won):
    """(games, players) win shares of a batch's `won`: 1 for a lone winner, 1/k for each of k
    seats tied for first, 0 for the others."""
    won = np.asarray(won, dtype=bool)
    return won / np.maximum(won.sum(axis=1, keepdims=True), 1)


def shares_by_slot(won, slot, n_slots):
    """Per strategy slot, its seats' win shares summed over the games (``win_shares``); `won`,
    `slot`: (games, players) arrays of a batch's results."""
    return np.bincount(np.asarray(slot).ravel(), weights=win_shares(won).ravel(), minlength=n_slots)[:n_slots]


def _batches(game, rules, n_players, strategies, games, seed, first=0):
    """`strategies` (one per seat) rotated over the seats game by game, games [first, first +
    games) of `seed` a chunk at a time: yields each batch's (Results, games in it)."""
    POL, W = strategy_arrays(game, strategies)
    check_python_strategies(game, strategies)
    mine = dict(scorers=scorers_for(strategies), choosers=choosers_for(game, strategies),
                names=[s.name for s in strategies])
    results = None
    for start in range(first, first + games, game.chunk):
        k = min(game.chunk, first + games - start)
        results = play(game, rules, n_players, seed, start, k, POL, W, rotate=True, out=results, **mine)
        yield results, k


def play_profile(game, rules, n_players, strategies, games, seed, first=0):
    """`strategies` (one per seat) rotated over the seats game by game: games [first, first +
    games) of `seed`; each strategy slot's win shares summed (``shares_by_slot``)."""
    game = get_game(game)
    out = np.zeros(len(strategies))
    for results, k in _batches(game, rules, n_players, strategies, games, seed, first):
        out += shares_by_slot(results.won[:k], results.slot[:k], len(strategies))
    return out


def play_field(game, rules, n_players, strategy, field, games, seed, group):
    """`strategy` in one seat and `field` in the others, rotated over the seats: per label of the
    game's balance group `group` (a nation), the strategy's seat's (win shares, seat-games)."""
    game = get_game(game)
    labels = len(game.balance_groups[group])
    wins, seats = np.zeros(labels), np.zeros(labels)
    for results, k in _batches(game, rules, n_players, [strategy] + [field] * (n_players - 1), games, seed):
        share, label = win_shares(results.won[:k]), np.asarray(results.group(group)[:k])
        mine = (np.asarray(results.slot[:k]) == 0) & (label >= 0)
        wins += np.bincount(label[mine], weights=share[mine], minlength=labels)[:labels]
        seats += np.bincount(label[mine], minlength=labels)[:labels]
    return wins, seats


def play_match(game, rules, n_players, a, b, games, seed, first=0):
    """Strategy `a` against `b` in the other seats: games [first, first + games) of `seed`."""
    return MatchResult(float(play_profile(game, rules, n_players, [a] + [b] * (n_players - 1), games, seed,
                                          first)[0]), games)


def weights_strategy(game, template, row, name="candidate"):
    """`template` with its row replaced (for candidates of the tuner)."""
    game = get_game(game)
    schema = game.strategy_schema()
    row = tuple(float(x) for x in row)
    if len(row) != schema.row_size:
        raise ValueError(f"a strategy row has {schema.row_size} numbers, not {len(row)}")
    return Strategy(name, template.policy, row, template.description, template.plugin, template.source,
                    game=game.name)


def worker_setup(game, config, plugin_files, *names):
    """In a worker process: the rules from a run's resolved config and the named strategies
    (plugin files imported first, so their names resolve)."""
    game = get_game(game)
    load_plugins(plugin_files, game)
    return (game.load_rules(data=config), *(load_strategy(game, n) for n in names))
