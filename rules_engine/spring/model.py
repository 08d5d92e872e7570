"""Spring's typed, immutable content model: the circular board and the common deck.

A card's printed effects are held as :class:`~rules_engine.core.effects.Ability`
values (one per printed ``{verb: n}``, its ``when`` the moment the card's use gives
it, see :mod:`rules_engine.spring.verbs`): the engine runs these and the card face
prints these, so what is printed is what is played.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules_engine.core.diagnostics import Location
from rules_engine.core.effects import Ability, FrozenMap

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
    abilities: tuple[Ability, ...]
    copies: int = 1
    location: Location = field(default=Location("<unknown>"), compare=False, repr=False)
    flavor: str = ""
    text: str = ""              # the printed effects' text, when the card overrides it

    @property
    def effects(self) -> tuple[FrozenMap, ...]:
        """The printed effects as the designer wrote them, ``{verb: n}`` each."""
        return tuple(FrozenMap(((a.kind, a.get("n")),))
                     for ability in self.abilities for a in ability.actions)


@dataclass(frozen=True)
class SpringContent:
    countries: tuple[Country, ...]
    spaces: tuple[Space, ...]
    cards: tuple[Card, ...]
    parameters: FrozenMap
