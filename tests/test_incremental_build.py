"""The campaign-sized rebuild: after an edit inside one campaign, only that campaign
is validated and drawn, and the print files are the whole build's, byte for byte;
any edit it cannot stand on (a clash with another campaign, what shared cards print,
an error, the game folder, a damaged record) gives exactly the whole build."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import compiler.pipeline.build as build_module
from compiler.frontend.validate import validate
from compiler.pipeline.build import BuildOptions, build
from tests.conftest import CARDS, edit

AMR = "campaigns/american-revolution-1776"
EGY = "campaigns/egyptian-revolution-2011"


@pytest.fixture
def azadi(tmp_path: Path) -> Path:
    target = tmp_path / "content" / "azadi"
    shutil.copytree(CARDS / "azadi", target)
    return target


def _options(out: Path) -> BuildOptions:
    return BuildOptions(out, jobs=1, extras=False)


def _files(out: Path) -> dict[str, bytes]:
    """Every print file and the manifest (not the cache, not the marker)."""
    folder = out / "azadi"
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.startswith(".")}


def _whole(azadi: Path, out: Path) -> tuple[Any, dict[str, bytes]]:
    result = build([azadi], _options(out), quick=False)
    return result, _files(out)


def _first_question(path: Path) -> str:
    return next(line for line in path.read_text().splitlines() if "question: " in line)


@pytest.fixture
def built(azadi: Path, tmp_path: Path) -> Path:
    out = tmp_path / "out"
    result = build([azadi], _options(out))
    assert result.errors == 0 and result.campaigns_drawn == {}
    return out


def test_an_edit_in_one_campaign_draws_only_that_campaign(azadi: Path, built: Path,
                                                          tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    seen: list[list[Path]] = []
    real = build_module.load
    monkeypatch.setattr(build_module, "load", lambda paths, *a, **k: seen.append(paths) or
                        real(paths, *a, **k))
    path = azadi / AMR / "ideology_cards.yaml"
    line = _first_question(path)
    edit(path, line, line.replace('question: "', 'question: "Edited: '))
    result = build([azadi], _options(built))
    assert result.errors == 0
    assert result.campaigns_drawn == {"azadi": [AMR]}
    assert seen == [[azadi / AMR]]                 # the other campaigns were not read
    assert result.reused == len(json.loads((built / "azadi" / "manifest.json").read_text())
                                ["files"]) - 1     # all but the deck holding the card
    whole, files = _whole(azadi, tmp_path / "whole")
    assert _files(built) == files
    assert result.cards == whole.cards


def test_two_campaigns_edited_at_once(azadi: Path, built: Path, tmp_path: Path) -> None:
    for name in (AMR, EGY):
        path = azadi / name / "ideology_cards.yaml"
        line = _first_question(path)
        edit(path, line, line.replace('question: "', 'question: "Both: '))
    result = build([azadi], _options(built))
    assert result.campaigns_drawn == {"azadi": sorted([AMR, EGY])}
    assert _files(built) == _whole(azadi, tmp_path / "whole")[1]


def test_then_an_unchanged_rebuild_stands_on_it(azadi: Path, built: Path) -> None:
    path = azadi / AMR / "ideology_cards.yaml"
    line = _first_question(path)
    edit(path, line, line.replace('question: "', 'question: "Once: '))
    build([azadi], _options(built))
    again = build([azadi], _options(built))
    assert again.validation is None and again.written      # the quick path


def _falls_back(azadi: Path, out: Path, tmp_path: Path) -> Any:
    result = build([azadi], _options(out))
    assert result.campaigns_drawn == {}
    whole, files = _whole(azadi, tmp_path / "whole")
    assert result.diagnostics == whole.diagnostics
    if not whole.errors:
        assert _files(out) == files
    return result


def test_a_question_another_campaign_asks_is_the_whole_builds_error(
        azadi: Path, built: Path, tmp_path: Path) -> None:
    theirs = _first_question(azadi / EGY / "ideology_cards.yaml")
    path = azadi / AMR / "ideology_cards.yaml"
    edit(path, _first_question(path), theirs)
    result = _falls_back(azadi, built, tmp_path)
    assert [d.code for d in result.diagnostics] == \
        [d.code for d in validate([azadi]).diagnostics] != []


def test_a_campaign_renamed_redraws_the_mandates(azadi: Path, built: Path,
                                                 tmp_path: Path) -> None:
    path = azadi / AMR / "campaign.yaml"
    name = next(line for line in path.read_text().splitlines() if line.startswith("  name: "))
    edit(path, name, "  name: The Long Revolution")
    before = (built / "azadi" / "mandates.pdf").read_bytes()
    _falls_back(azadi, built, tmp_path)
    assert (built / "azadi" / "mandates.pdf").read_bytes() != before


def test_an_error_in_the_campaign_is_reported_as_by_the_whole_build(
        azadi: Path, built: Path, tmp_path: Path) -> None:
    path = azadi / AMR / "tyranny_cards.yaml"
    path.write_text(path.read_text().replace("times: ", "times: many  # ", 1))
    result = _falls_back(azadi, built, tmp_path)
    assert result.errors


def test_an_edit_in_the_game_folder_builds_everything(azadi: Path, built: Path,
                                                      tmp_path: Path) -> None:
    path = azadi / "resistance_cards.yaml"
    edit(path, "    title: Boycott\n", "    title: Great Boycott\n")
    _falls_back(azadi, built, tmp_path)


def test_a_damaged_record_builds_everything(azadi: Path, built: Path, tmp_path: Path) -> None:
    cache = built / "azadi" / ".build-cache.json"
    data = json.loads(cache.read_text())
    data["campaigns"]["facts"] = "lost"
    cache.write_text(json.dumps(data))
    path = azadi / AMR / "ideology_cards.yaml"
    line = _first_question(path)
    edit(path, line, line.replace('question: "', 'question: "Damaged: '))
    _falls_back(azadi, built, tmp_path)
