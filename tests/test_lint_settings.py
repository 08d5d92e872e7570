"""Lint settings from samizdat.toml / pyproject.toml, baselines, and the campaign
scaffold of `samizdat new campaign`."""

from __future__ import annotations

import json
import os
import shlex
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import edit, line_of, run_cli

MAIDAAN_EDIT = ("Evict or move 2 voters", "Evict or move 3 voters")
MANDATES = ("tax-without-representation", "divide-and-rule", "patrimonialism",
            "state-of-emergency", "the-path-of-oneness", "feudal-law", "divine-right",
            "unlawful-assembly")


def lint_json(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli("lint", "--fast", "--format", "json", *args)
    return result.exit_code, json.loads(result.stdout)


@pytest.fixture
def drifted(cards: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of cards/ with one L705 finding in maidaan.yaml, as the working folder."""
    edit(cards / "azadi" / "maidaan.yaml", *MAIDAAN_EDIT)
    monkeypatch.chdir(cards.parent)
    return cards


def test_per_path_ignores_in_samizdat_toml(drifted: Path) -> None:
    settings = drifted.parent / "samizdat.toml"
    settings.write_text('[per-path-ignores]\n"cards/azadi/campaigns/*" = ["L705"]\n')
    code, report = lint_json("cards/azadi")
    assert [d["code"] for d in report["diagnostics"]] == ["L705"]
    settings.write_text('[per-path-ignores]\n"cards/azadi/maidaan.yaml" = ["L7"]\n')
    code, report = lint_json("cards/azadi")
    assert code == 0 and report["diagnostics"] == []
    assert report["summary"]["suppressed"] == 1


def test_pyproject_tool_section_and_nearest_file(drifted: Path) -> None:
    (drifted.parent / "pyproject.toml").write_text(
        '[project]\nname = "my-campaigns"\n\n[tool.samizdat]\nignore = ["l705"]\n')
    assert lint_json("cards/azadi")[1]["diagnostics"] == []
    # a pyproject.toml without [tool.samizdat] nearer to the working folder is skipped
    (drifted / "pyproject.toml").write_text('[project]\nname = "inner"\n')
    os.chdir(drifted)
    assert lint_json("azadi")[1]["diagnostics"] == []
    # a samizdat.toml nearer wins
    (drifted / "samizdat.toml").write_text("select = []\n")
    assert [d["code"] for d in lint_json("azadi")[1]["diagnostics"]] == ["L705"]


def test_bad_settings_file_is_a_precise_error(drifted: Path) -> None:
    settings = drifted.parent / "samizdat.toml"
    settings.write_text('ignore = "L705"\n')
    result = run_cli("lint", "--fast", "cards/azadi")
    assert result.exit_code == 2
    assert result.stderr.strip() == ("samizdat.toml: error C101 ignore: expected a list of "
                                     "code prefixes such as [\"L705\"], got 'L705'")
    settings.write_text("ignored = []\n")
    assert "unknown setting 'ignored'" in run_cli("lint", "--fast", "cards/azadi").stderr
    settings.write_text("select = [\"L7\" \"L8\"]\n")
    result = run_cli("lint", "--fast", "cards/azadi")
    assert result.exit_code == 2
    assert result.stderr.startswith("samizdat.toml:1:16: error C101 not valid TOML: Unclosed array")
    missing = run_cli("lint", "--fast", "--config", "nowhere.toml", "cards/azadi")
    assert missing.exit_code == 2 and "nowhere.toml: error C101 cannot read" in missing.stderr


def test_baseline_accepts_existing_findings_only(drifted: Path) -> None:
    baseline = drifted.parent / "lint-baseline.json"
    result = run_cli("lint", "--fast", "--baseline", str(baseline), "--write-baseline",
                     "cards/azadi")
    assert result.exit_code == 0
    written = json.loads(baseline.read_text())
    maidaan = "cards/azadi/maidaan.yaml"
    assert written["version"] == 1
    assert [(f["code"], f["file"]) for f in written["findings"]] == [("L705", maidaan)]
    code, report = lint_json("--baseline", str(baseline), "cards/azadi")
    assert code == 0 and report["diagnostics"] == [] and report["summary"]["baselined"] == 1
    # a finding the baseline does not list is still reported, at its exact place
    campaigns = drifted / "azadi" / "campaigns" / "mars-1-ae" / "tyranny_cards.yaml"
    text = campaigns.read_text()
    first = next(n for n, line in enumerate(text.splitlines(), start=1)
                 if line.strip().startswith("task:"))
    lines = text.splitlines()
    indent = lines[first - 1][:len(lines[first - 1]) - len(lines[first - 1].lstrip())]
    lines[first - 1] = f"{indent}task: {{event: trade}}"
    campaigns.write_text("\n".join(lines) + "\n")
    code, report = lint_json("--baseline", str(baseline), "cards/azadi")
    assert [(d["code"], d["line"]) for d in report["diagnostics"]] == [("L701", first)]
    # the settings file may name the baseline; writing it twice gives the same bytes
    (drifted.parent / "samizdat.toml").write_text('baseline = "lint-baseline.json"\n')
    run_cli("lint", "--fast", "--write-baseline", "cards/azadi")
    once = baseline.read_bytes()
    run_cli("lint", "--fast", "--write-baseline", "cards/azadi")
    assert len(json.loads(once)["findings"]) == 2 and baseline.read_bytes() == once
    assert sorted(p.name for p in drifted.parent.iterdir()) == [
        "cards", "lint-baseline.json", "samizdat.toml"]
    assert lint_json("cards/azadi")[0] == 0


def test_bad_baseline_and_missing_file_name(drifted: Path) -> None:
    baseline = drifted.parent / "b.json"
    baseline.write_text('{"findings": []}')
    result = run_cli("lint", "--fast", "--baseline", "b.json", "cards/azadi")
    assert result.exit_code == 2
    assert result.stderr.startswith("b.json: error C102 expected a samizdat baseline")
    baseline.write_text('{"version": 1,\n "findings": [}')
    result = run_cli("lint", "--fast", "--baseline", "b.json", "cards/azadi")
    assert result.exit_code == 2
    assert result.stderr.strip() == "b.json:2:15: error C102 the baseline is not JSON: " \
        "Expecting value"
    result = run_cli("lint", "--fast", "--write-baseline", "cards/azadi")
    assert result.exit_code == 2 and "--write-baseline needs --baseline" in result.stderr


@pytest.mark.parametrize("mandate", MANDATES)
def test_new_campaign_validates_and_lints_clean(mandate: str, tmp_path: Path) -> None:
    result = run_cli("new", "campaign", "haitian-revolution-1791", "--mandate", mandate,
                     "--year", "1791", "--into", str(tmp_path))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "haitian-revolution-1791"
    assert sorted(p.name for p in folder.iterdir()) == [
        "campaign.yaml", "ideology_cards.yaml", "tyranny_cards.yaml"]
    code, report = lint_json(str(folder))
    assert code == 0 and report["diagnostics"] == []
    tyranny = yaml.safe_load((folder / "tyranny_cards.yaml").read_text())["tyranny_cards"]
    assert [c["order"] for c in tyranny] == list(range(1, 13))
    unlocked = [ch["resistance"] for c in tyranny for ch in c["choices"]]
    assert len(set(unlocked)) == 24
    ideology = yaml.safe_load((folder / "ideology_cards.yaml").read_text())["ideology_cards"]
    assert len(ideology) == 108
    answers = Counter(a["ideologue"] for c in ideology for a in c["answers"])
    assert set(answers.values()) == {54}
    manifest = yaml.safe_load((folder / "campaign.yaml").read_text())["campaign"]
    assert manifest["mandate"] == mandate and manifest["name"] == "Haitian Revolution 1791"


def test_new_campaign_builds_with_the_box(tmp_path: Path) -> None:
    run_cli("new", "campaign", "haitian-revolution-1791", "--into", str(tmp_path))
    folder = tmp_path / "haitian-revolution-1791"
    tyranny = folder / "tyranny_cards.yaml"
    assert line_of(tyranny, "title: HR1791 Measure 1") > 0
    result = run_cli("build", "--cards-only", "--out", str(tmp_path / "out"), str(folder))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "azadi").is_dir()


def test_new_campaign_refuses_bad_requests(tmp_path: Path) -> None:
    bad = run_cli("new", "campaign", "Bad_Id", "--into", str(tmp_path))
    assert bad.exit_code == 2 and "campaign id 'Bad_Id': expected lower-case" in bad.stderr
    unknown = run_cli("new", "campaign", "x-1", "--mandate", "nope", "--into", str(tmp_path))
    assert unknown.exit_code == 2 and "unknown Mandate 'nope'; expected one of:" in \
        unknown.stderr
    existing = tmp_path / "x-1"
    existing.mkdir()
    (existing / "mine.txt").write_text("keep")
    again = run_cli("new", "campaign", "x-1", "--into", str(tmp_path))
    assert again.exit_code == 2 and "already exists; nothing was written" in again.stderr
    assert [p.name for p in existing.iterdir()] == ["mine.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x-1"]


def _commands(text: str) -> list[list[str]]:
    """The `samizdat ...` command lines in a workflow's run steps, without redirections."""
    out = []
    for job in yaml.safe_load(text)["jobs"].values():
        for step in job["steps"]:
            run = step.get("run", "")
            if run.startswith("samizdat "):
                out.append(shlex.split(run.split(">")[0])[1:])
    return out


@pytest.mark.slow
def test_github_workflow_and_pre_commit_hook_commands_work(cards: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    root = Path(__file__).resolve().parent.parent
    commands = _commands((root / "docs" / "github-workflow.yml").read_text())
    assert [c[-2:] for c in commands] == [["--format", "github"], ["--format", "sarif"]]
    (hook,) = yaml.safe_load((root / ".pre-commit-hooks.yaml").read_text())
    commands.append(shlex.split(hook["entry"])[1:] + hook["args"])
    monkeypatch.chdir(cards.parent)
    commands = [[*c, "--games", "50"] for c in commands]    # a smaller simulated budget
    for command in commands:
        result = run_cli(*command)
        assert result.exit_code == 0, (command, result.output)
    sarif = json.loads(run_cli(*commands[1]).stdout)
    assert sarif["version"] == "2.1.0"
    edit(cards / "azadi" / "maidaan.yaml", *MAIDAAN_EDIT)
    annotations = run_cli(*commands[0]).stdout.splitlines()
    warnings = [a for a in annotations if a.startswith("::warning file=cards/azadi/")
                and "title=L711" not in a]       # the small budget leaves tasks unfinished
    assert len(warnings) == 1
    assert warnings[0].startswith("::warning file=cards/azadi/maidaan.yaml,line=")
