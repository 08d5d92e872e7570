"""Rendering diagnostics: small reporter classes picked by name (``--format``).

Collecting results is separate from rendering them. ``text`` prints
``file:line:col: severity CODE message`` with a window of the source line and a
caret; ``json`` prints ``{"diagnostics": [...], "summary": {...}}``; ``github``
prints workflow commands (annotations); ``sarif`` prints SARIF 2.1.0.

Every reporter shows at most ``max_per_file`` diagnostics of a file, then one
``F290`` saying how many more there were (:mod:`compiler.diagnostic_cap`), with
every text clipped; the summary still counts them all. Nothing a content file
holds (its name, keys or values) can forge a line of output: text output escapes
control characters, GitHub commands escape their fields, JSON and SARIF are JSON.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Protocol
from urllib.parse import quote

from compiler.diagnostic_cap import MAX_PER_FILE, cap_per_file
from compiler.source_lines import SourceIndex, excerpt
from rules_engine.core.diagnostics import Diagnostic


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


class GithubReporter(_Capped):
    """GitHub Actions workflow commands: annotations on the pull request, one line each."""

    def render(self, diagnostics: list[Diagnostic], summary: Mapping[str, Any],
               sources: Mapping[str, str]) -> str:
        level = {"error": "error", "warning": "warning", "info": "notice"}
        lines = []
        for d in self.shown(diagnostics):
            where = f"file={escape_property(d.location.file)}"
            if d.location.line > 0:
                where += f",line={d.location.line},col={d.location.column}"
            lines.append(f"::{level[d.severity.value]} {where},"
                         f"title={escape_property(d.code)}::{escape_data(d.message)}")
        lines.append("summary: " + ", ".join(f"{k} {v}" for k, v in summary.items()))
        return "\n".join(lines)


class SarifReporter(_Capped):
    """SARIF 2.1.0 for code-scanning tools: rules with help, results with locations."""

    def render(self, diagnostics: list[Diagnostic], summary: Mapping[str, Any],
               sources: Mapping[str, str]) -> str:
        import hashlib

        from compiler import __version__
        from rules_engine.core.codes import describe

        level = {"error": "error", "warning": "warning", "info": "note"}
        diagnostics = self.shown(diagnostics)
        codes = sorted({d.code for d in diagnostics})
        rules = []
        for code in codes:
            entry = describe(code)
            rules.append({"id": code, "name": entry.name if entry else code,
                          "shortDescription": {"text": entry.summary if entry else code},
                          "help": {"text": entry.explanation if entry else ""},
                          "defaultConfiguration": {"level": "warning"}})
        index = {code: n for n, code in enumerate(codes)}
        results = []
        for d in diagnostics:
            region = {"startLine": max(d.location.line, 1),
                      "startColumn": max(d.location.column, 1)}
            seen = f"{d.code}|{d.location.file}|{d.message}"      # a non-UTF-8 name's bytes
            fingerprint = hashlib.sha256(seen.encode("utf-8", "surrogateescape"))
            uri = quote(d.location.file, errors="surrogateescape")
            results.append({
                "ruleId": d.code, "ruleIndex": index[d.code], "level": level[d.severity.value],
                "message": {"text": d.message},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": uri}, "region": region}}],
                "partialFingerprints": {"samizdat/v1": fingerprint.hexdigest()[:32]},
            })
        log = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
               "runs": [{"tool": {"driver": {"name": "samizdat", "version": __version__,
                                             "informationUri": "https://example.invalid/samizdat",
                                             "rules": rules}},
                         "results": results}]}
        return json.dumps(log, indent=2, ensure_ascii=False)


REPORTERS: dict[str, type[Reporter]] = {"text": TextReporter, "json": JsonReporter,
                                        "github": GithubReporter, "sarif": SarifReporter}
