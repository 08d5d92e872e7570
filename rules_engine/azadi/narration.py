"""Readable replays: what a log line says about a power used and the Rebel Flag.

A power is named by what the cards print ("Resistance card 12 '<its title>' (zone
3)", "the while-active power of 'Committees of Correspondence'"), not by the
engine's source label (``resistance:3``, ``tyranny:1``), and an action that moves
the Flag says so and why: "Flag 6 -> 7: rebel majority formed".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
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
