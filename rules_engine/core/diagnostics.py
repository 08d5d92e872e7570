"""Diagnostics: the one immutable record every stage uses to report a problem.

A diagnostic carries a stable ``code`` (documented in :mod:`rules_engine.core.codes`),
a severity, a message, a primary location, related locations (the other card in an
interaction) and an optional hint. Collecting diagnostics is separate from rendering
them (see ``compiler.reporters``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field


class Severity(enum.Enum):
    """How bad a finding is; only errors make a command fail."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


@dataclass(frozen=True, order=True)
class Location:
    """A point in a content file: 1-based line and column."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line <= 0:
            return self.file
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Related:
    """Another place that takes part in a finding, with what it is."""

    location: Location
    message: str = ""


@dataclass(frozen=True)
class Diagnostic:
    """One finding. Immutable, comparable, and cheap to sort."""

    code: str
    severity: Severity
    message: str
    location: Location
    related: tuple[Related, ...] = field(default=())
    hint: str | None = None

    def sort_key(self) -> tuple[str, int, int, str, str]:
        loc = self.location
        return (loc.file, loc.line, loc.column, self.code, self.message)


def error(code: str, message: str, location: Location, *,
          related: Iterable[Related] = (), hint: str | None = None) -> Diagnostic:
    """Build an error diagnostic."""
    return Diagnostic(code, Severity.ERROR, message, location, tuple(related), hint)


def warning(code: str, message: str, location: Location, *,
            related: Iterable[Related] = (), hint: str | None = None) -> Diagnostic:
    """Build a warning diagnostic."""
    return Diagnostic(code, Severity.WARNING, message, location, tuple(related), hint)


def sorted_diagnostics(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics in a stable order (file, line, column, code), duplicates removed."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)
