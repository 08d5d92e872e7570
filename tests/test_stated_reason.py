"""L604: a manifest parameter whose value holds a number its own reason (``why``) does
not state, found at that number; quiet on the shipped manifests and where the reason
is edited with the value."""

from __future__ import annotations

from pathlib import Path

from rules_engine.core.stated_reasons import stated
from tests.conftest import edit
from tests.test_lint_checks import lint_fast, where

SCORES = "value: {final_card: 2, first: 5, second: 3, other: 1}"


def test_the_numbers_a_reason_states() -> None:
    assert stated("Roll 1 die; a standard six-sided die") == {1.0, 6.0}
    assert stated("costs run from 2 (help with one card) to 5 (a conversion)") == \
        {1.0, 2.0, 3.0, 4.0, 5.0}
    assert stated("15 spots with rising costs (1 to 5)") == {1.0, 2.0, 3.0, 4.0, 5.0, 15.0}
    assert stated("docs/rulings.md R16 and lint L902 decide it") == set()
    assert stated("twenty-two seats, between 3 and 5 a row") == {3.0, 4.0, 5.0, 22.0}


def test_a_value_edited_under_its_old_reason(cards: Path) -> None:
    path = cards / "spring" / "game.yaml"
    edit(path, SCORES, SCORES.replace("first: 5", "first: 6"))
    code, found, report = lint_fast(cards / "spring")
    hits = [d for d in report if d["code"] == "L604"]
    line, column = where(path, "first: 6")
    assert code == 0 and [(f[0], f[2], f[3]) for f in found if f[0] == "L604"] == [
        ("L604", line, column + len("first: "))]
    assert hits[0]["severity"] == "warning"
    assert hits[0]["message"] == ("parameter overthrow_scores: the value holds 6, which its "
                                  "reason (why) does not state (it states 1, 2, 3, 5)")


def test_a_scalar_and_a_reason_in_words(cards: Path) -> None:
    path = cards / "spring" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("    die_sides:")
    path.write_text(text[:start] + text[start:].replace("value: 6", "value: 8", 1),
                    encoding="utf-8")
    found = lint_fast(cards / "spring")[1]
    assert [f[2] for f in found if f[0] == "L604"] == [where(path, "value: 8")[0]]


def test_a_variant_that_says_so_is_quiet(cards: Path) -> None:
    path = cards / "spring" / "game.yaml"
    edit(path, SCORES, SCORES.replace("first: 5", "first: 6"))
    edit(path, '"2 VT for the final card, 5 VT most', '"House rule, 6 VT most (the design '
         'gives 5): 2 VT for the final card, 5 VT most')
    assert [f for f in lint_fast(cards / "spring")[1] if f[0] == "L604"] == []


def test_a_reason_that_names_a_table_is_not_read_as_its_entries(cards: Path) -> None:
    path = cards / "azadi" / "game.yaml"        # "Table 1 of the rulebook: ..."
    text = path.read_text(encoding="utf-8")
    start = text.index("    setup_table:")
    path.write_text(text[:start] + text[start:].replace("14", "15", 1), encoding="utf-8")
    assert [f for f in lint_fast(cards / "azadi")[1] if f[0] == "L604"] == []


def test_the_shipped_manifests_are_quiet() -> None:
    from tests.conftest import CARDS

    found = lint_fast(CARDS / "azadi", CARDS / "spring", CARDS / "san")[1]
    assert [f for f in found if f[0] == "L604"] == []
