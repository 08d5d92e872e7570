"""L605: flavour or narrative words counting what their card's effects count, with a
number the effects never give, found at the words; quiet on the shipped content and
on story numbers (years, crowds, "three times over")."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import edit
from tests.test_lint_checks import MARS, lint_fast, where

DRONE = "Hovers over the desk and eats anything marked confidential."
CONVOY = "Flour, medicine and the news that somebody outside is paying attention."
STRIKE = ("The surface crews park their haulers at the airlock and sit down in\n"
          "          their suits.")


def _l605(report: list[dict]) -> list[tuple[int, int, str]]:
    return [(d["line"], d["column"], d["message"]) for d in report if d["code"] == "L605"]


def test_the_shipped_story_words_agree_with_their_cards(cards: Path) -> None:
    for game in ("azadi", "spring", "san"):
        assert _l605(lint_fast(cards / game)[2]) == [], game


def test_a_san_flavour_destroying_more_than_its_card(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    edit(path, DRONE, "Hovers over the desk and shreds three cards marked confidential.")
    code, _, report = lint_fast(cards / "san")
    line, column = where(path, "Hovers over the desk")
    assert code == 0
    assert _l605(report) == [(line, column, "these words say 'three cards', but the "
                              "entry they belong to gives 1, 2 for 'card'")]


def test_a_spring_flavour_moving_another_number_of_spaces(cards: Path) -> None:
    path = cards / "spring" / "board_and_deck.yaml"
    edit(path, CONVOY, "The convoy rolls three spaces past the border post.")
    line, column = where(path, "The convoy rolls")
    assert _l605(lint_fast(cards / "spring")[2]) == [
        (line, column, "these words say 'three spaces', but the entry they belong to "
                       "gives 2 for 'space'")]
    edit(path, "rolls three spaces", "rolls two spaces")        # as the card moves
    assert _l605(lint_fast(cards / "spring")[2]) == []


def test_a_tyranny_power_narrative_and_story_numbers(cards: Path) -> None:
    path = cards / MARS / "tyranny_cards.yaml"
    edit(path, STRIKE, "In 2091 the crews evict three voters from the airlock and sit\n"
                       "          down in their suits, three times over.")
    line = where(path, "In 2091 the crews")[0] - 1      # the folded scalar's first line
    found = _l605(lint_fast(cards / MARS)[2])
    assert [(at, message) for at, _, message in found] == [
        (line, "these words say 'three voters', but the entry they belong to gives 1 "
               "for 'voter'")]


def test_an_answer_whose_words_grant_another_sum(cards: Path) -> None:
    """An Ideology answer plays no verb: its words are held to its resources."""
    path = cards / "azadi" / "campaigns" / "egyptian-revolution-2011" / "ideology_cards.yaml"
    edit(path, "Keep weaving; the order book is full and overtime pays double.",
         "Keep weaving and take the 2 funds of overtime.")
    line, column = where(path, "Keep weaving and take")
    assert _l605(lint_fast(path.parent)[2]) == [     # at the quoted scalar's quote
        (line, column - 1, "these words say '2 funds', but the entry they belong to gives 4 "
                           "for 'fund'")]
