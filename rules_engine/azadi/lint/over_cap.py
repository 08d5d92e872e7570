"""A cost no player can ever pay: more resources than the resource cap.

A player holds at most ``resource_cap`` resources (game.yaml; 12 in SHASN, Legacy
and Infamy included) and discards down to it before doing anything else, so a
dissent cost (an Imperial Order's, a Mandate's, the game's ``mandate_dissent_cost``),
a power's ``cost:`` or a voter card's cost asking for more can never be paid: the
Order can never be overturned, the power never used, the card never influenced.
Reported at the cost.

Failing (resource cap 12)::

    dissent_cost: {funds: 7, trust: 6}

Passing::

    dissent_cost: {funds: 2, trust: 1}
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules_engine.azadi.lint.walk import abilities, every_item, total
from rules_engine.core.content import whole_parameter
from rules_engine.core.diagnostics import Diagnostic, Location, Severity
from rules_engine.core.lint import LintContext

CODE = "L707"
NAME = "over-the-cap"
SEVERITY = Severity.ERROR


def resource_cap(context: LintContext) -> int | None:
    """The manifest's ``resource_cap`` value, if it gives a whole number."""
    return whole_parameter(context.content.manifest, "resource_cap")


def _finding(what: str, cost: Any, cap: int, where: Location) -> Diagnostic:
    return Diagnostic(CODE, SEVERITY, f"{what} costs {total(cost)} resources; a player holds "
                      f"at most {cap} (resource_cap), so it can never be paid", where,
                      hint=f"a cost of at most {cap} resources")


def check(context: LintContext) -> Iterator[Diagnostic]:
    cap = resource_cap(context)
    if cap is None:
        return
    manifest = context.content.manifest
    if manifest is not None:
        entry = manifest.get("parameters", {}).get("mandate_dissent_cost")
        value = entry.get("value") if isinstance(entry, dict) else None
        if total(value) > cap:
            yield _finding("dissent against a Mandate (mandate_dissent_cost)", value, cap,
                           manifest.loc("parameters", "mandate_dissent_cost", "value"))
    for section, item in every_item(context.content):
        name = item.get("id") or item.get("number")
        cost = item.get("dissent_cost")
        if section in ("imperial_orders", "mandates") and total(cost) > cap:
            kind = "Imperial Order" if section == "imperial_orders" else "Mandate"
            yield _finding(f"dissent against the {kind} {name!r}", cost, cap,
                           item.loc("dissent_cost"))
        if section == "voter_cards" and total(item.get("cost")) > cap:
            yield _finding(f"influencing the voter card {name!r}", item.get("cost"), cap,
                           item.loc("cost"))
        for path, ability in abilities(item.data):
            if total(ability.get("cost")) > cap:
                yield _finding(f"a power of {name!r}", ability["cost"], cap,
                               item.loc(*path, "cost"))
