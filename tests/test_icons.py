"""The vector icons (SVG files drawn through svglib): every shipped name draws real
paths, deterministically, inside its square, without leaking graphics state.

Run as a script (``python -m tests.test_icons [out.png]``) to write a contact sheet of
every icon at card size and large, on light and dark grounds, for a human to look at.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable

import pytest
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from compiler.pdf.icons import draw_icon, drawing_key, shipped

EXPECTED = {
    # AZADI
    "funds", "clout", "media", "trust", "legacy", "infamy", "any", "voter", "imperial",
    "majority", "volatile", "zone", "capitalist", "showstopper", "idealist", "supremo",
    "crown", "order", "resistance", "tyranny", "monument", "maidaan",
    # SAN
    "corruption", "propaganda", "hacking", "virus", "revenue", "cost", "crossing",
    "single_use", "multiplier", "copy_played", "copy_river", "destroy", "draw",
    "play_all_types", "play_from_discard", "corrupt_from_hand", "hand_bonus", "moon", "star",
    "equipment",
    # Spring
    "force", "counter", "revolution", "resistance_card", "motivation", "die", "victory",
}
SHIPPED = shipped()   # every shipped icon (builds in other tests change the current library)
NAMES = sorted(SHIPPED.names)

PATH_OPERATORS = {b"m", b"l", b"c", b"v", b"y", b"re", b"h"}
PAINT_OPERATORS = {b"f", b"f*", b"F", b"B", b"B*", b"b", b"b*", b"S", b"s"}
FILL_OPERATORS = {b"f", b"f*", b"F", b"B", b"B*", b"b", b"b*"}


def make_pdf(draw: Callable[[Canvas], None], pagesize: tuple[float, float] = (60, 60)) -> bytes:
    """One uncompressed page drawn by ``draw``."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=pagesize, invariant=1, pageCompression=0)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def operators(pdf: bytes) -> list[bytes]:
    """The tokens of every content stream in ``pdf`` (operators and operands)."""
    tokens: list[bytes] = []
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.DOTALL):
        tokens.extend(stream.split())
    return tokens


def count(tokens: list[bytes], wanted: set[bytes]) -> int:
    return sum(1 for token in tokens if token in wanted)


def one_icon(name: str, size: float = 40) -> bytes:
    return make_pdf(lambda c: draw_icon(c, name, 10, 10, size, SHIPPED))


def test_the_names_are_the_ones_layouts_and_markup_use() -> None:
    assert shipped().names == EXPECTED


@pytest.mark.parametrize("name", NAMES)
def test_each_icon_draws_filled_paths(name: str) -> None:
    empty = operators(make_pdf(lambda c: None))
    drawn = operators(one_icon(name))
    assert count(drawn, PATH_OPERATORS) >= count(empty, PATH_OPERATORS) + 4
    assert count(drawn, PAINT_OPERATORS) > count(empty, PAINT_OPERATORS)
    assert count(drawn, FILL_OPERATORS) >= 1
    # no fonts, no images: icons are paths only
    assert b"Tj" not in drawn and b"TJ" not in drawn and b"Do" not in drawn


def test_icons_are_all_different() -> None:
    streams = {name: b" ".join(operators(one_icon(name))) for name in NAMES}
    assert len(set(streams.values())) == len(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_drawing_is_deterministic(name: str) -> None:
    assert one_icon(name) == one_icon(name)


@pytest.mark.parametrize("name", NAMES)
def test_graphics_state_is_restored(name: str) -> None:
    seen: dict[str, object] = {}

    def draw(c: Canvas) -> None:
        c.setFillColor(HexColor("#123456"))
        c.setStrokeColor(HexColor("#654321"))
        c.setLineWidth(1.25)
        c.setLineCap(0)
        c.setLineJoin(0)
        state = (c._fillColorObj, c._strokeColorObj, c._lineWidth, c._lineCap, c._lineJoin)
        draw_icon(c, name, 5, 5, 30, SHIPPED)
        seen["before"] = state
        seen["after"] = (c._fillColorObj, c._strokeColorObj, c._lineWidth, c._lineCap,
                         c._lineJoin)

    tokens = operators(make_pdf(draw))
    assert seen["after"] == seen["before"]
    assert count(tokens, {b"q"}) == count(tokens, {b"Q"}) >= 1


def test_an_icon_form_holds_the_same_operators_in_every_document() -> None:
    """Icon forms are drawn once per process and copied into later documents."""
    from compiler.pdf import forms, icons

    icons.use("san")
    forms._ICON_OPERATORS.cache_clear()
    drawn = []
    for _ in range(2):
        canvas = Canvas(io.BytesIO(), invariant=1)
        canvas.beginForm("probe")
        start = len(canvas._code)
        forms._draw_icon_form(canvas, "virus")
        drawn.append("\n".join(canvas._code[start:]))
        canvas.endForm()
    direct = Canvas(io.BytesIO(), invariant=1)
    start = len(direct._code)
    draw_icon(direct, "virus", 0, 0, forms.ICON_BOX, SHIPPED)
    assert drawn[0] == drawn[1] == "\n".join(direct._code[start:])
    assert drawing_key("virus") in forms._ICON_OPERATORS


def test_unknown_names_draw_a_crossed_box_not_nothing() -> None:
    """A name without a file (reported as B624 before drawing) prints a visible box."""
    tokens = operators(make_pdf(lambda c: draw_icon(c, "no-such-icon", 0, 0, 10, SHIPPED)))
    assert count(tokens, {b"re"}) == 1 and count(tokens, {b"S"}) >= 1
    assert operators(make_pdf(lambda c: draw_icon(c, "Funds", 0, 0, 10, SHIPPED))) == tokens


# ---------------------------------------------------------------- rendering

COLUMNS = 8
CELL = 40.0          # points
ICON = 28.0          # points; the icon square sits centred in its cell
DPI = 300


def grid_pdf(names: list[str], cell: float = CELL, icon: float = ICON) -> bytes:
    rows = -(-len(names) // COLUMNS)
    height = rows * cell

    def draw(c: Canvas) -> None:
        margin = (cell - icon) / 2
        for i, name in enumerate(names):
            col, row = i % COLUMNS, i // COLUMNS
            draw_icon(c, name, col * cell + margin, height - (row + 1) * cell + margin, icon,
                      SHIPPED)

    return make_pdf(draw, (COLUMNS * cell, height))


def test_rendered_icons_are_visible_and_stay_in_their_square() -> None:
    pdfium = pytest.importorskip("pypdfium2")
    document = pdfium.PdfDocument(grid_pdf(NAMES))
    image = document[0].render(scale=DPI / 72).to_pil().convert("L")
    px = DPI / 72
    ink = image.point(lambda v: 255 if v < 245 else 0)
    slack = 3  # pixels of anti-aliasing
    for i, name in enumerate(NAMES):
        col, row = i % COLUMNS, i // COLUMNS
        x0, y0 = round(col * CELL * px), round(row * CELL * px)
        cell = ink.crop((x0, y0, x0 + round(CELL * px), y0 + round(CELL * px)))
        marked = cell.histogram()[255]
        square = (ICON * px) ** 2
        assert marked > 0.12 * square, f"{name}: only {marked} dark pixels"
        box = cell.getbbox()
        assert box is not None
        lo, hi = (CELL - ICON) / 2 * px - slack, (CELL + ICON) / 2 * px + slack
        assert lo <= box[0] and lo <= box[1] and box[2] <= hi and box[3] <= hi, (name, box)


# ---------------------------------------------------------------- contact sheet


def contact_sheet(path: str) -> None:
    """Every icon large, then at 8 pt on white, on a dark card and on a tinted card.

    At 300 dpi the sheet is about 1500 pixels square, so it can be looked at 1:1.
    """
    pdfium = pytest.importorskip("pypdfium2")
    columns, cell_w, cell_h = 8, 46.0, 62.0
    rows = -(-len(NAMES) // columns)
    size = (columns * cell_w, rows * cell_h)

    def draw(c: Canvas) -> None:
        for i, name in enumerate(NAMES):
            x = (i % columns) * cell_w
            y = size[1] - (i // columns + 1) * cell_h
            draw_icon(c, name, x + 8, y + 28, 30, SHIPPED)
            for j, ground in enumerate(("#ffffff", "#263238", "#e9dcc0")):
                c.setFillColor(HexColor(ground))
                c.rect(x + 2 + j * 14, y + 10, 14, 14, stroke=0, fill=1)
                draw_icon(c, name, x + 5 + j * 14, y + 13, 8, SHIPPED)
            c.setFillColor(HexColor("#000000"))
            c.setFont("Helvetica", 5)
            c.drawString(x + 9, y + 3.5, name)

    pdf = pdfium.PdfDocument(make_pdf(draw, size))
    pdf[0].render(scale=DPI / 72).to_pil().save(path)


if __name__ == "__main__":
    contact_sheet(sys.argv[1] if len(sys.argv) > 1 else "/tmp/icons.png")
