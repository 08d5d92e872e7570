"""Spring content with generated cards, for the verb and fuzz tests: the shipped board
and deck plus probe cards written as a designer writes them, validated like any
content, and games of it played step by step."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from compiler.frontend.validate import ValidationResult, validate
from rules_engine.core.game import RandomBot
from rules_engine.spring.engine import (
    Motivate,
    MoveByCard,
    Radicalise,
    Resist,
    SpringGame,
    SpringState,
)
from rules_engine.spring.model import SpringContent
from rules_engine.spring.verbs import MOTIVATES, MOVES, RADICALISES, RESISTS
from tests.conftest import CARDS

FORCE = {"revolution": 2, "resistance": 3, "motivation": 2}


def probe(card_id: str, card_type: str, effects: Sequence[Mapping[str, int]] = (),
          copies: int = 8, force: int | None = None) -> dict[str, Any]:
    """A card of ``card_type`` printing ``effects`` (a protest, when a Revolution card)."""
    card: dict[str, Any] = {"id": card_id, "title": f"Probe {card_id}", "type": card_type,
                            "force": FORCE[card_type] if force is None else force,
                            "copies": copies}
    if card_type == "revolution":
        card["subtype"] = "protest"
    if effects:
        card["effects"] = [dict(e) for e in effects]
    return card


def write_deck(folder: Path, cards: Sequence[Mapping[str, Any]],
               parameters: Mapping[str, Any] | None = None) -> Path:
    """``folder``/spring: the shipped content, ``cards`` added at the end of the deck
    (one flow mapping a line) and manifest ``parameters`` values changed."""
    target = folder / "spring"
    shutil.copytree(CARDS / "spring", target)
    deck = target / "board_and_deck.yaml"
    with deck.open("a", encoding="utf-8") as out:
        for card in cards:
            out.write(f"  - {json.dumps(card)}\n")
    game = target / "game.yaml"
    text = declared(game.read_text(encoding="utf-8"), cards)
    game.write_text(text, encoding="utf-8")
    if parameters:
        for name, value in parameters.items():
            head = f"    {name}:\n"
            start = text.index(head)
            at = text.index("      value: ", start)
            end = text.index("\n", at)
            text = text[:at] + f"      value: {json.dumps(value)}" + text[end:]
        game.write_text(text, encoding="utf-8")
    return target


COUNTED = re.compile(r"^(    - )(\{type: card\b.*\})\s*$", re.MULTILINE)


def declared(manifest: str, cards: Sequence[Mapping[str, Any]]) -> str:
    """The manifest's text with each deck count (``components`` of ``type: card``,
    ruling R75) raised by the copies of ``cards`` it counts, as a designer adding
    cards edits the count beside them; every other line as it was."""
    def raised(match: re.Match[str]) -> str:
        entry = yaml.safe_load(match.group(2))
        where = entry.get("where") or {}
        added = sum(int(card.get("copies", 1)) for card in cards
                    if all(card.get(key) == value for key, value in where.items()))
        line = re.sub(r"count: \d+", f"count: {entry['count'] + added}", match.group(2))
        return match.group(1) + line
    return COUNTED.sub(raised, manifest)


def checked(folder: Path) -> tuple[ValidationResult, SpringContent | None]:
    result = validate([folder])
    model = result.models.get("spring") if result.errors == 0 else None
    return result, model


def uses(action: object, card: str, when: str) -> bool:
    """``action`` uses ``card`` at use ``when``."""
    if when == RADICALISES:
        return isinstance(action, Radicalise) and action.card == card
    if when == RESISTS:
        return isinstance(action, Resist) and card in action.cards
    if when == MOTIVATES:
        return isinstance(action, Motivate) and action.card == card
    if when == MOVES:
        return isinstance(action, MoveByCard) and action.card == card
    return False


def new_game(model: SpringContent, seed: int, players: int = 3
             ) -> tuple[SpringState, list[RandomBot]]:
    state = SpringGame(model, players).new_initial_state(seed)
    return state, [RandomBot(seed * 10 + i) for i in range(players)]
