"""How a balance diff writes its figures, the same in every format: a figure's name
and card, a share or a mean with its 95 % interval, a change with its interval, a
p-value; and the report's context (the versions, games, seeds and bots)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from compiler.diff.compare import Comparison, Figure
from compiler.stats.intervals import Difference
from compiler.stats.measures import Estimate


@dataclass
class Context:
    """What was compared and how: the two versions as labelled, the games per side and
    the first seed, the runs played (game, campaign, bots), the level, and the games
    and campaigns only one side holds."""

    base: str
    head: str
    games: int
    seed: int
    alpha: float
    played: list[tuple[str, str, tuple[str, ...]]] = field(default_factory=list)
    games_added: list[str] = field(default_factory=list)
    games_removed: list[str] = field(default_factory=list)
    campaigns_added: list[tuple[str, str]] = field(default_factory=list)
    campaigns_removed: list[tuple[str, str]] = field(default_factory=list)


def run_name(game: str, campaign: str) -> str:
    """A run as reports name it: the game, and its campaign."""
    return f"{game} {campaign}" if campaign else game


def figure_name(estimate: Estimate) -> str:
    """What a figure measures: its metric, and the seat of a seat's win rate."""
    if not estimate.card and estimate.item:
        return f"{estimate.metric} ({estimate.item})"
    return estimate.metric


def subject(estimate: Estimate) -> str:
    """A figure in a sentence: "Bought Board Seat (use)", "win rate (Moon)"."""
    card = card_name(estimate)
    return f"{card} ({estimate.metric})" if card else figure_name(estimate)


def card_name(estimate: Estimate) -> str:
    """The card (or country) a figure is about, "" for the game as a whole."""
    return estimate.item if estimate.card else ""


def value(estimate: Estimate) -> str:
    """A share as a percentage, a mean in turns, with the 95 % interval."""
    if estimate.kind == "mean":
        shown = f"{estimate.value:.1f}"
        if estimate.low is None or estimate.high is None:
            return f"{shown} turns"
        return f"{shown} turns ({estimate.low:.1f} to {estimate.high:.1f})"
    return (f"{estimate.value:.1%} ({_percent(estimate.low)} to "
            f"{_percent(estimate.high)})")


def _percent(share: float | None) -> str:
    return "?" if share is None else f"{share:.1%}"


def change(figure: Figure) -> str:
    """Head minus base: percentage points of a share, turns of a mean, with the 95 %
    interval."""
    moved: Difference = figure.change
    if figure.head.kind == "mean":
        if math.isinf(moved.low) or math.isinf(moved.high):
            return f"{moved.delta:+.1f} turns"
        return f"{moved.delta:+.1f} turns ({moved.low:+.1f} to {moved.high:+.1f})"
    return (f"{100 * moved.delta:+.1f} pts ({100 * moved.low:+.1f} to "
            f"{100 * moved.high:+.1f})")


def p_value(figure: Figure) -> str:
    """The test's two-sided p-value ("-" for a figure not tested)."""
    if not figure.tested:
        return "-"
    p = figure.change.p_value
    return f"{p:.1e}" if p < 0.001 else f"{p:.3f}"


def verdict(comparison: Comparison) -> str:
    """One sentence: how many figures moved of how many tested, at which level."""
    moved = len(comparison.moved)
    tested = comparison.tested
    level = f"{comparison.alpha:g}"
    if not moved:
        return (f"Nothing moved beyond noise: none of the {tested} figures tested is "
                f"significant at {level} after Holm's correction.")
    return (f"{moved} of the {tested} figures tested moved beyond noise (significant at "
            f"{level} after Holm's correction).")


def bots(seats: tuple[str, ...]) -> str:
    """The bots of a run, one name when every seat plays the same."""
    return seats[0] if len(set(seats)) == 1 else ",".join(seats)
