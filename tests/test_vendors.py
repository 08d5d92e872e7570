"""Vendors as data (templates/common/vendors/*.yaml) and the CMYK PDF/X-1a files the
CMYK vendors take: read back for their version keys, output intent, page boxes,
colour spaces, ink limit, page order and reproducibility; a profile that cannot be
used is a located B635 error that writes nothing."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
from PIL import Image, ImageCms, ImageStat
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from compiler.pdf import pdfx, vendors
from tests.conftest import CARDS, run_cli

POKER_PT = (63.5 / 25.4 * 72, 88.9 / 25.4 * 72)

try:
    PROFILE: pdfx.Profile | None = pdfx.find_profile(None)
except pdfx.ProfileProblem:
    PROFILE = None
# CI installs one (.ci/run); elsewhere the CMYK checks need a profile on the machine
needs_profile = pytest.mark.skipif(PROFILE is None and not os.environ.get("CI"),
                                   reason="no CMYK ICC profile on this machine")


def build(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli("build", "--format", "json", "--jobs", "1", "--cards-only", *args)
    return result.exit_code, json.loads(result.stdout.split("\nwrote ")[0])


@pytest.fixture(scope="module")
def san_built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """SAN's Virus decks (two small ones) built for every vendor kind, once."""
    root = tmp_path_factory.mktemp("vendors")
    san = root / "cards" / "san"
    shutil.copytree(CARDS / "san", san)
    outs = {}
    for name in ("drivethru", "offset", "generic"):
        out = root / name
        code, report = build(str(san), "--out", str(out), "--print-ready", name)
        assert code == 0, report
        outs[name] = out / "san" / "print-ready" / name
    return outs


def test_every_shipped_vendor_is_read_and_checked() -> None:
    assert vendors.names() == ["drivethru", "generic", "mpc", "offset", "tgc"]
    read = {name: vendors.vendor(name) for name in vendors.names()}
    assert (read["tgc"].bleed_mm, read["tgc"].images, read["tgc"].colour) == (3.175, True, "rgb")
    assert round(read["mpc"].bleed_mm / 25.4 * 300) == 36
    assert (read["drivethru"].colour, read["drivethru"].ink_limit,
            read["drivethru"].back_first, read["drivethru"].pdfx) == (
        "cmyk", 240, True, "PDF/X-1a:2001")
    assert (read["offset"].ink_limit, read["offset"].back_first) == (300, False)
    assert vendors.largest_bleed() == 3.175
    assert read["tgc"].image_name.format(game="san", deck="river", card="c1", side="front") \
        == "san-river-c1-front.png"


def _resolved(value: Any) -> Any:
    return value.get_object() if isinstance(value, IndirectObject) else value


@needs_profile
@pytest.mark.parametrize("name, limit", [("drivethru", 240), ("offset", 300)])
def test_cmyk_vendors_get_a_pdfx_1a_file(san_built: dict[str, Path], name: str,
                                         limit: int) -> None:
    assert PROFILE is not None
    pdf = san_built[name] / "virus-moon.pdf"
    raw = pdf.read_bytes()
    assert raw.startswith(b"%PDF-1.3\n")
    reader = PdfReader(pdf)
    info = reader.metadata
    assert info is not None
    assert (info["/GTS_PDFXVersion"], info["/GTS_PDFXConformance"], info["/Trapped"]) == (
        "PDF/X-1:2001", "PDF/X-1a:2001", "/False")
    assert info["/Title"] == "san — virus-moon"
    assert "/CreationDate" in info and "/ModDate" in info
    assert len(reader.trailer["/ID"]) == 2
    [intent] = [_resolved(i) for i in reader.trailer["/Root"]["/OutputIntents"]]
    assert intent["/S"] == "/GTS_PDFX"
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4 and profile.get_data() == PROFILE.data
    assert intent["/Info"] == PROFILE.description
    generic = PdfReader(san_built["generic"] / "virus-moon.pdf")
    assert len(reader.pages) == len(generic.pages) > 0
    for page in reader.pages:
        media, bleed, trim = (page.mediabox, page.bleedbox, page.trimbox)
        assert (float(trim.width), float(trim.height)) == pytest.approx(POKER_PT, abs=0.01)
        bleed_pt = vendors.vendor(name).bleed_mm / 25.4 * 72
        assert float(trim.left) == pytest.approx(bleed_pt, abs=0.01)
        assert (float(bleed.width), float(bleed.height)) == (float(media.width),
                                                             float(media.height))
        resources = page["/Resources"]
        assert "/Font" not in resources
        [image_ref] = resources["/XObject"].values()
        image = image_ref.get_object()
        assert image["/ColorSpace"] == "/DeviceCMYK" and "/SMask" not in image
        assert image["/Width"] == round(float(media.width) / 72 * 300)
        pixels = page.images[0].image
        assert pixels.mode == "CMYK"
        assert pdfx.most_ink_percent(pixels) <= limit + 0.5
    assert b"/DeviceRGB" not in raw and b"/SMask" not in raw


@needs_profile
def test_drivethru_puts_each_back_before_its_front(san_built: dict[str, Path]) -> None:
    cmyk = pypdfium2.PdfDocument(str(san_built["drivethru"] / "virus-moon.pdf"))
    rgb = pypdfium2.PdfDocument(str(san_built["generic"] / "virus-moon.pdf"))

    def picture(document: Any, index: int) -> Image.Image:
        return document[index].render(scale=0.5).to_pil().convert("RGB").resize((40, 56))

    def distance(a: Image.Image, b: Image.Image) -> float:
        from PIL import ImageChops

        return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean)

    # the generic file holds front, back; DriveThruCards' back, front
    front, back = picture(rgb, 0), picture(rgb, 1)
    first, second = picture(cmyk, 0), picture(cmyk, 1)
    assert distance(first, back) < distance(first, front)
    assert distance(second, front) < distance(second, back)


@needs_profile
def test_a_cmyk_build_is_reproducible(san_built: dict[str, Path], tmp_path: Path) -> None:
    san = tmp_path / "cards" / "san"
    shutil.copytree(CARDS / "san", san)
    out = tmp_path / "again"
    assert build(str(san), "--out", str(out), "--print-ready", "drivethru")[0] == 0
    for pdf in san_built["drivethru"].glob("*.pdf"):
        assert (out / "san/print-ready/drivethru" / pdf.name).read_bytes() == pdf.read_bytes()
    assert sorted(p.name for p in san_built["drivethru"].iterdir()) == sorted(
        p.name for p in (out / "san/print-ready/drivethru").iterdir())


def test_ink_over_the_limit_takes_colour_back_and_keeps_black() -> None:
    image = Image.new("CMYK", (4, 1))
    image.putdata([(255, 255, 255, 255), (200, 150, 100, 50), (50, 40, 30, 20),
                   (0, 0, 0, 255)])
    limited = pdfx.limit_ink(image, 240)
    after = [limited.getpixel((x, 0)) for x in range(4)]
    assert all(sum(p) <= 240 * 255 / 100 + 2 for p in after)
    assert [p[3] for p in after] == [255, 50, 20, 255]            # black kept
    assert after[2] == (50, 40, 30, 20) and after[3] == (0, 0, 0, 255)   # under: as it was
    c, m, y, _ = after[1]        # 200:150:100 keeps its proportions
    assert abs(c / y - 2.0) < 0.1 and abs(m / y - 1.5) < 0.1
    assert pdfx.limit_ink(Image.new("CMYK", (2, 2), (10, 10, 10, 10)), 240).getpixel(
        (0, 0)) == (10, 10, 10, 10)


def test_an_unusable_profile_is_b635_and_nothing_is_written(tmp_path: Path) -> None:
    san = tmp_path / "cards" / "san"
    shutil.copytree(CARDS / "san", san)
    rgb = tmp_path / "srgb.icc"
    rgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    junk = tmp_path / "junk.icc"
    junk.write_bytes(b"no profile here")
    cases = {
        rgb: "is a RGB profile, not a CMYK one",
        junk: "not an ICC profile LittleCMS can read",
        tmp_path / "none.icc": "No such file or directory",
    }
    for given, says in cases.items():
        out = tmp_path / "out"
        code, report = build(str(san), "--out", str(out), "--print-ready", "offset",
                             "--icc-profile", str(given))
        assert code == 1
        [found] = report["diagnostics"]
        assert found["code"] == "B635" and found["file"] == str(given)
        assert found["message"].startswith("--print-ready offset writes CMYK: ")
        assert says in found["message"]
        assert not out.exists()


def test_no_profile_anywhere_says_where_it_looked(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    monkeypatch.setattr(pdfx, "PROFILE_PLACES", (str(tmp_path / "empty"),))
    with pytest.raises(pdfx.ProfileProblem) as problem:
        pdfx.find_profile(None)
    assert str(problem.value) == (
        f"no CMYK ICC profile found (looked in {tmp_path / 'empty'}); give the vendor's "
        "profile with --icc-profile FILE, or install one (Debian and Ubuntu: apt install "
        "libgs-common)")


def test_an_rgb_vendor_keeps_vector_text_and_no_output_intent(
        san_built: dict[str, Path]) -> None:
    reader = PdfReader(san_built["generic"] / "virus-moon.pdf")
    assert "/OutputIntents" not in reader.trailer["/Root"]
    assert "Track spaces" in reader.pages[0].extract_text()


def test_a_deck_size_the_vendor_does_not_print_is_b636() -> None:
    from compiler.pipeline.build import _vendor_size
    from rules_engine.core.diagnostics import Location

    foldout = (127.0, 88.9)
    [found] = _vendor_size("tgc", "tyranny", foldout, Location("game.yaml", 3, 1))
    assert (found.code, found.severity.value) == ("B636", "warning")
    assert found.message == ("deck tyranny: The Game Crafter prints no poker-foldout cards "
                             "(127 x 88.9 mm); its faces are written at that size, which "
                             "the vendor's upload may refuse")
    assert _vendor_size("offset", "tyranny", foldout, Location("game.yaml")) == []
    assert _vendor_size("tgc", "river", (63.5, 88.9), Location("game.yaml")) == []


def test_a_print_ready_proof_draws_the_vendors_safe_line(tmp_path: Path) -> None:
    san = tmp_path / "cards" / "san"
    shutil.copytree(CARDS / "san", san)
    out = tmp_path / "out"
    assert build(str(san), "--out", str(out), "--print-ready", "tgc", "--proof")[0] == 0
    document = pypdfium2.PdfDocument(str(out / "san/print-ready/tgc/virus-moon.pdf"))
    page = document[0].render(scale=300 / 72).to_pil().convert("RGB")
    inset = 38 + 38          # TGC: 1/8" bleed, then 1/8" safe zone, at 300 dpi
    column = [page.getpixel((inset + dx, 400)) for dx in (-2, -1, 0, 1, 2)]
    assert any(g > 120 and r < 80 and b < 130 for r, g, b in column), column
