"""The typed content models built from the shipped content: the rulebook facts hold."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from compiler.frontend.validate import validate
from rules_engine.azadi.model import AzadiContent
from rules_engine.core.effects import Ability, Rule
from rules_engine.san.model import SanContent
from rules_engine.spring.model import SpringContent
from tests.conftest import CARDS


@pytest.fixture(scope="module")
def models() -> dict[str, Any]:
    result = validate([CARDS])
    assert result.errors == 0
    return result.models


def test_azadi_components(models: dict[str, Any]) -> None:
    azadi: AzadiContent = models["azadi"]
    assert len(azadi.mandates) == 8
    assert len(azadi.imperial_orders) == 12
    assert sorted(r.number for r in azadi.resistance_cards) == list(range(1, 49))
    assert sum(v.copies for v in azadi.voter_cards) == 60
    assert sum(z.copies for z in azadi.zones) == 13
    assert {(a.ideologue, a.level) for a in azadi.attack_cards} == {
        (i, lvl) for i in ("capitalist", "showstopper", "idealist", "supremo") for lvl in (1, 2, 3)}
    assert len({(f.dominant, f.second) for f in azadi.foundation_cards}) == 12
    capital = [z for z in azadi.zones if z.capital]
    assert [(z.areas, z.majority) for z in capital] == [(15, 8)]


def test_table_1(models: dict[str, Any]) -> None:
    azadi: AzadiContent = models["azadi"]
    rows = {r.players: r for r in azadi.setup_table}
    assert rows[4].ideology_cards == 24 and rows[4].azadi_points.get("hard") == 12
    assert rows[2].azadi_points.get("easy") == 8 and rows[5].ideology_cards == 25


def test_the_five_printed_mandates_are_data(models: dict[str, Any]) -> None:
    mandates = {m.id: m for m in models["azadi"].mandates}
    (tax,) = mandates["tax-without-representation"].imperial
    assert isinstance(tax, Ability) and tax.when == "end_of_turn"
    assert [(a.kind, a.get("count")) for a in tax.actions] == [("discard_resources", "all")]
    assert mandates["the-path-of-oneness"].imperial == (Rule("forbid", "trade", None, "game"),)

    def rule(mandate_id: str) -> tuple[str, str, dict[str, int]]:
        (r,) = mandates[mandate_id].imperial
        assert isinstance(r, Rule)
        return r.kind, r.target, r.value.to_dict()

    assert rule("state-of-emergency") == ("modify", "voter_card_votes", {"set": 1})
    assert rule("divide-and-rule") == ("modify", "open_voter_card_slots", {"add": -1})
    assert rule("patrimonialism") == ("modify", "voter_cards_in_use", {"set": 8})


CAMPAIGNS = {
    "american-revolution-1776": "tax-without-representation",
    "south-asian-independence-1947": "divide-and-rule",
    "russian-revolution-1917": "patrimonialism",
    "egyptian-revolution-2011": "state-of-emergency",
    "mars-1-ae": "the-path-of-oneness",
}


def test_the_five_campaigns_and_their_mandates(models: dict[str, Any]) -> None:
    azadi: AzadiContent = models["azadi"]
    assert {c.id: c.mandate for c in azadi.campaigns} == CAMPAIGNS
    orders = {o.number for o in azadi.imperial_orders}
    for campaign in azadi.campaigns:
        assert len(campaign.tyranny_cards) == 12 and len(campaign.ideology_cards) == 108
        assert sorted(t.order for t in campaign.tyranny_cards) == sorted(orders)
        for card in campaign.ideology_cards:
            assert card.answers[0].ideologue != card.answers[1].ideologue


def test_every_resistance_card_and_order_is_used(models: dict[str, Any]) -> None:
    azadi: AzadiContent = models["azadi"]
    unlocked = {c.resistance for camp in azadi.campaigns for t in camp.tyranny_cards
                for c in t.choices}
    enacted = {t.order for camp in azadi.campaigns for t in camp.tyranny_cards}
    assert unlocked == {r.number for r in azadi.resistance_cards} == set(range(1, 49))
    assert enacted == {o.number for o in azadi.imperial_orders}
    for campaign in azadi.campaigns:   # within a campaign, a choice unlocks its own card
        numbers = [c.resistance for t in campaign.tyranny_cards for c in t.choices]
        assert len(numbers) == len(set(numbers)) == 24


def test_voter_cards_follow_the_curve_and_favour_no_resource(models: dict[str, Any]) -> None:
    azadi: AzadiContent = models["azadi"]
    price = {1: 2, 2: 4, 3: 5}                       # ruling R58: one off for three
    used: dict[str, int] = {}
    for card in azadi.voter_cards:
        cost = card.cost.to_dict()
        assert sum(cost.values()) == price[card.voters], card.id
        for kind, n in cost.items():
            used[kind] = used.get(kind, 0) + n * card.copies
    assert used == {kind: 54 for kind in ("funds", "clout", "media", "trust")}


def test_ideology_answers_are_balanced(models: dict[str, Any]) -> None:
    azadi: AzadiContent = models["azadi"]
    for campaign in azadi.campaigns:
        per_ideologue: dict[str, int] = {}
        for card in campaign.ideology_cards:
            for answer in card.answers:
                per_ideologue[answer.ideologue] = per_ideologue.get(answer.ideologue, 0) + 1
                assert sum(answer.resources.to_dict().values()) == 4, card.id   # ruling R58
        assert per_ideologue == {i: 54 for i in
                                 ("capitalist", "showstopper", "idealist", "supremo")}, \
            campaign.id


def test_no_two_azadi_cards_share_a_title_or_question(models: dict[str, Any]) -> None:
    azadi: AzadiContent = models["azadi"]
    titles = [m.title for m in azadi.mandates] + [m.rebel_title for m in azadi.mandates]
    titles += [o.title for o in azadi.imperial_orders] + [r.title for r in azadi.resistance_cards]
    titles += [a.title for a in azadi.attack_cards] + [m.title for m in azadi.monuments]
    titles += [s.title for f in azadi.foundation_cards for s in f.sides]
    titles += [t.title for c in azadi.campaigns for t in c.tyranny_cards]
    titles += [ch.title for c in azadi.campaigns for t in c.tyranny_cards for ch in t.choices]
    folded = [t.casefold() for t in titles]
    assert len(folded) == len(set(folded)), sorted(t for t in folded if folded.count(t) > 1)
    questions = [q.question.casefold() for c in azadi.campaigns for q in c.ideology_cards]
    assert len(questions) == len(set(questions)) == 5 * 108


def test_models_are_immutable_and_hashable(models: dict[str, Any]) -> None:
    azadi: AzadiContent = models["azadi"]
    hash(azadi)
    with pytest.raises(AttributeError):
        azadi.mandates[0].title = "x"  # type: ignore[misc]


def test_san_components(models: dict[str, Any]) -> None:
    san: SanContent = models["san"]
    assert sum(c.copies for c in san.cards) == 82
    assert len(san.propaganda_track) == 7
    assert [s.stage for s in san.propaganda_track if s.hand_bonus] == [3, 5]
    for corp in ("moon", "star"):
        virus = sorted(c.virus_number or 0 for c in san.cards
                       if c.deck == "virus" and c.corporation == corp)
        assert virus == [1, 2, 3, 4, 5]


def test_spring_board(models: dict[str, Any]) -> None:
    spring: SpringContent = models["spring"]
    assert len(spring.spaces) == 50 and len(spring.countries) == 11
    sizes = sorted(len(c.spaces) for c in spring.countries)
    assert sizes == [3] * 5 + [4] * 6
    iran = next(c for c in spring.countries if c.id == "iran")
    assert iran.spaces == (47, 48, 49, 50)
    assert {c.type for c in spring.cards} == {"revolution", "resistance", "motivation"}


def test_every_assumed_parameter_says_why() -> None:
    import yaml

    for manifest in sorted(Path(CARDS).glob("*/game.yaml")):
        params = yaml.safe_load(manifest.read_text())["game"]["parameters"]
        for name, entry in params.items():
            assert len(entry["why"]) > 10, (manifest, name)
