"""The data behind mats and boards: rows of cells (tracks, slots, areas, spaces)
computed from a game's content and parameters, which mat layouts place by name
(``source: azadi_track``). Positions live in the layouts; this is only content."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from compiler.effect_text import render_effects
from compiler.tables import IDEOLOGUE_NAMES
from rules_engine.core.diagnostics import Location


@dataclass(frozen=True)
class Cell:
    """One printed cell: a label, a smaller line, a fill colour, an icon, a highlight."""

    label: str
    sub: str = ""
    fill: str | None = None
    icon: str | None = None
    mark: bool = False
    # the content its text comes from, for diagnostics (None: the game's own rules)
    where: Location | None = field(default=None, compare=False, repr=False)


Source = Callable[[Any], list[Cell]]
IDEOLOGUES = ("capitalist", "showstopper", "idealist", "supremo")
RESOURCE_ICON = {"capitalist": "funds", "showstopper": "media", "idealist": "trust",
                 "supremo": "clout"}


def _params(model: Any) -> dict[str, Any]:
    found: dict[str, Any] = model.parameters.to_dict()
    return found


def azadi_track(model: Any) -> list[Cell]:
    rows = model.setup_table
    top = max(max(r.azadi_points.to_dict().values()) for r in rows)
    cells = []
    for n in range(top + 1):
        notes = [f"start {r.players}p" for r in rows if r.players == n]
        for r in rows:
            for level, points in sorted(r.azadi_points.to_dict().items()):
                if points == n:
                    notes.append(f"{r.players}p {level}")
        cells.append(Cell(str(n), ", ".join(notes), "#f6efe0" if notes else None,
                          "victory" if any("hard" in x for x in notes) else None, bool(notes)))
    return cells


def voter_slots(model: Any) -> list[Cell]:
    return [Cell("Voter deck", "face down", "#dfe6ee", "voter")] + [
        Cell(f"Open card {n}", "face up", None, "voter") for n in (1, 2, 3)]


def monument_tracker(model: Any) -> list[Cell]:
    costs = _params(model).get("monument_tracker_costs", [])
    return [Cell(f"{n}", f"{c} :legacy:", "#efe6f5", None) for n, c in enumerate(costs, 1)]


def maidaan(model: Any) -> list[Cell]:
    return [Cell(f"{p.title} — {p.cost} :infamy:", p.text or render_effects("azadi", p.effects),
                 "#f3ece0", "maidaan") for p in sorted(model.maidaan_powers,
                                                       key=lambda p: (p.cost, p.title))]


def attack_columns(model: Any) -> list[Cell]:
    cells = []
    for level in (1, 2, 3):
        for ideologue in IDEOLOGUES:
            card = next((a for a in model.attack_cards
                         if a.ideologue == ideologue and a.level == level), None)
            cells.append(Cell(f"{IDEOLOGUE_NAMES[ideologue]} {level}",
                              card.title if card else "", "#ece4ef", ideologue))
    return cells


def crown_track(model: Any) -> list[Cell]:
    return [Cell(IDEOLOGUE_NAMES[i], "the Crown moves one column a turn", None, "crown")
            for i in IDEOLOGUES]


def ideologue_levels(model: Any) -> list[Cell]:
    cells = []
    for ideologue in model.ideologues:
        powers = {p.level: p for p in ideologue.powers}
        for level in range(1, 7):
            power = powers.get(level)
            sub = power.title if power else ("Attack cards hit you" if level == 2 else "")
            cells.append(Cell(f"{ideologue.name} {level}", sub,
                              "#f6efe0" if power or level == 2 else None,
                              ideologue.id if level == 1 else None, power is not None))
    return cells


def power_texts(model: Any) -> list[Cell]:
    cells = []
    for ideologue in model.ideologues:
        for power in sorted(ideologue.powers, key=lambda p: p.level):
            cells.append(Cell(f"{ideologue.name}, level {power.level}: {power.title}",
                              power.text or render_effects("azadi", power.effects), None,
                              ideologue.id))
    return cells


def resources(model: Any) -> list[Cell]:
    cap = _params(model).get("resource_cap", 12)
    cells = [Cell(f":{RESOURCE_ICON[i]}: {RESOURCE_ICON[i].title()}", "", None,
                  RESOURCE_ICON[i]) for i in IDEOLOGUES]
    return cells + [Cell(f"Cap {cap}", "Legacy and Infamy count too", "#f6e3e0", None)]


def zone_areas(areas: int) -> Source:
    def make(model: Any) -> list[Cell]:
        zone = next(z for z in model.zones if z.areas == areas)
        return [Cell(str(n), "volatile" if n > areas - zone.volatile else "",
                     "#f4c7b8" if n > areas - zone.volatile else "#ffffff",
                     "volatile" if n > areas - zone.volatile else None,
                     n > areas - zone.volatile) for n in range(1, areas + 1)]
    return make


def zone_info(areas: int) -> Source:
    def make(model: Any) -> list[Cell]:
        zone = next(z for z in model.zones if z.areas == areas)
        kind = "Capital" if zone.capital else "Zone"
        return [Cell(f"{kind} {zone.majority}/{zone.areas}",
                     f"Majority {zone.majority} of {zone.areas} areas; {zone.volatile} volatile",
                     None, "zone"), Cell("Imperial Order or Resistance card", "", "#efe9dc",
                                         "order")]
    return make


def propaganda_stages(model: Any) -> list[Cell]:
    return [Cell(f"Stage {s.stage}", "Hand Bonus" if s.hand_bonus else
                 ("start" if s.stage == 1 else ("finish" if s.stage == len(
                     model.propaganda_track) else "")),
                 "#3a2140" if s.hand_bonus else "#1d2a3d",
                 "hand_bonus" if s.hand_bonus else "propaganda", s.hand_bonus)
            for s in model.propaganda_track]


def corruption_spaces(model: Any) -> list[Cell]:
    spaces = int(_params(model).get("corruption_spaces", 6))
    per = int(_params(model).get("cards_per_corruption_space", 2))
    return [Cell(f"Space {n}", f"{per} cards; changes crossing {n}", "#1b2a1f", "corruption")
            for n in range(1, spaces + 1)]


def virus_track(model: Any) -> list[Cell]:
    moon = [Cell(f"Moon Virus {n}", "", "#10151f", "moon") for n in range(5, 0, -1)]
    star = [Cell(f"Star Virus {n}", "", "#10151f", "star") for n in range(1, 6)]
    return list(reversed(moon)) + [Cell("Central Port", "", "#24304a", "virus", True)] + star


def san_tokens(model: Any) -> list[Cell]:
    return [Cell("Moon Banner", "", "#2e3a5c", "moon"), Cell("Star Banner", "", "#5c2e3a",
                                                              "star"),
            Cell("Virus marker", "", "#0f1a0f", "virus")] + [
        Cell(f"{corp} Hand Bonus", "", "#3a2140", "hand_bonus")
        for corp in ("Moon", "Moon", "Star", "Star")]


def spring_board(model: Any) -> list[Cell]:
    colours = {c.id: c.colour for c in model.countries}
    names = {c.id: c.name for c in model.countries}
    where = {c.id: c.location for c in model.countries}
    return [Cell(str(s.number), names.get(s.country or "", "Revolution"),
                 colours.get(s.country or "", "#f2e6c9"),
                 "revolution" if s.kind == "revolution" else None, s.kind == "revolution",
                 where.get(s.country or ""))
            for s in model.spaces]


def vt_track(model: Any) -> list[Cell]:
    return [Cell(str(n), "", "#fbf4e4" if n % 5 else "#f0dcb4", "victory" if n % 10 == 0
                 and n else None) for n in range(0, 61)]


def spring_counters(model: Any) -> list[Cell]:
    colours = ["#c0392b", "#2e86c1", "#27ae60", "#f1c40f", "#8e44ad", "#e67e22"]
    cells = []
    for player, colour in enumerate(colours, start=1):
        cells.append(Cell(f"P{player}", "pawn", colour, "revolution", True))
        cells += [Cell("", "", colour, "counter") for _ in range(11)]
    return cells


AZADI: dict[str, Source] = {
    "azadi_track": azadi_track, "voter_slots": voter_slots,
    "monument_tracker": monument_tracker, "maidaan": maidaan,
    "attack_columns": attack_columns, "crown_track": crown_track,
    "ideologue_levels": ideologue_levels, "power_texts": power_texts,
    "resources": resources,
    **{f"zone_areas_{n}": zone_areas(n) for n in (13, 15, 17, 21)},
    **{f"zone_info_{n}": zone_info(n) for n in (13, 15, 17, 21)}}
SAN: dict[str, Source] = {"propaganda_stages": propaganda_stages,
                          "corruption_spaces": corruption_spaces,
                          "virus_track": virus_track, "tokens": san_tokens}
SPRING: dict[str, Source] = {"board": spring_board, "vt_track": vt_track,
                             "counters": spring_counters}
"""Each shipped game's mat sources, as its plug-in names them (``mat_cells``)."""


def sources_of(game: str) -> dict[str, Source]:
    """The mat sources of ``game``: the mapping its plug-in names ({} for none)."""
    from rules_engine.core.plugin import named
    from rules_engine.games import plugin

    found = plugin(game)
    if found is None or not found.mat_cells:
        return {}
    table: Mapping[str, Source] = named(found.mat_cells)
    return dict(table)
