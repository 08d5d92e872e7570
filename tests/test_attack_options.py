"""Hostile command-line options: numbers that are not finite or far out of range, and
names the content does not have. Each is a usage error (exit 2) that says what was
expected, before any work; never a PDF with impossible coordinates, never a report of
another campaign than the one asked for, never "0 games" passed off as a time budget."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from compiler.pipeline import sim_run
from rules_engine.core.simulate import Stop
from tests.conftest import CARDS, run_cli


@pytest.mark.parametrize("offset", ["nan,0", "0,inf", "1e308,0", "-21,0", "0,25"])
def test_back_offsets_must_be_a_few_finite_millimetres(offset: str, tmp_path: Path) -> None:
    result = run_cli("build", str(CARDS / "san"), "--cards-only", "--out", str(tmp_path / "o"),
                     "--back-offset", offset)
    assert result.exit_code == 2
    assert "each shift is a number of mm from -20 to 20" in result.output
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("command", [["simulate", "san", "--games", "2"],
                                     ["lint", str(CARDS / "san")]])
def test_a_time_budget_is_a_number(command: list[str]) -> None:
    result = run_cli(*command, "--time-budget", "nan")
    assert result.exit_code == 2
    assert "expected a number of seconds" in result.output


@pytest.mark.parametrize(("option", "value", "said"), [
    ("--campaign", "nope", "no campaign 'nope'; known: american-revolution-1776, "),
    ("--mandate", "nope", "no Mandate 'nope'; known: divide-and-rule, "),
    ("--tyranny-first", "nope", "no Tyranny card 'nope' in american-revolution-1776; known: "
                                "amr-tyranny-01, "),
    ("--only-choice", "2", "only with --tyranny-first"),
])
def test_azadi_names_the_content_lacks(option: str, value: str, said: str) -> None:
    result = run_cli("simulate", "azadi", "--games", "2", option, value)
    assert result.exit_code == 2
    assert said in result.output


def test_content_of_another_game() -> None:
    result = run_cli("simulate", "san", "--games", "2", "--content", str(CARDS / "spring"))
    assert result.exit_code == 2
    assert f"{CARDS / 'spring'} holds spring content, not san" in result.output


def test_games_that_end_early_unasked_are_an_error_not_a_partial_report(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's setup raising StopIteration ends a generator silently (and compiled code
    may swallow it): the runner must not call the games it did not play a time budget."""
    monkeypatch.setattr(sim_run, "stream", lambda *args, **kwargs: iter(()))

    class Silent:
        def advance(self) -> None: ...

    with pytest.raises(RuntimeError, match="stopped after 0 of 2 with neither"):
        sim_run.play(Any, 2, 0, 1, [], Stop(), None, Silent())  # type: ignore[arg-type]


def test_output_closed_early_stops_quietly() -> None:
    """`samizdat simulate … | head -1`: once the reader has gone, no internal error."""
    import os
    import subprocess
    import sys

    from tests.conftest import REPO

    process = subprocess.Popen(
        [sys.executable, "-m", "compiler", "simulate", "san", "--games", "20"], cwd=REPO,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=os.environ | {"PYTHONPATH": str(REPO)})
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()                       # nobody reads what it prints
    err = process.stderr.read()
    process.stderr.close()
    assert process.wait(timeout=120) == 141
    assert b"internal error" not in err and b"Traceback" not in err, err


def test_a_back_offset_on_gutterfold_sheets_is_refused(tmp_path: Path) -> None:
    result = run_cli("build", str(CARDS / "san"), "--cards-only", "--out", str(tmp_path / "o"),
                     "--sheet", "gutterfold", "--back-offset", "1,0")
    assert result.exit_code == 2
    assert "--back-offset shifts the backs of duplex sheets; a gutter-fold sheet" in \
        result.output
    assert not (tmp_path / "o").exists()


def test_a_back_offset_that_pushes_backs_off_the_page_is_an_error(tmp_path: Path) -> None:
    result = run_cli("build", str(CARDS / "san"), "--cards-only", "--out", str(tmp_path / "o"),
                     "--back-offset", "15,0", "--format", "json")
    assert result.exit_code == 1
    import json

    found = [d for d in json.loads(result.stdout)["diagnostics"] if d["code"] == "B609"]
    assert found and all("a back shift of 15,0 mm pushes the backs off the page" in d["message"]
                         and d["message"].endswith("use a smaller --back-offset")
                         for d in found)
    assert found[0]["file"].endswith("game.yaml")
    assert not list((tmp_path / "o").rglob("*.pdf"))
