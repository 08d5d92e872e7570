"""Sheet geometry for home printing: pure arithmetic, testable without drawing.

All values are millimetres with the origin at the bottom-left of the page (as in
PDF). A :class:`Sheet` says where each card slot lies; :func:`crop_marks` gives the
cut marks (in the margins only, never over a card); :func:`back_slot` gives where
a card's back lands on the duplex backs page (mirrored for a long-edge flip);
gutter-fold sheets put fronts on one half and backs, mirrored, on the other.
"""

from __future__ import annotations

from dataclasses import dataclass

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
    "a2": (420.0, 594.0),
    "a1": (594.0, 841.0),
    "a0": (841.0, 1189.0),
}

MIN_MARGIN = 5.0
MARK_GAP = 1.0      # marks start this far from the card block
MARK_LENGTH = 4.0   # at most; never longer than the margin allows
# most printers cannot print this close to the paper's edge (a home inkjet or laser
# leaves 3 to 4 mm): marks stop short of it, so none is lost (Letter leaves 6.35 mm
# above and below poker cards: marks of 1.35 mm, not ones reaching 1.35 mm from the edge)
PRINTABLE_BAND = 4.0


class ImpositionError(ValueError):
    """The cards cannot be placed on the paper (too large)."""


@dataclass(frozen=True)
class Slot:
    """Where one card's trim box lies on the page."""

    index: int
    column: int
    row: int
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Sheet:
    """A page of cards: paper size, orientation and card slots (reading order)."""

    paper: str
    page_width: float
    page_height: float
    columns: int
    rows: int
    card_width: float
    card_height: float
    slots: tuple[Slot, ...]
    fold_x: float | None = None      # gutter-fold: the fold line

    @property
    def per_page(self) -> int:
        return len(self.slots)

    @property
    def block(self) -> tuple[float, float, float, float]:
        """The bounding box of all slots: left, bottom, right, top."""
        xs = [s.x for s in self.slots] + [s.x + s.width for s in self.slots]
        ys = [s.y for s in self.slots] + [s.y + s.height for s in self.slots]
        return min(xs), min(ys), max(xs), max(ys)


def _fit(avail: float, item: float) -> int:
    return int((avail + 1e-9) // item) if item > 0 else 0


def _paper(paper: str) -> tuple[float, float]:
    if paper not in PAPERS:
        raise ImpositionError(f"unknown paper {paper!r}; known: {', '.join(PAPERS)}")
    return PAPERS[paper]


def _slots(cols: int, rows: int, left: float, bottom: float, card_width: float,
           card_height: float, gap: float = 0.0) -> tuple[Slot, ...]:
    """A cols x rows block of slots in reading order, its bottom-left at (left, bottom),
    ``gap`` mm between neighbours."""
    return tuple(Slot(r * cols + c, c, r, left + c * (card_width + gap),
                      bottom + (rows - 1 - r) * (card_height + gap), card_width, card_height)
                 for r in range(rows) for c in range(cols))


def grid(paper: str, card_width: float, card_height: float,
         margin: float = MIN_MARGIN) -> Sheet:
    """As many cards as fit with at least ``margin`` mm around them.

    Pages stay portrait, so printing duplex with "flip on long edge" mirrors the
    backs page left to right, which is what :func:`back_slot` assumes.
    """
    page_w, page_h = _paper(paper)
    cols = _fit(page_w - 2 * margin, card_width)
    rows = _fit(page_h - 2 * margin, card_height)
    if cols * rows == 0:
        raise ImpositionError(f"cards of {card_width:g} x {card_height:g} mm are too large "
                              f"for {paper} paper with {margin:g} mm margins")
    left = (page_w - cols * card_width) / 2
    bottom = (page_h - rows * card_height) / 2
    slots = _slots(cols, rows, left, bottom, card_width, card_height)
    return Sheet(paper, page_w, page_h, cols, rows, card_width, card_height, slots)


Box = tuple[float, float, float, float]
"""A rectangle on the page: left, bottom, right, top (mm)."""


def overlaps(a: Box, b: Box) -> bool:
    """True when the rectangles share more than an edge."""
    eps = 1e-6
    return (a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps
            and b[1] < a[3] - eps)


def grid_within(paper: str, page: tuple[float, float], card_width: float,
                card_height: float, area: Box, avoid: tuple[Box, ...] = (),
                gap: float = 0.0) -> Sheet:
    """As many cards as fit inside ``area`` with no card over a box of ``avoid``, the
    block centred in the area (``gap`` mm between cards); of the grids holding most,
    the one with more columns. ``paper`` names the sheet, ``page`` is its size."""
    left, bottom, right, top = area
    max_cols = _fit(right - left + gap, card_width + gap)
    max_rows = _fit(top - bottom + gap, card_height + gap)
    best: Sheet | None = None
    for cols in range(max_cols, 0, -1):
        for rows in range(max_rows, 0, -1):
            if best is not None and cols * rows <= best.per_page:
                break
            block_w = cols * card_width + (cols - 1) * gap
            block_h = rows * card_height + (rows - 1) * gap
            slots = _slots(cols, rows, (left + right - block_w) / 2,
                           (bottom + top - block_h) / 2, card_width, card_height, gap)
            if any(overlaps((s.x, s.y, s.x + s.width, s.y + s.height), box)
                   for s in slots for box in avoid):
                continue
            best = Sheet(paper, page[0], page[1], cols, rows, card_width, card_height, slots)
    if best is None:
        raise ImpositionError(f"cards of {card_width:g} x {card_height:g} mm are too large "
                              f"for the {right - left:g} x {top - bottom:g} mm a cutting "
                              f"machine can cut on {paper}")
    return best


def gutterfold(paper: str, card_width: float, card_height: float,
               margin: float = MIN_MARGIN, gutter: float = 10.0) -> Sheet:
    """Fronts on the left half, backs on the right, folded along the middle.

    The returned slots are the fronts; :func:`fold_slot` gives each back. The
    orientation holding more cards wins.
    """
    pw, ph = _paper(paper)
    best: Sheet | None = None
    for page_w, page_h in ((pw, ph), (ph, pw)):
        cols = _fit((page_w - gutter) / 2 - margin, card_width)
        rows = _fit(page_h - 2 * margin, card_height)
        if cols * rows == 0:
            continue
        fold = page_w / 2
        slots = _slots(cols, rows, fold - gutter / 2 - cols * card_width,
                       (page_h - rows * card_height) / 2, card_width, card_height)
        sheet = Sheet(paper, page_w, page_h, cols, rows, card_width, card_height, slots, fold)
        if best is None or sheet.per_page > best.per_page:
            best = sheet
    if best is None:
        raise ImpositionError(f"cards of {card_width:g} x {card_height:g} mm are too large "
                              f"for gutter-fold on {paper} paper")
    return best


def fold_slot(sheet: Sheet, slot: Slot) -> Slot:
    """Where the back of ``slot`` lies on a gutter-fold sheet: mirrored across the fold."""
    assert sheet.fold_x is not None
    x = 2 * sheet.fold_x - slot.x - slot.width
    return Slot(slot.index, slot.column, slot.row, x, slot.y, slot.width, slot.height)


def back_slot(sheet: Sheet, slot: Slot, offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """Where the back of ``slot`` lies on the duplex backs page (long-edge flip).

    ``offset`` (mm, x to the right and y up as seen on the backs page) corrects a
    printer's drift.
    """
    x = sheet.page_width - slot.x - slot.width + offset[0]
    return Slot(slot.index, slot.column, slot.row, x, slot.y + offset[1], slot.width,
                slot.height)


def back_offset_problem(sheet: Sheet, offset: tuple[float, float]) -> str:
    """Why ``offset`` cannot shift this duplex sheet's backs ("" when it can): a back
    pushed past the paper's edge would be cut off."""
    if offset == (0.0, 0.0):
        return ""
    left, bottom, right, top = _block(tuple(back_slot(sheet, s) for s in sheet.slots))
    room_x = (left, sheet.page_width - right)
    room_y = (bottom, sheet.page_height - top)
    x, y = offset
    if -x > room_x[0] or x > room_x[1] or -y > room_y[0] or y > room_y[1]:
        return (f"a back shift of {x:g},{y:g} mm pushes the backs off the page (the card "
                f"block leaves {room_x[0]:.1f} mm left, {room_x[1]:.1f} mm right, "
                f"{room_y[0]:.1f} mm below and {room_y[1]:.1f} mm above)")
    return ""


Segment = tuple[float, float, float, float]


def crop_marks(sheet: Sheet, slots: tuple[Slot, ...] | None = None) -> list[Segment]:
    """Cut marks for the card edges, drawn in the margins outside the card block only."""
    chosen = slots if slots is not None else sheet.slots
    left, bottom, right, top = _block(chosen)
    xs = sorted({round(s.x, 4) for s in chosen} | {round(s.x + s.width, 4) for s in chosen})
    ys = sorted({round(s.y, 4) for s in chosen} | {round(s.y + s.height, 4) for s in chosen})
    marks: list[Segment] = []
    below = min(MARK_LENGTH, bottom - MARK_GAP - PRINTABLE_BAND)
    above = min(MARK_LENGTH, sheet.page_height - top - MARK_GAP - PRINTABLE_BAND)
    for x in xs:
        if below > 0:
            marks.append((x, bottom - MARK_GAP - below, x, bottom - MARK_GAP))
        if above > 0:
            marks.append((x, top + MARK_GAP, x, top + MARK_GAP + above))
    lefts = min(MARK_LENGTH, left - MARK_GAP - PRINTABLE_BAND)
    rights = min(MARK_LENGTH, sheet.page_width - right - MARK_GAP - PRINTABLE_BAND)
    if sheet.fold_x is not None:   # gutter-fold: marks stop at the fold, clear of the other half
        if right <= sheet.fold_x:
            rights = min(rights, sheet.fold_x - right - MARK_GAP - 0.5)
        else:
            lefts = min(lefts, left - sheet.fold_x - MARK_GAP - 0.5)
    for y in ys:
        if lefts > 0:
            marks.append((left - MARK_GAP - lefts, y, left - MARK_GAP, y))
        if rights > 0:
            marks.append((right + MARK_GAP, y, right + MARK_GAP + rights, y))
    return marks


def _block(slots: tuple[Slot, ...]) -> tuple[float, float, float, float]:
    return (min(s.x for s in slots), min(s.y for s in slots),
            max(s.x + s.width for s in slots), max(s.y + s.height for s in slots))
