"""A campaign whose difficulty levels are out of order: a harder level reaches azadi
more often than an easier one.

Each campaign is played at every difficulty (Table 1: the Fort lies further up the
track at each level) in ordinary games by the strongest cheap bot in every seat,
the same seeds at each level (see ``balance_runs``). The share of games reaching
azadi must fall from easy to medium to hard. Because the same seed is played at
every level, two levels are compared seed by seed (ruling R53): only the seeds
where exactly one of the two reached azadi tell them apart, and under equal
difficulty each such seed is as likely to favour either level. A pair is out of
order when the harder level is favoured by more of those seeds than chance
explains: a one-sided exact sign test (McNemar's test on the discordant seeds) at
5 % (``ALPHA``). That is a warning naming the rates, the game counts and the
command that replays a game the harder level won and the easier one lost. A
smaller reversal, or equal rates above zero, is within noise and not reported;
two neighbouring levels at which no game reached azadi cannot be told apart at
all, which is one note (info) per campaign. ``--games`` raises the budget
(``--games 200``: 8 games per level).

Failing::

    # game.yaml, Table 1, 4 players
    azadi_points: {easy: 12, medium: 11, hard: 6}

Passing::

    azadi_points: {easy: 10, medium: 11, hard: 12}
"""

from __future__ import annotations

from collections.abc import Iterator
from math import comb

from rules_engine.azadi.lint.balance_runs import LevelRuns, by_campaign
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext

CODE = "L716"
NAME = "difficulty-out-of-order"
SEVERITY = Severity.WARNING
SIMULATED = True
ALPHA = 0.05            # one-sided significance of a reversal
# the pairs compared, easier level first
PAIRS = ((0, 1), (1, 2), (0, 2))


def sign_test(harder_only: int, easier_only: int) -> float:
    """The one-sided p-value of ``harder_only`` or more of the discordant seeds
    favouring the harder level when each favours either level with chance 1/2."""
    n = harder_only + easier_only
    tail: int = sum(comb(n, k) for k in range(harder_only, n + 1))
    return tail / (1 << n)


def discordant(easier: LevelRuns, harder: LevelRuns) -> tuple[list[int], list[int]]:
    """The seeds at which only the harder level reached azadi, and those at which
    only the easier one did (the same seeds are played at both)."""
    easy = {r.seed: bool(r.counters.get("azadi")) for r in easier.records}
    hard = {r.seed: bool(r.counters.get("azadi")) for r in harder.records}
    seeds = sorted(easy.keys() & hard.keys())
    return ([s for s in seeds if hard[s] and not easy[s]],
            [s for s in seeds if easy[s] and not hard[s]])


def out_of_order(harder_only: int, easier_only: int) -> bool:
    """Whether the harder level reached azadi more often than noise explains."""
    return harder_only > easier_only and sign_test(harder_only, easier_only) < ALPHA


def rates(levels: tuple[LevelRuns, ...]) -> str:
    return ", ".join(f"{r.difficulty} {r.azadi} of {len(r.records)} "
                     f"({r.azadi / max(1, len(r.records)):.0%})" for r in levels)


def check(context: LintContext) -> Iterator[Diagnostic]:
    for campaign, levels in by_campaign(context):
        if len(levels) < 2:
            continue
        reversed_pairs = []
        for i, j in PAIRS:
            if j >= len(levels):
                continue
            harder_only, easier_only = discordant(levels[i], levels[j])
            if out_of_order(len(harder_only), len(easier_only)):
                reversed_pairs.append((levels[i], levels[j], harder_only, easier_only))
        if reversed_pairs:
            easier, harder, harder_only, easier_only = reversed_pairs[0]
            said = "; ".join(
                f"{h.difficulty} reached azadi in {len(ho)} games {e.difficulty} did not, "
                f"{e.difficulty} in {len(eo)} {h.difficulty} did not "
                f"(one-sided sign test p = {sign_test(len(ho), len(eo)):.3f})"
                for e, h, ho, eo in reversed_pairs)
            yield Diagnostic(
                CODE, SEVERITY, f"{campaign.name}: the difficulty levels are out of "
                f"order: games reaching azadi: {rates(levels)}, the same seeds at each "
                f"level; {said} (replay, at {harder.difficulty}: "
                f"{harder.replay(harder_only[0])})", campaign.location)
            continue
        tied = [r.difficulty for n, r in enumerate(levels) if r.azadi == 0 and any(
            o.azadi == 0 for o in levels[max(0, n - 1):n + 2] if o is not r)]
        if tied:
            names = f"{', '.join(tied[:-1])} and {tied[-1]}"
            yield Diagnostic(
                CODE, Severity.INFO, f"{campaign.name}: games reaching azadi: "
                f"{rates(levels)}; {names} cannot be told apart within the budget "
                f"(no game reached azadi at those levels; --games raises it)", campaign.location)
