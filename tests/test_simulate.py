"""The game-agnostic simulation runner and `samizdat simulate` (with SAN plugged in)."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from compiler.validate import validate
from rules_engine.core.simulate import Simulation, run, summary
from tests.conftest import CARDS, run_cli

SAN = validate([CARDS / "san"]).models["san"]


def spec(*bots: str) -> Simulation:
    return Simulation("rules_engine.san.simulation:setup", (("content", SAN), ("bots", bots)))


def test_same_seed_same_records_whatever_the_workers() -> None:
    one = run(spec("random", "hacking"), 40, seed=5)
    two = run(spec("random", "hacking"), 40, seed=5, workers=2)
    threads = run(spec("random", "hacking"), 40, seed=5, executor=ThreadPoolExecutor(3),
                  chunk=7)
    assert one == two == threads
    assert [r.seed for r in one] == list(range(5, 45))


@pytest.mark.parametrize("path", ["corruption", "propaganda", "hacking"])
def test_each_victory_path_is_reached_by_its_bot(path: str) -> None:
    records = run(spec(path, "random"), 150, seed=1)
    assert any(r.end == path and r.returns[0] == 1.0 for r in records)


def test_summary_figures() -> None:
    records = run(spec("hacking", "random"), 60, seed=3)
    report = summary(records, 2)
    assert report["games"] == 60
    assert report["win_rate_by_seat"][0] > 0.8
    assert sum(report["ends"].values()) == 60
    assert 0.0 <= report["first_player_win_rate"] <= 1.0


def test_simulate_cli_json_and_replay() -> None:
    result = run_cli("simulate", "san", "--games", "20", "--bots", "propaganda,random",
                     "--format", "json", "--seed", "9")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["games"] == 20 and report["bots"] == ["propaganda", "random"]
    again = run_cli("simulate", "san", "--games", "20", "--bots", "propaganda,random",
                    "--format", "json", "--seed", "9", "--workers", "2")
    assert again.stdout == result.stdout
    replay = run_cli("simulate", "san", "--replay", "9", "--bots", "propaganda,random")
    assert replay.exit_code == 0
    assert replay.stdout.splitlines()[0].startswith("    1  chance: ")
    assert replay.stdout.splitlines()[-1].startswith("end: ")


def test_simulate_spring() -> None:
    result = run_cli("simulate", "spring", "--games", "6", "--bots", "random,random,random",
                     "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["games"] == 6 and len(report["win_rate_by_seat"]) == 3
    assert sum(report["ends"].values()) == 6


def test_unbuilt_engines_and_bad_bots_are_usage_errors() -> None:
    assert run_cli("simulate", "azadi", "--bots", "random").exit_code == 2
    assert run_cli("simulate", "san", "--bots", "random").exit_code == 2
    assert run_cli("simulate", "spring", "--bots", "random").exit_code == 2


def test_report_as_html_and_pdf(tmp_path: Path) -> None:
    from pypdf import PdfReader

    result = run_cli("simulate", "san", "--games", "10", "--report", str(tmp_path))
    assert result.exit_code == 0
    page = (tmp_path / "san-report.html").read_text()
    assert "<svg" in page and "Win rate by seat" in page
    text = " ".join(p.extract_text() for p in PdfReader(tmp_path / "san-report.pdf").pages)
    assert "Win rate by seat" in text and "How games end" in text


def test_simulate_azadi_core_loop() -> None:
    result = run_cli("simulate", "azadi", "--games", "8", "--bots", "random,random,random",
                     "--difficulty", "easy", "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["games"] == 8 and len(report["win_rate_by_seat"]) == 3
