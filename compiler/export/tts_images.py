"""The images of a Tabletop Simulator export, rendered from the PDFs samizdat prints:
card sheets (each card's page of :func:`compiler.pdf.sheets.card_pages`, scaled to its
slot), a deck's back, a board at its own size, and tokens cut out of a punch sheet.

Rendering is pdfium's, as for ``build --png``; images are encoded by
:mod:`compiler.pdf.png`, so the same content gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from compiler.export.tts import Grid
from compiler.pdf import png

POINTS_PER_MM = 72 / 25.4
TOKEN_DPI = 300
BOARD_MAX_PIXELS = 8192        # a board's longer side (TTS loads up to 8192 px)


def render_pages(pdf: bytes, width_px: int, height_px: int,
                 pages: Sequence[int] | None = None) -> list[Any]:
    """Pages ``pages`` (default: every one) of ``pdf`` as PIL images of exactly
    ``width_px`` x ``height_px``."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    images = []
    try:
        for index in pages if pages is not None else range(len(document)):
            page = document[index]
            try:
                scale = width_px / page.get_width() * (1 - 1e-9)
                image = page.render(scale=scale).to_pil().convert("RGB")
            finally:
                page.close()
            if image.size != (width_px, height_px):     # a pixel of rounding
                image = image.resize((width_px, height_px))
            images.append(image)
    finally:
        document.close()
    return images


def sheet(images: Sequence[Any], grid: Grid, hidden: Any) -> Any:
    """``images`` (each the grid's card size) in the grid's slots, left to right and top
    to bottom, and ``hidden`` in its last slot (a PIL image; :func:`encode` them)."""
    from PIL import Image

    canvas = Image.new("RGB", grid.size, "white")
    for slot, image in enumerate(images):
        canvas.paste(image, ((slot % grid.columns) * grid.card_width,
                             (slot // grid.columns) * grid.card_height))
    last = grid.hidden_slot
    canvas.paste(hidden, ((last % grid.columns) * grid.card_width,
                          (last // grid.columns) * grid.card_height))
    return canvas


def encode(images: Sequence[Any], dpi: int) -> list[bytes]:
    """Images as PNG, on every core (zlib lets go of the GIL), in order."""
    return list(png.encode_all(images, dpi))


def board(pdf: bytes, width_mm: float, height_mm: float) -> tuple[bytes, Any]:
    """A board's one-page PDF as PNG, its longer side :data:`BOARD_MAX_PIXELS` at
    most (and at most 300 dpi); also the image, for cutting tokens out of it."""
    scale = min(BOARD_MAX_PIXELS / max(width_mm, height_mm), TOKEN_DPI / 25.4)
    width_px, height_px = round(width_mm * scale), round(height_mm * scale)
    image = render_pages(pdf, width_px, height_px)[0]
    return png.encode(image, round(scale * 25.4)), image


def token(board_image: Any, box_mm: tuple[float, float, float, float], board_width_mm: float,
          circle: bool) -> bytes:
    """The token in ``box_mm`` (x, y from the top-left, w, h) of a rendered punch
    sheet, transparent outside its circle (when ``circle``) as TTS cuts a token."""
    from PIL import Image, ImageDraw

    scale = board_image.size[0] / board_width_mm
    x, y, w, h = box_mm
    if circle:                          # the circle is drawn centred in its box
        side = min(w, h)
        x, y, w, h = x + (w - side) / 2, y + (h - side) / 2, side, side
    left, top = round(x * scale), round(y * scale)
    right, bottom = round((x + w) * scale), round((y + h) * scale)
    cut = board_image.crop((left, top, right, bottom)).convert("RGBA")
    if circle:
        mask = Image.new("L", cut.size, 0)
        ImageDraw.Draw(mask).ellipse((0, 0, cut.size[0] - 1, cut.size[1] - 1), fill=255)
        cut.putalpha(mask)
    return png.encode(cut, round(scale * 25.4))
