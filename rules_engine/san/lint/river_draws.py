"""Games that end because the River cannot be refilled, and how many are draws.

Information: the share of simulated games (greedy bots) decided by River
exhaustion rather than a victory, and the share of those that are draws.

Failing: (information only) 30 % of games end with the River exhausted.

Passing: few games reach the end of the Supply.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext
from rules_engine.san.lint.simulation_runs import games

CODE = "L814"
NAME = "river-exhausted"
SEVERITY = Severity.INFO
SIMULATED = True


def check(context: LintContext) -> Iterator[Diagnostic]:
    records = games(context.model, ("hacking", "propaganda"), context.games, context.seed)
    ended = [r for r in records if r.end == "River exhausted"]
    draws = [r for r in ended if max(r.returns) < 1.0]
    if ended:
        where = context.manifest_location
        yield Diagnostic(CODE, SEVERITY, f"{len(ended)} of {len(records)} games ended with the "
                         f"River exhausted, {len(draws)} of them draws", where)
