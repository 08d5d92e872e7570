"""Voter Cards in AZADI: the open slots and their refill, influencing a card (by
the Influence action or a power, the deck's top card included) with the printed cost,
the rules' surcharge and permit, and the votes a card gives."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rules_engine.azadi import (
    events,
    law,
    payments,
)
from rules_engine.azadi.actions import Influence
from rules_engine.azadi.model import RESOURCES
from rules_engine.azadi.tyranny import Event

if TYPE_CHECKING:
    from rules_engine.azadi.engine import AzadiState
    from rules_engine.azadi.setup import Player


def influence_slot(state: AzadiState, action: Influence) -> str:
    me = state.players[state.player]
    card = state.slots[action.slot]
    assert card is not None
    for kind, n in state.voter_cards[card].cost.items:
        payments.spend(state, state.player, kind, int(n))
    law.pay_levy(state, "influence_voter_card")
    extra = law.modified(state, "voter_card_cost", 0)
    if extra:
        payments.pay_any(state, state.player, extra)
    me.to_place += votes_of(state, card)
    me.batches.append(votes_of(state, card))
    state.voter_discard[card] += 1
    state.slots[action.slot] = None
    events.emit(state, Event("voter_card_influenced", state.player, facts=(
        ("voters", state.voter_cards[card].voters),)))
    refill_slot(state, action.slot)
    return f"P{state.player + 1} influences {card} ({state.voter_cards[card].voters} voters)"


def refill_slot(state: AzadiState, slot: int) -> None:
    """Refill a slot from the voter deck, reshuffling the discard when it runs out."""
    if state.voter_deck.total() == 0 and state.voter_discard.total() > 0:
        state.voter_deck, state.voter_discard = state.voter_discard, Counter()
    if state.voter_deck.total() > 0:
        state.pending.append(f"slot:{slot}")


def votes_of(state: AzadiState, card_id: str) -> int:
    return law.modified(state, "voter_card_votes", state.voter_cards[card_id].voters)


def affordable(state: AzadiState, me: Player, card_id: str, extra: int | None = None,
               basic: int | None = None, levy: list[tuple[str, int]] | None = None
               ) -> bool:
    """Whether ``me`` can pay for a voter card (``extra``: the rules' surcharge,
    ``basic``: the basic resources held, ``levy``: the rules' permit; each worked
    out when not given)."""
    cost = state.voter_cards[card_id].cost
    if extra is None:
        extra = law.modified(state, "voter_card_cost", 0)
    held = me.resources.get
    if levy is None:
        levy = law.levy_of(state, "influence_voter_card")    # a permit, e.g. a Foundation soul's
    specific = 0
    for kind, n in cost.items:
        needed = int(n)
        if levy:
            needed += sum(m for k, m in levy if k == kind)
        if held(kind, 0) < needed:
            return False
        specific += int(n)
    if basic is None:
        basic = payments.basic_total(state, state.player)
    if levy:
        extra += sum(m for _, m in levy)
        if any(held(k, 0) < m for k, m in levy if k in RESOURCES):
            return False
    return basic >= specific + extra


def influence_deck_top(state: AzadiState, player: int, discount: int, interchangeable: bool,
                       extra: int) -> None:
    """Influence the voter deck's top card: drawn next (a chance draw), then bought
    if ``player`` can pay its cost, else discarded (ruling R41)."""
    if state.voter_deck.total() == 0 and state.voter_discard.total() > 0:
        state.voter_deck, state.voter_discard = state.voter_discard, Counter()
    if state.voter_deck.total() == 0:
        return
    state.top_influences.append((player, discount, interchangeable, extra))
    state.pending.insert(0, "top")


def influence_top(state: AzadiState, card_id: str) -> str:
    player, discount, interchangeable, extra = state.top_influences.pop(0)
    state.voter_deck[card_id] -= 1
    bought = _buy_voter_card(state, player, card_id, discount, interchangeable, extra)
    if not bought:
        state.voter_discard[card_id] += 1
    return f"chance: the voter deck's top card is {card_id}" + (
        f", influenced by P{player + 1}" if bought else ", discarded")


def influence_with(state: AzadiState, player: int, discount: int, interchangeable: bool,
                   extra: int) -> None:
    """Influence the open voter card worth most voters that the player can pay. A
    power's discount comes off the printed cost only; the rules in force still add
    their surcharge (``voter_card_cost``) and levy their permit, as on the
    Influence action."""
    best = None
    for slot, card_id in enumerate(state.slots):
        if card_id is None:
            continue
        if _power_price(state, player, card_id, discount, interchangeable) is not None \
                and (best is None or state.voter_cards[card_id].voters > best[0]):
            best = (state.voter_cards[card_id].voters, slot)
    if best is None:
        return
    slot = best[1]
    card_id = state.slots[slot]
    assert card_id is not None
    state.slots[slot] = None
    _buy_voter_card(state, player, card_id, discount, interchangeable, extra)
    refill_slot(state, slot)


def _power_price(state: AzadiState, player: int, card_id: str, discount: int,
                 interchangeable: bool) -> Counter[str] | None:
    """What a power's influence of ``card_id`` costs ``player`` after ``discount``
    (None: more than they can pay, with the rules' surcharge and permit)."""
    cost = Counter({k: int(n) for k, n in state.voter_cards[card_id].cost.items})
    for _ in range(discount):
        if +cost:
            cost[max(+cost, key=lambda k: (cost[k], k))] -= 1
    cost = +cost
    if not _can_afford(state, state.players[player], cost, interchangeable,
                       law.modified(state, "voter_card_cost", 0),
                       payments.basic_total(state, player),
                       law.levy_of(state, "influence_voter_card")):
        return None
    return cost


def _buy_voter_card(state: AzadiState, player: int, card_id: str, discount: int,
                    interchangeable: bool, extra: int) -> bool:
    """Pay for ``card_id`` (taken from its slot or the deck by the caller) and give
    its voters to ``player`` to place; False (nothing paid) if they cannot pay."""
    cost = _power_price(state, player, card_id, discount, interchangeable)
    if cost is None:
        return False
    me = state.players[player]
    surcharge = law.modified(state, "voter_card_cost", 0)
    if interchangeable:                 # the permit's kinds first: "any" may not take them
        law.pay_levy(state, "influence_voter_card", player)
        payments.pay_any(state, player, sum(cost.values()))
    else:
        for kind, n in cost.items():
            payments.spend(state, player, kind, n)
        law.pay_levy(state, "influence_voter_card", player)
    if surcharge > 0:
        payments.pay_any(state, player, surcharge)
    me.to_place += votes_of(state, card_id) + extra
    me.batches.append(votes_of(state, card_id) + extra)
    state.voter_discard[card_id] += 1
    events.emit(state, Event("voter_card_influenced", player,
                             facts=(("voters", state.voter_cards[card_id].voters),)))
    return True


def _can_afford(state: AzadiState, me: Player, cost: Counter[str], interchangeable: bool,
                surcharge: int, basic: int, levy: list[tuple[str, int]]) -> bool:
    """Whether ``me`` can pay ``cost`` (any resources when ``interchangeable``), the
    rules' ``surcharge`` in any resources (paid only when above 0, as on the
    Influence action) and the ``levy`` (for a power's influence)."""
    held = me.resources
    permit = 0
    for kind, n in levy:
        if kind != "any" and held[kind] < n + (0 if interchangeable else cost[kind]):
            return False
        permit += n
    if not interchangeable and any(held[k] < n for k, n in cost.items()):
        return False
    return basic >= sum(cost.values()) + max(0, surcharge) + permit
