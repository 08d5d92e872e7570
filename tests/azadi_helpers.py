"""Setting up AZADI positions for the tests: the content, a game played to its parley
or its actions, a Seat of Power game, a Foundation side in force, a map full but for
one area after azadi. Everything here goes through the engine's public API; a test
that changes a position by hand calls ``state.edited()`` before asking for the legal
actions again."""

from __future__ import annotations

from collections import Counter
from functools import cache

from compiler.frontend.validate import validate
from rules_engine.azadi import decisions
from rules_engine.azadi.engine import Action, Answer, AzadiGame, AzadiState, EndParley, PlaceCrown
from rules_engine.azadi.invariants import violations
from rules_engine.azadi.model import AzadiContent
from rules_engine.core.game import CHANCE, RandomBot
from tests.conftest import CARDS


@cache
def content() -> AzadiContent:
    """The shipped AZADI content (validated once)."""
    model: AzadiContent = validate([CARDS / "azadi"]).models["azadi"]
    return model


def until_player(state: AzadiState) -> AzadiState:
    """Play the chance draws waiting, up to a player's decision."""
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())
    return state


def at_parley(players: int = 4, seed: int = 3, column: int = 0) -> AzadiState:
    """A game played by random bots up to its first parley, the first player having
    put the Crown on ``column`` (0: the Capitalist's)."""
    state = AzadiGame(content(), players).new_initial_state(seed)
    bots = [RandomBot(i) for i in range(players)]
    while state.phase != "parley":
        player = state.current_player()
        if state.phase == "choice" and state.decisions[0].kind == "crown":
            state.apply_action(PlaceCrown(column))
            continue
        state.apply_action(state.sample_chance() if player == CHANCE
                           else bots[player].choose(state))
    return state


def decide(state: AzadiState, action: Action) -> None:
    """Take the first decision waiting with ``action``, through the public API, after
    a test raised it by calling a job module directly (outside any action); those
    before it that leave no choice are taken first."""
    decisions.settle(state)
    decisions.wrap(state)
    state.edited()
    state.apply_action(action)


def in_actions(players: int = 3, seed: int = 2) -> AzadiState:
    """A game at the first player's main phase (the parley ended, the Ideology card
    answered for its first side, any discards made)."""
    state = until_player(at_parley(players, seed))
    state.apply_action(EndParley())
    state = until_player(state)
    state.apply_action(Answer(0))
    while state.phase == "cap":
        state.apply_action(state.legal_actions()[0])
    assert state.phase == "actions"
    return state


def cleared(players: int = 3) -> AzadiState:
    """A main phase (:func:`in_actions`) on an empty map, no card in play."""
    state = in_actions(players)
    for zone in state.board.zones:
        zone.voters, zone.volatile_voters = Counter(), Counter()
        zone.holder, zone.split = (), ()
    state.in_play, state.resistance, state.tyranny = [], {}, None
    state.edited()
    return state


def seat(mandate: str, players: int = 3, seed: int = 2) -> AzadiState:
    """A new Seat of Power game under the Mandate ``mandate``."""
    state = AzadiGame(content(), players, seat_of_power=True, mandate=mandate
                      ).new_initial_state(seed)
    return state


def after_azadi_with_one_area_left(players: int = 3) -> tuple[AzadiState, int]:
    """A game past azadi whose map is full but for one ordinary area (in the returned
    zone); no zone but the capital holds a majority and nobody can take one there."""
    state = in_actions(players)
    state.azadi = True
    for index, zone in enumerate(state.board.zones):
        zone.holder, zone.split = ((state.player,), (zone.majority,)) if index == 0 else ((), ())
        zone.voters, zone.volatile_voters = Counter(), Counter()
        owners = [state.player] * zone.majority if index == 0 else []
        while len(owners) < zone.areas - zone.volatile:
            owners.append(len(owners) % players)       # spread thin: no one near a majority
        zone.voters.update(owners)
        zone.volatile_voters.update(p % players for p in range(zone.volatile))
    last = len(state.board.zones) - 1
    state.board.zones[last].voters[(state.player + 1) % players] -= 1   # one area free
    assert not any(zone.holder for zone in state.board.zones[1:])
    return state, last


def invariants(state: AzadiState) -> None:
    """The state breaks none of the engine's invariants."""
    assert violations(state) == []


def founded(state: AzadiState, title: str) -> AzadiState:
    """Put the Foundation side called ``title`` in force."""
    card = next(f for f in state.content.foundation_cards
                if any(side.title == title for side in f.sides))
    state.foundation = card
    state.foundation_side = next(i for i, side in enumerate(card.sides) if side.title == title)
    return state
