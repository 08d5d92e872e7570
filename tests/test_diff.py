"""``samizdat diff``: a card made much cheaper in a copy of SAN's content is named in
every report (at its line in the head), an unchanged copy moves nothing, git
revisions are read like folders, bad inputs are refused with their exit codes, the
report is byte-for-byte repeatable and a hostile title cannot mark up the comment."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from compiler.diff.compare import compare
from compiler.diff.runs import Plan, Run, measured
from compiler.pipeline.simulate import game_spec, resolve_seats
from tests.conftest import CARDS, REPO, edit, line_of, run_cli

CARD = "river-corruption-bought-board-seat"
TITLE = "Bought Board Seat"
COST = ("    revenue: 1\n    cost: 8\n    crossing_cost: 5\n    crossing_penalty: 0\n",
        "    revenue: 1\n    cost: 1\n    crossing_cost: 5\n    crossing_penalty: 0\n")
HOSTILE = "<b>x</b>|@all [y](z)"        # 20 characters: a title may have 28


def make_cheaper(cards_yaml: Path, title: str | None = None) -> None:
    """Bought Board Seat (cost 8, the dearest River card) at cost 1; a new title."""
    edit(cards_yaml, *COST)
    if title is not None:
        edit(cards_yaml, f"title: {TITLE}\n", f"title: {json.dumps(title)}\n")


@pytest.fixture
def sides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """base/ and head/ copies of SAN's content in the working folder (tmp_path)."""
    for name in ("base", "head"):
        shutil.copytree(CARDS / "san", tmp_path / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def diff(*args: str) -> Any:
    return run_cli("diff", "--quiet", *args)


def test_a_cheaper_card_is_named_in_every_report(sides: Path) -> None:
    head = sides / "head" / "cards.yaml"
    make_cheaper(head)
    line = line_of(head, f"id: {CARD}")

    found = json.loads(diff("base", "head", "--format", "json").stdout)
    (moved,) = [f for f in found["figures"] if f["moved"]]
    assert (moved["id"], moved["item"]) == (f"bought:bought:{CARD}", TITLE)
    assert moved["head"]["value"] - moved["base"]["value"] > 0.3
    assert moved["change"]["p_value"] < 1e-20
    assert moved["location"] == f"head/cards.yaml:{line}:5"

    comment = diff("base", "head", "--format", "markdown")
    assert comment.exit_code == 0
    table = comment.stdout.split("<details>")[0]
    assert "1 of the " in table and "moved beyond noise" in table
    (row,) = [r for r in table.splitlines() if r.startswith("| san |")]
    assert f"| **bought** | {TITLE} | 0.4% " in row and "| +52.4 pts (" in row

    sarif = json.loads(diff("base", "head", "--format", "sarif").stdout)
    (result,) = sarif["runs"][0]["results"]
    where = result["locations"][0]["physicalLocation"]
    assert (result["ruleId"], result["level"]) == ("D101", "warning")
    assert (where["artifactLocation"]["uri"], where["region"]["startLine"],
            where["region"]["startColumn"]) == ("head/cards.yaml", line, 5)
    assert TITLE in result["message"]["text"]

    annotations = diff("base", "head", "--format", "github").stdout.splitlines()
    assert annotations[0].startswith(
        f"::warning file=head/cards.yaml,line={line},col=5,title=D101::san: {TITLE} (bought) "
        "moved from 0.4%25")
    assert annotations[1:] == ["summary: moved 1, tested 49"]

    assert diff("base", "head", "--fail-on-change").exit_code == 1


def test_an_unchanged_copy_moves_nothing(sides: Path) -> None:
    for fmt in ("text", "markdown", "github"):
        result = diff("base", "head", "--format", fmt, "--fail-on-change")
        assert result.exit_code == 0, result.output
        if fmt != "github":
            assert "Nothing moved beyond noise: none of the 49 figures tested" in result.stdout
    assert diff("base", "head", "--format", "github").stdout == \
        "summary: moved 0, tested 49\n"


@pytest.mark.parametrize("second_seed", [5_000, 20_000])
def test_games_of_other_seeds_on_the_same_content_move_nothing(second_seed: int) -> None:
    """The tests themselves, not only the seeds: two runs of the same content from
    different seeds differ by chance alone, and nothing passes Holm's correction."""
    from compiler.frontend.validate import validate

    model = validate([CARDS / "san"]).models["san"]
    spec = game_spec("san")
    seats = resolve_seats(spec, "propaganda,hacking")
    folded = [measured(spec, seats, spec.seat_names, model, {},
                        Plan(500, seed, None, quiet=True), None, "san")
              for seed in (0, second_seed)]
    run = Run("san", "", seats, spec.seat_names, *folded)
    found = compare([run], 0.05, lambda at: at, lambda at: at)
    assert found.tested > 40
    assert any(f.change.delta != 0 for f in found.figures)
    assert found.moved == []


def test_the_report_is_the_same_bytes_every_time(sides: Path) -> None:
    make_cheaper(sides / "head" / "cards.yaml")
    shown = {}
    for fmt in ("markdown", "sarif", "json"):
        first, second = (diff("base", "head", "--games", "200", "--format", fmt).stdout
                         for _ in range(2))
        assert first == second, fmt
        shown[fmt] = first
    written = diff("base", "head", "--games", "200", "--format", "markdown", "--out",
                   "balance.md")
    assert written.exit_code == 0 and written.stdout == ""
    assert (sides / "balance.md").read_text(encoding="utf-8") == shown["markdown"]
    assert sorted(p.name for p in sides.iterdir()) == ["balance.md", "base", "head"]
    assert "\"ruleId\": \"D101\"" in shown["sarif"]    # something moved, and repeats


def test_a_hostile_title_cannot_mark_up_the_comment(sides: Path) -> None:
    make_cheaper(sides / "head" / "cards.yaml", HOSTILE)
    comment = diff("base", "head", "--format", "markdown").stdout
    (row,) = [r for r in comment.split("<details>")[0].splitlines() if r.startswith("| san")]
    assert "| **bought** | &lt;b&gt;x&lt;/b&gt;\\|&#64;all \\[y\\](z) | 0.4% " in row
    assert "<b>" not in comment and "@all" not in comment and "|@" not in comment
    assert row.count(" | ") == 6            # seven cells: the title's pipe is escaped


def test_content_errors_on_one_side_are_printed_and_named(sides: Path) -> None:
    head = sides / "head" / "cards.yaml"
    edit(head, *COST)
    edit(head, COST[1], COST[1].replace("cost: 1", "cost: one"))
    line = line_of(head, "cost: one")
    result = diff("base", "head")
    assert result.exit_code == 1
    assert result.stdout.startswith(f"head/cards.yaml:{line}:11: error S302 ")
    assert result.stderr == ("samizdat diff: the head side, head, has content errors; no "
                             "game was played\n")


def test_usage_errors_of_folders(sides: Path) -> None:
    both = diff("base", "head", "cards")
    assert both.exit_code == 2
    assert "Invalid value for PATH: PATH names what to read of a git revision; BASE and " \
           "HEAD are both folders" in both.stderr
    nowhere = diff("base", "HEAD~1")
    assert nowhere.exit_code == 2
    assert f"Error: HEAD 'HEAD~1' is not a folder, and {sides} is not in a git repository " \
           "to read it as a revision" in nowhere.stderr
    dashed = diff("--", "-x", "head")
    assert dashed.exit_code == 2
    assert "BASE '-x' is not a folder, and a revision cannot start with '-'" in dashed.stderr
    game = diff("base", "head", "--game", "spring")
    assert game.exit_code == 2 and "the base (base) holds no spring content" in game.stderr


# -- git revisions ---------------------------------------------------------------------

def git(root: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "d", "GIT_AUTHOR_EMAIL": "d@example.org",
           "GIT_COMMITTER_NAME": "d", "GIT_COMMITTER_EMAIL": "d@example.org"}
    done = subprocess.run(["git", *args], cwd=root, env=env, capture_output=True, text=True,
                          check=True)
    return done.stdout.strip()


@pytest.fixture
def repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A git repository of SAN's content in cards/san: a first commit, then one that
    makes Bought Board Seat cheaper; the working folder is its root."""
    root = tmp_path / "designs"
    shutil.copytree(CARDS / "san", root / "cards" / "san")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "SAN as shipped")
    make_cheaper(root / "cards" / "san" / "cards.yaml")
    git(root, "commit", "-qam", "Bought Board Seat costs 1")
    monkeypatch.chdir(root)
    return root


def test_git_revisions_are_compared_at_path(repository: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    line = line_of(repository / "cards" / "san" / "cards.yaml", f"id: {CARD}")
    before = sorted(str(p) for p in repository.rglob("*"))
    sarif = json.loads(diff("HEAD~1", "HEAD", "cards/san", "--format", "sarif").stdout)
    (result,) = sarif["runs"][0]["results"]
    where = result["locations"][0]["physicalLocation"]
    assert (where["artifactLocation"]["uri"], where["region"]["startLine"]) == \
        ("cards/san/cards.yaml", line)
    commit = git(repository, "rev-parse", "HEAD~1")[:12]
    comment = diff("HEAD~1", "HEAD", "cards", "--format", "markdown").stdout
    assert f"## Balance diff: HEAD\\~1 ({commit}) → HEAD (" in comment   # no strikethrough
    assert f"| **bought** | {TITLE} |" in comment.split("<details>")[0]
    # from a folder inside the repository, PATH and the findings are relative to it
    monkeypatch.chdir(repository / "cards")
    github = diff("HEAD~1", "HEAD", "san", "--format", "github").stdout
    assert github.startswith(f"::warning file=san/cards.yaml,line={line},col=5,title=D101::")
    assert sorted(str(p) for p in repository.rglob("*")) == before   # nothing written


def test_bad_revisions_and_paths(repository: Path) -> None:
    commit = git(repository, "rev-parse", "HEAD~1")[:12]
    unknown = diff("no-such-branch", "HEAD", "cards")
    assert unknown.exit_code == 2
    assert (f"Error: BASE 'no-such-branch' is neither a folder nor a revision of the git "
            f"repository at {repository}") in unknown.stderr
    missing = diff("HEAD~1", "HEAD", "campaigns")
    assert missing.exit_code == 2
    assert (f"Error: BASE HEAD~1 ({commit}): PATH campaigns does not exist at that "
            "revision") in missing.stderr
    outside = diff("HEAD~1", "HEAD", "..")
    assert outside.exit_code == 2
    assert f"Error: PATH '..' is outside the git repository at {repository}" in outside.stderr
    broken = repository / "cards" / "san" / "cards.yaml"
    edit(broken, COST[1], COST[1].replace("cost: 1", "cost: one"))
    git(repository, "commit", "-qam", "A cost that is not a number")
    result = diff("HEAD~1", "HEAD", "cards")
    assert result.exit_code == 1
    assert result.stdout.startswith(f"cards/san/cards.yaml:{line_of(broken, 'cost: one')}:11: "
                                    "error S302 ")
    head = git(repository, "rev-parse", "HEAD")[:12]
    assert f"the head side, HEAD ({head}), has content errors" in result.stderr


def test_the_documented_workflow_runs(repository: Path) -> None:
    """docs/balance-workflow.yml's samizdat steps, the pull request's base taken as the
    first commit: the comment names the card, the SARIF points at it."""
    workflow = yaml.safe_load((REPO / "docs" / "balance-workflow.yml").read_text())
    (job,) = workflow["jobs"].values()
    assert job["steps"][0]["with"]["fetch-depth"] == 0
    commands = [shlex.split(step["run"]) for step in job["steps"]
                if step.get("run", "").startswith("samizdat diff")]
    assert len(commands) == 2
    for command in commands:
        assert command[2] == "$BASE"
        assert diff("HEAD~1", *command[3:]).exit_code == 0
    comment = (repository / "balance.md").read_text(encoding="utf-8")
    assert comment.startswith("<!-- samizdat diff -->\n")
    assert f"| **bought** | {TITLE} |" in comment
    results = json.loads((repository / "balance.sarif").read_text())["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["D101"]


def test_azadi_campaigns_are_runs_of_their_own(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    campaigns = CARDS / "azadi" / "campaigns"
    shutil.copytree(campaigns / "mars-1-ae", tmp_path / "base" / "mars-1-ae")
    for name in ("mars-1-ae", "russian-revolution-1917"):
        shutil.copytree(campaigns / name, tmp_path / "head" / name)
    monkeypatch.chdir(tmp_path)
    found = json.loads(diff("base", "head", "--games", "20", "--format", "json").stdout)
    assert found["runs"] == [{"game": "azadi", "campaign": "mars-1-ae",
                              "bots": ["greedy"] * 4}]
    assert found["campaigns_added"] == [["azadi", "russian-revolution-1917"]]
    ids = {f["id"] for f in found["figures"]}
    assert {"azadi_rate", "win_rate:P1", "length"} <= ids
    assert all(f["campaign"] == "mars-1-ae" for f in found["figures"])
    assert found["moved"] == 0
    rate = next(f for f in found["figures"] if f["id"] == "azadi_rate")
    assert rate["location"] == "head/mars-1-ae/campaign.yaml:3:3"


def test_errors_on_both_sides_are_all_printed(sides: Path) -> None:
    for name in ("base", "head"):
        edit(sides / name / "cards.yaml", COST[0], COST[0].replace("cost: 8", "cost: eight"))
    result = diff("base", "head")
    assert result.exit_code == 1
    files = [line.split(":")[0] for line in result.stdout.splitlines()
             if ": error S302 " in line]
    assert files == ["base/cards.yaml", "head/cards.yaml"]
    assert [line.split(",")[0] for line in result.stderr.splitlines()] == [
        "samizdat diff: the base side", "samizdat diff: the head side"]


def test_out_into_a_missing_folder_is_refused(sides: Path) -> None:
    result = diff("base", "head", "--out", "reports/balance.md")
    assert result.exit_code == 2
    assert "Invalid value for --out: reports is not a folder" in result.stderr
    assert sorted(p.name for p in sides.iterdir()) == ["base", "head"]


def test_a_dask_cluster_gives_the_same_report(sides: Path) -> None:
    pytest.importorskip("distributed")
    make_cheaper(sides / "head" / "cards.yaml")
    local = diff("base", "head", "--games", "100", "--format", "json")
    on_dask = diff("base", "head", "--games", "100", "--format", "json", "--executor", "dask",
                   "--workers", "2")
    assert on_dask.exit_code == 0, on_dask.output
    assert on_dask.stdout == local.stdout


def test_a_long_comment_is_cut_to_fit_and_says_so() -> None:
    from compiler.diff.render import markdown
    from compiler.diff.wording import Context
    from compiler.stats.measures import Measures
    from rules_engine.core.diagnostics import Location
    from rules_engine.core.plugin import Tracked
    from rules_engine.core.simulate import GameRecord

    tracked = [Tracked("use", f"bought:c{n}", f"Card {n}", Location("cards.yaml", n, 5))
               for n in range(200)]
    folded = []
    for hits in (range(0, 200, 2), range(200)):          # every other card, then all
        measures = Measures(["A", "B"], tracked)
        for seed in range(40):
            counters = {f"bought:c{n}": 1 for n in hits if (seed + n) % 3}
            measures.add(GameRecord(seed, (1.0, 0.0), 0, 10 + seed % 5, "end", counters))
        folded.append(measures)
    run = Run("san", "", ("random", "random"), ("A", "B"), *folded)
    found = compare([run], 0.05, lambda at: at, lambda at: at)
    context = Context("base", "head", 40, 0, 0.05, [("san", "", ("random", "random"))])
    whole = markdown(context, found)
    assert len(found.moved) == 100 and "more figures do not fit" not in whole
    cut = markdown(context, found, limit=len(whole) // 2)
    assert len(cut) <= len(whole) // 2
    assert cut.split("<details>")[0] == whole.split("<details>")[0]    # every move shown
    left_out = len(whole.splitlines()) - len(cut.splitlines()) + 2
    assert f"\n{left_out} more figures do not fit in a comment; `--format json` has " \
           "every one.\n\n</details>" in cut


def test_figures_of_one_side_are_listed_not_tested() -> None:
    from compiler.diff.render import text
    from compiler.diff.wording import Context
    from compiler.stats.measures import Measures
    from rules_engine.core.diagnostics import Location
    from rules_engine.core.plugin import Tracked
    from rules_engine.core.simulate import GameRecord

    def card(name: str) -> Tracked:
        return Tracked("use", f"bought:{name}", name.title(), Location("cards.yaml", 1, 5))

    folded = []
    for names in (("kept", "cut"), ("kept", "new")):
        measures = Measures(["A", "B"], [card(n) for n in names])
        for seed in range(20):
            measures.add(GameRecord(seed, (1.0, 0.0), 0, 10, "end",
                                    {f"bought:{n}": seed % 2 for n in names}))
        folded.append(measures)
    found = compare([Run("san", "", ("random",) * 2, ("A", "B"), *folded)], 0.05,
                    lambda at: at, lambda at: at)
    assert [f.estimate.item for f in found.added] == ["New"]
    assert [f.estimate.item for f in found.removed] == ["Cut"]
    assert "use:bought:new" not in {f.id for f in found.figures}
    shown = text(Context("base", "head", 20, 0, 0.05), found).splitlines()
    assert shown[-2:] == ["figure only in the head: san: New (use) 50.0% (29.9% to 70.1%)",
                          "figure only in the base: san: Cut (use) 50.0% (29.9% to 70.1%)"]


@pytest.mark.slow
def test_an_outside_campaign_s_findings_stay_in_its_folder(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """A campaign kept in its own repository brings in the installed base game: a
    figure of a base card that moved is placed at the campaign's manifest (naming the
    card), never at a path inside the installed package."""
    monkeypatch.chdir(tmp_path)
    assert run_cli("new", "campaign", "base").exit_code == 0
    shutil.copytree(tmp_path / "base", tmp_path / "head")
    tyranny = tmp_path / "head" / "tyranny_cards.yaml"
    text = tyranny.read_text(encoding="utf-8")
    tyranny.write_text(text.replace("    times: 4", "    times: 1", 1), encoding="utf-8")
    found = diff("base", "head", "--games", "200", "--format", "github").stdout
    marks = [line for line in found.splitlines() if line.startswith("::warning")]
    assert any("file=head/tyranny_cards.yaml," in m and "title=D101" in m for m in marks)
    # the choice unlocks a base Resistance card, whose use moved with it
    assert any("file=head/campaign.yaml," in m and "title=D101" in m and ": Resistance "
               in m for m in marks), marks
    assert all(m.startswith(("::warning file=head/tyranny_cards.yaml,",
                             "::warning file=head/campaign.yaml,")) for m in marks), marks
    sarif = json.loads(diff("base", "head", "--games", "200", "--format", "sarif").stdout)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in sarif["runs"][0]["results"]}
    assert uris <= {"head/tyranny_cards.yaml", "head/campaign.yaml"}, uris
