"""`windtunnel balance`: search a game's numbers for a fairer game.

The designer names config values and their ranges (`--param KEY=LO..HI`; any `--set` key, an
element of a per-seat list as KEY[i]) and what fair means (``analysis.objectives``). The
search is the cross-entropy method the tuner uses (``strategies.cem``), each generation's
candidates raced by successive halving on common random numbers: every candidate plays the
same games (the same seeds: the same deals and dice), the worse half is dropped after a few
games, and the games go to the close ones. A new generation gets new seeds, so the search
cannot fit one set of deals. Then the best few settings are measured again on fresh seeds, with
the objective's 95% interval, and the best is confirmed by a comparison with the printed game
(``compare`` with a what-if cell, its report showing before against after).
"""
import contextlib
import copy
import math
import re
from dataclasses import dataclass, field

import numpy as np

from analysis.landscape import MetaGame, profiles, summarize
from analysis.objectives import Tallies, Tally, anytime_upper, closeness, interval, value
from strategies.cem import cross_entropy
from strategies.match import win_shares
from strategies.roster import load_strategy, split_names, strategy_arrays

from ..core.config_files import config_value, set_at, value_at
from ..core.errors import UserError
from ..core.games import get_game
from ..core.workers import local_jobs
from .landscape import save
from .seat_steps import log_rates, next_setting, plan, relative, seat_params

FINAL_SEED, CONFIRM_SEED = 1_000_003, 2_000_003     # the settings are judged on deals the search never saw
SEARCH_SHARE, FINAL_SHARE = 0.8, 0.1                 # of the budget; the confirmation plays the rest
TOP = 3


@dataclass
class Param:
    """One searched value: `key` as given (`setup.starting_wind[1]`), its --set key and the path
    below it (list indices, table keys), `part` (a number inside a value, ``Game.number_in``: the
    text after '@', or "" for the value's only number; None for a plain number), its range,
    whether it is whole, and its printed value (the config's)."""

    key: str
    config_key: str
    path: tuple
    lo: float
    hi: float
    integer: bool
    printed: float
    part: str = None


_PARAM = re.compile(r"^\s*([A-Za-z0-9_.-]+)((?:\[\d+\](?:\.[A-Za-z0-9_-]+)*)*)(?:@([A-Za-z0-9_]+))?"
                    r"\s*=\s*(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)\s*$")
_STEP = re.compile(r"\[(\d+)\]|\.([A-Za-z0-9_-]+)")


def parse_params(texts, game, rules):
    """--param items 'KEY=LO..HI', 'KEY[i]...=LO..HI' (an element below a --set key: list indices
    and table keys) or '...@PART=LO..HI' (a number inside a value, read and written by the game:
    ``Game.number_in``) -> [Param], checked against the config (`rules`: the game's rules with
    --config/--set/--variant), each end of each range with the other values as printed: one
    UserError naming the bad one."""
    if not texts:
        raise UserError("--param is required (e.g. --param setup.starting_wind[1]=1..6)")
    out = []
    for text in texts:
        m = _PARAM.match(str(text))
        if not m:
            raise UserError(f"--param {text}: expected KEY=LO..HI, KEY[i]=LO..HI or KEY[i]@PART=LO..HI "
                            "(e.g. setup.start_vp=0..5)")
        key, tail, part, lo, hi = m.groups()
        path = tuple(int(i) if i else name for i, name in _STEP.findall(tail))
        now, at = config_value(rules.config, key), key
        for step in path:
            below = value_at(now, [step])
            if now is None:
                raise UserError(f"--param {text}: {at} is not in {game.title}'s config")
            if below is None:
                raise UserError(f"--param {text}: {at} is not a list with an element {step} in {game.title}'s "
                                "config" if isinstance(step, int) else
                                f"--param {text}: {at} has no {step!r} in {game.title}'s config")
            now, at = below, at + (f"[{step}]" if isinstance(step, int) else f".{step}")
        name = key + tail + ("" if part is None else f"@{part}")
        if isinstance(now, bool) or not isinstance(now, (int, float)):
            try:
                number = None if isinstance(now, bool) or now is None else game.number_in(now, part or None)
            except UserError as e:
                raise UserError(f"--param {text}: {e}") from None
            if number is None:
                raise UserError(f"--param {text}: {at} is not a number in {game.title}'s config"
                                + ("" if now is None else f" (it is {now!r})"))
            now, part = number, part or ""
        elif part is not None:
            raise UserError(f"--param {text}: {at} is a number; it takes no @{part}")
        integer = isinstance(now, int) and "." not in lo + hi
        lo_v, hi_v = (int(lo), int(hi)) if integer else (float(lo), float(hi))
        if not lo_v < hi_v:
            raise UserError(f"--param {text}: the range's low end must be below its high end")
        if name in {p.key for p in out}:
            raise UserError(f"--param names {name} twice")
        out.append(Param(name, key, path, lo_v, hi_v, integer, now, part))
    _check_values(out, game, rules)
    return out


CHECKED = 128      # settings checked against the config before a search starts (each a config load: cheap)


def _check_values(params, game, rules):
    """One UserError, before anything is written, unless the config is valid at the settings the
    search can try: all of them where they are few (``grid``, CHECKED at most), else every whole
    value of each range (each end of a real one), the others as printed, and the corners where all
    are low and all high. (A worker that met an invalid setting would stop the search half-way.)"""
    printed = [p.printed for p in params]
    ends = [printed[:i] + [end] + printed[i + 1:] for i, p in enumerate(params) for end in (p.lo, p.hi)]
    rest = grid(params, CHECKED)
    if rest is None:
        rest = [[p.lo for p in params], [p.hi for p in params]]
        for i, p in enumerate(params):
            if p.integer and p.hi - p.lo < CHECKED // len(params):
                rest += [printed[:i] + [v] + printed[i + 1:] for v in range(int(p.lo) + 1, int(p.hi))]
    for x in ends + rest:                # the ends first: the simplest setting to name
        try:
            game.load_rules(data=rules.config, overrides=overrides_of(params, x, rules.config, game))
        except UserError as e:
            moved = [(p, v) for p, v in zip(params, x) if v != p.printed] or list(zip(params, x))
            at = f"{moved[0][1]:g}" if len(moved) == 1 else ", ".join(f"{p.key} = {v:g}" for p, v in moved)
            raise UserError(" ".join(f"--param {p.key}={p.lo:g}..{p.hi:g}" for p, _ in moved)
                            + f": at {at} the config is invalid: {' '.join(str(e).split())}") from None


def overrides_of(params, x, config, game=None):
    """{--set key: value} for the values `x` of `params`: a value below a key is set in a copy of
    the key's whole value (the rest of a list, or of an action string, kept), a number inside a
    value written by the `game` (``Game.with_number``)."""
    out = {}
    for p, v in zip(params, x):
        v = int(round(v)) if p.integer else float(v)
        if p.part is not None:
            now = value_at(out[p.config_key], p.path) if p.config_key in out else value_at(
                config_value(config, p.config_key), p.path)
            v = game.with_number(now, v, p.part or None)
        if not p.path:
            out[p.config_key] = v
        else:
            whole = out.setdefault(p.config_key, copy.deepcopy(config_value(config, p.config_key)))
            set_at(whole, p.path, v)
    return out


def snap(params, x):
    """Values within their ranges, whole where the config's are."""
    return tuple(int(round(min(max(v, p.lo), p.hi))) if p.integer else float(min(max(v, p.lo), p.hi))
                 for p, v in zip(params, x))


# ---------------------------------------------------------------- playing a candidate (a worker)
def _shares(won, label, labels):
    """(games, labels): each label's share of the wins of the seats that had it in a game, NaN in
    a game where no seat had it (its observations are the games it played)."""
    had = label[:, :, None] == np.arange(labels)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (had & won[:, :, None]).sum(axis=1) / np.where(had.any(axis=1), had.sum(axis=1), np.nan)


def _count(label, labels, where=True):
    """How many seats had each label (where `where`), over all the games."""
    return np.bincount(label[where & (label >= 0)], minlength=labels)[:labels].astype(float)


def play_tally(game, config, variants, overrides, players, strategies, seed, first, n, meta=None):
    """The Tally of games [first, first + n) of `seed` with the config values `overrides`
    (a worker: rules and strategies built here), with each of the game's balance groups.
    `meta`: (styles, profile index, profiles) for a variety candidate: the strategies are one
    profile of the styles' meta-game, counted by style, and its row of the meta-game filled."""
    game = get_game(game)
    rules = game.load_rules(config, overrides, variants=variants)
    chosen = [load_strategy(game, s) for s in strategies]
    POL, W = strategy_arrays(game, chosen)
    names = sorted(set(strategies)) if meta is None else list(meta[0])
    slot_style = np.array([names.index(s) for s in strategies])
    groups = game.balance_groups
    seat_wins, style_wins, style_seats = np.zeros(players), np.zeros(len(names)), np.zeros(len(names))
    group_wins, group_seats = ({g: np.zeros(len(labels)) for g, labels in groups.items()} for _ in range(2))
    turns = turns2 = winner = winner2 = 0.0
    per_game = []
    results = None
    shared = np.zeros(len(names))               # each style's win shares (a tie for first: 1/k each)
    seat_shares = np.zeros(players)
    for start in range(first, first + n, game.chunk):
        k = min(game.chunk, first + n - start)
        results = game.play(rules, players, seed, start, k, POL, W, rotate=len(names) > 1, out=results)
        won, style = np.asarray(results.won, bool), slot_style[np.asarray(results.slot)]
        share = win_shares(won)
        shared += np.bincount(style.ravel(), share.ravel(), minlength=len(names))[:len(names)]
        seat_shares += share.sum(axis=0)
        seat_wins += won.sum(axis=0)
        style_wins += _count(style, len(names), won)
        style_seats += _count(style, len(names))
        columns = [won, _shares(won, style, len(names))]
        for g, labels in groups.items():
            label = np.asarray(results.group(g))
            group_wins[g] += _count(label, len(labels), won)
            group_seats[g] += _count(label, len(labels))
            columns.append(_shares(won, label, len(labels)))
        per_game.append(np.hstack(columns).astype(np.float32))
        t = np.asarray(results.turns, float)
        best = np.asarray(results.score, float).max(axis=1)
        turns, turns2, winner, winner2 = turns + t.sum(), turns2 + (t * t).sum(), winner + best.sum(), \
            winner2 + (best * best).sum()
    tally = Tally(n, seat_wins, style_wins, style_seats, turns, turns2, winner, winner2, np.vstack(per_game),
                  group_wins, group_seats, seat_shares=seat_shares)
    if meta is not None:
        _, q, n_profiles = meta
        tally.meta_share, tally.meta_games = np.zeros((n_profiles, len(names))), np.zeros(n_profiles, np.int64)
        tally.meta_share[q], tally.meta_games[q] = shared, n
    return tally


@dataclass
class Candidate:
    x: tuple
    tally: Tally = None
    rounds: int = 0
    objective: float = math.inf


@dataclass
class BalanceResult:
    params: list
    terms: list
    best: list                          # the best few (x, objective, (lo, hi), terms, term intervals), best first
    printed: tuple                      # (objective, (lo, hi), terms) of the printed values on the same seeds
    history: list = field(default_factory=list)     # per generation: best estimate, mean x
    games_played: int = 0
    games_saved: int = 0                # by racing: what evaluating every candidate as long would have cost
    generations: int = 0
    population: int = 0
    final_games: int = 0
    stopped_early: int = None           # the generation after which a setting was fair enough (anytime-valid)
    method: str = "sampled"             # "grid" (every setting raced), "sampled" (cross-entropy), "seat steps"


class Evaluator:
    """Plays candidates' games on the workers: `tally(xs, seed, first, n)` -> a Tallies per x
    (n games at each player count of `counts`)."""

    def __init__(self, game, config, variants, base_overrides, params, counts, strategies, parallel, jobs,
                 variety=False):
        self.game, self.config, self.variants, self.base = game, config, variants, dict(base_overrides or {})
        self.params, self.counts, self.strategies = params, counts, strategies
        self.parallel, self.jobs = parallel, jobs
        self.played = 0
        names = split_names(strategies)
        self.names = {p: names * p if len(names) == 1 else names for p in counts}
        # variety: a candidate plays every profile of the styles `strategies` (its games shared among them)
        self.styles = names if variety else None
        self.profiles = {p: [[names[i] for i in range(len(names)) for _ in range(c[i])]
                             for c in profiles(len(names), p)] for p in counts} if variety else None
        self._config = get_game(game).load_rules(config, self.base, variants=variants).config

    def overrides(self, x):
        return {**self.base, **overrides_of(self.params, x, self._config, get_game(self.game))}

    def tally(self, xs, seed, first, n):
        from joblib import delayed

        if self.styles is not None:
            return self._meta_tally(xs, seed, first, n)
        per = max(1, math.ceil(n / max(1, self.jobs // max(1, len(xs) * len(self.counts)))))
        tasks = [(i, p, a, min(per, first + n - a)) for i in range(len(xs)) for p in self.counts
                 for a in range(first, first + n, per)]
        done = self.parallel(delayed(play_tally)(self.game, self.config, self.variants, self.overrides(xs[i]),
                                                 p, self.names[p], seed, a, k) for i, p, a, k in tasks)
        out = [Tallies() for _ in xs]
        for (i, p, _, _), t in zip(tasks, done):
            out[i][p] = t if p not in out[i] else out[i][p] + t
        self.played += n * len(xs) * len(self.counts)
        return out


    def _meta_tally(self, xs, seed, first, n):
        """Variety: the `n` games [first, first + n) of a candidate shared among the profiles, each
        profile its slice [first // K, (first + n) // K) of the seed's games (K profiles): every
        candidate and round on the same deals."""
        from joblib import delayed

        tasks = []
        for i in range(len(xs)):
            for p in self.counts:
                K = len(self.profiles[p])
                a, b = first // K, max((first + n) // K, first // K + p)
                tasks += [(i, p, q, a, b - a) for q in range(K)]
        done = self.parallel(delayed(play_tally)(self.game, self.config, self.variants, self.overrides(xs[i]), p,
                                                 self.profiles[p][q], seed, a, k,
                                                 (self.styles, q, len(self.profiles[p])))
                             for i, p, q, a, k in tasks)
        out = [Tallies() for _ in xs]
        for (i, p, _, _, k), t in zip(tasks, done):
            out[i][p] = t if p not in out[i] else out[i][p] + t
            self.played += k
        return out


class Stopped(Exception):
    """The search found a setting fair enough by an anytime-valid bound: it stops early."""


def race(evaluator, terms_, xs, seed, budget, players, params, first_games, stop=None):
    """Successive halving of candidates `xs` on the games of `seed`: all play `first_games`, the
    better half plays as many again and twice more, ... while the budget lasts. Returns the
    Candidates (rounds reached, objective) and the games racing saved. `stop(candidate)`: true
    when the leader after a round is good enough to end the search (``Stopped`` is raised after
    the race's candidates are returned through it)."""
    cands = [Candidate(x) for x in xs]
    alive, start, n, spent = list(range(len(cands))), 0, first_games, 0
    while True:
        tallies = evaluator.tally([cands[i].x for i in alive], seed, start, n)
        for i, t in zip(alive, tallies):
            c = cands[i]
            c.tally = t if c.tally is None else c.tally + t
            c.rounds += 1
            c.objective = value(terms_, c.tally, players, closeness(params, c.x))[0]
        spent += n * len(alive)
        start += n
        leader = min((cands[i] for i in alive), key=lambda c: c.objective)
        if stop is not None and stop(leader):
            err = Stopped()
            err.result = (cands, len(cands) * start - spent)
            raise err
        if len(alive) <= 2 or spent + 2 * n * math.ceil(len(alive) / 2) > budget:
            break
        alive = sorted(alive, key=lambda i: cands[i].objective)[:math.ceil(len(alive) / 2)]
        n *= 2
    return cands, len(cands) * start - spent


GRID = 64          # a search space of at most this many whole-number settings is raced whole, not sampled


def grid(params, most=GRID):
    """Every setting of whole-number `params`, or None when a value is real or there are more than `most`."""
    if not all(p.integer for p in params):
        return None
    size = math.prod(int(p.hi - p.lo + 1) for p in params)
    if size > most:
        return None
    axes = [range(int(p.lo), int(p.hi) + 1) for p in params]
    return [tuple(int(v) for v in x) for x in np.stack(np.meshgrid(*axes, indexing="ij"), -1).reshape(-1, len(params))]


def whole_games(n, counts, least):
    """`n` games rounded down to a multiple of every player count in `counts` (a rotation seats
    each strategy in each seat as often), and at least `least` times the largest count."""
    unit = math.lcm(*counts)
    return max(-(-least * max(counts) // unit) * unit, int(n) // unit * unit)


def _schedule(budget, candidates, counts):
    """The first round's games (at each count) of a race of `candidates` within `budget` games
    at each count (halving: each round's games are about the first's)."""
    rounds = max(1, math.ceil(math.log2(max(candidates, 2) / 2)) + 1)
    return whole_games(budget / (candidates * rounds), counts, 20)


def search(game, players, params, terms_, budget, *, strategies=None, seed=1, config=None, overrides=None,
           variants=None, jobs=-1, population=24, generations=None, on_generation=None, tolerance=None):
    """A raced search over `params` at `players` (a count, or a list of counts: the objective
    is the worst count's), then the best few measured on fresh seeds. A small space
    of whole numbers (``GRID``) is raced whole; otherwise the cross-entropy method samples
    `population` candidates a generation and races them (`strategies`: the game's own default
    when None). With a `tolerance`, the search stops
    early once a race's leader is within it by the anytime-valid bound
    (``analysis.objectives.anytime_upper``: win-rate terms only). Returns a BalanceResult."""
    from joblib import Parallel

    n_jobs = local_jobs(jobs)
    strategies = strategies or get_game(game).strategy_schema().default
    counts = [players] if isinstance(players, int) else list(players)
    lo, hi = np.array([p.lo for p in params], float), np.array([p.hi for p in params], float)
    finalists, history = {}, []          # setting -> objective, of the survivors of each race
    saved, stopped = 0, None

    def good_enough(c):
        bound = anytime_upper(terms_, c.tally, players, closeness(params, c.x), tolerance) if tolerance else None
        return bound is not None and bound <= tolerance
    whole = grid(params)
    with Parallel(n_jobs=n_jobs) as parallel:
        ev = Evaluator(game, config, variants, overrides, params, counts, strategies, parallel, n_jobs,
                       variety=any(t.name == "variety" for t in terms_))

        def raced(xs, generation, share):
            nonlocal saved, stopped
            share /= len(counts)                # the race counts the games at each player count
            try:
                cands, s = race(ev, terms_, xs, seed + generation, share, players, params,
                                _schedule(share, len(xs), counts), good_enough)
            except Stopped as e:
                (cands, s), stopped = e.result, generation
            saved += s * len(counts)
            deepest = max(c.rounds for c in cands)
            for c in cands:
                if c.rounds == deepest:
                    finalists[c.x] = min(c.objective, finalists.get(c.x, math.inf))
            best = min(cands, key=lambda c: (-c.rounds, c.objective))
            history.append({"generation": generation, "best": list(best.x), "objective": best.objective,
                            "rounds": best.rounds, "candidates": len(xs)})
            if on_generation:
                on_generation(generation, best)
            if stopped is not None:
                raise Stopped()
            return cands

        seats = seat_params(get_game(game), params, players, terms_)
        if whole is not None:
            generations, method = 1, "grid"
            with contextlib.suppress(Stopped):
                raced(whole, 0, SEARCH_SHARE * budget)
        elif seats is not None:
            method = "seat steps"
            generations, stopped = _seat_steps(ev, params, seats, players, terms_, SEARCH_SHARE * budget, seed,
                                               finalists, history, on_generation, good_enough)
        else:
            method = "sampled"
            generations = generations or int(np.clip(round(math.log2(max(budget, 1) / 20_000)), 4, 10))

            def objective(xs, generation):
                cands = raced([snap(params, x) for x in xs], generation, SEARCH_SHARE * budget / generations)
                return np.array([1e6 * c.rounds - c.objective for c in cands])    # survivors rank first

            with contextlib.suppress(Stopped):
                cross_entropy(objective, np.array([p.printed for p in params], float), (hi - lo) / 2,
                              generations=generations, population=population, elite_frac=0.25, seed=seed, lower=lo,
                              upper=hi, min_std=np.where([p.integer for p in params], 0.75, (hi - lo) / 50))
        top = sorted(finalists, key=finalists.get)[:TOP]
        printed = snap(params, [p.printed for p in params])
        final_games = whole_games(FINAL_SHARE * budget / len(counts) / (len(top) + 1), counts, 50)
        tallies = ev.tally([printed, *top], seed + FINAL_SEED, 0, final_games)
    judged = []
    for x, t in zip([printed, *top], tallies):
        close = closeness(params, x)
        est, parts = value(terms_, t, players, close)
        ci, part_ci = interval(terms_, t, players, close)
        judged.append((list(x), est, ci, parts, part_ci))
    best = sorted(judged[1:], key=lambda j: j[1])
    return BalanceResult(params, terms_, best, judged[0], history, ev.played, saved, generations,
                         len(whole) if whole is not None else 1 if method == "seat steps" else population,
                         final_games, stopped, method)


def _seat_steps(ev, params, seats, players, terms_, budget, seed, finalists, history, on_step, good_enough):
    """The seat-knob search (``seat_steps``): each step one setting on fresh seeds, twice the games
    of the one before, the next from the fitted model. Returns (steps played, the step after which
    a setting was fair enough, or None)."""
    lo, hi = np.array([p.lo for p in params], float), np.array([p.hi for p in params], float)
    x, (n, steps) = [p.printed for p in params], plan(budget, players)
    xs, ys, ws = [], [], []
    for step in range(steps):
        c = Candidate(snap(params, x), rounds=1)
        c.tally = ev.tally([c.x], seed + step, 0, n)[0]
        c.objective = value(terms_, c.tally, players, closeness(params, c.x))[0]
        finalists[c.x] = min(c.objective, finalists.get(c.x, math.inf))
        history.append({"generation": step, "best": list(c.x), "objective": c.objective, "rounds": 1,
                        "candidates": 1, "games": n})
        if on_step:
            on_step(step, c, "step")
        if good_enough(c):
            return step + 1, step
        t = c.tally[players]
        xs.append(c.x)
        ys.append(relative(log_rates(t.seat_wins, t.games), seats))
        ws.append(n)
        x, n = next_setting(xs, ys, ws, lo, hi, len(seats) == players), 2 * n
    return steps, None


def confirm_variety(game, counts, styles, params, x, terms_, budget, *, seed, config=None, overrides=None,
                    variants=None, jobs=-1, folder=None):
    """A variety search's confirmation: the printed values and the best `x`, each playing every
    profile of the `styles` on the same fresh seeds (`budget` games each), judged by the objective
    with its interval; each one's landscape written to `folder`/printed and `folder`/balanced
    (``simulate.running.landscape``). Returns ({"printed"|"balanced": {"objective", "ci",
    "variety": {players: [variety, low, high]}}}, games played)."""
    from joblib import Parallel

    g = get_game(game)
    printed = snap(params, [p.printed for p in params])
    with Parallel(n_jobs=local_jobs(jobs)) as parallel:
        ev = Evaluator(game, config, variants, overrides, params, counts, ",".join(styles), parallel, local_jobs(jobs),
                       variety=True)
        tallies = ev.tally([printed, tuple(x)], seed, 0, budget)
    out = {}
    for name, at, t in zip(("printed", "balanced"), (printed, tuple(x)), tallies):
        close = closeness(params, at)
        judged = {"objective": value(terms_, t, None, close)[0], "ci": list(interval(terms_, t, None, close)[0]),
                  "variety": {}}
        for p, tally in t.items():
            meta = tally.meta(p)
            meta = MetaGame(tuple(styles), p, meta.counts, meta.share, meta.games)
            summary = summarize(meta, resamples=100, seed=seed)
            judged["variety"][p] = [summary["variety"], summary["variety_low"], summary["variety_high"]]
            if folder is not None:
                rules = g.load_rules(config, ev.overrides(at), variants=variants)
                save(folder / (name + (f"-{p}p" if len(counts) > 1 else "")), meta, summary,
                     {"game": g.name, "players": p, "styles": list(styles), "games_per_profile": int(meta.games[0]),
                      "budget": None, "seed": seed, "config_hash": rules.hash, "config": rules.config}, force=True)
        out[name] = judged
    return out, ev.played
