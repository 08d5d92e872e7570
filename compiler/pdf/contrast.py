"""Colour contrast of printed text against what lies under it (WCAG 2's relative
luminance and contrast ratio), and the readable text colour for a fill.

Text must reach ``MINIMUM`` (4.5:1, WCAG's level AA for body text) against its
background; a board segment or cell filled with a country's dark colour gets light
text, a light fill dark text (:func:`readable_on`)."""

from __future__ import annotations

MINIMUM = 4.5
DARK = "#111111"
LIGHT = "#ffffff"


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (0 black to 1 white)."""
    text = colour.lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    r, g, b = (int(text[i:i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def ratio(one: str, other: str) -> float:
    """The contrast ratio of two colours, 1 (none) to 21 (black on white)."""
    a, b = sorted((luminance(one), luminance(other)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def readable_on(fill: str, wanted: str = DARK) -> str:
    """``wanted`` when it reaches MINIMUM against ``fill``, else dark or light text,
    whichever contrasts more."""
    if ratio(wanted, fill) >= MINIMUM:
        return wanted
    return max((DARK, LIGHT), key=lambda c: ratio(c, fill))
