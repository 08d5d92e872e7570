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
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules_engine.core.identity_cache import IdentityCache
from rules_engine.core.play_model import for_play
from rules_engine.core.simulate import GameRecord, Simulation, Stop, stream

FORMAT = 2        # 2: played and keyed without the printed texts
_digests: IdentityCache[Any, str] = IdentityCache(4096)
_limits: list[tuple[float | None, Stop | None]] = []   # the innermost time_budget's last


class OutOfTime(Exception):
    """A run could not be played whole before the time budget's deadline or stop."""


class GameFailed(Exception):
    """A game of a run raised an exception (its ``__cause__``): the run and the seed
    of that game, to replay it."""

    def __init__(self, spec: Simulation, seed: int) -> None:
        super().__init__(f"the game of seed {seed} of {spec.factory} raised an exception")
        self.spec = spec
        self.seed = seed


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
    """``spec`` with its content as the games read it (no printed texts)."""
    options = tuple((name, for_play(value)[0] if name == "content" else value)
                    for name, value in spec.options)
    return Simulation(spec.factory, options, spec.max_steps)


@lru_cache(maxsize=512)
def cached_run(spec: Simulation, games: int, seed: int) -> tuple[GameRecord, ...]:
    """``run(spec, games, seed)``, from memory, then disk, then by playing (on the
    content without its printed texts: labels in the records are placeholders, see
    :func:`rules_engine.core.play_model.printed`)."""
    folder = cache_dir()
    path = folder / "runs" / f"{run_key(spec, games, seed)}.json" if folder else None
    if path is not None:
        found = _load(path)
        if found is not None and len(found) == games:
            return found
    deadline, stop = _limits[-1] if _limits else (None, None)
    played: list[GameRecord] = []
    try:
        for record in stream(for_play_spec(spec), games, seed, stop=stop, deadline=deadline):
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
    if path is not None:
        _store(path, records)
    return records
