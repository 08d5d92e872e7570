"""Ranges no value can fall in: a ``{min: 4, max: 3}`` anywhere in the content (a
parameter, a player count, a card's range) is error M403 at the range. Whatever is
held to such a range fails it, so the slip is said once, where it is, rather than at
every item the range then rejects."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from rules_engine.core.content import Item, mappings
from rules_engine.core.diagnostics import Diagnostic, error


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def empty(value: Any) -> bool:
    """Whether ``value`` is a ``{min, max}`` range with its minimum above its maximum."""
    return isinstance(value, dict) and _number(value.get("min")) and \
        _number(value.get("max")) and value["min"] > value["max"]


def empty_ranges(items: Iterable[Item]) -> Iterator[Diagnostic]:
    """M403 for each range in ``items`` whose minimum is above its maximum."""
    for item in items:
        for path, found in mappings(item.data):
            if isinstance(found, dict) and empty(found):
                name = ".".join(str(p) for p in path if isinstance(p, str)) or "range"
                yield error("M403", f"{name}: min {found['min']} is above max {found['max']}, "
                            "so no value is in the range", item.loc(*path, "min"),
                            hint="swap them, or give the range you meant")
