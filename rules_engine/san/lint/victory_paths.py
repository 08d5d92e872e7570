"""A victory path that its own greedy bot never reaches in simulation.

For each victory (corruption, propaganda, hacking) the bot that pursues it plays
seeded games against the random bot; if it never wins that way, the content makes
that path unreachable in practice. The finding names a seed to replay.

Failing: ``corruption_to_win`` so high that the corruption bot never gets there.

Passing: every path won at least once in the games played.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext
from rules_engine.core.replay import content_option
from rules_engine.san.lint.simulation_runs import games

CODE = "L811"
NAME = "victory-never-reached"
SEVERITY = Severity.ERROR
SIMULATED = True


def check(context: LintContext) -> Iterator[Diagnostic]:
    where = context.manifest_location
    for path in ("corruption", "propaganda", "hacking"):
        records = games(context.model, (path, "random"), context.games, context.seed)
        if not any(r.end == path and r.returns[0] == 1.0 for r in records):
            yield Diagnostic(CODE, SEVERITY, f"the {path} bot never won by {path} in "
                             f"{len(records)} games (seeds {context.seed}.."
                             f"{context.seed + len(records) - 1}; replay: samizdat simulate "
                             f"san{content_option(context.content.folder)} --bots {path},random "
                             f"--replay {context.seed})", where)
