"""Builds :class:`AzadiContent` from validated items, checking references.

Checks made here (schemas cannot express them): unique ids and printed numbers,
every reference resolving (a campaign's Mandate, a Tyranny card's Imperial Order,
a choice's Resistance card, a Foundation card's Monument), and consistency with
the rulebook (majorities, ideologue resources, one Foundation card per pair).
"""

from __future__ import annotations

from typing import Any

from rules_engine.azadi import model as m
from rules_engine.azadi.overrides import refused, text_of
from rules_engine.azadi.runnable import unrunnable
from rules_engine.core.content import ContentSet, Item
from rules_engine.core.diagnostics import Diagnostic, error
from rules_engine.core.effects import freeze, parse_effects
from rules_engine.core.references import check_reference, check_unique


def build(content: ContentSet) -> tuple[m.AzadiContent, list[Diagnostic]]:
    """The AZADI model for ``content`` and the problems found building it."""
    diags: list[Diagnostic] = []
    all_items = [i for items in content.sections.values() for i in items]
    for camp in content.campaigns:
        all_items += [i for items in camp.sections.values() for i in items]
    diags += check_unique((i for i in all_items if i.get("id") is not None
                           and "id" in i.data), "id", "id")

    def items(section: str) -> list[Item]:
        return content.items(section)

    for section, what in (("imperial_orders", "Imperial Order number"),
                          ("resistance_cards", "Resistance card number"),
                          ("monuments", "Monument number")):
        diags += check_unique(items(section), "number", what)
    diags += check_unique(items("attack_cards"), "level", "Attack card",
                          key=lambda i: (i["ideologue"], i["level"]))
    diags += check_unique(items("foundation_cards"), "dominant", "Foundation card for",
                          key=lambda i: (i["dominant"], i["second"]))

    ideologues = tuple(_ideologue(i, diags) for i in items("ideologues"))
    voter_cards = tuple(m.VoterCard(i["id"], i["voters"], freeze(i["cost"]), i.get("copies", 1),
                                    i.location) for i in items("voter_cards"))
    mandates = tuple(_mandate(i) for i in items("mandates"))
    orders = tuple(m.ImperialOrder(i["id"], i["number"], i["title"], freeze(i["dissent_cost"]),
                                   parse_effects(i["effects"]), i.location, text_of(i, "text"))
                   for i in items("imperial_orders"))
    resistance = tuple(m.ResistanceCard(i["id"], i["number"], i["title"], i["ideologue"],
                                        parse_effects(i["effects"]), i.location,
                                        text_of(i, "text"))
                       for i in items("resistance_cards"))
    attacks = tuple(m.AttackCard(i["id"], i["ideologue"], i["level"], i["title"],
                                 parse_effects(i["effects"]), i.location, text_of(i, "text"))
                    for i in items("attack_cards"))
    monuments = tuple(m.Monument(i["id"], i["number"], i["title"], parse_effects(i["power"]),
                                 parse_effects(i["two_player_power"]), i.location)
                      for i in items("monuments"))
    monument_numbers = {x.number for x in monuments}
    foundations = tuple(_foundation(i, monument_numbers, diags) for i in items("foundation_cards"))
    params = _parameters(content)
    volatile = (params.get("volatile_areas") or {}).get("value") or {}
    zones = tuple(_zone(i, volatile, diags) for i in items("zones"))
    diags += _setup_zones(items("zones"))

    maidaan = tuple(_maidaan(i, params, content, diags) for i in items("maidaan_powers"))
    diags += _maidaan_cost_keys(content, params, [i["id"] for i in items("maidaan_powers")])
    setup = _setup_table(content, params, diags)

    mandate_ids = {x.id for x in mandates}
    order_numbers = {x.number for x in orders}
    resistance_numbers = {x.number for x in resistance}
    voters = (params.get("tyranny_imperial_voters_per_zone") or {}).get("value", 2)
    campaigns = tuple(
        _campaign(c.manifest, c.sections, mandate_ids, order_numbers, resistance_numbers, diags,
                  voters if isinstance(voters, int) else 2)
        for c in content.campaigns if c.manifest is not None)
    diags += _unique_across_campaigns(content)

    model = m.AzadiContent(ideologues, voter_cards, mandates, orders, resistance, attacks,
                           foundations, monuments, maidaan, zones, campaigns, setup,
                           freeze({k: v.get("value") for k, v in params.items()}))
    diags += unrunnable(content)           # never silently skipped in play
    diags += refused(content)              # a text override with no part to replace
    return model, diags


def _parameters(content: ContentSet) -> dict[str, Any]:
    if content.manifest is None:
        return {}
    return dict(content.manifest.get("parameters", {}))


def _ideologue(i: Item, diags: list[Diagnostic]) -> m.Ideologue:
    expected = m.RESOURCE_OF.get(i["id"])
    if expected is None:
        diags.append(error("M403", f"{i['id']!r} is not one of the four ideologues "
                           f"({', '.join(m.IDEOLOGUES)})", i.loc("id")))
    elif i["resource"] != expected:
        diags.append(error("M403", f"{i['id']} is tied to {expected}, not {i['resource']}",
                           i.loc("resource")))
    levels = [p["level"] for p in i["powers"]]
    if sorted(levels) != [3, 5]:
        diags.append(error("M403", f"an ideologue has one level-3 and one level-5 power; got "
                           f"levels {levels}", i.loc("powers")))
    powers = tuple(m.LevelPower(p["level"], p["title"], parse_effects(p["effects"]),
                                text_of(p, "text")) for p in i["powers"])
    return m.Ideologue(i["id"], i["name"], i["resource"], powers, i.location)


def _mandate(i: Item) -> m.Mandate:
    return m.Mandate(i["id"], i["title"], i["campaign"], parse_effects(i["imperial"]["effects"]),
                     i["rebel"]["title"], parse_effects(i["rebel"]["effects"]),
                     freeze(i["dissent_cost"]), i.location, text_of(i, "imperial", "text"),
                     text_of(i, "rebel", "text"))


def _foundation(i: Item, monuments: set[int], diags: list[Diagnostic]) -> m.FoundationCard:
    if i["dominant"] == i["second"]:
        diags.append(error("M403", "the dominant and second ideologies of a Foundation card "
                           "must differ", i.loc("second")))
    diags += check_reference(i, ("monument",), i["monument"], monuments, "Monument number")
    sides = tuple(m.FoundationSide(s["title"], parse_effects(s["soul"]), s["buff"]["ideologue"],
                                   parse_effects(s["buff"]["effects"]), text_of(s, "text"),
                                   text_of(s, "buff", "text")) for s in i["sides"])
    return m.FoundationCard(i["id"], i["dominant"], i["second"], i["monument"], i["two_player"],
                            (sides[0], sides[1]), i.location)


def _zone(i: Item, volatile: dict[str, int], diags: list[Diagnostic]) -> m.Zone:
    needed = i["areas"] // 2 + 1
    expected = volatile.get(str(i["areas"])) if isinstance(volatile, dict) else None
    if expected is None:
        diags.append(error("M404", f"game.yaml has no parameters.volatile_areas entry for "
                           f"zones of {i['areas']} areas", i.loc("areas")))
        expected = 1
    if "volatile" in i.data and i["volatile"] != expected:
        diags.append(error("M403", f"zones of {i['areas']} areas have {expected} volatile "
                           f"areas (parameters.volatile_areas), not {i['volatile']}",
                           i.loc("volatile")))
    if i["majority"] != needed:
        diags.append(error("M403", f"a zone of {i['areas']} areas needs a majority of {needed} "
                           f"(more than half), not {i['majority']}", i.loc("majority")))
    return m.Zone(i["id"], i["areas"], i["majority"], expected, bool(i.get("capital", False)),
                  i.get("copies", 1), i.location)


def _setup_zones(zones: list[Item]) -> list[Diagnostic]:
    """M403 where the zones cannot be laid out at setup (ruling R17): the game begins
    with one capital zone and a 13-area zone, not the capital, beside it per other
    player; so exactly one zone tile (one copy) is the capital, and some 13-area tile
    is not."""
    if not zones:
        return []
    capitals = [i for i in zones if i.get("capital") is True]
    found = []
    if not capitals:
        found.append(error("M403", "no zone is the capital; the game begins with the "
                           "capital zone (one tile marked capital: true)", zones[0].location))
    single = [i for i in capitals if i.get("copies", 1) == 1]
    capital: Item | None = (single or capitals)[0] if capitals else None
    for extra in capitals:
        if capital is not None and extra is not capital:
            found.append(error("M403", f"a second capital zone; {capital['id']!r} is the "
                               "capital, and the game has one", extra.loc("capital")))
    if capital is not None and capital.get("copies", 1) != 1:
        found.append(error("M403", "the capital zone is one tile, not "
                           f"{capital.get('copies')} copies", capital.loc("copies")))
    if not any(i.get("areas") == 13 and i.get("capital") is not True for i in zones):
        at = next((i for i in zones if i.get("areas") == 13), zones[0])
        found.append(error("M403", "no 13-area zone that is not the capital; setup lays one "
                           "beside the capital for each other player (ruling R17)",
                           at.loc("capital") if "capital" in at.data else at.location))
    return found


def _maidaan_cost_keys(content: ContentSet, params: dict[str, Any], powers: list[str]
                       ) -> list[Diagnostic]:
    """M402 at each key of ``maidaan_costs`` that names no Maidaan power (a cost the
    engine never charges; the power it meant is M404 for lack of one)."""
    costs = (params.get("maidaan_costs") or {}).get("value")
    if not isinstance(costs, dict) or content.manifest is None or not powers:
        return []
    found: list[Diagnostic] = []
    for key in costs:
        found += check_reference(content.manifest, ("parameters", "maidaan_costs", "value", key),
                                 key, powers, "Maidaan power")
    return found


def _maidaan(i: Item, params: dict[str, Any], content: ContentSet,
             diags: list[Diagnostic]) -> m.MaidaanPower:
    costs = (params.get("maidaan_costs") or {}).get("value")
    cost = costs.get(i["id"]) if isinstance(costs, dict) else None
    if not isinstance(cost, int) or isinstance(cost, bool) or cost < 0:
        where = content.manifest.location if content.manifest else i.location
        diags.append(error("M404", f"no Infamy cost for Maidaan power {i['id']!r}: game.yaml "
                           "needs parameters.maidaan_costs.value." + i["id"], i.loc("id"),
                           hint=f"the manifest is at {where}"))
        cost = 0
    return m.MaidaanPower(i["id"], i["title"], cost, parse_effects(i["effects"]), i.location,
                          text_of(i, "text"))


def _setup_table(content: ContentSet, params: dict[str, Any],
                 diags: list[Diagnostic]) -> tuple[m.SetupRow, ...]:
    manifest = content.manifest
    if manifest is None:
        return ()
    rows = (params.get("setup_table") or {}).get("value")
    path = ("parameters", "setup_table", "value")
    if not isinstance(rows, list):
        diags.append(error("M404", "game.yaml needs parameters.setup_table (the rulebook's "
                           "Table 1): a list of {players, ideology_cards, azadi_points}",
                           manifest.loc("parameters")))
        return ()
    table: list[m.SetupRow] = []
    for n, row in enumerate(rows):
        ok = (isinstance(row, dict) and isinstance(row.get("players"), int)
              and isinstance(row.get("ideology_cards"), int)
              and isinstance(row.get("azadi_points"), dict)
              and all(isinstance(row["azadi_points"].get(d), int) for d in m.DIFFICULTIES))
        if not ok:
            diags.append(error("M403", "a Table 1 row needs players, ideology_cards and "
                               "azadi_points for easy, medium and hard",
                               manifest.loc(*path, n)))
            continue
        table.append(m.SetupRow(row["players"], row["ideology_cards"],
                                freeze(row["azadi_points"])))
    diags += _setup_rows(manifest, rows, table)
    return tuple(table)


def _setup_rows(manifest: Item, rows: list[Any], table: list[m.SetupRow]) -> list[Diagnostic]:
    """M403 at a second row for one player count, and at the table for a count the
    game seats (``players``) that has no row: a game of that count cannot be set up."""
    found: list[Diagnostic] = []
    path = ("parameters", "setup_table", "value")
    seen: dict[int, int] = {}
    for n, row in enumerate(rows):
        count = row.get("players") if isinstance(row, dict) else None
        if not isinstance(count, int):
            continue
        if count in seen:
            found.append(error("M403", f"a second Table 1 row for {count} players (the first "
                               f"is row {seen[count] + 1})", manifest.loc(*path, n, "players")))
        seen.setdefault(count, n)
    seats = manifest.get("players")
    low, high = (seats.get("min"), seats.get("max")) if isinstance(seats, dict) else (None,
                                                                                        None)
    if isinstance(low, int) and isinstance(high, int) and table and low <= high:
        lacking = [c for c in range(low, high + 1) if c not in seen]
        if lacking:
            found.append(error("M403", f"Table 1 has no row for {', '.join(map(str, lacking))} "
                               f"players, though the game seats {low} to {high} "
                               "(players): such a game cannot be set up",
                               manifest.loc(*path)))
    return found


def _campaign(manifest: Item, sections: dict[str, list[Item]], mandates: set[str],
              orders: set[int], resistance: set[int], diags: list[Diagnostic],
              voters: int = 2) -> m.Campaign:
    """One campaign's model; a Tyranny card that names no Imperial voters per zone
    places ``voters`` (the manifest's tyranny_imperial_voters_per_zone)."""
    diags += check_reference(manifest, ("mandate",), manifest["mandate"], mandates, "Mandate")
    tyranny = sections.get("tyranny_cards", [])
    diags += check_unique(tyranny, "number", "Tyranny card number")
    diags += check_unique(sections.get("ideology_cards", []), "question", "ideology question")
    cards = []
    for i in tyranny:
        diags += check_reference(i, ("order",), i["order"], orders, "Imperial Order number")
        choices = []
        for n, c in enumerate(i["choices"]):
            diags += check_reference(i, ("choices", n, "resistance"), c["resistance"],
                                     resistance, "Resistance card number")
            task = m.Task(c["task"]["event"], freeze(c["task"].get("where", {})))
            choices.append(m.TyrannyChoice(c["title"], c["narrative"], task, c["times"],
                                           parse_effects(c["while_active"]), c["resistance"],
                                           text_of(c, "text"), text_of(c, "task_text")))
        cards.append(m.TyrannyCard(i["id"], i["number"], i["title"], i["narrative"],
                                   i.get("imperial_voters_per_zone", voters), i["order"],
                                   (choices[0], choices[1]), i.location))
    ideology = tuple(_ideology_card(i, diags) for i in sections.get("ideology_cards", []))
    return m.Campaign(manifest["id"], manifest["name"], manifest["mandate"], tuple(cards),
                      ideology, manifest.location, manifest.get("mark") or "")


def _unique_across_campaigns(content: ContentSet) -> list[Diagnostic]:
    """No two Tyranny titles (cards or choices) and no two questions alike in the box."""
    titles: list[Item] = []
    for camp in content.campaigns:
        for card in camp.sections.get("tyranny_cards", []):
            titles.append(Item({"title": card["title"]}, card.doc, (*card.path, "title")))
            for n, choice in enumerate(card["choices"]):
                titles.append(Item({"title": choice["title"]}, card.doc,
                                   (*card.path, "choices", n, "title")))
    questions = [q for camp in content.campaigns for q in camp.sections.get("ideology_cards", [])]
    found = check_unique(titles, "title", "Tyranny title", key=lambda i: i["title"].casefold())
    if len(content.campaigns) > 1:
        found += check_unique(questions, "question", "ideology question",
                              key=lambda i: i["question"].casefold())
    return found


def _ideology_card(i: Item, diags: list[Diagnostic]) -> m.IdeologyCard:
    a, b = i["answers"]
    if a["ideologue"] == b["ideologue"]:
        diags.append(error("M403", "the two answers of an ideology card must belong to "
                           "different ideologues", i.loc("answers", 1, "ideologue")))
    answers = tuple(m.IdeologyAnswer(x["text"], x["ideologue"], freeze(x["resources"]))
                    for x in (a, b))
    return m.IdeologyCard(i["id"], i["question"], (answers[0], answers[1]), i.location)
