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


REPORTERS: dict[str, type[Reporter]] = {"text": TextReporter, "json": JsonReporter}
