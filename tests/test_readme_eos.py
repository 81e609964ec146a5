"""The README's EOS commands, as written, in its order (tests/test_readme.py runs the rest: the
two files share the suite's two workers)."""
from .test_readme import README, is_eos, readme_commands, run_as_written


def test_every_readme_eos_command_works_as_written(tmp_path, monkeypatch):
    commands = [c for c in readme_commands(README.read_text()) if is_eos(c)]
    assert len(commands) >= 5 and any("runs/eos4" in c for c in commands)
    run_as_written(tmp_path, monkeypatch, commands)
    assert (tmp_path / "runs" / "eos4" / "report.html").is_file()
