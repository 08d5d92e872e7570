"""The two versions ``samizdat diff`` compares: a folder used as it is, or a git
revision of the repository the command runs in, whose PATH is extracted into a
temporary folder (``git archive`` read by :mod:`tarfile` with the ``data`` filter,
so nothing lands outside it) and removed afterwards.

Git runs without a shell, with a fixed environment (no ``GIT_DIR`` or hooks a caller
set, no prompt, no optional locks), and only reads the repository. The files of an
extracted revision are shown as the repository's own paths (:meth:`Side.shown`), so
that findings point where the pull request's diff has them."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from compiler.frontend.discover import display

GIT_TIMEOUT = 300          # seconds: an archive of a large repository is slow, not hung


class SideError(Exception):
    """A BASE, HEAD or PATH that cannot be read (a usage error, exit code 2)."""


@dataclass(frozen=True)
class Side:
    """One version: ``role`` "base" or "head", what was given, the folder holding its
    content, and for a revision its commit and the extracted tree's root."""

    role: str
    given: str
    folder: Path
    commit: str | None = None
    extracted: Path | None = None
    repository: Path | None = None

    @property
    def label(self) -> str:
        """How reports name it: the folder, or the revision and its short commit."""
        return self.given if self.commit is None else f"{self.given} ({self.commit[:12]})"

    def shown(self, file: str) -> str:
        """A file as reports show it: one of an extracted revision as the repository's
        own path (relative to the working folder when inside it), else as it is."""
        if self.extracted is None or self.repository is None:
            return file
        root = display(self.extracted)
        if file != root and not file.startswith(root + "/"):
            return file
        return display(self.repository / file[len(root):].lstrip("/"))


def git_environment() -> dict[str, str]:
    """The environment git runs in: the caller's PATH and HOME (for its settings, such
    as safe.directory), the C locale, no prompt and no optional locks."""
    env = {"PATH": os.environ.get("PATH", os.defpath), "LC_ALL": "C",
           "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0"}
    if "HOME" in os.environ:
        env["HOME"] = os.environ["HOME"]
    return env


def git(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """Run ``git args`` in ``cwd`` (no shell, the fixed environment)."""
    try:
        return subprocess.run(["git", *args], cwd=cwd, env=git_environment(),
                              capture_output=True, check=False, timeout=GIT_TIMEOUT)
    except FileNotFoundError:
        raise SideError("git is not installed, so only folders can be compared") from None


@contextmanager
def opened(role: str, given: str, path: str) -> Iterator[Side]:
    """The version ``given`` names: a folder as it is, else a revision's ``path``
    extracted for as long as the block runs."""
    if Path(given).is_dir():
        yield Side(role, given, Path(given))
        return
    here = Path.cwd()
    name = role.upper()
    if given.startswith("-"):
        raise SideError(f"{name} {given!r} is not a folder, and a revision cannot start "
                        "with '-'")
    top = git(["rev-parse", "--show-toplevel"], here)
    if top.returncode != 0:
        raise SideError(f"{name} {given!r} is not a folder, and {here} is not in a git "
                        "repository to read it as a revision")
    repository = Path(top.stdout.decode("utf-8", "surrogateescape").strip())
    found = git(["rev-parse", "--verify", "--quiet", f"{given}^{{commit}}"], repository)
    if found.returncode != 0:
        raise SideError(f"{name} {given!r} is neither a folder nor a revision of the git "
                        f"repository at {repository}")
    commit = found.stdout.decode("ascii").strip()
    inside = _inside(repository, here / path, path)
    if inside.parts and git(["cat-file", "-e", f"{commit}:{inside.as_posix()}"],
                            repository).returncode != 0:
        raise SideError(f"{name} {given} ({commit[:12]}): PATH {inside.as_posix()} does "
                        "not exist at that revision")
    extracted = Path(tempfile.mkdtemp(prefix=f"samizdat-diff-{role}-"))
    try:
        _extract(repository, commit, inside, extracted)
        yield Side(role, given, extracted / inside, commit, extracted, repository)
    finally:
        shutil.rmtree(extracted, ignore_errors=True)


def _inside(repository: Path, target: Path, given: str) -> Path:
    """``target`` relative to the repository's root; outside it is a SideError."""
    try:
        return target.resolve().relative_to(repository.resolve())
    except ValueError:
        raise SideError(f"PATH {given!r} is outside the git repository at "
                        f"{repository}") from None


def _extract(repository: Path, commit: str, inside: Path, into: Path) -> None:
    """Write ``inside`` (the whole tree when empty) of ``commit`` into ``into``."""
    args = ["archive", "--format=tar", commit]
    if inside.parts:
        args += ["--", inside.as_posix()]
    archived = git(args, repository)
    if archived.returncode != 0:
        said = archived.stderr.decode("utf-8", "replace").strip()
        raise SideError(f"git archive of {commit[:12]} failed: {said}")
    with tarfile.open(fileobj=io.BytesIO(archived.stdout), mode="r:") as tar:
        tar.extractall(into, filter="data")
