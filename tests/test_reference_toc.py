"""The rules reference PDF: laid out in one pass, its table of contents prints the page
each heading is on, and its outline (bookmarks) points at the same pages."""

from __future__ import annotations

import io
import re
from typing import Any

import pypdf
import pypdfium2 as pdfium
import pytest

from compiler.pdf import reference
from compiler.text.faces import builder

_NUMBER = re.compile(r"[\s.]*(\d+)$")       # a TOC line's end: dot leader and page number


def _outline(reader: pypdf.PdfReader, items: list[Any], depth: int = 0
             ) -> list[tuple[int, str, int]]:
    out = []
    for item in items:
        if isinstance(item, list):
            out += _outline(reader, item, depth + 1)
        else:
            out.append((depth, item.title, reader.get_destination_page_number(item)))
    return out


def _toc(pdf: bytes, reader: pypdf.PdfReader, last_page: int
         ) -> list[tuple[str, int, int]]:
    """(text, printed page number, page its link goes to) of each TOC line that ends an
    entry, from the pages before the first heading's: the text of the row of each
    entry's link, read with pdfium (which reads the forms the numbers are drawn in)."""
    document = pdfium.PdfDocument(pdf)
    entries = []
    try:
        for index in range(last_page):
            text = document[index].get_textpage()
            for annotation in reader.pages[index].get("/Annots", []):
                link = annotation.get_object()
                _, bottom, _, top = (float(v) for v in link["/Rect"])
                row = text.get_text_bounded(0, bottom, 10_000, top).strip()
                number = _NUMBER.search(row)
                if number:
                    target = reader.get_page_number(link["/Dest"][0].get_object())
                    entries.append((row[:number.start()].strip(), int(number.group(1)),
                                    target))
    finally:
        document.close()
    return entries


def _normal(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game", ["azadi", "san", "spring"])
def test_toc_page_numbers_and_outline_match_the_headings(game: str, shipped_models: dict[str, Any],
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    placed: list[str] = []
    original = reference._ReferenceDoc.afterFlowable

    def counting(doc: Any, flowable: Any) -> None:
        if isinstance(flowable, reference._Heading):
            placed.append(flowable.key)
        original(doc, flowable)

    monkeypatch.setattr(reference._ReferenceDoc, "afterFlowable", counting)
    rules, found = reference.load_rules(game)
    assert not found
    pdf, pages = reference.reference_pdf(rules, shipped_models[game],
                                       builder(game)(shipped_models[game]))
    assert len(placed) == len(set(placed))               # one layout pass: each heading once

    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == pages
    outline = _outline(reader, reader.outline)
    assert len(outline) == len(placed) > 3
    assert [depth for depth, _, _ in outline] == [
        0 if depth == 0 else 1 for depth, _, _ in outline]
    first_heading = min(page for _, _, page in outline)
    toc = _toc(pdf, reader, first_heading)
    assert len(toc) == len(outline)
    for (text, printed, target), (_, title, page) in zip(toc, outline, strict=True):
        assert printed == page + 1 == target + 1, title   # the TOC's number, link and outline
        assert _normal(title).endswith(_normal(text)) or text.endswith(_normal(title))
        assert _normal(title) in _normal(reader.pages[page].extract_text()), title
        assert str(page + 1) in reader.pages[page].extract_text().split()   # its footer
