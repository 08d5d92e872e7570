"""Content that no campaign can bring into play.

With the whole box loaded (a campaign for every Mandate that names one): a
Resistance card that no Tyranny choice unlocks, an Imperial Order that no Tyranny
card enacts, and an ordered pair of dominant and second ideology without a
Foundation card.

Failing: Resistance card 48 exists but no choice has ``resistance: 48``.

Passing: some choice in some campaign unlocks it.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.azadi.model import IDEOLOGUES
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L704"
NAME = "unreachable-content"
SEVERITY = Severity.WARNING


def check(context: LintContext) -> Iterator[Diagnostic]:
    model = context.model
    named = {m.campaign for m in model.mandates if m.campaign}
    loaded = {c.id for c in model.campaigns}
    if not named or not named <= loaded:
        return      # only meaningful for the whole box
    unlocked = {c.resistance for camp in model.campaigns for t in camp.tyranny_cards
                for c in t.choices}
    enacted = {t.order for camp in model.campaigns for t in camp.tyranny_cards}
    for card in model.resistance_cards:
        if card.number not in unlocked:
            yield Diagnostic(CODE, SEVERITY, f"Resistance card {card.number} {card.title!r} is "
                             "unlocked by no Tyranny choice of any campaign", card.location)
    for order in model.imperial_orders:
        if order.number not in enacted:
            yield Diagnostic(CODE, SEVERITY, f"Imperial Order {order.number} {order.title!r} is "
                             "enacted by no Tyranny card of any campaign", order.location)
    pairs = {(f.dominant, f.second) for f in model.foundation_cards}
    where = model.foundation_cards[0].location if model.foundation_cards else None
    for dominant in IDEOLOGUES:
        for second in IDEOLOGUES:
            if dominant != second and (dominant, second) not in pairs and where is not None:
                yield Diagnostic(CODE, SEVERITY, f"no Foundation card for dominant {dominant} "
                                 f"and second {second}", where)
