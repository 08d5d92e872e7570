"""Property-based fuzzing of content (Hypothesis): any one to three schema-level
edits of a shipped game (the operators of ``lint --mutants``: numbers, values,
references, ids, list items, numbers in texts and translations) lints with exit code
0 or 1, a report, no internal error (R104) and no traceback, in bounded time."""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.cli import main
from compiler.mutants.operators import Mutant, mutants
from tests.conftest import CARDS

SECONDS = 20.0       # far above a fast lint of a game (under 1 s)


@cache
def _listed(game: str) -> tuple[Mutant, ...]:
    return tuple(mutants(CARDS / game))


def _apply(folder: Path, chosen: list[Mutant]) -> None:
    """Apply ``chosen`` (those that do not overlap), last offset first in each file."""
    by_file: dict[str, list[Mutant]] = {}
    for m in chosen:
        by_file.setdefault(m.file, []).append(m)
    for file, edits in by_file.items():
        path = folder / file
        text = path.read_text(encoding="utf-8")
        end = len(text) + 1
        for m in sorted(edits, key=lambda m: m.start, reverse=True):
            if m.end <= end:
                text = m.apply(text)
                end = m.start
        path.write_text(text, encoding="utf-8")


def _lints_with_a_report(game: str, picks: list[int]) -> None:
    listed = _listed(game)
    with tempfile.TemporaryDirectory(prefix="samizdat-fuzz-") as scratch:
        folder = Path(scratch) / game
        shutil.copytree(CARDS / game, folder)
        _apply(folder, [listed[i] for i in picks])
        started = time.monotonic()
        result = CliRunner().invoke(main, ["lint", str(folder), "--fast", "--format", "json",
                                           *(["--lang", "fr,ar"] if game == "spring" else [])])
        assert time.monotonic() - started < SECONDS
    assert result.exit_code in (0, 1), (result.output, result.exception)
    codes = [d["code"] for d in json.loads(result.stdout)["diagnostics"]]
    assert not {"R104", "R106", "M406"} & set(codes), codes


def _picks(game: str) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, len(_listed(game)) - 1), min_size=1, max_size=3,
                    unique=True)


@pytest.mark.parametrize("game", ["azadi", "spring", "san"])
@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_edit_lints_with_a_report(game: str, data: st.DataObject) -> None:
    _lints_with_a_report(game, data.draw(_picks(game)))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["azadi", "spring", "san"])
@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_many_edits_lint_with_a_report(game: str, data: st.DataObject) -> None:
    _lints_with_a_report(game, data.draw(_picks(game)))


def test_a_translation_charset_python_does_not_know(tmp_path: Path) -> None:
    folder = tmp_path / "spring"
    shutil.copytree(CARDS / "spring", folder)
    po = folder / "lang" / "fr.po"
    text = po.read_text(encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "charset=" in row)
    po.write_text(text.replace("charset=UTF-8", "charset=utf-9").replace(
        "charset=utf-8", "charset=utf-9"), encoding="utf-8")
    result = CliRunner().invoke(main, ["lint", str(folder), "--fast", "--lang", "fr"])
    assert result.exit_code == 1
    assert f"fr.po:{line}:1: error T104 not a PO catalogue Python can read: the header's " \
        "charset names unknown encoding: utf-9; expected utf-8" in result.output
