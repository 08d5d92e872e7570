"""Hostile content against the reporters: diagnostics stay small however big or many
the mistakes, source excerpts stay a window of their line, each file reports at most
100 diagnostics and then one F290, and no file name, key or value can forge a GitHub
annotation or a line of text output (issue 16, items 3 and 7)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from compiler.report.diagnostic_cap import MAX_PER_FILE, cap_per_file
from compiler.report.reporters import escape_data, escape_property
from compiler.report.source_lines import EXCERPT_WIDTH
from rules_engine.core import diagnostics
from rules_engine.core.diagnostics import Location, Severity, error, warning
from tests.conftest import CARDS, run_cli

SLUG = "is not a slug: lower-case letters and digits joined by single hyphens"


def _game(root: Path) -> Path:
    """A private copy of the Spring game (small: two files) under ``root``."""
    return Path(shutil.copytree(CARDS / "spring", root / "spring"))


def _tree_hashes(root: Path, skip: Path | None = None) -> dict[str, str]:
    """SHA-256 of every file under ``root`` (but under ``skip``)."""
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*"))
            if p.is_file() and (skip is None or not p.is_relative_to(skip))}


def _per_file(diagnostics: list[dict[str, Any]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for d in diagnostics:
        counts[d["file"]] = counts.get(d["file"], 0) + 1
    return counts


def test_a_huge_alias_quoted_thousands_of_times_keeps_the_json_small(
        chdir_tmp: Path) -> None:
    game = _game(chdir_tmp)
    big = "A" * 200_000
    lines = ["countries:", f"  - {{id: &big {big}, name: X, colour: '#000000'}}"]
    lines += ["  - {id: *big, name: X, colour: '#000000'}"] * 3000
    (game / "hostile.yaml").write_text("\n".join(lines) + "\n")
    result = run_cli("validate", "--format", "json", "spring")
    assert result.exit_code == 1
    assert len(result.stdout) < 200_000            # was 600 MB
    report = json.loads(result.stdout)
    # 3,001 ids, each too long (S305) and not a slug (S306), and the count (N501)
    assert report["summary"]["errors"] == 2 * 3001 + 1
    assert _per_file(report["diagnostics"]) == {"spring/game.yaml": 1,
                                                "spring/hostile.yaml": MAX_PER_FILE + 1}
    assert max(len(d["message"]) for d in report["diagnostics"]) < 2 * diagnostics.QUOTE_LIMIT + 100
    slug = next(d for d in report["diagnostics"] if d["code"] == "S306")
    assert (slug["line"], slug["column"]) == (2, 10)
    assert slug["message"] == (f"countries.0.id: '{'A' * (diagnostics.QUOTE_LIMIT - 1)}… (200000 "
                               f"characters) {SLUG}")


def test_no_message_is_longer_than_the_bound() -> None:
    where = Location("x.yaml", 1, 1)
    for made in (error("S300", "x" * 1_000_000, where, hint="y" * 100_000),
                 warning("S300", "x" * 1_000_000, where)):
        assert len(made.message) == diagnostics.MESSAGE_LIMIT + len("… (1000000 characters)")
        assert made.message.endswith("x… (1000000 characters)")
        assert made.hint is None or len(made.hint) < diagnostics.MESSAGE_LIMIT + 30


def _text_blocks(stdout: str) -> list[tuple[str, str, str]]:
    """(diagnostic line, excerpt, caret line) of each diagnostic that quotes its source."""
    lines = stdout.splitlines()
    return [(lines[n], lines[n + 1], lines[n + 2]) for n in range(len(lines) - 2)
            if not lines[n].startswith(" ") and lines[n + 2].strip() == "^"]


def test_one_long_flow_line_with_many_mistakes_prints_a_window_of_it(
        chdir_tmp: Path) -> None:
    game = _game(chdir_tmp)
    items = ", ".join(f"{{id: Bad-{n}, name: {n}, colour: 2}}" for n in range(3000))
    source = f"countries: [{items}]"
    assert len(source) > 100_000
    (game / "hostile.yaml").write_text(source + "\n")
    result = run_cli("validate", "spring")
    assert result.exit_code == 1
    assert len(result.stdout) < 200_000            # was 1.2 GB (40 KB), MemoryError (100 KB)
    blocks = [b for b in _text_blocks(result.stdout) if "hostile.yaml" in b[0]]
    assert len(blocks) == MAX_PER_FILE + 1
    for head, shown, caret in blocks:
        column = int(head.split(":")[2])
        assert len(shown) <= 4 + EXCERPT_WIDTH
        at = caret.index("^")
        # the caret stands under the very character the diagnostic points at
        assert shown[at] == source[column - 1], (head, shown, caret)
        assert shown.startswith("    …") or column < EXCERPT_WIDTH
    more = blocks[-1][0]
    assert more.startswith("spring/hostile.yaml:1:") and " error F290 and " in more
    assert result.stdout.splitlines()[-1].startswith("summary: files 3, cards 3115, errors ")


def test_build_and_lint_cap_too_and_build_writes_nothing(chdir_tmp: Path) -> None:
    game = _game(chdir_tmp)
    (game / "hostile.yaml").write_text("countries:\n" + "  - {id: Bad}\n" * 300)
    before = _tree_hashes(chdir_tmp)
    out = chdir_tmp / "out"
    built = run_cli("build", "--format", "json", "--out", str(out), "spring")
    assert built.exit_code == 1
    report = json.loads(built.stdout)
    assert report["summary"]["errors"] == 601
    assert _per_file(report["diagnostics"])["spring/hostile.yaml"] == MAX_PER_FILE + 1
    assert report["diagnostics"][-1]["code"] == "F290"
    assert _tree_hashes(chdir_tmp, skip=out) == before
    assert not out.exists() or not any(out.rglob("*.pdf"))
    linted = run_cli("lint", "--fast", "--format", "sarif", "spring")
    assert linted.exit_code == 1
    results = json.loads(linted.stdout)["runs"][0]["results"]
    assert len(results) == 2 + MAX_PER_FILE + 1      # R103: L901 and L902 did not run
    assert results[-1]["ruleId"] == "F290" and results[-1]["level"] == "error"


@pytest.mark.slow
def test_thirty_thousand_invalid_items_report_the_first_hundred_and_a_count(
        chdir_tmp: Path) -> None:
    game = _game(chdir_tmp)
    (game / "hostile.yaml").write_text("countries:\n" + "  - {id: Bad}\n" * 30_000)
    result = run_cli("validate", "--format", "json", "spring")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["summary"] == {"files": 3, "cards": 30_115, "errors": 60_001, "warnings": 0}
    mine = [d for d in report["diagnostics"] if d["file"] == "spring/hostile.yaml"]
    assert len(mine) == MAX_PER_FILE + 1
    # 50 items of two mistakes each (missing name, id not a slug) are shown, items 0-49
    assert [(d["code"], d["line"]) for d in mine[:2]] == [("S301", 2), ("S306", 2)]
    assert mine[-1] == {
        "code": "F290", "severity": "error", "file": "spring/hostile.yaml",
        "line": 52, "column": 5, "related": [], "hint": None,
        "message": "and 59900 more in this file, not shown (at most 100 per file): "
                   "29950 S301, 29950 S306"}
    text = run_cli("validate", "spring")
    assert text.exit_code == 1
    lines = text.stdout.splitlines()
    assert len(lines) == 3 * (1 + MAX_PER_FILE + 1) + 1      # was 120,000 lines, 40 s
    assert ("spring/hostile.yaml:52:5: error F290 and 59900 more in this file, not shown "
            "(at most 100 per file): 29950 S301, 29950 S306") in lines
    assert lines[-1] == "summary: files 3, cards 30115, errors 60001, warnings 0"


def test_the_cap_follows_each_file_and_takes_the_worst_severity() -> None:
    def at(file: str, line: int) -> Location:
        return Location(file, line, 1)

    found = [warning("S300", "w", at("a.yaml", n)) for n in range(1, 6)]
    found += [error("S301", "e", at("a.yaml", 6)), warning("S300", "w", at("b.yaml", 1))]
    shown = cap_per_file(found, 2)
    assert [(d.code, d.location.file, d.location.line, d.severity) for d in shown] == [
        ("S300", "a.yaml", 1, Severity.WARNING), ("S300", "a.yaml", 2, Severity.WARNING),
        ("F290", "a.yaml", 3, Severity.ERROR), ("S300", "b.yaml", 1, Severity.WARNING)]
    assert shown[2].message == ("and 4 more in this file, not shown (at most 2 per file): "
                                "3 S300, 1 S301")
    assert cap_per_file(found[:5], 4)[-1].severity is Severity.WARNING


def test_a_file_name_cannot_forge_github_annotations(chdir_tmp: Path) -> None:
    game = _game(chdir_tmp)
    name = "evil\n::error file=forged.yaml,line=1::forged, a:b %0A\r.yaml"
    (game / name).write_text("countries:\n  - {id: Bad, name: X, colour: '#000000'}\n"
                             "  - {id: x, name: 5, colour: '#000000'}\n"
                             "  - {id: z, name: Z, colour: '#000000', \"k\\n::warning::x\": 1}\n")
    github = run_cli("lint", "--fast", "--format", "github", "spring")
    assert github.exit_code == 1
    lines = github.stdout.splitlines()
    shown = escape_property(f"spring/{name}")
    assert shown == ("spring/evil%0A%3A%3Aerror file=forged.yaml%2Cline=1%3A%3Aforged%2C "
                     "a%3Ab %250A%0D.yaml")
    assert [line.split("::")[1] for line in lines[:-1]] == [
        f"error file={shown},line=2,col=10,title=S306",
        f"error file={shown},line=3,col=19,title=S302",
        f"error file={shown},line=4,col=41,title=S304",
        "warning file=spring/game.yaml,line=3,col=3,title=R103",
        "error file=spring/game.yaml,line=9,col=7,title=N501"]
    assert lines[2].endswith("::countries.2: unknown field 'k\\n::warning::x'")
    assert lines[-1].startswith("summary: ")
    sarif = json.loads(run_cli("lint", "--fast", "--format", "sarif", "spring").stdout)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in sarif["runs"][0]["results"]}
    assert uris == {quote(f"spring/{name}"), "spring/game.yaml"}
    assert all("\n" not in u and "," not in u for u in uris)


def test_github_escaping_follows_the_workflow_command_format() -> None:
    assert escape_data("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b"
    assert escape_property("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext%3A a%2Cb"


def test_text_output_cannot_forge_lines_or_workflow_commands(chdir_tmp: Path) -> None:
    game = _game(chdir_tmp)
    (game / "::error file=a.yaml,line=1::forged.yaml").write_text(
        "countries: []\n::warning file=b.yaml::forged: 1\n")
    (game / "new\nline\x1b[2J.yaml").write_text("countries:\n  - {id: Bad, name: X, "
                                               "colour: '#000000'}\n")
    result = run_cli("validate", "spring")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert not [line for line in lines if line.lstrip(" ").startswith(("::", "##["))]
    assert "spring/new\\nline\\x1b[2J.yaml:2:10: error S306 countries.0.id: 'Bad' " \
           f"{SLUG}" in lines
    os.chdir(game)
    inside = run_cli("validate", ".").stdout.splitlines()
    assert not [line for line in inside if line.lstrip(" ").startswith(("::", "##["))]
    head = inside.index("\\x3a:error file=a.yaml,line=1::forged.yaml:2:1: error F202 unknown "
                        "section '::warning file=b.yaml::forged' in the game folder of spring")
    assert inside[head + 1] == "    \\x3a:warning file=b.yaml::forged: 1"
    assert inside[head + 2] == "    ^"


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif"])
def test_a_file_name_that_is_not_utf8_is_printed_escaped(tmp_path: Path, fmt: str) -> None:
    import subprocess
    import sys

    from tests.conftest import REPO

    game = tmp_path / "san"
    shutil.copytree(CARDS / "san", game)
    (game / os.fsdecode(b"bad\xff.yaml")).write_text("cards: [1]\n")
    command = "validate" if fmt in ("text", "json") else "lint"
    run = subprocess.run(
        [sys.executable, "-m", "compiler", command, "--format", fmt, str(game)],
        cwd=tmp_path, capture_output=True, timeout=120,
        env=os.environ | {"PYTHONPATH": str(REPO), "PYTHONIOENCODING": "utf-8:strict"})
    assert run.returncode == 1, run.stderr
    assert b"internal error" not in run.stderr and b"Traceback" not in run.stderr
    shown = {"text": b"bad\\udcff.yaml", "json": b"bad\\udcff.yaml",
             "github": b"bad\\udcff.yaml", "sarif": b"bad%FF.yaml"}[fmt]  # the byte itself
    assert shown in run.stdout
