"""A country that can never be fully radicalised.

A country holds at most one Revolution card of each type, so it needs at least as
many revolution types as it has spaces — and enough cards of each type in the deck
for every country that needs that type at once.

Failing (four types, a country of 5 spaces)::

    revolution_types: {value: [protest, strike, occupation, intervention]}

Passing::

    revolution_types: {value: [protest, strike, occupation, intervention, uprising]}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L901"
NAME = "not-radicalisable"
SEVERITY = Severity.ERROR


def check(context: LintContext) -> Iterator[Diagnostic]:
    model = context.model
    types = list(model.parameters.get("revolution_types", ()) or ())
    copies: Counter[str] = Counter()
    for card in model.cards:
        if card.type == "revolution" and card.subtype:
            copies[card.subtype] += card.copies
    for country in model.countries:
        if len(types) < len(country.spaces):
            yield Diagnostic(CODE, SEVERITY, f"{country.name} has {len(country.spaces)} spaces "
                             f"but there are only {len(types)} revolution types (one card of "
                             "each type per country)", country.location)
    usable = [t for t in types if copies[t] > 0]
    for country in model.countries:
        if types and len(usable) < len(country.spaces):
            yield Diagnostic(CODE, SEVERITY, f"{country.name} needs {len(country.spaces)} "
                             f"revolution types, but the deck has cards of only {len(usable)}",
                             country.location)
