"""Flowables for the rules reference and the player aid set with the card text engine
(:mod:`compiler.typeset.richtext`): for text reportlab's ``Paragraph`` cannot set,
because it neither shapes (Arabic joining, Devanagari conjuncts), nor orders
right-to-left text, nor falls back to another font for a script its font lacks.

:func:`needs_engine` says when a text needs them: in a right-to-left reference every
text does (its lines start at the right margin); elsewhere a text with a character
the card engine would shape or take from a fallback font. English and French
references keep reportlab's paragraphs, byte for byte.

* :class:`Text`: a paragraph (optionally with a bullet or number in a gutter on its
  start side, an indent, a background), in the language's direction;
* :class:`TextHeading`: a heading that becomes a bookmark, an outline entry and a line
  of the contents, like :class:`compiler.pdf.reference._Heading`;
* :class:`TextContents`: the table of contents, its page numbers drawn once the
  pages are known (as the one-pass contents of the reference does).
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from compiler.text import markup
from compiler.typeset import fonts, richtext
from compiler.typeset.shaped_text import needs_shaping

GUTTER = 14.0            # points: the bullet's or number's room on the start side


def needs_engine(text: str, role: str, direction: str) -> bool:
    """Whether ``text`` in ``role`` must be set by the card engine in a reference
    whose language runs in ``direction``."""
    return direction == "rtl" or needs_shaping(text, role, "auto")


class Text(Flowable):  # type: ignore[misc]
    """A paragraph of card-text markup (``**bold**``, ``*italic*``, ``:icon:``)."""

    def __init__(self, text: str, role: str, size: float, leading: float, *,
                 direction: str = "ltr", colour: str = "#1a1a1a", align: str = "start",
                 space_before: float = 0.0, space_after: float = 0.0, indent: float = 0.0,
                 bullet: str = "", background: str | None = None,
                 padding: float = 0.0) -> None:
        super().__init__()
        self.text, self.role, self.size = text, role, size
        self.ratio = leading / size
        self.direction, self.colour, self.align = direction, colour, align
        self.spaceBefore, self.spaceAfter = space_before, space_after
        self.indent = indent + (GUTTER if bullet else 0.0)
        self.bullet, self.background, self.padding = bullet, background, padding
        self.fitted: richtext.Fit | None = None

    @property
    def rtl(self) -> bool:
        return self.direction == "rtl"

    def _inner(self, width: float) -> float:
        return max(1.0, width - self.indent - 2 * self.padding)

    def wrap(self, width: float, height: float) -> tuple[float, float]:
        self.fitted = richtext.fit(self.text, self.role, self.size, self.size, self.ratio,
                                   self._inner(width), 1e6, self.direction)
        self.width = width
        self.height = len(self.fitted.lines) * self.size * self.ratio + 2 * self.padding
        return width, self.height

    def draw(self) -> None:
        assert self.fitted is not None
        inner = self._inner(self.width)
        left = self.padding + (0.0 if self.rtl else self.indent)
        if self.background:
            from compiler.pdf import forms

            self.canv.saveState()
            self.canv.setFillColor(forms.colour(self.background))
            self.canv.rect(0, 0, self.width, self.height, stroke=0, fill=1)
            self.canv.restoreState()
        align = self.align
        if align == "start":
            align = "right" if self.rtl else "left"
        top = self.height - self.padding
        richtext.draw(self.canv, self.fitted, self.role, self.ratio, left, top, inner,
                      self.height, align, "top", self.colour)
        if self.bullet:
            gutter = self.width - self.indent if self.rtl else self.indent - GUTTER
            mark = richtext.fit(self.bullet, self.role, self.size, self.size, self.ratio,
                                GUTTER, 1e6, self.direction)
            richtext.draw(self.canv, mark, self.role, self.ratio, gutter, top, GUTTER,
                          self.height, "right" if self.rtl else "left", "top", self.colour)


class TextHeading(Text):
    """A heading that becomes a bookmark, an outline entry and a line of the contents."""

    def __init__(self, text: str, role: str, size: float, leading: float, level: int,
                 key: str, **options: Any) -> None:
        super().__init__(text, role, size, leading, **options)
        self.level = level
        self.key = key
        self.plain = markup.plain(text)


class TextContents(Flowable):  # type: ignore[misc]
    """The table of contents: each heading's line at the start side (level 1 indented),
    its page number at the end side, drawn into a form once the pages are known."""

    def __init__(self, entries: list[tuple[int, str, str]], direction: str,
                 sizes: tuple[float, float] = (10.0, 8.5),
                 leadings: tuple[float, float] = (14.0, 11.0),
                 parts: list[TextContents] | None = None) -> None:
        super().__init__()
        self.entries, self.direction = entries, direction
        # every piece a split made, sharing one list: the numbers are drawn once for all
        self.parts: list[TextContents] = parts if parts is not None else []
        self.parts.append(self)
        self.sizes, self.leadings = sizes, leadings
        self.fitted: list[richtext.Fit] = []
        self.numbers_width = 28.0

    def wrap(self, width: float, height: float) -> tuple[float, float]:
        self.width = width
        self.fitted = []
        total = 0.0
        for level, text, _ in self.entries:
            size, leading = self.sizes[min(level, 1)], self.leadings[min(level, 1)]
            room = width - self.numbers_width - GUTTER * min(level, 1)
            found = richtext.fit(text, "sans", size, size, leading / size, room, 1e6,
                                 self.direction)
            self.fitted.append(found)
            total += len(found.lines) * leading
        self.height = total
        return width, total

    def split(self, width: float, height: float) -> list[Flowable]:
        """The entries that fit in ``height``, then the rest (a long contents runs
        over several pages); [] when not even one fits."""
        self.wrap(width, height)
        used, count = 0.0, 0
        for (level, _, _), found in zip(self.entries, self.fitted, strict=True):
            step = len(found.lines) * self.leadings[min(level, 1)]
            if used + step > height:
                break
            used, count = used + step, count + 1
        if count == 0 or count == len(self.entries):
            return [] if count == 0 else [self]
        return [TextContents(self.entries[:count], self.direction, self.sizes,
                             self.leadings, self.parts),
                TextContents(self.entries[count:], self.direction, self.sizes,
                             self.leadings, self.parts)]

    def draw(self) -> None:
        rtl = self.direction == "rtl"
        y = self.height
        for (level, _, key), found in zip(self.entries, self.fitted, strict=True):
            size, leading = self.sizes[min(level, 1)], self.leadings[min(level, 1)]
            indent = GUTTER * min(level, 1)
            room = self.width - self.numbers_width - indent
            left = self.numbers_width if rtl else indent
            richtext.draw(self.canv, found, "sans", leading / size, left, y, room,
                          len(found.lines) * leading, "right" if rtl else "left", "top",
                          "#1a1a1a")
            baseline = y - len(found.lines) * leading + (leading - size) / 2 + size * 0.2
            self.canv.saveState()
            self.canv.translate(0 if rtl else self.width - self.numbers_width, baseline)
            self.canv.doForm(form_name(key))
            self.canv.restoreState()
            y -= len(found.lines) * leading

    def define_numbers(self, canvas: Any, pages: dict[str, int]) -> None:
        """Draw each entry's page number into the form its line refers to (of this
        contents as it was made, whatever splits it went through)."""
        rtl = self.direction == "rtl"
        font = fonts.pdf_name("sans")
        first = self.parts[0]
        for level, _, key in first.entries:
            size = self.sizes[min(level, 1)]
            number = str(pages[key])
            width = stringWidth(number, font, size)
            canvas.beginForm(form_name(key), 0, -size, self.numbers_width, 2 * size)
            canvas.setFont(font, size)
            canvas.drawString(0 if rtl else self.numbers_width - width, 0, number)
            canvas.endForm()


def form_name(key: str) -> str:
    return "toct-" + "".join(c if c.isalnum() else "_" for c in key) + f"-{len(key)}"
