"""The output folder of a run or a comparison, from the checks made before anything is written
to the swap-in at the end: one lifecycle for both.

``--out`` is ours when it holds our record (a run's manifest.json, a comparison's
compare.json); a folder holding other files and no record is refused, and a user's files in
ours are never deleted. ``--force`` plays the new one in the hidden OUT/.windtunnel-new and
swaps it in only when complete (until then OUT keeps the old one); ``--resume`` continues
either one where it stopped. The caller holds OUT's lock (``run_lock``) from its last check
on, so one process at a time writes."""
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .compare_folder import COMPARE, read_compare
from .errors import UserError
from .run_files import MANIFEST, STAGING, TEMP, read_manifest, remove_staging
from .run_lock import LOCK


@dataclass(frozen=True)
class Kind:
    """What a folder of ours holds: its record's file, the reader that checks it, its name."""
    record: str
    read: Callable
    noun: str


RUN = Kind(MANIFEST, read_manifest, "run")
COMPARISON = Kind(COMPARE, read_compare, "comparison")


def holds_files(out):
    """Whether folder `out` holds anything but windtunnel's own lock, staging folder and
    half-written record (a writer that has just begun: it holds the lock, so the one
    refused sees "in use", not "not a windtunnel run")."""
    return out.is_dir() and any(p.name not in (LOCK, STAGING) and not TEMP.fullmatch(p.name) for p in out.iterdir())


def already_exists(out, what):
    """The error for a folder holding `what` (in words) when neither --resume nor --force was given."""
    return UserError(f"{out} already exists ({what}); use --resume to continue it, --force to replace it, or "
                     "another --out")


def _check_replaceable(out, read):
    """A --force replaces `out` only when its record (`read`: the manifest or compare.json) is a
    valid windtunnel one (nothing else is ever deleted); never through a symbolic link, never the
    folder we stand in."""
    if out.is_symlink():
        raise UserError(f"--out {out} is a symbolic link (to {os.readlink(out)}); --force replaces only a real "
                        "folder: give the folder's own path")
    here, there = Path.cwd().resolve(), out.resolve()
    if there == here or there in here.parents:
        raise UserError(f"--out {out} is the working folder{'' if there == here else ' or holds it'}: --force "
                        "will not replace the folder you are in; run it from another folder")
    try:
        read(out)
    except UserError as e:
        raise UserError(f"--force: {e}; nothing was deleted (remove the folder yourself, or choose another "
                        "--out)") from None


@dataclass(frozen=True)
class OutputFolder:
    """`out` (--out) and `path`, where the files go: `out`, or its staging folder while a --force
    replacement is played. `resumed`: this continues the run or comparison in `path`."""
    out: Path
    path: Path
    resumed: bool = False

    @classmethod
    def to_resume(cls, out, kind):
        """The one to continue at `out`: an unfinished --force replacement in its staging folder,
        else `out`'s own. Returns (the folder, its record)."""
        _not_a_file(out)
        staged = out / STAGING
        path = staged if (staged / kind.record).exists() else out
        if not (path / kind.record).exists():
            raise UserError(f"--resume: no {kind.noun} to resume at {out} (no {kind.record})")
        return cls(out, path, resumed=True), kind.read(path)

    @classmethod
    def to_write(cls, out, kind, force, busy):
        """`out` for a new one. A folder of files without our record is refused; one with it is
        `busy()`'s UserError without --force, and with it the new one goes to the staging folder
        (once the old record is known to be ours)."""
        _not_a_file(out)
        if not holds_files(out):
            return cls(out, out)
        if not (out / kind.record).exists():
            raise UserError(f"--out {out} exists and is not a windtunnel {kind.noun} (no {kind.record}); "
                            "choose another folder")
        if not force:
            raise busy()
        _check_replaceable(out, kind.read)
        return cls(out, out / STAGING)

    @property
    def staged(self):
        return self.path != self.out

    def was_swapping(self, status):
        """Whether this resumes a replacement that stopped while being swapped in (`status`: its record's)."""
        return self.resumed and self.staged and status == "complete"

    def begin(self):
        """The first write, under the lock: a replacement that never completed is superseded
        (unless it is the one resumed), and the folder the files go to exists."""
        if not (self.resumed and self.staged):
            remove_staging(self.out)
        self.path.mkdir(parents=True, exist_ok=True)

    def finish(self, swap):
        """A complete replacement becomes the one in `out`: `swap(staged, out)` moves it in (the
        old one's own files go, the record last; a stop part-way is finished by --resume), then
        the staging folder goes."""
        swap(self.path, self.out)
        remove_staging(self.out)


def _not_a_file(out):
    if out.exists() and not out.is_dir():
        raise UserError(f"--out {out} is a file, not a folder")
