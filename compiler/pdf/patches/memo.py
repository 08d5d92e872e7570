"""Memos for two pure, costly steps of reportlab's PDF writing, shared by every PDF a
process writes.

A build writes one PDF per deck, and the decks of a game repeat much of each other:
the same font subsets (the same glyphs of the same font give the same bytes) and the
same Flate-compressed streams (subsets, icons, backs). Both steps are pure functions
of their input, so remembering their output changes no byte of any file; it only
saves doing the same work again for the next deck. The memos are bounded (least
recently used entries go first once their inputs pass ``MAX_BYTES``).
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from reportlab.pdfbase import pdfdoc

MAX_BYTES = 48 * 1024 * 1024     # input bytes remembered, per memo


class BytesMemo:
    """A least-recently-used memo from a key to bytes, bounded by the bytes it holds."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.held = 0
        self.entries: OrderedDict[Any, tuple[bytes, int]] = OrderedDict()  # bytes, cost

    def get(self, key: Any, size: int, make: Callable[[], bytes]) -> bytes:
        """The bytes for ``key``, made by ``make`` unless remembered; ``size`` is what
        remembering the key costs."""
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
            return found[0]
        made = make()
        cost = size + len(made)
        self.entries[key] = (made, cost)
        self.held += cost
        while self.held > self.max_bytes and len(self.entries) > 1:
            self.held -= self.entries.popitem(last=False)[1][1]
        return made

    def cache_clear(self) -> None:
        """Forget everything (as :func:`functools.lru_cache` objects do)."""
        self.entries.clear()
        self.held = 0


_COMPRESSED = BytesMemo()
_SUBSETS = BytesMemo()


def _compress(text: bytes | str) -> bytes:
    data = text.encode("utf8") if isinstance(text, str) else text
    return _COMPRESSED.get(data, len(data), lambda: zlib.compress(data))


def install() -> None:
    """Route reportlab's Flate filter through the memo (idempotent)."""
    filter_ = pdfdoc.PDFZCompress
    if filter_.__dict__.get("encode") is not _compress:
        filter_.encode = _compress


def uninstall() -> None:
    """Give reportlab's Flate filter its own ``encode`` back."""
    if pdfdoc.PDFZCompress.__dict__.get("encode") is _compress:
        del pdfdoc.PDFZCompress.encode


def memoize_subsets(font: Any) -> None:
    """Give one registered TrueType font a memo of its subsets (``makeSubset``)."""
    face = font.face
    make = type(face).makeSubset
    name = font.fontName

    def make_subset(subset: list[int]) -> bytes:
        key = (name, tuple(subset))
        return _SUBSETS.get(key, 4 * len(subset), lambda: bytes(make(face, subset)))

    face.makeSubset = make_subset
