"""Hostile runs of `samizdat simulate` and `samizdat lint`: report files never written
through a link or outside the folder named, workers capped to the machine, memory
that does not grow with the number of games, Ctrl-C and time budgets that stop a run
with a partial report, and a lint that says which analyses a time budget skipped."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from compiler.pipeline import sim_run
from rules_engine.core.game import State
from rules_engine.core.simulate import Simulation, Stop, Summary, run, summary
from tests.conftest import CARDS, REPO, run_cli, tree_digest


def _interrupt(process: subprocess.Popen[bytes]) -> bytes:
    """Send Ctrl-C; the process must stop within 15 s with exit code 130 and no
    traceback. Its standard output."""
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert time.monotonic() - sent < 15
    assert process.returncode == 130, err.decode()
    assert b"Traceback" not in err
    return out


# --- report files -----------------------------------------------------------------

def test_report_replaces_links_and_never_writes_through_them(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.html").write_bytes(b"keep me\n")
    (outside / "secret.pdf").write_bytes(b"%PDF keep me too\n")
    reports = tmp_path / "reports"
    reports.mkdir()
    (reports / "san-report.html").symlink_to(outside / "secret.html")
    (reports / "san-report.pdf").symlink_to("../outside/secret.pdf")
    before = tree_digest(outside)
    result = run_cli("simulate", "san", "--games", "3", "--report", str(reports))
    assert result.exit_code == 0
    assert tree_digest(outside) == before
    for name in ("san-report.html", "san-report.pdf"):
        assert not (reports / name).is_symlink() and (reports / name).is_file()
    assert b"<svg" in (reports / "san-report.html").read_bytes()
    assert sorted(p.name for p in reports.iterdir()) == ["san-report.html", "san-report.pdf"]


@pytest.mark.parametrize(("kind", "said"), [("link", "symbolic link"),
                                             ("file", "is not a folder")])
def test_report_folder_that_is_a_link_or_a_file_is_refused(tmp_path: Path, kind: str,
                                                           said: str) -> None:
    if kind == "link":
        outside = tmp_path / "outside"
        outside.mkdir()
        (outside / "notes.txt").write_text("mine\n")
        (tmp_path / "reports").symlink_to(outside, target_is_directory=True)
    else:
        (tmp_path / "reports").write_text("not a folder\n")
    before = tree_digest(tmp_path)
    result = run_cli("simulate", "san", "--games", "3", "--report", str(tmp_path / "reports"))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{tmp_path / 'reports'}: error R102 ")
    assert said in result.stderr
    assert tree_digest(tmp_path) == before


def test_report_name_taken_by_a_folder_is_refused_and_nothing_is_left(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    (reports / "san-report.pdf").mkdir(parents=True)
    before = tree_digest(tmp_path)
    result = run_cli("simulate", "san", "--games", "3", "--report", str(reports))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{reports / 'san-report.pdf'}: error R102 ")
    assert tree_digest(tmp_path) == before         # not the HTML either, nor a temporary


def test_baseline_is_written_only_at_its_name(tmp_path: Path) -> None:
    """A folder at the baseline's name is refused (nothing written, R102, exit 1); a
    link there is replaced by the baseline, the file it led to is left alone."""
    (tmp_path / "baseline.json").mkdir()
    before = tree_digest(tmp_path)
    result = run_cli("lint", "--fast", str(CARDS / "san"), "--write-baseline", "--baseline",
                     str(tmp_path / "baseline.json"))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{tmp_path / 'baseline.json'}: error R102 ")
    assert tree_digest(tmp_path) == before

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.json").write_text("{}\n")
    here = tmp_path / "here"
    here.mkdir()
    (here / "baseline.json").symlink_to(outside / "keep.json")
    before = tree_digest(outside)
    result = run_cli("lint", "--fast", str(CARDS / "san"), "--write-baseline", "--baseline",
                     str(here / "baseline.json"))
    assert result.exit_code == 0
    assert tree_digest(outside) == before
    assert not (here / "baseline.json").is_symlink()
    assert json.loads((here / "baseline.json").read_text())["version"] == 1


def test_baseline_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    result = run_cli("lint", "--fast", str(CARDS / "san"), "--write-baseline", "--baseline",
                     str(tmp_path / "nowhere" / "baseline.json"))
    assert result.exit_code == 1
    assert f"{tmp_path / 'nowhere'}: error R102 folder " in result.stderr
    assert list(tmp_path.iterdir()) == []


# --- workers ----------------------------------------------------------------------

def test_workers_are_capped_to_the_processors() -> None:
    have = sim_run.usable_processors()
    if have >= 256:
        pytest.skip("more processors than --workers accepts")
    result = run_cli("simulate", "san", "--games", "4", "--workers", "256", "--format", "json")
    assert result.exit_code == 0
    assert f"--workers 256 capped to {have}," in result.stderr
    assert json.loads(result.stdout)["games"] == 4
    assert sim_run.capped_workers(have, force=False) == (have, None)
    assert sim_run.capped_workers(have + 5, force=True) == (have + 5, None)


# --- streaming --------------------------------------------------------------------

# the games changed when the decisions the rules leave to players became theirs (R50);
# the report also counts what came up or was offered (the balance lints, R53) and the
# Resistance cards whose powers answer events as used; the campaigns' economy (R58);
# and the resources gained by passive income and parleys counted (R72)
AZADI_30_FROM_SEED_1 = "7a924d7f6aa069cdbb4b3fe96eaf944ef287dc66db0f837c20505975432070cb"


def test_streamed_report_is_the_report_of_the_whole_list() -> None:
    """The report folded game by game is, value for value, the one computed from
    every record at once, whatever the workers; the digest is of the report the
    list-based runner gave before streaming."""
    from rules_engine.azadi.simulation import Report, report

    outputs = [run_cli("simulate", "azadi", "--games", "30", "--seed", "1", "--format", "json",
                       "--bots", "random,random", *extra).stdout
               for extra in ((), ("--workers", "2"), ("--time-budget", "3600"))]
    assert outputs[0] == outputs[1] == outputs[2]
    assert hashlib.sha256(outputs[0].encode()).hexdigest() == AZADI_30_FROM_SEED_1

    from compiler.frontend.validate import validate

    content = validate([CARDS / "azadi"]).models["azadi"]
    spec = Simulation("rules_engine.azadi.simulation:setup",
                      (("content", content), ("bots", ("random",) * 4)))
    records = run(spec, 12, seed=3)
    folded, azadi = Summary(4), Report(content)
    for record in records:
        folded.add(record)
        azadi.add(record)
    assert folded.result() == summary(records, 4)
    assert azadi.result() == report(records, content)


class _TinyState(State[int]):
    """A game of three moves, for measuring the runner rather than a game."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.moves = 0

    def current_player(self) -> int:
        return 0

    def legal_actions(self) -> list[int]:
        return [0]

    def _apply(self, action: int) -> str:
        self.moves += 1
        return "move"

    def is_terminal(self) -> bool:
        return self.moves >= 3

    def returns(self) -> list[float]:
        return [1.0 if self.seed % 2 else 0.0, 0.0 if self.seed % 2 else 1.0]


class _TinyGame:
    def new_initial_state(self, seed: int) -> _TinyState:
        return _TinyState(seed)


class _FirstMove:
    def choose(self, state: _TinyState) -> int:
        return 0


def _tiny_summary(state: _TinyState) -> tuple[int, int, str, dict[str, int]]:
    # a record with a fair number of counters, as the real games' have
    return 0, state.moves, "done", {f"counter:{i}": state.seed % 7 for i in range(40)}


def tiny_setup(seed: int) -> tuple[_TinyGame, list[Any], Any]:
    return _TinyGame(), [_FirstMove()], _tiny_summary


TINY = Simulation("tests.test_attack_simulate:tiny_setup")


def _peak(games: int, workers: int) -> int:
    folded = Summary(2)
    tracemalloc.start()
    try:
        outcome = sim_run.play(TINY, games, 0, workers, [folded], Stop(), None,
                               sim_run.Progress(games))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert outcome.played == games and folded.result()["games"] == games
    return peak


@pytest.mark.parametrize("workers", [1, 2])
def test_memory_does_not_grow_with_the_games(workers: int) -> None:
    few, many = _peak(300, workers), _peak(3000, workers)
    assert many < 2 * few + 200_000, (few, many)     # a list of records: 10 times


# --- Ctrl-C and time budgets ------------------------------------------------------

def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(p) for p in (task / "children").read_text().split()}
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_the_workers_and_reports_the_games_finished(workers: int) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    process = subprocess.Popen(
        [sys.executable, "-m", "compiler", "simulate", "spring", "--games", "10000000",
         "--workers", str(workers), "--format", "json"], cwd=REPO, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    started = time.monotonic()
    children: set[int] = set()
    while time.monotonic() - started < 60:
        children |= _children(process.pid)
        if len(children) >= (workers if workers > 1 else 0) and \
                time.monotonic() - started > 2.5:
            break
        time.sleep(0.05)
    out = _interrupt(process)
    report = json.loads(out)
    assert report["partial"] is True and report["stopped_by"] == "interrupted"
    assert 0 < report["games"] < 10_000_000 == report["games_asked"]
    assert sum(report["ends"].values()) == report["games"]
    if workers > 1:
        assert len(children) >= workers
    assert not [pid for pid in children if _alive(pid)]


def test_time_budget_gives_a_partial_report_of_the_first_games() -> None:
    started = time.monotonic()
    result = run_cli("simulate", "san", "--games", "10000000", "--workers", "2",
                     "--time-budget", "1", "--format", "json")
    assert time.monotonic() - started < 20
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["partial"] is True and report["stopped_by"] == "time budget"
    assert 0 < report["games"] < 10_000_000
    # the games finished are those of the first seeds: the report of that many games
    whole = json.loads(run_cli("simulate", "san", "--games", str(report["games"]),
                               "--format", "json").stdout)
    for key in ("partial", "stopped_by", "games_asked"):
        del report[key]
    assert report == whole
    text = run_cli("simulate", "san", "--games", "10000000", "--time-budget", "0.5")
    assert text.exit_code == 0
    assert "  partial (time budget): " in text.stdout


def test_progress_line_only_on_a_terminal() -> None:
    class Terminal:
        def __init__(self, tty: bool) -> None:
            self.tty, self.text = tty, ""

        def isatty(self) -> bool:
            return self.tty

        def write(self, text: str) -> None:
            self.text += text

        def flush(self) -> None:
            pass

    for tty in (True, False):
        screen = Terminal(tty)
        progress = sim_run.Progress(10, screen, every=0.0)  # type: ignore[arg-type]
        progress.advance(4)
        progress.close()
        assert ("4 / 10 games (40.0%)" in screen.text) is tty


# --- lint's time budget -----------------------------------------------------------

def test_lint_names_the_analyses_a_time_budget_skipped() -> None:
    from rules_engine.core.lint import rule_modules

    simulated = sorted(f"{m.CODE} {m.NAME}" for m in rule_modules("san")
                       if getattr(m, "SIMULATED", False))
    for extra in ((), ("--select", "L81")):        # never filtered away
        result = run_cli("lint", str(CARDS / "san"), "--games", "20", "--time-budget",
                         "0.0001", "--format", "json", *extra)
        assert result.exit_code == 0
        report = json.loads(result.stdout)
        found = [d for d in report["diagnostics"] if d["code"] == "R101"]
        assert len(found) == 1 and found[0]["severity"] == "warning"
        assert found[0]["file"].endswith("san/game.yaml")
        assert all(name in found[0]["message"] for name in simulated)
        # no finding of an analysis that did not run
        assert not {d["code"] for d in report["diagnostics"]} & {n.split()[0]
                                                                 for n in simulated}
    strict = run_cli("lint", str(CARDS / "san"), "--games", "20", "--time-budget", "0.0001",
                     "--error-on-warning")
    assert strict.exit_code == 1 and "R101" in strict.stdout


def test_a_run_cut_short_by_the_budget_is_not_cached() -> None:
    from rules_engine.core.run_cache import OutOfTime, cached_run, time_budget

    spec = Simulation("tests.test_attack_simulate:tiny_setup")
    with time_budget(time.monotonic()), pytest.raises(OutOfTime):
        cached_run(spec, 5, 424_242)
    assert len(cached_run(spec, 5, 424_242)) == 5


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="needs SIGINT")
def test_ctrl_c_stops_lint_and_names_the_analyses_not_run(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO), SAMIZDAT_CACHE=str(tmp_path / "cache"))
    process = subprocess.Popen(
        [sys.executable, "-m", "compiler", "lint", str(CARDS / "azadi"), "--games", "5000",
         "--format", "json"], cwd=REPO, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE)
    time.sleep(4)
    out = _interrupt(process)
    found = [d for d in json.loads(out)["diagnostics"] if d["code"] == "R101"]
    assert len(found) == 1 and found[0]["message"].startswith("interrupted: ")
