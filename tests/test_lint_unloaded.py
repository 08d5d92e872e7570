"""Every lint rule of every game keeps to its stage when a content file does not load:
a file broken at its first line (a tab, which YAML forbids) leaves its items out, and
the lint says so (the load error, R103 for what did not run), never an internal error
(R104) from a rule that read a section the file should have held."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CARDS, run_cli

FILES = [(game, path.name) for game in ("azadi", "spring", "san")
         for path in sorted((CARDS / game).glob("*.yaml"))]


@pytest.mark.parametrize(("game", "name"), FILES)
def test_a_file_that_did_not_load_is_no_internal_error(cards: Path, game: str,
                                                       name: str) -> None:
    path = cards / game / name
    path.write_text("\t" + path.read_text(encoding="utf-8"), encoding="utf-8")
    result = run_cli("lint", str(cards / game), "--fast", "--format", "json")
    codes = [d["code"] for d in json.loads(result.stdout)["diagnostics"]]
    assert result.exit_code == 1, result.output
    assert "Y103" in codes or "Y104" in codes, codes
    assert "R104" not in codes and "R106" not in codes, codes
