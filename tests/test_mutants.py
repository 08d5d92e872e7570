"""`samizdat lint --mutants`: the operators list exact edits of the source, classify
finds what the lint finds, and the command never touches the designer's files."""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from compiler.cli import main
from compiler.mutants.classify import classify
from compiler.mutants.operators import mutants
from compiler.mutants.report import sample, score
from tests.conftest import CARDS

SMALL = """\
cards:
  - id: a
    cost: 2
    tags: [red, blue]
    open: true
  - id: b
    cost: 3
    tags: [blue]
    open: false
"""


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            h.update(p.as_posix().encode() + p.read_bytes())
    return h.hexdigest()


def test_operators_list_exact_edits(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text(SMALL, encoding="utf-8")
    found = {m.key: m for m in mutants(tmp_path)}
    cost = found["cards.yaml:3:11 number+1 2->3"]
    assert cost.item == (2, 5)
    assert "cost: 3\n    tags: [red, blue]" in cost.apply(SMALL)
    assert {"cards.yaml:3:11 number-1 2->1", "cards.yaml:3:11 number*0 2->0",
            "cards.yaml:3:11 number*10 2->20", "cards.yaml:5:11 bool true->false",
            "cards.yaml:4:12 enum red->blue", "cards.yaml:2:9 id a->b"} <= set(found)
    swapped = found["cards.yaml:4:12 list-swap red->swap"].apply(SMALL)
    assert "tags: [blue, red]" in swapped
    removed = yaml.safe_load(found["cards.yaml:2:5 list-remove item 1->remove"].apply(SMALL))
    assert [c["id"] for c in removed["cards"]] == ["b"]
    duplicated = found["cards.yaml:6:5 list-duplicate item 2->duplicate"]
    assert [c["id"] for c in yaml.safe_load(duplicated.apply(SMALL))["cards"]] == \
        ["a", "b", "b"]
    assert duplicated.item == (6, 13)       # both copies, in the edited file


PO = """\
msgid ""
msgstr ""
"POT-Creation-Date: 2000-01-01 00:00+0000\\n"

msgid "Draw 2 cards."
msgstr "Piochez 2 cartes."
"""


def test_translation_numbers_are_edited_outside_the_header(tmp_path: Path) -> None:
    (tmp_path / "lang").mkdir()
    (tmp_path / "lang" / "fr.po").write_text(PO, encoding="utf-8")
    found = [m.key for m in mutants(tmp_path) if m.operator == "translation-number"]
    assert found == ["lang/fr.po:6:17 translation-number 2->3"]


def test_every_scalar_edit_keeps_the_file_yaml() -> None:
    for m in mutants(CARDS / "san"):
        if m.operator.startswith(("number", "bool", "enum")):
            text = (CARDS / "san" / m.file).read_text(encoding="utf-8")
            yaml.safe_load(m.apply(text))


def test_sample_is_deterministic_and_spread_over_operators() -> None:
    listed = mutants(CARDS / "spring")
    first, again = sample(listed, 40, 0), sample(listed, 40, 0)
    assert [m.key for m in first] == [m.key for m in again]
    assert len({m.operator for m in first}) == len({m.operator for m in listed})
    assert [m.key for m in sample(listed, 40, 1)] != [m.key for m in first]


def test_classify_kills_a_duplicate_space_number_at_its_line() -> None:
    listed = mutants(CARDS / "spring")
    space = next(m for m in listed if m.file == "board_and_deck.yaml"
                 and m.operator == "number+1" and m.before == "27")
    payout = next(m for m in listed if m.file == "board_and_deck.yaml"
                  and m.operator == "number*10" and m.before != "0")
    run = classify(CARDS / "spring", [space, payout], workers=1, games=2)
    assert run.base_findings == 0
    verdict = run.verdicts[0]
    assert verdict.outcome == "killed" and "M401" in verdict.codes
    assert run.verdicts[1].outcome in ("killed", "elsewhere", "survived", "equivalent")
    assert score(run.verdicts) is not None


def test_printed_words_are_never_equivalent_and_a_designers_note_is() -> None:
    listed = [m for m in mutants(CARDS / "azadi") if m.operator == "text-number"]
    run = classify(CARDS / "azadi", listed[:1], workers=1, games=2)
    assert run.verdicts[0].outcome in ("killed", "survived")
    notes = [m for m in mutants(CARDS / "spring") if m.operator == "note-number"]
    assert {m.file for m in notes} == {"game.yaml"} and len(notes) == 13   # the whys
    run = classify(CARDS / "spring", notes[:1], workers=1, games=2)
    assert run.verdicts[0].outcome == "equivalent"      # a parameter's why is not played


def test_command_reports_and_leaves_the_content_and_temp_folder_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "spring"
    shutil.copytree(CARDS / "spring", folder)
    before = _digest(folder)
    scratch = tmp_path / "tmp"        # this test's own temporary folder (xdist: no races)
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    result = CliRunner().invoke(main, ["lint", str(folder), "--mutants", "--mutant-sample",
                                       "24", "--format", "json", "--quiet"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["classified"] == 24 and report["unedited_findings"] == 0
    assert {r["operator"] for r in report["rows"]} >= {"all", "number+1"}
    assert _digest(folder) == before
    assert list(scratch.iterdir()) == []
    low = CliRunner().invoke(main, ["lint", str(folder), "--mutants", "--mutant-sample",
                                    "12", "--fail-under", "100", "--quiet"])
    assert low.exit_code == 1 and "score:" in low.stdout


def test_broken_content_is_refused_before_mutating(tmp_path: Path) -> None:
    folder = tmp_path / "spring"
    shutil.copytree(CARDS / "spring", folder)
    board = folder / "board_and_deck.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace("number: 27", "number: 28", 1),
                     encoding="utf-8")
    result = CliRunner().invoke(main, ["lint", str(folder), "--mutants", "--quiet"])
    assert result.exit_code == 1
    assert "M401" in result.stdout and "fix them before measuring" in result.stderr
