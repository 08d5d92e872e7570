"""AZADI's rules, piece by piece: the rulebook's examples as exact tests."""

from __future__ import annotations

from collections import Counter

import pytest

from rules_engine.azadi.board import IMPERIAL, Board, IllegalMove, Zone
from rules_engine.azadi.parley import parley
from rules_engine.azadi.points import AzadiTrack, setup_track

TABLE = {2: {"easy": 8, "medium": 9, "hard": 10}, 3: {"easy": 8, "medium": 10, "hard": 12},
         4: {"easy": 10, "medium": 11, "hard": 12}, 5: {"easy": 12, "medium": 13, "hard": 14}}


def zone(areas: int = 13, capital: bool = False) -> Zone:
    majority = areas // 2 + 1
    return Zone(f"zone-{areas}", areas, majority, 2, capital)


def four_player_map() -> Board:
    """The rulebook's 4-player layout: capital, then three 7/13 zones."""
    board = Board()
    board.place(zone(15, capital=True), set())
    board.place(zone(), {0})
    board.place(zone(), {0, 1})
    board.place(zone(), {1, 2})
    return board


def test_zone_placement_rule() -> None:
    board = four_player_map()
    assert board.adjacent == {0: {1, 2}, 1: {0, 2, 3}, 2: {0, 1, 3}, 3: {1, 2}}
    # the illegal placement: a zone adjacent to only one other zone
    assert not board.can_place({3})
    with pytest.raises(IllegalMove, match="must touch at least two"):
        board.place(zone(17), {3})
    assert len(board.zones) == 4
    second = Board()
    second.place(zone(15, capital=True), set())
    assert not second.can_place(set()) and second.can_place({0})


def test_setup_flag_and_fort_from_table_1() -> None:
    track = setup_track(4, "hard", TABLE)
    assert (track.flag, track.fort) == (4, 12)
    assert (setup_track(2, "easy", TABLE).flag, setup_track(2, "easy", TABLE).fort) == (2, 8)
    with pytest.raises(ValueError):
        setup_track(6, "easy", TABLE)


def test_parley_in_five_zones_gives_five_resources() -> None:
    board = four_player_map()
    board.place(zone(17), {2, 3})
    track = AzadiTrack(flag=4, fort=11)
    gained = parley(board, [0, 1, 2, 3, 4], ["funds", "funds", "trust", "media", "clout"], track)
    assert gained == Counter(funds=2, trust=1, media=1, clout=1)
    assert [z.voters[IMPERIAL] for z in board.zones] == [1, 1, 1, 1, 1]
    with pytest.raises(IllegalMove, match="at most one Imperial voter per zone"):
        parley(board, [0, 0], ["funds", "funds"], track)
    assert parley(board, [], [], track) == Counter()     # parleying is optional


def test_coalition_five_two_on_a_seven_vote_zone() -> None:
    board = four_player_map()
    track = AzadiTrack(flag=4, fort=11)
    purple, green = 0, 1
    for _ in range(5):
        board.add_voter(1, purple, track)
    for _ in range(2):
        board.add_voter(1, green, track)
    assert board.zones[1].holder == ()            # 5 and 2: nobody alone holds 7
    board.form_coalition(1, purple, green, (5, 2), track)
    assert board.zones[1].holder == (purple, green)
    assert (board.majority_voters(purple), board.majority_voters(green)) == (5, 2)
    assert track.flag == 5 and track.events == [("rebel_majority_formed", 1)]
    board.withdraw(1, green, track)               # a withdrawal collapses it: -1
    assert board.zones[1].holder == () and track.flag == 4


def test_azadi_points_gained_and_lost() -> None:
    board = four_player_map()
    track = AzadiTrack(flag=4, fort=11)
    for _ in range(7):
        board.add_voter(3, IMPERIAL, track)       # an Imperial majority forms: -1
    assert board.zones[3].holder == (IMPERIAL,) and track.flag == 3
    board.remove_voter(3, IMPERIAL, track)        # broken: +1
    assert board.zones[3].holder == () and track.flag == 4
    for _ in range(7):
        board.add_voter(2, 0, track)              # a Rebel majority forms: +1
    board.remove_voter(2, 0, track)               # and breaks: -1
    track.record("tyranny_resolved")
    track.record("order_overturned")
    assert track.flag == 6 and track.balanced()
    assert [r for r, _ in track.events] == [
        "imperial_majority_formed", "imperial_majority_broken", "rebel_majority_formed",
        "rebel_majority_broken", "tyranny_resolved", "order_overturned"]
    with pytest.raises(ValueError):
        track.record("parley")


def test_volatile_areas_and_gerrymandering_rights() -> None:
    board = four_player_map()
    track = AzadiTrack(flag=4, fort=11)
    with pytest.raises(IllegalMove, match="never enter volatile areas"):
        board.add_voter(1, IMPERIAL, track, volatile=True)
    board.add_voter(1, 0, track, volatile=True)
    board.add_voter(1, 0, track, volatile=True)
    with pytest.raises(IllegalMove, match="no free volatile area"):
        board.add_voter(1, 1, track, volatile=True)
    with pytest.raises(IllegalMove):
        board.remove_voter(1, 0, track)           # volatile voters are permanent
    board.add_voter(1, IMPERIAL, track)
    board.add_voter(1, IMPERIAL, track)
    assert board.zones[1].gerrymandering_rights() is None      # a tie: nobody
    board.add_voter(1, IMPERIAL, track)
    assert board.zones[1].gerrymandering_rights() == IMPERIAL
