"""Card art as printed: the shipped layouts' art regions, cover and contain fits, full-art
backgrounds through the bleed, the placeholder for missing art, one embedded image per
document, and colour-profile warnings (B634) with a real ICC conversion to sRGB. Every
check reads the built files back (pixels rendered with pypdfium2, images with pypdf)."""

from __future__ import annotations

import io
import json
import shutil
import struct
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader

from compiler.frontend import art as art_module
from tests.conftest import CARDS, REPO, line_of, run_cli

SPRING_FRONT = REPO / "templates/spring/layouts/spring_card-front.yaml"
ART_BOX = (5, 31, 53.5, 23)           # the shipped Spring front's art region (mm)
BLUE, GOLD = (32, 96, 192), (240, 192, 32)


@pytest.fixture
def spring(tmp_path: Path) -> Path:
    target = tmp_path / "cards" / "spring"
    shutil.copytree(CARDS / "spring", target)
    (target / "art").mkdir()
    return target


def first_ids(spring: Path, count: int) -> list[str]:
    text = (spring / "board_and_deck.yaml").read_text()
    return [line.split("id:")[1].split(",")[0].strip() for line in text.splitlines()
            if line.strip().startswith("- id:")][:count]


def give_art(spring: Path, arts: list[str]) -> Path:
    """Put ``art: <path>`` on the first cards of the deck; returns the deck file."""
    deck = spring / "board_and_deck.yaml"
    text = deck.read_text()
    for card_id, art in zip(first_ids(spring, len(arts)), arts, strict=True):
        text = text.replace(f"- id: {card_id}\n", f"- id: {card_id}\n    art: {art}\n", 1)
    deck.write_text(text)
    return deck


def build(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli("build", "--format", "json", "--jobs", "1", "--cards-only", *args)
    return result.exit_code, json.loads(result.stdout.split("\nwrote ")[0])


def found(report: dict[str, Any]) -> list[tuple[str, int]]:
    return [(d["code"], d["line"]) for d in report["diagnostics"]]


def sun(path: Path, size: tuple[int, int] = (900, 600)) -> None:
    """A blue picture with a gold disc in the middle."""
    image = Image.new("RGB", size, BLUE)
    w, h = size
    r = min(w, h) // 4
    for x in range(w // 2 - r, w // 2 + r):
        for y in range(h // 2 - r, h // 2 + r):
            if (x - w // 2) ** 2 + (y - h // 2) ** 2 <= r * r:
                image.putpixel((x, y), GOLD)
    image.save(path)


def face_png(out: Path, vendor: str, card: str, side: str = "front") -> Image.Image:
    [path] = list((out / "spring" / "print-ready" / vendor).rglob(f"*-{card}-{side}.png"))
    return Image.open(path).convert("RGB")


def near(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=False))


def mm_px(mm: float, bleed_px: int = 0, dpi: int = 300) -> int:
    return round(mm / 25.4 * dpi) + bleed_px


def templates_with(tmp_path: Path, *lines: str) -> Path:
    """A designer's templates folder whose Spring front is the shipped one plus ``lines``
    (regions, replacing the shipped ones of the same name)."""
    layouts = tmp_path / "mine" / "spring" / "layouts"
    layouts.mkdir(parents=True, exist_ok=True)
    names = {line.split(":")[0] for line in lines}
    kept = [line for line in SPRING_FRONT.read_text().splitlines()
            if line.strip().split(":")[0] not in names]
    (layouts / "spring_card-front.yaml").write_text(
        "\n".join(kept) + "\n" + "".join(f"    {line}\n" for line in lines))
    return tmp_path / "mine"


def test_the_shipped_spring_front_prints_the_art_in_place_of_the_type_icon(
        spring: Path, tmp_path: Path) -> None:
    sun(spring / "art" / "sun.png")
    give_art(spring, ["art/sun.png"])
    card, plain = first_ids(spring, 2)
    out = tmp_path / "out"
    code, report = build(str(spring), "--out", str(out), "--print-ready", "tgc")
    assert code == 0 and found(report) == []
    bleed = 38     # 1/8 in at 300 dpi
    x, y, w, h = ART_BOX
    with_art, without = face_png(out, "tgc", card), face_png(out, "tgc", plain)
    centre = (mm_px(x + w / 2, bleed), mm_px(y + h / 2, bleed))
    assert near(with_art.getpixel(centre), GOLD)                 # the disc, centred
    # cover: the 3:2 picture fills the wider box; the box's edges show the blue
    assert near(with_art.getpixel((mm_px(x + 1, bleed), mm_px(y + h / 2, bleed))), BLUE)
    assert near(with_art.getpixel((mm_px(x + w / 2, bleed), mm_px(y + 1, bleed))), BLUE)
    # outside the box the card's background, not the picture
    assert not near(with_art.getpixel((mm_px(x + w / 2, bleed), mm_px(y - 1, bleed))), BLUE)
    # the card without art keeps its type icon and shows no picture
    assert not any(near(without.getpixel((px, centre[1])), BLUE)
                   for px in range(mm_px(x + 1, bleed), mm_px(x + w - 1, bleed), 20))
    # ... and the card with art has no type icon over it: the box is picture only
    colours = {with_art.getpixel((px, py)) for px in range(mm_px(x + 1, bleed),
                                                            mm_px(x + w - 1, bleed), 9)
               for py in range(mm_px(y + 1, bleed), mm_px(y + h - 1, bleed), 9)}
    assert all(near(c, BLUE, 40) or near(c, GOLD, 40) or _between(c) for c in colours)


def _between(colour: tuple[int, ...]) -> bool:
    """An anti-aliased pixel on the disc's rim: a mix of blue and gold."""
    t = (colour[0] - BLUE[0]) / (GOLD[0] - BLUE[0])
    return 0 <= t <= 1 and all(
        abs(colour[i] - (BLUE[i] + t * (GOLD[i] - BLUE[i]))) <= 30 for i in range(3))


def test_contain_shows_the_whole_picture_and_cover_crops_it(spring: Path,
                                                             tmp_path: Path) -> None:
    sun(spring / "art" / "wide.png", (1200, 300))      # 4:1 in a 53.5 x 23 mm box
    give_art(spring, ["art/wide.png"])
    card = first_ids(spring, 1)[0]
    x, y, w, h = ART_BOX
    rows = {}
    for fit in ("cover", "contain"):
        out = tmp_path / fit
        code, report = build(str(spring), "--out", str(out), "--print-ready", "tgc",
                             "--templates", str(templates_with(
                                 tmp_path / fit, f"art: {{kind: art, x: {x}, y: {y}, w: {w}, "
                                 f"h: {h}, fit: {fit}}}")))
        assert code == 0, report
        image = face_png(out, "tgc", card)
        column = mm_px(x + w / 2, 38)
        rows[fit] = [image.getpixel((column, mm_px(y + h * k / 10, 38))) for k in
                     range(1, 10)]
    # cover: the picture's height is the box's: blue/gold top to bottom
    assert all(near(p, BLUE) or near(p, GOLD) for p in rows["cover"])
    # contain: the picture (4:1) is 13.4 mm high in the 23 mm box, centred: the top and
    # bottom tenths show the card beneath, the middle the disc
    assert not near(rows["contain"][0], BLUE) and not near(rows["contain"][-1], BLUE)
    assert near(rows["contain"][4], GOLD)


def test_full_art_background_reaches_the_bleed_under_the_frame(spring: Path,
                                                               tmp_path: Path) -> None:
    Image.new("RGB", (900, 1260), BLUE).save(spring / "art" / "full.png")
    give_art(spring, ["art/full.png"])
    card = first_ids(spring, 1)[0]
    out = tmp_path / "out"
    code, report = build(str(spring), "--out", str(out), "--print-ready", "tgc",
                         "--templates", str(templates_with(
                             tmp_path, "art: {kind: art, x: 0, y: 0, w: 63.5, h: 88.9, "
                             "bleed: true}")))
    assert code == 0, report
    image = face_png(out, "tgc", card)
    assert image.size == (825, 1125)
    for corner in ((0, 0), (824, 0), (0, 1124), (824, 1124)):    # in the bleed
        assert near(image.getpixel(corner), BLUE), corner
    # the layout's title band and frame are drawn over the picture, not under it
    band = image.getpixel((412, mm_px(5, 38)))
    assert near(band, (0xb5, 0x45, 0x2b), 6)
    # on a home sheet (no bleed) the same background stops at the trim
    home = tmp_path / "home"
    assert build(str(spring), "--out", str(home), "--templates",
                 str(tmp_path / "mine"))[0] == 0
    pdf = next((home / "spring").glob("*.pdf"))
    page = pypdfium2.PdfDocument(str(pdf))[0].render(scale=300 / 72).to_pil().convert("RGB")
    assert not near(page.getpixel((5, 5)), BLUE)                 # the paper's margin


def test_missing_art_prints_a_labelled_placeholder(spring: Path, tmp_path: Path) -> None:
    deck = give_art(spring, ["art/gone.png"])
    card = first_ids(spring, 1)[0]
    out = tmp_path / "out"
    code, report = build(str(spring), "--out", str(out), "--print-ready", "tgc")
    assert code == 0
    assert found(report) == [("B603", line_of(deck, "art: art/gone.png"))]
    x, y, w, h = ART_BOX
    image = face_png(out, "tgc", card)
    grey = [image.getpixel((mm_px(x + w * k / 8, 38), mm_px(y + 2, 38))) for k in range(1, 8)]
    assert sum(near(p, (0xe6, 0xe6, 0xe6), 4) for p in grey) >= 4
    pdf = PdfReader(next((out / "spring" / "print-ready" / "tgc").glob("*.pdf")))
    assert sum("ART MISSING" in page.extract_text() for page in pdf.pages) == 1


def test_art_shown_on_many_cards_is_embedded_once_per_document(spring: Path,
                                                               tmp_path: Path) -> None:
    sun(spring / "art" / "sun.png")
    give_art(spring, ["art/sun.png"] * 12)
    out = tmp_path / "out"
    code, _ = build(str(spring), "--out", str(out))
    assert code == 0
    [pdf] = list((out / "spring").glob("*.pdf"))
    reader = PdfReader(pdf)
    images = set()
    for page in reader.pages:
        images |= _image_objects(page["/Resources"])
    assert len(images) == 1


def _image_objects(resources: Any, seen: set[int] | None = None) -> set[int]:
    """The object numbers of every image XObject reachable from ``resources``
    (through Form XObjects)."""
    seen = seen if seen is not None else set()
    found_here: set[int] = set()
    xobjects = resources.get("/XObject") if resources else None
    for ref in (xobjects or {}).values():
        number = ref.idnum
        obj = ref.get_object()
        if obj.get("/Subtype") == "/Image":
            found_here.add(number)
        elif obj.get("/Subtype") == "/Form" and number not in seen:
            seen.add(number)
            found_here |= _image_objects(obj.get("/Resources"), seen)
    return found_here


# --- colour profiles ---------------------------------------------------------------

def _s15(value: float) -> bytes:
    return struct.pack(">i", round(value * 65536))


def rgb_profile(name: str, primaries: tuple[tuple[float, float, float], ...],
                gamma: float) -> bytes:
    """A minimal ICC v2 matrix/TRC display profile (D50 white) named ``name``."""
    def tag_xyz(x: float, y: float, z: float) -> bytes:
        return b"XYZ " + bytes(4) + _s15(x) + _s15(y) + _s15(z)

    def tag_curve() -> bytes:
        return b"curv" + bytes(4) + struct.pack(">I", 1) + struct.pack(">H", round(gamma * 256))

    def tag_desc() -> bytes:
        text = name.encode("ascii") + b"\0"
        return (b"desc" + bytes(4) + struct.pack(">I", len(text)) + text + bytes(4 + 4)
                + bytes(2 + 1 + 67))

    curve = tag_curve()
    tags = [(b"desc", tag_desc()), (b"wtpt", tag_xyz(0.9642, 1.0, 0.8249)),
            (b"rXYZ", tag_xyz(*primaries[0])), (b"gXYZ", tag_xyz(*primaries[1])),
            (b"bXYZ", tag_xyz(*primaries[2])), (b"rTRC", curve), (b"gTRC", curve),
            (b"bTRC", curve)]
    offset = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for signature, body in tags:
        while (offset + len(data)) % 4:
            data += b"\0"
        table += signature + struct.pack(">II", offset + len(data), len(body))
        data += body
    body = struct.pack(">I", len(tags)) + table + data
    size = 128 + len(body)
    header = (struct.pack(">I", size) + b"none" + bytes([2, 0x10, 0, 0]) + b"mntr"
              + b"RGB " + b"XYZ " + bytes(12) + b"acsp" + bytes(4) + bytes(4) + bytes(4)
              + bytes(4) + bytes(8) + bytes(4) + _s15(0.9642) + _s15(1.0) + _s15(0.8249)
              + bytes(4) + bytes(16) + bytes(28))
    assert len(header) == 128
    return header + body


# Adobe RGB (1998)'s colorants adapted to D50, and its gamma
WIDE = rgb_profile("Wide Test RGB", ((0.6097, 0.3111, 0.0195), (0.2053, 0.6257, 0.0609),
                                     (0.1492, 0.0632, 0.7446)), 2.2)


def _with_profile(path: Path, colour: tuple[int, int, int], icc: bytes | None,
                  mode: str = "RGB") -> None:
    image = Image.new("RGB", (900, 600), colour)
    if mode == "CMYK":
        image = image.convert("CMYK")
        image.save(path, format="JPEG", quality=95, **({"icc_profile": icc} if icc else {}))
        return
    image.save(path, format="PNG", **({"icc_profile": icc} if icc else {}))


def test_art_in_another_profile_is_converted_to_srgb_with_a_warning(spring: Path,
                                                                    tmp_path: Path) -> None:
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    _with_profile(spring / "art" / "wide.png", (40, 200, 60), WIDE)
    _with_profile(spring / "art" / "srgb.png", (40, 200, 60), srgb)
    _with_profile(spring / "art" / "broken.png", (40, 200, 60), b"not a profile at all")
    _with_profile(spring / "art" / "press.jpg", (40, 200, 60), None, "CMYK")
    deck = give_art(spring, ["art/wide.png", "art/srgb.png", "art/broken.png",
                             "art/press.jpg"])
    wide_card, srgb_card = first_ids(spring, 2)
    art_module._PREPARED.clear()
    out = tmp_path / "out"
    code, report = build(str(spring), "--out", str(out), "--print-ready", "tgc")
    assert code == 0
    assert found(report) == [("B634", line_of(deck, "art: art/wide.png")),
                             ("B634", line_of(deck, "art: art/broken.png")),
                             ("B634", line_of(deck, "art: art/press.jpg"))]
    messages = [d["message"] for d in report["diagnostics"]]
    assert messages[0] == ("art 'art/wide.png' is in the colour profile 'Wide Test RGB', "
                           "not sRGB: it is converted to sRGB for printing, and colours "
                           "sRGB cannot show are clipped; check them on a proof")
    assert "cannot be read" in messages[1]
    assert "CMYK with no colour profile" in messages[2]
    x, y, w, h = ART_BOX
    centre = (mm_px(x + w / 2, 38), mm_px(y + h / 2, 38))
    printed_srgb = face_png(out, "tgc", srgb_card).getpixel(centre)
    printed_wide = face_png(out, "tgc", wide_card).getpixel(centre)
    assert near(printed_srgb, (40, 200, 60), 3)
    # the same numbers in a wide-gamut space are a more saturated green: converted, red
    # falls below what sRGB can show and is clipped to 0 (lcms gives what it means)
    expected = ImageCms.profileToProfile(
        Image.new("RGB", (1, 1), (40, 200, 60)), ImageCms.ImageCmsProfile(io.BytesIO(WIDE)),
        ImageCms.createProfile("sRGB")).getpixel((0, 0))
    assert near(printed_wide, expected, 3)
    assert printed_wide[0] < 5 and not near(printed_wide, printed_srgb, 20)


def test_a_profile_matching_no_pixels_is_a_warning_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "grey.png"
    Image.new("L", (700, 900), 128).save(path, icc_profile=WIDE)   # an RGB profile on grey
    art_module._PREPARED.clear()
    made = art_module.prepare_art(path, "grey.png", (63.5, 88.9))
    assert "does not fit its L pixels" in made.colour_note


def test_only_without_a_field_the_card_lacks_is_located(spring: Path, tmp_path: Path) -> None:
    mine = templates_with(tmp_path, "type_icon: {only_without: rumour, kind: icon, "
                          "icon_from_tag: icon, x: 21.75, y: 32, w: 20, h: 20}")
    code, report = build(str(spring), "--out", str(tmp_path / "out"), "--templates", str(mine))
    assert code == 1
    first = report["diagnostics"][0]
    assert (first["code"], first["line"]) == (
        "B608", line_of(mine / "spring/layouts/spring_card-front.yaml", "type_icon:"))
    assert "is drawn only without field 'rumour', which" in first["message"]
