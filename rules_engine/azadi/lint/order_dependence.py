"""Two effects in the same timing window whose order changes the game.

In the simulated games (see L711), whenever two or more start- or end-of-turn
effects apply at once (the Imperial Mandate's and a Tyranny card's while-active
powers), the engine also runs them in the reverse order on a copy of the game
and compares each player's resources and voters. No rule of the game orders
such effects, so a difference is an error; the finding shows both outcomes for
the acting player and the game to replay. (L703 flags the same pairs statically.)

Failing (American Revolution 1776, whose Mandate discards down at end of turn)::

    while_active:
      - when: end_of_turn
        do: [{action: evict_voters, count: {per_resources_left: 3}}]

Passing: an activated power instead::

    while_active:
      - when: activated
        do: [{action: evict_voters, count: 1}]
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.azadi.lint.simulation_runs import choice_location, choice_runs
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L714"
NAME = "order-dependence"
SEVERITY = Severity.ERROR
SIMULATED = True


def check(context: LintContext) -> Iterator[Diagnostic]:
    reported: set[tuple[str, str, str, str]] = set()
    for runs in choice_runs(context.model, context.games, context.seed,
                            context.alternate_history):
        for record in runs.records:
            for key in sorted(k for k in record.counters if k.startswith("order:")):
                head, window, sources, forward, reverse = key.split("|")
                if (runs.campaign.id, runs.mandate, window, sources) in reported:
                    continue
                reported.add((runs.campaign.id, runs.mandate, window, sources))
                turn = head.split(":")[1]
                involved = next((n for n, c in enumerate(runs.card.choices)
                                 if repr(c.title) in sources), runs.choice)
                yield Diagnostic(
                    CODE, SEVERITY, f"{runs.label}: at {window.replace('_', ' ')} "
                    f"the order of {sources} changes the game: in that order the player "
                    f"ends with {forward}; reversed, with {reverse} (turn {turn}; replay: "
                    f"{runs.replay(record.seed)})",
                    choice_location(context, runs, "while_active", involved))
