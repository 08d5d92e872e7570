"""Diagnostics: the one immutable record every stage uses to report a problem.

A diagnostic carries a stable ``code`` (documented in :mod:`rules_engine.core.codes`),
a severity, a message, a primary location, related locations (the other card in an
interaction) and an optional hint. Collecting diagnostics is separate from rendering
them (see ``compiler.report.reporters``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

QUOTE_LIMIT = 100
"""At most this many characters of a value quoted in a message (see :func:`quoted`)."""

MESSAGE_LIMIT = 2000
"""No message, hint or related note is longer than this (plus its "… (N characters)")."""


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


def clipped(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` itself if it has at most ``limit`` characters, else its start with
    "… (N characters)" saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for a message, at most about ``limit`` characters long.

    A long text is cut and its length said ("… (N characters)"); a large list or
    mapping shows its start and its size ("… (N items)"). Only the part shown is ever
    turned into text, so quoting a huge value costs no more than quoting a small one."""
    shown: list[str] = []
    size = 0
    for piece in _repr_pieces(value, limit + 1):
        shown.append(piece)
        size += len(piece)
        if size > limit:
            break
    text = "".join(shown)
    if len(text) <= limit:
        return text
    if isinstance(value, str):
        return f"{text[:limit]}… ({len(value)} characters)"
    if isinstance(value, list | tuple | dict):
        return f"{text[:limit]}… ({len(value)} items)"
    return f"{text[:limit]}…"


def _repr_pieces(value: object, cut: int) -> Iterator[str]:
    """The text of ``repr(value)`` piece by piece, texts in it cut to ``cut``
    characters, so that a caller can stop as soon as it has enough."""
    if isinstance(value, str):
        yield repr(value[:cut])
    elif isinstance(value, dict):
        yield "{"
        for n, (key, item) in enumerate(value.items()):
            yield ", " if n else ""
            yield from _repr_pieces(key, cut)
            yield ": "
            yield from _repr_pieces(item, cut)
        yield "}"
    elif isinstance(value, list | tuple):
        yield "[" if isinstance(value, list) else "("
        for n, item in enumerate(value):
            yield ", " if n else ""
            yield from _repr_pieces(item, cut)
        yield "]" if isinstance(value, list) else ("," * (len(value) == 1) + ")")
    else:
        yield repr(value)[:cut]


def bounded(d: Diagnostic) -> Diagnostic:
    """``d`` with its message, hint and related notes clipped to :data:`MESSAGE_LIMIT`
    (``d`` itself when nothing is too long)."""
    long_related = any(len(r.message) > MESSAGE_LIMIT for r in d.related)
    if len(d.message) <= MESSAGE_LIMIT and not long_related and \
            (d.hint is None or len(d.hint) <= MESSAGE_LIMIT):
        return d
    related = tuple(Related(r.location, clipped(r.message)) for r in d.related)
    hint = None if d.hint is None else clipped(d.hint)
    return Diagnostic(d.code, d.severity, clipped(d.message), d.location, related, hint)


def error(code: str, message: str, location: Location, *,
          related: Iterable[Related] = (), hint: str | None = None) -> Diagnostic:
    """Build an error diagnostic (its texts clipped to :data:`MESSAGE_LIMIT`)."""
    return bounded(Diagnostic(code, Severity.ERROR, message, location, tuple(related), hint))


def warning(code: str, message: str, location: Location, *,
            related: Iterable[Related] = (), hint: str | None = None) -> Diagnostic:
    """Build a warning diagnostic (its texts clipped to :data:`MESSAGE_LIMIT`)."""
    return bounded(Diagnostic(code, Severity.WARNING, message, location, tuple(related),
                              hint))


def sorted_diagnostics(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics in a stable order (file, line, column, code), duplicates removed."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)
