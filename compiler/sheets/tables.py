"""Validated content as tables: what ``samizdat export sheet`` writes.

One :class:`Table` per kind (:mod:`compiler.sheets.kinds`) that has items in the
folder exported: one row per item in the order the validator read them (the game
folder's files, then each campaign's, each file from top to bottom), one column per
field in the order the fields first appear in the YAML, then the
:data:`~compiler.sheets.kinds.FILE_COLUMN` naming the item's file relative to the
folder exported.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.sheets.kinds import FILE_COLUMN, Kind
from rules_engine.core.content import ContentSet, Item


@dataclass
class Table:
    """One sheet: its kind's name, its columns and its rows (field -> value, and the
    file column)."""

    kind: str
    columns: list[str] = field(default_factory=list)
    rows: list[dict[str, Any]] = field(default_factory=list)


def absolute(shown: str | Path) -> Path:
    """A path as diagnostics show it (relative to the working directory, or absolute),
    absolute and normalised, links left as they are."""
    return Path(os.path.abspath(shown))


def _items(content: ContentSet, section: str) -> Iterator[Item]:
    yield from content.sections.get(section, [])
    for campaign in content.campaigns:
        yield from campaign.sections.get(section, [])


def tables_of(content: ContentSet, root: Path, kinds: list[Kind],
              inside: list[Path] | None = None) -> list[Table]:
    """The tables of ``content``'s items of ``kinds`` whose files lie under ``root``
    (and under one of ``inside``, when given), file names relative to ``root``."""
    top = absolute(root)
    within = [absolute(p) for p in inside] if inside else [top]
    tables = []
    for kind in kinds:
        table = Table(kind.name)
        columns: dict[str, None] = {}
        for item in _items(content, kind.name):
            where = absolute(item.doc.file)
            if not where.is_relative_to(top) or \
                    not any(where == p or where.is_relative_to(p) for p in within):
                continue
            columns.update(dict.fromkeys(item.data))
            row = dict(item.data)
            row[FILE_COLUMN] = where.relative_to(top).as_posix()
            table.rows.append(row)
        if table.rows:
            table.columns = [*columns, FILE_COLUMN]
            tables.append(table)
    return tables
