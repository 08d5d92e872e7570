"""Cutting machines' print-and-cut geometry: where the registration marks of a
Silhouette go, the part of the page they keep clear, and the card sheets that fit.

``--cut-marks silhouette`` prints Silhouette Studio's "Type 1" marks (the Cameo,
Portrait and Curio style) on each fronts page at the Studio's default size and inset:
a filled 5 mm square at the top left and two L-shaped corners, 20 mm arms of 0.5 mm,
at the top right and bottom left, each mark's outer corner 10 mm from both edges of
the paper (10 mm is also the smallest inset the Studio accepts). The machine's
optical sensor finds the three marks, so cards stay inside the rectangle they span
with a clearance, and out of a square around each mark (its *keep-out*) in which
the sensor looks for it: :func:`silhouette_sheet` places as many cards as fit so.

``--cut-marks cricut``: Cricut Design Space prints its own registration frame around
an uploaded image, which may be at most 6.75 x 9.25 in (171.45 x 234.95 mm) for
Print Then Cut on Letter or A4; :func:`cricut_sheet` lays cards out on an image of
exactly that size, with a gap between cards so that Design Space, which cuts around
each opaque shape of the image, cuts each card on its own.

All values are millimetres with the origin at the bottom-left of the page (as in
PDF and :mod:`compiler.pdf.imposition`).
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.pdf import imposition
from compiler.pdf.imposition import Box, ImpositionError, Segment, Sheet

MACHINES = ("silhouette", "cricut")

SILHOUETTE_INSET = 10.0      # mark corner to paper edge: the Studio's default and minimum
SILHOUETTE_LENGTH = 20.0     # each arm of an L, and the side of a mark's keep-out square
SILHOUETTE_THICKNESS = 0.5   # the arms' line width
SILHOUETTE_SQUARE = 5.0      # the filled top-left square
SILHOUETTE_CLEARANCE = 2.0   # cards stay this far from the marks and their keep-outs

CRICUT_AREA = (6.75 * 25.4, 9.25 * 25.4)   # Print Then Cut's largest image: 171.45 x 234.95
CRICUT_GAP = 4.0             # between cards, so Design Space finds each one's outline


@dataclass(frozen=True)
class Mark:
    """One registration mark: its filled rectangles and the area kept clear around it."""

    name: str                       # top-left, top-right, bottom-left
    rects: tuple[Box, ...]
    keep_out: Box


def silhouette_marks(page_width: float, page_height: float) -> tuple[Mark, ...]:
    """The three Silhouette marks on a page of this size."""
    inset, length, thick = SILHOUETTE_INSET, SILHOUETTE_LENGTH, SILHOUETTE_THICKNESS
    top = page_height - inset        # the marks' top edge
    right = page_width - inset       # the top-right mark's right edge
    bottom = inset                   # the bottom-left mark's bottom edge
    left = inset
    grow = SILHOUETTE_CLEARANCE
    square = SILHOUETTE_SQUARE
    return (
        Mark("top-left", ((left, top - square, left + square, top),),
             (left - grow, top - length - grow, left + length + grow, top + grow)),
        Mark("top-right", ((right - length, top - thick, right, top),
                           (right - thick, top - length, right, top)),
             (right - length - grow, top - length - grow, right + grow, top + grow)),
        Mark("bottom-left", ((left, bottom, left + length, bottom + thick),
                             (left, bottom, left + thick, bottom + length)),
             (left - grow, bottom - grow, left + length + grow, bottom + length + grow)),
    )


def silhouette_area(page_width: float, page_height: float) -> Box:
    """Where cards may lie: inside the marks' rectangle, the clearance away from it."""
    edge = SILHOUETTE_INSET + SILHOUETTE_CLEARANCE
    return edge, edge, page_width - edge, page_height - edge


def silhouette_sheet(paper: str, card_width: float, card_height: float) -> Sheet:
    """As many cards as fit inside the Silhouette marks on ``paper``, clear of every
    mark's keep-out, the block centred (so a long-edge flip still lands the backs)."""
    if paper not in imposition.PAPERS:
        raise ImpositionError(f"unknown paper {paper!r}; known: {', '.join(imposition.PAPERS)}")
    width, height = imposition.PAPERS[paper]
    area = silhouette_area(width, height)
    try:
        return imposition.grid_within(paper, (width, height), card_width, card_height, area,
                                      tuple(m.keep_out for m in silhouette_marks(width, height)))
    except ImpositionError:
        raise ImpositionError(
            f"cards of {card_width:g} x {card_height:g} mm do not fit inside Silhouette "
            f"registration marks on {paper} paper ({area[2] - area[0]:g} x "
            f"{area[3] - area[1]:g} mm inside the marks, less their corners)") from None


def cricut_sheet(card_width: float, card_height: float) -> Sheet:
    """Cards on one Cricut Print Then Cut image (:data:`CRICUT_AREA`), portrait, a
    :data:`CRICUT_GAP` between them, the block centred."""
    width, height = CRICUT_AREA
    try:
        return imposition.grid_within("cricut", CRICUT_AREA, card_width, card_height,
                                      (0.0, 0.0, width, height), gap=CRICUT_GAP)
    except ImpositionError:
        raise ImpositionError(
            f"cards of {card_width:g} x {card_height:g} mm are larger than the "
            f"{width:g} x {height:g} mm (6.75 x 9.25 in) Cricut's Print Then Cut can "
            "print") from None


def clear_of(segments: list[Segment], marks: tuple[Mark, ...]) -> list[Segment]:
    """The crop marks that stay out of every registration mark's keep-out (the sensor
    would take a line there for part of the mark)."""
    return [s for s in segments
            if not any(imposition.overlaps(_grown(s), m.keep_out) for m in marks)]


def _grown(segment: Segment, half: float = 0.1) -> Box:
    """A crop mark as the rectangle its line (0.25 pt, 0.09 mm wide) covers."""
    x1, y1, x2, y2 = segment
    return min(x1, x2) - half, min(y1, y2) - half, max(x1, x2) + half, max(y1, y2) + half
