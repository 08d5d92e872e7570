"""Card text: markup parsing, line breaking, shrink-to-fit and drawing.

Markup: ``**bold**``, ``*italic*``, inline icons ``:name:`` (drawn with
:mod:`compiler.icons`, never as letters) and ``\\n`` for a new paragraph. Text
shrinks from the region's size to its minimum in 0.25 pt steps until it fits; if
it does not fit at the minimum the caller gets the overflow in mm and reports it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

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


def piece_width(piece: Piece, role: str, size: float) -> float:
    if piece.icon is not None:
        return size * ICON_SCALE
    return _width(piece.text, fonts.style_font(role, piece.bold, piece.italic), size)


def word_width(word: Word, role: str, size: float) -> float:
    return sum(piece_width(p, role, size) for p in word)


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


def wrap(paragraphs: tuple[Paragraph, ...], role: str, size: float, width: float
         ) -> tuple[tuple[Line, ...], float]:
    """Break paragraphs into lines no wider than ``width``; also the widest word."""
    space = _width(" ", fonts.pdf_name(role), size)
    lines: list[Line] = []
    widest = 0.0
    for paragraph in paragraphs:
        current: list[Word] = []
        current_width = 0.0
        for word in paragraph:
            w = word_width(word, role, size)
            widest = max(widest, w)
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
        lines, widest = wrap(paragraphs, role, current, width)
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
    """Draw fitted text in the box whose top-left is (x, y_top), in points."""
    from compiler.forms import colour as to_colour
    from compiler.forms import place_icon

    size = result.size
    block = len(result.lines) * size * leading
    if valign == "middle":
        y_top -= (height - block) / 2
    elif valign == "bottom":
        y_top -= height - block
    baseline = y_top - size * (leading - 1) / 2 - size * 0.8
    ink = to_colour(colour)
    icons: list[tuple[str, float, float]] = []
    text = canvas.beginText()
    text.setFillColor(ink)
    current_font = ""
    pending: list[str] = []

    def flush() -> None:
        if pending:
            text.textOut("".join(pending))
            pending.clear()

    for line in result.lines:
        if align == "center":
            cursor = x + (width - line.width) / 2
        elif align == "right":
            cursor = x + width - line.width
        else:
            cursor = x
        text.setTextOrigin(cursor, baseline)
        for index, word in enumerate(line.words):
            if index:
                if not current_font:
                    current_font = fonts.pdf_name(role)
                    text.setFont(current_font, size)
                pending.append(" ")
                cursor += _width(" ", current_font, size)
            for piece in word:
                if piece.icon is not None:
                    flush()
                    side = size * ICON_SCALE
                    icons.append((piece.icon, cursor, baseline - size * 0.2))
                    cursor += side
                    text.setTextOrigin(cursor, baseline)
                    continue
                font = fonts.style_font(role, piece.bold, piece.italic)
                if font != current_font:
                    flush()
                    text.setFont(font, size)
                    current_font = font
                pending.append(piece.text)
                cursor += _width(piece.text, font, size)
        flush()
        baseline -= size * leading
    canvas.drawText(text)
    for name, ix, iy in icons:
        place_icon(canvas, name, ix, iy, size * ICON_SCALE)
