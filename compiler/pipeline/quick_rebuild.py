"""The unchanged rebuild: when nothing a build reads has changed, say so without
validating, planning or drawing anything.

A build that found no diagnostics records, in each game's ``.build-cache.json``, an
*inputs key*: the SHA-256 of every file under the game's content folders (art
included), of samizdat's shipped schemas and templates and of the ``--templates``
folder, with samizdat's version and the options that shape the output. Files are
named relative to their root, so the key does not depend on where anything lies.

The next build computes the same key first (reading and hashing files is much
cheaper than parsing and checking them). When it matches for every game and the
previous output is intact, the previous result stands: validation is deterministic,
so the same bytes would give the same (empty) diagnostics and the same files. Any
difference — one byte, a new file, a symbolic link anywhere in the content, a
previous build with diagnostics — falls back to the full build.

This module is light on purpose: the command line calls it before importing the
compiler's heavy modules (reportlab, jinja2, the engines).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler import __version__
from compiler.pipeline.build_cache import KEYS, OUTPUT_FORMAT, intact, read_cache
from compiler.pipeline.build_types import BuildOptions, BuildResult
from compiler.pipeline.output_folder import MANIFEST, read_regular

MAX_FILES = 50_000
MAX_BYTES = 512 * 1024 * 1024


@dataclass(frozen=True)
class GameInputs:
    """What one game's build reads, hashed: everything shared (options, version,
    schemas, templates) and each content root on its own (``""``: the game folder,
    its ``campaigns/`` aside; a campaign by its name), so a rebuild can tell which
    campaigns changed (:mod:`compiler.pipeline.incremental`)."""

    game: str
    shared: str
    roots: dict[str, str]
    folders: dict[str, Path] = field(default_factory=dict, compare=False)   # root -> folder

    @property
    def key(self) -> str:
        """The inputs key: one digest of all of it."""
        return hashlib.sha256(repr((self.game, self.shared, sorted(self.roots.items())))
                              .encode()).hexdigest()


def inputs_keys(paths: list[Path], options: BuildOptions) -> dict[str, GameInputs] | None:
    """Each game's inputs, or None when the content cannot be hashed simply (an error
    finding it, a link, a special file, too much of it)."""
    from compiler.frontend.discover import resolve
    from compiler.frontend.paths import schemas_root, templates_root

    targets, problems = resolve(paths)
    if problems or not targets or len({t.game for t in targets}) != len(targets):
        return None
    shared = hashlib.sha256(repr((__version__, OUTPUT_FORMAT, options.drawing_key,
                                  options.extras,
                                  options.templates is not None)).encode())
    budget = [MAX_FILES, MAX_BYTES]
    for number, root in enumerate((schemas_root(), templates_root(), options.templates)):
        if root is not None and not _hash_tree(shared, f"s{number}", root, budget):
            return None
    keys = {}
    for target in targets:
        roots: dict[str, str] = {}
        base = hashlib.sha256()
        if not _hash_tree(base, "game", target.game_dir, budget,
                          skip=target.game_dir / "campaigns"):
            return None
        roots[""] = base.hexdigest()
        folders = {"": target.game_dir}
        for folder in target.campaign_dirs:
            name = campaign_name(target.game_dir, folder)
            digest = hashlib.sha256()
            if name in roots or not _hash_tree(digest, "campaign", folder, budget):
                return None
            roots[name] = digest.hexdigest()
            folders[name] = folder
        keys[target.game] = GameInputs(target.game, shared.hexdigest(), roots, folders)
    return keys


def campaign_name(game_dir: Path, folder: Path) -> str:
    """A campaign folder's name in the inputs: its path in the game folder, or (for a
    campaign kept elsewhere) its folder name, marked as such."""
    try:
        return folder.resolve().relative_to(game_dir.resolve()).as_posix()
    except ValueError:
        return f"elsewhere/{folder.name}"


def _hash_tree(digest: Any, tag: str, root: Path, budget: list[int],
               skip: Path | None = None) -> bool:
    """Add every file under ``root`` (names relative to it, hidden folders and files
    skipped as content discovery skips them, and the folder ``skip``) to ``digest``;
    False on a link, a special file or an exhausted budget."""
    try:
        if not stat.S_ISDIR(os.lstat(root).st_mode):
            return False
        todo = [root]
        while todo:
            folder = todo.pop()
            with os.scandir(folder) as scan:
                entries = sorted(scan, key=lambda e: e.name)
            for entry in entries:
                if entry.name.startswith(".") or entry.name == "__pycache__":
                    continue
                mode = entry.stat(follow_symlinks=False).st_mode
                if stat.S_ISDIR(mode):
                    if skip is None or Path(entry.path) != skip:
                        todo.append(Path(entry.path))
                    continue
                if not stat.S_ISREG(mode):
                    return False
                data = read_regular(Path(entry.path), budget[1])
                budget[0] -= 1
                budget[1] -= len(data)
                if budget[0] < 0 or budget[1] < 0:
                    return False
                rel = Path(entry.path).relative_to(root).as_posix()
                digest.update(f"{tag}:{rel}\0{len(data)}\0".encode("utf-8", "surrogateescape"))
                digest.update(data)
    except (OSError, ValueError):
        return False
    return True


def unchanged_build(paths: list[Path], options: BuildOptions
                    ) -> tuple[BuildResult | None, dict[str, GameInputs] | None]:
    """The previous build's result when nothing changed (else None), and the inputs
    for the full build to record."""
    if options.force:
        return None, None
    keys = inputs_keys(paths, options)
    if keys is None:
        return None, None
    result = BuildResult()
    for game, inputs in sorted(keys.items()):
        files = previous_files(options.out_dir / game, inputs.key)
        if files is None:
            return None, keys
        result.files[game] = [{k: f[k] for k in ("path", "kind", "pages", "cards", "sha256")}
                              for f in files[0]]
        result.cards += files[1]
        result.reused += files[2]
    result.written = True
    return result, keys


def previous_files(folder: Path, key: str) -> tuple[list[dict[str, Any]], int, int] | None:
    """(manifest entries, cards, decks) of the output in ``folder`` if it was built clean
    from ``key`` and is intact."""
    cache = read_cache(folder)
    if cache.get("inputs_key") != key:
        return None
    try:
        manifest = json.loads(read_regular(folder / MANIFEST))
        listed = manifest["files"]
        paths = sorted(str(f["path"]) for f in listed)
    except (OSError, ValueError, TypeError, KeyError):
        return None
    recorded = [f for deck, entry in cache.items() if deck not in KEYS
                for f in entry["files"]]
    if sorted(f["path"] for f in recorded) != paths:
        return None
    if not all(intact(folder, f) for f in recorded):
        return None
    cards = sum(int(f["cards"]) for f in recorded if f["kind"] == "cards")
    decks = sum(1 for deck in cache if deck not in KEYS)
    return listed, cards, decks


