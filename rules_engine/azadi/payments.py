"""Paying in AZADI: resources spent (each a ``resources_spent`` event) and received
(each a ``resources_gained`` event), "any resources" paid from the most plentiful,
what counts towards the cap, and the costs of powers (resources, Infamy, one's own
voters) checked and paid."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from rules_engine.azadi import (
    events,
    voters,
)
from rules_engine.azadi.actions import R1, R2, R3, R4
from rules_engine.azadi.facts import PAYABLE
from rules_engine.azadi.model import RESOURCES
from rules_engine.azadi.tyranny import Event
from rules_engine.core.game import IllegalAction

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState


def spend(state: AzadiState, player: int, kind: str, n: int) -> None:
    """``player`` pays ``n`` ``kind`` to the reserve: a resources_spent event."""
    if n <= 0:
        return
    state.players[player].resources[kind] -= n
    events.emit(state, Event("resources_spent", player, count=n, facts=(("kind", kind),)))


def receive(state: AzadiState, player: int, kind: str, n: int = 1) -> None:
    """``player`` receives ``n`` ``kind`` from the reserve or, by an effect, from
    another player: a resources_gained event (ruling R72; a trade between players is
    an exchange, not a gain)."""
    if n <= 0:
        return
    state.players[player].resources[kind] += n
    events.emit(state, Event("resources_gained", player, count=n, facts=(("kind", kind),)))


def pay_any(state: AzadiState, player: int, amount: int) -> None:
    """Pay ``amount`` of any resources, the most plentiful first."""
    held = state.players[player].resources
    paid: Counter[str] = Counter()
    for _ in range(amount):
        kinds = [k for k in RESOURCES if held[k] - paid[k] > 0]
        if not kinds:
            raise IllegalAction("not enough resources to pay")
        paid[max(kinds, key=lambda k: (held[k] - paid[k], k))] += 1
    for kind in sorted(paid):
        spend(state, player, kind, paid[kind])


def basic_total(state: AzadiState, player: int) -> int:
    """Funds, Clout, Media and Trust: what "any resources" can be paid with."""
    held = state.players[player].resources.get
    return held(R1, 0) + held(R2, 0) + held(R3, 0) + held(R4, 0)


def resources_total(state: AzadiState, player: int) -> int:
    """Everything on the mat that counts towards the cap (Legacy and Infamy too)."""
    return sum(state.players[player].resources.values())


def can_pay(state: AzadiState, cost: Any, infamy: int = 0) -> bool:
    held = state.players[state.player].resources
    if not cost.items:
        return held["infamy"] >= infamy
    each, specific, any_kind, needs_voter, own_infamy = state.facts.cost(cost)
    for kind, n in each:
        if held[kind] < n:
            return False
    if any_kind and any_kind > basic_total(state, state.player) - specific:
        return False
    if needs_voter and voters.spare_total(state, state.player) < \
            max(1, voters.own_voters_named(cost)):
        return False          # every voter the price names, not just one
    return held["infamy"] >= infamy + own_infamy


def pay(state: AzadiState, cost: Any, infamy: int) -> None:
    me = state.players[state.player]
    for kind, n in cost.items:
        if kind in PAYABLE:
            spend(state, state.player, kind, int(n))
    if cost.get("any"):
        pay_any(state, state.player, int(cost.get("any")))
    for key, event in voters.OWN_VOTER_PRICES:
        for _ in range(int(cost.get(key, 0))):
            index = voters.zone_with_most(state, state.player)
            if index is None:
                break
            voters.remove_voter(state, index, state.player, event)
            if key == "evict_own_voters":
                me.mat_voters += 1
    me.resources["infamy"] -= infamy
