"""``samizdat validate`` as a chain of steps: load everything once (content, layouts,
rules data: :func:`compiler.frontend.load.load`), then report every diagnostic."""

from __future__ import annotations

from pathlib import Path

from compiler.pipeline.command_output import Printed


def run(paths: list[Path], templates: Path | None, fmt: str) -> Printed:
    """Validate ``paths`` with their games' templates (``templates``: a folder that
    overrides the shipped ones); exit code 1 when there are errors."""
    from compiler.frontend.load import load
    from compiler.report.reporters import REPORTERS

    result = load(paths, templates).validation
    summary = {"files": result.files, "cards": result.items,
               "errors": result.errors, "warnings": result.warnings}
    return Printed([REPORTERS[fmt]().render(result.diagnostics, summary, result.sources)],
                   1 if result.errors else 0)
