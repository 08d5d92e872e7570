"""Sheet geometry: slots, margins, crop marks, duplex and gutter-fold positions."""

from __future__ import annotations

import pytest

from compiler.pdf import imposition
from compiler.pdf.imposition import ImpositionError, Slot

POKER = (63.5, 88.9)


def overlaps(segment: tuple[float, float, float, float], slot: Slot) -> bool:
    x1, y1, x2, y2 = segment
    lo_x, hi_x = sorted((x1, x2))
    lo_y, hi_y = sorted((y1, y2))
    return (lo_x < slot.x + slot.width and hi_x > slot.x and
            lo_y < slot.y + slot.height and hi_y > slot.y)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_cards_are_three_by_three(paper: str) -> None:
    sheet = imposition.grid(paper, *POKER)
    assert (sheet.columns, sheet.rows, sheet.per_page) == (3, 3, 9)
    left, bottom, right, top = sheet.block
    assert left >= 5 and bottom >= 5
    assert sheet.page_width - right >= 5 and sheet.page_height - top >= 5
    assert left == pytest.approx(sheet.page_width - right)   # centred


def test_a4_positions_are_exact() -> None:
    sheet = imposition.grid("a4", *POKER)
    first, last = sheet.slots[0], sheet.slots[-1]
    assert (first.x, first.y) == pytest.approx((9.75, 15.15 + 2 * 88.9))
    assert (last.x, last.y) == pytest.approx((9.75 + 2 * 63.5, 15.15))


def test_duplex_pages_stay_portrait_for_a_long_edge_flip() -> None:
    sheet = imposition.grid("a4", 127.0, 88.9)       # fold-out Tyranny cards
    assert (sheet.columns, sheet.rows, sheet.page_width) == (1, 3, 210.0)


def test_too_large_cards_fail_early_with_a_reason() -> None:
    with pytest.raises(ImpositionError, match="too large for a4 paper"):
        imposition.grid("a4", 300, 300)
    with pytest.raises(ImpositionError, match="unknown paper"):
        imposition.grid("a5", *POKER)


def test_crop_marks_stay_in_the_margins() -> None:
    for paper in ("a4", "letter"):
        sheet = imposition.grid(paper, *POKER)
        marks = imposition.crop_marks(sheet)
        assert len(marks) == 2 * 4 + 2 * 4    # 4 vertical cut lines x top/bottom, 4 horizontal
        for mark in marks:
            assert not any(overlaps(mark, slot) for slot in sheet.slots)
            x1, y1, x2, y2 = mark
            # inside the printable area: no nearer the paper's edge than the band most
            # printers cannot print (Letter's marks reached 1.35 mm from it)
            band = imposition.PRINTABLE_BAND
            assert min(x1, x2) >= band - 1e-9 and max(x1, x2) <= sheet.page_width - band + 1e-9
            assert min(y1, y2) >= band - 1e-9 and max(y1, y2) <= sheet.page_height - band + 1e-9
            assert max(abs(x2 - x1), abs(y2 - y1)) >= 1.0     # long enough to see and cut by


def test_duplex_backs_are_mirrored_and_offset() -> None:
    sheet = imposition.grid("a4", *POKER)
    for slot in sheet.slots:
        back = imposition.back_slot(sheet, slot)
        assert back.x + back.width == pytest.approx(sheet.page_width - slot.x)
        assert back.y == slot.y
        moved = imposition.back_slot(sheet, slot, (0.5, -0.3))
        assert (moved.x - back.x, moved.y - back.y) == pytest.approx((0.5, -0.3))
    # the first card's back lands in the last column of the same row
    assert imposition.back_slot(sheet, sheet.slots[0]).x == pytest.approx(sheet.slots[2].x)


def test_gutterfold_mirrors_across_the_fold() -> None:
    sheet = imposition.gutterfold("a4", *POKER)
    assert sheet.fold_x == pytest.approx(sheet.page_width / 2)
    assert sheet.per_page == 4            # landscape: 2 rows of 2 fronts
    for slot in sheet.slots:
        back = imposition.fold_slot(sheet, slot)
        assert slot.x + slot.width <= sheet.fold_x <= back.x
        assert sheet.fold_x - (slot.x + slot.width) == pytest.approx(back.x - sheet.fold_x)
    fronts = sheet.slots
    backs = tuple(imposition.fold_slot(sheet, s) for s in fronts)
    for marks, _others in ((imposition.crop_marks(sheet, fronts), backs),
                           (imposition.crop_marks(sheet, backs), fronts)):
        for mark in marks:
            assert not any(overlaps(mark, s) for s in (*fronts, *backs))
