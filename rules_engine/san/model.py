"""SAN's typed, immutable content model."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules_engine.core.diagnostics import Location
from rules_engine.core.effects import Ability, FrozenMap

MERCENARY_TYPES = ("corruption", "propaganda", "hacking")
CORPORATIONS = ("moon", "star")


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    deck: str                 # starting | river | virus
    type: str                 # corruption | propaganda | hacking | equipment | virus
    corporation: str | None
    icons: FrozenMap
    revenue: int
    cost: int | None
    crossing_cost: int | None
    crossing_penalty: int | None
    virus_number: int | None
    track_spaces: int | None
    effects: tuple[Ability, ...]      # printed effects, parsed (rules_engine/san/verbs.py)
    copies: int = 1
    location: Location = field(default=Location("<unknown>"), compare=False, repr=False)
    flavor: str = ""
    text: str = ""              # the printed effects' text, when the card overrides it

    def icon(self, kind: str) -> int:
        return int(self.icons.get(kind, 0))


@dataclass(frozen=True)
class Stage:
    stage: int
    hand_bonus: bool


@dataclass(frozen=True)
class SanContent:
    cards: tuple[Card, ...]
    propaganda_track: tuple[Stage, ...]
    parameters: FrozenMap
