"""The seat-knob balance search (``simulate/running/seat_steps.py``, issue #42): which searches
take it, the model fit, each step's move, and the whole loop on planted win rates (a conditional
logit: seat s wins with probability proportional to exp(a_s + b * x_s)), with and without
binomial noise; then `windtunnel balance` taking it for a game's seat knob."""
import json

import numpy as np
import pytest

from analysis.objectives import Tallies, Tally, parse_objective
from simulate.core.games import get_game
from simulate.running.autobalance import _seat_steps, parse_params
from simulate.running.seat_steps import STEPS, fit, log_rates, next_setting, plan, relative, seat_params

from .cli_invoke import invoke

EOS = get_game("eos")
SEAT = parse_objective(["seat"])


def eos_params(players, seats, hi=40):
    return parse_params([f"seat_compensation.glory_{players}p[{s}]=0..{hi}" for s in seats], EOS, EOS.load_rules())


def planted(a, b, x):
    """Win rates of a conditional logit: seat s's weight exp(a_s + b * x_s), x_s its knob (0 for a seat not searched)."""
    w = np.exp(np.asarray(a, float) + b * np.asarray(x, float))
    return w / w.sum()


def test_a_search_of_the_seat_knob_alone_on_the_seat_term_takes_the_steps():
    assert seat_params(EOS, eos_params(4, (1, 2, 3)), 4, SEAT) == [1, 2, 3]
    assert seat_params(EOS, eos_params(4, (3, 1)), 4, SEAT) == [3, 1]
    aeolos = get_game("aeolos")
    wind = parse_params([f"setup.starting_wind[{s}]=1..6" for s in range(3)], aeolos, aeolos.load_rules())
    assert seat_params(aeolos, wind, 3, SEAT) == [0, 1, 2]
    # another term, several counts, another value, or the knob of another count: the sampled search
    assert seat_params(EOS, eos_params(4, (1, 2, 3)), 4, parse_objective(["seat,close:0.2"])) is None
    assert seat_params(EOS, eos_params(4, (1, 2, 3)), [3, 4], SEAT) is None
    other = parse_params(["seat_compensation.coins_4p[1]=0..10"], EOS, EOS.load_rules())
    assert seat_params(EOS, other, 4, SEAT) is None
    assert seat_params(EOS, eos_params(3, (1, 2)), 4, SEAT) is None


def test_the_fit_recovers_a_planted_model():
    a, b = np.array([0.4, 0.1, -0.2, -0.3]), 0.03
    xs = [[0, 0, 0], [10, 10, 10], [15, 22, 31]]
    ys = [relative(np.log(planted(a, b, [0, *x])), [1, 2, 3]) for x in xs]
    c, slope = fit(xs, ys, [1, 2, 4])
    assert slope == pytest.approx(b) and c == pytest.approx(a[1:] - a[0])
    # one setting played: no slope yet, the mean of each seat's y
    assert fit(xs[:1], ys[:1], [1])[1] is None


def test_each_step_moves_to_the_models_root_from_a_quarter_range_probe():
    """From the printed 0s: the probe moves every seat behind the reference up a quarter of its
    range (10 of 0..40); the next step lands on the planted root, where every seat wins 1/4."""
    a, b = np.array([0.6, 0.2, -0.1, -0.3]), 1 / 40
    root = (a[0] - a[1:]) / b                     # 16, 28, 36
    lo, hi = np.zeros(3), np.full(3, 40.0)
    xs, ys = [[0, 0, 0]], [relative(np.log(planted(a, b, [0, 0, 0, 0])), [1, 2, 3])]
    probe = next_setting(xs, ys, [1], lo, hi, all_seats=False)
    assert probe == pytest.approx([10, 10, 10])
    xs.append(list(probe))
    ys.append(relative(np.log(planted(a, b, [0, *probe])), [1, 2, 3]))
    assert next_setting(xs, ys, [1, 2], lo, hi, all_seats=False) == pytest.approx(root)
    assert planted(a, b, [0, *root]) == pytest.approx(np.full(4, 0.25))
    # clipped to the ranges; every seat searched: the mean knob stays where it is
    assert next_setting(xs, ys, [1, 2], lo, np.full(3, 30.0), all_seats=False) == pytest.approx([16, 28, 30])
    a3 = np.array([0.3, 0.0, -0.3])
    xs = [[2, 2, 2], [1, 3, 5]]
    ys = [relative(np.log(planted(a3, 0.5, x)), [0, 1, 2]) for x in xs]
    step = next_setting(xs, ys, [1, 1], np.ones(3), np.full(3, 6.0), all_seats=True)
    assert step == pytest.approx([2.4, 3.0, 3.6]) and planted(a3, 0.5, step) == pytest.approx(np.full(3, 1 / 3))
    # a common shift of every knob tells nothing: no slope yet, so a probe towards fair
    xs = [[2, 2, 2], [3, 3, 3]]
    ys = [relative(np.log(planted(a3, 0.5, x)), [0, 1, 2]) for x in xs]
    assert next_setting(xs, ys, [1, 1], np.ones(3), np.full(3, 6.0), all_seats=True) == pytest.approx(
        [3 - 0.25 * 5, 3, 3 + 0.25 * 5])


class Planted:
    """An evaluator whose games follow the planted model, each seat's wins binomial (seeded)."""
    played = 0

    def __init__(self, a, b, players):
        self.a, self.b, self.players = np.asarray(a), b, players

    def tally(self, xs, seed, first, n):
        out = []
        for x in xs:
            p = planted(self.a, self.b, [0] * (self.players - len(x)) + list(x))
            wins = np.random.default_rng(seed).multinomial(n, p).astype(float)
            out.append(Tallies({self.players: Tally(n, wins, np.array([n], float), np.array([n * self.players], float),
                                                    30.0 * n, 900.0 * n, 70.0 * n, 4900.0 * n)}))
            self.played += n
        return out


def test_the_loop_reaches_the_fair_region_with_noisy_games_and_stops_once_fair_enough():
    a = np.array([0.5, 0.15, -0.15, -0.25, -0.25])      # an edge of about 12 points for the first seat of 5
    params, ev = eos_params(5, (1, 2, 3, 4)), Planted(a, 1 / 40, 5)
    finalists, history = {}, []
    told = []
    steps, stopped = _seat_steps(ev, params, [1, 2, 3, 4], 5, SEAT, 400_000, 7, finalists, history,
                                 lambda k, c, what: told.append((k, what)), lambda c: False)
    assert (steps, stopped) == (STEPS, None) and ev.played <= 400_000
    assert [h["games"] for h in history] == [plan(400_000, 5)[0] * 2 ** k for k in range(STEPS)]
    assert told == [(k, "step") for k in range(STEPS)]
    best = min(finalists, key=finalists.get)
    assert max(abs(planted(a, 1 / 40, [0, *best]) - 0.2)) < 0.01      # within a point of fair
    assert history[0]["objective"] > 10 and history[-1]["objective"] < 1.5
    # a stop rule met at the third step: the loop ends there
    ev = Planted(a, 1 / 40, 5)
    steps, stopped = _seat_steps(ev, params, [1, 2, 3, 4], 5, SEAT, 400_000, 7, {}, [], None,
                                 lambda c: c.objective < 6)
    assert stopped == steps - 1 and steps <= 4


def test_log_rates_stay_finite_for_a_seat_that_never_won():
    assert np.isfinite(log_rates([0, 10], 10)).all()


def test_a_small_budget_takes_fewer_steps_never_more_games():
    for budget, players in ((400_000, 5), (14_400, 3), (1_000, 2), (100, 4)):
        first, steps = plan(budget, players)
        assert first % players == 0 and first >= 200 and 1 <= steps <= STEPS
        assert first * (2 ** steps - 1) <= max(budget, first)
    assert plan(400_000, 5)[1] == STEPS and plan(14_400, 3) == (201, 6)


def test_balance_over_a_seat_knob_steps_and_says_so(tmp_path):
    """AEOLOS's wind at 3 players, every seat searched (216 settings: too many to race whole)."""
    out = tmp_path / "b"
    r = invoke("balance", "aeolos", "--players", 3, *(w for s in range(3) for w in ("--param",
                                                                                      f"setup.starting_wind[{s}]=1..6")),
               "--budget", 20_000, "--jobs", 1, "--out", out, "--no-progress")
    assert r.exit_code == 0, r.stderr
    s = json.loads((out / "balance.json").read_text())
    assert s["method"] == "seat steps" and s["population"] == 1 and len(s["history"]) == s["generations"]
    assert "seat steps:" in r.stdout and "worse half dropped" not in r.stdout
    assert s["games_played"] <= 20_000
