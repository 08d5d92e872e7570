"""The front end loads content, layouts and rules data once: ``samizdat validate`` (and
``lint``) report a broken layout, mat or rules file of a ``--templates`` folder as
located errors, and ``build`` reads each template file once, inside the front end."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import compiler.pipeline.build as build_module
from compiler.frontend import layouts, rules_data
from compiler.frontend.load import load
from compiler.pipeline.build import BuildOptions, build
from tests.conftest import CARDS, REPO, edit, line_of, run_cli, triples

SPRING = CARDS / "spring"


@pytest.fixture
def templates(tmp_path: Path) -> Path:
    """A private copy of the shipped templates, to break and pass with --templates."""
    target = tmp_path / "templates"
    shutil.copytree(REPO / "templates", target, ignore=shutil.ignore_patterns("fonts"))
    return target


def _column(path: Path, needle: str, line: int) -> int:
    return path.read_text().splitlines()[line - 1].index(needle) + 1


def _validate(templates: Path, *extra: str) -> tuple[int, dict[str, Any]]:
    result = run_cli("validate", "--format", "json", "--templates", str(templates),
                     *extra, str(SPRING))
    return result.exit_code, json.loads(result.stdout)


def test_a_layout_naming_an_icon_samizdat_lacks_fails_validate(templates: Path) -> None:
    front = templates / "spring/layouts/spring_card-front.yaml"
    edit(front, "icon: force,", "icon: forse,")
    code, report = _validate(templates)
    line = line_of(front, "icon: forse")
    assert code == 1
    assert triples(report, templates) == [
        ("B606", "spring/layouts/spring_card-front.yaml", line,
         _column(front, "forse", line))]
    assert report["diagnostics"][0]["hint"] == "did you mean 'force'?"


def test_a_layout_off_its_schema_and_one_that_is_not_yaml_fail_validate(
        templates: Path) -> None:
    front = templates / "spring/layouts/spring_card-front.yaml"
    back = templates / "spring/layouts/spring_card-back.yaml"
    edit(front, "{kind: box, x: 2.5, y: 2.5", "{kind: boxx, x: 2.5, y: 2.5")
    back.write_text("layout: {regions: [\n")
    code, report = _validate(templates)
    line = line_of(front, "kind: boxx")
    assert code == 1
    assert triples(report, templates) == [                          # load errors first
        ("Y104", "spring/layouts/spring_card-back.yaml", 2, 1),
        ("S303", "spring/layouts/spring_card-front.yaml", line, _column(front, "boxx", line))]


def test_a_layout_extending_one_that_does_not_exist_fails_validate(templates: Path) -> None:
    front = templates / "spring/layouts/spring_card-front.yaml"
    edit(front, "extends: poker-base", "extends: poker-bas")
    code, report = _validate(templates)
    assert code == 1
    assert triples(report, templates) == [
        ("B605", "spring/layouts/spring_card-front.yaml", 2, 12)]
    assert "no layout 'poker-bas'" in report["diagnostics"][0]["message"]


def test_a_mat_region_without_a_source_the_game_fills_fails_validate(templates: Path) -> None:
    mat = templates / "spring/mats/counters.yaml"
    edit(mat, "source: counters", "source: counter")
    code, report = _validate(templates)
    line = line_of(mat, "source: counter")
    assert code == 1
    assert triples(report, templates) == [
        ("B606", "spring/mats/counters.yaml", line, _column(mat, "{kind: cells", line))]
    assert report["diagnostics"][0]["message"] == (
        "region 'counters' of mat 'counters' needs a source: one of board, counters, "
        "vt_track")


def test_rules_data_naming_an_unknown_table_fails_validate_and_lint(templates: Path) -> None:
    rules = templates / "spring/rules.yaml"
    edit(rules, "- table: countries", "- table: countrys")
    line = line_of(rules, "table: countrys")
    expected = [("B611", "spring/rules.yaml", line, _column(rules, "countrys", line))]
    code, report = _validate(templates)
    assert (code, triples(report, templates)) == (1, expected)
    assert report["diagnostics"][0]["message"] == (
        "unknown table 'countrys'; spring has countries, deck_composition, "
        "overthrow_scoring")
    linted = run_cli("lint", "--fast", "--format", "json", "--templates", str(templates),
                     str(SPRING))
    assert linted.exit_code == 1
    assert triples(json.loads(linted.stdout), templates) == expected


def test_rules_data_that_is_not_yaml_or_off_its_schema_fails_validate(templates: Path
                                                                      ) -> None:
    rules = templates / "spring/rules.yaml"
    rules.write_text("reference: [\n")
    code, report = _validate(templates)
    assert (code, triples(report, templates)) == (1, [("Y104", "spring/rules.yaml", 2, 1)])
    rules.write_text("reference: {}\nunknown: 1\n")
    code, report = _validate(templates)
    assert (code, triples(report, templates)) == (1, [
        ("S301", "spring/rules.yaml", 1, 1), ("S301", "spring/rules.yaml", 1, 12),
        ("S304", "spring/rules.yaml", 2, 1)])
    assert report["diagnostics"][0]["message"] == "document: missing required field 'aid'"


def test_a_build_stops_on_broken_rules_data_before_drawing(templates: Path,
                                                            tmp_path: Path) -> None:
    edit(templates / "spring/rules.yaml", "- table: countries", "- table: countrys")
    out = tmp_path / "out"
    result = run_cli("build", "--format", "json", "--templates", str(templates), "--out",
                     str(out), str(SPRING))
    assert result.exit_code == 1
    assert [d[0] for d in triples(json.loads(result.stdout), templates)] == ["B611"]
    assert not (out / "spring").exists()


def test_the_shipped_templates_load_clean() -> None:
    loaded = load([CARDS])
    assert loaded.errors == 0 and loaded.diagnostics == []
    assert sorted(loaded.layouts) == sorted(loaded.mats) == sorted(loaded.rules) == [
        "azadi", "san", "spring"]
    assert all(rules is not None for rules in loaded.rules.values())
    assert loaded.layouts["spring"].get("spring_card-front") is not None


def test_a_cards_only_load_reads_no_mats_or_rules_data() -> None:
    loaded = load([SPRING], extras=False)
    assert list(loaded.layouts) == ["spring"] and loaded.mats == {} and loaded.rules == {}


def test_a_build_reads_each_template_file_once_in_the_front_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reads: Counter[str] = Counter()
    after_load: list[str] = []
    loading = [False]

    def spy(real: Any) -> Any:
        def read(path: Path, *args: Any) -> bytes:
            reads[Path(path).name] += 1
            if not loading[0]:
                after_load.append(Path(path).name)
            return bytes(real(path, *args))
        return read

    real_load = build_module.load

    def front_end(*args: Any, **kwargs: Any) -> Any:
        loading[0] = True
        try:
            return real_load(*args, **kwargs)
        finally:
            loading[0] = False

    monkeypatch.setattr(layouts, "read_file", spy(layouts.read_file))
    monkeypatch.setattr(rules_data, "read_file", spy(rules_data.read_file))
    monkeypatch.setattr(build_module, "load", front_end)
    result = build([SPRING], BuildOptions(tmp_path / "out"), quick=False)
    assert result.errors == 0 and result.written
    shipped = [p.name for kind in ("layouts", "mats")
               for folder in (REPO / "templates/spring" / kind, REPO / "templates/common" / kind)
               for p in folder.glob("*.yaml")]
    assert sorted(reads) == sorted([*shipped, "rules.yaml"])
    assert set(reads.values()) == {1}           # each file read once ...
    assert after_load == []                     # ... by the front end, none after it
