"""L604: a manifest parameter the shipped game does not have (a misspelt name, read by
nothing), with the closest name it has, and one it has that the manifest left out."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import CARDS, edit, line_of
from tests.test_lint_checks import lint_fast


def test_a_misspelt_parameter(cards: Path) -> None:
    path = cards / "san" / "game.yaml"
    edit(path, "    hand_size:\n", "    hand_sise:\n")
    code, found, report = lint_fast(cards / "san")
    said = sorted((d["line"], d["message"]) for d in report if d["code"] == "L604")
    assert said == [
        (line_of(path, "  parameters:") + 1, "parameters lacks hand_size, which san reads: "
         "the engine plays its built-in value for each, which no line of the content "
         "states"),
        (line_of(path, "hand_sise:") + 1, "parameters.hand_sise: san has no such parameter, "
         "so nothing reads it; did you mean hand_size?")]


def test_the_shipped_manifests_and_the_scaffold_are_quiet(tmp_path: Path) -> None:
    from tests.conftest import run_cli

    for game in ("azadi", "spring", "san"):
        assert [f for f in lint_fast(CARDS / game)[1] if f[0] == "L604"] == []
    made = run_cli("new", "campaign", "quiet-campaign", "--into", str(tmp_path))
    assert made.exit_code == 0, made.output
    assert [f for f in lint_fast(tmp_path)[1] if f[0] == "L604"] == []
