"""Imperial Orders as laws: zone-scoped `modify` rules change what a voter card gives
in the Order's zone and what dissent against it costs; game-scoped rules on an Order
hold everywhere while it stands (ruling R44). Played through the engine's actions."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from compiler.frontend.validate import validate
from rules_engine.azadi.engine import AzadiGame, AzadiState, Place
from rules_engine.azadi.model import AzadiContent, ImperialOrder
from rules_engine.azadi.tyranny import OrderInPlay
from rules_engine.core.effects import parse_effects
from rules_engine.core.game import CHANCE, RandomBot
from tests.conftest import CARDS


@cache
def content() -> AzadiContent:
    model: AzadiContent = validate([CARDS / "azadi"]).models["azadi"]
    return model


def _in_actions(seed: int = 4) -> AzadiState:
    """A 3-player game at its first main-actions phase."""
    state = AzadiGame(content(), 3).new_initial_state(seed)
    bots = [RandomBot(i) for i in range(3)]
    while state.phase != "actions" or state.current_player() == CHANCE:
        player = state.current_player()
        state.apply_action(state.sample_chance() if player == CHANCE
                           else bots[player].choose(state))
    return state


def _order(*effects: dict[str, object]) -> ImperialOrder:
    return replace(content().imperial_orders[0], effects=parse_effects(effects))


def _placements(state: AzadiState, zone: int) -> int:
    """How many of the current player's waiting voters go into ``zone`` one by one."""
    placed = 0
    while Place(zone) in state.legal():
        state.apply_action(Place(zone))
        placed += 1
    return placed


def _with_card_to_place(state: AzadiState, voters: int) -> AzadiState:
    me = state.players[state.player]
    me.to_place, me.batches, me.batch_zone, me.mat_voters = voters, [voters], -1, 0
    return state


def _roomy_zone(state: AzadiState) -> int:
    return max(range(len(state.board.zones)),
               key=lambda i: (state.board.zones[i].free_ordinary(), -i))


def test_an_order_changes_what_a_voter_card_gives_in_its_zone() -> None:
    base = _with_card_to_place(_in_actions(), 3)
    zone = _roomy_zone(base)
    lawful = base.clone()
    lawful.in_play.append(OrderInPlay(_order(
        {"modify": {"voter_card_votes": {"add": -1}}, "scope": "zone"}), zone))
    assert _placements(base.clone(), zone) == 3
    assert _placements(lawful, zone) == 2
    assert lawful.players[lawful.player].to_place == 0


def test_an_order_in_another_zone_changes_nothing() -> None:
    base = _with_card_to_place(_in_actions(), 3)
    zone = _roomy_zone(base)
    other = next(i for i in range(len(base.board.zones)) if i != zone)
    base.in_play.append(OrderInPlay(_order(
        {"modify": {"voter_card_votes": {"set": 1}}, "scope": "zone"}), other))
    assert _placements(base, zone) == 3


def test_an_order_changes_the_cost_of_dissent_against_it() -> None:
    state = _in_actions()
    order = _order({"modify": {"dissent_cost": {"add": 2}}, "scope": "zone"})
    state.in_play.append(OrderInPlay(order, 1))
    each, any_n = state.order_dissent_cost(order)
    printed = [(k, int(n)) for k, n in order.dissent_cost.items]
    assert (each, any_n) == (printed, 2)


def test_an_orders_game_wide_rule_holds_only_while_it_stands() -> None:
    state = _in_actions()
    state.in_play.append(OrderInPlay(_order({"modify": {"resource_cap": {"set": 5}},
                                             "scope": "game"}), 1))
    assert state.resource_cap() == 5
    state.in_play.clear()
    assert state.resource_cap() == state.config.resource_cap


def test_a_game_wide_entry_price_is_paid_in_every_zone_once_a_turn() -> None:
    state = _with_card_to_place(_in_actions(), 3)
    law = parse_effects([{"require": {"place_voter_in_zone": {"funds": 1}}, "scope": "game"}])
    state.in_play.append(OrderInPlay(replace(content().imperial_orders[0], effects=law), 1))
    me = state.players[state.player]
    me.resources["funds"] = 5
    zone = _roomy_zone(state)
    assert _placements(state, zone) == 3
    assert me.resources["funds"] == 4            # once for the zone, this turn
    me.resources["funds"] = 0
    _with_card_to_place(state, 1)
    other = next(i for i, z in enumerate(state.board.zones)
                 if i != zone and z.free_ordinary() > 0)
    assert Place(other) not in state.legal()     # the price cannot be paid there


def test_relocation_orders_evict_one_of_your_own_voters_to_enter() -> None:
    """Order 11 prints "to place a voter here, evict 1 of your own voters": entering
    its zone takes one of the player's voters off the map onto their mat."""
    state = _with_card_to_place(_in_actions(), 1)
    relocation = next(o for o in content().imperial_orders if o.number == 11)
    zone = _roomy_zone(state)
    other = next(i for i, z in enumerate(state.board.zones)
                 if i != zone and z.free_ordinary() > 0)
    for _ in range(2):                           # voters of one's own elsewhere first
        state.board.add_voter(other, state.player, state.track)
    state.in_play.append(OrderInPlay(relocation, zone))
    me = state.players[state.player]
    on_map = sum(z.count(state.player) for z in state.board.zones)
    assert on_map > 0 and me.mat_voters == 0
    state.apply_action(Place(zone))
    assert sum(z.count(state.player) for z in state.board.zones) == on_map   # one in, one out
    assert me.mat_voters == 1                     # the evicted voter waits to be placed
