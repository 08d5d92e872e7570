"""The table of ``samizdat sweep`` as one self-contained HTML page (no external
resources): charts of the headline figures by cell with their 95 % intervals as
error bars (inline SVG), then a table per family of figures (seat advantage, game
length, and each family of the game's tracked figures, such as each card's use),
one row per figure and one column per cell. Every text that comes from content or
from the command line (card titles, campaign ids) is escaped."""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from typing import Any

from compiler.pdf.sim_report import BAR
from compiler.pipeline.sweep_table import figure_name, interval_text, settings_label
from compiler.stats.measures import DRAWS, FIRST_PLAYER, LENGTH

SEATS = "Seat advantage"
LABELS, PLOT, VALUES, ROW = 250, 300, 200, 22   # widths in px; ROW a row's height
CHAR = 7                                        # about a 12 px character's width
SEAT_ORDER = ("win rate", "draw rate", "first player win rate")

Picker = Callable[[list[dict[str, Any]]], dict[str, Any] | None]


def to_html(table: dict[str, Any]) -> bytes:
    """The page of a sweep's table (:func:`compiler.pipeline.sweep_table.document`)."""
    title = f"samizdat sweep {table['game']}: {len(table['cells'])} cells, " \
            f"{table['games_per_round']} games a round from seed {table['seed']}"
    parts = [f"<h1>{_e(title)}</h1>", _summary(table)]
    for name, pick in _charts(table):
        parts.append(f"<h2>{_e(name)}</h2>{_svg(table['cells'], pick)}")
    for family, ids in _families(table):
        parts.append(f"<h2>{_e(family)}</h2>{_family_table(table, family, ids)}")
    page = ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
            f"{_e(title)}</title><style>body{{font-family:sans-serif;margin:2em}}"
            "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;"
            "padding:2px 6px;text-align:left;vertical-align:top}.partial{color:#a00}"
            f"</style></head><body>{''.join(parts)}</body></html>")
    return page.encode("utf-8")


def _e(text: Any) -> str:
    return html.escape(str(text))


def _summary(table: dict[str, Any]) -> str:
    """What was varied, the bots, the rounds' rule and whether the sweep is whole."""
    varied = "; ".join(f"{axis['name']}: {', '.join(map(str, axis['values']))}"
                       for axis in table["vary"]) or "nothing"
    bots = "" if any(axis["name"] == "bots" for axis in table["vary"]) else \
        f"Bots: {', '.join(table['bots'])}; "
    lines = [f"Varied: {varied}.", f"{bots}{table['games']} games played in all."]
    if table["until_ci"] is not None:
        lines.append(f"Rounds until every rate's 95 % interval is within "
                     f"±{table['until_ci']} (game length: within ±{table['until_ci']} "
                     f"times the mean), at most {table['max_games']} games a cell.")
    out = "".join(f"<p>{_e(line)}</p>" for line in lines)
    if table["partial"]:
        out += (f"<p class=\"partial\">Partial ({_e(table['stopped_by'])}): the figures "
                "cover the games finished; cells marked not played have none.</p>")
    return out


def _charts(table: dict[str, Any]) -> list[tuple[str, Picker]]:
    """The headline figure (the game's first game-wide tracked figure, else the first
    seat's win rate), the game length and the first player's win rate."""
    standard = {LENGTH, DRAWS, FIRST_PLAYER}
    headline: tuple[str, Picker] = ("Win rate of the first seat", lambda found: next(
        (e for e in found if e["metric"] == "win rate"), None))
    for cell in table["cells"]:
        own = next((e for e in cell["estimates"] if not e["item"] and e["id"] not in
                    standard and e["metric"] not in ("win rate", "draw rate")), None)
        if own is not None:
            headline = (own["metric"].capitalize(), _by_id(own["id"]))
            break
    return [headline, ("Game length (turns)", _by_id(LENGTH)),
            ("First player win rate (decided games)", _by_id(FIRST_PLAYER))]


def _by_id(id_: str) -> Picker:
    return lambda found: next((e for e in found if e["id"] == id_), None)


def _svg(cells: list[dict[str, Any]], pick: Picker) -> str:
    """One row per cell: the value as a dot, its interval as a bar with end caps."""
    rows = [(settings_label(c["settings"]), pick(c["estimates"])) for c in cells]
    top = 1.0
    for _, found in rows:
        if found is not None and found["kind"] == "mean":
            top = max(top, found["high"] if found["high"] is not None else found["value"])
    if any(f is not None and f["kind"] == "mean" for _, f in rows):
        top = _round_up(top)
    height = ROW * len(rows) + 24
    labels = max([LABELS] + [CHAR * len(name) + 10 for name, _ in rows])
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{labels + PLOT + VALUES}" '
             f'height="{height}" '
             f'role="img" font-size="12">']

    def x(value: float) -> float:
        return labels + PLOT * max(0.0, min(value, top)) / top

    for i, (name, found) in enumerate(rows):
        y = i * ROW + 14
        parts.append(f'<text x="0" y="{y + 4}">{_e(name)}</text>')
        if found is None:
            parts.append(f'<text x="{labels}" y="{y + 4}">not played</text>')
            continue
        if found["n"] == 0:         # nothing to count (no decided game)
            parts.append(f'<text x="{labels}" y="{y + 4}">{_e(interval_text(found))}</text>')
            continue
        if found["low"] is not None:
            low, high = x(found["low"]), x(found["high"])
            parts.append(f'<line x1="{low:.1f}" y1="{y}" x2="{high:.1f}" y2="{y}" '
                         f'stroke="{BAR}" stroke-width="2"/>')
            for end in (low, high):
                parts.append(f'<line x1="{end:.1f}" y1="{y - 5}" x2="{end:.1f}" '
                             f'y2="{y + 5}" stroke="{BAR}" stroke-width="2"/>')
        parts.append(f'<circle cx="{x(found["value"]):.1f}" cy="{y}" r="4" fill="{BAR}"/>'
                     f'<text x="{labels + PLOT + 10}" y="{y + 4}">'
                     f'{_e(interval_text(found))}</text>')
    axis_y = ROW * len(rows) + 8
    parts.append(f'<line x1="{labels}" y1="{axis_y}" x2="{labels + PLOT}" y2="{axis_y}" '
                 'stroke="#888"/>')
    for tick in (0.0, top / 2, top):
        parts.append(f'<text x="{x(tick) - 8:.1f}" y="{axis_y + 14}" font-size="10">'
                     f'{tick:.3g}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _round_up(value: float) -> float:
    """The least of 1, 2 or 5 times a power of ten at or above ``value`` (an axis'
    end)."""
    power = 10.0 ** math.floor(math.log10(value))
    return next(power * step for step in (1, 2, 5, 10) if power * step >= value)


def _families(table: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """Each family's figure ids, in the order the cells first give them: the seats'
    win rates, draws and the first player together, then one family per metric."""
    families: dict[str, list[str]] = {}
    for cell in table["cells"]:
        for estimate in cell["estimates"]:
            family = SEATS if estimate["metric"] in SEAT_ORDER \
                else estimate["metric"].capitalize()
            ids = families.setdefault(family, [])
            if estimate["id"] not in ids:
                ids.append(estimate["id"])
    if SEATS in families:       # every seat's win rate first, however many seats a cell has
        metrics = {e["id"]: e["metric"] for c in table["cells"] for e in c["estimates"]}
        families[SEATS].sort(key=lambda id_: SEAT_ORDER.index(metrics[id_]))
    return list(families.items())


def _family_table(table: dict[str, Any], family: str, ids: list[str]) -> str:
    """One row per figure, one column per cell: the value and its interval."""
    cells = table["cells"]
    head = "".join(f"<th>{_e(settings_label(c['settings']))}<br>{c['games']} games"
                   f"{' (' + _e(c['status']) + ')' if c['status'] != 'played' else ''}</th>"
                   for c in cells)
    rows = []
    for id_ in ids:
        found = [next((e for e in c["estimates"] if e["id"] == id_), None) for c in cells]
        first = next(e for e in found if e is not None)
        name = first["item"] if first["item"] and family != SEATS else figure_name(first)
        rows.append(f"<tr><th>{_e(name)}</th>" + "".join(
            f"<td>{_e(interval_text(e)) if e is not None else '–'}</td>" for e in found)
            + "</tr>")
    return f"<table><tr><th>figure</th>{head}</tr>{''.join(rows)}</table>"
