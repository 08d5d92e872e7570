"""Rows matched to the content's items: what changes in which YAML file.

Each row is matched by ``id`` to an item of its kind in the folder imported into:

* a known item whose row gives other values is changed: each field with a column
  takes the cell's value, a field whose cell is empty is removed, a field without a
  column is kept; the item stays in its file (a ``file`` cell naming another file is
  X108: moving items between files is done in the YAML);
* an item whose values are all the same is left alone, byte for byte;
* an unknown id is a new item, appended to the file its ``file`` cell names, else to
  the one file that holds its kind, else to a new ``<kind>.yaml`` in the folder when
  the folder is a game folder (for the game's kinds) or a campaign folder (for a
  campaign's);
* items the sheet does not name are left as they are (to delete an item, delete it
  in the YAML).

A ``file`` cell must name a .yaml (or .yml) file inside the folder, in a folder that
exists and whose content folder takes the kind; otherwise X108 at the cell.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from compiler.sheets.kinds import Kind
from compiler.sheets.rows import ParsedSheet, Row, id_key
from compiler.sheets.tables import absolute
from compiler.sheets.yaml_update import FileChanges, identical
from rules_engine.core.content import Item
from rules_engine.core.diagnostics import Diagnostic, error, quoted

YAML_SUFFIXES = (".yaml", ".yml")
GAME_FILE, CAMPAIGN_FILE = "game.yaml", "campaign.yaml"


@dataclass(frozen=True)
class Existing:
    """An item already in the folder: its file (relative to the folder, POSIX), its
    place in the file's section and its data."""

    file: str
    section: str
    index: int
    data: dict[str, Any]


@dataclass
class Origin:
    """Where a changed or new item of a file comes from: its row and sheet."""

    row: Row
    sheet: ParsedSheet


@dataclass
class FilePlan:
    """The changes to one file, and the row each changed or new item comes from, by
    (section, index in the file after the change)."""

    changes: FileChanges = field(default_factory=FileChanges)
    origins: dict[tuple[str, int], Origin] = field(default_factory=dict)


@dataclass
class Plan:
    """What an import changes: per file (relative to the folder), and counts."""

    files: dict[str, FilePlan] = field(default_factory=dict)
    changed: int = 0
    added: int = 0
    unchanged: int = 0


def existing_items(items: Iterable[Item], into: Path, kinds: list[Kind]
                   ) -> tuple[dict[str, dict[str, Existing]], dict[str, list[str]],
                              dict[str, int]]:
    """Of ``items`` (every item the validator read, valid or not), those of ``kinds`` in
    files under ``into``: by kind and id; the files holding each kind; and how many
    entries each file's section holds (key ``file:section``)."""
    top = absolute(into)
    by_id: dict[str, dict[str, Existing]] = {k.name: {} for k in kinds}
    files: dict[str, list[str]] = {k.name: [] for k in kinds}
    sizes: dict[str, int] = {}
    wanted = {k.name for k in kinds}
    for item in items:
        section = str(item.path[0])
        where = absolute(item.doc.file)
        if section not in wanted or len(item.path) != 2 or not where.is_relative_to(top):
            continue
        rel = where.relative_to(top).as_posix()
        data = item.doc.data[section]
        sizes[f"{rel}:{section}"] = len(data) if isinstance(data, list) else 0
        by_id[section].setdefault(id_key(item.get("id")),
                                  Existing(rel, section, int(item.path[1]), dict(item.data)))
        if rel not in files[section]:
            files[section].append(rel)
    return by_id, files, sizes


def plan_import(sheets: list[ParsedSheet], items: Iterable[Item], into: Path
                ) -> tuple[Plan, list[Diagnostic]]:
    """The changes ``sheets`` make to the content in ``into`` (``items``: every item
    the validator read there)."""
    kinds = [s.kind for s in sheets]
    existing, files, sizes = existing_items(items, into, kinds)
    plan = Plan()
    found: list[Diagnostic] = []
    for sheet in sheets:
        kind = sheet.kind
        for row in sheet.rows:
            known = existing[kind.name].get(row.key)
            if known is not None:
                _change(plan, sheet, row, known, found)
                continue
            target = _target(into, kind, row, files[kind.name], found)
            if target is None:
                continue
            file_plan = plan.files.setdefault(target, FilePlan())
            appended = file_plan.changes.appends.setdefault(kind.name, [])
            index = sizes.get(f"{target}:{kind.name}", 0) + len(appended)
            appended.append({name: row.values[name] for name in sheet.columns
                             if name in row.values})
            file_plan.origins[(kind.name, index)] = Origin(row, sheet)
            plan.added += 1
    return plan, found


def _change(plan: Plan, sheet: ParsedSheet, row: Row, known: Existing,
            found: list[Diagnostic]) -> None:
    if row.file is not None and _normal(row.file) != known.file:
        found.append(error(
            "X108", f"file: {quoted(row.id)} is in {known.file}, not {quoted(row.file)}",
            row.place("file"), hint="to move an item to another file, move it in the YAML; "
            f"or give this row the file {known.file}"))
        return
    new = changed_item(known.data, row, sheet.columns)
    if identical(new, known.data):
        plan.unchanged += 1
        return
    file_plan = plan.files.setdefault(known.file, FilePlan())
    file_plan.changes.updates.setdefault(known.section, {})[known.index] = new
    file_plan.origins[(known.section, known.index)] = Origin(row, sheet)
    plan.changed += 1


def changed_item(old: dict[str, Any], row: Row, columns: list[str]) -> dict[str, Any]:
    """``old`` with the row's cells applied: fields with a value take it (a whole number
    where the item had the same number as a decimal keeps the decimal: spreadsheet
    programs store 2.0 as 2), fields with an empty cell go, a field the item lacks is
    placed after the fields before it in the sheet's column order."""
    new: dict[str, Any] = {}
    for name, value in old.items():
        if name in row.cleared:
            continue
        if name in row.values:
            given = row.values[name]
            same_number = isinstance(value, float) and type(given) is int and value == given
            new[name] = value if same_number else given
        else:
            new[name] = value
    for name in columns:
        if name not in row.values or name in new:
            continue
        earlier = [n for n in columns[:columns.index(name)] if n in new]
        keys = list(new)
        at = keys.index(earlier[-1]) + 1 if earlier else len(keys)
        keys.insert(at, name)
        new = {k: new[k] if k != name else row.values[name] for k in keys}
    return new


def _normal(name: str) -> str:
    return PurePosixPath(name).as_posix()


def _target(into: Path, kind: Kind, row: Row, holding: list[str],
            found: list[Diagnostic]) -> str | None:
    """The file (relative to ``into``) a new item goes to; None (and X108) when there is
    none to give."""
    if row.file is None:
        if len(holding) == 1:
            return holding[0]
        if holding:
            found.append(error("X108", f"{len(holding)} files hold {kind.name} "
                               f"({', '.join(holding)}): say in the file column which one "
                               f"{quoted(row.id)} goes in", row.place("file")))
            return None
        name = f"{kind.name}.yaml"
        if _takes(into, kind):
            problem = _safe_new_file(into, name)
            if problem is None:
                return name
            found.append(error("X108", f"file: {problem}", row.place("file")))
            return None
        found.append(error("X108", f"no file holds {kind.name} yet: say in the file column "
                           f"which file {quoted(row.id)} goes in",
                           row.place("file"), hint="for example " + (
                               f"campaigns/<campaign>/{name}" if kind.section.in_campaign
                               else name)))
        return None
    name = row.file
    problem = _file_problem(into, kind, name)
    if problem is not None:
        found.append(error("X108", f"file: {problem}", row.place("file")))
        return None
    return _normal(name)


def _file_problem(into: Path, kind: Kind, name: str) -> str | None:
    """What is wrong with ``name`` as the file of a new item of ``kind``, or None."""
    posix = PurePosixPath(name)
    if "\\" in name or posix.is_absolute() or not name.strip():
        return f"{quoted(name)} is not a file name relative to the folder (write it as " \
            "folder/file.yaml)"
    if any(part in ("..", ".") or part.startswith(".") for part in posix.parts):
        return f"{quoted(name)} leaves the folder or names a hidden file"
    if not name.endswith(YAML_SUFFIXES):
        return f"{quoted(name)} is not a YAML file (.yaml or .yml)"
    safe = _safe_new_file(into, name)
    if safe is not None:
        return safe
    folder = _content_folder(into, (into / name).parent)
    if folder is None:
        return f"{quoted(name)} is in no game or campaign folder"
    if not _takes(folder, kind):
        where = "a campaign folder" if kind.section.in_campaign else "the game folder"
        return f"{kind.name} belong in {where}; {quoted(name)} is not in one"
    return None


def _safe_new_file(into: Path, name: str) -> str | None:
    """Why ``into/name`` cannot be written safely, or None."""
    path = into / name
    if not path.parent.is_dir():
        return f"the folder of {quoted(name)} does not exist"
    if path.is_symlink() or (path.exists() and not path.is_file()):
        return f"{quoted(name)} is a link or not a file; samizdat writes only plain files"
    if not path.parent.resolve().is_relative_to(into.resolve()):
        return f"{quoted(name)} leads outside the folder"
    return None


def _content_folder(into: Path, folder: Path) -> Path | None:
    """The nearest game or campaign folder at or above ``folder``, not above ``into``."""
    for candidate in [folder, *folder.parents]:
        if (candidate / GAME_FILE).exists() or (candidate / CAMPAIGN_FILE).exists():
            return candidate
        if absolute(candidate) == absolute(into):
            return None
    return None


def _takes(folder: Path, kind: Kind) -> bool:
    """Whether the content folder ``folder`` holds items of ``kind``."""
    marker = CAMPAIGN_FILE if kind.section.in_campaign else GAME_FILE
    return (folder / marker).is_file()
