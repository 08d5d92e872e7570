"""AZADI turn actions beyond placing voters: gerrymandering, trading, what every
payment and majority change reports as an event, dissent when a zone holds two
Orders, and clones that share nothing mutable."""

from __future__ import annotations

from collections import Counter

import pytest

from rules_engine.azadi import influence, law, turns
from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.engine import (
    AzadiState,
    DiscardOwn,
    Dissent,
    Gerrymander,
    Influence,
    Offer,
    ProposeTrade,
    Reply,
    UsePower,
    WithdrawOffer,
)
from rules_engine.azadi.tyranny import OrderInPlay
from rules_engine.core.game import IllegalAction
from tests.azadi_helpers import founded, in_actions, seat


def names(state: AzadiState, since: int) -> list[tuple[str, int | None]]:
    return [(e.name, e.owner) for e in state.events[since:]]


def test_gerrymandering_moves_one_non_majority_voter_per_zone_per_turn() -> None:
    state = in_actions()
    me, board = state.player, state.board
    other = (me + 1) % len(state.players)
    capital = board.zones[0]
    capital.voters.clear()
    capital.voters.update({me: 3, IMPERIAL: 2, other: 1})
    (target,) = sorted(board.adjacent[0])[:1]
    moves = [a for a in state.legal_actions() if isinstance(a, Gerrymander) and a.zone == 0]
    # any owner's voter, to any adjacent zone with a free ordinary area
    assert {(a.owner, a.target) for a in moves} == {
        (o, t) for o in (IMPERIAL, me, other) for t in board.adjacent[0]}
    since = len(state.events)
    before = board.zones[target].voters[IMPERIAL]
    state.apply_action(Gerrymander(0, IMPERIAL, target))
    assert capital.voters[IMPERIAL] == 1 and board.zones[target].voters[IMPERIAL] == before + 1
    assert ("voter_moved", IMPERIAL) in names(state, since)
    # once a turn from that zone
    assert not any(isinstance(a, Gerrymander) and a.zone == 0 for a in state.legal_actions())


def test_no_gerrymandering_rights_on_a_tie_or_for_majority_voters() -> None:
    state = in_actions()
    me = state.player
    capital = state.board.zones[0]
    capital.voters.clear()
    capital.voters.update({me: 2, IMPERIAL: 2})
    assert not any(isinstance(a, Gerrymander) and a.zone == 0 for a in state.legal_actions())
    capital.voters.update({me: capital.majority - 2})      # me: a majority, exactly
    state.board.update_majority(0, state.track)
    assert capital.holder == (me,)
    moves = {a.owner for a in state.legal_actions() if isinstance(a, Gerrymander) and a.zone == 0}
    assert moves == {IMPERIAL}          # my voters are all majority voters


def test_a_trade_needs_the_partner_to_accept() -> None:
    state = in_actions()
    me = state.player
    partner = (me + 1) % len(state.players)
    state.players[me].resources = Counter(funds=3)
    state.players[partner].resources = Counter(media=2)
    state.apply_action(ProposeTrade(partner))
    assert state.current_player() == me and state.phase == "trade_offer"
    offers = [a for a in state.legal_actions() if isinstance(a, Offer)]
    assert set(offers) == {Offer("funds", 1, "media", 1), Offer("funds", 1, "media", 2),
                           Offer("funds", 2, "media", 1)}
    state.apply_action(Offer("funds", 2, "media", 1))
    assert state.current_player() == partner
    assert state.legal_actions() == [Reply(True), Reply(False)]
    since = len(state.events)
    state.apply_action(Reply(True))
    assert state.players[me].resources == Counter(funds=1, media=1)
    assert state.players[partner].resources == Counter(media=1, funds=2)
    assert names(state, since) == [("trade", None)]
    assert state.phase == "actions" and state.current_player() == me


def test_a_declined_or_withdrawn_trade_changes_nothing_but_counts_as_proposed() -> None:
    state = in_actions()
    me = state.player
    partner = (me + 1) % len(state.players)
    state.players[me].resources = Counter(funds=3)
    state.players[partner].resources = Counter(media=2)
    state.apply_action(ProposeTrade(partner))
    state.apply_action(Offer("funds", 1, "media", 1))
    state.apply_action(Reply(False))
    state.apply_action(ProposeTrade(partner))
    state.apply_action(WithdrawOffer())
    assert state.players[me].resources == Counter(funds=3)
    assert not any(isinstance(a, ProposeTrade) for a in state.legal_actions())   # 2 a turn


def test_the_path_of_oneness_forbids_trading() -> None:
    state = seat("the-path-of-oneness")
    while state.phase != "actions" or state.pending:
        state.apply_action(state.sample_chance() if state.pending else state.legal_actions()[-1])
    assert not any(isinstance(a, ProposeTrade) for a in state.legal_actions())
    try:
        state.apply_action(ProposeTrade((state.player + 1) % 3))
    except IllegalAction:
        pass
    else:
        raise AssertionError("a forbidden trade was accepted")


def test_breaking_a_majority_is_an_event() -> None:
    state = in_actions()
    zone = state.board.zones[1]
    zone.voters.clear()
    zone.voters[IMPERIAL] = zone.majority
    state.board.update_majority(1, state.track)
    state.board.changes.clear()
    since = len(state.events)
    state.remove_voter(1, IMPERIAL, "voter_evicted")         # a power's eviction
    assert names(state, since) == [("voter_evicted", IMPERIAL), ("majority_broken", IMPERIAL)]


def test_every_payment_is_a_resources_spent_event() -> None:
    state = in_actions()
    me = state.players[state.player]
    me.resources = Counter(media=1, trust=1, funds=2)
    order = next(o for o in state.orders.values()
                 if {k for k, _ in o.dissent_cost.items} == {"media", "trust", "funds"})
    state.in_play.append(OrderInPlay(order, 1))
    since = len(state.events)
    state.apply_action(Dissent(1, order.number))
    spent = sorted((e.fact("kind"), e.count) for e in state.events[since:]
                   if e.name == "resources_spent")
    assert spent == sorted((k, int(n)) for k, n in order.dissent_cost.items)


def test_dissent_names_the_order_when_a_zone_holds_two() -> None:
    state = in_actions()
    me = state.players[state.player]
    orders = sorted(state.orders.values(), key=lambda o: o.number)
    dear = next(o for o in orders if len(o.dissent_cost.items) == 3)
    cheap = next(o for o in orders if dict(o.dissent_cost.items) == {"funds": 2})
    state.in_play += [OrderInPlay(dear, 1), OrderInPlay(cheap, 1)]
    me.resources = Counter(funds=2)
    legal = [a for a in state.legal_actions() if isinstance(a, Dissent)]
    assert legal == [Dissent(1, cheap.number)]
    state.apply_action(Dissent(1, cheap.number))
    assert [p.infamy for p in state.in_play] == [6, 5] and me.resources["funds"] == 0


def test_a_clone_shares_nothing_that_play_changes() -> None:
    state = in_actions()
    trial = state.clone()
    assert trial.log == state.log and trial.rng.random() == state.clone().rng.random()
    trial.players[trial.player].resources["funds"] += 5
    trial.board.zones[0].voters[IMPERIAL] += 1
    trial.board.adjacent[0].add(99)
    trial.uses[("x", 0)] += 1
    trial.log.append("only in the clone")
    assert state.players[state.player].resources["funds"] + 5 == \
        trial.players[trial.player].resources["funds"]
    assert state.board.zones[0].voters[IMPERIAL] + 1 == trial.board.zones[0].voters[IMPERIAL]
    assert 99 not in state.board.adjacent[0] and ("x", 0) not in state.uses
    assert state.log[-1] != "only in the clone"
    assert trial.content is state.content                # the content is shared


def test_a_player_aims_a_power_at_whose_voters_it_takes() -> None:
    from rules_engine.azadi.engine import UsePower

    state = in_actions()
    me = state.player
    other = (me + 1) % len(state.players)
    strike = next(m for m in state.content.maidaan_powers if m.id == "maidaan-discard")
    state.players[me].resources["infamy"] = strike.cost
    zone = state.board.zones[1]
    zone.voters.clear()
    zone.voters.update({me: 2, other: 2, IMPERIAL: 2})
    source = f"maidaan:{strike.id}"
    aims = {a.target for a in state.legal_actions()
            if isinstance(a, UsePower) and a.source == source}
    assert aims == {"imperial", "opponent", "own"}
    since = len(state.events)
    state.apply_action(UsePower(source, 0, "own"))
    assert dict(zone.voters) == {me: 0, other: 2, IMPERIAL: 2}
    assert names(state, since)[-2:] == [("voter_discarded", me), ("voter_discarded", me)]


def test_chance_draws_match_the_generic_pick() -> None:
    from rules_engine.azadi.engine import AzadiGame
    from rules_engine.core.game import CHANCE, RandomBot, State

    draws = 0
    for seed in range(4):
        state = AzadiGame(in_actions().content, 4).new_initial_state(seed)
        bots = [RandomBot(seed * 10 + i) for i in range(4)]
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                twin = state.clone()
                action = state.sample_chance()
                assert action == State.sample_chance(twin)
                assert state.rng.getstate() == twin.rng.getstate()
                draws += 1
            else:
                action = bots[state.current_player()].choose(state)
            state.apply_action(action)
    assert draws > 100


def test_a_foundation_soul_changes_the_resource_cap() -> None:
    state = founded(in_actions(), "Free Market Republic")      # the cap is 12 + 3
    state.players[state.player].resources = Counter(funds=14)
    turns.after_cap(state)
    assert (state.resource_cap(), state.phase) == (15, "actions")
    state = founded(in_actions(), "Revolutionary Commune")     # the cap is set to 8
    state.players[state.player].resources = Counter(funds=9)
    turns.after_cap(state)
    assert (state.resource_cap(), state.phase) == (8, "cap")


def test_direct_democracy_makes_a_redraw_cost_2() -> None:
    state = founded(in_actions(), "Direct Democracy")
    assert state.redraw_cost() == 2


def test_cooperative_commonwealth_forbids_taking_resources() -> None:
    state = in_actions()
    me = state.players[state.player]
    me.levels["supremo"] = 3                                   # L3: take 1 resource
    for other in state.players:
        other.resources["funds"] += 3
    source = "ideologue:supremo:3"
    assert any(a.source == source for a in state.legal_actions() if isinstance(a, UsePower))
    founded(state, "Cooperative Commonwealth")
    assert not any(a.source == source for a in state.legal_actions()
                   if isinstance(a, UsePower))


def test_liberal_democracy_forbids_discarding_voters() -> None:
    state = in_actions()
    state.board.add_voter(1, state.player, state.track)
    assert DiscardOwn(1) in state.legal_actions()
    founded(state, "Liberal Democracy")
    assert DiscardOwn(1) not in state.legal_actions()


def test_personality_cult_charges_a_media_for_each_voter_card() -> None:
    state = founded(in_actions(), "Personality Cult")
    card = next(c for c in state.content.voter_cards if "media" not in dict(c.cost.items))
    state.slots[0] = card.id
    me = state.players[state.player]
    me.resources = Counter({k: int(n) for k, n in card.cost.items})
    assert Influence(0) not in state.legal_actions()            # no Media for the permit
    me.resources["media"] += 1
    assert Influence(0) in state.legal_actions()
    state.apply_action(Influence(0))
    assert +me.resources == Counter()


def test_vanguard_state_charges_a_clout_for_each_resistance_card() -> None:
    state = in_actions()
    number, card = next(iter(state.resistance_cards.items()))
    zone = next(i for i in range(len(state.board.zones))
                if all(p.zone != i for p in state.in_play) and not state.board.zones[i].holder)
    state.resistance[zone] = number
    me = state.players[state.player]
    me.levels[card.ideologue] = 3
    me.resources = Counter(funds=5, media=5, trust=5)
    source = f"resistance:{zone}"

    def usable() -> bool:
        return any(a.source == source for a in state.legal_actions()
                   if isinstance(a, UsePower))
    if not usable():
        pytest.skip("this Resistance card needs more than resources here")
    founded(state, "Vanguard State")
    assert not usable()                                         # no Clout for the licence
    me.resources["clout"] += 1
    assert usable()
    action = next(a for a in state.legal_actions()
                  if isinstance(a, UsePower) and a.source == source)
    state.apply_action(action)
    assert me.resources["clout"] == 0


def order_with(state: AzadiState, kind: str, target: str) -> OrderInPlay:
    """An Order whose zone rule is ``kind`` (forbid/require) on ``target``, put in the
    capital."""
    order = next(o for o in state.orders.values() if any(
        getattr(e, "kind", "") == kind and getattr(e, "target", "") == target
        for e in o.effects))
    placed = OrderInPlay(order, 0)
    state.in_play.append(placed)
    return placed


def test_an_order_forbidding_discards_covers_discarding_your_own_voters() -> None:
    state = in_actions()
    state.board.add_voter(0, state.player, state.track)
    assert DiscardOwn(0) in state.legal_actions()
    order_with(state, "forbid", "discard_voters")
    assert DiscardOwn(0) not in state.legal_actions()


def test_an_order_forbidding_evictions_shields_its_zone_from_evicting_powers() -> None:
    from rules_engine.azadi.interpreter import _target
    from rules_engine.core.effects import Action as EffectAction
    from rules_engine.core.effects import FrozenMap

    state = in_actions()
    capital = state.board.zones[0]
    capital.voters.clear()
    capital.voters[IMPERIAL] = capital.majority + 1        # the best target by far
    action = EffectAction("evict_voters", FrozenMap((("whose", "imperial"),)))
    assert _target(state, state.player, action) == (0, IMPERIAL)
    order_with(state, "forbid", "evict_voters")
    assert _target(state, state.player, action) != (0, IMPERIAL)


def test_border_tolls_charge_for_gerrymandering_in_their_zone() -> None:
    state = in_actions()
    me, board = state.player, state.board
    capital = board.zones[0]
    capital.voters.clear()
    capital.voters.update({me: 3, IMPERIAL: 1})
    order_with(state, "require", "gerrymander")             # any 2 resources
    held = state.players[me].resources
    held.clear()
    held["media"] = 1
    assert not any(isinstance(a, Gerrymander) and a.zone == 0 for a in state.legal_actions())
    held["media"] = 3
    move = next(a for a in state.legal_actions() if isinstance(a, Gerrymander) and a.zone == 0)
    state.apply_action(move)
    assert held["media"] == 1


def test_the_rules_in_force_change_the_cost_of_dissent_against_orders() -> None:
    state = in_actions()
    state.mandate = next(m for m in state.content.mandates if m.id == "divine-right")
    placed = order_with(state, "forbid", "evict_voters")   # Divine Right: 1 more
    printed = [(k, int(n)) for k, n in placed.order.dissent_cost.items]
    assert state.order_dissent_cost(placed.order) == (printed, 1)
    held = state.players[state.player].resources
    held.clear()
    held.update(dict(printed))
    assert Dissent(0, placed.order.number) not in state.legal_actions()
    held["funds"] += 1
    state.apply_action(Dissent(0, placed.order.number))
    assert +held == Counter(infamy=1)
    state.mandate = None
    founded(state, "Open Society")                         # the soul: 1 less
    each, any_n = state.order_dissent_cost(placed.order)
    assert any_n == 0 and sum(n for _, n in each) == sum(n for _, n in printed) - 1


def test_converting_your_own_voter_hands_its_area_to_another() -> None:
    """Free and as often as you like: one of your non-majority voters is replaced in
    the same area by an Imperial voter or another player's, a voter_converted event."""
    from rules_engine.azadi.engine import ConvertOwn

    state = in_actions(3)
    me = state.player
    other = (me + 1) % 3
    zone = state.board.zones[1]
    zone.voters[me] += 2
    before_imperial, before_other = zone.voters[IMPERIAL], zone.voters[other]
    legal = state.legal_actions()
    assert ConvertOwn(1, IMPERIAL) in legal and ConvertOwn(1, other) in legal
    assert ConvertOwn(1, me) not in legal
    state.apply_action(ConvertOwn(1, IMPERIAL))
    state.apply_action(ConvertOwn(1, other))
    assert zone.voters[me] == 0
    assert zone.voters[IMPERIAL] == before_imperial + 1
    assert zone.voters[other] == before_other + 1
    assert [e.name for e in state.events[-2:]] == ["voter_converted"] * 2
    assert state.log[-1] == f"P{me + 1} converts one of their voters in zone 1 to a " \
                            f"P{other + 1} voter"
    assert not any(isinstance(a, ConvertOwn) and a.zone == 1 for a in state.legal_actions())


# -- influencing a voter card through a power: the rules' costs still apply ------------


def _discounted(state: AzadiState, media: bool = True) -> tuple[str, Counter[str]]:
    """Open one voter card (only it) for the Idealist's 'Goodwill Discount' (1 off),
    the player at level 3 holding exactly the discounted printed cost; returns the
    card and that cost."""
    card = next(c for c in state.content.voter_cards if sum(int(n) for _, n in c.cost.items)
                >= 2 and (media or "media" not in dict(c.cost.items)))
    state.slots = [card.id] + [None] * (len(state.slots) - 1)
    cost = Counter({k: int(n) for k, n in card.cost.items})
    cost[max(cost, key=lambda k: (cost[k], k))] -= 1       # the discount, as the engine
    me = state.players[state.player]
    me.levels["idealist"] = 3
    me.resources = +cost
    return card.id, +cost


DISCOUNT = UsePower("ideologue:idealist:3")


def test_a_power_discount_still_pays_the_rules_surcharge() -> None:
    state = founded(in_actions(), "Crony Republic")            # voter cards cost 1 more
    assert law.modified(state, "voter_card_cost", 0) == 1
    card, _ = _discounted(state)
    me = state.players[state.player]
    state.apply_action(DISCOUNT)                                # the discount is not enough
    assert (state.slots[0], me.to_place) == (card, 0)
    state = founded(in_actions(), "Crony Republic")
    card, cost = _discounted(state)
    me = state.players[state.player]
    me.resources["clout" if "clout" not in cost else "trust"] += 1     # the surcharge
    since = len(state.events)
    state.apply_action(DISCOUNT)
    assert +me.resources == Counter() and me.to_place == influence.votes_of(state, card)
    spent = sum(e.count for e in state.events[since:] if e.name == "resources_spent")
    assert spent == sum(cost.values()) + 1
    assert [e.name for e in state.events[since:]].count("voter_card_influenced") == 1


def test_a_power_discount_still_pays_the_rules_permit() -> None:
    state = founded(in_actions(), "Personality Cult")          # a Media for each card
    card, _ = _discounted(state, media=False)
    me = state.players[state.player]
    state.apply_action(DISCOUNT)                                # no Media for the permit
    assert (state.slots[0], me.to_place) == (card, 0)
    state = founded(in_actions(), "Personality Cult")
    card, cost = _discounted(state, media=False)
    me = state.players[state.player]
    me.resources["media"] += 1
    since = len(state.events)
    state.apply_action(DISCOUNT)
    assert +me.resources == Counter() and me.to_place == influence.votes_of(state, card)
    assert ("resources_spent", "media") in [(e.name, e.fact("kind"))
                                            for e in state.events[since:]]
