"""AZADI's rules, piece by piece: the rulebook's worked examples as exact tests, each
played through the engine (``AzadiGame(...).new_initial_state(seed)``, its legal
actions and ``apply_action``). A test that sets up a position by hand (voters on the
map, Ideology cards held) calls ``state.edited()`` before asking for the legal actions;
the rule the example shows is always run by an action."""

from __future__ import annotations

from collections import Counter

import pytest

from rules_engine.azadi.board import IMPERIAL, IllegalMove, Zone
from rules_engine.azadi.engine import (
    AzadiGame,
    AzadiState,
    Coalition,
    ConvertOwn,
    DiscardOwn,
    EndParley,
    Gerrymander,
    JoinCoalition,
    Parley,
    Place,
    Withdraw,
)
from rules_engine.core.game import IllegalAction
from tests.azadi_helpers import at_parley, content, in_actions, invariants

# Table 1 of the rulebook: azadi points needed (where the Fort stands), by players and
# difficulty
TABLE = {2: {"easy": 8, "medium": 9, "hard": 10}, 3: {"easy": 8, "medium": 10, "hard": 12},
         4: {"easy": 10, "medium": 11, "hard": 12}, 5: {"easy": 12, "medium": 13, "hard": 14}}


def parleys(state: AzadiState) -> list[Parley]:
    return [a for a in state.legal_actions() if isinstance(a, Parley)]


def test_zone_placement_rule() -> None:
    """The rulebook's 4-player layout: the capital, then three 7/13 zones, each beside
    the two laid before it; a zone touching only one other is not allowed."""
    state = AzadiGame(content(), 4).new_initial_state(1)
    board = state.board
    assert [(z.areas, z.majority, z.capital) for z in board.zones] == [
        (15, 8, True), (13, 7, False), (13, 7, False), (13, 7, False)]
    assert board.adjacent == {0: {1, 2}, 1: {0, 2, 3}, 2: {0, 1, 3}, 3: {1, 2}}
    assert not board.can_place({3}) and board.can_place({2, 3})
    with pytest.raises(IllegalMove, match="must touch at least two"):
        board.place(Zone("zone-17", 17, 9, 2), {3})
    assert len(board.zones) == 4


def test_setup_flag_and_fort_from_table_1() -> None:
    """The Rebel Flag starts on the number of players, the Fort on Table 1's value."""
    for players, row in TABLE.items():
        for difficulty, fort in row.items():
            state = AzadiGame(content(), players, difficulty).new_initial_state(1)
            assert (state.track.flag, state.track.fort) == (players, fort)
            assert state.track.events == []
    with pytest.raises(ValueError, match="AZADI is for 2 to 5 players"):
        AzadiGame(content(), 6).new_initial_state(1)


def test_parley_in_five_zones_gives_five_resources() -> None:
    """"If you add 1 Imperial voter to 5 zones, gain any 5 resources of your choice."""
    state = at_parley(5)
    assert len(state.board.zones) == 5
    me = state.players[state.player]
    before = Counter(me.resources)
    for zone, kind in enumerate(["funds", "funds", "trust", "media", "clout"]):
        state.apply_action(Parley(zone, kind))
        assert state.log[-1] == (f"P{state.player + 1} parleys: an Imperial voter in "
                                 f"zone {zone}, 1 {kind}")
        # at most one Imperial voter per zone in a parley: that zone is done
        assert not [a for a in parleys(state) if a.zone == zone]
        with pytest.raises(IllegalAction):
            state.apply_action(Parley(zone, "trust"))
    assert me.resources - before == Counter(funds=2, trust=1, media=1, clout=1)
    assert [z.voters[IMPERIAL] for z in state.board.zones] == [1, 1, 1, 1, 1]
    assert parleys(state) == []                   # every zone parleyed: only the end
    state.apply_action(EndParley())
    assert state.phase != "parley"
    invariants(state)


def test_parley_in_three_zones_gives_three_resources() -> None:
    state = at_parley(4)
    me = state.players[state.player]
    before = Counter(me.resources)
    for zone in (0, 2, 3):
        state.apply_action(Parley(zone, "media"))
    state.apply_action(EndParley())
    assert me.resources - before == Counter(media=3)
    assert [z.voters[IMPERIAL] for z in state.board.zones] == [1, 0, 1, 1]


def test_parleying_is_optional() -> None:
    state = at_parley(4)
    me = state.players[state.player]
    before = Counter(me.resources)
    state.apply_action(EndParley())               # no voters added: no resources
    assert me.resources == before
    assert [z.voters[IMPERIAL] for z in state.board.zones] == [0, 0, 0, 0]


def test_imperial_voters_never_enter_volatile_areas_in_a_parley() -> None:
    """A zone whose only free areas are volatile offers no parley."""
    state = at_parley(4)
    zone = state.board.zones[1]
    for _ in range(zone.free_ordinary()):
        state.board.add_voter(1, (state.player + 1) % 4, state.track)
    state.edited()
    assert zone.free_ordinary() == 0 and zone.free_volatile() == 2
    assert sorted({a.zone for a in parleys(state)}) == [0, 2, 3]
    with pytest.raises(IllegalAction):
        state.apply_action(Parley(1, "funds"))


def test_a_parley_that_completes_an_imperial_majority_costs_an_azadi_point() -> None:
    """"If the Imperials form a majority, you will lose an azadi point.\""""
    state = at_parley(4)
    for _ in range(6):
        state.board.add_voter(3, IMPERIAL, state.track)
    state.edited()
    flag = state.track.flag
    state.apply_action(Parley(3, "clout"))
    assert state.board.zones[3].holder == (IMPERIAL,)
    assert state.track.flag == flag - 1
    assert state.log[-1].endswith(f"Flag {flag} -> {flag - 1}: imperial majority formed")


def test_coalition_five_two_on_a_seven_vote_zone() -> None:
    """"This zone's majority requirement of 7 voters is met in a 5-2 coalition between
    player purple and player green.\""""
    state = in_actions(players=4)
    purple, green = state.player, (state.player + 1) % 4
    for player in (purple, green):                 # a coalition costs an Ideology card
        state.players[player].levels["idealist"] += 1
    for owner, n in ((purple, 5), (green, 2)):
        for _ in range(n):
            state.board.add_voter(1, owner, state.track)
    state.edited()
    zone = state.board.zones[1]
    assert zone.majority == 7 and zone.holder == ()     # nobody alone holds 7
    flag = state.track.flag
    state.apply_action(Coalition(1, green, 5))     # purple keeps 5, green has 2 ...
    assert state.legal_actions() == [JoinCoalition(True), JoinCoalition(False)]
    state.apply_action(JoinCoalition(True))          # ... if green agrees (ruling R50)
    assert (zone.holder, zone.split) == ((purple, green), (5, 2))
    assert (state.board.majority_voters(purple), state.board.majority_voters(green)) == \
        (5, 2)
    assert state.track.flag == flag + 1
    assert state.track.events[-1] == ("rebel_majority_formed", 1)
    state.apply_action(Withdraw(1))                # a withdrawal collapses it: -1
    assert zone.holder == () and state.track.flag == flag
    assert state.track.events[-1] == ("rebel_majority_broken", -1)
    invariants(state)


def test_azadi_points_gained_and_lost() -> None:
    """A Rebel majority formed gains a point, an Imperial one formed loses one, and a
    broken one undoes its point; every move of the Flag is on the track with its
    reason."""
    state = in_actions(players=4)
    me = state.players[state.player]
    start = state.track.flag
    for _ in range(6):
        state.board.add_voter(3, IMPERIAL, state.track)
    state.board.add_voter(3, state.player, state.track)
    me.to_place = 7
    state.edited()
    state.apply_action(ConvertOwn(3, IMPERIAL))     # the 7th Imperial voter: -1
    assert state.board.zones[3].holder == (IMPERIAL,)
    assert state.track.flag == start - 1
    state.remove_voter(3, IMPERIAL, "voter_evicted")   # a power's eviction breaks it: +1
    assert state.board.zones[3].holder == () and state.track.flag == start
    for _ in range(7):
        state.apply_action(Place(2))                # a Rebel majority forms: +1
    assert state.board.zones[2].holder == (state.player,)
    assert state.track.flag == start + 1
    assert [r for r, _ in state.track.events] == [
        "imperial_majority_formed", "imperial_majority_broken", "rebel_majority_formed"]
    assert state.track.balanced()
    invariants(state)


def test_volatile_voters_are_permanent() -> None:
    state = in_actions(players=4)
    me = state.players[state.player]
    me.to_place = 1
    state.edited()
    state.apply_action(Place(1, True))             # into a volatile area
    assert state.board.zones[1].volatile_voters[state.player] == 1
    assert DiscardOwn(1) not in state.legal_actions()
    assert not [a for a in state.legal_actions()
                if isinstance(a, ConvertOwn) and a.zone == 1]


def test_gerrymandering_rights_go_to_the_most_voters_and_a_tie_gives_none() -> None:
    state = in_actions(players=4)
    for owner in (state.player, state.player, IMPERIAL, IMPERIAL):
        state.board.add_voter(1, owner, state.track)
    state.edited()

    def gerrymanders() -> list[Gerrymander]:
        return [a for a in state.legal_actions() if isinstance(a, Gerrymander)]

    assert gerrymanders() == []                    # 2 and 2: nobody has the rights
    state.board.add_voter(1, state.player, state.track)
    state.edited()
    assert Gerrymander(1, IMPERIAL, 3) in gerrymanders()
    state.apply_action(Gerrymander(1, IMPERIAL, 3))
    assert (state.board.zones[1].voters[IMPERIAL], state.board.zones[3].voters[IMPERIAL]) \
        == (1, 1)
    assert gerrymanders() == []                    # once per zone a turn
