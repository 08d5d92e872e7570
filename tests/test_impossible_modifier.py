"""L709: a rule that moves a quantity past what the box holds, at the value."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import CARDS, edit, line_of
from tests.test_lint_checks import lint_fast


@pytest.mark.parametrize(("file", "before", "after", "said"), [
    ("imperial_orders.yaml", "modify: {majority_needed: {add: 1}}",
     "modify: {majority_needed: {add: 11}}",
     "majority_needed add 11: a majority would need 22 voters in the largest zone, of 21 "
     "areas, and more than its areas in every zone, so no zone under it can ever be won"),
    ("mandates.yaml", "{voter_cards_in_use: {set: 8}}", "{voter_cards_in_use: {set: 80}}",
     "voter_cards_in_use set 80: 80 Voter Cards in use, but the deck holds 60, so the rule "
     "changes nothing"),
    ("foundation_cards.yaml", "modify: {majority_needed: {add: 1}}",
     "modify: {majority_needed: {set: 1}}",
     "majority_needed set 1: a majority would need 1 voters in the smallest zone, of 13 "
     "areas, and no more than half the areas in every zone: two players could hold one at "
     "once"),
    ("foundation_cards.yaml", "modify: {resource_cap: {add: -2}}",
     "modify: {resource_cap: {add: -12}}",
     "resource_cap add -12: a resource cap of 0: no player could hold a single resource"),
    ("mandates.yaml", "modify: {dissent_cost: {add: 1}}", "modify: {dissent_cost: {add: 11}}",
     "dissent_cost add 11: the cheapest dissent would cost 13 resources, more than the 12 a "
     "player may hold: no Order or Mandate under it could ever be overturned"),
    ("mandates.yaml", "{open_voter_card_slots: {add: -1}}",
     "{open_voter_card_slots: {add: -3}}",
     "open_voter_card_slots add -3: 0 open Voter Card slots (of 3): no Voter Card could be "
     "influenced from the open row"),
])
def test_a_quantity_moved_past_the_box(cards: Path, file: str, before: str, after: str,
                                       said: str) -> None:
    path = cards / "azadi" / file
    text = path.read_text(encoding="utf-8")
    at = text.index(before)
    path.write_text(text[:at] + after + text[at + len(before):], encoding="utf-8")
    code, found, report = lint_fast(cards / "azadi")
    line = line_of(path, after)
    assert code == 1
    assert [(d["code"], d["line"], d["message"]) for d in report if d["code"] == "L709"] == \
        [("L709", line, said)]


def test_the_shipped_rules_stay_within_the_box() -> None:
    assert [f for f in lint_fast(CARDS / "azadi")[1] if f[0] == "L709"] == []


def test_a_bolder_modifier_within_the_box_is_quiet(cards: Path) -> None:
    edit(cards / "azadi" / "mandates.yaml", "{voter_cards_in_use: {set: 8}}",
         "{voter_cards_in_use: {set: 12}}")
    assert [f for f in lint_fast(cards / "azadi")[1] if f[0] == "L709"] == []


def test_a_voter_card_costing_more_than_the_cap_is_l707(cards: Path) -> None:
    path = cards / "azadi" / "voter_cards.yaml"
    edit(path, "{id: voter-24, voters: 2, cost: {funds: 1, media: 2, trust: 1}",
         "{id: voter-24, voters: 2, cost: {funds: 12, media: 2, trust: 1}")
    code, found, report = lint_fast(cards / "azadi")
    assert code == 1
    assert [(d["code"], d["line"], d["message"]) for d in report] == [
        ("L707", line_of(path, "voter-24"), "influencing the voter card 'voter-24' costs 15 "
         "resources; a player holds at most 12 (resource_cap), so it can never be paid")]
