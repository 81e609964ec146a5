"""The smallest group a comparison needs before it can become a finding.

A win rate of 701 seat-games against one of 299,000 is significant and means little: the
701 seats are the odd games (a seat that never took a common action). A group is big enough
when it holds at least `share` of its cell's seat-games or `count` seat-games, whichever is
fewer: 1% or 1,000 by default, so a huge run does not ask for 100,000 and a small one can
still find something. Tables show the smaller groups greyed.
"""
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class MinGroup:
    share: float = 0.01          # of the cell's seat-games
    count: int = 1000            # seat-games

    def __post_init__(self):
        if not 0 <= self.share <= 1 or self.count < 0:
            raise ValueError(f"a minimum group is a share from 0 to 1 and a count of 0 or more, not "
                             f"{self.share!r} and {self.count!r}")

    def size(self, seat_games):
        """The smallest group of a cell with `seat_games` seat-games (arrays: element-wise)."""
        need = np.minimum(np.ceil(np.asarray(seat_games, dtype=float) * self.share), self.count)
        return int(need) if need.ndim == 0 else need.astype(int)

    def big_enough(self, smaller, seat_games):
        """Whether the smaller of two groups (`smaller` seat-games) is big enough in its cell."""
        return np.asarray(smaller) >= self.size(seat_games)

    def rows_big_enough(self, df, a, b):
        """Per row of a frame with seat-game counts n_<a> and n_<b> (and the cell's `seat_games`,
        else their sum): whether the smaller of the two groups is big enough."""
        total = df["seat_games"] if "seat_games" in df.columns else df[f"n_{a}"] + df[f"n_{b}"]
        smaller = np.minimum(df[f"n_{a}"].to_numpy(), df[f"n_{b}"].to_numpy())
        return self.big_enough(smaller, total.to_numpy())

    def text(self):
        return f"{100 * self.share:g}% of the cell's seats played or {self.count:,}, whichever is fewer"


NONE = MinGroup(0.0, 0)          # every group counts (tests of the statistics alone)
