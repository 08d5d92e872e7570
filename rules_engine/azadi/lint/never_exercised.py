"""Content the lint's simulated games never exercised (interaction coverage).

The games the simulated analyses play for a campaign (every Tyranny choice forced
into play, Seat of Power, greedy bots; see ``simulation_runs``) record which effects
fired: each Tyranny choice, Resistance card, Imperial Order, Mandate side, Foundation
side, Monument and Maidaan power, and which (law, power) pairs were in play together
(:mod:`rules_engine.azadi.coverage`). One note per campaign says how much was
exercised and names what never was, so a clean lint is never read as "every
interaction was tried" when it was not. It is a note, not a warning: the bots, not
the content, may be why an effect never fires (Foundation sides need games that
reach azadi). ``--games`` raises the budget.

Failing::

    # a Resistance card no Tyranny choice's game ever lets a player use
    resistance: 48

Passing::

    resistance: 12     # used in the choice's games
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.azadi import coverage
from rules_engine.azadi.lint.simulation_runs import choice_runs
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L715"
NAME = "never-exercised"
SEVERITY = Severity.INFO
SIMULATED = True
NAMED = 6               # never-fired effects named in the note; the rest are counted
# which kinds are named first: those the games before azadi can reach
FIRST_NAMED = ("resistance", "order", "maidaan", "tyranny", "mandate", "monument",
               "foundation")


def check(context: LintContext) -> Iterator[Diagnostic]:
    runs = choice_runs(context.model, context.games, context.seed, context.alternate_history)
    for campaign in context.model.campaigns:
        records = [r for x in runs if x.campaign.id == campaign.id and not x.mandate
                   for r in x.records]
        if not records:
            continue
        universe = coverage.universe(context.model, campaign, seat_of_power=True)
        fired = set().union(*(coverage.fired_keys(r.counters) for r in records))
        pairs = {k for r in records for k in r.counters if k.startswith("pair:")}
        never = [e for e in universe.effects if e not in fired]
        if not never:
            continue
        never.sort(key=lambda e: FIRST_NAMED.index(e.split(":", 1)[0]))    # stable
        named = ", ".join(coverage.describe(context.model, e) for e in never[:NAMED])
        more = f", and {len(never) - NAMED} more" if len(never) > NAMED else ""
        yield Diagnostic(
            CODE, SEVERITY, f"{campaign.name}: {len(universe.effects) - len(never)} of "
            f"{len(universe.effects)} effects fired in {len(records)} simulated games, "
            f"{len(pairs)} of {universe.pairs} (law, power) pairs in play together; never "
            f"fired: {named}{more}", campaign.location)
