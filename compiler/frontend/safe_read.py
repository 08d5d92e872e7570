"""Reading a file samizdat was pointed at, without trusting what the path leads to.

Content, layouts, rules data, settings and baselines come from strangers in CI. A
path that looks like ``cards.yaml`` may be a FIFO (reading blocks forever), a device
(``/dev/zero`` never ends), a file under ``/proc`` (reports size 0, may block or be
endless), a sparse file of many gigabytes, or a link to any of these. :func:`read_file`
reads a regular file of bounded size and refuses everything else with a typed error
whose :meth:`UnreadableFile.diagnostic` gives the diagnostic to report:

* ``os.stat`` first (links are followed; confinement is checked by the callers),
  refusing anything but a regular file, and a regular file on a kernel pseudo file
  system (``/proc``, ``/sys``, ``/dev``), before it is opened;
* refusing a file over the limit by its size, before reading a byte (Y101);
* opening with ``O_NONBLOCK | O_NOCTTY`` so that a FIFO swapped in after the check
  cannot block, then ``fstat`` of the descriptor: it must be the same regular file;
* reading at most ``limit + 1`` bytes whatever the size said (files that grow, or
  that report size 0 but are not empty).
"""

from __future__ import annotations

import errno
import os
import stat
from functools import cache
from pathlib import Path

from rules_engine.core.diagnostics import Diagnostic, Location, error

DEFAULT_LIMIT = 2 * 1024 * 1024   # the YAML loader's default file limit
_CHUNK = 1024 * 1024
_PSEUDO_ROOTS = ("/proc", "/sys", "/dev")
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0))


class UnreadableFile(Exception):
    """A file samizdat will not read; ``code`` and ``reason`` make the diagnostic."""

    code = "Y115"

    def __init__(self, path: Path | str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = Path(path)
        self.reason = reason

    def diagnostic(self, where: Location) -> Diagnostic:
        """The error to report at ``where`` (usually the file itself, line 1)."""
        return error(self.code, self.reason, where)


class NotRegularFile(UnreadableFile):
    """The path leads to a FIFO, device, socket, folder or kernel pseudo file (Y114)."""

    code = "Y114"


class FileTooLarge(UnreadableFile):
    """The file is larger than the limit (Y101)."""

    code = "Y101"


def describe_mode(mode: int) -> str:
    """What kind of file ``mode`` (an ``st_mode``) is, in words."""
    kinds = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"),
             (stat.S_ISDIR, "a folder"), (stat.S_ISLNK, "a symbolic link"),
             (stat.S_ISREG, "a regular file"))
    return next((words for test, words in kinds if test(mode)), "not a regular file")


def os_reason(exc: OSError) -> str:
    """An ``OSError`` in words a designer understands (no traceback, no errno number)."""
    known = {errno.ENOENT: "it does not exist (or is a link to nothing)",
             errno.ELOOP: "it is a symbolic link that leads back to itself",
             errno.EACCES: "permission denied", errno.EPERM: "permission denied",
             errno.ENAMETOOLONG: "its name is too long for the file system",
             errno.ENOTDIR: "a folder in its path is not a folder",
             errno.EAGAIN: "it is not ready to be read (it would block)",
             errno.EISDIR: "it is a folder"}
    return known.get(exc.errno or 0, exc.strerror or type(exc).__name__)


@cache
def _pseudo_devices() -> frozenset[int]:
    """The devices of the kernel's pseudo file systems (where size says nothing)."""
    try:
        system = os.stat("/").st_dev
    except OSError:
        return frozenset()
    found = set()
    for root in _PSEUDO_ROOTS:
        try:
            device = os.stat(root).st_dev
        except OSError:
            continue
        if device != system:   # only a file system of its own (not a plain folder of /)
            found.add(device)
    return frozenset(found)


def _check_regular(path: Path | str, info: os.stat_result) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise NotRegularFile(path, f"not a regular file: it is {describe_mode(info.st_mode)}")
    if info.st_dev in _pseudo_devices():
        raise NotRegularFile(path, "a file of the kernel's pseudo file systems (/proc, /sys, "
                             "/dev), not a file someone wrote")


def _too_large(path: Path | str, size: int, limit: int, exact: bool) -> FileTooLarge:
    amount = f"{size:,} bytes" if exact else f"more than {limit:,} bytes"
    return FileTooLarge(path, f"file is {amount}; the limit is {limit:,}")


def read_file(path: Path | str, limit: int = DEFAULT_LIMIT) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises :class:`UnreadableFile` (or its subclasses :class:`NotRegularFile`,
    :class:`FileTooLarge`) instead of blocking, reading without end or raising
    ``OSError``/``ValueError``; ``exc.diagnostic(location)`` is what to report.
    """
    try:
        before = os.stat(path)
    except (OSError, ValueError) as exc:
        raise UnreadableFile(path, _stat_reason(exc)) from exc
    _check_regular(path, before)
    if before.st_size > limit:
        raise _too_large(path, before.st_size, limit, True)
    try:
        handle = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise UnreadableFile(path, f"cannot open it: {os_reason(exc)}") from exc
    try:
        after = os.fstat(handle)
        if (after.st_dev, after.st_ino) != (before.st_dev, before.st_ino):
            raise UnreadableFile(path, "it was replaced while being opened")
        _check_regular(path, after)
        return _read_bounded(path, handle, limit)
    finally:
        os.close(handle)


def _stat_reason(exc: OSError | ValueError) -> str:
    if isinstance(exc, ValueError):   # NUL in the path
        return "its name holds a character no file name can hold (NUL)"
    return f"cannot read it: {os_reason(exc)}"


def _read_bounded(path: Path | str, handle: int, limit: int) -> bytes:
    parts: list[bytes] = []
    total = 0
    while total <= limit:
        try:
            chunk = os.read(handle, min(_CHUNK, limit + 1 - total))
        except OSError as exc:
            raise UnreadableFile(path, f"cannot read it: {os_reason(exc)}") from exc
        if not chunk:
            return b"".join(parts)
        parts.append(chunk)
        total += len(chunk)
    raise _too_large(path, total, limit, False)


def read_text(path: Path | str, limit: int = DEFAULT_LIMIT) -> str:
    """:func:`read_file` decoded as UTF-8 (``UnicodeDecodeError`` when it is not)."""
    return read_file(path, limit).decode("utf-8")
