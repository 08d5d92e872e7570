"""Hostile content, safe runs (issue 16): what a stranger's campaign or game folder can
put in its YAML must end ``validate``, ``lint`` and ``simulate`` with a located
diagnostic and exit 1 — never a traceback, a hang or a crash inside an engine."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import CARDS, run_cli, triples, validate_json


def _game_copy(tmp_path: Path, game: str) -> Path:
    target = tmp_path / game
    shutil.copytree(CARDS / game, target)
    return target


def _set_parameter(game_yaml: Path, name: str, value: str) -> int:
    """Write ``value`` (YAML text) as parameter ``name``'s value; returns its line."""
    lines = game_yaml.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(n for n, line in enumerate(lines) if line.strip() == f"{name}:")
    at = next(n for n in range(start + 1, len(lines)) if lines[n].lstrip().startswith("value:"))
    indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
    lines[at] = f"{indent}value: {value}\n"
    game_yaml.write_text("".join(lines), encoding="utf-8")
    return at + 1


# --- game parameters: typed and bounded by each game's manifest schema -----------------

PARAMETERS = [  # game, parameter, value written, expected code
    ("san", "hand_size", "abc", "S302"),                 # int("abc") in the engine
    ("san", "hand_size", "1000000000000", "S305"),       # a hand of 10^12 cards: MemoryError
    ("san", "river_size", "[1, 2]", "S302"),
    ("spring", "die_sides", "0", "S305"),                # randint(1, 0)
    ("spring", "max_turns", "null", "S302"),
    ("azadi", "resource_cap", "{cap: 1}", "S302"),
    ("azadi", "order_infamy", "-3", "S305"),
]


@pytest.mark.parametrize(("game", "name", "value", "code"), PARAMETERS)
def test_a_parameter_the_engine_reads_is_checked_where_it_is_written(
        tmp_path: Path, game: str, name: str, value: str, code: str) -> None:
    folder = _game_copy(tmp_path, game)
    line = _set_parameter(folder / "game.yaml", name, value)
    status, report = validate_json(folder)
    assert status == 1
    found = [t for t in triples(report, folder) if t[0].startswith("S")]
    assert found == [(code, "game.yaml", line, 14)]
    assert f"parameters.{name}.value" in report["diagnostics"][0]["message"]


@pytest.mark.parametrize(("game", "name", "value", "code"), PARAMETERS[:4])
def test_simulate_and_lint_refuse_a_bad_parameter_with_the_diagnostic(
        tmp_path: Path, game: str, name: str, value: str, code: str) -> None:
    folder = _game_copy(tmp_path, game)
    _set_parameter(folder / "game.yaml", name, value)
    bots = {"san": "random,random", "spring": "random,random,random"}[game]
    simulated = run_cli("simulate", game, "--content", str(folder), "--games", "2",
                        "--bots", bots)
    assert simulated.exit_code == 1
    assert f"error {code} game.parameters.{name}.value" in simulated.output
    linted = run_cli("lint", "--games", "2", "--format", "json", str(folder))
    assert linted.exit_code == 1
    codes = [d["code"] for d in json.loads(linted.stdout)["diagnostics"]
             if d["severity"] == "error"]
    assert code in codes


def test_the_shipped_parameters_pass_their_schemas() -> None:
    status, report = validate_json(CARDS)
    assert status == 0 and report["summary"]["errors"] == 0
