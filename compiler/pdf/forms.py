"""Drawings reused inside one PDF: icons and whole card sides become Form XObjects,
drawn once per document and placed wherever they recur (copies, identical backs,
the same icon in many texts). Smaller files, much faster builds.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from reportlab.lib.colors import Color, toColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

ICON_BOX = 100.0


def _defined(canvas: Canvas) -> set[str]:
    found: set[str] = canvas.__dict__.setdefault("_samizdat_forms", set())
    return found


def place(canvas: Canvas, name: str, bbox: tuple[float, float, float, float],
          draw: Callable[[Canvas], None], x: float, y: float, scale: float = 1.0) -> None:
    """Place form ``name`` at (x, y), defining it with ``draw`` on first use."""
    defined = _defined(canvas)
    if name not in defined:
        canvas.beginForm(name, *bbox)
        draw(canvas)
        canvas.endForm()
        defined.add(name)
    # what saveState, translate, scale, doForm and restoreState write (the same
    # bytes, scale merged into the translation as reportlab merges them), without
    # their bookkeeping: placing forms is most of what drawing a card does
    code = canvas._code
    code.append("q")
    if scale == 1.0:
        code.append(f"{fp_str(1, 0, 0, 1, x, y)} cm")
    else:
        code.append(f"{fp_str(scale, 0, 0, scale, float(fp_str(x)), float(fp_str(y)))} cm")
    canvas.doForm(name)
    code.append("Q")


class _Recorded(dict[str, str]):
    """The PDF operators that draw each icon file (keyed by its content): the same in
    every document when they name no resource (paths and colours only: no fonts, no
    transparency states), so worked out once per process and copied into each
    document's icon form. An icon whose operators name a resource is drawn anew."""

    def cache_clear(self) -> None:
        self.clear()


_ICON_OPERATORS = _Recorded()


def _draw_icon_form(canvas: Canvas, name: str) -> None:
    from compiler.pdf.icons import draw_icon, drawing_key

    key = drawing_key(name)
    recorded = _ICON_OPERATORS.get(key)
    if recorded is None:
        start = len(canvas._code)
        draw_icon(canvas, name, 0, 0, ICON_BOX)
        drawn = "\n".join(canvas._code[start:])
        if not any(op in drawn for op in (" gs", " Do", " Tf", " sh")):
            _ICON_OPERATORS[key] = drawn
        return
    canvas._code.append(recorded)


def place_icon(canvas: Canvas, name: str, x: float, y: float, size: float) -> None:
    """Draw icon ``name`` in a ``size`` square with its lower-left corner at (x, y)."""
    place(canvas, f"icon-{name}", (0, 0, ICON_BOX, ICON_BOX),
          lambda c: _draw_icon_form(c, name), x, y, size / ICON_BOX)


@lru_cache(maxsize=256)
def colour(value: str) -> Color:
    """A reportlab colour for ``#rrggbb`` (parsed once)."""
    parsed: Color = toColor(value)
    return parsed
