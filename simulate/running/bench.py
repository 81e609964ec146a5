"""Kernel speed of any game: games per second per core for each built-in policy, and start-up time.

Single process, single thread: the figure is what one joblib worker does, so a
run on k cores goes about k times as fast. Compilation is kept out of the
games/s figures (each policy is warmed up with a tiny batch first) and reported
on its own as the start-up time: importing the kernel plus its first call in
this process, which loads numba's on-disk cache, or compiles (tens of seconds for a
large kernel on 2 cores) when the cache is missing or stale.

A game whose strategy schema has the "record" and "replay" policies (a choice
tape: an int32 array of (rows, 4) whose [0, 0] holds the next row) also gets each
heuristic's time split into the rules of its games and its own deliberation.
"""
import importlib
import json
import platform
import time

import numba
import numpy as np

from strategies import resolve_strategies, strategy_names
from strategies.plugin import scorers_for
from strategies.roster import strategy_label

from ..core.python_play import check_python_strategies, choosers_for, play

WARMUP_GAMES = 4
ROUNDS = 5          # each policy's games are timed this many times; the fastest round counts


def _fastest(play):
    """CPU seconds of the fastest of ROUNDS calls of play() (and its last result)."""
    best = float("inf")
    for _ in range(ROUNDS):
        t0 = time.process_time()
        result = play()
        best = min(best, time.process_time() - t0)
    return max(best, 1e-9), result


def rewound(tape):
    """The tape, to be read or written from its first choice."""
    tape[0, 0] = 1
    return tape


def record_tape(game, rules, n_players, seed, first, n_games, POL, W):
    """The choices the heuristic seats (POL) make in these games, on a choice tape, and
    the games' results."""
    codes = game.strategy_schema().policies
    record = np.where(POL == codes["heuristic"], codes["record"], POL).astype(POL.dtype)
    rows = 256 * n_games + 1
    while True:
        tape = rewound(np.zeros((rows, 4), np.int32))
        results = play(game, rules, n_players, seed, first, n_games, record, W, tape=tape)
        if tape[0, 0] <= rows:
            return tape[:tape[0, 0]], results
        rows = int(tape[0, 0])


def rules_only_seconds(game, rules, n_players, seed, first, n_games, POL, W):
    """CPU seconds (fastest of ROUNDS) of these heuristic games with every choice read
    back from a tape: what the games' rules cost without the strategy deliberating.
    The replayed games must be the recorded ones, to the last point."""
    tape, recorded = record_tape(game, rules, n_players, seed, first, n_games, POL, W)
    replay = np.full_like(POL, game.strategy_schema().policies["replay"])

    def replayed_games():
        return play(game, rules, n_players, seed, first, n_games, replay, W, tape=rewound(tape))
    seconds, replayed = _fastest(replayed_games)
    if not replayed.same_games(recorded):
        raise RuntimeError("replaying the recorded choices played other games")
    return seconds


def startup(game, rules, n_players):
    """Seconds to import the kernel and make its first call in this process.

    ``cache`` says whether numba loaded the batch entry point (the game's
    ``kernel_entry``) from its on-disk cache ("hit") or compiled it ("compiled")."""
    _, POL, W = resolve_strategies(game, "random", n_players)
    parts = game.kernel_entry.split(".")
    t0 = time.perf_counter()
    at, entry = len(parts) - 1, None
    while entry is None:          # a module's function, or a bound namespace's (a contract game's play_batch)
        try:
            entry = importlib.import_module(".".join(parts[:at]))
        except ImportError:
            at -= 1
    t1 = time.perf_counter()
    play(game, rules, n_players, 0, 0, 1, POL, W)
    t2 = time.perf_counter()
    for name in parts[at:]:
        entry = getattr(entry, name)
    stats = entry.stats
    cache = "hit" if sum(stats.cache_hits.values()) else ("compiled" if sum(stats.cache_misses.values()) else "warm")
    return {"import_s": round(t1 - t0, 3), "first_call_s": round(t2 - t1, 3),
            "startup_s": round(t2 - t0, 3), "cache": cache}


def bench_policy(game, rules, n_players, strategy, games=5000, seed=1, max_seconds=5.0):
    """Games/s with every seat playing `strategy` (compilation excluded).

    The same `games` games (fewer for a slow policy, so that all rounds fit in about
    `max_seconds` of CPU) are played ROUNDS times and the fastest round counts, as in
    ``timeit``: every round is the same work, and other processes on the machine (or
    its host) only ever slow a round down. CPU time of this single-threaded process:
    games/s per core even when other processes share the machine."""
    strategies, POL, W = resolve_strategies(game, strategy, n_players)
    check_python_strategies(game, strategies)
    mine = dict(scorers=scorers_for(strategies), choosers=choosers_for(game, strategies),
                names=[s.name for s in strategies])
    codes = game.strategy_schema().policies
    play(game, rules, n_players, seed, 0, WARMUP_GAMES, POL, W, **mine)   # warm up: compile or cache load
    t0 = time.process_time()
    play(game, rules, n_players, seed, 0, WARMUP_GAMES, POL, W, **mine)
    per_game = (time.process_time() - t0) / WARMUP_GAMES
    n = max(1, min(games, int(max_seconds / ROUNDS / max(per_game, 1e-9))))
    best, r = _fastest(lambda: play(game, rules, n_players, seed, WARMUP_GAMES, n, POL, W, **mine))
    result = {"games": n, "rounds": ROUNDS, "seconds": round(best, 4), "games_per_s": round(n / best, 1),
              "turns_per_game": round(float(r.turns.mean()), 2), "mean_score": round(float(r.score.mean()), 2),
              "cap_rate": round(float(r.capped.mean()), 4)}
    if {"heuristic", "record", "replay"} <= codes.keys() and (POL[:n_players] == codes["heuristic"]).all():
        # the same games with the choices replayed: how much of the time is the rules of
        # the games this strategy plays, how much its deliberation
        result["rules_only_games_per_s"] = round(
            n / rules_only_seconds(game, rules, n_players, seed, WARMUP_GAMES, n, POL, W), 1)
    return result


def run_bench(game, rules, n_players, games=5000, policies=None, seed=1, on_policy=None):
    """Start-up time, then games/s for each policy (default: every strategy of the game);
    `on_policy(name, i, n)` is called before each policy is timed (progress). `n_players` is
    checked where the rules are loaded (the CLI's ``load_game_rules``)."""
    start = startup(game, rules, n_players)
    names = list(policies) if policies else strategy_names(game)
    result = {"game": game.name, "title": game.title, "score_unit": game.score_unit, "players": n_players,
              "games": games, "seed": seed, "config": rules.path, "config_hash": rules.hash, "startup": start,
              "policies": {}}
    for i, name in enumerate(names):
        if on_policy is not None:
            on_policy(name, i, len(names))
        result["policies"][strategy_label(name)] = bench_policy(game, rules, n_players, name, games, seed)
    random = result["policies"].get("random")
    if random:
        # a game's time against a random game's (issue #4 asks heuristics for at most 2x)
        for r in result["policies"].values():
            r["time_vs_random"] = round(random["games_per_s"] / r["games_per_s"], 2)
            if "rules_only_games_per_s" in r:
                # time_vs_random = rules_vs_random + deliberation_vs_random
                r["rules_vs_random"] = round(random["games_per_s"] / r["rules_only_games_per_s"], 2)
                r["deliberation_vs_random"] = round(r["time_vs_random"] - r["rules_vs_random"], 2)

    result["versions"] = {"python": platform.python_version(), "numba": numba.__version__,
                          "numpy": np.__version__}
    result["machine"] = platform.machine()
    return result


def to_json(result):
    """Exactly one line of JSON."""
    return json.dumps(result, separators=(",", ":"), sort_keys=True, default=lambda o: o.item())


def to_text(result):
    s = result["startup"]
    lines = [f"{result['title']}, {result['players']} players, up to {result['games']} games per policy, one core "
             f"(config hash {result['config_hash']})",
             f"start-up: {s['startup_s']:.2f} s (import {s['import_s']:.2f} s + first call {s['first_call_s']:.2f} s, "
             f"numba cache: {s['cache']})"]
    width = max(len(n) for n in result["policies"]) if result["policies"] else 6
    for name, r in result["policies"].items():
        gps = r["games_per_s"]
        speed = f"{gps:>10,.0f}" if gps >= 100 else f"{gps:>10.1f}"       # (a search player: 1.8)
        lines.append(f"  {name:<{width}}  {speed} games/s   ({r['games']:,} games in "
                     f"{r['seconds']:.2f} s, fastest of {r['rounds']} rounds; {r['turns_per_game']:.1f} turns/game, "
                     f"{r['cap_rate']:.1%} ended by the turn cap, "
                     f"mean {result['score_unit']} {r['mean_score']:.1f})"
                     + (f"  {r['time_vs_random']:.2f}x random's time" if "time_vs_random" in r else "")
                     + (f" = {r['rules_vs_random']:.2f}x its games' rules + {r['deliberation_vs_random']:.2f}x "
                        f"deliberation" if "rules_vs_random" in r else ""))
    return "\n".join(lines)
