"""A Tyranny task that the Mandate in force makes impossible.

In Seat of Power mode the campaign's Mandate lies in the capital from the start;
a task whose event needs something the Mandate forbids (trading under *The Path
of Oneness*) cannot be done until the Mandate is overturned. One impossible choice
is a warning; both choices of a card impossible is an error (the card cannot be
resolved). With ``--alternate-history`` every Mandate is tried with every campaign.

Failing (campaign with The Path of Oneness)::

    task: {event: trade}
    times: 4

Passing::

    task: {event: dissent_committed}
    times: 4
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.azadi.lint.dead_power import never_fires
from rules_engine.azadi.lint.rules_in_force import forbidden, mandates_for
from rules_engine.azadi.vocabulary import EVENT_NEEDS
from rules_engine.core.diagnostics import Diagnostic, Related, Severity
from rules_engine.core.lint import LintContext

CODE = "L701"
NAME = "impossible-task"
SEVERITY = Severity.WARNING
LOCAL = True                # judges each item on its own: runs on content with errors


def _base_rules(context: LintContext) -> Iterator[Diagnostic]:
    """Tasks the base rules make impossible under any Mandate: an Imperial voter
    placed in a volatile area (Imperial voters are never placed there)."""
    for loaded in context.content.campaigns:
        for item in loaded.sections.get("tyranny_cards", []):
            for n, choice in enumerate(item.get("choices") or []):
                task = choice.get("task") if isinstance(choice, dict) else None
                if never_fires(task):
                    yield Diagnostic(
                        CODE, Severity.ERROR, f"the task of {choice.get('title')!r} waits for "
                        "an Imperial voter placed in a volatile area, but Imperial voters are "
                        "never placed there: it can never be done",
                        item.loc("choices", n, "task", "where", "volatile"))


def check(context: LintContext) -> Iterator[Diagnostic]:
    yield from _base_rules(context)
    model = context.model
    items = {c.manifest["id"]: c for c in context.content.campaigns if c.manifest}
    for campaign in model.campaigns:
        loaded = items.get(campaign.id)
        cards = {i["id"]: i for i in loaded.sections.get("tyranny_cards", [])} if loaded else {}
        for mandate, own in mandates_for(model, campaign, context.alternate_history):
            blocked = forbidden(mandate.imperial)
            if not blocked:
                continue
            mode = "Seat of Power" if own else "alternate history"
            for card in campaign.tyranny_cards:
                item = cards.get(card.id)
                impossible = [n for n, choice in enumerate(card.choices)
                              if EVENT_NEEDS.get(choice.task.event, frozenset()) & blocked]
                for n in impossible:
                    choice = card.choices[n]
                    needs = sorted(EVENT_NEEDS[choice.task.event] & blocked)
                    severity = Severity.ERROR if len(impossible) == 2 else SEVERITY
                    where = item.loc("choices", n, "task") if item else card.location
                    both = " (both choices: the card can never be resolved)" \
                        if len(impossible) == 2 else ""
                    yield Diagnostic(
                        CODE, severity, f"{campaign.name}, {mode}: the task of "
                        f"{choice.title!r} needs {', '.join(needs)}, which the Mandate "
                        f"{mandate.title!r} forbids{both}", where,
                        (Related(mandate.location, f"Mandate {mandate.title}"),))
