"""Random Spring content: schema-valid cards of any type printing any effects. Every
deck validates without an internal error (what the engine cannot run is M405 at the
effect, nothing else), simulates and lints without one, and in seeded games every
printed effect of a clean deck is run by its verb's handler at least once."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from rules_engine.core.game import play_out
from rules_engine.spring.engine import CardUse, tables_for
from rules_engine.spring.model import CARD_TYPES, SpringContent
from tests.conftest import REPO, line_of, run_cli
from tests.spring_probe import checked, new_game, probe, write_deck


def schema_ranges() -> dict[str, tuple[int, int]]:
    """verb -> (minimum, maximum) of its number, read from the schema itself."""
    common = json.loads((REPO / "schemas" / "common" / "effects.schema.json").read_text())
    found = {}
    for branch in common["$defs"]["spring_effect"]["anyOf"]:
        ((verb, number),) = branch["properties"].items()
        found[verb] = (number["minimum"], number["maximum"])
    return found


def random_cards(rng: random.Random, deck: int) -> list[dict[str, Any]]:
    ranges = schema_ranges()
    cards = []
    for index in range(5):
        effects = []
        for _ in range(rng.randint(1, 4)):
            verb = rng.choice(sorted(ranges))
            effects.append({verb: rng.randint(*ranges[verb])})
        cards.append(probe(f"fuzz-{deck}-{index}", rng.choice(CARD_TYPES), effects,
                           copies=rng.randint(1, 3), force=rng.randint(0, 8)))
    return cards


def fired_in_games(model: SpringContent, games: int, wanted: set[tuple[str, str]]
                   ) -> set[tuple[str, str]]:
    """(card, verb) of each printed action run by its handler in seeded games (played
    until all of ``wanted`` ran, or ``games`` were played)."""
    tables = tables_for(model)
    fired: set[tuple[str, str]] = set()

    def recording(verb: str, handler: Any) -> Any:
        def run(use: CardUse, n: int) -> None:
            fired.add((use.card, verb))
            handler(use, n)
        return run

    original = dict(tables.handlers)
    tables.handlers = {verb: recording(verb, h) for verb, h in original.items()}
    try:
        for seed in range(games):
            state, bots = new_game(model, seed, players=3 + seed % 2)
            play_out(state, bots)
            if wanted <= fired:
                break
    finally:
        tables.handlers = original
    return fired


@pytest.mark.parametrize("deck", range(12))
def test_random_effects_validate_simulate_and_fire(tmp_path: Path, deck: int) -> None:
    rng = random.Random(deck)
    cards = random_cards(rng, deck)
    cap = rng.choice([1, 2, 3, 5, 5, 5])
    folder = write_deck(tmp_path, cards, {"max_counters_per_space": cap})
    checked_deck = folder / "board_and_deck.yaml"
    result = run_cli("validate", str(folder))
    assert "internal error" not in result.output
    report, model = checked(folder)
    # Anything refused is M405, at a printed effect (a probe's or a shipped card's).
    assert {d.code for d in report.diagnostics} <= {"M405"}, report.diagnostics
    text = checked_deck.read_text(encoding="utf-8").splitlines()
    assert all("effects" in text[d.location.line - 1] for d in report.diagnostics)
    assert (result.exit_code == 0) == (model is not None)
    if model is None:                   # drop what is refused, keep the rest
        refused = {d.location.line for d in report.diagnostics}
        kept = [c for c in cards if line_of(checked_deck, c["id"]) not in refused]
        for c in kept:
            c["copies"] = 3
        folder = write_deck(tmp_path / "kept", kept)
        report, model = checked(folder)
        assert report.errors == 0, report.diagnostics
        cards = kept
    assert model is not None
    simulated = run_cli("simulate", "spring", "--content", str(folder), "--games", "3",
                        "--bots", "random,random,random")
    assert simulated.exit_code == 0 and "internal error" not in simulated.output
    wanted = {(c["id"], verb) for c in cards for e in c.get("effects", []) for verb in e}
    fired = fired_in_games(model, 80, wanted)
    assert wanted <= fired, sorted(wanted - fired)


def test_a_resistance_card_with_an_extra_counter_validates_simulates_and_lints(
        tmp_path: Path) -> None:
    """The bug of issue 17: it validated clean, then simulate and lint died with an
    internal ValueError."""
    cards = [probe("res-probe", "resistance", [{"extra_counter": 1}], copies=4),
             probe("mot-probe", "motivation", [{"extra_counter": 2}], copies=4)]
    folder = write_deck(tmp_path, cards)
    assert run_cli("validate", str(folder)).exit_code == 0
    simulated = run_cli("simulate", "spring", "--content", str(folder), "--games", "5",
                        "--bots", "random,random,random")
    assert simulated.exit_code == 0, simulated.output
    linted = run_cli("lint", str(folder))
    assert "internal error" not in linted.output and linted.exit_code in (0, 1)
