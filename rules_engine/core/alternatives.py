"""Alternatives one item prints side by side, learned from a game's shipped content.

A Monument prints a power and another for 2-player games; a Mandate, an Imperial side
and a Rebel side. Every shipped item holds two different things there, or the
second would not be printed. :func:`learn` finds, per section, the pairs of top-level
fields holding lists or mappings that at least :data:`SUPPORT` shipped items hold
both of and none holds equal; :func:`broken` lists the items of new content that hold
the same thing in both (a copy-paste left unedited).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.core.content import ContentSet, Item
from rules_engine.core.diagnostics import Location
from rules_engine.core.learned import folders

SUPPORT = 4
"""The fewest shipped items holding both fields for the pair to be learned."""


@dataclass(frozen=True)
class Alternative:
    """In ``section``, ``first`` and ``second`` never hold the same thing."""

    section: str
    first: str
    second: str
    support: int

    def says(self) -> str:
        return (f"every shipped {self.section} item holds something else in {self.second} "
                f"than in {self.first}")


@dataclass(frozen=True)
class Same:
    """An item of new content holding the same in both fields of ``alternative``."""

    alternative: Alternative
    location: Location
    other: Location


def _shape(value: Any) -> str | None:
    if isinstance(value, Mapping | list) and value:
        return json.dumps(value, sort_keys=True, default=str)
    return None


def _pairs(item: Item) -> Iterator[tuple[str, str, bool]]:
    """Each two fields holding lists, or each two holding mappings, and whether they
    hold the same."""
    held = {str(k): _shape(v) for k, v in item.data.items()}
    keys = sorted(k for k, v in held.items() if v is not None)
    for first, second in itertools.combinations(keys, 2):
        if isinstance(item.data[first], list) == isinstance(item.data[second], list):
            yield first, second, held[first] == held[second]


def learn(content: ContentSet) -> list[Alternative]:
    """The pairs of fields no shipped item holds the same in (module docstring)."""
    seen: dict[tuple[str, str, str], list[bool]] = {}
    for sections in folders(content):
        for section, items in sections.items():
            for item in items:
                for first, second, same in _pairs(item):
                    seen.setdefault((section, first, second), []).append(same)
    return [Alternative(section, first, second, len(held))
            for (section, first, second), held in sorted(seen.items())
            if len(held) >= SUPPORT and not any(held)]


def broken(content: ContentSet, alternatives: list[Alternative]) -> Iterator[Same]:
    """Every item of ``content`` holding the same in both fields of an alternative."""
    by_section: dict[str, list[Alternative]] = {}
    for alternative in alternatives:
        by_section.setdefault(alternative.section, []).append(alternative)
    for sections in folders(content):
        for section, items in sections.items():
            for item in items:
                for alternative in by_section.get(section, ()):
                    first = _shape(item.data.get(alternative.first))
                    if first is not None and first == _shape(
                            item.data.get(alternative.second)):
                        yield Same(alternative, item.loc(alternative.second),
                                   item.loc(alternative.first))
