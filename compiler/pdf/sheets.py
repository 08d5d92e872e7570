"""PDF back ends for cards: home print-and-play sheets, print-ready single cards
and one page per card side (for PNG export).

Every PDF is written with reportlab's invariant mode (same input, same bytes),
embeds every font, and asks viewers to print at actual size.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from compiler.pdf import forms, imposition
from compiler.pdf.render_card import MM, PreparedSide, draw_side
from compiler.pdf.vendors import Vendor
from compiler.typeset import fonts


@dataclass(frozen=True)
class PrintCard:
    """One card design to print: both prepared sides and how many copies."""

    card_id: str
    front: PreparedSide
    back: PreparedSide
    copies: int


def _canvas(buffer: io.BytesIO, width_mm: float, height_mm: float, title: str) -> Canvas:
    fonts.register()
    canvas = Canvas(buffer, pagesize=(width_mm * MM, height_mm * MM), invariant=1,
                    pageCompression=1, initialFontName=fonts.pdf_name("sans"))
    canvas.setTitle(title)
    canvas.setAuthor("samizdat")
    canvas.setCreator("samizdat")
    canvas.setViewerPreference("PrintScaling", "None")
    return canvas


def _marks(canvas: Canvas, segments: Sequence[imposition.Segment]) -> None:
    canvas.setStrokeColor(forms.colour("#000000"))
    canvas.setLineWidth(0.25)
    for x1, y1, x2, y2 in segments:
        canvas.line(x1 * MM, y1 * MM, x2 * MM, y2 * MM)


def home_sheets(cards: Sequence[PrintCard], paper: str, mode: str, title: str, *,
                back_offset: tuple[float, float] = (0.0, 0.0), proof: bool = False
                ) -> tuple[bytes, int, int]:
    """Cards laid out N-up; returns (pdf, pages, cards printed).

    ``mode`` is ``duplex`` (a backs page after each fronts page, mirrored for a
    long-edge flip, shifted by ``back_offset`` mm) or ``gutterfold``.
    """
    first = cards[0].front
    width, height = first.width_mm, first.height_mm
    sheet = (imposition.grid(paper, width, height) if mode == "duplex"
             else imposition.gutterfold(paper, width, height))
    copies = [c for c in cards for _ in range(c.copies)]
    seen = Counter(side.key for c in copies for side in (c.front, c.back))
    buffer = io.BytesIO()
    canvas = _canvas(buffer, sheet.page_width, sheet.page_height, title)
    pages = 0
    for start in range(0, len(copies), sheet.per_page):
        batch = copies[start:start + sheet.per_page]
        slots = sheet.slots[:len(batch)]
        for card, slot in zip(batch, slots, strict=True):
            draw_side(canvas, card.front, slot.x * MM, slot.y * MM, proof=proof,
                      reuse=seen[card.front.key] > 1)
        _marks(canvas, imposition.crop_marks(sheet, slots))
        if mode == "gutterfold":
            backs = tuple(imposition.fold_slot(sheet, s) for s in slots)
            for card, slot in zip(batch, backs, strict=True):
                draw_side(canvas, card.back, slot.x * MM, slot.y * MM, proof=proof,
                          reuse=seen[card.back.key] > 1)
            _marks(canvas, imposition.crop_marks(sheet, backs))
            assert sheet.fold_x is not None
            canvas.setStrokeColor(forms.colour("#808080"))
            canvas.setDash(4, 3)
            canvas.line(sheet.fold_x * MM, 2 * MM, sheet.fold_x * MM,
                        (sheet.page_height - 2) * MM)
            canvas.setDash()
            canvas.showPage()
            pages += 1
            continue
        canvas.showPage()
        backs = tuple(imposition.back_slot(sheet, s, back_offset) for s in slots)
        for card, slot in zip(batch, backs, strict=True):
            draw_side(canvas, card.back, slot.x * MM, slot.y * MM, proof=proof,
                      reuse=seen[card.back.key] > 1)
        _marks(canvas, imposition.crop_marks(sheet, backs))
        canvas.showPage()
        pages += 2
    canvas.save()
    return buffer.getvalue(), pages, len(copies)


def print_ready(cards: Sequence[PrintCard], vendor: Vendor, title: str, *, proof: bool = False
                ) -> tuple[bytes, int]:
    """One card side per page at the vendor's size with its bleed, TrimBox and BleedBox
    set; each card's front then its back, or the back first for a vendor that asks."""
    bleed = vendor.bleed_mm
    first = cards[0].front
    width, height = first.width_mm + 2 * bleed, first.height_mm + 2 * bleed
    buffer = io.BytesIO()
    canvas = _canvas(buffer, width, height, title)
    pages = 0
    for card in cards:
        for side in (card.back, card.front) if vendor.back_first else (card.front, card.back):
            canvas.setBleedBox((0, 0, width * MM, height * MM))
            canvas.setTrimBox((bleed * MM, bleed * MM, (width - bleed) * MM,
                               (height - bleed) * MM))
            draw_side(canvas, side, bleed * MM, bleed * MM, bleed_mm=bleed, proof=proof)
            if proof:
                _vendor_safe_line(canvas, vendor, bleed, width, height)
            canvas.showPage()
            pages += 1
    canvas.save()
    return buffer.getvalue(), pages


VENDOR_SAFE_INK = "#00a050"


def _vendor_safe_line(canvas: Canvas, vendor: Vendor, bleed: float, width: float,
                      height: float) -> None:
    """The vendor's own safe line (TGC's 1/8" inside the trim), dashed green on a
    proof, beside the layout's guides."""
    inset = bleed + vendor.safe_mm
    canvas.saveState()
    canvas.setStrokeColor(forms.colour(VENDOR_SAFE_INK))
    canvas.setLineWidth(0.3)
    canvas.setDash(1.5, 1.5)
    canvas.rect(inset * MM, inset * MM, (width - 2 * inset) * MM, (height - 2 * inset) * MM,
                stroke=1, fill=0)
    canvas.restoreState()


def card_pages(cards: Sequence[PrintCard]) -> bytes:
    """Each card side on its own page at trim size (the source of PNG exports)."""
    first = cards[0].front
    buffer = io.BytesIO()
    canvas = _canvas(buffer, first.width_mm, first.height_mm, "cards")
    for card in cards:
        for side in (card.front, card.back):
            draw_side(canvas, side, 0, 0)
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def png_pages(pdf: bytes, dpi: int = 300, threads: int | None = None) -> list[bytes]:
    """Render every page of ``pdf`` to PNG bytes: pdfium draws the pages one after
    another (it is not thread-safe) while :mod:`compiler.pdf.png` encodes them on every
    core (``threads``, by default all); the same bytes whatever the number."""
    import pypdfium2 as pdfium

    from compiler.pdf import png

    document = pdfium.PdfDocument(pdf)

    def rendered() -> Iterator[Any]:
        for index in range(len(document)):
            page = document[index]
            try:
                # pdfium sizes the bitmap by ceil(points x scale): a hair under the
                # exact scale keeps a whole number of pixels (825, not 826, for a
                # 2.75" face at 300 dpi) from being rounded up by float error
                bitmap = page.render(scale=dpi / 72 * (1 - 1e-9))
                image = bitmap.to_pil()
                # PIL converts BGR (pdfium's default) into its own memory; other
                # formats it may share with the bitmap, freed with it
                yield image if bitmap.mode == "BGR" else image.copy()
            finally:
                page.close()

    try:
        return list(png.encode_all(rendered(), dpi, threads))
    finally:
        document.close()
