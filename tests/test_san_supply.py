"""Ruling R49: a Propaganda card a Banner crosses goes back into the Supply."""

from __future__ import annotations

from compiler.frontend.validate import validate
from rules_engine.core.game import CHANCE
from rules_engine.san.bots import GreedyBot
from rules_engine.san.engine import Cross, SanGame
from tests.conftest import CARDS


def test_a_crossed_card_goes_back_into_the_supply() -> None:
    model = validate([CARDS / "san"]).models["san"]
    state = SanGame(model).new_initial_state(5)
    bots = [GreedyBot("propaganda", 1), GreedyBot("propaganda", 2)]
    crossings = 0
    while not state.is_terminal() and crossings < 4:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance())
            continue
        action = bots[player].choose(state)
        if isinstance(action, Cross):
            side = state.sides[player]
            card = side.track[side.banner]
            before, copies = sum(state.supply.values()), state.supply.get(card, 0)
            cost = state.crossing_cost(player)
            state.apply_action(action)
            assert sum(state.supply.values()) == before + 1
            assert state.supply[card] == copies + 1
            assert list(state.supply) == sorted(state.supply)     # still in id order
            line = state.log[-1]
            assert f" crosses {state.tables.names[card]} for {cost} Propaganda to stage " \
                f"{side.banner + 1}" in line
            assert line.endswith("; the card goes back into the Supply")
            crossings += 1
        else:
            state.apply_action(action)
    assert crossings == 4
