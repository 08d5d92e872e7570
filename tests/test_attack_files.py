"""Hostile files and file systems: every one is a diagnostic with a code and a place,
never a hang, a traceback or an endless read (issue 16, items 4 and 9).

Each attack is made in tmp_path. Commands that a regression could hang run in a
subprocess with a timeout, so that a regression fails instead of stalling the suite.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.frontend.layouts import LayoutLibrary
from compiler.frontend.safe_read import FileTooLarge, NotRegularFile, UnreadableFile, read_file
from tests.conftest import REPO, run_cli, tree_digest, triples, validate_json

TIMEOUT = 60
ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else False


def samizdat(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the CLI in its own process, bounded in time."""
    env = os.environ | {"PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "compiler", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=TIMEOUT, check=False)


def diagnostics(stdout: str, cwd: Path, root: Path) -> list[tuple[str, str, int, int]]:
    """(code, file relative to root, line, column) of a JSON report made in ``cwd``."""
    return [(d["code"], (cwd / d["file"]).relative_to(root).as_posix(), d["line"], d["column"])
            for d in json.loads(stdout)["diagnostics"]]


def no_traceback(stderr: str) -> None:
    assert "Traceback" not in stderr and "internal error" not in stderr, stderr


# -- content folders -------------------------------------------------------------------

def test_fifo_named_like_content_is_refused_not_waited_on(cards: Path) -> None:
    os.mkfifo(cards / "san" / "x.yaml")
    run = samizdat("validate", "--format", "json", str(cards / "san"), cwd=cards.parent)
    no_traceback(run.stderr)
    assert (run.returncode, diagnostics(run.stdout, cards.parent, cards)) == (
        1, [("Y114", "san/x.yaml", 1, 1)])


def test_sparse_8_gib_file_is_refused_by_its_size(cards: Path) -> None:
    big = cards / "san" / "big.yaml"
    with big.open("wb") as out:
        out.truncate(8 * 1024**3)
    run = samizdat("validate", "--format", "json", str(cards / "san"), cwd=cards.parent)
    no_traceback(run.stderr)
    assert (run.returncode, diagnostics(run.stdout, cards.parent, cards)) == (
        1, [("Y101", "san/big.yaml", 1, 1)])
    assert "8,589,934,592 bytes" in json.loads(run.stdout)["diagnostics"][0]["message"]


def test_1500_nested_folders_stop_at_the_depth_bound(cards: Path) -> None:
    handle = os.open(cards / "san", os.O_RDONLY)
    for _ in range(1500):   # relative to the last folder: the whole path is too long
        os.mkdir("d", dir_fd=handle)
        inner = os.open("d", os.O_RDONLY, dir_fd=handle)
        os.close(handle)
        handle = inner
    os.close(os.open("more.yaml", os.O_WRONLY | os.O_CREAT, dir_fd=handle))
    os.close(handle)
    try:
        result = run_cli("validate", "--format", "json", str(cards / "san"))
        assert (result.exit_code, triples(json.loads(result.stdout), cards)) == (
            1, [("F208", "san/" + "/".join(["d"] * 33), 0, 0)])
    finally:
        _unnest(cards / "san")


def _unnest(top: Path) -> None:
    """Remove ``top/d/d/…`` one level at a time (rmtree recurses, and would overflow)."""
    while (top / "d").is_dir():
        if (top / "d" / "d").is_dir():
            os.rename(top / "d" / "d", top / "next")
        if (top / "d" / "more.yaml").exists():
            (top / "d" / "more.yaml").unlink()
        os.rmdir(top / "d")
        if (top / "next").is_dir():
            os.rename(top / "next", top / "d")


@pytest.mark.parametrize(("name", "target", "code"), [
    ("loop.yaml", "loop.yaml", "F210"),      # a link to itself
    ("again", ".", "F210"),                  # a linked folder holding itself
    ("gone.yaml", "nowhere.yaml", "F209"),   # a link to nothing: a warning
])
def test_links_that_lead_nowhere_or_in_circles(cards: Path, name: str, target: str,
                                               code: str) -> None:
    os.symlink(target, cards / "san" / name)
    result = run_cli("validate", "--format", "json", str(cards / "san"))
    report = json.loads(result.stdout)
    assert (result.exit_code, triples(report, cards)) == (
        0 if code == "F209" else 1, [(code, f"san/{name}", 0, 0)])
    assert report["diagnostics"][0]["severity"] == ("warning" if code == "F209" else "error")


def test_linked_folder_leading_outside_is_not_walked(cards: Path) -> None:
    os.symlink("/", cards / "san" / "everything")
    result = run_cli("validate", "--format", "json", str(cards / "san"))
    assert (result.exit_code, triples(json.loads(result.stdout), cards)) == (
        1, [("F204", "san/everything", 0, 0)])


@pytest.fixture
def denied(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """Paths that cannot be opened or listed: chmod 000 when that denies (not root);
    as root, where permissions do not deny, opening and listing them fails the same
    way as it would for anyone else."""
    paths: set[str] = set()
    if ROOT:
        real_open, real_scandir = os.open, os.scandir

        def guarded_open(path: Any, *args: Any, **kwargs: Any) -> int:
            if os.fspath(path) in paths:
                raise PermissionError(13, "Permission denied", os.fspath(path))
            return real_open(path, *args, **kwargs)

        def guarded_scandir(path: Any = ".") -> Any:
            if os.fspath(path) in paths:
                raise PermissionError(13, "Permission denied", os.fspath(path))
            return real_scandir(path)

        monkeypatch.setattr(os, "open", guarded_open)
        monkeypatch.setattr(os, "scandir", guarded_scandir)
    yield paths
    for path in paths:
        os.chmod(path, 0o755)


def test_unreadable_file_and_folder(cards: Path, denied: set[str]) -> None:
    secret = cards / "san" / "secret.yaml"
    secret.write_text("cards: []\n")
    hidden = cards / "san" / "drafts"
    hidden.mkdir()
    (hidden / "more.yaml").write_text("cards: []\n")
    for path in (secret, hidden):
        os.chmod(path, 0)
        denied.add(str(path))
    code, report = validate_json(cards / "san")
    assert (code, triples(report, cards)) == (1, [("F211", "san/drafts", 0, 0),
                                                  ("Y115", "san/secret.yaml", 1, 1)])
    assert "permission denied" in report["diagnostics"][1]["message"]


# -- layouts ---------------------------------------------------------------------------

def _layouts(tmp_path: Path) -> Path:
    folder = tmp_path / "templates" / "san" / "layouts"
    folder.mkdir(parents=True)
    return folder


@pytest.mark.parametrize("target", ["/dev/zero", "fifo", "/proc/self/status"])
def test_layout_that_is_not_a_regular_file(tmp_path: Path, target: str) -> None:
    folder = _layouts(tmp_path)
    if target == "fifo":
        os.mkfifo(folder / "san_card-front.yaml")
    else:
        os.symlink(target, folder / "san_card-front.yaml")
    library = LayoutLibrary("san", overrides=tmp_path / "templates")
    assert library.get("san_card-front") is None
    assert [(d.code, d.location.file, d.location.line, d.location.column)
            for d in library.diagnostics] == [
        ("Y114", str(folder / "san_card-front.yaml"), 1, 1)]


def test_1500_deep_extends_chain_stops_at_the_bound(tmp_path: Path) -> None:
    folder = _layouts(tmp_path)
    for n in range(1500):
        (folder / f"l{n}.yaml").write_text(f"layout:\n  extends: l{n + 1}\n")
    (folder / "l1500.yaml").write_text("layout:\n  regions: {}\n")
    library = LayoutLibrary("san", overrides=tmp_path / "templates")
    assert library.get("l0") is None
    assert [(d.code, d.location.file, d.location.line, d.location.column)
            for d in library.diagnostics] == [("B606", str(folder / "l31.yaml"), 2, 12)]
    assert library.get("l1480") is not None   # 20 deep: within the bound


@pytest.mark.slow
def test_build_with_a_layout_linked_to_dev_zero(cards: Path, tmp_path: Path) -> None:
    folder = _layouts(tmp_path)
    os.symlink("/dev/zero", folder / "san_card-front.yaml")
    out = tmp_path / "out"
    before = tree_digest(tmp_path, skip=out)
    run = samizdat("build", "--cards-only", "--format", "json", "--templates",
                   str(tmp_path / "templates"), "--out", str(out), str(cards / "san"),
                   cwd=tmp_path)
    no_traceback(run.stderr)
    assert run.returncode == 1
    assert ("Y114", "templates/san/layouts/san_card-front.yaml", 1, 1) in diagnostics(
        run.stdout, tmp_path, tmp_path)
    assert tree_digest(tmp_path, skip=out) == before


# -- lint settings and baselines -------------------------------------------------------

def test_settings_file_linked_to_dev_zero(cards: Path, tmp_path: Path) -> None:
    os.symlink("/dev/zero", tmp_path / "samizdat.toml")
    run = samizdat("lint", "--fast", str(cards / "san"), cwd=tmp_path)
    no_traceback(run.stderr)
    assert run.returncode == 2
    assert run.stderr.strip() == ("samizdat.toml: error Y114 not a regular file: it is a "
                                  "character device")


def test_baseline_linked_to_dev_zero(cards: Path, tmp_path: Path) -> None:
    os.symlink("/dev/zero", tmp_path / "baseline.json")
    before = tree_digest(tmp_path)
    run = samizdat("lint", "--fast", "--baseline", "baseline.json", str(cards / "san"),
                   cwd=tmp_path)
    no_traceback(run.stderr)
    assert run.returncode == 2
    assert run.stderr.strip() == ("baseline.json: error Y114 not a regular file: it is a "
                                  "character device")
    assert tree_digest(tmp_path) == before


# -- command-line paths ------------------------------------------------------------------

def test_nul_in_a_path_argument_is_a_usage_error() -> None:
    from compiler.cli_paths import ContentPath

    @click.command()
    @click.argument("paths", nargs=-1, type=ContentPath(exists=True))
    def command(paths: tuple[Path, ...]) -> None:
        click.echo(repr(paths))

    result = CliRunner().invoke(command, ["cards/san\0x"], catch_exceptions=False)
    assert result.exit_code == 2
    assert "holds a NUL character" in result.output
    assert CliRunner().invoke(command, [str(REPO / "cards")]).exit_code == 0


@pytest.mark.parametrize("args", [
    ["validate", "cards/san\0x"], ["lint", "--fast", "cards/san\0x"],
    ["build", "--out", "out\0x", "cards/san"], ["build", "--templates", "t\0", "cards/san"],
    ["lint", "--config", "a\0.toml", "cards/san"], ["lint", "--baseline", "b\0", "cards/san"],
    ["simulate", "san", "--report", "r\0"],
])
def test_nul_in_any_command_line_path_is_a_usage_error(args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "holds a NUL character" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# -- the reader itself -------------------------------------------------------------------

def test_read_file_refuses_what_is_not_a_bounded_regular_file(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "small").write_bytes(b"12345")
    (tmp_path / "grows").write_bytes(b"")
    os.symlink("loop", tmp_path / "loop")
    with pytest.raises(NotRegularFile):
        read_file(tmp_path / "pipe")
    with pytest.raises(NotRegularFile):
        read_file("/proc/self/environ")   # size 0, yet not empty
    with pytest.raises(FileTooLarge):
        read_file(tmp_path / "small", limit=4)
    with pytest.raises(UnreadableFile) as loop:
        read_file(tmp_path / "loop")
    assert loop.value.code == "Y115" and "leads back to itself" in loop.value.reason
    with pytest.raises(UnreadableFile):
        read_file(tmp_path / "a\0b")
    assert read_file(tmp_path / "small", limit=5) == b"12345"
    assert read_file(tmp_path / "grows") == b""


def test_two_folders_of_one_game_in_one_run(tmp_path: Path) -> None:
    other = tmp_path / "copy" / "san"
    shutil.copytree(REPO / "cards" / "san", other)
    out = tmp_path / "out"
    result = run_cli("build", "--format", "json", "--cards-only", "--out", str(out),
                     str(REPO / "cards" / "san"), str(other))
    report = json.loads(result.stdout)
    assert result.exit_code == 1
    assert [(d["code"], d["line"], d["column"]) for d in report["diagnostics"]] == [
        ("F212", 1, 1)]
    assert "a second content folder of the game san" in report["diagnostics"][0]["message"]
    assert not out.exists()
