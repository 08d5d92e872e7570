"""Tables as the bytes of an .xlsx workbook (openpyxl) or a .csv file.

The same tables always give the same bytes: openpyxl stamps a workbook with the time
it was saved (in ``docProps/core.xml``) and each file of the zip archive with the time
it was written, so both are set to one fixed moment, SOURCE_DATE_EPOCH's when it is
set (the reproducible-builds convention), else 2000-01-01 00:00 UTC.

A workbook has one sheet per table with its header row in bold and frozen; cells hold
numbers and booleans as such and everything else as text in the column syntax
(:mod:`compiler.sheets.cells`), typed as text so that no spreadsheet program reads
one as a formula. A .csv file (one table) is UTF-8 with a byte order mark, which
Excel needs to read it as UTF-8, and every cell is text in the column syntax.
"""

from __future__ import annotations

import csv
import datetime
import io
import os
import zipfile
from typing import Any

from compiler.sheets.cells import cell_text, cell_value
from compiler.sheets.places import column_letters
from compiler.sheets.tables import Table

DEFAULT_MOMENT = datetime.datetime(2000, 1, 1)
_MIN_WIDTH, _MAX_WIDTH = 8, 60      # column widths, in characters


class BadMoment(ValueError):
    """SOURCE_DATE_EPOCH is not a number of seconds a workbook can be dated with."""


def fixed_moment() -> datetime.datetime:
    """The moment written into a workbook (naive, UTC)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch:
        return DEFAULT_MOMENT
    try:
        moment = datetime.datetime.fromtimestamp(int(epoch), datetime.UTC)
    except (ValueError, OverflowError, OSError):
        raise BadMoment(f"SOURCE_DATE_EPOCH={epoch!r} is not a number of seconds since "
                        "1970") from None
    if moment.year < 1980:          # a zip archive cannot date a file earlier
        moment = datetime.datetime(1980, 1, 1, tzinfo=datetime.UTC)
    return moment.replace(tzinfo=None)


class _FixedTimeZip(zipfile.ZipFile):
    """A zip archive whose every file is dated ``moment``."""

    def __init__(self, file: io.BytesIO, moment: datetime.datetime) -> None:
        super().__init__(file, "w", zipfile.ZIP_DEFLATED)
        self.moment = moment

    def writestr(self, zinfo_or_arcname: str | zipfile.ZipInfo, data: Any,
                 compress_type: int | None = None, compresslevel: int | None = None
                 ) -> None:
        if isinstance(zinfo_or_arcname, str):
            info = zipfile.ZipInfo(zinfo_or_arcname, self.moment.timetuple()[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o600 << 16
            zinfo_or_arcname = info
        super().writestr(zinfo_or_arcname, data, compress_type, compresslevel)

    def write(self, filename: Any, arcname: Any = None, compress_type: int | None = None,
              compresslevel: int | None = None) -> None:
        """A file on disk (openpyxl writes each worksheet into a temporary file first),
        dated ``moment`` like the rest."""
        with open(filename, "rb") as source:
            self.writestr(str(arcname or filename), source.read(), compress_type,
                          compresslevel)


def xlsx_bytes(tables: list[Table], moment: datetime.datetime | None = None) -> bytes:
    """The workbook of ``tables``, dated ``moment`` (default :func:`fixed_moment`)."""
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.writer.excel import ExcelWriter

    moment = moment or fixed_moment()
    book = Workbook()
    book.remove(book.active)        # type: ignore[arg-type]
    bold = Font(bold=True)
    for table in tables:
        sheet = book.create_sheet(table.kind)
        for number, name in enumerate(table.columns, start=1):
            cell = sheet.cell(1, number, name)
            cell.data_type = "s"
            cell.font = bold
        widths = [len(name) for name in table.columns]
        for row_number, row in enumerate(table.rows, start=2):
            for number, name in enumerate(table.columns, start=1):
                if name not in row:
                    continue
                value = cell_value(row[name])
                cell = sheet.cell(row_number, number, value)
                if isinstance(value, str):
                    cell.data_type = "s"     # never a formula, whatever it starts with
                widths[number - 1] = max(widths[number - 1], len(str(value)))
        for number, width in enumerate(widths, start=1):
            sheet.column_dimensions[column_letters(number)].width = \
                min(_MAX_WIDTH, max(_MIN_WIDTH, width + 2))
        sheet.freeze_panes = "A2"
    book.properties.creator = "samizdat"
    book.properties.created = book.properties.modified = moment
    buffer = io.BytesIO()
    ExcelWriter(book, _FixedTimeZip(buffer, moment)).save()    # closes the archive
    return buffer.getvalue()


def csv_bytes(table: Table) -> bytes:
    """The .csv file of one table."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(table.columns)
    for row in table.rows:
        writer.writerow([cell_text(row[name]) if name in row else ""
                         for name in table.columns])
    return ("\ufeff" + out.getvalue()).encode("utf-8")
