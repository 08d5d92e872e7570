"""AZADI's mat cells: the rows of cells (tracks, slots, areas, spaces) its mat layouts
place by name (``source: azadi_track``), computed from the content and parameters. The
plug-in names :data:`SOURCES`; positions live in the layouts, this is only content."""

from __future__ import annotations

from typing import Any

from rules_engine.azadi.model import IDEOLOGUES, RESOURCE_OF
from rules_engine.core.printed import Cell, MatSource, Wording


def azadi_track(model: Any, wording: Wording) -> list[Cell]:
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


def voter_slots(model: Any, wording: Wording) -> list[Cell]:
    return [Cell("Voter deck", "face down", "#dfe6ee", "voter")] + [
        Cell(f"Open card {n}", "face up", None, "voter") for n in (1, 2, 3)]


def monument_tracker(model: Any, wording: Wording) -> list[Cell]:
    costs = model.parameters.to_dict().get("monument_tracker_costs", [])
    return [Cell(f"{n}", f"{c} :legacy:", "#efe6f5", None) for n, c in enumerate(costs, 1)]


def maidaan(model: Any, wording: Wording) -> list[Cell]:
    return [Cell(f"{p.title} — {p.cost} :infamy:", p.text or wording.effects(p.effects),
                 "#f3ece0", "maidaan") for p in sorted(model.maidaan_powers,
                                                       key=lambda p: (p.cost, p.title))]


def attack_columns(model: Any, wording: Wording) -> list[Cell]:
    cells = []
    for level in (1, 2, 3):
        for ideologue in IDEOLOGUES:
            card = next((a for a in model.attack_cards
                         if a.ideologue == ideologue and a.level == level), None)
            cells.append(Cell(f"{ideologue.capitalize()} {level}",
                              card.title if card else "", "#ece4ef", ideologue))
    return cells


def crown_track(model: Any, wording: Wording) -> list[Cell]:
    return [Cell(i.capitalize(), "the Crown moves one column a turn", None, "crown")
            for i in IDEOLOGUES]


def ideologue_levels(model: Any, wording: Wording) -> list[Cell]:
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


def power_texts(model: Any, wording: Wording) -> list[Cell]:
    cells = []
    for ideologue in model.ideologues:
        for power in sorted(ideologue.powers, key=lambda p: p.level):
            cells.append(Cell(f"{ideologue.name}, level {power.level}: {power.title}",
                              power.text or wording.effects(power.effects), None,
                              ideologue.id))
    return cells


def resources(model: Any, wording: Wording) -> list[Cell]:
    cap = model.parameters.to_dict().get("resource_cap", 12)
    cells = [Cell(f":{RESOURCE_OF[i]}: {RESOURCE_OF[i].title()}", "", None,
                  RESOURCE_OF[i]) for i in IDEOLOGUES]
    return cells + [Cell(f"Cap {cap}", "Legacy and Infamy count too", "#f6e3e0", None)]


def zone_areas(areas: int) -> MatSource:
    def make(model: Any, wording: Wording) -> list[Cell]:
        zone = next(z for z in model.zones if z.areas == areas)
        return [Cell(str(n), "volatile" if n > areas - zone.volatile else "",
                     "#f4c7b8" if n > areas - zone.volatile else "#ffffff",
                     "volatile" if n > areas - zone.volatile else None,
                     n > areas - zone.volatile) for n in range(1, areas + 1)]
    return make


def zone_info(areas: int) -> MatSource:
    def make(model: Any, wording: Wording) -> list[Cell]:
        zone = next(z for z in model.zones if z.areas == areas)
        kind = "Capital" if zone.capital else "Zone"
        return [Cell(f"{kind} {zone.majority}/{zone.areas}",
                     f"Majority {zone.majority} of {zone.areas} areas; {zone.volatile} volatile",
                     None, "zone"), Cell("Imperial Order or Resistance card", "", "#efe9dc",
                                         "order")]
    return make


# each token the punch sheet prints: its label, fill and icon
TOKEN_FACES = {"legacy": ("Legacy", "#5b3f8c", "legacy"),
               "infamy": ("Infamy", "#3b2a2a", "infamy"),
               "fuse": ("Fuse", "#7a2e1f", "tyranny"),
               "rebel_flag": ("Rebel Flag", "#1f6f43", "resistance"),
               "fort": ("Fort", "#2c2c2c", "zone"),
               "crown": ("Imperial Crown", "#8a6d1a", "crown")}


def tokens(model: Any, wording: Wording) -> list[Cell]:
    """The component list's tokens, as many of each as the box holds (parameter
    ``tokens``): the single markers first, then the Legacy and Infamy tokens."""
    counts = model.parameters.to_dict().get("tokens", {})
    order = sorted(TOKEN_FACES, key=lambda k: (k in ("legacy", "infamy"), list(TOKEN_FACES)
                                               .index(k)))
    cells = []
    for kind in order:
        label, fill, icon = TOKEN_FACES[kind]
        cells += [Cell(label, "", fill, icon) for _ in range(int(counts.get(kind, 0)))]
    return cells


SOURCES: dict[str, MatSource] = {
    "azadi_track": azadi_track, "voter_slots": voter_slots,
    "monument_tracker": monument_tracker, "maidaan": maidaan,
    "attack_columns": attack_columns, "crown_track": crown_track,
    "ideologue_levels": ideologue_levels, "power_texts": power_texts,
    "resources": resources, "tokens": tokens,
    **{f"zone_areas_{n}": zone_areas(n) for n in (13, 15, 17, 21)},
    **{f"zone_info_{n}": zone_info(n) for n in (13, 15, 17, 21)}}
"""The mat sources AZADI's mats name."""
