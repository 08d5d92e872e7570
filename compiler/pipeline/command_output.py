"""What a command's pipeline hands back to the command line, which only prints it
and exits: the lines for standard output and the exit code. Notes that must be seen
while the work runs (a capped worker count, a run cut short) go to the ``note``
callback a pipeline is given, on standard error."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rules_engine.core.diagnostics import Diagnostic

Note = Callable[[str], None]
"""Say one line on standard error now."""


@dataclass
class Printed:
    """A command's output (lines for standard output), its exit code, and lines for
    standard error after the output (tracebacks with ``--verbose``)."""

    out: list[str] = field(default_factory=list)
    exit_code: int = 0
    err: list[str] = field(default_factory=list)


class Refused(ValueError):
    """A usage error found by a pipeline (exit code 2): ``message``, about the option
    or argument ``param`` (``--bots``, ``GAME``...; None: the command line as a whole)."""

    def __init__(self, message: str, param: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.param = param


def safe(line: str) -> str:
    """A line that may hold a name the user gave: control characters escaped, never a
    CI workflow command."""
    from compiler.report.reporters import no_command, printable

    return no_command(printable(line))[0]


def problem_line(d: Diagnostic) -> str:
    """One diagnostic (and its hint) as the text reporter writes it."""
    from compiler.report.reporters import printable, text_line

    return text_line(d) + (f" ({printable(d.hint)})" if d.hint else "")
