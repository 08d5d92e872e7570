"""`samizdat sweep`: the grid of --vary settings, its usage errors (said before a game
is played), each cell playing exactly what `samizdat simulate` plays with the same
settings and seed, --until-ci rounds and the --max-games cap, a sweep stopped
between games written as a partial table, and the JSON, CSV and HTML it writes
(byte-identical for the same seed, in agreement, hostile titles escaped)."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from compiler.frontend.validate import validate
from compiler.pipeline import sweep, sweep_grid, sweep_rounds, sweep_table
from compiler.pipeline.simulate import game_spec
from compiler.pipeline.sweep_rounds import Plan
from compiler.stats.measures import Estimate
from rules_engine.core.simulate import Stop
from tests.conftest import CARDS, REPO, edit, run_cli


def _sweep(*args: str) -> Any:
    result = run_cli("sweep", *args, "--format", "json", "--quiet")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _simulate(*args: str) -> Any:
    result = run_cli("simulate", *args, "--format", "json", "--quiet")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _figures(cell: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {e["id"]: e for e in cell["estimates"]}


# --- the grid -----------------------------------------------------------------------

def test_the_grid_is_the_product_of_the_axes(shipped_models: dict[str, Any]) -> None:
    model = shipped_models["azadi"]
    axes = sweep_grid.axes(["difficulty=all", "players=2..5", "campaign=all"], "azadi",
                           game_spec("azadi"), model)
    assert [a.name for a in axes] == ["difficulty", "players", "campaign"]
    assert axes[0].values == ("easy", "medium", "hard")
    assert axes[1].values == (2, 3, 4, 5)
    assert axes[2].values == tuple(c.id for c in model.campaigns)
    assert len(model.campaigns) >= 2
    found = sweep_grid.cells(axes)
    assert len(found) == 3 * 4 * len(model.campaigns)
    assert found[0] == (("difficulty", "easy"), ("players", 2),
                        ("campaign", model.campaigns[0].id))
    assert found[1][2] == ("campaign", model.campaigns[1].id)      # the last axis fastest
    assert sweep_grid.label(found[0]) == \
        f"difficulty=easy, players=2, campaign={model.campaigns[0].id}"


def test_values_lists_ranges_and_all(shipped_models: dict[str, Any]) -> None:
    def values(game: str, text: str) -> tuple[Any, ...]:
        return sweep_grid.axes([text], game, game_spec(game), shipped_models[game])[0].values

    assert values("azadi", "max-turns=5,10..12,40") == (5, 10, 11, 12, 40)
    assert values("azadi", "seat_of_power=all") == (False, True)
    assert values("azadi", "seat-of-power=yes,no") == (True, False)
    assert values("azadi", "bots=greedy,best") == ("greedy", "best")
    assert values("spring", "players=all") == (2, 3, 4, 5, 6)
    assert values("san", "players=all") == (2,)


ERRORS = [
    (["--vary", "colour=red"], "--vary", "azadi has no setting 'colour'; expected one of: "
     "players, bots, difficulty, campaign, seat-of-power"),
    (["--vary", "difficulty"], "--vary", "'difficulty': expected NAME=VALUES, e.g. "
     "players=2..5"),
    (["--vary", "players="], "--vary", "players: no values; expected a comma list, A..B "
     "or all"),
    (["--vary", "difficulty=easy,,hard"], "--vary", "difficulty: an empty value in "
     "'easy,,hard'"),
    (["--vary", "players=5..2"], "--vary", "players: bad range '5..2'; expected A..B, "
     "whole numbers with A <= B"),
    (["--vary", "players=2..x"], "--vary", "players: bad range '2..x'"),
    (["--vary", "players=two"], "--vary", "players: 'two' is not a whole number"),
    (["--vary", "players=1..3"], "--vary", "players: 1 is outside 2..8"),
    (["--vary", "difficulty=easy..hard"], "--vary", "difficulty: 'easy..hard' is a range, "
     "and difficulty is not a whole number"),
    (["--vary", "difficulty=extreme"], "--vary", "difficulty: 'extreme' is not one of "
     "easy, medium, hard (or all)"),
    (["--vary", "difficulty=easy,all"], "--vary", "difficulty: all stands alone"),
    (["--vary", "difficulty=easy,easy"], "--vary", "difficulty: easy is given twice"),
    (["--vary", "max_turns=all"], "--vary", "max_turns: all needs a list of choices and "
     "max_turns has none; give its values"),
    (["--vary", "players=2", "--vary", "players=3"], "--vary", "players is varied twice"),
    (["--vary", "players=2..6"], "--vary", "players=6: azadi takes 2 to 5 seats of: "),
    (["--vary", "bots=greedy,nobody"], "--vary", "bots=nobody: azadi takes 2 to 5 seats"),
    (["--vary", "campaign=atlantis"], "--vary", "campaign=atlantis: no campaign "
     "'atlantis'; known: american-revolution-1776"),
    (["--vary", "campaign=all", "--campaign", "mars-1-ae"], "--vary",
     "campaign is both varied and set with --campaign: give one"),
    (["--difficulty", "all"], "--difficulty", "difficulty all plays each of its values in "
     "turn; a sweep plays one value a cell: --vary difficulty=all"),
    (["--max-games", "10"], "--max-games", "--max-games bounds the rounds of --until-ci; "
     "give --until-ci too"),
    (["--bots", "greedy,greedy", "--vary", "players=2..3"], "--bots",
     "--bots names 2 seats and players=3: give one bot name, which fills every seat"),
]


@pytest.mark.parametrize(("args", "option", "message"), ERRORS)
def test_usage_errors_name_the_option_before_a_game_is_played(
        args: list[str], option: str, message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_games(*_: Any) -> Any:
        raise AssertionError("a game was played")

    monkeypatch.setattr(sweep.sweep_rounds, "play", no_games)
    result = run_cli("sweep", "azadi", "--games", "2", "--quiet", *args)
    assert result.exit_code == 2, result.output
    assert f"Error: Invalid value for {option}: {message}" in result.output


# --- what a cell plays ------------------------------------------------------------------

def test_each_cell_plays_what_simulate_plays() -> None:
    table = _sweep("azadi", "--vary", "difficulty=easy,hard", "--vary", "players=2,4",
                   "--bots", "greedy", "--games", "6", "--seed", "5")
    assert [c["settings"] for c in table["cells"]] == [
        {"difficulty": d, "players": p} for d in ("easy", "hard") for p in (2, 4)]
    for cell in table["cells"]:
        settings = cell["settings"]
        report = _simulate("azadi", "--difficulty", settings["difficulty"], "--players",
                           str(settings["players"]), "--bots", "greedy", "--games", "6",
                           "--seed", "5")
        found = _figures(cell)
        assert cell["games"] == report["games"] == 6
        assert round(found["azadi_rate"]["value"], 4) == report["azadi_rate"]
        assert round(found["length"]["value"], 2) == report["mean_turns"]
        assert round(found["draw_rate"]["value"], 4) == report["draw_rate"]
        assert [round(found[f"win_rate:P{i + 1}"]["value"], 4)
                for i in range(settings["players"])] == report["win_rate_by_seat"]
        if found["first_player_win_rate"]["n"]:
            assert round(found["first_player_win_rate"]["value"], 4) == \
                report["first_player_win_rate"]


def test_cells_of_campaigns_and_bots_play_what_simulate_plays(
        shipped_models: dict[str, Any]) -> None:
    table = _sweep("azadi", "--vary", "campaign=all", "--vary", "bots=random,greedy",
                   "--games", "4", "--seed", "2")
    campaigns = [c.id for c in shipped_models["azadi"].campaigns]
    assert [c["settings"]["campaign"] for c in table["cells"]] == \
        [c for c in campaigns for _ in range(2)]
    for cell in table["cells"][:4]:
        report = _simulate("azadi", "--campaign", cell["settings"]["campaign"], "--bots",
                           cell["settings"]["bots"], "--games", "4", "--seed", "2")
        assert round(_figures(cell)["length"]["value"], 2) == report["mean_turns"]
        assert report["campaign"] == cell["settings"]["campaign"]
    # each campaign's own cards are tracked
    first = {e["id"] for e in table["cells"][0]["estimates"]}
    last = {e["id"] for e in table["cells"][-1]["estimates"]}
    assert first != last


def test_every_cell_plays_the_same_seeds() -> None:
    table = _sweep("san", "--vary", "first-game=false,true", "--games", "8", "--seed", "40")
    plain = _sweep("san", "--games", "8", "--seed", "40")
    assert plain["cells"][0]["settings"] == {}
    assert plain["cells"][0]["estimates"] == table["cells"][0]["estimates"]
    assert table["cells"][0]["estimates"] != table["cells"][1]["estimates"]


# --- the outputs --------------------------------------------------------------------

def test_same_seed_same_bytes_and_no_paths(tmp_path: Path) -> None:
    outputs = []
    for name in ("one", "two"):
        folder = tmp_path / name
        result = run_cli("sweep", "spring", "--vary", "players=2..3", "--games", "5",
                         "--seed", "9", "--content", str(CARDS / "spring"), "--out",
                         str(folder), "--quiet")
        assert result.exit_code == 0, result.output
        assert sorted(p.name for p in folder.iterdir()) == [
            "spring-sweep.csv", "spring-sweep.html", "spring-sweep.json"]
        outputs.append({p.name: p.read_bytes() for p in folder.iterdir()})
    assert outputs[0] == outputs[1]
    for data in outputs[0].values():
        assert str(REPO).encode() not in data and str(tmp_path).encode() not in data
    table = json.loads(outputs[0]["spring-sweep.json"])
    located = [e["location"] for c in table["cells"] for e in c["estimates"]
               if "location" in e]
    assert located and all(loc.startswith("board_and_deck.yaml:") for loc in located)


def test_csv_and_json_agree(tmp_path: Path) -> None:
    result = run_cli("sweep", "spring", "--vary", "players=2,4", "--games", "4", "--out",
                     str(tmp_path), "--quiet")
    assert result.exit_code == 0, result.output
    table = json.loads((tmp_path / "spring-sweep.json").read_text())
    rows = list(csv.DictReader(io.StringIO((tmp_path / "spring-sweep.csv").read_text())))
    expected = [(cell["settings"], e) for cell in table["cells"] for e in cell["estimates"]]
    assert len(rows) == len(expected) > 0
    assert list(rows[0]) == ["players", *sweep_table.COLUMNS]
    for row, (settings, estimate) in zip(rows, expected, strict=True):
        assert int(row["players"]) == settings["players"]
        for column in ("id", "metric", "item", "kind"):
            assert row[column] == estimate[column]
        for column in ("value", "low", "high"):
            assert float(row[column]) == estimate[column]
        assert int(row["n"]) == estimate["n"]
        assert row["count"] == ("" if estimate.get("count") is None
                                else str(estimate["count"]))


def test_text_output_is_a_table_per_cell() -> None:
    result = run_cli("sweep", "san", "--vary", "first-game=all", "--games", "5", "--quiet")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "san sweep: 2 cells, 5 games a round from seed 0, bots random"
    assert "first_game=False: 5 games" in lines and "first_game=True: 5 games" in lines
    assert any(line.endswith("  win rate Moon") and "[" in line for line in lines)
    assert any(line.endswith("  game length") for line in lines)


def test_html_charts_and_escapes_hostile_titles(cards: Path, tmp_path: Path) -> None:
    edit(cards / "spring" / "board_and_deck.yaml", "name: Tunisia",
         "name: \"=1+2<script>alert(1)</script>\"")
    out = tmp_path / "out"
    result = run_cli("sweep", "spring", "--content", str(cards / "spring"), "--vary",
                     "players=2,3", "--games", "4", "--out", str(out), "--quiet")
    assert result.exit_code == 0, result.output
    page = (out / "spring-sweep.html").read_text(encoding="utf-8")
    assert "<script" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert page.count("<svg") == 3 and page.count("<circle") == 3 * 2
    for chart in ("Win rate of the first seat", "Game length (turns)",
                  "First player win rate (decided games)"):
        assert f"<h2>{chart}</h2><svg" in page
    for family in ("Seat advantage", "Game length", "Overthrown"):
        assert f"<h2>{family}</h2><table>" in page
    assert "src=" not in page and "href=" not in page and "@import" not in page
    rows = list(csv.reader(io.StringIO((out / "spring-sweep.csv").read_text())))
    assert rows[1 + 5][:4] == ["2", "overthrown:overthrown:tunisia", "overthrown",
            "'=1+2<script>alert(1)</script>"]


def test_the_headline_chart_is_the_games_own_figure(tmp_path: Path) -> None:
    result = run_cli("sweep", "azadi", "--bots", "greedy", "--vary", "difficulty=all",
                     "--games", "3", "--out", str(tmp_path), "--quiet")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "azadi-sweep.html").read_text(encoding="utf-8")
    assert "<h2>Azadi rate</h2><svg" in page and "<h2>Use</h2><table>" in page
    table = json.loads((tmp_path / "azadi-sweep.json").read_text())
    decided = [_figures(c)["first_player_win_rate"]["n"] for c in table["cells"]]
    # a dot per cell in the azadi rate and length charts; the first player's win rate
    # only where a game was decided (else "none to count")
    assert page.count("<circle") == 3 + 3 + sum(1 for n in decided if n)
    assert page.count(">none to count (n = 0)</text>") == decided.count(0)


# --- rounds until the intervals are narrow ----------------------------------------------------

def test_until_ci_plays_rounds_until_every_interval_is_narrow() -> None:
    width, games = 0.2, 10
    table = _sweep("san", "--vary", "first-game=all", "--games", str(games),
                   "--until-ci", str(width))
    assert table["until_ci"] == width and table["max_games"] == sweep.MAX_GAMES
    for cell in table["cells"]:
        assert cell["narrow"] is True and cell["capped"] is False and not cell["too_wide"]
        assert cell["games"] > games and cell["games"] == cell["rounds"] * games
        for e in cell["estimates"]:
            limit = width if e["kind"] == "rate" else width * e["value"]
            assert (e["high"] - e["low"]) / 2 <= limit + 1e-6, e
        # one round fewer was not narrow: the rounds stop at the first narrow one
        flag = ["--first-game"] if cell["settings"]["first_game"] else []
        fewer = _sweep("san", *flag, "--games", str(cell["games"] - games))
        estimates = [Estimate(**{k: v for k, v in e.items() if k != "location"})
                     for e in fewer["cells"][0]["estimates"]]
        assert not sweep_rounds.narrow(estimates, width)


def test_narrow_holds_a_rate_to_the_width_and_the_length_to_its_share() -> None:
    rate = Estimate("r", "use", "x", "rate", 0.5, 0.41, 0.59, 100, 50)
    length = Estimate("length", "game length", "", "mean", 100.0, 91.0, 109.0, 100)
    assert sweep_rounds.narrow([rate, length], 0.1)
    assert not sweep_rounds.narrow([rate, length], 0.08)
    assert not sweep_rounds.narrow([rate], 0.089)
    unbounded = Estimate("length", "game length", "", "mean", 3.0, None, None, 1)
    assert not sweep_rounds.narrow([unbounded], 1.0)


def test_max_games_caps_every_cell() -> None:
    result = run_cli("sweep", "spring", "--vary", "players=2,3", "--games", "10",
                     "--until-ci", "0.01", "--max-games", "15", "--format", "json", "--quiet")
    assert result.exit_code == 0, result.output
    table = json.loads(result.stdout)
    assert table["max_games"] == 15
    for cell in table["cells"]:
        assert (cell["games"], cell["rounds"]) == (15, 2)
        assert cell["narrow"] is False and cell["capped"] is True
        assert "win_rate:P1" in cell["too_wide"] and "length" in cell["too_wide"]
    assert "samizdat: 2 of 2 cells reached --max-games 15 before every interval was " \
        "within +-0.01: players=2 (win_rate:P1, win_rate:P2, " in result.stderr


# --- stopped between games -------------------------------------------------------------

class _StopsAfter:
    """A progress whose stages request ``stop`` once ``games`` games are done."""

    def __init__(self, stop: Stop, games: int) -> None:
        self.stop, self.games, self.done = stop, games, 0

    def stage(self, label: str, total: int | None = None) -> Any:
        return self

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def advance(self, done: int = 1, item: str = "") -> None:
        self.done += done
        if self.done >= self.games:
            self.stop.request()


def test_a_stop_after_k_games_gives_a_partial_table() -> None:
    request = sweep.Request("spring", ("players=2..5",), games=4, seed=0, quiet=True)
    spec = game_spec("spring")
    model = validate([CARDS / "spring"]).models["spring"]
    axes = sweep_grid.axes(request.vary, "spring", spec, model)
    cells = [sweep.prepare(request, spec, model, s) for s in sweep_grid.cells(axes)]
    stop = Stop()
    played = sweep_rounds.play(cells, Plan(4, 0), stop, None, _StopsAfter(stop, 6), "spring")
    assert (played.games, played.stopped) == (6, "interrupted")
    table = sweep_table.document(sweep.header(request, spec, axes, Plan(4, 0)), cells,
                                 played, CARDS / "spring")
    assert table["partial"] is True and table["stopped_by"] == "interrupted"
    assert [(c["games"], c["status"]) for c in table["cells"]] == [
        (4, "played"), (2, "cut short"), (0, "not played"), (0, "not played")]
    assert table["cells"][2]["estimates"] == []
    whole = _sweep("spring", "--vary", "players=2", "--games", "4")
    assert table["cells"][0]["estimates"] == whole["cells"][0]["estimates"]
    rows = sweep_table.to_csv(table)
    assert "\n2," in rows and "\n3," in rows and "\n4," not in rows and "\n5," not in rows
    assert "  partial (interrupted): 6 games played" in sweep_table.text_lines(table)


def test_a_time_budget_spent_writes_a_partial_table(tmp_path: Path) -> None:
    result = run_cli("sweep", "spring", "--vary", "players=2,3", "--games", "1000",
                     "--time-budget", "0.000001", "--out", str(tmp_path), "--quiet")
    assert result.exit_code == 0, result.output
    table = json.loads((tmp_path / "spring-sweep.json").read_text())
    assert table["partial"] is True and table["stopped_by"] == "time budget"
    assert table["games"] == 0
    assert [c["status"] for c in table["cells"]] == ["not played", "not played"]
    assert "samizdat: time budget: the table covers the 0 games finished; 2 cells not " \
        "played" in result.stderr


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="needs SIGINT")
def test_ctrl_c_writes_the_table_of_the_games_played(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    process = subprocess.Popen(
        [sys.executable, "-m", "compiler", "sweep", "spring", "--vary", "players=2,3",
         "--games", "10000000", "--format", "json", "--out", str(tmp_path)], cwd=REPO,
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(3)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err.decode()
    assert b"Traceback" not in err
    table = json.loads(out)
    assert table["partial"] is True and table["stopped_by"] == "interrupted"
    assert [c["status"] for c in table["cells"]] == ["cut short", "not played"]
    assert 0 < table["cells"][0]["games"] == table["games"] < 10_000_000
    assert json.loads((tmp_path / "spring-sweep.json").read_text()) == table


# --- on a cluster ---------------------------------------------------------------------

def test_dask_gives_the_table_of_one_process() -> None:
    pytest.importorskip("distributed", reason="pip install 'samizdat[dask]'")
    args = ("spring", "--vary", "players=2,3", "--games", "60", "--seed", "4",
            "--until-ci", "0.1", "--max-games", "150")
    local = _sweep(*args)
    on_dask = _sweep(*args, "--executor", "dask", "--workers", "2")
    assert local == on_dask and local["games"] > 120
