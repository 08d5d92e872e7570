"""Spring's typed, immutable content model: the circular board and the common deck."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules_engine.core.diagnostics import Location
from rules_engine.core.effects import FrozenMap

CARD_TYPES = ("revolution", "resistance", "motivation")


@dataclass(frozen=True)
class Country:
    id: str
    name: str
    colour: str
    spaces: tuple[int, ...]
    location: Location = field(default=Location("<unknown>"), compare=False, repr=False)


@dataclass(frozen=True)
class Space:
    number: int
    kind: str               # revolution | country
    country: str | None


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    type: str
    subtype: str | None
    force: int
    effects: tuple[FrozenMap, ...]
    copies: int = 1
    location: Location = field(default=Location("<unknown>"), compare=False, repr=False)
    flavor: str = ""


@dataclass(frozen=True)
class SpringContent:
    countries: tuple[Country, ...]
    spaces: tuple[Space, ...]
    cards: tuple[Card, ...]
    parameters: FrozenMap
