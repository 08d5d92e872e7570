"""Loaded content with its source positions.

A :class:`SourceDocument` is plain JSON-like data (dicts, lists, str, int, float,
bool, None) plus a table from each node's path to where it was written, so every
later stage can point at the exact line and column of what it complains about.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.core.diagnostics import Location

PathPart = str | int
NodePath = tuple[PathPart, ...]


@dataclass(frozen=True)
class SourceDocument:
    """One content file: its data and the positions of its nodes."""

    file: str
    data: Any
    positions: Mapping[NodePath, tuple[int, int]]
    key_positions: Mapping[NodePath, tuple[int, int]]

    def locate(self, path: NodePath) -> Location:
        """Where the value at ``path`` was written (nearest recorded ancestor)."""
        return self._find(self.positions, path)

    def locate_key(self, path: NodePath) -> Location:
        """Where the key of the mapping entry at ``path`` was written."""
        if path in self.key_positions:
            line, column = self.key_positions[path]
            return Location(self.file, line, column)
        return self.locate(path)

    def _find(self, table: Mapping[NodePath, tuple[int, int]], path: NodePath) -> Location:
        probe = tuple(path)
        while True:
            hit = table.get(probe)
            if hit is not None:
                return Location(self.file, hit[0], hit[1])
            if not probe:
                return Location(self.file, 1, 1)
            probe = probe[:-1]


@dataclass(frozen=True)
class Located:
    """A value taken from a document, with the location it came from."""

    value: Any
    location: Location
