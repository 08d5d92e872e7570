"""The problems found in one spreadsheet: the first ones kept, the rest only counted.

A hostile sheet of 10,000 rows and 256 columns can hold millions of bad cells, and a
diagnostic per cell would cost memory long before anyone read them. Each cell has its
own place (``book.xlsx:cards!C7``), so the reporters' cap of diagnostics per file
(:mod:`compiler.report.diagnostic_cap`) does not group them; :class:`Problems` keeps the
first :data:`MAX_KEPT` of a spreadsheet and counts the others by code, which one
``F290`` at the spreadsheet then reports, as for any file. The exit code and summary
count them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from compiler.report.diagnostic_cap import MAX_PER_FILE, MORE_CODE
from rules_engine.core.diagnostics import Diagnostic, Location, Severity

MAX_KEPT = MAX_PER_FILE


class Problems:
    """The diagnostics of the spreadsheet shown as ``book``."""

    def __init__(self, book: str, limit: int = MAX_KEPT) -> None:
        self.book = book
        self.limit = limit
        self.kept: list[Diagnostic] = []
        self.hidden: Counter[str] = Counter()
        self.hidden_errors = 0
        self.worst = Severity.INFO

    def append(self, diagnostic: Diagnostic) -> None:
        if len(self.kept) < self.limit:
            self.kept.append(diagnostic)
            return
        self.hidden[diagnostic.code] += 1
        self.hidden_errors += diagnostic.severity is Severity.ERROR
        if diagnostic.severity.rank < self.worst.rank:
            self.worst = diagnostic.severity

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        for diagnostic in diagnostics:
            self.append(diagnostic)

    @property
    def errors(self) -> int:
        """How many errors, shown or not."""
        return sum(1 for d in self.kept if d.severity is Severity.ERROR) + self.hidden_errors

    def diagnostics(self) -> list[Diagnostic]:
        """The ones kept, then one F290 for the others."""
        if not self.hidden:
            return list(self.kept)
        counted = ", ".join(f"{n} {code}" for code, n in
                            sorted(self.hidden.items(), key=lambda kv: (-kv[1], kv[0])))
        more = sum(self.hidden.values())
        return [*self.kept, Diagnostic(
            MORE_CODE, self.worst, f"and {more} more in this file, not shown (at most "
            f"{self.limit} per file): {counted}", Location(self.book))]
