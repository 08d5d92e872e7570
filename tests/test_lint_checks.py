"""The checks of issue 19 at exact places: art references in validate (B602, B603),
text drift by what a number counts (L705, L802), a Tyranny card's choices unlocking
one Resistance card (L706), costs over the resource cap (L707), powers and tasks the
base rules make useless (L702, L701), Spring's board facts (M402, M403), and findings
about base content moved into an outside campaign."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from compiler.frontend.validate import validate
from tests.conftest import edit, run_cli

MARS = "azadi/campaigns/mars-1-ae"
FIRST_POWER = ("            cost: {funds: 2}\n            limit: {per_turn: 1}\n            do:\n"
               "              - {action: evict_voters, count: 1, whose: imperial, "
               "majority: false}\n        resistance: 2")


def lint_fast(*paths: Path) -> tuple[int, list[tuple[str, str, int, int]], list[Any]]:
    """Exit code, (code, file name, line, column) and the diagnostics of a fast lint,
    without R103 (the rules not run on content with errors: tests/test_lint_gates.py)."""
    result = run_cli("lint", "--fast", "--format", "json", *map(str, paths))
    report = [d for d in json.loads(result.stdout)["diagnostics"] if d["code"] != "R103"]
    return result.exit_code, [(d["code"], Path(d["file"]).name, d["line"], d["column"])
                              for d in report], report


def where(path: Path, needle: str) -> tuple[int, int]:
    """(line, column) of ``needle`` in ``path``, 1-based."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(needle)


def test_validate_reports_art_outside_missing_and_not_a_file(cards: Path) -> None:
    path = cards / "azadi" / "resistance_cards.yaml"
    (cards / "azadi" / "art").mkdir()
    for title, art in (("Boycott", "../../outside.png"), ("General Strike", "art/none.png"),
                       ("Strike Fund", "art")):
        edit(path, f"    title: {title}\n", f"    title: {title}\n    art: {art}\n")
    result = validate([cards / "azadi"])
    found = [(d.code, d.severity.value, d.location.line, d.location.column)
             for d in result.diagnostics]
    folder_line = [n for n, line in enumerate(path.read_text().splitlines(), 1)
         if line == "    art: art"][0]
    assert found == [("B602", "error", *where(path, "../../outside.png")),
                     ("B603", "warning", *where(path, "art/none.png")),
                     ("B603", "warning", folder_line, 10)]
    assert "not a regular file: it is a folder" in result.diagnostics[2].message
    assert result.errors == 1


def test_text_drift_pairs_a_number_with_what_it_counts(cards: Path) -> None:
    path = cards / MARS / "tyranny_cards.yaml"
    text = "Once a turn, pay 2 funds: evict 2 Imperial voters."
    edit(path, FIRST_POWER, FIRST_POWER.replace("        resistance: 2",
                                                f"        text: \"{text}\"\n"
                                                "        resistance: 2"))
    code, found, report = lint_fast(cards / MARS)
    assert code == 0
    assert found == [("L705", path.name, *where(path, f'"{text}"'))]
    assert "2 voters (its data counts voter: 1)" in report[0]["message"]
    # before the pairing, "2" appeared in the cost and passed: the same text, agreeing
    edit(path, text, "Once a turn, pay 2 funds: evict 1 Imperial voter.")
    assert lint_fast(cards / MARS)[1] == []


def test_san_drift_counts_cards(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    edit(path, "    title: Eclipse Burner Phone\n", "    title: Eclipse Burner Phone\n"
         "    text: \"Draw 2 cards, then destroy 1.\"\n")      # it draws 1
    code, found, report = lint_fast(cards / "san")
    assert found == [("L802", "cards.yaml", *where(path, '"Draw 2 cards'))]


def test_both_choices_unlocking_one_resistance_card(cards: Path) -> None:
    path = cards / MARS / "tyranny_cards.yaml"
    edit(path, "        resistance: 46\n\n  - id: mars-tyranny-02",
         "        resistance: 2\n\n  - id: mars-tyranny-02")
    code, found, report = lint_fast(cards / MARS)
    second = [n for n, line in enumerate(path.read_text().splitlines(), 1)
              if line.strip() == "resistance: 2"][1]
    assert code == 1
    assert ("L706", path.name, second, 21) in found
    assert report[found.index(("L706", path.name, second, 21))]["related"][0]["line"] == \
        where(path, "resistance: 2")[0]


def test_costs_over_the_resource_cap(cards: Path) -> None:
    orders = cards / "azadi" / "imperial_orders.yaml"
    edit(orders, "dissent_cost: {clout: 2}", "dissent_cost: {clout: 7, funds: 6}")
    path = cards / MARS / "tyranny_cards.yaml"
    edit(path, FIRST_POWER, FIRST_POWER.replace("{funds: 2}", "{funds: 8, media: 5}"))
    code, found, _ = lint_fast(cards / MARS)
    assert code == 1
    line, column = where(orders, "{clout: 7")
    assert found == [("L707", path.name, *where(path, "{funds: 8")),
                     ("L707", orders.name, line, column)]
    # exactly the cap can be paid
    edit(orders, "{clout: 7, funds: 6}", "{clout: 6, funds: 6}")
    edit(path, "{funds: 8, media: 5}", "{funds: 8, media: 4}")
    assert lint_fast(cards / MARS)[1] == []


def test_powers_and_tasks_the_base_rules_make_useless(cards: Path) -> None:
    path = cards / MARS / "tyranny_cards.yaml"
    edit(path, "          - when: activated\n" + FIRST_POWER,
         "          - when: activated\n            if: {after_azadi: true}\n" + FIRST_POWER)
    edit(path, "task: {event: voter_moved, where: {whose: own}}",
         "task: {event: voter_placed, where: {whose: imperial, volatile: true}}")
    edit(path, "          - when: activated\n            cost: {any: 1}\n            limit: "
         "{per_turn: 1}\n            do:\n              - {action: move_voters, count: 2",
         "          - when: {event: voter_placed, where: {whose: imperial, volatile: true}}\n"
         "            cost: {any: 1}\n            limit: {per_turn: 1}\n            do:\n"
         "              - {action: move_voters, count: 2")
    code, found, report = lint_fast(cards / MARS)
    assert code == 1
    report = [d for d in report if d["code"] != "L703"]   # the listener's same-moment note
    found = [f for f in found if f[0] != "L703"]
    after = where(path, "after_azadi: true")
    task = where(path, "task: {event: voter_placed")
    listener = where(path, "- when: {event: voter_placed")
    volatile = len("volatile: ")
    assert found == [
        ("L702", path.name, after[0], after[1] + len("after_azadi: ")),
        ("L701", path.name, task[0], where(path, "volatile: true}}")[1] + volatile),
        ("L702", path.name, listener[0],
         path.read_text().splitlines()[listener[0] - 1].index("volatile: true") + 1 + volatile)]
    assert [d["severity"] for d in report] == ["warning", "error", "warning"]


def test_spring_board_facts(cards: Path) -> None:
    game = cards / "spring" / "game.yaml"
    edit(game, "(docs/rulings.md R16)\"\n      value: 1", "(docs/rulings.md R16)\"\n"
         "      value: 51")
    edit(game, "first turn\"\n      value: 2", "first turn\"\n      value: 6")
    edit(game, "overthrown\"\n      value: 4", "overthrown\"\n      value: 12")
    code, found, report = lint_fast(cards / "spring")
    assert code == 1
    at = len("value: ")
    assert found == [("M403", game.name, where(game, "value: 6")[0], 7 + at),
                     ("M403", game.name, where(game, "value: 12")[0], 7 + at),
                     ("M402", game.name, where(game, "value: 51")[0], 7 + at)]
    assert "the pawns have nowhere to start" in report[2]["message"]


def test_findings_about_base_content_point_into_the_outside_campaign(
        cards: Path, tmp_path: Path) -> None:
    """A campaign in its own repository, linted with the base game of the package: a
    Resistance card its Mandate makes dead (card 11 trades, The Path of Oneness forbids
    trading) is reported at the campaign's choice that unlocks it (rule 2 of
    rules_engine/core/outside.py), the base place kept as related."""
    outside = tmp_path / "repo" / "mars"
    shutil.copytree(cards / MARS, outside)
    tyranny = outside / "tyranny_cards.yaml"
    edit(tyranny, "        resistance: 46\n", "        resistance: 11\n")
    code, found, report = lint_fast(outside)
    line, column = where(tyranny, "resistance: 11")
    assert found == [("L702", tyranny.name, line, column + len("resistance: "))]
    assert Path(report[0]["file"]).resolve() == tyranny.resolve()
    assert any(r["file"].endswith("resistance_cards.yaml") for r in report[0]["related"])
    # inside the game folder, the finding stays at the base card
    edit(cards / MARS / "tyranny_cards.yaml", "        resistance: 46\n",
         "        resistance: 11\n")
    assert [f[:2] for f in lint_fast(cards / MARS)[1]] == [("L702", "resistance_cards.yaml")]


def test_a_foundation_buff_its_own_soul_forbids(cards: Path) -> None:
    """Cooperative Commonwealth forbids taking resources; a buff that only takes them
    can never be used, since the soul holds whenever the buff does."""
    path = cards / "azadi" / "foundation_cards.yaml"
    edit(path, "                - {action: influence_voter_card, from: open, discount: 1}",
         "                - {action: take_resources, count: 1, from: another_player}")
    code, found, report = lint_fast(cards / "azadi")
    dead = [d for d in report if d["code"] == "L702"]
    text = path.read_text(encoding="utf-8").splitlines()
    title = text.index("      - title: Cooperative Commonwealth") + 1
    soul, buff = title + 2, title + 5      # the soul's first rule, the buff's first key
    assert [(d["line"], d["message"], d["related"][0]["line"]) for d in dead] == [
        (buff, "the idealist buff of 'Cooperative Commonwealth' can never be used: its "
         "own soul forbids what it needs, and both hold from the vote on", soul)]
