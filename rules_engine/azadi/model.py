"""AZADI's typed, immutable content model, built from validated content.

Every object keeps the location it was defined at (excluded from equality), so the
rules engine and the linter can point back at the card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules_engine.core.diagnostics import Location
from rules_engine.core.effects import Effect, FrozenMap

IDEOLOGUES = ("capitalist", "showstopper", "idealist", "supremo")
RESOURCES = ("funds", "clout", "media", "trust")
RESOURCE_OF = {"capitalist": "funds", "showstopper": "media",
               "idealist": "trust", "supremo": "clout"}
DIFFICULTIES = ("easy", "medium", "hard")

_NOWHERE = Location("<unknown>")


def _loc() -> Location:
    located: Location = field(default=_NOWHERE, compare=False, repr=False)
    return located


@dataclass(frozen=True)
class LevelPower:
    level: int
    title: str
    effects: tuple[Effect, ...]
    text: str = ""              # the power's printed text, when the content overrides it


@dataclass(frozen=True)
class Ideologue:
    id: str
    name: str
    resource: str
    powers: tuple[LevelPower, ...]
    location: Location = _loc()


@dataclass(frozen=True)
class VoterCard:
    id: str
    voters: int
    cost: FrozenMap
    copies: int = 1
    location: Location = _loc()


@dataclass(frozen=True)
class Mandate:
    id: str
    title: str
    campaign: str | None
    imperial: tuple[Effect, ...]
    rebel_title: str
    rebel: tuple[Effect, ...]
    dissent_cost: FrozenMap
    location: Location = _loc()
    imperial_text: str = ""     # the Crown side's printed text, when the card overrides it
    rebel_text: str = ""        # the Rebel side's printed text, when the card overrides it


@dataclass(frozen=True)
class ImperialOrder:
    id: str
    number: int
    title: str
    dissent_cost: FrozenMap
    effects: tuple[Effect, ...]
    location: Location = _loc()
    text: str = ""              # the printed text, when the card overrides its effects'


@dataclass(frozen=True)
class ResistanceCard:
    id: str
    number: int
    title: str
    ideologue: str
    effects: tuple[Effect, ...]
    location: Location = _loc()
    text: str = ""              # the printed text, when the card overrides its effects'


@dataclass(frozen=True)
class AttackCard:
    id: str
    ideologue: str
    level: int
    title: str
    effects: tuple[Effect, ...]
    location: Location = _loc()
    text: str = ""              # the printed text, when the card overrides its effects'


@dataclass(frozen=True)
class FoundationSide:
    title: str
    soul: tuple[Effect, ...]
    buff_ideologue: str
    buff: tuple[Effect, ...]
    text: str = ""              # the soul's printed text, when the side overrides it
    buff_text: str = ""         # the buff's printed text, when the side overrides it


@dataclass(frozen=True)
class FoundationCard:
    id: str
    dominant: str
    second: str
    monument: int
    two_player: bool
    sides: tuple[FoundationSide, FoundationSide]
    location: Location = _loc()


@dataclass(frozen=True)
class Monument:
    id: str
    number: int
    title: str
    power: tuple[Effect, ...]
    two_player_power: tuple[Effect, ...]
    location: Location = _loc()


@dataclass(frozen=True)
class MaidaanPower:
    id: str
    title: str
    cost: int
    effects: tuple[Effect, ...]
    location: Location = _loc()
    text: str = ""              # the printed text, when the card overrides its effects'


@dataclass(frozen=True)
class Zone:
    id: str
    areas: int
    majority: int
    volatile: int
    capital: bool
    copies: int = 1
    location: Location = _loc()


@dataclass(frozen=True)
class Task:
    event: str
    where: FrozenMap


@dataclass(frozen=True)
class TyrannyChoice:
    title: str
    narrative: str
    task: Task
    times: int
    while_active: tuple[Effect, ...]
    resistance: int
    text: str = ""              # the while-active power's printed text, when overridden
    task_text: str = ""         # the task line's printed text, when overridden


@dataclass(frozen=True)
class TyrannyCard:
    id: str
    number: int
    title: str
    narrative: str
    imperial_voters_per_zone: int
    order: int
    choices: tuple[TyrannyChoice, TyrannyChoice]
    location: Location = _loc()


@dataclass(frozen=True)
class IdeologyAnswer:
    text: str
    ideologue: str
    resources: FrozenMap


@dataclass(frozen=True)
class IdeologyCard:
    id: str
    question: str
    answers: tuple[IdeologyAnswer, IdeologyAnswer]
    location: Location = _loc()


@dataclass(frozen=True)
class Campaign:
    id: str
    name: str
    mandate: str
    tyranny_cards: tuple[TyrannyCard, ...]
    ideology_cards: tuple[IdeologyCard, ...]
    location: Location = _loc()
    mark: str = ""      # printed on its Ideology and Tyranny cards ("": the name)

    @property
    def printed_mark(self) -> str:
        """What its campaign cards print to be sorted apart: the mark, else the name."""
        return self.mark or self.name


@dataclass(frozen=True)
class SetupRow:
    """One row of the rulebook's Table 1."""

    players: int
    ideology_cards: int
    azadi_points: FrozenMap  # difficulty -> points


@dataclass(frozen=True)
class AzadiContent:
    """The whole of AZADI's content: base components and the campaigns loaded."""

    ideologues: tuple[Ideologue, ...]
    voter_cards: tuple[VoterCard, ...]
    mandates: tuple[Mandate, ...]
    imperial_orders: tuple[ImperialOrder, ...]
    resistance_cards: tuple[ResistanceCard, ...]
    attack_cards: tuple[AttackCard, ...]
    foundation_cards: tuple[FoundationCard, ...]
    monuments: tuple[Monument, ...]
    maidaan_powers: tuple[MaidaanPower, ...]
    zones: tuple[Zone, ...]
    campaigns: tuple[Campaign, ...]
    setup_table: tuple[SetupRow, ...]
    parameters: FrozenMap
