"""The manifest departs from a fact its game's source document states.

Each game keeps its rules as data: a table of the statements of its source document
that the manifest encodes (``source_facts.yaml`` beside its plug-in), each with the
section of the document that states it. A parameter the manifest marks
``assumed: false`` must hold the value the table gives, and each component count the
table gives must be in the manifest's ``components`` with that count. The finding
quotes the fact and its section. A deliberate variant keeps its departure with
``# samizdat: ignore[L602] reason`` on the line.

Failing (SAN's rulebook: refill to six cards)::

    hand_size: {assumed: false, why: "...", value: 7}

Passing::

    hand_size: {assumed: false, why: "...", value: 6}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext
from rules_engine.core.source_facts import Fact, facts_of

CODE = "L602"
NAME = "departs-from-source"
SEVERITY = Severity.ERROR
LOCAL = True      # the manifest on its own


def _quoted(fact: Fact) -> str:
    return f"the source document ({fact.section}) fixes it: {fact.says}"


def _component(entries: list[Any], fact: Fact) -> tuple[int, Mapping[str, Any]] | None:
    for i, entry in enumerate(entries):
        if isinstance(entry, Mapping) and entry.get("type") == fact.name \
                and (entry.get("where") or {}) == (fact.where or {}):
            return i, entry
    return None


def check(context: LintContext) -> Iterator[Diagnostic]:
    manifest = context.content.manifest
    table = facts_of(context.game)
    if manifest is None or not table:
        return
    parameters = manifest.get("parameters") or {}
    entries = list(manifest.get("components") or [])
    for fact in table:
        if fact.assumed:
            continue
        if fact.kind == "parameter":
            given = parameters.get(fact.name)
            if not isinstance(given, Mapping) or "value" not in given \
                    or given.get("assumed") is True or given["value"] == fact.value:
                continue
            yield Diagnostic(CODE, SEVERITY, f"parameters.{fact.name} is {given['value']!r}; "
                             f"{_quoted(fact)} {fact.value!r}",
                             manifest.loc("parameters", fact.name, "value"))
        elif fact.kind == "component":
            found = _component(entries, fact)
            what = f"{fact.name}{f' {dict(fact.where)}' if fact.where else ''}"
            if found is None:
                yield Diagnostic(CODE, SEVERITY, f"components has no count of {what}; "
                                 f"{_quoted(fact)} {fact.value}", manifest.loc("components"))
            elif found[1].get("count") != fact.value:
                yield Diagnostic(CODE, SEVERITY, f"components counts {found[1].get('count')} "
                                 f"× {what}; {_quoted(fact)} {fact.value}",
                                 manifest.loc("components", found[0], "count"))
