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
from compiler.typeset import fonts

VENDOR_BLEED_MM: dict[str, float] = {
    "tgc": 0.125 * 25.4,          # The Game Crafter: 1/8" (poker 825 x 1125 px at 300 dpi)
    "mpc": 36 / 300 * 25.4,       # MakePlayingCards: 36 px at 300 dpi (poker 822 x 1122 px)
    "generic": 3.0,
}
# the vendors whose uploads take one image per card face (with bleed, at 300 dpi)
VENDOR_IMAGES = frozenset({"tgc", "mpc"})


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


def print_ready(cards: Sequence[PrintCard], vendor: str, title: str, *, proof: bool = False
                ) -> tuple[bytes, int]:
    """One card side per page at the vendor's size with bleed; TrimBox and BleedBox set."""
    bleed = VENDOR_BLEED_MM[vendor]
    first = cards[0].front
    width, height = first.width_mm + 2 * bleed, first.height_mm + 2 * bleed
    buffer = io.BytesIO()
    canvas = _canvas(buffer, width, height, title)
    pages = 0
    for card in cards:
        for side in (card.front, card.back):
            canvas.setBleedBox((0, 0, width * MM, height * MM))
            canvas.setTrimBox((bleed * MM, bleed * MM, (width - bleed) * MM,
                               (height - bleed) * MM))
            draw_side(canvas, side, bleed * MM, bleed * MM, bleed_mm=bleed, proof=proof)
            canvas.showPage()
            pages += 1
    canvas.save()
    return buffer.getvalue(), pages


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


def png_pages(pdf: bytes, dpi: int = 300, threads: int | None = None, jobs: int = 1
              ) -> list[bytes]:
    """Render every page of ``pdf`` to PNG bytes, in page order; the same bytes whatever
    ``threads`` and ``jobs``.

    pdfium is not thread-safe (no two of its calls may run at once in a process, even
    on different documents), so one process draws its pages one after another while
    :mod:`compiler.pdf.png` encodes them on ``threads`` threads (by default every
    core). With ``jobs`` > 1 the pages are split in ``jobs`` runs of consecutive pages:
    this process renders the first and ``jobs - 1`` forked processes the others, each
    opening the PDF itself and encoding on its own thread, so rendering uses ``jobs``
    cores. Without ``fork`` (Windows, or in a daemonic process, which may have no
    children), or for fewer than :data:`FORK_MIN_PAGES` pages, one process does all."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    count = len(document)
    document.close()
    runs = _runs(count, jobs)
    if len(runs) == 1:
        return _render_run(pdf, dpi, 0, count, threads)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # forked before this process opens the PDF again: no pdfium call is under way
    with ProcessPoolExecutor(max_workers=len(runs) - 1,
                             mp_context=multiprocessing.get_context("fork")) as pool:
        others = [pool.submit(_render_run, pdf, dpi, start, stop, 1)
                  for start, stop in runs[1:]]
        images = _render_run(pdf, dpi, *runs[0], 1)
        for future in others:
            images += future.result()
    return images


FORK_MIN_PAGES = 8
"""Below this many pages, forking costs more than the second core gives back."""


def _runs(pages: int, jobs: int) -> list[tuple[int, int]]:
    """[start, stop) of each process's consecutive pages (sizes differing by one at
    most), or one run when the pages are rendered in this process alone."""
    import multiprocessing

    jobs = min(jobs, pages // (FORK_MIN_PAGES // 2))
    if (jobs <= 1 or "fork" not in multiprocessing.get_all_start_methods()
            or multiprocessing.current_process().daemon):
        return [(0, pages)]
    return [(pages * index // jobs, pages * (index + 1) // jobs) for index in range(jobs)]


def _render_run(pdf: bytes, dpi: int, start: int, stop: int, threads: int | None
                ) -> list[bytes]:
    """PNG bytes of pages ``start`` to ``stop - 1`` of ``pdf``, opened here."""
    import pypdfium2 as pdfium

    from compiler.pdf import png

    document = pdfium.PdfDocument(pdf)

    def rendered() -> Iterator[Any]:
        for index in range(start, stop):
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
