"""The report's tables as plain text cells, shared by the HTML and Markdown pages:
`tables(data) -> [Table]`. Every rate comes with its n and 95% interval."""
import math
from dataclasses import dataclass

from analysis.findings import TIERS
from analysis.never_played import LEAST
from analysis.robustness import DOUBTED, NO_COMPARISON
from analysis.significance import SMALL
from analysis.variants import RATE_METRICS, big_enough_rows, metric_name
from analysis.words import HOLM, strategy_words

from .figures import cell_label, used_sources


@dataclass
class Table:
    key: str
    title: str
    note: str
    headers: list
    rows: list                      # lists of str
    marked: list = None             # per row: highlight (a significant change)
    question: str = ""              # the one question the table answers (a game's own sections)
    greyed: list = None             # per row: a group below the findings' minimum size
    csv: object = None              # a polars DataFrame: the full table, written beside the page as <key>.csv
    csv_link: str = None            # where the page links to it (set when the report is written)


def item_label(names, item):
    """An item as a report shows it: its name, "name (id)" where the name does not say the id
    (cards: "Rashid's Scimitar (kusan_u5)"; a deed "The Maelstrom"), the id where none is known."""
    name = names.get(item)
    if name is None or name == item:
        return item
    same = "".join(ch for ch in name.lower() if ch.isalnum()) == "".join(ch for ch in item.lower() if ch.isalnum())
    return name if same else f"{name} ({item})"


def greyed_rows(df, a, b, min_group):
    """Per row of a frame with groups n_<a> and n_<b>: whether the smaller is below `min_group`
    (None when there is no minimum)."""
    if min_group is None or not df.height:
        return None
    return [not ok for ok in min_group.rows_big_enough(df, a, b)]


def small_note(table_rows_greyed, min_group):
    """The sentence that explains greyed rows, when a table has any."""
    if not table_rows_greyed or not any(table_rows_greyed):
        return ""
    return (f" Greyed: a group smaller than {min_group.text()}, too small to become a finding "
            "(a few odd games, not the item).")


def _ok(x):
    return x is not None and not (isinstance(x, float) and math.isnan(x))


class Cell(str):
    """A number as the page shows it ("39.2%", "+3.1", "[1.0, 2.0]") that keeps its value for the
    CSV (``reports.export``): a rate or a difference in points as a fraction, an interval as its
    two ends, a count as a whole number."""
    value = None

    def __new__(cls, text, value=None):
        cell = super().__new__(cls, text)
        cell.value = value
        return cell


NONE = Cell("–")


def pct(x, digits=1):
    return Cell(f"{100 * x:.{digits}f}%", x) if _ok(x) else NONE


def ci_pct(lo, hi):
    return Cell(f"{100 * lo:.1f}–{100 * hi:.1f}%", (lo, hi)) if _ok(lo) and _ok(hi) else NONE


def pts(x):
    return Cell(f"{100 * x:+.1f}", x) if _ok(x) else NONE


def ci_pts(lo, hi):
    return Cell(f"{100 * lo:+.1f} to {100 * hi:+.1f}", (lo, hi)) if _ok(lo) and _ok(hi) else NONE


def num(x, fmt="{:.2f}"):
    return Cell(fmt.format(x), x) if _ok(x) else NONE


def ci_num(lo, hi, fmt="{:.2f}"):
    return Cell(f"{fmt.format(lo)} to {fmt.format(hi)}", (lo, hi)) if _ok(lo) and _ok(hi) else NONE


def count(n):
    return Cell(f"{int(n):,}", int(n)) if _ok(n) else NONE


def pval(p):
    if not _ok(p):
        return NONE
    return Cell("< 0.001" if p < 0.001 else f"{p:.3f}", p)


def findings_note(data):
    """What the findings list holds (the HTML and Markdown pages both say it)."""
    size = (f" Both groups of a comparison hold at least {data.min_group.text()} (a seat played: one "
            "seat in one game)." if data.min_group else "")
    return (f"Everything further than {100 * data.threshold:.1f} percentage points from fair (or from the baseline; "
            f"for variant changes in {data.unit}, turns or rounds, a difference of 1) and significant after a Holm "
            f"correction ({HOLM}), in the order a designer acts on ({'; '.join(TIERS.values())}), largest first "
            "within each; changes that share a cause are one finding." + size)


def _who(over, value):
    return f"seat {value}" if over == "seat" else str(value)


def _cell(many, row):
    return [cell_label(row["variant"], row["n_players"])] if many else []


def _win_table(key, title, df, by, many):
    rows = [_cell(many, r) + [str(r[by]), pct(r["win_rate"]), ci_pct(r["lo"], r["hi"]), count(r["wins"]),
                              count(r["n"]), pct(r["fair"]), pts(r["advantage"]), pval(r["p_value"])]
            for r in df.iter_rows(named=True)]
    return Table(key, title, "Wins over seats played (each seat of each game; a tie is a win for each tied seat), "
                 "Wilson 95% interval; advantage = win rate − fair (1/players) in percentage points; p: two-sided "
                 "exact binomial test against fair (not adjusted).",
                 (["cell"] if many else []) + [by, "win rate", "95% CI", "wins", "n", "fair", "advantage (pts)", "p"],
                 rows)


def _describe(key, title, note, df, many):
    rows = [_cell(many, r) + [str(r["metric"]).replace("_", " "), count(r["n"]), num(r["mean"]),
                              ci_num(r["lo"], r["hi"]), num(r["sd"]), num(r["min"], "{:.0f}"),
                              num(r["q05"], "{:.0f}"), num(r["q50"], "{:.0f}"), num(r["q95"], "{:.0f}"),
                              num(r["max"], "{:.0f}")]
            for r in df.iter_rows(named=True)]
    return Table(key, title, note, (["cell"] if many else []) +
                 ["metric", "n", "mean", "95% CI", "sd", "min", "5%", "median", "95%", "max"], rows)


def _value_table(subject, df, many, unit, min_group=None, names=None, causes=None):
    """A subject's value (analysis.value.value), one row per cell and item: with against without,
    then played, the share with it and the mean count where the frame has them; `causes` ({item
    id: text}): the item's measured cause beside its association."""
    with_, without = subject.states
    extra = [(h, f) for h, c, f in (
        ("played: win rate", "win_rate_played", lambda r: pct(r["win_rate_played"])),
        ("n played", "n_played", lambda r: count(r["n_played"])),
        (f"share {with_.replace('_', ' ')}", f"share_{with_}", lambda r: pct(r[f"share_{with_}"])),
        ("mean count", "mean_count", lambda r: num(r["mean_count"]))) if c in df.columns]
    if causes:
        extra.insert(0, ("the item itself (measured)", lambda r: causes.get(str(r[subject.name]), "–")))
    rows = [_cell(many, r) + [subject.text(r[subject.name], names), count(r[f"n_{with_}"]), pct(r[f"win_rate_{with_}"]),
                              ci_pct(r[f"lo_{with_}"], r[f"hi_{with_}"]), count(r[f"n_{without}"]),
                              pct(r[f"win_rate_{without}"]), pts(r["improvement"]),
                              ci_pts(r["improvement_lo"], r["improvement_hi"]), pval(r["improvement_p"]),
                              num(r["vp_difference"], "{:+.2f}")] + [f(r) for _, f in extra]
            for r in df.sort("variant", "n_players", maintain_order=True).iter_rows(named=True)]
    headers = (["cell"] if many else []) + [subject.name, f"n {with_.replace('_', ' ')}", "win rate",
                                            "95% CI", f"n {without.replace('_', ' ')}", "win rate",
                                            "difference (pts)", "95% CI", "p", f"{unit} difference"]
    greyed = greyed_rows(df.sort("variant", "n_players", maintain_order=True), with_, without, min_group)
    note = (f"{subject.note} Win rates; the difference with its 95% interval and a pooled test (Fisher's exact test "
            f"for a group under {SMALL:,}; not adjusted); {unit} "
            f"difference = mean final {unit} with minus without; an association, not a cause."
            + small_note(greyed, min_group)).strip()
    return Table(subject.name, subject.title, note, headers + [h for h, _ in extra], rows, greyed=greyed)


def cause_column(values, kind):
    """{item id: its measured win-rate change as text} of one class (`kind`), for an association
    table's column "the item itself (measured)"; {} when none is measured (or per cell)."""
    if values is None or not values.height or "cell" in values.columns:
        return {}
    rows = [r for r in values.iter_rows(named=True) if r["kind"] == kind and r["per_seat"]]
    return {r["item"]: Cell(f"{pts(r['effect'])} [{ci_pts(r['low'], r['high'])}]", r["effect"]) for r in rows}


def tables(data, pivots=(), sections=(), items=(), seats=()):
    """Every table of the report, in order; `pivots` (``reports.pivots``) after the win rates, the
    `items` tables (``reports.item_values``: the items' causes) before the items' associations, the
    tables of the game's own `sections` (``reports.sections.tables_of``) before the variant deltas."""
    many, unit = data.many_cells, data.unit
    out = [_interventions(data.interventions, unit)] if data.interventions is not None else []
    out += [
        _win_table("seat", "Win rate by seat", data.seat, "seat", many),
        _win_table("strategy", "Win rate by strategy", data.strategy, "strategy", many),
    ]
    out += list(seats)                          # a seat edge's parts, measured
    if data.tier_seats is not None:
        out += [_tier_seats(data.tier_seats, many), _robustness(data.robustness, data.unit)]
    out += list(pivots)
    bal = data.balance
    out.append(Table("balance", "Balance",
                     "Balance = 1 − (highest − lowest win rate) among seats or strategies (1 = perfectly even); "
                     "normal-approximation 95% interval; n = the smaller group's seats played.",
                     (["cell"] if many else []) + ["over", "balance", "95% CI", "highest", "lowest", "gap (pts)",
                                                   "n"],
                     [_cell(many, r) + [{"seat": "seats", "strategy": "strategies"}[r["over"]],
                                        num(r["balance"], "{:.3f}"), ci_num(r["lo"], r["hi"], "{:.3f}"),
                                        _who(r["over"], r["highest"]), _who(r["over"], r["lowest"]),
                                        Cell(f"{100 * r['gap']:.1f}", r["gap"]), count(r["n"])]
                      for r in bal.iter_rows(named=True)]))
    out.append(Table("ties", "Ties", f"Games with more than one seat at rank 0 (the tiebreak: "
                     f"{data.game.tiebreak}), Wilson 95% interval.",
                     (["cell"] if many else []) + ["tie rate", "95% CI", "ties", "games"],
                     [_cell(many, r) + [pct(r["tie_rate"], 2), ci_pct(r["lo"], r["hi"]), count(r["ties"]),
                                        count(r["n"])] for r in data.ties.iter_rows(named=True)]))
    out.append(_describe("margin", "Margin of victory and winner's score",
                         f"Margin = winner's {unit} − runner-up's {unit} (0 for a tie on {unit}); normal 95% "
                         "interval for the mean; quantiles over games.", data.margin, many))
    out.append(_describe("length", "Game length and lead changes", "Player turns and rounds per game, and how often "
                         "the lead passed to another seat between rounds; normal 95% interval for the mean.",
                         data.length, many))
    out.append(_sources(data.sources, many, unit))
    out += list(items)                          # the items' causes open the items part
    out += [_value_table(s, df, many, unit, data.min_group, data.names,
                         cause_column(data.item_values, s.name))
            for s, df in data.values.items()]
    if data.never_played is not None:
        out.append(_never_played(data))
    out += list(sections)
    if data.deltas is not None:
        out.append(_deltas(data.deltas, unit, data.min_group))
    return out


def _never_played(data):
    """Items a strategy drew and never played: their value is the strategy's habit."""
    named = {s.name: s for s in data.game.subjects}
    rows = []
    for r in data.never_played.iter_rows(named=True):
        s = named.get(r["source"])
        item = s.text(r["item"], data.names) if s else item_label(data.names, r["item"])
        rows.append(_cell(data.many_cells, r) + [str(r["strategy"]), item, r["source"], count(r["drawn"])])
    return Table("never_played", "Drawn but never played",
                 f"Items a strategy drew (at least {LEAST} times) and never played: their value in the tables above "
                 "and in the findings says more about the strategy (the bot) than about the item. drawn: "
                 "seats played that drew it (for a cards table, cards drawn).",
                 (["cell"] if data.many_cells else []) + ["strategy", "item", "from", "drawn"], rows)


def _sources(sources, many, unit):
    order = used_sources(sources)
    rows = []
    for (v, p, s), part in sources.group_by("variant", "n_players", "strategy", maintain_order=True):
        by = {r["source"]: r for r in part.iter_rows(named=True)}
        total = by.get("total")
        cells = [f"{num(by[src]['mean'], '{:.1f}')} ({pct(by[src]['share'], 0)})" if src in by else "–"
                 for src in order]
        rows.append(([cell_label(v, p)] if many else []) + [str(s), count(part["n"][0])] + cells +
                    [f"{num(total['mean'], '{:.1f}')} ({ci_num(total['lo'], total['hi'], '{:.1f}')})"
                     if total else "–"])
    return Table("sources", "Score sources",
                 f"Mean {unit} per seat per game from each source (its share of the total); the total with its 95% "
                 "interval. Sources that are always 0 are left out.",
                 (["cell"] if many else []) + ["strategy", "n"] + [s.replace("_", " ") for s in order] + ["total"],
                 rows)


def _interventions(df, unit):
    """The causal effects of a comparison's intervention cells (``analysis.interventions``)."""
    rows, marked = [], []
    for r in df.iter_rows(named=True):
        rows.append([f"{r['players']}p", r["intervention"], r["what"],
                     pts(r["won"]) + " pts", ci_pts(r["won_lo"], r["won_hi"]), pval(r["won_p_adjusted"]),
                     num(r["score_total"], "{:+.2f}"), ci_num(r["score_total_lo"], r["score_total_hi"], "{:+.2f}"),
                     num(r["turns"], "{:+.2f}"), ci_num(r["turns_lo"], r["turns_hi"], "{:+.2f}"), f"{r['n']:,}"])
        marked.append(bool(r["won_significant"] or r["score_total_significant"]))
    return Table("interventions", "Intervention effects (causal)",
                 "Each intervention's effect on the seat it treats (game k's seat k mod players, so every seat in "
                 "turn): that seat minus the same seat in the same game of the printed game (the same seed: paired "
                 "differences); normal 95% interval; p adjusted with Holm over the interventions. A cause, unlike "
                 "the associations below, for these strategies.",
                 ["players", "intervention", "what", "win rate change", "95% CI", "p adjusted", f"{unit} change",
                  "95% CI", "turns change", "95% CI", "games"], rows, marked)


def _tier_seats(df, many):
    """Each seat's advantage over fair in the run and in each skill tier (``analysis.robustness``)."""
    rows, marked = [], []
    for r in df.iter_rows(named=True):
        rows.append(_cell(many, r) + [strategy_words(r["tier"]), str(r["seat"]), count(r["n"]), pct(r["win_rate"]),
                                      ci_pct(r["lo"], r["hi"]), pts(r["advantage"]),
                                      ci_pts(r["lo"] - r["fair"], r["hi"] - r["fair"]) if _ok(r["fair"]) else "–"])
        marked.append(_ok(r["p_value"]) and r["p_value"] < 0.05)
    return Table("tier_seats", "Seat balance by skill tier",
                 "Each seat's win rate in the run's games and in the same game seeds played by a stronger strategy "
                 "in every seat (common random numbers: game k has the same deal and dice); Wilson 95% interval; "
                 "advantage = win rate − fair (1/P). Marked: p < 0.05 against fair (not corrected).",
                 (["cell"] if many else []) + ["played by", "seat", "seats played", "win rate", "95% CI",
                                                "advantage (pts)", "95% CI"], rows, marked)


def _robustness(df, unit):
    """Each finding's statistic in the run and in each skill tier, with the tier's verdict; the tier
    that decides each finding (the strongest with games enough to tell) says so; a tier's
    comparison of a group too small (``analysis.group_size``) is greyed, "no comparison"."""
    rows, marked, greyed = [], [], []
    if df is None or not df.height:
        return Table("robustness", "Findings against stronger play",
                     "No finding to check: the run has none at this threshold.", [], [])
    for r in df.iter_rows(named=True):
        show = (lambda x: pts(x) + " pts") if r["rate"] else (lambda x: num(x, "{:+.2f}"))
        ci = ci_pts if r["rate"] else (lambda lo, hi: ci_num(lo, hi, "{:+.2f}"))
        small = r["verdict"] == NO_COMPARISON
        said = (f"no comparison (a group of {count(r['tier_smaller'])} seats played)" if small
                else r["verdict"] or f"not measured ({r['why']})")
        rows.append([str(r["finding"] + 1), r["short"], r["cell"], show(r["effect"]), ci(r["lo"], r["hi"]),
                     strategy_words(r["tier"]), count(r["tier_games"]), show(r["tier_effect"]),
                     ci(r["tier_lo"], r["tier_hi"]),
                     said + (" (decides)" if r["decides"] else "")])
        marked.append(r["decides"] and r["verdict"] in DOUBTED)
        greyed.append(small)
    return Table("robustness", "Findings against stronger play",
                 "Each finding (numbered as in the list above) measured again in the same game seeds played by a "
                 "stronger strategy in every seat. holds: the tier's 95% interval excludes 0 and holds the "
                 "finding's size; stronger: the same side, all of it larger; weaker: the same side, all of it "
                 "smaller; gone: holds 0 and not the finding's size; reversed: the other side; too few games: "
                 "holds both 0 and the finding's size. Intervals are each row's own (not corrected). (decides): the "
                 "strongest play with games enough to tell (for a seat, the tier the seat verdict trusts; else a "
                 "verdict other than too few games), whose verdict is the finding's. Marked: a deciding verdict "
                 "of weaker, gone or reversed."
                 + (" Greyed: no comparison, a group of the tier smaller than the findings' minimum (nearly every "
                    "seat of stronger play took it, or none did); no verdict." if any(greyed) else ""),
                 ["finding", "what", "cell", "this run", "95% CI", "played by", "games", "effect", "95% CI",
                  "verdict"], rows, marked, greyed=greyed)


def _deltas(deltas, unit, min_group=None):
    rows, marked = [], []
    greyed = None if min_group is None else [not ok for ok in big_enough_rows(deltas, min_group)]
    for r in deltas.iter_rows(named=True):
        rate = r["metric"] in RATE_METRICS
        fmt = (lambda x: pct(x)) if rate else (lambda x: num(x))
        rows.append([f"{r['n_players']}p", f"{r['variant']} vs {r['baseline']}", str(r["subject"]),
                     metric_name(r["metric"], unit), fmt(r["mean_a"]), fmt(r["mean_b"]),
                     (pts(r["diff"]) + " pts") if rate else num(r["diff"], "{:+.2f}"),
                     ci_pts(r["lo"], r["hi"]) if rate else ci_num(r["lo"], r["hi"], "{:+.2f}"),
                     f"paired, {r['n_pairs']:,}" if r["paired"] else f"{r['n_a']:,} / {r['n_b']:,}",
                     pval(r["p_value"]), pval(r["p_adjusted"]), "yes" if r["significant"] else ""])
        marked.append(bool(r["significant"]))
    return Table("deltas", "Variant deltas",
                 "Each variant minus the baseline at the same player count; paired by game seed where the cells "
                 "share it (common random numbers); normal 95% interval; p adjusted with Holm over all rows."
                 + small_note(greyed, min_group),
                 ["players", "variant", "subject", "metric", "baseline", "variant value", "change", "95% CI",
                  "n", "p", "p adjusted", "significant"], rows, marked, greyed=greyed)
