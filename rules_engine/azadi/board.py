"""AZADI's map: zones placed by the placement rule, voters in their areas, and
majorities forming and breaking (with the azadi points that follow).

Voters are counted per owner in each zone: a player's index, or :data:`IMPERIAL`.
Volatile areas are counted separately (a voter there is permanent). A majority is
held by one player, by a coalition of two, or by the Imperials; only the required
number of voters are majority voters.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from mypy_extensions import mypyc_attr

from rules_engine.azadi.points import AzadiTrack

IMPERIAL = -1


class IllegalMove(ValueError):
    """A placement or move the rules do not allow."""


@mypyc_attr(serializable=True)
@dataclass
class Zone:
    """One zone tile on the map and what stands on it."""

    tile: str
    areas: int
    majority: int
    volatile: int
    capital: bool = False
    voters: Counter[int] = field(default_factory=Counter)        # ordinary areas
    volatile_voters: Counter[int] = field(default_factory=Counter)
    holder: tuple[int, ...] = ()      # () no majority; (p,), (p, q) coalition, (IMPERIAL,)
    split: tuple[int, ...] = ()       # majority voters per holder (a coalition's agreed split)
    printed_majority: int = 0         # the tile's count; ``majority`` is the one in force (R35)

    def __post_init__(self) -> None:
        if not self.printed_majority:
            self.printed_majority = self.majority

    def free_ordinary(self) -> int:
        return self.areas - self.volatile - sum(self.voters.values())

    def free_volatile(self) -> int:
        return self.volatile - sum(self.volatile_voters.values())

    def count(self, owner: int) -> int:
        return self.voters.get(owner, 0) + self.volatile_voters.get(owner, 0)

    def gerrymandering_rights(self) -> int | None:
        """Strictly most voters (Imperials included); a tie gives nobody the rights."""
        best, most, tied = None, 0, False
        for owner in set(self.voters) | set(self.volatile_voters):
            n = self.voters.get(owner, 0) + self.volatile_voters.get(owner, 0)
            if n > most:
                best, most, tied = owner, n, False
            elif n == most and n > 0:
                tied = True
        return None if tied else best


@mypyc_attr(serializable=True)
@dataclass
class Board:
    """The zones and which touch which."""

    zones: list[Zone] = field(default_factory=list)
    adjacent: dict[int, set[int]] = field(default_factory=dict)
    # every majority that formed or broke, as (zone, old holder, new holder), for the
    # engine to turn into events; whoever reads it empties it
    changes: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = field(default_factory=list)

    def can_place(self, neighbours: set[int]) -> bool:
        """The placement rule: the capital first; the next zone beside it; every later
        zone beside at least two zones already placed."""
        if any(n not in self.adjacent for n in neighbours):
            return False
        if not self.zones:
            return not neighbours
        if len(self.zones) == 1:
            return neighbours == {0}
        return len(neighbours) >= 2

    def place(self, zone: Zone, neighbours: set[int]) -> int:
        if not self.can_place(neighbours):
            raise IllegalMove(f"a zone here would touch {len(neighbours)} zone(s); "
                              + ("it must touch the capital" if len(self.zones) == 1
                                 else "it must touch at least two"))
        index = len(self.zones)
        self.zones.append(zone)
        self.adjacent[index] = set(neighbours)
        for n in neighbours:
            self.adjacent[n].add(index)
        return index

    # -- voters ----------------------------------------------------------------------------

    def add_voter(self, index: int, owner: int, track: AzadiTrack, volatile: bool = False
                  ) -> None:
        zone = self.zones[index]
        if volatile:
            if owner == IMPERIAL:
                raise IllegalMove("Imperial voters never enter volatile areas")
            if zone.free_volatile() <= 0:
                raise IllegalMove("no free volatile area in this zone")
            zone.volatile_voters[owner] += 1
        else:
            if zone.free_ordinary() <= 0:
                raise IllegalMove("no free area in this zone")
            zone.voters[owner] += 1
        self.update_majority(index, track)

    def remove_voter(self, index: int, owner: int, track: AzadiTrack) -> None:
        """Evict, discard or move away one of ``owner``'s voters (never from a volatile area)."""
        zone = self.zones[index]
        if zone.voters[owner] <= 0:
            raise IllegalMove("no such voter outside the volatile areas")
        zone.voters[owner] -= 1
        self.update_majority(index, track)

    # -- majorities ------------------------------------------------------------------------

    def update_majority(self, index: int, track: AzadiTrack) -> None:
        """Break a majority whose holders fell short; form one that a single owner reached."""
        zone = self.zones[index]
        if zone.holder:
            if sum(zone.count(o) for o in zone.holder) < zone.majority or any(
                    zone.count(o) == 0 for o in zone.holder):
                imperial = zone.holder == (IMPERIAL,)
                self.changes.append((index, zone.holder, ()))
                zone.holder, zone.split = (), ()
                track.record("imperial_majority_broken" if imperial else "rebel_majority_broken")
            else:
                return
        for owner in sorted(set(zone.voters) | set(zone.volatile_voters)):
            if zone.count(owner) >= zone.majority:
                zone.holder, zone.split = (owner,), (zone.majority,)
                self.changes.append((index, (), zone.holder))
                track.record("imperial_majority_formed" if owner == IMPERIAL
                             else "rebel_majority_formed")
                return

    def change_majority(self, index: int, needed: int, track: AzadiTrack) -> None:
        """A rule in force changes how many voters a majority needs (ruling R35): it
        applies at once. A majority whose holders no longer reach ``needed`` breaks; one
        that still does stands with ``needed`` majority voters, a coalition's extra one
        going to the partner with more voters here (the first on a tie) and one fewer
        taken the same way; then a majority may form."""
        zone = self.zones[index]
        if needed == zone.majority:
            return
        zone.majority = needed
        if zone.holder and sum(zone.count(o) for o in zone.holder) >= needed:
            split = list(zone.split)
            while sum(split) != needed:
                grow = sum(split) < needed
                able = [i for i, o in enumerate(zone.holder)
                        if (zone.count(o) > split[i] if grow else split[i] > 1)]
                if not able:
                    break
                pick = max(able, key=lambda i: (zone.count(zone.holder[i]), -i))
                split[pick] += 1 if grow else -1
            if sum(split) == needed:
                zone.split = tuple(split)
                return
            self.changes.append((index, zone.holder, ()))    # cannot share it: it breaks
            track.record("imperial_majority_broken" if zone.holder == (IMPERIAL,)
                         else "rebel_majority_broken")
            zone.holder, zone.split = (), ()
        self.update_majority(index, track)

    def form_coalition(self, index: int, a: int, b: int, split: tuple[int, int],
                       track: AzadiTrack) -> None:
        """Two players whose voters together meet the majority form it, splitting the
        majority voters as agreed (the Ideology card exchange is the caller's)."""
        zone = self.zones[index]
        if zone.holder:
            raise IllegalMove("this zone already has a majority")
        if IMPERIAL in (a, b) or a == b:
            raise IllegalMove("a coalition is two different Rebel players")
        if zone.count(a) + zone.count(b) < zone.majority:
            raise IllegalMove(f"{zone.count(a)} + {zone.count(b)} voters do not reach the "
                              f"majority of {zone.majority}")
        if sum(split) != zone.majority or split[0] > zone.count(a) or split[1] > zone.count(b) \
                or min(split) < 1:
            raise IllegalMove("the split must share the majority voters between both players")
        zone.holder, zone.split = (a, b), split
        self.changes.append((index, (), zone.holder))
        track.record("rebel_majority_formed")

    def withdraw(self, index: int, player: int, track: AzadiTrack) -> None:
        """A coalition partner withdraws: the coalition collapses at once."""
        zone = self.zones[index]
        if len(zone.holder) != 2 or player not in zone.holder:
            raise IllegalMove("no coalition of this player here")
        self.changes.append((index, zone.holder, ()))
        zone.holder, zone.split = (), ()
        track.record("rebel_majority_broken")
        self.update_majority(index, track)

    def majority_voters(self, owner: int) -> int:
        """How many majority voters ``owner`` has on the map (the final score)."""
        total = 0
        for zone in self.zones:
            if owner in zone.holder:
                total += zone.split[zone.holder.index(owner)]
        return total
