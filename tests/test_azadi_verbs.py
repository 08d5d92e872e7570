"""AZADI's verb table is the one list of verbs: the schema, the phrases, the
interpreter and the analyses agree with it, and every verb and parameter value it
says the engine runs changes the game when it fires (the differential test)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
import yaml

from compiler.frontend.validate import validate
from rules_engine.azadi import decisions, interpreter
from rules_engine.azadi.bots import GreedyBot
from rules_engine.azadi.engine import AzadiGame, AzadiState
from rules_engine.azadi.model import AzadiContent
from rules_engine.azadi.tyranny import OrderInPlay
from rules_engine.azadi.verbs import IN_A_ZONE, PICKS_VOTERS, TABLE
from rules_engine.azadi.vocabulary import ACTION_CHANGES, ACTION_NEEDS
from rules_engine.core.effects import parse_effect
from rules_engine.core.game import CHANCE
from rules_engine.core.verbs import Param
from tests.conftest import CARDS, REPO

SCHEMA = json.loads((REPO / "schemas/common/effects.schema.json").read_text())["$defs"]


def test_the_schema_declares_exactly_the_tables_verbs_and_parameters() -> None:
    assert SCHEMA["action"]["properties"]["action"]["enum"] == list(TABLE.verbs)
    for name, verb in TABLE.verbs.items():
        definition = SCHEMA[f"act_{name}"]
        declared = {k: v for k, v in definition["properties"].items() if k != "action"}
        assert sorted(declared) == sorted(p.name for p in verb.params), name
        assert sorted(definition["required"]) == sorted(("action", *verb.required)), name
        for param in verb.params:
            schema = _resolved(declared[param.name])
            enum = schema.get("enum") or schema.get("items", {}).get("enum")
            if param.values is not None:
                assert enum == list(param.values), (name, param.name)
            if param.runs is not None:
                assert set(param.runs) <= set(param.values or (True, False)), (name, param.name)


def _resolved(definition: dict[str, Any]) -> dict[str, Any]:
    ref = definition.get("$ref", "")
    return _resolved(SCHEMA[ref.split("/")[-1]]) if ref.startswith("#/$defs/") else definition


def test_every_verb_has_its_phrase_and_a_handler() -> None:
    phrases = yaml.safe_load((REPO / "templates/azadi/phrases.yaml").read_text())["actions"]
    for name, verb in TABLE.verbs.items():
        assert verb.phrase in phrases, name
        assert verb.handler is not None, name
    assert set(interpreter.dispatch()) == set(TABLE.verbs)
    assert interpreter.AIMED == PICKS_VOTERS
    assert all(TABLE.verbs[v].param("majority") is not None for v in PICKS_VOTERS)
    assert {n: v.needs for n, v in TABLE.verbs.items()} == ACTION_NEEDS
    assert {n: v.changes for n, v in TABLE.verbs.items()} == ACTION_CHANGES


# -- the differential test -------------------------------------------------------------

@cache
def content() -> AzadiContent:
    model: AzadiContent = validate([CARDS / "azadi"]).models["azadi"]
    return model


@cache
def _midgame(seed: int) -> AzadiState:
    """A seeded 4-player game played by greedy bots until the map is busy, with an
    Imperial Order in play and the player to act holding plenty of resources."""
    state = AzadiGame(content(), 4).new_initial_state(seed)
    bots = [GreedyBot(i) for i in range(4)]
    for _ in range(400):
        if state.is_terminal():
            break
        player = state.current_player()
        state.apply_action(state.sample_chance() if player == CHANCE
                           else bots[player].choose(state))
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())
    state = state.clone()
    if not state.in_play:
        state.in_play.append(OrderInPlay(content().imperial_orders[0], 1))
    for kind in ("funds", "clout", "media", "trust"):
        state.players[state.player].resources[kind] += 6
    for index, zone in enumerate(state.board.zones):     # everyone holds rights somewhere
        player = index % len(state.players)
        while zone.gerrymandering_rights() != player:
            if zone.free_ordinary() > 1:
                state.board.add_voter(index, player, state.track)
                continue
            other = max((o for o in zone.voters if o != player and zone.voters[o] > 0),
                        key=lambda o: zone.voters[o], default=None)
            if other is None:
                break
            state.board.remove_voter(index, other, state.track)
    return state


def _snapshot(state: AzadiState) -> Any:
    return (
        [sorted(p.resources.items()) for p in state.players],
        [(p.to_place, p.mat_voters, p.mat_imperial) for p in state.players],
        [(sorted(z.voters.items()), sorted(z.volatile_voters.items()))
         for z in state.board.zones],
        list(state.pending), list(state.top_influences), state.extra_ideology,
        state.resistance_free, [p.infamy for p in state.in_play], len(state.spare_zones),
        [e.name for e in state.events])


def _values(param: Param) -> list[Any]:
    if param.values is not None and param.kind != "areas":
        return list(param.values)
    if param.kind == "bool":
        return [True, False]
    if param.kind in ("count", "count_or_all"):
        return [1, 3] + (["all"] if param.kind == "count_or_all" else [])
    if param.kind == "resource_gain":
        return [{"funds": 2}, {"any": 1}]
    if param.kind == "areas":
        return [[17], [21], [13], [15, 21]]
    raise AssertionError(f"no sample values for {param.kind}")


def _cases() -> Iterator[tuple[str, str, Any]]:
    for name, verb in TABLE.verbs.items():
        for param in verb.params:
            for value in _values(param):
                yield name, param.name, value


def _base_action(name: str, varied: str = "") -> dict[str, Any]:
    """The least action of ``name`` the engine runs; with ``varied``, the companions
    that give that parameter its meaning (a count of 3, the zone it applies with)."""
    verb = TABLE.verbs[name]
    action: dict[str, Any] = {"action": name}
    for param in verb.params:
        if param.name in verb.required or (param.runs is not None and
                                           param.default not in param.runs):
            action[param.name] = _values(param)[0] if param.runs is None else param.runs[0]
    entry = verb.param(varied)
    if entry is not None and entry.applies_with is not None:
        action[entry.applies_with[0]] = entry.applies_with[1][0]
    if varied and varied != "count" and verb.param("count") is not None:
        action["count"] = 3
    return action


def _outcomes(state: AzadiState, action: dict[str, Any]) -> list[Any]:
    """The game after ``action`` runs for each player, from each zone (this_zone)."""
    found = []
    for player, zone in itertools.product(range(len(state.players)),
                                          range(len(state.board.zones))):
        trial = state.clone()
        interpreter.run_ability(trial, player, parse_effect({"do": [action]}),  # type: ignore[arg-type]
                                zone=zone)
        while trial.decisions:           # the decisions it leaves: their first options
            decisions.settle(trial)
            if trial.decisions:
                decisions.resolve(trial, decisions.options(trial)[0])
        found.append(_snapshot(trial))
    return found


SEEDS = (1, 2, 3)


@pytest.mark.parametrize(("verb", "param", "value"), list(_cases()),
                         ids=lambda v: str(v))
def test_every_parameter_value_the_engine_runs_changes_the_game(verb: str, param: str,
                                                                value: Any) -> None:
    action = {**_base_action(verb, param), param: value}
    params = {k: v for k, v in action.items() if k != "action"}
    if TABLE.unrunnable(verb, params, (IN_A_ZONE,)):
        return                       # validate rejects it (tested with the content below)
    changed = [any(o != _snapshot(state) for o in _outcomes(state, action))
               for state in map(_midgame, SEEDS)]
    if TABLE.verbs[verb].param(param).inert or (param == "up_to" and value is True):  # type: ignore[union-attr]
        return                       # "up to" on a cost: the player does none (R39)
    assert any(changed), f"{action} changed nothing in seeded games {SEEDS}"


READ = [(n, p.name) for n, v in TABLE.verbs.items() for p in v.params if not p.inert
        and len([x for x in _values(p) if not TABLE.unrunnable(
            n, {**_base_action(n, p.name), p.name: x}, (IN_A_ZONE,))]) > 1]


@pytest.mark.parametrize(("verb", "param"), READ, ids=lambda v: str(v))
def test_every_parameter_is_read(verb: str, param: str) -> None:
    """Two values of the parameter the engine runs give two different games."""
    entry = TABLE.verbs[verb].param(param)
    assert entry is not None
    for state in map(_midgame, SEEDS):
        games = set()
        for value in _values(entry):
            action = {**_base_action(verb, param), param: value}
            if not TABLE.unrunnable(verb, {k: v for k, v in action.items() if k != "action"},
                                    (IN_A_ZONE,)):
                games.add(repr(_outcomes(state, action)))
        if len(games) > 1:
            return
    raise AssertionError(f"{verb}.{param} is never read")
