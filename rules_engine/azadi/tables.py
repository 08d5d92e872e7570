"""AZADI's tables, computed from the content for the rules reference, aids and mats.

Each is ``(caption, header, rows)`` (:data:`rules_engine.core.printed.Table`) with cells
in the project's markup; the rules data names them (``table: setup_table``), and the
plug-in names :data:`TABLES`. Because they are computed from the content, a changed
card or parameter changes the printed table with it.
"""

from __future__ import annotations

from typing import Any

from rules_engine.core.printed import Table, TableFunction, Wording


def _setup(model: Any, params: dict[str, Any], wording: Wording) -> Table:
    rows = [[str(r.players), str(r.ideology_cards), str(r.azadi_points.get("easy")),
             str(r.azadi_points.get("medium")), str(r.azadi_points.get("hard"))]
            for r in model.setup_table]
    return ("Table 1: ideology cards before the Fuse, and azadi points needed",
            ["Players", "Ideology cards", "Easy", "Medium", "Hard"], rows)


def _mandates(model: Any, params: dict[str, Any], wording: Wording) -> Table:
    names = {c.id: c.name for c in model.campaigns}
    rows = [[m.title, names.get(m.campaign or "", "alternate history only"), m.rebel_title]
            for m in sorted(model.mandates, key=lambda m: m.title)]
    return ("Mandates by campaign", ["Mandate", "Campaign", "Rebel side"], rows)


def _maidaan(model: Any, params: dict[str, Any], wording: Wording) -> Table:
    rows = [[p.title, f"{p.cost} :infamy:", p.text or wording.effects(p.effects)]
            for p in sorted(model.maidaan_powers, key=lambda p: (p.cost, p.title))]
    return ("The Maidaan", ["Power", "Cost", "Effect"], rows)


def _tracker(model: Any, params: dict[str, Any], wording: Wording) -> Table:
    costs = params.get("monument_tracker_costs", [])
    rows = [[str(n), f"{c} :legacy:"] for n, c in enumerate(costs, start=1)]
    return ("The Monument Tracker", ["Contribution", "Legacy cost"], rows)


def _attacks(model: Any, params: dict[str, Any], wording: Wording) -> Table:
    rows = [[a.ideologue.capitalize(), str(a.level), a.title,
             a.text or wording.effects(a.effects)]
            for a in sorted(model.attack_cards, key=lambda a: (a.ideologue, a.level))]
    return ("Imperial Attack cards (each hits every player at level 2 of its ideologue)",
            ["Column", "Level", "Card", "Effect"], rows)


def _zones(model: Any, params: dict[str, Any], wording: Wording) -> Table:
    rows = [[("Capital " if z.capital else "") + f"{z.majority}/{z.areas}", str(z.areas),
             str(z.majority), str(z.volatile), str(z.copies)]
            for z in sorted(model.zones, key=lambda z: (z.capital, z.areas))]
    return ("Zones", ["Zone", "Areas", "Majority", "Volatile areas", "Tiles"], rows)


def _powers(model: Any, params: dict[str, Any], wording: Wording) -> Table:
    rows = []
    for ideologue in model.ideologues:
        for power in sorted(ideologue.powers, key=lambda p: p.level):
            rows.append([f":{ideologue.id}: {ideologue.name}", str(power.level), power.title,
                         power.text or wording.effects(power.effects)])
    return ("Ideologue powers", ["Ideologue", "Level", "Power", "Effect"], rows)


TABLES: dict[str, TableFunction] = {
    "setup_table": _setup, "mandates_by_campaign": _mandates,
    "maidaan_costs": _maidaan, "monument_tracker": _tracker,
    "attack_cards": _attacks, "zone_sizes": _zones,
    "ideologue_powers": _powers}
"""The tables AZADI's rules data may name."""
