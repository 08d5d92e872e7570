"""Rendering diagnostics: small reporter classes picked by name (``--format``).

Collecting results is separate from rendering them. ``text`` prints
``file:line:col: severity CODE message`` with a window of the source line and a
caret; ``json`` prints ``{"diagnostics": [...], "summary": {...}}``; ``github``
prints workflow commands (annotations); ``sarif`` prints SARIF 2.1.0.

Every reporter shows at most ``max_per_file`` diagnostics of a file, then one
``F290`` saying how many more there were (:mod:`compiler.report.diagnostic_cap`), with
every text clipped; the summary still counts them all. Nothing a content file
holds (its name, keys or values) can forge a line of output: text output escapes
control characters, GitHub commands escape their fields, JSON and SARIF are JSON.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote

from compiler.report.diagnostic_cap import MAX_PER_FILE, cap_per_file
from compiler.report.source_lines import SourceIndex, excerpt
from rules_engine.core.diagnostics import Diagnostic, Location


class Reporter(Protocol):
    def render(self, diagnostics: list[Diagnostic], summary: Mapping[str, Any],
               sources: Mapping[str, str]) -> str: ...


class _Capped:
    """What every reporter shares: how many diagnostics of a file it shows."""

    def __init__(self, max_per_file: int = MAX_PER_FILE) -> None:
        self.max_per_file = max_per_file

    def shown(self, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        return cap_per_file(diagnostics, self.max_per_file)


_ESCAPES = {cp: f"\\x{cp:02x}" for cp in (*range(0x20), *range(0x7f, 0xa0))}
_ESCAPES |= {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t"}
_ESCAPES |= {cp: f"\\u{cp:04x}" for cp in (0x061c, 0x200e, 0x200f, 0x2028, 0x2029,
                                          *range(0x202a, 0x202f), *range(0x2066, 0x206a))}


_COMMAND_STARTS = ("::", "##[")
"""How a line starts that a CI runner takes for a workflow command (after spaces)."""


def printable(text: str) -> str:
    """``text`` with control characters (line breaks, escape sequences, bidirectional
    overrides) written as ``\\n``, ``\\x1b``, ``\\u202e``…, so it stays on one line and
    shows what it holds."""
    return text.translate(_ESCAPES)


def no_command(line: str) -> tuple[str, int, int]:
    """``line`` such that a CI runner reading the output does not take it for a workflow
    command (``::error …``, ``##[…``, GitHub Actions reads every line of a step's
    output): the first character of such a line is written escaped. Also where that
    character was (or -1) and how many characters longer the line became."""
    body = line.lstrip(" ")
    if not body.startswith(_COMMAND_STARTS):
        return line, -1, 0
    at = len(line) - len(body)
    escaped = f"\\x{ord(body[0]):02x}"
    return line[:at] + escaped + body[1:], at, len(escaped) - 1


def text_line(d: Diagnostic) -> str:
    """``file:line:col: severity CODE message``, printable, never a workflow command."""
    return no_command(printable(f"{d.location}: {d.severity.value} {d.code} {d.message}"))[0]


class TextReporter(_Capped):
    """Compiler-style text for people."""

    def render(self, diagnostics: list[Diagnostic], summary: Mapping[str, Any],
               sources: Mapping[str, str]) -> str:
        out: list[str] = []
        index = SourceIndex(sources)
        for d in self.shown(diagnostics):
            out.append(text_line(d))
            src = index.line(d.location.file, d.location.line)
            if src is not None:
                shown, caret = excerpt(src, d.location.column)
                shown, at, longer = no_command(shown)
                out.append(f"    {shown}")
                out.append("    " + " " * (caret + longer * (0 <= at < caret)) + "^")
            for rel in d.related:
                out.append(printable(f"  note: {rel.location}: {rel.message}"))
            if d.hint:
                out.append(printable(f"  hint: {d.hint}"))
        parts = [f"{k} {v}" for k, v in summary.items()]
        out.append("summary: " + ", ".join(parts))
        return "\n".join(out)


def diagnostic_dict(d: Diagnostic) -> dict[str, Any]:
    """The JSON form of one diagnostic."""
    return {
        "code": d.code,
        "severity": d.severity.value,
        "message": d.message,
        "file": d.location.file,
        "line": d.location.line,
        "column": d.location.column,
        "related": [{"file": r.location.file, "line": r.location.line,
                     "column": r.location.column, "message": r.message} for r in d.related],
        "hint": d.hint,
    }


class JsonReporter(_Capped):
    """Machine-readable output for CI and editors."""

    def render(self, diagnostics: list[Diagnostic], summary: Mapping[str, Any],
               sources: Mapping[str, str]) -> str:
        return json.dumps({"diagnostics": [diagnostic_dict(d) for d in self.shown(diagnostics)],
                           "summary": dict(summary)}, indent=2, ensure_ascii=False)


def escape_data(text: str) -> str:
    """A GitHub workflow command's message: ``%``, CR and LF percent-encoded (as
    actions/toolkit's ``escapeData``), so it cannot end the command's line."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A GitHub workflow command's property value: as :func:`escape_data`, and ``:``
    and ``,`` too (as actions/toolkit's ``escapeProperty``), so it cannot end the
    value or the property list."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


MANIFESTS = ("campaign.yaml", "game.yaml")
"""The files that stand for a content folder (see :mod:`compiler.frontend.discover`)."""


def annotated_at(location: Location) -> Location:
    """Where a CI annotation of a finding at ``location`` can attach: a finding about a
    folder (a game, a campaign, or a folder inside one) points at the manifest of the
    nearest content folder holding it (campaign.yaml / game.yaml), line 1, column 1;
    one about a whole file (no line) at the file's line 1; a column 0 becomes 1.
    A path that does not exist, or a folder in no content folder, is kept as it is."""
    path = Path(location.file)
    if location.line > 0:
        return Location(location.file, location.line, max(location.column, 1))
    if path.is_dir():
        for folder in (path, *path.parents):
            for name in MANIFESTS:
                if (folder / name).is_file():
                    return Location(str(folder / name), 1, 1)
        return location
    if path.is_file():
        return Location(location.file, 1, 1)
    return location


class GithubReporter(_Capped):
    """GitHub Actions workflow commands: annotations on the pull request, one line each."""

    def render(self, diagnostics: list[Diagnostic], summary: Mapping[str, Any],
               sources: Mapping[str, str]) -> str:
        level = {"error": "error", "warning": "warning", "info": "notice"}
        lines = []
        for d in self.shown(diagnostics):
            at = annotated_at(d.location)
            where = f"file={escape_property(at.file)}"
            if at.line > 0:
                where += f",line={at.line},col={at.column}"
            lines.append(f"::{level[d.severity.value]} {where},"
                         f"title={escape_property(d.code)}::{escape_data(d.message)}")
        lines.append("summary: " + ", ".join(f"{k} {v}" for k, v in summary.items()))
        return "\n".join(lines)


SARIF_LEVELS = {"error": "error", "warning": "warning", "info": "note"}
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def sarif_rule(code: str) -> dict[str, Any]:
    """A SARIF ``reportingDescriptor`` for ``code``: its name, short and full
    description, help (text and Markdown) and default level from its documentation
    (what ``samizdat rule CODE`` prints), and its section of docs/rules.md."""
    from compiler.report.rule_docs import help_uri, rule_doc, undocumented

    doc = rule_doc(code) or undocumented(code)
    uri = help_uri(doc.code)
    markdown = doc.markdown + (f"\n\n[{doc.code} in docs/rules.md]({uri})" if uri else "")
    tags = ["simulated"] if doc.simulated else []
    rule: dict[str, Any] = {
        "id": code, "name": doc.name,
        "shortDescription": {"text": doc.summary},
        "fullDescription": {"text": doc.description},
        "help": {"text": doc.text, "markdown": markdown},
        "defaultConfiguration": {"level": SARIF_LEVELS[doc.severity]},
        "properties": {"tags": ["lint" if doc.lint_rule else "content", *tags]},
    }
    if uri:
        rule["helpUri"] = uri
    return rule


class SarifReporter(_Capped):
    """SARIF 2.1.0 for code-scanning tools: rules with help, results with locations."""

    def render(self, diagnostics: list[Diagnostic], summary: Mapping[str, Any],
               sources: Mapping[str, str]) -> str:
        import hashlib

        from compiler import __version__
        from compiler.report.rule_docs import information_uri

        diagnostics = self.shown(diagnostics)
        codes = sorted({d.code for d in diagnostics})
        rules = [sarif_rule(code) for code in codes]
        index = {code: n for n, code in enumerate(codes)}
        results = []
        for d in diagnostics:
            at = annotated_at(d.location)
            region = {"startLine": max(at.line, 1), "startColumn": max(at.column, 1)}
            seen = f"{d.code}|{d.location.file}|{d.message}"      # a non-UTF-8 name's bytes
            fingerprint = hashlib.sha256(seen.encode("utf-8", "surrogateescape"))
            uri = quote(at.file, errors="surrogateescape")
            results.append({
                "ruleId": d.code, "ruleIndex": index[d.code],
                "level": SARIF_LEVELS[d.severity.value],
                "message": {"text": d.message},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": uri}, "region": region}}],
                "partialFingerprints": {"samizdat/v1": fingerprint.hexdigest()[:32]},
            })
        driver: dict[str, Any] = {"name": "samizdat", "version": __version__,
                                  "semanticVersion": __version__, "rules": rules}
        about = information_uri()
        if about:
            driver["informationUri"] = about
        log = {"$schema": SARIF_SCHEMA, "version": "2.1.0",
               "runs": [{"tool": {"driver": driver}, "results": results}]}
        return json.dumps(log, indent=2, ensure_ascii=False)


REPORTERS: dict[str, type[Reporter]] = {"text": TextReporter, "json": JsonReporter,
                                        "github": GithubReporter, "sarif": SarifReporter}
