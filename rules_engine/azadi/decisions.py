"""Decisions the rules leave to a player in the middle of something else (ruling R50):
where the first player puts the Crown, where a triggered Tyranny card's Imperial Order
goes, which size a new zone is, where a won Resistance card goes, whether a proposed
partner joins a coalition, whose mat an evicted Imperial voter goes onto, and where each
Legacy cashed at the transfer of power becomes a voter.

The rules engine raises them where they arise (often deep in an effect) and queues them
on the state (:attr:`AzadiState.decisions`). After the action that raised them, the
phase becomes ``choice`` (the phase underneath is kept) and the first decision's
decider acts: its options are the legal actions. A decision with one option (or none)
is taken at once without asking. Options are worked out when a decision comes up, so
one can follow from another (a Resistance card may go into the zone just opened).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules_engine.azadi import coverage, narration, powers, setup, trade, voters
from rules_engine.azadi.actions import (
    Action,
    CashLegacy,
    JoinCoalition,
    OpenZone,
    PlaceCrown,
    PlaceOrder,
    PlaceResistance,
    SendImperial,
)
from rules_engine.azadi.model import IDEOLOGUES
from rules_engine.azadi.tyranny import OrderInPlay
from rules_engine.native import register_frozen

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState

CHOICE = "choice"          # the phase while a decision waits
CROWNS = tuple(PlaceCrown(c) for c in range(len(IDEOLOGUES)))
JOIN = (JoinCoalition(True), JoinCoalition(False))
KEEP = CashLegacy(-1)


@dataclass(frozen=True)
class Decision:
    """A decision waiting: its ``kind``, the player who takes it, and what it is about
    (an Order's or a Resistance card's number; the zone sizes allowed; a coalition's
    zone, proposer and proposer's share)."""

    kind: str
    decider: int
    args: tuple[int, ...] = ()


def add(state: AzadiState, kind: str, decider: int, *args: int) -> None:
    """Queue a decision for ``decider``."""
    state.decisions.append(Decision(kind, decider, args))


def open_zone(state: AzadiState, decider: int, areas: tuple[int, ...] = ()) -> None:
    """``decider`` opens a new zone: of which size (of ``areas``, or of any spare tile)
    is theirs to say."""
    add(state, "zone", decider, *areas)


def wrap(state: AzadiState) -> None:
    """Make the first decision waiting the next thing to do (the phase underneath is kept)."""
    if state.decisions and state.phase != CHOICE:
        state.choice_return, state.phase = state.phase, CHOICE


def unwrap(state: AzadiState) -> None:
    """Back to the phase underneath, to take a decision (as if it were that phase's)."""
    if state.phase == CHOICE:
        state.phase = state.choice_return


def decider(state: AzadiState) -> int:
    return state.decisions[0].decider


def options(state: AzadiState) -> list[Action]:
    """The options of the first decision waiting, in a stable order."""
    head = state.decisions[0]
    kind, zones = head.kind, state.board.zones
    if kind == "crown":
        return list(CROWNS)
    if kind == "order":
        return [PlaceOrder(i) for i in order_zones(state)]
    if kind == "zone":
        return [OpenZone(a) for a in sorted({z.areas for z in state.spare_zones
                                             if not head.args or z.areas in head.args})]
    if kind == "resistance":
        taken = {p.zone for p in state.in_play} | set(state.resistance)
        return [PlaceResistance(i) for i in range(len(zones)) if i not in taken]
    if kind == "coalition":
        return list(JOIN)
    if kind == "imperial":
        return [SendImperial(p) for p in range(len(state.players))]
    if kind == "legacy":
        if state.players[head.decider].resources["legacy"] <= 0:
            return []
        free = [CashLegacy(i) for i, z in enumerate(zones) if z.free_ordinary() > 0]
        return [*free, KEEP] if free else []
    raise ValueError(f"unknown decision {kind!r}")


def order_zones(state: AzadiState) -> list[int]:
    """Where an Imperial Order may go: a zone with neither an Order nor a Resistance
    card; failing that, over a Resistance card not yet under an Order (it blocks the
    card until it is overturned); failing that, any zone."""
    ordered = {placed.zone for placed in state.in_play}
    zones = range(len(state.board.zones))
    free = [i for i in zones if i not in ordered and i not in state.resistance]
    if free:
        return free
    return [i for i in zones if i in state.resistance and i not in ordered] or list(zones)


def settle(state: AzadiState) -> str:
    """Take every decision at the head of the queue that leaves no choice (one option:
    taken; none: dropped); what they did, as "; ..." log text."""
    lines = ""
    while state.decisions:
        found = options(state)
        if len(found) > 1:
            break
        if not found:
            state.decisions.pop(0)
            continue
        lines += "; " + resolve(state, found[0])
    return lines


def resolve(state: AzadiState, action: Action) -> str:
    """Take the first decision waiting with ``action`` (one of its options); what it
    did, for the log (:func:`.narration.decided`)."""
    head = state.decisions.pop(0)
    number = head.args[0] if head.args else 0
    index: int | None = None
    if isinstance(action, PlaceCrown):
        state.crown = action.column
        powers.timed(state, "start_of_turn")      # the turn begins with the Crown placed
    elif isinstance(action, PlaceOrder):
        order = state.orders[number]
        state.in_play.append(OrderInPlay(order, action.zone,
                                         int(state.content.parameters.get("order_infamy", 6))))
        coverage.fire(state, f"order:{order.number}")
        voters.set_majorities(state)              # the Order's rules apply at once (R35)
    elif isinstance(action, OpenZone):
        index = setup.open_zone(state, (action.areas,))
    elif isinstance(action, PlaceResistance):
        state.resistance[action.zone] = number
    elif isinstance(action, JoinCoalition):
        zone, proposer, share = head.args
        if action.accept:
            return trade.form_coalition(state, zone, head.decider, share)
        state.refused.add((zone, head.decider))
        return f"P{head.decider + 1} refuses the coalition with P{proposer + 1} in zone {zone}"
    elif isinstance(action, SendImperial):
        state.players[action.player].mat_imperial += 1
    elif isinstance(action, CashLegacy):
        mine = state.players[head.decider]
        if action.zone >= 0:
            mine.resources["legacy"] -= 1
            state.board.add_voter(action.zone, head.decider, state.track)
            if mine.resources["legacy"] > 0:      # the next Legacy, before anyone else's
                state.decisions.insert(0, Decision("legacy", head.decider))
    else:
        raise ValueError(f"{action!r} takes no decision")
    return narration.decided(state, head.decider, action, number, index)


def drop(state: AzadiState, kind: str) -> None:
    """Forget the decisions of ``kind`` waiting (what they were about is gone)."""
    state.decisions = [d for d in state.decisions if d.kind != kind]


register_frozen(__name__)    # compiled frozen dataclasses stay picklable and copyable
