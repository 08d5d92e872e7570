"""Readable replays: what a log line says about a power used, a decision taken and
the Rebel Flag.

A power is named by what the cards print ("Resistance card 12 '<its title>' (zone
3)", "the while-active power of 'Committees of Correspondence'"), not by the
engine's source label (``resistance:3``, ``tyranny:1``); a decision the rules leave to
a player says who took it and what it did ("P3 lays the Imperial Order 'Martial Law'
in zone 1", "P1 opens a new 11/21 zone (zone 5)"); and an action that moves the Flag
says so and why: "Flag 6 -> 7: rebel majority formed".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.azadi.actions import (
    CashLegacy,
    OpenZone,
    PlaceCrown,
    PlaceOrder,
    PlaceResistance,
    SendImperial,
)
from rules_engine.azadi.model import IDEOLOGUES

if TYPE_CHECKING:
    from rules_engine.azadi.actions import Action
    from rules_engine.azadi.engine import AzadiState


def source_name(state: AzadiState, source: str) -> str:
    """The printed name of the power a source label stands for (the label itself for
    a source it does not know)."""
    kind, _, key = source.partition(":")
    content = state.content
    if kind == "tyranny" and state.tyranny is not None and key.isdigit():
        tyranny = state.tyranny.card
        choice = tyranny.choices[int(key)]
        return f"the while-active power of {choice.title!r} ({tyranny.title!r})"
    if kind == "resistance" and key.isdigit():
        number = state.resistance.get(int(key))
        card = state.resistance_cards.get(number) if number is not None else None
        if card is not None:
            return f"Resistance card {card.number} {card.title!r} (zone {key})"
    if kind == "maidaan":
        power = next((p for p in content.maidaan_powers if p.id == key), None)
        if power is not None:
            return f"the Maidaan power {power.title!r}"
    if kind == "monument" and state.foundation is not None:
        monument = next((m for m in content.monuments
                         if m.number == state.foundation.monument), None)
        if monument is not None:
            return f"the Monument {monument.title!r}"
    if kind == "mandate" and state.mandate is not None:
        return f"the Mandate's rebel side {state.mandate.rebel_title!r}"
    if kind == "foundation":
        return f"the Foundation's {key}"
    if kind == "ideologue":
        ideologue, _, level = key.partition(":")
        return f"the {ideologue} level {level} power"
    return source


def flag_note(state: AzadiState, before: int) -> str:
    """"; Flag 6 -> 7: rebel majority formed" for each Flag move since the track had
    ``before`` events ("" if it did not move)."""
    events = state.track.events
    if len(events) == before:
        return ""
    flag = state.track.flag - sum(delta for _, delta in events[before:])
    notes = []
    for reason, delta in events[before:]:
        notes.append(f"Flag {flag} -> {flag + delta}: {reason.replace('_', ' ')}")
        flag += delta
    return "; " + "; ".join(notes)


def decided(state: AzadiState, decider: int, action: Action, number: int = 0,
            index: int | None = None) -> str:
    """What ``decider`` did by taking a decision with ``action`` (just taken):
    ``number`` is the Order's or the Resistance card's, ``index`` the zone opened."""
    who = f"P{decider + 1}"
    if isinstance(action, PlaceCrown):
        return f"{who} puts the Crown on the {IDEOLOGUES[action.column]} column"
    if isinstance(action, PlaceOrder):
        order = state.orders[number]
        return f"{who} lays the Imperial Order {order.title!r} in zone {action.zone}"
    if isinstance(action, OpenZone):
        if index is None:
            return f"{who} finds no {action.areas}-area zone to open"
        tile = state.board.zones[index]
        return f"{who} opens a new {tile.majority}/{tile.areas} zone (zone {index})"
    if isinstance(action, PlaceResistance):
        card = state.resistance_cards.get(number)
        name = f"{number} {card.title!r}" if card is not None else str(number)
        return f"{who} lays the Resistance card {name} in zone {action.zone}"
    if isinstance(action, SendImperial):
        whose = "their own" if action.player == decider else f"P{action.player + 1}'s"
        return f"{who} puts the evicted Imperial voter on {whose} mat"
    if isinstance(action, CashLegacy):
        if action.zone < 0:
            return f"{who} keeps {state.players[decider].resources['legacy']} Legacy"
        return f"{who} cashes a Legacy for a voter in zone {action.zone}"
    return f"{who} decides {action!r}"
