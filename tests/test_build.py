"""`samizdat build`: PDFs read back — page sizes, card positions, duplex alignment,
crop marks, print-ready boxes, fonts, text, PNGs — plus overflow and art diagnostics,
determinism, caching and atomic output."""

from __future__ import annotations

import hashlib
import io
import json
import math
import shutil
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from compiler.pdf import imposition
from tests.conftest import CARDS, FIRST_CARD_PAGE, FIRST_FOLDED_PAGE, REPO, line_of, run_cli

MM = 72 / 25.4
A4 = (595.276, 841.89)


def build(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli("build", "--format", "json", *args)
    return result.exit_code, json.loads(result.stdout.split("\nwrote ")[0])


@pytest.fixture(scope="module")
def san(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("san")
    code, report = build(str(CARDS / "san"), "--out", str(out), "--print-ready", "tgc",
                         "--png")
    assert code == 0, report
    return out / "san"


@pytest.fixture(scope="module")
def proof(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("proof")
    code, report = build(str(CARDS / "san"), "--out", str(out), "--proof",
                         "--back-offset", "1,-0.5")
    assert code == 0, report
    return out / "san"


def manifest(folder: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / "manifest.json").read_text())
    return data


def test_manifest_lists_every_file(san: Path) -> None:
    files = manifest(san)["files"]
    paths = {f["path"] for f in files}
    assert {"river.pdf", "starting-moon.pdf", "virus-star.pdf",
            "print-ready/tgc/river.pdf"} <= paths
    for entry in files:
        data = (san / entry["path"]).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest()
        assert entry["kind"] in {"cards", "print-ready", "print-ready-png", "png",
                                 "quantities", "mats", "rules", "aid"}
        if entry["path"].endswith(".pdf"):
            assert len(PdfReader(io.BytesIO(data)).pages) == entry["pages"]
    river = next(f for f in files if f["path"] == "river.pdf")
    assert river["cards"] == 48 and river["pages"] == FIRST_CARD_PAGE + 2 * math.ceil(48 / 9)


def test_quantity_sheets_hold_the_copies_of_every_design(san: Path) -> None:
    """The print-ready PDF and the PNGs hold one face per design; the quantity sheet
    beside each says how many of it to order, and adds up to the deck's copies."""
    import csv

    import yaml

    cards = yaml.safe_load((CARDS / "san" / "cards.yaml").read_text())["cards"]
    river = {c["id"]: c.get("copies", 1) for c in cards if c["deck"] == "river"}
    entries = {f["path"]: f for f in manifest(san)["files"]}
    pdf = PdfReader(san / "print-ready" / "tgc" / "river.pdf")
    with (san / "print-ready" / "tgc" / "river-quantities.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert {r["card"]: int(r["copies"]) for r in rows} == river
    assert sum(river.values()) == 48 > len(river)                # some designs repeat
    assert entries["print-ready/tgc/river-quantities.csv"]["cards"] == 48
    assert entries["print-ready/tgc/river-quantities.csv"]["kind"] == "quantities"
    assert sorted(int(r[k]) for r in rows for k in ("front_page", "back_page")) == \
        list(range(1, len(pdf.pages) + 1))                       # every page, once
    # The Game Crafter takes one image per face, with its 1/8" bleed: 825 x 1125 px
    from PIL import Image

    for row in rows:
        for side in ("front", "back"):
            with Image.open(san / "print-ready" / "tgc" / "river" / row[side]) as image:
                assert image.size == (825, 1125)
    with (san / "png" / "river" / "river-quantities.csv").open(encoding="utf-8") as f:
        images = list(csv.DictReader(f))
    assert {r["card"]: int(r["copies"]) for r in images} == river
    for row in images:
        assert (san / "png" / "river" / row["front"]).is_file()
        assert (san / "png" / "river" / row["back"]).is_file()


def test_home_sheets_are_a4_and_print_at_actual_size(san: Path) -> None:
    reader = PdfReader(san / "river.pdf")
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            A4, abs=0.1)
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"


def test_letter_paper(tmp_path: Path) -> None:
    code, _ = build(str(CARDS / "spring"), "--out", str(tmp_path), "--paper", "letter")
    assert code == 0
    page = PdfReader(tmp_path / "spring" / "common.pdf").pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
        (612, 792), abs=0.1)


def labels(page: Any) -> list[tuple[str, tuple[float, float]]]:
    """Proof labels ("deck/card-id") and where they were drawn (points), in drawing order."""
    found: list[tuple[str, tuple[float, float]]] = []

    def visit(text: str, cm: Any, tm: Any, *_: Any) -> None:
        if text.strip().startswith(("river/", "starting-", "virus-")):
            found.append((text.strip(), (tm[4], tm[5])))

    page.extract_text(visitor_text=visit)
    return found


def test_card_positions_and_duplex_alignment(proof: Path) -> None:
    reader = PdfReader(proof / "river.pdf")
    sheet = imposition.grid("a4", 63.5, 88.9)
    fronts = labels(reader.pages[FIRST_CARD_PAGE])
    backs = labels(reader.pages[FIRST_CARD_PAGE + 1])
    assert len(fronts) == 9 == len(backs)
    assert [name for name, _ in fronts] == [name for name, _ in backs]
    for slot, (_, front), (_, back_at) in zip(sheet.slots, fronts, backs, strict=True):
        assert front == pytest.approx(((slot.x + 2) * MM, (slot.y + 1.2) * MM), abs=0.01)
        back = imposition.back_slot(sheet, slot, (1.0, -0.5))
        assert back_at == pytest.approx(((back.x + 2) * MM, (back.y + 1.2) * MM), abs=0.01)


def render(pdf: Path, page: int = 0, dpi: int = 72) -> Image.Image:
    document = pdfium.PdfDocument(str(pdf))
    image: Image.Image = document[page].render(scale=dpi / 72).to_pil().convert("L")
    document.close()
    return image


def test_cards_are_drawn_and_marks_stay_in_the_margins(san: Path) -> None:
    dpi = 100
    image = render(san / "river.pdf", FIRST_CARD_PAGE, dpi)
    sheet = imposition.grid("a4", 63.5, 88.9)
    px = dpi / 25.4

    def at(x_mm: float, y_mm: float) -> int:
        value: int = image.getpixel((round(x_mm * px), round((sheet.page_height - y_mm) * px)))
        return value

    for slot in sheet.slots:   # the card's centre is inked
        box = (round(slot.x * px) + 5, round((sheet.page_height - slot.y - slot.height) * px) + 5,
               round((slot.x + slot.width) * px) - 5, round((sheet.page_height - slot.y) * px) - 5)
        assert image.crop(box).getextrema()[0] < 100
    left, bottom, right, top = sheet.block
    marks = imposition.crop_marks(sheet)
    x1, y1, x2, y2 = marks[0]
    assert at((x1 + x2) / 2, (y1 + y2) / 2) < 128          # a mark is printed
    assert at(2, 2) > 250 and at(sheet.page_width - 2, sheet.page_height - 2) > 250
    assert at(left - 3, bottom - 3) > 250                   # between marks: blank paper


def test_print_ready_boxes(san: Path) -> None:
    reader = PdfReader(san / "print-ready" / "tgc" / "river.pdf")
    bleed = 0.125 * 72
    for page in reader.pages[:4]:
        media = [float(v) for v in page.mediabox]
        assert media == pytest.approx([0, 0, 825 / 300 * 72, 1125 / 300 * 72], abs=0.1)
        assert [float(v) for v in page.trimbox] == pytest.approx(
            [bleed, bleed, media[2] - bleed, media[3] - bleed], abs=0.1)
        assert [float(v) for v in page.bleedbox] == pytest.approx(media, abs=0.1)


def test_print_ready_mpc_and_generic(tmp_path: Path) -> None:
    for vendor, size, bleed in (("mpc", (822 / 300 * 72, 1122 / 300 * 72), 36 / 300 * 72),
                                ("generic", ((63.5 + 6) * MM, (88.9 + 6) * MM), 3 * MM)):
        code, _ = build(str(CARDS / "spring"), "--out", str(tmp_path / vendor),
                        "--print-ready", vendor)
        assert code == 0
        page = PdfReader(tmp_path / vendor / "spring" / "print-ready" / vendor /
                         "common.pdf").pages[0]
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, *size], abs=0.1)
        assert float(page.trimbox[0]) == pytest.approx(bleed, abs=0.1)
        images = sorted((tmp_path / vendor / "spring" / "print-ready" / vendor /
                         "common").glob("*.png"))
        if vendor == "mpc":           # MakePlayingCards takes an image a face: 822 x 1122
            from PIL import Image

            assert images
            for path in images:
                with Image.open(path) as image:
                    assert image.size == (822, 1122)
        else:                         # a generic print-ready build is the PDF alone
            assert images == []


def test_backgrounds_run_into_the_bleed(san: Path) -> None:
    image = render(san / "print-ready" / "tgc" / "river.pdf", 0, 150)
    assert image.getpixel((1, 1)) < 60 and image.getpixel((image.width - 2, image.height - 2)) < 60


def test_png_per_card_at_300_dpi(san: Path) -> None:
    pngs = sorted((san / "png" / "river").glob("*.png"))
    assert len(pngs) == 2 * len({p.name.rsplit("-", 1)[0] for p in pngs})
    assert pngs[0].name.startswith("san-river-")
    with Image.open(pngs[0]) as image:
        assert image.size == (750, 1050)
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        assert image.convert("L").getextrema()[0] < 100      # not blank


def test_every_font_is_embedded(san: Path) -> None:
    reader = PdfReader(san / "river.pdf")
    seen = set()
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            seen.add(str(font["/BaseFont"]))
            if font["/Subtype"] == "/Type0":
                font = font["/DescendantFonts"][0].get_object()
            assert "/FontFile2" in font["/FontDescriptor"] or \
                "/FontFile" in font["/FontDescriptor"], font["/BaseFont"]
    assert any("DejaVu" in name for name in seen)


def test_text_of_a_known_card_is_present(san: Path) -> None:
    import yaml

    cards = yaml.safe_load((CARDS / "san" / "cards.yaml").read_text())["cards"]
    first_river = next(c for c in cards if c["deck"] == "river")
    text = " ".join(page.extract_text() for page in PdfReader(san / "river.pdf").pages)
    assert first_river["title"] in " ".join(text.split())


def test_same_input_gives_byte_identical_output(tmp_path: Path, san: Path) -> None:
    code, _ = build(str(CARDS / "san"), "--out", str(tmp_path), "--print-ready", "tgc", "--png")
    assert code == 0
    differ = sorted({f["path"] for f in manifest(tmp_path / "san")["files"]} ^
                    {f["path"] for f in manifest(san)["files"]} | {
        a["path"] for a, b in zip(manifest(tmp_path / "san")["files"], manifest(san)["files"],
                                  strict=False) if a != b})
    assert differ == []
    assert (tmp_path / "san" / "river.pdf").read_bytes() == (san / "river.pdf").read_bytes()


def test_jobs_give_the_same_bytes(tmp_path: Path, san: Path) -> None:
    code, _ = build(str(CARDS / "san"), "--out", str(tmp_path), "--print-ready", "tgc", "--png",
                    "--jobs", "2")
    assert code == 0
    assert manifest(tmp_path / "san") == manifest(san)


def test_second_build_reuses_unchanged_decks(tmp_path: Path) -> None:
    first = run_cli("build", str(CARDS / "spring"), "--out", str(tmp_path))
    assert first.exit_code == 0 and "reused decks 0" in first.stdout
    before = (tmp_path / "spring" / "common.pdf").read_bytes()
    second = run_cli("build", str(CARDS / "spring"), "--out", str(tmp_path))
    assert second.exit_code == 0 and "reused decks 2" in second.stdout   # the deck and extras
    assert (tmp_path / "spring" / "common.pdf").read_bytes() == before


def test_gutterfold(tmp_path: Path) -> None:
    code, _ = build(str(CARDS / "spring"), "--out", str(tmp_path), "--sheet", "gutterfold")
    assert code == 0
    reader = PdfReader(tmp_path / "spring" / "common.pdf")
    page = reader.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
        (A4[1], A4[0]), abs=0.1)
    entry = next(f for f in manifest(tmp_path / "spring")["files"] if f["path"] == "common.pdf")
    assert entry["pages"] == FIRST_FOLDED_PAGE + math.ceil(entry["cards"] / 4)


@pytest.fixture
def spring_copy(tmp_path: Path) -> Path:
    target = tmp_path / "cards" / "spring"
    shutil.copytree(CARDS / "spring", target)
    return target


def test_text_overflow_is_an_error_naming_card_region_and_amount(
        spring_copy: Path, tmp_path: Path) -> None:
    layouts = tmp_path / "mine" / "spring" / "layouts"
    layouts.mkdir(parents=True)
    shipped = (CARDS.parent / "templates/spring/layouts/spring_card-front.yaml").read_text()
    mine = layouts / "spring_card-front.yaml"   # a designer's layout with a tiny flavour box
    mine.write_text(shipped.replace("    flavor: {x: 6, y: 70, w: 51.5, h: 13,",
                                    "    flavor: {x: 6, y: 70, w: 20, h: 3,"))
    out = tmp_path / "out"
    code, report = build(str(spring_copy), "--out", str(out), "--templates",
                         str(tmp_path / "mine"))
    assert code == 1
    overflow = [d for d in report["diagnostics"] if d["code"] == "B601"]
    assert overflow, report["diagnostics"][:3]
    first = overflow[0]
    assert first["file"].endswith("spring/board_and_deck.yaml") and first["line"] > 0
    assert "text overflows region 'flavor' by" in first["message"]
    assert first["related"][0]["file"].endswith("mine/spring/layouts/spring_card-front.yaml")
    assert first["related"][0]["line"] == line_of(mine, "flavor:")
    assert not out.exists()        # nothing written


def test_art_paths(spring_copy: Path, tmp_path: Path) -> None:
    deck = spring_copy / "board_and_deck.yaml"
    text = deck.read_text()
    ids = [line.split("id:")[1].split(",")[0].strip() for line in text.splitlines()
           if line.strip().startswith("- id:")][:3]
    (spring_copy / "art").mkdir()
    Image.new("RGB", (120, 160), "#884422").save(spring_copy / "art" / "small.png")
    for card_id, art in zip(ids, ("../../../outside.png", "art/none.png", "art/small.png"),
                            strict=True):
        text = text.replace(f"- id: {card_id}\n", f"- id: {card_id}\n    art: {art}\n", 1)
    deck.write_text(text)
    code, report = build(str(spring_copy), "--out", str(tmp_path / "out"))
    got = [(d["code"], d["severity"], d["line"]) for d in report["diagnostics"]]
    # validation reports the art paths (B602 is an error: nothing is drawn)
    assert got == [
        ("B602", "error", line_of(deck, "art: ../../../outside.png")),
        ("B603", "warning", line_of(deck, "art: art/none.png")),
    ]
    assert code == 1
    deck.write_text(text.replace("    art: ../../../outside.png\n", ""))
    # a designer's Spring front without the shipped art region: the art it names would
    # not print (B625, at each art: that names a picture)
    layouts = tmp_path / "mine" / "spring" / "layouts"
    layouts.mkdir(parents=True)
    shipped = (REPO / "templates/spring/layouts/spring_card-front.yaml").read_text()
    (layouts / "spring_card-front.yaml").write_text("".join(
        line for line in shipped.splitlines(keepends=True)
        if not line.lstrip().startswith("art:")))
    code, report = build(str(spring_copy), "--out", str(tmp_path / "out"),
                         "--templates", str(tmp_path / "mine"))
    got = [(d["code"], d["severity"], d["line"]) for d in report["diagnostics"]]
    assert got == [
        ("B603", "warning", line_of(deck, "art: art/none.png")),
        ("B625", "warning", line_of(deck, "art: art/none.png")),
        ("B604", "warning", line_of(deck, "art: art/small.png")),
        ("B625", "warning", line_of(deck, "art: art/small.png")),
    ]
    assert "48 dpi at print size" in report["diagnostics"][2]["message"]
    assert "its art is not printed: layout 'spring_card-front' has no art region" in \
        report["diagnostics"][1]["message"]


def test_a_failed_build_leaves_the_previous_output(spring_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert build(str(spring_copy), "--out", str(out))[0] == 0
    before = (out / "spring" / "manifest.json").read_bytes()
    deck = spring_copy / "board_and_deck.yaml"
    deck.write_text(deck.read_text().replace("force: 3", "force: many", 1))
    code, _ = build(str(spring_copy), "--out", str(out))
    assert code == 1
    assert (out / "spring" / "manifest.json").read_bytes() == before
    assert sorted(p.name for p in out.iterdir()) == ["spring"]


def test_a_build_collects_garbage_less_often_and_restores_the_setting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    import compiler.pipeline.build as build_module
    from compiler.pipeline.collector import BUILD_THRESHOLD

    seen: list[tuple[int, int, int]] = []
    load = build_module.load

    def spy(paths: list[Path], *args: Any, **kwargs: Any) -> Any:
        seen.append(gc.get_threshold())
        return load(paths, *args, **kwargs)

    monkeypatch.setattr(build_module, "load", spy)
    before = gc.get_threshold()
    result = build_module.build([CARDS / "spring"],
                                build_module.BuildOptions(tmp_path, extras=False))
    assert result.errors == 0 and result.written
    assert seen == [(max(BUILD_THRESHOLD, before[0]), *before[1:])]
    assert gc.get_threshold() == before


def test_card_sizes_give_the_vendors_pixel_sizes() -> None:
    """With The Game Crafter's 1/8" bleed at 300 dpi, each size is the vendor's image:
    tarot 900 x 1500 and square 1125 x 1125 (they were 70 x 120 and 70 x 70 mm)."""
    from compiler.frontend.layouts import CARD_SIZES
    from compiler.pdf.vendors import vendor

    def pixels(name: str) -> tuple[int, int]:
        w, h = CARD_SIZES[name]
        bleed = vendor("tgc").bleed_mm
        return round((w + 2 * bleed) / 25.4 * 300), round((h + 2 * bleed) / 25.4 * 300)

    assert pixels("poker") == (825, 1125)
    assert pixels("bridge") == (750, 1125)
    assert pixels("tarot") == (900, 1500)
    assert pixels("mini") == (600, 825)
    assert pixels("square") == (1125, 1125)
