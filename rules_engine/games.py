"""The registry of game plug-ins: one entry per folder in ``rules_engine/``."""

from __future__ import annotations

import importlib

from rules_engine.core.content import GamePlugin

GAME_IDS: tuple[str, ...] = ("azadi", "san", "spring")


def plugin(game_id: str) -> GamePlugin | None:
    """The plug-in for ``game_id``, imported on first use; None if unknown."""
    if game_id not in GAME_IDS:
        return None
    module = importlib.import_module(f"rules_engine.{game_id}.plugin")
    found: GamePlugin = module.PLUGIN
    return found
