"""Setting up a game of AZADI: the initial state (the campaign, Table 1's row, the
decks, the Voter Card slots and the Tyranny deck, dealt with the state's RNG in a fixed
order), the zones laid by the placement rule and opened later, and the setup picks of
resources. :class:`Player` is a mat."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from rules_engine.azadi import directed, law, turns, voters
from rules_engine.azadi.actions import Take
from rules_engine.azadi.board import Board, Zone
from rules_engine.azadi.model import IDEOLOGUES
from rules_engine.azadi.points import AzadiTrack

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState


@mypyc_attr(serializable=True)
@dataclass
class Player:
    """A player's mat."""
    resources: Counter[str] = field(default_factory=Counter)
    levels: Counter[str] = field(default_factory=Counter)      # ideology cards per ideologue
    to_place: int = 0            # voters influenced this turn, still to place
    mat_voters: int = 0          # evicted voters waiting on the mat
    mat_imperial: int = 0        # evicted Imperial voters waiting on the mat (R37)
    # the voters of each influenced Voter Card still to place (part of to_place), in
    # order: all of one card's voters go into one zone, ``batch_zone`` once begun
    batches: list[int] = field(default_factory=list)
    batch_zone: int = -1


def set_up(state: AzadiState) -> None:
    """Fill in a new state of ``state.content`` and ``state.config``: Table 1's row for
    the players, the map, the decks (the voter cards in use and the Tyranny deck
    shuffled with the state's RNG, in that order), the open slots to fill, and every
    record of play at its start; then the first player to pick a resource."""
    content, config = state.content, state.config
    campaign = next((c for c in content.campaigns if c.id == config.campaign),
                    content.campaigns[0])
    state.campaign = campaign
    row = next((r for r in content.setup_table if r.players == config.players), None)
    if row is None:
        seats = sorted(r.players for r in content.setup_table)
        raise ValueError(f"AZADI is for {seats[0]} to {seats[-1]} players (Table 1), "
                         f"not {config.players}")
    state.track = AzadiTrack(flag=config.players, fort=int(row.azadi_points.get(
        config.difficulty)))
    state.fuse = row.ideology_cards
    state.drawn = 0
    state.players = [Player() for _ in range(config.players)]
    state.board = Board()
    state.in_play = []
    state.in_force = None
    state.foundation = None
    state.foundation_side = None
    lay_zones(state)
    state.ideology = Counter(card.id for card in campaign.ideology_cards)
    state.ideology_cards = {card.id: card for card in campaign.ideology_cards}
    state.voter_cards = {card.id: card for card in content.voter_cards}
    state.voter_deck = Counter({c.id: c.copies for c in content.voter_cards})
    state.voter_discard = Counter()
    state.mandate = None
    state.mandate_infamy = 0
    state.mandate_flipped = False
    if config.seat_of_power:
        wanted = config.mandate or campaign.mandate
        state.mandate = next(m for m in content.mandates if m.id == wanted)
        state.mandate_infamy = int(content.parameters.get("order_infamy", 6))
    in_use = law.modified(state, "voter_cards_in_use", sum(state.voter_deck.values()))
    if in_use < sum(state.voter_deck.values()):     # only so many voter cards (R22)
        kept = sorted(state.voter_deck.elements())
        state.rng.shuffle(kept)
        state.voter_deck = Counter(kept[:in_use])
    slots = max(0, law.modified(state, "open_voter_card_slots", config.open_slots))
    state.slots = [None] * slots
    state.attacks = {i: sorted((a for a in content.attack_cards if a.ideologue == i),
                               key=lambda a: a.level) for i in IDEOLOGUES}
    state.crown = -1
    state.player = 0
    state.turn = 0
    state.phase = "setup"
    state.setup_left = [p for p in range(config.players) for _ in range(p + 1)]
    state.pending = [f"slot:{i}" for i in range(len(state.slots))]
    state.current = None
    state.parleyed = set()
    state.gerrymandered = set()
    state.trades = 0
    state.trade_partner = -1
    state.trade_return = "actions"
    state.offer = None
    state.azadi = False
    state.final_turns = None
    state.finished = False
    state.end_reason = ""
    # shuffled from the cards' number order, not the file's: listing the same cards in
    # another order deals the same games
    state.tyranny_deck = sorted(campaign.tyranny_cards, key=lambda c: (c.number, c.id))
    state.rng.shuffle(state.tyranny_deck)
    forced = [c for c in state.tyranny_deck if c.id == config.first_tyranny]
    if forced:                                  # the deck is drawn from its end
        state.tyranny_deck.remove(forced[0])
        state.tyranny_deck.append(forced[0])
    state.task_best = Counter()
    state.tyranny = None
    state.resolved = []
    state.orders = {o.number: o for o in content.imperial_orders}
    state.resistance_cards = {c.number: c for c in content.resistance_cards}
    state.resistance = {}
    state.events = []
    state.paid_entry = set()
    state.uses = Counter()
    state.listening = 0
    state.power_target = ""
    state.power_zone = -1
    state.top_influences = []
    state.game_uses = Counter()
    state.usage = Counter()
    state.trial = False
    state.trigger_loops = []
    state.order_conflicts = []
    state.resistance_free = 0
    state.extra_ideology = 0
    state.monument_used = set()
    state.tracker_costs = [int(c) for c in content.parameters.get(
        "monument_tracker_costs", ())]
    state.contributions = []
    state.votes = {}
    state.voting = []
    state.return_to, state.return_phase = 0, "actions"
    state.spare_zones = [z for z in content.zones if z.areas in (17, 21) for _ in
                         range(z.copies)]
    state.decisions = []
    state.choice_return = ""
    state.refused = set()
    voters.set_majorities(state)                # a Mandate may change them (R35)
    directed.set_up(state)                      # a directed game's content (R55)
    advance(state)


def lay_zones(state: AzadiState) -> None:
    """The capital, then one 7/13 zone per other player (ruling R17), each beside the
    two zones laid before it; a 2-player Seat of Power game begins with 3 zones, as
    the rulebook says (ruling R48)."""
    capital = next(z for z in state.content.zones if z.capital)
    small = next(z for z in state.content.zones if z.areas == 13 and not z.capital)
    state.board.place(Zone(capital.id, capital.areas, capital.majority, capital.volatile,
                           True), set())
    zones = 3 if state.config.players == 2 and state.config.seat_of_power \
        else state.config.players
    for n in range(1, zones):
        neighbours = {0} if n == 1 else {n - 1, n - 2}
        state.board.place(Zone(small.id, small.areas, small.majority, small.volatile),
                          neighbours)


def take(state: AzadiState, action: Take) -> str:
    state.players[state.player].resources[action.kind] += 1
    who = f"P{state.player + 1}"
    state.setup_left.pop(0)
    if state.setup_left:
        state.player = state.setup_left[0]
    else:
        state.player = 0
        turns.start_turn(state)
    return f"{who} takes 1 {action.kind}"


def advance(state: AzadiState) -> None:
    if state.pending or state.phase != "setup":
        return
    state.player = state.setup_left[0] if state.setup_left else 0


def open_zone(state: AzadiState, areas: tuple[int, ...] = ()) -> int | None:
    """Open the next spare zone tile (of one of the sizes ``areas``, when given)."""
    fits = [n for n, z in enumerate(state.spare_zones) if not areas or z.areas in areas]
    if not fits:
        return None
    tile = state.spare_zones.pop(fits[0])
    n = len(state.board.zones)
    index = state.board.place(Zone(tile.id, tile.areas, tile.majority, tile.volatile),
                              {n - 1, n - 2})
    voters.set_majorities(state)                   # the rules in force reach it too (R35)
    return index
