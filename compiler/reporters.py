"""Rendering diagnostics: small reporter classes picked by name (``--format``).

Collecting results is separate from rendering them. ``text`` prints
``file:line:col: severity CODE message`` with the source line and a caret;
``json`` prints ``{"diagnostics": [...], "summary": {...}}``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Protocol

from rules_engine.core.diagnostics import Diagnostic


class Reporter(Protocol):
    def render(self, diagnostics: list[Diagnostic], summary: Mapping[str, Any],
               sources: Mapping[str, str]) -> str: ...


def _source_line(sources: Mapping[str, str], file: str, line: int) -> str | None:
    text = sources.get(file)
    if text is None or line <= 0:
        return None
    lines = text.splitlines()
    return lines[line - 1] if line <= len(lines) else None


class TextReporter:
    """Compiler-style text for people."""

    def render(self, diagnostics: list[Diagnostic], summary: Mapping[str, Any],
               sources: Mapping[str, str]) -> str:
        out: list[str] = []
        for d in diagnostics:
            out.append(f"{d.location}: {d.severity.value} {d.code} {d.message}")
            src = _source_line(sources, d.location.file, d.location.line)
            if src is not None:
                out.append(f"    {src}")
                out.append("    " + " " * max(d.location.column - 1, 0) + "^")
            for rel in d.related:
                out.append(f"  note: {rel.location}: {rel.message}")
            if d.hint:
                out.append(f"  hint: {d.hint}")
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


class JsonReporter:
    """Machine-readable output for CI and editors."""

    def render(self, diagnostics: list[Diagnostic], summary: Mapping[str, Any],
               sources: Mapping[str, str]) -> str:
        return json.dumps({"diagnostics": [diagnostic_dict(d) for d in diagnostics],
                           "summary": dict(summary)}, indent=2, ensure_ascii=False)


class GithubReporter:
    """GitHub Actions workflow commands: annotations on the pull request."""

    def render(self, diagnostics: list[Diagnostic], summary: Mapping[str, Any],
               sources: Mapping[str, str]) -> str:
        level = {"error": "error", "warning": "warning", "info": "notice"}
        lines = []
        for d in diagnostics:
            message = d.message.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
            lines.append(f"::{level[d.severity.value]} file={d.location.file},"
                         f"line={d.location.line},col={d.location.column},title={d.code}::"
                         f"{message}")
        lines.append("summary: " + ", ".join(f"{k} {v}" for k, v in summary.items()))
        return "\n".join(lines)


class SarifReporter:
    """SARIF 2.1.0 for code-scanning tools: rules with help, results with locations."""

    def render(self, diagnostics: list[Diagnostic], summary: Mapping[str, Any],
               sources: Mapping[str, str]) -> str:
        import hashlib

        from compiler import __version__
        from rules_engine.core.codes import describe

        level = {"error": "error", "warning": "warning", "info": "note"}
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
            fingerprint = hashlib.sha256(f"{d.code}|{d.location.file}|{d.message}".encode())
            results.append({
                "ruleId": d.code, "ruleIndex": index[d.code], "level": level[d.severity.value],
                "message": {"text": d.message},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": d.location.file}, "region": region}}],
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
