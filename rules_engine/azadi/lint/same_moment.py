"""Two effects that change the same thing in the same timing window.

When a Mandate and a Tyranny card's while-active power both act at the end of a
turn and both touch resources (*Tax Without Representation* discards them all,
a power counts the resources left), the result depends on which goes first. The
static pass flags every such pair (with ``--alternate-history``, for every Mandate
with every campaign); the simulated analysis (L714) runs both orders and reports
the pairs whose order changes the game.

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

from rules_engine.azadi.lint.rules_in_force import abilities, mandates_for
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
    for campaign in model.campaigns:
        for mandate, own in mandates_for(model, campaign, context.alternate_history):
            timed = [a for a in abilities(mandate.imperial) if a.when in WINDOWS]
            mode = "" if own else " (alternate history)"
            for card in campaign.tyranny_cards:
                for choice in card.choices:
                    for power in abilities(choice.while_active):
                        for rule in timed:
                            shared = _touches(power) & _touches(rule)
                            if power.when == rule.when and shared:
                                yield Diagnostic(
                                    CODE, SEVERITY, f"{campaign.name}{mode}: the while-active "
                                    f"power of {choice.title!r} and the Mandate "
                                    f"{mandate.title!r} both change "
                                    f"{', '.join(sorted(shared))} at {rule.when}; their order "
                                    "decides the result", card.location,
                                    (Related(mandate.location, f"Mandate {mandate.title}"),))
