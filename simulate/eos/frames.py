"""The decision stack (``layout.F_*`` frames in ``S_STACK``) and reading programs out of ``C``.

A frame is (kind, player, a, b, c, d, e, f): pending work of one player; what a..f hold
each kind names in ``layout`` (``MOVE_LEFT``, ``PROG_STEP``, ...). Rule steps push frames
for what comes next; the driver (``engine.py``) works on the top one. Pushing in reverse
order makes the first pushed the last done.
"""
from ..core.jit import tiny
from .layout import (C_ALTS, C_PROGS, C_STEPS, C_SYMS, F_MOVE, F_PROGRAM, FR_A, FR_B, FR_C, FR_D, FR_E, FR_F, FR_KIND,
                     FR_PLAYER, FRAME, MAX_FRAMES, S_ERROR, S_SP, S_STACK)

ERR_STACK = 90          # the decision stack overflowed (a rule loop): check mode's error code


@tiny
def push(S, kind, p, a, b, c, d, e, f):
    sp = S[S_SP]
    if sp >= MAX_FRAMES:
        S[S_ERROR] = ERR_STACK
        return
    at = S_STACK + sp * FRAME
    S[at + FR_KIND] = kind
    S[at + FR_PLAYER] = p
    S[at + FR_A] = a
    S[at + FR_B] = b
    S[at + FR_C] = c
    S[at + FR_D] = d
    S[at + FR_E] = e
    S[at + FR_F] = f
    S[S_SP] = sp + 1


@tiny
def option(OPT, n, code, x, y, z):
    """Option row n (code, x, y, z) of a decision's list; the next row's index."""
    if n >= OPT.shape[0]:
        return n
    OPT[n, 0] = code
    OPT[n, 1] = x
    OPT[n, 2] = y
    OPT[n, 3] = z
    return n + 1


@tiny
def top(S):
    """Offset of the top frame in S (its fields at + FR_KIND, + FR_PLAYER, + MOVE_LEFT, ...)."""
    return S_STACK + (S[S_SP] - 1) * FRAME


@tiny
def top_kind(S):
    return S[top(S) + FR_KIND]


@tiny
def top_player(S):
    """The seat whose frame is on top: at a decision, the one deciding."""
    return S[top(S) + FR_PLAYER]


@tiny
def pop(S):
    S[S_SP] -= 1


@tiny
def push_move(S, p, speed, start, flags):
    """p's pawn sails up to `speed` areas from area `start` (flags: symbols.MOVE_*)."""
    push(S, F_MOVE, p, speed, start, 0, 0, speed, flags)


@tiny
def push_program(S, p, prog, cost, source):
    """Run program `prog` for p (cost: paid in full, nothing skipped); -1 is no program."""
    if prog >= 0:
        push(S, F_PROGRAM, p, prog, 0, cost, source, 0, 0)


# ---------------------------------------------------------------- programs in C
@tiny
def n_steps(C, prog):
    return C[C[C_PROGS] + 2 * prog + 1] if prog >= 0 else 0


@tiny
def step_of(C, prog, i):
    return C[C[C_PROGS] + 2 * prog] + i


@tiny
def n_alts(C, step):
    return C[C[C_STEPS] + 2 * step + 1]


@tiny
def alt_of(C, step, i):
    return C[C[C_STEPS] + 2 * step] + i


@tiny
def n_syms(C, alt):
    return C[C[C_ALTS] + 2 * alt + 1]


@tiny
def sym_code(C, alt, k):
    return C[C[C_SYMS] + 2 * (C[C[C_ALTS] + 2 * alt] + k)]


@tiny
def sym_amount(C, alt, k):
    return C[C[C_SYMS] + 2 * (C[C[C_ALTS] + 2 * alt] + k) + 1]


@tiny
def amount_in(C, prog, code):
    """The summed amount of symbol `code` in the first alternative of every step of prog."""
    v = 0
    for i in range(n_steps(C, prog)):
        alt = alt_of(C, step_of(C, prog, i), 0)
        for k in range(n_syms(C, alt)):
            if sym_code(C, alt, k) == code:
                v += sym_amount(C, alt, k)
    return v
