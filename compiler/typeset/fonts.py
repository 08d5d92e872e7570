"""The fonts samizdat prints with: TTF files shipped in ``templates/fonts/`` (DejaVu
and Noto, free to redistribute; licences alongside), registered with reportlab and
always embedded, so every machine prints the same.

Layouts name font *roles* (``sans``, ``sans-bold``, ``serif-bold``...); markup inside
a text region switches between the four styles of the region's family.

Scripts DejaVu lacks or cannot join (Arabic, Devanagari, Bengali) are drawn in a
*fallback* font of the same weight (Noto Sans, regular or bold; SIL OFL 1.1, see
``LICENSE-Noto.txt``): a letter of a script that has a fallback font is always drawn
in it, and any other character the role's face does not cover in the first fallback
of its weight that does (:func:`font_for`). The fallbacks are registered the first
time they are asked about, so text without them loads nothing more.
"""

from __future__ import annotations

from functools import cache, lru_cache

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

# fallback fonts by script, regular and bold (registered as pdf_name of the key)
FALLBACK_FILES: dict[str, str] = {
    "arabic": "NotoSansArabic-Regular.ttf",
    "arabic-bold": "NotoSansArabic-Bold.ttf",
    "devanagari": "NotoSansDevanagari-Regular.ttf",
    "devanagari-bold": "NotoSansDevanagari-Bold.ttf",
    "bengali": "NotoSansBengali-Regular.ttf",
    "bengali-bold": "NotoSansBengali-Bold.ttf",
}

# script -> its Unicode blocks (first, last code point), in fallback order
SCRIPTS: dict[str, tuple[tuple[int, int], ...]] = {
    "arabic": ((0x0600, 0x06FF), (0x0750, 0x077F), (0x0870, 0x08FF), (0xFB50, 0xFDFF),
               (0xFE70, 0xFEFF)),
    "devanagari": ((0x0900, 0x097F), (0xA8E0, 0xA8FF)),
    "bengali": ((0x0980, 0x09FF),),
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
def register_fallbacks() -> None:
    """Register the fallback fonts with reportlab (once per process, when first needed)."""
    register()
    folder = templates_root() / "fonts"
    for name, filename in FALLBACK_FILES.items():
        pdfmetrics.registerFont(pdf_patches.load_font(pdf_name(name), str(folder / filename)))


def _fallback_name(font_name: str) -> bool:
    return font_name.removeprefix("samizdat-") in FALLBACK_FILES


@cache
def covered(font_name: str) -> frozenset[int]:
    """The code points the registered font ``font_name`` has a glyph for (its character
    map, which :mod:`compiler.pdf.patches.font_cache` keeps with the other parsed
    metrics), worked out once per process and font. Private-use codes that
    :mod:`compiler.typeset.shaping` gives to glyphs no character maps to are not
    characters of the font and are left out."""
    register()
    if _fallback_name(font_name):
        register_fallbacks()
    face = pdfmetrics.getFont(font_name).face
    char_to_glyph: dict[int, int] = face.charToGlyph
    private: frozenset[int] = getattr(face, "samizdat_private", frozenset())
    return frozenset(code for code, glyph in char_to_glyph.items()
                     if glyph and code not in private)


def bold(font_name: str) -> bool:
    """Whether the registered font ``font_name`` is of bold weight."""
    return "bold" in font_name.removeprefix("samizdat-").split("-")


def fallbacks(font_name: str) -> tuple[str, ...]:
    """The fallback fonts (registered names) of ``font_name``'s weight, in order."""
    suffix = "-bold" if bold(font_name) else ""
    return tuple(pdf_name(script + suffix) for script in SCRIPTS)


@lru_cache(maxsize=65536)
def script_of(char: str) -> str | None:
    """The script with a fallback font whose blocks hold ``char``, or None."""
    code = ord(char)
    for script, blocks in SCRIPTS.items():
        for first, last in blocks:
            if first <= code <= last:
                return script
    return None


@lru_cache(maxsize=65536)
def font_for(font_name: str, char: str) -> str | None:
    """The registered font that draws ``char`` in text set in ``font_name``: the
    fallback of its weight for a letter of a script that has one (DejaVu's few Arabic
    forms cannot be joined), else ``font_name`` if it covers the character, else the
    first fallback of its weight that does; None when no shipped font covers it."""
    script = script_of(char)
    if script is not None:
        own = pdf_name(script + ("-bold" if bold(font_name) else ""))
        if ord(char) in covered(own):
            return own
    code = ord(char)
    if code in covered(font_name):
        return font_name
    for other in fallbacks(font_name):
        if code in covered(other):
            return other
    return None


@cache
def display_name(font_name: str) -> str:
    """The full name the font file gives itself, e.g. ``DejaVu Sans Condensed Bold``."""
    register()
    if _fallback_name(font_name):
        register_fallbacks()
    full: object = getattr(pdfmetrics.getFont(font_name).face, "fullName", b"")
    if isinstance(full, bytes):
        full = full.decode("utf-8", "replace")
    return str(full) or font_name


def style_font(role: str, bold: bool, italic: bool) -> str:
    """The registered font name for markup style (bold, italic) inside ``role``."""
    family = FAMILIES[role]
    return pdf_name(family[(1 if bold else 0) + (2 if italic else 0)])
