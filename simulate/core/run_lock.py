"""One writer per run (or comparison) folder: an exclusive lock on FOLDER/.windtunnel.lock.

The lock is ``fcntl.flock`` on that file, not an ``O_EXCL`` lock file: the kernel drops
it when the holder's process ends in any way (Ctrl-C, SIGKILL, a crash, a reboot), so a
lock is never stale and nothing has to guess whether a recorded pid is still alive. On
NFS, Linux maps flock to the server's byte-range locks. The file holds the holder's pid,
host, command and start time only to name the holder to whoever is refused; it is
emptied on release and stays in the folder (deleting a lock file that another process
may have opened would let two writers lock two different files).
"""
import contextlib
import errno
import fcntl
import json
import os
import socket
import sys
from pathlib import Path

from .errors import UserError
from .run_files import _now

LOCK = ".windtunnel.lock"
READ_ONLY = (errno.EACCES, errno.EPERM, errno.EROFS)


@contextlib.contextmanager
def folder_lock(folder, command, *, create=True):
    """Hold FOLDER's lock for the block, or raise one UserError naming the holder.

    `create`: make the folder (a new run). With create=False (a report reading a folder)
    a folder nobody may write to is read without a lock: no windtunnel can change it."""
    folder = Path(folder)
    try:
        if create:
            folder.mkdir(parents=True, exist_ok=True)
        fd = _open(folder / LOCK)
    except OSError as e:
        if create or e.errno not in READ_ONLY:
            raise UserError(f"cannot write to {folder} ({e.strerror or e})") from None
        fd = None
    if fd is None:
        yield
        return
    try:
        holder = {"command": command, "pid": os.getpid(), "host": socket.gethostname(), "since": _now(),
                  "argv": " ".join(sys.argv[1:])[:200]}
        with contextlib.suppress(OSError):   # only a name for the message (a full disk must not stop us)
            os.ftruncate(fd, 0)
            os.pwrite(fd, (json.dumps(holder) + "\n").encode(), 0)
        yield
    finally:
        try:
            os.ftruncate(fd, 0)              # free: nobody's name in it
        finally:
            os.close(fd)                     # releases the lock


def _open(path):
    """An fd holding the exclusive lock of `path` (created if missing)."""
    for _ in range(5):
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(fd)
            os.close(fd)
            raise UserError(f"{path.parent} is in use by another windtunnel process ({holder}); wait for it to "
                            "finish or stop it (Ctrl-C keeps what is done), then try again") from None
        except OSError as e:
            os.close(fd)
            raise UserError(f"cannot lock {path.parent} ({e.strerror}): its filesystem does not support "
                            "locks; use a local folder or an NFS mount with locking") from None
        try:                                 # the file we locked must still be the one at `path`
            if os.fstat(fd).st_ino == os.stat(path).st_ino:
                return fd
        except FileNotFoundError:
            pass
        os.close(fd)
    raise UserError(f"cannot lock {path.parent}: its lock file keeps being replaced")


def _holder(fd):
    try:
        h = json.loads(os.pread(fd, 4096, 0).decode() or "{}")
        return (f"{h.get('command', 'windtunnel')} by process {h.get('pid')} on {h.get('host')} since "
                f"{h.get('since')}")
    except (OSError, ValueError, AttributeError):
        return "a process that has just started"
