"""New content breaks what every shipped item of its kind has in common.

The invariants are learned from the game's shipped content
(:mod:`rules_engine.core.learned`): the range of each number field, the total of
each mapping of numbers, the length of each list, values never repeated inside one
item's list, values no two items of one folder share. Each rests on at least eight
shipped observations; the finding names the invariant and how many shipped items
keep it. A deliberate departure is kept with ``# samizdat: ignore[L601] reason`` on
the line.

Failing (every shipped ideology answer grants 4 resources)::

    - {text: "...", ideologue: idealist, resources: {trust: 5}}

Passing::

    - {text: "...", ideologue: idealist, resources: {trust: 3, clout: 1}}
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.content import ContentSet
from rules_engine.core.diagnostics import Diagnostic, Related, Severity
from rules_engine.core.identity_cache import IdentityCache
from rules_engine.core.learned import Break, Invariants, broken, learn
from rules_engine.core.lint import LintContext

CODE = "L601"
NAME = "breaks-shipped-invariant"
SEVERITY = Severity.WARNING
LOCAL = True      # each item on its own (and each folder's uniqueness)

_LEARNED: IdentityCache[ContentSet, Invariants] = IdentityCache(4)


def _message(found: Break) -> str:
    rule = found.invariant
    value = found.value
    shown = f"{value:g}" if isinstance(value, float) else repr(value) \
        if isinstance(value, str) else str(value)
    what = {"range": f"{shown} is outside it", "sum": f"these add up to {shown}",
            "length": f"this list holds {shown}", "distinct": f"{shown} is repeated",
            "unique": f"{shown} is already taken in this folder"}[rule.kind]
    return f"{rule.says()} ({rule.support} shipped kept it); {what}"


def check(context: LintContext) -> Iterator[Diagnostic]:
    reference = context.reference
    if reference is None:
        return
    invariants = _LEARNED.lookup(reference, learn)
    for found in broken(context.content, invariants):
        related = (Related(found.first, "has it already"),) if found.first else ()
        yield Diagnostic(CODE, SEVERITY, _message(found), found.location, related,
                         hint="a deliberate departure from the shipped content: "
                              f"`# samizdat: ignore[{CODE}]` and why, on this line")
