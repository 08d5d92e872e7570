"""The replay commands that simulated lint findings print: each one, run as printed
from where the lint ran, replays the game of the content the finding came from
(``--content`` for a campaign samizdat does not ship) and shows the same finding in
that game's counters; ``simulate`` refuses a campaign the content lacks."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules_engine.azadi.lint.simulation_runs import manifest_content_option
from tests.conftest import CARDS, run_cli
from tests.test_campaign_repo import CAMPAIGN, scaffold

REPLAY = re.compile(r"replay: (samizdat simulate .*)\)$")
PLANTED_PROBLEM = "a planted invariant: player 1 ends with {} funds"


def plant(folder: Path) -> None:
    """Three mistakes a designer makes, each found only by playing (L712, L711, L714)."""
    path = folder / "tyranny_cards.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    first, second, third = data["tyranny_cards"][:3]
    # L712: a power that answers the eviction it causes
    first["choices"][0]["while_active"].append(
        {"when": {"event": "voter_evicted", "where": {"whose": "imperial"}},
         "do": [{"action": "evict_voters", "count": 1, "whose": "imperial",
                 "majority": False}]})
    # L711: a task the bots come close to and never finish
    second["choices"][1]["task"] = {"event": "monument_contribution"}
    second["choices"][1]["times"] = 8
    # L714: an end-of-turn eviction counting the resources that the Mandate's own
    # end-of-turn discard (Tax Without Representation) changes
    third["choices"][1]["while_active"] = [
        {"when": "end_of_turn",
         "do": [{"action": "evict_voters", "count": {"per_resources_left": 3}}]}]
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def planted_invariant(state: Any) -> list[str]:
    """An invariant every game 'breaks', by a fact of that game: the engine keeps the
    real ones, so L713 is reached through this stand-in (both in the lint's games and
    in the replays, which run in this process)."""
    funds = state.players[0].resources.get("funds", 0)
    return [PLANTED_PROBLEM.format("odd" if funds % 2 else "even")]


def counters(output: str) -> dict[str, int]:
    """The counters a replay prints (``counter KEY: VALUE``)."""
    out = {}
    for line in output.splitlines():
        if line.startswith("counter "):
            key, _, value = line[len("counter "):].rpartition(": ")
            out[key] = int(value)
    return out


def expected_counter(code: str, message: str, command: list[str]) -> tuple[str, int | None]:
    """The counter (and its value, when the finding states one) a finding was read from."""
    if code == "L711":
        card = command[command.index("--tyranny-first") + 1]
        choice = int(command[command.index("--only-choice") + 1]) - 1
        closest = re.search(r"closest: (\d+) of", message)
        assert closest is not None
        return f"task:{card}:{choice}", int(closest.group(1))
    if code == "L712":
        found = re.search(r"powers triggered by '(\w+)' chain deeper .*\(turn (\d+);", message)
        assert found is not None
        return f"loop:{found.group(2)}:{found.group(1)}", None
    if code == "L713":
        found = re.search(r": (.*) at the end of a game \(replay", message)
        assert found is not None
        return f"broken:{found.group(1)}", 1
    assert code == "L714"
    found = re.search(r": (at (.+?)|on each (\w+) event) the order of (.*) changes the game: "
                      r"in that order the player ends with (.*); reversed, with (.*) "
                      r"\(turn (\d+);", message)
    assert found is not None
    window = f"event {found.group(3)}" if found.group(3) else found.group(2).replace(" ", "_")
    return "|".join((f"order:{found.group(7)}", window, *found.group(4, 5, 6))), 1


@pytest.mark.slow
def test_every_replay_command_reaches_its_finding(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_engine.azadi import simulation
    from rules_engine.azadi.lint import simulation_runs

    root = tmp_path / "my-campaigns"
    (root / ".git").mkdir(parents=True)
    plant(scaffold(root / "cards"))
    monkeypatch.chdir(root)
    monkeypatch.setenv("SAMIZDAT_CACHE", str(tmp_path / "cache"))  # games of this test only
    monkeypatch.setattr(simulation, "violations", planted_invariant)
    try:
        result = run_cli("lint", "--format", "json")
        report = json.loads(result.stdout)
        assert result.exit_code == 1
        findings = [(d["code"], d["message"]) for d in report["diagnostics"]
                    if REPLAY.search(d["message"])]
        assert {code for code, _ in findings} == {"L711", "L712", "L713", "L714"}
        for code, message in findings:
            match = REPLAY.search(message)
            assert match is not None
            command = shlex.split(match.group(1))
            assert command[:5] == ["samizdat", "simulate", "azadi", "--content",
                                   f"cards/{CAMPAIGN}"], message
            replayed = run_cli(*command[1:])
            assert replayed.exit_code == 0, (command, replayed.output)
            key, value = expected_counter(code, message, command)
            seen = counters(replayed.stdout)
            if value == 0:
                assert key not in seen, (code, key)
            else:
                assert key in seen, (code, key, sorted(seen))
                assert value is None or seen[key] == value, (code, key, seen[key])
            if code == "L711":      # the replayed game does not complete the task either
                assert "resolved:" + key.split(":", 1)[1] not in seen
    finally:
        simulation_runs.choice_runs.cache_clear()     # games played under the stand-in


def test_replay_content_option_names_only_campaigns_samizdat_does_not_ship(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = CARDS / "azadi" / "campaigns" / "mars-1-ae" / "campaign.yaml"
    assert manifest_content_option(str(shipped)) == ""
    assert manifest_content_option("") == ""
    monkeypatch.chdir(tmp_path)     # findings show files relative to where the lint ran
    assert manifest_content_option("cards/my-revolt/campaign.yaml") == " --content cards/my-revolt"
    assert manifest_content_option("campaign.yaml") == " --content ."
    assert manifest_content_option(f"{tmp_path}/my campaigns/x/campaign.yaml") == \
        f" --content '{tmp_path}/my campaigns/x'"


def test_replay_of_a_scaffolded_campaign_names_its_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from compiler.frontend.validate import validate
    from rules_engine.azadi.lint.simulation_runs import ChoiceRuns

    folder = scaffold(tmp_path / "cards")
    monkeypatch.chdir(tmp_path)
    (campaign,) = validate([Path("cards") / CAMPAIGN]).models["azadi"].campaigns
    runs = ChoiceRuns(campaign, campaign.tyranny_cards[1], 1, ())
    command = runs.replay(3)
    assert command == (f"samizdat simulate azadi --content cards/{CAMPAIGN} --campaign "
                       f"{CAMPAIGN} --seat-of-power --bots greedy,greedy,greedy,greedy "
                       f"--tyranny-first {CAMPAIGN}-tyranny-02 --only-choice 2 --replay 3")
    replayed = run_cli(*shlex.split(command)[1:])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout.splitlines()[-1].startswith("end: ")
    assert f"Tyranny card '{campaign.tyranny_cards[1].title}'" in replayed.stdout
    assert folder.is_dir()


def test_simulate_refuses_a_campaign_the_content_lacks(tmp_path: Path) -> None:
    result = run_cli("simulate", "azadi", "--campaign", "no-such-id", "--games", "1")
    assert result.exit_code == 2
    assert "Invalid value for --campaign: no campaign 'no-such-id'; known: " \
        "american-revolution-1776," in result.stderr
    folder = scaffold(tmp_path)
    result = run_cli("simulate", "azadi", "--content", str(folder), "--campaign",
                     "mars-1-ae", "--games", "1")
    assert result.exit_code == 2
    assert f"no campaign 'mars-1-ae'; known: {CAMPAIGN}" in result.stderr


@pytest.mark.parametrize(("game", "field", "old", "new", "code", "games"), [
    ("san", "corruption_spaces:", "value: 6", "value: 1", "L811", "40"),
    ("spring", "max_turns:", "value: 400", "value: 5", "L911", "10")])
def test_san_and_spring_replays_name_a_copied_game_folder(
        cards: Path, monkeypatch: pytest.MonkeyPatch, game: str, field: str, old: str,
        new: str, code: str, games: str) -> None:
    manifest = cards / game / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    start = text.index(field)
    manifest.write_text(text[:start] + text[start:].replace(old, new, 1), encoding="utf-8")
    monkeypatch.chdir(cards.parent)
    result = run_cli("lint", "--format", "json", f"cards/{game}", "--games", games,
                     "--select", code)
    (finding,) = json.loads(result.stdout)["diagnostics"]
    match = REPLAY.search(finding["message"])
    assert finding["code"] == code and match is not None
    command = shlex.split(match.group(1))
    assert command[:5] == ["samizdat", "simulate", game, "--content", f"cards/{game}"]
    replayed = run_cli(*command[1:])
    assert replayed.exit_code == 0, replayed.output
    end = replayed.stdout.splitlines()[-1]
    if code == "L811":      # the corruption bot (Moon) does not win by corruption there
        assert not end.startswith("end: corruption; returns [1.0")
    else:                   # the game stalls: no overthrow ends it
        assert end.startswith("end: ") and not end.startswith("end: overthrows")
