"""Spring's plug-in: its content sections and model builder."""

from __future__ import annotations

from rules_engine.core.content import GamePlugin, Section
from rules_engine.spring.build import build

SECTIONS = (
    Section("game", "spring/game", "game", single=True),
    Section("countries", "spring/country", "country"),
    Section("spaces", "spring/space", "space"),
    Section("cards", "spring/card", "card"),
)

PLUGIN = GamePlugin("spring", SECTIONS, build)
