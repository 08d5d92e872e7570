"""Card faces built from the shipped content: one face per design, counts that match
the models, exactly the fields each layout expects, and clean text in every field."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from compiler.frontend.validate import validate
from compiler.text.faces import CardFace, builder
from tests.conftest import CARDS

SAJ = "south-asian-independence-1947"
ICONS = {"funds", "clout", "media", "trust", "any", "legacy", "infamy", "voter", "imperial",
         "corruption", "propaganda", "hacking", "draw", "destroy", "multiplier", "single_use",
         "copy_played", "copy_river", "play_all_types", "play_from_discard",
         "corrupt_from_hand", "force", "counter"}

_IDEOLOGY = ["question", "answer", "resources", "ideologue", "campaign"]
_FOUNDATION = ["title", "soul", "buff", "pair", "monument", "players"]
_CHOICE = ["title", "narrative", "task", "power", "resistance"]
FIELDS: dict[str, tuple[list[str], list[str]]] = {
    "voter_card": (["voters", "cost", "title"], ["title", "subtitle"]),
    "mandate": (["title", "side", "body", "dissent", "campaign"],
                ["title", "side", "body", "note"]),
    "imperial_order": (["number", "dissent", "title"], ["title", "body", "number"]),
    "resistance_card": (["number", "ideologue", "title"], ["title", "body", "ideologue"]),
    "attack_card": (["title", "level", "ideologue", "body", "target"], ["title", "subtitle"]),
    "foundation_card": (_FOUNDATION, _FOUNDATION),
    "monument": (["title", "body", "two_player"], ["number", "title"]),
    "ideology_card": (_IDEOLOGY, _IDEOLOGY),
    "tyranny_card": (["title", "narrative", "number", "order", "paths", "completed",
                      "campaign"],
                     [f"{p}_{f}" for p in "ab" for f in _CHOICE]),
    "san_card": (["title", "type", "icons", "revenue", "cost", "effects", "crossing", "flavor"],
                 ["crossing", "penalty", "corporation"]),
    "virus_card": (["title", "number", "spaces", "corporation"], ["corporation", "title"]),
    "spring_card": (["title", "type", "subtype", "force", "effects", "flavor"],
                    ["title", "subtitle"]),
}


@pytest.fixture(scope="module")
def models() -> dict[str, Any]:
    result = validate([CARDS])
    assert result.errors == 0
    return result.models


@pytest.fixture(scope="module")
def faces(models: dict[str, Any]) -> dict[str, list[CardFace]]:
    return {game: builder(game)(models[game]) for game in ("azadi", "san", "spring")}


def by_deck(faces: list[CardFace]) -> dict[str, list[CardFace]]:
    decks: dict[str, list[CardFace]] = {}
    for face in faces:
        decks.setdefault(face.deck, []).append(face)
    return decks


def test_azadi_face_counts(models: dict[str, Any], faces: dict[str, list[CardFace]]) -> None:
    azadi = models["azadi"]
    decks = by_deck(faces["azadi"])
    assert len(decks["voter-cards"]) == len(azadi.voter_cards)
    assert sum(f.copies for f in decks["voter-cards"]) == 60
    assert len(decks["mandates"]) == 8
    assert len(decks["imperial-orders"]) == 12
    assert len(decks["resistance-cards"]) == 48
    assert len(decks["attack-cards"]) == 12
    assert len(decks["foundation-cards"]) == 12
    assert len(decks["monuments"]) == 6
    for campaign in azadi.campaigns:
        assert len(decks[f"ideology-{campaign.id}"]) == len(campaign.ideology_cards) == 108
        assert len(decks[f"tyranny-{campaign.id}"]) == len(campaign.tyranny_cards) == 12
    assert set(decks) == {"voter-cards", "mandates", "imperial-orders", "resistance-cards",
                          "attack-cards", "foundation-cards", "monuments",
                          *(f"{kind}-{c.id}" for c in azadi.campaigns
                            for kind in ("ideology", "tyranny"))}


def test_san_and_spring_face_counts(models: dict[str, Any],
                                    faces: dict[str, list[CardFace]]) -> None:
    san = faces["san"]
    assert len(san) == len(models["san"].cards)
    assert sum(f.copies for f in san) == 82
    copies = Counter[str]()
    for face in san:
        copies[face.deck] += face.copies
    assert copies == {"starting-moon": 12, "starting-star": 12, "virus-moon": 5,
                      "virus-star": 5, "river": 48}
    spring = faces["spring"]
    assert {f.deck for f in spring} == {"common"}
    assert sum(f.copies for f in spring) == sum(c.copies for c in models["spring"].cards)


def test_every_face_has_exactly_its_fields(faces: dict[str, list[CardFace]]) -> None:
    for game, built in faces.items():
        for face in built:
            assert face.game == game
            front, back = FIELDS[face.card_type]
            assert list(face.front) == front, face.card_id
            assert list(face.back) == back, face.card_id


def test_no_field_leaks_python_or_jinja(faces: dict[str, list[CardFace]]) -> None:
    for built in faces.values():
        for face in built:
            for value in (*face.front.values(), *face.back.values()):
                assert isinstance(value, str)
                assert "None" not in value and "{{" not in value and "}}" not in value
                assert "{%" not in value and "  \n" not in value
                assert set(re.findall(r":([a-z_]+):", value)) <= ICONS, (face.card_id, value)
                assert value.count("**") % 2 == 0


def test_faces_keep_source_copies_and_tags(models: dict[str, Any],
                                          faces: dict[str, list[CardFace]]) -> None:
    azadi = models["azadi"]
    resistance = {c.id: c for c in azadi.resistance_cards}
    for face in faces["azadi"]:
        assert face.art is None
        if face.card_id in resistance:
            assert face.source == resistance[face.card_id].location
            assert face.tags == {"ideologue": resistance[face.card_id].ideologue}
    voters = {c.id: c.copies for c in azadi.voter_cards}
    assert {f.card_id: f.copies for f in faces["azadi"] if f.deck == "voter-cards"} == voters
    for face in faces["san"]:
        assert set(face.tags) == {"type", "corporation"}
    for face in faces["spring"]:
        kind = face.front["type"].lower()       # the icon: the type's, or Spring's shield
        assert face.tags == {"type": kind,
                             "icon": "resistance_card" if kind == "resistance" else kind}


def test_faces_are_sorted_and_deterministic(models: dict[str, Any],
                                            faces: dict[str, list[CardFace]]) -> None:
    for game, built in faces.items():
        assert built == sorted(built, key=lambda f: (f.deck, f.card_id))
        assert builder(game)(models[game]) == built
        assert len({(f.deck, f.card_id) for f in built}) == len(built)


def test_sample_faces(faces: dict[str, list[CardFace]]) -> None:
    azadi = {f.card_id: f for f in faces["azadi"]}
    tax = azadi["tax-without-representation"]
    assert tax.front["body"] == "**End of turn:** discard all your resources."
    assert tax.front["dissent"] == "3 :any:"
    assert tax.back["title"] == "Power of the Purse"
    assert azadi["feudal-law"].front["campaign"] == "Alternate history"
    assert azadi["divide-and-rule"].front["campaign"] == "South Asian Independence 1947"
    order = azadi["order-01"]
    assert order.front == {"number": "1", "dissent": "1 :clout: + 1 :trust:",
                           "title": "Imperial Order"}
    assert order.back["body"] == "To place a voter here, discard 1 of your own voters."
    assert azadi["resistance-01"].front["ideologue"] == "Level 3 :funds: Capitalist"
    attack = azadi["attack-idealist-2"]
    assert attack.front["target"] == "Hits every player at level 2 of the Idealist"
    assert attack.back == {"title": "Imperial Attack", "subtitle": "The Idealist"}
    tyranny = azadi["saj-tyranny-03"]
    assert tyranny.front["order"] == "Enacts Imperial Order 3"
    assert tyranny.back["a_task"] == "Evict 1 Imperial voter. ×6"
    assert tyranny.back["a_resistance"] == "Unlocks Resistance 3"
    assert tyranny.front["paths"].splitlines() == ["Do or Die → Resistance 3",
                                                   "Parallel Governments → Resistance 15"]
    ideology = azadi["saj-ideology-001"]
    assert ideology.front["resources"] == "4 :trust:"
    assert ideology.back["ideologue"] == "The Showstopper"
    assert azadi["voter-34"].front == {"voters": "3", "cost": "2 :funds: + 3 :clout:",
                                       "title": "Voter card"}
    assert azadi["monument-1"].back == {"number": "Monument 1", "title": "SHASN: AZADI"}

    san = {f.card_id: f for f in faces["san"]}
    fixer = san["moon-start-corruption-fixer"]
    assert fixer.front["icons"] == ":corruption: :corruption:"
    assert fixer.front["revenue"] == "" and fixer.front["cost"] == ""
    assert fixer.back["corporation"] == "Moon"
    virus = san["moon-virus-4"]
    assert virus.card_type == "virus_card" and virus.deck == "virus-moon"
    assert virus.front["number"] == "4" and virus.back["title"] == "Virus"

    spring = {f.card_id: f for f in faces["spring"]}
    hashtag = spring["rev-protest-hashtag-trends"]
    assert hashtag.front["subtype"] == "Protest" and hashtag.front["force"] == "3"
    assert hashtag.front["effects"] == ":draw: Draw 1 card."
