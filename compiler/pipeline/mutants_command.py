"""``samizdat lint --mutants``: how much of what could go wrong in a designer's content
the lint finds. Lists the mutants of each content folder named
(:mod:`compiler.mutants.operators`), samples them (``--mutant-sample``), classifies each
(:mod:`compiler.mutants.classify`) and prints the score per game and operator
(:mod:`compiler.mutants.report`). The content itself is never edited: every mutant is
applied to a copy in a temporary folder the command removes.

Exit code 0 with the report; 1 when the unedited content does not lint clean of errors
(said, with its diagnostics: a score of broken content means nothing) or the score is
under ``--fail-under``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from compiler.pipeline.command_output import Note, Printed, Refused


@dataclass(frozen=True)
class Request:
    """What ``samizdat lint --mutants`` was asked."""

    paths: list[Path]
    sample: int = 0              # 0: every mutant
    seed: int = 0
    fmt: str = "text"
    workers: int = 1
    fail_under: float | None = None   # a score in percent
    games: int = 6                    # paired games a side for a mutant not found
    quiet: bool = False


def _folders(paths: list[Path]) -> list[Path]:
    folders = []
    for path in paths:
        if not path.is_dir():
            raise Refused(f"--mutants edits content folders; {path} is a file", "PATHS")
        folders.append(path)
    return folders


def run(request: Request, note: Note) -> Printed:
    """The whole command: the report and its exit code."""
    from compiler.mutants.classify import classify
    from compiler.mutants.operators import mutants
    from compiler.mutants.report import as_json, sample, score, text
    from compiler.pipeline.lint import lint
    from compiler.report.progress import Progress
    from compiler.report.reporters import REPORTERS

    out: list[str] = []
    worst: float | None = None
    for folder in _folders(request.paths):
        unedited = lint([folder], fast=True)
        errors = [d for d in unedited.diagnostics if d.severity.value == "error"]
        if errors:
            summary = {"errors": len(errors), "warnings": 0}
            note(f"{folder}: the unedited content has errors; fix them before measuring "
                 "the lint with mutants")
            return Printed([REPORTERS["text"]().render(errors, summary,
                                                       unedited.validation.sources)], 1)
        listed = mutants(folder)
        chosen = sample(listed, request.sample, request.seed)
        stage = Progress("lint", quiet=request.quiet).stage(
            f"{folder}: {len(chosen):,} of {len(listed):,} mutants", len(chosen))
        with stage:
            measured = classify(folder, chosen, request.workers, request.games,
                                stage.advance)
        note(f"{folder}: {len(chosen)} mutants in {measured.seconds:.1f} s")
        out.append(as_json(measured, len(listed)) if request.fmt == "json"
                   else text(measured, len(listed)))
        got = score(measured.verdicts)
        if got is not None:
            worst = got if worst is None else min(worst, got)
    failed = request.fail_under is not None and worst is not None \
        and 100 * worst < request.fail_under
    return Printed(out, 1 if failed else 0)
