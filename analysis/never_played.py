"""Items a strategy draws but never plays.

When a strategy never plays a card it draws, the card's value in its games (the win rate of
seats that drew it) measures the strategy's habit, not the card: the report says so beside
the card's numbers. Two sources, both generic: a count subject with a `played` column (seats
that drew the item against seats that played it, per strategy) and a game's cards table
(`card`, `turn_played`: each card drawn and whether it was played, joined to its seat's
strategy).
"""
import polars as pl

from .load import CELL, collect
from .value import is_count, item_columns

LEAST = 30           # seat-games (or cards) drawn before "never played" says anything
KEYS = ["run_id", "game_id", "seat"]


def _subject_counts(seats, subject, by):
    cols = item_columns(seats, subject.column, subject.items)
    played = item_columns(seats, subject.played, cols)
    pairs = [(item, c, played[item]) for item, c in cols.items() if item in played]
    if not pairs:
        return None
    aggs = {}
    for i, (_, drawn, play) in enumerate(pairs):
        aggs[f"d{i}"] = (pl.col(drawn) > 0).sum().cast(pl.Int64)
        aggs[f"p{i}"] = (pl.col(play) > 0).sum().cast(pl.Int64)
    wide = collect(seats.group_by(*by).agg(**aggs))
    return pl.concat([wide.select(*by, source=pl.lit(subject.name), item=pl.lit(str(item)), drawn=f"d{i}",
                                  played=f"p{i}") for i, (item, _, _) in enumerate(pairs)])


def _card_counts(tables, by, name):
    cards = tables.table(name) if name else None
    if cards is None or not {"card", "turn_played"} <= set(cards.collect_schema().names()):
        return None
    seats = tables.seats.select(*KEYS, *by)
    if "kind" in cards.collect_schema().names():          # only kinds of card that get played (not upgrades kept)
        played_kinds = collect(cards.filter(pl.col("turn_played").is_not_null()).select(pl.col("kind").unique()))
        cards = cards.filter(pl.col("kind").is_in(played_kinds["kind"].to_list()))
    df = collect(cards.select(*KEYS, "card", "turn_played").join(seats, on=KEYS).group_by(*by, "card").agg(
        drawn=pl.len().cast(pl.Int64), played=pl.col("turn_played").is_not_null().sum().cast(pl.Int64)))
    return df.select(*by, source=pl.lit(name), item=pl.col("card").cast(pl.String), drawn="drawn",
                     played="played")


def never_played(tables, game, by=(*CELL, "strategy"), least=LEAST):
    """Per cell and strategy, the items drawn at least `least` times and never played, from the
    game's (its protocol object's) subjects and its card table: columns *by, source (the
    subject's name, or the card table's), item (as text), drawn (seat-games that drew it; for
    the card table, cards drawn); an item both sources hold is the subject's. Empty when
    nothing is."""
    by = list(by)
    parts = [p for s in game.subjects if is_count(s) and s.played
             if (p := _subject_counts(tables.seats, s, by)) is not None]
    if (cards := _card_counts(tables, by, game.card_table)) is not None:
        parts.append(cards)
    if not parts:
        return pl.DataFrame()
    out = pl.concat(parts, how="vertical_relaxed").unique([*by, "item"], keep="first", maintain_order=True)
    return out.filter((pl.col("played") == 0) & (pl.col("drawn") >= least)).drop("played").sort(*by, "source", "item")


def note_findings(findings, never):
    """Findings about an item some strategy drew and never played (in the same cell), with a
    sentence saying so; `never`: the frame of `never_played`."""
    if never is None or not never.height:
        return findings
    for f in findings:
        if f.kind == "variant" or not f.details or "variant" not in f.details:
            continue
        name, _, item = f.subject.partition(" ")
        rows = never.filter((pl.col("source") == name) & (pl.col("item") == item)
                            & (pl.col("variant") == f.details["variant"])
                            & (pl.col("n_players") == f.details["n_players"]))
        if rows.height:
            who = ", ".join(sorted(rows["strategy"].cast(pl.String).unique().to_list()))
            plural = "ies" if rows["strategy"].n_unique() > 1 else "y"
            f.sentence += (f" Strateg{plural} {who} drew it and never played it: its value says more about "
                           "the bot than about the item.")
    return findings
