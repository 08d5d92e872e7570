"""Ctrl-C as a request to stop long work cleanly: while inside :func:`ctrl_c_stops`,
the first SIGINT only requests a :class:`~rules_engine.core.simulate.Stop` (games
then stop between two games, in this process and in the workers); a second one
raises KeyboardInterrupt as usual."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from rules_engine.core.simulate import Stop

INTERRUPTED_EXIT = 130          # the shell's code for a command stopped by Ctrl-C (128 + 2)


@contextmanager
def ctrl_c_stops(stop: Stop) -> Iterator[None]:
    """While inside, the first Ctrl-C (SIGINT) requests ``stop``; a second one
    raises KeyboardInterrupt as usual. Outside the main thread this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        del signum, frame
        if stop.requested:
            raise KeyboardInterrupt
        stop.request()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
