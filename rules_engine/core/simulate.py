"""The simulation runner, for every game: seeded games, worker processes, aggregation.

A :class:`Simulation` names a game plug-in's factory and options (everything
picklable); :func:`stream` plays ``games`` games with seeds ``seed .. seed+games-1``
through any ``concurrent.futures`` executor (processes by default, so a user can
hand in a distributed one later) and yields one :class:`GameRecord` per game, in
seed order, as games finish: the same seed gives the same records whatever the
worker count. Only a few batches of games are in flight at once, so memory does not
grow with ``games``; reports are folded from the records one at a time
(:class:`Summary`). :func:`run` is the same as a list.

A run can be cut short between games: by a :class:`Stop` (set from a Ctrl-C
handler, say; it reaches the workers of the runner's own pool) or by a ``deadline``
(a :func:`time.monotonic` time after which no game starts). A cut-short run yields
the games of its first seeds only, with no gap, so its records are those of a run
of fewer games from the same seed.
"""

from __future__ import annotations

import gc
import importlib
import multiprocessing
import signal
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from rules_engine.core.budgets import GameCrashed
from rules_engine.core.game import State, play_out
from rules_engine.native import register_frozen


@dataclass(frozen=True)
class Simulation:
    """What to play: ``factory`` is "module:function" returning (game, bots) for a seed."""

    factory: str
    options: tuple[tuple[str, Any], ...] = ()
    max_steps: int = 200_000
    max_seconds: float | None = None   # of play for one game; lint's runs: LINT_GAME_SECONDS


@dataclass(frozen=True)
class GameRecord:
    """The outcome of one game."""

    seed: int
    returns: tuple[float, ...]
    first_player: int
    turns: int
    end: str
    counters: dict[str, int] = field(default_factory=dict)


class Stop:
    """A request to stop a run between games. :meth:`request` may be called from a
    signal handler; the run's own worker processes see it through a shared event."""

    def __init__(self) -> None:
        self.requested = False
        self._events: list[Any] = []

    def request(self) -> None:
        self.requested = True
        for event in self._events:
            event.set()

    def share(self, event: Any) -> None:
        """Also set ``event`` (a multiprocessing Event) when a stop is requested."""
        self._events.append(event)
        if self.requested:
            event.set()


def _factory(spec: Simulation) -> Callable[..., Any]:
    module, _, name = spec.factory.partition(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), name)
    return found


def play_one(spec: Simulation, seed: int) -> GameRecord:
    """Play the game of ``seed`` to the end and record it."""
    try:
        game, bots, summarise = _factory(spec)(seed, **dict(spec.options))
        start: State[Any] = game.new_initial_state(seed)
    except Exception as exc:    # the content's setup: a finding about it, not a crash
        raise GameCrashed(seed, 0, f"{type(exc).__name__}: {exc}") from exc
    state: State[Any] = play_out(start, bots, spec.max_steps, spec.max_seconds)
    first, turns, end, counters = summarise(state)
    return GameRecord(seed, tuple(state.returns()), first, turns, end, counters)


def _play_chunk(spec: Simulation, seeds: list[int]) -> list[GameRecord]:
    return [play_one(spec, s) for s in seeds]


_worker_spec: list[Simulation] = []     # the spec a worker of run()'s own pool plays
_worker_stop: list[Any] = []            # ... the event that stops it between games
_worker_deadline: list[float] = []      # ... and the time after which no game starts


def _adopt(spec: Simulation, stop: Any, deadline: float | None) -> None:
    """Worker start-up: keep ``spec`` (its content is unpickled once per worker, not
    once per batch of games), the stop event and the deadline; leave Ctrl-C to the
    parent (which stops the workers through the event); and leave all alive now out
    of the cyclic garbage collector's scans."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_spec[:] = [spec]
    _worker_stop[:] = [stop]
    _worker_deadline[:] = [] if deadline is None else [deadline]
    gc.freeze()


def _play_seeds(seeds: list[int]) -> list[GameRecord]:
    """A worker's batch: stops early, between games, when asked to or out of time."""
    spec, stop = _worker_spec[0], _worker_stop[0]
    records = []
    for seed in seeds:
        if stop.is_set() or (_worker_deadline and time.monotonic() >= _worker_deadline[0]):
            break
        records.append(play_one(spec, seed))
    return records


def _batches(seed: int, games: int, chunk: int) -> Iterator[list[int]]:
    for start in range(seed, seed + games, chunk):
        yield list(range(start, min(start + chunk, seed + games)))


def _out_of_time(deadline: float | None) -> bool:
    return deadline is not None and time.monotonic() >= deadline


def stream(spec: Simulation, games: int, seed: int = 0, workers: int = 1,
           executor: Executor | None = None, chunk: int = 50, stop: Stop | None = None,
           deadline: float | None = None, shared: Any = None) -> Iterator[GameRecord]:
    """Play ``games`` games, yielding records in seed order as they finish; stop
    early (after the games of the first seeds) when ``stop`` is requested or at
    ``deadline``. With ``executor``, ``shared`` (when given) goes with each batch in
    place of ``spec``: a handle the executor resolves to the spec where the batch runs
    (a Dask future of the spec sent once to every worker), so the content is not
    sent again with every batch."""
    stop = stop or Stop()
    if workers <= 1 and executor is None:
        # The content and everything else alive now outlive the games: the cyclic
        # garbage collector need not scan them again and again while they play.
        gc.freeze()
        try:
            for s in range(seed, seed + games):
                if stop.requested or _out_of_time(deadline):
                    return
                yield play_one(spec, s)
        finally:
            gc.unfreeze()
        return
    in_flight = 2 * max(workers, 2)     # batches submitted and not yet yielded
    if executor is not None:          # e.g. a distributed one
        sent = spec if shared is None else shared
        yield from _in_order(lambda seeds: executor.submit(_play_chunk, sent, seeds),
                             _batches(seed, games, chunk), in_flight, stop, deadline)
        return
    context = multiprocessing.get_context()
    event = context.Event()
    stop.share(event)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_adopt,
                               initargs=(spec, event, deadline))
    try:
        yield from _in_order(lambda seeds: pool.submit(_play_seeds, seeds),
                             _batches(seed, games, chunk), in_flight, stop, deadline)
    finally:
        event.set()                   # batches still running end after their current game
        pool.shutdown(wait=True, cancel_futures=True)


def _in_order(submit: Callable[[list[int]], Future[list[GameRecord]]],
              batches: Iterator[list[int]], in_flight: int, stop: Stop,
              deadline: float | None) -> Iterator[GameRecord]:
    """Keep ``in_flight`` batches submitted; yield their records batch by batch, in
    order, up to the first batch that stopped early."""
    pending: deque[tuple[int, Future[list[GameRecord]]]] = deque()
    try:
        while True:
            while len(pending) < in_flight and not stop.requested \
                    and not _out_of_time(deadline):
                seeds = next(batches, None)
                if seeds is None:
                    break
                pending.append((len(seeds), submit(seeds)))
            if not pending:
                return
            size, future = pending.popleft()
            records = future.result()
            yield from records
            if len(records) < size or stop.requested:
                return
    finally:
        for _, future in pending:
            future.cancel()


def run(spec: Simulation, games: int, seed: int = 0, workers: int = 1,
        executor: Executor | None = None, chunk: int = 50) -> list[GameRecord]:
    """Play ``games`` games; records come back in seed order."""
    return list(stream(spec, games, seed, workers, executor, chunk))


PER_GAME = ("near:",)
"""Counters that measure one game (how near it came to something, for a lint to pick
the closest game): kept in the game's record, not summed into a report."""


class Summary:
    """The aggregate figures of games, folded in one record at a time: wins by seat,
    draws, first-player advantage, lengths, ends and the games' counters summed (but
    the :data:`PER_GAME` ones)."""

    def __init__(self, players: int) -> None:
        self.count = 0
        self.wins = [0.0] * players
        self.draws = 0
        self.first_wins = 0.0
        self.turns = 0
        self.counters: Counter[str] = Counter()
        self.ends: Counter[str] = Counter()

    def add(self, r: GameRecord) -> None:
        self.count += 1
        if max(r.returns) < 1.0:
            self.draws += 1
        for p, value in enumerate(r.returns):
            if value >= 1.0:
                self.wins[p] += 1
        self.first_wins += 1.0 if r.returns[r.first_player] >= 1.0 else 0.0
        self.ends[r.end] += 1
        self.counters.update({k: n for k, n in r.counters.items()
                              if not k.startswith(PER_GAME)})
        self.turns += r.turns

    def result(self) -> dict[str, Any]:
        count, draws = self.count, self.draws
        decided = count - draws
        return {
            "games": count,
            "win_rate_by_seat": [round(w / count, 4) if count else 0.0 for w in self.wins],
            "draw_rate": round(draws / count, 4) if count else 0.0,
            "first_player_win_rate": round(self.first_wins / decided, 4) if decided else 0.0,
            "mean_turns": round(self.turns / count, 2) if count else 0.0,
            "ends": dict(sorted(self.ends.items())),
            "counters": dict(sorted(self.counters.items())),
        }


def summary(records: Iterable[GameRecord], players: int) -> dict[str, Any]:
    """Aggregate figures: wins by seat, draws, first-player advantage, lengths, ends."""
    folded = Summary(players)
    for record in records:
        folded.add(record)
    return folded.result()

register_frozen(__name__)    # compiled frozen dataclasses stay picklable and copyable
