"""A SAN card's own printed text that disagrees with its effects.

A card's ``text`` is printed in place of the text rendered from its effects; it
must not name a number the effects do not hold, nor an effect (draw, destroy, copy,
corrupt, multiplier) the card does not have. Reported at the text.

Failing::

    text: "Draw 3 cards."
    effects: [{draw: 2}]

Passing::

    text: "Draw 2 cards."
    effects: [{draw: 2}]
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.card_text_drift import check_cards
from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext
from rules_engine.san.verbs import TABLE

CODE = "L802"
NAME = "text-drift"
SEVERITY = Severity.WARNING
LOCAL = True                # judges each item on its own: runs on content with errors
WORDS = ("draw", "destroy", "copy", "corrupt", "multiplier")


def check(context: LintContext) -> Iterator[Diagnostic]:
    yield from check_cards(context.content, CODE, SEVERITY, TABLE, WORDS)
