"""SAN cards print no label, badge or panel for a value the card leaves empty (layout
regions with ``only_with``), and every card type shows its icon: read back from the
built PDFs (text) and rendered pages (pixels)."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from compiler.pdf import imposition
from tests.conftest import CARDS, FIRST_CARD_PAGE, run_cli

DPI = 100
BACKGROUND = (0x10, 0x15, 0x1F)        # the SAN card's background colour


@pytest.fixture(scope="module")
def san(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("san-fields")
    result = run_cli("build", str(CARDS / "san"), "--cards-only", "--out", str(out),
                     "--format", "json")
    assert result.exit_code == 0, result.output
    return out / "san"


def _pixel(pdf: Path, page: int, slot: int, x_mm: float, y_mm: float) -> tuple[int, ...]:
    """The colour at (x, y) mm from the top-left of card ``slot``'s trim on ``page``
    (of the card pages, after the instructions page and its back)."""
    sheet = imposition.grid("a4", 63.5, 88.9)
    where = sheet.slots[slot]
    if page % 2:                                  # a backs page: mirrored slots
        where = imposition.back_slot(sheet, where)
    document = pdfium.PdfDocument(str(pdf))
    image = document[FIRST_CARD_PAGE + page].render(scale=DPI / 72).to_pil().convert("RGB")
    document.close()
    px = DPI / 25.4
    left = (where.x + x_mm) * px
    top = (sheet.page_height - where.y - where.height + y_mm) * px
    found: tuple[int, ...] = image.getpixel((round(left), round(top)))
    return found


def _near(colour: tuple[int, ...], wanted: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 6 for a, b in zip(colour, wanted, strict=True))


def test_a_card_without_a_crossing_cost_prints_no_crossing_labels(san: Path) -> None:
    starting = PdfReader(san / "starting-moon.pdf").pages[FIRST_CARD_PAGE + 1].extract_text()
    river = PdfReader(san / "river.pdf").pages[FIRST_CARD_PAGE + 1].extract_text()
    assert "Crossing cost" not in starting and "Crossing penalty" not in starting
    assert "Crossing cost" in river and "Crossing penalty" in river


def test_no_cost_badge_revenue_coin_or_empty_panels_on_cards_without_them(san: Path) -> None:
    cards = {c["id"]: c for c in __import__("yaml").safe_load(
        (CARDS / "san" / "cards.yaml").read_text(encoding="utf-8"))["cards"]}
    first = sorted(c for c in cards if cards[c]["deck"] == "starting"
                   and cards[c].get("corporation") == "moon")
    assert "cost" not in cards[first[0]] or cards[first[0]]["cost"] is None
    # the first starting card's cost badge (48 + 5, 15 + 4.5 mm) is not drawn
    assert _near(_pixel(san / "starting-moon.pdf", 0, 0, 53, 19.5), BACKGROUND)
    # a River card with a cost has its badge (the gold #f2c14e)
    assert _near(_pixel(san / "river.pdf", 0, 0, 49, 16), (0xF2, 0xC1, 0x4E))


def test_every_card_type_shows_its_icon(san: Path) -> None:
    report = json.loads((san / "manifest.json").read_text(encoding="utf-8"))
    assert report["files"]
    reader = PdfReader(san / "starting-moon.pdf")
    text = " ".join(reader.pages[FIRST_CARD_PAGE].extract_text().split())
    assert "Equipment" in text
    sheet = imposition.grid("a4", 63.5, 88.9)
    for slot in range(len(sheet.slots)):
        # the type icon's centre (5 + 4.5, 15 + 4.5 mm) is never the bare background
        assert not _near(_pixel(san / "starting-moon.pdf", 0, slot, 9.5, 19.5), BACKGROUND), \
            slot
