"""A game that raises on the content, or does not end, while ``simulate``, ``sweep``
or ``diff`` plays it is the linter's R106 (R105) error at the content item its last
actions name, with the command that replays it, and exit code 1: never
``samizdat: internal error``. ``--replay`` of that game prints its moves up to the
failure, then what stopped it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, line_of, run_cli
from tests.test_lint_gates import _CrashingGame, _EndlessGame

CARD = "- id: rev-protest-hashtag-trends"


@pytest.fixture
def crashing_on_seed_3(monkeypatch: pytest.MonkeyPatch) -> None:
    """Spring's game of seed 3 raises on its 10th play of Hashtag Trends."""
    from rules_engine.spring import simulation

    real = simulation.setup

    def crashing(seed: int, **options: Any) -> Any:
        game, bots, summarise = real(seed, **options)
        return (_CrashingGame(), bots, summarise) if seed == 3 else (game, bots, summarise)

    monkeypatch.setattr(simulation, "setup", crashing)


def _located(stdout: str) -> tuple[str, int]:
    first = stdout.splitlines()[0]
    where = first.split(": error ")[0]
    file, line, _ = where.rsplit(":", 2)
    return file, int(line)


def test_simulate_says_a_crashed_game_at_the_card_with_its_replay(
        crashing_on_seed_3: None) -> None:
    result = run_cli("simulate", "spring", "--games", "5", "--seed", "0")
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output
    file, line = _located(result.stdout)
    assert file.endswith("spring/board_and_deck.yaml")
    assert line == line_of(CARDS / "spring" / "board_and_deck.yaml", CARD)
    assert "error R106 a game of spring raised KeyError: 'extra_counter': seed 3, after 9 " \
        "actions; 9 of its last 18 actions and log lines name rev-protest-hashtag-trends; " \
        "replay: samizdat simulate spring --bots random,random,random,random --replay 3" \
        in result.stdout


def test_simulate_json_says_it_as_one_document(crashing_on_seed_3: None) -> None:
    result = run_cli("simulate", "spring", "--games", "5", "--format", "json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert [d["code"] for d in report["diagnostics"]] == ["R106"]
    assert report["summary"] == {"errors": 1, "warnings": 0}


def test_the_replay_shows_the_moves_up_to_the_failure(crashing_on_seed_3: None) -> None:
    result = run_cli("simulate", "spring", "--replay", "3")
    assert result.exit_code == 1 and "internal error" not in result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 10 and lines[0].endswith("draws 1, plays again")
    assert lines[-1] == "stopped: game 3 raised KeyError: 'extra_counter' after 9 actions"


def test_sweep_says_it_too(crashing_on_seed_3: None) -> None:
    result = run_cli("sweep", "spring", "--vary", "players=4,5", "--games", "4")
    assert result.exit_code == 1 and "internal error" not in result.output
    assert "error R106 a game of spring raised KeyError" in result.stdout


def test_a_game_that_does_not_end_is_r105_in_simulate(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_engine.spring import simulation

    real = simulation.setup

    def endless(seed: int, **options: Any) -> Any:
        game, bots, summarise = real(seed, **options)
        return (_EndlessGame(), bots, summarise) if seed == 1 else (game, bots, summarise)

    monkeypatch.setattr(simulation, "setup", endless)
    result = run_cli("simulate", "spring", "--games", "2")
    assert result.exit_code == 1 and "internal error" not in result.output
    assert "error R105 a game of spring did not end: seed 1 spent its budget of 200000 " \
        "actions" in result.stdout


def test_diff_says_the_side_whose_game_failed(crashing_on_seed_3: None,
                                              tmp_path: Path) -> None:
    import shutil

    head = tmp_path / "head"
    shutil.copytree(CARDS / "spring", head)
    result = run_cli("diff", str(CARDS / "spring"), str(head), "--games", "10")
    assert result.exit_code == 1 and "internal error" not in result.output
    assert "error R106 a game of spring raised KeyError" in result.stdout
