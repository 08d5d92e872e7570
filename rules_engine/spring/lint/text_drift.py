"""A Spring card's own printed text that disagrees with its effects.

A card's ``text`` is printed in place of the text rendered from its effects; it
must not name a number the effects do not hold, nor an effect (move, draw, counter)
the card does not have. Reported at the text.

Failing::

    text: "Move 3 more spaces."
    effects: [{move: 2}]

Passing::

    text: "Move 2 more spaces."
    effects: [{move: 2}]
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.card_text_drift import check_cards
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext
from rules_engine.spring.verbs import TABLE

CODE = "L903"
NAME = "text-drift"
SEVERITY = Severity.WARNING
LOCAL = True                # judges each item on its own: runs on content with errors
WORDS = ("move", "draw", "counter")


def check(context: LintContext) -> Iterator[Diagnostic]:
    yield from check_cards(context.content, CODE, SEVERITY, TABLE, WORDS)
