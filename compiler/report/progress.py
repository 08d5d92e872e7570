"""Progress of the long steps (lint's simulated analyses, simulate's games, build's
decks and PNGs) on standard error, never on standard output, so reports, JSON and
SARIF stay exactly what they are.

A step that ends within :data:`DELAY` seconds says nothing. One that takes longer
shows, on a terminal, a bar rewritten in place (cleared at the end, then one line
with the time taken); elsewhere (a CI log) a line when it is found to be long, a line
every :data:`LOG_EVERY` seconds while it runs, and one at the end with the elapsed
time::

    lint: azadi: simulating 5 campaigns (L711, L712, L713, L714)...
    lint: azadi: simulating 5 campaigns (L711, L712, L713, L714): done in 14.2 s

``samizdat lint|simulate|build --quiet`` turns it off.
"""

from __future__ import annotations

import shutil
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from typing import TextIO, TypeVar

T = TypeVar("T")

DELAY = 2.0          # seconds a step runs before its progress is shown
LOG_EVERY = 30.0     # seconds between two lines of a long step in a log
REDRAW_EVERY = 0.2   # seconds between two redraws of a bar
TICK_EVERY = 1.0     # seconds between two redraws of a bar nothing advanced
ESTIMATE_FROM = 10   # a step of this many parts or more shows the time left
BAR_WIDTH = 24


class Stage:
    """One step: ``advance`` it as its parts finish, ``close`` it at the end (a
    ``with`` block does). Thread-safe: a clock thread announces the step after the
    delay and keeps a bar's elapsed time moving."""

    def __init__(self, command: str, label: str, total: int | None, stream: TextIO,
                 bar: bool, delay: float) -> None:
        self.title = f"{command}: {label}"
        self.total = total
        self.stream = stream
        self.bar = bar
        self.done = 0
        self.item = ""
        self.start = time.monotonic()
        self.shown = False          # announced (the step is long)
        self.closed = False
        self._parts = 0             # parts begun through `started`
        self.last = 0.0             # when the bar was drawn, or a log line written
        self._lock = threading.Lock()
        self._ended = threading.Event()
        self._delay = delay
        if delay <= 0:
            self._announce()
        self._clock = threading.Thread(target=self._tick, daemon=True)
        self._clock.start()

    def __enter__(self) -> Stage:
        return self

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        self.close(stopped=kind is not None)

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):   # stderr closed: progress is not worth failing for
            pass

    def _count(self) -> str:
        if self.total is None:
            return f"{self.done:,}" if self.done else ""
        return f"{self.done:,} / {self.total:,}"

    def _draw(self) -> None:
        elapsed = time.monotonic() - self.start
        if self.total:
            filled = min(BAR_WIDTH, BAR_WIDTH * self.done // self.total)
            gauge = f" [{'#' * filled}{'-' * (BAR_WIDTH - filled)}] {self._count()}"
        else:
            gauge = f" {self._count()}" if self.done else ""
        item = f" {self.item}" if self.item else ""
        left = ""
        if self.total and self.total >= ESTIMATE_FROM and 0 < self.done < self.total:
            left = f", about {elapsed / self.done * (self.total - self.done):.0f} s left"
        line = f"{self.title}{gauge}{item} ({elapsed:.0f} s{left})"
        width = shutil.get_terminal_size((80, 24)).columns - 1   # a longer line would wrap
        self._write(f"\r\033[K{line if len(line) <= width else line[:width - 1] + '…'}")
        self.last = time.monotonic()

    def _tick(self) -> None:
        """Announce the step after the delay, then keep it alive while nothing
        advances it (a bar's clock; a log line every LOG_EVERY seconds)."""
        if self._ended.wait(self._delay):
            return
        self._announce()
        while not self._ended.wait(TICK_EVERY):
            with self._lock:
                if self.closed:
                    return
                now = time.monotonic()
                if self.bar:
                    self._draw()
                elif now - self.last >= LOG_EVERY:
                    self._log(now)

    def _log(self, now: float) -> None:
        count = f" {self._count()}" if self._count() else ""
        self._write(f"{self.title}:{count} ({now - self.start:.0f} s)\n")
        self.last = now

    def _announce(self) -> None:
        with self._lock:
            if self.closed or self.shown:
                return
            self.shown = True
            if self.bar:
                self._draw()
            else:
                self._write(f"{self.title}...\n")
                self.last = time.monotonic()

    def advance(self, done: int = 1, item: str = "") -> None:
        """``done`` more parts finished; ``item`` names the part now under way."""
        with self._lock:
            self.done += done
            self.item = item or self.item
            if not self.shown or self.closed:
                return
            now = time.monotonic()
            if self.bar and now - self.last >= REDRAW_EVERY:
                self._draw()
            elif not self.bar and now - self.last >= LOG_EVERY:
                self._log(now)

    def started(self, part: str) -> None:
        """The next part, ``part``, is under way (the one before it has finished)."""
        self.advance(1 if self._parts else 0, part)
        self._parts += 1

    def close(self, stopped: bool = False) -> None:
        """End the step: say how long it took, if it was shown."""
        self._ended.set()
        with self._lock:
            if self.closed:
                return
            self.closed = True
            if not self.shown:
                return
            how = "stopped after" if stopped else "done in"
            clear = "\r\033[K" if self.bar else ""
            self._write(f"{clear}{self.title}: {how} {time.monotonic() - self.start:.1f} s\n")


class Progress:
    """Where a command's steps are reported: standard error, as a bar on a terminal
    and as lines otherwise, or nowhere (``quiet``)."""

    def __init__(self, command: str, stream: TextIO | None = None, quiet: bool = False,
                 bar: bool | None = None) -> None:
        self.command = command
        self.stream = stream if stream is not None else sys.stderr
        self.quiet = quiet
        self.bar = _is_terminal(self.stream) if bar is None else bar

    def stage(self, label: str, total: int | None = None) -> Stage | _Silent:
        """A step called ``label`` of ``total`` parts (None: not known)."""
        if self.quiet:
            return _Silent()
        return Stage(self.command, label, total, self.stream, self.bar, DELAY)

    def over(self, label: str, items: Iterable[T], name: str = "") -> Iterator[T]:
        """``items`` one by one, as a step: the stage starts now (not at the first
        item) and each item taken advances it. ``name`` is an attribute of the items
        shown as the part under way."""
        listed = list(items)
        stage = self.stage(label, len(listed))
        return _advancing(stage, listed, name)


def _advancing(stage: Stage | _Silent, items: list[T], name: str) -> Iterator[T]:
    with stage:
        for item in items:
            stage.advance(0, str(getattr(item, name, "")) if name else "")
            yield item
            stage.advance(1)


class _Silent:
    """The stage of a quiet command: does nothing."""

    def __enter__(self) -> _Silent:
        return self

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        return None

    def advance(self, done: int = 1, item: str = "") -> None:
        return None

    def started(self, part: str) -> None:
        return None

    def close(self, stopped: bool = False) -> None:
        return None


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
