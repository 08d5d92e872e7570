"""The figures a sweep or a balance diff measures of a run of games, folded in one
game record at a time, each with a 95 % interval.

Beside the game's own :class:`~rules_engine.core.plugin.Tracked` figures (the azadi
rate, each card's use or completion: the share of games whose counter is above 0),
every run measures each seat's win rate, the draw rate, the first player's win rate
among decided games (seat advantage) and the mean game length in turns. A fold keeps
counts and sums only, so memory does not grow with the games, and two folds of the
same figures merge (the cells of a sweep played in rounds)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from compiler.stats.intervals import mean_interval, wilson
from rules_engine.core.diagnostics import Location
from rules_engine.core.plugin import Tracked
from rules_engine.core.simulate import GameRecord

LENGTH = "length"                      # mean turns
DRAWS = "draw_rate"
FIRST_PLAYER = "first_player_win_rate"  # of decided games


@dataclass(frozen=True)
class Estimate:
    """One figure of a run: a share of games (``kind`` "rate": ``count`` of ``n``) or
    a mean (``kind`` "mean", of ``n`` games), with its 95 % interval (None where it is
    unbounded: a mean of fewer than two games). ``card``: the figure is about one card
    (or country), ``item``, defined at ``location`` when that is known."""

    id: str
    metric: str
    item: str
    kind: str
    value: float
    low: float | None
    high: float | None
    n: int
    count: int | None = None
    location: Location | None = None
    card: bool = False          # about one card (or country): a tracked item
    @property
    def half_width(self) -> float:
        """Half the interval's width (infinite when it is unbounded)."""
        if self.low is None or self.high is None:
            return math.inf
        return (self.high - self.low) / 2

    def as_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "id": self.id, "metric": self.metric, "item": self.item, "kind": self.kind,
            "value": round(self.value, 6), "low": _rounded(self.low),
            "high": _rounded(self.high), "n": self.n}
        if self.count is not None:
            found["count"] = self.count
        if self.location is not None:
            found["location"] = str(self.location)
        return found


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def tracked_id(tracked: Tracked) -> str:
    """A tracked figure's id: its metric alone for a game-wide one ("azadi_rate"),
    else "metric:counter key" ("use:used:resistance:43")."""
    metric = tracked.metric.replace(" ", "_")
    return metric if not tracked.item else f"{metric}:{tracked.key}"


class Measures:
    """The figures of :mod:`this module <compiler.stats.measures>`, folded one game at
    a time (``seat_names``: one per seat, as reports name them)."""

    def __init__(self, seat_names: Sequence[str], tracked: Sequence[Tracked] = ()) -> None:
        self.seat_names = tuple(seat_names)
        self.tracked = tuple(tracked)
        self.games = 0
        self.wins = [0] * len(self.seat_names)
        self.draws = 0
        self.first_wins = 0
        self.turns = 0
        self.turns_squared = 0
        self.hits: Counter[str] = Counter()

    def add(self, record: GameRecord) -> None:
        self.games += 1
        won = [value >= 1.0 for value in record.returns]
        if not any(won):
            self.draws += 1
        for seat, winner in enumerate(won[:len(self.wins)]):
            self.wins[seat] += winner
        self.first_wins += won[record.first_player]
        self.turns += record.turns
        self.turns_squared += record.turns * record.turns
        self.hits.update(t.key for t in self.tracked if record.counters.get(t.key, 0) > 0)

    def merge(self, other: Measures) -> None:
        """Add the games ``other`` folded (the same seats and figures)."""
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.draws += other.draws
        self.first_wins += other.first_wins
        self.turns += other.turns
        self.turns_squared += other.turns_squared
        self.hits.update(other.hits)

    def estimates(self) -> list[Estimate]:
        """Every figure with its interval: the seats' win rates, draws, the first
        player, the length, then the tracked figures in the game's order."""
        n = self.games
        found = [_rate(f"win_rate:{name}", "win rate", name, won, n)
                 for name, won in zip(self.seat_names, self.wins, strict=True)]
        found.append(_rate(DRAWS, "draw rate", "", self.draws, n))
        found.append(_rate(FIRST_PLAYER, "first player win rate", "", self.first_wins,
                           n - self.draws))
        low, high = mean_interval(self.turns, self.turns_squared, n)
        found.append(Estimate(LENGTH, "game length", "", "mean", self.turns / n if n else 0.0,
                              None if math.isinf(low) else low,
                              None if math.isinf(high) else high, n))
        found += [replace(_rate(tracked_id(t), t.metric, t.item, self.hits[t.key], n,
                                t.location), card=bool(t.item))
                  for t in self.tracked]
        return found

    def sums(self) -> dict[str, Any]:
        """The fold's counts and sums, for tests between two runs."""
        return {"games": self.games, "wins": list(self.wins), "draws": self.draws,
                "first_wins": self.first_wins, "turns": self.turns,
                "turns_squared": self.turns_squared,
                "hits": {t.key: self.hits[t.key] for t in self.tracked}}


def _rate(id_: str, metric: str, item: str, count: int, n: int,
          location: Location | None = None) -> Estimate:
    low, high = wilson(count, n)
    return Estimate(id_, metric, item, "rate", count / n if n else 0.0, low, high, n, count,
                    location)
