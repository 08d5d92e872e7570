"""Which sRGB colours a CMYK press cannot print as they are (preflight's B643).

A CMYK vendor's file is converted from sRGB by :mod:`compiler.pdf.pdfx` (relative
colorimetric with black-point compensation into the vendor's profile, total ink
capped). A colour outside the profile's gamut, or one whose ink the cap takes back
(rich darks), comes out as another colour. This module runs a colour through the very
same conversion and back to sRGB, and measures how far the printed colour lies from
the asked one: CIE76 ΔE in L*a*b* (D50, through LittleCMS). Over
:data:`MAX_DELTA_E` the difference is plain to see side by side.
"""

from __future__ import annotations

import functools
import io
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from compiler.pdf import pdfx

if TYPE_CHECKING:
    from PIL import Image, ImageCms

MAX_DELTA_E = 10.0      # CIE76: a shift under this reads as the same colour on a card
ART_SAMPLE = 96         # art is measured on an image this many pixels across at most
ART_SHARE = 0.02        # art warns when more than this share of its pixels shift


def _hex(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


@functools.lru_cache(maxsize=8)
def _back(profile_data: bytes) -> ImageCms.ImageCmsTransform:
    """CMYK back to sRGB: the proof of what the press prints."""
    from PIL import ImageCms

    return ImageCms.buildTransform(
        ImageCms.ImageCmsProfile(io.BytesIO(profile_data)), ImageCms.createProfile("sRGB"),
        "CMYK", "RGB", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


@functools.lru_cache(maxsize=1)
def _to_lab() -> ImageCms.ImageCmsTransform:
    from PIL import ImageCms

    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"),
                                   ImageCms.createProfile("LAB"), "RGB", "LAB")


def printed(image: Image.Image, profile: pdfx.Profile, ink_limit: int) -> Image.Image:
    """``image`` (RGB) as the press prints it, seen back in sRGB."""
    from PIL import ImageCms

    cmyk = pdfx.limit_ink(pdfx.to_cmyk(image, profile), ink_limit)
    result = ImageCms.applyTransform(cmyk, _back(profile.data))
    assert result is not None         # (None only when converting in place)
    return result


def _lab(image: Image.Image) -> list[tuple[float, float, float]]:
    from PIL import ImageCms

    lab = ImageCms.applyTransform(image, _to_lab())
    assert lab is not None
    # Pillow's LAB: L 0-255 for 0-100, a and b offset by 128
    pixels: list[tuple[int, int, int]] = list(lab.getdata())
    return [(p[0] * 100 / 255, p[1] - 128, p[2] - 128) for p in pixels]


def delta_e(first: Image.Image, second: Image.Image) -> list[float]:
    """CIE76 ΔE between the pixels of two RGB images of one size, in pixel order."""
    return [math.dist(a, b) for a, b in zip(_lab(first), _lab(second), strict=True)]


@functools.lru_cache(maxsize=64)
def shifts(colours: tuple[str, ...], profile: pdfx.Profile, ink_limit: int
           ) -> tuple[tuple[float, str], ...]:
    """For each colour (``#rrggbb``): the ΔE between it and what the press prints for
    it, and that printed colour (``#rrggbb``)."""
    from PIL import Image

    if not colours:
        return ()
    asked = Image.new("RGB", (len(colours), 1))
    asked.putdata([_hex(c) for c in colours])
    result = printed(asked, profile, ink_limit)
    distances = delta_e(asked, result)
    return tuple((d, "#{:02x}{:02x}{:02x}".format(*p))
                 for d, p in zip(distances, result.getdata(), strict=True))


def art_shift(image: Image.Image, profile: pdfx.Profile, ink_limit: int
              ) -> tuple[float, float]:
    """The share of ``image``'s pixels (sampled) that shift by more than
    :data:`MAX_DELTA_E` on the press, and the largest shift."""
    sample = image.convert("RGB")
    sample.thumbnail((ART_SAMPLE, ART_SAMPLE))
    distances = delta_e(sample, printed(sample, profile, ink_limit))
    if not distances:
        return 0.0, 0.0
    over = sum(1 for d in distances if d > MAX_DELTA_E)
    return over / len(distances), max(distances)


def closest_printable(colour: str, profile: pdfx.Profile, ink_limit: int,
                      target: float = MAX_DELTA_E * 0.8) -> str:
    """The colour nearest ``colour`` on the way to what the press makes of it whose own
    shift is at most ``target``: a suggestion for a layout that must print on CMYK."""
    (_, made), = shifts((colour,), profile, ink_limit)
    start, end = _hex(colour), _hex(made)
    low, high = 0.0, 1.0
    for _ in range(12):
        middle = (low + high) / 2
        mixed = _mix(start, end, middle)
        (shift, _), = shifts((mixed,), profile, ink_limit)
        if shift <= target:
            high = middle
        else:
            low = middle
    return _mix(start, end, high)


def _mix(start: Sequence[int], end: Sequence[int], share: float) -> str:
    return "#" + "".join(f"{round(a + (b - a) * share):02x}" for a, b in zip(start, end,
                                                                              strict=True))
