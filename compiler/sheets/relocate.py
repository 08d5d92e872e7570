"""What validating the files an import would write found, said where it came from.

``samizdat import sheet`` validates the content with the changed files in place of
the old ones before writing any (:func:`compiler.frontend.validate.validate`'s
``overlay``). Those files are not on disk, so a diagnostic pointing into one is moved:

* into a changed or new item: to the cell of the field it is about (the item's ``id``
  cell when it is about the item as a whole or a field without a column), as
  **X110** with the validator's own message (its path made relative to the item) and
  code: ``cost: expected an integer, got text 'x' (S302)``; warnings keep their code;
* into an item the import left alone (in a file that changed for another item): to
  the same place in the file as it is on disk.

Diagnostics about files the import does not change stay as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from compiler.frontend.yaml_loader import load_yaml
from compiler.sheets.plan import FilePlan, Origin
from rules_engine.core.diagnostics import (
    Diagnostic,
    Location,
    Related,
    Severity,
    error,
    warning,
)
from rules_engine.core.source import NodePath, SourceDocument


@dataclass(frozen=True)
class Written:
    """One file the import would write: its text before (None: new) and after, and
    the plan that made it."""

    before: str | None
    after: str
    plan: FilePlan


class _File:
    """The parsed text before and after of one written file, for finding nodes."""

    def __init__(self, shown: str, written: Written) -> None:
        self.written = written
        after, _ = load_yaml(written.after.encode("utf-8"), shown)
        before = None
        if written.before is not None:
            before, _ = load_yaml(written.before.encode("utf-8"), shown)
        self.after: SourceDocument | None = after
        self.before: SourceDocument | None = before
        self.nodes: dict[tuple[int, int], NodePath] = {}
        if after is not None:
            for table in (after.key_positions, after.positions):   # values win
                for path, where in table.items():
                    self.nodes[where] = path

    def path_at(self, location: Location) -> NodePath | None:
        return self.nodes.get((location.line, location.column))


def relocate(diagnostics: Iterable[Diagnostic], written: Mapping[str, Written]
             ) -> list[Diagnostic]:
    """``diagnostics`` with those in ``written`` files (by their shown names) moved to
    the cells, or the places on disk, they are about."""
    files = {shown: _File(shown, w) for shown, w in written.items()}
    return [_moved(d, files) for d in diagnostics]


def _moved(d: Diagnostic, files: Mapping[str, _File]) -> Diagnostic:
    related = tuple(Related(_place(r.location, files)[0], r.message) for r in d.related)
    file = files.get(d.location.file)
    path = file.path_at(d.location) if file is not None else None
    origin = _origin(file, path)
    if file is None or path is None or origin is None:
        return Diagnostic(d.code, d.severity, d.message, _place(d.location, files)[0],
                          related, d.hint)
    name = str(path[2]) if len(path) > 2 else None
    where = origin.row.place(name if name in origin.sheet.columns else None)
    message = _relative(d.message, path)
    if d.severity is Severity.ERROR:
        return error("X110", f"{message} ({d.code})", where, related=related, hint=d.hint)
    return warning(d.code, message, where, related=related, hint=d.hint)


def _origin(file: _File | None, path: NodePath | None) -> Origin | None:
    """The row of the changed or new item ``path`` is in, if any."""
    if file is None or path is None or len(path) < 2 or not isinstance(path[1], int):
        return None
    return file.written.plan.origins.get((str(path[0]), path[1]))


def _relative(message: str, path: NodePath) -> str:
    """A validator's message with the item's own path (``cards.3.``) taken off."""
    prefix = f"{path[0]}.{path[1]}"
    if message.startswith(prefix + "."):
        return message[len(prefix) + 1:]
    if message.startswith(prefix + ":"):
        return "the item" + message[len(prefix):]
    return message


def _place(location: Location, files: Mapping[str, _File]) -> tuple[Location, bool]:
    """Where ``location`` (maybe in a written file) is: a cell, the same node on disk,
    or itself; and whether it moved."""
    file = files.get(location.file)
    if file is None:
        return location, False
    path = file.path_at(location)
    if path is None:
        return Location(location.file), True
    origin = _origin(file, path)
    if origin is not None:
        name = str(path[2]) if len(path) > 2 else None
        return origin.row.place(name if name in origin.sheet.columns else None), True
    if file.before is not None:
        return file.before.locate(path), True
    return Location(location.file), True
