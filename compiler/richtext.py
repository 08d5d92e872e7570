"""Card text: markup parsing, line breaking, shrink-to-fit and drawing.

Markup: ``**bold**``, ``*italic*``, inline icons ``:name:`` (drawn with
:mod:`compiler.icons`, never as letters) and ``\\n`` for a new paragraph. Text
shrinks from the region's size to its minimum in 0.25 pt steps until it fits; if
it does not fit at the minimum the caller gets the overflow in mm and reports it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import CMYKColor, Color
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from compiler import fonts

PT_PER_MM = 72 / 25.4
ICON_SCALE = 1.1       # an inline icon is this many em wide and tall
_TOKEN = re.compile(r"(\*\*|\*|:[a-z][a-z0-9_]*:)")


@dataclass(frozen=True)
class Piece:
    """A run of text in one style, or an icon."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None


Word = tuple[Piece, ...]
Paragraph = tuple[Word, ...]


@lru_cache(maxsize=4096)
def parse(markup: str) -> tuple[Paragraph, ...]:
    """Markup as paragraphs of words of pieces."""
    from compiler.icons import ICON_NAMES

    paragraphs: list[Paragraph] = []
    bold = italic = False
    for raw in markup.split("\n"):
        words: list[Word] = []
        current: list[Piece] = []
        for chunk in re.split(r"( +)", raw):
            if not chunk:
                continue
            if chunk.startswith(" "):
                if current:
                    words.append(tuple(current))
                    current = []
                continue
            for token in _TOKEN.split(chunk):
                if not token:
                    continue
                if token == "**":
                    bold = not bold
                elif token == "*":
                    italic = not italic
                elif token.startswith(":") and token.endswith(":") and token[1:-1] in ICON_NAMES:
                    current.append(Piece("", bold, italic, token[1:-1]))
                else:
                    current.append(Piece(token, bold, italic))
        if current:
            words.append(tuple(current))
        paragraphs.append(tuple(words))
    return tuple(paragraphs)


@lru_cache(maxsize=65536)
def _width(text: str, font: str, size: float) -> float:
    return float(stringWidth(text, font, size))


@dataclass(frozen=True)
class Line:
    words: tuple[Word, ...]
    width: float


@dataclass(frozen=True)
class Fit:
    """The outcome of fitting text into a box (points)."""

    size: float
    lines: tuple[Line, ...]
    overflow_mm: float          # 0 when it fits
    overflow_axis: str = ""     # "height" or "width"


@lru_cache(maxsize=16384)
def measure(markup: str, role: str, size: float) -> tuple[tuple[float, ...], ...]:
    """The width of every word of ``markup`` (per paragraph) in ``role`` at ``size``:
    worked out once per text and size (the same text recurs on many cards)."""
    styles: dict[tuple[bool, bool], str] = {}
    measured = []
    for paragraph in parse(markup):
        widths = []
        for word in paragraph:
            w = 0.0
            for piece in word:
                if piece.icon is not None:
                    w += size * ICON_SCALE
                    continue
                style = (piece.bold, piece.italic)
                font = styles.get(style)
                if font is None:
                    font = styles[style] = fonts.style_font(role, piece.bold, piece.italic)
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
    for paragraph, word_widths in zip(paragraphs, widths, strict=True):
        current: list[Word] = []
        current_width = 0.0
        for word, w in zip(paragraph, word_widths, strict=True):
            if w > widest:
                widest = w
            extra = w if not current else space + w
            if current and current_width + extra > width:
                lines.append(Line(tuple(current), current_width))
                current, current_width = [word], w
            else:
                current.append(word)
                current_width += extra
        lines.append(Line(tuple(current), current_width))
    return tuple(lines), widest


def fit(markup: str, role: str, size: float, min_size: float, leading: float,
        width: float, height: float) -> Fit:
    """Largest size from ``size`` down to ``min_size`` at which the text fits the box."""
    paragraphs = parse(markup)
    current = size
    while True:
        space = _width(" ", fonts.pdf_name(role), current)
        lines, widest = wrap(paragraphs, measure(markup, role, current), space, width)
        needed = len(lines) * current * leading
        if needed <= height + 0.01 and widest <= width + 0.01:
            return Fit(current, lines, 0.0)
        if current - 0.25 < min_size - 1e-9:
            if widest > width + 0.01:
                return Fit(current, lines, (widest - width) / PT_PER_MM, "width")
            return Fit(current, lines, (needed - height) / PT_PER_MM, "height")
        current -= 0.25


def draw(canvas: Canvas, result: Fit, role: str, leading: float, x: float, y_top: float,
         width: float, height: float, align: str, valign: str, colour: str) -> None:
    """Draw fitted text in the box whose top-left is (x, y_top), in points.

    The text operators are written straight into the page (one text object per box),
    each font run encoded once per document: the same words recur on many cards.
    """
    from compiler.forms import place_icon

    size = result.size
    block = len(result.lines) * size * leading
    if valign == "middle":
        y_top -= (height - block) / 2
    elif valign == "bottom":
        y_top -= height - block
    baseline = y_top - size * (leading - 1) / 2 - size * 0.8
    icons: list[tuple[str, float, float]] = []
    ops = ["BT", _fill_operator(colour)]
    runs = _document_runs(canvas)
    size_text = fp_str(size)
    font_in_use = ""         # the font of the pending text
    subset_in_use = ""       # the font subset the page is set to
    pending: list[str] = []

    def flush() -> None:
        nonlocal subset_in_use
        if not pending:
            return
        text = "".join(pending)
        pending.clear()
        for subset, escaped in runs(font_in_use, text):
            if subset != subset_in_use:
                ops.append(f"{subset} {size_text} Tf")
                subset_in_use = subset
            ops.append(f"({escaped}) Tj")

    for line in result.lines:
        if align == "center":
            cursor = x + (width - line.width) / 2
        elif align == "right":
            cursor = x + width - line.width
        else:
            cursor = x
        ops.append(f"1 0 0 1 {fp_str(cursor, baseline)} Tm")
        for index, word in enumerate(line.words):
            if index:
                if not font_in_use:
                    font_in_use = fonts.pdf_name(role)
                pending.append(" ")
                cursor += _width(" ", font_in_use, size)
            for piece in word:
                if piece.icon is not None:
                    flush()
                    side = size * ICON_SCALE
                    icons.append((piece.icon, cursor, baseline - size * 0.2))
                    cursor += side
                    ops.append(f"1 0 0 1 {fp_str(cursor, baseline)} Tm")
                    continue
                font = fonts.style_font(role, piece.bold, piece.italic)
                if font != font_in_use:
                    flush()
                    font_in_use = font
                pending.append(piece.text)
                cursor += _width(piece.text, font, size)
        flush()
        baseline -= size * leading
    ops.append("ET")
    canvas._code.append(" ".join(ops))
    for name, ix, iy in icons:
        place_icon(canvas, name, ix, iy, size * ICON_SCALE)


@lru_cache(maxsize=256)
def _fill_operator(colour: str) -> str:
    """The PDF operator that sets ``colour`` (as layouts write it) as the fill colour."""
    from compiler.forms import colour as to_colour

    ink: Color = to_colour(colour)
    if isinstance(ink, CMYKColor):
        d = ink.density
        return f"{fp_str(d * ink.cyan, d * ink.magenta, d * ink.yellow, d * ink.black)} k"
    return f"{fp_str(ink.red, ink.green, ink.blue)} rg"


def _document_runs(canvas: Canvas) -> Callable[[str, str], list[tuple[str, str]]]:
    """``runs(font, text)``: the (font subset name, escaped bytes) pieces that show
    ``text`` in ``font`` in this canvas's document, worked out once per document (the
    subsets are the document's own, so the memo lives with it)."""
    doc = canvas._doc
    memo: dict[tuple[str, str], list[tuple[str, str]]] | None = getattr(
        doc, "_samizdat_runs", None)
    if memo is None:
        memo = {}
        doc._samizdat_runs = memo

    def runs(font_name: str, text: str) -> list[tuple[str, str]]:
        found = memo.get((font_name, text))
        if found is None:
            font = pdfmetrics.getFont(font_name)
            if not getattr(font, "_dynamicFont", False):
                raise TypeError(f"font {font_name!r} is not an embedded TrueType font")
            found = memo[(font_name, text)] = [
                (font.getSubsetInternalName(subset, doc), canvas._escape(part))
                for subset, part in font.splitString(text, doc)]
        return found

    return runs
