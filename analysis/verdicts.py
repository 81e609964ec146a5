"""The summary card: one verdict per question a designer asks of a run, pass / watch / fail
against the findings' threshold, like a data-quality report's alert summary.

- seat balance, strategy balance: fail when a seat (strategy) is a finding (significant and at
  least the threshold from fair); watch when one is significantly off fair by half the
  threshold or more, or when its 95% interval still reaches the threshold (too few games to
  rule a real gap out); else pass. Strategy balance is not applicable where one strategy plays
  every seat.
- variant effects: fail when a variant changes a seat's or strategy's win rate or the balance by
  the threshold; watch when it only changes item holders' win rates (associations) or shifts
  scores, ties or length (each named); pass when nothing changed; not applicable to a single
  variant.
- item outliers (the game's subjects: cards, actions, ...): fail when an item's holders win
  twice the threshold more or less than the others; watch at the threshold; else pass.
  Associations, not causes.
- interventions (a what-if): fail when one changes the treated seat's win rate by the threshold
  (a cause); else pass. A what-if's variant row then speaks only of real variants.

With skill tiers (``report --robustness``) the seat question has one verdict, from the strongest
tier with games enough to tell a gap of the threshold (``trusted_seat_verdict``); the same rule
decides every finding against stronger play (``analysis.robustness.deciding_tier``). A what-if
without tiers leaves the seat question to that check: its printed game is a run's games.
"""
from dataclasses import dataclass, field

import polars as pl

from .findings import CAUSAL, ITEMS, VARIANT_RATES, VARIANT_SCORES
from .significance import adjust
from .winrates import mixed_strategies
from .words import plural, possessive, strategy_words

PASS, WATCH, FAIL, NA = "pass", "watch", "fail", "n/a"
WHAT_IF_SEATS = ("a what-if measures its interventions; the seat balance of its printed game (a run's games) is "
                 "judged against stronger play: windtunnel report RUN --robustness (or this what-if's report with "
                 "--robustness)")


@dataclass
class Verdict:
    question: str
    verdict: str
    reason: str
    about: dict = field(default_factory=dict)   # where: n_players, variant, seat, strategy, item, subject
    next: str = ""                              # the command that answers it (``analysis.next_steps``)
    takes: str = ""                             # how long that command takes ("about 2 min on ... 2 cores")


def _where(row, *keys):
    return {k: row[k] for k in ("n_players", "variant", *keys) if k in row and row[k] is not None}


def _pts(x):
    return f"{100 * x:.1f} points"


def _fair_verdict(question, df, kinds, findings, threshold, alpha, who, key):
    """`findings` None: the frame is a skill tier's, which has none; a gap of the threshold,
    significant after Holm, fails all the same."""
    found = [f for f in findings or () if f.kind in kinds]
    if found:
        f = found[0]
        more = sum(1 + len(g.also) for g in found) - 1
        return Verdict(question, FAIL, f"{f.short} in {f.cell} games ({100 * f.effect:+.1f} points; "
                       f"threshold {_pts(threshold)})" + (f", and {more} more" if more else ""),
                       {**_where(f.details, key), "above": f.effect > 0})
    if df is None or not df.height:
        return Verdict(question, NA, "no data")
    df = adjust(df, "p_value", "holm", alpha).with_columns(
        reach=pl.max_horizontal((pl.col("lo") - pl.col("fair")).abs(), (pl.col("hi") - pl.col("fair")).abs()))
    big = df.filter(pl.col("significant") & (pl.col("advantage").abs() >= threshold)) if findings is None else df.head(0)
    if big.height:
        r = big.sort(pl.col("advantage").abs(), descending=True).row(0, named=True)
        return Verdict(question, FAIL, f"{who(r)} {100 * r['advantage']:+.1f} points from fair in {r['n_players']}-player "
                       f"games (95% CI {100 * (r['lo'] - r['fair']):+.1f} to {100 * (r['hi'] - r['fair']):+.1f}; "
                       f"threshold {_pts(threshold)})", {**_where(r, key), "above": r["advantage"] > 0})
    off = df.filter(pl.col("significant") & (pl.col("advantage").abs() >= threshold / 2))
    if off.height:
        r = off.sort(pl.col("advantage").abs(), descending=True).row(0, named=True)
        return Verdict(question, WATCH, f"{who(r)} {100 * r['advantage']:+.1f} points from fair in "
                       f"{r['n_players']}-player games: significant, below the threshold of {_pts(threshold)}",
                       {**_where(r, key), "above": r["advantage"] > 0})
    wide = df.filter(pl.col("reach") >= threshold)
    if wide.height:
        r = wide.sort("n").row(0, named=True)
        return Verdict(question, WATCH, f"too few games to tell: {possessive(who(r))} 95% interval reaches "
                       f"{_pts(threshold)} from fair (n = {r['n']:,})", {**_where(r, key), "too_few": True})
    return Verdict(question, PASS, f"every {question.split()[0].lower()} within {_pts(threshold)} of fair "
                   "(95% intervals)")


def trusted_tier(tier_seats, tiers, threshold):
    """The strongest of `tiers` ([(strategy, games)], weakest first) whose every seat's 95% interval
    in `tier_seats` (``analysis.robustness.seats_by_tier``) is within the threshold of its rate:
    games enough to tell a gap of the threshold. None where no tier has games enough. The seat
    verdict trusts it, and it decides each seat finding against stronger play."""
    for tier, _ in reversed(tiers):
        df = tier_seats.filter(pl.col("tier") == tier, pl.col("p_value").is_not_null())
        if df.height and ((df["hi"] - df["lo"]) / 2).max() <= threshold:
            return tier
    return None


def trusted_seat_verdict(own, tier_seats, label, tiers, threshold, alpha=0.05):
    """The one seat-balance verdict of a run with skill tiers: the ``trusted_tier``'s (`tiers`:
    [(strategy, games)], weakest first), else the run's own; `own` (the run's verdict) is quoted
    after it. `tier_seats`: ``analysis.robustness.seats_by_tier``."""
    tier = trusted_tier(tier_seats, tiers, threshold)
    if tier is None:
        weakest = ", ".join(strategy_words(t) for t, _ in tiers)
        own.reason = (f"trusting {label} (no stronger tier has games enough to tell a gap of {_pts(threshold)}: "
                      f"{weakest}): {own.reason}")
        return own
    games = dict(tiers)[tier]
    df = tier_seats.filter(pl.col("tier") == tier, pl.col("p_value").is_not_null())
    v = _fair_verdict("Seat balance", df.drop("tier"), (), None, threshold, alpha, lambda r: f"seat {r['seat']}",
                      "seat")
    v.about.update(tier=tier, tier_games=games)             # more games of it, where they would tell
    v.reason = (f"trusting {strategy_words(tier)} in every seat ({games:,} games; the strongest play whose "
                f"intervals are within {_pts(threshold)}): {v.reason}. {label.capitalize()}: {own.verdict}, "
                f"{own.reason}")
    return v


def verdicts(findings, seat, strategy, threshold, many_variants, item_names=(), alpha=0.05, what_if=False,
             checked=False):
    """[Verdict] for seat balance, strategy balance, variant effects, interventions (a what-if:
    `what_if`; `many_variants` then counts its real variants only) and item outliers from the
    findings (``analysis.findings``) and the seat and strategy win-rate frames (a what-if's: of
    its printed game); `item_names`: the names of the subjects and sections whose items become
    findings (the question's name). A what-if without skill tiers (`checked` False) leaves the seat
    question to a check against stronger play: its printed game is a run's games, which the run's
    report judges by the strongest play with games enough (the same seeds, the same verdict)."""
    out = [Verdict("Seat balance", NA, WHAT_IF_SEATS) if what_if and not checked else
           _fair_verdict("Seat balance", seat, ("seat",), findings, threshold, alpha, lambda r: f"seat {r['seat']}",
                         "seat")]
    mixed = mixed_strategies(strategy)
    if mixed.height:
        out.append(_fair_verdict("Strategy balance", mixed, ("strategy",), findings, threshold, alpha,
                                 lambda r: f"strategy {r['strategy']}", "strategy"))
    else:
        out.append(Verdict("Strategy balance", NA, "one strategy plays every seat"))
    if what_if:
        causes = sorted((f for f in findings if f.tier == CAUSAL and f.rate), key=lambda f: -abs(f.effect))
        if causes:
            f = causes[0]
            many = len(causes) > 1
            out.append(Verdict("Interventions", FAIL, f"{plural(len(causes), 'intervention')} "
                               f"change{'' if many else 's'} the win rate of the seat given it by "
                               f"{_pts(threshold)} or more "
                               f"(causes); largest: {f.short}, "
                               f"{100 * f.effect:+.1f} points", {"n_players": f.details.get("players"),
                                                                 "intervention": f.subject}))
        else:
            out.append(Verdict("Interventions", PASS, f"no intervention changes the win rate of the seat given it by "
                               f"{_pts(threshold)} or more"))
    if not many_variants:
        out.append(Verdict("Variant effects", NA, "a what-if of one game: its interventions are the row above"
                           if what_if else "a single variant"))
    else:
        out.append(_variant_verdict(findings, threshold))
    items = [f for f in findings if f.tier == ITEMS and f.kind != "variant"]
    named = list(dict.fromkeys(item_names))
    joined = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else "".join(named)
    question = (joined or "item").capitalize() + " outliers"
    if not item_names:
        return out
    big = [f for f in items if f.size >= 2]
    if big:
        out.append(Verdict(question, FAIL, f"{len(big)} with a win-rate difference of twice the threshold "
                           f"({_pts(2 * threshold)}) or more; largest: {big[0].short} ({100 * big[0].effect:+.1f} "
                           "points; an association)", _item(big[0], big + [f for f in items if f.size < 2])))
    elif items:
        out.append(Verdict(question, WATCH, f"{len(items)} between {_pts(threshold)} and {_pts(2 * threshold)} "
                           "(associations)", _item(items[0], items)))
    else:
        out.append(Verdict(question, PASS, f"no item's holders win {_pts(threshold)} more or less than the others"))
    return out


def _variant_verdict(findings, threshold):
    """Variant effects: fail on a change to a seat's or strategy's win rate or the balance; watch on
    a change to item holders' win rates (associations) or to scores, ties or length, each named,
    so the line never says a win rate holds beside a finding that it moved."""
    rates = [f for f in findings if f.tier == VARIANT_RATES]
    if rates:
        return Verdict("Variant effects", FAIL, f"{len(rates)} change{'s' if len(rates) > 1 else ''} to win "
                       f"rates or balance of {_pts(threshold)} or more; first: {rates[0].short} "
                       f"({rates[0].cell})", _where(rates[0].details))
    holders = sorted((f for f in findings if f.kind == "variant" and f.tier == ITEMS and f.rate),
                     key=lambda f: -abs(f.effect))
    scores = [f for f in findings if f.tier == VARIANT_SCORES]
    if not (holders or scores):
        return Verdict("Variant effects", PASS, "no significant change of the threshold or more")
    said = [f"no seat's or strategy's win rate nor the balance changes by {_pts(threshold)} or more"]
    if holders:
        f = holders[0]
        said.append(f"{plural(len(holders), 'change')} to the win rate of item holders (associations); largest: "
                    f"{f.short} ({f.cell}), {100 * f.effect:+.1f} points")
    if scores:
        said.append(f"{plural(len(scores), 'shift')} in scores, ties or length")
    return Verdict("Variant effects", WATCH, "; ".join(said), _where((holders or scores)[0].details))


def _item_id(f):
    """A finding's item as the game's interventions name it: its id ("j04"), not the report's label
    ("Sunken Treasure (j04)")."""
    d = f.details
    return d.get("item_id", d.get(f.kind, d.get("item")))


def _item(f, items=()):
    """Where an item finding is: its subject (the finding's kind) and item id; `items` (the item
    findings, largest first) as [(subject, item id)], so a next step can take the first a what-if
    can change."""
    return {**_where(f.details), "subject": f.kind, "item": _item_id(f),
            "items": [(g.kind, _item_id(g)) for g in items]}
