"""SVG cut files for cutting machines: one closed path per card along its trim line,
with rounded corners, in millimetres and in the coordinates of the page it cuts.

A file is ``width="210mm" height="297mm" viewBox="0 0 210 297"`` for an A4 page (one
user unit is one millimetre), so Silhouette Studio, Cricut Design Space or Inkscape
import it at its real size. SVG's y grows downwards and PDF's upwards: a slot at
PDF ``y`` (its bottom edge) is at SVG ``page_height - y - height`` (its top edge).
The registration marks, when the page has them, are filled rectangles in the group
``id="registration"``; the cut paths are in the group ``id="cut"``, card by card in
reading order. Numbers are rounded to three decimals (a micrometre) and written
without trailing zeros, so the same page gives the same bytes.

Layouts and card sizes define no corner radius, so cards are cut with
:data:`CORNER_RADIUS` (1/8 in, the usual corner of a poker card).
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from compiler.pdf.cut_marks import Mark
from compiler.pdf.imposition import Slot

CORNER_RADIUS = 0.125 * 25.4    # mm: 3.175, a poker card's corner
CUT_COLOUR = "#ff0000"
CUT_WIDTH = 0.25                # mm: a hairline the cutting software reads as a cut line


def number(value: float) -> str:
    """A coordinate as written: rounded to three decimals, trailing zeros dropped
    (``210``, ``15.15``, ``3.175``), never ``-0``."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def card_path(slot: Slot, page_height: float, radius: float = CORNER_RADIUS) -> str:
    """The ``d`` of a closed path along the slot's trim, corners rounded by ``radius``
    (at most half the card's width or height), clockwise from the top edge."""
    r = max(0.0, min(radius, slot.width / 2, slot.height / 2))
    left, right = slot.x, slot.x + slot.width
    top = page_height - slot.y - slot.height
    bottom = top + slot.height
    n = number
    if r == 0:
        return (f"M {n(left)} {n(top)} H {n(right)} V {n(bottom)} H {n(left)} Z")
    arc = f"A {n(r)} {n(r)} 0 0 1"
    return (f"M {n(left + r)} {n(top)} H {n(right - r)} {arc} {n(right)} {n(top + r)} "
            f"V {n(bottom - r)} {arc} {n(right - r)} {n(bottom)} H {n(left + r)} "
            f"{arc} {n(left)} {n(bottom - r)} V {n(top + r)} {arc} {n(left + r)} {n(top)} Z")


def page_svg(width: float, height: float, slots: Sequence[Slot], *,
             marks: Sequence[Mark] = (), title: str = "",
             radius: float = CORNER_RADIUS) -> bytes:
    """The cut file of one page layout: ``slots`` as cut paths, ``marks`` (PDF
    coordinates, like the slots) as the registration group."""
    w, h = number(width), number(height)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}mm" '
             f'height="{h}mm" viewBox="0 0 {w} {h}">']
    if title:
        lines.append(f"  <title>{escape(title)}</title>")
    if marks:
        lines.append('  <g id="registration" fill="#000000" stroke="none">')
        for mark in marks:
            for index, (x1, y1, x2, y2) in enumerate(mark.rects):
                lines.append(f'    <rect id={quoteattr(f"{mark.name}-{index + 1}")} '
                             f'x="{number(x1)}" y="{number(height - y2)}" '
                             f'width="{number(x2 - x1)}" height="{number(y2 - y1)}"/>')
        lines.append("  </g>")
    lines.append(f'  <g id="cut" fill="none" stroke="{CUT_COLOUR}" '
                 f'stroke-width="{number(CUT_WIDTH)}">')
    for slot in sorted(slots, key=lambda s: s.index):
        lines.append(f'    <path id="card-{slot.index + 1}" '
                     f'd="{card_path(slot, height, radius)}"/>')
    lines.append("  </g>")
    lines.append("</svg>")
    return ("\n".join(lines) + "\n").encode("utf-8")


def layouts(counts: Sequence[int]) -> list[tuple[int, int, int]]:
    """The distinct page layouts of a deck whose pages hold ``counts`` cards (the first
    slots of the same sheet, so equal counts are equal layouts): (first page, last
    page, cards per page), pages numbered from 1, runs of equal counts together."""
    runs: list[tuple[int, int, int]] = []
    for page, count in enumerate(counts, start=1):
        if runs and runs[-1][2] == count and runs[-1][1] == page - 1:
            runs[-1] = (runs[-1][0], page, count)
        else:
            runs.append((page, page, count))
    return runs


def file_name(stem: str, run: tuple[int, int, int], single: bool, unit: str) -> str:
    """``<stem>.svg`` when the deck has one layout, else ``<stem>-<unit>s-1-3.svg`` or
    ``<stem>-<unit>-4.svg`` (the sheets or images it is for)."""
    first, last, _ = run
    if single:
        return f"{stem}.svg"
    return f"{stem}-{unit}-{first}.svg" if first == last else \
        f"{stem}-{unit}s-{first}-{last}.svg"
