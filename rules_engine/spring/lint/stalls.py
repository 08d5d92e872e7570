"""A Spring game that stalls: it reaches the turn limit without four overthrows.

Seeded games of random bots (4 players) are played; any game that hits the turn
limit is reported with its seed to replay.

Failing: a deck so short of Revolution cards that countries are never completed.

Passing: every game ends by its fourth overthrow.

When the stalled games end by overthrows once replayed with a turn limit ten times
higher, the limit is what stops them (a ``max_turns`` of 40 for 400), and the finding
is at that parameter (:mod:`rules_engine.core.turn_limit`).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Related, Severity
from rules_engine.core.lint import LintContext
from rules_engine.core.replay import content_option
from rules_engine.core.run_cache import cached_run
from rules_engine.core.simulate import Simulation
from rules_engine.core.turn_limit import binding

CODE = "L911"
NAME = "stalled-game"
SEVERITY = Severity.WARNING
SIMULATED = True


def check(context: LintContext) -> Iterator[Diagnostic]:
    spec = Simulation("rules_engine.spring.simulation:setup",
                      (("content", context.model), ("bots", ("random",) * 4)))
    records = cached_run(spec, context.games, context.seed)
    stalled = [r for r in records if r.end != "overthrows"]
    if not stalled:
        return
    replay = (f"replay: samizdat simulate spring{content_option(context.content.folder)} "
              f"--bots random,random,random,random --replay {stalled[0].seed}")
    limit = binding(context.content.manifest, spec, records, lambda r: r.end != "overthrows")
    if limit is not None:
        yield Diagnostic(CODE, SEVERITY, f"{limit.says()} ({replay})", limit.location,
                         (Related(context.manifest_location, "the game"),))
        return
    yield Diagnostic(CODE, SEVERITY, f"{len(stalled)} of {len(records)} games stalled "
                     f"(first: seed {stalled[0].seed}; {replay})", context.manifest_location)
