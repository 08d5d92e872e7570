"""Card text: markup parsing, fitting, and the text operators written into the PDF."""

from __future__ import annotations

import io
import random
import re
import zlib
from functools import partial

import pytest
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import Canvas

from compiler.pdf.patches import memo as pdf_memo
from compiler.pdf.patches import text_encoding
from compiler.typeset import fonts, richtext
from compiler.typeset.richtext import ICON_SCALE, Piece


def test_markup_parses_into_paragraphs_words_and_pieces() -> None:
    parsed = richtext.parse("**Gain** 2 :funds:  now*,\nthen* Cost: :nope:")
    assert parsed == (
        ((Piece("Gain", bold=True),), (Piece("2"),), (Piece("", icon="funds"),),
         (Piece("now"), Piece(",", italic=True))),
        # italic carries on into the next paragraph; every :name: is an icon (one
        # without an SVG file is B624 when the card is fitted, never plain text)
        ((Piece("then", italic=True),), (Piece("Cost:"),), (Piece("", icon="nope"),)),
    )
    assert richtext.parse("a**b**c") == (((Piece("a"), Piece("b", bold=True), Piece("c")),),)
    assert richtext.parse("") == ((),)


def test_text_shrinks_until_it_fits_and_reports_overflow_at_the_minimum() -> None:
    fonts.register()
    text = "word " * 40
    roomy = richtext.fit(text, "sans", 9, 6, 1.2, 200, 200)
    assert (roomy.size, roomy.overflow_mm) == (9, 0.0)
    tight = richtext.fit(text, "sans", 9, 6, 1.2, 100, 60)
    assert 6 <= tight.size < 9 and tight.overflow_mm == 0.0
    assert len(tight.lines) * tight.size * 1.2 <= 60.01
    larger = richtext.fit(text, "sans", tight.size + 0.25, 6, 1.2, 100, 60)
    assert larger.size == tight.size          # the next size up did not fit
    too_small = richtext.fit(text, "sans", 9, 6, 1.2, 50, 20)
    assert too_small.overflow_axis == "height" and too_small.overflow_mm > 0


def test_widths_are_the_floats_reportlab_measures() -> None:
    fonts.register()
    words = ["Gain", "2", "votes,", "Ünïcödé", "—", "✓", "WWWWWWWWWW", "a\u00a0b", "",
             "Imperial", "Orders:", "discard", "(if", "any)"]
    sizes = [5, 6.25, 7.5, 8, 8.75, 9.5, 11, 13.25, 14]
    for font in map(fonts.pdf_name, fonts.FONT_FILES):
        for word in words:
            for size in sizes:
                assert richtext._width(word, font, size) == stringWidth(word, font, size), \
                    (word, font, size)


def _draw(text: str) -> str:
    fonts.register()
    canvas = Canvas(io.BytesIO(), invariant=1)
    fitted = richtext.fit(text, "sans", 10, 10, 1.2, 300, 100)
    richtext.draw(canvas, fitted, "sans", 1.2, 20, 200, 300, 100, "left", "top", "#000000")
    return next(str(op) for op in canvas._code if str(op).startswith("BT"))


def test_icons_leave_their_room_in_the_line() -> None:
    ops = _draw("Pay 2 :funds: now")
    positions = [float(x) for x in re.findall(r"1 0 0 1 ([\d.]+) [\d.]+ Tm", ops)]
    sans = fonts.pdf_name("sans")
    before = stringWidth("Pay", sans, 10) + stringWidth(" ", sans, 10) * 2 + \
        stringWidth("2", sans, 10)
    assert positions[0] == 20
    assert positions[1] == pytest.approx(20 + before + 10 * ICON_SCALE, abs=0.01)
    assert ops.count(" Tj") == 2               # "Pay 2 " and " now", the icon between


def test_drawing_in_a_different_role_than_fitted_is_refused() -> None:
    fonts.register()
    fitted = richtext.fit("text", "sans", 10, 10, 1.2, 300, 100)
    with pytest.raises(ValueError, match="fitted in 'sans'"):
        richtext.draw(Canvas(io.BytesIO()), fitted, "serif-bold", 1.2, 0, 100, 300, 100,
                      "left", "top", "#000000")


def test_text_is_encoded_as_reportlab_encodes_it() -> None:
    """Past 256 characters a font needs a second subset; unknown glyphs and no-break
    spaces are mapped as reportlab maps them. Codes and bytes must match reportlab's
    own ``splitString`` for the same sequence of texts."""
    fonts.register()
    name = fonts.pdf_name("sans")
    font = getFont(name)
    alphabet = [chr(c) for c in range(0x21, 0x17F)] + ["\u00a0", "\U0001f600", " "]
    rng = random.Random(7)
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 30)))
             for _ in range(400)]
    ours = Canvas(io.BytesIO(), invariant=1)
    theirs = Canvas(io.BytesIO(), invariant=1)
    runs = text_encoding.document_runs(ours)
    for text in texts:
        expected = [(font.getSubsetInternalName(subset, theirs._doc), theirs._escape(part))
                    for subset, part in font.splitString(text, theirs._doc)]
        assert runs(name, text) == expected, text
    assert len(font.state[ours._doc].subsets) >= 2


def test_compressed_streams_and_subsets_are_remembered_byte_for_byte() -> None:
    fonts.register()
    data = b"BT /F1 12 Tf (hello) Tj ET\n" * 200
    assert pdfdoc.PDFZCompress.encode(data) == zlib.compress(data)
    assert pdfdoc.PDFZCompress.encode(data.decode()) == zlib.compress(data)
    memo = pdf_memo.BytesMemo(max_bytes=3000)
    made: list[bytes] = []

    def make(value: bytes) -> bytes:
        made.append(value)
        return value[:10]

    for value in (b"a" * 1000, b"b" * 1000, b"a" * 1000):
        assert memo.get(value, len(value), partial(make, value)) == value[:10]
    assert made == [b"a" * 1000, b"b" * 1000]          # the second "a" was remembered
    memo.get(b"c" * 1000, 1000, lambda: make(b"c" * 1000))
    assert memo.held <= 3000 and b"b" * 1000 not in memo.entries   # least recently used
    face = getFont(fonts.pdf_name("sans")).face
    subset = [0, *range(32, 127)]
    assert face.makeSubset(subset) == type(face).makeSubset(face, subset)
