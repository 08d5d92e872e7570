"""Mats, boards, the rules reference and the player aids, read back from the files."""

from __future__ import annotations

import html.parser
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from compiler.frontend.validate import validate
from compiler.pdf import tiling
from compiler.pdf.reference import RulesData, aid_pdf, card_entries, load_rules
from compiler.text.faces import builder
from tests.conftest import CARDS, run_cli

MM = 72 / 25.4


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("extras")
    result = run_cli("build", str(CARDS), "--out", str(out))
    assert result.exit_code == 0, result.stdout
    return out


def files_of(out: Path, game: str, kind: str) -> list[dict[str, Any]]:
    manifest = json.loads((out / game / "manifest.json").read_text())
    return [f for f in manifest["files"] if f["kind"] == kind]


def text_of(pdf: Path) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(pdf).pages)


def test_every_game_has_mats_rules_and_an_aid(built: Path) -> None:
    for game in ("azadi", "san", "spring"):
        assert files_of(built, game, "mats"), game
        assert {f["path"] for f in files_of(built, game, "rules")} == {
            f"{game}-rules.pdf", f"{game}-rules.html"}
        assert [f["path"] for f in files_of(built, game, "aid")] == [f"{game}-aid.pdf"]
    names = {f["path"] for f in files_of(built, "azadi", "mats")}
    assert {"mats/player-mat.pdf", "mats/hq-mat.pdf", "mats/imperial-arms.pdf",
            "mats/maidaan.pdf", "mats/monument-tracker.pdf", "mats/zone-13.pdf",
            "mats/zone-15.pdf", "mats/zone-17.pdf", "mats/zone-21.pdf"} <= names


def test_a_mat_that_fits_is_one_page(built: Path) -> None:
    reader = PdfReader(built / "azadi" / "mats" / "player-mat.pdf")
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert sorted((float(page.mediabox.width), float(page.mediabox.height))) == \
        pytest.approx([595.276, 841.89], abs=0.1)


def test_the_spring_board_is_tiled_with_marks_and_a_page_map(built: Path) -> None:
    pdf = built / "spring" / "mats" / "board.pdf"
    reader = PdfReader(pdf)
    tiles = tiling.plan(560, 560, "a4")
    assert len(reader.pages) == len(tiles) > 1
    document = pdfium.PdfDocument(str(pdf))
    for index, (page, tile) in enumerate(zip(reader.pages, tiles, strict=True)):
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx((tile.page_width * MM, tile.page_height * MM), abs=0.1)
        assert f"Spring — {tile.label}" in " ".join(page.extract_text().split())
        image = document[index].render(scale=2).to_pil().convert("L")
        scale = 2 * MM
        left = (tile.page_width - tile.width) / 2
        bottom = (tile.page_height - tile.height) / 2
        for axis, at in tiling.mark_lines(tile):      # an alignment mark in the margin
            if axis == "x":
                x, y = left + at, bottom - 4.5
            else:
                x, y = left - 4.5, bottom + tile.height - at
            px = (round(x * scale), round((tile.page_height - y) * scale))
            window = image.crop((px[0] - 3, px[1] - 3, px[0] + 4, px[1] + 4))
            assert window.getextrema()[0] < 128, (index, axis, at)
    document.close()


def test_a_large_paper_prints_the_board_on_one_page(tmp_path: Path) -> None:
    result = run_cli("build", str(CARDS / "spring"), "--out", str(tmp_path), "--paper", "a1")
    assert result.exit_code == 0
    reader = PdfReader(tmp_path / "spring" / "mats" / "board.pdf")
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert sorted((float(page.mediabox.width), float(page.mediabox.height))) == \
        pytest.approx([594 * MM, 841 * MM], abs=0.1)


def test_zone_tiles_show_every_area(built: Path) -> None:
    for areas in (13, 15, 17, 21):
        words = text_of(built / "azadi" / "mats" / f"zone-{areas}.pdf").split()
        assert all(str(n) in words for n in range(1, areas + 1)), areas


def outline_titles(outline: list[Any]) -> list[str]:
    titles: list[str] = []
    for entry in outline:
        if isinstance(entry, list):
            titles += outline_titles(entry)
        else:
            titles.append(entry.title)
    return titles


@pytest.mark.parametrize("game", ["azadi", "san", "spring"])
def test_reference_outline_has_every_section(built: Path, game: str) -> None:
    rules, problems = load_rules(game)
    assert rules is not None and not problems
    reader = PdfReader(built / game / f"{game}-rules.pdf")
    titles = outline_titles(reader.outline)
    for section in rules.data["reference"]["sections"]:
        assert section["title"] in titles
        for sub in section.get("sections", []):
            assert sub["title"] in titles
    assert "Card index" in titles and "Glossary" in titles


@pytest.mark.parametrize("game", ["azadi", "san", "spring"])
def test_reference_names_every_card(built: Path, game: str) -> None:
    model = validate([CARDS / game]).models[game]
    text = text_of(built / game / f"{game}-rules.pdf")
    page = (built / game / f"{game}-rules.html").read_text()
    for _, entries in card_entries(builder(game)(model)):
        for title, _ in entries:
            plain = title.replace("**", "").split(" (×")[0]
            assert " ".join(plain.split()) in text, plain
            assert plain.replace("&", "&amp;") in page, plain


class _Balanced(html.parser.HTMLParser):
    VOID = {"meta", "img", "br", "link", "hr", "input"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack.pop() != tag:
            self.problems.append(tag)


def test_reference_html_is_well_formed_and_self_contained(built: Path) -> None:
    for game in ("azadi", "san", "spring"):
        page = (built / game / f"{game}-rules.html").read_text()
        parser = _Balanced()
        parser.feed(page)
        assert parser.problems == [] and parser.stack == [], game
        assert "src=\"http" not in page and "href=\"http" not in page
        assert "@media print" in page


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def test_chromium_renders_the_reference(built: Path, tmp_path: Path) -> None:
    browser = chromium()
    assert browser is not None, ".ci/run installs chromium; install it to run this test"
    shot = tmp_path / "page.png"
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                    "--window-size=1000,1400", f"--screenshot={shot}",
                    (built / "san" / "san-rules.html").as_uri()],
                   check=True, capture_output=True, timeout=120)
    from PIL import Image

    with Image.open(shot) as image:
        grey = image.convert("L")
        dark = sum(grey.histogram()[:128])
        assert dark > 2000          # text was drawn, not a blank page


def test_aids_show_their_panels(built: Path) -> None:
    for game in ("azadi", "san", "spring"):
        rules, _ = load_rules(game)
        assert rules is not None
        text = text_of(built / game / f"{game}-aid.pdf")
        for panel in rules.data["aid"]["panels"]:
            assert " ".join(panel["title"].split()) in text


def test_an_aid_panel_too_long_for_half_a_page_is_reported() -> None:
    model = validate([CARDS / "spring"]).models["spring"]
    rules = RulesData("spring", {"reference": {}, "aid": {"title": "t", "panels": [
        {"title": "Long", "blocks": [{"list": ["A line of text that repeats."] * 200}]}]}},
        "rules.yaml")
    _, _, overflow = aid_pdf(rules, model)
    assert overflow == ["Long"]


def test_unknown_table_in_rules_data(tmp_path: Path) -> None:
    folder = tmp_path / "spring"
    folder.mkdir()
    (folder / "rules.yaml").write_text(
        "reference:\n  title: T\n  intro: I\n  sections:\n"
        "    - {id: a, title: A, blocks: [{table: nope}]}\n"
        "aid: {title: T, panels: [{title: P, blocks: []}]}\n")
    rules, problems = load_rules("spring", tmp_path)
    assert rules is None
    assert [(d.code, d.location.line, d.location.column) for d in problems] == [("B611", 5, 42)]


def test_azadi_prints_its_tokens_and_a_maidaan_per_player(built: Path) -> None:
    """The component list's tokens (50 Legacy, 50 Infamy, the Fuse, the Rebel Flag,
    the Fort, the Imperial Crown) were in no print file, and the box's 5 Maidaans
    printed as one."""
    import re

    text = text_of(built / "azadi" / "mats" / "tokens.pdf")
    assert len(re.findall(r"\bLegacy\b", text)) == 50
    assert len(re.findall(r"\bInfamy\b", text)) == 50
    for single in ("Fuse", "Rebel Flag", "Fort"):
        assert len(re.findall(rf"\b{single}\b", text)) == 1, single
    assert "Imperial Crown" in text
    entry = next(f for f in files_of(built, "azadi", "mats")
                 if f["path"] == "mats/maidaan.pdf")
    maidaan = PdfReader(built / "azadi" / "mats" / "maidaan.pdf")
    assert entry["pages"] == len(maidaan.pages) == 5
    texts = [" ".join(p.extract_text().split()) for p in maidaan.pages]
    assert len(set(texts)) == 1 and "The Maidaan" in texts[0]      # five of the same


def test_the_html_reference_gives_each_icon_once(built: Path) -> None:
    """Every icon was inlined at each use: the AZADI reference weighed 12.7 MB."""
    import re

    for game in ("azadi", "san", "spring"):
        page = (built / game / f"{game}-rules.html").read_text()
        shown = set(re.findall(r'class="icon i-([a-z0-9_]+)"', page))
        assert shown, game
        pictures = re.findall(r"\.i-([a-z0-9_]+) \{ background-image: url\(data:image/png", page)
        assert sorted(pictures) == sorted(shown), game        # one picture per icon shown
        assert page.count("data:image/png") == len(shown)
    assert (built / "azadi" / "azadi-rules.html").stat().st_size < 2_000_000
