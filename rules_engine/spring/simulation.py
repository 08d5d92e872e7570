"""Spring's plug into the simulation runner: game factory, bots and per-game counters."""

from __future__ import annotations

from typing import Any

from rules_engine.core.game import RandomBot
from rules_engine.core.search import SEARCH_NAMES
from rules_engine.spring.engine import SpringGame, SpringState
from rules_engine.spring.model import SpringContent

OWN = ("random", "greedy")
BOTS = (*OWN, *SEARCH_NAMES)
BEST = "greedy"         # the strongest bot for its cost: what ``--bots best`` plays


def make_bot(name: str, seed: int) -> Any:
    from rules_engine.core.search import SearchBot, parse_budget

    if name == "best":
        name = BEST
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        from rules_engine.spring.search import greedy

        return greedy(seed)
    budget = parse_budget(name)
    if budget is None:
        raise ValueError(f"unknown Spring bot {name!r}; known: {', '.join(BOTS)}")
    from rules_engine.spring.search import RULES

    return SearchBot(RULES, seed, budget)


def setup(seed: int, content: SpringContent, bots: tuple[str, ...] = ("random",) * 4,
          first_game: bool = False) -> tuple[SpringGame, list[Any], Any]:
    """The game for ``len(bots)`` players, one bot per seat, and the summariser."""
    del first_game                     # SAN's option; Spring has none
    game = SpringGame(content, len(bots))
    players = [make_bot(name, seed * 10 + i) for i, name in enumerate(bots)]
    return game, players, summarise


def summarise(state: SpringState) -> tuple[int, int, str, dict[str, int]]:
    """(first player, turns, how it ended, counters: countries overthrown, VT by seat)."""
    counters = {f"overthrown:{c}": 1 for c in state.overthrown}
    counters |= {f"vt:P{i + 1}": p.vt for i, p in enumerate(state.players)}
    return 0, state.turn, state.end_reason, counters
