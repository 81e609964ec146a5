"""What every kernel's layout module uses: consecutive offsets into a flat array.

(A file named layout.py is part of the kernel's source hash, ``jit.is_kernel_source``:
offsets are frozen into compiled code.)"""


class Offsets:
    """Hands out consecutive offsets (``S_WIND = _s(MAX_PLAYERS)``); used only at import."""

    def __init__(self):
        self.size = 0

    def __call__(self, n=1):
        start = self.size
        self.size += n
        return start
