"""Report sections a game declares as data (``Game.sections``): what its report shows beyond
the sections every game gets (win rates, balance, ties, length, score sources, subjects).

Each class names a generic analysis over columns of the game's tables; the game says which
columns, the analysis (``analysis/``) and the report (``reports/sections.py``) do the rest,
the same way for every game. No polars here: a game's protocol stays light to import.

Every section has a `name` (its key: table and figure names, a finding's kind), a `title`
(its heading) and a `question`: the one sentence a designer reads under the heading.
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class SeatHeatmap:
    """Win rate of each value of a categorical seats `column` (a nation, a faction) at each seat,
    per player count: does a value fare differently from one seat to another?"""

    name: str
    title: str
    question: str
    column: str


@dataclass(frozen=True)
class HeadToHead:
    """Each value of a seats `column` against each other value met in the same game: the share of
    meetings in which the first finishes ahead of the second (same rank: half), with its interval."""

    name: str
    title: str
    question: str
    column: str


@dataclass(frozen=True)
class State:
    """A state of an item in a long per-seat table: the seat-games with a row of the item whose
    `column` is one of `values` (no values: is not null; no column: any row of the item).
    `says` completes "Seats that ..." in a finding ("awakened {item} as hero")."""

    name: str
    says: str
    column: str = None
    values: tuple = ()


@dataclass(frozen=True)
class LongValue:
    """17lands-style value of the items of a long per-seat table (`table`: one row per seat, game
    and item, at most one row per seat-game and item among the rows `where` keeps): each state's
    seat-games, win rate and mean score; `rest` is every other seat-game of the cell (no row of
    the item). `contrasts` are (state, state) differences, the first the headline (figure,
    findings; default: the first state against the rest). `who` names seats columns for a
    "by whom" table; `per_game` adds the share of games in which the item happened. `within`
    names a seats column whose values bound the rest: only the seat-games of a value (a nation)
    in which the item ever occurs, so that a nation's own card is weighed against that
    nation's seats without it, not against every other nation's (which would repeat the
    nation's own win rate). An association, never a cause: the report says so."""

    name: str
    title: str
    question: str
    table: str
    item: str
    states: tuple                    # State, ...
    rest: str = "without"
    rest_says: str = "did not have {item}"
    where: tuple = ()                # ((column, (value, ...)), ...): the rows the section reads
    contrasts: tuple = ()            # ((state, state), ...); a state or `rest`
    who: tuple = ()                  # seats columns: by whom
    per_game: bool = False
    within: str = None               # a seats column: the rest only among its values where the item occurs
    findings: bool = True
    note: str = ""

    @property
    def pairs(self):
        return self.contrasts or ((self.states[0].name, self.rest),)

    def says(self, state, item):
        """What the seats of `state` did, in words: "awakened Freyana Olessa as hero"."""
        text = self.rest_says if state == self.rest else next(s.says for s in self.states if s.name == state)
        words = str(item).replace("_", " ")
        return text.format(item=words, Item=" ".join(w[:1].upper() + w[1:] for w in words.split(" ")))


@dataclass(frozen=True)
class FlagEffect:
    """Per name in a comma-separated games `column` (the curses in play): games with it against
    games without, the difference in each metric's mean (a games column, or a seats column averaged
    over the game's seats) with a Welch interval, Holm-adjusted over the names of each metric."""

    name: str
    title: str
    question: str
    column: str
    metrics: tuple = ("turns", "score_total")
    note: str = ""


@dataclass(frozen=True)
class Pace:
    """The turn of the game's k-th event, from games columns `column` with `{k}` in it
    (entry_{k}_turn; null when the game made fewer): its mean with an interval over the games
    that reached k, and the share of games that did."""

    name: str
    title: str
    question: str
    column: str
    note: str = ""


@dataclass(frozen=True)
class Endings:
    """How games ended: the share of each value of a games `column` with its interval; `cap`, the
    value of a game the turn cap ended instead of the rules (its share is the cap rate)."""

    name: str
    title: str
    question: str
    column: str
    cap: str = None
    note: str = ""


@dataclass(frozen=True)
class ScoreGroups:
    """The score sources (seats' score_<source> columns) summed into `groups` ((label, (source,
    ...)), ...: glory in play, end bonus), mean per seat-game with its interval and share of the
    total, per value of each seats column in `by`."""

    name: str
    title: str
    question: str
    groups: tuple
    by: tuple = ("strategy",)
    note: str = ""


@dataclass(frozen=True)
class Stages:
    """Games won by stages done in order (a solo scenario's tasks): the win rate per value of each
    seats column in `by` (interval, n), and where the lost seat-games stopped: the share of them
    stuck at each stage (the seats column `done` counts the stages done: stuck at done + 1), per
    value of `by[0]` and in all. No data where `done` is null throughout (another kind of game)."""

    name: str
    title: str
    question: str
    done: str
    by: tuple = ("strategy",)
    note: str = ""


@dataclass(frozen=True)
class Use:
    """One kind of content a seat may use or leave (an Angel, an upgrade, a hero), for a ``Usage``
    section: where its uses are recorded and when it was there to use.

    Uses: a seats count column per item (`table` "seats", `column` with ``{item}``:
    "activations_{item}") or the rows of a long table (`table`, its item `column`, the rows
    `where` keeps; at most one row per seat-game and item among them). A row is a use unless
    `count` names a column of uses (0: held, not used) or `used` is the state of the rows that
    are uses (a journey card played: the others were held, not played). `sides` are the ways of
    using it (an Angel's hero or patron side), `outcomes` other states counted beside (a card
    discarded). Items: the game's ``content_items(config)[kind]``, else `items`, else the data.

    There to use (available), per seat-game: with `held`, the seat-games with a row of the item
    (a card held, an Angel held); with `offered`, the games whose comma-separated games column
    lists the item (the Angels drawn for the board), every seat of them; else every seat-game,
    or with `within` (a seats column) those whose value owns the item (``content_items``: a
    nation's own upgrade)."""

    kind: str
    label: str                       # the kind in a sentence: "Angel awakened", "upgrade gained"
    table: str
    column: str
    where: tuple = ()                # ((column, (value, ...)), ...)
    used: State = None
    count: str = None
    sides: tuple = ()                # State, ...
    one_sided: tuple = ()            # names of `sides` watched: one under the section's `one_sided` share of the uses
    outcomes: tuple = ()             # State, ...
    items: tuple = ()
    held: bool = False
    offered: str = None
    within: str = None


@dataclass(frozen=True)
class Usage:
    """Content the players never or rarely use: per `uses` kind and item, the seat-games it was
    there for, its uses, the share of those seat-games and of those games in which it was used
    (Wilson intervals), the share of each side. An item is never used (0 uses), rarely used
    (used in under `rare` of the games in which it was there) or one-sided (a `one_sided` kind's
    least used side under `one_sided` of its uses). With skill tiers (``report --robustness``)
    each tier's numbers too, and per item a verdict: used by the strongest tier but not by the
    run's players, a bot gap; used by none, a design finding. The page shows the first `shown`
    such items; the full table goes beside it as CSV."""

    name: str
    title: str
    question: str
    uses: tuple                      # Use, ...
    rare: float = 0.05
    one_sided: float = 0.10
    shown: int = 25
    note: str = ""


KINDS = (SeatHeatmap, HeadToHead, LongValue, FlagEffect, Pace, Endings, ScoreGroups, Stages, Usage)
