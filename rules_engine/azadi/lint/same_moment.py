"""Two effects that change the same thing in the same timing window.

When a Mandate and a Tyranny card's while-active power both act at the end of a
turn and both touch resources (*Tax Without Representation* discards them all,
a power counts the resources left), the result depends on which goes first. The
static pass flags every such pair; the simulated analysis settles them (or reports
a contradiction).

Failing (with Tax Without Representation)::

    while_active:
      - when: end_of_turn
        do: [{action: evict_voters, count: {per_resources_left: 3}}]

Passing::

    while_active:
      - when: start_of_turn
        do: [{action: gain_resources, resources: {any: 1}}]
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_engine.azadi.lint.rules_in_force import abilities
from rules_engine.azadi.vocabulary import ACTION_CHANGES
from rules_engine.core.diagnostics import Diagnostic, Related, Severity
from rules_engine.core.effects import Ability, FrozenMap
from rules_engine.core.lint import LintContext

CODE = "L703"
NAME = "same-moment-conflict"
SEVERITY = Severity.WARNING
WINDOWS = ("start_of_turn", "end_of_turn")


def _touches(ability: Ability) -> frozenset[str]:
    """What an ability changes, plus what its counts read."""
    touched: set[str] = set()
    for action in ability.actions:
        touched |= ACTION_CHANGES.get(action.kind, frozenset())
        count = action.get("count")
        if isinstance(count, FrozenMap) and "per_resources_left" in count:
            touched.add("resources")
    return frozenset(touched)


def check(context: LintContext) -> Iterator[Diagnostic]:
    model = context.model
    mandates = {m.id: m for m in model.mandates}
    for campaign in model.campaigns:
        mandate = mandates.get(campaign.mandate)
        if mandate is None:
            continue
        timed = [a for a in abilities(mandate.imperial) if a.when in WINDOWS]
        for card in campaign.tyranny_cards:
            for choice in card.choices:
                for power in abilities(choice.while_active):
                    for rule in timed:
                        shared = _touches(power) & _touches(rule)
                        if power.when == rule.when and shared:
                            yield Diagnostic(
                                CODE, SEVERITY, f"{campaign.name}: the while-active power of "
                                f"{choice.title!r} and the Mandate {mandate.title!r} both "
                                f"change {', '.join(sorted(shared))} at {rule.when}; their order "
                                "decides the result", card.location,
                                (Related(mandate.location, f"Mandate {mandate.title}"),))
