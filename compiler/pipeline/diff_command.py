"""``samizdat diff BASE HEAD [PATH]`` as a chain of steps: open both versions, validate
them (content errors on either side are printed and exit 1), play the games both hold
on the same seeds, compare every figure and write the report (standard output, or
``--out`` written atomically). The exit code is 0 whatever moved, unless
``--fail-on-change`` asks for 1 when something did; usage errors are
:class:`~compiler.pipeline.command_output.Refused` (exit 2)."""

from __future__ import annotations

import os
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from compiler.diff.compare import Comparison, compare
from compiler.diff.runs import Plan, Run, plan_game, play_game
from compiler.diff.sides import Side, SideError, opened
from compiler.diff.wording import Context
from compiler.pipeline import sim_run
from compiler.pipeline.command_output import Note, Printed, Refused, safe
from compiler.pipeline.dask_run import optional_cluster
from compiler.pipeline.game_failed import finding, rendered
from rules_engine.core.diagnostics import Diagnostic, Location, Related

FORMATS = ("text", "markdown", "json", "sarif", "github")


@dataclass(frozen=True)
class Request:
    """What ``samizdat diff`` was asked (``path``: None when not given)."""

    base: str
    head: str
    path: str | None
    plan: Plan
    game: str | None = None
    alpha: float = 0.05
    fmt: str = "text"
    out: Path | None = None
    fail_on_change: bool = False


def run(request: Request, note: Note) -> Printed:
    """The whole command: its output and exit code."""
    if request.out is not None and request.out.is_dir():
        raise Refused(f"{request.out} is a folder; name the file to write", "--out")
    if request.out is not None and not request.out.absolute().parent.is_dir():
        raise Refused(f"{request.out.parent} is not a folder", "--out")
    with ExitStack() as stack:
        try:
            base = stack.enter_context(opened("base", request.base, request.path or "."))
            head = stack.enter_context(opened("head", request.head, request.path or "."))
        except SideError as problem:
            raise Refused(str(problem)) from None
        if request.path is not None and base.commit is None and head.commit is None:
            raise Refused("PATH names what to read of a git revision; BASE and HEAD are "
                          "both folders", "PATH")
        base_checked, head_checked = (_checked(side, note) for side in (base, head))
        refused = [c for c in (base_checked, head_checked) if isinstance(c, Printed)]
        if refused:
            return Printed([line for printed in refused for line in printed.out], 1)
        try:
            context, runs = _play(request, base, head, base_checked, head_checked)
        except sim_run.GamesFailed as failed:
            return _failed(failed, (base, base_checked), (head, head_checked))
        comparison = compare(runs, request.alpha, lambda at: _placed_within(at, base),
                             lambda at: _placed_within(at, head))
    rendered = _rendered(request.fmt, context, comparison)
    code = 1 if request.fail_on_change and comparison.moved else 0
    if request.out is None:
        return Printed([rendered], code)
    write_atomically(request.out, rendered + "\n")
    note(safe(f"samizdat diff: wrote {request.out}"))
    return Printed([], code)


def _checked(side: Side, note: Note) -> Any:
    """The validated content of one side, or what to print when it has errors (the
    diagnostics at the side's own paths, exit code 1)."""
    from compiler.frontend.validate import validate
    from compiler.report.reporters import REPORTERS

    checked = validate([side.folder])
    if not checked.errors:
        return checked
    note(safe(f"samizdat diff: the {side.role} side, {side.label}, has content errors; no "
              "game was played"))
    shown = [_relocated(d, side) for d in checked.diagnostics]
    sources = {side.shown(name): text for name, text in checked.sources.items()}
    summary = {"errors": checked.errors, "warnings": checked.warnings}
    return Printed([REPORTERS["text"]().render(shown, summary, sources)], 1)


def _failed(failed: sim_run.GamesFailed, *sides: tuple[Side, Any]) -> Printed:
    """A game of one side that raised or did not end: the error at that side's content
    (the side whose model the game played; the head when none is)."""
    played = dict(failed.simulation.options).get("content")
    game = failed.simulation.factory.split(".")[1]
    side, checked = next(((s, c) for s, c in sides if c.models.get(game) is played), sides[-1])
    folder = Path(side.shown(str(side.folder)))
    found = _relocated(finding(game, checked, folder, failed.simulation, failed.failure), side)
    return rendered(found, {side.shown(name): text for name, text in checked.sources.items()})


def _placed(location: Location, side: Side) -> Location:
    return Location(side.shown(location.file), location.line, location.column)


def _placed_within(location: Location, side: Side) -> Location | None:
    """``location`` as shown, or None when it is not in the side's content (a base
    card of the installed game that an outside campaign brings in: a finding there
    would point into the package, where no pull request can show it)."""
    try:
        inside = Path(location.file).resolve().is_relative_to(side.folder.resolve())
    except (OSError, ValueError):
        inside = False
    return _placed(location, side) if inside else None


def _relocated(d: Diagnostic, side: Side) -> Diagnostic:
    related = tuple(Related(_placed(r.location, side), r.message) for r in d.related)
    return replace(d, location=_placed(d.location, side), related=related)


def _play(request: Request, base: Side, head: Side, base_checked: Any, head_checked: Any
          ) -> tuple[Context, list[Run]]:
    """The runs of every game both sides hold (or of ``--game``), and the context."""
    before, after = base_checked.models, head_checked.models
    context = Context(base.label, head.label, request.plan.games, request.plan.seed,
                      request.alpha)
    if request.game is not None:
        for side, models in ((base, before), (head, after)):
            if request.game not in models:
                raise Refused(f"the {side.role} ({side.label}) holds no {request.game} "
                              "content", "--game")
        games = [request.game]
    else:
        games = sorted(set(before) & set(after))
        context.games_added = sorted(set(after) - set(before))
        context.games_removed = sorted(set(before) - set(after))
    runs: list[Run] = []
    with optional_cluster(request.plan.executor, request.plan.workers) as cluster:
        for game in games:
            planned = plan_game(game, before[game], after[game])
            context.campaigns_added += [(game, c) for c in planned.added]
            context.campaigns_removed += [(game, c) for c in planned.removed]
            manifest = head_checked.manifests.get(game)
            played = play_game(planned, before[game], after[game],
                               manifest.location if manifest is not None else None,
                               request.plan, cluster)
            context.played += [(r.game, r.campaign, r.bots) for r in played]
            runs += played
    return context, runs


def _rendered(fmt: str, context: Context, comparison: Comparison) -> str:
    from compiler.diff import render

    if fmt == "markdown":
        return render.markdown(context, comparison)
    if fmt == "json":
        return render.as_json(context, comparison)
    if fmt in ("sarif", "github"):
        from compiler.diff.findings import findings
        from compiler.report.reporters import REPORTERS

        summary = {"moved": len(comparison.moved), "tested": comparison.tested}
        return REPORTERS[fmt]().render(findings(comparison), summary, {})
    return render.text(context, comparison)


def write_atomically(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` through a temporary file beside it, so that a
    reader never sees half a report."""
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
