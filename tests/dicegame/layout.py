"""The dice game's array layout: offsets into the rules table T, the state S and the result
arrays, shared by the kernel (frozen into its compiled code) and the Python side."""
MAX_PLAYERS = 4
FEATURES = ("turn_total", "lead", "reach")     # the heuristic's weights, in row order
N_WEIGHTS = len(FEATURES)
MAX_OPTIONS = 2                                # roll, hold
ROLL, HOLD = 0, 1
ACTIONS = ("roll", "hold")                     # an action's code is its index here
BIG_TURNS = (10, 20, 30)                       # banked turns counted per seat (the "big_turn" subject)

# rules table T (int64): these config keys' values, in this order
T_KEYS = ("dice.faces", "end.target", "end.max_rounds", "bonus.top_face")
T_FACES, T_TARGET, T_MAX_ROUNDS, T_TOP_BONUS = range(len(T_KEYS))

# game state S (int64): one game in play
(S_N, S_SEAT, S_TURN, S_ROUND, S_DONE, S_TURN_TOTAL, S_TURN_ROLLS, S_LAST_FACE,
 S_ROLLED, S_LOST, S_ERROR, S_ERROR_TURN) = range(12)
DONE_ROUNDS, DONE_REACHED = 1, 2               # S_DONE of a game over: after max_rounds, or a score reached the target
S_BANKED = 12                                  # per seat from here, a block of MAX_PLAYERS each in the
S_BONUS = S_BANKED + MAX_PLAYERS               # seat rows' order (P_BANKED ...): banked points,
S_BUSTS = S_BONUS + MAX_PLAYERS                # bonus points (hot dice), busts,
S_ROLLS = S_BUSTS + MAX_PLAYERS                # rolls,
S_BIG = S_ROLLS + MAX_PLAYERS                  # banked turns of BIG_TURNS[k]+ points (block k)
S_SIZE = S_BIG + MAX_PLAYERS * len(BIG_TURNS)

# results: games (n, N_GAME_COLS) and seats (n, MAX_PLAYERS, N_SEAT_COLS), int32
G_TURNS, G_ROUNDS, G_WINNER, G_TIE, G_REACHED, G_ERROR, G_ERROR_TURN, N_GAME_COLS = range(8)
P_SLOT, P_WON, P_RANK, P_SCORE, P_BANKED, P_BONUS, P_BUSTS, P_ROLLS, P_BIG = range(9)
N_SEAT_COLS = P_BIG + len(BIG_TURNS)

# check mode's error codes (0: none)
CHECK_MESSAGES = {1: "points not conserved (banked + lost + turn total != points rolled)",
                  2: "turn total out of range for the rolls of the turn"}
