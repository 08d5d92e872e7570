"""Content that can never matter: a repeated choice, a repeated card, a field its kind
never uses.

Learned from the game's shipped content (:mod:`rules_engine.core.never_matters`):
two entries of one list that do the same once their words are set aside (a choice
between them never matters), two items of one kind in one folder that do the same
apart from their words, id and labels, and a field that no shipped item of the
item's category carries while other categories do; and, from the game's verb table
(not learned), an action a parameter value makes do nothing (``up_to: true`` on a
discard: the player does none, R41). Each learned one rests on at least eight
shipped observations, which the finding names. A deliberate repeat is kept with
``# samizdat: ignore[L603] reason`` on the line.

Failing (both choices of a Tyranny card set the same task and power)::

    choices:
      - {title: Strike, task: {event: voter_evicted}, times: 6, resistance: 2}
      - {title: Walk-out, task: {event: voter_evicted}, times: 6, resistance: 2}

Passing::

    choices:
      - {title: Strike, task: {event: voter_evicted}, times: 6, resistance: 2}
      - {title: Walk-out, task: {event: voter_moved}, times: 4, resistance: 46}
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.core.content import ContentSet, every_item, mappings
from rules_engine.core.diagnostics import Diagnostic, Related, Severity
from rules_engine.core.identity_cache import IdentityCache
from rules_engine.core.lint import LintContext
from rules_engine.core.never_matters import Finding, Learned, found, learn
from rules_engine.games import verb_table

CODE = "L603"
NAME = "never-matters"
SEVERITY = Severity.WARNING
LOCAL = True      # each item on its own (and each folder's repeated items)

_LEARNED: IdentityCache[ContentSet, Learned] = IdentityCache(4)


def _message(finding: Finding) -> str:
    if finding.kind == "same-entry":
        return (f"this entry of {finding.name} does the same as an earlier one once its "
                f"words are set aside, so choosing between them can never matter (no "
                f"shipped list repeats an entry: {finding.support} kept it)")
    if finding.kind == "same-item":
        return (f"this {finding.name} item does the same as an earlier one once its words, "
                f"id and labels are set aside (no shipped folder repeats one: "
                f"{finding.support} items kept it); print copies of one, or make it differ")
    return (f"no shipped {finding.view} has {finding.name!r} ({finding.support} kept it): "
            f"on this kind it can never take effect")


def _void_actions(context: LintContext) -> Iterator[Diagnostic]:
    """An action a parameter makes do nothing (``up_to: true`` on a discard: the player
    does none), from the game's verb table: it can never matter, wherever it is."""
    table = verb_table(context.game)
    if table is None:
        return
    for _, item in every_item(context.content):
        for path, entry in mappings(item.data):
            verb = entry.get("action")
            if not isinstance(verb, str):
                continue
            name = table.void(verb, entry)
            if name is not None:
                yield Diagnostic(CODE, SEVERITY, f"{verb} with {name}: "
                                 f"{str(entry[name]).lower()} lets the player do none of it, "
                                 "and doing none is never worse for them, so this action "
                                 "never does anything (ruling R41)", item.loc(*path, name),
                                 hint=f"drop {name}, or `# samizdat: ignore[{CODE}]` and why")


def check(context: LintContext) -> Iterator[Diagnostic]:
    yield from _void_actions(context)
    reference = context.reference
    if reference is None:
        return
    learned = _LEARNED.lookup(reference, learn)
    for finding in found(context.content, learned):
        related = (Related(finding.first, "does the same"),) if finding.first else ()
        why = "a deliberate repeat" if finding.first else "a deliberate new use"
        yield Diagnostic(CODE, SEVERITY, _message(finding), finding.location, related,
                         hint=f"{why}: `# samizdat: ignore[{CODE}]` and why, on this line")
