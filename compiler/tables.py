"""Tables generated from a game's data, for the rules reference, aids and mats.

Each table is ``(caption, header, rows)`` with cells in the project's markup; the
rules data names them (``table: setup_table``). Because they are computed from
the content, a changed card or parameter changes the printed table with it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from compiler.effect_text import render_cost, render_effects, render_san_effects

Table = tuple[str, list[str], list[list[str]]]

IDEOLOGUE_NAMES = {"capitalist": "Capitalist", "showstopper": "Showstopper",
                   "idealist": "Idealist", "supremo": "Supremo"}


def _azadi_setup(model: Any, params: dict[str, Any]) -> Table:
    rows = [[str(r.players), str(r.ideology_cards), str(r.azadi_points.get("easy")),
             str(r.azadi_points.get("medium")), str(r.azadi_points.get("hard"))]
            for r in model.setup_table]
    return ("Table 1: ideology cards before the Fuse, and azadi points needed",
            ["Players", "Ideology cards", "Easy", "Medium", "Hard"], rows)


def _azadi_mandates(model: Any, params: dict[str, Any]) -> Table:
    names = {c.id: c.name for c in model.campaigns}
    rows = [[m.title, names.get(m.campaign or "", "alternate history only"), m.rebel_title]
            for m in sorted(model.mandates, key=lambda m: m.title)]
    return ("Mandates by campaign", ["Mandate", "Campaign", "Rebel side"], rows)


def _azadi_maidaan(model: Any, params: dict[str, Any]) -> Table:
    rows = [[p.title, f"{p.cost} :infamy:", p.text or render_effects("azadi", p.effects)]
            for p in sorted(model.maidaan_powers, key=lambda p: (p.cost, p.title))]
    return ("The Maidaan", ["Power", "Cost", "Effect"], rows)


def _azadi_tracker(model: Any, params: dict[str, Any]) -> Table:
    costs = params.get("monument_tracker_costs", [])
    rows = [[str(n), f"{c} :legacy:"] for n, c in enumerate(costs, start=1)]
    return ("The Monument Tracker", ["Contribution", "Legacy cost"], rows)


def _azadi_attacks(model: Any, params: dict[str, Any]) -> Table:
    rows = [[IDEOLOGUE_NAMES[a.ideologue], str(a.level), a.title,
             a.text or render_effects("azadi", a.effects)]
            for a in sorted(model.attack_cards, key=lambda a: (a.ideologue, a.level))]
    return ("Imperial Attack cards (each hits every player at level 2 of its ideologue)",
            ["Column", "Level", "Card", "Effect"], rows)


def _azadi_zones(model: Any, params: dict[str, Any]) -> Table:
    rows = [[("Capital " if z.capital else "") + f"{z.majority}/{z.areas}", str(z.areas),
             str(z.majority), str(z.volatile), str(z.copies)]
            for z in sorted(model.zones, key=lambda z: (z.capital, z.areas))]
    return ("Zones", ["Zone", "Areas", "Majority", "Volatile areas", "Tiles"], rows)


def _azadi_powers(model: Any, params: dict[str, Any]) -> Table:
    rows = []
    for ideologue in model.ideologues:
        for power in sorted(ideologue.powers, key=lambda p: p.level):
            rows.append([f":{ideologue.id}: {ideologue.name}", str(power.level), power.title,
                         power.text or render_effects("azadi", power.effects)])
    return ("Ideologue powers", ["Ideologue", "Level", "Power", "Effect"], rows)


def _san_victory(model: Any, params: dict[str, Any]) -> Table:
    corrupt = params.get("corruption_to_win", 12)
    rows = [[":corruption: Corruption", f"{corrupt} cards in your Corruption zone"],
            [":propaganda: Propaganda", "your Banner crosses the last card of your track"],
            [":hacking: Hacking", "the Virus marker passes all 5 of the opponent's Virus cards"],
            ["River exhausted", "furthest in at least two of the three wins; else a draw"]]
    return ("Victory, checked at the end of your turn", ["Victory", "Condition"], rows)


def _san_icons(model: Any, params: dict[str, Any]) -> Table:
    rows = [[":corruption:", "Corruption: 3 icons corrupt a card"],
            [":propaganda:", "Propaganda: pay crossing costs on your track"],
            [":hacking:", "Hacking: move the Virus marker one space each"],
            [":revenue:", "Revenue: spend on River cards"],
            [":cost:", "Cost of a River card"],
            [":crossing:", "Crossing cost (on the card back)"],
            [":multiplier:", render_san_effects(("multiplier",))],
            [":single_use:", render_san_effects(("single_use",))],
            [":copy_played:", render_san_effects(("copy_played",))],
            [":copy_river:", render_san_effects(("copy_river",))],
            [":play_all_types:", render_san_effects(("play_all_types",))],
            [":play_from_discard:", render_san_effects(("play_from_discard",))],
            [":corrupt_from_hand:", render_san_effects(("corrupt_from_hand",))],
            [":hand_bonus:", "Hand Bonus token: draw one more card when refilling"]]
    return ("Icon reference", ["Icon", "Meaning"], rows)


def _deck(model: Any, key: Callable[[Any], str]) -> list[list[str]]:
    counts: Counter[str] = Counter()
    for card in model.cards:
        counts[key(card)] += card.copies
    return [[name, str(n)] for name, n in sorted(counts.items())]


def _san_decks(model: Any, params: dict[str, Any]) -> Table:
    rows = _deck(model, lambda c: f"{c.deck.title()} "
                 f"{(c.corporation or '').title()} {c.type}".replace("  ", " "))
    return ("The 82 cards", ["Cards", "Count"], rows)


def _spring_countries(model: Any, params: dict[str, Any]) -> Table:
    rows = [[c.name, f"{c.spaces[0]}–{c.spaces[-1]}", str(len(c.spaces))]
            for c in sorted(model.countries, key=lambda c: c.spaces[0])]
    revolution = [str(s.number) for s in model.spaces if s.kind == "revolution"]
    rows.append(["Revolution spaces", ", ".join(revolution), str(len(revolution))])
    return ("The board", ["Country", "Spaces", "Count"], rows)


def _spring_scoring(model: Any, params: dict[str, Any]) -> Table:
    s = params.get("overthrow_scores", {}) or {}
    rows = [["Played the card that overthrows the country", f"{s.get('final_card', 2)} VT"],
            ["Highest total of counters and card force in the country",
             f"{s.get('first', 5)} VT"],
            ["Second highest total", f"{s.get('second', 3)} VT"],
            ["Every other player with a card and a counter there", f"{s.get('other', 1)} VT"],
            ["End of the game: each space holding your counter",
             f"{params.get('end_vt_per_counter_space', 1)} VT"]]
    return ("Scoring", ["When", "Victory Tokens"], rows)


def _spring_decks(model: Any, params: dict[str, Any]) -> Table:
    rows = _deck(model, lambda c: c.type + (f" ({c.subtype})" if c.subtype else ""))
    return ("The common deck", ["Cards", "Count"], rows)


TableFunction = Callable[[Any, dict[str, Any]], Table]

AZADI: dict[str, TableFunction] = {
    "setup_table": _azadi_setup, "mandates_by_campaign": _azadi_mandates,
    "maidaan_costs": _azadi_maidaan, "monument_tracker": _azadi_tracker,
    "attack_cards": _azadi_attacks, "zone_sizes": _azadi_zones,
    "ideologue_powers": _azadi_powers}
SAN: dict[str, TableFunction] = {"victory_conditions": _san_victory,
                                 "icon_reference": _san_icons,
                                 "deck_composition": _san_decks}
SPRING: dict[str, TableFunction] = {"countries": _spring_countries,
                                    "overthrow_scoring": _spring_scoring,
                                    "deck_composition": _spring_decks}
"""Each shipped game's tables, as its plug-in names them (``tables``)."""


def tables_of(game: str) -> Mapping[str, TableFunction]:
    """The tables ``game``'s rules data may name: the mapping its plug-in names ({}
    for none)."""
    from rules_engine.core.plugin import named
    from rules_engine.games import plugin

    found = plugin(game)
    if found is None or not found.tables:
        return {}
    known: Mapping[str, TableFunction] = named(found.tables)
    return known


def table(game: str, name: str, model: Any) -> Table:
    """Table ``name`` of ``game`` computed from ``model``; KeyError if unknown."""
    params = model.parameters.to_dict() if hasattr(model.parameters, "to_dict") else {}
    return tables_of(game)[name](model, params)


def cost_text(cost: Any) -> str:
    return render_cost(cost)
