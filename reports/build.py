"""`build_report(source, out_html)`: the report of a run or a comparison folder.

Writes three things side by side: the self-contained HTML (`out_html`), the Markdown summary
(same name, `.md`) and, in `<name>_files/`, the PNG figures and every table in full as CSV
(``reports.export``). Everything is written under
temporary names first and renamed into place, so a reader never sees half a file. The source
folder (and a comparison's cells) is locked while the report reads and writes, and its data
verified (`Run.verify`) before any number is computed.
"""
import contextlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from simulate.core.compare_folder import read_compare
from simulate.core.errors import UserError, check_path
from simulate.core.run_lock import folder_lock

from . import figures as F, html as H, markdown as M
from .data import COMPARISON, RUN, gather, source_kind
from .export import write_tables
from .item_values import item_tables, seat_tables
from .landscape import landscape_figures, landscape_tables
from .pivots import pivot_figures, pivot_tables
from .sections import figures_of, tables_of
from .table_text import tables as make_tables


@dataclass
class ReportResult:
    """Where the report went: the HTML file, the Markdown summary, the PNG paths (in report order);
    `findings` are the analysis findings it shows."""

    html: Path
    markdown: Path
    figures: list
    findings: list = None
    kind: str = None
    verdicts: list = None           # the summary card's (``analysis.verdicts.Verdict``), next steps filled


def report_paths(out_html):
    """(html, markdown, figure folder) for an HTML path: report.html -> report.md, report_files/."""
    html = Path(out_html)
    return html, html.with_suffix(".md"), html.parent / f"{html.stem}_files"


GENERATOR = '<meta name="generator" content="windtunnel">'
FILES = (".png", ".csv")            # what a report writes into its figure folder: figures, every table as CSV


def written_by_us(html):
    """Whether `html` is a report windtunnel wrote (its generator tag in the head) and its figure
    folder holds only figures and tables (FILES): then the page, its Markdown and its figures may be written again
    without --force (a file someone added to the folder would be deleted with it: not ours)."""
    html, _, folder = report_paths(html)
    try:
        with open(html, encoding="utf-8", errors="replace") as f:
            ours = GENERATOR in f.read(4096)
    except OSError:
        return False
    return ours and (not folder.exists() or all(p.suffix in FILES and p.is_file() for p in folder.iterdir()))


def check_output(out_html, force=False):
    """One-line UserError when the output cannot be written, or exists and force is False."""
    html = Path(check_path(out_html))
    if html.suffix.lower() not in (".html", ".htm"):        # (before report_paths: "/" has no name to change)
        raise UserError(f"the report must be an .html file, not {html}")
    html, md, folder = report_paths(html)
    if not html.parent.is_dir():
        raise UserError(f"folder {html.parent} does not exist")
    if not force and not written_by_us(html):      # our own report is ours to write again
        busy = [p for p in (html, md, folder) if p.exists()]
        if busy:
            raise UserError(f"{busy[0]} already exists and is not a windtunnel report (use --force to "
                            "replace it)")
    for p in (html, md):
        if p.is_dir():
            raise UserError(f"{p} is a folder")
    if folder.exists() and not folder.is_dir():
        raise UserError(f"{folder} is a file, not the figure folder")


def check_writable(out_html):
    """One-line UserError when nothing can be written beside `out_html` (a read-only or system
    folder): tried with a temporary file, before anything is played for the report."""
    html = Path(out_html)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{html.name}.", suffix=".probe", dir=html.parent)
        os.close(fd)
        os.unlink(tmp)
    except OSError as e:
        raise UserError(f"cannot write the report {html} ({e.strerror or e})") from None


def no_findings_text(threshold, subjects=()):
    """The sentence in place of the findings; `subjects`: the game's, those with findings named."""
    what = ", ".join(["seat", "strategy", *(s.name for s in subjects if s.findings)])
    return (f"No finding: no {what} or variant change is {100 * threshold:.1f} percentage points "
            "or more from fair (or from the baseline) and significant.")


def _umask():
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_atomic(path, text):
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o666 & ~_umask())            # mkstemp makes it private; a report is for sharing
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        return Path(tmp)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def check_threshold(threshold):
    if not (isinstance(threshold, (int, float)) and 0 < threshold < 1):
        raise UserError(f"--threshold must be a fraction between 0 and 1 (e.g. 0.03), not {threshold!r}")


def build_report(source, out_html, *, threshold=0.03, title=None, force=True, baseline="base", min_group=None):
    """Build the report of `source` (a run folder, a comparison folder with compare.json or a bare
    folder of Parquet tables) into `out_html`, its `.md` summary and its `_files/` PNG folder;
    returns a ReportResult.
    `threshold`: the smallest win-rate difference (a fraction) a finding reports; `min_group`
    (``analysis.group_size.MinGroup``; default 1% of a cell's seat-games or 1,000) the smallest
    group a finding compares. With force=False an existing report is a UserError and is left
    untouched."""
    check_threshold(threshold)
    kind = source_kind(source)                  # one line when it is neither
    check_output(out_html, force)
    with contextlib.ExitStack() as locks:
        for f in _folders(source, kind):
            locks.enter_context(folder_lock(f, "report", create=False))
        return _build(source, kind, out_html, threshold, title, baseline, min_group)


def _folders(source, kind):
    """The folders a report must hold still while it reads them: a run, or a comparison and its
    cells (a bare folder of tables is nobody's to lock)."""
    if kind == RUN:
        return [Path(source)]
    if kind == COMPARISON:
        return [Path(source)] + [Path(source) / c["folder"] for c in read_compare(source)["cells"]
                                 if (Path(source) / c["folder"]).is_dir()]
    return []


def _build(source, kind, out_html, threshold, title, baseline, min_group=None):
    html_path, md_path, folder = report_paths(out_html)
    data = gather(source, threshold=threshold, baseline=baseline, min_group=min_group)
    if title is None:
        what = "variant report" if kind == COMPARISON else "balance report"
        what = f"{data.game.title} {what}" if data.game.title else what.capitalize()
        title = f"{what}: {Path(source).resolve().name}"
    landscape = landscape_tables(data.landscape, data.landscape_made) if data.landscape is not None else []
    tables = make_tables(data, pivot_tables(data), tables_of(data), item_tables(data), seat_tables(data) + landscape)
    text = no_findings_text(threshold, data.game.subjects)

    try:
        return _write(data, title, text, tables, html_path, md_path, folder)
    except OSError as e:                     # an unwritable folder, a full disk: the old report stays
        raise UserError(f"cannot write the report {html_path} ({e.strerror or e})") from None


def _write(data, title, text, tables, html_path, md_path, folder):
    work = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=html_path.parent))
    os.chmod(work, 0o777 & ~_umask())
    tmp_files = []
    try:
        figs = F.draw_all(data, work, pivot_figures(data), {**figures_of(data), **landscape_figures(data)})
        pngs = {name: path.read_bytes() for name, _, path in figs}
        write_tables(tables, work, folder.name)     # every table in full beside the page, as CSV
        final = [(name, alt, folder / path.name) for name, alt, path in figs]
        tmp_files.append(_write_atomic(md_path, M.render(data, title, text, tables, final, folder.name)))
        tmp_files.append(_write_atomic(html_path, H.render(data, title, text, tables, final, pngs)))
        # ---- commit: figures first, then the summary, the page last
        old = None
        if folder.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{folder.name}.old.", dir=html_path.parent))
            folder.rename(old / "f")
        work.rename(folder)
        work = None
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        tmp_files[0].replace(md_path)
        tmp_files[1].replace(html_path)
        tmp_files = []
    finally:
        for t in tmp_files:
            t.unlink(missing_ok=True)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
    return ReportResult(html_path, md_path, [p for _, _, p in final], data.findings, data.kind, data.verdicts)
