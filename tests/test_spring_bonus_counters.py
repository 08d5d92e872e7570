"""R43: extra counters printed on Resistance and Motivation cards are placed by their
player, one at a time, on spaces they have radicalised, then the turn goes on."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from compiler.frontend.validate import validate
from rules_engine.core.game import CHANCE, IllegalAction
from rules_engine.spring.engine import AddCounter, Motivate, Pass, Resist, SpringGame, SpringState
from rules_engine.spring.model import SpringContent
from rules_engine.spring.verbs import abilities
from tests.conftest import CARDS

INFORMERS = "res-informers"             # resistance, force 3 (prints draw 1)
FOOTAGE = "mot-smuggled-footage"        # motivation, force 3 (prints draw 1)
TARGET = "rev-strike-lawyers"           # a revolution card to resist
MINE = "rev-protest-bread-march"


def content_with(card_id: str, effects: list[dict[str, int]]) -> SpringContent:
    model: SpringContent = validate([CARDS / "spring"]).models["spring"]
    cards = tuple(dataclasses.replace(c, abilities=abilities(c.type, effects))
                  if c.id == card_id else c for c in model.cards)
    return dataclasses.replace(model, cards=cards)


def p1_to_act(model: SpringContent) -> SpringState:
    """P1 of 3 to act, empty hands; P1 holds space 6 (2 counters) and space 7 (full,
    5), P2 holds space 2 (2 counters)."""
    state = SpringGame(model, 3).new_initial_state(1)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())
    for player in state.players:
        state.removed.update(player.hand)
        player.hand.clear()
    for number, owner, counters, card in ((6, 0, 2, MINE), (7, 0, 5, MINE), (2, 1, 2, TARGET)):
        space = state.spaces[number - 1]
        space.card, space.owner, space.counters = card, owner, counters
    state.player = 0
    return state


def resist_with(state: SpringState) -> None:
    state.phase, state.players[0].position = "action", 2
    state.players[0].hand = Counter({INFORMERS: 1})
    state.apply_action(Resist((INFORMERS,)))


def test_a_resistance_cards_extra_counters_go_on_the_players_spaces() -> None:
    state = p1_to_act(content_with(INFORMERS, [{"extra_counter": 2}]))
    resist_with(state)
    assert state.log[-1] == ("P1 resists space 2 (Tunisia) with 'Plainclothes Informers': "
                             "2 counters and 'Lawyers Strike in Robes' go; 2 extra counters "
                             "to place")
    assert state.spaces[1].card is None and state.spaces[1].counters == 0
    # only space 6: space 7 is full, the resisted space is nobody's
    assert (state.phase, state.legal_actions()) == ("place_counters", [AddCounter(6)])
    with pytest.raises(IllegalAction):             # a bonus counter cannot be refused
        state.apply_action(Pass())
    state.apply_action(AddCounter(6))
    assert state.phase == "place_counters" and state.player == 0
    state.apply_action(AddCounter(6))
    assert state.spaces[5].counters == 4 and state.player == 1     # the turn passed
    assert state.counters_due == 0


def test_counters_no_space_can_take_are_lost() -> None:
    state = p1_to_act(content_with(INFORMERS, [{"extra_counter": 3}, {"draw": 1}]))
    state.spaces[5].counters = 4                   # space 6 takes one more, then is full
    resist_with(state)
    assert state.log[-1].endswith("; 1 to draw; 3 extra counters to place")
    assert state.current_player() == CHANCE        # the draw first
    state.apply_action(state.sample_chance())
    assert state.legal_actions() == [AddCounter(6)]
    state.apply_action(AddCounter(6))
    assert state.log[-1] == \
        "P1 adds a counter on space 6 (Libya); no space can take the other 2"
    assert state.spaces[5].counters == 5 and state.player == 1
    none = p1_to_act(content_with(INFORMERS, [{"extra_counter": 1}]))
    none.spaces[5].counters = 5
    resist_with(none)
    assert none.log[-1].endswith("; 1 extra counter, no space to take one")
    assert none.player == 1 and none.phase != "place_counters"


def test_a_motivation_cards_extra_counters_come_before_the_move() -> None:
    state = p1_to_act(content_with(FOOTAGE, [{"extra_counter": 1}]))
    state.phase = "motivate"
    state.players[0].hand = Counter({FOOTAGE: 1})
    state.apply_action(Motivate(FOOTAGE))
    assert state.log[-1] == ("P1 discards the Motivation card 'Smuggled Phone Footage' to "
                             "draw 2; 1 extra counter to place")
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())
    assert sum(state.players[0].hand.values()) == 2
    assert state.legal_actions() == [AddCounter(6)]
    state.apply_action(AddCounter(6))
    assert state.spaces[5].counters == 3 and state.phase == "move" and state.player == 0
