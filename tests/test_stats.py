"""The intervals and tests sweeps and balance diffs report, against textbook values,
and the figures folded from game records."""

from __future__ import annotations

import math

import pytest

from compiler.stats.intervals import holm, mean_interval, two_means, two_proportions, wilson
from compiler.stats.measures import Measures
from rules_engine.core.plugin import Tracked
from rules_engine.core.simulate import GameRecord


def test_wilson_matches_published_values() -> None:
    # Newcombe (1998), table I: 15 of 148 -> 0.0624 to 0.1605; 0 of 20 -> 0 to 0.1611
    low, high = wilson(15, 148)
    assert (round(low, 4), round(high, 4)) == (0.0624, 0.1605)
    low, high = wilson(0, 20)
    assert (round(low, 4), round(high, 4)) == (0.0, 0.1611)
    assert wilson(0, 0) == (0.0, 1.0)


def test_newcombe_difference_matches_published_value() -> None:
    # Newcombe (1998), table II example (a): 56/70 vs 48/80: 0.0524 to 0.3339 for p1 - p2
    moved = two_proportions(48, 80, 56, 70)
    assert round(moved.delta, 4) == 0.2
    assert (round(moved.low, 4), round(moved.high, 4)) == (0.0524, 0.3339)
    assert moved.p_value < 0.01


def test_no_change_is_not_significant() -> None:
    same = two_proportions(30, 100, 30, 100)
    assert same.delta == 0 and same.p_value == pytest.approx(1.0)


def test_mean_interval_and_welch() -> None:
    values = [10, 12, 14, 16, 18]
    low, high = mean_interval(sum(values), sum(v * v for v in values), len(values))
    assert (low + high) / 2 == pytest.approx(14)
    assert (high - low) / 2 == pytest.approx(1.959964 * math.sqrt(10 / 5), rel=1e-5)
    assert mean_interval(5, 25, 1) == (-math.inf, math.inf)
    moved = two_means(70, 1020, 5, 100, 2040, 5)    # means 14 and 20, variance 10 each
    assert moved.delta == pytest.approx(6)
    assert moved.z == pytest.approx(6 / math.sqrt(4))


def test_holm_controls_the_family() -> None:
    assert holm([0.01, 0.04, 0.03, 0.5]) == [True, False, False, False]
    assert holm([0.001, 0.012, 0.02]) == [True, True, True]


def test_measures_fold_and_merge() -> None:
    tracked = [Tracked("azadi rate", "azadi"), Tracked("use", "used:x", "Card X")]
    records = [GameRecord(0, (1.0, 0.0), 0, 10, "end", {"azadi": 1, "used:x": 3}),
               GameRecord(1, (0.0, 0.0), 1, 20, "end", {"used:x": 0}),
               GameRecord(2, (0.0, 1.0), 0, 30, "end", {})]
    whole = Measures(["A", "B"], tracked)
    for record in records:
        whole.add(record)
    first, second = Measures(["A", "B"], tracked), Measures(["A", "B"], tracked)
    first.add(records[0])
    for record in records[1:]:
        second.add(record)
    first.merge(second)
    assert first.sums() == whole.sums()
    found = {e.id: e for e in whole.estimates()}
    assert found["win_rate:A"].count == 1 and found["win_rate:B"].count == 1
    assert found["draw_rate"].count == 1
    assert (found["first_player_win_rate"].count, found["first_player_win_rate"].n) == (1, 2)
    assert found["length"].value == 20
    assert found["azadi_rate"].count == 1
    assert found["use:used:x"].count == 1 and found["use:used:x"].item == "Card X"
