"""Cross-entropy method: maximise a noisy objective over a real vector.

Used to tune strategy weights. The objective sees a whole generation at once,
`objective(candidates, generation) -> scores`, so the caller can play every
candidate on the same game seeds (common random numbers): differences between
candidates then reflect the weights, not the dice, and far fewer games suffice.
"""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class CEMResult:
    best: np.ndarray          # top-scoring candidate of the final generation
    best_score: float         # its score (optimistic under noise: it won a max over the population)
    mean: np.ndarray          # final sampling mean: usually the better estimate under noise
    std: np.ndarray           # final sampling std
    history: list = field(default_factory=list)   # (generation, best_score, mean population score)


def cross_entropy(objective, mean, std, *, generations, population, elite_frac=0.2, seed=0,
                  lower=None, upper=None, on_generation=None, min_std=1e-3):
    """Maximise `objective` with the cross-entropy method.

    Each generation draws `population` candidates from N(mean, std) (independent
    per coordinate, clipped to [lower, upper]); candidate 0 is always the current
    mean, so the incumbent is re-scored every generation. The top `elite_frac`
    refit mean and std (std floored at `min_std`, so the search never collapses
    to a point before noise is averaged out). Deterministic for a given seed."""
    mean = np.array(mean, dtype=float)
    if mean.ndim != 1 or mean.size == 0:
        raise ValueError(f"mean must be a non-empty 1-D vector, got shape {mean.shape}")
    dim = mean.size

    def vec(x, name):
        x = np.asarray(x, dtype=float)
        if x.ndim > 1 or (x.ndim == 1 and x.size != dim):
            raise ValueError(f"{name} must be a scalar or have shape ({dim},), got shape {x.shape}")
        return np.broadcast_to(x, (dim,)).copy()

    std = vec(std, "std")
    lo = vec(-np.inf if lower is None else lower, "lower")
    hi = vec(np.inf if upper is None else upper, "upper")
    if np.any(std < 0):
        raise ValueError("std must be non-negative")
    if np.any(lo > hi):
        raise ValueError("lower must not exceed upper")
    if generations < 1:
        raise ValueError(f"generations must be at least 1, got {generations}")
    if population < 2:
        raise ValueError(f"population must be at least 2 (the mean plus one sample), got {population}")
    n_elite = int(elite_frac * population)
    if n_elite < 1:
        raise ValueError(f"elite_frac * population must give at least 1 elite, got "
                         f"{elite_frac} * {population}")
    min_std = vec(min_std, "min_std")           # one floor, or one per coordinate (a whole number's 0.5)
    if np.any(min_std < 0):
        raise ValueError("min_std must be non-negative")

    rng = np.random.default_rng(seed)
    std = np.maximum(std, min_std)
    history = []
    for gen in range(generations):
        cand = mean + std * rng.standard_normal((population, dim))
        cand[0] = mean
        cand = np.clip(cand, lo, hi)
        scores = np.asarray(objective(cand.copy(), gen), dtype=float)   # copy: the caller may mutate it
        if scores.shape != (population,):
            raise ValueError(f"objective must return {population} scores, got shape {scores.shape}")
        # NaN (a failed evaluation) must never be picked as elite.
        scores = np.where(np.isnan(scores), -np.inf, scores)
        order = np.argsort(-scores, kind="stable")
        elite = cand[order[:n_elite]]
        best, best_score = cand[order[0]].copy(), float(scores[order[0]])
        mean = elite.mean(axis=0)
        std = np.maximum(elite.std(axis=0), min_std)
        finite = scores[np.isfinite(scores)]
        history.append((gen, best_score, float(finite.mean()) if finite.size else float("nan")))
        if on_generation is not None:
            on_generation(gen, mean.copy(), std.copy(), best_score)
    return CEMResult(best=best, best_score=best_score, mean=mean, std=std, history=history)
