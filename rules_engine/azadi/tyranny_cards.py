"""Tyranny cards in the game: one triggered by entering a volatile area (its
Imperial voters and Imperial Order laid), its tasks counted from events (with their
Legacy), and its resolution (a new zone and a Resistance card). The bookkeeping of the
card in play is :mod:`rules_engine.azadi.tyranny`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.azadi import (
    coverage,
    scoring,
    setup,
    voters,
)
from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.tyranny import ActiveTyranny, Event, OrderInPlay

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState


def trigger(state: AzadiState) -> str:
    if state.tyranny is not None or not state.tyranny_deck:
        return ""
    card = state.tyranny_deck.pop()
    state.tyranny = ActiveTyranny(card)
    state.usage[f"drawn:tyranny:{card.id}"] = 1         # came up (summarise's counters)
    if card.id == state.config.first_tyranny:
        state.tyranny.only = state.config.only_choice
    for index, zone in enumerate(state.board.zones):
        for _ in range(card.imperial_voters_per_zone):
            if zone.free_ordinary() > 0:
                state.board.add_voter(index, IMPERIAL, state.track)
    target = order_zone(state)
    state.in_play.append(OrderInPlay(state.orders[card.order], target))
    coverage.fire(state, f"order:{card.order}")
    voters.set_majorities(state)                   # the Order's rules apply at once (R35)
    return (f"; Tyranny card {card.title!r}: 2 Imperial voters in every zone, Order "
            f"{state.orders[card.order].title!r} in zone {target}")


def order_zone(state: AzadiState) -> int:
    """Where a new Imperial Order goes: a zone with neither an Order nor a
    Resistance card; failing that, over a Resistance card (which it blocks until
    it is overturned: the card stays in its zone), one not already covered first."""
    ordered = {placed.zone for placed in state.in_play}
    zones = range(len(state.board.zones))
    free = [i for i in zones if i not in ordered and i not in state.resistance]
    if free:
        return free[0]
    covered = [i for i in zones if i in state.resistance]
    covered.sort(key=lambda i: i in ordered)
    return covered[0] if covered else voters.emptiest_zone(state)


def _resistance_zone(state: AzadiState, new_zone: int | None) -> int | None:
    """Where a won Resistance card goes: the zone the Tyranny card opened, or, when
    no zone was left to open, the first zone with neither a Resistance card nor an
    Order (None: no such zone, and the card is not placed)."""
    if new_zone is not None:
        return new_zone
    ordered = {placed.zone for placed in state.in_play}
    return next((i for i in range(len(state.board.zones))
                 if i not in ordered and i not in state.resistance), None)


def resolve(state: AzadiState, choice: int) -> None:
    assert state.tyranny is not None
    card = state.tyranny.card
    state.tyranny = None
    state.resolved.append((card.id, choice))
    state.track.record("tyranny_resolved")
    index = setup.open_zone(state)                  # a new 9/17 or 11/21 zone
    where = _resistance_zone(state, index)
    if where is not None:
        state.resistance[where] = card.choices[choice].resistance
    scoring.check_azadi(state)


def count_event(state: AzadiState, event: Event) -> None:
    if state.tyranny is None or state.azadi:
        return
    counted = state.tyranny.record(event)
    for choice, _ in counted:
        key = (state.tyranny.card.id, choice)
        state.task_best[key] = max(state.task_best[key], state.tyranny.progress[choice])
    me = state.players[event.by] if event.by >= 0 else None
    for choice, step in counted:
        take = min(step, state.tyranny.legacy_left[choice])
        state.tyranny.legacy_left[choice] -= take
        if me is not None:
            me.resources["legacy"] += take
    done = state.tyranny.completed()
    if done is not None:
        resolve(state, done)
