"""Random schema-valid AZADI abilities, built from the verb table: each one the table
says the engine runs is run for every player, from every zone, in seeded mid-game
positions and then played on; nothing raises and every invariant holds. What the
table says the engine cannot run is exactly what validate rejects (M405)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rules_engine.azadi import interpreter
from rules_engine.azadi.bots import GreedyBot
from rules_engine.azadi.invariants import violations
from rules_engine.azadi.verbs import IN_A_ZONE, TABLE
from rules_engine.core.effects import parse_effect
from rules_engine.core.game import CHANCE
from rules_engine.core.verbs import Param
from tests.conftest import REPO, edit, line_of, validate_json
from tests.test_azadi_verbs import _midgame

SCHEMA_FILE = REPO / "schemas/common/effects.schema.json"


def _value(rng: random.Random, param: Param) -> Any:
    if param.kind == "areas":
        return sorted(rng.sample([13, 15, 17, 21], rng.randint(1, 2)))
    if param.values is not None:
        return rng.choice(param.values)
    if param.kind == "bool":
        return rng.random() < 0.5
    if param.kind == "resource_gain":
        return {rng.choice(("funds", "clout", "media", "trust", "any")): rng.randint(0, 3)}
    counts: list[Any] = [0, 1, 2, 4, {"per_resources_left": 3}, {"per_contribution": 1},
                         {"contributions": True}, {"per_level": "idealist"}]
    if param.kind == "count_or_all":
        counts.append("all")
    return rng.choice(counts)


def _action(rng: random.Random) -> dict[str, Any]:
    verb = TABLE.verbs[rng.choice(sorted(TABLE.verbs))]
    action: dict[str, Any] = {"action": verb.name}
    for param in verb.params:
        if param.name in verb.required or rng.random() < 0.6:
            action[param.name] = _value(rng, param)
    return action


def _validator() -> jsonschema.Draft202012Validator:
    schema = __import__("json").loads(SCHEMA_FILE.read_text())
    return jsonschema.Draft202012Validator({**schema, "$ref": "#/$defs/ability"})


@pytest.mark.parametrize("round_number", range(6))
def test_random_abilities_run_without_error_and_keep_the_invariants(round_number: int) -> None:
    rng = random.Random(round_number)
    validator = _validator()
    ran = 0
    for _ in range(40):
        ability = {"do": [_action(rng) for _ in range(rng.randint(1, 3))]}
        assert not list(validator.iter_errors(ability)), ability   # schema-valid input
        if any(TABLE.unrunnable(a["action"], {k: v for k, v in a.items() if k != "action"},
                                (IN_A_ZONE,)) for a in ability["do"]):
            continue
        parsed = parse_effect(ability)
        state = _midgame(1 + round_number % 3)
        player, zone = rng.randrange(len(state.players)), rng.randrange(len(state.board.zones))
        trial = state.clone()
        interpreter.run_ability(trial, player, parsed, zone=zone)  # type: ignore[arg-type]
        assert violations(trial) == [], ability
        bots = [GreedyBot(i) for i in range(len(trial.players))]
        for _ in range(30):                 # and play goes on from there
            if trial.is_terminal():
                break
            who = trial.current_player()
            trial.apply_action(trial.sample_chance() if who == CHANCE
                               else bots[who].choose(trial))
            assert violations(trial) == [], ability
        ran += 1
    assert ran >= 15


def test_what_the_table_refuses_validate_refuses(cards: Path) -> None:
    """Every verb and parameter value the table marks unrunnable is M405 in content."""
    path = cards / "azadi" / "resistance_cards.yaml"
    old = ("{action: discard_voters, count: 1, whose: imperial, majority: false, "
           "zone: this_zone}")
    refused = [(v.name, p.name, x) for v in TABLE.verbs.values() for p in v.params
               if p.values is not None and p.kind != "areas"
               for x in p.values if p.runs is not None and x not in p.runs]
    assert refused
    actions = [f"{{action: {verb}, {param}: {value}}}" for verb, param, value in refused]
    edit(path, old, "\n          - ".join(actions))
    code, report = validate_json(cards / "azadi")
    first = line_of(path, actions[0])
    assert code == 1
    assert sorted((d["code"], d["line"]) for d in report["diagnostics"]) == \
        [("M405", first + n) for n in range(len(actions))]
