"""A turn limit that cuts simulated games short (a slipped digit in ``max_turns``) is
found at the parameter: the stopped games, replayed on the same seeds with a limit ten
times higher, end by the rules. A deck that stalls at any limit stays at the game."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import CARDS, edit, line_of, run_cli


def _lint(folder: Path, code: str) -> list[dict[str, object]]:
    result = run_cli("lint", str(folder), "--select", code, "--games", "40", "--format",
                     "json")
    return [d for d in json.loads(result.stdout)["diagnostics"] if d["code"] == code]


def test_san_max_turns_of_30_is_found_at_the_parameter(cards: Path) -> None:
    path = cards / "san" / "game.yaml"
    edit(path, "real games end by a victory or the River long before 300 turns\"\n"
         "      value: 300", "real games end by a victory or the River long before 300 "
         "turns\"\n      value: 30")
    (found,) = _lint(cards / "san", "L815")
    assert (found["line"], found["column"]) == (line_of(path, "value: 30"), 14)
    assert str(found["message"]).startswith(
        "40 of 40 games stopped at the turn limit of 30; replayed with a limit of 300, 4 of "
        "the first 4 ended by the rules instead (seed 0: ")
    assert "so max_turns cuts games short (replay: samizdat simulate san --content " in \
        str(found["message"])


def test_spring_max_turns_of_40_moves_l911_to_the_parameter(cards: Path) -> None:
    path = cards / "spring" / "game.yaml"
    edit(path, "random games end by overthrows long before\"\n      value: 400",
         "random games end by overthrows long before\"\n      value: 40")
    (found,) = _lint(cards / "spring", "L911")
    assert found["line"] == line_of(path, "value: 40")
    assert "games stopped at the turn limit of 40; replayed with a limit of 400" in \
        str(found["message"])


def test_the_shipped_limits_never_bind() -> None:
    assert _lint(CARDS / "san", "L815") == []
    assert _lint(CARDS / "spring", "L911") == []
