"""Spreadsheets both ways: ``samizdat export sheet`` and ``samizdat import sheet``.

The column syntax reads back what it writes; an export is the same bytes every time;
export then import gives the same content for every shipped game (and rebuilds it
from the sheet alone); an import that changes one value changes one line and keeps
the comments; each bad cell is one exact diagnostic at its place
(``book.xlsx:cards!M30``) and nothing is written; hostile workbooks are refused
before they cost anything.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook

from compiler.frontend.validate import validate
from compiler.sheets.cells import ABSENT, CellError, cell_text, cell_value, read_cell, read_text
from compiler.sheets.kinds import sheet_kinds
from compiler.sheets.yaml_update import identical
from rules_engine.games import plugin
from tests.conftest import CARDS, run_cli

GRAFT = "river-corruption-grease-payment"     # SAN's card on row 30 of the sheet
COMMENT = "  # -------------------------------------------------- River: equipment (18)"


# ---------------------------------------------------------------- helpers

def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder``, by relative name."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def export(*args: str) -> Any:
    return run_cli("export", "sheet", *args)


def import_(*args: str) -> Any:
    return run_cli("import", "sheet", *args)


def set_cell(book: Path, sheet: str, cell: str, value: Any, into: Path | None = None) -> Path:
    """``book`` with one cell changed (saved as ``into``, default ``book``)."""
    workbook = load_workbook(book)
    workbook[sheet][cell] = value
    target = into or book
    workbook.save(target)
    return target


def row_of(book: Path, sheet: str, item_id: str) -> int:
    for row in load_workbook(book)[sheet].iter_rows(min_col=1, max_col=1):
        if row[0].value == item_id:
            return int(row[0].row)
    raise AssertionError(item_id)


def problems(result: Any) -> list[str]:
    """The diagnostic lines of a text report (not the summary, notes or hints)."""
    return [line for line in result.stdout.splitlines()
            if ": error " in line or ": warning " in line]


@pytest.fixture
def san(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of SAN's content in the working directory, exported as book.xlsx."""
    shutil.copytree(CARDS / "san", tmp_path / "san")
    monkeypatch.chdir(tmp_path)
    result = export("san", "--out", "book.xlsx")
    assert result.exit_code == 0, result.output
    return tmp_path / "san"


def bad_import(book: str, folder: Path) -> list[str]:
    """Import ``book`` into ``folder``: it must fail (exit 1) and change nothing; the
    diagnostic lines."""
    before = snapshot(folder)
    result = import_(book, "--into", folder.name)
    assert result.exit_code == 1, result.output
    assert snapshot(folder) == before
    return problems(result)


# ---------------------------------------------------------------- the column syntax

@pytest.mark.parametrize("value", [
    "", "12", "-3", "1.5", "0x1F", "1e3", "true", "False", "null", "~", "[x]", "{a",
    "\\x", "=SUM(A1)", "-2 funds", "+1", "@here", "\tindented", "a: b", "line\nbreak",
    "plain words", "no", 2, 0, -7, 2.5, 2.0, True, False, None, {"corruption": 1},
    [], {}, ["copy_played", {"draw": 2}], {"yes": "no", "key with space": "v: w"},
    [{"text": 'say "hi"', "n": None, "f": 1e16}], ["010", "1:00", "1_000", "#x"],
])
def test_column_syntax_reads_back_what_it_writes(value: Any) -> None:
    assert identical(read_text(cell_text(value)), value)
    stored = cell_value(value)
    data_type = "s" if isinstance(stored, str) else "b" if isinstance(stored, bool) else "n"
    assert identical(read_cell(stored, data_type), value)


_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc"),
                              blacklist_characters="\u202a\u202b\u202c\u202d\u202e"
                              "\u2066\u2067\u2068\u2069") | st.sampled_from("\n\t"),
                max_size=12)
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**53, 2**53) | _TEXT
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(_VALUES)
def test_column_syntax_round_trips_any_content_value(value: Any) -> None:
    assert identical(read_text(cell_text(value)), value)


def test_what_cells_read_as() -> None:
    assert read_text("") is ABSENT and read_cell(None, "n") is ABSENT
    assert read_text("\\") == "" and read_text("\\12") == "12" and read_text("12") == 12
    assert read_text("[copy_played, {draw: 2}]") == ["copy_played", {"draw": 2}]
    assert read_text("Yes: we can") == "Yes: we can"
    assert cell_text("=HYPERLINK(x)") == "\\=HYPERLINK(x)"     # never a formula
    with pytest.raises(CellError) as raised:
        read_text("{corruption: 1")
    assert raised.value.code == "X104"
    assert raised.value.message == ("while parsing a flow mapping; did not find expected "
                                    "',' or '}' (at the end of the cell)")
    with pytest.raises(CellError) as raised:
        read_cell("=1+2", "f")
    assert raised.value.code == "X105"


# ---------------------------------------------------------------- export

def test_export_is_byte_identical_and_dated_at_a_fixed_moment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert export(str(CARDS / "spring"), "--out", "a.xlsx").exit_code == 0
    assert export(str(CARDS / "spring"), "--out", "b.xlsx").exit_code == 0
    assert (tmp_path / "a.xlsx").read_bytes() == (tmp_path / "b.xlsx").read_bytes()
    with zipfile.ZipFile(tmp_path / "a.xlsx") as archive:
        core = archive.read("docProps/core.xml").decode()
        assert {i.date_time for i in archive.infolist()} == {(2000, 1, 1, 0, 0, 0)}
    assert "2000-01-01T00:00:00Z" in core
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert export(str(CARDS / "spring"), "--out", "c.xlsx").exit_code == 0
    with zipfile.ZipFile(tmp_path / "c.xlsx") as archive:
        assert "2023-11-14T22:13:20Z" in archive.read("docProps/core.xml").decode()


def test_export_sheets_columns_and_cells(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    monkeypatch.chdir(tmp_path)
    result = export(str(CARDS / "azadi"), "--out", "azadi.xlsx")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].startswith("wrote azadi.xlsx (ideologues: 4, ")
    book = load_workbook(tmp_path / "azadi.xlsx")
    assert book.sheetnames == [k.name for k in sheet_kinds(plugin("azadi"))]
    sheet = book["resistance_cards"]
    assert [c.value for c in sheet[1]] == ["id", "number", "title", "ideologue", "effects",
                                           "file"]
    assert [c.value for c in sheet[2]] == [
        "resistance-01", 1, "Boycott", "capitalist",
        "[{when: activated, limit: {per_turn: 1}, cost: {funds: 2}, do: [{action: "
        "discard_voters, count: 1, whose: imperial, majority: false, zone: this_zone}]}]",
        "resistance_cards.yaml"]
    tyranny = book["tyranny_cards"]
    assert tyranny.cell(2, tyranny.max_column).value == \
        "campaigns/american-revolution-1776/tyranny_cards.yaml"
    mandates = [c.value for c in book["mandates"]["C"]]
    assert "null" in mandates          # campaign: null (a Mandate of no campaign in the box)


def test_export_usage_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = export(str(CARDS / "azadi"), "--out", "azadi.csv")
    assert result.exit_code == 2
    assert "a .csv file holds one kind of item; this content has 12" in result.output
    result = export(str(CARDS), "--out", "all.xlsx")
    assert result.exit_code == 2 and "name one game folder or campaign folder" in result.output
    assert export(str(CARDS / "san"), "--out", "san.txt").exit_code == 2
    result = export(str(CARDS / "san"), "--kind", "tokens", "--out", "san.xlsx")
    assert result.exit_code == 2 and "san has no kind of item 'tokens'; its kinds: cards" \
        in result.output
    assert not list(tmp_path.iterdir())


def test_export_refuses_content_with_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    shutil.copytree(CARDS / "san", tmp_path / "san")
    monkeypatch.chdir(tmp_path)
    cards = tmp_path / "san" / "cards.yaml"
    cards.write_text(cards.read_text().replace("cost: 3\n", "cost: three\n", 1))
    result = export("san", "--out", "book.xlsx")
    assert result.exit_code == 1 and "S302" in result.output
    assert not (tmp_path / "book.xlsx").exists()


# ---------------------------------------------------------------- round trips

def strip_kinds(folder: Path, game: str) -> None:
    """Remove every sheet kind's items from the YAML under ``folder`` (a file left with
    nothing else is deleted)."""
    kinds = {k.name for k in sheet_kinds(plugin(game))}
    for path in sorted(folder.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        rest = {k: v for k, v in data.items() if k not in kinds}
        if len(rest) == len(data):
            continue
        if rest:
            path.write_text(yaml.safe_dump(rest, sort_keys=False, allow_unicode=True),
                            encoding="utf-8")
        else:
            path.unlink()


@pytest.mark.parametrize("game", ["azadi", "san", "spring"])
def test_round_trip_of_each_shipped_game(game: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(CARDS / game, tmp_path / game)
    before = snapshot(tmp_path / game)
    assert export(game, "--out", "book.xlsx").exit_code == 0
    # into the same content: nothing to change, every file byte for byte
    result = import_("book.xlsx", "--into", game)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "nothing to change: every row matches its item"
    assert snapshot(tmp_path / game) == before
    # into the content without its items: the sheet alone rebuilds the same model
    strip_kinds(tmp_path / game, game)
    result = import_("book.xlsx", "--into", game)
    assert result.exit_code == 0, result.output
    rebuilt = validate([tmp_path / game])
    assert rebuilt.errors == 0
    assert rebuilt.models[game] == validate([CARDS / game]).models[game]
    # and exported again, the same workbook
    assert export(game, "--out", "again.xlsx").exit_code == 0
    assert (tmp_path / "again.xlsx").read_bytes() == (tmp_path / "book.xlsx").read_bytes()


def test_campaign_folder_round_trip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(CARDS / "azadi", tmp_path / "azadi")
    campaign = "azadi/campaigns/mars-1-ae"
    assert export(campaign, "--out", "mars.xlsx").exit_code == 0
    book = load_workbook(tmp_path / "mars.xlsx")
    assert book.sheetnames == ["tyranny_cards", "ideology_cards"]
    assert book["tyranny_cards"]["C2"].value == "Surface Crew Draft"
    tyranny = book["tyranny_cards"]
    assert tyranny.cell(2, tyranny.max_column).value == "tyranny_cards.yaml"
    set_cell(tmp_path / "mars.xlsx", "tyranny_cards", "C2", "Surface Crew Levy")
    path = tmp_path / campaign / "tyranny_cards.yaml"
    old = path.read_text(encoding="utf-8").splitlines()
    result = import_("mars.xlsx", "--into", campaign)
    assert result.exit_code == 0, result.output
    new = path.read_text(encoding="utf-8").splitlines()
    assert [(a, b) for a, b in zip(old, new, strict=True) if a != b] == \
        [("    title: Surface Crew Draft", "    title: Surface Crew Levy")]


# ---------------------------------------------------------------- changing the YAML

def test_import_changes_one_line_and_keeps_comments(san: Path) -> None:
    row = row_of(Path("book.xlsx"), "cards", GRAFT)
    assert row == 30
    set_cell(Path("book.xlsx"), "cards", "M30", 4)
    path = san / "cards.yaml"
    old = path.read_text(encoding="utf-8").splitlines()
    result = import_("book.xlsx", "--into", "san")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-2:] == [
        "summary: sheets 1, rows 70, changed 1, added 0, errors 0",
        "updated san/cards.yaml: 1 changed, 0 added"]
    new = path.read_text(encoding="utf-8").splitlines()
    assert COMMENT in new and new[0] == old[0]
    changed = [(n, a, b) for n, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
    assert changed == [(old.index(f"  - id: {GRAFT}") + 7, "    cost: 3", "    cost: 4")]
    assert validate([san]).errors == 0


def test_new_card_is_appended_and_a_cleared_cell_removes_a_field(san: Path) -> None:
    book = load_workbook("book.xlsx")
    sheet = book["cards"]
    last = sheet.max_row
    copy = [c.value for c in sheet[last]]        # the Orbital Uplink, river equipment
    copy[0], copy[1], copy[2] = "river-equipment-relay-mast", "Relay Mast", None
    sheet.append(copy)
    credit = row_of(Path("book.xlsx"), "cards", "river-equipment-credit-stick")
    sheet[f"I{credit}"] = None                   # copies: 2 -> gone (1), the count kept
    book.save("book.xlsx")
    old = (san / "cards.yaml").read_text(encoding="utf-8").splitlines()
    result = import_("book.xlsx", "--into", "san")
    assert result.exit_code == 0, result.output
    assert "updated san/cards.yaml: 1 changed, 1 added" in result.stdout
    new = (san / "cards.yaml").read_text(encoding="utf-8")
    lines = new.splitlines()
    stick = old.index("  - id: river-equipment-credit-stick")
    assert lines[:stick + 9] == old[:stick + 9] and old[stick + 9] == "    copies: 2"
    appended = old.index("# The Propaganda track: 7 stages. The Hand Bonus tokens lie on "
                         "stages 3 and 5") - 1     # after the last card, before its comment
    assert lines[stick + 9:appended - 1] == old[stick + 10:appended]
    assert lines[appended - 1:appended + 9] == [      # fields in the order of the card above
        "", "  - id: river-equipment-relay-mast", "    title: Relay Mast", "    deck: river",
        "    type: equipment", "    revenue: 2", "    cost: 8", "    crossing_cost: 5",
        "    crossing_penalty: 0", "    effects: [copy_played, {draw: 2}]"]
    assert lines[appended + 9:] == old[appended:]
    data = yaml.safe_load(new)
    assert data["cards"][-1]["id"] == "river-equipment-relay-mast"
    assert validate([san]).errors == 0


def test_csv_both_ways(san: Path) -> None:
    assert export("san", "--out", "cards.csv").exit_code == 0
    raw = Path("cards.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbfid,title,flavor,deck,")
    assert export("san", "--out", "again.csv").exit_code == 0
    assert Path("again.csv").read_bytes() == raw
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    assert rows[29][0] == GRAFT and rows[29][12] == "3" and rows[29][6] == "{corruption: 2}"
    rows[29][12] = "5"
    out = io.StringIO(newline="")
    csv.writer(out).writerows(rows)
    Path("cards.csv").write_text(out.getvalue(), encoding="utf-8")
    result = import_("cards.csv", "--into", "san")
    assert result.exit_code == 0, result.output
    assert f"  - id: {GRAFT}" in (san / "cards.yaml").read_text()
    assert yaml.safe_load((san / "cards.yaml").read_text())["cards"][28]["cost"] == 5
    rows[29][12] = "five"
    out = io.StringIO(newline="")
    csv.writer(out).writerows(rows)
    Path("cards.csv").write_text(out.getvalue(), encoding="utf-8")
    assert bad_import("cards.csv", san) == [
        "cards.csv:M30: error X110 cost: expected an integer, got text 'five' (S302)"]


def test_csv_of_one_kind_of_several(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(CARDS / "spring", tmp_path / "spring")
    assert export("spring", "--kind", "countries", "--out", "places.csv").exit_code == 0
    result = import_("places.csv", "--into", "spring")
    assert result.exit_code == 2 and "which kind of item does 'places.csv' hold?" \
        in result.output
    result = import_("places.csv", "--into", "spring", "--kind", "countries")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "nothing to change: every row matches its item"


def test_yaml_update_keeps_line_endings_and_handles_flow_and_empty_lists() -> None:
    from compiler.sheets.yaml_update import FileChanges, updated_text

    crlf = "\ufeff# c\r\ncards:\r\n  - id: a  # first\r\n    cost: 1\r\n\r\n  - id: b\r\n"
    changes = FileChanges(updates={"cards": {0: {"id": "a", "cost": 5}}},
                          appends={"cards": [{"id": "c", "cost": 3}]})
    assert updated_text(crlf, changes) == (
        "\ufeff# c\r\ncards:\r\n  - id: a  # first\r\n    cost: 5\r\n\r\n  - id: b\r\n"
        "\r\n  - id: c\r\n    cost: 3\r\n")
    flow = "countries: [{id: a, name: A}, {id: b, name: B}]\nother: 1\n"
    assert updated_text(flow, FileChanges(
        updates={"countries": {1: {"id": "b", "name": "Bee"}}},
        appends={"countries": [{"id": "c", "name": "C"}]})) == \
        "countries: [{id: a, name: A}, {id: b, name: Bee}, {id: c, name: C}]\nother: 1\n"
    assert updated_text("cards: []\n", FileChanges(appends={"cards": [{"id": "c"}]})) == \
        "cards:\n  - id: c\n"
    indentless = "cards:\n- id: a\n  cost: 1\n- id: b\n"
    assert updated_text(indentless, FileChanges(
        updates={"cards": {0: {"id": "a", "cost": 9, "title": "no"}}})) == \
        'cards:\n- id: a\n  cost: 9\n  title: "no"\n- id: b\n'


# ---------------------------------------------------------------- bad cells

@pytest.mark.parametrize(("cell", "value", "expected"), [
    ("M30", "abc",
     "book.xlsx:cards!M30: error X110 cost: expected an integer, got text 'abc' (S302)"),
    ("M30", -1, "book.xlsx:cards!M30: error X110 cost: expected at least 0, got -1 (S305)"),
    ("O30", 13, "book.xlsx:cards!O30: error X110 crossing_penalty: expected at most 12, got "
     "13 (S305)"),
    ("G30", "{corruption: 2, bribery: 1}", "book.xlsx:cards!G30: error X110 icons: unknown "
     "field 'bribery' (S304)"),
    ("G30", "{corruption: 1", "book.xlsx:cards!G30: error X104 icons: while parsing a flow "
     "mapping; did not find expected ',' or '}' (at the end of the cell)"),
    ("G30", "{corruption: !!python/object:os.system x}", "book.xlsx:cards!G30: error X104 "
     "icons: tag 'tag:yaml.org,2002:python/object:os.system' is not allowed; only plain "
     "data tags are accepted (at character 14 of the cell)"),
    ("M30", "=1+2", "book.xlsx:cards!M30: error X105 cost: the cell holds the formula "
     "'=1+2'; samizdat reads values, not formulas"),
    ("A30", "moon-start-corruption", "book.xlsx:cards!A30: error X106 id "
     "'moon-start-corruption' is also the id of row 2; each item has one row"),
    ("A30", None, "book.xlsx:cards!A30: error X107 the row has no id: rows are matched to "
     "items by id"),
    ("Q1", "cots", "book.xlsx:cards!Q1: error X103 'cots' is no field of cards"),
    ("Q30", "stray", "book.xlsx:cards!Q30: error X103 a value in a column that row 1 does "
     "not name"),
    ("P30", "other.yaml", "book.xlsx:cards!P30: error X108 file: "
     "'river-corruption-grease-payment' is in cards.yaml, not 'other.yaml'"),
])
def test_each_bad_cell_is_one_exact_diagnostic(san: Path, cell: str, value: Any,
                                               expected: str) -> None:
    set_cell(Path("book.xlsx"), "cards", cell, value)
    assert bad_import("book.xlsx", san) == [expected]


def test_date_and_error_cells(san: Path) -> None:
    import datetime

    set_cell(Path("book.xlsx"), "cards", "M30", datetime.date(2024, 1, 2))
    assert bad_import("book.xlsx", san) == [
        "book.xlsx:cards!M30: error X104 cost: the cell holds a date or time (the "
        "spreadsheet program may have turned the text into one)"]


def test_new_rows_with_bad_file_cells(san: Path) -> None:
    (san / "notes").mkdir()
    book = load_workbook("book.xlsx")
    sheet = book["cards"]
    copy = [c.value for c in sheet[sheet.max_row]]
    for number, name in enumerate(["../evil.yaml", "/tmp/evil.yaml", "cards.txt",
                                   "missing/cards.yaml", ".hidden.yaml"]):
        sheet.append([f"new-{number}", *copy[1:15], name])
    book.save("book.xlsx")
    assert bad_import("book.xlsx", san) == [
        "book.xlsx:cards!P72: error X108 file: '../evil.yaml' leaves the folder or names a "
        "hidden file",
        "book.xlsx:cards!P73: error X108 file: '/tmp/evil.yaml' is not a file name relative "
        "to the folder (write it as folder/file.yaml)",
        "book.xlsx:cards!P74: error X108 file: 'cards.txt' is not a YAML file (.yaml or "
        ".yml)",
        "book.xlsx:cards!P75: error X108 file: the folder of 'missing/cards.yaml' does not "
        "exist",
        "book.xlsx:cards!P76: error X108 file: '.hidden.yaml' leaves the folder or names a "
        "hidden file"]


def test_unknown_sheet_and_missing_id_column(san: Path) -> None:
    book = load_workbook("book.xlsx")
    book["cards"].title = "card list"
    book.save("book.xlsx")
    result = import_("book.xlsx", "--into", "san")
    assert result.exit_code == 1
    assert problems(result) == [
        "book.xlsx:'card list': error X102 no kind of item is called 'card list'"]
    assert "hint: did you mean 'cards'? the sheets this game has: cards" in result.stdout
    book = load_workbook("book.xlsx")
    book["card list"].title = "cards"
    book["cards"]["A1"] = "ident"
    book.save("book.xlsx")
    assert bad_import("book.xlsx", san) == [
        "book.xlsx:cards!A1: error X103 'ident' is no field of cards",
        "book.xlsx:cards!A1: error X107 the sheet has no id column: rows are matched to "
        "items by id"]


def test_a_change_that_breaks_the_content_elsewhere(san: Path) -> None:
    """A new card breaks the rulebook's count: N501 stays at game.yaml, nothing written."""
    book = load_workbook("book.xlsx")
    sheet = book["cards"]
    sheet.append(["river-equipment-extra", *[c.value for c in sheet[sheet.max_row]][1:]])
    book.save("book.xlsx")
    lines = bad_import("book.xlsx", san)
    assert lines == [
        "san/game.yaml:8:7: error N501 the game has 83 × card; the rulebook fixes 82",
        "san/game.yaml:21:7: error N501 the game has 49 × card (deck=river); the rulebook "
        "fixes 48",
        "san/game.yaml:25:7: error N501 the game has 19 × card (deck=river, "
        "type=equipment); the rulebook fixes 18"]


def test_many_bad_cells_are_counted_not_all_shown(san: Path) -> None:
    book = load_workbook("book.xlsx")
    for row in range(2, 72):
        book["cards"][f"M{row}"] = "=1"
        book["cards"][f"N{row}"] = "=2"
    book.save("book.xlsx")
    result = import_("book.xlsx", "--into", "san")
    assert result.exit_code == 1
    lines = problems(result)
    assert len(lines) == 100 + 1
    assert lines[-1] == ("book.xlsx: error F290 and 40 more in this file, not shown (at most "
                         "100 per file): 40 X105")
    assert result.stdout.splitlines()[-1] == \
        "summary: sheets 1, rows 0, changed 0, added 0, errors 140"


def test_an_id_another_item_has(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A row whose id was changed to a country's is a new card: M401 at its id cell, the
    first definition where it is on disk."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(CARDS / "spring", tmp_path / "spring")
    assert export("spring", "--out", "book.xlsx").exit_code == 0
    set_cell(Path("book.xlsx"), "cards", "A2", "tunisia")
    before = snapshot(tmp_path / "spring")
    result = import_("book.xlsx", "--into", "spring")
    assert result.exit_code == 1
    assert problems(result) == [    # the row is a card more: the deck's counts (R75) see it
        "book.xlsx:cards!A2: error X110 id 'tunisia' is defined twice (M401)",
        "spring/game.yaml:14:7: error N501 the game has 68 × card; the design fixes 66",
        "spring/game.yaml:15:7: error N501 the game has 38 × card (type=revolution); "
        "the design fixes 36",
        "spring/game.yaml:16:7: error N501 the game has 10 × card (type=revolution, "
        "subtype=protest); the design fixes 8"]
    assert "  note: spring/board_and_deck.yaml:17:10: first definition" in result.stdout
    assert snapshot(tmp_path / "spring") == before


def test_json_report_places_the_cell(san: Path) -> None:
    set_cell(Path("book.xlsx"), "cards", "M30", "abc")
    result = import_("book.xlsx", "--into", "san", "--format", "json")
    assert result.exit_code == 1
    found = json.loads(result.stdout)["diagnostics"]
    assert [(d["code"], d["file"], d["line"], d["column"]) for d in found] == [
        ("X110", "book.xlsx:cards!M30", 0, 0)]


# ---------------------------------------------------------------- hostile files

def workbook_bytes(edit: Any = None) -> bytes:
    """A small valid workbook (its sheet ``cards``), its archive's files passed through
    ``edit(name, data) -> data``."""
    book = Workbook()
    book.active.title = "cards"
    book.active.append(["id", "title"])
    book.active.append(["x", "y"])
    buffer = io.BytesIO()
    book.save(buffer)
    if edit is None:
        return buffer.getvalue()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as old, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            new.writestr(info.filename, edit(info.filename, old.read(info.filename)))
    return out.getvalue()


def _entities(name: str, data: bytes) -> bytes:
    if name != "xl/worksheets/sheet1.xml":
        return data
    body = data.split(b"?>", 1)[-1]
    return (b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa">'
            b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' + body.replace(b">y<", b">&b;<"))


def _undimensioned(name: str, data: bytes) -> bytes:
    if name != "xl/worksheets/sheet1.xml":
        return data
    text = data.decode()
    start = text.index("<dimension")
    text = text[:start] + text[text.index("/>", start) + 2:]
    return text.replace("</sheetData>", '<row r="900000"><c r="A900000" t="inlineStr">'
                        "<is><t>deep</t></is></c></row></sheetData>").encode()


def _bomb() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", bytes(65 * 1024 * 1024))
    return out.getvalue()


def _wide() -> bytes:
    book = Workbook()
    book.active.title = "cards"
    book.active["A1"] = "id"
    book.active.cell(2, 16_000, "far")
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


@pytest.mark.parametrize(("name", "data", "expected"), [
    ("junk.xlsx", b"not a zip at all",
     "junk.xlsx: error X101 not an .xlsx workbook (it is not a zip archive)"),
    ("bomb.xlsx", None, "bomb.xlsx: error X101 the workbook unpacks to 68,157,440 bytes; at "
     "most 67,108,864 are read (a zip bomb?)"),
    ("wide.xlsx", None, "wide.xlsx:cards: error X101 the sheet reaches column WQJ; at most "
     "256 columns (up to IV) are read"),
    ("latin1.csv", "id,title\nx,caf\xe9\n".encode("latin-1"),
     "latin1.csv: error X101 byte 15 is not UTF-8"),
])
def test_unreadable_spreadsheets(san: Path, name: str, data: bytes | None,
                                 expected: str) -> None:
    made = {"bomb.xlsx": _bomb, "wide.xlsx": _wide}
    Path(name).write_bytes(data if data is not None else made[name]())
    assert bad_import(name, san) == [expected]


def test_workbook_that_is_no_workbook(san: Path) -> None:
    Path("zip.xlsx").write_bytes(workbook_bytes(
        lambda name, data: data if name != "[Content_Types].xml" else b"<broken"))
    [line] = bad_import("zip.xlsx", san)
    assert line.startswith("zip.xlsx: error X101 cannot read the workbook: ")


def test_xml_entities_are_refused(san: Path) -> None:
    Path("entities.xlsx").write_bytes(workbook_bytes(_entities))
    [line] = bad_import("entities.xlsx", san)
    assert line.startswith("entities.xlsx: error X101 cannot read the workbook: could not "
                           "read worksheets (EntitiesForbidden: EntitiesForbidden(name='a'")


def test_rows_past_the_bound_are_never_read(san: Path) -> None:
    """A sheet whose declared size was removed: reading stops after row 10,001."""
    Path("deep.xlsx").write_bytes(workbook_bytes(_undimensioned))
    result = import_("deep.xlsx", "--into", "san")
    assert result.exit_code == 1          # the one row is a new card: counts break
    assert problems(result)[0] == ("deep.xlsx:cards!A2: error X110 the item: missing "
                                   "required field 'deck' (S301)")
    assert "A900000" not in result.stdout and "rows 1," in result.stdout


def test_a_named_pipe_is_refused(san: Path) -> None:
    os.mkfifo("pipe.csv")
    assert bad_import("pipe.csv", san) == [
        "pipe.csv: error X101 not a regular file: it is a named pipe (FIFO)"]


def test_import_usage_errors(san: Path) -> None:
    assert import_("book.xlsx", "--into", ".").exit_code == 2
    Path("book.ods").write_bytes(b"")
    assert import_("book.ods", "--into", "san").exit_code == 2
    result = import_("book.xlsx", "--into", "san", "--kind", "cards")
    assert result.exit_code == 2 and "--kind names the kind of item a .csv file holds" \
        in result.output
