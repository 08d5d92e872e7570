"""The first page of every home-sheet deck: how to print it, a scale ruler to check
the print was not scaled, and a stamp naming the version printed.

The page is drawn on the deck's own canvas, before its first fronts page. On duplex
sheets a second page follows it (the back of the instructions, nearly blank), so the
card fronts still start on an odd page and every back lands behind its front.

What the page says comes from :class:`Instructions` (pure data, made by the build);
the geometry of the ruler is in :func:`ruler_ticks` so that tests can measure the
printed ticks against it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from compiler.i18n import print_words
from compiler.i18n.print_words import PrintWords
from compiler.pdf import forms
from compiler.pdf.render_card import MM
from compiler.typeset import fonts, richtext

INK = "#000000"
MUTED = "#505050"
RULER_MM = 100.0           # the metric ruler's length
RULER_INCHES = 4           # the imperial ruler's length
MARGIN_MM = 18.0
TEXT_PT = 10.0


@dataclass(frozen=True)
class Stamp:
    """Which deck this is and which version of it: printed on its instructions page."""

    game: str                       # the game's title, as printed
    deck: str
    version: str                    # samizdat's
    digest: str                     # the deck's printed content, shortened
    date: str | None                # YYYY-MM-DD, or None: undated
    words: PrintWords = field(default_factory=print_words.english)   # the page's language

    @property
    def text(self) -> str:
        """samizdat's version, the content digest and the date, on one line, in the
        stamp's language."""
        said = self.words.say
        return said("stamp", version=self.version, digest=self.digest,
                    date=self.date or said("undated"))


@dataclass(frozen=True)
class Instructions:
    """What the instructions page of one deck says."""

    stamp: Stamp
    mode: str                       # duplex | gutterfold
    paper: str
    card_size_mm: tuple[float, float]
    designs: int
    cards: int
    card_pages: int                 # the pages that hold cards (not this one)
    per_page: int
    back_offset: tuple[float, float]
    machine: str | None = None      # silhouette | cricut

    @property
    def words(self) -> PrintWords:
        """What the page says things with: the stamp's language."""
        return self.stamp.words


def content_digest(parts: Sequence[tuple[str, int, str, str]]) -> str:
    """A short digest of what a deck prints: each design's (id, copies, front key,
    back key). Equal digests mean the same cards, in the same numbers, drawn alike."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(repr(part).encode())
    return digest.hexdigest()[:12]


def _number(value: float) -> str:
    return f"{value:g}"


def steps(info: Instructions) -> list[str]:
    """The printing steps, in order, as plain sentences in the page's language."""
    say = info.words.say
    width, height = info.card_size_mm
    sheets = info.card_pages // 2 if info.mode == "duplex" else info.card_pages
    paper = say("letter") if info.paper == "letter" else info.paper.upper()
    found = [say("actual_size", paper=paper),
             say("check_scale", mm=_number(RULER_MM), inches=RULER_INCHES)]
    if info.mode == "duplex":
        found.append(say("duplex", sheets, sheets=sheets))
        x, y = info.back_offset
        if (x, y) != (0.0, 0.0):
            found.append(say("offset_applied", x=f"{x:+g}", y=f"{y:+g}"))
        else:
            found.append(say("offset_missing"))
    else:
        found.append(say("gutterfold", sheets, sheets=sheets))
    if info.machine in ("silhouette", "cricut"):
        found.append(say(info.machine))
    designs = say("designs", info.designs, designs=info.designs)
    count = say("count", info.cards, cards=info.cards, designs=designs,
                per_page=info.per_page)
    found.append(say("cut", width=_number(width), height=_number(height), count=count))
    return found


def ruler_ticks() -> list[tuple[float, float]]:
    """The metric ruler's ticks: (position from its zero in mm, length in mm)."""
    return [(float(mm), 5.0 if mm % 10 == 0 else 3.5 if mm % 5 == 0 else 2.0)
            for mm in range(int(RULER_MM) + 1)]


def inch_ticks() -> list[tuple[float, float]]:
    """The imperial ruler's ticks every 1/8 inch: (position in mm, length in mm)."""
    return [(eighth * 25.4 / 8, 5.0 if eighth % 8 == 0 else 3.5 if eighth % 4 == 0 else 2.0)
            for eighth in range(RULER_INCHES * 8 + 1)]


def ruler_origin(page_height: float) -> tuple[float, float]:
    """Where the metric ruler's zero lies on the page (mm from the bottom left); the
    imperial ruler's zero is 22 mm below it."""
    return MARGIN_MM, 70.0 if page_height > 150 else 40.0


def _text(canvas: Canvas, markup: str, role: str, size: float, x: float, y_top: float,
          width: float, direction: str, colour: str, align: str = "start") -> float:
    """``markup`` set in the box of ``width`` points whose top-left is (x, y_top),
    shaped and ordered for ``direction`` (aligned to its start, or ``center``); returns
    the height it took."""
    leading = 1.35
    fitted = richtext.fit(markup, role, size, size, leading, width, 10_000.0, direction)
    if align == "start":
        align = "right" if direction == "rtl" else "left"
    richtext.draw(canvas, fitted, role, leading, x, y_top, width, 10_000.0, align, "top",
                  colour)
    return len(fitted.lines) * size * leading


def draw(canvas: Canvas, info: Instructions, page_width: float, page_height: float,
         duplex_back: bool) -> None:
    """The instructions page (and with ``duplex_back`` its back) on ``canvas``, in the
    language of ``info.words`` (right-to-left ones set from the right margin)."""
    words = info.words
    direction = words.direction
    left = MARGIN_MM * MM
    width = (page_width - 2 * MARGIN_MM) * MM
    y = (page_height - MARGIN_MM) * MM
    y -= _text(canvas, words.say("title", game=info.stamp.game, deck=info.stamp.deck),
               "sans-bold", 16, left, y, width, direction, INK) + 4
    y -= _text(canvas, words.say("tagline"), "sans", TEXT_PT, left, y, width, direction,
               MUTED) + 10
    number_width = 14.0
    body = left + number_width if direction == "ltr" else left
    number_at = left if direction == "ltr" else left + width - number_width
    for number, step in enumerate(steps(info), start=1):
        _text(canvas, f"**{number}.**", "sans", TEXT_PT, number_at, y, number_width,
              direction, INK)
        y -= _text(canvas, step, "sans", TEXT_PT, body, y, width - number_width, direction,
                   INK) + 6
    _rulers(canvas, page_height, words)
    _card_outline(canvas, info.card_size_mm, page_width, y / MM - 8,
                  ruler_origin(page_height)[1] + 20, words)
    stamp = info.stamp.text
    _text(canvas, stamp, "sans", 8, left, MARGIN_MM * MM + 8, width, direction, MUTED)
    canvas.showPage()
    if duplex_back:
        _text(canvas, words.say("back_page"), "sans", 8, left, page_height / 2 * MM + 8,
              width, direction, MUTED, "center")
        _text(canvas, stamp, "sans", 8, left, MARGIN_MM * MM + 8, width, direction, MUTED)
        canvas.showPage()


def outline_box(card_size_mm: tuple[float, float], page_width: float, top: float,
                bottom: float) -> tuple[float, float, float, float] | None:
    """Where a card's trim is drawn at actual size (left, bottom, width, height in mm):
    centred across the page, hanging from ``top`` when it stays above ``bottom`` (the
    rulers); else beside the rulers at the right margin, when there is room; else None."""
    width, height = card_size_mm
    if top - height - 6 >= bottom:
        return (page_width - width) / 2, top - height, width, height
    beside = MARGIN_MM + RULER_MM + 20
    if page_width - MARGIN_MM - width >= beside and MARGIN_MM + 10 + height <= top:
        return page_width - MARGIN_MM - width, MARGIN_MM + 10, width, height
    return None


def _card_outline(canvas: Canvas, card_size_mm: tuple[float, float], page_width: float,
                  top: float, bottom: float, words: PrintWords) -> None:
    box = outline_box(card_size_mm, page_width, top, bottom)
    if box is None:
        return
    left, low, width, height = box
    canvas.setStrokeColor(forms.colour(INK))
    canvas.setLineWidth(0.25)
    canvas.setDash(3, 2)
    canvas.roundRect(left * MM, low * MM, width * MM, height * MM, 3 * MM)
    canvas.setDash()
    size = words.say("outline_size", width=_number(width), height=_number(height))
    said = f"{words.say('outline')}\n{size}"
    _text(canvas, said, "sans", 8, left * MM, (low + height / 2) * MM + 8, width * MM,
          words.direction, MUTED, "center")


def _rulers(canvas: Canvas, page_height: float, words: PrintWords) -> None:
    x0, y0 = ruler_origin(page_height)
    font = fonts.pdf_name("sans")
    canvas.setStrokeColor(forms.colour(INK))
    canvas.setFillColor(forms.colour(INK))
    canvas.setLineWidth(0.25)
    for base, ticks, unit, label_every in (
            (y0, ruler_ticks(), "mm", 10.0), (y0 - 22.0, inch_ticks(), "in", 25.4)):
        canvas.line(x0 * MM, base * MM, (x0 + ticks[-1][0]) * MM, base * MM)
        canvas.setFont(font, 7)
        for position, length in ticks:
            x = (x0 + position) * MM
            canvas.line(x, base * MM, x, (base + length) * MM)
            steps_from_zero = position / label_every
            if abs(steps_from_zero - round(steps_from_zero)) < 1e-6:
                text = f"{round(steps_from_zero * (10 if unit == 'mm' else 1))}"
                canvas.drawCentredString(x, (base + length + 1.2) * MM, text)
        canvas.drawString((x0 + ticks[-1][0] + 3) * MM, base * MM, unit)
    _text(canvas, words.say("scale_check", mm=_number(RULER_MM), inches=RULER_INCHES),
          "sans", 8, x0 * MM, (y0 + 12) * MM + 8, (RULER_MM + 10) * MM, words.direction, INK)
