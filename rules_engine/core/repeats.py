"""Entries written twice in one list, learned from a game's shipped content.

No shipped list of any game repeats an entry word for word: two ``{draw: 1}`` in one
card's effects, a ``single_use`` flag given twice, are a copy left in, not a design
(a design says ``{draw: 2}``). :func:`learn` counts the shipped lists of two or more
entries that are mappings or names (numbers repeat by design: a track's costs), and
keeps the invariant when none repeats one and at least one is shipped (unlike the
other learned invariants, which rest on eight observations: a word-for-word repeat is
never a design, and Spring ships only two such lists, SAN six, AZADI 649);
:func:`broken` lists each entry of new content that repeats one before it in its list.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.core.content import ContentSet, Item
from rules_engine.core.diagnostics import Location
from rules_engine.core.learned import IDENTIFIER, folders

SUPPORT = 1
"""The fewest shipped lists of two or more entries the invariant rests on."""

Concrete = tuple[str | int, ...]


@dataclass(frozen=True)
class Repeated:
    """An entry of a list (at ``location``) that the entry at ``first`` already says."""

    entry: str
    location: Location
    first: Location
    support: int


def _entry(value: Any) -> str | None:
    """How an entry is compared: a mapping or a name as canonical text, else None."""
    if isinstance(value, Mapping) and value:
        return json.dumps(value, sort_keys=True, default=str)
    if isinstance(value, str) and IDENTIFIER.match(value):
        return value
    return None


def _lists(data: Any, path: Concrete = ()) -> Iterator[tuple[Concrete, list[Any]]]:
    if isinstance(data, Mapping):
        for key, value in data.items():
            yield from _lists(value, (*path, str(key)))
    elif isinstance(data, list):
        yield path, data
        for i, value in enumerate(data):
            yield from _lists(value, (*path, i))


def _items(content: ContentSet) -> Iterator[Item]:
    for sections in folders(content):
        for items in sections.values():
            yield from items


def learn(content: ContentSet) -> int:
    """How many shipped lists of two or more comparable entries repeat none (0 when one
    does, or fewer than :data:`SUPPORT` are shipped)."""
    held = 0
    for item in _items(content):
        for _, entries in _lists(item.data):
            said = [e for e in map(_entry, entries) if e is not None]
            if len(said) < 2:
                continue
            if len(set(said)) < len(said):
                return 0
            held += 1
    return held if held >= SUPPORT else 0


def broken(content: ContentSet, support: int) -> Iterator[Repeated]:
    """Each entry of ``content`` that repeats an earlier entry of its list."""
    if not support:
        return
    for item in _items(content):
        for path, entries in _lists(item.data):
            first: dict[str, int] = {}
            for i, value in enumerate(entries):
                said = _entry(value)
                if said is None:
                    continue
                if said in first:
                    yield Repeated(said, item.loc(*path, i), item.loc(*path, first[said]),
                                   support)
                else:
                    first[said] = i
