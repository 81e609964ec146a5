"""Causal item values: what each item a game declares (``Game.causal_items``) does to the seat
that gets it, measured on a run's own games.

Each item is one what-if of the game's intervention table (``analysis.interventions``): game
k's seat k mod players gets the item, everything else is the run's game k (the same deal and
dice). An item's value is the mean of the per-game differences between that seat in the what-if
and the same seat in the run (turned round for an item the what-if takes away: a harbor action
never taken), so "holders win 12.9 points more" (an association: how seats come to hold it)
becomes "the card itself gives 6.5".

Items race (``simulate.running.causal``): after each look an item whose win-rate interval lies
wholly inside the threshold band (-3, +3 points) or wholly outside it is settled and stops; the
interval is an anytime-valid 95% confidence sequence (``analysis.sequential``), valid however
often the race looks, so the interval shown and the verdict read from it always agree. Scores
and game length get an ordinary 95% interval at the games played. An item that changes every
seat's game (a deed, a curse) has no win-rate verdict: its effect on score and length is told.
"""
import math

import numpy as np
import polars as pl

from simulate.core.seats import treated_seat

from .findings import ITEM_CAUSES, ITEMS, Finding
from .sequential import confidence_sequence
from .significance import difference
from .verdicts import FAIL, PASS, WATCH, Verdict

LARGE, SMALL, UNSETTLED, NO_VERDICT = ("larger than the band", "within the band", "unsettled",
                                       "no win-rate verdict")
COLUMNS = ("class", "kind", "item", "label", "effect", "low", "high", "score", "score_low", "score_high",
           "turns", "turns_low", "turns_high", "games", "settled", "verdict", "per_seat", "what_if")


def treated_rows(seats, games, n_players):
    """game_id, won, score_total, turns of game k's seat k mod players (the seat a what-if treats),
    in game order: lazy `seats` and `games` frames of one cell."""
    seats = seats.filter(treated_seat(pl.col("game_id"), n_players) == pl.col("seat")).select(
        "game_id", pl.col("won").cast(pl.Float64), pl.col("score_total").cast(pl.Float64))
    return seats.join(games.select("game_id", pl.col("turns").cast(pl.Float64)), on="game_id").sort("game_id")


def win_interval(d, threshold, alpha=0.05):
    """(low, high) of the mean of paired win differences `d` (values in [-1, 1], game order): an
    anytime-valid confidence sequence at its last game, its bets tuned to tell an effect from
    the band's edge (a half-width of about half the threshold)."""
    if len(d) == 0:
        return math.nan, math.nan
    center, half = confidence_sequence((np.asarray(d, float) + 1) / 2, threshold / 4, alpha)
    return max(-1.0, 2 * center[-1] - 1 - 2 * half[-1]), min(1.0, 2 * center[-1] - 1 + 2 * half[-1])


def verdict(low, high, threshold, per_seat=True):
    """What an item's win-rate interval says against the band (-threshold, +threshold)."""
    if not per_seat:
        return NO_VERDICT
    if low > threshold or high < -threshold:
        return LARGE
    if low > -threshold and high < threshold:
        return SMALL
    return UNSETTLED


def mean_interval(d, confidence=0.95):
    """(mean, low, high) of values `d` with a normal 95% interval (nan where too few)."""
    if len(d) < 2:
        return (float(d.mean()) if len(d) else math.nan), math.nan, math.nan
    mean = float(d.mean())
    lo, hi, _ = difference(mean, float(d.std(ddof=1) / math.sqrt(len(d))), confidence)
    return mean, float(lo), float(hi)


def differences(cell, base, sign=1):
    """{metric: per-game differences} of an item's what-if rows (game_id, won, score, turns; any
    order) against the run's treated rows (``treated_rows``) of the same games, in game order;
    `sign` -1 for an item the what-if takes away."""
    paired = (pl.DataFrame(cell).join(base, on="game_id", how="inner").sort("game_id"))
    return {m: sign * (paired[m] - paired[b]).to_numpy().astype(float)
            for m, b in (("won", "won_base"), ("score", "score_base"), ("turns", "turns_base"))}


def item_value(item, d, threshold, label=None, alpha=0.05):
    """One row (``COLUMNS``) of an item (``CausalItem``) from its per-game differences `d`."""
    low, high = win_interval(d["won"], threshold, alpha) if item.per_seat else mean_interval(d["won"])[1:]
    score, score_low, score_high = mean_interval(d["score"])
    turns, turns_low, turns_high = mean_interval(d["turns"])
    v = verdict(low, high, threshold, item.per_seat)
    return {"class": item.title, "kind": item.kind, "item": item.item, "label": label or item.item,
            "effect": float(d["won"].mean()) if len(d["won"]) else math.nan, "low": low, "high": high,
            "score": score, "score_low": score_low, "score_high": score_high,
            "turns": turns, "turns_low": turns_low, "turns_high": turns_high,
            "games": int(len(d["won"])), "settled": v in (LARGE, SMALL), "verdict": v, "per_seat": item.per_seat,
            "what_if": ",".join(f"{k}={v}" for k, v in item.sets.items())}


def base_frame(treated):
    """The run's treated rows renamed for ``differences``."""
    return treated.rename({"won": "won_base", "score_total": "score_base", "turns": "turns_base"})


def value_table(rows):
    """The rows of ``item_value`` as a frame, verdict items first, largest effect first."""
    if not rows:
        return pl.DataFrame()
    df = pl.DataFrame(rows)
    df = df.select(*COLUMNS, *[c for c in df.columns if c not in COLUMNS])
    return df.sort([pl.col("per_seat").not_(), pl.col("effect").abs()], descending=[False, True], nulls_last=True)


def gap_words(association, causal, unit="points"):
    """The association against the cause in plain words: "holders win 12.9 points more; the card
    itself gives +6.5: the rest is how seats come to hold it"."""
    a, c = 100 * association, 100 * causal
    more = "more" if a >= 0 else "less"
    if abs(a - c) < 1.0:
        return f"holders win {abs(a):.1f} {unit} {more}; the item itself gives {c:+.1f}: about all of it"
    rest = "the rest is" if abs(c) < abs(a) and a * c >= 0 else "the difference is"
    return (f"holders win {abs(a):.1f} {unit} {more}; the item itself gives {c:+.1f}: {rest} how seats come to "
            "hold it")


def against_class(values):
    """Each per-seat item's effect against the typical item of its class (the class median): the
    question "which card is too strong" asks of a card against the other cards. Adds `typical`,
    `deviation`, `deviation_low`, `deviation_high` (its interval shifted by the median)."""
    if values is None or not values.height:
        return values
    by = ["class", *(["cell"] if "cell" in values.columns else [])]      # a comparison: within its cell
    med = values.filter(pl.col("per_seat")).group_by(by).agg(typical=pl.col("effect").median(), members=pl.len())
    out = values.join(med, on=by, how="left").with_columns(
        pl.when(pl.col("members") >= 3).then(pl.col("typical")).otherwise(0.0).alias("typical"))
    return out.with_columns(deviation=pl.col("effect") - pl.col("typical"),
                            deviation_low=pl.col("low") - pl.col("typical"),
                            deviation_high=pl.col("high") - pl.col("typical")).drop("members")


def outliers(values, threshold):
    """The per-seat items whose interval against their class's typical item lies wholly outside the
    threshold band, largest deviation first (``against_class``)."""
    df = against_class(values)
    if df is None or not df.height:
        return []
    df = df.filter(pl.col("per_seat") & ((pl.col("deviation_low") > threshold) | (pl.col("deviation_high") < -threshold)))
    return df.sort(pl.col("deviation").abs(), descending=True).to_dicts()


def sentence(r, unit="points"):
    """An item's measured effect as a finding's sentence, worded as the cause it is."""
    typical = r.get("typical") or 0.0
    than = (f"; the typical {r['class']} gives {100 * typical:+.1f}, so it is {100 * abs(r['deviation']):.1f} "
            f"points {'stronger' if r['deviation'] > 0 else 'weaker'} than its class" if abs(typical) >= 0.005 else "")
    return (f"{r['class'].capitalize()} {r['label']}: measured as a cause, it changes the win rate of the seat that "
            f"holds it by {100 * r['effect']:+.1f} percentage points (95% CI {100 * r['low']:+.1f} to "
            f"{100 * r['high']:+.1f}, anytime-valid; n = {r['games']:,} games paired with the run's own){than}.")


def findings(values, threshold, unit="points"):
    """A finding per outlier (``outliers``), worded as a cause: the items tier that leads the
    associations (``analysis.findings.ITEM_CAUSES``)."""
    return [Finding(r["kind"], r["label"], sentence(r, unit), r["deviation"], math.nan,
                    {**r, "item": r["item"], r["kind"]: r["item"]}, scale=threshold, tier=ITEM_CAUSES,
                    short=f"{r['class']} {r['label']}") for r in outliers(values, threshold)]


def quote(found, values, label=str, unit="points"):
    """Each association finding about a measured item gets the gap in plain words (``gap_words``):
    what holding it goes with against what the item itself does."""
    if values is None or not values.height:
        return found
    measured = {(r["kind"], r["item"]): r for r in values.iter_rows(named=True)}
    for f in found:
        if f.tier != ITEMS or not f.rate:
            continue
        item = f.details.get(f.kind, f.details.get("item_id", f.details.get("item")))
        r = measured.get((f.kind, str(item)))
        sides = [x for (k, i), x in measured.items() if k == f.kind and i.startswith(f"{item}:")]
        if r is not None and r["per_seat"]:
            f.sentence += f" Measured as a cause: {gap_words(f.effect, r['effect'], unit)}."
        elif sides:                     # an item whose what-ifs are its sides (an Angel's hero or patron side)
            f.sentence += " Measured as causes, " + "; ".join(
                f"only the {x['item'].split(':', 1)[1]} side: {100 * x['effect']:+.1f} points (95% CI "
                f"{100 * x['low']:+.1f} to {100 * x['high']:+.1f})" for x in sides) + (
                ": the association is mostly how seats come to take each side" if all(
                    abs(x["effect"]) < abs(f.effect) / 2 for x in sides) else "") + "."
    return found


def undecided(values, threshold):
    """The per-seat items whose interval against their class's typical item still reaches across the
    band's edge (neither an outlier nor within the band: too few games measured), widest first."""
    df = against_class(values)
    if df is None or not df.height:
        return []
    edge = ((pl.col("deviation_low") < threshold) & (pl.col("deviation_high") > threshold)) | (
        (pl.col("deviation_low") < -threshold) & (pl.col("deviation_high") > -threshold))
    return df.filter(pl.col("per_seat") & edge).sort(pl.col("high") - pl.col("low"), descending=True).to_dicts()


def item_verdict(values, threshold, question):
    """The summary's item question answered from measured causes (``analysis.verdicts.Verdict``)."""
    out = outliers(values, threshold)
    unsettled = values.filter(pl.col("verdict") == UNSETTLED).height if values is not None else 0
    tail = (f"; {unsettled} unsettled (too near the band's edge for the games measured)" if unsettled else "")
    if out:
        r = out[0]
        big = [x for x in out if abs(x["deviation"]) >= 2 * threshold]
        level = FAIL if big else WATCH
        return Verdict(question, level, f"{len(out)} measured item{'s' if len(out) > 1 else ''} differ from the "
                       f"typical item of {'their' if len(out) > 1 else 'its'} class by more than "
                       f"{100 * threshold:.1f} points; largest: {r['class']} {r['label']} "
                       f"({100 * r['deviation']:+.1f} points, measured as a cause){tail}",
                       {"subject": r["kind"], "item": r["item"], "intervention": r["what_if"], "measured": True,
                        **({"n_players": r["n_players"]} if r.get("n_players") else {}),
                        **({"variant": r["variant"]} if r.get("variant") else {})})
    near = undecided(values, threshold)
    if near:
        r = near[0]
        return Verdict(question, WATCH, f"too few games to tell: {len(near)} measured item"
                       f"{'s' if len(near) > 1 else ''} may differ from the typical item of "
                       f"{'their' if len(near) > 1 else 'its'} class by {100 * threshold:.1f} points (the "
                       f"widest: {r['class']} {r['label']}, {100 * r['deviation']:+.1f} points [{100 * r['deviation_low']:+.1f}, "
                       f"{100 * r['deviation_high']:+.1f}], n = {r['games']:,})",
                       {"subject": r["kind"], "item": r["item"], "too_few": True,
                        **({"n_players": r["n_players"]} if r.get("n_players") else {}),
                        **({"variant": r["variant"]} if r.get("variant") else {})})
    return Verdict(question, PASS, f"no measured item differs from the typical item of its class by "
                   f"{100 * threshold:.1f} points or more (causes, not associations){tail}")
