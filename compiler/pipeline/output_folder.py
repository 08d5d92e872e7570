"""The output folders samizdat owns: recognising them and replacing them safely.

``build`` writes each game into ``<out>/<game>/``. That name may already belong to
something else (a campaign folder called ``azadi``, a user's ``~/Documents/azadi``,
a symbolic link committed into a repository), so samizdat replaces a folder only
when it can tell that it made it:

* the folder holds samizdat's marker file, which names the game and the SHA-256
  of the folder's ``manifest.json`` (a folder written before markers existed must
  have a manifest naming samizdat as its generator and the game);
* every file in it is one the manifest lists (or samizdat's own bookkeeping);
* nothing in it, nor the folder itself, nor ``--out``, is a symbolic link.

Otherwise the build stops with a B620/B621 diagnostic before any work is lost.

Replacing is done under an exclusive lock on the ``--out`` folder (``flock`` on
the folder itself, so no lock file is left behind): a staging folder
``.<game>-stage-*`` is filled, the old output is renamed aside to
``.<game>-old-<pid>``, the stage is renamed into place and the old one removed.
A build killed between the two renames leaves the old output aside; the next
build (holding the lock) puts it back, and removes any stage or old folder that a
dead build left, so concurrent and interrupted builds always leave one complete
output folder.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from compiler.frontend.safe_read import UnreadableFile, read_file

MARKER = ".samizdat-output.json"
MANIFEST = "manifest.json"
CACHE = ".build-cache.json"
_OWN_FILES = {MARKER, MANIFEST, CACHE}


class FolderRefused(Exception):
    """The output folder cannot be written; the message says why (for a diagnostic)."""

    def __init__(self, code: str, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.hint = hint


def check_root(out_dir: Path) -> None:
    """Refuse an ``--out`` that is a symbolic link or exists and is not a folder."""
    try:
        info = os.lstat(out_dir)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise FolderRefused("B621", f"output folder {out_dir} cannot be used: "
                            f"{exc.strerror}") from None
    if stat.S_ISLNK(info.st_mode):
        raise FolderRefused("B621", f"output folder {out_dir} is a symbolic link (to "
                            f"{os.readlink(out_dir)}); samizdat writes only into real folders",
                            "pass the folder the link points to as --out, if that is meant")
    if not stat.S_ISDIR(info.st_mode):
        raise FolderRefused("B621", f"output folder {out_dir} exists and is not a folder",
                            "choose another --out")


def marker_text(game: str, manifest: bytes) -> str:
    """What the marker file of a game's output folder says."""
    return json.dumps({"generator": "samizdat", "game": game,
                       "manifest_sha256": hashlib.sha256(manifest).hexdigest()},
                      indent=1, sort_keys=True) + "\n"


def check_owned(folder: Path, game: str) -> None:
    """Refuse (FolderRefused) unless ``folder`` is absent, empty or samizdat's output of
    ``game`` exactly as its manifest lists it."""
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise FolderRefused("B621", f"{folder} cannot be used: {exc.strerror}") from None
    if stat.S_ISLNK(info.st_mode):
        raise FolderRefused("B621", f"{folder} is a symbolic link (to {os.readlink(folder)}); "
                            "samizdat never replaces a link or writes through one",
                            "remove the link, or choose another --out")
    if not stat.S_ISDIR(info.st_mode):
        raise FolderRefused("B620", f"{folder} exists and is not a folder samizdat wrote",
                            "move it away, or choose another --out")
    entries = _files(folder)
    if not entries:
        return
    listed = _listed(folder, game)
    for rel, mode in entries:
        if stat.S_ISLNK(mode):
            raise FolderRefused("B621", f"{folder / rel} is a symbolic link; samizdat never "
                                "replaces a folder holding links",
                                "remove the link, or choose another --out")
        if rel not in listed and rel not in _OWN_FILES:
            raise FolderRefused("B620", f"{folder} holds {rel}, which samizdat did not write; "
                                "it would be deleted by replacing the folder",
                                "move your files out of it, or choose another --out")


def _listed(folder: Path, game: str) -> set[str]:
    """The files the folder's manifest lists, if its marker vouches for the manifest."""
    why = f"{folder} is not an output folder samizdat wrote for the game {game}"
    hint = "samizdat replaces only its own output folders: choose another --out"
    try:
        manifest = read_regular(folder / MANIFEST)
        data = json.loads(manifest)
        paths = {str(f["path"]) for f in data["files"]}
        marker = json.loads(read_regular(folder / MARKER)) \
            if os.path.lexists(folder / MARKER) else None
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        raise FolderRefused("B620", f"{why} (it has no valid samizdat marker and manifest)",
                            hint) from None
    if marker is None:   # written before markers existed: the manifest must say so itself
        if not (str(data.get("generator", "")).startswith("samizdat ")
                and data.get("game") == game):
            raise FolderRefused("B620", f"{why} (it has no samizdat marker)", hint)
    elif marker != json.loads(marker_text(game, manifest)):
        raise FolderRefused("B620", f"{why} (its marker does not match its manifest)", hint)
    return paths


def read_regular(path: Path, limit: int = 16 * 1024 * 1024) -> bytes:
    """A file of an output folder: as :func:`compiler.frontend.safe_read.read_file` reads it (a
    regular file within ``limit``, never blocking), and never through a link. Raises
    ``ValueError`` (an :class:`~compiler.frontend.safe_read.UnreadableFile` or a link)."""
    if os.path.islink(path):
        raise ValueError(f"{path} is a symbolic link")
    try:
        return read_file(path, limit)
    except UnreadableFile as exc:
        raise ValueError(str(exc)) from None


def _files(folder: Path, limit: int = 100_000) -> list[tuple[str, int]]:
    """Every entry under ``folder`` (relative posix path, lstat mode), links not followed;
    folders are walked, not listed."""
    found: list[tuple[str, int]] = []
    todo = [folder]
    while todo:
        current = todo.pop()
        with os.scandir(current) as scan:
            for entry in scan:
                mode = entry.stat(follow_symlinks=False).st_mode
                rel = Path(entry.path).relative_to(folder).as_posix()
                if stat.S_ISDIR(mode):
                    todo.append(Path(entry.path))
                else:
                    found.append((rel, mode))
                if len(found) > limit:
                    raise FolderRefused("B620", f"{folder} holds more than {limit:,} files; "
                                        "it is not a samizdat output folder")
    return sorted(found)


@contextmanager
def locked(out_dir: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``out_dir`` (waits for another build to finish)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    check_root(out_dir)
    fd = os.open(out_dir, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not on POSIX: no lock, renames only
            yield
            return
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def new_stage(out_dir: Path, game: str) -> Path:
    """An empty staging folder for ``game`` in ``out_dir``, with the umask's permissions."""
    stage = Path(tempfile.mkdtemp(prefix=f".{game}-stage-", dir=out_dir))
    os.chmod(stage, 0o777 & ~_umask())
    return stage


def _umask() -> int:
    mask = os.umask(0o22)
    os.umask(mask)
    return mask


def recover(out_dir: Path, game: str) -> None:
    """With the lock held: put back an output a killed build left aside, and remove the
    stage and old folders of builds that are no longer running."""
    final = out_dir / game
    pattern = re.compile(rf"^\.{re.escape(game)}-(stage-.+|old-\d+)$")
    try:
        leftovers = sorted(e.name for e in os.scandir(out_dir) if pattern.match(e.name))
    except OSError:
        return
    for name in leftovers:
        path = out_dir / name
        if not path.is_dir() or path.is_symlink() or not (path / MARKER).is_file():
            continue     # not made by samizdat: left alone
        if name.startswith(f".{game}-old-") and not os.path.lexists(final):
            os.replace(path, final)
            continue
        shutil.rmtree(path, ignore_errors=True)


def replace(stage: Path, out_dir: Path, game: str) -> None:
    """With the lock held: make ``stage`` the output folder of ``game``."""
    final = out_dir / game
    check_owned(final, game)
    old = out_dir / f".{game}-old-{os.getpid()}"
    if os.path.lexists(final):
        os.replace(final, old)
    os.replace(stage, final)
    shutil.rmtree(old, ignore_errors=True)
