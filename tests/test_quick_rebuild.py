"""The unchanged rebuild: a build of content that did not change since its last clean
build stands on that build, without validating; any change, a link in the content or
a previous build with diagnostics falls back to the full build."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

import compiler.pipeline.build as build_module
from tests.conftest import CARDS, REPO, run_cli


def build(*args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli("build", "--format", "json", "--jobs", "1", "--cards-only", *args)
    return result.exit_code, json.loads(result.stdout.split("\nwrote ")[0])


@pytest.fixture
def san(tmp_path: Path) -> Path:
    target = tmp_path / "content" / "san"
    shutil.copytree(CARDS / "san", target)
    return target


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[list[Path]]:
    """Every call of the build's front end (which validates), recorded."""
    seen: list[list[Path]] = []
    real = build_module.load

    def spy(paths: list[Path], *args: Any, **kwargs: Any) -> Any:
        seen.append(paths)
        return real(paths, *args, **kwargs)

    monkeypatch.setattr(build_module, "load", spy)
    return seen


def test_an_unchanged_rebuild_does_not_validate(san: Path, tmp_path: Path,
                                                validations: list[list[Path]]) -> None:
    out = tmp_path / "out"
    first = build(str(san), "--out", str(out))
    assert first[0] == 0 and len(validations) == 1
    again = build(str(san), "--out", str(out))
    assert len(validations) == 1
    assert again == (0, {"diagnostics": [], "summary": first[1]["summary"] | {
        "reused decks": 5}})


@pytest.mark.parametrize("change", ["content", "new-file", "template", "option"])
def test_any_change_builds_in_full(san: Path, tmp_path: Path, change: str,
                                   validations: list[list[Path]]) -> None:
    out = tmp_path / "out"
    assert build(str(san), "--out", str(out))[0] == 0
    extra: list[str] = []
    if change == "content":
        game = san / "game.yaml"
        game.write_bytes(game.read_bytes() + b" ")
    elif change == "new-file":
        (san / "art").mkdir()
        (san / "art" / "picture.png").write_bytes(b"not yet used")
    elif change == "template":
        mine = tmp_path / "mine"
        (mine / "san" / "layouts").mkdir(parents=True)
        extra = ["--templates", str(mine)]
    else:
        extra = ["--paper", "letter"]
    assert build(str(san), "--out", str(out), *extra)[0] == 0
    assert len(validations) == 2


def test_a_link_in_the_content_builds_in_full(san: Path, tmp_path: Path,
                                              validations: list[list[Path]]) -> None:
    out = tmp_path / "out"
    os.symlink(san / "game.yaml", san / "notes.txt")
    assert build(str(san), "--out", str(out))[0] == 0
    assert build(str(san), "--out", str(out))[0] == 0
    assert len(validations) == 2


def test_warnings_are_reported_again(tmp_path: Path, validations: list[list[Path]]) -> None:
    spring = tmp_path / "cards" / "spring"
    shutil.copytree(CARDS / "spring", spring)
    deck = spring / "board_and_deck.yaml"
    text = deck.read_text()
    first_id = next(line.split("id:")[1].split(",")[0].strip() for line in text.splitlines()
                    if line.strip().startswith("- id:"))
    deck.write_text(text.replace(f"- id: {first_id}\n",
                                 f"- id: {first_id}\n    art: art/none.png\n", 1))
    layouts = tmp_path / "mine" / "spring" / "layouts"     # a front with no art region
    layouts.mkdir(parents=True)
    shipped = (REPO / "templates/spring/layouts/spring_card-front.yaml").read_text()
    (layouts / "spring_card-front.yaml").write_text("".join(
        line for line in shipped.splitlines(keepends=True)
        if not line.lstrip().startswith("art:")))
    out = tmp_path / "out"
    runs = [build(str(spring), "--out", str(out), "--templates", str(tmp_path / "mine"))
            for _ in range(2)]
    # the missing art's placeholder (B603), which that Spring front has no art region
    # for (B625): both said again on the second build
    assert [[d["code"] for d in report["diagnostics"]] for _, report in runs] == [
        ["B603", "B625"], ["B603", "B625"]]
    assert len(validations) == 2


def test_an_unchanged_game_learns_its_inputs_key(san: Path, tmp_path: Path,
                                                 validations: list[list[Path]]) -> None:
    out = tmp_path / "out"
    assert build(str(san), "--out", str(out))[0] == 0
    cache_file = out / "san" / ".build-cache.json"
    cache = json.loads(cache_file.read_text())
    cache_file.write_text(json.dumps(cache | {"inputs_key": None}))
    assert build(str(san), "--out", str(out))[0] == 0       # full, then the key is noted
    assert build(str(san), "--out", str(out))[0] == 0       # quick
    assert len(validations) == 2
    assert json.loads(cache_file.read_text())["inputs_key"] == cache["inputs_key"]


def test_findings_of_a_forced_build_are_reported_again(tmp_path: Path) -> None:
    spring = tmp_path / "cards" / "spring"
    shutil.copytree(CARDS / "spring", spring)
    layouts = tmp_path / "mine" / "spring" / "layouts"
    layouts.mkdir(parents=True)
    shipped = (CARDS.parent / "templates/spring/layouts/spring_card-front.yaml").read_text()
    (layouts / "spring_card-front.yaml").write_text(shipped.replace(
        "    flavor: {x: 6, y: 70, w: 51.5, h: 13,", "    flavor: {x: 6, y: 70, w: 20, h: 3,"))
    out = tmp_path / "out"
    common = (str(spring), "--out", str(out), "--templates", str(tmp_path / "mine"))
    forced = build(*common, "--force")
    assert forced[0] == 1 and (out / "spring" / "manifest.json").is_file()
    overflows = [d for d in forced[1]["diagnostics"] if d["code"] == "B601"]
    assert overflows
    code, report = build(*common)
    assert code == 1
    assert [d for d in report["diagnostics"] if d["code"] == "B601"] == overflows
