"""``samizdat build`` as a chain of steps: the worker count, the options, the
unchanged rebuild (:func:`compiler.pipeline.quick_rebuild.unchanged_build`, before anything
heavy is imported), else the build (:func:`compiler.pipeline.build.build`: front end, plans,
decks, files), then the report and the folders written."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from compiler.pipeline.build_types import BuildOptions
from compiler.pipeline.command_output import Note, Printed, safe


def workers(jobs: int, note: Note) -> int:
    """``--jobs`` as processes: 0 is one per usable processor (at most 8); more than
    the processors this process may use is capped, said."""
    from compiler.pipeline.machine import usable_processors

    have = usable_processors()
    if jobs > have:
        note(f"samizdat: --jobs {jobs} capped to {have}, the processors this process "
             "may use")
    return min(jobs, have) if jobs else min(have, 8)


def run(targets: list[Any], options: BuildOptions, fmt: str, quiet: bool, note: Note
        ) -> Printed:
    """Build ``targets`` with ``options`` (its ``jobs`` as asked, see :func:`workers`)."""
    from compiler.pipeline.quick_rebuild import unchanged_build
    from compiler.report.progress import Progress
    from compiler.report.reporters import REPORTERS

    options = replace(options, jobs=workers(options.jobs, note))
    shown = Progress("build", quiet=quiet)

    def wrapped(items: Iterable[Any]) -> Any:
        listed = list(items)
        pngs = " with PNGs" if options.png else ""
        return shown.over(f"rendering {len(listed)} decks{pngs}", listed, "deck")

    result, inputs = unchanged_build(targets, options)
    if result is None:
        from compiler.pipeline.build import build

        result = build(targets, options, wrapped, inputs, quick=False)
    files = sum(len(v) for v in result.files.values())
    summary = {"files": files, "cards": result.cards, "reused decks": result.reused,
               "errors": result.errors,
               "warnings": sum(1 for d in result.diagnostics if d.severity.value == "warning")}
    sources = result.validation.sources if result.validation else {}
    out = [REPORTERS[fmt]().render(result.diagnostics, summary, sources)]
    if result.written and fmt == "text":
        out += [safe(f"wrote {options.out_dir / game}/ ({len(result.files[game])} files)")
                for game in sorted(result.files)]
    return Printed(out, 1 if result.errors else 0)
