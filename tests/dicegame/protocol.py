"""The dice game's implementation of the game protocol (``simulate/core/protocol.py``) on the
kernel contract (``simulate/core/contract_game.py``: the core plays its batches, its face and its
search players): rules loading, its tables, subjects, words and replay."""
from pathlib import Path

from simulate.core.contract_game import ContractGame
from simulate.core.protocol import ArrayResults, StrategySchema, Subject

from . import layout as L


class Results(ArrayResults):
    """One batch's result arrays (``simulate.core.protocol.ArrayResults``)."""

    WON, SLOT, SCORE, RANK = L.P_WON, L.P_SLOT, L.P_SCORE, L.P_RANK
    TIE, TURNS, ROUNDS, WINNER = L.G_TIE, L.G_TURNS, L.G_ROUNDS, L.G_WINNER
    ERROR, ERROR_TURN = L.G_ERROR, L.G_ERROR_TURN
    GAME_COLS, SEAT_COLS, MAX_PLAYERS = L.N_GAME_COLS, L.N_SEAT_COLS, L.MAX_PLAYERS


class Dice(ContractGame):
    name = "dice"
    title = "Dice"
    players = (2, L.MAX_PLAYERS)
    tiebreak = "a tie on points is not broken: the tied players share the win"
    variants = ("big_die", "hot_dice")
    records = "tests.dicegame.records"
    config_dir = Path(__file__).resolve().parent / "configs"      # its data beside its code, not in configs/
    config_ranges = {"game.min_players": (2, L.MAX_PLAYERS), "game.max_players": (2, L.MAX_PLAYERS),
                     "dice.faces": (2, 20), "end.target": (1, 1000), "end.max_rounds": (1, 200),
                     "bonus.top_face": (0, 50)}
    rules_table = L.T_KEYS
    contract = "tests.dicegame.kernel.PLAY"
    state_size, state_dtype, max_options, slot_column = L.S_SIZE, "int64", L.MAX_OPTIONS, L.P_SLOT
    reward_scale = 10.0                        # points of lead worth about 0.88 of a win to the MCTS player
    option_kinds = L.ACTIONS

    def strategy_schema(self):
        return StrategySchema(features=L.FEATURES, params={"iterations": 200, "rollouts": 16},
                              policies=self.policies,
                              max_players=L.MAX_PLAYERS, folder=self.config_dir / "strategies", default="cautious")

    def _results(self, capacity):
        return Results.empty(capacity)

    @property
    def subjects(self):
        return (Subject("big_turn", "Big turns", "big_turns_{item}", verb="banked", phrase="a turn of {item}+ points",
                        items=L.BIG_TURNS, states=("banked", "not_banked"),
                        note="Seats that banked at least one turn of that many points in a game against those that "
                             "never did."),)

    def face_scores(self, state):
        return [int(state.S[L.S_BANKED + p] + state.S[L.S_BONUS + p]) for p in range(state.players)]

    def replay(self, rules, n_players, run_seed, game_index, strategies, *, check=False, tape=None):
        from .face import replay
        return replay(rules, n_players, run_seed, game_index, strategies, check=check, tape=tape)

    def new_state(self, players, seed=0, game_index=0, rules=None, **kw):
        from .face import State
        return State(self, rules or self.load_rules(), players, seed, game_index, **kw)


GAME = Dice()
