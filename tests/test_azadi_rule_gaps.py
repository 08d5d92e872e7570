"""Rules the engine got wrong against the rulebook (ruling R48), played through the
engine's actions: the last Attack card of a column stays, a tie for the dominant
ideologies goes to the player with most Monument contributions, a 2-player Seat of
Power game begins with 3 zones, and after azadi the game ends when every *possible*
majority is formed."""

from __future__ import annotations

from collections import Counter

from rules_engine.azadi import scoring
from rules_engine.azadi.engine import Answer, AzadiGame, EndParley, EndTurn
from tests.azadi_helpers import (
    after_azadi_with_one_area_left,
    at_parley,
    content,
    in_actions,
    until_player,
)


def test_the_last_attack_card_of_a_column_stays_when_a_power_unlocks() -> None:
    state = until_player(at_parley(4))
    state.apply_action(EndParley())
    state = until_player(state)
    me = state.players[state.player]
    answer = state.ideology_cards[state.current or ""].answers[0]
    me.levels[answer.ideologue] = 2                  # the answer makes it 3: an unlock
    last = state.attacks[answer.ideologue][-1]
    state.attacks[answer.ideologue] = [last]         # the strongest card is all that is left
    state.apply_action(Answer(0))
    assert state.attacks[answer.ideologue] == [last]


def test_a_tie_for_the_dominant_ideology_is_decided_by_contributions() -> None:
    state = in_actions(3)
    pairs = {(f.dominant, f.second) for f in content().foundation_cards}
    a, b = next((x, y) for x, y in sorted(pairs) if (y, x) in pairs)
    for mine in state.players:
        mine.levels = Counter()
    state.players[0].levels.update({a: 2, b: 1})
    state.players[1].levels.update({a: 1, b: 2})         # a and b tie, 3 cards each
    for decider, dominant in ((1, b), (0, a)):
        state.contributions = [0, 1, decider]            # most: the decider (2 marks)
        scoring.choose_foundation(state)                       # what reaching azadi calls
        assert state.foundation is not None
        assert (state.foundation.dominant, state.foundation.second) == \
            (dominant, a if dominant == b else b)
        state.phase, state.player = state.return_phase, state.return_to


def test_a_two_player_seat_of_power_game_begins_with_three_zones() -> None:
    mandate = content().mandates[0].id
    plain = AzadiGame(content(), 2).new_initial_state(1)
    seat = AzadiGame(content(), 2, seat_of_power=True, mandate=mandate).new_initial_state(1)
    assert (len(plain.board.zones), len(seat.board.zones)) == (2, 3)
    assert seat.board.can_place({1, 2})                  # the next zone touches two


def test_after_azadi_zones_nobody_can_take_do_not_keep_the_game_going() -> None:
    """Areas are free, but in no zone without a majority can any player reach one: the
    game ends at the next action, where it used to go on (to the turn cap)."""
    state, last = after_azadi_with_one_area_left(3)
    zone = state.board.zones[last]
    assert zone.free_ordinary() == 1
    assert all(zone.count(p) + 1 < zone.majority for p in range(3))
    before = (state.finished, state.final_turns)
    state.apply_action(EndTurn())
    assert before == (False, None)
    assert state.finished and state.end_reason == "all possible majorities formed"
