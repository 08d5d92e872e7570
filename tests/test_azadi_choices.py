"""Every player choice is a player's (ruling R50): the decisions the rulebook leaves to
a player are legal actions of that player, each option with its own outcome; random
play through them keeps every invariant and replays the same; the bots take them by
their policy (rules_engine/azadi/choice_policy.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules_engine.azadi import decisions, tyranny_cards
from rules_engine.azadi.board import IMPERIAL
from rules_engine.azadi.bots import CooperativeBot, GreedyBot
from rules_engine.azadi.engine import (
    AzadiGame,
    AzadiState,
    CashLegacy,
    Coalition,
    EndParley,
    JoinCoalition,
    OpenZone,
    Place,
    PlaceCrown,
    PlaceOrder,
    PlaceResistance,
    SendImperial,
    Take,
    UsePower,
)
from rules_engine.azadi.invariants import violations
from rules_engine.azadi.model import IDEOLOGUES
from rules_engine.azadi.tyranny import ActiveTyranny
from rules_engine.core.game import CHANCE, RandomBot
from tests.azadi_helpers import cleared, content, invariants, until_player


def _after_setup(players: int = 3, seed: int = 4) -> AzadiState:
    state = AzadiGame(content(), players).new_initial_state(seed)
    until_player(state)
    while state.phase == "setup":
        state.apply_action(Take("funds"))
    return state


# -- 1. the Crown's first column ----------------------------------------------------------

def test_the_first_player_puts_the_crown_on_any_column_and_its_attack_strikes() -> None:
    state = _after_setup()
    assert (state.phase, state.current_player(), state.crown) == ("choice", 0, -1)
    assert state.legal_actions() == [PlaceCrown(c) for c in range(4)]
    for column, ideologue in enumerate(IDEOLOGUES):
        trial = state.clone()
        trial.apply_action(PlaceCrown(column))
        assert (trial.phase, trial.crown) == ("parley", column)
        assert trial.log[-1] == f"P1 puts the Crown on the {ideologue} column"
        trial.apply_action(EndParley())
        title = trial.attacks[ideologue][0].title
        assert f"the Crown's {ideologue} attack {title!r}" in trial.log[-1]


# -- 2. the Imperial Order's zone ---------------------------------------------------------

def test_the_player_who_triggers_a_tyranny_card_lays_its_order_in_a_zone_of_their_choice(
) -> None:
    state = cleared()
    state.resistance = {1: 5}                     # a zone with a card is not free
    me = state.players[state.player]
    me.to_place = 1
    state.edited()
    state.apply_action(Place(2, True))
    assert state.tyranny is not None and (state.phase, state.current_player()) == \
        ("choice", state.player)
    zones = len(state.board.zones)
    assert state.legal_actions() == [PlaceOrder(i) for i in range(zones) if i != 1]
    number = state.tyranny.card.order
    for zone in (0, 2, zones - 1):
        trial = state.clone()
        trial.apply_action(PlaceOrder(zone))
        assert [(p.order.number, p.zone, p.infamy) for p in trial.in_play] == \
            [(number, zone, 6)]
        assert trial.phase == "actions"


def test_with_no_free_zone_an_order_goes_over_a_resistance_card_then_anywhere() -> None:
    from rules_engine.azadi.tyranny import OrderInPlay

    state = cleared()
    zones = len(state.board.zones)
    state.resistance = {i: 5 for i in range(1, zones)}
    state.in_play = [OrderInPlay(state.orders[1], 0), OrderInPlay(state.orders[2], 1)]
    tyranny_cards.trigger(state)
    decisions.settle(state)                       # the one card not under an Order yet:
    assert state.in_play[-1].zone == 2 and state.resistance[2] == 5   # no choice left
    assert not state.decisions
    state.tyranny = None
    tyranny_cards.trigger(state)
    decisions.settle(state)
    assert decisions.options(state) == [PlaceOrder(i) for i in range(zones)]


# -- 3 and 4. a new zone's size, and the Resistance card's zone ---------------------------

def _complete_a_card(state: AzadiState) -> int:
    """Complete a Tyranny card (a task of discarding one's own voters) through play;
    returns the Resistance number won."""
    card = next(c for t in content().campaigns for c in t.tyranny_cards
                if c.choices[0].task.event == "voter_discarded"
                and c.choices[0].task.where.to_dict() == {"whose": "own"})
    state.tyranny = ActiveTyranny(card)
    for _ in range(card.choices[0].times):
        state.board.add_voter(0, state.player, state.track)
    state.edited()
    from rules_engine.azadi.engine import DiscardOwn
    for _ in range(card.choices[0].times):
        state.apply_action(DiscardOwn(0))
    return card.choices[0].resistance


def test_the_player_who_completes_a_card_picks_the_new_zones_size_and_the_cards_zone(
) -> None:
    state = cleared()
    before = len(state.board.zones)
    number = _complete_a_card(state)
    assert state.current_player() == state.player
    assert state.legal_actions() == [OpenZone(17), OpenZone(21)]
    for areas, majority in ((17, 9), (21, 11)):
        trial = state.clone()
        trial.apply_action(OpenZone(areas))
        new = trial.board.zones[-1]
        assert (len(trial.board.zones), new.areas, new.majority) == (before + 1, areas,
                                                                     majority)
        assert trial.board.adjacent[before] == {before - 1, before - 2}
        assert trial.legal_actions() == [PlaceResistance(i) for i in range(before + 1)]
        for zone in (0, before):
            placed = trial.clone()
            placed.apply_action(PlaceResistance(zone))
            assert placed.resistance == {zone: number} and placed.phase == "actions"
            invariants(placed)


def test_with_one_size_left_the_zone_opens_without_asking() -> None:
    state = cleared()
    state.spare_zones = [z for z in state.spare_zones if z.areas == 21]
    before = len(state.board.zones)
    _complete_a_card(state)
    assert state.board.zones[-1].areas == 21 and len(state.board.zones) == before + 1
    assert "opens a new 11/21 zone" in state.log[-1]
    assert all(isinstance(a, PlaceResistance) for a in state.legal_actions())


# -- 5. the coalition's split, agreed by the partner --------------------------------------

def _coalition_ready() -> tuple[AzadiState, int]:
    state = cleared()
    me, partner = state.player, (state.player + 1) % 3
    for player in (me, partner):
        state.players[player].levels["idealist"] += 1
    for owner, n in ((me, 5), (partner, 4)):
        for _ in range(n):
            state.board.add_voter(1, owner, state.track)
    state.edited()
    return state, partner


def test_a_coalition_is_proposed_with_any_split_and_the_partner_agrees_to_it() -> None:
    state, partner = _coalition_ready()
    majority = state.board.zones[1].majority       # 7: the proposer keeps 3 to 5
    offered = [a for a in state.legal_actions() if isinstance(a, Coalition)]
    assert offered == [Coalition(1, partner, share) for share in (5, 4, 3)]
    for share in (5, 4, 3):
        trial = state.clone()
        trial.apply_action(Coalition(1, partner, share))
        assert (trial.phase, trial.current_player()) == ("choice", partner)
        assert trial.legal_actions() == [JoinCoalition(True), JoinCoalition(False)]
        trial.apply_action(JoinCoalition(True))
        zone = trial.board.zones[1]
        assert (zone.holder, zone.split) == ((state.player, partner), (share, majority - share))
        assert trial.current_player() == state.player and trial.phase == "actions"


def test_a_refused_coalition_is_not_formed_nor_offered_again_this_turn() -> None:
    from rules_engine.azadi.engine import EndTurn

    state, partner = _coalition_ready()
    flag = state.track.flag
    state.apply_action(Coalition(1, partner, 4))
    state.apply_action(JoinCoalition(False))
    assert state.board.zones[1].holder == () and state.track.flag == flag
    assert not any(isinstance(a, Coalition) for a in state.legal_actions())
    state.apply_action(EndTurn())
    assert state.refused == set()


# -- 6. the evicted Imperial voter's mat ---------------------------------------------------

def test_the_evicting_player_puts_an_evicted_imperial_voter_on_any_mat() -> None:
    state = cleared()
    me = state.player
    state.board.zones[1].voters[IMPERIAL] = 3
    state.players[me].levels["capitalist"] = 5          # Hostile Takeover: evict a voter
    state.edited()
    state.apply_action(UsePower("ideologue:capitalist:5", 0, "imperial"))
    assert state.legal_actions() == [SendImperial(p) for p in range(3)]
    for player in range(3):
        trial = state.clone()
        trial.apply_action(SendImperial(player))
        assert [p.mat_imperial for p in trial.players] == [int(p == player) for p in range(3)]
        invariants(trial)


# -- 7. the Maidaan's mix ------------------------------------------------------------------

@pytest.mark.parametrize(("index", "evicted", "moved"), [(0, 2, 0), (1, 0, 2), (2, 1, 1)])
def test_clear_the_streets_evicts_and_moves_in_the_mix_the_player_picks(
        index: int, evicted: int, moved: int) -> None:
    state = cleared()
    other = (state.player + 1) % 3
    for _ in range(3):
        state.board.add_voter(1, other, state.track)
    state.players[state.player].resources["infamy"] = 2
    state.edited()
    mixes = [a for a in state.legal_actions()
             if isinstance(a, UsePower) and a.source == "maidaan:maidaan-evict-or-move"]
    assert sorted({a.index for a in mixes}) == [0, 1, 2]
    since = len(state.events)
    state.apply_action(next(a for a in mixes if a.index == index and a.target == "opponent"))
    names = Counter(e.name for e in state.events[since:])
    assert (names["voter_evicted"], names["voter_moved"]) == (evicted, moved)
    assert state.players[other].mat_voters == evicted


# -- 8. the Legacy cash-in at the transfer of power ---------------------------------------

def _at_azadi_with_legacy() -> tuple[AzadiState, int]:
    state = cleared()
    me = state.players[state.player]
    other = (state.player + 1) % 3
    state.players[other].resources["legacy"] = 2
    me.resources["legacy"] = 0
    state.track.flag = state.track.fort - 1
    me.to_place = state.board.zones[0].majority
    state.edited()
    for _ in range(state.board.zones[0].majority):
        state.apply_action(Place(0))
    assert state.azadi
    state.apply_action(OpenZone(17))
    return state, other


def test_each_legacy_is_cashed_for_a_voter_where_its_owner_chooses_or_kept() -> None:
    state, other = _at_azadi_with_legacy()
    zones = len(state.board.zones)
    assert state.current_player() == other
    assert state.legal_actions() == [*(CashLegacy(i) for i in range(zones)),
                                     CashLegacy(-1)]
    trial = state.clone()
    trial.apply_action(CashLegacy(2))
    trial.apply_action(CashLegacy(zones - 1))
    assert [trial.board.zones[i].count(other) for i in (2, zones - 1)] == [1, 1]
    assert trial.players[other].resources["legacy"] == 0 and trial.phase == "vote"
    kept = state.clone()
    kept.apply_action(CashLegacy(3))
    kept.apply_action(CashLegacy(-1))
    assert kept.players[other].resources["legacy"] == 1 and kept.phase == "vote"
    assert kept.log[-1].startswith(f"P{other + 1} keeps 1 Legacy")


# -- the bots' policy ----------------------------------------------------------------------

def test_the_bots_cash_legacy_where_it_forms_a_majority() -> None:
    state, other = _at_azadi_with_legacy()
    for _ in range(7):
        state.board.add_voter(1, other, state.track)    # held already: most voters here
    for _ in range(6):
        state.board.add_voter(2, other, state.track)    # one short of a majority
    state.edited()
    assert state.board.zones[1].holder == (other,)
    assert GreedyBot(0).choose(state) == CashLegacy(2)


def test_the_bots_send_an_imperial_voter_to_the_mat_with_most_room() -> None:
    state = cleared()
    me = state.player
    state.board.zones[1].voters[IMPERIAL] = 3
    state.players[me].levels["capitalist"] = 5
    roomy = (me + 2) % 3
    for p, player in enumerate(state.players):
        player.resources = Counter(funds=2 if p == roomy else 6)
    state.edited()
    state.apply_action(UsePower("ideologue:capitalist:5", 0, "imperial"))
    assert CooperativeBot(0).choose(state) == SendImperial(roomy)


def test_the_bots_lay_an_order_in_the_first_zone_it_may_go() -> None:
    state = cleared()
    state.resistance = {0: 5}                     # the capital holds a Resistance card
    state.players[state.player].to_place = 1
    state.edited()
    state.apply_action(Place(2, True))
    assert GreedyBot(0).choose(state) == PlaceOrder(1)


def test_the_bots_put_the_crown_where_its_attack_hits_fewest() -> None:
    state = _after_setup()
    assert GreedyBot(0).choose(state) == PlaceCrown(0)      # nobody at level 2 yet
    state.players[1].levels["capitalist"] = 2
    state.edited()
    assert CooperativeBot(0).choose(state) == PlaceCrown(1)


# -- random play, invariants, determinism ------------------------------------------------

def _play(players: int, seed: int, bot: type = RandomBot, difficulty: str = "medium"
          ) -> tuple[AzadiState, Counter[str]]:
    state = AzadiGame(content(), players, difficulty).new_initial_state(seed)
    bots = [bot(seed * 10 + i) for i in range(players)]
    kinds: Counter[str] = Counter()
    while not state.is_terminal():
        player = state.current_player()
        deciding = state.phase == "choice"
        if deciding:
            kinds[state.decisions[0].kind] += 1
            assert player == state.decisions[0].decider
        state.apply_action(state.sample_chance() if player == CHANCE
                           else bots[player].choose(state))
        assert violations(state) == [], (seed, state.log[-1])
        if deciding:                 # the log says who decided, in words, not an action
            assert state.log[-1].startswith(f"P{player + 1} ") and \
                " decides " not in state.log[-1], state.log[-1]
    return state, kinds


def test_random_play_through_the_decisions_keeps_every_invariant() -> None:
    seen: Counter[str] = Counter()
    for seed in range(60):
        _, kinds = _play(2 + seed % 4, seed)
        seen += kinds
    assert {"crown", "order", "zone", "resistance", "imperial"} <= set(seen)
    assert seen["crown"] == 60


def test_cooperative_play_takes_every_kind_of_decision() -> None:
    seen: Counter[str] = Counter()
    for seed in range(40):
        state, kinds = _play(4, seed, CooperativeBot, "easy")
        seen += kinds
    assert set(seen) == {"crown", "order", "zone", "resistance", "imperial", "coalition",
                         "legacy"}


def test_the_same_seed_plays_the_same_game() -> None:
    first, _ = _play(4, 7)
    again, _ = _play(4, 7)
    assert first.log == again.log and first.history == again.history
