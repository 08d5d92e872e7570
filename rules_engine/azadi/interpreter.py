"""Runs AZADI effects on a game state. Every action kind either has an interpreter
function here or is listed by :func:`unsupported`, so a card whose effect cannot be
run is reported (never silently skipped).

This first version runs what the Imperial Attack cards use; the other kinds are
reported as not yet supported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from rules_engine.azadi.model import RESOURCES, AzadiContent
from rules_engine.core.effects import Ability, Action, Effect, FrozenMap

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState

Handler = Callable[["AzadiState", int, Action], None]


def _count(state: AzadiState, player: int, value: Any) -> int:
    if isinstance(value, int):
        return value
    if isinstance(value, FrozenMap) and "per_resources_left" in value:
        return state.resources_total(player) // int(value.get("per_resources_left"))
    return 0


def _discard_resources(state: AzadiState, player: int, action: Action) -> None:
    kind = action.get("kind", "any")
    amount = action.get("count", 1)
    held = state.players[player].resources
    if kind in RESOURCES:
        take = held[kind] if amount == "all" else min(held[kind], _count(state, player, amount))
        held[kind] -= take
        return
    left = state.basic_total(player) if amount == "all" else _count(state, player, amount)
    for _ in range(left):          # the most plentiful first: the player keeps variety
        kinds = [k for k in RESOURCES if held[k] > 0]
        if not kinds:
            return
        held[max(kinds, key=lambda k: (held[k], k))] -= 1


def _add_imperial_voters(state: AzadiState, player: int, action: Action) -> None:
    from rules_engine.azadi.board import IMPERIAL

    count = _count(state, player, action.get("count", 1))
    zone = action.get("zone", "one")
    indices = range(len(state.board.zones)) if zone == "each" else \
        [state.emptiest_zone()] if state.board.zones else []
    for index in indices:
        for _ in range(count):
            if state.board.zones[index].free_ordinary() > 0:
                state.board.add_voter(index, IMPERIAL, state.track)


def _lose_own_voters(state: AzadiState, player: int, action: Action) -> None:
    """Evict (back to the mat) or discard the player's own non-majority voters."""
    count = _count(state, player, action.get("count", 1))
    for _ in range(count):
        index = state.zone_with_most(player)
        if index is None:
            return
        state.board.remove_voter(index, player, state.track)
        if action.kind == "evict_voters":
            state.players[player].mat_voters += 1


def _convert_own_voters(state: AzadiState, player: int, action: Action) -> None:
    from rules_engine.azadi.board import IMPERIAL

    count = _count(state, player, action.get("count", 1))
    for _ in range(count):
        index = state.zone_with_most(player)
        if index is None:
            return
        state.board.remove_voter(index, player, state.track)
        state.board.add_voter(index, IMPERIAL, state.track)


HANDLERS: dict[str, Handler] = {
    "discard_resources": _discard_resources,
    "add_imperial_voters": _add_imperial_voters,
}


def _own_only(kind: str, handler: Handler) -> Handler:
    def run(state: AzadiState, player: int, action: Action) -> None:
        if action.get("whose", "own") != "own":
            raise NotImplementedError(f"{kind} of other players' voters")
        handler(state, player, action)
    return run


HANDLERS["evict_voters"] = _own_only("evict_voters", _lose_own_voters)
HANDLERS["discard_voters"] = _own_only("discard_voters", _lose_own_voters)
HANDLERS["convert_voters"] = _own_only("convert_voters", _convert_own_voters)


def run_ability(state: AzadiState, player: int, ability: Ability) -> None:
    for action in ability.actions:
        HANDLERS[action.kind](state, player, action)


def _supported(effect: Effect) -> bool:
    if not isinstance(effect, Ability):
        return False
    for action in effect.actions:
        if action.kind not in HANDLERS:
            return False
        if action.kind in ("evict_voters", "discard_voters", "convert_voters") and \
                action.get("whose", "own") != "own":
            return False
    return True


def unsupported(model: AzadiContent) -> Iterator[tuple[str, Any]]:
    """(card, location) for every Attack card whose effects this interpreter cannot run."""
    for card in model.attack_cards:
        if not all(_supported(e) for e in card.effects):
            yield f"attack card {card.title!r}", card.location
