"""A rule that changes a quantity of the game to a value the box cannot have.

A ``modify`` (an Order's, a Mandate's, a Foundation card's soul, a Tyranny choice's)
moves one of the game's quantities: how many voters a majority needs, how many Voter
Cards are in use, how many Voter Card slots lie open, how many votes a Voter Card
gives. A value past what the box holds changes play into something the rules never
meant, silently: a majority needing more voters than any zone has areas (no zone can
ever be won where it holds) or no more than half of every zone's areas (two players
could hold one at once), more Voter Cards in use than the deck holds (the rule does
nothing), no Voter Card slot left open or no vote on any Voter Card (nobody
influences or wins with cards again), a resource cap of 0 or less, a dissent cost
raised past the resource cap (no Order or Mandate could be overturned). Reported at
the modified value.

Failing (zones of at most 21 areas, majority 11)::

    modify: {majority_needed: {add: 11}}

Passing::

    modify: {majority_needed: {add: 1}}
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules_engine.azadi.lint.over_cap import resource_cap
from rules_engine.azadi.lint.walk import every_item, total
from rules_engine.core.content import Item, is_number, mappings
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L709"
NAME = "impossible-modifier"
SEVERITY = Severity.ERROR
LOCAL = True
OPEN_SLOTS = 3      # the open Voter Card slots before any rule (the engine's, R22)


def _changed(base: int, change: Any) -> int | None:
    """``base`` after ``{add: N}`` or ``{set: N}``."""
    if not isinstance(change, dict):
        return None
    if is_number(change.get("set")):
        return int(change["set"])
    if is_number(change.get("add")):
        return base + int(change["add"])
    return None


def _zones(context: LintContext) -> list[tuple[int, int]]:
    return [(int(z.get("areas")), int(z.get("majority")))
            for z in context.content.items("zones")
            if is_number(z.get("areas")) and is_number(z.get("majority"))]


def _dissent_costs(context: LintContext) -> list[int]:
    return [total(i.get("dissent_cost")) for section in ("imperial_orders", "mandates")
            for i in context.content.items(section) if isinstance(i.get("dissent_cost"), dict)]


def _deck(context: LintContext) -> int:
    return sum(int(c.get("copies", 1)) if is_number(c.get("copies", 1)) else 1
               for c in context.content.items("voter_cards"))


def _judged(what: str, change: Any, context: LintContext) -> str | None:
    """Why ``change`` of ``what`` is past what the box holds, or None."""
    if what == "majority_needed":
        zones = _zones(context)
        needed = [(_changed(majority, change), areas) for areas, majority in zones]
        if zones and all(n is not None and n > areas for n, areas in needed):
            areas, majority = max(zones)
            return (f"a majority would need {_changed(majority, change)} voters in the "
                    f"largest zone, of {areas} areas, and more than its areas in every "
                    "zone, so no zone under it can ever be won")
        if zones and all(n is not None and n <= areas / 2 for n, areas in needed):
            areas, majority = min(zones)
            return (f"a majority would need {_changed(majority, change)} voters in the "
                    f"smallest zone, of {areas} areas, and no more than half the areas in "
                    "every zone: two players could hold one at once")
    if what == "resource_cap":
        cap = resource_cap(context)
        value = _changed(cap, change) if cap is not None else None
        if value is not None and value <= 0:
            return f"a resource cap of {value}: no player could hold a single resource"
    if what == "dissent_cost":
        cap, costs = resource_cap(context), _dissent_costs(context)
        if cap is not None and costs and isinstance(change, dict) and \
                is_number(change.get("add")) and min(costs) + int(change["add"]) > cap:
            return (f"the cheapest dissent would cost {min(costs) + int(change['add'])} "
                    f"resources, more than the {cap} a player may hold: no Order or Mandate "
                    "under it could ever be overturned")
    if what == "voter_cards_in_use":
        deck = _deck(context)
        value = _changed(deck, change)
        if value is not None and deck and value > deck:
            return (f"{value} Voter Cards in use, but the deck holds {deck}, so the rule "
                    "changes nothing")
        if value is not None and value <= 0:
            return f"{value} Voter Cards in use: none could ever be influenced"
    if what == "open_voter_card_slots":
        value = _changed(OPEN_SLOTS, change)
        if value is not None and value <= 0:
            return (f"{value} open Voter Card slots (of {OPEN_SLOTS}): no Voter Card could "
                    "be influenced from the open row")
    if what == "voter_card_votes":
        value = _changed(1, change) if "set" in (change or {}) else None
        if value is not None and value <= 0:
            return f"Voter Cards worth {value} votes: no card could ever win a vote"
    return None


def _modifiers(item: Item) -> Iterator[tuple[tuple[str | int, ...], str, Any]]:
    for path, found in mappings(item.data):
        modify = found.get("modify")
        if isinstance(modify, dict):
            for what, change in modify.items():
                yield (*path, "modify", str(what)), str(what), change


def check(context: LintContext) -> Iterator[Diagnostic]:
    for _, item in every_item(context.content):
        for path, what, change in _modifiers(item):
            said = _judged(what, change, context)
            if said is not None:
                key = "set" if isinstance(change, dict) and "set" in change else "add"
                yield Diagnostic(CODE, SEVERITY, f"{what} {key} {change[key]}: {said}",
                                 item.loc(*path, key))
