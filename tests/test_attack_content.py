"""Hostile content, safe runs (issue 16): what a stranger's campaign or game folder can
put in its YAML must end ``validate``, ``lint`` and ``simulate`` with a located
diagnostic and exit 1 — never a traceback, a hang or a crash inside an engine."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import CARDS, edit, line_of, run_cli, triples, validate_json


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


# --- lint plays only content that validates ----------------------------------------------

def _campaign_copy(tmp_path: Path, name: str = "mars-1-ae") -> Path:
    """A copy of a shipped campaign in a folder outside the repository."""
    target = tmp_path / name
    shutil.copytree(CARDS / "azadi" / "campaigns" / name, target)
    return target


@pytest.mark.parametrize(("file", "old", "new"), [
    ("tyranny_cards.yaml", "    order: 1\n", "    order: 99\n"),      # KeyError: 99
    ("campaign.yaml", "mandate: the-path-of-oneness", "mandate: nope"),  # StopIteration
])
def test_lint_does_not_play_content_with_errors_and_says_so(
        tmp_path: Path, file: str, old: str, new: str) -> None:
    campaign = _campaign_copy(tmp_path)
    edit(campaign / file, old, new)
    line = line_of(campaign / file, new.strip())
    result = run_cli("lint", "--games", "2", "--format", "json", "--select", "M",
                     str(campaign))
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    located = {(d["code"], Path(d["file"]).name) for d in report["diagnostics"]}
    assert located == {("M402", file), ("R103", "campaign.yaml")}   # at the campaign's
    assert [d["line"] for d in report["diagnostics"] if d["code"] == "M402"] == [line]
    (not_run,) = [d for d in report["diagnostics"] if d["code"] == "R103"]   # manifest
    assert not_run["severity"] == "warning"
    assert "L711 task-never-completed" in not_run["message"]


# --- text: no control characters, no bidirectional overrides ---------------------------

@pytest.mark.parametrize(("written", "character"), [
    ('"1\\0AE"', "U+0000"),              # NUL through an escape
    ('"1 \\x1b[2J AE"', "U+001B"),       # a terminal escape
    ('"1 \\r AE"', "U+000D"),
    ('"1 \\x85 AE"', "U+0085"),          # a C1 control
    ('"1 \u202e EA"', "U+202E"),         # right-to-left override, written as is
    ('"1 \\u2066 AE"', "U+2066"),        # left-to-right isolate
])
def test_a_hidden_character_in_text_is_an_error_at_the_value(
        tmp_path: Path, written: str, character: str) -> None:
    campaign = _campaign_copy(tmp_path)
    edit(campaign / "campaign.yaml", 'year: "1 AE"', f"year: {written}")
    status, report = validate_json(campaign)
    assert status == 1
    assert triples(report, tmp_path) == [("Y121", "mars-1-ae/campaign.yaml", 7, 9)]
    assert character in report["diagnostics"][0]["message"]


def test_joiners_marks_and_combining_characters_stay_allowed(tmp_path: Path) -> None:
    campaign = _campaign_copy(tmp_path)
    edit(campaign / "campaign.yaml", 'name: "Mars 1 AE (After Earth)"',
         'name: "Mars \u200d\u200f e\u0301\u0301 \u0915\u094d\u200d\u0937 AE"')
    status, report = validate_json(campaign)
    assert (status, report["summary"]["errors"]) == (0, 0)


# --- engines: schema-valid extremes are played, not crashed on ---------------------------

def test_an_entry_price_of_more_voters_than_a_player_has_is_refused_not_crashed_on(
        tmp_path: Path) -> None:
    game = _game_copy(tmp_path, "azadi")
    edit(game / "imperial_orders.yaml", "{place_voter_in_zone: {discard_own_voters: 1}}",
         "{place_voter_in_zone: {discard_own_voters: 12}}")
    status, _ = validate_json(game)
    assert status == 0                  # the schema allows up to 12
    result = run_cli("lint", "--games", "2", "--format", "json",
                     str(game / "campaigns" / "mars-1-ae"))
    assert result.exit_code in (0, 1), result.output   # was 2: StopIteration in the engine
    assert "internal error" not in result.output
    report = json.loads(result.stdout)
    assert not [d for d in report["diagnostics"] if d["code"].startswith("R")]


# --- lint settings and baselines ----------------------------------------------------------

@pytest.mark.parametrize(("text", "said"), [
    ("a = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply"),   # RecursionError
    ("[tool]\nsamizdat = 5\n", "tool.samizdat: expected a table"),      # TypeError
    ('[[tool.samizdat]]\nselect = ["L7"]\n', "tool.samizdat: expected a table"),
])
def test_a_settings_file_samizdat_cannot_use_is_c101(tmp_path: Path, text: str,
                                                     said: str) -> None:
    campaign = _campaign_copy(tmp_path)
    settings = tmp_path / "samizdat.toml"
    settings.write_text(text, encoding="utf-8")
    result = run_cli("lint", "--fast", "--config", str(settings), str(campaign))
    assert result.exit_code == 2
    assert "error C101" in result.output and said in result.output
    assert "internal error" not in result.output


def test_a_baseline_nested_thousands_deep_is_c102(tmp_path: Path) -> None:
    campaign = _campaign_copy(tmp_path)
    baseline = tmp_path / "baseline.json"
    baseline.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = run_cli("lint", "--fast", "--baseline", str(baseline), str(campaign))
    assert result.exit_code == 2
    assert "error C102" in result.output and "nested too deeply" in result.output


@pytest.mark.parametrize(("field", "value"), [("copies", "2.0"), ("copies", "3e0")])
def test_a_count_written_as_a_float_is_refused_at_the_value(tmp_path: Path, field: str,
                                                            value: str) -> None:
    """JSON Schema takes 2.0 for an integer; the counts then took it for one copy (N501
    at the manifest) and a build printed 2.0. A whole number must be written as one."""
    game = tmp_path / "san"
    shutil.copytree(CARDS / "san", game)
    deck = game / "cards.yaml"
    text = deck.read_text()
    assert f"    {field}: 2\n" in text
    deck.write_text(text.replace(f"    {field}: 2\n", f"    {field}: {value}\n", 1))
    result = run_cli("validate", "--format", "json", str(game))
    report = json.loads(result.stdout)
    assert result.exit_code == 1
    first = report["diagnostics"][0]
    assert (first["code"], first["line"], first["column"]) == (
        "S302", line_of(deck, f"{field}: {value}"), 13)
    assert first["message"].endswith(f"expected an integer, got a number {float(value)}")
