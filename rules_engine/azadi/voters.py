"""Voters and majorities in AZADI: placing the voters a Voter Card gave (one card's
voters in one zone), evicted and Imperial voters put back, voters a power places,
removes or moves, discarding and converting one's own, gerrymandering, and each zone's
majority under the rules in force (ruling R35)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules_engine.azadi import (
    events,
    law,
    payments,
    scoring,
    tyranny_cards,
)
from rules_engine.azadi.actions import (
    Action,
    ConvertOwn,
    DiscardOwn,
    Gerrymander,
    Place,
    PlaceImperial,
)
from rules_engine.azadi.board import IMPERIAL, IllegalMove
from rules_engine.azadi.tyranny import Event
from rules_engine.core.game import IllegalAction

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState
    from rules_engine.azadi.setup import Player


def emptiest_zone(state: AzadiState) -> int:
    return max(range(len(state.board.zones)),
               key=lambda i: (state.board.zones[i].free_ordinary(), -i))


def zone_with_most(state: AzadiState, player: int) -> int | None:
    """The zone where ``player`` has most spare voters (:func:`spare_voters`), the
    first such zone on a tie: where a price in the player's own voters is paid."""
    best = None
    for i in range(len(state.board.zones)):
        spare = spare_voters(state, player, i)
        if spare > 0 and (best is None or spare > best[0]):
            best = (spare, i)
    return None if best is None else best[1]


def spare_voters(state: AzadiState, player: int, index: int) -> int:
    """``player``'s voters in zone ``index`` beyond those its majority needs."""
    zone = state.board.zones[index]
    spare = zone.voters.get(player, 0)
    if spare and player in zone.holder:
        spare -= zone.split[zone.holder.index(player)]
    return max(spare, 0)


def zone_with_spare(state: AzadiState, player: int, index: int) -> bool:
    return spare_voters(state, player, index) > 0


def spare_total(state: AzadiState, player: int) -> int:
    """``player``'s spare voters over the whole map."""
    return sum(spare_voters(state, player, i) for i in range(len(state.board.zones)))


OWN_VOTER_PRICES = (("discard_own_voters", "voter_discarded"),
                    ("evict_own_voters", "voter_evicted"))


def own_voters_named(price: Any) -> int:
    """How many of the payer's own voters ``price`` (a cost mapping) takes."""
    return sum(int(price.get(key, 0)) for key, _ in OWN_VOTER_PRICES)


def batch_only(state: AzadiState, me: Player, volatile_open: bool) -> int:
    """The one zone ``me`` may place in (-1: any; -2: none): only the zone where
    the Voter Card being placed went, once begun, while nothing else waits to be
    placed. When that zone has no room left, the rest of the card's voters can
    only be given up by placing the next card's (none if there is no next card)."""
    if me.batch_zone < 0 or me.mat_voters or me.to_place > sum(me.batches):
        return -1
    zone = state.board.zones[me.batch_zone]
    if zone.free_ordinary() > 0 or (volatile_open and zone.free_volatile() > 0):
        return me.batch_zone
    return -1 if len(me.batches) > 1 else -2


def _take_voter(state: AzadiState, me: Player, zone: int) -> None:
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
        if state.in_play:      # an Order here may change what the card gives (R44)
            given = max(1, law.zone_modified(state, zone, "voter_card_votes", me.batches[0]))
            me.to_place += given - me.batches[0]
            me.batches[0] = given
        me.batches[0] -= 1
        me.to_place -= 1
    if me.batches[0] == 0:
        me.batches.pop(0)
        me.batch_zone = -1


def place(state: AzadiState, me: Player, action: Place) -> str:
    _take_voter(state, me, action.zone)
    line_cost = law.pay_entry(state, action.zone)
    try:
        state.board.add_voter(action.zone, state.player, state.track, action.volatile)
    except IllegalMove as exc:
        raise IllegalAction(str(exc)) from None
    events.emit(state, Event("voter_placed", state.player, state.player,
                             facts=(("volatile", action.volatile), ("zone", action.zone))))
    where = "a volatile area of " if action.volatile else ""
    line = f"P{state.player + 1} {line_cost}places a voter in {where}zone {action.zone}"
    if action.volatile and not state.azadi:
        me.resources["legacy"] += 1     # entering a volatile area earns a Legacy
        line += tyranny_cards.trigger(state)
    scoring.check_azadi(state)
    return line


def place_imperial(state: AzadiState, action: PlaceImperial) -> str:
    """Put an evicted Imperial voter from the mat back on the map (ruling R37): no
    entry price (Orders do not apply to Imperial voters), no move, no Tyranny card,
    and no event of its own (a majority it forms or breaks is reported as always)."""
    me = state.players[state.player]
    if me.mat_imperial <= 0:
        raise IllegalAction("no evicted Imperial voter on the mat")
    try:
        state.board.add_voter(action.zone, IMPERIAL, state.track)
    except IllegalMove as exc:
        raise IllegalAction(str(exc)) from None
    me.mat_imperial -= 1
    scoring.check_azadi(state)
    return (f"P{state.player + 1} places an evicted Imperial voter back in zone "
            f"{action.zone}")


def place_by_power(state: AzadiState, player: int, index: int, volatile: bool = False) -> None:
    """A voter a power places in zone ``index`` (ruling R41: no entry price, no
    Legacy or Tyranny card for a volatile area; the caller checks the room)."""
    state.board.add_voter(index, player, state.track, volatile)
    events.emit(state, Event("voter_placed", player, player,
                             facts=(("volatile", volatile), ("zone", index))))


def add_imperial_voter(state: AzadiState, index: int) -> None:
    """An Imperial voter added by a player's power (a Tyranny card's own voters,
    added when it is triggered, are not an event)."""
    state.board.add_voter(index, IMPERIAL, state.track)
    events.emit(state, Event("imperial_voter_added", state.player, IMPERIAL))


def remove_voter(state: AzadiState, index: int, owner: int, event: str) -> None:
    state.board.remove_voter(index, owner, state.track)
    events.emit(state, Event(event, state.player, owner, facts=(("zone", index),)))


def moved_voter(state: AzadiState, owner: int, source: int, target: int) -> None:
    """Report one of ``owner``'s voters moved from zone ``source`` to ``target``."""
    events.emit(state, Event("voter_moved", state.player, owner,
                             facts=(("zone", source), ("to", target))))


def discard_own(state: AzadiState, action: DiscardOwn) -> str:
    state.board.remove_voter(action.zone, state.player, state.track)
    events.emit(state, Event("voter_discarded", state.player, state.player,
                             facts=(("zone", action.zone),)))
    scoring.check_azadi(state)
    return f"P{state.player + 1} discards one of their voters in zone {action.zone}"


def convert_own(state: AzadiState, action: ConvertOwn) -> str:
    remove_voter(state, action.zone, state.player, "voter_converted")
    state.board.add_voter(action.zone, action.to, state.track)
    scoring.check_azadi(state)
    whose = "an Imperial" if action.to == IMPERIAL else f"a P{action.to + 1}"
    return (f"P{state.player + 1} converts one of their voters in zone {action.zone} "
            f"to {whose} voter")


def gerrymanders(state: AzadiState) -> list[Action]:
    """Every legal gerrymander: once a turn from each zone where the player holds
    the rights, one non-majority voter out of an ordinary area (ruling R23)."""
    if law.forbids(state, "move_voters") or not \
            law.can_levy(state, "gerrymander", state.players[state.player].resources):
        return []
    out: list[Action] = []
    me = state.player
    for i, zone in enumerate(state.board.zones):
        if not (zone.voters[me] or zone.volatile_voters[me]):
            continue                    # no voters there, so no rights
        if i in state.gerrymandered or law.forbidden(state, i, "move_voters") or \
                zone.gerrymandering_rights() != me:
            continue
        if state.in_play and not law.can_levy(
                state, "gerrymander", state.players[me].resources, law.zone_levy(state, i)):
            continue                    # an Order's price for gerrymandering here
        targets = sorted(t for t in state.board.adjacent[i]
                         if state.board.zones[t].free_ordinary() > 0 and
                         not law.forbidden(state, t, "move_voters"))
        for owner in sorted(o for o, n in zone.voters.items() if n > 0):
            if zone_with_spare(state, owner, i):
                out += [Gerrymander(i, owner, t) for t in targets]
    return out


def gerrymander(state: AzadiState, action: Gerrymander) -> str:
    law.pay_levy(state, "gerrymander")
    for kind, n in law.zone_levy(state, action.zone) if state.in_play else ():
        if kind == "any":
            payments.pay_any(state, state.player, n)
        else:
            payments.spend(state, state.player, kind, n)
    state.gerrymandered.add(action.zone)
    state.board.remove_voter(action.zone, action.owner, state.track)
    state.board.add_voter(action.target, action.owner, state.track)
    moved_voter(state, action.owner, action.zone, action.target)
    scoring.check_azadi(state)
    whose = "an Imperial" if action.owner == IMPERIAL else f"a P{action.owner + 1}"
    return (f"P{state.player + 1} gerrymanders {whose} voter from zone {action.zone} "
            f"to zone {action.target}")


def set_majorities(state: AzadiState) -> None:
    """Each zone's majority from the rules in force (ruling R35): its tile's count,
    changed by the game-wide rules (the Mandate's, the nation's soul) and by the
    zone rules of the Orders in play there. Called whenever those change (an Order
    laid or overturned, a Mandate flipped, a side founded) and when a zone opens;
    majorities break, stand or form at once (see :meth:`Board.change_majority`)."""
    for index, zone in enumerate(state.board.zones):
        needed = law.zone_modified(state, index, "majority_needed", law.modified(
            state, "majority_needed", zone.printed_majority))
        state.board.change_majority(index, max(1, needed), state.track)
