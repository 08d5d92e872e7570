"""Validated content handed from the compiler to a game's model builder.

The compiler loads files and checks schemas; it then groups items by section into
a :class:`ContentSet` (the base game plus zero or more campaigns). A game plug-in
(:class:`rules_engine.core.plugin.GamePlugin`) turns that into its typed, immutable
model, reporting references that do not resolve.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_engine.core.diagnostics import Location
from rules_engine.core.source import NodePath, SourceDocument


@dataclass(frozen=True)
class Item:
    """One schema-valid item of content (a card, a zone, a manifest…) and its origin."""

    data: Mapping[str, Any]
    doc: SourceDocument
    path: NodePath

    @property
    def location(self) -> Location:
        return self.doc.locate(self.path)

    def loc(self, *sub: str | int) -> Location:
        """Location of a field (or nested field) of this item."""
        return self.doc.locate((*self.path, *sub))

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]


@dataclass(frozen=True)
class Section:
    """A top-level key of a content file: what it holds and how it is checked."""

    name: str
    schema: str
    component: str
    single: bool = False
    in_campaign: bool = False


@dataclass
class CampaignContent:
    """One campaign folder's items, by section name."""

    folder: str
    manifest: Item | None
    sections: dict[str, list[Item]] = field(default_factory=dict)


@dataclass
class ContentSet:
    """Everything loaded for one game: the base folder and its campaigns."""

    game: str
    folder: str
    manifest: Item | None
    sections: dict[str, list[Item]] = field(default_factory=dict)
    campaigns: list[CampaignContent] = field(default_factory=list)

    @property
    def folder_location(self) -> Location:
        return Location(self.folder)

    def items(self, section: str) -> list[Item]:
        return self.sections.get(section, [])


def every_item(content: ContentSet) -> Iterator[tuple[str, Item]]:
    """(section, item) for each item of the game folder, then of each campaign."""
    for section, items in content.sections.items():
        for item in items:
            yield section, item
    for campaign in content.campaigns:
        for section, items in campaign.sections.items():
            for item in items:
                yield section, item


def mappings(data: Any, path: tuple[str | int, ...] = ()
             ) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every mapping nested in ``data`` (``data`` itself first), with its path."""
    if isinstance(data, Mapping):
        yield path, data
        for key, value in data.items():
            yield from mappings(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from mappings(value, (*path, index))


def values_at(data: Any, keys: Sequence[str], each: str = "[]",
              path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """(path, value) of every value ``keys`` reach in ``data``: a key of a mapping, or
    ``each`` for every entry of a list (the path records the entry's index)."""
    if not keys:
        yield path, data
        return
    head, rest = keys[0], keys[1:]
    if head == each:
        if isinstance(data, list):
            for n, value in enumerate(data):
                yield from values_at(value, rest, each, (*path, n))
    elif isinstance(data, Mapping) and head in data:
        yield from values_at(data[head], rest, each, (*path, head))


def is_number(value: Any) -> bool:
    """An int or float that is not a bool."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def whole_parameter(manifest: Item | None, name: str) -> int | None:
    """The manifest's parameter ``name``'s value, when it is a whole number."""
    params = manifest.get("parameters") if manifest is not None else None
    entry = params.get(name) if isinstance(params, Mapping) else None
    value = entry.get("value") if isinstance(entry, Mapping) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None
