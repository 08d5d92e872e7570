"""The remaining failure modes of finding and reading content, each with its exact
(code, file, line, column), and the exit codes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from compiler.frontend import validate as validate_module
from compiler.frontend.validate import validate
from compiler.frontend.yaml_loader import LoadLimits
from tests.conftest import run_cli, triples, validate_json


def test_file_that_is_not_a_mapping(cards: Path) -> None:
    (cards / "san" / "list.yaml").write_text("- just\n- a list\n")
    code, report = validate_json(cards / "san")
    assert (code, triples(report, cards)) == (1, [("F201", "san/list.yaml", 1, 1)])


def test_empty_file_is_a_warning_only(cards: Path) -> None:
    (cards / "san" / "empty.yaml").write_text("# nothing yet\n")
    code, report = validate_json(cards / "san")
    assert (code, triples(report, cards)) == (0, [("F205", "san/empty.yaml", 1, 1)])
    assert report["diagnostics"][0]["severity"] == "warning"


def test_section_must_be_a_list(cards: Path) -> None:
    (cards / "san" / "more.yaml").write_text("cards:\n  id: x\n")
    code, report = validate_json(cards / "san")
    assert (code, triples(report, cards)) == (1, [("F207", "san/more.yaml", 2, 3)])


def test_campaign_section_outside_a_campaign(cards: Path) -> None:
    (cards / "azadi" / "stray.yaml").write_text("tyranny_cards: []\n")
    code, report = validate_json(cards / "azadi")
    assert (code, triples(report, cards)) == (1, [("F202", "azadi/stray.yaml", 1, 1)])
    assert "in the game folder of azadi" in report["diagnostics"][0]["message"]


def test_too_many_files(cards: Path) -> None:
    result = validate([cards / "spring"], LoadLimits(max_files=1))
    assert [(d.code, d.location.line) for d in result.diagnostics][:1] == [("Y113", 0)]


def test_link_leaving_the_content_folder(cards: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.yaml"
    outside.write_text("cards: []\n")
    os.symlink(outside, cards / "san" / "linked.yaml")
    code, report = validate_json(cards / "san")
    assert (code, triples(report, cards)) == (1, [("F204", "san/linked.yaml", 0, 0)])


def test_missing_parameter(cards: Path) -> None:
    game = cards / "azadi" / "game.yaml"
    text = game.read_text()
    game.write_text(text.replace("        maidaan-convert: 5\n", ""))
    code, report = validate_json(cards / "azadi")
    line = next(n for n, s in enumerate((cards / "azadi/maidaan.yaml").read_text().splitlines(),
                                        start=1) if "id: maidaan-convert" in s)
    assert (code, triples(report, cards)) == (1, [("M404", "azadi/maidaan.yaml", line, 9)])


def test_internal_failure_exits_2(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(validate_module, "validate", broken)
    result = run_cli("validate")
    assert result.exit_code == 2
    assert "internal error: RuntimeError: disk on fire" in result.stderr


def test_unknown_option_is_a_usage_error() -> None:
    assert run_cli("validate", "--frmat", "json").exit_code == 2
