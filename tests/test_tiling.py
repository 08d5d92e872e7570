"""Tiling a mat larger than the paper (compiler/pdf/tiling.py): equal tiles that
overlap by exactly the stated 10 mm and end at the mat's edges."""

from __future__ import annotations

import pytest

from compiler.pdf import tiling
from compiler.pdf.imposition import PAPERS


@pytest.mark.parametrize(("width", "height", "paper"), [
    (560, 560, "a4"), (560, 560, "letter"), (420, 297, "a4"), (300, 200, "a4"),
    (1000, 250, "a3"), (191, 500, "a4")])
def test_tiles_are_equal_and_overlap_by_exactly_the_stated_amount(
        width: float, height: float, paper: str) -> None:
    tiles = tiling.plan(width, height, paper)
    first = tiles[0]
    assert len(tiles) == first.rows * first.columns
    page_w, page_h = first.page_width, first.page_height
    assert {(page_w, page_h)} == {(t.page_width, t.page_height) for t in tiles}
    assert sorted((page_w, page_h)) == sorted(PAPERS[paper])
    # every tile the same size, inside the paper's margins
    assert len({(round(t.width, 6), round(t.height, 6)) for t in tiles}) == 1
    assert first.width <= page_w - 2 * tiling.MARGIN + 1e-9
    assert first.height <= page_h - 2 * tiling.MARGIN + 1e-9
    for tile in tiles:
        if tile.column < tile.columns:       # the next column overlaps this one by 10 mm
            right = next(t for t in tiles if t.row == tile.row and t.column == tile.column + 1)
            assert tile.x + tile.width - right.x == pytest.approx(tiling.OVERLAP)
        else:                                # the last column ends at the mat's edge
            assert tile.x + tile.width == pytest.approx(width)
        if tile.row < tile.rows:
            below = next(t for t in tiles if t.column == tile.column and t.row == tile.row + 1)
            assert tile.y + tile.height - below.y == pytest.approx(tiling.OVERLAP)
        else:
            assert tile.y + tile.height == pytest.approx(height)
        if tile.column == 1:
            assert tile.x == 0
        if tile.row == 1:
            assert tile.y == 0


def test_marks_fall_where_the_neighbours_edges_are() -> None:
    tiles = tiling.plan(560, 560, "a4")
    for tile in tiles:
        for axis, at in tiling.mark_lines(tile):
            start, size = (tile.x, tile.width) if axis == "x" else (tile.y, tile.height)
            on_mat = start + at
            neighbours = [t for t in tiles if t is not tile and (
                (axis == "x" and t.row == tile.row and abs(t.column - tile.column) == 1) or
                (axis == "y" and t.column == tile.column and abs(t.row - tile.row) == 1))]
            edges = [e for t in neighbours for e in (
                (t.x, t.x + t.width) if axis == "x" else (t.y, t.y + t.height))]
            assert any(on_mat == pytest.approx(e) for e in edges), (tile.label, axis, at)
            assert 0 < at < size


def test_the_fewest_sheets_and_one_when_it_fits() -> None:
    assert len(tiling.plan(180, 250, "a4")) == 1
    # 560 mm on A4 needs 4 windows of at most 190 mm (3 cover only 550 with the overlaps)
    tiles = tiling.plan(560, 560, "a4")
    assert len(tiles) == 12
    assert len({(t.x, t.y) for t in tiles}) == 12       # no two tiles show the same window
