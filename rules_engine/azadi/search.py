"""AZADI's rules for the search bot (:mod:`rules_engine.core.search`): the Rebels
play as a team until azadi, then each for themselves.

Until the Rebel Flag reaches the Fort, every Rebel's reward is the same: how far the
Flag has come towards the Fort (a game the Fuse ends without azadi is lost by all).
Once azadi is reached, each player's reward is one half for the team's win plus one
half for their own share of the majority voters that decide the transfer of power,
so a player never trades the common cause for a personal lead. Playouts are played
by the cooperative bot; a position is scored after :data:`HORIZON` decisions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules_engine.azadi.bots import CooperativeBot
from rules_engine.core.search import SearchRules

HORIZON = 20            # player decisions a playout runs before its position is scored
TEAM = 0.5              # the reward for the Rebels' common win, before personal shares


def _shares(state: Any) -> list[float]:
    """Each player's share of the voters in majorities (even shares when none are)."""
    players = len(state.players)
    held = [state.board.majority_voters(p) for p in range(players)]
    total = sum(held)
    return [h / total for h in held] if total else [1.0 / players] * players


def evaluate(state: Any) -> list[float]:
    """Every Rebel's value of an unfinished game (see the module docstring)."""
    players = len(state.players)
    if state.azadi:
        return [TEAM + (1.0 - TEAM) * share for share in _shares(state)]
    track = state.track
    span = max(1, track.fort - track.start)
    progress = min(1.0, max(0.0, (track.flag - track.start) / span))
    return [TEAM * progress * progress] * players


def value(state: Any, scores: Sequence[float]) -> Sequence[float]:
    """A finished game's rewards: nothing without azadi, else the team's half and each
    player's own result; an unfinished game's scores are already rewards."""
    if not state.is_terminal():
        return scores
    if not state.azadi:
        return [0.0] * len(scores)
    return [TEAM + (1.0 - TEAM) * s for s in scores]


def rollout(state: Any, player: int, rng: random.Random) -> CooperativeBot:
    return CooperativeBot(rng.getrandbits(32))


RULES = SearchRules(rollout=rollout, evaluate=evaluate, horizon=HORIZON, value=value)
