"""Fuzzing SAN's effects: schema-valid cards with any effects on any card type.

Each round writes generated cards (from the card schema and the ``san_effect``
definition) beside a copy of the shipped SAN content and validates it: no internal
error, every effect printed on a card the engine would not run is M405 at that
effect, and the cards that validate clean are played in seeded games with no
internal error, each of their effects running at least once.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from compiler.frontend.validate import validate
from rules_engine.core.game import CHANCE
from rules_engine.san.bots import make_bot
from rules_engine.san.engine import SanGame
from rules_engine.san.model import SanContent
from rules_engine.san.verbs import RUNS_ON, printed_action
from tests.conftest import CARDS, REPO

CARD = json.loads((REPO / "schemas/san/card.schema.json").read_text())["properties"]
EFFECT = json.loads((REPO / "schemas/common/effects.schema.json").read_text())["$defs"][
    "san_effect"]
PER_ROUND = 10


def random_effect(rng: random.Random) -> Any:
    """Any value the ``san_effect`` definition accepts."""
    option = rng.choice(EFFECT["anyOf"])
    if "enum" in option:
        return rng.choice(option["enum"])
    (key,) = option["required"]
    spec = option["properties"][key]
    return {key: rng.randint(spec["minimum"], spec["maximum"])}


def _number(rng: random.Random, name: str) -> int:
    spec = CARD[name]
    return rng.randint(spec["minimum"], min(spec["maximum"], spec["minimum"] + 6))


def random_card(rng: random.Random, number: int) -> dict[str, Any]:
    """A schema-valid card: mostly well-formed for its deck (so that many validate
    clean), sometimes any mix of the schema's fields."""
    deck = rng.choice(CARD["deck"]["enum"])
    kinds = [k for k in CARD["type"]["enum"] if (k == "virus") == (deck == "virus")]
    card: dict[str, Any] = {"id": f"fuzz-{number}", "title": f"Fuzz {number}", "deck": deck,
                            "type": rng.choice(kinds if rng.random() < 0.9
                                               else CARD["type"]["enum"])}
    if deck != "river" or rng.random() < 0.05:
        card["corporation"] = rng.choice(CARD["corporation"]["enum"])
    if deck == "river" or rng.random() < 0.1:
        card["cost"] = _number(rng, "cost")
        card["crossing_cost"] = _number(rng, "crossing_cost")
    if deck == "virus" or rng.random() < 0.05:
        card["virus_number"] = _number(rng, "virus_number")
        card["track_spaces"] = _number(rng, "track_spaces")
    if rng.random() < 0.7:
        card["icons"] = {k: rng.randint(0, 4) for k in rng.sample(
            sorted(CARD["icons"]["properties"]), rng.randint(1, 3))}
    if rng.random() < 0.7:
        card["revenue"] = rng.randint(0, 3)
    card["copies"] = rng.randint(1, 3)
    most = CARD["effects"]["maxItems"]
    card["effects"] = [random_effect(rng) for _ in range(rng.randint(1, most))]
    return card


def content_with(folder: Path, generated: list[dict[str, Any]]) -> Path:
    """A copy of the shipped SAN content plus ``generated`` (in ``fuzz.yaml``), without
    the manifest's component counts (the generated cards change them)."""
    target = folder / "san"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(CARDS / "san", target)
    manifest = target / "game.yaml"
    lines = manifest.read_text(encoding="utf-8").splitlines(keepends=True)
    manifest.write_text("".join(x for x in lines if "{type: card" not in x), encoding="utf-8")
    (target / "fuzz.yaml").write_text(yaml.safe_dump({"cards": generated}, sort_keys=False),
                                      encoding="utf-8")
    return target


def play(model: SanContent, seed: int, bots: tuple[str, str]) -> set[tuple[str, str]]:
    """Play one seeded game to its end (or 60 turns); the (card, verb) pairs run."""
    game = SanGame(model)
    state = game.new_initial_state(seed)
    players: list[Any] = [make_bot(b, seed * 2 + i) for i, b in enumerate(bots)]
    while not state.is_terminal() and state.turn <= 60:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(players[player].choose(state))
    return state.fired


@pytest.mark.parametrize("round_seed", range(40))
def test_generated_effects_run_or_are_m405(tmp_path: Path, round_seed: int) -> None:
    rng = random.Random(round_seed)
    generated = [random_card(rng, round_seed * 100 + i) for i in range(PER_ROUND)]
    folder = content_with(tmp_path, generated)
    result = validate([folder])
    by_id = {g["id"]: g for g in generated}
    m405 = {(d.location.line, d.location.column) for d in result.diagnostics
            if d.code == "M405"}
    doc = validate_positions(folder / "fuzz.yaml")
    failing: set[str] = set()
    for d in result.diagnostics:
        if d.severity.value != "error":
            continue
        places = [d.location, *(r.location for r in d.related)]
        cards = {doc.card_at(p.line) for p in places if p.file.endswith("fuzz.yaml")}
        assert cards - {None}, f"an error the generated cards do not explain: {d}"
        failing |= {c for c in cards if c is not None}
    for card in generated:
        for index, effect in enumerate(card["effects"]):
            unrunnable = card["type"] not in RUNS_ON[printed_action(effect).kind]
            assert (doc.effect_at(card["id"], index) in m405) == unrunnable, (card, index)

    clean = [by_id[c] for c in by_id if c not in failing]
    assert clean, "the generator made no clean card"
    folder = content_with(tmp_path, clean)
    again = validate([folder])
    assert again.errors == 0, [str(d) for d in again.diagnostics]
    model: SanContent = again.models["san"]
    wanted = {(c["id"], printed_action(e).kind) for c in clean for e in c["effects"]}
    fired: set[tuple[str, str]] = set()
    for seed in range(200):          # (it stops as soon as every effect has run)
        for bots in (("random", "random"), ("corruption", "hacking"),
                     ("propaganda", "random")):
            fired |= play(model, seed, bots) & wanted
        if fired == wanted:
            break
    assert fired == wanted, sorted(wanted - fired)


class validate_positions:        # noqa: N801 (read like a function)
    """Where each generated card and each of its effects is written in ``fuzz.yaml``."""

    def __init__(self, path: Path) -> None:
        from compiler.frontend.yaml_loader import load_yaml

        doc, problems = load_yaml(path.read_bytes(), str(path))
        assert doc is not None and not problems
        self.doc = doc
        self.starts = sorted((doc.locate(("cards", i)).line, c["id"])
                             for i, c in enumerate(doc.data["cards"]))
        self.index = {c["id"]: i for i, c in enumerate(doc.data["cards"])}

    def card_at(self, line: int) -> str | None:
        found = None
        for start, card in self.starts:
            if start <= line:
                found = card
        return found

    def effect_at(self, card: str, index: int) -> tuple[int, int]:
        where = self.doc.locate(("cards", self.index[card], "effects", index))
        return where.line, where.column
