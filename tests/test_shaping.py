"""Shaped and bidirectional card text (issue 22, part 2): what the PDF shows is
HarfBuzz's output for the embedded fonts, in the order the Unicode Bidirectional
Algorithm gives.

Text is typeset through the real drawing path (:func:`richtext.fit` and
:func:`richtext.draw` into a reportlab canvas), and the page is read back with pypdf:
the text operators are replayed (Tm, Tf, Ts, TJ and the fonts' /Widths) to find
where each glyph is drawn, and each shown code is mapped through the embedded subset
font (fontTools) to its outline, which must be the outline of the glyph HarfBuzz
chose in the original font file, at HarfBuzz's position.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import pytest
import uharfbuzz as hb
from bidi.algorithm import get_display
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from compiler.frontend.paths import templates_root
from compiler.typeset import bidi_order, fonts, glyphs, richtext, shaped_text

SIZE = 12.0
LEFT, TOP = 20.0, 180.0
REFERENCE = Path(__file__).parent / "reference" / "shaping-arabic-region.png"
FONT_DIR = templates_root() / "fonts"


def _pdf(markup: str, direction: str = "auto", width: float = 400.0,
         align: str = "left") -> bytes:
    fonts.register()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(width + 2 * LEFT, TOP + 20), invariant=1)
    fitted = richtext.fit(markup, "sans", SIZE, SIZE, 1.2, width, 150, direction)
    assert fitted.overflow_mm == 0
    richtext.draw(canvas, fitted, "sans", 1.2, LEFT, TOP, width, 150, align, "top",
                  "#000000")
    canvas.showPage()
    canvas.save()
    return out.getvalue()


class Shown(NamedTuple):
    """One glyph drawn on the page: its font file, glyph outline, origin, run."""

    font: str          # the embedded font's PostScript name, e.g. NotoSansArabic-Regular
    outline: Any       # (coordinates, contour ends, advance) of the glyph
    x: float
    y: float
    run: int           # counts text matrix settings: a new run starts at each Tm
    run_x: float       # where that run starts


def _outline(font: TTFont, name: str) -> Any:
    glyf = font["glyf"]
    coordinates, ends, _ = glyf[name].getCoordinates(glyf)
    return (tuple(map(tuple, coordinates)), tuple(ends), font["hmtx"][name][0])


@cache
def _original(postscript: str) -> tuple[TTFont, str]:
    """The shipped font file whose PostScript name is ``postscript``, and its path."""
    for path in sorted(FONT_DIR.glob("*.ttf")):
        font = TTFont(str(path))
        if font["name"].getDebugName(6) == postscript:
            return font, str(path)
    raise AssertionError(f"no shipped font is named {postscript}")


def _read(pdf: bytes) -> tuple[list[Shown], list[float]]:
    """Every glyph the page shows, and the x of every icon (Form XObject) drawn."""
    reader = PdfReader(io.BytesIO(pdf))
    page = reader.pages[0]
    resources = page["/Resources"]["/Font"]
    subsets: dict[str, tuple[str, dict[int, Any], list[float], int]] = {}
    for key, value in resources.items():
        font = value.get_object()
        if "/FontDescriptor" not in font:
            continue
        data = font["/FontDescriptor"]["/FontFile2"].get_data()
        subset = TTFont(io.BytesIO(data))
        (table,) = subset["cmap"].tables
        outlines = {code: _outline(subset, name) for code, name in table.cmap.items()}
        postscript = str(font["/BaseFont"]).split("+", 1)[1]
        subsets[key] = (postscript, outlines, [float(w) for w in font["/Widths"]],
                        int(font["/FirstChar"]))
    shown: list[Shown] = []
    icons: list[float] = []
    x = y = rise = size = cm_x = run_x = 0.0
    run = -1
    current = ""
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"Tm":
            x, y = float(operands[4]), float(operands[5])
            run += 1
            run_x = x
        elif operator == b"Tf":
            current, size = str(operands[0]), float(operands[1])
        elif operator == b"Ts":
            rise = float(operands[0])
        elif operator in (b"TJ", b"Tj"):
            items = operands[0] if operator == b"TJ" else [operands[0]]
            postscript, outlines, widths, first = subsets[current]
            for item in items:
                if isinstance(item, (int, float)):
                    x -= float(item) * size / 1000
                    continue
                raw = item.get_original_bytes() if hasattr(item, "get_original_bytes") \
                    else bytes(item)
                for code in raw:
                    shown.append(Shown(postscript, outlines[code], x, y + rise, run, run_x))
                    x += widths[code - first] * size / 1000
        elif operator == b"cm":
            cm_x = float(operands[4])
        elif operator == b"Do":
            icons.append(cm_x)
    return shown, icons


class Expected(NamedTuple):
    font: str
    outlines: tuple[Any, ...]
    advances: tuple[float, ...]     # points
    x_offsets: tuple[float, ...]
    y_offsets: tuple[float, ...]
    width: float


def _harfbuzz(postscript: str, text: str, rtl: bool | None = None) -> Expected:
    """HarfBuzz's own shaping of ``text`` in the original font file, in points."""
    original, path = _original(postscript)
    font = hb.Font(hb.Face(hb.Blob.from_file_path(path)))
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    if rtl is not None:
        buffer.direction = "rtl" if rtl else "ltr"
    hb.shape(font, buffer)
    scale = SIZE / font.face.upem
    order = original.getGlyphOrder()
    positions = buffer.glyph_positions
    return Expected(postscript,
                    tuple(_outline(original, order[i.codepoint]) for i in buffer.glyph_infos),
                    tuple(p.x_advance * scale for p in positions),
                    tuple(p.x_offset * scale for p in positions),
                    tuple(p.y_offset * scale for p in positions),
                    sum(p.x_advance for p in positions) * scale)


def _runs(shown: list[Shown]) -> list[list[Shown]]:
    runs: dict[int, list[Shown]] = {}
    for glyph in shown:
        runs.setdefault(glyph.run, []).append(glyph)
    return sorted(runs.values(), key=lambda r: r[0].run_x)


def _assert_run(run: list[Shown], expected: Expected, baseline: float) -> None:
    assert {g.font for g in run} == {expected.font}
    assert [g.outline for g in run] == list(expected.outlines)
    pen = run[0].run_x
    for glyph, advance, dx, dy in zip(run, expected.advances, expected.x_offsets,
                                      expected.y_offsets, strict=True):
        assert glyph.x == pytest.approx(pen + dx, abs=0.01)
        assert glyph.y == pytest.approx(baseline + dy, abs=0.01)
        pen += advance


def _baseline() -> float:
    return TOP - SIZE * 0.2 / 2 - SIZE * 0.8


SPACE = "DejaVuSansCondensed"


@pytest.mark.parametrize(("text", "postscript", "visual_words"), [
    ("سلام عليكم", "NotoSansArabic-Regular", ["عليكم", "سلام"]),
    ("هذا لا", "NotoSansArabic-Regular", ["لا", "هذا"]),                   # lam-alef ligature
    ("سَلَامٌ عَلَيْكُمْ", "NotoSansArabic-Regular", ["عَلَيْكُمْ", "سَلَامٌ"]),   # marks placed by offsets
    ("क्षत्रिय हिन्दी", "NotoSansDevanagari-Regular", ["क्षत्रिय", "हिन्दी"]),  # conjuncts, reordered i
    ("**বাংলা ভাষা**", "NotoSansBengali-Bold", ["বাংলা", "ভাষা"]),
])
def test_the_pdf_shows_harfbuzz_glyphs_at_harfbuzz_positions(
        text: str, postscript: str, visual_words: list[str]) -> None:
    shown, _ = _read(_pdf(text))
    runs = _runs(shown)
    assert len(runs) == len(visual_words)
    space = stringWidth(" ", fonts.pdf_name("sans"), SIZE)
    start = LEFT
    for run, word in zip(runs, visual_words, strict=True):
        expected = _harfbuzz(postscript, word)
        assert run[0].run_x == pytest.approx(start, abs=0.01)
        _assert_run(run, expected, _baseline())
        start += expected.width + space


def test_the_cases_exercise_ligatures_conjuncts_and_offsets() -> None:
    """The words above are shaped, not just mapped: fewer glyphs than characters for
    lam-alef and the conjuncts, glyphs no character maps to, and non-zero offsets."""
    fonts.register()
    assert len(_harfbuzz("NotoSansArabic-Regular", "لا").outlines) == 1
    assert len(_harfbuzz("NotoSansDevanagari-Regular", "क्षत्रिय").outlines) < len("क्षत्रिय")
    marks = _harfbuzz("NotoSansArabic-Regular", "سَلَامٌ")
    assert any(marks.y_offsets) and any(marks.x_offsets)
    shaped = richtext.fit("हिन्दी", "sans", SIZE, SIZE, 1.2, 300, 100)
    (glyph_step,) = [s for s in shaped.program if s[0] == richtext.GLYPHS]
    assert any(0xE000 <= ord(c) <= 0xF8FF for c in glyph_step[3].chars)


def test_private_codes_are_the_same_whatever_was_shaped_first() -> None:
    """Glyphs no character maps to get private-use codes in glyph order, all at once:
    the codes, so the PDF's bytes, do not depend on the order texts were shaped in."""
    import subprocess
    import sys

    script = ("from compiler.typeset import fonts, shaping\nfonts.register()\n"
              "import sys\nwords = sys.argv[1:]\n"
              "print([shaping.shape('samizdat-arabic', w, True).chars for w in "
              "sorted(words)])\n")
    words = ["سلام", "عليكم", "لا", "كِتَابٌ"]
    outputs = {subprocess.run([sys.executable, "-c", script, *order], capture_output=True,
                              text=True, check=True).stdout
               for order in (words, words[::-1])}
    assert len(outputs) == 1
    assert _pdf("كِتَابٌ سلام") == _pdf("كِتَابٌ سلام")


def test_private_codes_are_not_characters_the_font_covers() -> None:
    fonts.register()
    richtext.fit("هذا لا", "sans", SIZE, SIZE, 1.2, 300, 100)   # shapes: adds the codes
    arabic = fonts.pdf_name("arabic")
    assert not any(0xE000 <= code <= 0xF8FF for code in fonts.covered(arabic))
    assert glyphs.unshapeable("\ue000", fonts.pdf_name("sans-bold")) == ("\ue000",)


def _expected_visual(logical: str, base: str) -> list[tuple[str, str]]:
    """The visual order of ``logical``'s words by python-bidi's own reordering
    (``get_display``): (kind, logical word) from left to right."""
    order = []
    for token in get_display(logical, base_dir=base).split(" "):
        if token == bidi_order.OBJECT:
            order.append(("icon", ""))
        elif any(fonts.script_of(c) == "arabic" for c in token):
            order.append(("NotoSansArabic-Regular", token[::-1]))   # display reverses its letters
        else:
            order.append((SPACE, token))
    return order


@pytest.mark.parametrize(("direction", "base"), [("auto", "R"), ("rtl", "R"), ("ltr", "L")])
def test_mixed_direction_runs_are_in_the_algorithm_s_visual_order(
        direction: str, base: str) -> None:
    """An Arabic paragraph with a number, a Latin word and an inline icon: the runs
    and the icon, read back left to right, are in the order the UBA gives; numbers
    stay left to right; the icon keeps its place between the words around it."""
    markup = "سلام 123 abc :funds: عليكم"
    logical = markup.replace(":funds:", bidi_order.OBJECT)
    shown, icons = _read(_pdf(markup, direction))
    assert len(icons) == 1
    placed: list[tuple[float, str, list[Shown] | None]] = [
        (run[0].run_x, run[0].font, run) for run in _runs(shown)]
    placed.append((icons[0], "icon", None))
    placed.sort(key=lambda item: item[0])
    expected = _expected_visual(logical, base)
    assert [font for _, font, _ in placed] == [kind for kind, _ in expected]
    for (_, font, run), (_, word) in zip(placed, expected, strict=True):
        if run is not None:
            assert [g.outline for g in run] == list(_harfbuzz(font, word).outlines)
    if base == "R":     # the digits read 1, 2, 3 from the left inside the RTL paragraph
        digits = next(run for _, font, run in placed if run and len(run) == 3
                      and run[0].outline == _harfbuzz(SPACE, "1").outlines[0])
        assert [g.x for g in digits] == sorted(g.x for g in digits)


def test_direction_only_reorders_where_the_algorithm_says() -> None:
    fonts.register()
    assert bidi_order.levels("abc سلام", "auto")[:3] == (0, 0, 0)
    assert bidi_order.levels("abc سلام", "rtl")[:3] == (2, 2, 2)
    assert bidi_order.levels("سلام 12", "auto") == (1, 1, 1, 1, 1, 2, 2)
    assert bidi_order.visual_order([1, 2, 1, 2, 2, 1]) == [5, 3, 4, 2, 1, 0]
    assert bidi_order.visual_order([0, 0, 0]) == [0, 1, 2]
    with pytest.raises(ValueError, match="unknown direction"):
        bidi_order.base_level("x", "sideways")


@pytest.mark.parametrize("markup", ["س**لا**م", "**س**لام", "سلا**م**", "क्ष**त्रि**य"])
def test_a_style_change_inside_a_word_keeps_its_joining(markup: str) -> None:
    """The letters either side of a bold or italic piece are shaped with it as
    context: the same joined forms (glyph ids) as the word without the markers."""
    fonts.register()
    plain = markup.replace("*", "")

    def gids(text: str) -> list[int]:
        return [gid for word in shaped_text.shape_markup(text, "sans", "auto")[0].words
                for segment in word if segment.glyphs is not None
                for gid in segment.glyphs.gids]

    styled = shaped_text.shape_markup(markup, "sans", "auto")[0].words[0]
    assert len({segment.font for segment in styled}) > 1       # really two faces
    # in visual order the pieces of a right-to-left word come last-first
    assert sorted(gids(markup)) == sorted(gids(plain))


def test_align_stays_physical_in_a_right_to_left_paragraph() -> None:
    width = 300.0
    for align, start in (("left", LEFT), ("right", None), ("center", None)):
        shown, _ = _read(_pdf("سلام عليكم", "auto", width, align))
        runs = _runs(shown)
        right = runs[-1][0].run_x + _harfbuzz("NotoSansArabic-Regular", "سلام").width
        if start is not None:
            assert runs[0][0].run_x == pytest.approx(start, abs=0.01)
        elif align == "right":
            assert right == pytest.approx(LEFT + width, abs=0.01)
        else:
            assert (runs[0][0].run_x - LEFT) == pytest.approx(LEFT + width - right, abs=0.01)


def test_a_character_no_font_covers_is_still_b613() -> None:
    """A CJK ideograph or an emoji (U+1F680; DejaVu has U+1F600) inside Arabic or
    Devanagari card text: no fallback has it, so it is reported (the build test in
    tests/test_attack_glyphs.py checks it is located at the content field), while the
    Arabic around it is not."""
    fonts.register()
    found = glyphs.undrawable_markup("سلام 月 **क्ष \U0001F680**", "sans")
    assert found == ((fonts.pdf_name("sans"), ("月",)),
                     (fonts.pdf_name("sans-bold"), ("\U0001F680",)))
    message = glyphs.diagnostic("card", "field 'title'", fonts.pdf_name("sans"), ["月"],
                                _nowhere()).message
    assert "no glyph for U+6708 CJK UNIFIED IDEOGRAPH-6708 (月)" in message


def _nowhere() -> Any:
    from rules_engine.core.diagnostics import Location

    return Location("cards.yaml", 3, 12)


@pytest.mark.parametrize("text", ["Gain 2 :funds: now", "Café — naïve × 3 ✓", "**Bold** *it*",
                                  "Zürich, Ελλάδα, Россия", ""])
def test_latin_text_keeps_the_fast_path(text: str) -> None:
    """Text the region's faces draw left to right is never shaped: its drawing steps
    are the per-character runs it always had (with tests/test_richtext.py and
    tests/test_pdf_patches.py, and the shipped games built before and after shaping
    came, byte for byte, this keeps Latin PDFs identical)."""
    fonts.register()
    assert not shaped_text.needs_shaping(text, "sans", "auto")
    assert not shaped_text.needs_shaping(text, "sans", "ltr")
    fitted = richtext.fit(text, "sans", 10, 10, 1.2, 300, 100)
    assert {step[0] for step in fitted.program} <= {richtext.LINE, richtext.TEXT,
                                                    richtext.ICON}
    assert fitted == richtext.fit(text, "sans", 10, 10, 1.2, 300, 100, "ltr")
    assert shaped_text.needs_shaping(text or "x", "sans", "rtl")


def _render_region() -> Image.Image:
    import pypdfium2

    mm = 72 / 25.4
    width, height = 60 * mm, 22 * mm
    fonts.register()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(width, height), invariant=1)
    text = "**سوق الظلام**\nادفع ٣ أو 12 لكل لاعب، ثم خذ بطاقة لا تعود."
    fitted = richtext.fit(text, "sans", 10, 6, 1.2, width - 4 * mm, height - 4 * mm)
    assert fitted.overflow_mm == 0 and len(fitted.lines) >= 3
    richtext.draw(canvas, fitted, "sans", 1.2, 2 * mm, height - 2 * mm, width - 4 * mm,
                  height - 4 * mm, "right", "top", "#1a1a1a")
    canvas.showPage()
    canvas.save()
    page = pypdfium2.PdfDocument(out.getvalue())[0]
    image: Image.Image = page.render(scale=200 / 72).to_pil().convert("L")
    return image


def test_a_rendered_arabic_region_matches_its_reference() -> None:
    """The region rendered with pdfium equals the reviewed reference image
    (tests/reference/shaping-arabic-region.png: joined letters, lam-alef, right to
    left, digits left to right), but for anti-aliasing."""
    image = _render_region()
    reference = Image.open(REFERENCE).convert("L")
    assert image.size == reference.size
    difference = ImageChops.difference(image, reference)
    differing = sum(1 for value in difference.tobytes() if value > 64)
    assert differing <= image.size[0] * image.size[1] * 0.002
    # and not a blank page: the reference itself has ink
    assert sum(1 for value in reference.tobytes() if value < 128) > 1000


def test_a_layout_sets_a_region_s_direction(tmp_path: Path) -> None:
    """``direction: rtl`` on a Spring front's title: an Arabic title builds without
    B613 and prints in Noto Sans Arabic Bold (serif-bold's weight); an unknown
    direction is a schema error at the layout."""
    import json
    import shutil

    from tests.conftest import CARDS, edit, run_cli
    from tests.test_preflight import layout_with

    spring = tmp_path / "cards" / "spring"
    shutil.copytree(CARDS / "spring", spring)
    edit(spring / "board_and_deck.yaml", "title: Candlelight Vigil", "title: وقفة الشموع 2011")
    region = ('title: {x: 5, y: 4, w: 53.5, h: 9, font: serif-bold, size: 10.5, '
              'min_size: 6.5, align: center, valign: middle, colour: "#fff8ec", '
              'direction: %s}')
    layout = layout_with(tmp_path / "good", region % "rtl")
    out = tmp_path / "out"
    result = run_cli("build", "--format", "json", "--jobs", "1", "--cards-only", str(spring),
                     "--out", str(out), "--templates", str(layout.parents[2]))
    report = json.loads(result.stdout.split("\nwrote ")[0])
    assert result.exit_code == 0, report["diagnostics"]
    assert not [d for d in report["diagnostics"] if d["code"] == "B613"]
    (pdf,) = (out / "spring").glob("*.pdf")
    reader = PdfReader(str(pdf))
    names = {str(font.get_object()["/BaseFont"]).split("+")[-1]
             for page in reader.pages[:1]
             for font in page["/Resources"]["/Font"].values()}
    names |= {str(font.get_object()["/BaseFont"]).split("+")[-1]
              for page in reader.pages[:1]
              for xobject in page["/Resources"].get("/XObject", {}).values()
              for font in xobject.get_object().get("/Resources", {}).get("/Font", {}).values()}
    assert "NotoSansArabic-Bold" in names
    bad = layout_with(tmp_path / "bad", region % "sideways")
    result = run_cli("build", "--format", "json", "--jobs", "1", "--cards-only", str(spring),
                     "--out", str(tmp_path / "out2"), "--templates", str(bad.parents[2]))
    assert result.exit_code == 1
    assert "sideways" in result.stdout
