"""Shared fixtures: copies of the shipped content to mutate, the shipped content's
models (validated once per test process: ``make test`` runs one per core), and a CLI
runner."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from compiler.cli import main

REPO = Path(__file__).resolve().parent.parent
# simulated lint results are cached on disk; tests keep theirs out of the user's cache
os.environ.setdefault("SAMIZDAT_CACHE", tempfile.mkdtemp(prefix="samizdat-test-cache-"))
CARDS = REPO / "cards"
# a duplex home sheet opens with the print instructions page and its back; gutter-fold
# with the page alone (compiler.pdf.instructions)
FIRST_CARD_PAGE = 2
FIRST_FOLDED_PAGE = 1
SAJ = "azadi/campaigns/south-asian-independence-1947"


@pytest.fixture(scope="session")
def shipped_models() -> dict[str, Any]:
    """Every game's model of the shipped content (validated once per test process;
    not to be mutated)."""
    from compiler.frontend.validate import validate

    result = validate([CARDS])
    assert result.errors == 0
    return result.models


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    """A private copy of cards/ to mutate."""
    target = tmp_path / "cards"
    shutil.copytree(CARDS, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    """Replace exactly one occurrence of ``old`` in ``path``."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    """1-based number of the first line containing ``needle``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def run_cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def validate_json(*paths: Path | str) -> tuple[int, dict[str, Any]]:
    """Run ``samizdat validate --format json`` and return (exit code, parsed output)."""
    result = run_cli("validate", "--format", "json", *map(str, paths))
    return result.exit_code, json.loads(result.stdout)


def triples(report: dict[str, Any], root: Path | None = None) -> list[tuple[str, str, int, int]]:
    """(code, file relative to root, line, column) for each diagnostic."""
    out = []
    for d in report["diagnostics"]:
        file = d["file"]
        if root is not None:
            file = Path(os.path.abspath(file)).relative_to(os.path.abspath(root)).as_posix()
        out.append((d["code"], file, d["line"], d["column"]))
    return out


@pytest.fixture
def chdir_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


Edit = Callable[[Path, str, str], None]


def tree_digest(folder: Path, skip: Path | None = None) -> dict[str, str]:
    """Every entry under ``folder`` (links not followed) but those under ``skip``:
    relative path -> what it is (a file's SHA-256, a link's target, "folder" or
    "special"), to show that nothing changed."""
    import hashlib

    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        if skip is not None and path.is_relative_to(skip):
            continue
        rel = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[rel] = "-> " + os.readlink(path)
        elif path.is_dir():
            found[rel] = "folder"
        elif path.is_file():
            found[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            found[rel] = "special"
    return found


@pytest.fixture
def own_languages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of Spring's language folders that a test may change (the caches of
    languages, phrase books and print words emptied before and after)."""
    from compiler.i18n import languages, print_words
    from compiler.text import effect_text

    folder = tmp_path / "lang"
    shutil.copytree(REPO / "templates" / "spring" / "lang", folder)
    monkeypatch.setattr(languages, "folder", lambda game: folder)
    caches = (languages.language, effect_text.phrasebook, print_words._entries)
    for cache in caches:
        cache.cache_clear()
    yield folder
    for cache in caches:
        cache.cache_clear()
