"""`build --cut-marks`: Silhouette registration marks on the duplex fronts with the
cards inside them, SVG cut files that follow each card's trim in the PDF's page
coordinates, and Cricut Print Then Cut images with their cut files, all read back
(the SVG with xml.etree, the PDF's content streams with pypdf, its pixels with
pdfium)."""

from __future__ import annotations

import hashlib
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from compiler.frontend import layouts
from compiler.pdf import cut_marks, cut_svg, imposition, sheets
from compiler.pdf.cut_marks import CRICUT_AREA
from tests.conftest import CARDS, FIRST_CARD_PAGE, run_cli

PT = 72 / 25.4             # points per mm
SVG = "{http://www.w3.org/2000/svg}"
DPI = 300
PX = DPI / 25.4            # pixels per mm


def _build(out: Path, *args: str) -> Path:
    result = run_cli("build", *args, "--cards-only", "--jobs", "1", "--quiet", "--out",
                     str(out))
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def azadi(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("azadi"), str(CARDS / "azadi"),
                  "--cut-marks", "silhouette") / "azadi"


@pytest.fixture(scope="module")
def spring_letter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("letter"), str(CARDS / "spring"), "--paper",
                  "letter", "--cut-marks", "silhouette") / "spring"


@pytest.fixture(scope="module")
def cricut(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("cricut"), str(CARDS / "san"),
                  "--cut-marks", "cricut", "--png") / "san"


# -- reading the PDF back ---------------------------------------------------------------

Matrix = tuple[float, float, float, float, float, float]


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's row-vector convention: ``m x n``)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def _trims(page: Any, size: tuple[float, float]) -> list[tuple[float, float, float, float]]:
    """Every Form XObject of exactly the card's size drawn on ``page``, as (left, bottom,
    right, top) in mm: each card draws one (its layout's chrome, or its whole side when
    the side recurs), its BBox the trim, placed where the card lies."""
    found: list[tuple[float, float, float, float]] = []
    width, height = size[0] * PT, size[1] * PT

    def walk(stream: Any, resources: Any, ctm: Matrix) -> None:
        stack: list[Matrix] = []
        for operands, operator in ContentStream(stream, page.pdf).operations:
            if operator == b"q":
                stack.append(ctm)
            elif operator == b"Q":
                ctm = stack.pop()
            elif operator == b"cm":
                ctm = _times(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
            elif operator == b"Do":
                xobject = resources["/XObject"][operands[0]].get_object()
                if xobject.get("/Subtype") != "/Form":
                    continue
                box = [float(v) for v in xobject["/BBox"]]
                matrix = tuple(float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                here = _times(matrix, ctm)  # type: ignore[arg-type]
                if abs(box[2] - box[0] - width) < 0.01 and abs(box[3] - box[1] - height) < 0.01:
                    x0, y0 = here[0] * box[0] + here[2] * box[1] + here[4], \
                        here[1] * box[0] + here[3] * box[1] + here[5]
                    found.append((x0 / PT, y0 / PT, (x0 + width) / PT, (y0 + height) / PT))
                    continue
                walk(xobject, xobject.get("/Resources", resources), here)

    walk(page.get_contents(), page["/Resources"], (1, 0, 0, 1, 0, 0))
    return sorted(found, key=lambda b: (-round(b[3], 2), round(b[0], 2)))


# -- reading the SVG back ---------------------------------------------------------------


def _svg(path: Path) -> ET.Element:
    return ET.fromstring(path.read_bytes())


def _path_box(d: str) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a path written with absolute M, H, V, A and Z: the
    end points of a rounded rectangle's segments lie on its four sides."""
    x = y = 0.0
    xs: list[float] = []
    ys: list[float] = []
    tokens = re.findall(r"[MHVAZ]|-?\d+(?:\.\d+)?", d)
    index = 0
    while index < len(tokens):
        command = tokens[index]
        index += 1
        if command == "M":
            x, y = float(tokens[index]), float(tokens[index + 1])
            index += 2
        elif command == "H":
            x = float(tokens[index])
            index += 1
        elif command == "V":
            y = float(tokens[index])
            index += 1
        elif command == "A":
            x, y = float(tokens[index + 5]), float(tokens[index + 6])
            index += 7
        elif command == "Z":
            continue
        else:
            raise AssertionError(f"unexpected {command!r} in {d!r}")
        xs.append(x)
        ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


def _cut_boxes(root: ET.Element) -> list[tuple[float, float, float, float]]:
    group = root.find(f"{SVG}g[@id='cut']")
    assert group is not None
    return [_path_box(p.get("d", "")) for p in group.findall(f"{SVG}path")]


def _registration(root: ET.Element) -> list[tuple[float, float, float, float]]:
    """The registration rectangles as (left, top, right, bottom) in SVG mm."""
    group = root.find(f"{SVG}g[@id='registration']")
    assert group is not None
    return [(float(r.get("x", "")), float(r.get("y", "")),
             float(r.get("x", "")) + float(r.get("width", "")),
             float(r.get("y", "")) + float(r.get("height", "")))
            for r in group.findall(f"{SVG}rect")]


def _manifest(folder: Path) -> dict[str, dict[str, Any]]:
    return {f["path"]: f for f in json.loads((folder / "manifest.json").read_text())["files"]}


# -- geometry ---------------------------------------------------------------------------


@pytest.mark.parametrize(("paper", "size", "with_marks", "without"), [
    ("a4", "poker", 6, 9), ("letter", "poker", 6, 9),
    ("a4", "mini", 12, 16), ("letter", "mini", 12, 16),
    ("a4", "square", 4, 6), ("letter", "poker-foldout", 2, 3)])
def test_silhouette_marks_leave_room_for_fewer_cards(paper: str, size: str, with_marks: int,
                                                      without: int) -> None:
    width, height = layouts.CARD_SIZES[size]
    assert sheets.home_sheet(paper, "duplex", width, height).per_page == without
    assert sheets.home_sheet(paper, "duplex", width, height, "silhouette").per_page == \
        with_marks
    assert sheets.home_sheet(paper, "duplex", width, height, "cricut").per_page == without


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", sorted(layouts.CARD_SIZES))
def test_silhouette_cards_lie_inside_the_marks_clear_of_each_keep_out(paper: str,
                                                                       size: str) -> None:
    width, height = imposition.PAPERS[paper]
    sheet = cut_marks.silhouette_sheet(paper, *layouts.CARD_SIZES[size])
    marks = cut_marks.silhouette_marks(width, height)
    inset = cut_marks.SILHOUETTE_INSET + cut_marks.SILHOUETTE_CLEARANCE
    for slot in sheet.slots:
        assert slot.x >= inset - 1e-9 and slot.x + slot.width <= width - inset + 1e-9
        assert slot.y >= inset - 1e-9 and slot.y + slot.height <= height - inset + 1e-9
        for mark in marks:
            assert not imposition.overlaps(
                (slot.x, slot.y, slot.x + slot.width, slot.y + slot.height), mark.keep_out)
    left, bottom, right, top = sheet.block           # centred, for the long-edge flip
    assert left == pytest.approx(width - right) and bottom == pytest.approx(height - top)


def test_the_marks_are_silhouette_studios_defaults_on_a4() -> None:
    top_left, top_right, bottom_left = cut_marks.silhouette_marks(210, 297)
    assert top_left.rects == ((10, 282, 15, 287),)                   # 5 mm square
    assert top_right.rects == ((180, 286.5, 200, 287), (199.5, 267, 200, 287))
    assert bottom_left.rects == ((10, 10, 30, 10.5), (10, 10, 10.5, 30))


def test_crop_marks_in_a_keep_out_are_dropped_and_the_rest_kept() -> None:
    marks = cut_marks.silhouette_marks(210, 297)
    inside = (20.0, 280.0, 24.0, 280.0)          # in the top-left mark's keep-out
    outside = (100.0, 280.0, 104.0, 280.0)
    assert cut_marks.clear_of([inside, outside], marks) == [outside]


def test_a_card_too_large_for_the_marks_is_refused() -> None:
    with pytest.raises(imposition.ImpositionError, match="inside Silhouette registration"):
        cut_marks.silhouette_sheet("a4", 180, 270)
    with pytest.raises(imposition.ImpositionError, match="Print Then Cut"):
        cut_marks.cricut_sheet(180, 120)


def test_svg_numbers_are_fixed_and_never_negative_zero() -> None:
    assert [cut_svg.number(v) for v in (210.0, 15.15, 3.175, -0.0001, 1 / 3)] == \
        ["210", "15.15", "3.175", "0", "0.333"]


def test_layouts_group_pages_of_equal_counts() -> None:
    assert cut_svg.layouts([6, 6, 6, 2]) == [(1, 3, 6), (4, 4, 2)]
    assert cut_svg.file_name("d-cut", (1, 3, 6), False, "sheet") == "d-cut-sheets-1-3.svg"
    assert cut_svg.file_name("d-cut", (4, 4, 2), False, "sheet") == "d-cut-sheet-4.svg"
    assert cut_svg.file_name("d-cut", (1, 2, 6), True, "sheet") == "d-cut.svg"


# -- the Silhouette build read back -----------------------------------------------------


def test_a_partial_last_sheet_gets_its_own_cut_file(azadi: Path) -> None:
    cut = sorted(p.name for p in (azadi / "cut").iterdir() if p.name.startswith("mandates"))
    assert cut == ["mandates-cut-sheet-1.svg", "mandates-cut-sheet-2.svg"]
    listed = _manifest(azadi)
    for name in cut:
        entry = listed[f"cut/{name}"]
        assert entry["kind"] == "cut"
        assert entry["sha256"] == hashlib.sha256((azadi / "cut" / name).read_bytes()).hexdigest()
    # the card sheets follow the instructions page and its back
    assert "sheet 2 (PDF page 5)" in (azadi / "cut" / cut[1]).read_text()


@pytest.mark.parametrize(("deck", "svg", "page"), [
    ("mandates", "mandates-cut-sheet-1.svg", FIRST_CARD_PAGE),
    ("mandates", "mandates-cut-sheet-2.svg", FIRST_CARD_PAGE + 2),
    ("tyranny-mars-1-ae", "tyranny-mars-1-ae-cut.svg", FIRST_CARD_PAGE),
    ("voter-cards", "voter-cards-cut.svg", FIRST_CARD_PAGE + 4)])
def test_each_cut_path_is_its_cards_trim_in_the_pdf(azadi: Path, deck: str, svg: str,
                                                    page: int) -> None:
    reader = PdfReader(azadi / f"{deck}.pdf")
    height = float(reader.pages[page].mediabox.height) / PT
    root = _svg(azadi / "cut" / svg)
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == \
        ("210mm", "297mm", "0 0 210 297")
    boxes = _cut_boxes(root)
    size = (boxes[0][2] - boxes[0][0], boxes[0][3] - boxes[0][1])
    trims = _trims(reader.pages[page], size)
    assert len(boxes) == len(trims) > 0          # a path per card on that page
    for (left, top, right, bottom), trim in zip(boxes, trims, strict=True):
        flipped = (left, height - bottom, right, height - top)   # SVG y down, PDF y up
        assert flipped == pytest.approx(trim, abs=0.01)


def _grey(pdf: Path, page: int) -> Image.Image:
    document = pdfium.PdfDocument(pdf)
    try:
        return document[page].render(scale=DPI / 72).to_pil().convert("L")
    finally:
        document.close()


def _pixels(box: tuple[float, float, float, float], height: float,
            shrink: float = 0.0) -> tuple[int, int, int, int]:
    """A PDF box (mm, y up) as a pixel box (y down), shrunk by ``shrink`` px."""
    left, bottom, right, top = box
    return (round(left * PX + shrink), round((height - top) * PX + shrink),
            round(right * PX - shrink), round((height - bottom) * PX - shrink))


def test_the_marks_print_where_the_svg_says_and_no_card_in_their_keep_out(azadi: Path
                                                                           ) -> None:
    pdf = azadi / "mandates.pdf"
    image = _grey(pdf, FIRST_CARD_PAGE)
    width, height = 210.0, 297.0
    svg_rects = _registration(_svg(azadi / "cut" / "mandates-cut-sheet-1.svg"))
    rects = [(x1, height - y2, x2, height - y1) for x1, y1, x2, y2 in svg_rects]
    marks = cut_marks.silhouette_marks(width, height)
    assert sorted(rects) == sorted(r for m in marks for r in m.rects)
    for rect in rects:                           # solid black inside each rectangle
        assert image.crop(_pixels(rect, height, 1)).getextrema()[1] < 60
    for mark in marks:                           # and nothing else in the keep-out
        box = _pixels(mark.keep_out, height)
        ink = [(x, y) for y in range(box[1], box[3]) for x in range(box[0], box[2])
               if image.getpixel((x, y)) < 250
               and not any(_within((x, y), _pixels(r, height, -2)) for r in mark.rects)]
        assert ink == [], mark.name


def _within(point: tuple[int, int], box: tuple[int, int, int, int]) -> bool:
    return box[0] <= point[0] < box[2] and box[1] <= point[1] < box[3]


def test_the_backs_pages_have_no_registration_marks(azadi: Path) -> None:
    backs = _grey(azadi / "mandates.pdf", FIRST_CARD_PAGE + 1)
    for mark in cut_marks.silhouette_marks(210, 297):
        assert backs.crop(_pixels(mark.rects[0], 297, 1)).getextrema()[0] > 200


def test_letter_sheets_hold_the_cards_inside_the_marks(spring_letter: Path) -> None:
    reader = PdfReader(spring_letter / "common.pdf")
    assert len(reader.pages) == FIRST_CARD_PAGE + 2 * -(-66 // 6)   # 66 cards, 6 a sheet
    root = _svg(spring_letter / "cut" / "common-cut.svg")
    assert (root.get("width"), root.get("viewBox")) == ("215.9mm", "0 0 215.9 279.4")
    boxes = _cut_boxes(root)
    trims = _trims(reader.pages[FIRST_CARD_PAGE], (63.5, 88.9))
    assert len(boxes) == len(trims) == 6
    for (left, top, right, bottom), trim in zip(boxes, trims, strict=True):
        assert (left, 279.4 - bottom, right, 279.4 - top) == pytest.approx(trim, abs=0.01)


def test_the_same_build_gives_the_same_bytes(tmp_path: Path, spring_letter: Path) -> None:
    again = _build(tmp_path, str(CARDS / "spring"), "--paper", "letter", "--cut-marks",
                   "silhouette") / "spring"
    for name in ("common.pdf", "cut/common-cut.svg", "manifest.json"):
        assert (again / name).read_bytes() == (spring_letter / name).read_bytes(), name


def test_the_cache_knows_the_cut_files(tmp_path: Path) -> None:
    out = _build(tmp_path, str(CARDS / "spring"), "--cut-marks", "silhouette")
    assert "cut/common-cut.svg" in _manifest(out / "spring")
    _build(out, str(CARDS / "spring"))                     # without: no cut file left
    assert not (out / "spring" / "cut").exists()
    assert not any(p.startswith("cut/") for p in _manifest(out / "spring"))
    first = PdfReader(out / "spring" / "common.pdf")
    assert len(first.pages) == FIRST_CARD_PAGE + 2 * -(-66 // 9)
    result = run_cli("build", str(CARDS / "spring"), "--cards-only", "--jobs", "1",
                     "--cut-marks", "silhouette", "--out", str(out))
    assert result.exit_code == 0 and "reused decks 0" in result.output
    assert (out / "spring" / "cut" / "common-cut.svg").is_file()


# -- Cricut -----------------------------------------------------------------------------


def test_cricut_images_fit_print_then_cut_and_match_their_cut_file(cricut: Path) -> None:
    listed = _manifest(cricut)
    images = sorted(p for p in listed if p.startswith("cut/river-cricut-")
                    and p.endswith(".png") and "-backs-" not in p)
    assert len(images) == 12 and images[0] == "cut/river-cricut-01.png"   # 48 cards, 4 each
    assert {listed[p]["kind"] for p in images} == {"cut-image"}
    root = _svg(cricut / "cut" / "river-cricut-cut.svg")
    assert root.get("width") == "171.45mm" and root.get("height") == "234.95mm"
    assert root.find(f"{SVG}g[@id='registration']") is None    # Design Space adds its own
    boxes = _cut_boxes(root)
    with Image.open(cricut / images[0]) as image:
        assert image.mode == "RGBA"
        assert image.size == (round(CRICUT_AREA[0] * PX), round(CRICUT_AREA[1] * PX)) \
            == (2025, 2775)
        alpha = image.getchannel("A")
    assert len(boxes) == 4
    for left, top, right, bottom in boxes:
        box = (round(left * PX), round(top * PX), round(right * PX), round(bottom * PX))
        assert alpha.crop((box[0] + 30, box[1] + 30, box[2] - 30, box[3] - 30)
                          ).getextrema()[0] == 255          # the card is opaque
        assert alpha.getpixel((box[0] + 2, box[1] + 2)) == 0    # its rounded corner is not
        assert alpha.getpixel((box[0] - 3, (box[1] + box[3]) // 2)) == 0   # nor the gap
        assert alpha.getpixel((box[0] + 3, (box[1] + box[3]) // 2)) == 255


def test_cricut_back_images_put_each_back_where_its_front_is(cricut: Path) -> None:
    import csv

    listed = _manifest(cricut)
    backs = sorted(p for p in listed if p.startswith("cut/river-cricut-backs-"))
    assert len(backs) == 12 and backs[0] == "cut/river-cricut-backs-01.png"
    assert {listed[p]["kind"] for p in backs} == {"cut-image"}
    assert [listed[p]["cards"] for p in backs] == \
        [listed[p.replace("-backs-", "-")]["cards"] for p in backs]
    boxes = _cut_boxes(_svg(cricut / "cut" / "river-cricut-cut.svg"))
    # the first four cards of the deck, in order, as the 300 dpi PNGs show each side
    with (cricut / "png" / "river" / "river-quantities.csv").open() as sheet:
        rows = [row for row in csv.DictReader(sheet) for _ in range(int(row["copies"]))]

    def crops(image: Image.Image) -> list[Image.Image]:
        inset = 40                                     # clear of the rounded corners
        return [image.convert("RGB").crop((round(left * PX) + inset, round(top * PX) + inset,
                                           round(right * PX) - inset,
                                           round(bottom * PX) - inset))
                for left, top, right, bottom in boxes]

    def distance(a: Image.Image, b: Image.Image) -> float:
        from PIL import ImageChops, ImageStat

        return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3

    for image_name, side in ((backs[0], "back"), ("cut/river-cricut-01.png", "front")):
        with Image.open(cricut / image_name) as image:
            placed = crops(image)
            alpha = image.getchannel("A").tobytes()
        with Image.open(cricut / "cut" / "river-cricut-01.png") as front:
            assert front.getchannel("A").tobytes() == alpha     # cut along the same lines
        singles = []
        for row in rows[:len(placed)]:
            with Image.open(cricut / "png" / "river" / row[side]) as single:
                whole = single.convert("RGB")
                singles.append(whole.crop((40, 40, whole.width - 40, whole.height - 40)))
        for index, crop in enumerate(placed):      # each place holds its own card's side
            own = distance(crop, singles[index])
            assert own < 3, (side, index, own)
            assert all(own < distance(crop, other) for number, other in enumerate(singles)
                       if number != index and other.tobytes() != singles[index].tobytes())


# -- usage errors -----------------------------------------------------------------------


def test_cut_marks_with_gutterfold_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("build", str(CARDS / "spring"), "--sheet", "gutterfold",
                     "--cut-marks", "silhouette", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "--cut-marks needs duplex sheets" in result.output
    assert not any(tmp_path.iterdir())


def test_an_unknown_machine_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("build", str(CARDS / "spring"), "--cut-marks", "brother",
                     "--out", str(tmp_path))
    assert result.exit_code == 2 and "silhouette" in result.output


def test_cards_too_large_for_the_marks_are_b630(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(layouts.CARD_SIZES, "poker", (180.0, 270.0))   # fits A4, not inside
    result = run_cli("build", str(CARDS / "spring"), "--cards-only", "--jobs", "1",
                     "--cut-marks", "silhouette", "--format", "json", "--out", str(tmp_path))
    assert result.exit_code == 1
    codes = {d["code"] for d in json.loads(result.stdout)["diagnostics"]}
    assert codes == {"B630"}

