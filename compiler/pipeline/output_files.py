"""Writing the files a command produces (simulation reports, lint baselines) whole or
not at all, and only where the user pointed.

:func:`write_files` puts each file into a temporary file inside the target folder,
then renames it over the file's name: a reader never sees half a file, and a
symbolic link at that name is replaced, never written through, so no file outside
the folder changes. The folder is opened once, without following a symbolic link,
and every step works relative to that open folder, so swapping the folder for a link
half-way changes nothing either. A target that cannot be written safely raises
:class:`OutputRefused` with an ``R102`` diagnostic, before anything is written.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path

from rules_engine.core.diagnostics import Diagnostic, Location, error

_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
_FILE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)


class OutputRefused(Exception):
    """An output could not be written safely; ``diagnostic`` says why."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def _refuse(path: Path, message: str, hint: str | None = None) -> OutputRefused:
    return OutputRefused(error("R102", message, Location(str(path)), hint=hint))


def _why(problem: OSError) -> str:
    return problem.strerror or type(problem).__name__


def _open_folder(folder: Path, create: bool) -> int:
    """The folder, opened without following a link (created first if asked)."""
    if folder.is_symlink():
        raise _refuse(folder, f"{folder} is a symbolic link; samizdat writes only into a "
                      "real folder", hint=f"give the folder it leads to: {folder.resolve()}")
    if folder.exists() and not folder.is_dir():
        raise _refuse(folder, f"{folder} exists and is not a folder")
    if not folder.exists():
        if not create:
            raise _refuse(folder, f"folder {folder} does not exist")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as problem:
            raise _refuse(folder, f"cannot create folder {folder}: {_why(problem)}") \
                from None
    try:
        return os.open(folder, _DIR_FLAGS)
    except OSError as problem:
        raise _refuse(folder, f"cannot open folder {folder}: {_why(problem)}") from None


def _write_in(folder_fd: int, folder: Path, name: str, data: bytes) -> str:
    """``data`` into a new temporary file in the folder; its name."""
    temporary = f".{name}.{secrets.token_hex(6)}.tmp"
    try:
        handle = os.open(temporary, _FILE_FLAGS, 0o666, dir_fd=folder_fd)
    except OSError as problem:
        raise _refuse(folder / name, f"cannot write in {folder}: {_why(problem)}") from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
    except OSError as problem:
        os.unlink(temporary, dir_fd=folder_fd)
        raise _refuse(folder / name, f"cannot write {folder / name}: {_why(problem)}") \
            from None
    return temporary


def write_files(folder: Path, files: dict[str, bytes], *, create: bool = True) -> None:
    """Write each ``name: data`` of ``files`` into ``folder`` (created if missing and
    ``create``), each whole or not at all, replacing a link at a name rather than
    following it. Raises :class:`OutputRefused` when that cannot be done."""
    for name in files:
        if not name or "/" in name or os.sep in name or name in (".", ".."):
            raise _refuse(folder / name, f"{name!r} is not a file name")
    folder_fd = _open_folder(folder, create)
    temporaries: dict[str, str] = {}
    try:
        for name in files:
            try:
                found = os.lstat(name, dir_fd=folder_fd)
            except FileNotFoundError:
                continue
            if stat.S_ISDIR(found.st_mode):
                raise _refuse(folder / name, f"{folder / name} is a folder, not a file")
        for name, data in files.items():
            temporaries[name] = _write_in(folder_fd, folder, name, data)
        for name in files:
            try:
                os.replace(temporaries[name], name, src_dir_fd=folder_fd,
                           dst_dir_fd=folder_fd)
            except OSError as problem:
                raise _refuse(folder / name, f"cannot write {folder / name}: "
                              f"{_why(problem)}") from None
            del temporaries[name]
    finally:
        for temporary in temporaries.values():
            with contextlib.suppress(OSError):
                os.unlink(temporary, dir_fd=folder_fd)
        os.close(folder_fd)
