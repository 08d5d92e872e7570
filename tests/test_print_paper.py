"""The rules reference and the player aid follow `--paper`, and every font they use is
embedded (reportlab's default Helvetica was named, unembedded, on every page)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from tests.conftest import CARDS, run_cli

MM = 72 / 25.4


@pytest.fixture(scope="module")
def letter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("letter")
    result = run_cli("build", str(CARDS / "spring"), "--paper", "letter", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out / "spring"


def _fonts(reader: PdfReader) -> list[Any]:
    found = []
    for page in reader.pages:
        fonts = page["/Resources"].get_object().get("/Font", {})
        for ref in fonts.get_object().values():
            found.append(ref.get_object())
    return found


def _embedded(font: Any) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


@pytest.mark.parametrize("name", ["spring-rules.pdf", "spring-aid.pdf"])
def test_rules_and_aid_are_on_letter_with_letter(letter: Path, name: str) -> None:
    reader = PdfReader(letter / name)
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == \
            pytest.approx((215.9 * MM, 279.4 * MM), abs=0.2)


@pytest.mark.parametrize("name", ["spring-rules.pdf", "spring-aid.pdf"])
def test_every_font_of_the_rules_and_aid_is_embedded(letter: Path, name: str) -> None:
    fonts = _fonts(PdfReader(letter / name))
    assert fonts
    unembedded = sorted({str(f.get("/BaseFont")) for f in fonts if not _embedded(f)})
    assert unembedded == []


def test_no_table_header_word_is_broken_in_two() -> None:
    """A column sized by its cells' text alone could be narrower than its header's
    longest word, which then broke mid-word ("Ideolo-gue")."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from compiler.pdf.reference import CELL_PADDING, _widths
    from compiler.typeset import fonts

    fonts.register()
    bold = fonts.pdf_name("sans-bold")
    header = ["Ideologue", "Effect of the answer on the table", "Points"]
    rows = [["1", "A long line of text " * 4, "2"], ["3", "more text " * 6, "4"]]
    widths = _widths(header, rows, 400.0, bold, 8.0)
    assert sum(widths) == pytest.approx(400.0)
    for word, width in (("Ideologue", widths[0]), ("Points", widths[2])):
        assert width >= stringWidth(word, bold, 8.0) + CELL_PADDING - 1e-6
    assert widths[1] > widths[0] and widths[1] > widths[2]    # the long column keeps most
