"""Drawings reused inside one PDF: icons and whole card sides become Form XObjects,
drawn once per document and placed wherever they recur (copies, identical backs,
the same icon in many texts). Smaller files, much faster builds.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from reportlab.lib.colors import Color, toColor
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
    canvas.saveState()
    canvas.translate(x, y)
    if scale != 1.0:
        canvas.scale(scale, scale)
    canvas.doForm(name)
    canvas.restoreState()


def place_icon(canvas: Canvas, name: str, x: float, y: float, size: float) -> None:
    """Draw icon ``name`` in a ``size`` square with its lower-left corner at (x, y)."""
    from compiler.icons import draw_icon

    place(canvas, f"icon-{name}", (0, 0, ICON_BOX, ICON_BOX),
          lambda c: draw_icon(c, name, 0, 0, ICON_BOX), x, y, size / ICON_BOX)


@lru_cache(maxsize=256)
def colour(value: str) -> Color:
    """A reportlab colour for ``#rrggbb`` (parsed once)."""
    parsed: Color = toColor(value)
    return parsed
