"""Simulation results kept between runs, so a re-lint after an edit replays only
the games whose inputs changed.

A run (a :class:`~rules_engine.core.simulate.Simulation`, a game count and a first
seed) is keyed by a SHA-256 over the cache format, the source of the game's
rules engine and of the shared core, what the games read of the content and the
other options. The games are played on the content without its printed texts
(:func:`rules_engine.core.play_model.for_play`: titles, narratives, flavour and
text overrides become placeholders), and the key is that copy's ``repr``, which
covers every value the engine reads but no source position: an edit to a card's
narrative or title, or one that moves lines, replays no game. Records are stored as JSON under
``$SAMIZDAT_CACHE`` (default ``$XDG_CACHE_HOME/samizdat`` or ``~/.cache/samizdat``);
``SAMIZDAT_CACHE=off`` turns the disk cache off. A cache that cannot be read or
written is ignored: results are the same either way, only slower.

Inside :func:`time_budget`, a run that is not cached yet starts no game after the
deadline or once the stop is requested, and raises :class:`OutOfTime` rather than
returning fewer games than asked (nothing partial is kept, in memory or on disk).

:func:`cached_runs` plays many runs at once: those not cached yet are played by
:func:`workers` processes side by side (forked, so the content they read is not sent
to them), and each run's records are the same as :func:`cached_run` would give;
:func:`in_workers` maps any function over items the same way (a campaign's chain of
dependent runs, say). ``SAMIZDAT_WORKERS`` sets the worker count (default: the CPUs
this process may use; 1 plays everything in this process).

Inside :func:`remotely` (``samizdat lint --executor dask``) the same work goes to a
:class:`Remote` executor instead, a cluster's: :func:`in_workers` submits one task an
item, with the time left, and a run :func:`cached_run` plays itself goes there batch
by batch through the runner's executor interface. Records depend only on their seeds,
so the findings are the same; what the cluster played is cached here too.
"""

from __future__ import annotations

import gc
import hashlib
import json
import multiprocessing
import os
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

from rules_engine.core.budgets import LINT_GAME_SECONDS
from rules_engine.core.identity_cache import IdentityCache
from rules_engine.core.play_model import for_play
from rules_engine.core.simulate import GameRecord, Simulation, Stop, stream

FORMAT = 2        # 2: played and keyed without the printed texts
_digests: IdentityCache[Any, str] = IdentityCache(4096)
_limits: list[tuple[float | None, Stop | None]] = []   # the innermost time_budget's last
# runs played by worker processes or found on disk, for the cached_run that follows,
# by cache folder (a run read from one folder is not one the next folder holds)
_ready: dict[tuple[str, str], tuple[GameRecord, ...]] = {}
_remote: list[Remote] = []       # the innermost remotely()'s executor last
_played: list[list[tuple[str, tuple[GameRecord, ...]]]] = []   # a cluster task's runs
Run = tuple[Simulation, int, int]                # (spec, games, first seed)
T = TypeVar("T")
R = TypeVar("R")


class OutOfTime(Exception):
    """A run could not be played whole before the time budget's deadline or stop."""


class GameFailed(Exception):
    """A game of a run raised an exception (its ``__cause__``): the run and the seed
    of that game, to replay it."""

    def __init__(self, spec: Simulation, seed: int) -> None:
        super().__init__(f"the game of seed {seed} of {spec.factory} raised an exception")
        self.spec = spec
        self.seed = seed


class Remote(Executor):
    """An executor elsewhere (a Dask cluster's): ``workers`` is how many games it
    plays at once; what it is handed to run must be picklable."""

    workers: int = 1


@contextmanager
def remotely(remote: Remote) -> Iterator[None]:
    """Runs not cached yet, and :func:`in_workers`' items, go to ``remote`` while
    inside."""
    _remote.append(remote)
    try:
        yield
    finally:
        _remote.pop()


@contextmanager
def time_budget(deadline: float | None, stop: Stop | None = None) -> Iterator[None]:
    """Runs not cached yet play no game after ``deadline`` (a time.monotonic() time)
    or once ``stop`` is requested, while inside; a run cut short raises
    :class:`OutOfTime`. (None and None: no limit.)"""
    _limits.append((deadline, stop))
    try:
        yield
    finally:
        _limits.pop()


def out_of_time() -> bool:
    """Whether the current time budget is spent (its deadline passed, or stopped)."""
    if not _limits:
        return False
    deadline, stop = _limits[-1]
    return (stop is not None and stop.requested) or \
        (deadline is not None and time.monotonic() >= deadline)


def cache_dir() -> Path | None:
    configured = os.environ.get("SAMIZDAT_CACHE")
    if configured == "off":
        return None
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "samizdat"


def cache_path(*parts: str) -> Path | None:
    """A place inside the cache folder (None when the cache is off)."""
    root = cache_dir()
    return None if root is None else root.joinpath(*parts)


def digest(value: Any) -> str:
    """A stable digest of ``value``'s repr, computed once per object."""
    return _digests.lookup(value, lambda v: hashlib.sha256(repr(v).encode()).hexdigest())


@lru_cache(maxsize=8)
def engine_digest(package: str) -> str:
    """A digest of the source files of ``rules_engine.<game>`` and the core."""
    root = Path(__file__).resolve().parent.parent
    sha = hashlib.sha256()
    for folder in (root / "core", root / package):
        for path in sorted(folder.rglob("*.py")):
            sha.update(path.relative_to(root).as_posix().encode())
            sha.update(path.read_bytes())
    return sha.hexdigest()


def run_key(spec: Simulation, games: int, seed: int) -> str:
    package = spec.factory.split(".")[1]
    parts = [f"v{FORMAT}", engine_digest(package), spec.factory,
             str(spec.max_steps), str(games), str(seed)]
    for name, value in spec.options:
        parts.append(f"{name}={digest(for_play(value)[0]) if name == 'content' else repr(value)}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _load(path: Path) -> tuple[GameRecord, ...] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return tuple(GameRecord(r["seed"], tuple(r["returns"]), r["first_player"],
                                r["turns"], r["end"], dict(r["counters"])) for r in data)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _store(path: Path, records: tuple[GameRecord, ...]) -> None:
    text = json.dumps([{"seed": r.seed, "returns": list(r.returns),
                        "first_player": r.first_player, "turns": r.turns, "end": r.end,
                        "counters": r.counters} for r in records], sort_keys=True)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".run.", dir=path.parent)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except OSError:
        return


def for_play_spec(spec: Simulation) -> Simulation:
    """``spec`` with its content as the games read it (no printed texts), each game
    within the lint's time budget for one game unless ``spec`` names its own."""
    options = tuple((name, for_play(value)[0] if name == "content" else value)
                    for name, value in spec.options)
    seconds = LINT_GAME_SECONDS if spec.max_seconds is None else spec.max_seconds
    return Simulation(spec.factory, options, spec.max_steps, seconds)


class _CachedRun(Protocol):
    def __call__(self, spec: Simulation, games: int, seed: int
                 ) -> tuple[GameRecord, ...]: ...

    def cache_clear(self) -> None: ...


def _cached_run(spec: Simulation, games: int, seed: int) -> tuple[GameRecord, ...]:
    """``run(spec, games, seed)``, from memory, then disk, then by playing (on the
    content without its printed texts: labels in the records are placeholders, see
    :func:`rules_engine.core.play_model.printed`)."""
    records = _remembered(spec, games, seed)
    if _played:                 # a cluster's task: the runs go back to the lint's cache
        _played[-1].append((run_key(spec, games, seed), records))
    return records


@lru_cache(maxsize=512)
def _remembered(spec: Simulation, games: int, seed: int) -> tuple[GameRecord, ...]:
    key = run_key(spec, games, seed)
    records = _at_hand(key, games)
    return records if records is not None else _played_now(spec, games, seed, key)


cached_run = cast(_CachedRun, _cached_run)
cached_run.cache_clear = _remembered.cache_clear     # type: ignore[method-assign]


def _at_hand(key: str, games: int) -> tuple[GameRecord, ...] | None:
    """The run of ``key`` if a worker handed it over or the disk cache has it."""
    folder = cache_dir()
    if (str(folder), key) in _ready:
        return _ready.pop((str(folder), key))
    found = _load(folder / "runs" / f"{key}.json") if folder else None
    return found if found is not None and len(found) == games else None


def _played_now(spec: Simulation, games: int, seed: int, key: str
                ) -> tuple[GameRecord, ...]:
    """The run played here (or on the cluster of :func:`remotely`), stored on disk;
    :class:`OutOfTime` when the time budget cut it short."""
    deadline, stop = _limits[-1] if _limits else (None, None)
    played: list[GameRecord] = []
    remote = _remote[-1] if _remote else None
    try:
        for record in stream(for_play_spec(spec), games, seed, stop=stop, deadline=deadline,
                             workers=remote.workers if remote else 1, executor=remote):
            played.append(record)
    except Exception as exc:
        raise GameFailed(spec, seed + len(played)) from exc
    records = tuple(played)
    if len(records) < games:
        stopped = (stop is not None and stop.requested) or (
            deadline is not None and time.monotonic() >= deadline)
        if not stopped:        # never a verdict on games that silently did not run
            raise RuntimeError(f"the games stopped after {len(records)} of {games} with "
                               "neither Ctrl-C nor the time budget")
        raise OutOfTime(f"{len(records)} of {games} games played before the deadline")
    folder = cache_dir()
    if folder is not None:
        _store(folder / "runs" / f"{key}.json", records)
    return records


def workers() -> int:
    """How many processes play runs side by side (``SAMIZDAT_WORKERS``, default the
    CPUs this process may use)."""
    configured = os.environ.get("SAMIZDAT_WORKERS", "")
    if configured.isdigit() and int(configured) > 0:
        return int(configured)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:          # not on Linux
        return max(1, os.cpu_count() or 1)


def remember(spec: Simulation, games: int, seed: int,
             records: tuple[GameRecord, ...]) -> None:
    """Records a worker process played for this run, for the next :func:`cached_run`."""
    _ready[(str(cache_dir()), run_key(spec, games, seed))] = records


def is_cached(spec: Simulation, games: int, seed: int) -> bool:
    """Whether the run's records are at hand (no game to play)."""
    key = run_key(spec, games, seed)
    folder = cache_dir()
    if (str(folder), key) in _ready:
        return True
    found = _load(folder / "runs" / f"{key}.json") if folder else None
    if found is None or len(found) != games:
        return False
    _ready[(str(folder), key)] = found   # read once: the cached_run that follows takes it
    return True


def cached_runs(runs: Sequence[Run]) -> list[tuple[GameRecord, ...]]:
    """``cached_run`` of each run, in order; the runs not cached yet are played by
    worker processes side by side."""
    missing = [run for run in dict.fromkeys(runs) if not is_cached(*run)]
    for run, records in zip(missing, in_workers(_play_run, missing), strict=True):
        if records is not None:
            remember(*run, records)
    return [cached_run(*run) for run in runs]


def _play_run(run: Run) -> tuple[GameRecord, ...] | None:
    """A worker's run (None when it failed: the parent replays it, to raise)."""
    try:
        return cached_run(*run)
    except GameFailed:
        return None


_task: list[Any] = []          # (function, items) a forked worker reads by index


def _adopt(event: Any) -> None:
    """Worker start-up: Ctrl-C is the parent's, whose stop reaches this process's
    time budget through ``event``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _limits:
        stop = Stop()
        _limits[-1] = (_limits[-1][0], stop)

        def watch() -> None:
            event.wait()
            stop.request()

        threading.Thread(target=watch, daemon=True).start()
    gc.freeze()


def _call(index: int) -> Any:
    function, items = _task[0]
    return function(items[index])


def in_workers(function: Callable[[T], R], items: Sequence[T]) -> list[R]:
    """``[function(item) for item in items]``, computed by :func:`workers` forked
    processes (in this process where forking is not available, or for one item).
    The time budget holds in the workers; OutOfTime in any ends the whole call."""
    if _remote:
        return _remote_map(_remote[-1], function, items)
    count = min(workers(), len(items))
    if count <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [function(item) for item in items]
    context = multiprocessing.get_context("fork")
    event = context.Event()
    stop = _limits[-1][1] if _limits else None
    if stop is not None:
        stop.share(event)
    _task[:] = [(function, items)]
    pool = ProcessPoolExecutor(max_workers=count, mp_context=context, initializer=_adopt,
                               initargs=(event,))
    try:
        futures: list[Future[R]] = [pool.submit(_call, i) for i in range(len(items))]
        return [future.result() for future in futures]
    finally:
        event.set()
        pool.shutdown(wait=True, cancel_futures=True)
        _task.clear()


POLL = 0.2          # seconds between two looks at the time budget while a cluster works


def _remote_map(remote: Remote, function: Callable[[T], R], items: Sequence[T]) -> list[R]:
    """``in_workers`` on a cluster: one task an item, each under the time left; out
    of time (or stopped) here, the tasks are cancelled and OutOfTime raised."""
    deadline = _limits[-1][0] if _limits else None
    left = None if deadline is None else max(0.0, deadline - time.monotonic())
    futures: list[Future[tuple[R, list[tuple[str, tuple[GameRecord, ...]]]]]] = [
        remote.submit(_budgeted, function, item, left) for item in items]
    folder = cache_dir()
    try:
        found = []
        for future in futures:
            while True:
                if out_of_time():
                    raise OutOfTime("no time left while the cluster played")
                try:
                    result, played = future.result(timeout=POLL)
                    break
                except FutureTimeout:
                    continue
            found.append(result)
            for key, records in played:       # the worker's cache is not this one
                if folder is not None:
                    _store(folder / "runs" / f"{key}.json", records)
        return found
    finally:
        for future in futures:
            future.cancel()


def _budgeted(function: Callable[[T], R], item: T, left: float | None
              ) -> tuple[R, list[tuple[str, tuple[GameRecord, ...]]]]:
    """A cluster's task: ``function(item)`` under a time budget of ``left`` seconds
    (the deadline travels as a duration: clocks differ between machines), and the
    runs it played, by key, for the lint's own cache."""
    _played.append([])
    try:
        with time_budget(None if left is None else time.monotonic() + left):
            return function(item), _played[-1]
    finally:
        _played.pop()
