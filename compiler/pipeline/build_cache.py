"""The build cache: what the previous build of a game recorded about its output.

``<out>/<game>/.build-cache.json`` maps each deck to the key it was built from and
the files it wrote (path, size, modification time, SHA-256), and holds the game's
key and, after a clean build, its inputs key (:mod:`compiler.pipeline.quick_rebuild`). The
cache lies in a folder a stranger's repository may have committed, so it is read as
untrusted: anything but exactly what samizdat writes makes it empty (a rebuild),
paths must stay inside the folder, and a file is reused only if it is still the
regular file that was recorded.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
from pathlib import Path
from typing import Any

from compiler.pipeline import output_folder
from compiler.pipeline.output_folder import CACHE

KEYS = ("game_key", "inputs_key", "campaigns")      # the entries that are not decks
# what a build writes for the same inputs: raised when that changes (2: quantity sheets
# and vendor face images; 3: marks inside the printable band, rules and aid on Letter,
# embedded table fonts; 4: mat copies, tokens, readable board text; 5: icons once in
# the HTML reference; 6: home sheets open with the print instructions), so a folder built
# before is drawn again, not reused (the extras' key holds the decks' keys, so it
# follows). `--cut-marks` changes nothing built without it: its files come only with
# the option, which every key holds, so it raised nothing
OUTPUT_FORMAT = 6


def read_cache(folder: Path) -> dict[str, Any]:
    """The previous build's cache of ``folder``, or {} when it is missing or is not
    exactly what samizdat writes (a damaged or edited cache only costs a rebuild)."""
    try:
        data = json.loads(output_folder.read_regular(folder / CACHE))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or not all(isinstance(data.get(k, ""), str | None)
                                             for k in ("game_key", "inputs_key")):
        return {}
    if not isinstance(data.get("campaigns", {}), dict):
        return {}
    for deck, entry in data.items():
        if deck in KEYS:
            continue
        if not (isinstance(entry, dict) and isinstance(entry.get("key"), str)
                and isinstance(entry.get("files"), list)
                and all(valid_entry(f) for f in entry["files"])):
            return {}
    return data


_ENTRY_TYPES = {"path": str, "kind": str, "pages": int, "cards": int, "bytes": int,
                "mtime_ns": int, "sha256": str}


def valid_entry(entry: Any) -> bool:
    """A cache entry for one file: the fields samizdat writes, a path inside the folder."""
    return (isinstance(entry, dict) and set(entry) == set(_ENTRY_TYPES)
            and all(type(entry[k]) is t for k, t in _ENTRY_TYPES.items())
            and safe_relative(entry["path"]))


def safe_relative(path: Any) -> bool:
    """True for a relative posix path that stays inside its folder."""
    if not isinstance(path, str) or not path or "\0" in path or "\\" in path:
        return False
    parts = path.split("/")
    return not path.startswith("/") and all(p not in ("", ".", "..") for p in parts)


def intact(folder: Path, file: dict[str, Any]) -> bool:
    """The file is a regular file (no link on the way) as the cache recorded it: the same
    size and modification time, or else the same SHA-256."""
    path = folder / file["path"]
    current = folder
    for part in Path(file["path"]).parts[:-1]:
        current = current / part
        if current.is_symlink() or not current.is_dir():
            return False
    try:
        info = os.lstat(path)
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode) or info.st_size != file["bytes"]:
        return False
    if info.st_mtime_ns == file["mtime_ns"]:
        return True
    try:
        data = output_folder.read_regular(path, 1 << 31)
    except (OSError, ValueError):
        return False
    return bool(hashlib.sha256(data).hexdigest() == file["sha256"])


def link_or_copy(source: Path, target: Path) -> None:
    """Put a reused file into the stage: a hard link (no bytes copied), else a copy."""
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:
        shutil.copyfile(source, target, follow_symlinks=False)
