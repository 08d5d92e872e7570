"""AZADI's actions: the frozen dataclasses a player (or chance) plays, and the common
ones made once and shared (actions are immutable values, so legal-action lists reuse
them; the tables depend on no content)."""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.model import RESOURCES
from rules_engine.native import register_frozen


@dataclass(frozen=True, order=True)
class Draw:
    """Chance: an Ideology card (``ideology:<id>``) or a Voter card (``voter:<id>``)."""
    card: str


@dataclass(frozen=True, order=True)
class Take:
    """Take one resource (setup)."""
    kind: str


@dataclass(frozen=True, order=True)
class Parley:
    zone: int
    kind: str


@dataclass(frozen=True, order=True)
class EndParley:
    pass


@dataclass(frozen=True, order=True)
class Answer:
    side: int


@dataclass(frozen=True, order=True)
class Redraw:
    pass


@dataclass(frozen=True, order=True)
class Discard:
    kind: str


@dataclass(frozen=True, order=True)
class Influence:
    slot: int


@dataclass(frozen=True, order=True)
class Place:
    zone: int
    volatile: bool = False


@dataclass(frozen=True, order=True)
class PlaceImperial:
    """Place an evicted Imperial voter waiting on your mat back in an ordinary area of
    ``zone`` (ruling R37): not a move, and it triggers no Tyranny card."""
    zone: int


@dataclass(frozen=True, order=True)
class Coalition:
    """Propose a coalition with ``partner`` in ``zone``, keeping ``share`` of its
    majority voters (the partner has the rest); the partner then agrees or refuses
    (:class:`JoinCoalition`)."""
    zone: int
    partner: int
    share: int = 0


@dataclass(frozen=True, order=True)
class Withdraw:
    """Withdraw from your coalition in ``zone``: it collapses at once."""
    zone: int


@dataclass(frozen=True, order=True)
class EndTurn:
    pass


@dataclass(frozen=True, order=True)
class Dissent:
    """Pay the dissent cost of the Order numbered ``order`` in ``zone`` and take one of
    its Infamy (a zone can hold more than one Order)."""
    zone: int
    order: int = 0


@dataclass(frozen=True, order=True)
class Contribute:
    """Pay the Legacy of the next spot on the Monument Tracker to mark a contribution."""


@dataclass(frozen=True, order=True)
class Vote:
    """Vote for a side (0 or 1) of the Foundation card, with your contributions."""
    side: int


@dataclass(frozen=True, order=True)
class UsePower:
    """Use a power: ``ideologue:<id>:<level>``, ``tyranny:<choice>``, ``resistance:<zone>``
    or ``maidaan:<id>``; ``index`` picks the ability on it. ``target`` is whose voters
    the player aims it at (``own``, ``opponent`` or ``imperial``) when its effects
    leave that open (ruling R21); "" when they do not."""
    source: str
    index: int = 0
    target: str = ""


@dataclass(frozen=True, order=True)
class DissentMandate:
    """Dissent against the Imperial Mandate in the capital (Seat of Power mode)."""


@dataclass(frozen=True, order=True)
class DiscardOwn:
    """Discard one of your own non-majority voters (free, as often as you like)."""
    zone: int


@dataclass(frozen=True, order=True)
class ConvertOwn:
    """Convert one of your own non-majority voters in ``zone``: it is replaced in the
    same area by a voter of ``to`` (another player, or the Imperials: -1); free, as
    often as you like."""
    zone: int
    to: int


@dataclass(frozen=True, order=True)
class Gerrymander:
    """With gerrymandering rights in ``zone``, move one of ``owner``'s non-majority
    voters (Imperials included) from an ordinary area of it to adjacent ``target``."""
    zone: int
    owner: int
    target: int


@dataclass(frozen=True, order=True)
class ProposeTrade:
    """Open a trade with ``partner`` (during actions, or before answering)."""
    partner: int


@dataclass(frozen=True, order=True)
class Offer:
    """The trade on the table: give ``give_n`` of ``give`` for ``get_n`` of ``get``."""
    give: str
    give_n: int
    get: str
    get_n: int


@dataclass(frozen=True, order=True)
class WithdrawOffer:
    """Close the trade without an offer."""


@dataclass(frozen=True, order=True)
class Reply:
    """The partner's answer to the offer."""
    accept: bool


# -- the decisions an effect leaves to a player (:mod:`rules_engine.azadi.decisions`) --

@dataclass(frozen=True, order=True)
class PlaceCrown:
    """The first player puts the Crown on a column of the Imperial Arms (0-3, in the
    order Capitalist, Showstopper, Idealist, Supremo) at the start of the game."""
    column: int


@dataclass(frozen=True, order=True)
class PlaceOrder:
    """The player who triggered the Tyranny card lays its Imperial Order in ``zone``."""
    zone: int


@dataclass(frozen=True, order=True)
class OpenZone:
    """Open a new zone of ``areas`` areas (a 9/17 or an 11/21 tile)."""
    areas: int


@dataclass(frozen=True, order=True)
class PlaceResistance:
    """The player who completed the Tyranny card lays the Resistance card won in ``zone``."""
    zone: int


@dataclass(frozen=True, order=True)
class JoinCoalition:
    """The proposed partner's answer to a coalition (its zone and split as proposed)."""
    accept: bool


@dataclass(frozen=True, order=True)
class SendImperial:
    """The evicting player puts the Imperial voter just evicted on ``player``'s mat."""
    player: int


@dataclass(frozen=True, order=True)
class CashLegacy:
    """At the transfer of power, cash one Legacy for a voter in ``zone`` (-1: keep the
    Legacy left)."""
    zone: int


Action = Draw | Take | Parley | EndParley | Answer | Redraw | Discard | Influence | Place | \
    PlaceImperial | Coalition | Withdraw | EndTurn | Dissent | DiscardOwn | ConvertOwn | \
    Contribute | Vote | UsePower | \
    DissentMandate | Gerrymander | ProposeTrade | Offer | WithdrawOffer | Reply | \
    PlaceCrown | PlaceOrder | OpenZone | PlaceResistance | JoinCoalition | SendImperial | \
    CashLegacy

TRADE_RATIOS = ((1, 1), (1, 2), (2, 1))     # the offers an engine player considers
TRADEABLE = (*RESOURCES, "legacy", "infamy")  # special resources trade too
R1, R2, R3, R4 = RESOURCES                   # the four basic resources, summed often

# Actions are immutable values, so the common ones are made once and shared.
END_PARLEY, END_TURN, REDRAW, WITHDRAW = EndParley(), EndTurn(), Redraw(), WithdrawOffer()
ANSWERS, REPLIES = (Answer(0), Answer(1)), (Reply(True), Reply(False))
PROPOSALS = tuple(ProposeTrade(p) for p in range(8))      # more seats are made as needed
OFFERS = {(give, get): tuple((give_n, get_n, Offer(give, give_n, get, get_n))
                             for give_n, get_n in TRADE_RATIOS)
          for give in TRADEABLE for get in TRADEABLE if give != get}
_ZONE_ACTIONS: list[tuple[tuple[Parley, ...], Place, Place, DiscardOwn]] = []
_CONVERSIONS: dict[tuple[int, int, int], tuple[ConvertOwn, ...]] = {}
_IMPERIAL_PLACES: list[PlaceImperial] = []
_LABELS: dict[tuple[str, int | str], str] = {}


def imperial_place(index: int) -> PlaceImperial:
    """Placing an evicted Imperial voter back in a zone (made once)."""
    while len(_IMPERIAL_PLACES) <= index:
        _IMPERIAL_PLACES.append(PlaceImperial(len(_IMPERIAL_PLACES)))
    return _IMPERIAL_PLACES[index]


def conversions(zone: int, player: int, players: int) -> tuple[ConvertOwn, ...]:
    """Converting one of ``player``'s voters in ``zone``: to the Imperials, then to each
    other player in seat order (made once)."""
    key = (zone, player, players)
    found = _CONVERSIONS.get(key)
    if found is None:
        found = _CONVERSIONS[key] = (ConvertOwn(zone, IMPERIAL), *(
            ConvertOwn(zone, p) for p in range(players) if p != player))
    return found


def zone_actions(index: int) -> tuple[tuple[Parley, ...], Place, Place, DiscardOwn]:
    """(parleys by resource, place, place in a volatile area, discard own) for a zone."""
    while len(_ZONE_ACTIONS) <= index:
        i = len(_ZONE_ACTIONS)
        _ZONE_ACTIONS.append((tuple(Parley(i, k) for k in RESOURCES), Place(i),
                              Place(i, True), DiscardOwn(i)))
    return _ZONE_ACTIONS[index]


def label(kind: str, key: int | str) -> str:
    """A power's source label such as ``tyranny:0`` (what :class:`UsePower` names),
    made once."""
    found = _LABELS.get((kind, key))
    if found is None:
        found = _LABELS[(kind, key)] = f"{kind}:{key}"
    return found


register_frozen(__name__)    # compiled frozen dataclasses stay picklable and copyable
