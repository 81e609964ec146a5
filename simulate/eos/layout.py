"""Named offsets and enum values of the EOS kernel.

As for AEOLOS (``simulate/aeolos/layout.py``) a game is flat int32 arrays with every
field named once here, so numba code reads like the rulebook (``S[S_COINS + p]``):

* ``C``, the content: everything of ``configs/eos/`` the kernel reads (the game's
  numbers, the board, every card, Angel, Demon Lord and deed), built once by
  ``content.py``; the programs (action lists, ``programs.py``) sit at its end, where
  ``C[C_PROGS]`` etc. say.
* ``NS[p]``, the content of seat p's nation: heroes (rank programs, morale steps),
  secondary actions, ship, nation cards. ``PR[p]``: the nation board's numbers the
  resource rules read (``nations.player_rules``).
* ``S``, one game's state, including the *decision stack*: frames of pending work
  (``F_*``). The driver (``engine.py``) resolves frames that need no decision and, at
  one that does, lists its options into ``OPT`` for the policy; rule steps never ask a
  policy themselves.

The Demon power marker is one signed number (``S_MARKER``): power when positive,
Demons when negative, 0 neither; "you can either have power, or Demons, or neither"
holds by construction.
"""
from ..core.layout import Offsets

# ---------------------------------------------------------------- capacities
MAX_PLAYERS = 5
N_NATIONS = 5
N_HEROES = 5                    # one per profession, index = profession
SCOUT, FIRST_OFFICER, QUARTERMASTER, TREASURER, WARRIOR = range(5)
MAX_RANKS = 5
MAX_MORALE = 6                  # morale steps above the bottom
MAX_SECONDARY = 6
MAX_SLOTS = 6                   # worker slots of a ship
MAX_AREAS = 48
MAX_ADJ = 256
MAX_CORNER_REWARDS = 6
MAX_GLORY_REWARDS = 16          # rewards on the glory track (a bit each in S_GT_CLAIMED)
MAX_JOURNEY = 128               # general + nation journey cards
MAX_UPGRADES = 96
MAX_EVENTS = 32
MAX_OBJECTIVES = 24
OBJECTIVES_IN_PLAY = 4
MAX_ANGELS = 16
MAX_LORDS = 12
MAX_DEEDS = 32
MAX_TROPHIES = 24
MAX_CHRONICLE = 16
N_DEED_AREAS = 6
MAX_DIE = 8
MAX_FLAGS = 3                   # rule flags per Angel / deed / trophy / upgrade
MAX_ZONES = 4                   # damage zones of a protection track
MAX_FRAMES = 96
FRAME = 8                       # ints per frame
MAX_OPT = 160
OPT_W = 4                       # ints per option
MAX_LOG = 4096                  # transcript rows per game (replay only)
LOG_W = 8

# ---------------------------------------------------------------- symbols (programs.SYMBOL_CODES order)
(Y_GLORY, Y_COINS, Y_MORALE, Y_RANK, Y_DRAW, Y_DISCARD, Y_PLAY, Y_HAND_LIMIT, Y_MOVE1, Y_MOVE, Y_SPEED,
 Y_WORKER, Y_DIE, Y_UPGRADE, Y_EVENT, Y_KRAKEN, Y_POWER, Y_DEMONS, Y_DESTROY, Y_PROTECTION, Y_SHIELD,
 Y_PURIFY, Y_PURIFY_ADJ, Y_BLESSING, Y_ANGEL_ATTACK, Y_SPAWN_LORD, Y_CHRONICLE,
 Y_SPEED_TOTAL, Y_HAVE_UPGRADES, Y_HAVE_PROTECTION, Y_MAX_MORALE_HEROES, Y_MORALE_TOTAL) = range(32)

# solo scenarios (C_SOLO_TASK rows): a task is "have" (a stat at least N, whenever) or "do" (the
# stat grown by N since the task was unlocked); `after`: a program run after the task's event
MAX_SCENARIOS = 12
SOLO_TASKS = 4
TK_KIND, TK_STAT, TK_AT, TK_AFTER = range(4)
TASK_W = 4
TASK_HAVE, TASK_DO = 0, 1

# ---------------------------------------------------------------- content C
_c = Offsets()
C_PROGS = _c()                  # offset of the program table (2 ints per program)
C_STEPS = _c()
C_ALTS = _c()
C_SYMS = _c()
C_N_PROGS = _c()
C_HAND_LIMIT = _c()
C_MARKET = _c()
C_REFRESH_COINS = _c()
C_TURN_CAP = _c()
C_BLESSING_TOKENS = _c()
C_BLESSING_LIMIT = _c()
C_PER_CORNER = _c()             # blessing tokens per blessing area per player (the setup's, shared)
C_MAX_CURSES = _c()
C_MAX_ACTIVATIONS = _c()
C_HERO_UPGRADES = _c()          # market upgrades per hero
C_BUYS = _c()                   # upgrade buys per turn
C_SHIELDS = _c()
C_ANGEL_PAWNS = _c()
C_CORNER_SHARED = _c()         # 1: a marked corner reward is closed to everyone
C_BONUS_DEMON = _c()            # end bonus per unprotected Demon (-1)
C_BONUS_MORALE = _c()
C_BONUS_RANK = _c()
C_BONUS_JOURNEY = _c()
C_BONUS_UPGRADE = _c()
C_ANGELS_DRAWN = _c(MAX_PLAYERS + 1)
C_CHRON_FIRST = _c(MAX_PLAYERS + 1)
C_CHRON_N = _c()
C_CHRON_SLOT = _c(MAX_CHRONICLE)        # program of each slot's effects
C_DIE_N = _c()
C_DIE = _c(MAX_DIE)                     # program of each face
C_LEAST_GLORY = _c()                    # the default least-glory choice
# the board
C_N_AREAS = _c()
C_AREA_KIND = _c(MAX_AREAS)             # AREA_OCEAN / AREA_DEED / AREA_BLESSING
C_AREA_DEMONS = _c(MAX_AREAS)
C_AREA_REWARD = _c(MAX_AREAS)           # program (-1 none)
C_AREA_PERIMETER = _c(MAX_AREAS)
C_AREA_ANGEL = _c(MAX_AREAS)            # Angel index or -1
C_AREA_DEED = _c(MAX_AREAS)             # deed area number 1..6 or 0
C_AREA_CORNER = _c(MAX_AREAS)           # blessing corner 1..4 or 0
C_AREA_PASSAGE = _c(MAX_AREAS)          # 1 (A), 2 (B) or 0
C_ADJ_START = _c(MAX_AREAS + 1)
C_ADJ = _c(MAX_ADJ)
C_DEED_AREA = _c(N_DEED_AREAS + 1)      # area index of deed area d (1..6)
C_CORNER_AREA = _c(5)                   # area index of corner c (1..4)
C_CORNER_N = _c(5)                      # rewards at corner c
C_N_CORNERS = _c()                      # blessing areas: corners 1..C_N_CORNERS (day 4, night 1)
C_CORNER_REWARD = _c(5 * MAX_CORNER_REWARDS)    # program of each reward (one step)
# journey cards: 0.. general, then each nation's 4
C_N_JOURNEY = _c()
C_N_GENERAL_JOURNEY = _c()
C_J_COST = _c(MAX_JOURNEY)
C_J_ACTIONS = _c(MAX_JOURNEY)
C_J_TRIGGER = _c(MAX_JOURNEY)           # TRIG_* (0: a regular card)
C_J_NATION = _c(MAX_JOURNEY)            # -1 general
# upgrades: 0.. general (the market deck), then each nation's 5
C_N_UPGRADES = _c()
C_N_GENERAL_UPGRADES = _c()
C_U_PRICE = _c(MAX_UPGRADES)            # coins to buy
C_U_SHIP = _c(MAX_UPGRADES)             # 1 ship upgrade, 0 hero upgrade
C_U_HERO = _c(MAX_UPGRADES)             # nation upgrade: its hero; -1 any hero
C_U_NATION = _c(MAX_UPGRADES)           # -1 general
C_U_ACTIONS = _c(MAX_UPGRADES)          # hero upgrade: after each activation
C_U_ONCE = _c(MAX_UPGRADES)             # ship upgrade: once, when added
C_U_RECHARGE = _c(MAX_UPGRADES)         # ship upgrade: each recharge
C_U_FLAGS = _c(MAX_UPGRADES)            # bitmask of UF_*
# events
C_N_EVENTS = _c()
C_E_ACTIVE = _c(MAX_EVENTS)
C_E_LEAST = _c(MAX_EVENTS)              # -1: the default choice
C_E_GLOBAL = _c(MAX_EVENTS)             # program each player takes, or -1
C_E_GLOBAL_FLAG = _c(MAX_EVENTS)        # EG_* or 0
# objectives
C_N_OBJECTIVES = _c()
C_O_KIND = _c(MAX_OBJECTIVES)           # OK_HAVE / OK_SPEND / OK_DISCARD
C_O_EACH = _c(MAX_OBJECTIVES)           # 1 each player once, 0 first player only
C_O_STAT = _c(MAX_OBJECTIVES)           # ST_* (have) or the symbol spent / discarded
C_O_AT = _c(MAX_OBJECTIVES)
C_O_GLORY = _c(MAX_OBJECTIVES)
C_O_ALWAYS = _c(MAX_OBJECTIVES)
# Angels
C_N_ANGELS = _c()
C_A_AREA = _c(MAX_ANGELS)
C_A_HERO_GLORY = _c(MAX_ANGELS)
C_A_PATRON_GLORY = _c(MAX_ANGELS)
C_A_ATTACKS = _c(MAX_ANGELS)
C_A_REWARD = _c(MAX_ANGELS)             # program gained on awakening (hero side)
C_A_ACTION = _c(MAX_ANGELS)             # program of the worker action (hero side), -1 none
C_A_ONCE = _c(MAX_ANGELS)
C_A_IGNORES = _c(MAX_ANGELS)            # Lord whose curse the hero side ignores, -1
C_A_FLAGS = _c(MAX_ANGELS * MAX_FLAGS)  # rule flag codes (Content.flags), -1 none
C_A_PASSIVE = _c(MAX_ANGELS)            # bitmask of PASSIVES the hero side gives
C_A_CHOICE = _c(MAX_ANGELS)             # Ashamnon's reward choice (program)
C_EO_START = _c()                       # Eo's start of turn: "destroy up to 3 Demons OR purify" (program)
# Demon Lords
C_N_LORDS = _c()
C_L_CHALLENGE = _c(MAX_LORDS)
C_L_GLORY = _c(MAX_LORDS)
C_L_REWARD = _c(MAX_LORDS)
C_L_CURSE = _c(MAX_LORDS)               # its curse (CURSES index)
C_L_FIRST_ORDER = _c(MAX_LORDS)
# epic deeds
C_N_DEEDS = _c()
C_D_LEVEL = _c(MAX_DEEDS)               # 0 I, 1 II, 2 III, 3 lake
C_D_CHALLENGE = _c(MAX_DEEDS)
C_D_GLORY = _c(MAX_DEEDS)
C_D_REWARD = _c(MAX_DEEDS)
C_D_TROPHY = _c(MAX_DEEDS)              # trophy index or -1
C_D_FLAGS = _c(MAX_DEEDS * MAX_FLAGS)
C_D_DISCARD_CURSE = _c(MAX_DEEDS)       # Inspire the Resistance: its reward discards a Lord's curse
C_DEED_LEVELS = _c()                    # bitmask of levels used at setup (1 I, 2 II, 4 III)
# setup choices (config [setup], the modules)
C_LORDS_ORDERED = _c()                  # 1: the Lord stack in first_game_order (First Game Adjustments)
C_OBJECTIVES_USED = _c()                # 0: no objective cards (First Game Adjustments, solo)
C_SHIPS_DEALT = _c()                    # 1: ships dealt at random (Free Choice of Ship)
C_ROUND_OUT = _c()                      # 1: the round is played out after the game end triggers (modules/full-round.toml)
C_NATION_PICK = _c()                    # 1: nations chosen in reverse player order (modules/reverse-pick.toml)
C_PICK_RATE = _c((MAX_PLAYERS + 1) * MAX_PLAYERS * N_NATIONS)   # [players][seat][nation]: its win rate, basis points
C_SEAT_GLORY = _c((MAX_PLAYERS + 1) * MAX_PLAYERS)   # [players][seat]: glory at setup ([seat_compensation])
C_SEAT_COINS = _c((MAX_PLAYERS + 1) * MAX_PLAYERS)   # [players][seat]: coins at setup
# interventions ([intervention], docs/whatif.md; -1: none): the treated seat's nation, the general
# upgrade it starts with in play, the general journey card it starts holding, the Demon Lord placed
# at setup (its curse in play from the start), a deed on the board from the start, and an Angel
# the treated seat awakens only on one side (CH_AWAKEN_HERO or CH_AWAKEN_PATRON)
C_IV_NATION = _c()
C_IV_UPGRADE = _c()
C_IV_JOURNEY = _c()
C_IV_LORD = _c()
C_IV_DEED = _c()
C_IV_ANGEL = _c()
C_IV_ANGEL_SIDE = _c()
C_NATION_JOURNEY_N = _c()               # nation journey cards per nation (NS_JOURNEY)
C_NATION_JOURNEY_DEALT = _c()           # of which each seat draws this many at setup
# the glory track's rewards (Night Mode: gained once, the first time the marker enters the step)
C_GT_N = _c()
C_GT_STEP = _c(MAX_GLORY_REWARDS)
C_GT_REWARD = _c(MAX_GLORY_REWARDS)     # program
# trophies
C_N_TROPHIES = _c()
C_T_TYPE = _c(MAX_TROPHIES)             # TT_*
C_T_ACTIONS = _c(MAX_TROPHIES)          # extra crew: its activation; item: after activation of the hero
C_T_REWARD = _c(MAX_TROPHIES)           # gained once, with the deed
C_T_SPEED = _c(MAX_TROPHIES)
C_T_WORKERS = _c(MAX_TROPHIES)          # a ship trophy: workers it holds
C_T_N_SLOTS = _c(MAX_TROPHIES)
C_T_SLOT = _c(MAX_TROPHIES * MAX_SLOTS) # a ship trophy: each slot's recharge reward
C_T_FLAGS = _c(MAX_TROPHIES * MAX_FLAGS)
C_T_PASSIVE = _c(MAX_TROPHIES)          # bitmask of PASSIVES the trophy gives
C_T_CURSE = _c(MAX_TROPHIES)            # a curse trophy's curse (CURSES index), -1
# solo (the Solo Mode module, configs/eos/modules/solo.toml; simulate/eos/solo.py)
C_SOLO = _c()                           # 1: a solo game (no chronicle track, glory ignored, tasks)
C_SOLO_LOSE_AT = _c()                   # the recharge action that loses (the 6th)
C_SOLO_EVENT_GLOBAL = _c()              # 1: a task's event runs its global effect too
C_SOLO_PLAY = _c()                      # the scenario played (-1: one drawn at random)
C_SOLO_N = _c()                         # scenarios
C_SOLO_TASK = _c(MAX_SCENARIOS * SOLO_TASKS * TASK_W)  # per scenario and task: TK_* fields
# deluxe deeds (configs/eos/modules/deluxe.toml): the rule each deed's flag names (DK_*)
C_D_SPECIAL = _c(MAX_DEEDS)
C_SIZE = _c.size

AREA_OCEAN, AREA_DEED, AREA_BLESSING = 0, 1, 2
OK_HAVE, OK_SPEND, OK_DISCARD = 0, 1, 2
TT_ITEM, TT_HERO, TT_SHIP, TT_CURSE = 0, 1, 2, 3
DEED_LAKE = 3
# the deluxe deeds whose rule is no action symbol (C_D_SPECIAL; flags/deluxe.toml)
DK_NONE, DK_DARRINGTON, DK_IGNAL, DK_PLAGUE, DK_CORSAIR = range(5)
DEED_SPECIALS = ("", "deed_darrington_permanent_worker", "deed_escort_lady_ignal", "deed_plague_ship_cover_slot",
                 "deed_roaming_corsair")

# journey card triggers (configs/eos/flags/cards.toml)
TRIG_NONE, TRIG_RECHARGE, TRIG_AFTER_HERO, TRIG_AFTER_CHRONICLE, TRIG_GAIN_DEMONS, TRIG_START, TRIG_OWN_TURN = range(7)
TRIGGERS = ("", "trigger_on_recharge", "trigger_after_hero_activation", "trigger_after_chronicle",
            "trigger_on_gain_demons", "trigger_start_of_turn", "trigger_own_turn")
# upgrade flags (bits of C_U_FLAGS)
UF_OCCUPIED_TWICE, UF_TRAITOR, UF_PASSAGE, UF_NO_COST, UF_DISCOUNT_10, UF_EXTRA_SECONDARY = (1, 2, 4, 8, 16, 32)
UF_THORSTEYN, UF_AKEEM, UF_JACUB, UF_OHN_MA_PUUHN, UF_DIOP = (64, 128, 256, 512, 1024)   # nation upgrades
UPGRADE_FLAGS = {"activate_occupied_twice": UF_OCCUPIED_TWICE, "demon_traitor_lose_worker": UF_TRAITOR,
                 "secret_passage": UF_PASSAGE, "hero_no_activation_cost": UF_NO_COST,
                 "hero_rank_discount_10": UF_DISCOUNT_10, "hero_extra_secondary": UF_EXTRA_SECONDARY,
                 "guild_thorsteyn_ignore_lord_icon": UF_THORSTEYN, "kusan_akeem_ignore_direct_effects": UF_AKEEM,
                 "kusan_jacub_pay_least_glory": UF_JACUB, "kwanan_ohn_ma_puuhn_take_discards": UF_OHN_MA_PUUHN,
                 "mespanne_diop_destroy_others_demons": UF_DIOP}
# program modes (F_PROGRAM c): a reward, a cost paid in full, a reward whose losses are
# ignored (Akeem), a reward whose coins paid go to the least glory (Jacub)
MODE_REWARD, MODE_COST, MODE_NO_LOSSES, MODE_PAY_LEAST = 0, 1, 2, 3
# event global flags
EG_NONE, EG_MARKET_REFRESH, EG_HAND_TO_TWO, EG_MOST_GLORY_DEMONS, EG_CORNER_REFILL, EG_POOREST_COINS = range(6)
EVENT_FLAGS = ("", "global_market_refresh", "global_hand_to_two", "global_most_glory_gains_demons",
               "global_blessing_corner_refill", "global_poorest_gain_coins")
# objective "have" statistics (objectives.toml)
STATS = ("journey_played", "rank_increases", "morale_boosts", "upgrades_in_play", "ship_upgrades",
         "angels_awakened", "areas_purified", "deeds_accomplished", "lords_defeated", "chronicle_actions",
         "heroes_max_morale", "power", "coins")
(ST_JOURNEY_PLAYED, ST_RANK_INCREASES, ST_MORALE_BOOSTS, ST_UPGRADES, ST_SHIP_UPGRADES, ST_ANGELS,
 ST_PURIFIED, ST_DEEDS, ST_LORDS, ST_CHRONICLE, ST_MAX_MORALE_HEROES, ST_POWER, ST_COINS) = range(13)
# how often each seat used its nation's specials (S_SPECIALS, the seats table's columns of the
# same names, docs/data.md): counted where the rule fires. The Kraken (Kwanan): moves begun
# (its own activation or a ship's move given to it), areas it entered, areas it purified; the
# power thresholds (PR_*_AT_POWER): moves with speed sailed with the threshold's +1, heroes
# and extra crew activated again while occupied by the threshold alone, second secondary
# actions the threshold gave; the most power the seat held; actions of an Angel in the crew
# (Noom's Divine Guidance one among them); nation upgrades put in play (Kusan's ...); hero
# activations (with a rank's actions) per profession; the Quartermaster's ranks used, added up
# (Cassandra: draw 3/4/5); each hero's activations above rank 1 (paid for: the Quartermaster's
# first, the others' appended after it so that the older columns keep their places)
SPECIALS = ("kraken_moves", "kraken_areas", "kraken_purifies", "power_speed_moves", "occupied_activations",
            "extra_secondaries", "power_peak", "crew_angel_actions", "nation_upgrades", "activations_scout",
            "activations_first_officer", "activations_quartermaster", "activations_treasurer", "activations_warrior",
            "quartermaster_ranks", "quartermaster_above_rank_1", "scout_above_rank_1", "first_officer_above_rank_1",
            "treasurer_above_rank_1", "warrior_above_rank_1")
(SP_KRAKEN_MOVES, SP_KRAKEN_AREAS, SP_KRAKEN_PURIFIES, SP_POWER_SPEED_MOVES, SP_OCCUPIED_ACTIVATIONS,
 SP_EXTRA_SECONDARIES, SP_POWER_PEAK, SP_CREW_ANGEL_ACTIONS, SP_NATION_UPGRADES, SP_ACTIVATIONS,
 ) = range(10)                  # SP_ACTIVATIONS + hero (profession)
SP_QM_RANKS, SP_QM_ABOVE_1 = SP_ACTIVATIONS + 5, SP_ACTIVATIONS + 6
SP_ABOVE_1 = (SP_QM_ABOVE_1 + 1, SP_QM_ABOVE_1 + 2, SP_QM_ABOVE_1, SP_QM_ABOVE_1 + 3, SP_QM_ABOVE_1 + 4)  # by hero
N_SPECIALS = len(SPECIALS)

# named rule flags a seat holds (bits of S_PASSIVE): Angels' hero sides and trophies
PASSIVES = ("alhana_ignore_all_curses", "alva_move1_each_turn", "anthea_blessing_limit_plus_1",
            "ashamnon_reward_on_chronicle", "boreanos_play_journey_after_activation",
            "eo_start_turn_destroy_3_or_purify", "freyana_olessa_activate_occupied_twice",
            "freyana_olessa_morale_2_glory_instead", "klephastion_ignore_lord_challenges",
            "klephastion_power_10_blessing_as_attack", "neasta_start_turn_power_5", "ohamnon_heroes_cost_no_coins",
            "questor_2_fewer_demons", "trophy_attach_to_hero", "trophy_belia_activation_destroys_her_demons",
            "trophy_belia_holds_demons", "trophy_extra_secondary_action", "trophy_haunted_ship_recharge",
            "trophy_hero_no_activation_cost", "trophy_hero_no_morale_or_ranks", "trophy_ignore_2_curses",
            "trophy_recharge_blessing_and_angel_attack", "trophy_recharge_double_one_reward",
            # the deluxe trophies (flags/deluxe.toml)
            "trophy_hero_morale_reward_after_activation", "trophy_demons_harmless", "trophy_hephto_counts_as_angel",
            "trophy_two_ship_pawns", "trophy_ship_blessing_limit_plus_1", "trophy_submarine")
(PF_ALHANA, PF_ALVA, PF_ANTHEA, PF_ASHAMNON, PF_BOREANOS, PF_EO, PF_FREYANA_TWICE, PF_FREYANA_GLORY,
 PF_KLEPHASTION_ICONS, PF_KLEPHASTION_ATTACK, PF_NEASTA, PF_OHAMNON, PF_QUESTOR, PF_ATTACH, PF_BELIA_DESTROY,
 PF_BELIA_HOLDS, PF_EXTRA_SECONDARY, PF_HAUNTED, PF_CREW_NO_COST, PF_CREW_NO_RANKS, PF_IGNORE_2, PF_RECHARGE_BLESSING,
 PF_RECHARGE_DOUBLE, PF_LAVALOAN, PF_STREET, PF_HEPHTO, PF_TWO_SHIPS, PF_GRAVEYARD, PF_SUBMARINE) = range(len(PASSIVES))
# curses (C_L_CURSE, C_T_CURSE): the 12 Demon Lords' and the epic deeds' curse trophies
CURSES = ("curse_amban_coins_capped_30", "curse_belvadan_no_purify", "curse_betaun_chronicle_4_demons_each",
          "curse_demor_block_one_secondary_action", "curse_glondan_deeds_cost_7_power", "curse_hanor_no_new_upgrades",
          "curse_mearon_no_area_rewards", "curse_quaranavan_no_journey_play", "curse_ragador_max_2_areas_per_turn",
          "curse_remoran_5_less_glory", "curse_sechator_2_coins_per_demon", "curse_temataban_block_one_hero",
          "curse_deed_demon_maw_1_more_demon", "curse_deed_plague_ship")
(K_AMBAN, K_BELVADAN, K_BETAUN, K_DEMOR, K_GLONDAN, K_HANOR, K_MEARON, K_QUARANAVAN, K_RAGADOR, K_REMORAN,
 K_SECHATOR, K_TEMATABAN, K_DEMON_MAW, K_PLAGUE) = range(len(CURSES))
K_FIRST_DEED_CURSE = K_DEMON_MAW        # the deeds' curses follow the Lords': they bind everyone

# ---------------------------------------------------------------- a seat's nation NS[p]
_n = Offsets()
NS_NATION = _n()
NS_N_RANKS = _n(N_HEROES)
NS_RANK_PROG = _n(N_HEROES * MAX_RANKS)     # rank r (0-based): the actions of ranks 1..r+1, added up
NS_RANK_COINS = _n(N_HEROES * MAX_RANKS)    # rank r's own coin cost ("the final cost for that specific rank")
NS_RANK_COST = _n(N_HEROES * MAX_RANKS)     # the rest of rank r's cost as a program (-1 none)
NS_N_MORALE = _n(N_HEROES)
NS_MORALE_PROG = _n(N_HEROES * MAX_MORALE)
NS_MORALE_PERMANENT = _n(N_HEROES * MAX_MORALE)
NS_N_SECONDARY = _n()
NS_SECONDARY = _n(MAX_SECONDARY)
NS_N_SLOTS = _n()
NS_SLOT = _n(MAX_SLOTS)                     # recharge reward of each worker slot, left to right
NS_WORKERS = _n()
NS_SHIP_SETUP = _n()
NS_SETUP = _n()
NS_JOURNEY = _n(8)                          # the nation's journey cards (C_NATION_JOURNEY_N of them)
NS_UPGRADES = _n(5)
NS_FLAGS = _n()                             # NF_* nation rule flags
NS_SHIP = _n()                              # the nation whose ship the seat sails (its own, or dealt)
NS_SIZE = _n.size
NF_DIVINE_GUIDANCE, NF_KRAKEN = 1, 2       # Noom's starting Angel, Kwanan's Kraken

# ---------------------------------------------------------------- per seat: the nation board's numbers PR[p]
_r = Offsets()
PR_MAX_POWER = _r()
PR_MAX_DEMONS = _r()            # at 0 protection; the track's shift adds to it
PR_PROTECTED_BASE = _r()        # Demons protected at 0 protection
PR_MAX_STEPS = _r()             # protection the track can take
PR_FIXED_PROTECTION = _r()      # protection that can never be lost or spent (Mespanne's 3)
PR_SPEED_AT_POWER = _r()        # power from which the seat sails with +1 speed (0: never)
PR_TWICE_AT_POWER = _r()        # power from which occupied heroes may be activated again (0: never)
PR_TWO_SECONDARY_AT_POWER = _r()    # power from which 2 secondary actions follow an action (0: never)
PR_N_ZONES = _r()
PR_ZONES = _r(4 * MAX_ZONES)    # (Demons from, to, speed change, no protection gain) at 0 protection
PR_SIZE = _r.size

# the feats log (S_FEATS, the games result's G_FEATS): per chronicle action taken, who took it,
# what (FEAT_KINDS), on what (Angel, Lord or deed index) and on which turn (1-based)
FEAT_SEAT, FEAT_KIND, FEAT_ITEM, FEAT_TURN = range(4)
FEAT_W = 4
FEAT_KINDS = ("angel_hero", "angel_patron", "lord", "deed")
FEAT_ANGEL_HERO, FEAT_ANGEL_PATRON, FEAT_LORD, FEAT_DEED = range(4)
MAX_FEATS = 40                  # chronicle actions per game (the track has 16 slots; actions go on once it is full)
# what else a seat used or left, for the `uses` table (records.uses_table; docs/data.md): per seat,
# how often it took each of its nation's secondary actions and each trophy's action (an extra
# crew hero activated, a trophy's extra secondary action: S_USES, counted where it happens); at
# the end, the trophies it held (S_TROPHIES), its Angels on the hero side, which once-per-game
# Angel actions it used (S_ANGEL_ONCE) and which blessing corner rewards it took
# (S_CORNER_TAKEN); per game, the Angels drawn for the board, the deeds and the Demon Lords that
# came to it (G_*: what there was to take)
USE_SECONDARY, USE_TROPHY = 0, MAX_SECONDARY            # counts, per seat in S_USES and the seats result's P_USES
N_USE_COUNTS = USE_TROPHY + MAX_TROPHIES
USE_TROPHIES_HELD, USE_ANGELS_HERO, USE_ANGEL_ONCE, USE_CORNERS = range(N_USE_COUNTS, N_USE_COUNTS + 4)  # bitmasks
N_USES = N_USE_COUNTS + 4

# ---------------------------------------------------------------- state S
_s = Offsets()
S_N = _s()                      # players
S_SEAT = _s()                   # the active player
S_TURN = _s()                   # turns taken, every seat
S_DONE = _s()
S_ENDED_BY = _s()               # END_*
S_END_SEAT = _s()               # who filled the last chronicle slot (-1: not yet)
S_ERROR = _s()
S_ERROR_TURN = _s()
S_OFFERED = _s()                # options listed at the last decision
S_SP = _s()                     # frames on the decision stack
S_STACK = _s(MAX_FRAMES * FRAME)
S_LOGGING = _s()
S_LOG_N = _s()
# players
S_GLORY = _s(MAX_PLAYERS)
S_COINS = _s(MAX_PLAYERS)
S_MARKER = _s(MAX_PLAYERS)      # > 0 power, < 0 Demons
S_PROTECTION = _s(MAX_PLAYERS)  # steps the protection track is shifted right
S_SHIELDS = _s(MAX_PLAYERS)
S_AREA = _s(MAX_PLAYERS)        # the ship's area (-1 before the first turn)
S_START_AREA = _s(MAX_PLAYERS)  # the ship's area at the start of the turn
S_KRAKEN = _s(MAX_PLAYERS)      # the Kraken's area (-1: none)
S_KRAKEN_MOVED = _s(MAX_PLAYERS)  # areas the Kraken entered this turn (Ragador)
S_RANK = _s(MAX_PLAYERS * N_HEROES)         # 1..n ranks
S_MORALE = _s(MAX_PLAYERS * N_HEROES)       # steps above the bottom
S_HERO_WORKERS = _s(MAX_PLAYERS * N_HEROES)
S_ON_SHIP = _s(MAX_PLAYERS)     # workers on the ship (they leave from the right)
S_MAX_WORKERS = _s(MAX_PLAYERS)
S_USED = _s(MAX_PLAYERS)        # a worker used since the last recharge
S_SECONDARY = _s(MAX_PLAYERS)   # the last secondary action (-1: cube removed)
S_BLOCKED_SECONDARY = _s(MAX_PLAYERS)       # Demor's mark (-1)
S_BLOCKED_HERO = _s(MAX_PLAYERS)            # Temataban's mark (-1)
S_HAND_LIMIT = _s(MAX_PLAYERS)
S_SPEED = _s(MAX_PLAYERS)       # permanent speed (morale, trophies)
S_BLESSINGS = _s(MAX_PLAYERS)
S_BLESSING_LIMIT = _s(MAX_PLAYERS)
S_ATTACKS = _s(MAX_PLAYERS)     # ready Angel attacks
S_FIRST_DONE = _s(MAX_PLAYERS)  # the first turn (Scout) is behind
S_ANGEL_ONCE = _s(MAX_PLAYERS)  # bitmask: once-per-game Angel actions used
S_CORNER_TAKEN = _s(MAX_PLAYERS)            # bitmask (corner-1) * MAX_CORNER_REWARDS + reward
S_TROPHIES = _s(MAX_PLAYERS)    # bitmask of trophies held
S_IGNORED = _s(MAX_PLAYERS)     # bitmask of Lords whose curse the seat ignores
S_N_HAND = _s(MAX_PLAYERS)      # general journey cards in hand (the hand limit counts these)
S_PASSIVE = _s(MAX_PLAYERS)     # bitmask of PASSIVES the seat holds
S_ALVA_USED = _s(MAX_PLAYERS)   # Alva's move this turn
S_CURSE_MASK = _s()             # bitmask of CURSES in play (Lords' and deeds')
S_DEED_CURSES = _s()            # bitmask of deed curses in play: from setup until the deed is accomplished
S_N_WAITING = _s(MAX_PLAYERS)   # played triggered journey cards not used yet
S_CREW_USED = _s(MAX_PLAYERS)   # bitmask of trophy crew activated since the last recharge
S_CREW_AGAIN = _s(MAX_PLAYERS)  # ... and activated a second time (Mespanne at 20 power)
S_LOST_WORKERS = _s(MAX_PLAYERS)    # workers discarded for good (Demon Traitor)
S_TRAITOR_PENDING = _s(MAX_PLAYERS) # workers off the ship that leave at the next recharge (Demon Traitor, a smaller ship)
S_ATTACKS_USED = _s(MAX_PLAYERS)    # Angel attacks spent (the Heart of the Sea refills one)
S_BELIA = _s(MAX_PLAYERS)       # Demons assigned to Belia
S_DELIVERY_HERO = _s(MAX_PLAYERS)   # the hero Her Majesty's delivery is attached to (-1)
S_SHIP_TROPHY = _s(MAX_PLAYERS)     # the ship trophy that replaced the nation's ship (-1)
# the cards table: per journey card then per upgrade, CARD_W fields (CARD_* below)
S_CARD = _s((MAX_JOURNEY + MAX_UPGRADES) * 5)
# per turn
S_BOUGHT = _s(MAX_PLAYERS)
S_REFRESHED = _s(MAX_PLAYERS)
S_MOVED = _s(MAX_PLAYERS)       # areas entered this turn (Ragador)
S_SPENT_COINS = _s(MAX_PLAYERS)
S_SPENT_POWER = _s(MAX_PLAYERS)
S_DISCARDED = _s(MAX_PLAYERS)
# statistics (records, objectives)
S_STAT = _s(MAX_PLAYERS * len(STATS))
S_GLORY_FROM = _s(MAX_PLAYERS * 8)          # GF_*
S_ANGELS_HERO = _s(MAX_PLAYERS)
S_ANGELS_PATRON = _s(MAX_PLAYERS)
S_ENTRIES = _s(MAX_PLAYERS)
S_ACTIONS = _s(MAX_PLAYERS * 4)             # hero, chronicle, recharge, crew actions taken
# components
S_JLOC = _s(MAX_JOURNEY)        # J_* location of each journey card
S_JDECK = _s(MAX_JOURNEY)       # the draw pile, S_JDECK[0] the bottom
S_JDECK_N = _s()
S_ULOC = _s(MAX_UPGRADES)
S_UDECK = _s(MAX_UPGRADES)
S_UDECK_N = _s()
S_MARKET = _s(4)                # upgrade ids (-1 empty)
S_UFLAGS = _s(MAX_PLAYERS * 8)  # per seat and place (heroes, ship): the UF_* flags of the upgrades there
S_N_UPGRADES = _s(MAX_PLAYERS)  # upgrades in play
S_HERO_MARKET = _s(MAX_PLAYERS * N_HEROES)  # market upgrades under each hero
S_AT_PLACE = _s(MAX_PLAYERS * 8)            # upgrades at each place (heroes, ship)
S_EDECK = _s(MAX_EVENTS)
S_EDECK_N = _s()
S_ANGEL = _s(MAX_ANGELS)        # ANG_*: box, board, hero of p, patron of p
S_PURIFIED = _s(MAX_AREAS)      # 1 + the purifying seat, 0 not purified
S_DEED_AT = _s(N_DEED_AREAS + 1)    # deed area d: -1 empty, deed index, LORD + lord index
S_LORD = _s(MAX_LORDS)          # LS_*
S_LORD_STACK = _s(MAX_LORDS)    # tiles still to spawn, top last
S_LORD_STACK_N = _s()
S_CURSES = _s(4)                # Lords whose curse is in play, oldest first
S_N_CURSES = _s()
S_PLACEMENT = _s(N_DEED_AREAS)  # placement tokens, top last
S_PLACEMENT_N = _s()
S_PAWN = _s()                   # deed area of the Demon Lord pawn (0: on the chronicle track)
S_DEED = _s(MAX_DEEDS)          # DS_*
S_CORNER_TOKENS = _s(5)
S_SUPPLY_BLESSINGS = _s()
S_SUPPLY_SHIELDS = _s()
S_CHRON_NEXT = _s()             # next free slot
S_CHRON_LAST = _s()             # last usable slot (the pawn may take the last)
S_CHRON = _s(MAX_CHRONICLE)     # who filled each slot (-1)
S_OBJ = _s(OBJECTIVES_IN_PLAY)  # objectives in play
S_OBJ_DONE = _s(OBJECTIVES_IN_PLAY)     # bitmask of seats that scored it
# the game's story for the records: each chronicle action (FEAT_* rows), the turn of each
# chronicle entry (the game's first, second, ...), every curse that was ever in play
S_FEATS = _s(MAX_FEATS * FEAT_W)
S_N_FEATS = _s()
S_SLOT_TURN = _s(MAX_CHRONICLE) # 1-based turn of the game's k-th chronicle entry (0: none)
S_CURSES_EVER = _s()            # bitmask of CURSES
S_SPECIALS = _s(MAX_PLAYERS * N_SPECIALS)   # per seat: SPECIALS
S_USES = _s(MAX_PLAYERS * N_USE_COUNTS)     # per seat: USE_SECONDARY and USE_TROPHY counts
S_ANGELS_DRAWN = _s()           # bitmask of the Angels drawn for the board at setup
S_GT_CLAIMED = _s(MAX_PLAYERS)  # per seat: bit i = glory track reward i gained (once per game)
# solo (S_SOLO: 1 in a solo game, for rules that see no C: glory)
S_SOLO = _s()
S_SOLO_SCENARIO = _s()          # the scenario played
S_SOLO_DONE = _s()              # tasks done: the next one (index) is the unlocked task
S_SOLO_BASE = _s()              # the unlocked task's stat when it was unlocked ("do" tasks count from it)
S_SOLO_AT = _s(SOLO_TASKS)      # recharge actions taken when each task was done (-1: not done)
# the deluxe deeds' pieces (-1: none)
S_COVERED = _s(MAX_PLAYERS)     # the Plague Ship: bitmask of the seat's ship slots covered
S_ABYSS_HERO = _s(MAX_PLAYERS)  # Darrington's Abyss: the hero its worker occupies for good (-1)
S_SHIP2 = _s(MAX_PLAYERS)       # Lady Ignal's trophy: the second ship pawn's area (-1)
S_SHIP2_START = _s(MAX_PLAYERS) # ... its area at the start of the turn
S_SHIP2_MOVED = _s(MAX_PLAYERS) # ... areas it entered this turn (Ragador)
S_IGNAL = _s()                  # the white ship pawn's area (-1: off the board)
S_IGNAL_ESCORT = _s()           # the seat escorting it (-1: nobody yet)
S_CORSAIR = _s()                # the Corsair's pawn's area (-1: off the board)
S_TREATED = _s()                # an intervention's treated seat + 1 (0: none; interventions.treat_seat)
S_SIZE = _s.size

# glory by source (records)
GF_AREA, GF_ANGEL, GF_LORD, GF_DEED, GF_CHRONICLE, GF_OBJECTIVE, GF_OTHER = range(7)
GLORY_SOURCES = ("areas", "angels", "lords", "deeds", "chronicle", "objectives", "actions")
A_HERO, A_CHRONICLE, A_RECHARGE, A_CREW = range(4)

END_NONE, END_CHRONICLE, END_CAP = 0, 1, 2
END_SOLO_WON, END_SOLO_LOST = 3, 4     # solo: the 4th task done; the 6th recharge action taken
LORD = 100                      # S_DEED_AT: a Demon Lord tile
LS_STACK, LS_BOARD, LS_DEFEATED, LS_BOX = 0, 1, 2, 3
DS_BOX, DS_BOARD, DS_DONE, DS_REMOVED = 0, 1, 2, 3
ANG_BOX, ANG_BOARD, ANG_HERO, ANG_PATRON = 0, 1, 2, 2 + MAX_PLAYERS       # + seat

# journey card locations: deck, discard pile, box, in hand of p, waiting to trigger (played), played pile
J_DECK, J_DISCARD, J_BOX = 0, 1, 2
J_HAND = 3
J_WAITING = J_HAND + MAX_PLAYERS
J_PLAYED = J_WAITING + MAX_PLAYERS
# upgrade locations: deck, market, discard, box, a nation's hand of p, in play under hero h of p (or the ship)
U_DECK, U_MARKET, U_DISCARD, U_BOX = 0, 1, 2, 3
U_HAND = 4
U_PLAY = U_HAND + MAX_PLAYERS               # + p * 8 + place
U_SHIP_PLACE = N_HEROES                     # place 5: the ship
U_PLACES = 8

# ---------------------------------------------------------------- decision frames
# S_STACK row: (kind, player, a, b, c, d, e, f); each kind's fields are named below.
(F_TURN,            # start of turn: effects, then the action
 F_ACTION,          # choose the worker action or recharge; free actions (buy, refresh, triggers)
 F_PROGRAM,         # run a program, step by step
 F_CHOICE,          # choose one alternative of a program step
 F_ALT,             # take the symbols of an alternative, one by one
 F_MORALE,          # boosts (or decreases) to place on heroes' morale
 F_RANK,            # rank increases (or decreases) to place on heroes
 F_DISCARD,         # journey cards to discard
 F_PLAY,            # journey cards to play
 F_MOVE,            # sail (the ship, the second ship pawn or the Kraken)
 F_UPGRADE,         # upgrades to gain (or lose)
 F_ATTACH,          # put an upgrade (or a trophy item) under a hero
 F_DIE,             # rolls of the destiny die
 F_PURIFY_ADJ,      # purify the ship's or an adjacent area
 F_KRAKEN,          # move the Kraken up to 2 areas or purify its area
 F_CHRONICLE,       # a chronicle action granted by a symbol
 F_SECONDARY,       # secondary actions
 F_END_TURN,        # free actions, then the hand limit and the next player
 F_PUSH,            # spawn: move a ship pawn of player out of an area
 F_MARK_CURSE,      # mark a secondary action / hero for a curse, choose curses to ignore or discard
 F_AFTER_HERO,      # after a hero activation: its upgrades, then the secondary action
 F_EVENT,           # an event card, stage by stage
 F_RECHARGE,        # recharge, stage by stage
 F_CHRONICLE_DONE,  # a completed chronicle action: slot effects etc.
 F_SPAWN,           # spawn a Demon Lord
 F_CORNER,          # a blessing corner's reward
 F_INSTEAD,         # Freyana & Olessa: morale reward program, or 2 glory instead
 F_KRAKEN_CHOICE,   # the Kraken: move it or purify its area
 F_TRIGGERS,        # use triggered journey cards of one trigger
 F_DOUBLE,          # Pass the Black Rock: double one recharge reward
 F_THORSTEYN,       # entering a Lord area: ignore one icon of its challenge for 1 protection, or pay it all
 F_TAKE_DISCARD,    # Ohn Ma Puuhn: journey cards from the discard pile (its upgrade's draw:X)
 F_DIOP,            # Diop: another player's Demons to destroy (its upgrade's destroy:X)
 F_COVER,           # the Plague Ship: a ship slot to cover
 F_ABYSS,           # Darrington's Abyss: the hero the worker occupies for good
 F_AREA_DEMONS,     # a guarded area's Demons, taken once its challenge is paid
 ) = range(36)
FRAME_NAMES = ("turn", "action", "program", "choice", "alt", "morale", "rank", "discard", "play", "move",
               "upgrade", "attach", "die", "purify_adjacent", "kraken", "chronicle", "secondary", "end_turn",
               "push", "mark_curse", "after_hero", "event", "recharge", "chronicle_done", "spawn", "corner", "instead", "kraken_choice", "triggers", "double", "thorsteyn",
               "take_discard", "diop", "cover", "abyss", "area_demons")
FR_KIND, FR_PLAYER, FR_A, FR_B, FR_C, FR_D, FR_E, FR_F = range(FRAME)     # (a..f: push's arguments)
# The fields of each kind, named for what they hold (a kind not listed has none). A program's mode
# (MODE_*) and glory source (GF_*) sit at the same offsets in F_PROGRAM, F_CHOICE and F_ALT.
PROG_ID, PROG_STEP, PROG_MODE, PROG_SOURCE = FR_A, FR_B, FR_C, FR_D       # F_PROGRAM: STEP the next one
CHOICE_STEP, CHOICE_MODE, CHOICE_SOURCE = FR_A, FR_C, FR_D                # F_CHOICE
ALT_ID, ALT_SYMBOL, ALT_MODE, ALT_SOURCE = FR_A, FR_B, FR_C, FR_D         # F_ALT: SYMBOL the next one
STEPS_LEFT, STEPS_DOWN = FR_A, FR_B         # F_MORALE, F_RANK: steps left to place; DOWN 1: decreases
# F_DISCARD: cards left; MUST 1: no stopping early; GENERAL 1: general cards only (the hand limit)
DISCARD_LEFT, DISCARD_MUST, DISCARD_GENERAL = FR_A, FR_B, FR_C
PLAY_LEFT = FR_A                            # F_PLAY: cards left to play
# F_MOVE: speed left, the area it started from, the areas entered (bits 0..30 in ENTERED_LO, 31..
# in ENTERED_HI: none is entered twice), the speed it started with, its MOVE_* flags (symbols.py)
MOVE_LEFT, MOVE_FROM, MOVE_ENTERED_LO, MOVE_ENTERED_HI, MOVE_SPEED, MOVE_FLAGS = FR_A, FR_B, FR_C, FR_D, FR_E, FR_F
UPGRADE_LEFT, UPGRADE_LOSS = FR_A, FR_B     # F_UPGRADE: LOSS 1: upgrades in play are lost
ATTACH_ITEM, ATTACH_KIND = FR_A, FR_B       # F_ATTACH: an upgrade (ATTACH_UPGRADE) or a trophy (ATTACH_TROPHY)
ATTACH_UPGRADE, ATTACH_TROPHY = 0, 2        # (the trophy: Her Majesty's delivery, under a hero or an extra crew)
DIE_LEFT = FR_A                             # F_DIE: rolls left
# F_SECONDARY: actions left; BY_POWER 1: the power threshold gave two; TAKEN 1: one taken already
SECONDARY_LEFT, SECONDARY_BY_POWER, SECONDARY_TAKEN = FR_A, FR_B, FR_C
END_TURN_STAGE = FR_A                       # F_END_TURN: 0 the free actions; 1 the hand limit applied
PUSH_FROM, PUSH_SHIP2 = FR_A, FR_B          # F_PUSH: the area; SHIP2 1: Lady Ignal's second pawn, not the ship
# F_MARK_CURSE: the curse (K_DEMOR: mark a secondary action, K_TEMATABAN: a hero; MARK_IGNORE:
# curses to ignore, MARK_DISCARD: a curse in play to discard), picks left, picks taken this turn
MARK_CURSE, MARK_PICKS, MARK_PICKED = FR_A, FR_B, FR_C
MARK_IGNORE, MARK_DISCARD = -1, -2
# F_AFTER_HERO: the hero (or CREW + trophy), the next upgrade to look at; ACTED 1: a rank's actions taken
AFTER_HERO, AFTER_NEXT_UPGRADE, AFTER_ACTED = FR_A, FR_B, FR_D
EVENT_CARD, EVENT_STAGE = FR_A, FR_B        # F_EVENT: the card (-1: one to draw)
RECHARGE_STAGE = FR_A                       # F_RECHARGE
SPAWN_STAGE = FR_A                          # F_SPAWN: 0 ships pushed out, 1 the Lord placed
CORNER_NUMBER = FR_A                        # F_CORNER: the corner (1..4)
INSTEAD_PROG = FR_A                         # F_INSTEAD: the morale reward
TRIGGERS_WHEN = FR_A                        # F_TRIGGERS: the trigger (TRIG_*)
DOUBLE_SLOT = FR_A                          # F_DOUBLE: the first vacated slot
THORSTEYN_AREA, THORSTEYN_CHALLENGE = FR_A, FR_B    # F_THORSTEYN: the Lord's area, its challenge (program)
TAKE_LEFT = FR_A                            # F_TAKE_DISCARD: cards left to take
DIOP_DEMONS = FR_A                          # F_DIOP: Demons to destroy
GUARDED_DEMONS = FR_A                       # F_AREA_DEMONS: Demons to take

# ---------------------------------------------------------------- options (OPT rows: code, x, y, z)
(O_HERO,            # activate hero x at rank y (0: place the worker, skip cost and actions)
 O_RECHARGE,
 O_CHRONICLE,       # x: CH_*, y: the Angel / Lord / deed
 O_CREW,            # an extra crew action: x: 0 Angel y, 1 trophy hero y
 O_BUY,             # buy upgrade x
 O_REFRESH,         # refresh the upgrade market
 O_TRIGGER,         # use triggered journey card x
 O_DONE,            # stop: end the frame (skip the rest, end the turn)
 O_ALT,             # alternative x
 O_HERO_PICK,       # a hero x (morale, rank, marking, attaching)
 O_CARD,            # journey card x (y: 1 face down)
 O_AREA,            # area x (sailing, purifying, pushed ships)
 O_UPGRADE,         # upgrade x
 O_ROLL,
 O_KRAKEN_MOVE,
 O_KRAKEN_PURIFY,
 O_SECONDARY,       # secondary action x
 O_PLACE,           # the ship's first placement in perimeter area x
 O_ALVA,            # Alva: move the ship 1 ocean area (once per turn)
 O_CURSE,           # a curse of Lord x (to ignore)
 O_SHIP2,           # Lady Ignal's trophy: the rest of this move's speed moves the other ship pawn
 ) = range(21)
OPTION_NAMES = ("hero", "recharge", "chronicle", "crew", "buy", "refresh", "trigger", "done", "alt", "hero_pick",
                "card", "area", "upgrade", "roll", "kraken_move", "kraken_purify", "secondary", "place", "alva",
                "curse", "ship2")
CH_AWAKEN_HERO, CH_AWAKEN_PATRON, CH_LORD, CH_DEED = range(4)
CREW = 8                        # O_HERO_PICK / F_AFTER_HERO / marks: CREW + t is trophy t's extra crew

# ---------------------------------------------------------------- policies
POL_RANDOM, POL_GREEDY, POL_LOOKAHEAD, POL_PLUGIN = 0, 1, 2, 3
POL_RECORD = 4       # the greedy, writing each choice onto the choice tape (simulate/core/tape.py)
POL_REPLAY = 5       # reads its choices back from the choice tape (bench; plain-Python strategies)
POL_MCTS = 6         # information-set MCTS over the seat's decisions of its turn (search.py)

# A heuristic strategy's row (docs/strategies-eos.md): the weights in use, then one block per
# game phase (early, mid, late: thirds of the chronicle track's slots filled), then the
# parameters. The first N_SYMBOLS weights are the glory worth of one unit of each action
# symbol (actions.SYMBOLS order, = the Y_* codes): a program's worth is its symbols'
# weighted sum (its best alternative per step). The others weigh what the greedy sees
# beyond the symbols (the ship's targets, the chronicle entry, cards kept, ...).
N_SYMBOLS = Y_CHRONICLE + 1
# The last five are nation-aware play (0 in greedy.toml: greedy plays every nation alike): the
# Kraken's targets, and each power threshold of the seat's nation board reached or lost.
POLICY_WEIGHTS = ("entry", "angel_target", "corner_target", "deed_target", "lord_target", "attack_awakened",
                  "away", "away_line", "keep_card", "face_down", "upgrade_end", "upgrade_uses", "recharge",
                  "patron", "idle_line", "idle_target", "curses", "kraken_target", "kraken_corner", "threshold_speed",
                  "threshold_twice", "threshold_secondary",
                  # what a card's text gives beyond its symbols (policy.py, "Beyond the symbols"; 0 in greedy):
                  # an Angel's passives and once-per-game action, the curses a side lets the seat ignore, an
                  # Angel attack less when the seat holds one already, upgrades' rule flags, coins short of
                  # the upgrade it wants, power that clears Demons it holds unprotected
                  "passive", "once_action", "curse_ignored", "attack_held", "upgrade_flags", "coin_need",
                  "demon_relief")
(W_ENTRY, W_ANGEL, W_CORNER, W_DEED, W_LORD, W_ATTACK_AWAKENED, W_AWAY, W_AWAY_LINE, W_KEEP, W_FACE_DOWN,
 W_UPGRADE_END, W_UPGRADE_USES, W_RECHARGE, W_PATRON, W_IDLE_LINE, W_IDLE_TARGET, W_CURSES, W_KRAKEN_TARGET,
 W_KRAKEN_CORNER, W_THRESHOLD_SPEED, W_THRESHOLD_TWICE, W_THRESHOLD_SECONDARY, W_PASSIVE, W_ONCE_ACTION,
 W_CURSE_IGNORED, W_ATTACK_HELD, W_UPGRADE_FLAGS, W_COIN_NEED, W_DEMON_RELIEF) = range(N_SYMBOLS,
                                                                                N_SYMBOLS + len(POLICY_WEIGHTS))
# solo (policy.solo_weights): the unlocked task's stat weighed this much more per unit (its symbol, or
# its chronicle target), the next "have" task's half as much; a recharge action's worth in a solo game
POLICY_WEIGHTS += ("solo_task", "solo_recharge")
W_SOLO_TASK, W_SOLO_RECHARGE = N_SYMBOLS + len(POLICY_WEIGHTS) - 2, N_SYMBOLS + len(POLICY_WEIGHTS) - 1
N_WEIGHTS = N_SYMBOLS + len(POLICY_WEIGHTS)
PHASE_NAMES = ("early", "mid", "late")
# reserve: coins kept back (a coin cost beyond them is free); rollouts and horizon: the
# lookahead's rollouts per option and how many of its turns each plays into (search.py);
# iterations: the MCTS player's search iterations per decision (search.py), which shares horizon
PARAMS = {"reserve": 50, "rollouts": 2, "horizon": 3, "iterations": 100}
W_RESERVE = N_WEIGHTS * (1 + len(PHASE_NAMES))
W_ROLLOUTS = W_RESERVE + 1
W_HORIZON = W_RESERVE + 2
W_ITERATIONS = W_RESERVE + 3
# horizon's words: "round" until the seat's next turn begins (= 1: every other seat has replied
# once), "2rounds" to "4rounds" until that many more of its turns have begun (AEOLOS counts its
# rounds in turns, the same points), "game" to the game's end (more turns than any game has)
HORIZON_GAME = 1_000_000
HORIZON_WORDS = {"round": 1, "2rounds": 2, "3rounds": 3, "4rounds": 4, "game": HORIZON_GAME}
W_ROW = W_RESERVE + len(PARAMS)

# the cards table (S_CARD rows, and the kernel's `cards` result): the seat that has it, the turn it
# came (1-based; 0: never), how it came, the turn it was played (0: never), how it was played
CARD_SEAT, CARD_GAINED, CARD_HOW, CARD_PLAYED, CARD_PLAYED_HOW = range(5)
CARD_W = 5
HOW_DRAWN, HOW_DEALT, HOW_BOUGHT, HOW_GAINED = 1, 2, 3, 4   # journey: drawn, dealt at setup; upgrade: bought, gained
PLAYED_FACE_UP, PLAYED_FACE_DOWN = 1, 2                     # (CARD_HOW of a played journey card keeps how it came)
N_CARD_ROWS = MAX_JOURNEY + MAX_UPGRADES
# the `cards` result has one field more than S_CARD's rows, set at the end: 1 if the seat no longer
# had the card without having played it (a journey card discarded, an upgrade taken out of play)
CARD_DISCARDED = CARD_W
CARD_RESULT_W = CARD_W + 1

# SB, the rules' scratch for a seat's look beyond the plain heuristic: a plugin seat's masked
# view of the state, and the pool of cards a search redeals (``redeal.py``); the searches' own
# scratch (their tree, the saved state) is the core's (``contract.scratch``)
SB_STATE = 0
SB_POOL = S_SIZE
SB_SIZE = SB_POOL + MAX_JOURNEY

# ---------------------------------------------------------------- result arrays (one row per game / seat)
_g = Offsets()
G_TURNS = _g()
G_ROUNDS = _g()
G_WINNER = _g()
G_TIE = _g()
G_ENDED_BY = _g()
G_ENTRIES = _g()                # chronicle slots filled
G_DEEDS_DONE = _g()
G_LORDS_DEFEATED = _g()
G_LORDS_ON_BOARD = _g()
G_CURSES = _g()                 # bitmask of Lords whose curse was in play at the end
G_FIRST_LORD = _g()
G_ERROR = _g()
G_ERROR_TURN = _g()
G_DECISIONS = _g()
G_CURSES_EVER = _g()            # bitmask of CURSES ever in play
G_N_FEATS = _g()                # chronicle actions taken (rows of G_FEATS; more than MAX_FEATS: the first ones)
G_SLOT_TURN = _g(MAX_CHRONICLE)     # S_SLOT_TURN
G_FEATS = _g(MAX_FEATS * FEAT_W)    # S_FEATS
G_ANGELS_DRAWN = _g()           # bitmask of Angels drawn for the board (S_ANGELS_DRAWN)
G_DEEDS_PLACED = _g()           # bitmask of deeds that came to the board
G_LORDS_PLACED = _g()           # bitmask of Demon Lords that came to the board
N_GAME_COLS = _g.size

_p = Offsets()
P_SLOT = _p()
P_NATION = _p()
P_SHIP = _p()                   # the nation whose ship it sailed (NS_SHIP)
P_WON = _p()
P_RANK = _p()
P_SCORE = _p()                  # final glory
P_GLORY_PLAY = _p()             # glory gained during the game (before the end bonus)
P_BONUS_DEMONS = _p()           # the end bonus, by kind
P_BONUS_MORALE = _p()
P_BONUS_RANKS = _p()
P_BONUS_JOURNEY = _p()
P_BONUS_UPGRADES = _p()
P_GLORY_FROM = _p(8)            # GF_* (glory gained by source; losses are not split)
P_ANGELS_HERO = _p()
P_ANGELS_PATRON = _p()
P_LORDS = _p()
P_DEEDS = _p()
P_ENTRIES = _p()
P_DEMONS = _p()
P_POWER = _p()
P_PROTECTION = _p()
P_COINS = _p()
P_ACTIONS = _p(4)               # A_*
P_UPGRADES = _p()
P_JOURNEY_PLAYED = _p()
P_SPECIALS = _p(N_SPECIALS)     # SPECIALS
P_USES = _p(N_USES)             # USE_*: S_USES's counts, then the bitmasks
# solo
P_SOLO_SCENARIO = _p()          # the scenario played (-1: not a solo game)
P_SOLO_DONE = _p()              # tasks done
P_SOLO_AT = _p(SOLO_TASKS)      # recharge actions taken when each task was done (-1: not done)
N_SEAT_COLS = _p.size
