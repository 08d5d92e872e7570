"""A campaign kept in a repository of its own, as a designer's CI runs samizdat on it:
what `validate`, `lint` and `build` check with no path (and with `.` or `cards`), the
scaffold's draft under the full lint, and docs/ci.md's set-up run end to end
(the commands parsed out of docs/ci.md, docs/github-workflow.yml and the
pre-commit hook's definition, so that the documents cannot drift from the test)."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import CARDS, REPO, run_cli

CAMPAIGN = "my-revolt"
MANDATES = ("tax-without-representation", "divide-and-rule", "patrimonialism",
            "state-of-emergency", "the-path-of-oneness", "feudal-law", "divine-right",
            "unlawful-assembly")
BAD_REFERENCE = "resistance: 99"      # planted: a Resistance card the box does not have


def scaffold(into: Path, campaign: str = CAMPAIGN, *options: str) -> Path:
    """``samizdat new campaign`` into ``into``; the campaign folder."""
    result = run_cli("new", "campaign", campaign, *options, "--into", str(into))
    assert result.exit_code == 0, result.output
    return into / campaign


def plant_bad_reference(folder: Path) -> tuple[int, int]:
    """Make the first Tyranny choice unlock Resistance card 99 (M402); its (line, column)."""
    path = folder / "tyranny_cards.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"resistance: \d+", BAD_REFERENCE, text, count=1), encoding="utf-8")
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if BAD_REFERENCE in line:
            return number, line.index(BAD_REFERENCE) + len("resistance: ") + 1
    raise AssertionError("not planted")


def report(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli(*args, "--format", "json")
    return result.exit_code, json.loads(result.stdout)


def places(found: dict[str, Any]) -> list[tuple[str, str, int, int]]:
    return [(d["code"], d["file"], d["line"], d["column"]) for d in found["diagnostics"]]


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A campaign repository (a git work tree, campaigns in cards/), as the working folder."""
    root = tmp_path / "my-campaigns"
    (root / ".git").mkdir(parents=True)
    scaffold(root / "cards")
    monkeypatch.chdir(root)
    return root


# -- what a command checks -----------------------------------------------------------

def test_bare_commands_check_the_repository_campaigns(repo: Path) -> None:
    code, alone = report("validate", f"cards/{CAMPAIGN}")
    assert code == 0 and alone["summary"]["cards"] > 0
    for args in (["validate"], ["validate", "."], ["validate", "cards"],
                 ["lint", "--fast"], ["lint", "--fast", "cards"], ["lint", "--fast", "."]):
        code, found = report(*args)
        assert code == 0, (args, found)
        assert found["summary"]["cards"] == alone["summary"]["cards"], args
    line, column = plant_bad_reference(repo / "cards" / CAMPAIGN)
    planted = [("M402", f"cards/{CAMPAIGN}/tyranny_cards.yaml", line, column)]
    for args in (["validate"], ["validate", "."], ["lint", "--fast"], ["lint", "--fast", "cards"]):
        code, found = report(*args)
        got = places(found)
        if args[0] == "lint":      # and R103 (the rules not run on content with errors),
            skipped = [p for p in got if p[0] == "R103"]     # at the campaign's manifest
            assert [p[1] for p in skipped] == [f"cards/{CAMPAIGN}/campaign.yaml"], args
            got = [p for p in got if p[0] != "R103"]
        assert code == 1 and got == planted, args


def test_bare_commands_from_inside_the_repository(repo: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    line, column = plant_bad_reference(repo / "cards" / CAMPAIGN)
    art = repo / "cards" / CAMPAIGN / "art"
    notes = repo / "notes"
    art.mkdir()
    notes.mkdir()
    planted = [("M402", str(repo / "cards" / CAMPAIGN / "tyranny_cards.yaml"), line, column)]
    monkeypatch.chdir(art)          # inside the campaign: that campaign
    code, found = report("validate")
    assert code == 1 and places(found) == planted     # (above the working folder: whole)
    monkeypatch.chdir(notes)        # elsewhere in the repository: its root
    code, found = report("validate")
    assert code == 1 and places(found) == planted


@pytest.mark.parametrize("layout", ["cards/<c>", "<c>", "cards/azadi/campaigns/<c>", "."])
def test_campaign_layouts_a_repository_may_have(layout: str, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    if layout == ".":               # one campaign at the repository's root
        made = scaffold(tmp_path)
        for item in made.iterdir():
            item.rename(root / item.name)
        folder = root
    else:
        folder = scaffold(root / layout.replace("/<c>", "").replace("<c>", "."))
    line, column = plant_bad_reference(folder)
    monkeypatch.chdir(root)
    shown = (folder / "tyranny_cards.yaml").relative_to(root).as_posix()
    for args in (["validate"], ["validate", "."]):
        code, found = report(*args)
        assert code == 1 and places(found) == [("M402", shown, line, column)], (layout, args)


def test_no_content_found_is_said_with_exit_code_2(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "empty-repo"
    (root / ".git").mkdir(parents=True)
    (root / "cards" / "notes").mkdir(parents=True)   # a cards/ with no campaign in it
    monkeypatch.chdir(root)
    for command in (["validate"], ["lint", "--fast"], ["build", "--out", str(tmp_path / "o")]):
        result = run_cli(*command)
        assert result.exit_code == 2, (command, result.output)
        assert result.stdout == ""
        assert result.stderr.startswith(f"samizdat: no content found in {root}: expected "
                                        "cards/, a game folder with game.yaml, a campaign "
                                        "folder with campaign.yaml, or a folder holding "
                                        "campaign folders"), command
    assert not (tmp_path / "o").exists()
    code, found = report("validate", "cards")       # a folder named: F203 as before
    assert code == 1 and places(found) == [("F203", "cards", 0, 0)]


def test_inside_samizdat_itself_the_default_stays_the_shipped_content(
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, shipped = report("validate", str(CARDS))
    monkeypatch.chdir(REPO / "docs")
    code, found = report("validate")
    assert code == 0 and found["summary"] == shipped["summary"]


def test_bare_build_builds_the_repository_campaign(repo: Path) -> None:
    result = run_cli("build", "--cards-only", "--out", "output")
    assert result.exit_code == 0, result.output
    assert (repo / "output" / "azadi").is_dir()


# -- the scaffold ----------------------------------------------------------------------

def test_scaffold_writes_no_anchors_and_one_edit_changes_one_card(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    for path in folder.iterdir():
        events = list(yaml.parse(path.read_text(encoding="utf-8")))
        assert not [e for e in events if getattr(e, "anchor", None)], path.name
        assert not [e for e in events if isinstance(e, yaml.AliasEvent)], path.name
    path = folder / "tyranny_cards.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("funds: 2") > 1             # the same cost on many choices...
    path.write_text(text.replace("funds: 2", "funds: 3", 1), encoding="utf-8")
    from compiler.frontend.validate import validate

    checked = validate([folder])
    assert checked.errors == 0
    (campaign,) = checked.models["azadi"].campaigns
    costs = [power.cost.to_dict() for card in campaign.tyranny_cards for choice in card.choices
             for power in choice.while_active]
    assert costs.count({"funds": 3}) == 1         # ... and the edit reaches one of them


@pytest.mark.slow
def test_scaffold_lints_clean_without_fast_under_every_mandate(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMIZDAT_CACHE", str(tmp_path / "cache"))
    folders = [scaffold(tmp_path / "cards", f"draft-{n}", "--mandate", mandate)
               for n, mandate in enumerate(MANDATES, start=1)]
    code, found = report("lint", "--error-on-warning", *map(str, folders))
    # coverage notes only: the bots reach azadi in the draft's economy (R58), so no
    # L716 note that the difficulty levels cannot be told apart; the shipped Maidaan's
    # own suppressions (L717, with their reasons) hold for an outside campaign too
    findings = [d for d in found["diagnostics"] if d["code"] != "L715"]
    assert code == 0 and findings == [], [d["message"] for d in findings]
    assert {d["severity"] for d in found["diagnostics"]} <= {"info"}


# -- docs/ci.md, run end to end --------------------------------------------------------

def _blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)


def _workflow_runs() -> list[str]:
    """The run: steps of docs/github-workflow.yml that need samizdat installed."""
    workflow = yaml.safe_load((REPO / "docs" / "github-workflow.yml").read_text())
    return [step["run"] for job in workflow["jobs"].values() for step in job["steps"]
            if "run" in step and "pip install" not in step["run"]]


def _hook_command(ci: str) -> tuple[list[str], str]:
    """The command pre-commit runs for docs/ci.md's configuration of the samizdat hook
    (its entry, then the configured args), and the hook's file pattern."""
    (config,) = [yaml.safe_load(b) for b in _blocks(ci, "yaml")
                 if "pre-commit" in b]
    (used,) = [h for r in config["repos"] for h in r["hooks"] if h["id"] == "samizdat-lint"]
    (hook,) = [h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
               if h["id"] == used["id"]]
    assert hook["pass_filenames"] is False
    return shlex.split(hook["entry"]) + used.get("args", hook.get("args", [])), hook["files"]


class Shell:
    """Commands run as CI runs them: bash in the repository, `samizdat` on the PATH
    (this checkout's sources, under the current Python), a private cache."""

    def __init__(self, tmp_path: Path, root: Path) -> None:
        self.root = root
        bin_dir = tmp_path / "bin"
        bin_dir.mkdir()
        shim = bin_dir / "samizdat"
        shim.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m compiler "$@"\n')
        shim.chmod(0o755)
        self.env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
                    "PYTHONPATH": str(REPO), "SAMIZDAT_CACHE": str(tmp_path / "cache"),
                    "GIT_AUTHOR_NAME": "d", "GIT_AUTHOR_EMAIL": "d@example.org",
                    "GIT_COMMITTER_NAME": "d", "GIT_COMMITTER_EMAIL": "d@example.org"}

    def run(self, script: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(["bash", "-e", "-c", script], cwd=self.root, env=self.env,
                              capture_output=True, text=True, timeout=600, check=False)
        assert "Traceback" not in done.stderr, done.stderr
        return done

    def hook(self, command: list[str], files: str) -> subprocess.CompletedProcess[str] | None:
        """What `pre-commit run --all-files` does with a hook of pass_filenames: false:
        the command once, in the repository's root, if any tracked file matches."""
        tracked = self.run("git ls-files").stdout.split()
        if not any(re.search(files, name) for name in tracked):
            return None
        return self.run(shlex.join(command))


@pytest.mark.slow
def test_documented_ci_set_up_runs_end_to_end(tmp_path: Path) -> None:
    ci = (REPO / "docs" / "ci.md").read_text(encoding="utf-8")
    root = tmp_path / "my-campaigns"
    root.mkdir()
    shell = Shell(tmp_path, root)
    (start, *others) = _blocks(ci, "sh")
    assert "samizdat new campaign" in start and "git init" in start
    started = shell.run(start)                  # scaffold, git init and commit, lint cards
    assert started.returncode == 0, started.stdout + started.stderr
    (folder,) = [p for p in (root / "cards").iterdir()]
    runs = _workflow_runs()
    assert [r.split(" > ")[0].split()[-2:] for r in runs] == [["--format", "github"],
                                                               ["--format", "sarif"]]
    hook, files = _hook_command(ci)
    for run in runs:
        done = shell.run(run)
        assert done.returncode == 0, (run, done.stdout, done.stderr)
    sarif = json.loads((root / "samizdat.sarif").read_text())
    # a clean campaign: only the coverage note (L715) of its simulated games, as a note
    # (its games reach azadi under R58, so no L716 note on difficulty levels)
    assert sarif["version"] == "2.1.0"
    assert sorted((r["ruleId"], r["level"]) for r in sarif["runs"][0]["results"]) == [
        ("L715", "note")]
    checked = shell.hook(hook, files)
    assert checked is not None and checked.returncode == 0, checked
    (baseline,) = [line for block in others for line in block.splitlines()
                   if "--write-baseline" in line]
    assert shell.run(baseline).returncode == 0

    line, column = plant_bad_reference(folder)
    shell.run("git commit -qam 'A Resistance card the box lacks'")
    shown = f"cards/{folder.name}/tyranny_cards.yaml"
    annotate, upload = (shell.run(r) for r in runs)
    assert annotate.returncode == 1 and upload.returncode == 1
    assert f"::error file={shown},line={line},col={column},title=M402::" in annotate.stdout
    results = json.loads((root / "samizdat.sarif").read_text())["runs"][0]["results"]
    (result,) = [r for r in results if r["level"] == "error"]   # (and R103: nothing played)
    where = result["locations"][0]["physicalLocation"]
    assert (result["ruleId"], where["artifactLocation"]["uri"], where["region"]["startLine"],
            where["region"]["startColumn"]) == ("M402", shown, line, column)
    checked = shell.hook(hook, files)
    assert checked is not None and checked.returncode == 1
    assert any(x.startswith(f"{shown}:{line}:{column}: error M402 ")  # (R103 beside it)
               for x in checked.stdout.splitlines())
    bare = shell.run("samizdat validate")
    assert bare.returncode == 1 and bare.stdout.startswith(f"{shown}:{line}:{column}: error M402")
