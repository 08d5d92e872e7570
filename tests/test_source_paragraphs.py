"""Source coverage: every rule paragraph of each game's source document has exactly one
entry in its coverage table (rules_engine/<game>/source_paragraphs.yaml), in the
document's order, and no entry names a paragraph the document no longer has; every
enforcer an entry names exists (a diagnostic code of the catalogue or of the game's
lint rules, an engine module, a fact of the game's source_facts.yaml, a schema, shipped
content, a test function, a ruling of docs/rulings.md); and docs/source-coverage.md is
exactly what ``python -m compiler.report.source_coverage`` writes. So a designer can
trust the page: a rule nothing enforces is named there, with the reason."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from compiler.report.rule_docs import every_rule
from compiler.report.source_coverage import COVERAGE_DOC, render
from rules_engine.core.lint import rule_modules
from rules_engine.core.source_facts import facts_of
from rules_engine.core.source_paragraphs import (
    Coverage,
    RuleParagraph,
    coverage_of,
    key_of,
    paragraphs,
    read,
    rule_paragraphs,
    table_path,
)
from tests.conftest import CARDS, REPO

SEEDS = CARDS.parent.parent / "shared" / "seeds"
GAMES = ("azadi", "spring", "san")
RULING = re.compile(r"^\*\*(R\d+) —", re.MULTILINE)


def _coverage(game: str) -> Coverage:
    found = coverage_of(game)
    assert found is not None, f"{game} has no source_paragraphs.yaml"
    return found


def _document(coverage: Coverage) -> str:
    seed = SEEDS / Path(coverage.source).name
    if not seed.is_file():
        pytest.skip("the source documents are not beside this checkout")
    return seed.read_text(encoding="utf-8")


@cache
def _functions(path: Path) -> frozenset[str]:
    """The test functions of a test file: ``name`` and ``Class::name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.add(node.name)
        elif isinstance(node, ast.ClassDef):
            found |= {f"{node.name}::{item.name}" for item in node.body
                      if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)}
    return frozenset(found)


@cache
def _rulings() -> frozenset[str]:
    return frozenset(RULING.findall((REPO / "docs" / "rulings.md").read_text(encoding="utf-8")))


@cache
def _lint_codes(game: str) -> frozenset[str]:
    """The codes a game may cite: the catalogue's, and its own (and core) lint rules'."""
    catalogue = {code for code, doc in every_rule().items() if not doc.lint_rule}
    return frozenset(catalogue | {module.CODE for module in rule_modules(game)})


def _problem(game: str, kind: str, name: str) -> str | None:
    """Why an enforcer does not resolve, or None when it does."""
    if kind == "lint":
        if name not in every_rule():
            return "no such code"
        return None if name in _lint_codes(game) else f"not a code {game} reports"
    if kind == "fact":
        names = {fact.name for fact in facts_of(game)}
        return None if name in names else f"not a fact of {game}'s source_facts.yaml"
    if kind == "ruling":
        return None if name in _rulings() else "no such ruling in docs/rulings.md"
    if kind == "test":
        file, _, function = name.partition("::")
        path = REPO / file
        if not (file.startswith("tests/") and path.is_file()):
            return "no such test file"
        return None if function in _functions(path) else "no such test function"
    roots = {"engine": f"rules_engine/{game}/", "schema": "schemas/",
             "content": f"cards/{game}"}
    if not name.startswith(roots[kind]):
        return f"a {kind} lies under {roots[kind]}"
    path = REPO / name
    if kind == "engine" and not (path.suffix == ".py" and path.is_file()):
        return "no such engine module"
    return None if path.exists() else "no such file"


@pytest.mark.parametrize("game", GAMES)
def test_the_table_lies_beside_the_facts_and_names_the_same_source(game: str) -> None:
    path = table_path(game)
    assert path is not None and path.name == "source_paragraphs.yaml"
    assert path.parent == REPO / "rules_engine" / game
    facts = (path.parent / "source_facts.yaml").read_text(encoding="utf-8")
    assert f"source: {_coverage(game).source}\n" in facts


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_paragraph_has_one_entry_in_document_order(game: str) -> None:
    coverage = _coverage(game)
    found = rule_paragraphs(_document(coverage))
    keys = [rule.key for rule in found]
    entries = [entry.key for entry in coverage.entries]
    stale = [k for k in entries if k not in keys]
    assert not stale, f"{game}: entries for paragraphs the document does not have: {stale}"
    missing = [k for k in keys if k not in entries]
    assert not missing, f"{game}: rule paragraphs without an entry: {missing}"
    assert len(entries) == len(set(entries)), f"{game}: a paragraph with two entries"
    assert entries == keys, f"{game}: the entries are not in the document's order"


@pytest.mark.parametrize("game", GAMES)
def test_every_section_is_a_heading_line_above_its_paragraph(game: str) -> None:
    coverage = _coverage(game)
    text = _document(coverage)
    lines = [" ".join(line.split()) for line in text.splitlines()]
    for rule, entry in zip(rule_paragraphs(text), coverage.entries, strict=True):
        above = lines[:rule.paragraph.line - 1]
        assert entry.section and entry.section in above, (game, entry.key, entry.section)


@pytest.mark.parametrize("game", GAMES)
def test_every_enforcer_resolves(game: str) -> None:
    problems = [(entry.key, e.label, why) for entry in _coverage(game).entries
                for e in entry.enforced_by
                if (why := _problem(game, e.kind, e.name)) is not None]
    assert problems == []


@pytest.mark.parametrize("game", GAMES)
def test_every_uncovered_paragraph_says_why_in_its_own_words(game: str) -> None:
    coverage = _coverage(game)
    text = " ".join(_document(coverage).split())
    for entry in coverage.entries:
        for words in (entry.uncovered, entry.note):
            assert not words or (words.endswith(".") and words not in text), \
                (game, entry.key, words)


def test_the_coverage_page_is_what_the_generator_writes() -> None:
    assert COVERAGE_DOC.read_text(encoding="utf-8") == render(), \
        "docs/source-coverage.md is stale: run python -m compiler.report.source_coverage"


def test_the_page_counts_and_lists_the_uncovered_paragraphs() -> None:
    page = render()
    for game in GAMES:
        coverage = _coverage(game)
        assert f"- Rule paragraphs: {len(coverage.entries)}" in page
        assert f"- Uncovered: {len(coverage.uncovered)}" in page
        assert len(coverage.enforced) + len(coverage.uncovered) == len(coverage.entries)


SAMPLE = """Rules

Table of Contents

Setup
  • Playing One or More Cards (mandatory)
Scoring

Setup

Each player takes six cards from the deck
and shuffles them.

Scoring
\x20\x20\x20
Score one point for every card in your hand.

Score one point for every card in your hand.
Then pass the deck to the left.

Playing One or More Cards (mandatory)

A Very Long Heading Line That Runs On And On And Keeps Going Past Sixty Characters Here
"""


def test_the_splitter_skips_the_contents_and_headings_and_numbers_repeated_keys() -> None:
    found = paragraphs(SAMPLE)
    assert [p.line for p in found] == [1, 3, 5, 9, 11, 14, 16, 18, 21, 23]
    assert found[4].lines == ("Each player takes six cards from the deck", "and shuffles them.")
    # the contents' long entry (six words with its bullet) lists a later heading: skipped
    assert found[2].states_a_rule
    rules: list[RuleParagraph] = list(rule_paragraphs(SAMPLE))
    assert [r.key for r in rules] == [
        "Each player takes six cards from the deck",
        "Score one point for every card in your hand.",
        "Score one point for every card in your hand. #2",
        "Playing One or More Cards (mandatory)",          # six words: a rule paragraph
        "A Very Long Heading Line That Runs On And On And Keeps Going",
    ]
    # short paragraphs are headings, and so is a short rule paragraph read as a title
    assert [r.heading for r in rules] == ["Setup", "Scoring", "Scoring", "Scoring",
                                          "Playing One or More Cards (mandatory)"]
    assert len(key_of(found[-1])) <= 60


def test_a_contents_block_ends_at_the_first_paragraph_that_states_a_rule() -> None:
    text = "Table of Contents\n\nHow To Read\n\nRead the top half of every page first.\n"
    [rule] = rule_paragraphs(text)
    assert (rule.key, rule.heading) == ("Read the top half of every page first.", "How To Read")


@pytest.mark.parametrize("entry, why", [
    ("    uncovered: \"Flavour.\"\n    enforced_by:\n      - {lint: L701}\n", "not both"),
    ("    note: \"A gap.\"\n", "not both"),
    ("    enforced_by:\n      - {code: L701}\n", "unknown enforcer kind"),
    ("    uncovered: \"Flavour.\"\n    reason: \"x\"\n", "unknown fields"),
])
def test_a_malformed_entry_is_refused(tmp_path: Path, entry: str, why: str) -> None:
    path = tmp_path / "source_paragraphs.yaml"
    path.write_text("source: shared/seeds/x.txt\nparagraphs:\n  - key: \"A rule\"\n"
                    "    section: \"Setup\"\n" + entry, encoding="utf-8")
    with pytest.raises(ValueError, match=why):
        read("azadi", path)
