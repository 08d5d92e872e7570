"""The simulation runner, for every game: seeded games, worker processes, aggregation.

A :class:`Simulation` names a game plug-in's factory and options (everything
picklable); :func:`run` plays ``games`` games with seeds ``seed .. seed+games-1``
through any ``concurrent.futures`` executor (processes by default, so a user can
hand in a distributed one later) and returns one :class:`GameRecord` per game,
in seed order: the same seed gives the same records whatever the worker count.
"""

from __future__ import annotations

import gc
import importlib
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from rules_engine.core.game import CHANCE, State
from rules_engine.native import register_frozen


@dataclass(frozen=True)
class Simulation:
    """What to play: ``factory`` is "module:function" returning (game, bots) for a seed."""

    factory: str
    options: tuple[tuple[str, Any], ...] = ()
    max_steps: int = 200_000


@dataclass(frozen=True)
class GameRecord:
    """The outcome of one game."""

    seed: int
    returns: tuple[float, ...]
    first_player: int
    turns: int
    end: str
    counters: dict[str, int] = field(default_factory=dict)


def _factory(spec: Simulation) -> Callable[..., Any]:
    module, _, name = spec.factory.partition(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), name)
    return found


def play_one(spec: Simulation, seed: int) -> GameRecord:
    """Play the game of ``seed`` to the end and record it."""
    game, bots, summarise = _factory(spec)(seed, **dict(spec.options))
    state: State[Any] = game.new_initial_state(seed)
    choose: list[Callable[[State[Any]], Any]] = [bot.choose for bot in bots]
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        action = state.sample_chance() if player == CHANCE else choose[player](state)
        state.apply_action(action)
        steps += 1
        if steps > spec.max_steps:
            raise RuntimeError(f"game {seed} did not end after {spec.max_steps} steps")
    first, turns, end, counters = summarise(state)
    return GameRecord(seed, tuple(state.returns()), first, turns, end, counters)


def _play_chunk(spec: Simulation, seeds: list[int]) -> list[GameRecord]:
    return [play_one(spec, s) for s in seeds]


_worker_spec: list[Simulation] = []     # the spec a worker of run()'s own pool plays


def _adopt(spec: Simulation) -> None:
    """Worker start-up: keep ``spec`` (its content is unpickled once per worker, not
    once per batch of games), and leave it, like all else alive now, out of the cyclic
    garbage collector's scans."""
    _worker_spec[:] = [spec]
    gc.freeze()


def _play_seeds(seeds: list[int]) -> list[GameRecord]:
    return _play_chunk(_worker_spec[0], seeds)


def run(spec: Simulation, games: int, seed: int = 0, workers: int = 1,
        executor: Executor | None = None, chunk: int = 50) -> list[GameRecord]:
    """Play ``games`` games; records come back in seed order."""
    seeds = list(range(seed, seed + games))
    if workers <= 1 and executor is None:
        # The content and everything else alive now outlive the games: the cyclic
        # garbage collector need not scan them again and again while they play.
        gc.freeze()
        try:
            return _play_chunk(spec, seeds)
        finally:
            gc.unfreeze()
    chunks = [seeds[i:i + chunk] for i in range(0, len(seeds), chunk)]
    if executor is not None:          # e.g. a distributed one: the spec goes with each batch
        results = executor.map(_play_chunk, [spec] * len(chunks), chunks)
        return [record for part in results for record in part]
    with ProcessPoolExecutor(max_workers=workers, initializer=_adopt,
                             initargs=(spec,)) as pool:
        return [record for part in pool.map(_play_seeds, chunks) for record in part]


def summary(records: Iterable[GameRecord], players: int) -> dict[str, Any]:
    """Aggregate figures: wins by seat, draws, first-player advantage, lengths, ends."""
    rows = list(records)
    count = len(rows)
    wins = [0.0] * players
    draws = 0
    first_wins = 0.0
    counters: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    for r in rows:
        if max(r.returns) < 1.0:
            draws += 1
        for p, value in enumerate(r.returns):
            if value >= 1.0:
                wins[p] += 1
        first_wins += 1.0 if r.returns[r.first_player] >= 1.0 else 0.0
        ends[r.end] += 1
        counters.update(r.counters)
    decided = count - draws
    return {
        "games": count,
        "win_rate_by_seat": [round(w / count, 4) if count else 0.0 for w in wins],
        "draw_rate": round(draws / count, 4) if count else 0.0,
        "first_player_win_rate": round(first_wins / decided, 4) if decided else 0.0,
        "mean_turns": round(sum(r.turns for r in rows) / count, 2) if count else 0.0,
        "ends": dict(sorted(ends.items())),
        "counters": dict(sorted(counters.items())),
    }

register_frozen(__name__)    # compiled frozen dataclasses stay picklable and copyable
