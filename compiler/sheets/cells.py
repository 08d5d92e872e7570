r"""The column syntax: one field's value in one spreadsheet cell, and back.

docs/spreadsheets.md is the designer's description; this module is its definition.
A cell is read the same way from an .xlsx workbook and from a .csv file, except that
a workbook's number and TRUE/FALSE cells are numbers and booleans already:

* an empty cell: the item has no such field;
* text starting with ``[`` or ``{``: a list or a mapping, written as YAML flow
  (``{corruption: 1}``, ``[copy_played, {draw: 2}]``), read by samizdat's own safe
  YAML loader;
* text starting with ``\``: the text after it, exactly (``\12`` is the text "12",
  ``\`` alone the empty text);
* text that YAML 1.2 reads as a number, ``true``, ``false`` or ``null`` (``3``,
  ``-1.5``, ``true``): that value;
* any other text: that text, exactly (line breaks, colons and quotes included).

Writing is the inverse (:func:`cell_text`, :func:`cell_value`): text that would read
as something else is written after a ``\``, and so is text starting with ``=``, ``+``,
``-``, ``@`` or a tab, which a spreadsheet program could take for a formula
(reading strangers' text as a formula is how CSV injection works). So
``read(write(value)) == value`` for every value content can hold.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from typing import Any

from compiler.frontend.yaml11 import written
from compiler.frontend.yaml_loader import DEFAULT_LIMITS, load_yaml
from rules_engine.core.diagnostics import Severity

ESCAPE = "\\"
MAX_CELL_TEXT = 32_767
"""The most characters a cell holds (Excel's own limit)."""
MAX_INT = DEFAULT_LIMITS.max_int

# What YAML 1.2's core schema reads as a number, a boolean or null (the loader's
# expressions, compiler.frontend.yaml_loader).
_SCALAR = re.compile(
    r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+"
    r"|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
    r"|true|True|TRUE|false|False|FALSE|null|Null|NULL|~")
_ESCAPED_STARTS = ("[", "{", ESCAPE, "=", "+", "-", "@", "\t")
# A flow scalar written without quotes: a plain word no YAML version reads otherwise.
_PLAIN_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_NOT_PLAIN = frozenset((
    "true", "True", "TRUE", "false", "False", "FALSE", "null", "Null", "NULL",
    "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
    "on", "On", "ON", "off", "Off", "OFF"))


_BREAKS = {cp: f"\\u{cp:04x}" for cp in (0x85, 0x2028, 0x2029, 0xFEFF)}


class CellError(ValueError):
    """A cell that cannot be read: ``code`` (X104 syntax, X105 formula) and what was
    expected."""

    def __init__(self, code: str, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.hint = hint


class _Absent:
    """The value of an empty cell: the field is not there."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT = _Absent()


# ---------------------------------------------------------------- writing

def flow(value: Any) -> str:
    """``value`` as YAML flow text that samizdat's loader reads back as ``value``."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow_text(str(k))}: {flow(v)}"
                               for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, str):
        return _flow_text(value)
    return _scalar_text(value)


def _flow_text(text: str) -> str:
    if _PLAIN_WORD.fullmatch(text) and text not in _NOT_PLAIN:
        return text
    quoted = json.dumps(text, ensure_ascii=False)   # a JSON string is YAML double-quoted
    return quoted.translate(_BREAKS)     # but YAML parsers may take these for line breaks


def _scalar_text(value: Any) -> str:
    """A number, boolean or null as YAML both versions read back as that value
    (:func:`compiler.frontend.yaml11.written`); TypeError for anything a cell cannot
    hold."""
    if value is not None and not isinstance(value, bool | int | float):
        raise TypeError(f"no cell holds a {type(value).__name__}")
    return written(value)


def escaped(text: str) -> str:
    """``text`` as a cell shows it: after a ``\\`` when it would read as something
    else or could be taken for a formula."""
    if not text or text.startswith(_ESCAPED_STARTS) or _SCALAR.fullmatch(text):
        return ESCAPE + text
    return text


def cell_text(value: Any) -> str:
    """``value`` as the text of a cell (a .csv cell; a workbook's text cells)."""
    if isinstance(value, str):
        return escaped(value)
    if isinstance(value, dict | list):
        return flow(value)
    return _scalar_text(value)


def cell_value(value: Any) -> str | int | float | bool:
    """``value`` as a workbook cell: numbers and booleans as themselves, the rest as
    text (:func:`cell_text`)."""
    if isinstance(value, bool | int | float):
        return value
    return cell_text(value)


# ---------------------------------------------------------------- reading

def read_text(text: str) -> Any:
    """The value a cell's text stands for (:data:`ABSENT` for no text); raises
    :class:`CellError` when it does not read."""
    if text == "":
        return ABSENT
    if len(text) > MAX_CELL_TEXT:
        raise CellError("X104", f"the cell holds {len(text):,} characters; a cell holds at "
                        f"most {MAX_CELL_TEXT:,}")
    if text.startswith(ESCAPE):
        return text[1:]
    if text.startswith(("[", "{")):
        return _read_flow(text)
    if _SCALAR.fullmatch(text):
        return _read_flow(text)
    return text


def _read_flow(text: str) -> Any:
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        raise CellError("X104", "the cell holds a character that is not Unicode text "
                        "(a lone surrogate)") from None
    doc, found = load_yaml(raw, "cell")
    problems = [d for d in found if d.severity is Severity.ERROR]
    if doc is None or problems:
        problem = problems[0] if problems else None
        if problem is None:
            raise CellError("X104", "the cell does not read as YAML flow")
        raise CellError("X104", f"{problem.message} ({_position(text, problem.location)})",
                        hint="a list is written [a, b], a mapping {key: value}; write text "
                        "that starts with [ or { after a \\")
    return doc.data


def _position(text: str, where: Any) -> str:
    """Where in a cell's text a YAML problem is, in words."""
    lines = text.split("\n")
    if where.line > len(lines) or (where.line == len(lines)
                                   and where.column > len(lines[-1])):
        return "at the end of the cell"
    if len(lines) == 1:
        return f"at character {where.column} of the cell"
    return f"at line {where.line}, character {where.column} of the cell"


def read_number(value: int | float) -> int | float:
    """A workbook's number cell, checked as the YAML loader checks numbers."""
    if isinstance(value, float) and not math.isfinite(value):
        raise CellError("X104", f"{value!r} is not a finite number")
    if isinstance(value, int) and abs(value) > MAX_INT:
        raise CellError("X104", f"the integer {value} is out of range (at most 2^53 in size)")
    return value


def read_cell(value: Any, data_type: str) -> Any:
    """The value of a workbook cell whose openpyxl value and data type (``n`` number,
    ``s`` text, ``b`` boolean, ``d`` date, ``e`` error, ``f`` formula) are given."""
    if value is None:
        return ABSENT
    if data_type == "f":
        raise CellError("X105", f"the cell holds the formula {_short(str(value))}; samizdat "
                        "reads values, not formulas",
                        hint="copy the column and paste it as values")
    if data_type == "e":
        raise CellError("X104", f"the cell holds the error value {_short(str(value))}")
    if isinstance(value, datetime.date | datetime.time | datetime.timedelta) \
            or data_type == "d":
        raise CellError("X104", "the cell holds a date or time (the spreadsheet program "
                        "may have turned the text into one)",
                        hint="format the cell as text and type the value again")
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return read_number(value)
    if isinstance(value, str):
        return read_text(value)
    raise CellError("X104", f"the cell holds a {type(value).__name__}")


def _short(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")
