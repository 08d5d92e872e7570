"""At most so many diagnostics per file, then one that says how many more there were.

A hostile file can hold tens of thousands of mistakes; printing each makes reports
nobody reads and outputs CI cannot store. Every reporter shows the first
:data:`MAX_PER_FILE` diagnostics of each file (in the order given) and then one
``F290`` diagnostic for the rest, by code. Counting (summaries, exit codes,
baselines) is done on all of them before this; only what is printed is capped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rules_engine.core.diagnostics import Diagnostic, bounded

MAX_PER_FILE = 100
"""How many diagnostics of one file are reported one by one."""

MORE_CODE = "F290"


def cap_per_file(diagnostics: Iterable[Diagnostic], limit: int = MAX_PER_FILE
                 ) -> list[Diagnostic]:
    """The first ``limit`` diagnostics of each file (texts clipped, see
    :func:`~rules_engine.core.diagnostics.bounded`), each file's followed by one
    :data:`MORE_CODE` diagnostic when it had more; ``limit`` 0 or less: no cap."""
    every = list(diagnostics)
    if limit <= 0:
        return [bounded(d) for d in every]
    shown: list[Diagnostic] = []
    kept: Counter[str] = Counter()
    hidden: dict[str, list[Diagnostic]] = {}
    last_shown: dict[str, int] = {}
    for d in every:
        file = d.location.file
        if kept[file] < limit:
            kept[file] += 1
            last_shown[file] = len(shown)
            shown.append(bounded(d))
        else:
            hidden.setdefault(file, []).append(d)
    if not hidden:
        return shown
    after = {last_shown[file]: more_diagnostic(rest, limit) for file, rest in hidden.items()}
    out: list[Diagnostic] = []
    for n, d in enumerate(shown):
        out.append(d)
        if n in after:
            out.append(after[n])
    return out


def more_diagnostic(rest: list[Diagnostic], limit: int) -> Diagnostic:
    """The one diagnostic standing for ``rest`` (the diagnostics of one file past the
    first ``limit``): at the first of them, as severe as the worst, counted by code."""
    by_code = Counter(d.code for d in rest)
    counted = ", ".join(f"{n} {code}" for code, n in
                        sorted(by_code.items(), key=lambda kv: (-kv[1], kv[0])))
    worst = min((d.severity for d in rest), key=lambda s: s.rank)
    message = f"and {len(rest)} more in this file, not shown (at most {limit} per file): {counted}"
    return Diagnostic(MORE_CODE, worst, message, rest[0].location)

