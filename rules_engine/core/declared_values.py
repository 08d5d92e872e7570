"""Values a manifest declares that no item uses, learned from a game's shipped content.

Spring's ``revolution_types`` parameter lists five types, and every one of them is the
``subtype`` of some shipped card; no card's subtype is outside the list. :func:`learn`
finds each manifest parameter whose value is a list of names and each (section,
top-level field) whose values across the shipped items are exactly that list, held by
at least :data:`SUPPORT` items. :func:`broken` lists the names such a parameter
declares in new content that no item of that section uses: a type with no card (a
"riot" added to the types and never dealt), which play and print treat as present.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.core.content import ContentSet
from rules_engine.core.diagnostics import Location
from rules_engine.core.learned import folders

SUPPORT = 8
"""The fewest shipped items holding the field for the link to be learned."""


@dataclass(frozen=True)
class Declared:
    """Every name of ``parameter`` is the ``field`` of some ``section`` item."""

    parameter: str
    section: str
    field: str
    support: int

    def says(self) -> str:
        return (f"every name parameters.{self.parameter} lists is the {self.field} of some "
                f"shipped {self.section} item")


@dataclass(frozen=True)
class Unused:
    """A name of the parameter no item of the section uses."""

    declared: Declared
    name: str
    location: Location


def _names(content: ContentSet) -> dict[str, list[str]]:
    """The manifest's parameters whose value is a list of two or more names."""
    manifest = content.manifest
    params = manifest.get("parameters") if manifest is not None else None
    found: dict[str, list[str]] = {}
    for name, entry in (params or {}).items():
        value = entry.get("value") if isinstance(entry, Mapping) else None
        if isinstance(value, list) and len(value) >= 2 and \
                all(isinstance(v, str) for v in value):
            found[str(name)] = [str(v) for v in value]
    return found


def _held(content: ContentSet) -> dict[tuple[str, str], list[str]]:
    """(section, field) -> every string value the items of the section hold there."""
    held: dict[tuple[str, str], list[str]] = {}
    for sections in folders(content):
        for section, items in sections.items():
            for item in items:
                for key, value in item.data.items():
                    if isinstance(value, str):
                        held.setdefault((section, str(key)), []).append(value)
    return held


def learn(content: ContentSet) -> list[Declared]:
    """The parameters whose names are exactly what a field holds (module docstring)."""
    held = _held(content)
    out = []
    for parameter, names in sorted(_names(content).items()):
        for (section, key), values in sorted(held.items()):
            if len(values) >= SUPPORT and set(values) == set(names):
                out.append(Declared(parameter, section, key, len(values)))
    return out


def _item_values(content: ContentSet, section: str, key: str) -> set[Any]:
    return {item.data.get(key) for sections in folders(content)
            for item in sections.get(section, ())}


def broken(content: ContentSet, declared: list[Declared]) -> Iterator[Unused]:
    """Each name a learned parameter lists in ``content`` that no item uses there."""
    manifest = content.manifest
    if manifest is None:
        return
    names = _names(content)
    for link in declared:
        if link.parameter not in names:
            continue
        used = _item_values(content, link.section, link.field)
        for index, name in enumerate(names[link.parameter]):
            if name not in used:
                yield Unused(link, name, manifest.loc("parameters", link.parameter, "value",
                                                      index))

