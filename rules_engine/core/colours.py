"""Colours as print sees them: how far apart two sRGB colours look (CIE76 ΔE in
CIELAB, D65), for telling whether two items a board tells apart by colour (Spring's
countries) print nearly alike."""

from __future__ import annotations

import re

HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
NEAR = 10.0
"""Under this ΔE two colours are hard to tell apart on a printed board (2.3 is the
smallest difference the eye sees side by side; inks and paper blur it further)."""


def is_colour(value: object) -> bool:
    """Whether ``value`` is a ``#rrggbb`` colour."""
    return isinstance(value, str) and bool(HEX.match(value))


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _f(t: float) -> float:
    return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116


def lab(colour: str) -> tuple[float, float, float]:
    """The CIELAB (D65) coordinates of a ``#rrggbb`` sRGB colour."""
    r, g, b = (_linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    fx, fy, fz = _f(x), _f(y), _f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(first: str, second: str) -> float:
    """ΔE (CIE76) between two ``#rrggbb`` colours."""
    return float(sum((a - b) ** 2 for a, b in zip(lab(first), lab(second), strict=True)) ** 0.5)
