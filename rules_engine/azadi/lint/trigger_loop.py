"""A chain of triggered powers that does not end.

Powers that listen to events (``when: {event: ...}``) may cause the events other
powers listen to. In the simulated games (see L711) a chain deeper than 8 is
stopped by the engine and reported here with the turn, the event and the command
that replays the game; the finding points at the forced choice's while-active
powers when they listen to events, else at the campaign.

Failing: a power that places a voter whenever a voter is placed::

    - when: {event: voter_placed, where: {whose: own}}
      do: [{action: place_voters, count: 1}]

Passing: the same power limited to once a turn::

    - when: {event: voter_placed, where: {whose: own}}
      limit: {per_turn: 1}
      do: [{action: place_voters, count: 1}]
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.azadi.lint.simulation_runs import choice_location, first_findings
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.effects import Ability, Listener
from rules_engine.core.lint import LintContext

CODE = "L712"
NAME = "trigger-loop"
SEVERITY = Severity.ERROR
SIMULATED = True


def check(context: LintContext) -> Iterator[Diagnostic]:
    for runs, record, key in first_findings(context, "loop:", lambda k: k.split(":", 2)[2]):
        _, turn, event = key.split(":", 2)
        listens = any(isinstance(e, Ability) and isinstance(e.when, Listener)
                      for e in runs.card.choices[runs.choice].while_active)
        where = choice_location(context, runs, "while_active") if listens \
            else runs.campaign.location
        yield Diagnostic(
            CODE, SEVERITY, f"{runs.label}: powers triggered by {event!r} "
            f"chain deeper than the engine allows (turn {turn}; replay: "
            f"{runs.replay(record.seed)})", where)
