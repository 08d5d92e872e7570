"""``samizdat lint`` as a chain of steps: the settings file and the baseline, the lint
(:func:`compiler.pipeline.lint.lint`: the front end's load, then the analyses, under Ctrl-C
and the time budget), then either the baseline written or the report."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler.pipeline.command_output import Note, Printed, Refused, problem_line


@dataclass(frozen=True)
class Request:
    """What ``samizdat lint`` was asked."""

    paths: list[Path]
    fast: bool = False
    games: int = 200
    seed: int = 0
    alternate_history: bool = False
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    error_on_warning: bool = False
    config_file: Path | None = None
    baseline_file: Path | None = None
    write_baseline: bool = False
    time_budget: float | None = None
    fmt: str = "text"
    verbose: bool = False
    quiet: bool = False
    templates: Path | None = None
    preflight: bool = False
    min_text: float = 6.0
    langs: tuple[str, ...] = ()
    allow_fallback: bool = False
    executor: str | None = None     # None: local processes; "dask" or a tcp:// address


@dataclass(frozen=True)
class Settings:
    """The settings file's choices, the baseline file and the findings it accepts."""

    config: Any
    baseline_file: Path | None
    accepted: Counter[tuple[str, str, str]] | None


def settings(request: Request, note: Note) -> Settings | Printed:
    """The settings (the nearest settings file unless one is named) and the baseline;
    a settings problem is said, exit code 2 (a usage error is :class:`Refused`)."""
    from compiler.frontend import lint_config

    try:
        found = request.config_file or lint_config.find_config(Path.cwd())
        config = lint_config.load_config(found) if found else lint_config.LintConfig()
        baseline_file = request.baseline_file or config.baseline
        if request.write_baseline and baseline_file is None:
            raise Refused("--write-baseline needs --baseline FILE (or `baseline` in the "
                          "settings file)")
        accepted = lint_config.read_baseline(baseline_file) \
            if baseline_file and not request.write_baseline else None
    except lint_config.ConfigProblem as problem:
        from compiler.report.reporters import text_line

        note(text_line(problem.diagnostic))
        return Printed([], 2)
    return Settings(config, baseline_file, accepted)


def run(request: Request, note: Note) -> Printed:
    """The whole command: its output and exit code (130 after Ctrl-C)."""
    from compiler.frontend import lint_config
    from compiler.pipeline import interrupt
    from compiler.pipeline.lint import lint
    from compiler.report.progress import Progress
    from compiler.report.reporters import REPORTERS
    from rules_engine.core.simulate import Stop

    chosen = settings(request, note)
    if isinstance(chosen, Printed):
        return chosen
    stop = Stop()
    with interrupt.ctrl_c_stops(stop):
        result = lint(request.paths, select=request.select, ignore=request.ignore,
                      alternate_history=request.alternate_history,
                      error_on_warning=request.error_on_warning, fast=request.fast,
                      games=request.games, seed=request.seed, config=chosen.config,
                      baseline=chosen.accepted, time_budget=request.time_budget, stop=stop,
                      progress=Progress("lint", quiet=request.quiet),
                      templates=request.templates, preflight=request.preflight,
                      langs=request.langs, allow_fallback=request.allow_fallback,
                      min_text=request.min_text, executor=request.executor)
    stopped = interrupt.INTERRUPTED_EXIT if stop.requested else 0
    if request.write_baseline and chosen.baseline_file is not None:
        from compiler.pipeline.output_files import OutputRefused

        try:
            lint_config.write_baseline(chosen.baseline_file, result.findings)
        except OutputRefused as refused:
            note(problem_line(refused.diagnostic))
            return Printed([], 1)
        note(f"wrote {chosen.baseline_file}: {len(result.findings)} findings accepted")
        return Printed([], stopped)
    errors = sum(1 for d in result.diagnostics if d.severity.value == "error")
    summary = {"files": result.validation.files, "cards": result.validation.items,
               "errors": errors,
               "warnings": sum(1 for d in result.diagnostics if d.severity.value == "warning"),
               "infos": sum(1 for d in result.diagnostics if d.severity.value == "info"),
               "suppressed": result.suppressed, "baselined": result.baselined}
    out = [REPORTERS[request.fmt]().render(result.diagnostics, summary,
                                           result.validation.sources)]
    return Printed(out, stopped or (1 if errors else 0),
                   list(result.tracebacks) if request.verbose else [])
