"""Rock-paper-scissors, the strategy landscape's planted cycle (``windtunnel landscape``): each
seat throws once, in turn, unseen; a throw scores a point for every other seat's throw it beats,
and a tremble (config ``throw.tremble``, percent) makes a throw random. Its three styles each
throw one shape, so rock beats scissors beats paper beats rock. Register it with
``WINDTUNNEL_GAMES="rps=tests.rpsgame"``; importing it imports no numba."""
from pathlib import Path

from simulate.core.contract_game import ContractGame
from simulate.core.protocol import ArrayResults, StrategySchema

MAX_PLAYERS = 4
SHAPES = ("rock", "paper", "scissors")                 # a shape's code is its index; each beats the one before it
S_N, S_SEAT, S_DONE, S_ERROR, S_THROW = 0, 1, 2, 3, 4  # the state: S_THROW + p, then points from S_POINTS + p
S_POINTS = S_THROW + MAX_PLAYERS
S_SIZE = S_POINTS + MAX_PLAYERS
G_TURNS, G_ROUNDS, G_WINNER, G_TIE, G_ERROR, G_ERROR_TURN, N_GAME_COLS = range(7)
P_SLOT, P_WON, P_RANK, P_SCORE, P_THROW, N_SEAT_COLS = range(6)


class Results(ArrayResults):
    WON, SLOT, SCORE, RANK = P_WON, P_SLOT, P_SCORE, P_RANK
    TIE, TURNS, ROUNDS, WINNER = G_TIE, G_TURNS, G_ROUNDS, G_WINNER
    ERROR, ERROR_TURN = G_ERROR, G_ERROR_TURN
    GAME_COLS, SEAT_COLS = N_GAME_COLS, N_SEAT_COLS


Results.MAX_PLAYERS = MAX_PLAYERS


class Rps(ContractGame):
    name = "rps"
    title = "Rock-paper-scissors"
    players = (2, MAX_PLAYERS)
    records = "tests.rpsgame.records"
    config_dir = Path(__file__).resolve().parent / "configs"
    config_ranges = {"game.min_players": (2, MAX_PLAYERS), "game.max_players": (2, MAX_PLAYERS),
                     "throw.tremble": (0, 100), "throw.rock_points": (0, 5)}
    rules_table = ("throw.tremble", "throw.rock_points")
    contract = "tests.rpsgame.kernel.PLAY"
    state_size, state_dtype, max_options, slot_column = S_SIZE, "int64", len(SHAPES), P_SLOT
    option_kinds = SHAPES

    def strategy_schema(self):
        return StrategySchema(features=SHAPES, policies=self.policies, max_players=MAX_PLAYERS,
                              folder=self.config_dir / "strategies", default="rock")

    def _results(self, capacity):
        return Results.empty(capacity)

    @property
    def subjects(self):
        return ()

    def face_scores(self, state):
        return [int(state.S[S_POINTS + p]) for p in range(state.players)]

    def new_state(self, players, seed=0, game_index=0, rules=None, **kw):
        from simulate.core.contract_face import ContractState
        return ContractState(self, rules or self.load_rules(), players, seed, game_index, **kw)


GAME = Rps()
