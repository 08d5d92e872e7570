"""Which part of the project enforces each rule of a game's source document.

A source document (the rulebook ``shared/seeds/<name>.txt`` a game's manifest names) is
split into paragraphs; a *rule paragraph* is one with a line of at least
:data:`RULE_WORDS` words, outside the document's table of contents. Each has a stable
*key* (its first line, cut short) by which the game's coverage table
(``source_paragraphs.yaml``, beside its ``source_facts.yaml`` in the plug-in's package)
says what enforces or plays it: a diagnostic code, an engine module, a fact, a schema,
shipped content, a test or a ruling, or, when nothing does, why it is ``uncovered``
(a covered paragraph's ``note`` names what it states that is still left out).

``tests/test_source_paragraphs.py`` holds every table to its document (one entry per
rule paragraph, in order, none stale) and every enforcer to something that exists;
``python -m compiler.report.source_coverage`` writes the tables out as
``docs/source-coverage.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from rules_engine.core.source_facts import table_path as facts_table_path

FILE = "source_paragraphs.yaml"
RULE_WORDS = 6
"""A paragraph with a line of this many words (or more) states a rule."""
KEY_LENGTH = 60
"""The longest key: a paragraph's first line, whitespace collapsed, cut to this."""
TITLE_WORDS = 10
"""The longest line (in words) that reads as a heading although it states a rule."""
CONTENTS = "Table of Contents"
KINDS = ("lint", "engine", "fact", "schema", "content", "test", "ruling")
"""What may enforce a paragraph: a diagnostic code, an engine module, a fact (or
component type) of the game's facts table, a schema file, a shipped content file, a
test (``path::function``), or a ruling (a heading of docs/rulings.md)."""

FIELDS = frozenset({"key", "section", "enforced_by", "uncovered", "note"})
"""An entry's fields: ``note`` (a covered paragraph's gap) is the only optional one."""

_SPACE = re.compile(r"\s+")
_BULLET = re.compile(r"^\s*(?:[•*\-–]\s*)?")
"""A line's indent and bullet (if any)."""


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of a source document: its lines (trailing whitespace stripped) and
    the number of its first line (from 1)."""

    lines: tuple[str, ...]
    line: int

    @property
    def states_a_rule(self) -> bool:
        """Whether a line of it has :data:`RULE_WORDS` words or more."""
        return any(len(text.split()) >= RULE_WORDS for text in self.lines)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def titles(self) -> bool:
        """Whether it reads as a heading: a paragraph stating no rule, or a single
        line of at most :data:`TITLE_WORDS` words, not a bullet, ending in no sentence
        or list punctuation (as "Copy a Card in the River" does)."""
        if not self.states_a_rule:
            return True
        [line, *more] = self.lines
        line = line.strip()
        bullet = _BULLET.match(line)
        return (not more and len(line.split()) <= TITLE_WORDS
                and not (bullet and bullet.group()) and line[-1] not in ".:;!?\"")


@dataclass(frozen=True)
class RuleParagraph:
    """A rule paragraph: its key, the heading it sits under (the first line of the last
    paragraph before it that reads as one, see :attr:`Paragraph.titles`) and the
    paragraph itself."""

    key: str
    heading: str
    paragraph: Paragraph


@dataclass(frozen=True)
class Enforcer:
    """One thing that enforces or plays a paragraph: its kind (one of :data:`KINDS`)
    and what it names (a code, a path, a fact, ``path::test`` or a ruling)."""

    kind: str
    name: str

    @property
    def label(self) -> str:
        return f"{self.kind}: {self.name}"


@dataclass(frozen=True)
class Entry:
    """A coverage table's entry: the paragraph's key and section, and either what
    enforces it or why nothing does (``uncovered``); ``note`` says what a covered
    paragraph states that is still not enforced or played (a gap)."""

    key: str
    section: str
    enforced_by: tuple[Enforcer, ...] = ()
    uncovered: str = ""
    note: str = ""

    @property
    def covered(self) -> bool:
        return bool(self.enforced_by)


@dataclass(frozen=True)
class Coverage:
    """A game's coverage table: the source document it covers and its entries, in the
    document's order."""

    game: str
    source: str
    entries: tuple[Entry, ...]

    @property
    def enforced(self) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if e.covered)

    @property
    def uncovered(self) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if not e.covered)


def paragraphs(text: str) -> tuple[Paragraph, ...]:
    """``text``'s paragraphs: maximal runs of non-blank lines."""
    out: list[Paragraph] = []
    run: list[str] = []
    start = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if line:
            if not run:
                start = number
            run.append(line)
        elif run:
            out.append(Paragraph(tuple(run), start))
            run = []
    if run:
        out.append(Paragraph(tuple(run), start))
    return tuple(out)


def key_of(paragraph: Paragraph) -> str:
    """A paragraph's key (before numbering duplicates): its first line, whitespace
    collapsed, cut to :data:`KEY_LENGTH` characters."""
    return _SPACE.sub(" ", paragraph.lines[0]).strip()[:KEY_LENGTH].rstrip()


def _entry(line: str) -> str:
    """A table of contents line without its indent and bullet."""
    return _BULLET.sub("", line).strip()


def rule_paragraphs(text: str) -> tuple[RuleParagraph, ...]:
    """``text``'s rule paragraphs in order, keyed (a repeated key gets `` #2``,
    `` #3``...) and with the heading each sits under.

    The table of contents (the paragraphs after a line :data:`CONTENTS`) states none:
    it runs up to the next paragraph with a line of :data:`RULE_WORDS` words that is
    not a listing of headings (a paragraph each of whose lines, bullet aside, is a
    line found later in the document: a long entry such as "Play One or More Cards
    (mandatory)" does not end it)."""
    found = paragraphs(text)
    out: list[RuleParagraph] = []
    seen: dict[str, int] = {}
    heading = ""
    in_contents = False
    for at, paragraph in enumerate(found):
        if in_contents:
            later = {line.strip() for p in found[at + 1:] for line in p.lines}
            if not paragraph.states_a_rule:
                heading = _SPACE.sub(" ", paragraph.lines[0]).strip()
                continue
            if all(_entry(line) in later for line in paragraph.lines):
                continue
        in_contents = False
        if any(line.strip() == CONTENTS for line in paragraph.lines):
            in_contents = True
            continue
        if not paragraph.states_a_rule:
            heading = _SPACE.sub(" ", paragraph.lines[0]).strip()
            continue
        key = key_of(paragraph)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            key = f"{key} #{seen[key]}"
        out.append(RuleParagraph(key, heading, paragraph))
        if paragraph.titles:
            heading = _SPACE.sub(" ", paragraph.lines[0]).strip()
    return tuple(out)


def table_path(game: str) -> Path | None:
    """Where ``game``'s coverage table lies (beside its facts table), if it has one."""
    facts = facts_table_path(game)
    if facts is None:
        return None
    path = facts.with_name(FILE)
    return path if path.is_file() else None


def _enforcers(raw: object) -> tuple[Enforcer, ...]:
    out = []
    for item in raw if isinstance(raw, list) else ():
        if not isinstance(item, dict) or len(item) != 1:
            raise ValueError(f"an enforcer is one {{kind: name}} mapping, not {item!r}")
        [(kind, name)] = item.items()
        if kind not in KINDS:
            raise ValueError(f"unknown enforcer kind {kind!r} (one of {', '.join(KINDS)})")
        out.append(Enforcer(str(kind), str(name)))
    return tuple(out)


def read(game: str, path: Path) -> Coverage:
    """The coverage table at ``path`` (``game``'s)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    entries = []
    for raw in data.get("paragraphs") or ():
        unknown = sorted(set(raw) - FIELDS)
        if unknown:
            raise ValueError(f"{path}: {raw.get('key')!r} has unknown fields {unknown}")
        enforced_by = _enforcers(raw.get("enforced_by"))
        uncovered = str(raw.get("uncovered") or "").strip()
        if bool(enforced_by) == bool(uncovered):
            raise ValueError(f"{path}: {raw.get('key')!r} needs either enforced_by "
                             "or uncovered (not both)")
        entries.append(Entry(str(raw["key"]), str(raw.get("section", "")), enforced_by,
                             uncovered, str(raw.get("note") or "").strip()))
    return Coverage(game, str(data.get("source", "")), tuple(entries))


@cache
def coverage_of(game: str) -> Coverage | None:
    """``game``'s coverage table, or None when it has none."""
    path = table_path(game)
    return None if path is None else read(game, path)
