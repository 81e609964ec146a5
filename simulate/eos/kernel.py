"""The EOS batch kernel: plays games [first, first + n) with the seats' policies and
records each into result rows (``layout`` G_* and P_*).

A game is its state S, the content C, its seats' nation rows NS and PR, and two random
streams from (run seed, game index): RG for the game (shuffles, the die), RP for the
random policy, so a game's deal is the same whoever plays it.
"""
from typing import NamedTuple

import numpy as np

from ..core import seats
from ..core.jit import entry, hot, tiny
from ..core.rng import below, game_seed
from ..core.tape import tape_read, tape_write
from .cards import upgrade_place
from .engine import advance, choose
from .check import check_state
from .frames import top_player
from .interventions import treat_nation, treat_seat
from .setup import deal_ships, new_game
from .layout import (C_BONUS_DEMON, C_BONUS_JOURNEY, C_BONUS_MORALE, C_BONUS_RANK, C_BONUS_UPGRADE, C_N_JOURNEY,
                     C_IV_NATION, C_NATION_PICK, C_PICK_RATE, C_N_LORDS, C_N_UPGRADES, C_SHIPS_DEALT, DS_DONE, G_CURSES, G_DECISIONS, G_DEEDS_DONE, G_ENDED_BY, G_ENTRIES,
                     G_ERROR, G_ERROR_TURN, G_FIRST_LORD, G_LORDS_DEFEATED, G_LORDS_ON_BOARD, G_ROUNDS, G_TIE,
                     G_TURNS, G_WINNER, J_PLAYED, J_WAITING, LS_BOARD, LS_DEFEATED, MAX_OPT, MAX_PLAYERS,
                     N_GAME_COLS, N_HEROES, POL_RECORD, POL_REPLAY, N_NATIONS, N_SEAT_COLS, NS_SIZE, OPT_W, P_ACTIONS, P_ANGELS_HERO,
                     P_ANGELS_PATRON, P_BONUS_DEMONS, P_BONUS_JOURNEY, P_BONUS_MORALE, P_BONUS_RANKS,
                     P_BONUS_UPGRADES, P_COINS, P_DEEDS, P_DEMONS, P_ENTRIES, P_GLORY_FROM, P_GLORY_PLAY,
                     P_JOURNEY_PLAYED, P_LORDS, P_NATION, P_POWER, P_SHIP, NS_SHIP, P_PROTECTION, P_RANK, P_SCORE, P_SLOT,
                     P_UPGRADES, P_WON, PR_SIZE, S_ACTIONS, S_ANGELS_HERO, S_ANGELS_PATRON, S_CHRON, S_COINS,
                     S_CURSES, S_DEED, S_DONE, S_ENDED_BY, S_ENTRIES, S_ERROR, S_ERROR_TURN, S_GLORY,
                     S_GLORY_FROM, S_JLOC, S_LORD, S_MORALE, S_N, S_N_CURSES, S_PROTECTION, S_RANK, S_SIZE,
                     S_STAT, S_TURN, STATS, ST_DEEDS, ST_LORDS, MAX_CHRONICLE, C_N_DEEDS, S_SEAT, S_BELIA, S_CARD,
                     N_CARD_ROWS, CARD_W, W_ROW, G_CURSES_EVER, G_N_FEATS, G_SLOT_TURN, G_FEATS, S_CURSES_EVER,
                     S_N_FEATS, S_SLOT_TURN, S_FEATS, MAX_FEATS, FEAT_W, SB_SIZE, N_SPECIALS,
                     P_SPECIALS, S_SPECIALS, ANG_HERO, C_N_ANGELS, CARD_DISCARDED, CARD_GAINED, CARD_PLAYED,
                     CARD_RESULT_W, CARD_SEAT, DS_BOX, G_ANGELS_DRAWN, G_DEEDS_PLACED, G_LORDS_PLACED, J_HAND,
                     MAX_JOURNEY, N_USE_COUNTS, P_USES, S_ANGEL, S_ANGEL_ONCE, S_ANGELS_DRAWN, S_CORNER_TAKEN,
                     S_TROPHIES, S_ULOC, S_USES, U_PLACES, U_PLAY, USE_ANGEL_ONCE, USE_ANGELS_HERO, USE_CORNERS,
                     USE_TROPHIES_HELD)
from .search import scratch as search_scratch, seat_choice
from .solo import record as solo_record
from .resources import demons, power
from .scoring import end_bonus, final_glory
from .symbols import upgrades_in_play

seated_at, treated_seat = tiny(seats.seated_at), tiny(seats.treated_seat)   # the run's seating, compiled here


@hot
def play_game(S, T, RG, RP, OPT, POL_seat, check, W, SLOT, X, XS, TAPE):
    """Play S's game to its end (T and W as ``search`` has them); returns the decisions the
    policies took. In check mode the invariants are checked after every decision; the first broken
    one (its code and turn) is kept in S and the game goes on. A ``POL_REPLAY`` seat reads its
    choices from TAPE, a ``POL_RECORD`` seat plays the greedy and writes them onto it
    (``simulate/core/tape.py``)."""
    C, NS, PR, NB, tmp, SB = T
    decisions = 0
    while True:
        n = advance(S, C, NS, PR, RG, OPT, NB)
        if check and S[S_ERROR] == 0:
            code = check_state(S, C, NS, PR)
            if code != 0:
                S[S_ERROR] = code
                S[S_ERROR_TURN] = S[S_TURN]
        if n == 0:
            return decisions
        pol = POL_seat[top_player(S)]
        if pol == POL_REPLAY:
            i = tape_read(TAPE, n) if n > 1 else 0
        else:
            i = seat_choice(S, T, RG, RP, OPT, n, POL_seat, W, SLOT, X, XS)
            if pol == POL_RECORD and n > 1:
                tape_write(TAPE, i)
        choose(S, C, NS, PR, RG, OPT, i)
        decisions += 1


@hot
def record(S, C, NS, PR, g, games, seats, tmp):
    n = S[S_N]
    best = -1
    best_coins = -1
    for p in range(n):
        f = final_glory(S, C, NS, PR, p, tmp)
        if f > best or (f == best and S[S_COINS + p] > best_coins):
            best = f
            best_coins = S[S_COINS + p]
    winners = 0
    winner = -1
    for p in range(n):
        f = final_glory(S, C, NS, PR, p, tmp)
        ahead = 0
        for q in range(n):
            fq = final_glory(S, C, NS, PR, q, tmp)
            if fq > f or (fq == f and S[S_COINS + q] > S[S_COINS + p]):
                ahead += 1
        won = f == best and S[S_COINS + p] == best_coins
        if won:
            winners += 1
            if winner < 0:
                winner = p
        seats[g, p, P_WON] = 1 if won else 0
        seats[g, p, P_RANK] = ahead
        seats[g, p, P_SCORE] = f
        seats[g, p, P_GLORY_PLAY] = S[S_GLORY + p]
        end_bonus(S, C, NS, PR, p, tmp)
        seats[g, p, P_BONUS_DEMONS] = tmp[0]
        seats[g, p, P_BONUS_MORALE] = tmp[1]
        seats[g, p, P_BONUS_RANKS] = tmp[2]
        seats[g, p, P_BONUS_JOURNEY] = tmp[3]
        seats[g, p, P_BONUS_UPGRADES] = tmp[4]
        for k in range(8):
            seats[g, p, P_GLORY_FROM + k] = S[S_GLORY_FROM + p * 8 + k]
        seats[g, p, P_ANGELS_HERO] = S[S_ANGELS_HERO + p]
        seats[g, p, P_ANGELS_PATRON] = S[S_ANGELS_PATRON + p]
        seats[g, p, P_LORDS] = S[S_STAT + p * len(STATS) + ST_LORDS]
        seats[g, p, P_DEEDS] = S[S_STAT + p * len(STATS) + ST_DEEDS]
        seats[g, p, P_ENTRIES] = S[S_ENTRIES + p]
        seats[g, p, P_DEMONS] = demons(S, p)
        seats[g, p, P_POWER] = power(S, p)
        seats[g, p, P_PROTECTION] = S[S_PROTECTION + p]
        seats[g, p, P_COINS] = S[S_COINS + p]
        for k in range(4):
            seats[g, p, P_ACTIONS + k] = S[S_ACTIONS + p * 4 + k]
        seats[g, p, P_UPGRADES] = upgrades_in_play(S, C, p)
        seats[g, p, P_JOURNEY_PLAYED] = tmp[3] // max(1, C[C_BONUS_JOURNEY])
        for k in range(N_SPECIALS):
            seats[g, p, P_SPECIALS + k] = S[S_SPECIALS + p * N_SPECIALS + k]
        record_uses(S, C, p, seats[g, p])
    games[g, G_TURNS] = S[S_TURN]
    games[g, G_ROUNDS] = (S[S_TURN] + n - 1) // n
    games[g, G_WINNER] = winner
    games[g, G_TIE] = 1 if winners > 1 else 0
    games[g, G_ENDED_BY] = S[S_ENDED_BY]
    entries = 0
    for i in range(MAX_CHRONICLE):
        if S[S_CHRON + i] >= 0:
            entries += 1
    games[g, G_ENTRIES] = entries
    done = 0
    for d in range(C[C_N_DEEDS]):
        if S[S_DEED + d] == DS_DONE:
            done += 1
    games[g, G_DEEDS_DONE] = done
    defeated = 0
    board = 0
    for lo in range(C[C_N_LORDS]):
        if S[S_LORD + lo] == LS_DEFEATED:
            defeated += 1
        elif S[S_LORD + lo] == LS_BOARD:
            board += 1
    games[g, G_LORDS_DEFEATED] = defeated
    games[g, G_LORDS_ON_BOARD] = board
    mask = 0
    for i in range(S[S_N_CURSES]):
        mask |= 1 << S[S_CURSES + i]
    games[g, G_CURSES] = mask
    games[g, G_CURSES_EVER] = S[S_CURSES_EVER]
    games[g, G_N_FEATS] = S[S_N_FEATS]
    for i in range(MAX_CHRONICLE):
        games[g, G_SLOT_TURN + i] = S[S_SLOT_TURN + i]
    for i in range(MAX_FEATS * FEAT_W):
        games[g, G_FEATS + i] = S[S_FEATS + i]
    games[g, G_ANGELS_DRAWN] = S[S_ANGELS_DRAWN]
    games[g, G_DEEDS_PLACED] = deeds_placed(S, C)
    games[g, G_LORDS_PLACED] = lords_placed(S, C)
    for p in range(S[S_N]):
        seats[g, p, P_SHIP] = NS[p, NS_SHIP]
    games[g, G_ERROR] = S[S_ERROR]
    games[g, G_ERROR_TURN] = S[S_ERROR_TURN]
    solo_record(S, g, games, seats)


@hot
def record_uses(S, C, p, row):
    """Seat p's P_USES (layout USE_*): its counts, the trophies it held, its Angels on the hero
    side, the once-per-game Angel actions it used, the blessing corner rewards it took."""
    for k in range(N_USE_COUNTS):
        row[P_USES + k] = S[S_USES + p * N_USE_COUNTS + k]
    heroes = 0
    for a in range(C[C_N_ANGELS]):
        if S[S_ANGEL + a] == ANG_HERO + p:
            heroes |= 1 << a
    row[P_USES + USE_TROPHIES_HELD] = S[S_TROPHIES + p]
    row[P_USES + USE_ANGELS_HERO] = heroes
    row[P_USES + USE_ANGEL_ONCE] = S[S_ANGEL_ONCE + p]
    row[P_USES + USE_CORNERS] = S[S_CORNER_TAKEN + p]


@hot
def deeds_placed(S, C):
    """Bitmask of the deeds that came to the board (done, removed by a Demon Lord, or still there)."""
    mask = 0
    for d in range(C[C_N_DEEDS]):
        if S[S_DEED + d] != DS_BOX:
            mask |= 1 << d
    return mask


@hot
def lords_placed(S, C):
    """Bitmask of the Demon Lords that came to the board (defeated or still there)."""
    mask = 0
    for lo in range(C[C_N_LORDS]):
        if S[S_LORD + lo] == LS_BOARD or S[S_LORD + lo] == LS_DEFEATED:
            mask |= 1 << lo
    return mask


@hot
def record_cards(S, C, g, cards):
    """Each card's story (S_CARD) into the `cards` result, and whether the seat that had it no
    longer did at the end without having played it (CARD_DISCARDED)."""
    for c in range(N_CARD_ROWS):
        for f in range(CARD_W):
            cards[g, c, f] = S[S_CARD + c * CARD_W + f]
        p = S[S_CARD + c * CARD_W + CARD_SEAT]
        kept = True
        if S[S_CARD + c * CARD_W + CARD_GAINED] > 0 and S[S_CARD + c * CARD_W + CARD_PLAYED] == 0:
            if c < MAX_JOURNEY:
                kept = S[S_JLOC + c] == J_HAND + p
            else:
                kept = S[S_ULOC + c - MAX_JOURNEY] >= U_PLAY + p * U_PLACES and \
                    S[S_ULOC + c - MAX_JOURNEY] < U_PLAY + (p + 1) * U_PLACES
        cards[g, c, CARD_DISCARDED] = 0 if kept else 1


@hot
def seat_nations(C, nations, n_players, game_index, rotate, R, out):
    """The nation of each seat: the given ones (-1: random, all different), rotated as the strategies;
    with the reverse-order pick (C_NATION_PICK) the seats without one choose instead, the last seat
    first, each the nation with the highest win rate at its seat (C_PICK_RATE; ties: the first in
    config.NATIONS' order) of those left."""
    for p in range(n_players):
        out[p] = nations[seated_at(p, game_index, n_players, rotate)]
    if C[C_NATION_PICK] and n_players >= 2:
        for p in range(n_players - 1, -1, -1):
            if out[p] < 0:
                best = -1
                for k in range(N_NATIONS):
                    taken = False
                    for q in range(n_players):
                        if out[q] == k:
                            taken = True
                    at = C_PICK_RATE + (n_players * MAX_PLAYERS + p) * N_NATIONS
                    if not taken and (best < 0 or C[at + k] > C[at + best]):
                        best = k
                out[p] = best
    for p in range(n_players):
        if out[p] < 0:
            while True:
                k = below(R, N_NATIONS)
                fresh = True
                for q in range(n_players):
                    if out[q] == k:
                        fresh = False
                if fresh:
                    out[p] = k
                    break


class Plan(NamedTuple):
    """The games a batch plays (``batch``'s `plan`)."""
    n_players: int
    run_seed: int
    first: int              # games [first, first + n_games) of the run
    n_games: int
    nations: np.ndarray     # one nation index per seat (-1: a random one, all different)
    rotate: bool            # game k seats strategy (p + k) % n_players at seat p, and rotates the nations alike
    POL: np.ndarray         # strategy q plays policy POL[q] with the weights row WS[q]
    WS: np.ndarray
    check: bool             # check mode (``check.py``)


class Out(NamedTuple):
    """Where a batch records game g of its plan: rows g of games (G_*), seats (P_*), seeds and
    cards (each journey card's and upgrade's story: layout CARD_*)."""
    games: np.ndarray
    seats: np.ndarray
    seeds: np.ndarray
    cards: np.ndarray


class Scratch(NamedTuple):
    """The arrays a batch plays in (``scratch()``; hot code allocates nothing): the state, the
    game's and the policies' random streams, the option list, the neighbours list, the seats'
    nation rows, and per seat its policy, nation, weights, program worths (PV), phase (PH), the
    phase a search keeps (PHK) and strategy row (SLOT); SB, a plugin's view and the redeal's pool
    (layout SB_*); tmp, a few values; XS, the searches'
    scratch (``search.scratch``)."""
    S: np.ndarray
    RG: np.ndarray
    RP: np.ndarray
    OPT: np.ndarray
    NB: np.ndarray
    NS: np.ndarray
    PR: np.ndarray
    POL_seat: np.ndarray
    nat: np.ndarray
    tmp: np.ndarray
    W: np.ndarray
    PV: np.ndarray
    PH: np.ndarray
    SB: np.ndarray
    SLOT: np.ndarray
    PHK: np.ndarray
    XS: tuple


@entry
@hot
def batch(C, NSN, PRN, plan, out, scratch, X, TAPE):
    """Play the games of `plan` (a ``Plan``) into rows 0..n_games-1 of `out` (an ``Out``), with
    the content C and the nations' rows NSN, PRN, in `scratch` (a ``Scratch``). X: the strategy
    rows' plugin scorers (``scorer.extension``), None without plugins; TAPE: the choice tape of
    record and replay seats (``simulate/core/tape.py``; rewound by the caller). The content's
    interventions (C_IV_*, ``interventions.py``) change game k's seat k mod n_players and the
    setup, after the deal."""
    n_players, rotate = plan.n_players, plan.rotate
    for g in range(plan.n_games):
        k = plan.first + g
        seed = game_seed(plan.run_seed, k)
        out.seeds[g] = seed
        scratch.RG[0] = seed
        scratch.RP[0] = game_seed(seed, 2)     # random nations: a stream of their own
        seat_nations(C, plan.nations, n_players, k, rotate, scratch.RP, scratch.nat)
        t = treated_seat(k, n_players)         # an intervention's seat
        treat_nation(scratch.nat, n_players, t, C[C_IV_NATION])
        scratch.RP[0] = game_seed(seed, 1)
        for p in range(n_players):
            q = seated_at(p, k, n_players, rotate)
            scratch.POL_seat[p] = plan.POL[q]
            scratch.PH[p] = -1              # no phase's weights in use yet
            for i in range(W_ROW):
                scratch.W[p, i] = plan.WS[q, i]
            out.seats[g, p, P_SLOT] = q
            scratch.SLOT[p] = q
            out.seats[g, p, P_NATION] = scratch.nat[p]
            for i in range(NS_SIZE):
                scratch.NS[p, i] = NSN[scratch.nat[p], i]
            for i in range(PR_SIZE):
                scratch.PR[p, i] = PRN[scratch.nat[p], i]
        if C[C_SHIPS_DEALT]:
            scratch.RP[0] = game_seed(seed, 3)     # the ships dealt: a stream of their own
            deal_ships(C, NSN, scratch.NS, n_players, scratch.RP)
            scratch.RP[0] = game_seed(seed, 1)
        new_game(scratch.S, C, scratch.NS, n_players, scratch.RG)
        treat_seat(scratch.S, C, scratch.RG, t)
        out.games[g, G_FIRST_LORD] = scratch.S[S_CURSES]
        out.games[g, G_DECISIONS] = play_game(
            scratch.S, (C, scratch.NS, scratch.PR, scratch.NB, scratch.tmp, scratch.SB), scratch.RG,
            scratch.RP, scratch.OPT, scratch.POL_seat, plan.check, (scratch.W, scratch.PV, scratch.PH, scratch.PHK),
            scratch.SLOT, X, scratch.XS, TAPE)
        record(scratch.S, C, scratch.NS, scratch.PR, g, out.games, out.seats, scratch.tmp)
        record_cards(scratch.S, C, g, out.cards)


def card_arrays(capacity):
    """The cards result for `capacity` games (``Out.cards``)."""
    return np.zeros((capacity, N_CARD_ROWS, CARD_RESULT_W), np.int16)


def result_arrays(capacity):
    """Empty result arrays for `capacity` games: games, seats, seeds."""
    return (np.zeros((capacity, N_GAME_COLS), np.int32),
            np.zeros((capacity, MAX_PLAYERS, N_SEAT_COLS), np.int32), np.zeros(capacity, np.uint64))


def scratch(n_progs):
    """A batch's ``Scratch`` for a content of `n_progs` programs."""
    return Scratch(S=np.zeros(S_SIZE, np.int32), RG=np.zeros(1, np.uint64), RP=np.zeros(1, np.uint64),
                   OPT=np.zeros((MAX_OPT, OPT_W), np.int32), NB=np.zeros(64, np.int32),
                   NS=np.zeros((MAX_PLAYERS, NS_SIZE), np.int32), PR=np.zeros((MAX_PLAYERS, PR_SIZE), np.int32),
                   POL_seat=np.zeros(MAX_PLAYERS, np.int64), nat=np.zeros(MAX_PLAYERS, np.int64),
                   tmp=np.zeros(8, np.int64), W=np.zeros((MAX_PLAYERS, W_ROW)), PV=np.zeros((MAX_PLAYERS, n_progs)),
                   PH=np.zeros(MAX_PLAYERS, np.int64), SB=np.zeros(SB_SIZE, np.int32),
                   SLOT=np.zeros(MAX_PLAYERS, np.int64), PHK=np.zeros(MAX_PLAYERS, np.int64),
                   XS=search_scratch())
