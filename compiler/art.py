"""Card art: read, checked and prepared once per build.

An art file is a stranger's bytes: a few hundred kilobytes of PNG can decode to
billions of pixels, a truncated file fails only when it is drawn, and the same
image printed on twelve cards must not be decoded twelve times. So each file is

* read as a regular file within a size bound (never a FIFO, device or /proc file);
* identified from its header alone (format and pixel size) and refused (B623)
  when it has more pixels than its card could ever print, before decoding;
* decoded completely once, so a truncated or corrupt image is a located B603
  diagnostic instead of a failure while drawing;
* scaled down once to :data:`MAX_DPI` at the card's size when it is larger.

:class:`Art` is what the drawing code receives: the bytes to embed (the file's
own when no scaling was needed, so JPEG stays JPEG) and a digest naming them.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass
from pathlib import Path

from compiler.safe_read import UnreadableFile, read_file

FILE_LIMIT = 64 * 1024 * 1024      # bytes of one art file
MAX_DPI = 600                      # art is printed at most this sharp
REFUSE_DPI = 1200                  # art this much sharper than the card is refused undecoded
MAX_PIXELS = 50_000_000            # and no image over this many pixels is ever decoded
FORMATS = ("PNG", "JPEG", "GIF", "BMP", "TIFF", "WEBP")


@dataclass(frozen=True)
class Art:
    """Prepared art: the image bytes to embed, their digest and pixel size."""

    data: bytes
    digest: str
    width: int
    height: int
    dpi: float                     # of the original file, across the card's width


class ArtProblem(Exception):
    """The art cannot be printed; ``code`` and ``message`` make the diagnostic."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


_PREPARED: dict[tuple[str, float, float], Art] = {}


def prepare_art(path: Path, written: str, card_mm: tuple[float, float]) -> Art:
    """The art at ``path`` (``written`` is how the card names it) ready for a card of
    ``card_mm``; raises :class:`ArtProblem`. Equal files are prepared once."""
    try:
        data = read_file(path, FILE_LIMIT)
    except UnreadableFile as exc:
        raise ArtProblem("B603", f"art file {written!r}: {exc.reason}") from None
    key = (hashlib.sha256(data).hexdigest(), *card_mm)
    if key not in _PREPARED:
        _PREPARED[key] = _prepare(data, key[0], written, card_mm)
    return _PREPARED[key]


def _prepare(data: bytes, digest: str, written: str, card_mm: tuple[float, float]) -> Art:
    from PIL import Image

    width_in, height_in = card_mm[0] / 25.4, card_mm[1] / 25.4
    most = min(MAX_PIXELS, round(width_in * REFUSE_DPI) * round(height_in * REFUSE_DPI))
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(data), formats=FORMATS)
        except Exception:  # noqa: BLE001 - whatever PIL cannot identify is one diagnostic
            raise ArtProblem("B603", f"art file {written!r} is not a readable image "
                             f"({', '.join(FORMATS)})") from None
        with image:
            width, height = image.size
            if width * height > most:
                raise ArtProblem("B623", f"art {written!r} is {width:,} x {height:,} px; a "
                                 f"card of {card_mm[0]:g} x {card_mm[1]:g} mm prints at most "
                                 f"{most:,} pixels (scale it to about "
                                 f"{round(width_in * 300)} px across)")
            try:
                image.load()
            except Exception as exc:  # noqa: BLE001 - truncated, corrupt, bomb: unreadable
                raise ArtProblem("B603", f"art file {written!r} is damaged and cannot be "
                                 f"decoded ({type(exc).__name__})") from None
            dpi = width / width_in
            wanted = round(width_in * MAX_DPI)
            if width <= wanted:
                return Art(data, digest, width, height, dpi)
            scaled = image.convert("RGBA" if "A" in image.getbands() or
                                   "transparency" in image.info else "RGB")
            size = (wanted, max(1, round(height * wanted / width)))
            scaled = scaled.resize(size, Image.Resampling.LANCZOS)
            out = io.BytesIO()
            scaled.save(out, format="PNG", compress_level=6)
            made = out.getvalue()
            return Art(made, hashlib.sha256(made).hexdigest(), size[0], size[1], dpi)
