"""Seat advantage and Victory Token spread (information).

Reports the win rate of each seat and the mean VT of each seat over seeded games
of random bots, so a designer sees whether playing first or last matters.

Failing: (information only) seat 1 wins 40 % of 4-player games.

Passing: every seat wins about a quarter.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext
from rules_engine.core.run_cache import cached_run
from rules_engine.core.simulate import Simulation, summary

CODE = "L912"
NAME = "seat-balance"
SEVERITY = Severity.INFO
SIMULATED = True


def check(context: LintContext) -> Iterator[Diagnostic]:
    spec = Simulation("rules_engine.spring.simulation:setup",
                      (("content", context.model), ("bots", ("random",) * 4)))
    records = cached_run(spec, context.games, context.seed)
    report = summary(records, 4)
    means = [sum(r.counters.get(f"vt:P{i + 1}", 0) for r in records) / len(records)
             for i in range(4)]
    where = context.manifest_location
    rates = ", ".join(f"P{i + 1} {rate:.0%}" for i, rate in enumerate(report["win_rate_by_seat"]))
    vts = ", ".join(f"P{i + 1} {m:.1f}" for i, m in enumerate(means))
    yield Diagnostic(CODE, SEVERITY, f"4 random players, {len(records)} games: wins {rates}; "
                     f"mean VT {vts}", where)
