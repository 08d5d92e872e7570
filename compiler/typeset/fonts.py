"""The fonts samizdat prints with: TTF files shipped in ``templates/fonts/`` (DejaVu,
free to redistribute; licence alongside), registered with reportlab and always
embedded, so every machine prints the same.

Layouts name font *roles* (``sans``, ``sans-bold``, ``serif-bold``...); markup inside
a text region switches between the four styles of the region's family.
"""

from __future__ import annotations

from functools import cache

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics

from compiler.frontend.paths import templates_root
from compiler.pdf import patches as pdf_patches

FONT_FILES: dict[str, str] = {
    "sans": "DejaVuSansCondensed.ttf",
    "sans-bold": "DejaVuSansCondensed-Bold.ttf",
    "sans-italic": "DejaVuSansCondensed-Oblique.ttf",
    "sans-bold-italic": "DejaVuSansCondensed-BoldOblique.ttf",
    "serif-bold": "DejaVuSerifCondensed-Bold.ttf",
    "serif-italic": "DejaVuSerifCondensed-Italic.ttf",
}

# role -> (regular, bold, italic, bold italic) used by markup inside that role's text
FAMILIES: dict[str, tuple[str, str, str, str]] = {
    "sans": ("sans", "sans-bold", "sans-italic", "sans-bold-italic"),
    "sans-bold": ("sans-bold", "sans-bold", "sans-bold-italic", "sans-bold-italic"),
    "sans-italic": ("sans-italic", "sans-bold-italic", "sans", "sans-bold"),
    "sans-bold-italic": ("sans-bold-italic", "sans-bold-italic", "sans-bold", "sans-bold"),
    "serif-bold": ("serif-bold", "serif-bold", "serif-italic", "serif-bold"),
    "serif-italic": ("serif-italic", "serif-bold", "serif-italic", "serif-bold"),
}


def pdf_name(role: str) -> str:
    """The reportlab font name registered for ``role``."""
    return f"samizdat-{role}"


@cache
def register() -> None:
    """Register every shipped font with reportlab (once per process).

    Every PDF samizdat writes calls this first, so it also fixes the one reportlab
    setting all of them share: binary compressed streams (no ASCII85), whichever
    back end happens to run first in the process; and it installs samizdat's
    speed-ups of reportlab, :mod:`compiler.pdf.patches` (same bytes, less time), when
    this reportlab is one they were tested with.
    """
    rl_config.useA85 = 0
    pdf_patches.install()
    folder = templates_root() / "fonts"
    for role, filename in FONT_FILES.items():
        pdfmetrics.registerFont(pdf_patches.load_font(pdf_name(role), str(folder / filename)))
    for role, (regular, bold, italic, both) in FAMILIES.items():   # for <b> and <i> markup
        pdfmetrics.registerFontFamily(pdf_name(role), normal=pdf_name(regular),
                                      bold=pdf_name(bold), italic=pdf_name(italic),
                                      boldItalic=pdf_name(both))


@cache
def covered(font_name: str) -> frozenset[int]:
    """The code points the registered font ``font_name`` has a glyph for (its character
    map, which :mod:`compiler.pdf.patches.font_cache` keeps with the other parsed
    metrics), worked out once per process and font."""
    register()
    char_to_glyph: dict[int, int] = pdfmetrics.getFont(font_name).face.charToGlyph
    return frozenset(code for code, glyph in char_to_glyph.items() if glyph)


@cache
def display_name(font_name: str) -> str:
    """The full name the font file gives itself, e.g. ``DejaVu Sans Condensed Bold``."""
    register()
    full: object = getattr(pdfmetrics.getFont(font_name).face, "fullName", b"")
    if isinstance(full, bytes):
        full = full.decode("utf-8", "replace")
    return str(full) or font_name


def style_font(role: str, bold: bool, italic: bool) -> str:
    """The registered font name for markup style (bold, italic) inside ``role``."""
    family = FAMILIES[role]
    return pdf_name(family[(1 if bold else 0) + (2 if italic else 0)])
