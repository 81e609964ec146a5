"""How a run and a comparison show themselves in Jupyter (``_repr_html_``): the settings, the
win rates with their intervals and n, and where the data is, from the manifests' counters
(no row is read). The same numbers as the command line's summary, as HTML tables."""
from html import escape

from .games import get_game
from .run_summary import summarize

STYLE = "border-collapse:collapse;margin:4px 0"
CELL = "padding:2px 8px;text-align:right"


def _pct(x):
    return "n/a" if x is None or x != x else f"{100 * x:.1f}%"


def _table(head, rows):
    th = "".join(f'<th style="{CELL}">{escape(str(h))}</th>' for h in head)
    body = "".join("<tr>" + "".join(f'<td style="{CELL}">{escape(str(v))}</td>' for v in row) + "</tr>"
                   for row in rows)
    return f'<table style="{STYLE}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


def _rate(r):
    return [_pct(r["win_rate"]), f"{_pct(r['lo'])} to {_pct(r['hi'])}", f"{r['n']:,}"]


def run_html(run, confidence=0.95):
    m = run.manifest
    s = summarize(m, confidence)
    title = get_game(m["game"]).title
    rotated = " (rotated over the seats)" if m["rotate_seats"] else ""
    state = "complete" if m["games_done"] == m["games"] else f"{m['status']}: continue it with resume=True"
    parts = [f"<b>{escape(title)}</b>, {m['players']} player{'s' if m['players'] != 1 else ''}, {m['games_done']:,} of {m['games']:,} games "
             f"({escape(state)}); seed {m['seed']}, strategies {escape(', '.join(m['strategies']))}{rotated}, "
             f"variant {escape(m['variant'])}, config {m['config_hash']}"]
    ci = f"{confidence:.0%} interval"
    parts.append(_table(["strategy", "win rate", ci, "seat-games"], [[r["strategy"], *_rate(r)]
                                                                      for r in s["by_strategy"]]))
    parts.append(_table(["seat", "win rate", ci, "games", "mean score"],
                        [[r["seat"], *_rate(r), f"{r['mean_score']:.2f}"] for r in s["by_seat"]]))
    if s["games"]:
        parts.append(f"Ties: {s['ties'] / s['games']:.2%} of games; ended by the turn cap: "
                     f"{s['capped'] / s['games']:.2%}.")
    parts.append(f"Data: <code>{escape(str(run.path))}/</code> (tables {escape(', '.join(m['tables']))}); "
                 f"<code>pl.scan_parquet(\"{escape(str(run.path))}/seats/*.parquet\")</code> or "
                 "<code>run.seats</code>.")
    return "<div>" + "<br>".join(parts) + "</div>"


def compare_html(result, confidence=0.95):
    spec = result.spec
    game = get_game(spec["game"])
    t = result.summary(confidence).to_dicts()
    most = max((r["players"] for r in t), default=0)
    head = ["variant", "players", "games", f"winner {game.score_unit}", "turns", *(f"seat {p}" for p in range(most))]
    rows = []
    for r in t:
        seats = [f"{_pct(r[f'seat{p}_win_rate'])} ({_pct(r[f'seat{p}_lo'])} to {_pct(r[f'seat{p}_hi'])})"
                 if p < r["players"] and r[f"seat{p}_win_rate"] is not None else "" for p in range(most)]
        rows.append([r["variant"], r["players"], f"{r['games']:,}", f"{r['winner_score_mean']:.2f}",
                     f"{r['turns_mean']:.1f}", *seats])
    intro = (f"<b>{escape(game.title)}</b> compared: {escape(', '.join(spec['variants']))} x "
             f"{escape(', '.join(map(str, spec['players'])))} players, {spec['games']:,} games per cell, seed "
             f"{spec['seed']} in every cell (common random numbers). Seat win rates with {confidence:.0%} intervals.")
    where = (f"Data: <code>{escape(str(result.path))}/</code>; "
             "<code>result.table(\"seats\")</code> reads every cell with its variant and n_players.")
    return f"<div>{intro}{_table(head, rows)}{where}</div>"
