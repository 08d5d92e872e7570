"""``samizdat export sheet``: one game's items as a spreadsheet (.xlsx, or .csv for one
kind), as a short chain of steps: validate, choose the kinds, make the tables, write
the file (whole or not at all, only at ``--out``).

Content with errors exports nothing (exit 1). The file names in the ``file`` column
are relative to the folder named (with several paths: the folder holding them all),
which is the folder to import the sheet back into.
"""

from __future__ import annotations

import os
from pathlib import Path

from compiler.pipeline.command_output import Printed, Refused, problem_line, safe

BOOK_SUFFIXES = (".xlsx", ".csv")


def book_suffix(path: Path, option: str) -> str:
    """``path``'s suffix, which must be .xlsx or .csv (else :class:`Refused`)."""
    suffix = path.suffix.lower()
    if suffix not in BOOK_SUFFIXES:
        raise Refused(f"{path.name!r}: a spreadsheet is an .xlsx or a .csv file", option)
    return suffix


def export_root(paths: list[Path]) -> Path:
    """The folder the ``file`` column is relative to: the folder named, the content
    folder of a file named, or the folder holding all of them."""
    from compiler.frontend.discover import is_content_folder

    roots = []
    for path in paths:
        folder = path if path.is_dir() else path.parent
        if not path.is_dir():
            folder = next((f for f in [folder, *folder.parents] if is_content_folder(f)),
                          folder)
        roots.append(os.path.abspath(folder))
    return Path(os.path.commonpath(roots))


def run(paths: list[Path], out: Path, kinds: tuple[str, ...], fmt: str) -> Printed:
    """Export the content ``paths`` name into ``out``; :class:`Refused` for a usage
    error."""
    from compiler.frontend.validate import validate
    from compiler.pipeline.output_files import OutputRefused, write_files
    from compiler.report.reporters import REPORTERS
    from compiler.sheets.kinds import sheet_kinds
    from compiler.sheets.tables import tables_of
    from compiler.sheets.write_book import BadMoment, csv_bytes, xlsx_bytes
    from rules_engine.games import plugin

    suffix = book_suffix(out, "--out")
    checked = validate(paths)
    errors = checked.errors
    if errors:
        summary = {"sheets": 0, "rows": 0, "errors": errors, "warnings": checked.warnings}
        return Printed([REPORTERS[fmt]().render(checked.diagnostics, summary,
                                                checked.sources)], 1)
    games = sorted(checked.contents)
    if len(games) != 1:
        raise Refused(f"a spreadsheet holds one game's items; these paths hold "
                      f"{len(games)} games ({', '.join(games) or 'none'}): name one game "
                      "folder or campaign folder")
    game = games[0]
    declared = plugin(game)
    available = sheet_kinds(declared) if declared is not None else []
    chosen = [k for k in available if not kinds or k.name in kinds]
    unknown = [k for k in kinds if k not in {a.name for a in available}]
    if unknown:
        raise Refused(f"{game} has no kind of item {unknown[0]!r}; its kinds: "
                      f"{', '.join(k.name for k in available)}", "--kind")
    root = export_root(paths)
    tables = tables_of(checked.contents[game], root, chosen, inside=paths)
    if not tables:
        raise Refused(f"no items with ids to export in {', '.join(map(str, paths))}")
    if suffix == ".csv" and len(tables) > 1:
        raise Refused(f"a .csv file holds one kind of item; this content has {len(tables)} "
                      f"({', '.join(t.kind for t in tables)}): write an .xlsx file, or "
                      "choose one with --kind", "--out")
    try:
        data = csv_bytes(tables[0]) if suffix == ".csv" else xlsx_bytes(tables)
    except BadMoment as exc:
        raise Refused(str(exc)) from None
    try:
        write_files(out.parent, {out.name: data})
    except OutputRefused as refused:
        return Printed(err=[problem_line(refused.diagnostic)], exit_code=1)
    rows = sum(len(t.rows) for t in tables)
    summary = {"sheets": len(tables), "rows": rows, "errors": 0,
               "warnings": checked.warnings}
    lines = [REPORTERS[fmt]().render(checked.diagnostics, summary, checked.sources)]
    if fmt == "text":
        counts = ", ".join(f"{t.kind}: {len(t.rows)}" for t in tables)
        lines.append(safe(f"wrote {out} ({counts})"))
    return Printed(lines)
