"""The duplex calibration sheet (``samizdat calibrate``): two pages printed
double-sided, long-edge flip, whose scales give the ``--back-offset`` that puts a
printer's backs exactly behind their fronts.

The front carries crossing lines at a few places; the back, at the same places as
seen through the paper, a scale along each line: ticks every 0.5 mm from -6 to +6,
labelled with the offset they stand for. Held against the light, the front's line
falls on one tick of each scale — that tick's number is the offset to give (the
sign is :func:`compiler.pdf.imposition.back_slot`'s: x to the right and y up as seen
on the backs page). A tick labelled ``v`` lies ``v`` mm from where the line would
show with no drift: a printer that moves the backs by ``d`` brings the line onto the
tick ``-d``, and ``--back-offset -d`` moves them back.
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from compiler.pdf import forms, imposition
from compiler.pdf.render_card import MM
from compiler.typeset import fonts

STEP_MM = 0.5            # the scales' resolution
REACH_MM = 6.0           # how far either way they read
INSET_MM = 40.0          # the targets' distance from the paper's edges
INK = "#000000"


def ticks() -> list[float]:
    """The offsets the scales can read, -REACH_MM to +REACH_MM by STEP_MM."""
    count = round(REACH_MM / STEP_MM)
    return [index * STEP_MM for index in range(-count, count + 1)]


def targets(paper: str) -> list[tuple[float, float]]:
    """Where the front's crossing lines cross (mm, from the page's bottom left): the
    centre and near each corner, where a printer's skew shows most."""
    width, height = imposition.PAPERS[paper]
    return [(width / 2, height / 2), (INSET_MM, INSET_MM),
            (width - INSET_MM, INSET_MM), (INSET_MM, height - INSET_MM),
            (width - INSET_MM, height - INSET_MM)]


def back_tick_x(paper: str, target: tuple[float, float], value: float) -> float:
    """Where on the backs page the x scale's tick ``value`` lies (mm): behind the
    front's vertical line (mirrored by the long-edge flip) shifted by ``value``."""
    width, _ = imposition.PAPERS[paper]
    return width - target[0] + value


def back_tick_y(target: tuple[float, float], value: float) -> float:
    """Where on the backs page the y scale's tick ``value`` lies (mm)."""
    return target[1] + value


def sheet(paper: str) -> bytes:
    """The two-page calibration PDF for ``paper``."""
    from compiler.pdf.sheets import _canvas

    width, height = imposition.PAPERS[paper]
    buffer = io.BytesIO()
    canvas = _canvas(buffer, width, height, f"samizdat duplex calibration ({paper})")
    for target in targets(paper):
        _cross(canvas, target)
    _words(canvas, width, height, FRONT_WORDS)
    canvas.showPage()
    for target in targets(paper):
        _scales(canvas, paper, target)
    _words(canvas, width, height, BACK_WORDS)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


FRONT_WORDS = (
    "samizdat duplex calibration - front. Print both pages double-sided at 100 % (actual "
    "size, never fit to page), flipping on the long edge, on the paper and printer you "
    "print cards with.",
    "Hold the sheet against a window or a lamp, this side facing you. Each cross shows "
    "through onto the scales printed on the back: read the tick its vertical line falls "
    "on (the X scale) and the tick its horizontal line falls on (the Y scale).",
    "Then build with --back-offset X,Y, or save it in samizdat.toml. If the five crosses "
    "read differently, the printer skews the paper: use the centre's numbers.",
)
BACK_WORDS = (
    "samizdat duplex calibration - back. Scales in mm, 0.5 mm a tick; the numbers are "
    "the --back-offset values, as read through the paper from the front.",
)


SCALE_AWAY_MM = 10.0     # each scale lies this far along its line from the crossing
ARM_MM = 18.0            # the crosses' half-length: reaching over both scales


def _cross(canvas: Canvas, target: tuple[float, float]) -> None:
    x, y = target[0] * MM, target[1] * MM
    arm = ARM_MM * MM
    canvas.setStrokeColor(forms.colour(INK))
    canvas.setLineWidth(0.3)
    canvas.line(x - arm, y, x + arm, y)
    canvas.line(x, y - arm, x, y + arm)


def _scales(canvas: Canvas, paper: str, target: tuple[float, float]) -> None:
    """The X scale (a row of ticks the front's vertical line crosses, above the
    crossing) and the Y scale (a column the horizontal line crosses, to one side)."""
    canvas.setStrokeColor(forms.colour(INK))
    canvas.setFillColor(forms.colour(INK))
    canvas.setLineWidth(0.2)
    canvas.setFont(fonts.pdf_name("sans"), 5)
    width, _ = imposition.PAPERS[paper]
    row = (target[1] + SCALE_AWAY_MM) * MM
    column = (width - target[0] - SCALE_AWAY_MM) * MM
    for value in ticks():
        whole = abs(value - round(value)) < 1e-9
        labelled = whole and round(value) % 2 == 0
        length = (2.2 if labelled else 1.6 if whole else 1.0) * MM
        x = back_tick_x(paper, target, value) * MM
        canvas.line(x, row - length, x, row + length)
        y = back_tick_y(target, value) * MM
        canvas.line(column - length, y, column + length, y)
        if labelled:
            label = f"{value:+g}" if value else "0"
            canvas.drawCentredString(x, row + length + 0.8 * MM, label)
            canvas.drawRightString(column - length - 0.8 * MM, y - 0.6 * MM, label)
    canvas.drawString(back_tick_x(paper, target, REACH_MM) * MM + 2 * MM, row - 0.6 * MM, "X")
    canvas.drawCentredString(column, back_tick_y(target, REACH_MM) * MM + 3 * MM, "Y")


def _words(canvas: Canvas, width: float, height: float, paragraphs: tuple[str, ...]) -> None:
    from reportlab.lib.utils import simpleSplit

    font = fonts.pdf_name("sans")
    canvas.setFillColor(forms.colour(INK))
    canvas.setFont(font, 8)
    y = (height / 2 + 45) * MM       # between the centre target and the top ones
    for paragraph in paragraphs:
        for line in simpleSplit(paragraph, font, 8, (width - 30) * MM):
            canvas.drawString(15 * MM, y, line)
            y -= 10.5
        y -= 4
