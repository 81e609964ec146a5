"""`windtunnel landscape`: the meta-game of a game's styles played and read (``analysis.landscape``).

Every profile of the styles (how many seats play each; two players: each pair) plays the same
games of the run seed (common random numbers: every profile the same deals), the styles rotated
over the seats game by game so that no style keeps a seat's edge; profiles run on parallel
joblib workers. The folder it writes holds ``landscape.json``: what was played (game, players,
config hash, seed, styles, games), the payoff table and the summary (docs/landscape.md).
"""
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from analysis.landscape import MetaGame, edge_text, profiles, summarize, words
from simulate.core.errors import UserError
from simulate.core.games import get_game
from simulate.core.run_files import write_atomic
from simulate.core.run_progress import Progress
from simulate.core.stats import wilson_interval
from simulate.core.workers import local_jobs
from strategies.roster import split_names, style_names

FILE = "landscape.json"
PAGE = ("landscape.md", "landscape.png")       # the folder's page beside it (reports.landscape)
MIN_STYLES = 2
EVEN = 0.02         # an edge known to within this (win share a seat) is even enough: the budget goes elsewhere


def styles(game):
    """The game's styles: its TOML strategies marked ``style = true``, by name."""
    return style_names(get_game(game))


def _profile_worker(game, config, n_players, names, first, games, seed, plugin_files):
    from strategies.match import play_profile, worker_setup

    rules, *strategies = worker_setup(game, config, plugin_files, *names)
    return play_profile(game, rules, n_players, strategies, games, seed, first)


def play_meta_game(game, rules, n_players, names, games, seed=1, jobs=-1, plugin_files=(), progress=False,
                   budget=None):
    """The MetaGame of strategies `names` at `n_players`: `games` games per profile; with a
    `budget` (games in all), then more where a head-to-head is still undecided (its interval
    holds 0 and is wider than +-``EVEN``: who beats whom decides the verdicts), doubling those
    profiles' games each round while the budget lasts. A profile's extra games are the next ones
    of the run seed, so every profile's games stay a prefix of the same deals."""
    from joblib import Parallel, delayed

    game = get_game(game)
    if len(names) < MIN_STYLES:
        raise UserError(f"a landscape needs at least {MIN_STYLES} styles, not {len(names)}")
    counts = profiles(len(names), n_players)
    slot_style = [[i for i in range(len(names)) for _ in range(c[i])] for c in counts]
    meta = MetaGame(tuple(names), n_players, counts, np.zeros(counts.shape), np.zeros(len(counts), np.int64))
    total = len(counts) * games if budget is None else max(budget, len(counts) * games)
    bar = None if progress is False else Progress(total, 0, mode=progress, label="landscape")
    todo = {q: games for q in range(len(counts))}
    with Parallel(n_jobs=local_jobs(jobs), return_as="generator") as parallel:
        while todo:
            jobs_ = [(q, int(meta.games[q]), n) for q, n in todo.items()]
            results = parallel(delayed(_profile_worker)(game, rules.config, n_players,
                                                        [names[i] for i in slot_style[q]], first, n, seed,
                                                        list(plugin_files)) for q, first, n in jobs_)
            for slots, (q, _, n) in zip(results, jobs_):          # (results first: the generator runs out)
                np.add.at(meta.share[q], slot_style[q], slots)
                meta.games[q] += n
                if bar is not None:
                    bar.advance(n)
            todo = {} if budget is None else _more(meta, total - int(meta.games.sum()))
    if bar is not None:
        bar.close()
    return meta


def _more(meta, left):
    """{profile: extra games} for the next round: the undecided head-to-heads' games doubled,
    within `left` games (none when every head-to-head is decided or the budget is spent)."""
    edge, se, n = meta.head_to_head()
    rows = {}
    for i, j in zip(*np.nonzero(n)):
        if abs(edge[i, j]) < 1.96 * se[i, j] and 1.96 * se[i, j] > EVEN:
            c = np.zeros(len(meta.styles), np.int64)
            c[i], c[j] = 1, meta.players - 1
            q = int(np.flatnonzero((meta.counts == c).all(axis=1))[0])
            rows[q] = int(meta.games[q])
    if not rows:
        return {}
    each = min(min(rows.values()), left // len(rows))
    return {q: each for q in rows} if each >= meta.players else {}


def _field_worker(game, config, n_players, name, field, games, seed, group, plugin_files):
    from strategies.match import play_field, worker_setup

    rules, strategy, others = worker_setup(game, config, plugin_files, name, field)
    return play_field(game, rules, n_players, strategy, others, games, seed, group)


def play_groups(game, rules, n_players, names, field, games, seed=1, jobs=-1, plugin_files=()):
    """For a game with balance groups (EOS's nations): each style in one seat against `field` in
    the others, seats rotated, `games` games each on the same deals: {group: {"labels", "styles",
    "field", "wins", "seats"}}, wins and seat-games per (label, style)."""
    from joblib import Parallel, delayed

    game = get_game(game)
    out = {}
    with Parallel(n_jobs=local_jobs(jobs)) as parallel:
        for group, labels in game.balance_groups.items():
            done = parallel(delayed(_field_worker)(game, rules.config, n_players, name, field, games, seed, group,
                                                   list(plugin_files)) for name in names)
            out[group] = {"labels": list(labels), "styles": list(names), "field": field,
                          "wins": np.array([w for w, _ in done]).T.tolist(),
                          "seats": np.array([n for _, n in done]).T.astype(int).tolist()}
    return out


def groups_text(groups):
    """Per balance group: each label's win rate with each style against the field (95% Wilson
    intervals), and the style each label does best with."""
    lines = []
    for group, g in groups.items():
        wins, seats = np.array(g["wins"]), np.array(g["seats"])
        lo, hi = wilson_interval(wins, seats)
        with np.errstate(invalid="ignore", divide="ignore"):
            rate = wins / seats
        width = max(len(x) for x in g["labels"])
        cell = 18
        lines += ["", f"Win rate of each {group} with each style against a field of {g['field']} (one seat the "
                      f"style, the others {g['field']}; 95% intervals):",
                  " " * (width + 2) + "".join(f"{n[:cell - 1]:>{cell}}" for n in g["styles"])]
        for i, label in enumerate(g["labels"]):
            if not seats[i].sum():
                continue
            lines.append(f"{label:<{width}}  " + "".join(
                (f"{rate[i, j]:.1%} [{lo[i, j] * 100:.0f}-{hi[i, j] * 100:.0f}]" if seats[i, j] else "-").rjust(cell)
                for j in range(len(g["styles"]))))
        best = [f"{label} with {g['styles'][int(np.nanargmax(rate[i]))]}" for i, label in enumerate(g["labels"])
                if seats[i].sum()]
        lines.append(f"Each {group}'s best style at these rates: " + "; ".join(best) + ".")
    return "\n".join(lines)


def to_dict(meta, summary, provenance):
    """landscape.json's content, with the sha256 of the rest (``read`` checks it)."""
    data = {**provenance, "table": {"counts": meta.counts.tolist(), "share": meta.share.tolist(),
                                    "games": meta.games.tolist()}, "summary": summary}
    return {**data, "sha256": _digest(data)}


def _digest(data):
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def save(out, meta, summary, provenance, force=False):
    """Write ``landscape.json`` into folder `out` (made if new); an existing one is replaced only
    with `force`, and nothing else in the folder is touched."""
    out = Path(out)
    path = out / FILE
    if path.exists() and not force:
        raise UserError(f"{path} already exists (use --force to replace it, or another --out)")
    out.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(to_dict(meta, summary, provenance), indent=1).encode())
    return path


def read(folder):
    """(MetaGame, summary, provenance) of a folder's ``landscape.json``, verified: its checksum,
    and its table's games against its summary's; one UserError line otherwise."""
    path = Path(folder) / FILE
    try:
        data = json.loads(path.read_text())
        digest = data.pop("sha256")
    except (OSError, ValueError, KeyError, AttributeError, TypeError) as e:
        raise UserError(f"{path}: not a landscape windtunnel wrote ({type(e).__name__}: {e})") from None
    if _digest(data) != digest:
        raise UserError(f"{path}: its content does not match its checksum (changed after it was written); "
                        f"play it again: windtunnel landscape {data.get('game', 'GAME')} --out {Path(folder)} --force")
    t = data.pop("table")
    summary = data.pop("summary")
    meta = MetaGame(tuple(data["styles"]), data["players"], np.array(t["counts"], np.int64),
                    np.array(t["share"], float), np.array(t["games"], np.int64))
    if int(meta.games.sum()) != summary["games"] or len(meta.counts) != summary["profiles"]:
        raise UserError(f"{path}: its table holds {int(meta.games.sum())} games, its summary {summary['games']}")
    return meta, summary, data


def to_text(meta, summary):
    """The head-to-head table (two players: the row's win rate against the column) and the words."""
    names, k = summary["styles"], len(summary["styles"])
    width = max(len(n) for n in names)
    cell = 18
    if meta.players == 2:
        head = "Win rate of the row style against the column style (2 players, fair 50%), 95% intervals:"
    else:
        head = (f"Edge of the row style over the column style ({meta.players} players: one seat of the row, "
                f"the others the column; its win share per seat minus theirs, points), 95% intervals:")
    lines = [head, " " * (width + 2) + "".join(f"{n[:cell - 1]:>{cell}}" for n in names)]
    for i in range(k):
        lines.append(f"{names[i]:<{width}}  " + "".join(f"{'-':>{cell}}" if i == j else edge_text(summary, i, j, "-", ",").rjust(cell)
                                                       for j in range(k)))
    spread = (f"{int(meta.games.min())}" if meta.games.min() == meta.games.max()
              else f"{int(meta.games.min())}-{int(meta.games.max())}")
    lines.append(f"{summary['profiles']} profiles x {spread} games ({int(meta.games.sum())} in all); "
                 f"{summary['resamples']} resampled tables for the verdicts' confidence.")
    groups = "\n" + groups_text(summary["groups"]) if "groups" in summary else ""
    return "\n".join(lines + [""] + words(summary)) + groups


def landscape(game, rules, n_players, names, games, seed=1, jobs=-1, plugin_files=(), progress=False,
              resamples=200, budget=None, field=None):
    """Play and summarize: (MetaGame, summary, provenance); a game with balance groups (EOS's
    nations) also each style against a field of `field` (default: the game's default strategy)
    per group label, in the summary's "groups"."""
    game = get_game(game)
    meta = play_meta_game(game, rules, n_players, names, games, seed, jobs, plugin_files, progress, budget)
    summary = summarize(meta, resamples=resamples, seed=seed)
    if game.balance_groups:
        summary["groups"] = play_groups(game, rules, n_players, names, field or game.strategy_schema().default,
                                        games, seed, jobs, plugin_files)
    provenance = {"game": game.name, "players": n_players, "styles": list(names), "games_per_profile": games,
                  "budget": budget, "seed": seed, "config_hash": rules.hash, "config": rules.config}
    return meta, summary, provenance


@dataclass
class Landscape:
    """A landscape for a notebook (``simulate.landscape``, ``simulate.open_landscape``): its meta-game,
    summary (``analysis.landscape.summarize``) and what was played; ``text()`` the command's words,
    ``table()`` the payoff table as a polars DataFrame (a row per profile: seats and win share of
    each style, games)."""

    meta: MetaGame
    summary: dict
    made: dict

    def text(self):
        return to_text(self.meta, self.summary)

    def table(self):
        names = self.meta.styles
        return pl.DataFrame([{**{f"seats_{n}": int(c[i]) for i, n in enumerate(names)},
                              **{f"share_{n}": float(s[i]) for i, n in enumerate(names)}, "games": int(g)}
                             for c, s, g in zip(self.meta.counts, self.meta.share, self.meta.games)])


def play(game, players=2, strategies=None, games=1000, seed=1, *, budget=None, resamples=200, jobs=-1, config=None,
         overrides=None, variants=None, out=None, force=False):
    """Play and read a landscape (`strategies`: names, or None for the game's styles); with `out`,
    saved as ``windtunnel landscape --out`` saves it (landscape.json; the page is the CLI's)."""
    game = get_game(game)
    rules = game.load_rules(config, overrides, variants=variants)
    game.check_players(players, rules)
    names = split_names(strategies) if strategies else styles(game)
    meta, summary, made = landscape(game, rules, players, names, games, seed, jobs, resamples=resamples,
                                    budget=budget)
    if out is not None:
        save(out, meta, summary, made, force)
    return Landscape(meta, summary, made)


def open_landscape(folder):
    """The Landscape a folder's landscape.json holds, verified (``read``)."""
    return Landscape(*read(folder))
