"""Running the games of ``samizdat simulate`` so that a long run stays bounded and can
be stopped: workers capped to the processors this process may use, Ctrl-C and a
time budget that stop the games between two games (the report then covers the games
finished, from the first seed on, and is marked partial), and a progress line on a
terminal. The games' records are folded into the report as they finish
(:class:`~rules_engine.core.simulate.Summary` and the game's own report), so memory
does not grow with the number of games."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

from compiler.pipeline.machine import usable_processors
from rules_engine.core.budgets import GameCrashed, GameDidNotEnd
from rules_engine.core.simulate import GameRecord, Simulation, Stop, stream


class Fold(Protocol):
    """Something a report is folded into, one game at a time."""

    def add(self, record: GameRecord) -> None: ...


def capped_workers(asked: int, force: bool) -> tuple[int, str | None]:
    """(workers to start, a note for stderr when fewer than asked)."""
    have = usable_processors()
    if force or asked <= have:
        return asked, None
    return have, (f"samizdat: --workers {asked} capped to {have}, the processors this "
                  "process may use (--force-workers to start them all)")


@dataclass
class Outcome:
    """How a run ended: the games played, and why it stopped early (or "")."""

    played: int = 0
    stopped: str = ""           # "interrupted" or "time budget"


class Progress:
    """A line on a terminal, rewritten at most a few times a second: games played of
    how many, their rate and the time left. Silent unless ``stream`` is a terminal."""

    def __init__(self, total: int, stream: TextIO | None = None, every: float = 0.25) -> None:
        self.total = total
        self.stream = stream or sys.stderr
        self.shown = self.stream.isatty()
        self.every = every
        self.start = time.monotonic()
        self.last = self.start
        self.done = 0

    def advance(self, games: int = 1) -> None:
        self.done += games
        if not self.shown:
            return
        now = time.monotonic()
        if now - self.last < self.every:
            return
        self.last = now
        rate = self.done / max(now - self.start, 1e-9)
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        self.stream.write(f"\r  {self.done:,} / {self.total:,} games "
                          f"({self.done / self.total:.1%}), {rate:,.0f} games/s, "
                          f"about {left:,.0f} s left ")
        self.stream.flush()

    def close(self) -> None:
        if self.shown and self.done:
            self.stream.write("\r\033[K")
            self.stream.flush()


class Ticks(Protocol):
    """What is told of each game finished (a :class:`Progress`, or a progress stage)."""

    def advance(self, games: int = 1, /) -> None: ...


class GamesFailed(Exception):
    """A game of ``simulation`` raised on the content or spent its step budget
    (``failure``, also the ``__cause__``): a finding about the content, which the
    command says with the replay of that game."""

    def __init__(self, simulation: Simulation, failure: GameCrashed | GameDidNotEnd) -> None:
        super().__init__(str(failure))
        self.simulation = simulation
        self.failure = failure


def play(spec: Simulation, games: int, seed: int, workers: int, folds: Sequence[Fold],
         stop: Stop, deadline: float | None, progress: Ticks, cluster: Any = None
         ) -> Outcome:
    """Play the games of ``spec``, each record folded into every one of ``folds``;
    stop between games on ``stop`` or at ``deadline``. With ``cluster`` (a
    :class:`compiler.pipeline.dask_run.Cluster`) the games run on it, the spec sent
    to its workers once. A game that raises or does not end is :class:`GamesFailed`."""
    try:
        return _played(spec, games, seed, workers, folds, stop, deadline, progress, cluster)
    except (GameCrashed, GameDidNotEnd) as failure:
        raise GamesFailed(spec, failure) from failure


def _played(spec: Simulation, games: int, seed: int, workers: int, folds: Sequence[Fold],
            stop: Stop, deadline: float | None, progress: Ticks, cluster: Any) -> Outcome:
    outcome = Outcome()
    if cluster is not None:
        records = stream(spec, games, seed, cluster.workers, executor=cluster.executor,
                         stop=stop, deadline=deadline, shared=cluster.share(spec))
    else:
        records = stream(spec, games, seed, workers, stop=stop, deadline=deadline)
    for record in records:
        for fold in folds:
            fold.add(record)
        outcome.played += 1
        progress.advance()
    if outcome.played < games:
        if not stop.requested and (deadline is None or time.monotonic() < deadline):
            raise RuntimeError(f"the games stopped after {outcome.played} of {games} with "
                               "neither Ctrl-C nor the time budget")
        outcome.stopped = "interrupted" if stop.requested else "time budget"
    return outcome


def partial_marks(outcome: Outcome, asked: int) -> dict[str, Any]:
    """What a cut-short report says about itself (nothing for a whole run)."""
    if not outcome.stopped:
        return {}
    return {"partial": True, "stopped_by": outcome.stopped, "games_asked": asked}
