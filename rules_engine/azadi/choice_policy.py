"""How the greedy and cooperative bots take the decisions the rules leave to a player
(:mod:`rules_engine.azadi.decisions`, ruling R50). Each function takes the state and
the legal actions (the decision's options) and returns one of them.

* The Crown goes on the column whose attack hits fewest players now (at the start
  nobody: the Capitalist column, the first).
* An Imperial Order goes into the first zone it may (the capital first, as the earliest
  zones are laid first). Of the placements tried in 600 seeded easy games of four
  cooperative bots this one reached azadi most often (5.3 %, as often as the engine's
  old fixed rule; the zone with fewest Rebel voters 4.8 %, the fullest zone 4.2 %, the
  zone nearest an Imperial majority 4.5 %).
* A new zone is the smaller (a 9-voter majority forms sooner than an 11-voter one).
* A Resistance card goes where its card can be used: the greedy bot's into a zone it
  holds if it meets the card's level, else (and always for the cooperative bot) into
  a zone nobody holds, fewest Imperial voters first, the newest on a tie.
* A proposed coalition is joined: before azadi it always gains the Rebels a point.
* An evicted Imperial voter goes onto the mat of the player it hurts least: the one
  with most room under the cap (the evicting player first on a tie: on their own mat
  it is discarded at the end of this turn unless they put it back).
* Each Legacy at the transfer of power becomes a voter where it forms a majority, else
  where its owner is strongest; none is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

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
from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.model import IDEOLOGUES

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState


def decide(state: AzadiState, actions: Sequence[Action], team: bool) -> Action:
    """The bot's option for the decision waiting (``team``: the cooperative bot)."""
    first = actions[0]
    if isinstance(first, PlaceCrown):
        return crown(state, actions)
    if isinstance(first, PlaceOrder):
        return order(state, actions)
    if isinstance(first, OpenZone):
        return min(actions, key=lambda a: a.areas if isinstance(a, OpenZone) else 0)
    if isinstance(first, PlaceResistance):
        return resistance(state, actions, team)
    if isinstance(first, JoinCoalition):
        return JoinCoalition(True) if JoinCoalition(True) in actions else first
    if isinstance(first, SendImperial):
        return imperial(state, actions)
    if isinstance(first, CashLegacy):
        return legacy(state, actions)
    return first


def _hit(state: AzadiState, column: int) -> int:
    ideologue = IDEOLOGUES[column]
    return sum(1 for p in state.players if p.levels[ideologue] >= 2)


def crown(state: AzadiState, actions: Sequence[Action]) -> Action:
    columns = [a for a in actions if isinstance(a, PlaceCrown)]
    return min(columns, key=lambda a: (_hit(state, a.column), a.column))


def order(state: AzadiState, actions: Sequence[Action]) -> Action:
    return min(actions, key=lambda a: a.zone if isinstance(a, PlaceOrder) else 0)


def resistance(state: AzadiState, actions: Sequence[Action], team: bool) -> Action:
    zones = state.board.zones
    me = state.decisions[0].decider
    number = state.decisions[0].args[0]
    card = state.resistance_cards.get(number)
    eligible = card is not None and state.players[me].levels[card.ideologue] >= 3
    places = [a for a in actions if isinstance(a, PlaceResistance)]
    if not team and eligible:
        mine = [a for a in places if zones[a.zone].holder == (me,)]
        if mine:
            return mine[0]
    open_ = [a for a in places if not zones[a.zone].holder] or places
    return min(open_, key=lambda a: (zones[a.zone].count(IMPERIAL), -a.zone))


def _room(state: AzadiState, player: int) -> int:
    mat = state.players[player]
    return state.resource_cap() - sum(mat.resources.values()) - mat.mat_voters - \
        mat.mat_imperial


def imperial(state: AzadiState, actions: Sequence[Action]) -> Action:
    me = state.decisions[0].decider
    mats = [a for a in actions if isinstance(a, SendImperial)]
    return max(mats, key=lambda a: (_room(state, a.player), a.player == me, -a.player))


def legacy(state: AzadiState, actions: Sequence[Action]) -> Action:
    me = state.decisions[0].decider
    zones = state.board.zones

    def value(action: Action) -> Any:
        assert isinstance(action, CashLegacy)
        zone = zones[action.zone]
        forms = not zone.holder and zone.count(me) + 1 >= zone.majority
        return (forms, zone.count(me), -action.zone)

    cash = [a for a in actions if isinstance(a, CashLegacy) and a.zone >= 0]
    return max(cash, key=value) if cash else actions[0]
