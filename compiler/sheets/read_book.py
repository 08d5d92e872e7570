"""Reading a stranger's spreadsheet (.xlsx with openpyxl, .csv with the csv module)
without trusting it.

An .xlsx workbook is a zip archive of XML files, so a small file can unpack to
gigabytes (a zip bomb) or declare a million rows. Before openpyxl sees it:

* the file is read like every other file samizdat reads
  (:func:`compiler.frontend.safe_read.read_file`: a regular file, at most
  :data:`MAX_BOOK_BYTES`);
* its zip directory must list at most :data:`MAX_MEMBERS` files that unpack to at most
  :data:`MAX_UNPACKED_BYTES` together (Python's zipfile never unpacks more than a file
  declares);

then openpyxl reads it in read-only mode (rows streamed, formulas kept as formulas,
no external links), its XML parsed by defusedxml, which refuses entity tricks, and at
most :data:`MAX_ROWS` rows of :data:`MAX_COLUMNS` columns are read, in all of at most
:data:`MAX_SHEETS` sheets (their header rows aside): a sheet whose declared size (its
``dimension``) is larger, or that has a value in the row or column after them, is an
error, and nothing further is read. Anything openpyxl cannot read is X101, never a
traceback.

A .csv file is UTF-8 (a byte order mark is allowed), read with the same bounds.
"""

from __future__ import annotations

import csv
import io
import warnings
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.frontend.discover import display
from compiler.frontend.safe_read import UnreadableFile, read_file
from compiler.sheets.cells import MAX_CELL_TEXT
from compiler.sheets.places import column_letters, sheet_place
from rules_engine.core.diagnostics import Diagnostic, Location, error

MAX_BOOK_BYTES = 16 * 1024 * 1024
MAX_UNPACKED_BYTES = 64 * 1024 * 1024
MAX_MEMBERS = 1_000
MAX_SHEETS = 100
MAX_ROWS = 10_000
MAX_COLUMNS = 256
SUFFIXES = (".xlsx", ".csv")


@dataclass(frozen=True)
class RawCell:
    """One cell as read: its value and openpyxl's data type (``n`` number, ``s`` text,
    ``b`` boolean, ``d`` date, ``e`` error, ``f`` formula; a .csv cell is ``s``)."""

    value: Any
    data_type: str = "s"

    @property
    def empty(self) -> bool:
        return self.value is None or self.value == ""


@dataclass
class RawSheet:
    """One sheet as read: its name (None for a .csv file) and its rows, each the row's
    number and its cells from column A on (empty rows left out)."""

    name: str | None
    rows: list[tuple[int, list[RawCell]]] = field(default_factory=list)


@dataclass
class Book:
    """A spreadsheet as read: how diagnostics name it, and its sheets."""

    shown: str
    sheets: list[RawSheet] = field(default_factory=list)


class Unreadable(Exception):
    """The spreadsheet cannot be read; ``diagnostic`` (X101) says why."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def _refuse(where: Location, message: str, hint: str | None = None) -> Unreadable:
    return Unreadable(error("X101", message, where, hint=hint))


def read_book(path: Path) -> Book:
    """The sheets of the .xlsx or .csv file ``path``; raises :class:`Unreadable`."""
    shown = display(path)
    where = Location(shown)
    try:
        raw = read_file(path, MAX_BOOK_BYTES)
    except UnreadableFile as exc:
        raise _refuse(where, exc.reason) from None
    if path.suffix.lower() == ".csv":
        return Book(shown, [_csv_sheet(raw, where)])
    return Book(shown, _workbook_sheets(raw, where))


def _csv_sheet(raw: bytes, where: Location) -> RawSheet:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _refuse(where, f"byte {exc.start + 1:,} is not UTF-8",
                      hint="save the file as CSV UTF-8") from None
    sheet = RawSheet(None)
    csv.field_size_limit(4 * MAX_CELL_TEXT)
    try:
        for number, record in enumerate(csv.reader(io.StringIO(text, newline="")), start=1):
            _add_row(sheet, where, number, [RawCell(value) for value in record])
    except csv.Error as exc:
        raise _refuse(where, f"not a CSV file samizdat can read: {exc}") from None
    return sheet


def _add_row(sheet: RawSheet, where: Location, number: int, cells: list[RawCell]) -> None:
    """Row ``number``'s cells (empty ones at its end left out) added to ``sheet``; an
    empty row is skipped, a row beyond the bounds refused."""
    while cells and cells[-1].empty:
        cells.pop()
    if not cells:
        return
    if number > MAX_ROWS or len(cells) > MAX_COLUMNS:
        _beyond(where, number, len(cells))
    sheet.rows.append((number, cells))


def _beyond(where: Location, row: int, column: int) -> None:
    if row > MAX_ROWS:
        raise _refuse(where, f"the sheet reaches row {row:,}; at most {MAX_ROWS:,} rows "
                      "are read", hint="split it into several files")
    raise _refuse(where, f"the sheet reaches column {column_letters(column)}; at most "
                  f"{MAX_COLUMNS} columns (up to {column_letters(MAX_COLUMNS)}) are read")


def _check_archive(raw: bytes, where: Location) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError):
        raise _refuse(where, "not an .xlsx workbook (it is not a zip archive)",
                      hint="save it from your spreadsheet program as Excel Workbook "
                      "(.xlsx)") from None
    if len(members) > MAX_MEMBERS:
        raise _refuse(where, f"the workbook's archive holds {len(members):,} files; at most "
                      f"{MAX_MEMBERS:,} are read")
    unpacked = sum(m.file_size for m in members)
    if unpacked > MAX_UNPACKED_BYTES:
        raise _refuse(where, f"the workbook unpacks to {unpacked:,} bytes; at most "
                      f"{MAX_UNPACKED_BYTES:,} are read (a zip bomb?)")


def _workbook_sheets(raw: bytes, where: Location) -> list[RawSheet]:
    _check_archive(raw, where)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")      # openpyxl's notes on what it skips
            return _read_workbook(raw, where)
    except Unreadable:
        raise
    except Exception as exc:  # noqa: BLE001 - openpyxl raises many kinds on broken files
        raise _refuse(where, f"cannot read the workbook: {_reason(exc)}",
                      hint="open it in your spreadsheet program and save it again as "
                      "Excel Workbook (.xlsx)") from None


def _reason(exc: BaseException) -> str:
    """What openpyxl (or the XML parser under it) found wrong, in one short line."""
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    text = text.removeprefix("Unable to read workbook: ").removesuffix(" from None.")
    root = exc
    while root.__cause__ is not None:
        root = root.__cause__
    if root is not exc:
        text += f" ({type(root).__name__}: {str(root).splitlines()[0] if str(root) else ''})"
    return text[:300]


def _read_workbook(raw: bytes, where: Location) -> list[RawSheet]:
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(raw), read_only=True, data_only=False,
                         keep_links=False, keep_vba=False, rich_text=False)
    try:
        names = list(book.sheetnames)
        if len(names) > MAX_SHEETS:
            raise _refuse(where, f"the workbook has {len(names):,} sheets; at most "
                          f"{MAX_SHEETS} are read")
        sheets: list[RawSheet] = []
        total = 0
        for name in names:
            sheet = _worksheet(book[name], name, sheet_place(where.file, str(name)))
            total += len(sheet.rows)
            if total > MAX_ROWS + len(sheets) + 1:     # a header row per sheet
                raise _refuse(where, f"the workbook has more than {MAX_ROWS:,} rows in all "
                              "its sheets; at most that many are read",
                              hint="split it into several workbooks")
            sheets.append(sheet)
        return sheets
    finally:
        book.close()


def _worksheet(worksheet: Any, name: str, where: Location) -> RawSheet:
    from openpyxl.cell.read_only import EMPTY_CELL

    sheet = RawSheet(str(name))
    if not hasattr(worksheet, "iter_rows"):        # a chart sheet: no cells
        return sheet
    declared_rows = getattr(worksheet, "max_row", None)
    declared_columns = getattr(worksheet, "max_column", None)
    if isinstance(declared_rows, int) and declared_rows > MAX_ROWS:
        _beyond(where, declared_rows, 1)
    if isinstance(declared_columns, int) and declared_columns > MAX_COLUMNS:
        _beyond(where, 1, declared_columns)
    rows = worksheet.iter_rows(min_row=1, max_row=MAX_ROWS + 1, max_col=MAX_COLUMNS + 1)
    for number, row in enumerate(rows, start=1):
        if all(c is EMPTY_CELL for c in row):      # a row the sheet does not have
            continue
        _add_row(sheet, where, number,
                 [RawCell(getattr(c, "value", None), getattr(c, "data_type", "n") or "n")
                  for c in row])
    return sheet
