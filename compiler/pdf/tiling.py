"""Splitting a mat or board larger than the paper into overlapping tiles.

Pure arithmetic, in mm. Each tile shows a window of the mat; neighbouring windows
overlap so the sheets can be trimmed and glued; alignment marks sit on the lines
where the neighbour's edge must lie, and every tile names its place on the page
map ("row 2, column 3").
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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
        return f"row {self.row}, column {self.column} of {self.rows} x {self.columns}"


def _count(length: float, window: float) -> int:
    if length <= window + 1e-9:
        return 1
    return math.ceil((length - OVERLAP) / (window - OVERLAP) - 1e-9)


def plan(width: float, height: float, paper: str) -> list[Tile]:
    """The tiles for a ``width`` x ``height`` mm mat on ``paper`` (one tile if it fits).

    Both orientations of the paper are tried; the one needing fewer sheets wins.
    """
    if paper not in PAPERS:
        raise ImpositionError(f"unknown paper {paper!r}; known: {', '.join(PAPERS)}")
    best: list[Tile] | None = None
    pw, ph = PAPERS[paper]
    for page_w, page_h in ((pw, ph), (ph, pw)):
        window_w, window_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN
        cols, rows = _count(width, window_w), _count(height, window_h)
        tiles = []
        for r in range(rows):
            for c in range(cols):
                x = 0.0 if cols == 1 else min(c * (window_w - OVERLAP), width - window_w)
                y = 0.0 if rows == 1 else min(r * (window_h - OVERLAP), height - window_h)
                tiles.append(Tile(r + 1, c + 1, rows, cols, max(0.0, x), max(0.0, y),
                                  min(window_w, width), min(window_h, height), page_w, page_h))
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
