"""A Tyranny choice or a Maidaan power that is taken in almost every game it could
be, or in none.

In the ordinary games of each campaign (``balance_runs``: the strongest cheap bot
in every seat, at medium difficulty, the level ``simulate`` plays by default), a
Tyranny card's choice is *chosen* in a game when its task is the one completed, so
that the card resolves with it (ruling R53); it was open to the players in every
game in which the card came up. A Maidaan power is *bought* in a game when a
player pays its Infamy for it; it was open in every game in which a player was
offered it (its action was legal at least once). Among at least 8 games in which it
was open (``MIN_GAMES``), a choice or power taken in 95 % or more of them makes
the alternatives dead weight, and one taken in none is dead weight itself: either
is a warning on the choice or the power, per campaign, with the command that
replays such a game. When one choice of a card is always chosen, the other (never
chosen, then) is not reported again. ``--games`` raises the budget (``--games
200``: 8 games per campaign).

Failing::

    # game.yaml: a Maidaan power that costs nothing is bought whenever offered
    maidaan_costs: {value: {maidaan-evict-or-move: 0, ...}}

Passing::

    maidaan_costs: {value: {maidaan-evict-or-move: 2, ...}}
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.azadi.lint.balance_runs import LevelRuns, by_campaign, tyranny_location
from rules_engine.azadi.model import Campaign
from rules_engine.core.diagnostics import Diagnostic, Location, Severity
from rules_engine.core.lint import LintContext
from rules_engine.core.simulate import GameRecord

CODE = "L717"
NAME = "always-or-never-taken"
SEVERITY = Severity.WARNING
SIMULATED = True
LEVEL = "medium"        # the games judged: one level (the others replay the same deals)
ALWAYS = 0.95           # taken in at least this share of the games it was open in
MIN_GAMES = 8           # ... of at least this many games


def taken(records: tuple[GameRecord, ...], open_key: str, taken_key: str
          ) -> tuple[list[GameRecord], list[GameRecord]]:
    """The games in which it was open, and those of them in which it was taken."""
    opened = [r for r in records if r.counters.get(open_key)]
    return opened, [r for r in opened if r.counters.get(taken_key)]


def verdict(opened: int, chosen: int) -> str:
    """"always", "never" or "" for a choice taken in ``chosen`` of ``opened`` games."""
    if opened < MIN_GAMES:
        return ""
    if chosen >= ALWAYS * opened:
        return "always"
    return "never" if chosen == 0 else ""


def check(context: LintContext) -> Iterator[Diagnostic]:
    for campaign, levels in by_campaign(context):
        runs = next((r for r in levels if r.difficulty == LEVEL), None)
        if runs is None:
            continue
        yield from _tyranny(context, campaign, runs)
        yield from _maidaan(context, campaign, runs)


def _finding(campaign: Campaign, what: str, runs: LevelRuns, opened: list[GameRecord],
             chosen: list[GameRecord], where: str, location: Location) -> Diagnostic:
    always = verdict(len(opened), len(chosen)) == "always"
    shown = (chosen if always else opened)[0]
    how = (f"in {len(chosen)} of the {len(opened)}" if always
           else f"in none of the {len(opened)}")
    return Diagnostic(
        CODE, SEVERITY, f"{campaign.name}: {what} {how} games {where} ({runs.difficulty}, "
        f"{len(runs.records)} games; replay: {runs.replay(shown.seed)})", location)


def _tyranny(context: LintContext, campaign: Campaign, runs: LevelRuns
             ) -> Iterator[Diagnostic]:
    for card in campaign.tyranny_cards:
        found = []
        for n, choice in enumerate(card.choices):
            opened, chosen = taken(runs.records, f"drawn:tyranny:{card.id}",
                                   f"resolved:{card.id}:{n}")
            found.append((n, choice, opened, chosen, verdict(len(opened), len(chosen))))
        if any(v == "always" for *_, v in found):
            found = [f for f in found if f[4] == "always"]
        for n, choice, opened, chosen, said in found:
            if said:
                yield _finding(
                    campaign, f"Tyranny choice {choice.title!r} of {card.title!r} was "
                    f"chosen", runs, opened, chosen, "in which the card came up",
                    tyranny_location(context, campaign, card, n))


def _maidaan(context: LintContext, campaign: Campaign, runs: LevelRuns
             ) -> Iterator[Diagnostic]:
    for power in context.model.maidaan_powers:
        opened, chosen = taken(runs.records, f"eligible:maidaan:{power.id}",
                               f"used:maidaan:{power.id}")
        if verdict(len(opened), len(chosen)):
            yield _finding(campaign, f"Maidaan power {power.title!r} was bought", runs,
                           opened, chosen, "in which a player was offered it",
                           power.location)
