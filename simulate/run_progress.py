"""Progress of a run: a bar on a terminal, plain periodic lines elsewhere."""
import sys
import time

class Progress:
    """A progress bar on a terminal; plain periodic lines otherwise (or nothing)."""

    def __init__(self, total, done, mode=None, interval=10.0, stream=None, label="simulate"):
        self.stream, self.label = stream or sys.stderr, label
        if mode is None:
            mode = "bar" if getattr(self.stream, "isatty", lambda: False)() else "lines"
        self.mode, self.total, self.done, self.start_done = mode, total, done, done
        self.t0 = self.last = time.perf_counter()
        self.interval = interval
        self.bar = None
        if mode == "bar":
            from rich.console import Console
            from rich.progress import BarColumn, Progress as RichProgress, TextColumn, TimeElapsedColumn

            self.bar = RichProgress(TextColumn(label), BarColumn(),
                                    TextColumn("{task.completed:,.0f}/{task.total:,.0f} games"),
                                    TextColumn("{task.fields[rate]}"), TextColumn("ETA {task.fields[eta]}"),
                                    TimeElapsedColumn(), console=Console(file=self.stream), transient=False)
            self.bar.start()
            self.task = self.bar.add_task(label, total=total, completed=done, rate="", eta="?")

    def rate(self):
        dt = time.perf_counter() - self.t0
        return (self.done - self.start_done) / dt if dt > 0 else 0.0

    def eta(self):
        r = self.rate()
        return _duration((self.total - self.done) / r) if r > 0 else "?"

    def advance(self, n):
        self.done += n
        if self.mode == "bar":
            self.bar.update(self.task, completed=self.done, rate=f"{self.rate():,.0f} games/s", eta=self.eta())
        elif self.mode == "lines":
            now = time.perf_counter()
            if now - self.last >= self.interval and self.done < self.total:
                self.last = now
                print(f"{self.label}: {self.done:,}/{self.total:,} games ({100 * self.done / self.total:.0f}%), "
                      f"{self.rate():,.0f} games/s, ETA {self.eta()}", file=self.stream, flush=True)

    def close(self):
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


def _duration(s):
    s = int(round(s))
    return f"{s // 3600}h{s % 3600 // 60:02d}m" if s >= 3600 else (f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s")
