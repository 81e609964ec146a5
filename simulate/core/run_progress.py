"""Progress of a run: a bar on a terminal, one line redrawn in place in a notebook, plain
periodic lines elsewhere."""
import sys
import time


def in_notebook():
    """Running in a Jupyter kernel (stderr is no terminal there, but a person watches it): an
    IPython shell with a kernel, not merely ipykernel imported (a test that ran a notebook
    leaves it in sys.modules, and a display handle is then None)."""
    if "ipykernel" not in sys.modules:
        return False
    from IPython import get_ipython
    return getattr(get_ipython(), "kernel", None) is not None


def watched(stream):
    """Whether a person reads `stream` as it comes: a terminal or a notebook (not a pipe, a
    file or a test's captured stream)."""
    return getattr(stream, "isatty", lambda: False)() or in_notebook()


class Progress:
    """A progress bar on a terminal ("bar"); in a notebook ("notebook") a bar and a line drawn
    in one output the kernel updates in place (IPython's display handle: no widget library
    needed); plain lines every `interval` s elsewhere ("lines"); or nothing (False)."""

    def __init__(self, total, done, mode=None, interval=10.0, stream=None, label="simulate"):
        self.stream, self.label = stream or sys.stderr, label
        if mode is None:
            mode = "notebook" if in_notebook() else "bar" if watched(self.stream) else "lines"
        self.mode, self.total, self.done, self.start_done = mode, total, done, done
        self.t0 = self.last = time.perf_counter()
        self.interval = interval
        self.bar = self.handle = None
        if mode == "bar":
            from rich.console import Console
            from rich.progress import BarColumn, Progress as RichProgress, TextColumn, TimeElapsedColumn

            self.bar = RichProgress(TextColumn(label), BarColumn(),
                                    TextColumn("{task.completed:,.0f}/{task.total:,.0f} games"),
                                    TextColumn("{task.fields[rate]}"), TextColumn("ETA {task.fields[eta]}"),
                                    TimeElapsedColumn(), console=Console(file=self.stream), transient=False)
            self.bar.start()
            self.task = self.bar.add_task(label, total=total, completed=done, rate="", eta="?")
        elif mode == "notebook":
            from IPython.display import HTML, display
            self.html = HTML
            self.handle = display(HTML(self.text_html()), display_id=True)

    def rate(self):
        dt = time.perf_counter() - self.t0
        return (self.done - self.start_done) / dt if dt > 0 else 0.0

    def eta(self):
        r = self.rate()
        return _duration((self.total - self.done) / r) if r > 0 else "?"

    def text(self):
        return (f"{self.label}: {self.done:,}/{self.total:,} games ({100 * self.done / max(self.total, 1):.0f}%), "
                f"{self.rate():,.0f} games/s, ETA {self.eta()}")

    def text_html(self):
        return (f'<progress value="{self.done}" max="{max(self.total, 1)}" style="width:40%"></progress> '
                f"<code>{self.text()}</code>")

    def advance(self, n):
        self.done += n
        now = time.perf_counter()
        if self.mode == "bar":
            self.bar.update(self.task, completed=self.done, rate=f"{self.rate():,.0f} games/s", eta=self.eta())
        elif self.mode == "notebook" and (now - self.last >= 0.5 or self.done >= self.total):
            self.last = now
            self.handle.update(self.html(self.text_html()))
        elif self.mode == "lines":
            if now - self.last >= self.interval and self.done < self.total:
                self.last = now
                print(self.text(), file=self.stream, flush=True)

    def close(self):
        if self.bar is not None:
            self.bar.stop()
            self.bar = None
        if self.handle is not None:
            self.handle.update(self.html(self.text_html()))
            self.handle = None


def _duration(s):
    s = int(round(s))
    return f"{s // 3600}h{s % 3600 // 60:02d}m" if s >= 3600 else (f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s")
