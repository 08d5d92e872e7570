"""A Spring game that stalls: it reaches the turn limit without four overthrows.

Seeded games of random bots (4 players) are played; any game that hits the turn
limit is reported with its seed to replay.

Failing: a deck so short of Revolution cards that countries are never completed.

Passing: every game ends by its fourth overthrow.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext
from rules_engine.core.replay import content_option
from rules_engine.core.run_cache import cached_run
from rules_engine.core.simulate import Simulation

CODE = "L911"
NAME = "stalled-game"
SEVERITY = Severity.WARNING
SIMULATED = True


def check(context: LintContext) -> Iterator[Diagnostic]:
    spec = Simulation("rules_engine.spring.simulation:setup",
                      (("content", context.model), ("bots", ("random",) * 4)))
    records = cached_run(spec, context.games, context.seed)
    stalled = [r for r in records if r.end != "overthrows"]
    if stalled:
        where = context.manifest_location
        yield Diagnostic(CODE, SEVERITY, f"{len(stalled)} of {len(records)} games stalled "
                         f"(first: seed {stalled[0].seed}; replay: samizdat simulate spring"
                         f"{content_option(context.content.folder)} --bots "
                         f"random,random,random,random --replay {stalled[0].seed})", where)
