"""Runs of text shaped with HarfBuzz, as glyphs an embedded reportlab font can show.

HarfBuzz (``uharfbuzz``) turns a run of characters in one font and one direction into
glyphs with advances and offsets: Arabic letters in their joined forms, the lam-alef
ligature, Devanagari and Bengali conjuncts and reordered vowel signs, kerning. A PDF
shows glyphs through reportlab's TrueType subsets, which are keyed by character, so,
as reportlab's own shaping does (``TTFont.hbAddPrivate`` in ``shapeFragWord``), a
glyph is shown through a character the font maps to it, and a glyph that no
character maps to (a joined form, a conjunct) through a private-use code point added
to the font's character map and widths. reportlab numbers those in the order it meets
the glyphs; here every such glyph of a font gets its code at once, in glyph order, so
a PDF's bytes never depend on what else the process shaped before it.

Advances and offsets are in thousandths of an em (as PDF glyph widths are), the same
at every size: a run is shaped once per process.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, NamedTuple

import uharfbuzz
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics

from compiler.typeset import fonts

PRIVATE_FIRST, PRIVATE_LAST = 0xE000, 0xF8FF    # the BMP's private use area


class Glyphs(NamedTuple):
    """A shaped run, in visual order (left to right), in thousandths of an em."""

    gids: tuple[int, ...]          # glyph ids in the font file
    chars: str                     # one character per glyph: what the PDF shows it by
    advances: tuple[float, ...]    # HarfBuzz's x advances
    x_offsets: tuple[float, ...]
    y_offsets: tuple[float, ...]
    widths: tuple[float, ...]      # each glyph's width as the PDF's font states it
    width: float                   # the run's advance: the sum of ``advances``
    text: str = ""                 # the characters shaped, in logical order


@cache
def _hb_font(font_name: str) -> Any:
    """The HarfBuzz font for the registered font ``font_name`` (its very file bytes)."""
    fonts.covered(font_name)                     # registers it if it is a fallback
    data: bytes = pdfmetrics.getFont(font_name).face._ttf_data
    return uharfbuzz.Font(uharfbuzz.Face(uharfbuzz.Blob(data)))


@cache
def glyph_chars(font_name: str) -> dict[int, str]:
    """The character that shows each glyph of ``font_name``: the first character its
    map gives the glyph, or a private-use code added to the face (character map,
    reverse map and widths, as reportlab's ``hbAddPrivate`` adds them), given in glyph
    order to every glyph no character maps to. The added codes are recorded on the
    face (``samizdat_private``) so that :func:`fonts.covered` leaves them out."""
    fonts.covered(font_name)
    face = pdfmetrics.getFont(font_name).face
    char_to_glyph: dict[int, int] = face.charToGlyph
    glyph_to_char: dict[int, list[int]] = face.glyphToChar
    chars: dict[int, str] = {}
    for gid, codes in glyph_to_char.items():
        for code in codes:
            if code != 0xA0 and char_to_glyph.get(code) == gid:   # reportlab maps nbsp
                chars[gid] = chr(code)
                break
    private: set[int] = set(getattr(face, "samizdat_private", ()))
    code = PRIVATE_FIRST
    for gid in range(len(face.hmetrics)):
        if gid in chars:
            continue
        while code in char_to_glyph:
            code += 1
        if code > PRIVATE_LAST:
            raise ValueError(f"font {font_name!r} has more unmapped glyphs than private "
                             "codes")
        char_to_glyph[code] = gid
        glyph_to_char.setdefault(gid, []).append(code)
        face.charWidths[code] = face._pdfScale(face.hmetrics[gid][0])
        private.add(code)
        chars[gid] = chr(code)
    face.samizdat_private = frozenset(private)
    return chars


@lru_cache(maxsize=65536)
def shape(font_name: str, text: str, rtl: bool, before: str = "", after: str = "") -> Glyphs:
    """``text`` shaped in the registered font ``font_name``, right to left if ``rtl``
    (HarfBuzz's default features; script and language guessed from the text).
    ``before`` and ``after`` are the characters around it that are set in another
    run (another style or font): context that decides joining, not shaped here, so an
    Arabic word whose middle is bold stays joined."""
    font = _hb_font(font_name)
    chars = glyph_chars(font_name)
    face = pdfmetrics.getFont(font_name).face
    buffer = uharfbuzz.Buffer()
    buffer.add_str(before + text + after, len(before), len(text))
    buffer.guess_segment_properties()
    buffer.direction = "rtl" if rtl else "ltr"
    uharfbuzz.shape(font, buffer, {})
    scale = 1000 / font.face.upem
    gids: list[int] = []
    shown: list[str] = []
    advances: list[float] = []
    x_offsets: list[float] = []
    y_offsets: list[float] = []
    widths: list[float] = []
    for info, position in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        gid = info.codepoint
        char = chars[gid]
        gids.append(gid)
        shown.append(char)
        advances.append(position.x_advance * scale)
        x_offsets.append(position.x_offset * scale)
        y_offsets.append(position.y_offset * scale)
        widths.append(float(fp_str(face.charWidths[ord(char)])))   # as the PDF writes it
    return Glyphs(tuple(gids), "".join(shown), tuple(advances), tuple(x_offsets),
                  tuple(y_offsets), tuple(widths), sum(advances), text)
