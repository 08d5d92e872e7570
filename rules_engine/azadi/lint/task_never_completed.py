"""A Tyranny task the bots never complete when its card is forced into play.

For every choice of every Tyranny card, seeded games are played with that card
coming up first and only that choice's task counting, by greedy bots that pursue
the task: they take the action that advances it most (trying powers on a clone),
trade for the resource a spending task wants, and place voters to win the
gerrymandering rights or the coalition a task needs. A choice none of them
completes gets twice as many games again; a choice still never completed is a
warning with the closest progress reached and the command that replays that
game. ``--games`` sets the budget (``--games 200``: 4 games per choice, then 8).

Failing::

    task: {event: majority_broken, where: {who: imperial}}
    times: 12

Passing::

    task: {event: dissent_committed}
    times: 4
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.azadi.lint.simulation_runs import choice_location, choice_runs, completed
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L711"
NAME = "task-never-completed"
SEVERITY = Severity.WARNING
SIMULATED = True


def check(context: LintContext) -> Iterator[Diagnostic]:
    for runs in choice_runs(context.model, context.games, context.seed,
                            context.alternate_history):
        if runs.mandate:        # other Mandates may forbid the task outright (L701)
            continue
        key = f"{runs.card.id}:{runs.choice}"
        if completed(runs.records, runs.card, runs.choice):
            continue
        closest = max(runs.records, key=lambda r: (r.counters.get(f"task:{key}", 0), -r.seed))
        choice = runs.card.choices[runs.choice]
        task = choice.task.event
        yield Diagnostic(
            CODE, SEVERITY, f"{runs.label}: the task of {choice.title!r} ({task} "
            f"x{choice.times}) was not completed in {len(runs.records)} games with "
            f"{runs.card.title!r} forced into play; closest: "
            f"{closest.counters.get(f'task:{key}', 0)} of {choice.times} (replay: "
            f"{runs.replay(closest.seed)})", choice_location(context, runs))
