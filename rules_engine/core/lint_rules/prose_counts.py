"""Flavour or narrative words that count what their card counts, with another number.

A card's story words (``flavor``, ``narrative``, and the ``text`` of an entry that
plays no verb, such as an Ideology answer) are printed beside its effect, and a
player reads both: words that count cards, spaces or voters as the effect does, but
with a number the effect never gives, contradict the card. Each number is paired
with the word it counts (as in the text-drift checks: "three cards", "evict 2"), and
only a pairing with a term the entry's own effects count is judged; years, crowds
and "three times over" are story (:mod:`rules_engine.core.prose_counts`). A
deliberate figure of speech is kept with ``# samizdat: ignore[L605] reason`` on the
line.

Failing (the card destroys two)::

    effects: [{destroy: 2}]
    flavor: Hovers over the desk and shreds three cards marked confidential.

Passing::

    effects: [{destroy: 2}]
    flavor: Hovers over the desk and eats anything marked confidential.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.diagnostics import Diagnostic, Severity
from rules_engine.core.lint import LintContext
from rules_engine.core.prose_counts import miscounts
from rules_engine.games import verb_table

CODE = "L605"
NAME = "prose-miscount"
SEVERITY = Severity.WARNING
LOCAL = True          # each item on its own


def check(context: LintContext) -> Iterator[Diagnostic]:
    table = verb_table(context.game)
    for found in miscounts(context.content, table):
        counted = ", ".join(map(str, found.counted))
        yield Diagnostic(CODE, SEVERITY,
                         f"these words say {found.written!r}, but the entry they belong to "
                         f"gives {counted} for '{found.term}'",
                         found.location,
                         hint=f"say the effect's number, or keep a figure of speech with "
                              f"`# samizdat: ignore[{CODE}]` and why, on this line")
