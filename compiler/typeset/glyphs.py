"""Which characters of a text the fonts samizdat prints with cannot draw (B613).

reportlab draws a character its font has no glyph for as the font's ``.notdef``
glyph, a box, and says nothing: every such character is an error found before
anything is drawn.

Card text (:mod:`compiler.typeset.richtext`) draws a character its face lacks in a
fallback font of the same weight (Noto Sans for Arabic, Devanagari, Bengali; see
:func:`compiler.typeset.fonts.font_for`), shaped and in the order the bidirectional
algorithm gives, so there only characters that no shipped font covers are errors
(:func:`undrawable_markup`). Text drawn as one plain run of one font (reportlab's
``drawString``: a mat's ring labels) has neither fallback nor shaping: there a
character its font lacks, or a letter of a right-to-left script, which would print
reversed and unjoined, is an error (:func:`undrawable`).

What is checked is what :mod:`compiler.typeset.richtext` draws: markers (``**``, ``*``) and
known ``:icon:`` names are not letters, a space or line break only separates words,
and each run is checked in the very face it is drawn in (bold and italic faces cover
other characters than the regular one). ASCII text takes a fast path: every shipped
face covers printable ASCII, so only control characters (a tab) need a look.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache

from compiler.typeset import fonts, richtext
from rules_engine.core.diagnostics import Diagnostic, Location, error

CODE = "B613"
_SEPARATORS = frozenset(" \n")              # split into words and paragraphs, never drawn
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")
_PRINTABLE_ASCII = frozenset(range(0x20, 0x7F))
_SHOWN = 6                                   # characters a message names, at most

HINT = ("no shipped font has these characters (DejaVu covers Latin, Greek and Cyrillic; "
        "card text falls back to Noto Sans for Arabic, Devanagari and Bengali): write "
        "this text in a covered script; --force builds anyway, with boxes where these "
        "characters are")


def right_to_left(char: str) -> bool:
    """A letter of a right-to-left script, which samizdat would print reversed."""
    return unicodedata.bidirectional(char) in ("R", "AL")


@cache
def _ascii_complete(font: str) -> bool:
    return _PRINTABLE_ASCII.issubset(fonts.covered(font))


@lru_cache(maxsize=8192)
def undrawable(text: str, font: str) -> tuple[str, ...]:
    """The characters of ``text``, drawn as one plain run in the registered ``font``
    (no fallback, no shaping), that would not print as themselves: no glyph in the
    font, or right-to-left. Each once, in order of first appearance."""
    if text.isascii() and _CONTROL.search(text) is None and _ascii_complete(font):
        return ()
    covered = fonts.covered(font)
    found: dict[str, None] = {}
    for char in text:
        if char in _SEPARATORS or char in found:
            continue
        if ord(char) not in covered or right_to_left(char):
            found[char] = None
    return tuple(found)


@lru_cache(maxsize=8192)
def unshapeable(text: str, font: str) -> tuple[str, ...]:
    """The characters of ``text``, set as card text in the registered ``font``, that
    neither the font nor any fallback of its weight covers. Each once, in order of
    first appearance."""
    if text.isascii() and _CONTROL.search(text) is None and _ascii_complete(font):
        return ()
    found: dict[str, None] = {}
    for char in text:
        if char in _SEPARATORS or char in found:
            continue
        if fonts.font_for(font, char) is None:
            found[char] = None
    return tuple(found)


@cache
def _family_ascii_complete(role: str) -> bool:
    return all(_ascii_complete(fonts.pdf_name(face)) for face in fonts.FAMILIES[role])


def undrawable_markup(markup: str, role: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """For card-text ``markup`` set in font ``role``: per face a run is set in, the
    characters neither that face nor a fallback can draw (see :func:`unshapeable`);
    empty when all print.
    ASCII without control characters is answered at once (most card text)."""
    if markup.isascii() and _CONTROL.search(markup) is None and _family_ascii_complete(role):
        return ()
    return _undrawable_markup(markup, role)


@lru_cache(maxsize=4096)
def _undrawable_markup(markup: str, role: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    per_font: dict[str, dict[str, None]] = {}
    for paragraph in richtext.parse(markup):
        for word in paragraph:
            for piece in word:
                if piece.icon is not None or not piece.text:
                    continue
                font = fonts.style_font(role, piece.bold, piece.italic)
                for char in unshapeable(piece.text, font):
                    per_font.setdefault(font, {})[char] = None
    return tuple((font, tuple(chars)) for font, chars in per_font.items())


# What an unnamed character of a "C" category is (Unicode names none of these)
_UNNAMED = {"Cc": "a control character", "Co": "a private-use character",
            "Cs": "a lone surrogate", "Cn": "an unassigned character or noncharacter",
            "Cf": "a format character"}


def describe(char: str) -> str:
    """``U+0627 ARABIC LETTER ALEF (ا)``; control characters without the character."""
    name = unicodedata.name(char, "")
    category = unicodedata.category(char)
    if category.startswith("C"):
        return f"U+{ord(char):04X} {name or _UNNAMED.get(category, 'a control character')}"
    return f"U+{ord(char):04X} {name} ({char})" if name else f"U+{ord(char):04X} ({char})"


def _listed(chars: list[str]) -> str:
    shown = ", ".join(describe(c) for c in chars[:_SHOWN])
    more = len(chars) - _SHOWN
    return shown + (f" and {more} more" if more > 0 else "")


def diagnostic(label: str, field: str, font: str, chars: Iterable[str],
               location: Location) -> Diagnostic:
    """The B613 error for text of ``label``'s ``field`` that ``font`` cannot draw.

    The message depends only on the card, the field, the font and the characters, so
    two outputs printing the same field in the same face report it once."""
    chars = list(chars)
    covered = fonts.covered(font)
    missing = [c for c in chars if ord(c) not in covered]
    reversed_ = [c for c in chars if ord(c) in covered]
    parts = []
    if missing:
        parts.append(f"no glyph for {_listed(missing)}")
    if reversed_:
        parts.append("right-to-left, which a plain label (a mat's ring) cannot lay out: "
                     f"{_listed(reversed_)}")
    return error(CODE, f"{label}: {field} cannot be printed in {fonts.display_name(font)}: "
                 + "; ".join(parts), location, hint=HINT)
