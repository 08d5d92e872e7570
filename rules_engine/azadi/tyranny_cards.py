"""Tyranny cards in the game: one triggered by entering a volatile area (its
Imperial voters and Imperial Order laid), its tasks counted from events (with their
Legacy), and its resolution (a new zone and a Resistance card). The bookkeeping of the
card in play is :mod:`rules_engine.azadi.tyranny`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.azadi import (
    decisions,
    scoring,
)
from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.tyranny import ActiveTyranny, Event

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState


def trigger(state: AzadiState) -> str:
    """Trigger the next Tyranny card: its Imperial voters go into every zone, and the
    player who triggered it lays its Imperial Order (their decision, ruling R50)."""
    if state.tyranny is not None or not state.tyranny_deck:
        return ""
    card = state.tyranny_deck.pop()
    legacy = int(state.content.parameters.get("tyranny_legacy_per_choice", 6))
    state.tyranny = ActiveTyranny(card, legacy_left=[legacy] * len(card.choices))
    state.usage[f"drawn:tyranny:{card.id}"] = 1         # came up (summarise's counters)
    if card.id == state.config.first_tyranny:
        state.tyranny.only = state.config.only_choice
    for index, zone in enumerate(state.board.zones):
        for _ in range(card.imperial_voters_per_zone):
            if zone.free_ordinary() > 0:
                state.board.add_voter(index, IMPERIAL, state.track)
    decisions.add(state, "order", state.player, card.order)
    return (f"; Tyranny card {card.title!r}: {card.imperial_voters_per_zone} Imperial "
            f"voters in every zone, and its Order to lay")


def resolve(state: AzadiState, choice: int, by: int | None = None) -> None:
    """The Tyranny card's ``choice`` is completed by ``by`` (default: the acting
    player), who opens a new 9/17 or 11/21 zone and then lays the Resistance card won
    in a zone with neither a Resistance card nor an Order (their decisions, ruling
    R50; none such: the card is not laid)."""
    assert state.tyranny is not None
    card = state.tyranny.card
    state.tyranny = None
    state.resolved.append((card.id, choice))
    state.track.record("tyranny_resolved")
    decider = state.player if by is None or by < 0 else by
    decisions.open_zone(state, decider)
    decisions.add(state, "resistance", decider, card.choices[choice].resistance)
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
        resolve(state, done, event.by)
