"""Trading and coalitions in AZADI: a proposal, the offers the partner may be made
and their answer (the rules' permit paid), a trade a power makes, and coalition
majorities formed by exchanging Ideology cards, and withdrawn from."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.azadi import (
    decisions,
    events,
    law,
    scoring,
    turns,
)
from rules_engine.azadi.actions import (
    OFFERS,
    PROPOSALS,
    TRADEABLE,
    Action,
    Coalition,
    Offer,
    ProposeTrade,
    Reply,
    Withdraw,
    WithdrawOffer,
)
from rules_engine.azadi.board import Zone
from rules_engine.azadi.tyranny import Event

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState


def proposals(state: AzadiState) -> list[Action]:
    me = state.players[state.player].resources
    if state.trades >= state.config.trades_per_turn or \
            law.forbids(state, "trade") or not law.can_levy(state, "trade", me) or \
            not any(me[k] for k in TRADEABLE):
        return []
    out: list[Action] = []
    for p, other in enumerate(state.players):
        if p != state.player:
            held = other.resources
            for k in TRADEABLE:
                if held[k]:
                    out.append(PROPOSALS[p] if p < len(PROPOSALS) else ProposeTrade(p))
                    break
    return out


def offers(state: AzadiState) -> list[Action]:
    """The offers to the partner: each way of giving one or two of one resource
    for one or two of another that both sides hold, the permit still payable."""
    me = state.players[state.player].resources
    other = state.players[state.trade_partner].resources
    levy = law.levy_of(state, "trade")
    out: list[Action] = []
    gets = [k for k in TRADEABLE if other[k]]
    for give in TRADEABLE:
        if not me[give]:
            continue
        have = me[give]
        for get in gets:
            if give == get:
                continue
            available = other[get]
            for give_n, get_n, offer in OFFERS[(give, get)]:
                if have < give_n or available < get_n:
                    continue
                if levy:
                    after = me.copy()
                    after[give] -= give_n
                    if not law.can_levy(state, "trade", after, levy):
                        continue
                out.append(offer)
    return out


def negotiate(state: AzadiState, action: ProposeTrade | Offer | WithdrawOffer | Reply) -> str:
    who = f"P{state.player + 1}"
    if isinstance(action, ProposeTrade):
        state.trades += 1
        state.trade_partner, state.trade_return = action.partner, state.phase
        state.phase = "trade_offer"
        return f"{who} opens a trade with P{action.partner + 1}"
    if isinstance(action, Offer):
        state.offer, state.phase = action, "trade_reply"
        return (f"{who} offers {action.give_n} {action.give} for {action.get_n} "
                f"{action.get}")
    offer, partner = state.offer, state.trade_partner
    state.phase, state.offer, state.trade_partner = state.trade_return, None, -1
    if isinstance(action, WithdrawOffer):
        return f"{who} withdraws from the trade"
    assert offer is not None
    if not action.accept:
        return f"P{partner + 1} declines the trade"
    mine, theirs = state.players[state.player].resources, state.players[partner].resources
    mine[offer.give] -= offer.give_n
    theirs[offer.give] += offer.give_n
    theirs[offer.get] -= offer.get_n
    mine[offer.get] += offer.get_n
    law.pay_levy(state, "trade")
    events.emit(state, Event("trade", state.player, facts=(("partner", partner),)))
    return f"P{partner + 1} accepts the trade"


def traded_by_power(state: AzadiState, player: int, partner: int) -> None:
    """Report a trade a power made (``partner`` -1: with the reserve)."""
    events.emit(state, Event("trade", player, facts=(("partner", partner),)))


def coalition(state: AzadiState, action: Coalition) -> str:
    """Propose a coalition majority with the proposed split: the partner agrees or
    refuses (a decision of theirs, ruling R50)."""
    decisions.add(state, "coalition", action.partner, action.zone, state.player, action.share)
    zone = state.board.zones[action.zone]
    return (f"P{state.player + 1} proposes a coalition to P{action.partner + 1} in zone "
            f"{action.zone}, {action.share} majority voters to {zone.majority - action.share}")


def shares(zone: Zone, mine: int, theirs: int) -> range:
    """The proposer's possible shares of a coalition's majority voters, most first: each
    partner keeps at least one and neither more than they have there."""
    return range(min(mine, zone.majority - 1), max(1, zone.majority - theirs) - 1, -1)


def form_coalition(state: AzadiState, index: int, partner: int, share: int) -> str:
    """Form the coalition majority the partner agreed to: each partner gives the other
    one Ideology card of the ideologue they hold most cards of, the price of compromise."""
    zone = state.board.zones[index]
    state.board.form_coalition(index, state.player, partner,
                               (share, zone.majority - share), state.track)
    gives = turns.most_held(state, state.player), turns.most_held(state, partner)
    assert gives[0] is not None and gives[1] is not None
    state.players[state.player].levels[gives[0]] -= 1
    state.players[partner].levels[gives[1]] -= 1
    turns.add_level(state, partner, gives[0])
    turns.add_level(state, state.player, gives[1])
    events.emit(state, Event("coalition_formed", state.player))
    scoring.check_azadi(state)
    return (f"P{partner + 1} joins: P{state.player + 1} forms a coalition with "
            f"P{partner + 1} in zone {index}, giving a {gives[0]} card for a {gives[1]} card")


def withdraw(state: AzadiState, action: Withdraw) -> str:
    """Leave a coalition: its majority voters flip back and, before azadi, the
    Rebels lose the point of a broken majority."""
    state.board.withdraw(action.zone, state.player, state.track)
    events.majority_events(state)
    scoring.check_azadi(state)
    return f"P{state.player + 1} withdraws from the coalition in zone {action.zone}"
