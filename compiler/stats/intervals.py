"""Confidence intervals and two-sample tests for the figures of simulated games.

A share of games (the azadi rate, a card's use) gets a Wilson score interval, which
stays inside [0, 1] and is honest at 0 and at n; a mean (game length) a normal
interval from the sample's standard deviation. Two runs are compared with a
two-proportion z-test (pooled) and Newcombe's interval for the difference of two
shares, or Welch's z-test and interval for the difference of two means. Pure
Python, no SciPy: ``math.erfc`` gives the normal tail."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054          # the normal quantile of a two-sided 95 % interval


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``n`` ((0, 1) for n = 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(total: float, squares: float, n: int, z: float = Z95
                  ) -> tuple[float, float]:
    """A normal interval of a mean from the sum and the sum of squares of ``n``
    values (unbounded below two values)."""
    if n < 2:
        return -math.inf, math.inf
    mean = total / n
    half = z * math.sqrt(sample_variance(total, squares, n) / n)
    return mean - half, mean + half


def sample_variance(total: float, squares: float, n: int) -> float:
    """The unbiased variance of ``n`` values from their sum and sum of squares."""
    if n < 2:
        return 0.0
    return max(0.0, (squares - total * total / n) / (n - 1))


@dataclass(frozen=True)
class Difference:
    """How a figure moved from a base run to a head run: the estimate of head minus
    base, its 95 % interval, the test statistic and its two-sided p-value."""

    delta: float
    low: float
    high: float
    z: float
    p_value: float


def two_proportions(x1: int, n1: int, x2: int, n2: int, z: float = Z95) -> Difference:
    """Head (``x2`` of ``n2``) minus base (``x1`` of ``n1``): a pooled two-proportion
    z-test and Newcombe's hybrid score interval (method 10) of the difference."""
    if n1 <= 0 or n2 <= 0:
        return Difference(0.0, -1.0, 1.0, 0.0, 1.0)
    p1, p2 = x1 / n1, x2 / n2
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    statistic = (p2 - p1) / se if se > 0 else 0.0
    l1, u1 = wilson(x1, n1, z)
    l2, u2 = wilson(x2, n2, z)
    delta = p2 - p1
    low = delta - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = delta + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return Difference(delta, low, high, statistic, normal_two_sided(statistic))


def two_means(total1: float, squares1: float, n1: int, total2: float, squares2: float,
              n2: int, z: float = Z95) -> Difference:
    """Head minus base of two means (from sums and sums of squares): Welch's z-test
    and its interval."""
    if n1 <= 0 or n2 <= 0:
        return Difference(0.0, -math.inf, math.inf, 0.0, 1.0)
    delta = total2 / n2 - total1 / n1
    se = math.sqrt(sample_variance(total1, squares1, n1) / n1
                   + sample_variance(total2, squares2, n2) / n2)
    statistic = delta / se if se > 0 else 0.0
    return Difference(delta, delta - z * se, delta + z * se, statistic,
                      normal_two_sided(statistic) if se > 0 else (1.0 if delta == 0 else 0.0))


def normal_two_sided(statistic: float) -> float:
    """P(|Z| >= |statistic|) for a standard normal Z."""
    return math.erfc(abs(statistic) / math.sqrt(2))


def holm(p_values: list[float], alpha: float = 0.05) -> list[bool]:
    """Which of ``p_values`` are significant at family-wise level ``alpha`` (Holm's
    step-down method): many figures are tested at once, and a plain 5 % test would
    flag one figure in twenty that did not move."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    significant = [False] * len(p_values)
    for rank, index in enumerate(order):
        if p_values[index] > alpha / (len(p_values) - rank):
            break
        significant[index] = True
    return significant
