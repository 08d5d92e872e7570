"""``samizdat new <kind>``: write the draft folder a game's scaffold describes.

A game's plug-in declares its scaffolds (:class:`rules_engine.core.scaffold.Scaffold`:
for AZADI's ``new campaign`` see :mod:`rules_engine.azadi.scaffold`); this module does
the parts every scaffold shares. It checks the folder id against the schemas' id rule,
turns the scaffold's :class:`~rules_engine.core.scaffold.DraftFile`\\ s into YAML, and
writes the folder. Nothing existing is ever overwritten; the folder appears whole or
not at all.

Whatever the user types reaches the files only as YAML scalars written by an
emitter (never pasted into YAML text), with no anchors or aliases, and each file
is read back with samizdat's own loader before anything is written: a name such
as ``a: b``, ``#x``, ``*alias`` or one with a newline reads back exactly.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from compiler.frontend.yaml_loader import load_yaml
from rules_engine.core.scaffold import ID_MAX as ID_MAX  # re-exported
from rules_engine.core.scaffold import ID_PATTERN as ID_PATTERN
from rules_engine.core.scaffold import DraftFile, Scaffold, ScaffoldError


def check_id(kind: str, scaffold: Scaffold, folder_id: str) -> None:
    """Refuse (ScaffoldError) an id the schemas' id rule would not take once the
    scaffold's ids add their suffixes to it."""
    if not ID_PATTERN.fullmatch(folder_id) or len(folder_id) > scaffold.id_max:
        raise ScaffoldError(
            f"{kind} id {folder_id[:80]!r}: expected lower-case letters and digits "
            f"in words joined by single hyphens, at most {scaffold.id_max} characters "
            f"(its card ids add up to {len(scaffold.longest_suffix)} more), such as "
            f"{scaffold.example!r}")


class _Dumper(yaml.SafeDumper):
    """PyYAML's safe emitter, never writing anchors, and quoting every text that
    either YAML 1.1 or YAML 1.2 would read as something else than that text."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


# PyYAML's emitter quotes the texts its YAML 1.1 resolver reads as non-text; these
# add what the 1.2 core schema (samizdat's loader) and the 1.1 type repository read
# as numbers or booleans and PyYAML does not (0o17, 1e5, +.5, y, n).
_Dumper.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"),
    list("-+0123456789"))
_Dumper.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$"),
    list("-+0123456789."))
_Dumper.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:y|Y|n|N)$"), list("yYnN"))


def to_yaml(name: str, draft: DraftFile) -> str:
    """The text of the file ``name``: its header and ``{section: items}`` as YAML,
    refused (ScaffoldError) unless samizdat's loader reads it back as written."""
    data = {draft.section: draft.items}
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=88)
    text = draft.header + body
    doc, problems = load_yaml(text.encode("utf-8"), name)
    if doc is None or problems or doc.data != data:  # a guard: the emitter should never
        raise ScaffoldError(f"{name} would not read back as written; nothing was written")
    return text


def write_folder(into: Path, folder_id: str, files: Mapping[str, DraftFile]) -> Path:
    """Write the folder ``into/<folder_id>`` holding ``files`` and return it."""
    target = into / folder_id
    if target.exists():
        raise ScaffoldError(f"{target} already exists; nothing was written")
    texts = {name: to_yaml(name, draft) for name, draft in files.items()}
    if os.path.lexists(into) and not into.is_dir():
        raise ScaffoldError(f"{into} is not a folder; nothing was written")
    try:
        into.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{folder_id}.", dir=into))
    except OSError as exc:   # a file on the way to --into, or a read-only folder
        raise ScaffoldError(f"cannot create a folder in {into}: "
                            f"{_reason(exc)}; nothing was written") from None
    try:
        for name, text in texts.items():
            (staging / name).write_text(text, encoding="utf-8")
        os.rename(staging, target)
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)
        if isinstance(exc, OSError):   # a full disk, or the folder made meanwhile
            raise ScaffoldError(f"cannot write {target}: {_reason(exc)}; nothing was "
                                "written") from None
        raise
    return target


def _reason(exc: OSError) -> str:
    """Why the system refused, in words ("not a directory", "permission denied")."""
    return (exc.strerror or type(exc).__name__).lower()
