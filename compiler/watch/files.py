"""File events for ``samizdat watch``, through watchdog (inotify, FSEvents, or
ReadDirectoryChangesW; polling where none is available).

Every change under the watched folders (the content, and ``--templates``) wakes one
worker thread, which waits until the files have been quiet for :data:`QUIET` seconds
(an editor's save is often several events) and then calls the refresh, with the time
of the first event, so the preview can say how long a save took to show. Editors'
scratch files and the output folder are ignored.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

QUIET = 0.05
SCRATCH = (".swp", ".swx", "~", ".tmp", ".part")


class Watcher:
    """Calls ``refresh(first_event_time)`` after changes under ``folders``."""

    def __init__(self, folders: list[Path], refresh: Callable[[float], object],
                 ignore: list[Path] | None = None) -> None:
        self.folders = folders
        self.refresh = refresh
        self.ignore = [p.resolve() for p in ignore or []]
        self.first: float | None = None
        self.last = 0.0
        self.wake = threading.Condition()
        self.stopped = False
        self.observer = Observer()

    def relevant(self, path: str) -> bool:
        name = Path(path)
        if name.name.startswith((".#", "#")) or name.name.endswith(SCRATCH):
            return False
        resolved = name.resolve()
        return not any(resolved.is_relative_to(folder) for folder in self.ignore)

    def noticed(self) -> None:
        with self.wake:
            now = time.time()
            if self.first is None:
                self.first = now
            self.last = now
            self.wake.notify()

    def start(self) -> None:
        watcher = self

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event: FileSystemEvent) -> None:
                if event.event_type in ("opened", "closed_no_write"):
                    return
                paths = [event.src_path, getattr(event, "dest_path", "")]
                if any(p and watcher.relevant(str(p)) for p in paths):
                    watcher.noticed()

        for folder in self.folders:
            self.observer.schedule(Handler(), str(folder), recursive=True)
        self.observer.daemon = True
        self.observer.start()
        threading.Thread(target=self._work, name="samizdat-watch", daemon=True).start()

    def _work(self) -> None:
        while True:
            with self.wake:
                while self.first is None and not self.stopped:
                    self.wake.wait()
                if self.stopped:
                    return
                while time.time() - self.last < QUIET:
                    self.wake.wait(QUIET)
                first, self.first = self.first, None
            assert first is not None
            self.refresh(first)

    def stop(self) -> None:
        with self.wake:
            self.stopped = True
            self.wake.notify()
        self.observer.stop()
