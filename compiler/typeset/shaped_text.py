"""Card text that one glyph per character, left to right, cannot print: words split
into runs of one font and one direction, shaped, and each line put in visual order.

:mod:`compiler.typeset.richtext` sends a text here when it needs it
(:func:`needs_shaping`): a character of a right-to-left or complex script, one its
face lacks (drawn in a fallback font, :func:`compiler.typeset.fonts.font_for`), an
explicit direction control, or a region whose ``direction`` is ``rtl``. Any other text
keeps richtext's fast path, and its PDFs their bytes.

A paragraph is the words :func:`compiler.typeset.richtext.parse` gives, joined by
single spaces, with an inline icon as U+FFFC; :mod:`compiler.typeset.bidi_order`
gives every character its level. A word becomes *segments*: maximal runs of
characters of one piece (style), one font and one level (a combining mark or joiner
stays in the run before it), each shaped by :func:`compiler.typeset.shaping.shape`
(right to left at an odd level), or an icon. Lines are broken in logical order on
the words' shaped widths; :func:`visual_items` then orders one line's segments,
spaces and icons by rule L2 and gives each its x position.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import NamedTuple

from compiler.typeset import bidi_order, fonts, richtext, shaping

# bidirectional classes that need the algorithm: strong right-to-left, Arabic numbers,
# explicit embeddings, overrides and isolates
_DIRECTIONAL = frozenset({"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI",
                          "FSI", "PDI"})
_JOINING = frozenset({"Mn", "Mc", "Me", "Cf"})   # marks and joiners: part of the run before


class Segment(NamedTuple):
    """Part of a word in one font at one level, shaped; or an inline icon."""

    font: str
    level: int
    glyphs: shaping.Glyphs | None     # None for an icon
    icon: str | None = None


ShapedWord = tuple[Segment, ...]


class ShapedParagraph(NamedTuple):
    """A paragraph's words as segments, and the level of the space after each word."""

    words: tuple[ShapedWord, ...]
    space_levels: tuple[int, ...]


@lru_cache(maxsize=4096)
def needs_shaping(markup: str, role: str, direction: str) -> bool:
    """Whether ``markup`` set in ``role`` with paragraph ``direction`` needs this
    module: an ``rtl`` region, or a character that is right-to-left, an Arabic number,
    a direction control, of a script with a fallback font, or not in the face its
    piece is set in. ASCII text in a region that is not ``rtl`` never does."""
    if direction == "rtl":
        return True
    if markup.isascii():
        return False
    for paragraph in richtext.parse(markup):
        for word in paragraph:
            for piece in word:
                if piece.icon is not None or piece.text.isascii():
                    continue
                covered = fonts.covered(fonts.style_font(role, piece.bold, piece.italic))
                for char in piece.text:
                    if ord(char) not in covered or fonts.script_of(char) is not None \
                            or unicodedata.bidirectional(char) in _DIRECTIONAL:
                        return True
    return False


@lru_cache(maxsize=4096)
def shape_markup(markup: str, role: str, direction: str) -> tuple[ShapedParagraph, ...]:
    """Every paragraph of ``markup`` (as :func:`compiler.typeset.richtext.parse` gives it) as
    shaped words, with the levels of the bidirectional algorithm."""
    shaped = []
    for paragraph in richtext.parse(markup):
        text_parts: list[str] = []
        for index, word in enumerate(paragraph):
            if index:
                text_parts.append(" ")
            for piece in word:
                text_parts.append(bidi_order.OBJECT if piece.icon is not None else piece.text)
        text = "".join(text_parts)
        levels = bidi_order.levels(text, direction)
        position = 0
        words: list[ShapedWord] = []
        space_levels: list[int] = []
        for index, word in enumerate(paragraph):
            if index:
                space_levels.append(levels[position])
                position += 1
            segments: list[Segment] = []
            for piece in word:
                if piece.icon is not None:
                    segments.append(Segment("", levels[position], None, piece.icon))
                    position += 1
                    continue
                face = fonts.style_font(role, piece.bold, piece.italic)
                segments += _segments(text, position, position + len(piece.text), face,
                                      levels)
                position += len(piece.text)
            words.append(tuple(segments))
        shaped.append(ShapedParagraph(tuple(words), tuple(space_levels)))
    return tuple(shaped)


CONTEXT = 5       # characters either side that HarfBuzz sees as context


def _segments(text: str, start: int, end: int, face: str, levels: tuple[int, ...]
              ) -> list[Segment]:
    """Characters ``start`` to ``end`` of the paragraph ``text`` (one piece, set in
    ``face``) as shaped runs of one font and level, each shaped with the paragraph's
    characters around it as context."""
    runs: list[tuple[str, int, int, int]] = []          # font, level, start, end
    for index in range(start, end):
        char, level = text[index], levels[index]
        font = fonts.font_for(face, char) or face     # none covers it: B613, a box
        if runs and runs[-1][1] == level and (
                runs[-1][0] == font or (unicodedata.category(char) in _JOINING
                                        and ord(char) in fonts.covered(runs[-1][0]))):
            runs[-1] = (runs[-1][0], level, runs[-1][2], index + 1)
        else:
            runs.append((font, level, index, index + 1))
    return [Segment(font, level, shaping.shape(
                font, text[first:last], bool(level % 2),
                text[max(0, first - CONTEXT):first].replace(bidi_order.OBJECT, " "),
                text[last:last + CONTEXT].replace(bidi_order.OBJECT, " ")))
            for font, level, first, last in runs]


def word_widths(paragraphs: tuple[ShapedParagraph, ...], size: float,
                icon_side: float) -> tuple[tuple[float, ...], ...]:
    """The width in points of every word at ``size`` (an icon is ``icon_side`` wide)."""
    scale = size * 0.001
    return tuple(tuple(sum(icon_side if s.glyphs is None else s.glyphs.width * scale
                           for s in word) for word in paragraph.words)
                 for paragraph in paragraphs)


def visual_items(paragraph: ShapedParagraph, first: int, end: int, size: float,
                 space: float, icon_side: float) -> list[tuple[float, Segment]]:
    """Words ``first`` to ``end`` (excluded) of ``paragraph``, one line, as its
    segments and icons in visual order, each with its x from the line's left end in
    points (spaces are ``space`` wide and drawn as room only)."""
    items: list[Segment | None] = []      # None: a space
    item_levels: list[int] = []
    for index in range(first, end):
        if index > first:
            items.append(None)
            item_levels.append(paragraph.space_levels[index - 1])
        for segment in paragraph.words[index]:
            items.append(segment)
            item_levels.append(segment.level)
    placed: list[tuple[float, Segment]] = []
    x = 0.0
    scale = size * 0.001
    for index in bidi_order.visual_order(item_levels):
        item = items[index]
        if item is None:
            x += space
            continue
        placed.append((x, item))
        x += icon_side if item.glyphs is None else item.glyphs.width * scale
    return placed
