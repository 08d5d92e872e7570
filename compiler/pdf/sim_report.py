"""Simulation reports as HTML (inline SVG charts, one self-contained file) and PDF
(reportlab charts): win rate by seat, how games end, game length, the most and
least used cards, and the charts the game's plug-in adds (its simulation spec's
``charts``: for AZADI the azadi rate by difficulty, Tyranny choices completed,
Resistance cards used, Orders overturned and Maidaan powers bought)."""

from __future__ import annotations

import html
import io
from typing import Any

from reportlab.graphics.charts.barcharts import HorizontalBarChart
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

from compiler.typeset import fonts
from rules_engine.core.plugin import SimulationSpec

BAR = "#7a2e1f"


def charts(report: dict[str, Any]) -> list[tuple[str, list[tuple[str, float]]]]:
    """The report's charts: (title, [(label, value)])."""
    seats = report.get("seat_names") or [f"seat {i + 1}" for i in
                                         range(len(report["win_rate_by_seat"]))]
    out = [("Win rate by seat", list(zip(seats, report["win_rate_by_seat"], strict=True))),
           ("How games end", sorted(report["ends"].items(), key=lambda kv: -kv[1]))]
    used = {k.split(":", 1)[1]: v for k, v in report["counters"].items()
            if k.startswith(("bought:", "overthrown:"))}
    if used:
        top = sorted(used.items(), key=lambda kv: (-kv[1], kv[0]))
        out.append(("Most used", top[:10]))
        out.append(("Least used", list(reversed(top[-10:]))))
    spec = _simulation(report)
    if spec is not None and spec.charts is not None:
        out += spec.charts(report)
    return out


def _simulation(report: dict[str, Any]) -> SimulationSpec | None:
    """The simulation spec of the game the report is of (``report["game"]``)."""
    from rules_engine.games import plugin

    found = plugin(str(report.get("game", "")))
    return found.simulation if found is not None else None


def _figures(report: dict[str, Any]) -> list[tuple[str, Any]]:
    """The report's single figures (what the charts show is left to them)."""
    spec = _simulation(report)
    charted = {"counters", "ends", *(spec.charted if spec is not None else ())}
    return [(k, v) for k, v in report.items() if k not in charted]


def _svg(values: list[tuple[str, float]]) -> str:
    width, row = 560, 22
    top = max((v for _, v in values), default=1) or 1
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
             f'height="{row * len(values) + 6}" role="img">']
    for i, (label, value) in enumerate(values):
        y = i * row + 3
        length = 300 * value / top
        parts.append(f'<text x="0" y="{y + 15}" font-size="12">{html.escape(str(label))}'
                     f'</text><rect x="230" y="{y + 3}" width="{length:.1f}" height="15" '
                     f'fill="{BAR}"/><text x="{236 + length:.1f}" y="{y + 15}" '
                     f'font-size="12">{value:g}</text>')
    parts.append("</svg>")
    return "".join(parts)


def to_html(report: dict[str, Any], title: str) -> bytes:
    rows = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>"
                   for k, v in _figures(report))
    sections = "".join(f"<h2>{html.escape(name)}</h2>{_svg(values)}"
                       for name, values in charts(report))
    page = (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
            f"{html.escape(title)}</title><style>body{{font-family:sans-serif;max-width:50em;"
            f"margin:2em auto}} th{{text-align:left;padding-right:1em}}</style></head><body>"
            f"<h1>{html.escape(title)}</h1><table>{rows}</table>{sections}</body></html>")
    return page.encode("utf-8")


def _chart(values: list[tuple[str, float]]) -> Drawing:
    height = 18 * len(values) + 30
    drawing = Drawing(170 * mm, height)
    chart = HorizontalBarChart()
    chart.x, chart.y = 60 * mm, 15
    chart.width, chart.height = 95 * mm, height - 25
    chart.data = [[float(v) for _, v in reversed(values)]]
    chart.categoryAxis.categoryNames = [str(label)[:34] for label, _ in reversed(values)]
    chart.categoryAxis.labels.fontName = fonts.pdf_name("sans")
    chart.categoryAxis.labels.fontSize = 7
    chart.valueAxis.labels.fontName = fonts.pdf_name("sans")
    chart.valueAxis.labels.fontSize = 7
    chart.valueAxis.valueMin = 0
    chart.bars[0].fillColor = colors.HexColor(BAR)
    drawing.add(chart)
    return drawing


def to_pdf(report: dict[str, Any], title: str) -> bytes:
    fonts.register()
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=A4, title=title, author="samizdat",
                            invariant=1)
    head = ParagraphStyle("h", fontName=fonts.pdf_name("serif-bold"), fontSize=16, leading=20)
    body = ParagraphStyle("b", fontName=fonts.pdf_name("sans"), fontSize=9, leading=12)
    story: list[Any] = [Paragraph(html.escape(title), head), Spacer(1, 6)]
    for key, value in _figures(report):
        story.append(Paragraph(f"<b>{html.escape(key)}</b>: {html.escape(str(value))}", body))
    for name, values in charts(report):
        story += [Spacer(1, 8), Paragraph(f"<b>{html.escape(name)}</b>", body), _chart(values)]
    doc.build(story)
    return buffer.getvalue()
