"""River cards never bought, or bought in almost every game (greedy bots).

Reported as information for the designer: a card nobody buys may be overpriced,
one bought in nearly every game may be too strong.

Failing: a card with cost 20 that no bot can ever afford.

Passing: every River card bought in some games but not in nearly all.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext
from rules_engine.core.simulate import GameRecord
from rules_engine.san.lint.simulation_runs import games

CODE = "L813"
NAME = "card-popularity"
SEVERITY = Severity.INFO
SIMULATED = True


def check(context: LintContext) -> Iterator[Diagnostic]:
    played: list[GameRecord] = []
    for bots in (("corruption", "propaganda"), ("hacking", "random")):
        played += games(context.model, bots, context.games, context.seed)
    in_games: dict[str, int] = {}
    for record in played:
        for key in record.counters:
            if key.startswith("bought:"):
                name = key.split(":", 1)[1]
                in_games[name] = in_games.get(name, 0) + 1
    for card in context.model.cards:
        if card.deck != "river":
            continue
        share = in_games.get(card.id, 0) / len(played)
        if share == 0:
            yield Diagnostic(CODE, SEVERITY, f"{card.id} was never bought in {len(played)} "
                             "games of greedy bots", card.location)
        elif share >= 0.95:
            yield Diagnostic(CODE, SEVERITY, f"{card.id} was bought in {share:.0%} of "
                             f"{len(played)} games of greedy bots", card.location)
