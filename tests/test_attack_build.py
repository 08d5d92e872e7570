"""Red-teaming `samizdat build`: hostile art, layouts and card text that used to crash
the build, print something other than what was given, or print nothing where the
designer asked for something. Each case is a located diagnostic or a correct PDF
(read back by rendering it); none is an internal error."""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from tests.conftest import CARDS, REPO, line_of, run_cli

MM = 72 / 25.4
UNDER = "#00ff00"        # the box drawn beneath the art: transparency shows it
ART_BOX = (5.0, 30.0, 50.0, 20.0)   # x, y, w, h (mm) of the art on the Spring card front


@pytest.fixture
def spring(tmp_path: Path) -> Path:
    target = tmp_path / "cards" / "spring"
    shutil.copytree(CARDS / "spring", target)
    return target


def layouts(tmp_path: Path, extra: str = "") -> Path:
    """A designer's layouts folder: the Spring card front with a green box and the art
    over it (and ``extra`` regions)."""
    folder = tmp_path / "mine" / "spring" / "layouts"
    folder.mkdir(parents=True, exist_ok=True)
    shipped = (REPO / "templates/spring/layouts/spring_card-front.yaml").read_text()
    x, y, w, h = ART_BOX
    box = f"x: {x}, y: {y}, w: {w}, h: {h}"
    (folder / "spring_card-front.yaml").write_text(
        shipped + f"    under: {{kind: box, {box}, fill: '{UNDER}'}}\n"
        f"    picture: {{kind: art, {box}}}\n" + extra)
    return tmp_path / "mine"


def art_on_every_card(spring: Path, written: str) -> Path:
    """``art: <written>`` (a YAML double-quoted string) on every card; the deck file."""
    deck = spring / "board_and_deck.yaml"
    text = deck.read_text()
    deck.write_text(text.replace("  - id: ", f"  - art: {json.dumps(written)}\n    id: "))
    return deck


def build(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli("build", "--format", "json", "--jobs", "1", "--cards-only", *args)
    return result.exit_code, json.loads(result.stdout.split("\nwrote ")[0])


def found(report: dict[str, Any]) -> list[tuple[str, str, int, int]]:
    return [(d["code"], d["severity"], d["line"], d["column"]) for d in report["diagnostics"]]


def first_front(out: Path, scale: float = 4.0) -> Image.Image:
    """The first card's front as printed for a vendor (3 mm bleed), rendered."""
    pdf = pdfium.PdfDocument(out / "spring" / "print-ready" / "generic" / "common.pdf")
    return pdf[0].render(scale=scale).to_pil().convert("RGB")


def pixel(page: Image.Image, x_mm: float, y_mm: float, scale: float = 4.0
          ) -> tuple[int, int, int]:
    """The colour at (x, y) mm from the card's top-left trim corner."""
    value = page.getpixel((round((x_mm + 3) * MM * scale), round((y_mm + 3) * MM * scale)))
    assert isinstance(value, tuple)
    return (int(value[0]), int(value[1]), int(value[2]))


def near(colour: tuple[int, int, int], wanted: str, tolerance: int = 12) -> bool:
    rgb = tuple(int(wanted[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tolerance for a, b in zip(colour, rgb, strict=True))


def encoded(image: Image.Image, fmt: str = "PNG", **options: Any) -> bytes:
    out = io.BytesIO()
    image.save(out, format=fmt, **options)
    return out.getvalue()


def print_art(spring: Path, tmp_path: Path, name: str, data: bytes
              ) -> tuple[int, dict[str, Any], Path, Path]:
    """Build the Spring deck with ``data`` as every card's art; (exit code, report,
    deck file, output folder)."""
    (spring / name).write_bytes(data)
    deck = art_on_every_card(spring, name)
    out = tmp_path / "out"
    code, report = build(str(spring), "--out", str(out), "--print-ready", "generic",
                         "--templates", str(layouts(tmp_path)))
    return code, report, deck, out


# -- art: paths no file can have --------------------------------------------------------

@pytest.mark.parametrize("kind", ["nul", "link-loop"])
def test_an_art_path_no_file_can_have_is_a_located_warning(spring: Path, tmp_path: Path,
                                                           kind: str) -> None:
    """A NUL in the path, or a link that leads to itself: once an internal error (exit 2,
    ValueError / RuntimeError from resolving the path). A link loop is now B603 with a
    placeholder; a NUL is refused by the loader as it is in any text (Y121)."""
    written = "a\0b.png" if kind == "nul" else "loop.png"
    if kind == "link-loop":
        os.symlink("loop.png", spring / "loop.png")
    deck = art_on_every_card(spring, written)
    code, report = build(str(spring), "--out", str(tmp_path / "out"),
                         "--templates", str(layouts(tmp_path)))
    first = line_of(deck, "art: ")
    if kind == "nul":      # the loader refuses a NUL in any text first (Y121), at the value
        assert code == 1
        assert found(report)[0] == ("Y121", "error", first, 10)
        # the file is not read: its folder's counts are not checked (an N501 there would
        # only count the cards of the file that did not load as missing)
        assert {d["code"] for d in report["diagnostics"]} == {"Y121"}
        assert not (tmp_path / "out").exists()
        return
    assert code == 0, report
    assert found(report)[0] == ("B603", "warning", first, 10)
    assert {d["code"] for d in report["diagnostics"]} == {"B603"}
    reason = "holds a NUL character" if kind == "nul" else "a symbolic link loops"
    assert reason in report["diagnostics"][0]["message"]
    assert (tmp_path / "out" / "spring" / "common.pdf").is_file()


# -- art: pixels beyond Pillow's own bomb limit ----------------------------------------

def png_header(width: int, height: int) -> bytes:
    """A PNG that claims ``width`` x ``height`` pixels and holds none."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + \
            struct.pack(">I", zlib.crc32(kind + data))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height,
                                                            8, 2, 0, 0, 0)) + chunk(b"IEND", b"")


def test_art_past_pillows_bomb_limit_is_refused_as_too_large(spring: Path,
                                                            tmp_path: Path) -> None:
    """100,000 x 100,000 px in 57 bytes: Pillow refuses to open it, which used to read as
    'not a readable image' (a warning, exit 0, placeholder printed) although a far
    smaller image of the same kind is error B623."""
    code, report, deck, out = print_art(spring, tmp_path, "huge.png", png_header(100_000,
                                                                                 100_000))
    assert code == 1
    assert found(report)[0] == ("B623", "error", line_of(deck, "art: "), 10)
    assert {d["code"] for d in report["diagnostics"]} == {"B623"}
    assert not out.exists()


# -- art: printed as the designer sees it ----------------------------------------------

def transparent(kind: str) -> bytes:
    if kind == "rgba":
        return encoded(Image.new("RGBA", (800, 320), (0, 0, 0, 0)))
    if kind == "grey-alpha":
        return encoded(Image.new("LA", (800, 320), (0, 0)))
    palette = Image.new("P", (800, 320), 0)
    palette.putpalette([0, 0, 0] * 256)
    return encoded(palette, transparency=0)


@pytest.mark.parametrize("kind", ["rgba", "grey-alpha", "palette"])
def test_transparent_art_shows_the_card_beneath(spring: Path, tmp_path: Path,
                                                kind: str) -> None:
    """Transparent pixels used to print black: the image was drawn without its mask."""
    code, report, _, out = print_art(spring, tmp_path, "clear.png", transparent(kind))
    assert code == 0, report
    x, y, w, h = ART_BOX
    assert near(pixel(first_front(out), x + w / 2, y + h / 2), UNDER)


def test_16_bit_grey_art_prints_grey(spring: Path, tmp_path: Path) -> None:
    """A 16-bit greyscale PNG at half grey used to print white (clipped to 8 bits)."""
    code, report, _, out = print_art(spring, tmp_path, "grey.png",
                                     encoded(Image.new("I;16", (800, 320), 32896)))
    assert code == 0, report
    x, y, w, h = ART_BOX
    assert near(pixel(first_front(out), x + w / 2, y + h / 2), "#808080")


def test_a_photo_rotated_by_its_exif_data_prints_upright(spring: Path,
                                                         tmp_path: Path) -> None:
    """Stored 320 x 800 with orientation 6 (turn 90 degrees clockwise to view): seen as
    800 x 320, its stored top (red) on the right. It used to print as stored, and its dpi
    was worked out from the stored width (a false B604 'under 300 dpi')."""
    stored = Image.new("RGB", (320, 800), "#0000ff")
    stored.paste((255, 0, 0), (0, 0, 320, 400))
    exif = Image.Exif()
    exif[0x0112] = 6
    code, report, _, out = print_art(spring, tmp_path, "photo.jpg",
                                     encoded(stored, "JPEG", quality=95, exif=exif.tobytes()))
    assert code == 0, report
    assert report["diagnostics"] == []          # 800 px across a poker card: 320 dpi
    x, y, w, h = ART_BOX
    page = first_front(out)
    assert near(pixel(page, x + w * 0.25, y + h / 2), "#0000ff", 40)
    assert near(pixel(page, x + w * 0.75, y + h / 2), "#ff0000", 40)


def test_a_one_pixel_strip_of_art_is_printed(spring: Path, tmp_path: Path) -> None:
    """1 x 100,000 px covering a wide box was drawn millions of points tall, which the
    viewer then drew as nothing; now the part the box shows is cropped and printed."""
    code, report, _, out = print_art(spring, tmp_path, "strip.png",
                                     encoded(Image.new("RGB", (1, 100_000), "#ff0000")))
    assert code == 0, report
    assert [d["code"] for d in report["diagnostics"]][:1] == ["B604"]   # 0 dpi across
    x, y, w, h = ART_BOX
    assert near(pixel(first_front(out), x + w / 2, y + h / 2), "#ff0000")
    heights = [image.image.height for page in PdfReader(out / "spring" / "common.pdf").pages
               for image in page.images]
    assert heights and max(heights) < 1000      # never near the 100,000 px of the file


def tree_digest(root: Path, skip: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() and skip not in p.parents}


# -- layouts given with --templates ----------------------------------------------------

def test_a_layout_icon_samizdat_does_not_have_is_an_error_at_its_line(spring: Path,
                                                                      tmp_path: Path) -> None:
    """`icon: forse` used to print nothing, silently (exit 0)."""
    mine = layouts(tmp_path, "    badge: {kind: icon, icon: forse, x: 1, y: 1, w: 5, h: 5}\n")
    front = mine / "spring" / "layouts" / "spring_card-front.yaml"
    code, report = build(str(spring), "--out", str(tmp_path / "out"), "--templates", str(mine))
    assert code == 1
    line = line_of(front, "icon: forse")
    column = front.read_text().splitlines()[line - 1].index("forse") + 1
    assert found(report) == [("B606", "error", line, column)]
    assert report["diagnostics"][0]["hint"] == "did you mean 'force'?"
    assert not (tmp_path / "out").exists()


def test_an_icon_from_a_tag_no_card_has_is_an_error_at_the_region(spring: Path,
                                                                 tmp_path: Path) -> None:
    """`icon_from_tag: sybtype` (Spring cards have `type` and `subtype`) printed nothing
    on every card, with exit 0; `optional: true` still means 'nothing when absent'."""
    mine = layouts(tmp_path, "    badge: {kind: icon, icon_from_tag: sybtype, x: 1, y: 1, "
                             "w: 5, h: 5}\n    maybe: {kind: icon, icon_from_tag: sybtype, "
                             "optional: true, x: 1, y: 7, w: 5, h: 5}\n")
    front = mine / "spring" / "layouts" / "spring_card-front.yaml"
    code, report = build(str(spring), "--out", str(tmp_path / "out"), "--templates", str(mine))
    assert code == 1
    assert set(found(report)) == {("B608", "error", line_of(front, "    badge:"), 12)}
    assert len(report["diagnostics"]) == 54                          # each card design
    assert "tag 'sybtype'" in report["diagnostics"][0]["message"]
    assert not (tmp_path / "out").exists()


def test_overflow_below_a_min_size_larger_than_the_size_names_the_size_printed(
        spring: Path, tmp_path: Path) -> None:
    """size 3 and min_size 72: the text is tried at 3 pt only, and the message used to
    say it overflowed 'at the minimum size 72 pt'."""
    mine = layouts(tmp_path, "    note: {text: 'a b c d e f g h i j k l m n o p q r s t u v', "
                             "size: 3, min_size: 72, x: 1, y: 1, w: 2, h: 2}\n")
    code, report = build(str(spring), "--out", str(tmp_path / "out"), "--templates", str(mine))
    assert code == 1
    assert {d["code"] for d in report["diagnostics"]} == {"B601"}
    assert report["diagnostics"][0]["message"].endswith("at the minimum size 3 pt")


def test_a_region_wholly_off_the_card_is_an_error_at_the_region(spring: Path,
                                                               tmp_path: Path) -> None:
    """A region at y 95 mm of an 88.9 mm card (past the bleed too) printed its field
    nowhere, with exit 0; one that reaches into the bleed still prints there."""
    mine = layouts(tmp_path, "    lost: {field: title, x: 5, y: 95, w: 50, h: 5}\n"
                             "    edge: {kind: box, x: -3, y: 0, w: 3, h: 88.9, fill: '#ff0000'}\n")
    front = mine / "spring" / "layouts" / "spring_card-front.yaml"
    code, report = build(str(spring), "--out", str(tmp_path / "out"), "--templates", str(mine))
    assert code == 1
    assert found(report) == [("B606", "error", line_of(front, "lost:"), 11)]
    assert "lies outside the 63.5 x 88.9 mm card" in report["diagnostics"][0]["message"]
    assert not (tmp_path / "out").exists()


def test_an_unknown_card_size_is_reported_at_its_entry_with_a_suggestion(
        spring: Path, tmp_path: Path) -> None:
    """B607 pointed at `card_sizes:` as a whole, without saying what was meant."""
    manifest = spring / "game.yaml"
    text = manifest.read_text()
    players = next(line for line in text.splitlines() if line.strip().startswith("players:"))
    manifest.write_text(text.replace(players + "\n", players + "\n  card_sizes: "
                                     "{tarot: tarot, spring_card: pokr}\n", 1))
    code, report = build(str(spring), "--out", str(tmp_path / "out"))
    assert code == 1
    line = line_of(manifest, "spring_card: pokr")
    column = manifest.read_text().splitlines()[line - 1].index("pokr") + 1
    assert found(report) == [("B607", "error", line, column)]
    assert report["diagnostics"][0]["hint"] == "did you mean 'poker'?"


# -- card text -------------------------------------------------------------------------

def printed_titles(out: Path) -> list[str]:
    pdf = pdfium.PdfDocument(out / "spring" / "common.pdf")
    return [line.strip() for page in pdf for line in
            page.get_textpage().get_text_range().splitlines()]


@pytest.mark.parametrize(("title", "printed"), [
    ("**", "**"),                       # once a blank title: one bold switch, no text
    ("5 * 3 Vigil", "5 * 3 Vigil"),     # once '5  3 Vigil', the rest set in italic
])
def test_a_lone_emphasis_marker_is_printed_as_written(spring: Path, tmp_path: Path,
                                                      title: str, printed: str) -> None:
    deck = spring / "board_and_deck.yaml"
    deck.write_text(deck.read_text().replace("title: Candlelight Vigil",
                                             f"title: {json.dumps(title)}", 1))
    code, report = build(str(spring), "--out", str(tmp_path / "out"))
    assert code == 0, report
    assert printed in printed_titles(tmp_path / "out")


# -- new campaign ----------------------------------------------------------------------

def test_new_campaign_into_a_named_pipe_is_refused_not_an_internal_error(
        tmp_path: Path) -> None:
    """`--into` naming a FIFO passed click's folder check and then failed in mkdir
    (FileExistsError: an internal error)."""
    os.mkfifo(tmp_path / "pipe")
    before = sorted(p.name for p in tmp_path.iterdir())
    result = run_cli("new", "campaign", "x-1", "--into", str(tmp_path / "pipe"))
    assert result.exit_code == 2
    assert "pipe is not a folder; nothing was written" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_new_campaign_with_the_longest_name_builds(tmp_path: Path) -> None:
    """The scaffold puts the campaign's name into every Ideology question (which keeps
    them apart from other campaigns'), so a name of 40 letters without a space (allowed)
    made a campaign that validated but could not be built (216 x B601); its long words
    are now cut into pieces that wrap."""
    made = run_cli("new", "campaign", "wide-1", "--name", "W" * 40, "--into", str(tmp_path))
    assert made.exit_code == 0, made.output
    code, report = build(str(tmp_path / "wide-1"), "--out", str(tmp_path / "out"))
    assert code == 0, report
    assert report["diagnostics"] == []


# -- mats and boards -------------------------------------------------------------------

def test_a_country_name_too_wide_for_its_board_space_is_an_error_at_the_country(
        spring: Path, tmp_path: Path) -> None:
    """The board's ring printed each space's country name cut to 14 characters, without
    a word: 'Q' * 30 printed as 'QQQQQQQQQQQQQQ', exit 0."""
    deck = spring / "board_and_deck.yaml"
    deck.write_text(deck.read_text().replace("name: Tunisia", "name: " + "Q" * 30, 1))
    result = run_cli("build", "--format", "json", "--jobs", "1", str(spring),
                     "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert found(report) == [("B601", "error", line_of(deck, "id: tunisia"), 5)]
    assert "'" + "Q" * 30 + "' is " in report["diagnostics"][0]["message"]
    assert report["diagnostics"][0]["related"][0]["file"].endswith("mats/board.yaml")
    assert not (tmp_path / "out").exists()


# -- names on disk and on the command line ---------------------------------------------

def test_a_content_file_name_that_is_not_utf8_builds(spring: Path, tmp_path: Path) -> None:
    """A file named with the byte 0xE9 (Latin-1 'é') in the content folder: validate
    read it, and the build's cache key failed to encode its name (internal error)."""
    (spring / os.fsdecode(b"caf\xe9.yaml")).write_text("# notes\n")
    out = tmp_path / "out"
    # printed as the bytes it has (how Python prints names under a C locale); printing
    # it under a strict UTF-8 stdout is the reporters' concern, not the build's
    env = dict(os.environ, PYTHONIOENCODING="utf-8:surrogateescape",
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    result = subprocess.run([sys.executable, "-m", "compiler", "build", "--jobs", "1",
                             "--cards-only", str(spring), "--out", str(out)], env=env,
                            capture_output=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert b":1:1: warning F205 the file is empty" in result.stdout
    assert b"errors 0, warnings 1" in result.stdout
    assert (out / "spring" / "common.pdf").is_file()


def test_the_wrote_line_cannot_be_forged_by_the_out_folders_name(spring: Path,
                                                                 tmp_path: Path) -> None:
    """`--out 'x<newline>::error::...'`: the closing 'wrote' line used to print the
    newline as it is, so a CI runner read the next line as a workflow command."""
    out = tmp_path / "x\n::error::forged"
    result = run_cli("build", "--jobs", "1", "--cards-only", str(spring), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert (out / "spring" / "common.pdf").is_file()
    lines = result.stdout.splitlines()
    assert not any(line.startswith("::") for line in lines)
    assert lines[-1] == f"wrote {tmp_path}/x\\n::error::forged/spring/ (1 files)"


def test_a_private_use_character_is_named_for_what_it_is(spring: Path, tmp_path: Path) -> None:
    """U+E000 (private use, which a designer's icon font might map) was described as
    'a control character' in B613."""
    deck = spring / "board_and_deck.yaml"
    deck.write_text(deck.read_text().replace("title: Candlelight Vigil",
                                             'title: "Candle\\ue000light"', 1))
    code, report = build(str(spring), "--out", str(tmp_path / "out"))
    assert code == 1
    assert found(report) == [("B613", "error", line_of(deck, "Candle\\ue000light"), 12)]
    assert "no glyph for U+E000 a private-use character" in report["diagnostics"][0]["message"]


def test_a_region_drawn_only_with_a_field_no_card_has_is_an_error_at_the_region(
        spring: Path, tmp_path: Path) -> None:
    """`only_with: cosst` would hide the badge on every card, silently."""
    mine = layouts(tmp_path, "    badge: {kind: box, only_with: cosst, x: 1, y: 1, "
                             "w: 5, h: 5, fill: '#000000'}\n")
    front = mine / "spring" / "layouts" / "spring_card-front.yaml"
    code, report = build(str(spring), "--out", str(tmp_path / "out"), "--templates", str(mine))
    assert code == 1
    assert set(found(report)) == {("B608", "error", line_of(front, "    badge:"), 12)}
    assert "is drawn only with field 'cosst', which " in report["diagnostics"][0]["message"]
    assert not (tmp_path / "out").exists()
