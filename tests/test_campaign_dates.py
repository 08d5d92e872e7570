"""L708: a campaign whose name, id, period and prose disagree on its dates, found at
the name, the period or the text; the shipped campaigns and the scaffold are quiet."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import CARDS, edit
from tests.test_lint_checks import lint_fast, where

RUSSIA = "azadi/campaigns/russian-revolution-1917"


def _l708(folder: Path) -> list[tuple[int, int, str]]:
    return [(d["line"], d["column"], d["message"]) for d in lint_fast(folder)[2]
            if d["code"] == "L708"]


def test_the_shipped_campaigns_are_quiet() -> None:
    assert _l708(CARDS / "azadi") == []


def test_a_name_that_says_another_year_than_the_id(cards: Path) -> None:
    path = cards / RUSSIA / "campaign.yaml"
    edit(path, 'name: "Russian Revolution 1917"', 'name: "Russian Revolution 1918"')
    line, column = where(path, '"Russian Revolution 1918"')
    assert _l708(cards / RUSSIA) == [(line, column, (
        "campaign russian-revolution-1917: its id says 1917, its name 'Russian Revolution "
        "1918' does not"))]


def test_a_year_in_the_prose_after_the_period(cards: Path) -> None:
    path = cards / RUSSIA / "tyranny_cards.yaml"
    edit(path, "In February 1917 the Petrograd", "In February 1927 the Petrograd")
    line = where(path, "In February 1927")[0] - 1          # the folded text's key
    found = _l708(cards / RUSSIA)
    assert [(f[0], f[2]) for f in found] == [(line, (
        "campaign russian-revolution-1917: this text names 1927, after the campaign's "
        "period 1905-1917 ends"))]
    edit(path, "In February 1927 the Petrograd", "In February 1897 the Petrograd")
    assert _l708(cards / RUSSIA) == []          # background before the period: not judged


def test_a_period_that_leaves_out_the_id_year(cards: Path) -> None:
    path = cards / RUSSIA / "campaign.yaml"
    edit(path, 'year: "1905-1917"', 'year: "1905-1916"')
    found = _l708(cards / RUSSIA)
    at_period = [f for f in found if f[:2] == where(path, '"1905-1916"')]
    assert [f[2] for f in at_period] == ["campaign russian-revolution-1917: its id's year "
                                         "1917 lies outside its period 1905-1916"]
    others = [f for f in found if f not in at_period]     # the prose of 1917 lies after it
    assert others and all("names 1917, after the campaign's period 1905-1916 ends" in f[2]
                          for f in others)
