"""A sheet as read (:mod:`compiler.sheets.read_book`) turned into rows of field values,
each bad cell a diagnostic at its place.

Row 1 names the columns: a field of the sheet's kind, or ``file``. Columns may come in
any order and may be left out (a field without a column is left as it is in the
YAML). Each later row that is not empty is one item: its cells read by the column
syntax (:mod:`compiler.sheets.cells`), its ``id`` required and unique in the sheet.

Codes: X102 a sheet that is no kind of the game, X103 a header that is no field (or a
value under no header), X104 a cell that does not read, X105 a formula, X106 an id
given twice, X107 a row (or a sheet) without ids, X108 a ``file`` cell that is not
text.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from typing import Any

from compiler.sheets.cells import ABSENT, CellError, read_cell
from compiler.sheets.kinds import FILE_COLUMN, ID_FIELD, Kind
from compiler.sheets.places import cell_place, sheet_place
from compiler.sheets.problems import Problems
from compiler.sheets.read_book import Book, RawCell, RawSheet
from rules_engine.core.diagnostics import Location, Related, error, quoted


@dataclass
class Row:
    """One item as a row gives it: the fields of its non-empty cells (in the sheet's
    column order), the fields whose cells are empty, its file cell, and where each of
    its cells is."""

    number: int
    values: dict[str, Any]
    cleared: list[str]
    file: str | None
    places: dict[str, Location]

    @property
    def id(self) -> Any:
        return self.values.get(ID_FIELD)

    @property
    def key(self) -> str:
        return id_key(self.id)

    def place(self, name: str | None = None) -> Location:
        """The cell of field ``name`` (else, or when it has no column, the id's)."""
        return self.places.get(name or ID_FIELD) or self.places[ID_FIELD]


@dataclass
class ParsedSheet:
    """One sheet's rows, for one kind; ``columns`` the fields it has columns for."""

    kind: Kind
    name: str | None
    columns: list[str] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)


def id_key(value: Any) -> str:
    """What rows and items are matched by: the id, whatever its type."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def parse_book(book: Book, kinds: list[Kind], csv_kind: Kind | None = None
               ) -> tuple[list[ParsedSheet], Problems]:
    """The sheets of ``book`` that are ``kinds`` (a .csv file's sheet is ``csv_kind``)."""
    by_name = {k.name: k for k in kinds}
    parsed: list[ParsedSheet] = []
    found = Problems(book.shown)
    for raw in book.sheets:
        kind = csv_kind if raw.name is None else by_name.get(raw.name)
        if kind is None:
            close = difflib.get_close_matches(str(raw.name), list(by_name), n=1)
            found.append(error(
                "X102", f"no kind of item is called {quoted(raw.name)}",
                sheet_place(book.shown, raw.name),
                hint=(f"did you mean {close[0]!r}? " if close else "") +
                f"the sheets this game has: {', '.join(by_name)}"))
            continue
        sheet = _parse_sheet(book.shown, raw, kind, found)
        if sheet is not None:
            parsed.append(sheet)
    return parsed, found


def _parse_sheet(book: str, raw: RawSheet, kind: Kind, found: Problems
                 ) -> ParsedSheet | None:
    if not raw.rows:
        return None
    number, header = raw.rows[0]
    if number != 1:
        header = []
    columns = _columns(book, raw, kind, header, found)
    if ID_FIELD not in columns.values():
        found.append(error("X107", f"the sheet has no {ID_FIELD} column: rows are matched "
                           "to items by id", cell_place(book, raw.name, 1, 1),
                           hint=f"row 1 names the fields, one per column: "
                           f"{', '.join(kind.fields)}, {FILE_COLUMN}"))
        return None
    sheet = ParsedSheet(kind, raw.name, [n for n in columns.values() if n != FILE_COLUMN])
    first: dict[str, Row] = {}
    for number, cells in raw.rows[1:]:
        row = _row(book, raw.name, number, cells, columns, found)
        if row is None:
            continue
        if row.key in first:
            found.append(error("X106", f"id {quoted(row.id)} is also the id of row "
                               f"{first[row.key].number}; each item has one row",
                               row.place(), related=[Related(first[row.key].place(),
                                                             "the first row")]))
            continue
        first[row.key] = row
        sheet.rows.append(row)
    return sheet


def _columns(book: str, raw: RawSheet, kind: Kind, header: list[RawCell],
             found: Problems) -> dict[int, str]:
    """Column number -> field (or ``file``) of the header's good cells."""
    allowed = [*kind.fields, FILE_COLUMN]
    columns: dict[int, str] = {}
    for number, cell in enumerate(header, start=1):
        if cell.empty:
            continue
        where = cell_place(book, raw.name, 1, number)
        name = cell.value
        if not isinstance(name, str) or name not in allowed:
            close = difflib.get_close_matches(str(name), allowed, n=1)
            found.append(error(
                "X103", f"{quoted(name)} is no field of {kind.name}", where,
                hint=f"did you mean {close[0]!r}?" if close else
                f"the columns of {kind.name}: {', '.join(allowed)}"))
            continue
        if name in columns.values():
            found.append(error("X103", f"a second {name} column", where))
            continue
        columns[number] = name
    for number, cells in raw.rows:
        for column, cell in enumerate(cells, start=1):
            named = column <= len(header) and not header[column - 1].empty
            if not cell.empty and not named and number > 1:
                found.append(error("X103", "a value in a column that row 1 does not name",
                                   cell_place(book, raw.name, number, column),
                                   hint="give the column a field's name in row 1, or "
                                   "empty it"))
                return columns
    return columns


def _row(book: str, sheet: str | None, number: int, cells: list[RawCell],
         columns: dict[int, str], found: Problems) -> Row | None:
    row = Row(number, {}, [], None, {})
    broken = False
    for column, name in sorted(columns.items()):
        where = row.places[name] = cell_place(book, sheet, number, column)
        cell = cells[column - 1] if column <= len(cells) else RawCell(None)
        try:
            value = read_cell(cell.value, cell.data_type)
        except CellError as problem:
            found.append(error(problem.code, f"{name}: {problem.message}", where,
                               hint=problem.hint))
            broken = True
            continue
        if value is ABSENT:
            if name != FILE_COLUMN:
                row.cleared.append(name)
        elif name == FILE_COLUMN:
            if not isinstance(value, str):
                found.append(error("X108", f"file: expected the name of a YAML file, got "
                                   f"{quoted(value)}", where))
                broken = True
            row.file = str(value)
        else:
            row.values[name] = value
    if broken:
        return None
    if ID_FIELD not in row.values:
        if row.values or row.file is not None:
            found.append(error("X107", "the row has no id: rows are matched to items by id",
                               row.place()))
        return None
    return row
