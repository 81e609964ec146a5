"""Automatic findings: every seat, strategy, item of the game's subjects (a card drawn, an
action taken), item of its LongValue sections (an Angel's hero side against its patron side,
a card played; the largest few per section) or variant change further from fair (or from the
baseline) than a threshold the designer sets, and statistically significant, stated in one
plain sentence with its numbers (an item's as an association, never a cause).

p-values are Holm-adjusted within each kind of test (all seats, all cards, ...), so looking
at many things at once does not make noise look like a finding. A comparison whose smaller
group is below the minimum size (``analysis.group_size``) never becomes one.

The list is in the order a designer acts on (`TIERS`): seat and strategy balance, then
variant changes to win rates and balance, then variant changes to scores, ties and length,
then the associations of the game's items; within a tier, largest effect (in units of its
threshold) first. Findings that share a cause (one flat score shift showing in every seat's,
strategy's and item's score; a seat's edge in every variant) are one (``analysis.causes``).
"""
from dataclasses import dataclass, field

import polars as pl

from simulate.core.sections import LongValue

from .causes import merge_shared_causes
from .group_size import MinGroup
from .load import collect, open_tables, protocol
from .long_value import long_values
from .never_played import never_played, note_findings
from .significance import adjust
from .value import value
from .variants import RATE_METRICS, big_enough_rows, compare_variants, holder_of, metric_name
from .winrates import mixed_strategies, seat_win_rates, strategy_win_rates
from .words import plural


@dataclass
class Finding:
    """One finding: `kind` (seat, strategy, a subject's name such as card, variant), `subject`
    (e.g. "seat 0"), the `sentence`, `effect` (in the metric's unit: rate points as a fraction, or
    score/turns) and its (adjusted) `p_value`; `details` holds the row it came from."""

    kind: str
    subject: str
    sentence: str
    effect: float
    p_value: float
    details: dict = field(default_factory=dict, repr=False)
    scale: float = field(default=1.0, repr=False)      # the threshold it was measured against
    tier: int = 0                                      # its place in TIERS
    also: list = field(default_factory=list, repr=False)   # findings of the same cause merged into it
    key: tuple = field(default=(), repr=False)         # findings of one key may share a cause (analysis.causes)
    short: str = field(default="", repr=False)         # its name in a merged finding's list: "seat 1 below fair"
    cell: str = field(default="", repr=False)          # where: "2-player variant-b"
    rate: bool = field(default=True, repr=False)       # effect is a rate (else in score, turns or rounds)
    rests_on: tuple = field(default=(), repr=False)    # config files with assumed values its subject rests on

    @property
    def size(self):
        """The effect in units of its threshold (what orders findings within a tier)."""
        return abs(self.effect) / self.scale


SEATS, VARIANT_RATES, VARIANT_SCORES, ITEM_CAUSES, ITEMS = range(5)
CAUSAL = -1                 # before every other tier (and a Finding's default tier stays SEATS)
TIERS = {CAUSAL: "causal effects of interventions (the same games with and without the change)",
         SEATS: "seat and strategy balance", VARIANT_RATES: "variant changes to win rates and balance",
         VARIANT_SCORES: "variant changes to scores, ties and length",
         ITEM_CAUSES: "items measured as causes (the same games with and without the item)",
         ITEMS: "associations (items whose holders win more or less; not causes)"}
ASSOCIATION = "an association, not a cause"


def _pct(x):
    return f"{100 * x:.1f}%"


def _pts(x):
    return f"{100 * abs(x):.1f} percentage points"


def _p(p):
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _cell(row, many_variants):
    v = f" {row['variant']}" if many_variants else ""
    return f"{row['n_players']}-player{v}"


def _where(row, many_variants):
    return f"{_cell(row, many_variants)} games"


def _contrast_sentence(who, rate, where, others, other_rate, d, lo, hi, n, n_other, g, unit, p, association=False):
    """"<who> X% of <where> vs Y% for <others> (+d percentage points, 95% CI; n = ... vs ...;
    +g <unit>); p" - one group's win rate against another's, with ", an association, not a cause"."""
    return (f"{who} {_pct(rate)} of {where} vs {_pct(other_rate)} for {others} ({d * 100:+.1f} percentage points, "
            f"95% CI {100 * lo:+.1f} to {100 * hi:+.1f}; n = {n:,} vs {n_other:,}; {g:+.1f} {unit}); {_p(p)}"
            + (f"; {ASSOCIATION}." if association else "."))


def _significant(df, effect, threshold, alpha):
    df = adjust(df, "p_value", "holm", alpha) if df.height else df
    return df.filter(pl.col("significant") & (pl.col(effect).abs() >= threshold)) if df.height else df


def _fair_findings(df, kind, who, where, threshold, alpha, many_variants):
    """A finding for each row whose win rate differs from fair (1/P) by `threshold` and is
    significant: "<who> wins X% <where> (95% CI, n), Y percentage points above/below fair; p".
    A game of one seat has no fair share (a solo game is won against the game, not the others)."""
    df = df.filter(pl.col("n_players") > 1)
    out = []
    for r in _significant(df, "advantage", threshold, alpha).iter_rows(named=True):
        side = "above" if r["advantage"] > 0 else "below"
        name = who(r)
        # two players: one seat's edge is the other's deficit, one fact (a key without the side)
        key = (kind, r["n_players"]) if r["n_players"] == 2 else (kind, name, r["n_players"], side)
        out.append(Finding(kind, name, (
            f"{name[0].upper() + name[1:]} wins {_pct(r['win_rate'])} {where}{_where(r, many_variants)} (95% CI "
            f"{100 * r['lo']:.1f}-{_pct(r['hi'])}, n = {r['n']:,}), {_pts(r['advantage'])} {side} fair "
            f"({_pct(r['fair'])}); {_p(r['p_adjusted'])}."), r["advantage"], r["p_adjusted"], r,
            key=key, short=f"{name} {side} fair", cell=_cell(r, many_variants)))
    return out


def seat_findings(seats, threshold, alpha, many_variants):
    """Seats whose win rate differs from 1/P by at least `threshold`."""
    return _seat_findings(seat_win_rates(seats), threshold, alpha, many_variants)


def _seat_findings(df, threshold, alpha, many_variants):
    return _fair_findings(df, "seat", lambda r: f"seat {r['seat']}", "of ", threshold, alpha, many_variants)


def strategy_findings(seats, threshold, alpha, many_variants):
    """Strategies whose win rate (over the seats they played) differs from 1/P, in cells where
    more than one strategy played."""
    return _strategy_findings(strategy_win_rates(seats), threshold, alpha, many_variants)


def _strategy_findings(df, threshold, alpha, many_variants):
    return _fair_findings(mixed_strategies(df), "strategy", lambda r: f"strategy {r['strategy']}",
                          "of its seats in ", threshold, alpha, many_variants)


def value_findings(seats, subject, threshold, alpha, many_variants, unit="points", min_group=MinGroup()):
    """Items of `subject` whose seats' win rate differs from the others' by at least `threshold`."""
    return _value_findings(value(seats, subject), subject, threshold, alpha, many_variants, unit, min_group)


def _big_enough(df, a, b, min_group):
    """The rows whose smaller group (columns n_<a>, n_<b>) is big enough in its cell's seat-games."""
    return df.filter(pl.Series(min_group.rows_big_enough(df, a, b), dtype=pl.Boolean))


def _value_findings(df, subject, threshold, alpha, many_variants, unit, min_group=MinGroup(), names=None):
    """A finding for each item whose groups are both at least `min_group` and whose improvement
    is significant (Holm over those items) and at least `threshold`: "Seats that <verb> <item> win X%
    ... vs Y% for those that did not ...; an association, not a cause"; `names`: the game's
    ``item_names`` (a numbered action by its effect)."""
    if df is None or not subject.findings:
        return []
    with_, without = subject.states
    df = df.rename({"improvement_p": "p_value"}).filter(pl.col("p_value").is_not_nan())
    df = _big_enough(df, with_, without, min_group)
    out = []
    for r in _significant(df, "improvement", threshold, alpha).iter_rows(named=True):
        item = r[subject.name]
        who = f"seats that {subject.verb} {subject.text(item, names)}"
        out.append(Finding(subject.name, f"{subject.name} {item}", _contrast_sentence(
            f"S{who[1:]} win", r[f"win_rate_{with_}"], _where(r, many_variants),
            "those that did not", r[f"win_rate_{without}"], r["improvement"], r["improvement_lo"],
            r["improvement_hi"], r[f"n_{with_}"], r[f"n_{without}"], r["vp_difference"], unit, r["p_adjusted"],
            association=True), r["improvement"], r["p_adjusted"], r, tier=ITEMS,
            key=(subject.name, item, r["improvement"] > 0), short=who, cell=_cell(r, many_variants)))
    return out


TOP = 3      # findings per LongValue section at most (the largest): its table marks every significant row


def long_value_findings(df, section, threshold, alpha, many_variants, unit="points", top=TOP, min_group=MinGroup()):
    """The items of a ``LongValue`` section (``analysis.long_value.long_value``) whose headline
    difference (`d0`: state a minus state b) is significant after Holm over the section's rows
    and at least `threshold`, both groups at least `min_group`, the `top` largest: "Seats that
    <a> won X% ... vs Y% for seats that <b>" - an association, worded as one."""
    if df is None or not section.findings or not df.height:
        return []
    a, b = section.pairs[0]
    rows = (df.rename({"d0_p": "p_value"}).filter(pl.col("p_value").is_not_nan())
            .pipe(_significant, "d0", threshold, alpha).pipe(_big_enough, a, b, min_group))
    if not rows.height:
        return []
    out = []
    for r in rows.sort(pl.col("d0").abs(), descending=True).head(top).iter_rows(named=True):
        item = r["item"]
        # with `within`, the other seats are those of the same nation (say) where the item occurs
        same = f" of the same {section.within}" if section.within and b == section.rest else ""
        out.append(Finding(section.name, f"{section.name} {item}", _contrast_sentence(
            f"Seats that {section.says(a, item)} won", r[f"win_rate_{a}"], _where(r, many_variants),
            f"seats{same} that {section.says(b, item)}", r[f"win_rate_{b}"], r["d0"], r["d0_lo"], r["d0_hi"],
            r[f"n_{a}"], r[f"n_{b}"], r["g0"], unit, r["p_adjusted"], association=True),
            r["d0"], r["p_adjusted"], r, tier=ITEMS, key=(section.name, item, r["d0"] > 0),
            short=f"seats that {section.says(a, item)}", cell=_cell(r, many_variants)))
    return out


def variant_findings(source, baseline, threshold, vp_threshold, alpha, min_group=MinGroup()):
    """Variant changes (Holm over the whole comparison) of at least `threshold` for rates (win
    rates, tie rate, balance) or `vp_threshold` for scores, turns and rounds, merged by cause."""
    t = open_tables(source)
    game = protocol(t)
    return _variant_findings(compare_variants(t, baseline, method="holm", alpha=alpha), baseline, threshold,
                             vp_threshold, game.score_unit, min_group, game.subjects)


def cause_key(row):
    """What a variant change shares with another of the same cause: variant, player count,
    direction and the number moved, a seat's, strategy's, item holders' and the winner's final
    score all one number (a flat shift of every score shows in them all; a rate or a source only in
    itself). Changes at other player counts are other games: never one cause."""
    final = row["metric"] in ("score_total", "winner_score")
    return (row["variant"], row["n_players"], row["diff"] > 0, "final score" if final else row["metric"],
            None if final or row["metric"].startswith("score_") else row["subject"])


def _holder(row):
    return holder_of(row["subject"], row["metric"])


def _variant_tier(row):
    if _holder(row):
        return ITEMS
    return VARIANT_RATES if row["metric"] in ("won", "balance") else VARIANT_SCORES


def _variant_who(row, subjects, names=None):
    """" of seat 0", " over seats", " of seats that drew <item>" (an item's holders), "" for the game."""
    holder = _holder(row)
    if holder:
        item = row["subject"][len(holder) + 1:]
        s = subjects.get(holder)
        return f" of seats that {s.verb} {s.text(item, names)}" if s else f" of seats with {holder} {item}"
    return "" if row["subject"] == "all" else f" over {row['subject']}" if row["metric"] == "balance" \
        else f" of {row['subject']}"


def change_label(row, unit="points", subjects=None, names=None):
    """A variant change's name in a list: "final VP of seat 0", "the winner's VP"."""
    what = metric_name(row["metric"], unit)
    return f"{what}{_variant_who(row, subjects or {}, names)}" if row["subject"] != "all" else f"the {what}"


def _variant_findings(df, baseline, threshold, vp_threshold, unit="points", min_group=MinGroup(), subjects=(),
                      names=None):
    """Variant findings, merged by cause (``analysis.causes``); item holders' changes worded as
    associations, and only where both variants' holders are at least `min_group`."""
    if df is None or not df.height:
        return []
    named = {s.name: s for s in subjects}
    rate = pl.col("metric").is_in(RATE_METRICS)
    df = df.with_columns(scale=pl.when(rate).then(threshold).otherwise(vp_threshold))
    df = df.filter(pl.Series(big_enough_rows(df, min_group), dtype=pl.Boolean))
    df = df.filter(pl.col("significant") & (pl.col("diff").abs() >= pl.col("scale")))
    out = []
    for r in df.iter_rows(named=True):
        is_rate = r["metric"] in RATE_METRICS
        what = metric_name(r["metric"], unit)
        fmt = (lambda x: f"{100 * x:.1f}%") if is_rate else (lambda x: f"{x:.2f}")
        d = f"{100 * r['diff']:+.1f} percentage points" if is_rate else f"{r['diff']:+.2f}"
        ci = (f"{100 * r['lo']:+.1f} to {100 * r['hi']:+.1f}" if is_rate else f"{r['lo']:+.2f} to {r['hi']:+.2f}")
        n = f"{r['n_pairs']:,} paired" if r["paired"] else f"n = {r['n_a']:,} vs {r['n_b']:,}"
        tier = _variant_tier(r)
        out.append(Finding("variant", f"{r['variant']} {r['subject']} {r['metric']}", (
            f"In {r['n_players']}-player games, {r['variant']} changes the {what}{_variant_who(r, named, names)} from "
            f"{fmt(r['mean_a'])} ({baseline}) to {fmt(r['mean_b'])} ({d}, 95% CI {ci}, {n}); {_p(r['p_adjusted'])}"
            + (f"; {ASSOCIATION}." if tier == ITEMS else ".")),
            r["diff"], r["p_adjusted"], r, scale=r["scale"], tier=tier, key=cause_key(r),
            short=change_label(r, unit, named, names), cell=f"{r['n_players']}-player", rate=is_rate))
    return out


def findings(source, threshold=0.03, vp_threshold=1.0, alpha=0.05, baseline="base", min_group=MinGroup(),
             names=None):
    """All findings of a run or comparison in the order of `TIERS`, largest effect first within
    each (effects measured in units of their threshold: `threshold` for rates, `vp_threshold`
    for scores, turns and rounds in variant changes). Variant findings only when the data holds
    `baseline` and another variant. A comparison of groups needs both at least `min_group`.
    `names`: the game's ``item_names`` of the run's config (the report passes them)."""
    t = open_tables(source)
    game = protocol(t)
    many = collect(t.games.select(pl.col("variant").n_unique()))[0, 0] > 1
    deltas = compare_variants(t, baseline, method="holm", alpha=alpha) if many else None
    values = {s: value(t.seats, s) for s in game.subjects if s.findings}
    sections = [s for s in game.sections if isinstance(s, LongValue) and s.findings]
    longs = {s: v for s, (v, _) in long_values(t, sections).items()} if sections else {}
    return findings_of(seat_win_rates(t.seats), strategy_win_rates(t.seats), values, deltas, threshold,
                       vp_threshold, alpha, baseline, many, game.score_unit, longs, min_group, names,
                       never_played(t, game))


def intervention_findings(effects, threshold=0.03, vp_threshold=1.0, unit="points"):
    """Findings of ``analysis.interventions.treated_effects``: an intervention whose effect on the
    treated seat's win rate (or its score) is significant after the Holm correction and at least
    the threshold; worded as the cause it is."""
    out = []
    if effects is None or not effects.height:
        return out
    for r in effects.iter_rows(named=True):
        rate = r["won_significant"] and abs(r["won"]) >= threshold
        score = r["score_total_significant"] and abs(r["score_total"]) >= vp_threshold
        if not (rate or score):
            continue
        sentence = (f"With {r['what']} ({r['intervention']}), the win rate of the seat given it changes by "
                    f"{100 * r['won']:+.1f} percentage points (95% CI {100 * r['won_lo']:+.1f} to "
                    f"{100 * r['won_hi']:+.1f}) and its {unit} by {r['score_total']:+.2f} (95% CI "
                    f"{r['score_total_lo']:+.2f} to {r['score_total_hi']:+.2f}) in {r['players']}-player games "
                    f"(n = {plural(r['n'], 'game')} paired with the printed game); {_p(r['won_p_adjusted'])}: a causal "
                    f"effect, for these strategies.")
        out.append(Finding("intervention", r["intervention"], sentence, r["won"] if rate else r["score_total"],
                           r["won_p_adjusted"] if rate else r["score_total_p_adjusted"], r,
                           scale=threshold if rate else vp_threshold, tier=CAUSAL, rate=rate,
                           short=f"{r['intervention']} ({r['players']} players)", cell=f"{r['players']}-player"))
    return out


def quote_causal_effects(findings, effects, subjects, label=str):
    """Each association finding about an item an intervention changed (`subjects`: the game's
    ``intervention_subjects``) quotes the intervention's causal effect after the association.
    A subject's finding names its item by the subject, a section's as `item`, by `label(id)`
    where the report names items (``reports.data.item_label``)."""
    if effects is None:
        return findings
    for f in findings:
        if f.tier != ITEMS:
            continue
        for r in effects.iter_rows(named=True):
            subject, phrase = subjects.get(r["key"], (None, None))
            players = f.details.get("n_players")
            item = str(f.details.get(subject, f.details.get("item")))
            if (subject != f.kind or item not in (r["value"], label(r["value"]))
                    or (players is not None and players != r["players"])):
                continue
            f.sentence += (f" Its causal effect, measured: {phrase} changes a seat's win rate by "
                           f"{100 * r['won']:+.1f} percentage points (95% CI {100 * r['won_lo']:+.1f} to "
                           f"{100 * r['won_hi']:+.1f}; what-if {r['intervention']}, {r['players']} players, "
                           f"n = {plural(r['n'], 'paired game')}).")
    return findings


def findings_of(seat, strategy, values, deltas, threshold=0.03, vp_threshold=1.0, alpha=0.05,
                baseline="base", many_variants=False, unit="points", long_values=None, min_group=MinGroup(),
                names=None, never_played=None):
    """`findings` from frames already computed: seat_win_rates, strategy_win_rates, `values`
    ({Subject: its `value` frame or None}; subjects with findings=False give none),
    compare_variants (Holm at `alpha`; None for a single variant) and `long_values`
    ({LongValue section: its `long_value` frame or None}). `unit`: the game's score unit; `names`:
    its ``item_names`` (items named by what they are in the sentences); `never_played`: the frame
    of ``analysis.never_played.never_played`` (findings about such items say so)."""
    out = (_seat_findings(seat, threshold, alpha, many_variants)
           + _strategy_findings(strategy, threshold, alpha, many_variants))
    for subject, df in values.items():
        out += _value_findings(df, subject, threshold, alpha, many_variants, unit, min_group, names)
    for section, df in (long_values or {}).items():
        out += long_value_findings(df, section, threshold, alpha, many_variants, unit, min_group=min_group)
    for f in out:
        f.scale = threshold
    out = note_findings(out, never_played)
    out += _variant_findings(deltas, baseline, threshold, vp_threshold, unit, min_group, list(values), names)
    return sorted(merge_shared_causes(out), key=lambda f: (f.tier, -f.size))
