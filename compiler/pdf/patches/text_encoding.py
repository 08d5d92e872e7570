"""Card text encoded for a document's subsets of an embedded TrueType font, both
ways: from what reportlab assigned, with one ``str.translate`` per run (the patch),
or by asking reportlab's ``splitString`` for every run (plain reportlab). Both give
the same codes and the same bytes (tests/test_richtext.py compares them with
``splitString``'s own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.pdfbase import pdfmetrics

Runs = Callable[[str, str], list[tuple[str, str]]]


class FontInDocument:
    """How one embedded font shows text in one document.

    reportlab gives each character of a TrueType font a code in one of the
    document's 256-character subsets of the font, in the order the document first
    uses them (:meth:`TTFont.splitString`). This keeps what it assigned as a
    translation table per subset, so text whose characters are all known is encoded
    with one :meth:`str.translate` (same codes, same bytes), and reportlab is asked
    only about new characters.
    """

    def __init__(self, canvas: Any, font_name: str) -> None:
        font = pdfmetrics.getFont(font_name)
        if not getattr(font, "_dynamicFont", False):
            raise TypeError(f"font {font_name!r} is not an embedded TrueType font")
        self.font = font
        self.doc = canvas._doc
        self.escape = canvas._escape
        self.subset_of: dict[str, int] = {}           # character -> subset
        self.tables: dict[int, dict[int, str]] = {}   # subset -> escaped code per character
        self.names: dict[int, str] = {}               # subset -> its font name in the PDF

    def runs(self, text: str) -> list[tuple[str, str]]:
        subset_of = self.subset_of
        chars = set(text)
        if not chars.issubset(subset_of):
            self._learn(text, chars)
        used = {subset_of[c] for c in chars}
        if len(used) == 1:
            subset = used.pop()
            return [(self._name(subset), text.translate(self.tables[subset]))]
        found: list[tuple[str, str]] = []
        start = 0
        for index in range(1, len(text) + 1):
            if index == len(text) or subset_of[text[index]] != subset_of[text[start]]:
                subset = subset_of[text[start]]
                found.append((self._name(subset),
                              text[start:index].translate(self.tables[subset])))
                start = index
        return found

    def _learn(self, text: str, chars: set[str]) -> None:
        """Let reportlab assign codes to the new characters (in the order ``text`` has
        them, as if it had shown ``text`` itself), then record them."""
        self.font.splitString(text, self.doc)
        assignments = self.font.state[self.doc].assignments
        for char in chars.difference(self.subset_of):
            code = ord(char)
            number = assignments.get(32 if code == 0xA0 else code, 0)   # 0: .notdef
            self.subset_of[char] = number >> 8
            self.tables.setdefault(number >> 8, {})[code] = self.escape(bytes([number & 0xFF]))

    def _name(self, subset: int) -> str:
        name = self.names.get(subset)
        if name is None:
            name = self.names[subset] = self.font.getSubsetInternalName(subset, self.doc)
        return name


def document_runs(canvas: Any) -> Runs:
    """``runs(font, text)`` through :class:`FontInDocument`, each text worked out once
    per document (the subsets are the document's own, so the memo lives with it)."""
    doc = canvas._doc
    memo: dict[tuple[str, str], list[tuple[str, str]]] | None = getattr(
        doc, "_samizdat_runs", None)
    encoders: dict[str, FontInDocument] | None = getattr(doc, "_samizdat_fonts", None)
    if memo is None or encoders is None:
        memo = doc._samizdat_runs = {}
        encoders = doc._samizdat_fonts = {}

    def runs(font_name: str, text: str) -> list[tuple[str, str]]:
        found = memo.get((font_name, text))
        if found is None:
            encoder = encoders.get(font_name)
            if encoder is None:
                encoder = encoders[font_name] = FontInDocument(canvas, font_name)
            found = memo[(font_name, text)] = encoder.runs(text)
        return found

    return runs


def plain_runs(canvas: Any) -> Runs:
    """``runs(font, text)`` as reportlab's own text object works them out: its
    ``splitString`` and ``getSubsetInternalName`` for every run, escaped by the
    canvas."""
    doc = canvas._doc
    escape = canvas._escape

    def runs(font_name: str, text: str) -> list[tuple[str, str]]:
        font = pdfmetrics.getFont(font_name)
        return [(font.getSubsetInternalName(subset, doc), escape(part))
                for subset, part in font.splitString(text, doc)]

    return runs
