"""``samizdat import sheet``: a spreadsheet's rows back into a content folder's YAML, as
a short chain of steps, writing nothing until everything is known to be right:

1. the folder's content is read (every item, valid or not, so that rows find them);
2. the spreadsheet is read within bounds (:mod:`compiler.sheets.read_book`) and each
   sheet turned into rows (:mod:`compiler.sheets.rows`);
3. rows are matched to items by id (:mod:`compiler.sheets.plan`) and each file that
   changes is rewritten in memory (:mod:`compiler.sheets.yaml_update`);
4. the content is validated again with those texts in place of the files
   (:func:`compiler.frontend.validate.validate`'s overlay), each problem moved to the
   cell it comes from (:mod:`compiler.sheets.relocate`);
5. only when nothing is wrong is each changed file written, whole
   (:func:`compiler.pipeline.output_files.write_files`), and only inside the folder.

Any problem means exit code 1 and no file changed.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from compiler.pipeline.command_output import Printed, Refused, problem_line, safe
from compiler.pipeline.export_sheet import book_suffix
from rules_engine.core.diagnostics import Diagnostic, Location, Severity, error


def run(book_path: Path, into: Path, kind_name: str | None, fmt: str) -> Printed:
    """Import the spreadsheet ``book_path`` into the content folder ``into``."""
    from compiler.frontend.discover import is_content_folder
    from compiler.frontend.validate import validate
    from compiler.sheets.kinds import sheet_kinds
    from rules_engine.games import plugin

    suffix = book_suffix(book_path, "FILE")
    if not is_content_folder(into):
        raise Refused("--into names a game folder (with game.yaml) or a campaign folder "
                      "(with campaign.yaml)", "--into")
    before = validate([into])
    games = sorted(before.contents)
    if len(games) != 1:
        raise Refused("--into names one game folder or campaign folder", "--into")
    declared = plugin(games[0])
    kinds = sheet_kinds(declared) if declared is not None else []
    csv_kind = None
    if suffix == ".csv":
        csv_kind = _csv_kind(book_path, kind_name, kinds)
    elif kind_name is not None:
        raise Refused("--kind names the kind of item a .csv file holds; a workbook's "
                      "sheets are named after their kinds", "--kind")
    return _import(book_path, into, kinds, csv_kind, before, fmt)


def _csv_kind(path: Path, name: str | None, kinds: list[Any]) -> Any:
    by_name = {k.name: k for k in kinds}
    chosen = by_name.get(name or path.stem)
    if chosen is None and name is None and len(kinds) == 1:
        chosen = kinds[0]
    if chosen is None:
        raise Refused(f"which kind of item does {path.name!r} hold? Name it with --kind "
                      f"(one of {', '.join(by_name)}), or name the file after it", "--kind")
    return chosen


def _import(book_path: Path, into: Path, kinds: list[Any], csv_kind: Any, before: Any,
            fmt: str) -> Printed:
    from compiler.frontend.discover import display
    from compiler.frontend.validate import validate
    from compiler.sheets.plan import plan_import
    from compiler.sheets.read_book import Unreadable, read_book
    from compiler.sheets.relocate import relocate
    from compiler.sheets.rows import parse_book
    from compiler.sheets.tables import absolute

    try:
        book = read_book(book_path)
    except Unreadable as unreadable:
        return _report(fmt, [unreadable.diagnostic], {}, {"errors": 1})
    sheets, found = parse_book(book, kinds, csv_kind)
    plan, planned = plan_import(sheets, before.items_by_location.values(), into)
    found.extend(planned)
    counts = {"sheets": len(sheets), "rows": sum(len(s.rows) for s in sheets),
              "changed": plan.changed, "added": plan.added}
    if found.errors:
        return _report(fmt, found.diagnostics(), {}, {**counts, "errors": found.errors})
    written, texts, failed = _texts(into, plan)
    if failed:
        return _report(fmt, failed, {}, {**counts, "errors": len(failed)})
    overlay = {absolute(into / rel): text.encode("utf-8") for rel, text in texts.items()}
    after = validate([into], overlay=overlay)
    shown = {display(into / rel): w for rel, w in written.items()}
    moved = relocate(after.diagnostics, shown)
    if _errors(moved):
        return _report(fmt, moved, before.sources, {**counts, "errors": _errors(moved)})
    created = {rel for rel, w in written.items() if w.before is None}
    problem = _write(into, texts)
    if problem is not None:
        return Printed(err=[problem_line(problem)], exit_code=1)
    lines = _done(into, plan, created) if fmt == "text" else []
    return _report(fmt, moved, before.sources, {**counts, "errors": 0}, after=lines)


def _errors(diagnostics: list[Diagnostic]) -> int:
    return sum(1 for d in diagnostics if d.severity is Severity.ERROR)


def _texts(into: Path, plan: Any) -> tuple[dict[str, Any], dict[str, str], list[Diagnostic]]:
    """Each changed file's text before and after (:class:`~compiler.sheets.relocate
    .Written`), the texts to write, and X109 for a file that cannot be written
    faithfully."""
    from compiler.frontend.discover import display
    from compiler.frontend.safe_read import UnreadableFile, read_text
    from compiler.sheets.relocate import Written
    from compiler.sheets.yaml_update import UpdateFailed, updated_text

    written: dict[str, Written] = {}
    texts: dict[str, str] = {}
    failed: list[Diagnostic] = []
    for rel, file_plan in sorted(plan.files.items()):
        path = into / rel
        where = Location(display(path))
        try:
            original = read_text(path) if path.exists() else None
            text = updated_text(original, file_plan.changes)
        except (UnreadableFile, UnicodeDecodeError) as exc:
            failed.append(error("X109", f"cannot read it to change it: {exc}", where))
            continue
        except UpdateFailed as exc:
            failed.append(error("X109", f"cannot change it faithfully: {exc}", where,
                                hint="make the change in the YAML file"))
            continue
        written[rel] = Written(original, text, file_plan)
        texts[rel] = text
    return written, texts, failed


def _write(into: Path, texts: dict[str, str]) -> Diagnostic | None:
    """Write each file whole, folder by folder; the problem, if one could not be."""
    from compiler.pipeline.output_files import OutputRefused, write_files

    by_folder: dict[Path, dict[str, bytes]] = defaultdict(dict)
    for rel, text in texts.items():
        path = into / rel
        by_folder[path.parent][path.name] = text.encode("utf-8")
    for folder, files in sorted(by_folder.items()):
        try:
            write_files(folder, files, create=False)
        except OutputRefused as refused:
            return refused.diagnostic
    return None


def _done(into: Path, plan: Any, created: set[str]) -> list[str]:
    """What was written, a line per file."""
    lines = []
    for rel, file_plan in sorted(plan.files.items()):
        changed = sum(len(v) for v in file_plan.changes.updates.values())
        added = sum(len(v) for v in file_plan.changes.appends.values())
        if rel in created:
            lines.append(safe(f"wrote {into / rel}: {added} added"))
        else:
            lines.append(safe(f"updated {into / rel}: {changed} changed, {added} added"))
    if not plan.files:
        lines.append("nothing to change: every row matches its item")
    return lines


def _report(fmt: str, diagnostics: list[Diagnostic], sources: dict[str, str],
            summary: dict[str, int], note: str | None = None,
            after: list[str] | None = None) -> Printed:
    from compiler.report.reporters import REPORTERS

    errors = summary.get("errors", 0)
    lines = [REPORTERS[fmt]().render(diagnostics, summary, sources)]
    lines += after or []
    err = [f"samizdat: {note}"] if note and fmt == "text" else []
    return Printed(lines, 1 if errors else 0, err)
