"""AZADI as a :class:`~rules_engine.core.game.State` — the whole game.

Zones laid by the placement rule, the Rebel Flag and the Fort from Table 1,
starting resources, then turns of Crown and parley, Imperial Attack cards (through
the interpreter), an Ideology card with income, passive income and the cap, and
the player's actions: voter cards influenced and voters placed, majorities and
coalitions with their azadi points, gerrymandering, trading (a proposal the
partner answers), powers (ideologue, while-active, Resistance, Maidaan, Monument,
Mandate and Foundation), dissent against Orders and the Mandate, the Monument
Tracker. Tyranny cards are triggered from volatile areas, their tasks counted from
events, completed with a new zone and a Resistance card; the Fuse ends the game,
azadi starts the transfer of power, and the end scores majority voters. See
docs/rulings.md R17-R23 for the engine's readings of the rulebook.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mypy_extensions import mypyc_attr

from rules_engine.azadi import interpreter
from rules_engine.azadi.board import IMPERIAL, Board, IllegalMove, Zone
from rules_engine.azadi.model import IDEOLOGUES, RESOURCE_OF, RESOURCES, AzadiContent
from rules_engine.azadi.points import AzadiTrack
from rules_engine.azadi.tyranny import ActiveTyranny, Event, OrderInPlay, matches
from rules_engine.azadi.vocabulary import ACTION_NEEDS, FORBID_REMOVES
from rules_engine.core.cloning import fast_copy
from rules_engine.core.effects import Ability, Effect, FrozenMap, Listener, Rule
from rules_engine.core.game import CHANCE, TERMINAL, Game, IllegalAction, State
from rules_engine.core.identity_cache import IdentityCache
from rules_engine.native import register_frozen

LISTENER_DEPTH = 8      # a chain of triggered powers deeper than this is a trigger loop

# -- actions ---------------------------------------------------------------------------


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
    zone: int
    partner: int


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


Action = Draw | Take | Parley | EndParley | Answer | Redraw | Discard | Influence | Place | \
    PlaceImperial | Coalition | Withdraw | EndTurn | Dissent | DiscardOwn | ConvertOwn | \
    Contribute | Vote | UsePower | \
    DissentMandate | Gerrymander | ProposeTrade | Offer | WithdrawOffer | Reply

TRADE_RATIOS = ((1, 1), (1, 2), (2, 1))     # the offers an engine player considers
TRADEABLE = (*RESOURCES, "legacy", "infamy")  # special resources trade too
_R1, _R2, _R3, _R4 = RESOURCES                 # the four basic resources, summed often

# Actions are immutable values, so the common ones are made once and shared.
_END_PARLEY, _END_TURN, _REDRAW, _WITHDRAW = EndParley(), EndTurn(), Redraw(), WithdrawOffer()
_ANSWERS, _REPLIES = (Answer(0), Answer(1)), (Reply(True), Reply(False))
_PROPOSALS = tuple(ProposeTrade(p) for p in range(8))      # more seats are made as needed
_OFFERS = {(give, get): tuple((give_n, get_n, Offer(give, give_n, get, get_n))
                              for give_n, get_n in TRADE_RATIOS)
           for give in TRADEABLE for get in TRADEABLE if give != get}
_ZONE_ACTIONS: list[tuple[tuple[Parley, ...], Place, Place, DiscardOwn]] = []


_CONVERSIONS: dict[tuple[int, int, int], tuple[ConvertOwn, ...]] = {}
_IMPERIAL_PLACES: list[PlaceImperial] = []


def _imperial_place(index: int) -> PlaceImperial:
    """Placing an evicted Imperial voter back in a zone (made once)."""
    while len(_IMPERIAL_PLACES) <= index:
        _IMPERIAL_PLACES.append(PlaceImperial(len(_IMPERIAL_PLACES)))
    return _IMPERIAL_PLACES[index]


def _conversions(zone: int, player: int, players: int) -> tuple[ConvertOwn, ...]:
    """Converting one of ``player``'s voters in ``zone``: to the Imperials, then to each
    other player in seat order (made once)."""
    key = (zone, player, players)
    found = _CONVERSIONS.get(key)
    if found is None:
        found = _CONVERSIONS[key] = (ConvertOwn(zone, IMPERIAL), *(
            ConvertOwn(zone, p) for p in range(players) if p != player))
    return found


def _zone_actions(index: int) -> tuple[tuple[Parley, ...], Place, Place, DiscardOwn]:
    """(parleys by resource, place, place in a volatile area, discard own) for a zone."""
    while len(_ZONE_ACTIONS) <= index:
        i = len(_ZONE_ACTIONS)
        _ZONE_ACTIONS.append((tuple(Parley(i, k) for k in RESOURCES), Place(i),
                              Place(i, True), DiscardOwn(i)))
    return _ZONE_ACTIONS[index]


@dataclass(frozen=True)
class AzadiConfig:
    players: int = 4
    difficulty: str = "medium"
    campaign: str = ""
    resource_cap: int = 12
    redraw_cost: int = 4
    open_slots: int = 3
    max_turns: int = 400
    seat_of_power: bool = False
    mandate: str = ""            # alternate history: another campaign's Mandate
    first_tyranny: str = ""      # a Tyranny card id forced to come up first (lint, replay)
    only_choice: int | None = None  # ... and the one choice of it whose task counts
    check_order: bool = False    # run same-window effects both ways on clones (lint)
    trades_per_turn: int = 2     # trade proposals a player may open per turn (R23)


@mypyc_attr(serializable=True)
@dataclass
class Player:
    resources: Counter[str] = field(default_factory=Counter)
    levels: Counter[str] = field(default_factory=Counter)      # ideology cards per ideologue
    to_place: int = 0            # voters influenced this turn, still to place
    mat_voters: int = 0          # evicted voters waiting on the mat
    mat_imperial: int = 0        # evicted Imperial voters waiting on the mat (R37)
    # the voters of each influenced Voter Card still to place (part of to_place), in
    # order: all of one card's voters go into one zone, ``batch_zone`` once begun
    batches: list[int] = field(default_factory=list)
    batch_zone: int = -1


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class AzadiState(State[Action]):
    """A game of AZADI in progress (the core loop; see the module docstring)."""

    def __init__(self, content: AzadiContent, config: AzadiConfig, seed: int) -> None:
        super().__init__(seed)
        self.content = content
        self.config = config
        campaign = next((c for c in content.campaigns if c.id == config.campaign),
                        content.campaigns[0])
        self.campaign = campaign
        row = next(r for r in content.setup_table if r.players == config.players)
        self.track = AzadiTrack(flag=config.players, fort=int(row.azadi_points.get(
            config.difficulty)))
        self.fuse = row.ideology_cards
        self.drawn = 0
        self.players = [Player() for _ in range(config.players)]
        self.board = Board()
        self._lay_zones()
        self.ideology = Counter(card.id for card in campaign.ideology_cards)
        self.ideology_cards = {card.id: card for card in campaign.ideology_cards}
        self.voter_cards = {card.id: card for card in content.voter_cards}
        self.voter_deck = Counter({c.id: c.copies for c in content.voter_cards})
        self.voter_discard: Counter[str] = Counter()
        self.foundation: Any = None
        self.foundation_side: int | None = None
        self._rules_in_force: tuple[Any, tuple[Rule, ...], dict[Any, Any]] | None = None
        self.mandate = None
        self.mandate_infamy = 0
        self.mandate_flipped = False
        if config.seat_of_power:
            wanted = config.mandate or campaign.mandate
            self.mandate = next(m for m in content.mandates if m.id == wanted)
            self.mandate_infamy = int(content.parameters.get("order_infamy", 6))
        in_use = self._modified("voter_cards_in_use", sum(self.voter_deck.values()))
        if in_use < sum(self.voter_deck.values()):     # only so many voter cards (R22)
            kept = sorted(self.voter_deck.elements())
            self.rng.shuffle(kept)
            self.voter_deck = Counter(kept[:in_use])
        slots = max(0, self._modified("open_voter_card_slots", config.open_slots))
        self.slots: list[str | None] = [None] * slots
        self.attacks = {i: sorted((a for a in content.attack_cards if a.ideologue == i),
                                  key=lambda a: a.level) for i in IDEOLOGUES}
        self.crown = -1
        self.player = 0
        self.turn = 0
        self.phase = "setup"
        self.setup_left = [p for p in range(config.players) for _ in range(p + 1)]
        self.pending: list[str] = [f"slot:{i}" for i in range(len(self.slots))]
        self.current: str | None = None      # the Ideology card being answered
        self.parleyed: set[int] = set()
        self.gerrymandered: set[int] = set()       # zones gerrymandered from this turn
        self.trades = 0                            # trades proposed this turn
        self.trade_partner = -1
        self.trade_return = "actions"              # the phase a trade interrupts
        self.offer: Offer | None = None
        self.azadi = False
        self.final_turns: int | None = None      # turns left once the map is full (R25)
        self.finished = False
        self.end_reason = ""
        self.tyranny_deck = list(campaign.tyranny_cards)
        self.rng.shuffle(self.tyranny_deck)
        forced = [c for c in self.tyranny_deck if c.id == config.first_tyranny]
        if forced:                                  # the deck is drawn from its end
            self.tyranny_deck.remove(forced[0])
            self.tyranny_deck.append(forced[0])
        self.task_best: Counter[tuple[str, int]] = Counter()  # (card, choice) -> progress
        self.tyranny: ActiveTyranny | None = None
        self.resolved: list[tuple[str, int]] = []             # (card id, choice completed)
        self.orders = {o.number: o for o in content.imperial_orders}
        self.resistance_cards = {c.number: c for c in content.resistance_cards}
        self.in_play: list[OrderInPlay] = []
        self.resistance: dict[int, int] = {}                  # zone -> Resistance number
        self.events: list[Event] = []
        self.paid_entry: set[int] = set()
        self.uses: Counter[tuple[str, int]] = Counter()
        self.listening = 0
        self.power_target = ""          # whose voters the power being used aims at
        self.power_zone = -1            # the zone of the card whose power runs (this_zone)
        # influences of the voter deck's top card waiting for the draw: (player, discount,
        # interchangeable, extra voters)
        self.top_influences: list[tuple[int, int, bool, int]] = []
        self.game_uses: Counter[tuple[str, int]] = Counter()   # powers limited per game
        # for reports: maidaan:<id> bought, resistance:<number> used, order:<number> overturned
        self.usage: Counter[str] = Counter()
        self.trial = False              # a clone trying an order of effects (no nested checks)
        self.trigger_loops: list[tuple[int, str]] = []
        # (turn, window, sources, outcome for the acting player, outcome reversed)
        self.order_conflicts: list[tuple[int, str, tuple[str, ...], tuple[str, ...],
                                         tuple[str, ...]]] = []
        self.resistance_free = 0          # Maidaan: Resistance cards usable regardless
        self.extra_ideology = 0
        self.monument_used: set[int] = set()
        self.tracker_costs = [int(c) for c in content.parameters.get(
            "monument_tracker_costs", ())]
        self.contributions: list[int] = []         # who marked each spot, in order
        self.votes: dict[int, int] = {}
        self.voting: list[int] = []
        self.return_to, self.return_phase = 0, "actions"
        self.spare_zones = [z for z in content.zones if z.areas in (17, 21) for _ in
                            range(z.copies)]
        self.set_majorities()                       # a Mandate may change them (R35)
        self._advance()

    # -- the map -----------------------------------------------------------------------

    def _lay_zones(self) -> None:
        """The capital, then one 7/13 zone per other player (ruling R17), each beside the
        two zones laid before it; a 2-player Seat of Power game begins with 3 zones, as
        the rulebook says (ruling R48)."""
        capital = next(z for z in self.content.zones if z.capital)
        small = next(z for z in self.content.zones if z.areas == 13 and not z.capital)
        self.board.place(Zone(capital.id, capital.areas, capital.majority, capital.volatile,
                              True), set())
        zones = 3 if self.config.players == 2 and self.config.seat_of_power \
            else self.config.players
        for n in range(1, zones):
            neighbours = {0} if n == 1 else {n - 1, n - 2}
            self.board.place(Zone(small.id, small.areas, small.majority, small.volatile),
                             neighbours)

    def emptiest_zone(self) -> int:
        return max(range(len(self.board.zones)),
                   key=lambda i: (self.board.zones[i].free_ordinary(), -i))

    def zone_with_most(self, player: int) -> int | None:
        """The zone where ``player`` has most non-volatile voters outside majorities."""
        best = None
        for i, zone in enumerate(self.board.zones):
            spare = zone.voters[player]
            if player in zone.holder:
                spare -= zone.split[zone.holder.index(player)]
            if spare > 0 and (best is None or spare > best[0]):
                best = (spare, i)
        return None if best is None else best[1]

    def resources_total(self, player: int) -> int:
        """Everything on the mat that counts towards the cap (Legacy and Infamy too)."""
        return sum(self.players[player].resources.values())

    def basic_total(self, player: int) -> int:
        """Funds, Clout, Media and Trust: what "any resources" can be paid with."""
        held = self.players[player].resources.get
        return held(_R1, 0) + held(_R2, 0) + held(_R3, 0) + held(_R4, 0)

    # -- API ---------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        if self.pending:
            return CHANCE
        if self.phase == "trade_reply":
            return self.trade_partner
        return self.player

    def is_terminal(self) -> bool:
        return self.finished

    def returns(self) -> list[float]:
        if not self.azadi:
            return [0.0] * len(self.players)
        scores = [self.board.majority_voters(p) for p in range(len(self.players))]
        best = max(scores)
        winners = [p for p, s in enumerate(scores) if s == best]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(len(self.players))]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        what = self.pending[0]
        pool = self.ideology if what == "ideology" else self.voter_deck
        prefix = "ideology" if what == "ideology" else "voter"
        total = sum(pool.values())
        return [(Draw(f"{prefix}:{c}"), n / total) for c, n in sorted(pool.items()) if n]

    def sample_chance(self) -> Action:
        """The base class's pick (same draw for the same seed), without making an
        action for every card in the pool."""
        what = self.pending[0]
        pool = self.ideology if what == "ideology" else self.voter_deck
        prefix = "ideology" if what == "ideology" else "voter"
        total = sum(pool.values())
        pick = self.rng.random()
        reached = 0.0
        last = ""
        for card, n in sorted(pool.items()):
            if not n:
                continue
            reached += n / total
            last = card
            if pick < reached:
                break
        return Draw(f"{prefix}:{last}")

    def legal_actions(self) -> list[Action]:
        if self.current_player() == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if self.finished:
            return []
        me = self.players[self.player]
        if self.phase == "setup":
            return [Take(k) for k in RESOURCES]
        if self.phase == "parley":
            out: list[Action] = [_END_PARLEY]
            for i, z in enumerate(self.board.zones):
                if i not in self.parleyed and z.free_ordinary() > 0:
                    out += _zone_actions(i)[0]
            return out
        if self.phase == "answer":
            out = [*_ANSWERS]
            if self.basic_total(self.player) >= self.redraw_cost() and \
                    sum(self.ideology.values()) > 0:
                out.append(_REDRAW)
            return out + self._trade_proposals()
        if self.phase == "trade_offer":
            return [_WITHDRAW, *self._offers()]
        if self.phase == "trade_reply":
            return [*_REPLIES]
        if self.phase == "cap":
            return [Discard(k) for k in (*RESOURCES, "legacy", "infamy") if me.resources[k]]
        if self.phase == "vote":
            return [Vote(0), Vote(1)]
        return self._main_actions(me)

    def _main_actions(self, me: Player) -> list[Action]:
        """The actions of the main phase, in the engine's order."""
        player = self.player
        zones = self.board.zones
        ordered = {placed.zone for placed in self.in_play}     # zones under an Order
        held = me.resources.get
        basic = held(_R1, 0) + held(_R2, 0) + held(_R3, 0) + held(_R4, 0)
        out: list[Action] = [_END_TURN]
        extra = self._modified("voter_card_cost", 0)
        levy = self._levy("influence_voter_card")
        out += [Influence(i) for i, card in enumerate(self.slots)
                if card is not None and self._affordable(me, card, extra, basic, levy)]
        if me.to_place or me.mat_voters:
            volatile_open = self.tyranny is None or self.azadi
            only = self._batch_only(me, volatile_open)
            priced = bool(self._game_entry_rules())      # a game-wide entry price (R44)
            for i, zone in enumerate(zones):
                if (only != -1 and i != only) or \
                        ((priced or i in ordered) and not self._may_enter(i)):
                    continue
                if zone.free_ordinary() > 0:
                    out.append(_zone_actions(i)[1])
                if volatile_open and zone.free_volatile() > 0:
                    out.append(_zone_actions(i)[2])
        if me.mat_imperial:               # an Order does not apply to Imperial voters
            out += [_imperial_place(i) for i, zone in enumerate(zones)
                    if zone.free_ordinary() > 0]
        out += [UsePower(source, n, target) for source, n, ability in self._usable_powers()
                for target in _targets(ability)]
        out += self._gerrymanders() + self._trade_proposals()
        if self.mandate is not None and not self.mandate_flipped and \
                basic >= self._mandate_dissent_cost():
            out.append(DissentMandate())
        spot = len(self.contributions)
        if not self.azadi and spot < len(self.tracker_costs) and \
                held("legacy", 0) >= self.tracker_costs[spot]:
            out.append(Contribute())
        for placed in self.in_play:
            each, any_n = self.order_dissent_cost(placed.order)
            if all(held(k, 0) >= n for k, n in each) and \
                    basic >= sum(n for _, n in each) + any_n:
                out.append(Dissent(placed.zone, placed.order.number))
        discards = not self._mandate_forbids("discard_voters")
        converts = not self._mandate_forbids("convert_voters")
        conversions: list[Action] = []
        for i, zone in enumerate(zones) if discards or converts else ():
            spare = zone.voters.get(player, 0)
            if spare and player in zone.holder:
                spare -= zone.split[zone.holder.index(player)]
            if spare <= 0:
                continue
            if discards and not (i in ordered and self._forbidden(i, "discard_voters")):
                out.append(_zone_actions(i)[3])
            if converts and not (i in ordered and self._forbidden(i, "convert_voters")):
                conversions += _conversions(i, player, len(self.players))
        out += conversions
        out += [Withdraw(i) for i, zone in enumerate(zones)
                if len(zone.holder) == 2 and player in zone.holder]
        if not self.azadi and me.levels.total() > 0:     # a coalition costs a card each
            for i, zone in enumerate(zones):
                mine = zone.count(player)
                if zone.holder or mine == 0 or (i in ordered and self._forbidden(
                        i, "coalition")) or self._mandate_forbids("coalition"):
                    continue
                for partner in range(len(self.players)):
                    if partner != player and self.players[partner].levels.total() > 0:
                        theirs = zone.count(partner)
                        if theirs and mine + theirs >= zone.majority:
                            out.append(Coalition(i, partner))
        return out

    # -- gerrymandering and trading ----------------------------------------------------

    def _levy(self, target: str) -> list[tuple[str, int]]:
        """What the rules in force charge the active player for each ``target``
        (``trade`` or ``gerrymander``), e.g. a Foundation soul's permit."""
        memo = self._rules_memo()
        found: list[tuple[str, int]] | None = memo.get(("levy", target))
        if found is None:
            found = memo[("levy", target)] = [
                (k, int(n)) for rule in self._mandate_rules()
                if rule.kind == "require" and rule.target == target for k, n in rule.value.items]
        return found

    def _can_levy(self, target: str, held: Counter[str],
                  levy: list[tuple[str, int]] | None = None) -> bool:
        levy = self._levy(target) if levy is None else levy
        if not levy:
            return True
        specific = sum(n for k, n in levy if k != "any")
        return all(held[k] >= n for k, n in levy if k != "any") and \
            sum(held[k] for k in RESOURCES) - specific >= sum(n for k, n in levy if k == "any")

    def _pay_levy(self, target: str, player: int = -1) -> None:
        """Pay what the rules in force charge for ``target`` (by ``player``; default:
        the active player)."""
        payer = self.player if player < 0 else player
        for kind, n in self._levy(target):
            if kind == "any":
                self._pay_any(payer, n)
            else:
                self.spend(payer, kind, n)

    def _gerrymanders(self) -> list[Action]:
        """Every legal gerrymander: once a turn from each zone where the player holds
        the rights, one non-majority voter out of an ordinary area (ruling R23)."""
        if self._mandate_forbids("move_voters") or not \
                self._can_levy("gerrymander", self.players[self.player].resources):
            return []
        out: list[Action] = []
        me = self.player
        for i, zone in enumerate(self.board.zones):
            if not (zone.voters[me] or zone.volatile_voters[me]):
                continue                    # no voters there, so no rights
            if i in self.gerrymandered or self._forbidden(i, "move_voters") or \
                    zone.gerrymandering_rights() != me:
                continue
            if self.in_play and not self._can_levy(
                    "gerrymander", self.players[me].resources, self._zone_levy(i)):
                continue                    # an Order's price for gerrymandering here
            targets = sorted(t for t in self.board.adjacent[i]
                             if self.board.zones[t].free_ordinary() > 0 and
                             not self._forbidden(t, "move_voters"))
            for owner in sorted(o for o, n in zone.voters.items() if n > 0):
                if self.zone_with_spare(owner, i):
                    out += [Gerrymander(i, owner, t) for t in targets]
        return out

    def moved_voter(self, owner: int, source: int, target: int) -> None:
        """Report one of ``owner``'s voters moved from zone ``source`` to ``target``."""
        self._emit(Event("voter_moved", self.player, owner,
                         facts=(("zone", source), ("to", target))))

    def _zone_levy(self, index: int, target: str = "gerrymander") -> list[tuple[str, int]]:
        """What the Orders in zone ``index`` charge for ``target`` there."""
        return [(k, int(n)) for rule in self._order_rules(index)
                if rule.kind == "require" and rule.target == target for k, n in rule.value.items]

    def _gerrymander(self, action: Gerrymander) -> str:
        self._pay_levy("gerrymander")
        for kind, n in self._zone_levy(action.zone) if self.in_play else ():
            if kind == "any":
                self._pay_any(self.player, n)
            else:
                self.spend(self.player, kind, n)
        self.gerrymandered.add(action.zone)
        self.board.remove_voter(action.zone, action.owner, self.track)
        self.board.add_voter(action.target, action.owner, self.track)
        self.moved_voter(action.owner, action.zone, action.target)
        self._check_azadi()
        whose = "an Imperial" if action.owner == IMPERIAL else f"a P{action.owner + 1}"
        return (f"P{self.player + 1} gerrymanders {whose} voter from zone {action.zone} "
                f"to zone {action.target}")

    def _trade_proposals(self) -> list[Action]:
        me = self.players[self.player].resources
        if self.trades >= self.config.trades_per_turn or \
                self._mandate_forbids("trade") or not self._can_levy("trade", me) or \
                not any(me[k] for k in TRADEABLE):
            return []
        out: list[Action] = []
        for p, other in enumerate(self.players):
            if p != self.player:
                held = other.resources
                for k in TRADEABLE:
                    if held[k]:
                        out.append(_PROPOSALS[p] if p < len(_PROPOSALS) else ProposeTrade(p))
                        break
        return out

    def _offers(self) -> list[Action]:
        """The offers to the partner: each way of giving one or two of one resource
        for one or two of another that both sides hold, the permit still payable."""
        me = self.players[self.player].resources
        other = self.players[self.trade_partner].resources
        levy = self._levy("trade")
        out: list[Action] = []
        gets = [k for k in TRADEABLE if other[k]]
        for give in TRADEABLE:
            if not me[give]:
                continue
            have = me[give]
            for get in gets:
                if give == get:
                    continue
                available = other[get]
                for give_n, get_n, offer in _OFFERS[(give, get)]:
                    if have < give_n or available < get_n:
                        continue
                    if levy:
                        after = me.copy()
                        after[give] -= give_n
                        if not self._can_levy("trade", after, levy):
                            continue
                    out.append(offer)
        return out

    def _trade(self, action: ProposeTrade | Offer | WithdrawOffer | Reply) -> str:
        who = f"P{self.player + 1}"
        if isinstance(action, ProposeTrade):
            self.trades += 1
            self.trade_partner, self.trade_return = action.partner, self.phase
            self.phase = "trade_offer"
            return f"{who} opens a trade with P{action.partner + 1}"
        if isinstance(action, Offer):
            self.offer, self.phase = action, "trade_reply"
            return (f"{who} offers {action.give_n} {action.give} for {action.get_n} "
                    f"{action.get}")
        offer, partner = self.offer, self.trade_partner
        self.phase, self.offer, self.trade_partner = self.trade_return, None, -1
        if isinstance(action, WithdrawOffer):
            return f"{who} withdraws from the trade"
        assert offer is not None
        if not action.accept:
            return f"P{partner + 1} declines the trade"
        mine, theirs = self.players[self.player].resources, self.players[partner].resources
        mine[offer.give] -= offer.give_n
        theirs[offer.give] += offer.give_n
        theirs[offer.get] -= offer.get_n
        mine[offer.get] += offer.get_n
        self._pay_levy("trade")
        self._emit(Event("trade", self.player, facts=(("partner", partner),)))
        return f"P{partner + 1} accepts the trade"

    def spend(self, player: int, kind: str, n: int) -> None:
        """``player`` pays ``n`` ``kind`` to the reserve: a resources_spent event."""
        if n <= 0:
            return
        self.players[player].resources[kind] -= n
        self._emit(Event("resources_spent", player, count=n, facts=(("kind", kind),)))

    def _affordable(self, me: Player, card_id: str, extra: int | None = None,
                    basic: int | None = None, levy: list[tuple[str, int]] | None = None
                    ) -> bool:
        """Whether ``me`` can pay for a voter card (``extra``: the rules' surcharge,
        ``basic``: the basic resources held, ``levy``: the rules' permit; each worked
        out when not given)."""
        cost = self.voter_cards[card_id].cost
        if extra is None:
            extra = self._modified("voter_card_cost", 0)
        held = me.resources.get
        if levy is None:
            levy = self._levy("influence_voter_card")    # a permit, e.g. a Foundation soul's
        specific = 0
        for kind, n in cost.items:
            needed = int(n)
            if levy:
                needed += sum(m for k, m in levy if k == kind)
            if held(kind, 0) < needed:
                return False
            specific += int(n)
        if basic is None:
            basic = self.basic_total(self.player)
        if levy:
            extra += sum(m for _, m in levy)
            if any(held(k, 0) < m for k, m in levy if k in RESOURCES):
                return False
        return basic >= specific + extra

    def _refill_slot(self, slot: int) -> None:
        """Refill a slot from the voter deck, reshuffling the discard when it runs out."""
        if self.voter_deck.total() == 0 and self.voter_discard.total() > 0:
            self.voter_deck, self.voter_discard = self.voter_discard, Counter()
        if self.voter_deck.total() > 0:
            self.pending.append(f"slot:{slot}")

    def _votes_of(self, card_id: str) -> int:
        return self._modified("voter_card_votes", self.voter_cards[card_id].voters)

    # -- the Mandate (Seat of Power mode) ----------------------------------------------

    def _mandate_rules(self) -> tuple[Rule, ...]:
        """The game-wide rules in force: the Imperial Mandate's, then the nation's soul
        (kept until the Mandate flips or a side is founded)."""
        mandate = self.mandate
        key = (mandate, self.mandate_flipped, self.foundation, self.foundation_side,
               self._orders_key())
        cached = self._rules_in_force
        if cached is not None and cached[0] == key:
            return cached[1]
        side = self.founded_side()
        rules: list[Rule] = []
        if mandate is not None and not self.mandate_flipped:
            rules += [e for e in mandate.imperial if isinstance(e, Rule) and e.scope == "game"]
        if side is not None:
            rules += [e for e in side.soul if isinstance(e, Rule) and e.scope == "game"]
        for placed in self.in_play if hasattr(self, "in_play") else ():  # an Order's
            # game-wide rules, while it stands
            rules += [e for e in placed.order.effects if isinstance(e, Rule) and
                      e.scope == "game"]
        self._rules_in_force = (key, tuple(rules), {})
        return self._rules_in_force[1]

    def _rules_memo(self) -> dict[Any, Any]:
        """Answers worked out from the rules in force, kept while they stay in force."""
        cached = self._rules_in_force
        if cached is not None and cached[0] == (self.mandate, self.mandate_flipped,
                                                self.foundation, self.foundation_side,
                                                self._orders_key()):
            return cached[2]
        self._mandate_rules()
        assert self._rules_in_force is not None
        return self._rules_in_force[2]

    def _orders_key(self) -> tuple[int, ...]:
        """The Orders in play, for knowing when the rules in force change."""
        if not hasattr(self, "in_play") or not self.in_play:     # (during setup: none)
            return ()
        return tuple(p.order.number for p in self.in_play)

    def founded_side(self) -> Any:
        if getattr(self, "foundation", None) is None or self.foundation_side is None:
            return None
        return self.foundation.sides[self.foundation_side]

    def _modified(self, quantity: str, base: int) -> int:
        if not hasattr(self, "mandate"):
            return base
        memo = self._rules_memo()
        changes: list[tuple[bool, int]] | None = memo.get(("modify", quantity))
        if changes is None:
            changes = memo[("modify", quantity)] = [
                (True, int(rule.value.get("set"))) if "set" in rule.value
                else (False, int(rule.value.get("add"))) for rule in self._mandate_rules()
                if rule.kind == "modify" and rule.target == quantity]
        value = base
        for replace, n in changes:
            value = n if replace else value + n
        return value

    def _zone_modified(self, index: int, quantity: str, value: int) -> int:
        """``value`` (already changed by the game-wide rules) changed by the ``modify``
        rules of the Orders in zone ``index``, in the order they were laid."""
        for rule in self._order_rules(index):
            if rule.kind == "modify" and rule.target == quantity:
                value = int(rule.value.get("set")) if "set" in rule.value \
                    else value + int(rule.value.get("add"))
        return value

    def set_majorities(self) -> None:
        """Each zone's majority from the rules in force (ruling R35): its tile's count,
        changed by the game-wide rules (the Mandate's, the nation's soul) and by the
        zone rules of the Orders in play there. Called whenever those change (an Order
        laid or overturned, a Mandate flipped, a side founded) and when a zone opens;
        majorities break, stand or form at once (see :meth:`Board.change_majority`)."""
        for index, zone in enumerate(self.board.zones):
            needed = self._zone_modified(index, "majority_needed", self._modified(
                "majority_needed", zone.printed_majority))
            self.board.change_majority(index, max(1, needed), self.track)

    def resource_cap(self) -> int:
        """The resource cap: 12, unless a card in force changes it (a Foundation soul)."""
        return self._modified("resource_cap", self.config.resource_cap)

    def redraw_cost(self) -> int:
        """What redrawing an Ideology card costs: any 4 resources, unless a card in
        force changes it (a Foundation soul's ``ideology_card_cost``)."""
        return self._modified("ideology_card_cost", self.config.redraw_cost)

    def _forbidden_everywhere(self) -> frozenset[str]:
        """The capabilities the game-wide rules in force (the Mandate's, the nation's
        soul) forbid: no power that needs one of them may be used."""
        memo = self._rules_memo()
        found: frozenset[str] | None = memo.get("forbidden")
        if found is None:
            found = memo["forbidden"] = frozenset(
                capability for rule in self._mandate_rules() if rule.kind == "forbid"
                for capability in FORBID_REMOVES.get(rule.target, frozenset({rule.target})))
        return found

    def _mandate_forbids(self, capability: str) -> bool:
        memo = self._rules_memo()
        found: bool | None = memo.get(("forbid", capability))
        if found is None:
            found = memo[("forbid", capability)] = any(
                rule.kind == "forbid" and capability in FORBID_REMOVES.get(
                    rule.target, frozenset({rule.target})) for rule in self._mandate_rules())
        return found

    def _mandate_dissent_cost(self) -> int:
        assert self.mandate is not None
        return int(self.mandate.dissent_cost.get("any", 3)) + self._modified("dissent_cost", 0)

    def _dissent_mandate(self) -> str:
        assert self.mandate is not None
        self._pay_any(self.player, self._mandate_dissent_cost())
        self.mandate_infamy -= 1
        self.players[self.player].resources["infamy"] += 1
        self._emit(Event("dissent_committed", self.player))
        line = f"P{self.player + 1} dissents against the Mandate {self.mandate.title!r}"
        if self.mandate_infamy == 0:
            self.mandate_flipped = True
            self.track.record("mandate_overturned")
            self.set_majorities()
            line += f": it flips to {self.mandate.rebel_title!r}"
            self._check_azadi()
        return line

    # -- applying ----------------------------------------------------------------------

    def _apply(self, action: Action) -> str:
        line = self._apply_action(action)
        self._majority_events()            # changes no event has reported yet
        if self.azadi and not self.finished:
            self._check_end()
        if self.phase == "actions" and not self.finished:
            self._after_cap_in_actions()      # any gain past the cap is discarded at once
        return line

    def _apply_action(self, action: Action) -> str:
        handler = _APPLY.get(type(action))
        if handler is None:
            raise IllegalAction(repr(action))
        return handler(self, action)

    def _take(self, action: Take) -> str:
        self.players[self.player].resources[action.kind] += 1
        who = f"P{self.player + 1}"
        self.setup_left.pop(0)
        if self.setup_left:
            self.player = self.setup_left[0]
        else:
            self.player = 0
            self._start_turn()
        return f"{who} takes 1 {action.kind}"

    def _parley(self, action: Parley) -> str:
        self.parleyed.add(action.zone)
        self.board.add_voter(action.zone, IMPERIAL, self.track)
        self.players[self.player].resources[action.kind] += 1
        return (f"P{self.player + 1} parleys: an Imperial voter in zone {action.zone}, "
                f"1 {action.kind}")

    def _redraw(self) -> str:
        cost = self.redraw_cost()
        self._pay_any(self.player, cost)
        assert self.current is not None      # the refused card is set aside (R18)
        self.current = None
        line = f"P{self.player + 1} pays {cost} to redraw"
        if self._fuse_comes_up():
            return line + "; the Fuse comes up"
        self.pending.append("ideology")
        return line

    def _fuse_comes_up(self) -> bool:
        """Before azadi, the Fuse stands after the first ``fuse`` Ideology cards: when it
        is the next thing out of the box, the game ends at once and everyone loses.
        Every draw reaches it, redraws and extra cards included (ruling R18)."""
        if not self.azadi and self.drawn >= self.fuse:
            self.finished, self.end_reason = True, "the Fuse"
            return True
        return False

    def _discard_to_cap(self, action: Discard) -> str:
        self.players[self.player].resources[action.kind] -= 1
        self._after_cap()
        return f"P{self.player + 1} discards 1 {action.kind} down to the cap"

    def _influence(self, action: Influence) -> str:
        me = self.players[self.player]
        card = self.slots[action.slot]
        assert card is not None
        for kind, n in self.voter_cards[card].cost.items:
            self.spend(self.player, kind, int(n))
        self._pay_levy("influence_voter_card")
        extra = self._modified("voter_card_cost", 0)
        if extra:
            self._pay_any(self.player, extra)
        me.to_place += self._votes_of(card)
        me.batches.append(self._votes_of(card))
        self.voter_discard[card] += 1
        self.slots[action.slot] = None
        self._emit(Event("voter_card_influenced", self.player, facts=(
            ("voters", self.voter_cards[card].voters),)))
        self._refill_slot(action.slot)
        return f"P{self.player + 1} influences {card} ({self.voter_cards[card].voters} voters)"

    def most_held(self, player: int) -> str | None:
        """The ideologue ``player`` holds most Ideology cards of (a tie goes to the
        first in the order Capitalist, Showstopper, Idealist, Supremo); None with none."""
        levels = self.players[player].levels
        best = max(IDEOLOGUES, key=lambda i: (levels[i], -IDEOLOGUES.index(i)))
        return best if levels[best] > 0 else None

    def _add_level(self, player: int, ideologue: str) -> None:
        """``player`` gains an Ideology card of ``ideologue``; reaching level 3 or 5
        (and so unlocking a power) discards the top Attack card of its column, to reveal a
        stronger one (the last card of a column stays)."""
        levels = self.players[player].levels
        levels[ideologue] += 1
        column = self.attacks[ideologue]
        if len(column) > 1 and levels[ideologue] in (3, 5):
            column.pop(0)         # the last, strongest card stays: nothing is under it (R48)

    def _coalition(self, action: Coalition) -> str:
        """Form a coalition majority: each partner gives the other one Ideology card of
        the ideologue they hold most cards of, the price of compromise."""
        zone = self.board.zones[action.zone]
        mine = min(zone.count(self.player), zone.majority - 1)
        self.board.form_coalition(action.zone, self.player, action.partner,
                                  (mine, zone.majority - mine), self.track)
        gives = self.most_held(self.player), self.most_held(action.partner)
        assert gives[0] is not None and gives[1] is not None
        self.players[self.player].levels[gives[0]] -= 1
        self.players[action.partner].levels[gives[1]] -= 1
        self._add_level(action.partner, gives[0])
        self._add_level(self.player, gives[1])
        self._emit(Event("coalition_formed", self.player))
        self._check_azadi()
        return (f"P{self.player + 1} forms a coalition with P{action.partner + 1} in zone "
                f"{action.zone}, giving a {gives[0]} card for a {gives[1]} card")

    def _withdraw(self, action: Withdraw) -> str:
        """Leave a coalition: its majority voters flip back and, before azadi, the
        Rebels lose the point of a broken majority."""
        self.board.withdraw(action.zone, self.player, self.track)
        self._majority_events()
        self._check_azadi()
        return f"P{self.player + 1} withdraws from the coalition in zone {action.zone}"

    def _contribute(self) -> str:
        cost = self.tracker_costs[len(self.contributions)]
        self.players[self.player].resources["legacy"] -= cost
        self.contributions.append(self.player)
        self._emit(Event("monument_contribution", self.player))
        return (f"P{self.player + 1} pays {cost} Legacy for contribution "
                f"{len(self.contributions)}")

    def _discard_own(self, action: DiscardOwn) -> str:
        self.board.remove_voter(action.zone, self.player, self.track)
        self._emit(Event("voter_discarded", self.player, self.player,
                         facts=(("zone", action.zone),)))
        self._check_azadi()
        return f"P{self.player + 1} discards one of their voters in zone {action.zone}"

    def _convert_own(self, action: ConvertOwn) -> str:
        self.remove_voter(action.zone, self.player, "voter_converted")
        self.board.add_voter(action.zone, action.to, self.track)
        self._check_azadi()
        whose = "an Imperial" if action.to == IMPERIAL else f"a P{action.to + 1}"
        return (f"P{self.player + 1} converts one of their voters in zone {action.zone} "
                f"to {whose} voter")

    def _end_turn_action(self) -> str:
        """End the turn: voters of a card not placed are lost, and so are evicted voters
        still waiting on the mat (their owner had this turn to place them back), the
        player's own and Imperial ones alike (R31, R37)."""
        me = self.players[self.player]
        me.to_place = 0
        me.mat_voters = 0
        me.mat_imperial = 0
        me.batches.clear()
        me.batch_zone = -1
        return self._end_turn()

    def _draw(self, card: str) -> str:
        what = self.pending.pop(0)
        kind, _, card_id = card.partition(":")
        if what == "ideology":
            self.ideology[card_id] -= 1
            self.drawn += 1
            self.current = card_id
            self.phase = "answer"
            return f"chance: P{self.player + 1} draws ideology card {card_id}"
        if what == "top":
            return self._influence_top(card_id)
        slot = int(what.split(":")[1])
        self.voter_deck[card_id] -= 1
        self.slots[slot] = card_id
        self._advance()
        return f"chance: {card_id} is face up in slot {slot}"

    def _advance(self) -> None:
        if self.pending or self.phase != "setup":
            return
        self.player = self.setup_left[0] if self.setup_left else 0

    def _start_turn(self) -> None:
        self.turn += 1
        if self.turn > self.config.max_turns:
            self.finished, self.end_reason = True, "turn limit"
            return
        self.parleyed = set()
        self.gerrymandered = set()
        self.trades = 0
        self.paid_entry = set()
        self.uses = Counter()
        if self.azadi:              # the Imperial Arms are gone after azadi
            self._begin_ideology()
            return
        self.crown = (self.crown + 1) % len(IDEOLOGUES)
        self.phase = "parley"
        self._timed("start_of_turn")

    def _attack(self) -> str:
        ideologue = IDEOLOGUES[self.crown]
        column = self.attacks[ideologue]
        line = f"P{self.player + 1} ends the parley"
        if column:
            card = column[0]
            hit = [p for p in range(len(self.players)) if self.players[p].levels[ideologue] >= 2]
            for p in hit:
                for effect in card.effects:
                    if isinstance(effect, Ability):
                        interpreter.run_ability(self, p, effect)
            line += f"; the Crown's {ideologue} attack {card.title!r} hits " + (
                ", ".join(f"P{p + 1}" for p in hit) or "nobody")
            self._check_azadi()
        if not self.finished:
            self._begin_ideology()
        return line

    def _begin_ideology(self) -> None:
        if self._fuse_comes_up():
            return
        if sum(self.ideology.values()) == 0:
            self.phase = "actions"
            return
        self.phase = "ideology"
        self.pending.append("ideology")

    def _answer(self, side: int) -> str:
        me = self.players[self.player]
        assert self.current is not None
        answer = self.ideology_cards[self.current].answers[side]
        self._add_level(self.player, answer.ideologue)   # 3 or 5 strengthens the attack
        for kind, n in answer.resources.items:
            me.resources[kind] += int(n)
        for ideologue in IDEOLOGUES:          # passive income (ruling R18)
            me.resources[RESOURCE_OF[ideologue]] += me.levels[ideologue] // 2
        self.current = None
        self._emit(Event("ideology_card_answered", self.player,
                         facts=(("ideologue", answer.ideologue),)))
        for kind, n in answer.resources.items:
            self._emit(Event("resources_gained", self.player, count=int(n),
                             facts=(("kind", kind),)))
        self._after_cap()
        return f"P{self.player + 1} answers for the {answer.ideologue}"

    def _after_cap(self) -> None:
        me = self.players[self.player]
        resources = sum(me.resources.values())
        held = resources + me.mat_voters + me.mat_imperial
        self.phase = "cap" if held > self.resource_cap() and resources > 0 else "actions"

    def _pay_any(self, player: int, amount: int) -> None:
        """Pay ``amount`` of any resources, the most plentiful first."""
        held = self.players[player].resources
        paid: Counter[str] = Counter()
        for _ in range(amount):
            kinds = [k for k in RESOURCES if held[k] - paid[k] > 0]
            if not kinds:
                raise IllegalAction("not enough resources to pay")
            paid[max(kinds, key=lambda k: (held[k] - paid[k], k))] += 1
        for kind in sorted(paid):
            self.spend(player, kind, paid[kind])

    def _batch_only(self, me: Player, volatile_open: bool) -> int:
        """The one zone ``me`` may place in (-1: any; -2: none): only the zone where
        the Voter Card being placed went, once begun, while nothing else waits to be
        placed. When that zone has no room left, the rest of the card's voters can
        only be given up by placing the next card's (none if there is no next card)."""
        if me.batch_zone < 0 or me.mat_voters or me.to_place > sum(me.batches):
            return -1
        zone = self.board.zones[me.batch_zone]
        if zone.free_ordinary() > 0 or (volatile_open and zone.free_volatile() > 0):
            return me.batch_zone
        return -1 if len(me.batches) > 1 else -2

    def _take_voter(self, me: Player, zone: int) -> None:
        """Which waiting voter a placement in ``zone`` uses: the Voter Card being placed
        there; else an evicted voter or one a power gave; else the next card's voters,
        whose zone this becomes (the rest of a card left unplaced are lost)."""
        if me.batch_zone == zone and me.batches:
            me.batches[0] -= 1
            me.to_place -= 1
        elif me.mat_voters:
            me.mat_voters -= 1
            return
        elif me.to_place > sum(me.batches):
            me.to_place -= 1
            return
        else:
            if me.batch_zone >= 0 and me.batches:     # the card in hand is given up
                me.to_place -= me.batches.pop(0)
            me.batch_zone = zone
            if self.in_play:      # an Order here may change what the card gives (R44)
                given = max(1, self._zone_modified(zone, "voter_card_votes", me.batches[0]))
                me.to_place += given - me.batches[0]
                me.batches[0] = given
            me.batches[0] -= 1
            me.to_place -= 1
        if me.batches[0] == 0:
            me.batches.pop(0)
            me.batch_zone = -1

    def _place(self, me: Player, action: Place) -> str:
        self._take_voter(me, action.zone)
        line_cost = self._pay_entry(action.zone)
        try:
            self.board.add_voter(action.zone, self.player, self.track, action.volatile)
        except IllegalMove as exc:
            raise IllegalAction(str(exc)) from None
        self._emit(Event("voter_placed", self.player, self.player,
                         facts=(("volatile", action.volatile), ("zone", action.zone))))
        where = "a volatile area of " if action.volatile else ""
        line = f"P{self.player + 1} {line_cost}places a voter in {where}zone {action.zone}"
        if action.volatile and not self.azadi:
            me.resources["legacy"] += 1     # entering a volatile area earns a Legacy
            line += self._trigger_tyranny()
        self._check_azadi()
        return line

    def _place_imperial(self, action: PlaceImperial) -> str:
        """Put an evicted Imperial voter from the mat back on the map (ruling R37): no
        entry price (Orders do not apply to Imperial voters), no move, no Tyranny card,
        and no event of its own (a majority it forms or breaks is reported as always)."""
        me = self.players[self.player]
        if me.mat_imperial <= 0:
            raise IllegalAction("no evicted Imperial voter on the mat")
        try:
            self.board.add_voter(action.zone, IMPERIAL, self.track)
        except IllegalMove as exc:
            raise IllegalAction(str(exc)) from None
        me.mat_imperial -= 1
        self._check_azadi()
        return (f"P{self.player + 1} places an evicted Imperial voter back in zone "
                f"{action.zone}")

    def _check_azadi(self) -> None:
        if self.azadi or not self.track.azadi:
            return
        self.azadi = True
        self.tyranny = None                     # an unfinished Tyranny card is discarded
        self.open_zone()                        # whoever gained the last point opens a zone
        for zone in self.board.zones:           # transfer of power
            keep = zone.split[zone.holder.index(IMPERIAL)] if zone.holder == (IMPERIAL,) else 0
            zone.voters[IMPERIAL] = min(zone.voters[IMPERIAL], keep)
            if len(zone.holder) == 2:           # coalitions collapse
                zone.holder, zone.split = (), ()
        for index in range(len(self.board.zones)):
            self.board.update_majority(index, self.track)
        for mine in self.players:               # ... and so are those on the mats (R37)
            mine.mat_imperial = 0
        self._cash_legacy()
        self._choose_foundation()

    def open_zone(self, areas: tuple[int, ...] = ()) -> int | None:
        """Open the next spare zone tile (of one of the sizes ``areas``, when given)."""
        fits = [n for n, z in enumerate(self.spare_zones) if not areas or z.areas in areas]
        if not fits:
            return None
        tile = self.spare_zones.pop(fits[0])
        n = len(self.board.zones)
        index = self.board.place(Zone(tile.id, tile.areas, tile.majority, tile.volatile),
                                 {n - 1, n - 2})
        self.set_majorities()                   # the rules in force reach it too (R35)
        return index

    def _cash_legacy(self) -> None:
        """Every Legacy left becomes a voter, placed where its owner is strongest (R20)."""
        for player, mine in enumerate(self.players):
            while mine.resources["legacy"] > 0:
                open_zones = [i for i, z in enumerate(self.board.zones) if z.free_ordinary()]
                if not open_zones:
                    break
                index = max(open_zones, key=lambda i: (self.board.zones[i].count(player), -i))
                mine.resources["legacy"] -= 1
                self.board.add_voter(index, player, self.track)

    def _choose_foundation(self) -> None:
        """The Foundation card of the two most held ideologies; then the vote (R20)."""
        held: Counter[str] = Counter()
        for mine in self.players:
            held.update(mine.levels)
        dominant, second = self._foundation_pair(held)
        self.foundation = next((f for f in self.content.foundation_cards
                                if (f.dominant, f.second) == (dominant, second)), None)
        if self.foundation is None:
            return
        count = len(self.players)
        self.voting = [(self.player + k) % count for k in range(count)]
        self.return_to, self.return_phase = self.player, self.phase
        self.votes = {}
        self.phase = "vote"
        self.player = self.voting[0]

    def _foundation_pair(self, held: Counter[str]) -> tuple[str, str]:
        """The dominant and second ideologies. On a tie the player with most Monument
        contributions (then the one who marked last) decides, and picks the pair they
        hold most of; with no contributions, the order Capitalist, Showstopper,
        Idealist, Supremo (ruling R48)."""
        top = max(held[i] for i in IDEOLOGUES)
        firsts = [i for i in IDEOLOGUES if held[i] == top]
        if len(firsts) > 1:
            pairs = [(a, b) for a in firsts for b in firsts if a != b]
        else:
            rest = [i for i in IDEOLOGUES if i != firsts[0]]
            runner_up = max(held[i] for i in rest)
            pairs = [(firsts[0], b) for b in rest if held[b] == runner_up]
        printed = {(f.dominant, f.second) for f in self.content.foundation_cards}
        pairs = [p for p in pairs if p in printed] or pairs
        decider = self._decider(list(range(len(self.players))))
        if len(pairs) == 1 or decider is None:
            return pairs[0]
        levels = self.players[decider].levels
        return max(pairs, key=lambda p: (levels[p[0]], levels[p[1]], -pairs.index(p)))

    def _decider(self, among: list[int]) -> int | None:
        """Who of ``among`` breaks a tie: most Monument contributions, then the one who
        marked a contribution last; None when none of them contributed."""
        weight = Counter(self.contributions)
        most = max((weight[p] for p in among), default=0)
        if most == 0:
            return None
        tied = [p for p in among if weight[p] == most]
        return next((p for p in reversed(self.contributions) if p in tied), tied[0])

    def _vote(self, side: int) -> str:
        voter = self.voting.pop(0)
        self.votes[voter] = side
        line = f"P{voter + 1} votes for side {side + 1} of {self.foundation.id}"
        if self.voting:
            self.player = self.voting[0]
            return line
        weight = Counter(self.contributions)
        tally = [sum(weight[p] for p, s in self.votes.items() if s == side) for side in (0, 1)]
        if tally[0] != tally[1]:
            self.foundation_side = 0 if tally[0] > tally[1] else 1
        else:                                   # the tie-breaks: most contributions, last marked
            decider = self._decider(list(self.votes))
            if decider is None:
                decider = next(iter(self.votes), self.return_to)
            self.foundation_side = self.votes.get(decider, 0)
        self.player = self.return_to
        self.phase = self.return_phase
        self.set_majorities()                   # the soul's rules apply at once (R35)
        founded = self.foundation.sides[self.foundation_side].title
        return line + f"; the nation is founded as {founded!r}"

    def _end_turn(self) -> str:
        self._timed("end_of_turn")
        line = f"P{self.player + 1} ends the turn"
        if self.final_turns is not None:
            self.final_turns -= 1
            if self.final_turns == 0:
                self.finished, self.end_reason = True, "the final round after the map filled"
                return line
        self.player = (self.player + 1) % len(self.players)
        self._start_turn()
        return line

    def _majority_possible(self, zone: Zone) -> bool:
        """Whether a majority can still form in ``zone`` after azadi: none holds it and
        some player's voters there, with every free area filled, would reach it."""
        if zone.holder:
            return False
        free = zone.free_ordinary() + zone.free_volatile()
        return any(zone.count(p) + free >= zone.majority for p in range(len(self.players)))

    def _check_end(self) -> None:
        """After azadi (ruling R25, R48): the game ends as soon as every zone holds a
        majority, or, while areas are free, when no player can take any zone still
        without one (all possible majorities are formed); when every area is filled
        first, each player has one final turn,
        beginning with this one (the player who filled the last area), and then it
        ends."""
        zones = self.board.zones
        full = all(z.free_ordinary() + z.free_volatile() == 0 for z in zones)
        if all(z.holder for z in zones):
            self.finished, self.end_reason = True, "all majorities formed"
        elif full:
            if self.final_turns is None:      # powers may still form one: the final round
                self.final_turns = len(self.players)
        elif not any(self._majority_possible(z) for z in zones):
            self.finished, self.end_reason = True, "all possible majorities formed"


    # -- Tyranny cards, Orders and events ---------------------------------------------

    def spare_voters(self, player: int, index: int) -> int:
        """``player``'s voters in zone ``index`` beyond those its majority needs."""
        zone = self.board.zones[index]
        spare = zone.voters.get(player, 0)
        if spare and player in zone.holder:
            spare -= zone.split[zone.holder.index(player)]
        return max(spare, 0)

    def zone_with_spare(self, player: int, index: int) -> bool:
        return self.spare_voters(player, index) > 0

    def _order_rules(self, index: int) -> list[Any]:
        if not self.in_play:
            return []
        return [e for placed in self.in_play if placed.zone == index
                for e in placed.order.effects if isinstance(e, Rule) and e.scope == "zone"]

    def _forbidden(self, index: int, capability: str) -> bool:
        """Whether an Order in zone ``index`` forbids ``capability`` there."""
        for placed in self.in_play:
            if placed.zone != index:
                continue
            for rule in placed.order.effects:
                if isinstance(rule, Rule) and rule.scope == "zone" and rule.kind == "forbid" \
                        and capability in FORBID_REMOVES.get(rule.target, (rule.target,)):
                    return True
        return False

    def forbidden_action(self, index: int, kind: str) -> bool:
        """Whether an Order in zone ``index`` forbids a power's ``kind`` of action there
        (evicting, discarding, converting or moving voters: what it needs)."""
        return any(self._forbidden(index, capability)
                   for capability in ACTION_NEEDS.get(kind, ()))

    def _game_entry_rules(self) -> list[Rule]:
        """The game-wide prices for placing a voter in any zone (a Mandate's, the
        nation's soul's, an Order's with ``scope: game``)."""
        memo = self._rules_memo()
        found: list[Rule] | None = memo.get("entry")
        if found is None:
            found = memo["entry"] = [r for r in self._mandate_rules() if r.kind == "require"
                                     and r.target == "place_voter_in_zone"]
        return found

    def _entry_rules(self, index: int) -> list[Rule]:
        """What placing a voter in zone ``index`` costs: its Orders', then the
        game-wide price."""
        return [r for r in self._order_rules(index) if r.kind == "require" and
                r.target == "place_voter_in_zone"] + self._game_entry_rules()

    def _may_enter(self, index: int) -> bool:
        """An Order may make entering its zone cost something the player cannot pay."""
        if self._forbidden(index, "place_voters"):
            return False
        for rule in self._entry_rules(index):
            needed = int(rule.value.get("discard_own_voters", 0))
            spare = sum(self.spare_voters(self.player, i)
                        for i in range(len(self.board.zones)))
            if needed > spare and index not in self.paid_entry:
                return False       # too few voters to discard (not just none)
            if index in self.paid_entry:
                continue
            held = self.players[self.player].resources
            if any(held[k] < int(n) for k, n in rule.value.items if k in RESOURCES):
                return False
            if int(rule.value.get("any", 0)) > self.basic_total(self.player):
                return False
        return True

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        self._listeners(event)
        self._count_for_tyranny(event)
        self._majority_events()

    def _majority_events(self) -> None:
        """Turn the board's majority changes into majority_broken / majority_formed
        events (by the acting player; ``owner`` the holder, the first of a coalition)."""
        changes = self.board.changes
        while changes:
            index, old, new = changes.pop(0)
            for name, holder in (("majority_broken", old), ("majority_formed", new)):
                if holder:
                    self._emit(Event(name, self.player, holder[0], facts=(("zone", index),)))

    def _count_for_tyranny(self, event: Event) -> None:
        if self.tyranny is None or self.azadi:
            return
        counted = self.tyranny.record(event)
        for choice, _ in counted:
            key = (self.tyranny.card.id, choice)
            self.task_best[key] = max(self.task_best[key], self.tyranny.progress[choice])
        me = self.players[event.by] if event.by >= 0 else None
        for choice, step in counted:
            take = min(step, self.tyranny.legacy_left[choice])
            self.tyranny.legacy_left[choice] -= take
            if me is not None:
                me.resources["legacy"] += take
        done = self.tyranny.completed()
        if done is not None:
            self._resolve_tyranny(done)

    def _listeners(self, event: Event) -> None:
        """Run the acting player's powers that listen to ``event`` (bounded: a chain
        deeper than LISTENER_DEPTH is recorded as a trigger loop and stopped). When
        asked (the linter), two or more of them are first also run in the reverse
        order on clones, and a different outcome is recorded as an order conflict."""
        if event.by != self.player or self.finished:
            return
        if self.listening >= LISTENER_DEPTH:
            self.trigger_loops.append((self.turn, event.name))
            return
        if event.name not in _listened(self.content) or not self._may_hear(event.name):
            return
        self.listening += 1
        try:
            found = self._listening_to(event)
            if self.config.check_order and not self.trial and len(found) > 1:
                self._compare_orders(f"event {event.name}", [s for s, _, _ in found],
                                     lambda st, back: st._run_listeners(
                                         found[::-1] if back else found))
            self._run_listeners(found)
        finally:
            self.listening -= 1

    def _may_hear(self, name: str) -> bool:
        """False when no power that could be in play now listens to event ``name``
        (a quick test before the full search of :meth:`_listening_to`)."""
        if self.foundation is not None or name in _ideologues_hear(self.content):
            return True
        if self.tyranny is not None and any(name in _listeners_in(choice.while_active)
                                            for choice in self.tyranny.card.choices):
            return True
        for number in self.resistance.values():
            card = self.resistance_cards.get(number)
            if card is not None and name in _listeners_in(card.effects):
                return True
        return self.mandate is not None and name in _listeners_in(self.mandate.rebel)

    def _listening_to(self, event: Event) -> list[tuple[str, int, Ability]]:
        """(source, index, ability) of the acting player's powers listening to
        ``event``, in the engine's order (the order of :meth:`_sources`)."""
        found = []
        name = event.name
        for source, effects, _ in self._sources():
            if source.startswith("maidaan:"):
                continue
            this_zone = int(source.split(":")[1]) if source.startswith("resistance:") \
                else None
            for n, effect, where in _listeners_in(effects).get(name, ()):
                if matches(event, name, where, this_zone):
                    found.append((source, n, effect))
        return found

    def _run_listeners(self, found: list[tuple[str, int, Ability]]) -> None:
        forbidden = self._forbidden_everywhere()
        for source, n, effect in found:
            if not self._holds(effect, source) or (forbidden and _needs(effect) & forbidden):
                continue
            limit = effect.limit.get("per_turn")
            if limit is not None and self.uses[(source, n)] >= int(limit):
                continue
            if not self._can_pay(effect.cost):
                continue
            if not self._within_game_limit(effect, source, n):
                continue
            self.uses[(source, n)] += 1
            self.game_uses[(source, n)] += 1
            self._pay(effect.cost, 0)
            interpreter.run_ability(self, self.player, effect, zone=_zone_of(source))

    def _source_label(self, source: str) -> str:
        """A readable name for a power's source, for order-conflict findings."""
        if source.startswith("tyranny:") and self.tyranny is not None:
            return repr(self.tyranny.card.choices[int(source.split(":")[1])].title)
        if source.startswith("resistance:"):
            number = self.resistance.get(int(source.split(":")[1]))
            card = self.resistance_cards.get(number or -1)
            return f"Resistance card {card.title!r}" if card else source
        if source.startswith("mandate:") and self.mandate is not None:
            return f"Mandate {self.mandate.rebel_title!r}"
        return source

    def _compare_orders(self, window: str, sources: list[str],
                        run: Callable[[AzadiState, bool], None]) -> None:
        """Run the effects of ``sources`` in order and reversed (``run(state,
        reversed)``) on clones; record an order conflict if the outcomes differ."""
        outcomes = []
        for back in (False, True):
            trial = self.clone()
            trial.trial = True
            run(trial, back)
            outcomes.append(trial.outcome())
        if outcomes[0] != outcomes[1]:
            self.order_conflicts.append(
                (self.turn, window, tuple(self._source_label(s) for s in sources),
                 outcomes[0][self.player], outcomes[1][self.player]))

    def _trigger_tyranny(self) -> str:
        if self.tyranny is not None or not self.tyranny_deck:
            return ""
        card = self.tyranny_deck.pop()
        self.tyranny = ActiveTyranny(card)
        if card.id == self.config.first_tyranny:
            self.tyranny.only = self.config.only_choice
        for index, zone in enumerate(self.board.zones):
            for _ in range(card.imperial_voters_per_zone):
                if zone.free_ordinary() > 0:
                    self.board.add_voter(index, IMPERIAL, self.track)
        target = self._order_zone()
        self.in_play.append(OrderInPlay(self.orders[card.order], target))
        self.set_majorities()                   # the Order's rules apply at once (R35)
        return (f"; Tyranny card {card.title!r}: 2 Imperial voters in every zone, Order "
                f"{self.orders[card.order].title!r} in zone {target}")

    def _order_zone(self) -> int:
        """Where a new Imperial Order goes: a zone with neither an Order nor a
        Resistance card; failing that, over a Resistance card (which it blocks until
        it is overturned: the card stays in its zone), one not already covered first."""
        ordered = {placed.zone for placed in self.in_play}
        zones = range(len(self.board.zones))
        free = [i for i in zones if i not in ordered and i not in self.resistance]
        if free:
            return free[0]
        covered = [i for i in zones if i in self.resistance]
        covered.sort(key=lambda i: i in ordered)
        return covered[0] if covered else self.emptiest_zone()

    def _resistance_zone(self, new_zone: int | None) -> int | None:
        """Where a won Resistance card goes: the zone the Tyranny card opened, or, when
        no zone was left to open, the first zone with neither a Resistance card nor an
        Order (None: no such zone, and the card is not placed)."""
        if new_zone is not None:
            return new_zone
        ordered = {placed.zone for placed in self.in_play}
        return next((i for i in range(len(self.board.zones))
                     if i not in ordered and i not in self.resistance), None)

    def _resolve_tyranny(self, choice: int) -> None:
        assert self.tyranny is not None
        card = self.tyranny.card
        self.tyranny = None
        self.resolved.append((card.id, choice))
        self.track.record("tyranny_resolved")
        index = self.open_zone()                  # a new 9/17 or 11/21 zone
        where = self._resistance_zone(index)
        if where is not None:
            self.resistance[where] = card.choices[choice].resistance
        self._check_azadi()

    def _pay_entry(self, index: int) -> str:
        """An Order's price for entering its zone, paid once a turn (ruling R19)."""
        if index in self.paid_entry:
            return ""
        said = []
        for rule in self._entry_rules(index):
            for _ in range(int(rule.value.get("discard_own_voters", 0))):
                spare = next((i for i in range(len(self.board.zones))
                              if self.zone_with_spare(self.player, i)), -1)
                if spare < 0:
                    break              # a power answering a discard took the rest
                self.board.remove_voter(spare, self.player, self.track)
                self._emit(Event("voter_discarded", self.player, self.player,
                                 facts=(("zone", spare),)))
                said.append(f"discards a voter in zone {spare}")
            for kind, n in rule.value.items:
                if kind in RESOURCES:
                    self.spend(self.player, kind, int(n))
                    said.append(f"pays {n} {kind}")
            if rule.value.get("any"):
                self._pay_any(self.player, int(rule.value.get("any")))
                said.append(f"pays {rule.value.get('any')} resources")
        self.paid_entry.add(index)
        return ("" if not said else ", ".join(said) + ", then ")

    def order_dissent_cost(self, order: Any) -> tuple[list[tuple[str, int]], int]:
        """An act of dissent against ``order`` for the current player: (the printed
        resources, how many of any resources), changed by the rules in force
        (``dissent_cost``): each +1 adds one resource of any kind; each -1 takes one
        off, from "any" first, then from the printed kind the player holds fewest of."""
        each = [(k, int(n)) for k, n in order.dissent_cost.items if k in RESOURCES]
        any_n = int(order.dissent_cost.get("any", 0))
        change = self._modified("dissent_cost", 0)
        zone = next((p.zone for p in self.in_play if p.order is order), -1)
        if zone >= 0:                       # an Order in that zone may change it too
            change = self._zone_modified(zone, "dissent_cost", change)
        if change > 0:
            any_n += change
        held = self.players[self.player].resources
        for _ in range(-change):
            if any_n:
                any_n -= 1
            elif each:
                i = min(range(len(each)), key=lambda j: (held[each[j][0]], j))
                each[i] = (each[i][0], each[i][1] - 1)
                each = [(k, n) for k, n in each if n > 0]
        return each, any_n

    def dissent_against(self, index: int, free: bool, order: int = 0, payer: int = -1
                        ) -> str:
        """Dissent against the Order numbered ``order`` in zone ``index`` (0: the first
        there) by ``payer`` (default: the current player); ``free`` when a power pays."""
        placed = next(p for p in self.in_play if p.zone == index and
                      order in (0, p.order.number))
        payer = self.player if payer < 0 else payer
        me = self.players[payer]
        if not free:
            each, any_n = self.order_dissent_cost(placed.order)
            for kind, n in each:
                self.spend(payer, kind, n)
            if any_n:
                self._pay_any(payer, any_n)
        placed.infamy -= 1
        me.resources["infamy"] += 1
        line = f"P{payer + 1} dissents against {placed.order.title!r}"
        self._emit(Event("dissent_committed", payer))
        if placed.infamy == 0:
            self.in_play.remove(placed)
            self.usage[f"order:{placed.order.number}"] += 1
            self.track.record("order_overturned")
            self.set_majorities()               # its count returns (R35)
            line += ": the Order is overturned"
            self._check_azadi()
        return line

    def _after_cap_in_actions(self) -> None:
        """Over the cap, discard resources down to it (as in :meth:`_after_cap`: only
        resources are discarded, so evicted voters alone over it leave nothing to do)."""
        me = self.players[self.player]
        resources = sum(me.resources.values())
        if resources > 0 and resources + me.mat_voters + me.mat_imperial > \
                self.resource_cap():
            self.phase = "cap"



    # -- powers ------------------------------------------------------------------------

    def can_pay_dissent(self, player: int) -> bool:
        """Whether ``player`` can pay an act of dissent against the first Order in play."""
        if not self.in_play:
            return False
        each, any_n = self.order_dissent_cost(self.in_play[0].order)
        held = self.players[player].resources
        return all(held[k] >= n for k, n in each) and \
            self.basic_total(player) - sum(n for _, n in each) >= any_n

    def place_by_power(self, player: int, index: int, volatile: bool = False) -> None:
        """A voter a power places in zone ``index`` (ruling R41: no entry price, no
        Legacy or Tyranny card for a volatile area; the caller checks the room)."""
        self.board.add_voter(index, player, self.track, volatile)
        self._emit(Event("voter_placed", player, player,
                         facts=(("volatile", volatile), ("zone", index))))

    def can_levy_for(self, target: str, player: int) -> bool:
        """Whether ``player`` can pay what the rules in force charge for ``target``."""
        return self._can_levy(target, self.players[player].resources)

    def pay_levy_for(self, target: str, player: int) -> None:
        self._pay_levy(target, player)

    def traded_by_power(self, player: int, partner: int) -> None:
        """Report a trade a power made (``partner`` -1: with the reserve)."""
        self._emit(Event("trade", player, facts=(("partner", partner),)))

    def influence_deck_top(self, player: int, discount: int, interchangeable: bool,
                           extra: int) -> None:
        """Influence the voter deck's top card: drawn next (a chance draw), then bought
        if ``player`` can pay its cost, else discarded (ruling R41)."""
        if self.voter_deck.total() == 0 and self.voter_discard.total() > 0:
            self.voter_deck, self.voter_discard = self.voter_discard, Counter()
        if self.voter_deck.total() == 0:
            return
        self.top_influences.append((player, discount, interchangeable, extra))
        self.pending.insert(0, "top")

    def _influence_top(self, card_id: str) -> str:
        player, discount, interchangeable, extra = self.top_influences.pop(0)
        self.voter_deck[card_id] -= 1
        bought = self._buy_voter_card(player, card_id, discount, interchangeable, extra)
        if not bought:
            self.voter_discard[card_id] += 1
        return f"chance: the voter deck's top card is {card_id}" + (
            f", influenced by P{player + 1}" if bought else ", discarded")

    def add_imperial_voter(self, index: int) -> None:
        """An Imperial voter added by a player's power (a Tyranny card's own voters,
        added when it is triggered, are not an event)."""
        self.board.add_voter(index, IMPERIAL, self.track)
        self._emit(Event("imperial_voter_added", self.player, IMPERIAL))

    def remove_voter(self, index: int, owner: int, event: str) -> None:
        self.board.remove_voter(index, owner, self.track)
        self._emit(Event(event, self.player, owner, facts=(("zone", index),)))

    def influence_with(self, player: int, discount: int, interchangeable: bool,
                       extra: int) -> None:
        """Influence the open voter card worth most voters that the player can pay. A
        power's discount comes off the printed cost only; the rules in force still add
        their surcharge (``voter_card_cost``) and levy their permit, as on the
        Influence action."""
        best = None
        for slot, card_id in enumerate(self.slots):
            if card_id is None:
                continue
            if self._power_price(player, card_id, discount, interchangeable) is not None \
                    and (best is None or self.voter_cards[card_id].voters > best[0]):
                best = (self.voter_cards[card_id].voters, slot)
        if best is None:
            return
        slot = best[1]
        card_id = self.slots[slot]
        assert card_id is not None
        self.slots[slot] = None
        self._buy_voter_card(player, card_id, discount, interchangeable, extra)
        self._refill_slot(slot)

    def _power_price(self, player: int, card_id: str, discount: int,
                     interchangeable: bool) -> Counter[str] | None:
        """What a power's influence of ``card_id`` costs ``player`` after ``discount``
        (None: more than they can pay, with the rules' surcharge and permit)."""
        cost = Counter({k: int(n) for k, n in self.voter_cards[card_id].cost.items})
        for _ in range(discount):
            if +cost:
                cost[max(+cost, key=lambda k: (cost[k], k))] -= 1
        cost = +cost
        if not self._can_afford(self.players[player], cost, interchangeable,
                                self._modified("voter_card_cost", 0),
                                self.basic_total(player), self._levy("influence_voter_card")):
            return None
        return cost

    def _buy_voter_card(self, player: int, card_id: str, discount: int,
                        interchangeable: bool, extra: int) -> bool:
        """Pay for ``card_id`` (taken from its slot or the deck by the caller) and give
        its voters to ``player`` to place; False (nothing paid) if they cannot pay."""
        cost = self._power_price(player, card_id, discount, interchangeable)
        if cost is None:
            return False
        me = self.players[player]
        surcharge = self._modified("voter_card_cost", 0)
        if interchangeable:                 # the permit's kinds first: "any" may not take them
            self._pay_levy("influence_voter_card", player)
            self._pay_any(player, sum(cost.values()))
        else:
            for kind, n in cost.items():
                self.spend(player, kind, n)
            self._pay_levy("influence_voter_card", player)
        if surcharge > 0:
            self._pay_any(player, surcharge)
        me.to_place += self._votes_of(card_id) + extra
        me.batches.append(self._votes_of(card_id) + extra)
        self.voter_discard[card_id] += 1
        self._emit(Event("voter_card_influenced", player,
                         facts=(("voters", self.voter_cards[card_id].voters),)))
        return True

    def _can_afford(self, me: Player, cost: Counter[str], interchangeable: bool,
                    surcharge: int, basic: int, levy: list[tuple[str, int]]) -> bool:
        """Whether ``me`` can pay ``cost`` (any resources when ``interchangeable``), the
        rules' ``surcharge`` in any resources (paid only when above 0, as on the
        Influence action) and the ``levy`` (for a power's influence)."""
        held = me.resources
        permit = 0
        for kind, n in levy:
            if kind != "any" and held[kind] < n + (0 if interchangeable else cost[kind]):
                return False
            permit += n
        if not interchangeable and any(held[k] < n for k, n in cost.items()):
            return False
        return basic >= sum(cost.values()) + max(0, surcharge) + permit

    def _sources(self) -> list[tuple[str, tuple[Effect, ...], int]]:
        """(source, effects, Infamy cost) of every power the current player may use."""
        me = self.players[self.player]
        found: list[tuple[str, tuple[Effect, ...], int]] = []
        levels = me.levels.get
        for ideologue, powers in _ideologue_powers(self.content):
            reached = levels(ideologue, 0)
            for level, source, effects in powers:
                if reached >= level:
                    found.append((source, effects, 0))
        if self.tyranny is not None and not self.azadi:
            for n, choice in enumerate(self.tyranny.card.choices):
                found.append((_label("tyranny", n), choice.while_active, 0))
        for zone_index, number in sorted(self.resistance.items()) if self.resistance else ():
            card = self.resistance_cards.get(number)
            zone = self.board.zones[zone_index]
            if card is None or any(p.zone == zone_index for p in self.in_play):
                continue
            eligible = me.levels[card.ideologue] >= 3 and zone.holder != (IMPERIAL,) and \
                (not zone.holder or self.player in zone.holder)
            if eligible or self.resistance_free > 0:
                found.append((_label("resistance", zone_index), card.effects, 0))
        if self.mandate is not None and self.mandate_flipped and \
                self.board.zones[0].gerrymandering_rights() == self.player:
            found.append(("mandate:rebel", self.mandate.rebel, 0))
        side = self.founded_side()
        if side is not None:
            found.append(("foundation:soul", side.soul, 0))
            if me.levels[side.buff_ideologue] >= 3:
                found.append(("foundation:buff", side.buff, 0))
            monument = next((m for m in self.content.monuments
                             if m.number == self.foundation.monument), None)
            if monument is not None and self.player in self.contributions and \
                    self.player not in self.monument_used:
                effects = monument.two_player_power if len(self.players) == 2 \
                    else monument.power
                found.append(("monument", effects, 0))
        infamy = me.resources.get("infamy", 0)
        for cost, source, effects in _maidaan_powers(self.content):
            if infamy >= cost:
                found.append((source, effects, cost))
        return found

    def _usable_powers(self) -> list[tuple[str, int, Ability]]:
        usable = []
        uses = self.uses
        forbidden = self._forbidden_everywhere()
        levy = self._levy("use_resistance_card")
        held = self.players[self.player].resources
        for source, effects, infamy in self._sources():
            repeatable = source.startswith(("maidaan:", "monument"))
            for n, effect in enumerate(effects):
                facts = _power_facts(effect)
                if facts is None:
                    continue
                when, supported, limit = facts
                if when != "activated" and not (repeatable and when == "once"):
                    continue
                assert isinstance(effect, Ability)
                if not supported or (effect.condition and not self._holds(effect, source)):
                    continue
                if forbidden and _needs(effect) & forbidden:
                    continue       # the rules in force forbid what it does
                if levy and source.startswith("resistance:") and \
                        not self._can_levy("use_resistance_card", held, levy):
                    continue
                if not repeatable and uses.get((source, n), 0) >= (1 if limit is None
                                                                    else limit):
                    continue       # unlimited powers still once a turn in the engine (R21)
                if not self._within_game_limit(effect, source, n):
                    continue
                cost = effect.cost
                if levy and source.startswith("resistance:"):
                    cost = _with_levy(cost, levy)      # the power's cost and the licence
                if not self._can_pay(cost, infamy):
                    continue
                usable.append((source, n, effect))
        return usable

    def _within_game_limit(self, effect: Ability, source: str, index: int) -> bool:
        """A ``limit: {per_game: n}`` ability used fewer than n times this game."""
        per_game = effect.limit.get("per_game")
        return per_game is None or self.game_uses[(source, index)] < int(per_game)

    def ability_of(self, action: UsePower) -> Ability | None:
        """The ability a UsePower action would use."""
        for source, effects, _ in self._sources():
            if source == action.source and action.index < len(effects):
                effect = effects[action.index]
                return effect if isinstance(effect, Ability) else None
        return None

    def _holds(self, effect: Ability, source: str) -> bool:
        """An ability's ``if`` conditions for the current player."""
        me, condition = self.players[self.player], effect.condition
        zone_of = {"capital": 0}
        if source.startswith("resistance:"):
            zone_of["this_zone"] = int(source.split(":")[1])
        level = condition.get("level")
        if level is not None and me.levels[level.get("ideologue")] < int(level.get("at_least")):
            return False
        majority = condition.get("holds_majority")
        if majority == "any" and not any(self.player in z.holder for z in self.board.zones):
            return False
        if majority in zone_of and self.player not in self.board.zones[zone_of[majority]].holder:
            return False
        rights = condition.get("gerrymandering_rights")
        if rights in zone_of and \
                self.board.zones[zone_of[rights]].gerrymandering_rights() != self.player:
            return False
        if rights is not None and rights not in zone_of:
            return False
        at_least = condition.get("resources_at_least")
        if at_least is not None and self.basic_total(self.player) < int(at_least):
            return False
        after = condition.get("after_azadi")
        if after is not None and bool(after) != self.azadi:
            return False
        players = condition.get("players")
        return players is None or int(players) == len(self.players)

    def _can_pay(self, cost: Any, infamy: int = 0) -> bool:
        held = self.players[self.player].resources
        if not cost.items:
            return held["infamy"] >= infamy
        each, specific, any_kind, needs_voter, own_infamy = _cost_facts(cost)
        for kind, n in each:
            if held[kind] < n:
                return False
        if any_kind and any_kind > self.basic_total(self.player) - specific:
            return False
        if needs_voter and not any(self.zone_with_spare(self.player, i)
                                   for i in range(len(self.board.zones))):
            return False
        return held["infamy"] >= infamy + own_infamy

    def _pay(self, cost: Any, infamy: int) -> None:
        me = self.players[self.player]
        for kind, n in cost.items:
            if kind in _PAYABLE:
                self.spend(self.player, kind, int(n))
        if cost.get("any"):
            self._pay_any(self.player, int(cost.get("any")))
        for key, event in (("discard_own_voters", "voter_discarded"),
                           ("evict_own_voters", "voter_evicted")):
            for _ in range(int(cost.get(key, 0))):
                index = self.zone_with_most(self.player)
                if index is None:
                    break
                self.remove_voter(index, self.player, event)
                if key == "evict_own_voters":
                    me.mat_voters += 1
        me.resources["infamy"] -= infamy

    def _use_power(self, action: UsePower) -> str:
        infamy_of: dict[str, int] = {}
        for source, _, cost in self._sources():
            infamy_of.setdefault(source, cost)
        found = {(s, n): (e, infamy_of[s]) for s, n, e in self._usable_powers()}
        ability, infamy = found[(action.source, action.index)]
        self.uses[(action.source, action.index)] += 1
        self.game_uses[(action.source, action.index)] += 1
        self._pay(ability.cost, infamy)
        if action.source.startswith("maidaan:"):
            self.usage[f"maidaan:{action.source.split(':', 1)[1]}"] += 1
            self._emit(Event("maidaan_used", self.player))
        if action.source == "monument":
            self.monument_used.add(self.player)   # once per player per game
        if action.source.startswith("resistance:"):
            self._pay_levy("use_resistance_card")    # e.g. a Foundation soul's licence
            if self.resistance_free > 0:
                self.resistance_free -= 1
            self.usage[f"resistance:{self.resistance[int(action.source.split(':')[1])]}"] += 1
            self._emit(Event("resistance_card_used", self.player))
        interpreter.run_ability(self, self.player, ability, action.target,
                                _zone_of(action.source))
        self._check_azadi()
        if self.extra_ideology > 0 and self.ideology.total() > 0 and not self.finished:
            self.extra_ideology -= 1               # answer another Ideology card now
            if not self._fuse_comes_up():
                self.phase = "ideology"
                self.pending.append("ideology")
        return f"P{self.player + 1} uses {action.source}"

    def timed_effects(self, window: str) -> list[tuple[str, Ability]]:
        """The start- or end-of-turn abilities that apply now, in the engine's order:
        the Imperial Mandate's, then the Tyranny card's (source label, ability)."""
        found: list[tuple[str, Ability]] = []
        if self.mandate is not None and not self.mandate_flipped:
            for effect in self.mandate.imperial:
                if isinstance(effect, Ability) and effect.when == window and \
                        interpreter.supported(effect):
                    found.append((f"Mandate {self.mandate.title!r}", effect))
        if self.tyranny is not None and not self.azadi:
            for choice in self.tyranny.card.choices:
                for effect in choice.while_active:
                    if isinstance(effect, Ability) and effect.when == window and \
                            interpreter.supported(effect) and \
                            (not effect.condition or self._holds(effect, "tyranny:")):
                        found.append((f"{choice.title!r}", effect))
        for source, effects, _ in self._sources():      # the player's other powers
            if source.startswith(("tyranny:", "maidaan:")):
                continue
            for effect in effects:
                if isinstance(effect, Ability) and effect.when == window and \
                        interpreter.supported(effect) and \
                        (not effect.condition or self._holds(effect, source)):
                    found.append((source, effect))
        return found

    def _run_timed(self, effects: list[tuple[str, Ability]]) -> None:
        for source, effect in effects:
            if source.startswith("Mandate "):
                interpreter.run_ability(self, self.player, effect)
            elif self._can_pay(effect.cost):
                self._pay(effect.cost, 0)
                interpreter.run_ability(self, self.player, effect, zone=_zone_of(source))

    def outcome(self) -> tuple[tuple[str, ...], ...]:
        """What order dependence compares: each player's resources and voters (and
        the Imperial voters on the map, in every player's entry)."""
        imperial = f"Imperial voters {sum(z.count(IMPERIAL) for z in self.board.zones)}"
        return tuple(
            tuple(f"{k} {n}" for k, n in sorted(p.resources.items()) if n) +
            (f"voters on the map {sum(z.count(i) for z in self.board.zones)}",
             f"voters on the mat {p.mat_voters}",
             f"Imperial voters on the mat {p.mat_imperial}", imperial)
            for i, p in enumerate(self.players))

    def _timed(self, window: str) -> None:
        """Run the start- or end-of-turn abilities. When asked (the linter), two or
        more of them are first also run in the reverse order on clones, and a
        different outcome is recorded as an order conflict."""
        effects = self.timed_effects(window)
        if self.config.check_order and not self.trial and len(effects) > 1:
            self._compare_orders(window, [s for s, _ in effects], lambda st, back: st._run_timed(
                effects[::-1] if back else effects))
        self._run_timed(effects)
        self._check_azadi()

    def clone(self) -> AzadiState:
        """A deep copy that shares the (immutable) content; the append-only records of
        immutable items (log, history, events) are copied shallowly."""
        memo: dict[int, Any] = {id(record): list(record)
                                for record in (self.log, self.history, self.events)}
        for lookup in (self.ideology_cards, self.voter_cards, self.orders,
                       self.resistance_cards):          # built at setup, never changed
            memo[id(lookup)] = lookup
        trial: AzadiState = fast_copy(self, _shared(self.content), memo)
        return trial


# How each kind of action is applied (one table lookup instead of a chain of tests).
_APPLY: dict[type, Callable[[AzadiState, Any], str]] = {
    Draw: lambda s, a: s._draw(a.card),
    Take: AzadiState._take,
    Parley: AzadiState._parley,
    EndParley: lambda s, a: s._attack(),
    Redraw: lambda s, a: s._redraw(),
    Answer: lambda s, a: s._answer(a.side),
    Discard: AzadiState._discard_to_cap,
    Influence: AzadiState._influence,
    Place: lambda s, a: s._place(s.players[s.player], a),
    PlaceImperial: AzadiState._place_imperial,
    Coalition: AzadiState._coalition,
    Withdraw: AzadiState._withdraw,
    EndTurn: lambda s, a: s._end_turn_action(),
    Dissent: lambda s, a: s.dissent_against(a.zone, free=False, order=a.order),
    DissentMandate: lambda s, a: s._dissent_mandate(),
    Contribute: lambda s, a: s._contribute(),
    Vote: lambda s, a: s._vote(a.side),
    UsePower: AzadiState._use_power,
    Gerrymander: AzadiState._gerrymander,
    ProposeTrade: AzadiState._trade,
    Offer: AzadiState._trade,
    WithdrawOffer: AzadiState._trade,
    Reply: AzadiState._trade,
    DiscardOwn: AzadiState._discard_own,
    ConvertOwn: AzadiState._convert_own,
}
IdeologuePowers = list[tuple[str, list[tuple[int, str, tuple[Effect, ...]]]]]
Listeners = dict[str, list[tuple[int, Ability, dict[str, Any]]]]
CostFacts = tuple[tuple[tuple[str, int], ...], int, int, bool, int]
PowerFacts = tuple[str, bool, int | None] | None
_PAYABLE = frozenset((*RESOURCES, "legacy", "infamy"))
_LABELS: dict[tuple[str, int | str], str] = {}

# Tables worked out once per content object, and facts once per effect of it (a few
# contents at a time: a simulation worker is sent a fresh copy with each batch).
_SHARED: IdentityCache[AzadiContent, dict[int, Any]] = IdentityCache(8)
_LISTENED: IdentityCache[AzadiContent, frozenset[str]] = IdentityCache(8)
_POWERS: IdentityCache[AzadiContent, IdeologuePowers] = IdentityCache(8)
_HEARD: IdentityCache[AzadiContent, frozenset[str]] = IdentityCache(8)
_MAIDAAN: IdentityCache[AzadiContent, list[tuple[int, str, tuple[Effect, ...]]]] = \
    IdentityCache(8)
_FACTS: IdentityCache[Effect, PowerFacts] = IdentityCache(20_000)
_TARGETS: IdentityCache[Ability, tuple[str, ...]] = IdentityCache(20_000)
_NEEDS: IdentityCache[Ability, frozenset[str]] = IdentityCache(20_000)
_COSTS: IdentityCache[Any, CostFacts] = IdentityCache(20_000)
_LISTENERS: IdentityCache[tuple[Effect, ...], Listeners] = IdentityCache(20_000)


def _ideologue_powers(content: AzadiContent) -> IdeologuePowers:
    """Per ideologue, in content order: (level, source label, effects) of each power."""
    return _POWERS.lookup(content, lambda c: [
        (i.id, [(p.level, f"ideologue:{i.id}:{p.level}", p.effects) for p in i.powers])
        for i in c.ideologues])


def _maidaan_powers(content: AzadiContent) -> list[tuple[int, str, tuple[Effect, ...]]]:
    """(Infamy cost, source label, effects) of each Maidaan power, in content order."""
    return _MAIDAAN.lookup(content, lambda c: [
        (m.cost, _label("maidaan", m.id), m.effects) for m in c.maidaan_powers])


def _listeners_in(effects: tuple[Effect, ...]) -> Listeners:
    """A power's abilities that listen to events and that the interpreter runs, by
    event: (index, ability, its ``where`` filter)."""
    return _LISTENERS.lookup(effects, _find_listeners)


def _find_listeners(effects: tuple[Effect, ...]) -> Listeners:
    by_event: Listeners = {}
    for n, effect in enumerate(effects):
        if isinstance(effect, Ability) and isinstance(effect.when, Listener) and \
                interpreter.supported(effect):
            by_event.setdefault(effect.when.event, []).append(
                (n, effect, effect.when.where.to_dict()))
    return by_event


def _cost_facts(cost: Any) -> CostFacts:
    """A cost as (each resource and amount, the basic resources named, "any" amount,
    whether it asks for one of the player's voters, its Infamy)."""
    return _COSTS.lookup(cost, lambda c: (
        tuple((k, int(n)) for k, n in c.items if k in _PAYABLE),
        sum(int(n) for k, n in c.items if k in RESOURCES),
        int(c.get("any", 0)),
        bool(int(c.get("discard_own_voters", 0)) or int(c.get("evict_own_voters", 0))),
        int(c.get("infamy", 0))))


def _ideologues_hear(content: AzadiContent) -> frozenset[str]:
    """The events some ideologue power listens to."""
    return _HEARD.lookup(content, lambda c: frozenset(
        name for _, powers in _ideologue_powers(c) for _, _, effects in powers
        for name in _listeners_in(effects)))


def _with_levy(cost: FrozenMap, levy: list[tuple[str, int]]) -> FrozenMap:
    """A cost with what the rules in force charge on top of it."""
    total: Counter[str] = Counter({k: int(n) for k, n in cost.items})
    for kind, n in levy:
        total[kind] += n
    return FrozenMap(tuple(sorted(total.items())))


def _zone_of(source: str) -> int:
    """The zone of the card a power's ``source`` names (a Resistance card's), or -1."""
    if source.startswith("resistance:"):
        return int(source.split(":")[1])
    return -1


def _label(kind: str, key: int | str) -> str:
    """A power's source label such as ``tyranny:0``, made once."""
    found = _LABELS.get((kind, key))
    if found is None:
        found = _LABELS[(kind, key)] = f"{kind}:{key}"
    return found


def _power_facts(effect: Effect) -> PowerFacts:
    """(when, whether the interpreter runs it, its use limit) of an ability; None for a
    rule."""
    return _FACTS.lookup(effect, _find_power_facts)


def _find_power_facts(effect: Effect) -> PowerFacts:
    if not isinstance(effect, Ability):
        return None
    limit = effect.limit.get("per_turn")
    when = effect.when if isinstance(effect.when, str) else ""    # "": a listener
    return (when, interpreter.supported(effect), None if limit is None else int(limit))


def _needs(ability: Ability) -> frozenset[str]:
    """The capabilities an ability's actions need (what a ``forbid`` rule can take
    away), worked out once per ability."""
    return _NEEDS.lookup(ability, lambda a: frozenset().union(
        *(ACTION_NEEDS.get(action.kind, frozenset()) for action in a.actions)))


def _targets(ability: Ability) -> tuple[str, ...]:
    """:func:`interpreter.target_choices`, worked out once per ability."""
    return _TARGETS.lookup(ability, interpreter.target_choices)


def _listened(content: AzadiContent) -> frozenset[str]:
    """Every event some power in ``content`` listens to (most events need no search
    for listeners)."""
    return _LISTENED.lookup(content, lambda c: frozenset(
        item.when.event for item in _shared(c).values()
        if isinstance(item, Ability) and isinstance(item.when, Listener)))


def _shared(content: AzadiContent) -> dict[int, Any]:
    """A deepcopy memo mapping every object in ``content`` (frozen, never changed
    during play) to itself, so clones share it."""
    return _SHARED.lookup(content, _find_shared)


def _find_shared(content: AzadiContent) -> dict[int, Any]:
    memo: dict[int, Any] = {}
    stack: list[Any] = [content]
    while stack:
        item = stack.pop()
        if id(item) in memo or isinstance(item, (str, int, float, bool, type(None))):
            continue
        memo[id(item)] = item
        if dataclasses.is_dataclass(item):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, tuple | frozenset):
            stack.extend(item)
    return memo


class AzadiGame(Game):
    id = "azadi"

    def __init__(self, content: AzadiContent, players: int = 4, difficulty: str = "medium",
                 campaign: str = "", seat_of_power: bool = False, mandate: str = "",
                 first_tyranny: str = "", only_choice: int | None = None,
                 check_order: bool = False) -> None:
        self.content = content
        params = content.parameters
        self.config = AzadiConfig(players, difficulty, campaign,
                                  int(params.get("resource_cap", 12)),
                                  int(params.get("redraw_ideology_card_cost", 4)),
                                  seat_of_power=seat_of_power, mandate=mandate,
                                  first_tyranny=first_tyranny, only_choice=only_choice,
                                  check_order=check_order)

    def num_players(self) -> int:
        return self.config.players

    def new_initial_state(self, seed: int) -> AzadiState:
        return AzadiState(self.content, self.config, seed)

register_frozen(__name__)    # compiled frozen dataclasses stay picklable and copyable
