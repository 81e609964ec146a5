"""The dice game's implementation of the game protocol (``simulate/core/protocol.py``): rules
loading, the batch call, its tables, subjects, replay and the Python face. The kernel is
imported only by the methods that play."""
from pathlib import Path

import numpy as np

from simulate.core.protocol import ArrayResults, Game, StrategySchema, Subject

from . import layout as L


class Results(ArrayResults):
    """One batch's result arrays (``simulate.core.protocol.ArrayResults``)."""

    WON, SLOT, SCORE, RANK = L.P_WON, L.P_SLOT, L.P_SCORE, L.P_RANK
    TIE, TURNS, ROUNDS, WINNER = L.G_TIE, L.G_TURNS, L.G_ROUNDS, L.G_WINNER
    ERROR, ERROR_TURN = L.G_ERROR, L.G_ERROR_TURN
    GAME_COLS, SEAT_COLS, MAX_PLAYERS = L.N_GAME_COLS, L.N_SEAT_COLS, L.MAX_PLAYERS


class Dice(Game):
    name = "dice"
    title = "Dice"
    players = (2, L.MAX_PLAYERS)
    tiebreak = "a tie on points is not broken: the tied players share the win"
    variants = ("big_die", "hot_dice")
    kernel_entry = "tests.dicegame.kernel.batch"
    records = "tests.dicegame.records"
    config_dir = Path(__file__).resolve().parent / "configs"      # its data beside its code, not in configs/
    config_ranges = {"game.min_players": (2, L.MAX_PLAYERS), "game.max_players": (2, L.MAX_PLAYERS),
                     "dice.faces": (2, 20), "end.target": (1, 1000), "end.max_rounds": (1, 200),
                     "bonus.top_face": (0, 50)}
    rules_table = L.T_KEYS

    def strategy_schema(self):
        return StrategySchema(features=L.FEATURES, params=L.PARAMS,
                              policies={"random": L.POL_RANDOM, "heuristic": L.POL_HEURISTIC,
                                        "lookahead": L.POL_LOOKAHEAD, "mcts": L.POL_MCTS},
                              max_players=L.MAX_PLAYERS, folder=self.config_dir / "strategies", default="cautious")

    def _results(self, capacity):
        return Results.empty(capacity)

    def _play(self, rules, n_players, run_seed, first, n_games, POL, W, r, *, rotate, scorers, check, tape):
        from simulate.core.contract import scratch

        from .kernel import CONTRACT, batch

        POL, W = np.asarray(POL, np.int64), np.asarray(W, np.float64)
        batch(rules.T, n_players, run_seed, first, n_games, W, POL, bool(check), bool(rotate), r.games, r.seats,
              r.seeds, np.zeros((L.MAX_PLAYERS, W.shape[1])), np.zeros(L.MAX_PLAYERS, np.int64),
              np.zeros(L.S_SIZE, np.int64), np.zeros(1, np.uint64), np.zeros(1, np.uint64), CONTRACT,
              scratch(L.S_SIZE, L.MAX_OPTIONS))

    @property
    def subjects(self):
        return (Subject("big_turn", "Big turns", "big_turns_{item}", verb="banked", phrase="a turn of {item}+ points",
                        items=L.BIG_TURNS, states=("banked", "not_banked"),
                        note="Seats that banked at least one turn of that many points in a game against those that "
                             "never did."),)

    def replay(self, rules, n_players, run_seed, game_index, strategies, *, check=False):
        from .face import replay
        return replay(rules, n_players, run_seed, game_index, strategies, check=check)

    def new_state(self, players, seed=0, game_index=0, rules=None):
        from .face import State
        return State(rules or self.load_rules(), players, seed, game_index)


GAME = Dice()
