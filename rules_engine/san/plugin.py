"""SAN's plug-in: its content sections and model builder."""

from __future__ import annotations

from rules_engine.core.content import GamePlugin, Section
from rules_engine.san.build import build

SECTIONS = (
    Section("game", "san/game", "game", single=True),
    Section("cards", "san/card", "card"),
    Section("propaganda_track", "san/propaganda_stage", "propaganda_stage"),
)

PLUGIN = GamePlugin("san", SECTIONS, build)
