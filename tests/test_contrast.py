"""Printed text contrast (compiler/pdf/contrast.py): WCAG's ratio, and board and mat
text that reaches 4.5:1 on every fill the shipped content gives it."""

from __future__ import annotations

import pytest

from compiler.frontend.validate import validate
from compiler.pdf import contrast
from tests.conftest import CARDS


def test_the_ratio_is_wcags() -> None:
    assert contrast.ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast.ratio("#777777", "#777777") == pytest.approx(1.0)
    assert contrast.ratio("#111111", "#1f3f7a") == pytest.approx(1.84, abs=0.01)   # Syria
    assert contrast.readable_on("#1f3f7a") == contrast.LIGHT
    assert contrast.readable_on("#fbf4e4") == contrast.DARK
    assert contrast.readable_on("#fbf4e4", "#7a2e1f") == "#7a2e1f"    # enough: kept


def test_every_spring_country_name_reaches_the_minimum_contrast() -> None:
    """7 of 11 country names on the board failed 4.5:1 with dark text on their colour."""
    model = validate([CARDS / "spring"]).models["spring"]
    fills = {c.colour for c in model.countries}
    assert len(fills) == 11
    failing = [f for f in fills if contrast.ratio("#111111", f) < contrast.MINIMUM]
    assert len(failing) >= 5                          # as printed before
    for fill in fills:
        assert contrast.ratio(contrast.readable_on(fill, "#111111"), fill) >= contrast.MINIMUM


def test_the_board_ring_draws_each_label_in_its_readable_colour() -> None:
    """What _draw_ring sets before each segment's label: light on a dark fill."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from compiler.frontend.layouts import Region
    from compiler.pdf import mats
    from rules_engine.core.diagnostics import Location
    from rules_engine.core.printed import Cell

    drawn: list[tuple[str, str]] = []

    class Recording(Canvas):                       # type: ignore[misc]
        colour = ""

        def setFillColor(self, value: object, alpha: object = None) -> None:  # noqa: N802
            self.colour = value.hexval() if hasattr(value, "hexval") else str(value)
            super().setFillColor(value)

        def drawCentredString(self, x: float, y: float, text: str,  # noqa: N802
                              *args: object, **kwargs: object) -> None:
            drawn.append((text, self.colour))
            super().drawCentredString(x, y, text, *args, **kwargs)

    ring = Region("track", "ring", 0, 0, 100, 100, "track", "sans-bold", 10, 6, 1.2,
                  "#111111", None, "#333333", 0.5, 0, "center", "middle", None, None, None,
                  False, False, False, Location("x"), "board", inner=0.7, sub_size=6)
    cells = [Cell("1", "Syria", "#1f3f7a", ""), Cell("2", "Jordan", "#fbf4e4", "")]
    mats._draw_ring(Recording(io.BytesIO()), ring, cells, 100)
    assert drawn == [("1", "0xffffff"), ("Syria", "0xffffff"), ("2", "0x111111"),
                     ("Jordan", "0x111111")]


@pytest.mark.parametrize(("w", "h"), [(84, 48), (15, 15), (40, 10), (10, 40), (60, 20)])
def test_a_cells_text_lies_below_its_icon(w: float, h: float) -> None:
    """Icons were drawn over mat text in about 30 places (HQ mat, Maidaan, Central
    Port, Corruption zones): the text box now starts below the cell's icon."""
    from compiler.pdf import mats
    from rules_engine.core.printed import Cell

    side = min(w, h) * mats.ICON_SHARE
    icon = (w - 1 - side, 1, w - 1, 1 + side)           # left, top, right, bottom (mm)
    top, text_w, text_h = mats._cell_text_box(Cell("A", "", None, "voter"), w, h)
    text = (1, top, 1 + text_w, top + text_h)
    assert text[1] >= icon[3]                           # wholly below the icon
    assert text[2] <= w - 1 + 1e-9 and text[3] <= h - 1 + 1e-9
    plain = mats._cell_text_box(Cell("A"), w, h)        # no icon: the whole cell
    assert plain == (1.0, w - 2, h - 2)
