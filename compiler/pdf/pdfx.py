"""Flattened CMYK PDF/X-1a files for vendors that print from CMYK (DriveThruCards,
offset presses).

The print-ready RGB PDF is drawn by pdfium at the vendor's resolution, page by page;
each page's sRGB pixels are converted to the vendor's CMYK with LittleCMS (through
Pillow's ImageCms: relative colorimetric with black-point compensation, the usual
choice for graphics) into the output profile, and the total ink is capped at the
vendor's limit by taking cyan, magenta and yellow back (black is kept, so text stays
sharp and neutral). The pages are written as one DeviceCMYK image each into a PDF
that meets PDF/X-1a:2001: PDF 1.3, an output intent embedding the profile, TrimBox
and BleedBox on every page, no transparency, no fonts (there is no text left), the
version keys in the Info dictionary, a document ID; same input, same bytes.
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from compiler import __version__

if TYPE_CHECKING:
    from PIL import Image, ImageCms

# where systems keep CMYK output profiles; the first CMYK one found is used when no
# --icc-profile is given (Ghostscript's SWOP profile on Debian: package libgs-common)
PROFILE_PLACES = (
    "/usr/share/color/icc/ghostscript/default_cmyk.icc",
    "/usr/share/color/icc",
    "/usr/local/share/color/icc",
    "~/.local/share/color/icc",
    "/Library/ColorSync/Profiles",
    "/System/Library/ColorSync/Profiles",
    "C:/Windows/System32/spool/drivers/color",
)
PROFILE_LIMIT = 16 * 1024 * 1024   # bytes of an ICC profile file
FIXED_DATE = "D:20000101000000Z"   # as reportlab's invariant mode, unless SOURCE_DATE_EPOCH


class ProfileProblem(Exception):
    """The CMYK profile cannot be used; the message says why."""


@dataclass(frozen=True)
class Profile:
    """A CMYK output profile: its bytes, description and where it was found."""

    data: bytes = field(repr=False)
    description: str = ""
    path: str = ""

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def read_profile(path: Path) -> Profile:
    """The CMYK output profile in ``path``; raises :class:`ProfileProblem`."""
    from PIL import ImageCms

    try:
        with open(path, "rb") as handle:
            data = handle.read(PROFILE_LIMIT + 1)
    except OSError as exc:
        raise ProfileProblem(f"{path}: {exc.strerror or type(exc).__name__}") from None
    if len(data) > PROFILE_LIMIT:
        raise ProfileProblem(f"{path}: larger than {PROFILE_LIMIT // 2**20} MiB, not an "
                             "ICC profile")
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
        space = profile.profile.xcolor_space.strip()
        description = " ".join(ImageCms.getProfileDescription(profile).split())
    except (ImageCms.PyCMSError, OSError, ValueError, TypeError):
        raise ProfileProblem(f"{path}: not an ICC profile LittleCMS can read") from None
    if space != "CMYK":
        raise ProfileProblem(f"{path}: {description!r} is a {space or 'unknown'} profile, "
                             "not a CMYK one")
    return Profile(data, description, str(path))


def find_profile(given: Path | None) -> Profile:
    """The CMYK profile to convert into: ``given``, else the first CMYK profile in
    :data:`PROFILE_PLACES`; raises :class:`ProfileProblem` naming where it looked."""
    if given is not None:
        return read_profile(given)
    for place in PROFILE_PLACES:
        for candidate in _candidates(Path(os.path.expanduser(place))):
            try:
                return read_profile(candidate)
            except ProfileProblem:
                continue
    raise ProfileProblem("no CMYK ICC profile found (looked in "
                         f"{', '.join(PROFILE_PLACES)}); give the vendor's profile with "
                         "--icc-profile FILE, or install one (Debian and Ubuntu: apt "
                         "install libgs-common)")


def _candidates(place: Path) -> Iterator[Path]:
    if place.is_file():
        yield place
    elif place.is_dir():
        yield from sorted(p for p in place.rglob("*") if p.suffix.lower() in (".icc", ".icm")
                          and p.is_file())


def convert(pdf: bytes, profile: Profile, dpi: int, ink_limit: int, title: str,
            version: str = "PDF/X-1a:2001") -> bytes:
    """``pdf`` (RGB, one face per page with TrimBox and BleedBox) as a flattened CMYK
    PDF/X-1a file in ``profile`` with at most ``ink_limit`` per cent of ink."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    pages = []
    try:
        for index in range(len(document)):
            page = document[index]
            try:
                width, height = page.get_size()
                boxes = (page.get_bleedbox(), page.get_trimbox())
                bitmap = page.render(scale=dpi / 72 * (1 - 1e-9))
                image = bitmap.to_pil().convert("RGB")
            finally:
                page.close()
            cmyk = limit_ink(to_cmyk(image, profile), ink_limit)
            pages.append(((width, height), boxes, cmyk))
    finally:
        document.close()
    return _write(pages, profile, title, version)


@functools.lru_cache(maxsize=4)
def _transform(profile_data: bytes) -> ImageCms.ImageCmsTransform:
    from PIL import ImageCms

    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(io.BytesIO(profile_data)),
        "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


def to_cmyk(image: Image.Image, profile: Profile) -> Image.Image:
    """An sRGB image in the profile's CMYK."""
    from PIL import ImageCms

    converted = ImageCms.applyTransform(image, _transform(profile.data))
    assert converted is not None
    return converted


def limit_ink(image: Image.Image, percent: int) -> Image.Image:
    """``image`` (CMYK) with C+M+Y+K at most ``percent`` per cent anywhere: where it is
    over, cyan, magenta and yellow are scaled down together, black kept."""
    from PIL import Image, ImageMath

    most = percent * 255 / 100
    if _most_ink(image) <= most:
        return image
    c, m, y, k = image.split()

    def factor(a: dict[str, Any]) -> Any:
        room = a["max"](most - a["float"](a["k"]), 0.0)
        colour = a["max"](a["float"](a["c"]) + a["float"](a["m"]) + a["float"](a["y"]), 1.0)
        return a["min"](room / colour, 1.0)

    share = ImageMath.lambda_eval(factor, c=c, m=m, y=y, k=k)

    def scaled(channel: Image.Image) -> Image.Image:
        made: Image.Image = ImageMath.lambda_eval(
            lambda a: a["convert"](a["float"](a["v"]) * a["f"], "L"), v=channel, f=share)
        return made

    merged: Image.Image = Image.merge("CMYK", (scaled(c), scaled(m), scaled(y), k))
    return merged


def _most_ink(image: Image.Image) -> float:
    """The largest C+M+Y+K of any pixel (0-255 a channel)."""
    from PIL import ImageMath

    c, m, y, k = image.split()
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"],
                                  c=c, m=m, y=y, k=k)
    return float(total.getextrema()[1])


def most_ink_percent(image: Image.Image) -> float:
    """The largest total ink of any pixel of a CMYK image, in per cent."""
    return _most_ink(image) * 100 / 255


def _date() -> str:
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if epoch.isdigit():
        import datetime

        moment = datetime.datetime.fromtimestamp(int(epoch), datetime.UTC)
        return moment.strftime("D:%Y%m%d%H%M%SZ")
    return FIXED_DATE


def _text(value: str) -> bytes:
    """A PDF text string: UTF-16BE with its byte-order mark, in hex."""
    return b"<FEFF" + value.encode("utf-16-be").hex().upper().encode() + b">"


def _box(box: tuple[float, float, float, float]) -> bytes:
    return b"[" + b" ".join(f"{v:.4f}".encode() for v in box) + b"]"


def _write(pages: list[tuple[tuple[float, float], tuple[tuple[float, float, float, float],
                                                         tuple[float, float, float, float]],
                             Image.Image]],
           profile: Profile, title: str, version: str) -> bytes:
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    def stream(head: bytes, data: bytes) -> bytes:
        packed = zlib.compress(data, 6)
        return (b"<< " + head + b" /Filter /FlateDecode /Length " + str(len(packed)).encode()
                + b" >>\nstream\n" + packed + b"\nendstream")

    catalog = add(b"")               # filled in at the end
    tree = add(b"")
    icc = add(stream(b"/N 4", profile.data))
    condition = _text(profile.description)
    intent = add(b"<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (Custom) "
                 b"/OutputCondition " + condition + b" /Info " + condition +
                 b" /RegistryName (http://www.color.org) /DestOutputProfile "
                 + f"{icc} 0 R".encode() + b" >>")
    date = _date().encode()
    x_version, conformance = ("PDF/X-1:2001", "PDF/X-1a:2001")
    assert version == conformance, version
    info = add(b"<< /Title " + _text(title) + b" /Creator (samizdat) /Producer (samizdat "
               + __version__.encode() + b") /CreationDate (" + date + b") /ModDate (" + date
               + b") /Trapped /False /GTS_PDFXVersion (" + x_version.encode()
               + b") /GTS_PDFXConformance (" + conformance.encode() + b") >>")
    kids = []
    for (width, height), (bleed, trim), image in pages:
        picture = add(stream(f"/Type /XObject /Subtype /Image /Width {image.width} "
                             f"/Height {image.height} /ColorSpace /DeviceCMYK "
                             "/BitsPerComponent 8".encode(), image.tobytes()))
        content = add(stream(b"", f"q {width:.4f} 0 0 {height:.4f} 0 0 cm /Im0 Do Q"
                             .encode()))
        kids.append(add(
            b"<< /Type /Page /Parent " + f"{tree} 0 R".encode() + b" /MediaBox "
            + _box((0, 0, width, height)) + b" /BleedBox " + _box(bleed) + b" /TrimBox "
            + _box(trim) + b" /Resources << /XObject << /Im0 " + f"{picture} 0 R".encode()
            + b" >> >> /Contents " + f"{content} 0 R".encode() + b" >>"))
    objects[catalog - 1] = (b"<< /Type /Catalog /Pages " + f"{tree} 0 R".encode()
                            + b" /OutputIntents [" + f"{intent} 0 R".encode() + b"] >>")
    objects[tree - 1] = (b"<< /Type /Pages /Kids [" + " ".join(f"{k} 0 R" for k in kids)
                         .encode() + b"] /Count " + str(len(kids)).encode() + b" >>")
    out = io.BytesIO()
    out.write(b"%PDF-1.3\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(f"{number} 0 obj\n".encode() + body + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for offset in offsets:
        out.write(f"{offset:010d} 00000 n \n".encode())
    identity = hashlib.md5(out.getvalue(), usedforsecurity=False).hexdigest().upper()
    out.write(f"trailer\n<< /Size {len(objects) + 1} /Root {catalog} 0 R /Info {info} 0 R "
              f"/ID [<{identity}> <{identity}>] >>\nstartxref\n{xref}\n%%EOF\n".encode())
    return out.getvalue()
