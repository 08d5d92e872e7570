"""Events in AZADI: each one reported is heard by the listening powers, counted for
the Tyranny card, and followed by the majority changes it caused, reported in turn as
``majority_broken`` and ``majority_formed`` events."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.azadi import (
    powers,
    tyranny_cards,
)
from rules_engine.azadi.tyranny import Event

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState


def emit(state: AzadiState, event: Event) -> None:
    state.events.append(event)
    powers.hear(state, event)
    tyranny_cards.count_event(state, event)
    majority_events(state)


def majority_events(state: AzadiState) -> None:
    """Turn the board's majority changes into majority_broken / majority_formed
    events (by the acting player; ``owner`` the holder, the first of a coalition)."""
    changes = state.board.changes
    while changes:
        index, old, new = changes.pop(0)
        for name, holder in (("majority_broken", old), ("majority_formed", new)):
            if holder:
                emit(state, Event(name, state.player, holder[0], facts=(("zone", index),)))
