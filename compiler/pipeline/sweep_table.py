"""The table of a sweep as data: the JSON document (the one source the CSV, the HTML
page and the text lines are made from, so they agree), its CSV rows and the text
lines of standard output. Nothing in it depends on the clock or on where the content
lies (a card's location is given relative to the content folder), so the same
content and seed give the same bytes."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from compiler.pipeline.command_output import safe
from compiler.pipeline.sweep_grid import label
from compiler.pipeline.sweep_rounds import NOT_PLAYED, Cell, Played
from compiler.stats.measures import Estimate

COLUMNS = ("id", "metric", "item", "kind", "value", "low", "high", "n", "count")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def document(header: dict[str, Any], cells: Sequence[Cell], played: Played,
             content_root: Path) -> dict[str, Any]:
    """The whole table: ``header`` (game, seed, what was varied...), each cell with
    its games and estimates, and whether the sweep was cut short."""
    found = dict(header)
    found["cells"] = [_cell(cell, content_root) for cell in cells]
    found["games"] = played.games
    found["partial"] = bool(played.stopped)
    if played.stopped:
        found["stopped_by"] = played.stopped
    return found


def _cell(cell: Cell, content_root: Path) -> dict[str, Any]:
    return {"settings": dict(cell.settings), "games": cell.games, "rounds": cell.rounds,
            "status": cell.status, "narrow": cell.narrow, "too_wide": list(cell.wide),
            "capped": cell.capped,
            "estimates": [estimate_json(e, content_root) for e in cell.measures.estimates()]
            if cell.games else []}


def estimate_json(estimate: Estimate, content_root: Path) -> dict[str, Any]:
    """:meth:`Estimate.as_json`, the location relative to the content folder (left out
    when it lies elsewhere)."""
    found = estimate.as_json()
    if estimate.location is not None:
        try:
            file = Path(estimate.location.file).resolve().relative_to(content_root.resolve())
        except ValueError:
            del found["location"]
        else:
            where = estimate.location
            found["location"] = file.as_posix() + (f":{where.line}:{where.column}"
                                                   if where.line > 0 else "")
    return found


def to_json(table: dict[str, Any]) -> str:
    return json.dumps(table, indent=2, sort_keys=True)


def vary_names(table: dict[str, Any]) -> list[str]:
    return [axis["name"] for axis in table["vary"]]


def to_csv(table: dict[str, Any]) -> str:
    """One row per cell and estimate: the varied settings, then :data:`COLUMNS`. Text
    that a spreadsheet could read as a formula (a hostile card title) starts with
    ``'``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    names = vary_names(table)
    writer.writerow([*names, *COLUMNS])
    for cell in table["cells"]:
        for estimate in cell["estimates"]:
            row = [cell["settings"][name] for name in names]
            row += [estimate.get(column) for column in COLUMNS]
            writer.writerow([_cell_text(value) for value in row])
    return out.getvalue()


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return "'" + value if value.startswith(FORMULA_STARTS) else value
    return str(value)


def settings_label(settings: dict[str, Any]) -> str:
    return label(tuple(settings.items()))


def text_lines(table: dict[str, Any]) -> list[str]:
    """A compact table per cell: each figure, its value and 95 % interval."""
    width = table.get("until_ci")
    lines = [f"{table['game']} sweep: {len(table['cells'])} cells, "
             f"{table['games_per_round']} games a round from seed {table['seed']}"
             + ("" if "bots" in vary_names(table) else f", bots {','.join(table['bots'])}")
             + (f", until every interval is within +-{width}" if width is not None else "")]
    if table["partial"]:
        lines.append(f"  partial ({table['stopped_by']}): {table['games']} games played")
    for cell in table["cells"]:
        head = f"{settings_label(cell['settings'])}: {cell['games']} games"
        if cell["status"] != "played":
            head += f" ({cell['status']})"
        if cell["narrow"] is not None and cell["status"] != NOT_PLAYED:
            head += ", narrow" if cell["narrow"] else ", not narrow"
        if cell["capped"]:
            head += f" (capped at {table['max_games']}; too wide: " \
                    f"{', '.join(cell['too_wide'])})"
        lines.append(safe(head))
        for estimate in cell["estimates"]:
            lines.append(safe(f"  {_figure(estimate)}"))
    return lines


def figure_name(estimate: dict[str, Any]) -> str:
    return f"{estimate['metric']} {estimate['item']}".strip()


def interval_text(estimate: dict[str, Any]) -> str:
    """``value [low, high]`` (``[unbounded]`` for a mean of fewer than two games; no
    figure when there was nothing to count, such as no decided game)."""
    digits = 3 if estimate["kind"] == "rate" else 2
    if estimate["n"] == 0:
        return "none to count (n = 0)"
    if estimate["low"] is None:
        return f"{estimate['value']:.{digits}f} [unbounded]"
    return (f"{estimate['value']:.{digits}f} [{estimate['low']:.{digits}f}, "
            f"{estimate['high']:.{digits}f}]")


def _figure(estimate: dict[str, Any]) -> str:
    return f"{interval_text(estimate):>24}  {figure_name(estimate)}"
