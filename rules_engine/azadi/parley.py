"""The parley: at the start of a turn, add up to one Imperial voter to each open zone
you choose (never in a volatile area) and take one resource of your choice for each."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rules_engine.azadi.board import IMPERIAL, Board, IllegalMove
from rules_engine.azadi.model import RESOURCES
from rules_engine.azadi.points import AzadiTrack


def parley(board: Board, zones: Sequence[int], rewards: Sequence[str], track: AzadiTrack,
           per_zone: int = 1) -> Counter[str]:
    """Add the Imperial voters and return the resources the player takes."""
    if len(set(zones)) != len(zones):
        raise IllegalMove("at most one Imperial voter per zone in a parley")
    if len(rewards) != len(zones) or any(r not in RESOURCES for r in rewards):
        raise IllegalMove("one resource (funds, clout, media or trust) per zone")
    for index in zones:
        if board.zones[index].free_ordinary() <= 0:
            raise IllegalMove(f"zone {index} has no open area outside its volatile areas")
    gained: Counter[str] = Counter()
    for index, reward in zip(zones, rewards, strict=True):
        board.add_voter(index, IMPERIAL, track)
        gained[reward] += per_zone
    return gained
