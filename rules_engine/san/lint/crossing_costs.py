"""A victory that the components make impossible.

Corruption needs room for the cards it counts (spaces x cards per space), the
Propaganda track needs a card for each crossing, and every crossing card's cost
must be payable: at most the Propaganda icons of the strongest possible play
(all Propaganda cards in the game, with their multipliers).

Failing: ``corruption_to_win: 13`` with 6 spaces of 2.

Passing: ``corruption_to_win: 12``.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L801"
NAME = "unreachable-victory"
SEVERITY = Severity.ERROR


def check(context: LintContext) -> Iterator[Diagnostic]:
    model = context.model
    params = model.parameters
    where = context.manifest_location
    room = int(params.get("corruption_spaces", 6)) * int(params.get("cards_per_corruption_space",
                                                                     2))
    need = int(params.get("corruption_to_win", 12))
    manifest = context.content.manifest
    if need > room:      # at the parameter that asks for too many
        yield Diagnostic(CODE, SEVERITY, f"a Corruption victory needs {need} cards but the "
                         f"Corruption zone holds {room}",
                         manifest.loc("parameters", "corruption_to_win", "value")
                         if manifest else where)
    icons = sum(c.icon("propaganda") * c.copies for c in model.cards)
    for card in model.cards:
        if card.crossing_cost is not None and card.crossing_cost > icons:
            yield Diagnostic(CODE, SEVERITY, f"{card.id} costs {card.crossing_cost} to cross, "
                             f"more than all {icons} Propaganda icons in the game", card.location)
