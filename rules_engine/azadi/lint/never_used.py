"""A Resistance card that players could use in many games and never did.

A Resistance card is *eligible* in a game when a player was offered its use (its
action was legal at least once: the card lay in a zone open to that player, who
had reached level 3 of its ideologue and could pay for it; ruling R53). Over every
distinct game the simulated analyses play for a campaign (the ordinary games of
``balance_runs`` at medium difficulty and the Tyranny choices' games of
``simulation_runs``, whose bots use a power that advances a task), a card eligible
in at least 5 games (``MIN_GAMES``) and used in none is a warning on the card, per
campaign, with the command that replays a game in which it was eligible: its power
is never worth its cost, or does nothing the players want. ``--games`` raises the
budget.

Failing::

    # a power that costs a lot and only gives back less than it costs
    cost: {funds: 4}
    do:
      - {action: gain_resources, resources: {funds: 1}}

Passing::

    cost: {funds: 2}
    do:
      - {action: discard_voters, count: 1, whose: imperial, majority: false, zone: this_zone}
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.azadi.lint.balance_runs import Sample, every_game
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L718"
NAME = "resistance-never-used"
SEVERITY = Severity.WARNING
SIMULATED = True
MIN_GAMES = 5           # eligible in at least this many games, used in none


def never_used(games: list[Sample], number: int) -> list[Sample]:
    """The games in which Resistance card ``number`` was eligible, when there are at
    least ``MIN_GAMES`` of them and it was used in none (else none)."""
    eligible = [g for g in games if g.counters.get(f"eligible:resistance:{number}")]
    if len(eligible) < MIN_GAMES or any(g.counters.get(f"used:resistance:{number}")
                                        for g in eligible):
        return []
    return eligible


def check(context: LintContext) -> Iterator[Diagnostic]:
    for campaign in context.model.campaigns:
        games = list(every_game(context, campaign))
        for card in context.model.resistance_cards:
            eligible = never_used(games, card.number)
            if not eligible:
                continue
            yield Diagnostic(
                CODE, SEVERITY, f"{campaign.name}: Resistance card {card.number} "
                f"{card.title!r} could be used in {len(eligible)} of {len(games)} simulated "
                f"games and was used in none (replay: {eligible[0].replay})", card.location)
