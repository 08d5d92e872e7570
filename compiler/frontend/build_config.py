"""Build settings kept in a repository: the ``[build]`` table of the settings file
that lint reads (:mod:`compiler.frontend.lint_config`: the nearest ``samizdat.toml``,
or ``[tool.samizdat.build]`` in ``pyproject.toml``)::

    [build]
    back-offset = [0.5, -0.3]   # mm: what `samizdat calibrate` read for this printer
    paper = "letter"            # a4 | letter | a3 | a2 | a1 | a0
    sheet = "duplex"            # duplex | gutterfold
    instructions = true         # the print instructions page at the start of each deck

An option given on the command line wins over the setting. A value samizdat cannot
use is a C101 error at its line and column.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler.frontend.discover import display
from compiler.frontend.lint_config import ConfigProblem, read_settings
from rules_engine.core.diagnostics import Location, error

MAX_BACK_OFFSET = 20.0     # mm: a printer's duplex drift is a few millimetres
PAPERS = ("a4", "letter", "a3", "a2", "a1", "a0")
SHEETS = ("duplex", "gutterfold")
KEYS = ("back-offset", "paper", "sheet", "instructions")


@dataclass(frozen=True)
class BuildSettings:
    """The ``[build]`` settings; None where the file says nothing."""

    path: Path | None = None
    back_offset: tuple[float, float] | None = None
    paper: str | None = None
    sheet: str | None = None
    instructions: bool | None = None


def offset_problem(x: float, y: float) -> str | None:
    """Why (x, y) mm cannot be a back offset, or None."""
    if not all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET for v in (x, y)):
        return (f"each shift is a number of mm from -{MAX_BACK_OFFSET:g} to "
                f"{MAX_BACK_OFFSET:g}, for example 0.5,-0.3")
    return None


def _where(path: Path, text: str, key: str | None) -> Location:
    """The line and column of ``key``'s value in the build table (of the table itself
    when ``key`` is None); the file alone when it cannot be found."""
    lines = text.splitlines()
    header = re.compile(r"^\s*\[\s*(tool\s*\.\s*samizdat\s*\.\s*)?build\s*\]")
    for number, line in enumerate(lines):
        if not header.match(line):
            continue
        if key is None:
            return Location(display(path), number + 1, line.index("[") + 1)
        pattern = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=\s*")
        for later in range(number + 1, len(lines)):
            if lines[later].lstrip().startswith("["):
                break
            found = pattern.match(lines[later])
            if found:
                return Location(display(path), later + 1, found.end() + 1)
    return Location(display(path))


def load_build_settings(path: Path) -> BuildSettings:
    """The ``[build]`` table of ``path``; raises ConfigProblem (C101) when a value
    cannot be used."""
    section, text = read_settings(path)
    table = section.get("build", {})
    if not isinstance(table, dict):
        raise ConfigProblem(error("C101", "build: expected a table of build settings",
                                  _where(path, text, None)))

    def problem(key: str, message: str) -> ConfigProblem:
        return ConfigProblem(error("C101", f"build.{key}: {message}",
                                   _where(path, text, key)))

    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ConfigProblem(error("C101", f"build: unknown setting {unknown[0]!r}; expected "
                                  f"one of: {', '.join(KEYS)}", _where(path, text, unknown[0])))
    offset: tuple[float, float] | None = None
    if "back-offset" in table:
        value: Any = table["back-offset"]
        if not (isinstance(value, list) and len(value) == 2 and all(
                isinstance(v, int | float) and not isinstance(v, bool) for v in value)):
            raise problem("back-offset", f"expected [X, Y] in mm, for example [0.5, -0.3], "
                          f"got {value!r}")
        said = offset_problem(float(value[0]), float(value[1]))
        if said:
            raise problem("back-offset", said)
        offset = (float(value[0]), float(value[1]))
    for key, choices in (("paper", PAPERS), ("sheet", SHEETS)):
        if key in table and table[key] not in choices:
            raise problem(key, f"expected one of {', '.join(choices)}, got {table[key]!r}")
    if "instructions" in table and not isinstance(table["instructions"], bool):
        raise problem("instructions", f"expected true or false, got {table['instructions']!r}")
    return BuildSettings(path, offset, table.get("paper"), table.get("sheet"),
                         table.get("instructions"))
