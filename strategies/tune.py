"""Tune a strategy's weights with the cross-entropy method and common random numbers.

The search is over one log-multiplier per feature, applied to the base strategy's
weights in every phase (so a feature's phase profile is kept, its level tuned).
Each generation plays every candidate against the opponent strategy on the same
games (same seeds, seats rotated), so candidates differ by their weights, not by
their luck; a new generation gets new seeds, so the search cannot overfit one set
of deals. The result is written as a TOML strategy and checked against the roster
on fresh seeds.
"""
from dataclasses import dataclass, field

import numpy as np

from simulate.core.errors import UserError
from simulate.core.games import get_game
from simulate.core.workers import local_jobs

from .cem import cross_entropy
from .match import play_match, weights_strategy, worker_setup
from .roster import load_strategy

VALIDATION_SEED_OFFSET = 1_000_003     # validation plays deals the search never saw


def apply_multipliers(schema, row, x):
    """A strategy row with feature f scaled by exp(x[f]) in the block in use and every phase."""
    row = np.array(row, dtype=float)
    n = schema.n_weights
    for block in range(1 + len(schema.phases)):
        row[block * n:(block + 1) * n] *= np.exp(x)
    return row


def _candidate_worker(game, config, n_players, base_name, against_name, rows, games, seed, plugin_files):
    rules, base, against = worker_setup(game, config, plugin_files, base_name, against_name)
    return [play_match(game, rules, n_players, weights_strategy(game, base, row), against, games, seed).rate
            for row in rows]


@dataclass
class TuneResult:
    strategy: object                      # the tuned Strategy
    multipliers: np.ndarray
    history: list
    games_per_candidate: int
    generations: int
    population: int
    validation: dict = field(default_factory=dict)   # opponent -> MatchResult


def tune(game, rules, n_players, base, against, budget, seed=1, population=16, generations=None, jobs=-1,
         plugin_files=(), on_generation=None):
    """CEM over per-feature multipliers of `base` (a strategy name) against `against`,
    spending about `budget` games."""
    from joblib import Parallel, delayed

    game = get_game(game)
    schema = game.strategy_schema()
    template = load_strategy(game, base)
    if template.policy == schema.policies["random"] or not schema.n_weights:
        raise UserError(f"strategy {base!r} has no weights to tune")
    if generations is None:
        generations = int(np.clip(round(np.sqrt(budget / population / 50)), 4, 30))
    games = max(n_players, budget // (generations * population))
    games -= games % n_players                  # whole seat rotations
    n_jobs = local_jobs(jobs)

    with Parallel(n_jobs=n_jobs) as parallel:
        def objective(candidates, generation):
            rows = [apply_multipliers(schema, template.weights, x) for x in candidates]
            parts = np.array_split(np.arange(len(rows)), min(n_jobs, len(rows)))
            done = parallel(delayed(_candidate_worker)(game, rules.config, n_players, base, against,
                                                       [rows[i] for i in part], games, seed + generation,
                                                       list(plugin_files)) for part in parts)
            return np.array([r for part in done for r in part])

        result = cross_entropy(objective, np.zeros(schema.n_weights), np.full(schema.n_weights, 0.35),
                               generations=generations, population=population, elite_frac=0.25, seed=seed,
                               lower=-2.0, upper=2.0, min_std=0.05, on_generation=on_generation)
    tuned = weights_strategy(game, template, apply_multipliers(schema, template.weights, result.mean), name="tuned")
    return TuneResult(tuned, result.mean, result.history, games, generations, population)


def validate(game, rules, n_players, strategy, opponents, games, seed=1):
    """The tuned strategy against each opponent on deals the search never played."""
    game = get_game(game)
    return {name: play_match(game, rules, n_players, strategy, load_strategy(game, name), games,
                             seed + VALIDATION_SEED_OFFSET) for name in opponents}


def to_toml(game, result, base, against, n_players, budget, seed):
    """The tuned strategy as a TOML file: every phase's weights written out in full."""
    game = get_game(game)
    schema = game.strategy_schema()
    s, n = result.strategy, schema.n_weights
    lines = [f"# Tuned by `windtunnel tune {game.name} --players {n_players} --base {base} --against {against} "
             f"--budget {budget} --seed {seed}`:",
             f"# cross-entropy method, {result.generations} generations x {result.population} candidates x "
             f"{result.games_per_candidate} games (common random numbers).",
             f'description = "{base} tuned against {against} ({n_players}p, {budget:,} games)"']
    if s.policy == schema.policies.get("lookahead"):
        lines.append('policy = "lookahead"')
    lines.append("")

    def block(title, b):
        lines.append(f"[{title}]")
        for f, name in enumerate(schema.features):
            lines.append(f"{name} = {s.weights[b * n + f]:.4f}")
        lines.append("")

    # [weights] holds the first phase's block (the block in use starts as it); the other phases follow
    block("weights", 1 if schema.phases else 0)
    for k, phase in enumerate(schema.phases[1:], start=2):
        block(f"phase.{phase}", k)
    if schema.params:
        lines.append("[params]")
        for i, name in enumerate(schema.params):
            lines.append(f"{name} = {int(s.weights[schema.param_offset + i])}")
    return "\n".join(lines).rstrip("\n") + "\n"
