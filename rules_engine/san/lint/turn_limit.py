"""The turn limit ends games the rules would have ended (random bots).

``max_turns`` is a safety stop (ruling R15): a game ends by a victory or by the River
running out long before it. Games of random bots that stop at the limit are replayed
on the same seeds with a limit ten times higher (:mod:`rules_engine.core.turn_limit`);
when they then end by the rules, the limit is cutting games short and is found at the
parameter.

Failing: ``max_turns: 30`` (a slipped digit): most games stop there, drawn.

Passing: ``max_turns: 300``: no game of random bots reaches it.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Related, Severity
from rules_engine.core.lint import LintContext
from rules_engine.core.replay import content_option
from rules_engine.core.simulate import Simulation
from rules_engine.core.turn_limit import binding
from rules_engine.san.lint.simulation_runs import games

CODE = "L815"
NAME = "turn-limit-binds"
SEVERITY = Severity.WARNING
SIMULATED = True
LIMIT_END = "turn limit"     # how the engine records a game the limit stopped


def check(context: LintContext) -> Iterator[Diagnostic]:
    bots = ("random", "random")
    records = games(context.model, bots, context.games, context.seed)
    spec = Simulation("rules_engine.san.simulation:setup",
                      (("content", context.model), ("bots", bots)))
    found = binding(context.content.manifest, spec, records, lambda r: r.end == LIMIT_END)
    if found is not None:
        yield Diagnostic(CODE, SEVERITY, f"{found.says()} (replay: samizdat simulate san"
                         f"{content_option(context.content.folder)} --bots random,random "
                         f"--replay {found.first.seed})", found.location,
                         (Related(context.manifest_location, "the game"),))
