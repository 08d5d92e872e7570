"""Hostile input, safe output (issue 16, item 10): YAML 1.2 values with a warning where
YAML 1.1 tools disagree, a scaffold that cannot be made to write broken or injected
YAML, and builds that leave no temporary folders behind."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from compiler.frontend.validate import validate
from compiler.frontend.yaml_loader import load_yaml
from compiler.pipeline.scaffold import ID_MAX, ID_PATTERN, write_folder
from rules_engine.azadi.scaffold import (
    CAMPAIGN_ID_MAX,
    CampaignRequest,
    campaign_files,
    mandate_facts,
)
from rules_engine.core.diagnostics import Severity
from tests.conftest import CARDS, REPO, line_of, run_cli, validate_json


def _load(text: str) -> tuple[object, list[tuple[str, str, int, int]]]:
    doc, diags = load_yaml(text.encode(), "f.yaml")
    assert doc is not None, diags
    return doc.data, [(d.code, d.severity.value, d.location.line, d.location.column)
                      for d in diags]


def _tree_hash(folder: Path, skip: Path | None = None) -> str:
    """One hash of every path, mode and file content below ``folder`` (but ``skip``)."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if skip is not None and path.is_relative_to(skip):
            continue
        info = path.lstat()
        digest.update(f"{path.relative_to(folder)}\0{info.st_mode}\0".encode())
        if path.is_file() and not path.is_symlink():
            digest.update(path.read_bytes())
    return digest.hexdigest()


# --- YAML 1.2 values --------------------------------------------------------------

def test_values_are_read_as_yaml_1_2_and_yaml_1_1_readings_are_warned_at_the_value() -> None:
    lines = {  # key: (text, value samizdat reads, warned?)
        "octal11": ("010", 10, True),
        "sexagesimal": ("1:00", "1:00", True),
        "no": ("no", "no", True),
        "yes": ("Yes", "Yes", True),
        "on": ("on", "on", True),
        "off": ("OFF", "OFF", True),
        "y": ("y", "y", True),
        "n": ("n", "n", True),
        "underscores": ("1_000", "1_000", True),
        "binary": ("0b101", "0b101", True),
        "octal12": ("0o17", 15, True),
        "signed_hex": ("-0x1F", "-0x1F", True),
        "exponent": ("1e5", 100000.0, True),
        "signed_point": ("+.5", 0.5, True),
        "date": ("2024-01-31", "2024-01-31", True),
        "leading_zero": ("08", 8, True),
        # read the same by both: no warning
        "hex": ("0x1F", 31, False),
        "zeros": ("007", 7, False),
        "int": ("-3", -3, False),
        "float": ("1.5", 1.5, False),
        "bool": ("True", True, False),
        "null": ("Null", None, False),
        "tilde": ("~", None, False),
        "dotted": ("1.2.3", "1.2.3", False),
        "quoted": ("'010'", "010", False),
        "word": ("funds", "funds", False),
    }
    source = "".join(f"{key}: {text}\n" for key, (text, _, _) in lines.items())
    data, found = _load(source)
    assert data == {key: value for key, (_, value, _) in lines.items()}
    assert isinstance(data, dict) and type(data["exponent"]) is float \
        and type(data["octal11"]) is int and type(data["bool"]) is bool
    assert found == [("Y120", "warning", number, len(key) + 3)
                     for number, (key, (_, _, warned)) in enumerate(lines.items(), start=1)
                     if warned]


def test_the_warning_says_both_readings_and_how_to_write_it() -> None:
    doc, diags = load_yaml(b"cards:\n  - times: 010\n    answer: no\n    rate: 1e5\n", "c.yaml")
    assert doc is not None and doc.data == {"cards": [{"times": 10, "answer": "no",
                                                       "rate": 100000.0}]}
    assert [(d.code, d.severity, str(d.location), d.message, d.hint) for d in diags] == [
        ("Y120", Severity.WARNING, "c.yaml:2:12",
         "`times: 010` is read as 10 (YAML 1.2); older YAML tools read it as 8",
         "write 10 or quote it ('010')"),
        ("Y120", Severity.WARNING, "c.yaml:3:13",
         "`answer: no` is read as the text 'no' (YAML 1.2); older YAML tools read it as "
         "the boolean false",
         "quote it ('no') or write false"),
        ("Y120", Severity.WARNING, "c.yaml:4:11",
         "`rate: 1e5` is read as 100000.0 (YAML 1.2); older YAML tools read it as the "
         "text '1e5'",
         "write 100000.0 or quote it ('1e5')"),
    ]


def test_explicit_tags_take_yaml_1_2_spellings_only() -> None:
    data, found = _load("a: !!int 010\nb: !!float 1\nc: !!int 0x10\n")
    assert data == {"a": 10, "b": 1.0, "c": 16} and type(data["b"]) is float  # type: ignore[index]
    assert found == [("Y120", "warning", 1, 4)]
    for text in ("a: !!bool yes\n", "a: !!int 1_000\n", "a: !!null nil\n", "a: !!float 0x10\n"):
        doc, diags = load_yaml(text.encode(), "f.yaml")
        assert doc is None and [(d.code, d.location.line, d.location.column)
                                for d in diags] == [("Y109", 1, 4)], text


def test_bounds_still_hold_for_yaml_1_2_numbers() -> None:
    for text in ("a: 1e999\n", "a: -.Inf\n", "a: .NaN\n", "a: 0o" + "7" * 30 + "\n",
                 "a: 0x" + "f" * 5000 + "\n", "a: " + "9" * 5000 + "\n",
                 "a: " + str(2**53 + 1) + "\n"):
        doc, diags = load_yaml(text.encode(), "f.yaml")
        assert doc is None and [(d.code, d.location.line, d.location.column)
                                for d in diags] == [("Y109", 1, 4)], text[:20]
    data, found = _load(f"a: {2**53}\nb: 0x{2**53:x}\n")
    assert data == {"a": 2**53, "b": 2**53} and found == []


def test_mapping_keys_stay_text() -> None:
    data, found = _load("no: 1\n010: 2\ntrue: 3\n")
    assert data == {"no": 1, "010": 2, "true": 3} and found == []


def test_validate_reports_the_warning_and_reads_the_1_2_value(cards: Path) -> None:
    path = cards / "san" / "cards.yaml"
    number = line_of(path, "revenue: 1")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[number - 1] = lines[number - 1].replace("revenue: 1", "revenue: 0o1")
    path.write_text("".join(lines), encoding="utf-8")
    column = lines[number - 1].index("0o1") + 1
    code, report = validate_json(cards / "san")
    assert code == 0
    assert [(d["code"], d["severity"], d["line"], d["column"], d["hint"])
            for d in report["diagnostics"]] == [
        ("Y120", "warning", number, column, "write 1 or quote it ('0o1')")]


def test_layout_files_are_read_by_the_same_rules(tmp_path: Path) -> None:
    from compiler.frontend.layouts import LayoutLibrary

    name = "san_card-back"
    folder = tmp_path / "templates" / "san" / "layouts"
    folder.mkdir(parents=True)
    target = folder / f"{name}.yaml"
    shipped = (REPO / "templates" / "san" / "layouts" / f"{name}.yaml").read_text()
    old = 'frame: {stroke: "#59d3c1"}'
    assert shipped.count(old) == 1
    target.write_text(shipped.replace(old, 'frame: {stroke: "#59d3c1", stroke_width: 0o1}'))
    library = LayoutLibrary("san", overrides=tmp_path / "templates")
    assert library.get(name) is not None
    number = line_of(target, "stroke_width: 0o1")
    column = target.read_text().splitlines()[number - 1].index("0o1") + 1
    assert [(d.code, d.location.line, d.location.column) for d in library.diagnostics] == [
        ("Y120", number, column)]


# --- the scaffold ------------------------------------------------------------------

def test_the_scaffold_id_rule_is_the_schema_id_rule() -> None:
    import json

    schema = json.loads((REPO / "schemas" / "common" / "base.schema.json").read_text())
    rule = schema["$defs"]["id"]
    assert rule["pattern"] == f"^{ID_PATTERN.pattern.replace('(?:', '(')}$"
    assert rule["maxLength"] == ID_MAX and ID_MAX - len("-ideology-108") == CAMPAIGN_ID_MAX


def test_new_campaign_refuses_unsafe_ids_before_writing_anything(tmp_path: Path) -> None:
    into = tmp_path / "into"
    into.mkdir()
    (into / "keep.txt").write_text("mine")
    before = _tree_hash(tmp_path)
    for bad in ("abc\n", "abc\nname: x", "Bad_Id", "a--b", "-a", "a-", "a b", "", "é",
                "../escape", "a/b", "x" * (CAMPAIGN_ID_MAX + 1), "a\x00b", "a.b"):
        result = run_cli("new", "campaign", "--into", str(into), "--", bad)
        assert result.exit_code == 2, bad
        assert result.stderr.startswith(f"samizdat: campaign id {bad[:80]!r}: expected "
                                        "lower-case letters and digits"), bad
        assert _tree_hash(tmp_path) == before, bad


def test_new_campaign_refuses_overlong_names_and_years(tmp_path: Path) -> None:
    before = _tree_hash(tmp_path)
    long_name = run_cli("new", "campaign", "x-1", "--name", "n" * 41, "--into", str(tmp_path))
    assert long_name.exit_code == 2 and "campaign name: expected at most 40" in long_name.stderr
    long_year = run_cli("new", "campaign", "x-1", "--year", "1" * 21, "--into", str(tmp_path))
    assert long_year.exit_code == 2 and "campaign year: expected at most 20" in long_year.stderr
    blank = run_cli("new", "campaign", "x-1", "--name", "  \n ", "--into", str(tmp_path))
    assert blank.exit_code == 2 and "campaign name: expected some text" in blank.stderr
    assert _tree_hash(tmp_path) == before


HOSTILE_NAMES = ("a: b", "#x", '"quoted"', "line one\nline two", "Ṣaḥīfa — “1947” 革命",
                 "&anchor", "*alias", "{", "- item", "0o17", "no", "1e5", "  padded  ",
                 "it's", "%TAG ! x", "? key", "| block", "@at `tick`", "!tag", "a #b",
                 "trailing\n", "\ttab")


@pytest.mark.slow
def test_hostile_names_and_years_round_trip_and_the_campaigns_validate(tmp_path: Path) -> None:
    into = tmp_path / "into"
    outside = tmp_path / "outside.txt"
    outside.write_text("untouched")
    before = _tree_hash(tmp_path, skip=into)
    base = validate([CARDS / "azadi"]).models["azadi"]
    mandates = mandate_facts(base)
    written = {}
    for number, name in enumerate(HOSTILE_NAMES):
        letter = "abcdefghijklmnopqrstuvwxyz"[number]  # titles differ by the id's initials
        campaign_id = f"{letter}-{'x' * CAMPAIGN_ID_MAX}"[:CAMPAIGN_ID_MAX] if number == 0 \
            else f"case-{letter}"
        year = name[:20] if number % 2 else "1791"
        request = CampaignRequest(campaign_id, name, base.mandates[number % 3].id, year)
        folder = write_folder(into, campaign_id, campaign_files(request, mandates[
            request.mandate]))
        written[folder] = (campaign_id, name, year)
    # and through the command line, a name with a newline and YAML indicators
    result = run_cli("new", "campaign", "by-cli", "--name", "x: y\n# z", "--year", "&1",
                     "--into", str(into))
    assert result.exit_code == 0, result.output
    written[into / "by-cli"] = ("by-cli", "x: y\n# z", "&1")
    assert _tree_hash(tmp_path, skip=into) == before
    checked = validate(list(written))
    assert [str(d) for d in checked.diagnostics] == []
    assert sorted(c.id for c in checked.models["azadi"].campaigns) == sorted(
        i for i, _, _ in written.values())
    for folder, (campaign_id, name, year) in written.items():
        doc, diags = load_yaml((folder / "campaign.yaml").read_bytes(), "campaign.yaml")
        assert doc is not None and diags == []
        manifest = doc.data["campaign"]
        assert (manifest["id"], manifest["name"], manifest["year"]) == (campaign_id, name, year)
        assert yaml.safe_load((folder / "campaign.yaml").read_text())["campaign"]["name"] == name
        for path in folder.iterdir():  # no anchors, no aliases, one document each
            events = list(yaml.parse(path.read_text(encoding="utf-8")))
            assert not any(getattr(e, "anchor", None) for e in events), path
            assert sum(isinstance(e, yaml.DocumentStartEvent) for e in events) == 1


# --- temporary folders -------------------------------------------------------------

def test_build_leaves_no_temporary_folder_behind(tmp_path: Path) -> None:
    temp = tmp_path / "tmp"
    temp.mkdir()
    out = tmp_path / "out"
    env = {**os.environ, "TMPDIR": str(temp), "SAMIZDAT_CACHE": "off",
           "PYTHONPATH": str(REPO)}
    before = _tree_hash(tmp_path)
    result = subprocess.run([sys.executable, "-m", "compiler", "build", str(CARDS / "san"),
                             "--out", str(out)], cwd=REPO, env=env, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert (out / "san" / "san-rules.pdf").is_file()  # the reference uses icon images
    assert list(temp.iterdir()) == []
    assert _tree_hash(tmp_path, skip=out) == before


def test_icon_folder_is_removed_at_exit_in_its_own_process_only(tmp_path: Path) -> None:
    script = (
        "import os, sys\n"
        "from compiler.pdf import icon_images\n"
        "paths = icon_images.files()\n"
        "folder = os.path.dirname(next(iter(paths.values())))\n"
        "print(folder, flush=True)\n"
        "if os.fork() == 0:\n"
        "    sys.exit(0)\n"          # a child exiting normally must not remove it
        "os.wait()\n"
        "assert os.path.isdir(folder) and os.listdir(folder)\n")
    env = {**os.environ, "TMPDIR": str(tmp_path), "PYTHONPATH": str(REPO)}
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.split()[0]).parent == tmp_path
    assert list(tmp_path.iterdir()) == []


