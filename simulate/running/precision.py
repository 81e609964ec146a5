"""`--precision`: a run that stops once its win rates are precise enough.

The runner hands out batches in game order. The looks are at fixed numbers of games (1,000,
then a quarter more each time: ``looks``), each over games 0 to n - 1, so where a run decides
to stop depends on its seed alone, never on batch sizes or which worker was faster; a batch
never spans a look (``batches``), so each look is a batch's end. Once every seat's and every
strategy's anytime-valid 95% interval (``analysis.sequential``) is at most the target either
side, no new batch is handed out, and the run keeps exactly the games up to that look: the
batches other workers played past it meanwhile are dropped (``record``), so the same command
and seed give the same games whatever --jobs. The manifest's ``precision`` records the target,
the rule, the most games allowed, where it decided and how precise all its games are.
"""
import bisect
import math

from ..core.run_files import missing_ranges

FIRST_LOOK, GROWTH = 1_000, 1.25


def looks(upto):
    """The numbers of games a run looks at, up to `upto`: 1,000, 1,250, 1,563, ..."""
    out, n = [], FIRST_LOOK
    while n <= upto:
        out.append(n)
        n = math.ceil(n * GROWTH)
    return out


def batches(ranges, size, cuts=()):
    """(first, games) of the batches that play `ranges` ([first, end) pairs) in order: at most
    `size` games each, none across a point of `cuts` (a precision run's looks)."""
    cuts = sorted(cuts)
    for first, end in ranges:
        while first < end:
            at = bisect.bisect_right(cuts, first)
            stop = min(end, first + size, cuts[at] if at < len(cuts) else end)
            yield first, stop - first
            first = stop


def prefix_end(manifest):
    """The end of the run's games played from game 0 without a gap."""
    gaps = missing_ranges(manifest["games"], manifest["shards"])
    return gaps[0][0] if gaps else manifest["games"]


class PrecisionStop:
    """The stopping rule of one run: `look` after each batch, `done` once precise enough."""

    def __init__(self, aim, folder):
        self.target = aim["points"] / 100
        self.folder = folder
        self.seen = 0               # games looked at so far (the looks up to it are past)
        self.done = False
        self.decided = self.last = None

    def look(self, manifest, final=False):
        """Take the looks the prefix has reached since the last (`final`: also one at all its
        games); sets `done` at the first whose widest interval is within the target."""
        import polars as pl

        from analysis.sequential import widest

        end = prefix_end(manifest)
        grid = [n for n in looks(end) if n > self.seen] if not self.done else []
        at = grid + ([end] if final and end and end not in grid else [])
        if not at:
            return
        files = [str(self.folder / s["files"]["seats"]) for s in manifest["shards"] if s["first"] < end]
        seats = (pl.scan_parquet(files).select("game_id", "seat", "strategy", "won")
                 .filter(pl.col("game_id") < end).collect())
        for n, (label, half) in zip(at, widest(seats, self.target, at)):
            self.last = {"games": n, "widest": label, "half_width_points": round(100 * half, 3)}
            if n in grid:
                self.seen = n
                if half <= self.target and not self.done:
                    self.done, self.decided = True, n
                    if not final:
                        break

    def record(self, manifest):
        """After the batches: a run that stopped early keeps exactly its games up to the look that
        decided, which become its games; the shards played past it are taken out of the manifest
        and returned (the runner deletes their files once it is saved). The manifest says why
        the run stopped."""
        past = []
        if self.done:
            past = [s for s in manifest["shards"] if s["first"] >= self.decided]
            manifest["shards"] = [s for s in manifest["shards"] if s["first"] < self.decided]
            manifest["games_done"] -= sum(s["games"] for s in past)
            if prefix_end(manifest) == manifest["games_done"]:
                manifest["games"] = manifest["games_done"]    # the look's games (a batch ends at each look)
        if manifest["games_done"] != manifest["games"]:
            return past                              # interrupted: --resume goes on looking
        self.look(manifest, final=True)              # how precise all the games played are
        manifest["precision"]["stopped"] = {"reason": "precision" if self.decided else "games",
                                            **({"decided_at": self.decided} if self.decided else {}), **self.last}
        return past
