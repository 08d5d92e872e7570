"""The AZADI engine's core loop: attacks, ideology cards, the cap, the Fuse, azadi and
the transfer of power, plus random-play fuzzing with invariants and determinism."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from rules_engine.azadi import (
    decisions,
    events,
    influence,
    law,
    powers,
    scoring,
    turns,
    tyranny_cards,
)
from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.engine import (
    Answer,
    AzadiGame,
    AzadiState,
    CashLegacy,
    Coalition,
    Discard,
    DiscardOwn,
    EndParley,
    EndTurn,
    JoinCoalition,
    OpenZone,
    Place,
    PlaceOrder,
    PlaceResistance,
    Redraw,
    UsePower,
    Vote,
)
from rules_engine.azadi.invariants import violations
from rules_engine.core.game import CHANCE, RandomBot, play_out
from tests.azadi_helpers import (
    after_azadi_with_one_area_left,
    at_parley,
    cleared,
    content,
    decide,
    in_actions,
    invariants,
    seat,
    until_player,
)


def test_setup_follows_table_1_and_the_map_rule() -> None:
    state = AzadiGame(content(), 4, "hard").new_initial_state(1)
    assert (state.track.flag, state.track.fort, state.fuse) == (4, 12, 24)
    assert len(state.board.zones) == 4 and state.board.zones[0].capital
    state = AzadiGame(content(), 2, "easy").new_initial_state(1)
    assert (state.track.flag, state.track.fort, state.fuse, len(state.board.zones)) == \
        (2, 8, 14, 2)
    state = at_parley(4)
    assert [sum(p.resources.values()) for p in state.players] == [1, 2, 3, 4]


def test_the_attack_card_hits_players_at_level_two_or_higher() -> None:
    """Ruling R56: "a level 2" of the ideologue is level 2 or higher."""
    state = at_parley(4)
    state.crown = 0                                   # the capitalist column
    card = state.attacks["capitalist"][0]
    assert card.title == "Frozen Accounts"            # level 1: discard 2 Funds
    hit, spared, higher = state.players[0], state.players[1], state.players[2]
    hit.levels["capitalist"], spared.levels["capitalist"] = 2, 1
    higher.levels["capitalist"] = 4
    for player in (hit, spared, higher):
        player.resources["funds"] = 3
    state.apply_action(EndParley())
    assert [p.resources["funds"] for p in (hit, spared, higher)] == [1, 3, 1]


def test_answering_gives_resources_passive_income_and_unlocks() -> None:
    state = until_player(at_parley(4))
    state.apply_action(EndParley())
    state = until_player(state)
    me = state.players[state.player]
    card = state.ideology_cards[state.current or ""]
    answer = card.answers[0]
    me.levels[answer.ideologue] = 2                  # the answer makes it 3: an unlock
    column = list(state.attacks[answer.ideologue])
    me.resources.clear()
    state.apply_action(Answer(0))
    expected = Counter({k: int(v) for k, v in answer.resources.items})
    from rules_engine.azadi.model import RESOURCE_OF
    expected[RESOURCE_OF[answer.ideologue]] += 1     # 3 cards: 1 passive
    assert +me.resources == +expected
    assert state.attacks[answer.ideologue] == column[1:]


def test_cap_makes_the_player_discard() -> None:
    state = until_player(at_parley(4))
    state.apply_action(EndParley())
    state = until_player(state)
    me = state.players[state.player]
    me.resources = Counter(funds=12)
    state.apply_action(Answer(1))
    assert state.phase == "cap"
    while state.phase == "cap":
        state.apply_action(Discard("funds") if me.resources["funds"] else
                           state.legal_actions()[0])
    assert sum(me.resources.values()) <= 12 and state.phase == "actions"


def test_the_fuse_ends_the_game_and_everyone_loses() -> None:
    state = AzadiGame(content(), 2, "easy").new_initial_state(4)
    play_out(state, [RandomBot(1), RandomBot(2)])
    assert state.end_reason == "the Fuse" and state.drawn >= state.fuse
    assert state.returns() == [0.0, 0.0]


def test_azadi_starts_the_transfer_of_power() -> None:
    state = until_player(at_parley(2))
    state.apply_action(EndParley())
    state = until_player(state)
    state.apply_action(Answer(0))
    while state.phase == "cap":
        state.apply_action(state.legal_actions()[0])
    board = state.board
    for _ in range(3):
        board.add_voter(1, IMPERIAL, state.track)    # non-majority Imperial voters
    state.track.flag = state.track.fort - 1
    me = state.players[state.player]
    other = state.players[1 - state.player]
    me.resources["legacy"], other.resources["legacy"] = 0, 3
    other_before = sum(z.count(1 - state.player) for z in board.zones)
    zones_before = len(board.zones)
    me.to_place = board.zones[0].majority
    for _ in range(board.zones[0].majority):
        state.apply_action(Place(0))
    assert state.azadi                                # the majority's point reached the Fort
    assert board.zones[1].voters[IMPERIAL] == 0       # non-majority Imperials removed
    assert board.majority_voters(state.player) == board.zones[0].majority
    # the player who gained the last point opens a new zone of the size they choose
    assert (state.phase, state.current_player()) == ("choice", state.player)
    assert state.legal_actions() == [OpenZone(17), OpenZone(21)]
    state.apply_action(OpenZone(21))
    assert len(board.zones) == zones_before + 1 and board.zones[-1].areas == 21
    # the other player cashes each of their 3 Legacy for a voter where they choose
    assert state.current_player() == 1 - state.player
    assert state.legal_actions() == [*(CashLegacy(i) for i in range(zones_before + 1)),
                                     CashLegacy(-1)]
    for zone in (1, zones_before, zones_before):
        state.apply_action(CashLegacy(zone))
    assert other.resources["legacy"] == 0
    assert sum(z.count(1 - state.player) for z in board.zones) == other_before + 3
    assert board.zones[zones_before].count(1 - state.player) == 2
    assert state.phase == "vote" and state.foundation is not None
    while state.phase == "vote":
        state.apply_action(Vote(0))
    assert state.foundation_side == 0 and state.phase == "actions"
    state.apply_action(EndTurn())
    assert state.phase in ("ideology", "answer", "actions") or state.pending


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_play_keeps_every_invariant(players: int) -> None:
    game = AzadiGame(content(), players)
    for seed in range(100):
        state = game.new_initial_state(seed)
        bots = [RandomBot(seed * 10 + i) for i in range(players)]
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(state.sample_chance() if player == CHANCE
                               else bots[player].choose(state))
            invariants(state)


def test_same_seed_same_game() -> None:
    logs = []
    for _ in range(2):
        state = AzadiGame(content(), 4).new_initial_state(9)
        play_out(state, [RandomBot(i) for i in range(4)])
        logs.append(state.log)
    assert logs[0] == logs[1] and len(logs[0]) > 40


def test_a_volatile_area_triggers_a_tyranny_card() -> None:
    state = in_actions()
    me = state.players[state.player]
    me.to_place, me.resources["legacy"] = 1, 0
    before = [z.voters[IMPERIAL] for z in state.board.zones]
    state.apply_action(Place(1, True))
    assert state.tyranny is not None and me.resources["legacy"] == 1
    assert [z.voters[IMPERIAL] for z in state.board.zones] == [n + 2 for n in before]
    # the player who triggered it lays the Order, in any zone free of cards
    assert (state.phase, state.current_player(), state.in_play) == ("choice", state.player, [])
    assert state.legal_actions() == [PlaceOrder(i) for i in range(len(state.board.zones))]
    state.apply_action(PlaceOrder(2))
    (order,) = state.in_play
    assert order.zone == 2 and state.phase == "actions"
    assert order.order.number == state.tyranny.card.order and order.infamy == 6
    assert Place(2, True) not in state.legal_actions()    # one Tyranny card at a time


def test_completing_a_task_resolves_the_card() -> None:
    from rules_engine.azadi.tyranny import ActiveTyranny

    state = in_actions()
    card = next(c for t in content().campaigns for c in t.tyranny_cards
                if c.choices[0].task.event == "voter_discarded"
                and c.choices[0].task.where.to_dict() == {"whose": "own"})
    state.tyranny = ActiveTyranny(card)
    me = state.players[state.player]
    me.resources.clear()
    zones_before, flag = len(state.board.zones), state.track.flag
    times = card.choices[0].times
    for _ in range(times):
        state.board.add_voter(0, state.player, state.track)
    for n in range(times):
        state.apply_action(DiscardOwn(0))
        assert me.resources["legacy"] == n + 1            # a Legacy for each action
    assert state.tyranny is None and state.resolved == [(card.id, 0)]
    assert state.track.flag == flag + 1
    # the player who completed it opens a 9/17 or an 11/21 zone, and lays the card won
    assert state.legal_actions() == [OpenZone(17), OpenZone(21)]
    state.apply_action(OpenZone(17))
    assert len(state.board.zones) == zones_before + 1 and state.board.zones[-1].areas == 17
    assert state.legal_actions() == [PlaceResistance(i) for i in range(zones_before + 1)]
    state.apply_action(PlaceResistance(1))
    assert state.resistance == {1: card.choices[0].resistance} and state.phase == "actions"


def test_six_acts_of_dissent_overturn_an_order() -> None:
    from rules_engine.azadi.engine import Dissent
    from rules_engine.azadi.tyranny import OrderInPlay

    state = in_actions()
    order = state.orders[2]
    state.in_play.append(OrderInPlay(order, 1))
    me = state.players[state.player]
    flag = state.track.flag
    for n in range(6):
        me.resources = Counter(infamy=n)
        for kind, amount in order.dissent_cost.items:
            me.resources[kind] += int(amount)
        state.apply_action(Dissent(1, order.number))
        assert me.resources["infamy"] == n + 1
    assert state.in_play == [] and state.track.flag == flag + 1


def test_an_order_makes_entering_its_zone_cost_a_voter() -> None:
    from rules_engine.azadi.tyranny import OrderInPlay

    state = in_actions()
    state.in_play.append(OrderInPlay(state.orders[1], 2))   # discard 1 own voter to enter
    me = state.players[state.player]
    me.to_place = 2
    assert Place(2) not in state.legal_actions()            # no voter to discard yet
    state.board.add_voter(0, state.player, state.track)
    state.apply_action(Place(2))
    assert state.board.zones[0].count(state.player) == 0     # paid with that voter
    state.apply_action(Place(2))                             # paid once for the turn
    assert state.board.zones[2].count(state.player) == 2


def test_monument_contributions_and_the_foundation_vote() -> None:
    from rules_engine.azadi.engine import Contribute

    state = in_actions(3)
    me = state.players[state.player]
    costs = state.tracker_costs
    me.resources["legacy"] = costs[0] + costs[1]
    state.apply_action(Contribute())
    state.apply_action(Contribute())
    assert state.contributions == [state.player, state.player]
    assert me.resources["legacy"] == 0 and Contribute() not in state.legal_actions()
    # the vote: contributions weigh; a tie goes to the player who contributed last
    state.foundation = state.content.foundation_cards[0]
    state.contributions = [0, 1]
    state.voting, state.votes = [0, 1, 2], {}
    state.return_to, state.return_phase, state.phase, state.player = 0, "actions", "vote", 0
    for side in (0, 1, 0):
        state.apply_action(Vote(side))
    assert state.foundation_side == 1        # 1 vote each; player 2 (index 1) marked last


def test_greedy_bots_play_legal_games() -> None:
    from rules_engine.azadi.bots import GreedyBot

    game = AzadiGame(content(), 4, "easy")
    resolved = 0
    for seed in range(30):
        state = game.new_initial_state(seed)
        bots = [GreedyBot(seed * 10 + i) for i in range(4)]
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(state.sample_chance() if player == CHANCE
                               else bots[player].choose(state))
            invariants(state)
        resolved += len(state.resolved)
    assert resolved > 0          # greedy play completes Tyranny cards


def test_mandates_change_the_voter_cards() -> None:
    assert len(seat("divide-and-rule").slots) == 2                  # one slot closed
    patrimonial = seat("patrimonialism")
    assert patrimonial.voter_deck.total() == 8                      # only 8 cards in use
    state = seat("state-of-emergency")
    card = next(c for c in content().voter_cards if c.voters == 3)
    assert influence.votes_of(state, card.id) == 1                             # every card: 1 vote
    assert law.modified(seat("feudal-law"), "voter_card_cost", 0) == 1


def test_unlawful_assembly_forbids_coalitions() -> None:
    from rules_engine.azadi.engine import Coalition

    state = seat("unlawful-assembly")
    while state.phase != "actions" or state.current_player() == CHANCE:
        player = state.current_player()
        state.apply_action(state.sample_chance() if player == CHANCE
                           else state.legal_actions()[0])
    for _ in range(5):
        state.board.add_voter(1, 0, state.track)
    for _ in range(2):
        state.board.add_voter(1, 1, state.track)
    for player in state.players[:2]:          # each has an Ideology card to exchange
        player.levels["idealist"] = max(player.levels["idealist"], 1)
    state.player = 0
    state.edited()
    assert not [a for a in state.legal_actions() if isinstance(a, Coalition)]


def test_tax_without_representation_discards_at_the_end_of_the_turn() -> None:
    state = seat("tax-without-representation")
    while state.phase != "actions" or state.current_player() == CHANCE:
        player = state.current_player()
        state.apply_action(state.sample_chance() if player == CHANCE
                           else state.legal_actions()[0])
    me = state.players[state.player]
    me.resources["funds"] = 5
    state.apply_action(EndTurn())
    assert me.resources["funds"] == 0


def test_overturning_the_mandate_flips_it() -> None:
    from rules_engine.azadi.engine import DissentMandate

    state = seat("the-path-of-oneness")
    while state.phase != "actions" or state.current_player() == CHANCE:
        player = state.current_player()
        state.apply_action(state.sample_chance() if player == CHANCE
                           else state.legal_actions()[0])
    me = state.players[state.player]
    flag = state.track.flag
    for n in range(6):
        me.resources = Counter(funds=3, infamy=n)
        state.apply_action(DissentMandate())
    assert state.mandate_flipped and state.track.flag == flag + 1
    assert state.track.events[-1] == ("mandate_overturned", 1)


@pytest.mark.parametrize("mandate", ["tax-without-representation", "divide-and-rule",
                                     "patrimonialism", "state-of-emergency",
                                     "the-path-of-oneness", "feudal-law", "divine-right",
                                     "unlawful-assembly"])
def test_seat_of_power_random_play(mandate: str) -> None:
    game = AzadiGame(content(), 4, seat_of_power=True, mandate=mandate)
    for seed in range(15):
        state = game.new_initial_state(seed)
        bots = [RandomBot(seed * 10 + i) for i in range(4)]
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(state.sample_chance() if player == CHANCE
                               else bots[player].choose(state))
            invariants(state)


def test_every_power_in_the_content_can_be_run() -> None:
    from rules_engine.azadi import interpreter
    from rules_engine.core.effects import Ability

    model = content()
    groups = [c.effects for c in model.resistance_cards] + \
        [p.effects for p in model.maidaan_powers] + \
        [p.effects for i in model.ideologues for p in i.powers] + \
        [ch.while_active for c in model.campaigns for t in c.tyranny_cards for ch in t.choices] + \
        [m.imperial for m in model.mandates] + [m.rebel for m in model.mandates] + \
        [m.power for m in model.monuments] + [m.two_player_power for m in model.monuments]
    for effects in groups:
        for effect in effects:
            if isinstance(effect, Ability):
                assert interpreter.supported(effect), effect


def test_a_listener_chain_is_bounded() -> None:
    from rules_engine.azadi.engine import LISTENER_DEPTH
    from rules_engine.azadi.tyranny import Event

    state = in_actions()
    state.listening = LISTENER_DEPTH          # as deep as a chain of triggers may go
    powers.hear(state, Event("voter_placed", state.player, state.player))
    assert state.trigger_loops == [(state.turn, "voter_placed")]
    assert state.listening == LISTENER_DEPTH


def test_listening_powers_fire_on_their_event() -> None:
    from rules_engine.azadi.tyranny import ActiveTyranny
    from rules_engine.core.effects import Listener

    card, choice = next((t, ch) for c in content().campaigns for t in c.tyranny_cards
                        for ch in t.choices if any(
                            isinstance(getattr(e, "when", None), Listener)
                            and e.when.event == "dissent_committed" for e in ch.while_active))
    state = in_actions()
    state.tyranny = ActiveTyranny(card)
    from rules_engine.azadi.tyranny import Event

    state.uses.clear()
    events.emit(state, Event("dissent_committed", state.player))
    assert any(source.startswith("tyranny:") for source, _ in state.uses), choice.title


def test_imperial_voters_added_by_a_power_count_for_a_task() -> None:
    """'Recruit for Self-Rule' (SAJ card 7) counts Imperial voters that players add
    with its own power; those added when a Tyranny card is triggered do not count."""
    from rules_engine.azadi.simulation import setup

    game, bots, _ = setup(0, content(), ("greedy",) * 4,
                          campaign="south-asian-independence-1947",
                          first_tyranny="saj-tyranny-07", only_choice=1)
    state = play_out(game.new_initial_state(0), bots)
    added = [e for e in state.events if e.name == "imperial_voter_added"]
    assert added and all(e.by >= 0 for e in added)
    assert state.task_best[("saj-tyranny-07", 1)] > 0


def play_to_end_of_turn(state: AzadiState) -> None:
    """Through chance, an answer and any discards to the actions, then end the turn."""
    _to_actions(state).apply_action(EndTurn())


def test_a_full_map_after_azadi_gives_each_player_one_final_turn() -> None:
    state, last = after_azadi_with_one_area_left(3)
    filler = state.player
    state.players[filler].to_place = 1
    state.apply_action(Place(last))
    assert state.final_turns == 3 and not state.finished
    state.apply_action(EndTurn())                       # the filler's turn was the first
    for turn in (1, 2):
        assert not state.finished and state.player == (filler + turn) % 3
        play_to_end_of_turn(state)
    assert state.finished and state.end_reason == "the final round after the map filled"
    assert state.log[-1] == f"P{(filler + 2) % 3 + 1} ends the turn"


def test_the_game_ends_at_once_when_every_zone_holds_a_majority() -> None:
    state, last = after_azadi_with_one_area_left(3)
    me = state.player
    for zone in state.board.zones[1:-1]:
        zone.holder, zone.split = (IMPERIAL,), (zone.majority,)
    zone = state.board.zones[last]
    zone.voters = Counter({me: zone.majority - 1 - zone.volatile_voters[me],
                           (me + 1) % 3: zone.areas - zone.volatile - zone.majority})
    state.players[me].to_place = 1
    state.apply_action(Place(last))                     # the last majority forms
    assert zone.holder == (me,)
    assert state.finished and state.end_reason == "all majorities formed"
    assert state.final_turns is None


def test_a_redraw_when_the_fuse_is_next_brings_it_up() -> None:
    """Every draw reaches the Fuse, a redraw included: with the Fuse next in the
    box, refusing the card brings it up and the game ends, everyone losing."""
    state = until_player(at_parley(4))
    state.apply_action(EndParley())
    state = until_player(state)
    state.drawn = state.fuse                    # the card in hand was the last before it
    state.players[state.player].resources.update(funds=4)
    state.apply_action(Redraw())
    assert state.finished and state.end_reason == "the Fuse"
    assert state.drawn == state.fuse and state.returns() == [0.0] * 4


def test_an_extra_ideology_card_past_the_fuse_ends_the_game() -> None:
    state = in_actions()
    state.drawn = state.fuse
    state.players[state.player].resources["infamy"] = 12
    state.apply_action(UsePower("maidaan:maidaan-extra-ideology"))
    assert state.finished and state.end_reason == "the Fuse"
    assert state.drawn == state.fuse


def test_evicted_voters_not_placed_back_on_their_turn_are_discarded() -> None:
    state = in_actions()
    me = state.players[state.player]
    me.mat_voters = 2                           # evicted before this turn
    assert any(isinstance(a, Place) for a in state.legal_actions())
    state.apply_action(Place(0))                # one goes back, one is left
    assert me.mat_voters == 1
    state.apply_action(EndTurn())
    assert me.mat_voters == 0


def test_an_order_over_a_resistance_card_blocks_it_until_overturned() -> None:
    state = in_actions()
    zones = range(len(state.board.zones))
    state.resistance = {i: 1 for i in zones}    # no zone free of a Resistance card
    state.players[state.player].levels[state.resistance_cards[1].ideologue] = 3
    state.tyranny = None
    tyranny_cards.trigger(state)
    assert state.decisions and decisions.options(state) == [PlaceOrder(i) for i in zones]
    decide(state, PlaceOrder(1))                # over a Resistance card, as allowed
    placed = state.in_play[-1]
    assert state.resistance.get(placed.zone) == 1      # covered, not removed
    source = f"resistance:{placed.zone}"
    assert source not in {s for s, _, _ in powers.sources(state)}
    state.in_play.remove(placed)                       # the Order is overturned
    assert source in {s for s, _, _ in powers.sources(state)}


def test_a_resistance_card_is_placed_when_no_zone_is_left_to_open() -> None:
    state = in_actions()
    state.spare_zones = []
    card = state.tyranny_deck[-1]
    tyranny_cards.trigger(state)
    assert state.tyranny is not None
    decide(state, PlaceOrder(0))
    state.tyranny.progress[0] = card.choices[0].times
    tyranny_cards.resolve(state, 0)
    decisions.settle(state)                   # no zone left to open: no size to choose
    free = [PlaceResistance(i) for i in range(1, len(state.board.zones))]
    assert decisions.options(state) == free   # any zone without an Order
    decide(state, PlaceResistance(2))
    assert state.resistance == {2: card.choices[0].resistance}


def test_a_coalition_exchanges_ideology_cards_of_the_most_held_ideologue() -> None:
    state = in_actions(players=3)
    me, partner = state.player, (state.player + 1) % 3
    mine, theirs = state.players[me], state.players[partner]
    mine.levels.clear()
    theirs.levels.clear()
    mine.levels.update(capitalist=3, idealist=1)
    theirs.levels.update(supremo=2, showstopper=2)  # a tie: the Showstopper comes first
    zone = state.board.zones[1]
    zone.voters.clear()
    for owner, n in ((me, 4), (partner, 3)):
        for _ in range(n):
            state.board.add_voter(1, owner, state.track)
    column = list(state.attacks["showstopper"])
    state.edited()
    assert Coalition(1, partner, 4) in state.legal_actions()
    state.apply_action(Coalition(1, partner, 4))
    state.apply_action(JoinCoalition(True))
    assert zone.holder == (me, partner)
    assert +mine.levels == Counter(capitalist=2, idealist=1, showstopper=1)
    assert +theirs.levels == Counter(capitalist=1, supremo=2, showstopper=1)
    assert state.attacks["showstopper"] == column   # nobody reached level 3 or 5


def test_a_coalition_card_that_reaches_level_3_advances_the_attack() -> None:
    state = in_actions(players=3)
    me, partner = state.player, (state.player + 1) % 3
    state.players[me].levels.clear()
    state.players[partner].levels.clear()
    state.players[me].levels.update(capitalist=4, idealist=2)
    state.players[partner].levels.update(idealist=3)
    for owner, n in ((me, 4), (partner, 3)):
        for _ in range(n):
            state.board.add_voter(1, owner, state.track)
    column = list(state.attacks["idealist"])
    state.apply_action(Coalition(1, partner, 4))
    state.apply_action(JoinCoalition(True))
    assert state.players[me].levels["idealist"] == 3
    assert state.attacks["idealist"] == column[1:]


def test_no_coalition_without_an_ideology_card_to_give() -> None:
    state = in_actions(players=3)
    me, partner = state.player, (state.player + 1) % 3
    state.players[me].levels.clear()
    for owner, n in ((me, 4), (partner, 3)):
        for _ in range(n):
            state.board.add_voter(1, owner, state.track)
    state.edited()
    assert not any(isinstance(a, Coalition) for a in state.legal_actions())


def _influence_card(state: AzadiState, voters: int) -> None:
    """Influence an open Voter Card showing ``voters`` voters, paid for by the test."""
    from rules_engine.azadi.engine import Influence

    card = next(c for c in content().voter_cards if c.voters == voters)
    state.slots[0] = card.id
    me = state.players[state.player]
    me.resources.clear()
    for kind, n in card.cost.items:
        me.resources[kind] += int(n)
    state.apply_action(Influence(0))
    while state.current_player() == CHANCE:       # the slot is refilled
        state.apply_action(state.sample_chance())


def places(state: AzadiState) -> set[int]:
    return {a.zone for a in state.legal_actions() if isinstance(a, Place)}


def test_all_voters_of_one_voter_card_go_into_one_zone() -> None:
    state = in_actions()
    _influence_card(state, 3)
    me = state.players[state.player]
    assert me.to_place == 3 and len(places(state)) > 1
    state.apply_action(Place(2))
    assert places(state) == {2}                    # the card's other voters follow it
    state.apply_action(Place(2))
    state.apply_action(Place(2))
    assert me.to_place == 0 and not places(state)
    _influence_card(state, 2)                      # a new card may go anywhere
    assert len(places(state)) > 1


def test_an_evicted_voter_may_go_elsewhere_while_a_card_is_placed() -> None:
    state = in_actions()
    _influence_card(state, 2)
    me = state.players[state.player]
    state.apply_action(Place(1))
    me.mat_voters = 1
    assert len(places(state)) > 1
    state.apply_action(Place(2))                   # the evicted voter goes back
    assert (me.mat_voters, me.to_place, places(state)) == (0, 1, {1})


def test_a_card_whose_zone_fills_up_loses_its_other_voters() -> None:
    state = in_actions()
    _influence_card(state, 3)
    _influence_card(state, 2)
    me = state.players[state.player]
    zone = state.board.zones[2]
    state.apply_action(Place(2))
    while zone.free_ordinary() > 0:                # the zone fills up
        state.board.add_voter(2, IMPERIAL, state.track)
    zone.volatile_voters[(state.player + 1) % 3] += zone.free_volatile()
    assert 2 not in places(state) and len(places(state)) > 1
    state.apply_action(Place(1))                   # the second card begins: 2 lost
    assert me.to_place == 1 and places(state) == {1}


def test_a_partner_withdraws_from_a_coalition_on_their_turn() -> None:
    from rules_engine.azadi.engine import Withdraw

    state = in_actions(players=3)
    me, partner = state.player, (state.player + 1) % 3
    for player in (me, partner):
        state.players[player].levels["idealist"] += 1
    for owner, n in ((me, 4), (partner, 3)):
        for _ in range(n):
            state.board.add_voter(1, owner, state.track)
    state.apply_action(Coalition(1, partner, 4))
    state.apply_action(JoinCoalition(True))
    flag = state.track.flag
    assert Withdraw(1) in state.legal_actions()
    state.apply_action(Withdraw(1))
    assert state.board.zones[1].holder == () and state.track.flag == flag - 1
    assert ("majority_broken", me) in [(e.name, e.owner) for e in state.events[-3:]]
    assert Withdraw(1) not in state.legal_actions()


# -- ruling R35: a changed majority requirement ---------------------------------------




def _lay_martial_law(state: AzadiState) -> int:
    """Trigger a Tyranny card whose Order is Martial Law (no Imperial voters added);
    it goes into the capital. Returns the Flag's change."""
    from dataclasses import replace

    martial = next(o for o in state.orders.values() if o.title == "Martial Law")
    card = replace(state.tyranny_deck[-1], order=martial.number, imperial_voters_per_zone=0)
    state.tyranny_deck = [card]
    flag = state.track.flag
    tyranny_cards.trigger(state)
    decide(state, PlaceOrder(0))
    assert [p.order.title for p in state.in_play] == ["Martial Law"]
    assert state.in_play[0].zone == 0
    return state.track.flag - flag


def test_martial_law_breaks_a_majority_short_of_the_new_count() -> None:
    state = cleared()
    capital = state.board.zones[0]
    for _ in range(capital.majority):                  # exactly the printed 8
        state.board.add_voter(0, 1, state.track)
    assert capital.holder == (1,)
    assert _lay_martial_law(state) == -1               # a Rebel majority broken
    assert (capital.majority, capital.holder, capital.split) == (9, (), ())
    assert any(e.name == "majority_broken" for e in state.events)
    assert violations(state) == []


def test_martial_law_raises_the_split_of_a_majority_that_still_reaches_it() -> None:
    state = cleared()
    capital = state.board.zones[0]
    for _ in range(capital.majority + 1):
        state.board.add_voter(0, 1, state.track)
    assert capital.split == (8,)
    assert _lay_martial_law(state) == 0
    assert (capital.majority, capital.holder, capital.split) == (9, (1,), (9,))
    assert state.board.majority_voters(1) == 9 and violations(state) == []
    # overturning it returns the count: the split shrinks back
    state.in_play[0].infamy = 1
    state.dissent_against(0, free=True)
    assert state.in_play == []
    assert (capital.majority, capital.holder, capital.split) == (8, (1,), (8,))
    assert violations(state) == []


def test_martial_law_in_a_coalition_goes_to_the_partner_with_more_voters() -> None:
    state = cleared()
    capital, board = state.board.zones[0], state.board
    for owner in (0, 0, 0, 0, 0, 1, 1, 1, 1):          # 5 and 4 voters
        board.add_voter(0, owner, state.track)
    board.form_coalition(0, 1, 0, (4, 4), state.track)
    assert _lay_martial_law(state) == 0
    assert (capital.majority, capital.holder, capital.split) == (9, (1, 0), (4, 5))
    state.in_play[0].infamy = 1
    state.dissent_against(0, free=True)
    assert (capital.majority, capital.holder, capital.split) == (8, (1, 0), (4, 4))
    assert violations(state) == []


def test_overturning_martial_law_lets_a_majority_form_at_the_printed_count() -> None:
    state = cleared()
    capital = state.board.zones[0]
    _lay_martial_law(state)
    for _ in range(8):                                 # 8 of the 9 now needed
        state.board.add_voter(0, 2, state.track)
    assert capital.holder == ()
    flag = state.track.flag
    state.in_play[0].infamy = 1
    state.dissent_against(0, free=True)
    events.majority_events(state)
    assert (capital.majority, capital.holder, capital.split) == (8, (2,), (8,))
    assert state.track.flag == flag + 2                # Order overturned, majority formed
    assert any(e.name == "majority_formed" for e in state.events)


def test_guardian_republic_needs_one_more_voter_in_every_zone() -> None:
    state = cleared()
    board = state.board
    for _ in range(board.zones[1].majority):           # exactly 7 in zone 1: breaks
        board.add_voter(1, 0, state.track)
    for _ in range(board.zones[2].majority + 1):       # 8 in zone 2: stands
        board.add_voter(2, 1, state.track)
    printed = [z.majority for z in board.zones]
    card, side = next((f, n) for f in state.content.foundation_cards
                      for n, s in enumerate(f.sides) if s.title == "Guardian Republic")
    state.foundation, state.contributions = card, [0]
    state.voting, state.votes = [0, 1, 2], {}
    state.return_to, state.return_phase, state.phase, state.player = 0, "actions", "vote", 0
    flag = state.track.flag
    for _ in range(3):
        state.apply_action(Vote(side))
    assert state.foundation_side == side
    assert [z.majority for z in board.zones] == [m + 1 for m in printed]
    assert board.zones[1].holder == () and state.track.flag == flag - 1
    assert (board.zones[2].holder, board.zones[2].split) == ((1,), (8,))
    index = state.open_zone()                          # opened later: the soul reaches it
    assert index is not None
    opened = board.zones[index]
    assert opened.majority == opened.printed_majority + 1
    assert violations(state) == []


# -- rulings R37, R50: an evicted Imperial voter goes onto the mat its evictor picks ----


def _to_actions(state: AzadiState) -> AzadiState:
    """Play the current turn up to its actions (chance, the first answer, discards)."""
    while state.phase != "actions" or state.current_player() == CHANCE:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
        elif state.phase == "answer":
            state.apply_action(Answer(0))
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def test_an_evicted_imperial_voter_goes_onto_the_mat_the_evicting_player_picks() -> None:
    from rules_engine.azadi.engine import PlaceImperial, SendImperial

    state = cleared(3)
    me = state.player
    nxt = (me + 1) % 3
    state.board.zones[1].voters[IMPERIAL] = 3
    state.players[me].levels["capitalist"] = 5          # Hostile Takeover: evict a voter
    state.apply_action(UsePower("ideologue:capitalist:5", 0, "imperial"))
    assert state.board.zones[1].voters[IMPERIAL] == 2
    assert (state.phase, state.current_player()) == ("choice", me)
    assert state.legal_actions() == [SendImperial(p) for p in range(3)]   # any player's
    state.apply_action(SendImperial(nxt))
    assert state.log[-1] == f"P{me + 1} puts the evicted Imperial voter on P{nxt + 1}'s mat"
    assert [p.mat_imperial for p in state.players] == [int(p == nxt) for p in range(3)]
    assert [p.mat_voters for p in state.players] == [0, 0, 0]
    assert not any(isinstance(a, PlaceImperial) for a in state.legal_actions())  # not mine
    invariants(state)
    state.apply_action(EndTurn())                       # it waits for its new owner's turn
    assert state.players[nxt].mat_imperial == 1
    _to_actions(state)
    assert state.player == nxt and state.players[nxt].mat_imperial == 1
    assert any(isinstance(a, PlaceImperial) for a in state.legal_actions())
    invariants(state)
    state.apply_action(EndTurn())                       # not placed back: discarded
    assert [p.mat_imperial for p in state.players] == [0, 0, 0]
    invariants(state)


def test_a_game_ended_by_the_turn_limit_is_not_over_the_cap() -> None:
    """The turn limit ends the game as the next turn would start, before its player
    discards down to the cap (what they received in others' turns may be over it):
    no player acts again, so nobody holds more than the cap."""
    state = in_actions()
    state.config = dataclasses.replace(state.config, max_turns=state.turn)
    nxt = state.players[(state.player + 1) % len(state.players)]
    nxt.resources = Counter(funds=state.resource_cap() + 2)    # given in this turn
    state.apply_action(EndTurn())
    assert state.finished and state.end_reason == "turn limit"
    assert violations(state) == []


def test_an_evicted_imperial_voter_counts_toward_the_cap() -> None:
    state = in_actions()
    me = state.players[state.player]
    me.resources = Counter(funds=state.resource_cap())
    turns.after_cap(state)
    assert state.phase == "actions"
    me.mat_imperial = 1
    assert violations(state) == [f"player {state.player + 1} holds more than the cap"]
    turns.after_cap(state)
    assert state.phase == "cap"
    state.apply_action(Discard("funds"))                 # discarded down to the cap
    assert state.phase == "actions" and me.resources["funds"] == state.resource_cap() - 1
    invariants(state)
    me.mat_imperial = state.resource_cap() + 1            # the voters alone are over it
    me.resources = Counter(funds=1)
    turns.after_cap(state)
    while state.phase == "cap":                           # every resource goes, then play on
        state.apply_action(Discard("funds"))
    assert +me.resources == Counter() and state.phase == "actions"
    assert EndTurn() in state.legal_actions()
    invariants(state)


def test_an_evicted_imperial_voter_goes_back_in_a_free_ordinary_area_only() -> None:
    from rules_engine.azadi.engine import PlaceImperial
    from rules_engine.azadi.tyranny import OrderInPlay

    state = cleared(3)
    me = state.players[state.player]
    other = (state.player + 1) % 3
    board = state.board
    full = board.zones[1]
    full.voters[other] = full.areas - full.volatile - 1
    full.voters[IMPERIAL] = 1                          # only volatile areas left here
    state.in_play.append(OrderInPlay(state.orders[1], 2))   # Orders spare Imperials
    me.mat_imperial = 1
    me.resources = Counter()
    imperial = [a for a in state.legal_actions() if isinstance(a, PlaceImperial)]
    assert imperial == [PlaceImperial(i) for i in range(len(board.zones)) if i != 1]
    assert not any(isinstance(a, Place) for a in state.legal_actions())
    since, before = len(state.events), board.zones[2].voters[IMPERIAL]
    state.apply_action(PlaceImperial(2))
    assert board.zones[2].voters[IMPERIAL] == before + 1 and me.mat_imperial == 0
    assert state.log[-1] == f"P{state.player + 1} places an evicted Imperial voter back in zone 2"
    assert state.events[since:] == []                  # not a move, not a placed voter
    assert state.tyranny is None and state.paid_entry == set()
    assert not any(isinstance(a, PlaceImperial) for a in state.legal_actions())
    invariants(state)


def test_evicted_imperial_voters_on_the_mats_go_at_the_transfer_of_power() -> None:
    state = in_actions()
    for player in state.players:
        player.mat_imperial = 1
    state.track.flag = state.track.fort
    scoring.check_azadi(state)
    assert state.azadi and [p.mat_imperial for p in state.players] == [0, 0, 0]


def test_the_greedy_bot_puts_an_imperial_voter_back_only_to_free_its_cap() -> None:
    from rules_engine.azadi.bots import GreedyBot
    from rules_engine.azadi.engine import PlaceImperial

    state = cleared(3)
    me = state.players[state.player]
    me.mat_imperial, me.resources = 1, Counter(funds=2)
    bot = GreedyBot(0)
    assert not isinstance(bot.choose(state), PlaceImperial)   # left to be discarded
    me.resources = Counter(funds=state.resource_cap() - 1)     # the voter fills the mat
    for _ in range(state.board.zones[2].majority):             # a Rebel majority in zone 2
        state.board.add_voter(2, (state.player + 1) % 3, state.track)
    state.board.zones[1].voters[IMPERIAL] = 5                  # near an Imperial majority
    state.edited()
    assert bot.choose(state) == PlaceImperial(2)


def test_a_zone_filter_counts_only_events_in_that_zone() -> None:
    """Tasks such as "place voters in the capital" and listeners such as Wall Posters
    ("a voter placed in this zone") count only events naming that zone."""
    from rules_engine.azadi.tyranny import ActiveTyranny, Event, matches

    own_in_capital = {"whose": "own", "zone": "capital"}
    placed = [Event("voter_placed", 1, 1, facts=(("zone", z),)) for z in range(3)]
    assert [matches(e, "voter_placed", own_in_capital) for e in placed] == [True, False, False]
    assert not matches(Event("voter_placed", 1, 1), "voter_placed", own_in_capital)
    here = {"whose": "own", "zone": "this_zone"}
    assert [matches(e, "voter_placed", here, this_zone=2) for e in placed] == \
        [False, False, True]
    assert not matches(placed[2], "voter_placed", here)      # no zone given: no match

    cards = [(card, n) for campaign in content().campaigns for card in campaign.tyranny_cards
             for n, choice in enumerate(card.choices)
             if choice.task.event == "voter_placed"
             and choice.task.where.to_dict().get("zone") == "capital"]
    assert cards
    card, n = cards[0]
    active = ActiveTyranny(card)
    assert active.record(placed[1]) == [] and active.progress[n] == 0
    assert active.record(placed[0]) == [(n, 1)] and active.progress[n] == 1


def test_voter_events_name_their_zone() -> None:
    state = AzadiGame(content(), 4).new_initial_state(5)
    play_out(state, [RandomBot(i) for i in range(4)])
    zones = range(len(state.board.zones))
    events = [e for e in state.events if e.name in (
        "voter_placed", "voter_evicted", "voter_discarded", "voter_converted", "voter_moved")]
    assert {e.name for e in events} >= {"voter_placed"}
    assert all(e.fact("zone") in zones for e in events)
    placed = [a.zone for a in state.history if isinstance(a, Place)]
    assert [e.fact("zone") for e in state.events if e.name == "voter_placed"][:len(placed)] \
        == placed


def test_a_timed_power_keeps_its_printed_limits() -> None:
    """A start- or end-of-turn ability printed "once a game" runs once a game for each
    player (ruling R71): the engine plays what the card says."""
    from rules_engine.core.effects import freeze

    state = seat("tax-without-representation")
    while state.phase != "actions" or state.current_player() == CHANCE:
        player = state.current_player()
        state.apply_action(state.sample_chance() if player == CHANCE
                           else state.legal_actions()[0])
    assert state.mandate is not None
    tax = state.mandate.imperial[0]
    once = dataclasses.replace(tax, limit=freeze({"per_game": 1}))
    state.mandate = dataclasses.replace(state.mandate, imperial=(once,))
    me = state.players[state.player]
    me.resources["funds"] = 5
    powers.timed(state, "end_of_turn")
    assert me.resources["funds"] == 0
    me.resources["funds"] = 5
    state.uses = Counter()                  # a new turn: the game's one use is spent
    powers.timed(state, "end_of_turn")
    assert me.resources["funds"] == 5
    state.player = (state.player + 1) % len(state.players)   # each player's own once
    other = state.players[state.player]
    other.resources["funds"] = 4
    powers.timed(state, "end_of_turn")
    assert other.resources["funds"] == 0


def test_a_price_of_two_own_voters_needs_two_spare_voters() -> None:
    from rules_engine.azadi import payments
    from rules_engine.core.effects import freeze

    state = in_actions()
    me = state.player
    for zone in state.board.zones:
        zone.voters.pop(me, None)
    state.board.add_voter(0, me, state.track)
    two, one = freeze({"discard_own_voters": 2}), freeze({"evict_own_voters": 1})
    assert payments.can_pay(state, one) and not payments.can_pay(state, two)
    state.board.add_voter(1, me, state.track)
    assert payments.can_pay(state, two)
