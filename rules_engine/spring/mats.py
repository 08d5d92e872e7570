"""Spring's mat cells: the rows of cells (tracks, slots, areas, spaces) its mat layouts
place by name (``source: board``), computed from the content and parameters. The
plug-in names :data:`SOURCES`; positions live in the layouts, this is only content."""

from __future__ import annotations

from typing import Any

from rules_engine.core.printed import Cell, MatSource, Wording


def spring_board(model: Any, wording: Wording) -> list[Cell]:
    colours = {c.id: c.colour for c in model.countries}
    names = {c.id: c.name for c in model.countries}
    where = {c.id: c.location for c in model.countries}
    return [Cell(str(s.number), names.get(s.country or "", "Revolution"),
                 colours.get(s.country or "", "#f2e6c9"),
                 "revolution" if s.kind == "revolution" else None, s.kind == "revolution",
                 where.get(s.country or ""))
            for s in model.spaces]


def vt_track(model: Any, wording: Wording) -> list[Cell]:
    return [Cell(str(n), "", "#fbf4e4" if n % 5 else "#f0dcb4", "victory" if n % 10 == 0
                 and n else None) for n in range(0, 61)]


def spring_counters(model: Any, wording: Wording) -> list[Cell]:
    colours = ["#c0392b", "#2e86c1", "#27ae60", "#f1c40f", "#8e44ad", "#e67e22"]
    supply = int(model.parameters.to_dict().get("counters_per_player", 11))   # printed (R74)
    cells = []
    for player, colour in enumerate(colours, start=1):
        cells.append(Cell(f"P{player}", "pawn", colour, "revolution", True))
        cells += [Cell("", "", colour, "counter") for _ in range(supply)]
    return cells


SOURCES: dict[str, MatSource] = {"board": spring_board, "vt_track": vt_track,
                                 "counters": spring_counters}
"""The mat sources Spring's mats name."""
