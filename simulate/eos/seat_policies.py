"""The run's strategies as EOS's batch seats them, for games played through the Python face
(``face.State``): the replay's story and a plain-Python strategy's games."""
import numpy as np

from strategies.plugin import scorers_for

from ..core.errors import UserError
from ..core.tape import tape_read
from . import layout as L
from .policy import pick
from .scorer import extension
from .search import scratch as search_scratch, seat_choice

SEARCHING = (L.POL_LOOKAHEAD, L.POL_MCTS)      # the policies seat_choice plays with the core's searches


class SeatPolicies:
    """The strategies by seat (one, or one per seat): names, policy codes, weight rows, and the
    heuristic's scratch (program worths, phase in use), so that a face game picks exactly what
    the batch's seat picks (``search.seat_choice``)."""

    def __init__(self, strategies, n_players, C, tape=None):
        if len(strategies) == 1:
            strategies = list(strategies) * n_players
        if len(strategies) != n_players:
            raise UserError(f"{len(strategies)} strategies given for {n_players} players (give one, or one per seat)")
        self.names = [s.name for s in strategies]
        self._arrays([s.policy for s in strategies], [s.weights for s in strategies], n_players, C,
                     extension(scorers_for(strategies)))
        self.tape = tape

    @classmethod
    def from_arrays(cls, POL, W, n_players, C):
        """Seats from the batch's per-seat arrays (policy codes, weight rows; no plugin scorer)."""
        seats = cls.__new__(cls)
        seats.names = [str(int(code)) for code in POL[:n_players]]
        seats._arrays(POL[:n_players], W[:n_players], n_players, C, None)
        seats.tape = None
        return seats

    def _arrays(self, pol, rows, n_players, C, X):
        self.pol = np.array(pol, np.int64)
        self.W = np.zeros((L.MAX_PLAYERS, L.W_ROW))
        self.W[:n_players] = rows
        self.PV = np.zeros((L.MAX_PLAYERS, int(C[L.C_N_PROGS])))
        self.PH = np.full(L.MAX_PLAYERS, -1, np.int64)
        self.POL = np.zeros(L.MAX_PLAYERS, np.int64)
        self.POL[:n_players] = self.pol
        self.PHK = np.zeros(L.MAX_PLAYERS, np.int64)
        self.SB = np.zeros(L.SB_SIZE, np.int32)
        self.XS = search_scratch()
        self.SLOT = np.arange(L.MAX_PLAYERS, dtype=np.int64)      # seat p plays strategies[p]
        self.X = X

    def pick(self, st):
        """The index of the option the deciding seat's strategy takes in face game st (a
        "replay" seat's: the next on the tape, as in the batch)."""
        pol = self.POL[st.current_player()]
        if self.tape is not None and pol == L.POL_REPLAY:
            return int(tape_read(self.tape, st.offered)) if st.offered > 1 else 0
        if pol not in SEARCHING and not (self.X is not None and pol == L.POL_PLUGIN):
            # the heuristic's or a random pick, as seat_choice ends: policy.pick alone, cached by the
            # batch's first compile (precompile.PARTS), so a face game of those compiles nothing
            return int(pick(st.S, st.C, st.NS, st.PR, st.RP, st.OPT, st.offered, pol, self.W, self.PV, self.PH))
        return int(seat_choice(st.S, (st.C, st.NS, st.PR, st.NB, st._tmp, self.SB), st.RG, st.RP, st.OPT,
                               st.offered, self.POL, (self.W, self.PV, self.PH, self.PHK), self.SLOT, self.X,
                               self.XS))
