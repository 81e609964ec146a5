"""Named offsets and enum values for the AEOLOS kernel.

The kernel works on two flat int32 arrays so that numba code stays fast and a
game state can be cloned with one ``copy()``:

* ``T`` (rule tables) is built once from the TOML config and never changes
  during a run: card faces, harbor actions, the river graph, temple places,
  favor card numbers.
* ``S`` (state) is one game's state: decks, hands, pieces, wind, VP, ...

Every field is named here once; a module-level int is a compile-time constant
for numba, so ``S[S_WIND + p]`` costs the same as a literal index.

Locations of a ship (``S[S_SHIP_LOC + p*MAX_SHIPS + i]``)::

    LOC_SUPPLY = -1            not built yet (in the general supply)
    LOC_TABLEAU = 0            on the player's tableau
    LOC_HARBOR + h             h = harbor number - 3  (0..6)
    LOC_RIVER + s              s = river space index (0..MAX_SPACES-1)
    LOC_PLACE + k              k = temple place index: sacrificed, never moves
"""
import numpy as np

from ..core.layout import Offsets

# ---------------------------------------------------------------- capacities
MAX_PLAYERS = 4
MAX_CARDS = 64          # sailing cards incl. the two printed pile starters
N_HARBORS = 7           # harbors 3..9
FIRST_HARBOR = 3
MAX_SPACES = 16         # river spaces
MAX_MOUTH = 4           # rivers one harbor may feed
MAX_PLACES = 16         # temple places (landing + bonus)
N_TEMPLES = 4
MAX_SHIPS = 5
HAND_CAP = 16           # hand + 5 cards drawn by a card swap
N_FAVOR_TYPES = 8
MAX_FAVOR = 32          # favor cards in all
MAX_TRACE_ROUNDS = 40  # rounds whose leader a game records (games last 15-20 rounds)
MAX_POSEIDON = 8       # Poseidon tokens (variant 2)
N_PLATFORMS = 3
MAX_FDRAW = 96          # favor card draws remembered per game (cards table)
MIN_VALUE = 3           # lowest harbor
MAX_VALUE = 13          # highest river space

# ---------------------------------------------------------------- enums
BLUE, RED, GREEN, YELLOW, PURPLE = 0, 1, 2, 3, 4
N_COLOURS = 5
COLOUR_NAMES = ("blue", "red", "green", "yellow", "purple")

PILE_PURPLE, PILE_GREY = 0, 1
PILE_NAMES = ("purple", "grey")
SUN, CLOUD, WAVE = 0, 1, 2
SYMBOL_NAMES = ("sun", "cloud", "wave")
MARK_NONE, MARK_X, MARK_DIAMOND = 0, 1, 2
MARK_NAMES = ("", "X", "diamond")

# harbor actions (the "OR" crystal alternative is a separate harbor field)
ACT_UPRIVER, ACT_SETTLEMENT, ACT_SHIP, ACT_FAVOR, ACT_VP, ACT_WIND, ACT_PROPHET = range(7)
ACT_FAVOR_CHOICE, ACT_FREE = 7, 8     # the Challenge of Aeolos (variant 3): draw N keep 1; another harbor's action
ACTION_NAMES = ("upriver", "settlement", "ship", "favor", "vp", "wind", "prophet", "favor_choice", "free_action")

# temple place bonuses
BONUS_NONE, BONUS_WIND, BONUS_FAVOR, BONUS_CRYSTAL = 0, 1, 2, 3
BONUS_NAMES = ("", "wind", "favor", "crystal")

# Favor of the Gods
F_AEOLOS, F_APOLLON, F_ARTEMIS, F_ATHENE, F_HERA, F_HERMES, F_PLUTOS, F_ZEUS = range(8)
FAVOR_NAMES = ("aeolos", "apollon", "artemis", "athene", "hera", "hermes", "plutos", "zeus")

# bonus tokens
TOKEN_SWAP, TOKEN_EXTRA = 0, 1
TOKEN_NAMES = ("card swap", "extra action")

# where VP came from (one column per source in the seats table)
SRC_TEMPLE, SRC_PROPHET, SRC_HARBOR, SRC_FAVOR_PLAYED = 0, 1, 2, 3
SRC_CRYSTALS, SRC_WIND, SRC_FAVOR_HELD, SRC_BONUS_TOKENS = 4, 5, 6, 7
SRC_TABLEAU = 8          # the tableaus variant's abilities
SRC_POSEIDON = 9         # the Poseidon expansion's tokens (and wind owed without wind)
N_SRC = 10
SRC_NAMES = ("temple", "prophet", "harbor", "favor_played",
             "crystals", "wind", "favor_held", "bonus_tokens", "tableau", "poseidon")

# tableau abilities (variant 1)
ABILITY_SETTLEMENT, ABILITY_SHIP, ABILITY_PROPHET, ABILITY_CRYSTALS = 0, 1, 2, 3
N_ABILITIES = 4
ABILITY_NAMES = ("settlement", "ship", "prophet", "crystals")
NO_ABILITY = -1

# locations
LOC_NONE = -2            # ship slot unused by this config
LOC_SUPPLY = -1
LOC_TABLEAU = 0
LOC_HARBOR = 1
LOC_RIVER = LOC_HARBOR + N_HARBORS
LOC_PLACE = LOC_RIVER + MAX_SPACES
N_LOC = LOC_PLACE + MAX_PLACES

# place owner codes: FREE, UNUSED (not in this player count), else p*2 + piece
PLACE_FREE = -1
PLACE_UNUSED = -2
PIECE_SHIP, PIECE_PROPHET = 0, 1

# prophet track: 0 start space, 1..3 platforms, 4 on the lower temple
PROPHET_START, PROPHET_TEMPLE = 0, 4

# policies
POL_RANDOM, POL_HEURISTIC, POL_SCRIPT, POL_LOOKAHEAD, POL_PLUGIN = 0, 1, 2, 3, 4
POL_RECORD = 5       # the heuristic, writing each choice onto a choice tape (below)
POL_REPLAY = 6       # reads its choices back from a choice tape
POL_MCTS = 7         # information-set MCTS over the turn's decisions (``mcts``)

# The choice tape, for `windtunnel bench` to time a heuristic's games without its
# deliberation: SCR[0, 0] is the next row, rows 1.. hold the option index chosen at
# each decision with a choice, in column 0 (SCR keeps its shape, so no new argument
# runs through the kernel). Which seats record or replay is their POL, like any policy.

# ---------------------------------------------------------------- allocation




# ---------------------------------------------------------------- rule tables T
_t = Offsets()
T_N_CARDS = _t()                    # sailing cards in the box (52), printed starters follow
T_CARD_COLOUR = _t(MAX_CARDS)
T_CARD_VALUE = _t(MAX_CARDS)
T_CARD_SYMBOL = _t(MAX_CARDS)
T_CARD_MARK = _t(MAX_CARDS)
T_REMOVED_MARKS = _t(MAX_PLAYERS + 1)   # bitmask of marks sorted out, by player count
T_HAND_SIZE = _t()
T_FAVOR_EACH = _t()
T_SHIPS_TABLEAU = _t()
T_SHIPS_SUPPLY = _t()
T_SETTLEMENTS = _t()
T_START_WIND = _t(MAX_PLAYERS)
T_WIND_TOKENS = _t()
T_WIND_CAP = _t()
T_START_VP = _t()
T_TABLEAUS = _t()                      # 1: the tableaus variant (abilities) is played
T_TABLEAU_SEAT = _t(MAX_PLAYERS)       # each seat's ability, or -1: dealt at random each game
T_ABILITY_START_WIND = _t(N_ABILITIES)
T_ABILITY_WIND = _t(N_ABILITIES)       # per settlement / ship built, prophet move, first crystal of a colour
T_ABILITY_VP = _t(N_ABILITIES)
T_VARIABLE = _t()                      # 1: variable harbor actions (variant 4)
T_TOKEN_SIDE = _t(N_HARBORS)           # per number: 0 basic, 1 alternative, -1 a coin per game
T_TOKEN_SHUFFLE = _t()                 # 1: the seven tokens are shuffled over the harbors
T_ALT_CRYSTAL = _t(N_HARBORS)          # the alternative sides, by number (basic: T_HARBOR_*)
T_ALT_ACTION = _t(N_HARBORS)
T_ALT_AMOUNT = _t(N_HARBORS)
T_ONE_SHIP_PER_SPACE = _t()            # 1: at most one ship per river space (variant 3)
T_POSEIDON = _t()                      # 1: the Poseidon expansion is played
T_NEGATIVE_VP = _t()                   # 1: VP may drop below 0
T_NO_WIND_VP = _t()                    # VP lost instead when a token takes wind from a seat with none
# An intervention ([intervention], issue #22): one seat per game, game k's seat k mod players
# (``treated_seat``), plays with one thing changed; the other seats and everything else as dealt
T_IV_ON = _t()                         # 1: an intervention is set
T_IV_FAVOR = _t()                      # the Favor card the treated seat starts holding, or -1
T_IV_VP = _t()                         # VP it starts with beyond setup.start_vp
T_IV_WIND = _t()                       # wind it starts with beyond its setup.starting_wind
T_IV_NO_HARBOR = _t()                  # the harbor (index) whose action it may never take, or -1
T_IV_TABLEAU = _t()                    # the tableau ability the treated seat is dealt (variant tableaus), or -1
T_N_POSEIDON = _t()
T_POSEIDON_WIND = _t(MAX_POSEIDON)     # token effects: wind gained (< 0: given away)
T_POSEIDON_VP = _t(MAX_POSEIDON)       # ... and VP gained (< 0: lost)
T_CRYSTAL_SUPPLY = _t(N_COLOURS)
T_CRYSTAL_PER_PLAYER = _t(N_COLOURS)   # 1 if one per player goes to the board
T_CRYSTAL_EXTRA = _t(N_COLOURS)
T_SET_VP = _t(N_COLOURS + 1)           # index = set size
T_VP_PER_WIND = _t()
T_TOKEN_VP = _t()
T_MATCH_WIND = _t()
# harbors, indexed h = number - 3
T_HARBOR_CRYSTAL = _t(N_HARBORS)       # colour or -1
T_HARBOR_ACTION = _t(N_HARBORS)
T_HARBOR_AMOUNT = _t(N_HARBORS)
T_HARBOR_SPACES_2P = _t(N_HARBORS)
T_HARBOR_SPACES = _t(N_HARBORS)
T_HARBOR_COVERED_3P = _t(N_HARBORS)
T_MOUTH_N = _t(N_HARBORS)
T_MOUTH = _t(N_HARBORS * MAX_MOUTH)    # first river space of each river a harbor feeds
# river spaces
T_N_SPACES = _t()
T_SPACE_VALUE = _t(MAX_SPACES)
T_SPACE_NEXT = _t(MAX_SPACES)          # next space, -1 if the next step is the temple
T_SPACE_TEMPLE = _t(MAX_SPACES)
T_SPACE_DEPTH = _t(MAX_SPACES)         # steps from the mouth harbor (first space = 1)
T_SPACE_TO_GO = _t(MAX_SPACES)         # steps left to the temple (last space = 1)
T_TEMPLE_STEP_WIND = _t()
# temple places
T_N_PLACES = _t()
T_PLACE_TEMPLE = _t(MAX_PLACES)
T_PLACE_VP = _t(MAX_PLACES)
T_PLACE_BONUS = _t(MAX_PLACES)
T_PLACE_BONUS_AMOUNT = _t(MAX_PLACES)
T_PLACE_PURPLE = _t(MAX_PLACES)
T_PLACE_MIN_PLAYERS = _t(MAX_PLACES)
T_PROPHET_TEMPLE = _t()
T_PROPHET_VP = _t(N_PLATFORMS)         # per ship in play / settlement built / wind held
T_PROPHET_FIRST = _t()
T_PROPHET_SECOND = _t()
# favor cards
T_FAVOR_COUNT = _t(N_FAVOR_TYPES)
T_FAVOR_END_VP = _t(N_FAVOR_TYPES)
T_AEOLOS_WIND = _t()
T_AEOLOS_VP = _t()
T_APOLLON_COST = _t()
T_ARTEMIS_COST = _t()
T_ARTEMIS_STEPS = _t()
T_ATHENE_COST = _t()
T_HERA_VP = _t()
T_HERMES_MAX = _t()
T_ZEUS_VP = _t()
T_ZEUS_MAX_VALUE = _t()
T_SIZE = _t.size

# ---------------------------------------------------------------- the decision stack
# A frame is pending work of the seat to move (``engine``): its kind, the stage it is at, and
# three fields its kind names: TURN (base: the two cards' value sum), WINDOW (decisions left),
# ACTION (harbor, extra), UPRIVER (budget, paid, used), CRYSTAL (left), KEEP (cards in S_KEEP),
# SWAP (discards left); EXTRA none.
F_TURN, F_WINDOW, F_EXTRA, F_ACTION, F_UPRIVER, F_CRYSTAL, F_KEEP, F_SWAP = range(8)
FR_KIND, FR_STAGE, FR_A, FR_B, FR_C = range(5)
FRAME = 5
MAX_FRAMES = 8            # deepest: turn, window, upriver (Artemis), crystal; or turn, window, action, upriver, crystal
MAX_KEEP = 20             # a harbor's amount is at most 20 (config)

# ---------------------------------------------------------------- state S
_s = Offsets()
S_N_PLAYERS = _s()
S_CUR = _s()                 # seat to move
S_TURN = _s()                # turns played so far (all seats)
S_ROUND = _s()               # rounds started (1-based while playing)
S_OVER = _s()                # 1 when the game has ended
S_END_TRIGGERED = _s()       # the last card was drawn: finish this round
S_REFILLS = _s()             # deck refills done (3p/4p: at most one)
S_PASS_SIZE = _s()           # cards in the deck when this pass through it began (public)
S_DECK_N = _s()
S_DECK = _s(MAX_CARDS)       # draw pile, top = S_DECK[S_DECK_N - 1]
S_PILE_N = _s(2)
S_PILE = _s(2 * MAX_CARDS)   # discard piles on the board, top = last
S_BOX_N = _s()               # sailing cards put back in the box
S_WIND_SUPPLY = _s()
S_BOARD_CRYSTAL = _s(N_COLOURS)   # blue..yellow at the harbors, purple on the lower temple
S_BOX_CRYSTAL = _s(N_COLOURS)
S_FDECK_N = _s()
S_FDECK = _s(MAX_FAVOR)
S_FDISC_N = _s()
S_FDISC = _s(MAX_FAVOR)
S_SPACES_FREE = _s(N_HARBORS)     # free settlement spaces per harbor
S_PLACE_OWNER = _s(MAX_PLACES)
S_PLATFORM_REACHED = _s(N_PLATFORMS)  # how many prophets reached each platform
# per player
S_VP = _s(MAX_PLAYERS)
S_VP_SRC = _s(MAX_PLAYERS * N_SRC)
S_WIND = _s(MAX_PLAYERS)
S_CRYSTALS = _s(MAX_PLAYERS * N_COLOURS)
S_SETTLE_LEFT = _s(MAX_PLAYERS)       # settlements still on the tableau
S_SETTLED = _s(MAX_PLAYERS * N_HARBORS)   # 1 if the player has a settlement at harbor h
S_SHIPS_BUILT = _s(MAX_PLAYERS)
S_SHIP_LOC = _s(MAX_PLAYERS * MAX_SHIPS)
S_PROPHET = _s(MAX_PLAYERS)
S_HARBOR_CRYSTAL = _s(N_HARBORS)      # this game's harbor tokens (variant 4 varies them):
S_HARBOR_ACTION = _s(N_HARBORS)       # crystal colour (-1 none), action and amount at each harbor
S_HARBOR_AMOUNT = _s(N_HARBORS)
S_HARBOR_TOKEN = _s(N_HARBORS)        # the number of the token at each harbor (+ 10 if alternative)
S_LEADERS = _s(MAX_TRACE_ROUNDS)      # the seat leading on VP after each completed round (-1: a tie)
S_POSEIDON_N = _s()                   # face-down Poseidon tokens left (variant 2)
S_POSEIDON_PILE = _s(MAX_POSEIDON)    # their order, top = last
S_POSEIDON_AT = _s(N_HARBORS)         # token face up in front of each harbor, -1 if none
S_ABILITY = _s(MAX_PLAYERS)           # tableau ability (variant 1), NO_ABILITY without it
S_HAND_N = _s(MAX_PLAYERS)
S_HAND = _s(MAX_PLAYERS * HAND_CAP)
S_FAVOR = _s(MAX_PLAYERS * N_FAVOR_TYPES)   # favor cards held, by type
S_TOKENS = _s(MAX_PLAYERS * 2)              # 1 = bonus token still face up
S_FAVOR_DRAWN = _s(MAX_PLAYERS * N_FAVOR_TYPES)
S_FAVOR_PLAYED = _s(MAX_PLAYERS * N_FAVOR_TYPES)
S_ACTIONS_TAKEN = _s(MAX_PLAYERS * N_HARBORS)  # sailing-value harbor actions, by harbor
# the turn in progress
S_SETTLED_THIS_TURN = _s()
S_ZEUS_AT = _s(N_HARBORS)     # Zeus ships placed in a harbor this turn (no presence from them)
S_SAILING_VALUE = _s()
S_PLATFORM_DUE = _s()         # platform (1..3) the prophet reached, its VP due when the window closes; 0 none
S_TURN_PHASE = _s()           # the game's phase as the turn began (``pieces.game_phase``): the heuristic's weights
S_FRAMES_N = _s()             # frames on the decision stack (``engine``)
S_FRAMES = _s(MAX_FRAMES * FRAME)
S_KEEP = _s(MAX_KEEP)         # favor cards drawn for a "keep one" (variant 3), in draw order
S_CHECK = _s()                # 1: check mode (the invariants checked twice a turn)
S_HALT = _s()                 # 1: a check-mode violation stopped the game (no final scoring)
S_DONE = _s()                 # 1: the game is over and scored
# diagnostics
S_ERROR = _s()                # first check-mode violation (CHK_* code), 0 if none
S_ERROR_TURN = _s()
S_SCRIPT_POS = _s()           # next scripted decision (scenario API, replay of a plan)
S_LOG_N = _s()                # transcript rows written
S_FDRAW_N = _s()              # favor card draws: rows of (seat, type, turn drawn, turn played or -1)
S_FDRAW = _s(MAX_FDRAW * 4)
# heuristic policy scratch (not game state: check mode and the transcript ignore it).
# Setup zeroes it, so a game never sees another game's cache.
S_POLICY_KEY = _s(MAX_PLAYERS)                 # turn (+1) the cached values belong to
S_POLICY_HARBOR = _s(MAX_PLAYERS * N_HARBORS)  # value of each harbor's action, in milli-VP
S_POLICY_PLAN = _s(MAX_VALUE + 1)              # value of each sailing value for the seat to move, milli-VP
S_OFFERED = _s()              # options of the decision a script stopped at (Python face, scenarios)
S_TREATED = _s()              # the seat an intervention treats, + 1 (0: none)
S_SIZE = _s.size

# ---------------------------------------------------------------- options
# An option is one int32 row (kind, a, b, c) in the kernel's option buffer.
MAX_OPTIONS = 256
O_DONE = 0          # finish this window / skip / stop moving
O_CARD = 1          # a = hand slot
O_VALUE = 2         # a = sailing value, b = Hermes shift (0 = no Hermes), c = wind given
O_MOVE = 3          # a = from location, b = to location
O_CRYSTAL = 4       # a = colour (harbor crystal, bonus place crystal, Plutos)
O_UPRIVER = 5       # harbor action: move ships upriver
O_SETTLE = 6        # a = harbor index
O_SHIP = 7          # build a ship
O_DRAW_FAVOR = 8
O_GAIN_VP = 9
O_GAIN_WIND = 10
O_PROPHET = 11      # a = temple place (when stepping onto the temple) or -1
O_STEP = 12         # a = from location, b = to location (river space or temple place)
O_FAVOR = 13        # a = favor type, b = sub choice, c = argument
O_TOKEN = 14        # a = TOKEN_SWAP / TOKEN_EXTRA
O_EXTRA = 15        # a = harbor index for an extra harbor action
O_DISCARD = 16      # a = hand slot (card swap)
O_FAVOR_CHOICE = 17  # harbor action: draw a cards, keep 1 (variant 3)
O_KEEP = 18         # a = favor type to keep of those drawn
O_FREE = 19         # a = harbor index whose action the free harbor action takes (variant 3)
OPTION_NAMES = ("done", "card", "value", "move", "crystal", "upriver", "settle", "ship",
                "draw_favor", "gain_vp", "gain_wind", "prophet", "step", "favor", "token",
                "extra", "discard", "favor_choice", "keep", "free")
ANY = -99           # wildcard in a scripted choice

# favor sub choices (O_FAVOR b)
HERA_VP, HERA_SETTLE = 0, 1      # c = harbor
ZEUS_VP, ZEUS_SHIP = 0, 1        # c = location

# decision kinds (what the policy is asked)
DK_WINDOW, DK_CARD, DK_VALUE, DK_MOVE, DK_ACTION, DK_STEP, DK_CRYSTAL, DK_DISCARD, DK_EXTRA, DK_KEEP, DK_FREE = range(11)

# check-mode violations
CHK_OK = 0
CHK_CRYSTALS = 1
CHK_WIND = 2
CHK_SHIPS = 3
CHK_SETTLEMENTS = 4
CHK_CARDS = 5
CHK_FAVOR = 6
CHK_PLACES = 7
CHK_NEGATIVE = 8
CHK_PROPHET = 9
CHK_HAND = 10
CHK_VP = 11
CHK_POSEIDON = 12
CHK_RIVER = 13
CHK_PLUGIN = 14          # not a rule: a plugin scorer failed (policy.plugin_choice), in any mode
CHECK_MESSAGES = {
    CHK_CRYSTALS: "crystals on board + players + box != 21 (or a count went negative)",
    CHK_WIND: "wind tokens in supply + players != 28 (or a count went negative)",
    CHK_SHIPS: "a player's ships are not 5 (tableau + board + temples + supply) or built ships disagree",
    CHK_SETTLEMENTS: "a player's settlements (tableau + built) are not 3, or a harbor's spaces disagree",
    CHK_CARDS: "sailing cards in deck + hands + piles + box are not the full deck exactly once",
    CHK_FAVOR: "favor cards in deck + discard + players are not 20 exactly once",
    CHK_PLACES: "a temple place holds a piece that is not there, or a piece sits on two places",
    CHK_RIVER: "two ships on one river space under the Challenge of Aeolos",
    CHK_POSEIDON: "Poseidon tokens face down + face up are not each token exactly once, or one lies at a "
                  "harbor with a free settlement space",
    CHK_NEGATIVE: "a VP total went below zero",
    CHK_PROPHET: "a prophet is off its track or its temple place disagrees",
    CHK_HAND: "a hand holds more cards than its limit at the end of a turn",
    CHK_VP: "VP total differs from the sum of its sources",
    CHK_PLUGIN: "plugin scorer failed (raised, indexed out of bounds, or returned NaN/inf)",
}

# events (transcript log rows: turn, seat, event, a, b, c)
LOG_COLS = 6
(EV_TURN, EV_CARD, EV_MATCH, EV_VALUE, EV_MOVE, EV_CRYSTAL, EV_SETTLE, EV_SHIP,
 EV_FAVOR_DRAWN, EV_VP, EV_WIND_GAIN, EV_WIND_GIVE, EV_STEP, EV_PROPHET,
 EV_FAVOR_PLAYED, EV_TOKEN, EV_WIND_CAP, EV_DRAW, EV_REFILL, EV_END_TRIGGER,
 EV_NO_ACTION, EV_ACTION, EV_SWAP_DISCARD, EV_PLATFORM, EV_ABILITY, EV_POSEIDON, EV_FAVOR_FACE_UP) = range(27)

# result arrays (``game.record`` writes them, ``records`` reads them)
# games table columns (per game)
G_TURNS, G_ROUNDS, G_WINNER, G_TIE, G_REFILLS, G_ERROR, G_ERROR_TURN, G_DECK_LEFT = range(8)
G_LEADERS = 8                               # MAX_TRACE_ROUNDS: the leader after each round
N_GAME_COLS = G_LEADERS + MAX_TRACE_ROUNDS
# seats table columns (per game and seat)
(P_VP, P_RANK, P_WON, P_WIND, P_SETTLEMENTS, P_SHIPS_BUILT, P_SHIPS_SACRIFICED, P_PROPHET,
 P_FAVOR_HELD, P_TOKENS_LEFT, P_TIEBREAK, P_STRATEGY) = range(12)
P_SRC = 12                                  # N_SRC score sources
P_CRYSTALS = P_SRC + N_SRC                  # N_COLOURS crystal counts
P_FAVOR_DRAWN = P_CRYSTALS + N_COLOURS      # N_FAVOR_TYPES
P_FAVOR_PLAYED = P_FAVOR_DRAWN + N_FAVOR_TYPES
P_ACTIONS = P_FAVOR_PLAYED + N_FAVOR_TYPES  # N_HARBORS harbor actions taken with a sailing value
P_ABILITY = P_ACTIONS + N_HARBORS           # tableau ability (variant 1), NO_ABILITY without it
N_SEAT_COLS = P_ABILITY + 1

# heuristic weights (a strategy is a vector of these)
(W_VP, W_WIND, W_CRYSTAL, W_RIVER_STEP, W_PROPHET_STEP, W_SETTLEMENT, W_SHIP,
 W_FAVOR, W_TOKEN_KEEP, W_TEMPLE, W_HARBOR_VP, W_PLAY_FAVOR) = range(12)
N_WEIGHTS = 12
WEIGHT_NAMES = ("vp", "wind", "crystal", "river_step", "prophet_step", "settlement", "ship",
                "favor_card", "token_keep", "temple", "harbor_vp", "play_favor")
# A strategy row holds the weights in use followed by one block per game phase
# (early, mid, late: thirds of the game's card draws); the kernel copies the phase's
# block into the first one at the start of the seat's turn.
N_PHASES = 3
PHASE_NAMES = ("early", "mid", "late")
# then a few policy parameters: the lookahead's rollouts per option, the search's horizon
# in turns (0: the game's end; -k: k rounds of turns, this one and each other seat's next
# k times, the words of HORIZON_WORDS), and the MCTS player's iterations per decision
W_PARAMS = N_WEIGHTS * (1 + N_PHASES)
(PARAM_ROLLOUTS, PARAM_HORIZON, PARAM_ITERATIONS) = range(3)
PARAM_NAMES = ("rollouts", "horizon", "iterations")
HORIZON_WORDS = {"game": 0, "round": -1, "2rounds": -2, "3rounds": -3, "4rounds": -4}
N_WCOLS = W_PARAMS + len(PARAM_NAMES)


def _unliteral_constants(namespace):
    """Make every int constant above a numpy int64. numba types a module-level Python
    int as a literal and compiles a function once per literal value passed to it (a
    pile offset, an option kind); numpy scalars are plain int64 to numba, and still
    compile-time constants in the generated code."""
    for name, value in list(namespace.items()):
        if name.isupper() and type(value) is int:
            namespace[name] = np.int64(value)


_unliteral_constants(globals())
