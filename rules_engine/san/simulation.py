"""SAN's plug into the simulation runner: game factory, bots and per-game counters."""

from __future__ import annotations

from typing import Any

from rules_engine.san.bots import make_bot
from rules_engine.san.engine import SanGame, SanState
from rules_engine.san.model import SanContent


def setup(seed: int, content: SanContent, bots: tuple[str, str] = ("random", "random"),
          first_game: bool = False) -> tuple[SanGame, list[Any], Any]:
    """The game, one bot per seat and the summariser for the game of ``seed``."""
    game = SanGame(content, first_game=first_game)
    players = [make_bot(name, seed * 2 + i) for i, name in enumerate(bots)]
    return game, players, summarise


def summarise(state: SanState) -> tuple[int, int, str, dict[str, int]]:
    """(first player, turns, how it ended, counters such as cards bought)."""
    counters = {f"bought:{card}": n for card, n in state.bought.items()}
    first = next((0 if line.startswith("Moon ") else 1 for line in state.log
                  if line.startswith(("Moon ", "Star "))), 0)
    return first, state.turn, state.end_reason, counters
