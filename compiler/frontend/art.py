"""Card art: read, checked and prepared once per build.

An art file is a stranger's bytes: a few hundred kilobytes of PNG can decode to
billions of pixels, a truncated file fails only when it is drawn, and the same
image printed on twelve cards must not be decoded twelve times. So each file is

* read as a regular file within a size bound (never a FIFO, device or /proc file);
* identified from its header alone (format and pixel size) and refused (B623)
  when it has more pixels than its card could ever print, before decoding;
* decoded completely once, so a truncated or corrupt image is a located B603
  diagnostic instead of a failure while drawing;
* turned upright once when its EXIF data says the camera held it rotated;
* converted once to 8-bit colour when reportlab would print it wrongly (16-bit and
  32-bit grey would print white, a palette's transparent colour black);
* scaled down once to :data:`MAX_DPI` at the card's size when it is larger.

Transparency is kept (:attr:`Art.alpha`): the drawing code then gives the image its
soft mask, so a transparent background shows the card beneath instead of black.

:class:`Art` is what the drawing code receives: the bytes to embed (the file's
own when no scaling was needed, so JPEG stays JPEG) and a digest naming them.
"""

from __future__ import annotations

import errno
import hashlib
import io
import os
import stat
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from compiler.frontend.safe_read import UnreadableFile, describe_mode, read_file
from rules_engine.core.content import Item
from rules_engine.core.diagnostics import Diagnostic, error, quoted, warning

if TYPE_CHECKING:
    from PIL import Image, ImageCms

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
    alpha: bool = False            # the bytes carry transparency (drawn with a soft mask)
    colour_note: str = ""          # a colour-profile problem to warn about (B634)


class ArtProblem(Exception):
    """The art cannot be printed; ``code`` and ``message`` make the diagnostic."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


_PREPARED: dict[tuple[str, float, float], Art] = {}
_PRINTABLE = ("1", "L", "RGB", "CMYK")     # modes reportlab prints as they are
_ROTATED = range(2, 9)                     # EXIF orientations other than upright (1)


def art_path(folder: Path, written: str) -> Path:
    """Where the art ``written`` on a card in ``folder`` lies, links followed; raises
    :class:`ArtProblem` (B603) for a path no file can have: a NUL character, a link
    that loops, a name the system finds too long."""
    if "\0" in written:
        raise ArtProblem("B603", f"art path {quoted(written)} holds a NUL character, "
                         "which no file name can")
    try:
        return (folder / written).resolve()
    except (OSError, RuntimeError) as exc:   # RuntimeError: a link loop (Python < 3.13)
        reason = "a symbolic link loops" if isinstance(exc, RuntimeError) or \
            exc.errno == errno.ELOOP else (exc.strerror or type(exc).__name__).lower()
        raise ArtProblem("B603", f"art path {quoted(written)} cannot be followed "
                         f"({reason})") from None


def check_references(items: Iterable[Item], roots: list[Path]) -> Iterator[Diagnostic]:
    """What ``validate`` says about each item's ``art:``, at the value, without reading
    the file: a path no file can have or one that is missing or not a regular file
    (B603, a warning: the build prints a placeholder), a path leaving the content
    folder among ``roots`` that holds the item (B602). The messages are the build's
    own, so a build reports each problem once."""
    resolved = [r.resolve() for r in roots]
    for item in items:
        written = item.data.get("art")
        if not isinstance(written, str) or not written:
            continue
        where = item.loc("art")
        source_dir = Path(item.doc.file).resolve().parent
        root = next((r for r in resolved if source_dir.is_relative_to(r)), source_dir)
        try:
            candidate = art_path(source_dir, written)
        except ArtProblem as problem:
            yield warning("B603", f"{problem.message}; a placeholder is printed", where)
            continue
        if Path(written).is_absolute() or not candidate.is_relative_to(root):
            yield error("B602", f"art path {written!r} leaves the content folder "
                        f"{root.name}/", where)
            continue
        try:
            mode = os.stat(candidate).st_mode
        except (OSError, ValueError):
            yield warning("B603", f"art file {written!r} does not exist; a placeholder is "
                          "printed", where)
            continue
        if not stat.S_ISREG(mode):
            yield warning("B603", f"art file {written!r}: not a regular file: it is "
                          f"{describe_mode(mode)}; a placeholder is printed", where)


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
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise ArtProblem("B623", f"art {written!r} is over {Image.MAX_IMAGE_PIXELS:,} "
                             f"px; a card of {card_mm[0]:g} x {card_mm[1]:g} mm prints at "
                             f"most {most:,} pixels (scale it to about "
                             f"{round(width_in * 300)} px across)") from None
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
            rotated = image.getexif().get(0x0112, 1) in _ROTATED
            upright = _upright(image) if rotated else image
            width, height = upright.size
            dpi = width / width_in
            wanted = round(width_in * MAX_DPI)
            coloured, note = in_srgb(upright, written)
            printable, alpha = _printable(coloured)
            if width <= wanted and printable is image:
                return Art(data, digest, width, height, dpi, colour_note=note)
            size = (width, height)
            if width > wanted:
                size = (wanted, max(1, round(height * wanted / width)))
                printable = printable.convert("RGBA" if alpha else "RGB").resize(
                    size, Image.Resampling.LANCZOS)
            elif printable.mode == "CMYK":   # turned upright; PNG holds no CMYK
                printable = printable.convert("RGB")
            out = io.BytesIO()
            printable.save(out, format="PNG", compress_level=6)
            made = out.getvalue()
            return Art(made, hashlib.sha256(made).hexdigest(), size[0], size[1], dpi, alpha,
                       note)


def in_srgb(image: Image.Image, written: str) -> tuple[Image.Image, str]:
    """The image's colours in sRGB (what PDF viewers, printers' RGB workflows and the
    PNG export assume), converted with the ICC profile it carries, and a warning's
    message ("" when there is nothing to say): a profile other than sRGB (converted;
    colours outside sRGB are clipped), one that cannot be read or does not fit the
    pixels, CMYK pixels with no profile at all (printed uncorrected)."""
    from PIL import ImageCms

    icc = image.info.get("icc_profile")
    if not icc:
        if image.mode == "CMYK":
            return image, (f"art {written!r} is CMYK with no colour profile: its colours "
                           "are printed uncorrected and may not match what you see; save "
                           "it as sRGB or embed its profile")
        return image, ""
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        name = " ".join(ImageCms.getProfileDescription(source).split())[:80]
    except (ImageCms.PyCMSError, OSError, ValueError, TypeError):
        return image, (f"art {written!r} carries a colour profile that cannot be read; "
                       "its colours are printed as if it were sRGB")
    if "srgb" in name.lower().replace(" ", ""):
        return image, ""
    alpha = image.getchannel("A") if "A" in image.getbands() else None
    base = image
    if image.mode not in ("RGB", "CMYK", "L"):
        base = image.convert("L" if image.mode in ("LA", "La") else "RGB")
    try:
        converted = ImageCms.profileToProfile(base, source, _srgb(), outputMode="RGB")
    except (ImageCms.PyCMSError, OSError, ValueError) as exc:
        return image, (f"art {written!r} carries the colour profile {name!r}, which does "
                       f"not fit its {image.mode} pixels ({exc}); its colours are printed as "
                       "if it were sRGB")
    assert converted is not None
    if alpha is not None:
        converted.putalpha(alpha)
    return converted, (f"art {written!r} is in the colour profile {name!r}, not sRGB: it "
                       "is converted to sRGB for printing, and colours sRGB cannot show "
                       "are clipped; check them on a proof")


_SRGB: list[ImageCms.ImageCmsProfile] = []


def _srgb() -> ImageCms.ImageCmsProfile:
    from PIL import ImageCms

    if not _SRGB:
        _SRGB.append(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")))
    return _SRGB[0]


def _upright(image: Image.Image) -> Image.Image:
    """The image turned as its EXIF orientation says it was meant to be seen."""
    from PIL import ImageOps

    return ImageOps.exif_transpose(image)


def _printable(image: Image.Image) -> tuple[Image.Image, bool]:
    """The image in a mode reportlab prints faithfully (the image itself when it is
    one already), and whether it carries transparency."""
    if image.mode in _PRINTABLE or (image.mode == "P" and "transparency" not in image.info):
        return image, False
    if image.mode in ("I", "F") or image.mode.startswith("I;16"):
        # 16-bit (and 32-bit) grey: reportlab would clip it to white; keep the top 8 bits
        grey = image.convert("I") if image.mode != "I" else image
        return grey.point(lambda v: v / 257).convert("L"), False
    if "A" in image.getbands() or "transparency" in image.info:
        return image.convert("RGBA"), True
    return image.convert("RGB"), False
