"""SAN's rules for the search bot (:mod:`rules_engine.core.search`): playouts by the
greedy bot of the path each Corporation is furthest along, a position scored by
progress on the three victory paths, and the opponent's hand redrawn from their
deck (the player to move cannot see it)."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from rules_engine.core.search import SearchRules
from rules_engine.san.bots import GreedyBot
from rules_engine.san.engine import SanState

PATHS = ("corruption", "propaganda", "hacking")
VIRUSES = 5             # the Virus cards each Corporation starts with
STEEPNESS = 4.0         # how sharply a lead in progress turns into a winning chance


def path_fractions(state: SanState, player: int) -> tuple[float, float, float]:
    """How far ``player`` is along each victory path, from 0 to 1."""
    corrupted, crossed, passed = state.progress(player)
    track = len(state.sides[player].track) or 6
    return (corrupted / state.config.corruption_to_win, crossed / track, passed / VIRUSES)


def strength(state: SanState, player: int) -> float:
    """One number for a Corporation's position: its best path counts most, the others
    a little (a spare path decides a River-exhausted end)."""
    fractions = path_fractions(state, player)
    return max(fractions) ** 2 + 0.25 * sum(fractions) / 3


def evaluate(state: Any) -> list[float]:
    """Each Corporation's chance of winning, from the difference in strength."""
    lead = strength(state, 0) - strength(state, 1)
    moon = 0.5 + 0.5 * math.tanh(STEEPNESS * lead)
    return [moon, 1.0 - moon]


def best_path(state: SanState, player: int) -> str:
    fractions = path_fractions(state, player)
    return PATHS[max(range(3), key=lambda i: (fractions[i], -i))]


def rollout(state: Any, player: int, rng: random.Random) -> GreedyBot:
    return GreedyBot(best_path(state, player), rng.getrandbits(32))


def determinise(state: Any, viewer: int, rng: random.Random) -> None:
    """The other Corporation's hand back into its deck and as many cards drawn again
    (the deck's known top cards stay where they are)."""
    side = state.sides[1 - viewer]
    held = sum(side.hand.values())
    if not held:
        return
    pool: Counter[str] = Counter(side.deck)
    pool.update(side.hand)
    cards = sorted(pool.elements())
    rng.shuffle(cards)
    hand = Counter(cards[:held])
    side.hand = Counter(dict(sorted(hand.items())))
    side.deck = Counter(dict(sorted((pool - hand).items())))


RULES = SearchRules(rollout=rollout, evaluate=evaluate, horizon=10, determinise=determinise)
