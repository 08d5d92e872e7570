"""Progress of long steps: on standard error only (standard output, which holds the
reports, JSON and SARIF, is byte for byte what --quiet gives), a line per step when
standard error is not a terminal, a bar when it is, nothing for a step under the
delay, nothing at all with --quiet."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from compiler.cli import main
from compiler.report import progress
from tests.conftest import CARDS

DONE = r"done in \d+\.\d s"


@pytest.fixture
def at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step counts as long: its progress is shown from its start."""
    monkeypatch.setattr(progress, "DELAY", 0.0)


def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_a_step_in_a_log_is_one_line_at_its_start_and_one_at_its_end(at_once: None) -> None:
    log = io.StringIO()
    with progress.Progress("lint", log).stage("azadi: simulating 5 campaigns", 4) as step:
        step.started("L711 task-never-completed")
        step.started("L712 trigger-loop")
    lines = log.getvalue().splitlines()
    assert lines[0] == "lint: azadi: simulating 5 campaigns..."
    assert re.fullmatch(rf"lint: azadi: simulating 5 campaigns: {DONE}", lines[1])
    assert len(lines) == 2


def test_a_quick_step_says_nothing() -> None:
    log = io.StringIO()
    with progress.Progress("build", log).stage("rendering 3 decks", 3) as step:
        step.advance(3)
    assert log.getvalue() == ""


def test_a_step_cut_short_says_so(at_once: None) -> None:
    log = io.StringIO()
    with pytest.raises(KeyboardInterrupt), progress.Progress("simulate", log).stage("x", 9):
        raise KeyboardInterrupt
    assert re.fullmatch(r"simulate: x\.\.\.\nsimulate: x: stopped after \d+\.\d s\n",
                        log.getvalue())


def test_on_a_terminal_a_bar_then_the_time_taken(at_once: None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "REDRAW_EVERY", 0.0)
    screen = io.StringIO()
    shown = progress.Progress("build", screen, bar=True)
    items = list(shown.over("rendering 4 decks", [Path("a"), Path("b"), Path("c"), Path("d")],
                            "name"))
    assert items == [Path("a"), Path("b"), Path("c"), Path("d")]
    drawn = screen.getvalue()
    assert drawn.startswith("\r\033[Kbuild: rendering 4 decks [")
    assert "[######------------------] 1 / 4 b" in drawn
    assert re.search(rf"\r\033\[Kbuild: rendering 4 decks: {DONE}\n$", drawn)


def test_quiet_says_nothing(at_once: None) -> None:
    log = io.StringIO()
    with progress.Progress("lint", log, quiet=True).stage("anything", 2) as step:
        step.advance(2)
    assert log.getvalue() == ""


def test_lint_progress_is_on_stderr_and_stdout_is_unchanged(at_once: None) -> None:
    args = ("lint", "--format", "json", "--games", "20", str(CARDS / "san"))
    shown, quiet = invoke(*args), invoke(*args, "--quiet")
    assert shown.exit_code == quiet.exit_code
    assert shown.stdout == quiet.stdout
    assert json.loads(shown.stdout)["summary"]["files"] > 0
    lines = shown.stderr.splitlines()
    assert lines[0] == "lint: san: simulating games (L811, L812, L813, L814, L815)..."
    assert re.fullmatch(rf"lint: san: simulating games \(L811, L812, L813, L814, L815\): {DONE}",
                        lines[-1])
    assert quiet.stderr == ""


def test_simulate_progress_is_on_stderr_and_stdout_is_unchanged(at_once: None) -> None:
    args = ("simulate", "san", "--games", "6", "--format", "json")
    shown, quiet = invoke(*args), invoke(*args, "-q")
    assert shown.exit_code == quiet.exit_code == 0
    assert shown.stdout == quiet.stdout and json.loads(shown.stdout)["games"] == 6
    assert shown.stderr.splitlines()[0] == "simulate: san: 6 games from seed 0..."
    assert re.fullmatch(rf"simulate: san: 6 games from seed 0: {DONE}",
                        shown.stderr.splitlines()[-1])
    assert quiet.stderr == ""


def test_build_progress_is_on_stderr_and_stdout_is_unchanged(at_once: None,
                                                             tmp_path: Path) -> None:
    shown = invoke("build", str(CARDS / "san"), "--cards-only", "--jobs", "1",
                   "--out", str(tmp_path / "a"))
    quiet = invoke("build", str(CARDS / "san"), "--cards-only", "--jobs", "1",
                   "--out", str(tmp_path / "b"), "--quiet")
    assert shown.exit_code == quiet.exit_code == 0
    assert shown.stdout.replace(str(tmp_path / "a"), "OUT") == \
        quiet.stdout.replace(str(tmp_path / "b"), "OUT")
    first, *_, last = shown.stderr.splitlines()
    assert re.fullmatch(r"build: rendering \d+ decks\.\.\.", first)
    assert re.fullmatch(rf"build: rendering \d+ decks: {DONE}", last)
    assert quiet.stderr == ""
