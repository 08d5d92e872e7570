"""Spring's and SAN's printed rules, tables and mats say the manifest's numbers, so a
variant prints what its engine plays (priority one: printed is simulated). Each
parameter of a variant is given a value no shipped text holds; the reference, in
every language, then says it where the shipped game says the shipped value."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from compiler.frontend.rules_data import load_rules, with_parameters
from compiler.frontend.validate import validate
from compiler.text.effect_text import wording
from rules_engine.core.effects import freeze
from tests.conftest import CARDS, REPO, edit, line_of, validate_json

SPRING = {"starting_hand": 3, "hand_limit": 7, "die_sides": 8, "start_space": 9,
          "max_counters_per_space": 6, "overthrows_to_end": 5, "max_turns": 450,
          "end_vt_per_counter_space": 2, "counters_per_player": 17,
          "overthrow_scores": {"final_card": 4, "first": 9, "second": 6, "other": 2}}
SAN = {"hand_size": 5, "first_game_hand_size": 8, "river_size": 4, "corruption_spaces": 5,
       "cards_per_corruption_space": 3, "corruption_icons_per_card": 4,
       "corruption_to_win": 14, "hand_bonus_stages": [2, 6]}


def _text(game: str, variant: dict[str, object], lang: str = "en") -> str:
    model = validate([CARDS / game]).models[game]
    path = None if lang == "en" else REPO / "templates" / game / "lang" / lang / "rules.yaml"
    rules, problems = load_rules(game, path=path)
    assert rules is not None, problems
    parameters = {**model.parameters.to_dict(), **variant}
    text = str(with_parameters(rules, parameters).data)
    assert "{parameter:" not in text
    return text


@pytest.mark.parametrize("said", [
    "Deal 3 cards to each player.", "One :die: die with 8 sides.",
    "Put every pawn on space 9.", "discard down to 7 cards",
    "A space holds at most 6 counters", "as soon as 5 countries",
    "You take 4 VT for playing the card that completed the country.",
    "Ben take 9 VT each; Carla takes", "takes 2 :victory: VT for every space",
    "reaches 450 turns", "one pawn and 17 :counter: counters"])
def test_spring_prints_its_variants_numbers(said: str) -> None:
    assert said in " ".join(_text("spring", SPRING).split())


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_spring_translations_print_the_variants_numbers(lang: str) -> None:
    shipped = _text("spring", {}, lang)
    varied = _text("spring", SPRING, lang)
    for value in ("450", "17"):          # the turn cap, the counters a player
        assert value in varied and value not in shipped


@pytest.mark.parametrize("said", [
    "Lay 4 of them face up", "Corruption zone of 5 spaces, and each space holds up to 3",
    "Draw the top 5 cards", "Your hand size is 5 (8 in a first game",
    "Each group of 4 :corruption: Corruption icons", "**Corruption:** 14 cards",
    "on stages 2 and 6 of your track", "Refill** to 5 cards (8 in a first game)"])
def test_san_prints_its_variants_numbers(said: str) -> None:
    assert said in " ".join(_text("san", SAN).split())


def test_sans_tables_and_mats_count_what_the_content_holds() -> None:
    from rules_engine.san.mats import SOURCES
    from rules_engine.san.tables import TABLES

    model = validate([CARDS / "san"]).models["san"]
    varied = dataclasses.replace(model, parameters=freeze(
        {**model.parameters.to_dict(), "corruption_icons_per_card": 4}))
    words = wording("san")
    icons = TABLES["icon_reference"](varied, varied.parameters.to_dict(), words)
    assert [":corruption:", "Corruption: 4 icons corrupt a card"] in icons[2]
    caption = TABLES["deck_composition"](model, model.parameters.to_dict(), words)[0]
    assert caption == f"The {sum(c.copies for c in model.cards)} cards"
    fewer = dataclasses.replace(model, cards=tuple(
        c for c in model.cards if c.id != "moon-virus-5"))
    slots = [c for c in SOURCES["virus_track"](fewer, words) if c.label.startswith("Moon")]
    assert len(slots) == 4
    tokens = [c for c in SOURCES["tokens"](model, words) if "Hand Bonus" in c.label]
    assert len(tokens) == 2 * sum(1 for s in model.propaganda_track if s.hand_bonus)


def test_the_spring_counter_sheet_prints_the_manifests_counters() -> None:
    from rules_engine.spring.mats import spring_counters

    model = validate([CARDS / "spring"]).models["spring"]
    cells = spring_counters(model, wording("spring"))
    per_player = sum(1 for c in cells if c.icon == "counter") // 6
    assert per_player == model.parameters.to_dict()["counters_per_player"] == 23


def test_springs_revolution_spaces_are_the_boards(cards: Path) -> None:
    """The reference prints ``revolution_spaces``; the engine plays the board's."""
    game = cards / "spring" / "game.yaml"
    edit(game, "      value: 11\n    revolution_types:", "      value: 12\n    revolution_types:")
    code, report = validate_json(cards / "spring")
    found = [d for d in report["diagnostics"] if d["code"] == "M403"]
    assert code == 1 and len(found) == 1
    assert found[0]["line"] == line_of(game, "value: 12")
    assert found[0]["message"].startswith(
        "revolution_spaces 12, but the board has 11 Revolution spaces")
