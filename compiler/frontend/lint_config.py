"""Lint settings kept in a repository: ``samizdat.toml`` or ``[tool.samizdat]`` in
``pyproject.toml``, and baseline files of accepted findings.

The settings file is the nearest one found from the working directory upwards (a
``samizdat.toml`` wins over a ``pyproject.toml`` in the same folder; a
``pyproject.toml`` without ``[tool.samizdat]`` is skipped). In ``samizdat.toml``
the keys may sit at the top level or under ``[tool.samizdat]``::

    select = ["L7"]                  # codes (prefixes) to report
    ignore = ["L705"]                # codes (prefixes) to skip
    baseline = "lint-baseline.json"  # used when --baseline is not given

    [per-path-ignores]               # glob (relative to this file) -> codes
    "cards/azadi/campaigns/mars-*/*.yaml" = ["L701"]

The ``[build]`` table of the same file holds build settings
(:mod:`compiler.frontend.build_config`).

A baseline is a JSON file listing findings by code, file and message (not line,
so that edits elsewhere in a file do not revive them). A finding in the baseline
is accepted; each baseline entry accepts one finding.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from compiler.frontend.discover import display
from compiler.frontend.safe_read import UnreadableFile, read_file, read_text
from rules_engine.core.diagnostics import Diagnostic, Location, error

_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")
CONFIG_NAMES = ("samizdat.toml", "pyproject.toml")
BASELINE_VERSION = 1
MAX_SETTINGS_BYTES = 2 * 1024 * 1024    # a settings file (or the pyproject.toml holding it)
MAX_BASELINE_BYTES = 64 * 1024 * 1024   # room for some 200,000 accepted findings


@dataclass(frozen=True)
class LintConfig:
    """Settings read from a file; the empty default when there is none."""

    path: Path | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_path_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    baseline: Path | None = None

    def ignored_for(self, file: str) -> tuple[str, ...]:
        """The codes ignored for the content file ``file`` (as diagnostics show it)."""
        if self.path is None or not self.per_path_ignores:
            return ()
        absolute = Path(os.path.abspath(file))
        try:
            relative = absolute.relative_to(self.path.parent.resolve()).as_posix()
        except ValueError:
            return ()
        return tuple(code for pattern, codes in self.per_path_ignores
                     if fnmatchcase(relative, pattern) for code in codes)


class ConfigProblem(Exception):
    """A settings or baseline file samizdat cannot use."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def find_config(start: Path) -> Path | None:
    """The nearest settings file from ``start`` upwards.

    A ``samizdat.toml`` that is there but cannot be read (a FIFO, a device, a link to
    nothing) is returned all the same, so that :func:`load_config` reports it; so is a
    ``pyproject.toml`` that cannot be read."""
    for folder in [start, *start.parents]:
        for name in CONFIG_NAMES:
            candidate = folder / name
            if not os.path.lexists(candidate):
                continue
            if name == "samizdat.toml":
                return candidate
            try:
                if b"[tool.samizdat" in read_file(candidate, MAX_SETTINGS_BYTES):
                    return candidate
            except UnreadableFile:
                return candidate
    return None


def _codes(value: Any, key: str, where: Location) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ConfigProblem(error("C101", f"{key}: expected a list of code prefixes such as "
                                  f"[\"L705\"], got {value!r}", where))
    return tuple(v.upper() for v in value)


def read_settings(path: Path) -> tuple[dict[str, Any], str]:
    """The settings table of ``path`` (the top level of a ``samizdat.toml``, or its
    ``[tool.samizdat]``; that of a ``pyproject.toml``) and the file's text; a file
    that cannot be read raises ConfigProblem (code C101)."""
    where = Location(display(path))
    if not os.path.lexists(path):
        raise ConfigProblem(error("C101", "cannot read the settings file: there is no such "
                                  "file", where))
    try:
        text = read_text(path, MAX_SETTINGS_BYTES)
        data = tomllib.loads(text)
    except UnreadableFile as exc:
        raise ConfigProblem(exc.diagnostic(where)) from exc
    except UnicodeDecodeError as exc:
        raise ConfigProblem(error("C101", f"cannot read the settings file: {exc}", where)) \
            from exc
    except tomllib.TOMLDecodeError as exc:
        at = _TOML_POSITION.search(str(exc))
        if at:
            where = Location(where.file, int(at.group(1)), int(at.group(2)))
        message = _TOML_POSITION.sub("", str(exc)).strip()
        raise ConfigProblem(error("C101", f"not valid TOML: {message}", where)) from exc
    except RecursionError:      # arrays or tables nested thousands deep
        raise ConfigProblem(error("C101", "not valid settings: values nested too deeply",
                                  where)) from None
    section = data.get("tool", {}).get("samizdat") if isinstance(data.get("tool"), dict) \
        else None
    if section is None:
        section = {} if path.name == "pyproject.toml" else \
            {k: v for k, v in data.items() if k != "tool"}
    if not isinstance(section, dict):
        raise ConfigProblem(error("C101", "tool.samizdat: expected a table of settings",
                                  where))
    return section, text


def load_config(path: Path) -> LintConfig:
    """Read ``path``; a file that cannot be used raises ConfigProblem (code C101)."""
    where = Location(display(path))
    section, _ = read_settings(path)
    known = {"select", "ignore", "per-path-ignores", "baseline", "build"}
    unknown = sorted(set(section) - known)
    if unknown:
        raise ConfigProblem(error("C101", f"unknown setting {unknown[0]!r}; expected one of: "
                                  f"{', '.join(sorted(known))}", where))
    per_path = section.get("per-path-ignores", {})
    if not isinstance(per_path, dict):
        raise ConfigProblem(error("C101", "per-path-ignores: expected a table of glob = "
                                  "[codes]", where))
    baseline = section.get("baseline")
    if baseline is not None and not isinstance(baseline, str):
        raise ConfigProblem(error("C101", "baseline: expected a file name", where))
    return LintConfig(
        path=path,
        select=_codes(section.get("select", []), "select", where),
        ignore=_codes(section.get("ignore", []), "ignore", where),
        per_path_ignores=tuple((str(glob), _codes(codes, f"per-path-ignores.{glob}", where))
                               for glob, codes in sorted(per_path.items())),
        baseline=path.parent / baseline if baseline else None,
    )


def fingerprint(d: Diagnostic) -> tuple[str, str, str]:
    return (d.code, d.location.file, d.message)


def read_baseline(path: Path) -> Counter[tuple[str, str, str]]:
    """The findings a baseline accepts; raises ConfigProblem (code C102) if unusable."""
    where = Location(display(path))
    if not os.path.lexists(path):
        raise ConfigProblem(error("C102", "cannot read the baseline: No such file or "
                                  "directory", where))
    try:
        data = json.loads(read_text(path, MAX_BASELINE_BYTES))
    except UnreadableFile as exc:
        raise ConfigProblem(exc.diagnostic(where)) from exc
    except json.JSONDecodeError as exc:
        raise ConfigProblem(error("C102", f"the baseline is not JSON: {exc.msg}",
                                  Location(where.file, exc.lineno, exc.colno))) from exc
    except UnicodeDecodeError as exc:
        raise ConfigProblem(error("C102", f"the baseline is not UTF-8: {exc.reason}",
                                  where)) from exc
    except RecursionError:      # arrays or objects nested thousands deep
        raise ConfigProblem(error("C102", "the baseline is not a samizdat baseline: values "
                                  "nested too deeply", where)) from None
    findings = data.get("findings") if isinstance(data, dict) else None
    if data.get("version") != BASELINE_VERSION if isinstance(data, dict) else True:
        raise ConfigProblem(error("C102", f"expected a samizdat baseline (version "
                                  f"{BASELINE_VERSION}) written by --write-baseline", where))
    if not isinstance(findings, list) or not all(
            isinstance(f, dict) and all(isinstance(f.get(k), str)
                                        for k in ("code", "file", "message"))
            for f in findings):
        raise ConfigProblem(error("C102", "findings: expected a list of {code, file, "
                                  "message} objects", where))
    return Counter((f["code"], f["file"], f["message"]) for f in findings)


def baseline_text(diagnostics: list[Diagnostic]) -> str:
    """A baseline accepting ``diagnostics``, in a stable order."""
    findings = sorted(fingerprint(d) for d in diagnostics)
    return json.dumps({"version": BASELINE_VERSION,
                       "findings": [{"code": c, "file": f, "message": m}
                                    for c, f, m in findings]}, indent=2) + "\n"


def write_baseline(path: Path, diagnostics: list[Diagnostic]) -> None:
    """Write the baseline whole or not at all (a temporary file, then a rename over
    the name: a link there is replaced, not written through). Raises
    :class:`~compiler.pipeline.output_files.OutputRefused` when it cannot be written safely."""
    from compiler.pipeline.output_files import write_files

    folder = path.parent if str(path.parent) else Path(".")
    write_files(folder, {path.name: baseline_text(diagnostics).encode("utf-8")},
                create=False)
