"""L904 (R76): two Spring countries side by side with no Revolution space between."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import CARDS, edit, line_of
from tests.test_lint_checks import lint_fast

BOARD = "board_and_deck.yaml"


def test_a_revolution_space_moved_into_the_next_country(cards: Path) -> None:
    path = cards / "spring" / BOARD
    edit(path, "  - {number: 46, kind: revolution}",
         "  - {number: 46, kind: country, country: iran}")
    edit(path, "  - {number: 50, kind: country, country: iran}",
         "  - {number: 50, kind: revolution}")
    code, found, report = lint_fast(cards / "spring")
    line = line_of(path, "{number: 46, kind: country, country: iran}")
    assert found == [("L904", BOARD, line, 5)]
    assert report[0]["message"] == (
        "Iran begins at space 46, right after Iraq's space 45, with no Revolution space "
        "between: every country is entered from a Revolution space (R76)")
    assert report[0]["related"][0]["line"] == line_of(path, "{number: 45, kind: country")


def test_the_shipped_board_enters_every_country_from_a_revolution_space() -> None:
    assert [f for f in lint_fast(CARDS / "spring")[1] if f[0] == "L904"] == []
