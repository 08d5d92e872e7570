"""Two countries side by side on the track, with no Revolution space between them.

Each country is entered from a Revolution space (ruling R76): the board's Revolution
spaces lie one before each country, so a pawn leaving a country always passes one,
where it may move to any other Revolution space or draw. A board where two countries
touch (a Revolution space moved into the next country) leaves a country with no
Revolution space before it and two Revolution spaces side by side elsewhere.
Reported at the first space of the country that follows with no Revolution space.

Failing (Iraq 42-45, then Iran from 46, Revolution spaces 50 and 1)::

    - {number: 46, kind: country, country: iran}

Passing (Iraq 42-45, a Revolution space at 46, Iran 47-50)::

    - {number: 46, kind: revolution}
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Related, Severity
from rules_engine.core.lint import LintContext

CODE = "L904"
NAME = "countries-touch"
SEVERITY = Severity.WARNING


def check(context: LintContext) -> Iterator[Diagnostic]:
    spaces = sorted((s for s in context.content.items("spaces")
                     if isinstance(s.get("number"), int)), key=lambda s: int(s["number"]))
    names = {c.get("id"): c.get("name", c.get("id")) for c in context.content.items("countries")}
    if not spaces:
        return
    for before, space in zip([spaces[-1], *spaces[:-1]], spaces, strict=True):
        country, previous = space.get("country"), before.get("country")
        if space.get("kind") == "country" and before.get("kind") == "country" and \
                country and previous and country != previous:
            yield Diagnostic(CODE, SEVERITY, f"{names.get(country, country)} begins at space "
                             f"{space['number']}, right after {names.get(previous, previous)}'s "
                             f"space {before['number']}, with no Revolution space between: "
                             "every country is entered from a Revolution space (R76)",
                             space.location, (Related(before.location,
                                                      f"{names.get(previous, previous)}"),))
