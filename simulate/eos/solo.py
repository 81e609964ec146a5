"""The Solo Mode (rulebook, Modules: "Solo Mode"; the module ``configs/eos/modules/solo.toml``).

One player, the two-player setup without the chronicle track and objectives, and a scenario
of four tasks done in order. A task is "have" (a statistic at least N: "You may start to
collect these coins prior to unlocking the third task") or "do" (N more of a statistic from
the task's unlock on: "no matter how many deeds you already have accomplished before
unlocking this task"); the statistics are the objectives' (``chronicle.have_value``).

Tasks are checked at the end of each turn, as objectives are: the unlocked task, if done, is
marked with the recharge actions taken so far, the next one unlocks (a "do" task counts from
here: what the event and the task's effect bring counts towards it), then an event is drawn
(the active player's reward only: ``chronicle.event_stage``) and the task's `after` effect
(Demons, a Demon Lord spawned) follows it; then the end of the turn again (free actions, the
hand limit) and the next task's check. The 4th task done wins at once (its event could change
nothing); taking the 6th recharge action loses at once. Glory is ignored and never lost
(``resources.gain_glory``, ``symbols.can_pay``); with one player Jacub's "pay the player with
the least glory" is never offered (``engine``: the least glory is one's own). The chronicle
actions place no entry (``chronicle.fill_chronicle``): Demon Lords spawn only through tasks.
"""
from ..core.jit import hot, tiny
from ..core.rng import below
from . import layout as L
from .chronicle import have_value
from .frames import push, push_program
from .layout import (A_RECHARGE, C_SOLO, C_SOLO_LOSE_AT, C_SOLO_N, C_SOLO_PLAY, C_SOLO_TASK, END_SOLO_LOST,
                     END_SOLO_WON, END_TURN_STAGE, F_EVENT, GF_OTHER, S_ACTIONS, S_DONE, S_ENDED_BY, S_SOLO, S_SOLO_AT, S_SOLO_BASE,
                     S_SOLO_DONE, S_SOLO_SCENARIO, S_TURN, SOLO_TASKS, TASK_DO, TASK_W, TK_AFTER, TK_AT, TK_KIND,
                     TK_STAT, G_TIE, G_WINNER, P_BONUS_DEMONS, P_BONUS_JOURNEY, P_BONUS_MORALE, P_BONUS_RANKS,
                     P_BONUS_UPGRADES, P_RANK, P_SCORE, P_SOLO_AT, P_SOLO_DONE, P_SOLO_SCENARIO, P_WON, S_N)


# ---------------------------------------------------------------- content (Python)
def build(C, config, program):
    """The solo module's numbers and scenarios into C (layout C_SOLO_*); `program(path)`: the
    id of the program compiled from the config at `path` (a task's `after`), or -1."""
    C[L.C_SOLO_PLAY] = -1
    solo = config.get("solo")
    if solo is None:
        return ()
    C[L.C_SOLO], C[L.C_SOLO_LOSE_AT] = 1, solo["lose_on_recharge"]
    C[L.C_SOLO_EVENT_GLOBAL] = int(solo["event_global"])
    scenarios = solo["scenario"]
    ids = [sc["id"] for sc in scenarios]
    C[L.C_SOLO_N] = len(scenarios)
    C[L.C_SOLO_PLAY] = -1 if solo.get("play", "random") == "random" else ids.index(solo["play"])
    for s, sc in enumerate(scenarios):
        for k, t in enumerate(sc["task"]):
            at = L.C_SOLO_TASK + (s * L.SOLO_TASKS + k) * L.TASK_W
            C[at + L.TK_KIND] = L.TASK_DO if t["kind"] == "do" else L.TASK_HAVE
            C[at + L.TK_STAT] = L.STATS.index(t["stat"])
            C[at + L.TK_AT] = t["at_least"]
            C[at + L.TK_AFTER] = program(f"solo.scenario[{sc['id']}].task[{k}].after")
    return tuple(sc["name"] for sc in scenarios)


def scenario(config, S):
    """(name, task texts) of the scenario game S plays (config: its rules' config)."""
    sc = config["solo"]["scenario"][int(S[L.S_SOLO_SCENARIO])]
    return sc["name"], [t["text"] for t in sc["task"]]


def told(config, S):
    """The scenario and its tasks in words, the tasks done marked with the recharge actions they
    took ("1. Awaken an Angel (done, 2 recharges)")."""
    name, texts = scenario(config, S)
    parts = []
    for k, text in enumerate(texts):
        at = int(S[L.S_SOLO_AT + k])
        parts.append(f"{k + 1}. {text}" + (f" (done, {at} recharge{'' if at == 1 else 's'})" if at >= 0 else ""))
    return f"{name}: " + "; ".join(parts)


def recharges_left(C, S):
    """The glory track's count in the Solo Mode: recharge actions left before the losing one."""
    return int(C[L.C_SOLO_LOSE_AT]) - 1 - int(S[L.S_ACTIONS + L.A_RECHARGE])


# ---------------------------------------------------------------- the kernel
@tiny
def task_at(S, k):
    """C offset of task k of the scenario played."""
    return C_SOLO_TASK + (S[S_SOLO_SCENARIO] * SOLO_TASKS + k) * TASK_W


@hot
def setup(S, C, R):
    """The scenario (drawn from the game's stream after the rest of the setup, or the one the
    config names); no task done; the first task unlocked with the game."""
    if C[C_SOLO] == 0:
        return
    S[S_SOLO] = 1
    S[S_SOLO_SCENARIO] = C[C_SOLO_PLAY] if C[C_SOLO_PLAY] >= 0 else below(R, C[C_SOLO_N])
    S[S_SOLO_DONE] = 0
    S[S_SOLO_BASE] = 0
    for k in range(SOLO_TASKS):
        S[S_SOLO_AT + k] = -1


@hot
def task_progress(S, C, NS, p):
    """How far p is with the unlocked task: its statistic ("do": grown since the unlock)."""
    at = task_at(S, S[S_SOLO_DONE])
    v = have_value(S, C, NS, p, C[at + TK_STAT])
    return v - S[S_SOLO_BASE] if C[at + TK_KIND] == TASK_DO else v


@hot
def end_of_turn(S, C, NS, p, frame):
    """At the end of p's turn (the F_END_TURN frame at `frame`): if the unlocked task is done,
    mark it, unlock the next, push its event and effect and the end of the turn again (True);
    the 4th ends the game, won. False: no task done, the turn ends."""
    k = S[S_SOLO_DONE]
    if k >= SOLO_TASKS or task_progress(S, C, NS, p) < C[task_at(S, k) + TK_AT]:
        return False
    S[S_SOLO_AT + k] = S[S_ACTIONS + p * 4 + A_RECHARGE]
    S[S_SOLO_DONE] = k + 1
    if k + 1 == SOLO_TASKS:
        S[S_TURN] += 1
        S[S_DONE] = 1
        S[S_ENDED_BY] = END_SOLO_WON
        return True
    S[S_SOLO_BASE] = have_value(S, C, NS, p, C[task_at(S, k + 1) + TK_STAT])
    S[frame + END_TURN_STAGE] = 0       # the end of the turn again once they are resolved
    push_program(S, p, C[task_at(S, k) + TK_AFTER], 0, GF_OTHER)
    push(S, F_EVENT, p, -1, 0, 0, 0, 0, 0)
    return True


@hot
def standing(S, C, NS, p):
    """A solo game's position, for the lookahead's rollouts: the tasks done and the unlocked
    one's share done (100 a task), the win 1000, the loss -1000."""
    if S[S_ENDED_BY] == END_SOLO_WON:
        return 1000.0
    if S[S_ENDED_BY] == END_SOLO_LOST:
        return -1000.0
    k = S[S_SOLO_DONE]
    return 100.0 * (k + min(1.0, max(0.0, task_progress(S, C, NS, p) / C[task_at(S, k) + TK_AT])))


@hot
def recharge_loses(S, C, p):
    """p has just taken a recharge action: in a solo game the `lose_on_recharge`-th (the 6th)
    ends the game, lost."""
    if S[S_SOLO] == 0 or S[S_ACTIONS + p * 4 + A_RECHARGE] < C[C_SOLO_LOSE_AT]:
        return False
    S[S_TURN] += 1
    S[S_DONE] = 1
    S[S_ENDED_BY] = END_SOLO_LOST
    return True


@hot
def record(S, g, games, seats):
    """The solo columns of seat 0's row (-1 outside a solo game); in a solo game the win is the
    scenario's (the 4th task done) and glory, ignored, scores nothing."""
    solo = S[S_SOLO] != 0
    for p in range(S[S_N]):
        seats[g, p, P_SOLO_SCENARIO] = S[S_SOLO_SCENARIO] if solo else -1
        seats[g, p, P_SOLO_DONE] = S[S_SOLO_DONE] if solo else -1
        for k in range(SOLO_TASKS):
            seats[g, p, P_SOLO_AT + k] = S[S_SOLO_AT + k] if solo else -1
    if not solo:
        return
    won = S[S_ENDED_BY] == END_SOLO_WON
    seats[g, 0, P_WON] = 1 if won else 0
    seats[g, 0, P_RANK] = 0
    seats[g, 0, P_SCORE] = 0
    for col in (P_BONUS_DEMONS, P_BONUS_MORALE, P_BONUS_RANKS, P_BONUS_JOURNEY, P_BONUS_UPGRADES):
        seats[g, 0, col] = 0
    games[g, G_WINNER] = 0 if won else -1
    games[g, G_TIE] = 0
