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

from compiler.pdf import cut_marks, cut_svg, forms, imposition, instructions
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


def home_sheet(paper: str, mode: str, width: float, height: float,
               machine: str | None = None) -> imposition.Sheet:
    """The sheet home pages use for cards of ``width`` x ``height`` mm: a duplex grid
    (inside Silhouette registration marks with ``machine`` silhouette) or gutter-fold."""
    if mode != "duplex":
        return imposition.gutterfold(paper, width, height)
    if machine == "silhouette":
        return cut_marks.silhouette_sheet(paper, width, height)
    return imposition.grid(paper, width, height)


def _copies(cards: Sequence[PrintCard]) -> list[PrintCard]:
    return [c for c in cards for _ in range(c.copies)]


def page_counts(cards: Sequence[PrintCard], per_page: int) -> list[int]:
    """How many cards each page (or image) of ``per_page`` slots holds."""
    total = len(_copies(cards))
    return [min(per_page, total - start) for start in range(0, total, per_page)]


def home_sheets(cards: Sequence[PrintCard], paper: str, mode: str, title: str, *,
                back_offset: tuple[float, float] = (0.0, 0.0), proof: bool = False,
                machine: str | None = None, stamp: instructions.Stamp | None = None
                ) -> tuple[bytes, int, int]:
    """Cards laid out N-up; returns (pdf, pages, cards printed).

    With ``stamp`` the PDF opens with the print instructions page
    (:mod:`compiler.pdf.instructions`; on duplex sheets with its back), counted in the
    pages.

    ``mode`` is ``duplex`` (a backs page after each fronts page, mirrored for a
    long-edge flip, shifted by ``back_offset`` mm) or ``gutterfold``. With ``machine``
    silhouette (duplex only) every fronts page carries the Silhouette registration
    marks, the cards inside them, and no crop mark in a mark's keep-out.
    """
    first = cards[0].front
    width, height = first.width_mm, first.height_mm
    sheet = home_sheet(paper, mode, width, height, machine)
    marks = (cut_marks.silhouette_marks(sheet.page_width, sheet.page_height)
             if machine == "silhouette" and mode == "duplex" else ())
    copies = _copies(cards)
    seen = Counter(side.key for c in copies for side in (c.front, c.back))
    buffer = io.BytesIO()
    canvas = _canvas(buffer, sheet.page_width, sheet.page_height, title)
    pages = 0
    if stamp is not None:
        card_pages = len(page_counts(cards, sheet.per_page)) * (2 if mode == "duplex" else 1)
        info = instructions.Instructions(
            stamp, mode, sheet.paper, (width, height), len(cards), len(copies), card_pages,
            sheet.per_page, back_offset, machine)
        instructions.draw(canvas, info, sheet.page_width, sheet.page_height,
                          duplex_back=mode == "duplex")
        pages += 2 if mode == "duplex" else 1
    for start in range(0, len(copies), sheet.per_page):
        batch = copies[start:start + sheet.per_page]
        slots = sheet.slots[:len(batch)]
        for card, slot in zip(batch, slots, strict=True):
            draw_side(canvas, card.front, slot.x * MM, slot.y * MM, proof=proof,
                      reuse=seen[card.front.key] > 1)
        if marks:
            _marks(canvas, cut_marks.clear_of(imposition.crop_marks(sheet, slots), marks))
            _registration(canvas, marks)
        else:
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


def _registration(canvas: Canvas, marks: Sequence[cut_marks.Mark]) -> None:
    """The registration marks, solid black (what the cutter's sensor looks for)."""
    canvas.saveState()
    canvas.setFillColor(forms.colour("#000000"))
    for mark in marks:
        for x1, y1, x2, y2 in mark.rects:
            canvas.rect(x1 * MM, y1 * MM, (x2 - x1) * MM, (y2 - y1) * MM, stroke=0, fill=1)
    canvas.restoreState()


def cricut_images(cards: Sequence[PrintCard], title: str, *, backs: bool = False
                  ) -> tuple[bytes, imposition.Sheet]:
    """The fronts (or with ``backs`` the backs, each in its front's place) as Cricut
    Print Then Cut images: one page per image of exactly
    :data:`~compiler.pdf.cut_marks.CRICUT_AREA`, cards apart by a gap, each clipped to
    its rounded trim (the corners and the gaps stay empty, transparent once rendered
    with ``png_pages(..., transparent=True)``). Returns the PDF and its sheet."""
    first = cards[0].front
    sheet = cut_marks.cricut_sheet(first.width_mm, first.height_mm)
    copies = _copies(cards)
    seen = Counter((c.back if backs else c.front).key for c in copies)
    buffer = io.BytesIO()
    canvas = _canvas(buffer, sheet.page_width, sheet.page_height, title)
    radius = cut_svg.CORNER_RADIUS
    for start in range(0, len(copies), sheet.per_page):
        batch = copies[start:start + sheet.per_page]
        for card, slot in zip(batch, sheet.slots[:len(batch)], strict=True):
            canvas.saveState()
            path = canvas.beginPath()
            r = min(radius, slot.width / 2, slot.height / 2)
            path.roundRect(slot.x * MM, slot.y * MM, slot.width * MM, slot.height * MM, r * MM)
            canvas.clipPath(path, stroke=0, fill=0)
            side = card.back if backs else card.front
            draw_side(canvas, side, slot.x * MM, slot.y * MM, reuse=seen[side.key] > 1)
            canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue(), sheet


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


def png_pages(pdf: bytes, dpi: int = 300, threads: int | None = None, jobs: int = 1, *,
              transparent: bool = False) -> list[bytes]:
    """Render every page of ``pdf`` to PNG bytes, in page order; the same bytes whatever
    ``threads`` and ``jobs``. With ``transparent``, what the page does not paint is
    transparent (RGBA), not white.

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
        return _render_run(pdf, dpi, 0, count, threads, transparent)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # forked before this process opens the PDF again: no pdfium call is under way
    with ProcessPoolExecutor(max_workers=len(runs) - 1,
                             mp_context=multiprocessing.get_context("fork")) as pool:
        others = [pool.submit(_render_run, pdf, dpi, start, stop, 1, transparent)
                  for start, stop in runs[1:]]
        images = _render_run(pdf, dpi, *runs[0], 1, transparent)
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


def _render_run(pdf: bytes, dpi: int, start: int, stop: int, threads: int | None,
                transparent: bool = False) -> list[bytes]:
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
                bitmap = page.render(scale=dpi / 72 * (1 - 1e-9),
                                     **({"fill_color": (255, 255, 255, 0)} if transparent
                                        else {}))
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
