"""Attacks on `samizdat build`'s output: folders it did not make, symbolic links,
special files as --out, killed and concurrent builds, a tampered build cache, and
bytes that must not depend on the working folder. Each asserts the exit code, the
diagnostic and that nothing outside --out changed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from compiler.pipeline import build as build_module
from compiler.pipeline import output_folder
from tests.conftest import CARDS, REPO, run_cli, tree_digest


def build(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli("build", "--format", "json", "--jobs", "1", "--cards-only", *args)
    return result.exit_code, json.loads(result.stdout.split("\nwrote ")[0])


def codes(report: dict[str, Any]) -> list[tuple[str, str]]:
    return [(d["code"], d["file"]) for d in report["diagnostics"]]


@pytest.fixture
def san(tmp_path: Path) -> Path:
    target = tmp_path / "content" / "san"
    shutil.copytree(CARDS / "san", target)
    return target


def test_a_campaign_folder_named_like_the_game_is_never_deleted(tmp_path: Path,
                                                                monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    assert run_cli("new", "campaign", "demo", "--into", ".").exit_code == 0
    os.rename("demo", "azadi")
    before = tree_digest(tmp_path)
    code, report = build("azadi", "--out", ".")
    assert code == 1
    assert codes(report) == [("B620", "azadi")]
    assert "is not an output folder samizdat wrote for the game azadi" in \
        report["diagnostics"][0]["message"]
    assert tree_digest(tmp_path) == before


def test_a_folder_of_the_users_is_never_replaced(san: Path, tmp_path: Path) -> None:
    out = tmp_path / "Documents"
    (out / "san").mkdir(parents=True)
    (out / "san" / "thesis.txt").write_text("years of work\n")
    before = tree_digest(tmp_path)
    code, report = build(str(san), "--out", str(out))
    assert (code, codes(report)) == (1, [("B620", str(out / "san"))])
    assert tree_digest(tmp_path) == before


def test_a_file_added_to_samizdats_output_stops_the_next_build(san: Path,
                                                                tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert build(str(san), "--out", str(out))[0] == 0
    (out / "san" / "notes.txt").write_text("mine\n")
    game = san / "game.yaml"
    game.write_text(game.read_text() + "# edited\n")     # so the build would write
    before = tree_digest(tmp_path)
    code, report = build(str(san), "--out", str(out))
    assert (code, codes(report)) == (1, [("B620", str(out / "san"))])
    assert "holds notes.txt, which samizdat did not write" in report["diagnostics"][0]["message"]
    assert {k: v for k, v in tree_digest(tmp_path).items() if k.startswith("out/")} == \
        {k: v for k, v in before.items() if k.startswith("out/")}


def test_an_empty_folder_and_samizdats_own_output_are_replaced(san: Path,
                                                              tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "san").mkdir(parents=True)
    assert build(str(san), "--out", str(out))[0] == 0
    marker = json.loads((out / "san" / output_folder.MARKER).read_text())
    assert marker["game"] == "san" and marker["generator"] == "samizdat"
    assert build(str(san), "--out", str(out), "--paper", "letter")[0] == 0
    assert sorted(p.name for p in out.iterdir()) == ["san"]


def test_output_from_before_markers_is_still_replaced(san: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert build(str(san), "--out", str(out))[0] == 0
    (out / "san" / output_folder.MARKER).unlink()
    assert build(str(san), "--out", str(out), "--paper", "letter")[0] == 0
    # but a forged marker (not matching the manifest) is refused
    (out / "san" / output_folder.MARKER).write_text(
        output_folder.marker_text("san", b"another manifest"))
    code, report = build(str(san), "--out", str(out))
    assert (code, codes(report)) == (1, [("B620", str(out / "san"))])


def test_a_link_as_the_games_folder_is_refused(san: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "precious").mkdir(parents=True)
    (home / "precious" / "a.txt").write_text("keep\n")
    out = tmp_path / "out"
    out.mkdir()
    os.symlink(home, out / "san")
    before = tree_digest(tmp_path)
    code, report = build(str(san), "--out", str(out))
    assert (code, codes(report)) == (1, [("B621", str(out / "san"))])
    assert tree_digest(tmp_path) == before


def test_a_link_as_out_is_refused(san: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    os.symlink(home, tmp_path / "output")
    before = tree_digest(tmp_path)
    code, report = build(str(san), "--out", str(tmp_path / "output"))
    assert (code, codes(report)) == (1, [("B621", str(tmp_path / "output"))])
    assert tree_digest(tmp_path) == before


def test_a_link_inside_the_output_is_refused(san: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert build(str(san), "--out", str(out))[0] == 0
    secret = tmp_path / "secret.txt"
    secret.write_text("private\n")
    pdf = next((out / "san").glob("*.pdf"))
    pdf.unlink()
    os.symlink(secret, pdf)
    code, report = build(str(san), "--out", str(out), "--paper", "letter")
    assert (code, codes(report)) == (1, [("B621", str(out / "san"))])
    assert secret.read_text() == "private\n"


@pytest.mark.parametrize("target", ["/dev/null", "file"])
def test_out_that_is_not_a_folder(san: Path, tmp_path: Path, target: str) -> None:
    out = tmp_path / "a-file" if target == "file" else Path(target)
    if target == "file":
        out.write_text("x")
    code, report = build(str(san), "--out", str(out))
    assert (code, codes(report)) == (1, [("B621", str(out))])
    if target == "file":
        assert out.read_text() == "x"


def test_out_below_a_file_is_a_diagnostic(san: Path, tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("x")
    code, report = build(str(san), "--out", str(tmp_path / "a-file" / "out"))
    assert code == 1
    assert [d["code"] for d in report["diagnostics"]] == ["B621"]
    assert "Not a directory" in report["diagnostics"][0]["message"]


def test_a_build_killed_between_the_renames_is_recovered(san: Path, tmp_path: Path,
                                                         monkeypatch: Any) -> None:
    out = tmp_path / "out"
    assert build(str(san), "--out", str(out))[0] == 0
    first = tree_digest(out / "san")
    real = os.replace
    calls: list[str] = []

    def killed(src: Any, dst: Any) -> None:
        calls.append(str(dst))
        if len(calls) == 2:       # the old output is aside, the new one not yet in place
            raise KeyboardInterrupt
        real(src, dst)

    monkeypatch.setattr(output_folder.os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        build_module.build([san], build_module.BuildOptions(out, paper="letter",
                                                            extras=False))
    monkeypatch.setattr(output_folder.os, "replace", real)
    assert not (out / "san").exists()
    assert [p.name.startswith(".san-old-") for p in out.iterdir()] == [True]
    # a stage folder of a dead build, and a folder that only looks like one
    stage = output_folder.new_stage(out, "san")
    (stage / output_folder.MARKER).write_text("{}")
    (out / ".san-stage-mine").mkdir()
    (out / ".san-stage-mine" / "keep.txt").write_text("not samizdat's\n")
    code, report = build(str(san), "--out", str(out))
    assert code == 0, report
    assert report["summary"]["reused decks"] == 5     # the old output was put back first
    assert tree_digest(out / "san") == first
    assert sorted(p.name for p in out.iterdir()) == [".san-stage-mine", "san"]


@pytest.mark.slow
def test_concurrent_builds_leave_one_complete_output(san: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    command = [sys.executable, "-m", "compiler", "build", str(san), "--out", str(out),
               "--cards-only", "--jobs", "1", "--format", "json"]
    runs = [subprocess.Popen([*command, *extra], cwd=tmp_path, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=os.environ | {"PYTHONPATH": str(REPO)})
            for extra in ([], ["--paper", "letter"], [])]
    results = [(run.wait(timeout=300), run.stderr.read()) for run in runs]
    for run in runs:
        assert run.stdout is not None and run.stderr is not None
        run.stdout.close()
        run.stderr.close()
    assert [code for code, _ in results] == [0, 0, 0], results
    assert sorted(p.name for p in out.iterdir()) == ["san"]
    listed = json.loads((out / "san" / "manifest.json").read_text())["files"]
    assert sorted(f["path"] for f in listed) == sorted(
        p.name for p in (out / "san").iterdir() if p.suffix == ".pdf")


@pytest.mark.parametrize("tamper", [
    lambda c: c | {"river": {"key": c["river"]["key"], "files": [
        {"path": "../../secret.txt", "kind": "cards", "pages": 1, "cards": 1, "bytes": 8,
         "sha256": "0" * 64}]}},
    lambda c: c | {"river": {"key": c["river"]["key"], "files": "river.pdf"}},
    lambda c: c | {"river": 7},
    lambda c: ["not", "a", "cache"],
], ids=["escaping-path", "files-not-a-list", "entry-not-a-map", "not-a-map"])
def test_a_tampered_build_cache_only_costs_a_rebuild(san: Path, tmp_path: Path,
                                                     tamper: Any) -> None:
    out = tmp_path / "out"
    assert build(str(san), "--out", str(out))[0] == 0
    (tmp_path / "secret.txt").write_text("private\n")
    cache_file = out / "san" / output_folder.CACHE
    cache_file.write_text(json.dumps(tamper(json.loads(cache_file.read_text()))))
    code, report = build(str(san), "--out", str(out), "--paper", "letter")
    assert code == 0, report
    assert (tmp_path / "secret.txt").read_text() == "private\n"
    assert "secret.txt" not in {p.name for p in (out / "san").rglob("*")}


def test_a_changed_output_file_is_not_reused(san: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert build(str(san), "--out", str(out))[0] == 0
    pdf = out / "san" / "river.pdf"
    good = pdf.read_bytes()
    pdf.write_bytes(good[:-10] + b"0123456789")        # same size, other bytes
    code, report = build(str(san), "--out", str(out))
    assert code == 0 and report["summary"]["reused decks"] == 4
    assert pdf.read_bytes() == good


def test_the_same_bytes_and_cache_hits_from_any_folder(san: Path, tmp_path: Path,
                                                       monkeypatch: Any) -> None:
    monkeypatch.chdir(REPO)
    assert build(str(san), "--out", str(tmp_path / "a"))[0] == 0
    monkeypatch.chdir(tmp_path)
    assert build(str(san), "--out", str(tmp_path / "b"))[0] == 0
    def printed(folder: Path) -> dict[str, str]:
        return {k: v for k, v in tree_digest(folder).items()
                if not k.endswith(output_folder.CACHE)}   # the cache records file times

    assert printed(tmp_path / "a") == printed(tmp_path / "b")
    moved = tmp_path / "elsewhere" / "deeper" / "san"
    shutil.copytree(san, moved)
    monkeypatch.chdir(moved.parent)
    code, report = build("san", "--out", str(tmp_path / "a"))
    assert code == 0 and report["summary"]["reused decks"] == 5


def test_output_folders_honour_the_umask(san: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    before = os.umask(0o027)
    try:
        assert build(str(san), "--out", str(out))[0] == 0
    finally:
        os.umask(before)
    assert (out / "san").stat().st_mode & 0o777 == 0o750
    assert (out / "san" / "river.pdf").stat().st_mode & 0o777 == 0o640


def test_jobs_are_capped_to_the_processors(san: Path, tmp_path: Path) -> None:
    from compiler.pipeline.machine import usable_processors

    result = run_cli("build", str(san), "--out", str(tmp_path / "out"), "--cards-only",
                     "--jobs", "64")
    assert result.exit_code == 0
    assert f"--jobs 64 capped to {usable_processors()}" in result.stderr
