"""The first page of every home-sheet deck: how to print it, a scale ruler to check
the print was not scaled, and a stamp naming the version printed.

The page is drawn on the deck's own canvas, before its first fronts page. On duplex
sheets a second page follows it (the back of the instructions, nearly blank), so the
card fronts still start on an odd page and every back lands behind its front.

What the page says comes from :class:`Instructions` (pure data, made by the build);
the geometry of the ruler is in :func:`ruler_ticks` so that tests can measure the
printed ticks against it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from compiler.pdf import forms
from compiler.pdf.render_card import MM
from compiler.typeset import fonts

INK = "#000000"
MUTED = "#505050"
RULER_MM = 100.0           # the metric ruler's length
RULER_INCHES = 4           # the imperial ruler's length
MARGIN_MM = 18.0
TEXT_PT = 10.0


@dataclass(frozen=True)
class Stamp:
    """Which deck this is and which version of it: printed on its instructions page."""

    game: str                       # the game's title, as printed
    deck: str
    version: str                    # samizdat's
    digest: str                     # the deck's printed content, shortened
    date: str | None                # YYYY-MM-DD, or None: undated

    @property
    def text(self) -> str:
        """samizdat's version, the content digest and the date, on one line."""
        return f"samizdat {self.version} · deck {self.digest} · {self.date or 'undated'}"


@dataclass(frozen=True)
class Instructions:
    """What the instructions page of one deck says."""

    stamp: Stamp
    mode: str                       # duplex | gutterfold
    paper: str
    card_size_mm: tuple[float, float]
    designs: int
    cards: int
    card_pages: int                 # the pages that hold cards (not this one)
    per_page: int
    back_offset: tuple[float, float]
    machine: str | None = None      # silhouette | cricut


def content_digest(parts: Sequence[tuple[str, int, str, str]]) -> str:
    """A short digest of what a deck prints: each design's (id, copies, front key,
    back key). Equal digests mean the same cards, in the same numbers, drawn alike."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(repr(part).encode())
    return digest.hexdigest()[:12]


def steps(info: Instructions) -> list[str]:
    """The printing steps, in order, as plain sentences."""
    width, height = info.card_size_mm
    sheets = info.card_pages // 2 if info.mode == "duplex" else info.card_pages
    paper = "US Letter" if info.paper == "letter" else info.paper.upper()
    found = [
        "Print at 100 % (actual size). Turn off fit to page, shrink to fit and any "
        f"scaling in the print dialogue; paper: {paper}.",
        "Check the scale: the ruler below must measure exactly "
        f"{RULER_MM:g} mm ({RULER_INCHES} inches). If it does not, the printer scaled the "
        "page and the cards will not fit their sleeves.",
    ]
    if info.mode == "duplex":
        found.append(
            "Print double-sided, flipping on the LONG edge. This page and its back are "
            f"the first sheet; the cards follow on {sheets} sheet"
            f"{'s' if sheets != 1 else ''}, fronts on one side and backs on the other.")
        x, y = info.back_offset
        if (x, y) != (0.0, 0.0):
            found.append(f"The backs are already shifted by {x:+g} mm across and {y:+g} mm "
                         "up for this printer's drift (--back-offset).")
        else:
            found.append("If the backs do not sit behind their fronts, print the calibration "
                         "sheet (samizdat calibrate) and build with the --back-offset it "
                         "reads, or save it in samizdat.toml.")
    else:
        found.append(
            f"Print one-sided ({sheets} sheet{'s' if sheets != 1 else ''} after this page). "
            "Fold each sheet along the dashed line, backs behind fronts, and glue the halves "
            "together before cutting.")
    if info.machine == "silhouette":
        found.append("Load the printed fronts into the Silhouette with the registration "
                     "marks; cut with the SVG file in cut/.")
    elif info.machine == "cricut":
        found.append("For a Cricut, print the Print Then Cut images in cut/ from Design Space "
                     "instead of these sheets' fronts.")
    found.append(
        f"Cut along the crop marks: each card is {width:g} x {height:g} mm. "
        f"{info.cards} card{'s' if info.cards != 1 else ''} in all "
        f"({info.designs} design{'s' if info.designs != 1 else ''}), up to {info.per_page} "
        "a page.")
    return found


def ruler_ticks() -> list[tuple[float, float]]:
    """The metric ruler's ticks: (position from its zero in mm, length in mm)."""
    return [(float(mm), 5.0 if mm % 10 == 0 else 3.5 if mm % 5 == 0 else 2.0)
            for mm in range(int(RULER_MM) + 1)]


def inch_ticks() -> list[tuple[float, float]]:
    """The imperial ruler's ticks every 1/8 inch: (position in mm, length in mm)."""
    return [(eighth * 25.4 / 8, 5.0 if eighth % 8 == 0 else 3.5 if eighth % 4 == 0 else 2.0)
            for eighth in range(RULER_INCHES * 8 + 1)]


def ruler_origin(page_height: float) -> tuple[float, float]:
    """Where the metric ruler's zero lies on the page (mm from the bottom left); the
    imperial ruler's zero is 22 mm below it."""
    return MARGIN_MM, 70.0 if page_height > 150 else 40.0


def draw(canvas: Canvas, info: Instructions, page_width: float, page_height: float,
         duplex_back: bool) -> None:
    """The instructions page (and with ``duplex_back`` its back) on ``canvas``."""
    font = fonts.pdf_name("sans")
    bold = fonts.pdf_name("sans-bold")
    left = MARGIN_MM * MM
    width = (page_width - 2 * MARGIN_MM) * MM
    y = (page_height - MARGIN_MM) * MM - 16
    canvas.setFillColor(forms.colour(INK))
    canvas.setFont(bold, 16)
    canvas.drawString(left, y, f"{info.stamp.game}: {info.stamp.deck}")
    y -= 22
    canvas.setFont(font, TEXT_PT)
    canvas.setFillColor(forms.colour(MUTED))
    canvas.drawString(left, y, "Print-and-play sheets: read before printing.")
    y -= 24
    canvas.setFillColor(forms.colour(INK))
    for number, step in enumerate(steps(info), start=1):
        lines = simpleSplit(step, font, TEXT_PT, width - 14)
        canvas.setFont(bold, TEXT_PT)
        canvas.drawString(left, y, f"{number}.")
        canvas.setFont(font, TEXT_PT)
        for line in lines:
            canvas.drawString(left + 14, y, line)
            y -= TEXT_PT * 1.35
        y -= 6
    _rulers(canvas, page_height)
    _card_outline(canvas, info.card_size_mm, page_width, y / MM - 8,
                  ruler_origin(page_height)[1] + 20)
    canvas.setFont(font, 8)
    canvas.setFillColor(forms.colour(MUTED))
    canvas.drawString(left, MARGIN_MM * MM, info.stamp.text)
    canvas.showPage()
    if duplex_back:
        canvas.setFont(font, 8)
        canvas.setFillColor(forms.colour(MUTED))
        canvas.drawCentredString(page_width / 2 * MM, page_height / 2 * MM,
                                 "The back of the print instructions: the cards begin on "
                                 "the next sheet.")
        canvas.drawString(left, MARGIN_MM * MM, info.stamp.text)
        canvas.showPage()


def outline_box(card_size_mm: tuple[float, float], page_width: float, top: float,
                bottom: float) -> tuple[float, float, float, float] | None:
    """Where a card's trim is drawn at actual size (left, bottom, width, height in mm):
    centred across the page, hanging from ``top`` when it stays above ``bottom`` (the
    rulers); else beside the rulers at the right margin, when there is room; else None."""
    width, height = card_size_mm
    if top - height - 6 >= bottom:
        return (page_width - width) / 2, top - height, width, height
    beside = MARGIN_MM + RULER_MM + 20
    if page_width - MARGIN_MM - width >= beside and MARGIN_MM + 10 + height <= top:
        return page_width - MARGIN_MM - width, MARGIN_MM + 10, width, height
    return None


def _card_outline(canvas: Canvas, card_size_mm: tuple[float, float], page_width: float,
                  top: float, bottom: float) -> None:
    box = outline_box(card_size_mm, page_width, top, bottom)
    if box is None:
        return
    left, low, width, height = box
    canvas.setStrokeColor(forms.colour(INK))
    canvas.setLineWidth(0.25)
    canvas.setDash(3, 2)
    canvas.roundRect(left * MM, low * MM, width * MM, height * MM, 3 * MM)
    canvas.setDash()
    canvas.setFont(fonts.pdf_name("sans"), 8)
    canvas.setFillColor(forms.colour(MUTED))
    canvas.drawCentredString((left + width / 2) * MM, (low + height / 2) * MM,
                             "a card at actual size")
    canvas.drawCentredString((left + width / 2) * MM, (low + height / 2) * MM - 11,
                             f"{width:g} x {height:g} mm")


def _rulers(canvas: Canvas, page_height: float) -> None:
    x0, y0 = ruler_origin(page_height)
    font = fonts.pdf_name("sans")
    canvas.setStrokeColor(forms.colour(INK))
    canvas.setFillColor(forms.colour(INK))
    canvas.setLineWidth(0.25)
    for base, ticks, unit, label_every in (
            (y0, ruler_ticks(), "mm", 10.0), (y0 - 22.0, inch_ticks(), "in", 25.4)):
        canvas.line(x0 * MM, base * MM, (x0 + ticks[-1][0]) * MM, base * MM)
        canvas.setFont(font, 7)
        for position, length in ticks:
            x = (x0 + position) * MM
            canvas.line(x, base * MM, x, (base + length) * MM)
            steps_from_zero = position / label_every
            if abs(steps_from_zero - round(steps_from_zero)) < 1e-6:
                text = f"{round(steps_from_zero * (10 if unit == 'mm' else 1))}"
                canvas.drawCentredString(x, (base + length + 1.2) * MM, text)
        canvas.drawString((x0 + ticks[-1][0] + 3) * MM, base * MM, unit)
    canvas.setFont(font, 8)
    canvas.drawString(x0 * MM, (y0 + 12) * MM,
                      f"Scale check: 0 to {RULER_MM:g} mm, and 0 to {RULER_INCHES} inches.")
