"""The text-drift check of a game whose cards print one effect body (SAN, Spring).

Such a card's ``text`` replaces the whole of the text rendered from its ``effects``
(ruling R45); :func:`check_cards` holds each override to those effects with
:func:`rules_engine.core.text_drift.drift` and reports what it names that they do not,
at the override.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.content import ContentSet
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.text_drift import drift
from rules_engine.core.verbs import VerbTable


def check_cards(content: ContentSet, code: str, severity: Severity, table: VerbTable,
                words: tuple[str, ...]) -> Iterator[Diagnostic]:
    """``code`` at each card's ``text`` naming a number or one of ``words`` that its
    effects (with ``table``'s defaults) do not hold."""
    for item in content.items("cards"):
        text = item.get("text")
        if not isinstance(text, str):
            continue
        named = drift(text, list(item.get("effects") or []), words, table)
        if named:
            yield Diagnostic(code, severity, f"the printed text of {item.get('id')!r} names "
                             f"{', '.join(named)}, which its effects do not", item.loc("text"))
