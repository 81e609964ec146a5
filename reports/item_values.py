"""The items' causal values on the page (``analysis.causal_values``): the table that opens the
items part of a report, and its CSV (numbers as numbers, rates as fractions); each association
table's column of the item's cause is ``table_text.cause_column``."""
import polars as pl

from .table_text import Table, ci_num, ci_pts, count, num, pts

CSV = {"class": "class", "item": "item", "label": "name", "effect": "effect", "low": "low", "high": "high",
       "score": "score_effect", "score_low": "score_low", "score_high": "score_high", "turns": "turns_effect",
       "games": "games", "settled": "settled", "verdict": "verdict"}


def item_values_table(df, unit, threshold):
    """Every measured item, largest effect first: its effect on the win rate of the seat that gets
    it (anytime-valid 95% interval), on its score and on game length, the games and the verdict."""
    many = "cell" in df.columns
    rows = [([r["cell"]] if many else []) + [r["class"], r["label"], pts(r["effect"]), ci_pts(r["low"], r["high"]),
                                             num(r["score"], "{:+.2f}"), ci_num(r["score_low"], r["score_high"], "{:+.2f}"),
                                             num(r["turns"], "{:+.2f}"), count(r["games"]), r["verdict"]]
            for r in df.iter_rows(named=True)]
    note = (f"Each item measured as a cause: the run's own games played again with game k's seat k mod players "
            f"given the item (a harbor action: never allowed it, and the value is what that costs), paired with the "
            f"same seat in the same game. Win-rate change in percentage points with an anytime-valid 95% interval "
            f"(valid however often the measure looked); the items played side by side, each stopping once its "
            f"interval lay wholly inside or wholly outside the band of ±{100 * threshold:.1f} points; 'unsettled' "
            f"ones ran out of budget or games. An item that changes every seat's game (a deed, a curse) has no "
            f"win-rate verdict: read its {unit} and game-length change. The CSV holds rates as fractions.")
    names = {"label": "name"} if "name" in df.columns else {}         # a comparison's label names its cell too
    csv = df.select(*(["cell"] if many else []), *[pl.col(names.get(k, k) if k != "label" or not names else "name")
                                                   .alias(v) for k, v in CSV.items()])
    return Table("item_values", "What each item does (measured as a cause)", note,
                 (["cell"] if many else []) + ["class", "item", "win rate change (pts)", "95% CI", f"{unit} change",
                                               "95% CI", "turns change", "games", "verdict"], rows,
                 marked=[r["verdict"] == "larger than the band" for r in df.iter_rows(named=True)], csv=csv)



def item_tables(data):
    """The items' causal-values table of a report, if it measured any."""
    return [] if data.item_values is None else [item_values_table(data.item_values, data.unit, data.threshold)]


def seat_tables(data):
    """The seat edge's parts, if the report's run measured them."""
    return [] if getattr(data, "seat_parts", None) is None else [seat_parts_table(data.seat_parts)]


def seat_parts_table(parts):
    """Where each seat's edge comes from (``analysis.seat_parts``): the extra turns the printed end
    gives, and what remains with the round played out."""
    rows = [[str(r["seat"]), pts(r["printed"]), ci_pts(r["printed_lo"], r["printed_hi"]), pts(r["extra"]),
             ci_pts(r["extra_lo"], r["extra_hi"]), pts(r["rest"]), ci_pts(r["rest_lo"], r["rest_hi"]), count(r["n"])]
            for r in parts.iter_rows(named=True)]
    note = ("Each seat's win rate minus fair in the run, split by a what-if that plays the round out (every seat the "
            "same number of turns) on the run's own games, the same seat in the same game: 'extra turns' is the "
            "run's win rate minus the round-played-out one (a paired difference: what the printed end's extra turns "
            "cause), 'the rest' is the round-played-out win rate minus fair (moving earlier in the round, and "
            "anything else the seat's place gives). Normal 95% intervals; n = the games of that seat measured.")
    return Table("seat_parts", "Where the seat edge comes from (measured)", note,
                 ["seat", "edge (pts)", "95% CI", "extra turns (pts)", "95% CI", "the rest (pts)", "95% CI", "n"],
                 rows, marked=[abs(r["printed"]) >= 0.03 for r in parts.iter_rows(named=True)])
