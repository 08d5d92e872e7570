"""Card text: markup parsing, line breaking, shrink-to-fit and drawing.

Markup: ``**bold**``, ``*italic*``, inline icons ``:name:`` (SVG files drawn with
:mod:`compiler.pdf.icons`, never as letters; a name without a file is B624) and ``\\n``
for a new paragraph. Text shrinks from the region's size to its minimum in 0.25 pt
steps until it fits; if it does not fit at the minimum the caller gets the overflow in
mm and reports it.

Text in the region's faces, left to right (nearly all card text), is measured with
per-character widths and drawn one run per font. Text that needs more (Arabic,
Devanagari, Bengali, characters drawn in a fallback font, right-to-left paragraphs)
is measured and drawn from HarfBuzz's glyphs, in the order of the Unicode
Bidirectional Algorithm: see :mod:`compiler.typeset.shaped_text`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from reportlab.lib.colors import CMYKColor, Color
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from compiler.pdf import patches as pdf_patches
from compiler.pdf.patches.text_encoding import Runs
from compiler.typeset import fonts, shaped_text, shaping

PT_PER_MM = 72 / 25.4
ICON_SCALE = 1.1       # an inline icon is this many em wide and tall
_TOKEN = re.compile(r"(\*\*|\*|:[a-z][a-z0-9_]*:)")


class Piece(NamedTuple):
    """A run of text in one style, or an icon."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None


Word = tuple[Piece, ...]
Paragraph = tuple[Word, ...]


@lru_cache(maxsize=65536)
def _piece(text: str, bold: bool, italic: bool) -> Piece:
    """One piece per text and style: words recur across a game's cards."""
    return Piece(text, bold, italic)


@lru_cache(maxsize=65536)
def _plain_word(text: str, bold: bool, italic: bool) -> Word:
    return (_piece(text, bold, italic),)


@lru_cache(maxsize=4096)
def parse(markup: str) -> tuple[Paragraph, ...]:
    """Markup as paragraphs of words of pieces.

    One pass over each paragraph's tokens: the text between markers is split at
    spaces (a run of spaces ends a word), markers switch bold and italic (which carry
    on into the next paragraph) and ``:icon:`` names become icon pieces. A
    paragraph without markers is just its words. A marker left without its partner (an
    odd number of ``**`` or of ``*`` in the whole text: the last of them) is printed as
    it is written, as the HTML reference prints it, instead of silently turning the rest
    of the text bold or italic, or printing nothing for a title of ``**``.
    """
    paragraphs: list[Paragraph] = []
    bold = italic = False
    markers = _TOKEN.findall(markup) if "*" in markup else []
    bolds, italics = markers.count("**"), markers.count("*")
    lone_bold = bolds - 1 if bolds % 2 else -1        # the index of a lone marker, or -1
    lone_italic = italics - 1 if italics % 2 else -1
    seen_bold = seen_italic = 0
    for raw in markup.split("\n"):
        if "*" not in raw and ":" not in raw:
            paragraphs.append(tuple([_plain_word(part, bold, italic)
                                     for part in raw.split(" ") if part]))
            continue
        words: list[Word] = []
        current: list[Piece] = []
        tokens = _TOKEN.split(raw)
        for index, token in enumerate(tokens):
            if index % 2:                      # a marker (odd places of the split)
                if token == "**":
                    if seen_bold == lone_bold:
                        current.append(_piece(token, bold, italic))
                    else:
                        bold = not bold
                    seen_bold += 1
                elif token == "*":
                    if seen_italic == lone_italic:
                        current.append(_piece(token, bold, italic))
                    else:
                        italic = not italic
                    seen_italic += 1
                else:
                    current.append(Piece("", bold, italic, token[1:-1]))
                continue
            if not token:
                continue
            first = True
            for part in token.split(" "):
                if not first and current:
                    words.append(tuple(current))
                    current = []
                first = False
                if part:
                    current.append(_piece(part, bold, italic))
        if current:
            words.append(tuple(current))
        paragraphs.append(tuple(words))
    return tuple(paragraphs)


@lru_cache(maxsize=65536)
def _units(text: str, font: str) -> float:
    """The advance of ``text`` in ``font`` in thousandths of an em: its characters'
    widths added in order, as reportlab's ``stringWidth`` adds them (so a width worked
    out from it is the very float ``stringWidth`` gives), once per text and font."""
    face = pdfmetrics.getFont(font).face
    widths: dict[int, float] = face.charWidths
    default: float = face.defaultWidth
    total = 0.0
    for char in text:
        total += widths.get(ord(char), default)
    return total


def _width(text: str, font: str, size: float) -> float:
    """The width of ``text`` in ``font`` at ``size``, in points."""
    return _units(text, font) * size * 0.001


# A line: its words and its width in points (a plain tuple: lines are made by the
# thousand, and a tuple is the cheapest thing to make in compiled code).
Line = tuple[tuple[Word, ...], float]


# What drawing a fit does, worked out once per fit (see :func:`_program`):
# (LINE, line width) starts a line; (TEXT, font, text) shows a run of one font;
# (ICON, name, advances) moves the pen by ``advances`` and leaves room for an icon.
# Shaped text (see :func:`_shaped_program`): (GLYPHS, x, font, glyphs, actual) shows
# shaped glyphs from x points right of the line's start, marked with ``actual`` as
# their ActualText when it is not empty (see :func:`_actual_text`); (ICON_AT, name, x)
# an icon there.
LINE, TEXT, ICON, GLYPHS, ICON_AT = 0, 1, 2, 3, 4
Step = tuple[Any, ...]


@dataclass(frozen=True)
class Fit:
    """The outcome of fitting text into a box (points)."""

    size: float
    lines: tuple[Line, ...]
    overflow_mm: float          # 0 when it fits
    overflow_axis: str = ""     # "height" or "width"
    role: str = "sans"
    # the drawing steps, independent of where and in which document the text is drawn
    # (a fit is shared by every card that prints the same text in the same box)
    program: tuple[Step, ...] = ()


def _program(lines: tuple[Line, ...], role: str, size: float, plain: bool) -> tuple[Step, ...]:
    """Lines as runs of text per font and icons, as :func:`draw` shows them: a space
    takes the font of the text before it, and a run ends at a font change, an icon or
    the end of a line. Widths are looked up only where an icon needs its place.
    ``plain`` text (no markup at all: one style, no icons) is one run per line."""
    if plain:
        font = fonts.style_font(role, False, False)
        plain_steps: list[Step] = []
        for line in lines:
            plain_steps.append((LINE, line[1]))
            if line[0]:
                plain_steps.append((TEXT, font, " ".join([w[0].text for w in line[0]])))
        return tuple(plain_steps)
    steps: list[Step] = []
    font_in_use = ""
    pending: list[str] = []
    since_mark: list[tuple[str, str]] = []     # (text, font) since the line start or icon
    styles: dict[tuple[bool, bool], str] = {}

    def flush() -> None:
        if pending:
            steps.append((TEXT, font_in_use, "".join(pending)))
            pending.clear()

    for line in lines:
        steps.append((LINE, line[1]))
        since_mark.clear()
        for index, word in enumerate(line[0]):
            if index:
                if not font_in_use:
                    font_in_use = fonts.pdf_name(role)
                pending.append(" ")
                since_mark.append((" ", font_in_use))
            for piece in word:
                if piece.icon is not None:
                    flush()
                    steps.append((ICON, piece.icon,
                                  tuple(_width(text, font, size) for text, font in since_mark)))
                    since_mark.clear()
                    continue
                style = (piece.bold, piece.italic)
                font = styles.get(style) or styles.setdefault(
                    style, fonts.style_font(role, piece.bold, piece.italic))
                if font != font_in_use:
                    flush()
                    font_in_use = font
                pending.append(piece.text)
                since_mark.append((piece.text, font))
        flush()
    return tuple(steps)


@lru_cache(maxsize=16384)
def measure(markup: str, role: str, size: float) -> tuple[tuple[float, ...], ...]:
    """The width of every word of ``markup`` (per paragraph) in ``role`` at ``size``:
    worked out once per text and size (the same text recurs on many cards)."""
    styles = [fonts.style_font(role, bold, italic)          # by bold + 2 * italic
              for italic in (False, True) for bold in (False, True)]
    measured = []
    for paragraph in parse(markup):
        widths = []
        for word in paragraph:
            w = 0.0
            for piece in word:
                if piece.icon is not None:
                    w += size * ICON_SCALE
                else:
                    font = styles[(2 if piece.italic else 0) + (1 if piece.bold else 0)]
                    w += _width(piece.text, font, size)
            widths.append(w)
        measured.append(tuple(widths))
    return tuple(measured)


def wrap(paragraphs: tuple[Paragraph, ...], widths: tuple[tuple[float, ...], ...],
         space: float, width: float) -> tuple[tuple[Line, ...], float]:
    """Break paragraphs (with their word widths) into lines no wider than ``width``;
    also the widest word."""
    lines: list[Line] = []
    widest = 0.0
    if len(paragraphs) != len(widths):
        raise ValueError("a width is needed for every paragraph")
    for p in range(len(paragraphs)):
        paragraph, word_widths = paragraphs[p], widths[p]
        if len(paragraph) != len(word_widths):
            raise ValueError("a width is needed for every word")
        current: list[Word] = []
        current_width = 0.0
        for i in range(len(paragraph)):
            word, w = paragraph[i], word_widths[i]
            if w > widest:
                widest = w
            extra = w if not current else space + w
            if current and current_width + extra > width:
                lines.append((tuple(current), current_width))
                current, current_width = [word], w
            else:
                current.append(word)
                current_width += extra
        lines.append((tuple(current), current_width))
    return tuple(lines), widest


def _shaped_program(lines: tuple[Line, ...], shaped: tuple[shaped_text.ShapedParagraph, ...],
                    size: float, space: float) -> tuple[Step, ...]:
    """Lines of shaped paragraphs as drawing steps: each line's segments and icons in
    visual order, at their x from the line's start. ``lines`` are :func:`wrap`'s, in
    paragraph order (an empty paragraph is one empty line)."""
    steps: list[Step] = []
    icon_side = size * ICON_SCALE
    line = 0
    for paragraph in shaped:
        first = 0
        while True:
            count = len(lines[line][0])
            steps.append((LINE, lines[line][1]))
            for x, segment in shaped_text.visual_items(paragraph, first, first + count, size,
                                                        space, icon_side):
                if segment.glyphs is None:
                    steps.append((ICON_AT, segment.icon, x))
                else:
                    steps.append((GLYPHS, x, segment.font, segment.glyphs,
                                  _actual_text(segment.glyphs, segment.level % 2 == 1)))
            line += 1
            first += count
            if first >= len(paragraph.words):
                break
    return tuple(steps)


def _actual_text(glyphs: shaping.Glyphs, rtl: bool) -> str:
    """What a PDF reader should copy for a run whose glyphs include one that stands for
    no single character (a ligature, a conjunct: shown by a private-use code), else
    "". Readers take the glyphs of a page in visual order and turn right-to-left runs
    back to logical order themselves, so a right-to-left run's text is given reversed,
    as its glyphs would have read."""
    if not any(shaping.PRIVATE_FIRST <= ord(char) <= shaping.PRIVATE_LAST
               for char in glyphs.chars):
        return ""
    return glyphs.text[::-1] if rtl else glyphs.text


@lru_cache(maxsize=16384)
def fit(markup: str, role: str, size: float, min_size: float, leading: float,
        width: float, height: float, direction: str = "auto") -> Fit:
    """Largest size from ``size`` down to ``min_size`` at which the text fits the box
    (worked out once per text and box: many cards share a text). ``direction`` is the
    paragraphs' base direction (``auto``: each paragraph's first strong character)."""
    paragraphs = parse(markup)
    plain = "*" not in markup and ":" not in markup
    shaped = shaped_text.shape_markup(markup, role, direction) \
        if shaped_text.needs_shaping(markup, role, direction) else None
    current = size
    while True:
        space = _width(" ", fonts.pdf_name(role), current)
        widths = measure(markup, role, current) if shaped is None else \
            shaped_text.word_widths(shaped, current, current * ICON_SCALE)
        lines, widest = wrap(paragraphs, widths, space, width)
        needed = len(lines) * current * leading
        if needed <= height + 0.01 and widest <= width + 0.01:
            program = _program(lines, role, current, plain) if shaped is None else \
                _shaped_program(lines, shaped, current, space)
            return Fit(current, lines, 0.0, "", role, program)
        if current - 0.25 < min_size - 1e-9:
            program = _program(lines, role, current, plain) if shaped is None else \
                _shaped_program(lines, shaped, current, space)
            if widest > width + 0.01:
                return Fit(current, lines, (widest - width) / PT_PER_MM, "width", role,
                           program)
            return Fit(current, lines, (needed - height) / PT_PER_MM, "height", role,
                       program)
        current -= 0.25


def draw(canvas: Canvas, result: Fit, role: str, leading: float, x: float, y_top: float,
         width: float, height: float, align: str, valign: str, colour: str) -> None:
    """Draw fitted text in the box whose top-left is (x, y_top), in points.

    The text operators are written straight into the page (one text object per box),
    from the fit's :attr:`Fit.program`; font runs are encoded for the document's font
    subsets by :func:`compiler.pdf.patches.document_runs`. ``role`` must be the role
    it was fitted in.
    """
    if role != result.role:
        raise ValueError(f"text fitted in {result.role!r} drawn in {role!r}")
    size = result.size
    block = len(result.lines) * size * leading
    if valign == "middle":
        y_top -= (height - block) / 2
    elif valign == "bottom":
        y_top -= height - block
    baseline = y_top - size * (leading - 1) / 2 - size * 0.8
    step_down = size * leading
    icon_side = size * ICON_SCALE
    icons: list[tuple[str, float, float]] = []
    ops = ["BT", _fill_operator(colour)]
    runs = pdf_patches.document_runs(canvas)
    size_text = fp_str(size)
    subset_in_use = ""       # the font subset the page is set to
    first = True
    cursor = x
    for step in result.program:
        kind = step[0]
        if kind == TEXT:
            for subset, escaped in runs(step[1], step[2]):
                if subset != subset_in_use:
                    ops.append(f"{subset} {size_text} Tf")
                    subset_in_use = subset
                ops.append(f"({escaped}) Tj")
        elif kind == LINE:
            if first:
                first = False
            else:
                baseline -= step_down
            if align == "center":
                cursor = x + (width - step[1]) / 2
            elif align == "right":
                cursor = x + width - step[1]
            else:
                cursor = x
            ops.append(f"1 0 0 1 {fp_str(cursor, baseline)} Tm")
        elif kind == ICON:
            for advance in step[2]:
                cursor += advance
            icons.append((step[1], cursor, baseline - size * 0.2))
            cursor += icon_side
            ops.append(f"1 0 0 1 {fp_str(cursor, baseline)} Tm")
        elif kind == GLYPHS:
            ops.append(f"1 0 0 1 {fp_str(cursor + step[1], baseline)} Tm")
            if step[4]:
                ops.append(f"/Span <</ActualText <FEFF{step[4].encode('utf-16-be').hex()}>>> "
                           "BDC")
            subset_in_use = _show_glyphs(ops, runs, step[2], step[3], size, subset_in_use)
            if step[4]:
                ops.append("EMC")
        else:
            icons.append((step[1], cursor + step[2], baseline - size * 0.2))
    ops.append("ET")
    canvas._code.append(" ".join(ops))
    if icons:
        from compiler.pdf.forms import place_icon

        for name, ix, iy in icons:
            place_icon(canvas, name, ix, iy, icon_side)


def _show_glyphs(ops: list[str], runs: Runs, font: str, glyphs: shaping.Glyphs, size: float,
                 subset_in_use: str) -> str:
    """Append the operators that show shaped ``glyphs`` from the pen: one ``TJ`` array
    whose numbers make each glyph advance by HarfBuzz's advance instead of its width
    in the font and shift it by its x offset, and text rise (``Ts``) for y offsets.
    Returns the font subset the page is left set to."""
    array: list[str] = []
    rise = 0.0
    size_text = fp_str(size)

    def flush() -> None:
        if array:
            ops.append(f"[{' '.join(array)}] TJ")
            array.clear()

    for index, char in enumerate(glyphs.chars):
        ((subset, escaped),) = runs(font, char)
        if subset != subset_in_use:
            flush()
            ops.append(f"{subset} {size_text} Tf")
            subset_in_use = subset
        y_offset = glyphs.y_offsets[index]
        if y_offset != rise:
            flush()
            ops.append(f"{fp_str(y_offset * size * 0.001)} Ts")
            rise = y_offset
        x_offset = glyphs.x_offsets[index]
        if x_offset:
            array.append(fp_str(-x_offset))
        array.append(f"({escaped})")
        # a TJ number n moves the pen back by n thousandths of the size
        back = glyphs.widths[index] - glyphs.advances[index] + x_offset
        if back:
            array.append(fp_str(back))
    flush()
    if rise:
        ops.append("0 Ts")
    return subset_in_use


@lru_cache(maxsize=256)
def _fill_operator(colour: str) -> str:
    """The PDF operator that sets ``colour`` (as layouts write it) as the fill colour."""
    from compiler.pdf.forms import colour as to_colour

    ink: Color = to_colour(colour)
    if isinstance(ink, CMYKColor):
        d = ink.density
        return f"{fp_str(d * ink.cyan, d * ink.magenta, d * ink.yellow, d * ink.black)} k"
    return f"{fp_str(ink.red, ink.green, ink.blue)} rg"
