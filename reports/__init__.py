"""windtunnel's reports: one self-contained HTML page (figures embedded, works offline), a
Markdown summary beside it and the PNG figures, for a run or a comparison folder.

build     build_report(source, out_html, threshold=0.03, title=None) -> ReportResult(html,
          markdown, figures); report_paths(out_html), check_output(out_html, force).
data      gather(source, threshold) -> ReportData: every number, through the analysis layer.
tables    tables(data) -> [Table]: the text tables the HTML and Markdown pages share.
figures   one matplotlib (Agg) function per figure, each returning its PNG path or None when
          it has no data; figures(data) (name -> alt text, drawer) in report order, one value
          forest per subject of the game (simulate.core.protocol.Subject).
sections  a game's own sections (Game.sections): compute, tables_of, figures_of, one Kind per
          section class (section_tables.py, section_figures.py); no branch on a game.
html      render(...): the page (inline CSS, base64 PNGs, a tiny self-check script).
markdown  render(...): the summary, figures linked as relative PNG paths.
"""

from .build import ReportResult, build_report  # noqa: F401
