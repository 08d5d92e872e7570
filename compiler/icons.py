"""samizdat's own vector icons, drawn with reportlab canvas paths.

Card text writes an icon inline as ``:name:`` and layouts may give a region an
icon; both end up in :func:`draw_icon`. Every icon is built from circles,
polygons, rectangles and Bézier curves only: no fonts, no images, and no letter
standing in for a picture, so the sheets print the same everywhere.

The icons are designed to be read at 7-9 pt (about 3 mm) on a printed card: bold
silhouettes, mostly a filled coloured roundel or shape with a white or dark glyph
on it. Each drawing function works in a 100 x 100 unit box (origin lower left);
:func:`draw_icon` scales that box to the size asked for. Nothing is random, so
the same call always writes the same PDF operators.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

__all__ = ["ICON_NAMES", "draw_icon", "icon_colour"]

Point = tuple[float, float]
Painter = Callable[[Canvas], None]

UNITS = 100.0          # every icon is drawn in a UNITS x UNITS box
CENTRE = UNITS / 2
ROUNDEL_R = 46.0       # roundel radius; with its rim it reaches 48 units from the centre
RIM = 4.0

WHITE = "#ffffff"
INK = "#1f2328"        # outlines and dark glyphs
PAPER = "#fffdf7"      # card faces in the card-effect icons

# AZADI resources
FUNDS = "#e0a526"
CLOUT = "#c0392b"
MEDIA = "#1f6fb2"
TRUST = "#2e8b57"
LEGACY = "#7b3fa0"
INFAMY = "#2b2b2b"
ANY_GREY = "#8a8f94"
# AZADI ideologues
CAPITALIST = "#d4a017"
SHOWSTOPPER = "#1e5aa8"
IDEALIST = "#2e7d32"
SUPREMO = "#c62828"
# SAN card types
CORRUPTION = "#1b5e20"
PROPAGANDA = "#c2185b"
HACKING = "#00a3b8"
VIRUS = "#8bc34a"
# flames
FLAME = "#f57c00"
FLAME_CORE = "#ffd54f"


# ---------------------------------------------------------------- helpers


def _shade(colour: str, factor: float) -> str:
    """``colour`` darkened (factor < 1) or lightened towards white (factor > 1)."""
    value = colour.lstrip("#")
    channels = [int(value[i:i + 2], 16) for i in (0, 2, 4)]
    if factor <= 1:
        mixed = [round(ch * factor) for ch in channels]
    else:
        mixed = [round(ch + (255 - ch) * (factor - 1)) for ch in channels]
    return "#" + "".join(f"{max(0, min(255, ch)):02x}" for ch in mixed)


def _paint(c: Canvas, path: PDFPathObject, fill: str | None, stroke: str | None = None,
           width: float = 0.0, even_odd: bool = False) -> None:
    """Fill and/or stroke ``path``; round joins and caps for every stroke."""
    if fill is not None:
        c.setFillColor(HexColor(fill))
    if stroke is not None:
        c.setStrokeColor(HexColor(stroke))
        c.setLineWidth(width)
        c.setLineJoin(1)
        c.setLineCap(1)
    c.drawPath(path, fill=int(fill is not None), stroke=int(stroke is not None),
               fillMode=FILL_EVEN_ODD if even_odd else FILL_NON_ZERO)


def _polygon_path(c: Canvas, points: Sequence[Point]) -> PDFPathObject:
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    return path


def _polygon(c: Canvas, points: Sequence[Point], fill: str | None,
             stroke: str | None = None, width: float = 0.0) -> None:
    _paint(c, _polygon_path(c, points), fill, stroke, width)


def _polyline(c: Canvas, points: Sequence[Point], colour: str, width: float) -> None:
    """An open stroked line through ``points`` with round caps and joins."""
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    _paint(c, path, None, colour, width)


def _circle(c: Canvas, cx: float, cy: float, r: float, fill: str | None,
            stroke: str | None = None, width: float = 0.0) -> None:
    path = c.beginPath()
    path.circle(cx, cy, r)
    _paint(c, path, fill, stroke, width)


def _ellipse(c: Canvas, cx: float, cy: float, rx: float, ry: float, fill: str | None,
             stroke: str | None = None, width: float = 0.0) -> None:
    path = c.beginPath()
    path.ellipse(cx - rx, cy - ry, 2 * rx, 2 * ry)
    _paint(c, path, fill, stroke, width)


def _rect(c: Canvas, x0: float, y0: float, x1: float, y1: float, fill: str | None,
          stroke: str | None = None, width: float = 0.0, radius: float = 0.0) -> None:
    """Rectangle from corner (x0, y0) to corner (x1, y1), optionally rounded."""
    path = c.beginPath()
    if radius > 0:
        path.roundRect(x0, y0, x1 - x0, y1 - y0, radius)
    else:
        path.rect(x0, y0, x1 - x0, y1 - y0)
    _paint(c, path, fill, stroke, width)


def _arc(c: Canvas, cx: float, cy: float, r: float, start: float, extent: float,
         colour: str, width: float) -> None:
    """A stroked circular arc; angles in degrees, anticlockwise from east."""
    path = c.beginPath()
    path.arc(cx - r, cy - r, cx + r, cy + r, start, extent)
    _paint(c, path, None, colour, width)


def _star_points(cx: float, cy: float, outer: float, inner: float, points: int = 5,
                 rotation: float = 90.0) -> list[Point]:
    """Vertices of a star with its first point at ``rotation`` degrees."""
    result: list[Point] = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        angle = math.radians(rotation + i * 180.0 / points)
        result.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return result


def _regular_polygon(cx: float, cy: float, r: float, sides: int,
                     rotation: float = 90.0) -> list[Point]:
    return [(cx + r * math.cos(math.radians(rotation + i * 360.0 / sides)),
             cy + r * math.sin(math.radians(rotation + i * 360.0 / sides)))
            for i in range(sides)]


@contextmanager
def _rotated(c: Canvas, cx: float, cy: float, degrees: float) -> Iterator[None]:
    """Draw the body rotated ``degrees`` anticlockwise about (cx, cy)."""
    c.saveState()
    c.translate(cx, cy)
    c.rotate(degrees)
    c.translate(-cx, -cy)
    try:
        yield
    finally:
        c.restoreState()


def _roundel(c: Canvas, colour: str) -> None:
    """The filled disc most icons sit on, with a darker rim so it holds on any ground."""
    _circle(c, CENTRE, CENTRE, ROUNDEL_R, colour, _shade(colour, 0.6), RIM)


def _badge(c: Canvas, cx: float, cy: float, r: float, colour: str) -> None:
    """A small disc with a white ring, for an accent sitting on top of a glyph."""
    _circle(c, cx, cy, r, colour, WHITE, 5)


def _card(c: Canvas, x: float, y: float, w: float = 48, h: float = 66,
          fill: str = PAPER, stroke: str = INK) -> None:
    """A playing card seen face on."""
    _rect(c, x, y, x + w, y + h, fill, stroke, 5, radius=7)


def _arrow(c: Canvas, tail: Point, head: Point, colour: str, shaft: float = 12,
           head_w: float = 30, head_l: float = 22, outline: str | None = WHITE) -> None:
    """A straight block arrow from ``tail`` to ``head`` (the tip)."""
    (tx, ty), (hx, hy) = tail, head
    length = math.hypot(hx - tx, hy - ty)
    ux, uy = (hx - tx) / length, (hy - ty) / length
    px, py = -uy, ux
    bx, by = hx - ux * head_l, hy - uy * head_l
    s, w = shaft / 2, head_w / 2
    points = [(tx + px * s, ty + py * s), (bx + px * s, by + py * s),
              (bx + px * w, by + py * w), (hx, hy), (bx - px * w, by - py * w),
              (bx - px * s, by - py * s), (tx - px * s, ty - py * s)]
    if outline is not None:
        _polygon(c, points, None, outline, 8)
    _polygon(c, points, colour)


def _flame(c: Canvas, cx: float, base: float, w: float, h: float,
           outer: str = FLAME, inner: str | None = FLAME_CORE,
           outline: str | None = None) -> None:
    """A flame with its round bottom at (cx, base), ``w`` wide and ``h`` tall."""
    def shape(scale: float, lift: float) -> PDFPathObject:
        hw, hh, b = w / 2 * scale, h * scale, base + lift
        path = c.beginPath()
        path.moveTo(cx, b)
        path.curveTo(cx - hw * 1.35, b, cx - hw * 1.1, b + hh * 0.55, cx - hw * 0.25, b + hh * 0.72)
        path.curveTo(cx - hw * 0.55, b + hh * 0.9, cx - hw * 0.1, b + hh * 0.95,
                     cx + hw * 0.1, b + hh)
        path.curveTo(cx + hw * 0.05, b + hh * 0.82, cx + hw * 0.5, b + hh * 0.72, cx + hw * 0.6,
                     b + hh * 0.78)
        path.curveTo(cx + hw * 1.3, b + hh * 0.45, cx + hw * 1.2, b, cx, b)
        path.close()
        return path

    if outline is not None:
        _paint(c, shape(1.0, 0.0), None, outline, 8)
    _paint(c, shape(1.0, 0.0), outer)
    if inner is not None:
        _paint(c, shape(0.5, h * 0.04), inner)


def _heart(c: Canvas, cx: float, y0: float, w: float, h: float, fill: str,
           stroke: str | None = None, width: float = 0.0) -> None:
    """A heart with its point at (cx, y0), ``w`` wide and ``h`` tall."""
    hw = w / 2
    path = c.beginPath()
    path.moveTo(cx, y0)
    path.curveTo(cx - hw * 0.2, y0 + h * 0.25, cx - hw, y0 + h * 0.4, cx - hw, y0 + h * 0.7)
    path.curveTo(cx - hw, y0 + h * 1.02, cx - hw * 0.2, y0 + h * 1.08, cx, y0 + h * 0.8)
    path.curveTo(cx + hw * 0.2, y0 + h * 1.08, cx + hw, y0 + h * 1.02, cx + hw, y0 + h * 0.7)
    path.curveTo(cx + hw, y0 + h * 0.4, cx + hw * 0.2, y0 + h * 0.25, cx, y0)
    path.close()
    _paint(c, path, fill, stroke, width)


def _peg(c: Canvas, fill: str, stroke: str | None, width: float = 0.0,
         head_y: float = 72, head_r: float = 15, top: float = 56) -> None:
    """The voter peg: a round head over a flared body, haloed in white for dark grounds."""
    def body() -> PDFPathObject:
        path = c.beginPath()
        path.moveTo(24, 8)
        path.lineTo(76, 8)
        path.curveTo(76, 32, 66, top - 4, 50, top)
        path.curveTo(34, top - 4, 24, 32, 24, 8)
        path.close()
        return path

    halo = width + 6
    _paint(c, body(), None, WHITE, halo)
    _circle(c, 50, head_y, head_r, None, WHITE, halo)
    _paint(c, body(), fill, stroke, width)
    _circle(c, 50, head_y, head_r, fill, stroke, width)


def _crown_shape(c: Canvas, x0: float, y0: float, x1: float, y1: float, fill: str,
                 stroke: str, width: float, jewels: str | None = None) -> None:
    """A three-pointed crown filling the box (x0, y0)-(x1, y1)."""
    w, h = x1 - x0, y1 - y0
    band = y0 + h * 0.28
    points = [(x0, y0), (x1, y0), (x1, band), (x1 + w * 0.04, y0 + h * 0.82),
              (x0 + w * 0.74, y0 + h * 0.5), (x0 + w * 0.5, y1 - h * 0.02),
              (x0 + w * 0.26, y0 + h * 0.5), (x0 - w * 0.04, y0 + h * 0.82), (x0, band)]
    _polygon(c, points, fill, stroke, width)
    r = h * 0.09
    for px, py in ((x0 - w * 0.04, y0 + h * 0.82), (x0 + w * 0.5, y1 - h * 0.02),
                   (x1 + w * 0.04, y0 + h * 0.82)):
        _circle(c, px, py + r * 0.6, r, fill, stroke, width * 0.8)
    if jewels is not None:
        _circle(c, x0 + w * 0.5, y0 + h * 0.14, h * 0.075, jewels)


def _coin(c: Canvas, cx: float, cy: float, r: float, ring: str = WHITE) -> None:
    """A gold coin with a darker inner ring, outlined in ``ring``."""
    _circle(c, cx, cy, r, FUNDS, ring, 5)
    _circle(c, cx, cy, r * 0.6, None, _shade(FUNDS, 0.6), max(2.0, r * 0.14))


def _fist(c: Canvas, colour: str, gaps: str) -> None:
    """A raised fist seen from the front: forearm, four knuckles, thumb across."""
    _rect(c, 38, 8, 62, 44, colour, gaps, 3)                       # forearm
    for i in range(4):                                            # fingers
        x = 28 + i * 11
        _rect(c, x, 52, x + 11.5, 80, colour, gaps, 3, radius=5.5)
    _rect(c, 29, 36, 71, 63, colour, gaps, 3, radius=9)             # palm
    _rect(c, 24, 40, 58, 55, colour, gaps, 3, radius=7.5)           # thumb


def _palm(c: Canvas, colour: str) -> None:
    """An open hand, fingers up, in the lower left of the box, haloed in white."""
    fingers = ((21, 74), (31, 80), (41, 77), (51, 68))

    def parts(fill: str | None, stroke: str | None) -> None:
        width = 7.0 if stroke else 0.0
        _rect(c, 20, 8, 60, 46, fill, stroke, width, radius=11)              # palm
        for x, top in fingers:
            _rect(c, x, 34, x + 8.5, top, fill, stroke, width, radius=4.25)
        with _rotated(c, 24, 24, 38):                                       # thumb
            _rect(c, 19, 20, 29, 52, fill, stroke, width, radius=5)

    parts(None, WHITE)
    parts(colour, None)


# ---------------------------------------------------------------- AZADI


def _funds(c: Canvas) -> None:
    _roundel(c, FUNDS)
    _circle(c, CENTRE, CENTRE, 36, None, _shade(FUNDS, 0.72), 3)
    mark = _shade(FUNDS, 0.35)
    _polyline(c, [(33, 72), (67, 72)], mark, 7)          # a rupee-like currency mark
    _polyline(c, [(33, 61), (67, 61)], mark, 7)
    bowl = c.beginPath()
    bowl.moveTo(33, 72)
    bowl.lineTo(44, 72)
    bowl.curveTo(60, 72, 60, 49, 44, 49)
    bowl.lineTo(35, 49)
    bowl.lineTo(60, 24)
    _paint(c, bowl, None, mark, 7)


def _clout(c: Canvas) -> None:
    _roundel(c, CLOUT)
    with _rotated(c, 50, 50, -35):
        _rect(c, 45, 14, 55, 66, WHITE, radius=3)                   # handle
        _polygon(c, [(26, 60), (74, 60), (76, 64), (76, 78), (74, 82), (26, 82),
                     (22, 78), (22, 64)], WHITE)                    # head


def _megaphone(c: Canvas, fg: str) -> None:
    _rect(c, 20, 44, 30, 58, fg, radius=2)                          # mouthpiece
    _polygon(c, [(28, 42), (62, 26), (62, 76), (28, 60)], fg)       # bell
    _rect(c, 36, 28, 43, 42, fg, radius=2)                          # grip
    _arc(c, 60, 51, 14, -40, 80, fg, 5)
    _arc(c, 60, 51, 24, -35, 70, fg, 5)


def _media(c: Canvas) -> None:
    _roundel(c, MEDIA)
    _megaphone(c, WHITE)


def _trust(c: Canvas) -> None:
    _roundel(c, TRUST)
    _heart(c, 50, 46, 34, 32, WHITE)
    for mirrored in (False, True):                                       # open, cupped hands
        c.saveState()
        if mirrored:
            c.translate(UNITS, 0)
            c.scale(-1, 1)
        hand = c.beginPath()
        hand.moveTo(47, 16)
        hand.curveTo(30, 16, 14, 28, 12, 58)                             # outer edge
        hand.curveTo(12, 62, 18, 64, 20, 60)                             # fingertips
        hand.curveTo(24, 44, 34, 34, 47, 32)                             # palm
        hand.close()
        _paint(c, hand, WHITE)
        _polyline(c, [(14, 46), (22, 44)], TRUST, 3)                     # finger lines
        _polyline(c, [(18, 34), (26, 35)], TRUST, 3)
        c.restoreState()


def _legacy(c: Canvas) -> None:
    _roundel(c, LEGACY)
    _polygon(c, _star_points(50, 60, 20, 8.5), WHITE)
    for mirrored in (False, True):                                       # laurel sprays
        c.saveState()
        if mirrored:
            c.translate(UNITS, 0)
            c.scale(-1, 1)
        _arc(c, 50, 54, 30, 178, 86, WHITE, 3.5)                        # stem
        for i in range(4):
            angle = 184 + i * 24
            for side, tilt in ((1.0, 40.0), (-1.0, -40.0)):          # leaf pairs
                r = 30 + side * 5.5
                lx = 50 + r * math.cos(math.radians(angle))
                ly = 54 + r * math.sin(math.radians(angle))
                with _rotated(c, lx, ly, angle - 180 + tilt):
                    _ellipse(c, lx, ly, 3.2, 7.5, WHITE)
        c.restoreState()


def _infamy(c: Canvas) -> None:
    _roundel(c, INFAMY)
    _polygon(c, [(42, 46), (58, 46), (54, 12), (46, 12)], "#a1887f")  # torch handle
    _rect(c, 39, 44, 61, 52, "#d7ccc8", radius=2)
    _flame(c, 50, 50, 30, 40)


def _any(c: Canvas) -> None:
    _circle(c, CENTRE, CENTRE, ROUNDEL_R, ANY_GREY)
    for start, colour in ((0, FUNDS), (90, CLOUT), (180, MEDIA), (270, TRUST)):
        path = c.beginPath()
        path.moveTo(50, 50)
        path.arcTo(50 - 36, 50 - 36, 50 + 36, 50 + 36, start, 90)
        path.close()
        _paint(c, path, colour)
    _polyline(c, [(12, 50), (88, 50)], WHITE, 4)
    _polyline(c, [(50, 12), (50, 88)], WHITE, 4)
    _circle(c, 50, 50, 36, None, WHITE, 3)
    _circle(c, CENTRE, CENTRE, ROUNDEL_R, None, _shade(ANY_GREY, 0.6), RIM)


def _voter(c: Canvas) -> None:
    _peg(c, "#455a64", _shade("#455a64", 0.55), 4)


def _imperial(c: Canvas) -> None:
    _peg(c, WHITE, INK, 6, head_y=58, head_r=13, top=44)
    _crown_shape(c, 34, 74, 66, 94, "#f2c230", INK, 4)


def _majority(c: Canvas) -> None:
    _peg(c, "#2e7d32", _shade("#2e7d32", 0.55), 4)
    _polyline(c, [(35, 26), (46, 15), (66, 40)], WHITE, 8)


def _volatile(c: Canvas) -> None:
    colour = "#f28c28"
    _polygon(c, [(50, 90), (92, 14), (8, 14)], colour, _shade(colour, 0.6), 8)
    _polygon(c, [(45.5, 68), (54.5, 68), (52.5, 36), (47.5, 36)], INK)
    _circle(c, 50, 26, 5, INK)


def _zone(c: Canvas) -> None:
    colour = "#c8a165"
    _polygon(c, _regular_polygon(50, 50, 45, 6), colour, _shade(colour, 0.5), 6)
    _polygon(c, _regular_polygon(50, 50, 32, 6), None, WHITE, 4)


def _capitalist(c: Canvas) -> None:
    _roundel(c, CAPITALIST)
    dark = _shade(CAPITALIST, 0.3)
    _polygon(c, [(34, 40), (66, 40), (63, 80), (37, 80)], dark)     # top hat crown
    _rect(c, 20, 32, 80, 42, dark, radius=5)                        # brim
    _rect(c, 34.5, 42, 65.5, 50, CAPITALIST)                        # band


def _showstopper(c: Canvas) -> None:
    _roundel(c, SHOWSTOPPER)
    _rect(c, 39, 48, 61, 84, WHITE, radius=11)                      # microphone head
    for y in (58, 66, 74):
        _polyline(c, [(42, y), (58, y)], SHOWSTOPPER, 3)
    _arc(c, 50, 56, 17, 180, 180, WHITE, 5)                         # holder
    _polyline(c, [(50, 39), (50, 20)], WHITE, 6)                    # stand
    _polyline(c, [(36, 18), (64, 18)], WHITE, 6)


def _idealist(c: Canvas) -> None:
    _roundel(c, IDEALIST)
    stem = c.beginPath()
    stem.moveTo(50, 16)
    stem.curveTo(50, 34, 50, 44, 50, 56)
    _paint(c, stem, None, WHITE, 6)
    for sign in (-1, 1):                                            # two leaves
        tip = (50 + sign * 32, 76)
        leaf = c.beginPath()
        leaf.moveTo(50, 54)
        leaf.curveTo(50 + sign * 4, 76, 50 + sign * 22, 84, *tip)
        leaf.curveTo(50 + sign * 30, 60, 50 + sign * 12, 50, 50, 54)
        leaf.close()
        _paint(c, leaf, WHITE)
    _polyline(c, [(30, 16), (70, 16)], WHITE, 6)                    # ground


def _supremo(c: Canvas) -> None:
    _roundel(c, SUPREMO)
    _polygon(c, [(50, 90), (57, 78), (57, 38), (43, 38), (43, 78)], WHITE)  # blade
    _polyline(c, [(50, 80), (50, 42)], SUPREMO, 2.5)                # fuller
    _rect(c, 28, 31, 72, 39, WHITE, radius=4)                       # cross-guard
    _rect(c, 45.5, 17, 54.5, 32, WHITE)                             # grip
    _circle(c, 50, 15, 6, WHITE)                                    # pommel


def _crown(c: Canvas) -> None:
    _crown_shape(c, 14, 18, 86, 80, "#f2c230", _shade("#f2c230", 0.45), 6, jewels=CLOUT)


def _order(c: Canvas) -> None:
    parchment, edge = "#efdfb0", "#8a6a3a"
    _rect(c, 22, 20, 74, 82, parchment, edge, 5)                    # sheet
    _rect(c, 16, 78, 80, 90, _shade(parchment, 0.85), edge, 5, radius=6)  # top roll
    _rect(c, 16, 12, 80, 24, _shade(parchment, 0.85), edge, 5, radius=6)  # bottom roll
    for y, x1 in ((68, 66), (58, 66), (48, 54)):                    # writing
        _polyline(c, [(30, y), (x1, y)], edge, 4)
    seal = "#b3261e"
    _polygon(c, [(62, 36), (56, 12), (64, 18), (70, 12), (76, 36)], seal)  # ribbon
    _circle(c, 68, 38, 13, seal, _shade(seal, 0.6), 3)
    _circle(c, 68, 38, 6, None, _shade(seal, 1.5), 2.5)


def _resistance(c: Canvas) -> None:
    colour = "#8b1e3f"
    _roundel(c, colour)
    _fist(c, WHITE, colour)


def _tyranny(c: Canvas) -> None:
    colour = "#37474f"
    _roundel(c, colour)
    with _rotated(c, 50, 50, 45):
        _rect(c, 10, 40, 46, 60, None, WHITE, 7, radius=10)          # link
        _rect(c, 54, 40, 90, 60, None, WHITE, 7, radius=10)          # link
        _polyline(c, [(36, 50), (64, 50)], WHITE, 9)                 # edge-on link


def _monument(c: Canvas) -> None:
    stone, edge = "#cdb48c", "#6d5633"
    _rect(c, 24, 8, 76, 18, stone, edge, 5)                         # plinth
    _rect(c, 32, 18, 68, 26, stone, edge, 5)
    _polygon(c, [(39, 26), (61, 26), (57, 80), (43, 80)], stone, edge, 5)  # shaft
    _polygon(c, [(43, 80), (57, 80), (50, 93)], stone, edge, 5)     # pyramidion


def _maidaan(c: Canvas) -> None:
    colour = "#6f8f2f"
    _roundel(c, colour)
    _polyline(c, [(52, 48), (52, 86)], WHITE, 4)                    # flag pole
    _polygon(c, [(52, 86), (76, 80), (52, 72)], "#f28c28", WHITE, 2)  # pennant
    for cx, cy, r in ((28, 42, 8), (72, 42, 8), (50, 48, 9.5)):     # crowd
        _circle(c, cx, cy, r, WHITE, colour, 2.5)
        body = c.beginPath()
        body.moveTo(cx - r * 1.9, cy - r * 3.2)
        body.curveTo(cx - r * 1.9, cy - r * 1.1, cx - r, cy - r * 1.3, cx, cy - r * 1.3)
        body.curveTo(cx + r, cy - r * 1.3, cx + r * 1.9, cy - r * 1.1, cx + r * 1.9,
                     cy - r * 3.2)
        body.close()
        _paint(c, body, WHITE, colour, 2.5)


# ---------------------------------------------------------------- SAN


def _corruption(c: Canvas) -> None:
    _roundel(c, CORRUPTION)
    _coin(c, 50, 62, 16, CORRUPTION)                                 # bribe peeking out
    _rect(c, 20, 24, 80, 60, WHITE, radius=3)                       # envelope
    _polyline(c, [(22, 58), (50, 38), (78, 58)], CORRUPTION, 4)     # flap


def _propaganda(c: Canvas) -> None:
    _roundel(c, PROPAGANDA)
    _rect(c, 40, 10, 47, 56, WHITE, radius=2)                             # pole
    horn = c.beginPath()                                                 # flared street horn
    horn.moveTo(24, 54)
    horn.lineTo(40, 54)
    horn.curveTo(54, 54, 62, 46, 66, 36)
    horn.lineTo(66, 80)
    horn.curveTo(62, 70, 54, 62, 40, 62)
    horn.lineTo(24, 62)
    horn.close()
    _paint(c, horn, WHITE)
    _rect(c, 16, 51, 28, 65, WHITE, radius=3)                             # driver
    _ellipse(c, 66, 58, 6, 22, WHITE)                                    # mouth
    _ellipse(c, 66, 58, 2.5, 16, _shade(PROPAGANDA, 1.45))
    _arc(c, 66, 58, 14, -40, 80, WHITE, 4.5)                             # sound
    _arc(c, 66, 58, 22, -35, 70, WHITE, 4.5)


def _hacking(c: Canvas) -> None:
    _roundel(c, HACKING)
    _rect(c, 18, 24, 82, 76, WHITE, radius=6)                       # terminal window
    _rect(c, 23, 29, 77, 66, INK, radius=3)                         # screen
    _polyline(c, [(31, 57), (42, 47.5), (31, 38)], HACKING, 6)      # prompt chevron
    _polyline(c, [(49, 37), (65, 37)], HACKING, 6)                  # cursor


def _virus(c: Canvas) -> None:
    _roundel(c, VIRUS)
    dark = "#1f3b08"
    for i in range(8):
        angle = math.radians(22.5 + i * 45)
        ca, sa = math.cos(angle), math.sin(angle)
        _polyline(c, [(50 + 14 * ca, 50 + 14 * sa), (50 + 30 * ca, 50 + 30 * sa)], dark, 6)
        _circle(c, 50 + 32 * ca, 50 + 32 * sa, 6.5, dark)
    _circle(c, 50, 50, 19, dark)
    for dx, dy, r in ((-6, 5, 4), (6, -3, 3), (-3, -8, 2.5)):
        _circle(c, 50 + dx, 50 + dy, r, VIRUS)


def _revenue(c: Canvas) -> None:
    edge = _shade(FUNDS, 0.45)
    for i in range(3):
        y = 16 + i * 17
        side = c.beginPath()
        side.moveTo(16, y + 12)
        side.lineTo(16, y)
        side.curveTo(16, y - 14, 84, y - 14, 84, y)
        side.lineTo(84, y + 12)
        side.close()
        _paint(c, side, _shade(FUNDS, 0.82), edge, 5)
        _ellipse(c, 50, y + 12, 34, 10.5, FUNDS, edge, 5)
    _ellipse(c, 50, 62, 20, 5.5, None, edge, 3)


def _cost(c: Canvas) -> None:
    colour = "#d84315"
    with _rotated(c, 50, 50, 45):
        tag = _polygon_path(c, [(8, 50), (28, 70), (92, 70), (92, 30), (28, 30)])
        tag.circle(27, 50, 6)
        _paint(c, tag, colour, _shade(colour, 0.6), 5, even_odd=True)
        _polyline(c, [(44, 50), (80, 50)], WHITE, 6)
        _polyline(c, [(50, 60), (74, 60)], WHITE, 5)
        _polyline(c, [(50, 40), (74, 40)], WHITE, 5)


def _crossing(c: Canvas) -> None:
    _card(c, 26, 17)
    _arrow(c, (6, 48), (96, 48), "#3949ab", shaft=16, head_w=36, head_l=24)


def _single_use(c: Canvas) -> None:
    _card(c, 20, 8, w=60, h=84)
    red = "#c62828"
    for pts in ([(34, 28), (66, 72)], [(34, 72), (66, 28)]):
        _polyline(c, pts, red, 12)


def _copy_played(c: Canvas) -> None:
    _card(c, 14, 28, fill="#90caf9")
    _card(c, 38, 8)
    _polyline(c, [(62, 30), (62, 52)], "#1e88e5", 7)               # plus: another copy
    _polyline(c, [(51, 41), (73, 41)], "#1e88e5", 7)


def _copy_river(c: Canvas) -> None:
    blue = "#0288d1"
    _card(c, 26, 17)
    for y in (32, 46, 60):
        wave = c.beginPath()
        wave.moveTo(33, y)
        wave.curveTo(39, y + 7, 44, y + 7, 50, y)
        wave.curveTo(56, y - 7, 61, y - 7, 67, y)
        _paint(c, wave, None, blue, 5.5)


def _destroy(c: Canvas) -> None:
    _card(c, 18, 26)
    _polyline(c, [(40, 92), (46, 72), (36, 58), (44, 40), (38, 26)], INK, 4)  # tear
    _flame(c, 64, 6, 36, 54, outline=WHITE)


def _draw(c: Canvas) -> None:
    _card(c, 10, 28)
    _arrow(c, (40, 56), (86, 10), "#2e7d32", shaft=14, head_w=34, head_l=24)


def _play_all_types(c: Canvas) -> None:
    star = _star_points(50, 48, 48, 21)
    c.saveState()
    c.clipPath(_polygon_path(c, star), stroke=0, fill=0)
    for start, colour in ((0, CORRUPTION), (90, PROPAGANDA), (180, HACKING), (270, VIRUS)):
        path = c.beginPath()
        path.moveTo(50, 48)
        path.arcTo(0, -2, 100, 98, start + 18, 90)
        path.close()
        _paint(c, path, colour)
    c.restoreState()
    _polygon(c, star, None, INK, 4)


def _play_from_discard(c: Canvas) -> None:
    for i in range(3):                                              # the pile
        _rect(c, 10 + i * 4, 8 + i * 6, 58 + i * 4, 30 + i * 6, "#b0bec5" if i < 2 else PAPER,
              INK, 4, radius=4)
    path = c.beginPath()                                            # arrow out of it
    path.moveTo(40, 44)
    path.curveTo(40, 70, 54, 80, 70, 80)
    _paint(c, path, None, WHITE, 22)
    _paint(c, path, None, "#6a1b9a", 11)
    _polygon(c, [(66, 96), (92, 80), (66, 64)], "#6a1b9a", WHITE, 4)


def _corrupt_from_hand(c: Canvas) -> None:
    _palm(c, CORRUPTION)
    _coin(c, 72, 72, 21)


def _hand_bonus(c: Canvas) -> None:
    _palm(c, "#37474f")
    green = "#2e7d32"
    _badge(c, 72, 72, 21, green)
    _polyline(c, [(72, 61), (72, 83)], WHITE, 7)
    _polyline(c, [(61, 72), (83, 72)], WHITE, 7)


def _multiplier(c: Canvas) -> None:
    colour = "#e64a19"
    _polygon(c, _star_points(50, 50, 48, 40, points=12, rotation=0), colour,
             _shade(colour, 0.6), 3)
    _polyline(c, [(20, 36), (40, 60)], WHITE, 8)                   # the times sign
    _polyline(c, [(20, 60), (40, 36)], WHITE, 8)
    two = c.beginPath()                                             # the digit two
    two.moveTo(50, 60)
    two.curveTo(50, 74, 78, 74, 78, 60)
    two.curveTo(78, 50, 58, 42, 50, 30)
    two.lineTo(80, 30)
    _paint(c, two, None, WHITE, 8)


def _moon(c: Canvas) -> None:
    colour = "#7986cb"
    # outer circle (50, 50) r 44, inner circle (66, 60) r 36: crescent between them
    ox, oy, orad = 50.0, 50.0, 44.0
    ix, iy, irad = 68.0, 60.0, 38.0
    d = math.hypot(ix - ox, iy - oy)
    a = (orad ** 2 - irad ** 2 + d ** 2) / (2 * d)
    h = math.sqrt(orad ** 2 - a ** 2)
    mx, my = ox + a * (ix - ox) / d, oy + a * (iy - oy) / d
    p1 = (mx + h * (iy - oy) / d, my - h * (ix - ox) / d)
    p2 = (mx - h * (iy - oy) / d, my + h * (ix - ox) / d)
    o1 = math.degrees(math.atan2(p1[1] - oy, p1[0] - ox))
    o2 = math.degrees(math.atan2(p2[1] - oy, p2[0] - ox))
    i1 = math.degrees(math.atan2(p1[1] - iy, p1[0] - ix))
    i2 = math.degrees(math.atan2(p2[1] - iy, p2[0] - ix))
    path = c.beginPath()
    path.moveTo(*p2)
    path.arcTo(ox - orad, oy - orad, ox + orad, oy + orad, o2, (o1 - o2) % 360)
    path.arcTo(ix - irad, iy - irad, ix + irad, iy + irad, i1, -((i1 - i2) % 360))
    path.close()
    _paint(c, path, colour, _shade(colour, 0.5), 4)


def _star(c: Canvas) -> None:
    colour = "#ffc107"
    _polygon(c, _star_points(50, 47, 48, 20), colour, _shade(colour, 0.5), 5)


# ---------------------------------------------------------------- Spring


def _force(c: Canvas) -> None:
    _roundel(c, "#c62828")
    _polygon(c, [(57, 88), (29, 46), (47, 46), (38, 12), (72, 57), (54, 57), (67, 88)],
             "#ffd54f", _shade("#c62828", 0.55), 3)


def _counter(c: Canvas) -> None:
    colour = "#8d6e63"
    edge = _shade(colour, 0.5)
    side = c.beginPath()
    side.moveTo(6, 58)
    side.lineTo(6, 42)
    side.curveTo(6, 6, 94, 6, 94, 42)
    side.lineTo(94, 58)
    side.close()
    _paint(c, side, _shade(colour, 0.75), edge, 5)
    _ellipse(c, 50, 58, 44, 24, colour, edge, 5)
    _ellipse(c, 50, 58, 28, 14, None, _shade(colour, 1.35), 4)


def _revolution(c: Canvas) -> None:
    red = "#d32f2f"
    _rect(c, 16, 6, 24, 94, "#5d4037", radius=3)                    # pole
    _circle(c, 20, 94, 5, "#5d4037")
    flag = c.beginPath()
    flag.moveTo(24, 90)
    flag.curveTo(44, 100, 62, 78, 92, 88)
    flag.lineTo(92, 48)
    flag.curveTo(62, 38, 44, 60, 24, 50)
    flag.close()
    _paint(c, flag, red, _shade(red, 0.55), 4)


def _resistance_card(c: Canvas) -> None:
    blue = "#1565c0"
    def shield(inset: float) -> PDFPathObject:
        path = c.beginPath()
        path.moveTo(50, 94 - inset)
        path.curveTo(62, 88 - inset, 76, 86 - inset, 88 - inset, 86 - inset)
        path.curveTo(88 - inset, 50, 80 - inset * 0.5, 22 + inset * 0.3, 50, 6 + inset)
        path.curveTo(20 + inset * 0.5, 22 + inset * 0.3, 12 + inset, 50, 12 + inset,
                     86 - inset)
        path.curveTo(24, 86 - inset, 38, 88 - inset, 50, 94 - inset)
        path.close()
        return path

    _paint(c, shield(0), blue, _shade(blue, 0.5), 5)
    _paint(c, shield(11), None, WHITE, 4)
    _polyline(c, [(50, 76), (50, 24)], WHITE, 6)


def _motivation(c: Canvas) -> None:
    colour = "#f57c00"
    for i in range(7):                                              # rays
        angle = math.radians(i * 30)
        ca, sa = math.cos(angle), math.sin(angle)
        _polyline(c, [(50 + 32 * ca, 28 + 32 * sa), (50 + 44 * ca, 28 + 44 * sa)], colour, 7)
    sun = c.beginPath()
    sun.moveTo(24, 28)
    sun.arcTo(24, 2, 76, 54, 180, -180)
    sun.close()
    _paint(c, sun, colour)
    _rect(c, 6, 18, 94, 26, _shade(colour, 0.6), radius=4)          # horizon
    _polyline(c, [(22, 10), (78, 10)], _shade(colour, 0.6), 5)


def _die(c: Canvas) -> None:
    _rect(c, 8, 8, 92, 92, WHITE, INK, 6, radius=14)
    for px, py in ((29, 71), (71, 71), (50, 50), (29, 29), (71, 29)):
        _circle(c, px, py, 8.5, INK)


def _victory(c: Canvas) -> None:
    gold, edge = "#f9a825", "#8d5b00"
    for sign in (-1, 1):                                            # handles
        handle = c.beginPath()
        handle.moveTo(50 + sign * 24, 82)
        handle.curveTo(50 + sign * 44, 82, 50 + sign * 44, 58, 50 + sign * 14, 54)
        _paint(c, handle, None, edge, 11)
        _paint(c, handle, None, gold, 5)
    cup = c.beginPath()
    cup.moveTo(24, 90)
    cup.lineTo(76, 90)
    cup.curveTo(76, 62, 66, 46, 50, 46)
    cup.curveTo(34, 46, 24, 62, 24, 90)
    cup.close()
    _paint(c, cup, gold, edge, 5)
    _rect(c, 45, 26, 55, 47, gold, edge, 4)                         # stem
    _rect(c, 28, 8, 72, 18, gold, edge, 5, radius=3)                # base
    _rect(c, 36, 18, 64, 27, gold, edge, 5, radius=2)
    _polygon(c, _star_points(50, 70, 11, 4.5), WHITE)


# ---------------------------------------------------------------- registry


_PAINTERS: dict[str, tuple[Painter, str]] = {
    # AZADI resources and tokens
    "funds": (_funds, FUNDS),
    "clout": (_clout, CLOUT),
    "media": (_media, MEDIA),
    "trust": (_trust, TRUST),
    "legacy": (_legacy, LEGACY),
    "infamy": (_infamy, INFAMY),
    "any": (_any, ANY_GREY),
    "voter": (_voter, "#455a64"),
    "imperial": (_imperial, WHITE),
    "majority": (_majority, "#2e7d32"),
    "volatile": (_volatile, "#f28c28"),
    "zone": (_zone, "#c8a165"),
    "capitalist": (_capitalist, CAPITALIST),
    "showstopper": (_showstopper, SHOWSTOPPER),
    "idealist": (_idealist, IDEALIST),
    "supremo": (_supremo, SUPREMO),
    "crown": (_crown, "#f2c230"),
    "order": (_order, "#b3261e"),
    "resistance": (_resistance, "#8b1e3f"),
    "tyranny": (_tyranny, "#37474f"),
    "monument": (_monument, "#cdb48c"),
    "maidaan": (_maidaan, "#6f8f2f"),
    # SAN
    "corruption": (_corruption, CORRUPTION),
    "propaganda": (_propaganda, PROPAGANDA),
    "hacking": (_hacking, HACKING),
    "virus": (_virus, VIRUS),
    "revenue": (_revenue, FUNDS),
    "cost": (_cost, "#d84315"),
    "crossing": (_crossing, "#3949ab"),
    "single_use": (_single_use, "#c62828"),
    "multiplier": (_multiplier, "#e64a19"),
    "copy_played": (_copy_played, "#1e88e5"),
    "copy_river": (_copy_river, "#0288d1"),
    "destroy": (_destroy, FLAME),
    "draw": (_draw, "#2e7d32"),
    "play_all_types": (_play_all_types, PROPAGANDA),
    "play_from_discard": (_play_from_discard, "#6a1b9a"),
    "corrupt_from_hand": (_corrupt_from_hand, CORRUPTION),
    "hand_bonus": (_hand_bonus, "#2e7d32"),
    "moon": (_moon, "#7986cb"),
    "star": (_star, "#ffc107"),
    # Spring
    "force": (_force, "#c62828"),
    "counter": (_counter, "#8d6e63"),
    "revolution": (_revolution, "#d32f2f"),
    "resistance_card": (_resistance_card, "#1565c0"),
    "motivation": (_motivation, "#f57c00"),
    "die": (_die, INK),
    "victory": (_victory, "#f9a825"),
}

ICON_NAMES: frozenset[str] = frozenset(_PAINTERS)


def draw_icon(canvas: Canvas, name: str, x: float, y: float, size: float) -> None:
    """Draw icon `name` with its lower-left corner at (x, y) (PDF points), fitting a size x size square."""  # noqa: E501
    painter, _ = _PAINTERS[name]  # KeyError for an unknown name, before touching the canvas
    canvas.saveState()
    try:
        canvas.translate(x, y)
        canvas.scale(size / UNITS, size / UNITS)
        painter(canvas)
    finally:
        canvas.restoreState()


def icon_colour(name: str) -> str:
    """The icon's main colour as ``#rrggbb``, for legends and swatches."""
    return _PAINTERS[name][1]
