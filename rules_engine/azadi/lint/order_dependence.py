"""Two effects in the same timing window whose order changes the game.

In the simulated games (see L711), whenever two or more effects apply at the same
moment — start- or end-of-turn effects (the Imperial Mandate's and a Tyranny
card's while-active powers), or powers listening to the same event (a
while-active power and a Resistance card both answering a trade) — the engine
also runs them in the reverse order on a copy of the game and compares each
player's resources and voters. No rule of the game orders such effects, so a
difference is an error; the finding shows both outcomes for the acting player and
the game to replay. (L703 flags the same pairs statically.)

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

from rules_engine.azadi.lint.simulation_runs import choice_location, first_findings
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L714"
NAME = "order-dependence"
SEVERITY = Severity.ERROR
SIMULATED = True


def _window_and_sources(key: str) -> str:
    return "|".join(key.split("|")[1:3])


def check(context: LintContext) -> Iterator[Diagnostic]:
    for runs, record, key in first_findings(context, "order:", _window_and_sources):
        head, window, sources, forward, reverse = key.split("|")
        turn = head.split(":")[1]
        card, involved = next(((t, n) for t in runs.campaign.tyranny_cards
                               for n, c in enumerate(t.choices) if repr(c.title) in sources),
                              (runs.card, runs.choice))
        moment = f"on each {window.split()[1]} event" if window.startswith("event ") \
            else f"at {window.replace('_', ' ')}"
        yield Diagnostic(
            CODE, SEVERITY, f"{runs.label}: {moment} "
            f"the order of {sources} changes the game: in that order the player "
            f"ends with {forward}; reversed, with {reverse} (turn {turn}; replay: "
            f"{runs.replay(record.seed)})",
            choice_location(context, runs, "while_active", involved, card))
