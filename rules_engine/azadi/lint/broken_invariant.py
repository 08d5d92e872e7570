"""A simulated game ends in a position the rules cannot reach.

After every simulated game (see L711) the engine's invariants are checked: the
points track balances, no resource or voter count is negative, no zone holds
more voters than it has areas, every held zone has its majority, no player
holds more than the cap. A broken invariant means content drives the rules
somewhere they do not go (or an engine fault); the finding names the game to
replay.

Failing: a power whose effect removes more voters than a zone holds, if the
engine ever let it through.

Passing: every shipped campaign.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.azadi.lint.simulation_runs import first_findings
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L713"
NAME = "broken-invariant"
SEVERITY = Severity.ERROR
SIMULATED = True


def check(context: LintContext) -> Iterator[Diagnostic]:
    for runs, record, key in first_findings(context, "broken:", lambda k: k):
        problem = key.split(":", 1)[1]
        yield Diagnostic(
            CODE, SEVERITY, f"{runs.label}: {problem} at the end of a "
            f"game (replay: {runs.replay(record.seed)})", runs.campaign.location)
