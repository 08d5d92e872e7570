"""The Azadi tracker: azadi points gained and lost, each with its reason.

The Rebel Flag starts on the number of players and the Fort on Table 1's value for
the player count and difficulty; azadi is gained when the Flag reaches the Fort.
Every change is recorded, so an invariant can check that the points equal the
events that moved them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mypy_extensions import mypyc_attr

GAINS = ("tyranny_resolved", "order_overturned", "rebel_majority_formed",
         "imperial_majority_broken", "mandate_overturned")
LOSSES = ("imperial_majority_formed", "rebel_majority_broken")


@mypyc_attr(serializable=True)
@dataclass
class AzadiTrack:
    """Where the Rebel Flag and the Fort stand, and why the Flag moved."""

    flag: int
    fort: int
    events: list[tuple[str, int]] = field(default_factory=list)
    start: int = 0

    def __post_init__(self) -> None:
        self.start = self.flag

    def record(self, reason: str) -> None:
        """Move the Flag for ``reason`` (one of GAINS or LOSSES)."""
        if reason in GAINS:
            delta = 1
        elif reason in LOSSES:
            delta = -1
        else:
            raise ValueError(f"no azadi point rule for {reason!r}")
        self.flag += delta
        self.events.append((reason, delta))

    @property
    def azadi(self) -> bool:
        return self.flag >= self.fort

    def balanced(self) -> bool:
        """The invariant: the Flag stands where its start and its events put it."""
        return self.flag == self.start + sum(d for _, d in self.events)

