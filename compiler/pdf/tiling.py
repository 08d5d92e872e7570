"""Splitting a mat or board larger than the paper into overlapping tiles.

Pure arithmetic, in mm. Each tile shows a window of the mat; neighbouring windows
overlap by exactly ``OVERLAP`` so the sheets can be trimmed and glued; alignment
marks sit on the lines where the neighbour's edge must lie, and every tile names its
place on the page map ("row 2, column 3"). The windows of a row (and of a column)
are all the same size: the fewest that fit the paper, grown or shrunk together so
that they span the mat with the stated overlap and no more (never a last tile pulled
back over its neighbour).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from compiler.i18n import print_words
from compiler.i18n.print_words import PrintWords
from compiler.pdf.imposition import PAPERS, ImpositionError

MARGIN = 10.0     # room for marks and the page map label
OVERLAP = 10.0


@dataclass(frozen=True)
class Tile:
    row: int          # 1-based, from the top
    column: int       # 1-based, from the left
    rows: int
    columns: int
    x: float          # the window on the mat: left edge (mm from the mat's left)
    y: float          # top edge (mm from the mat's top)
    width: float
    height: float
    page_width: float
    page_height: float

    @property
    def label(self) -> str:
        """Its place on the page map, in English (a language's: :func:`place`)."""
        return place(self, print_words.english())


def place(tile: Tile, words: PrintWords) -> str:
    """``tile``'s place on the page map ("row 2, column 3 of 3 x 4") in ``words``'
    language."""
    return words.say("tile", row=tile.row, column=tile.column, rows=tile.rows,
                     columns=tile.columns)


def _count(length: float, window: float) -> int:
    if length <= window + 1e-9:
        return 1
    return math.ceil((length - OVERLAP) / (window - OVERLAP) - 1e-9)


def _spans(length: float, window: float) -> list[tuple[float, float]]:
    """(start, size) of each of the fewest equal windows no larger than ``window``
    that cover ``length`` with neighbours overlapping by exactly OVERLAP."""
    count = _count(length, window)
    if count == 1:
        return [(0.0, min(window, length))]
    size = (length + (count - 1) * OVERLAP) / count
    return [(n * (size - OVERLAP), size) for n in range(count)]


def plan(width: float, height: float, paper: str) -> list[Tile]:
    """The tiles for a ``width`` x ``height`` mm mat on ``paper`` (one tile if it fits).

    Both orientations of the paper are tried; the one needing fewer sheets wins.
    """
    if paper not in PAPERS:
        raise ImpositionError(f"unknown paper {paper!r}; known: {', '.join(PAPERS)}")
    best: list[Tile] | None = None
    pw, ph = PAPERS[paper]
    for page_w, page_h in ((pw, ph), (ph, pw)):
        columns = _spans(width, page_w - 2 * MARGIN)
        rows = _spans(height, page_h - 2 * MARGIN)
        tiles = [Tile(r + 1, c + 1, len(rows), len(columns), x, y, w, h, page_w, page_h)
                 for r, (y, h) in enumerate(rows) for c, (x, w) in enumerate(columns)]
        if best is None or len(tiles) < len(best):
            best = tiles
    assert best is not None
    return best


def mark_lines(tile: Tile) -> list[tuple[str, float]]:
    """Where this tile's neighbours' edges fall (axis, mm within the window)."""
    lines: list[tuple[str, float]] = []
    if tile.column < tile.columns:      # the next column starts here
        lines.append(("x", tile.width - OVERLAP))
    if tile.column > 1:                 # this window starts where the previous one overlaps
        lines.append(("x", OVERLAP))
    if tile.row < tile.rows:
        lines.append(("y", tile.height - OVERLAP))
    if tile.row > 1:
        lines.append(("y", OVERLAP))
    return lines
