"""Catalogue entries for a field no card prints (T107): a mistyped ``msgctxt`` or a
card removed or renamed since the catalogue was written. Their words print nowhere,
and the field they meant prints untranslated (T101 with ``--lang``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from compiler.i18n import catalogue
from compiler.i18n.extract import own_words
from compiler.text.faces import builder
from rules_engine.core.diagnostics import Diagnostic, warning


def orphan_entries(game: str, model: Any, roots: list[Path], code: str) -> list[Diagnostic]:
    """T107 for each entry of ``game``'s ``code`` catalogues (in ``roots``) whose context
    names no printed field of the content's own words."""
    found = catalogue.read(roots, code)
    if not found.by_context:
        return []
    printed = {field.context for field in own_words(game, model, builder(game)(model))}
    return [warning("T107", f"{context}: the {code} catalogue translates a field no card "
                    "prints (a mistyped context, or a card removed or renamed), so its "
                    "words print nowhere", entry.where,
                    hint="correct the msgctxt, or `samizdat i18n extract --lang "
                    f"{code}` to keep it as obsolete")
            for context, entry in sorted(found.by_context.items()) if context not in printed]
