"""AZADI as a :class:`~rules_engine.core.game.State`: the state's data, and the game API
composed from the job modules.

Zones laid by the placement rule, the Rebel Flag and the Fort from Table 1,
starting resources (:mod:`.setup`), then turns of Crown and parley, Imperial Attack
cards, an Ideology card with income, passive income and the cap (:mod:`.turns`), and
the player's actions (listed by :mod:`.moves`, defined in :mod:`.actions`): voter
cards influenced (:mod:`.influence`) and voters placed, majorities and
gerrymandering (:mod:`.voters`), trading and coalitions (:mod:`.trade`), powers
(ideologue, while-active, Resistance, Maidaan, Monument, Mandate and Foundation;
:mod:`.powers`), dissent against Orders and the Mandate and the rules in force
(:mod:`.law`), the Monument Tracker. Tyranny cards are triggered from volatile areas,
their tasks counted from events (:mod:`.events`), completed with a new zone and a
Resistance card (:mod:`.tyranny_cards`); the Fuse ends the game, azadi starts the
transfer of power, and the end scores majority voters (:mod:`.scoring`). Paying is
:mod:`.payments`; what the engine works out once from the cards is
:class:`~.facts.RulesFacts`. See docs/rulings.md R17-R23 for the engine's readings
of the rulebook.

Every job module's functions take the state first; :class:`AzadiState` keeps the
methods other modules (the interpreter, the bots, the linter) call.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from rules_engine.azadi import (
    decisions,
    influence,
    law,
    moves,
    narration,
    payments,
    powers,
    scoring,
    setup,
    trade,
    turns,
    voters,
)
from rules_engine.azadi.actions import (
    TRADE_RATIOS,
    TRADEABLE,
    Action,
    Answer,
    CashLegacy,
    Coalition,
    Contribute,
    ConvertOwn,
    Discard,
    DiscardOwn,
    Dissent,
    DissentMandate,
    Draw,
    EndParley,
    EndTurn,
    Gerrymander,
    Influence,
    JoinCoalition,
    Offer,
    OpenZone,
    Parley,
    Place,
    PlaceCrown,
    PlaceImperial,
    PlaceOrder,
    PlaceResistance,
    ProposeTrade,
    Redraw,
    Reply,
    SendImperial,
    Take,
    UsePower,
    Vote,
    Withdraw,
    WithdrawOffer,
)
from rules_engine.azadi.board import Board
from rules_engine.azadi.decisions import Decision
from rules_engine.azadi.facts import RulesFacts, facts_for
from rules_engine.azadi.model import (
    AttackCard,
    AzadiContent,
    Campaign,
    IdeologyCard,
    ImperialOrder,
    Mandate,
    ResistanceCard,
    TyrannyCard,
    VoterCard,
)
from rules_engine.azadi.model import Zone as ZoneTile
from rules_engine.azadi.points import AzadiTrack
from rules_engine.azadi.powers import LISTENER_DEPTH
from rules_engine.azadi.setup import Player
from rules_engine.azadi.tyranny import ActiveTyranny, Event, OrderInPlay
from rules_engine.core.cloning import fast_copy
from rules_engine.core.effects import Ability, Rule
from rules_engine.core.game import CHANCE, TERMINAL, Game, IllegalAction, State
from rules_engine.native import register_frozen

# the names other modules import from here (the actions are defined in .actions)
__all__ = ["LISTENER_DEPTH", "TRADE_RATIOS", "TRADEABLE", "Action", "Answer",
           "AzadiConfig", "AzadiGame", "AzadiState", "CashLegacy", "Coalition",
           "Contribute", "ConvertOwn", "Discard", "DiscardOwn", "Dissent",
           "DissentMandate", "Draw", "EndParley", "EndTurn", "Gerrymander", "Influence",
           "JoinCoalition", "Offer", "OpenZone", "Parley", "Place", "PlaceCrown",
           "PlaceImperial", "PlaceOrder", "PlaceResistance", "Player", "ProposeTrade",
           "Redraw", "Reply", "SendImperial", "Take", "UsePower", "Vote", "Withdraw",
           "WithdrawOffer"]


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
    # a directed game (R55, rules_engine.azadi.directed): content in play from the start
    resistance_start: tuple[int, ...] = ()
    orders_start: tuple[int, ...] = ()
    azadi_in: int = 0            # the Flag starts this many points short of the Fort
    legacy_start: int = 0
    foundation: str = ""         # "<card id>[:<side 1|2>]" founded at azadi
    levels_start: int = 0        # every player's level in every ideologue, at least
    infamy_start: int = 0        # every player's Infamy
    mandate_flipped: bool = False  # the Mandate starts on its Rebel side


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class AzadiState(State[Action]):
    """A game of AZADI in progress: its data (set up by :func:`.setup.set_up`), the
    game API, and the methods the interpreter and the bots call."""

    content: AzadiContent
    config: AzadiConfig
    facts: RulesFacts                      # the content's rules facts, shared by clones
    campaign: Campaign
    track: AzadiTrack                      # the Rebel Flag and the Fort
    fuse: int                              # Ideology cards before the Fuse
    drawn: int                             # Ideology cards drawn so far
    players: list[Player]
    board: Board
    ideology: Counter[str]                 # the Ideology deck
    ideology_cards: dict[str, IdeologyCard]
    voter_cards: dict[str, VoterCard]
    voter_deck: Counter[str]
    voter_discard: Counter[str]
    slots: list[str | None]                # the open Voter Cards
    attacks: dict[str, list[AttackCard]]   # each ideologue's Attack column, top first
    foundation: Any                        # the Foundation card, after azadi
    foundation_side: int | None
    # the rules in force with answers worked out from them, and what they depend on
    in_force: tuple[Any, tuple[Rule, ...], dict[Any, Any]] | None
    mandate: Mandate | None                # the Imperial Mandate (Seat of Power mode)
    mandate_infamy: int
    mandate_flipped: bool
    crown: int
    player: int
    turn: int
    phase: str
    setup_left: list[int]                  # who picks the next resources at setup
    pending: list[str]                     # chance draws waiting: slot:<n>, ideology, top
    current: str | None                    # the Ideology card being answered
    parleyed: set[int]
    gerrymandered: set[int]                # zones gerrymandered from this turn
    trades: int                            # trades proposed this turn
    trade_partner: int
    trade_return: str                      # the phase a trade interrupts
    offer: Offer | None
    azadi: bool
    final_turns: int | None                # turns left once the map is full (R25)
    finished: bool
    end_reason: str
    tyranny_deck: list[TyrannyCard]        # drawn from its end
    task_best: Counter[tuple[str, int]]    # (card, choice) -> progress
    tyranny: ActiveTyranny | None
    resolved: list[tuple[str, int]]        # (card id, choice completed)
    orders: dict[int, ImperialOrder]
    resistance_cards: dict[int, ResistanceCard]
    in_play: list[OrderInPlay]
    resistance: dict[int, int]             # zone -> Resistance number
    events: list[Event]
    paid_entry: set[int]                   # zones whose entry price was paid this turn
    uses: Counter[tuple[str, int]]         # powers used this turn
    listening: int                         # the depth of triggered powers running
    power_target: str                      # whose voters the power being used aims at
    power_zone: int                        # the zone of the card whose power runs
    # influences of the voter deck's top card waiting for the draw: (player, discount,
    # interchangeable, extra voters)
    top_influences: list[tuple[int, int, bool, int]]
    game_uses: Counter[tuple[int, str, int]]    # per player: powers limited per game
    # for reports: maidaan:<id> bought, resistance:<number> used, order:<number> overturned
    usage: Counter[str]
    trial: bool                            # a clone trying an order of effects
    trigger_loops: list[tuple[int, str]]
    # (turn, window, sources, outcome for the acting player, outcome reversed)
    order_conflicts: list[tuple[int, str, tuple[str, ...], tuple[str, ...],
                                tuple[str, ...]]]
    resistance_free: int                   # Maidaan: Resistance cards usable regardless
    extra_ideology: int
    monument_used: set[int]
    tracker_costs: list[int]
    contributions: list[int]               # who marked each Monument spot, in order
    votes: dict[int, int]
    voting: list[int]
    return_to: int
    return_phase: str
    spare_zones: list[ZoneTile]
    # decisions left to a player (ruling R50), the first to take first, and the phase
    # under the ``choice`` phase they make
    decisions: list[Decision]
    choice_return: str
    refused: set[tuple[int, int]]          # (zone, partner) coalitions refused this turn

    def __init__(self, content: AzadiContent, config: AzadiConfig, seed: int) -> None:
        super().__init__(seed)
        self.content = content
        self.config = config
        self.facts = facts_for(content)
        setup.set_up(self)

    # -- the game API ------------------------------------------------------------------

    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        if self.phase == "choice":
            return decisions.decider(self)
        if self.pending:
            return CHANCE
        if self.phase == "trade_reply":
            return self.trade_partner
        return self.player

    def is_terminal(self) -> bool:
        return self.finished

    def returns(self) -> list[float]:
        return scoring.returns(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return turns.chance_outcomes(self)

    def sample_chance(self) -> Action:
        """The base class's pick (same draw for the same seed), without making an
        action for every card in the pool."""
        return turns.sample_chance(self)

    def legal_actions(self) -> list[Action]:
        return moves.legal_actions(self)

    def _apply(self, action: Action) -> str:
        handler = _APPLY.get(type(action))
        if handler is None:
            raise IllegalAction(repr(action))
        moves = len(self.track.events)
        if self.phase == "choice":         # a decision is taken in the phase underneath
            self.phase = self.choice_return
        line = handler(self, action)
        if self.decisions:
            line += decisions.settle(self)     # those that leave no choice
        turns.after_action(self)
        if self.decisions:                 # the next thing to do (decisions.wrap)
            decisions.wrap(self)
        return line + narration.flag_note(self, moves)

    def clone(self) -> AzadiState:
        """A deep copy that shares the (immutable) content and its facts; the
        append-only records of immutable items (log, history, events) are copied
        shallowly."""
        memo: dict[int, Any] = {id(record): list(record)
                                for record in (self.log, self.history, self.events)}
        for lookup in (self.ideology_cards, self.voter_cards, self.orders,
                       self.resistance_cards):          # built at setup, never changed
            memo[id(lookup)] = lookup
        trial: AzadiState = fast_copy(self, self.facts.shared, memo)
        return trial

    def edited(self) -> None:
        """Say the position was changed from outside the game (a test or a tool setting
        up a position): the legal actions are worked out again."""
        self._legal_cache = None

    # -- what the interpreter, the bots and the linter ask and do ------------------------

    def basic_total(self, player: int) -> int:
        """Funds, Clout, Media and Trust: what "any resources" can be paid with."""
        return payments.basic_total(self, player)

    def resources_total(self, player: int) -> int:
        """Everything on the mat that counts towards the cap (Legacy and Infamy too)."""
        return payments.resources_total(self, player)

    def spend(self, player: int, kind: str, n: int) -> None:
        """``player`` pays ``n`` ``kind`` to the reserve: a resources_spent event."""
        payments.spend(self, player, kind, n)

    def receive(self, player: int, kind: str, n: int = 1) -> None:
        """``player`` receives ``n`` ``kind``: a resources_gained event."""
        payments.receive(self, player, kind, n)

    def resource_cap(self) -> int:
        return law.resource_cap(self)

    def redraw_cost(self) -> int:
        return law.redraw_cost(self)

    def founded_side(self) -> Any:
        return law.founded_side(self)

    def set_majorities(self) -> None:
        voters.set_majorities(self)

    def forbidden_action(self, index: int, kind: str) -> bool:
        return law.forbidden_action(self, index, kind)

    def can_levy_for(self, target: str, player: int) -> bool:
        """Whether ``player`` can pay what the rules in force charge for ``target``."""
        return law.can_levy(self, target, self.players[player].resources)

    def pay_levy_for(self, target: str, player: int) -> None:
        law.pay_levy(self, target, player)

    def can_pay_dissent(self, player: int) -> bool:
        return law.can_pay_dissent(self, player)

    def order_dissent_cost(self, order: Any) -> tuple[list[tuple[str, int]], int]:
        return law.order_dissent_cost(self, order)

    def dissent_against(self, index: int, free: bool, order: int = 0, payer: int = -1
                        ) -> str:
        return law.dissent_against(self, index, free, order, payer)

    def emptiest_zone(self) -> int:
        return voters.emptiest_zone(self)

    def zone_with_most(self, player: int) -> int | None:
        return voters.zone_with_most(self, player)

    def spare_voters(self, player: int, index: int) -> int:
        return voters.spare_voters(self, player, index)

    def zone_with_spare(self, player: int, index: int) -> bool:
        return voters.zone_with_spare(self, player, index)

    def place_by_power(self, player: int, index: int, volatile: bool = False) -> None:
        voters.place_by_power(self, player, index, volatile)

    def add_imperial_voter(self, index: int) -> None:
        voters.add_imperial_voter(self, index)

    def remove_voter(self, index: int, owner: int, event: str) -> None:
        voters.remove_voter(self, index, owner, event)

    def moved_voter(self, owner: int, source: int, target: int) -> None:
        voters.moved_voter(self, owner, source, target)

    def open_zone(self, areas: tuple[int, ...] = ()) -> int | None:
        return setup.open_zone(self, areas)

    def zone_to_open(self, player: int, areas: tuple[int, ...] = ()) -> None:
        """``player`` opens a new zone of one of the sizes ``areas``: which one is
        theirs to say (ruling R50)."""
        decisions.open_zone(self, player, areas)

    def imperial_evicted(self, player: int) -> None:
        """``player`` evicted an Imperial voter: whose mat it goes onto is theirs to say
        (rulings R37, R50)."""
        decisions.add(self, "imperial", player)

    def most_held(self, player: int) -> str | None:
        return turns.most_held(self, player)

    def influence_with(self, player: int, discount: int, interchangeable: bool,
                       extra: int) -> None:
        influence.influence_with(self, player, discount, interchangeable, extra)

    def influence_deck_top(self, player: int, discount: int, interchangeable: bool,
                           extra: int) -> None:
        influence.influence_deck_top(self, player, discount, interchangeable, extra)

    def traded_by_power(self, player: int, partner: int) -> None:
        trade.traded_by_power(self, player, partner)

    def ability_of(self, action: UsePower) -> Ability | None:
        return powers.ability_of(self, action)

    def timed_effects(self, window: str) -> list[tuple[str, Ability]]:
        return powers.timed_effects(self, window)

    def outcome(self) -> tuple[tuple[str, ...], ...]:
        return powers.outcome(self)


# How each kind of action is applied (one table lookup instead of a chain of tests).
_APPLY: dict[type, Callable[[AzadiState, Any], str]] = {
    Draw: lambda s, a: turns.draw(s, a.card),
    Take: setup.take,
    Parley: turns.parley,
    EndParley: lambda s, a: turns.attack(s),
    Redraw: lambda s, a: turns.redraw(s),
    Answer: lambda s, a: turns.answer(s, a.side),
    Discard: turns.discard_to_cap,
    Influence: influence.influence_slot,
    Place: lambda s, a: voters.place(s, s.players[s.player], a),
    PlaceImperial: voters.place_imperial,
    Coalition: trade.coalition,
    Withdraw: trade.withdraw,
    EndTurn: lambda s, a: turns.end_turn_action(s),
    Dissent: lambda s, a: law.dissent_against(s, a.zone, free=False, order=a.order),
    DissentMandate: lambda s, a: law.dissent_mandate(s),
    Contribute: lambda s, a: scoring.contribute(s),
    Vote: lambda s, a: scoring.vote(s, a.side),
    UsePower: powers.use_power,
    Gerrymander: voters.gerrymander,
    ProposeTrade: trade.negotiate,
    Offer: trade.negotiate,
    WithdrawOffer: trade.negotiate,
    Reply: trade.negotiate,
    DiscardOwn: voters.discard_own,
    ConvertOwn: voters.convert_own,
    PlaceCrown: decisions.resolve,
    PlaceOrder: decisions.resolve,
    OpenZone: decisions.resolve,
    PlaceResistance: decisions.resolve,
    JoinCoalition: decisions.resolve,
    SendImperial: decisions.resolve,
    CashLegacy: decisions.resolve,
}


class AzadiGame(Game):
    id = "azadi"

    def __init__(self, content: AzadiContent, players: int = 4, difficulty: str = "medium",
                 campaign: str = "", seat_of_power: bool = False, mandate: str = "",
                 first_tyranny: str = "", only_choice: int | None = None,
                 check_order: bool = False, resistance_start: tuple[int, ...] = (),
                 orders_start: tuple[int, ...] = (), azadi_in: int = 0,
                 legacy_start: int = 0, foundation: str = "", max_turns: int = 400,
                 levels_start: int = 0, infamy_start: int = 0,
                 mandate_flipped: bool = False) -> None:
        self.content = content
        params = content.parameters
        self.config = AzadiConfig(players, difficulty, campaign,
                                  int(params.get("resource_cap", 12)),
                                  int(params.get("redraw_ideology_card_cost", 4)),
                                  seat_of_power=seat_of_power, mandate=mandate,
                                  first_tyranny=first_tyranny, only_choice=only_choice,
                                  check_order=check_order,
                                  resistance_start=tuple(resistance_start),
                                  orders_start=tuple(orders_start), azadi_in=azadi_in,
                                  legacy_start=legacy_start, foundation=foundation,
                                  max_turns=max_turns, levels_start=levels_start,
                                  infamy_start=infamy_start,
                                  mandate_flipped=mandate_flipped)

    def num_players(self) -> int:
        return self.config.players

    def new_initial_state(self, seed: int) -> AzadiState:
        return AzadiState(self.content, self.config, seed)


register_frozen(__name__)    # compiled frozen dataclasses stay picklable and copyable
