"""The example notebook (docs/example.ipynb) runs from top to bottom in a fresh kernel, as a
designer would run it: it simulates, reopens the run when a cell is run again, reads the
tables with polars, draws a figure and compares a what-if."""
import shutil
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "example.ipynb"


def test_the_example_notebook_runs_and_shows_the_run(tmp_path):
    shutil.copy(NOTEBOOK, tmp_path / NOTEBOOK.name)
    nb = nbformat.read(tmp_path / NOTEBOOK.name, as_version=4)
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    shown = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert any("AEOLOS" in h and "95% interval" in h and "seat-games" in h for h in shown)   # the run's summary
    assert any(o.get("data", {}).get("image/png") for o in outputs)                           # the figure
    assert (tmp_path / "runs" / "notebook-demo" / "manifest.json").is_file()
    assert (tmp_path / "runs" / "notebook-token4" / "manifest.json").is_file()
    assert "stderr" not in {o.get("name") for o in outputs if o.output_type == "stream"} or all(
        "simulate:" not in o["text"] for o in outputs if o.get("name") == "stderr")   # no progress lines
