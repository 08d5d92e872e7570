"""Spring's bots beyond random: ``greedy`` (a one-move look-ahead,
:class:`rules_engine.core.search.LookaheadBot`) and ``mcts`` (the search bot), both
scoring a position by :func:`evaluate`.

A seat's worth: its Victory Tokens, the end-of-game token each space holding its
counters will give, its strength in countries not yet overthrown (the majority
tokens an overthrow pays), the chance to radicalise the space it stands on, and its
hand. Each seat's value is its worth against the best other seat's, squashed to
[0, 1], so one number serves the look-ahead and the search's playouts alike.
"""

from __future__ import annotations

import math
import random
from typing import Any

from rules_engine.core.search import LookaheadBot, SearchRules
from rules_engine.spring.engine import SpringState

STRENGTH = 0.3          # a counter or a point of card force in a country not yet overthrown
OPPORTUNITY = 1.5       # standing on an empty space one can radicalise
CARD = 0.3              # a card in hand (up to the hand limit)
SCALE = 0.25            # how sharply a lead in worth turns into a winning chance


def worth(state: SpringState, seat: int) -> float:
    """What ``seat`` holds, in Victory Tokens and the likely value of the rest."""
    me = state.players[seat]
    value = float(me.vt)
    if state.finished:
        return value
    cards = state.cards
    per_space = state.config.end_vt_per_space
    for space in state.spaces:
        if space.owner == seat:
            if space.counters > 0:
                value += per_space
            if space.country not in state.overthrown and space.card is not None:
                value += STRENGTH * (space.counters + cards[space.card].force)
    if state.player == seat and state.phase == "action":
        here = state.spaces[me.position - 1]
        if here.card is None and any(True for _ in state.legal()[1:]):
            value += OPPORTUNITY
    held = sum(me.hand.values())
    value += CARD * min(held, state.config.hand_limit)
    return value


def evaluate(state: Any) -> list[float]:
    """Each seat's value in [0, 1]: its worth against the best of the others'."""
    worths = [worth(state, seat) for seat in range(len(state.players))]
    values = []
    for seat, mine in enumerate(worths):
        others = max(w for i, w in enumerate(worths) if i != seat)
        values.append(0.5 + 0.5 * math.tanh(SCALE * (mine - others)))
    return values


def greedy(seed: int) -> LookaheadBot:
    return LookaheadBot(evaluate, seed)


def rollout(state: Any, player: int, rng: random.Random) -> LookaheadBot:
    return LookaheadBot(evaluate, rng.getrandbits(32), spread=2)


RULES = SearchRules(rollout=rollout, evaluate=evaluate, horizon=12)
