"""The planted-problem suite (tests/lint_cases/): realistic mistakes a designer makes,
one per case, and clean twins (realistic edits that must not be flagged).

Each case file says which shipped game folder to copy, which text edits to make
(``old`` → ``new``, exactly one occurrence each, as :func:`tests.conftest.edit`), what to
lint, and the findings expected: (code, file, the line holding ``at``). A planted case
is found when every expected finding is reported at its file and line; a twin must lint
with no finding at all. The test prints recall and false positives and holds them to
recall ≥ 90 % and no false positive. Cases needing simulated games (``simulated:
true``) run in the slow test with the full lint."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from compiler.pipeline.lint import lint
from tests.conftest import CARDS, edit, line_of

CASES = Path(__file__).parent / "lint_cases"
RECALL_WANTED = 0.9


@dataclass(frozen=True)
class Case:
    """One planted problem (``expect`` non-empty) or clean twin."""

    name: str
    game: str
    lint: str
    edits: tuple[dict[str, str], ...]
    expect: tuple[dict[str, Any], ...]
    simulated: bool

    @property
    def twin(self) -> bool:
        return not self.expect


def load_cases() -> list[Case]:
    cases = []
    for path in sorted(CASES.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        cases.append(Case(path.stem, data["game"], data.get("lint", data["game"]),
                          tuple(data.get("edits", [])), tuple(data.get("expect") or []),
                          bool(data.get("simulated", False))))
    return cases


def run_case(case: Case, root: Path) -> tuple[set[tuple[str, str, int]],
                                                  set[tuple[str, str, int]]]:
    """(expected, found) as (code, file relative to the copy, line) for ``case``."""
    shutil.copytree(CARDS / case.game, root / case.game)
    for change in case.edits:
        edit(root / change["file"], change["old"], change["new"])
    expected = {(e["code"], e["file"], line_of(root / e["file"], e["at"]))
                for e in case.expect}
    result = lint([root / case.lint], fast=not case.simulated, games=50)
    found = {(d.code, Path(d.location.file).resolve().relative_to(root.resolve()).as_posix()
              if Path(d.location.file).resolve().is_relative_to(root.resolve())
              else d.location.file, d.location.line) for d in result.diagnostics}
    return expected, found


def _score(cases: list[Case], tmp_path: Path) -> tuple[float, list[str], list[str]]:
    planted = [c for c in cases if not c.twin]
    missed, flagged, broken = [], [], []
    for case in cases:
        try:
            expected, found = run_case(case, tmp_path / case.name)
        except AssertionError as exc:      # an edit or an expected line not found
            broken.append(f"{case.name}: {str(exc).splitlines()[0]}")
            continue
        if case.twin and found:
            flagged.append(f"{case.name}: {sorted(found)}")
        elif not case.twin and not expected <= found:
            missed.append(f"{case.name}: wanted {sorted(expected - found)}, "
                          f"got {sorted(found)}")
    recall = 1 - len(missed) / len(planted) if planted else 1.0
    twins = sum(1 for c in cases if c.twin)
    print(f"\nplanted-problem suite: {len(planted) - len(missed)}/{len(planted)} found "
          f"(recall {recall:.0%}), {len(flagged)}/{twins} clean twins flagged")
    for line in missed:
        print("  missed", line)
    for line in flagged:
        print("  false positive", line)
    assert broken == [], broken
    return recall, missed, flagged


def test_the_suite_has_enough_cases() -> None:
    cases = load_cases()
    assert sum(1 for c in cases if not c.twin) >= 40
    assert sum(1 for c in cases if c.twin) >= 15
    assert {c.game for c in cases if not c.twin} == {"azadi", "san", "spring"}


def test_planted_problems_static(tmp_path: Path) -> None:
    recall, _, flagged = _score([c for c in load_cases() if not c.simulated], tmp_path)
    assert recall >= RECALL_WANTED
    assert flagged == []


@pytest.mark.slow
def test_planted_problems_simulated(tmp_path: Path) -> None:
    cases = [c for c in load_cases() if c.simulated]
    recall, _, flagged = _score(cases, tmp_path)
    assert recall >= RECALL_WANTED
    assert flagged == []
