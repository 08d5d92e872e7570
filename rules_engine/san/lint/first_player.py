"""First-player advantage outside 40-60 % of decided games (random bots).

Failing: the first player wins 70 % of decided games.

Passing: between 40 % and 60 %.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext
from rules_engine.core.simulate import summary
from rules_engine.san.lint.simulation_runs import games

CODE = "L812"
NAME = "first-player-advantage"
SEVERITY = Severity.WARNING
SIMULATED = True


def check(context: LintContext) -> Iterator[Diagnostic]:
    records = games(context.model, ("random", "random"), context.games, context.seed)
    rate = summary(records, 2)["first_player_win_rate"]
    where = context.manifest_location
    if not 0.4 <= rate <= 0.6:
        yield Diagnostic(CODE, SEVERITY, f"the first player wins {rate:.0%} of decided games "
                         f"({len(records)} games, random bots)", where)
