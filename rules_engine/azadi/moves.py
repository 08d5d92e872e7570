"""The legal actions of AZADI in each phase, in the engine's order (the order bots
and replays rely on); the main phase's list asks every job module what it allows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.azadi import (
    decisions,
    influence,
    law,
    payments,
    powers,
    trade,
    turns,
    voters,
)
from rules_engine.azadi.actions import (
    ANSWERS,
    END_PARLEY,
    END_TURN,
    R1,
    R2,
    R3,
    R4,
    REDRAW,
    REPLIES,
    WITHDRAW,
    Action,
    Coalition,
    Contribute,
    Discard,
    Dissent,
    DissentMandate,
    Influence,
    Take,
    UsePower,
    Vote,
    Withdraw,
    conversions,
    imperial_place,
    zone_actions,
)
from rules_engine.azadi.model import RESOURCES
from rules_engine.core.game import CHANCE

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState
    from rules_engine.azadi.setup import Player


def legal_actions(state: AzadiState) -> list[Action]:
    if state.current_player() == CHANCE:
        return [a for a, _ in turns.chance_outcomes(state)]
    if state.finished:
        return []
    me = state.players[state.player]
    if state.phase == "setup":
        return [Take(k) for k in RESOURCES]
    if state.phase == "parley":
        out: list[Action] = [END_PARLEY]
        for i, z in enumerate(state.board.zones):
            if i not in state.parleyed and z.free_ordinary() > 0:
                out += zone_actions(i)[0]
        return out
    if state.phase == "answer":
        out = [*ANSWERS]
        if payments.basic_total(state, state.player) >= law.redraw_cost(state) and \
                sum(state.ideology.values()) > 0:
            out.append(REDRAW)
        return out + trade.proposals(state)
    if state.phase == "trade_offer":
        return [WITHDRAW, *trade.offers(state)]
    if state.phase == "trade_reply":
        return [*REPLIES]
    if state.phase == "cap":
        return [Discard(k) for k in (*RESOURCES, "legacy", "infamy") if me.resources[k]]
    if state.phase == "vote":
        return [Vote(0), Vote(1)]
    if state.phase == "choice":
        return decisions.options(state)
    return _main_actions(state, me)


def _main_actions(state: AzadiState, me: Player) -> list[Action]:
    """The actions of the main phase, in the engine's order."""
    player = state.player
    zones = state.board.zones
    ordered = {placed.zone for placed in state.in_play}     # zones under an Order
    held = me.resources.get
    basic = held(R1, 0) + held(R2, 0) + held(R3, 0) + held(R4, 0)
    out: list[Action] = [END_TURN]
    extra = law.modified(state, "voter_card_cost", 0)
    levy = law.levy_of(state, "influence_voter_card")
    out += [Influence(i) for i, card in enumerate(state.slots)
            if card is not None and influence.affordable(state, me, card, extra, basic, levy)]
    if me.to_place or me.mat_voters:
        volatile_open = state.tyranny is None or state.azadi
        only = voters.batch_only(state, me, volatile_open)
        priced = bool(law.game_entry_rules(state))      # a game-wide entry price (R44)
        for i, zone in enumerate(zones):
            if (only != -1 and i != only) or \
                    ((priced or i in ordered) and not law.may_enter(state, i)):
                continue
            if zone.free_ordinary() > 0:
                out.append(zone_actions(i)[1])
            if volatile_open and zone.free_volatile() > 0:
                out.append(zone_actions(i)[2])
    if me.mat_imperial:               # an Order does not apply to Imperial voters
        out += [imperial_place(i) for i, zone in enumerate(zones)
                if zone.free_ordinary() > 0]
    offered = [UsePower(source, n, target) for source, n, ability in powers.usable_powers(state)
               for target in state.facts.targets(ability)]
    powers.note_offered(state, offered)
    out += offered
    out += voters.gerrymanders(state) + trade.proposals(state)
    if state.mandate is not None and not state.mandate_flipped and \
            basic >= law.mandate_dissent_cost(state):
        out.append(DissentMandate())
    spot = len(state.contributions)
    if not state.azadi and spot < len(state.tracker_costs) and \
            held("legacy", 0) >= state.tracker_costs[spot]:
        out.append(Contribute())
    for placed in state.in_play:
        each, any_n = law.order_dissent_cost(state, placed.order)
        if all(held(k, 0) >= n for k, n in each) and \
                basic >= sum(n for _, n in each) + any_n:
            out.append(Dissent(placed.zone, placed.order.number))
    discards = not law.forbids(state, "discard_voters")
    converts = not law.forbids(state, "convert_voters")
    converting: list[Action] = []
    for i, zone in enumerate(zones) if discards or converts else ():
        spare = zone.voters.get(player, 0)
        if spare and player in zone.holder:
            spare -= zone.split[zone.holder.index(player)]
        if spare <= 0:
            continue
        if discards and not (i in ordered and law.forbidden(state, i, "discard_voters")):
            out.append(zone_actions(i)[3])
        if converts and not (i in ordered and law.forbidden(state, i, "convert_voters")):
            converting += conversions(i, player, len(state.players))
    out += converting
    out += [Withdraw(i) for i, zone in enumerate(zones)
            if len(zone.holder) == 2 and player in zone.holder]
    if not state.azadi and me.levels.total() > 0:     # a coalition costs a card each
        for i, zone in enumerate(zones):
            mine = zone.count(player)
            if zone.holder or mine == 0 or (i in ordered and law.forbidden(
                    state, i, "coalition")) or law.forbids(state, "coalition"):
                continue
            for partner in range(len(state.players)):
                if partner != player and state.players[partner].levels.total() > 0 and \
                        (i, partner) not in state.refused:
                    theirs = zone.count(partner)
                    if theirs and mine + theirs >= zone.majority:
                        out += [Coalition(i, partner, share)
                                for share in trade.shares(zone, mine, theirs)]
    return out
