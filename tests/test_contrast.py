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
