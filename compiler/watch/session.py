"""What ``samizdat watch`` knows between saves: the last good card images, the
diagnostics of the last rebuild, and which deck changed.

:meth:`Session.refresh` runs the front end on the content, fits every deck as a build
does (:func:`compiler.pipeline.build.prepared_decks`; unchanged text is fitted from
the caches) and renders only the cards whose drawing changed (a card side's ``key``
names its drawing), at preview resolution. A content error replaces the diagnostics
shown and keeps the last good images. Each refresh that changes anything is a new
:attr:`State.version`, which the preview page polls for.

Pure of HTTP and of file events: :mod:`compiler.watch.server` serves a session,
:mod:`compiler.watch.files` calls :meth:`Session.refresh` when files change.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.pipeline.build_types import BuildOptions
from rules_engine.core.diagnostics import Diagnostic, has_errors

PREVIEW_DPI = 96


@dataclass(frozen=True)
class CardView:
    """One card of a deck on the preview page."""

    card_id: str
    title: str
    front: str          # image names (``<digest>.png``)
    back: str
    copies: int


@dataclass(frozen=True)
class Problem:
    """A diagnostic as the page shows it."""

    code: str
    severity: str
    where: str          # file:line:column
    message: str
    source: str         # the line it points at ("" when unknown)


@dataclass
class State:
    """What the page shows: decks (the changed one first), the diagnostics, the
    version, and how long the last refresh took."""

    version: int = 0
    decks: dict[str, list[CardView]] = field(default_factory=dict)     # "game/deck"
    changed: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    seconds: float = 0.0
    saved_at: float = 0.0       # time.time() of the change that started the refresh

    def as_json(self) -> dict[str, Any]:
        order = self.changed + [d for d in sorted(self.decks) if d not in self.changed]
        return {"version": self.version, "changed": self.changed,
                "seconds": round(self.seconds, 3),
                "decks": [{"name": name, "cards": [card.__dict__ for card in self.decks[name]]}
                          for name in order],
                "problems": [problem.__dict__ for problem in self.problems]}


def _source_line(diagnostic: Diagnostic) -> str:
    location = diagnostic.location
    if not location.file or location.line < 1:
        return ""
    try:
        with open(location.file, encoding="utf-8", errors="replace") as handle:
            for number, line in enumerate(handle, start=1):
                if number == location.line:
                    return line.rstrip("\n")[:300]
    except OSError:
        return ""
    return ""


def problem_of(diagnostic: Diagnostic) -> Problem:
    location = diagnostic.location
    where = location.file + (f":{location.line}" if location.line else "") + \
        (f":{location.column}" if location.column else "")
    return Problem(diagnostic.code, diagnostic.severity.value, where, diagnostic.message,
                   _source_line(diagnostic))


class Session:
    """The content being watched, and what was last drawn of it."""

    def __init__(self, paths: list[Path], templates: Path | None = None) -> None:
        self.paths = paths
        self.templates = templates
        self.state = State()
        self.images: dict[str, bytes] = {}
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)

    def image(self, name: str) -> bytes | None:
        with self.lock:
            return self.images.get(name)

    def refresh(self, saved_at: float | None = None) -> State:
        """Rebuild the preview from the content as it is now; returns the new state."""
        from compiler.frontend.load import load
        from compiler.pdf import icons
        from compiler.pipeline.build import prepared_decks

        start = time.perf_counter()
        loaded = load(self.paths, self.templates, extras=False)
        diagnostics = list(loaded.diagnostics)
        decks: dict[str, list[Any]] = {}
        if not has_errors(diagnostics):
            options = BuildOptions(out_dir=Path("."), templates=self.templates,
                                   instructions=False)
            prepared, found = prepared_decks(loaded, options)
            diagnostics += found
            if not has_errors(found):
                for game, jobs in prepared.items():
                    icons.use(game, self.templates)
                    for job, cards in jobs:
                        decks[f"{game}/{job.deck}"] = self._views(job, cards)
        with self.lock:
            state = self.state
            problems = [problem_of(d) for d in sorted(set(diagnostics),
                                                      key=Diagnostic.sort_key)]
            if decks:
                changed = [name for name, views in decks.items()
                           if state.decks.get(name) != views]
                if changed or problems != state.problems or set(decks) != set(state.decks):
                    self.state = State(state.version + 1, decks, changed or state.changed,
                                       problems, time.perf_counter() - start,
                                       saved_at or time.time())
            elif problems != state.problems:     # errors: the last good images stay
                self.state = State(state.version + 1, state.decks, state.changed, problems,
                                   time.perf_counter() - start, saved_at or time.time())
            self.changed.notify_all()
            return self.state

    def _views(self, job: Any, cards: list[Any]) -> list[CardView]:
        """The deck's cards as the page lists them, each side rendered once per
        drawing."""
        from compiler.pdf import sheets

        faces = {plan.face.card_id: plan.face for plan in job.plans}
        missing = [card for card in cards
                   if _name(card.front.key) not in self.images
                   or _name(card.back.key) not in self.images]
        if missing:
            rendered = sheets.png_pages(sheets.card_pages(missing), dpi=PREVIEW_DPI)
            with self.lock:
                for index, card in enumerate(missing):
                    self.images[_name(card.front.key)] = rendered[2 * index]
                    self.images[_name(card.back.key)] = rendered[2 * index + 1]
        titles = {card.card_id: str(faces[card.card_id].front.get("title") or
                                    faces[card.card_id].front.get("name") or card.card_id)
                  for card in cards}
        repeated = {t for t, n in Counter(titles.values()).items() if n > 1}
        return [CardView(card.card_id, titles[card.card_id] if titles[card.card_id]
                         not in repeated else f"{titles[card.card_id]} · {card.card_id}",
                         _name(card.front.key), _name(card.back.key), card.copies)
                for card in cards]


def _name(key: str) -> str:
    """An image's name from its drawing's key (keys may hold any character)."""
    return hashlib.sha256(key.encode()).hexdigest()[:20] + ".png"
