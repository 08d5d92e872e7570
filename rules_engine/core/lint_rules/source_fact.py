"""The manifest departs from a fact its game's source document states.

Each game keeps its rules as data: a table of the statements of its source document
that the manifest and the content encode (``source_facts.yaml`` beside its plug-in),
each with the section of the document that states it. Each component count the table
gives must be in the manifest's ``components`` with that count, and the content's
items keep each content fact (a list's length, a range, values distinct in an item or
unique, a field the rules give such items none of:
:mod:`rules_engine.core.fact_checks`); the finding, at the content line, quotes the
fact and its section. A parameter that departs from the table is a variant, not reported
(ruling R69); but every variant keeps the table's orders (a harder level asks for more
azadi points, a better rank scores more, a first game's hand is the larger) and the
seats its components allow (SAN is for two): :mod:`rules_engine.core.manifest_facts`.
A manifest whose ``source`` names another document than the one the table was read
from is one too: the rules checked and played are not that document's.
A deliberate change of the box keeps its departure with
``# samizdat: ignore[L602] reason`` on the line.

Failing (SAN's rulebook: 48 River cards)::

    - {type: card, where: {deck: river}, count: 47}

Passing::

    - {type: card, where: {deck: river}, count: 48}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import PurePosixPath
from typing import Any

from rules_engine.core.diagnostics import Diagnostic, Related, Severity
from rules_engine.core.fact_checks import departures, shown, wanted
from rules_engine.core.lint import LintContext
from rules_engine.core.manifest_facts import MANIFEST_KINDS, breaks
from rules_engine.core.source_facts import Fact, facts_of, source_of

CODE = "L602"
NAME = "departs-from-source"
SEVERITY = Severity.ERROR
LOCAL = True      # the manifest on its own, each item on its own (and each folder)


def _quoted(fact: Fact) -> str:
    return f"the source document fixes {fact.value} ({fact.section.rstrip(':')}: {fact.says})"


def _component(entries: list[Any], fact: Fact) -> tuple[int, Mapping[str, Any]] | None:
    for i, entry in enumerate(entries):
        if isinstance(entry, Mapping) and entry.get("type") == fact.name \
                and (entry.get("where") or {}) == (fact.where or {}):
            return i, entry
    return None


_FIXES = {"length": "{} entries", "range": "{}", "distinct": "a different value in each entry",
          "unique": "a value of its own for each item", "absent": "no such field here",
          "combination": "one item per {}", "compulsory": "no optional entry here",
          "holds": "{} of them for each {}", "sequence": "every number of {}",
          "one_of": "one of {}", "always": "{}"}


def _shown_value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _fixes(fact: Fact) -> str:
    if fact.kind == "combination":
        return _FIXES["combination"].format(" and ".join(map(str, fact.value or ())))
    if fact.kind == "holds":
        return _FIXES["holds"].format(shown(fact.value), fact.of)
    if fact.kind == "one_of":
        return _FIXES["one_of"].format(", ".join(map(str, fact.value or ())))
    if fact.kind == "always":
        return ", ".join(f"{'.'.join(path)}: {_shown_value(want)}"
                         for path, want in wanted(fact.value))
    return _FIXES[fact.kind].format(shown(fact.value))


def _content_facts(context: LintContext, table: tuple[Fact, ...]) -> Iterator[Diagnostic]:
    for found in departures(context.content, table):
        fact = found.fact
        where = f" ({', '.join(f'{k}={v}' for k, v in fact.where.items())})" \
            if isinstance(fact.where, Mapping) else ""
        fixes = _fixes(fact)
        related = (Related(found.first, "has it already"),) if found.first else \
            tuple(Related(at, "names it") for at in found.related[:12])
        yield Diagnostic(CODE, SEVERITY, f"{fact.name}{where}: {found.found}; the source "
                         f"document fixes {fixes} ({fact.section.rstrip(':')}: {fact.says})",
                         found.location, related)


def _seats(value: Any) -> str:
    low, high = (value.get("min"), value.get("max")) if isinstance(value, Mapping) else \
        (value, value)
    if low == high:
        return f"{low} players"
    return f"{low} players or more" if high is None else f"{low} to {high} players"


def _manifest_facts(manifest: Any, table: tuple[Fact, ...]) -> Iterator[Diagnostic]:
    for fact in table:
        if fact.kind not in MANIFEST_KINDS or fact.assumed:
            continue
        fixes = f" {'<' if fact.direction != 'decreasing' else '>'} ".join(
            map(str, fact.value or ())) if fact.kind == "order" else _seats(fact.value)
        what = "game" if fact.kind == "players" else fact.name or "parameters"
        for found in breaks(manifest, fact):
            yield Diagnostic(CODE, SEVERITY, f"{what}: {found.found}; the source document "
                             f"fixes {fixes}, in every variant ({fact.section}: "
                             f"{fact.says})", found.location)


def _named_source(manifest: Any, table_source: str | None) -> Iterator[Diagnostic]:
    """A manifest naming another source document than the one its game's facts were
    read from: the rules enforced here are not that document's."""
    named = manifest.get("source")
    if not isinstance(named, str) or table_source is None or \
            PurePosixPath(named).name == PurePosixPath(table_source).name:
        return
    yield Diagnostic(CODE, SEVERITY, f"source names {named}, but the rules this game is "
                     f"played and checked by are those of {table_source}; name that "
                     "document", manifest.loc("source"))


def check(context: LintContext) -> Iterator[Diagnostic]:
    manifest = context.content.manifest
    table = facts_of(context.game)
    yield from _content_facts(context, table)
    if manifest is None or not table:
        return
    yield from _manifest_facts(manifest, table)
    yield from _named_source(manifest, source_of(context.game))
    entries = list(manifest.get("components") or [])
    place = -1                   # the table's order is the manifest's: where each belongs
    for fact in table:
        if fact.kind == "component":
            place += 1
        if fact.assumed:
            continue
        if fact.kind == "component":
            found = _component(entries, fact)
            what = f"{fact.name}{f' {dict(fact.where)}' if fact.where else ''}"
            if found is None:
                at = ("components", min(place, len(entries) - 1)) if entries else \
                    ("components",)
                yield Diagnostic(CODE, SEVERITY, f"components has no count of {what}; "
                                 f"{_quoted(fact)}", manifest.loc(*at))
            elif found[1].get("count") != fact.value:
                yield Diagnostic(CODE, SEVERITY, f"components counts {found[1].get('count')} "
                                 f"× {what}; {_quoted(fact)}",
                                 manifest.loc("components", found[0], "count"))
