"""Where a cell is, as diagnostics show it: ``book.xlsx:cards!C7``.

A :class:`~rules_engine.core.diagnostics.Location` is a file, a line and a column; a
cell is a file, a sheet, a column letter and a row. The cell's place is written into
the location's file as spreadsheet programs write a reference to another sheet
(``cards!C7``, ``'my cards'!C7`` when the name needs quoting), after the workbook's
name and a colon; line and column stay 0, so no reporter looks for a source line.
A .csv file has no sheets: ``cards.csv:C7``.
"""

from __future__ import annotations

import re

from rules_engine.core.diagnostics import Location

_PLAIN_SHEET = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")


def column_letters(column: int) -> str:
    """The letters of a 1-based column number: 1 is A, 27 is AA."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def sheet_reference(name: str) -> str:
    """A sheet's name as a cell reference writes it (quoted when it must be)."""
    if _PLAIN_SHEET.fullmatch(name) and not re.fullmatch(r"[A-Za-z]{1,3}[0-9]+", name):
        return name
    return "'" + name.replace("'", "''") + "'"


def cell_place(book: str, sheet: str | None, row: int, column: int) -> Location:
    """The location of the cell at ``row`` and ``column`` (1-based) of ``sheet`` (None:
    a .csv file) in the workbook shown as ``book``."""
    cell = f"{column_letters(column)}{row}"
    where = cell if sheet is None else f"{sheet_reference(sheet)}!{cell}"
    return Location(f"{book}:{where}")


def sheet_place(book: str, sheet: str | None) -> Location:
    """The location of a whole sheet (of a .csv file: the file)."""
    return Location(book if sheet is None else f"{book}:{sheet_reference(sheet)}")
